//! `--threads` is bounded where starting the worker pool is still instant:
//! a pool of 4096 threads took half a minute to start, even for `nim 3`.

use crate::common::*;

#[test]
fn thread_counts_that_take_long_to_start_are_refused() {
    for sub in [
        &["analyze", "nim", "3"][..],
        &["seq", "kayles", "-n", "10"],
        &["batch", "nim"],
    ] {
        let mut args = sub.to_vec();
        args.extend(["--threads", "4096"]);
        let o = grundy(&args);
        assert_input_error(&o, "--threads");
        assert_input_error(&o, "256");
    }
}

#[test]
fn the_largest_thread_count_is_accepted() {
    let out = ok(&["analyze", "nim", "3", "--threads", "256"]);
    assert!(out.contains("value 3"), "{out}");
}
