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

/// Most time a misère analysis spends growing the game's quotient when
/// its search was refused (within the family's own time limit).
const QUOTIENT_TIME: Duration = Duration::from_secs(3);

/// Most distinct heap sizes whose elements a quotient-backed misère
/// analysis names in a note.
const MAX_ELEMENTS_NAMED: usize = 32;

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
    /// The misère quotient, once an answer needed it.
    quotient: Mutex<Option<Grown>>,
    /// The least heap the quotient could not be grown to (a limit hit;
    /// `u64::MAX`: none): misère analyses do not try it again that far.
    quotient_failed: AtomicU64,
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
            quotient: Mutex::new(None),
            quotient_failed: AtomicU64::new(u64::MAX),
        }
    }

    /// The misère quotient of heaps `0..=max_heap` (or fewer, once proven
    /// whole), under `limits`.
    fn grow_quotient(
        &self,
        max_heap: usize,
        limits: &Limits,
        ctl: &QuotientControl,
    ) -> Result<HeapQuotient, GameError> {
        grow_shown(&*self.heaps, &self.rule_name, max_heap, limits, ctl)
    }

    /// The misère answer to `args` from the game's quotient, when the
    /// quotient (grown once per family, cached) covers every heap of the
    /// position: solved, or computed up to its largest heap. `None` when it
    /// does not (the caller reports the search's error).
    /// The quotient is grown for at most [`QUOTIENT_TIME`], and not past
    /// the clock reading `until` (the end of the answer's time limit).
    pub fn misere(
        &self,
        args: &[&str],
        detail: Detail,
        until: Option<Duration>,
    ) -> Result<Option<Analysis>, GameError> {
        let game = self.adapter.game();
        let heaps = game.parse(args)?;
        let largest = heaps.iter().copied().max().unwrap_or(0);
        let mut cached = self
            .quotient
            .lock()
            .map_err(|_| GameError::Internal("quotient cache poisoned".into()))?;
        let covers = |g: &Grown| g.q.solved || largest <= g.q.max_heap as u64;
        let reach = largest
            .max(DEFAULT_QUOTIENT_HEAP)
            .min(MAX_QUOTIENT_HEAP as u64);
        // A quotient that could not be grown to some heap is not tried
        // again to that heap or past it: each misère line of a batch would
        // wait for it anew.
        if reach >= self.quotient_failed.load(Ordering::Relaxed)
            && !cached.as_ref().is_some_and(covers)
        {
            return Ok(None);
        }
        if !cached.as_ref().is_some_and(covers) {
            let limits = Limits {
                max_time: Some(
                    self.limits
                        .max_time
                        .map_or(QUOTIENT_TIME, |t| t.min(QUOTIENT_TIME)),
                ),
                ..self.limits.ending_by(until)
            };
            // Whether the answer's end leaves the quotient less than half
            // its own budget: a quotient stopped by it is not known to be
            // out of reach.
            let budget = limits.max_time.unwrap_or(QUOTIENT_TIME);
            let cut_short = match (until, &limits.clock) {
                (Some(u), Some(clock)) => u < clock.now().saturating_add(budget / 2),
                _ => false,
            };
            match self.grow_quotient(reach as usize, &limits, &QuotientControl::default()) {
                Ok(q) => *cached = Some(Grown::new(q)),
                Err(e) => {
                    let timed_out = match &e {
                        GameError::Search(SearchError::QuotientStopped { cause, .. }) => {
                            is_time(cause)
                        }
                        GameError::Search(e) => is_time(e),
                        _ => false,
                    };
                    if !(cut_short && timed_out) {
                        self.quotient_failed.fetch_min(reach, Ordering::Relaxed);
                    }
                    return Ok(None);
                }
            }
        }
        let Some(Grown { q, pres }) = cached.as_ref().filter(|g| covers(g)) else {
            return Ok(None);
        };
        let m = &q.candidate.monoid;
        let element = |h: u64| usize::try_from(h).ok().and_then(|h| q.element(h));
        let Some(elements) = heaps
            .iter()
            .map(|&h| element(h))
            .collect::<Option<Vec<u32>>>()
        else {
            return Ok(None);
        };
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
                        let Some(images) = parts
                            .iter()
                            .map(|&q| element(q))
                            .collect::<Option<Vec<u32>>>()
                        else {
                            return Ok(None);
                        };
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
        let method = format!(
            "misère quotient of order {} of {} ({}): the product of the heaps' elements, {}, {} the P-portion",
            m.order(),
            self.rule_name,
            if q.solved {
                "proven for every heap".to_string()
            } else {
                format!("of heaps up to {}", q.max_heap)
            },
            pres.name(total),
            if outcome == Outcome::P { "lies in" } else { "lies outside" }
        );
        Ok(Some(Analysis {
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
        }))
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
        let mut cached = self
            .quotient
            .lock()
            .map_err(|_| GameError::Internal("quotient cache poisoned".into()))?;
        let same = |g: &Grown| g.q.max_heap == max_heap || (g.q.solved && g.q.max_heap <= max_heap);
        let name = self.adapter.name().to_string();
        if let Some(g) = cached
            .as_ref()
            .filter(|g| same(g) && ctl.checkpoint.is_none())
        {
            return Ok(QuotientReport::presented(&name, &g.q, &g.pres));
        }
        let grown = Grown::new(self.grow_quotient(max_heap, &self.limits, ctl)?);
        let report = QuotientReport::presented(&name, &grown.q, &grown.pres);
        // A solved quotient, or one reaching further, serves the misère
        // analyses better than what they had.
        if cached
            .as_ref()
            .is_none_or(|g| !g.q.solved && grown.q.max_heap >= g.q.max_heap)
        {
            *cached = Some(grown);
        }
        Ok(report)
    }
}

/// Whether `e` is a time limit's.
fn is_time(e: &SearchError) -> bool {
    matches!(
        e,
        SearchError::TimeLimit(_) | SearchError::TimeLimitAt { .. }
    )
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
