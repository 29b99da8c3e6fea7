//! The progress bar of the long commands, as a user sees it: drawn on
//! stderr when stderr is a terminal (here a pseudo-terminal) and the run
//! has lasted 2 seconds, counting from the work resumed from a
//! checkpoint; nothing drawn when stderr is a pipe.

use crate::common::{stdout, words};
use std::io::Read;
use std::os::fd::{FromRawFd, OwnedFd};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A pseudo-terminal of 120 columns: (its master, its slave).
fn pty() -> (std::fs::File, OwnedFd) {
    // SAFETY: plain calls on descriptors this function opens and owns;
    // `name` is a NUL-terminated buffer as ptsname_r requires.
    unsafe {
        let master = libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY);
        assert!(master >= 0, "posix_openpt");
        assert_eq!(libc::grantpt(master), 0, "grantpt");
        assert_eq!(libc::unlockpt(master), 0, "unlockpt");
        let mut name = [0 as libc::c_char; 256];
        assert_eq!(
            libc::ptsname_r(master, name.as_mut_ptr(), name.len()),
            0,
            "ptsname_r"
        );
        let slave = libc::open(name.as_ptr(), libc::O_RDWR | libc::O_NOCTTY);
        assert!(slave >= 0, "open the slave");
        let size = libc::winsize {
            ws_row: 40,
            ws_col: 120,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        assert_eq!(
            libc::ioctl(slave, libc::TIOCSWINSZ, &size),
            0,
            "window size"
        );
        (
            std::fs::File::from_raw_fd(master),
            OwnedFd::from_raw_fd(slave),
        )
    }
}

/// A running `grundy`, its stderr collected as it comes.
struct Run {
    child: Child,
    err: Arc<Mutex<Vec<u8>>>,
    reader: std::thread::JoinHandle<()>,
}

/// Starts `grundy args...`, stdout piped, stderr on a pseudo-terminal
/// (`terminal`) or a pipe.
fn start(args: &[&str], terminal: bool) -> Run {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_grundy"));
    cmd.args(args).stdin(Stdio::null()).stdout(Stdio::piped());
    let err = Arc::new(Mutex::new(Vec::new()));
    let (child, mut from): (Child, Box<dyn Read + Send>) = if terminal {
        let (master, slave) = pty();
        let child = cmd.stderr(Stdio::from(slave)).spawn().expect("grundy runs");
        // The slave's copy here went to the child and is closed: the
        // master reads an error once the child has exited.
        (child, Box::new(master))
    } else {
        let mut child = cmd.stderr(Stdio::piped()).spawn().expect("grundy runs");
        let from = child.stderr.take().unwrap();
        (child, Box::new(from))
    };
    let into = Arc::clone(&err);
    let reader = std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(k) = from.read(&mut buf) {
            if k == 0 {
                break;
            }
            into.lock().unwrap().extend_from_slice(&buf[..k]);
        }
    });
    Run { child, err, reader }
}

impl Run {
    /// stderr so far, as text.
    fn err(&self) -> String {
        String::from_utf8_lossy(&self.err.lock().unwrap()).into_owned()
    }

    /// Waits (at most a minute) until stderr holds `text`; whether it
    /// came.
    fn wait_for(&self, text: &str) -> bool {
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(60) {
            if self.err().contains(text) {
                return true;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        false
    }

    /// Stops the run with SIGINT: (status, stdout, stderr).
    fn interrupt(self) -> (Option<i32>, String, String) {
        let pid = libc::pid_t::try_from(self.child.id()).unwrap();
        // SAFETY: a signal to the child this test started and has not
        // waited for yet.
        unsafe {
            libc::kill(pid, libc::SIGINT);
        }
        let out = self.child.wait_with_output().unwrap();
        self.reader.join().unwrap();
        let err = String::from_utf8_lossy(&self.err.lock().unwrap()).into_owned();
        (out.status.code(), stdout(&out), err)
    }
}

/// Runs `grundy args...` with stderr on a pseudo-terminal until stderr
/// shows each of `shown` (at most a minute each), then stops it with
/// SIGINT: (stdout, stderr).
fn drawn(args: &[&str], shown: &[&str]) -> (String, String) {
    let run = start(args, true);
    for text in shown {
        assert!(
            run.wait_for(text),
            "{args:?}: no {text:?} on the terminal: {:?}",
            run.err()
        );
    }
    let (status, out, err) = run.interrupt();
    assert_eq!(status, Some(130), "{args:?}: {err}");
    (out, err)
}

/// Removes checkpoint `file`, its lock and its save.
fn remove(file: &str) {
    for suffix in ["", ".lock", ".tmp"] {
        let _ = std::fs::remove_file(format!("{file}{suffix}"));
    }
}

/// A survey of two codes proven in a few hundred heaps, then Officers
/// (0.6), which shows no period for hours.
const SURVEY: &str = "survey --codes 0.07,0.137,0.6 -n 100000000 --threads 1";

/// Officers to 10^8 heaps: minutes.
const SEQ: &str = "seq octal --code 0.6 -n 100000000";

#[test]
fn survey_draws_its_codes_on_a_terminal_and_resumes_counting_from_the_kept() {
    let file = std::env::temp_dir()
        .join(format!("grundy-bar-{}-survey", std::process::id()))
        .display()
        .to_string();
    remove(&file);
    let args = words(SURVEY, &["--checkpoint", &file]);
    let (out, _) = drawn(&args, &["2/3 codes", "under way: 0.6"]);
    // The bar went to stderr only; stdout holds the table's lines whole.
    assert_eq!(out.lines().count(), 3, "{out}");
    assert!(out.lines().all(|l| !l.contains("codes")), "{out}");
    // Resumed: the two kept lines are counted from the start, and the
    // speed is that of the codes surveyed since (none yet), not of the
    // two kept lines taken in no time.
    let (_, err) = drawn(&args, &["2/3 codes"]);
    remove(&file);
    assert!(
        !err.contains("0/3 codes") && !err.contains("1/3 codes"),
        "{err}"
    );
    let speeds: Vec<&str> = err
        .split("codes, ")
        .skip(1)
        .filter_map(|s| s.split('/').next())
        .collect();
    assert!(!speeds.is_empty(), "{err}");
    for s in speeds {
        let speed: f64 = s
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{s:?} in {err}"));
        assert!(speed < 0.5, "{speed} codes a second after a resume: {err}");
    }
}

#[test]
fn misere_survey_and_seq_draw_their_counts_on_a_terminal() {
    let misere = "survey --misere --codes 0.75,0.6 --max-heap 10000 --threads 1";
    drawn(&words(misere, &[]), &["1/2 codes", "under way: 0.6"]);
    drawn(&words(SEQ, &[]), &[" heaps, "]);
}

#[test]
fn nothing_is_drawn_when_stderr_is_a_pipe() {
    for (args, unit) in [(SURVEY, "codes"), (SEQ, "heaps")] {
        let args = words(args, &[]);
        let run = start(&args, false);
        // Past the 2 seconds after which a terminal shows the bar.
        std::thread::sleep(Duration::from_secs(4));
        let (status, _, err) = run.interrupt();
        assert_eq!(status, Some(130), "{args:?}: {err}");
        assert!(
            !err.contains(&format!(" {unit}, ")) && !err.contains('\r') && !err.contains('\x1b'),
            "{args:?} drew on a pipe: {err:?}"
        );
        // Only the message of the interrupt.
        assert_eq!(err.lines().count(), 1, "{args:?}: {err:?}");
    }
}
