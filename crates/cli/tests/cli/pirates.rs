//! `grundy pirates --n N --m M` and its other spelling `grundy analyze
//! pirates ...`: the table of every pirate's fate, as text and JSON, and
//! the refusals of bad input.

use crate::common::*;
use serde_json::json;

pub(crate) const FIVE_AND_ONE_HUNDRED: &str = "\
pirates --n 5 --m 100: pirate 1 proposes the division that is carried; no one is thrown overboard
rank  fate
   1  98
   2  0
   3  1
   4  0
   5  1
";

/// Pirate 1 is thrown overboard; pirate 2 buys one vote among pirates 3
/// and 4 (each would get a sure 0 after a rejection), and pirate 5 would
/// cost 2 (he would get 1).
const FIVE_AND_ONE: &str = "\
pirates --n 5 --m 1: pirate 2 proposes the division that is carried; 1 thrown overboard (pirate 1)
rank  fate
   1  overboard
   2  0
   3  {0,1}
   4  {0,1}
   5  0
{0,t}: 0 or t coins, as the proposer chooses among his equally good divisions
";

#[test]
fn pirates_text_for_5_pirates_and_100_coins() {
    assert_eq!(
        ok(&["pirates", "--n", "5", "--m", "100"]),
        FIVE_AND_ONE_HUNDRED
    );
    // Options in any order, values attached.
    assert_eq!(ok(&["pirates", "--m=100", "--n=5"]), FIVE_AND_ONE_HUNDRED);
}

#[test]
fn pirates_text_with_overboard_and_sets() {
    assert_eq!(ok(&["pirates", "--n", "5", "--m", "1"]), FIVE_AND_ONE);
}

#[test]
fn pirates_json_for_5_pirates_and_100_coins() {
    let coins = |rank: u32, c: u32| json!({"rank": rank, "fate": "coins", "coins": c});
    assert_eq!(
        json(&["pirates", "--n", "5", "--m", "100", "--json"]),
        json!({
            "puzzle": "pirates", "n": 5, "m": 100, "proposer": 1, "overboard": 0,
            "pirates": [coins(1, 98), coins(2, 0), coins(3, 1), coins(4, 0), coins(5, 1)]
        })
    );
}

#[test]
fn pirates_json_with_overboard_and_sets() {
    let v = json(&["pirates", "--json", "--n", "5", "--m", "1"]);
    assert_eq!(
        (v["proposer"].as_u64(), v["overboard"].as_u64()),
        (Some(2), Some(1))
    );
    assert_eq!(
        v["pirates"],
        json!([
            {"rank": 1, "fate": "overboard"},
            {"rank": 2, "fate": "coins", "coins": 0},
            {"rank": 3, "fate": "set", "may_get": [0, 1]},
            {"rank": 4, "fate": "set", "may_get": [0, 1]},
            {"rank": 5, "fate": "coins", "coins": 0},
        ])
    );
}

#[test]
fn pirates_1000_with_100_coins_throw_288_overboard() {
    let t = ok(&["pirates", "--n", "1000", "--m", "100"]);
    assert_eq!(
        t.lines().next().unwrap(),
        "pirates --n 1000 --m 100: pirate 289 proposes the division that is carried; \
         288 thrown overboard (pirates 1 to 288)"
    );
    assert_eq!(t.lines().nth(1), Some("rank  fate"));
    assert_eq!(
        t.lines().filter(|l| l.ends_with("  overboard")).count(),
        288
    );
    assert_eq!(t.lines().nth(2 + 288), Some(" 289  0"));
    let v = json(&["pirates", "--n", "1000", "--m", "100", "--json"]);
    assert_eq!(
        (v["proposer"].as_u64(), v["overboard"].as_u64()),
        (Some(289), Some(288))
    );
    let rows = v["pirates"].as_array().unwrap();
    assert_eq!(rows.len(), 1000);
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row["rank"].as_u64(), Some(i as u64 + 1));
        assert_eq!(row["fate"] == "overboard", i < 288, "{row}");
    }
    // What the survivors may get adds up to at least the 100 coins.
    let most: u64 = rows
        .iter()
        .map(|r| match r["fate"].as_str().unwrap() {
            "coins" => r["coins"].as_u64().unwrap(),
            "set" => r["may_get"]
                .as_array()
                .unwrap()
                .last()
                .unwrap()
                .as_u64()
                .unwrap(),
            _ => 0,
        })
        .sum();
    assert!(most >= 100, "{most}");
}

#[test]
fn pirates_10000_with_100_coins() {
    let t = ok(&["pirates", "--n", "10000", "--m", "100"]);
    assert_eq!(t.lines().count(), 2 + 10_000 + 1);
    assert!(
        t.starts_with("pirates --n 10000 --m 100: pirate 1609 proposes the division that is carried; 1608 thrown overboard (pirates 1 to 1608)\n"),
        "{}",
        t.lines().next().unwrap()
    );
}

/// Users type `analyze pirates`: it prints exactly what `pirates` does,
/// whatever the options' place.
#[test]
fn pirates_through_analyze() {
    assert_eq!(
        ok(&["analyze", "pirates", "--n", "5", "--m", "100"]),
        FIVE_AND_ONE_HUNDRED
    );
    assert_eq!(
        ok(&["analyze", "pirates", "--m", "1", "--n", "5"]),
        FIVE_AND_ONE
    );
    let direct = ok(&["pirates", "--n", "9", "--m", "3", "--json"]);
    for args in [
        &["analyze", "pirates", "--n", "9", "--m", "3", "--json"][..],
        &["analyze", "--json", "pirates", "--n", "9", "--m", "3"],
        &["analyze", "--json", "--", "pirates", "--n", "9", "--m", "3"],
    ] {
        assert_eq!(ok(args), direct, "{args:?}");
    }
    assert_eq!(
        ok(&["analyze", "pirates", "--help"]),
        ok(&["pirates", "--help"])
    );
}

#[test]
fn pirates_bad_input_is_named_with_status_2() {
    for (args, want) in [
        (
            &["pirates", "--n", "0", "--m", "100"][..],
            "--n: '0' is too small",
        ),
        (
            &["pirates", "--n", "10001", "--m", "100"],
            "--n: '10001' is too large",
        ),
        (
            &["pirates", "--n", "5", "--m", "101"],
            "--m: '101' is too large",
        ),
        (
            &["pirates", "--n", "-5", "--m", "100"],
            "--n: '-5' is negative",
        ),
        (&["pirates", "--n", "5", "--m=-1"], "--m: '-1' is negative"),
        (
            &["pirates", "--n", "five", "--m", "100"],
            "'five' is not a whole number",
        ),
        (
            &["pirates", "--n", "5", "--m", "1e2"],
            "'1e2' is not a whole number",
        ),
        (&["pirates", "--m", "100"], "pirates needs --n"),
        (&["pirates", "--n", "5"], "pirates needs --m"),
        (&["pirates"], "pirates needs --n"),
        (
            &["pirates", "--n", "5", "--m", "100", "3"],
            "unexpected argument '3'",
        ),
        (
            &["pirates", "3", "--n", "5", "--m", "100"],
            "unexpected argument '3'",
        ),
        (
            &["pirates", "--n", "5", "--m", "100", "--misere"],
            "--misere does not apply",
        ),
        (
            &["pirates", "--n", "5", "--m", "100", "--explain"],
            "unknown option '--explain'",
        ),
        (
            &["pirates", "--n", "5", "--n", "6", "--m", "1"],
            "'--n <N>' cannot be used multiple times",
        ),
        (
            &["pirates", "--n", "--m", "1"],
            "a value is required for '--n <N>'",
        ),
        (
            &["analyze", "pirates", "--n", "0", "--m", "100"],
            "--n: '0' is too small",
        ),
        (&["analyze", "pirates", "--n", "5"], "pirates needs --m"),
        (
            &["analyze", "pirates", "--n", "5", "--m", "1", "7"],
            "unexpected argument '7'",
        ),
        (
            &["analyze", "pirates", "--n", "5", "--m", "1", "--misere"],
            "--misere does not apply",
        ),
        (
            &["analyze", "--misere", "pirates", "--n", "5", "--m", "1"],
            "--misere does not apply",
        ),
        (
            &[
                "analyze",
                "--outcome-only",
                "pirates",
                "--n",
                "5",
                "--m",
                "1",
            ],
            "unknown option '--outcome-only'",
        ),
        (&["batch", "pirates"], "pirates is a puzzle"),
        (&["seq", "pirates", "-n", "5"], "pirates is a puzzle"),
        (
            &["play", "pirates", "--n", "5", "--m", "1"],
            "pirates is a puzzle",
        ),
    ] {
        assert_input_error(&grundy(args), want);
    }
}

/// It is no entry of `grundy games` (whose entries are positions that
/// `analyze` answers as two-player games); the root help points to it.
#[test]
fn pirates_is_a_command_not_a_listed_game() {
    assert!(!registered("pirates"));
    assert!(!ok(&["games"]).lines().any(|l| l == "pirates"));
    assert!(ok(&["--help"]).contains("grundy pirates --n 5 --m 100"));
    let help = ok(&["pirates", "--help"]).replace('\n', " ");
    use grundy_games::pirates::{MAX_COINS, MAX_PIRATES};
    for needle in [
        &format!("--n <N>  The number of pirates, 1 to {MAX_PIRATES}"),
        &format!("--m <M>  The number of coins, 0 to {MAX_COINS}"),
        "more gold than the most he may get after a rejection",
        "\"may_get\"",
        "Example: grundy pirates --n 5 --m 100",
    ] {
        assert!(help.contains(needle), "{needle}");
    }
}
