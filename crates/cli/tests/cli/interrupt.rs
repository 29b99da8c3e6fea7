//! SIGINT and SIGTERM end `seq`, `quotient` and `survey` (normal and
//! misère) with their checkpoint written and a message saying how to go
//! on (status 130); the same command resumes, and its output is that of
//! an uninterrupted run, byte for byte (a survey's seconds aside: they
//! are each run's own). bench/kill_resume.sh does the same 20 times with
//! SIGINT and 20 times with SIGKILL for each command.

use crate::common::{grundy, says_kept, spawn, stderr, stdout};
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

/// A fresh checkpoint path (nothing there, nor its lock or save).
fn temp(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("grundy-int-{}-{name}", std::process::id()));
    for suffix in ["", ".lock", ".tmp"] {
        let mut p = path.clone().into_os_string();
        p.push(suffix);
        let _ = std::fs::remove_file(p);
    }
    path
}

/// A pseudo-random number below `bound`, from the clock (printed, so a
/// failing moment can be tried again by hand).
fn random_below(bound: u64) -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos() as u64);
    let x = nanos
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    (x >> 33) % bound.max(1)
}

/// The survey lines with each `"seconds":...` made 0.
fn timeless(text: &str) -> String {
    text.lines()
        .map(|l| match l.find("\"seconds\":") {
            Some(at) => {
                let rest = &l[at + 10..];
                let end = rest.find([',', '}']).unwrap_or(rest.len());
                format!("{}\"seconds\":0{}", &l[..at], &rest[end..])
            }
            None => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Runs `args` with `--checkpoint FILE`, sends `signal` at a random
/// moment within `window` after its lock is taken, and checks: status
/// 130 and the message naming the file and the command (or a run that
/// ended first, status 0); then the same command resumed prints `whole`,
/// the output of an uninterrupted run (through `same`).
fn interrupt_and_resume(
    name: &str,
    args: &[&str],
    signal: &str,
    window: u64,
    same: fn(&str) -> String,
) {
    let path = temp(name);
    let file = path.to_str().unwrap();
    let mut with: Vec<&str> = args.to_vec();
    with.extend(["--checkpoint", file]);
    let reference = grundy(args);
    assert_eq!(
        reference.status.code(),
        Some(0),
        "{name}: {}",
        stderr(&reference)
    );
    let whole = same(&stdout(&reference));
    let lock = PathBuf::from(format!("{file}.lock"));
    let mut child = spawn(&with);
    let start = Instant::now();
    while !lock.exists() && child.try_wait().unwrap().is_none() {
        assert!(start.elapsed() < Duration::from_secs(60), "{name}: no lock");
        std::thread::sleep(Duration::from_millis(2));
    }
    let wait = random_below(window);
    eprintln!("{name}: {signal} {wait} ms after the lock");
    std::thread::sleep(Duration::from_millis(wait));
    Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let err = stderr(&out);
    match out.status.code() {
        Some(130) => {
            assert!(err.starts_with("error: interrupted"), "{name}: {err}");
            assert!(
                says_kept(&err, file, ": the same command goes on from there: "),
                "{name}: {err}"
            );
            assert!(
                err.trim_end().ends_with(&with[1..].join(" ")),
                "{name}: {err}"
            );
            assert_eq!(err.lines().count(), 1, "{name}: {err}");
            assert!(path.exists(), "{name}: no checkpoint");
        }
        Some(0) => eprintln!("{name}: finished before the signal"),
        other => panic!("{name}: status {other:?}: {err}"),
    }
    assert!(!lock.exists(), "{name}: the lock outlived its run");
    let resumed = grundy(&with);
    assert_eq!(
        resumed.status.code(),
        Some(0),
        "{name}: {}",
        stderr(&resumed)
    );
    assert!(
        same(&stdout(&resumed)) == whole,
        "{name}: the resumed output differs"
    );
    let _ = std::fs::remove_file(&path);
}

fn as_is(text: &str) -> String {
    text.to_string()
}

#[test]
fn seq_interrupted_at_a_random_moment_resumes_to_the_same_output() {
    let n = if cfg!(debug_assertions) {
        "60000"
    } else {
        "400000"
    };
    let args = ["seq", "octal", "--code", "0.6", "-n", n, "--threads", "1"];
    interrupt_and_resume("seq-int", &args, "INT", 500, as_is);
    interrupt_and_resume("seq-term", &args, "TERM", 500, as_is);
}

#[test]
fn quotient_interrupted_at_a_random_moment_resumes_to_the_same_output() {
    let args = [
        "quotient",
        "octal",
        "--code",
        "0.07",
        "--max-heap",
        "26",
        "--json",
    ];
    interrupt_and_resume("quotient", &args, "INT", 1000, as_is);
}

#[test]
fn surveys_interrupted_at_a_random_moment_resume_to_the_same_lines() {
    let n = if cfg!(debug_assertions) {
        "2000"
    } else {
        "10000"
    };
    let args = [
        "survey",
        "--codes",
        "0.xy",
        "-n",
        n,
        "--json",
        "--threads",
        "2",
    ];
    interrupt_and_resume("survey", &args, "TERM", 500, timeless);
    let misere = [
        "survey",
        "--misere",
        "--codes",
        "0.75,0.07,0.77",
        "--max-heap",
        "26",
        "--json",
        "--threads",
        "2",
    ];
    interrupt_and_resume("misere", &misere, "INT", 500, timeless);
}

/// Without a checkpoint the message says that nothing was kept; the
/// status is 130 all the same.
#[test]
fn an_interrupt_without_a_checkpoint_says_nothing_was_kept() {
    let child = spawn(&[
        "seq",
        "octal",
        "--code",
        "0.6",
        "-n",
        "30000000",
        "--summary",
    ]);
    std::thread::sleep(Duration::from_millis(1000));
    Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(
        err.starts_with("error: interrupted with the values of heaps 0.."),
        "{err}"
    );
    assert!(err.contains("nothing was kept"), "{err}");
}

/// The interrupt line with and without a learner's layer kept passes
/// the check; a layer's words out of place, or another file, do not.
#[test]
fn the_kept_check_reads_a_layer_or_none() {
    let then = ": the same command goes on from there: ";
    let plain = "error: interrupted with x; kept in the checkpoint F: the same command goes on from there: grundy";
    let layer = "error: interrupted with x; kept in the checkpoint F (with heap 25's sums of up to 1 copy learned): the same command goes on from there: grundy";
    assert!(says_kept(plain, "F", then));
    assert!(says_kept(layer, "F", then));
    assert!(!says_kept(layer, "G", then));
    assert!(!says_kept(
        "kept in the checkpoint F (with something else): the same command goes on from there: ",
        "F",
        then
    ));
    assert!(!says_kept("kept in the checkpoint F; the same", "F", then));
}
