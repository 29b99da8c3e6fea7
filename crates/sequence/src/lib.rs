//! One-heap value sequences of take-and-break games.
//!
//! - [`rule`]: the games, [`TakeBreak`] codes (octal and hexadecimal) and
//!   Grundy's game, behind [`HeapRule`].
//! - [`naive_values`]: the reference method, kept simple.
//! - [`Sequence`]: values computed so far, extended on demand by the naive,
//!   rare/common or parallel method ([`Method`], [`Control`]), stopped (on
//!   request or at a time limit) and resumed, checkpointed to a file
//!   (`checkpoint`).
//! - [`period`]: least period and pre-period, proven by the periodicity
//!   theorems when one applies ([`Period::proven`]).
//!
//! Values are stored as [`Values`]: a byte a heap, an eighth more (bit 8)
//! once a value reaches 256, a side table for values of 511 or more, so
//! billions of heaps fit in memory; the computation adds two windows of
//! exact values (the first and the latest heaps, at most 12 MiB) and its
//! lists of rare heaps. The values of octal games and Grundy's game grow
//! very slowly (a few hundred in every published table; 0.6 reaches 302
//! by heap 10^6, Grundy's game 230 by heap 10^5, and most codes stay
//! below 64); a value ([`Value`], `u16`) above `u16::MAX` is reported as
//! [`SeqError::ValueOverflow`], never wrapped.
//!
//! # Features
//! All on by default; with all off the crate builds for
//! `wasm32-unknown-unknown` (no threads, files or `std::time::Instant`).
//! - `parallel`: [`Method::Parallel`] on a rayon pool; without it,
//!   `Parallel` (and `Auto`) run as [`Method::Rc`] on the calling thread.
//! - `progress`: the progress bar of [`Control::progress`] (ignored without).
//! - `checkpoint`: checkpoint files (the `checkpoint` module); without it a
//!   [`Control::checkpoint`] is refused with [`SeqError::Unsupported`].
//! - `std-clock`: the standard clock as [`Control::clock`]'s default; without
//!   it a time limit needs a clock passed in.

mod bits;
#[cfg(feature = "checkpoint")]
pub mod checkpoint;
#[cfg(feature = "parallel")]
mod choose;
mod control;
#[cfg(feature = "parallel")]
mod distributed;
pub mod error;
mod kernel;
pub mod memory;
mod moves;
pub mod naive;
#[cfg(feature = "parallel")]
mod parallel;
pub mod period;
pub mod progress;
pub mod rule;
mod scan;
mod sequence;
mod value;

pub use control::{Control, Method};
pub use error::SeqError;
pub use naive::naive_values;
pub use period::Period;
pub use progress::Progress;
pub use rule::{CodeError, HeapRule, Removal, TakeBreak, MAX_DIGITS};
pub use sequence::{compute, Sequence};
pub use value::{Value, Values};
