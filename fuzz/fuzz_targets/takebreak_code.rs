//! Take-and-break codes (`0.137`, `4.07`, `0.F3`, `0.[12]`...). A code
//! that parses must print as a code that parses to the same rule, and the
//! sequence engine's first values must be the naive mex's. The octal
//! family is then built with the code and asked a small position.
#![no_main]

use grundy_api::{GameOptions, Play};
use grundy_sequence::{compute, naive_values, Control, HeapRule, Method, TakeBreak};
use libfuzzer_sys::fuzz_target;

/// Heaps whose values are compared: enough to pass every digit of a code
/// of a few digits, small enough for thousands of codes a second.
const HEAPS: u64 = 40;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(code) = TakeBreak::parse(text) else {
        return;
    };
    let printed = code.to_string();
    let again = TakeBreak::parse(&printed)
        .unwrap_or_else(|e| panic!("{text:?} printed as {printed:?}, refused: {e}"));
    assert!(
        again == code,
        "{text:?} printed as {printed:?} reads back as another code"
    );
    let rule = HeapRule::TakeBreak(code);
    let naive = naive_values(&rule, HEAPS as usize).expect("naive values of 40 heaps");
    let ctl = Control {
        method: Method::Rc,
        threads: 1,
        use_period: false,
        ..Control::default()
    };
    let seq = compute(rule, HEAPS, &ctl).expect("the values of 40 heaps");
    assert_eq!(
        &seq.values().to_vec()[..=HEAPS as usize],
        &naive[..],
        "{printed}: the sequence engine and the naive mex differ"
    );
    let reg = grundy_fuzz::named("octal");
    let mut options = GameOptions::default();
    options.set("code", &printed);
    let Some(family) = grundy_fuzz::build(reg, &options) else {
        panic!("the octal family refuses the code {printed:?} the parser accepts");
    };
    grundy_fuzz::analyze_and_check(&family, &["7", "12"], Play::Normal);
});
