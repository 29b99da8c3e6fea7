//! Value tables built by mex, for games whose options follow a regular
//! pattern, so a family describes its rules and the engine computes the
//! table:
//!
//! - [`QueenTable`]: a 2-D game whose options from cell `(i, j)` are the
//!   cells to its left in its row, below it in its column and below-left
//!   on its diagonal (a queen moving toward the corner `(0, 0)`), built row
//!   by row with a mex over windows of bits; [`QueenValues`] keeps the
//!   largest table built so far and grows it on demand.
//! - [`row_values`]: a row of `k` counters where a move removes a block of
//!   consecutive counters, leaving the counters on either side as two
//!   independent rows (and possibly a fixed extra value).

use std::sync::Mutex;

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

/// The Sprague-Grundy values of every cell `(i, j)` with `i <= rows` and
/// `j <= cols` of the game whose options from `(i, j)` are the cells
/// `(i, j')` with `j' < j`, `(i', j)` with `i' < i`, and `(i - d, j - d)`
/// with `1 <= d <= min(i, j)`: computed row by row as the mex of the row
/// to the left, the column below and the diagonal below-left.
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
/// byte of work sets per cell (4 bytes a cell for the values).
pub struct QueenTable {
    rows: u64,
    cols: u64,
    values: Vec<u32>,
}

impl QueenTable {
    /// Builds the table; `None` when it would exceed `max_cells` cells,
    /// or when the deadline of the answer being worked out on this thread
    /// passes first ([`crate::clock::answer_time_passed`], read every
    /// [`CELLS_PER_CLOCK`] cells: a square of 2^24 cells takes seconds).
    pub fn build(rows: u64, cols: u64, max_cells: u64) -> Option<QueenTable> {
        let cells = (rows as u128 + 1) * (cols as u128 + 1);
        if cells > max_cells as u128 {
            return None;
        }
        let (r, c) = (rows as usize, cols as usize);
        let rows_i = rows as i64;
        let width = 4 * r + 1;
        // A table the allocator cannot give is one the budget does not
        // cover: the caller falls back as for one too large.
        let mut values = Vec::new();
        values.try_reserve_exact((r + 1) * (c + 1)).ok()?;
        values.resize((r + 1) * (c + 1), 0u32);
        let mut columns = Windows::new(c + 1, width);
        let mut col_mex = vec![0i64; c + 1];
        // Diagonal d = j - i, stored at index d + rows.
        let mut diagonals = Windows::new(r + c + 1, width);
        let mut diag_mex = vec![0i64; r + c + 1];
        let mut row = Windows::new(1, c + 2 * r + 1);
        // Cells filled since the clock was last read, row by row (every
        // row, for rows of more than CELLS_PER_CLOCK cells).
        let mut since_clock = CELLS_PER_CLOCK;
        for i in 0..=r {
            if since_clock >= CELLS_PER_CLOCK {
                if crate::clock::answer_time_passed() {
                    return None;
                }
                since_clock = 0;
            }
            since_clock += c as u64 + 1;
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
        Some(QueenTable { rows, cols, values })
    }

    /// The rows `0..=rows()` the table covers.
    pub fn rows(&self) -> u64 {
        self.rows
    }

    /// The columns `0..=cols()` the table covers.
    pub fn cols(&self) -> u64 {
        self.cols
    }

    /// `G(i, j)`, if the table covers it.
    pub fn get(&self, i: u64, j: u64) -> Option<u64> {
        (i <= self.rows && j <= self.cols)
            .then(|| self.values[(i * (self.cols + 1) + j) as usize] as u64)
    }
}

/// Cells [`QueenTable::build`] fills between two looks at the answer's
/// deadline (about a millisecond of work).
pub const CELLS_PER_CLOCK: u64 = 1 << 16;

/// The largest [`QueenTable`] built so far, shared by every query (of a
/// batch, of a search), grown on demand within a cell budget.
///
/// A build that an answer's deadline cuts short is dropped, and the table
/// then grows no more for the life of the value: the budget becomes the
/// table already built. Otherwise every later query past the table would
/// start a build of its own and spend its whole time limit on it (a batch
/// of large positions, each cut short, one row further each time).
pub struct QueenValues {
    table: Mutex<Grown>,
}

/// The table of a [`QueenValues`] and the most cells it may grow to.
struct Grown {
    max_cells: u64,
    max_memory: u64,
    table: Option<QueenTable>,
}

/// Bytes a [`QueenTable`] build holds a cell: 4 for its value, about one
/// for the work sets, and a margin.
pub const QUEEN_BYTES_PER_CELL: u64 = 6;

impl QueenValues {
    /// No table yet; tables never exceed `max_cells` cells.
    pub fn new(max_cells: u64) -> QueenValues {
        QueenValues::within_memory(max_cells, u64::MAX)
    }

    /// No table yet; tables never exceed `max_cells` cells, and a build
    /// starts only when its [`QUEEN_BYTES_PER_CELL`] a cell, added to the
    /// memory the process holds ([`crate::memory::admit`]), stay within
    /// `max_memory` (a smaller table is tried, else the cell is not
    /// covered).
    pub fn within_memory(max_cells: u64, max_memory: u64) -> QueenValues {
        QueenValues {
            table: Mutex::new(Grown {
                max_cells,
                max_memory,
                table: None,
            }),
        }
    }

    /// The most cells the table may still grow to: the budget given to
    /// [`QueenValues::new`], or the cells already built once a build was
    /// cut short by an answer's deadline.
    pub fn max_cells(&self) -> u64 {
        self.table.lock().map_or(0, |g| g.max_cells)
    }

    /// `G(i, j)` from the cached table, growing it (to at least double its
    /// rows and columns, within the budget, else just enough) when it does
    /// not cover the cell; `None` when no table within the budget covers
    /// it.
    ///
    /// The builds read the deadline of the answer being worked out
    /// ([`crate::clock::answer_time_passed`]); one cut short by it gives
    /// `None` and ends the table's growth (see [`QueenValues`]).
    pub fn value(&self, i: u64, j: u64) -> Option<u64> {
        let mut grown = self.table.lock().ok()?;
        if let Some(v) = grown.table.as_ref().and_then(|t| t.get(i, j)) {
            return Some(v);
        }
        let (rows, cols) = grown.table.as_ref().map_or((0, 0), |t| (t.rows, t.cols));
        let want = (rows.max(i), cols.max(j));
        let doubled = (want.0.max(2 * rows + 1), want.1.max(2 * cols + 1));
        let max_cells = grown.max_cells;
        for (r, c) in [doubled, want, (i, j)] {
            let bytes = (r as u128 + 1) * (c as u128 + 1) * QUEEN_BYTES_PER_CELL as u128;
            let bytes = u64::try_from(bytes).unwrap_or(u64::MAX);
            if crate::memory::admit(bytes, grown.max_memory).is_err() {
                continue;
            }
            if let Some(table) = QueenTable::build(r, c, max_cells) {
                let v = table.get(i, j);
                grown.table = Some(table);
                return v;
            }
            if crate::clock::answer_time_passed() {
                grown.max_cells = grown.table.as_ref().map_or(0, |t| t.values.len() as u64);
                return None;
            }
        }
        None
    }
}

impl std::fmt::Debug for QueenValues {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("QueenValues")
            .field("max_cells", &self.max_cells())
            .finish_non_exhaustive()
    }
}

/// One way a move breaks a row of counters: remove `take` consecutive
/// counters anywhere in the row, leaving the counters on either side as
/// two independent rows (either may be empty), plus a part of fixed value
/// `extra` (0 for none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowBreak {
    /// The counters removed, at least 1.
    pub take: usize,
    /// The value of the part the move adds besides the two rows.
    pub extra: u64,
}

/// The values `F(0..=k_max)` of a row of counters whose moves are
/// `breaks`: `F(k)` is the mex, over each break `b` with `b.take <= k` and
/// each `a` in `0..=k - b.take`, of `F(a) ^ F(k - b.take - a) ^ b.extra`.
/// Takes about `k_max^2 * breaks.len() / 4` steps.
pub fn row_values(k_max: usize, breaks: &[RowBreak]) -> Vec<u64> {
    let mut f: Vec<u64> = Vec::with_capacity(k_max + 1);
    // seen[v] == k + 1 marks v as an option value of row k, so the marks
    // need no clearing between rows.
    let mut seen: Vec<usize> = Vec::new();
    for k in 0..=k_max {
        for b in breaks.iter().filter(|b| b.take <= k) {
            // F(a) ^ F(rest - a) is symmetric in a and rest - a, so the
            // splits with a <= rest / 2 give every value.
            let row = &f[..=k - b.take];
            for (x, y) in row[..=(row.len() - 1) / 2].iter().zip(row.iter().rev()) {
                let v = (x ^ y ^ b.extra) as usize;
                if seen.len() <= v {
                    seen.resize(v + 1, 0);
                }
                seen[v] = k + 1;
            }
        }
        let mex = seen.iter().position(|&s| s != k + 1).unwrap_or(seen.len());
        f.push(mex as u64);
    }
    f
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_nimber::mex;

    /// `G(i, j)` of the queen game by the definition, cell by cell.
    fn queen_by_definition(rows: usize, cols: usize) -> Vec<Vec<u64>> {
        let mut g = vec![vec![0u64; cols + 1]; rows + 1];
        for i in 0..=rows {
            for j in 0..=cols {
                let mut opts: Vec<u64> = (0..j).map(|t| g[i][t]).collect();
                opts.extend((0..i).map(|t| g[t][j]));
                opts.extend((1..=i.min(j)).map(|d| g[i - d][j - d]));
                g[i][j] = mex(&mut opts);
            }
        }
        g
    }

    #[test]
    fn queen_table_equals_the_definition() {
        for (rows, cols) in [
            (0, 0),
            (0, 9),
            (9, 0),
            (5, 70),
            (40, 40),
            (70, 5),
            (30, 130),
        ] {
            let want = queen_by_definition(rows, cols);
            let t = QueenTable::build(rows as u64, cols as u64, u64::MAX).unwrap();
            for (i, row) in want.iter().enumerate() {
                for (j, &v) in row.iter().enumerate() {
                    assert_eq!(t.get(i as u64, j as u64), Some(v), "({i}, {j})");
                }
            }
            assert_eq!(t.get(rows as u64 + 1, 0), None);
            assert_eq!(t.get(0, cols as u64 + 1), None);
        }
    }

    #[test]
    fn queen_table_respects_its_budget() {
        assert!(QueenTable::build(9, 9, 99).is_none());
        assert!(QueenTable::build(9, 9, 100).is_some());
        let values = QueenValues::new(100);
        assert_eq!(values.value(3, 5), Some(queen_by_definition(3, 5)[3][5]));
        // Grown to cover a cell beyond the first table.
        assert_eq!(values.value(9, 9), Some(queen_by_definition(9, 9)[9][9]));
        assert_eq!(values.value(10, 9), None);
    }

    #[test]
    fn queen_values_build_no_table_past_the_memory_budget() {
        // Held memory counts only with the counting allocator; without it
        // the table's own bytes are compared with the budget.
        let held = crate::memory::allocated().unwrap_or(0);
        let budget = held + 100 * QUEEN_BYTES_PER_CELL;
        let values = QueenValues::within_memory(1 << 20, budget);
        // 10 x 10 cells fit; the doubled 21 x 21 does not, so the table
        // is built just large enough.
        assert_eq!(values.value(9, 9), Some(queen_by_definition(9, 9)[9][9]));
        assert_eq!(values.value(10, 10), None);
    }

    /// A clock that reads zero once, then an hour.
    #[derive(Debug, Default)]
    struct LateAfterStart(std::sync::atomic::AtomicBool);

    impl crate::Clock for LateAfterStart {
        fn now(&self) -> std::time::Duration {
            let late = self.0.swap(true, std::sync::atomic::Ordering::SeqCst);
            std::time::Duration::from_secs(if late { 3600 } else { 0 })
        }
    }

    #[test]
    fn a_build_past_the_answers_deadline_stops_and_ends_the_growth() {
        use crate::clock::{within_answer, Deadline, SharedClock};
        let values = QueenValues::new(1 << 20);
        assert_eq!(values.value(3, 5), Some(queen_by_definition(3, 5)[3][5]));
        let built = values.max_cells();
        assert_eq!(built, 1 << 20);
        let clock: SharedClock = std::sync::Arc::new(LateAfterStart::default());
        let deadline = Deadline::start(Some(std::time::Duration::from_secs(1)), Some(&clock));
        // Past the deadline: no table, the cells already built are the
        // budget from now on, and cells inside them still answer.
        assert_eq!(within_answer(deadline, || values.value(500, 500)), None);
        assert!(values.max_cells() < 1000, "{}", values.max_cells());
        assert_eq!(values.value(3, 5), Some(queen_by_definition(3, 5)[3][5]));
        // No later query starts a build, whatever its own deadline.
        assert_eq!(values.value(600, 600), None);
        // Outside an answer, a direct build is not stopped.
        assert!(QueenTable::build(300, 300, u64::MAX).is_some());
    }

    /// `F(k)` of a row game by the definition.
    fn row_by_definition(k_max: usize, breaks: &[RowBreak]) -> Vec<u64> {
        let mut f = Vec::new();
        for k in 0..=k_max {
            let mut opts = Vec::new();
            for b in breaks.iter().filter(|b| b.take <= k) {
                for a in 0..=k - b.take {
                    opts.push(f[a] ^ f[k - b.take - a] ^ b.extra);
                }
            }
            f.push(mex(&mut opts));
        }
        f
    }

    #[test]
    fn row_values_equal_the_definition() {
        let kayles = [
            RowBreak { take: 1, extra: 0 },
            RowBreak { take: 2, extra: 0 },
        ];
        // Kayles (octal 0.77): 0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7.
        assert_eq!(
            row_values(15, &kayles),
            vec![0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7]
        );
        let with_extra = [
            RowBreak { take: 1, extra: 1 },
            RowBreak { take: 2, extra: 0 },
        ];
        let dawson = [RowBreak { take: 3, extra: 0 }];
        for breaks in [&kayles[..], &with_extra, &dawson, &[]] {
            assert_eq!(row_values(80, breaks), row_by_definition(80, breaks));
        }
    }
}
