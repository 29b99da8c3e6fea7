//! Tests of [`crate::sample`] against quotients grown by
//! [`crate::heaps`]: in a file of their own, so that `sample` never
//! imports `heaps` (which imports it).

use crate::grow::{Budget, HeapOptions};
use crate::heaps::{grow, HeapGame};
use crate::sample::*;
use grundy_engine::Limits;
use grundy_sequence::{HeapRule, TakeBreak};
use std::collections::HashMap;

struct Code(HeapRule);

impl HeapGame for Code {
    fn options(&self, n: usize, f: &mut dyn FnMut(&[usize])) {
        self.0.for_each_option(n, |p| f(p));
    }
    fn period_reach(&self) -> Option<u64> {
        None
    }
}

fn code(text: &str) -> Code {
    Code(HeapRule::TakeBreak(TakeBreak::parse(text).expect("a code")))
}

fn options(game: &Code, max: usize) -> HeapOptions {
    (0..=max)
        .map(|n| {
            let mut opts = Vec::new();
            game.options(n, &mut |p| opts.push(p.iter().map(|&h| h as u32).collect()));
            opts
        })
        .collect()
}

/// Misère search of a whole sorted sum, from the rule alone: lost
/// when it has a move and every move leads to a won sum.
fn lost(options: &HeapOptions, pos: &[u32], memo: &mut HashMap<Vec<u32>, bool>) -> bool {
    if let Some(&r) = memo.get(pos) {
        return r;
    }
    let mut any = false;
    let mut won = false;
    for i in 0..pos.len() {
        for o in &options[pos[i] as usize] {
            any = true;
            let mut next: Vec<u32> = pos[..i].iter().chain(&pos[i + 1..]).copied().collect();
            next.extend(o.iter().copied());
            next.sort_unstable();
            won |= lost(options, &next, memo);
        }
    }
    let r = any && !won;
    memo.insert(pos.to_vec(), r);
    r
}

/// The outcomes sampling reads off the quotient of the smaller heaps
/// and searches for the rest are those of a plain search, for every
/// sum of heaps 1..=n up to 22 counters, on codes whose last heap
/// needs a new generator (0.71 at heap 8: the sampled heap) or not.
#[test]
fn sampled_outcomes_are_those_of_a_plain_search() {
    for (text, n) in [("0.71", 8), ("0.144", 12), ("0.07", 14), ("4.7", 9)] {
        let game = code(text);
        let below = grow(&game, n - 1, &Limits::default()).expect("small");
        let opts = options(&game, n);
        let mut outcomes = Outcomes::with_stand_ins(&below.candidate, &opts, false);
        let mut budget = Budget::start(&Limits::default());
        let mut memo = HashMap::new();
        let all = sums(n as u32, 22);
        let searched = all.iter().filter(|s| s.contains(&(n as u32))).count();
        assert!(searched > 30, "{text}: {searched}");
        for pos in all {
            let got = outcomes.lost(&pos, &mut budget).expect("limits");
            assert_eq!(got, Some(lost(&opts, &pos, &mut memo)), "{text}: {pos:?}");
        }
    }
}

/// For 0.71 at heap 8, where no guessed shape passes, the sampled
/// candidate is the quotient: the exact check passes it, and it is
/// of order 36.
#[test]
fn the_sampled_candidate_of_0_71_at_heap_8_is_its_quotient() {
    let game = code("0.71");
    let below = grow(&game, 7, &Limits::default()).expect("small");
    let opts = options(&game, 8);
    let mut budget = Budget::start(&Limits::default());
    let guess = sampled(&below.candidate, &opts, 8, &mut budget)
        .expect("limits")
        .expect("a candidate");
    let round = crate::grow::refine(&guess, &opts, &mut budget).expect("limits");
    assert!(round.faithful);
    assert_eq!(round.next.monoid.order(), 36);
}

/// The same outcomes asked for largest sum first, and each from a fresh
/// memo: the search then settles a sum's later moves while it searches
/// its earlier ones, and must read them back (a move skipped as "not
/// lost" once made 27 of these wrong on 0.71).
#[test]
fn sampled_outcomes_do_not_depend_on_the_order_asked() {
    for (text, n) in [("0.71", 8), ("0.144", 12), ("0.07", 14)] {
        let game = code(text);
        let below = grow(&game, n - 1, &Limits::default()).expect("small");
        let opts = options(&game, n);
        let mut budget = Budget::start(&Limits::default());
        let mut memo = HashMap::new();
        let mut all = sums(n as u32, 20);
        all.reverse();
        let mut shared = Outcomes::with_stand_ins(&below.candidate, &opts, false);
        for (i, pos) in all.iter().enumerate() {
            let want = Some(lost(&opts, pos, &mut memo));
            let got = shared.lost(pos, &mut budget).expect("limits");
            assert_eq!(got, want, "{text}, shared memo: {pos:?}");
            if i % 7 == 0 {
                let mut fresh = Outcomes::with_stand_ins(&below.candidate, &opts, false);
                let got = fresh.lost(pos, &mut budget).expect("limits");
                assert_eq!(got, want, "{text}, fresh memo: {pos:?}");
            }
        }
    }
}
