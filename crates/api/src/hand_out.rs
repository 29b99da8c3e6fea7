//! Handing out items (a survey's codes) to threads or ranks as they free
//! up, and emitting their results in order: what both surveys share.

use crate::GameError;
use grundy_engine::ranks::{deal, Ranks};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::collections::BTreeMap;
#[cfg(feature = "batch")]
use std::sync::atomic::{AtomicUsize, Ordering};
#[cfg(feature = "batch")]
use std::sync::mpsc;

/// Does `work(i)` for each item `i` of `todo` on `threads` threads of
/// this process (a rayon pool of that many, as the sequence engine's),
/// each item going to the next free thread; `done(i, T)` is called on
/// this thread as each finishes, in the order they finish. The first
/// error `done` returns ends the hand-out (items under way are finished
/// and dropped) and is returned; so is a pool that cannot be started.
#[cfg(feature = "batch")]
pub(crate) fn hand_out_threads<T: Send>(
    todo: &[usize],
    threads: usize,
    work: &(dyn Fn(usize) -> T + Sync),
    done: &mut dyn FnMut(usize, T) -> Result<(), GameError>,
) -> Result<(), GameError> {
    let workers = threads.max(1).min(todo.len().max(1));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(workers)
        .build()
        .map_err(|e| GameError::Internal(format!("survey: cannot start {workers} threads: {e}")))?;
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel();
    // The workers stop with this thread's computation.
    let watch = grundy_engine::interrupt::current();
    // The closure runs here, the workers on the pool; the pool's threads
    // are waited for when it returns, also after an error.
    pool.in_place_scope(|s| {
        for _ in 0..workers {
            let tx = tx.clone();
            let next = &next;
            let watch = watch.clone();
            s.spawn(move |_| {
                grundy_engine::interrupt::within(watch, || loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&i) = todo.get(k) else { break };
                    if tx.send((i, work(i))).is_err() {
                        break;
                    }
                })
            });
        }
        drop(tx);
        for (i, item) in rx {
            if let Err(e) = done(i, item) {
                // No more items are started.
                next.store(todo.len(), Ordering::Relaxed);
                return Err(e);
            }
        }
        Ok(())
    })
}

/// [`hand_out_threads`] without the `batch` feature (no threads, as on
/// wasm32-unknown-unknown): the items of `todo` one after another on this
/// thread, each given to `done` as it finishes; `done`'s first error ends
/// the hand-out and is returned.
#[cfg(not(feature = "batch"))]
pub(crate) fn hand_out_threads<T: Send>(
    todo: &[usize],
    _threads: usize,
    work: &(dyn Fn(usize) -> T + Sync),
    done: &mut dyn FnMut(usize, T) -> Result<(), GameError>,
) -> Result<(), GameError> {
    for &i in todo {
        done(i, work(i))?;
    }
    Ok(())
}

/// Items that arrive in any order, emitted in the order of their index
/// from 0.
pub(crate) struct InOrder<T> {
    next: usize,
    waiting: BTreeMap<usize, T>,
}

impl<T> Default for InOrder<T> {
    fn default() -> Self {
        InOrder {
            next: 0,
            waiting: BTreeMap::new(),
        }
    }
}

impl<T> InOrder<T> {
    /// The next item to emit: every item before it was emitted, so once
    /// the items already held are put, the first not yet finished.
    pub(crate) fn next(&self) -> usize {
        self.next
    }

    /// Takes item `i` and emits every item now next in order.
    pub(crate) fn put(
        &mut self,
        i: usize,
        item: T,
        emit: &mut dyn FnMut(T) -> Result<(), GameError>,
    ) -> Result<(), GameError> {
        self.waiting.insert(i, item);
        while let Some(item) = self.waiting.remove(&self.next) {
            emit(item)?;
            self.next += 1;
        }
        Ok(())
    }
}

/// Does `work(i)` for each item `i` of `todo` (each below `count`)
/// across `ranks` (every rank calls it with the same `count`; only rank
/// 0's `todo` is read, and only rank 0's `done` is called, with each item
/// as it finishes): the engine's [`deal`], the workers' results sent as
/// serde's JSON. A failure of `done` or of a message is kept, every
/// worker is still told done (none is left waiting), and it is returned.
pub(crate) fn hand_out_ranks<T: Serialize + DeserializeOwned>(
    todo: &[usize],
    count: usize,
    work: &dyn Fn(usize) -> T,
    ranks: &dyn Ranks,
    done: &mut dyn FnMut(usize, T) -> Result<(), GameError>,
) -> Result<(), GameError> {
    deal(
        ranks,
        todo,
        count,
        work,
        &|item| serde_json::to_vec(item).map_err(|e| GameError::Internal(e.to_string())),
        &|from, bytes| {
            serde_json::from_slice(bytes)
                .map_err(|e| GameError::Internal(format!("survey: rank {from}: {e}")))
        },
        done,
    )
}
