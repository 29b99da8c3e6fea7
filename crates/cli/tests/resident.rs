//! The memory budget bounds the resident memory of the process, measured
//! by the kernel: a test binary of its own, because a child's peak
//! (`ru_maxrss`) starts from its parent's at the spawn, and the `cli`
//! test binary, running many tests at once, holds gigabytes.

use std::process::{Command, Stdio};

/// This process's own peak resident memory in KiB (`VmHWM`).
fn own_peak_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("Linux has /proc");
    let line = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .expect("VmHWM is listed");
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// Runs `grundy` with `args` and returns its exit code, its stderr and
/// its peak resident memory in KiB (its `ru_maxrss`, read by waiting for
/// it with `wait4`; at least this process's peak, checked to be small).
// The child is waited for by `wait4`, not `Child::wait`, for its rusage.
#[allow(clippy::zombie_processes)]
fn peak_resident(args: &[&str]) -> (Option<i32>, String, u64) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("grundy runs");
    let err = std::io::read_to_string(child.stderr.take().unwrap()).unwrap();
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value to be written over.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is our child, not yet waited for; both pointers are
    // to live locals.
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid, "wait4");
    let code = libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status));
    (code, err, usage.ru_maxrss as u64)
}

#[test]
fn the_memory_budget_bounds_resident_memory() {
    // Found by a hostile-input round: a misère analysis of a 36-digit
    // code grew its quotient (many option lists of a few bytes each) to
    // a clear error, but held 249 MB resident at --max-memory 200M, 133
    // MB at 100M and 73 MB at 50M: the budget counted the bytes asked
    // for, not the blocks the allocator rounds them to nor the program
    // itself, and mimalloc's arena had transparent huge pages (2 MiB
    // resident at a touch).
    assert!(
        own_peak_kib() < 20 << 10,
        "this test process is too large to measure a child"
    );
    for (limit, kib) in [("50M", 50 << 10), ("100M", 100 << 10)] {
        let args = [
            "analyze",
            "octal",
            "--code",
            "0.0000000000000000000151675580397777F",
            "1281197",
            "5",
            "--misere",
            "--max-memory",
            limit,
        ];
        let (code, err, peak) = peak_resident(&args);
        assert_eq!(code, Some(2), "{err}");
        assert!(err.starts_with("error: "), "{err}");
        assert!(peak < kib, "{limit}: {peak} KiB resident");
    }
}

#[test]
fn resident_memory_stays_under_the_cap_of_a_quotient_and_of_a_move_list() {
    // Issue 35: `quotient octal --code 4.7` held 33 to 36 MB resident at
    // --max-memory 30M (freed pages mimalloc keeps a while, counted by
    // no one), and `analyze kayles 3000000` listed 249,999 winning moves
    // in 124 MB at --max-memory 100M (each move's headers, past its
    // text, were not counted).
    assert!(
        own_peak_kib() < 20 << 10,
        "this test process is too large to measure a child"
    );
    let cases: [(&[&str], u64, i32); 2] = [
        (
            &["quotient", "octal", "--code", "4.7", "--max-memory", "30M"],
            30 << 10,
            2,
        ),
        (
            &["analyze", "kayles", "3000000", "--max-memory", "100M"],
            100 << 10,
            0,
        ),
    ];
    for (args, kib, status) in cases {
        let (code, err, peak) = peak_resident(args);
        assert_eq!(code, Some(status), "{args:?}: {err}");
        assert!(peak < kib, "{args:?}: {peak} KiB resident");
    }
}

#[test]
fn a_small_budget_bounds_the_resident_memory_of_quotient_rounds() {
    // Issue 35: at --max-memory 16M (5 MB above what the process holds at
    // start), 0.07's quotient held 17.6 to 19.2 MB resident and 0.76's
    // up to 26.5 MB: pages freed by one round, kept by mimalloc for its
    // purge delay, were resident beside the next round's, counted by no
    // one until the count moved a MiB.
    assert!(
        own_peak_kib() < 20 << 10,
        "this test process is too large to measure a child"
    );
    for code in ["0.07", "0.76"] {
        let args = [
            "quotient",
            "octal",
            "--code",
            code,
            "--max-memory",
            "16M",
            "--threads",
            "1",
        ];
        let (status, err, peak) = peak_resident(&args);
        assert_eq!(status, Some(2), "{code}: {err}");
        assert!(err.starts_with("error: memory limit hit"), "{code}: {err}");
        assert!(peak < 16 << 10, "{code}: {peak} KiB resident");
    }
}
