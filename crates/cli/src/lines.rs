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
    /// A line longer than the bound; holds its length in bytes (without
    /// its `\n`).
    TooLong(u64),
}

/// Reads the next line of `input`, keeping at most `cap` bytes of it
/// besides its `\n`; a longer line is consumed to its end and reported as
/// [`Line::TooLong`].
pub fn read_line(input: &mut dyn BufRead, cap: usize) -> io::Result<Line> {
    let mut kept = Vec::new();
    Ok(match append_line(input, cap, &mut kept)? {
        Appended::End => Line::End,
        Appended::Text => Line::Text(kept),
        Appended::TooLong(length) => Line::TooLong(length),
    })
}

/// What [`append_line`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Appended {
    /// The input had ended: nothing appended.
    End,
    /// A line's bytes (with its `\n` if it had one) were appended.
    Text,
    /// A line longer than the bound was consumed; nothing appended. Holds
    /// its length in bytes.
    TooLong(u64),
}

/// Reads the next line of `input` onto the end of `buf` (so many lines
/// can share one buffer), keeping at most `cap` bytes of it besides its
/// `\n`; a longer line is consumed to its end, left out of `buf` and
/// reported as [`Appended::TooLong`] with its length (without the `\n`).
pub fn append_line(input: &mut dyn BufRead, cap: usize, buf: &mut Vec<u8>) -> io::Result<Appended> {
    let start = buf.len();
    let mut length: u64 = 0;
    let mut any = false;
    let mut newline = false;
    while !newline {
        let available = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => {
                buf.truncate(start);
                return Err(e);
            }
        };
        if available.is_empty() {
            break;
        }
        any = true;
        let taken = match available.iter().position(|&b| b == b'\n') {
            Some(i) => {
                newline = true;
                i + 1
            }
            None => available.len(),
        };
        // Room for `cap` bytes and the newline.
        let room = (cap + 1).saturating_sub(buf.len() - start);
        buf.extend_from_slice(&available[..taken.min(room)]);
        length += taken as u64;
        input.consume(taken);
    }
    let length = length - u64::from(newline);
    Ok(match (any, length > cap as u64) {
        (false, _) => Appended::End,
        (true, false) => Appended::Text,
        (true, true) => {
            buf.truncate(start);
            Appended::TooLong(length)
        }
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
                Line::TooLong(10),
                Line::Text(b"ab\n".to_vec()),
                Line::Text(b"0123".to_vec())
            ]
        );
        assert_eq!(lines(b"01234", 5), vec![Line::Text(b"01234".to_vec())]);
        // The bound is on the line, its newline apart.
        assert_eq!(
            lines(b"01234\nx", 5),
            vec![Line::Text(b"01234\n".to_vec()), Line::Text(b"x".to_vec())]
        );
        assert_eq!(lines(b"012345", 5), vec![Line::TooLong(6)]);
        assert_eq!(lines(b"012345\n", 5), vec![Line::TooLong(6)]);
    }

    #[test]
    fn appended_lines_share_a_buffer_and_long_ones_leave_it_alone() {
        let mut r = io::BufReader::with_capacity(3, &b"ab\n0123456789\ncd"[..]);
        let mut buf = b"x".to_vec();
        assert_eq!(append_line(&mut r, 5, &mut buf).unwrap(), Appended::Text);
        assert_eq!(
            append_line(&mut r, 5, &mut buf).unwrap(),
            Appended::TooLong(10)
        );
        assert_eq!(append_line(&mut r, 5, &mut buf).unwrap(), Appended::Text);
        assert_eq!(append_line(&mut r, 5, &mut buf).unwrap(), Appended::End);
        assert_eq!(buf, b"xab\ncd");
    }
}
