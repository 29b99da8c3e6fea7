//! Every built-in family's game type passes the engine's shared contract
//! checks ([`grundy_engine::testing::check_contracts`]): text round trip,
//! moves = options, parts indecomposable, value (parts and closed forms) =
//! search of whole positions, misère outcome (components) = search, and
//! every theory = search, in both conventions, on small positions.

use crate::heaps_common::heap_lists;
use crate::rows_support::all_words;
use grundy_engine::testing::{check_contracts, ContractReport};
use grundy_engine::{Limits, TextGame};
use grundy_games::bash::Bash;
use grundy_games::bounded_nim::BoundedNim;
use grundy_games::checkers::Checkers;
use grundy_games::chessmen::Chessmen;
use grundy_games::digital_deletions::DigitalDeletions;
use grundy_games::game31::Game31;
use grundy_games::hackenbush::Hackenbush;
use grundy_games::kayles_row::KaylesRow;
use grundy_games::lasker::Lasker;
use grundy_games::multiplication::Multiplication;
use grundy_games::nim::Nim;
use grundy_games::paint2xn::Paint2xn;
use grundy_games::staircase::Staircase;
use grundy_games::take_break::{take_wording, TakeBreakGame};
use grundy_games::treblecross::{RawTreblecross, Treblecross};
use grundy_games::wythoff::Wythoff;
use grundy_games::xo_row::XoRow;
use grundy_sequence::{HeapRule, TakeBreak};
use std::sync::Arc;

fn limits() -> Limits {
    Limits {
        max_states: 2_000_000,
        max_time: None,
        ..Limits::default()
    }
}

/// Parses every position text, runs the contract checks on all of them
/// and returns the report; a failure names the family and the violation.
fn check<G: TextGame + 'static>(name: &str, game: G, texts: &[String]) -> ContractReport {
    let positions: Vec<G::Position> = texts
        .iter()
        .map(|t| {
            game.parse(&[t.as_str()])
                .unwrap_or_else(|e| panic!("{name}: `{t}` does not parse: {e}"))
        })
        .collect();
    let report = check_contracts(&Arc::new(game), &positions, &limits())
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(report.positions, texts.len(), "{name}");
    // The genus by search of the whole position is compared on most
    // positions (past its bound only on the largest).
    assert!(
        2 * report.whole_genera >= report.positions,
        "{name}: the whole genus compared on {} of {} positions",
        report.whole_genera,
        report.positions
    );
    report
}

/// Every list of 1 to `count` heaps of sizes `0..=max`, as text.
fn heaps_upto(count: usize, max: u64) -> Vec<String> {
    (1..=count)
        .flat_map(|len| heap_lists(len, max))
        .map(|h| h.iter().map(u64::to_string).collect::<Vec<_>>().join(" "))
        .collect()
}

/// Every row of 1 to `max_len` cells over `symbols`.
fn rows(symbols: &[char], max_len: usize) -> Vec<String> {
    let mut words = all_words(symbols, max_len);
    words.retain(|w| !w.is_empty());
    words
}

fn texts(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

#[test]
fn heap_families() {
    check("nim", Nim, &heaps_upto(3, 5));
    let report = check("bash --max 3", Bash::new(3).unwrap(), &heaps_upto(3, 6));
    // Bash answers both conventions by theory: each was compared.
    assert_eq!(report.normal_theories, report.positions);
    assert_eq!(report.misere_theories, report.positions);
    check("lasker", Lasker, &heaps_upto(3, 5));
    let bounded = texts(&[
        "0/1",
        "5/1",
        "7/3",
        "7/3 5/2",
        "4/4 4/2 3/1",
        "0/2 6/5",
        "9/2 8/3",
        "2/9 3/9 1/9",
    ]);
    let report = check("bounded-nim", BoundedNim, &bounded);
    assert_eq!(report.misere_theories, report.positions);
}

#[test]
fn wythoff() {
    let mut positions = Vec::new();
    for a in 0..=9 {
        for b in 0..=9 {
            positions.push(format!("{a} {b}"));
        }
    }
    positions.extend(texts(&["3 17", "15 9", "20 20"]));
    let report = check("wythoff", Wythoff::new(), &positions);
    assert_eq!(report.normal_theories, report.positions);
    assert_eq!(report.misere_theories, report.positions);
}

#[test]
fn staircase_and_chessmen() {
    check("staircase", Staircase, &heaps_upto(3, 3));
    check(
        "staircase",
        Staircase,
        &texts(&["2 1 3 2", "0 0 4", "1 1 1 1 1"]),
    );
    check(
        "chessmen",
        Chessmen,
        &texts(&[
            "1", "4", "1 2", "2 5", "1 5 6", "3 4 8", "2 4 6 8", "1 2 3 4", "5 6 9 12",
        ]),
    );
}

#[test]
fn multiplication_and_game31() {
    let game = Multiplication::new(162).unwrap();
    let positions: Vec<String> = (1..=20)
        .chain([36, 81, 161, 162, 500])
        .map(|p: u64| p.to_string())
        .collect();
    check("multiplication --target 162", game, &positions);
    check(
        "multiplication --target 1",
        Multiplication::new(1).unwrap(),
        &texts(&["1", "7"]),
    );
    // Search of a whole game31 position keeps the order of the cards
    // played, so the reference search is kept small by long prefixes.
    check(
        "game31",
        Game31,
        &texts(&[
            "356656", "6655", "66554", "55566", "4444", "123456", "6543", "665544", "6655441",
        ]),
    );
}

/// Every take-and-break code a named family uses, the codes the tests of
/// the sequence crate know well, hexadecimal codes, and Grundy's game.
#[test]
fn take_and_break_codes() {
    let named = ["0.77", "0.07", "0.137", "0.007", "0.3", "0.333", "0.3033"];
    let more = [
        "0.6", "0.16", "4.07", "0.51", "0.F", "0x0.37", "0.4", "0x8.1", "0.C", "0.753",
    ];
    // Whole positions of splitting heaps are many states (a split keeps
    // its parts in place, in order), so the heaps stay small.
    let mut positions = heaps_upto(2, 6);
    positions.extend(texts(&["9", "5 4 2"]));
    for code in named.iter().chain(&more) {
        let rule = HeapRule::TakeBreak(TakeBreak::parse(code).unwrap());
        check(code, TakeBreakGame::new(rule, take_wording), &positions);
    }
    let subtraction = TakeBreak::subtraction(&[1, 3, 4]).unwrap();
    let game = TakeBreakGame::new(HeapRule::TakeBreak(subtraction), take_wording);
    check("subtraction 1,3,4", game, &heaps_upto(3, 6));
    let game = TakeBreakGame::new(HeapRule::GrundyGame, take_wording);
    check("grundy-game", game, &heaps_upto(2, 9));
}

#[test]
fn row_games() {
    // Rows with two equal letters side by side are not positions.
    let xo: Vec<String> = rows(&['X', 'O', '.'], 6)
        .into_iter()
        .filter(|r| !r.contains("XX") && !r.contains("OO"))
        .collect();
    check("xo-row", XoRow, &xo);
    check("kayles-row", KaylesRow::new(), &rows(&['I', '.'], 8));
    let game = Paint2xn::new(5).unwrap();
    let grids = texts(&[
        "-",
        "1,1",
        "2,3",
        "1,1-2,2",
        "1,2 2,4",
        "1,1-1,5",
        "1,1-2,1 2,3",
        "1,1-2,5",
    ]);
    check("paint2xn --n 5", game, &grids);
    let game = Paint2xn::new(1).unwrap();
    check(
        "paint2xn --n 1",
        game,
        &texts(&["-", "1,1", "2,1", "1,1-2,1"]),
    );
}

#[test]
fn checkers() {
    let game = Checkers::with_width(6).unwrap();
    let boards = texts(&[
        "-",
        "1",
        "6",
        "1,2",
        "5,6",
        "1,3,5",
        "2,3 4",
        "1,2,3 5 -",
        "1 1 2,4",
    ]);
    check("checkers (6 cells a row)", game, &boards);
    let game = Checkers::default();
    check(
        "checkers",
        game,
        &texts(&["19,20 18", "17,18,19", "-", "20"]),
    );
}

/// Every string of up to three digits and the empty one; both plays are
/// answered by theory (a table each).
#[test]
fn digital_deletions() {
    let mut strings = texts(&["-"]);
    for len in 1..=3 {
        strings.extend((0..10u32.pow(len as u32)).map(|n| format!("{n:0len$}")));
    }
    let report = check("digital-deletions", DigitalDeletions, &strings);
    assert_eq!(report.normal_theories, report.positions);
    assert_eq!(report.misere_theories, report.positions);
}

/// Both treblecross games: sensible play (normal play's family, whose
/// safe runs are normal-play parts only) and the raw rules (misère play's
/// family). Sensible play leaves out moves that lose at once, so its
/// misère search is not the game's misère play (the family answers misère
/// by the raw rules), but it is still a game of its own whose components
/// must agree with search of the whole, which this checks.
#[test]
fn treblecross() {
    let mut positions = rows(&['X', '.'], 7);
    positions.extend(texts(&["..........", "X........X", "..X....X.."]));
    check("treblecross", Treblecross::new(), &positions);
    check("treblecross (raw rules)", RawTreblecross, &positions);
}

#[test]
fn hackenbush() {
    let forests = texts(&[
        "-",
        "0-1",
        "0-1 1-2",
        "0-1 0-1",
        "0-1 1-1",
        "0-1 1-2 2-0",
        "0-1 1-2 1-3 3-4 4-1 0-5",
        "0-1;0-1 1-2",
        "0-1 1-2 2-3;0-1 1-2 2-0",
    ]);
    check("hackenbush", Hackenbush::new(None), &forests);
}
