//! Every bad input: exit status 2, one line `error: ...` on stderr naming
//! the problem, never a panic or a backtrace.

use crate::common::*;

#[test]
fn unknown_game() {
    let o = grundy(&["analyze", "no-such-game", "3"]);
    assert_input_error(&o, "no-such-game");
    assert_input_error(&o, "unknown game");
    assert!(stderr(&o).contains("nim"), "lists the known games");
    assert_input_error(&grundy(&["batch", "no-such-game"]), "unknown game");
    assert_input_error(&grundy(&["seq", "no-such-game", "-n", "5"]), "unknown game");
}

#[test]
fn malformed_heap() {
    assert_input_error(&grundy(&["analyze", "nim", "3", "abc", "5"]), "abc");
}

#[test]
fn negative_heap_is_a_position_not_an_option() {
    let o = grundy(&["analyze", "nim", "-3"]);
    assert_input_error(&o, "negative");
    assert_input_error(&o, "-3");
    assert_input_error(&grundy(&["analyze", "nim", "4", "-3"]), "negative");
}

#[test]
fn number_over_range() {
    let o = grundy(&["analyze", "nim", "99999999999999999999999"]);
    assert_input_error(&o, "too large");
    assert_input_error(&o, "99999999999999999999999");
}

#[test]
fn missing_required_option() {
    let o = grundy(&["analyze", "bash", "10"]);
    assert_input_error(&o, "--max");
    assert_input_error(&o, "missing");
    assert_input_error(&grundy(&["batch", "bash"]), "--max");
}

#[test]
fn unknown_option() {
    let o = grundy(&["analyze", "nim", "3", "--frobnicate", "2"]);
    assert_input_error(&o, "--frobnicate");
    assert_input_error(&o, "unknown option");
    // The message lists the game's own options.
    let o = grundy(&["analyze", "bash", "--max", "3", "4", "--min", "1"]);
    assert_input_error(&o, "--min");
    assert_input_error(&o, "--max M");
}

#[test]
fn option_value_problems() {
    assert_input_error(&grundy(&["analyze", "nim", "3", "--threads"]), "--threads");
    assert_input_error(
        &grundy(&["analyze", "nim", "3", "--threads", "many"]),
        "--threads",
    );
    assert_input_error(
        &grundy(&["analyze", "nim", "3", "--max-states", "0"]),
        "--max-states",
    );
    assert_input_error(
        &grundy(&["analyze", "nim", "3", "--time-limit", "-1"]),
        "--time-limit",
    );
    assert_input_error(&grundy(&["analyze", "nim", "3", "--json=yes"]), "no value");
    assert_input_error(
        &grundy(&["analyze", "bash", "3", "--max", "1", "--max", "2"]),
        "twice",
    );
    assert_input_error(&grundy(&["analyze", "bash", "3", "--max"]), "needs a value");
    assert_input_error(&grundy(&["analyze", "bash", "3", "--max", "x"]), "--max");
}

#[test]
fn rules_file_that_cannot_be_read() {
    let o = grundy(&["analyze", "--rules", "my.rules", "3"]);
    assert_input_error(&o, "cannot read rules file 'my.rules'");
    assert_input_error(
        &grundy(&["analyze", "3", "--rules=my.rules"]),
        "cannot read rules file 'my.rules'",
    );
}

#[test]
fn usage_errors_from_clap_are_status_2_one_line() {
    assert_input_error(&grundy(&["frobnicate"]), "frobnicate");
    assert_input_error(&grundy(&["analyze"]), "game");
    assert_input_error(&grundy(&["nim", "pow", "2", "3"]), "pow");
    assert_input_error(&grundy(&[]), "grundy");
}

#[test]
fn batch_and_seq_take_no_positions() {
    assert_input_error(&grundy(&["batch", "nim", "3"]), "stdin");
    assert_input_error(&grundy(&["seq", "nim", "3", "-n", "4"]), "-n");
    assert_input_error(&grundy(&["seq", "nim"]), "-n");
    assert_input_error(&grundy(&["seq", "nim", "-n", "x"]), "-n");
}

#[test]
fn seq_of_a_game_without_a_sequence() {
    assert_input_error(&grundy(&["seq", "wythoff", "-n", "10"]), "sequence");
}

#[test]
fn nim_arithmetic_errors() {
    assert_input_error(&grundy(&["nim", "inv", "0"]), "inverse");
    assert_input_error(&grundy(&["nim", "mul", "2"]), "2 operands");
    assert_input_error(&grundy(&["nim", "sqrt", "2", "3"]), "1 operand");
    assert_input_error(&grundy(&["nim", "add", "1", "abc"]), "abc");
    assert_input_error(&grundy(&["nim", "add", "1", "-3"]), "negative");
    assert_input_error(
        &grundy(&["nim", "mul", "18446744073709551616", "1"]),
        "too large",
    );
}

/// A failed write to stdout (here a full device) is named and has a status
/// of its own, 3, not the internal failure's 1; a closed pipe is not a
/// failure (status 0, nothing said).
#[test]
fn a_failed_output_write_is_status_3() {
    for args in [
        &["analyze", "nim", "3", "4"][..],
        &["seq", "kayles", "-n", "100", "--json"],
        &["games"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full exists");
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(args)
            .stdout(full)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(3), "{args:?}");
        assert_eq!(
            stderr(&o),
            "error: cannot write output: No space left on device (os error 28)\n"
        );
    }
}

/// A position given both by its option and by position arguments is
/// refused, naming both (it used to take the arguments silently); batch,
/// whose positions are its input lines, refuses the option.
#[test]
fn a_position_given_twice_is_refused() {
    assert_status_2_naming(
        &["analyze", "graph", "--edges", "a-b", "--tokens", "a", "b"],
        "the position is given twice: by --tokens 'a' and by the position arguments 'b'; give it one way",
    );
    assert_status_2_naming(
        &["analyze", "hackenbush", "--edges", "0-1 1-2", "0-1"],
        "the position is given twice: by --edges '0-1 1-2' and by the position arguments '0-1'",
    );
    assert_status_2_naming(
        &["play", "graph", "--edges", "a-b", "--tokens", "a", "b"],
        "the position is given twice",
    );
    assert_status_2_naming(
        &["batch", "graph", "--edges", "a-b", "--tokens", "a"],
        "--tokens gives a position, and batch reads its positions from stdin",
    );
    // Either way alone still works.
    ok(&["analyze", "graph", "--edges", "a-b", "--tokens", "a"]);
    ok(&["analyze", "graph", "--edges", "a-b", "a"]);
    ok(&["analyze", "hackenbush", "--edges", "0-1 1-2"]);
}

/// A grundy built without the `mpi` feature refuses `--mpi` with the
/// command that builds one with it, before any work.
#[cfg(not(feature = "mpi"))]
#[test]
fn mpi_without_the_feature_names_the_build_command() {
    assert_status_2_naming(
        &["seq", "kayles", "-n", "10", "--mpi"],
        "cargo build --release -p grundy-cli --features mpi",
    );
    assert_status_2_naming(
        &["survey", "--codes", "0.6", "-n", "10", "--mpi"],
        "built without MPI",
    );
    assert_status_2_naming(
        &[
            "analyze", "ring", "--n", "5", "--a", "2", "--b", "3", "--mpi",
        ],
        "built without MPI",
    );
}

/// `survey` checks its list before any work.
#[test]
fn survey_names_the_bad_item_of_its_list() {
    assert_status_2_naming(
        &["survey", "--codes", "0.6,,0.7", "-n", "10"],
        "an empty item",
    );
    assert_status_2_naming(&["survey", "--codes", "0.6,0.9", "-n", "10"], "0.9");
    assert_status_2_naming(&["survey", "--codes", "0.6", "-n", "x"], "-n");
    assert_status_2_naming(&["survey", "--codes", "0.ghijkl", "-n", "10"], "more than");
}

/// A code stopped by a limit is a line with its error, the survey goes
/// on, and the exit status says a line failed (found by a hostile round:
/// it was 0, so a script could not tell).
#[test]
fn a_survey_with_a_failed_code_exits_2_after_every_line() {
    let o = grundy(&words(
        "survey --codes 0.FFFFFFFFFFFFFFFFFFFF,0.7 -n 1000000 --time-limit 0.05 --json",
        &[],
    ));
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(
        lines[0]["error"].as_str().unwrap().contains("time limit"),
        "{text}"
    );
    assert_eq!(lines[1]["code"], "0.7", "{text}");
    let fine = grundy(&words("survey --codes 0.7 -n 1000 --json", &[]));
    assert_eq!(fine.status.code(), Some(0), "{}", stderr(&fine));
}

/// Whether `text` holds a character a terminal acts on (an escape
/// sequence's ESC, a C1 control, a bidirectional override) other than the
/// line ends of its lines.
fn has_raw_control(text: &str) -> bool {
    text.chars()
        .any(|c| (c.is_control() && c != '\n') || c == '\u{202e}')
}

/// Control characters typed anywhere (a position, a game's name, an
/// option's value, a code, a batch line, a move in play) are shown
/// escaped in the message that quotes them, never sent raw to the
/// terminal (issue 35, item 5: `analyze nim $'3\x1b[31m4'` printed ESC).
#[test]
fn control_characters_in_input_are_escaped_in_messages() {
    let esc = "3\x1b[31m4";
    for args in [
        vec!["analyze", "nim", esc],
        vec!["analyze", "ni\x1b[31mm", "3"],
        vec!["analyze", "nim", "3", "--time-limit", esc],
        vec!["analyze", "bash", "--max", esc, "5"],
        vec!["seq", "octal", "--code", "0.\x1b[31m6", "-n", "5"],
        vec!["survey", "--codes", "0.\x1b[316", "-n", "5"],
        vec!["quotient", "octal", "--code", "0.\u{202e}7"],
        vec!["nim", "add", esc, "1"],
        vec!["pirates", "--n", esc, "--m", "3"],
    ] {
        let o = grundy(&args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(!has_raw_control(&err), "{args:?}: {err:?}");
        assert!(
            err.contains("\\x1b[31") || err.contains("\\u{202e}"),
            "{args:?}: {err}"
        );
    }
    // A batch line's error document, and a move typed in play.
    let o = grundy_stdin(&["batch", "nim"], &format!("{esc}\n"));
    let out = stdout(&o);
    let doc: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let said = doc["error"].as_str().unwrap();
    assert!(
        !has_raw_control(said) && said.contains("\\x1b[31m"),
        "{said:?}"
    );
    let o = grundy_stdin(&["play", "nim", "3", "4"], &format!("{esc}\nq\n"));
    let out = stdout(&o);
    assert!(
        !has_raw_control(&out) && out.contains("\\x1b[31m"),
        "{out:?}"
    );
}

/// clap's own errors (an unknown command, a value outside a list, an
/// option before the game) quote the user's words with their control
/// characters escaped, not dropped: the text clap renders without styles
/// strips every ANSI sequence, the user's too, so `completions
/// $'ba\x1b[31msh'` was refused as "invalid value 'bash'" and `anal\x1b[31myze`
/// as "unrecognized subcommand 'analyze'".
#[test]
fn clap_errors_escape_control_characters() {
    for (args, quoted) in [
        (vec!["anal\x1b[31myze", "nim", "3"], "'anal\\x1b[31myze'"),
        (vec!["completions", "ba\x1b[31msh"], "'ba\\x1b[31msh'"),
        (vec!["nim", "3\x1b[31m4", "1"], "'3\\x1b[31m4'"),
        (vec!["--bo\x1b[31mgus"], "'--bo\\x1b[31mgus'"),
        (vec!["analyze", "nim", "3", "--jso\x07n"], "'--jso\\x07n'"),
    ] {
        let o = grundy(&args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(!has_raw_control(&err), "{args:?}: {err:?}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(err.contains(quoted), "{args:?}: {err}");
    }
}

/// Every code `seq` takes is surveyed, and an item that is no code is
/// refused naming it, never left out (issue 35, item 7: `--codes 0x0.8`
/// printed nothing with status 0, `0.7,0x0.8,0.6` only two lines).
#[test]
fn survey_surveys_every_code_seq_takes_and_drops_none() {
    let out = ok(&[
        "survey",
        "--codes",
        "0.7,0x0.8,0.6,0o0.37",
        "-n",
        "60",
        "--json",
    ]);
    let codes: Vec<String> = out
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["code"].to_string())
        .collect();
    assert_eq!(
        codes,
        ["\"0.7\"", "\"0x0.8\"", "\"0.6\"", "\"0o0.37\""],
        "{out}"
    );
    for code in ["0x0.8", "0o0.37"] {
        let seq = json(&["seq", "octal", "--code", code, "-n", "60", "--json"]);
        let line: serde_json::Value =
            serde_json::from_str(ok(&["survey", "--codes", code, "-n", "60", "--json"]).trim())
                .unwrap();
        assert!(line["heaps"].as_u64().unwrap() > 0, "{code}: {line}");
        assert_eq!(line["error"], serde_json::Value::Null, "{code}: {line}");
        assert!(seq["values"].is_array(), "{code}");
    }
    for (bad, named) in [
        ("0.7,0.x8", "0.x8"),
        ("0.7,x.7", "x.7"),
        ("0.6,0o0.x9,0.7", "0o0.x9"),
        ("0.6,zz", "zz"),
    ] {
        let o = grundy(&["survey", "--codes", bad, "-n", "10", "--json"]);
        assert_input_error(&o, named);
    }
}
