//! One analysis as one line of JSON, written straight onto a byte buffer
//! (what `grundy batch` writes for each line, and any front end may):
//! the same bytes as `serde_json::to_writer(out, analysis)`, without
//! serde's per-byte escape loop (a third of a batch line's cost) and
//! without an intermediate string. Analyses with a family table (ring) go
//! through serde, whose flattening this writer does not repeat.

use crate::{Analysis, ComponentReport, MoveReport, Outcome, Play};
use std::io::Write;

/// Appends the compact JSON document of `a` to `out`, byte for byte what
/// serde_json writes for it.
pub fn write_analysis(out: &mut Vec<u8>, a: &Analysis) -> serde_json::Result<()> {
    if a.table.is_some() {
        return serde_json::to_writer(out, a);
    }
    out.extend_from_slice(b"{\"game\":");
    string(out, &a.game);
    out.extend_from_slice(b",\"position\":");
    string(out, &a.position);
    out.extend_from_slice(match a.play {
        Play::Normal => b",\"play\":\"normal\"",
        Play::Misere => b",\"play\":\"misere\"",
    });
    out.extend_from_slice(match a.outcome {
        Outcome::N => b",\"outcome\":\"N\"",
        Outcome::P => b",\"outcome\":\"P\"",
        Outcome::D => b",\"outcome\":\"D\"",
    });
    out.extend_from_slice(b",\"value\":");
    optional_number(out, a.value);
    if let Some(g) = &a.genus {
        out.extend_from_slice(b",\"genus\":{\"normal\":");
        optional_number(out, Some(g.normal));
        out.extend_from_slice(b",\"misere\":");
        array(out, &g.misere, |out, &x| optional_number(out, Some(x)));
        out.push(b'}');
    }
    out.extend_from_slice(b",\"winning_move_count\":");
    optional_number(out, a.winning_move_count.map(|n| n as u64));
    out.extend_from_slice(b",\"winning_moves\":");
    array(out, &a.winning_moves, move_report);
    if let Some(n) = a.drawing_move_count {
        out.extend_from_slice(b",\"drawing_move_count\":");
        optional_number(out, Some(n as u64));
    }
    if !a.drawing_moves.is_empty() {
        out.extend_from_slice(b",\"drawing_moves\":");
        array(out, &a.drawing_moves, move_report);
    }
    if let Some(v) = &a.loopy_value {
        out.extend_from_slice(b",\"loopy_value\":");
        string(out, v);
    }
    out.extend_from_slice(b",\"components\":");
    array(
        out,
        &a.components,
        |out, ComponentReport { position, value }| {
            out.extend_from_slice(b"{\"position\":");
            string(out, position);
            out.extend_from_slice(b",\"value\":");
            optional_number(out, *value);
            out.push(b'}');
        },
    );
    out.extend_from_slice(b",\"method\":");
    string(out, &a.method);
    if !a.notes.is_empty() {
        out.extend_from_slice(b",\"notes\":");
        array(out, &a.notes, |out, note| string(out, note));
    }
    out.push(b'}');
    Ok(())
}

/// Appends one move as a JSON object.
fn move_report(out: &mut Vec<u8>, MoveReport { label, to }: &MoveReport) {
    out.extend_from_slice(b"{\"move\":");
    string(out, label);
    out.extend_from_slice(b",\"to\":");
    string(out, to);
    out.push(b'}');
}

/// Appends a JSON array of `items`, each written by `item`.
fn array<T>(out: &mut Vec<u8>, items: &[T], mut item: impl FnMut(&mut Vec<u8>, &T)) {
    out.push(b'[');
    for (i, x) in items.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        item(out, x);
    }
    out.push(b']');
}

fn optional_number(out: &mut Vec<u8>, n: Option<u64>) {
    match n {
        // Writing to a Vec cannot fail.
        Some(n) => {
            let _ = write!(out, "{n}");
        }
        None => out.extend_from_slice(b"null"),
    }
}

/// Whether byte `b` must be escaped inside a JSON string: a control
/// character, the quote or the backslash (serde_json leaves every other
/// byte, 0x7F and UTF-8 included, as it is).
fn needs_escape(b: u8) -> bool {
    b < 0x20 || b == b'"' || b == b'\\'
}

/// Whether any byte of `block` must be escaped. Written without branches
/// so the compiler checks a whole block in a few vector instructions.
fn block_needs_escape(block: &[u8; BLOCK]) -> bool {
    let mut found = 0u8;
    for &b in block {
        found |= u8::from(b < 0x20) | u8::from(b == b'"') | u8::from(b == b'\\');
    }
    found != 0
}

/// Bytes checked at once by [`block_needs_escape`].
const BLOCK: usize = 16;

/// Appends `s` as a JSON string with serde_json's escapes: `\"`, `\\`,
/// `\b \t \n \f \r`, and `\u00xx` (lower-case hex) for the other control
/// characters. Runs without an escape are copied whole; they are found
/// a block at a time.
fn string(out: &mut Vec<u8>, s: &str) {
    out.push(b'"');
    let bytes = s.as_bytes();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        let end = (i + BLOCK).min(bytes.len());
        let clean = match <&[u8; BLOCK]>::try_from(&bytes[i..end]) {
            Ok(block) => !block_needs_escape(block),
            Err(_) => {
                // The last, short block, padded with spaces.
                let mut block = [b' '; BLOCK];
                block[..end - i].copy_from_slice(&bytes[i..end]);
                !block_needs_escape(&block)
            }
        };
        if !clean {
            for (j, &b) in bytes.iter().enumerate().take(end).skip(i) {
                if needs_escape(b) {
                    out.extend_from_slice(&bytes[start..j]);
                    escape(out, b);
                    start = j + 1;
                }
            }
        }
        i = end;
    }
    out.extend_from_slice(&bytes[start..]);
    out.push(b'"');
}

/// Appends serde_json's escape of byte `b`, one that [`needs_escape`].
fn escape(out: &mut Vec<u8>, b: u8) {
    match b {
        b'"' => out.extend_from_slice(b"\\\""),
        b'\\' => out.extend_from_slice(b"\\\\"),
        0x08 => out.extend_from_slice(b"\\b"),
        b'\t' => out.extend_from_slice(b"\\t"),
        b'\n' => out.extend_from_slice(b"\\n"),
        0x0C => out.extend_from_slice(b"\\f"),
        b'\r' => out.extend_from_slice(b"\\r"),
        _ => {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            out.extend_from_slice(b"\\u00");
            out.push(HEX[usize::from(b >> 4)]);
            out.push(HEX[usize::from(b & 15)]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_engine::{Genus, Table};
    use proptest::prelude::*;

    fn serde_bytes(a: &Analysis) -> Vec<u8> {
        serde_json::to_vec(a).unwrap()
    }

    fn ours(a: &Analysis) -> Vec<u8> {
        let mut out = b"prefix".to_vec();
        write_analysis(&mut out, a).unwrap();
        out.split_off(6)
    }

    fn analysis(text: &str, notes: Vec<String>, table: Option<Table>) -> Analysis {
        let moves = vec![
            MoveReport {
                label: text.into(),
                to: "x".into(),
            },
            MoveReport {
                label: String::new(),
                to: text.into(),
            },
        ];
        Analysis {
            game: text.to_string(),
            position: format!("{text}{text}"),
            play: Play::Misere,
            outcome: Outcome::D,
            value: Some(u64::MAX),
            genus: Some(Genus {
                normal: 4,
                misere: vec![1, 4, 6],
            }),
            winning_move_count: None,
            winning_moves: moves.clone(),
            drawing_move_count: Some(2),
            drawing_moves: moves,
            loopy_value: Some(format!("∞{{{text}}}")),
            components: vec![
                ComponentReport {
                    position: text.into(),
                    value: None,
                },
                ComponentReport {
                    position: "0".into(),
                    value: Some(0),
                },
            ],
            method: text.into(),
            notes,
            table,
        }
    }

    #[test]
    fn every_byte_escapes_as_serde_does() {
        let all: String = (0u32..0x80).filter_map(char::from_u32).collect();
        let text = format!("{all}é→𝄞\u{7f}\u{2028}");
        for notes in [vec![], vec![text.clone(), "b".into()]] {
            let a = analysis(&text, notes, None);
            assert_eq!(ours(&a), serde_bytes(&a));
        }
    }

    /// Each optional field present and absent, alone and together.
    #[test]
    fn optional_fields_are_written_as_serde_writes_them() {
        let full = analysis("a\"b", vec!["n".into()], None);
        for mask in 0..32u8 {
            let mut a = full.clone();
            if mask & 1 == 0 {
                a.drawing_move_count = None;
            }
            if mask & 2 == 0 {
                a.drawing_moves.clear();
            }
            if mask & 4 == 0 {
                a.loopy_value = None;
            }
            if mask & 8 == 0 {
                a.notes.clear();
            }
            if mask & 16 == 0 {
                a.genus = None;
            }
            assert_eq!(ours(&a), serde_bytes(&a), "mask {mask}");
        }
    }

    #[test]
    fn a_table_goes_through_serde() {
        let table = Table {
            row_name: "start".into(),
            rows: vec!["1".into()],
            columns: vec![("outcome".into(), vec!["Win".into()])],
        };
        let a = analysis("t", vec![], Some(table));
        assert_eq!(ours(&a), serde_bytes(&a));
        assert!(String::from_utf8(ours(&a))
            .unwrap()
            .contains("\"outcome\":[\"Win\"]"));
    }

    #[test]
    fn block_test_agrees_with_the_byte_test() {
        let pick = [
            0x00u8, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xFF,
        ];
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for i in 0..100_000u32 {
            let block: [u8; BLOCK] = std::array::from_fn(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                // Mostly harmless bytes, now and then one near a boundary.
                if i % 4 == 0 || x.is_multiple_of(13) {
                    pick[(x >> 8) as usize % pick.len()]
                } else {
                    0x20 + (x >> 16) as u8 % 0x5F
                }
            });
            assert_eq!(
                block_needs_escape(&block),
                block.iter().any(|&b| needs_escape(b)),
                "{block:?}"
            );
        }
    }

    proptest! {
        #[test]
        fn random_text_matches_serde(text in ".{0,40}", bytes in proptest::collection::vec(0u8..0x80, 0..40)) {
            let ascii = String::from_utf8(bytes).unwrap();
            let a = analysis(&format!("{text}{ascii}"), vec![ascii.clone()], None);
            prop_assert_eq!(ours(&a), serde_bytes(&a));
        }
    }
}
