//! Rules files: the bytes before the first NUL are the file, the words
//! after it a position. The file is compiled under a small sandbox; a file
//! that compiles is built and the position analysed, and its moves listed,
//! under small limits (500 positions, 25 ms). A fuzzed file need not keep the round trip (that is
//! its author's contract, checked by `check_contracts`), so only panics,
//! internal errors, hangs and memory blow-ups are failures here.
#![no_main]

use grundy_api::{GameOptions, Limits, Play};
use grundy_rules::Sandbox;
use libfuzzer_sys::fuzz_target;
use std::time::Duration;

fuzz_target!(|data: &[u8]| {
    let (source, position) = match data.iter().position(|&b| b == 0) {
        Some(at) => (&data[..at], &data[at + 1..]),
        None => (data, &[][..]),
    };
    let (Ok(source), Ok(position)) = (std::str::from_utf8(source), std::str::from_utf8(position))
    else {
        return;
    };
    let sandbox = Sandbox {
        max_operations: 20_000,
        max_call_depth: 16,
        max_string_size: 1 << 12,
        max_array_size: 1 << 10,
        max_map_size: 1 << 8,
        max_position_depth: 8,
    };
    let reg = match grundy_rules::registration_from_source("fuzz.rhai", source, sandbox) {
        Ok(reg) => reg,
        Err(e) => return grundy_fuzz::check_error("compile", &e),
    };
    // Every script call runs up to 20,000 operations: searches are kept to
    // 500 positions and 25 ms, or one input would take seconds.
    let limits = Limits {
        max_states: 500,
        max_time: Some(Duration::from_millis(25)),
        ..Limits::default()
    };
    let family = match reg.build(&GameOptions::default(), &limits) {
        Ok(family) => family,
        Err(e) => return grundy_fuzz::check_error("build", &e),
    };
    let words: Vec<&str> = position.split_whitespace().collect();
    for play in [Play::Normal, Play::Misere] {
        if let Err(e) = family.analyze_with(&words, play, grundy_fuzz::DETAIL) {
            grundy_fuzz::check_error(&format!("analyze {words:?}"), &e);
        }
    }
    if let Err(e) = family.moves(&words) {
        grundy_fuzz::check_error(&format!("moves {words:?}"), &e);
    }
});
