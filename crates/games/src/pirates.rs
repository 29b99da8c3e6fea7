//! pirates: the pirate game (n pirates share m coins), solved by backward
//! induction over the number of living pirates, one state from the
//! previous in O(living + coins).
//!
//! This module holds the solver ([`solve`], [`Fate`]); it is not yet a
//! registered family, since an answer that is a table of pirates needs the
//! table report the `ring` family brings to the api.
//!
//! # The rules
//! n pirates, ranked 1 (most senior) to n, share m coins. The most senior
//! living pirate proposes a division; if at least half of the living
//! pirates (the proposer included) vote for it, it is carried out;
//! otherwise the proposer is thrown overboard and the next proposes. Each
//! pirate prefers, in order: to live, more gold, more pirates thrown
//! overboard.
//!
//! # The analysis
//! With k pirates alive, write `F(k)` for what becomes of each: thrown
//! overboard, or the set of amounts of gold he may end with (a set, since
//! a proposer may choose among equally good divisions).
//!
//! - The proposer votes for his own division (a rejection kills him).
//! - A voter who would be thrown overboard after a rejection (he would
//!   propose later and fail) votes for any division: he lives. Call him
//!   *free*.
//! - Any other voter lives either way. He votes for a division giving him
//!   more than he *surely* gets after a rejection (the least amount of his
//!   set in `F(k - 1)`): a pirate does not gamble his gold on a later
//!   proposer's choice. Offered exactly that much he votes against: the
//!   gold is no better, and a rejection throws a pirate overboard. So his
//!   vote costs `least + 1` coins.
//! - The proposer needs `ceil(k / 2) - 1` votes besides his own; the free
//!   voters give theirs, and he buys the rest from the cheapest voters.
//!   Giving anyone more than his price, or anything to a pirate whose vote
//!   is not bought, only lowers the proposer's share, so the best divisions
//!   are exactly: pay the price to one of the cheapest sets of voters of
//!   the needed size. When there are not enough voters, or the cheapest
//!   set costs more than m, every division fails and the proposer is
//!   thrown overboard: `F(k)` is `F(k - 1)` with him overboard.
//! - In a best division the proposer surely gets m minus the cost; a voter
//!   whose price is below the threshold (the dearest price paid) surely
//!   gets it; a voter at the threshold gets it or nothing when the proposer
//!   may choose among more such voters than he needs, and surely gets it
//!   otherwise; everyone else gets nothing.
//!
//! Every set so met is `{a}` or `{0, a}`, so a fate is a pair of numbers.
//! The known results follow (and the tests check them): 5 pirates and 100
//! coins end 98 0 1 0 1; up to 2m + 2 pirates every proposal passes; beyond,
//! the proposer survives exactly when n - 2m is a power of two.

use std::fmt;

/// What becomes of one pirate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fate {
    /// Thrown overboard.
    Overboard,
    /// Alive with `low` coins, or with `low` or `high` (`low < high`)
    /// depending on the proposer's choice among equally good divisions;
    /// `high == low` when the amount is sure.
    Gold {
        /// The least amount he may get (what he surely gets).
        low: u32,
        /// The largest amount he may get.
        high: u32,
    },
}

impl Fate {
    /// A sure amount.
    pub fn sure(coins: u32) -> Fate {
        Fate::Gold {
            low: coins,
            high: coins,
        }
    }

    /// The amounts he may get, ascending (empty when overboard).
    pub fn amounts(&self) -> Vec<u32> {
        match *self {
            Fate::Overboard => Vec::new(),
            Fate::Gold { low, high } if low == high => vec![low],
            Fate::Gold { low, high } => vec![low, high],
        }
    }
}

impl fmt::Display for Fate {
    /// `overboard`, `3`, or `0 or 1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Fate::Overboard => f.write_str("overboard"),
            Fate::Gold { low, high } if low == high => write!(f, "{low}"),
            Fate::Gold { low, high } => write!(f, "{low} or {high}"),
        }
    }
}

/// The fate of pirates 1 to n (index 0 is pirate 1, the most senior)
/// when n pirates share m coins. Time O(n (n + m)), memory O(n + m).
pub fn solve(n: usize, m: u32) -> Vec<Fate> {
    // fates[j]: the j-th most senior of the k living pirates, in F(k).
    let mut fates: Vec<Fate> = Vec::with_capacity(n);
    // hist[c]: voters whose price is c coins (1..=m).
    let mut hist = vec![0usize; m as usize + 2];
    for k in 1..=n {
        let prev = &fates;
        let needed = k.div_ceil(2) - 1;
        let free = prev.iter().filter(|f| **f == Fate::Overboard).count();
        let to_buy = needed.saturating_sub(free);
        hist.iter_mut().for_each(|h| *h = 0);
        for f in prev {
            if let Fate::Gold { low, .. } = *f {
                if low < m {
                    hist[low as usize + 1] += 1;
                }
            }
        }
        // The threshold price t, how many are bought at t, and the cost.
        let mut left = to_buy;
        let mut cost: u64 = 0;
        let mut threshold = None;
        for (price, &count) in hist.iter().enumerate().skip(1) {
            if left == 0 {
                break;
            }
            let take = count.min(left);
            cost += price as u64 * take as u64;
            left -= take;
            if left == 0 {
                threshold = Some((price as u32, take, count));
            }
        }
        let mut next = Vec::with_capacity(k);
        if left > 0 || cost > u64::from(m) {
            next.push(Fate::Overboard);
            next.extend_from_slice(prev);
        } else {
            next.push(Fate::sure(m - cost as u32));
            for f in prev {
                let fate = match (*f, threshold) {
                    (Fate::Gold { low, .. }, Some((t, take, count))) => {
                        let price = low + 1;
                        if price < t {
                            Fate::sure(price)
                        } else if price == t && take == count {
                            Fate::sure(t)
                        } else if price == t {
                            Fate::Gold { low: 0, high: t }
                        } else {
                            Fate::sure(0)
                        }
                    }
                    _ => Fate::sure(0),
                };
                next.push(fate);
            }
        }
        fates = next;
    }
    fates
}
