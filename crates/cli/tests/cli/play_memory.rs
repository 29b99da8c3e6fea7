//! `grundy play` holds one position's analysis and moves at a time: a
//! match of positions with hundreds of thousands of moves stays within a
//! fixed address space however many moves are played, and undo works the
//! forgotten position out again.

use std::io::Write;
use std::process::{Command, Stdio};

/// `grundy play kayles 400000` under an address-space cap of 900 MB
/// (`ulimit -v`), the person playing move 1 eight times, then `u`, then
/// `q`. Each position lists about 400000 moves (some 150 MB): when every
/// position played was kept, the eighth move passed 1.3 GB and the
/// allocator aborted.
#[test]
fn a_long_match_of_huge_positions_fits_in_a_fixed_address_space() {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 900000 && exec \"$0\" play kayles 400000")
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all("1\n".repeat(8).as_bytes());
        let _ = stdin.write_all(b"u\nq\n");
    });
    let o = child.wait_with_output().expect("grundy finishes");
    writer.join().unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert_eq!(out.matches("You play ").count(), 8, "{err}");
    // The undo went back to the position before the eighth move, whose
    // moves are listed again.
    let (_, after) = out
        .split_once("Taken back: your move heap ")
        .unwrap_or_else(|| panic!("no undo in {}", &out[out.len().saturating_sub(2000)..]));
    assert!(after.contains("(your turn)\nLegal moves:\n"), "{err}");
    assert!(out.ends_with("You quit: the game is abandoned.\n"), "{err}");
}

/// A start whose moves are few enough to count but too large to list:
/// each move writes the whole position, so 1,000 nim heaps of 1,000 (a
/// million moves of 5 KB) and a Hackenbush star of 30,000 edges (30,000
/// moves of 200 KB) took 3 GB and were killed by the allocator (SIGABRT)
/// under a 3 GB cap; a 30,000-edge path ran past a minute. Each is now
/// refused at once, exit status 2, naming the size and what to do.
#[test]
fn a_start_whose_moves_are_too_large_to_list_is_refused_at_once() {
    let heaps = vec!["1000"; 1000].join(" ");
    let star: Vec<String> = (1..=30_000).map(|i| format!("0-{i}")).collect();
    let path: Vec<String> = (0..30_000).map(|i| format!("{i}-{}", i + 1)).collect();
    for (game, position) in [
        ("nim", heaps),
        ("hackenbush", star.join(" ")),
        ("hackenbush", path.join(" ")),
    ] {
        // The position as separate words: one word of it would pass the
        // kernel's bound on one argument (128 KiB).
        let o = Command::new("sh")
            .arg("-c")
            .arg("ulimit -v 2000000 && exec \"$0\" \"$@\"")
            .arg(env!("CARGO_BIN_EXE_grundy"))
            .args(["play", game])
            .args(position.split(' '))
            .env_remove("RUST_BACKTRACE")
            .stdin(Stdio::null())
            .output()
            .expect("sh runs");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{game}: {err}");
        assert!(
            err.starts_with("error: too many moves to list: about ")
                && err.contains("ask for the outcome only, or play from a smaller position"),
            "{game}: {err}"
        );
    }
}
