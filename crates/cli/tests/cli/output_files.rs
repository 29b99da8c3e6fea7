//! The files `seq` writes beside its outputs: `*.partial-PID.*` files
//! removed when a signal ends the run and cleaned when left by a process
//! that has ended; checkpoints checked before the work and locked against
//! a second run; `--checkpoint` refused where it would do nothing.

use crate::common::*;
use std::path::{Path, PathBuf};
use std::process::Command;

fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-outputs-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// The id of a process that has ended.
fn dead_pid() -> u32 {
    let mut child = Command::new("true").spawn().unwrap();
    let pid = child.id();
    child.wait().unwrap();
    pid
}

/// SIGTERM, SIGINT and SIGHUP end a run writing --values, --plot and a
/// checkpoint without leaving its partial files or its lock: SIGHUP at
/// once (the status says so), SIGTERM and SIGINT once the computation
/// has stopped and written its checkpoint (status 130; docs/cli.md).
#[test]
fn a_signal_leaves_no_partial_file() {
    use std::os::unix::process::ExitStatusExt;
    for (signal, number) in [("TERM", 15), ("INT", 2), ("HUP", 1)] {
        let dir = scratch(signal);
        let values = dir.join("v.txt");
        let plot = dir.join("p.svg");
        let ckpt = dir.join("v.ck");
        let mut child = spawn(&[
            "seq",
            "grundy-game",
            "-n",
            "3000000",
            "--threads",
            "1",
            "--values",
            values.to_str().unwrap(),
            "--plot",
            plot.to_str().unwrap(),
            "--checkpoint",
            ckpt.to_str().unwrap(),
        ]);
        // The run has begun once its lock is taken (after the partial
        // files are made); it then takes seconds.
        while !dir.join("v.ck.lock").exists() {
            assert!(child.try_wait().unwrap().is_none(), "the run ended early");
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        assert_eq!(names(&dir).len(), 3, "{:?}", names(&dir));
        Command::new("kill")
            .args([&format!("-{signal}"), &child.id().to_string()])
            .status()
            .unwrap();
        let status = child.wait().unwrap();
        if number == 1 {
            assert_eq!(status.signal(), Some(number), "{signal}: {status:?}");
            assert_eq!(names(&dir), Vec::<String>::new(), "{signal}");
        } else {
            assert_eq!(status.code(), Some(130), "{signal}: {status:?}");
            assert_eq!(names(&dir), vec!["v.ck".to_string()], "{signal}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// Partial files of a process that has ended (killed with SIGKILL) are
/// removed by the next run writing beside them; a running process's stay.
#[test]
fn stale_partial_files_are_cleaned_at_start() {
    let dir = scratch("stale");
    let stale = dir.join(format!("v.partial-{}.txt", dead_pid()));
    let live = dir.join(format!("v.partial-{}.txt", std::process::id()));
    let plot_stale = dir.join(format!("p.partial-{}.svg", dead_pid()));
    for f in [&stale, &live, &plot_stale] {
        std::fs::write(f, "0\n1\n").unwrap();
    }
    let values = dir.join("v.txt");
    let plot = dir.join("p.svg");
    ok(&[
        "seq",
        "kayles",
        "-n",
        "20",
        "--values",
        values.to_str().unwrap(),
        "--plot",
        plot.to_str().unwrap(),
    ]);
    let live_name = live.file_name().unwrap().to_string_lossy().into_owned();
    assert_eq!(
        names(&dir),
        vec!["p.svg".to_string(), live_name, "v.txt".to_string()]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A checkpoint that cannot be written is refused before the work (it
/// used to be found at the first save, after it).
#[test]
fn an_unwritable_checkpoint_is_refused_at_once() {
    let dir = scratch("unwritable");
    assert_status_2_naming(
        &[
            "seq",
            "octal",
            "--code",
            "0.6",
            "-n",
            "100000000000",
            "--checkpoint",
            "/no/such/dir/x.ck",
        ],
        "checkpoint /no/such/dir/x.ck: cannot write beside it: No such file or directory",
    );
    assert_status_2_naming(
        &[
            "seq",
            "kayles",
            "-n",
            "10",
            "--checkpoint",
            dir.to_str().unwrap(),
        ],
        "it is a directory; name a file",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A checkpoint locked by a running process is refused, naming it; a lock
/// left by a process that has ended is taken over and removed at the end.
#[test]
fn a_checkpoint_in_use_is_refused() {
    let dir = scratch("lock");
    let ckpt = dir.join("k.ck");
    let lock = dir.join("k.ck.lock");
    let args = words(
        "seq kayles -n 100 --summary --checkpoint",
        &[ckpt.to_str().unwrap()],
    );
    // This test process is running: its id holds the lock.
    std::fs::write(&lock, format!("{}\n", std::process::id())).unwrap();
    assert_status_2_naming(
        &args,
        &format!(
            "checkpoint {}: in use by process {}",
            ckpt.display(),
            std::process::id()
        ),
    );
    assert!(!ckpt.exists(), "the refused run wrote nothing");
    std::fs::write(&lock, format!("{}\n", dead_pid())).unwrap();
    ok(&args);
    assert_eq!(names(&dir), vec!["k.ck".to_string()]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--checkpoint` for a family whose values are not computed by the
/// sequence engine is an error before anything is computed, not ignored.
#[test]
fn checkpoint_where_nothing_is_checkpointed_is_refused() {
    let dir = scratch("formula");
    let ckpt = dir.join("n.ck");
    let ckpt = ckpt.to_str().unwrap();
    for game in [&["nim"][..], &["bash", "--max", "3"], &["lasker"]] {
        let mut args = vec!["seq"];
        args.extend_from_slice(game);
        args.extend_from_slice(&["-n", "10", "--checkpoint", ckpt]);
        assert_status_2_naming(
            &args,
            &format!(
                "--checkpoint {ckpt}: the values of {} come from a formula",
                game.join(" ")
            ),
        );
    }
    let rules =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/rules/subtraction.rhai");
    assert_status_2_naming(
        &[
            "seq",
            "--rules",
            rules.to_str().unwrap(),
            "-n",
            "10",
            "--checkpoint",
            ckpt,
        ],
        "the values of a rules file are not checkpointed",
    );
    assert_eq!(names(&dir), Vec::<String>::new());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--values -` writes the values alone to standard output, one per line,
/// the summary to standard error, and no file named `-`; beside `--json`
/// it is refused, since both would write to standard output.
#[test]
fn values_dash_is_standard_output() {
    let dir = scratch("dash");
    let o = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .current_dir(&dir)
        .args(["seq", "kayles", "-n", "12", "--values", "-"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "0\n1\n2\n3\n1\n4\n3\n2\n1\n4\n2\n6\n4\n");
    assert!(
        stderr(&o).contains("values written to standard output"),
        "{}",
        stderr(&o)
    );
    assert!(names(&dir).is_empty(), "{:?}", names(&dir));
    let o = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .current_dir(&dir)
        .args(["seq", "kayles", "-n", "12", "--values", "-", "--json"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--values -"), "{}", stderr(&o));
    assert!(names(&dir).is_empty(), "{:?}", names(&dir));
}
