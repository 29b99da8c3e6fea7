//! `grundy seq`: asks the family for a one-heap value sequence and prints
//! it with its period.

use crate::args::{Request, SeqRequest};
use crate::error::CliError;
use grundy_api::render;
use grundy_api::{Family, SeqControl, SeqMethod};
use std::io::Write;

/// Computes the sequence and writes it as text or (with `--json`) as the
/// `seq --json` document of the command-line contract.
pub fn run(
    family: &dyn Family,
    req: &Request,
    seq: &SeqRequest,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let defaults = SeqControl::default();
    let method = match &seq.method {
        Some(name) => SeqMethod::parse(name)
            .map_err(|e| CliError::Game(grundy_api::GameError::Input(e.to_string())))?,
        None => SeqMethod::Auto,
    };
    let ctl = SeqControl {
        method,
        threads: req.threads.unwrap_or(0),
        checkpoint: seq.checkpoint.clone(),
        checkpoint_interval: seq.checkpoint_every.unwrap_or(defaults.checkpoint_interval),
        time_limit: req.explicit_time_limit,
        progress: seq.progress,
        ..defaults
    };
    let report = family.seq(seq.n, &ctl)?;
    if req.json {
        // Compact: a sequence may hold millions of values.
        let doc = serde_json::to_string(&report).map_err(|e| {
            CliError::Game(grundy_api::GameError::Internal(format!(
                "cannot serialise the sequence: {e}"
            )))
        })?;
        writeln!(out, "{doc}")?;
    } else {
        out.write_all(render::seq_text(&req.invocation(), &report).as_bytes())?;
    }
    Ok(())
}
