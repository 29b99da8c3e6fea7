//! The subtraction game S: take k counters from one heap, k in a finite
//! set S (the take-and-break code with digit 3 at each k in S).

use crate::mechanics::take_break;
use grundy_api::{BuiltIn, Family, GameOptions, OptionSpec};
use grundy_engine::{GameError, Limits};
use grundy_sequence::{HeapRule, TakeBreak, MAX_DIGITS};

fn wording(from: u64, parts: &[u64]) -> String {
    let left: u64 = parts.iter().sum();
    format!("take {}, {from} -> {left}", from - left)
}

fn build(opts: &GameOptions, limits: &Limits) -> Result<Family, GameError> {
    opts.required("set")?;
    let set = opts
        .list_in("set", 1, MAX_DIGITS as u64)?
        .unwrap_or_default();
    let code = TakeBreak::subtraction(&set).map_err(|e| GameError::Input(format!("--set: {e}")))?;
    let mut sorted = set.clone();
    sorted.sort_unstable();
    sorted.dedup();
    let name = format!(
        "subtraction {}",
        sorted
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(",")
    );
    Ok(take_break::family(
        name,
        HeapRule::TakeBreak(code),
        wording,
        limits,
    ))
}

/// `subtraction --set 1,3,4 HEAP...`.
pub const REGISTRATION: BuiltIn = BuiltIn {
    name: "subtraction",
    rules: "take k counters from one heap, k in a finite set S of positive integers",
    syntax: "heap sizes",
    example: "--set 1,3,4 10 7",
    options: &[OptionSpec {
        name: "set",
        value: "S",
        help: "the subtraction set, comma-separated, e.g. 1,3,4",
        required: true,
        position: false,
    }],
    build,
};
