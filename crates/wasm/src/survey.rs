//! The page's survey: the normal-play or misère survey of a list of
//! codes, asked code by code (so the page stays responsive and shows
//! each row as it comes), with each code's time limit measured on the
//! page's clock. The checks, the rows and their text are the api's
//! ([`grundy_api::survey_request`]): the table of `grundy survey`.

use crate::family::{js_error, json};
use grundy_api::survey_request::{Survey, SurveyBounds, SurveyText};
use grundy_api::GameError;
use std::cell::RefCell;
use std::sync::Arc;
use std::time::Duration;
use wasm_bindgen::prelude::*;

/// The largest survey the page takes: a pattern of four letters
/// (`0.wxyz`), heaps to [`crate::MAX_BROWSER_SEQ_N`], ten minutes a code.
pub const PAGE_SURVEY: SurveyBounds = SurveyBounds {
    by: "the page",
    codes: 4096,
    n: crate::MAX_BROWSER_SEQ_N,
    seconds: 600,
};

/// A survey as the page asks it (JSON): the fields of `grundy survey`.
#[derive(Clone, Debug, Default, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SurveyQuestion {
    /// `--codes LIST`.
    pub codes: String,
    /// `-n N` (normal play).
    pub n: Option<String>,
    /// `--misere`.
    pub misere: bool,
    /// `--max-heap N` (misère play).
    pub max_heap: Option<String>,
    /// `--time-limit SECS`, each code's.
    pub time_limit: Option<String>,
}

impl SurveyQuestion {
    fn text(&self) -> SurveyText<'_> {
        SurveyText {
            codes: &self.codes,
            n: self.n.as_deref(),
            misere: self.misere,
            max_heap: self.max_heap.as_deref(),
            time_limit: self.time_limit.as_deref(),
            ..SurveyText::default()
        }
    }
}

/// The page's clock: `performance.now()` in the browser, the standard
/// clock in native tests.
#[derive(Debug)]
struct PageClock;

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

impl grundy_api::Clock for PageClock {
    #[cfg(target_arch = "wasm32")]
    fn now(&self) -> Duration {
        Duration::from_secs_f64(performance_now().max(0.0) / 1000.0)
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn now(&self) -> Duration {
        static ORIGIN: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
        ORIGIN.get_or_init(std::time::Instant::now).elapsed()
    }
}

thread_local! {
    /// The survey asked last, with its question's text.
    static LAST: RefCell<Option<(String, Arc<Survey>)>> = const { RefCell::new(None) };
}

/// The survey of `question` (JSON), checked by the api and against
/// [`PAGE_SURVEY`], on the page's clock; kept for the next row asked.
fn checked(question: &str) -> Result<Arc<Survey>, GameError> {
    if let Some(s) = LAST.with(|l| {
        l.borrow()
            .as_ref()
            .filter(|(q, _)| q == question)
            .map(|(_, s)| s.clone())
    }) {
        return Ok(s);
    }
    let q: SurveyQuestion =
        serde_json::from_str(question).map_err(|e| GameError::Input(format!("survey: {e}")))?;
    let survey = Survey::new(&q.text())?;
    survey.within(&PAGE_SURVEY)?;
    let survey = Arc::new(survey.with_clock(Arc::new(PageClock)));
    LAST.with(|l| *l.borrow_mut() = Some((question.to_string(), survey.clone())));
    Ok(survey)
}

/// `{"heading", "codes", "command"}` of a survey: its table's heading,
/// its codes in order and the `grundy survey` command that gives the
/// same table.
pub fn survey_plan_json(question: &str) -> Result<String, GameError> {
    let survey = checked(question)?;
    let q: SurveyQuestion =
        serde_json::from_str(question).map_err(|e| GameError::Input(format!("survey: {e}")))?;
    json(&serde_json::json!({
        "heading": survey.heading(),
        "codes": survey.codes(),
        "command": q.text().command_line(),
    }))
}

/// `{"row", "text"}`: code `i`'s line (the `survey --json` line) and its
/// row of the table.
pub fn survey_row_json(question: &str, i: usize) -> Result<String, GameError> {
    let row = checked(question)?.one(i)?;
    json(&serde_json::json!({ "text": row.text(), "row": row }))
}

/// As [`survey_row_json`], for code `i` that could not be surveyed: its
/// error row, `why` the error.
pub fn survey_failed_json(question: &str, i: usize, why: &str) -> Result<String, GameError> {
    let row = checked(question)?.failed_row(i, why)?;
    json(&serde_json::json!({ "text": row.text(), "row": row }))
}

/// `surveyPlan(question)`: [`survey_plan_json`]; throws the api's message
/// for a survey the command line refuses or the page's bounds exceed.
#[wasm_bindgen(js_name = surveyPlan)]
pub fn survey_plan(question: &str) -> Result<String, JsError> {
    survey_plan_json(question).map_err(js_error)
}

/// `surveyRow(question, i)`: [`survey_row_json`].
#[wasm_bindgen(js_name = surveyRow)]
pub fn survey_row(question: &str, i: u32) -> Result<String, JsError> {
    survey_row_json(question, i as usize).map_err(js_error)
}

/// `surveyFailed(question, i, why)`: [`survey_failed_json`].
#[wasm_bindgen(js_name = surveyFailed)]
pub fn survey_failed(question: &str, i: u32, why: &str) -> Result<String, JsError> {
    survey_failed_json(question, i as usize, why).map_err(js_error)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> serde_json::Value {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn a_survey_row_by_row_is_the_command_lines_table() {
        let q = r#"{"codes": "0.07,4.7", "n": "200", "time_limit": "5"}"#;
        let plan = parse(&survey_plan_json(q).unwrap());
        assert_eq!(plan["codes"], serde_json::json!(["0.07", "4.7"]));
        assert_eq!(plan["heading"], grundy_api::survey::TEXT_HEADING);
        assert_eq!(
            plan["command"],
            "grundy survey --codes 0.07,4.7 -n 200 --time-limit 5"
        );
        let row = parse(&survey_row_json(q, 0).unwrap());
        assert_eq!(row["row"]["code"], "0.07");
        assert_eq!(row["row"]["period"], 34);
        assert!(row["text"].as_str().unwrap().starts_with("0.07 "));
        let m = r#"{"codes": "0.75", "misere": true, "max_heap": "30", "time_limit": "5"}"#;
        let row = parse(&survey_row_json(m, 0).unwrap());
        assert_eq!(row["row"]["order"], 8);
        let failed = parse(&survey_failed_json(m, 0, "stopped").unwrap());
        assert_eq!(failed["text"], "0.75       error: stopped");
        // The page's bounds, in the api's words.
        let e = survey_plan_json(r#"{"codes": "0.07", "n": "2000000", "time_limit": "5"}"#)
            .unwrap_err();
        assert!(e.to_string().contains("too large for the page"), "{e}");
        let e = survey_plan_json(r#"{"codes": "0.07", "n": "20"}"#).unwrap_err();
        assert!(
            e.to_string().contains("needs each code's time limit"),
            "{e}"
        );
        let e = survey_plan_json(r#"{"codes": "0.9", "n": "20", "time_limit": "5"}"#).unwrap_err();
        assert!(e.to_string().starts_with("--codes"), "{e}");
    }
}
