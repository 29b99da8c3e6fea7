//! `grundy play` like a master (issue 11 item 3): the engine wins as fast
//! as it can, defends a lost position for the longest game, picks among
//! equal moves by `--seed`, and says who won on the last line; one game is
//! played through a real terminal (a pty, by util-linux `script`).

use crate::common::*;
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

/// The engine's moves, as `(label, to)`, in order.
fn engine_moves(t: &str) -> Vec<String> {
    t.lines()
        .filter_map(|l| l.strip_prefix("The engine plays "))
        .map(|l| l.split("    to: ").next().unwrap().to_string())
        .collect()
}

#[test]
fn the_engine_defends_a_lost_position_for_the_longest_game() {
    // From 2 2 every move loses; taking one counter makes the game last
    // four moves, taking two only two. The old heuristic took two.
    let input = "heap 2: 2 -> 1\nheap 2: 1 -> 0\n";
    let o = grundy_stdin(&["play", "nim", "2", "2", "--engine-first"], input);
    let t = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        engine_moves(&t),
        ["heap 1: 2 -> 1", "heap 1: 1 -> 0"],
        "{t}"
    );
    assert!(t.ends_with("\nyou win\n"), "{t}");
}

/// Whether the player to move wins nim `heaps`, and the remoteness (moves
/// to the end with the winner hurrying and the loser delaying), by plain
/// recursion: the test's own oracle.
fn nim_remoteness(heaps: &[u64]) -> (bool, u32) {
    let mut wins = Vec::new();
    let mut loses = Vec::new();
    for i in 0..heaps.len() {
        for k in 0..heaps[i] {
            let mut q = heaps.to_vec();
            q[i] = k;
            let (w, r) = nim_remoteness(&q);
            if w {
                loses.push(r);
            } else {
                wins.push(r);
            }
        }
    }
    match (wins.iter().min(), loses.iter().max()) {
        (Some(&r), _) => (true, r + 1),
        (None, Some(&r)) => (false, r + 1),
        (None, None) => (false, 0),
    }
}

fn heaps(text: &str) -> Vec<u64> {
    text.split_whitespace()
        .map(|w| w.parse().unwrap())
        .collect()
}

/// Every engine move of a nim game against a person who always plays the
/// first listed move is the best by remoteness: the fastest win from a
/// won position, the longest defence from a lost one.
#[test]
fn every_engine_move_is_best_by_remoteness() {
    for start in ["3 2 1 1", "1 2 3", "4 1 2", "2 3 3"] {
        let mut args = vec!["play", "nim"];
        args.extend(start.split_whitespace());
        args.push("--engine-first");
        let o = grundy_stdin(&args, &"1\n".repeat(20));
        let t = stdout(&o);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let mut before = heaps(start);
        let mut checked = 0;
        for line in t.lines() {
            let to = match (
                line.strip_prefix("The engine plays "),
                line.split("    to: ").nth(1),
            ) {
                (Some(_), Some(to)) => heaps(to),
                (None, Some(to)) if line.contains("You play ") => {
                    before = heaps(to);
                    continue;
                }
                _ => continue,
            };
            let (won, r) = nim_remoteness(&before);
            let (opp_wins, opp_r) = nim_remoteness(&to);
            assert_eq!(!opp_wins, won, "{start}: from {before:?} to {to:?}\n{t}");
            assert_eq!(opp_r + 1, r, "{start}: from {before:?} to {to:?}\n{t}");
            before = to;
            checked += 1;
        }
        assert!(checked >= 1, "{t}");
        // The person's first-listed moves may throw a win away: the last
        // line names whoever won.
        assert!(
            t.ends_with("\nengine wins\n") || t.ends_with("\nyou win\n"),
            "{start}: {t}"
        );
    }
}

#[test]
fn seeds_pick_among_equal_moves_reproducibly() {
    let first = |seed: &str| {
        let args = [
            "play",
            "nim",
            "1",
            "1",
            "1",
            "1",
            "1",
            "--engine-first",
            "--seed",
            seed,
        ];
        let t = stdout(&grundy_stdin(&args, "q\n"));
        assert_eq!(
            t,
            stdout(&grundy_stdin(&args, "q\n")),
            "seed {seed} replays"
        );
        engine_moves(&t)[0].clone()
    };
    let mut seen: Vec<String> = (0..12).map(|s| first(&s.to_string())).collect();
    seen.sort();
    seen.dedup();
    assert!(seen.len() >= 2, "{seen:?}");
    // Without a seed the first listed of the equal moves is played.
    let t = stdout(&grundy_stdin(
        &["play", "nim", "1", "1", "1", "1", "1", "--engine-first"],
        "q\n",
    ));
    assert_eq!(engine_moves(&t)[0], "heap 1: 1 -> 0");
    assert_input_error(&grundy(&["play", "nim", "3", "--seed", "x"]), "--seed");
}

#[test]
fn help_says_how_the_engine_chooses() {
    let t = stdout(&grundy_stdin(&["play", "nim", "3"], "help\nq\n"));
    assert!(t.contains("The engine plays by remoteness"), "{t}");
    let h = stdout(&grundy(&["play", "--help"]));
    assert!(h.contains("--seed"), "{h}");
}

/// A whole game through a pseudo-terminal: `script` gives grundy a pty
/// for stdin and stdout, as a person's terminal would, and records it.
/// `script` (util-linux, Debian's bsdutils) must be installed: without it
/// the test fails, it is never skipped.
fn recorded_game(args: &str, lines: &[&str]) -> String {
    let version = Command::new("script").arg("--version").output().expect(
        "util-linux `script` runs (install Debian's bsdutils): the game through a terminal needs it",
    );
    assert!(version.status.success(), "script --version: {version:?}");
    let cmd = format!("{} play {args}", env!("CARGO_BIN_EXE_grundy"));
    let mut child = Command::new("script")
        .args(["-qec", &cmd, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("script runs");
    let mut stdin = child.stdin.take().unwrap();
    // One answer a line, paced like a person so the terminal echo and the
    // prompts interleave as they would on screen.
    for line in lines {
        std::thread::sleep(Duration::from_millis(300));
        stdin.write_all(format!("{line}\n").as_bytes()).unwrap();
        stdin.flush().unwrap();
    }
    std::thread::sleep(Duration::from_millis(300));
    drop(stdin);
    let o = child.wait_with_output().expect("script finishes");
    let t = String::from_utf8_lossy(&o.stdout).replace("\r\n", "\n");
    assert!(o.status.success(), "{t}");
    t
}

#[test]
fn a_game_recorded_through_a_terminal() {
    let t = recorded_game(
        "nim 2 2 --engine-first",
        &["heap 2: 2 -> 1", "heap 2: 1 -> 0"],
    );
    assert!(t.contains("The engine plays heap 1: 2 -> 1"), "{t}");
    assert!(t.contains("You play heap 2: 2 -> 1"), "{t}");
    assert!(t.trim_end().ends_with("you win"), "{t}");
}

#[test]
fn a_game_the_engine_wins_recorded_through_a_terminal() {
    // From 2 3 the engine's only winning move is 3 -> 2, then it mirrors.
    let t = recorded_game(
        "nim 2 3 --engine-first",
        &["heap 1: 2 -> 1", "heap 1: 1 -> 0"],
    );
    assert!(t.contains("The engine plays heap 2: 3 -> 2"), "{t}");
    assert!(t.contains("The engine plays heap 2: 2 -> 1"), "{t}");
    assert!(t.contains("The engine plays heap 2: 1 -> 0"), "{t}");
    assert!(t.trim_end().ends_with("engine wins"), "{t}");
}

#[test]
fn misere_remoteness_counts_the_last_move_as_a_loss() {
    // Misère nim 3: taking all three leaves the opponent without a move,
    // which wins for them; 3 -> 1 forces them to take the last counter.
    let o = grundy_stdin(&["play", "nim", "3", "--misere", "--engine-first"], "1\n");
    let t = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(engine_moves(&t), ["heap 1: 3 -> 1"], "{t}");
    assert!(t.ends_with("\nengine wins\n"), "{t}");
}

/// The positions the engine moves to in `play ARGS --engine-first`
/// against a person who always plays the first listed move.
fn engine_targets(args: &[&str]) -> Vec<String> {
    let mut args = args.to_vec();
    args.push("--engine-first");
    let o = grundy_stdin(&args, &"1\n".repeat(40));
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    stdout(&o)
        .lines()
        .filter_map(|l| l.strip_prefix("The engine plays "))
        .map(|l| l.rsplit("to: ").next().unwrap().to_string())
        .collect()
}

/// A rules file is played by remoteness as the built-in game is: from
/// every start 1..=24 of subtraction {1, 3, 4}, the engine's moves against
/// the same replies are the same (from 10, the fastest win: to 7).
#[test]
fn a_rules_file_is_played_by_remoteness_like_the_built_in_game() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/rules/subtraction.rhai"
    );
    assert_eq!(
        engine_targets(&["play", "--rules", file, "10"])
            .first()
            .map(String::as_str),
        Some("7")
    );
    for start in 1..=24 {
        let start = start.to_string();
        let by_rules = engine_targets(&["play", "--rules", file, &start]);
        let built_in = engine_targets(&["play", "subtraction", "--set", "1,3,4", &start]);
        assert!(!by_rules.is_empty(), "from {start}");
        assert_eq!(by_rules, built_in, "from {start}");
    }
}
