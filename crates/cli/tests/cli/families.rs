//! Documented facts of the registered families, through the command line.
//! Each test runs once its family is in the registry.

use crate::common::*;

fn outcome(args: &[&str]) -> String {
    analyze_json(args)["outcome"].as_str().unwrap().to_string()
}

/// Every winning move of `args` leads to a P-position.
fn moves_lead_to_p(game: &[&str], position: &[&str]) -> usize {
    let mut a = game.to_vec();
    a.extend_from_slice(position);
    let doc = analyze_json(&a);
    let moves = doc["winning_moves"].as_array().unwrap();
    for m in moves {
        let mut back = game.to_vec();
        back.extend(m["to"].as_str().unwrap().split_whitespace());
        assert_eq!(outcome(&back), "P", "{a:?} -> {}", m["to"]);
    }
    moves.len()
}

#[test]
fn wythoff() {
    for p in [["1", "2"], ["3", "5"], ["4", "7"], ["6", "10"], ["0", "0"]] {
        assert_eq!(outcome(&["wythoff", p[0], p[1]]), "P", "{p:?}");
    }
    assert_eq!(outcome(&["wythoff", "3", "7"]), "N");
    // Exact for heaps up to 10^18, both kinds of move listed.
    let big = ["1000000000000000000", "999999999999999999"];
    assert!(moves_lead_to_p(&["wythoff"], &big) >= 1);
    let t = ok(&["analyze", "wythoff", big[0], big[1]]);
    assert!(t.contains("first player wins (N)"), "{t}");
}

#[test]
fn lasker() {
    // n for n mod 4 in {1,2}; n+1 for 3; n-1 for 0.
    for (n, v) in [(1, 1), (2, 2), (3, 4), (4, 3), (5, 5), (7, 8), (8, 7)] {
        let a = json(&["analyze", "lasker", &n.to_string(), "--json"]);
        assert_eq!(a["value"], v, "lasker {n}");
    }
}

#[test]
fn bash_count_to_100() {
    let a = json(&["analyze", "bash", "--max", "10", "100", "--json"]);
    assert_eq!(a["outcome"], "N");
    assert_eq!(a["value"], 1);
    assert_eq!(a["winning_moves"][0]["to"], "99");
}

#[test]
fn subtraction_title_is_the_command() {
    let t = ok(&["analyze", "subtraction", "10", "7", "--set", "1,3,4"]);
    assert!(
        t.starts_with("subtraction --set 1,3,4 10 7: first player wins (N), value 1\n"),
        "{t}"
    );
    assert_eq!(
        moves_lead_to_p(&["subtraction", "--set", "1,3,4"], &["10", "7"]),
        3
    );
}

#[test]
fn paint2xn() {
    assert_eq!(outcome(&["paint2xn", "--n", "2"]), "N");
    assert_eq!(outcome(&["paint2xn", "--n", "2", "1,1", "2,2"]), "P");
}

#[test]
fn kayles_misere_moves_lead_to_misere_p() {
    let a = json(&["analyze", "kayles", "4", "7", "--misere", "--json"]);
    assert_eq!(a["play"], "misere");
    for m in a["winning_moves"].as_array().unwrap() {
        let mut back = vec!["analyze", "kayles", "--misere", "--json"];
        back.extend(m["to"].as_str().unwrap().split_whitespace());
        assert_eq!(json(&back)["outcome"], "P", "{}", m["to"]);
    }
}

#[test]
fn batch_of_wythoff_positions() {
    let o = grundy_stdin(
        &["batch", "wythoff"],
        "3 5\n3 7\n1 2 3\n1000000000000000000 1\n",
    );
    assert_eq!(o.status.code(), Some(2));
    let out: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(out.len(), 4);
    assert_eq!(out[0]["outcome"], "P");
    assert_eq!(out[1]["outcome"], "N");
    assert_eq!(out[2]["line"], 3);
    assert_eq!(out[3]["outcome"], "N");
}

#[test]
fn game31() {
    // The empty prefix is written `-`; every winning card leads to a P prefix.
    assert!(moves_lead_to_p(&["game31"], &["-"]) >= 1);
    assert_eq!(outcome(&["game31", "356656"]), "P");
    assert_input_error(&grundy(&["analyze", "game31", "7"]), "7");
    // A fifth card of a kind is not in the deck.
    assert_input_error(&grundy(&["analyze", "game31", "11111"]), "1");
}

#[test]
fn multiplication() {
    assert_eq!(outcome(&["multiplication", "--target", "162"]), "N");
    assert_eq!(outcome(&["multiplication", "--target", "17"]), "P");
    assert_eq!(outcome(&["multiplication", "--target", "34012226"]), "N");
    assert_input_error(&grundy(&["analyze", "multiplication", "1"]), "--target");
}

#[test]
fn treblecross() {
    let cells = |row: &str| -> Vec<String> {
        let a = json(&["analyze", "treblecross", row, "--json"]);
        a["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["move"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(cells("....."), ["X at 3"]);
    assert_eq!(cells("..........."), ["X at 3", "X at 6", "X at 9"]);
    assert_eq!(outcome(&["treblecross", "X...X"]), "P");
    moves_lead_to_p(&["treblecross"], &["..X....X.."]);
}

#[test]
fn checkers() {
    assert_eq!(outcome(&["checkers", "19,20"]), "P");
    assert_eq!(outcome(&["checkers", "19", "18"]), "N");
    moves_lead_to_p(&["checkers"], &["19", "18"]);
}

#[test]
fn staircase_and_chessmen() {
    // Nim on the odd stairs: 2 XOR 3 XOR 4 = 5.
    let a = json(&["analyze", "staircase", "2", "1", "3", "2", "4", "--json"]);
    assert_eq!(a["value"], 5);
    moves_lead_to_p(&["staircase"], &["2", "1", "3", "2", "4"]);
    assert_eq!(outcome(&["chessmen", "1", "5", "6"]), "P");
    moves_lead_to_p(&["chessmen"], &["2", "5", "9"]);
}

#[test]
fn kayles_row_matches_kayles() {
    let row = json(&["analyze", "kayles-row", "II.III.IIIIIII", "--json"]);
    let heaps = json(&["analyze", "kayles", "2", "3", "7", "--json"]);
    assert_eq!(row["value"], heaps["value"]);
    moves_lead_to_p(&["kayles-row"], &["II.III.IIIIIII"]);
}

/// HDOJ 1404's sample in normal play (erasing the last digit wins), and
/// Conway's game as misère play (erasing the last digit loses).
#[test]
fn digital_deletions() {
    for (p, normal, misere) in [
        ("0", "N", "P"),
        ("00", "N", "N"),
        ("1", "P", "N"),
        ("20", "P", "N"),
    ] {
        assert_eq!(outcome(&["digital-deletions", p]), normal, "{p}");
        assert_eq!(
            outcome(&["digital-deletions", "--misere", p]),
            misere,
            "misère {p}"
        );
    }
    assert_eq!(
        ok(&["analyze", "digital-deletions", "0"]),
        "digital-deletions 0: first player wins (N), value 1
1 winning move:
  erase the 0 at digit 1 and everything right of it    to: -
method: table of every string of up to 6 digits
"
    );
    assert_eq!(outcome(&["digital-deletions", "-"]), "P");
}
