//! The `grundy` command: argument parsing, text and JSON output, batch
//! processing, interactive play, nim arithmetic, the puzzles. It holds no
//! game logic: it builds a family (or a puzzle) from the registry with its
//! options, asks it, and formats the answer. `batch` is the api's
//! ([`grundy_api::batch`]), on stdin and stdout.

/// mimalloc, counted: the memory budget (`--max-memory`) reads the bytes
/// held from `grundy_api::memory::allocated`.
#[global_allocator]
static GLOBAL: grundy_api::memory::CountingAlloc<mimalloc::MiMalloc> =
    grundy_api::memory::CountingAlloc(mimalloc::MiMalloc, grundy_api::memory::Blocks::Mimalloc);

mod args;
mod cleanup;
mod error;
mod nim;
mod play;
mod plot;
mod ranks;
mod seq;
mod values_file;

use args::{Parsed, PuzzleRequest};
use error::{is_broken_pipe, CliError};
use grundy_api::batch;
use grundy_api::explain::{self, Explained};
/// Bounded lines of stdin, for `play` (`crate::lines`).
use grundy_api::lines;
use grundy_api::render;
use grundy_api::request::Request;
use grundy_api::{Detail, Family, GameError, Play, SearchError};
use grundy_engine::{clock::within_answer, Deadline};
use std::io::{self, BufWriter, Write};
use std::sync::Arc;

fn main() {
    keep_resident_memory_counted();
    install_panic_hook();
    let code = match args::parse(std::env::args_os()).and_then(run) {
        Ok(code) => code,
        Err(e) => report(&e),
    };
    std::process::exit(code);
}

/// Makes the memory budget (`--max-memory`) bound the process's resident
/// memory: transparent huge pages off for this process (mimalloc asks for
/// them on its arenas, and a 2 MiB page is resident as soon as one byte
/// of it is touched: a run at `--max-memory 200M` held 250 MB), and the
/// resident memory outside the heap (the program's code and data) counted
/// with the blocks allocated, and pages mimalloc frees given back at once
/// (`mi_option_purge_delay`, 15 in its v2 and v3 headers, 10 ms by
/// default: a quotient's rounds held 26 MB at `--max-memory 16M`).
fn keep_resident_memory_counted() {
    extern "C" {
        fn mi_option_set(option: std::ffi::c_int, value: std::ffi::c_long);
    }
    // SAFETY: mimalloc's option setter takes two integers, at any time.
    unsafe { mi_option_set(15, 0) };
    #[cfg(target_os = "linux")]
    // SAFETY: PR_SET_THP_DISABLE takes an integer flag and touches no
    // memory of ours; an error (an old kernel) leaves THP as it was.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
    grundy_api::memory::note_resident_outside_heap();
}

/// A panic is a bug; the user still gets one line and status 1, never a
/// backtrace.
fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let payload = info.payload();
        let msg = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown failure".into());
        let place = info
            .location()
            .map(|l| format!(" ({}:{})", l.file(), l.line()))
            .unwrap_or_default();
        let _ = writeln!(
            io::stderr(),
            "internal error: {}{place}",
            grundy_api::messages::clip_quotes(&msg)
        );
        std::process::exit(1);
    }));
}

/// Prints `e` as one line on stderr and returns its exit status. A closed
/// stdout (`grundy batch ... | head`) ends the command quietly.
fn report(e: &CliError) -> i32 {
    if is_broken_pipe(e) {
        return 0;
    }
    let mut text = grundy_api::messages::clip_quotes(&e.to_string());
    if let CliError::Game(GameError::Search(SearchError::Interrupted { kept: Some(_), .. })) = e {
        let args = std::env::args_os().map(|a| a.to_string_lossy().into_owned());
        text += &format!(": {}", grundy_api::messages::shell_command(args));
    }
    let line = match e {
        CliError::Game(GameError::Internal(_)) => text,
        _ => format!("error: {text}"),
    };
    let _ = writeln!(io::stderr(), "{line}");
    e.exit_code()
}

/// Runs a parsed command; returns its exit status.
fn run(parsed: Parsed) -> Result<i32, CliError> {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let code = match parsed {
        Parsed::Print(text) => {
            out.write_all(text.as_bytes())?;
            0
        }
        Parsed::Games { json } => {
            let regs = grundy_games::registry();
            let text = if json {
                render::games_json(&regs) + "\n"
            } else {
                render::games_text(&regs)
            };
            out.write_all(text.as_bytes())?;
            0
        }
        Parsed::Analyze(req, mpi) => {
            // A heap past the value table is computed first: show how far.
            grundy_games::take_break::show_progress(!mpi);
            let family = build(&req)?;
            let words: Vec<&str> = req.positions.iter().map(String::as_str).collect();
            // Dropped (MPI finished) before the process exits.
            let started = ranks::start(mpi)?;
            let doc = match &started {
                Some(s) => {
                    let ranks = s.ranks();
                    let a = family.analyze_on_ranks(&words, req.play, req.detail, &*ranks);
                    // Rank 0 alone speaks; the others end with its status,
                    // an error only after rank 0 has written it: mpirun
                    // ends every rank once one exits with an error status,
                    // and rank 0's message was lost that way.
                    if let Err(e) = a {
                        let e = outcome_only_hint(e, req.detail);
                        let code = if ranks.is_root() {
                            report(&e)
                        } else {
                            e.exit_code()
                        };
                        // Every rank has the error; a failed barrier
                        // changes nothing of what is said.
                        let _ = ranks.all_gather(&[]);
                        return Ok(code);
                    }
                    if !ranks.is_root() {
                        return Ok(0);
                    }
                    Explained::new(&family, &words, a?, false)
                }
                // One time limit for the analysis and its explanation.
                None => explain::answer(&family, &words, req.play, req.detail, req.explain),
            }
            .map_err(|e| outcome_only_hint(e, req.detail))?;
            if req.json {
                let doc = serde_json::to_string_pretty(&doc).map_err(|e| {
                    GameError::Internal(format!("cannot serialise the analysis: {e}"))
                })?;
                writeln!(out, "{doc}")?;
            } else {
                out.write_all(render::analysis_text(&req.title, &doc.analysis).as_bytes())?;
                if let Some(why) = &doc.explanation {
                    out.write_all(render::explanation_text(why).as_bytes())?;
                }
            }
            0
        }
        Parsed::Batch(req, mpi) => {
            let family = build(&req)?;
            let parallel = rayon::current_num_threads() > 1;
            let started = ranks::start(mpi)?;
            let mut input = lines::ReadAhead::spawn(io::stdin());
            match &started {
                Some(s) => batch::run_ranks(
                    &family,
                    req.play,
                    req.detail,
                    &mut input,
                    &mut out,
                    parallel,
                    &*s.ranks(),
                )?,
                None => batch::run(
                    &family, req.play, req.detail, &mut input, &mut out, parallel,
                )?,
            }
        }
        Parsed::Survey(s, mpi) => {
            let started = ranks::start(mpi)?;
            let ranks = started.as_ref().map(ranks::Started::ranks);
            cleanup::stopping(|| s.write(ranks.as_deref(), &mut out))??
        }
        Parsed::Seq(req, s, mpi) => {
            let family = build(&req)?;
            // Dropped (MPI finished) before the process exits.
            let started = ranks::start(mpi)?;
            // One time limit for the values, their summary, plot and files.
            let end = Deadline::start(req.explicit_time_limit, req.limits.clock.as_ref());
            within_answer(end, || {
                seq::run(&family, &req, &s, started.as_ref(), &mut out)
            })?;
            0
        }
        Parsed::Quotient(req, quotient) => {
            let family = build(&req)?;
            if let Some(path) = &quotient.checkpoint {
                cleanup::checkpoint_on_signal(path);
            }
            let q = cleanup::stopping(|| family.quotient(quotient.max_heap, &quotient.control()))?;
            if req.json {
                let doc = serde_json::to_string_pretty(&q).map_err(|e| {
                    GameError::Internal(format!("cannot serialise the quotient: {e}"))
                })?;
                writeln!(out, "{doc}")?;
            } else {
                out.write_all(q.text().as_bytes())?;
            }
            0
        }
        Parsed::Play(req, p) => {
            let family = build(&req)?;
            check_play_start(&family, &req)?;
            let stdin = io::stdin();
            play::run(
                Arc::new(family),
                &req.title,
                req.play,
                p,
                &req.positions,
                &mut stdin.lock(),
                &mut out,
            )?
        }
        Parsed::Nim(req, json) => {
            nim::run(&req, json, &mut out)?;
            0
        }
        Parsed::Puzzle(req) => {
            puzzle(&req, &mut out)?;
            0
        }
    };
    out.flush()?;
    Ok(code)
}

/// Asks the puzzle and prints its answer, as text or one JSON document.
fn puzzle(req: &PuzzleRequest, out: &mut impl Write) -> Result<(), CliError> {
    let given: Vec<Option<&str>> = req.given.iter().map(Option::as_deref).collect();
    let answer = req.puzzle.ask(&given)?;
    if req.json {
        writeln!(out, "{}", answer.json()?)?;
    } else {
        out.write_all(answer.text().as_bytes())?;
    }
    Ok(())
}

/// A position with too many moves to list can still be answered without
/// them: the error says so.
fn outcome_only_hint(e: GameError, detail: Detail) -> CliError {
    match e {
        GameError::Search(SearchError::TooManyMoves { .. }) if detail != Detail::OutcomeOnly => {
            CliError::usage(format!(
                "{e}; --outcome-only answers with the outcome and value alone"
            ))
        }
        e => CliError::Game(e),
    }
}

/// `play` without a position starts where `analyze` would (the empty grid
/// of `paint2xn`, p = 1 in `multiplication`); a game that has no such
/// default needs the position, and the error says so with an example.
fn check_play_start(family: &Family, req: &Request) -> Result<(), CliError> {
    if !req.positions.is_empty() {
        return Ok(());
    }
    match family.analyze(&[], req.play) {
        // The start exists, the convention is refused (`ring --misere`):
        // that is the error.
        Err(GameError::Input(e)) if family.analyze(&[], Play::Normal).is_ok() => {
            Err(CliError::usage(e))
        }
        Err(GameError::Input(e)) => Err(CliError::usage(format!(
            "play needs a starting position after the game's name, e.g. `grundy play {} {}` ({e})",
            req.registration.name, req.registration.example
        ))),
        _ => Ok(()),
    }
}

/// Sizes the worker pool and builds the family from its options.
fn build(req: &Request) -> Result<Family, CliError> {
    if let Some(n) = req.threads {
        // The pool can be sized once per process; this is the only place.
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build_global()
            .map_err(|e| {
                GameError::Input(format!(
                    "--threads {n}: the system refused to start that many worker threads ({e}); ask for fewer"
                ))
            })?;
    }
    Ok(req.registration.build(&req.options, &req.limits)?)
}
