//! Misère quotients of heap games (Plambeck, "Taming the wild in impartial
//! combinatorial games", INTEGERS 5 (2005); Plambeck and Siegel, "Misère
//! quotients for impartial games", JCTA 115 (2008)).
//!
//! [`grow`] computes the quotient of the closure of heaps `0..=N` heap by
//! heap; every quotient it returns is proven by an exact check (see
//! [`grow::refine_with`]), and it is the whole game's quotient when the
//! pretending function passes the misère periodicity test.
//! [`QuotientReport`] presents it: generators, relations, the P-portion,
//! the pretending function. [`grow_with`] resumes a growth from a
//! checkpoint file and saves it there (`checkpoint`, with the feature of
//! that name).

#[cfg(feature = "checkpoint")]
pub mod checkpoint;
#[cfg(test)]
mod clock_reads;
pub mod control;
pub mod grow;
pub mod heaps;
mod intern;
mod learn;
#[cfg(test)]
mod learn_checks;
pub mod monoid;
pub mod present;
pub mod report;
pub mod tame;

pub use control::{grow_with, QuotientControl};
pub use grow::{Candidate, Check};
pub use heaps::{
    grow, grow_checked, grow_keeping, grow_watched, periodicity, Growth, HeapGame, HeapQuotient,
    Hints,
};
pub use learn::{Layer, LayerNode};
pub use monoid::BipartiteMonoid;
pub use present::{Generator, Presentation};
pub use report::QuotientReport;
pub use tame::{is_tame, isomorphic, Nim};
