//! `play` without a position starts where `analyze` does for games that
//! have a default position (`multiplication`: p = 1; `paint2xn`: the empty
//! grid); play used to refuse both although analyze answers them.

use crate::common::*;

#[test]
fn play_starts_from_the_default_position_analyze_uses() {
    let o = grundy_stdin(&["play", "multiplication", "--target", "100"], "q\n");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let t = stdout(&o);
    assert!(t.contains("Position: 1   (your turn)"), "{t}");
    assert!(t.contains("multiply by 9"), "{t}");

    let o = grundy_stdin(&["play", "paint2xn", "--n", "2"], "q\n");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("Position: -   (your turn)"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn a_game_without_a_default_still_asks_for_the_position() {
    let o = grundy(&["play", "nim"]);
    assert_input_error(&o, "starting position");
    assert_input_error(&o, "grundy play nim 3 4 5");
    let o = grundy(&["play", "bash", "--max", "3"]);
    assert_input_error(&o, "grundy play bash --max 10 100");
}
