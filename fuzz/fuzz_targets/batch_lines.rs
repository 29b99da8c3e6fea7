//! `grundy batch` input: the first byte picks the family (and misère
//! play by its top bit), built with its example's options; the rest is
//! stdin, answered by `grundy_api::batch::run` (one thread), which the
//! command line calls.
//! Every input line must get exactly one JSON line, in order, whatever
//! the bytes (invalid UTF-8, NULs, lines without an end).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, input)) = data.split_first() else {
        return;
    };
    let reg = grundy_fuzz::pick(first & 0x7f);
    let play = grundy_fuzz::play(first);
    // The example's options (`--max 10` for bash): the family as a user
    // would first run it.
    let example = reg.example.trim_start_matches("grundy analyze ");
    let example = example.strip_prefix(reg.name.as_str()).unwrap_or(example);
    let typed = grundy_fuzz::typed(reg, example);
    let mut out = Vec::new();
    let mut status = None;
    grundy_fuzz::with_family_under(
        reg,
        &typed.options,
        &grundy_fuzz::batch_limits(),
        |family| {
            // The whole input at once, no reading thread (the thread is the
            // CLI tests' business): thousands of inputs a second.
            let mut stdin = grundy_api::lines::ReadAhead::from_bytes(input.to_vec());
            status = Some(
                grundy_api::batch::run(
                    family,
                    play,
                    grundy_fuzz::DETAIL,
                    &mut stdin,
                    &mut out,
                    false,
                )
                .unwrap_or_else(|e| panic!("batch stopped: {e}")),
            );
        },
    );
    let status = status.unwrap_or_else(|| panic!("{} refuses its example's options", reg.name));
    assert!(status == 0 || status == 2, "batch status {status}");
    // Lines as batch reads them: a last line without its newline counts.
    let lines = input.split(|&b| b == b'\n').count() - usize::from(input.ends_with(b"\n"));
    let lines = if input.is_empty() { 0 } else { lines };
    let answers: Vec<&[u8]> = out.split(|&b| b == b'\n').collect();
    assert_eq!(
        answers.last(),
        Some(&&b""[..]),
        "the answers end with a newline"
    );
    assert_eq!(answers.len() - 1, lines, "one answer a line");
    for (i, a) in answers[..lines].iter().enumerate() {
        let doc: serde_json::Value = serde_json::from_slice(a)
            .unwrap_or_else(|e| panic!("answer {} is no JSON: {e}", i + 1));
        if let Some(n) = doc.get("line") {
            assert_eq!(n.as_u64(), Some(i as u64 + 1), "the error line's number");
        }
    }
});
