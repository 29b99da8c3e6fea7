//! [`SeqValues`]: the values of a one-heap sequence, two bytes a heap
//! whenever every value fits in 16 bits (every take-and-break game), eight
//! otherwise (nim's values are the heap sizes); and the two forms of a
//! values file (`seq --values FILE`): text, and the compact binary form
//! [`write_binary`] documents.

use serde::ser::{Serialize, SerializeSeq, Serializer};
use std::io::{self, Write};

/// The values of heaps `0..len`, `get(k)` being the value of a heap of k.
///
/// Held as `u16` while every value fits (two bytes a heap), as `u64` once
/// one does not; the two forms compare equal when they hold the same
/// numbers. Serialises as a JSON array of numbers, written as it goes.
#[derive(Clone, Debug)]
pub struct SeqValues(Repr);

#[derive(Clone, Debug)]
enum Repr {
    Narrow(Vec<u16>),
    Wide(Vec<u64>),
}

impl SeqValues {
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
            Repr::Narrow(v) => v.get(k).map(|&x| u64::from(x)),
            Repr::Wide(v) => v.get(k).copied(),
        }
    }

    /// The values in heap order.
    pub fn iter(&self) -> Box<dyn Iterator<Item = u64> + '_> {
        match &self.0 {
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
            Repr::Narrow(v) => v.iter().max().map(|&x| u64::from(x)),
            Repr::Wide(v) => v.iter().max().copied(),
        }
    }

    /// Bytes each value takes: 2 or 8.
    pub fn width(&self) -> usize {
        match &self.0 {
            Repr::Narrow(_) => 2,
            Repr::Wide(_) => 8,
        }
    }

    /// Bytes of memory the values hold (their allocation).
    pub fn heap_bytes(&self) -> usize {
        match &self.0 {
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
/// The version of the binary values format [`write_binary`] writes.
pub const BINARY_VERSION: u32 = 1;
/// Bytes before the first value of a binary values file.
pub const BINARY_HEADER: usize = 24;

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
        " in binary: a 24-byte header, then each value as a little-endian integer of 2 bytes (8 when a value exceeds 65535), heap 0 first"
    } else {
        ", one per line, heap 0 first"
    }
}

/// Writes `values` in the compact binary form. All numbers little-endian:
///
/// | bytes  | content                                             |
/// |--------|-----------------------------------------------------|
/// | 0..8   | the magic `GRUNDYSQ` (ASCII)                        |
/// | 8..12  | format version, `u32` = 1                           |
/// | 12..16 | bytes per value, `u32`: 2 (`u16`) or 8 (`u64`)      |
/// | 16..24 | number of values, `u64` (heaps 0 to count − 1)      |
/// | 24..   | the values, heap 0 first, each of that many bytes   |
///
/// Two bytes a value whenever every value fits in 16 bits (every
/// take-and-break game), so a file of heaps 0..=10^9 takes 2 GB.
pub fn write_binary(out: &mut impl Write, values: &SeqValues) -> io::Result<()> {
    out.write_all(BINARY_MAGIC)?;
    out.write_all(&BINARY_VERSION.to_le_bytes())?;
    out.write_all(&(values.width() as u32).to_le_bytes())?;
    out.write_all(&(values.len() as u64).to_le_bytes())?;
    const CHUNK: usize = 1 << 14;
    let mut buf = Vec::with_capacity(CHUNK * 8);
    match &values.0 {
        Repr::Narrow(v) => {
            for chunk in v.chunks(CHUNK) {
                buf.clear();
                buf.extend(chunk.iter().flat_map(|x| x.to_le_bytes()));
                out.write_all(&buf)?;
            }
        }
        Repr::Wide(v) => {
            for chunk in v.chunks(CHUNK) {
                buf.clear();
                buf.extend(chunk.iter().flat_map(|x| x.to_le_bytes()));
                out.write_all(&buf)?;
            }
        }
    }
    Ok(())
}

/// Reads a binary values file written by [`write_binary`]. Errors name
/// what is wrong: not such a file, a version or width this build does not
/// know, a length that does not match the header.
pub fn read_binary(bytes: &[u8]) -> Result<SeqValues, String> {
    if bytes.len() < BINARY_HEADER || &bytes[..8] != BINARY_MAGIC {
        return Err("not a grundy binary values file (no GRUNDYSQ header)".into());
    }
    let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
    let version = word(8);
    if version != BINARY_VERSION {
        return Err(format!(
            "binary values format version {version}; this build reads version {BINARY_VERSION}"
        ));
    }
    let width = word(12) as usize;
    let count = u64::from_le_bytes(bytes[16..24].try_into().expect("8 bytes"));
    let body = &bytes[BINARY_HEADER..];
    if width != 2 && width != 8 {
        return Err(format!("{width} bytes per value: expected 2 or 8"));
    }
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
        let short = &out[..out.len() - 1];
        assert!(read_binary(short)
            .unwrap_err()
            .contains("header says 4 values"));
    }
}
