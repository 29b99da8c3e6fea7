//! Checkpoint files of `quotient --checkpoint`. Byte 0 picks the form:
//! even, the rest is the file itself; odd, the rest follows a good file's
//! quotient of 0.07 through heap 24 (its hints, the learner's layer's
//! length and the layer, format version 2) and the checksum is made
//! right, so the fuzzer reaches the layer's parser and its check. A file
//! that loads is resumed to heap 25 (the heap the learner places) within
//! 0.3 s; what it gives must be the quotient grown without the file.
#![no_main]

use grundy_engine::{GameError, Limits};
use grundy_quotient::{grow, grow_with, HeapQuotient, QuotientControl};
use grundy_sequence::checkpoint::Checksum;
use grundy_sequence::{HeapRule, TakeBreak};
use libfuzzer_sys::fuzz_target;
use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::Duration;

fn game() -> HeapRule {
    HeapRule::TakeBreak(TakeBreak::parse("0.07").expect("dawson's kayles"))
}

/// This process's checkpoint file.
fn path() -> &'static PathBuf {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| grundy_fuzz::scratch_file("quotient.ckpt"))
}

/// A good file's bytes through the orders (heaps 0..=24), and Q_25.
fn base() -> &'static (Vec<u8>, HeapQuotient) {
    static BASE: OnceLock<(Vec<u8>, HeapQuotient)> = OnceLock::new();
    BASE.get_or_init(|| {
        let path = path();
        let _ = std::fs::remove_file(path);
        grow_with(
            &game(),
            "octal 0.07",
            24,
            &Limits::default(),
            &control(),
            &mut |_, _| {},
        )
        .expect("Q_24");
        let mut bytes = std::fs::read(path).expect("saved");
        // The checksum, the empty layer's length and the hints.
        bytes.truncate(bytes.len() - 8 - 8 - 16);
        let q25 = grow(&game(), 25, &Limits::default()).expect("Q_25");
        (bytes, q25)
    })
}

fn control() -> QuotientControl {
    QuotientControl {
        checkpoint: Some(path().clone()),
        ..QuotientControl::default()
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let (prefix, q25) = base();
    let file = if first & 1 == 0 {
        rest.to_vec()
    } else {
        let mut b = prefix.clone();
        b.extend_from_slice(rest);
        let mut sum = Checksum::new();
        sum.write(&b);
        b.extend(sum.finish().to_le_bytes());
        b
    };
    let path = path();
    std::fs::write(path, &file).expect("writing the checkpoint");
    let limits = Limits {
        max_time: Some(Duration::from_millis(300)),
        max_memory: 256 << 20,
        ..Limits::default()
    };
    match grow_with(
        &game(),
        "octal 0.07",
        25,
        &limits,
        &control(),
        &mut |_, _| {},
    ) {
        Ok(q) => assert!(
            q.candidate == q25.candidate && q.orders == q25.orders,
            "a file that loads resumes to the quotient grown without it"
        ),
        Err(GameError::Input(e)) => assert!(
            e.contains(&path.display().to_string()),
            "a refused checkpoint's error names the file: {e}"
        ),
        // The time and memory limits.
        Err(_) => {}
    }
});
