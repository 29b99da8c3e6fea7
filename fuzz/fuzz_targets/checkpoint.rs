//! Checkpoint files of `seq --checkpoint`. The first byte picks the rule
//! (low bits) and the form (top bit): the rest is either the file itself,
//! any bytes, or values (two bytes each) that `checkpoint::save` writes
//! into a well-formed file, so the fuzzer also reaches what follows the
//! checksum. A file that loads is resumed and extended by two heaps: each
//! new heap rescans the values before it, so extending by 16 took four
//! fifths of the time (160 inputs a second at 1,024 bytes).
#![no_main]

use grundy_sequence::checkpoint;
use grundy_sequence::{Control, HeapRule, Method, Sequence, TakeBreak};
use libfuzzer_sys::fuzz_target;
use std::path::PathBuf;
use std::sync::OnceLock;

/// The rules a checkpoint may be of: kayles, dawson's kayles, a hexadecimal
/// code, Grundy's game.
fn rule(byte: u8) -> HeapRule {
    match byte % 4 {
        0 => HeapRule::TakeBreak(TakeBreak::parse("0.77").expect("kayles")),
        1 => HeapRule::TakeBreak(TakeBreak::parse("0.07").expect("dawson's kayles")),
        2 => HeapRule::TakeBreak(TakeBreak::parse("0.F3").expect("a hexadecimal code")),
        _ => HeapRule::GrundyGame,
    }
}

/// This process's checkpoint file.
fn path() -> &'static PathBuf {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| grundy_fuzz::scratch_file("seq.ckpt"))
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let rule = rule(first);
    let path = path();
    if first & 0x80 == 0 {
        std::fs::write(path, rest).expect("writing the checkpoint");
    } else {
        let values: grundy_sequence::Values = rest
            .chunks_exact(2)
            .map(|b| u16::from_le_bytes([b[0], b[1]]))
            .collect();
        checkpoint::save(path, &rule, &values).expect("saving the checkpoint");
    }
    let mut seq = match Sequence::resume_or_new(rule, path) {
        Ok(seq) => seq,
        Err(e) => {
            let text = e.to_string();
            assert!(
                text.contains(&path.display().to_string()),
                "a refused checkpoint's error names the file: {text}"
            );
            return;
        }
    };
    let have = seq.values().len() as u64;
    let ctl = Control {
        method: Method::Rc,
        threads: 1,
        ..Control::default()
    };
    seq.extend_to(have + 2, &ctl)
        .unwrap_or_else(|e| panic!("extending a resumed sequence of {have} values: {e}"));
    assert!(seq.values().len() as u64 > have + 2);
});
