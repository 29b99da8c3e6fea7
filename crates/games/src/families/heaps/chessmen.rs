//! Chessmen on a line: pieces on cells 1, 2, 3, ...; a move takes one
//! piece left by at least one cell, never onto or past the piece to its
//! left and never below cell 1. Positions are the occupied cells: `1 5 6`.
//!
//! Pair the pieces from the right (an odd leftmost piece pairs with cell
//! 0): the value is the XOR of the gaps inside the pairs. This is staircase
//! nim ([`super::staircase`]) on the gaps: the gap left of the `s`-th piece
//! from the right is stair `s`, and moving that piece left by `d` moves `d`
//! from stair `s` to stair `s-1` (the gap on its right). Normal play is
//! answered by that theory; misère play by the engine's search.

use super::staircase;
use crate::mechanics::misere_bound;
use crate::mechanics::steps::{self, Steps};
use grundy_api::{parse_u64_in, Adapter, BuiltIn, Family, GameOptions};
use grundy_engine::{
    GameError, Impartial, Limits, Move, Nimber, Outcome, ParseError, Play, Rules, RulesError,
    TextGame, Theory,
};

/// The highest cell a piece may stand on. A position has one move per
/// empty cell left of a piece, so this bounds each step of search.
pub const MAX_CELL: u64 = 100_000;

/// The staircase of a position: `stairs[s-1]` is the gap left of the
/// `s`-th piece from the right (cells are sorted and distinct).
pub fn stairs(cells: &[u64]) -> Vec<u64> {
    let mut left = 0;
    let mut gaps: Vec<u64> = cells
        .iter()
        .map(|&c| {
            let g = c - left - 1;
            left = c;
            g
        })
        .collect();
    gaps.reverse();
    gaps
}

/// Chessmen on a line; a position is the occupied cells, increasing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Chessmen;

impl Steps for Chessmen {
    /// Piece `j` (from 0, left to right) moved to a cell.
    type Step = (usize, u64);

    /// Piece by piece from the left, each to its destinations in
    /// increasing order.
    fn each_step(&self, p: &Vec<u64>, mut visit: impl FnMut((usize, u64))) {
        let mut left = 0;
        for (j, &c) in p.iter().enumerate() {
            for to in left + 1..c {
                visit((j, to));
            }
            left = c;
        }
    }

    fn apply(&self, p: &Vec<u64>, &(j, to): &(usize, u64)) -> Vec<u64> {
        let mut next = p.clone();
        next[j] = to;
        next
    }

    fn label(&self, p: &Vec<u64>, &(j, to): &(usize, u64)) -> String {
        format!("piece on {} -> {to}", p[j])
    }
}

impl Rules for Chessmen {
    type Position = Vec<u64>;

    fn options(&self, p: &Vec<u64>) -> Result<Vec<Vec<u64>>, RulesError> {
        Ok(steps::options(self, p))
    }

    /// No move exactly when every piece is packed to the left: no empty
    /// cell lies left of a piece (tested without listing the moves).
    fn is_terminal(&self, p: &Vec<u64>) -> Result<bool, RulesError> {
        Ok(p.iter().enumerate().all(|(j, &c)| c == j as u64 + 1))
    }

    fn search_size(&self, p: &Vec<u64>) -> u128 {
        staircase::reachable_bound(&stairs(p))
    }
}

impl Impartial for Chessmen {
    /// The whole line, or nothing when every piece is packed to the left.
    fn components(&self, p: &Vec<u64>) -> Result<Vec<Vec<u64>>, RulesError> {
        Ok(if stairs(p).iter().all(|&g| g == 0) {
            Vec::new()
        } else {
            vec![p.clone()]
        })
    }

    fn closed_form(&self, p: &Vec<u64>) -> Option<Nimber> {
        Some(Nimber(staircase::odd_stair_xor(&stairs(p))))
    }

    /// The product of the parts' search sizes: a bound on the sums
    /// stored, since parts never split.
    fn misere_size(&self, p: &Vec<u64>) -> u128 {
        misere_bound::product_of_parts(self, p)
    }
}

impl TextGame for Chessmen {
    fn parse(&self, args: &[&str]) -> Result<Vec<u64>, ParseError> {
        let words = crate::mechanics::heaps::words(args);
        if words.is_empty() {
            return Err(ParseError::new(
                "no pieces given: write the occupied cells, e.g. `1 5 6`",
            ));
        }
        crate::mechanics::heaps::check_count(words.len(), "pieces")?;
        let mut cells = words
            .iter()
            .enumerate()
            .map(|(i, w)| {
                parse_u64_in(w, 1, MAX_CELL).map_err(|e| {
                    ParseError::new(format!("piece {} (cells start at 1): {e}", i + 1))
                })
            })
            .collect::<Result<Vec<u64>, _>>()?;
        cells.sort_unstable();
        if let Some(w) = cells.windows(2).find(|w| w[0] == w[1]) {
            return Err(ParseError::new(format!(
                "two pieces on cell {}: a cell holds at most one piece",
                w[0]
            )));
        }
        Ok(cells)
    }

    fn format(&self, p: &Vec<u64>) -> String {
        crate::mechanics::heaps::format_heaps(p)
    }

    /// In the order of [`Steps::each_step`]: `piece on 5 -> 2`.
    fn moves(&self, p: &Vec<u64>) -> Result<Vec<Move<Vec<u64>>>, RulesError> {
        steps::moves(self, p)
    }

    fn moves_bound(&self, p: &Vec<u64>) -> u128 {
        stairs(p).iter().map(|&g| g as u128).sum()
    }

    fn theory(&self, p: &Vec<u64>, play: Play) -> Option<Theory<Vec<u64>>> {
        if play == Play::Misere {
            return None;
        }
        let s = stairs(p);
        let k = p.len();
        // Stair s is piece k - s (from 0); the staircase lists stairs
        // upwards, which is pieces from the right, so reverse the list.
        let mut winning: Vec<Move<Vec<u64>>> = staircase::winning_transfers(&s)
            .into_iter()
            .map(|(stair, d)| {
                let j = k - stair;
                steps::labelled(self, p, &(j, p[j] - d))
            })
            .collect();
        winning.reverse();
        Some(Theory {
            method: "pairs from the right, nim on the gaps inside pairs (staircase nim)".into(),
            outcome: Outcome::from_mover_wins(staircase::odd_stair_xor(&s) != 0),
            winning_moves: winning,
        })
    }
}

fn build(_opts: &GameOptions, limits: &Limits) -> Result<Family, GameError> {
    Ok(Adapter::new("chessmen", Chessmen, limits).family())
}

/// The `chessmen` family.
pub const REGISTRATION: BuiltIn = BuiltIn {
    name: "chessmen",
    rules: "move one piece left by at least one cell, never onto or past the piece to its left, never below cell 1",
    syntax: "the occupied cells, from 1 (up to 100000): `1 5 6`",
    example: "1 5 6",
    options: &[],
    build,
};
