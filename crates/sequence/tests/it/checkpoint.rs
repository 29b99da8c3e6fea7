//! Checkpoints: round trips, refusal of damaged or foreign files, and a real
//! process killed mid-run and resumed.

use grundy_sequence::checkpoint::{Checksum, DAMAGED};
use grundy_sequence::{compute, Control, HeapRule, Method, SeqError, Sequence, TakeBreak, Value};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

fn rule(code: &str) -> HeapRule {
    TakeBreak::parse(code).unwrap().into()
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-seq-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn plain(method: Method) -> Control {
    Control {
        method,
        threads: 2,
        use_period: false,
        ..Control::default()
    }
}

fn checkpoint_error(path: &Path, r: HeapRule) -> String {
    match Sequence::resume_or_new(r, path) {
        Err(e @ SeqError::Checkpoint { .. }) => e.to_string(),
        Err(e) => panic!("unexpected error {e}"),
        Ok(_) => panic!("damaged checkpoint accepted"),
    }
}

#[test]
fn resuming_gives_the_uninterrupted_values() {
    let path = temp("resume.seq");
    let full = compute(rule("0.6"), 5000, &plain(Method::Rc)).unwrap();
    let mut first = Sequence::new(rule("0.6"));
    first.extend_to(1234, &plain(Method::Rc)).unwrap();
    first.save(&path).unwrap();
    for method in [Method::Rc, Method::Parallel, Method::Naive] {
        let mut resumed = Sequence::resume_or_new(rule("0.6"), &path).unwrap();
        assert_eq!(resumed.values().len(), 1235);
        resumed.extend_to(5000, &plain(method)).unwrap();
        assert_eq!(resumed.values(), full.values(), "{method:?}");
    }
    // A missing file starts afresh.
    let fresh = Sequence::resume_or_new(rule("0.6"), &temp("absent.seq")).unwrap();
    assert!(fresh.values().is_empty());
}

#[test]
fn compute_writes_and_reuses_its_checkpoint() {
    let path = temp("compute.seq");
    let ctl = Control {
        checkpoint: Some(path.clone()),
        ..plain(Method::Rc)
    };
    let a = compute(HeapRule::GrundyGame, 3000, &ctl).unwrap();
    let b = compute(HeapRule::GrundyGame, 4000, &ctl).unwrap();
    assert_eq!(&b.values().to_vec()[..=3000], a.values().to_vec());
    let c = compute(HeapRule::GrundyGame, 4000, &plain(Method::Naive)).unwrap();
    assert_eq!(b.values(), c.values());
}

#[test]
fn damaged_or_foreign_files_are_refused() {
    let path = temp("damage.seq");
    let seq = compute(rule("0.6"), 2000, &plain(Method::Rc)).unwrap();
    seq.save(&path).unwrap();
    let good = std::fs::read(&path).unwrap();

    let msg = checkpoint_error(&path, rule("0.77"));
    assert!(
        msg.contains("octal 0.6") && msg.contains("octal 0.77"),
        "{msg}"
    );

    std::fs::write(&path, &good[..good.len() - 100]).unwrap();
    assert!(checkpoint_error(&path, rule("0.6")).contains("truncated"));

    std::fs::write(&path, &good[..20]).unwrap();
    assert!(checkpoint_error(&path, rule("0.6")).contains("truncated"));

    let mut flipped = good.clone();
    flipped[1000] ^= 4;
    std::fs::write(&path, &flipped).unwrap();
    assert!(checkpoint_error(&path, rule("0.6")).contains("checksum"));

    // A byte more: the last eight are no longer the checksum.
    let mut extra = good.clone();
    extra.push(0);
    std::fs::write(&path, &extra).unwrap();
    assert!(checkpoint_error(&path, rule("0.6")).contains("checksum"));

    // A file of another format version (bytes 10..14), as an older or a
    // newer grundy would write it (whole, its checksum right): refused by
    // its version.
    for version in [0u32, 3] {
        let mut other = good.clone();
        other[10..14].copy_from_slice(&version.to_le_bytes());
        reseal(&mut other);
        std::fs::write(&path, &other).unwrap();
        let msg = checkpoint_error(&path, rule("0.6"));
        assert!(
            msg.contains(&format!("format version {version}, expected 1 to 2")),
            "{msg}"
        );
    }

    std::fs::write(&path, b"hello world, not a checkpoint at all").unwrap();
    assert!(checkpoint_error(&path, rule("0.6")).contains("magic"));

    std::fs::write(&path, &good).unwrap();
    assert_eq!(
        Sequence::resume_or_new(rule("0.6"), &path)
            .unwrap()
            .values(),
        seq.values()
    );
}

/// A checkpoint of `values` of `rule` in the format earlier builds wrote
/// (version 1: two bytes a value), made by hand.
fn version_1(rule: &HeapRule, values: &[Value]) -> Vec<u8> {
    let name = rule.name();
    let mut bytes = b"GRUNDYSEQ\n".to_vec();
    bytes.extend(1u32.to_le_bytes());
    bytes.extend((name.len() as u32).to_le_bytes());
    bytes.extend(name.as_bytes());
    bytes.extend((values.len() as u64).to_le_bytes());
    bytes.extend(values.iter().flat_map(|v| v.to_le_bytes()));
    bytes.extend([0; 8]);
    reseal(&mut bytes);
    bytes
}

/// Checkpoints are one byte a heap, an eighth more once a value reaches
/// 256, ten more for each value of 511 or more; the two-byte files of
/// earlier builds are still resumed, large values included, and a save
/// writes them in the new form.
#[test]
fn checkpoints_take_a_byte_a_heap_and_old_ones_are_read() {
    let path = temp("bytes.seq");
    // Made-up values, checked for what is stored, not for the game.
    let r = rule("0.6");
    let seq = compute(r.clone(), 3000, &plain(Method::Rc)).unwrap();
    let mut values = seq.values().to_vec();
    values[1000] = 300;
    values[2999] = 65535;
    values[5] = 255;
    std::fs::write(&path, version_1(&r, &values)).unwrap();
    let old = Sequence::resume_or_new(r.clone(), &path).unwrap();
    assert_eq!(old.values().to_vec(), values);
    // 65535 alone is in the table (511 or more); 300 has bit 8.
    assert_eq!(old.values().wide_count(), 1);
    old.save(&path).unwrap();
    let header = 10 + 4 + 4 + r.name().len() + 3 * 8;
    let size = std::fs::metadata(&path).unwrap().len() as usize;
    let plane = values.len().div_ceil(64) * 8;
    assert_eq!(size, header + values.len() + plane + 10 + 8);
    let again = Sequence::resume_or_new(r.clone(), &path).unwrap();
    assert_eq!(again.values(), old.values());
    // A real run's old checkpoint resumes to the values computed now.
    std::fs::write(&path, version_1(&r, &seq.values().to_vec()[..1500])).unwrap();
    let mut resumed = Sequence::resume_or_new(r.clone(), &path).unwrap();
    assert_eq!(resumed.values().len(), 1500);
    resumed.extend_to(3000, &plain(Method::Rc)).unwrap();
    assert_eq!(resumed.values(), seq.values());
}

/// `bytes` with its last eight bytes made the checksum of the others
/// again, as a whole file written that way would have.
fn reseal(bytes: &mut [u8]) {
    let body = bytes.len() - 8;
    let mut sum = Checksum::new();
    sum.write(&bytes[..body]);
    let sum = sum.finish().to_le_bytes();
    bytes[body..].copy_from_slice(&sum);
}

/// Every byte of a small checkpoint changed in turn (each bit alone, and
/// all eight): every such file is refused as damaged, none taken for
/// another game's, version's or size's (issue 35, item 6: byte 20 of an
/// `octal 0.6` file flipped gave "holds values of 'oc.al 0.6'").
#[test]
fn a_changed_byte_anywhere_is_refused_as_damaged() {
    let path = temp("flip.seq");
    let seq = compute(rule("0.6"), 30, &plain(Method::Rc)).unwrap();
    seq.save(&path).unwrap();
    let good = std::fs::read(&path).unwrap();
    for at in 0..good.len() {
        for mask in [1u8, 2, 4, 8, 16, 32, 64, 128, 0xff] {
            let mut bad = good.clone();
            bad[at] ^= mask;
            std::fs::write(&path, &bad).unwrap();
            let msg = checkpoint_error(&path, rule("0.6"));
            assert!(msg.contains(DAMAGED), "byte {at} ^ {mask:#x}: {msg}");
            assert_eq!(
                std::fs::read(&path).unwrap(),
                bad,
                "byte {at}: the file is left"
            );
        }
    }
    // Cut anywhere: damaged too.
    for len in 0..good.len() {
        std::fs::write(&path, &good[..len]).unwrap();
        let msg = checkpoint_error(&path, rule("0.6"));
        assert!(msg.contains(DAMAGED), "{len} bytes: {msg}");
    }
    // Another game's whole file is still named as such.
    std::fs::write(&path, &good).unwrap();
    let msg = checkpoint_error(&path, rule("0.7"));
    assert!(
        msg.contains("holds values of 'octal 0.6', not of 'octal 0.7'"),
        "{msg}"
    );
}

/// Runs only inside the child process started by
/// `killed_process_resumes_exactly`: computes 0.6 far, checkpointing often.
#[test]
#[ignore = "child process of killed_process_resumes_exactly"]
fn child_computes_with_checkpoints() {
    let path = std::env::var("GRUNDY_SEQ_CHILD_CHECKPOINT").expect(
        "run only by killed_process_resumes_exactly, which sets GRUNDY_SEQ_CHILD_CHECKPOINT",
    );
    let ctl = Control {
        checkpoint: Some(path.into()),
        checkpoint_interval: Duration::from_millis(20),
        ..plain(Method::Rc)
    };
    compute(rule("0.6"), 50_000_000, &ctl).unwrap();
}

#[test]
fn killed_process_resumes_exactly() {
    let path = temp("killed.seq");
    let _ = std::fs::remove_file(&path);
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args([
            "--ignored",
            "--exact",
            "checkpoint::child_computes_with_checkpoints",
            "--test-threads=1",
        ])
        .env("GRUNDY_SEQ_CHILD_CHECKPOINT", &path)
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Wait for a checkpoint with a few thousand heaps, then SIGKILL.
    let start = Instant::now();
    loop {
        if let Ok(seq) = Sequence::resume_or_new(rule("0.6"), &path) {
            if seq.values().len() > 3000 {
                break;
            }
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "child made no progress"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(100));
    child.kill().unwrap();
    child.wait().unwrap();
    let mut resumed = Sequence::resume_or_new(rule("0.6"), &path).unwrap();
    let done = resumed.values().len() as u64;
    assert!(done > 3000);
    let n = done + 1500;
    resumed.extend_to(n, &plain(Method::Rc)).unwrap();
    let full = compute(rule("0.6"), n, &plain(Method::Rc)).unwrap();
    assert_eq!(resumed.values(), full.values());
}

/// A checkpoint in use is locked: a second run on it is refused before it
/// starts, naming the process that holds it; the lock goes when the run
/// ends, and a lock left by a process that has ended is taken over.
#[test]
fn a_checkpoint_in_use_is_locked() {
    use grundy_sequence::checkpoint::{lock_path, Lock};
    let path = temp("locked.seq");
    let ctl = Control {
        checkpoint: Some(path.clone()),
        ..plain(Method::Rc)
    };
    let held = Lock::acquire(&path).unwrap();
    assert_eq!(held.path(), lock_path(&path));
    let e = compute(rule("0.6"), 100, &ctl).err().expect("refused");
    let e = e.to_string();
    assert!(
        e.contains(&format!("in use by process {}", std::process::id())),
        "{e}"
    );
    assert!(!path.exists(), "nothing computed or saved");
    drop(held);
    assert!(!lock_path(&path).exists());
    compute(rule("0.6"), 100, &ctl).unwrap();
    assert!(path.exists() && !lock_path(&path).exists());
    // A lock of a process that has ended (a child that has exited), and
    // one with no id in it, are stale.
    let mut child = Command::new("true").spawn().unwrap();
    let dead = child.id();
    child.wait().unwrap();
    for stale in [format!("{dead}\n"), String::new()] {
        std::fs::write(lock_path(&path), stale).unwrap();
        compute(rule("0.6"), 200, &ctl).unwrap();
        assert!(!lock_path(&path).exists());
    }
}

/// A checkpoint that cannot be written is found before any work.
#[test]
fn an_unwritable_checkpoint_is_refused_before_the_work() {
    use grundy_sequence::checkpoint::Lock;
    let dir = temp("a-directory.seq");
    std::fs::create_dir_all(&dir).unwrap();
    let e = Lock::acquire(&dir).unwrap_err().to_string();
    assert!(e.contains("it is a directory"), "{e}");
    let e = Lock::acquire(Path::new("/dev/null"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("not a regular file"), "{e}");
    let nowhere = Path::new("/no/such/dir/x.seq");
    let e = Lock::acquire(nowhere).unwrap_err().to_string();
    assert!(
        e.contains("/no/such/dir/x.seq: cannot write beside it: No such file"),
        "{e}"
    );
    // Through compute: refused at once, for an n that would take long.
    let ctl = Control {
        checkpoint: Some(nowhere.to_path_buf()),
        ..plain(Method::Rc)
    };
    let e = compute(rule("0.6"), 1 << 40, &ctl).err().expect("refused");
    assert!(e.to_string().contains("cannot write beside it"), "{e}");
}
