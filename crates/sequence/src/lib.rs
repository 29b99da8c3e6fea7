//! One-heap value sequences of take-and-break games.
//!
//! - [`rule`]: the games, [`TakeBreak`] codes (octal and hexadecimal) and
//!   Grundy's game, behind [`HeapRule`].
//! - [`naive_values`]: the reference method.
//!
//! Values are stored as [`Value`] (`u16`): two bytes a heap, so billions of
//! heaps fit in memory. The values of octal games and Grundy's game grow
//! very slowly (a few hundred at most in every published table, e.g. 0.6 is
//! below 256 at 10^6 heaps), so 16 bits leave a wide margin; a value above
//! `u16::MAX` is reported as [`SeqError::ValueOverflow`], never wrapped.

pub mod error;
pub mod naive;
pub mod rule;

pub use error::SeqError;
pub use naive::naive_values;
pub use rule::{CodeError, HeapRule, TakeBreak, MAX_DIGITS};

/// The value of one heap, stored compactly (see the crate documentation).
pub type Value = u16;
