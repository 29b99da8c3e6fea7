//! paint2xn: a grid of 2 rows and `n` columns; a move paints one unpainted
//! cell, or a 2x2 block of four unpainted cells; who paints the last cell
//! wins.
//!
//! Decomposition. A 2x2 block needs both cells of two adjacent columns, so
//! a column with exactly one unpainted cell takes part in no block: that
//! cell is an independent `*1`. The other parts are the maximal runs of
//! fully unpainted columns, bounded by painted cells or the grid's ends. In
//! a run of `k` free columns, painting one cell of column `i` leaves runs of
//! `i - 1` and `k - i` columns and a lone `*1` cell; a block on columns
//! `i, i + 1` leaves runs of `i - 1` and `k - i - 1`. So the run's value is
//!
//! `F(k) = mex({F(a) ^ F(k-1-a) ^ 1} ∪ {F(a) ^ F(k-2-a)})`,
//!
//! one table computed when the family is built (the tests check it against
//! search of the grid itself). A position's value is the XOR of `F` over
//! its runs and `1` for each half-painted column.
//!
//! Positions are stored as a window of columns with everything outside it
//! painted, so a component (one run, one lone cell) costs only its own
//! columns, and prints as the grid with the rest painted.

use crate::mechanics::steps::{self, Steps};
use grundy_api::{parse_u64_in, Adapter, BuiltIn, Family, GameOptions, OptionSpec};
use grundy_engine::mex_table::{row_values, RowBreak};
use grundy_engine::{
    GameError, Impartial, Limits, Move, Nimber, Outcome, ParseError, Play, Rules, RulesError,
    TextGame, Theory,
};
use std::collections::BTreeSet;

/// The most columns a grid may have: the run table costs `n^2` steps.
pub const MAX_COLUMNS: usize = 10_000;

/// Bit of a column state: the cell in row 1 is painted.
const TOP: u8 = 1;
/// Bit of a column state: the cell in row 2 is painted.
const BOTTOM: u8 = 2;
/// Both cells of the column are painted.
const FULL: u8 = TOP | BOTTOM;

/// A position: the columns `offset + 1 ..= offset + cols.len()` (1-based)
/// with their painted bits ([`TOP`], [`BOTTOM`]); every column outside the
/// window is fully painted. Canonical: the window's first and last columns
/// are never fully painted (an all-painted grid is the empty window at 0),
/// so equal grids are equal values.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Grid {
    offset: usize,
    cols: Vec<u8>,
}

impl Grid {
    /// The canonical grid whose columns from `offset` (0-based) are `cols`,
    /// everything else painted.
    fn window(offset: usize, cols: &[u8]) -> Grid {
        let Some(first) = cols.iter().position(|&c| c != FULL) else {
            return Grid {
                offset: 0,
                cols: Vec::new(),
            };
        };
        let last = cols.iter().rposition(|&c| c != FULL).expect("some column");
        Grid {
            offset: offset + first,
            cols: cols[first..=last].to_vec(),
        }
    }

    /// The painted bits of column `c` (0-based, absolute).
    fn col(&self, c: usize) -> u8 {
        if c >= self.offset && c < self.offset + self.cols.len() {
            self.cols[c - self.offset]
        } else {
            FULL
        }
    }

    /// The grid with `bits` painted in window column `i`, and in `i + 1`
    /// too when `pair` is set.
    fn paint(&self, i: usize, bits: u8, pair: bool) -> Grid {
        let mut cols = self.cols.clone();
        cols[i] |= bits;
        if pair {
            cols[i + 1] |= bits;
        }
        Grid::window(self.offset, &cols)
    }

    /// The independent parts: (first window column, length, is a lone
    /// cell). Runs of free columns, then lone cells, left to right.
    fn parts(&self) -> Vec<(usize, usize, bool)> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < self.cols.len() {
            match self.cols[i] {
                0 => {
                    let start = i;
                    while i < self.cols.len() && self.cols[i] == 0 {
                        i += 1;
                    }
                    out.push((start, i - start, false));
                }
                FULL => i += 1,
                _ => {
                    out.push((i, 1, true));
                    i += 1;
                }
            }
        }
        out
    }
}

/// paint2xn on a grid of `n` columns.
#[derive(Clone, Debug)]
pub struct Paint2xn {
    n: usize,
    /// `runs[k]` is the value of `k` fully free columns, `k <= n`.
    runs: Vec<u64>,
}

/// How a move breaks a run of free columns (module doc): one cell of a
/// column leaves the runs on either side and the column's other cell, a
/// lone `*1`; a block of two columns leaves the runs on either side.
const RUN_BREAKS: [RowBreak; 2] = [
    RowBreak { take: 1, extra: 1 },
    RowBreak { take: 2, extra: 0 },
];

/// The values `F(0..=k_max)` of runs of free columns (module doc), by the
/// engine's [`row_values`].
pub fn run_values(k_max: usize) -> Vec<u64> {
    row_values(k_max, &RUN_BREAKS)
}

impl Paint2xn {
    /// The game on `n` columns, `1 <= n <=` [`MAX_COLUMNS`].
    pub fn new(n: usize) -> Result<Paint2xn, GameError> {
        if !(1..=MAX_COLUMNS).contains(&n) {
            return Err(GameError::Input(format!(
                "--n: {n} is out of range 1..={MAX_COLUMNS}"
            )));
        }
        Ok(Paint2xn {
            n,
            runs: run_values(n),
        })
    }

    /// The number of columns.
    pub fn columns(&self) -> usize {
        self.n
    }

    /// The grid with nothing painted.
    pub fn empty(&self) -> Grid {
        Grid {
            offset: 0,
            cols: vec![0; self.n],
        }
    }

    /// Reads one word of the position: `row,col` or `row,col-row,col`,
    /// returning the cells it names (0-based row, column).
    fn parse_word(&self, word: &str) -> Result<Vec<(usize, usize)>, ParseError> {
        let malformed = || {
            ParseError::new(format!(
                "'{word}' is not a cell: write `row,col` (e.g. `1,3`) or a block `row,col-row,col` (e.g. `1,2-2,3`)"
            ))
        };
        let cell = |text: &str| -> Result<(usize, usize), ParseError> {
            let (r, c) = text.split_once(',').ok_or_else(malformed)?;
            let r = parse_u64_in(r, 1, 2)
                .map_err(|e| ParseError::new(format!("cell '{text}': row {e}")))?;
            let c = parse_u64_in(c, 1, self.n as u64).map_err(|e| {
                ParseError::new(format!(
                    "cell '{text}': column {e} (the grid has {} columns)",
                    self.n
                ))
            })?;
            Ok((r as usize - 1, c as usize - 1))
        };
        match word.split_once('-') {
            None => Ok(vec![cell(word)?]),
            Some((a, b)) => {
                let (r1, c1) = cell(a)?;
                let (r2, c2) = cell(b)?;
                if r1 > r2 || c1 > c2 {
                    return Err(ParseError::new(format!(
                        "block '{word}' runs backwards: write its top-left cell first"
                    )));
                }
                Ok((r1..=r2)
                    .flat_map(|r| (c1..=c2).map(move |c| (r, c)))
                    .collect())
            }
        }
    }
}

/// Writes the painted cells of `bits` over columns `a..=b` (1-based).
fn painted_text(bits: u8, a: usize, b: usize) -> String {
    match bits {
        FULL => format!("1,{a}-2,{b}"),
        _ => {
            let r = if bits == TOP { 1 } else { 2 };
            if a == b {
                format!("{r},{a}")
            } else {
                format!("{r},{a}-{r},{b}")
            }
        }
    }
}

/// One paint2xn move, at a column of the position's window (from 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stroke {
    /// One cell of the column, by its painted bit: 1 for row 1, 2 for
    /// row 2.
    Cell(usize, u8),
    /// The 2x2 block of the column and the next.
    Block(usize),
}

impl Steps for Paint2xn {
    type Step = Stroke;

    /// Column by column from the left: row 1, row 2, then the block
    /// starting there.
    fn each_step(&self, p: &Grid, mut visit: impl FnMut(Stroke)) {
        for i in 0..p.cols.len() {
            for bit in [TOP, BOTTOM] {
                if p.cols[i] & bit == 0 {
                    visit(Stroke::Cell(i, bit));
                }
            }
            if p.cols[i] == 0 && p.cols.get(i + 1) == Some(&0) {
                visit(Stroke::Block(i));
            }
        }
    }

    fn apply(&self, p: &Grid, step: &Stroke) -> Grid {
        match *step {
            Stroke::Cell(i, bit) => p.paint(i, bit, false),
            Stroke::Block(i) => p.paint(i, FULL, true),
        }
    }

    fn label(&self, p: &Grid, step: &Stroke) -> String {
        match *step {
            Stroke::Cell(i, bit) => {
                let r = if bit == TOP { 1 } else { 2 };
                format!("paint {r},{}", p.offset + i + 1)
            }
            Stroke::Block(i) => {
                let c = p.offset + i + 1;
                format!("paint block 1,{c}-2,{}", c + 1)
            }
        }
    }
}

impl Rules for Paint2xn {
    type Position = Grid;

    fn options(&self, p: &Grid) -> Result<Vec<Grid>, RulesError> {
        Ok(steps::options(self, p))
    }

    /// Counted, no option built.
    fn is_terminal(&self, p: &Grid) -> Result<bool, RulesError> {
        Ok(steps::is_terminal(self, p))
    }

    /// Every part a search from `p` meets lies in `p`'s window of `w`
    /// columns: a run of free columns (fewer than `w^2` choices of ends) or
    /// a lone cell (fewer than `2w`); plus `p` itself.
    fn search_size(&self, p: &Grid) -> u128 {
        let w = p.cols.len() as u128;
        w * w + 2 * w + 1
    }
}

impl Impartial for Paint2xn {
    /// Each run of free columns and each lone unpainted cell.
    fn components(&self, p: &Grid) -> Result<Vec<Grid>, RulesError> {
        Ok(p.parts()
            .into_iter()
            .map(|(i, len, _)| Grid::window(p.offset + i, &p.cols[i..i + len]))
            .collect())
    }

    fn closed_form(&self, p: &Grid) -> Option<Nimber> {
        Some(
            p.parts()
                .into_iter()
                .map(|(_, len, lone)| Nimber(if lone { 1 } else { self.runs[len] }))
                .sum(),
        )
    }

    /// The paintings of the free cells (see [`misere_size`]).
    fn misere_size(&self, p: &Grid) -> u128 {
        misere_size(p)
    }
}

impl TextGame for Paint2xn {
    /// The painted cells, each `row,col` (1-based) or a block of them
    /// `row,col-row,col` (top-left first); `-` or nothing for a clean grid.
    /// A cell named twice is an error.
    fn parse(&self, args: &[&str]) -> Result<Grid, ParseError> {
        let words: Vec<&str> = args.iter().flat_map(|a| a.split_whitespace()).collect();
        let mut cols = vec![0u8; self.n];
        if words == ["-"] {
            return Ok(Grid::window(0, &cols));
        }
        let mut painted = BTreeSet::new();
        for word in words {
            if word == "-" {
                return Err(ParseError::new(
                    "'-' (nothing painted) cannot be combined with painted cells",
                ));
            }
            for (r, c) in self.parse_word(word)? {
                if !painted.insert((r, c)) {
                    return Err(ParseError::new(format!(
                        "cell {},{} is painted twice",
                        r + 1,
                        c + 1
                    )));
                }
                cols[c] |= if r == 0 { TOP } else { BOTTOM };
            }
        }
        Ok(Grid::window(0, &cols))
    }

    /// Runs of equally painted columns as blocks, left to right; `-` when
    /// nothing is painted.
    fn format(&self, p: &Grid) -> String {
        let mut out: Vec<String> = Vec::new();
        let mut c = 0;
        while c < self.n {
            let bits = p.col(c);
            let start = c;
            while c < self.n && p.col(c) == bits {
                c += 1;
            }
            if bits != 0 {
                out.push(painted_text(bits, start + 1, c));
            }
        }
        if out.is_empty() {
            "-".to_string()
        } else {
            out.join(" ")
        }
    }

    /// Column by column from the left: `paint 1,c`, `paint 2,c`, then the
    /// block `paint block 1,c-2,c+1`.
    fn moves(&self, p: &Grid) -> Result<Vec<Move<Grid>>, RulesError> {
        steps::moves(self, p)
    }

    /// The moves counted, none made.
    fn moves_bound(&self, p: &Grid) -> u128 {
        steps::count(self, p)
    }

    /// Every move makes a whole grid of the position's window.
    fn moves_held_bound(&self, p: &Grid) -> u128 {
        self.moves_bound(p) * (p.cols.len() as u128 + 32)
    }

    /// Normal play by the Sprague-Grundy theorem on the parts: each move's
    /// value follows from the run table without building its position;
    /// only the winning moves are built.
    fn theory(&self, p: &Grid, play: Play) -> Option<Theory<Grid>> {
        if play == Play::Misere {
            return None;
        }
        let f = &self.runs;
        let parts = p.parts();
        let value = |len: usize, lone: bool| if lone { 1 } else { f[len] };
        let total = parts
            .iter()
            .fold(0, |acc, &(_, len, lone)| acc ^ value(len, lone));
        let mut winning = Vec::new();
        let mut push = |step: Stroke| winning.push(steps::labelled(self, p, &step));
        if total != 0 {
            for (i, len, lone) in parts {
                let target = value(len, lone) ^ total;
                if lone {
                    if target == 0 {
                        push(Stroke::Cell(i, FULL & !p.cols[i]));
                    }
                    continue;
                }
                for j in 0..len {
                    if f[j] ^ f[len - 1 - j] ^ 1 == target {
                        push(Stroke::Cell(i + j, TOP));
                        push(Stroke::Cell(i + j, BOTTOM));
                    }
                    if j + 1 < len && f[j] ^ f[len - 2 - j] == target {
                        push(Stroke::Block(i + j));
                    }
                }
            }
        }
        Some(Theory {
            method: "table of runs of free columns, lone cells *1 (Sprague-Grundy theorem)".into(),
            outcome: Outcome::from_mover_wins(total != 0),
            winning_moves: winning,
        })
    }
}

fn build(opts: &GameOptions, limits: &Limits) -> Result<Family, GameError> {
    let n = opts
        .u64_in("n", 1, MAX_COLUMNS as u64)?
        .ok_or_else(|| GameError::Input("missing option --n N (the number of columns)".into()))?;
    let game = Paint2xn::new(n as usize)?;
    Ok(Adapter::new(format!("paint2xn --n {n}"), game, limits).family())
}

/// An upper bound on the positions a misère search of `p` meets: its parts
/// split as they are painted, so the engine's per-part size does not bound
/// the sums (`--n 20` ran into the 60 s limit with 3.7 GB), but every
/// position reached is a painting of `p`'s free cells: 4 states for a free
/// column, 2 for a half-painted one (saturating).
fn misere_size(p: &Grid) -> u128 {
    p.cols.iter().fold(1u128, |acc, &c| match c {
        0 => acc.saturating_mul(4),
        FULL => acc,
        _ => acc.saturating_mul(2),
    })
}

/// The `paint2xn` family.
pub const REGISTRATION: BuiltIn = BuiltIn {
    name: "paint2xn",
    rules: "2 x n grid; paint one unpainted cell or a 2x2 block of unpainted cells; who paints the last cell wins",
    syntax: "--n N, then painted cells `row,col` (1-based) or blocks `row,col-row,col`; `-` for none: `--n 3 1,1`",
    example: "--n 3 1,1",
    options: &[OptionSpec {
        name: "n",
        value: "N",
        help: "the number of columns (1 to 10000)",
        required: true,
        position: false,
    }],
    build,
};
