//! How the engine chooses its move in `play`, for every front end.
//!
//! From a won position the engine plays the first winning move `analyze`
//! lists. From any other position it plays the move that leaves the
//! opponent the fewest winning replies: a losing position for the
//! opponent first, then a draw, then the fewest winning moves; ties go to
//! the move listed first, and only the first [`MAX_WEIGHED`] moves are
//! weighed (one analysis each) so that a turn stays quick.

use crate::{Analysis, Family, GameError, MoveReport, Outcome, Play};

/// Most moves the engine weighs (one analysis each) when it has no
/// winning move.
pub const MAX_WEIGHED: usize = 100;

/// The engine's move from the position analysed as `a`, whose legal moves
/// are `moves`, with the analysis of the position it leads to when
/// weighing the moves computed it.
///
/// Errors: the family's own (a limit hit while weighing a move); an
/// internal error when `moves` is empty.
pub fn engine_move(
    family: &dyn Family,
    play: Play,
    a: &Analysis,
    moves: &[MoveReport],
) -> Result<(MoveReport, Option<Analysis>), GameError> {
    if let Some(w) = a.winning_moves.first() {
        let m = find_move(moves, w).map_or_else(|| w.clone(), |i| moves[i].clone());
        return Ok((m, None));
    }
    let mut best: Option<(u64, usize, Analysis)> = None;
    for (i, m) in moves.iter().enumerate().take(MAX_WEIGHED) {
        let next = family.analyze(&split(&m.to), play)?;
        let score = match next.outcome {
            Outcome::P => 0,
            Outcome::D => 1,
            Outcome::N => 2 + next.winning_moves.len() as u64,
        };
        if best.as_ref().is_none_or(|(s, _, _)| score < *s) {
            best = Some((score, i, next));
        }
    }
    match best {
        Some((_, i, next)) => Ok((moves[i].clone(), Some(next))),
        None => Err(GameError::Internal(
            "the engine was asked to move from a position without moves".into(),
        )),
    }
}

/// A position's text split into the arguments `analyze` takes.
pub fn split(to: &str) -> Vec<&str> {
    to.split_whitespace().collect()
}

/// The index in `moves` of the move `m` (same label and position, or else
/// the same position), comparing positions with white space normalised.
pub fn find_move(moves: &[MoveReport], m: &MoveReport) -> Option<usize> {
    let to = normal_space(&m.to);
    moves
        .iter()
        .position(|x| x.label == m.label && normal_space(&x.to) == to)
        .or_else(|| moves.iter().position(|x| normal_space(&x.to) == to))
}

/// `s` with runs of white space made single spaces, trimmed.
pub fn normal_space(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}
