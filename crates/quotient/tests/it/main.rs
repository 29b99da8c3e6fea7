//! The quotient code checked against an independent misère search of
//! whole sums, and against the theory (reduced, even order, nim's T_2);
//! checkpoints of a growth, resumed exactly and checked.

mod brute;
mod checkpoint;
mod differential;
