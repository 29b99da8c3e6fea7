//! `grundy batch`: one position per input line, one JSON line out per
//! input line, in order. The family is built once by the caller, so its
//! tables and caches serve every line.

use crate::error::CliError;
use crate::lines::{read_line, Line, MAX_LINE};
use grundy_api::{Detail, Family, Play};
use rayon::prelude::*;
use std::io::{BufRead, Write};

/// Lines read and answered together. Large enough to keep every worker
/// busy and amortise the hand-over, small enough that output starts at once
/// and memory stays flat for endless input.
const CHUNK: usize = 4096;

/// Bytes of input a chunk may hold: past it the chunk is answered with
/// fewer lines, so a run of long lines cannot pile up (4096 lines of 10 MB
/// would have been 40 GB).
const CHUNK_BYTES: usize = 64 << 20;

/// How one line went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    Answered,
    /// An error line was written; the status its error would exit with.
    Failed(i32),
}

/// Answers every line of `input` on `out`, each analysis working out as
/// much of the move list as `detail` asks. Returns the exit status: 0 when
/// every line was answered, otherwise the most serious line error's status
/// (2 for bad input and limits, 1 for internal failures). With `parallel`
/// the lines of a chunk are answered on the rayon pool, still written in
/// input order.
pub fn run(
    family: &dyn Family,
    play: Play,
    detail: Detail,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    parallel: bool,
) -> Result<i32, CliError> {
    let mut status = 0;
    let mut line_no = 0usize;
    let mut chunk: Vec<Line> = Vec::with_capacity(CHUNK);
    loop {
        chunk.clear();
        let mut eof = false;
        let mut bytes = 0;
        while chunk.len() < CHUNK && bytes < CHUNK_BYTES {
            let line = read_line(input, MAX_LINE)?;
            match &line {
                Line::End => {
                    eof = true;
                    break;
                }
                Line::Text(t) => bytes += t.len(),
                Line::TooLong(_) => {}
            }
            chunk.push(line);
        }
        let first = line_no + 1;
        let answer = |(i, line): (usize, &Line)| answer_line(family, play, detail, first + i, line);
        let answers: Vec<(String, Status)> = if parallel {
            chunk.par_iter().enumerate().map(answer).collect()
        } else {
            chunk.iter().enumerate().map(answer).collect()
        };
        line_no += chunk.len();
        for (text, st) in answers {
            out.write_all(text.as_bytes())?;
            out.write_all(b"\n")?;
            if let Status::Failed(code) = st {
                // Internal failures (1) outrank bad input (2).
                status = if status == 0 { code } else { status.min(code) };
            }
        }
        if eof {
            break;
        }
    }
    out.flush()?;
    Ok(status)
}

/// The JSON line for input line number `line_no` (1-based).
fn answer_line(
    family: &dyn Family,
    play: Play,
    detail: Detail,
    line_no: usize,
    line: &Line,
) -> (String, Status) {
    let fail = |msg: String, code: i32| {
        let msg = grundy_api::messages::clip_quotes(&msg);
        let doc = serde_json::json!({ "line": line_no, "error": msg });
        (doc.to_string(), Status::Failed(code))
    };
    let raw = match line {
        Line::Text(raw) => raw,
        Line::TooLong(len) => {
            return fail(
                format!(
                "line is {len} bytes long; at most {MAX_LINE} are read (no position is that long)"
            ),
                2,
            )
        }
        Line::End => return fail("internal error: no line to answer".into(), 1),
    };
    let Ok(text) = std::str::from_utf8(raw) else {
        return fail("line is not valid UTF-8".into(), 2);
    };
    let words: Vec<&str> = text.split_whitespace().collect();
    match family.analyze_with(&words, play, detail) {
        Ok(a) => {
            // Sized for a typical answer (about 500 bytes): growing a small
            // buffer step by step was a large share of a batch's time.
            let mut buf = Vec::with_capacity(1024);
            match serde_json::to_writer(&mut buf, &a) {
                // serde_json writes UTF-8 only.
                Ok(()) => {
                    let s = String::from_utf8(buf)
                        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
                    (s, Status::Answered)
                }
                Err(e) => fail(
                    format!("internal error: cannot serialise the answer: {e}"),
                    1,
                ),
            }
        }
        Err(e) => fail(e.to_string(), e.exit_code()),
    }
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
