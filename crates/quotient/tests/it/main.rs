//! The quotient code checked against an independent misère search of
//! whole sums, and against the theory (reduced, even order, nim's T_2);
//! checkpoints of a growth, resumed exactly and checked.

mod brute;
mod checkpoint;
mod differential;

use grundy_quotient::HeapGame;
use grundy_sequence::{HeapRule, TakeBreak};

/// A take-and-break code as a heap game, its digit count the periodicity
/// test's `t`.
struct Code(HeapRule, u64);

/// The code `text` (which must parse) as a heap game.
fn code(text: &str) -> Code {
    let c = TakeBreak::parse(text).expect("a code");
    let t = c.last_index() as u64;
    Code(HeapRule::TakeBreak(c), t)
}

impl HeapGame for Code {
    fn options(&self, n: usize, f: &mut dyn FnMut(&[usize])) {
        self.0.for_each_option(n, |p| f(p));
    }
    fn period_reach(&self) -> Option<u64> {
        Some(self.1)
    }
}
