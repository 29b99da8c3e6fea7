//! Periods of value sequences: finding them and proving them.
//!
//! # The periodicity theorems used
//! Let t be the index of the code's last non-zero digit and n1 = max(n0, 1).
//! - Octal codes (at most two heaps left, `d0` = 0 or 4): if
//!   G(n + p) = G(n) for n0 <= n < 2 n1 + p + t, then for all n >= n0.
//!   Proof sketch, by induction on n >= 2 n1 + p + t: a move from n + p
//!   removing k <= t counters leaves heaps summing to at least 2 n1 + 2p,
//!   the largest of them at least n1 + p; shrinking it by p gives a move
//!   from n of the same value (the shrunk heap is >= n1 >= 1, and below n, so
//!   its value is known to repeat). Conversely a move from n leaves a
//!   largest heap >= n1 (it sums to at least 2 n1 + p), and growing it by p
//!   gives a move from n + p of the same value. `d0 = 4` (split without
//!   removing) is the case k = 0 and changes nothing.
//! - Hexadecimal codes (three heaps): the same argument with the largest
//!   of three heaps needs n - k >= 3 n1 + 2p - 2, so the bound is
//!   3 n1 + 2p + t.
//! - Subtraction games (every digit at most 3, no split): for n > t the
//!   value of n depends only on the t values below it, so a repeat over
//!   n0 <= n < n1 + t suffices.
//! - Grundy's game: the "unequal heaps" condition breaks the shrinking step
//!   (a move to (a, a + p) from n + p has no counterpart), so no theorem is
//!   applied and its periods are only ever observed.

use crate::{HeapRule, Value, Values};

/// The period of a value sequence: the `period` object of `seq --json`
/// (with the `serde` feature).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Period {
    /// The least n0 with G(n + p) = G(n) for every n >= n0 (every computed n,
    /// if the period is not proven).
    pub preperiod: u64,
    /// The least period p with that property.
    pub period: u64,
    /// Whether a theorem guarantees that the pattern continues for ever.
    pub proven: bool,
}

impl Period {
    /// The value of heap `n` implied by a period, given the values up to at
    /// least `preperiod + period - 1`.
    #[inline]
    pub fn value_at(&self, values: &Values, n: u64) -> Value {
        if (n as usize) < values.len() {
            return values.at(n as usize);
        }
        let k = self.preperiod + (n - self.preperiod) % self.period;
        values.at(k as usize)
    }
}

/// The end (exclusive) of the range of n over which G(n + p) = G(n) must
/// be checked for the theorem to prove period `p` from `n0`, or `None` if no
/// theorem applies to `rule`.
pub fn proof_bound(rule: &HeapRule, n0: u64, p: u64) -> Option<u64> {
    let code = rule.code()?;
    let t = code.last_index() as u64;
    let n1 = n0.max(1);
    Some(if code.is_subtraction() {
        n1 + t
    } else if code.max_heaps() == 3 {
        3 * n1 + 2 * p + t
    } else {
        2 * n1 + p + t
    })
}

/// The least n0 >= `floor` such that `values[n + p] == values[n]` for all
/// n >= n0 with n + p < len (`p` at most the length): of values, or of
/// any sequence (the misère quotient's pretending function).
pub fn preperiod_of<T: PartialEq>(values: &[T], p: usize, floor: usize) -> usize {
    let len = values.len();
    preperiod_below(len, p, floor, len - p, |a, b| values[a] == values[b])
}

/// [`preperiod_of`] of a sequence of `len` terms given by whether terms
/// `a` and `b` are equal (`same`), given that term n + p equals term n
/// already for every n >= `start` (any `start` <= len - p): the scan
/// starts there.
fn preperiod_below(
    len: usize,
    p: usize,
    floor: usize,
    start: usize,
    same: impl Fn(usize, usize) -> bool,
) -> usize {
    let mut i = start.min(len - p);
    while i > floor && same(i - 1, i - 1 + p) {
        i -= 1;
    }
    i
}

/// Whether heaps `a` and `b` have the same value.
fn same(values: &Values) -> impl Fn(usize, usize) -> bool + '_ {
    move |a, b| values.at(a) == values.at(b)
}

/// The bytes of the values when every value is below 256 (the store is
/// then a byte a heap, [`Values::parts`]): the scans below compare them
/// as slices, many heaps at once.
fn byte_values(values: &Values) -> Option<&[u8]> {
    let (bytes, plane, _, _) = values.parts();
    plane.is_empty().then_some(bytes)
}

/// [`preperiod_below`] of the values themselves: over a store of bytes,
/// runs of 64 equal heaps are skipped a slice comparison at a time.
fn values_preperiod_below(values: &Values, p: usize, floor: usize, start: usize) -> usize {
    let len = values.len();
    let mut i = start.min(len - p);
    if let Some(bytes) = byte_values(values) {
        const RUN: usize = 64;
        while i >= floor + RUN && bytes[i - RUN..i] == bytes[i - RUN + p..i + p] {
            i -= RUN;
        }
    }
    preperiod_below(len, p, floor, i, same(values))
}

/// The periods p (ascending, from 1) for which heap `len - 1 - p` has the
/// value of the last heap, `len - 1`: every p whose period could show at
/// the end of the values. Over a store of bytes the heaps are compared 32
/// at a time.
fn periods_ending_alike(values: &Values) -> impl Iterator<Item = usize> + '_ {
    let len = values.len();
    let last = len.checked_sub(1);
    let bytes = byte_values(values);
    // The heaps below `end` are still to be looked at, last first.
    let mut end = last.unwrap_or(0);
    let v = last.map(|k| values.at(k));
    std::iter::from_fn(move || {
        let (last, v) = (last?, v?);
        if let Some(bytes) = bytes {
            const RUN: usize = 32;
            let b = v as u8;
            while end >= RUN {
                let mut mask = 0u32;
                for (i, &c) in bytes[end - RUN..end].iter().enumerate() {
                    mask |= u32::from(c == b) << i;
                }
                if mask != 0 {
                    end = end - RUN + (31 - mask.leading_zeros() as usize);
                    return Some(last - end);
                }
                end -= RUN;
            }
        }
        while end > 0 {
            end -= 1;
            if values.at(end) == v {
                return Some(last - end);
            }
        }
        None
    })
}

/// The least pre-periods of the candidate periods p tried in increasing
/// order by [`find_proven`] and [`find_observed`], found in time linear in
/// the values: once a period p0 is seen with pre-period n0, every multiple
/// of p0 repeats from n0 on too, so its scan starts at n0 instead of at
/// the end (a periodic tail of a million values would otherwise be
/// scanned again for each of its periods' multiples).
#[derive(Default)]
struct Preperiods {
    first: Option<(usize, usize)>,
}

impl Preperiods {
    fn of(&mut self, values: &Values, p: usize) -> usize {
        let len = values.len();
        match self.first {
            Some((p0, n0)) if p.is_multiple_of(p0) => values_preperiod_below(values, p, 0, n0),
            _ => {
                let n0 = values_preperiod_below(values, p, 0, len - p);
                self.first.get_or_insert((p, n0));
                n0
            }
        }
    }
}

/// The least period proven by `values` (`values[k]` is G(k)), with its least
/// pre-period, or `None` if no period is proven yet.
pub fn find_proven(rule: &HeapRule, values: &Values) -> Option<Period> {
    let len = values.len();
    proof_bound(rule, 0, 1)?;
    let mut preperiods = Preperiods::default();
    for p in periods_ending_alike(values) {
        // The proof needs values up to bound(n0, p) - 1 + p, and bound is
        // increasing in n0 and at least n0 + 1: stop the downward scan where
        // no smaller n0 could matter and skip p once even n0 = 0 fails.
        let b0 = proof_bound(rule, 0, p as u64)? as usize;
        if b0 + p > len {
            break;
        }
        if (1..8.min(len - p)).any(|j| values.at(len - 1 - j) != values.at(len - 1 - j - p)) {
            continue;
        }
        let n0 = preperiods.of(values, p);
        let bound = proof_bound(rule, n0 as u64, p as u64)? as usize;
        if bound + p <= len {
            return Some(minimise(values, n0, p));
        }
    }
    None
}

/// Given a proven period `p` from `n0`, the least period (a divisor of `p`)
/// and its least pre-period.
fn minimise(values: &Values, n0: usize, p: usize) -> Period {
    // Values are known for ever now: heap k beyond the values is worth
    // heap n0 + (k - n0) % p (no copy of them is made).
    let len = values.len();
    let ext = |k: usize| {
        if k < len {
            values.at(k)
        } else {
            values.at(n0 + (k - n0) % p)
        }
    };
    for q in (1..=p).filter(|&q| p.is_multiple_of(q)) {
        // q is an eventual period iff it is one of the periodic part.
        if (n0..n0 + p).all(|k| ext(k) == ext(k + q)) {
            let window = n0 + p + q;
            let q0 = preperiod_below(window, q, 0, window - q, |a, b| ext(a) == ext(b));
            return Period {
                preperiod: q0 as u64,
                period: q as u64,
                proven: true,
            };
        }
    }
    unreachable!("p itself is a period of its periodic part")
}

/// The least period seen in `values` that has repeated enough to mean
/// something, or `None`. Not proven. The periodic tail (from the
/// pre-period to the end) must hold at least three full periods and be at
/// least a tenth as long as the pre-period: a pattern of a dozen values
/// after a pre-period of 10^5 (octal 0.16 showed "period 3" there) is
/// noise, not a period.
pub fn find_observed(values: &Values) -> Option<Period> {
    let len = values.len();
    let mut preperiods = Preperiods::default();
    for p in periods_ending_alike(values).take_while(|&p| p <= len / 3) {
        let n0 = preperiods.of(values, p);
        let tail = len - n0;
        if tail >= 3 * p && tail >= n0.div_ceil(10) {
            return Some(Period {
                preperiod: n0 as u64,
                period: p as u64,
                proven: false,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seq(v: &[u8]) -> Vec<Value> {
        v.iter().map(|&x| Value::from(x)).collect()
    }

    /// A generator of numbers below its argument, from `seed` (a linear
    /// congruential generator's high bits).
    fn below(seed: u64) -> impl FnMut(u64) -> u64 {
        let mut state = seed;
        move |m: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % m
        }
    }

    /// The least pre-period of p by its definition, for the tests.
    fn least_n0(values: &[Value], p: usize) -> usize {
        (0..=values.len() - p)
            .find(|&n0| (n0..values.len() - p).all(|n| values[n] == values[n + p]))
            .unwrap()
    }

    /// Planted periods after random pre-periods, with random noise: the
    /// pre-periods found through [`Preperiods`] (scans started at a base
    /// period's pre-period) are those of the definition, for every p.
    #[test]
    fn preperiods_of_multiples_match_the_definition() {
        let mut next = below(7);
        for _ in 0..300 {
            let (pre, per, len) = (
                next(40) as usize,
                1 + next(6) as usize,
                60 + next(80) as usize,
            );
            let pattern: Vec<Value> = (0..per).map(|_| next(4) as Value).collect();
            let values: Vec<Value> = (0..len)
                .map(|k| {
                    if k < pre {
                        next(5) as Value
                    } else {
                        pattern[(k - pre) % per]
                    }
                })
                .collect();
            let mut pp = Preperiods::default();
            let store = Values::from(&values[..]);
            for p in 1..len / 2 {
                if values[len - 1] == values[len - 1 - p] {
                    assert_eq!(pp.of(&store, p), least_n0(&values, p), "{values:?} p {p}");
                }
            }
            let want = (1..=len / 3).find_map(|p| {
                let n0 = least_n0(&values, p);
                let tail = len - n0;
                (tail >= 3 * p && tail >= n0.div_ceil(10)).then_some((n0 as u64, p as u64))
            });
            let got = find_observed(&Values::from(&values[..])).map(|q| (q.preperiod, q.period));
            assert_eq!(got, want, "{values:?}");
        }
    }

    /// [`find_proven`] and [`find_observed`] as first written, every p
    /// and every heap compared one at a time: the reference for the
    /// scans over bytes.
    fn naive_periods(rule: &HeapRule, values: &[Value]) -> (Option<Period>, Option<Period>) {
        let len = values.len();
        let n0_of = |p: usize| least_n0(values, p);
        let store = Values::from(values);
        let proven = proof_bound(rule, 0, 1).and_then(|_| {
            (1..len)
                .take_while(|&p| proof_bound(rule, 0, p as u64).unwrap() as usize + p <= len)
                .filter(|&p| {
                    (0..8.min(len - p)).all(|j| values[len - 1 - j] == values[len - 1 - j - p])
                })
                .find_map(|p| {
                    let n0 = n0_of(p);
                    let bound = proof_bound(rule, n0 as u64, p as u64).unwrap() as usize;
                    (bound + p <= len).then(|| minimise(&store, n0, p))
                })
        });
        let observed = (1..=len / 3)
            .filter(|&p| values[len - 1] == values[len - 1 - p])
            .find_map(|p| {
                let n0 = n0_of(p);
                let tail = len - n0;
                (tail >= 3 * p && tail >= n0.div_ceil(10)).then_some(Period {
                    preperiod: n0 as u64,
                    period: p as u64,
                    proven: false,
                })
            });
        (proven, observed)
    }

    /// Random pre-periods and periods, with values below 256 (the store
    /// a byte a heap, scanned as slices) and with values past 256 and 511
    /// (the plane and the side table, scanned heap by heap): the periods
    /// found are the naive scans' for octal and hexadecimal codes.
    #[test]
    fn the_scans_over_bytes_find_the_naive_periods() {
        let mut next = below(11);
        let rules: Vec<HeapRule> = ["0.07", "0.1777", "4.7", "0x0.F", "0.33"]
            .iter()
            .map(|c| crate::TakeBreak::parse(c).expect("a code").into())
            .collect();
        for case in 0..400 {
            let (pre, per) = (next(300) as usize, 1 + next(90) as usize);
            let len = pre + next(700) as usize;
            let spread = [3, 40, 300, 600][case % 4];
            let pattern: Vec<Value> = (0..per).map(|_| next(spread) as Value).collect();
            let values: Vec<Value> = (0..len)
                .map(|k| {
                    if k < pre || next(500) == 0 {
                        next(spread) as Value
                    } else {
                        pattern[(k - pre) % per]
                    }
                })
                .collect();
            let store = Values::from(&values[..]);
            for rule in &rules {
                let (proven, observed) = naive_periods(rule, &values);
                assert_eq!(find_proven(rule, &store), proven, "{values:?}");
                assert_eq!(find_observed(&store), observed, "{values:?}");
            }
        }
    }

    /// A periodic tail of a million values behind a long pre-period is
    /// examined once, not once per multiple of its period (0.376 before
    /// its period is proven).
    #[test]
    fn a_long_periodic_tail_is_scanned_once() {
        let mut values: Vec<Value> = (0..2_000_000).map(|k| (k % 1000 + 100) as Value).collect();
        values.extend((0..150_000).map(|k| [16, 17, 32, 33][k % 4]));
        // The tail is shorter than a tenth of the pre-period: no period.
        assert_eq!(find_observed(&Values::from(&values[..])), None);
        values.extend((150_000..1_000_000).map(|k| [16, 17, 32, 33][k % 4]));
        let p = find_observed(&Values::from(&values[..])).unwrap();
        assert_eq!((p.preperiod, p.period), (2_000_000, 4));
    }

    #[test]
    fn an_observed_period_needs_three_repeats() {
        // 0 1 2 repeated three times after a pre-period of 2.
        let v = seq(&[5, 6, 0, 1, 2, 0, 1, 2, 0, 1, 2]);
        let p = find_observed(&Values::from(&v[..])).unwrap();
        assert_eq!((p.preperiod, p.period, p.proven), (2, 3, false));
        // Only twice: no period.
        assert_eq!(find_observed(&Values::from(&v[..8])), None);
    }

    #[test]
    fn an_observed_period_needs_a_tail_of_a_tenth_of_the_preperiod() {
        // 200 distinct values, then period 2 for 12 values: 12 < 200 / 10.
        let mut v: Vec<Value> = (0..200).map(|k| (k % 250 + 3) as Value).collect();
        v.extend(seq(&[1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2]));
        assert_eq!(find_observed(&Values::from(&v[..])), None);
        // With 20 periodic values (a tenth of 200) it counts.
        v.extend(seq(&[1, 2, 1, 2, 1, 2, 1, 2]));
        let p = find_observed(&Values::from(&v[..])).unwrap();
        assert_eq!((p.preperiod, p.period), (200, 2));
    }
}
