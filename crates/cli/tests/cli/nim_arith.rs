//! `grundy nim`: the documented facts of nim arithmetic.

use crate::common::*;

fn nim(op: &str, operands: &[&str]) -> u64 {
    let mut args = vec!["nim", op];
    args.extend_from_slice(operands);
    let out = ok(&args);
    assert!(out.ends_with('\n') && out.lines().count() == 1, "{out:?}");
    out.trim().parse().expect("a decimal result")
}

#[test]
fn products() {
    assert_eq!(nim("mul", &["8", "8"]), 13);
    assert_eq!(nim("mul", &["2", "2"]), 3);
    assert_eq!(nim("mul", &["2", "3"]), 1);
    assert_eq!(nim("mul", &["4", "4"]), 6);
    assert_eq!(nim("mul", &["16", "16"]), 24);
    assert_eq!(nim("mul", &["0", "18446744073709551615"]), 0);
    assert_eq!(nim("mul", &["1", "18446744073709551615"]), u64::MAX);
}

#[test]
fn sums_inverses_roots() {
    assert_eq!(nim("add", &["5", "3"]), 6);
    assert_eq!(nim("add", &["0xff", "1"]), 254);
    assert_eq!(nim("inv", &["1"]), 1);
    // 2 * 3 = 1, so 3 is the inverse of 2.
    assert_eq!(nim("inv", &["2"]), 3);
    assert_eq!(nim("sqrt", &["13"]), 8);
    assert_eq!(nim("sqrt", &["3"]), 2);
    // Round trips on a large element.
    let a = "12345678901234567890";
    let inv = nim("inv", &[a]).to_string();
    assert_eq!(nim("mul", &[a, &inv]), 1);
    let sq = nim("mul", &[a, a]).to_string();
    assert_eq!(nim("sqrt", &[&sq]), 12345678901234567890);
}

#[test]
fn json_object() {
    let v = json(&["nim", "mul", "8", "8", "--json"]);
    assert_eq!(
        v,
        serde_json::json!({"op": "mul", "operands": [8, 8], "result": 13})
    );
    let v = json(&["nim", "--json", "inv", "2"]);
    assert_eq!(v["result"], 3);
}
