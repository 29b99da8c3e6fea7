//! `analyze --outcome-only` and `--max-moves K` (issue 11 item 4): a
//! position with too many moves to list is answered from its value, a long
//! move list is cut to its first K, and every limit message names the
//! option that raises it.

use crate::common::*;

/// The value of a kayles heap of `n` from its proven period, as `seq`
/// reports it (values of heaps up to twice the pre-period and period).
fn kayles_value_by_period(n: u64) -> u64 {
    let doc = json(&["seq", "kayles", "-n", "200", "--json"]);
    let p = &doc["period"];
    assert_eq!(p["proven"], true, "{doc}");
    let (n0, per) = (
        p["preperiod"].as_u64().unwrap(),
        p["period"].as_u64().unwrap(),
    );
    let k = if n < n0 { n } else { n0 + (n - n0) % per };
    doc["values"][k as usize].as_u64().unwrap()
}

/// The JSON analyses of `analyze ARGS`: in full, and with
/// `--outcome-only`.
fn full_and_outcome_only(args: &[&str]) -> (serde_json::Value, serde_json::Value) {
    let only: Vec<&str> = args.iter().copied().chain(["--outcome-only"]).collect();
    (analyze_json(args), analyze_json(&only))
}

#[test]
fn a_trillion_pin_kayles_heap_is_answered_at_once() {
    let n: u64 = 1_000_000_000_000;
    let doc = json(&[
        "analyze",
        "kayles",
        &n.to_string(),
        "--outcome-only",
        "--json",
    ]);
    let v = kayles_value_by_period(n);
    assert_eq!(doc["value"], v, "{doc}");
    assert_eq!(doc["outcome"], if v == 0 { "P" } else { "N" });
    assert_eq!(doc["winning_move_count"], serde_json::Value::Null);
    assert_eq!(doc["winning_moves"], serde_json::json!([]));
    let text = ok(&["analyze", "kayles", "1000000000000", "--outcome-only"]);
    assert!(
        text.starts_with(&format!(
            "kayles 1000000000000: first player wins (N), value {v}\n"
        )),
        "{text}"
    );
    assert!(text.contains("winning moves not examined"), "{text}");
}

/// Issue 19: a position with too many moves to examine, or too many
/// winning moves to list, is answered all the same (outcome, value), with
/// a note saying why the moves are not listed and how to list some.
#[test]
fn without_outcome_only_a_huge_position_is_answered_with_a_note() {
    for (args, why) in [
        (&["kayles", "1000000000000"][..], "--max-states"),
        (
            &["turning-corners", "3699942501,3250643525"],
            "the answer would hold",
        ),
    ] {
        let mut a = vec!["analyze"];
        a.extend_from_slice(args);
        let text = ok(&a);
        assert!(text.contains("winning moves not examined\n"), "{text}");
        assert!(text.contains("note: winning moves not listed"), "{text}");
        assert!(text.contains(why), "{text}");
        assert!(text.contains("--max-moves K"), "{text}");
        let (doc, only) = full_and_outcome_only(args);
        for field in ["outcome", "value", "components", "winning_move_count"] {
            assert_eq!(doc[field], only[field], "{args:?} {field}");
        }
        assert_eq!(doc["winning_moves"], serde_json::json!([]));
        assert_eq!(doc["notes"].as_array().unwrap().len(), 1, "{doc}");
    }
    // The nim product of the coordinates (x ⊗ y), as the Tartan theorem says.
    let doc = json(&[
        "analyze",
        "turning-corners",
        "3699942501,3250643525",
        "--json",
    ]);
    assert_eq!(doc["value"], 1378850189);
}

/// `--max-moves K` where the moves are too many to examine: the first K
/// winning moves found, without looking at the rest; each leads to a
/// position of value 0.
#[test]
fn max_moves_lists_the_first_k_found_in_a_huge_position() {
    for args in [
        &["turning-corners", "3699942501,3250643525"][..],
        &["dawson-kayles", "1000000000000"],
    ] {
        let mut a = vec!["analyze"];
        a.extend_from_slice(args);
        a.extend_from_slice(&["--max-moves", "2", "--json"]);
        let doc = json(&a);
        assert_eq!(doc["winning_move_count"], serde_json::Value::Null, "{doc}");
        let moves = doc["winning_moves"].as_array().unwrap();
        assert_eq!(moves.len(), 2, "{doc}");
        assert!(
            doc["notes"][0].as_str().unwrap().contains("not counted"),
            "{doc}"
        );
        for m in moves {
            let to = m["to"].as_str().unwrap();
            let mut b = vec!["analyze"];
            b.extend_from_slice(&args[..args.len() - 1]);
            b.extend(to.split_whitespace());
            b.extend_from_slice(&["--outcome-only", "--json"]);
            assert_eq!(json(&b)["value"], 0, "{args:?} {to}");
        }
    }
}

#[test]
fn outcome_only_agrees_with_the_full_analysis() {
    for args in [
        &["nim", "3", "4", "5"][..],
        &["nim", "1", "4", "5"],
        &["kayles", "7", "9"],
        &["treblecross", ".X.........X."],
        &["nim", "1", "1", "2", "--misere"],
        &["grundy-game", "9", "10", "--misere"],
    ] {
        let (full, only) = full_and_outcome_only(args);
        for field in ["outcome", "value", "components", "position"] {
            assert_eq!(full[field], only[field], "{args:?} {field}");
        }
        assert_eq!(
            only["winning_move_count"],
            serde_json::Value::Null,
            "{args:?}"
        );
    }
}

#[test]
fn max_moves_lists_the_first_k_and_counts_them_all() {
    let full = json(&["analyze", "kayles", "100", "--json"]);
    let all = full["winning_moves"].as_array().unwrap();
    assert!(all.len() > 3, "{full}");
    for k in [0usize, 1, 3, all.len(), all.len() + 5] {
        let kk = k.to_string();
        let doc = json(&["analyze", "kayles", "100", "--json", "--max-moves", &kk]);
        assert_eq!(doc["winning_move_count"], full["winning_move_count"], "{k}");
        let listed = doc["winning_moves"].as_array().unwrap();
        assert_eq!(listed[..], all[..k.min(all.len())], "{k}");
    }
    let text = ok(&["analyze", "kayles", "100", "--max-moves", "2"]);
    assert!(
        text.contains(&format!(
            "\n{} winning moves, the first 2 listed:\n",
            all.len()
        )),
        "{text}"
    );
    // The same cut applies to every line of a batch.
    let o = grundy_stdin(&["batch", "kayles", "--max-moves", "1"], "100\n7 9\n");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    for line in stdout(&o).lines() {
        let doc: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(doc["winning_moves"].as_array().unwrap().len() <= 1, "{doc}");
    }
}

#[test]
fn detail_options_are_checked() {
    assert_input_error(
        &grundy(&["analyze", "nim", "3", "--outcome-only", "--max-moves", "2"]),
        "cannot be used with",
    );
    assert_input_error(
        &grundy(&["analyze", "nim", "3", "--max-moves", "-1"]),
        "--max-moves",
    );
    assert_input_error(&grundy(&["analyze", "nim", "3", "--max-moves", "x"]), "'x'");
    assert_input_error(
        &grundy(&["seq", "kayles", "-n", "3", "--outcome-only"]),
        "--outcome-only",
    );
}

#[test]
fn limit_messages_name_the_option_that_raises_them() {
    for (option, value, says) in [
        ("--max-states", "100", "limit 100"),
        ("--time-limit", "0.001", "search time"),
    ] {
        let o = grundy(&[
            "analyze",
            "xo-row",
            "..............",
            "--misere",
            option,
            value,
        ]);
        assert_input_error(&o, says);
        assert_input_error(&o, option);
    }
}

/// A winning move's label can be longer than any column the standard
/// formatter pads to (65,535 characters): a coin-product move turning
/// thousands of coins printed "internal error: Formatting argument out of
/// range" instead of the answer. The text answer lists the moves in full,
/// and the coin-product move of a billion-coin ruler set (which the
/// fuzzer found building an 8 GB list) is not built: the search stops
/// with the moves found before it.
#[test]
fn long_move_labels_print_and_billion_coin_sets_are_not_built() {
    let ruler_x_turtles = |head| {
        words(
            "analyze coin-product --x ruler --y mock-turtles",
            &[head, "--max-moves", "4"],
        )
    };
    let text = ok(&ruler_x_turtles("1166666666,290"));
    assert!(
        text.contains("the first 4 winning moves found:"),
        "{text:.300}"
    );
    let longest = text.lines().map(str::len).max().unwrap();
    assert!(longest > 65_535, "{longest}");
    let mut args = ruler_x_turtles("1166666666,62790");
    args.push("--json");
    let doc = json(&args);
    assert_eq!(doc["outcome"], "N", "{doc}");
    assert_eq!(doc["winning_move_count"], serde_json::Value::Null);
    let listed = doc["winning_moves"].as_array().unwrap();
    assert!(!listed.is_empty() && listed.len() <= 4, "{doc}");
    assert_eq!(listed[0]["to"], "-");
}
