//! Hostile and broken rules files: every limit of the sandbox stops a
//! runaway script and names itself; every mistake in a file is reported
//! naming the file and the function. All are bad input (exit status 2).

use grundy_api::{Family, GameError, GameOptions, Limits, Play};
use grundy_rules::{registration_from_source, Sandbox};
use std::time::Duration;

/// A heap game whose `moves` is replaced by `moves`.
fn with_moves(moves: &str) -> String {
    format!("fn parse(t) {{ parse_int(t) }}\nfn format(p) {{ `${{p}}` }}\n{moves}\n")
}

fn build(source: &str, limits: &Limits) -> Result<Family, GameError> {
    registration_from_source("hostile.rhai", source, Sandbox::default())?
        .build(&GameOptions::default(), limits)
}

/// The error of analysing `args`, checked to be bad input (exit 2) naming
/// the file.
fn error(source: &str, args: &[&str], limits: &Limits) -> String {
    let e = match build(source, limits) {
        Err(e) => e,
        Ok(f) => f
            .analyze(args, Play::Normal)
            .expect_err("the script should have been stopped"),
    };
    assert_eq!(e.exit_code(), 2, "{e}");
    let text = e.to_string();
    assert!(text.contains("hostile.rhai"), "{text}");
    text
}

#[test]
fn an_infinite_loop_hits_the_operations_limit() {
    let t = error(
        &with_moves("fn moves(p) { loop { } }"),
        &["3"],
        &Limits::default(),
    );
    assert!(t.contains("operations limit hit"), "{t}");
    assert!(t.contains("moves(3)"), "{t}");
}

#[test]
fn unbounded_recursion_hits_the_call_depth_limit() {
    let src = with_moves("fn deeper(n) { deeper(n + 1) }\nfn moves(p) { deeper(0) }");
    let t = error(&src, &["3"], &Limits::default());
    assert!(t.contains("call depth limit hit"), "{t}");
}

#[test]
fn a_doubling_string_hits_the_size_limit() {
    let src = with_moves("fn moves(p) { let s = \"x\"; loop { s += s; } }");
    let t = error(&src, &["3"], &Limits::default());
    assert!(t.contains("size limit hit"), "{t}");
}

#[test]
fn a_growing_array_hits_the_size_limit() {
    let src = with_moves("fn moves(p) { let a = []; loop { a.push(p); } }");
    let t = error(&src, &["3"], &Limits::default());
    assert!(t.contains("size limit hit"), "{t}");
    // A huge array in one call is refused just the same.
    let src = with_moves("fn moves(p) { let a = []; a.pad(1000000000, 0); a }");
    let t = error(&src, &["3"], &Limits::default());
    assert!(t.contains("size limit hit"), "{t}");
}

#[test]
fn slow_calls_hit_the_total_time_limit() {
    // Each call stays under the operations limit, but together they run
    // far past the 0.2 s allowed.
    let src = with_moves(
        "fn moves(p) { let i = 0; while i < 100000 { i += 1; } if p > 0 { [p - 1] } else { [] } }",
    );
    let limits = Limits {
        max_time: Some(Duration::from_millis(200)),
        ..Limits::default()
    };
    let t = error(&src, &["1000"], &limits);
    assert!(t.contains("time limit hit"), "{t}");
}

/// A clock at zero for its first reading and an hour later for every
/// other.
#[derive(Debug, Default)]
struct HourLater(std::sync::atomic::AtomicBool);

impl grundy_engine::Clock for HourLater {
    fn now(&self) -> Duration {
        if self.0.swap(true, std::sync::atomic::Ordering::SeqCst) {
            Duration::from_secs(3600)
        } else {
            Duration::ZERO
        }
    }
}

#[test]
fn the_script_keeps_time_on_the_familys_clock() {
    // The command's deadline is the engine's, on the limits' clock: an
    // hour passes on it between the start and the first call, none on
    // the wall, and the script is stopped with its time-limit error.
    let src = with_moves("fn moves(p) { if p > 0 { [p - 1] } else { [] } }");
    let limits = Limits {
        max_time: Some(Duration::from_secs(60)),
        clock: Some(std::sync::Arc::new(HourLater::default())),
        ..Limits::default()
    };
    let t = error(&src, &["3"], &limits);
    assert!(
        t.contains("time limit hit: the rules ran more than 60.000 s"),
        "{t}"
    );
}

#[test]
fn the_clock_restarts_for_each_command() {
    let src = with_moves("fn moves(p) { if p > 0 { [p - 1] } else { [] } }");
    let limits = Limits {
        max_time: Some(Duration::from_millis(500)),
        ..Limits::default()
    };
    let f = build(&src, &limits).unwrap();
    for _ in 0..3 {
        f.analyze(&["20"], Play::Normal).unwrap();
        std::thread::sleep(Duration::from_millis(300));
    }
}

#[test]
fn no_files_no_modules_no_eval() {
    let src = with_moves("fn moves(p) { import \"/etc/passwd\" as m; [] }");
    let t = error(&src, &["3"], &Limits::default());
    assert!(t.contains("moves(3)"), "{t}");
    let src = with_moves("fn moves(p) { eval(\"[]\") }");
    let t = error(&src, &["3"], &Limits::default());
    assert!(t.contains("does not parse"), "{t}");
    // rhai has no function touching files, the network or processes.
    for call in [
        "open_file(\"/etc/passwd\")",
        "system(\"true\")",
        "read_file(\"x\")",
    ] {
        let src = with_moves(&format!("fn moves(p) {{ {call}; [] }}"));
        let t = error(&src, &["3"], &Limits::default());
        assert!(t.contains("Function not found"), "{t}");
    }
}

#[test]
fn a_syntax_error_names_line_and_column() {
    let t = error(
        "fn parse(t) { t }\nfn format(p) { p }\nfn moves(p) { [p +] }\n",
        &["3"],
        &Limits::default(),
    );
    assert!(t.contains("does not parse"), "{t}");
    assert!(t.contains("line 3, column"), "{t}");
}

#[test]
fn missing_and_misshapen_functions_are_named() {
    let t = error(
        "fn parse(t) { t }\nfn format(p) { p }\n",
        &["3"],
        &Limits::default(),
    );
    assert!(t.contains("defines no function moves"), "{t}");
    let t = error(
        &with_moves("fn moves(p, q) { [] }"),
        &["3"],
        &Limits::default(),
    );
    assert!(t.contains("function moves takes 1 parameter, not 2"), "{t}");
    let t = error(
        &with_moves("fn moves(p) { [] }\nfn loopy() { 3 }"),
        &["3"],
        &Limits::default(),
    );
    assert!(t.contains("loopy()"), "{t}");
}

#[test]
fn wrong_return_types_are_named() {
    let t = error(&with_moves("fn moves(p) { p }"), &["3"], &Limits::default());
    assert!(t.contains("moves(3)") && t.contains("not an array"), "{t}");
    let t = error(
        &with_moves("fn moves(p) { [1.5] }"),
        &["3"],
        &Limits::default(),
    );
    assert!(t.contains("element 0") && t.contains("f64"), "{t}");
    let t = error(
        &with_moves("fn moves(p) { [#{label: 3, to: 1}] }"),
        &["3"],
        &Limits::default(),
    );
    assert!(t.contains("label"), "{t}");
    let t = error(
        "fn parse(t) { parse_int(t) }\nfn format(p) { p }\nfn moves(p) { [] }\n",
        &["3"],
        &Limits::default(),
    );
    assert!(t.contains("format(3)") && t.contains("not a string"), "{t}");
}

#[test]
fn a_move_whose_text_does_not_read_back_is_refused() {
    // format writes 'x' for 0, which parse rejects.
    let src = "fn parse(t) { parse_int(t) }\n\
               fn format(p) { if p == 0 { \"x\" } else { `${p}` } }\n\
               fn moves(p) { if p > 0 { [p - 1] } else { [] } }\n";
    let t = error(src, &["1"], &Limits::default());
    assert!(t.contains("parse('x')"), "{t}");
    // format writes 1 for 2: the text reads back as another position.
    let src = "fn parse(t) { parse_int(t) }\n\
               fn format(p) { if p == 2 { \"1\" } else { `${p}` } }\n\
               fn moves(p) { if p > 0 { [p - 1] } else { [] } }\n";
    let f = build(src, &Limits::default()).unwrap();
    let t = f.analyze(&["3"], Play::Normal).unwrap_err().to_string();
    assert!(
        t.contains("format(2)") && t.contains("reads back as 1"),
        "{t}"
    );
}

#[test]
fn a_rejected_position_shows_the_scripts_message() {
    let src = "fn parse(t) { throw `no such position: ${t}`; }\n\
               fn format(p) { p }\nfn moves(p) { [] }\n";
    let t = error(src, &["a", "b"], &Limits::default());
    assert!(t.contains("parse('a b')"), "{t}");
    assert!(t.contains("no such position: a b"), "{t}");
}

#[test]
fn an_undeclared_cycle_is_reported_not_followed() {
    let src = with_moves("fn moves(p) { [1 - p] }");
    let t = error(&src, &["0"], &Limits::default());
    assert!(t.contains("cycle"), "{t}");
}

#[test]
fn printed_lines_are_the_answers_notes_bounded() {
    // Issue 38: `print` did nothing, without a word.
    let src =
        with_moves("fn moves(p) { print(`moves of ${p}`); if p > 0 { [p - 1] } else { [] } }");
    let f = build(&src, &Limits::default()).unwrap();
    let a = f.analyze(&["2"], Play::Normal).unwrap();
    for k in 0..=2 {
        assert!(
            a.notes.contains(&format!("print: moves of {k}")),
            "{:?}",
            a.notes
        );
    }
    // The next question starts clean: the options of 1 and 0 are kept,
    // not asked (nor printed) again.
    let again = f.analyze(&["2"], Play::Normal).unwrap();
    for k in 0..=1 {
        assert!(
            !again.notes.contains(&format!("print: moves of {k}")),
            "{:?}",
            again.notes
        );
    }
    // At most 100 lines, then one note for the rest.
    let src = with_moves("fn moves(p) { for i in 0..150 { print(`line ${i}`); } [] }");
    let a = build(&src, &Limits::default())
        .unwrap()
        .analyze(&["0"], Play::Normal)
        .unwrap();
    let printed: Vec<&String> = a.notes.iter().filter(|n| n.starts_with("print:")).collect();
    assert_eq!(printed.len(), 101, "{printed:?}");
    assert_eq!(printed[0], "print: line 0");
    assert_eq!(printed[99], "print: line 99");
    assert_eq!(
        printed[100],
        "print: 50 more lines cut: a command keeps at most 100 lines and 10240 bytes of print"
    );
    // At most 10 KB: two lines of 4,000 bytes kept, the third cut; a
    // print holding a line break is two lines.
    let src = with_moves(
        "fn moves(p) { let s = \"\"; s.pad(4000, 'x'); print(s); print(s); print(s); print(\"a\\nb\"); [] }",
    );
    let a = build(&src, &Limits::default())
        .unwrap()
        .analyze(&["0"], Play::Normal)
        .unwrap();
    let printed: Vec<&String> = a.notes.iter().filter(|n| n.starts_with("print:")).collect();
    assert_eq!(printed.len(), 5, "{printed:?}");
    assert_eq!(printed[0].len(), "print: ".len() + 4000);
    assert_eq!(printed[2], "print: a");
    assert_eq!(printed[3], "print: b");
    assert!(
        printed[4].starts_with("print: 1 more line cut: "),
        "{}",
        printed[4]
    );
}
