//! `grundy batch`: one JSON line per input line, in order, errors inline.

use crate::common::*;
use std::io::{Read, Write};
use std::process::{Command, Stdio};

fn lines(out: &str) -> Vec<serde_json::Value> {
    out.lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

#[test]
fn a_bad_line_in_the_middle() {
    let o = grundy_stdin(&["batch", "nim"], "3 4 5\n1 abc\n1 4 5\n-3\n7\n");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let out = lines(&stdout(&o));
    assert_eq!(out.len(), 5);
    assert_eq!(out[0]["position"], "3 4 5");
    assert_eq!(out[0]["outcome"], "N");
    assert_eq!(out[0]["winning_moves"][0]["to"], "1 4 5");
    assert_eq!(out[1]["line"], 2);
    assert!(
        out[1]["error"].as_str().unwrap().contains("abc"),
        "{}",
        out[1]
    );
    assert_eq!(out[2]["outcome"], "P");
    assert_eq!(out[3]["line"], 4);
    assert!(
        out[3]["error"].as_str().unwrap().contains("negative"),
        "{}",
        out[3]
    );
    assert_eq!(out[4]["value"], 7);
    assert!(!stderr(&o).contains("panicked"));
}

#[test]
fn all_good_lines_exit_0_with_analyze_fields() {
    let o = grundy_stdin(&["batch", "nim"], "3 4 5\n  1  2  3  \n");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = lines(&stdout(&o));
    let single = json(&["analyze", "nim", "3", "4", "5", "--json"]);
    assert_eq!(
        out[0], single,
        "batch lines carry exactly the analyze --json fields"
    );
    assert_eq!(out[1]["position"], "1 2 3");
    assert_eq!(out[1]["outcome"], "P");
}

#[test]
fn options_apply_to_every_line() {
    let o = grundy_stdin(&["batch", "nim", "--misere"], "1 1\n1 1 1\n");
    assert_eq!(o.status.code(), Some(0));
    let out = lines(&stdout(&o));
    assert_eq!(out[0]["outcome"], "N");
    assert_eq!(out[1]["outcome"], "P");
    assert_eq!(out[1]["play"], "misere");
    let o = grundy_stdin(&["batch", "bash", "--max", "10"], "100\n11\n");
    let out = lines(&stdout(&o));
    assert_eq!(out[0]["value"], 1);
    assert_eq!(out[1]["outcome"], "P");
}

#[test]
fn many_lines_stay_in_order() {
    let input: String = (0..10_000).map(|i| format!("{i} {}\n", i / 2)).collect();
    let o = grundy_stdin(&["batch", "nim", "--threads", "2"], &input);
    assert_eq!(o.status.code(), Some(0));
    let out = lines(&stdout(&o));
    assert_eq!(out.len(), 10_000);
    for (i, l) in out.iter().enumerate() {
        assert_eq!(l["value"].as_u64().unwrap(), i as u64 ^ (i as u64 / 2));
    }
}

#[test]
fn closed_stdout_is_not_a_panic() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["batch", "nim"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Close our end of stdout before grundy writes anything.
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        for i in 0..200_000u64 {
            if writeln!(stdin, "{i} 1 2").is_err() {
                break;
            }
        }
    });
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    writer.join().unwrap();
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(err, "", "a closed pipe ends the batch quietly");
    assert_eq!(status.code(), Some(0));
}
