//! The worksheet's exports: the command line of a question, values files
//! (text, CSV, the binary form of `seq --values FILE.bin`) and the value
//! table of two-number positions, each made by the api.

use crate::family::{convention, js_error, json, with_family};
use grundy_api::worksheet::{self, Question};
use grundy_api::{values, GameError, SeqControl};
use wasm_bindgen::prelude::*;

/// The command line of a question given as JSON ([`Question`]).
pub fn command_line_text(question: &str) -> Result<String, GameError> {
    let q: Question =
        serde_json::from_str(question).map_err(|e| GameError::Input(format!("question: {e}")))?;
    Ok(worksheet::command_line(&q))
}

/// The values of heaps 0..=n (`n` as text, at most
/// [`crate::MAX_BROWSER_SEQ_N`]) as the bytes of a values file: `form`
/// `bin` (the binary form), `csv`, or `txt` (one value per line).
pub fn values_bytes(game: &str, options: &str, n: &str, form: &str) -> Result<Vec<u8>, GameError> {
    let n = crate::browser_seq_n(n)?;
    with_family(game, options, None, |f| {
        let ctl = SeqControl {
            threads: 1,
            ..SeqControl::default()
        };
        let report = f.seq(n, &ctl)?;
        let mut out = Vec::new();
        let written = match form {
            "bin" => values::write_binary(&mut out, &report.values),
            "csv" => values::write_csv(&mut out, &report.values),
            "txt" => values::write_text(&mut out, &report.values),
            other => {
                return Err(GameError::Input(format!(
                    "values file form '{other}': bin, csv or txt"
                )))
            }
        };
        written.map_err(|e| GameError::Internal(format!("values in memory: {e}")))?;
        Ok(out)
    })
}

/// The value table of the positions `a b`, `a < rows`, `b < cols` (texts,
/// as typed), as JSON ([`worksheet::ValueGrid`]).
pub fn grid_json(
    game: &str,
    options: &str,
    rows: &str,
    cols: &str,
    misere: bool,
    max_states: Option<&str>,
) -> Result<String, GameError> {
    let size = |what: &str, text: &str| {
        grundy_api::parse_u64_in(text, 1, 100).map_err(|e| GameError::Input(format!("{what}: {e}")))
    };
    let (rows, cols) = (size("rows", rows)?, size("columns", cols)?);
    with_family(game, options, max_states, |f| {
        json(&worksheet::value_grid(f, rows, cols, convention(misere))?)
    })
}

/// `commandLine(question)`: the `grundy` command answering the question
/// (JSON: command, game, options as pairs, position, misere,
/// outcome_only, max_states, n, values, plot).
#[wasm_bindgen(js_name = commandLine)]
pub fn command_line(question: &str) -> Result<String, JsError> {
    command_line_text(question).map_err(js_error)
}

/// `valuesFile(game, options, n, form)`: a values file's bytes.
#[wasm_bindgen(js_name = valuesFile)]
pub fn values_file(game: &str, options: &str, n: &str, form: &str) -> Result<Vec<u8>, JsError> {
    values_bytes(game, options, n, form).map_err(js_error)
}

/// `grid(game, options, rows, cols, misere, maxStates)`: the value table
/// of two-number positions, as JSON.
#[wasm_bindgen]
pub fn grid(
    game: &str,
    options: &str,
    rows: &str,
    cols: &str,
    misere: bool,
    max_states: Option<String>,
) -> Result<String, JsError> {
    grid_json(game, options, rows, cols, misere, max_states.as_deref()).map_err(js_error)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{analyze_json, define_rules_json, seq_json};
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
        let g = parse(&grid_json("wythoff", "", "6", "6", false, None).unwrap());
        assert_eq!(g["rows"], 6);
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
        let e = grid_json("wythoff", "", "101", "5", false, None).unwrap_err();
        assert!(e.to_string().starts_with("rows: "), "{e}");
        let e = grid_json("treblecross", "", "3", "3", false, None).unwrap_err();
        assert!(matches!(e, GameError::Input(_)), "{e:?}");
    }

    #[test]
    fn values_files_are_the_command_lines() {
        let bin = values_bytes("kayles", "", "12", "bin").unwrap();
        assert_eq!(&bin[..8], b"GRUNDYSQ");
        assert_eq!(bin.len(), 24 + 13 * 2);
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
