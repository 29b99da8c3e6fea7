//! xo-row: players in turn write `X` or `O` (their choice) in an empty cell
//! of a row; two equal letters may never stand side by side.
//!
//! A letter only constrains its two neighbours, so the maximal runs of
//! empty cells are independent games, each determined by its length `n` and
//! what bounds it on either side (the row's end or a letter). Closed forms
//! (checked against search on every row up to ten cells in the tests):
//! - border on both sides: `n mod 2`;
//! - a border and a letter: `n`;
//! - two different letters: `0`;
//! - two equal letters: `1` (`n >= 1`).
//!
//! A component is written as the run with the letters that bound it, e.g.
//! `X...O`, so it reads back as a position of its own.

use crate::mechanics::row::{self, Alphabet};
use crate::mechanics::steps::{self, Steps};
use grundy_api::{Adapter, BuiltIn, Family, GameOptions};
use grundy_engine::{
    GameError, Impartial, Limits, Move, Nimber, Outcome, ParseError, Play, Rules, RulesError,
    TextGame, Theory,
};

/// One cell of the row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Cell {
    /// No letter yet.
    Empty,
    /// The letter X.
    X,
    /// The letter O.
    O,
}

const ALPHABET: &Alphabet<Cell> = &[('X', Cell::X), ('O', Cell::O), ('.', Cell::Empty)];

/// The xo-row family; a position is the row, cell 1 first.
#[derive(Clone, Copy, Debug, Default)]
pub struct XoRow;

/// The value of a run of `n >= 1` empty cells bounded by `left` and `right`
/// (`None` for the end of the row), by the closed forms of the module doc.
pub fn run_value(left: Option<Cell>, n: usize, right: Option<Cell>) -> u64 {
    match (left, right) {
        (None, None) => (n % 2) as u64,
        (None, Some(_)) | (Some(_), None) => n as u64,
        (Some(a), Some(b)) if a == b => 1,
        (Some(_), Some(_)) => 0,
    }
}

/// The value of a run of `n >= 0` empty cells: [`run_value`], and 0 for
/// the empty run (which is no part at all).
fn part_value(left: Option<Cell>, n: usize, right: Option<Cell>) -> u64 {
    if n == 0 {
        0
    } else {
        run_value(left, n, right)
    }
}

/// Whether `letter` may be written in cell `i`: no neighbour holds it.
fn allowed(p: &[Cell], i: usize, letter: Cell) -> bool {
    p[i] == Cell::Empty
        && (i == 0 || p[i - 1] != letter)
        && (i + 1 == p.len() || p[i + 1] != letter)
}

/// A maximal run of empty cells with what bounds it.
#[derive(Clone, Copy, Debug)]
struct Run {
    /// The row's cells `from..to` are the run and its bounding letters.
    from: usize,
    to: usize,
    /// The letter before the run; `None` at the row's start.
    left: Option<Cell>,
    /// The number of empty cells.
    len: usize,
    /// The letter after the run; `None` at the row's end.
    right: Option<Cell>,
}

impl Run {
    fn value(&self) -> u64 {
        run_value(self.left, self.len, self.right)
    }

    /// The first empty cell.
    fn start(&self) -> usize {
        self.from + usize::from(self.left.is_some())
    }

    /// Whether no letter fits: one cell between different letters.
    fn is_dead(&self) -> bool {
        self.len == 1 && self.left.is_some() && self.right.is_some() && self.left != self.right
    }
}

/// Every maximal run of empty cells, left to right.
fn bounded_runs(p: &[Cell]) -> Vec<Run> {
    row::runs(p, |&c| c == Cell::Empty)
        .into_iter()
        .map(|r| {
            let left = r.start.checked_sub(1).map(|i| p[i]);
            let right = p.get(r.end).copied();
            Run {
                from: r.start - usize::from(left.is_some()),
                to: r.end + usize::from(right.is_some()),
                left,
                len: r.len(),
                right,
            }
        })
        .collect()
}

/// The letter of a cell holding one, for messages.
fn name(c: Cell) -> char {
    match c {
        Cell::X => 'X',
        Cell::O => 'O',
        Cell::Empty => '.',
    }
}

/// Splits the notation of a move (the typed words joined) into its letter
/// (`X` or `O`, any case, before or after the cell; none is allowed) and
/// the cell written `@CELL`, as [`row::read_cell`] reads it: `X4`,
/// `X@4`, `4x`, `@4O`, `@4`. `None` when the text is not of that form.
fn read_letter_cell(text: &str) -> Option<(Option<Cell>, String)> {
    let letter = |c: char| match c.to_ascii_uppercase() {
        'X' => Some(Cell::X),
        'O' => Some(Cell::O),
        _ => None,
    };
    let first = text.chars().next()?;
    let last = text.chars().next_back()?;
    let (l, rest) = if let Some(l) = letter(first) {
        (Some(l), &text[first.len_utf8()..])
    } else if let Some(l) = letter(last) {
        (Some(l), &text[..text.len() - last.len_utf8()])
    } else {
        (None, text)
    };
    if rest.starts_with('@') {
        Some((l, rest.to_string()))
    } else if l.is_some() && rest.starts_with(|c: char| c.is_ascii_digit()) {
        Some((l, format!("@{rest}")))
    } else {
        None
    }
}

/// The letters a player may write, in the order moves list them.
const LETTERS: [Cell; 2] = [Cell::X, Cell::O];

impl Steps for XoRow {
    /// (cell from 0, letter written).
    type Step = (usize, Cell);

    /// Cell by cell from the left, `X` before `O`.
    fn each_step(&self, p: &Vec<Cell>, mut visit: impl FnMut((usize, Cell))) {
        for i in 0..p.len() {
            for letter in LETTERS {
                if allowed(p, i, letter) {
                    visit((i, letter));
                }
            }
        }
    }

    fn apply(&self, p: &Vec<Cell>, &(i, letter): &(usize, Cell)) -> Vec<Cell> {
        row::with_cell(p, i, letter)
    }

    fn label(&self, _p: &Vec<Cell>, &(i, letter): &(usize, Cell)) -> String {
        let name = if letter == Cell::X { 'X' } else { 'O' };
        format!("{name} at {}", i + 1)
    }
}

impl Rules for XoRow {
    type Position = Vec<Cell>;

    fn options(&self, p: &Vec<Cell>) -> Result<Vec<Vec<Cell>>, RulesError> {
        Ok(steps::options(self, p))
    }

    /// Counted, no option built.
    fn is_terminal(&self, p: &Vec<Cell>) -> Result<bool, RulesError> {
        Ok(steps::is_terminal(self, p))
    }

    /// At most three states a cell: 3^(empty cells), saturating.
    fn search_size(&self, p: &Vec<Cell>) -> u128 {
        let empty = p.iter().filter(|&&c| c == Cell::Empty).count();
        3u128.checked_pow(empty as u32).unwrap_or(u128::MAX)
    }
}

impl Impartial for XoRow {
    /// Every run of empty cells with at least one legal move, written with
    /// the letters that bound it.
    fn components(&self, p: &Vec<Cell>) -> Result<Vec<Vec<Cell>>, RulesError> {
        Ok(bounded_runs(p)
            .into_iter()
            .filter(|r| !r.is_dead())
            .map(|r| p[r.from..r.to].to_vec())
            .collect())
    }

    fn closed_form(&self, p: &Vec<Cell>) -> Option<Nimber> {
        Some(bounded_runs(p).into_iter().map(|r| Nimber(r.value())).sum())
    }

    /// The row's search size: every sum is a filling of its empty cells.
    fn misere_size(&self, p: &Vec<Cell>) -> u128 {
        self.search_size(p)
    }
}

impl TextGame for XoRow {
    /// One word over `X`, `O`, `.`; rejects a row in which two equal
    /// letters already stand side by side.
    fn parse(&self, args: &[&str]) -> Result<Vec<Cell>, ParseError> {
        let p = row::parse_row(args, ALPHABET, "X...O..")?;
        if let Some(i) = (1..p.len()).find(|&i| p[i] != Cell::Empty && p[i] == p[i - 1]) {
            let ch = if p[i] == Cell::X { 'X' } else { 'O' };
            return Err(ParseError::new(format!(
                "columns {i} and {} both hold '{ch}': two equal letters may never be adjacent",
                i + 1
            )));
        }
        Ok(p)
    }

    fn format(&self, p: &Vec<Cell>) -> String {
        row::format_row(p, ALPHABET)
    }

    /// Cell by cell from the left, `X` before `O`: `X at 3`, `O at 3`.
    fn moves(&self, p: &Vec<Cell>) -> Result<Vec<Move<Vec<Cell>>>, RulesError> {
        steps::moves(self, p)
    }

    /// The moves counted, none made.
    fn moves_bound(&self, p: &Vec<Cell>) -> u128 {
        steps::count(self, p)
    }

    /// `X@CELL` or `O@CELL` (also `X4`, `4O`, `@4X`; any case, spaces
    /// ignored), or `@CELL` alone where only one letter fits.
    fn read_move(
        &self,
        p: &Vec<Cell>,
        words: &[&str],
    ) -> Option<Result<Move<Vec<Cell>>, ParseError>> {
        let (letter, cell) = read_letter_cell(&words.concat())?;
        let i = match row::read_cell(&cell, p.len())? {
            Ok(i) => i,
            Err(e) => return Some(Err(e)),
        };
        let fits: Vec<Cell> = LETTERS.into_iter().filter(|&l| allowed(p, i, l)).collect();
        let at = i + 1;
        Some(match (letter, fits.as_slice()) {
            _ if p[i] != Cell::Empty => Err(ParseError::new(format!(
                "cell {at} already holds {}",
                name(p[i])
            ))),
            (Some(l), _) if fits.contains(&l) => Ok(steps::labelled(self, p, &(i, l))),
            (Some(l), _) => Err(ParseError::new(format!(
                "{} cannot go in cell {at}: a neighbour holds {} (two equal letters may never \
                 be adjacent)",
                name(l),
                name(l)
            ))),
            (None, [l]) => Ok(steps::labelled(self, p, &(i, *l))),
            (None, []) => Err(ParseError::new(format!(
                "no letter fits in cell {at}: it lies between an X and an O"
            ))),
            (None, _) => Err(ParseError::new(format!(
                "both X and O fit in cell {at}: write X@{at} or O@{at}"
            ))),
        })
    }

    fn move_notation(&self, p: &Vec<Cell>) -> Option<String> {
        let mut first = None;
        self.each_step(p, |s| {
            first.get_or_insert(s);
        });
        let (i, l) = first.unwrap_or((0, Cell::X));
        let (at, n) = (i + 1, name(l));
        Some(format!(
            "X@CELL or O@CELL writes that letter in cell CELL (cells numbered from 1; also \
             written {n}{at}), @CELL alone where only one letter fits: `{n}@{at}` writes {n} in \
             cell {at}"
        ))
    }

    /// Why no letter fits any more: the row is full, or each empty cell
    /// lies between an X and an O.
    fn end_reason(&self, p: &Vec<Cell>) -> Option<String> {
        let empty: Vec<String> = (0..p.len())
            .filter(|&i| p[i] == Cell::Empty)
            .map(|i| (i + 1).to_string())
            .collect();
        if LETTERS
            .iter()
            .any(|&l| (0..p.len()).any(|i| allowed(p, i, l)))
        {
            return None;
        }
        Some(match empty.as_slice() {
            [] => "every cell holds a letter".to_string(),
            [one] => format!("no letter fits in the one empty cell, {one}, between an X and an O"),
            _ => format!(
                "no letter fits in the empty cells {}: each lies between an X and an O",
                empty.join(", ")
            ),
        })
    }

    /// Normal play by the Sprague-Grundy theorem on the runs: writing
    /// `letter` at cell `j` of a run splits it into two runs bounded by the
    /// letter, whose values the closed forms give, so each move is weighed
    /// without building its position; only the winning ones are built.
    fn theory(&self, p: &Vec<Cell>, play: Play) -> Option<Theory<Vec<Cell>>> {
        if play == Play::Misere {
            return None;
        }
        let runs = bounded_runs(p);
        let total = runs.iter().fold(0, |acc, r| acc ^ r.value());
        let mut winning = Vec::new();
        if total != 0 {
            for run in runs {
                let target = run.value() ^ total;
                let (left, n, right) = (run.left, run.len, run.right);
                for j in 0..n {
                    for letter in LETTERS {
                        let i = run.start() + j;
                        if allowed(p, i, letter)
                            && part_value(left, j, Some(letter))
                                ^ part_value(Some(letter), n - 1 - j, right)
                                == target
                        {
                            winning.push(steps::labelled(self, p, &(i, letter)));
                        }
                    }
                }
            }
        }
        Some(Theory {
            method: "closed forms of the runs of empty cells (Sprague-Grundy theorem)".into(),
            outcome: Outcome::from_mover_wins(total != 0),
            winning_moves: winning,
        })
    }
}

/// Misère sums are searched whole; every sum a search meets is a filling
/// of the row's empty cells, at most 3 ways each ([`Game::search_size`] of
/// the whole row), so a row with more is refused at once instead of
/// running into the time limit.
fn build(_opts: &GameOptions, limits: &Limits) -> Result<Family, GameError> {
    Ok(Adapter::new("xo-row", XoRow, limits)
        .with_notation()
        .with_end_reasons()
        .family())
}

/// The `xo-row` family.
pub const REGISTRATION: BuiltIn = BuiltIn {
    name: "xo-row",
    rules: "write X or O in an empty cell; two equal letters may never be adjacent",
    syntax: "one row of `X`, `O` and `.` (empty), cell 1 first: `X...O..`",
    example: "X...O..",
    options: &[],
    build,
};
