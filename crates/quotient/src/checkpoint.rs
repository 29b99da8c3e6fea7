//! Checkpoint files of a growing quotient: where a growth stood, safe to
//! resume from (`grundy quotient --checkpoint FILE`).
//!
//! # Format (version 1, all integers little-endian)
//! ```text
//! magic        10 bytes  "GRUNDYQUO\n"
//! version       4 bytes  u32 = 1
//! name_len      4 bytes  u32
//! name          name_len bytes: the game (a rule's name, "octal 0.77";
//!               a family's name with its options, "bash --max 3")
//! heaps         8 bytes  u64 n: the quotient of heaps 0..=n is proven
//! order         8 bytes  u64, its number of elements
//! last_change   8 bytes  u64, the last heap that changed the order
//! table         4 * order^2 bytes, u32 each: x·y at x * order + y
//! p             order bytes, 1 for an element of the P-portion, else 0
//! phi           4 * (n + 1) bytes, u32 each: heap k's element
//! orders        8 * (n + 1) bytes, u64 each: the order of Q_k
//! checksum      8 bytes  u64, grundy-sequence's `Checksum` of every byte above
//! ```
//! The header, the atomic save (`FILE.tmp` renamed over FILE), the
//! checksum and the lock (`FILE.lock`, a second run refused) are the
//! sequence checkpoints' own ([`grundy_sequence::checkpoint`]).
//!
//! A file is trusted no further than it is checked. Loading refuses, with
//! an error naming the file, one of another kind, version or game (both
//! games named), a size that does not match its counts, a wrong checksum,
//! or numbers out of range (an element past the order, orders that do not
//! grow to the quotient's). Then, before the growth goes on, the quotient
//! it holds must pass the exact check ([`crate::grow::refine_with`]) against the
//! game's own options and come back from its one round unchanged, as every
//! quotient the growth makes does (a round numbers the classes it finds
//! breadth-first from the identity, the heaps' elements in heap order; a
//! round of a faithful reduced quotient finds its own elements, so the
//! same numbering): a file that passes holds the quotient of its heaps,
//! numbered as an uninterrupted growth numbers it, so the growth resumed
//! gives the same answer byte for byte. That check costs one round of
//! refinement, about what growing one more heap costs (Daisies, code
//! 4.7, at heap 40: order 622, a 1.5 MB file saved in 10 ms, read in 1
//! ms, checked in 40 ms, where growing it took 6.7 s).

use crate::grow::Candidate;
use crate::heaps::{Grower, Growth, HeapGame, HeapQuotient};
use crate::monoid::BipartiteMonoid;
use grundy_engine::clock::SharedClock;
use grundy_engine::memory::{self, Reserve};
use grundy_engine::{GameError, Limits, SearchError};
use grundy_sequence::checkpoint::{Header, Lock, Reader, Writer};
use grundy_sequence::SeqError;
use std::path::Path;
use std::time::Duration;

const MAGIC: &[u8; 10] = b"GRUNDYQUO\n";
const VERSION: u32 = 1;
/// Numbers converted per buffered write or read.
const CHUNK: usize = 1 << 14;

/// The header of the checkpoint of game `name`.
fn header(name: &str) -> Header<'_> {
    Header {
        magic: MAGIC,
        version: VERSION,
        kind: "quotient",
        holds: "the quotient",
        name,
    }
}

/// A checkpoint's error as the front ends report it: bad input (exit 2),
/// its message naming the file.
fn input_err(e: SeqError) -> GameError {
    GameError::Input(e.to_string())
}

/// Writes `state`, the growth of game `name`, to checkpoint `path`
/// atomically (`FILE.tmp`, then renamed over FILE).
///
/// Errors: [`SeqError::Io`] naming the file that could not be written.
pub fn save(path: &Path, name: &str, state: &Growth) -> Result<(), SeqError> {
    let m = &state.candidate.monoid;
    let mut out = Writer::create(path, &header(name))?;
    for word in [state.heaps(), m.order(), state.last_change] {
        out.write(&(word as u64).to_le_bytes())?;
    }
    let mut buf = Vec::with_capacity(8 * CHUNK);
    for chunk in m.table().chunks(CHUNK) {
        buf.clear();
        buf.extend(chunk.iter().flat_map(|x| x.to_le_bytes()));
        out.write(&buf)?;
    }
    buf.clear();
    buf.extend((0..m.order() as u32).map(|x| u8::from(m.in_p(x))));
    out.write(&buf)?;
    for chunk in state.candidate.phi.chunks(CHUNK) {
        buf.clear();
        buf.extend(chunk.iter().flat_map(|x| x.to_le_bytes()));
        out.write(&buf)?;
    }
    for chunk in state.orders.chunks(CHUNK) {
        buf.clear();
        buf.extend(chunk.iter().flat_map(|&x| (x as u64).to_le_bytes()));
        out.write(&buf)?;
    }
    out.commit()
}

/// Reads `count` little-endian u32s, within `max_memory`.
fn read_u32s(
    input: &mut Reader,
    count: usize,
    what: &str,
    max_memory: u64,
) -> Result<Vec<u32>, GameError> {
    let mut v: Vec<u32> = Vec::new();
    v.reserve_within(count, max_memory)?;
    let mut buf = vec![0u8; 4 * CHUNK];
    while v.len() < count {
        let take = (count - v.len()).min(CHUNK);
        input.read(&mut buf[..4 * take], what).map_err(input_err)?;
        v.extend(
            buf[..4 * take]
                .chunks_exact(4)
                .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]])),
        );
    }
    Ok(v)
}

/// Reads the growth of game `name` from checkpoint `path`; `Ok(None)` if
/// the file does not exist. The numbers are checked to be in range (so
/// nothing built from them can fail), not yet the quotient
/// ([`crate::grow_with`] checks that before resuming); its tables are
/// allocated within `max_memory`.
///
/// Errors: [`GameError::Input`] naming the file: another kind of file,
/// version or game, a size that does not match the counts in it, a wrong
/// checksum, numbers out of range; [`GameError::Search`] when its tables
/// do not fit in `max_memory`.
pub fn load(path: &Path, name: &str, max_memory: u64) -> Result<Option<Growth>, GameError> {
    let Some(mut input) = Reader::open(path, &header(name)).map_err(input_err)? else {
        return Ok(None);
    };
    let mut word = || input.read_u64("header");
    let (heaps, order, last_change) = (
        word().map_err(input_err)?,
        word().map_err(input_err)?,
        word().map_err(input_err)?,
    );
    let size = input.size();
    // In u128, with the counts bounded first, no length can overflow.
    let (h, o) = (u128::from(heaps) + 1, u128::from(order));
    let want = (order <= 1 << 31 && heaps < 1 << 60)
        .then(|| u128::from(input.header_len()) + 24 + 4 * o * o + o + 12 * h + 8);
    if want != Some(u128::from(size)) || order == 0 {
        return Err(input_err(input.refuse(format!(
            "size {size} bytes does not match its quotient of order {order} through heap {heaps} (truncated or corrupt)"
        ))));
    }
    // The file holds 4·order² + 4·(heaps + 1) bytes: these fit in usize
    // wherever the file fits in memory.
    let fits = |n: u128| usize::try_from(n).map_err(|_| SearchError::MemoryLimit(max_memory));
    let (heaps, order, cells) = (fits(h - 1)?, fits(o)?, fits(o * o)?);
    let table = read_u32s(&mut input, cells, "table", max_memory)?;
    let mut p = memory::filled(order, 0u8, max_memory)?;
    input.read(&mut p, "P-portion").map_err(input_err)?;
    let phi = read_u32s(&mut input, heaps + 1, "pretending function", max_memory)?;
    let mut orders: Vec<usize> = Vec::new();
    orders.reserve_within(heaps + 1, max_memory)?;
    for _ in 0..=heaps {
        let k = input.read_u64("orders").map_err(input_err)?;
        orders.push(usize::try_from(k).unwrap_or(usize::MAX));
    }
    // The checksum first: the numbers of a damaged file are not judged.
    let refuse = SeqError::Checkpoint {
        path: input.path().to_path_buf(),
        reason: "corrupt quotient (numbers out of range)".into(),
    };
    input.finish().map_err(input_err)?;
    let bound = order as u32;
    let last = orders
        .windows(2)
        .rposition(|w| w[0] != w[1])
        .map_or(0, |i| i + 1);
    let in_range = table.iter().all(|&x| x < bound)
        && p.iter().all(|&b| b <= 1)
        && phi.iter().all(|&x| x < bound)
        && orders.first() == Some(&1)
        && orders.last() == Some(&order)
        && orders.windows(2).all(|w| w[0] <= w[1])
        && last_change == last as u64;
    if !in_range {
        return Err(input_err(refuse));
    }
    let monoid =
        BipartiteMonoid::from_valid_table(order, table, p.into_iter().map(|b| b == 1).collect());
    Ok(Some(Growth {
        candidate: Candidate { monoid, phi },
        orders,
        last_change: last,
    }))
}

/// Saves a growth every `every` on the limits' clock (stretched to ten
/// times what a save takes), remembering the last heap saved.
struct Saver<'a> {
    path: &'a Path,
    name: &'a str,
    clock: Option<SharedClock>,
    every: Duration,
    last: Duration,
    /// The heap of the state in the file (`None`: not known to hold this
    /// growth).
    saved: Option<usize>,
}

impl Saver<'_> {
    /// Saves `state` unless the file holds it already.
    fn save(&mut self, state: &Growth) -> Result<(), GameError> {
        if self.saved != Some(state.heaps()) {
            save(self.path, self.name, state).map_err(input_err)?;
            self.saved = Some(state.heaps());
        }
        Ok(())
    }

    /// Saves `state` if the interval has passed since the last save.
    fn tick(&mut self, state: &Growth) -> Result<(), GameError> {
        let Some(clock) = self.clock.clone() else {
            return Ok(());
        };
        let started = clock.now();
        if started.saturating_sub(self.last) >= self.every {
            self.save(state)?;
            let done = clock.now();
            self.every = self.every.max(done.saturating_sub(started) * 10);
            self.last = done;
        }
        Ok(())
    }
}

/// [`crate::grow_with`] with a checkpoint at `path`: locks it, resumes
/// from it when it holds a growth of `name` (checked, see the module's
/// comment), grows, and saves every `every` and at the end, also when a
/// limit stops the growth (the error then names the file).
pub(crate) fn grow(
    game: &dyn HeapGame,
    name: &str,
    path: &Path,
    every: Duration,
    max_heap: usize,
    limits: &Limits,
    watch: &mut dyn FnMut(usize, usize),
) -> Result<HeapQuotient, GameError> {
    // Held to the end: a second run on the same checkpoint is refused.
    let _lock = Lock::acquire(path).map_err(input_err)?;
    let mut saved = None;
    let mut grower = match load(path, name, limits.max_memory)? {
        None => Grower::new(game, limits),
        Some(state) => {
            let heaps = state.heaps();
            if heaps > max_heap {
                return Err(GameError::Input(format!(
                    "checkpoint {}: holds the quotient through heap {heaps}, past --max-heap {max_heap}; ask for --max-heap {heaps} or more to go on from it, or name another file",
                    path.display()
                )));
            }
            let mut grower = Grower::resume(game, limits, state)?;
            if !grower.reproduces()? {
                return Err(GameError::Input(format!(
                    "checkpoint {}: does not hold a quotient of '{name}' (it fails the exact check against the game's moves); remove it or name another file",
                    path.display()
                )));
            }
            watch(heaps, grower.state().order());
            saved = Some(heaps);
            grower
        }
    };
    let mut saver = Saver {
        path,
        name,
        clock: limits.clock.clone(),
        every,
        last: limits.clock.as_ref().map_or(Duration::ZERO, |c| c.now()),
        saved,
    };
    let result = grower.run::<GameError>(max_heap, &mut |state| {
        watch(state.heaps(), state.order());
        saver.tick(state)
    });
    let kept = saver.save(grower.state());
    match result {
        Ok(()) => {
            kept?;
            Ok(grower.into_quotient())
        }
        Err(GameError::Search(SearchError::QuotientStopped {
            cause,
            proven,
            order,
            kept: None,
        })) if kept.is_ok() => Err(SearchError::QuotientStopped {
            cause,
            proven,
            order,
            kept: Some(path.display().to_string()),
        }
        .into()),
        Err(GameError::Search(SearchError::Interrupted { done, kept: None })) if kept.is_ok() => {
            Err(SearchError::Interrupted {
                done,
                kept: Some(path.display().to_string()),
            }
            .into())
        }
        Err(e) => Err(e),
    }
}
