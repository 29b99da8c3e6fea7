//! `grundy seq`: asks the family for a one-heap value sequence and prints
//! it with its period, or its summary (`--summary`; also when the values
//! go to a file with `--values FILE`), and draws them with `--plot FILE`.

use crate::cleanup;
use crate::error::CliError;
use crate::plot;
use crate::ranks::Started;
use crate::values_file::ValuesFile;
use grundy_api::render;
use grundy_api::request::{Request, SeqRequest};
use grundy_api::summary::SeqSummary;
use grundy_api::values::InTime;
use grundy_api::Family;
use grundy_api::GameError;
use serde::Serialize;
use std::io::Write;

/// Computes the sequence and writes it as text or (with `--json`) as the
/// `seq --json` document of the command-line contract; with `--summary`
/// or `--values FILE`, the summary instead (the values to FILE).
pub fn run(
    family: &Family,
    req: &Request,
    seq: &SeqRequest,
    ranks: Option<&Started>,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    // Checked before the computation, so a bad path fails at once.
    let mut ctl = seq.control(req)?;
    // Across ranks, every rank computes; rank 0 alone draws the progress
    // bar, keeps the checkpoint and writes the files and the answer.
    let root = ranks.is_none_or(|r| r.ranks().is_root());
    if seq.genus && ranks.is_some() {
        // Every rank would search the genera alone, each under its own
        // limits: refused (on every rank alike, before any message).
        return Err(GameError::Input(
            "--genus is searched on one machine: drop --mpi, or --genus".into(),
        )
        .into());
    }
    ctl.ranks = ranks.map(Started::ranks);
    ctl.progress &= root;
    if let Some(path) = ctl.checkpoint.as_ref().filter(|_| root) {
        cleanup::checkpoint_on_signal(path);
    }
    // `--values -`: the values, one per line, are the whole standard
    // output; the summary goes to standard error.
    let values_to_stdout = seq.values.as_deref() == Some(std::path::Path::new("-"));
    if values_to_stdout && req.json {
        return Err(GameError::Input(
            "--values - writes the values to standard output, where --json writes too: leave one out"
                .into(),
        )
        .into());
    }
    let files = (|| -> Result<_, CliError> {
        let values_file = seq
            .values
            .as_deref()
            .filter(|_| root && !values_to_stdout)
            .map(ValuesFile::create)
            .transpose()?;
        let plot_file = seq
            .plot
            .as_deref()
            .filter(|_| root)
            .map(plot::PlotFile::create)
            .transpose()?;
        Ok((values_file, plot_file))
    })();
    // Across ranks, rank 0's files failing stops every rank before work.
    if let Some(ranks) = &ctl.ranks {
        let failed = ranks
            .any(files.is_err())
            .map_err(|e| GameError::Internal(e.to_string()))?;
        if failed && files.is_ok() {
            return Err(GameError::Input(
                "rank 0 stopped: it could not create its output files".into(),
            )
            .into());
        }
    }
    let (values_file, plot_file) = files?;
    // Across ranks a signal ends the process at once: a rank waiting in
    // an exchange for a killed rank would never reach its stop check.
    let run = || grundy_api::seq_report(family, seq.n, &ctl, seq.genus);
    let report = if ranks.is_some() {
        run()
    } else {
        cleanup::stopping(run)
    }?;
    if !root {
        return Ok(());
    }
    if let Some(f) = values_file {
        f.finish(&report.values)?;
    }
    if let Some(p) = plot_file {
        p.finish(&report, &seq.plot_view(&report))?;
    }
    if values_to_stdout {
        let mut w = std::io::BufWriter::with_capacity(1 << 16, InTime(out));
        grundy_api::values::write_text(&mut w, &report.values)?;
        w.flush()?;
        let summary = SeqSummary::of(&report)?;
        let text = render::seq_summary_text(&req.title, &summary, Some("standard output"));
        eprint!("{text}");
        return Ok(());
    }
    let shown_file = seq.values.as_ref().map(|p| p.display().to_string());
    if !seq.summary && shown_file.is_none() {
        if req.json {
            write_json(out, &report)?;
        } else {
            let mut out = std::io::BufWriter::with_capacity(1 << 16, InTime(out));
            render::write_seq_text(&mut out, &req.title, &report)?;
            out.flush()?;
        }
        return Ok(());
    }
    let summary = SeqSummary::of(&report)?;
    if req.json {
        #[derive(Serialize)]
        struct WithFile<'a> {
            #[serde(flatten)]
            summary: &'a SeqSummary,
            #[serde(skip_serializing_if = "Option::is_none")]
            values_file: Option<&'a str>,
        }
        write_json(
            out,
            &WithFile {
                summary: &summary,
                values_file: shown_file.as_deref(),
            },
        )
    } else {
        let text = render::seq_summary_text(&req.title, &summary, shown_file.as_deref());
        out.write_all(text.as_bytes())?;
        Ok(())
    }
}

/// One compact JSON document and a newline, written as it is serialised
/// (a sequence may hold millions of values: no copy of the text is made).
fn write_json(out: &mut dyn Write, doc: &impl Serialize) -> Result<(), CliError> {
    let mut out = std::io::BufWriter::with_capacity(1 << 16, InTime(out));
    serde_json::to_writer(&mut out, doc).map_err(|e| {
        if e.is_io() {
            CliError::from(std::io::Error::from(e))
        } else {
            CliError::Game(grundy_api::GameError::Internal(format!(
                "cannot serialise the sequence: {e}"
            )))
        }
    })?;
    writeln!(out)?;
    out.flush()?;
    Ok(())
}
