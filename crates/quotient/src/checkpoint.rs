//! Checkpoint files of a growing quotient: where a growth stood, safe to
//! resume from (`grundy quotient --checkpoint FILE`).
//!
//! # Format (version 2, all integers little-endian)
//! ```text
//! magic        10 bytes  "GRUNDYQUO\n"
//! version       4 bytes  u32 = 2 (version 1, ending after `orders`, is read too)
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
//! hints        16 bytes  u32 each: the shape (m, p) to try first at the
//!               next heap needing a generator (both 2^32 - 1: none),
//!               the heaps the shapes placed since the learner placed one
//!               (2^32 - 1: none), the learner's pretests given up (bits)
//! within_len    8 bytes  u64: the bytes of `within` (0: none)
//! within        the learner's proven layer of heap n + 1 (a growth
//!               stopped within that heap), u32 numbers:
//!                 heap, layer, pretests given up (bits),
//!                 canon: heap + 1 bytes (each heap's stand-in),
//!                 states S, letters L, trans: S * L u32, accept: S bytes,
//!                 S access words (u32 length, then the heaps, a byte each),
//!                 nodes N, then N nodes, the root first: a byte 0 and a
//!                 u32 state (a leaf), or a byte 1, two u32 children and
//!                 a tester (u32 length, then the heaps)
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
//!
//! **Within a heap.** The learner ([`crate::learn`]) proves its automaton
//! of the next heap layer by layer (sums with at most 1, 2, … copies of
//! the heap); each layer proven is saved at the interval and when a stop
//! comes, and the growth resumed goes on from the last one. A layer read
//! from a file must be well formed ([`Layer::well_formed`], or the file
//! is refused as out of range) and pass the exact check of every sum
//! with at most that many copies, made with the game's own moves
//! ([`Layer::holds`], or the file is refused): what the learner goes on
//! from is proven, and every candidate it gives is checked exactly
//! besides, so the answer is the uninterrupted growth's.

use crate::grow::Candidate;
use crate::heaps::{Grower, Growth, HeapGame, HeapQuotient, Hints};
use crate::learn::{Layer, LayerNode};
use crate::monoid::BipartiteMonoid;
use grundy_engine::clock::SharedClock;
use grundy_engine::memory::{self, Reserve};
use grundy_engine::{GameError, Limits, SearchError};
use grundy_sequence::checkpoint::{Header, Lock, Reader, Writer};
use grundy_sequence::SeqError;
use std::path::Path;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Duration;

const MAGIC: &[u8; 10] = b"GRUNDYQUO\n";
const VERSION: u32 = 2;
/// The oldest version read: without `within`.
const OLDEST: u32 = 1;
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
    write(path, name, state, state.within.as_ref())
}

/// [`save`] of `state` with `within` in place of its own layer.
fn write(path: &Path, name: &str, state: &Growth, within: Option<&Layer>) -> Result<(), SeqError> {
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
    let h = &state.hints;
    let none = u32::MAX as usize;
    let (m, p) = h.shape.unwrap_or((none, none));
    for x in [
        m,
        p,
        h.since_learnt.unwrap_or(none),
        usize::from(h.pretests),
    ] {
        out.write(&(x.min(none) as u32).to_le_bytes())?;
    }
    let section = within.map(encode).unwrap_or_default();
    out.write(&(section.len() as u64).to_le_bytes())?;
    out.write(&section)?;
    out.commit()
}

/// The bytes of a layer (the format's `within`).
fn encode(layer: &Layer) -> Vec<u8> {
    let mut b = Vec::new();
    let num = |b: &mut Vec<u8>, x: usize| b.extend((x as u32).to_le_bytes());
    num(&mut b, layer.heap);
    num(&mut b, layer.layer);
    num(&mut b, usize::from(layer.given_up));
    b.extend(&layer.canon);
    num(&mut b, layer.accept.len());
    num(&mut b, layer.trans.len() / layer.accept.len().max(1));
    for &q in &layer.trans {
        num(&mut b, q as usize);
    }
    b.extend(layer.accept.iter().map(|&a| u8::from(a)));
    for w in &layer.access {
        num(&mut b, w.len());
        b.extend(w);
    }
    num(&mut b, layer.nodes.len());
    for node in &layer.nodes {
        match node {
            LayerNode::Leaf(q) => {
                b.push(0);
                num(&mut b, *q as usize);
            }
            LayerNode::Inner { tester, child } => {
                b.push(1);
                num(&mut b, child[0] as usize);
                num(&mut b, child[1] as usize);
                num(&mut b, tester.len());
                b.extend(tester);
            }
        }
    }
    b
}

/// The bytes of a layer read back, `None` when they do not parse (too
/// short, too long, a count past what remains); not yet checked to be
/// well formed.
fn decode(bytes: &[u8]) -> Option<Layer> {
    struct Cursor<'b>(&'b [u8]);
    impl<'b> Cursor<'b> {
        fn take(&mut self, n: usize) -> Option<&'b [u8]> {
            let (head, rest) = (self.0.len() >= n).then(|| self.0.split_at(n))?;
            self.0 = rest;
            Some(head)
        }
        fn num(&mut self) -> Option<usize> {
            let b = self.take(4)?;
            Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
        }
        /// A count of items of at least `each` bytes that fit in what is left.
        fn count(&mut self, each: usize) -> Option<usize> {
            let n = self.num()?;
            (n.checked_mul(each)? <= self.0.len()).then_some(n)
        }
        fn word(&mut self) -> Option<Vec<u8>> {
            let n = self.count(1)?;
            self.take(n).map(<[u8]>::to_vec)
        }
    }
    let mut c = Cursor(bytes);
    let heap = c.num()?;
    let layer = c.num()?;
    let given_up = u16::try_from(c.num()?).ok()?;
    let canon = c.take(heap.checked_add(1)?)?.to_vec();
    let states = c.count(5)?;
    let letters = c.num()?;
    let cells = states.checked_mul(letters)?;
    (cells.checked_mul(4)? <= c.0.len()).then_some(())?;
    let trans = (0..cells)
        .map(|_| c.num().map(|q| q as u32))
        .collect::<Option<_>>()?;
    let accept = c
        .take(states)?
        .iter()
        .map(|&a| (a <= 1).then_some(a == 1))
        .collect::<Option<_>>()?;
    let access = (0..states).map(|_| c.word()).collect::<Option<_>>()?;
    let count = c.count(5)?;
    let nodes = (0..count)
        .map(|_| match c.take(1)?[0] {
            0 => Some(LayerNode::Leaf(c.num()? as u32)),
            1 => {
                let child = [c.num()? as u32, c.num()? as u32];
                Some(LayerNode::Inner {
                    tester: c.word()?,
                    child,
                })
            }
            _ => None,
        })
        .collect::<Option<_>>()?;
    c.0.is_empty().then_some(Layer {
        heap,
        canon,
        layer,
        given_up,
        nodes,
        access,
        trans,
        accept,
    })
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
    let Some(mut input) = Reader::open_versions(path, &header(name), OLDEST).map_err(input_err)?
    else {
        return Ok(None);
    };
    let v2 = input.version() >= 2;
    let mut word = || input.read_u64("header");
    let (heaps, order, last_change) = (
        word().map_err(input_err)?,
        word().map_err(input_err)?,
        word().map_err(input_err)?,
    );
    let size = input.size();
    // In u128, with the counts bounded first, no length can overflow.
    let (h, o) = (u128::from(heaps) + 1, u128::from(order));
    // Version 2 adds 8 bytes and the section they count, checked below.
    let fixed = (order <= 1 << 31 && heaps < 1 << 60)
        .then(|| u128::from(input.header_len()) + 24 + 4 * o * o + o + 12 * h + 8)
        .map(|f| f + 24 * u128::from(v2));
    let fits_size = match fixed {
        Some(f) if v2 => f <= u128::from(size),
        f => f == Some(u128::from(size)),
    };
    if !fits_size || order == 0 {
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
    let mut section = Vec::new();
    let mut hints = Some(Hints::default());
    if v2 {
        let mut word = [0u32; 4];
        for w in &mut word {
            *w = input.read_u32("hints").map_err(input_err)?;
        }
        let some = |x: u32| (x != u32::MAX).then_some(x as usize);
        let h = Hints {
            shape: some(word[0]).zip(some(word[1])),
            since_learnt: some(word[2]),
            pretests: word[3] as u16,
        };
        let whole = (word[0] == u32::MAX) == (word[1] == u32::MAX) && word[3] >> 16 == 0;
        hints = (whole && h.valid()).then_some(h);
        let len = input.read_u64("learner's layer").map_err(input_err)?;
        let rest = u128::from(size) - fixed.unwrap_or(0);
        if u128::from(len) != rest {
            return Err(input_err(input.refuse(format!(
                "size {size} bytes does not match its learner's layer of {len} bytes (truncated or corrupt)"
            ))));
        }
        section = memory::filled(fits(rest)?, 0u8, max_memory)?;
        input
            .read(&mut section, "learner's layer")
            .map_err(input_err)?;
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
    let within = match section.is_empty() {
        true => Some(None),
        false => decode(&section)
            .filter(|l| l.heap == heaps + 1 && l.well_formed())
            .map(Some),
    };
    let in_range = within.is_some()
        && hints.is_some()
        && table.iter().all(|&x| x < bound)
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
        hints: hints.unwrap_or_default(),
        within: within.flatten(),
    }))
}

/// Saves a growth every `every` on the limits' clock (stretched to ten
/// times what a save takes), remembering what the file holds; between
/// heaps from the growth's loop, within a heap from the learner's thread
/// (shared behind a mutex).
struct Saver<'a> {
    path: &'a Path,
    name: &'a str,
    clock: Option<SharedClock>,
    every: Duration,
    last: Duration,
    /// The heap and learner's layer of the state in the file (`None`:
    /// not known to hold this growth).
    saved: Option<(usize, usize)>,
    /// The last layer the learner proved, of heap `state.heaps() + 1`
    /// while that heap grows: saved with the state.
    layer: Option<Layer>,
    /// A save within a heap that failed, reported between heaps.
    failed: Option<GameError>,
}

impl Saver<'_> {
    /// Saves `state`, with the learner's last layer when it is of the next
    /// heap, unless the file holds them already.
    fn save(&mut self, state: &Growth) -> Result<(), GameError> {
        let n = state.heaps();
        let layer = self.layer.as_ref().filter(|l| l.heap == n + 1);
        let key = (n, layer.map_or(0, |l| l.layer));
        if self.saved != Some(key) {
            write(self.path, self.name, state, layer).map_err(input_err)?;
            self.saved = Some(key);
        }
        Ok(())
    }

    /// Saves `state` if the interval has passed since the last save.
    fn tick(&mut self, state: &Growth) -> Result<(), GameError> {
        if let Some(e) = self.failed.take() {
            return Err(e);
        }
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

/// The saver behind its mutex (a save that panicked left nothing half
/// done in it: the file is written aside and renamed).
fn saver<'s, 'a>(m: &'s Mutex<Saver<'a>>) -> MutexGuard<'s, Saver<'a>> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
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
    let mut layer = None;
    let mut grower = match load(path, name, limits.max_memory)? {
        None => Grower::new(game, limits),
        Some(mut state) => {
            let within = state.within.take();
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
            // A layer of a heap past those asked for is not needed.
            if let Some(l) = within.filter(|_| heaps < max_heap) {
                if !grower.resume_within(l.clone())? {
                    return Err(GameError::Input(format!(
                        "checkpoint {}: its learner's layer of heap {} fails the exact check against the game's moves; remove it or name another file",
                        path.display(),
                        heaps + 1
                    )));
                }
                saved = Some((heaps, l.layer));
                layer = Some(l);
            } else {
                saved = Some((heaps, 0));
            }
            watch(heaps, grower.state().order());
            grower
        }
    };
    let shared = Mutex::new(Saver {
        path,
        name,
        clock: limits.clock.clone(),
        every,
        last: limits.clock.as_ref().map_or(Duration::ZERO, |c| c.now()),
        saved,
        layer,
        failed: None,
    });
    let publish = |below: &Growth, layer: &Layer| {
        let mut s = saver(&shared);
        s.layer = Some(layer.clone());
        if let Err(e) = s.tick(below) {
            s.failed = Some(e);
        }
    };
    let result = grower.run_within::<GameError>(
        max_heap,
        &mut |state| {
            watch(state.heaps(), state.order());
            saver(&shared).tick(state)
        },
        Some(&publish),
    );
    let mut s = saver(&shared);
    let kept = match s.failed.take() {
        Some(e) => Err(e),
        None => s.save(grower.state()),
    };
    // The file, and the learner's layer it keeps of the next heap.
    let n = grower.state().heaps() + 1;
    let file = match s.layer.as_ref().filter(|l| l.heap == n) {
        Some(l) => format!(
            "{} (with heap {n}'s sums of up to {} cop{} learned)",
            path.display(),
            l.layer,
            if l.layer == 1 { "y" } else { "ies" }
        ),
        None => path.display().to_string(),
    };
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
            kept: Some(file),
        }
        .into()),
        Err(GameError::Search(SearchError::Interrupted { done, kept: None })) if kept.is_ok() => {
            Err(SearchError::Interrupted {
                done,
                kept: Some(file),
            }
            .into())
        }
        Err(e) => Err(e),
    }
}
