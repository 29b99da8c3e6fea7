//! Families played on a row (or a strip) of cells: xo-row, kayles-row,
//! treblecross, checkers, paint2xn and digital deletions.

pub mod checkers;
pub mod digital_deletions;
pub mod kayles_row;
pub mod paint2xn;
pub mod treblecross;
pub mod xo_row;
