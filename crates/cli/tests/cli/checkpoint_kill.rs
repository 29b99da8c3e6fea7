//! `grundy seq --checkpoint`: a run killed with SIGKILL resumes from its
//! file, and the final values equal those of an uninterrupted run; damaged
//! or foreign checkpoint files are refused with exit status 2.

use crate::common::{grundy, stderr, words};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Heaps of 0.6 to compute: enough that the run is still going when the
/// first checkpoint appears, small enough to finish quickly in the test
/// profile in use.
fn heaps() -> u64 {
    if cfg!(debug_assertions) {
        40_000
    } else {
        300_000
    }
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-ckpt-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&dir);
    dir
}

fn values(out: &std::process::Output) -> Vec<u64> {
    assert!(
        out.status.success(),
        "seq failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    doc["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect()
}

#[test]
fn killed_run_resumes_to_identical_values() {
    let path = temp("kill");
    let n = heaps().to_string();
    let ckpt = path.to_str().unwrap();
    let args = [
        "seq",
        "octal",
        "--code",
        "0.6",
        "-n",
        &n,
        "--method",
        "rc",
        "--json",
        "--checkpoint",
        ckpt,
        "--checkpoint-every",
        "0.02",
    ];
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Kill it (SIGKILL: no chance to clean up) once a checkpoint exists.
    let start = Instant::now();
    loop {
        let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
        if size > 4096 {
            break;
        }
        assert!(
            child.try_wait().unwrap().is_none(),
            "the run ended before its first checkpoint; raise heaps()"
        );
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "no checkpoint written"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let saved = std::fs::metadata(&path).unwrap().len();

    let resumed = values(&grundy(&args));
    let fresh = values(&grundy(&[
        "seq", "octal", "--code", "0.6", "-n", &n, "--method", "rc", "--json",
    ]));
    assert_eq!(resumed.len() as u64, heaps() + 1);
    assert_eq!(resumed, fresh);
    // The resumed run finished the file it had started.
    assert!(std::fs::metadata(&path).unwrap().len() > saved);
    let _ = std::fs::remove_file(&path);
}

#[test]
fn damaged_or_foreign_checkpoints_are_refused() {
    let path = temp("damaged");
    let ckpt = path.to_str().unwrap();
    let run = |code: &str| {
        grundy(&[
            "seq",
            "octal",
            "--code",
            code,
            "-n",
            "3000",
            "--checkpoint",
            ckpt,
        ])
    };
    assert!(run("0.6").status.success());
    let good = std::fs::read(&path).unwrap();
    // The file as it is now refused for 0.6: status 2; its message.
    let refused = || {
        let out = run("0.6");
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{err}");
        err
    };

    // Another game's file.
    let out = run("0.77");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("checkpoint"));

    // Truncated.
    std::fs::write(&path, &good[..good.len() / 2]).unwrap();
    refused();

    // One value flipped: the checksum must catch it.
    let mut bad = good.clone();
    let last = bad.len() - 20;
    bad[last] ^= 1;
    std::fs::write(&path, &bad).unwrap();
    let err = refused();
    assert_eq!(err.lines().count(), 1, "{err}");
    let _ = std::fs::remove_file(&path);
}

#[test]
fn time_limit_stops_seq_and_keeps_its_checkpoint() {
    let path = temp("timelimit");
    let ckpt = path.to_str().unwrap();
    let out = grundy(&words(
        "seq octal --code 0.6 -n 50000000 --method rc --checkpoint",
        &[ckpt, "--time-limit", "0.3"],
    ));
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    // The message says how far the values got and where they are kept.
    assert!(err.contains("time limit of 300ms reached"), "{err}");
    assert!(err.contains("heaps 0..") && err.contains(ckpt), "{err}");
    assert!(err.contains("the same command goes on from there"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    // The work done is kept: the same command resumes from it.
    assert!(std::fs::metadata(&path).unwrap().len() > 1000);
    let _ = std::fs::remove_file(&path);
}
