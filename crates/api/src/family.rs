//! The object-safe face of a game family, used by every front end, and
//! the registration record every family provides.

use crate::SeqValues;
use grundy_engine::clock::moves_error;
use grundy_engine::memory::Reserve;
use grundy_engine::ranks::Ranks;
use grundy_engine::Deadline;
use grundy_engine::{
    analyze_on_ranks, analyze_with, check_moves_bound, Analysis, Detail, GameError, Genus, Limits,
    MisereSolver, MoveOutcomes, MoveReport, Play, ReachableGame, SearchError, Solver, TextGame,
};
use grundy_quotient::{QuotientControl, QuotientReport};
use grundy_sequence::{Control, Period};
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A built game family (its options already applied), ready to answer
/// questions about positions given as text. One `Family` serves a whole
/// batch, so its tables are built once.
pub trait Family: Send + Sync {
    /// The game's name with its options, e.g. `bash --max 10`.
    fn name(&self) -> String;

    /// Analyses the position written as `args` (the position arguments of
    /// `grundy analyze`), every winning move listed.
    fn analyze(&self, args: &[&str], play: Play) -> Result<Analysis, GameError> {
        self.analyze_with(args, play, Detail::AllMoves)
    }

    /// Analyses the position written as `args`, working out as much of
    /// the move list as `detail` asks ([`Detail::OutcomeOnly`] answers
    /// positions with too many moves to list).
    fn analyze_with(
        &self,
        args: &[&str],
        play: Play,
        detail: Detail,
    ) -> Result<Analysis, GameError>;

    /// Analyses the position written as `args` as
    /// [`Family::analyze_with`] does, the work spread over `ranks`
    /// (`grundy analyze --mpi`): called by every rank alike, every rank
    /// gets the answer, byte for byte the one-process answer, or the same
    /// error (no rank is left waiting for another). Only games whose
    /// positions may repeat are spread; the default refuses (bad input).
    fn analyze_on_ranks(
        &self,
        _args: &[&str],
        _play: Play,
        _detail: Detail,
        _ranks: &dyn Ranks,
    ) -> Result<Analysis, GameError> {
        Err(GameError::Input(format!(
            "--mpi: {} is answered on one machine; analyze takes --mpi for games whose positions may repeat (ring, graph --misere, rules files declaring loopy())",
            self.name()
        )))
    }

    /// Every legal move from the position written as `args`, labelled, in
    /// the family's deterministic order, each `to` in the syntax `analyze`
    /// accepts (what `grundy play` offers a human). Refuses, naming the
    /// limit, a position with more moves than the state limit.
    fn moves(&self, args: &[&str]) -> Result<Vec<MoveReport>, GameError>;

    /// The outcome (for the player to move after it) and remoteness of
    /// each legal move of the position written as `args`, in the order of
    /// [`Family::moves`], found by retrograde analysis of every position
    /// reachable from it (`None` remoteness for a draw); `Ok(None)` when
    /// that game has more than `max_positions` positions (or the state
    /// limit), or the family cannot say.
    fn move_remoteness(
        &self,
        _args: &[&str],
        _play: Play,
        _max_positions: u64,
    ) -> Result<Option<MoveOutcomes>, GameError> {
        Ok(None)
    }

    /// The end of the time `play`'s engine may spend weighing its moves
    /// one analysis at a time: the family's time limit, started now. The
    /// default: no end (a family without a time limit of its own).
    fn weighing_deadline(&self) -> Deadline {
        Deadline::never()
    }

    /// Where the normal-play value of each part of the position written as
    /// `args` comes from, in words (see
    /// [`grundy_engine::Impartial::closed_form_source`]): one entry per
    /// part the position splits into, the part as formatted in
    /// [`Analysis::components`] and the source, `None` for a value found
    /// by search. Families that cannot say answer an empty list.
    fn value_sources(&self, _args: &[&str]) -> Result<Vec<(String, Option<String>)>, GameError> {
        Ok(Vec::new())
    }

    /// Reads a move of the position written as `args` typed in the game's
    /// own notation (`typed`: the line as typed, e.g. `2 3` in nim), for
    /// front ends where a person types moves. The default: no notation.
    ///
    /// Contract: `None` when `typed` is not in the notation at all (always,
    /// for a family without one) or `args` is no position, so the front end
    /// may read it otherwise; `Some(Ok(m))` when it names a legal move, `m`
    /// being one of [`Family::moves`]`(args)` (same label and `to`);
    /// `Some(Err(e))` when it is in the notation but names no legal move
    /// here: an input error whose message says why. A family with a
    /// notation also describes it in [`Family::move_notation`]; front ends
    /// ask `read_move` only of a family that does.
    fn read_move(&self, _args: &[&str], _typed: &str) -> Option<Result<MoveReport, GameError>> {
        None
    }

    /// How [`Family::read_move`]'s notation is written, for a person: the
    /// form and its meaning, with an example that is a legal move of the
    /// position written as `args` when it has one. `None` when the family
    /// has no notation (the default) or `args` is no position.
    fn move_notation(&self, _args: &[&str]) -> Option<String> {
        None
    }

    /// What ended the game at the position written as `args`, in the
    /// game's own words, when the family can say more than "the player to
    /// move has no move" (``X X X made at cells 4-6``); `None` (the
    /// default) otherwise, and for a position that still has a move.
    fn end_reason(&self, _args: &[&str]) -> Option<String> {
        None
    }

    /// Whether positions may repeat (a game with cycles, which may go on
    /// for ever unless a draw is declared). The default: no.
    fn may_repeat(&self) -> bool {
        false
    }

    /// The values of heaps 0..=n of a one-heap family, with its period,
    /// computed as `ctl` says (method, threads, checkpoint, time limit).
    /// Families without a one-heap sequence answer with an input error.
    fn seq(&self, _n: u64, _ctl: &Control) -> Result<SeqReport, GameError> {
        Err(no_sequence(&self.name()))
    }

    /// The genus of heaps 0..=n of a one-heap family (`seq --genus`), by
    /// memoised search of the sums of smaller heaps their options leave,
    /// under the family's limits (one budget for every heap). Families
    /// without a one-heap sequence answer with an input error; a limit hit
    /// is [`GameError::Search`] naming it.
    fn genus_seq(&self, _n: u64) -> Result<Vec<Genus>, GameError> {
        Err(no_sequence(&self.name()))
    }

    /// The misère quotient of the closure of heaps 0..=max_heap of a
    /// one-heap take-and-break family (`grundy quotient`), grown heap by
    /// heap and stopped early when the periodicity test proves it the
    /// whole game's quotient, under the family's limits, with a progress
    /// bar on stderr when `ctl.progress`, resumed from and saved to
    /// `ctl.checkpoint` when it is set (the answer is the same). Other
    /// families answer with an input error; a limit hit is
    /// [`GameError::Search`]; a checkpoint that cannot be used or written
    /// is an input error naming the file.
    fn quotient(
        &self,
        _max_heap: u64,
        _ctl: &QuotientControl,
    ) -> Result<QuotientReport, GameError> {
        Err(no_quotient(&self.name()))
    }
}

/// Grows the quotient of `game` with [`grundy_quotient::grow_with`] (its
/// checkpoint, if `ctl` names one, is the growth of `name`: a rule's name,
/// a family's with its options), drawing a progress bar on stderr when
/// `ctl.progress` (heaps done, the order so far).
pub fn grow_shown(
    game: &dyn grundy_quotient::HeapGame,
    name: &str,
    max_heap: usize,
    limits: &Limits,
    ctl: &QuotientControl,
) -> Result<grundy_quotient::HeapQuotient, GameError> {
    let bar = grundy_sequence::Progress::start(ctl.progress, max_heap as u64);
    let grown = grundy_quotient::grow_with(game, name, max_heap, limits, ctl, &mut |n, order| {
        bar.set(n as u64);
        bar.say(format!("order {order}"));
    });
    bar.finish();
    grown
}

/// The error of `quotient` for a family that is not a game of heaps.
fn no_quotient(name: &str) -> GameError {
    GameError::Input(format!(
        "game '{name}' has no misère quotient here: `grundy quotient` takes games of heaps (nim, lasker, bash, subtraction sets, octal and hexadecimal codes (`octal --code`), kayles, dawson-kayles, grundy-game, ...)"
    ))
}

/// The largest `--max-heap` of `grundy quotient`: the options of every
/// heap are kept (about `n^2 / 4` of them for a code that splits).
pub const MAX_QUOTIENT_HEAP: usize = 10_000;

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

/// `max_heap` of [`Family::quotient`] as an index, refused past
/// [`MAX_QUOTIENT_HEAP`].
pub fn quotient_heaps(max_heap: u64) -> Result<usize, GameError> {
    usize::try_from(max_heap)
        .ok()
        .filter(|&n| n <= MAX_QUOTIENT_HEAP)
        .ok_or_else(|| {
            GameError::Input(format!(
                "--max-heap {max_heap} is too large: at most {MAX_QUOTIENT_HEAP}"
            ))
        })
}

/// The answer of `grundy seq`, built the same way for every front end:
/// the values of heaps 0..=n (see [`Family::seq`]) and, with `genus`,
/// each heap's genus ([`Family::genus_seq`], searched first, so a limit
/// it hits is reported before a long sequence is computed).
pub fn seq_report(
    family: &dyn Family,
    n: u64,
    ctl: &Control,
    genus: bool,
) -> Result<SeqReport, GameError> {
    let genera = genus.then(|| family.genus_seq(n)).transpose()?;
    let mut report = family.seq(n, ctl)?;
    report.genus = genera;
    Ok(report)
}

/// The error of `seq` for a family without a one-heap sequence.
/// Refuses `seq --genus` of heaps 0..=n before any heap is built when
/// there are more heaps than the state limit: each heap is at least one
/// state of the genus search.
pub fn admit_genus_heaps(n: u64, limits: &Limits) -> Result<(), GameError> {
    let heaps = u128::from(n) + 1;
    if heaps > u128::from(limits.max_states) {
        return Err(SearchError::TooLarge {
            estimate: heaps,
            limit: limits.max_states,
        }
        .into());
    }
    Ok(())
}

fn no_sequence(name: &str) -> GameError {
    GameError::Input(format!(
        "game '{name}' has no one-heap value sequence; `grundy seq` takes heap games"
    ))
}

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

/// The answer of `grundy seq`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeqReport {
    /// The game as the user named it, with its options, e.g. `kayles` or
    /// `subtraction 2,5,7`.
    pub game: String,
    /// The take-and-break code of the game in normal form (`0.77` for
    /// Kayles), for games that have one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// The largest heap asked for.
    pub n: u64,
    /// `values.get(k)` is the value of a heap of k, for k in 0..=n (two
    /// bytes a heap whenever the values fit).
    pub values: SeqValues,
    /// The period found in the computed range, if any. Its pre-period may
    /// lie beyond `n` when more heaps were computed than asked (see
    /// `computed_to`).
    pub period: Option<Period>,
    /// The largest heap whose value was computed: at least `n`, more when
    /// a short request was extended to find its period.
    pub computed_to: u64,
    /// With `seq --genus`: the genus of each heap 0..=n, in order
    /// (`{"normal": g, "misere": [γ0, …]}`); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub genus: Option<Vec<Genus>>,
}

/// Serves any [`TextGame`] as a [`Family`] through the engine's solvers.
///
/// The game (and the tables it holds) is shared read-only; solver state
/// (memo tables) is per caller: each `analyze` borrows a pair of solvers
/// from a pool and gives it back, so a batch answered on several threads
/// never waits on another thread's search, and a single-threaded caller
/// keeps reusing one warm pair.
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
            last_quotient: Mutex::new(None),
        }
    }

    /// Answers `genus_seq` (`seq --genus`) with the genus of `heap(k)` for
    /// k = 0..=n; without it `genus_seq` is refused as `seq` is.
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

    /// The genus of each of `positions`, in order, by the engine's
    /// [`grundy_engine::GenusSolver`] under the family's limits, one budget
    /// for them all; the table is kept for the next call.
    pub fn genera(&self, positions: &[G::Position]) -> Result<Vec<Genus>, GameError> {
        let mut s = self.borrow()?;
        let answer = s.misere.genus_solver().genera(positions);
        self.give_back(s);
        Ok(answer?)
    }

    /// Answers `seq` with `seq` (a one-heap family's value sequence);
    /// without it `seq` is refused as for any game without one.
    pub fn with_seq(mut self, seq: SeqFn<G>) -> Self {
        self.seq = Some(seq);
        self
    }

    /// Boxed, for a registration's build function.
    pub fn boxed(self) -> Box<dyn Family> {
        Box::new(self)
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

    /// [`Family::analyze_with`], ending by the clock reading `until` at
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
        let until = shared.until;
        let p = match shared.within_answer(|| self.game.parse(args)) {
            Ok(p) => p,
            Err(e) => {
                self.give_back(s);
                return Err(e.into());
            }
        };
        let kept = (
            s.normal.replace_limits(s.normal.limits().ending_by(until)),
            s.misere.replace_limits(Limits::default()),
        );
        s.misere.replace_limits(kept.1.ending_by(until));
        let answer = analyze_with(
            &self.name,
            &*self.game,
            &mut s.normal,
            &mut s.misere,
            &p,
            play,
            detail,
        );
        s.normal.replace_limits(kept.0);
        s.misere.replace_limits(kept.1);
        self.give_back(s);
        answer
    }

    /// The wrapped game.
    pub fn game(&self) -> &G {
        &self.game
    }
}

impl<G: TextGame + 'static> Family for Adapter<G> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn analyze_with(
        &self,
        args: &[&str],
        play: Play,
        detail: Detail,
    ) -> Result<Analysis, GameError> {
        self.analyze_within(args, play, detail, None)
    }

    /// The engine's [`analyze_on_ranks`] under the family's limits.
    fn analyze_on_ranks(
        &self,
        args: &[&str],
        play: Play,
        detail: Detail,
        ranks: &dyn Ranks,
    ) -> Result<Analysis, GameError> {
        // The parse is part of the answer, as in one process: within its
        // time limit and memory budget.
        let shared = self.limits.sharing_time();
        let p = shared.within_answer(|| self.game.parse(args))?;
        analyze_on_ranks(&self.name, &*self.game, &p, play, detail, &shared, ranks)
    }

    fn weighing_deadline(&self) -> Deadline {
        self.limits.deadline()
    }

    fn move_remoteness(
        &self,
        args: &[&str],
        play: Play,
        max_positions: u64,
    ) -> Result<Option<MoveOutcomes>, GameError> {
        let p = self.game.parse(args)?;
        // An attempt: past its share of the states, memory or time the
        // caller falls back on what costs less, so each is bounded below
        // the answer's own limits.
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
    }

    fn value_sources(&self, args: &[&str]) -> Result<Vec<(String, Option<String>)>, GameError> {
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
    }

    /// The game's [`TextGame::read_move`], on `typed` split on white space.
    fn read_move(&self, args: &[&str], typed: &str) -> Option<Result<MoveReport, GameError>> {
        let p = self.game.parse(args).ok()?;
        let words: Vec<&str> = typed.split_whitespace().collect();
        Some(match self.game.read_move(&p, &words)? {
            Ok(m) => Ok(MoveReport {
                label: m.label,
                to: self.game.format(&m.to),
            }),
            Err(e) => Err(e.into()),
        })
    }

    /// The game's [`TextGame::move_notation`].
    fn move_notation(&self, args: &[&str]) -> Option<String> {
        self.game.move_notation(&self.game.parse(args).ok()?)
    }

    /// The game's [`TextGame::end_reason`].
    fn end_reason(&self, args: &[&str]) -> Option<String> {
        self.game.end_reason(&self.game.parse(args).ok()?)
    }

    /// The game's [`grundy_engine::Rules::may_repeat`].
    fn may_repeat(&self) -> bool {
        self.game.may_repeat()
    }

    fn seq(&self, n: u64, ctl: &Control) -> Result<SeqReport, GameError> {
        match &self.seq {
            Some(seq) => seq(&self.game, &self.name, n, ctl),
            None => Err(no_sequence(&self.name)),
        }
    }

    /// Kept: the same question again is answered without growing the
    /// quotient again, unless a checkpoint is asked for (then it is read,
    /// and written).
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
        let grown = heap_quotient(
            &*self.game,
            &self.name,
            &|k| Ok(heap(k)),
            &**size,
            self.reach,
            max_heap,
            &self.limits,
            ctl,
        )?;
        let report = QuotientReport::new(&self.name, &grown);
        *last = Some((max_heap, report.clone()));
        Ok(report)
    }

    fn genus_seq(&self, n: u64) -> Result<Vec<Genus>, GameError> {
        let Some(heap) = &self.heap else {
            return Err(no_sequence(&self.name));
        };
        admit_genus_heaps(n, &self.limits)?;
        let mut positions = Vec::new();
        positions.reserve_within(n as usize + 1, self.limits.max_memory)?;
        positions.extend((0..=n).map(heap));
        self.genera(&positions)
    }

    fn moves(&self, args: &[&str]) -> Result<Vec<MoveReport>, GameError> {
        let p = self.game.parse(args)?;
        check_moves_bound(&*self.game, &p, &self.limits)?;
        // Writing millions of positions takes seconds: within the time
        // limit, like a search.
        // One time limit for making the moves and writing them.
        let limits = self.limits.sharing_time();
        let mut deadline = limits.deadline();
        let moves = limits.within_answer(|| self.game.moves(&p).map_err(moves_error))?;
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
    }
}

/// A game-specific command-line option, as listed by `grundy games`.
/// Built-in families declare theirs as constants; a family made at run
/// time (a rules file) takes none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// The option's name without dashes, e.g. `max`.
    pub name: &'static str,
    /// The placeholder of its value, e.g. `M`.
    pub value: &'static str,
    /// What it means.
    pub help: &'static str,
    /// Whether the game cannot be built without it.
    pub required: bool,
    /// Whether it gives the position (used when no position argument
    /// does, as hackenbush's `--edges`): giving both is refused.
    pub position: bool,
}

/// Builds a family from its game options, under search limits. Shared,
/// so registrations made at run time can capture what they need (the
/// text of a rules file, say).
pub type Builder =
    Arc<dyn Fn(&GameOptions, &Limits) -> Result<Box<dyn Family>, GameError> + Send + Sync>;

/// A built-in family's registration, fixed at compile time: each family
/// module exposes one as a constant and the games crate lists them.
/// [`Registration::from`] turns it into the run-time record front ends use.
#[derive(Clone, Copy)]
pub struct BuiltIn {
    /// The name used on the command line.
    pub name: &'static str,
    /// The rules in one line.
    pub rules: &'static str,
    /// The position syntax.
    pub syntax: &'static str,
    /// A complete example of the arguments after the game name.
    pub example: &'static str,
    /// Game-specific options.
    pub options: &'static [OptionSpec],
    /// Builds the family from its options.
    pub build: BuildFn,
}

/// The build function of a [`BuiltIn`].
pub type BuildFn = fn(&GameOptions, &Limits) -> Result<Box<dyn Family>, GameError>;

/// Everything a front end needs to list and build a family. Made from a
/// [`BuiltIn`] or at run time with [`Registration::new`]; cheap to clone.
#[derive(Clone)]
pub struct Registration {
    /// The name used on the command line.
    pub name: String,
    /// The rules in one line.
    pub rules: String,
    /// The position syntax.
    pub syntax: String,
    /// A complete example of the arguments after the game name.
    pub example: String,
    /// Game-specific options.
    pub options: Vec<OptionSpec>,
    build: Builder,
}

impl Registration {
    /// A registration made at run time: `build` makes the family from its
    /// options and limits.
    pub fn new(
        name: impl Into<String>,
        rules: impl Into<String>,
        syntax: impl Into<String>,
        example: impl Into<String>,
        options: Vec<OptionSpec>,
        build: impl Fn(&GameOptions, &Limits) -> Result<Box<dyn Family>, GameError>
            + Send
            + Sync
            + 'static,
    ) -> Self {
        Registration {
            name: name.into(),
            rules: rules.into(),
            syntax: syntax.into(),
            example: example.into(),
            options,
            build: Arc::new(build),
        }
    }

    /// Builds the family from its game options, under search limits.
    pub fn build(
        &self,
        options: &GameOptions,
        limits: &Limits,
    ) -> Result<Box<dyn Family>, GameError> {
        (self.build)(options, limits)
    }
}

impl From<BuiltIn> for Registration {
    fn from(b: BuiltIn) -> Self {
        Registration::new(
            b.name,
            b.rules,
            b.syntax,
            b.example,
            b.options.to_vec(),
            b.build,
        )
    }
}

impl From<&BuiltIn> for Registration {
    fn from(b: &BuiltIn) -> Self {
        Registration::from(*b)
    }
}

impl From<&Registration> for Registration {
    fn from(r: &Registration) -> Self {
        r.clone()
    }
}

impl std::fmt::Debug for Registration {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Registration")
            .field("name", &self.name)
            .field("options", &self.options)
            .finish_non_exhaustive()
    }
}

/// Game-specific options as given on the command line (`--max 10` is
/// stored as `max` -> `10`), with typed, error-reporting getters.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameOptions {
    values: BTreeMap<String, String>,
}

impl GameOptions {
    /// Options from (name, value) pairs.
    pub fn new<I: IntoIterator<Item = (String, String)>>(pairs: I) -> Self {
        GameOptions {
            values: pairs.into_iter().collect(),
        }
    }

    /// Sets one option.
    pub fn set(&mut self, name: &str, value: &str) {
        self.values.insert(name.to_string(), value.to_string());
    }

    /// The raw text of option `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.values.get(name).map(String::as_str)
    }

    /// The names of every option given.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.values.keys().map(String::as_str)
    }

    /// Option `name`, which must be present.
    pub fn required(&self, name: &str) -> Result<&str, GameError> {
        self.get(name)
            .ok_or_else(|| GameError::Input(format!("missing option --{name}")))
    }

    /// Option `name` as a whole number in `min..=max`, if present.
    pub fn u64_in(&self, name: &str, min: u64, max: u64) -> Result<Option<u64>, GameError> {
        self.get(name)
            .map(|s| {
                parse_u64_in(s, min, max).map_err(|e| GameError::Input(format!("--{name}: {e}")))
            })
            .transpose()
    }

    /// Option `name` as a comma-separated list of whole numbers in
    /// `min..=max`, if present.
    pub fn list_in(&self, name: &str, min: u64, max: u64) -> Result<Option<Vec<u64>>, GameError> {
        let Some(s) = self.get(name) else {
            return Ok(None);
        };
        s.split(',')
            .map(|t| parse_u64_in(t.trim(), min, max))
            .collect::<Result<Vec<_>, _>>()
            .map(Some)
            .map_err(|e| GameError::Input(format!("--{name}: {e}")))
    }
}

/// Parses a whole number in `min..=max`, with a message that names the
/// text and what was wrong with it.
pub fn parse_u64_in(s: &str, min: u64, max: u64) -> Result<u64, String> {
    if s.is_empty() {
        return Err("expected a whole number, found nothing".into());
    }
    if s.starts_with('-') && s.len() > 1 && s[1..].bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "'{s}' is negative; expected a whole number >= {min}"
        ));
    }
    if !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("'{s}' is not a whole number"));
    }
    let v: u64 = s
        .parse()
        .map_err(|_| format!("'{s}' is too large; the largest allowed is {max}"))?;
    if v < min {
        return Err(format!("'{s}' is too small; the least allowed is {min}"));
    }
    if v > max {
        return Err(format!("'{s}' is too large; the largest allowed is {max}"));
    }
    Ok(v)
}

/// The misère quotient of the heaps `0..=max_heap` of `game`, named
/// `name` (in a checkpoint: the family's name with its options), grown by
/// [`grow_shown`] under `limits` and `ctl`: `heap(k)` is the position of
/// one heap of `k`; each option of a heap, split into its components,
/// must be smaller heaps, read back by `size`. `reach` is `t` of the
/// periodicity test when it applies. Shared by [`Adapter`] and the rules
/// files, whose `heap(n)` may fail.
///
/// Errors: a rules error or a part that is no smaller heap (input, exit
/// 2); a limit hit, naming the last quotient proven; a checkpoint that
/// cannot be used (input, naming the file).
#[allow(clippy::too_many_arguments)]
pub fn heap_quotient<G: TextGame>(
    game: &G,
    name: &str,
    heap: &dyn Fn(u64) -> Result<G::Position, GameError>,
    size: &dyn Fn(&G::Position) -> Option<u64>,
    reach: Option<u64>,
    max_heap: usize,
    limits: &Limits,
    ctl: &QuotientControl,
) -> Result<grundy_quotient::HeapQuotient, GameError> {
    let heaps = HeapsOf {
        game,
        heap,
        size,
        reach,
        fault: std::cell::RefCell::new(None),
    };
    let grown = grow_shown(&heaps, name, max_heap, limits, ctl);
    if let Some(e) = heaps.fault.into_inner() {
        return Err(e);
    }
    grown
}

/// A family's heaps as the quotient's [`grundy_quotient::HeapGame`]: the
/// options of heap `n` are those of the family's one-heap position, each
/// split into its components and read back as heap sizes. The first
/// failure (a rules error, a part that is no heap) is kept in `fault`,
/// and the options listed from then on are none.
struct HeapsOf<'a, G: TextGame> {
    game: &'a G,
    heap: &'a dyn Fn(u64) -> Result<G::Position, GameError>,
    size: &'a dyn Fn(&G::Position) -> Option<u64>,
    reach: Option<u64>,
    fault: std::cell::RefCell<Option<GameError>>,
}

impl<G: TextGame> HeapsOf<'_, G> {
    /// The heap sizes of each option of heap `n` (zero sizes left out).
    fn parts(&self, n: usize) -> Result<Vec<Vec<usize>>, GameError> {
        let p = (self.heap)(n as u64)?;
        let mut out = Vec::new();
        for option in self.game.options(&p).map_err(SearchError::from)? {
            let mut parts = Vec::new();
            for c in self.game.components(&option).map_err(SearchError::from)? {
                match (self.size)(&c) {
                    Some(0) => {}
                    Some(k) if k < n as u64 => parts.push(k as usize),
                    _ => {
                        return Err(GameError::Input(format!(
                            "a move from heap {n} leaves `{}`, which is not a smaller heap: the quotient is for games whose moves leave smaller heaps",
                            self.game.format(&c)
                        )))
                    }
                }
            }
            out.push(parts);
        }
        Ok(out)
    }
}

impl<G: TextGame> grundy_quotient::HeapGame for HeapsOf<'_, G> {
    fn options(&self, n: usize, f: &mut dyn FnMut(&[usize])) {
        if self.fault.borrow().is_some() {
            return;
        }
        match self.parts(n) {
            Ok(options) => options.iter().for_each(|o| f(o)),
            Err(e) => *self.fault.borrow_mut() = Some(e),
        }
    }

    fn period_reach(&self) -> Option<u64> {
        self.reach
    }

    fn faulted(&self) -> bool {
        self.fault.borrow().is_some()
    }
}
