//! Misère answers read off a game's misère quotient: a sum of heaps is a
//! P-position exactly when the product of its heaps' elements lies in the
//! quotient's P-portion, and its winning moves are the options whose
//! product does. [`QuotientAnswers`] grows the quotient of a game of heaps
//! once per family (kept for its life), answers `grundy quotient` from it
//! ([`MisereQuotient`]), and the misère sums the search refuses
//! ([`QuotientAnswers::misere`]). The game only describes its moves
//! ([`HeapSums`]) and its heaps as a [`HeapGame`].

use crate::family::MisereQuotient;
use crate::heap_quotient::{grow_shown, quotient_heaps};
use crate::request::DEFAULT_QUOTIENT_HEAP;
use crate::{Adapter, MAX_QUOTIENT_HEAP};
use grundy_engine::{
    check_moves_bound, not_listed_note, too_large_note, Analysis, ComponentReport, Detail,
    GameError, Limits, Move, MoveReport, Outcome, Play, SearchError, TextGame, MAX_ANSWER,
};
use grundy_quotient::{HeapGame, HeapQuotient, QuotientControl, QuotientReport};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A game whose positions are lists of heap sizes, each heap's moves
/// leaving smaller heaps (a take-and-break game): what the quotient's
/// answers need to name its moves.
pub trait HeapSums: TextGame<Position = Vec<u64>> {
    /// The part lists a heap of `n` may leave, in the order of the game's
    /// moves.
    fn heap_parts(&self, n: u64) -> Vec<Vec<u64>>;

    /// The move replacing heap `i` of `heaps` by `parts`, labelled as
    /// [`TextGame::moves`] labels it.
    fn heap_move(&self, heaps: &[u64], i: usize, parts: &[u64]) -> Move<Vec<u64>>;
}

/// Most time a misère analysis spends growing the game's whole quotient
/// when its search was refused (within the family's own time limit).
const QUOTIENT_TIME: Duration = Duration::from_secs(3);

/// Most distinct heap sizes whose elements a quotient-backed misère
/// analysis names in a note.
const MAX_ELEMENTS_NAMED: usize = 32;

/// Most bounded quotients kept for misère analyses (the smallest heap
/// bound goes first): a batch of sums of a few largest heaps grows each
/// once.
const BOUNDED_KEPT: usize = 16;

/// The misère quotient of a family's heaps, grown on demand and kept, and
/// the answers read off it.
pub struct QuotientAnswers<G: HeapSums> {
    adapter: Arc<Adapter<G>>,
    /// The heaps as the quotient crate sees them.
    heaps: Box<dyn HeapGame + Send + Sync>,
    /// The rule's name: in methods, and a checkpoint's identity.
    rule_name: String,
    /// The family's search limits.
    limits: Limits,
    /// The quotients grown so far.
    known: Mutex<Known>,
    /// The least heap the whole quotient could not be grown to (a limit
    /// hit; `u64::MAX`: none): misère analyses do not try it again that
    /// far.
    whole_failed: AtomicU64,
    /// The least n whose bounded quotient Q_n could not be grown (a limit
    /// hit; `u64::MAX`: none): not tried again for n or past it.
    bounded_failed: AtomicU64,
}

/// The quotients a family has grown.
#[derive(Default)]
struct Known {
    /// The quotient grown furthest toward the whole game's (by
    /// `grundy quotient`, or a misère analysis): solved, or bounded.
    whole: Option<Arc<Grown>>,
    /// Bounded quotients Q_n by n, grown for misère sums whose largest
    /// heap is n.
    bounded: BTreeMap<u64, Arc<Grown>>,
}

impl Known {
    /// The quotient that answers a sum whose largest heap is `n`: the
    /// whole game's, else Q_n.
    fn answering(&self, n: u64) -> Option<Arc<Grown>> {
        match &self.whole {
            Some(g) if g.q.solved || g.q.max_heap as u64 == n => Some(g.clone()),
            _ => self.bounded.get(&n).cloned(),
        }
    }

    /// Keeps `q`: as the whole quotient when solved or reaching further
    /// than the one kept (unless that is solved), as Q_n otherwise.
    fn keep(&mut self, q: HeapQuotient) {
        let grown = Arc::new(Grown::new(q));
        let further = |g: &Arc<Grown>| !g.q.solved && grown.q.max_heap >= g.q.max_heap;
        if grown.q.solved || self.whole.as_ref().is_none_or(further) {
            self.whole = Some(grown);
            return;
        }
        if self.bounded.len() >= BOUNDED_KEPT {
            self.bounded.pop_first();
        }
        self.bounded.insert(grown.q.max_heap as u64, grown);
    }
}

impl<G: HeapSums + 'static> QuotientAnswers<G> {
    /// The answers of the family served by `adapter` (its name and game),
    /// whose heaps are `heaps` under the rule named `rule_name`, within
    /// `limits`.
    pub fn new(
        adapter: Arc<Adapter<G>>,
        heaps: Box<dyn HeapGame + Send + Sync>,
        rule_name: String,
        limits: &Limits,
    ) -> Self {
        QuotientAnswers {
            adapter,
            heaps,
            rule_name,
            limits: limits.clone(),
            known: Mutex::new(Known::default()),
            whole_failed: AtomicU64::new(u64::MAX),
            bounded_failed: AtomicU64::new(u64::MAX),
        }
    }

    /// The quotients grown so far.
    fn known(&self) -> Result<std::sync::MutexGuard<'_, Known>, GameError> {
        self.known
            .lock()
            .map_err(|_| GameError::Internal("quotient cache poisoned".into()))
    }

    /// The misère answer to `args` from the game's quotient: the whole
    /// game's quotient when it is known or found (grown toward heap
    /// [`DEFAULT_QUOTIENT_HEAP`] or the largest heap for at most
    /// [`QUOTIENT_TIME`], as long as the periodicity test needs), else the
    /// bounded quotient Q_n of heaps `0..=n`, n the position's largest
    /// heap, which is exact for every sum of heaps up to n (their options
    /// are smaller heaps), grown within the family's limits (states,
    /// memory, time). Neither grows past the clock reading `until` (the
    /// end of the answer's time limit). `None` when no quotient covers
    /// the position within the limits (the caller reports the search's
    /// error); a growth stopped by a limit is not tried again for heaps
    /// as large (unless it was cut short by the answer's own end).
    pub fn misere(
        &self,
        args: &[&str],
        detail: Detail,
        until: Option<Duration>,
    ) -> Result<Option<Analysis>, GameError> {
        let game = self.adapter.game();
        let heaps = game.parse(args)?;
        let largest = heaps.iter().copied().max().unwrap_or(0);
        let Some(grown) = self.quotient_for(largest, until)? else {
            return Ok(None);
        };
        Ok(self.answer(&heaps, &grown, detail))
    }

    /// The quotient answering sums whose largest heap is `n` (see
    /// [`QuotientAnswers::misere`]); `None` when none is within the limits.
    fn quotient_for(
        &self,
        n: u64,
        until: Option<Duration>,
    ) -> Result<Option<Arc<Grown>>, GameError> {
        let mut known = self.known()?;
        if let Some(g) = known.answering(n) {
            return Ok(Some(g));
        }
        let bounded = usize::try_from(n).ok().filter(|&k| k <= MAX_QUOTIENT_HEAP);
        let mut bounded_tried = false;
        // The whole quotient first, as far as the periodicity test needs,
        // keeping Q_n on the way: whatever stops the growth, Q_n is not
        // grown twice.
        let reach = n.max(DEFAULT_QUOTIENT_HEAP).min(MAX_QUOTIENT_HEAP as u64);
        if reach < self.whole_failed.load(Ordering::Relaxed) {
            let limits = Limits {
                max_time: Some(
                    self.limits
                        .max_time
                        .map_or(QUOTIENT_TIME, |t| t.min(QUOTIENT_TIME)),
                ),
                ..self.limits.ending_by(until)
            };
            let cut_short = cut_short(&limits, until);
            let keep = bounded.unwrap_or(usize::MAX);
            let (whole, kept) =
                grundy_quotient::grow_keeping(&*self.heaps, reach as usize, keep, &limits);
            let whole_found = match whole {
                Ok(q) => {
                    let solved = q.solved;
                    known.keep(q);
                    solved
                }
                Err(e) => {
                    // Stopped before heap n by a limit other than time:
                    // Q_n, grown the same way, would stop there too.
                    if kept.is_none() && !timed_out(&e) {
                        self.bounded_failed.fetch_min(n, Ordering::Relaxed);
                        bounded_tried = true;
                    }
                    cut_short && timed_out(&e)
                }
            };
            if !whole_found {
                self.whole_failed.fetch_min(reach, Ordering::Relaxed);
            }
            if let Some(q) = kept {
                known.keep(q);
            }
            if let Some(g) = known.answering(n) {
                return Ok(Some(g));
            }
        }
        // Then Q_n alone, within the family's own limits.
        let Some(k) =
            bounded.filter(|_| !bounded_tried && n < self.bounded_failed.load(Ordering::Relaxed))
        else {
            return Ok(None);
        };
        let limits = self.limits.ending_by(until);
        let cut_short = cut_short(&limits, until);
        match grundy_quotient::grow(&*self.heaps, k, &limits) {
            Ok(q) => known.keep(q),
            Err(e) => {
                if !(cut_short && timed_out(&e)) {
                    self.bounded_failed.fetch_min(n, Ordering::Relaxed);
                }
            }
        }
        Ok(known.answering(n))
    }

    /// The misère answer to the sum `heaps` from `grown`, which covers
    /// every heap of it.
    fn answer(&self, heaps: &[u64], grown: &Grown, detail: Detail) -> Option<Analysis> {
        let game = self.adapter.game();
        let heaps = heaps.to_vec();
        let Grown { q, pres } = grown;
        let m = &q.candidate.monoid;
        let element = |h: u64| usize::try_from(h).ok().and_then(|h| q.element(h));
        let elements = heaps
            .iter()
            .map(|&h| element(h))
            .collect::<Option<Vec<u32>>>()?;
        let total = m.product(elements.iter().copied());
        let outcome = if m.in_p(total) {
            Outcome::P
        } else {
            Outcome::N
        };
        // The moves are listed under the bounds every analysis obeys.
        let size = game.answer_size(&heaps, Play::Misere);
        let limit = if detail == Detail::OutcomeOnly {
            Err(None)
        } else if detail == Detail::AllMoves && size > MAX_ANSWER {
            Err(Some(too_large_note(size)))
        } else {
            check_moves_bound(game, &heaps, &self.limits).map_err(|e| Some(not_listed_note(&e)))
        };
        let (count, listed, mut notes) = match limit {
            Err(note) => (None, Vec::new(), note.into_iter().collect()),
            Ok(()) => {
                // A move replaces heap i: the product of the other heaps'
                // elements times its parts' (prefix and suffix products,
                // so no move multiplies the whole position again).
                let mut before = Vec::with_capacity(elements.len() + 1);
                before.push(0u32);
                for &e in &elements {
                    before.push(m.mul(*before.last().unwrap_or(&0), e));
                }
                let mut after = vec![0u32; elements.len() + 1];
                for i in (0..elements.len()).rev() {
                    after[i] = m.mul(elements[i], after[i + 1]);
                }
                let mut winning = Vec::new();
                for (i, &h) in heaps.iter().enumerate() {
                    let rest = m.mul(before[i], after[i + 1]);
                    for parts in game.heap_parts(h) {
                        let images = parts
                            .iter()
                            .map(|&q| element(q))
                            .collect::<Option<Vec<u32>>>()?;
                        if m.in_p(images.into_iter().fold(rest, |a, e| m.mul(a, e))) {
                            let mv = game.heap_move(&heaps, i, &parts);
                            winning.push(MoveReport {
                                label: mv.label,
                                to: game.format(&mv.to),
                            });
                        }
                    }
                }
                let count = winning.len();
                if let Detail::FirstMoves(k) = detail {
                    winning.truncate(k);
                }
                (Some(count), winning, Vec::new())
            }
        };
        let mut distinct: Vec<(u64, u32)> = heaps
            .iter()
            .copied()
            .zip(elements.iter().copied())
            .collect();
        distinct.sort_unstable();
        distinct.dedup();
        if distinct.len() <= MAX_ELEMENTS_NAMED {
            let named: Vec<String> = distinct
                .iter()
                .map(|&(h, e)| format!("heap {h} = {}", pres.name(e)))
                .collect();
            let p: Vec<String> = m.p_portion().into_iter().map(|x| pres.name(x)).collect();
            notes.push(format!(
                "each heap's element: {}; their product {} is {} P = {{{}}}",
                named.join(", "),
                pres.name(total),
                if outcome == Outcome::P {
                    "in"
                } else {
                    "not in"
                },
                p.join(", ")
            ));
        }
        let verdict = format!(
            "the product of the heaps' elements, {}, {} the P-portion",
            pres.name(total),
            if outcome == Outcome::P {
                "lies in"
            } else {
                "lies outside"
            }
        );
        let method = if q.solved {
            format!(
                "misère quotient of order {} of {} (proven for every heap): {verdict}",
                m.order(),
                self.rule_name
            )
        } else {
            format!(
                "bounded quotient Q_{n} of order {} of {} (exact for sums of heaps up to {n}): {verdict}",
                m.order(),
                self.rule_name,
                n = q.max_heap
            )
        };
        Some(Analysis {
            game: self.adapter.name().to_string(),
            position: game.format(&heaps),
            play: Play::Misere,
            outcome,
            value: None,
            genus: None,
            winning_move_count: count,
            winning_moves: listed,
            drawing_move_count: None,
            drawing_moves: Vec::new(),
            loopy_value: None,
            components: heaps
                .iter()
                .map(|&h| ComponentReport {
                    position: h.to_string(),
                    value: None,
                })
                .collect(),
            method,
            notes,
            table: None,
        })
    }
}

impl<G: HeapSums + 'static> MisereQuotient for QuotientAnswers<G> {
    /// Kept for the family's life (its misère analyses read it too): the
    /// same question, or a larger heap bound past a solved quotient, is
    /// answered again without growing it, unless a checkpoint is asked
    /// for (then it is read, and written). A checkpoint is the rule's
    /// (`octal 0.77`): `kayles` and `octal --code 0.77` share one.
    fn quotient(&self, max_heap: u64, ctl: &QuotientControl) -> Result<QuotientReport, GameError> {
        let max_heap = quotient_heaps(max_heap)?;
        let mut known = self.known()?;
        let same = |g: &Grown| g.q.max_heap == max_heap || (g.q.solved && g.q.max_heap <= max_heap);
        let name = self.adapter.name().to_string();
        if let Some(g) = known
            .whole
            .as_ref()
            .filter(|g| same(g) && ctl.checkpoint.is_none())
        {
            return Ok(QuotientReport::presented(&name, &g.q, &g.pres));
        }
        let q = grow_shown(&*self.heaps, &self.rule_name, max_heap, &self.limits, ctl)?;
        let grown = Grown::new(q.clone());
        let report = QuotientReport::presented(&name, &grown.q, &grown.pres);
        // A solved quotient, or one reaching further, serves the misère
        // analyses better than what they had; else it is a bounded one.
        known.keep(q);
        Ok(report)
    }
}

/// Whether `e` stopped a growth by the time limit.
fn timed_out(e: &SearchError) -> bool {
    let cause = match e {
        SearchError::QuotientStopped { cause, .. } => cause,
        e => e,
    };
    matches!(
        cause,
        SearchError::TimeLimit(_) | SearchError::TimeLimitAt { .. }
    )
}

/// Whether the answer's end (`until`) leaves a growth starting now under
/// `limits` less than half its own time budget: a growth it stops is not
/// known to be out of reach, and is tried again.
fn cut_short(limits: &Limits, until: Option<Duration>) -> bool {
    match (until, limits.max_time, &limits.clock) {
        (Some(u), Some(budget), Some(clock)) => u < clock.now().saturating_add(budget / 2),
        _ => false,
    }
}

/// A quotient grown for misère analyses, with its presentation (the
/// elements' names in notes and methods).
struct Grown {
    q: HeapQuotient,
    pres: grundy_quotient::Presentation,
}

impl Grown {
    /// `q` with its presentation.
    fn new(q: HeapQuotient) -> Grown {
        let pres = grundy_quotient::Presentation::new(&q.candidate.monoid, &q.candidate.phi);
        Grown { q, pres }
    }
}
