//! checkers: a board of rows of 20 cells (cell 1 on the left). A move takes
//! one checker one cell to the right; if that cell is taken, the checker
//! jumps to the first empty cell to its right. A checker with no empty cell
//! to its right cannot move. Rows are independent.
//!
//! Reduction to staircase nim (proof sketch). Number the empty cells of a
//! row `e_1 < ... < e_m` and cut the row at them: block `B_j` holds the
//! checkers between `e_j` and `e_{j+1}` (`B_0` those left of `e_1`, `B_m`
//! those right of `e_m`). A checker of `B_j` (`j < m`) moves to `e_{j+1}`,
//! the first empty cell to its right. If it was the `t`-th checker of its
//! block counted from the right, its cell becomes empty and `e_{j+1}` full:
//! the `t - 1` checkers right of it, the checker itself, and `B_{j+1}` now
//! form one block, and `t - 1 + 1` checkers have gone from `B_j` to
//! `B_{j+1}`; the number of empty cells is unchanged. So a move takes any
//! `t >= 1` checkers from one block to the next, and `B_m` is the floor:
//! staircase nim with stair `d = m - j` holding `|B_j|`, i.e. stair `d` is
//! the checkers with exactly `d` empty cells to their right. Staircase nim
//! equals nim on its odd stairs (a move from an even stair to an odd one is
//! reversed by moving the same checkers on down, and stair 0 is out of
//! play), so a row's value is the XOR, over odd `d`, of the number of
//! checkers with exactly `d` empty cells to their right. The tests compare
//! this with search on every row of width up to 12.
//!
//! Positions: one argument per row, its occupied cells comma-separated in
//! any order (`19,20`); `-` is a row with no checker. A component is one
//! row, written as a one-row board.

use crate::mechanics::misere_bound;
use crate::mechanics::steps::{self, Steps};
use grundy_api::{parse_u64_in, Adapter, BuiltIn, Family, GameOptions};
use grundy_engine::{
    GameError, Impartial, Limits, Move, Nimber, Outcome, ParseError, Play, Rules, RulesError,
    TextGame, Theory,
};

/// The width of the board the `checkers` family plays on.
pub const WIDTH: u32 = 20;

/// The most rows a board may have.
pub const MAX_ROWS: usize = 1000;

/// Checkers on rows of a fixed width; a position is one bit mask per row
/// (bit `c - 1` set when cell `c` holds a checker).
#[derive(Clone, Copy, Debug)]
pub struct Checkers {
    width: u32,
}

impl Default for Checkers {
    fn default() -> Self {
        Checkers { width: WIDTH }
    }
}

impl Checkers {
    /// Checkers on rows of `width` cells, `1 <= width <= 31` (the tests
    /// use narrow boards to search every row).
    pub fn with_width(width: u32) -> Result<Checkers, GameError> {
        if !(1..=31).contains(&width) {
            return Err(GameError::Input(format!(
                "row width {width} is out of range 1..=31"
            )));
        }
        Ok(Checkers { width })
    }

    /// The cells of a row.
    pub fn width(&self) -> u32 {
        self.width
    }

    fn occupied(row: u32, c: u32) -> bool {
        row >> c & 1 == 1
    }

    /// The first empty cell right of `c` (0-based), if any.
    fn landing(&self, row: u32, c: u32) -> Option<u32> {
        (c + 1..self.width).find(|&e| !Self::occupied(row, e))
    }

    /// Every move of one row: (from, to) cells, 0-based, left to right.
    fn row_moves(&self, row: u32) -> Vec<(u32, u32)> {
        (0..self.width)
            .filter(|&c| Self::occupied(row, c))
            .filter_map(|c| self.landing(row, c).map(|e| (c, e)))
            .collect()
    }

    /// The value of one row: staircase nim on the blocks (module doc).
    pub fn row_value(&self, row: u32) -> u64 {
        let mut value = 0;
        let mut stair = 0u32; // empty cells seen so far, from the right
        let mut count = 0u64; // checkers on the current stair
        for c in (0..self.width).rev() {
            if Self::occupied(row, c) {
                count += 1;
            } else {
                if stair % 2 == 1 {
                    value ^= count;
                }
                stair += 1;
                count = 0;
            }
        }
        if stair % 2 == 1 {
            value ^= count;
        }
        value
    }

    /// Reads one row: `-`, or cells `1..=width` comma-separated.
    fn parse_row(&self, word: &str, index: usize) -> Result<u32, ParseError> {
        if word == "-" {
            return Ok(0);
        }
        let mut row = 0u32;
        for cell in word.split(',') {
            let c = parse_u64_in(cell, 1, self.width as u64).map_err(|e| {
                ParseError::new(format!(
                    "row {index}: cell {e} (cells are 1 to {}; write `-` for an empty row)",
                    self.width
                ))
            })? as u32;
            if Self::occupied(row, c - 1) {
                return Err(ParseError::new(format!(
                    "row {index}: cell {c} is given twice"
                )));
            }
            row |= 1 << (c - 1);
        }
        Ok(row)
    }
}

impl Steps for Checkers {
    /// (row from 0, from cell, to cell), cells from 0.
    type Step = (usize, u32, u32);

    /// Row by row, checkers left to right.
    fn each_step(&self, p: &Vec<u32>, mut visit: impl FnMut((usize, u32, u32))) {
        for (i, &row) in p.iter().enumerate() {
            for (from, to) in self.row_moves(row) {
                visit((i, from, to));
            }
        }
    }

    fn apply(&self, p: &Vec<u32>, &(i, from, to): &(usize, u32, u32)) -> Vec<u32> {
        let mut q = p.clone();
        q[i] = q[i] & !(1 << from) | 1 << to;
        q
    }

    fn label(&self, _p: &Vec<u32>, &(i, from, to): &(usize, u32, u32)) -> String {
        format!("row {}: {} -> {}", i + 1, from + 1, to + 1)
    }
}

impl Rules for Checkers {
    type Position = Vec<u32>;

    fn options(&self, p: &Vec<u32>) -> Result<Vec<Vec<u32>>, RulesError> {
        Ok(steps::options(self, p))
    }

    /// Counted, no option built.
    fn is_terminal(&self, p: &Vec<u32>) -> Result<bool, RulesError> {
        Ok(steps::is_terminal(self, p))
    }

    /// A move keeps a row's number of checkers, so a search meets, for each
    /// count `k` present, at most `C(width, k)` one-row parts; plus `p`.
    fn search_size(&self, p: &Vec<u32>) -> u128 {
        let mut counts: Vec<u32> = p.iter().map(|r| r.count_ones()).collect();
        counts.sort_unstable();
        counts.dedup();
        1 + counts
            .into_iter()
            .map(|k| binomial(self.width, k))
            .sum::<u128>()
    }
}

impl Impartial for Checkers {
    /// Each row in which some checker can move, as a one-row board.
    fn components(&self, p: &Vec<u32>) -> Result<Vec<Vec<u32>>, RulesError> {
        Ok(p.iter()
            .filter(|&&row| !self.row_moves(row).is_empty())
            .map(|&row| vec![row])
            .collect())
    }

    fn closed_form(&self, p: &Vec<u32>) -> Option<Nimber> {
        Some(p.iter().map(|&row| Nimber(self.row_value(row))).sum())
    }

    /// The rows' multisets (see [`misere_size`]).
    fn misere_size(&self, p: &Vec<u32>) -> u128 {
        misere_size(self, p)
    }
}

/// `C(n, k)` for `k <= n <= 31`.
fn binomial(n: u32, k: u32) -> u128 {
    (0..k).fold(1u128, |acc, i| acc * (n - i) as u128 / (i + 1) as u128)
}

impl TextGame for Checkers {
    /// One argument per row (a batch line's rows are its words): `-` or the
    /// occupied cells comma-separated. At least one and at most
    /// [`MAX_ROWS`] rows.
    fn parse(&self, args: &[&str]) -> Result<Vec<u32>, ParseError> {
        let mut rows = Vec::new();
        for arg in args {
            if arg.trim().is_empty() {
                return Err(ParseError::new(format!(
                    "row {} is an empty argument; write `-` for a row with no checker",
                    rows.len() + 1
                )));
            }
            for word in arg.split_whitespace() {
                if rows.len() == MAX_ROWS {
                    return Err(ParseError::new(format!(
                        "too many rows: at most {MAX_ROWS} are allowed"
                    )));
                }
                rows.push(self.parse_row(word, rows.len() + 1)?);
            }
        }
        if rows.is_empty() {
            return Err(ParseError::new(
                "no rows given: write one argument per row, e.g. `19,20 18` (`-` for an empty row)",
            ));
        }
        Ok(rows)
    }

    /// Rows in order, cells increasing: `19,20 18 -`.
    fn format(&self, p: &Vec<u32>) -> String {
        p.iter()
            .map(|&row| {
                if row == 0 {
                    "-".to_string()
                } else {
                    (0..self.width)
                        .filter(|&c| Self::occupied(row, c))
                        .map(|c| (c + 1).to_string())
                        .collect::<Vec<_>>()
                        .join(",")
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Row by row, checkers left to right: `row 1: 19 -> 20`.
    fn moves(&self, p: &Vec<u32>) -> Result<Vec<Move<Vec<u32>>>, RulesError> {
        steps::moves(self, p)
    }

    /// The moves counted, none made.
    fn moves_bound(&self, p: &Vec<u32>) -> u128 {
        steps::count(self, p)
    }

    /// Normal play by the staircase reduction and the Sprague-Grundy
    /// theorem; each move is weighed on its own row, only winners are
    /// built.
    fn theory(&self, p: &Vec<u32>, play: Play) -> Option<Theory<Vec<u32>>> {
        if play == Play::Misere {
            return None;
        }
        let values: Vec<u64> = p.iter().map(|&row| self.row_value(row)).collect();
        let total = values.iter().fold(0, |acc, v| acc ^ v);
        let mut winning = Vec::new();
        if total != 0 {
            for (i, &row) in p.iter().enumerate() {
                let target = values[i] ^ total;
                for (from, to) in self.row_moves(row) {
                    if self.row_value(row & !(1 << from) | 1 << to) == target {
                        winning.push(steps::labelled(self, p, &(i, from, to)));
                    }
                }
            }
        }
        Some(Theory {
            method: "staircase nim on the blocks of each row: XOR of the odd stairs".into(),
            outcome: Outcome::from_mover_wins(total != 0),
            winning_moves: winning,
        })
    }
}

/// Misère sums are searched whole, so a board whose sums are too many is
/// refused at once instead of running into the time limit.
fn build(_opts: &GameOptions, limits: &Limits) -> Result<Family, GameError> {
    Ok(Adapter::new("checkers", Checkers::default(), limits).family())
}

/// An upper bound on the sums a misère search of `p` meets: a row keeps its
/// number of checkers `k`, so it is one of `C(width, k)` rows, and the `m`
/// rows holding `k` checkers one of the multisets of `m` such rows.
fn misere_size(g: &Checkers, p: &[u32]) -> u128 {
    let mut counts: Vec<u32> = p.iter().map(|r| r.count_ones()).collect();
    counts.sort_unstable();
    counts
        .chunk_by(|a, b| a == b)
        .map(|group| misere_bound::multisets(binomial(g.width, group[0]), group.len() as u128))
        .fold(1u128, u128::saturating_mul)
}

/// The `checkers` family.
pub const REGISTRATION: BuiltIn = BuiltIn {
    name: "checkers",
    rules: "rows of 20 cells; move a checker one cell right, jumping to the first empty cell if that one is taken",
    syntax: "one argument per row (up to 1000): occupied cells 1..20 comma-separated, `-` for an empty row: `19,20 18`",
    example: "19,20 18",
    options: &[],
    build,
};
