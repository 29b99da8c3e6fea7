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

/// A failed transport stops a computation as an internal error (exit
/// status 1) in its words.
impl From<RanksError> for crate::GameError {
    fn from(e: RanksError) -> Self {
        crate::GameError::Internal(e.to_string())
    }
}

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
        Ok(self.flags(u8::from(mine))?.0 & 1 != 0)
    }

    /// Collective: the bitwise or and the bitwise and of the flag bytes
    /// every rank passed, in one exchange (several decisions at once:
    /// a bit set by any rank, a bit set by every rank).
    fn flags(&self, mine: u8) -> Result<(u8, u8), RanksError> {
        let all = self.all_gather(&[mine])?;
        let flags = all.iter().map(|f| f.first().copied().unwrap_or(0));
        Ok((
            flags.clone().fold(0, |a, f| a | f),
            flags.fold(0xff, |a, f| a & f),
        ))
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

/// How rank 0 of [`deal`] reads a worker's result: from the sender's
/// rank and the bytes the worker wrote.
pub type ReadResult<'a, T, E> = dyn Fn(usize, &[u8]) -> Result<T, E> + 'a;

/// Message tags of [`deal`].
const WORK: u16 = 1;
const DONE: u16 = 2;
const RESULT: u16 = 3;

/// The items of `todo` (each below `count`) of uneven cost dealt as the
/// ranks free up (every rank calls it with the same `count`; only rank
/// 0's `todo` is read): rank 0 hands each item to the next worker rank
/// that asks (each worker keeps two requests out, so it holds its next
/// item while rank 0 is busy), does the next item itself whenever no
/// worker is waiting, and gives each item's result to `take(i, T)` as it
/// finishes, in any order; the other ranks do what they are given, in
/// order, with `work(i)`, send it written by `write` (read on rank 0 by
/// `read(sender, bytes)`), and take nothing. One rank alone does every
/// item in order. Where items cost alike, [`share`] deals them without
/// messages.
///
/// Errors: on rank 0, the first error of `take`, `read` or a message
/// (every worker is still answered until told done: none is left
/// waiting); on a worker, that of `write` or a message, or an item past
/// `count` (the ranks were given other lists).
pub fn deal<T, E: From<RanksError>>(
    ranks: &dyn Ranks,
    todo: &[usize],
    count: usize,
    work: &dyn Fn(usize) -> T,
    write: &dyn Fn(&T) -> Result<Vec<u8>, E>,
    read: &ReadResult<'_, T, E>,
    take: &mut dyn FnMut(usize, T) -> Result<(), E>,
) -> Result<(), E> {
    if !ranks.is_root() {
        return deal_worker(ranks, count, work, write);
    }
    let mut next = 0usize;
    let mut working = 2 * (ranks.size() - 1);
    // A failure (taking a result, a worker's message) is kept, and every
    // worker still answered until told done: none is left waiting.
    let mut failed: Option<E> = None;
    while working > 0 || next < todo.len() {
        // Every request waiting first, then an item of rank 0's own, else
        // wait for the next request.
        let message = match ranks.try_receive()? {
            Some(m) => Some(m),
            None if next < todo.len() => None,
            None => Some(ranks.receive()?),
        };
        let r = match message {
            Some(m) => match hear(ranks, todo, count, m, (&mut next, &mut working), read) {
                Ok(Some((i, result))) => take(i, result),
                Ok(None) => Ok(()),
                Err(e) => Err(e),
            },
            None => {
                let i = todo[next];
                next += 1;
                take(i, work(i))
            }
        };
        if let Err(e) = r {
            failed.get_or_insert(e);
            next = todo.len();
        }
    }
    failed.map_or(Ok(()), Err)
}

/// Rank 0 of [`deal`] answers worker `from`'s request first (the next
/// item of `todo`, or done once there is none: each worker is told done
/// twice), then reads the result it brought, if any.
fn hear<T, E: From<RanksError>>(
    ranks: &dyn Ranks,
    todo: &[usize],
    count: usize,
    (from, _, bytes): (usize, u16, Vec<u8>),
    (next, working): (&mut usize, &mut usize),
    read: &ReadResult<'_, T, E>,
) -> Result<Option<(usize, T)>, E> {
    if let Some(&i) = todo.get(*next) {
        ranks.send(from, WORK, &(i as u64).to_le_bytes())?;
        *next += 1;
    } else {
        ranks.send(from, DONE, &[])?;
        *working -= 1;
    }
    if bytes.is_empty() {
        return Ok(None);
    }
    let mut r = Reader::new(&bytes);
    let i = item(&mut r, count)?;
    Ok(Some((i, read(from, &bytes[r.at()..])?)))
}

/// A worker rank of [`deal`]: two requests out from the start, items done
/// in the order received, each result a new request; it ends once both
/// requests still out are answered with done.
fn deal_worker<T, E: From<RanksError>>(
    ranks: &dyn Ranks,
    count: usize,
    work: &dyn Fn(usize) -> T,
    write: &dyn Fn(&T) -> Result<Vec<u8>, E>,
) -> Result<(), E> {
    let mut queue = std::collections::VecDeque::new();
    let mut out = 2usize;
    for _ in 0..out {
        ranks.send(0, RESULT, &[])?;
    }
    loop {
        let Some(i) = queue.pop_front() else {
            if out == 0 {
                return Ok(());
            }
            let (_, tag, bytes) = ranks.receive()?;
            out -= 1;
            if tag == WORK {
                queue.push_back(item(&mut Reader::new(&bytes), count)?);
            }
            continue;
        };
        let mut message = Vec::new();
        put_u64(&mut message, i as u64);
        message.extend(write(&work(i))?);
        ranks.send(0, RESULT, &message)?;
        out += 1;
    }
}

/// The item number a message of [`deal`] starts with, below `count`.
fn item(r: &mut Reader<'_>, count: usize) -> Result<usize, RanksError> {
    let i = r.u64()?;
    usize::try_from(i)
        .ok()
        .filter(|&i| i < count)
        .ok_or_else(|| {
            RanksError(format!(
                "rank 0 sent item {i} of {count}: the ranks were given other lists"
            ))
        })
}

/// Writes `v` to a message between ranks (eight bytes, little-endian),
/// read back by [`Reader::u64`].
pub fn put_u64(out: &mut Vec<u8>, v: u64) {
    out.extend_from_slice(&v.to_le_bytes());
}

/// Writes `bytes` to a message between ranks, its length first, read back
/// by [`Reader::bytes`] (or [`Reader::text`]).
pub fn put_bytes(out: &mut Vec<u8>, bytes: &[u8]) {
    put_u64(out, bytes.len() as u64);
    out.extend_from_slice(bytes);
}

/// Reads the numbers and byte strings of a message between ranks in the
/// order they were written ([`put_u64`], [`put_bytes`]). A read past the
/// end, or a text that is no UTF-8, is an error, never a panic.
#[derive(Debug)]
pub struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

/// The error of a message that does not read as one: a bug.
fn garbled() -> RanksError {
    RanksError("a message is truncated".into())
}

impl<'a> Reader<'a> {
    /// A reader at the start of `bytes`.
    pub fn new(bytes: &'a [u8]) -> Self {
        Reader { bytes, at: 0 }
    }

    /// How many bytes have been read.
    pub fn at(&self) -> usize {
        self.at
    }

    /// Whether every byte has been read.
    pub fn done(&self) -> bool {
        self.at >= self.bytes.len()
    }

    /// The next `n` bytes.
    pub fn take(&mut self, n: usize) -> Result<&'a [u8], RanksError> {
        let end = self.at.checked_add(n).ok_or_else(garbled)?;
        let s = self.bytes.get(self.at..end).ok_or_else(garbled)?;
        self.at = end;
        Ok(s)
    }

    /// The next byte.
    pub fn u8(&mut self) -> Result<u8, RanksError> {
        Ok(self.take(1)?[0])
    }

    /// The next four bytes, little-endian.
    pub fn u32(&mut self) -> Result<u32, RanksError> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes(b.try_into().map_err(|_| garbled())?))
    }

    /// The next eight bytes, little-endian ([`put_u64`]).
    pub fn u64(&mut self) -> Result<u64, RanksError> {
        let b = self.take(8)?;
        Ok(u64::from_le_bytes(b.try_into().map_err(|_| garbled())?))
    }

    /// The next byte string ([`put_bytes`]).
    pub fn bytes(&mut self) -> Result<&'a [u8], RanksError> {
        let n = usize::try_from(self.u64()?).map_err(|_| garbled())?;
        self.take(n)
    }

    /// The next byte string, as text.
    pub fn text(&mut self) -> Result<&'a str, RanksError> {
        std::str::from_utf8(self.bytes()?).map_err(|_| garbled())
    }
}

/// An error the ranks agree on ([`exchange`], [`agree`]): the rank that
/// fails writes it, the others read it back with the same words and exit
/// status.
pub trait RankError: Sized {
    /// Writes this error for the other ranks.
    fn write(&self, out: &mut Vec<u8>);

    /// Reads what rank `from` wrote with [`RankError::write`].
    fn read(from: usize, r: &mut Reader<'_>) -> Result<Self, RanksError>;

    /// The error of a failed transport (a rank ended, a garbled message).
    fn lost(e: RanksError) -> Self;
}

/// Collective, the one way ranks exchange work and agree on an error:
/// every rank passes one buffer for each rank (`mine`, as
/// [`Ranks::all_to_all`]), or the error it stopped with; every rank gets
/// the buffers addressed to it, in rank order, when no rank failed, else
/// the error of the lowest rank that failed (this rank's own as it was, the
/// others' as read): so every rank stops together, none left waiting.
///
/// Errors: that error; a transport failure ([`RankError::lost`]); `mine`
/// not holding [`Ranks::size`] buffers (told to every rank like an error).
pub fn exchange<E: RankError>(
    ranks: &dyn Ranks,
    mine: Result<Vec<Vec<u8>>, E>,
) -> Result<Vec<Vec<u8>>, E> {
    let size = ranks.size();
    let mine = mine.and_then(|b| {
        if b.len() == size {
            Ok(b)
        } else {
            Err(E::lost(RanksError(format!(
                "{} buffers for {size} ranks",
                b.len()
            ))))
        }
    });
    let mut header = Vec::new();
    let (buffers, kept) = match mine {
        Ok(b) => {
            header.push(0);
            (b, None)
        }
        Err(e) => {
            header.push(1);
            e.write(&mut header);
            (vec![Vec::new(); size], Some(e))
        }
    };
    let outgoing: Vec<Vec<u8>> = buffers
        .into_iter()
        .map(|b| {
            let mut v = Vec::with_capacity(header.len() + b.len());
            v.extend_from_slice(&header);
            v.extend_from_slice(&b);
            v
        })
        .collect();
    let incoming = ranks.all_to_all(&outgoing).map_err(E::lost)?;
    drop(outgoing);
    let mut heard = Vec::with_capacity(size);
    for (from, mut bytes) in incoming.into_iter().enumerate() {
        let mut r = Reader::new(&bytes);
        match r.u8().map_err(E::lost)? {
            0 => {}
            1 => {
                let e = E::read(from, &mut r).map_err(E::lost)?;
                return Err(match kept {
                    Some(own) if from == ranks.rank() => own,
                    _ => e,
                });
            }
            _ => return Err(E::lost(garbled())),
        }
        let at = r.at();
        bytes.drain(..at);
        heard.push(bytes);
    }
    Ok(heard)
}

/// Collective: whether any rank passed `Ok(true)` (work left, a stop
/// seen on its own clock), once every rank is known to be well; else, on
/// every rank, the error of the lowest rank that failed, as [`exchange`].
pub fn agree<E: RankError>(ranks: &dyn Ranks, mine: Result<bool, E>) -> Result<bool, E> {
    let size = ranks.size();
    let heard = exchange(ranks, mine.map(|active| vec![vec![u8::from(active)]; size]))?;
    Ok(heard.iter().any(|b| b.first() == Some(&1)))
}

/// The engine's errors travel with their kind and words: a limit as the
/// limit (the same message and exit status on every rank), a rules error
/// as one, any other search error as bad input in its words.
impl RankError for crate::GameError {
    fn write(&self, out: &mut Vec<u8>) {
        use crate::{GameError, SearchError};
        match self {
            GameError::Input(s) => {
                out.push(1);
                put_bytes(out, s.as_bytes());
            }
            GameError::Internal(s) => {
                out.push(2);
                put_bytes(out, s.as_bytes());
            }
            GameError::Search(SearchError::StateLimit(n)) => {
                out.push(3);
                put_u64(out, *n);
            }
            GameError::Search(SearchError::MemoryLimit(n)) => {
                out.push(4);
                put_u64(out, *n);
            }
            GameError::Search(SearchError::TimeLimit(d)) => {
                out.push(5);
                put_u64(out, d.as_secs());
                out.extend_from_slice(&d.subsec_nanos().to_le_bytes());
            }
            GameError::Search(SearchError::TooLarge { estimate, limit }) => {
                out.push(6);
                put_u64(out, *estimate as u64);
                put_u64(out, (*estimate >> 64) as u64);
                put_u64(out, *limit);
            }
            GameError::Search(SearchError::Rules(r)) => {
                out.push(7);
                put_bytes(out, r.0.as_bytes());
            }
            // Any other limit: its words, with the same exit status.
            GameError::Search(other) => {
                out.push(1);
                put_bytes(out, other.to_string().as_bytes());
            }
        }
    }

    fn read(_from: usize, r: &mut Reader<'_>) -> Result<Self, RanksError> {
        use crate::{GameError, SearchError};
        Ok(match r.u8()? {
            1 => GameError::Input(r.text()?.to_string()),
            2 => GameError::Internal(r.text()?.to_string()),
            3 => SearchError::StateLimit(r.u64()?).into(),
            4 => SearchError::MemoryLimit(r.u64()?).into(),
            5 => {
                let secs = r.u64()?;
                SearchError::TimeLimit(std::time::Duration::new(secs, r.u32()?)).into()
            }
            6 => {
                let low = u128::from(r.u64()?);
                let estimate = low | u128::from(r.u64()?) << 64;
                let limit = r.u64()?;
                SearchError::TooLarge { estimate, limit }.into()
            }
            7 => SearchError::Rules(crate::RulesError::new(r.text()?)).into(),
            _ => return Err(garbled()),
        })
    }

    fn lost(e: RanksError) -> Self {
        e.into()
    }
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
    fn errors_cross_ranks_unchanged() {
        use crate::{GameError, SearchError};
        use std::time::Duration;
        let errors: Vec<GameError> = vec![
            GameError::Input("bad".into()),
            GameError::Internal("bug".into()),
            SearchError::StateLimit(5).into(),
            SearchError::MemoryLimit(1 << 30).into(),
            SearchError::TimeLimit(Duration::new(3, 7)).into(),
            SearchError::TooLarge {
                estimate: u128::MAX - 3,
                limit: 9,
            }
            .into(),
            SearchError::Rules(crate::RulesError::new("threw")).into(),
        ];
        for e in errors {
            let mut bytes = Vec::new();
            e.write(&mut bytes);
            let mut r = Reader::new(&bytes);
            assert_eq!(GameError::read(1, &mut r).unwrap(), e);
            assert!(r.done());
        }
        let other: GameError = SearchError::Cycle("x".into()).into();
        let mut bytes = Vec::new();
        other.write(&mut bytes);
        let read = GameError::read(1, &mut Reader::new(&bytes)).unwrap();
        assert_eq!((read.to_string(), read.exit_code()), (other.to_string(), 2));
        // Cut short anywhere: an error, never a panic.
        for end in 0..bytes.len() {
            assert!(GameError::read(1, &mut Reader::new(&bytes[..end])).is_err());
        }
    }

    #[test]
    fn every_rank_agrees_on_the_lowest_failing_ranks_error() {
        use crate::GameError;
        // No failure: whether any rank had work.
        let got = on_threads(3, |r| agree::<GameError>(&*r, Ok(r.rank() == 1)));
        assert!(got.iter().all(|g| g == &Ok(true)));
        let got = on_threads(3, |r| agree::<GameError>(&*r, Ok(false)));
        assert!(got.iter().all(|g| g == &Ok(false)));
        // Ranks 1 and 2 fail: every rank returns rank 1's error, rank 1
        // its own as it was.
        let got = on_threads(3, |r| {
            let mine = match r.rank() {
                0 => Ok(true),
                k => Err(GameError::Input(format!("rank {k} failed"))),
            };
            agree(&*r, mine)
        });
        for g in got {
            assert_eq!(g, Err(GameError::Input("rank 1 failed".into())));
        }
        // Buffers reach their ranks, each headed by nothing of the status.
        let got = on_threads(2, |r| {
            let out = (0..2).map(|to| vec![r.rank() as u8, to as u8]).collect();
            exchange::<GameError>(&*r, Ok(out)).unwrap()
        });
        assert_eq!(got[1], vec![vec![0, 1], vec![1, 1]]);
        // A wrong number of buffers is told to every rank.
        let got = on_threads(2, |r| {
            let out = if r.rank() == 0 {
                vec![]
            } else {
                vec![vec![]; 2]
            };
            exchange::<GameError>(&*r, Ok(out))
        });
        for g in got {
            assert!(
                matches!(g, Err(GameError::Internal(e)) if e.contains("0 buffers for 2 ranks"))
            );
        }
    }

    #[test]
    fn a_collective_call_fails_once_a_rank_has_ended() {
        let mut ranks = in_process(2);
        let last = ranks.pop().unwrap();
        drop(ranks);
        assert!(last.all_gather(b"x").is_err());
    }
}
