//! The check by triples against the reference check by pairs: every
//! code 0.x, 0.xy, 0.xyz (the 511 octal digit strings of one to three
//! digits whose last digit is not zero) grown to heap 8 both ways gives
//! the same quotient, element for element (through a smaller heap for
//! the codes the pairs cannot reach heap 8 with in 20,000 pairs a round).

use crate::{code as game, Code};
use grundy_engine::{Limits, SearchError};
use grundy_quotient::{grow_checked, Check, HeapGame, HeapQuotient as Quotient};

/// The 511 codes: `0.` and one to three octal digits, the last nonzero.
fn codes() -> Vec<String> {
    let mut out = Vec::new();
    for len in 1..=3u32 {
        for v in 0..8usize.pow(len) {
            let digits: String = (0..len)
                .rev()
                .map(|i| char::from(b'0' + (v / 8usize.pow(i) % 8) as u8))
                .collect();
            if !digits.ends_with('0') {
                out.push(format!("0.{digits}"));
            }
        }
    }
    out
}

/// The two quotients, compared field by field.
fn same(text: &str, a: &Quotient, b: &Quotient) {
    assert_eq!(a.candidate, b.candidate, "{text}: monoid, P, phi");
    assert_eq!(a.orders, b.orders, "{text}: orders");
    assert_eq!(a.period, b.period, "{text}: period");
    assert_eq!(a.solved, b.solved, "{text}: solved");
    assert_eq!(a.max_heap, b.max_heap, "{text}: max heap");
    assert_eq!(a.last_change, b.last_change, "{text}: last change");
}

/// The most pairs one round of the reference check may enumerate here.
const PAIRS: u64 = 20_000;

/// Some codes are out of reach of the pairs by heap 8 in reasonable
/// time (0.35, 0.64…, 0.71…, about 40 of the 511): the pairs get
/// [`PAIRS`] pairs a round (a state limit, not a time limit, so the codes
/// cut short are the same on every machine and at every load), and each
/// code is compared through the last heap they prove (at least heap 4;
/// every other code through heap 8 or the heap where it is solved).
#[test]
fn triples_and_pairs_grow_the_same_quotient_for_every_short_code() {
    let codes = codes();
    assert_eq!(codes.len(), 511);
    let quick = Limits {
        max_states: PAIRS,
        max_time: None,
        ..Limits::default()
    };
    let mut short = Vec::new();
    for text in &codes {
        let game = game(text);
        // The pairs to heap 8 (or where the code is solved); a code the
        // pair limit stops is grown again through the last heap proven.
        let (pairs, reach) = match grow_checked(&game, 8, &quick, Check::Sets) {
            Ok(q) => (q, 8),
            Err(SearchError::QuotientStopped { proven, .. }) => {
                let proven = proven as usize;
                short.push((text.as_str(), proven));
                let q = grow_checked(&game, proven, &quick, Check::Sets)
                    .unwrap_or_else(|e| panic!("{text}: pairs through heap {proven}: {e}"));
                (q, proven)
            }
            Err(e) => panic!("{text}: {e}"),
        };
        let triples = grow_checked(&game, reach, &Limits::default(), Check::Triples)
            .unwrap_or_else(|e| panic!("{text}: triples: {e}"));
        same(text, &triples, &pairs);
    }
    eprintln!("stopped by the pair limit (heap proven): {short:?}");
    assert!(short.len() < 80, "{short:?}");
}

/// Heap `0..=max`'s options of `game` as the quotient crate lists them.
fn options(game: &Code, max: usize) -> grundy_quotient::grow::HeapOptions {
    (0..=max)
        .map(|n| {
            let mut opts = Vec::new();
            game.options(n, &mut |p| {
                opts.push(p.iter().map(|&h| h as u32).collect());
            });
            opts
        })
        .collect()
}

/// Past [`grundy_quotient::grow::PAIRS_FROM`] elements the growth checks
/// by pairs: one round of each check on candidates that large (Kayles'
/// quotient of heaps 0..=k with heap k+1 a new generator of a long cycle,
/// faithful or not) gives the same next candidate and the same verdict.
#[test]
fn every_check_gives_the_same_round_on_large_candidates() {
    use grundy_engine::Budget;
    use grundy_quotient::grow::{refine_with, PAIRS_FROM};
    let kayles = game("0.77");
    for (k, (m, p)) in [(12, (6, 18)), (20, (2, 24)), (30, (6, 12))] {
        let q = grundy_quotient::grow(&kayles, k, &Limits::default()).expect("Kayles");
        let mut cand = q.candidate.clone();
        cand.phi.push(0);
        let cand = cand
            .adjoin(m, p, &mut Budget::start(&Limits::default()))
            .expect("memory")
            .assign_p(&options(&kayles, k + 1));
        assert!(cand.monoid.order() >= PAIRS_FROM, "{}", cand.monoid.order());
        let opts = options(&kayles, k + 1);
        let rounds: Vec<_> = [Check::ByOrder, Check::Triples, Check::Sets]
            .into_iter()
            .map(|c| {
                let mut budget = Budget::start(&Limits::default());
                refine_with(&cand, &opts, &mut budget, c).expect("within the limits")
            })
            .collect();
        for r in &rounds[1..] {
            assert_eq!(r.next, rounds[0].next, "heap {k}");
            assert_eq!(r.faithful, rounds[0].faithful, "heap {k}");
        }
    }
}

/// A round of [`Check::ByOrder`] decides a candidate that passes without
/// enumerating its triples (union and intersection of the `S` of each
/// `(x, a)`, a dataflow fixed point): on every guess the growth makes at
/// heaps 1..=14 of codes with wild and tame quotients (heap n as each
/// element of Q_(n-1), or as a new generator of a cyclic shape), faithful
/// or not, it gives the round the enumeration of the triples gives.
#[test]
fn the_check_without_enumeration_agrees_with_the_triples_on_every_guess() {
    use grundy_engine::Budget;
    use grundy_quotient::grow::refine_with;
    let (mut passed, mut failed) = (0, 0);
    for code in ["0.07", "0.54", "0.56", "0.04", "4.7", "0.137"] {
        let g = game(code);
        for n in 1..=14 {
            let q = grundy_quotient::grow(&g, n - 1, &Limits::default()).expect("small heaps");
            let opts = options(&g, n);
            let mut guesses = Vec::new();
            for x in 0..q.candidate.monoid.order() as u32 {
                let mut cand = q.candidate.clone();
                cand.phi.push(x);
                guesses.push(cand);
            }
            for (m, p) in [(0, 2), (1, 2), (2, 2)] {
                let mut base = q.candidate.clone();
                base.phi.push(0);
                let cand = base
                    .adjoin(m, p, &mut Budget::start(&Limits::default()))
                    .expect("memory");
                guesses.push(cand.clone());
                guesses.push(cand.assign_p(&opts));
            }
            for cand in guesses {
                let rounds: Vec<_> = [Check::ByOrder, Check::Triples]
                    .into_iter()
                    .map(|c| {
                        let mut budget = Budget::start(&Limits::default());
                        refine_with(&cand, &opts, &mut budget, c).expect("within the limits")
                    })
                    .collect();
                assert_eq!(rounds[0].faithful, rounds[1].faithful, "{code} heap {n}");
                assert_eq!(rounds[0].next, rounds[1].next, "{code} heap {n}");
                if rounds[0].faithful {
                    passed += 1;
                } else {
                    failed += 1;
                }
            }
        }
    }
    assert!(
        passed > 50 && failed > 500,
        "{passed} passed, {failed} failed"
    );
}
