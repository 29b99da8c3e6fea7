//! The full answer for one position: outcome, value, the moves worth
//! playing. [`analyze_with`] dispatches: a game whose positions may repeat
//! goes to retrograde analysis ([`loopy`]), any other to the
//! Sprague-Grundy and misère solvers ([`acyclic`]); both fill in the
//! report types of [`report`].
//!
//! Imports run one way: `mod` uses `acyclic`, `loopy`, `loopy_ranks`
//! and `report`; `loopy_ranks` uses `loopy` and `report`; `acyclic` and
//! `loopy` use `report`; `report` uses none of them.

mod acyclic;
mod loopy;
mod loopy_ranks;
mod report;

pub use loopy::{Heading, LoopyReport, MoveOutcomes, ReachableGame};
pub use report::{
    check_moves_bound, not_listed_note, too_large_note, Analysis, ComponentReport, Detail,
    MoveReport, GENUS_STATES, MAX_ANSWER,
};
use report::{Question, MOVE_HELD_BYTES};

use crate::{GameError, MisereSolver, Outcome, Play, Solver, TextGame};

/// Analyses `p` under `play` with every winning move listed, as one
/// answer: the searches behind it (its size estimate, its outcome, each
/// winning move, the genus) share one time limit and one memory budget,
/// the solvers' (both solvers run under the normal solver's limits); a
/// value table a family builds on demand, or its theory listing moves,
/// reads them through the thread's answer scope. See [`analyze_with`].
pub fn analyze<G: TextGame>(
    game_name: &str,
    game: &G,
    normal: &mut Solver<G>,
    misere: &mut MisereSolver<G>,
    p: &G::Position,
    play: Play,
) -> Result<Analysis, GameError> {
    let shared = normal.limits().sharing_time();
    shared.within_answer(|| {
        let kept = (
            normal.replace_limits(shared.clone()),
            misere.replace_limits(shared.clone()),
        );
        let answer = analyze_with(game_name, game, normal, misere, p, play, Detail::AllMoves);
        normal.replace_limits(kept.0);
        misere.replace_limits(kept.1);
        answer
    })
}

/// Analyses `p` under `play` inside the answer its caller has opened
/// ([`crate::Limits::within_answer`] on the solvers' limits, both solvers
/// under the same ones; a front end opens one scope for the parse and the
/// answer together, so that a request's limits hold end to end): the
/// answer's time limit and memory budget are read from that scope. Uses
/// the family's theory where it has one and the solvers otherwise,
/// working out as much of the move list as `detail` asks. The solvers'
/// tables persist across calls. A game that may repeat
/// ([`crate::Rules::may_repeat`]) is answered by retrograde analysis of
/// the positions reachable from `p` instead (its outcome may be `D`; see
/// [`LoopyReport`]).
///
/// A position whose winning moves are too many to list is answered all
/// the same: outcome and value, no move listed (`winning_move_count`
/// `None`), and a note saying why and how to list some: when the full
/// answer would exceed [`MAX_ANSWER`] ([`TextGame::answer_size`]; then no
/// move is examined), or the moves are more than the state limit
/// ([`check_moves_bound`]). With [`Detail::FirstMoves`] such a position
/// lists the first moves its theory finds ([`TextGame::theory_first`]),
/// uncounted.
///
/// Errors: a search limit when neither theory nor search can answer; an
/// internal error if theory and search disagree (a bug caught at run
/// time).
pub fn analyze_with<G: TextGame>(
    game_name: &str,
    game: &G,
    normal: &mut Solver<G>,
    misere: &mut MisereSolver<G>,
    p: &G::Position,
    play: Play,
    detail: Detail,
) -> Result<Analysis, GameError> {
    let max_memory = normal.limits().max_memory;
    let (detail, too_large) = within_answer_size(game, p, play, detail, max_memory);
    let question = Question {
        game_name,
        game,
        p,
        play,
        detail,
    };
    let answer = if game.may_repeat() {
        loopy::analyze(question, normal.limits())
    } else {
        acyclic::analyze(question, normal, misere)
    };
    Ok(replayable(game, noted_too_large(answer?, too_large)))
}

/// The detail an answer can afford: a full move list too large to write
/// ([`TextGame::answer_size`] over [`MAX_ANSWER`]), or one whose copies
/// held while it is answered do not fit in `max_memory`, and the first
/// `k` moves of [`Detail::FirstMoves`] that do not fit either: then the
/// outcome and value are answered without examining a move, and the note
/// why is returned for [`noted_too_large`].
fn within_answer_size<G: TextGame>(
    game: &G,
    p: &G::Position,
    play: Play,
    detail: Detail,
    max_memory: u64,
) -> (Detail, Option<String>) {
    let held = match detail {
        Detail::AllMoves => {
            let estimate = game.answer_size(p, play);
            if estimate > MAX_ANSWER {
                return (Detail::OutcomeOnly, Some(too_large_note(estimate)));
            }
            // Held about four times over while answered: the positions
            // made, their text, the answer's own and its rendering; and
            // each move's headers beside its text, at most one move per
            // unit of the estimate (`kayles 3000000 --max-memory 100M`
            // listed 249,999 moves of 71 units each in 124 MB resident).
            let moves = match game.moves_bound(p) {
                0 => 0,
                bound => bound.min(estimate),
            };
            estimate
                .saturating_mul(ANSWER_COPIES)
                .saturating_add(moves.saturating_mul(MOVE_HELD_BYTES))
        }
        // `--max-moves 3000000` of a Kayles heap of 10^12 held 1.57 GB
        // at --max-memory 200M: each move listed is a label and a
        // position about as long as p's, held as often as a full list's.
        Detail::FirstMoves(k) if k > 0 => {
            let k = match game.moves_bound(p) {
                0 => k as u128,
                bound => bound.min(k as u128),
            };
            let each = game.format(p).len() as u128 + 1 + LABEL_BYTES;
            k.saturating_mul(each.saturating_mul(ANSWER_COPIES) + MOVE_HELD_BYTES)
        }
        _ => return (detail, None),
    };
    let held = u64::try_from(held).unwrap_or(u64::MAX);
    if let Err(e) = crate::memory::admit(held, max_memory) {
        return (Detail::OutcomeOnly, Some(not_listed_note(&e)));
    }
    (detail, None)
}

/// How many times over an answer's [`TextGame::answer_size`] is held in
/// memory while it is worked out and written.
const ANSWER_COPIES: u128 = 4;

/// The bytes of a move's label, as [`within_answer_size`] counts them
/// for the first moves listed (`heap 1: take 1 from 1000000000000,
/// leaving ...`).
const LABEL_BYTES: u128 = 64;

/// A loopy game's `answer` with every listed move whose `to` does not
/// read back taken out ([`report::readable`]), and a note saying how many
/// and why; the counts stay those of every move. The acyclic analysis
/// lists only moves that read back ([`report::readable_moves`]) and is
/// returned as it is.
fn replayable<G: TextGame>(game: &G, mut answer: Analysis) -> Analysis {
    if !game.may_repeat() {
        return answer;
    }
    let mut out = report::Readable::default();
    let position = &answer.position;
    answer
        .winning_moves
        .retain(|m| report::readable(game, position, &m.to, &mut out));
    answer
        .drawing_moves
        .retain(|m| report::readable(game, position, &m.to, &mut out));
    let counted = answer.winning_move_count.is_some() || answer.drawing_move_count.is_some();
    answer.notes.extend(out.note(counted));
    answer
}

/// `answer` with what [`within_answer_size`] left out said: a lost
/// position's count (no winning move), or the note why none is listed.
fn noted_too_large(mut answer: Analysis, too_large: Option<String>) -> Analysis {
    if let Some(note) = too_large {
        match answer.outcome {
            // No winning move to list: the full answer's count.
            Outcome::P => answer.winning_move_count = Some(0),
            _ => answer.notes.push(note),
        }
    }
    answer
}

/// Analyses `p` under `play` as [`analyze_with`] does, the work spread
/// over `ranks`: called by every rank alike, every rank gets the answer,
/// the one [`analyze_with`] gives in one process. Only games whose
/// positions may repeat are spread ([`crate::Rules::may_repeat`]: the
/// reachable positions explored and solved across the ranks, see
/// [`crate::retrograde_ranks`]); any other is refused.
///
/// Errors, on every rank alike: bad input for a game that cannot repeat;
/// those of [`analyze_with`]; a transport failure.
pub fn analyze_on_ranks<G: TextGame>(
    game_name: &str,
    game: &G,
    p: &G::Position,
    play: Play,
    detail: Detail,
    limits: &crate::Limits,
    ranks: &dyn crate::ranks::Ranks,
) -> Result<Analysis, GameError> {
    if !game.may_repeat() {
        return Err(GameError::Input(format!(
            "--mpi: {game_name} is answered on one machine; analyze takes --mpi for games whose positions may repeat (ring, graph --misere, rules files declaring loopy())"
        )));
    }
    // One answer scope, as in one process: the size estimate and the
    // search keep to the time limit and the memory budget.
    let shared = limits.sharing_time();
    shared.within_answer(|| {
        let (detail, too_large) = within_answer_size(game, p, play, detail, shared.max_memory);
        let question = Question {
            game_name,
            game,
            p,
            play,
            detail,
        };
        let answer = loopy_ranks::analyze(question, &shared, ranks)?;
        Ok(replayable(game, noted_too_large(answer, too_large)))
    })
}
