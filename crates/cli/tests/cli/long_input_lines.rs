//! `batch` and `play` keep at most 16 MiB of one input line: a line without
//! end (`cat /dev/zero | grundy batch nim`) aborted on a failed allocation
//! with a backtrace. A longer line is an error for that line (batch goes
//! on) or an answer asked again (play), and is never printed back whole.

use crate::common::*;

const LONG: usize = 20 << 20;

#[test]
fn batch_reports_an_overlong_line_and_goes_on() {
    let mut input = "x".repeat(LONG);
    input.push_str("\n3 4 5\n");
    let o = grundy_stdin(&["batch", "nim"], &input);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["line"], 1);
    let e = lines[0]["error"].as_str().unwrap();
    assert!(e.contains(&format!("{LONG} bytes long")), "{e}");
    assert_eq!(lines[1]["position"], "3 4 5");
    assert!(out.len() < 10_000, "the long line is not echoed");
}

/// The bound is on the line's bytes, its newline apart: a line of exactly
/// 16 MiB is read (and refused by the game, not by the reader).
#[test]
fn a_line_of_exactly_the_bound_is_read() {
    let mut input = "x".repeat(16 << 20);
    input.push('\n');
    let o = grundy_stdin(&["batch", "nim"], &input);
    let out = stdout(&o);
    assert!(
        !out.contains("bytes long"),
        "{}",
        &out[..out.len().min(300)]
    );
    assert!(out.contains("\"line\":1"), "{}", &out[..out.len().min(300)]);
}

#[test]
fn play_asks_again_after_an_overlong_line() {
    let mut input = "9".repeat(LONG);
    input.push_str("\nq\n");
    let o = grundy_stdin(&["play", "nim", "3"], &input);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("bytes long"), "{out}");
    assert!(out.contains("You quit"), "{out}");
    assert!(out.len() < 10_000, "the long line is not echoed");
}

#[test]
fn play_quotes_only_the_start_of_a_long_bad_answer() {
    let input = format!("{}\nq\n", "z".repeat(100_000));
    let out = stdout(&grundy_stdin(&["play", "nim", "3"], &input));
    assert!(out.contains("zzz...' is not a legal move here"), "{out}");
    assert!(out.len() < 10_000);
}
