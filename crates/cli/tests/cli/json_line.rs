//! The batch's fast JSON writer (`grundy_api::json_line`) on the real
//! answers of every registered family: the same bytes as serde_json.

use grundy_api::json_line::write_analysis;
use grundy_api::{Analysis, Detail, GameOptions, Limits, Outcome, Play};

fn serde_bytes(a: &Analysis) -> Vec<u8> {
    serde_json::to_vec(a).unwrap()
}

fn ours(a: &Analysis) -> Vec<u8> {
    let mut out = Vec::new();
    write_analysis(&mut out, a).unwrap();
    out
}

/// Every registered game's example, in both conventions, with every move
/// and with none.
#[test]
fn every_registered_example_matches_serde() {
    let limits = Limits::default();
    let mut seen = 0;
    for reg in grundy_games::registry() {
        // `--name value` pairs are the game's options, the rest the position.
        let mut options = GameOptions::default();
        let mut words = Vec::new();
        let mut it = reg.example.split_whitespace();
        while let Some(w) = it.next() {
            match w.strip_prefix("--") {
                Some(name) => options.set(name, it.next().unwrap_or_default()),
                None => words.push(w),
            }
        }
        let family = reg.build(&options, &limits).unwrap();
        for play in [Play::Normal, Play::Misere] {
            for detail in [Detail::AllMoves, Detail::OutcomeOnly] {
                if let Ok(a) = family.analyze_with(&words, play, detail) {
                    assert_eq!(ours(&a), serde_bytes(&a), "{} {}", reg.name, reg.example);
                    seen += 1;
                }
            }
        }
    }
    assert!(seen > 40, "only {seen} answers compared");
}

/// Drawn positions and infinite values, as the engine answers them: graph
/// a -> z, a -> c, c <-> d (a is ∞{0}, c is ∞{}, a and c together draw).
#[test]
fn drawn_and_loopy_answers_match_serde() {
    let reg = grundy_games::registry()
        .into_iter()
        .find(|r| r.name == "graph")
        .expect("the graph family is registered");
    let mut options = GameOptions::default();
    options.set("edges", "a-z,a-c,c-d,d-c");
    let family = reg.build(&options, &Limits::default()).unwrap();
    let mut drawn = 0;
    for tokens in ["a", "c", "a,c", "z"] {
        for play in [Play::Normal, Play::Misere] {
            for detail in [Detail::AllMoves, Detail::FirstMoves(1), Detail::OutcomeOnly] {
                let a = family.analyze_with(&[tokens], play, detail).unwrap();
                drawn += usize::from(a.outcome == Outcome::D && !a.drawing_moves.is_empty());
                assert_eq!(ours(&a), serde_bytes(&a), "{tokens} {play} {detail:?}");
            }
        }
    }
    assert!(drawn > 0, "no drawn position listed its drawing moves");
}
