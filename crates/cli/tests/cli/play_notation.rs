//! `grundy play` finished (issue 11 item 3, issue 8 item 4): moves typed in
//! each game's own notation, the end of a game by its own rule said in
//! words (three in a row made), and games whose positions repeat drawn by
//! repetition, the engine never trading a draw for a loss.

use crate::common::*;

/// The transcript of `grundy play args...` with `input` on stdin, which
/// must end with status 0 and nothing on stderr.
fn game(args: &[&str], input: &str) -> String {
    let mut a = vec!["play"];
    a.extend_from_slice(args);
    let o = grundy_stdin(&a, input);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    assert_eq!(stderr(&o), "", "{args:?}");
    stdout(&o)
}

/// The engine's moves, as labels, in order.
fn engine_moves(t: &str) -> Vec<&str> {
    t.lines()
        .filter_map(|l| l.strip_prefix("The engine plays "))
        .map(|l| l.split("    to: ").next().unwrap())
        .collect()
}

#[test]
fn nim_moves_as_heap_and_count() {
    let t = game(&["nim", "3", "4", "5"], "1 2\nq\n");
    assert!(
        t.contains("Moves may also be typed in the game's notation: HEAP COUNT takes COUNT counters from heap HEAP (heaps numbered from 1): `1 1` takes 1 counter from heap 1.\n"),
        "{t}"
    );
    assert!(
        t.contains("You play heap 1: 3 -> 1    to: 1 4 5\nGood move"),
        "{t}"
    );
}

#[test]
fn an_illegal_move_in_notation_is_refused_and_asked_again() {
    let t = game(&["nim", "3", "4", "5"], "2 99\n4 1\n2 0\n1 2\nq\n");
    for answer in [
        "'2 99' is not a legal move here: heap 2 has 4 counters; 99 cannot be taken.\n",
        "'4 1' is not a legal move here: there is no heap 4: the heaps are numbered 1 to 3.\n",
        "'2 0' is not a legal move here: a move takes at least one counter.\n",
    ] {
        assert!(t.contains(answer), "{answer}\n{t}");
    }
    // Four prompts on the first turn: three refused lines, then the move.
    let first_turn = t.split("You play").next().unwrap();
    assert_eq!(first_turn.matches("q to quit): ").count(), 4, "{t}");
    assert!(t.contains("You play heap 1: 3 -> 1"), "{t}");
}

#[test]
fn a_number_is_still_the_moves_number_and_two_readings_are_refused() {
    // `2` is move 2 (heap 1: 3 -> 1), not heap 2 or cell 2.
    let t = game(&["nim", "3", "4", "5"], "2\nq\n");
    assert!(t.contains("You play heap 1: 3 -> 1"), "{t}");
    // In nim 1 2, `1 1` is the position after heap 2: 2 -> 1 and, in the
    // notation, heap 1's counter taken: neither reading wins silently.
    let t = game(&["nim", "1", "2"], "1 1\nq\n");
    assert!(
        t.contains("'1 1' is ambiguous: as the position a move leads to it is move 3 (heap 2: 2 -> 1), in the game's notation move 1 (heap 1: 1 -> 0). Type the move's number."),
        "{t}"
    );
    assert!(!t.contains("You play"), "{t}");
    // The same in nim 3 3 (`2 3`) and Wythoff 2 4 (`2 2`).
    let t = game(&["nim", "3", "3"], "2 3\nq\n");
    assert!(t.contains("'2 3' is ambiguous"), "{t}");
    let t = game(&["wythoff", "2", "4"], "2 2\nq\n");
    assert!(t.contains("'2 2' is ambiguous"), "{t}");
}

#[test]
fn wythoff_moves_as_counters_taken_from_each_heap() {
    let t = game(&["wythoff", "3", "8"], "0 3\nq\n");
    assert!(
        t.contains("A B takes A counters from heap 1 and B from heap 2"),
        "{t}"
    );
    assert!(
        t.contains("You play heap 2: 8 -> 5    to: 3 5\nGood move"),
        "{t}"
    );
    let t = game(&["wythoff", "5", "7"], "2 3\n2 2\nq\n");
    assert!(
        t.contains("'2 3' is not a legal move here: 2 from heap 1 and 3 from heap 2 is no move: take from one heap only, or the same number from both.\n"),
        "{t}"
    );
    assert!(
        t.contains("You play take 2 from both heaps    to: 3 5\nGood move"),
        "{t}"
    );
}

#[test]
fn treblecross_cells_and_three_made_by_you() {
    let t = game(&["treblecross", "....."], "@3\nX2\n");
    assert!(t.contains("@CELL (or XCELL) puts an X in cell CELL"), "{t}");
    assert!(t.contains("You play X at 3    to: ..X..\nGood move"), "{t}");
    assert_eq!(engine_moves(&t), ["X at 1"], "{t}");
    assert!(t.contains("You play X at 2    to: XXX.."), "{t}");
    assert!(
        t.ends_with(
            "Position: XXX..   (the engine's turn)\n\
             X X X made at cells 1-3: you win\n\
             The engine has no move left: in normal play the player who cannot move loses.\n\
             you win\n"
        ),
        "{t}"
    );
    // A cell taken, and a cell off the row, are refused with the reason.
    let t = game(&["treblecross", "..X.."], "@3\n@9\nq\n");
    assert!(
        t.contains("'@3' is not a legal move here: cell 3 already holds an X.\n"),
        "{t}"
    );
    assert!(
        t.contains(
            "'@9' is not a legal move here: there is no cell 9: the cells are numbered 1 to 5.\n"
        ),
        "{t}"
    );
}

#[test]
fn treblecross_three_made_by_the_engine_and_in_misere_play() {
    let t = game(&["treblecross", "X.X..", "--engine-first"], "");
    assert!(
        t.ends_with(
            "X X X made at cells 1-3: engine wins\n\
             You have no move left: in normal play the player who cannot move loses.\n\
             engine wins\n"
        ),
        "{t}"
    );
    // Misère: whoever makes three in a row loses. You are forced to.
    let t = game(&["treblecross", "XX.", "--misere"], "@3\n");
    assert!(
        t.ends_with(
            "X X X made at cells 1-3: engine wins\n\
             The engine has no move left: in misère play the player who cannot move wins.\n\
             engine wins\n"
        ),
        "{t}"
    );
}

#[test]
fn kayles_row_pins_after_at() {
    let t = game(&["kayles-row", "III.IIII"], "@4\n@5-6\nq\n");
    assert!(
        t.contains("'@4' is not a legal move here: cell 4 holds no pin (it is a gap).\n"),
        "{t}"
    );
    assert!(t.contains("You play knock down 5-6    to: III...II"), "{t}");
}

#[test]
fn xo_row_letters_and_the_end_in_words() {
    let t = game(&["xo-row", "X..X"], "X@2\nO2\n");
    assert!(
        t.contains("'X@2' is not a legal move here: X cannot go in cell 2"),
        "{t}"
    );
    assert!(t.contains("You play O at 2    to: XO.X"), "{t}");
    assert!(
        t.ends_with(
            "Position: XO.X   (the engine's turn)\n\
             no letter fits in the one empty cell, 3, between an X and an O: you win\n\
             The engine has no move left: in normal play the player who cannot move loses.\n\
             you win\n"
        ),
        "{t}"
    );
    // A row filled by the engine's last letter.
    let t = game(&["xo-row", "X.X", "--engine-first"], "");
    assert!(
        t.ends_with(
            "every cell holds a letter: engine wins\n\
             You have no move left: in normal play the player who cannot move loses.\n\
             engine wins\n"
        ),
        "{t}"
    );
}

#[test]
fn help_shows_the_notation_the_reading_order_and_the_draw_rule() {
    let t = game(&["treblecross", "..X...."], "help\nq\n");
    let help = t.split("help\n").last().unwrap_or(&t);
    for needle in [
        "Type a move's number (1 to 6)",
        "Moves may also be typed in the game's notation: @CELL (or XCELL) puts an X in cell CELL (cells numbered from 1): `@1` puts an X in cell 1.",
        "A line is read as the first of: a command (?, help, q); a move's number (a line that is one whole number is always a move's number); a move's label; the position a move leads to; the game's notation (a line that is the position of one move and the notation of another is refused as ambiguous).",
        "The engine plays by remoteness",
    ] {
        assert!(help.contains(needle), "{needle}\n{t}");
    }
    assert!(!t.contains("Positions may repeat"), "an acyclic game: {t}");
    let t = game(&["graph", "--edges", "a-b,b-a", "a"], "help\nq\n");
    assert!(t.contains("Positions may repeat in this game: when one comes up with the same player to move for the 4th time (3 repetitions), or after 10000 moves, the game stops as a draw."), "{t}");
    // A game without a notation says nothing of one.
    assert!(!t.contains("notation:"), "{t}");

    let h = stdout(&grundy(&["play", "--help"]));
    for needle in [
        "HEAP COUNT",
        "a cell of a row after @",
        "never a heap or a cell",
        "3 repetitions",
        "`draw`",
    ] {
        assert!(h.contains(needle), "{needle}\n{h}");
    }
}

#[test]
fn a_shuttle_on_a_graph_is_drawn_by_repetition() {
    let t = game(&["graph", "--edges", "a-b,b-a", "a"], &"1\n".repeat(10));
    assert_eq!(engine_moves(&t), ["b -> a"; 3], "{t}");
    assert!(
        t.ends_with(
            "Position: a   (your turn)\n\
             This position has now come up 4 times with you to move (3 repetitions): the game is drawn by repetition.\n\
             draw\n"
        ),
        "{t}"
    );
}

#[test]
fn the_engine_keeps_a_draw_rather_than_lose_and_the_game_is_drawn() {
    // From a the engine may shuttle to b (a draw) or go to c, from which
    // the person moves to d and the engine is stuck.
    let t = game(
        &["graph", "--edges", "a-b,b-a,a-c,c-d", "a", "--engine-first"],
        &"1\n".repeat(10),
    );
    assert!(t.contains("a draw with best play"), "{t}");
    assert_eq!(engine_moves(&t), ["a -> b"; 3], "{t}");
    assert!(
        t.ends_with("(3 repetitions): the game is drawn by repetition.\ndraw\n"),
        "{t}"
    );
}

#[test]
fn a_looping_ring_is_drawn_by_repetition() {
    // n = 5, A = {3, 2}, B = {1, 2, 3}: from 5 with A to move the monster
    // loops. A moves 2 (to 2, a draw for B); B keeps the draw by moving 3
    // back to 5, not 1 or 2 (A would win).
    let args = ["ring", "--n", "5", "--a", "3,2", "--b", "1,2,3", "5"];
    let t = game(&args, &"1\n".repeat(10));
    assert_eq!(engine_moves(&t), ["B moves 3: 2 -> 5"; 3], "{t}");
    assert!(t.contains("Positions may repeat in this game"), "{t}");
    assert!(
        t.ends_with(
            "Position: 5 A   (your turn)\n\
             This position has now come up 4 times with you to move (3 repetitions): the game is drawn by repetition.\n\
             draw\n"
        ),
        "{t}"
    );
    // A move into the hole ends the game in words.
    let t = game(&args, "2\n");
    assert!(
        t.contains("B moved the monster into the hole: engine wins\n"),
        "{t}"
    );
    assert!(t.ends_with("\nengine wins\n"), "{t}");
}

#[test]
fn a_game_that_starts_finished_names_no_move_that_ended_it() {
    let t = game(&["treblecross", "XXX.X"], "q\n");
    assert!(!t.contains("made at cells"), "{t}");
    assert!(t.trim_end().ends_with("engine wins"), "{t}");
    let t = game(
        &["ring", "--n", "5", "--a", "3,2", "--b", "1,2,3", "1", "A"],
        "q\n",
    );
    assert!(!t.contains("moved the monster"), "{t}");
}
