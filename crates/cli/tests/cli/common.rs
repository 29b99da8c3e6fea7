//! Helpers shared by the integration tests: run the real `grundy` binary.

#![allow(dead_code)]

use std::io::Write;
use std::process::{Child, Command, Output, Stdio};

/// Runs `grundy args...` with empty stdin.
pub fn grundy(args: &[&str]) -> Output {
    grundy_stdin(args, "")
}

/// Starts `grundy args...` with stdin, stdout and stderr piped and no
/// backtrace requested (so a panic would show as such, not be hidden).
pub fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the grundy binary runs")
}

/// Runs `grundy args...` with `input` on stdin.
pub fn grundy_stdin(args: &[&str], input: &str) -> Output {
    finish_with_input(spawn(args), input)
}

/// Writes `input` to the stdin of `child` (spawned with stdin, stdout and
/// stderr piped), closes it and waits for the output.
pub fn finish_with_input(mut child: Child, input: &str) -> Output {
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    // Write from a thread so a large input cannot deadlock against a full
    // stdout pipe.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().expect("grundy finishes");
    writer.join().unwrap();
    out
}

/// An argument list written short: `words` split at white space, then
/// `rest` (paths, and any word with a space in it).
pub fn words<'a>(words: &'a str, rest: &[&'a str]) -> Vec<&'a str> {
    let mut a: Vec<&str> = words.split_whitespace().collect();
    a.extend_from_slice(rest);
    a
}

/// stdout as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}

/// stderr as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("stderr is UTF-8")
}

/// Asserts a success: status 0, nothing on stderr; returns stdout.
pub fn ok(args: &[&str]) -> String {
    let o = grundy(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    assert_eq!(stderr(&o), "", "{args:?}");
    stdout(&o)
}

/// The JSON document printed by `grundy args...` (which must succeed).
pub fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&ok(args)).expect("one JSON document")
}

/// The JSON analysis printed by `grundy analyze args... --json` (which
/// must succeed).
pub fn analyze_json(args: &[&str]) -> serde_json::Value {
    let mut a = vec!["analyze"];
    a.extend_from_slice(args);
    a.push("--json");
    json(&a)
}

/// Asserts that `grundy args...` fails with status 2 and a stderr naming
/// `want`, without a panic.
pub fn assert_status_2_naming(args: &[&str], want: &str) {
    let o = grundy(args);
    assert_eq!(o.status.code(), Some(2), "{args:?}");
    let e = stderr(&o);
    assert!(e.contains(want), "{args:?}: {e}");
    assert!(!e.contains("panicked"), "{e}");
}

/// Whether `err` says the work is `kept in the checkpoint FILE`, then
/// (for a quotient stopped within a heap) ` (with heap N's sums of up to
/// K copies learned)`, then `then`.
pub fn says_kept(err: &str, file: &str, then: &str) -> bool {
    let head = format!("kept in the checkpoint {file}");
    err.match_indices(&head).any(|(at, _)| {
        let rest = &err[at + head.len()..];
        let rest = match rest.strip_prefix(" (with heap ") {
            Some(layer) => match layer.split_once(" learned)") {
                Some((what, after)) if what.contains("'s sums of up to ") => after,
                _ => return false,
            },
            None => rest,
        };
        rest.starts_with(then)
    })
}

/// Asserts the error contract: status 2, nothing on stdout, exactly one
/// line `error: ...` on stderr mentioning `word`, no panic, no backtrace.
pub fn assert_input_error(o: &Output, word: &str) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "status; stderr: {err}");
    assert_eq!(stdout(o), "", "stdout must be empty; stderr: {err}");
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(err.starts_with("error: "), "{err}");
    assert!(err.ends_with('\n'), "{err}");
    assert!(
        err.to_lowercase().contains(&word.to_lowercase()),
        "'{word}' not in: {err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    assert!(!err.contains("RUST_BACKTRACE"), "{err}");
}

/// Whether the registry holds a game named `name`. Tests of a family never
/// skip when it is missing: they run the command, which fails.
pub fn registered(name: &str) -> bool {
    grundy_games::find(name).is_some()
}
