//! The terms a match is played in: its players, the moves played, and the
//! draw rule of games whose positions may repeat. A leaf of the `play`
//! module: the match and its words ([`super::text`]) both read it.

use crate::MoveReport;
use serde::Serialize;

/// In a game whose positions may repeat, the match is drawn when a
/// position comes up again with the same player to move for this many
/// repetitions (so on its fourth occurrence).
pub const MAX_REPETITIONS: u32 = 3;

/// In a game whose positions may repeat, the most moves (plies, both
/// players counted) played before the match is stopped and drawn, for
/// games that wander through so many positions that repetitions come
/// slowly. Acyclic games have no such bound: they end by themselves.
pub const MAX_PLIES: u64 = 10_000;

/// A player of the match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The person (`"human"` in JSON).
    Human,
    /// The engine (`"engine"`).
    Engine,
}

impl Side {
    /// The other player.
    pub fn other(self) -> Side {
        match self {
            Side::Human => Side::Engine,
            Side::Engine => Side::Human,
        }
    }
}

/// Why a match was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DrawReason {
    /// A position came up with the same player to move for the
    /// [`MAX_REPETITIONS`]-th repetition (`"repetition"`).
    Repetition,
    /// [`MAX_PLIES`] moves were played (`"length"`).
    Length,
}

/// One move played (a ply): `{"by":"human","move":"take 2","to":"3",
/// "comment":"Good move: ..."}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Ply {
    /// Who played it.
    pub by: Side,
    /// The move (its label and the position it led to), as listed.
    #[serde(flatten)]
    pub played: MoveReport,
    /// The teacher's comment on a move of the person's
    /// ([`super::text::feedback`]): whether it kept or threw away a win; `None`
    /// for the engine's moves and when there is nothing to learn.
    pub comment: Option<String>,
}
