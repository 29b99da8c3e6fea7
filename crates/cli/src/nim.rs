//! `grundy nim`: prints the answer of a nim-arithmetic question, checked
//! and computed by [`grundy_api::nim`].

use crate::error::CliError;
use grundy_api::nim::NimRequest;
use std::io::Write;

/// Computes the answer and writes it to `out`: the bare result, or with
/// `json` an object naming the operation and its operands.
pub fn run(req: &NimRequest, json: bool, out: &mut dyn Write) -> Result<(), CliError> {
    let r = req.compute()?;
    if json {
        let doc = serde_json::json!({
            "op": req.op.name(),
            "operands": req.operands,
            "result": r,
        });
        writeln!(out, "{doc}")?;
    } else {
        writeln!(out, "{r}")?;
    }
    Ok(())
}
