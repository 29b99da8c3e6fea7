//! An option given twice is an error wherever it stands: before GAME clap
//! refused it, after GAME the second value silently won (`seq kayles -n 10
//! -n 20` computed 20 heaps).

use crate::common::*;

#[test]
fn common_options_twice_after_the_game() {
    for args in [
        &[
            "analyze",
            "nim",
            "3",
            "--max-states",
            "3",
            "--max-states",
            "4",
        ][..],
        &["analyze", "nim", "3", "--time-limit", "1", "--time-limit=2"],
        &["analyze", "nim", "3", "--threads", "1", "--threads", "2"],
        &["analyze", "nim", "3", "--json", "--json"],
        &["analyze", "nim", "3", "--misere", "--misere"],
        &["batch", "nim", "--max-states", "3", "--max-states", "4"],
    ] {
        assert_input_error(&grundy(args), "given twice");
    }
}

#[test]
fn common_options_once_before_and_once_after_the_game() {
    let o = grundy(&[
        "analyze",
        "--max-states",
        "3",
        "nim",
        "--max-states",
        "4",
        "3",
    ]);
    assert_input_error(&o, "--max-states");
    assert_input_error(&o, "given twice");
    assert_input_error(
        &grundy(&["analyze", "--json", "nim", "3", "--json"]),
        "--json",
    );
}

#[test]
fn seq_and_play_options_twice() {
    let o = grundy(&["seq", "kayles", "-n", "10", "-n", "20"]);
    assert_input_error(&o, "-n given twice");
    for args in [
        &[
            "seq",
            "kayles",
            "-n",
            "10",
            "--method",
            "rc",
            "--method=naive",
        ][..],
        &["seq", "kayles", "-n", "10", "--progress", "--progress"],
        &[
            "seq",
            "kayles",
            "-n",
            "10",
            "--checkpoint-every",
            "1",
            "--checkpoint-every",
            "2",
        ],
        &["play", "nim", "3", "--hint", "--hint"],
        &["play", "nim", "3", "--engine-first", "--engine-first"],
    ] {
        assert_input_error(&grundy(args), "given twice");
    }
}

#[test]
fn each_option_once_still_works() {
    let out = ok(&[
        "analyze",
        "--max-states",
        "100",
        "nim",
        "3",
        "--time-limit",
        "5",
        "--threads",
        "1",
    ]);
    assert!(out.contains("value 3"), "{out}");
    let v = json(&["seq", "kayles", "--json", "-n", "3", "--method", "rc"]);
    assert_eq!(v["values"].as_array().map(Vec::len), Some(4));
}
