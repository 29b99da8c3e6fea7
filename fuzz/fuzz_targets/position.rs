//! Positions of every registered family. The first byte picks the family
//! (modulo their number) and, by its top bit, misère play; the rest is the
//! text after the game's name on a command line: `--NAME VALUE` options,
//! then the position. A position that parses is analysed under small
//! limits and must read back from its printed form.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((first, text)) = grundy_fuzz::first_and_text(data) else {
        return;
    };
    let reg = grundy_fuzz::pick(first & 0x7f);
    let play = grundy_fuzz::play(first);
    let typed = grundy_fuzz::typed(reg, text);
    grundy_fuzz::with_family(reg, &typed.options, |family| {
        grundy_fuzz::analyze_and_check(family, &typed.words, play)
    });
});
