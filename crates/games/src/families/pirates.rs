//! pirates: the pirate puzzle (n pirates share m coins), solved by
//! backward induction over the number of living pirates.
//!
//! It is a puzzle of n players, not a two-player game, so it is no game
//! family: it is registered as the [`PUZZLE`] `pirates`, asked with the
//! numbers n and m (`grundy pirates --n N --m M`); [`solve`] returns the
//! [`Pirates`] table, which prints itself as text ([`Pirates::text`]) and
//! serialises to the JSON document of `--json`.
//!
//! # The rules
//! n pirates, ranked 1 (most senior) to n, share m coins. The most senior
//! living pirate proposes a division; if at least half of the living
//! pirates (the proposer included) vote for it, it is carried out;
//! otherwise the proposer is thrown overboard and the next proposes. Each
//! pirate prefers, in order: to live, more gold, more pirates thrown
//! overboard.
//!
//! # What a pirate's fate means
//! With k pirates alive, `F(k)` says what becomes of each: thrown
//! overboard, or the set of amounts of gold he may end with. A set, since
//! the proposer may choose among equally good divisions (equal gold for
//! him); the set holds what the pirate gets in each of them, and a single
//! amount is gold he surely gets.
//!
//! # How each pirate votes
//! A pirate votes for a division only when it is surely better for him
//! than a rejection, whichever of the proposer's choices follows it:
//!
//! - The proposer votes for his own division (a rejection kills him).
//! - A voter who would be thrown overboard after a rejection (he would
//!   propose later and fail) votes for any division, which keeps him
//!   alive. Call him *free*.
//! - Any other voter lives either way, so gold decides: he votes for a
//!   division giving him more than the largest amount of his set in
//!   `F(k - 1)`. Offered exactly that largest amount he votes against,
//!   since the gold may be no better and a rejection throws a pirate
//!   overboard. So the proposer buys his vote for `largest + 1` coins: his
//!   *price*.
//!
//! # What the proposer does
//! He needs `ceil(k / 2) - 1` votes besides his own; the free voters give
//! theirs, and he buys the rest from the cheapest voters. Giving anyone
//! more than his price, or anything to a pirate whose vote is not bought,
//! only lowers his own share, so his best divisions are exactly: pay the
//! price to each pirate of one of the cheapest sets of voters of the size
//! he needs, nothing to anyone else. When there are not enough voters, or
//! the cheapest set costs more than m, every division fails and he is
//! thrown overboard: `F(k)` is `F(k - 1)` with him overboard.
//!
//! In his best divisions the proposer surely gets m minus the cost; a
//! voter whose price is below the threshold (the dearest price paid)
//! surely gets his price; a voter at the threshold gets it or nothing when
//! the proposer may choose among more such voters than he needs (the set
//! `{0, t}`), and surely gets it otherwise; everyone else gets nothing.
//! So every set met is one amount or `{0, t}`: a [`Fate`].
//!
//! # Known results (checked by the tests, with a brute force over every
//! division)
//! 5 pirates and 100 coins end 98 0 1 0 1. Up to 2m + 1 pirates the
//! proposer keeps m - (n - 1) / 2 and gives one coin to every second
//! pirate below him; every proposer up to 2m + 2 pirates lives; beyond,
//! he lives exactly when n - 2m is a power of two (with 100 coins: 201,
//! 202, 204, 208, 216, ...), and otherwise pirates are thrown overboard
//! down to the last such number (1000 pirates: 288 thrown overboard).
//!
//! # Cost
//! Pirates with equal fates are treated alike, and there are at most
//! 2m + 2 different fates, so the induction runs on the count of pirates
//! per fate: O(n m) time and O(n + m) memory ([`solve`]).

use grundy_api::puzzle::{Puzzle, PuzzleAnswer, PuzzleOption};
use grundy_engine::GameError;
use serde::ser::{SerializeMap, SerializeSeq, Serializer};
use serde::Serialize;
use std::fmt;

/// The most pirates [`solve`] accepts.
pub const MAX_PIRATES: usize = 10_000;

/// The most coins [`solve`] accepts.
pub const MAX_COINS: u32 = 100;

/// What becomes of one pirate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fate {
    /// Thrown overboard.
    Overboard,
    /// Alive with surely this many coins.
    Coins(u32),
    /// Alive with 0 coins or with this many (never 0), as the proposer
    /// chooses among his equally good divisions: the set `{0, t}`.
    ZeroOr(u32),
}

impl Fate {
    /// The amounts he may get, ascending: empty when overboard.
    pub fn amounts(self) -> Vec<u32> {
        match self {
            Fate::Overboard => Vec::new(),
            Fate::Coins(c) => vec![c],
            Fate::ZeroOr(t) => vec![0, t],
        }
    }

    /// What a division must give him for his vote when he is alive after
    /// a rejection: one coin more than the largest amount he may get.
    /// `None` for a pirate a rejection throws overboard (he votes for
    /// anything).
    fn price(self) -> Option<u32> {
        match self {
            Fate::Overboard => None,
            Fate::Coins(c) | Fate::ZeroOr(c) => Some(c + 1),
        }
    }
}

impl fmt::Display for Fate {
    /// `overboard`, `98`, or the set `{0,1}`: one word.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Fate::Overboard => f.write_str("overboard"),
            Fate::Coins(c) => write!(f, "{c}"),
            Fate::ZeroOr(t) => write!(f, "{{0,{t}}}"),
        }
    }
}

/// The solved puzzle: every pirate's [`Fate`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pirates {
    coins: u32,
    /// `fates[0]` is pirate 1, the most senior.
    fates: Vec<Fate>,
}

impl Pirates {
    /// n, the number of pirates (at least 1).
    pub fn pirates(&self) -> usize {
        self.fates.len()
    }

    /// m, the number of coins.
    pub fn coins(&self) -> u32 {
        self.coins
    }

    /// Every pirate's fate, the most senior first (index 0 is pirate 1).
    pub fn fates(&self) -> &[Fate] {
        &self.fates
    }

    /// How many are thrown overboard. They are pirates 1 to this number:
    /// the proposers before the one whose division carries.
    pub fn overboard(&self) -> usize {
        self.fates
            .iter()
            .take_while(|f| **f == Fate::Overboard)
            .count()
    }

    /// The rank of the pirate whose division carries. Someone's does: a
    /// pirate left alone votes for his own.
    pub fn proposer(&self) -> usize {
        self.overboard() + 1
    }
}

/// How the proposer of one round fares.
#[derive(Clone, Copy, Debug)]
enum Round {
    /// No division carries: he is thrown overboard, the others' fates
    /// are those of the next round.
    Fails,
    /// His best divisions carry: he gets `keeps`; the others get what
    /// [`Round::after`] says.
    Carries {
        keeps: u32,
        /// The dearest price he pays, and whether he may choose whom to
        /// pay at that price (more voters at it than he needs); `None`
        /// when the free votes are enough and he pays no one.
        threshold: Option<(u32, bool)>,
    },
}

impl Round {
    /// The fate, in this round, of a voter whose fate after a rejection
    /// is `f`; for a round that carries only.
    fn after(threshold: Option<(u32, bool)>, f: Fate) -> Fate {
        match (f.price(), threshold) {
            (Some(p), Some((t, _))) if p < t => Fate::Coins(p),
            (Some(p), Some((t, choice))) if p == t => {
                if choice {
                    Fate::ZeroOr(t)
                } else {
                    Fate::Coins(t)
                }
            }
            _ => Fate::Coins(0),
        }
    }
}

/// The fates as dense indices, for counts per fate: `Overboard` is 0,
/// `Coins(c)` is 1 + c, `ZeroOr(t)` is m + 1 + t.
struct Fates {
    coins: u32,
}

impl Fates {
    fn len(&self) -> usize {
        2 * self.coins as usize + 2
    }

    fn index(&self, f: Fate) -> usize {
        match f {
            Fate::Overboard => 0,
            Fate::Coins(c) => 1 + c as usize,
            Fate::ZeroOr(t) => 1 + self.coins as usize + t as usize,
        }
    }

    fn fate(&self, i: usize) -> Fate {
        let m = self.coins as usize;
        match i {
            0 => Fate::Overboard,
            i if i <= m + 1 => Fate::Coins((i - 1) as u32),
            i => Fate::ZeroOr((i - 1 - m) as u32),
        }
    }
}

/// The round with k pirates alive, given `count[i]`: how many of the
/// other k - 1 have fate `i` (a [`Fates`] index) after a rejection.
fn round(k: usize, coins: u32, fates: &Fates, count: &[usize]) -> Round {
    let needed = k.div_ceil(2) - 1;
    let mut left = needed.saturating_sub(count[0]);
    if left == 0 {
        return Round::Carries {
            keeps: coins,
            threshold: None,
        };
    }
    // Voters by price, cheapest first: a price p is paid to those with
    // Coins(p - 1) or ZeroOr(p - 1).
    let mut cost: u64 = 0;
    for price in 1..=coins {
        let mut at = count[fates.index(Fate::Coins(price - 1))];
        if price > 1 {
            at += count[fates.index(Fate::ZeroOr(price - 1))];
        }
        let take = at.min(left);
        cost += u64::from(price) * take as u64;
        left -= take;
        if cost > u64::from(coins) {
            break;
        }
        if left == 0 {
            return Round::Carries {
                keeps: coins - cost as u32,
                threshold: Some((price, take < at)),
            };
        }
    }
    Round::Fails
}

/// Every pirate's fate when n pirates share m coins.
///
/// Errors ([`GameError::Input`]): no pirate (n = 0), more than
/// [`MAX_PIRATES`] pirates, more than [`MAX_COINS`] coins.
/// Time O(n m), memory O(n + m).
pub fn solve(n: usize, m: u32) -> Result<Pirates, GameError> {
    if n == 0 || n > MAX_PIRATES {
        return Err(GameError::Input(format!(
            "{n} pirates: the puzzle takes 1 to {MAX_PIRATES} pirates"
        )));
    }
    if m > MAX_COINS {
        return Err(GameError::Input(format!(
            "{m} coins: the puzzle takes 0 to {MAX_COINS} coins"
        )));
    }
    let fates = Fates { coins: m };
    // Forward: the rounds with 1, 2, ..., n pirates alive, from the
    // count of pirates per fate in the round before.
    let mut count = vec![0usize; fates.len()];
    let mut next = vec![0usize; fates.len()];
    let mut rounds = Vec::with_capacity(n);
    for k in 1..=n {
        let r = round(k, m, &fates, &count);
        match r {
            Round::Fails => count[0] += 1,
            Round::Carries { keeps, threshold } => {
                next.fill(0);
                for (i, &c) in count.iter().enumerate().filter(|(_, &c)| c > 0) {
                    next[fates.index(Round::after(threshold, fates.fate(i)))] += c;
                }
                next[fates.index(Fate::Coins(keeps))] += 1;
                std::mem::swap(&mut count, &mut next);
            }
        }
        rounds.push(r);
    }
    // Backward: the proposer of round k (pirate n - k + 1) ends with his
    // fate in round k carried through the rounds after it. `last[i]` is
    // the fate at the end of a pirate whose fate is `i` in the round just
    // done; each round that carries composes its map before it.
    let mut last: Vec<usize> = (0..fates.len()).collect();
    let mut end = vec![Fate::Overboard; n];
    for (k, r) in rounds.iter().enumerate().rev() {
        let (own, threshold) = match *r {
            Round::Fails => (Fate::Overboard, None),
            Round::Carries { keeps, threshold } => (Fate::Coins(keeps), Some(threshold)),
        };
        end[n - 1 - k] = fates.fate(last[fates.index(own)]);
        if let Some(threshold) = threshold {
            let composed: Vec<usize> = (0..fates.len())
                .map(|i| last[fates.index(Round::after(threshold, fates.fate(i)))])
                .collect();
            last = composed;
        }
    }
    Ok(Pirates {
        coins: m,
        fates: end,
    })
}

/// The puzzle's registration: `--n N` pirates, `--m M` coins.
pub const PUZZLE: Puzzle = Puzzle {
    name: NAME,
    about: "The pirate puzzle: n pirates share m coins by proposals and votes; every pirate's fate",
    after_help: AFTER_HELP,
    options: &[
        PuzzleOption {
            name: "n",
            value: "N",
            what: "pirates",
            least: 1,
            most: MAX_PIRATES as u64,
        },
        PuzzleOption {
            name: "m",
            value: "M",
            what: "coins",
            least: 0,
            most: MAX_COINS as u64,
        },
    ],
    answers: "every pirate's fate",
    no_position: "the answer covers every pirate",
    no_misere: "it is a puzzle of proposals and votes, with no last move to win or lose by",
    solve: |numbers| {
        let (n, m) = (numbers[0] as usize, numbers[1] as u32);
        Ok(Box::new(solve(n, m)?))
    },
};

/// The puzzle's name.
pub const NAME: &str = "pirates";

/// The rules and the answer's layout, for the help of `grundy pirates`.
const AFTER_HELP: &str = "\
n pirates, ranked 1 (most senior) to n, share m coins. The most senior
living pirate proposes a division; if at least half of the living pirates
(the proposer included) vote for it, it is carried out, otherwise the
proposer is thrown overboard and the next proposes. Each pirate prefers,
in order: to live, more gold, more pirates thrown overboard.

A pirate votes for a division only when it is surely better for him than a
rejection: one whom a rejection would doom (he would propose later and be
thrown overboard) votes for anything that keeps him alive; any other wants
more gold than the most he may get after a rejection (offered exactly
that, he votes against, preferring the proposer overboard).

Prints who proposes the division that is carried and how many are thrown
overboard, then one row per pirate: his rank and his fate, `overboard`,
the coins he surely gets, or a set `{0,t}` (0 or t coins, as the proposer
chooses among his equally good divisions). --json prints one document:
{\"puzzle\": \"pirates\", \"n\", \"m\", \"proposer\", \"overboard\",
\"pirates\": [{\"rank\": 1, \"fate\": \"coins\", \"coins\": 98}, ...]}, each
fate \"coins\" (with \"coins\"), \"set\" (with \"may_get\": [0, t]) or
\"overboard\". `grundy analyze pirates ...` is the same command.

Example: grundy pirates --n 5 --m 100   (98 0 1 0 1)";

impl Pirates {
    /// The table as text: a summary line, `rank  fate` and a row per
    /// pirate, and a legend when some fate is a set.
    pub fn text(&self) -> String {
        let mut s = format!(
            "{NAME} --n {} --m {}: {}\n",
            self.pirates(),
            self.coins(),
            self.summary()
        );
        let width = self.pirates().to_string().len().max("rank".len());
        s.push_str(&format!("{:>width$}  fate\n", "rank"));
        for (i, f) in self.fates().iter().enumerate() {
            s.push_str(&format!("{:>width$}  {f}\n", i + 1));
        }
        if self.fates().iter().any(|f| matches!(f, Fate::ZeroOr(_))) {
            s.push_str(
                "{0,t}: 0 or t coins, as the proposer chooses among his equally good divisions\n",
            );
        }
        s
    }

    /// Whose division is carried and who is thrown overboard.
    fn summary(&self) -> String {
        let carried = format!(
            "pirate {} proposes the division that is carried",
            self.proposer()
        );
        match self.overboard() {
            0 => format!("{carried}; no one is thrown overboard"),
            1 => format!("{carried}; 1 thrown overboard (pirate 1)"),
            k => format!("{carried}; {k} thrown overboard (pirates 1 to {k})"),
        }
    }
}

/// The `--json` document: `{"puzzle": "pirates", "n", "m", "proposer",
/// "overboard", "pirates": [...]}`, a row per pirate, pirate 1 first:
/// `{"rank": 1, "fate": "coins", "coins": 98}`, `"fate": "set"` with
/// `"may_get": [0, t]`, or `"fate": "overboard"`.
impl Serialize for Pirates {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut doc = s.serialize_map(Some(6))?;
        doc.serialize_entry("puzzle", NAME)?;
        doc.serialize_entry("n", &self.pirates())?;
        doc.serialize_entry("m", &self.coins())?;
        doc.serialize_entry("proposer", &self.proposer())?;
        doc.serialize_entry("overboard", &self.overboard())?;
        doc.serialize_entry("pirates", &Rows(&self.fates))?;
        doc.end()
    }
}

/// The rows of the `--json` document.
struct Rows<'a>(&'a [Fate]);

impl Serialize for Rows<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut rows = s.serialize_seq(Some(self.0.len()))?;
        for (i, &f) in self.0.iter().enumerate() {
            rows.serialize_element(&Row {
                rank: i + 1,
                fate: f,
            })?;
        }
        rows.end()
    }
}

/// One pirate's row.
struct Row {
    rank: usize,
    fate: Fate,
}

impl Serialize for Row {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut row = s.serialize_map(None)?;
        row.serialize_entry("rank", &self.rank)?;
        match self.fate {
            Fate::Overboard => row.serialize_entry("fate", "overboard")?,
            Fate::Coins(c) => {
                row.serialize_entry("fate", "coins")?;
                row.serialize_entry("coins", &c)?;
            }
            Fate::ZeroOr(_) => {
                row.serialize_entry("fate", "set")?;
                row.serialize_entry("may_get", &self.fate.amounts())?;
            }
        }
        row.end()
    }
}

impl PuzzleAnswer for Pirates {
    fn text(&self) -> String {
        Pirates::text(self)
    }

    fn json(&self) -> Result<String, GameError> {
        serde_json::to_string_pretty(self)
            .map_err(|e| GameError::Internal(format!("cannot serialise the pirates' table: {e}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// A pirate's fate in the brute force: overboard, or the set of
    /// amounts he may get.
    #[derive(Clone, Debug, PartialEq, Eq)]
    enum Brute {
        Overboard,
        Gold(BTreeSet<u32>),
    }

    /// Every division of `m` coins among `k` pirates, the proposer first.
    fn divisions(k: usize, m: u32) -> Vec<Vec<u32>> {
        if k == 1 {
            return vec![vec![m]];
        }
        let mut all = Vec::new();
        for first in 0..=m {
            for rest in divisions(k - 1, m - first) {
                let mut d = vec![first];
                d.extend(rest);
                all.push(d);
            }
        }
        all
    }

    /// A pirate's preference as a key, larger preferred: alive before
    /// dead, then more gold, then more pirates thrown overboard.
    fn preference(alive: bool, gold: u32, thrown: usize) -> (bool, u32, usize) {
        (alive, gold, thrown)
    }

    /// Backward induction straight from the rules: with k alive, try every
    /// division; a voter votes yes when what he gets if it carries is
    /// preferred to every outcome a rejection may bring him (the next
    /// round's fate of his, each amount of its set); the proposer picks
    /// the divisions that carry and give him the most. Sets are general
    /// sets here: nothing assumes the `{0, t}` shape.
    fn brute(n: usize, m: u32) -> Vec<Brute> {
        let mut prev: Vec<Brute> = Vec::new();
        for k in 1..=n {
            // After a rejection: the proposer and those overboard in the
            // next round are thrown overboard.
            let thrown = 1 + prev.iter().filter(|f| **f == Brute::Overboard).count();
            let mut best: Option<(u32, Vec<Vec<u32>>)> = None;
            for d in divisions(k, m) {
                let yes = 1 + prev
                    .iter()
                    .zip(&d[1..])
                    .filter(|(f, &g)| {
                        let carried = preference(true, g, 0);
                        match f {
                            Brute::Overboard => carried > preference(false, 0, thrown),
                            Brute::Gold(s) => {
                                s.iter().all(|&a| carried > preference(true, a, thrown))
                            }
                        }
                    })
                    .count();
                if 2 * yes < k {
                    continue;
                }
                match &mut best {
                    Some((g, ds)) if *g == d[0] => ds.push(d),
                    Some((g, _)) if *g > d[0] => {}
                    _ => best = Some((d[0], vec![d])),
                }
            }
            prev = match best {
                None => std::iter::once(Brute::Overboard).chain(prev).collect(),
                Some((_, ds)) => (0..k)
                    .map(|i| Brute::Gold(ds.iter().map(|d| d[i]).collect()))
                    .collect(),
            };
        }
        prev
    }

    fn as_brute(f: &Fate) -> Brute {
        match f {
            Fate::Overboard => Brute::Overboard,
            f => Brute::Gold(f.amounts().into_iter().collect()),
        }
    }

    fn fates(n: usize, m: u32) -> Vec<Fate> {
        solve(n, m).unwrap().fates().to_vec()
    }

    fn words(n: usize, m: u32) -> Vec<String> {
        fates(n, m).iter().map(Fate::to_string).collect()
    }

    #[test]
    fn pirates_equal_the_brute_force_for_small_games() {
        let mut sets = 0;
        let mut overboard = 0;
        for (max_n, coins) in [(7, 0..=6), (11, 0..=3), (14, 1..=1)] {
            for m in coins {
                for n in 1..=max_n {
                    let fast = fates(n, m);
                    let slow: Vec<Brute> = fast.iter().map(as_brute).collect();
                    assert_eq!(slow, brute(n, m), "n = {n}, m = {m}");
                    sets += fast.iter().filter(|f| matches!(f, Fate::ZeroOr(_))).count();
                    overboard += fast.iter().filter(|f| **f == Fate::Overboard).count();
                }
            }
        }
        // The comparison covered the cases that matter.
        assert!(
            sets > 20 && overboard > 20,
            "{sets} sets, {overboard} overboard"
        );
    }

    #[test]
    fn pirates_5_with_100_coins() {
        assert_eq!(words(5, 100), ["98", "0", "1", "0", "1"]);
        let p = solve(5, 100).unwrap();
        assert_eq!((p.proposer(), p.overboard()), (1, 0));
    }

    /// A voter whose fate after a rejection is `{0, t}` costs t + 1. With
    /// 3 coins and 10 pirates, pirate 1 needs 4 votes besides his own:
    /// pirate 2's is free (with 9 alive he proposes and is thrown
    /// overboard), and 3 are bought for 1 coin each among the 4 pirates
    /// who get a sure 0 with 9 alive (so each of them gets `{0,1}`); the 4
    /// whose set is `{0,1}` with 9 alive would cost 2 each, and get 0.
    #[test]
    fn pirates_sets_are_beaten_by_their_largest_amount() {
        assert_eq!(
            words(8, 3),
            ["0", "{0,1}", "{0,1}", "0", "{0,1}", "0", "{0,1}", "0"]
        );
        assert_eq!(
            words(9, 3),
            [
                "overboard",
                "0",
                "{0,1}",
                "{0,1}",
                "0",
                "{0,1}",
                "0",
                "{0,1}",
                "0"
            ]
        );
        assert_eq!(
            words(10, 3),
            ["0", "0", "{0,1}", "0", "0", "{0,1}", "0", "{0,1}", "0", "{0,1}"]
        );
    }

    #[test]
    fn pirates_up_to_2m_plus_1_the_proposer_keeps_m_minus_half() {
        for m in [0u32, 1, 3, 100] {
            for n in 1..=(2 * m as usize + 1) {
                let f = fates(n, m);
                assert_eq!(
                    f[0],
                    Fate::Coins(m - (n as u32 - 1) / 2),
                    "n = {n}, m = {m}"
                );
                // One coin each to every second pirate below him.
                for (i, fate) in f.iter().enumerate().skip(1) {
                    assert_eq!(
                        *fate,
                        Fate::Coins(u32::from(i % 2 == 0)),
                        "n = {n}, pirate {}",
                        i + 1
                    );
                }
            }
            // With 2m + 2 he still lives, with nothing.
            assert_eq!(fates(2 * m as usize + 2, m)[0], Fate::Coins(0));
        }
    }

    /// Every proposer up to 2m + 2 pirates lives; beyond, exactly when
    /// n - 2m is a power of two; the rest are thrown overboard down to the
    /// last such n.
    #[test]
    fn pirates_survive_beyond_2m_plus_2_at_powers_of_two() {
        for m in [0u32, 1, 2, 7, 100] {
            let m2 = 2 * m as usize;
            for n in 1..=(m2 + 600) {
                let p = solve(n, m).unwrap();
                let lives = |n: usize| n <= m2 + 2 || (n - m2).is_power_of_two();
                assert_eq!(
                    p.fates()[0] != Fate::Overboard,
                    lives(n),
                    "n = {n}, m = {m}"
                );
                let survivor = (1..=n).rev().find(|&s| lives(s)).unwrap();
                assert_eq!(p.overboard(), n - survivor, "n = {n}, m = {m}");
                assert_eq!(p.proposer(), n - survivor + 1);
                // The overboard are the most senior, none below them.
                assert!(p.fates()[p.overboard()..]
                    .iter()
                    .all(|f| *f != Fate::Overboard));
            }
        }
        let hundred: Vec<usize> = (195..=520)
            .filter(|&n| fates(n, 100)[0] != Fate::Overboard)
            .collect();
        let mut want: Vec<usize> = (195..=202).collect();
        want.extend([204, 208, 216, 232, 264, 328, 456]);
        assert_eq!(hundred, want);
    }

    #[test]
    fn pirates_1000_with_100_coins_throw_288_overboard() {
        let p = solve(1000, 100).unwrap();
        assert_eq!((p.overboard(), p.proposer()), (288, 289));
        let total: u32 = p
            .fates()
            .iter()
            .map(|f| f.amounts().last().copied().unwrap_or(0))
            .sum();
        assert!(total >= 100, "{total}");
    }

    #[test]
    fn pirates_10000_with_100_coins() {
        let p = solve(MAX_PIRATES, MAX_COINS).unwrap();
        assert_eq!(p.pirates(), 10_000);
        // 10000 - 200 is no power of two; 200 + 8192 is.
        assert_eq!(p.overboard(), 10_000 - 8392);
        // The surviving proposer's division: his share and the sure coins
        // add up to at most m, and with the largest amounts of the sets
        // to at least m.
        let sure: u32 = p
            .fates()
            .iter()
            .map(|f| if let Fate::Coins(c) = f { *c } else { 0 })
            .sum();
        let most: u32 = p
            .fates()
            .iter()
            .map(|f| f.amounts().last().copied().unwrap_or(0))
            .sum();
        assert!(sure <= 100 && most >= 100, "{sure} {most}");
    }

    #[test]
    fn pirates_out_of_range_are_input_errors() {
        for (n, m, want) in [
            (0, 5, "0 pirates"),
            (10_001, 5, "10001 pirates"),
            (5, 101, "101 coins"),
        ] {
            match solve(n, m) {
                Err(GameError::Input(e)) => assert!(e.contains(want), "{e}"),
                other => panic!("{n} {m}: {other:?}"),
            }
        }
    }

    #[test]
    fn pirates_fates_print_as_one_word() {
        assert_eq!(Fate::Overboard.to_string(), "overboard");
        assert_eq!(Fate::Coins(98).to_string(), "98");
        assert_eq!(Fate::ZeroOr(1).to_string(), "{0,1}");
        assert_eq!(Fate::ZeroOr(2).amounts(), [0, 2]);
    }

    /// The answer of the registered puzzle, asked as front ends ask it:
    /// the table as text and the JSON document, field for field.
    #[test]
    fn the_puzzle_answers_with_text_and_json() {
        let a = PUZZLE.ask(&[Some("5"), Some("1")]).unwrap();
        assert_eq!(
            a.text(),
            "pirates --n 5 --m 1: pirate 2 proposes the division that is carried; \
             1 thrown overboard (pirate 1)\nrank  fate\n   1  overboard\n   2  0\n\
             \x20  3  {0,1}\n   4  {0,1}\n   5  0\n\
             {0,t}: 0 or t coins, as the proposer chooses among his equally good divisions\n"
        );
        let compact: serde_json::Value = serde_json::from_str(&a.json().unwrap()).unwrap();
        assert_eq!(
            compact.to_string(),
            r#"{"m":1,"n":5,"overboard":1,"pirates":[{"fate":"overboard","rank":1},{"coins":0,"fate":"coins","rank":2},{"fate":"set","may_get":[0,1],"rank":3},{"fate":"set","may_get":[0,1],"rank":4},{"coins":0,"fate":"coins","rank":5}],"proposer":2,"puzzle":"pirates"}"#
        );
        // The fields in the order of the document.
        let json = a.json().unwrap();
        let at = |k: &str| json.find(&format!("\"{k}\":")).unwrap();
        assert!(at("puzzle") < at("n") && at("n") < at("m") && at("m") < at("proposer"));
        assert!(at("proposer") < at("overboard") && at("overboard") < at("pirates"));
        assert!(
            json.starts_with("{\n  \"puzzle\": \"pirates\",\n"),
            "{json}"
        );
    }

    #[test]
    fn the_puzzle_checks_its_numbers() {
        let err = |given: &[Option<&str>]| match PUZZLE.ask(given) {
            Err(GameError::Input(m)) => m,
            Err(e) => panic!("{e}"),
            Ok(_) => panic!("{given:?} answered"),
        };
        assert_eq!(
            err(&[None, Some("1")]),
            "pirates needs --n, the number of pirates (1 to 10000)"
        );
        assert_eq!(
            err(&[Some("5"), Some("101")]),
            "--m: '101' is too large; the largest allowed is 100 (the number of coins, 0 to 100)"
        );
        assert_eq!(
            PUZZLE.not_a_game("seq").to_string(),
            "pirates is a puzzle, not a game with positions: `grundy pirates --n N --m M` \
             (or `grundy analyze pirates --n N --m M`) prints every pirate's fate; seq does \
             not apply"
        );
    }
}
