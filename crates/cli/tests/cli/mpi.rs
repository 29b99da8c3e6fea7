//! `--mpi` under `mpirun` (built only with the `mpi` feature; CI runs it
//! with Open MPI): on 1, 2 and 3 ranks, `seq` writes the values file of
//! the one-machine run byte for byte and `survey` prints its lines (times
//! aside); a checkpoint of a run on 2 ranks resumes on 3; a rank killed
//! with SIGKILL ends the run with an error and a checkpoint that resumes
//! to the one-machine values.

use crate::common::grundy;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Why a test fails when `mpirun` does not start.
const MPIRUN_MISSING: &str = "mpirun must be installed to run the MPI tests (Debian: openmpi-bin)";

/// `mpirun -np P grundy ARGS --mpi`, allowed to run as root (CI runs as
/// root) and to put more ranks than cores on this machine.
fn mpirun(np: usize, args: &[&str]) -> Command {
    let mut c = Command::new("mpirun");
    c.args(["--oversubscribe", "-np", &np.to_string()])
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .arg("--mpi")
        .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
        .stdin(Stdio::null());
    c
}

/// Runs `mpirun`, failing the test (never hanging it) after `limit`.
fn run(mut c: Command, limit: Duration) -> Output {
    let mut child = c
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect(MPIRUN_MISSING);
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("mpirun ran past {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn temp(name: &str) -> PathBuf {
    let p = std::env::temp_dir().join(format!("grundy-mpi-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&p);
    p
}

fn ok(o: &Output) -> String {
    assert!(
        o.status.success(),
        "failed ({:?}): {}",
        o.status,
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

const LIMIT: Duration = Duration::from_secs(120);

#[test]
fn seq_values_files_are_the_one_machine_files_on_1_2_and_3_ranks() {
    for (game, n) in [
        (&["octal", "--code", "0.6"][..], "120000"),
        (&["octal", "--code", "0.007"][..], "60000"),
        (&["grundy-game"][..], "60000"),
        (&["kayles"][..], "60000"),
    ] {
        let alone = temp("alone.bin");
        let mut args = vec!["seq"];
        args.extend_from_slice(game);
        args.extend(["-n", n, "--values", alone.to_str().unwrap()]);
        ok(&grundy(&args));
        let expected = std::fs::read(&alone).unwrap();
        for np in 1..=3 {
            let file = temp(&format!("np{np}.bin"));
            let mut args = vec!["seq"];
            args.extend_from_slice(game);
            args.extend(["-n", n, "--values", file.to_str().unwrap()]);
            let out = ok(&run(mpirun(np, &args), LIMIT));
            assert!(out.contains("summary of heaps"), "{game:?}: {out}");
            assert!(
                std::fs::read(&file).unwrap() == expected,
                "{game:?} to {n} on {np} ranks differs from one machine"
            );
            std::fs::remove_file(&file).unwrap();
        }
        std::fs::remove_file(&alone).unwrap();
    }
}

/// The survey's JSON lines without their `seconds`.
fn timeless(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
            v.as_object_mut().unwrap().remove("seconds");
            v
        })
        .collect()
}

#[test]
fn survey_lines_are_the_one_machine_lines_on_1_2_and_3_ranks() {
    let args = [
        "survey",
        "--codes",
        "0.xy,0.6,0.137,4.7,0.F3",
        "-n",
        "20000",
        "--json",
    ];
    let expected = timeless(&ok(&grundy(&args)));
    assert_eq!(expected.len(), 67);
    assert_eq!(expected[64]["code"], "0.137");
    assert_eq!(expected[64]["period"], 34);
    for np in 1..=3 {
        let got = timeless(&ok(&run(mpirun(np, &args), LIMIT)));
        assert!(got == expected, "survey on {np} ranks differs");
    }
}

#[test]
fn misere_survey_lines_are_the_one_machine_lines_on_1_2_and_3_ranks() {
    let args = [
        "survey",
        "--misere",
        "--codes",
        "0.xy,4.7,0.F3",
        "--max-heap",
        "8",
        "--json",
    ];
    let expected = timeless(&ok(&grundy(&args)));
    assert_eq!(expected.len(), 66);
    assert_eq!(expected[0]["code"], "0.00");
    for np in 1..=3 {
        let got = timeless(&ok(&run(mpirun(np, &args), LIMIT)));
        assert!(got == expected, "misère survey on {np} ranks differs");
    }
    // Resumed across ranks from a checkpoint made on one machine: the
    // lines it holds, byte for byte.
    let ckpt = temp("misere-survey");
    let mut kept = args.to_vec();
    kept.extend(["--checkpoint", ckpt.to_str().unwrap()]);
    let first = ok(&grundy(&kept));
    assert_eq!(ok(&run(mpirun(3, &kept), LIMIT)), first);
    std::fs::remove_file(&ckpt).unwrap();
}

/// Resumes the checkpoint `ckpt` of Officers (0.6) to heap `n` on 3
/// ranks, asserts that its values file is the one-machine run's byte for
/// byte, and removes the three files (`tag` names the two values files).
fn resumes_on_three_ranks_to_the_one_machine_values(ckpt: &Path, n: &str, tag: &str) {
    let officers = ["seq", "octal", "--code", "0.6", "-n", n];
    let values = temp(&format!("{tag}-resumed.bin"));
    let mut args = officers.to_vec();
    args.extend(["--checkpoint", ckpt.to_str().unwrap()]);
    args.extend(["--values", values.to_str().unwrap()]);
    ok(&run(mpirun(3, &args), LIMIT));
    let alone = temp(&format!("{tag}-alone.bin"));
    let mut args = officers.to_vec();
    args.extend(["--values", alone.to_str().unwrap()]);
    ok(&grundy(&args));
    assert!(std::fs::read(&values).unwrap() == std::fs::read(&alone).unwrap());
    for p in [ckpt, &values, &alone] {
        std::fs::remove_file(p).unwrap();
    }
}

#[test]
fn a_checkpoint_of_two_ranks_resumes_on_three() {
    let ckpt = temp("resume.ckpt");
    let c = ckpt.to_str().unwrap();
    let n = "400000";
    let stopped = run(
        mpirun(
            2,
            &[
                "seq",
                "octal",
                "--code",
                "0.6",
                "-n",
                n,
                "--checkpoint",
                c,
                "--time-limit",
                "0.3",
                "--summary",
            ],
        ),
        LIMIT,
    );
    assert_eq!(
        stopped.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&stopped.stderr)
    );
    let said = String::from_utf8_lossy(&stopped.stderr);
    assert!(said.contains("time limit"), "{said}");
    assert!(ckpt.exists(), "no checkpoint after the time limit");
    resumes_on_three_ranks_to_the_one_machine_values(&ckpt, n, "resume");
}

#[test]
fn a_rank_killed_ends_the_run_with_an_error_and_a_resumable_checkpoint() {
    let ckpt = temp("kill.ckpt");
    let c = ckpt.to_str().unwrap();
    let mut child = mpirun(
        2,
        &[
            "seq",
            "octal",
            "--code",
            "0.6",
            "-n",
            "3000000",
            "--checkpoint",
            c,
            "--checkpoint-every",
            "0.05",
            "--summary",
        ],
    )
    .stdout(Stdio::piped())
    .stderr(Stdio::piped())
    .spawn()
    .expect(MPIRUN_MISSING);
    let start = Instant::now();
    while !ckpt.exists() {
        assert!(start.elapsed() < LIMIT, "no checkpoint written");
        assert!(
            child.try_wait().unwrap().is_none(),
            "the run ended before its first checkpoint"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    std::thread::sleep(Duration::from_millis(200));
    // The ranks are grundy processes under mpirun: kill the last one.
    let ranks = Command::new("pgrep")
        .args(["-P", &child.id().to_string(), "grundy"])
        .output()
        .unwrap();
    let pids: Vec<String> = String::from_utf8_lossy(&ranks.stdout)
        .split_whitespace()
        .map(String::from)
        .collect();
    assert_eq!(pids.len(), 2, "ranks under mpirun: {pids:?}");
    let killed = Command::new("kill")
        .args(["-9", &pids[1]])
        .status()
        .unwrap();
    assert!(killed.success());
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > LIMIT {
            let _ = child.kill();
            panic!("mpirun went on after a rank was killed");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    assert!(!out.status.success(), "a run with a killed rank succeeded");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("signal 9") || said.contains("Killed"),
        "{said}"
    );
    // The checkpoint resumes, on a different number of ranks, to the
    // one-machine values.
    let n = "500000";
    resumes_on_three_ranks_to_the_one_machine_values(&ckpt, n, "kill");
}

#[test]
fn batch_answers_are_the_one_machine_answers_on_1_2_and_3_ranks() {
    use std::io::Write;
    // Lines of several kinds: answers, bad input, a misère sum through
    // the quotient; enough to fill several chunks.
    let mut input = String::new();
    for i in 0..700 {
        input.push_str(&match i % 4 {
            0 => format!("{} {}\n", i % 37, i % 11),
            1 => "x y\n".to_string(),
            2 => format!("{}\n", 1000 + i),
            _ => format!("{} {} {}\n", i % 5, i % 7, i % 9),
        });
    }
    let batch = |c: &mut Command| -> Output {
        let mut child = c
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect(MPIRUN_MISSING);
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        child.wait_with_output().unwrap()
    };
    let alone = batch(Command::new(env!("CARGO_BIN_EXE_grundy")).args(["batch", "kayles"]));
    assert_eq!(alone.status.code(), Some(2), "the bad lines give status 2");
    assert_eq!(String::from_utf8_lossy(&alone.stdout).lines().count(), 700);
    for np in 1..=3 {
        let got = batch(&mut mpirun(np, &["batch", "kayles"]));
        assert_eq!(got.status.code(), alone.status.code(), "{np} ranks");
        assert!(got.stdout == alone.stdout, "batch on {np} ranks differs");
    }
}

/// `examples/rules/NAME` from the test's directory.
fn example(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/rules")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

#[test]
fn loopy_analyses_are_the_one_machine_analyses_on_1_2_and_3_ranks() {
    let cycles = example("cycles.rhai");
    let edges = "a-b,b-c,c-a,c-d,a-d,d-e,e-d,b-f";
    let cases: Vec<Vec<&str>> = vec![
        vec![
            "ring", "--n", "300", "--a", "3,7,11", "--b", "2,5", "17", "B",
        ],
        vec![
            "ring",
            "--n",
            "300",
            "--a",
            "3,7,11",
            "--b",
            "2,5",
            "--outcome-only",
        ],
        vec!["graph", "--edges", edges, "a,b,c", "--misere"],
        vec![
            "graph",
            "--edges",
            edges,
            "a,f",
            "--misere",
            "--max-moves",
            "1",
        ],
        vec!["graph", "--edges", edges, "a,b"],
        vec!["--rules", &cycles, "7"],
        vec!["--rules", &cycles, "5", "--misere"],
    ];
    for case in &cases {
        for json in [false, true] {
            let mut args = vec!["analyze"];
            args.extend_from_slice(case);
            if json {
                args.push("--json");
            }
            let alone = ok(&grundy(&args));
            for np in 1..=3 {
                let got = ok(&run(mpirun(np, &args), LIMIT));
                assert!(
                    got == alone,
                    "{args:?} on {np} ranks:\n{got}\nalone:\n{alone}"
                );
            }
        }
    }
}

#[test]
fn loopy_errors_end_every_rank_as_one_machine_does() {
    let cycles = example("cycles.rhai");
    // The state limit counts every rank's positions; a game that cannot
    // repeat is refused; --explain is refused.
    for args in [
        &["analyze", "--rules", &cycles, "7", "--max-states", "5"][..],
        &["analyze", "nim", "3", "4"][..],
        &[
            "analyze",
            "graph",
            "--edges",
            "a-b,b-a",
            "a",
            "--misere",
            "--explain",
        ][..],
    ] {
        let alone = grundy(args);
        for np in 1..=3 {
            let got = run(mpirun(np, args), LIMIT);
            assert_eq!(got.status.code(), Some(2), "{args:?} on {np} ranks");
            assert!(got.stdout.is_empty(), "{args:?} on {np} ranks");
            let said = String::from_utf8_lossy(&got.stderr);
            if !args.contains(&"--explain") && !args.contains(&"nim") {
                let one = String::from_utf8_lossy(&alone.stderr);
                assert!(said.contains(one.trim()), "{args:?}: {said} vs {one}");
            }
        }
    }
}
