//! What both surveys share beyond handing out codes: the checkpoint that
//! keeps every finished line ([`SurveyCheckpoint`]), and [`survey_kept`],
//! which emits the lines it holds, hands out the other codes, saves each
//! line as it finishes, shows how many are finished (a progress bar on
//! a terminal) and stops at an interrupt ([`grundy_engine::interrupt`])
//! with every finished line kept.

use crate::hand_out::{hand_out_ranks, hand_out_threads, InOrder};
use crate::{GameError, SearchError};
use grundy_engine::interrupt;
use grundy_engine::ranks::Ranks;
use grundy_sequence::Progress;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::Path;
#[cfg(feature = "checkpoint")]
use std::path::PathBuf;

/// One code's line of a survey, kept in its checkpoint as JSON.
pub trait Line: Serialize + DeserializeOwned + Clone + Send {
    /// The code the line is of.
    fn code(&self) -> &str;
}

/// What a checkpoint of a survey of `codes` is of: `what` ("misère
/// survey", "survey"), the codes (their number, first and last, and a
/// checksum of the list) and `rest` (the heaps and the limits). Another
/// survey's checkpoint is refused.
pub fn identity(what: &str, codes: &[String], rest: &str) -> String {
    let mut sum: u64 = 0xcbf2_9ce4_8422_2325;
    for b in codes.join(",").bytes() {
        sum = (sum ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
    }
    let clip = |c: Option<&String>| c.map_or(String::new(), |c| crate::messages::clip_quotes(c));
    format!(
        "{what} of {} codes ({} to {}, list {sum:016x}) {rest}",
        codes.len(),
        clip(codes.first()),
        clip(codes.last()),
    )
}

/// Surveys `codes`: `work(i)` makes line `i`, on `threads` threads of
/// this process or across `ranks` (every rank calls it with the same
/// arguments; rank 0 alone reads and writes the checkpoint and `emit`s).
/// `emit` gets the lines in the order of the codes, each as soon as it
/// and every line before it are known. With a checkpoint (`path`, named
/// by `identity`), the lines it holds are emitted as they are (the same
/// bytes a first run wrote) and only the other codes are worked out;
/// each finished line is saved at once. The counts of lines finished are
/// noted on the thread's watch and drawn by rank 0 as a progress bar on
/// stderr ([`Progress`]: on a terminal, once the survey has lasted 2 s),
/// with the first code not finished.
///
/// Errors: a checkpoint that cannot be used (another survey's, damaged,
/// locked by a running process) or written, naming the file (input); an
/// interrupt ([`SearchError::Interrupted`], the lines finished before it
/// kept); what `emit` returns; a failed message between ranks.
pub(crate) fn survey_kept<L: Line>(
    codes: &[String],
    path: Option<&Path>,
    identity: &str,
    threads: usize,
    ranks: Option<&dyn Ranks>,
    work: &(dyn Fn(usize) -> L + Sync),
    emit: &mut dyn FnMut(L) -> Result<(), GameError>,
) -> Result<(), GameError> {
    let across = ranks.filter(|r| r.size() > 1);
    if let Some(r) = across.filter(|r| !r.is_root()) {
        return hand_out_ranks(&[], codes.len(), work, r, &mut |_, _| Ok(()));
    }
    // Rank 0, or this process alone.
    let mut ordered = InOrder::default();
    let (mut kept, failed) = match SurveyCheckpoint::open(path, identity, codes) {
        Ok(kept) => (kept, None),
        Err(e) => (None, Some(e)),
    };
    let done: BTreeMap<usize, L> = kept.as_mut().map(|k| k.lines.clone()).unwrap_or_default();
    let todo: Vec<usize> = match failed {
        // Every worker is still told there is nothing to do.
        Some(_) => Vec::new(),
        None => (0..codes.len()).filter(|i| !done.contains_key(i)).collect(),
    };
    let total = codes.len() as u64;
    let mut finished_lines = done.len() as u64;
    // Counted from the lines kept: the speed and time left shown count
    // the codes surveyed since.
    let progress = Progress::counting("codes", true, finished_lines, total);
    // The first code not finished (the next line to emit, once the kept
    // lines are emitted) is under way, perhaps with others.
    let under_way = |ordered: &InOrder<L>| {
        if let Some(code) = codes.get(ordered.next()).filter(|_| failed.is_none()) {
            progress.say(format!("under way: {code}"));
        }
    };
    if failed.is_none() {
        for (&i, line) in &done {
            ordered.put(i, line.clone(), emit)?;
        }
    }
    under_way(&ordered);
    let mut finished = |i: usize, line: L| -> Result<(), GameError> {
        // A line finished after the interrupt may be cut short by it: not
        // kept, it is worked out again on resuming.
        if interrupt::raised() {
            return Err(SearchError::Interrupted {
                done: Some(format!("{finished_lines} of {total} codes surveyed")),
                kept: path.map(|p| p.display().to_string()),
            }
            .into());
        }
        if let Some(k) = kept.as_mut() {
            k.save(i, &line)?;
        }
        finished_lines += 1;
        progress.set(finished_lines);
        // The lines may go to the terminal the bar is on.
        progress.suspend(|| ordered.put(i, line, emit))?;
        under_way(&ordered);
        Ok(())
    };
    let ran = match across {
        Some(r) => hand_out_ranks(&todo, codes.len(), work, r, &mut finished),
        None => hand_out_threads(&todo, threads, work, &mut finished),
    };
    progress.finish();
    match failed {
        Some(e) => Err(e),
        None => ran,
    }
}

/// The checkpoint of a survey: every finished line with its place in the
/// list, saved whole after each (written to `FILE.tmp`, then renamed over
/// FILE: a crash leaves the old file or the new one), held by a lock
/// while the survey runs. Its header names the survey ([`identity`]); the
/// body is the lines as JSON, followed by the checksum (the format of the
/// sequence checkpoints' `Header`, `Writer` and `Reader`).
pub struct SurveyCheckpoint<L> {
    #[cfg(feature = "checkpoint")]
    path: PathBuf,
    #[cfg(feature = "checkpoint")]
    identity: String,
    lines: BTreeMap<usize, L>,
    #[cfg(feature = "checkpoint")]
    _lock: grundy_sequence::checkpoint::Lock,
}

#[cfg(feature = "checkpoint")]
const MAGIC: &[u8; 10] = b"GRUNDYSUR\n";

impl<L: Line> SurveyCheckpoint<L> {
    /// The checkpoint at `path` of the survey named `identity`, of
    /// `codes`, locked and read (empty when the file does not exist yet);
    /// `None` without a path.
    ///
    /// Errors (input, naming the file): the file is another survey's (both
    /// named), damaged, not a survey checkpoint, locked by a running
    /// process, or its lines do not fit the list; a build without
    /// checkpoint files.
    pub fn open(
        path: Option<&Path>,
        identity: &str,
        codes: &[String],
    ) -> Result<Option<SurveyCheckpoint<L>>, GameError> {
        let Some(path) = path else {
            return Ok(None);
        };
        #[cfg(feature = "checkpoint")]
        {
            use grundy_sequence::checkpoint::{Lock, Reader};
            let lock = Lock::acquire(path).map_err(input)?;
            let mut lines = BTreeMap::new();
            if let Some(mut r) = Reader::open(path, &header(identity)).map_err(input)? {
                let body = r.size().saturating_sub(r.header_len() + 8);
                let mut bytes = vec![0u8; usize::try_from(body).unwrap_or(0)];
                r.read(&mut bytes, "lines").map_err(input)?;
                let stored: Vec<(usize, L)> = match serde_json::from_slice(&bytes) {
                    Ok(stored) => stored,
                    Err(e) => return Err(input(r.refuse(format!("unreadable lines: {e}")))),
                };
                r.finish().map_err(input)?;
                for (i, line) in stored {
                    if codes.get(i).map(String::as_str) != Some(line.code()) {
                        return Err(GameError::Input(format!(
                            "--checkpoint {}: its line {i} is of '{}', not of the list's code there",
                            path.display(),
                            crate::messages::clip_quotes(line.code())
                        )));
                    }
                    lines.insert(i, line);
                }
            }
            Ok(Some(SurveyCheckpoint {
                path: path.to_path_buf(),
                identity: identity.to_string(),
                lines,
                _lock: lock,
            }))
        }
        #[cfg(not(feature = "checkpoint"))]
        {
            let _ = (identity, codes);
            Err(GameError::Input(format!(
                "--checkpoint {}: this build has no checkpoint files",
                path.display()
            )))
        }
    }

    /// Adds line `i` and saves the whole checkpoint.
    ///
    /// Errors: the file cannot be written (input, naming it).
    pub fn save(&mut self, i: usize, line: &L) -> Result<(), GameError> {
        self.lines.insert(i, line.clone());
        #[cfg(feature = "checkpoint")]
        {
            let all: Vec<(&usize, &L)> = self.lines.iter().collect();
            let bytes = serde_json::to_vec(&all)
                .map_err(|e| GameError::Internal(format!("cannot serialise a line: {e}")))?;
            let mut w =
                grundy_sequence::checkpoint::Writer::create(&self.path, &header(&self.identity))
                    .map_err(input)?;
            w.write(&bytes).map_err(input)?;
            w.commit().map_err(input)?;
        }
        Ok(())
    }
}

/// The header of the checkpoint of the survey named `identity`.
#[cfg(feature = "checkpoint")]
fn header(identity: &str) -> grundy_sequence::checkpoint::Header<'_> {
    grundy_sequence::checkpoint::Header {
        magic: MAGIC,
        version: 1,
        kind: "survey",
        holds: "the lines",
        name: identity,
    }
}

/// A checkpoint's error as an input error (it names the file).
#[cfg(feature = "checkpoint")]
fn input(e: grundy_sequence::SeqError) -> GameError {
    GameError::Input(e.to_string())
}
