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
//! Top-level statements are not run: only the functions are used. What
//! the functions `print` is carried, bounded, into the answer's notes
//! (`print: LINE`).
//!
//! [`ScriptGame`] implements the engine's traits by calling those
//! functions; positions are memoised in Rust by a canonical key
//! ([`ScriptPosition`]), so every position's moves are asked of the script
//! once. [`registration`] reads a file and returns the run-time
//! [`grundy_api::Registration`] the command line uses for `--rules FILE`;
//! its families are built by [`script_family`]. [`Sandbox`] lists the limits every
//! call runs under.

//!
//! # The Rust route
//!
//! A Rust user implements the same game against the engine's traits and
//! gets every command: [`grundy_engine::Rules`] (the moves),
//! [`grundy_engine::Impartial`] (the split into independent parts),
//! [`grundy_engine::TextGame`] (text in and out, labelled moves);
//! [`grundy_api::Adapter`] serves it as a [`grundy_api::Family`], and
//! [`grundy_api::Registration::new`] lists it beside the built-in games.
//! [`grundy_engine::testing::check_contracts`] checks the implementation
//! against plain search. The whole surface, for the subtraction game with
//! S = {1, 3, 4} of `examples/rules/subtraction.rhai`:
//!
//! ```
//! use grundy_api::{Adapter, Family, GameOptions, Limits, Play, Registration};
//! use grundy_engine::{Impartial, Move, ParseError, Rules, RulesError, TextGame};
//! use std::sync::Arc;
//!
//! /// Heaps; a move takes 1, 3 or 4 counters from one heap.
//! struct Subtraction;
//!
//! impl Rules for Subtraction {
//!     type Position = Vec<u64>;
//!
//!     /// Every position one move reaches (`TextGame::moves` without labels).
//!     fn options(&self, p: &Vec<u64>) -> Result<Vec<Vec<u64>>, RulesError> {
//!         Ok(self.moves(p)?.into_iter().map(|m| m.to).collect())
//!     }
//! }
//!
//! impl Impartial for Subtraction {
//!     /// Each non-empty heap is an independent game.
//!     fn components(&self, p: &Vec<u64>) -> Result<Vec<Vec<u64>>, RulesError> {
//!         Ok(p.iter().filter(|&&n| n > 0).map(|&n| vec![n]).collect())
//!     }
//! }
//!
//! impl TextGame for Subtraction {
//!     fn parse(&self, args: &[&str]) -> Result<Vec<u64>, ParseError> {
//!         args.iter()
//!             .map(|w| w.parse().map_err(|_| ParseError::new(format!("'{w}' is not a heap size"))))
//!             .collect()
//!     }
//!
//!     fn format(&self, p: &Vec<u64>) -> String {
//!         p.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
//!     }
//!
//!     fn moves(&self, p: &Vec<u64>) -> Result<Vec<Move<Vec<u64>>>, RulesError> {
//!         let mut moves = Vec::new();
//!         for (i, &n) in p.iter().enumerate() {
//!             for k in [1, 3, 4].into_iter().filter(|&k| k <= n) {
//!                 let mut to = p.clone();
//!                 to[i] -= k;
//!                 moves.push(Move { label: format!("heap {}: take {k}, {n} -> {}", i + 1, n - k), to });
//!             }
//!         }
//!         Ok(moves)
//!     }
//! }
//!
//! // The contracts every game must keep, checked against plain search.
//! let game = Arc::new(Subtraction);
//! let positions = [vec![4, 3], vec![7], vec![], vec![2, 2, 5]];
//! grundy_engine::testing::check_contracts(&game, &positions, &Limits::default()).unwrap();
//!
//! // Registered at run time, built and asked like any built-in game.
//! let registration = Registration::new(
//!     "subtraction-134",
//!     "take 1, 3 or 4 counters from one heap",
//!     "heap sizes",
//!     "10 7",
//!     Vec::new(),
//!     |_options: &GameOptions, limits: &Limits| {
//!         Ok(Adapter::new("subtraction-134", Subtraction, limits).family())
//!     },
//! );
//! let family = registration.build(&GameOptions::default(), &Limits::default()).unwrap();
//! let answer = family.analyze(&["10", "7"], Play::Normal).unwrap();
//! assert_eq!(answer.value, Some(1));
//! assert_eq!(answer.winning_moves[0].label, "heap 1: take 1, 10 -> 9");
//! assert_eq!(answer.winning_moves[0].to, "9 7");
//! ```

mod family;
mod game;
mod position;
mod sandbox;

pub use family::{registration, registration_from_source, script_family, MAX_SEQ_HEAP};
pub use game::ScriptGame;
pub use position::ScriptPosition;
pub use sandbox::{Sandbox, MAX_PRINTED_BYTES, MAX_PRINTED_LINES};
