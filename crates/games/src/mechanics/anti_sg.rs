//! The Sprague-Grundy-Jiang ("anti-SG", SJ) theorem for misère sums, as
//! arithmetic on the components' normal-play values. Families decide when
//! it applies; this module only says what it predicts.
//!
//! Hypothesis (the family must check it): in every component, every
//! position that can arise with Sprague-Grundy value 0 has no move. Then,
//! in misère play (who cannot move wins), the player to move wins the sum
//! exactly when either the nim-sum is not 0 and some component has value
//! above 1, or the nim-sum is 0 and no component has value above 1.
//!
//! Proof sketch (why the hypothesis is needed): call W the positions the
//! rule above calls wins. A finished sum has every value 0: in W. From W
//! with nim-sum s != 0 and a value above 1, move the only large component
//! to 0 or 1 so that an odd number of 1s remains, or, with two large ones,
//! make the nim-sum 0 (a large one remains); from W with s = 0 and all
//! values at most 1, some component is unfinished, so by the hypothesis
//! it has value 1 and moving it to 0 leaves nim-sum 1 with all values at
//! most 1. Every move from outside W lands in W by the same counting.
//! Without the hypothesis an unfinished component of value 0 breaks the
//! second case, which is why the shortcut is wrong on some forests when
//! applied to trees that have several branches at the ground.

/// Whether the player to move wins the misère sum of components with the
/// given normal-play values, by the theorem.
pub fn mover_wins(values: &[u64]) -> bool {
    let total = values.iter().fold(0, |a, v| a ^ v);
    let large = values.iter().any(|&v| v > 1);
    (total != 0 && large) || (total == 0 && !large)
}

/// The values component `i` may move to so that the player who moves
/// wins, by the theorem: the new values `v` after which the sum is lost
/// for the player then to move. Sorted, without repeats. For every
/// component of a large sum, use [`Sum::targets`]: this call reads all
/// the values (a star of 100,000 edges took 25 s asking it per edge).
pub fn winning_targets(values: &[u64], i: usize) -> Vec<u64> {
    Sum::new(values).targets(values[i])
}

/// A sum's values read once: their XOR and how many exceed 1, so the
/// winning targets of each component cost O(1).
#[derive(Clone, Copy, Debug)]
pub struct Sum {
    total: u64,
    large: usize,
}

impl Sum {
    /// The sum of components with the given normal-play values.
    pub fn new(values: &[u64]) -> Sum {
        Sum {
            total: values.iter().fold(0, |a, v| a ^ v),
            large: values.iter().filter(|&&v| v > 1).count(),
        }
    }

    /// [`winning_targets`] of a component of value `v` of this sum.
    pub fn targets(&self, v: u64) -> Vec<u64> {
        let others = self.total ^ v;
        let large_elsewhere = self.large > usize::from(v > 1);
        let mut out: Vec<u64> = if large_elsewhere {
            vec![others]
        } else {
            let mut t: Vec<u64> = [0, 1].into_iter().filter(|&v| v != others).collect();
            if others > 1 {
                t.push(others);
            }
            t
        };
        out.sort_unstable();
        out.dedup();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Misère nim satisfies the hypothesis (only the empty heap has value
    /// 0), so the theorem must agree with the misère nim theorem, and the
    /// targets with the heaps that misère nim's winning moves leave.
    #[test]
    fn agrees_with_misere_nim() {
        fn misere_nim_p(h: &[u64]) -> bool {
            let x = h.iter().fold(0, |a, v| a ^ v);
            if h.iter().any(|&v| v > 1) {
                x == 0
            } else {
                x == 1
            }
        }
        for a in 0..6u64 {
            for b in 0..6 {
                for c in 0..6 {
                    let h = [a, b, c];
                    assert_eq!(mover_wins(&h), !misere_nim_p(&h), "{h:?}");
                    for i in 0..3 {
                        let wins: Vec<u64> = (0..h[i])
                            .filter(|&v| {
                                let mut g = h;
                                g[i] = v;
                                misere_nim_p(&g)
                            })
                            .collect();
                        let t: Vec<u64> = winning_targets(&h, i)
                            .into_iter()
                            .filter(|&v| v < h[i])
                            .collect();
                        assert_eq!(t, wins, "{h:?} heap {i}");
                    }
                }
            }
        }
    }
}
