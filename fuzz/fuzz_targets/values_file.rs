//! Values files of `seq --values FILE`. Any bytes are given to the binary
//! reader (`read_binary`); what it accepts must write back to the same
//! values, and byte for byte when written in the same form (version and
//! width: the writer picks the smaller form).
//! The same bytes read as values (eight each) are written in both forms,
//! and must read back: the binary form by `read_binary`, the text form
//! as one decimal value a line.
#![no_main]

use grundy_api::values::{read_binary, write_binary, write_text};
use grundy_api::SeqValues;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(values) = read_binary(data) {
        let mut out = Vec::new();
        write_binary(&mut out, &values).expect("writing to memory");
        // A file of u64 values that all fit in u16 is read, and written
        // back narrower: compare what the values are, then the bytes when
        // the widths agree.
        let again = read_binary(&out).expect("a written file reads back");
        assert!(again == values, "the values change in a round trip");
        if out.len() == data.len() && out[8..16] == data[8..16] {
            assert_eq!(out, data, "an accepted file writes back differently");
        }
    }
    let wide: Vec<u64> = data
        .chunks_exact(8)
        .map(|b| u64::from_le_bytes(b.try_into().expect("8 bytes")))
        .collect();
    let values = SeqValues::from_u64(wide.clone());
    assert!(values == wide);
    let mut bin = Vec::new();
    write_binary(&mut bin, &values).expect("writing to memory");
    assert!(read_binary(&bin).expect("a written file reads back") == values);
    let mut text = Vec::new();
    write_text(&mut text, &values).expect("writing to memory");
    let text = String::from_utf8(text).expect("the text form is ASCII");
    let read: Vec<u64> = text
        .lines()
        .map(|l| l.parse().expect("one decimal value a line"))
        .collect();
    assert_eq!(read, wide, "the text form reads back as other values");
    assert!(text.is_empty() || text.ends_with('\n'));
});
