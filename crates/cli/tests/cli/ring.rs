//! `ring` through the command line: the spec's example as text and JSON,
//! and bad input (exit status 2).

use crate::common::*;

const EXAMPLE: [&str; 8] = ["analyze", "ring", "--n", "5", "--a", "3,2", "--b", "1,2,3"];

#[test]
fn the_spec_example_as_json() {
    let mut a = EXAMPLE.to_vec();
    a.push("--json");
    let doc = json(&a);
    assert_eq!(
        doc["a_first"],
        serde_json::json!(["Lose", "Win", "Win", "Loop"])
    );
    assert_eq!(
        doc["b_first"],
        serde_json::json!(["Loop", "Win", "Win", "Win"])
    );
    assert_eq!(doc["outcome"], "P");
    assert_eq!(doc["position"], "2 A");
}

#[test]
fn the_spec_example_as_text() {
    let t = ok(&EXAMPLE);
    assert!(
        t.ends_with(
            "start  a_first  b_first\n\
             2      Lose     Loop\n\
             3      Win      Win\n\
             4      Win      Win\n\
             5      Loop     Win\n"
        ),
        "{t}"
    );
    let mut drawn = EXAMPLE.to_vec();
    drawn.extend(["2", "B"]);
    let t = ok(&drawn);
    assert!(t.contains(": draw (D)"), "{t}");
    assert!(
        t.contains("1 drawing move:\n  B moves 3: 2 -> 5    to: 5 A\n"),
        "{t}"
    );
}

#[test]
fn bad_input_exits_with_status_2() {
    for (args, word) in [
        (&["--n", "1", "--a", "1", "--b", "1"][..], "--n"),
        (&["--n", "5", "--a", "0,2", "--b", "1"], "--a"),
        (&["--n", "5", "--a", "1", "--b", "5"], "--b"),
        (&["--n", "5", "--a", "1", "--b", "1", "6"], "object"),
        (&["--n", "5", "--a", "1", "--b", "1", "3", "C"], "'C'"),
        (&["--n", "5", "--a", "1"], "--b"),
    ] {
        let mut a = vec!["analyze", "ring"];
        a.extend_from_slice(args);
        assert_input_error(&grundy(&a), word);
    }
}
