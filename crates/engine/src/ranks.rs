//! The processes one long computation is spread over: MPI ranks when the
//! command line is built with its `mpi` feature and started by `mpirun`,
//! else this process alone ([`OneRank`]). The engine, the sequence engine
//! and the api speak only this trait; the MPI binding lives in the command
//! line, so no library crate needs an MPI installation.
//!
//! Every collective call ([`Ranks::all_gather`]) must be made by every rank
//! in the same order, as MPI requires: the computations that use it take
//! every decision that changes the sequence of calls (stop, time limit,
//! period found) from data all ranks hold alike, or agree on it through a
//! collective call first ([`Ranks::any`]).

use std::fmt;

/// Why a message between ranks failed: a rank died, or a message did not
/// fit the transport. The computation stops with this error on the ranks
/// that see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RanksError(pub String);

impl fmt::Display for RanksError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "between ranks: {}", self.0)
    }
}

impl std::error::Error for RanksError {}

/// A group of `size()` processes numbered `0..size()`; this one is
/// `rank()`. Rank 0 is the one that reads input and writes output.
pub trait Ranks: Send + Sync + fmt::Debug {
    /// This process's number, below [`Ranks::size`].
    fn rank(&self) -> usize;

    /// The number of processes, at least 1.
    fn size(&self) -> usize;

    /// Collective: every rank passes its bytes; every rank gets every
    /// rank's bytes, in rank order (`result[r]` is rank r's).
    fn all_gather(&self, mine: &[u8]) -> Result<Vec<Vec<u8>>, RanksError>;

    /// Point to point: sends `bytes` to rank `to`, tagged `tag`.
    fn send(&self, to: usize, tag: u16, bytes: &[u8]) -> Result<(), RanksError>;

    /// Point to point: waits for the next message to this rank from any
    /// rank; returns the sender, its tag and its bytes.
    fn receive(&self) -> Result<(usize, u16, Vec<u8>), RanksError>;

    /// Point to point: the next message to this rank if one has arrived,
    /// without waiting.
    fn try_receive(&self) -> Result<Option<(usize, u16, Vec<u8>)>, RanksError>;

    /// Whether this is rank 0, the one that reads input and writes output.
    fn is_root(&self) -> bool {
        self.rank() == 0
    }

    /// Collective: whether any rank passed `true`. The way ranks agree on
    /// a decision each may see differently (a time limit on its own clock,
    /// a stop signal).
    fn any(&self, mine: bool) -> Result<bool, RanksError> {
        let all = self.all_gather(&[u8::from(mine)])?;
        Ok(all.iter().any(|b| b.first() == Some(&1)))
    }

    /// Collective: rank 0's bytes on every rank (the others pass anything,
    /// usually nothing).
    fn broadcast_root(&self, mine: &[u8]) -> Result<Vec<u8>, RanksError> {
        let root = if self.is_root() { mine } else { &[] };
        let mut all = self.all_gather(root)?;
        Ok(std::mem::take(&mut all[0]))
    }

    /// Collective: every rank passes one buffer for each rank
    /// (`outgoing[r]` goes to rank r, itself included); every rank gets
    /// the buffers the ranks addressed to it, in rank order (`result[r]`
    /// is what rank r sent here). The default is built on
    /// [`Ranks::all_gather`] (every buffer travels to every rank); the MPI
    /// binding sends each buffer to its rank alone.
    ///
    /// Errors: a transport failure, or `outgoing` not holding
    /// [`Ranks::size`] buffers (on that rank, before any message: a bug,
    /// made alike by every rank).
    fn all_to_all(&self, outgoing: &[Vec<u8>]) -> Result<Vec<Vec<u8>>, RanksError> {
        if outgoing.len() != self.size() {
            return Err(RanksError(format!(
                "{} buffers for {} ranks",
                outgoing.len(),
                self.size()
            )));
        }
        let total: usize = outgoing.iter().map(|b| b.len() + 8).sum();
        let mut mine = Vec::with_capacity(total);
        for b in outgoing {
            mine.extend_from_slice(&(b.len() as u64).to_le_bytes());
            mine.extend_from_slice(b);
        }
        let all = self.all_gather(&mine)?;
        let me = self.rank();
        all.iter()
            .map(|bytes| {
                let mut at = 0usize;
                for r in 0..=me {
                    let len = bytes
                        .get(at..at + 8)
                        .and_then(|l| <[u8; 8]>::try_from(l).ok())
                        .map(u64::from_le_bytes)
                        .ok_or_else(|| RanksError("a truncated all-to-all message".into()))?
                        as usize;
                    at += 8;
                    let body = bytes
                        .get(at..at + len)
                        .ok_or_else(|| RanksError("a truncated all-to-all message".into()))?;
                    if r == me {
                        return Ok(body.to_vec());
                    }
                    at += len;
                }
                Err(RanksError("a truncated all-to-all message".into()))
            })
            .collect()
    }
}

/// This process alone: rank 0 of 1. Collective calls return at once; a
/// point-to-point message to itself is refused (a computation that hands
/// out work does it itself when it is alone).
#[derive(Clone, Copy, Debug, Default)]
pub struct OneRank;

impl Ranks for OneRank {
    fn rank(&self) -> usize {
        0
    }

    fn size(&self) -> usize {
        1
    }

    fn all_gather(&self, mine: &[u8]) -> Result<Vec<Vec<u8>>, RanksError> {
        Ok(vec![mine.to_vec()])
    }

    fn send(&self, to: usize, _: u16, _: &[u8]) -> Result<(), RanksError> {
        Err(RanksError(format!(
            "one rank alone cannot send to rank {to}"
        )))
    }

    fn receive(&self) -> Result<(usize, u16, Vec<u8>), RanksError> {
        Err(RanksError(
            "one rank alone has no message to receive".into(),
        ))
    }

    fn try_receive(&self) -> Result<Option<(usize, u16, Vec<u8>)>, RanksError> {
        Ok(None)
    }
}

/// `size` ranks as threads of this process, for tests and for running a
/// distributed computation's code without MPI: give `result[r]` to the
/// thread playing rank r. Collective calls wait for every rank's thread;
/// once a rank is dropped (its thread ended or panicked), a collective
/// call that waits for it fails instead of hanging.
pub fn in_process(size: usize) -> Vec<std::sync::Arc<dyn Ranks>> {
    use std::sync::{mpsc, Arc, Mutex};
    let size = size.max(1);
    let hub = Arc::new(Hub {
        size,
        state: Mutex::new(Gathering {
            slots: vec![Vec::new(); size],
            ..Gathering::default()
        }),
        turn: std::sync::Condvar::new(),
    });
    let (senders, receivers): (Vec<_>, Vec<_>) = (0..size).map(|_| mpsc::channel()).unzip();
    receivers
        .into_iter()
        .enumerate()
        .map(|(rank, inbox)| {
            Arc::new(Thread {
                rank,
                hub: hub.clone(),
                senders: Mutex::new(senders.clone()),
                inbox: Mutex::new(inbox),
            }) as Arc<dyn Ranks>
        })
        .collect()
}

/// Runs `run` on each of `size` [`in_process`] ranks, each on a thread of
/// its own, and returns the results in rank order: a distributed
/// computation run whole in this process (tests, a check without MPI).
/// A panic on any rank's thread is raised again here.
pub fn on_threads<T: Send>(
    size: usize,
    run: impl Fn(std::sync::Arc<dyn Ranks>) -> T + Sync,
) -> Vec<T> {
    let ranks = in_process(size);
    std::thread::scope(|s| {
        let run = &run;
        let handles: Vec<_> = ranks.into_iter().map(|r| s.spawn(move || run(r))).collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}

/// What the threads of [`in_process`] share.
#[derive(Debug)]
struct Hub {
    size: usize,
    state: std::sync::Mutex<Gathering>,
    turn: std::sync::Condvar,
}

/// The collective call in progress among the threads of [`in_process`].
#[derive(Debug, Default)]
struct Gathering {
    /// Each rank's bytes for the call in progress.
    slots: Vec<Vec<u8>>,
    /// Ranks that have put their bytes in.
    arrived: usize,
    /// Ranks that have taken the result out (the slots are reused after).
    taken: usize,
    /// Counts the calls completed.
    round: u64,
    /// Ranks dropped.
    gone: usize,
}

/// A message between the threads of [`in_process`]: sender, tag, bytes.
type Message = (usize, u16, Vec<u8>);

/// One rank of [`in_process`].
#[derive(Debug)]
struct Thread {
    rank: usize,
    hub: std::sync::Arc<Hub>,
    senders: std::sync::Mutex<Vec<std::sync::mpsc::Sender<Message>>>,
    inbox: std::sync::Mutex<std::sync::mpsc::Receiver<Message>>,
}

impl Drop for Thread {
    fn drop(&mut self) {
        if let Ok(mut g) = self.hub.state.lock() {
            g.gone += 1;
        }
        self.hub.turn.notify_all();
    }
}

impl Ranks for Thread {
    fn rank(&self) -> usize {
        self.rank
    }

    fn size(&self) -> usize {
        self.hub.size
    }

    fn all_gather(&self, mine: &[u8]) -> Result<Vec<Vec<u8>>, RanksError> {
        let gone = || RanksError("a rank ended before this collective call".into());
        let mut g = self.hub.state.lock().map_err(|_| gone())?;
        // Wait until the previous call's result has been taken by all.
        while g.taken > 0 {
            if g.gone > 0 {
                return Err(gone());
            }
            g = self.hub.turn.wait(g).map_err(|_| gone())?;
        }
        g.slots[self.rank] = mine.to_vec();
        g.arrived += 1;
        let round = g.round;
        if g.arrived == self.hub.size {
            g.round += 1;
            self.hub.turn.notify_all();
        }
        while g.round == round {
            if g.gone > 0 {
                return Err(gone());
            }
            g = self.hub.turn.wait(g).map_err(|_| gone())?;
        }
        let all = g.slots.clone();
        g.taken += 1;
        if g.taken == self.hub.size {
            g.taken = 0;
            g.arrived = 0;
            self.hub.turn.notify_all();
        }
        Ok(all)
    }

    fn send(&self, to: usize, tag: u16, bytes: &[u8]) -> Result<(), RanksError> {
        let senders = self
            .senders
            .lock()
            .map_err(|_| RanksError("a rank's thread panicked".into()))?;
        senders
            .get(to)
            .ok_or_else(|| RanksError(format!("no rank {to}")))?
            .send((self.rank, tag, bytes.to_vec()))
            .map_err(|_| RanksError(format!("rank {to} has ended")))
    }

    fn receive(&self) -> Result<(usize, u16, Vec<u8>), RanksError> {
        self.inbox
            .lock()
            .map_err(|_| RanksError("a rank's thread panicked".into()))?
            .recv()
            .map_err(|_| RanksError("every other rank has ended".into()))
    }

    fn try_receive(&self) -> Result<Option<(usize, u16, Vec<u8>)>, RanksError> {
        match self
            .inbox
            .lock()
            .map_err(|_| RanksError("a rank's thread panicked".into()))?
            .try_recv()
        {
            Ok(m) => Ok(Some(m)),
            Err(std::sync::mpsc::TryRecvError::Empty) => Ok(None),
            Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                Err(RanksError("every other rank has ended".into()))
            }
        }
    }
}

/// The rank that owns item `i` of `count` items dealt in contiguous
/// shares to `size` ranks: the first `count % size` ranks take one more.
/// Every rank computes the same owner for every item.
pub fn owner(i: usize, count: usize, size: usize) -> usize {
    let size = size.max(1);
    let base = count / size;
    let extra = count % size;
    let big = extra * (base + 1);
    if i < big {
        i / (base + 1)
    } else {
        extra + (i - big) / base.max(1)
    }
}

/// The items `start..end` of `count` that rank `rank` owns under
/// [`owner`].
pub fn share(rank: usize, count: usize, size: usize) -> std::ops::Range<usize> {
    let size = size.max(1);
    let base = count / size;
    let extra = count % size;
    let start = rank * base + rank.min(extra);
    let len = base + usize::from(rank < extra);
    start.min(count)..(start + len).min(count)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_cover_every_item_once_and_agree_with_owner() {
        for count in 0..40 {
            for size in 1..7 {
                let mut seen = vec![0; count];
                for rank in 0..size {
                    for i in share(rank, count, size) {
                        seen[i] += 1;
                        assert_eq!(owner(i, count, size), rank, "{i} of {count}, {size}");
                    }
                }
                assert!(seen.iter().all(|&s| s == 1), "{count} {size}: {seen:?}");
            }
        }
    }

    #[test]
    fn one_rank_gathers_its_own_bytes_and_agrees_with_itself() {
        let r = OneRank;
        assert_eq!(r.all_gather(b"ab").unwrap(), vec![b"ab".to_vec()]);
        assert!(r.any(true).unwrap());
        assert!(!r.any(false).unwrap());
        assert_eq!(r.broadcast_root(b"x").unwrap(), b"x".to_vec());
        assert!(r.send(0, 1, b"").is_err());
    }

    #[test]
    fn threads_in_process_gather_in_rank_order_and_pass_messages() {
        let got: Vec<(Vec<Vec<u8>>, bool, Option<Message>)> = on_threads(3, |r| {
            let all = r.all_gather(&[r.rank() as u8; 2]).unwrap();
            let any = r.any(r.rank() == 2).unwrap();
            let message = if r.rank() == 0 {
                Some(r.receive().unwrap())
            } else {
                if r.rank() == 1 {
                    r.send(0, 7, b"hi").unwrap();
                }
                None
            };
            (all, any, message)
        });
        for (all, any, _) in &got {
            assert_eq!(all, &vec![vec![0, 0], vec![1, 1], vec![2, 2]]);
            assert!(any);
        }
        assert_eq!(got[0].2, Some((1, 7, b"hi".to_vec())));
    }

    #[test]
    fn all_to_all_delivers_each_buffer_to_its_rank() {
        for size in 1..5 {
            let got = on_threads(size, |r| {
                let out: Vec<Vec<u8>> = (0..r.size())
                    .map(|to| vec![r.rank() as u8; to + r.rank()])
                    .collect();
                r.all_to_all(&out).unwrap()
            });
            for (me, received) in got.iter().enumerate() {
                for (from, bytes) in received.iter().enumerate() {
                    assert_eq!(bytes, &vec![from as u8; me + from]);
                }
            }
        }
        assert!(OneRank.all_to_all(&[]).is_err());
    }

    #[test]
    fn a_collective_call_fails_once_a_rank_has_ended() {
        let mut ranks = in_process(2);
        let last = ranks.pop().unwrap();
        drop(ranks);
        assert!(last.all_gather(b"x").is_err());
    }
}
