//! The game of 31 (games.md section 2): search against an independent
//! recursion from every short prefix, labels, and clear errors.

use crate::heaps_common::*;
use grundy_engine::{Outcome, Play, TextGame};
use grundy_games::game31::{self, Game31};
use std::collections::HashMap;

/// Whether the player to move wins, by plain recursion on the counts of
/// cards left and the total (independent of the engine).
fn wins(left: [u8; 7], total: u32, memo: &mut HashMap<([u8; 7], u32), bool>) -> bool {
    if let Some(&w) = memo.get(&(left, total)) {
        return w;
    }
    let mut w = false;
    for c in 1..=6usize {
        if left[c] > 0 && total + c as u32 <= 31 {
            let mut next = left;
            next[c] -= 1;
            if !wins(next, total + c as u32, memo) {
                w = true;
                break;
            }
        }
    }
    memo.insert((left, total), w);
    w
}

/// Every legal prefix of at most `len` cards.
fn prefixes(len: usize) -> Vec<Vec<u8>> {
    let mut all = vec![Vec::new()];
    let mut frontier = vec![Vec::<u8>::new()];
    for _ in 0..len {
        let mut next = Vec::new();
        for p in &frontier {
            for m in Game31.moves(p).unwrap() {
                next.push(m.to);
            }
        }
        all.extend(next.iter().cloned());
        frontier = next;
    }
    all
}

#[test]
fn search_matches_recursion_from_every_short_prefix() {
    let family = build(game31::REGISTRATION, &[]).unwrap();
    let mut memo = HashMap::new();
    let mut count = 0;
    for p in prefixes(3) {
        let mut left = [0, 4, 4, 4, 4, 4, 4];
        for &c in &p {
            left[c as usize] -= 1;
        }
        let total: u32 = p.iter().map(|&c| c as u32).sum();
        let text = Game31.format(&p);
        let a = family.analyze(&[&text], Play::Normal).unwrap();
        assert_eq!(
            a.outcome == Outcome::N,
            wins(left, total, &mut memo),
            "{text}"
        );
        for m in &a.winning_moves {
            let card: u8 = m.label.strip_prefix("play ").unwrap().parse().unwrap();
            let mut after = left;
            after[card as usize] -= 1;
            assert!(
                !wins(after, total + card as u32, &mut memo),
                "{text}: {}",
                m.label
            );
        }
        count += 1;
    }
    assert_eq!(count, 1 + 6 + 36 + 216);
}

#[test]
fn from_the_start() {
    let a = analyze(game31::REGISTRATION, &[], &["-"], Play::Normal).unwrap();
    let b = analyze(game31::REGISTRATION, &[], &[], Play::Normal).unwrap();
    assert_eq!(a, b);
    assert_eq!(a.position, "-");
    let mut memo = HashMap::new();
    let first_wins = wins([0, 4, 4, 4, 4, 4, 4], 0, &mut memo);
    assert_eq!(a.outcome == Outcome::N, first_wins);
    for m in &a.winning_moves {
        assert!(m.label.starts_with("play "));
        assert_eq!(m.to.len(), 1);
    }
}

#[test]
fn the_example_prefix() {
    // 3+5+6+6+5+6 = 31: nothing can be played, the mover has lost.
    let a = analyze(game31::REGISTRATION, &[], &["356656"], Play::Normal).unwrap();
    assert_eq!((a.outcome, a.winning_move_count), (Outcome::P, Some(0)));
    assert!(a.components.is_empty());
    // 3+5+6+6+5 = 25 with two 6s played: a third 6 reaches 31 and wins.
    let a = analyze(game31::REGISTRATION, &[], &["35665"], Play::Normal).unwrap();
    assert_eq!(a.outcome, Outcome::N);
    let win = move_pairs(&a);
    assert!(win.contains(&("play 6", "356656")), "{win:?}");
}

#[test]
fn misere_is_searched() {
    for p in ["-", "5", "3566", "111122223333"] {
        let a = analyze(game31::REGISTRATION, &[], &[p], Play::Misere).unwrap();
        assert!(a.method.contains("search"), "{}", a.method);
    }
}

#[test]
fn text_contracts() {
    for p in prefixes(3) {
        round_trip(&Game31, &p);
        moves_are_options(&Game31, &p);
    }
    round_trip(&Game31, &vec![6, 6, 6, 6, 1, 1, 1]);
}

#[test]
fn bad_input_names_the_card_and_its_place() {
    let err = |p: &str| analyze(game31::REGISTRATION, &[], &[p], Play::Normal).unwrap_err();
    let e = err("1273");
    assert!(e.contains("card 7") && e.contains("position 3"), "{e}");
    let e = err("120");
    assert!(e.contains("card 0") && e.contains("position 3"), "{e}");
    let e = err("12x");
    assert!(e.contains("'x'") && e.contains("position 3"), "{e}");
    let e = err("111111");
    assert!(e.contains("fifth") && e.contains("position 5"), "{e}");
    let e = err("666655");
    assert!(e.contains("34") && e.contains("position 6"), "{e}");
    for bad in ["8", "9", "-1", "--", "1 2"] {
        assert!(
            analyze(game31::REGISTRATION, &[], &[bad], Play::Normal).is_err(),
            "{bad} accepted"
        );
    }
    assert!(analyze(game31::REGISTRATION, &[], &["12", "3"], Play::Normal).is_err());
}
