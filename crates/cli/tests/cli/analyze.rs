//! `grundy analyze`: golden text and JSON for documented positions, the
//! round trip of every winning move, option placement, misère play.

use crate::common::*;

#[test]
fn nim_345_text_golden() {
    assert_eq!(
        ok(&["analyze", "nim", "3", "4", "5"]),
        crate::readme::NIM_3_4_5
    );
}

#[test]
fn nim_p_position_text() {
    let t = ok(&["analyze", "nim", "1", "4", "5"]);
    assert!(
        t.starts_with("nim 1 4 5: second player wins (P), value 0\n"),
        "{t}"
    );
    assert!(!t.contains("winning move"), "{t}");
}

#[test]
fn nim_345_json() {
    let a = json(&["analyze", "nim", "3", "4", "5", "--json"]);
    assert_eq!(a["game"], "nim");
    assert_eq!(a["position"], "3 4 5");
    assert_eq!(a["play"], "normal");
    assert_eq!(a["outcome"], "N");
    assert_eq!(a["value"], 2);
    assert_eq!(a["winning_move_count"], 1);
    let moves = a["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0]["move"], "heap 1: 3 -> 1");
    assert_eq!(moves[0]["to"], "1 4 5");
    let comps: Vec<(String, u64)> = a["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["position"].as_str().unwrap().to_string(),
                c["value"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(comps, [("3".into(), 3), ("4".into(), 4), ("5".into(), 5)]);
}

/// Every winning move's `to`, fed back to analyze, is a P-position.
fn check_round_trip(game_and_options: &[&str], position: &[&str], misere: bool) {
    let mut args = vec!["analyze"];
    args.extend_from_slice(game_and_options);
    args.extend_from_slice(position);
    args.push("--json");
    if misere {
        args.push("--misere");
    }
    let a = json(&args);
    let moves = a["winning_moves"].as_array().unwrap();
    assert_eq!(
        a["winning_move_count"].as_u64().unwrap() as usize,
        moves.len()
    );
    if a["outcome"] == "N" {
        assert!(!moves.is_empty(), "{args:?}: N without a winning move");
    }
    for m in moves {
        let to = m["to"].as_str().unwrap();
        let mut back = vec!["analyze"];
        back.extend_from_slice(game_and_options);
        back.extend(to.split_whitespace());
        back.push("--json");
        if misere {
            back.push("--misere");
        }
        let b = json(&back);
        assert_eq!(b["outcome"], "P", "{args:?} -> {to}");
        assert_eq!(
            b["position"], to,
            "{args:?}: `to` is in the game's own syntax"
        );
    }
}

#[test]
fn nim_winning_moves_lead_to_p_positions() {
    check_round_trip(&["nim"], &["3", "4", "5"], false);
    check_round_trip(&["nim"], &["7", "11", "13", "2"], false);
    check_round_trip(&["nim"], &["3", "4", "5"], true);
    check_round_trip(&["nim"], &["1", "1", "1", "5"], true);
}

#[test]
fn every_registered_example_answers_and_round_trips() {
    for reg in grundy_games::registry() {
        let ex: Vec<&str> = reg.example.split_whitespace().collect();
        let mut name_only = vec![reg.name.as_str()];
        // The example may carry game options; they must stay with the game
        // when a `to` is fed back, so split them off by the registration.
        let mut position = Vec::new();
        let mut it = ex.iter();
        while let Some(w) = it.next() {
            let opt = w
                .strip_prefix("--")
                .and_then(|n| reg.options.iter().find(|o| o.name == n));
            match opt {
                Some(_) => {
                    name_only.push(w);
                    name_only.push(it.next().expect("option value in example"));
                }
                None => position.push(*w),
            }
        }
        let mut args = vec!["analyze", reg.name.as_str()];
        args.extend_from_slice(&ex);
        let text = ok(&args);
        assert!(
            text.contains("wins") || text.contains("draw"),
            "{}: {text}",
            reg.name
        );
        check_round_trip(&name_only, &position, false);
    }
}

#[test]
fn options_may_follow_positions() {
    let before = ok(&["analyze", "bash", "--max", "10", "100"]);
    let after = ok(&["analyze", "bash", "100", "--max", "10"]);
    let inline = ok(&["analyze", "bash", "100", "--max=10"]);
    assert_eq!(before, after);
    assert_eq!(before, inline);
    // "Count to 100 adding 1..10": 100 mod 11 = 1, the first player wins.
    assert!(
        before.contains("first player wins (N), value 1"),
        "{before}"
    );
    // Common options anywhere, also before the game.
    let a = json(&["analyze", "--json", "bash", "100", "--max", "10"]);
    let b = json(&["analyze", "bash", "100", "--json", "--max", "10"]);
    assert_eq!(a, b);
}

#[test]
fn common_options_after_positions() {
    let a = json(&[
        "analyze",
        "nim",
        "3",
        "4",
        "5",
        "--threads",
        "1",
        "--json",
        "--max-states",
        "1000",
    ]);
    assert_eq!(a["value"], 2);
    let t = ok(&["analyze", "nim", "3", "4", "5", "--time-limit", "0.5"]);
    assert!(t.starts_with("nim 3 4 5: first player wins (N), value 2"));
}

#[test]
fn double_dash_ends_options() {
    let o = grundy(&["analyze", "nim", "--", "--json"]);
    assert_input_error(&o, "--json");
}

#[test]
fn misere_nim() {
    // P iff (some heap > 1 and XOR = 0) or (all heaps <= 1 and XOR = 1).
    for (heaps, outcome) in [
        (&["1", "1"][..], "N"),
        (&["1", "1", "1"], "P"),
        (&["2", "2"], "P"),
        (&["3", "4", "5"], "N"),
        (&["1"], "P"),
    ] {
        let mut args = vec!["analyze", "nim", "--misere", "--json"];
        args.extend_from_slice(heaps);
        let a = json(&args);
        assert_eq!(a["play"], "misere");
        assert_eq!(a["outcome"], outcome, "{heaps:?}");
        assert!(a["value"].is_null());
    }
    let t = ok(&["analyze", "nim", "1", "1", "1", "--misere"]);
    assert!(
        t.starts_with("nim 1 1 1 (misère play): second player wins (P)\n"),
        "{t}"
    );
}

#[test]
fn bounded_nim_example() {
    let a = json(&["analyze", "bounded-nim", "7/3", "5/2", "--json"]);
    // value (size mod (limit+1)): 3 XOR 2 = 1.
    assert_eq!(a["value"], 1);
    assert_eq!(a["outcome"], "N");
}

#[test]
fn game_help_lists_its_options() {
    let h = ok(&["analyze", "bash", "--help"]);
    assert!(h.contains("--max <M>"), "{h}");
    assert!(h.contains("(required)"), "{h}");
    let h = ok(&["analyze", "--help"]);
    assert!(h.contains("--misere") && h.contains("--max-states") && h.contains("--time-limit"));
    let h = ok(&["--help"]);
    for sub in ["games", "analyze", "batch", "seq", "nim"] {
        assert!(h.contains(sub), "{sub} missing from --help");
    }
}
