//! `grundy quotient`: the text a paper prints, the JSON fields, the
//! errors (exit 2) and the limits.

use crate::common::{grundy, json, ok, stderr};

#[test]
fn a_tame_quotient_as_text() {
    assert_eq!(
        ok(&["quotient", "octal", "--code", "0.33"]),
        "octal 0.33: misère quotient of order 6 (tame), the whole game's quotient (periodicity test passed)
Q = < a, b | a^2 = 1, b^3 = b >
generators: a (heap 1), b (heap 2)
P = {a, b^2}
pretending function (pre-period 0, period 3):
    0  1 a b 1 a b 1 a b 1
   10  a
"
    );
}

#[test]
fn kayles_as_json() {
    let q = json(&["quotient", "kayles", "--json"]);
    assert_eq!(q["game"], "kayles");
    assert_eq!(q["solved"], true);
    assert_eq!(q["order"], 40);
    assert_eq!(q["preperiod"], 71);
    assert_eq!(q["period"], 12);
    assert_eq!(q["tame"], false);
    assert_eq!(q["max_heap"], 170);
    let elements = q["elements"].as_array().expect("elements");
    assert_eq!(elements.len(), 40);
    assert_eq!(elements[0], "1");
    let p: Vec<&str> = q["p_portion"]
        .as_array()
        .expect("p_portion")
        .iter()
        .map(|v| v.as_str().expect("a name"))
        .collect();
    assert!(p.contains(&"a") && p.contains(&"b^2"), "{p:?}");
    let pretending = q["pretending"].as_array().expect("pretending");
    assert_eq!(pretending.len(), 171);
    assert_eq!(&pretending[..4], &["1", "a", "b", "ab"]);
    let orders = q["orders"].as_array().expect("orders");
    assert_eq!(orders.len(), 171);
    assert_eq!(orders[170], 40);
    assert_eq!(q["generators"][0]["name"], "a");
    assert_eq!(q["generators"][0]["heap"], 1);
    assert!(q["relations"]
        .as_array()
        .expect("relations")
        .contains(&serde_json::json!("a^2 = 1")));
}

#[test]
fn a_bounded_quotient_is_not_called_solved() {
    let q = json(&["quotient", "grundy-game", "--max-heap", "12", "--json"]);
    assert_eq!(q["solved"], false);
    assert_eq!(q["max_heap"], 12);
    let q = json(&["quotient", "kayles", "--max-heap", "40", "--json"]);
    assert_eq!(q["solved"], false);
    assert_eq!(q["order"], 40);
}

/// Nim's bounded quotients are the tame T_k, of order 2^k + 2, with the
/// P-portion {a, b^2}; T_2 (heaps 0..3) is the order-6 quotient of the
/// theory. A heap game without a periodicity theorem is never solved.
#[test]
fn nim_gives_the_tame_quotients() {
    for (n, order) in [(3, 6), (7, 10), (15, 18), (31, 34)] {
        let q = json(&["quotient", "nim", "--max-heap", &n.to_string(), "--json"]);
        assert_eq!(q["order"], order, "Q_{n}");
        assert_eq!(q["tame"], true, "Q_{n}");
        assert_eq!(q["solved"], false, "Q_{n}");
        assert_eq!(q["p_portion"], serde_json::json!(["a", "b^2"]), "Q_{n}");
    }
    assert_eq!(
        ok(&["quotient", "nim", "--max-heap", "3"]),
        "nim: misère quotient of order 6 (tame), the bounded quotient Q_3 (not proven whole)
Q = < a, b | a^2 = 1, b^3 = b >
generators: a (heap 1), b (heap 2)
P = {a, b^2}
pretending function (no period seen):
    0   1  a  b ab
"
    );
}

/// Bash (take 1 to M) is the subtraction game {1..M}: the same quotient,
/// proven by the same periodicity test.
#[test]
fn bash_is_its_subtraction_set() {
    let bash = json(&["quotient", "bash", "--max", "3", "--json"]);
    let set = json(&["quotient", "subtraction", "--set", "1,2,3", "--json"]);
    assert_eq!(bash["solved"], true);
    for field in [
        "order",
        "elements",
        "p_portion",
        "relations",
        "pretending",
        "period",
    ] {
        assert_eq!(bash[field], set[field], "{field}");
    }
}

/// A rules file of one heap: its `heap(n)` and options give the same
/// quotient as the built-in family of the same rules, bounded (no
/// periodicity test for a script).
#[test]
fn a_rules_file_of_one_heap_has_the_built_in_quotient() {
    let rules = "../../examples/rules/subtraction.rhai";
    let file = json(&["quotient", "--rules", rules, "--max-heap", "40", "--json"]);
    let built_in = json(&[
        "quotient",
        "subtraction",
        "--set",
        "1,3,4",
        "--max-heap",
        "40",
        "--json",
    ]);
    assert_eq!(file["solved"], false);
    assert_eq!(file["max_heap"], 40);
    for field in ["order", "elements", "p_portion", "relations"] {
        assert_eq!(file[field], built_in[field], "{field}");
    }
    // The built-in family stops once its quotient is proven (heap 20).
    let (f, b) = (
        file["pretending"].as_array(),
        built_in["pretending"].as_array(),
    );
    let (f, b) = (f.expect("pretending"), b.expect("pretending"));
    assert_eq!(f.len(), 41);
    assert_eq!(&f[..b.len()], &b[..]);
    let out = grundy(&[
        "quotient",
        "--rules",
        "../../examples/rules/treblecross.rhai",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("has no misère quotient here"),
        "{}",
        stderr(&out)
    );
}

/// `--progress` draws on stderr only (and not at all when stderr is no
/// terminal): the answer is the same.
#[test]
fn progress_leaves_the_answer_alone() {
    let args = ["quotient", "octal", "--code", "0.34", "--json"];
    let plain = ok(&args);
    let shown = ok(&[&args[..], &["--progress"]].concat());
    assert_eq!(plain, shown);
}

#[test]
fn bad_requests_exit_with_status_2() {
    for (args, needle) in [
        (
            &["quotient", "bounded-nim"][..],
            "has no misère quotient here",
        ),
        (
            &["quotient", "kayles", "5"][..],
            "quotient takes no position",
        ),
        (
            &["quotient", "kayles", "--max-heap", "x"][..],
            "not a whole number",
        ),
        (
            &["quotient", "kayles", "--max-heap", "20000"][..],
            "at most 10000",
        ),
    ] {
        let out = grundy(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(needle), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn a_quotient_beyond_the_time_limit_is_a_limit_error() {
    let out = grundy(&["quotient", "octal", "--code", "0.07", "--time-limit", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("more than 1s of search time"),
        "{}",
        stderr(&out)
    );
}

/// A misère sum whose search is refused is answered through the quotient;
/// with the search allowed, the same position gets the same outcome and
/// the same winning moves by search of the whole sum.
#[test]
fn misere_answers_through_the_quotient_equal_the_search() {
    let mut compared = 0;
    for code in ["0.75", "0.34", "0.33"] {
        for heaps in [
            &["9", "9", "9", "9", "8"][..],
            &["3", "5", "7", "9", "11"],
            &["12", "10", "6", "4"],
            &["1", "2", "3", "4", "5", "6"],
            &["14", "13", "2", "2", "2"],
            &["7", "7", "7", "7", "7", "7"],
        ] {
            let mut args = vec!["analyze", "octal", "--code", code, "--misere", "--json"];
            args.extend(heaps);
            quotient_answers_as_search(&args, "300", "misère quotient of order");
            compared += 1;
        }
    }
    assert_eq!(compared, 18);
}

#[test]
fn a_large_misere_kayles_sum_is_answered_by_the_quotient() {
    let a = json(&[
        "analyze", "kayles", "30", "30", "30", "30", "30", "30", "30", "30", "71", "200", "1000",
        "--misere", "--json",
    ]);
    assert_eq!(a["outcome"], "N");
    assert!(a["method"]
        .as_str()
        .expect("method")
        .starts_with("misère quotient of order 40 of octal 0.77 (proven for every heap)"));
    assert_eq!(a["components"].as_array().expect("components").len(), 11);
    let note = a["notes"][0].as_str().expect("a note naming the elements");
    assert!(
        note.starts_with("each heap's element: heap 30 = ") && note.contains("heap 1000 = "),
        "{note}"
    );
    // Every listed move leaves a P-position, by the quotient again.
    let moves = a["winning_moves"].as_array().expect("moves");
    assert!(!moves.is_empty());
    for m in moves.iter().take(20) {
        let to: Vec<&str> = m["to"].as_str().expect("to").split(' ').collect();
        let mut args = vec!["analyze", "kayles", "--misere", "--json", "--outcome-only"];
        args.extend(to);
        assert_eq!(json(&args)["outcome"], "P", "{m}");
    }
}

/// A misère sum of a wild code whose search is refused is answered from
/// the bounded quotient Q_n of its largest heap n (its whole quotient is
/// not proven): the outcome and winning moves the search finds with the
/// state limit raised.
#[test]
fn a_refused_misere_sum_of_a_wild_code_is_answered_by_its_bounded_quotient() {
    let args = [
        "analyze", "octal", "--code", "0.07", "12", "7", "2", "--misere", "--json",
    ];
    quotient_answers_as_search(&args, "3000", "bounded quotient Q_12 of order ");
}

/// `args` (a misère analysis, `--json`) answered by search, then with
/// `--max-states states` by a quotient whose method starts with
/// `method`: the same position, outcome and winning moves.
fn quotient_answers_as_search(args: &[&str], states: &str, method: &str) {
    let by_search = json(args);
    assert!(
        by_search["method"]
            .as_str()
            .unwrap_or("")
            .starts_with("misère search"),
        "{args:?}: {}",
        by_search["method"]
    );
    let mut limited = args.to_vec();
    limited.extend(["--max-states", states]);
    let by_quotient = json(&limited);
    assert!(
        by_quotient["method"]
            .as_str()
            .unwrap_or("")
            .starts_with(method),
        "{args:?}: {}",
        by_quotient["method"]
    );
    for field in ["outcome", "winning_move_count", "winning_moves", "position"] {
        assert_eq!(by_search[field], by_quotient[field], "{args:?}: {field}");
    }
}
