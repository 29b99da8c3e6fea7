//! Retrograde analysis across ranks ([`Ranks`]): the positions of a game
//! graph dealt out, each owned by one rank, explored and solved level by
//! level with one [`Ranks::all_to_all`] exchange a level.
//!
//! A position reached by exploration belongs to the rank its text names
//! ([`text_owner`]: a hash of [`crate::TextGame::format`]'s text, the same
//! in every process); a graph whose positions are numbered
//! ([`RetroGraph`]) is dealt round robin. Exploration goes breadth first:
//! each rank lists the options of the positions it owns and sends each
//! option, with the position it comes from, to the option's owner, which
//! keeps it once (a new position joins the next level) and records the
//! move backwards. The solve goes by remoteness: the positions decided at
//! one level tell each predecessor's owner "an option of yours is lost
//! for its mover" or "n more of your options are won", grouped per
//! position, and the positions those messages decide form the next level.
//! This is the order of the one-process queue ([`crate::retrograde`]), so
//! every outcome and remoteness is the same.
//!
//! Every exchange carries each rank's status besides its messages: a rank
//! that fails (its rules, a limit on its clock or its memory) says so at
//! the next exchange, and every rank returns the error of the first rank
//! that failed, so no rank is left waiting for the others. The state
//! limit counts the positions of every rank together.

use crate::hash::FastMap;
use crate::limits::Budget;
use crate::memory::{self, Reserve};
use crate::ranks::{self, agree, put_bytes, put_u64, Ranks, Reader};
use crate::{GameError, GameGraph, Limits, Outcome, Play, RetroGraph, Retrograde, SearchError};

/// A 64-bit hash of `bytes` that every process computes alike (FNV-1a,
/// its bits mixed at the end): what names the owner of a position.
pub fn stable_hash(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^ (h >> 33)
}

/// The rank, of `size`, that owns the position written `text`.
pub fn text_owner(text: &str, size: usize) -> usize {
    (stable_hash(text.as_bytes()) % size.max(1) as u64) as usize
}

/// The remoteness stored for a draw.
const DRAWN: u32 = u32::MAX;

/// A message between ranks that does not read as one: a bug.
fn garbled() -> GameError {
    GameError::Internal("a message between ranks is truncated".into())
}

/// What one rank says at an exchange: a buffer for each rank, whether it
/// still has work (a level to expand or propagate) and a number summed
/// over the ranks.
struct Step {
    buffers: Vec<Vec<u8>>,
    active: bool,
    count: u64,
}

/// What one rank hears at an exchange: the buffers sent to it (in rank
/// order), whether any rank had work, and the sum of the numbers.
struct Heard {
    buffers: Vec<Vec<u8>>,
    active: bool,
    count: u64,
}

/// One collective exchange carrying this rank's `step` or its error
/// ([`ranks::exchange`]: every rank returns the error of the lowest rank
/// that failed, or every rank hears the step), each buffer headed by the
/// step's work flag and number.
///
/// Errors: that error; a transport failure, as an internal error.
fn exchange(ranks: &dyn Ranks, step: Result<Step, GameError>) -> Result<Heard, GameError> {
    let buffers = step.map(|s| {
        let mut header = vec![u8::from(s.active)];
        put_u64(&mut header, s.count);
        s.buffers
            .into_iter()
            .map(|b| {
                let mut v = Vec::with_capacity(header.len() + b.len());
                v.extend_from_slice(&header);
                v.extend_from_slice(&b);
                v
            })
            .collect()
    });
    let incoming = ranks::exchange(ranks, buffers)?;
    let mut heard = Heard {
        buffers: Vec::with_capacity(incoming.len()),
        active: false,
        count: 0,
    };
    for mut bytes in incoming {
        let mut r = Reader::new(&bytes);
        heard.active |= r.u8()? == 1;
        heard.count = heard.count.saturating_add(r.u64()?);
        let at = r.at();
        bytes.drain(..at);
        heard.buffers.push(bytes);
    }
    Ok(heard)
}

/// A game graph as one rank holds it: the positions it owns, numbered
/// `0..owned()` on this rank; a position anywhere is named by its owner's
/// rank and its number there.
///
/// Contract: as [`RetroGraph`]'s, across the ranks together: every move
/// `u -> v` is reported once by `v`'s owner, as `(u's rank, u's number)`,
/// and counted in `u`'s owner's `option_count(u)`.
pub trait RankGraph {
    /// Number of positions this rank owns.
    fn owned(&self) -> usize;

    /// Number of moves from this rank's position `v` (with multiplicity).
    fn option_count(&self, v: u32) -> u32;

    /// Calls `f(rank, u)` for every move from `u` (on `rank`) to this
    /// rank's position `v`.
    fn for_each_predecessor<F: FnMut(usize, u32)>(&self, v: u32, f: F);
}

/// The outcome, remoteness and counters of the positions one rank owns.
#[derive(Default)]
struct Levels {
    unresolved: Vec<u32>,
    outcome: Vec<Outcome>,
    remoteness: Vec<u32>,
}

impl Levels {
    /// Every position undecided but those without a move: lost with
    /// remoteness 0 in normal play; in misère play won with remoteness 1
    /// (their one move to the sink, as [`GameGraph::with_misere_sink`]).
    /// Returns them, the first level. Reads the clock as it goes (a
    /// hundred million positions take a second).
    fn start<G: RankGraph>(
        graph: &G,
        play: Play,
        budget: &mut Budget,
    ) -> Result<(Levels, Vec<u32>), GameError> {
        let max_memory = budget.max_memory();
        let n = graph.owned();
        let mut levels = Levels {
            unresolved: memory::filled(n, 0, max_memory)?,
            outcome: memory::filled(n, Outcome::D, max_memory)?,
            remoteness: memory::filled(n, DRAWN, max_memory)?,
        };
        let mut first = Vec::new();
        for v in 0..n {
            if v % FILL_EVERY == FILL_EVERY - 1 {
                budget.spend(FILL_EVERY as u64)?;
            }
            let count = graph.option_count(v as u32);
            levels.unresolved[v] = count;
            if count == 0 {
                (levels.outcome[v], levels.remoteness[v]) = match play {
                    Play::Normal => (Outcome::P, 0),
                    Play::Misere => (Outcome::N, 1),
                };
                first.reserve_within(1, max_memory)?;
                first.push(v as u32);
            }
        }
        Ok((levels, first))
    }

    /// The messages of `level`'s positions to their predecessors' owners:
    /// to each rank, the positions there with a lost option (each once),
    /// then each position with a count of won options.
    fn messages<G: RankGraph>(
        &self,
        graph: &G,
        level: &[u32],
        ranks: &dyn Ranks,
        budget: &mut Budget,
    ) -> Result<Step, GameError> {
        let (me, size) = (ranks.rank(), ranks.size());
        let max_memory = budget.max_memory();
        let mut lost: Vec<Vec<u32>> = vec![Vec::new(); size];
        let mut won: Vec<Vec<u32>> = vec![Vec::new(); size];
        for &v in level {
            let mut work: u64 = 1;
            let into = if self.outcome[v as usize] == Outcome::P {
                &mut lost
            } else {
                &mut won
            };
            let mut full = Ok(());
            graph.for_each_predecessor(v, |r, u| {
                work += 1;
                // A position of this rank already decided needs no word.
                if r == me && self.outcome.get(u as usize) != Some(&Outcome::D) {
                    return;
                }
                if full.is_ok() {
                    full = into[r].reserve_within(1, max_memory);
                    into[r].push(u);
                }
            });
            full?;
            budget.spend(work)?;
        }
        let buffers = lost
            .into_iter()
            .zip(won)
            .map(|(mut lost, mut won)| {
                lost.sort_unstable();
                lost.dedup();
                won.sort_unstable();
                let mut out = Vec::with_capacity(16 + 4 * lost.len() + 8 * won.len());
                out.extend_from_slice(&(lost.len() as u64).to_le_bytes());
                for u in lost {
                    out.extend_from_slice(&u.to_le_bytes());
                }
                let mut runs: Vec<(u32, u32)> = Vec::new();
                for u in won {
                    match runs.last_mut() {
                        Some((w, c)) if *w == u => *c += 1,
                        _ => runs.push((u, 1)),
                    }
                }
                out.extend_from_slice(&(runs.len() as u64).to_le_bytes());
                for (u, c) in runs {
                    out.extend_from_slice(&u.to_le_bytes());
                    out.extend_from_slice(&c.to_le_bytes());
                }
                out
            })
            .collect();
        Ok(Step {
            buffers,
            active: !level.is_empty(),
            count: 0,
        })
    }

    /// Reads the messages of one level, deciding the positions they
    /// settle with remoteness `r`; returns those, the next level.
    fn apply(
        &mut self,
        buffers: &[Vec<u8>],
        r: u32,
        budget: &mut Budget,
    ) -> Result<Vec<u32>, GameError> {
        let mut next = Vec::new();
        for bytes in buffers {
            let mut read = Reader::new(bytes);
            let lost = read.u64()?;
            for _ in 0..lost {
                let u = read.u32()? as usize;
                let o = self.outcome.get_mut(u).ok_or_else(garbled)?;
                if *o == Outcome::D {
                    *o = Outcome::N;
                    self.remoteness[u] = r;
                    next.push(u as u32);
                }
            }
            let runs = read.u64()?;
            for _ in 0..runs {
                let u = read.u32()? as usize;
                let c = read.u32()?;
                let o = self.outcome.get_mut(u).ok_or_else(garbled)?;
                if *o == Outcome::D {
                    let left = &mut self.unresolved[u];
                    *left = left.saturating_sub(c);
                    if *left == 0 {
                        *o = Outcome::P;
                        self.remoteness[u] = r;
                        next.push(u as u32);
                    }
                }
            }
            budget.spend(lost + runs)?;
        }
        Ok(next)
    }
}

/// Retrograde analysis of a graph dealt to `ranks` under `play` (misère:
/// as if every position without a move had one, to a sink), called by
/// every rank alike. Returns the outcome and remoteness of the positions
/// this rank owns, by their numbers here; in misère play each remoteness
/// counts the move to the sink, as [`crate::LoopyReport`] reads it.
///
/// Errors, on every rank alike: the time or memory limit on any rank.
pub fn solve_on_ranks<G: RankGraph>(
    graph: &G,
    play: Play,
    ranks: &dyn Ranks,
    limits: &Limits,
) -> Result<Retrograde, GameError> {
    let mut budget = Budget::start(limits);
    let mut levels = Levels::default();
    let mut level = Vec::new();
    let mut r: u32 = match play {
        Play::Normal => 0,
        Play::Misere => 1,
    };
    let mut pending = Levels::start(graph, play, &mut budget).map(|(l, first)| {
        levels = l;
        level = first;
    });
    loop {
        let step = pending
            .and_then(|()| Ok(budget.check_clock()?))
            .and_then(|()| levels.messages(graph, &level, ranks, &mut budget));
        let heard = exchange(ranks, step)?;
        if !heard.active {
            break;
        }
        r += 1;
        pending = levels
            .apply(&heard.buffers, r, &mut budget)
            .map(|next| level = next);
    }
    Ok(Retrograde::from_parts(levels.outcome, levels.remoteness))
}

/// A graph whose positions are numbered, dealt round robin: position `v`
/// belongs to rank `v % size`, where it is number `v / size`.
struct Dealt<'a, G> {
    graph: &'a G,
    rank: usize,
    size: usize,
}

impl<G: RetroGraph> RankGraph for Dealt<'_, G> {
    fn owned(&self) -> usize {
        let n = self.graph.positions();
        n / self.size + usize::from(self.rank < n % self.size)
    }

    fn option_count(&self, v: u32) -> u32 {
        self.graph
            .option_count(v * self.size as u32 + self.rank as u32)
    }

    fn for_each_predecessor<F: FnMut(usize, u32)>(&self, v: u32, mut f: F) {
        let size = self.size as u32;
        self.graph
            .for_each_predecessor(v * size + self.rank as u32, |u| {
                f((u % size) as usize, u / size)
            });
    }
}

/// [`crate::retrograde`] of `graph` across `ranks`, called by every rank
/// alike: each rank propagates the positions it is dealt, and every rank
/// gets the whole answer, equal to the one-process answer.
///
/// Errors, on every rank alike: [`SearchError::TooLarge`] when the graph
/// has more positions than `limits.max_states`; the time or memory limit
/// on any rank; a transport failure.
pub fn retrograde_ranks<G: RetroGraph>(
    graph: &G,
    ranks: &dyn Ranks,
    limits: &Limits,
) -> Result<Retrograde, GameError> {
    let n = graph.positions();
    let mut budget = Budget::start(limits);
    budget.admit(n as u128)?;
    let (rank, size) = (ranks.rank(), ranks.size());
    let dealt = Dealt { graph, rank, size };
    let mine = solve_on_ranks(&dealt, Play::Normal, ranks, limits)?;
    // Each rank writes its answers, then every rank hears whether any
    // ran out of time (so none waits at the gather for one that stopped).
    let mut bytes = Vec::new();
    let written = (|| -> Result<bool, GameError> {
        bytes.reserve_within(5 * mine.len(), limits.max_memory)?;
        for v in 0..mine.len() as u32 {
            if v as usize % FILL_EVERY == FILL_EVERY - 1 {
                budget.spend(FILL_EVERY as u64)?;
            }
            bytes.push(outcome_byte(mine.outcome(v)));
            bytes.extend_from_slice(&mine.remoteness(v).unwrap_or(DRAWN).to_le_bytes());
        }
        Ok(false)
    })();
    drop(mine);
    agree(ranks, written)?;
    let all = ranks
        .all_gather(&bytes)
        .map_err(|e| GameError::Internal(e.to_string()))?;
    drop(bytes);
    // Every rank fills the whole answer alike; one that runs out of time
    // stops, and every rank hears it after its own fill.
    let filled = (|| -> Result<(Vec<Outcome>, Vec<u32>), GameError> {
        let mut outcome = memory::filled(n, Outcome::D, limits.max_memory)?;
        let mut remoteness = memory::filled(n, DRAWN, limits.max_memory)?;
        for (r, bytes) in all.iter().enumerate() {
            for (i, entry) in bytes.chunks_exact(5).enumerate() {
                if i % FILL_EVERY == FILL_EVERY - 1 {
                    budget.spend(FILL_EVERY as u64)?;
                }
                let v = i * size + r;
                if v >= n {
                    return Err(garbled());
                }
                outcome[v] = byte_outcome(entry[0])?;
                remoteness[v] = u32::from_le_bytes(entry[1..5].try_into().map_err(|_| garbled())?);
            }
        }
        Ok((outcome, remoteness))
    })();
    drop(all);
    let heard = agree(ranks, filled.as_ref().map(|_| false).map_err(Clone::clone));
    let (outcome, remoteness) = filled?;
    heard?;
    Ok(Retrograde::from_parts(outcome, remoteness))
}

/// Positions filled between two counts of work (the budget reads the
/// clock every million or so units) where the arrays of
/// [`retrograde_ranks`] are filled.
const FILL_EVERY: usize = 4096;

fn outcome_byte(o: Outcome) -> u8 {
    match o {
        Outcome::P => 0,
        Outcome::N => 1,
        Outcome::D => 2,
    }
}

fn byte_outcome(b: u8) -> Result<Outcome, GameError> {
    match b {
        0 => Ok(Outcome::P),
        1 => Ok(Outcome::N),
        2 => Ok(Outcome::D),
        _ => Err(garbled()),
    }
}

/// A position's name across ranks: its owner's rank (high half) and its
/// number there (low half).
fn name(rank: usize, v: u32) -> u64 {
    (rank as u64) << 32 | u64::from(v)
}

/// The positions reachable from a start that one rank owns, found by
/// [`explore_ranks`], with the moves into them: a [`RankGraph`].
#[derive(Debug)]
pub struct ExploredRank<P> {
    positions: Vec<P>,
    index: FastMap<String, u32>,
    option_counts: Vec<u32>,
    /// Predecessors in compressed rows: those of position `v` are
    /// `sources[offsets[v]..offsets[v + 1]]`, each a [`name`].
    offsets: Vec<usize>,
    sources: Vec<u64>,
    total: u64,
}

impl<P> ExploredRank<P> {
    /// The positions reachable, on every rank together.
    pub fn total(&self) -> u64 {
        self.total
    }

    /// The positions this rank owns, by their numbers here: kept while
    /// exploring, dropped once the moves are listed (the solve and
    /// [`ExploredRank::query`] need only their texts), so empty after
    /// [`explore_ranks`].
    pub fn positions(&self) -> &[P] {
        &self.positions
    }

    /// The number here of the position written `text`, when this rank
    /// owns it and it was reached.
    pub fn number(&self, text: &str) -> Option<u32> {
        self.index.get(text).copied()
    }

    /// The outcome and remoteness (as [`Retrograde`] stores them, the
    /// sink's move counted in misère play) of the positions written
    /// `texts`, from `solved`, this rank's part of the solve; collective,
    /// called by every rank alike with the same texts (or an error this
    /// rank met before, which every rank then returns).
    ///
    /// Errors: a text no rank reached (an internal error), and those of
    /// the exchange.
    pub fn query(
        &self,
        solved: &Retrograde,
        texts: Result<&[String], GameError>,
        ranks: &dyn Ranks,
    ) -> Result<Vec<(Outcome, Option<u32>)>, GameError> {
        let found = texts.map(|texts| {
            let mut out = Vec::new();
            for (i, t) in texts.iter().enumerate() {
                if let Some(v) = self.number(t) {
                    out.extend_from_slice(&(i as u64).to_le_bytes());
                    out.push(outcome_byte(solved.outcome(v)));
                    out.extend_from_slice(&solved.remoteness(v).unwrap_or(DRAWN).to_le_bytes());
                }
            }
            (texts.len(), out)
        });
        let count = found.as_ref().map(|f| f.0).unwrap_or(0);
        let heard = exchange(
            ranks,
            found.map(|(_, out)| Step {
                buffers: vec![out; ranks.size()],
                active: false,
                count: 0,
            }),
        )?;
        let mut answers = vec![None; count];
        for bytes in &heard.buffers {
            let mut r = Reader::new(bytes);
            while !r.done() {
                let i = r.u64()? as usize;
                let o = byte_outcome(r.u8()?)?;
                let rem = r.u32()?;
                *answers.get_mut(i).ok_or_else(garbled)? = Some((o, (rem != DRAWN).then_some(rem)));
            }
        }
        answers
            .into_iter()
            .map(|a| {
                a.ok_or_else(|| {
                    GameError::Internal("a move leads to a position that is not an option".into())
                })
            })
            .collect()
    }

    /// The whole graph on every rank (collective): its positions
    /// renumbered rank by rank, with the start's number, for what needs
    /// every position at once (the generalized values). `start` is the
    /// start's text.
    ///
    /// Errors: those of the exchange; the memory limit.
    pub fn whole_graph(
        &self,
        start: &str,
        ranks: &dyn Ranks,
        limits: &Limits,
    ) -> Result<(GameGraph, u32), GameError> {
        let mut out = Vec::with_capacity(16 + 12 * self.sources.len());
        out.extend_from_slice(&(self.option_counts.len() as u64).to_le_bytes());
        out.extend_from_slice(&self.number(start).unwrap_or(u32::MAX).to_le_bytes());
        for v in 0..self.option_counts.len() {
            for &u in &self.sources[self.offsets[v]..self.offsets[v + 1]] {
                out.extend_from_slice(&u.to_le_bytes());
                out.extend_from_slice(&(v as u32).to_le_bytes());
            }
        }
        let heard = exchange(
            ranks,
            Ok(Step {
                buffers: vec![out; ranks.size()],
                active: false,
                count: 0,
            }),
        )?;
        let mut base = Vec::with_capacity(heard.buffers.len());
        let mut total = 0u64;
        for bytes in &heard.buffers {
            base.push(total);
            total += Reader::new(bytes).u64()?;
        }
        let mut edges: Vec<(u32, u32)> = Vec::new();
        let mut start_at = None;
        for (r, bytes) in heard.buffers.iter().enumerate() {
            let mut read = Reader::new(bytes);
            let _ = read.u64()?;
            let s = read.u32()?;
            if s != u32::MAX {
                start_at = Some((base[r] + u64::from(s)) as u32);
            }
            while !read.done() {
                let u = read.u64()?;
                let v = read.u32()?;
                let from = base.get((u >> 32) as usize).ok_or_else(garbled)? + (u & 0xffff_ffff);
                edges.reserve_within(1, limits.max_memory)?;
                edges.push((from as u32, (base[r] + u64::from(v)) as u32));
            }
        }
        let graph = GameGraph::from_edges(total as usize, &edges)?;
        Ok((graph, start_at.ok_or_else(garbled)?))
    }
}

impl<P> RankGraph for ExploredRank<P> {
    fn owned(&self) -> usize {
        self.option_counts.len()
    }

    fn option_count(&self, v: u32) -> u32 {
        self.option_counts[v as usize]
    }

    fn for_each_predecessor<F: FnMut(usize, u32)>(&self, v: u32, mut f: F) {
        for &u in &self.sources[self.offsets[v as usize]..self.offsets[v as usize + 1]] {
            f((u >> 32) as usize, u as u32);
        }
    }
}

/// [`crate::explore`] across `ranks`, called by every rank alike: every
/// position reachable from `start`, each kept by the rank [`text_owner`]
/// names from its text (`format`), which alone reads it back (`parse`)
/// and lists its options (`options`), level by level from the start.
///
/// Errors, on every rank alike: the first failing rank's `options` or
/// `parse` error, [`SearchError::StateLimit`] when the ranks together
/// meet more positions than `limits.max_states` (or `u32::MAX - 1`), the
/// time or memory limit on any rank.
pub fn explore_ranks<P: Clone>(
    start: &P,
    format: impl Fn(&P) -> String,
    parse: impl Fn(&str) -> Result<P, GameError>,
    mut options: impl FnMut(&P) -> Result<Vec<P>, GameError>,
    ranks: &dyn Ranks,
    limits: &Limits,
) -> Result<ExploredRank<P>, GameError> {
    let (me, size) = (ranks.rank(), ranks.size());
    let max_states = limits.max_states.min(u64::from(u32::MAX - 1));
    let clamped = Limits {
        max_states,
        ..limits.clone()
    };
    let mut budget = Budget::start(&clamped);
    let max_memory = budget.max_memory();
    let mut ex = ExploredRank {
        positions: Vec::new(),
        index: FastMap::default(),
        option_counts: Vec::new(),
        offsets: Vec::new(),
        sources: Vec::new(),
        total: 0,
    };
    // Moves into this rank's positions: (its number, the mover's name).
    let mut edges: Vec<(u32, u64)> = Vec::new();
    let mut level: Vec<u32> = Vec::new();
    let text = format(start);
    let mut pending = budget.check(0).map_err(GameError::from).map(|()| {
        if text_owner(&text, size) == me {
            ex.index.insert(text, 0);
            ex.positions.push(start.clone());
            ex.option_counts.push(0);
            level.push(0);
        }
    });
    let total = loop {
        let step = pending.and_then(|()| {
            budget.check_clock()?;
            let mut buffers: Vec<Vec<u8>> = vec![Vec::new(); size];
            for &u in &level {
                let opts = options(&ex.positions[u as usize])?;
                ex.option_counts[u as usize] = u32::try_from(opts.len()).unwrap_or(u32::MAX);
                for q in opts {
                    let t = format(&q);
                    let to = &mut buffers[text_owner(&t, size)];
                    to.reserve_within(16 + t.len(), max_memory)?;
                    to.extend_from_slice(&name(me, u).to_le_bytes());
                    put_bytes(to, t.as_bytes());
                }
                budget.tick()?;
            }
            Ok(Step {
                buffers,
                active: !level.is_empty(),
                count: ex.positions.len() as u64,
            })
        });
        let heard = exchange(ranks, step)?;
        if heard.count > max_states {
            return Err(SearchError::StateLimit(max_states).into());
        }
        if !heard.active {
            break heard.count;
        }
        level.clear();
        pending = (|| {
            for bytes in &heard.buffers {
                let mut r = Reader::new(bytes);
                while !r.done() {
                    let from = r.u64()?;
                    let t = r.text()?;
                    let v = match ex.index.get(t) {
                        Some(&v) => v,
                        None => {
                            if ex.positions.len() as u64 >= max_states {
                                return Err(SearchError::StateLimit(max_states).into());
                            }
                            let p = parse(t)?;
                            let v = ex.positions.len() as u32;
                            ex.positions.reserve_within(1, max_memory)?;
                            ex.option_counts.reserve_within(1, max_memory)?;
                            ex.index.reserve_within(1, max_memory)?;
                            ex.positions.push(p);
                            ex.option_counts.push(0);
                            ex.index.insert(t.to_string(), v);
                            level.push(v);
                            v
                        }
                    };
                    edges.reserve_within(1, max_memory)?;
                    edges.push((v, from));
                    budget.spend(1)?;
                }
            }
            Ok(())
        })();
    };
    // The moves backwards, by a counting sort on the position moved to;
    // the ranks agree that every one has built them before going on.
    // The positions themselves are needed no more: their texts name them.
    ex.positions = Vec::new();
    let built = backwards(ex.option_counts.len(), edges, max_memory);
    let (offsets, sources) = match built {
        Ok(b) => {
            agree::<GameError>(ranks, Ok(false))?;
            b
        }
        Err(e) => {
            agree(ranks, Err(e))?;
            return Err(garbled());
        }
    };
    ex.offsets = offsets;
    ex.sources = sources;
    ex.total = total;
    Ok(ex)
}

/// The predecessors of `n` positions in compressed rows, from the moves
/// `(position moved to, mover's name)`: a counting sort.
fn backwards(
    n: usize,
    edges: Vec<(u32, u64)>,
    max_memory: u64,
) -> Result<(Vec<usize>, Vec<u64>), GameError> {
    let mut offsets = memory::filled(n + 1, 0usize, max_memory)?;
    for &(v, _) in &edges {
        offsets[v as usize + 1] += 1;
    }
    for v in 0..n {
        offsets[v + 1] += offsets[v];
    }
    let mut fill = offsets.clone();
    let mut sources = memory::filled(edges.len(), 0u64, max_memory)?;
    for (v, u) in edges {
        sources[fill[v as usize]] = u;
        fill[v as usize] += 1;
    }
    Ok((offsets, sources))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ranks::on_threads;
    use crate::{explore, retrograde};
    use std::sync::Arc;
    use std::time::Duration;

    /// A random graph on `n` nodes, about `per` moves each, cycles and
    /// self-loops allowed, some nodes without a move.
    fn random_graph(seed: u64, n: u32, per: u32) -> GameGraph {
        let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut edges = Vec::new();
        for v in 0..n {
            if v > 0 && next() % 8 == 0 {
                continue;
            }
            for _ in 0..1 + next() % u64::from(2 * per) {
                edges.push((v, (next() % u64::from(n)) as u32));
            }
        }
        GameGraph::from_edges(n as usize, &edges).unwrap()
    }

    fn unlimited() -> Limits {
        Limits {
            max_time: None,
            ..Limits::default()
        }
    }

    #[test]
    fn a_dealt_graph_is_solved_as_in_one_process() {
        let mut seen = Vec::new();
        for seed in 0..12 {
            let g = random_graph(seed, 40 + 13 * seed as u32, 2);
            let alone = g.solve(&unlimited()).unwrap();
            seen.extend_from_slice(alone.outcomes());
            let reverse = g.reverse();
            for size in 1..=4 {
                for got in on_threads(size, |r| retrograde_ranks(&reverse, &*r, &unlimited())) {
                    assert_eq!(got.unwrap(), alone, "seed {seed}, {size} ranks");
                }
            }
        }
        for o in [Outcome::N, Outcome::P, Outcome::D] {
            assert!(seen.contains(&o), "no {o} met");
        }
        // A larger graph.
        let reverse = random_graph(99, 500, 3).reverse();
        assert_eq!(
            on_threads(3, |r| retrograde_ranks(&reverse, &*r, &unlimited())
                .unwrap())[2],
            retrograde(&reverse, &unlimited()).unwrap()
        );
    }

    /// Every node reachable from 0, its outcome and remoteness in
    /// one process under `play` (misère: with the sink's move counted).
    fn one_process(g: &GameGraph, play: Play) -> Answers {
        let ex: Explored = explore(0u32, &unlimited(), |&v| {
            Ok::<_, SearchError>(g.successors(v).to_vec())
        })
        .unwrap();
        let solved = match play {
            Play::Normal => ex.graph.solve(&unlimited()).unwrap(),
            Play::Misere => ex
                .graph
                .with_misere_sink()
                .unwrap()
                .solve(&unlimited())
                .unwrap(),
        };
        ex.positions
            .iter()
            .enumerate()
            .map(|(i, &v)| (v, solved.outcome(i as u32), solved.remoteness(i as u32)))
            .collect()
    }

    type Explored = crate::Explored<u32>;

    /// Nodes with their outcome and remoteness.
    type Answers = Vec<(u32, Outcome, Option<u32>)>;

    fn on_ranks(
        g: &GameGraph,
        play: Play,
        size: usize,
        limits: &Limits,
    ) -> Vec<Result<(u64, Answers), GameError>> {
        on_threads(size, |r| {
            let ex = explore_ranks(
                &0u32,
                |v| v.to_string(),
                |t| t.parse().map_err(|_| GameError::Input(t.into())),
                |&v| Ok(g.successors(v).to_vec()),
                &*r,
                limits,
            )?;
            let solved = solve_on_ranks(&ex, play, &*r, limits)?;
            let texts: Vec<String> = (0..g.positions()).map(|v| v.to_string()).collect();
            // Every node reached is answered; the others are no option.
            let reached: Vec<String> = texts
                .into_iter()
                .filter(|t| {
                    let mine = u64::from(ex.number(t).is_some());
                    let all = r.all_gather(&[mine as u8]).unwrap();
                    all.iter().any(|b| b[0] == 1)
                })
                .collect();
            let answers = ex.query(&solved, Ok(&reached), &*r)?;
            let mut out: Vec<_> = reached
                .iter()
                .zip(answers)
                .map(|(t, (o, rem))| (t.parse().unwrap(), o, rem))
                .collect();
            out.sort_unstable_by_key(|e| e.0);
            Ok((ex.total(), out))
        })
    }

    #[test]
    fn explored_graphs_are_solved_as_in_one_process_in_both_plays() {
        let mut draws = [false; 2];
        for seed in 0..10 {
            let g = random_graph(seed, 30 + 17 * seed as u32, 2);
            for play in [Play::Normal, Play::Misere] {
                let mut alone = one_process(&g, play);
                for o in [Outcome::N, Outcome::P, Outcome::D] {
                    draws[usize::from(play == Play::Misere)] |=
                        o == Outcome::D && alone.iter().any(|e| e.1 == o);
                }
                alone.sort_unstable_by_key(|e| e.0);
                for size in 1..=4 {
                    for got in on_ranks(&g, play, size, &unlimited()) {
                        let (total, got) = got.unwrap();
                        assert_eq!(total as usize, alone.len());
                        assert_eq!(got, alone, "seed {seed}, {play:?}, {size} ranks");
                    }
                }
            }
        }
        assert_eq!(draws, [true, true], "draws in both plays");
    }

    /// A graph of `n` positions without moves whose every look at a
    /// position's option count passes a microsecond on `clock`, counting
    /// the looks.
    struct Slow {
        n: usize,
        clock: Arc<Stepped>,
        looks: std::sync::atomic::AtomicU64,
    }

    #[derive(Debug, Default)]
    struct Stepped(std::sync::atomic::AtomicU64);

    impl crate::clock::Clock for Stepped {
        fn now(&self) -> Duration {
            Duration::from_micros(self.0.load(std::sync::atomic::Ordering::SeqCst))
        }
    }

    impl RetroGraph for Slow {
        fn positions(&self) -> usize {
            self.n
        }
        fn option_count(&self, _v: u32) -> u32 {
            self.looks.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            self.clock
                .0
                .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            0
        }
        fn for_each_predecessor<F: FnMut(u32)>(&self, _v: u32, _f: F) {}
    }

    /// Filling the arrays reads the clock as it goes: a fill that would
    /// take four seconds stops with the time limit of one, having looked
    /// at about a second's worth of positions, not at all four million
    /// (issue 35, item 8).
    #[test]
    fn filling_the_arrays_stops_at_the_time_limit() {
        let clock = Arc::new(Stepped::default());
        let g = Slow {
            n: 4_000_000,
            clock: Arc::clone(&clock),
            looks: Default::default(),
        };
        let limits = Limits {
            max_states: u64::MAX,
            max_time: Some(Duration::from_secs(1)),
            clock: Some(clock),
            ..Limits::default()
        };
        let got = on_threads(1, |r| retrograde_ranks(&g, &*r, &limits));
        assert!(
            matches!(&got[0], Err(GameError::Search(SearchError::TimeLimit(_)))),
            "{:?}",
            got[0].as_ref().map(|_| ())
        );
        let looks = g.looks.load(std::sync::atomic::Ordering::SeqCst);
        assert!(looks < 2_000_000, "{looks} positions looked at");
    }

    #[test]
    fn every_rank_stops_with_one_error() {
        let g = random_graph(3, 400, 3);
        let reached = one_process(&g, Play::Normal).len() as u64;
        assert!(reached > 50, "{reached}");
        // The state limit counts every rank's positions.
        let tight = Limits {
            max_states: reached - 1,
            ..unlimited()
        };
        for size in 1..=4 {
            for got in on_ranks(&g, Play::Normal, size, &tight) {
                assert_eq!(
                    got.unwrap_err(),
                    SearchError::StateLimit(reached - 1).into()
                );
            }
        }
        // No time at all: every rank stops, none waits.
        let none = Limits {
            max_time: Some(Duration::ZERO),
            ..Limits::default()
        };
        for size in 1..=4 {
            for got in on_ranks(&g, Play::Misere, size, &none) {
                assert!(
                    matches!(got, Err(GameError::Search(SearchError::TimeLimit(_)))),
                    "{got:?}"
                );
            }
        }
        // One rank's rules fail: every rank reports that failure.
        for size in 1..=4 {
            let got: Vec<Result<u64, GameError>> = on_threads(size, |r| {
                let ex = explore_ranks(
                    &0u32,
                    |v| v.to_string(),
                    |t| t.parse().map_err(|_| GameError::Input(t.into())),
                    |&v| {
                        if v == 7 {
                            Err(SearchError::Rules(crate::RulesError::new("node 7 threw")).into())
                        } else {
                            Ok(vec![(v + 1) % 20])
                        }
                    },
                    &*r,
                    &unlimited(),
                )?;
                Ok(ex.total())
            });
            for e in got {
                assert_eq!(e.unwrap_err().to_string(), "node 7 threw");
            }
        }
    }

    #[test]
    fn owners_are_spread_and_stable() {
        // Computed apart from this code: FNV-1a in Python (its hash of
        // "a" before the mix, 0xaf63dc4c8601ec8c, is the published test
        // vector), then the same final mix. Every rank, on any machine and
        // build, must name the same owner.
        assert_eq!(stable_hash(b""), 0xecba_3df2_c338_3c52);
        assert_eq!(stable_hash(b"a"), 0xed81_70de_1919_a24d);
        assert_eq!(stable_hash(b"12 A"), 0x81e2_296b_e069_ab24);
        assert_eq!(text_owner("12 A", 3), 1);
        assert_eq!(text_owner("12 A", 1), 0);
        let mut counts = [0usize; 3];
        for v in 0..3000 {
            counts[text_owner(&v.to_string(), 3)] += 1;
        }
        assert!(counts.iter().all(|&c| c > 800), "{counts:?}");
    }
}
