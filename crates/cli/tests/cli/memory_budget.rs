//! The memory budget (`--max-memory`): every family's worst case run
//! under a 2 GB address-space cap (`ulimit -v 2000000`) ends with an
//! answer or a limit error (exit 0 or 2), never a signal. Before the
//! budget, `octal --code 0.6 1100000`, misère coin rows, misère token
//! graphs, growing rules files and coin products were killed by SIGABRT
//! ("memory allocation failed") under such a cap, or took the machine
//! without one.

use crate::common::{grundy, stderr};
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, Output, Stdio};
use std::sync::Mutex;

/// The address-space cap of every case, KiB: `ulimit -v 2000000`.
const CAP_KIB: u64 = 2_000_000;

/// Runs `grundy` with `args` under the cap, through `sh -c` as a user
/// would.
fn capped(args: &[String]) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {CAP_KIB} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("sh runs")
}

/// A rules file whose positions keep growing: a list that each move
/// lengthens, up to 60000 entries (so the positions a search stores hold
/// billions of entries in all). It reached 3 GB in 12 s before the budget.
const GROWING: &str = r#"
fn parse(text) {
    let p = [];
    for w in text.split() { p.push(parse_int(w)); }
    p
}
fn format(p) {
    let t = "";
    for n in p { if t != "" { t += " "; } t += `${n}`; }
    if t == "" { "-" } else { t }
}
fn moves(p) {
    if p.len() >= 60000 { return []; }
    let a = p; a.push(p.len());
    let b = p; b.push(p.len() + 1);
    [#{ label: "a", to: a }, #{ label: "b", to: b }]
}
"#;

fn growing_rules() -> String {
    let path = std::env::temp_dir().join(format!(
        "grundy-memory-budget-{}-growing.rhai",
        std::process::id()
    ));
    std::fs::write(&path, GROWING).expect("temp dir is writable");
    path.display().to_string()
}

/// A cyclic board of 24 nodes (a ring with chords): eight tokens on it
/// in misère play explore millions of sums (2.4 GB before the budget).
fn ring_board() -> String {
    let n = 24;
    let ring = (0..n).map(|i| format!("n{i}-n{}", (i + 1) % n));
    let chords = (0..n).step_by(2).map(|i| format!("n{i}-n{}", (i + 5) % n));
    ring.chain(chords).collect::<Vec<_>>().join(",")
}

/// The worst cases: for each registered family a position past its
/// tables, its closed forms or its search, and the reported ones.
fn worst_cases() -> Vec<Vec<String>> {
    let rules = growing_rules();
    let board = ring_board();
    let dots = |k| ".".repeat(k);
    let cases: Vec<String> = vec![
        "analyze nim 18446744073709551615 18446744073709551614 --misere".into(),
        "analyze bash --max 1000000 18446744073709551615 18446744073709551614 --misere".into(),
        "analyze bounded-nim 1000000000/999999 7/3 --misere".into(),
        "analyze lasker 100000 100000 --misere".into(),
        "analyze lasker 100000 99999".into(),
        "analyze wythoff 1000000000000000000 999999999999999999".into(),
        "analyze wythoff 100000 100000 --misere".into(),
        "analyze staircase 50000 50000 --misere".into(),
        "analyze chessmen 1 50000 100000 --misere".into(),
        "analyze multiplication --target 4294967296 1 --misere".into(),
        "analyze game31 - --misere".into(),
        "analyze subtraction --set 1,3,4 18446744073709551615 --misere".into(),
        "analyze subtraction --set 1,2,3,5,7,11,13 1000000000 999999999".into(),
        // Huge take-and-break heaps.
        "analyze octal --code 0.6 1100000".into(),
        "analyze kayles 1100000 1100001".into(),
        "analyze dawson-kayles 2000000".into(),
        "analyze grundy-game 5000000".into(),
        "analyze kayles 60 60 --misere".into(),
        format!("analyze xo-row {}", dots(10000)),
        format!("analyze xo-row {} --misere", dots(40)),
        format!("analyze kayles-row {} --misere", "I".repeat(10000)),
        format!("analyze treblecross {}", dots(10000)),
        format!("analyze treblecross {} --misere", dots(40)),
        "analyze paint2xn --n 10000 -".into(),
        "analyze paint2xn --n 14 - --misere".into(),
        format!(
            "analyze checkers {} --misere",
            vec!["1,2,3,4,5,6,7,8,9,10"; 1000].join(" ")
        ),
        format!(
            "analyze hackenbush {} 1-2 2-3 3-1 --misere",
            (1..60)
                .map(|i| format!("0-{i}"))
                .collect::<Vec<_>>()
                .join(" ")
        ),
        "analyze ring --n 1000000 --a 1,2,3 --b 1,2".into(),
        // Misère coin rows: about 15 KB a sum.
        format!("analyze coins --rule ruler {} --misere", "H".repeat(18)),
        format!(
            "analyze coins --rule mock-turtles {} --misere",
            "H".repeat(60)
        ),
        "analyze turning-corners 3699942501,3250643525".into(),
        "analyze coin-product --x ruler --y mock-turtles 2204121929,178 --outcome-only".into(),
        "analyze coin-product --x ruler --y mock-turtles 1000001,256".into(),
        // Ruler sets as long as their coin: the theory built every set of
        // one axis at once (30,000: 450 million coins) and a set of the
        // other of 10^9 coins; SIGABRT under the cap before.
        "analyze coin-product --x ruler --y ruler 30000,30000".into(),
        "analyze coin-product --x ruler --y ruler 100000,100000 --max-moves 3".into(),
        "analyze coin-product --x ruler --y mock-turtles 1166666666,62790 --max-moves 4".into(),
        // 10,001 one-edge graphs: 10,001 winning moves of 10,000 edges;
        // the outcome-only answer built them all (SIGABRT at 6.6 s).
        format!("analyze hackenbush {}", vec!["0-1"; 10_001].join(" ; ")),
        // 9 million moves turning 2*10^13 cells in all: `play` listed them.
        "play coin-product --x ruler --y ruler 3000,3000".into(),
        "analyze digital-deletions 999999 --misere".into(),
        format!("analyze graph --edges {board} n0,n1,n2,n3,n4,n5,n6,n7 --misere"),
        format!("analyze --rules {rules} 1"),
        "seq nim -n 100000000".into(),
        "seq octal --code 0.6 -n 300000000 --summary".into(),
    ];
    cases
        .into_iter()
        .map(|c| {
            let mut words: Vec<String> = c.split(' ').map(str::to_string).collect();
            // Seconds per case, not the default minute: the limit that
            // matters here is memory, which these reach in a few seconds.
            words.extend(["--time-limit".into(), "5".into()]);
            words
        })
        .collect()
}

/// Whether `o` is a clean ending: an answer, or status 2 with a message
/// naming a limit or a size refused.
fn clean(o: &Output) -> Result<(), String> {
    let err = stderr(o);
    match (o.status.code(), o.status.signal()) {
        (Some(0), _) => Ok(()),
        (Some(2), _) if err.contains("limit") || err.contains("too large") => Ok(()),
        (code, signal) => Err(format!(
            "status {code:?}, signal {signal:?}: {}",
            err.lines().last().unwrap_or("")
        )),
    }
}

#[test]
fn every_worst_case_ends_cleanly_under_a_2_gb_address_space_cap() {
    let cases = Mutex::new(worst_cases());
    let failures = Mutex::new(Vec::new());
    // Two at a time: each may hold up to its budget (half the cap).
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let Some(args) = cases.lock().unwrap().pop() else {
                    break;
                };
                if let Err(e) = clean(&capped(&args)) {
                    let shown: String = args.join(" ").chars().take(100).collect();
                    failures.lock().unwrap().push(format!("{shown}: {e}"));
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_memory_limit_is_reported_with_how_to_raise_it() {
    // Misère coin rows store about 15 KB a sum: 16 MiB go at once.
    let row = "H".repeat(16);
    let o = grundy(&[
        "analyze",
        "coins",
        "--rule",
        "ruler",
        &row,
        "--misere",
        "--max-memory",
        "16M",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_eq!(
        stderr(&o).trim_end(),
        "error: memory limit hit: more than 16 MiB in use (raise it with --max-memory; in Python, max_memory=)"
    );
}

#[test]
fn a_growing_rules_file_hits_the_memory_limit_under_the_cap() {
    let args: Vec<String> = ["analyze", "--rules", &growing_rules(), "1"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let o = capped(&args);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("memory limit hit: more than"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_sequence_past_the_budget_is_refused_before_allocating() {
    let o = grundy(&[
        "seq",
        "octal",
        "--code",
        "0.6",
        "-n",
        "100000000",
        "--max-memory",
        "100M",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o).trim_end(),
        "error: heaps 0..=100000000 need about 564 MiB of memory, more than the memory limit of 100 MiB (raise it with --max-memory; in Python, max_memory=); ask for a smaller -n"
    );
    let o = grundy(&["seq", "nim", "-n", "100000000", "--max-memory", "500M"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("memory limit hit: more than 500 MiB"));
}

#[test]
fn memory_sizes_are_read_with_suffixes_and_bad_ones_named() {
    let o = grundy(&["analyze", "nim", "3", "4", "--max-memory", "12Q"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--max-memory: invalid memory size '12Q'"),
        "{}",
        stderr(&o)
    );
    for ok in ["64M", "1G", "1.5g", "4194304"] {
        let o = grundy(&["analyze", "nim", "3", "4", "--max-memory", ok]);
        assert_eq!(o.status.code(), Some(0), "{ok}: {}", stderr(&o));
    }
}

#[test]
fn a_misere_bound_counts_stored_sums_not_moves() {
    // Refused as "about 92,723,120 positions" when the bound was weighted
    // by the moves; the search stores 20,835 sums.
    let o = grundy(&["analyze", "lasker", "9", "9", "9", "5", "--misere"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}
