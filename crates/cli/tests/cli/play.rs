//! `grundy play`: whole games against the real binary, driven through
//! stdin, either with a script written in advance or by a player that reads
//! each prompt and answers from the engine's own hints.

use crate::common::{assert_input_error, grundy, grundy_stdin, json, stderr, stdout};
use std::io::{Read, Write};
use std::process::{Child, ChildStdin};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

/// How every prompt for a move ends.
const PROMPT_END: &str = "q to quit): ";

/// A game in progress, talked to line by line.
struct Session {
    child: Child,
    stdin: Option<ChildStdin>,
    chunks: Receiver<Vec<u8>>,
    transcript: String,
    done: bool,
}

impl Session {
    fn start(args: &[&str]) -> Session {
        let mut child = crate::common::spawn(args);
        let mut out = child.stdout.take().unwrap();
        let (tx, chunks) = mpsc::channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = out.read(&mut buf) {
                if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Session {
            stdin: child.stdin.take(),
            child,
            chunks,
            transcript: String::new(),
            done: false,
        }
    }

    /// The output up to and including the next prompt for a move, or
    /// `None` (after reading everything) when the program ended instead.
    fn next_prompt(&mut self) -> Option<String> {
        let mut text = String::new();
        while !self.done {
            match self.chunks.recv_timeout(Duration::from_secs(60)) {
                Ok(bytes) => {
                    text.push_str(std::str::from_utf8(&bytes).expect("UTF-8 output"));
                    if text.ends_with(PROMPT_END) {
                        self.transcript.push_str(&text);
                        return Some(text);
                    }
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => self.done = true,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    panic!(
                        "no prompt within 60 s; output so far:\n{}{text}",
                        self.transcript
                    )
                }
            }
        }
        self.transcript.push_str(&text);
        None
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").expect("grundy reads stdin");
    }

    /// Closes stdin, reads the rest; returns (status, transcript, stderr).
    fn finish(mut self) -> (Option<i32>, String, String) {
        self.stdin = None;
        while self.next_prompt().is_some() {}
        let o = self.child.wait_with_output().expect("grundy finishes");
        (o.status.code(), self.transcript, stderr(&o))
    }
}

/// The move numbers listed under a hint line (`Hint: winning moves here:
/// take 3; take 2.`, then `  3. take 3    to: 0` and `  2. ...`).
fn hinted_numbers(text: &str) -> Vec<usize> {
    // The answer to `?` (the last hint line; with --hint, the list of
    // moves ends with one too, followed by the prompt).
    let at = text
        .rfind("Hint: winning move")
        .unwrap_or_else(|| panic!("no winning move hinted in:\n{text}"));
    let numbers: Vec<usize> = text[at..]
        .lines()
        .skip(1)
        .map_while(|l| l.strip_prefix("  ")?.split_once(". ")?.0.parse().ok())
        .collect();
    assert!(
        !numbers.is_empty(),
        "no move listed under the hint in:\n{text}"
    );
    numbers
}

/// Plays `args` by asking `?` on every turn and playing the first winning
/// move hinted, after the moves in `opening` (sent as they are). Returns
/// the transcript, checking the game ended normally.
fn play_by_hints(args: &[&str], opening: &[&str]) -> String {
    let mut s = Session::start(args);
    let mut opening = opening.iter();
    while s.next_prompt().is_some() {
        if let Some(line) = opening.next() {
            s.send(line);
            continue;
        }
        s.send("?");
        let hint = s.next_prompt().expect("the hint is followed by the prompt");
        s.send(&hinted_numbers(&hint)[0].to_string());
    }
    let (status, t, err) = s.finish();
    assert_eq!(status, Some(0), "{err}\n{t}");
    assert_eq!(err, "");
    t
}

/// The resulting positions of the engine's moves in a transcript.
fn engine_moves(t: &str) -> Vec<(String, String)> {
    t.lines()
        .filter_map(|l| l.strip_prefix("The engine plays "))
        .map(|l| {
            let (label, to) = l.split_once("    to: ").expect("label and position");
            (label.to_string(), to.to_string())
        })
        .collect()
}

/// The numbered move list of the first prompt: (label, position).
fn listed_moves(t: &str) -> Vec<(String, String)> {
    t.lines()
        .skip_while(|l| !l.starts_with("Legal moves"))
        .skip(1)
        .take_while(|l| !l.starts_with("Your move") && !l.starts_with("Hint"))
        .map(|l| {
            let (_, rest) = l.split_once(". ").expect("numbered");
            let (label, to) = rest.split_once("    to: ").expect("label and position");
            (label.trim_end().to_string(), to.to_string())
        })
        .collect()
}

fn outcome(game: &[&str], position: &str, misere: bool) -> (String, u64) {
    let mut args = vec!["analyze"];
    args.extend(game);
    args.extend(position.split_whitespace());
    args.push("--json");
    if misere {
        args.push("--misere");
    }
    let doc = json(&args);
    (
        doc["outcome"].as_str().unwrap().to_string(),
        doc["winning_move_count"].as_u64().unwrap(),
    )
}

#[test]
fn the_engine_wins_nim_3_4_5_when_it_moves_first() {
    let input = "1\n".repeat(12);
    let args = ["play", "nim", "3", "4", "5", "--engine-first"];
    let o = grundy_stdin(&args, &input);
    let t = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stderr(&o), "");
    assert!(
        t.contains("The starting position 3 4 5: the player to move can force a win"),
        "{t}"
    );
    let engine = engine_moves(&t);
    assert_eq!(
        engine[0],
        ("heap 1: 3 -> 1".to_string(), "1 4 5".to_string())
    );
    // Every engine move leaves the person a lost position.
    for (_, to) in &engine {
        assert_eq!(
            outcome(&["nim"], to, false).0,
            "P",
            "engine move to {to}\n{t}"
        );
    }
    assert!(t.ends_with("You have no move left: in normal play the player who cannot move loses.\nengine wins\n"), "{t}");
    // A lost position gets no praise and no blame.
    assert!(!t.contains("Good move") && !t.contains("mistake"), "{t}");
    // Deterministic: the same answers give the same game.
    assert_eq!(stdout(&grundy_stdin(&args, &input)), t);
}

#[test]
fn following_the_hints_wins_nim_1_2() {
    let t = play_by_hints(&["play", "nim", "1", "2"], &[]);
    assert!(
        t.contains("Hint: winning move here: heap 2: 2 -> 1.\n  3. heap 2: 2 -> 1    to: 1 1\n"),
        "{t}"
    );
    let own = t.matches("You play ").count();
    assert!(own >= 2, "{t}");
    assert_eq!(t.matches("Good move").count(), own, "{t}");
    assert!(t.ends_with("The engine has no move left: in normal play the player who cannot move loses.\nyou win\n"), "{t}");
}

#[test]
fn bash_with_its_option_by_hints_and_against_the_engine() {
    let t = play_by_hints(&["play", "bash", "--max", "3", "5", "--hint"], &[]);
    assert!(t.starts_with("Playing bash --max 3 (normal play"), "{t}");
    assert!(t.contains(" *3. heap 1: 5 -> 4    to: 4\n"), "{t}");
    // --hint marks exactly the moves `?` names.
    for turn in t.split("(your turn)\n").skip(1) {
        let marked: Vec<usize> = turn
            .lines()
            .take_while(|l| !l.starts_with("Hint"))
            .filter_map(|l| l.trim_start().strip_prefix('*'))
            .map(|l| l.split_once('.').unwrap().0.parse().unwrap())
            .collect();
        assert_eq!(marked, hinted_numbers(turn), "{turn}");
    }
    assert!(t.ends_with("you win\n"), "{t}");

    let o = grundy_stdin(
        &["play", "bash", "5", "--engine-first", "--max=3"],
        &"3\n".repeat(5),
    );
    let t = stdout(&o);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(engine_moves(&t)[0].1, "4");
    assert!(t.ends_with("engine wins\n"), "{t}");
}

#[test]
fn bad_lines_are_answered_and_the_game_goes_on() {
    let o = grundy_stdin(
        &["play", "nim", "1", "2"],
        "abc\n99\n\n0\nheap 9: 1 -> 0\n  heap 2:  2 -> 1 \n1\n",
    );
    let t = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    for answer in [
        "'abc' is not a legal move here. Type a move's number (1 to 3)",
        "There is no move 99: the moves are numbered 1 to 3.",
        "Empty line. Type a move's number",
        "There is no move 0: the moves are numbered 1 to 3.",
        "'heap 9: 1 -> 0' is not a legal move here.",
    ] {
        assert!(t.contains(answer), "{answer}\n{t}");
    }
    // Six prompts on the first turn: five bad lines, then the label.
    let first_turn = t.split("You play").next().unwrap();
    assert_eq!(first_turn.matches(PROMPT_END).count(), 6, "{t}");
    assert!(
        t.contains("You play heap 2: 2 -> 1    to: 1 1\nGood move"),
        "{t}"
    );
    assert!(t.ends_with("you win\n"), "{t}");
}

#[test]
fn a_move_may_be_named_by_the_position_it_leads_to() {
    // `0 2` is no move in the notation (there is no heap 0).
    let t = stdout(&grundy_stdin(&["play", "nim", "1", "2"], "0 2\n"));
    assert!(t.contains("You play heap 1: 1 -> 0    to: 0 2"), "{t}");
}

#[test]
fn end_of_input_and_quit_end_with_status_0() {
    for (input, end) in [
        ("", "q to quit): \nEnd of input: the game is abandoned.\n"),
        (
            "1\n",
            "q to quit): \nEnd of input: the game is abandoned.\n",
        ),
        ("2\nq\n", "You quit: the game is abandoned.\n"),
    ] {
        let o = grundy_stdin(&["play", "nim", "3", "4", "5"], input);
        let t = stdout(&o);
        assert_eq!(o.status.code(), Some(0), "{input:?}: {}", stderr(&o));
        assert_eq!(stderr(&o), "", "{input:?}");
        assert!(t.ends_with(end), "{input:?}\n{t}");
    }
}

#[test]
fn misere_reverses_the_verdict() {
    let normal = stdout(&grundy_stdin(&["play", "nim", "1"], "1\n"));
    assert!(
        normal.contains("can force a win (an N-position)"),
        "{normal}"
    );
    assert!(normal.ends_with("The engine has no move left: in normal play the player who cannot move loses.\nyou win\n"), "{normal}");
    let misere = stdout(&grundy_stdin(&["play", "nim", "1", "--misere"], "1\n"));
    assert!(
        misere.starts_with("Playing nim (misère play: whoever cannot move wins)."),
        "{misere}"
    );
    assert!(
        misere.contains("loses against best play (a P-position)"),
        "{misere}"
    );
    assert!(misere.ends_with("The engine has no move left: in misère play the player who cannot move wins.\nengine wins\n"), "{misere}");

    // Misère nim 2 1 is won by taking the whole 2: the hints find it.
    let t = play_by_hints(&["play", "--misere", "nim", "2", "1"], &[]);
    assert!(t.contains("You play heap 1: 2 -> 0"), "{t}");
    for (_, to) in engine_moves(&t) {
        assert_eq!(outcome(&["nim"], &to, true).0, "N", "{to}");
    }
    assert!(
        t.ends_with("in misère play the player who cannot move wins.\nyou win\n"),
        "{t}"
    );
}

#[test]
fn treblecross_the_middle_cell_wins() {
    let t = play_by_hints(&["play", "treblecross", "....."], &["X at 3"]);
    assert!(t.contains("You play X at 3    to: ..X..\nGood move"), "{t}");
    // The engine, lost, leaves a single winning reply.
    let engine = engine_moves(&t);
    assert_eq!(engine[0], ("X at 1".to_string(), "X.X..".to_string()));
    assert_eq!(
        outcome(&["treblecross"], "X.X..", false),
        ("N".to_string(), 1)
    );
    assert!(t.contains("You play X at 2    to: XXX.."), "{t}");
    assert!(t.ends_with("The engine has no move left: in normal play the player who cannot move loses.\nyou win\n"), "{t}");
}

#[test]
fn a_lost_engine_leaves_the_fewest_winning_replies() {
    // nim 1 4 5 is lost for the player to move; weigh every move by hand.
    let listing = stdout(&grundy(&["play", "nim", "1", "4", "5"]));
    let moves = listed_moves(&listing);
    assert_eq!(moves.len(), 10, "{listing}");
    let counts: Vec<u64> = moves
        .iter()
        .map(|(_, to)| {
            let (o, k) = outcome(&["nim"], to, false);
            assert_eq!(o, "N");
            k
        })
        .collect();
    let least = *counts.iter().min().unwrap();
    let first_least = counts.iter().position(|&k| k == least).unwrap();
    let t = stdout(&grundy(&["play", "--engine-first", "nim", "1", "4", "5"]));
    assert!(t.contains("(a P-position), so you can win"), "{t}");
    assert_eq!(
        engine_moves(&t)[0],
        moves[first_least],
        "counts {counts:?}\n{t}"
    );
}

#[test]
fn a_finished_start_ends_at_once() {
    let t = stdout(&grundy(&["play", "nim", "0", "0"]));
    assert_eq!(
        t,
        "Playing nim (normal play: whoever cannot move loses).\n\
         You move first. Answer with a move's number or its label, ? for a hint, q to quit.\n\
         \n\
         Position: 0 0   (your turn)\n\
         You have no move left: in normal play the player who cannot move loses.\n\
         engine wins\n"
    );
}

#[test]
fn bad_starts_and_options_are_errors() {
    assert_input_error(&grundy(&["play", "nim", "3", "x"]), "x");
    assert_input_error(&grundy(&["play", "nim"]), "starting position");
    assert_input_error(&grundy(&["play", "nim", "3", "--json"]), "--json");
    assert_input_error(&grundy(&["play", "bash", "5"]), "--max");
    assert_input_error(&grundy(&["play", "nim", "3", "--hint=yes"]), "--hint");
    assert_input_error(
        &grundy(&["play", "nim", "3", "--engine-first", "--frob"]),
        "--frob",
    );
    assert_input_error(&grundy(&["analyze", "nim", "3", "--hint"]), "--hint");
    // A limit hit before the game starts: nothing is played.
    assert_input_error(
        &grundy(&[
            "play",
            "treblecross",
            "........",
            "--misere",
            "--max-states",
            "5",
        ]),
        "limit 5",
    );
}

#[test]
fn options_before_or_after_the_game() {
    for args in [
        &["play", "--engine-first", "nim", "3"][..],
        &["play", "nim", "--engine-first", "3"],
        &["play", "nim", "3", "--engine-first"],
    ] {
        let t = stdout(&grundy(args));
        assert!(
            t.contains("The engine plays heap 1: 3 -> 0"),
            "{args:?}\n{t}"
        );
    }
}

#[test]
fn help_explains_input_policy_and_verdict() {
    for args in [&["play", "--help"][..], &["play", "nim", "--help"]] {
        let o = grundy(args);
        assert_eq!(o.status.code(), Some(0));
        let h = stdout(&o);
        for needle in [
            "--engine-first",
            "--hint",
            "fewest winning replies",
            "wins with --misere",
            "--json is not supported",
            "abandoned",
        ] {
            assert!(h.contains(needle), "{args:?}: {needle}\n{h}");
        }
        assert!(!h.contains("  --json"), "--json is hidden: {h}");
    }
    let h = stdout(&grundy(&["play", "nim", "--help"]));
    assert!(h.contains("Example: grundy play nim 3 4 5"), "{h}");
    assert!(stdout(&grundy(&["--help"])).contains("play"));
}
