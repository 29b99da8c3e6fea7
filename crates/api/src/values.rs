//! [`SeqValues`]: the values of a one-heap sequence: one byte a heap as the
//! sequence engine stores them (every take-and-break game), two or eight
//! otherwise (nim's values are the heap sizes); and the two forms of a
//! values file (`seq --values FILE`): text, and the compact binary form
//! [`write_binary`] documents.

use grundy_engine::{GameError, SearchError};
use grundy_sequence::Values;
use serde::ser::{Serialize, SerializeSeq, Serializer};
use std::io::{self, Write};

/// The time-limit error of the answer this thread works out
/// ([`grundy_engine::Limits::within_answer`]) once its time limit has
/// passed, the clock read only when `k` is a multiple of 2^20: for the
/// passes over a sequence's values made after it is computed (its
/// summary, its plot), which `seq --time-limit` bounds too.
pub fn in_time(k: u64) -> Result<(), GameError> {
    if !k.is_multiple_of(1 << 20) {
        return Ok(());
    }
    match grundy_engine::clock::answer_limit_passed() {
        Some(limit) => Err(SearchError::TimeLimit(limit).into()),
        None => Ok(()),
    }
}

/// A writer of an answer's output that refuses to write once the
/// answer's time limit has passed (the clock read at each write it
/// passes on: under a buffer, once a buffer), with the time-limit error
/// that [`stopped_in_time`] reads back out of the I/O error.
pub struct InTime<W>(pub W);

impl<W: Write> Write for InTime<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if let Some(limit) = grundy_engine::clock::answer_limit_passed() {
            let e = GameError::from(SearchError::TimeLimit(limit));
            return Err(io::Error::other(e));
        }
        self.0.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

/// The error an [`InTime`] writer stopped with, if `e` is one.
pub fn stopped_in_time(e: &io::Error) -> Option<GameError> {
    e.get_ref()?.downcast_ref::<GameError>().cloned()
}

/// The values of heaps `0..len`, `get(k)` being the value of a heap of k.
///
/// Held as the sequence engine's [`Values`] (one byte a heap, a side
/// table for values of 255 or more), as `u16` while every value fits
/// (two bytes a heap), or as `u64` once one does not; the forms compare
/// equal when they hold the same numbers. Serialises as a JSON array of
/// numbers, written as it goes.
#[derive(Clone, Debug)]
pub struct SeqValues(Repr);

#[derive(Clone, Debug)]
enum Repr {
    Compact(Values),
    Narrow(Vec<u16>),
    Wide(Vec<u64>),
}

impl SeqValues {
    /// The values of the sequence engine, kept as they are (no copy).
    pub fn from_values(values: Values) -> SeqValues {
        SeqValues(Repr::Compact(values))
    }

    /// The values `values`, kept as they are (no copy).
    pub fn from_u16(values: Vec<u16>) -> SeqValues {
        SeqValues(Repr::Narrow(values))
    }

    /// The values `values`, narrowed to two bytes each when they all fit.
    pub fn from_u64(values: Vec<u64>) -> SeqValues {
        if values.iter().all(|&v| v <= u64::from(u16::MAX)) {
            SeqValues(Repr::Narrow(values.iter().map(|&v| v as u16).collect()))
        } else {
            SeqValues(Repr::Wide(values))
        }
    }

    /// How many values (heaps `0..len`).
    pub fn len(&self) -> usize {
        match &self.0 {
            Repr::Compact(v) => v.len(),
            Repr::Narrow(v) => v.len(),
            Repr::Wide(v) => v.len(),
        }
    }

    /// True when there is no value.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The value of a heap of `k`, if held.
    pub fn get(&self, k: usize) -> Option<u64> {
        match &self.0 {
            Repr::Compact(v) => v.get(k).map(u64::from),
            Repr::Narrow(v) => v.get(k).map(|&x| u64::from(x)),
            Repr::Wide(v) => v.get(k).copied(),
        }
    }

    /// The values in heap order.
    pub fn iter(&self) -> Box<dyn Iterator<Item = u64> + '_> {
        match &self.0 {
            Repr::Compact(v) => Box::new(v.iter().map(u64::from)),
            Repr::Narrow(v) => Box::new(v.iter().map(|&x| u64::from(x))),
            Repr::Wide(v) => Box::new(v.iter().copied()),
        }
    }

    /// The values as `u64`, in heap order (a copy, eight bytes a heap).
    pub fn to_vec(&self) -> Vec<u64> {
        self.iter().collect()
    }

    /// The largest value, `None` when empty.
    pub fn max(&self) -> Option<u64> {
        match &self.0 {
            Repr::Compact(v) => v.max().map(u64::from),
            Repr::Narrow(v) => v.iter().max().map(|&x| u64::from(x)),
            Repr::Wide(v) => v.iter().max().copied(),
        }
    }

    /// The width of the numbers, in bytes: 2 when every value fits in
    /// 16 bits (`u16`), else 8 (`u64`). (Memory: [`SeqValues::heap_bytes`].)
    pub fn width(&self) -> usize {
        match &self.0 {
            Repr::Compact(_) | Repr::Narrow(_) => 2,
            Repr::Wide(_) => 8,
        }
    }

    /// Bytes of memory the values hold (their allocation).
    pub fn heap_bytes(&self) -> usize {
        match &self.0 {
            Repr::Compact(v) => v.heap_bytes(),
            Repr::Narrow(v) => v.capacity() * 2,
            Repr::Wide(v) => v.capacity() * 8,
        }
    }
}

impl FromIterator<u64> for SeqValues {
    /// Collects two bytes a value until a value needs more, then eight.
    fn from_iter<I: IntoIterator<Item = u64>>(iter: I) -> SeqValues {
        let iter = iter.into_iter();
        let mut narrow = Vec::with_capacity(iter.size_hint().0);
        let mut iter = iter.peekable();
        while let Some(&v) = iter.peek() {
            match u16::try_from(v) {
                Ok(x) => narrow.push(x),
                Err(_) => {
                    let mut wide: Vec<u64> = narrow.iter().map(|&x| u64::from(x)).collect();
                    drop(narrow);
                    wide.extend(iter);
                    return SeqValues(Repr::Wide(wide));
                }
            }
            iter.next();
        }
        SeqValues(Repr::Narrow(narrow))
    }
}

impl PartialEq for SeqValues {
    fn eq(&self, other: &SeqValues) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl Eq for SeqValues {}

impl PartialEq<Vec<u64>> for SeqValues {
    fn eq(&self, other: &Vec<u64>) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter().copied())
    }
}

impl Serialize for SeqValues {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.len()))?;
        for v in self.iter() {
            seq.serialize_element(&v)?;
        }
        seq.end()
    }
}

/// The first eight bytes of a binary values file.
pub const BINARY_MAGIC: &[u8; 8] = b"GRUNDYSQ";
/// The version of the binary values format at one byte a value.
pub const BINARY_VERSION: u32 = 2;
/// The version at two or eight bytes a value, also written when smaller.
pub const BINARY_VERSION_WIDE: u32 = 1;
/// Bytes before the first value of a binary values file of version 1.
pub const BINARY_HEADER: usize = 24;
/// Bytes before the first value of a binary values file of version 2.
pub const BINARY_HEADER_BYTES: usize = 40;

/// Writes `values` as text: one value per line, heap 0 first.
pub fn write_text(out: &mut impl Write, values: &SeqValues) -> io::Result<()> {
    let mut line = [0u8; 21];
    for v in values.iter() {
        let text = decimal(v, &mut line);
        out.write_all(text)?;
    }
    Ok(())
}

/// Writes `values` as CSV: a header line `heap,value`, then one line per
/// heap, heap 0 first.
pub fn write_csv(out: &mut impl Write, values: &SeqValues) -> io::Result<()> {
    out.write_all(b"heap,value\n")?;
    let mut line = [0u8; 21];
    for (k, v) in values.iter().enumerate() {
        out.write_all(format!("{k},").as_bytes())?;
        out.write_all(decimal(v, &mut line))?;
    }
    Ok(())
}

/// `v` in decimal followed by a newline, written at the end of `buf`.
fn decimal(mut v: u64, buf: &mut [u8; 21]) -> &[u8] {
    let mut i = buf.len() - 1;
    buf[i] = b'\n';
    loop {
        i -= 1;
        buf[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            return &buf[i..];
        }
    }
}

/// Whether a values file named `name` takes the binary form: its name
/// ends in `.bin` (any other name: text, one value per line).
pub fn is_binary_name(name: &str) -> bool {
    std::path::Path::new(name)
        .extension()
        .is_some_and(|e| e == "bin")
}

/// What a values file named `name` holds, as the end of the sentence
/// `values written to FILE...`.
pub fn file_form(name: &str) -> &'static str {
    if is_binary_name(name) {
        " in binary: a byte a value (its low eight bits, then bit 8 of each value and the values of 511 or more when there are such values), heap 0 first (docs/cli.md, Values files)"
    } else {
        ", one per line, heap 0 first"
    }
}

/// Writes `values` in the compact binary form. All numbers little-endian.
///
/// Version 2, the sequence engine's values (every take-and-break game): a
/// byte a value, an eighth more when values reach 256:
///
/// | bytes  | content                                                    |
/// |--------|------------------------------------------------------------|
/// | 0..8   | the magic `GRUNDYSQ` (ASCII)                               |
/// | 8..12  | format version, `u32` = 2                                  |
/// | 12..16 | bytes per value, `u32` = 1                                 |
/// | 16..24 | number of values, `u64` (heaps 0 to count − 1)             |
/// | 24..32 | words of bit 8, `u64`: 0 when every value is below 256, else count / 64 rounded up |
/// | 32..40 | number of values of 511 or more, `u64`                     |
/// | 40..   | a byte a value, heap 0 first: its low eight bits (255 for 511 or more) |
/// | then   | the words of bit 8, `u64` each: bit k % 64 of word k / 64 is bit 8 of heap k |
/// | then   | each value of 511 or more, ascending by heap: heap `u64`, value `u16` |
///
/// Version 1, any other values (nim's are the heap sizes), two or eight
/// bytes a value:
///
/// | bytes  | content                                             |
/// |--------|-----------------------------------------------------|
/// | 0..8   | the magic `GRUNDYSQ` (ASCII)                        |
/// | 8..12  | format version, `u32` = 1                           |
/// | 12..16 | bytes per value, `u32`: 2 (`u16`) or 8 (`u64`)      |
/// | 16..24 | number of values, `u64` (heaps 0 to count − 1)      |
/// | 24..   | the values, heap 0 first, each of that many bytes   |
///
/// A file of heaps 0..=10^9 of Officers (0.6) takes 1.125 GB.
pub fn write_binary(out: &mut impl Write, values: &SeqValues) -> io::Result<()> {
    out.write_all(BINARY_MAGIC)?;
    if let Repr::Compact(v) = &values.0 {
        let (bytes, plane, heaps, wides) = v.parts();
        out.write_all(&BINARY_VERSION.to_le_bytes())?;
        out.write_all(&1u32.to_le_bytes())?;
        for count in [bytes.len(), plane.len(), heaps.len()] {
            out.write_all(&(count as u64).to_le_bytes())?;
        }
        for chunk in bytes.chunks(1 << 16) {
            out.write_all(chunk)?;
        }
        for words in plane.chunks(1 << 13) {
            let buf: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
            out.write_all(&buf)?;
        }
        for (&h, &v) in heaps.iter().zip(wides) {
            out.write_all(&(h as u64).to_le_bytes())?;
            out.write_all(&v.to_le_bytes())?;
        }
        return Ok(());
    }
    out.write_all(&BINARY_VERSION_WIDE.to_le_bytes())?;
    out.write_all(&(values.width() as u32).to_le_bytes())?;
    out.write_all(&(values.len() as u64).to_le_bytes())?;
    const CHUNK: usize = 1 << 14;
    let mut buf = Vec::with_capacity(CHUNK * 8);
    let mut all = values.iter().peekable();
    while all.peek().is_some() {
        buf.clear();
        for v in all.by_ref().take(CHUNK) {
            match values.width() {
                2 => buf.extend_from_slice(&(v as u16).to_le_bytes()),
                _ => buf.extend_from_slice(&v.to_le_bytes()),
            }
        }
        out.write_all(&buf)?;
    }
    Ok(())
}

/// Reads a binary values file written by [`write_binary`] (either
/// version). Errors name what is wrong: not such a file, a version or
/// width this build does not know, a length that does not match the
/// header, parts of a version 2 file that do not fit together.
pub fn read_binary(bytes: &[u8]) -> Result<SeqValues, String> {
    if bytes.len() < BINARY_HEADER || &bytes[..8] != BINARY_MAGIC {
        return Err("not a grundy binary values file (no GRUNDYSQ header)".into());
    }
    let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
    let (version, width) = (word(8), word(12) as usize);
    let count = u64::from_le_bytes(bytes[16..24].try_into().expect("8 bytes"));
    match (version, width) {
        (BINARY_VERSION_WIDE, 2 | 8) => {}
        (BINARY_VERSION_WIDE, _) => return Err(format!("{width} bytes per value: expected 2 or 8")),
        (BINARY_VERSION, 1) => return read_parts(bytes, count),
        (BINARY_VERSION, _) => return Err(format!("{width} bytes per value: expected 1")),
        _ => {
            return Err(format!(
                "binary values format version {version}; this build reads versions {BINARY_VERSION_WIDE} and {BINARY_VERSION}"
            ))
        }
    }
    let body = &bytes[BINARY_HEADER..];
    if (body.len() / width) as u64 != count || !body.len().is_multiple_of(width) {
        return Err(format!(
            "the header says {count} value{} of {width} bytes, the file holds {} bytes of values",
            if count == 1 { "" } else { "s" },
            body.len()
        ));
    }
    Ok(if width == 2 {
        SeqValues::from_u16(
            body.chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]]))
                .collect(),
        )
    } else {
        SeqValues(Repr::Wide(
            body.chunks_exact(8)
                .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
                .collect(),
        ))
    })
}

/// The values of a version 2 file of `count` values: the engine's store.
fn read_parts(bytes: &[u8], count: u64) -> Result<SeqValues, String> {
    if bytes.len() < BINARY_HEADER_BYTES {
        return Err("the header of a version 2 file is cut short".into());
    }
    let long = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
    let (planes, wide) = (long(24), long(32));
    let body = &bytes[BINARY_HEADER_BYTES..];
    let want = u128::from(count) + 8 * u128::from(planes) + 10 * u128::from(wide);
    if body.len() as u128 != want {
        return Err(format!(
            "the header says {count} value{} ({planes} words of bit 8, {wide} of 511 or more), the file holds {} bytes of values",
            if count == 1 { "" } else { "s" },
            body.len()
        ));
    }
    let (low, rest) = body.split_at(count as usize);
    let (plane, table) = rest.split_at(8 * planes as usize);
    Values::from_le_parts(low.to_vec(), plane, table)
        .map(SeqValues::from_values)
        .map_err(|e| format!("corrupt values: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_has_a_header_and_a_line_a_heap() {
        let mut out = Vec::new();
        write_csv(&mut out, &SeqValues::from_u64(vec![0, 1, 70000])).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "heap,value\n0,0\n1,1\n2,70000\n"
        );
    }

    fn wide_and_narrow() -> [SeqValues; 2] {
        [
            SeqValues::from_u64(vec![0, 1, 65535, 7]),
            SeqValues::from_u64(vec![0, 1, 65536, u64::MAX]),
        ]
    }

    #[test]
    fn two_bytes_while_every_value_fits() {
        let [narrow, wide] = wide_and_narrow();
        assert_eq!((narrow.width(), wide.width()), (2, 8));
        let collected: SeqValues = [3u64, 70000, 2].into_iter().collect();
        assert_eq!(collected.width(), 8);
        assert_eq!(collected, vec![3, 70000, 2]);
        let collected: SeqValues = (0..1000u64).collect();
        assert_eq!((collected.width(), collected.len()), (2, 1000));
        assert_eq!(collected.get(999), Some(999));
        assert_eq!(collected.max(), Some(999));
    }

    #[test]
    fn json_is_an_array_of_numbers() {
        let [narrow, wide] = wide_and_narrow();
        assert_eq!(serde_json::to_string(&narrow).unwrap(), "[0,1,65535,7]");
        assert_eq!(
            serde_json::to_string(&wide).unwrap(),
            format!("[0,1,65536,{}]", u64::MAX)
        );
    }

    #[test]
    fn text_one_value_a_line() {
        let [_, wide] = wide_and_narrow();
        let mut out = Vec::new();
        write_text(&mut out, &wide).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("0\n1\n65536\n{}\n", u64::MAX)
        );
    }

    #[test]
    fn binary_round_trip_and_header() {
        for values in wide_and_narrow() {
            let mut out = Vec::new();
            write_binary(&mut out, &values).unwrap();
            // Mostly wide values: version 1, two or eight bytes a value.
            assert_eq!(out.len(), BINARY_HEADER + values.len() * values.width());
            assert_eq!(&out[..8], b"GRUNDYSQ");
            assert_eq!(out[8..12], 1u32.to_le_bytes());
            assert_eq!(out[12..16], (values.width() as u32).to_le_bytes());
            assert_eq!(out[16..24], 4u64.to_le_bytes());
            let back = read_binary(&out).unwrap();
            assert_eq!((back.width(), back), (values.width(), values));
        }
        let narrow = SeqValues::from_u64(vec![0x0102, 3]);
        let mut out = Vec::new();
        write_binary(&mut out, &narrow).unwrap();
        assert_eq!(&out[BINARY_HEADER..], &[2, 1, 3, 0]);
        // The engine's store: version 2, a byte a value, bit 8 of each
        // value once one reaches 256, the values of 511 or more.
        let plain: Vec<u64> = (0..100)
            .map(|k| match k {
                40 => 300,
                41 => 70,
                70 => 600,
                _ => k % 7,
            })
            .collect();
        let store: Values = plain.iter().map(|&v| v as u16).collect();
        let mut out = Vec::new();
        write_binary(&mut out, &SeqValues::from_values(store)).unwrap();
        assert_eq!(out.len(), BINARY_HEADER_BYTES + 100 + 2 * 8 + 10);
        assert_eq!(out[8..12], 2u32.to_le_bytes());
        assert_eq!(out[12..16], 1u32.to_le_bytes());
        assert_eq!(out[16..24], 100u64.to_le_bytes());
        assert_eq!(out[24..32], 2u64.to_le_bytes());
        assert_eq!(out[32..40], 1u64.to_le_bytes());
        let body = &out[BINARY_HEADER_BYTES..];
        // 300 is 256 + 44: byte 44 and bit 8.
        assert_eq!((body[40], body[41], body[70]), (44, 70, 255));
        let words = &body[100..116];
        assert_eq!(words[..8], (1u64 << 40).to_le_bytes());
        assert_eq!(words[8..], (1u64 << (70 - 64)).to_le_bytes());
        assert_eq!(body[116..124], 70u64.to_le_bytes());
        assert_eq!(body[124..126], 600u16.to_le_bytes());
        let back = read_binary(&out).unwrap();
        assert_eq!(back, plain);
        assert!(
            back.heap_bytes() < 2 * 100,
            "read back as the engine's store"
        );
        let mut again = Vec::new();
        write_binary(&mut again, &back).unwrap();
        assert_eq!(again, out);
    }

    #[test]
    fn a_version_2_file_must_hold_what_its_header_says() {
        let plain: Vec<u16> = (0..100)
            .map(|k| if k == 40 { 700 } else { k % 7 })
            .collect();
        let store: Values = plain.iter().copied().collect();
        let mut out = Vec::new();
        write_binary(&mut out, &SeqValues::from_values(store)).unwrap();
        assert!(read_binary(&out).is_ok());
        let table = BINARY_HEADER_BYTES + 100 + 16;
        let mut moved = out.clone();
        moved[table..table + 8].copy_from_slice(&41u64.to_le_bytes());
        let e = read_binary(&moved).unwrap_err();
        assert!(e.contains("heap 40 is marked wide but has no entry"), "{e}");
        let mut small = out.clone();
        small[table + 8..table + 10].copy_from_slice(&300u16.to_le_bytes());
        let e = read_binary(&small).unwrap_err();
        assert!(e.contains("below 511"), "{e}");
        let mut unmarked = out.clone();
        unmarked[BINARY_HEADER_BYTES + 40] = 1;
        let e = read_binary(&unmarked).unwrap_err();
        assert!(e.contains("1 wide entries for 0 heaps"), "{e}");
        let short = &out[..out.len() - 1];
        let e = read_binary(short).unwrap_err();
        assert!(
            e.contains("header says 100 values (2 words of bit 8, 1 of 511 or more)"),
            "{e}"
        );
        let e = read_binary(&out[..36]).unwrap_err();
        assert!(e.contains("cut short"), "{e}");
    }

    #[test]
    fn bad_binary_files_are_named() {
        let [narrow, _] = wide_and_narrow();
        let mut out = Vec::new();
        write_binary(&mut out, &narrow).unwrap();
        assert!(read_binary(b"hello").unwrap_err().contains("not a grundy"));
        let mut old = out.clone();
        old[8] = 0;
        assert!(read_binary(&old).unwrap_err().contains("version 0"));
        old[8] = 3;
        assert!(read_binary(&old).unwrap_err().contains("versions 1 and 2"));
        let short = &out[..out.len() - 1];
        assert!(read_binary(short)
            .unwrap_err()
            .contains("header says 4 values"));
    }
}
