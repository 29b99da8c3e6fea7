//! The one-dimensional coin-turning rules: which sets of coins one move
//! turns, and the value of a lone head at each coin.
//!
//! Numbering. Coins are numbered 1, 2, 3, ... from the left. Some rules
//! may also turn coin 0, an imaginary coin just left of the row whose face
//! does not matter (turning it changes nothing): `one-or-two` turns coin x
//! alone as {0, x}, `subtract:S` turns coin x alone when x - s = 0, and
//! `grunt` always turns coin 0. With this numbering every value of the
//! spec's table holds as written: the value of `one-or-two` at coin x is x
//! (its index counting the imaginary coin as 0), `ruler` is the largest
//! power of 2 dividing x, `mock-turtles` gives the odious numbers
//! 1 2 4 7 8 ... at coins 1 2 3 4 5 ..., `run:K` is 1 at coins K, 2K, ...
//! In the two-dimensional product games coordinate 0 is a real row or
//! column, and the same rules make it a dead one (value 0).
//!
//! Every move set is listed in increasing order and ends with its largest
//! coin x, the one that must go from heads to tails.

use crate::mechanics::take_break::ValueTable;
use grundy_engine::ParseError;
use grundy_sequence::{HeapRule, TakeBreak, MAX_DIGITS};
use std::ops::ControlFlow;
use std::sync::Arc;

/// The largest `K` of `run:K`.
pub const MAX_RUN: u64 = 1_000_000;

/// The rule names, as `grundy games` and error messages list them.
pub const RULE_NAMES: &str =
    "single, one-or-two, run:K, subtract:S, twins:S, mock-turtles, ruler, grunt";

#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    Single,
    OneOrTwo,
    Run(u64),
    Subtract(Vec<u64>),
    Twins(Vec<u64>),
    MockTurtles,
    Ruler,
    Grunt,
}

/// A coin-turning rule with the values of its lone heads.
#[derive(Clone)]
pub struct CoinRule {
    kind: Kind,
    name: String,
    /// The heap values behind `subtract`, `twins` and `grunt`, from the
    /// sequence engine (grown on demand, periodic ones answered for any
    /// heap once the period is proven).
    table: Option<Arc<ValueTable>>,
}

impl std::fmt::Debug for CoinRule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name)
    }
}

/// The odious number of rank `k` (0-based): 2k, plus 1 when k has an even
/// number of 1 bits, so that the result has an odd number.
fn odious(k: u64) -> u64 {
    2 * k + u64::from(k.count_ones().is_multiple_of(2))
}

/// The rank of `v` among the odious numbers, if `v` is one.
fn odious_rank(v: u64) -> Option<u64> {
    (v.count_ones() % 2 == 1).then_some(v >> 1)
}

/// XOR of the ruler values of coins 1..=n: the Gray code of n.
fn ruler_prefix(n: u64) -> u64 {
    n ^ (n >> 1)
}

/// The n with Gray code `g`.
fn gray_inverse(mut g: u64) -> u64 {
    let mut n = 0;
    while g != 0 {
        n ^= g;
        g >>= 1;
    }
    n
}

impl CoinRule {
    /// Reads a rule: `single`, `one-or-two`, `run:K` (K in 1..=[`MAX_RUN`]),
    /// `subtract:S` and `twins:S` (S a comma-separated set of distances in
    /// 1..=1024), `mock-turtles`, `ruler`, `grunt`. The error names the
    /// text and lists the rules.
    pub fn parse(text: &str) -> Result<CoinRule, String> {
        let (head, arg) = match text.split_once(':') {
            Some((h, a)) => (h, Some(a)),
            None => (text, None),
        };
        let set = |a: &str| -> Result<Vec<u64>, String> {
            let mut s = a
                .split(',')
                .map(|t| grundy_api::parse_u64_in(t.trim(), 1, MAX_DIGITS as u64))
                .collect::<Result<Vec<u64>, String>>()
                .map_err(|e| format!("rule '{text}': distance {e}"))?;
            s.sort_unstable();
            s.dedup();
            Ok(s)
        };
        let kind = match (head, arg) {
            ("single", None) => Kind::Single,
            ("one-or-two", None) => Kind::OneOrTwo,
            ("mock-turtles", None) => Kind::MockTurtles,
            ("ruler", None) => Kind::Ruler,
            ("grunt", None) => Kind::Grunt,
            ("run", Some(k)) => Kind::Run(
                grundy_api::parse_u64_in(k.trim(), 1, MAX_RUN)
                    .map_err(|e| format!("rule '{text}': K {e}"))?,
            ),
            ("subtract", Some(a)) => Kind::Subtract(set(a)?),
            ("twins", Some(a)) => Kind::Twins(set(a)?),
            ("run" | "subtract" | "twins", None) => {
                return Err(format!(
                    "rule '{text}' needs its parameter: run:K, subtract:S or twins:S (e.g. run:3, subtract:1,3,4)"
                ))
            }
            ("single" | "one-or-two" | "mock-turtles" | "ruler" | "grunt", Some(_)) => {
                return Err(format!("rule '{head}' takes no parameter (found '{text}')"))
            }
            _ => {
                return Err(format!(
                    "unknown coin-turning rule '{text}': the rules are {RULE_NAMES}"
                ))
            }
        };
        let table = match &kind {
            Kind::Subtract(s) | Kind::Twins(s) => {
                let code = TakeBreak::subtraction(s).map_err(|e| format!("rule '{text}': {e}"))?;
                Some(Arc::new(ValueTable::new(HeapRule::TakeBreak(code))))
            }
            Kind::Grunt => Some(Arc::new(ValueTable::new(HeapRule::GrundyGame))),
            _ => None,
        };
        let name = match &kind {
            Kind::Subtract(s) | Kind::Twins(s) => format!(
                "{head}:{}",
                s.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
            ),
            _ => text.to_string(),
        };
        Ok(CoinRule { kind, name, table })
    }

    /// The rule's name in its normal form (`subtract:1,3,4`).
    pub fn name(&self) -> &str {
        &self.name
    }

    fn heap(&self, n: u64) -> Option<u64> {
        self.table.as_ref().and_then(|t| t.value(n))
    }

    /// The value of a lone head at coin `x` (0 at the imaginary coin 0),
    /// or `None` when it depends on a heap value not computed (Grundy's
    /// game beyond the sequence table: no period is known).
    pub fn value(&self, x: u64) -> Option<u64> {
        if x == 0 {
            return Some(0);
        }
        Some(match &self.kind {
            Kind::Single => 1,
            Kind::OneOrTwo => x,
            Kind::Run(k) => u64::from(x.is_multiple_of(*k)),
            Kind::Subtract(_) | Kind::Grunt => self.heap(x)?,
            Kind::Twins(_) => self.heap(x - 1)?,
            Kind::MockTurtles => odious(x - 1),
            Kind::Ruler => x & x.wrapping_neg(),
        })
    }

    /// How many move sets end at coin `x`.
    pub fn move_count(&self, x: u64) -> u128 {
        let x = u128::from(x);
        match &self.kind {
            Kind::Single => 1,
            Kind::OneOrTwo | Kind::Ruler => x,
            Kind::Run(k) => u128::from(x >= u128::from(*k)),
            Kind::Subtract(s) => s.iter().filter(|&&d| u128::from(d) <= x).count() as u128,
            Kind::Twins(s) => s.iter().filter(|&&d| u128::from(d) < x).count() as u128,
            Kind::MockTurtles => 1 + (x - 1) + (x - 1) * x.saturating_sub(2) / 2,
            Kind::Grunt => x.saturating_sub(1) / 2,
        }
    }

    /// The coins of every move set ending at coin `x`, added up: the work
    /// of building them all (`ruler` at coin 30,000: 450 million).
    pub fn cells_count(&self, x: u64) -> u128 {
        let n = self.move_count(x);
        let x = u128::from(x);
        match &self.kind {
            Kind::Single => n,
            Kind::OneOrTwo | Kind::Subtract(_) | Kind::Twins(_) => 2 * n,
            Kind::Run(k) => n * u128::from(*k),
            Kind::MockTurtles => {
                // One set of one coin, x - 1 of two, the rest of three.
                let pairs = x.saturating_sub(1);
                1 + 2 * pairs + 3 * n.saturating_sub(1 + pairs)
            }
            Kind::Grunt => 4 * n,
            Kind::Ruler => x * (x + 1) / 2,
        }
    }

    /// The most coins a move set ending at coin `x` turns: the first set
    /// [`CoinRule::move_sets`] gives for the rules whose sets are long
    /// (`ruler`'s first set is every coin 1..=x).
    pub fn longest_set(&self, x: u64) -> u64 {
        match &self.kind {
            Kind::Single => 1,
            Kind::OneOrTwo | Kind::Subtract(_) | Kind::Twins(_) => 2,
            Kind::Run(k) => *k,
            Kind::MockTurtles => 3,
            Kind::Grunt => 4,
            Kind::Ruler => x,
        }
    }

    /// Calls `f` with every move set ending at coin `x >= 1`.
    pub fn move_sets(&self, x: u64, mut f: impl FnMut(&[u64])) {
        let _ = self.try_move_sets(x, |s| {
            f(s);
            ControlFlow::<()>::Continue(())
        });
    }

    /// [`CoinRule::move_sets`] until `f` breaks: the sets after the one `f`
    /// breaks on are not built (coin 10^9 of `one-or-two` ends 10^9 of
    /// them). Returns `f`'s break, if any.
    pub fn try_move_sets<B>(
        &self,
        x: u64,
        mut f: impl FnMut(&[u64]) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        match &self.kind {
            Kind::Single => f(&[x])?,
            Kind::OneOrTwo => {
                for a in 0..x {
                    f(&[a, x])?;
                }
            }
            Kind::Run(k) => {
                if x >= *k {
                    f(&(x + 1 - k..=x).collect::<Vec<u64>>())?
                }
            }
            Kind::Subtract(s) => {
                for &d in s.iter().filter(|&&d| d <= x) {
                    f(&[x - d, x])?;
                }
            }
            Kind::Twins(s) => {
                for &d in s.iter().filter(|&&d| d < x) {
                    f(&[x - d, x])?;
                }
            }
            Kind::MockTurtles => {
                f(&[x])?;
                for a in 1..x {
                    f(&[a, x])?;
                    for b in a + 1..x {
                        f(&[a, b, x])?;
                    }
                }
            }
            Kind::Ruler => {
                for a in 1..=x {
                    f(&(a..=x).collect::<Vec<u64>>())?;
                }
            }
            Kind::Grunt => {
                let mut y = 1;
                while 2 * y < x {
                    f(&[0, y, x - y, x])?;
                    y += 1;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// The work [`CoinRule::sets_with_value`] does at coin `x`.
    pub fn search_cost(&self, x: u64) -> u128 {
        match &self.kind {
            Kind::Single | Kind::OneOrTwo | Kind::Run(_) | Kind::Ruler => 1,
            Kind::Subtract(s) | Kind::Twins(s) => s.len() as u128,
            Kind::MockTurtles => u128::from(x),
            Kind::Grunt => u128::from(x) / 2 + 1,
        }
    }

    /// Calls `f` with every move set ending at coin `x >= 1` whose coins'
    /// values XOR to `want` (the moves that change a position's value by
    /// `want`), in the order of [`CoinRule::move_sets`]. Values must be
    /// known up to `x`. Work: [`CoinRule::search_cost`], by inverting the
    /// value formula where there is one.
    ///
    /// A set of more than `max_len` coins is not built (a `ruler` set
    /// ending at coin 10^9 may hold 10^9 coins, 8 GB as a list): then
    /// `false` is returned, and the sets after it are not looked at.
    /// `true` when every set was given to `f`.
    #[must_use]
    pub fn sets_with_value(
        &self,
        x: u64,
        want: u64,
        max_len: u64,
        mut f: impl FnMut(&[u64]),
    ) -> bool {
        if self.longest_set(x) > max_len && !matches!(self.kind, Kind::Ruler) {
            // Only a ruler set's length depends on which set it is.
            return self.move_count(x) == 0;
        }
        let v = |c: u64| self.value(c).unwrap_or(u64::MAX);
        match &self.kind {
            Kind::Single => {
                if want == 1 {
                    f(&[x])
                }
            }
            Kind::OneOrTwo => {
                let a = x ^ want;
                if a < x {
                    f(&[a, x])
                }
            }
            Kind::Run(_) => {
                // Any K consecutive coins hold exactly one multiple of K.
                if want == 1 {
                    self.move_sets(x, f)
                }
            }
            Kind::Subtract(_) | Kind::Twins(_) | Kind::Grunt => self.move_sets(x, |set| {
                if set.iter().fold(0, |acc, &c| acc ^ v(c)) == want {
                    f(set)
                }
            }),
            Kind::Ruler => {
                // Coins a..=x XOR to gray(x) ^ gray(a - 1); Gray codes are
                // a bijection, so at most one a fits.
                let before = gray_inverse(ruler_prefix(x) ^ want);
                if before < x {
                    if x - before > max_len {
                        return false;
                    }
                    f(&(before + 1..=x).collect::<Vec<u64>>())
                }
            }
            Kind::MockTurtles => {
                let vx = v(x);
                if vx == want {
                    f(&[x]);
                }
                let t = want ^ vx;
                // Two coins: a is fixed by its value.
                if let Some(r) = odious_rank(t) {
                    if r + 1 < x {
                        f(&[r + 1, x]);
                    }
                }
                // Three coins: b is fixed by a.
                for a in 1..x {
                    if let Some(r) = odious_rank(t ^ v(a)) {
                        let b = r + 1;
                        if b > a && b < x {
                            f(&[a, b, x]);
                        }
                    }
                }
            }
        }
        true
    }
}

/// The error for a head whose value was not found because the answer's
/// time ran out while the rule's heap values were computed (they are
/// computed on demand, within the answer's time limit); `None` when the
/// time has not run out, so the value is really unknown.
pub fn value_out_of_time() -> Option<ParseError> {
    let (limit, _, _) = grundy_engine::clock::answer_limit()?;
    grundy_engine::clock::answer_time_passed().then(|| {
        ParseError::new(format!(
            "time limit of {}s reached while computing the rule's heap values (raise it with --time-limit)",
            limit.as_secs_f64()
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_value_tables() {
        let r = |t: &str| CoinRule::parse(t).unwrap();
        let first =
            |rule: &CoinRule, n: u64| (1..=n).map(|x| rule.value(x).unwrap()).collect::<Vec<_>>();
        assert_eq!(first(&r("single"), 5), vec![1; 5]);
        assert_eq!(first(&r("one-or-two"), 5), vec![1, 2, 3, 4, 5]);
        assert_eq!(first(&r("run:3"), 7), vec![0, 0, 1, 0, 0, 1, 0]);
        assert_eq!(
            first(&r("mock-turtles"), 8),
            vec![1, 2, 4, 7, 8, 11, 13, 14]
        );
        assert_eq!(first(&r("ruler"), 8), vec![1, 2, 1, 4, 1, 2, 1, 8]);
        // Grundy's game from heap 1 (spec section 2).
        assert_eq!(
            first(&r("grunt"), 20),
            vec![0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]
        );
        // Subtraction {1,3,4} from heap 1: 1 0 1 2 3 2 0 1 ...; twins is the
        // same sequence from heap 0 at coin 1.
        assert_eq!(first(&r("subtract:1,3,4"), 8), vec![1, 0, 1, 2, 3, 2, 0, 1]);
        assert_eq!(first(&r("twins:1,3,4"), 8), vec![0, 1, 0, 1, 2, 3, 2, 0]);
    }

    #[test]
    fn errors_name_the_rule() {
        for (text, want) in [
            ("ruller", "unknown coin-turning rule 'ruller'"),
            ("run", "needs its parameter"),
            ("run:0", "too small"),
            ("run:x", "not a whole number"),
            ("subtract:0,2", "too small"),
            ("twins:5000", "too large"),
            ("ruler:3", "takes no parameter"),
        ] {
            let e = CoinRule::parse(text).unwrap_err();
            assert!(e.contains(want), "{text}: {e}");
        }
    }

    #[test]
    fn gray_code_inverts() {
        for n in 0..5000u64 {
            assert_eq!(gray_inverse(ruler_prefix(n)), n);
            let xor = (1..=n).fold(0, |a, c| a ^ (c & c.wrapping_neg()));
            assert_eq!(ruler_prefix(n), xor);
        }
    }
}
