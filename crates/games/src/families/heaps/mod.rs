//! Families whose positions are lists of numbers (heaps, stairs, cells,
//! cards): nim and its relatives, the take-and-break codes, Wythoff's
//! game, the multiplication game and the game of 31.

pub mod bash;
pub mod bounded_nim;
pub mod chessmen;
pub mod game31;
pub mod grundy_game;
pub mod lasker;
pub mod multiplication;
pub mod nim;
pub mod octal;
pub mod staircase;
pub mod subtraction;
pub mod wythoff;
