//! The traits a game family implements, in layers.
//!
//! - [`Rules`]: what a move is. Options (which may fail: a rules script can
//!   throw or run out of its budget), the terminal test, a search-size
//!   bound, and whether positions may repeat (loopy games).
//! - [`Impartial`]: sums of impartial games. `components` is a true
//!   disjunctive sum, valid in normal and misère play alike; `closed_form`
//!   gives normal-play values; [`Impartial::normal_play_parts`] is a
//!   decomposition valid for normal-play values only, which the misère
//!   solver never calls.
//! - [`TextGame`]: positions as text and moves with names, for the front
//!   ends.
//!
//! Solvers depend on the lowest layer they need: the acyclic
//! Sprague-Grundy [`crate::Solver`] and the [`crate::MisereSolver`] on
//! [`Impartial`]; a retrograde solver for games with cycles on [`Rules`]
//! alone.

use crate::error::{ParseError, RulesError};
use crate::{LoopyValue, Outcome, Play};
use grundy_nimber::Nimber;
use std::fmt::Debug;
use std::hash::Hash;

/// The rules of a game: which positions one move reaches.
///
/// Contract:
/// - [`Rules::options`] lists every position reachable in one move
///   (duplicates allowed), or fails with a [`RulesError`]; built-in games
///   never fail.
/// - Unless [`Rules::may_repeat`] says so, the game is acyclic and finite
///   from every position the solvers are asked about; the acyclic solvers
///   report a cycle they meet as an error rather than loop.
pub trait Rules: Send + Sync {
    /// A position. `Ord` lets the misère solver keep sums as sorted
    /// multisets (symmetry reduction).
    type Position: Clone + Eq + Ord + Hash + Debug + Send + Sync;

    /// Every option of `p`.
    fn options(&self, p: &Self::Position) -> Result<Vec<Self::Position>, RulesError>;

    /// Whether `p` has no option. The default lists the options; families
    /// whose options are many override it with a direct test, since the
    /// misère solver asks it of every part of every sum it meets.
    fn is_terminal(&self, p: &Self::Position) -> Result<bool, RulesError> {
        Ok(self.options(p)?.is_empty())
    }

    /// An upper bound on the number of positions a search from `p` (one
    /// component) visits, when cheaply known; 0 means unknown. The solvers
    /// refuse, before allocating, a search whose bound exceeds the state
    /// limit.
    fn search_size(&self, _p: &Self::Position) -> u128 {
        0
    }

    /// Whether a position may be reached again from itself (a game with
    /// cycles). Such games are solved by retrograde analysis, never by the
    /// acyclic solvers.
    fn may_repeat(&self) -> bool {
        false
    }
}

/// An impartial game as a sum of independent components.
///
/// Contract:
/// - [`Impartial::components`] splits a position into parts whose
///   disjunctive sum *is* the position, in every play convention: a move
///   in the position is a move in exactly one part. Each part `q` is
///   indecomposable (`components(q) == [q]`). Parts with no options may be
///   dropped (an empty list means the position is over).
/// - [`Impartial::normal_play_parts`] may split further, into parts whose
///   nim-sum equals the position's normal-play value but which are not a
///   disjunctive sum of it (a row whose moves that lose at once are left
///   out, say). Only normal-play value search uses it.
/// - [`Impartial::closed_form`], when it answers, equals the value search
///   finds; the contract checks in [`crate::testing`] verify this.
pub trait Impartial: Rules {
    /// The independent components of `p`; by default `p` is one component.
    fn components(&self, p: &Self::Position) -> Result<Vec<Self::Position>, RulesError> {
        Ok(vec![p.clone()])
    }

    /// Parts whose normal-play values nim-sum to the value of `p`; by
    /// default the true components. Each returned part must be
    /// indecomposable for this hook too.
    fn normal_play_parts(&self, p: &Self::Position) -> Result<Vec<Self::Position>, RulesError> {
        self.components(p)
    }

    /// The normal-play Sprague-Grundy value of an indecomposable `p` (as
    /// split by [`Impartial::normal_play_parts`]) by a formula or a
    /// precomputed table, when one is known.
    fn closed_form(&self, _p: &Self::Position) -> Option<Nimber> {
        None
    }

    /// Where the value [`Impartial::closed_form`] gives for `p` comes
    /// from, in words for a reader: the formula with its terms filled in,
    /// the table it was read from, or the proven period with its
    /// pre-period and period. `None` when `closed_form` does not answer
    /// for `p` or the family does not say. Only explanations call it, never
    /// a search.
    fn closed_form_source(&self, _p: &Self::Position) -> Option<String> {
        None
    }

    /// The generalized Sprague-Grundy value (Smith's theory, see
    /// [`crate::LoopyValue`]) of an indecomposable `p` (as split by
    /// [`Impartial::components`]) of a game that may repeat, when the
    /// family knows it without exploring `p`'s graph (a table over a board
    /// solved once, say). When every component of a position has one,
    /// normal-play analysis decides the sum and its moves from them,
    /// instead of exploring every position the sum reaches.
    fn loopy_value(&self, _p: &Self::Position) -> Option<LoopyValue> {
        None
    }

    /// An upper bound on the number of sums (multisets of components) a
    /// misère search of the whole position `p` stores, when cheaply known;
    /// 0 means unknown. The misère solver refuses at once a position whose
    /// bound exceeds the state limit, so the bound counts what is stored,
    /// never the work of listing moves (time has its own limit): a bound
    /// weighted by the moves refused `lasker 9 9 9 5` as "about 92,723,120
    /// positions" where the search stores 20,835 sums.
    fn misere_size(&self, _p: &Self::Position) -> u128 {
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
/// Contract: `parse(format(p))` (split on white space) gives back `p` for
/// every `p` within the parser's bounds, so the `to` of a reported move
/// can be fed back to `analyze` (a move leaving a position past them is
/// not listed: the analysis reads each growing `to` back first); the
/// positions of [`TextGame::moves`] are exactly [`Rules::options`] (same
/// multiset), in a deterministic order. Labels are made here, never in
/// `options`, so searches do not pay for formatting.
pub trait TextGame: Impartial {
    /// Reads a position from its command-line arguments.
    fn parse(&self, args: &[&str]) -> Result<Self::Position, ParseError>;

    /// Writes a position in the syntax [`TextGame::parse`] accepts.
    fn format(&self, p: &Self::Position) -> String;

    /// Every move from the whole position `p`, labelled.
    fn moves(&self, p: &Self::Position) -> Result<Vec<Move<Self::Position>>, RulesError>;

    /// An upper bound on the number of moves from `p`, when cheaply known;
    /// 0 means unknown (small). `analyze` refuses to list the moves of a
    /// position whose bound exceeds the state limit, instead of running out
    /// of memory.
    fn moves_bound(&self, _p: &Self::Position) -> u128 {
        0
    }

    /// An upper bound on the bytes of text of all the positions the moves
    /// of `p` lead to, when [`TextGame::moves_bound`] is known: each move
    /// writes a whole position. The default takes each as long as `p`'s
    /// text (plus a separator); a family whose moves can lengthen the text
    /// (a coin move turning 30,000 coins to heads) says by how much.
    fn moves_text_bound(&self, p: &Self::Position) -> u128 {
        self.moves_bound(p)
            .saturating_mul(self.format(p).len() as u128 + 1)
    }

    /// An upper bound on the bytes the positions the moves of `p` lead to
    /// hold in memory while the moves are listed (all of them are made
    /// before any is written), when [`TextGame::moves_bound`] is known.
    /// The default takes each position as large as its text; a family
    /// whose positions are much larger than their text (a 2 x 10,000
    /// grid written as the few cells painted) says so.
    fn moves_held_bound(&self, p: &Self::Position) -> u128 {
        self.moves_text_bound(p)
    }

    /// An upper bound on the size of a full answer for `p` under `play`:
    /// the winning moves it lists times the size of the position each of
    /// them writes (about a byte of output each), when the family's
    /// answers can be huge; 0 means small. `analyze` refuses, before any
    /// move is built, a full answer over [`crate::MAX_ANSWER`] (a star of
    /// 10^5 Hackenbush edges has 10^5 winning moves of 10^5 edges each).
    fn answer_size(&self, _p: &Self::Position, _play: Play) -> u128 {
        0
    }

    /// The outcome and winning moves of `p` by theory, where the family
    /// knows one for this play convention; `None` makes the engine search.
    /// A theory that would have to list too many moves answers `None`.
    fn theory(&self, _p: &Self::Position, _play: Play) -> Option<Theory<Self::Position>> {
        None
    }

    /// The first `k` winning moves of `p` by theory, found without looking
    /// at the others, for a position whose winning moves are too many for
    /// [`TextGame::theory`] to list (a heap of 10^12, a coin product far
    /// from the origin): the outcome, the method, and at most `k` winning
    /// moves in the family's order. They are not counted: a family may also
    /// stop looking, after a bounded amount of work, with fewer than `k`,
    /// and should pass over moves whose position it cannot read back (the
    /// analysis leaves those out of the list, so they take no place of
    /// the `k`). `None` (the default) where the family has no such theory.
    fn theory_first(
        &self,
        _p: &Self::Position,
        _play: Play,
        _k: usize,
    ) -> Option<Theory<Self::Position>> {
        None
    }

    /// [`TextGame::theory`] for an analysis that lists only the first `k`
    /// winning moves but counts them all ([`crate::Detail::FirstMoves`]):
    /// the same outcome and method, the first `k` of `theory`'s winning
    /// moves, and how many there are in all. The default asks `theory` and
    /// keeps `k` of its moves; a family whose winning moves can be many
    /// counts them without building the rest (a Kayles heap of 4,333,331
    /// has about a million winning moves, each a labelled position).
    fn theory_counted(
        &self,
        p: &Self::Position,
        play: Play,
        k: usize,
    ) -> Option<(Theory<Self::Position>, usize)> {
        self.theory(p, play).map(|mut t| {
            let count = t.winning_moves.len();
            t.winning_moves.truncate(k);
            (t, count)
        })
    }

    /// [`TextGame::theory`] for an analysis that lists no move
    /// ([`crate::Detail::OutcomeOnly`]): the same outcome and method, no
    /// winning move. The default asks [`TextGame::theory_counted`] for no
    /// move (so a family that builds moves only when listed builds none);
    /// a family whose theory finds its moves at a cost answers without
    /// looking for them (the Tartan theorem values a coin product at once,
    /// where its winning moves may turn billions of coins).
    fn theory_outcome(&self, p: &Self::Position, play: Play) -> Option<Theory<Self::Position>> {
        self.theory_counted(p, play, 0).map(|(t, _)| Theory {
            winning_moves: Vec::new(),
            ..t
        })
    }

    /// Reads a move of `p` written in the game's own notation (nim's
    /// `2 3`: three counters from heap 2; a row game's `@4`: cell 4), for
    /// front ends where a person types moves. `words` is the typed line
    /// split on white space. The default: the game has no notation.
    ///
    /// Contract:
    /// - `None` when the words are not in the notation at all, so the
    ///   front end may read them some other way (and always when the game
    ///   has no notation);
    /// - `Some(Ok(m))` when they name a legal move: `m` is one of
    ///   [`TextGame::moves`]`(p)`, with the same label and position;
    /// - `Some(Err(e))` when they are in the notation but name no legal
    ///   move of `p`; `e` says why in words (`heap 2 has 5 counters`).
    ///
    /// Only front ends call it, never a search.
    fn read_move(
        &self,
        _p: &Self::Position,
        _words: &[&str],
    ) -> Option<Result<Move<Self::Position>, ParseError>> {
        None
    }

    /// How [`TextGame::read_move`]'s notation is written, for a person:
    /// the form and what it means, with an example that is a legal move of
    /// `p` when `p` has one (``HEAP COUNT takes COUNT counters from heap
    /// HEAP: `2 1` takes 1 counter from heap 2``). `None` exactly when the
    /// game has no notation (the default).
    fn move_notation(&self, _p: &Self::Position) -> Option<String> {
        None
    }

    /// What ended the game at `p`, in the game's own words, when the family
    /// can say more than "the player to move has no move" (three in a row
    /// made: ``X X X made at cells 4-6``). `None` (the default) when `p`
    /// still has a move or there is nothing more to say. Shown by front
    /// ends at the end of a game, before the verdict.
    fn end_reason(&self, _p: &Self::Position) -> Option<String> {
        None
    }
}
