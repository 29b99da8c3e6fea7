//! [`Adapter`]: any [`TextGame`] served as a [`Family`] through the
//! engine's solvers, its record assembled from what the game declares.

use crate::family::{
    no_quotient, no_sequence, Analyze, EndReasons, GenusSequence, MisereQuotient, Notation,
    OnRanks, Remoteness, ValueSequence, ValueSources,
};
use crate::heap_quotient::{heap_quotient, quotient_heaps};
use crate::{admit_genus_heaps, Family, SeqReport};
use grundy_engine::memory::Reserve;
use grundy_engine::ranks::Ranks;
use grundy_engine::{
    analyze_on_ranks, analyze_with, check_moves_bound, Analysis, Detail, GameError, Genus, Limits,
    MisereSolver, MoveOutcomes, MoveReport, Play, ReachableGame, SearchError, Solver, TextGame,
};
use grundy_quotient::{QuotientControl, QuotientReport};
use grundy_sequence::Control;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Most bytes, beyond those already held, that [`Family::move_remoteness`]
/// of a registered family may take to explore the game from a position
/// (its positions and every move between them): a position of few
/// positions but very many moves (a staircase of 100,000 coins has
/// 5·10^9) is left to the engine's heuristic instead.
pub const REMOTENESS_MEMORY: u64 = 128 << 20;

/// How many times over the text of a position [`Adapter::analyze_within`]
/// admits against the memory budget before parsing it: its parsed form,
/// the answer's copies of it and their rendering.
pub const POSITION_TEXT_COPIES: u64 = 32;

/// [`Family::move_remoteness`] of a registered family explores for at
/// most this fraction (one over it) of the time limit, leaving the rest
/// to the heuristic when it gives up.
pub const REMOTENESS_TIME_SHARE: u32 = 4;
/// How an [`Adapter`] answers `seq`: from the game, the family's name, the
/// largest heap and the computation's control.
pub type SeqFn<G> =
    Box<dyn Fn(&G, &str, u64, &Control) -> Result<SeqReport, GameError> + Send + Sync>;

/// The position of one heap of `k` in a one-heap family (for
/// `seq --genus`).
pub type HeapFn<G> = Box<dyn Fn(u64) -> <G as grundy_engine::Rules>::Position + Send + Sync>;

/// The size of a one-heap position of a family whose positions are sums
/// of heaps, `None` for a position that is not one heap (see
/// [`Adapter::with_heap_quotient`]).
pub type HeapSizeFn<G> =
    Box<dyn Fn(&<G as grundy_engine::Rules>::Position) -> Option<u64> + Send + Sync>;

/// What runs around every question an [`Adapter`] answers, for a game
/// that needs more than the engine's limits: a rules file starts its
/// script's clock, words a cycle its own way, and turns a failed
/// `format` into the answer's error.
pub trait Scope: Send + Sync {
    /// Called before each question.
    fn enter(&self);
    /// The error of a question, as the family words it.
    fn word(&self, e: GameError) -> GameError;
    /// A fault the question left behind that makes its answer an error
    /// (taken: the next question starts clean).
    fn fault(&self) -> Option<GameError>;
    /// What the question left to say beside its answer, added to an
    /// analysis's notes (taken; a rules file's `print`). None by default.
    fn notes(&self) -> Vec<String> {
        Vec::new()
    }
}

/// Serves any [`TextGame`] as a [`Family`] through the engine's solvers.
///
/// The game (and the tables it holds) is shared read-only; solver state
/// (memo tables) is per caller: each `analyze` borrows a pair of solvers
/// from a pool and gives it back, so a batch answered on several threads
/// never waits on another thread's search, and a single-threaded caller
/// keeps reusing one warm pair.
///
/// [`Adapter::family`] assembles the record: the core, the remoteness of
/// moves and the sources of values always (the engine gives them to any
/// game), analyses across ranks when positions may repeat, and what the
/// registration declares: [`Adapter::with_seq`], [`Adapter::with_heaps`]
/// (the genus), [`Adapter::with_heap_quotient`], [`Adapter::with_notation`],
/// [`Adapter::with_end_reasons`].
pub struct Adapter<G: TextGame> {
    name: String,
    game: Arc<G>,
    pool: Mutex<Vec<Solvers<G>>>,
    limits: Limits,
    seq: Option<SeqFn<G>>,
    heap: Option<HeapFn<G>>,
    heap_size: Option<HeapSizeFn<G>>,
    /// `t` of the quotient's periodicity test, if it applies.
    reach: Option<u64>,
    /// The game's [`TextGame::read_move`] and
    /// [`TextGame::move_notation`] are its notation.
    notation: bool,
    /// The game's [`TextGame::end_reason`] says why games end.
    end_reasons: bool,
    scope: Option<Arc<dyn Scope>>,
    /// The last quotient answered, with its heap bound: asked again (in
    /// Python, on the page), it is not grown again.
    last_quotient: Mutex<Option<(usize, QuotientReport)>>,
}

/// The normal-play and misère solvers one caller uses.
struct Solvers<G: TextGame> {
    normal: Solver<G>,
    misere: MisereSolver<G>,
}

impl<G: TextGame + 'static> Adapter<G> {
    /// Wraps `game`, named `name` in reports, with search `limits`.
    pub fn new(name: impl Into<String>, game: G, limits: &Limits) -> Self {
        Adapter {
            name: name.into(),
            game: Arc::new(game),
            pool: Mutex::new(Vec::new()),
            limits: limits.clone(),
            seq: None,
            heap: None,
            heap_size: None,
            reach: None,
            notation: false,
            end_reasons: false,
            scope: None,
            last_quotient: Mutex::new(None),
        }
    }

    /// Answers `genus_seq` (`seq --genus`) with the genus of `heap(k)` for
    /// k = 0..=n.
    pub fn with_heaps(mut self, heap: impl Fn(u64) -> G::Position + Send + Sync + 'static) -> Self {
        self.heap = Some(Box::new(heap));
        self
    }

    /// Answers `quotient` (with [`Adapter::with_heaps`]) for a game whose
    /// positions are sums of heaps: each option of a heap, split into its
    /// components, must be heaps (`size` of each `Some`, below the heap).
    /// `reach` is `t` of the misère periodicity test when it applies (a
    /// move takes at most `t` counters and leaves at most two heaps, as
    /// in a take-and-break code of `t` digits); without it the answer is
    /// the bounded quotient of the heaps asked for, never called solved.
    pub fn with_heap_quotient(
        mut self,
        reach: Option<u64>,
        size: impl Fn(&G::Position) -> Option<u64> + Send + Sync + 'static,
    ) -> Self {
        self.heap_size = Some(Box::new(size));
        self.reach = reach;
        self
    }

    /// Answers `seq` with `seq` (a one-heap family's value sequence).
    pub fn with_seq(mut self, seq: SeqFn<G>) -> Self {
        self.seq = Some(seq);
        self
    }

    /// Declares the game's [`TextGame::read_move`] and
    /// [`TextGame::move_notation`] its notation.
    pub fn with_notation(mut self) -> Self {
        self.notation = true;
        self
    }

    /// Declares the game's [`TextGame::end_reason`] its end reasons.
    pub fn with_end_reasons(mut self) -> Self {
        self.end_reasons = true;
        self
    }

    /// Runs every question within `scope`.
    pub fn with_scope(mut self, scope: Arc<dyn Scope>) -> Self {
        self.scope = Some(scope);
        self
    }

    /// The family's record (see the type's doc).
    pub fn family(self) -> Family {
        Arc::new(self).record()
    }

    /// The record of a shared adapter, for a family that answers some
    /// questions itself and the rest by the adapter (it replaces those
    /// capabilities in the record).
    pub fn record(self: &Arc<Self>) -> Family {
        let loopy = self.game.may_repeat();
        let heaps = self.heap.is_some();
        Family::new(self.name.clone(), &self.limits, self.clone())
            .with_loopy(loopy)
            .with_remoteness(Some(self.clone()))
            .with_value_sources(Some(self.clone()))
            .with_ranks(loopy.then(|| self.clone() as Arc<dyn OnRanks>))
            .with_notation(self.notation.then(|| self.clone() as Arc<dyn Notation>))
            .with_end_reasons(
                self.end_reasons
                    .then(|| self.clone() as Arc<dyn EndReasons>),
            )
            .with_sequence(
                self.seq
                    .is_some()
                    .then(|| self.clone() as Arc<dyn ValueSequence>),
            )
            .with_genus(heaps.then(|| self.clone() as Arc<dyn GenusSequence>))
            .with_quotient(
                (heaps && self.heap_size.is_some())
                    .then(|| self.clone() as Arc<dyn MisereQuotient>),
            )
    }

    /// The genus of each of `positions`, in order, by the engine's
    /// [`grundy_engine::GenusSolver`] under the family's limits, one budget
    /// for them all; the table is kept for the next call.
    pub fn genera(&self, positions: &[G::Position]) -> Result<Vec<Genus>, GameError> {
        let mut s = self.borrow()?;
        let answer = s.misere.genus_solver().genera(positions);
        self.give_back(s);
        Ok(answer?)
    }

    /// `run` within the scope, if any: entered first, its error worded,
    /// a fault left behind made the answer's error.
    fn scoped<T>(&self, run: impl FnOnce() -> Result<T, GameError>) -> Result<T, GameError> {
        let Some(scope) = &self.scope else {
            return run();
        };
        scope.enter();
        let answer = run().map_err(|e| scope.word(e));
        match scope.fault() {
            Some(fault) if answer.is_ok() => Err(fault),
            _ => answer,
        }
    }

    /// `run`, which cannot fail, within the scope, if any.
    fn scoped_option<T>(&self, run: impl FnOnce() -> Option<T>) -> Option<T> {
        self.scoped(|| Ok(run())).ok().flatten()
    }

    /// A pair of solvers from the pool, or a new pair when every pair is
    /// in use.
    fn borrow(&self) -> Result<Solvers<G>, GameError> {
        let mut pool = self
            .pool
            .lock()
            .map_err(|_| GameError::Internal("solver pool lock poisoned".into()))?;
        Ok(pool.pop().unwrap_or_else(|| Solvers {
            normal: Solver::new(self.game.clone(), self.limits.clone()),
            misere: MisereSolver::new(self.game.clone(), self.limits.clone()),
        }))
    }

    /// Returns a pair to the pool for the next caller.
    fn give_back(&self, solvers: Solvers<G>) {
        if let Ok(mut pool) = self.pool.lock() {
            pool.push(solvers);
        }
    }

    /// [`Analyze::analyze_with`], ending by the clock reading `until` at
    /// the latest (when given): a family that did part of the answer's
    /// work itself (heap values computed first, say) passes the end of
    /// the time limit it started, so the whole answer keeps to one limit.
    pub fn analyze_within(
        &self,
        args: &[&str],
        play: Play,
        detail: Detail,
        until: Option<Duration>,
    ) -> Result<Analysis, GameError> {
        let mut answer = self.scoped(|| self.analyze_unscoped(args, play, detail, until))?;
        if let Some(scope) = &self.scope {
            answer.notes.extend(scope.notes());
        }
        Ok(answer)
    }

    fn analyze_unscoped(
        &self,
        args: &[&str],
        play: Play,
        detail: Detail,
        until: Option<Duration>,
    ) -> Result<Analysis, GameError> {
        // A position's text is held many times over while it is parsed,
        // answered and written (a million-edge Hackenbush star of 12 MB
        // took 310 MB): admitted against the budget first.
        let text: u64 = args.iter().map(|a| a.len() as u64 + 1).sum();
        grundy_engine::memory::admit(
            text.saturating_mul(POSITION_TEXT_COPIES),
            self.limits.max_memory,
        )?;
        let mut s = self.borrow()?;
        // The answer's time starts before the parse: a family may compute
        // values there (a coin rule checks each head's value is known,
        // growing Grundy's game to 10^6 in 3 s for a 0.5 s limit).
        let shared = s.normal.limits().ending_by(until).sharing_time();
        // One scope for the parse and the answer: the solvers' own
        // deadlines end with it (`Limits::deadline` reads the answer's end).
        let answer = shared.within_answer(|| {
            let p = self.game.parse(args)?;
            analyze_with(
                &self.name,
                &*self.game,
                &mut s.normal,
                &mut s.misere,
                &p,
                play,
                detail,
            )
        });
        self.give_back(s);
        answer
    }

    /// The wrapped game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The family's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The family's limits.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }
}

impl<G: TextGame + 'static> Analyze for Adapter<G> {
    fn analyze_with(
        &self,
        args: &[&str],
        play: Play,
        detail: Detail,
    ) -> Result<Analysis, GameError> {
        self.analyze_within(args, play, detail, None)
    }

    fn moves(&self, args: &[&str]) -> Result<Vec<MoveReport>, GameError> {
        self.scoped(|| {
            let p = self.game.parse(args)?;
            check_moves_bound(&*self.game, &p, &self.limits)?;
            // Writing millions of positions takes seconds: one time limit
            // for making the moves and writing them.
            let limits = self.limits.sharing_time();
            let mut deadline = limits.deadline();
            let moves = limits.within_answer(|| self.game.moves(&p).map_err(SearchError::from))?;
            let mut reports = Vec::new();
            reports.reserve_within(moves.len(), self.limits.max_memory)?;
            for m in moves {
                deadline.tick().map_err(SearchError::TimeLimit)?;
                reports.push(MoveReport {
                    label: m.label,
                    to: self.game.format(&m.to),
                });
            }
            Ok(reports)
        })
    }
}

/// The engine's [`analyze_on_ranks`] under the family's limits.
impl<G: TextGame + 'static> OnRanks for Adapter<G> {
    fn analyze_on_ranks(
        &self,
        args: &[&str],
        play: Play,
        detail: Detail,
        ranks: &dyn Ranks,
    ) -> Result<Analysis, GameError> {
        self.scoped(|| {
            // The parse is part of the answer, as in one process: within
            // its time limit and memory budget.
            let shared = self.limits.sharing_time();
            let p = shared.within_answer(|| self.game.parse(args))?;
            analyze_on_ranks(&self.name, &*self.game, &p, play, detail, &shared, ranks)
        })
    }
}

/// Retrograde analysis of every position reachable from the one asked
/// about, within a share of the family's limits.
impl<G: TextGame + 'static> Remoteness for Adapter<G> {
    fn move_remoteness(
        &self,
        args: &[&str],
        play: Play,
        max_positions: u64,
    ) -> Result<Option<MoveOutcomes>, GameError> {
        self.scoped(|| {
            let p = self.game.parse(args)?;
            // An attempt: past its share of the states, memory or time the
            // caller falls back on what costs less, so each is bounded
            // below the answer's own limits.
            let held = grundy_engine::memory::allocated().unwrap_or(0);
            let limits = Limits {
                max_states: max_positions.min(self.limits.max_states),
                max_memory: self
                    .limits
                    .max_memory
                    .min(held.saturating_add(REMOTENESS_MEMORY)),
                max_time: self.limits.max_time.map(|t| t / REMOTENESS_TIME_SHARE),
                ..self.limits.clone()
            };
            let reachable = match ReachableGame::solve(&*self.game, &p, play, &limits) {
                Ok(r) => r,
                Err(GameError::Search(
                    SearchError::StateLimit(_)
                    | SearchError::TooLarge { .. }
                    | SearchError::MemoryLimit(_)
                    | SearchError::TimeLimit(_),
                )) => return Ok(None),
                Err(e) => return Err(e),
            };
            let moves = self.game.moves(&p).map_err(SearchError::from)?;
            let targets = reachable.targets(&moves)?;
            Ok(Some(reachable.report().move_outcomes(&targets)))
        })
    }
}

/// The game's closed forms, part by part.
impl<G: TextGame + 'static> ValueSources for Adapter<G> {
    fn value_sources(&self, args: &[&str]) -> Result<Vec<(String, Option<String>)>, GameError> {
        self.scoped(|| {
            let p = self.game.parse(args)?;
            let parts = self.game.normal_play_parts(&p).map_err(SearchError::from)?;
            Ok(parts
                .iter()
                .map(|q| {
                    let source = self.game.closed_form(q).map(|_| {
                        self.game
                            .closed_form_source(q)
                            .unwrap_or_else(|| "a closed form".to_string())
                    });
                    (self.game.format(q), source)
                })
                .collect())
        })
    }
}

/// The game's [`TextGame::read_move`] (on `typed` split on white space)
/// and [`TextGame::move_notation`].
impl<G: TextGame + 'static> Notation for Adapter<G> {
    fn read_move(&self, args: &[&str], typed: &str) -> Option<Result<MoveReport, GameError>> {
        self.scoped_option(|| {
            let p = self.game.parse(args).ok()?;
            let words: Vec<&str> = typed.split_whitespace().collect();
            Some(match self.game.read_move(&p, &words)? {
                Ok(m) => Ok(MoveReport {
                    label: m.label,
                    to: self.game.format(&m.to),
                }),
                Err(e) => Err(e.into()),
            })
        })
    }

    fn describe(&self, args: &[&str]) -> Option<String> {
        self.scoped_option(|| self.game.move_notation(&self.game.parse(args).ok()?))
    }
}

/// The game's [`TextGame::end_reason`].
impl<G: TextGame + 'static> EndReasons for Adapter<G> {
    fn end_reason(&self, args: &[&str]) -> Option<String> {
        self.scoped_option(|| self.game.end_reason(&self.game.parse(args).ok()?))
    }
}

/// By the registration's [`SeqFn`].
impl<G: TextGame + 'static> ValueSequence for Adapter<G> {
    fn seq(&self, n: u64, ctl: &Control) -> Result<SeqReport, GameError> {
        match &self.seq {
            Some(seq) => self.scoped(|| seq(&self.game, &self.name, n, ctl)),
            None => Err(no_sequence(&self.name)),
        }
    }
}

/// The genus of the registration's heaps, by search.
impl<G: TextGame + 'static> GenusSequence for Adapter<G> {
    fn genus_seq(&self, n: u64) -> Result<Vec<Genus>, GameError> {
        let Some(heap) = &self.heap else {
            return Err(no_sequence(&self.name));
        };
        admit_genus_heaps(n, &self.limits)?;
        self.scoped(|| {
            let mut positions = Vec::new();
            positions.reserve_within(n as usize + 1, self.limits.max_memory)?;
            positions.extend((0..=n).map(heap));
            self.genera(&positions)
        })
    }
}

/// Kept: the same question again is answered without growing the
/// quotient again, unless a checkpoint is asked for (then it is read, and
/// written).
impl<G: TextGame + 'static> MisereQuotient for Adapter<G> {
    fn quotient(&self, max_heap: u64, ctl: &QuotientControl) -> Result<QuotientReport, GameError> {
        let (Some(heap), Some(size)) = (&self.heap, &self.heap_size) else {
            return Err(no_quotient(&self.name));
        };
        let max_heap = quotient_heaps(max_heap)?;
        let mut last = self
            .last_quotient
            .lock()
            .map_err(|_| GameError::Internal("quotient cache poisoned".into()))?;
        if let Some((_, report)) = last
            .as_ref()
            .filter(|(n, _)| *n == max_heap && ctl.checkpoint.is_none())
        {
            return Ok(report.clone());
        }
        let grown = self.scoped(|| {
            heap_quotient(
                &*self.game,
                &self.name,
                &|k| Ok(heap(k)),
                &**size,
                self.reach,
                max_heap,
                &self.limits,
                ctl,
            )
        })?;
        let report = QuotientReport::new(&self.name, &grown);
        *last = Some((max_heap, report.clone()));
        Ok(report)
    }
}
