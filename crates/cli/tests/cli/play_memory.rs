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
