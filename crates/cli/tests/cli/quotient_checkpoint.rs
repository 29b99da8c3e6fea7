//! `grundy quotient --checkpoint FILE`: a growth stopped (by the heaps
//! asked for, or by the time limit) and resumed prints what an
//! uninterrupted one prints, byte for byte; damaged, foreign and locked
//! checkpoints are refused with status 2 and a message naming the file.

use crate::common::{assert_input_error, grundy, ok, says_kept, spawn, stderr, words};
use grundy_sequence::checkpoint::Checksum;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// A fresh path in the temporary directory (nothing there, nor beside it).
fn temp(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("grundy-qckpt-{}-{name}", std::process::id()));
    for suffix in ["", ".lock", ".tmp"] {
        let mut p = path.clone().into_os_string();
        p.push(suffix);
        let _ = std::fs::remove_file(p);
    }
    path
}

/// `args` then `--max-heap N` (when given) and `extra`.
fn command<'a>(args: &[&'a str], max_heap: Option<&'a str>, extra: &[&'a str]) -> Vec<&'a str> {
    let mut all = args.to_vec();
    if let Some(n) = max_heap {
        all.extend(["--max-heap", n]);
    }
    all.extend(extra);
    all
}

/// The largest heap proven in checkpoint `path`: the u64 after the
/// header (18 bytes and the game's name).
fn heaps_in(path: &Path) -> u64 {
    let bytes = std::fs::read(path).expect("the checkpoint exists");
    assert_eq!(&bytes[..10], b"GRUNDYQUO\n");
    let name_len = u32::from_le_bytes(bytes[14..18].try_into().unwrap()) as usize;
    let at = 18 + name_len;
    u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap())
}

/// For each game: grown to the first stops with the checkpoint, then to
/// the end from it; the JSON printed at the end, and printed again from
/// the finished file, is the uninterrupted growth's, byte for byte.
#[test]
fn a_resumed_growth_prints_what_an_uninterrupted_one_does() {
    let cases: [(&[&str], Option<&str>, &[&str]); 4] = [
        (&["quotient", "kayles", "--json"], None, &["40", "100"]),
        (
            &["quotient", "octal", "--code", "0.07", "--json"],
            Some("20"),
            &["5", "12"],
        ),
        // Heaps 25 and 27 placed by the learner and by a cyclic shape, on
        // either side of a stop.
        (
            &["quotient", "octal", "--code", "0.07", "--json"],
            Some("28"),
            &["24", "26"],
        ),
        (
            &["quotient", "octal", "--code", "4.7", "--json"],
            Some("12"),
            &["4", "9"],
        ),
    ];
    for (i, (args, max_heap, stops)) in cases.into_iter().enumerate() {
        let path = temp(&format!("resume-{i}"));
        let file = path.to_str().unwrap();
        let fresh = ok(&command(args, max_heap, &[]));
        for stop in stops {
            ok(&command(args, Some(stop), &["--checkpoint", file]));
            assert_eq!(heaps_in(&path).to_string(), *stop, "{args:?}");
        }
        let resumed = ok(&command(args, max_heap, &["--checkpoint", file]));
        assert_eq!(resumed, fresh, "{args:?}");
        let again = ok(&command(args, max_heap, &["--checkpoint", file]));
        assert_eq!(again, fresh, "{args:?} from the finished file");
        std::fs::remove_file(&path).unwrap();
    }
    // Kayles' growth ended at the heap its quotient was proven whole.
    let path = temp("kayles-solved");
    let file = path.to_str().unwrap();
    ok(&["quotient", "kayles", "--checkpoint", file]);
    assert_eq!(heaps_in(&path), 170);
    std::fs::remove_file(&path).unwrap();
}

/// Stopped by its time limit, the growth keeps the quotient proven in
/// the checkpoint, says so, and the same command with the limit raised
/// goes on from there to the uninterrupted growth's answer.
#[test]
fn a_growth_stopped_by_the_time_limit_resumes() {
    let path = temp("time-limit");
    let file = path.to_str().unwrap();
    // Daisies to heap 22: about 0.25 s in a release build, 5 s in a debug
    // build; the limit stops it well before.
    let args = words("quotient octal --code 4.7 --max-heap 22 --json", &[]);
    let stopped = grundy(&command(
        &args,
        None,
        &["--checkpoint", file, "--time-limit", "0.05"],
    ));
    assert_input_error(&stopped, "time");
    let err = stderr(&stopped);
    assert!(
        says_kept(
            &err,
            file,
            ": the same command with the limit raised goes on from there"
        ),
        "{err}"
    );
    let proven: u64 = err
        .split("proven through heap ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no heap named: {err}"));
    assert!(proven < 22, "{err}");
    assert_eq!(heaps_in(&path), proven);
    let resumed = ok(&command(&args, None, &["--checkpoint", file]));
    assert_eq!(resumed, ok(&args));
    assert_eq!(heaps_in(&path), 22);
    std::fs::remove_file(&path).unwrap();
}

/// A good checkpoint of 0.07 through heap 10, then `damage` done to its
/// bytes: the growth to heap 12 from it is refused with status 2, one
/// line naming the file and `word`.
fn refused_after(name: &str, damage: impl Fn(&mut Vec<u8>), args: &[&str], word: &str) {
    let path = temp(name);
    let file = path.to_str().unwrap();
    ok(&[
        "quotient",
        "octal",
        "--code",
        "0.07",
        "--max-heap",
        "10",
        "--checkpoint",
        file,
    ]);
    let mut bytes = std::fs::read(&path).unwrap();
    damage(&mut bytes);
    std::fs::write(&path, &bytes).unwrap();
    let out = grundy(&command(args, None, &["--checkpoint", file]));
    assert_input_error(&out, word);
    assert!(
        stderr(&out).contains(&format!("checkpoint {file}: ")),
        "{}",
        stderr(&out)
    );
    // Refused, it is left as it was.
    assert_eq!(std::fs::read(&path).unwrap(), bytes);
    std::fs::remove_file(&path).unwrap();
}

const DAWSON_12: [&str; 7] = [
    "quotient",
    "octal",
    "--code",
    "0.07",
    "--max-heap",
    "12",
    "--json",
];

#[test]
fn a_truncated_checkpoint_is_refused() {
    refused_after(
        "truncated",
        |b| b.truncate(b.len() - 9),
        &DAWSON_12,
        "truncated",
    );
    refused_after("short", |b| b.truncate(20), &DAWSON_12, "truncated");
    refused_after("empty", Vec::clear, &DAWSON_12, "truncated");
}

#[test]
fn a_flipped_byte_is_refused() {
    for at in [12, 40, 300] {
        refused_after(
            &format!("flipped-{at}"),
            |b| {
                let at = at.min(b.len() - 1);
                b[at] ^= 0x10;
            },
            &DAWSON_12,
            "checkpoint",
        );
    }
    refused_after(
        "flipped-table",
        |b| {
            let at = b.len() / 2;
            b[at] ^= 1;
        },
        &DAWSON_12,
        "checksum mismatch",
    );
}

/// A byte changed and the checksum made right again: the checksum cannot
/// tell, the exact check of the quotient does.
#[test]
fn a_quotient_changed_under_a_good_checksum_fails_the_exact_check() {
    let reseal = |b: &mut Vec<u8>| {
        let body = b.len() - 8;
        let mut sum = Checksum::new();
        sum.write(&b[..body]);
        let sum = sum.finish().to_le_bytes();
        b[body..].copy_from_slice(&sum);
    };
    // The last heap's element (the last u32 of phi, before the 11 orders,
    // the 16 bytes of hints and the 8 of an empty learner's layer).
    refused_after(
        "resealed-phi",
        |b| {
            let at = b.len() - 8 - 8 - 16 - 11 * 8 - 4;
            b[at] ^= 1;
            reseal(b);
        },
        &DAWSON_12,
        "fails the exact check",
    );
}

#[test]
fn a_checkpoint_of_another_game_is_refused_naming_both() {
    let daisies = ["quotient", "octal", "--code", "4.7", "--max-heap", "12"];
    refused_after(
        "other-code",
        |_| {},
        &daisies,
        "holds the quotient of 'octal 0.07', not of 'octal 4.7'",
    );
    refused_after(
        "other-kayles",
        |_| {},
        &["quotient", "kayles"],
        "not of 'octal 0.77'",
    );
    refused_after(
        "other-nim",
        |_| {},
        &["quotient", "nim", "--max-heap", "12"],
        "not of 'nim'",
    );
    // A sequence checkpoint is no quotient's.
    let path = temp("seq-file");
    let file = path.to_str().unwrap();
    ok(&[
        "seq",
        "octal",
        "--code",
        "0.07",
        "-n",
        "100",
        "--checkpoint",
        file,
    ]);
    let out = grundy(&[&DAWSON_12[..], &["--checkpoint", file]].concat());
    assert_input_error(&out, "not a grundy quotient checkpoint");
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn a_checkpoint_past_the_heaps_asked_for_is_refused() {
    refused_after(
        "past",
        |_| {},
        &["quotient", "octal", "--code", "0.07", "--max-heap", "8"],
        "holds the quotient through heap 10, past --max-heap 8",
    );
}

/// A second run on a checkpoint in use is refused, naming the process;
/// the first run, saving every 0.05 s and ended by SIGTERM, leaves no lock
/// behind and a checkpoint the growth resumes from exactly.
#[test]
fn a_checkpoint_locked_by_a_live_run_is_refused() {
    let path = temp("locked");
    let file = path.to_str().unwrap();
    let lock = PathBuf::from(format!("{file}.lock"));
    // Daisies to heap 80: minutes, far longer than this test.
    let args = words(
        "quotient octal --code 4.7 --max-heap 80 --checkpoint",
        &[file, "--checkpoint-every", "0.05", "--time-limit", "600"],
    );
    let mut first = spawn(&args);
    let start = Instant::now();
    // Locked at once; saved once the interval has passed after a heap.
    while !(lock.exists() && path.exists()) {
        assert!(
            first.try_wait().unwrap().is_none(),
            "the first run ended before it saved its checkpoint"
        );
        assert!(start.elapsed() < Duration::from_secs(60), "no checkpoint");
        std::thread::sleep(Duration::from_millis(5));
    }
    let holder = first.id();
    let second = grundy(&args);
    assert_input_error(
        &second,
        &format!("checkpoint {file}: in use by process {holder}"),
    );
    assert!(first.try_wait().unwrap().is_none(), "the first run goes on");
    let killed = Command::new("kill")
        .args(["-TERM", &holder.to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = first.wait().unwrap();
    assert!(!status.success());
    assert!(!lock.exists(), "the lock outlived its run");
    assert!(!PathBuf::from(format!("{file}.tmp")).exists());
    // What the killed run saved is a whole checkpoint: resumed to one
    // heap further, it prints what an uninterrupted growth prints.
    let next = (heaps_in(&path) + 1).to_string();
    let daisies = ["quotient", "octal", "--code", "4.7", "--json"];
    assert_eq!(
        ok(&command(&daisies, Some(&next), &["--checkpoint", file])),
        ok(&command(&daisies, Some(&next), &[]))
    );
    std::fs::remove_file(&path).unwrap();
}
