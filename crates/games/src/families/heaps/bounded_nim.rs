//! Bounded nim: heap `i` may lose between 1 and `r_i` counters per move.
//! Positions are `size/limit` pairs: `7/3 5/2`.
//!
//! A heap of `n` with limit `r` has value `n mod (r+1)`. In misère play a
//! sum behaves as misère nim on those residues, so both conventions are
//! answered by theory and sizes up to 2^64-1 cost nothing. Proof: let S be
//! the misère nim P-set on residues (some residue > 1 and XOR 0, or all
//! residues <= 1 and XOR 1). A move changes one residue to any other value,
//! so from S it always leaves S (a residue > 1 with XOR 0 cannot become all
//! residues <= 1 with XOR 1, since the others would XOR to a value > 1;
//! from all <= 1 with XOR 1 either the XOR becomes 0 or a residue > 1
//! appears with a non-zero XOR). From outside S a move into S exists: the
//! misère nim move on residues when some residue exceeds 1, taking one
//! counter from a residue-1 heap when all residues are <= 1 with XOR 0, or,
//! when every residue is 0 but a heap is non-empty, taking `limit` counters
//! to leave residue 1. The finished position (all 0) is outside S, as misère
//! play requires. The tests also check this against direct misère search.
//! The same arithmetic serves [`super::bash`], where every limit is equal.

use crate::mechanics::heaps;
use crate::mechanics::steps::{self, Steps};
use grundy_api::{parse_u64_in, Adapter, BuiltIn, Family, GameOptions};
use grundy_engine::{
    GameError, Impartial, Limits, Move, Nimber, Outcome, ParseError, Play, Rules, RulesError,
    TextGame, Theory,
};

/// The largest limit: `limit + 1` must fit in 64 bits.
pub const MAX_LIMIT: u64 = u64::MAX - 1;

/// The value of a heap of `size` from which a move removes `1..=limit`.
pub fn heap_value(size: u64, limit: u64) -> u64 {
    size % (limit + 1)
}

/// The sizes a heap of `size` may be reduced to, ascending.
pub fn reachable(size: u64, limit: u64) -> std::ops::Range<u64> {
    size - size.min(limit)..size
}

/// The one size a heap may be reduced to whose value is `t`, if any: the
/// reachable sizes are fewer than `limit + 1` consecutive numbers, so at
/// most one has residue `t`.
pub fn reduce_to_value(size: u64, limit: u64, t: u64) -> Option<u64> {
    let range = reachable(size, limit);
    if range.is_empty() || t > limit || range.end - 1 < t {
        return None;
    }
    let hi = range.end - 1;
    let candidate = hi - (hi - t) % (limit + 1);
    (candidate >= range.start).then_some(candidate)
}

/// Normal-play winning moves of a sum of bounded heaps `(size, limit)`, as
/// (heap index from 0, new size), heap by heap.
pub fn normal_winning(p: &[(u64, u64)]) -> Vec<(usize, u64)> {
    let total = p.iter().fold(0, |acc, &(s, l)| acc ^ heap_value(s, l));
    if total == 0 {
        return Vec::new();
    }
    p.iter()
        .enumerate()
        .filter_map(|(i, &(s, l))| reduce_to_value(s, l, heap_value(s, l) ^ total).map(|n| (i, n)))
        .collect()
}

/// Whether the player to move loses the sum `p` in misère play: misère nim
/// on the residues.
pub fn misere_is_p(p: &[(u64, u64)]) -> bool {
    let residues: Vec<u64> = p.iter().map(|&(s, l)| heap_value(s, l)).collect();
    super::nim::misere_is_p(&residues)
}

/// Misère winning moves of `p`, as (heap index, new size), heap by heap.
/// As in misère nim, a move in heap `i` wins only by leaving residue `o`
/// (the XOR of the other residues) when another residue exceeds 1, and
/// residue `1 ^ o` otherwise; here residues may also rise, and a heap
/// reaches every residue but its own when it is large enough.
pub fn misere_winning(p: &[(u64, u64)]) -> Vec<(usize, u64)> {
    if misere_is_p(p) {
        return Vec::new();
    }
    let residues: Vec<u64> = p.iter().map(|&(s, l)| heap_value(s, l)).collect();
    let total = residues.iter().fold(0, |acc, &r| acc ^ r);
    let big = residues.iter().filter(|&&r| r > 1).count();
    let mut out = Vec::new();
    for (i, &(s, l)) in p.iter().enumerate() {
        let r = residues[i];
        let others = total ^ r;
        let target = if big - usize::from(r > 1) > 0 {
            others
        } else {
            1 ^ others
        };
        if let Some(n) = reduce_to_value(s, l, target) {
            out.push((i, n));
        }
    }
    out
}

/// Bounded nim; a position is the `(size, limit)` of each heap.
#[derive(Clone, Copy, Debug, Default)]
pub struct BoundedNim;

impl Steps for BoundedNim {
    /// Heap `i` (from 0) reduced to a size.
    type Step = (usize, u64);

    /// Heap by heap, each to its reachable sizes in increasing order.
    fn each_step(&self, p: &Vec<(u64, u64)>, mut visit: impl FnMut((usize, u64))) {
        for (i, &(s, l)) in p.iter().enumerate() {
            for to in reachable(s, l) {
                visit((i, to));
            }
        }
    }

    fn apply(&self, p: &Vec<(u64, u64)>, &(i, to): &(usize, u64)) -> Vec<(u64, u64)> {
        let mut q = p.clone();
        q[i].0 = to;
        q
    }

    fn label(&self, p: &Vec<(u64, u64)>, &(i, to): &(usize, u64)) -> String {
        heaps::move_label(i, p[i].0, &heaps::parts_of(to))
    }
}

impl Rules for BoundedNim {
    type Position = Vec<(u64, u64)>;

    fn options(&self, p: &Vec<(u64, u64)>) -> Result<Vec<Vec<(u64, u64)>>, RulesError> {
        Ok(steps::options(self, p))
    }

    fn search_size(&self, p: &Vec<(u64, u64)>) -> u128 {
        p.iter().map(|&(s, _)| s as u128 + 1).product()
    }
}

impl Impartial for BoundedNim {
    fn components(&self, p: &Vec<(u64, u64)>) -> Result<Vec<Vec<(u64, u64)>>, RulesError> {
        Ok(p.iter().filter(|h| h.0 > 0).map(|&h| vec![h]).collect())
    }

    fn closed_form(&self, p: &Vec<(u64, u64)>) -> Option<Nimber> {
        Some(p.iter().map(|&(s, l)| Nimber(heap_value(s, l))).sum())
    }
}

impl TextGame for BoundedNim {
    fn parse(&self, args: &[&str]) -> Result<Vec<(u64, u64)>, ParseError> {
        let words = heaps::words(args);
        if words.is_empty() {
            return Err(ParseError::new(
                "no heaps given: write each heap as size/limit, e.g. `7/3 5/2`",
            ));
        }
        heaps::check_count(words.len(), "heaps")?;
        words
            .iter()
            .enumerate()
            .map(|(i, w)| {
                let i = i + 1;
                let (size, limit) = w.split_once('/').ok_or_else(|| {
                    ParseError::new(format!(
                        "heap {i}: '{w}' is not size/limit (e.g. `7/3`: 7 counters, at most 3 taken a move)"
                    ))
                })?;
                let size = parse_u64_in(size, 0, u64::MAX)
                    .map_err(|e| ParseError::new(format!("heap {i} ('{w}'), size: {e}")))?;
                let limit = parse_u64_in(limit, 1, MAX_LIMIT)
                    .map_err(|e| ParseError::new(format!("heap {i} ('{w}'), limit: {e}")))?;
                Ok((size, limit))
            })
            .collect()
    }

    fn format(&self, p: &Vec<(u64, u64)>) -> String {
        p.iter()
            .map(|(s, l)| format!("{s}/{l}"))
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn moves(&self, p: &Vec<(u64, u64)>) -> Result<Vec<Move<Vec<(u64, u64)>>>, RulesError> {
        steps::moves(self, p)
    }

    fn moves_bound(&self, p: &Vec<(u64, u64)>) -> u128 {
        p.iter().map(|&(s, l)| s.min(l) as u128).sum()
    }

    fn theory(&self, p: &Vec<(u64, u64)>, play: Play) -> Option<Theory<Vec<(u64, u64)>>> {
        let (method, lost, winning) = match play {
            Play::Normal => (
                "Sprague-Grundy theorem: heap value = size mod (limit+1)",
                p.iter().fold(0, |acc, &(s, l)| acc ^ heap_value(s, l)) == 0,
                normal_winning(p),
            ),
            Play::Misere => (
                "misère nim on the residues size mod (limit+1) (tame game)",
                misere_is_p(p),
                misere_winning(p),
            ),
        };
        Some(Theory {
            method: method.into(),
            outcome: Outcome::from_mover_wins(!lost),
            winning_moves: winning
                .into_iter()
                .map(|step| steps::labelled(self, p, &step))
                .collect(),
        })
    }
}

fn build(_opts: &GameOptions, limits: &Limits) -> Result<Family, GameError> {
    Ok(Adapter::new("bounded-nim", BoundedNim, limits).family())
}

/// The `bounded-nim` family.
pub const REGISTRATION: BuiltIn = BuiltIn {
    name: "bounded-nim",
    rules: "heap i may lose between 1 and r_i counters per move",
    syntax: "heaps as size/limit (limit >= 1): `7/3 5/2`",
    example: "7/3 5/2",
    options: &[],
    build,
};
