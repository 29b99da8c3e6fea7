//! The full answer for one position: outcome, value, the moves worth
//! playing. [`analyze_with`] dispatches: a game whose positions may repeat
//! goes to retrograde analysis ([`loopy`]), any other to the
//! Sprague-Grundy and misère solvers ([`acyclic`]); both fill in the
//! report types of [`report`].
//!
//! Imports run one way: `mod` uses `acyclic`, `loopy` and `report`;
//! `acyclic` and `loopy` use `report`; `report` uses none of them.

mod acyclic;
mod loopy;
mod report;

pub use loopy::{Heading, LoopyReport, MoveOutcomes, ReachableGame};
pub use report::{check_moves_bound, Analysis, ComponentReport, Detail, MoveReport, MAX_ANSWER};

use crate::{GameError, MisereSolver, Play, Solver, TextGame};

/// Analyses `p` under `play` with every winning move listed: see
/// [`analyze_with`].
pub fn analyze<G: TextGame>(
    game_name: &str,
    game: &G,
    normal: &mut Solver<G>,
    misere: &mut MisereSolver<G>,
    p: &G::Position,
    play: Play,
) -> Result<Analysis, GameError> {
    analyze_with(game_name, game, normal, misere, p, play, Detail::AllMoves)
}

/// Analyses `p` under `play`, using the family's theory where it has one
/// and the solvers otherwise, working out as much of the move list as
/// `detail` asks. The solvers' tables persist across calls. A game that
/// may repeat ([`crate::Rules::may_repeat`]) is answered by retrograde
/// analysis of the positions reachable from `p` instead (its outcome may
/// be `D`; see [`LoopyReport`]).
///
/// Errors: a search limit when neither theory nor search can answer (or,
/// unless `detail` is [`Detail::OutcomeOnly`], when the moves are too many
/// to list); bad input when a full answer would exceed [`MAX_ANSWER`]
/// ([`TextGame::answer_size`]); an internal error if theory and search
/// disagree (a bug caught at run time).
pub fn analyze_with<G: TextGame>(
    game_name: &str,
    game: &G,
    normal: &mut Solver<G>,
    misere: &mut MisereSolver<G>,
    p: &G::Position,
    play: Play,
    detail: Detail,
) -> Result<Analysis, GameError> {
    // Only a full move list can be too large to write.
    if detail == Detail::AllMoves {
        let estimate = game.answer_size(p, play);
        if estimate > MAX_ANSWER {
            return Err(GameError::Input(format!(
                "the answer would be too large to write: about {estimate} entries (winning moves times the size of the position each lists), at most {MAX_ANSWER}"
            )));
        }
    }
    if game.may_repeat() {
        loopy::analyze(game_name, game, p, play, detail, normal.limits())
    } else {
        acyclic::analyze(game_name, game, normal, misere, p, play, detail)
    }
}
