//! Positions that are lists of heap sizes, shared by every heap family
//! (nim, bash, lasker, subtraction, octal, ...): parsing with clear errors,
//! formatting, the split into one component per heap, and labelled moves
//! built from a one-heap rule.
//!
//! Conventions every heap family follows, so their outputs look alike:
//! - a position is the heap sizes in the order the user gave them; empty
//!   heaps are kept (they print as `0`) so heap numbers never shift;
//! - a one-heap rule describes each option of a heap as the list of
//!   non-empty heaps it leaves (`[]` when nothing is left, `[3, 4]` after a
//!   split), in the rule's order;
//! - a move replaces its heap, in place, by what it leaves (`0` when nothing
//!   is left) and is labelled `heap 2: 7 -> 3 + 4` (heaps numbered from 1).

use grundy_api::parse_u64_in;
use grundy_engine::{Move, ParseError, RulesError};

/// The words of the position arguments: an argument may itself hold several
/// words separated by white space (a `batch` line, a quoted argument).
pub fn words<'a>(args: &[&'a str]) -> Vec<&'a str> {
    args.iter().flat_map(|a| a.split_whitespace()).collect()
}

/// Reads one heap size written `word`, the `index`-th heap (from 1), which
/// must lie in `0..=max`. The error names the heap and the text.
pub fn parse_heap(word: &str, index: usize, max: u64) -> Result<u64, ParseError> {
    parse_u64_in(word, 0, max).map_err(|e| ParseError::new(format!("heap {index}: {e}")))
}

/// Most heaps (stairs, pieces) a position may list. Every winning move
/// reports the whole position after it, so an answer grows with the square
/// of the count: nim with 20001 heaps of 1 needed 20 GB before this bound.
/// At the bound a nim answer stays near 20 MB.
pub const MAX_HEAPS: usize = 1000;

/// Refuses a position of more than [`MAX_HEAPS`] items; `what` names them
/// in the plural (`heaps`, `stairs`, `pieces`).
pub fn check_count(count: usize, what: &str) -> Result<(), ParseError> {
    check_count_within(count, what, MAX_HEAPS)
}

/// Most heads a coin position (a row's list, a board's cells) may list:
/// more than [`MAX_HEAPS`], because one move turns many coins. A position
/// whose moves can be listed at all (50 MB of positions, each as long as
/// its heads) has at most about 2,900 heads and a move turning at most
/// about 5,800 coins, so every position `play` reaches parses again.
pub const MAX_HEADS: usize = 10_000;

/// Refuses a position of more than `max` items; `what` names them in the
/// plural.
pub fn check_count_within(count: usize, what: &str, max: usize) -> Result<(), ParseError> {
    if count > max {
        return Err(ParseError::new(format!(
            "too many {what}: {count} given, at most {max} (every winning move lists the whole position)"
        )));
    }
    Ok(())
}

/// Reads a list of heap sizes, each in `0..=max`. At least one heap and at
/// most [`MAX_HEAPS`] must be given; a malformed, negative or too large
/// size is an error naming the heap (numbered from 1) and its text.
pub fn parse_heaps(args: &[&str], max: u64) -> Result<Vec<u64>, ParseError> {
    let words = words(args);
    if words.is_empty() {
        return Err(ParseError::new(
            "no heaps given: write the heap sizes, e.g. `3 4 5`",
        ));
    }
    check_count(words.len(), "heaps")?;
    words
        .iter()
        .enumerate()
        .map(|(i, w)| parse_heap(w, i + 1, max))
        .collect()
}

/// Writes heap sizes as [`parse_heaps`] reads them: `3 4 5`.
pub fn format_heaps(heaps: &[u64]) -> String {
    use std::fmt::Write;
    let mut out = String::with_capacity(4 * heaps.len());
    for (k, h) in heaps.iter().enumerate() {
        let _ = write!(out, "{}{h}", if k == 0 { "" } else { " " });
    }
    out
}

/// One component per non-empty heap, in order: heaps are independent, and
/// an empty heap has no move.
pub fn components(heaps: &[u64]) -> Vec<Vec<u64>> {
    heaps.iter().filter(|&&h| h > 0).map(|&h| vec![h]).collect()
}

/// The size of a position that is one heap (`[]` is the heap of 0):
/// what the misère quotient reads a component as
/// ([`grundy_api::Adapter::with_heap_quotient`]); `None` for several heaps.
pub fn one_heap(heaps: &Vec<u64>) -> Option<u64> {
    match heaps.as_slice() {
        [] => Some(0),
        [k] => Some(*k),
        _ => None,
    }
}

/// What a heap of `k` counters leaves as a part list: nothing when `k` is
/// 0, else the one heap.
pub fn parts_of(k: u64) -> Vec<u64> {
    if k == 0 {
        Vec::new()
    } else {
        vec![k]
    }
}

/// The position after heap `i` (from 0) is replaced by `parts`, in place; a
/// `0` stands in when nothing is left, so later heaps keep their numbers.
pub fn replace_heap(heaps: &[u64], i: usize, parts: &[u64]) -> Vec<u64> {
    let mut out = Vec::with_capacity(heaps.len() + parts.len());
    out.extend_from_slice(&heaps[..i]);
    if parts.is_empty() {
        out.push(0);
    } else {
        out.extend_from_slice(parts);
    }
    out.extend_from_slice(&heaps[i + 1..]);
    out
}

/// The label of a move on heap `i` (from 0) of size `from` that leaves
/// `parts`: `heap 1: 3 -> 1`, `heap 2: 7 -> 0`, `heap 1: 7 -> 3 + 4`.
pub fn move_label(i: usize, from: u64, parts: &[u64]) -> String {
    let to = if parts.is_empty() {
        "0".to_string()
    } else {
        parts
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(" + ")
    };
    format!("heap {}: {from} -> {to}", i + 1)
}

/// The labelled move on heap `i` (from 0) of `heaps` that leaves `parts`.
pub fn heap_move(heaps: &[u64], i: usize, parts: &[u64]) -> Move<Vec<u64>> {
    Move {
        label: move_label(i, heaps[i], parts),
        to: replace_heap(heaps, i, parts),
    }
}

/// Whether a position of heaps is over, for rules where every non-empty
/// heap has a move (nim, bash, Lasker's nim): every heap empty. Asked of
/// each part a misère answer reports, where listing a heap of 10^5's
/// options took 5 s for 1,000 such heaps.
pub fn all_empty(p: &[u64]) -> bool {
    p.iter().all(|&n| n == 0)
}

/// Every option of `heaps` under the one-heap rule `rule` (the part lists
/// a heap of the given size may leave): heap by heap, in the rule's order.
pub fn options_by_heap<R>(heaps: &[u64], rule: R) -> Vec<Vec<u64>>
where
    R: Fn(u64) -> Vec<Vec<u64>>,
{
    let mut out = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        for parts in rule(h) {
            out.push(replace_heap(heaps, i, &parts));
        }
    }
    out
}

/// Every move of `heaps` under `rule`, labelled, in the order of
/// [`options_by_heap`].
pub fn moves_by_heap<R>(heaps: &[u64], rule: R) -> Result<Vec<Move<Vec<u64>>>, RulesError>
where
    R: Fn(u64) -> Vec<Vec<u64>>,
{
    let mut out = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        for parts in rule(h) {
            grundy_engine::clock::moves_in_time(out.len())?;
            out.push(heap_move(heaps, i, &parts));
        }
    }
    Ok(out)
}

/// The normal-play winning moves of a sum of heaps whose values are known,
/// by the Sprague-Grundy theorem: with total value `X`, a move in a heap of
/// value `v` wins exactly when it leaves parts of value `v ^ X`.
///
/// `value(n)` is the value of one heap of `n`; `options_with_value(n, t)`
/// lists, in the rule's order, every part list a heap of `n` may leave
/// whose value is `t`. The moves come heap by heap, so the list is the
/// winning subsequence of [`moves_by_heap`] when both use the same order.
/// Empty when `X` is 0.
pub fn winning_moves_by_value<V, W>(
    heaps: &[u64],
    value: V,
    options_with_value: W,
) -> Vec<Move<Vec<u64>>>
where
    V: Fn(u64) -> u64,
    W: Fn(u64, u64) -> Vec<Vec<u64>>,
{
    let total = heaps.iter().fold(0, |acc, &h| acc ^ value(h));
    if total == 0 {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        if h == 0 {
            continue;
        }
        for parts in options_with_value(h, value(h) ^ total) {
            out.push(heap_move(heaps, i, &parts));
        }
    }
    out
}

/// Reads the notation `HEAP COUNT` of a game that takes counters from one
/// heap: heap `HEAP` (numbered from 1) loses `COUNT` counters, at most
/// `most` of them (`u64::MAX`: no bound but the heap). `None` unless
/// `words` are two whole numbers; otherwise the move as (heap index from
/// 0, counters left), or an error naming the heap when there is no such
/// heap, it holds fewer than `COUNT` counters, `COUNT` is 0 or above
/// `most`.
/// [`read_take`] as the move it makes: the heap left with what remains.
pub fn read_take_move(
    heaps: &[u64],
    words: &[&str],
    most: u64,
) -> Option<Result<Move<Vec<u64>>, ParseError>> {
    read_take(heaps, words, most).map(|r| r.map(|(i, left)| heap_move(heaps, i, &parts_of(left))))
}

pub fn read_take(
    heaps: &[u64],
    words: &[&str],
    most: u64,
) -> Option<Result<(usize, u64), ParseError>> {
    let [heap, count] = words else {
        return None;
    };
    if !is_number(heap) || !is_number(count) {
        return None;
    }
    Some(check_take(heaps, heap, count, most))
}

/// Whether `w` is written in decimal digits only.
pub fn is_number(w: &str) -> bool {
    !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit())
}

fn check_take(
    heaps: &[u64],
    heap: &str,
    count: &str,
    most: u64,
) -> Result<(usize, u64), ParseError> {
    let n = heaps.len();
    let i = match heap.parse::<usize>() {
        Ok(i) if (1..=n).contains(&i) => i - 1,
        _ if n == 1 => {
            return Err(ParseError::new(format!(
                "there is no heap {heap}: the only heap is heap 1"
            )))
        }
        _ => {
            return Err(ParseError::new(format!(
                "there is no heap {heap}: the heaps are numbered 1 to {n}"
            )))
        }
    };
    let h = heaps[i];
    let c = match count.parse::<u64>() {
        Ok(0) => return Err(ParseError::new("a move takes at least one counter")),
        Ok(c) if c <= h && c <= most => c,
        Ok(c) if c <= h => {
            return Err(ParseError::new(format!(
                "a move takes at most {most} counters, not {c}"
            )))
        }
        _ => {
            return Err(ParseError::new(format!(
                "heap {} has {h} counter{}; {count} cannot be taken",
                i + 1,
                if h == 1 { "" } else { "s" }
            )))
        }
    };
    Ok((i, h - c))
}

/// The help text of `HEAP COUNT` ([`read_take`]) with an example that is
/// a legal move of `heaps` when one exists (one counter from the first
/// heap that has any).
pub fn take_notation(heaps: &[u64]) -> String {
    let i = heaps.iter().position(|&h| h > 0).unwrap_or(0) + 1;
    format!(
        "HEAP COUNT takes COUNT counters from heap HEAP (heaps numbered from 1): \
         `{i} 1` takes 1 counter from heap {i}"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_formats() {
        assert_eq!(parse_heaps(&["3", "4 5"], 10), Ok(vec![3, 4, 5]));
        assert_eq!(format_heaps(&[3, 0, 5]), "3 0 5");
        assert_eq!(
            parse_heaps(&[&format_heaps(&[u64::MAX, 0])], u64::MAX),
            Ok(vec![u64::MAX, 0])
        );
    }

    #[test]
    fn errors_name_the_heap() {
        let e = parse_heaps(&["3", "-3"], 10).unwrap_err().0;
        assert!(e.contains("heap 2") && e.contains("negative"), "{e}");
        let e = parse_heaps(&["abc"], 10).unwrap_err().0;
        assert!(e.contains("heap 1") && e.contains("'abc'"), "{e}");
        let e = parse_heaps(&["11"], 10).unwrap_err().0;
        assert!(e.contains("too large") && e.contains("10"), "{e}");
        let e = parse_heaps(&["99999999999999999999999"], u64::MAX)
            .unwrap_err()
            .0;
        assert!(e.contains("too large"), "{e}");
        assert!(parse_heaps(&[], 10).is_err());
        assert!(parse_heaps(&["  "], 10).is_err());
    }

    #[test]
    fn takes_are_read_with_reasons() {
        let p = [3, 0, 5];
        assert_eq!(read_take(&p, &["3", "2"], u64::MAX), Some(Ok((2, 3))));
        assert_eq!(read_take(&p, &["1", "3"], u64::MAX), Some(Ok((0, 0))));
        assert_eq!(read_take(&p, &["3"], u64::MAX), None);
        assert_eq!(read_take(&p, &["heap", "3"], u64::MAX), None);
        assert_eq!(read_take(&p, &["3", "-2"], u64::MAX), None);
        for (words, most, want) in [
            (
                ["4", "1"],
                u64::MAX,
                "no heap 4: the heaps are numbered 1 to 3",
            ),
            (["0", "1"], u64::MAX, "no heap 0"),
            (
                ["3", "99"],
                u64::MAX,
                "heap 3 has 5 counters; 99 cannot be taken",
            ),
            (["2", "1"], u64::MAX, "heap 2 has 0 counters"),
            (["3", "0"], u64::MAX, "at least one counter"),
            (["3", "3"], 2, "at most 2 counters, not 3"),
            (["3", "99999999999999999999999"], 2, "cannot be taken"),
        ] {
            let e = read_take(&p, &words, most).unwrap().unwrap_err().0;
            assert!(e.contains(want), "{words:?}: {e}");
        }
        assert!(read_take(&[1], &["2", "1"], u64::MAX)
            .unwrap()
            .unwrap_err()
            .0
            .contains("the only heap is heap 1"));
        assert!(take_notation(&[0, 4]).ends_with("`2 1` takes 1 counter from heap 2"));
    }

    #[test]
    fn moves_replace_in_place() {
        let m = heap_move(&[3, 7, 5], 1, &[3, 4]);
        assert_eq!(m.label, "heap 2: 7 -> 3 + 4");
        assert_eq!(m.to, vec![3, 3, 4, 5]);
        let m = heap_move(&[3, 7, 5], 0, &[]);
        assert_eq!(m.label, "heap 1: 3 -> 0");
        assert_eq!(m.to, vec![0, 7, 5]);
        assert_eq!(components(&[0, 2, 0, 2]), vec![vec![2], vec![2]]);
    }
}
