//! Games that users describe themselves, in a rules file written in
//! [rhai](https://rhai.rs), a small sandboxed scripting language.
//!
//! A rules file defines these functions (the names and meanings are part
//! of the command-line contract):
//!
//! - `parse(text)`: the position arguments joined by single spaces -> a
//!   position (any value made of integers, strings, characters, booleans,
//!   arrays and maps); throwing rejects the text, and the message is shown;
//! - `format(p)`: a position -> text that `parse` reads back to the same
//!   position;
//! - `moves(p)`: an array of the positions one move reaches, or of maps
//!   `#{label: "...", to: position}` when the moves have names;
//! - `components(p)` (optional): independent parts whose disjunctive sum
//!   is `p` (valid in misère play too);
//! - `heap(n)` (optional): the one-heap position of size `n`, for `seq`;
//! - `loopy()` (optional): true when positions may repeat; such games are
//!   solved by retrograde analysis of the whole game graph.
//!
//! Top-level statements are not run: only the functions are used.
//!
//! [`ScriptGame`] implements the engine's traits by calling those
//! functions; positions are memoised in Rust by a canonical key
//! ([`ScriptPosition`]), so every position's moves are asked of the script
//! once. [`registration`] reads a file and returns the run-time
//! [`grundy_api::Registration`] the command line uses for `--rules FILE`;
//! its families are [`ScriptFamily`]s. [`Sandbox`] lists the limits every
//! call runs under.

mod family;
mod game;
mod position;
mod sandbox;

pub use family::{registration, registration_from_source, ScriptFamily, MAX_SEQ_HEAP};
pub use game::ScriptGame;
pub use position::ScriptPosition;
pub use sandbox::{Clock, Sandbox};
