//! Wythoff's game: two heaps; take any number from one heap, or the same
//! number from both.
//!
//! The P-positions are `(a_k, b_k)` and `(b_k, a_k)` with
//! `a_k = floor(k*phi)` and `b_k = a_k + k`; every positive integer is
//! exactly one `a_k` or one `b_k` (Beatty's theorem). All of this is
//! computed with integers only: `floor(k*phi) = (k + isqrt(5k^2)) / 2`,
//! exact on `u128` for heaps up to 10^18. Misère play differs only at the
//! start: `(0,0)` and `(1,2)` give way to `(0,1)` and `(2,2)`.
//!
//! Theory answers outcome and every winning move in both conventions. No
//! formula for the Sprague-Grundy value is known; it comes from the
//! engine's value table of queen moves ([`QueenValues`], cached, up to
//! [`TABLE_CELLS`] cells) or, beyond that, from the engine's search within
//! its limits.

use crate::mechanics::heaps;
use crate::mechanics::steps::{self, Steps};
use std::fmt::Write;

use grundy_api::{Adapter, BuiltIn, Family, GameOptions};
use grundy_engine::mex_table::QueenValues;
use grundy_engine::{
    GameError, Impartial, Limits, Move, Nimber, Outcome, ParseError, Play, Rules, RulesError,
    TextGame, Theory,
};

/// The largest heap: `5 * MAX_HEAP^2` must fit in a `u128`.
pub const MAX_HEAP: u64 = 1_000_000_000_000_000_000;

/// `floor(sqrt(n))`, exactly.
///
/// A float square root gives the start: below 2^100 it is within one of
/// the root (the root is below 2^50, the float's error a quarter of a
/// unit); above, within a few thousand, and one Newton step (one `u128`
/// division) brings it to the floor or one above. Integer checks then
/// settle the last unit. Wythoff's answers call this a dozen times a
/// position, so it must not loop over divisions from a power of two.
pub fn isqrt(n: u128) -> u128 {
    if n < 2 {
        return n;
    }
    // As two halves: u128 -> f64 is a software routine, u64 -> f64 one
    // instruction. The float is off by a few units in its last place.
    let float = ((n >> 64) as u64 as f64) * 18_446_744_073_709_551_616.0 + (n as u64 as f64);
    // The root is below 2^64 (a float of 2^64 saturates to u64::MAX,
    // which the checks below bring down).
    let mut x = u128::from((float.sqrt() as u64).max(1));
    if n >= 1 << 100 {
        // Newton's step from any positive start lands at or above the
        // floor of the root (AM-GM), here within one of it.
        x = (x + n / x) / 2;
    }
    while x.checked_mul(x).is_none_or(|s| s > n) {
        x -= 1;
    }
    while (x + 1).checked_mul(x + 1).is_some_and(|s| s <= n) {
        x += 1;
    }
    x
}

/// `a_k = floor(k * phi)`, the smaller heap of the `k`-th P-position, for
/// `k` up to 10^18.
pub fn lower(k: u64) -> u64 {
    let k = k as u128;
    // floor((k + sqrt(5k^2)) / 2) = floor((k + floor(sqrt(5k^2))) / 2).
    ((k + isqrt(5 * k * k)) / 2) as u64
}

/// `b_k = a_k + k = floor(k * phi^2)`, the larger heap of the `k`-th
/// P-position.
pub fn upper(k: u64) -> u64 {
    lower(k) + k
}

/// The `k` with `lower(k) == x`, if `x` is in the lower sequence.
fn lower_index(x: u64) -> Option<u64> {
    // k is near x / phi = x (sqrt 5 - 1) / 2.
    let x128 = x as u128;
    let guess = ((isqrt(5 * x128 * x128) - x128) / 2) as u64;
    (guess.saturating_sub(2)..=guess + 2).find(|&k| lower(k) == x)
}

/// The `k` with `upper(k) == x`, if `x` is in the upper sequence.
fn upper_index(x: u64) -> Option<u64> {
    // k is near x / phi^2 = x (3 - sqrt 5) / 2.
    let x128 = x as u128;
    let guess = ((3 * x128 - isqrt(5 * x128 * x128)) / 2) as u64;
    (guess.saturating_sub(2)..=guess + 2).find(|&k| upper(k) == x)
}

/// The other heap of the normal-play P-position containing a heap of `x`
/// (0 for 0): the heap `y` with `(x, y)` a P-position, unique by Beatty.
pub fn partner(x: u64) -> u64 {
    if let Some(k) = lower_index(x) {
        return upper(k);
    }
    match upper_index(x) {
        Some(k) => lower(k),
        None => unreachable!("Beatty: {x} is in the lower or the upper sequence"),
    }
}

/// Whether `(a, b)` is a P-position in normal play.
pub fn is_p(a: u64, b: u64) -> bool {
    let (x, y) = (a.min(b), a.max(b));
    lower(y - x) == x
}

/// The other heap of the misère P-position containing a heap of `x`.
fn misere_partner(x: u64) -> u64 {
    match x {
        0 => 1,
        1 => 0,
        2 => 2,
        _ => partner(x),
    }
}

/// The smaller heap of the misère P-position whose heaps differ by `d`.
fn misere_lower(d: u64) -> u64 {
    match d {
        0 => 2,
        1 => 0,
        _ => lower(d),
    }
}

/// Whether `(a, b)` is a P-position in misère play.
pub fn misere_is_p(a: u64, b: u64) -> bool {
    let (x, y) = (a.min(b), a.max(b));
    misere_lower(y - x) == x
}

/// The most cells (positions) the value table may cover: above every
/// position the default search limit admits. The table takes 4 bytes a
/// cell and its work sets about one more; a square of this size takes
/// about 5 s to build (release build), where search would take hours.
pub const TABLE_CELLS: u64 = 1 << 24;

/// Wythoff's game; a position is the two heaps `(a, b)`.
///
/// A move takes a heap down, or both heaps down by the same amount: a
/// queen's move toward the corner `(0, 0)` of the table of positions, so
/// the values are the engine's [`QueenValues`].
#[derive(Debug)]
pub struct Wythoff {
    /// The largest value table built so far, shared by every query of a
    /// batch or search.
    table: QueenValues,
}

impl Default for Wythoff {
    fn default() -> Self {
        Wythoff {
            table: QueenValues::new(TABLE_CELLS),
        }
    }
}

impl Wythoff {
    /// The game, with no value table built yet.
    pub fn new() -> Wythoff {
        Wythoff::default()
    }

    /// The game, whose value tables are built only within `limits`'
    /// memory budget (with what the process already holds).
    pub fn within(limits: &Limits) -> Wythoff {
        Wythoff {
            table: QueenValues::within_memory(TABLE_CELLS, limits.max_memory),
        }
    }
}

/// One Wythoff move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Take {
    /// Heap 1 down to this size.
    First(u64),
    /// Heap 2 down to this size.
    Second(u64),
    /// This many from both heaps.
    Both(u64),
}

impl Steps for Wythoff {
    type Step = Take;

    /// Heap 1 down to each smaller size (ascending), heap 2 likewise, then
    /// 1, 2, ... from both.
    fn each_step(&self, p: &(u64, u64), mut visit: impl FnMut(Take)) {
        (0..p.0).for_each(|t| visit(Take::First(t)));
        (0..p.1).for_each(|t| visit(Take::Second(t)));
        (1..=p.0.min(p.1)).for_each(|d| visit(Take::Both(d)));
    }

    fn apply(&self, p: &(u64, u64), step: &Take) -> (u64, u64) {
        match *step {
            Take::First(t) => (t, p.1),
            Take::Second(t) => (p.0, t),
            Take::Both(d) => (p.0 - d, p.1 - d),
        }
    }

    fn label(&self, p: &(u64, u64), step: &Take) -> String {
        let mut s = String::with_capacity(64);
        let _ = match *step {
            Take::First(t) => write!(s, "heap 1: {} -> {t}", p.0),
            Take::Second(t) => write!(s, "heap 2: {} -> {t}", p.1),
            Take::Both(d) => write!(s, "take {d} from both heaps"),
        };
        s
    }
}

/// The move of `p` that takes `x` counters from heap 1 and `y` from heap 2
/// (decimal digits, as typed), or why there is none.
fn read_take(p: (u64, u64), x: &str, y: &str) -> Result<Take, ParseError> {
    let too_many = |heap: u8, have: u64, typed: &str| {
        ParseError::new(format!(
            "heap {heap} has {have} counter{}; {typed} cannot be taken",
            if have == 1 { "" } else { "s" }
        ))
    };
    // A number too large for u64 is more than any heap holds.
    let a = x.parse::<u64>().map_err(|_| too_many(1, p.0, x))?;
    let b = y.parse::<u64>().map_err(|_| too_many(2, p.1, y))?;
    if a > p.0 {
        return Err(too_many(1, p.0, x));
    }
    if b > p.1 {
        return Err(too_many(2, p.1, y));
    }
    match (a, b) {
        (0, 0) => Err(ParseError::new(
            "`0 0` takes nothing: a move takes at least one counter",
        )),
        (0, b) => Ok(Take::Second(p.1 - b)),
        (a, 0) => Ok(Take::First(p.0 - a)),
        (a, b) if a == b => Ok(Take::Both(a)),
        (a, b) => Err(ParseError::new(format!(
            "{a} from heap 1 and {b} from heap 2 is no move: take from one heap only, \
             or the same number from both"
        ))),
    }
}

/// Every winning move of `p` given the P-set by its partner function and
/// its smaller heap per difference: one heap down to the partner of the
/// other, then both down to the P-position with the same difference. Each
/// kind has at most one winning move per heap; the order is that of
/// [`TextGame::moves`].
fn winning_moves(
    p: (u64, u64),
    partner: impl Fn(u64) -> u64,
    lower_of_difference: impl Fn(u64) -> u64,
) -> Vec<Take> {
    let (a, b) = p;
    let mut out = Vec::new();
    let t = partner(b);
    if t < a {
        out.push(Take::First(t));
    }
    let t = partner(a);
    if t < b {
        out.push(Take::Second(t));
    }
    let x = lower_of_difference(a.abs_diff(b));
    if x < a.min(b) {
        out.push(Take::Both(a.min(b) - x));
    }
    out
}

impl Rules for Wythoff {
    type Position = (u64, u64);

    fn options(&self, p: &(u64, u64)) -> Result<Vec<(u64, u64)>, RulesError> {
        Ok(steps::options(self, p))
    }

    fn search_size(&self, p: &(u64, u64)) -> u128 {
        (p.0 as u128 + 1) * (p.1 as u128 + 1)
    }
}

impl Impartial for Wythoff {
    /// One component, the heaps in increasing order (the game is symmetric),
    /// or none when both heaps are empty.
    fn components(&self, p: &(u64, u64)) -> Result<Vec<(u64, u64)>, RulesError> {
        Ok(if *p == (0, 0) {
            Vec::new()
        } else {
            vec![(p.0.min(p.1), p.0.max(p.1))]
        })
    }

    /// From the value table, when it can cover the position.
    fn closed_form(&self, p: &(u64, u64)) -> Option<Nimber> {
        self.table.value(p.0.min(p.1), p.0.max(p.1)).map(Nimber)
    }
}

impl TextGame for Wythoff {
    fn parse(&self, args: &[&str]) -> Result<(u64, u64), ParseError> {
        let words = heaps::words(args);
        if words.len() != 2 {
            return Err(ParseError::new(format!(
                "wythoff takes exactly two heaps `a b`, got {} number(s)",
                words.len()
            )));
        }
        Ok((
            heaps::parse_heap(words[0], 1, MAX_HEAP)?,
            heaps::parse_heap(words[1], 2, MAX_HEAP)?,
        ))
    }

    fn format(&self, p: &(u64, u64)) -> String {
        // Sized once: `format!` would grow the string twice for two large
        // heaps, and batch writes three positions an answer.
        let mut s = String::with_capacity(41);
        let _ = write!(s, "{} {}", p.0, p.1);
        s
    }

    /// Heap 1 down to each smaller size (ascending), heap 2 likewise, then
    /// 1, 2, ... from both: `heap 1: 3 -> 0`, `take 2 from both heaps`.
    fn moves(&self, p: &(u64, u64)) -> Result<Vec<Move<(u64, u64)>>, RulesError> {
        steps::moves(self, p)
    }

    fn moves_bound(&self, p: &(u64, u64)) -> u128 {
        p.0 as u128 + p.1 as u128 + p.0.min(p.1) as u128
    }

    /// `A B`: the counters taken from heap 1 and from heap 2 (`0 3`
    /// takes 3 from heap 2, `2 2` two from both).
    fn read_move(
        &self,
        p: &(u64, u64),
        words: &[&str],
    ) -> Option<Result<Move<(u64, u64)>, ParseError>> {
        let [x, y] = words else {
            return None;
        };
        if !heaps::is_number(x) || !heaps::is_number(y) {
            return None;
        }
        Some(read_take(*p, x, y).map(|t| steps::labelled(self, p, &t)))
    }

    fn move_notation(&self, p: &(u64, u64)) -> Option<String> {
        let mut examples = Vec::new();
        if p.1 > 0 {
            examples.push("`0 1` takes 1 from heap 2".to_string());
        } else if p.0 > 0 {
            examples.push("`1 0` takes 1 from heap 1".to_string());
        }
        if p.0.min(p.1) > 0 {
            examples.push("`1 1` takes 1 from both".to_string());
        }
        if examples.is_empty() {
            examples.push("`0 3` takes 3 from heap 2, `2 2` takes 2 from both".to_string());
        }
        Some(format!(
            "A B takes A counters from heap 1 and B from heap 2 (one of them 0, or both \
             the same): {}",
            examples.join(", ")
        ))
    }

    fn theory(&self, p: &(u64, u64), play: Play) -> Option<Theory<(u64, u64)>> {
        let (a, b) = *p;
        let labelled = |takes: Vec<Take>| {
            takes
                .iter()
                .map(|t| steps::labelled(self, p, t))
                .collect::<Vec<_>>()
        };
        Some(match play {
            Play::Normal => Theory {
                method: "Wythoff's theorem: P-positions (floor(k*phi), floor(k*phi)+k), \
                         in exact integer arithmetic"
                    .into(),
                outcome: Outcome::from_mover_wins(!is_p(a, b)),
                winning_moves: if is_p(a, b) {
                    Vec::new()
                } else {
                    labelled(winning_moves(*p, partner, lower))
                },
            },
            Play::Misere => Theory {
                method: "misère Wythoff: the normal P-positions with (0,0), (1,2) \
                         replaced by (0,1), (2,2)"
                    .into(),
                outcome: Outcome::from_mover_wins(!misere_is_p(a, b)),
                winning_moves: if misere_is_p(a, b) {
                    Vec::new()
                } else {
                    labelled(winning_moves(*p, misere_partner, misere_lower))
                },
            },
        })
    }
}

fn build(_opts: &GameOptions, limits: &Limits) -> Result<Family, GameError> {
    Ok(Adapter::new("wythoff", Wythoff::within(limits), limits)
        .with_notation()
        .family())
}

/// The `wythoff` family.
pub const REGISTRATION: BuiltIn = BuiltIn {
    name: "wythoff",
    rules: "two heaps; take any number from one heap, or the same number from both",
    syntax: "the two heaps, each up to 10^18: `a b`",
    example: "3 7",
    options: &[],
    build,
};
