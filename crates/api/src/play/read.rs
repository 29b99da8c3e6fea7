//! Reading a move as a person types it: by its number in the list, its
//! label, the position it leads to, or the game's own notation
//! ([`crate::Family::read_move`]), in that order.

use super::policy::{find_move, normal_space};
use crate::{GameError, MoveReport};
use std::fmt;

/// A typed line that names no legal move, with the reason in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    /// Why, as a sentence ending in a full stop: `'abc' is not a legal
    /// move here.`
    pub message: String,
    /// The line was not recognisable as a move at all (empty, or neither
    /// a number, a label, a position nor the notation), so a front end
    /// should say again how moves are typed. `false` when the message
    /// already says what to type (a number out of range, a label shared by
    /// several moves, a move the notation refuses).
    pub usage: bool,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ReadError {}

impl From<ReadError> for GameError {
    fn from(e: ReadError) -> Self {
        GameError::Input(e.message)
    }
}

fn refused(message: String, usage: bool) -> ReadError {
    ReadError { message, usage }
}

/// The index in `moves` of the move `line` names, read as the first of:
/// a move's number counted from 1 (a line that is one whole number is
/// always a move's number); a move's label; the position a move leads to;
/// the game's notation, `notation` being the family's reading of the line
/// ([`crate::Family::read_move`]). White space is normalised first. A
/// line that is the position of one move and the notation of another is
/// refused as ambiguous: neither reading may win silently.
pub fn read_move(
    line: &str,
    moves: &[MoveReport],
    notation: &dyn Fn(&str) -> Option<Result<MoveReport, GameError>>,
) -> Result<usize, ReadError> {
    let t = normal_space(line);
    let n = moves.len();
    if t.is_empty() {
        return Err(refused("Empty line.".into(), true));
    }
    if t.bytes().all(|b| b.is_ascii_digit()) {
        return match t.parse::<usize>() {
            Ok(k) if (1..=n).contains(&k) => Ok(k - 1),
            _ if n == 0 => Err(refused(
                format!("There is no move {}: there are no moves.", shortened(&t)),
                false,
            )),
            _ => Err(refused(
                format!(
                    "There is no move {}: the moves are numbered 1 to {n}.",
                    shortened(&t)
                ),
                false,
            )),
        };
    }
    let by_label: Vec<usize> = (0..n)
        .filter(|&i| normal_space(&moves[i].label) == t)
        .collect();
    if let Some(&first) = by_label.first() {
        let to = normal_space(&moves[first].to);
        if by_label.iter().all(|&i| normal_space(&moves[i].to) == to) {
            return Ok(first);
        }
        let nums: Vec<String> = by_label.iter().map(|i| (i + 1).to_string()).collect();
        return Err(refused(
            format!(
                "Moves {} are all labelled '{}': type the number of the one you mean.",
                nums.join(", "),
                shortened(&t)
            ),
            false,
        ));
    }
    if let Some(i) = (0..n).find(|&i| normal_space(&moves[i].to) == t) {
        if let Some(Ok(m)) = notation(&t) {
            if let Some(j) = find_move(moves, &m).filter(|&j| j != i) {
                return Err(refused(
                    format!(
                        "'{}' is ambiguous: as the position a move leads to it is move {} \
                         ({}), in the game's notation move {} ({}). Type the move's number.",
                        shortened(&t),
                        i + 1,
                        moves[i].label,
                        j + 1,
                        moves[j].label
                    ),
                    false,
                ));
            }
        }
        return Ok(i);
    }
    match notation(&t) {
        Some(Ok(m)) => find_move(moves, &m).ok_or_else(|| {
            refused(
                format!(
                    "'{}' names no move in the list ({}).",
                    shortened(&t),
                    m.label
                ),
                true,
            )
        }),
        Some(Err(e)) => Err(refused(
            format!("'{}' is not a legal move here: {e}.", shortened(&t)),
            false,
        )),
        None => Err(refused(
            format!("'{}' is not a legal move here.", shortened(&t)),
            true,
        )),
    }
}

/// A typed line as quoted back in a message: its start when it is long,
/// so a pasted megabyte is not printed again, with control characters
/// escaped ([`crate::messages::escaped`]): the line is shown as typed,
/// never acted on by the terminal.
pub fn shortened(t: &str) -> String {
    const SHOWN: usize = 60;
    crate::messages::escaped(&match t.char_indices().nth(SHOWN) {
        Some((end, _)) => format!("{}...", &t[..end]),
        None => t.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(label: &str, to: &str) -> MoveReport {
        MoveReport {
            label: label.into(),
            to: to.into(),
        }
    }

    fn three() -> Vec<MoveReport> {
        vec![mv("take 1", "2"), mv("take 2", "1"), mv("take  3", "0")]
    }

    fn plain(line: &str, moves: &[MoveReport]) -> Result<usize, ReadError> {
        read_move(line, moves, &|_| None)
    }

    #[test]
    fn by_number_label_and_position() {
        let m = three();
        assert_eq!(plain("2\n", &m), Ok(1));
        assert_eq!(plain("  take 1 \r\n", &m), Ok(0));
        assert_eq!(plain("take 3", &m), Ok(2));
        assert_eq!(plain("1", &[mv("x", "7")]), Ok(0));
    }

    #[test]
    fn bad_lines_say_why() {
        let m = three();
        for (line, word, usage) in [
            ("", "Empty line", true),
            ("4", "no move 4", false),
            // A number is a move number, even where it is also a position.
            ("0", "no move 0", false),
            ("0000", "no move 0000", false),
            ("99999999999999999999999", "numbered 1 to 3", false),
            ("abc", "'abc' is not a legal move", true),
            ("Take 1", "not a legal move", true),
            ("-1", "not a legal move", true),
        ] {
            let e = plain(line, &m).unwrap_err();
            assert!(e.message.contains(word), "{line:?}: {e}");
            assert_eq!(e.usage, usage, "{line:?}");
        }
        // Without moves (the match is over) no number is offered.
        let e = plain("1", &[]).unwrap_err();
        assert_eq!(e.message, "There is no move 1: there are no moves.");
        let long = "x".repeat(100);
        let e = plain(&long, &m).unwrap_err();
        assert_eq!(
            e.message,
            format!("'{}...' is not a legal move here.", &long[..60])
        );
    }

    #[test]
    fn a_label_shared_by_different_moves_asks_for_the_number() {
        let m = vec![mv("split", "1 2"), mv("split", "3"), mv("x", "1 2")];
        let e = plain("split", &m).unwrap_err();
        assert!(e.message.contains("Moves 1, 2 are all labelled"), "{e}");
        assert_eq!(plain("1 2", &m), Ok(0));
        // The same label leading to the same place is one move.
        let m = vec![mv("a", "1"), mv("a", " 1")];
        assert_eq!(plain("a", &m), Ok(0));
    }

    #[test]
    fn the_reading_order_number_label_position_notation() {
        // Moves of a countdown from 3; the notation `-K` takes K, refusing
        // more than 2.
        let m = three();
        let notation = |t: &str| -> Option<Result<MoveReport, GameError>> {
            let k: usize = t.strip_prefix('-')?.parse().ok()?;
            Some(match k {
                1 | 2 => Ok(m[k - 1].clone()),
                _ => Err(GameError::Input(format!("{k} is too many"))),
            })
        };
        assert_eq!(read_move("-2", &m, &notation), Ok(1));
        assert_eq!(read_move("2", &m, &notation), Ok(1));
        assert_eq!(read_move("take 1", &m, &notation), Ok(0));
        let e = read_move("-5", &m, &notation).unwrap_err();
        assert_eq!(e.message, "'-5' is not a legal move here: 5 is too many.");
        assert!(!e.usage);
        // A position that the notation reads as another move: refused,
        // naming both.
        let m = vec![mv("a", "-2"), mv("b", "0")];
        let notation = |t: &str| (t == "-2").then(|| Ok(mv("b", "0")));
        let e = read_move("-2", &m, &notation).unwrap_err();
        assert!(
            e.message
                .contains("it is move 1 (a), in the game's notation move 2 (b)"),
            "{e}"
        );
        // The notation naming a move that is not listed is refused.
        let notation = |_: &str| Some(Ok(mv("z", "9")));
        let e = read_move("zz", &m, &notation).unwrap_err();
        assert_eq!(e.message, "'zz' names no move in the list (z).");
        assert!(e.usage);
    }
}
