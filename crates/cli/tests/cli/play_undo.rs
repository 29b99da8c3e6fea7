//! `grundy play`'s `u` (or `undo`): the person's last move and the
//! engine's reply are taken back, and the draw rules forget them.

use crate::common::{grundy, grundy_stdin, stderr, stdout};

fn game(args: &[&str], input: &str) -> String {
    let mut a = vec!["play"];
    a.extend_from_slice(args);
    let o = grundy_stdin(&a, input);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stderr(&o), "");
    stdout(&o)
}

#[test]
fn undo_goes_back_to_the_position_before_your_move() {
    let t = game(&["nim", "3", "4", "5"], "1\nu\nq\n");
    let (before, after) = t
        .split_once("Taken back: your move heap 1: 3 -> 0 and the engine's reply ")
        .unwrap_or_else(|| panic!("{t}"));
    assert!(
        before.contains("You play heap 1: 3 -> 0    to: 0 4 5\nA mistake"),
        "{t}"
    );
    assert!(before.contains("The engine plays "), "{t}");
    let after = after.split_once('\n').unwrap().1;
    assert!(
        after.starts_with("\nPosition: 3 4 5   (your turn)\nLegal moves:\n"),
        "{after}"
    );
    assert!(t.ends_with("You quit: the game is abandoned.\n"), "{t}");
    // `undo` is the same command.
    assert_eq!(game(&["nim", "3", "4", "5"], "1\nundo\nq\n"), t);
}

#[test]
fn nothing_to_undo_before_your_first_move() {
    let t = game(&["nim", "1", "2", "--engine-first"], "u\nq\n");
    assert!(t.contains("The engine plays "), "{t}");
    assert!(
        t.contains("q to quit): There is no move of yours to take back.\nYour move ("),
        "{t}"
    );
}

#[test]
fn undo_takes_back_repetitions_too() {
    // a <-> b is drawn on your fourth turn at a, after three moves each;
    // taking one pair back puts the draw a pair further.
    let plain = game(&["graph", "--edges", "a-b,b-a", "a"], &"1\n".repeat(10));
    assert_eq!(plain.matches("You play").count(), 3, "{plain}");
    let t = game(
        &["graph", "--edges", "a-b,b-a", "a"],
        "1\n1\nu\n1\n1\n1\n1\n1\n",
    );
    assert_eq!(t.matches("You play").count(), 4, "{t}");
    assert!(
        t.contains("Taken back: your move a -> b and the engine's reply b -> a.\n"),
        "{t}"
    );
    assert!(
        t.ends_with("(3 repetitions): the game is drawn by repetition.\ndraw\n"),
        "{t}"
    );
}

#[test]
fn help_names_undo() {
    let t = game(&["nim", "3"], "help\nq\n");
    assert!(
        t.contains("Type u (or undo) to take back your last move and the engine's reply."),
        "{t}"
    );
    let h = stdout(&grundy(&["play", "--help"]));
    assert!(
        h.contains("u, undo           take back your last move and the engine's reply"),
        "{h}"
    );
}
