//! Outcome classes and play conventions.

use std::fmt;

/// Which player wins with best play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum Outcome {
    /// The player to move wins.
    N,
    /// The player to move loses (the previous player wins).
    P,
    /// Neither player can force a win (games with cycles only).
    D,
}

impl Outcome {
    /// The outcome of a position from a winner flag for the player to move.
    pub fn from_mover_wins(wins: bool) -> Outcome {
        if wins {
            Outcome::N
        } else {
            Outcome::P
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::N => "N",
            Outcome::P => "P",
            Outcome::D => "D",
        })
    }
}

/// The play convention: who wins when no move is left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Play {
    /// The player who cannot move loses.
    Normal,
    /// The player who cannot move wins.
    Misere,
}

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Play::Normal => "normal",
            Play::Misere => "misere",
        })
    }
}
