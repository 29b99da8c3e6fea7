//! clap's errors condensed to one line keep what they name: the missing
//! argument (`grundy nim` said only "the following required arguments
//! were not provided:") and, without a command, the commands (instead of
//! the program's description).

use crate::common::*;

#[test]
fn a_missing_argument_is_named() {
    assert_input_error(&grundy(&["nim"]), "<OP>");
    assert_input_error(&grundy(&["nim", "--json"]), "<OP>");
}

#[test]
fn no_command_lists_the_commands() {
    let o = grundy(&[]);
    assert_input_error(&o, "no command");
    for name in ["games", "analyze", "batch", "seq", "play", "nim"] {
        assert_input_error(&o, name);
    }
}

#[test]
fn other_clap_errors_stay_one_line_with_their_subject() {
    assert_input_error(&grundy(&["frobnicate"]), "frobnicate");
    assert_input_error(&grundy(&["analyze", "--threads"]), "--threads");
    assert_input_error(&grundy(&["games", "--json=3"]), "'3'");
}
