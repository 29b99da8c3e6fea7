//! `grundy survey --misere`: the misère quotient of many take-and-break
//! codes, each grown to `--max-heap` (or until the periodicity test
//! proves it whole, or its limit stops it), one line per code in the
//! order of the list, whatever the number of threads or ranks. The codes
//! are handed out as the normal-play survey hands them
//! ([`crate::survey`]'s threads and ranks); a checkpoint keeps every
//! finished line ([`crate::survey_checkpoint`]).

use crate::survey::threads_for;
use crate::{quotient_heaps, GameError, Limits, QuotientControl, SearchError};
use grundy_engine::ranks::Ranks;
use grundy_quotient::HeapGame;
use grundy_sequence::{CodeError, HeapRule, TakeBreak};
use std::path::PathBuf;

mod line;
pub use line::MisereLine;

/// One code of a list as the quotient's heap game: a take-and-break rule,
/// or a code that allows no move (`0.00`: every heap is then the empty
/// game), which a pattern such as `0.xy` names too.
enum CodeGame {
    /// A code that allows a move.
    Rule(HeapRule),
    /// A code all of whose digits after the point are 0.
    NoMove,
}

impl CodeGame {
    /// The game of `code`, or why it is no code.
    fn parse(code: &str) -> Result<CodeGame, CodeError> {
        match TakeBreak::parse(code) {
            Ok(rule) => Ok(CodeGame::Rule(HeapRule::TakeBreak(rule))),
            Err(CodeError::NoMove(_)) => Ok(CodeGame::NoMove),
            Err(e) => Err(e),
        }
    }
}

impl HeapGame for CodeGame {
    fn options(&self, n: usize, f: &mut dyn FnMut(&[usize])) {
        if let CodeGame::Rule(rule) = self {
            rule.options(n, f);
        }
    }

    /// A code's digit count after the point (its last non-zero digit's
    /// index); 1 for a code without a move, whose quotient is trivial.
    fn period_reach(&self) -> Option<u64> {
        match self {
            CodeGame::Rule(rule) => rule.period_reach(),
            CodeGame::NoMove => Some(1),
        }
    }
}

/// Grows the quotient of `code` to `max_heap` heaps under `limits` (its
/// time limit is this code's): the line of the quotient reached. Its
/// seconds are read from the limits' clock (none: zero), so it runs
/// where `std::time::Instant` does not (the page).
pub fn misere_one(code: &str, max_heap: usize, limits: &Limits) -> MisereLine {
    let clock = limits.clock.clone();
    let start = clock.as_ref().map(|c| (c, c.now()));
    let elapsed = || start.map_or(0.0, |(c, t)| c.now().saturating_sub(t).as_secs_f64());
    let line = |error: Option<String>| MisereLine::empty(code, error);
    let game = match CodeGame::parse(code) {
        Ok(game) => game,
        Err(e) => {
            return MisereLine {
                seconds: elapsed(),
                ..line(Some(e.to_string()))
            }
        }
    };
    let grown = grundy_quotient::grow_with(
        &game,
        code,
        max_heap,
        limits,
        &QuotientControl::default(),
        &mut |_, _| {},
    );
    let seconds = elapsed();
    match grown {
        Ok(q) => {
            let m = &q.candidate.monoid;
            MisereLine {
                order: Some(m.order()),
                p_portion_size: Some(m.p_portion().len()),
                solved: q.solved,
                solved_at: q.solved.then_some(q.max_heap as u64),
                period: q.period.map(|(_, p)| p as u64),
                preperiod: q.period.map(|(n0, _)| n0 as u64),
                tame: Some(grundy_quotient::is_tame(m)),
                max_heap: q.max_heap as u64,
                seconds,
                ..line(None)
            }
        }
        Err(GameError::Search(SearchError::QuotientStopped {
            cause,
            proven,
            order,
            ..
        })) => MisereLine {
            order: Some(order),
            max_heap: proven,
            seconds,
            stopped: Some(cause.to_string()),
            ..line(None)
        },
        Err(e) => MisereLine {
            seconds,
            ..line(Some(e.to_string()))
        },
    }
}

/// `survey --misere` as asked: the codes, the largest heap, the threads,
/// each code's limits and the checkpoint.
#[derive(Clone, Debug)]
pub struct MisereSurveyRequest {
    /// The codes, in the order of the list; codes without a move
    /// (`0.00`) are kept: each gets its line.
    pub codes: Vec<String>,
    /// Each code's largest heap (`--max-heap`, default
    /// [`crate::request::DEFAULT_QUOTIENT_HEAP`]).
    pub max_heap: usize,
    /// `--threads`, if given (0 is every core).
    pub threads: Option<usize>,
    /// One JSON line per code instead of the table.
    pub json: bool,
    /// Each code's time limit (`None`: none) and the memory budget of the
    /// process (shared by the codes grown side by side).
    pub limits: Limits,
    /// `--checkpoint FILE`: every finished line is kept there, and a run
    /// with the same arguments resumes from it.
    pub checkpoint: Option<PathBuf>,
}

impl MisereSurveyRequest {
    /// Checks the typed options: `--codes` ([`crate::survey::parse_codes`],
    /// codes without a move kept), `--max-heap` (at most
    /// [`crate::MAX_QUOTIENT_HEAP`]), `--threads`, `--time-limit` (each
    /// code's), `--max-memory`, `--checkpoint` (a file name).
    pub fn new(
        codes: &str,
        max_heap: Option<&str>,
        threads: Option<&str>,
        time_limit: Option<&str>,
        max_memory: Option<&str>,
        checkpoint: Option<&str>,
        json: bool,
    ) -> Result<MisereSurveyRequest, GameError> {
        let codes = crate::survey::parse_codes_keeping(codes, true)?;
        let max_heap = quotient_heaps(crate::request::quotient_max_heap(max_heap)?)?;
        let threads = crate::survey::parse_threads(threads)?;
        let mut limits = crate::request::limits(None, time_limit, max_memory)?;
        limits.max_time = time_limit.and(limits.max_time);
        Ok(MisereSurveyRequest {
            codes,
            max_heap,
            threads,
            json,
            limits,
            checkpoint: crate::request::checkpoint_file(checkpoint, None)?,
        })
    }

    /// What a checkpoint of this survey is of: the codes (their number,
    /// first and last, and a checksum of the list), the largest heap and
    /// the limits. Another survey's checkpoint is refused.
    pub fn identity(&self) -> String {
        let rest = format!(
            "to heap {}, time limit {}, max memory {}",
            self.max_heap,
            self.limits
                .max_time
                .map_or("none".into(), |t| format!("{}s", t.as_secs_f64())),
            self.limits.max_memory
        );
        crate::survey_checkpoint::identity("misère survey", &self.codes, &rest)
    }
}

/// Surveys `req`'s codes on this process's threads, or across `ranks`
/// (every rank calls it with the same request; rank 0 alone reads and
/// writes the checkpoint and `emit`s, each rank grows one code at a
/// time): `emit` gets the lines in the order of the codes, each as soon
/// as it and every line before it are known. With a checkpoint, the lines
/// it holds are emitted as they are (the same bytes a first run wrote)
/// and only the other codes are grown; each finished line is saved at
/// once ([`crate::survey_checkpoint::survey_kept`]).
///
/// Errors: a checkpoint that cannot be used (another survey's, damaged,
/// locked by a running process) or written, naming the file (input); an
/// interrupt, the finished lines kept; what `emit` returns; a failed
/// message between ranks.
pub fn misere_survey(
    req: &MisereSurveyRequest,
    ranks: Option<&dyn Ranks>,
    emit: &mut dyn FnMut(MisereLine) -> Result<(), GameError>,
) -> Result<(), GameError> {
    crate::survey_checkpoint::survey_kept(
        &req.codes,
        req.checkpoint.as_deref(),
        &req.identity(),
        threads_for(req.threads, false),
        ranks,
        &|i: usize| misere_one(&req.codes[i], req.max_heap, &req.limits),
        emit,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_engine::ranks::on_threads;

    fn request(codes: &str, max_heap: &str) -> MisereSurveyRequest {
        MisereSurveyRequest::new(codes, Some(max_heap), None, None, None, None, true).unwrap()
    }

    /// The lines without their times (which differ run to run).
    fn timeless(mut lines: Vec<MisereLine>) -> Vec<MisereLine> {
        for l in &mut lines {
            l.seconds = 0.0;
        }
        lines
    }

    #[test]
    fn known_quotients_and_a_code_without_a_move() {
        let limits = &request("0.00", "30").limits;
        // 0.00: every heap is the empty game, Q = {1}, an N-position.
        let none = misere_one("0.00", 30, limits);
        assert_eq!(
            (none.order, none.p_portion_size, none.solved, none.tame),
            (Some(1), Some(0), true, Some(true)),
            "{none:?}"
        );
        // 0.75: order 8, P-portion 2, proven at heap 24, period 2 from
        // heap 8 (`quotient octal --code 0.75`).
        let l = misere_one("0.75", 300, limits);
        let got = (l.order, l.p_portion_size, l.solved, l.solved_at);
        assert_eq!(got, (Some(8), Some(2), true, Some(24)), "{l:?}");
        assert_eq!((l.preperiod, l.period, l.max_heap), (Some(8), Some(2), 24));
        // Dawson's Kayles to heap 12: bounded, wild.
        let dawson = misere_one("0.07", 12, limits);
        assert!(!dawson.solved && dawson.max_heap == 12, "{dawson:?}");
        assert_eq!((dawson.tame, dawson.solved_at), (Some(false), None));
        // An item that is no code is refused, never dropped.
        assert!(MisereSurveyRequest::new("0.7,0.9", None, None, None, None, None, false).is_err());
    }

    #[test]
    fn threads_and_ranks_give_the_lines_of_one_thread_in_list_order() {
        let req = request("0.xy,0.75", "8");
        assert_eq!(req.codes.len(), 65);
        assert_eq!(req.codes[0], "0.00");
        let alone: Vec<MisereLine> = req
            .codes
            .iter()
            .map(|c| misere_one(c, req.max_heap, &req.limits))
            .collect();
        let alone = timeless(alone);
        for threads in [1, 3] {
            let mut got = Vec::new();
            let req = MisereSurveyRequest {
                threads: Some(threads),
                ..req.clone()
            };
            misere_survey(&req, None, &mut |l| {
                got.push(l);
                Ok(())
            })
            .unwrap();
            assert_eq!(timeless(got), alone, "{threads} threads");
        }
        for size in 1..=3 {
            let per_rank: Vec<Vec<MisereLine>> = on_threads(size, |r| {
                let mut got = Vec::new();
                misere_survey(&req, Some(&*r), &mut |l| {
                    got.push(l);
                    Ok(())
                })
                .unwrap();
                got
            });
            assert_eq!(timeless(per_rank[0].clone()), alone, "{size} ranks");
            assert!(per_rank[1..].iter().all(Vec::is_empty));
        }
    }
}
