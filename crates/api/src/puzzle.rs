//! Puzzles: answers that are no game family. A puzzle (the pirate puzzle,
//! n players sharing coins) has no position and no two-player outcome;
//! it is asked with a few whole numbers and answers with a report that
//! front ends print as text or JSON. A puzzle module declares a
//! [`Puzzle`]; the games crate lists them beside the families, and front
//! ends build their arguments from it, as they do from a
//! [`crate::Registration`]'s option specs.

use crate::{parse_u64_in, GameError};

/// A number a puzzle is asked with: `--NAME VALUE`, required, a whole
/// number in `least..=most`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PuzzleOption {
    /// The option's name without dashes, e.g. `n`.
    pub name: &'static str,
    /// The placeholder of its value, e.g. `N`.
    pub value: &'static str,
    /// What it counts, in the plural (`pirates`).
    pub what: &'static str,
    /// The least value accepted.
    pub least: u64,
    /// The largest value accepted.
    pub most: u64,
}

impl PuzzleOption {
    /// The option's help: what it counts and its range.
    pub fn help(&self) -> String {
        format!(
            "The number of {}, {} to {} (required)",
            self.what, self.least, self.most
        )
    }
}

/// A puzzle's answer: its text and its JSON document.
pub trait PuzzleAnswer {
    /// The answer as text, ending in a newline.
    fn text(&self) -> String;
    /// The answer as one pretty-printed JSON document (no newline after).
    fn json(&self) -> Result<String, GameError>;
}

/// Solves a puzzle for its checked numbers, in the order of its options.
pub type SolveFn = fn(&[u64]) -> Result<Box<dyn PuzzleAnswer>, GameError>;

/// How a puzzle is listed, asked and solved.
#[derive(Clone, Copy)]
pub struct Puzzle {
    /// The name used on the command line (`pirates`).
    pub name: &'static str,
    /// One line saying what it is.
    pub about: &'static str,
    /// The rules and the answer's layout, after the option list of the
    /// help.
    pub after_help: &'static str,
    /// The numbers it is asked with, all required.
    pub options: &'static [PuzzleOption],
    /// What the answer gives (`every pirate's fate`).
    pub answers: &'static str,
    /// Why a position is never needed (`the answer covers every pirate`).
    pub no_position: &'static str,
    /// Why misère play does not apply.
    pub no_misere: &'static str,
    /// Solves it for the checked numbers, in the order of `options`.
    pub solve: SolveFn,
}

impl Puzzle {
    /// The options as typed: `--n N --m M`.
    pub fn synopsis(&self) -> String {
        let opts: Vec<String> = self
            .options
            .iter()
            .map(|o| format!("--{} {}", o.name, o.value))
            .collect();
        opts.join(" ")
    }

    /// Checks the numbers as given (`None`: absent), in the order of
    /// `options`, and solves the puzzle.
    pub fn ask(&self, given: &[Option<&str>]) -> Result<Box<dyn PuzzleAnswer>, GameError> {
        let mut numbers = Vec::with_capacity(self.options.len());
        for (o, text) in self.options.iter().zip(given) {
            let (name, what, least, most) = (o.name, o.what, o.least, o.most);
            let text = text.ok_or_else(|| {
                GameError::Input(format!(
                    "{} needs --{name}, the number of {what} ({least} to {most})",
                    self.name
                ))
            })?;
            let n = parse_u64_in(text, least, most).map_err(|e| {
                GameError::Input(format!(
                    "--{name}: {e} (the number of {what}, {least} to {most})"
                ))
            })?;
            numbers.push(n);
        }
        (self.solve)(&numbers)
    }

    /// The error for a word that is no option, `word`.
    pub fn position_error(&self, word: &str) -> GameError {
        let opts: Vec<String> = self
            .options
            .iter()
            .map(|o| format!("--{} {} ({})", o.name, o.value, o.what))
            .collect();
        GameError::Input(format!(
            "unexpected argument '{word}': {} takes no position, only {}; {}",
            self.name,
            opts.join(" and "),
            self.no_position
        ))
    }

    /// The error for an option it does not take, `shown` as typed.
    pub fn unknown_option(&self, shown: &str) -> GameError {
        let opts: Vec<String> = self
            .options
            .iter()
            .map(|o| format!("--{} {}", o.name, o.value))
            .chain(["--json".to_string()])
            .collect();
        GameError::Input(format!(
            "unknown option '{shown}' for {} (its options: {})",
            self.name,
            opts.join(", ")
        ))
    }

    /// The error for `--misere`.
    pub fn misere_error(&self) -> GameError {
        GameError::Input(format!(
            "--misere does not apply to {}: {}",
            self.name, self.no_misere
        ))
    }

    /// The error for a command that needs a game with positions
    /// (`batch`, `seq`, `play`), named `command`.
    pub fn not_a_game(&self, command: &str) -> GameError {
        let (name, synopsis) = (self.name, self.synopsis());
        GameError::Input(format!(
            "{name} is a puzzle, not a game with positions: `grundy {name} {synopsis}` \
             (or `grundy analyze {name} {synopsis}`) prints {}; {command} does not apply",
            self.answers
        ))
    }
}
