//! Lasker's nim: take any positive number of counters from one heap, or
//! split one heap into two non-empty heaps.
//!
//! A heap of `n` has value `n` when `n mod 4` is 1 or 2, `n + 1` when it is
//! 3 and `n - 1` when it is 0 (a permutation of the naturals that swaps
//! `4k+3` and `4k+4`). Normal play is answered by theory; misère play by
//! the engine's search.

use crate::mechanics::formula::formula_seq;
use crate::mechanics::heaps;
use crate::mechanics::misere_bound;
use grundy_api::{Adapter, BuiltIn, Family, GameOptions};
use grundy_engine::{
    GameError, Impartial, Limits, Move, Nimber, Outcome, ParseError, Play, Rules, RulesError,
    TextGame, Theory,
};

/// The largest heap accepted. Every winning move is listed and a heap of
/// `n` has about `n/2` splits, so the listing (and any search) stays
/// proportionate to the heaps.
pub const MAX_HEAP: u64 = 100_000;

/// The value of a heap of `n`.
pub fn heap_value(n: u64) -> u64 {
    match n % 4 {
        0 => n.saturating_sub(1),
        3 => n + 1,
        _ => n,
    }
}

/// The heap whose value is `v`: [`heap_value`] is its own inverse.
fn heap_with_value(v: u64) -> u64 {
    heap_value(v)
}

/// An upper bound on the sums a misère search of `p` meets (at least that
/// many when it exceeds 10^17): see [`misere_bound::splitting`], since a
/// Lasker move never merges heaps nor adds counters.
pub fn misere_size(p: &[u64]) -> u128 {
    misere_bound::splitting(p)
}

/// Lasker's nim; a position is the heap sizes.
#[derive(Clone, Copy, Debug, Default)]
pub struct Lasker;

/// What a heap of `n` may leave: `0..n` counters (ascending), then the
/// splits `a + (n-a)` for `a = 1..=n/2`.
fn rule(n: u64) -> Vec<Vec<u64>> {
    let takes = (0..n).map(heaps::parts_of);
    let splits = (1..=n / 2).map(|a| vec![a, n - a]);
    takes.chain(splits).collect()
}

/// The options of a heap of `n` with value `t`, in [`rule`]'s order.
fn options_with_value(n: u64, t: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    let k = heap_with_value(t);
    if k < n {
        out.push(heaps::parts_of(k));
    }
    for a in 1..=n / 2 {
        if heap_value(a) ^ heap_value(n - a) == t {
            out.push(vec![a, n - a]);
        }
    }
    out
}

impl Rules for Lasker {
    type Position = Vec<u64>;

    fn options(&self, p: &Vec<u64>) -> Result<Vec<Vec<u64>>, RulesError> {
        Ok(heaps::options_by_heap(p, rule))
    }

    /// Over when every heap is empty: any counter can be taken.
    fn is_terminal(&self, p: &Vec<u64>) -> Result<bool, RulesError> {
        Ok(heaps::all_empty(p))
    }

    fn search_size(&self, p: &Vec<u64>) -> u128 {
        // Splits are separate components, so a search meets single heaps only.
        p.iter().map(|&n| n as u128 + 1).sum()
    }
}

impl Impartial for Lasker {
    fn components(&self, p: &Vec<u64>) -> Result<Vec<Vec<u64>>, RulesError> {
        Ok(heaps::components(p))
    }

    fn closed_form(&self, p: &Vec<u64>) -> Option<Nimber> {
        Some(p.iter().map(|&n| Nimber(heap_value(n))).sum())
    }

    /// Lasker's split bound (see [`misere_size`]).
    fn misere_size(&self, p: &Vec<u64>) -> u128 {
        misere_size(p)
    }
}

impl TextGame for Lasker {
    fn parse(&self, args: &[&str]) -> Result<Vec<u64>, ParseError> {
        heaps::parse_heaps(args, MAX_HEAP)
    }

    fn format(&self, p: &Vec<u64>) -> String {
        heaps::format_heaps(p)
    }

    fn moves(&self, p: &Vec<u64>) -> Result<Vec<Move<Vec<u64>>>, RulesError> {
        heaps::moves_by_heap(p, rule)
    }

    fn moves_bound(&self, p: &Vec<u64>) -> u128 {
        p.iter().map(|&n| (n + n / 2) as u128).sum()
    }

    fn theory(&self, p: &Vec<u64>, play: Play) -> Option<Theory<Vec<u64>>> {
        if play == Play::Misere {
            return None;
        }
        let total = p.iter().fold(0, |acc, &n| acc ^ heap_value(n));
        Some(Theory {
            method: "Sprague-Grundy theorem with Lasker's values \
                     (n mod 4 = 1, 2: n; 3: n+1; 0: n-1)"
                .into(),
            outcome: Outcome::from_mover_wins(total != 0),
            winning_moves: heaps::winning_moves_by_value(p, heap_value, options_with_value),
        })
    }
}

fn build(_opts: &GameOptions, limits: &Limits) -> Result<Family, GameError> {
    // The values grow with n (period 4 with saltus 4): no pure period.
    Ok(Adapter::new("lasker", Lasker, limits)
        .with_seq(formula_seq(heap_value, None))
        .with_heaps(|k| vec![k])
        .with_heap_quotient(None, crate::mechanics::heaps::one_heap)
        .family())
}

/// The `lasker` family.
pub const REGISTRATION: BuiltIn = BuiltIn {
    name: "lasker",
    rules: "take any positive number of counters from one heap, or split a heap into two non-empty heaps",
    syntax: "heap sizes (each up to 100000): `3 5 7`",
    example: "3 5 7",
    options: &[],
    build,
};
