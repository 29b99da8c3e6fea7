//! Checkpoint files: the values computed so far, safe to resume from.
//!
//! # Format (version 1, all integers little-endian)
//! ```text
//! magic    10 bytes  "GRUNDYSEQ\n"
//! version   4 bytes  u32 = 1
//! name_len  4 bytes  u32
//! name      name_len bytes, the rule's name (HeapRule::name, e.g. "octal 0.6")
//! count     8 bytes  u64, number of values (heaps 0..count)
//! values    2 * count bytes, u16 each
//! checksum  8 bytes  u64, `Checksum` of every byte above
//! ```
//! Files are written to `FILE.tmp` and renamed over `FILE`, so a crash
//! leaves either the old or the new checkpoint, never a mix. A file that is
//! too short or too long, has a wrong checksum, another version or another
//! rule is refused with an error naming the problem.
//!
//! A checkpoint in use is locked ([`Lock`]): `FILE.lock` beside it holds
//! the process id of the run using it, so a second run on the same file is
//! refused before it starts instead of overwriting the first one's saves.
//! A lock whose process is no longer running is stale and taken over.

use crate::{HeapRule, SeqError, Value};
use std::fs::{self, File};
use std::io::{BufReader, BufWriter, ErrorKind, Read, Write};
use std::path::{Path, PathBuf};

const MAGIC: &[u8; 10] = b"GRUNDYSEQ\n";
const VERSION: u32 = 1;
/// Values converted per buffered write or read.
const CHUNK: usize = 1 << 16;

/// A 64-bit checksum of a byte stream, for detecting damage (not attacks).
struct Checksum {
    state: u64,
    pending: [u8; 8],
    len: usize,
}

impl Checksum {
    fn new() -> Checksum {
        Checksum {
            state: 0x243F_6A88_85A3_08D3,
            pending: [0; 8],
            len: 0,
        }
    }

    fn mix(&mut self, word: u64) {
        self.state = (self.state.rotate_left(23) ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }

    fn write(&mut self, mut bytes: &[u8]) {
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

    fn finish(mut self) -> u64 {
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

fn bad(path: &Path, reason: impl Into<String>) -> SeqError {
    SeqError::Checkpoint {
        path: path.to_path_buf(),
        reason: reason.into(),
    }
}

fn header(rule: &HeapRule, count: usize) -> Vec<u8> {
    let name = rule.name();
    let mut h = Vec::with_capacity(26 + name.len());
    h.extend_from_slice(MAGIC);
    h.extend_from_slice(&VERSION.to_le_bytes());
    h.extend_from_slice(&(name.len() as u32).to_le_bytes());
    h.extend_from_slice(name.as_bytes());
    h.extend_from_slice(&(count as u64).to_le_bytes());
    h
}

/// Writes `values` of `rule` to `path` atomically (temporary file, then rename).
pub fn save(path: &Path, rule: &HeapRule, values: &[Value]) -> Result<(), SeqError> {
    let mut tmp = PathBuf::from(path);
    tmp.as_mut_os_string().push(".tmp");
    let file = File::create(&tmp).map_err(io_err(&tmp))?;
    let mut out = BufWriter::with_capacity(1 << 20, file);
    let mut sum = Checksum::new();
    let head = header(rule, values.len());
    sum.write(&head);
    out.write_all(&head).map_err(io_err(&tmp))?;
    let mut buf = Vec::with_capacity(2 * CHUNK);
    for chunk in values.chunks(CHUNK) {
        buf.clear();
        buf.extend(chunk.iter().flat_map(|v| v.to_le_bytes()));
        sum.write(&buf);
        out.write_all(&buf).map_err(io_err(&tmp))?;
    }
    out.write_all(&sum.finish().to_le_bytes())
        .map_err(io_err(&tmp))?;
    let file = out.into_inner().map_err(|e| io_err(&tmp)(e.into_error()))?;
    file.sync_all().map_err(io_err(&tmp))?;
    std::fs::rename(&tmp, path).map_err(io_err(path))?;
    Ok(())
}

fn read_exact(
    input: &mut impl Read,
    buf: &mut [u8],
    path: &Path,
    what: &str,
) -> Result<(), SeqError> {
    input.read_exact(buf).map_err(|e| match e.kind() {
        std::io::ErrorKind::UnexpectedEof => {
            bad(path, format!("truncated file (ends inside the {what})"))
        }
        _ => io_err(path)(e),
    })
}

/// Reads the values of `rule` from `path`, refusing damaged files and files
/// of another rule. `Ok(None)` if the file does not exist.
pub fn load(path: &Path, rule: &HeapRule) -> Result<Option<Vec<Value>>, SeqError> {
    let file = match File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io_err(path)(e)),
    };
    let size = file.metadata().map_err(io_err(path))?.len();
    let mut input = BufReader::with_capacity(1 << 20, file);
    let mut sum = Checksum::new();
    let mut magic = [0u8; 10];
    read_exact(&mut input, &mut magic, path, "header")?;
    if &magic != MAGIC {
        return Err(bad(
            path,
            "not a grundy sequence checkpoint (bad magic bytes)",
        ));
    }
    sum.write(&magic);
    let mut word = [0u8; 4];
    read_exact(&mut input, &mut word, path, "header")?;
    sum.write(&word);
    let version = u32::from_le_bytes(word);
    if version != VERSION {
        return Err(bad(
            path,
            format!("format version {version}, expected {VERSION}"),
        ));
    }
    read_exact(&mut input, &mut word, path, "header")?;
    sum.write(&word);
    let name_len = u32::from_le_bytes(word) as u64;
    if name_len > 4096 || name_len > size {
        return Err(bad(path, "corrupt header (name length)"));
    }
    let mut name = vec![0u8; name_len as usize];
    read_exact(&mut input, &mut name, path, "header")?;
    sum.write(&name);
    let expected = rule.name();
    if name != expected.as_bytes() {
        return Err(bad(
            path,
            format!(
                "holds values of '{}', not of '{expected}'",
                String::from_utf8_lossy(&name)
            ),
        ));
    }
    let mut count = [0u8; 8];
    read_exact(&mut input, &mut count, path, "header")?;
    sum.write(&count);
    let count = u64::from_le_bytes(count);
    let header_len = 26 + name_len;
    let want = count
        .checked_mul(2)
        .and_then(|b| b.checked_add(header_len + 8));
    if want != Some(size) {
        return Err(bad(
            path,
            format!(
                "size {size} bytes does not match its {count} value{} (truncated or corrupt)",
                if count == 1 { "" } else { "s" }
            ),
        ));
    }
    let count = count as usize;
    let mut values = Vec::with_capacity(count);
    let mut buf = vec![0u8; 2 * CHUNK];
    while values.len() < count {
        let take = (count - values.len()).min(CHUNK);
        read_exact(&mut input, &mut buf[..2 * take], path, "values")?;
        sum.write(&buf[..2 * take]);
        values.extend(
            buf[..2 * take]
                .chunks_exact(2)
                .map(|b| u16::from_le_bytes([b[0], b[1]])),
        );
    }
    let mut stored = [0u8; 8];
    read_exact(&mut input, &mut stored, path, "checksum")?;
    if u64::from_le_bytes(stored) != sum.finish() {
        return Err(bad(path, "checksum mismatch (the file is corrupt)"));
    }
    if values.first().is_some_and(|&v| v != 0) {
        return Err(bad(path, "corrupt values (heap 0 must have value 0)"));
    }
    Ok(Some(values))
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
        let mut tmp = PathBuf::from(path);
        tmp.as_mut_os_string().push(".tmp");
        let _ = fs::remove_file(tmp);
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
