//! The first options of one heap worth a target value, in a game of heaps
//! whose heaps are valued by a table: the search behind a take-and-break
//! family's `TextGame::theory_first`. The game only parameterises it:
//! the values of heaps, their proven period, and the branches of a heap's
//! moves (how many counters a move leaves, in how many heaps).

/// The options of a heap that leave `total` counters in `heaps` heaps
/// (0 to 3; for two heaps, the smaller part runs over `1..=a_max`; three
/// heaps are listed a ≤ b ≤ c).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Branch {
    /// The counters the move leaves.
    pub total: u64,
    /// The heaps they are left in.
    pub heaps: usize,
    /// For two heaps, the largest smaller part.
    pub a_max: u64,
}

/// The search for the first options worth a target, branch by branch,
/// looking at a bounded number of options in all.
///
/// `value(q)` is the value of a heap of `q` (`None`: unknown, and the
/// search gives up); `period` the proven `(pre-period, period)` of those
/// values, with which the two-heap splits of a long heap are stepped
/// through a period at a time instead of one by one.
pub struct FirstSplits<V> {
    value: V,
    period: Option<(u64, u64)>,
    /// Options still to be looked at.
    budget: u128,
    /// The part lists found for the current heap, at most `k`.
    found: Vec<Vec<u64>>,
    k: usize,
}

impl<V: Fn(u64) -> Option<u64>> FirstSplits<V> {
    /// A search over heaps valued by `value`, with their proven `period`
    /// if any, looking at most at `budget` options in all (over every
    /// heap it is asked about).
    pub fn new(value: V, period: Option<(u64, u64)>, budget: u128) -> Self {
        FirstSplits {
            value,
            period,
            budget,
            found: Vec::new(),
            k: 0,
        }
    }

    /// Starts a new heap: forgets what was found and keeps at most `k`
    /// of its options (the budget goes on from where it was).
    pub fn start(&mut self, k: usize) {
        self.k = k;
        self.found.clear();
    }

    /// The part lists found since [`FirstSplits::start`], in the order
    /// they were looked at.
    pub fn found(&self) -> &[Vec<u64>] {
        &self.found
    }

    /// Looks at one option (its parts, of value `v`), keeping it if it is
    /// worth `target`; `false` once nothing more is to be looked at.
    fn look(&mut self, parts: &[u64], v: u64, target: u64) -> bool {
        if self.found.len() >= self.k || self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        if v == target {
            self.found.push(parts.to_vec());
        }
        true
    }

    /// Looks at the options of `branch` worth `target`, in order (one
    /// heap; two heaps `a + (m - a)`, a rising; three heaps a ≤ b ≤ c
    /// rising), until `k` are found or the budget is spent; `None` when
    /// a heap's value is missing.
    pub fn branch(&mut self, branch: Branch, target: u64) -> Option<()> {
        let m = branch.total;
        match branch.heaps {
            0 => {
                self.look(&[], 0, target);
            }
            1 => {
                let v = (self.value)(m)?;
                self.look(&[m], v, target);
            }
            2 => self.pairs(m, branch.a_max, target)?,
            _ => {
                for a in 1..=m / 3 {
                    for b in a..=(m - a) / 2 {
                        let v = (self.value)(a)? ^ (self.value)(b)? ^ (self.value)(m - a - b)?;
                        if !self.look(&[a, b, m - a - b], v, target) {
                            return Some(());
                        }
                    }
                }
            }
        }
        Some(())
    }

    /// The splits of `m` into a + (m - a), a = 1..=a_max, in that order.
    /// With a proven period (n0, p), once a >= n0 and m - a >= n0 the
    /// split's value depends on a mod p alone: the splits a in [s, s + p)
    /// (s = max(n0, 1)) are looked at, and the later winning ones are
    /// those plus multiples of p.
    fn pairs(&mut self, m: u64, a_max: u64, target: u64) -> Option<()> {
        let jump = self.period.and_then(|(preperiod, period)| {
            let s = preperiod.max(1);
            let window_end = s.checked_add(period)?;
            // Every later a keeps m - a >= n0 (a <= a_max <= m / 2).
            (a_max >= window_end && m - a_max >= preperiod).then_some((s, window_end, period))
        });
        let direct_end = jump.map_or(a_max, |(_, end, _)| end - 1);
        let mut residues = Vec::new();
        for a in 1..=direct_end {
            let v = (self.value)(a)? ^ (self.value)(m - a)?;
            if !self.look(&[a, m - a], v, target) {
                return Some(());
            }
            if v == target && jump.is_some_and(|(s, _, _)| a >= s) {
                residues.push(a);
            }
        }
        let Some((_, _, period)) = jump else {
            return Some(());
        };
        let mut shift = period;
        while !residues.is_empty() {
            for &r in &residues {
                let a = r + shift;
                if a > a_max {
                    return Some(());
                }
                if !self.look(&[a, m - a], target, target) {
                    return Some(());
                }
            }
            shift += period;
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Kayles' values 0..=12 (period 12 from 71 on; here a toy period).
    fn kayles(q: u64) -> Option<u64> {
        [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
            .get(q as usize)
            .copied()
    }

    #[test]
    fn finds_the_first_options_worth_the_target_in_order() {
        let mut s = FirstSplits::new(kayles, None, 1000);
        s.start(2);
        let b = Branch {
            total: 9,
            heaps: 2,
            a_max: 4,
        };
        s.branch(b, 0).expect("values known");
        // 1+8: 1^1 = 0; 2+7: 2^2 = 0; 3+6: 3^3 = 0 is past k = 2.
        assert_eq!(s.found(), &[vec![1, 8], vec![2, 7]]);
    }

    #[test]
    fn a_missing_value_gives_up_and_the_budget_stops_the_search() {
        let mut s = FirstSplits::new(kayles, None, 1000);
        s.start(5);
        let b = Branch {
            total: 20,
            heaps: 1,
            a_max: 0,
        };
        assert_eq!(s.branch(b, 0), None);
        let mut s = FirstSplits::new(kayles, None, 1);
        s.start(5);
        let b = Branch {
            total: 9,
            heaps: 2,
            a_max: 4,
        };
        s.branch(b, 0).expect("values known");
        assert_eq!(s.found(), &[vec![1, 8]]);
        s.start(5);
        s.branch(b, 0).expect("values known");
        assert!(s.found().is_empty(), "the budget is spent");
    }

    #[test]
    fn a_period_steps_through_the_splits_as_one_by_one_does() {
        // Values of period 3 from 0: 0, 1, 2, 0, 1, 2, ...
        let v = |q: u64| Some(q % 3);
        let b = Branch {
            total: 40,
            heaps: 2,
            a_max: 20,
        };
        let mut stepped = FirstSplits::new(v, Some((0, 3)), 1000);
        stepped.start(100);
        stepped.branch(b, 1).expect("known");
        let mut plain = FirstSplits::new(v, None, 1000);
        plain.start(100);
        plain.branch(b, 1).expect("known");
        assert!(!plain.found().is_empty());
        assert_eq!(stepped.found(), plain.found());
    }
}
