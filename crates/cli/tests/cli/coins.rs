//! Coin-turning and product games through the command line: the value
//! tables of section 6 of the games spec, long rows, products, bad input.

use crate::common::*;

/// The value of a lone head at coin `x` (1-based) under `rule`.
fn head(rule: &str, x: u64) -> u64 {
    let pos = format!("{x}:{x}");
    analyze_json(&["coins", "--rule", rule, &pos])["value"]
        .as_u64()
        .unwrap()
}

#[test]
fn value_tables_of_the_spec() {
    let table = |rule: &str, n: u64| (1..=n).map(|x| head(rule, x)).collect::<Vec<_>>();
    assert_eq!(table("single", 4), [1, 1, 1, 1]);
    assert_eq!(table("one-or-two", 5), [1, 2, 3, 4, 5]);
    assert_eq!(table("run:3", 6), [0, 0, 1, 0, 0, 1]);
    assert_eq!(table("mock-turtles", 8), [1, 2, 4, 7, 8, 11, 13, 14]);
    assert_eq!(table("ruler", 8), [1, 2, 1, 4, 1, 2, 1, 8]);
    assert_eq!(table("grunt", 10), [0, 0, 1, 0, 2, 1, 0, 2, 1, 0]);
    assert_eq!(table("subtract:1,3,4", 7), [1, 0, 1, 2, 3, 2, 0]);
    assert_eq!(table("twins:1,3,4", 7), [0, 1, 0, 1, 2, 3, 2]);
}

#[test]
fn winning_moves_are_sets_of_coins_and_lead_to_p() {
    let a = analyze_json(&["coins", "--rule", "ruler", "HHTTHTTH"]);
    assert_eq!(a["outcome"], "N");
    for m in a["winning_moves"].as_array().unwrap() {
        assert!(m["move"].as_str().unwrap().starts_with("turn coin"), "{m}");
        let back = analyze_json(&["coins", "--rule", "ruler", m["to"].as_str().unwrap()]);
        assert_eq!(back["outcome"], "P", "{m}");
    }
}

#[test]
fn a_billion_coins_with_fifty_heads() {
    let heads: Vec<String> = (1..=50u64).map(|i| (i * 19_999_937).to_string()).collect();
    let pos = format!("1000000000:{}", heads.join(","));
    for rule in [
        "one-or-two",
        "ruler",
        "subtract:2,5,7",
        "twins:1,4",
        "run:6",
        "single",
    ] {
        let a = analyze_json(&["coins", "--rule", rule, &pos]);
        for m in a["winning_moves"].as_array().unwrap() {
            let back = analyze_json(&["coins", "--rule", rule, m["to"].as_str().unwrap()]);
            assert_eq!(back["outcome"], "P", "{rule}: {m}");
        }
    }
}

#[test]
fn products_and_turning_corners() {
    // A lone head at (x, x) is worth x ⊗ x.
    for (x, v) in [(2, 3), (4, 6), (8, 13), (16, 24)] {
        let c = format!("{x},{x}");
        assert_eq!(analyze_json(&["turning-corners", &c])["value"], v);
    }
    let a = analyze_json(&["coin-product", "--x", "ruler", "--y", "ruler", "2,2"]);
    assert_eq!(a["value"], 3); // ruler(2) = 2, 2 ⊗ 2 = 3
    let big = analyze_json(&["turning-corners", "4294967295,7", "3,3"]);
    for m in big["winning_moves"].as_array().unwrap() {
        let back = analyze_json(&["turning-corners", m["to"].as_str().unwrap()]);
        assert_eq!(back["outcome"], "P", "{m}");
    }
}

#[test]
fn bad_input_exits_2_naming_the_problem() {
    let cases: [(&[&str], &str); 8] = [
        (&["coins", "--rule", "ruler", "HHxT"], "'x' at column 3"),
        (
            &["coins", "--rule", "rulers", "HH"],
            "unknown coin-turning rule 'rulers'",
        ),
        (&["coins", "--rule", "run:0", "HH"], "too small"),
        (&["coins", "--rule", "twins:2000", "HH"], "too large"),
        (
            &["coins", "--rule", "ruler", "10:4,4"],
            "coin 4 is listed twice",
        ),
        (&["coins", "--rule", "ruler", "10:11"], "too large"),
        (&["turning-corners", "1,x"], "head 1 ('1,x')"),
        (&["turning-corners", "4294967296,1"], "too large"),
    ];
    for (args, want) in cases {
        let mut a = vec!["analyze"];
        a.extend_from_slice(args);
        assert_status_2_naming(&a, want);
    }
}
