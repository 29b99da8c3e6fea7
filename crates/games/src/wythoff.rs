//! Wythoff's game: two heaps; take any number from one heap, or the same
//! number from both.
//!
//! The P-positions are `(a_k, b_k)` and `(b_k, a_k)` with
//! `a_k = floor(k*phi)` and `b_k = a_k + k`; every positive integer is
//! exactly one `a_k` or one `b_k` (Beatty's theorem). All of this is
//! computed with integers only: `floor(k*phi) = (k + isqrt(5k^2)) / 2`,
//! exact on `u128` for heaps up to 10^18. Misère play differs only at the
//! start: `(0,0)` and `(1,2)` give way to `(0,1)` and `(2,2)`.
//!
//! Theory answers outcome and every winning move in both conventions. No
//! formula for the Sprague-Grundy value is known; it comes from a value
//! table ([`ValueTable`], cached, up to [`TABLE_CELLS`] cells) or, beyond
//! that, from the engine's search within its limits.

use crate::heaps;
use grundy_api::{Adapter, BuiltIn, Family, GameOptions};
use grundy_engine::{
    GameError, Impartial, Limits, Move, Nimber, Outcome, ParseError, Play, Rules, RulesError,
    TextGame, Theory,
};
use std::sync::Mutex;

/// The largest heap: `5 * MAX_HEAP^2` must fit in a `u128`.
pub const MAX_HEAP: u64 = 1_000_000_000_000_000_000;

/// `floor(sqrt(n))`, exactly.
pub fn isqrt(n: u128) -> u128 {
    if n < 2 {
        return n;
    }
    // Newton's method from a power of two at or above the root decreases
    // monotonically to the floor of the root.
    let bits = 128 - n.leading_zeros();
    let mut x: u128 = 1 << bits.div_ceil(2);
    loop {
        let y = (x + n / x) / 2;
        if y >= x {
            return x;
        }
        x = y;
    }
}

/// `a_k = floor(k * phi)`, the smaller heap of the `k`-th P-position, for
/// `k` up to 10^18.
pub fn lower(k: u64) -> u64 {
    let k = k as u128;
    // floor((k + sqrt(5k^2)) / 2) = floor((k + floor(sqrt(5k^2))) / 2).
    ((k + isqrt(5 * k * k)) / 2) as u64
}

/// `b_k = a_k + k = floor(k * phi^2)`, the larger heap of the `k`-th
/// P-position.
pub fn upper(k: u64) -> u64 {
    lower(k) + k
}

/// The `k` with `lower(k) == x`, if `x` is in the lower sequence.
fn lower_index(x: u64) -> Option<u64> {
    // k is near x / phi = x (sqrt 5 - 1) / 2.
    let x128 = x as u128;
    let guess = ((isqrt(5 * x128 * x128) - x128) / 2) as u64;
    (guess.saturating_sub(2)..=guess + 2).find(|&k| lower(k) == x)
}

/// The `k` with `upper(k) == x`, if `x` is in the upper sequence.
fn upper_index(x: u64) -> Option<u64> {
    // k is near x / phi^2 = x (3 - sqrt 5) / 2.
    let x128 = x as u128;
    let guess = ((3 * x128 - isqrt(5 * x128 * x128)) / 2) as u64;
    (guess.saturating_sub(2)..=guess + 2).find(|&k| upper(k) == x)
}

/// The other heap of the normal-play P-position containing a heap of `x`
/// (0 for 0): the heap `y` with `(x, y)` a P-position, unique by Beatty.
pub fn partner(x: u64) -> u64 {
    if let Some(k) = lower_index(x) {
        return upper(k);
    }
    match upper_index(x) {
        Some(k) => lower(k),
        None => unreachable!("Beatty: {x} is in the lower or the upper sequence"),
    }
}

/// Whether `(a, b)` is a P-position in normal play.
pub fn is_p(a: u64, b: u64) -> bool {
    let (x, y) = (a.min(b), a.max(b));
    lower(y - x) == x
}

/// The other heap of the misère P-position containing a heap of `x`.
fn misere_partner(x: u64) -> u64 {
    match x {
        0 => 1,
        1 => 0,
        2 => 2,
        _ => partner(x),
    }
}

/// The smaller heap of the misère P-position whose heaps differ by `d`.
fn misere_lower(d: u64) -> u64 {
    match d {
        0 => 2,
        1 => 0,
        _ => lower(d),
    }
}

/// Whether `(a, b)` is a P-position in misère play.
pub fn misere_is_p(a: u64, b: u64) -> bool {
    let (x, y) = (a.min(b), a.max(b));
    misere_lower(y - x) == x
}

/// The most cells (positions) a [`ValueTable`] may cover: above every
/// position the default search limit admits. The table takes 4 bytes a
/// cell and its work sets about one more; a square of this size takes
/// about 5 s to build (release build), where search would take hours.
pub const TABLE_CELLS: u64 = 1 << 24;

/// A set of values `base..base + width`, stored as `width` bits from bit
/// `start` of `bits` (many windows share one bit vector).
struct Window<'a> {
    bits: &'a [u64],
    start: usize,
    width: usize,
    base: i64,
}

impl Window<'_> {
    /// Bit `t` says whether `v + t` is in the set, for `t` in `0..64`.
    fn chunk(&self, v: i64) -> u64 {
        let k = v - self.base;
        if k <= -64 || k >= self.width as i64 {
            return 0;
        }
        if k < 0 {
            return self.chunk(self.base) << -k;
        }
        let k = k as usize;
        let at = self.start + k;
        let (w, s) = (at / 64, (at % 64) as u32);
        let lo = self.bits.get(w).map_or(0, |x| x >> s);
        let hi = match s {
            0 => 0,
            _ => self.bits.get(w + 1).map_or(0, |x| x << (64 - s)),
        };
        // Bits past the window belong to the next window.
        match self.width - k {
            left if left < 64 => (lo | hi) & ((1 << left) - 1),
            _ => lo | hi,
        }
    }

    fn contains(&self, v: i64) -> bool {
        self.chunk(v) & 1 == 1
    }
}

/// Windows of `width` bits laid end to end in one bit vector.
struct Windows {
    bits: Vec<u64>,
    width: usize,
}

impl Windows {
    fn new(count: usize, width: usize) -> Windows {
        Windows {
            bits: vec![0; (count * width).div_ceil(64) + 1],
            width,
        }
    }

    fn get(&self, index: usize, base: i64) -> Window<'_> {
        Window {
            bits: &self.bits,
            start: index * self.width,
            width: self.width,
            base,
        }
    }

    /// Adds `v`, which must lie in `base..base + width`.
    fn insert(&mut self, index: usize, base: i64, v: i64) {
        let at = index * self.width + (v - base) as usize;
        self.bits[at / 64] |= 1 << (at % 64);
    }
}

/// The Sprague-Grundy values of every position `(i, j)` with `i <= rows`
/// and `j <= cols`, computed row by row as the mex of the row to the left,
/// the column below and the diagonal below-left.
///
/// Two bounds keep the work sets small. `G(i, j) <= i + j + min(i, j)`:
/// a mex is at most the number of options. `G(i, j) >= j - 2i`: take a
/// value `v` absent from the first `j` cells of row `i` (a row never
/// repeats a value, as each cell is an option of the cells to its right).
/// At most `v` of those cells hold a value below `v`; every other one holds
/// more than `v`, so `v` is among its options, hence in its column or
/// diagonal below; each of the `i` rows below holds `v` at most once, and
/// each such cell lies on one column and one diagonal, so at most `2i`
/// cells of row `i` are blocked that way. Thus `j <= v + 2i`, and every
/// `v < j - 2i` is an option of `(i, j)`. So column `j` only holds values
/// in `j - 2*rows ..= j + 2*rows`, and diagonal `d` only values in
/// `|d| - rows ..= |d| + 3*rows`: windows of `4*rows + 1` bits, about one
/// byte of work sets per cell.
pub struct ValueTable {
    rows: u64,
    cols: u64,
    values: Vec<u32>,
}

impl ValueTable {
    /// Builds the table; `None` when it would exceed [`TABLE_CELLS`] cells.
    pub fn build(rows: u64, cols: u64) -> Option<ValueTable> {
        let cells = (rows as u128 + 1) * (cols as u128 + 1);
        if cells > TABLE_CELLS as u128 {
            return None;
        }
        let (r, c) = (rows as usize, cols as usize);
        let rows_i = rows as i64;
        let width = 4 * r + 1;
        let mut values = vec![0u32; (r + 1) * (c + 1)];
        let mut columns = Windows::new(c + 1, width);
        let mut col_mex = vec![0i64; c + 1];
        // Diagonal d = j - i, stored at index d + rows.
        let mut diagonals = Windows::new(r + c + 1, width);
        let mut diag_mex = vec![0i64; r + c + 1];
        let mut row = Windows::new(1, c + 2 * r + 1);
        for i in 0..=r {
            row.bits.fill(0);
            let mut row_mex = 0i64;
            let ii = i as i64;
            for j in 0..=c {
                let jj = j as i64;
                let di = j + r - i;
                let col_base = jj - 2 * rows_i;
                let diag_base = (jj - ii).abs() - rows_i;
                // Every value below the lower bound or below one set's mex
                // is excluded already; scan upwards from there.
                let mut v = (jj - 2 * ii)
                    .max(row_mex)
                    .max(col_mex[j])
                    .max(diag_mex[di])
                    .max(0);
                {
                    let (rw, cw, dw) = (
                        row.get(0, 0),
                        columns.get(j, col_base),
                        diagonals.get(di, diag_base),
                    );
                    loop {
                        let taken = rw.chunk(v) | cw.chunk(v) | dw.chunk(v);
                        if taken != u64::MAX {
                            v += (!taken).trailing_zeros() as i64;
                            break;
                        }
                        v += 64;
                    }
                }
                values[i * (c + 1) + j] = v as u32;
                row.insert(0, 0, v);
                columns.insert(j, col_base, v);
                diagonals.insert(di, diag_base, v);
                while row.get(0, 0).contains(row_mex) {
                    row_mex += 1;
                }
                while columns.get(j, col_base).contains(col_mex[j]) {
                    col_mex[j] += 1;
                }
                while diagonals.get(di, diag_base).contains(diag_mex[di]) {
                    diag_mex[di] += 1;
                }
            }
        }
        Some(ValueTable { rows, cols, values })
    }

    /// `G(i, j)`, if the table covers it.
    pub fn get(&self, i: u64, j: u64) -> Option<u64> {
        (i <= self.rows && j <= self.cols)
            .then(|| self.values[(i * (self.cols + 1) + j) as usize] as u64)
    }
}

/// Wythoff's game; a position is the two heaps `(a, b)`.
#[derive(Default)]
pub struct Wythoff {
    /// The largest value table built so far, shared by every query of a
    /// batch or search.
    table: Mutex<Option<ValueTable>>,
}

impl Wythoff {
    /// The game, with no value table built yet.
    pub fn new() -> Wythoff {
        Wythoff::default()
    }

    /// `G(x, y)` for `x <= y` from the cached table, growing it (to at
    /// least double its size, within [`TABLE_CELLS`]) when it does not
    /// cover the position.
    fn table_value(&self, x: u64, y: u64) -> Option<u64> {
        let mut cached = self.table.lock().ok()?;
        if let Some(v) = cached.as_ref().and_then(|t| t.get(x, y)) {
            return Some(v);
        }
        let (rows, cols) = cached.as_ref().map_or((0, 0), |t| (t.rows, t.cols));
        let want = (rows.max(x), cols.max(y));
        let doubled = (want.0.max(2 * rows + 1), want.1.max(2 * cols + 1));
        let table = [doubled, want, (x, y)]
            .into_iter()
            .find_map(|(r, c)| ValueTable::build(r, c))?;
        let v = table.get(x, y);
        *cached = Some(table);
        v
    }
}

fn reduce_first(p: (u64, u64), to: u64) -> Move<(u64, u64)> {
    Move {
        label: format!("heap 1: {} -> {to}", p.0),
        to: (to, p.1),
    }
}

fn reduce_second(p: (u64, u64), to: u64) -> Move<(u64, u64)> {
    Move {
        label: format!("heap 2: {} -> {to}", p.1),
        to: (p.0, to),
    }
}

fn reduce_both(p: (u64, u64), d: u64) -> Move<(u64, u64)> {
    Move {
        label: format!("take {d} from both heaps"),
        to: (p.0 - d, p.1 - d),
    }
}

/// Every winning move of `p` given the P-set by its partner function and
/// its smaller heap per difference: one heap down to the partner of the
/// other, then both down to the P-position with the same difference. Each
/// kind has at most one winning move per heap; the order is that of
/// [`TextGame::moves`].
fn winning_moves(
    p: (u64, u64),
    partner: impl Fn(u64) -> u64,
    lower_of_difference: impl Fn(u64) -> u64,
) -> Vec<Move<(u64, u64)>> {
    let (a, b) = p;
    let mut out = Vec::new();
    let t = partner(b);
    if t < a {
        out.push(reduce_first(p, t));
    }
    let t = partner(a);
    if t < b {
        out.push(reduce_second(p, t));
    }
    let x = lower_of_difference(a.abs_diff(b));
    if x < a.min(b) {
        out.push(reduce_both(p, a.min(b) - x));
    }
    out
}

impl Rules for Wythoff {
    type Position = (u64, u64);

    fn options(&self, p: &(u64, u64)) -> Result<Vec<(u64, u64)>, RulesError> {
        Ok(self.moves(p)?.into_iter().map(|m| m.to).collect())
    }

    fn search_size(&self, p: &(u64, u64)) -> u128 {
        (p.0 as u128 + 1) * (p.1 as u128 + 1)
    }
}

impl Impartial for Wythoff {
    /// One component, the heaps in increasing order (the game is symmetric),
    /// or none when both heaps are empty.
    fn components(&self, p: &(u64, u64)) -> Result<Vec<(u64, u64)>, RulesError> {
        Ok(if *p == (0, 0) {
            Vec::new()
        } else {
            vec![(p.0.min(p.1), p.0.max(p.1))]
        })
    }

    /// From the value table, when it can cover the position.
    fn closed_form(&self, p: &(u64, u64)) -> Option<Nimber> {
        self.table_value(p.0.min(p.1), p.0.max(p.1)).map(Nimber)
    }
}

impl TextGame for Wythoff {
    fn parse(&self, args: &[&str]) -> Result<(u64, u64), ParseError> {
        let words = heaps::words(args);
        if words.len() != 2 {
            return Err(ParseError::new(format!(
                "wythoff takes exactly two heaps `a b`, got {} number(s)",
                words.len()
            )));
        }
        Ok((
            heaps::parse_heap(words[0], 1, MAX_HEAP)?,
            heaps::parse_heap(words[1], 2, MAX_HEAP)?,
        ))
    }

    fn format(&self, p: &(u64, u64)) -> String {
        format!("{} {}", p.0, p.1)
    }

    /// Heap 1 down to each smaller size (ascending), heap 2 likewise, then
    /// 1, 2, ... from both.
    fn moves(&self, p: &(u64, u64)) -> Result<Vec<Move<(u64, u64)>>, RulesError> {
        let first = (0..p.0).map(|t| reduce_first(*p, t));
        let second = (0..p.1).map(|t| reduce_second(*p, t));
        let both = (1..=p.0.min(p.1)).map(|d| reduce_both(*p, d));
        Ok(first.chain(second).chain(both).collect())
    }

    fn moves_bound(&self, p: &(u64, u64)) -> u128 {
        p.0 as u128 + p.1 as u128 + p.0.min(p.1) as u128
    }

    fn theory(&self, p: &(u64, u64), play: Play) -> Option<Theory<(u64, u64)>> {
        let (a, b) = *p;
        Some(match play {
            Play::Normal => Theory {
                method: "Wythoff's theorem: P-positions (floor(k*phi), floor(k*phi)+k), \
                         in exact integer arithmetic"
                    .into(),
                outcome: Outcome::from_mover_wins(!is_p(a, b)),
                winning_moves: if is_p(a, b) {
                    Vec::new()
                } else {
                    winning_moves(*p, partner, lower)
                },
            },
            Play::Misere => Theory {
                method: "misère Wythoff: the normal P-positions with (0,0), (1,2) \
                         replaced by (0,1), (2,2)"
                    .into(),
                outcome: Outcome::from_mover_wins(!misere_is_p(a, b)),
                winning_moves: if misere_is_p(a, b) {
                    Vec::new()
                } else {
                    winning_moves(*p, misere_partner, misere_lower)
                },
            },
        })
    }
}

fn build(_opts: &GameOptions, limits: &Limits) -> Result<Box<dyn Family>, GameError> {
    Ok(Box::new(Adapter::new("wythoff", Wythoff::new(), limits)))
}

/// The `wythoff` family.
pub const REGISTRATION: BuiltIn = BuiltIn {
    name: "wythoff",
    rules: "two heaps; take any number from one heap, or the same number from both",
    syntax: "the two heaps, each up to 10^18: `a b`",
    example: "3 7",
    options: &[],
    build,
};
