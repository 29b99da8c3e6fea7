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
//! Theory answers outcome and every winning move in both conventions; the
//! Sprague-Grundy value (no formula is known) comes from search when the
//! position is small enough.

use crate::heaps;
use grundy_engine::{
    Adapter, Family, Game, GameError, GameOptions, Limits, Move, Outcome, ParseError, Play,
    Registration, TextGame, Theory,
};

/// The largest heap: `5 * MAX_HEAP^2` must fit in a `u128`.
pub const MAX_HEAP: u64 = 1_000_000_000_000_000_000;

/// `floor(sqrt(n))`, exactly.
pub fn isqrt(n: u128) -> u128 {
    if n < 2 {
        return n;
    }
    // Newton's method from a power of two at or above the root decreases
    // monotonically to the floor of the root.
    let bits = 128 - n.leading_zeros();
    let mut x: u128 = 1 << bits.div_ceil(2);
    loop {
        let y = (x + n / x) / 2;
        if y >= x {
            return x;
        }
        x = y;
    }
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

/// Wythoff's game; a position is the two heaps `(a, b)`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Wythoff;

fn reduce_first(p: (u64, u64), to: u64) -> Move<(u64, u64)> {
    Move {
        label: format!("heap 1: {} -> {to}", p.0),
        to: (to, p.1),
    }
}

fn reduce_second(p: (u64, u64), to: u64) -> Move<(u64, u64)> {
    Move {
        label: format!("heap 2: {} -> {to}", p.1),
        to: (p.0, to),
    }
}

fn reduce_both(p: (u64, u64), d: u64) -> Move<(u64, u64)> {
    Move {
        label: format!("take {d} from both heaps"),
        to: (p.0 - d, p.1 - d),
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
) -> Vec<Move<(u64, u64)>> {
    let (a, b) = p;
    let mut out = Vec::new();
    let t = partner(b);
    if t < a {
        out.push(reduce_first(p, t));
    }
    let t = partner(a);
    if t < b {
        out.push(reduce_second(p, t));
    }
    let x = lower_of_difference(a.abs_diff(b));
    if x < a.min(b) {
        out.push(reduce_both(p, a.min(b) - x));
    }
    out
}

impl Game for Wythoff {
    type Position = (u64, u64);

    fn options(&self, p: &(u64, u64)) -> Vec<(u64, u64)> {
        self.moves(p).into_iter().map(|m| m.to).collect()
    }

    /// One component, the heaps in increasing order (the game is symmetric),
    /// or none when both heaps are empty.
    fn components(&self, p: &(u64, u64)) -> Vec<(u64, u64)> {
        if *p == (0, 0) {
            Vec::new()
        } else {
            vec![(p.0.min(p.1), p.0.max(p.1))]
        }
    }

    fn search_size(&self, p: &(u64, u64)) -> u128 {
        (p.0 as u128 + 1) * (p.1 as u128 + 1)
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
        format!("{} {}", p.0, p.1)
    }

    /// Heap 1 down to each smaller size (ascending), heap 2 likewise, then
    /// 1, 2, ... from both.
    fn moves(&self, p: &(u64, u64)) -> Vec<Move<(u64, u64)>> {
        let first = (0..p.0).map(|t| reduce_first(*p, t));
        let second = (0..p.1).map(|t| reduce_second(*p, t));
        let both = (1..=p.0.min(p.1)).map(|d| reduce_both(*p, d));
        first.chain(second).chain(both).collect()
    }

    fn theory(&self, p: &(u64, u64), play: Play) -> Option<Theory<(u64, u64)>> {
        let (a, b) = *p;
        Some(match play {
            Play::Normal => Theory {
                method: "Wythoff's theorem: P-positions (floor(k*phi), floor(k*phi)+k), \
                         in exact integer arithmetic"
                    .into(),
                outcome: Outcome::from_mover_wins(!is_p(a, b)),
                winning_moves: if is_p(a, b) {
                    Vec::new()
                } else {
                    winning_moves(*p, partner, lower)
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
                    winning_moves(*p, misere_partner, misere_lower)
                },
            },
        })
    }
}

fn build(_opts: &GameOptions, limits: &Limits) -> Result<Box<dyn Family>, GameError> {
    Ok(Box::new(Adapter::new("wythoff", Wythoff, limits)))
}

/// The `wythoff` family.
pub const REGISTRATION: Registration = Registration {
    name: "wythoff",
    rules: "two heaps; take any number from one heap, or the same number from both",
    syntax: "the two heaps, each up to 10^18: `a b`",
    example: "3 7",
    options: &[],
    build,
};
