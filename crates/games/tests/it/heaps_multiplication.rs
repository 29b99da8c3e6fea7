//! The multiplication game (games.md section 2): the three facts, search
//! against an independent table, the 2^32 target, misère by search.

use crate::heaps_common::*;
use grundy_engine::{Outcome, Play, Rules};
use grundy_games::multiplication::{self, Multiplication, MAX_TARGET};

fn outcome(n: u64, p: Option<u64>, play: Play) -> Outcome {
    let target = n.to_string();
    let p = p.map(|p| p.to_string());
    let args: Vec<&str> = p.iter().map(String::as_str).collect();
    analyze(
        multiplication::REGISTRATION,
        &[("target", &target)],
        &args,
        play,
    )
    .unwrap()
    .outcome
}

#[test]
fn the_three_facts() {
    assert_eq!(outcome(162, None, Play::Normal), Outcome::N);
    assert_eq!(outcome(17, None, Play::Normal), Outcome::P);
    assert_eq!(outcome(34012226, None, Play::Normal), Outcome::N);
    assert_eq!(outcome(162, Some(1), Play::Normal), Outcome::N);
}

/// An independent table: `wins[p]` for p < n, filled downwards.
fn table(n: u64) -> Vec<bool> {
    let mut wins = vec![false; n as usize];
    for p in (1..n).rev() {
        wins[p as usize] = (2..=9).any(|k| p * k >= n || !wins[(p * k) as usize]);
    }
    wins
}

#[test]
fn search_matches_a_table() {
    for n in 1..=300u64 {
        let family = build(multiplication::REGISTRATION, &[("target", &n.to_string())]).unwrap();
        let wins = table(n);
        for p in 1..n.min(40) {
            let a = family.analyze(&[&p.to_string()], Play::Normal).unwrap();
            assert_eq!(a.outcome == Outcome::N, wins[p as usize], "n={n} p={p}");
            // A winning move makes p >= n or hands over a losing p.
            for m in &a.winning_moves {
                let q: u64 = m.to.parse().unwrap();
                assert!(q >= n || !wins[q as usize], "n={n}: {} -> {q}", m.label);
            }
        }
        // Any p >= n is over: the mover has lost.
        let a = family.analyze(&[&n.to_string()], Play::Normal).unwrap();
        assert_eq!((a.outcome, a.winning_move_count), (Outcome::P, Some(0)));
    }
}

#[test]
fn target_2_pow_32_is_instant() {
    let g = Multiplication::new(MAX_TARGET).unwrap();
    // The search visits few states: the bound is a few thousand.
    assert!(g.search_size(&1) < 20_000, "{}", g.search_size(&1));
    let family = build(multiplication::REGISTRATION, &[("target", "4294967296")]).unwrap();
    let a = family.analyze(&[], Play::Normal).unwrap();
    assert!(a.value.is_some());
    for m in &a.winning_moves {
        let back = family.analyze(&[&m.to], Play::Normal).unwrap();
        assert_eq!(back.outcome, Outcome::P, "{}", m.label);
    }
}

#[test]
fn moves_are_labelled() {
    let a = analyze(
        multiplication::REGISTRATION,
        &[("target", "162")],
        &["18"],
        Play::Normal,
    )
    .unwrap();
    // 18 * 9 = 162 wins at once; so does any product that leaves a losing p.
    assert!(a
        .winning_moves
        .iter()
        .any(|m| m.label == "multiply by 9" && m.to == "162"));
    let g = Multiplication::new(100).unwrap();
    for p in 1..120 {
        round_trip(&g, &p);
        moves_are_options(&g, &p);
    }
}

#[test]
fn misere_is_searched() {
    // Misère: whoever makes p >= n loses. With n = 2 the first player
    // must reach 2 or more at once and loses.
    assert_eq!(outcome(2, None, Play::Misere), Outcome::P);
    // With n = 3: play x2 to reach 2; the opponent must pass 3.
    assert_eq!(outcome(3, None, Play::Misere), Outcome::N);
    for n in [17u64, 162, 1000] {
        let a = analyze(
            multiplication::REGISTRATION,
            &[("target", &n.to_string())],
            &[],
            Play::Misere,
        )
        .unwrap();
        assert!(a.method.contains("search"));
    }
}

#[test]
fn bad_input_is_an_error() {
    let e = build(multiplication::REGISTRATION, &[]).expect_err("--target is required");
    assert!(e.contains("missing option --target"), "{e}");
    for t in ["0", "4294967297", "-5", "ten"] {
        assert!(
            build(multiplication::REGISTRATION, &[("target", t)]).is_err(),
            "--target {t}"
        );
    }
    for bad in [
        &["0"][..],
        &["-1"],
        &["x"],
        &["2", "3"],
        &["99999999999999999999"],
    ] {
        let r = analyze(
            multiplication::REGISTRATION,
            &[("target", "100")],
            bad,
            Play::Normal,
        );
        assert!(r.is_err(), "{bad:?} accepted");
    }
}
