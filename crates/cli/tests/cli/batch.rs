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

/// Kills `child` if the test has not finished with it after a minute, so
/// that a deadlock fails the test (the reads see the end of the output)
/// instead of hanging it. Not a timing assertion: a correct run answers
/// in milliseconds.
fn watchdog(pid: u32) -> std::sync::mpsc::Sender<()> {
    let (done, wait) = std::sync::mpsc::channel::<()>();
    std::thread::spawn(move || {
        if wait
            .recv_timeout(std::time::Duration::from_secs(60))
            .is_err()
        {
            let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
        }
    });
    done
}

/// A program that writes one position and waits for its answer before
/// writing the next gets each answer: batch answers what it has read
/// before blocking on the next read (it used to wait for 64 lines or the
/// end of the input, a deadlock).
#[test]
fn each_line_is_answered_before_the_next_is_read() {
    use std::io::BufRead;
    for threads in ["1", "2"] {
        let mut child = spawn(&["batch", "nim", "--threads", threads]);
        let done = watchdog(child.id());
        let mut stdin = child.stdin.take().unwrap();
        let mut answers = std::io::BufReader::new(child.stdout.take().unwrap());
        for (position, value) in [("3 4 5", 2), ("1 2 3", 0), ("7", 7)] {
            writeln!(stdin, "{position}").unwrap();
            stdin.flush().unwrap();
            let mut line = String::new();
            answers.read_line(&mut line).unwrap();
            assert!(
                !line.is_empty(),
                "--threads {threads}: no answer to {position}"
            );
            let doc: serde_json::Value = serde_json::from_str(&line).unwrap();
            assert_eq!(doc["position"], position);
            assert_eq!(doc["value"], value);
        }
        drop(stdin);
        let status = child.wait().unwrap();
        let _ = done.send(());
        assert_eq!(status.code(), Some(0), "--threads {threads}");
    }
}

/// A line that hits a limit is an error line naming the limit; the lines
/// after it are answered.
#[test]
fn a_line_over_a_limit_is_an_error_line_and_the_batch_goes_on() {
    let o = grundy_stdin(
        &[
            "batch",
            "graph",
            "--edges",
            "a-b b-c c-d d-e e-a a-c b-d",
            "--max-states",
            "5",
        ],
        "a a\na b c d\nb\n",
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_eq!(stderr(&o), "");
    let out = lines(&stdout(&o));
    assert_eq!(out.len(), 3);
    assert_eq!(out[0]["outcome"], "D");
    assert_eq!(out[1]["line"], 2);
    assert!(
        out[1]["error"].as_str().unwrap().contains("--max-states"),
        "{}",
        out[1]
    );
    assert_eq!(out[2]["position"], "b");
}

/// A line whose heap values the sequence engine computes on its threads,
/// beside another line: the batch thread holding the value table's lock
/// waited for the sequence's thread pool and meanwhile took the other
/// line's job from its own pool, which waited for that lock: a deadlock
/// in about half the runs (`printf '5000000\n3 4\n' | grundy batch
/// grundy-game --time-limit 0.2`). Eight runs must each end, within 60 s.
#[test]
fn a_line_growing_the_value_table_does_not_deadlock_the_others() {
    for run in 0..8 {
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args([
                "batch",
                "grundy-game",
                "--time-limit",
                "0.2",
                "--threads",
                "2",
            ])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("grundy starts");
        child
            .stdin
            .take()
            .unwrap()
            .write_all(b"5000000\n3 4\n")
            .unwrap();
        let start = std::time::Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if start.elapsed() > std::time::Duration::from_secs(60) {
                child.kill().unwrap();
                panic!("run {run}: batch still running after 60 s (a deadlock)");
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        let mut out = String::new();
        child
            .stdout
            .take()
            .unwrap()
            .read_to_string(&mut out)
            .unwrap();
        let answers = lines(&out);
        assert_eq!(answers.len(), 2, "run {run}: {out}");
        assert_eq!(answers[1]["value"], 1, "run {run}: {out}");
        assert_eq!(
            status.code(),
            Some(2),
            "run {run}: the first line's time limit"
        );
    }
}
