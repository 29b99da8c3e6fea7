//! `grundy batch`: one position per input line, one JSON line out per
//! input line, in order. The family is built once by the caller, so its
//! tables and caches serve every line. A front end opens the input (as a
//! [`ReadAhead`]) and the output, and calls [`run`] or [`run_ranks`].
//!
//! With several threads the work is a pipeline: the calling thread reads
//! a chunk of lines and writes the answers of the chunk before it, while a
//! second thread has the chunk in between answered on the rayon pool. Each
//! worker writes its answers' JSON straight into one buffer of its own, and
//! buffers and chunks are reused: the input and output bytes of a line are
//! not allocated per line (its words and its analysis are).
//!
//! A chunk ends early when the next line has not arrived yet: the lines
//! read are answered and their answers written and flushed before the
//! read that waits, so a program that writes a position and waits for its
//! answer gets it (stdin is read ahead on a thread, [`ReadAhead`], which
//! tells whether input is waiting). Input that is already there fills
//! whole chunks, as before.
//!
//! Memory: a chunk holds at most [`CHUNK`] lines, [`CHUNK_BYTES`] of input
//! (plus one line) and, by the answer sizes seen so far, about
//! [`OUTPUT_BYTES`] of answers; at most two chunks are in flight. Under a
//! memory budget (`--max-memory`) a chunk reads at most an eighth of it
//! and a line longer than a 32nd is refused by its length, unread
//! ([`Bounds`]); with several threads, a line stopped by the memory limit
//! beside others is asked again alone once its chunk is answered, so that
//! one heavy line does not make its neighbours fail, nor they it.

use crate::lines::{append_line, Appended, ReadAhead, MAX_LINE};
use crate::{Detail, Family, GameError, Play, SearchError};
use rayon::prelude::*;
use std::fmt;
use std::io::{self, Write};
use std::ops::Range;
use std::sync::{mpsc, Mutex};

/// What stops a batch before its input ends. A line's own failure (bad
/// input, a limit hit, an internal error) is none: it is answered with
/// an error line and counted in the exit status [`run`] returns.
#[derive(Debug)]
pub enum BatchError {
    /// Reading the input failed (e.g. stdin is a directory), after the
    /// lines read before it were answered and written: the input is at
    /// fault.
    Read(io::Error),
    /// Writing the answers failed (a closed pipe, a full disk): neither
    /// the input's fault nor a bug.
    Write(io::Error),
    /// The run itself failed (a worker thread stopped, a rank lost, a
    /// chunk message damaged): a bug.
    Internal(String),
}

impl fmt::Display for BatchError {
    /// One line, in the command line's words.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BatchError::Read(e) => write!(f, "cannot read input: {e}"),
            BatchError::Write(e) => write!(f, "cannot write output: {e}"),
            BatchError::Internal(m) => write!(f, "{}", GameError::Internal(m.clone())),
        }
    }
}

impl std::error::Error for BatchError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BatchError::Read(e) | BatchError::Write(e) => Some(e),
            BatchError::Internal(_) => None,
        }
    }
}

/// Lines read and answered together, at most. Large enough to keep every
/// worker busy and amortise the hand-over between threads.
const CHUNK: usize = 16384;

/// Lines of the first chunk; each next chunk doubles up to [`CHUNK`], so
/// the pipeline fills quickly and answer sizes are known early. Small,
/// because nothing is known of the answers' sizes before the first chunk
/// is answered and two chunks are read by then: at 64 lines, 100 lines of
/// 10,000 Kayles pins (answers of tens of MB each) aborted under a 2 GB
/// cap before writing anything.
const FIRST_CHUNK: usize = 4;

/// Bytes of input a chunk may hold: past it the chunk is answered with
/// fewer lines (the line that crosses it included), so a run of long lines
/// cannot pile up (16384 lines of 10 MB would be 160 GB).
const CHUNK_BYTES: usize = 64 << 20;

/// Bytes of answers a chunk should hold: the next chunk reads no more
/// lines than this over the answer size per line of the last answered
/// chunk (nim positions of 200 heaps answer 165 KB a line: 16384 of them
/// would hold 2.7 GB).
const OUTPUT_BYTES: usize = 32 << 20;

/// The number of lines of each next chunk: doubling from [`FIRST_CHUNK`]
/// to [`CHUNK`], and kept near [`OUTPUT_BYTES`] of answers by the answer
/// size per line last seen.
#[derive(Debug)]
struct Sizer {
    doubling: usize,
    answer_bytes_per_line: usize,
}

impl Sizer {
    fn new() -> Sizer {
        Sizer {
            doubling: FIRST_CHUNK,
            answer_bytes_per_line: 1,
        }
    }

    /// The lines the next chunk reads.
    fn next(&mut self) -> usize {
        let n = self.doubling;
        self.doubling = (2 * n).min(CHUNK);
        n.min(OUTPUT_BYTES / self.answer_bytes_per_line).max(1)
    }

    /// Counts a chunk of `lines` lines whose answers took `bytes`.
    fn answered(&mut self, lines: usize, bytes: usize) {
        if lines > 0 {
            self.answer_bytes_per_line = bytes.div_ceil(lines).max(1);
        }
    }
}

/// What a chunk may hold: the longest line kept and the bytes of input
/// read, [`MAX_LINE`] and [`CHUNK_BYTES`] or less under a small memory
/// budget (a 32nd and an eighth of it: an 8 MB line under `--max-memory
/// 10M` was held, copied and split into words, 150 MB resident, and the
/// lines beside it failed).
#[derive(Clone, Copy, Debug)]
struct Bounds {
    line: usize,
    bytes: usize,
}

impl Bounds {
    fn of(max_memory: u64) -> Bounds {
        let share = |d: u64| usize::try_from(max_memory / d).unwrap_or(usize::MAX);
        Bounds {
            line: MAX_LINE.min(share(32)),
            bytes: CHUNK_BYTES.min(share(8)),
        }
    }
}

/// One input line of a chunk.
#[derive(Clone, Debug)]
enum Slot {
    /// Its bytes, at this range of the chunk's buffer.
    Text(Range<usize>),
    /// Longer than [`Bounds::line`]: its length, its bytes not kept.
    TooLong(u64),
}

/// How reading a chunk ended.
#[derive(Debug, Default)]
struct Refill {
    /// The input has ended.
    eof: bool,
    /// The read error that ended it, if one did.
    error: Option<io::Error>,
    /// The next line has not arrived (the chunk stopped for it, or is
    /// full): its answers, and those of every chunk before it, are
    /// written and flushed before reading on.
    starved: bool,
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
    /// Empties the chunk and reads up to `lines` lines into it (fewer once
    /// it holds `bounds.bytes`, or when the next line has not arrived and
    /// the chunk has one), numbered from `first`. The lines read before a
    /// read error stay in the chunk, to be answered.
    fn refill(
        &mut self,
        input: &mut ReadAhead,
        first: usize,
        lines: usize,
        bounds: Bounds,
    ) -> Refill {
        self.bytes.clear();
        self.lines.clear();
        self.first = first;
        while self.lines.len() < lines && self.bytes.len() < bounds.bytes {
            if !self.lines.is_empty() && !input.waiting() {
                return Refill {
                    starved: true,
                    ..Refill::default()
                };
            }
            let start = self.bytes.len();
            match append_line(input, bounds.line, &mut self.bytes) {
                Ok(Appended::End) => {
                    return Refill {
                        eof: true,
                        ..Refill::default()
                    }
                }
                Ok(Appended::Text) => self.lines.push(Slot::Text(start..self.bytes.len())),
                Ok(Appended::TooLong(n)) => self.lines.push(Slot::TooLong(n)),
                Err(e) => {
                    return Refill {
                        eof: true,
                        error: Some(e),
                        starved: false,
                    }
                }
            }
        }
        // Full: answered before the next read when that read would wait.
        Refill {
            starved: !input.waiting(),
            ..Refill::default()
        }
    }
}

/// The answers to a run of consecutive lines: their JSON lines, and the
/// exit status they call for (0, or the most serious line error's).
#[derive(Debug, Default)]
struct Piece {
    out: Vec<u8>,
    status: i32,
    /// Lines stopped by the memory limit, to ask again alone: each one's
    /// index in the chunk and its error's bytes in `out` (their status
    /// is not yet in `status`).
    again: Vec<(usize, Range<usize>)>,
}

/// The more serious of two exit statuses: internal failures (1) outrank
/// bad input (2), which outranks success (0).
fn worse(a: i32, b: i32) -> i32 {
    match (a, b) {
        (0, s) | (s, 0) => s,
        (a, b) => a.min(b),
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
        Piece {
            out,
            ..Piece::default()
        }
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
    family: &'a Family,
    play: Play,
    detail: Detail,
}

impl Job<'_> {
    fn bounds(&self) -> Bounds {
        Bounds::of(self.family.limits().max_memory)
    }

    /// The answers to every line of `chunk`, in order: on the rayon pool
    /// with `parallel` (split where a worker is idle, so slow lines spread
    /// out and fast ones share a buffer), else on this thread.
    fn answer(&self, chunk: &Chunk, buffers: &Buffers, parallel: bool) -> Vec<Piece> {
        self.answer_range(chunk, 0..chunk.lines.len(), buffers, parallel)
    }

    /// [`Job::answer`] of the lines `range` of `chunk` only.
    fn answer_range(
        &self,
        chunk: &Chunk,
        range: Range<usize>,
        buffers: &Buffers,
        parallel: bool,
    ) -> Vec<Piece> {
        // One line at a time, no line holds memory beside another: asked
        // again, a line would only hold the allocator's pages twice
        // (`batch octal --code 0.07 --max-memory 64M --threads 1`, a line
        // of 10^6 heaps: 85 MB resident instead of 70).
        let alone = range.len() == 1 || !parallel;
        let one = |mut piece: Piece, (i, slot): (usize, &Slot)| {
            let at = piece.out.len();
            match self.answer_line(chunk, chunk.first + i, slot, &mut piece.out) {
                MEMORY if !alone => piece.again.push((i, at..piece.out.len())),
                MEMORY => piece.status = worse(piece.status, 2),
                status => piece.status = worse(piece.status, status),
            }
            piece
        };
        let start = range.start;
        let lines = &chunk.lines[range];
        let mut pieces: Vec<Piece> = if parallel {
            lines
                .par_iter()
                .enumerate()
                .map(|(i, slot)| (start + i, slot))
                .fold(|| buffers.take(), one)
                .collect()
        } else {
            vec![lines
                .iter()
                .enumerate()
                .map(|(i, slot)| (start + i, slot))
                .fold(buffers.take(), one)]
        };
        // The lines the memory limit stopped, one at a time, the others'
        // analyses gone: each answer (or error) takes its error's place.
        for piece in &mut pieces {
            for (i, at) in std::mem::take(&mut piece.again).into_iter().rev() {
                let mut out = Vec::new();
                let status = self.answer_line(chunk, chunk.first + i, &chunk.lines[i], &mut out);
                let status = if status == MEMORY { 2 } else { status };
                piece.status = worse(piece.status, status);
                piece.out.splice(at, out);
            }
        }
        pieces
    }

    /// Writes the JSON line for input line number `line_no` (1-based) onto
    /// `out`; returns its exit status (0 answered, 2 bad input or a limit,
    /// 1 an internal failure; [`MEMORY`] for the memory limit).
    fn answer_line(&self, chunk: &Chunk, line_no: usize, slot: &Slot, out: &mut Vec<u8>) -> i32 {
        let status = match slot {
            Slot::Text(range) => match std::str::from_utf8(&chunk.bytes[range.clone()]) {
                Ok(text) => self.analyze_line(line_no, text, out),
                Err(_) => error_line(out, line_no, "line is not valid UTF-8", 2),
            },
            Slot::TooLong(len) => {
                let cap = self.bounds().line;
                let why = if cap < MAX_LINE {
                    "a 32nd of the memory budget; raise it with --max-memory"
                } else {
                    "no position is that long"
                };
                let msg = format!("line is {len} bytes long; at most {cap} are read ({why})");
                error_line(out, line_no, &msg, 2)
            }
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
            Err(e @ GameError::Search(SearchError::MemoryLimit(_))) => {
                error_line(out, line_no, &e.to_string(), MEMORY)
            }
            Err(e) => error_line(out, line_no, &e.to_string(), e.exit_code()),
        }
    }
}

/// [`Job::answer_line`]'s status for a line the memory limit stopped
/// (exit status 2, once asked again alone).
const MEMORY: i32 = -2;

/// Writes the error document of line `line_no` onto `out`; returns `code`.
fn error_line(out: &mut Vec<u8>, line_no: usize, msg: &str, code: i32) -> i32 {
    let msg = crate::messages::clip_quotes(msg);
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
/// Before a read that would wait for input, every line read so far is
/// answered and its answer flushed.
pub fn run(
    family: &Family,
    play: Play,
    detail: Detail,
    input: &mut ReadAhead,
    out: &mut dyn Write,
    parallel: bool,
) -> Result<i32, BatchError> {
    let job = Job {
        family,
        play,
        detail,
    };
    let buffers = Buffers::default();
    let mut status = 0;
    let mut sizer = Sizer::new();
    // Writes a chunk's answers and hands their buffers back (with `None`,
    // flushes what was written); returns their size in bytes.
    let mut write = |pieces: Option<Vec<Piece>>| -> io::Result<usize> {
        let Some(pieces) = pieces else {
            out.flush()?;
            return Ok(0);
        };
        let mut bytes = 0;
        for piece in pieces {
            out.write_all(&piece.out)?;
            bytes += piece.out.len();
            status = worse(status, piece.status);
            buffers.give_back(piece.out);
        }
        Ok(bytes)
    };
    // The read error that ended the input, reported once every line read
    // before it is answered.
    let mut read_error = None;
    if !parallel {
        let mut chunk = Chunk::default();
        let mut next = 1;
        loop {
            let got = chunk.refill(input, next, sizer.next(), job.bounds());
            next += chunk.lines.len();
            let bytes =
                write(Some(job.answer(&chunk, &buffers, false))).map_err(BatchError::Write)?;
            sizer.answered(chunk.lines.len(), bytes);
            if got.eof {
                read_error = got.error;
                break;
            }
            if got.starved {
                write(None).map_err(BatchError::Write)?;
            }
        }
    } else {
        std::thread::scope(|scope| -> Result<(), BatchError> {
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
            let lost = || BatchError::Internal("batch worker stopped".into());
            loop {
                let mut chunk = spare.pop().unwrap_or_default();
                let size = sizer.next();
                let got = chunk.refill(input, next, size, job.bounds());
                next += chunk.lines.len();
                to_work.send(chunk).map_err(|_| lost())?;
                in_flight += 1;
                // Two chunks in flight: one answered while this thread
                // writes the other's answers and then reads a third. At
                // the end of the input, or before a read that would wait,
                // every chunk's answers are written.
                while in_flight == 2 || ((got.eof || got.starved) && in_flight > 0) {
                    let (chunk, pieces) = done.recv().map_err(|_| lost())?;
                    in_flight -= 1;
                    let bytes = write(Some(pieces)).map_err(BatchError::Write)?;
                    sizer.answered(chunk.lines.len(), bytes);
                    spare.push(chunk);
                }
                if got.eof {
                    read_error = got.error;
                    return Ok(());
                }
                if got.starved {
                    write(None).map_err(BatchError::Write)?;
                }
            }
        })?;
    }
    out.flush().map_err(BatchError::Write)?;
    match read_error {
        Some(e) => Err(BatchError::Read(e)),
        None => Ok(status),
    }
}

/// The bytes of a chunk sent from rank 0 to the others, in the ranks'
/// message form ([`grundy_engine::ranks::put_u64`], `put_bytes`):
/// whether the input ended, the first line's number, the line count, then
/// each line (tag 0 and its bytes; or tag 1 and the length of a line too
/// long to keep).
fn encode_chunk(chunk: &Chunk, eof: bool) -> Vec<u8> {
    use grundy_engine::ranks::{put_bytes, put_u64};
    let mut m = Vec::with_capacity(chunk.bytes.len() + 17 + 9 * chunk.lines.len());
    m.push(u8::from(eof));
    put_u64(&mut m, chunk.first as u64);
    put_u64(&mut m, chunk.lines.len() as u64);
    for slot in &chunk.lines {
        match slot {
            Slot::Text(r) => {
                m.push(0);
                put_bytes(&mut m, &chunk.bytes[r.clone()]);
            }
            Slot::TooLong(len) => {
                m.push(1);
                put_u64(&mut m, *len);
            }
        }
    }
    m
}

/// Reads [`encode_chunk`]'s bytes into `chunk`; returns whether the input
/// ended. Errors: a message cut short (a bug).
fn decode_chunk(m: &[u8], chunk: &mut Chunk) -> Result<bool, grundy_engine::ranks::RanksError> {
    let mut r = grundy_engine::ranks::Reader::new(m);
    let eof = r.u8()? == 1;
    let first = r.u64()? as usize;
    let count = r.u64()? as usize;
    chunk.bytes.clear();
    chunk.lines.clear();
    chunk.first = first;
    for _ in 0..count.min(CHUNK) {
        if r.u8()? == 1 {
            chunk.lines.push(Slot::TooLong(r.u64()?));
        } else {
            let start = chunk.bytes.len();
            chunk.bytes.extend_from_slice(r.bytes()?);
            chunk.lines.push(Slot::Text(start..chunk.bytes.len()));
        }
    }
    Ok(eof)
}

/// [`run`] across `ranks` (every rank calls it, each with its own family
/// built from the same command line): rank 0 reads each chunk of lines
/// from `input` and sends it to every rank; each rank answers its share
/// of the chunk's lines (contiguous, on its rayon pool with `parallel`);
/// rank 0 gathers the answers and writes them in input order, flushed
/// each chunk. The other ranks read nothing, write nothing and return 0.
pub fn run_ranks(
    family: &Family,
    play: Play,
    detail: Detail,
    input: &mut ReadAhead,
    out: &mut dyn Write,
    parallel: bool,
    ranks: &dyn grundy_engine::ranks::Ranks,
) -> Result<i32, BatchError> {
    use grundy_engine::ranks::share;
    let job = Job {
        family,
        play,
        detail,
    };
    let lost = |e: grundy_engine::ranks::RanksError| BatchError::Internal(e.to_string());
    let buffers = Buffers::default();
    let (rank, size) = (ranks.rank(), ranks.size());
    let mut status = 0;
    let mut sizer = Sizer::new();
    let mut chunk = Chunk::default();
    let mut next = 1;
    let mut read_error = None;
    // A failed write on rank 0 ends the run: the next message tells the
    // other ranks the input has ended, so none waits.
    let mut write_error: Option<io::Error> = None;
    loop {
        let message = if !ranks.is_root() {
            Vec::new()
        } else if write_error.is_some() {
            chunk.lines.clear();
            chunk.bytes.clear();
            encode_chunk(&chunk, true)
        } else {
            let got = chunk.refill(input, next, sizer.next(), job.bounds());
            next += chunk.lines.len();
            read_error = got.error;
            encode_chunk(&chunk, got.eof)
        };
        let message = ranks.broadcast_root(&message).map_err(lost)?;
        let eof = if ranks.is_root() {
            message.first() == Some(&1)
        } else {
            decode_chunk(&message, &mut chunk).map_err(lost)?
        };
        let mine = share(rank, chunk.lines.len(), size);
        let mut answers = Vec::new();
        let mut mine_status = 0;
        for piece in job.answer_range(&chunk, mine, &buffers, parallel) {
            answers.extend_from_slice(&piece.out);
            mine_status = worse(mine_status, piece.status);
            buffers.give_back(piece.out);
        }
        answers.extend_from_slice(&mine_status.to_le_bytes());
        let all = ranks.all_gather(&answers).map_err(lost)?;
        if ranks.is_root() && write_error.is_none() {
            let mut bytes = 0;
            let written = (|| -> io::Result<()> {
                for part in &all {
                    let (text, code) = part.split_at(part.len().saturating_sub(4));
                    out.write_all(text)?;
                    bytes += text.len();
                    let code = i32::from_le_bytes(code.try_into().unwrap_or([0; 4]));
                    status = worse(status, code);
                }
                out.flush()
            })();
            write_error = written.err();
            sizer.answered(chunk.lines.len(), bytes);
        }
        if eof {
            break;
        }
    }
    if let Some(e) = write_error {
        return Err(BatchError::Write(e));
    }
    match read_error {
        Some(e) => Err(BatchError::Read(e)),
        None => Ok(status),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Analysis, Outcome};

    /// A family that answers a line of one word `ok`, reports bad input for
    /// anything else and an internal error for `bug`.
    struct Echo;

    impl crate::Analyze for Echo {
        fn analyze_with(
            &self,
            args: &[&str],
            play: Play,
            _detail: Detail,
        ) -> Result<Analysis, GameError> {
            match args {
                ["ok"] => Ok(Analysis {
                    value: Some(0),
                    ..Analysis::outcome_only("echo", "ok", play, Outcome::P, "test")
                }),
                ["bug"] => Err(GameError::Internal("bug".into())),
                _ => Err(GameError::Input(format!("bad position {args:?}"))),
            }
        }
        fn moves(&self, _args: &[&str]) -> Result<Vec<crate::MoveReport>, GameError> {
            Ok(vec![])
        }
    }

    fn echo() -> Family {
        Family::new("echo", &crate::Limits::default(), std::sync::Arc::new(Echo))
    }

    fn batch(input: &[u8], parallel: bool) -> (i32, Vec<serde_json::Value>) {
        batch_of(&echo(), input, parallel)
    }

    fn batch_of(family: &Family, input: &[u8], parallel: bool) -> (i32, Vec<serde_json::Value>) {
        let mut out = Vec::new();
        let code = run(
            family,
            Play::Normal,
            Detail::AllMoves,
            &mut ReadAhead::spawn(std::io::Cursor::new(input.to_vec())),
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

    /// [`Echo`], but `heavy` fails with the memory limit the first time
    /// it is asked (as when the lines beside it held the memory).
    struct OnceHeavy(std::sync::atomic::AtomicBool);

    impl crate::Analyze for OnceHeavy {
        fn analyze_with(
            &self,
            args: &[&str],
            play: Play,
            d: Detail,
        ) -> Result<Analysis, GameError> {
            use std::sync::atomic::Ordering::SeqCst;
            match args {
                ["heavy"] if !self.0.swap(true, SeqCst) => {
                    Err(SearchError::MemoryLimit(1 << 20).into())
                }
                ["heavy"] => Echo.analyze_with(&["ok"], play, d),
                _ => Echo.analyze_with(args, play, d),
            }
        }
        fn moves(&self, _args: &[&str]) -> Result<Vec<crate::MoveReport>, GameError> {
            Ok(vec![])
        }
    }

    #[test]
    fn a_line_stopped_by_the_memory_limit_is_asked_again_alone() {
        let heavy = || {
            let once = OnceHeavy(std::sync::atomic::AtomicBool::new(false));
            Family::new(
                "heavy",
                &crate::Limits::default(),
                std::sync::Arc::new(once),
            )
        };
        for parallel in [false, true] {
            let (code, lines) = batch_of(&heavy(), b"ok\nheavy\nok\n", parallel);
            assert_eq!(lines.len(), 3);
            if !parallel {
                // One line at a time: nothing held beside it, not asked again.
                assert_eq!(code, 2);
                assert!(lines[1]["error"]
                    .as_str()
                    .unwrap()
                    .contains("memory limit hit"));
                continue;
            }
            assert_eq!(code, 0, "{lines:?}");
            assert!(lines.iter().all(|l| l["outcome"] == "P"), "{lines:?}");
            // Alone in its chunk already: its error stands.
            let (code, lines) = batch_of(&heavy(), b"heavy\n", parallel);
            assert_eq!(code, 2);
            assert!(lines[0]["error"]
                .as_str()
                .unwrap()
                .contains("memory limit hit"));
        }
    }

    #[test]
    fn a_line_past_a_32nd_of_the_memory_budget_is_refused_by_its_length() {
        assert_eq!(Bounds::of(10 << 20).line, 327_680);
        assert_eq!(Bounds::of(10 << 20).bytes, 1_310_720);
        assert_eq!(Bounds::of(u64::MAX).line, MAX_LINE);
        let limits = crate::Limits {
            max_memory: 1 << 20,
            ..crate::Limits::default()
        };
        let family = Family::new("echo", &limits, std::sync::Arc::new(Echo));
        let mut input = b"ok\n".to_vec();
        input.extend(b"ok ".repeat(20_000));
        input.extend(b"\nok\n");
        let (code, lines) = batch_of(&family, &input, false);
        assert_eq!(code, 2);
        assert_eq!(lines.len(), 3);
        assert_eq!(
            (&lines[0]["outcome"], &lines[2]["outcome"]),
            (&"P".into(), &"P".into())
        );
        assert_eq!(
            lines[1]["error"],
            "line is 60000 bytes long; at most 32768 are read (a 32nd of the memory budget; raise it with --max-memory)"
        );
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
        for parallel in [false, true] {
            assert_eq!(batch(b"nope\nbug\nnope\n", parallel).0, 1);
            assert_eq!(batch(b"ok\nnope\n", parallel).0, 2);
        }
    }

    /// Input that fails part way: the lines read before the failure are
    /// answered and written, then the failure is reported.
    #[test]
    fn lines_before_a_read_error_are_answered() {
        struct Failing(Vec<u8>);
        impl std::io::Read for Failing {
            fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
                if self.0.is_empty() {
                    return Err(std::io::Error::other("connection reset"));
                }
                let n = buf.len().min(self.0.len()).min(1000);
                buf[..n].copy_from_slice(&self.0[..n]);
                self.0.drain(..n);
                Ok(n)
            }
        }
        for parallel in [false, true] {
            let lines = 3 * CHUNK + 5;
            let mut input = ReadAhead::spawn(Failing(b"ok\n".repeat(lines)));
            let mut out = Vec::new();
            let e = run(
                &echo(),
                Play::Normal,
                Detail::AllMoves,
                &mut input,
                &mut out,
                parallel,
            )
            .unwrap_err();
            assert!(matches!(e, BatchError::Read(_)), "{e}");
            assert!(
                e.to_string()
                    .contains("cannot read input: connection reset"),
                "{e}"
            );
            assert_eq!(String::from_utf8(out).unwrap().lines().count(), lines);
        }
    }

    /// Output that cannot be written stops the run with a write error,
    /// told apart from a read error, on one thread and on several.
    #[test]
    fn a_failed_write_is_a_write_error() {
        struct Full;
        impl Write for Full {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::Error::other("disk full"))
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        for parallel in [false, true] {
            let e = run(
                &echo(),
                Play::Normal,
                Detail::AllMoves,
                &mut ReadAhead::spawn(std::io::Cursor::new(b"ok\nok\n".to_vec())),
                &mut Full,
                parallel,
            )
            .unwrap_err();
            assert!(matches!(e, BatchError::Write(_)), "{e}");
            assert_eq!(e.to_string(), "cannot write output: disk full");
        }
        assert_eq!(
            BatchError::Internal("batch worker stopped".into()).to_string(),
            "internal error: batch worker stopped"
        );
    }

    /// A chunk filled exactly by the lines waiting, the next line not yet
    /// sent, is starved, so its answers are flushed before the read that
    /// waits. Found by a hostile-input round: 4 lines written at once (the
    /// first chunk's size), or any line after an answer of over 16 MiB
    /// (chunks of one line), got no answer until the input ended.
    #[test]
    fn a_full_chunk_before_a_wait_is_starved() {
        struct Held(Option<Vec<u8>>, mpsc::Receiver<()>);
        impl std::io::Read for Held {
            fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
                match self.0.take() {
                    Some(b) => {
                        buf[..b.len()].copy_from_slice(&b);
                        Ok(b.len())
                    }
                    // Waits until the test ends (the sender dropped).
                    None => Ok(self.1.recv().map(|()| 0).unwrap_or(0)),
                }
            }
        }
        let (release, held) = mpsc::channel();
        let mut input = ReadAhead::spawn(Held(Some(b"ok\n".repeat(FIRST_CHUNK)), held));
        let mut chunk = Chunk::default();
        let got = chunk.refill(&mut input, 1, FIRST_CHUNK, Bounds::of(u64::MAX));
        assert_eq!(chunk.lines.len(), FIRST_CHUNK);
        assert!(got.starved, "{got:?}");
        drop(release);
    }

    /// Chunks double from the first size, and hold about OUTPUT_BYTES of
    /// answers once answers are large.
    #[test]
    fn chunk_sizes_follow_the_answer_sizes() {
        let mut s = Sizer::new();
        assert_eq!(s.next(), FIRST_CHUNK);
        assert_eq!(s.next(), 2 * FIRST_CHUNK);
        s.answered(FIRST_CHUNK, FIRST_CHUNK * 500);
        assert_eq!(s.next(), 4 * FIRST_CHUNK);
        s.answered(10, 10 * 2_000_000);
        assert_eq!(s.next(), OUTPUT_BYTES / 2_000_000);
        s.answered(10, 10 * (OUTPUT_BYTES + 1));
        assert_eq!(s.next(), 1);
        s.answered(10, 10 * 500);
        for _ in 0..20 {
            s.next();
        }
        assert_eq!(s.next(), CHUNK);
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

    /// Across 1 to 4 ranks (threads standing for MPI ranks), rank 0 writes
    /// what one process writes, byte for byte, with the same status, over
    /// several chunks, a line too long to keep and invalid UTF-8; the
    /// other ranks write nothing.
    #[test]
    fn ranks_write_what_one_process_writes() {
        let mut input = Vec::new();
        for i in 0..(3 * FIRST_CHUNK + 5) {
            input.extend_from_slice(match i % 5 {
                0 => b"x\n".as_slice(),
                1 => b"\xff\xfe\n".as_slice(),
                _ => b"ok\n".as_slice(),
            });
        }
        input.extend(std::iter::repeat_n(b'o', MAX_LINE + 10));
        input.extend_from_slice(b"\nbug\nok");
        let mut alone = Vec::new();
        let code = run(
            &echo(),
            Play::Normal,
            Detail::AllMoves,
            &mut ReadAhead::spawn(std::io::Cursor::new(input.clone())),
            &mut alone,
            false,
        )
        .unwrap();
        assert_eq!(code, 1);
        for size in 1..=4 {
            let got: Vec<(i32, Vec<u8>)> = grundy_engine::ranks::on_threads(size, |r| {
                let mut out = Vec::new();
                let code = run_ranks(
                    &echo(),
                    Play::Normal,
                    Detail::AllMoves,
                    &mut ReadAhead::spawn(std::io::Cursor::new(input.clone())),
                    &mut out,
                    true,
                    &*r,
                )
                .unwrap();
                (code, out)
            });
            assert_eq!(got[0].1, alone, "{size} ranks");
            assert_eq!(got[0].0, code, "{size} ranks");
            assert!(got[1..].iter().all(|(_, out)| out.is_empty()));
        }
    }
}
