//! The words a person reads about a match: the rule of play, what the
//! start is worth, the teacher's comment on a move, the hint, the draw and
//! the verdict. Every front end shows these sentences as they are, so a
//! game reads the same on the command line, the page and in Python; a
//! front end adds only its own layout (lists, prompts, buttons).

use super::terms::{DrawReason, Ply, Side, MAX_PLIES, MAX_REPETITIONS};
use crate::{Analysis, Outcome, Play};

/// Most winning moves named in a comment on a mistake.
pub const MAX_NAMED: usize = 3;

/// A position for display: an empty one (every heap taken, say) is still
/// visible, as `(empty)`.
pub fn shown(position: &str) -> String {
    if position.trim().is_empty() {
        "(empty)".to_string()
    } else {
        crate::messages::escaped(position)
    }
}

/// Why move `index` (counted from 0) cannot be played among `count`
/// moves: `there is no move 5: the moves are indexed 0 to 2`. `index` is
/// any number a front end was given, a negative one included.
pub fn no_such_move(index: impl std::fmt::Display, count: usize) -> String {
    match count {
        0 => format!("there is no move {index}: there are no moves"),
        n => format!(
            "there is no move {index}: the moves are indexed 0 to {}",
            n - 1
        ),
    }
}

/// The rule of play in a phrase: `normal play: whoever cannot move loses`.
pub fn play_rule(play: Play) -> &'static str {
    match play {
        Play::Normal => "normal play: whoever cannot move loses",
        Play::Misere => "misère play: whoever cannot move wins",
    }
}

/// Who moves first, as a sentence: `You move first.`
pub fn first_text(first: Side) -> &'static str {
    match first {
        Side::Human => "You move first.",
        Side::Engine => "The engine moves first.",
    }
}

/// What the starting position (analysed as `a`) is worth to the player to
/// move, `first`, and what that means for the person, as one sentence
/// without a line end.
pub fn start_text(a: &Analysis, first: Side) -> String {
    let worth = match a.outcome {
        Outcome::N => "the player to move can force a win (an N-position)",
        Outcome::P => "the player to move loses against best play (a P-position)",
        Outcome::D => "neither player can force a win (a draw with best play)",
    };
    let advice = match (a.outcome, first) {
        (Outcome::N, Side::Human) => {
            "so the win is yours to find: each move must leave the engine a losing position."
        }
        (Outcome::N, Side::Engine) => {
            "so the engine can win; it will not miss its chance, but watch how it plays."
        }
        (Outcome::P, Side::Human) => {
            "so the engine can win whatever you play; make it work for it."
        }
        (Outcome::P, Side::Engine) => {
            "so you can win: answer each engine move with a move that leaves it lost again."
        }
        (Outcome::D, _) => "so keep the draw, and take a win if the engine ever offers one.",
    };
    format!(
        "The starting position {}: {worth}, {advice}",
        shown(&a.position)
    )
}

/// The draw rules of a game whose positions may repeat, as one sentence.
pub fn draw_rule_text() -> String {
    format!(
        "Positions may repeat in this game: when one comes up with the same player to move \
         for the {}th time ({MAX_REPETITIONS} repetitions), or after {MAX_PLIES} moves, the \
         game stops as a draw.",
        MAX_REPETITIONS + 1
    )
}

/// Why a match was stopped as drawn, with `side` to move at the position
/// analysed as `a`, and whether a win was missed there; no line end.
pub fn draw_text(reason: DrawReason, side: Side, a: &Analysis) -> String {
    let whose = match side {
        Side::Human => "you",
        Side::Engine => "the engine",
    };
    let why = match reason {
        DrawReason::Repetition => format!(
            "This position has now come up {} times with {whose} to move ({MAX_REPETITIONS} \
             repetitions): the game is drawn by repetition.",
            MAX_REPETITIONS + 1
        ),
        DrawReason::Length => {
            format!("{MAX_PLIES} moves have been played without an end: the game is drawn.")
        }
    };
    let missed = match (a.outcome, side) {
        (Outcome::N, Side::Human) => " You could still have forced a win from here.",
        (Outcome::N, Side::Engine) => " The engine could still have forced a win from here.",
        _ => "",
    };
    format!("{why}{missed}")
}

/// Whether the person wins when the player to move, `stuck`, has no move
/// left.
pub fn human_wins(play: Play, stuck: Side) -> bool {
    let stuck_wins = play == Play::Misere;
    (stuck == Side::Human) == stuck_wins
}

/// The verdict's words: `you win` or `engine wins`.
pub fn winner_text(winner: Side) -> &'static str {
    match winner {
        Side::Human => "you win",
        Side::Engine => "engine wins",
    }
}

/// Why the match is over when the player to move, `stuck`, has no move
/// left: `The engine has no move left: in normal play the player who
/// cannot move loses.` (no line end).
pub fn verdict_text(play: Play, stuck: Side) -> String {
    let who = match stuck {
        Side::Human => "You have no move left",
        Side::Engine => "The engine has no move left",
    };
    let rule = match play {
        Play::Normal => "in normal play the player who cannot move loses",
        Play::Misere => "in misère play the player who cannot move wins",
    };
    format!("{who}: {rule}.")
}

/// The teacher's comment on the person's move, from the analyses of the
/// position before it (the person to move) and after it (the engine to
/// move); `None` when there is nothing to learn (a lost position stays
/// lost, a draw stays a draw). No line end.
pub fn feedback(before: &Analysis, after: &Analysis) -> Option<String> {
    let named = || {
        let names: Vec<&str> = before
            .winning_moves
            .iter()
            .take(MAX_NAMED)
            .map(|m| m.label.as_str())
            .collect();
        let more = before.winning_moves.len().saturating_sub(MAX_NAMED);
        match (names.len(), more) {
            (0, _) => String::new(),
            (1, _) => format!(" The winning move was: {}.", names[0]),
            (_, 0) => format!(" The winning moves were: {}.", names.join("; ")),
            (_, k) => format!(
                " The winning moves were: {}; and {k} more.",
                names.join("; ")
            ),
        }
    };
    Some(match (before.outcome, after.outcome) {
        (Outcome::N, Outcome::P) | (Outcome::D, Outcome::P) => {
            "Good move: the engine is now in a losing position.".into()
        }
        (Outcome::N, Outcome::N) => format!(
            "A mistake: this move gives the engine a winning position.{}",
            named()
        ),
        (Outcome::N, Outcome::D) => format!(
            "A slip: the engine can now hold a draw where you could win.{}",
            named()
        ),
        (Outcome::D, Outcome::N) => {
            "A mistake: this move gives the engine a winning position where a draw was held.".into()
        }
        _ => return None,
    })
}

/// The hint once the match is over (won, or drawn with moves left):
/// there is no move to suggest.
pub const OVER_HINT: &str = "Hint: no move is left to play: the game is over.";

/// One line on the good moves of the position analysed as `a`: `good`
/// holds their labels (winning moves from an N-position), named in that
/// order and escaped, so the line reads the same whether a list counts
/// moves from 0 (Python) or from 1 (the CLI).
pub fn hint_summary(a: &Analysis, good: &[&str]) -> String {
    match a.outcome {
        Outcome::N if good.is_empty() => {
            "Hint: the player to move can win here, but the winning moves are not listed.".into()
        }
        Outcome::N => {
            let labels: Vec<String> = good.iter().map(|l| crate::messages::escaped(l)).collect();
            format!(
                "Hint: winning move{} here: {}.",
                if labels.len() == 1 { "" } else { "s" },
                labels.join("; ")
            )
        }
        Outcome::P => "Hint: no move wins here; against best play the player to move loses. \
             Pick a move that leaves the engine as many ways to go wrong as possible."
            .into(),
        Outcome::D => "Hint: no move wins by force here; keep the draw.".into(),
    }
}

/// What an undo took back (`plies`, in the order they were played), as
/// one sentence: `Taken back: your move take 2 and the engine's reply
/// take 1.`
pub fn undone_text(plies: &[Ply]) -> String {
    let parts: Vec<String> = plies
        .iter()
        .enumerate()
        .map(|(k, p)| match (p.by, k) {
            (Side::Human, _) => format!("your move {}", p.played.label),
            (Side::Engine, 0) => format!("the engine's move {}", p.played.label),
            (Side::Engine, _) => format!("the engine's reply {}", p.played.label),
        })
        .collect();
    format!("Taken back: {}.", parts.join(" and "))
}
