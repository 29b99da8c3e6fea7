//! A rule's moves sorted by kind, the form every method iterates over.

use crate::HeapRule;

/// The moves of a [`HeapRule`] grouped by what they leave. For a heap of n:
/// `empties` k give value 0 when n == k; `singles` k give G(n - k) when
/// n > k; `pairs` k give G(a) ^ G(b) for a + b = n - k, a, b >= 1 (and
/// a != b when `unequal`); `triples` k give G(a) ^ G(b) ^ G(c) for
/// a + b + c = n - k, each >= 1.
#[derive(Clone, Debug)]
pub(crate) struct Moves {
    pub empties: Vec<usize>,
    pub singles: Vec<usize>,
    pub pairs: Vec<usize>,
    pub triples: Vec<usize>,
    pub unequal: bool,
}

impl Moves {
    pub fn of(rule: &HeapRule) -> Moves {
        let mut m = Moves {
            empties: vec![],
            singles: vec![],
            pairs: vec![],
            triples: vec![],
            unequal: false,
        };
        match rule {
            HeapRule::GrundyGame => {
                m.pairs.push(0);
                m.unequal = true;
            }
            HeapRule::TakeBreak(code) => {
                for r in code.removals() {
                    match r.heaps {
                        0 => &mut m.empties,
                        1 => &mut m.singles,
                        2 => &mut m.pairs,
                        _ => &mut m.triples,
                    }
                    .push(r.take);
                }
            }
        }
        m
    }

    /// The largest `a` of a pair split of `m`: pairs are (a, m - a) for
    /// a in 1..=half(m).
    #[inline]
    pub fn half(&self, m: usize) -> usize {
        if self.unequal {
            m.saturating_sub(1) / 2
        } else {
            m / 2
        }
    }

    /// The pair splits m = n - k of heap n (those with n >= k + 2).
    fn splits(&self, n: usize) -> impl Iterator<Item = usize> + Clone + '_ {
        self.pairs
            .iter()
            .filter(move |&&k| n >= k + 2)
            .map(move |&k| n - k)
    }

    /// The splits (m, lo, hi) of heap n into (a, m - a), lo <= a <= hi,
    /// whose parts are both below `known` (empty when lo > hi).
    pub fn known_ranges(
        &self,
        n: usize,
        known: usize,
    ) -> impl Iterator<Item = (usize, usize, usize)> + Clone + '_ {
        self.splits(n)
            .map(move |m| (m, (m + 1).saturating_sub(known).max(1), self.half(m)))
    }

    /// The splits (m, lo, hi) of heap n with a part at or above `known`
    /// (empty when lo > hi).
    pub fn unknown_ranges(
        &self,
        n: usize,
        known: usize,
    ) -> impl Iterator<Item = (usize, usize, usize)> + Clone + '_ {
        self.splits(n)
            .map(move |m| (m, 1, self.half(m).min(m.saturating_sub(known))))
    }
}
