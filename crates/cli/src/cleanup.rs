//! Files this process must not leave behind: the `*.partial-PID.*` files
//! `seq` writes before renaming them into place, and a checkpoint's lock
//! and half-written `FILE.tmp` (`seq`'s and `quotient`'s). Dropping a
//! [`crate::values_file::Pending`] removes its file on every ordinary
//! exit; this module covers the others:
//!
//! - SIGTERM, SIGINT and SIGHUP: the first file registered starts a thread
//!   (signal-hook's iterator, so nothing runs inside a signal handler)
//!   that, on one of them, removes every registered file and then ends the
//!   process as the signal would have (status 128 + its number in a
//!   shell). Inside [`stopping`], the first SIGINT or SIGTERM instead asks
//!   the computation to stop (it keeps its work, its checkpoint written),
//!   a second ends the process. SIGKILL cannot be caught: what it leaves
//!   is cleaned by the next run, below.
//! - [`remove_stale_partials`]: partial files of processes that are no
//!   longer running, removed when a new one is made beside them.

use grundy_sequence::checkpoint::process_alive;
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;
use std::ffi::OsStr;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering::SeqCst};
use std::sync::{Mutex, Once};

/// A file to remove if a signal ends the process.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry {
    file: PathBuf,
    /// A lock file that must hold this process's id for `file` to be
    /// removed: a checkpoint's files are another run's until this one has
    /// taken the lock.
    lock: Option<PathBuf>,
}

static FILES: Mutex<Vec<Entry>> = Mutex::new(Vec::new());
/// Inside [`stopping`], until its first signal.
static STOPPING: AtomicBool = AtomicBool::new(false);

/// Runs `f`, a computation that stops at the process's interrupt keeping
/// its work (`grundy_engine::interrupt`): a SIGINT or SIGTERM meanwhile
/// raises it, a second one ends the process.
pub fn stopping<R>(f: impl FnOnce() -> R) -> R {
    install();
    STOPPING.store(true, SeqCst);
    let r = f();
    STOPPING.store(false, SeqCst);
    r
}

/// Registers `path` for removal if a signal ends the process.
pub fn remove_on_signal(path: &Path) {
    add(Entry {
        file: path.to_path_buf(),
        lock: None,
    });
}

/// Registers `path` for removal if a signal ends the process while lock
/// file `lock` holds this process's id (`path` may be `lock` itself,
/// which is then removed after the files it guards).
pub fn remove_if_locked_on_signal(path: &Path, lock: &Path) {
    add(Entry {
        file: path.to_path_buf(),
        lock: Some(lock.to_path_buf()),
    });
}

/// Registers the files of checkpoint `path` (`seq` or `quotient`): its
/// lock and its half-written save (`FILE.tmp`) are removed if a signal
/// ends the process while this process holds the lock (they are another
/// run's before), the checkpoint itself never.
pub fn checkpoint_on_signal(path: &Path) {
    let lock = grundy_sequence::checkpoint::lock_path(path);
    remove_if_locked_on_signal(&grundy_sequence::checkpoint::tmp_path(path), &lock);
    remove_if_locked_on_signal(&lock, &lock);
}

/// Forgets `path` (renamed into place or removed already).
pub fn forget(path: &Path) {
    let mut files = FILES.lock().unwrap_or_else(|e| e.into_inner());
    files.retain(|e| e.file != path);
}

fn add(entry: Entry) {
    install();
    FILES.lock().unwrap_or_else(|e| e.into_inner()).push(entry);
}

/// Starts the thread that waits for the signals, once. If the signals
/// cannot be caught (no thread can be started), the files are simply not
/// removed on them, as before: nothing else changes.
fn install() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let Ok(mut signals) = Signals::new([SIGTERM, SIGINT, SIGHUP]) else {
            return;
        };
        let _ = std::thread::Builder::new()
            .name("cleanup".into())
            .spawn(move || {
                for signal in signals.forever() {
                    if signal != SIGHUP && STOPPING.swap(false, SeqCst) {
                        grundy_engine::interrupt::raise();
                        continue;
                    }
                    remove_all();
                    // Ends the process with the signal's default action.
                    let _ = signal_hook::low_level::emulate_default_handler(signal);
                    std::process::exit(128 + signal);
                }
            });
    });
}

/// Removes every registered file (locks last: the files they guard are
/// removed while the lock still says whose they are).
fn remove_all() {
    let mut files = FILES.lock().unwrap_or_else(|e| e.into_inner()).clone();
    files.sort_by_key(|e| e.lock.as_ref() == Some(&e.file));
    let me = std::process::id().to_string();
    for entry in &files {
        let mine = match &entry.lock {
            None => true,
            Some(lock) => fs::read_to_string(lock).is_ok_and(|t| t.trim() == me),
        };
        if mine {
            let _ = fs::remove_file(&entry.file);
        }
    }
}

/// The process id in `name` if it is the name of a partial file of
/// `stem` and `ext` (`stem.partial-PID.ext`, or `stem.partial-PID`
/// without an extension).
fn partial_pid(name: &OsStr, stem: &str, ext: Option<&str>) -> Option<u32> {
    let name = name.to_str()?;
    let rest = name.strip_prefix(stem)?.strip_prefix(".partial-")?;
    let digits = match ext {
        Some(ext) => rest.strip_suffix(ext)?.strip_suffix('.')?,
        None => rest,
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// Removes the partial files of `path` (`stem.partial-PID.ext` beside it)
/// left by processes that are no longer running (killed by SIGKILL, or on
/// a machine that went down). Files of running processes are left alone;
/// failures are ignored (the files are only clutter).
pub fn remove_stale_partials(path: &Path) {
    let (Some(stem), Some(dir)) = (
        path.file_stem().and_then(OsStr::to_str),
        path.parent().map(|d| {
            if d.as_os_str().is_empty() {
                Path::new(".")
            } else {
                d
            }
        }),
    ) else {
        return;
    };
    let ext = path.extension().and_then(OsStr::to_str);
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        if let Some(pid) = partial_pid(&entry.file_name(), stem, ext) {
            if !process_alive(pid) && entry.file_type().is_ok_and(|t| t.is_file()) {
                let _ = fs::remove_file(entry.path());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partial_names_are_recognised_exactly() {
        let pid = |n: &str, stem, ext| partial_pid(OsStr::new(n), stem, ext);
        assert_eq!(pid("v.partial-42.txt", "v", Some("txt")), Some(42));
        assert_eq!(pid("v.partial-42", "v", None), Some(42));
        assert_eq!(pid("v.partial-42.bin", "v", Some("txt")), None);
        assert_eq!(pid("w.partial-42.txt", "v", Some("txt")), None);
        assert_eq!(pid("v.partial-.txt", "v", Some("txt")), None);
        assert_eq!(pid("v.partial-4x2.txt", "v", Some("txt")), None);
        assert_eq!(pid("v.txt", "v", Some("txt")), None);
        assert_eq!(pid("v.partial-42.txt.bak", "v", Some("txt")), None);
    }

    #[test]
    fn stale_partials_go_and_live_ones_stay() {
        let dir = std::env::temp_dir().join(format!("grundy-stale-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let dead = child.id();
        child.wait().unwrap();
        let me = std::process::id();
        let stale = dir.join(format!("v.partial-{dead}.txt"));
        let live = dir.join(format!("v.partial-{me}.txt"));
        let other = dir.join(format!("w.partial-{dead}.txt"));
        for f in [&stale, &live, &other] {
            fs::write(f, "x").unwrap();
        }
        remove_stale_partials(&dir.join("v.txt"));
        assert!(!stale.exists());
        assert!(live.exists() && other.exists());
        fs::remove_dir_all(&dir).unwrap();
    }
}
