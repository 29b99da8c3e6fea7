//! Octal and hexadecimal take-and-break games given by their code
//! (`octal --code 0.137`), and the named ones: `kayles` (0.77) and
//! `dawson-kayles` (0.07).

use crate::mechanics::take_break::{self, take_wording};
use grundy_api::{BuiltIn, Family, GameOptions, OptionSpec};
use grundy_engine::{GameError, Limits};
use grundy_sequence::{HeapRule, TakeBreak};

const CODE: OptionSpec = OptionSpec {
    name: "code",
    value: "CODE",
    help: "take-and-break code d0.d1d2..., octal (0.137, 4.07) or hexadecimal (0.F, 0x0.37)",
    required: true,
    position: false,
};

fn build_octal(opts: &GameOptions, limits: &Limits) -> Result<Family, GameError> {
    let code = TakeBreak::parse(opts.required("code")?)
        .map_err(|e| GameError::Input(format!("--code: {e}")))?;
    Ok(family(code, limits))
}

/// A named game (`kayles`): reports carry its name, the code goes in a
/// field of its own.
fn named(name: &str, code: &str, limits: &Limits) -> Result<Family, GameError> {
    let code = TakeBreak::parse(code).map_err(|e| GameError::Internal(e.to_string()))?;
    let rule = HeapRule::TakeBreak(code);
    Ok(take_break::alias(
        name.to_string(),
        rule,
        take_wording,
        limits,
    ))
}

/// The family of `code`, named after its normal form (`octal 0.137`).
fn family(code: TakeBreak, limits: &Limits) -> Family {
    let rule = HeapRule::TakeBreak(code);
    take_break::family(rule.name(), rule, take_wording, limits)
}

/// `octal --code CODE HEAP...`.
pub const REGISTRATION: BuiltIn = BuiltIn {
    name: "octal",
    rules: "take-and-break game by its code: digit d_k says in how many heaps (bit 1: none, 2: one, 4: two, 8: three) a heap may be left after removing k counters",
    syntax: "heap sizes",
    example: "--code 0.137 5 7",
    options: &[CODE],
    build: build_octal,
};

/// `kayles HEAP...`: the octal game 0.77.
pub const KAYLES: BuiltIn = BuiltIn {
    name: "kayles",
    rules: "a row of pins as heaps: knock down one pin or two adjacent pins (octal 0.77)",
    syntax: "heap sizes",
    example: "4 7",
    options: &[],
    build: |_, limits| named("kayles", "0.77", limits),
};

/// `dawson-kayles HEAP...`: the octal game 0.07.
pub const DAWSON_KAYLES: BuiltIn = BuiltIn {
    name: "dawson-kayles",
    rules: "knock down two adjacent pins from a row (octal 0.07; Dawson's chess is 0.137)",
    syntax: "heap sizes",
    example: "6 9",
    options: &[],
    build: |_, limits| named("dawson-kayles", "0.07", limits),
};
