//! One-heap value sequences of take-and-break games.
//!
//! - [`rule`]: the games, [`TakeBreak`] codes (octal and hexadecimal) and
//!   Grundy's game, behind [`HeapRule`].
//! - [`naive_values`]: the reference method, kept simple.
//! - [`Sequence`]: values computed so far, extended on demand by the naive,
//!   rare/common or parallel method ([`Method`], [`Control`]), stopped and
//!   resumed, checkpointed to a file ([`checkpoint`]).
//! - [`period`]: least period and pre-period, proven by the periodicity
//!   theorems when one applies ([`Period::proven`]).
//!
//! Values are stored as [`Value`] (`u16`): two bytes a heap (four while
//! computing, which keeps a reversed copy), so billions of heaps fit in
//! memory. The values of octal games and Grundy's game grow
//! very slowly (a few hundred in every published table; 0.6 reaches 302 by
//! heap 10^6, Grundy's game 230 by heap 10^5), so 16 bits leave a wide margin; a value above
//! `u16::MAX` is reported as [`SeqError::ValueOverflow`], never wrapped.

mod bits;
pub mod checkpoint;
mod control;
pub mod error;
mod kernel;
pub mod memory;
mod moves;
pub mod naive;
mod parallel;
pub mod period;
pub mod rule;
mod scan;
mod sequence;

pub use control::{Control, Method};
pub use error::SeqError;
pub use naive::naive_values;
pub use period::Period;
pub use rule::{CodeError, HeapRule, TakeBreak, MAX_DIGITS};
pub use sequence::{compute, Sequence};

/// The value of one heap, stored compactly (see the crate documentation).
pub type Value = u16;
