//! Digital deletions (HDOJ 1404): a string of digits; a move lowers one
//! digit to a smaller digit, or erases a 0 together with every digit to its
//! right. A string that is not empty always has a move (lower its first
//! digit, or erase from it when it is a 0), so the empty string is the only
//! end, and the last move always erases the last digit.
//!
//! Normal play is HDOJ 1404's: the player who erases the last digit wins.
//! Misère play is Conway's original (On Numbers and Games): the player who
//! erases the last digit loses. Both are the one game above, in its two
//! conventions, each answered from a table of its own.
//!
//! Every string of up to six digits is valued once for each play, in one
//! pass over a table of 1,111,111 entries (the empty string first): every
//! option of a string is a shorter string or a smaller number of the same
//! length, so increasing order is a valid order of computation.

use crate::mechanics::heaps;
use crate::mechanics::row;
use crate::mechanics::steps::{self, Steps};
use grundy_api::{Adapter, BuiltIn, Family, GameOptions};
use grundy_engine::{
    GameError, Impartial, Limits, Move, Nimber, Outcome, ParseError, Play, Rules, RulesError,
    TextGame, Theory,
};
use std::sync::OnceLock;

/// The longest string.
pub const MAX_DIGITS: usize = 6;

/// How the empty string, the end of the game, is written.
pub const EMPTY: &str = "-";

/// A string of 0 to [`MAX_DIGITS`] digits, leading zeros kept.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Digits(pub Vec<u8>);

/// Where the strings of each length start in the table: the empty string
/// at 0, then the strings of 1 digit, of 2 digits, and so on.
fn offset(len: usize) -> usize {
    (0..len).map(|l| 10usize.pow(l as u32)).sum()
}

fn index(d: &[u8]) -> usize {
    offset(d.len()) + d.iter().fold(0usize, |a, &x| a * 10 + x as usize)
}

/// One digital-deletions move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Lower digit `at` (0-based) to `to`.
    Lower {
        /// The digit, from 0.
        at: usize,
        /// Its new, smaller value.
        to: u8,
    },
    /// Erase the 0 at digit `at` (0-based) and every digit right of it;
    /// from digit 0, the whole string.
    Erase {
        /// The digit, from 0.
        at: usize,
    },
}

/// The values of every string of up to [`MAX_DIGITS`] digits, computed on
/// first use.
pub fn table() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(|| values(true))
}

/// The values of every string of up to [`MAX_DIGITS`] digits in the game
/// without the move that erases everything (from a leading 0), computed
/// on first use: a string that is not empty is won in misère play exactly
/// when its value here is not 0.
///
/// Erasing everything leaves the empty string, where the player to move
/// wins in misère play, so that move never wins: by induction over the
/// order of computation, leaving it out changes no misère outcome, and a
/// string whose only move it is has no move left and is lost, as it is in
/// misère play.
pub fn misere_table() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(|| values(false))
}

/// The values of every string, in the full game when `erase_all`, else
/// without the move that erases everything.
fn values(erase_all: bool) -> Vec<u8> {
    let mut t = vec![0u8; offset(MAX_DIGITS + 1)];
    let mut d = Vec::with_capacity(MAX_DIGITS);
    for len in 1..=MAX_DIGITS {
        d.clear();
        d.resize(len, 0);
        let base = offset(len);
        for n in 0..10usize.pow(len as u32) {
            // d holds n's digits; fill them without division.
            if n > 0 {
                let mut i = len;
                loop {
                    i -= 1;
                    if d[i] < 9 {
                        d[i] += 1;
                        break;
                    }
                    d[i] = 0;
                }
            }
            let mut seen = 0u128;
            for (i, &x) in d.iter().enumerate() {
                let place = 10usize.pow((len - 1 - i) as u32);
                for to in 0..x {
                    let j = base + n - (x - to) as usize * place;
                    seen |= 1 << t[j].min(127);
                }
                if x == 0 && (erase_all || i > 0) {
                    seen |= 1 << t[index(&d[..i])].min(127);
                }
            }
            t[base + n] = (!seen).trailing_zeros() as u8;
        }
    }
    t
}

/// Digital deletions on strings of up to six digits.
#[derive(Clone, Copy, Debug, Default)]
pub struct DigitalDeletions;

impl Steps for DigitalDeletions {
    type Step = Step;

    /// Digit by digit: its lowerings, then erasing from it when it is a 0.
    fn each_step(&self, p: &Digits, mut visit: impl FnMut(Step)) {
        for (i, &x) in p.0.iter().enumerate() {
            for to in 0..x {
                visit(Step::Lower { at: i, to });
            }
            if x == 0 {
                visit(Step::Erase { at: i });
            }
        }
    }

    fn apply(&self, p: &Digits, s: &Step) -> Digits {
        Digits(match *s {
            Step::Lower { at, to } => row::with_cell(&p.0, at, to),
            Step::Erase { at } => p.0[..at].to_vec(),
        })
    }

    fn label(&self, p: &Digits, s: &Step) -> String {
        match *s {
            Step::Lower { at, to } => format!("digit {}: {} -> {to}", at + 1, p.0[at]),
            Step::Erase { at } => {
                format!("erase the 0 at digit {} and everything right of it", at + 1)
            }
        }
    }
}

impl Rules for DigitalDeletions {
    type Position = Digits;

    fn options(&self, p: &Digits) -> Result<Vec<Digits>, RulesError> {
        Ok(steps::options(self, p))
    }

    /// Only the empty string: any other has a move (lower its first digit,
    /// or erase from it when it is a 0).
    fn is_terminal(&self, p: &Digits) -> Result<bool, RulesError> {
        Ok(p.0.is_empty())
    }

    /// At most every string of the same length or shorter.
    fn search_size(&self, p: &Digits) -> u128 {
        offset(p.0.len() + 1) as u128
    }
}

impl Impartial for DigitalDeletions {
    fn closed_form(&self, p: &Digits) -> Option<Nimber> {
        Some(Nimber(u64::from(table()[index(&p.0)])))
    }

    fn misere_size(&self, p: &Digits) -> u128 {
        self.search_size(p)
    }
}

impl TextGame for DigitalDeletions {
    /// One word of 1 to 6 digits, or [`EMPTY`] for the empty string.
    fn parse(&self, args: &[&str]) -> Result<Digits, ParseError> {
        let words = heaps::words(args);
        let [w] = words.as_slice() else {
            return Err(ParseError::new(format!(
                "expected one string of 1 to {MAX_DIGITS} digits, e.g. `1023`, or `{EMPTY}` for the empty string, found {} words",
                words.len()
            )));
        };
        if *w == EMPTY {
            return Ok(Digits(Vec::new()));
        }
        if let Some((i, c)) = w.chars().enumerate().find(|(_, c)| !c.is_ascii_digit()) {
            return Err(ParseError::new(format!(
                "bad character '{c}' at column {} of '{w}': expected digits 0-9",
                i + 1
            )));
        }
        if w.len() > MAX_DIGITS {
            return Err(ParseError::new(format!(
                "'{w}' has {} digits; at most {MAX_DIGITS} are allowed",
                w.len()
            )));
        }
        Ok(Digits(w.bytes().map(|b| b - b'0').collect()))
    }

    fn format(&self, p: &Digits) -> String {
        if p.0.is_empty() {
            return EMPTY.to_string();
        }
        p.0.iter().map(|&d| char::from(b'0' + d)).collect()
    }

    fn moves(&self, p: &Digits) -> Result<Vec<Move<Digits>>, RulesError> {
        steps::moves(self, p)
    }

    /// Both plays from their tables ([`table`], [`misere_table`]): the
    /// winning moves are those to strings lost for the player to move
    /// (only they are labelled).
    fn theory(&self, p: &Digits, play: Play) -> Option<Theory<Digits>> {
        let (t, method) = match play {
            Play::Normal => (table(), "table of every string of up to 6 digits"),
            Play::Misere => (
                misere_table(),
                "table of every string of up to 6 digits, without the move that erases everything",
            ),
        };
        // In misère play the empty string is won for its player; elsewhere
        // a string is won exactly when its value is not 0.
        let mover_wins =
            |d: &Digits| t[index(&d.0)] != 0 || (play == Play::Misere && d.0.is_empty());
        let mut winning = Vec::new();
        self.each_step(p, |s| {
            let to = self.apply(p, &s);
            if !mover_wins(&to) {
                winning.push(Move {
                    label: self.label(p, &s),
                    to,
                });
            }
        });
        Some(Theory {
            method: method.into(),
            outcome: Outcome::from_mover_wins(mover_wins(p)),
            winning_moves: winning,
        })
    }
}

fn build(_opts: &GameOptions, limits: &Limits) -> Result<Family, GameError> {
    Ok(Adapter::new("digital-deletions", DigitalDeletions, limits).family())
}

/// `digital-deletions 1023`.
pub const REGISTRATION: BuiltIn = BuiltIn {
    name: "digital-deletions",
    rules: "lower one digit, or erase a 0 and every digit to its right; whoever erases the last digit wins (HDOJ 1404)",
    syntax: "a string of 1 to 6 digits, or `-` for the empty string: `1023`",
    example: "1023",
    options: &[],
    build,
};
