//! Reading stdin a line at a time with a bound on what one line may hold:
//! `batch` and `play` read lines of unknown length, and a line without end
//! (`cat /dev/zero | grundy batch nim`) must not take all memory.

use std::io::{self, BufRead};

/// The most bytes of one line that are kept. No position or answer comes
/// near it (the longest positions are a few hundred kilobytes); a longer
/// line is read to its end and reported, not stored.
pub const MAX_LINE: usize = 16 << 20;

/// One line of input.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// The input had ended: no line.
    End,
    /// A line's bytes, with its `\n` if it had one.
    Text(Vec<u8>),
    /// A line longer than the bound; holds its length in bytes.
    TooLong(u64),
}

/// Reads the next line of `input`, keeping at most `cap` bytes of it; a
/// longer line is consumed to its end and reported as [`Line::TooLong`].
pub fn read_line(input: &mut dyn BufRead, cap: usize) -> io::Result<Line> {
    let mut kept = Vec::new();
    let mut length: u64 = 0;
    let mut any = false;
    loop {
        let available = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            break;
        }
        any = true;
        let (taken, done) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (available.len(), false),
        };
        let room = cap.saturating_sub(kept.len());
        kept.extend_from_slice(&available[..taken.min(room)]);
        length += taken as u64;
        input.consume(taken);
        if done {
            break;
        }
    }
    Ok(match (any, length > cap as u64) {
        (false, _) => Line::End,
        (true, false) => Line::Text(kept),
        (true, true) => Line::TooLong(length),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], cap: usize) -> Vec<Line> {
        let mut r = io::BufReader::with_capacity(4, input);
        let mut out = Vec::new();
        loop {
            match read_line(&mut r, cap).unwrap() {
                Line::End => return out,
                l => out.push(l),
            }
        }
    }

    #[test]
    fn splits_on_newlines_and_keeps_them() {
        assert_eq!(
            lines(b"ab\n\ncd", 10),
            vec![
                Line::Text(b"ab\n".to_vec()),
                Line::Text(b"\n".to_vec()),
                Line::Text(b"cd".to_vec())
            ]
        );
        assert_eq!(lines(b"", 10), vec![]);
    }

    #[test]
    fn long_lines_are_measured_not_kept() {
        assert_eq!(
            lines(b"0123456789\nab\n0123", 5),
            vec![
                Line::TooLong(11),
                Line::Text(b"ab\n".to_vec()),
                Line::Text(b"0123".to_vec())
            ]
        );
        assert_eq!(lines(b"01234", 5), vec![Line::Text(b"01234".to_vec())]);
        assert_eq!(lines(b"012345", 5), vec![Line::TooLong(6)]);
    }
}
