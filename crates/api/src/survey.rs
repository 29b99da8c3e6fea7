//! `grundy survey`: many take-and-break codes, each computed to n heaps
//! (or until its period is proven), one line per code in the order of the
//! list, whatever the number of threads or ranks. Codes are handed out as
//! workers free up: to the threads of a rayon pool, or across ranks by the
//! engine's [`grundy_engine::ranks::deal`] (rank 0 computing too between
//! messages).

use crate::GameError;
use grundy_engine::ranks::Ranks;
use grundy_sequence::{compute, CodeError, Control, HeapRule, Method, TakeBreak};
use serde::{Deserialize, Serialize};

/// The most codes one survey takes (`0.wxyz` is 4,096).
pub const MAX_CODES: usize = 1 << 16;

/// One code's line: the `survey --json` document of the command-line
/// contract.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SurveyLine {
    /// The code as written in the list (or produced by its pattern).
    pub code: String,
    /// The pre-period: proven, or observed in the heaps computed; `None`
    /// when no period shows.
    pub preperiod: Option<u64>,
    /// The period, likewise.
    pub period: Option<u64>,
    /// Whether the periodicity theorem proves the period for every heap.
    pub proven: bool,
    /// The heaps whose values were computed: n + 1, or fewer once the
    /// period was proven (the rest follow from it).
    pub heaps: u64,
    /// The largest value among them.
    pub max_value: Option<u64>,
    /// The mask of the rare/common split in use at the end, if any.
    pub rare_mask: Option<u32>,
    /// Wall-clock seconds this code took on its worker.
    pub seconds: f64,
    /// Why the code could not be computed (a limit, a value too large):
    /// the other fields are then empty.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl crate::survey_checkpoint::Line for SurveyLine {
    fn code(&self) -> &str {
        &self.code
    }
}

impl SurveyLine {
    /// The line of `code` that could not be computed, `error` saying
    /// why: the other fields empty, zero seconds.
    pub fn failed(code: &str, error: String) -> SurveyLine {
        SurveyLine {
            code: code.to_string(),
            preperiod: None,
            period: None,
            proven: false,
            heaps: 0,
            max_value: None,
            rare_mask: None,
            seconds: 0.0,
            error: Some(error),
        }
    }
}

/// The codes a list names, in its order: items separated by commas, each
/// a code as `seq` takes it ([`TakeBreak::parse`]: `0.137`, `4.7`, `0.F3`,
/// `0.f3`, `0x0.8`, `0o0.37`), surveyed as written, or a pattern whose
/// lower-case letters past `f` each stand for every octal digit 0 to 7,
/// the first letter slowest (`0.xyz` is 0.001, 0.002, ..., 0.777: 511
/// codes, 0.000 allowing no move; `0x0.fy` and `0o0.xy` keep their
/// prefix, whose `x` or `o` is no letter of the pattern). An item is read
/// as a code first, so a code's own letters never make a pattern.
///
/// Errors: an empty list or item, an item that is no code and no pattern,
/// a pattern one of whose codes is no code for another reason than
/// allowing no move (`0.x8`, `x.7`: `1.7` splits without a removal), a
/// pattern with no code, more than [`MAX_CODES`] codes; each names the
/// item. Nothing is left out silently.
pub fn parse_codes(list: &str) -> Result<Vec<String>, GameError> {
    parse_codes_keeping(list, false)
}

/// [`parse_codes`], keeping the codes that allow no move (`0.00`, and a
/// pattern's: `0.xy` is then 64 codes) when `no_move` (the misère survey
/// gives each its line).
pub fn parse_codes_keeping(list: &str, no_move: bool) -> Result<Vec<String>, GameError> {
    let mut codes = Vec::new();
    let too_many = |item: &str| {
        GameError::Input(format!(
            "--codes: '{item}' and the codes before it are more than {MAX_CODES}"
        ))
    };
    for item in list.split(',') {
        let item = item.trim();
        if item.is_empty() {
            return Err(GameError::Input(format!(
                "--codes '{list}': an empty item; separate codes by single commas"
            )));
        }
        // A code as `seq` takes it, whatever letters it holds.
        if TakeBreak::parse(item).is_ok() {
            if codes.len() >= MAX_CODES {
                return Err(too_many(item));
            }
            codes.push(item.to_string());
            continue;
        }
        if !item.contains('.') {
            return Err(GameError::Input(format!(
                "--codes: '{item}' is no code (a code has a point: 0.137, 4.7)"
            )));
        }
        // The prefix of a hexadecimal or octal code is no pattern letter.
        let prefix_len = match item.get(..2).map(str::to_ascii_lowercase).as_deref() {
            Some("0x" | "0o") => 2,
            _ => 0,
        };
        let (prefix, body) = item.split_at(prefix_len);
        // Letters a to f are hexadecimal digits; the others stand for
        // every octal digit.
        let is_letter = |c: &char| c.is_ascii_lowercase() && !c.is_ascii_hexdigit();
        let letters = body.chars().filter(is_letter).count();
        if letters > 5 || codes.len() + 8usize.pow(letters as u32) > MAX_CODES {
            return Err(too_many(item));
        }
        let before = codes.len();
        for k in 0..8usize.pow(letters as u32) {
            let mut digit = letters;
            let code: String = prefix
                .chars()
                .chain(body.chars().map(|c| {
                    if is_letter(&c) {
                        digit -= 1;
                        char::from(b'0' + ((k >> (3 * digit)) & 7) as u8)
                    } else {
                        c
                    }
                }))
                .collect();
            match TakeBreak::parse(&code) {
                Ok(_) => codes.push(code),
                Err(CodeError::NoMove(_)) if no_move => codes.push(code),
                // A pattern's codes without a move (0.000) are no games.
                Err(CodeError::NoMove(_)) if letters > 0 => {}
                Err(e) if letters > 0 => {
                    return Err(GameError::Input(format!(
                        "--codes: pattern '{item}' gives '{code}', which is no code: {e}"
                    )))
                }
                Err(e) => return Err(GameError::Input(format!("--codes: '{item}': {e}"))),
            }
        }
        if codes.len() == before {
            return Err(GameError::Input(format!(
                "--codes: pattern '{item}' gives no code that allows a move"
            )));
        }
    }
    Ok(codes)
}

/// Computes one code to `n` heaps under `ctl` (its period ends it early).
pub fn survey_one(code: &str, n: u64, ctl: &Control) -> SurveyLine {
    // Timed on the control's clock (none: zero seconds).
    let start = ctl.clock.as_ref().map(|c| (c, c.now()));
    let seconds = || start.map_or(0.0, |(c, t)| c.now().saturating_sub(t).as_secs_f64());
    let empty = |error: String| SurveyLine {
        seconds: seconds(),
        ..SurveyLine::failed(code, error)
    };
    let rule = match TakeBreak::parse(code) {
        Ok(rule) => HeapRule::TakeBreak(rule),
        Err(e) => return empty(e.to_string()),
    };
    match compute(rule, n, ctl) {
        Err(e) => empty(e.to_string()),
        Ok(seq) => {
            let period = seq.period();
            SurveyLine {
                code: code.to_string(),
                preperiod: period.map(|p| p.preperiod),
                period: period.map(|p| p.period),
                proven: period.is_some_and(|p| p.proven),
                heaps: seq.computed() as u64,
                max_value: seq.values().max().map(u64::from),
                rare_mask: seq.rare_mask(),
                seconds: seconds(),
                error: None,
            }
        }
    }
}

/// The control of one code's computation: one thread (the survey runs
/// codes side by side), no checkpoint, the caller's time and memory
/// limits, stopped by this thread's watch ([`grundy_engine::interrupt`]).
pub(crate) fn one_code(ctl: &Control) -> Control {
    Control {
        method: Method::Rc,
        threads: 1,
        progress: false,
        checkpoint: None,
        ranks: None,
        stop: Some(grundy_engine::interrupt::flag()),
        ..ctl.clone()
    }
}

/// Surveys `codes` to `n` heaps on `threads` threads of this process,
/// handing each code to the next free thread; `emit` gets the lines in
/// the order of `codes`, each as soon as it and every line before it are
/// done.
pub fn survey_threads(
    codes: &[String],
    n: u64,
    ctl: &Control,
    threads: usize,
    emit: &mut dyn FnMut(SurveyLine) -> Result<(), GameError>,
) -> Result<(), GameError> {
    survey_lines(codes, n, ctl, threads, None, None, emit)
}

/// [`survey_threads`], or across `ranks`, keeping the lines in the
/// checkpoint (file, identity) if given
/// ([`crate::survey_checkpoint::survey_kept`]).
fn survey_lines(
    codes: &[String],
    n: u64,
    ctl: &Control,
    threads: usize,
    ranks: Option<&dyn Ranks>,
    checkpoint: Option<(&std::path::Path, &str)>,
    emit: &mut dyn FnMut(SurveyLine) -> Result<(), GameError>,
) -> Result<(), GameError> {
    let ranks = ranks.filter(|r| r.size() > 1);
    let per_code = Control {
        method: if threads > 1 && ranks.is_some() {
            Method::Parallel
        } else {
            Method::Rc
        },
        // Across ranks, each rank's code on its threads.
        threads: if ranks.is_some() { threads } else { 1 },
        ..one_code(ctl)
    };
    crate::survey_checkpoint::survey_kept(
        codes,
        checkpoint.map(|(path, _)| path),
        checkpoint.map_or("", |(_, identity)| identity),
        threads,
        ranks,
        &|i: usize| survey_one(&codes[i], n, &per_code),
        emit,
    )
}

/// Surveys `codes` across `ranks` (every rank calls it with the same
/// arguments): rank 0 hands each code to the next worker rank that asks
/// (each worker holds its next code in advance),
/// computes the next code itself whenever no worker is waiting, and
/// `emit`s the lines in the order of `codes`; the other ranks compute
/// what they are given (on `threads` threads each) and emit nothing. One
/// rank alone is [`survey_threads`] on its threads.
pub fn survey_ranks(
    codes: &[String],
    n: u64,
    ctl: &Control,
    threads: usize,
    ranks: &dyn Ranks,
    emit: &mut dyn FnMut(SurveyLine) -> Result<(), GameError>,
) -> Result<(), GameError> {
    survey_lines(codes, n, ctl, threads, Some(ranks), None, emit)
}

/// `survey` as asked: the codes, the heaps, the threads and the limits of
/// each code.
#[derive(Clone, Debug)]
pub struct SurveyRequest {
    /// The codes, in the order of the list.
    pub codes: Vec<String>,
    /// Each code's largest heap.
    pub n: u64,
    /// `--threads`, if given (0 is every core).
    pub threads: Option<usize>,
    /// One JSON line per code instead of the table.
    pub json: bool,
    /// Each code's time limit and the memory budget.
    pub control: Control,
    /// `--checkpoint FILE`: every finished line is kept there, and a run
    /// with the same arguments resumes from it.
    pub checkpoint: Option<std::path::PathBuf>,
}

impl SurveyRequest {
    /// The threads each process runs: those asked for (0: every core),
    /// else every core alone and one a rank across ranks (where one rank
    /// a core is the usual start).
    pub fn threads(&self, across_ranks: bool) -> usize {
        threads_for(self.threads, across_ranks)
    }

    /// What a checkpoint of this survey is of: the codes, the heaps and
    /// the limits ([`crate::survey_checkpoint::identity`]).
    pub fn identity(&self) -> String {
        let rest = format!(
            "to heap {}, time limit {}, max memory {}",
            self.n,
            self.control
                .time_limit
                .map_or("none".into(), |t| format!("{}s", t.as_secs_f64())),
            self.control.memory_limit.unwrap_or(0)
        );
        crate::survey_checkpoint::identity("survey", &self.codes, &rest)
    }

    /// Surveys the codes on this process's threads, or across `ranks`
    /// (every rank calls it; rank 0 alone keeps the checkpoint and
    /// `emit`s), resuming from and keeping every finished line in the
    /// checkpoint if one is named: the lines of [`survey_threads`].
    ///
    /// Errors: those of [`crate::survey_checkpoint::survey_kept`].
    pub fn run(
        &self,
        ranks: Option<&dyn Ranks>,
        emit: &mut dyn FnMut(SurveyLine) -> Result<(), GameError>,
    ) -> Result<(), GameError> {
        let identity = self.identity();
        let threads = self.threads(ranks.is_some());
        let checkpoint = self.checkpoint.as_deref().map(|p| (p, identity.as_str()));
        survey_lines(
            &self.codes,
            self.n,
            &self.control,
            threads,
            ranks,
            checkpoint,
            emit,
        )
    }

    /// Checks the typed options: `--codes` (see [`parse_codes`]), `-n`,
    /// `--threads`, `--time-limit` (each code's), `--max-memory`,
    /// `--checkpoint` (a file name).
    pub fn new(
        codes: &str,
        n: &str,
        threads: Option<&str>,
        time_limit: Option<&str>,
        max_memory: Option<&str>,
        checkpoint: Option<&str>,
        json: bool,
    ) -> Result<SurveyRequest, GameError> {
        let codes = parse_codes(codes)?;
        let n = crate::request::seq_n(n)?;
        let threads = parse_threads(threads)?;
        let limits = crate::request::limits(None, time_limit, max_memory)?;
        Ok(SurveyRequest {
            codes,
            n,
            threads,
            json,
            control: Control {
                time_limit: time_limit.and(limits.max_time),
                memory_limit: Some(limits.max_memory),
                ..Control::default()
            },
            checkpoint: crate::request::checkpoint_file(checkpoint, None)?,
        })
    }
}

/// The threads each process of a survey runs: those `asked` for (0:
/// every core), else every core alone and one a rank across ranks (where
/// one rank a core is the usual start).
pub fn threads_for(asked: Option<usize>, across_ranks: bool) -> usize {
    match asked {
        Some(0) | None if !across_ranks || asked == Some(0) => {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        }
        None => 1,
        Some(t) => t,
    }
}

/// `--threads N` of a survey: 0 (every core) to
/// [`crate::request::MAX_THREADS`].
pub fn parse_threads(threads: Option<&str>) -> Result<Option<usize>, GameError> {
    threads
        .map(|t| {
            crate::parse_u64_in(t, 0, crate::request::MAX_THREADS)
                .map(|t| t as usize)
                .map_err(|e| GameError::Input(format!("--threads: {e}")))
        })
        .transpose()
}

/// The text line of one code: code, pre-period, period, whether the
/// period is proven (`proven`, `observed` or `none`: the `status`
/// column), heaps, largest value, mask, seconds.
pub fn line_text(l: &SurveyLine) -> String {
    if let Some(e) = &l.error {
        return format!("{:<10} error: {e}", l.code);
    }
    let opt = |v: Option<u64>| v.map_or("-".to_string(), |v| v.to_string());
    format!(
        "{:<10} {:>10} {:>8} {:<8} {:>10} {:>6} {:>6} {:>9.3}",
        l.code,
        opt(l.preperiod),
        opt(l.period),
        if l.proven {
            "proven"
        } else if l.period.is_some() {
            "observed"
        } else {
            "none"
        },
        l.heaps,
        opt(l.max_value),
        l.rare_mask.map_or("-".into(), |m| format!("{m:#x}")),
        l.seconds
    )
}

/// The heading of [`line_text`]'s columns.
pub const TEXT_HEADING: &str =
    "code        preperiod   period status      heaps    max   mask   seconds";

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_engine::ranks::on_threads;

    #[test]
    fn every_column_has_its_own_label() {
        let labels: Vec<&str> = TEXT_HEADING.split_whitespace().collect();
        let mut distinct = labels.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), labels.len(), "{TEXT_HEADING}");
        // As many labels as a line has fields.
        let line = SurveyLine {
            code: "0.7".into(),
            preperiod: Some(0),
            period: Some(2),
            proven: true,
            heaps: 64,
            max_value: Some(1),
            rare_mask: None,
            seconds: 0.0,
            error: None,
        };
        assert_eq!(line_text(&line).split_whitespace().count(), labels.len());
    }

    #[test]
    fn patterns_give_every_code_of_their_shape_in_order() {
        let codes = parse_codes("0.xy,4.7").unwrap();
        assert_eq!(codes.len(), 64);
        assert_eq!(codes[0], "0.01");
        assert_eq!(codes[7], "0.10");
        assert_eq!(codes[62], "0.77");
        assert_eq!(codes[63], "4.7");
        assert_eq!(parse_codes("0.xyz").unwrap().len(), 511);
        assert_eq!(parse_codes("0.f3").unwrap(), vec!["0.f3".to_string()]);
        // Every code `seq` takes is surveyed as written: a prefix's `x` or
        // `o` is no pattern letter (issue 35: `0x0.8` and `0o0.37` were
        // read as patterns whose codes all failed, and left out).
        assert_eq!(
            parse_codes("0.7,0x0.8,0.6,0o0.37,0X0.F").unwrap(),
            ["0.7", "0x0.8", "0.6", "0o0.37", "0X0.F"]
        );
        let prefixed = parse_codes("0o0.xy").unwrap();
        assert_eq!(prefixed.len(), 63);
        assert_eq!(prefixed[0], "0o0.01");
        assert_eq!(parse_codes("0x0.fy").unwrap()[7], "0x0.f7");
        for bad in [
            "",
            "0.6,,0.7",
            "0.9",
            "kayles",
            "0.ghijkl",
            "0.xyzwv,0.xyzwv,0.xy",
            // Patterns none or some of whose codes are codes: refused,
            // never shortened.
            "0.x8",
            "0.\x1bm",
            "x.7",
            "0o0.x9",
        ] {
            assert!(parse_codes(bad).is_err(), "{bad}");
        }
    }

    /// The lines without their times (which differ run to run).
    fn timeless(mut lines: Vec<SurveyLine>) -> Vec<SurveyLine> {
        for l in &mut lines {
            l.seconds = 0.0;
        }
        lines
    }

    #[test]
    fn threads_and_ranks_give_the_lines_of_one_thread_in_list_order() {
        let codes = parse_codes("0.xy,0.6,4.7,0.137").unwrap();
        let ctl = Control::default();
        let mut alone = Vec::new();
        for code in &codes {
            alone.push(survey_one(code, 3000, &one_code(&ctl)));
        }
        let alone = timeless(alone);
        // Kayles is proven with its period, 0.6 has none to 3,000.
        let kayles = alone.iter().find(|l| l.code == "0.77").unwrap();
        assert_eq!(
            (kayles.preperiod, kayles.period, kayles.proven),
            (Some(71), Some(12), true)
        );
        assert!(kayles.heaps < 3001, "{kayles:?}");
        let officers = alone.iter().find(|l| l.code == "0.6").unwrap();
        assert!(!officers.proven && officers.heaps == 3001, "{officers:?}");
        for threads in [1, 3] {
            let mut got = Vec::new();
            survey_threads(&codes, 3000, &ctl, threads, &mut |l| {
                got.push(l);
                Ok(())
            })
            .unwrap();
            assert_eq!(timeless(got), alone, "{threads} threads");
        }
        for size in 1..=3 {
            let per_rank: Vec<Vec<SurveyLine>> = on_threads(size, |r| {
                let mut got = Vec::new();
                survey_ranks(&codes, 3000, &ctl, 1, &*r, &mut |l| {
                    got.push(l);
                    Ok(())
                })
                .unwrap();
                got
            });
            assert_eq!(timeless(per_rank[0].clone()), alone, "{size} ranks");
            assert!(
                per_rank[1..].iter().all(Vec::is_empty),
                "workers emit nothing"
            );
        }
    }
}
