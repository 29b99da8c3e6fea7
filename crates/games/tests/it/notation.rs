//! Moves typed in each game's own notation (`Family::read_move`) for
//! `grundy play`: every reading is a listed move with the same label and
//! position, every listed move can be typed, illegal moves are refused
//! with a reason, and games that end by a rule of their own say so
//! (`Family::end_reason`).

use grundy_api::{Family, GameOptions, MoveReport};
use grundy_engine::{Limits, TextGame};
use grundy_games::find;
use grundy_games::treblecross::Treblecross;

/// The family `name` built with the options `opts` (name, value).
fn family(name: &str, opts: &[(&str, &str)]) -> Family {
    let options = GameOptions::new(opts.iter().map(|(k, v)| (k.to_string(), v.to_string())));
    find(name)
        .unwrap_or_else(|| panic!("no game {name}"))
        .build(&options, &Limits::default())
        .unwrap()
}

/// Reads every line of `typed` in `f`'s notation from the position `args`:
/// each reading that is a move must be one of the listed moves (label and
/// position), each listed move must be read from some line, and a line
/// that names no legal move must say why. Returns the readings, in order.
fn check(f: &Family, position: &str, typed: &[String]) -> Vec<Option<Result<MoveReport, String>>> {
    let args: Vec<&str> = position.split_whitespace().collect();
    let moves = f.moves(&args).unwrap();
    let mut reached = vec![false; moves.len()];
    let mut out = Vec::new();
    for t in typed {
        let r = f.notation().expect("a notation").read_move(&args, t);
        match &r {
            Some(Ok(m)) => {
                let i = moves
                    .iter()
                    .position(|x| x == m)
                    .unwrap_or_else(|| panic!("{position}: '{t}' read as {m:?}, not listed"));
                reached[i] = true;
            }
            Some(Err(e)) => assert!(!e.to_string().is_empty(), "{position}: '{t}'"),
            None => {}
        }
        out.push(r.map(|r| r.map_err(|e| e.to_string())));
    }
    for (m, hit) in moves.iter().zip(reached) {
        assert!(hit, "{position}: no line reads as {m:?}");
    }
    let help = f
        .notation()
        .and_then(|n| n.describe(&args))
        .unwrap_or_else(|| panic!("{position}: a family with a notation describes it"));
    // Where there is a move, every example in backquotes is a legal one
    // (`play` shows the notation only then).
    let examples = help.split('`').skip(1).step_by(2);
    for example in examples.filter(|_| !moves.is_empty()) {
        match f.notation().expect("a notation").read_move(&args, example) {
            Some(Ok(m)) => assert!(moves.contains(&m), "{position}: example `{example}`"),
            other => panic!("{position}: the example `{example}` reads as {other:?}: {help}"),
        }
    }
    out
}

fn pairs(max: u64) -> Vec<String> {
    let mut v = Vec::new();
    for a in 0..=max {
        for b in 0..=max {
            v.push(format!("{a} {b}"));
        }
    }
    v
}

/// The error message of a reading.
fn refused(f: &Family, position: &str, typed: &str) -> String {
    let args: Vec<&str> = position.split_whitespace().collect();
    match f.notation().expect("a notation").read_move(&args, typed) {
        Some(Err(e)) => e.to_string(),
        other => panic!("{position}: '{typed}' read as {other:?}"),
    }
}

/// The move a line reads as.
fn read(f: &Family, position: &str, typed: &str) -> MoveReport {
    let args: Vec<&str> = position.split_whitespace().collect();
    match f.notation().expect("a notation").read_move(&args, typed) {
        Some(Ok(m)) => m,
        other => panic!("{position}: '{typed}' read as {other:?}"),
    }
}

#[test]
fn nim_and_bash_heap_count() {
    let nim = family("nim", &[]);
    for p in ["3 0 5", "1", "2 2", "0 0 1"] {
        check(&nim, p, &pairs(6));
    }
    let m = read(&nim, "3 4 5", "2 3");
    assert_eq!(
        (m.label.as_str(), m.to.as_str()),
        ("heap 2: 4 -> 1", "3 1 5")
    );
    let e = refused(&nim, "3 4 5", "2 99");
    assert_eq!(e, "heap 2 has 4 counters; 99 cannot be taken");
    assert!(refused(&nim, "3 4 5", "7 1").contains("no heap 7"));
    // Not in the notation: left to the other readings.
    let args = ["3", "4", "5"];
    for t in ["3", "heap 1: 3 -> 1", "1 2 3", "2 -1", ""] {
        assert!(
            nim.notation()
                .expect("a notation")
                .read_move(&args, t)
                .is_none(),
            "{t}"
        );
    }

    let bash = family("bash", &[("max", "2")]);
    for p in ["5 1", "2"] {
        check(&bash, p, &pairs(6));
    }
    assert!(refused(&bash, "5", "1 3").contains("at most 2 counters"));
}

#[test]
fn wythoff_counters_taken_from_each_heap() {
    let w = family("wythoff", &[]);
    for p in ["3 5", "0 2", "4 4", "1 0", "0 0"] {
        let readings = check(&w, p, &pairs(6));
        // Exactly the moves are read: no two lines give the same move.
        let mut seen: Vec<MoveReport> = readings.into_iter().flatten().flatten().collect();
        let n = seen.len();
        seen.sort_by(|a, b| a.label.cmp(&b.label));
        seen.dedup();
        assert_eq!(seen.len(), n, "{p}");
    }
    let m = read(&w, "3 5", "0 3");
    assert_eq!((m.label.as_str(), m.to.as_str()), ("heap 2: 5 -> 2", "3 2"));
    let m = read(&w, "3 5", "2 2");
    assert_eq!(
        (m.label.as_str(), m.to.as_str()),
        ("take 2 from both heaps", "1 3")
    );
    assert!(refused(&w, "3 5", "2 3").contains("the same number from both"));
    assert!(refused(&w, "3 5", "0 0").contains("takes nothing"));
    assert!(refused(&w, "3 5", "4 0").contains("heap 1 has 3 counters"));
    assert!(refused(&w, "3 5", "0 99999999999999999999").contains("heap 2 has 5"));
    assert!(w
        .notation()
        .and_then(|n| n.describe(&["3", "5"]))
        .unwrap()
        .contains("`0 1` takes 1 from heap 2"));
}

/// `@c`, `Xc`, `x@c`, `@a-b` for every cell around a row of `len`.
fn cells(len: usize, letters: &[&str]) -> Vec<String> {
    let mut v = Vec::new();
    for c in 0..=len + 1 {
        v.push(format!("@{c}"));
        v.push(format!("@ {c}"));
        for l in letters {
            v.push(format!("{l}{c}"));
            v.push(format!("{l}@{c}"));
            v.push(format!("{c}{l}"));
            v.push(format!("{l} {c}"));
        }
        for d in 0..=len + 1 {
            v.push(format!("@{c}-{d}"));
        }
    }
    v
}

#[test]
fn treblecross_cells() {
    let t = family("treblecross", &[]);
    for p in [".....", "X.X..", "..X....X..", "X", ".."] {
        check(&t, p, &cells(p.len(), &["X", "x"]));
    }
    let m = read(&t, "..X....X..", "@4");
    assert_eq!((m.label.as_str(), m.to.as_str()), ("X at 4", "..XX...X.."));
    assert_eq!(read(&t, "..X....X..", "x4"), m);
    assert!(refused(&t, "..X....X..", "@3").contains("cell 3 already holds an X"));
    assert!(refused(&t, "..X....X..", "@11").contains("no cell 11"));
    assert!(
        t.notation()
            .expect("a notation")
            .read_move(&["....."], "3")
            .is_none(),
        "a bare number is a move number"
    );
    assert!(t
        .notation()
        .expect("a notation")
        .read_move(&["....."], "X at 3")
        .is_none());

    // Sensible play (the normal-play game) refuses a cell that loses at once.
    let g = Treblecross::new();
    let p = g.parse(&["..X......"]).unwrap();
    let e = g.read_move(&p, &["@4"]).unwrap().unwrap_err().0;
    assert!(e.contains("lets the opponent make three in a row"), "{e}");
    let m = g.read_move(&p, &["@8"]).unwrap().unwrap();
    assert_eq!(m.label, "X at 8");
}

#[test]
fn kayles_row_pins() {
    let k = family("kayles-row", &[]);
    for p in ["III.IIII", "I.I", "II", "..."] {
        check(&k, p, &cells(p.len(), &[]));
    }
    let m = read(&k, "III.IIII", "@6-5");
    assert_eq!(
        (m.label.as_str(), m.to.as_str()),
        ("knock down 5-6", "III...II")
    );
    assert!(refused(&k, "III.IIII", "@4").contains("cell 4 holds no pin"));
    assert!(refused(&k, "III.IIII", "@1-3").contains("one pin or two adjacent pins"));
}

#[test]
fn xo_row_letters_and_cells() {
    let x = family("xo-row", &[]);
    for p in ["X...O..", ".....", "X.O", "X.X.O"] {
        check(&x, p, &cells(p.len(), &["X", "O", "x", "o"]));
    }
    let m = read(&x, "X...O..", "O@2");
    assert_eq!((m.label.as_str(), m.to.as_str()), ("O at 2", "XO..O.."));
    assert_eq!(read(&x, "X...O..", "2o"), m);
    // Only O fits next to the X: `@2` needs no letter.
    assert_eq!(read(&x, "X...O..", "@2"), m);
    assert!(refused(&x, "X...O..", "@3").contains("both X and O fit in cell 3"));
    assert!(refused(&x, "X...O..", "X2").contains("X cannot go in cell 2"));
    assert!(refused(&x, "X...O..", "O1").contains("cell 1 already holds X"));
    assert!(refused(&x, "X.O", "@2").contains("no letter fits in cell 2"));
}

#[test]
fn games_that_end_by_their_own_rules_say_so() {
    let t = family("treblecross", &[]);
    assert_eq!(
        t.end_reasons()
            .and_then(|e| e.end_reason(&["X..XXX."]))
            .as_deref(),
        Some("X X X made at cells 4-6")
    );
    assert_eq!(
        t.end_reasons()
            .and_then(|e| e.end_reason(&["XXXX"]))
            .as_deref(),
        Some("X X X X made at cells 1-4")
    );
    assert_eq!(t.end_reasons().and_then(|e| e.end_reason(&["X.X"])), None);
    assert_eq!(
        t.end_reasons().and_then(|e| e.end_reason(&["XX"])),
        None,
        "no three made, only no room"
    );

    let x = family("xo-row", &[]);
    assert_eq!(
        x.end_reasons()
            .and_then(|e| e.end_reason(&["XOX"]))
            .as_deref(),
        Some("every cell holds a letter")
    );
    assert_eq!(
        x.end_reasons()
            .and_then(|e| e.end_reason(&["X.O"]))
            .as_deref(),
        Some("no letter fits in the one empty cell, 2, between an X and an O")
    );
    assert_eq!(
        x.end_reasons()
            .and_then(|e| e.end_reason(&["X.OX.O"]))
            .as_deref(),
        Some("no letter fits in the empty cells 2, 5: each lies between an X and an O")
    );
    assert_eq!(
        x.end_reasons().and_then(|e| e.end_reason(&["X.."])),
        None,
        "a letter still fits"
    );

    let r = family("ring", &[("n", "5"), ("a", "3,2"), ("b", "1,2,3")]);
    assert_eq!(
        r.end_reasons()
            .and_then(|e| e.end_reason(&["1", "B"]))
            .as_deref(),
        Some("A moved the monster into the hole")
    );
    assert_eq!(
        r.end_reasons().and_then(|e| e.end_reason(&["3", "B"])),
        None
    );

    // A family without its own end has no end reasons: a visible None.
    assert!(family("nim", &[]).end_reasons().is_none());
}

#[test]
fn families_say_whether_positions_repeat() {
    assert!(family("ring", &[("n", "5"), ("a", "3,2"), ("b", "1,2,3")]).may_repeat());
    assert!(family("graph", &[("edges", "a-b,b-a")]).may_repeat());
    assert!(!family("graph", &[("edges", "a-b,b-c")]).may_repeat());
    assert!(!family("nim", &[]).may_repeat());
    assert!(!family("treblecross", &[]).may_repeat());
}

#[test]
fn ring_moves_are_weighed_by_remoteness() {
    use grundy_engine::{Outcome, Play};
    let r = family("ring", &[("n", "5"), ("a", "3,2"), ("b", "1,2,3")]);
    // From 5 with A to move (a draw): A moves 2 to object 2 (B to move
    // there: a draw) or 3 to object 3 (B wins there).
    let after = r
        .remoteness()
        .expect("remoteness")
        .move_remoteness(&["5", "A"], Play::Normal, 10)
        .unwrap()
        .unwrap();
    assert_eq!(after.len(), 2);
    assert_eq!(after[0], (Outcome::D, None));
    assert_eq!(after[1].0, Outcome::N);
}
