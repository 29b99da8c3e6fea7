//! The engine and the built-in games in the browser (web/), through
//! wasm-bindgen.
//!
//! Every function takes the game's name, its options as a JSON object of
//! texts without dashes (`{"set": "1,3,4"}` for `--set 1,3,4`) and the
//! position as the text `analyze` takes, and answers with the JSON
//! document of the command line (`analyze --json`, with `outcomeOnly`
//! `analyze --outcome-only --json`, `analyze --explain --json`, `games
//! --json`, `seq --json`), so the page and the command line show the same
//! answers. One answer has no command line document: `table` (a family's
//! table with its rows labelled, which `analyze --json` flattens into one
//! field per column).
//!
//! The class `Match` ([`PageMatch`]) is a game against the engine with
//! the rules of `grundy play` ([`grundy_api::play::Match`]): each of its
//! methods answers with the match's state as JSON.
//! Bad input is rejected by [`grundy_api::request`] with the command
//! line's messages, thrown as a JavaScript `Error`.
//!
//! Limits: every search obeys `max_states` (the text of `--max-states`,
//! default ten million) and the memory budget, fixed at
//! `grundy_api::memory::FALLBACK_MAX_MEMORY` (1 GiB: a wasm32 memory holds
//! at most 4 GiB, and browsers often grant 2), counted by the allocator
//! installed below, so a search too large for the page's memory ends in a
//! limit error instead of an aborted module. Time is the page's to bound: it runs these
//! functions in a Web Worker and terminates the worker when its time
//! limit passes, which stops any computation, so no search here reads a
//! clock (`std::time::Instant` does not exist on wasm32-unknown-unknown).
//!
//! The last family built is kept, so a page asking many questions about
//! one game builds its tables once; so is the last analysis, so that the
//! explanation and the table asked for after it cost no second search.

/// The allocator of the target (dlmalloc on wasm32), counted: the memory
/// budget reads the bytes held from `grundy_api::memory::allocated`; a
/// refused allocation is noted for [`failedPositions`].
#[global_allocator]
static GLOBAL: failure::PageAlloc = failure::PageAlloc(grundy_api::memory::CountingAlloc(
    std::alloc::System,
    grundy_api::memory::Blocks::Malloc,
));

use grundy_api::explain::Explained;
use grundy_api::{policy, request, Analysis, Detail, Family, GameError, SearchError, SeqControl};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

mod failure;
mod family;
mod play;
mod rules;
mod sheet;
mod survey;

use family::{convention, js_error, json, with_family, with_titled_family};
pub use play::{PageMatch, Session};
pub use sheet::*;
pub use survey::*;

pub use family::MAX_BROWSER_SEQ_N;

/// The analysis made last, with the question it answers.
struct Analysed {
    /// The family's game, options and state limit, as [`Built`] has them.
    key: (String, String, Option<String>),
    position: String,
    misere: bool,
    outcome_only: bool,
    analysis: Analysis,
}

thread_local! {
    static LAST_ANALYSIS: RefCell<Option<Analysed>> = const { RefCell::new(None) };
}

fn detail(outcome_only: bool) -> Detail {
    if outcome_only {
        Detail::OutcomeOnly
    } else {
        Detail::AllMoves
    }
}

/// The analysis of `position` (every winning move, or outcome and value
/// alone when `outcome_only`), made once for the same question asked
/// again; `f` gets the family, its title (as the command line names the
/// game) and the analysis.
fn with_analysis<T>(
    game: &str,
    options: &str,
    position: &str,
    misere: bool,
    outcome_only: bool,
    max_states: Option<&str>,
    f: impl FnOnce(&Family, &str, &Analysis) -> Result<T, GameError>,
) -> Result<T, GameError> {
    let key = (
        game.to_string(),
        options.to_string(),
        max_states.map(str::to_string),
    );
    with_titled_family(game, options, max_states, |family, title| {
        LAST_ANALYSIS.with(|last| {
            let mut last = last.borrow_mut();
            let same = last.as_ref().is_some_and(|a| {
                a.key == key
                    && a.position == position
                    && a.misere == misere
                    && a.outcome_only == outcome_only
            });
            if !same {
                *last = None;
                let analysis = family
                    .analyze_with(
                        &policy::split(position),
                        convention(misere),
                        detail(outcome_only),
                    )
                    .map_err(|e| outcome_only_hint(e, outcome_only))?;
                *last = Some(Analysed {
                    key,
                    position: position.to_string(),
                    misere,
                    outcome_only,
                    analysis,
                });
            }
            let kept = last.as_ref().expect("the analysis was just kept");
            f(family, title, &kept.analysis)
        })
    })
}

/// A position with too many moves to list can still be answered without
/// them: the error says so, in the command line's words.
fn outcome_only_hint(e: GameError, outcome_only: bool) -> GameError {
    match e {
        GameError::Search(SearchError::TooManyMoves { .. }) if !outcome_only => GameError::Input(
            format!("{e}; --outcome-only answers with the outcome and value alone"),
        ),
        e => e,
    }
}

/// Defines the rules file `name` (ending in `.rhai`) as `source`, then
/// answers its entry as in the `games --json` document (name, rules,
/// syntax, no options). A file replaced drops the answers kept of it.
pub fn define_rules_json(name: &str, source: &str) -> Result<String, GameError> {
    let (registration, replaced) = rules::define(name, source)?;
    if replaced {
        family::forget();
        LAST_ANALYSIS.with(|last| *last.borrow_mut() = None);
    }
    let entries: serde_json::Value =
        serde_json::from_str(&grundy_api::render::games_json(&[registration]))
            .map_err(|e| GameError::Internal(format!("games entry: {e}")))?;
    json(&entries[0])
}

/// `defineRules(name, source)`: compiles and keeps a rules file written
/// on the page; its entry as `games()` lists games. Throws the command
/// line's message for a file that does not compile.
#[wasm_bindgen(js_name = defineRules)]
pub fn define_rules(name: &str, source: &str) -> Result<String, JsError> {
    define_rules_json(name, source).map_err(js_error)
}

/// `rulesExamples()`: the repository's example rules files as JSON
/// `[{"name", "source"}]`.
#[wasm_bindgen(js_name = rulesExamples)]
pub fn rules_examples() -> String {
    let list: Vec<_> = rules::EXAMPLES
        .iter()
        .map(|(name, source)| serde_json::json!({"name": name, "source": source}))
        .collect();
    serde_json::Value::Array(list).to_string()
}

/// `begin()`: a new request starts (no failure noted yet).
#[wasm_bindgen]
pub fn begin() {
    failure::begin();
}

/// `failedPositions()`: after the module stopped, the positions held
/// when an allocation was refused, or -1 when none was.
#[wasm_bindgen(js_name = failedPositions)]
pub fn failed_positions() -> f64 {
    failure::failed_positions().map_or(-1.0, |n| n as f64)
}

/// `panicMessage()`: after the module stopped, the panic's message, if
/// one was the cause.
#[wasm_bindgen(js_name = panicMessage)]
pub fn panic_message() -> Option<String> {
    failure::panic_message()
}

/// `outOfMemory(positions)`: the page's words for memory running out.
#[wasm_bindgen(js_name = outOfMemory)]
pub fn out_of_memory(positions: f64) -> String {
    grundy_api::messages::out_of_memory(positions as u64)
}

/// The `games --json` document.
pub fn games_json() -> String {
    grundy_api::render::games_json(&grundy_games::registry())
}

/// For each answer about one position: `NAME_json(game, options,
/// position, misere, outcome_only, max_states)`, the answer as JSON from
/// the analysis ([`with_analysis`]), and the page's export `NAME` with the
/// same arguments (`maxStates` a string or absent), which throws the
/// command line's message.
macro_rules! position_answers {
    ($( $(#[$doc:meta])* $js:ident, $json:ident: |$f:ident, $title:ident, $a:ident, $position:ident| $body:expr; )*) => {
        $(
            $(#[$doc])*
            pub fn $json(
                game: &str,
                options: &str,
                position: &str,
                misere: bool,
                outcome_only: bool,
                max_states: Option<&str>,
            ) -> Result<String, GameError> {
                let $position = position;
                with_analysis(game, options, position, misere, outcome_only, max_states, |$f, $title, $a| {
                    $body
                })
            }

            #[doc = concat!("`", stringify!($js), "(game, options, position, misere, outcomeOnly, maxStates)`: [`", stringify!($json), "`].")]
            #[wasm_bindgen]
            pub fn $js(
                game: &str,
                options: &str,
                position: &str,
                misere: bool,
                outcome_only: bool,
                max_states: Option<String>,
            ) -> Result<String, JsError> {
                $json(game, options, position, misere, outcome_only, max_states.as_deref())
                    .map_err(js_error)
            }
        )*
    };
}

position_answers! {
    /// The `analyze --json` document of `position`; with `outcome_only`,
    /// that of `analyze --outcome-only --json`.
    analyze, analyze_json: |_f, _title, a, _position| json(a);
    /// The `analyze --explain --json` document of `position` (with
    /// `outcome_only`, `--outcome-only` too): the analysis with the
    /// `explanation` field, in the command line's words (both made by
    /// [`Explained`]).
    explain, explain_json: |f, _title, a, position| {
        json(&Explained::new(f, &policy::split(position), a.clone(), true)?)
    };
    /// The analysis of `position` laid out for a person
    /// ([`grundy_api::render::AnalysisView`]): the command line's text of
    /// `analyze`, part by part, for the page to place.
    view, view_json: |_f, title, a, _position| json(&grundy_api::render::analysis_view(title, a));
}

/// The `seq --json` document of heaps 0..=n, n given as text (`-n`) and
/// at most [`MAX_BROWSER_SEQ_N`].
pub fn seq_json(game: &str, options: &str, n: &str) -> Result<String, GameError> {
    let n = family::browser_seq_n(n)?;
    with_family(game, options, None, |f| {
        let ctl = SeqControl {
            threads: 1,
            ..SeqControl::default()
        };
        json(&f.seq(n, &ctl)?)
    })
}

/// The quotient of the heaps 0..=`max_heap` (the text of `--max-heap`;
/// absent: the command line's default), kept by the family for the same
/// question asked again, as `render` writes it.
fn with_quotient(
    game: &str,
    options: &str,
    max_heap: Option<&str>,
    render: impl FnOnce(&grundy_api::QuotientReport) -> Result<String, GameError>,
) -> Result<String, GameError> {
    let n = request::quotient_max_heap(max_heap)?;
    with_family(game, options, None, |f| {
        render(&f.quotient(n, &grundy_api::QuotientControl::default())?)
    })
}

/// The `quotient --json` document (see [`with_quotient`]).
pub fn quotient_json(
    game: &str,
    options: &str,
    max_heap: Option<&str>,
) -> Result<String, GameError> {
    with_quotient(game, options, max_heap, json)
}

/// The text `grundy quotient` prints (presentation, P-portion, the
/// pretending function with its period), as a JSON string.
pub fn quotient_text_json(
    game: &str,
    options: &str,
    max_heap: Option<&str>,
) -> Result<String, GameError> {
    with_quotient(game, options, max_heap, |q| json(&q.text()))
}

/// `quotientText(game, options, maxHeap)`: the text of `grundy quotient`
/// as a JSON string; throws the command line's message.
#[wasm_bindgen(js_name = quotientText)]
pub fn quotient_text(
    game: &str,
    options: &str,
    max_heap: Option<String>,
) -> Result<String, JsError> {
    quotient_text_json(game, options, max_heap.as_deref()).map_err(js_error)
}

/// `quotient(game, options, maxHeap)`: the `quotient --json` document;
/// throws the command line's message.
#[wasm_bindgen]
pub fn quotient(game: &str, options: &str, max_heap: Option<String>) -> Result<String, JsError> {
    quotient_json(game, options, max_heap.as_deref()).map_err(js_error)
}

/// `games()`: the `games --json` document.
#[wasm_bindgen]
pub fn games() -> String {
    games_json()
}

/// `seq(game, options, n)`: the `seq --json` document of heaps 0..=n.
#[wasm_bindgen]
pub fn seq(game: &str, options: &str, n: &str) -> Result<String, JsError> {
    seq_json(game, options, n).map_err(js_error)
}

/// The worksheet line `line` answered, against the results `named` so
/// far (a JSON array of `{name, question}`), as the page's entry: `{kind,
/// name, title, setup, doc, command, question}` and, for an analysis, its
/// `view`, for a sequence its plot (`svg`, `caption`, `from`, `to`); or
/// `{"show": NAME}` for a line naming a result to show again. The line is
/// read by the api ([`grundy_api::worksheet::named::read_line`]), the
/// answers are those of [`analyze_json`], [`view_json`] and
/// [`sheet::plot_json`].
pub fn sheet_run_json(
    line: &str,
    named: &str,
    max_states: Option<&str>,
) -> Result<String, GameError> {
    use grundy_api::worksheet::{self, named::Named};
    use serde_json::{json as j, Value};
    let named: Vec<Named> = serde_json::from_str(named)
        .map_err(|e| GameError::Input(format!("worksheet names: {e}")))?;
    let line = worksheet::named::read_line(line, &named)?;
    if let Some(name) = &line.show {
        return json(&j!({ "show": name }));
    }
    let q = &line.question;
    let options: serde_json::Map<String, Value> = q
        .options
        .iter()
        .map(|(k, v)| (k.clone(), Value::String(v.clone())))
        .collect();
    let setup = j!({
        "game": q.game, "rules": null, "options": options, "position": q.position,
        "misere": q.misere, "outcomeOnly": q.outcome_only, "maxStates": max_states,
    });
    let options = Value::Object(options).to_string();
    let parsed = |text: String| -> Result<Value, GameError> {
        serde_json::from_str(&text).map_err(|e| GameError::Internal(format!("answer: {e}")))
    };
    let mut entry = if q.command == "seq" {
        let (from, to) = (q.plot_from.unwrap_or(0), q.n.unwrap_or(0));
        let style = q.plot_style.as_deref().unwrap_or("points");
        let p = parsed(sheet::plot_json(
            &q.game,
            &options,
            &from.to_string(),
            &to.to_string(),
            style,
        )?)?;
        j!({
            "kind": "seq", "title": p["caption"], "doc": p["seq"], "svg": p["svg"],
            "caption": p["caption"], "from": from, "to": to,
        })
    } else {
        let args = (&q.game, &options, &q.position, q.misere, q.outcome_only);
        let doc = parsed(analyze_json(
            args.0, args.1, args.2, args.3, args.4, max_states,
        )?)?;
        let view = parsed(view_json(
            args.0, args.1, args.2, args.3, args.4, max_states,
        )?)?;
        j!({ "kind": "analysis", "title": view["headline"], "doc": doc, "view": view })
    };
    entry["name"] = j!(line.name);
    entry["setup"] = setup;
    entry["command"] = j!(worksheet::command_line(q));
    entry["question"] = j!(q);
    json(&entry)
}

/// `sheetRun(line, named, maxStates)`: [`sheet_run_json`]; throws the
/// api's words for a line it cannot read, the command line's for the
/// question.
#[wasm_bindgen(js_name = sheetRun)]
pub fn sheet_run(line: &str, named: &str, max_states: Option<String>) -> Result<String, JsError> {
    sheet_run_json(line, named, max_states.as_deref()).map_err(js_error)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::family::build;
    use grundy_api::{Limits, Play};

    fn input(e: GameError) -> String {
        match e {
            GameError::Input(m) => m,
            other => panic!("expected an input error, got {other:?}"),
        }
    }

    fn parse(text: &str) -> serde_json::Value {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn nim_345_is_the_command_lines_document() {
        let a = parse(&analyze_json("nim", "", "3 4 5", false, false, None).unwrap());
        assert_eq!(a["outcome"], "N");
        assert_eq!(a["value"], 2);
        assert_eq!(a["winning_moves"][0]["to"], "1 4 5");
        let same = grundy_games::find("nim")
            .unwrap()
            .build(&Default::default(), &Limits::default())
            .unwrap()
            .analyze(&["3", "4", "5"], Play::Normal)
            .unwrap();
        assert_eq!(a, serde_json::to_value(same).unwrap());
    }

    #[test]
    fn the_explanation_is_the_command_lines() {
        let doc = parse(&explain_json("nim", "", "3 4 5", false, false, None).unwrap());
        let e = &doc["explanation"];
        assert_eq!(
            e["nim_sum"]["terms"],
            serde_json::json!(["011", "100", "101"])
        );
        assert_eq!(e["nim_sum"]["sum"], "010");
        assert!(e["text"]
            .as_array()
            .unwrap()
            .contains(&serde_json::json!("  xor 101  (5)")));
        // The same document the api makes for the command line.
        let family = grundy_games::find("nim")
            .unwrap()
            .build(&Default::default(), &Limits::default())
            .unwrap();
        let args = ["3", "4", "5"];
        let a = family.analyze(&args, Play::Normal).unwrap();
        let same = Explained::new(&family, &args, a, true).unwrap();
        assert_eq!(doc, serde_json::to_value(same).unwrap());
        // Without the explanation it is the analysis alone.
        let mut trimmed = doc.clone();
        trimmed.as_object_mut().unwrap().remove("explanation");
        assert_eq!(
            trimmed,
            parse(&analyze_json("nim", "", "3 4 5", false, false, None).unwrap())
        );
        // Misère play and bad input, as for the analysis.
        let m = parse(&explain_json("nim", "", "1 1 2", true, false, None).unwrap());
        assert!(m["explanation"]["nim_sum"].is_null());
        assert!(m["explanation"]["conclusion"]
            .as_str()
            .unwrap()
            .starts_with("In misère play"));
        assert!(
            input(explain_json("nim", "", "3 x", false, false, None).unwrap_err()).contains("'x'")
        );
    }

    #[test]
    fn options_come_as_a_json_object() {
        let a = parse(
            &analyze_json(
                "subtraction",
                r#"{"set": "1,3,4"}"#,
                "7",
                false,
                false,
                None,
            )
            .unwrap(),
        );
        assert_eq!(a["outcome"], "P");
        let b = parse(
            &analyze_json("octal", r#"{"--code": "0.137"}"#, "5 7", false, false, None).unwrap(),
        );
        assert_eq!(b["game"], "octal 0.137");
        assert!(
            input(analyze_json("subtraction", "", "7", false, false, None).unwrap_err())
                .starts_with("missing option --set S for game subtraction (")
        );
        assert!(
            input(analyze_json("nim", "[1]", "3", false, false, None).unwrap_err())
                .starts_with("options: expected a JSON object")
        );
        assert!(
            input(analyze_json("nim", "{", "3", false, false, None).unwrap_err())
                .starts_with("options: not a JSON object")
        );
        assert_eq!(
            input(analyze_json("nim", r#"{"max": 3}"#, "3", false, false, None).unwrap_err()),
            "unknown option '--max' for game nim; nim has no game-specific options"
        );
    }

    #[test]
    fn bad_input_has_the_command_lines_message() {
        assert!(
            input(analyze_json("chess", "", "1", false, false, None).unwrap_err())
                .starts_with("unknown game 'chess'; known games: nim")
        );
        assert_eq!(
            input(analyze_json("nim", "", "3", false, false, Some("0")).unwrap_err()),
            "--max-states: '0' is too small; the least allowed is 1"
        );
        assert_eq!(
            input(seq_json("kayles", "", "-1").unwrap_err()),
            "-n: '-1' is negative; expected a whole number >= 0"
        );
        assert!(input(seq_json("kayles", "", "1000001").unwrap_err())
            .contains("too large for the page"));
    }

    #[test]
    fn a_drawn_position_lists_drawing_moves_and_its_loopy_value() {
        let edges = r#"{"edges": "a-b,b-a"}"#;
        let a = parse(&analyze_json("graph", edges, "a", false, false, None).unwrap());
        assert_eq!(a["outcome"], "D");
        assert_eq!(a["winning_move_count"], 0);
        assert_eq!(a["winning_moves"], serde_json::json!([]));
        assert_eq!(a["drawing_move_count"], 1);
        assert_eq!(
            a["drawing_moves"],
            serde_json::json!([{"move": "a -> b", "to": "b"}])
        );
        assert!(a["value"].is_null());
        assert_eq!(a["loopy_value"], "∞{}");
        // The document of `analyze --json`.
        let (family, _) = build("graph", edges, None).unwrap();
        let same = family.analyze(&["a"], Play::Normal).unwrap();
        assert_eq!(a, serde_json::to_value(same).unwrap());
        // Outcome only: the drawing moves are not examined either.
        let o = parse(&analyze_json("graph", edges, "a", false, true, None).unwrap());
        assert_eq!(o["outcome"], "D");
        assert!(o["winning_move_count"].is_null());
        assert!(o.get("drawing_move_count").is_none() && o.get("drawing_moves").is_none());
        // A finite generalized value is the value.
        let n = parse(
            &analyze_json(
                "graph",
                r#"{"edges": "a-b,b-c,c-a,c-d"}"#,
                "a",
                false,
                false,
                None,
            )
            .unwrap(),
        );
        assert_eq!(n["value"], 1);
        assert!(n.get("loopy_value").is_none());
    }

    #[test]
    fn outcome_only_answers_a_heap_with_too_many_moves_to_list() {
        // Without the switch: answered too, the moves not listed, a note
        // saying why (issue 19).
        let full = parse(&analyze_json("kayles", "", "1000000000", false, false, None).unwrap());
        assert_eq!(full["value"], 1);
        assert!(full["winning_move_count"].is_null());
        assert_eq!(
            full["notes"][0],
            "winning moves not listed: about 1500000006 moves to examine, more than the limit 10000000 (raise it with --max-states); --max-moves K lists the first K winning moves found"
        );
        let a = parse(&analyze_json("kayles", "", "1000000000", false, true, None).unwrap());
        assert_eq!(a["outcome"], "N");
        assert_eq!(a["value"], 1);
        assert!(a["winning_move_count"].is_null());
        assert_eq!(a["winning_moves"], serde_json::json!([]));
        // The document of `analyze --outcome-only --json`.
        let same = grundy_games::find("kayles")
            .unwrap()
            .build(&Default::default(), &Limits::default())
            .unwrap()
            .analyze_with(&["1000000000"], Play::Normal, Detail::OutcomeOnly)
            .unwrap();
        assert_eq!(a, serde_json::to_value(same).unwrap());
        // Explained too, without the moves.
        let e = parse(&explain_json("kayles", "", "1000000000", false, true, None).unwrap());
        assert!(e["explanation"]["text"][0]
            .as_str()
            .unwrap()
            .contains("heap 1000000000 is worth what heap 76 is"));
        // The switch asked of a small position still gives no moves, and
        // the full answer after it is not the one kept.
        let small = parse(&analyze_json("kayles", "", "4 7", false, true, None).unwrap());
        assert!(small["winning_move_count"].is_null());
        let full = parse(&analyze_json("kayles", "", "4 7", false, false, None).unwrap());
        assert!(full["winning_move_count"].as_u64().unwrap() >= 1);
    }

    #[test]
    fn the_view_is_the_command_lines_text_part_by_part() {
        let ring = r#"{"n": "5", "a": "3,2", "b": "1,2,3"}"#;
        let v = parse(&view_json("ring", ring, "2 A", false, false, None).unwrap());
        let t = &v["table"];
        assert_eq!(t["caption"], "Every start at once (a_first, b_first)");
        assert_eq!(
            t["header"],
            serde_json::json!(["start", "a_first", "b_first"])
        );
        assert_eq!(
            t["rows"],
            serde_json::json!([
                ["2", "Lose", "Loop"],
                ["3", "Win", "Win"],
                ["4", "Win", "Win"],
                ["5", "Loop", "Win"],
            ])
        );
        // The columns are those the analysis flattens into its fields.
        let a = parse(&analyze_json("ring", ring, "2 A", false, false, None).unwrap());
        assert_eq!(
            a["a_first"],
            serde_json::json!(["Lose", "Win", "Win", "Loop"])
        );
        // The headline names the game as the command line does, options
        // included; the moves are those of the analysis.
        let v = parse(
            &view_json(
                "subtraction",
                r#"{"set": "1,3,4"}"#,
                "10",
                false,
                false,
                None,
            )
            .unwrap(),
        );
        assert_eq!(
            v["headline"],
            "subtraction --set 1,3,4 10: first player wins (N), value 1"
        );
        assert_eq!(v["moves_heading"], "2 winning moves:");
        let to: Vec<&str> = v["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["to"].as_str().unwrap())
            .collect();
        assert_eq!(to, ["9", "7"]);
        // A family without a table has none.
        let none = parse(&view_json("nim", "", "3 4 5", false, false, None).unwrap());
        assert!(none["table"].is_null());
        assert_eq!(none["components"].as_array().unwrap().len(), 3);
    }

    #[test]
    fn a_state_limit_is_reported() {
        let e =
            analyze_json("treblecross", "", &".".repeat(40), true, false, Some("50")).unwrap_err();
        assert!(matches!(e, GameError::Search(_)), "{e:?}");
    }

    #[test]
    fn short_sequences() {
        let s = parse(&seq_json("kayles", "", "100").unwrap());
        let values: Vec<u64> = s["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        assert_eq!(&values[..12], &[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
        assert_eq!(values.len(), 101);
        assert!(input(seq_json("treblecross", "", "10").unwrap_err())
            .contains("no one-heap value sequence"));
        let g = parse(&games_json());
        assert!(g
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["name"] == "treblecross"));
    }

    #[test]
    fn quotients_as_the_command_line_prints_them() {
        let q = parse(&quotient_json("octal", r#"{"code": "0.33"}"#, None).unwrap());
        assert_eq!(q["order"], 6);
        assert_eq!(q["solved"], true);
        assert_eq!(q["tame"], true);
        assert_eq!(q["p_portion"], serde_json::json!(["a", "b^2"]));
        let nim = parse(&quotient_json("nim", "", Some("3")).unwrap());
        assert_eq!(nim["order"], 6);
        assert_eq!(nim["solved"], false);
        // Asked again, the family's kept answer.
        assert_eq!(parse(&quotient_json("nim", "", Some("3")).unwrap()), nim);
        let text: String =
            serde_json::from_str(&quotient_text_json("nim", "", Some("3")).unwrap()).unwrap();
        assert!(
            text.starts_with("nim: misère quotient of order 6 (tame)"),
            "{text}"
        );
        assert!(text.contains("Q = < a, b | a^2 = 1, b^3 = b >"), "{text}");
        assert!(
            input(quotient_json("nim", "", Some("x")).unwrap_err()).contains("not a whole number")
        );
        assert!(input(quotient_json("wythoff", "", Some("5")).unwrap_err())
            .contains("no misère quotient"));
    }
}

/// The worksheet functions of [`sheet`], here so that `sheet` never
/// imports this file (which imports it).
#[cfg(test)]
mod sheet_tests {
    use crate::sheet::*;
    use crate::{analyze_json, define_rules_json, seq_json};
    use grundy_api::GameError;
    use grundy_api::{Detail, Limits, Play};

    fn parse(text: &str) -> serde_json::Value {
        serde_json::from_str(text).unwrap()
    }

    const SUBTRACTION: &str = include_str!("../../../examples/rules/subtraction.rhai");

    #[test]
    fn a_rules_file_defined_on_the_page_answers_as_on_the_command_line() {
        let entry = parse(&define_rules_json("take.rhai", SUBTRACTION).unwrap());
        assert_eq!(entry["name"], "take.rhai");
        assert!(entry["rules"].as_str().unwrap().contains("'take.rhai'"));
        let a = parse(&analyze_json("take.rhai", "", "10 7", false, false, None).unwrap());
        let same = grundy_rules::registration_from_source(
            "take.rhai",
            SUBTRACTION,
            grundy_rules::Sandbox::default(),
        )
        .unwrap()
        .build(&Default::default(), &Limits::default())
        .unwrap()
        .analyze_with(&["10", "7"], Play::Normal, Detail::AllMoves)
        .unwrap();
        assert_eq!(a, serde_json::to_value(same).unwrap());
        // heap(n): the values of one heap.
        let s = parse(&seq_json("take.rhai", "", "10").unwrap());
        assert_eq!(
            s["values"],
            serde_json::json!([0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1])
        );
        // Replaced under the same name: the answers kept are dropped.
        let only_one = SUBTRACTION.replace("[1, 3, 4]", "[1]");
        define_rules_json("take.rhai", &only_one).unwrap();
        let b = parse(&analyze_json("take.rhai", "", "10 7", false, false, None).unwrap());
        assert_eq!(b["value"], 1);
        // Errors: a name that is no rules file's, a file that does not parse.
        let e = define_rules_json("take", SUBTRACTION).unwrap_err();
        assert!(e.to_string().contains("ending in .rhai"), "{e}");
        let e = define_rules_json("bad.rhai", "fn parse(text) {").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("rules file 'bad.rhai' does not parse"),
            "{e}"
        );
        let e = analyze_json("nothing.rhai", "", "1", false, false, None).unwrap_err();
        assert!(
            e.to_string().contains("no rules file 'nothing.rhai'"),
            "{e}"
        );
    }

    #[test]
    fn every_example_compiles() {
        for (name, source) in crate::rules::EXAMPLES {
            define_rules_json(name, source).unwrap();
        }
    }

    #[test]
    fn the_value_grid_of_wythoff_marks_its_p_positions() {
        let h = parse(&grid_json("wythoff", "", "6", "6", false, None).unwrap());
        let g = &h["grid"];
        assert_eq!(g["rows"], 6);
        // The heat map dots each P-position, and its caption counts them.
        assert_eq!(
            h["svg"]
                .as_str()
                .unwrap()
                .matches("<circle class=\"p\"")
                .count(),
            5
        );
        assert!(h["caption"]
            .as_str()
            .unwrap()
            .contains("; 5 P-positions (dots), largest value"));
        let p: Vec<usize> = g["outcomes"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
            .filter(|(_, o)| *o == "P")
            .map(|(i, _)| i)
            .collect();
        // (0,0), (1,2), (2,1), (3,5), (5,3).
        assert_eq!(p, vec![0, 8, 13, 23, 33]);
        // As `grundy analyze wythoff 3 4` says.
        assert_eq!(g["values"][3 * 6 + 4], 2);
        // The page's largest table, 0 to 100 each way (issue 38: refused
        // as '101' rows), and one past it.
        let h = parse(&grid_json("nim", "", "101", "101", false, None).unwrap());
        assert_eq!(h["grid"]["values"][101 * 101 - 1], 0);
        let e = grid_json("wythoff", "", "102", "5", false, None).unwrap_err();
        assert!(e.to_string().starts_with("rows: "), "{e}");
        let e = grid_json("treblecross", "", "3", "3", false, None).unwrap_err();
        assert!(matches!(e, GameError::Input(_)), "{e:?}");
    }

    #[test]
    fn the_plot_is_the_command_lines_picture_of_the_range() {
        let p = parse(&plot_json("kayles", "", "10", "200", "points").unwrap());
        assert_eq!(p["seq"]["n"], 200);
        let svg = p["svg"].as_str().unwrap();
        assert!(svg.contains("<title>heap 10: value 2</title>"), "{svg}");
        assert!(
            !svg.contains("<title>heap 9: value"),
            "heaps before 10 are not drawn"
        );
        assert!(p["caption"]
            .as_str()
            .unwrap()
            .starts_with("kayles: heaps 10..=200, period 12"));
        let e = plot_json("kayles", "", "201", "200", "points").unwrap_err();
        assert!(e.to_string().starts_with("--plot-from: "), "{e}");
        let e = plot_json("kayles", "", "0", "200", "bars").unwrap_err();
        assert!(e.to_string().contains("points or density"), "{e}");
    }

    #[test]
    fn values_files_are_the_command_lines() {
        let bin = values_bytes("kayles", "", "12", "bin").unwrap();
        assert_eq!(&bin[..8], b"GRUNDYSQ");
        // Version 2 (take-and-break): a 40-byte header, a byte a value,
        // Kayles' values all below 256 (no plane, no wide table).
        assert_eq!(bin[8..12], 2u32.to_le_bytes());
        assert_eq!(bin.len(), 40 + 13);
        let csv = String::from_utf8(values_bytes("kayles", "", "3", "csv").unwrap()).unwrap();
        assert_eq!(csv, "heap,value\n0,0\n1,1\n2,2\n3,3\n");
        let txt = String::from_utf8(values_bytes("kayles", "", "3", "txt").unwrap()).unwrap();
        assert_eq!(txt, "0\n1\n2\n3\n");
        assert!(values_bytes("kayles", "", "3", "xls").is_err());
    }

    #[test]
    fn command_lines_of_questions() {
        let c = command_line_text(
            r#"{"game": "octal", "options": [["code", "0.137"]], "position": "5 7", "outcome_only": true}"#,
        )
        .unwrap();
        assert_eq!(c, "grundy analyze octal --code 0.137 --outcome-only 5 7");
        assert!(command_line_text(r#"{"gam": "x"}"#).is_err());
    }

    #[test]
    fn memory_running_out_is_said_in_words() {
        grundy_api::memory::note_positions(1234);
        let text = crate::family::error_text(&GameError::Search(
            grundy_api::SearchError::MemoryLimit(1 << 30),
        ));
        assert_eq!(
            text,
            "out of memory at 1234 positions; try outcome-only or a smaller position"
        );
    }
}
