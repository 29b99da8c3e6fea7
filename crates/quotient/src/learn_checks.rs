//! The learner's checks decided by the dataflow and by listing agree
//! (see `learn::tests`): the learner is run where its candidate is the
//! quotient, each of its checks made both ways.

use crate::clock_reads::options_upto;
use crate::heaps::grow;
use crate::learn::tests::{FAILED, PASSED};
use crate::learn::{learned, Within};
use grundy_engine::{Budget, Limits};
use grundy_sequence::{HeapRule, TakeBreak};
use std::sync::atomic::Ordering;

#[test]
fn the_dataflow_decides_every_check_of_the_learner_as_the_listing() {
    // Heaps where the learner's candidate is the quotient: 0.07 at
    // 25 (order 144) and 30 (360), 0.54 at 24 (64) and 31 (90).
    for (code, n, order) in [
        ("0.07", 25, 144),
        ("0.54", 24, 64),
        ("0.54", 31, 90),
        ("0.07", 30, 360),
    ] {
        let game = HeapRule::TakeBreak(TakeBreak::parse(code).expect("a code"));
        let below = grow(&game, n - 1, &Limits::default()).expect("the quotient below");
        let options = options_upto(&game, n);
        let (passed, failed) = (
            PASSED.load(Ordering::Relaxed),
            FAILED.load(Ordering::Relaxed),
        );
        let mut budget = Budget::start(&Limits::default());
        let cand = learned(
            &below.candidate,
            &options,
            &mut budget,
            None,
            &mut Default::default(),
            Within::default(),
        )
        .expect("within the limits")
        .expect("a candidate");
        assert_eq!(cand.monoid.order(), order, "{code} at heap {n}");
        assert!(
            PASSED.load(Ordering::Relaxed) >= passed + 2,
            "{code} at heap {n}"
        );
        assert!(
            FAILED.load(Ordering::Relaxed) >= failed + 2,
            "{code} at heap {n}"
        );
    }
}

/// Every layer the learner proves at heap 30 of 0.07 (Q_30, order 360)
/// is well formed and holds, the learner resumed from it gives the
/// candidate the uninterrupted learner gives, and a layer with one state's
/// outcome or one transition changed is refused.
#[test]
fn the_learner_resumed_from_each_layer_gives_its_candidate() {
    use crate::learn::Layer;
    use std::sync::Mutex;
    let game = HeapRule::TakeBreak(TakeBreak::parse("0.07").expect("a code"));
    let n = 30;
    let below = grow(&game, n - 1, &Limits::default()).expect("the quotient below");
    let options = options_upto(&game, n);
    let layers: Mutex<Vec<Layer>> = Mutex::new(Vec::new());
    let publish = |layer: &Layer| layers.lock().expect("not poisoned").push(layer.clone());
    let mut budget = Budget::start(&Limits::default());
    let below = &below.candidate;
    let options = &options;
    let learn = |budget: &mut Budget, within: Within<'_>| {
        learned(
            below,
            options,
            budget,
            None,
            &mut Default::default(),
            within,
        )
        .expect("within the limits")
        .expect("a candidate")
    };
    let whole = learn(
        &mut budget,
        Within {
            resume: None,
            publish: Some(&publish),
        },
    );
    assert_eq!(whole.monoid.order(), 360);
    let layers = layers.lock().expect("not poisoned").clone();
    assert!(layers.len() >= 2, "{} layers", layers.len());
    for (i, layer) in layers.iter().enumerate() {
        assert_eq!(layer.heap, n);
        assert!(layer.well_formed(), "layer {i}");
        assert!(
            layer
                .holds(below, options, &mut budget)
                .expect("within the limits"),
            "layer {i}"
        );
        let later: Mutex<Vec<usize>> = Mutex::new(Vec::new());
        let note = |l: &Layer| later.lock().expect("not poisoned").push(l.layer);
        let resumed = learn(
            &mut budget,
            Within {
                resume: Some(layer),
                publish: Some(&note),
            },
        );
        assert!(resumed == whole, "layer {i}");
        // It went on from the layer: only the layers after it are proven.
        let later = later.lock().expect("not poisoned").clone();
        let after: Vec<usize> = layers[i + 1..].iter().map(|l| l.layer).collect();
        assert_eq!(later, after, "layer {i}");

        // One state's outcome changed: the check fails.
        let mut bad = layer.clone();
        let q = bad.accept.len() - 1;
        bad.accept[q] = !bad.accept[q];
        assert!(bad.well_formed());
        assert!(!bad
            .holds(below, options, &mut budget)
            .expect("within the limits"));
        // One transition sent elsewhere: the check fails (or the
        // automaton no longer commutes).
        let mut bad = layer.clone();
        let t = bad.trans.len() / 2;
        bad.trans[t] = (bad.trans[t] + 1) % bad.accept.len() as u32;
        assert!(!bad
            .holds(below, options, &mut budget)
            .expect("within the limits"));
        // A tree that is not one: refused as malformed.
        let mut bad = layer.clone();
        bad.nodes.push(bad.nodes[0].clone());
        assert!(!bad.well_formed());
        // Another heap's layer is not this heap's.
        let mut bad = layer.clone();
        bad.canon[1] = 1;
        bad.canon[2] = 1;
        assert!(!bad.well_formed());
    }
}
