//! A move list of millions stops at the answer's time limit (`play` of a
//! heap of 3,000,000 labelled every move before reading the clock once):
//! every listing mechanism reads the clock itself (checked on the games'
//! own lists, with no formatting after them), and through a family the
//! stop is reported as the time limit, not as bad rules. A clock that runs
//! a second a reading makes the deadline pass at once, so nothing here
//! depends on the machine's speed.

use grundy_api::GameOptions;
use grundy_engine::testing::limits_past_at_once;
use grundy_engine::{GameError, Limits, SearchError, TextGame};
use grundy_games::bounded_nim::BoundedNim;
use grundy_games::coins::rule::CoinRule;
use grundy_games::coins::CoinGame;
use grundy_games::nim::Nim;
use grundy_games::take_break::{take_wording, TakeBreakGame};
use grundy_games::wythoff::Wythoff;
use grundy_sequence::{HeapRule, TakeBreak};
use std::time::Duration;

/// The moves of `words` in family `name` (with `options`), the answer's
/// time limit passing at once.
fn moves(name: &str, options: &[(&str, &str)], words: &[&str]) -> Result<usize, GameError> {
    let reg = grundy_games::find(name).expect("registered");
    let mut opts = GameOptions::default();
    for (k, v) in options {
        opts.set(k, v);
    }
    let limits = limits_past_at_once();
    let family = reg.build(&opts, &limits)?;
    family.moves(words).map(|m| m.len())
}

/// A family's name, its options and a position's words.
type Case = (
    &'static str,
    &'static [(&'static str, &'static str)],
    &'static [&'static str],
);

/// One case a listing mechanism: heaps (nim), take-and-break (kayles),
/// steps (wythoff, bounded nim), coin rows.
const HUGE: &[Case] = &[
    ("nim", &[], &["200000"]),
    ("kayles", &[], &["400000"]),
    ("wythoff", &[], &["200000", "0"]),
    ("bounded-nim", &[], &["200000/200000"]),
    ("coins", &[("rule", "mock-turtles")], &["400:400"]),
];

#[test]
fn a_list_of_hundreds_of_thousands_stops_at_the_time_limit() {
    for (name, options, words) in HUGE {
        match moves(name, options, words) {
            Err(GameError::Search(SearchError::TimeLimit(t))) => {
                assert_eq!(t, Duration::from_millis(1), "{name}")
            }
            other => panic!("{name} {words:?}: {other:?}, not the time limit"),
        }
    }
}

#[test]
fn without_a_time_limit_the_list_is_whole() {
    // The same clock, no limit: nothing stops the list.
    let reg = grundy_games::find("nim").expect("registered");
    let limits = Limits {
        max_time: None,
        ..limits_past_at_once()
    };
    let family = reg.build(&GameOptions::default(), &limits).unwrap();
    assert_eq!(family.moves(&["200000"]).unwrap().len(), 200_000);
}

/// The time limit that stopped `game`'s own list of the moves of `words`
/// (no formatting after it), `None` when the list was made whole.
fn stopped<G: TextGame>(game: &G, words: &[&str]) -> Option<Duration> {
    let p = game.parse(words).expect("a position");
    let limits = limits_past_at_once();
    limits
        .within_answer(|| game.moves(&p))
        .err()
        .and_then(|e| e.time_limit())
}

#[test]
fn every_listing_mechanism_reads_the_clock_itself() {
    let ms = Some(Duration::from_millis(1));
    assert_eq!(stopped(&Nim, &["200000"]), ms);
    let kayles = TakeBreakGame::new(
        HeapRule::TakeBreak(TakeBreak::parse("0.77").unwrap()),
        take_wording,
    );
    assert_eq!(stopped(&kayles, &["400000"]), ms);
    assert_eq!(stopped(&Wythoff::new(), &["200000", "0"]), ms);
    assert_eq!(stopped(&BoundedNim, &["200000/200000"]), ms);
    let coins = CoinGame::new(CoinRule::parse("mock-turtles").unwrap());
    assert_eq!(stopped(&coins, &["400:400"]), ms);
    // A short list is never stopped: the clock is read once 65,536 moves
    // are made.
    assert_eq!(stopped(&Nim, &["5", "3"]), None);
    assert_eq!(stopped(&kayles, &["6"]), None);
}

#[test]
fn an_outcome_alone_looks_at_no_option() {
    // Counting the winning moves of a heap of 400,000 reads the clock (and
    // so stops here); the outcome alone reads no option, so it is answered
    // under a deadline already past.
    let kayles = TakeBreakGame::new(
        HeapRule::TakeBreak(TakeBreak::parse("0.77").unwrap()),
        take_wording,
    );
    let p = kayles.parse(&["400000", "3"]).expect("a position");
    let play = grundy_engine::Play::Normal;
    // Values first, without a limit: the table grows on demand.
    let whole = kayles.theory(&p, play).expect("a theory");
    let limits = limits_past_at_once();
    assert!(limits
        .within_answer(|| kayles.theory_counted(&p, play, 0))
        .is_none());
    let theory = limits
        .within_answer(|| kayles.theory_outcome(&p, play))
        .expect("the outcome, with no option examined");
    assert!(theory.winning_moves.is_empty());
    assert_eq!(
        (theory.method, theory.outcome),
        (whole.method, whole.outcome)
    );
}
