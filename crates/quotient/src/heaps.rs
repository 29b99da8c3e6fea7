//! Heap by heap: the bounded quotients Q_0, Q_1, … and when to stop.

use crate::grow::{prove, refine_with, Candidate, Check, HeapOptions, Kept};
use crate::learn::{learned, Layer, PretestsGivenUp, Within};
use crate::monoid::{insert, words, BipartiteMonoid};
use grundy_engine::memory::Reserve;
use grundy_engine::Budget;
use grundy_engine::{Limits, RulesError, SearchError};
use grundy_sequence::period::preperiod_of;
use std::sync::atomic::{AtomicBool, Ordering};

/// Rounds of refinement one guess of a heap's element gets before the next
/// guess is tried.
const ROUNDS_PER_GUESS: usize = 24;

/// How many shapes of [`SHAPES`] (the last one to pass first) are tried
/// before the learner ([`learned`]); the others, whose refinement costs
/// more (seconds each on 0.07 at heap 30, where none passes), after it.
const CHEAP_SHAPES: usize = 5;

/// Heaps needing a new generator placed by shapes after one the learner
/// placed, within which the shape that passed last is tried beside the
/// learner ([`Seen`]): a shape tried alone first costs its rounds on
/// every heap the learner places, one tried beside the learner slows
/// both (on 0.07 at heap 33, placed by `(2, 2)` after heaps 31 and 32
/// were: 2.9 s beside the learner, 1.3 s alone).
const LEARNT_WITHIN: usize = 2;

/// Shapes `(m, p)` of the cyclic monoid `b^(m+p) = b^m` tried, in order,
/// for a heap that needs a new generator `b`. Refinement merges a longer
/// guess down to the true shape when the P-portion is right, so a few
/// generous shapes cover the quotients met in practice.
const SHAPES: [(usize, usize); 12] = [
    (0, 2),
    (1, 2),
    (1, 1),
    (2, 2),
    (2, 1),
    (1, 4),
    (2, 4),
    (3, 2),
    (3, 4),
    (4, 4),
    (2, 12),
    (6, 12),
];

/// The option images of the heaps `1..upto`, each with its heap's
/// element, under the labels of the current candidate (`upto` 0: none
/// known, the labels changed), and the hints of the guesses that placed
/// the last heaps.
#[derive(Default)]
struct Seen {
    images: grundy_engine::hash::FastMap<Vec<u64>, u32>,
    upto: usize,
    hints: Hints,
}

/// Which guesses placed the last heaps, for the next heap to try first
/// what placed them: part of a [`Growth`] (and of its checkpoint), so a
/// resumed growth places its heaps as fast as an uninterrupted one. They
/// change how fast a heap is placed, never its quotient.
///
/// Invariant: `shape` is one of the growth's cyclic shapes (a checkpoint
/// holding another is refused).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hints {
    /// The cyclic shape `(m, p)` that proved the last heap needing one,
    /// tried first at the next (on 0.07, heaps 31 and 32 both take
    /// `(2, 2)` after three shapes fail), or the shape of the last new
    /// generator the learner placed.
    pub shape: Option<(usize, usize)>,
    /// How many heaps needing a new generator the shapes placed since the
    /// learner placed one (`None`: the learner has not). Within
    /// [`LEARNT_WITHIN`] the last shape is tried beside the learner, not
    /// before it: on 0.54 from heap 59 on the learner and `(2, 2)` place
    /// every seventh heap in turn, and `(2, 2)` alone diverged for 1.5 to
    /// 5.5 s at each of the learner's heaps before the learner started.
    pub since_learnt: Option<usize>,
    /// The learner's pretests that gave up at an earlier heap (bit `k`:
    /// that of `k` copies), skipped at later heaps.
    pub pretests: u16,
}

impl Hints {
    /// Whether the hints are ones a growth makes (its shape one it tries).
    pub fn valid(&self) -> bool {
        self.shape.is_none_or(|s| SHAPES.contains(&s))
    }
}

/// The options of heap `n`, as the sizes of the heaps a move leaves
/// (zero-size heaps omitted, each size below `n`), given to a callback.
pub trait HeapGame {
    /// Calls `f` once for each option of a heap of `n`.
    fn options(&self, n: usize, f: &mut dyn FnMut(&[usize]));
    /// `t` of the misère periodicity test: the most tokens one move takes
    /// (a take-and-break code's digit count after the point); `None` when
    /// no periodicity theorem applies (the quotient is then never called
    /// solved).
    fn period_reach(&self) -> Option<u64>;
    /// Whether listing options failed (a rules file's error, kept by the
    /// game for its caller): the growth then stops at once, before the
    /// heap whose options are incomplete changes anything, with a
    /// [`SearchError::Rules`] the caller replaces with its own error. The
    /// default: never.
    fn faulted(&self) -> bool {
        false
    }
}

/// A take-and-break rule's heaps: the options its digits allow, and `t`
/// of the periodicity test its code's digit count after the point
/// (Grundy's game, which has no code, has no periodicity test).
impl HeapGame for grundy_sequence::HeapRule {
    fn options(&self, n: usize, f: &mut dyn FnMut(&[usize])) {
        self.for_each_option(n, |parts| f(parts));
    }

    fn period_reach(&self) -> Option<u64> {
        self.code().map(|c| c.last_index() as u64)
    }
}

/// The misère quotient of heaps `0..=max_heap` (the bounded quotient
/// Q_max_heap), or of the whole game when `solved`.
#[derive(Clone, Debug)]
pub struct HeapQuotient {
    /// The monoid and its P-portion; heap `n` maps to `phi[n]`.
    pub candidate: Candidate,
    /// The largest heap in the closure.
    pub max_heap: usize,
    /// The order of Q_n for each `n` in `0..=max_heap`.
    pub orders: Vec<usize>,
    /// The pre-period and period of the pretending function, when it is
    /// periodic over the heaps computed (at least two full periods seen).
    pub period: Option<(usize, usize)>,
    /// Whether the misère periodicity test holds: `2·n0 + 2·p + t + 2 ≤
    /// max_heap`; the quotient is then the game's whole quotient.
    pub solved: bool,
    /// The heap whose coming last changed the quotient's order.
    pub last_change: usize,
}

impl HeapQuotient {
    /// Heap `n`'s element: computed, or past the heaps computed, read off
    /// the period of a solved quotient; `None` for a heap past a bounded
    /// quotient.
    pub fn element(&self, n: usize) -> Option<u32> {
        let phi = &self.candidate.phi;
        if n < phi.len() {
            return Some(phi[n]);
        }
        match (self.solved, self.period) {
            (true, Some((n0, p))) => Some(phi[n0 + (n - n0) % p]),
            _ => None,
        }
    }
}

/// Where a growth stands after heaps `0..=n`: everything the growth
/// carries from one heap to the next (the rest, the heaps' options and
/// what the growth remembers of them, is made again from the game), so
/// the growth resumed from it goes on exactly as it would have: what a
/// checkpoint holds.
///
/// Invariants: `candidate` is the quotient of heaps `0..=n`, labelled as
/// the growth labels it (`candidate.phi` has `n + 1` entries);
/// `orders[k]` is the order of Q_k for `k` in `0..=n`; `last_change` the
/// last heap that changed the order (0 if none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Growth {
    /// The quotient of heaps `0..=n`.
    pub candidate: Candidate,
    /// The order of Q_k for each `k` in `0..=n`.
    pub orders: Vec<usize>,
    /// The last heap that changed the order.
    pub last_change: usize,
    /// Which guesses placed the last heaps.
    pub hints: Hints,
    /// What the learner proved of heap `n + 1` before the growth stopped
    /// within that heap: a resumed growth goes on from it (see
    /// [`crate::checkpoint`]). `None` between heaps.
    pub within: Option<Layer>,
}

impl Growth {
    /// Where every growth starts: Q_0, the trivial quotient of heap 0.
    pub fn start() -> Growth {
        Growth {
            candidate: Candidate {
                monoid: BipartiteMonoid::trivial(),
                phi: vec![0],
            },
            orders: vec![1],
            last_change: 0,
            hints: Hints::default(),
            within: None,
        }
    }

    /// `n`: the largest heap whose quotient is proven.
    pub fn heaps(&self) -> usize {
        self.candidate.phi.len() - 1
    }

    /// The order of the quotient of heaps `0..=n`.
    pub fn order(&self) -> usize {
        self.candidate.monoid.order()
    }
}

/// Where a growth hands each layer the learner proves within a heap,
/// with the state the heap grows from (a checkpoint's save).
pub(crate) type Publish<'p> = dyn Fn(&Growth, &Layer) + Sync + 'p;

/// A growth in progress: its [`Growth`], the heaps' options, the budget.
pub(crate) struct Grower<'a> {
    game: &'a dyn HeapGame,
    state: Growth,
    options: HeapOptions,
    budget: Budget,
    seen: Seen,
    reach: Option<u64>,
    check: Check,
    kept: Kept,
}

impl<'a> Grower<'a> {
    /// A growth of `game` from Q_0 under `limits` (its clock starts now).
    pub(crate) fn new(game: &'a dyn HeapGame, limits: &Limits) -> Grower<'a> {
        Grower::checked(game, limits, Check::ByOrder)
    }

    /// A growth of `game` from Q_0 under `limits`, checking candidates by
    /// `check`.
    pub(crate) fn checked(game: &'a dyn HeapGame, limits: &Limits, check: Check) -> Grower<'a> {
        Grower {
            game,
            state: Growth::start(),
            options: vec![Vec::new()],
            budget: Budget::start(limits),
            seen: Seen::default(),
            reach: game.period_reach(),
            check,
            kept: Kept::default(),
        }
    }

    /// A growth of `game` going on from `state` under `limits`: the
    /// options of heaps `1..=n` are listed again. `state` is not checked
    /// here ([`Grower::reproduces`] does).
    #[cfg(feature = "checkpoint")]
    pub(crate) fn resume(
        game: &'a dyn HeapGame,
        limits: &Limits,
        state: Growth,
    ) -> Result<Grower<'a>, SearchError> {
        let mut g = Grower::new(game, limits);
        let heaps = state.heaps();
        g.options.reserve_within(heaps, g.budget.max_memory())?;
        for n in 1..=heaps {
            g.list_options(n)?;
        }
        g.seen.hints = state.hints;
        g.state = state;
        Ok(g)
    }

    /// Where the growth stands.
    #[cfg(feature = "checkpoint")]
    pub(crate) fn state(&self) -> &Growth {
        &self.state
    }

    /// Appends heap `n`'s options to `options`.
    fn list_options(&mut self, n: usize) -> Result<(), SearchError> {
        let mut opts = Vec::new();
        let mut refused = None;
        let max_memory = self.budget.max_memory();
        self.game.options(n, &mut |parts| {
            if refused.is_none() {
                match opts.reserve_within(1, max_memory) {
                    Ok(()) => opts.push(parts.iter().map(|&h| h as u32).collect()),
                    Err(e) => refused = Some(e),
                }
            }
        });
        if let Some(e) = refused {
            return Err(e);
        }
        if self.game.faulted() {
            return Err(SearchError::Rules(RulesError::new(format!(
                "the options of heap {n} could not be listed"
            ))));
        }
        self.options.reserve_within(1, max_memory)?;
        self.options.push(opts);
        Ok(())
    }

    /// The exact check ([`refine_with`]) of the state, as a resumed growth
    /// makes it once: whether the candidate passes it and its one round
    /// gives the candidate back unchanged (the same elements, numbered
    /// the same way, the same P-portion and pretending function), as every
    /// quotient the growth makes does. A candidate that does is the
    /// quotient of heaps `0..=n`, labelled as the growth labels it.
    /// Candidates whose table is not that of a commutative monoid with
    /// identity 0 are refused before any round.
    #[cfg(feature = "checkpoint")]
    pub(crate) fn reproduces(&mut self) -> Result<bool, SearchError> {
        let cand = &self.state.candidate;
        let m = &cand.monoid;
        let order = m.order() as u32;
        let table_ok =
            (0..order).all(|x| m.mul(0, x) == x && (x..order).all(|y| m.mul(x, y) == m.mul(y, x)));
        if !table_ok || cand.phi.first() != Some(&0) {
            return Ok(false);
        }
        let round = refine_with(cand, &self.options, &mut self.budget, self.check)?;
        Ok(round.faithful && round.next == *cand)
    }

    /// Grows the quotient by one heap. On an error the state is still the
    /// last quotient proven.
    /// `publish` is handed each layer the learner proves within the heap,
    /// with the state it grows from.
    fn step(&mut self, publish: Option<&Publish<'_>>) -> Result<(), SearchError> {
        let n = self.state.heaps() + 1;
        self.budget.check_now().map_err(|e| self.stopped(e))?;
        self.list_options(n)?;
        let resume = self.state.within.take().filter(|l| l.heap == n);
        let state = &self.state;
        let hand = publish.map(|f| move |layer: &Layer| f(state, layer));
        let within = Within {
            resume: resume.as_ref(),
            publish: hand.as_ref().map(|h| h as &(dyn Fn(&Layer) + Sync)),
        };
        let next = match extend(
            &self.state.candidate,
            &self.options,
            &mut self.budget,
            &mut self.seen,
            self.check,
            &mut self.kept,
            within,
        ) {
            Ok(next) => next,
            Err(e) => {
                self.options.pop();
                self.kept.clear();
                return Err(self.stopped(e));
            }
        };
        let state = &mut self.state;
        if next.monoid.order() != state.order() {
            state.last_change = n;
        }
        state.orders.push(next.monoid.order());
        state.candidate = next;
        state.hints = self.seen.hints;
        Ok(())
    }

    /// The error of a growth stopped by `cause` before its next heap: a
    /// rules file's error as it is, any other (an interrupt too) with the
    /// quotient proven so far (its heaps and order).
    fn stopped(&self, cause: SearchError) -> SearchError {
        match cause {
            SearchError::Rules(_) => cause,
            SearchError::Interrupted { kept, .. } => SearchError::Interrupted {
                done: Some(format!(
                    "the quotient of heaps 0..={} proven (order {})",
                    self.state.heaps(),
                    self.state.candidate.monoid.order()
                )),
                kept,
            },
            cause => SearchError::QuotientStopped {
                cause: Box::new(cause),
                proven: self.state.heaps() as u64,
                order: self.state.candidate.monoid.order(),
                kept: None,
            },
        }
    }

    /// The pre-period and period of the pretending function when the
    /// misère periodicity test proves the quotient whole at this heap.
    fn solved(&self) -> Option<(usize, usize)> {
        self.state.solved(self.reach)
    }

    /// Whether the growth has no heap left to grow up to `max_heap`: it is
    /// there, or proven whole.
    pub(crate) fn done(&self, max_heap: usize) -> bool {
        self.state.heaps() >= max_heap || self.solved().is_some()
    }

    /// Grows heap by heap up to `max_heap`, stopping early once the
    /// periodicity test proves the quotient whole, calling `after` with
    /// the state after each heap (a progress bar, a checkpoint's save;
    /// its error stops the growth).
    pub(crate) fn run<E: From<SearchError>>(
        &mut self,
        max_heap: usize,
        after: &mut dyn FnMut(&Growth) -> Result<(), E>,
    ) -> Result<(), E> {
        self.run_within(max_heap, after, None)
    }

    /// [`Grower::run`], handing `publish` each layer the learner proves
    /// within a heap (on the learner's thread), with the state the heap
    /// grows from.
    pub(crate) fn run_within<E: From<SearchError>>(
        &mut self,
        max_heap: usize,
        after: &mut dyn FnMut(&Growth) -> Result<(), E>,
        publish: Option<&Publish<'_>>,
    ) -> Result<(), E> {
        while !self.done(max_heap) {
            self.step(publish)?;
            after(&self.state)?;
        }
        Ok(())
    }

    /// Whether `layer`, read from a file, is a proven layer of the next
    /// heap ([`Layer::holds`]; that heap's options are listed for the
    /// check and dropped after it); if so the growth goes on from it.
    #[cfg(feature = "checkpoint")]
    pub(crate) fn resume_within(&mut self, layer: Layer) -> Result<bool, SearchError> {
        let n = self.state.heaps() + 1;
        if layer.heap != n {
            return Ok(false);
        }
        self.list_options(n)?;
        let holds = layer.holds(&self.state.candidate, &self.options, &mut self.budget);
        self.options.pop();
        if holds? {
            self.state.within = Some(layer);
            return Ok(true);
        }
        Ok(false)
    }

    /// The quotient where the growth stands: solved when the periodicity
    /// test holds at its last heap, else the bounded quotient of its heaps.
    pub(crate) fn into_quotient(self) -> HeapQuotient {
        self.state.into_quotient(self.reach)
    }
}

impl Growth {
    /// The pre-period and period of the pretending function when the
    /// misère periodicity test, with `t` = `reach`, proves the quotient
    /// whole at this heap.
    fn solved(&self, reach: Option<u64>) -> Option<(usize, usize)> {
        let t = reach?;
        let (n0, p) = periodicity(&self.candidate.phi)?;
        let n = self.heaps() as u64;
        (2 * n0 as u64 + 2 * p as u64 + t + 2 <= n).then_some((n0, p))
    }

    /// The quotient of this state: solved when the periodicity test (`t`
    /// = `reach`) holds at its last heap, else the bounded quotient of
    /// its heaps.
    fn into_quotient(self, reach: Option<u64>) -> HeapQuotient {
        let solved = self.solved(reach);
        let Growth {
            candidate,
            orders,
            last_change,
            ..
        } = self;
        let period = solved.or_else(|| periodicity(&candidate.phi));
        HeapQuotient {
            max_heap: candidate.phi.len() - 1,
            candidate,
            orders,
            period,
            solved: solved.is_some(),
            last_change,
        }
    }
}

/// Grows the quotient heap by heap from Q_0 up to `max_heap`, stopping
/// early once the periodicity test proves it whole. Every round is bounded by `limits`
/// (states: pairs enumerated in one round; memory; time for the whole
/// call).
pub fn grow(
    game: &dyn HeapGame,
    max_heap: usize,
    limits: &Limits,
) -> Result<HeapQuotient, SearchError> {
    grow_watched(game, max_heap, limits, &mut |_, _| {})
}

/// [`grow`] with candidates proven by `check`: every answer is the same
/// whichever check proves it (the reference [`Check::Sets`] is for
/// tests).
pub fn grow_checked(
    game: &dyn HeapGame,
    max_heap: usize,
    limits: &Limits,
    check: Check,
) -> Result<HeapQuotient, SearchError> {
    let mut grower = Grower::checked(game, limits, check);
    grower.run::<SearchError>(max_heap, &mut |_| Ok(()))?;
    Ok(grower.into_quotient())
}

/// [`grow`], calling `watch(n, order)` once the quotient of heaps `0..=n`
/// (of that order) is proven: a progress bar's hook.
pub fn grow_watched(
    game: &dyn HeapGame,
    max_heap: usize,
    limits: &Limits,
    watch: &mut dyn FnMut(usize, usize),
) -> Result<HeapQuotient, SearchError> {
    let mut grower = Grower::new(game, limits);
    grower.run::<SearchError>(max_heap, &mut |s| {
        watch(s.heaps(), s.order());
        Ok(())
    })?;
    Ok(grower.into_quotient())
}

/// [`grow`] toward `max_heap`, keeping the bounded quotient Q_keep met on
/// the way: the growth's answer (or the limit that stopped it), and Q_keep
/// when the growth proved heaps `0..=keep` before it ended (`None` when it
/// stopped before heap `keep`, or was proven whole before it). One growth
/// serves both a search for the whole game's quotient and a sum whose
/// largest heap is `keep`, whatever limit stops the first.
pub fn grow_keeping(
    game: &dyn HeapGame,
    max_heap: usize,
    keep: usize,
    limits: &Limits,
) -> (Result<HeapQuotient, SearchError>, Option<HeapQuotient>) {
    let mut grower = Grower::new(game, limits);
    let reach = grower.reach;
    let mut kept = (grower.state.heaps() == keep).then(|| grower.state.clone());
    let run = grower.run::<SearchError>(max_heap, &mut |s| {
        if s.heaps() == keep {
            kept = Some(s.clone());
        }
        Ok(())
    });
    let kept = kept.map(|s| s.into_quotient(reach));
    (run.map(|()| grower.into_quotient()), kept)
}

/// The quotient of heaps `0..=n` from that of heaps `0..n` (`cand`, whose
/// `phi` has `n` entries; `options` has `n + 1`). Guesses, each refined
/// until proven ([`refine_with`]'s exact check) or given up: heap `n` as each
/// element already there; as a new generator of the [`CHEAP_SHAPES`]
/// first shapes of [`SHAPES`] (the last shape to pass first, alone unless
/// the learner placed a recent heap, see [`Seen`]) beside the candidate
/// of [`learned`]; the cheap shapes again if the learner's candidate
/// fails (they were stopped when it came); the other shapes; then
/// refinement from the identity until the limits stop it. Whatever guess
/// is proven, the result is the quotient.
fn extend(
    cand: &Candidate,
    options: &HeapOptions,
    budget: &mut Budget,
    seen: &mut Seen,
    check: Check,
    kept: &mut Kept,
    within: Within<'_>,
) -> Result<Candidate, SearchError> {
    let order = cand.monoid.order();
    let q = &cand.monoid;
    // Heap n's option images.
    let n = cand.phi.len();
    let images: Vec<u32> = options[n]
        .iter()
        .map(|o| q.product(o.iter().map(|&h| cand.phi[h as usize])))
        .collect();
    // Heap n with the option images of an earlier heap m: with Φ(n) =
    // Φ(m) the heaps generate the same pairs (element, option images),
    // the same monoid M, whose check `cand` passed; `cand` is then the
    // quotient of heaps 0..=n as it stands (no round needed).
    let w = words(order);
    let image_set = |imgs: &mut dyn Iterator<Item = u32>| {
        let mut set = vec![0u64; w];
        imgs.for_each(|x| insert(&mut set, x));
        set
    };
    if seen.upto == 0 {
        seen.images.clear();
    }
    let from = seen.upto.max(1);
    for (heap_options, &x) in options[from..n].iter().zip(&cand.phi[from..n]) {
        let theirs = image_set(
            &mut heap_options
                .iter()
                .map(|o| q.product(o.iter().map(|&h| cand.phi[h as usize]))),
        );
        seen.images.reserve_within(1, budget.max_memory())?;
        seen.images.entry(theirs).or_insert(x);
    }
    seen.upto = n;
    let mine = image_set(&mut images.iter().copied());
    if let Some(&x) = seen.images.get(&mine) {
        let mut same = cand.try_clone(budget.max_memory())?;
        same.phi.push(x);
        seen.upto = n + 1;
        return Ok(same);
    }
    // Whatever follows changes the labels: what was seen is forgotten.
    seen.upto = 0;
    // One guess, its last heap's element changed in place.
    let mut guess = cand.try_clone(budget.max_memory())?;
    guess.phi.push(0);
    for x in 0..order as u32 {
        // A necessary condition: whenever x·y is in P, no option of heap n
        // added to y lands in P.
        let q = &guess.monoid;
        let possible = (0..order as u32)
            .all(|y| !q.in_p(q.mul(x, y)) || images.iter().all(|&o| !q.in_p(q.mul(y, o))));
        if !possible {
            continue;
        }
        guess.phi[n] = x;
        match check {
            Check::Triples | Check::ByOrder => {
                if let Some(next) = prove(&guess, options, budget, kept)? {
                    return Ok(next);
                }
            }
            Check::Sets => {
                let round = refine_with(&guess, options, budget, check)?;
                if round.faithful {
                    return Ok(round.next);
                }
            }
        }
    }
    // The guesses below change the labels: the kept triples are forgotten.
    kept.clear();
    let mut base = guess;
    base.phi[n] = 0;
    // Cyclic shapes for a new generator, the one that last passed first;
    // the costlier shapes only after the learner.
    let mut shapes: Vec<(usize, usize)> = seen.hints.shape.into_iter().collect();
    shapes.extend(SHAPES.iter().filter(|&&s| Some(s) != seen.hints.shape));
    let (cheap, costly) = shapes.split_at(CHEAP_SHAPES.min(shapes.len()));
    let tried = |shapes: &[(usize, usize)],
                 budget: &mut Budget,
                 seen: &mut Seen,
                 stop: Option<&AtomicBool>|
     -> Result<Option<Candidate>, SearchError> {
        for &(m, p) in shapes {
            if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                return Ok(None);
            }
            let guess = base.adjoin(m, p, budget)?;
            if let Some(q) = settle_guess(guess, options, budget, check, stop)? {
                seen.hints.shape = Some((m, p));
                seen.hints.since_learnt = seen.hints.since_learnt.map(|k| k + 1);
                return Ok(Some(q));
            }
        }
        Ok(None)
    };
    // The shape that passed last (beside the learner, with the others,
    // when the learner placed a heap within the last LEARNT_WITHIN that
    // needed a generator), then a candidate learned from exact outcomes
    // (see [`crate::learn`]), proven by the check, learned while the other
    // cheap shapes are tried: on a thread of its own with the `parallel`
    // feature (on 0.07 both take seconds at heap 30, where the learner's
    // candidate is the one proven), given up once a shape settles the
    // heap.
    let all_cheap = cheap;
    let learnt = seen.hints.since_learnt.is_some_and(|k| k < LEARNT_WITHIN);
    let (last, cheap) = cheap.split_at(if learnt { 0 } else { 1.min(cheap.len()) });
    if let Some(q) = tried(last, budget, seen, None)? {
        return Ok(q);
    }
    let mut given_up = PretestsGivenUp(seen.hints.pretests);
    let (shaped, learnt) = beside(
        |budget: &mut Budget, stop| learned(cand, options, budget, stop, &mut given_up, within),
        |budget: &mut Budget, stop| tried(cheap, budget, seen, stop),
        budget,
    );
    seen.hints.pretests = given_up.0;
    if let Some(q) = shaped? {
        return Ok(q);
    }
    if let Some(guess) = learnt? {
        if let Some(q) = settle_guess(guess, options, budget, check, None)? {
            // The shapes stopped as soon as the learner was done: the
            // shape of heap n's element, tried first at the next heap
            // that needs a generator, is read off the quotient (on 0.07,
            // (2, 2) at heap 27, which settles heaps 31 to 33).
            let shape = cyclic_shape(&q.monoid, q.phi[n]);
            if SHAPES.contains(&shape) {
                seen.hints.shape = Some(shape);
            }
            seen.hints.since_learnt = Some(0);
            return Ok(q);
        }
        // Never seen (the learner's candidate passed the same check):
        // the cheap shapes, stopped when it came, are tried to the end.
        if let Some(q) = tried(all_cheap, budget, seen, None)? {
            return Ok(q);
        }
    }
    if let Some(q) = tried(costly, budget, seen, None)? {
        return Ok(q);
    }
    // Last resort: refinement from the identity, as long as the limits allow.
    settle(base, options, budget, usize::MAX, check, None)?
        .ok_or(SearchError::StateLimit(budget.max_states()))
}

/// `first(budget)` and `second(budget, stop)`, each on its own budget (a
/// copy of `budget`, the same limits), as if `first` ran before
/// `second`: the result of `second` is wanted only when `first` gives
/// `Ok(None)`. With the `parallel` feature `second` runs on a thread of
/// its own meanwhile, and `stop` is set (for `second` to give up) as soon
/// as `first` gives anything else. Once `second` gives `Ok(Some(_))`,
/// `first`'s stop flag is set, and its budget ([`Budget::cancelled_by`]
/// the same flag) stops it within the round under way, for it to give
/// `Ok(None)` at once; the caller then takes the second result (on 0.54
/// at heap 59 the learner's candidate was ready in 1 s while one round of
/// a cyclic shape, 384 elements, took 10.5 s). Without the feature,
/// `second` runs after `first` only when wanted. The second result, when
/// not wanted, is `Ok(None)` or whatever `second` gave before it stopped.
fn beside<T: Send, U>(
    second: impl FnOnce(&mut Budget, Option<&AtomicBool>) -> Result<Option<T>, SearchError> + Send,
    first: impl FnOnce(&mut Budget, Option<&AtomicBool>) -> Result<Option<U>, SearchError>,
    budget: &mut Budget,
) -> (
    Result<Option<U>, SearchError>,
    Result<Option<T>, SearchError>,
) {
    #[cfg(feature = "parallel")]
    {
        let stop = AtomicBool::new(false);
        let ready = std::sync::Arc::new(AtomicBool::new(false));
        let mut own = budget.clone();
        let mut mine = budget.cancelled_by(ready.clone());
        std::thread::scope(|scope| {
            let worker = scope.spawn(|| {
                let r = second(&mut own, Some(&stop));
                if matches!(r, Ok(Some(_))) {
                    ready.store(true, Ordering::Relaxed);
                }
                r
            });
            let done = match first(&mut mine, Some(&*ready)) {
                Err(SearchError::Interrupted { .. }) if mine.cancelled() => Ok(None),
                done => done,
            };
            if !matches!(done, Ok(None)) {
                stop.store(true, Ordering::Relaxed);
            }
            let other = worker
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            (done, other)
        })
    }
    #[cfg(not(feature = "parallel"))]
    {
        let done = first(budget, None);
        if !matches!(done, Ok(None)) {
            return (done, Ok(None));
        }
        let other = second(budget, None);
        (done, other)
    }
}

/// The shape `(m, p)` of the cyclic submonoid that `x` generates in `q`:
/// `x^(m+p) = x^m`, with `m` and then `p` least.
fn cyclic_shape(q: &BipartiteMonoid, x: u32) -> (usize, usize) {
    let mut first_at: Vec<Option<usize>> = vec![None; q.order()];
    let mut y = 0u32;
    let mut j = 0;
    loop {
        if let Some(m) = first_at[y as usize] {
            return (m, j - m);
        }
        first_at[y as usize] = Some(j);
        y = q.mul(y, x);
        j += 1;
    }
}

/// [`settle`] for a guess: given up once a candidate has more than twice
/// the elements of the guess reduced (and 16). A cyclic guess `Q × C(m,
/// p)` reduces to far fewer elements (on 0.54 at heap 38, `(2, 2)`: 384
/// to 120), and a refinement that grows past twice that diverges (there:
/// 120, 122, 126, 132, 270, 326, 620, 676, 1,276, the last rounds the
/// costliest, while the learner's candidate is the one proven).
fn settle_guess(
    guess: Candidate,
    options: &HeapOptions,
    budget: &mut Budget,
    check: Check,
    stop: Option<&AtomicBool>,
) -> Result<Option<Candidate>, SearchError> {
    let guess = guess.assign_p(options).reduced(budget)?;
    let limit = 2 * guess.monoid.order() + 16;
    settle(guess, options, budget, limit, check, stop)
}

/// Refines `cand` until it is proven (the quotient), its P-portion read
/// off the least positions before each round ([`Candidate::assign_p`]);
/// `None`
/// after [`ROUNDS_PER_GUESS`] rounds (unbounded when `max_order` is
/// `usize::MAX`), once a candidate exceeds `max_order` elements, or at
/// the round after `stop` is set.
fn settle(
    mut cand: Candidate,
    options: &HeapOptions,
    budget: &mut Budget,
    max_order: usize,
    check: Check,
    stop: Option<&AtomicBool>,
) -> Result<Option<Candidate>, SearchError> {
    let mut rounds = 0;
    loop {
        if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            return Ok(None);
        }
        // Reduced first: the same round (see [`Candidate::reduced`]),
        // fewer pairs to enumerate.
        cand = cand.assign_p(options).reduced(budget)?;
        let round = refine_with(&cand, options, budget, check)?;
        if round.faithful {
            return Ok(Some(round.next));
        }
        rounds += 1;
        if max_order != usize::MAX && rounds >= ROUNDS_PER_GUESS {
            return Ok(None);
        }
        cand = round.next;
        if cand.monoid.order() > max_order {
            return Ok(None);
        }
    }
}

/// The periodicity of `phi` seen so far: the `(n0, p)` with the least
/// `2·n0 + 2·p` such that `phi[n + p] = phi[n]` for every `n ≥ n0` in
/// range and at least two full periods follow `n0`; `None` if there is
/// none.
pub fn periodicity(phi: &[u32]) -> Option<(usize, usize)> {
    let len = phi.len();
    let mut best: Option<(usize, usize)> = None;
    for p in 1..=len / 2 {
        let n0 = preperiod_of(phi, p, 0);
        if n0 + 2 * p > len {
            continue;
        }
        if best.is_none_or(|(b0, bp)| n0 + p < b0 + bp) {
            best = Some((n0, p));
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shape read off a quotient is the cyclic monoid's own: `x` of
    /// `C(m, p)` (a trivial monoid with a generator adjoined) has shape
    /// `(m, p)`, for every shape tried.
    #[test]
    fn cyclic_shape_reads_the_adjoined_shape() {
        let trivial = Candidate {
            monoid: BipartiteMonoid::from_valid_table(1, vec![0], vec![false]),
            phi: vec![0, 0],
        };
        for &(m, p) in &SHAPES {
            let mut budget = Budget::start(&Limits::default());
            let c = trivial.adjoin(m, p, &mut budget).expect("a small table");
            assert_eq!(cyclic_shape(&c.monoid, c.phi[1]), (m, p));
        }
    }

    /// Once the second search gives a result, the first stops within its
    /// work at its next budget check (not only between rounds), and gives
    /// `Ok(None)`; its result is then the second's to take.
    #[cfg(feature = "parallel")]
    #[test]
    fn beside_stops_the_first_within_its_work() {
        let mut budget = Budget::start(&Limits::default());
        let (first, second) = beside(
            |_: &mut Budget, _| Ok(Some("learnt")),
            |budget: &mut Budget, _| {
                // Ten seconds of checks at the most: never its own end
                // unless the cancel failed.
                for _ in 0..10_000 {
                    budget.check_now()?;
                    std::thread::sleep(std::time::Duration::from_millis(1));
                }
                Ok(Some("shape"))
            },
            &mut budget,
        );
        assert_eq!(first, Ok(None));
        assert_eq!(second, Ok(Some("learnt")));
        // The caller's budget was not cancelled.
        assert_eq!(budget.check_now(), Ok(()));
    }

    /// A stop of the whole computation (SIGINT) that the first search
    /// meets is its error, never taken for the cancel, even when the
    /// second search has given its result.
    #[cfg(feature = "parallel")]
    #[test]
    fn beside_never_takes_a_stop_for_the_cancel() {
        use grundy_engine::interrupt;
        let watch = interrupt::Watch::new();
        interrupt::within(std::sync::Arc::clone(&watch), || {
            let mut budget = Budget::start(&Limits::default());
            watch.raise();
            let (first, second) = beside(
                |_: &mut Budget, _| Ok(Some("learnt")),
                |budget: &mut Budget, _| {
                    // Until the second is done, then once more.
                    std::thread::sleep(std::time::Duration::from_millis(50));
                    budget.check_now()?;
                    Ok(Some("shape"))
                },
                &mut budget,
            );
            assert_eq!(first, Err(interrupt::interrupted()));
            assert_eq!(second, Ok(Some("learnt")));
        });
    }
}
