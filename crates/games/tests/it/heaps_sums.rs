//! The Sprague-Grundy theorem across families: the value of a random sum
//! of nim, Lasker and bash heaps, searched as one undivided game, equals
//! the XOR of the families' closed forms.

use grundy_engine::{Impartial, Limits, Nimber, Rules, RulesError, Solver};
use grundy_games::{bash::Bash, lasker::Lasker, nim::Nim};
use proptest::prelude::*;
use std::sync::Arc;

/// One heap of some family (bash carries its `--max`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Heap {
    Nim(u64),
    Lasker(u64),
    Bash { max: u64, n: u64 },
}

impl Heap {
    /// The heaps of the same kind left by each move on this heap, by the
    /// family's own rules.
    fn options(self) -> Vec<Vec<Heap>> {
        let lists = match self {
            Heap::Nim(n) => Nim.options(&vec![n]).unwrap(),
            Heap::Lasker(n) => Lasker.options(&vec![n]).unwrap(),
            Heap::Bash { max, n } => Bash::new(max).unwrap().options(&vec![n]).unwrap(),
        };
        lists
            .into_iter()
            .map(|l| {
                l.into_iter()
                    .filter(|&h| h > 0)
                    .map(|h| self.resized(h))
                    .collect()
            })
            .collect()
    }

    /// A heap of the same family (and `--max`) with `n` counters.
    fn resized(self, n: u64) -> Heap {
        match self {
            Heap::Nim(_) => Heap::Nim(n),
            Heap::Lasker(_) => Heap::Lasker(n),
            Heap::Bash { max, .. } => Heap::Bash { max, n },
        }
    }

    fn closed_form(self) -> Nimber {
        match self {
            Heap::Nim(n) => Nim.closed_form(&vec![n]),
            Heap::Lasker(n) => Lasker.closed_form(&vec![n]),
            Heap::Bash { max, n } => Bash::new(max).unwrap().closed_form(&vec![n]),
        }
        .unwrap()
    }
}

/// A sum of heaps that never decomposes, so the solver searches it whole.
struct WholeSum;

impl Rules for WholeSum {
    type Position = Vec<Heap>;
    fn options(&self, p: &Vec<Heap>) -> Result<Vec<Vec<Heap>>, RulesError> {
        let mut out = Vec::new();
        for (i, h) in p.iter().enumerate() {
            for parts in h.options() {
                let mut q: Vec<Heap> = p[..i].iter().chain(&p[i + 1..]).copied().collect();
                q.extend(parts);
                q.sort();
                out.push(q);
            }
        }
        Ok(out)
    }
}

impl Impartial for WholeSum {}

fn heap() -> impl Strategy<Value = Heap> {
    prop_oneof![
        (0u64..9).prop_map(Heap::Nim),
        (0u64..8).prop_map(Heap::Lasker),
        (1u64..4, 0u64..12).prop_map(|(max, n)| Heap::Bash { max, n }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn value_of_sum_is_xor_of_closed_forms(mut sum in prop::collection::vec(heap(), 1..4)) {
        sum.sort();
        let mut solver = Solver::search_only(Arc::new(WholeSum), Limits::default());
        let searched = solver.value(&sum).unwrap();
        let xor: Nimber = sum.iter().map(|h| h.closed_form()).sum();
        prop_assert_eq!(searched, xor, "{:?}", sum);
    }
}
