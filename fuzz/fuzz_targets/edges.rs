//! Edge lists: Hackenbush positions (`0-1 1-2 ; 0-3`) and the graph game's
//! `--edges` with its tokens. The first byte picks hackenbush (even) or
//! graph (odd) and, by its top bit, misère play; the rest is the text
//! after the game's name. For graph, text without `--edges` is read as
//! the edge list, one word, followed by the tokens.
#![no_main]

use grundy_api::GameOptions;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((first, text)) = grundy_fuzz::first_and_text(data) else {
        return;
    };
    let play = grundy_fuzz::play(first);
    let name = if first & 1 == 0 {
        "hackenbush"
    } else {
        "graph"
    };
    let reg = grundy_fuzz::named(name);
    let mut typed = grundy_fuzz::typed(reg, text);
    if name == "graph" && typed.options.get("edges").is_none() {
        let Some((edges, tokens)) = typed.words.split_first() else {
            return;
        };
        let mut options = GameOptions::default();
        options.set("edges", edges);
        typed = grundy_fuzz::Typed {
            options,
            words: tokens.to_vec(),
        };
    }
    grundy_fuzz::with_family(reg, &typed.options, |family| {
        grundy_fuzz::analyze_and_check(family, &typed.words, play)
    });
});
