//! The solving engine of grundy.
//!
//! A game family implements [`Rules`] (positions and options, which may
//! fail), [`Impartial`] (the split into independent components, an
//! optional closed form, a normal-play-only decomposition) and
//! [`TextGame`] (parsing, printing and labelled moves). The engine solves any such game:
//! [`Solver`] computes Sprague-Grundy values with memoisation and no
//! recursion, [`MisereSolver`] decides misère outcomes by search over
//! multisets of components, [`GenusSolver`] Conway's genus the same way,
//! and [`analyze`] assembles the full answer
//! (outcome, value, every winning move). Games whose positions may repeat
//! are solved by retrograde analysis ([`retrograde`], [`explore`]), and
//! every answer about them is read from the solved graph by
//! [`LoopyReport`]. Nothing here names a particular game.

mod analysis;
pub mod bit_memo;
pub mod clock;
mod error;
pub mod first_splits;
mod game;
mod genus;
pub mod hash;
pub mod interrupt;
mod limits;
pub mod list_memo;
mod loopy_value;
pub mod memory;
pub mod mex_table;
mod misere;
mod outcome;
mod padded;
pub mod ranks;
mod retrograde;
#[cfg(feature = "parallel")]
mod retrograde_parallel;
pub mod retrograde_ranks;
mod solver;
mod sums;
mod table;
pub mod testing;

pub use analysis::{
    analyze, analyze_on_ranks, analyze_with, check_moves_bound, not_listed_note, too_large_note,
    Analysis, ComponentReport, Detail, Heading, LoopyReport, MoveOutcomes, MoveReport,
    ReachableGame, GENUS_STATES, MAX_ANSWER,
};
pub use clock::{Clock, Deadline, SharedClock};
pub use error::{GameError, ParseError, RulesError, SearchError};
pub use game::{Impartial, Move, Rules, TextGame, Theory};
pub use genus::{Genus, GenusSolver, WORK_PER_STATE};
pub use grundy_nimber::Nimber;
pub use limits::{Budget, Limits};
pub use loopy_value::{loopy_values, sum_outcome, LoopyValue};
pub use misere::MisereSolver;
pub use outcome::{Outcome, Play};
pub use padded::Padded;
pub use retrograde::{
    explore, retrograde, Explored, GameGraph, Mover, RetroGraph, Retrograde, ReverseGraph,
};
#[cfg(feature = "parallel")]
pub use retrograde_parallel::retrograde_parallel;
pub use solver::Solver;
pub use table::Table;
