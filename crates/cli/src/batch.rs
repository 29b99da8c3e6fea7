//! `grundy batch`: one position per input line, one JSON line out per
//! input line, in order. The family is built once by the caller, so its
//! tables and caches serve every line.
//!
//! With several threads the work is a pipeline: the calling thread reads
//! a chunk of lines and writes the answers of the chunk before it, while a
//! second thread has the chunk in between answered on the rayon pool. Each
//! worker writes its answers' JSON straight into one buffer of its own, and
//! buffers and chunks are reused, so a line costs no allocation of its own
//! beyond the analysis.

use crate::error::CliError;
use crate::lines::{append_line, Appended, MAX_LINE};
use grundy_api::{Detail, Family, Play};
use rayon::prelude::*;
use std::io::{BufRead, Write};
use std::ops::Range;
use std::sync::{mpsc, Mutex};

/// Lines read and answered together, at most. Large enough to keep every
/// worker busy and amortise the hand-over between threads, small enough
/// that memory stays flat for endless input.
const CHUNK: usize = 16384;

/// Lines of the first chunk; each next chunk doubles up to [`CHUNK`], so
/// the first answers come out at once and the pipeline fills quickly.
const FIRST_CHUNK: usize = 256;

/// Bytes of input a chunk may hold: past it the chunk is answered with
/// fewer lines, so a run of long lines cannot pile up (4096 lines of 10 MB
/// would have been 40 GB).
const CHUNK_BYTES: usize = 64 << 20;

/// One input line of a chunk.
#[derive(Clone, Debug)]
enum Slot {
    /// Its bytes, at this range of the chunk's buffer.
    Text(Range<usize>),
    /// Longer than [`MAX_LINE`]: its length, its bytes not kept.
    TooLong(u64),
}

/// Consecutive input lines, their bytes back to back in one buffer.
#[derive(Debug, Default)]
struct Chunk {
    bytes: Vec<u8>,
    lines: Vec<Slot>,
    /// The 1-based number of its first line.
    first: usize,
}

impl Chunk {
    /// Empties the chunk and reads up to `lines` lines (or [`CHUNK_BYTES`]
    /// of them) into it, numbered from `first`. Returns whether the input
    /// has ended.
    fn refill(
        &mut self,
        input: &mut dyn BufRead,
        first: usize,
        lines: usize,
    ) -> std::io::Result<bool> {
        self.bytes.clear();
        self.lines.clear();
        self.first = first;
        while self.lines.len() < lines && self.bytes.len() < CHUNK_BYTES {
            let start = self.bytes.len();
            match append_line(input, MAX_LINE, &mut self.bytes)? {
                Appended::End => return Ok(true),
                Appended::Text => self.lines.push(Slot::Text(start..self.bytes.len())),
                Appended::TooLong(n) => self.lines.push(Slot::TooLong(n)),
            }
        }
        Ok(false)
    }
}

/// The answers to a run of consecutive lines: their JSON lines, and the
/// exit status they call for (0, or the most serious line error's).
#[derive(Debug, Default)]
struct Piece {
    out: Vec<u8>,
    status: i32,
}

impl Piece {
    /// Counts one line's status: internal failures (1) outrank bad input
    /// (2), which outranks success (0).
    fn count(&mut self, status: i32) {
        if status != 0 {
            self.status = if self.status == 0 {
                status
            } else {
                self.status.min(status)
            };
        }
    }
}

/// Output buffers handed back after writing, for the next chunk's pieces.
#[derive(Default)]
struct Buffers(Mutex<Vec<Vec<u8>>>);

impl Buffers {
    fn take(&self) -> Piece {
        let out = self
            .0
            .lock()
            .ok()
            .and_then(|mut v| v.pop())
            .unwrap_or_default();
        Piece { out, status: 0 }
    }

    fn give_back(&self, mut out: Vec<u8>) {
        out.clear();
        if let Ok(mut v) = self.0.lock() {
            v.push(out);
        }
    }
}

/// What every line is answered with.
#[derive(Clone, Copy)]
struct Job<'a> {
    family: &'a dyn Family,
    play: Play,
    detail: Detail,
}

impl Job<'_> {
    /// The answers to every line of `chunk`, in order: on the rayon pool
    /// with `parallel` (split where a worker is idle, so slow lines spread
    /// out and fast ones share a buffer), else on this thread.
    fn answer(&self, chunk: &Chunk, buffers: &Buffers, parallel: bool) -> Vec<Piece> {
        let one = |mut piece: Piece, (i, slot): (usize, &Slot)| {
            let status = self.answer_line(chunk, chunk.first + i, slot, &mut piece.out);
            piece.count(status);
            piece
        };
        if parallel {
            chunk
                .lines
                .par_iter()
                .enumerate()
                .fold(|| buffers.take(), one)
                .collect()
        } else {
            vec![chunk.lines.iter().enumerate().fold(buffers.take(), one)]
        }
    }

    /// Writes the JSON line for input line number `line_no` (1-based) onto
    /// `out`; returns its exit status (0 answered, 2 bad input or a limit,
    /// 1 an internal failure).
    fn answer_line(&self, chunk: &Chunk, line_no: usize, slot: &Slot, out: &mut Vec<u8>) -> i32 {
        let status = match slot {
            Slot::Text(range) => match std::str::from_utf8(&chunk.bytes[range.clone()]) {
                Ok(text) => self.analyze_line(line_no, text, out),
                Err(_) => error_line(out, line_no, "line is not valid UTF-8", 2),
            },
            Slot::TooLong(len) => error_line(
                out,
                line_no,
                &format!(
                    "line is {len} bytes long; at most {MAX_LINE} are read (no position is that long)"
                ),
                2,
            ),
        };
        out.push(b'\n');
        status
    }

    fn analyze_line(&self, line_no: usize, text: &str, out: &mut Vec<u8>) -> i32 {
        let words: Vec<&str> = text.split_whitespace().collect();
        match self.family.analyze_with(&words, self.play, self.detail) {
            Ok(a) => {
                let start = out.len();
                match crate::json_line::write_analysis(out, &a) {
                    Ok(()) => 0,
                    Err(e) => {
                        out.truncate(start);
                        error_line(
                            out,
                            line_no,
                            &format!("internal error: cannot serialise the answer: {e}"),
                            1,
                        )
                    }
                }
            }
            Err(e) => error_line(out, line_no, &e.to_string(), e.exit_code()),
        }
    }
}

/// Writes the error document of line `line_no` onto `out`; returns `code`.
fn error_line(out: &mut Vec<u8>, line_no: usize, msg: &str, code: i32) -> i32 {
    let msg = grundy_api::messages::clip_quotes(msg);
    let doc = serde_json::json!({ "line": line_no, "error": msg });
    // A JSON value of a number and a string always serialises.
    let _ = serde_json::to_writer(&mut *out, &doc);
    code
}

/// Answers every line of `input` on `out`, each analysis working out as
/// much of the move list as `detail` asks. Returns the exit status: 0 when
/// every line was answered, otherwise the most serious line error's status
/// (2 for bad input and limits, 1 for internal failures). With `parallel`
/// the lines are answered on the rayon pool while this thread reads the
/// next chunk and writes the last one's answers, still in input order.
pub fn run(
    family: &dyn Family,
    play: Play,
    detail: Detail,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    parallel: bool,
) -> Result<i32, CliError> {
    let job = Job {
        family,
        play,
        detail,
    };
    let buffers = Buffers::default();
    let mut status = Piece::default();
    // Writes a chunk's answers and hands their buffers back.
    let mut write = |pieces: Vec<Piece>| -> std::io::Result<()> {
        for piece in pieces {
            out.write_all(&piece.out)?;
            status.count(piece.status);
            buffers.give_back(piece.out);
        }
        Ok(())
    };
    if !parallel {
        let mut chunk = Chunk::default();
        let mut next = 1;
        loop {
            let eof = chunk.refill(input, next, CHUNK)?;
            next += chunk.lines.len();
            write(job.answer(&chunk, &buffers, false))?;
            if eof {
                break;
            }
        }
    } else {
        std::thread::scope(|scope| -> Result<(), CliError> {
            let (to_work, work) = mpsc::sync_channel::<Chunk>(1);
            let (to_done, done) = mpsc::sync_channel::<(Chunk, Vec<Piece>)>(1);
            let buffers = &buffers;
            scope.spawn(move || {
                for chunk in work {
                    let pieces = job.answer(&chunk, buffers, true);
                    if to_done.send((chunk, pieces)).is_err() {
                        break;
                    }
                }
            });
            // Returning drops both channel ends, which ends the worker.
            let mut spare: Vec<Chunk> = Vec::new();
            let mut in_flight = 0;
            let mut next = 1;
            let mut size = FIRST_CHUNK;
            let lost = || {
                CliError::from(grundy_api::GameError::Internal(
                    "batch worker stopped".into(),
                ))
            };
            loop {
                let mut chunk = spare.pop().unwrap_or_default();
                let eof = chunk.refill(input, next, size)?;
                next += chunk.lines.len();
                size = (2 * size).min(CHUNK);
                to_work.send(chunk).map_err(|_| lost())?;
                in_flight += 1;
                // Two chunks in flight: one answered while this thread
                // writes the other's answers and then reads a third.
                while in_flight == 2 || (eof && in_flight > 0) {
                    let (chunk, pieces) = done.recv().map_err(|_| lost())?;
                    in_flight -= 1;
                    write(pieces)?;
                    spare.push(chunk);
                }
                if eof {
                    return Ok(());
                }
            }
        })?;
    }
    out.flush()?;
    Ok(status.status)
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_api::{Analysis, GameError, Outcome};

    /// A family that answers a line of one word `ok`, reports bad input for
    /// anything else and an internal error for `bug`.
    struct Echo;

    impl Family for Echo {
        fn name(&self) -> String {
            "echo".into()
        }
        fn analyze_with(
            &self,
            args: &[&str],
            play: Play,
            _detail: grundy_api::Detail,
        ) -> Result<Analysis, GameError> {
            match args {
                ["ok"] => Ok(Analysis {
                    game: "echo".into(),
                    position: "ok".into(),
                    play,
                    outcome: Outcome::P,
                    value: Some(0),
                    winning_move_count: Some(0),
                    winning_moves: vec![],
                    components: vec![],
                    method: "test".into(),
                    notes: vec![],
                    table: None,
                }),
                ["bug"] => Err(GameError::Internal("bug".into())),
                _ => Err(GameError::Input(format!("bad position {args:?}"))),
            }
        }
        fn moves(&self, _args: &[&str]) -> Result<Vec<grundy_api::MoveReport>, GameError> {
            Ok(vec![])
        }
    }

    fn batch(input: &[u8], parallel: bool) -> (i32, Vec<serde_json::Value>) {
        let mut out = Vec::new();
        let code = run(
            &Echo,
            Play::Normal,
            Detail::AllMoves,
            &mut &input[..],
            &mut out,
            parallel,
        )
        .unwrap();
        let lines = String::from_utf8(out).unwrap();
        (
            code,
            lines
                .lines()
                .map(|l| serde_json::from_str(l).unwrap())
                .collect(),
        )
    }

    #[test]
    fn every_line_answered_in_order() {
        for parallel in [false, true] {
            let (code, lines) = batch(b"ok\nnope\n ok \n\xff\nok", parallel);
            assert_eq!(code, 2);
            assert_eq!(lines.len(), 5);
            assert_eq!(lines[0]["outcome"], "P");
            assert_eq!(lines[1]["line"], 2);
            assert!(lines[1]["error"].as_str().unwrap().contains("bad position"));
            assert_eq!(lines[2]["position"], "ok");
            assert_eq!(lines[3]["line"], 4);
            assert_eq!(lines[4]["game"], "echo");
        }
    }

    #[test]
    fn all_good_is_zero_and_internal_outranks_input() {
        assert_eq!(batch(b"ok\nok\n", false).0, 0);
        assert_eq!(batch(b"", false).0, 0);
        assert_eq!(batch(b"nope\nbug\nnope\n", false).0, 1);
    }

    #[test]
    fn many_chunks_keep_order() {
        let mut input = Vec::new();
        for i in 0..(2 * CHUNK + 7) {
            input.extend_from_slice(if i % 3 == 0 { b"x\n" } else { b"ok\n" });
        }
        let (code, lines) = batch(&input, true);
        assert_eq!(code, 2);
        assert_eq!(lines.len(), 2 * CHUNK + 7);
        for (i, l) in lines.iter().enumerate() {
            if i % 3 == 0 {
                assert_eq!(l["line"], i + 1);
            } else {
                assert_eq!(l["outcome"], "P");
            }
        }
    }
}
