//! What users of good command-line tools expect (issue 11 item 5): a
//! suggestion for a misspelt game, shell completions, bad input quoted
//! short, and one rule for `components`.

use crate::common::*;

#[test]
fn a_misspelt_game_gets_a_suggestion() {
    for (typed, meant) in [
        ("nmi", "nim"),
        ("kayls", "kayles"),
        ("grundy_game", "grundy-game"),
    ] {
        let o = grundy(&["analyze", typed, "3"]);
        assert_input_error(
            &o,
            &format!("unknown game '{typed}'; did you mean '{meant}'?"),
        );
    }
    let o = grundy(&["analyze", "chess", "3"]);
    assert_input_error(&o, "unknown game 'chess'");
    assert!(!stderr(&o).contains("did you mean"), "{}", stderr(&o));
}

#[test]
fn completion_scripts_for_each_shell() {
    for (shell, marker) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef grundy"),
        ("fish", "complete -c grundy"),
        ("elvish", "grundy"),
        ("powershell", "grundy"),
    ] {
        let script = ok(&["completions", shell]);
        assert!(script.contains(marker), "{shell}: {script}");
        for word in ["analyze", "seq", "outcome-only", "max-moves"] {
            assert!(script.contains(word), "{shell} lacks {word}");
        }
        // Game names too, where the shell completes positional words
        // (issue 38: only commands and options were).
        if ["bash", "zsh", "fish"].contains(&shell) {
            assert!(script.contains("wythoff"), "{shell} lacks game names");
        }
    }
    assert_input_error(&grundy(&["completions", "tcsh"]), "tcsh");
    assert_input_error(&grundy(&["completions"]), "<SHELL>");
}

#[test]
fn bad_input_is_quoted_to_80_characters() {
    // One argument may hold at most 128 KiB; a line of batch more.
    let long = "x".repeat(100_000);
    let o = grundy(&["analyze", "nim", "3", &long]);
    assert_input_error(
        &o,
        &format!("'{}... ({} characters)'", "x".repeat(80), long.len()),
    );
    assert!(stderr(&o).len() < 400, "{}", stderr(&o).len());
    let long = "x".repeat(5 << 20);
    let o = grundy_stdin(&["batch", "nim"], &format!("{long}\n3\n"));
    assert_eq!(o.status.code(), Some(2));
    let out = stdout(&o);
    let first: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    let e = first["error"].as_str().unwrap();
    assert!(e.contains(&format!("{}... (", "x".repeat(80))), "{e}");
    assert!(e.len() < 300, "{e}");
}

/// `components` is `[]` exactly when the position is over; otherwise the
/// parts of the split, each with a move (game31 gave `[]` for one position
/// and a component for another; Grundy's game listed heaps of 1 and 2).
#[test]
fn components_are_empty_exactly_when_the_game_is_over() {
    let comps = |args: &[&str]| {
        let mut a = vec!["analyze"];
        a.extend_from_slice(args);
        a.push("--json");
        json(&a)["components"].as_array().unwrap().clone()
    };
    let c = comps(&["game31", "356656"]);
    assert!(c.is_empty(), "a full total of 31 is over: {c:?}");
    for p in ["-", "1", "321", "66"] {
        let c = comps(&["game31", p]);
        assert_eq!(c.len(), 1, "game31 {p}: {c:?}");
    }
    let c = comps(&["grundy-game", "1", "2", "7"]);
    assert_eq!(c, [serde_json::json!({"position": "7", "value": 0})]);
    let c = comps(&["grundy-game", "1", "2", "7", "--misere"]);
    assert_eq!(c, [serde_json::json!({"position": "7", "value": null})]);
    assert!(comps(&["nim", "0", "0"]).is_empty());
    assert!(comps(&["grundy-game", "1", "2"]).is_empty());
    assert_eq!(comps(&["nim", "3", "0", "5"]).len(), 2);
}
