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
