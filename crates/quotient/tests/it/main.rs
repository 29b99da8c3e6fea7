//! The quotient code checked against an independent misère search of
//! whole sums, and against the theory (reduced, even order, nim's T_2);
//! checkpoints of a growth, resumed exactly and checked.

mod brute;
mod checkpoint;
mod differential;

use grundy_sequence::{HeapRule, TakeBreak};

/// A take-and-break code as a heap game (the quotient crate's own
/// reading of a rule), its digit count the periodicity test's `t`.
type Code = HeapRule;

/// The code `text` (which must parse) as a heap game.
fn code(text: &str) -> Code {
    HeapRule::TakeBreak(TakeBreak::parse(text).expect("a code"))
}
