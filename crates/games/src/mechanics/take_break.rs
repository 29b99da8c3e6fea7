//! The take-and-break mechanism shared by every one-heap rule family
//! (`octal`, `kayles`, `dawson-kayles`, `subtraction`, `grundy-game`): a
//! heap-list game whose heap values come from a value table computed by the
//! sequence engine, and the family that also answers `grundy seq`.
//!
//! The families differ only in how their [`HeapRule`] is built from the
//! command-line options and in the words of their moves; everything else
//! lives here once.
//!
//! A heap of any size is answered from the values of every smaller heap:
//! the family computes them through the sequence engine (the same
//! [`Sequence`] and [`Control`] `seq` uses: its time limit, memory check and
//! threads) before the engine sees the position, so no heap is ever valued
//! by memoised search, and a heap too large for the limits is refused with
//! the limit it hit.

use crate::mechanics::heaps;
use crate::mechanics::misere_bound;
use grundy_api::{
    Adapter, Analyze, Family, HeapSums, QuotientAnswers, SeqReport, SeqValues, ValueSources,
};
use grundy_engine::first_splits::{Branch, FirstSplits};
use grundy_engine::{
    Analysis, Detail, GameError, Impartial, Limits, Move, MoveReport, Nimber, Outcome, ParseError,
    Play, Rules, RulesError, SearchError, TextGame, Theory,
};
use grundy_sequence::{compute, Control, HeapRule, Method, SeqError, Sequence, TakeBreak};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Heaps whose values [`ValueTable::value`] computes on demand, without
/// limits (a fraction of a second); larger heaps are answered once
/// [`ValueTable::prepare`] has computed them under the caller's limits, or
/// from a proven period.
pub const TABLE_LIMIT: u64 = 1 << 20;

/// `seq` computes up to this many heaps, whatever n it is asked for, so
/// that the period of a short request is found (and proven) all the same:
/// within a share of the time the n heaps took ([`PROBE_SHARE`],
/// [`PROBE_MIN`]).
pub const PERIOD_PROBE: u64 = 4096;

/// The heaps past n that `seq` computes to find a period take at most
/// this many times as long as heaps 0..=n did ([`PROBE_MIN`] at least):
/// `0.` and 40 `F` digits at `-n 100` ran for minutes with no output
/// toward 4,096 heaps, each costing about the cube of its size.
pub const PROBE_SHARE: u32 = 4;

/// The time the heaps past n may always take, however quickly heaps
/// 0..=n were computed: enough for 4,096 heaps of the usual codes (a few
/// milliseconds), short enough to go unnoticed.
pub const PROBE_MIN: Duration = Duration::from_millis(100);

/// The most options `analyze` examines when listing winning moves.
pub const MOVES_LIMIT: u128 = 10_000_000;

/// The bound (in bytes) under which a take-and-break answer is small
/// enough not to be sized before it is built (see `answer_size`).
const SMALL_ANSWER: u128 = 64 * 1024;

/// How a family words a move that leaves `parts` from a heap of `from`.
pub type Wording = fn(from: u64, parts: &[u64]) -> String;

/// The value sequence of one heap rule, grown on demand and shared by every
/// query of a batch. Once the sequence engine proves a period, heaps of any
/// size are answered from it.
pub struct ValueTable {
    rule: HeapRule,
    sequence: Mutex<Sequence>,
}

impl ValueTable {
    /// An empty table for `rule`.
    pub fn new(rule: HeapRule) -> Self {
        ValueTable {
            sequence: Mutex::new(Sequence::new(rule.clone())),
            rule,
        }
    }

    /// The table of a built-in game's constant `code`.
    ///
    /// Panics on an invalid code: a programming error, never input.
    pub fn of_code(code: &str) -> Self {
        let code = TakeBreak::parse(code).expect("a valid built-in code");
        ValueTable::new(HeapRule::TakeBreak(code))
    }

    /// The rule whose values this table holds.
    pub fn rule(&self) -> &HeapRule {
        &self.rule
    }

    /// The value of a heap of `n`: from the table, or from the proven
    /// period. `None` when `n` is beyond [`TABLE_LIMIT`] and no period is
    /// proven (or the sequence engine failed, e.g. a value overflow).
    pub fn value(&self, n: u64) -> Option<u64> {
        let mut seq = self.sequence.lock().ok()?;
        if let Some(v) = seq.value(n) {
            return Some(v as u64);
        }
        // Grow geometrically so a batch of rising heaps costs little; the
        // engine stops computing as soon as it proves a period.
        let len = seq.values().len() as u64;
        let target = n.max(2 * len).clamp(64, TABLE_LIMIT);
        // Within the answer's time, when asked during one: Grundy's game
        // to 10^6 for `coin-product --x grunt --y grunt` took 3 s under
        // `--time-limit 0.5`. The values computed before it stay.
        let (time_limit, clock, until) = match grundy_engine::clock::answer_limit() {
            Some((limit, clock, end)) => (Some(limit), Some(clock), Some(end)),
            None => (None, None, None),
        };
        let ctl = Control {
            method: Method::Rc,
            time_limit,
            clock,
            until,
            ..Control::default()
        };
        seq.extend_to(target, &ctl).ok()?;
        seq.value(n).map(u64::from)
    }
}

impl ValueTable {
    /// Makes the value of every heap up to `n` known, computing what is
    /// missing through the sequence engine under `ctl` (its method,
    /// threads, time limit, memory check). Grows by doubling from
    /// [`TABLE_LIMIT`], so a period proven on the way answers the rest
    /// without storing it; past [`TABLE_LIMIT`] with no period proven,
    /// heaps up to `n` must fit in memory (checked before computing more).
    /// The time limit covers every step together; values computed before
    /// an error are kept for the next call.
    ///
    /// Errors: the sequence engine's, with [`SeqError::TimeLimit`] naming
    /// `ctl.time_limit` and the heaps computed.
    pub fn prepare(&self, n: u64, ctl: &Control) -> Result<(), SeqError> {
        let mut seq = self
            .sequence
            .lock()
            .map_err(|_| SeqError::Threads("the value table's lock is poisoned".into()))?;
        let clock = ctl.clock.as_ref().filter(|_| ctl.time_limit.is_some());
        let start = clock.map(|c| c.now());
        while seq.value(n).is_none() {
            let len = seq.values().len() as u64;
            if len > TABLE_LIMIT {
                grundy_sequence::memory::check(n, ctl)?;
            }
            let target = n.min(len.saturating_mul(2).max(TABLE_LIMIT));
            let mut step = ctl.clone();
            if let (Some(limit), Some(clock), Some(start)) = (ctl.time_limit, clock, start) {
                step.time_limit = Some(limit.saturating_sub(clock.now().saturating_sub(start)));
            }
            seq.extend_to(target, &step).map_err(|e| match e {
                SeqError::TimeLimit { reached, .. } => SeqError::TimeLimit {
                    limit: ctl.time_limit.unwrap_or_default(),
                    reached,
                },
                e => e,
            })?;
        }
        Ok(())
    }

    /// Where [`ValueTable::value`] finds the value of a heap of `n`, in
    /// words: the computed table (with the period, when one is proven),
    /// or the proven period that reduces `n` to a heap in the table.
    /// `None` when the value is not known.
    pub fn source(&self, n: u64) -> Option<String> {
        self.value(n)?;
        let seq = self.sequence.lock().ok()?;
        let name = self.rule.name();
        let computed = seq.values().len() as u64;
        Some(match seq.proven_period() {
            Some(p) if n >= computed => {
                let reduced = p.preperiod + (n - p.preperiod) % p.period;
                format!(
                    "the proven period of {name} (pre-period {}, period {}): heap {n} is worth what heap {reduced} is",
                    p.preperiod, p.period
                )
            }
            Some(p) => format!(
                "the value table of {name} (proven period {} after pre-period {})",
                p.period, p.preperiod
            ),
            None => format!("the value table of {name}"),
        })
    }
}

/// A sum of heaps under one heap rule.
pub struct TakeBreakGame {
    table: ValueTable,
    wording: Wording,
    /// The name used in the method line (the rule's name by default).
    name: String,
}

impl TakeBreakGame {
    /// The game of `rule`, with moves described by `wording`.
    pub fn new(rule: HeapRule, wording: Wording) -> Self {
        TakeBreakGame {
            name: rule.name(),
            table: ValueTable::new(rule),
            wording,
        }
    }

    /// The same game, called `name` in its answers (e.g. `subtraction
    /// 1,3,4` rather than the rule's code).
    pub fn named(self, name: impl Into<String>) -> Self {
        TakeBreakGame {
            name: name.into(),
            ..self
        }
    }

    /// The rule.
    pub fn rule(&self) -> &HeapRule {
        self.table.rule()
    }

    /// The option branches of a heap of `n`, in the order of
    /// [`HeapRule::for_each_option`].
    fn branches(&self, n: usize) -> Vec<Branch> {
        let branch = |total: usize, heaps: usize, a_max: usize| Branch {
            total: total as u64,
            heaps,
            a_max: a_max as u64,
        };
        match self.rule() {
            HeapRule::GrundyGame => vec![branch(n, 2, n.saturating_sub(1) / 2)],
            HeapRule::TakeBreak(code) => code
                .removals()
                .filter(|r| r.fits(n))
                .map(|r| branch(n - r.take, r.heaps, (n - r.take) / 2))
                .collect(),
        }
    }

    /// Each heap's value from the table and their nim-sum; `None` when a
    /// heap is past the table.
    fn heap_values(&self, p: &[u64]) -> Option<(Vec<u64>, u64)> {
        let values = p
            .iter()
            .map(|&h| self.table.value(h))
            .collect::<Option<Vec<u64>>>()?;
        let total = values.iter().fold(0, |a, v| a ^ v);
        Some((values, total))
    }

    /// The method line of the theory's answers.
    fn method(&self) -> String {
        format!(
            "Sprague-Grundy theorem over the value table of {}",
            self.name
        )
    }

    /// Whether a heap of `n` has an option, without listing them.
    fn heap_can_move(&self, n: u64) -> bool {
        match self.rule() {
            HeapRule::GrundyGame => n >= 3,
            HeapRule::TakeBreak(code) => {
                let n = usize::try_from(n).unwrap_or(usize::MAX);
                code.removals().any(|r| r.fits(n))
            }
        }
    }

    /// An upper bound on the number of options of a heap of `n`.
    fn option_bound(&self, n: u64) -> u128 {
        let n = n as u128;
        match self.rule() {
            HeapRule::GrundyGame => n / 2 + 1,
            HeapRule::TakeBreak(code) => {
                let t = code.digits().len() as u128;
                match code.max_heaps() {
                    3 => t * (n * n / 12 + n + 1),
                    2 => t * (n / 2 + 2),
                    _ => 2 * t,
                }
            }
        }
    }

    /// The part lists a heap of `n` may leave, in the rule's order.
    fn parts(&self, n: u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        self.rule().for_each_option(n as usize, |parts| {
            out.push(parts.iter().map(|&p| p as u64).collect())
        });
        out
    }

    fn labelled(&self, heaps: &[u64], i: usize, parts: &[u64]) -> Move<Vec<u64>> {
        Move {
            label: format!("heap {}: {}", i + 1, (self.wording)(heaps[i], parts)),
            to: heaps::replace_heap(heaps, i, parts),
        }
    }
}

/// What the misère quotient's answers name: a heap's part lists and the
/// moves replacing it.
impl HeapSums for TakeBreakGame {
    fn heap_parts(&self, n: u64) -> Vec<Vec<u64>> {
        self.parts(n)
    }

    fn heap_move(&self, heaps: &[u64], i: usize, parts: &[u64]) -> Move<Vec<u64>> {
        self.labelled(heaps, i, parts)
    }
}

impl Rules for TakeBreakGame {
    type Position = Vec<u64>;

    /// Every option, a whole position each; refused, before it is built,
    /// when the list would not fit in the answer's memory budget (a misère
    /// search of a heap of 10^12 under a raised state limit would list
    /// about 10^12 of them).
    fn options(&self, p: &Vec<u64>) -> Result<Vec<Vec<u64>>, RulesError> {
        let count: u128 = p.iter().map(|&h| self.option_bound(h)).sum();
        let each = (p.len() as u128 + 2) * 8 + 24;
        let bytes = u64::try_from(count.saturating_mul(each)).unwrap_or(u64::MAX);
        let budget = grundy_engine::memory::answer_max_memory();
        if grundy_engine::memory::admit(bytes, budget).is_err() {
            return Err(RulesError::new(
                SearchError::MemoryLimit(budget).to_string()
                    + &format!(
                        "; the moves of {} alone need about {} MiB",
                        grundy_api::messages::clipped(&self.format(p)),
                        bytes >> 20
                    ),
            ));
        }
        Ok(heaps::options_by_heap(p, |h| self.parts(h)))
    }

    fn is_terminal(&self, p: &Vec<u64>) -> Result<bool, RulesError> {
        Ok(p.iter().all(|&n| !self.heap_can_move(n)))
    }

    fn search_size(&self, p: &Vec<u64>) -> u128 {
        p.iter().map(|&h| h as u128 + 1).product()
    }
}

impl Impartial for TakeBreakGame {
    fn components(&self, p: &Vec<u64>) -> Result<Vec<Vec<u64>>, RulesError> {
        Ok(heaps::components(p))
    }

    fn closed_form(&self, p: &Vec<u64>) -> Option<Nimber> {
        match p.as_slice() {
            [n] => self.table.value(*n).map(Nimber),
            _ => None,
        }
    }

    fn closed_form_source(&self, p: &Vec<u64>) -> Option<String> {
        match p.as_slice() {
            [n] => self.table.source(*n),
            _ => None,
        }
    }

    /// An upper bound on the sums the misère search of `p` meets: a heap
    /// may split into several, so the per-heap search size does not bound
    /// them (kayles 200 ran into the 60 s time limit).
    fn misere_size(&self, p: &Vec<u64>) -> u128 {
        let splits = match self.rule() {
            HeapRule::GrundyGame => true,
            HeapRule::TakeBreak(code) => !code.is_subtraction(),
        };
        if splits {
            misere_bound::splitting(p)
        } else {
            misere_bound::shrinking(p)
        }
    }
}

impl TextGame for TakeBreakGame {
    fn parse(&self, args: &[&str]) -> Result<Vec<u64>, ParseError> {
        heaps::parse_heaps(args, u64::MAX)
    }

    fn format(&self, p: &Vec<u64>) -> String {
        heaps::format_heaps(p)
    }

    /// Labelled one option at a time as the rule makes them, the answer's
    /// clock read as they are ([`grundy_engine::clock::moves_in_time`]):
    /// listing a heap's part lists first held `play kayles 3000000
    /// --time-limit 0.3` for 0.8 s before the first look at the clock.
    fn moves(&self, p: &Vec<u64>) -> Result<Vec<Move<Vec<u64>>>, RulesError> {
        let mut out = Vec::new();
        for (i, &h) in p.iter().enumerate() {
            let stopped = self.rule().try_for_each_option(h as usize, |parts| {
                if let Err(e) = grundy_engine::clock::moves_in_time(out.len()) {
                    return ControlFlow::Break(e);
                }
                let parts: Vec<u64> = parts.iter().map(|&q| q as u64).collect();
                out.push(self.labelled(p, i, &parts));
                ControlFlow::Continue(())
            });
            if let ControlFlow::Break(e) = stopped {
                return Err(e);
            }
        }
        Ok(out)
    }

    fn moves_bound(&self, p: &Vec<u64>) -> u128 {
        p.iter().map(|&h| self.option_bound(h)).sum()
    }

    /// Normal play: the winning moves, counted over the value table as
    /// the theory counts them (none is built), times what each writes:
    /// its position, its label and the answer's framing. A code that
    /// splits without taking (`4.7`) has a winning move for about every
    /// other split: at 9,000,000 that is 4.5 million moves, 331 MB of
    /// text. Misère play: 0 (the search bounds its own answers).
    /// Small positions are not counted: when even every option listed
    /// would write under [`SMALL_ANSWER`] bytes, the size is 0 (small), so
    /// a batch of small sums does not look at every option twice.
    fn answer_size(&self, p: &Vec<u64>, play: Play) -> u128 {
        let text = heaps::format_heaps(p).len() as u128 + 64;
        if self.moves_bound(p).saturating_mul(text) <= SMALL_ANSWER {
            return 0;
        }
        match self.theory_counted(p, play, 0) {
            Some((_, count)) => count as u128 * text,
            None => 0,
        }
    }

    /// Normal play: the Sprague-Grundy theorem over the value table, so
    /// only the winning options of each heap are labelled. Declines (and so
    /// lets the engine report the limit) when the heaps have more options
    /// than [`MOVES_LIMIT`].
    fn theory(&self, p: &Vec<u64>, play: Play) -> Option<Theory<Vec<u64>>> {
        self.theory_counted(p, play, usize::MAX).map(|(t, _)| t)
    }

    /// The outcome from the heaps' values alone, no option looked at
    /// (`--outcome-only` of a heap of 4,000,000 walked its 4 million
    /// options to count winning moves the answer then dropped; a batch of
    /// rising heaps was quadratic). Declines where [`TextGame::theory`]
    /// does, so the method named is the same.
    fn theory_outcome(&self, p: &Vec<u64>, play: Play) -> Option<Theory<Vec<u64>>> {
        if play != Play::Normal || self.moves_bound(p) > MOVES_LIMIT {
            return None;
        }
        let (_, total) = self.heap_values(p)?;
        Some(Theory {
            method: self.method(),
            outcome: Outcome::from_mover_wins(total != 0),
            winning_moves: Vec::new(),
        })
    }

    /// As [`TextGame::theory`], labelling only the first `k` winning
    /// moves: the others are counted as their values are read, never
    /// built.
    fn theory_counted(
        &self,
        p: &Vec<u64>,
        play: Play,
        k: usize,
    ) -> Option<(Theory<Vec<u64>>, usize)> {
        if play != Play::Normal || self.moves_bound(p) > MOVES_LIMIT {
            return None;
        }
        let (values, total) = self.heap_values(p)?;
        let mut winning = Vec::new();
        let mut count = 0;
        if total != 0 {
            // Every part is smaller than its heap, whose value is known, so
            // the table holds them all: read them under one lock, one
            // option at a time (a heap of 5,000,000 has 2,499,999 options).
            let seq = self.table.sequence.lock().ok()?;
            // The answer's clock is read every 65,536 options looked at
            // (a fraction of a millisecond) and every 4,096 moves labelled
            // (a few): None once it has passed (the analysis then answers
            // without the moves, or names the time limit).
            let mut looked = 0u64;
            let mut in_time = |weight: u64| {
                looked += weight;
                looked % (1 << 16) >= weight || !grundy_engine::clock::answer_time_passed()
            };
            for (i, &h) in p.iter().enumerate() {
                let target = values[i] ^ total;
                let mut found = Vec::new();
                let mut known = true;
                let stopped = self.rule().try_for_each_option(h as usize, |parts| {
                    if !in_time(1) {
                        return ControlFlow::Break(());
                    }
                    let mut v = 0;
                    for &q in parts {
                        match seq.value(q as u64) {
                            Some(x) => v ^= u64::from(x),
                            None => known = false,
                        }
                    }
                    if v == target {
                        if count + found.len() < k {
                            found.push(parts.iter().map(|&q| q as u64).collect::<Vec<u64>>());
                        } else {
                            count += 1;
                        }
                    }
                    ControlFlow::Continue(())
                });
                if !known || stopped.is_break() {
                    return None;
                }
                count += found.len();
                for parts in &found {
                    if !in_time(16) {
                        return None;
                    }
                    winning.push(self.labelled(p, i, parts));
                }
            }
        }
        let theory = Theory {
            method: self.method(),
            outcome: Outcome::from_mover_wins(total != 0),
            winning_moves: winning,
        };
        Some((theory, count))
    }

    /// The first `k` winning moves over the value table, heap by heap in
    /// the order of [`TextGame::moves`], looking at most at
    /// [`MOVES_LIMIT`] options (a heap of 10^12 has about 10^12). Once a
    /// period is proven, the two-heap splits of a long heap repeat their
    /// values with the period: one period of them is looked at, and the
    /// winning ones of the rest are found by stepping, so a split branch
    /// with no winning move is passed over at once. `None` once the
    /// answer's time limit passes while they are labelled.
    fn theory_first(&self, p: &Vec<u64>, play: Play, k: usize) -> Option<Theory<Vec<u64>>> {
        if play != Play::Normal {
            return None;
        }
        let (values, total) = self.heap_values(p)?;
        let mut winning = Vec::new();
        let seq = self.table.sequence.lock().ok()?;
        let period = seq.proven_period().map(|p| (p.preperiod, p.period));
        let mut search = FirstSplits::new(|q| seq.value(q).map(u64::from), period, MOVES_LIMIT);
        for (i, &h) in p.iter().enumerate() {
            if total == 0 || winning.len() >= k {
                break;
            }
            search.start(k - winning.len());
            let heap = usize::try_from(h).ok()?;
            for branch in self.branches(heap) {
                // A split past the most heaps a position may hold would
                // not read back: passed over, so the moves listed are
                // ones `analyze` and `play` accept.
                if p.len() - 1 + branch.heaps > heaps::MAX_HEAPS {
                    continue;
                }
                search.branch(branch, values[i] ^ total)?;
            }
            // The answer's clock every 4,096 moves labelled: three million
            // took seconds past --time-limit 2.
            for parts in search.found() {
                grundy_engine::clock::moves_in_time(winning.len()).ok()?;
                winning.push(self.labelled(p, i, parts));
            }
        }
        Some(Theory {
            method: self.method(),
            outcome: Outcome::from_mover_wins(total != 0),
            winning_moves: winning,
        })
    }
}

/// A take-and-break family: `analyze` through the engine, `seq` through the
/// sequence engine. Named `name` in reports and in its method (`the value
/// table of subtraction 1,3,4`).
pub fn family(name: String, rule: HeapRule, wording: Wording, limits: &Limits) -> Family {
    let table = name.clone();
    served(name, table, rule, wording, limits)
}

/// A take-and-break game known by a name of its own (`kayles`): reports
/// carry `name`, the method names the rule (`the value table of octal
/// 0.77`).
pub fn alias(name: String, rule: HeapRule, wording: Wording, limits: &Limits) -> Family {
    let table = rule.name();
    served(name, table, rule, wording, limits)
}

fn served(
    name: String,
    table: String,
    rule: HeapRule,
    wording: Wording,
    limits: &Limits,
) -> Family {
    let adapter = Arc::new(
        Adapter::new(name, TakeBreakGame::new(rule, wording).named(table), limits)
            .with_seq(Box::new(sequence))
            .with_heaps(|k| vec![k]),
    );
    let quotient = quotient_answers(adapter.clone(), limits);
    let family = Arc::new(TakeBreakFamily {
        adapter: adapter.clone(),
        control: Control {
            time_limit: limits.max_time,
            clock: limits.clock.clone(),
            memory_limit: Some(limits.max_memory),
            ..Control::default()
        },
        limits: limits.clone(),
        quotient: quotient.clone(),
    });
    adapter
        .record()
        .with_core(family.clone())
        .with_value_sources(Some(family))
        .with_quotient(Some(quotient))
}

/// The misère quotient of the game served by `adapter` (a checkpoint's
/// and a method's name: its rule's) and the misère sums answered from
/// it, within `limits`: what a take-and-break family registers as its
/// quotient.
pub fn quotient_answers(
    adapter: Arc<Adapter<TakeBreakGame>>,
    limits: &Limits,
) -> Arc<QuotientAnswers<TakeBreakGame>> {
    let rule = adapter.game().rule().clone();
    let name = rule.name();
    Arc::new(QuotientAnswers::new(adapter, Box::new(rule), name, limits))
}

/// Whether the heap values an analysis computes draw the sequence
/// engine's progress bar on stderr (see [`show_progress`]).
static PROGRESS: AtomicBool = AtomicBool::new(false);

/// Turns on (or off) the progress bar of the heap values computed before
/// an analysis, for the whole process: the command line turns it on for
/// `analyze`; libraries (Python, the page) keep the default, off. The bar
/// is drawn only when stderr is a terminal.
pub fn show_progress(on: bool) {
    PROGRESS.store(on, Ordering::Relaxed);
}

/// A take-and-break family: the engine's [`Adapter`] over
/// [`TakeBreakGame`], with the values of a position's heaps computed
/// through the sequence engine before a normal-play analysis
/// ([`ValueTable::prepare`]), so the engine finds every heap's value in
/// the table (a heap of 5,000,000 in Grundy's game: about 9 s on two
/// cores, 60 MB, where the memoised search took 24 GB).
struct TakeBreakFamily {
    adapter: Arc<Adapter<TakeBreakGame>>,
    /// How the heaps' values are computed: the family's time limit and
    /// clock, the best method on every core.
    control: Control,
    /// The family's search limits (one time limit for a whole answer).
    limits: Limits,
    /// The misère quotient and the misère sums answered from it.
    quotient: Arc<QuotientAnswers<TakeBreakGame>>,
}

impl TakeBreakFamily {
    /// Computes the values of every heap up to the largest of the position
    /// `args`; nothing when `args` does not parse (the adapter says why).
    /// The computation ends by the clock reading `until` (the end of the
    /// answer's time limit) at the latest.
    fn prepare(&self, args: &[&str], until: Option<Duration>) -> Result<(), GameError> {
        let game = self.adapter.game();
        let Some(n) = game.parse(args).ok().and_then(|p| p.into_iter().max()) else {
            return Ok(());
        };
        let ctl = Control {
            progress: PROGRESS.load(Ordering::Relaxed),
            until,
            ..self.control.clone()
        };
        game.table.prepare(n, &ctl).map_err(|e| prepare_error(e, n))
    }
}

/// The error of computing the values of heaps 0..=n for an analysis.
fn prepare_error(e: SeqError, n: u64) -> GameError {
    match e {
        SeqError::TimeLimit { limit, reached } => SearchError::TimeLimitAt {
            limit,
            reached,
            kept: None,
        }
        .into(),
        SeqError::TooLarge {
            available,
            budget: true,
            ..
        } => SearchError::MemoryLimit(available << 20).into(),
        SeqError::Stopped(_) => grundy_engine::interrupt::interrupted().into(),
        SeqError::TooLarge {
            needed, available, ..
        } => GameError::Input(format!(
            "heap {n}: its value needs the values of every smaller heap, about {needed} MiB of memory, but only {available} MiB are available"
        )),
        // The system refused the threads asked for (`--threads`), under an
        // address-space cap say: input the user can change.
        e @ SeqError::Threads(_) => GameError::Input(format!("{e}; ask for fewer with --threads")),
        e => GameError::Input(e.to_string()),
    }
}

/// A normal-play analysis after [`TakeBreakFamily::prepare`]; a misère
/// sum too large to search through the quotient.
impl Analyze for TakeBreakFamily {
    fn analyze_with(
        &self,
        args: &[&str],
        play: Play,
        detail: Detail,
    ) -> Result<Analysis, GameError> {
        // One time limit for the whole answer: the heap values, the
        // search, and the quotient when the search cannot answer.
        let until = self.limits.sharing_time().until;
        if play == Play::Normal {
            self.prepare(args, until)?;
        }
        match self.adapter.analyze_within(args, play, detail, until) {
            // A misère sum too large to search: through the quotient.
            Err(GameError::Search(e)) if play == Play::Misere => self
                .quotient
                .misere(args, detail, until)?
                .ok_or(GameError::Search(e)),
            answer => answer,
        }
    }

    fn moves(&self, args: &[&str]) -> Result<Vec<MoveReport>, GameError> {
        self.adapter.moves(args)
    }
}

/// The heaps' values computed first, then the adapter's.
impl ValueSources for TakeBreakFamily {
    fn value_sources(&self, args: &[&str]) -> Result<Vec<(String, Option<String>)>, GameError> {
        self.prepare(args, None)?;
        self.adapter.value_sources(args)
    }
}

/// `seq` of a take-and-break family: the values of heaps `0..=n` by the
/// sequence engine, with the period it finds (or proves).
fn sequence(
    game: &TakeBreakGame,
    name: &str,
    n: u64,
    ctl: &Control,
) -> Result<SeqReport, GameError> {
    let rule = game.rule().clone();
    let started = ctl.clock.as_ref().map(|c| c.now());
    let mut seq = compute(rule.clone(), n, ctl).map_err(|e| seq_error(e, ctl))?;
    // Look further than asked when n is small, so short requests still get
    // the (proven) period: within a share of the time heaps 0..=n took.
    if n < PERIOD_PROBE && seq.proven_period().is_none() {
        probe(&mut seq, ctl, started).map_err(|e| seq_error(e, ctl))?;
    }
    let computed_to = (seq.values().len() as u64).saturating_sub(1);
    let (period, proven) = (seq.period(), seq.proven_period());
    // The report takes the engine's values as they are (one byte a heap);
    // a proven period answers any n without computing it, but the report
    // still holds every value: refuse, instead of aborting, what cannot be
    // allocated.
    let mut values = seq.into_values();
    let count = usize::try_from(n).ok().and_then(|n| n.checked_add(1));
    let room = count.map(|c| c.saturating_sub(values.len()));
    if room.is_none_or(|r| values.try_reserve_exact(r).is_err()) {
        return Err(GameError::Input(format!(
            "-n {n}: the {} values do not fit in memory (a byte each); ask for fewer heaps, or use --summary with a smaller -n",
            n as u128 + 1,
        )));
    }
    let count = count.unwrap_or(0);
    values.truncate(count);
    if values.len() < count {
        let p =
            proven.ok_or_else(|| GameError::Internal(format!("heap values up to {n} missing")))?;
        for k in values.len()..count {
            let v = p.value_at(&values, k as u64);
            values.push(v);
        }
    }
    Ok(SeqReport {
        game: name.to_string(),
        code: match &rule {
            HeapRule::TakeBreak(code) => Some(code.to_string()),
            HeapRule::GrundyGame => None,
        },
        n,
        values: SeqValues::from_values(values),
        period,
        computed_to,
        genus: None,
    })
}

/// The error of `seq` for an error of the sequence engine under `ctl`.
fn seq_error(e: SeqError, ctl: &Control) -> GameError {
    let kept = || ctl.checkpoint.as_ref().map(|p| p.display().to_string());
    match e {
        SeqError::TimeLimit { limit, reached } => SearchError::TimeLimitAt {
            limit,
            reached,
            kept: kept(),
        }
        .into(),
        SeqError::Stopped(reached) => SearchError::Interrupted {
            done: Some(format!("the values of heaps 0..{reached} computed")),
            kept: kept(),
        }
        .into(),
        // Past the memory limit: a limit, named as the sequence engine
        // names it (LimitError in Python, as in `analyze`).
        e @ SeqError::TooLarge { budget: true, .. } => {
            SearchError::MemoryNeeded(e.to_string()).into()
        }
        e => GameError::Input(e.to_string()),
    }
}

/// Extends `seq` toward [`PERIOD_PROBE`] heaps (all of them, as before a
/// time share bounded it: `computed_to` stays 4096 for the usual codes),
/// stopping once its time share is spent:
/// [`PROBE_SHARE`] times the time since `started` (the clock's reading
/// before heaps 0..=n), at least [`PROBE_MIN`], and never past the
/// request's own time limit. Stopped by time, the values computed stay
/// and the report's `computed_to` says how far the search went. Without
/// a clock (`started` is `None`) the share cannot be measured and the
/// extension goes to [`PERIOD_PROBE`].
fn probe(seq: &mut Sequence, ctl: &Control, started: Option<Duration>) -> Result<(), SeqError> {
    let mut probe = ctl.clone();
    // The checkpoint holds the heaps asked for; its lock is not held here.
    probe.checkpoint = None;
    if let (Some(clock), Some(started)) = (ctl.clock.as_ref(), started) {
        let now = clock.now();
        let spent = now.saturating_sub(started);
        let share = spent.saturating_mul(PROBE_SHARE).max(PROBE_MIN);
        let end = now.saturating_add(share);
        probe.until = Some(ctl.until.map_or(end, |u| u.min(end)));
        // What the request's own time limit leaves, if less.
        probe.time_limit = Some(
            ctl.time_limit
                .map_or(share, |t| t.saturating_sub(spent).min(share)),
        );
    }
    match seq.extend_to(PERIOD_PROBE, &probe) {
        // The share is spent (or the request's time, whose heaps 0..=n
        // are computed all the same): the values so far stay.
        Ok(()) | Err(SeqError::TimeLimit { .. }) => Ok(()),
        Err(e) => Err(e),
    }
}

/// The usual wording of a take-and-break move: how many counters are taken
/// and what is left, e.g. `take 2 from 7, leaving 3 + 2`.
pub fn take_wording(from: u64, parts: &[u64]) -> String {
    use std::fmt::Write;
    let taken = from - parts.iter().sum::<u64>();
    // One string, written in place: a batch labels millions of moves.
    let mut out = String::with_capacity(24 + 8 * parts.len());
    let _ = match taken {
        0 => write!(out, "split {from}, leaving"),
        _ => write!(out, "take {taken} from {from}, leaving"),
    };
    match parts {
        [] => out.push_str(" nothing"),
        _ => {
            for (k, part) in parts.iter().enumerate() {
                let _ = write!(out, "{}{part}", if k == 0 { " " } else { " + " });
            }
        }
    }
    out
}
