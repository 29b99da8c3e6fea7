//! Digital deletions: the precomputed table against search, and against
//! the original rules (erasing the last digit allowed, and losing).

use grundy_engine::testing::{check_contracts, Unsplit};
use grundy_engine::{Impartial, Limits, Solver, TextGame};
use grundy_games::digital_deletions::{DigitalDeletions, Digits};
use proptest::prelude::*;
use std::collections::HashMap;
use std::sync::Arc;

fn all(len: usize) -> Vec<Digits> {
    (0..10u32.pow(len as u32))
        .map(|n| {
            Digits(
                (0..len)
                    .rev()
                    .map(|i| (n / 10u32.pow(i as u32) % 10) as u8)
                    .collect(),
            )
        })
        .collect()
}

/// The original game, searched directly: the empty string is a win for
/// the player to move (the other player erased the last digit and lost).
fn mover_wins(d: &[u8], memo: &mut HashMap<Vec<u8>, bool>) -> bool {
    if d.is_empty() {
        return true;
    }
    if let Some(&w) = memo.get(d) {
        return w;
    }
    let mut options = Vec::new();
    for (i, &x) in d.iter().enumerate() {
        for to in 0..x {
            let mut o = d.to_vec();
            o[i] = to;
            options.push(o);
        }
        if x == 0 {
            options.push(d[..i].to_vec());
        }
    }
    let w = options.iter().any(|o| !mover_wins(o, memo));
    memo.insert(d.to_vec(), w);
    w
}

#[test]
fn table_agrees_with_search_and_the_original_rules() {
    let g = Arc::new(DigitalDeletions);
    let mut search = Solver::search_only(Arc::new(Unsplit(g.clone())), Limits::default());
    let mut memo = HashMap::new();
    for len in 1..=4 {
        for p in all(len) {
            let v = search.value(&p).unwrap();
            assert_eq!(g.closed_form(&p), Some(v), "{p:?}");
            assert_eq!(v.0 != 0, mover_wins(&p.0, &mut memo), "{p:?}");
        }
    }
    // A leading 0: the player to move must erase everything and loses.
    assert_eq!(g.closed_form(&g.parse(&["0"]).unwrap()).unwrap().0, 0);
    // "1": lower it to 0, and the other player must erase the last digit.
    assert_ne!(g.closed_form(&g.parse(&["1"]).unwrap()).unwrap().0, 0);
}

#[test]
fn contracts() {
    let g = Arc::new(DigitalDeletions);
    check_contracts(&g, &all(2), &Limits::default()).unwrap();
}

#[test]
fn five_and_six_digit_strings_agree_with_the_original_rules() {
    let g = DigitalDeletions;
    let mut memo = HashMap::new();
    // A fixed spread of strings (multiplicative steps modulo 10^6).
    let mut n = 1u64;
    for i in 0..3000 {
        n = n * 48271 % 1_000_000;
        let len = 5 + i % 2;
        let text = format!("{n:06}")[6 - len..].to_string();
        let p = g.parse(&[&text]).unwrap();
        assert_eq!(
            g.closed_form(&p).unwrap().0 != 0,
            mover_wins(&p.0, &mut memo),
            "{text}"
        );
    }
}

proptest! {
    #[test]
    fn parser_never_panics(s in "\\PC{0,10}") {
        let _ = DigitalDeletions.parse(&[&s]);
    }
}

#[test]
fn bad_input_is_named() {
    let g = DigitalDeletions;
    for (arg, want) in [
        ("12a", "'a' at column 3"),
        ("1234567", "at most 6"),
        ("", "found 0 words"),
    ] {
        let e = g.parse(&[arg]).unwrap_err().0;
        assert!(e.contains(want), "{arg}: {e}");
    }
}
