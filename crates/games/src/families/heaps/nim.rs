//! Nim: take any positive number of counters from one heap.
//!
//! A heap of `n` has value `n` and a sum has the XOR of its heaps (Bouton).
//! Both conventions are answered by theory, so heaps up to `u64::MAX` cost
//! nothing: normal play by the nim-sum, misère play by the misère nim
//! theorem (P iff some heap exceeds 1 and the XOR is 0, or every heap is at
//! most 1 and the XOR is 1).

use crate::mechanics::formula::formula_seq;
use crate::mechanics::heaps;
use grundy_api::{Adapter, BuiltIn, Family, GameOptions};
use grundy_engine::{
    GameError, Impartial, Limits, Move, Nimber, Outcome, ParseError, Play, Rules, RulesError,
    TextGame, Theory,
};

/// Nim on any number of heaps; a position is the heap sizes.
#[derive(Clone, Copy, Debug, Default)]
pub struct Nim;

/// What a nim heap of `n` may leave: `0, 1, ..., n-1` counters.
fn take_any(n: u64) -> Vec<Vec<u64>> {
    (0..n).map(heaps::parts_of).collect()
}

fn xor(p: &[u64]) -> u64 {
    p.iter().fold(0, |acc, &h| acc ^ h)
}

/// Whether the player to move loses `p` in misère nim.
pub fn misere_is_p(p: &[u64]) -> bool {
    let x = xor(p);
    if p.iter().any(|&h| h > 1) {
        x == 0
    } else {
        x == 1
    }
}

/// Every misère winning move of `p`, heap by heap. Reducing heap `i` to
/// `h'` leaves a P-position only if: when another heap exceeds 1, the XOR
/// becomes 0 (`h'` = XOR of the others); otherwise every heap ends at most 1
/// (a larger `h'` would need XOR 0 with all others below 2, impossible) with
/// XOR 1. So each heap has at most one winning move.
fn misere_winning_moves(p: &[u64]) -> Vec<Move<Vec<u64>>> {
    let total = xor(p);
    let big = p.iter().filter(|&&h| h > 1).count();
    let mut out = Vec::new();
    for (i, &h) in p.iter().enumerate() {
        let others = total ^ h;
        let big_others = big - usize::from(h > 1);
        let target = if big_others > 0 { others } else { 1 ^ others };
        if target < h {
            out.push(heaps::heap_move(p, i, &heaps::parts_of(target)));
        }
    }
    out
}

impl Rules for Nim {
    type Position = Vec<u64>;

    fn options(&self, p: &Vec<u64>) -> Result<Vec<Vec<u64>>, RulesError> {
        Ok(heaps::options_by_heap(p, take_any))
    }

    /// Over when every heap is empty: any counter can be taken.
    fn is_terminal(&self, p: &Vec<u64>) -> Result<bool, RulesError> {
        Ok(heaps::all_empty(p))
    }

    fn search_size(&self, p: &Vec<u64>) -> u128 {
        // A search from a heap of n meets heaps 0..=n.
        p.iter().map(|&h| h as u128 + 1).product()
    }
}

impl Impartial for Nim {
    fn components(&self, p: &Vec<u64>) -> Result<Vec<Vec<u64>>, RulesError> {
        Ok(heaps::components(p))
    }

    fn closed_form(&self, p: &Vec<u64>) -> Option<Nimber> {
        Some(Nimber(xor(p)))
    }

    fn closed_form_source(&self, p: &Vec<u64>) -> Option<String> {
        Some(match p.as_slice() {
            [n] => format!("a nim heap of {n} is worth {n}"),
            _ => "the nim-sum of the heaps".to_string(),
        })
    }
}

impl TextGame for Nim {
    fn parse(&self, args: &[&str]) -> Result<Vec<u64>, ParseError> {
        heaps::parse_heaps(args, u64::MAX)
    }

    fn format(&self, p: &Vec<u64>) -> String {
        heaps::format_heaps(p)
    }

    fn moves(&self, p: &Vec<u64>) -> Result<Vec<Move<Vec<u64>>>, RulesError> {
        heaps::moves_by_heap(p, take_any)
    }

    fn moves_bound(&self, p: &Vec<u64>) -> u128 {
        p.iter().map(|&h| h as u128).sum()
    }

    /// `HEAP COUNT`: `2 3` takes 3 counters from heap 2 ([`heaps::read_take`]).
    fn read_move(
        &self,
        p: &Vec<u64>,
        words: &[&str],
    ) -> Option<Result<Move<Vec<u64>>, ParseError>> {
        heaps::read_take_move(p, words, u64::MAX)
    }

    fn move_notation(&self, p: &Vec<u64>) -> Option<String> {
        Some(heaps::take_notation(p))
    }

    fn theory(&self, p: &Vec<u64>, play: Play) -> Option<Theory<Vec<u64>>> {
        Some(match play {
            Play::Normal => Theory {
                method: "Bouton's theorem: P iff the XOR of the heaps is 0".into(),
                outcome: Outcome::from_mover_wins(xor(p) != 0),
                winning_moves: heaps::winning_moves_by_value(
                    p,
                    |n| n,
                    |n, t| {
                        if t < n {
                            vec![heaps::parts_of(t)]
                        } else {
                            Vec::new()
                        }
                    },
                ),
            },
            Play::Misere => {
                let lost = misere_is_p(p);
                Theory {
                    method: "misère nim theorem: P iff (some heap > 1 and XOR = 0) \
                             or (all heaps <= 1 and XOR = 1)"
                        .into(),
                    outcome: Outcome::from_mover_wins(!lost),
                    winning_moves: if lost {
                        Vec::new()
                    } else {
                        misere_winning_moves(p)
                    },
                }
            }
        })
    }
}

fn build(_opts: &GameOptions, limits: &Limits) -> Result<Family, GameError> {
    Ok(Adapter::new("nim", Nim, limits)
        .with_seq(formula_seq(|n| n, None))
        .with_heaps(|k| vec![k])
        .with_heap_quotient(None, crate::mechanics::heaps::one_heap)
        .with_notation()
        .family())
}

/// The `nim` family.
pub const REGISTRATION: BuiltIn = BuiltIn {
    name: "nim",
    rules: "take any positive number of counters from one heap",
    syntax: "heap sizes (each up to 2^64-1): `3 4 5`",
    example: "3 4 5",
    options: &[],
    build,
};
