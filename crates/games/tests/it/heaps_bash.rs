//! Bash and bounded nim (games.md section 2): value n mod (m+1), the
//! counting game, and both plays' theory against search.

use crate::heaps_common::*;
use grundy_engine::{Outcome, Play};
use grundy_games::bash::{self, Bash};
use grundy_games::bounded_nim::{self, BoundedNim};
use std::sync::Arc;

fn bash_positions() -> Vec<Vec<u64>> {
    let mut out = heap_lists(1, 14);
    out.extend(heap_lists(2, 9));
    out.extend(heap_lists(3, 5));
    out
}

/// Every list of up to three heaps `size/limit` with sizes <= `max` and
/// limits in 1..=3.
fn bounded_positions(max: u64) -> Vec<Vec<(u64, u64)>> {
    let heaps: Vec<(u64, u64)> = (0..=max)
        .flat_map(|s| (1..=3).map(move |l| (s, l)))
        .collect();
    let mut out: Vec<Vec<(u64, u64)>> = heaps.iter().map(|&h| vec![h]).collect();
    for &a in &heaps {
        for &b in &heaps {
            out.push(vec![a, b]);
            if a.0 <= 3 && b.0 <= 3 {
                for &c in heaps.iter().filter(|h| h.0 <= 4) {
                    out.push(vec![a, b, c]);
                }
            }
        }
    }
    out
}

#[test]
fn value_is_n_mod_m_plus_one() {
    for m in 1..=5 {
        let g = Arc::new(Bash::new(m).unwrap());
        closed_form_matches(&g, &bash_positions());
        for n in 0..40u64 {
            let a = analyze(
                bash::REGISTRATION,
                &[("max", &m.to_string())],
                &[&n.to_string()],
                Play::Normal,
            )
            .unwrap();
            assert_eq!(a.value, Some(n % (m + 1)), "m={m} n={n}");
        }
    }
}

/// "Count to 100": from a running total s, players add 1..=10; whoever says
/// 100 wins. Solved here directly on totals, then compared with bash
/// `--max 10` on the heap `100 - s`.
#[test]
fn count_to_100_is_bash_with_m_10() {
    let mut mover_wins = [false; 101];
    for s in (0..100usize).rev() {
        mover_wins[s] = (1..=10).any(|k| s + k <= 100 && !mover_wins[s + k]);
    }
    let family = build(bash::REGISTRATION, &[("max", "10")]).unwrap();
    assert_eq!(family.name(), "bash --max 10");
    for (s, &wins) in mover_wins.iter().enumerate() {
        let heap = (100 - s).to_string();
        let a = family.analyze(&[&heap], Play::Normal).unwrap();
        assert_eq!(a.outcome == Outcome::N, wins, "total {s}");
    }
    // The first player says 1 (heap 100 -> 99), then keeps to 12, 23, ..., 89.
    let a = family.analyze(&["100"], Play::Normal).unwrap();
    assert_eq!(a.winning_moves.len(), 1);
    assert_eq!(a.winning_moves[0].label, "heap 1: 100 -> 99");
    for s in [12u64, 23, 34, 45, 56, 67, 78, 89, 100] {
        let a = family
            .analyze(&[&(100 - s).to_string()], Play::Normal)
            .unwrap();
        assert_eq!(a.outcome, Outcome::P, "total {s} should be a safe total");
    }
}

#[test]
fn bash_theory_is_search_in_both_plays() {
    for m in 1..=4 {
        let g = Arc::new(Bash::new(m).unwrap());
        theory_matches(&g, &bash_positions(), Play::Normal);
        theory_matches(&g, &bash_positions(), Play::Misere);
    }
}

#[test]
fn bounded_nim_closed_form_and_theory_are_search() {
    let g = Arc::new(BoundedNim);
    let positions = bounded_positions(7);
    closed_form_matches(&g, &positions);
    theory_matches(&g, &positions, Play::Normal);
    theory_matches(&g, &positions, Play::Misere);
}

#[test]
fn bounded_nim_example() {
    let a = analyze(
        bounded_nim::REGISTRATION,
        &[],
        &["7/3", "5/2"],
        Play::Normal,
    )
    .unwrap();
    assert_eq!(a.value, Some((7 % 4) ^ (5 % 3)));
    assert_eq!(a.outcome, Outcome::N);
    let labels: Vec<&str> = a.winning_moves.iter().map(|m| m.label.as_str()).collect();
    // Values 3 and 2: heap 1 to value 2 (7 -> 6), heap 2 to value 3 is
    // impossible (values of 5/2 are below 3).
    assert_eq!(labels, ["heap 1: 7 -> 6"]);
    assert_eq!(a.winning_moves[0].to, "6/3 5/2");
}

#[test]
fn huge_heaps_are_instant() {
    let big = u64::MAX.to_string();
    for play in [Play::Normal, Play::Misere] {
        let a = analyze(
            bash::REGISTRATION,
            &[("max", "1000000007")],
            &[&big, "99999999999999"],
            play,
        )
        .unwrap();
        for m in &a.winning_moves {
            let back =
                analyze(bash::REGISTRATION, &[("max", "1000000007")], &[&m.to], play).unwrap();
            assert_eq!(back.outcome, Outcome::P, "{play} {}", m.to);
        }
        let heap = format!("{big}/{}", bounded_nim::MAX_LIMIT);
        // Residues 0 and 1: N in normal play, P in misère play.
        let b = analyze(bounded_nim::REGISTRATION, &[], &[&heap, "5/1"], play).unwrap();
        let expected = match play {
            Play::Normal => Outcome::N,
            Play::Misere => Outcome::P,
        };
        assert_eq!(b.outcome, expected, "{play}");
    }
}

#[test]
fn text_contracts() {
    let g = Bash::new(3).unwrap();
    for p in bash_positions() {
        round_trip(&g, &p);
        moves_are_options(&g, &p);
    }
    let g = BoundedNim;
    for p in bounded_positions(4) {
        round_trip(&g, &p);
        moves_are_options(&g, &p);
    }
}

#[test]
fn bad_input_is_an_error() {
    let e = build(bash::REGISTRATION, &[]).expect_err("--max is required");
    assert!(e.contains("missing option --max"), "{e}");
    for m in ["0", "-1", "x", "18446744073709551615"] {
        assert!(
            build(bash::REGISTRATION, &[("max", m)]).is_err(),
            "--max {m}"
        );
    }
    for bad in [&["-3"][..], &["abc"], &["99999999999999999999"], &[]] {
        assert!(analyze(bash::REGISTRATION, &[("max", "3")], bad, Play::Normal).is_err());
    }
    for bad in [
        &["7"][..],
        &["7/0"],
        &["7/"],
        &["/3"],
        &["-7/3"],
        &["7/3/2"],
        &["a/b"],
        &[],
    ] {
        let e = analyze(bounded_nim::REGISTRATION, &[], bad, Play::Normal);
        assert!(e.is_err(), "{bad:?} accepted");
    }
    let e = analyze(
        bounded_nim::REGISTRATION,
        &[],
        &["7/3", "5/0"],
        Play::Normal,
    )
    .unwrap_err();
    assert!(e.contains("heap 2") && e.contains("limit"), "{e}");
}

#[test]
fn seq_is_periodic_with_period_m_plus_one() {
    let ctl = grundy_api::SeqControl::default();
    let family = build(bash::REGISTRATION, &[("max", "3")]).unwrap();
    let r = family.seq(20, &ctl).unwrap();
    assert_eq!(r.game, "bash --max 3");
    let g = Arc::new(Bash::new(3).unwrap());
    let mut search = grundy_engine::Solver::search_only(g, grundy_engine::Limits::default());
    let searched: Vec<u64> = (0..=20u64)
        .map(|n| search.value(&vec![n]).unwrap().0)
        .collect();
    assert_eq!(r.values, searched);
    let p = r.period.unwrap();
    assert_eq!((p.preperiod, p.period, p.proven), (0, 4, true));
    // Too short a range to show the period twice: none reported.
    assert_eq!(family.seq(6, &ctl).unwrap().period, None);
}
