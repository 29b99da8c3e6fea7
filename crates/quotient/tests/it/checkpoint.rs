//! Checkpoints of a growing quotient: every state a growth passes through
//! is saved, resumed and checked, and the growth resumed ends where an
//! uninterrupted one does; a file whose quotient is not the game's is
//! refused by the exact check even when its checksum is right.

use crate::{code, Code};
use grundy_engine::testing::Ticking;
use grundy_engine::{GameError, Limits, SearchError};
use grundy_quotient::checkpoint::{load, save};
use grundy_quotient::{grow, grow_with, BipartiteMonoid, HeapQuotient, Hints, QuotientControl};
use grundy_sequence::checkpoint::{Checksum, DAMAGED};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// A fresh path in the temporary directory (no file there yet).
fn temp(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("grundy-qck-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

fn with_file(path: &Path) -> QuotientControl {
    QuotientControl {
        checkpoint: Some(path.to_path_buf()),
        ..QuotientControl::default()
    }
}

/// What a report is made of: every field of the quotient.
fn fields(q: &HeapQuotient) -> impl PartialEq + std::fmt::Debug {
    (
        q.candidate.clone(),
        q.max_heap,
        q.orders.clone(),
        q.period,
        q.solved,
        q.last_change,
    )
}

/// Grown one heap a run, each run resuming (and checking) the last one's
/// file: the end is the uninterrupted growth's, field for field.
#[test]
fn a_growth_resumed_at_every_heap_ends_as_an_uninterrupted_one() {
    let limits = Limits::default();
    for (text, max_heap) in [("0.77", 60), ("0.07", 18), ("4.7", 10), ("0.137", 16)] {
        let game = code(text);
        let path = temp(&format!("every-{text}"));
        let mut resumed = None;
        for k in 0..=max_heap {
            let mut watched = Vec::new();
            let q = grow_with(&game, text, k, &limits, &with_file(&path), &mut |n, _| {
                watched.push(n)
            })
            .unwrap_or_else(|e| panic!("{text} to heap {k}: {e}"));
            // The first call after a save is the heap resumed from.
            if k > 0 && !q.solved {
                assert_eq!(watched, [k - 1, k], "{text} to heap {k}");
            }
            let saved = load(&path, text, u64::MAX).expect("loads").expect("saved");
            assert_eq!(saved.heaps(), q.max_heap, "{text} to heap {k}");
            resumed = Some(q);
        }
        let fresh = grow(&game, max_heap, &limits).expect("within the limits");
        assert_eq!(fields(&resumed.expect("grown")), fields(&fresh), "{text}");
        std::fs::remove_file(&path).expect("the checkpoint was written");
    }
}

/// The error of resuming `game` from `path`.
fn refusal(game: &Code, name: &str, path: &Path, max_heap: usize) -> String {
    match grow_with(
        game,
        name,
        max_heap,
        &Limits::default(),
        &with_file(path),
        &mut |_, _| {},
    ) {
        Err(GameError::Input(e)) => e,
        other => panic!(
            "expected an input error, got {:?}",
            other.map(|q| q.max_heap)
        ),
    }
}

#[test]
fn a_quotient_that_is_not_the_games_fails_the_exact_check() {
    let game = code("0.77");
    let path = temp("tampered");
    grow_with(
        &game,
        "0.77",
        20,
        &Limits::default(),
        &with_file(&path),
        &mut |_, _| {},
    )
    .expect("grown");
    let good = load(&path, "0.77", u64::MAX)
        .expect("loads")
        .expect("saved");

    // Heap 20 sent to another element: the checksum is right (the file is
    // written whole), the quotient is not the game's.
    let mut state = good.clone();
    let n = state.heaps();
    state.candidate.phi[n] = (state.candidate.phi[n] + 1) % state.order() as u32;
    save(&path, "0.77", &state).expect("saved");
    let e = refusal(&game, "0.77", &path, 30);
    assert!(e.contains("fails the exact check"), "{e}");
    assert!(e.contains(&path.display().to_string()), "{e}");

    // Another P-portion, the same table.
    let mut state = good.clone();
    let m = &state.candidate.monoid;
    let order = m.order();
    let table = (0..order as u32)
        .flat_map(|x| (0..order as u32).map(move |y| (x, y)))
        .map(|(x, y)| m.mul(x, y))
        .collect();
    let mut p: Vec<bool> = (0..order as u32).map(|x| m.in_p(x)).collect();
    p[0] = !p[0];
    state.candidate.monoid = BipartiteMonoid::from_table(order, table, p).expect("a monoid");
    save(&path, "0.77", &state).expect("saved");
    assert!(refusal(&game, "0.77", &path, 30).contains("fails the exact check"));

    // Orders that do not end at the quotient's: refused on loading.
    let mut state = good.clone();
    state.orders[n] += 2;
    save(&path, "0.77", &state).expect("saved");
    assert!(refusal(&game, "0.77", &path, 30).contains("out of range"));

    // The file of another game: both named.
    save(&path, "0.77", &good).expect("saved");
    let e = refusal(&code("0.07"), "0.07", &path, 30);
    assert!(e.contains("'0.77'") && e.contains("'0.07'"), "{e}");

    // Heaps past those asked for.
    let e = refusal(&game, "0.77", &path, 10);
    assert!(e.contains("past --max-heap 10"), "{e}");

    // The good file still resumes.
    let q = grow_with(
        &game,
        "0.77",
        30,
        &Limits::default(),
        &with_file(&path),
        &mut |_, _| {},
    )
    .expect("resumed");
    assert_eq!(q.max_heap, 30);
    std::fs::remove_file(&path).expect("the checkpoint was written");
}

/// Every byte of a small quotient checkpoint changed in turn (each bit
/// alone, and all eight), and the file cut anywhere: each is refused as
/// damaged, by its checksum, before any of its fields is believed (issue
/// 35, item 6: a changed byte of the name made it another game's file).
#[test]
fn a_changed_byte_anywhere_is_refused_as_damaged() {
    let game = code("0.07");
    let path = temp("flip");
    grow_with(
        &game,
        "0.07",
        8,
        &Limits::default(),
        &with_file(&path),
        &mut |_, _| {},
    )
    .expect("grown");
    let good = std::fs::read(&path).expect("saved");
    let refused = |bytes: &[u8], what: &str| {
        std::fs::write(&path, bytes).unwrap();
        match load(&path, "0.07", u64::MAX) {
            Err(GameError::Input(e)) => assert!(e.contains(DAMAGED), "{what}: {e}"),
            Err(e) => panic!("{what}: {e}"),
            Ok(_) => panic!("{what}: a damaged file loaded"),
        }
        assert_eq!(
            std::fs::read(&path).unwrap(),
            bytes,
            "{what}: the file is left"
        );
    };
    for at in 0..good.len() {
        for mask in [1u8, 2, 4, 8, 16, 32, 64, 128, 0xff] {
            let mut bad = good.clone();
            bad[at] ^= mask;
            refused(&bad, &format!("byte {at} ^ {mask:#x}"));
        }
    }
    for len in 0..good.len() {
        refused(&good[..len], &format!("cut to {len} bytes"));
    }
    std::fs::remove_file(&path).expect("written");
}

/// A clock one millisecond further at each reading: a time limit of `k`
/// ms stops a growth at about its `k`-th reading, wherever that falls.
fn ticking() -> Arc<Ticking> {
    Arc::new(Ticking::new(Duration::from_millis(1)))
}

/// How many times growing `game` to `max_heap` reads its clock.
fn readings(game: &Code, max_heap: usize) -> u64 {
    let clock = ticking();
    let limits = Limits {
        clock: Some(clock.clone()),
        ..Limits::default()
    };
    grow(game, max_heap, &limits).expect("within the limits");
    clock.reads()
}

/// Growths of 0.07 stopped by the time limit at eight moments within heap
/// 30 (where the learner proves its automaton layer by layer, about 2 s),
/// saving at every chance: the file holds the quotient through heap 29
/// and, once a layer is proven, the learner's last layer of heap 30; the
/// growth resumed from it ends as an uninterrupted one, and a resumed
/// growth stopped again keeps its layer.
#[test]
fn a_growth_stopped_within_a_heap_resumes_from_the_learners_layer() {
    let game = code("0.07");
    let (from, to) = (readings(&game, 29), readings(&game, 30));
    assert!(to > from + 16, "{from} to {to} readings");
    let fresh = grow(&game, 31, &Limits::default()).expect("within the limits");
    let path = temp("within");
    let ctl = QuotientControl {
        checkpoint: Some(path.clone()),
        checkpoint_interval: Duration::ZERO,
        ..QuotientControl::default()
    };
    let stopped_at = |ms: u64| Limits {
        max_time: Some(Duration::from_millis(ms)),
        clock: Some(ticking()),
        ..Limits::default()
    };
    let mut layers = Vec::new();
    for i in 1..=8 {
        let _ = std::fs::remove_file(&path);
        let at = from + (to - from) * i / 9;
        match grow_with(&game, "0.07", 31, &stopped_at(at), &ctl, &mut |_, _| {}) {
            Err(GameError::Search(SearchError::QuotientStopped { kept: Some(_), .. })) => {}
            other => panic!("stopped at reading {at}: {:?}", other.map(|q| q.max_heap)),
        }
        let saved = load(&path, "0.07", u64::MAX)
            .expect("loads")
            .expect("saved");
        if let Some(layer) = &saved.within {
            assert_eq!((saved.heaps(), layer.heap), (29, 30), "reading {at}");
            layers.push(layer.layer);
            // Stopped again at once: the layer is kept.
            let again = grow_with(&game, "0.07", 31, &stopped_at(1), &ctl, &mut |_, _| {});
            assert!(again.is_err(), "reading {at}");
            let kept = load(&path, "0.07", u64::MAX)
                .expect("loads")
                .expect("saved");
            assert_eq!(kept.within.as_ref(), Some(layer), "reading {at}");
        }
        let q = grow_with(&game, "0.07", 31, &Limits::default(), &ctl, &mut |_, _| {})
            .unwrap_or_else(|e| panic!("resumed from reading {at}: {e}"));
        assert_eq!(fields(&q), fields(&fresh), "reading {at}");
    }
    // Both within-heap cases met: a layer saved, and more than one.
    assert!(layers.len() >= 2, "layers saved: {layers:?}");
    std::fs::remove_file(&path).expect("written");
}

/// A file holding a learner's layer: saved and loaded back unchanged; a
/// layer that is not proven (one state's outcome changed, checksum
/// right) is refused by the exact check, a malformed one (a tree with a
/// node twice) as out of range, one past the heaps asked for is left
/// aside; every byte of the layer's section changed is refused as
/// damaged; a version-1 file (no section) still loads.
#[test]
fn a_saved_layer_is_checked_before_it_is_used() {
    let game = code("0.07");
    let path = temp("layer");
    let (from, to) = (readings(&game, 29), readings(&game, 30));
    let limits = Limits {
        max_time: Some(Duration::from_millis(from + (to - from) * 8 / 9)),
        clock: Some(ticking()),
        ..Limits::default()
    };
    let ctl = QuotientControl {
        checkpoint: Some(path.clone()),
        checkpoint_interval: Duration::ZERO,
        ..QuotientControl::default()
    };
    assert!(grow_with(&game, "0.07", 31, &limits, &ctl, &mut |_, _| {}).is_err());
    let good = load(&path, "0.07", u64::MAX)
        .expect("loads")
        .expect("saved");
    let layer = good.within.clone().expect("a layer of heap 30 saved");
    save(&path, "0.07", &good).expect("saved");
    assert_eq!(
        load(&path, "0.07", u64::MAX).expect("loads"),
        Some(good.clone())
    );

    let mut bad = good.clone();
    let l = bad.within.as_mut().expect("a layer");
    let q = l.accept.len() - 1;
    l.accept[q] = !l.accept[q];
    save(&path, "0.07", &bad).expect("saved");
    let e = refusal(&game, "0.07", &path, 31);
    assert!(
        e.contains("learner's layer of heap 30 fails the exact check"),
        "{e}"
    );

    let mut bad = good.clone();
    let l = bad.within.as_mut().expect("a layer");
    l.nodes.push(l.nodes[0].clone());
    save(&path, "0.07", &bad).expect("saved");
    assert!(refusal(&game, "0.07", &path, 31).contains("out of range"));

    // Asked for heaps through 29 only: the layer of heap 30 is not read.
    save(&path, "0.07", &good).expect("saved");
    let q = grow_with(
        &game,
        "0.07",
        29,
        &Limits::default(),
        &with_file(&path),
        &mut |_, _| {},
    )
    .expect("resumed");
    assert_eq!(q.max_heap, 29);

    // Every byte of the hints, the section's length and the section
    // changed.
    let mut plain = good.clone();
    plain.within = None;
    save(&path, "0.07", &plain).expect("saved");
    let plain_len = std::fs::read(&path).expect("saved").len();
    save(&path, "0.07", &good).expect("saved");
    let bytes = std::fs::read(&path).expect("saved");
    let start = plain_len - 8 - 8 - 16;
    for at in start..bytes.len() - 8 {
        for mask in [1u8, 0xff] {
            let mut b = bytes.clone();
            b[at] ^= mask;
            std::fs::write(&path, &b).unwrap();
            match load(&path, "0.07", u64::MAX) {
                Err(GameError::Input(e)) => assert!(e.contains(DAMAGED), "byte {at}: {e}"),
                other => panic!("byte {at} ^ {mask}: {:?}", other.map(|_| ())),
            }
        }
    }

    // Hints that are not the growth's: refused as out of range.
    let mut bad = good.clone();
    bad.hints.shape = Some((1 << 20, 1 << 20));
    save(&path, "0.07", &bad).expect("saved");
    assert!(refusal(&game, "0.07", &path, 31).contains("out of range"));

    // Version 1: the same quotient without hints and the section's length
    // word, read with no hints.
    plain.hints = Hints::default();
    save(&path, "0.07", &plain).expect("saved");
    let mut v1 = std::fs::read(&path).expect("saved");
    v1.truncate(v1.len() - 32);
    v1[10..14].copy_from_slice(&1u32.to_le_bytes());
    let mut sum = Checksum::new();
    sum.write(&v1);
    v1.extend(sum.finish().to_le_bytes());
    std::fs::write(&path, &v1).unwrap();
    assert_eq!(load(&path, "0.07", u64::MAX).expect("loads"), Some(plain));
    assert_eq!(layer.heap, 30);
    std::fs::remove_file(&path).expect("written");
}
