//! The worksheet's exports: the command line of a question, values files
//! (text, CSV, the binary form of `seq --values FILE.bin`) and the value
//! table of two-number positions, each made by the api.

use crate::family::{convention, js_error, json, with_family};
use grundy_api::plot::{plot_caption, plot_svg, PlotStyle, PlotView};
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
    let n = crate::family::browser_seq_n(n)?;
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
/// as typed), as JSON: `{"grid": ValueGrid, "svg": its heat map,
/// "caption": the sentence under it}` ([`worksheet::ValueGrid`]).
pub fn grid_json(
    game: &str,
    options: &str,
    rows: &str,
    cols: &str,
    misere: bool,
    max_states: Option<&str>,
) -> Result<String, GameError> {
    let size = |what: &str, text: &str| {
        grundy_api::parse_u64_in(text, 1, worksheet::MAX_GRID_SIDE)
            .map_err(|e| GameError::Input(format!("{what}: {e}")))
    };
    let (rows, cols) = (size("rows", rows)?, size("columns", cols)?);
    with_family(game, options, max_states, |f| {
        let grid = worksheet::value_grid(f, rows, cols, convention(misere))?;
        json(&serde_json::json!({
            "svg": grid.svg(),
            "caption": grid.caption(),
            "grid": grid,
        }))
    })
}

/// Heaps 0..=`n` of the family's sequence (the `seq --json` document)
/// and their plot from heap `from`, in `style` (`points` or `density`),
/// at the command line's size: `{"seq", "svg", "caption"}`, the picture
/// `seq -n N --plot F.svg --plot-from FROM --plot-style STYLE` draws.
pub fn plot_json(
    game: &str,
    options: &str,
    from: &str,
    n: &str,
    style: &str,
) -> Result<String, GameError> {
    let n = crate::family::browser_seq_n(n)?;
    let from = grundy_api::request::plot_from(from, n)?;
    let style: PlotStyle = style.parse()?;
    with_family(game, options, None, |f| {
        let ctl = SeqControl {
            threads: 1,
            ..SeqControl::default()
        };
        let seq = f.seq(n, &ctl)?;
        let view = PlotView {
            from,
            ..PlotView::whole(&seq, style)
        };
        json(&serde_json::json!({
            "svg": plot_svg(&seq, &view)?,
            "caption": plot_caption(&seq, from, n),
            "seq": seq,
        }))
    })
}

/// `plot(game, options, from, n, style)`: a sequence and its plot
/// ([`plot_json`]); throws the command line's message.
#[wasm_bindgen]
pub fn plot(
    game: &str,
    options: &str,
    from: &str,
    n: &str,
    style: &str,
) -> Result<String, JsError> {
    plot_json(game, options, from, n, style).map_err(js_error)
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

/// The worksheet file of the page's entries (a JSON array), as the api
/// writes it ([`worksheet::named::sheet_file`]).
pub fn sheet_file_text(entries: &str) -> Result<String, GameError> {
    let entries: Vec<serde_json::Value> = serde_json::from_str(entries)
        .map_err(|e| GameError::Input(format!("worksheet entries: {e}")))?;
    worksheet::named::sheet_file(&entries)
}

/// The entries of a worksheet file, checked by the api
/// ([`worksheet::named::read_sheet`]), as a JSON array.
pub fn sheet_load_json(text: &str) -> Result<String, GameError> {
    json(&worksheet::named::read_sheet(text)?)
}

/// `sheetFile(entries)`: the worksheet file's text, as a JSON string.
#[wasm_bindgen(js_name = sheetFile)]
pub fn sheet_file(entries: &str) -> Result<String, JsError> {
    sheet_file_text(entries)
        .and_then(|t| json(&t))
        .map_err(js_error)
}

/// `sheetLoad(text)`: the entries of a worksheet file; throws the api's
/// words for a file that is not one.
#[wasm_bindgen(js_name = sheetLoad)]
pub fn sheet_load(text: &str) -> Result<String, JsError> {
    sheet_load_json(text).map_err(js_error)
}

/// `grid(game, options, rows, cols, misere, maxStates)`: the value table
/// of two-number positions with its heat map, as JSON ([`grid_json`]).
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
