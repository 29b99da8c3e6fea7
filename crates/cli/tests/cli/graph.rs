//! `graph` on the command line: bad boards and tokens exit 2 naming the
//! problem, a move's position feeds back, a misère sum of many tokens
//! stops at the state limit, and `play` keeps a draw.

use crate::common::{analyze_json, assert_status_2_naming, grundy_stdin};

#[test]
fn bad_input_exits_2_naming_the_problem() {
    let cases: [(&[&str], &str); 5] = [
        (&["--edges", "a-b,b", "a"], "'b' is not an edge"),
        (&["--edges", "a-b,b-c", "a,x"], "'x', which is not a node"),
        (&["--edges", "a-b"], "no tokens given"),
        (&["--edges", ",,", "a"], "no edge given"),
        (&["a"], "missing option --edges"),
    ];
    for (args, want) in cases {
        let mut a = vec!["analyze", "graph"];
        a.extend_from_slice(args);
        assert_status_2_naming(&a, want);
    }
}

#[test]
fn the_position_after_a_move_reads_back() {
    let a = analyze_json(&["graph", "--edges", "a-b,b-c,a-c,c-d", "--tokens", "a,c"]);
    assert_eq!(a["outcome"], "N");
    let to = a["winning_moves"][0]["to"].as_str().unwrap().to_string();
    let b = analyze_json(&["graph", "--edges", "a-b,b-c,a-c,c-d", &to]);
    assert_eq!(b["outcome"], "P");
    assert_eq!(b["position"], to.as_str());
}

#[test]
fn a_misere_sum_of_many_tokens_stops_at_the_state_limit() {
    // A path of 40 nodes with a token on every node but the last.
    let edges: Vec<String> = (0..39).map(|i| format!("v{i}-v{}", i + 1)).collect();
    let tokens: Vec<String> = (0..39).map(|i| format!("v{i}")).collect();
    let edges = edges.join(",");
    let tokens = tokens.join(",");
    let args = [
        "analyze",
        "graph",
        "--edges",
        &edges,
        &tokens,
        "--misere",
        "--max-states",
        "100000",
    ];
    assert_status_2_naming(&args, "search limit hit");
}

#[test]
fn play_on_a_drawn_board_never_loses_the_draw() {
    // a <-> b: the token shuttles for ever; the engine's reply keeps it.
    let o = grundy_stdin(
        &["play", "graph", "--edges", "a-b,b-a", "a"],
        "1\n1\n1\nq\n",
    );
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("a draw with best play"), "{text}");
    assert_eq!(text.matches("The engine plays b -> a").count(), 3, "{text}");
    assert!(
        !text.contains("engine wins") && !text.contains("you win"),
        "{text}"
    );
}

#[test]
fn the_spec_example_with_tokens_as_an_option() {
    // a -> b -> c: c 0, b 1, a 0; tokens on a and c: 0 xor 0 = 0.
    let a = analyze_json(&["graph", "--edges", "a-b b-c", "--tokens", "a,c"]);
    assert_eq!(a["outcome"], "P");
    assert_eq!(a["value"], 0);
    assert_eq!(a["position"], "a,c");
    let b = analyze_json(&["graph", "--edges", "a-b b-c", "--tokens", "b,c"]);
    assert_eq!(
        (b["outcome"].as_str(), b["value"].as_u64()),
        (Some("N"), Some(1))
    );
    assert_eq!(b["winning_moves"][0]["move"], "b -> c");
}

#[test]
fn boards_and_sums_over_the_state_limit_are_refused() {
    assert_status_2_naming(
        &[
            "analyze",
            "graph",
            "--edges",
            "a-b,b-c,c-a",
            "a",
            "--max-states",
            "2",
        ],
        "limit 2 (raise it with --max-states)",
    );
    // Four tokens on a 50-cycle: the misère sum graph is far over 1000.
    let cycle: Vec<String> = (0..50).map(|i| format!("v{i}-v{}", (i + 1) % 50)).collect();
    let cycle = cycle.join(",");
    assert_status_2_naming(
        &[
            "analyze",
            "graph",
            "--edges",
            &cycle,
            "v0,v10,v20,v30",
            "--misere",
            "--max-states",
            "1000",
        ],
        "position too large for search: about 292825 positions, limit 1000",
    );
}

#[test]
fn a_three_cycle_draws_on_the_fourth_return_with_the_same_player_to_move() {
    // a -> b -> c -> a: position a comes back every three moves, with the
    // other player to move each time; with you to move at moves 0, 6, 12
    // and 18, after your ninth move.
    let o = grundy_stdin(
        &["play", "graph", "--edges", "a-b,b-c,c-a", "a"],
        &"1\n".repeat(12),
    );
    let text = String::from_utf8_lossy(&o.stdout);
    assert_eq!(text.matches("You play").count(), 9, "{text}");
    assert!(text.contains("come up 4 times with you to move"), "{text}");
    assert!(text.trim_end().ends_with("draw"), "{text}");
}
