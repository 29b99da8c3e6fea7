//! The game families. Each family is one module exposing a
//! `REGISTRATION`; [`registry`] lists them all. A puzzle that is no game
//! family (the pirate puzzle) exposes a `PUZZLE`; [`puzzles`] lists them.
//!
//! Layout: [`mechanics`] holds what several families share (heap lists,
//! rows, moves, take-and-break tables, the misère guards) and names no
//! family; [`families`] holds the families, grouped by what their positions
//! are. Every module of both is re-exported here, so its path is
//! `grundy_games::nim`, `grundy_games::heaps`, ... whatever its folder.

pub mod families;
pub mod mechanics;

pub use families::graphs::*;
pub use families::heaps::*;
pub use families::rows::*;
pub use families::{coins, pirates};
pub use mechanics::*;

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
