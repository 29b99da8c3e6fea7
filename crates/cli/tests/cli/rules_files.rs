//! `--rules FILE`: a rules file works with every command exactly as a
//! built-in game does, and a bad or hostile file is bad input (status 2).

use crate::common::*;
use std::path::PathBuf;

fn example(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/rules")
        .join(name)
        .display()
        .to_string()
}

/// A rules file written for one test, in the temporary directory.
fn temp_rules(tag: &str, source: &str) -> String {
    let path = std::env::temp_dir().join(format!("grundy-rules-{}-{tag}.rhai", std::process::id()));
    std::fs::write(&path, source).unwrap();
    path.display().to_string()
}

#[test]
fn analyze_answers_as_the_built_in_game() {
    let file = example("subtraction.rhai");
    for misere in [false, true] {
        let mut a = vec!["analyze", "--rules", &file, "10", "7", "--json"];
        let mut b = vec![
            "analyze",
            "subtraction",
            "--set",
            "1,3,4",
            "10",
            "7",
            "--json",
        ];
        if misere {
            a.push("--misere");
            b.push("--misere");
        }
        let (x, y) = (json(&a), json(&b));
        for field in ["position", "play", "outcome", "value", "winning_move_count"] {
            assert_eq!(x[field], y[field], "{field}");
        }
        let tos = |v: &serde_json::Value| -> Vec<serde_json::Value> {
            v["winning_moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m["to"].clone())
                .collect()
        };
        assert_eq!(tos(&x), tos(&y));
        assert_eq!(x["game"], file.as_str());
    }
    // The option may follow the position, and text output names the file.
    let text = ok(&["analyze", "10", "7", "--rules", &file]);
    assert!(
        text.starts_with(&format!("{file} 10 7: first player wins (N), value 1")),
        "{text}"
    );
}

#[test]
fn batch_seq_and_play_work() {
    let file = example("subtraction.rhai");
    let o = grundy_stdin(&["batch", "--rules", &file], "10 7\n3\n");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().count(), 2);
    let seq = ok(&["seq", "--rules", &file, "-n", "20"]);
    let built_in = ok(&["seq", "subtraction", "--set", "1,3,4", "-n", "20"]);
    let values = |s: &str| {
        s.lines()
            .skip(1)
            .take(2)
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(values(&seq), values(&built_in));
    assert!(seq.contains("period 7, pre-period 0 (observed)"), "{seq}");
    let mult = example("multiplication.rhai");
    let o = grundy_stdin(&["play", "--rules", &mult, "18"], "1\nq\n");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("multiply by 2"), "{}", stdout(&o));
}

#[test]
fn seq_needs_heap() {
    let o = grundy(&["seq", "--rules", &example("stone.rhai"), "-n", "5"]);
    assert_input_error(&o, "a rules file gives one by defining heap(n)");
}

#[test]
fn a_game_with_cycles_has_draws() {
    let v = json(&["analyze", "--rules", &example("cycles.rhai"), "7", "--json"]);
    assert_eq!(v["outcome"], "D");
    let v = json(&["analyze", "--rules", &example("cycles.rhai"), "4", "--json"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"][0]["to"], "1");
}

#[test]
fn print_lines_are_notes_of_the_answer_not_loose_output() {
    // Issue 38: `print` did nothing. Its lines are the answer's notes, in
    // the JSON document and the text alike; `debug` still goes nowhere.
    let file = temp_rules(
        "print",
        "fn parse(t) { debug(\"LEAK\"); parse_int(t) }\n\
         fn format(p) { `${p}` }\n\
         fn moves(p) { print(`moves of ${p}`); if p > 0 { [p - 1] } else { [] } }\n",
    );
    let doc = json(&["analyze", "--rules", &file, "3", "--json"]);
    let notes: Vec<&str> = doc["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect();
    for k in 0..=3 {
        assert!(
            notes.contains(&format!("print: moves of {k}").as_str()),
            "{notes:?}"
        );
    }
    let text = ok(&["analyze", "--rules", &file, "3"]);
    assert!(
        text.lines().any(|l| l == "note: print: moves of 3"),
        "{text}"
    );
    assert!(!text.contains("LEAK"), "{text}");
    assert!(!text.lines().any(|l| l == "moves of 3"), "{text}");
    let _ = std::fs::remove_file(file);
}

#[test]
fn hostile_and_broken_files_are_bad_input() {
    let looping = temp_rules(
        "loop",
        "fn parse(t) { 0 }\nfn format(p) { \"0\" }\nfn moves(p) { loop { } }\n",
    );
    assert_input_error(
        &grundy(&["analyze", "--rules", &looping, "0"]),
        "operations limit hit",
    );
    let broken = temp_rules("syntax", "fn parse(t) { t }\nfn format(p) {\n");
    let o = grundy(&["analyze", "--rules", &broken, "0"]);
    assert_input_error(&o, "does not parse");
    assert_input_error(&o, "line 3");
    assert_input_error(
        &grundy(&["analyze", "--rules", "/no/such/file.rhai", "1"]),
        "cannot read",
    );
    let o = grundy(&["analyze", "--rules", &example("game31.rhai"), "7"]);
    assert_input_error(&o, "'7' is not a card");
    for f in [looping, broken] {
        let _ = std::fs::remove_file(f);
    }
}

/// `--rules` after the positions is read there too: without its file, or
/// given twice, it is named (not taken for an unknown game `3`).
#[test]
fn a_rules_option_after_the_positions_is_checked() {
    assert_input_error(
        &grundy(&["analyze", "3", "--rules"]),
        "option --rules needs a value (FILE)",
    );
    assert_input_error(
        &grundy(&["analyze", "--rules", "a", "3", "--rules", "b"]),
        "option --rules given twice",
    );
}

/// A rules file without end (`/dev/zero`, whose size the file system
/// reports as 0) is refused at the 1 MiB bound, not read on: run under a
/// 1 GB address-space cap, reading on would end in an allocation failure.
#[test]
fn an_endless_rules_file_is_refused_at_the_bound() {
    let o = std::process::Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 1000000; exec \"$0\" analyze --rules /dev/zero 3")
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .output()
        .unwrap();
    let e = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{e}");
    assert!(
        e.contains("cannot read rules file '/dev/zero': it is longer than 1048576 bytes"),
        "{e}"
    );
}

#[test]
fn a_rules_file_too_big_or_not_text_is_refused() {
    let big = temp_rules("big", &format!("// {}\n", "x".repeat(1 << 20)));
    assert_status_2_naming(
        &["analyze", "--rules", &big, "3"],
        "it is 1048580 bytes; at most 1048576 are read",
    );
    let path = std::env::temp_dir().join(format!("grundy-rules-{}-bin.rhai", std::process::id()));
    std::fs::write(&path, b"fn parse(t) { 0 }\xff").unwrap();
    let bin = path.display().to_string();
    assert_status_2_naming(&["analyze", "--rules", &bin, "3"], "not UTF-8 text");
    let dir = std::env::temp_dir().display().to_string();
    assert_status_2_naming(&["analyze", "--rules", &dir, "3"], "it is a directory");
}

/// A move written as a map with a label but no `to` is named as such,
/// not taken for a position (which used to fail as a cycle or a bad
/// round trip, far from the mistake).
#[test]
fn a_move_map_without_to_names_the_missing_key() {
    let file = temp_rules(
        "noto",
        r#"
fn parse(text) { parse_int(text) }
fn format(p) { `${p}` }
fn moves(p) {
    if p > 0 { [#{label: "take one", from: p - 1}] } else { [] }
}
"#,
    );
    assert_status_2_naming(
        &["analyze", "--rules", &file, "3"],
        "moves(3): element 0 of the array it returned is a move with a label but no 'to'",
    );
}

/// Maps over 4096 entries are refused when a call returns, passes or
/// combines them; a map filled key by key inside one call (which rhai
/// does not measure) is bounded by the operations limit instead.
#[test]
fn the_map_size_limit_holds_as_documented() {
    let returned = temp_rules(
        "bigmap",
        r#"
fn parse(text) { parse_int(text) }
fn format(p) { `${p}` }
fn moves(p) {
    let m = #{};
    for i in 0..5000 { m[`k${i}`] = i; }
    if p > 0 { [#{to: p - 1, label: "x", m: m}] } else { [] }
}
"#,
    );
    assert_status_2_naming(
        &["analyze", "--rules", &returned, "3"],
        "size limit hit: Size of object map too large",
    );
    let endless = temp_rules(
        "endlessmap",
        r#"
fn parse(text) { parse_int(text) }
fn format(p) { `${p}` }
fn moves(p) {
    let m = #{};
    let i = 0;
    loop { m[`k${i}`] = i; i += 1; }
}
"#,
    );
    assert_status_2_naming(
        &["analyze", "--rules", &endless, "3"],
        "operations limit hit: more than 1000000 operations in one call",
    );
}

/// Counts of one take the singular: "after 1 move", "the 1 position
/// reachable" (they read "1 moves", "1 positions").
#[test]
fn counts_of_one_are_singular() {
    let file = example("cycles.rhai");
    let two = analyze_json(&["--rules", &file, "2"]);
    assert_eq!(
        two["notes"][0],
        "remoteness 1: the game ends after 1 move with best play"
    );
    let zero = analyze_json(&["--rules", &file, "0"]);
    assert_eq!(
        zero["method"],
        "retrograde analysis of the 1 position reachable (the game may repeat)"
    );
}

#[test]
fn a_rules_file_is_stopped_at_the_memory_limit_within_a_call() {
    // 400 strings of 60 KB in a map, in one call of `moves`: 35.7 MB
    // resident at --max-memory 16M and answered, the budget read only
    // where the engine counts states.
    let file = temp_rules(
        "bigmap",
        r#"
fn parse(text) { parse_int(text) }
fn format(p) { `${p}` }
fn moves(p) {
    let m = #{};
    for i in 0..400 { let s = `${i}`; s.pad(60000, "y"); m[`k${i}`] = s; }
    []
}
"#,
    );
    let o = grundy(&["analyze", "--rules", &file, "3", "--max-memory", "16M"]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(
        stderr(&o).contains("memory limit hit: the process held more than 16 MiB"),
        "{}",
        stderr(&o)
    );
}
