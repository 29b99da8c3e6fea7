//! `grundy survey` as typed, in either play: [`Survey::new`] reads the
//! options into the normal-play survey ([`crate::survey`], `-n`) or the
//! misère one ([`crate::misere_survey`], `--misere --max-heap`), and
//! [`Survey::run`] hands out its codes and gives back its lines
//! ([`SurveyRow`]), which a front end writes as JSON or as the text
//! table ([`Survey::heading`], [`SurveyRow::text`]).

use crate::misere_survey::{misere_survey, MisereLine, MisereSurveyRequest};
use crate::survey::{SurveyLine, SurveyRequest};
use crate::GameError;
use grundy_engine::ranks::Ranks;
use grundy_engine::SharedClock;
use serde::Serialize;

/// The options of `survey` as typed (`None`: not given).
#[derive(Clone, Copy, Debug, Default)]
pub struct SurveyText<'a> {
    /// `--codes LIST`.
    pub codes: &'a str,
    /// `-n N`: each code's largest heap in normal play.
    pub n: Option<&'a str>,
    /// `--misere`: grow each code's misère quotient.
    pub misere: bool,
    /// `--max-heap N`: each quotient's largest heap (with `--misere`).
    pub max_heap: Option<&'a str>,
    /// `--threads N`.
    pub threads: Option<&'a str>,
    /// `--time-limit SECS`, each code's.
    pub time_limit: Option<&'a str>,
    /// `--max-memory SIZE`.
    pub max_memory: Option<&'a str>,
    /// `--checkpoint FILE`.
    pub checkpoint: Option<&'a str>,
    /// `--json`: one JSON line a code.
    pub json: bool,
}

impl SurveyText<'_> {
    /// The `grundy survey` command line of these options, each word
    /// quoted for a POSIX shell where it needs to be (`--json` and
    /// `--checkpoint` included when given).
    pub fn command_line(&self) -> String {
        let mut words = vec!["grundy", "survey", "--codes", self.codes];
        let options = [
            ("-n", self.n),
            ("--max-heap", self.max_heap),
            ("--threads", self.threads),
            ("--time-limit", self.time_limit),
            ("--max-memory", self.max_memory),
            ("--checkpoint", self.checkpoint),
        ];
        if self.misere {
            words.push("--misere");
        }
        for (flag, value) in options {
            if let Some(v) = value {
                words.extend([flag, v]);
            }
        }
        if self.json {
            words.push("--json");
        }
        let words: Vec<String> = words.iter().map(|w| crate::messages::quoted(w)).collect();
        words.join(" ")
    }
}

/// The largest survey a front end that surveys code by code takes (the
/// page's): beyond these, [`Survey::within`] refuses it.
#[derive(Clone, Copy, Debug)]
pub struct SurveyBounds {
    /// Who sets the bounds, as the messages name it (`the page`).
    pub by: &'static str,
    /// Most codes.
    pub codes: usize,
    /// Largest `-n` of a normal-play survey.
    pub n: u64,
    /// Longest time limit of one code, in seconds (a time limit is
    /// required).
    pub seconds: u64,
}

/// A checked survey: of value sequences, or of misère quotients.
#[derive(Clone, Debug)]
pub enum Survey {
    /// `survey -n N`.
    Normal(SurveyRequest),
    /// `survey --misere`.
    Misere(MisereSurveyRequest),
}

/// One code's line of either survey; its JSON is the line's own.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum SurveyRow {
    /// A value sequence's line.
    Normal(SurveyLine),
    /// A misère quotient's line.
    Misere(MisereLine),
}

impl SurveyRow {
    /// The row of the text table, under [`Survey::heading`].
    pub fn text(&self) -> String {
        match self {
            SurveyRow::Normal(l) => crate::survey::line_text(l),
            SurveyRow::Misere(l) => crate::render::misere_survey_line(l),
        }
    }

    /// Whether the line holds an error (the survey then exits 2).
    pub fn failed(&self) -> bool {
        match self {
            SurveyRow::Normal(l) => l.error.is_some(),
            SurveyRow::Misere(l) => l.error.is_some(),
        }
    }
}

impl Survey {
    /// Checks the options: `-n` in normal play, `--max-heap` only with
    /// `--misere`, then those of
    /// [`SurveyRequest::new`] or [`MisereSurveyRequest::new`].
    ///
    /// Errors (input, naming the option): an option of the other play,
    /// `-n` missing in normal play, and each request's own.
    pub fn new(t: &SurveyText<'_>) -> Result<Survey, GameError> {
        if t.misere {
            if let Some(n) = t.n {
                return Err(GameError::Input(format!(
                    "-n {} is the largest heap of a normal-play survey: give --max-heap N with --misere",
                    crate::messages::clip_quotes(n)
                )));
            }
            return MisereSurveyRequest::new(
                t.codes,
                t.max_heap,
                t.threads,
                t.time_limit,
                t.max_memory,
                t.checkpoint,
                t.json,
            )
            .map(Survey::Misere);
        }
        if let Some(value) = t.max_heap {
            return Err(crate::request::without(
                "--max-heap",
                value,
                "belongs to a misère survey",
                "--misere",
            ));
        }
        let n = t.n.ok_or_else(|| {
            GameError::Input(
                "survey needs -n N (each code's largest heap), or --misere for misère quotients"
                    .into(),
            )
        })?;
        SurveyRequest::new(
            t.codes,
            n,
            t.threads,
            t.time_limit,
            t.max_memory,
            t.checkpoint,
            t.json,
        )
        .map(Survey::Normal)
    }

    /// The codes, in the order of the list.
    pub fn codes(&self) -> &[String] {
        match self {
            Survey::Normal(s) => &s.codes,
            Survey::Misere(s) => &s.codes,
        }
    }

    /// The line of code `i` of the list alone, on this thread, without a
    /// checkpoint: the line [`Survey::run`] gives it (its seconds aside).
    /// A front end surveying code by code (the page) asks for each.
    ///
    /// Errors (input): `i` past the list.
    pub fn one(&self, i: usize) -> Result<SurveyRow, GameError> {
        let code = self.code(i)?;
        Ok(match self {
            Survey::Normal(s) => SurveyRow::Normal(crate::survey::survey_one(
                code,
                s.n,
                &crate::survey::one_code(&s.control),
            )),
            Survey::Misere(s) => SurveyRow::Misere(crate::misere_survey::misere_one(
                code, s.max_heap, &s.limits,
            )),
        })
    }

    /// The line of code `i` that could not be surveyed, `why` as its
    /// error (the page's worker ended at the time limit).
    ///
    /// Errors (input): `i` past the list.
    pub fn failed_row(&self, i: usize, why: &str) -> Result<SurveyRow, GameError> {
        let code = self.code(i)?;
        Ok(match self {
            Survey::Normal(_) => {
                SurveyRow::Normal(crate::survey::SurveyLine::failed(code, why.to_string()))
            }
            Survey::Misere(_) => SurveyRow::Misere(crate::misere_survey::MisereLine::empty(
                code,
                Some(why.to_string()),
            )),
        })
    }

    fn code(&self, i: usize) -> Result<&str, GameError> {
        self.codes().get(i).map(String::as_str).ok_or_else(|| {
            GameError::Input(format!(
                "code {i} of a survey of {} codes",
                self.codes().len()
            ))
        })
    }

    /// The same survey with each code's time limit measured on `clock`
    /// (a front end without the standard clock: the page's
    /// `performance.now()`).
    pub fn with_clock(mut self, clock: SharedClock) -> Survey {
        match &mut self {
            Survey::Normal(s) => s.control.clock = Some(clock),
            Survey::Misere(s) => s.limits.clock = Some(clock),
        }
        self
    }

    /// Refuses a survey larger than `bounds`, in the words of the
    /// command line's checks: more codes, a larger `-n`, no time limit or
    /// a longer one.
    pub fn within(&self, bounds: &SurveyBounds) -> Result<(), GameError> {
        let by = bounds.by;
        let more = "(use `grundy survey` for more)";
        let codes = self.codes().len();
        if codes > bounds.codes {
            return Err(GameError::Input(format!(
                "--codes: {codes} codes are too many for {by}; the most allowed is {} {more}",
                bounds.codes
            )));
        }
        if let Survey::Normal(s) = self {
            if s.n > bounds.n {
                return Err(GameError::Input(format!(
                    "-n: '{}' is too large for {by}; the largest allowed is {} {more}",
                    s.n, bounds.n
                )));
            }
        }
        let time = match self {
            Survey::Normal(s) => s.control.time_limit,
            Survey::Misere(s) => s.limits.max_time,
        };
        match time {
            None => Err(GameError::Input(format!(
                "--time-limit: {by} needs each code's time limit (at most {} seconds)",
                bounds.seconds
            ))),
            Some(t) if t.as_secs_f64() > bounds.seconds as f64 => Err(GameError::Input(format!(
                "--time-limit: '{}' seconds is too long for {by}; the longest allowed is {}",
                t.as_secs_f64(),
                bounds.seconds
            ))),
            Some(_) => Ok(()),
        }
    }

    /// Whether the lines are JSON.
    pub fn json(&self) -> bool {
        match self {
            Survey::Normal(s) => s.json,
            Survey::Misere(s) => s.json,
        }
    }

    /// The heading of the text table's columns.
    pub fn heading(&self) -> &'static str {
        match self {
            Survey::Normal(_) => crate::survey::TEXT_HEADING,
            Survey::Misere(_) => crate::render::MISERE_SURVEY_HEADING,
        }
    }

    /// Surveys the codes on this process's threads, or across `ranks`
    /// (every rank calls it; rank 0 alone `emit`s): `emit` gets the lines
    /// in the order of the codes, each as soon as it and every line
    /// before it are known.
    ///
    /// Errors: those of [`SurveyRequest::run`] and [`misere_survey`].
    pub fn run(
        &self,
        ranks: Option<&dyn Ranks>,
        emit: &mut dyn FnMut(SurveyRow) -> Result<(), GameError>,
    ) -> Result<(), GameError> {
        match self {
            Survey::Normal(s) => s.run(ranks, &mut |l| emit(SurveyRow::Normal(l))),
            Survey::Misere(s) => misere_survey(s, ranks, &mut |l| emit(SurveyRow::Misere(l))),
        }
    }

    /// `grundy survey` on `out`: the heading of the text table (unless
    /// the lines are JSON), then each line as soon as it and every line
    /// before it are known, flushed at once (a survey runs for hours);
    /// across ranks rank 0 alone writes. Gives the exit status: 0 when
    /// every code was surveyed, 2 when a line holds an error (the others
    /// still written).
    ///
    /// Errors: a failed write (a closed pipe among them) as the outer
    /// error; those of [`Survey::run`] inside.
    pub fn write(
        &self,
        ranks: Option<&dyn Ranks>,
        out: &mut dyn std::io::Write,
    ) -> Result<Result<i32, GameError>, std::io::Error> {
        if !self.json() && ranks.is_none_or(|r| r.is_root()) {
            writeln!(out, "{}", self.heading())?;
        }
        let mut written: Option<std::io::Error> = None;
        let mut failed = false;
        let done = self.run(ranks, &mut |line| {
            failed |= line.failed();
            let text = if self.json() {
                serde_json::to_string(&line)
                    .map_err(|e| GameError::Internal(format!("cannot serialise a line: {e}")))?
            } else {
                line.text()
            };
            writeln!(out, "{text}")
                .and_then(|()| out.flush())
                .map_err(|e| {
                    let said = GameError::Internal(format!("writing a line: {e}"));
                    written = Some(e);
                    said
                })
        });
        match written {
            Some(e) => Err(e),
            None => Ok(done.map(|()| if failed { 2 } else { 0 })),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::time::Duration;

    fn survey(t: SurveyText<'_>) -> Survey {
        Survey::new(&t).unwrap()
    }

    /// The rows without their seconds (which differ run to run).
    fn timeless(row: SurveyRow) -> SurveyRow {
        match row {
            SurveyRow::Normal(l) => {
                SurveyRow::Normal(crate::survey::SurveyLine { seconds: 0.0, ..l })
            }
            SurveyRow::Misere(l) => {
                SurveyRow::Misere(crate::misere_survey::MisereLine { seconds: 0.0, ..l })
            }
        }
    }

    #[test]
    fn code_by_code_gives_the_lines_of_the_whole_survey() {
        let normal = SurveyText {
            codes: "0.07,0.137,4.7,0.6",
            n: Some("300"),
            ..SurveyText::default()
        };
        let misere = SurveyText {
            codes: "0.75,0.07,0.00",
            misere: true,
            max_heap: Some("10"),
            ..SurveyText::default()
        };
        for t in [normal, misere] {
            let s = survey(t);
            let mut lines = Vec::new();
            s.run(None, &mut |l| {
                lines.push(timeless(l));
                Ok(())
            })
            .unwrap();
            let one: Vec<SurveyRow> = (0..s.codes().len())
                .map(|i| timeless(s.one(i).unwrap()))
                .collect();
            assert_eq!(one, lines);
            assert_eq!(lines.len(), s.codes().len());
            assert!(s.one(s.codes().len()).is_err());
        }
        // A row that could not be made is an error row of the table.
        let s = survey(SurveyText {
            codes: "0.07",
            n: Some("10"),
            ..SurveyText::default()
        });
        let row = s.failed_row(0, "stopped after 5 s").unwrap();
        assert!(row.failed());
        assert_eq!(row.text(), "0.07       error: stopped after 5 s");
    }

    /// A clock whose every reading is a minute after the one before.
    #[derive(Debug, Default)]
    struct Racing(AtomicU64);

    impl grundy_engine::Clock for Racing {
        fn now(&self) -> Duration {
            Duration::from_secs(60 * self.0.fetch_add(1, Ordering::Relaxed))
        }
    }

    #[test]
    fn each_codes_time_limit_is_measured_on_the_clock_given() {
        let normal = SurveyText {
            codes: "0.6",
            n: Some("1000000"),
            time_limit: Some("1"),
            ..SurveyText::default()
        };
        let row = survey(normal)
            .with_clock(std::sync::Arc::new(Racing::default()))
            .one(0);
        let l = match row.unwrap() {
            SurveyRow::Normal(l) => l,
            other => panic!("{other:?}"),
        };
        assert!(
            l.error.as_deref().is_some_and(|e| e.contains("time limit")),
            "{l:?}"
        );
        assert!(l.seconds >= 60.0, "{l:?}");
        let misere = SurveyText {
            codes: "0.07",
            misere: true,
            max_heap: Some("40"),
            time_limit: Some("1"),
            ..SurveyText::default()
        };
        let row = survey(misere)
            .with_clock(std::sync::Arc::new(Racing::default()))
            .one(0);
        let l = match row.unwrap() {
            SurveyRow::Misere(l) => l,
            other => panic!("{other:?}"),
        };
        assert!(l.stopped.is_some() && l.max_heap < 40, "{l:?}");
    }

    #[test]
    fn a_survey_past_the_pages_bounds_is_refused_in_words() {
        let bounds = SurveyBounds {
            by: "the page",
            codes: 100,
            n: 1_000_000,
            seconds: 600,
        };
        let refused = |t: SurveyText<'_>| match survey(t).within(&bounds) {
            Err(GameError::Input(m)) => m,
            other => panic!("{other:?}"),
        };
        let t = SurveyText {
            codes: "0.xyz",
            n: Some("100"),
            time_limit: Some("5"),
            ..SurveyText::default()
        };
        assert_eq!(
            refused(t),
            "--codes: 511 codes are too many for the page; the most allowed is 100 (use `grundy survey` for more)"
        );
        let t = SurveyText {
            codes: "0.07",
            n: Some("1000001"),
            time_limit: Some("5"),
            ..SurveyText::default()
        };
        assert_eq!(
            refused(t),
            "-n: '1000001' is too large for the page; the largest allowed is 1000000 (use `grundy survey` for more)"
        );
        let t = SurveyText {
            codes: "0.07",
            misere: true,
            ..SurveyText::default()
        };
        assert_eq!(
            refused(t),
            "--time-limit: the page needs each code's time limit (at most 600 seconds)"
        );
        let t = SurveyText {
            codes: "0.07",
            n: Some("10"),
            time_limit: Some("601"),
            ..SurveyText::default()
        };
        assert_eq!(
            refused(t),
            "--time-limit: '601' seconds is too long for the page; the longest allowed is 600"
        );
        let t = SurveyText {
            codes: "0.07",
            n: Some("1000000"),
            time_limit: Some("600"),
            ..SurveyText::default()
        };
        assert!(survey(t).within(&bounds).is_ok());
    }

    #[test]
    fn the_command_line_of_a_survey() {
        let t = SurveyText {
            codes: "0.07,4.7",
            misere: true,
            max_heap: Some("20"),
            time_limit: Some("5"),
            ..SurveyText::default()
        };
        assert_eq!(
            t.command_line(),
            "grundy survey --codes 0.07,4.7 --misere --max-heap 20 --time-limit 5"
        );
        let t = SurveyText {
            codes: "0.x y",
            n: Some("100"),
            json: true,
            ..SurveyText::default()
        };
        assert_eq!(
            t.command_line(),
            "grundy survey --codes '0.x y' -n 100 --json"
        );
    }
}
