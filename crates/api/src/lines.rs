//! Reading stdin a line at a time with a bound on what one line may hold:
//! `batch` and `play` read lines of unknown length, and a line without end
//! (`cat /dev/zero | grundy batch nim`) must not take all memory.

use std::io::{self, BufRead, Read};
use std::sync::mpsc::{self, Receiver, TryRecvError};

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

/// Bytes asked of the source by one read of [`ReadAhead`].
const BLOCK: usize = 64 << 10;

/// Blocks [`ReadAhead`] may hold read but not yet consumed: its memory is
/// at most this many times [`BLOCK`] (1 MiB) besides the block in use.
const BLOCKS_AHEAD: usize = 16;

/// A reader that reads its source ahead on a thread of its own, so that
/// whoever reads lines from it can ask, without blocking, whether more
/// input is already waiting ([`ReadAhead::waiting`]). `batch` answers the
/// lines it has before a read that could wait: a program that writes one
/// position and waits for the answer gets it. The reading thread is not
/// joined: it ends at the end of the input or with the process.
pub struct ReadAhead {
    blocks: Receiver<io::Result<Vec<u8>>>,
    /// A block taken off the channel by `waiting`, not yet in use.
    peeked: Option<io::Result<Vec<u8>>>,
    current: Vec<u8>,
    pos: usize,
    /// The input has ended (or failed): reads no longer wait.
    ended: bool,
}

impl ReadAhead {
    /// Starts reading `source` on a new thread.
    pub fn spawn(mut source: impl Read + Send + 'static) -> ReadAhead {
        let (to_reader, blocks) = mpsc::sync_channel(BLOCKS_AHEAD);
        std::thread::spawn(move || loop {
            let mut block = vec![0; BLOCK];
            match source.read(&mut block) {
                Ok(n) => {
                    block.truncate(n);
                    if n < BLOCK / 4 {
                        // Lines typed or written one at a time: do not hold
                        // 64 KiB for each.
                        block.shrink_to_fit();
                    }
                    if to_reader.send(Ok(block)).is_err() || n == 0 {
                        return;
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    let _ = to_reader.send(Err(e));
                    return;
                }
            }
        });
        ReadAhead {
            blocks,
            peeked: None,
            current: Vec::new(),
            pos: 0,
            ended: false,
        }
    }

    /// A reader of `bytes`, the whole input, already read: no thread.
    /// Reads never wait (what the fuzz targets feed `batch` with; built
    /// for them and the tests only).
    #[cfg(any(test, fuzzing))]
    pub fn from_bytes(bytes: Vec<u8>) -> ReadAhead {
        // The sender is dropped at once: past `bytes`, the input has ended.
        let (_, blocks) = mpsc::sync_channel(0);
        ReadAhead {
            blocks,
            peeked: None,
            current: bytes,
            pos: 0,
            ended: false,
        }
    }

    /// Whether the next read returns at once: bytes are waiting, or the
    /// input has ended or failed. False when it would wait for the source.
    pub fn waiting(&mut self) -> bool {
        if self.pos < self.current.len() || self.ended || self.peeked.is_some() {
            return true;
        }
        match self.blocks.try_recv() {
            Ok(block) => {
                self.peeked = Some(block);
                true
            }
            Err(TryRecvError::Empty) => false,
            Err(TryRecvError::Disconnected) => true,
        }
    }
}

impl Read for ReadAhead {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for ReadAhead {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        while self.pos == self.current.len() && !self.ended {
            let next = match self.peeked.take() {
                Some(block) => block,
                // The thread ended without an empty block: end of input.
                None => self.blocks.recv().unwrap_or_else(|_| Ok(Vec::new())),
            };
            match next {
                Ok(block) if block.is_empty() => self.ended = true,
                Ok(block) => {
                    self.current = block;
                    self.pos = 0;
                }
                Err(e) => {
                    self.ended = true;
                    return Err(e);
                }
            }
        }
        Ok(&self.current[self.pos..])
    }

    fn consume(&mut self, amt: usize) {
        self.pos = (self.pos + amt).min(self.current.len());
    }
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

    /// A source that hands over its parts one read at a time, each only
    /// once the test allows it.
    struct Gated(mpsc::Receiver<Vec<u8>>);

    impl Read for Gated {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let part = self.0.recv().unwrap_or_default();
            buf[..part.len()].copy_from_slice(&part);
            Ok(part.len())
        }
    }

    #[test]
    fn read_ahead_says_whether_input_is_waiting() {
        let (give, parts) = mpsc::channel();
        let mut r = ReadAhead::spawn(Gated(parts));
        assert!(!r.waiting(), "nothing given yet");
        give.send(b"ab\ncd\n".to_vec()).unwrap();
        let mut buf = Vec::new();
        assert_eq!(append_line(&mut r, 10, &mut buf).unwrap(), Appended::Text);
        assert!(r.waiting(), "the second line is buffered");
        assert_eq!(append_line(&mut r, 10, &mut buf).unwrap(), Appended::Text);
        // Nothing more until the source gives it: not waiting (the reading
        // thread may be slow to deliver, so only the absence is certain
        // before anything is given).
        assert!(!r.waiting());
        give.send(b"e".to_vec()).unwrap();
        give.send(Vec::new()).unwrap();
        assert_eq!(append_line(&mut r, 10, &mut buf).unwrap(), Appended::Text);
        assert!(r.waiting(), "the end of the input does not wait");
        assert_eq!(append_line(&mut r, 10, &mut buf).unwrap(), Appended::End);
        assert_eq!(buf, b"ab\ncd\ne");
    }

    #[test]
    fn read_ahead_passes_errors_after_the_bytes_before_them() {
        struct Fails(bool);
        impl Read for Fails {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                if std::mem::replace(&mut self.0, true) {
                    return Err(io::Error::other("gone"));
                }
                buf[..3].copy_from_slice(b"x\ny");
                Ok(3)
            }
        }
        let mut r = ReadAhead::spawn(Fails(false));
        assert_eq!(r.fill_buf().unwrap(), b"x\ny");
        r.consume(3);
        assert_eq!(r.fill_buf().unwrap_err().to_string(), "gone");
        assert!(r.waiting(), "a failed input does not wait");
    }

    #[test]
    fn read_ahead_of_bytes_reads_them_then_ends_without_waiting() {
        for input in [&b""[..], b"a\nb", b"a\nb\n"] {
            let mut r = ReadAhead::from_bytes(input.to_vec());
            let mut buf = Vec::new();
            let mut lines = 0;
            loop {
                assert!(r.waiting(), "bytes in hand never wait");
                match append_line(&mut r, 10, &mut buf).unwrap() {
                    Appended::End => break,
                    _ => lines += 1,
                }
            }
            assert_eq!(buf, input, "every byte, each line with its newline");
            assert_eq!(
                lines,
                input
                    .split(|&b| b == b'\n')
                    .filter(|l| !l.is_empty())
                    .count()
            );
        }
    }
}
