//! Conway's genus: `seq --genus` (text and JSON), the `genus` field of
//! `analyze --misere`, and the limits and refusals around them.

use crate::common::*;

/// `grundy seq kayles -n 12 --genus`, as docs/cli.md and README.md show it.
pub const KAYLES_12_GENUS: &str = "kayles (octal 0.77): values of heaps 0..=12\n\
     \x200: 0 1 2 3 1 4 3 2 1 4 2 6 4\n\
     period 12, pre-period 71 (proven)\n\
     genus of heaps 0..=12:\n\
     \x200: 0^120 1^031 2^20  3^31  1^031 4^146 3^31  2^20  1^13  4^046\n\
     10: 2^20  6^46  4^046\n";

#[test]
fn seq_kayles_genus_text_golden() {
    assert_eq!(
        ok(&["seq", "kayles", "-n", "12", "--genus"]),
        KAYLES_12_GENUS
    );
}

#[test]
fn seq_kayles_genus_json_golden() {
    assert_eq!(
        ok(&["seq", "kayles", "-n", "12", "--genus", "--json"]),
        concat!(
            r#"{"game":"kayles","code":"0.77","n":12,"values":[0,1,2,3,1,4,3,2,1,4,2,6,4],"#,
            r#""period":{"preperiod":71,"period":12,"proven":true},"computed_to":4096,"#,
            r#""genus":[{"normal":0,"misere":[1,2,0]},{"normal":1,"misere":[0,3,1]},"#,
            r#"{"normal":2,"misere":[2,0]},{"normal":3,"misere":[3,1]},"#,
            r#"{"normal":1,"misere":[0,3,1]},{"normal":4,"misere":[1,4,6]},"#,
            r#"{"normal":3,"misere":[3,1]},{"normal":2,"misere":[2,0]},"#,
            r#"{"normal":1,"misere":[1,3]},{"normal":4,"misere":[0,4,6]},"#,
            r#"{"normal":2,"misere":[2,0]},{"normal":6,"misere":[4,6]},"#,
            r#"{"normal":4,"misere":[0,4,6]}]}"#,
            "\n"
        )
    );
}

#[test]
fn seq_without_genus_has_no_genus_field() {
    let s = json(&["seq", "kayles", "-n", "12", "--json"]);
    assert!(s.get("genus").is_none(), "{s}");
}

#[test]
fn analyze_misere_json_golden_with_genus() {
    assert_eq!(
        ok(&["analyze", "kayles", "5", "--misere", "--json"]),
        include_str!("golden/kayles_5_misere.json")
    );
}

#[test]
fn analyze_misere_text_shows_the_genus() {
    assert_eq!(
        ok(&["analyze", "nim", "2", "2", "--misere"]),
        "nim 2 2 (misère play): second player wins (P)\n\
         genus 0^02\n\
         components:\n\
         \x20 2\n\
         \x20 2\n\
         method: misère nim theorem: P iff (some heap > 1 and XOR = 0) or (all heaps <= 1 and XOR = 1)\n"
    );
}

/// The genus's normal part is the normal-play value, its γ0 is 0 exactly
/// for misère P-positions, and a single heap's genus is what `seq --genus`
/// gives, for families of heaps, rows and coins.
#[test]
fn genus_agrees_with_value_outcome_and_seq() {
    let seq = json(&["seq", "dawson-kayles", "-n", "9", "--genus", "--json"]);
    for (game, positions) in [
        ("dawson-kayles", vec!["7", "3 4", "1 1 2", "9"]),
        ("nim", vec!["1 1 1", "3 4 5", "2 2"]),
        ("kayles-row", vec!["III.II", "IIII"]),
        ("grundy-game", vec!["7", "4 5"]),
    ] {
        for p in positions {
            let mut args = vec![game];
            args.extend(p.split(' '));
            let normal = analyze_json(&args);
            args.push("--misere");
            let misere = analyze_json(&args);
            let genus = &misere["genus"];
            assert_eq!(genus["normal"], normal["value"], "{game} {p}");
            let g0 = genus["misere"][0].as_u64().unwrap();
            assert_eq!(g0 == 0, misere["outcome"] == "P", "{game} {p}");
            if game == "dawson-kayles" && !p.contains(' ') {
                let h: usize = p.parse().unwrap();
                assert_eq!(&seq["genus"][h], genus, "{game} {p}");
            }
        }
    }
}

#[test]
fn a_rules_file_of_one_heap_has_the_built_in_genus() {
    let rules = json(&[
        "seq",
        "--rules",
        "../../examples/rules/subtraction.rhai",
        "-n",
        "20",
        "--genus",
        "--json",
    ]);
    let built_in = json(&[
        "seq",
        "subtraction",
        "--set",
        "1,3,4",
        "-n",
        "20",
        "--genus",
        "--json",
    ]);
    assert_eq!(rules["genus"].as_array().unwrap().len(), 21);
    assert_eq!(rules["genus"], built_in["genus"]);
}

#[test]
fn a_large_misere_position_is_answered_without_genus() {
    let a = analyze_json(&["nim", "1000000", "3", "--misere"]);
    assert_eq!(a["outcome"], "N");
    assert!(a.get("genus").is_none(), "{a}");
    let n = analyze_json(&["kayles", "5"]);
    assert!(n.get("genus").is_none(), "normal play has no genus: {n}");
}

#[test]
fn seq_genus_limits_and_refusals() {
    let o = grundy(&[
        "seq",
        "kayles",
        "-n",
        "40",
        "--genus",
        "--max-states",
        "1000",
    ]);
    assert_input_error(&o, "--max-states");
    // Above what the process holds at start (11 MiB), below what 40 heaps need.
    let o = grundy(&[
        "seq",
        "kayles",
        "-n",
        "40",
        "--genus",
        "--max-memory",
        "16M",
    ]);
    assert_input_error(&o, "memory limit");
    let o = grundy(&["seq", "wythoff", "-n", "4", "--genus"]);
    assert_input_error(&o, "one-heap");
    let o = grundy(&["seq", "kayles", "-n", "4", "--genus", "--summary"]);
    assert_input_error(&o, "--summary");
}
