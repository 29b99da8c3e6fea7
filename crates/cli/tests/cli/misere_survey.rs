//! `grundy survey --misere`: one line a code with the quotient reached,
//! in the list's order whatever the threads; items that are no code
//! refused; a checkpoint resumed to the lines of an uninterrupted run.

use crate::common::{
    assert_input_error, assert_status_2_naming, grundy, ok, spawn, stderr, stdout, words,
};
use std::io::{BufRead, BufReader};
use std::path::PathBuf;

/// The JSON lines of `text`.
fn lines(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// The lines without their `seconds`.
fn timeless(text: &str) -> Vec<serde_json::Value> {
    let mut all = lines(text);
    for v in &mut all {
        v.as_object_mut().unwrap().remove("seconds");
    }
    all
}

fn temp(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("grundy-msur-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

#[test]
fn each_code_gets_its_fields_and_the_table_labels_each_column_once() {
    let out = ok(&words(
        "survey --misere --codes 0.00,0.75,0.07 --max-heap 12 --json",
        &[],
    ));
    let got = lines(&out);
    let fields = [
        "code",
        "order",
        "p_portion_size",
        "solved",
        "solved_at",
        "period",
        "preperiod",
        "tame",
        "max_heap",
        "seconds",
    ];
    for line in &got {
        for f in fields {
            assert!(line.get(f).is_some(), "{f} missing in {line}");
        }
    }
    // A code without a move: the trivial quotient, proven.
    assert_eq!(got[0]["code"], "0.00");
    assert_eq!(
        (got[0]["order"].as_u64(), got[0]["solved"].as_bool()),
        (Some(1), Some(true))
    );
    // 0.75 is proven whole at heap 24, past --max-heap 12: bounded here.
    assert_eq!(got[1]["order"], 8);
    assert_eq!(got[1]["solved"], false);
    // Dawson's Kayles' Q_12 (`quotient octal --code 0.07 --max-heap 12`).
    let d = &got[2];
    assert_eq!(
        (d["order"].as_u64(), d["p_portion_size"].as_u64()),
        (Some(12), Some(3))
    );
    assert_eq!(
        (d["tame"].as_bool(), d["max_heap"].as_u64()),
        (Some(false), Some(12))
    );
    assert!(d["solved_at"].is_null());

    let text = ok(&words(
        "survey --misere --codes 0.75,0.07 --max-heap 30",
        &[],
    ));
    let mut rows = text.lines();
    let heading = rows.next().unwrap();
    let labels = [
        "code",
        "order",
        "P-portion",
        "solved",
        "solved at",
        "preperiod",
        "period",
        "tame",
        "max heap",
        "seconds",
    ];
    for label in labels {
        let words: Vec<&str> = heading.split("  ").map(str::trim).collect();
        assert_eq!(
            words.iter().filter(|w| **w == label).count(),
            1,
            "{label}: {heading}"
        );
    }
    let kayles: Vec<&str> = rows.next().unwrap().split_whitespace().collect();
    assert_eq!(kayles[..8], ["0.75", "8", "2", "yes", "24", "8", "2", "no"]);
    assert_eq!(rows.count(), 1);
}

#[test]
fn a_code_stopped_by_its_time_limit_reports_the_quotient_it_reached() {
    let out = grundy(&words(
        "survey --misere --codes 0.07,0.75 --max-heap 300 --time-limit 0.2 --json",
        &[],
    ));
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let got = lines(&stdout(&out));
    let d = &got[0];
    assert_eq!(d["solved"], false);
    assert!(d["max_heap"].as_u64().unwrap() < 300, "{d}");
    assert!(d["order"].as_u64().unwrap() >= 1, "{d}");
    assert!(d["stopped"].as_str().unwrap().contains("time"), "{d}");
    assert_eq!(got[1]["solved"], true);
}

#[test]
fn items_that_are_no_code_are_refused_and_none_is_dropped() {
    for (list, named) in [
        ("0.75,kayles", "kayles"),
        ("0.75,0.9", "0.9"),
        ("0.7,,0.6", "empty"),
    ] {
        assert_input_error(&grundy(&["survey", "--misere", "--codes", list]), named);
    }
    // The options of the other play.
    for (args, named) in [
        ("survey --misere --codes 0.7 -n 10", "-n"),
        ("survey --codes 0.7 -n 10 --max-heap 10", "--max-heap"),
        ("survey --misere --codes 0.7 --max-heap 10001", "--max-heap"),
    ] {
        assert_status_2_naming(&words(args, &[]), named);
    }
    // Every code of a pattern, 0.00 (no move) too; hexadecimal and
    // prefixed codes as written.
    let got = lines(&ok(&words(
        "survey --misere --codes 0.xy,0x0.8,0o0.37,0.F3 --max-heap 6 --json",
        &[],
    )));
    assert_eq!(got.len(), 67);
    assert_eq!(got[0]["code"], "0.00");
    assert_eq!(got[63]["code"], "0.77");
    assert_eq!(got[64]["code"], "0x0.8");
    assert!(got.iter().all(|l| l.get("error").is_none()));
}

#[test]
fn two_threads_give_the_lines_of_one() {
    let args = "survey --misere --codes 0.xy,4.7 --max-heap 8 --json --threads";
    let one = timeless(&ok(&words(args, &["1"])));
    let two = timeless(&ok(&words(args, &["2"])));
    assert_eq!(one.len(), 65);
    assert!(one == two, "--threads 2 differs from --threads 1");
}

#[test]
fn a_killed_survey_resumes_from_its_checkpoint_to_the_same_lines() {
    let ckpt = temp("resume");
    let file = ckpt.to_str().unwrap();
    let args = words(
        "survey --misere --codes 0.75,0.07,0.77 --max-heap 27 --json --threads 1 --checkpoint",
        &[file],
    );
    // Killed once its first line is out (Dawson's Kayles to heap 27
    // takes a while): the checkpoint holds that line.
    let mut child = spawn(&args);
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(first.contains("\"0.75\""), "{first}");
    let resumed = ok(&args);
    assert_eq!(
        resumed.lines().next(),
        Some(first.trim_end()),
        "the kept line, byte for byte"
    );
    // The uninterrupted run's lines, and again the same bytes from the
    // checkpoint now complete.
    let alone = ok(&args[..args.len() - 2]);
    assert_eq!(timeless(&resumed), timeless(&alone));
    assert_eq!(ok(&args), resumed);
    // Another survey's checkpoint is refused, naming both.
    let other = grundy(&words(
        "survey --misere --codes 0.75,0.07,0.77 --max-heap 26 --checkpoint",
        &[file],
    ));
    assert_eq!(other.status.code(), Some(2));
    assert!(stderr(&other).contains("to heap 27"), "{}", stderr(&other));
    assert!(stderr(&other).contains("to heap 26"), "{}", stderr(&other));
    std::fs::remove_file(&ckpt).unwrap();
}
