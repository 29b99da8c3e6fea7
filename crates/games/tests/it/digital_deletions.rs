//! Digital deletions (HDOJ 1404): the tables, search and the built family
//! against a brute force written from the rules, in both conventions.

use crate::heaps_common::build;
use grundy_engine::testing::Unsplit;
use grundy_engine::{Impartial, Limits, MisereSolver, Outcome, Play, Solver, TextGame};
use grundy_games::digital_deletions::{self, DigitalDeletions, Digits};
use proptest::prelude::*;
use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

/// Every string of exactly `len` digits, as text.
fn all(len: usize) -> Vec<String> {
    (0..10u32.pow(len as u32))
        .map(|n| format!("{n:0len$}"))
        .collect()
}

/// The game played by its rules, searched directly: a move lowers one
/// digit or erases a 0 and everything right of it. The empty string is the
/// end: its player has lost in normal play (the other player erased the
/// last digit and won) and won in misère play.
struct Brute {
    misere: bool,
    memo: HashMap<String, bool>,
}

impl Brute {
    fn new(play: Play) -> Self {
        Brute {
            misere: play == Play::Misere,
            memo: HashMap::new(),
        }
    }

    fn options(s: &str) -> Vec<String> {
        let mut out = Vec::new();
        for (i, c) in s.char_indices() {
            for lower in '0'..c {
                out.push(format!("{}{lower}{}", &s[..i], &s[i + 1..]));
            }
            if c == '0' {
                out.push(s[..i].to_string());
            }
        }
        out
    }

    fn mover_wins(&mut self, s: &str) -> bool {
        if s.is_empty() {
            return self.misere;
        }
        if let Some(&w) = self.memo.get(s) {
            return w;
        }
        let w = Self::options(s).iter().any(|o| !self.mover_wins(o));
        self.memo.insert(s.to_string(), w);
        w
    }

    fn outcome(&mut self, s: &str) -> Outcome {
        Outcome::from_mover_wins(self.mover_wins(s))
    }

    /// The options that leave the other player lost, as the family writes
    /// them (`-` for the empty string).
    fn winning(&mut self, s: &str) -> BTreeSet<String> {
        Self::options(s)
            .into_iter()
            .filter(|o| !self.mover_wins(o))
            .map(|o| if o.is_empty() { "-".into() } else { o })
            .collect()
    }
}

fn outcome(play: Play, text: &str) -> Outcome {
    let family = build(digital_deletions::REGISTRATION, &[]).unwrap();
    family.analyze(&[text], play).unwrap().outcome
}

/// HDOJ 1404's sample: `0 00 1 20` are won, won, lost, lost for the first
/// player, who wins by erasing the last digit.
#[test]
fn normal_play_is_hdoj_1404() {
    use Outcome::{N, P};
    for (text, want) in [("0", N), ("00", N), ("1", P), ("20", P)] {
        assert_eq!(outcome(Play::Normal, text), want, "{text}");
    }
    let family = build(digital_deletions::REGISTRATION, &[]).unwrap();
    let a = family.analyze(&["0"], Play::Normal).unwrap();
    assert_eq!(a.value, Some(1));
    let moves: Vec<(&str, &str)> = a
        .winning_moves
        .iter()
        .map(|m| (m.label.as_str(), m.to.as_str()))
        .collect();
    assert_eq!(
        moves,
        [("erase the 0 at digit 1 and everything right of it", "-")]
    );
    // The empty string: the game is over, and its player has lost.
    let a = family.analyze(&["-"], Play::Normal).unwrap();
    assert_eq!((a.outcome, a.value), (P, Some(0)));
}

/// Conway's version: whoever erases the last digit loses.
#[test]
fn misere_play_is_conways() {
    use Outcome::{N, P};
    for (text, want) in [
        ("-", N),
        ("0", P),
        ("00", N),
        ("1", N),
        ("2", N),
        ("10", P),
        ("20", N),
        ("000", N),
        ("100", N),
    ] {
        assert_eq!(outcome(Play::Misere, text), want, "{text}");
    }
    // From `1` the only good move is to `0`, where the other player must
    // erase the last digit.
    let family = build(digital_deletions::REGISTRATION, &[]).unwrap();
    let a = family.analyze(&["1"], Play::Misere).unwrap();
    let to: Vec<&str> = a.winning_moves.iter().map(|m| m.to.as_str()).collect();
    assert_eq!(to, ["0"]);
}

/// Every string of up to four digits: the tables equal search of the
/// game's own moves (value search in normal play, the misère solver in
/// misère play), and the built family's outcomes and winning moves equal
/// the brute force, in both conventions.
#[test]
fn every_string_up_to_four_digits_agrees_with_the_rules() {
    let g = Arc::new(DigitalDeletions);
    let mut search = Solver::search_only(Arc::new(Unsplit(g.clone())), Limits::default());
    let mut misere_search = MisereSolver::new(Arc::new(Unsplit(g.clone())), Limits::default());
    let family = build(digital_deletions::REGISTRATION, &[]).unwrap();
    let mut texts = vec!["-".to_string()];
    texts.extend((1..=4).flat_map(all));
    assert_eq!(texts.len(), 11_111);
    for play in [Play::Normal, Play::Misere] {
        let mut brute = Brute::new(play);
        for text in &texts {
            let rules_text = if text == "-" { "" } else { text.as_str() };
            let a = family.analyze(&[text], play).unwrap();
            assert_eq!(a.outcome, brute.outcome(rules_text), "{play:?} {text}");
            let winning: BTreeSet<String> = a.winning_moves.iter().map(|m| m.to.clone()).collect();
            assert_eq!(winning, brute.winning(rules_text), "{play:?} {text}");
            if play == Play::Normal {
                let p = g.parse(&[text]).unwrap();
                let v = search.value(&p).unwrap();
                assert_eq!(g.closed_form(&p), Some(v), "{text}");
                assert_eq!(a.value, Some(v.0), "{text}");
            } else {
                let p = g.parse(&[text]).unwrap();
                let wins = misere_search.mover_wins(&p).unwrap();
                assert_eq!(Outcome::from_mover_wins(wins), a.outcome, "misère {text}");
            }
        }
    }
}

/// A fixed spread of 5- and 6-digit strings (multiplicative steps modulo
/// 10^6): the built family's outcomes in both plays, and its winning moves
/// in misère play, against the brute force.
#[test]
fn five_and_six_digit_strings_agree_with_the_rules() {
    let family = build(digital_deletions::REGISTRATION, &[]).unwrap();
    let mut normal = Brute::new(Play::Normal);
    let mut misere = Brute::new(Play::Misere);
    let mut n = 1u64;
    for i in 0..3000 {
        n = n * 48271 % 1_000_000;
        let len = 5 + i % 2;
        let text = format!("{n:06}")[6 - len..].to_string();
        let a = family.analyze(&[&text], Play::Normal).unwrap();
        assert_eq!(a.outcome, normal.outcome(&text), "{text}");
        let a = family.analyze(&[&text], Play::Misere).unwrap();
        assert_eq!(a.outcome, misere.outcome(&text), "misère {text}");
        let winning: BTreeSet<String> = a.winning_moves.iter().map(|m| m.to.clone()).collect();
        assert_eq!(winning, misere.winning(&text), "misère {text}");
    }
}

#[test]
fn empty_string_round_trips() {
    let g = DigitalDeletions;
    assert_eq!(g.parse(&["-"]).unwrap(), Digits(Vec::new()));
    assert_eq!(g.format(&Digits(Vec::new())), "-");
    assert_eq!(g.format(&g.parse(&["0012"]).unwrap()), "0012");
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
        ("--", "'-' at column 1"),
        ("1-", "'-' at column 2"),
    ] {
        let e = g.parse(&[arg]).unwrap_err().0;
        assert!(e.contains(want), "{arg}: {e}");
    }
}
