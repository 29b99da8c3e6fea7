//! An unknown option before the game's name is reported as an option, not
//! as an unknown game named `--bogus`.

use crate::common::*;

#[test]
fn unknown_option_before_the_game_is_named_as_an_option() {
    for (args, word) in [
        (&["analyze", "--bogus", "nim", "3"][..], "--bogus"),
        (&["seq", "-x", "kayles", "-n", "3"], "-x"),
        (&["batch", "--frob", "nim"], "--frob"),
    ] {
        let o = grundy(args);
        assert_input_error(&o, word);
        assert_input_error(&o, "unknown option");
        assert!(!stderr(&o).contains("unknown game"), "{}", stderr(&o));
    }
}

#[test]
fn a_game_option_before_the_game_says_where_it_belongs() {
    let o = grundy(&["analyze", "--max", "3", "bash", "5"]);
    assert_input_error(&o, "--max");
    assert_input_error(&o, "follow its name");
}
