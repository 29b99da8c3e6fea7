//! The traits a game family implements.

use crate::{Outcome, ParseError, Play};
use grundy_nimber::Nimber;
use std::fmt::Debug;
use std::hash::Hash;

/// An impartial game family, as the solvers see it.
///
/// The same `Position` type describes a whole position (a sum) and each of
/// its components. A family knows its rules and nothing of how it is solved.
///
/// Contract:
/// - [`Game::options`] lists every position reachable in one move
///   (duplicates allowed). The game must be acyclic and finite from every
///   position the solvers are asked about.
/// - [`Game::components`] splits a position into independent parts whose
///   sum is equivalent to it. Each returned part `q` must itself be
///   indecomposable: `components(q) == [q]`. Parts with no options may be
///   dropped (an empty list means the position is over).
/// - [`Game::closed_form`], when it answers, must equal the value search
///   finds; the test suites check this on small positions.
pub trait Game: Send + Sync {
    /// A position. `Ord` lets the misère solver keep sums as sorted
    /// multisets (symmetry reduction).
    type Position: Clone + Eq + Ord + Hash + Debug + Send + Sync;

    /// Every option of `p`.
    fn options(&self, p: &Self::Position) -> Vec<Self::Position>;

    /// The independent components of `p`; by default `p` is one component.
    fn components(&self, p: &Self::Position) -> Vec<Self::Position> {
        vec![p.clone()]
    }

    /// Whether `p` has no option. The default lists the options; families
    /// whose options are many override it with a direct test, since the
    /// misère solver asks it of every part of every sum it meets.
    fn is_terminal(&self, p: &Self::Position) -> bool {
        self.options(p).is_empty()
    }

    /// The Sprague-Grundy value of an indecomposable `p` by a formula or a
    /// precomputed table, when one is known.
    fn closed_form(&self, _p: &Self::Position) -> Option<Nimber> {
        None
    }

    /// An upper bound on the number of positions a search from the
    /// indecomposable `p` visits, when cheaply known; 0 means unknown.
    /// The solvers refuse, before allocating, a search whose bound exceeds
    /// the state limit.
    fn search_size(&self, _p: &Self::Position) -> u128 {
        0
    }
}

/// A move with its description in the game's own words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move<P> {
    /// What the move does, e.g. `heap 1: 3 -> 1` or `X at 4`.
    pub label: String,
    /// The whole position after the move.
    pub to: P,
}

/// An answer from theory rather than search: outcome and every winning
/// move, for positions too large to enumerate.
#[derive(Clone, Debug)]
pub struct Theory<P> {
    /// The theorem or formula used, shown to the user.
    pub method: String,
    /// The outcome of the position.
    pub outcome: Outcome,
    /// Every winning move, in the family's deterministic order.
    pub winning_moves: Vec<Move<P>>,
}

/// A game family that reads and writes positions and names its moves.
///
/// Contract: `parse(format(p))` (split on white space) gives back `p`, so
/// the `to` of every reported move can be fed back to `analyze`; the
/// positions of [`TextGame::moves`] are exactly [`Game::options`] (same
/// multiset), in a deterministic order.
pub trait TextGame: Game {
    /// Reads a position from its command-line arguments.
    fn parse(&self, args: &[&str]) -> Result<Self::Position, ParseError>;

    /// Writes a position in the syntax [`TextGame::parse`] accepts.
    fn format(&self, p: &Self::Position) -> String;

    /// Every move from the whole position `p`, labelled.
    fn moves(&self, p: &Self::Position) -> Vec<Move<Self::Position>>;

    /// An upper bound on the number of moves from `p`, when cheaply known;
    /// 0 means unknown (small). `analyze` refuses to list the moves of a
    /// position whose bound exceeds the state limit, instead of running out
    /// of memory.
    fn moves_bound(&self, _p: &Self::Position) -> u128 {
        0
    }

    /// The outcome and winning moves of `p` by theory, where the family
    /// knows one for this play convention; `None` makes the engine search.
    /// A theory that would have to list too many moves answers `None`.
    fn theory(&self, _p: &Self::Position, _play: Play) -> Option<Theory<Self::Position>> {
        None
    }
}
