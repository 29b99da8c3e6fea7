//! Checkpoint files: the values computed so far, safe to resume from.
//!
//! # Format (version 2, all integers little-endian)
//! ```text
//! magic    10 bytes  "GRUNDYSEQ\n"
//! version   4 bytes  u32 = 2
//! name_len  4 bytes  u32
//! name      name_len bytes, the rule's name (HeapRule::name, e.g. "octal 0.6")
//! count     8 bytes  u64, number of values (heaps 0..count)
//! planes    8 bytes  u64, words of bit 8: 0 while every value is below
//!                    256, else ceil(count / 64)
//! wide      8 bytes  u64, number of values of 511 or more
//! bytes     count bytes, one a heap: the value's low eight bits (255 for
//!           a value of 511 or more)
//! plane     8 * planes bytes: bit k % 64 of word k / 64 is bit 8 of heap
//!           k's value
//! table     10 * wide bytes: each value of 511 or more, ascending by
//!           heap: the heap (u64), the value (u16)
//! checksum  8 bytes  u64, `Checksum` of every byte above
//! ```
//! The values as they are held in memory ([`Values::parts`]): a byte a
//! heap, an eighth more for codes whose values reach 256 (Officers).
//! Version 1, which earlier builds wrote, is read too: after `count`,
//! `2 * count` bytes of values (u16 each), then the checksum.
//! Files are written to `FILE.tmp` and renamed over `FILE`, so a crash
//! leaves either the old or the new checkpoint, never a mix. A file that is
//! too short or too long, has a wrong checksum, another version or another
//! rule is refused with an error naming the problem. No field of a damaged
//! file is believed: before a file is refused for what a field says
//! (another rule, version, a count that does not match its size), its
//! checksum is checked, and a file whose checksum does not match is
//! refused as damaged ([`DAMAGED`]), so a flipped byte in a name is not
//! taken for another game's file.
//!
//! A checkpoint in use is locked ([`Lock`]): `FILE.lock` beside it holds
//! the process id of the run using it, so a second run on the same file is
//! refused before it starts instead of overwriting the first one's saves.
//! A lock whose process is no longer running is stale and taken over.
//!
//! The pieces are not particular to sequences: every checkpoint of the
//! workspace (the misère quotient's too, in grundy-quotient) starts with a
//! [`Header`] (magic, version, the game's name), is written by a
//! [`Writer`] (the atomic save) and read by a [`Reader`] (the same checks,
//! the [`Checksum`] last), and is held by a [`Lock`].

use crate::{HeapRule, SeqError, Value, Values};
use std::fs::{self, File};
use std::io::{BufReader, BufWriter, ErrorKind, Read, Write};
use std::path::{Path, PathBuf};

const MAGIC: &[u8; 10] = b"GRUNDYSEQ\n";
/// The version written: one byte a heap.
const VERSION: u32 = 2;
/// The oldest version read: two bytes a heap.
const VERSION_U16: u32 = 1;
/// Values converted per buffered write or read.
const CHUNK: usize = 1 << 16;

/// A 64-bit checksum of a byte stream, for detecting damage (not attacks):
/// the last eight bytes of every checkpoint file. Bytes are fed with
/// [`Checksum::write`] in any pieces; [`Checksum::finish`] depends only on
/// the bytes and their number, not on how they were cut.
#[derive(Clone, Debug)]
pub struct Checksum {
    state: u64,
    pending: [u8; 8],
    len: usize,
}

impl Default for Checksum {
    fn default() -> Checksum {
        Checksum::new()
    }
}

impl Checksum {
    /// The checksum of no bytes yet.
    pub fn new() -> Checksum {
        Checksum {
            state: 0x243F_6A88_85A3_08D3,
            pending: [0; 8],
            len: 0,
        }
    }

    fn mix(&mut self, word: u64) {
        self.state = (self.state.rotate_left(23) ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }

    /// Feeds `bytes`, after those fed before.
    pub fn write(&mut self, mut bytes: &[u8]) {
        while !bytes.is_empty() {
            let take = (8 - self.len % 8).min(bytes.len());
            let at = self.len % 8;
            self.pending[at..at + take].copy_from_slice(&bytes[..take]);
            self.len += take;
            bytes = &bytes[take..];
            if self.len.is_multiple_of(8) {
                self.mix(u64::from_le_bytes(self.pending));
            }
        }
    }

    /// The checksum of every byte fed.
    pub fn finish(mut self) -> u64 {
        let rest = self.len % 8;
        if rest != 0 {
            self.pending[rest..].iter_mut().for_each(|b| *b = 0);
            self.mix(u64::from_le_bytes(self.pending));
        }
        self.mix(self.len as u64);
        self.state
    }
}

fn io_err(path: &Path) -> impl FnOnce(std::io::Error) -> SeqError + '_ {
    move |source| SeqError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Why a file whose checksum does not match is refused, whatever its
/// fields say.
pub const DAMAGED: &str = "checksum mismatch (the file is damaged: truncated or corrupt)";

/// The error refusing `path` as damaged when its last eight bytes are not
/// the checksum of the bytes before them (or it is shorter than a
/// checksum); `None` when they are, or when it cannot be read again (the
/// caller's own error then stands).
fn damaged(path: &Path) -> Option<SeqError> {
    let file = File::open(path).ok()?;
    let size = file.metadata().ok()?.len();
    if size < 8 {
        return Some(bad(path, DAMAGED));
    }
    let mut input = BufReader::with_capacity(1 << 20, file);
    let mut sum = Checksum::new();
    let mut left = size - 8;
    let mut buf = vec![0u8; 1 << 16];
    while left > 0 {
        let take = left.min(buf.len() as u64) as usize;
        input.read_exact(&mut buf[..take]).ok()?;
        sum.write(&buf[..take]);
        left -= take as u64;
    }
    let mut stored = [0u8; 8];
    input.read_exact(&mut stored).ok()?;
    (u64::from_le_bytes(stored) != sum.finish()).then(|| bad(path, DAMAGED))
}

fn bad(path: &Path, reason: impl Into<String>) -> SeqError {
    SeqError::Checkpoint {
        path: path.to_path_buf(),
        reason: reason.into(),
    }
}

/// `FILE.tmp`, where a save of checkpoint `path` is written before it is
/// renamed over FILE.
pub fn tmp_path(path: &Path) -> PathBuf {
    let mut tmp = PathBuf::from(path);
    tmp.as_mut_os_string().push(".tmp");
    tmp
}

/// Bytes of the common header before the name: magic, version, name length.
const HEAD: u64 = 18;

/// The header every checkpoint file starts with, whatever it holds:
/// `magic` (10 bytes), `version` (u32), the length of `name` (u32) and
/// `name`, the game the file belongs to.
#[derive(Clone, Copy, Debug)]
pub struct Header<'a> {
    /// The kind of file: `b"GRUNDYSEQ\n"` for a value sequence.
    pub magic: &'a [u8; 10],
    /// The version of the format after the header.
    pub version: u32,
    /// What the file holds, in messages: `sequence` ("not a grundy
    /// sequence checkpoint").
    pub kind: &'a str,
    /// What the file holds of its game, in messages: `values` ("holds
    /// values of 'octal 0.6', not of 'octal 0.7'").
    pub holds: &'a str,
    /// The game the file belongs to (a rule's name).
    pub name: &'a str,
}

/// A save of a checkpoint in progress: the bytes go to `FILE.tmp`
/// ([`tmp_path`]) through a [`Checksum`]; [`Writer::commit`] appends the
/// checksum, syncs the file to disk and renames it over FILE, so a crash
/// at any moment leaves either the old checkpoint or the new one, never a
/// mix. Dropped without `commit`, the half-written `FILE.tmp` is removed.
pub struct Writer {
    path: PathBuf,
    tmp: PathBuf,
    out: Option<BufWriter<File>>,
    sum: Checksum,
}

impl Writer {
    /// Starts a save of checkpoint `path` with `header`.
    ///
    /// Errors: [`SeqError::Io`] naming `FILE.tmp` when it cannot be
    /// created or written.
    pub fn create(path: &Path, header: &Header<'_>) -> Result<Writer, SeqError> {
        let tmp = tmp_path(path);
        let file = File::create(&tmp).map_err(io_err(&tmp))?;
        let mut w = Writer {
            path: path.to_path_buf(),
            tmp,
            out: Some(BufWriter::with_capacity(1 << 20, file)),
            sum: Checksum::new(),
        };
        w.write(header.magic)?;
        w.write(&header.version.to_le_bytes())?;
        w.write(&(header.name.len() as u32).to_le_bytes())?;
        w.write(header.name.as_bytes())?;
        Ok(w)
    }

    /// Appends `bytes` (and feeds them to the checksum).
    ///
    /// Errors: [`SeqError::Io`] naming `FILE.tmp`.
    pub fn write(&mut self, bytes: &[u8]) -> Result<(), SeqError> {
        self.sum.write(bytes);
        match &mut self.out {
            Some(out) => out.write_all(bytes).map_err(io_err(&self.tmp)),
            None => Ok(()),
        }
    }

    /// Appends the checksum, syncs `FILE.tmp` and renames it over FILE.
    ///
    /// Errors: [`SeqError::Io`] naming the file that could not be
    /// written, synced or renamed (`FILE.tmp` is then removed).
    pub fn commit(mut self) -> Result<(), SeqError> {
        let sum = std::mem::take(&mut self.sum).finish();
        let Some(mut out) = self.out.take() else {
            return Ok(());
        };
        out.write_all(&sum.to_le_bytes())
            .map_err(io_err(&self.tmp))?;
        let file = out
            .into_inner()
            .map_err(|e| io_err(&self.tmp)(e.into_error()))?;
        file.sync_all().map_err(io_err(&self.tmp))?;
        drop(file);
        fs::rename(&self.tmp, &self.path).map_err(io_err(&self.path))?;
        // Renamed: nothing left to remove.
        self.tmp = PathBuf::new();
        Ok(())
    }
}

impl Drop for Writer {
    /// Removes `FILE.tmp` of a save that was not committed.
    fn drop(&mut self) {
        if !self.tmp.as_os_str().is_empty() {
            self.out = None;
            let _ = fs::remove_file(&self.tmp);
        }
    }
}

/// A checkpoint being read: its header checked, its bytes read through a
/// [`Checksum`]; [`Reader::finish`] compares the stored checksum.
pub struct Reader {
    path: PathBuf,
    input: BufReader<File>,
    sum: Checksum,
    size: u64,
    header_len: u64,
    version: u32,
}

impl Reader {
    /// Opens checkpoint `path` and reads its header; `Ok(None)` if the file
    /// does not exist.
    ///
    /// Errors: [`SeqError::Checkpoint`] naming the file and the fault: a
    /// file too short for its header, other magic bytes (not a checkpoint
    /// of `header.kind`), another version, a corrupt name length, or the
    /// name of another game (both names given); [`SeqError::Io`] when it
    /// cannot be read.
    pub fn open(path: &Path, header: &Header<'_>) -> Result<Option<Reader>, SeqError> {
        Reader::open_versions(path, header, header.version)
    }

    /// [`Reader::open`] taking any version from `oldest` to
    /// `header.version` ([`Reader::version`] says which).
    pub fn open_versions(
        path: &Path,
        header: &Header<'_>,
        oldest: u32,
    ) -> Result<Option<Reader>, SeqError> {
        let file = match File::open(path) {
            Ok(f) => f,
            Err(e) if e.kind() == ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(io_err(path)(e)),
        };
        let size = file.metadata().map_err(io_err(path))?.len();
        let mut r = Reader {
            path: path.to_path_buf(),
            input: BufReader::with_capacity(1 << 20, file),
            sum: Checksum::new(),
            size,
            header_len: 0,
            version: header.version,
        };
        let mut magic = [0u8; 10];
        r.read(&mut magic, "header")?;
        if &magic != header.magic {
            // A file of another kind, or one of ours damaged there: one
            // or two bytes off ours (another kind's magic is three off,
            // and a file of another kind is not read through).
            let off = magic.iter().zip(header.magic).filter(|(a, b)| a != b);
            let ours_damaged = off.count() <= 2 && damaged(path).is_some();
            if ours_damaged {
                return Err(r.refuse_unchecked(DAMAGED));
            }
            return Err(r.refuse_unchecked(format!(
                "not a grundy {} checkpoint (bad magic bytes)",
                header.kind
            )));
        }
        let version = r.read_u32("header")?;
        if !(oldest..=header.version).contains(&version) {
            let expected = match oldest == header.version {
                true => header.version.to_string(),
                false => format!("{oldest} to {}", header.version),
            };
            return Err(r.refuse(format!("format version {version}, expected {expected}")));
        }
        r.version = version;
        let name_len = u64::from(r.read_u32("header")?);
        if name_len > 4096 || name_len > size {
            return Err(r.refuse("corrupt header (name length)"));
        }
        let mut name = vec![0u8; name_len as usize];
        r.read(&mut name, "header")?;
        if name != header.name.as_bytes() {
            return Err(r.refuse(format!(
                "holds {} of '{}', not of '{}'",
                header.holds,
                String::from_utf8_lossy(&name),
                header.name
            )));
        }
        r.header_len = HEAD + name_len;
        Ok(Some(r))
    }

    /// The version of the file's format (what [`Reader::open_versions`]
    /// found).
    pub fn version(&self) -> u32 {
        self.version
    }

    /// The file's size in bytes, checksum included.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The header's length in bytes (what [`Reader::open`] read).
    pub fn header_len(&self) -> u64 {
        self.header_len
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Fills `buf` with the next bytes; `what` names the part being read
    /// in the error of a file that ends inside it.
    ///
    /// Errors: [`SeqError::Checkpoint`] for a file that ends there
    /// ([`DAMAGED`] unless its checksum matches), [`SeqError::Io`] for a
    /// failed read.
    pub fn read(&mut self, buf: &mut [u8], what: &str) -> Result<(), SeqError> {
        match self.input.read_exact(buf) {
            Ok(()) => {
                self.sum.write(buf);
                Ok(())
            }
            Err(e) if e.kind() == ErrorKind::UnexpectedEof => {
                Err(self.refuse(format!("truncated file (ends inside the {what})")))
            }
            Err(e) => Err(io_err(&self.path)(e)),
        }
    }

    /// The next four bytes as a little-endian `u32`.
    pub fn read_u32(&mut self, what: &str) -> Result<u32, SeqError> {
        let mut b = [0u8; 4];
        self.read(&mut b, what)?;
        Ok(u32::from_le_bytes(b))
    }

    /// The next eight bytes as a little-endian `u64`.
    pub fn read_u64(&mut self, what: &str) -> Result<u64, SeqError> {
        let mut b = [0u8; 8];
        self.read(&mut b, what)?;
        Ok(u64::from_le_bytes(b))
    }

    /// The error refusing this file for `reason`, found in a field read
    /// before the checksum (it names the file): the whole file's checksum
    /// is checked first, and a file whose checksum does not match is
    /// refused as damaged ([`DAMAGED`]) instead, since none of its fields
    /// can be believed (a flipped byte in the name must not make it
    /// another game's file).
    pub fn refuse(&self, reason: impl Into<String>) -> SeqError {
        damaged(&self.path).unwrap_or_else(|| bad(&self.path, reason))
    }

    /// The error refusing this file for `reason`, its checksum known to
    /// match or `reason` saying it does not.
    fn refuse_unchecked(&self, reason: impl Into<String>) -> SeqError {
        bad(&self.path, reason)
    }

    /// Reads the stored checksum, the file's last eight bytes, and
    /// compares it with that of every byte read.
    ///
    /// Errors: [`SeqError::Checkpoint`] when they differ ("the file is
    /// corrupt") or the file ends before it.
    pub fn finish(mut self) -> Result<(), SeqError> {
        let mut stored = [0u8; 8];
        self.input
            .read_exact(&mut stored)
            .map_err(|e| match e.kind() {
                ErrorKind::UnexpectedEof => {
                    bad(&self.path, "truncated file (ends inside the checksum)")
                }
                _ => io_err(&self.path)(e),
            })?;
        if u64::from_le_bytes(stored) != std::mem::take(&mut self.sum).finish() {
            return Err(bad(&self.path, DAMAGED));
        }
        Ok(())
    }
}

/// The header of a sequence checkpoint of the rule named `name`.
fn seq_header(name: &str) -> Header<'_> {
    Header {
        magic: MAGIC,
        version: VERSION,
        kind: "sequence",
        holds: "values",
        name,
    }
}

/// Writes `values` of `rule` to `path` atomically (temporary file, then
/// rename), in the format of version 2: one byte a heap, and the plane of
/// bit 8 and the wide table of the store ([`Values::parts`]).
pub fn save(path: &Path, rule: &HeapRule, values: &Values) -> Result<(), SeqError> {
    let name = rule.name();
    let mut out = Writer::create(path, &seq_header(&name))?;
    let (bytes, plane, heaps, wides) = values.parts();
    for count in [bytes.len(), plane.len(), heaps.len()] {
        out.write(&(count as u64).to_le_bytes())?;
    }
    for chunk in bytes.chunks(CHUNK) {
        out.write(chunk)?;
    }
    for words in plane.chunks(CHUNK / 8) {
        let buf: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        out.write(&buf)?;
    }
    for (&h, &v) in heaps.iter().zip(wides) {
        out.write(&(h as u64).to_le_bytes())?;
        out.write(&v.to_le_bytes())?;
    }
    out.commit()
}

/// Reads the values of `rule` from `path` (format version 2, or version 1
/// of earlier builds), refusing damaged files and files of another rule.
/// `Ok(None)` if the file does not exist.
pub fn load(path: &Path, rule: &HeapRule) -> Result<Option<Values>, SeqError> {
    let name = rule.name();
    let Some(mut input) = Reader::open_versions(path, &seq_header(&name), VERSION_U16)? else {
        return Ok(None);
    };
    let count = input.read_u64("header")?;
    let size = input.size();
    let counts = match input.version() {
        VERSION_U16 => None,
        _ => Some((input.read_u64("header")?, input.read_u64("header")?)),
    };
    // The bytes after the counts: two a value (version 1), or one a value,
    // eight a word of the plane and ten a wide value.
    let want = match counts {
        None => count.checked_mul(2),
        Some((planes, wide)) => planes
            .checked_mul(8)
            .zip(wide.checked_mul(10))
            .and_then(|(p, w)| p.checked_add(w))
            .and_then(|t| t.checked_add(count)),
    };
    let head = input.header_len() + if counts.is_some() { 24 } else { 8 };
    if want.and_then(|b| b.checked_add(head + 8)) != Some(size) {
        return Err(input.refuse(format!(
            "size {size} bytes does not match its {count} value{} (truncated or corrupt)",
            if count == 1 { "" } else { "s" }
        )));
    }
    let count = count as usize;
    let values = match counts {
        None => read_u16(&mut input, count)?,
        Some((planes, wide)) => read_parts(&mut input, count, planes as usize, wide as usize)?,
    };
    let path = input.path().to_path_buf();
    input.finish()?;
    if values.get(0).is_some_and(|v| v != 0) {
        return Err(bad(&path, "corrupt values (heap 0 must have value 0)"));
    }
    Ok(Some(values))
}

/// The values of a version 1 file: `count` u16.
fn read_u16(input: &mut Reader, count: usize) -> Result<Values, SeqError> {
    let mut values = Values::new();
    values
        .try_reserve_exact(count)
        .map_err(|_| input.refuse(format!("{count} values do not fit in memory")))?;
    let mut buf = vec![0u8; 2 * CHUNK];
    while values.len() < count {
        let take = (count - values.len()).min(CHUNK);
        input.read(&mut buf[..2 * take], "values")?;
        values.extend(
            buf[..2 * take]
                .chunks_exact(2)
                .map(|b| Value::from_le_bytes([b[0], b[1]])),
        );
    }
    Ok(values)
}

/// The values of a version 2 file: `count` bytes, `planes` words of bit
/// 8 and `wide` entries.
fn read_parts(
    input: &mut Reader,
    count: usize,
    planes: usize,
    wide: usize,
) -> Result<Values, SeqError> {
    let mut bytes = Vec::new();
    bytes
        .try_reserve_exact(count)
        .map_err(|_| input.refuse(format!("{count} values do not fit in memory")))?;
    bytes.resize(count, 0);
    for chunk in bytes.chunks_mut(CHUNK) {
        input.read(chunk, "values")?;
    }
    let mut plane = Vec::with_capacity(planes);
    let mut word = [0u8; 8];
    for _ in 0..planes {
        input.read(&mut word, "plane of bit 8")?;
        plane.push(u64::from_le_bytes(word));
    }
    let (mut heaps, mut wides) = (Vec::with_capacity(wide), Vec::with_capacity(wide));
    let mut entry = [0u8; 10];
    for _ in 0..wide {
        input.read(&mut entry, "table of wide values")?;
        let h = u64::from_le_bytes(entry[..8].try_into().expect("8 bytes"));
        heaps.push(usize::try_from(h).unwrap_or(usize::MAX));
        wides.push(Value::from_le_bytes([entry[8], entry[9]]));
    }
    Values::from_parts(bytes, plane, heaps, wides)
        .map_err(|e| input.refuse(format!("corrupt values: {e}")))
}

/// The lock file of checkpoint `path`: `FILE.lock` beside it.
pub fn lock_path(path: &Path) -> PathBuf {
    let mut lock = PathBuf::from(path);
    lock.as_mut_os_string().push(".lock");
    lock
}

/// Whether process `pid` is running. Known on Linux (`/proc`); elsewhere
/// every process is taken to be running, so a lock is never taken over
/// wrongly (a stale one is then removed by hand, as the error says).
pub fn process_alive(pid: u32) -> bool {
    if pid == std::process::id() {
        return true;
    }
    if cfg!(target_os = "linux") && Path::new("/proc/self").exists() {
        return Path::new("/proc").join(pid.to_string()).exists();
    }
    true
}

/// A checkpoint held by this process until dropped: its lock file
/// ([`lock_path`]) holds this process's id. Taking it also checks, before
/// any work, that the checkpoint can be written: its directory exists and
/// takes new files, and the path is not a directory or a device.
#[derive(Debug)]
pub struct Lock {
    lock: PathBuf,
}

impl Lock {
    /// Locks checkpoint `path` for this process.
    ///
    /// Errors: [`SeqError::Checkpoint`] when the path is a directory or
    /// not a regular file, when its directory takes no new file (the
    /// system's reason given), or when a running process holds the lock
    /// (its id given). A lock left by a process that is no longer running
    /// is replaced, and so is the half-written `FILE.tmp` it may have left.
    pub fn acquire(path: &Path) -> Result<Lock, SeqError> {
        if let Ok(meta) = fs::symlink_metadata(path) {
            if meta.is_dir() {
                return Err(bad(path, "it is a directory; name a file"));
            }
            if !meta.is_file() && !meta.file_type().is_symlink() {
                return Err(bad(path, "it is not a regular file (a device or a pipe)"));
            }
        }
        let lock = lock_path(path);
        let pid = std::process::id();
        // The id is written to a file of this process's own and linked into
        // place, so the lock never exists without its id in it.
        let mut mine = PathBuf::from(path);
        mine.as_mut_os_string().push(format!(".lock-{pid}"));
        let cannot = |e: std::io::Error| bad(path, format!("cannot write beside it: {e}"));
        fs::write(&mine, format!("{pid}\n")).map_err(cannot)?;
        let taken = Self::link(&mine, &lock, path);
        let _ = fs::remove_file(&mine);
        taken?;
        let _ = fs::remove_file(tmp_path(path));
        Ok(Lock { lock })
    }

    /// Links `mine` as `lock`, taking a stale lock over once.
    fn link(mine: &Path, lock: &Path, path: &Path) -> Result<(), SeqError> {
        for _ in 0..2 {
            match fs::hard_link(mine, lock) {
                Ok(()) => return Ok(()),
                Err(e) if e.kind() == ErrorKind::AlreadyExists => {
                    let holder = fs::read_to_string(lock)
                        .ok()
                        .and_then(|t| t.trim().parse::<u32>().ok());
                    match holder {
                        Some(pid) if process_alive(pid) => {
                            return Err(bad(
                                path,
                                format!(
                                    "in use by process {pid} (lock file {}); wait for that run to end, or remove the lock file if no grundy runs as that process",
                                    lock.display()
                                ),
                            ))
                        }
                        // Stale: its process has ended (or it holds no id).
                        _ => match fs::remove_file(lock) {
                            Ok(()) => {}
                            Err(e) if e.kind() == ErrorKind::NotFound => {}
                            Err(e) => return Err(io_err(lock)(e)),
                        },
                    }
                }
                // No hard links on this file system: create it directly.
                Err(_) => {
                    let mut f = fs::OpenOptions::new()
                        .write(true)
                        .create_new(true)
                        .open(lock)
                        .map_err(io_err(lock))?;
                    return writeln!(f, "{}", std::process::id()).map_err(io_err(lock));
                }
            }
        }
        Err(bad(path, "its lock file is being taken by another run"))
    }

    /// The lock file.
    pub fn path(&self) -> &Path {
        &self.lock
    }
}

impl Drop for Lock {
    /// Removes the lock file.
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.lock);
    }
}
