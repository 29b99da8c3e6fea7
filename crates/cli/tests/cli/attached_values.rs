//! A short option with its value attached (`-n10`, `-n=10`) means the same
//! as `-n 10`, before or after the game's name.

use crate::common::*;

#[test]
fn attached_short_values_are_the_value() {
    let spaced = ok(&["seq", "kayles", "-n", "10"]);
    for args in [
        &["seq", "kayles", "-n10"][..],
        &["seq", "kayles", "-n=10"],
        &["seq", "-n10", "kayles"],
        &["seq", "-n", "10", "kayles"],
    ] {
        assert_eq!(ok(args), spaced, "{args:?}");
    }
}

#[test]
fn attached_values_are_still_checked_and_counted() {
    assert_input_error(&grundy(&["seq", "kayles", "-n-5"]), "negative");
    assert_input_error(
        &grundy(&["seq", "-n10", "kayles", "-n", "3"]),
        "given twice",
    );
    assert_input_error(&grundy(&["seq", "kayles", "-nx"]), "'x'");
    // `-n` is seq's own: elsewhere `-n10` stays an unknown option.
    assert_input_error(&grundy(&["analyze", "nim", "3", "-n10"]), "-n10");
}
