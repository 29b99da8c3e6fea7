//! The worksheet as a document: lines typed into it, which may name their
//! result and refer to the results named before (`k = kayles seq 1000`,
//! then `plot k 500 1000`), and the worksheet file the page downloads and
//! loads back. The page only places what these give: it holds no game
//! knowledge.
//!
//! A line is one of
//!
//! - `GAME [--OPTION VALUE]... seq N`: the values of heaps 0..=N, plotted;
//! - `GAME [--OPTION VALUE]... [analyze] [--misere] [--outcome-only] POSITION...`:
//!   the analysis of a position (`kayles 4 7`);
//! - `plot NAME [FROM [TO]] [points|density]`: the plot of the sequence
//!   named NAME, of heaps FROM to TO (at most its N);
//! - `NAME`: the result named NAME, shown again;
//!
//! any of the first three after `NAME =`, which names its result.

use super::Question;
use crate::plot::PlotStyle;
use crate::GameError;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A result named in the worksheet, with the question that gave it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Named {
    /// Its name.
    pub name: String,
    /// The question that gave it.
    pub question: Question,
}

/// What a worksheet line asks for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Line {
    /// The name the result gets (`NAME = ...`), if any.
    pub name: Option<String>,
    /// The result named so to show again (a line of one name), if so;
    /// then `question` is that result's.
    pub show: Option<String>,
    /// The question: `analyze` or `seq` (with the range plotted:
    /// `plot_from` to `n`, in `plot_style`), in the command line's terms,
    /// so [`super::command_line`] writes its command.
    pub question: Question,
}

/// Most characters of a line.
pub const MAX_LINE: usize = 4096;

/// Words a name cannot be (they start lines of their own).
const KEYWORDS: [&str; 3] = ["plot", "seq", "analyze"];

/// Whether `word` can name a result: a letter or `_`, then letters,
/// digits and `_`, at most 40 characters, no keyword.
pub fn is_name(word: &str) -> bool {
    let mut chars = word.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && word.len() <= 40
        && !KEYWORDS.contains(&word)
}

fn input(text: String) -> GameError {
    GameError::Input(text)
}

/// Reads a worksheet line against the results `named` so far (the last
/// of a name counts).
///
/// Errors (input, in words): an empty or overlong line, a name that
/// cannot be one, a name not defined, `plot` of what is no sequence or
/// past its heaps, a game without `seq N` or a position, `-n` or a heap
/// that is no number. The game, its options and the position are checked
/// when the question is answered, with the command line's messages.
pub fn read_line(line: &str, named: &[Named]) -> Result<Line, GameError> {
    if line.len() > MAX_LINE {
        return Err(input(format!(
            "a worksheet line of {} characters: at most {MAX_LINE}",
            line.len()
        )));
    }
    let (name, rest) = match line.split_once('=') {
        Some((left, right)) if !left.trim().contains(char::is_whitespace) => {
            let left = left.trim();
            if !is_name(left) {
                return Err(input(format!(
                    "'{}' cannot name a result: a letter, then letters, digits or _ (not plot, seq or analyze)",
                    crate::messages::clip_quotes(left)
                )));
            }
            (Some(left.to_string()), right)
        }
        _ => (None, line),
    };
    let words: Vec<&str> = rest.split_whitespace().collect();
    let Some(&first) = words.first() else {
        return Err(input(
            "an empty line: write a game and a position (kayles 4 7), `k = kayles seq 1000`, then `plot k`".into(),
        ));
    };
    if first == "plot" {
        return plot(name.as_deref(), &words[1..], named).map(|question| Line {
            name,
            show: None,
            question,
        });
    }
    if words.len() == 1 && name.is_none() && is_name(first) && named.iter().any(|n| n.name == first)
    {
        return Ok(Line {
            name: None,
            show: Some(first.to_string()),
            question: find(named, first)?.question.clone(),
        });
    }
    Ok(Line {
        name,
        show: None,
        question: asked(&words)?,
    })
}

/// The last result of `named` named `what`.
///
/// Errors (input): none is, naming those that are.
fn find<'n>(named: &'n [Named], what: &str) -> Result<&'n Named, GameError> {
    named.iter().rev().find(|n| n.name == what).ok_or_else(|| {
        let known: Vec<&str> = named.iter().map(|n| n.name.as_str()).collect();
        let what = crate::messages::clip_quotes(what);
        input(if known.is_empty() {
            format!(
                "no result named '{what}' in the worksheet; none is named yet (k = kayles seq 1000 names one)"
            )
        } else {
            format!(
                "no result named '{what}' in the worksheet; named: {}",
                known.join(", ")
            )
        })
    })
}

/// `plot NAME [FROM [TO]] [points|density]` as the `seq` question drawing
/// heaps FROM..=TO of NAME's sequence, named `name` if given.
fn plot(name: Option<&str>, words: &[&str], named: &[Named]) -> Result<Question, GameError> {
    let usage = "plot NAME [FROM [TO]] [points|density]";
    let Some((&of, rest)) = words.split_first() else {
        return Err(input(format!("plot what? {usage}")));
    };
    let kept = find(named, of)?;
    let q = &kept.question;
    if q.command != "seq" {
        return Err(input(format!(
            "'{of}' is an analysis, not a sequence: plot draws what `NAME = GAME seq N` names"
        )));
    }
    let last = q.n.unwrap_or(0);
    let mut style = None;
    let mut heaps = Vec::new();
    for w in rest {
        match w.parse::<PlotStyle>() {
            Ok(s) if style.is_none() => style = Some(s),
            _ if heaps.len() < 2 => heaps.push(crate::parse_u64_in(w, 0, last).map_err(|e| {
                input(format!(
                    "plot {of}: heap {e} ('{of}' has heaps 0 to {last})"
                ))
            })?),
            _ => {
                return Err(input(format!(
                    "plot {of}: '{}' is one word too many: {usage}",
                    crate::messages::clip_quotes(w)
                )))
            }
        }
    }
    let from = heaps.first().copied().unwrap_or(0);
    let to = heaps.get(1).copied().unwrap_or(last);
    if from >= to {
        return Err(input(format!(
            "plot {of}: heaps {from} to {to} are no range: the first below the last"
        )));
    }
    let style = style.unwrap_or_default();
    Ok(Question {
        n: Some(to),
        plot: Some(format!("{}.svg", name.unwrap_or(of))),
        plot_from: Some(from),
        plot_style: Some(style_word(style).into()),
        ..q.clone()
    })
}

fn style_word(style: PlotStyle) -> &'static str {
    match style {
        PlotStyle::Points => "points",
        PlotStyle::Density => "density",
    }
}

/// `GAME [--OPTION VALUE]... seq N` or `... [analyze] [flags] POSITION`.
fn asked(words: &[&str]) -> Result<Question, GameError> {
    let game = words[0];
    let mut options = Vec::new();
    let mut i = 1;
    while i < words.len()
        && words[i].starts_with("--")
        && !matches!(words[i], "--misere" | "--outcome-only")
    {
        let Some(value) = words.get(i + 1) else {
            return Err(input(format!("{}: the option has no value", words[i])));
        };
        options.push((
            words[i].trim_start_matches("--").to_string(),
            value.to_string(),
        ));
        i += 2;
    }
    let rest = &words[i..];
    let base = Question {
        game: game.to_string(),
        options,
        ..Question::default()
    };
    if rest.first() == Some(&"seq") {
        let [_, n] = rest else {
            return Err(input(format!(
                "{game} seq N: one number, the last heap (k = {game} seq 1000)"
            )));
        };
        let n = crate::request::seq_n(n)?;
        return Ok(Question {
            command: "seq".into(),
            n: Some(n),
            plot: Some(format!(
                "{}.svg",
                game.trim_end_matches(".rhai")
                    .rsplit('/')
                    .next()
                    .unwrap_or(game)
            )),
            plot_from: Some(0),
            plot_style: Some("points".into()),
            ..base
        });
    }
    let rest = rest.strip_prefix(&["analyze"]).unwrap_or(rest);
    let mut q = Question {
        command: "analyze".into(),
        ..base
    };
    let mut position = Vec::new();
    for &w in rest {
        match w {
            "--misere" => q.misere = true,
            "--outcome-only" => q.outcome_only = true,
            w => position.push(w),
        }
    }
    if position.is_empty() {
        return Err(input(format!(
            "{game}: a position to analyse ({game} 4 7), or seq N for its values"
        )));
    }
    q.position = position.join(" ");
    Ok(q)
}

/// What a worksheet file says it is.
pub const SHEET_FORMAT: &str = "grundy worksheet";

/// The version of the worksheet file written now.
pub const SHEET_VERSION: u64 = 1;

/// Most bytes of a worksheet file read.
pub const MAX_SHEET_BYTES: usize = 64 << 20;

/// Most entries of a worksheet file.
pub const MAX_SHEET_ENTRIES: usize = 10_000;

/// Kinds of entries: an analysis, a sequence and its plot, a value grid.
const KINDS: [&str; 3] = ["analysis", "seq", "grid"];

/// The worksheet file of `entries` (the page's entries, each an object
/// with `kind`, `title`, `setup` with its `game`, `doc`, and optionally
/// `name` and `question`): `{"format": "grundy worksheet", "version": 1,
/// "entries": [...]}`, which [`read_sheet`] reads back.
///
/// Errors: what [`read_sheet`] would refuse.
pub fn sheet_file(entries: &[Value]) -> Result<String, GameError> {
    let text = serde_json::to_string_pretty(&serde_json::json!({
        "format": SHEET_FORMAT,
        "version": SHEET_VERSION,
        "entries": entries,
    }))
    .map_err(|e| GameError::Internal(format!("worksheet file: {e}")))?;
    read_sheet(&text)?;
    Ok(format!("{text}\n"))
}

/// The entries of a worksheet file, checked.
///
/// Errors (input, naming the entry and the field): more than
/// [`MAX_SHEET_BYTES`] bytes or [`MAX_SHEET_ENTRIES`] entries, not JSON,
/// not a worksheet file or of a later version, an entry without its
/// kind, title, setup's game or answer, a name that cannot be one, a
/// question that is not one.
pub fn read_sheet(text: &str) -> Result<Vec<Value>, GameError> {
    let bad = |what: String| input(format!("worksheet file: {what}"));
    if text.len() > MAX_SHEET_BYTES {
        return Err(bad(format!(
            "{} bytes, more than the {MAX_SHEET_BYTES} read",
            text.len()
        )));
    }
    let doc: Value = serde_json::from_str(text).map_err(|e| bad(format!("not JSON: {e}")))?;
    if doc.is_array() {
        return Err(bad(
            "a list of answers written before worksheets kept their questions; it cannot be loaded back (download the worksheet again to get a file that loads)".into(),
        ));
    }
    if doc["format"] != SHEET_FORMAT {
        return Err(bad(format!(
            "no \"format\": \"{SHEET_FORMAT}\": not a worksheet"
        )));
    }
    match doc["version"].as_u64() {
        Some(v) if v <= SHEET_VERSION => {}
        _ => {
            return Err(bad(format!(
                "version {}: this page reads version {SHEET_VERSION}",
                doc["version"]
            )))
        }
    }
    let Some(entries) = doc["entries"].as_array() else {
        return Err(bad("no list of \"entries\"".into()));
    };
    if entries.len() > MAX_SHEET_ENTRIES {
        return Err(bad(format!(
            "{} entries, more than {MAX_SHEET_ENTRIES}",
            entries.len()
        )));
    }
    for (i, e) in entries.iter().enumerate() {
        let at = |what: &str| bad(format!("entry {}: {what}", i + 1));
        if !e["kind"].as_str().is_some_and(|k| KINDS.contains(&k)) {
            return Err(at("no \"kind\" (analysis, seq or grid)"));
        }
        if !e["title"].is_string() {
            return Err(at("no \"title\""));
        }
        if !e["setup"]["game"].is_string() {
            return Err(at("no \"setup\" with its \"game\""));
        }
        if e["doc"].is_null() {
            return Err(at("no answer (\"doc\")"));
        }
        match &e["name"] {
            Value::Null => {}
            Value::String(n) if is_name(n) => {}
            other => return Err(at(&format!("{other} cannot name a result"))),
        }
        if !e["question"].is_null() {
            Question::deserialize(&e["question"])
                .map_err(|err| at(&format!("its \"question\" is not one: {err}")))?;
        }
    }
    Ok(entries.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(line: &str, before: &[Named]) -> Named {
        let l = read_line(line, before).unwrap();
        Named {
            name: l.name.unwrap(),
            question: l.question,
        }
    }

    #[test]
    fn a_named_sequence_is_plotted_by_its_name() {
        let k = named("k = kayles seq 1000", &[]);
        assert_eq!(k.name, "k");
        assert_eq!(
            super::super::command_line(&k.question),
            "grundy seq kayles -n 1000 --plot kayles.svg"
        );
        let sheet = [k];
        let p = read_line("plot k", &sheet).unwrap();
        assert_eq!(p.name, None);
        assert_eq!(
            super::super::command_line(&p.question),
            "grundy seq kayles -n 1000 --plot k.svg"
        );
        let z = read_line("zoom = plot k 500 600 density", &sheet).unwrap();
        assert_eq!(z.name.as_deref(), Some("zoom"));
        assert_eq!(
            super::super::command_line(&z.question),
            "grundy seq kayles -n 600 --plot zoom.svg --plot-from 500 --plot-style density"
        );
        // Options and names without spaces around `=`.
        let o = named("officers=octal --code 0.6 seq 100000", &[]);
        assert_eq!(
            super::super::command_line(&o.question),
            "grundy seq octal --code 0.6 -n 100000 --plot octal.svg"
        );
        // A name alone shows its result again.
        let again = read_line("k", &sheet).unwrap();
        assert_eq!(again.show.as_deref(), Some("k"));
        assert_eq!(again.question, sheet[0].question);
    }

    #[test]
    fn analyses_are_lines_too() {
        let a = read_line("a = subtraction --set 1,3,4 analyze --misere 10 7", &[]).unwrap();
        assert_eq!(
            super::super::command_line(&a.question),
            "grundy analyze subtraction --set 1,3,4 --misere 10 7"
        );
        let b = read_line("kayles 4 7", &[]).unwrap();
        assert_eq!((b.name, b.question.position.as_str()), (None, "4 7"));
        assert_eq!(b.question.command, "analyze");
    }

    #[test]
    fn mistakes_are_said_in_words() {
        let k = named("k = kayles seq 1000", &[]);
        let a = named("a = kayles 4 7", &[]);
        let sheet = [k, a];
        let e = |line: &str| match read_line(line, &sheet) {
            Err(GameError::Input(m)) => m,
            other => panic!("{line}: {other:?}"),
        };
        assert_eq!(
            e("plot j"),
            "no result named 'j' in the worksheet; named: k, a"
        );
        assert_eq!(
            read_line("plot k", &[]).unwrap_err().to_string(),
            "no result named 'k' in the worksheet; none is named yet (k = kayles seq 1000 names one)"
        );
        assert!(e("plot a").starts_with("'a' is an analysis, not a sequence"));
        assert!(
            e("plot k 0 2000").contains("'k' has heaps 0 to 1000"),
            "{}",
            e("plot k 0 2000")
        );
        assert!(e("plot k 600 500").contains("no range"));
        assert!(e("plot k 1 2 3").contains("one word too many"));
        assert!(e("plot").starts_with("plot what?"));
        assert!(e("").starts_with("an empty line"));
        assert!(e("2x = kayles seq 10").contains("cannot name a result"));
        assert!(e("plot = kayles seq 10").contains("cannot name a result"));
        assert!(e("kayles seq").contains("seq N"));
        assert!(e("kayles seq x").starts_with("-n: "));
        assert!(e("kayles").contains("a position to analyse"));
        assert!(e("octal --code").contains("no value"));
        assert!(e(&"x".repeat(5000)).contains("at most 4096"));
    }

    #[test]
    fn a_worksheet_file_loads_back_and_bad_ones_are_refused() {
        let k = named("k = kayles seq 10", &[]);
        let entry = serde_json::json!({
            "id": 1, "kind": "seq", "title": "kayles: heaps 0..=10", "name": "k",
            "setup": {"game": "kayles", "options": {}}, "doc": {"values": [0, 1]},
            "question": k.question, "svg": "<svg/>",
        });
        let file = sheet_file(std::slice::from_ref(&entry)).unwrap();
        assert_eq!(read_sheet(&file).unwrap(), vec![entry.clone()]);
        let refused = |text: &str| read_sheet(text).unwrap_err().to_string();
        assert!(refused("[{\"title\": \"x\"}]").contains("cannot be loaded back"));
        assert!(refused("{").starts_with("worksheet file: not JSON"));
        assert!(refused("{\"format\": \"x\"}").contains("not a worksheet"));
        let later = file.replace("\"version\": 1", "\"version\": 2");
        assert!(refused(&later).contains("version 2"));
        let mut no_game = entry.clone();
        no_game["setup"] = serde_json::json!({});
        let text =
            serde_json::json!({"format": SHEET_FORMAT, "version": 1, "entries": [entry, no_game]})
                .to_string();
        assert_eq!(
            refused(&text),
            "worksheet file: entry 2: no \"setup\" with its \"game\""
        );
        let mut bad_name =
            serde_json::json!({"format": SHEET_FORMAT, "version": 1, "entries": [k_entry()]});
        bad_name["entries"][0]["name"] = "1k".into();
        assert!(refused(&bad_name.to_string()).contains("cannot name a result"));
    }

    fn k_entry() -> Value {
        serde_json::json!({"kind": "analysis", "title": "t", "setup": {"game": "nim"}, "doc": {}})
    }
}
