//! The game families. Each module implements one family and exposes a
//! `REGISTRATION`; [`registry`] lists them all. A puzzle that is no game
//! family (the pirate puzzle) exposes a `PUZZLE`; [`puzzles`] lists them.

pub mod anti_sg;
pub mod bash;
pub mod bounded_nim;
pub mod checkers;
pub mod chessmen;
pub mod coins;
pub mod digital_deletions;
pub mod formula;
pub mod game31;
pub mod graph;
pub mod grundy_game;
pub mod hackenbush;
pub mod heaps;
pub mod kayles_row;
pub mod lasker;
pub mod misere_bound;
pub mod multiplication;
pub mod nim;
pub mod octal;
pub mod paint2xn;
pub mod pirates;
pub mod ring;
pub mod row;
pub mod staircase;
pub mod steps;
pub mod subtraction;
pub mod take_break;
pub mod treblecross;
pub mod wythoff;
pub mod xo_row;

use grundy_api::puzzle::Puzzle;
use grundy_api::Registration;

/// Every built-in game family, in the order `grundy games` lists them.
pub fn registry() -> Vec<Registration> {
    [
        nim::REGISTRATION,
        bash::REGISTRATION,
        bounded_nim::REGISTRATION,
        lasker::REGISTRATION,
        wythoff::REGISTRATION,
        staircase::REGISTRATION,
        chessmen::REGISTRATION,
        multiplication::REGISTRATION,
        game31::REGISTRATION,
        subtraction::REGISTRATION,
        octal::REGISTRATION,
        octal::KAYLES,
        octal::DAWSON_KAYLES,
        grundy_game::REGISTRATION,
        xo_row::REGISTRATION,
        paint2xn::REGISTRATION,
        checkers::REGISTRATION,
        kayles_row::REGISTRATION,
        treblecross::REGISTRATION,
        hackenbush::REGISTRATION,
        ring::REGISTRATION,
        coins::REGISTRATION,
        coins::product::TURNING_CORNERS,
        coins::product::COIN_PRODUCT,
        digital_deletions::REGISTRATION,
        graph::REGISTRATION,
    ]
    .into_iter()
    .map(Registration::from)
    .collect()
}

/// The family registered under `name`, if any.
pub fn find(name: &str) -> Option<Registration> {
    registry().into_iter().find(|r| r.name == name)
}

/// Every built-in puzzle: answers asked with a few numbers, no position.
pub fn puzzles() -> Vec<Puzzle> {
    vec![pirates::PUZZLE]
}
