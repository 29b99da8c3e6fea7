//! A checkpoint changed anywhere is refused as damaged by `seq` and
//! `quotient`, never taken for another game's file, and left as it was
//! (issue 35, item 6).

use crate::common::*;
use std::path::PathBuf;

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("grundy-damaged-{}-{name}", std::process::id()))
}

/// Writes a checkpoint with `make` (ending in `--checkpoint FILE`), then
/// runs `resume` on it with a byte changed: each of the first 64 (the
/// header, the counts, the first values) and the last 16 (the last values
/// and the checksum) in turn, and every 97th between (the grundy-sequence
/// and grundy-quotient tests change every bit of a small file): status 2,
/// one line naming the file and the damage, nothing about another game,
/// the file untouched.
fn every_byte_refused(name: &str, make: &[&str], resume: &[&str]) {
    let path = temp(name);
    let file = path.to_str().unwrap();
    let with_file = |args: &[&str]| {
        let mut a: Vec<&str> = args.to_vec();
        a.extend(["--checkpoint", file]);
        a.into_iter().map(String::from).collect::<Vec<_>>()
    };
    let made = with_file(make);
    ok(&made.iter().map(String::as_str).collect::<Vec<_>>());
    let good = std::fs::read(&path).unwrap();
    let resumed = with_file(resume);
    let resumed: Vec<&str> = resumed.iter().map(String::as_str).collect();
    let len = good.len();
    for at in (0..len).filter(|&at| at < 64 || at + 16 >= len || at % 97 == 0) {
        let mut bad = good.clone();
        bad[at] ^= if at % 2 == 0 { 0x01 } else { 0x40 };
        std::fs::write(&path, &bad).unwrap();
        let o = grundy(&resumed);
        assert_input_error(&o, "checksum mismatch (the file is damaged");
        let err = stderr(&o);
        assert!(
            err.contains(&format!("checkpoint {file}: ")),
            "byte {at}: {err}"
        );
        assert!(!err.contains("not of"), "byte {at}: {err}");
        assert_eq!(
            std::fs::read(&path).unwrap(),
            bad,
            "byte {at}: the file is left"
        );
    }
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn a_seq_checkpoint_changed_anywhere_is_refused_as_damaged() {
    let seq = ["seq", "octal", "--code", "0.6", "-n", "30"];
    every_byte_refused("seq", &seq, &seq);
}

#[test]
fn a_quotient_checkpoint_changed_anywhere_is_refused_as_damaged() {
    let q = ["quotient", "octal", "--code", "0.07", "--max-heap", "8"];
    every_byte_refused("quotient", &q, &q);
}
