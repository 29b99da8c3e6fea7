//! A row of coins as text: `HHTTH` (coin 1 on the left), or, for long rows
//! with few heads, `N:i,j,k` (a row of N coins with heads at coins i, j,
//! k, numbered from 1).

use crate::mechanics::heaps;
use crate::mechanics::row::{self, Alphabet};
use grundy_api::parse_u64_in;
use grundy_engine::ParseError;

/// The longest row.
pub const MAX_LEN: u64 = 1_000_000_000_000_000_000;

/// Rows up to this length are written as `H`/`T` words.
pub const WORD_LEN: u64 = 100;

/// A row of coins: its length and its heads (sorted, distinct, in 1..=len).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Row {
    /// Number of coins.
    pub len: u64,
    /// The coins showing heads, increasing.
    pub heads: Vec<u64>,
}

const FACES: &Alphabet<bool> = &[('H', true), ('T', false)];

/// Turns coin `c` over in the increasing list of `heads`: adds it when it
/// shows tails, removes it when it shows heads.
pub fn flip<T: Ord>(heads: &mut Vec<T>, c: T) {
    match heads.binary_search(&c) {
        Ok(i) => {
            heads.remove(i);
        }
        Err(i) => heads.insert(i, c),
    }
}

impl Row {
    /// The row with coin `x` turned over (coin 0, imaginary, is ignored).
    pub fn toggle(&mut self, x: u64) {
        if x != 0 {
            flip(&mut self.heads, x);
        }
    }

    /// The row after turning every coin of `set`.
    pub fn turned(&self, set: &[u64]) -> Row {
        let mut out = self.clone();
        for &c in set {
            out.toggle(c);
        }
        out
    }
}

/// Reads a row: one word, `H`/`T` (at most [`row::MAX_CELLS`] coins) or
/// `N:i,j,k` (N up to [`MAX_LEN`], at most [`heaps::MAX_HEADS`] heads).
/// Errors name the bad character and column, or the head that is
/// repeated, zero, or beyond the row.
pub fn parse_row(args: &[&str]) -> Result<Row, ParseError> {
    let words = heaps::words(args);
    if let [w] = words.as_slice() {
        if let Some((n, list)) = w.split_once(':') {
            return parse_heads(n, list);
        }
    }
    let faces = row::parse_row(args, FACES, "HHTTH")?;
    Ok(Row {
        len: faces.len() as u64,
        heads: (1..)
            .zip(&faces)
            .filter(|(_, &h)| h)
            .map(|(i, _)| i)
            .collect(),
    })
}

fn parse_heads(n: &str, list: &str) -> Result<Row, ParseError> {
    let len = parse_u64_in(n, 1, MAX_LEN)
        .map_err(|e| ParseError::new(format!("row length (before ':'): {e}")))?;
    let mut heads = Vec::new();
    for (i, t) in list.split(',').enumerate() {
        if t.is_empty() && list.is_empty() {
            break;
        }
        let x = parse_u64_in(t, 1, len).map_err(|e| {
            ParseError::new(format!(
                "head {} of the list: {e} (coins are numbered 1 to {len})",
                i + 1
            ))
        })?;
        heads.push(x);
    }
    heaps::check_count_within(heads.len(), "heads", heaps::MAX_HEADS)?;
    let mut sorted = heads.clone();
    sorted.sort_unstable();
    if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
        return Err(ParseError::new(format!(
            "coin {} is listed twice as a head",
            w[0]
        )));
    }
    Ok(Row { len, heads: sorted })
}

/// Writes a row as [`parse_row`] reads it: a word up to [`WORD_LEN`]
/// coins, the `N:i,j,k` form beyond.
pub fn format_row(r: &Row) -> String {
    if r.len <= WORD_LEN {
        let mut faces = vec![false; r.len as usize];
        for &h in &r.heads {
            faces[h as usize - 1] = true;
        }
        return row::format_row(&faces, FACES);
    }
    format!(
        "{}:{}",
        r.len,
        r.heads
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(",")
    )
}

/// A move set in words, without the imaginary coin 0: `turn coin 7`,
/// `turn coins 3 and 7`, `turn coins 3 to 7`, `turn coins 1, 4 and 7`.
pub fn describe(set: &[u64]) -> String {
    let coins: Vec<u64> = set.iter().copied().filter(|&c| c != 0).collect();
    match coins.as_slice() {
        [x] => format!("turn coin {x}"),
        [a, b] => format!("turn coins {a} and {b}"),
        [first, .., last] if last - first + 1 == coins.len() as u64 => {
            format!("turn coins {first} to {last}")
        }
        [rest @ .., last] => format!(
            "turn coins {} and {last}",
            rest.iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        [] => "turn no coin".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_forms_round_trip() {
        let r = parse_row(&["HHTTH"]).unwrap();
        assert_eq!(
            r,
            Row {
                len: 5,
                heads: vec![1, 2, 5]
            }
        );
        assert_eq!(format_row(&r), "HHTTH");
        let big = parse_row(&["1000000000:7,3,999999999"]).unwrap();
        assert_eq!(big.heads, vec![3, 7, 999_999_999]);
        assert_eq!(format_row(&big), "1000000000:3,7,999999999");
        assert_eq!(
            parse_row(&["8:2,5"]).unwrap(),
            parse_row(&["THTTHTTT"]).unwrap()
        );
        assert_eq!(parse_row(&["200:"]).unwrap().heads, Vec::<u64>::new());
    }

    #[test]
    fn errors_name_the_problem() {
        for (arg, want) in [
            ("HHXT", "'X' at column 3"),
            ("10:3,3", "coin 3 is listed twice"),
            ("10:0", "too small"),
            ("10:11", "too large"),
            ("10:a", "not a whole number"),
            ("x:1", "row length"),
        ] {
            let e = parse_row(&[arg]).unwrap_err().0;
            assert!(e.contains(want), "{arg}: {e}");
        }
    }

    #[test]
    fn words() {
        assert_eq!(describe(&[0, 7]), "turn coin 7");
        assert_eq!(describe(&[3, 7]), "turn coins 3 and 7");
        assert_eq!(describe(&[3, 4, 5]), "turn coins 3 to 5");
        assert_eq!(describe(&[0, 1, 4, 7]), "turn coins 1, 4 and 7");
    }
}
