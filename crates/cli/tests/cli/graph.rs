//! `graph` on the command line: bad boards and tokens exit 2 naming the
//! problem, a move's position feeds back, a misère sum of many tokens
//! stops at the state limit, `play` keeps a draw, and drawn positions and
//! infinite values have fields of their own (in batch answers too).

use crate::common::{
    analyze_json, assert_status_2_naming, grundy_stdin, ok, stderr, stdout, words,
};

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
    let args = words(
        "analyze graph --edges",
        &[&edges, &tokens, "--misere", "--max-states", "100000"],
    );
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

/// a -> z (an end), a -> c, c <-> d: a token on c or d shuttles for ever
/// (value ∞{}); a can stop at z or run into the loop (value ∞{0}).
const LOOPY: &str = "a-z,a-c,c-d,d-c";

#[test]
fn a_drawn_position_lists_its_drawing_moves_apart_from_the_winning_ones() {
    let a = analyze_json(&["graph", "--edges", LOOPY, "a,c"]);
    assert_eq!(a["outcome"], "D");
    assert_eq!(a["winning_move_count"], 0);
    assert_eq!(a["winning_moves"], serde_json::json!([]));
    assert_eq!(a["drawing_move_count"], 3);
    let to: Vec<&str> = a["drawing_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["to"].as_str().unwrap())
        .collect();
    assert_eq!(to, ["z,c", "c,c", "a,d"]);
    let t = ok(&["analyze", "graph", "--edges", LOOPY, "a,c"]);
    assert!(
        t.contains("\n3 drawing moves:\n  a -> z    to: z,c\n"),
        "{t}"
    );
    assert!(!t.contains("winning"), "{t}");
    // Counted but not all listed, and not examined at all.
    let a = analyze_json(&["graph", "--edges", LOOPY, "a,c", "--max-moves", "1"]);
    assert_eq!(a["drawing_move_count"], 3);
    assert_eq!(a["drawing_moves"].as_array().unwrap().len(), 1);
    let a = analyze_json(&["graph", "--edges", LOOPY, "a,c", "--outcome-only"]);
    assert_eq!(a["winning_move_count"], serde_json::Value::Null);
    assert!(a.get("drawing_move_count").is_none(), "{a}");
    assert!(a.get("drawing_moves").is_none(), "{a}");
    // A won position has no drawing field.
    let a = analyze_json(&["graph", "--edges", LOOPY, "a"]);
    assert_eq!(a["outcome"], "N");
    assert!(a.get("drawing_move_count").is_none(), "{a}");
    assert!(a.get("drawing_moves").is_none(), "{a}");
}

#[test]
fn an_infinite_value_is_the_loopy_value_field_not_a_note() {
    for (tokens, outcome, value) in [("a", "N", "∞{0}"), ("c", "D", "∞{}")] {
        let a = analyze_json(&["graph", "--edges", LOOPY, tokens]);
        assert_eq!(a["outcome"], outcome, "{a}");
        assert_eq!(a["loopy_value"], value, "{a}");
        assert_eq!(a["value"], serde_json::Value::Null, "{a}");
        assert!(
            !a.to_string().contains("generalized Sprague-Grundy value ∞"),
            "{a}"
        );
        let t = ok(&["analyze", "graph", "--edges", LOOPY, tokens]);
        assert!(
            t.contains(&format!(
                "\nloopy value {value} (generalized Sprague-Grundy value)\n"
            )),
            "{t}"
        );
        assert!(!t.contains("not computed"), "{t}");
    }
    // A finite generalized value is the value alone.
    let a = analyze_json(&["graph", "--edges", "a-b,b-a,b-c", "b"]);
    assert_eq!(a["value"], 1);
    assert!(a.get("loopy_value").is_none(), "{a}");
}

#[test]
fn batch_answers_drawn_and_loopy_positions_as_analyze_does() {
    let positions = ["a", "a,c", "c", "z", "a,a"];
    for extra in [&[][..], &["--max-moves", "1"], &["--outcome-only"]] {
        let mut args = vec!["batch", "graph", "--edges", LOOPY];
        args.extend_from_slice(extra);
        let o = grundy_stdin(&args, &(positions.join("\n") + "\n"));
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let out = stdout(&o);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), positions.len(), "{out}");
        for (line, p) in lines.iter().zip(positions) {
            let mut one = vec!["graph", "--edges", LOOPY, p];
            one.extend_from_slice(extra);
            let want = analyze_json(&one);
            let got: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(got, want, "{p} {extra:?}");
            // The fields come in the same order too.
            let fields = [
                "\"winning_moves\"",
                "\"drawing_move_count\"",
                "\"drawing_moves\"",
                "\"loopy_value\"",
                "\"components\"",
            ];
            let at: Vec<usize> = fields.iter().filter_map(|f| line.find(f)).collect();
            assert!(at.windows(2).all(|w| w[0] < w[1]), "{line}");
        }
    }
}
