//! Checkpoints of a growing quotient: every state a growth passes through
//! is saved, resumed and checked, and the growth resumed ends where an
//! uninterrupted one does; a file whose quotient is not the game's is
//! refused by the exact check even when its checksum is right.

use crate::{code, Code};
use grundy_engine::{GameError, Limits};
use grundy_quotient::checkpoint::{load, save};
use grundy_quotient::{grow, grow_with, BipartiteMonoid, HeapQuotient, QuotientControl};
use grundy_sequence::checkpoint::DAMAGED;
use std::path::{Path, PathBuf};

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
