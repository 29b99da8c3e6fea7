//! Command lines: the words (separated by NUL bytes) after `grundy` are
//! parsed by the command line's own `args::parse`, in process; nothing is
//! run. Every outcome must be a request or a usage error, never a panic,
//! and an error's message is one that names something (never empty).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let words: Vec<&str> = if text.is_empty() {
        Vec::new()
    } else {
        text.split('\0').collect()
    };
    // `--rules FILE` reads FILE while parsing: no path with a directory,
    // which could name a device that never ends (`/dev/zero`).
    if words.iter().any(|w| w.contains('/')) {
        return;
    }
    let argv = std::iter::once("grundy").chain(words.iter().copied());
    match grundy_fuzz::args::parse(argv) {
        Ok(_) => {}
        Err(e) => {
            let msg = e.to_string();
            assert!(!msg.trim().is_empty(), "an empty error for {words:?}");
            assert!(
                e.exit_code() == 2,
                "{words:?}: exit status {} for {msg}",
                e.exit_code()
            );
        }
    }
});
