//! Staircase nim: counters on stairs 1..k; a move takes one or more
//! counters from stair `i` down to stair `i-1`; stair 0 is out of play.
//! Positions are the counts per stair from stair 1: `2 1 3 2 4`.
//!
//! The value is the XOR of the odd stairs: moves from odd stairs are nim
//! moves, and a move from an even stair can be undone at once by moving the
//! same counters on from the odd stair below, so even stairs do not count.
//! Normal play is answered by theory; misère play by the engine's search.
//! [`super::chessmen`] is this game in disguise and shares
//! [`winning_transfers`].

use crate::mechanics::misere_bound;
use crate::mechanics::steps::{self, Steps};
use grundy_api::{parse_u64_in, Adapter, BuiltIn, Family, GameOptions};
use grundy_engine::{
    GameError, Impartial, Limits, Move, Nimber, Outcome, ParseError, Play, Rules, RulesError,
    TextGame, Theory,
};

/// The most counters a position may hold in all. Every move is listed and
/// a position has one move per counter, so this bounds each step of search.
pub const MAX_COUNTERS: u64 = 100_000;

/// The XOR of the counts on the odd stairs (stair 1 is `counts[0]`).
pub fn odd_stair_xor(counts: &[u64]) -> u64 {
    counts.iter().step_by(2).fold(0, |acc, &c| acc ^ c)
}

/// Every normal-play winning move, as (stair from 1, counters moved down),
/// by increasing stair: from an odd stair, the nim move to XOR 0; from an
/// even stair, enough counters onto the odd stair below to raise it to the
/// count that makes the XOR 0. Each stair has at most one winning move.
pub fn winning_transfers(counts: &[u64]) -> Vec<(usize, u64)> {
    let x = odd_stair_xor(counts);
    if x == 0 {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (i, &c) in counts.iter().enumerate() {
        let stair = i + 1;
        if stair % 2 == 1 {
            if c ^ x < c {
                out.push((stair, c - (c ^ x)));
            }
        } else {
            let below = counts[i - 1];
            let target = below ^ x;
            if target > below && target - below <= c {
                out.push((stair, target - below));
            }
        }
    }
    out
}

/// An upper bound on the positions reachable from `counts`: counters only
/// move down, so the number on stairs `>= i` never exceeds its starting
/// value `s_i`, and a position is fixed by those suffix sums.
pub fn reachable_bound(counts: &[u64]) -> u128 {
    let mut suffix: u128 = 0;
    let mut bound: u128 = 1;
    for &c in counts.iter().rev() {
        suffix += c as u128;
        bound = bound.saturating_mul(suffix + 1);
    }
    bound
}

/// Staircase nim; a position is the count on each stair from stair 1.
#[derive(Clone, Copy, Debug, Default)]
pub struct Staircase;

impl Steps for Staircase {
    /// (stair from 1, counters moved down one stair).
    type Step = (usize, u64);

    /// Stair by stair from stair 1, moving 1, 2, ... counters.
    fn each_step(&self, p: &Vec<u64>, mut visit: impl FnMut((usize, u64))) {
        for (i, &c) in p.iter().enumerate() {
            for d in 1..=c {
                visit((i + 1, d));
            }
        }
    }

    fn apply(&self, p: &Vec<u64>, &(stair, d): &(usize, u64)) -> Vec<u64> {
        let mut to = p.clone();
        to[stair - 1] -= d;
        if stair >= 2 {
            to[stair - 2] += d;
        }
        to
    }

    fn label(&self, _p: &Vec<u64>, &(stair, d): &(usize, u64)) -> String {
        format!("move {d} from stair {stair} to stair {}", stair - 1)
    }
}

impl Rules for Staircase {
    type Position = Vec<u64>;

    fn options(&self, p: &Vec<u64>) -> Result<Vec<Vec<u64>>, RulesError> {
        Ok(steps::options(self, p))
    }

    /// No counter left on any stair; the default built every option (a
    /// stair of 100,000 counters: 100,000 staircases each time the
    /// misère search asked, 5 s at a 0.05 s limit).
    fn is_terminal(&self, p: &Vec<u64>) -> Result<bool, RulesError> {
        Ok(p.iter().all(|&c| c == 0))
    }

    fn search_size(&self, p: &Vec<u64>) -> u128 {
        reachable_bound(p)
    }
}

impl Impartial for Staircase {
    /// The whole staircase without its empty top stairs (they change
    /// nothing), or nothing when no counter is left.
    fn components(&self, p: &Vec<u64>) -> Result<Vec<Vec<u64>>, RulesError> {
        Ok(match p.iter().rposition(|&c| c > 0) {
            Some(top) => vec![p[..=top].to_vec()],
            None => Vec::new(),
        })
    }

    fn closed_form(&self, p: &Vec<u64>) -> Option<Nimber> {
        Some(Nimber(odd_stair_xor(p)))
    }

    /// The product of the parts' search sizes: a bound on the sums
    /// stored, since parts never split.
    fn misere_size(&self, p: &Vec<u64>) -> u128 {
        misere_bound::product_of_parts(self, p)
    }
}

impl TextGame for Staircase {
    fn parse(&self, args: &[&str]) -> Result<Vec<u64>, ParseError> {
        let words = crate::mechanics::heaps::words(args);
        if words.is_empty() {
            return Err(ParseError::new(
                "no stairs given: write the counts on stairs 1, 2, ..., e.g. `2 1 3 2 4`",
            ));
        }
        crate::mechanics::heaps::check_count(words.len(), "stairs")?;
        let counts = words
            .iter()
            .enumerate()
            .map(|(i, w)| {
                parse_u64_in(w, 0, MAX_COUNTERS)
                    .map_err(|e| ParseError::new(format!("stair {}: {e}", i + 1)))
            })
            .collect::<Result<Vec<u64>, _>>()?;
        let total: u64 = counts.iter().sum();
        if total > MAX_COUNTERS {
            return Err(ParseError::new(format!(
                "{total} counters in all; at most {MAX_COUNTERS} are allowed"
            )));
        }
        Ok(counts)
    }

    fn format(&self, p: &Vec<u64>) -> String {
        crate::mechanics::heaps::format_heaps(p)
    }

    /// Stair by stair from stair 1, moving 1, 2, ... counters:
    /// `move 2 from stair 3 to stair 2`.
    fn moves(&self, p: &Vec<u64>) -> Result<Vec<Move<Vec<u64>>>, RulesError> {
        steps::moves(self, p)
    }

    fn moves_bound(&self, p: &Vec<u64>) -> u128 {
        p.iter().map(|&c| c as u128).sum()
    }

    fn theory(&self, p: &Vec<u64>, play: Play) -> Option<Theory<Vec<u64>>> {
        if play == Play::Misere {
            return None;
        }
        Some(Theory {
            method: "staircase nim: the XOR of the odd stairs".into(),
            outcome: Outcome::from_mover_wins(odd_stair_xor(p) != 0),
            winning_moves: winning_transfers(p)
                .into_iter()
                .map(|step| steps::labelled(self, p, &step))
                .collect(),
        })
    }
}

fn build(_opts: &GameOptions, limits: &Limits) -> Result<Family, GameError> {
    Ok(Adapter::new("staircase", Staircase, limits).family())
}

/// The `staircase` family.
pub const REGISTRATION: BuiltIn = BuiltIn {
    name: "staircase",
    rules: "move one or more counters from stair i down to stair i-1; stair 0 is out of play",
    syntax: "counts per stair from stair 1 (at most 100000 counters in all): `2 1 3 2 4`",
    example: "2 1 3 2 4",
    options: &[],
    build,
};
