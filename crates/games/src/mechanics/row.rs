//! Row strings shared by the row games (treblecross, xo-row, kayles-row):
//! reading a row written over a small alphabet, with errors that name the
//! bad character and its column; writing it back; splitting it into maximal
//! runs of cells.
//!
//! Conventions every row game follows:
//! - a position is one word, one character a cell, cell 1 on the left;
//! - columns in messages and move labels count from 1;
//! - a component is written as a row of its own (the run with whatever
//!   bounds it), so it can be fed back to `analyze`.

use grundy_engine::ParseError;
use std::ops::Range;

/// The most cells a row may have. The row games' value tables grow as the
/// square of the longest run, and ten thousand cells keep every answer well
/// under a second.
pub const MAX_CELLS: usize = 10_000;

/// The symbols of a row game: each character and the cell it stands for.
/// Every cell value must appear exactly once, so writing is unambiguous.
pub type Alphabet<T> = [(char, T)];

/// Reads the row given as the position arguments: exactly one word (a batch
/// line or a quoted argument is split on white space) of at most
/// [`MAX_CELLS`] characters from `alphabet`. `example` is shown when no row
/// is given.
///
/// Errors name the problem: no row, several words, a character outside the
/// alphabet (with its 1-based column and the characters allowed), a row
/// that is too long.
pub fn parse_row<T: Copy>(
    args: &[&str],
    alphabet: &Alphabet<T>,
    example: &str,
) -> Result<Vec<T>, ParseError> {
    let words: Vec<&str> = args.iter().flat_map(|a| a.split_whitespace()).collect();
    let word = match words.as_slice() {
        [] => {
            return Err(ParseError::new(format!(
                "no row given: write the row as one word, e.g. `{example}`"
            )))
        }
        [w] => *w,
        _ => {
            return Err(ParseError::new(format!(
                "expected one row, found {} words ({}); write the row without spaces",
                words.len(),
                words
                    .iter()
                    .map(|w| format!("`{w}`"))
                    .collect::<Vec<_>>()
                    .join(" ")
            )))
        }
    };
    let count = word.chars().count();
    if count > MAX_CELLS {
        return Err(ParseError::new(format!(
            "the row has {count} cells; at most {MAX_CELLS} are allowed"
        )));
    }
    word.chars()
        .enumerate()
        .map(|(i, ch)| {
            alphabet
                .iter()
                .find(|(c, _)| *c == ch)
                .map(|&(_, cell)| cell)
                .ok_or_else(|| {
                    ParseError::new(format!(
                        "bad character '{ch}' at column {} of the row: expected {}",
                        i + 1,
                        describe(alphabet)
                    ))
                })
        })
        .collect()
}

/// `'X' or '.'`, `'X', 'O' or '.'`: the allowed characters for messages.
fn describe<T>(alphabet: &Alphabet<T>) -> String {
    let names: Vec<String> = alphabet.iter().map(|(c, _)| format!("'{c}'")).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => "nothing".to_string(),
    }
}

/// Writes `cells` as [`parse_row`] reads them.
///
/// Panics if a cell is missing from `alphabet`: a programming error of the
/// calling game, never a consequence of input.
pub fn format_row<T: Copy + PartialEq>(cells: &[T], alphabet: &Alphabet<T>) -> String {
    cells
        .iter()
        .map(|cell| {
            alphabet
                .iter()
                .find(|(_, c)| c == cell)
                .map(|&(ch, _)| ch)
                .expect("every cell value has a symbol")
        })
        .collect()
}

/// The maximal runs of consecutive cells for which `keep` holds, left to
/// right, as index ranges (0-based, end exclusive).
pub fn runs<T>(cells: &[T], mut keep: impl FnMut(&T) -> bool) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, cell) in cells.iter().enumerate() {
        match (keep(cell), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push(s..i);
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push(s..cells.len());
    }
    out
}

/// A copy of `cells` with cell `i` (0-based) set to `value`.
pub fn with_cell<T: Copy>(cells: &[T], i: usize, value: T) -> Vec<T> {
    let mut out = cells.to_vec();
    out[i] = value;
    out
}

/// Reads the cell a row game's notation names: `@CELL`, cells numbered
/// from 1, in a row of `len` cells. `text` is the typed words joined
/// without spaces. `None` when `text` does not start with `@`; otherwise
/// the cell (from 0), or an error when no cell of the row is named.
///
/// The `@` keeps a cell apart from a move's number in the list, which a
/// bare number always is.
pub fn read_cell(text: &str, len: usize) -> Option<Result<usize, ParseError>> {
    let rest = text.strip_prefix('@')?;
    Some(cell_number(rest, len))
}

/// Reads `@CELL` or `@FIRST-LAST` (a span of cells, both numbered from 1)
/// in a row of `len` cells, as [`read_cell`] does: the first and last cell
/// (from 0, as typed: `LAST` may lie before `FIRST`), or an error naming
/// the text that is no cell.
pub fn read_span(text: &str, len: usize) -> Option<Result<(usize, usize), ParseError>> {
    let rest = text.strip_prefix('@')?;
    Some(match rest.split_once('-') {
        None => cell_number(rest, len).map(|c| (c, c)),
        Some((a, b)) => cell_number(a, len).and_then(|a| Ok((a, cell_number(b, len)?))),
    })
}

/// The cell (from 0) numbered `t` (from 1) in a row of `len` cells.
fn cell_number(t: &str, len: usize) -> Result<usize, ParseError> {
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseError::new(format!(
            "'{t}' is not a cell number: write the cell after @, e.g. @3"
        )));
    }
    match t.parse::<usize>() {
        Ok(c) if (1..=len).contains(&c) => Ok(c - 1),
        _ => Err(ParseError::new(format!(
            "there is no cell {t}: the cells are numbered 1 to {len}"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ABC: &Alphabet<u8> = &[('X', 1), ('O', 2), ('.', 0)];

    #[test]
    fn round_trip() {
        let cells = parse_row(&["X..O."], ABC, "X..").unwrap();
        assert_eq!(cells, vec![1, 0, 0, 2, 0]);
        assert_eq!(format_row(&cells, ABC), "X..O.");
        assert_eq!(parse_row(&["  X. "], ABC, "X.").unwrap(), vec![1, 0]);
    }

    #[test]
    fn errors_name_the_character_and_column() {
        let e = parse_row(&["X.Y."], ABC, "X..").unwrap_err().0;
        assert!(e.contains("'Y'") && e.contains("column 3"), "{e}");
        assert!(e.contains("'X', 'O' or '.'"), "{e}");
        // Columns count characters, not bytes.
        let e = parse_row(&["éX✓"], ABC, "X..").unwrap_err().0;
        assert!(e.contains("'é'") && e.contains("column 1"), "{e}");
        let e = parse_row(&["X.✓"], ABC, "X..").unwrap_err().0;
        assert!(e.contains("column 3"), "{e}");
        let e = parse_row(&[], ABC, "X..").unwrap_err().0;
        assert!(e.contains("no row") && e.contains("`X..`"), "{e}");
        let e = parse_row(&["X.", ".."], ABC, "X..").unwrap_err().0;
        assert!(e.contains("2 words"), "{e}");
        let long = ".".repeat(MAX_CELLS + 1);
        let e = parse_row(&[&long], ABC, "X..").unwrap_err().0;
        assert!(e.contains("at most"), "{e}");
        assert!(parse_row(&[&".".repeat(MAX_CELLS)], ABC, "X..").is_ok());
    }

    #[test]
    fn runs_are_maximal() {
        let cells = [1, 1, 0, 1, 0, 0, 1, 1, 1];
        assert_eq!(runs(&cells, |&c| c == 1), vec![0..2, 3..4, 6..9]);
        assert_eq!(runs(&cells, |&c| c == 0), vec![2..3, 4..6]);
        assert_eq!(runs(&[] as &[u8], |&c| c == 0), vec![]);
    }

    #[test]
    fn cells_in_notation() {
        assert_eq!(read_cell("@3", 5), Some(Ok(2)));
        assert_eq!(read_cell("3", 5), None);
        assert_eq!(read_cell("X3", 5), None);
        for (text, want) in [
            ("@6", "no cell 6: the cells are numbered 1 to 5"),
            ("@0", "no cell 0"),
            ("@99999999999999999999999", "no cell 9999"),
            ("@", "'' is not a cell number"),
            ("@x", "'x' is not a cell number"),
            ("@3-4", "'3-4' is not a cell number"),
        ] {
            let e = read_cell(text, 5).unwrap().unwrap_err().0;
            assert!(e.contains(want), "{text}: {e}");
        }
        assert_eq!(read_span("@2", 5), Some(Ok((1, 1))));
        assert_eq!(read_span("@2-3", 5), Some(Ok((1, 2))));
        assert_eq!(read_span("@4-1", 5), Some(Ok((3, 0))));
        assert!(read_span("@2-9", 5).unwrap().is_err());
        assert!(read_span("@2-", 5).unwrap().is_err());
        assert_eq!(read_span("2-3", 5), None);
    }

    #[test]
    fn with_cell_changes_one_cell() {
        assert_eq!(with_cell(&[0, 0, 0], 1, 2), vec![0, 2, 0]);
    }
}
