//! The memory budget (`--max-memory`): every family's worst case run
//! under a 2 GB address-space cap (`ulimit -v 2000000`) ends with an
//! answer or a limit error (exit 0 or 2), never a signal. Before the
//! budget, `octal --code 0.6 1100000`, misère coin rows, misère token
//! graphs, growing rules files and coin products were killed by SIGABRT
//! ("memory allocation failed") under such a cap, or took the machine
//! without one.

use crate::common::{finish_with_input, grundy, stderr, words};
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, Output, Stdio};
use std::sync::Mutex;

/// The address-space cap of every case, KiB: `ulimit -v 2000000`.
const CAP_KIB: u64 = 2_000_000;

/// Runs `grundy` with `args` under the cap, through `sh -c` as a user
/// would.
/// The words of `line`, owned (for [`capped`]).
fn owned(line: &str) -> Vec<String> {
    line.split_whitespace().map(str::to_string).collect()
}

fn capped(args: &[String]) -> Output {
    capped_with_input(args, "")
}

/// [`capped`], with `input` on stdin (a `batch`).
fn capped_with_input(args: &[String], input: &str) -> Output {
    capped_at(CAP_KIB, args, input)
}

/// Runs `grundy` with `args` and `input` on stdin under a cap of
/// `cap_kib` KiB of address space.
fn capped_at(cap_kib: u64, args: &[String], input: &str) -> Output {
    let child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {cap_kib} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    finish_with_input(child, input)
}

/// `count` coins in a row, heads and tails by a fixed pseudo-random
/// sequence (the same on every machine).
fn random_coins(count: usize) -> String {
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    (0..count)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            if x & 1 == 1 {
                'H'
            } else {
                'T'
            }
        })
        .collect()
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
        // A ruler move from coin 30,000 turns up to 30,000 coins: the
        // moves' text was bounded by the start's 11 bytes (SIGABRT).
        "play coins --rule ruler 30000:30000".into(),
        "play coins --rule ruler 100000:100000".into(),
        "analyze digital-deletions 999999 --misere".into(),
        format!("analyze graph --edges {board} n0,n1,n2,n3,n4,n5,n6,n7 --misere"),
        format!("analyze --rules {rules} 1"),
        // 10,000 random grunt coins: about 35,000 winning sets, each move
        // a copy of the row; the outcome-only theory built them all
        // (2.3 GB, SIGABRT under the cap).
        format!(
            "analyze coins --rule grunt {} --outcome-only",
            random_coins(10_000)
        ),
        format!("analyze coins --rule grunt {}", random_coins(10_000)),
        // The ring table of 5 million starts: 600 MB an answer.
        "analyze ring --n 4999999 --a 1,2 --b 3,5 3 B".into(),
        "play ring --n 4999999 --a 1,2 --b 3,5".into(),
        "seq nim -n 100000000".into(),
        // The summary counted every distinct value, and the plot kept a
        // dot per (column, value): nim's values are its heaps (SIGABRT).
        "seq nim -n 30000000 --summary".into(),
        "seq lasker -n 100000000 --summary".into(),
        format!("seq nim -n 30000000 --plot {}", budget_plot().display()),
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
        (Some(2), _)
            if err.contains("limit")
                || err.contains("too large")
                || err.contains("too many moves to list") =>
        {
            Ok(())
        }
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
    let _ = std::fs::remove_file(budget_plot());
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The plot file one worst case writes.
fn budget_plot() -> std::path::PathBuf {
    std::env::temp_dir().join(format!("grundy-budget-{}.svg", std::process::id()))
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
        "error: memory limit hit: more than 16 MiB needed (raise it with --max-memory; in Python, max_memory=)"
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
    let o = grundy(&words(
        "seq octal --code 0.6 -n 100000000 --max-memory 100M",
        &[],
    ));
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o).trim_end(),
        "error: heaps 0..=100000000 need about 133 MiB of memory, more than the memory limit of 100 MiB (raise it with --max-memory; in Python, max_memory=); ask for a smaller -n"
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
    // The budget counts the process's own resident memory (about 10 MB),
    // so a few MiB is too little for any answer.
    for ok in ["64M", "1G", "1.5g", "67108864"] {
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

#[test]
fn batch_lines_past_the_old_abort_are_answered_under_the_cap() {
    // Three lines of a ring of 5 million starts: each answer cloned a
    // 600 MB table (SIGABRT at 1.55 GB).
    let ring: Vec<String> = "batch ring --n 4999999 --a 1,2 --b 3,5"
        .split(' ')
        .map(str::to_string)
        .collect();
    let o = capped_with_input(&ring, "2\n3 B\n4999999\n");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let answers: Vec<&str> = std::str::from_utf8(&o.stdout).unwrap().lines().collect();
    assert_eq!(answers.len(), 3);
    assert!(answers[0].contains(r#""outcome":"D""#), "{}", answers[0]);
    assert!(answers[2].contains(r#""outcome":"N""#), "{}", answers[2]);
    assert!(answers[1].contains("the table of all 4999998 starts is left out"));
    // A 7,000-edge star and path, outcome only (SIGABRT after 25 s).
    let star = (1..=3500).map(|i| format!("0-{i}"));
    let path =
        std::iter::once("0-3501".to_string()).chain((3501..7000).map(|i| format!("{i}-{}", i + 1)));
    let line: Vec<String> = star.chain(path).collect();
    let args: Vec<String> = ["batch", "hackenbush", "--outcome-only"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let o = capped_with_input(&args, &format!("{}\n0-1\n", line.join(" ")));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout);
    assert_eq!(text.lines().count(), 2);
    assert!(
        text.lines().all(|l| l.contains(r#""outcome":"N""#)),
        "{text}"
    );
    // 40 Treblecross rows of 10,000 cells, answers of tens of MB each: a
    // first chunk of 64 lines held them all (SIGABRT at 1.1 GB, nothing
    // written).
    let args: Vec<String> = vec!["batch".into(), "treblecross".into()];
    let row = "X.".repeat(5000);
    let o = capped_with_input(&args, &format!("{row}\n").repeat(40));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(String::from_utf8_lossy(&o.stdout).lines().count(), 40);
}

#[test]
fn a_long_nim_summary_and_plot_stay_small() {
    let o = grundy(&["seq", "nim", "-n", "200000", "--summary", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["counts"].as_object().unwrap().len(), 131_072);
    assert_eq!(v["uncounted"], 200_001 - 131_072);
    assert_eq!(v["largest"], 200_000);
    let svg = std::env::temp_dir().join(format!("grundy-nim-{}.svg", std::process::id()));
    let o = grundy(&[
        "seq",
        "nim",
        "-n",
        "3000000",
        "--plot",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let drawn = std::fs::read_to_string(&svg).unwrap();
    std::fs::remove_file(&svg).unwrap();
    // At most one dot a pixel of the 960 x 540 plot, not 3 million.
    let dots = drawn.matches("h2v2h-2z").count();
    assert!((800..=520_000).contains(&dots), "{dots} dots");
}

#[test]
fn stores_outside_the_searches_are_charged_under_a_300_mb_cap() {
    // Under `ulimit -v 300000` the budget is 146 MiB. Each case took more
    // than the cap without being charged (SIGABRT): a 2 x 10,000 grid's
    // terminal test built its 20,000 options of 10 KB, and explaining a
    // lost grid made its 30,000 moves; Treblecross's 4,999 winning moves
    // of 10,000 cells; Wythoff's value table; Kayles' 3 million moves
    // listed by `play` (1.1 GB after one move); the first 4 winning moves
    // of a coin product far from the origin, whose moves turn millions of
    // coins (530 MB, listed with no memory budget at all).
    let row = "X.".repeat(5000);
    let cases: Vec<(String, &str)> = vec![
        ("analyze paint2xn --n 10000 - --explain".into(), ""),
        ("analyze paint2xn --n 10000 1,14-2,15 --explain".into(), ""),
        (format!("analyze treblecross {row}"), ""),
        (format!("analyze treblecross {row} --explain"), ""),
        ("play kayles 3000000".into(), "2\nq\n"),
        (
            "analyze coin-product --x ruler --y mock-turtles 1000000,1000000 --max-moves 4".into(),
            "",
        ),
    ];
    for (case, input) in cases {
        let args: Vec<String> = case.split(' ').map(str::to_string).collect();
        let o = capped_at(300_000, &args, input);
        let shown: String = case.chars().take(60).collect();
        if let Err(e) = clean(&o) {
            panic!("{shown}: {e}");
        }
    }
    // The grid's answer is whole within the budget; the Treblecross row
    // is answered without its moves, saying why.
    let o = capped_at(300_000, &["analyze".into(), "treblecross".into(), row], "");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        String::from_utf8_lossy(&o.stdout).contains("winning moves not listed: memory limit hit"),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
    // Wythoff's value table of 16 million cells (100 MB) is built only
    // within the budget: past it the value is left out, the outcome and
    // the winning moves stand (Wythoff's theorem).
    let o = grundy(&["analyze", "wythoff", "4000", "4000", "--max-memory", "40M"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("value not computed"), "{text}");
    assert!(text.contains("take 4000 from both heaps"), "{text}");
}

#[test]
fn a_batch_line_too_large_for_the_budget_gets_an_error_line() {
    // A star of a million Hackenbush edges, one 12 MB line: 310 MB at
    // --max-memory 20M, SIGABRT under `ulimit -v 450000`. The text is
    // admitted, 32 times over, before it is parsed.
    let star: Vec<String> = (1..=1_000_000).map(|i| format!("0-{i}")).collect();
    let input = format!("{}\n0-1 0-2\n", star.join(" "));
    let args: Vec<String> = ["batch", "hackenbush", "--outcome-only"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let o = capped_at(450_000, &args, &input);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    // Past a 32nd of the budget (half the cap), refused by its length.
    assert!(
        lines[0].contains("line is 8888895 bytes long; at most 7200000 are read"),
        "{}",
        lines[0]
    );
    assert!(lines[0].contains(r#""line":1"#), "{}", lines[0]);
    assert!(lines[1].contains(r#""outcome":"P""#), "{}", lines[1]);
}

#[test]
fn a_code_splitting_without_taking_keeps_to_the_answer_bound() {
    // Found by a hostile-input round: take-and-break answers had no size
    // estimate, so `4.7 9000000` listed its 4.5 million winning moves:
    // 331 MB of text in 6.5 s at --time-limit 0.05; with --json, SIGABRT
    // (serde_json's 512 MB buffer); in a batch, SIGABRT and no line
    // written. The moves are now counted first, and the answer refused
    // past the 50 MB bound with a note.
    let args: Vec<String> = ["analyze", "octal", "--code", "4.7", "9000000", "--json"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let o = capped(&args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.len() < 2000, "{} bytes", text.len());
    assert!(text.contains("winning moves not listed"), "{text}");
    let args: Vec<String> = ["batch", "octal", "--code", "4.7", "--max-memory", "200M"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let o = capped_with_input(&args, "3 4\nx\n9000000\n5 6\n");
    assert!(o.status.signal().is_none(), "{:?}", o.status);
    let text = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(lines[1].contains(r#""line":2"#), "{}", lines[1]);
    assert!(lines[2].contains(r#""position":"9000000""#), "{}", lines[2]);
    assert!(lines[3].contains(r#""position":"5 6""#), "{}", lines[3]);
}

#[test]
fn a_misere_heap_whose_moves_would_not_fit_is_not_listed_past_the_budget() {
    // Found by a hostile-input round: with the state limit raised out of
    // the way, the misère search of a Kayles heap of 10^12 listed its 10^12
    // options and aborted at the 4 GB address-space cap (22 GB resident
    // without one, killed by the kernel); in a batch, every line was lost.
    // The list is now refused before it is built, and the quotient answers.
    let o = capped(&owned(
        "analyze kayles 1000000000000 --misere --max-states 18446744073709551615 --max-memory 500M --time-limit 20",
    ));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.starts_with("kayles 1000000000000 (misère play): first player wins (N)"),
        "{text}"
    );
    let o = capped_with_input(
        &owned("batch kayles --misere --max-states 1000000000000000000 --max-memory 200M --time-limit 2"),
        "3 4 5\n1000000000000\n1 2\n",
    );
    assert!(o.status.signal().is_none(), "{:?}", o.status);
    let text = String::from_utf8_lossy(&o.stdout);
    assert_eq!(text.lines().count(), 3, "{text}");
}

#[test]
fn a_trivial_request_fits_a_small_memory_limit() {
    // Found by a hostile-input round (F15): `analyze kayles 3 --max-memory
    // 64M` was refused, because the value table's check charged a fixed
    // 64 MiB for tables besides the values, whatever the heaps asked.
    for args in [
        "analyze kayles 3 --max-memory 16M",
        "analyze octal --code 0.6 40 --max-memory 16M",
        "seq octal --code 0.6 -n 2000 --max-memory 16M",
    ] {
        let o = grundy(&words(args, &[]));
        assert_eq!(o.status.code(), Some(0), "{args}: {}", stderr(&o));
    }
}

#[test]
fn a_sequence_the_address_space_cannot_hold_is_refused_not_aborted() {
    // Found by a hostile-input round (F9): with the memory limit raised
    // past the address-space cap, the values' allocation was refused by
    // the system and Rust's allocation error handler aborted the run.
    let values = std::env::temp_dir().join(format!("grundy-f9-{}.txt", std::process::id()));
    let mut args = owned("seq kayles -n 3000000000 --max-memory 100G --values");
    args.push(values.display().to_string());
    let o = capped(&args);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).starts_with("error: heaps 0..=3000000000 need about"),
        "{}",
        stderr(&o)
    );
    assert!(!values.exists());
}

#[test]
fn a_batch_line_past_a_32nd_of_the_budget_is_refused_unread() {
    // 4,000,000 heaps of nim on one 8 MB line between two small ones, at
    // --max-memory 16M: the long line was held and split (150 MB
    // resident) and all three lines failed for memory.
    let input = format!("1 2\n{}\n1 2 3\n", vec!["1"; 4_000_000].join(" "));
    let o = capped_with_input(&owned("batch nim --max-memory 16M"), &input);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[0].contains(r#""outcome":"N""#), "{}", lines[0]);
    assert!(
        lines[1].contains(
            "line is 7999999 bytes long; at most 524288 are read (a 32nd of the memory budget"
        ),
        "{}",
        lines[1]
    );
    assert!(lines[2].contains(r#""outcome":"P""#), "{}", lines[2]);
}

#[test]
fn a_limit_below_what_the_process_holds_is_refused() {
    let o = grundy(&["analyze", "nim", "3", "4", "--max-memory", "1M"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.starts_with("error: --max-memory 1M: below the ")
            && err.contains(" MiB this process already holds; give more"),
        "{err}"
    );
}
