//! The genus solver against Conway's definition, by brute force on
//! explicit game trees: γn is the misère Grundy value of G + n copies of
//! *2, the normal part the Sprague-Grundy value. The reference knows
//! nothing of the recursion `Genus::of_options` uses, of its bound, or of
//! components: it builds each whole position's tree from its own move
//! list and searches sums of trees.

use crate::norm;
use grundy_engine::{
    Genus, GenusSolver, Impartial, Limits, MisereSolver, Rules, RulesError, SearchError, Solver,
};
use proptest::prelude::*;
use std::collections::HashMap;
use std::sync::Arc;

/// Heaps of counters, split into one component per heap: nim (take any
/// number from one heap) or Kayles (take one or two adjacent pins from a
/// row, which may split it in two).
#[derive(Clone, Copy, Debug)]
enum Heaps {
    Nim,
    Kayles,
}

impl Rules for Heaps {
    type Position = Vec<u8>;

    fn options(&self, p: &Vec<u8>) -> Result<Vec<Vec<u8>>, RulesError> {
        let mut out = Vec::new();
        for (i, &h) in p.iter().enumerate() {
            let rest = || -> Vec<u8> { p[..i].iter().chain(&p[i + 1..]).copied().collect() };
            match self {
                Heaps::Nim => {
                    for left in 0..h {
                        let mut q = rest();
                        q.push(left);
                        out.push(norm(q));
                    }
                }
                Heaps::Kayles => {
                    for take in 1..=2u8.min(h) {
                        for a in 0..=(h - take) / 2 {
                            let mut q = rest();
                            q.push(a);
                            q.push(h - take - a);
                            out.push(norm(q));
                        }
                    }
                }
            }
        }
        Ok(out)
    }
}

impl Impartial for Heaps {
    fn components(&self, p: &Vec<u8>) -> Result<Vec<Vec<u8>>, RulesError> {
        Ok(p.iter().filter(|&&h| h > 0).map(|&h| vec![h]).collect())
    }
}

/// The reference: game trees interned by their sorted children, and the
/// misère Grundy value of a sum of trees by plain memoised recursion.
#[derive(Default)]
struct Trees {
    ids: HashMap<Vec<usize>, usize>,
    kids: Vec<Vec<usize>>,
    of_position: HashMap<Vec<u8>, usize>,
    misere: HashMap<Vec<usize>, u64>,
}

fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let mut seen: Vec<u64> = values.into_iter().collect();
    seen.sort_unstable();
    seen.dedup();
    seen.iter()
        .enumerate()
        .find(|&(i, &v)| v != i as u64)
        .map_or(seen.len() as u64, |(i, _)| i as u64)
}

impl Trees {
    fn intern(&mut self, mut kids: Vec<usize>) -> usize {
        kids.sort_unstable();
        kids.dedup();
        if let Some(&id) = self.ids.get(&kids) {
            return id;
        }
        let id = self.kids.len();
        self.kids.push(kids.clone());
        self.ids.insert(kids, id);
        id
    }

    /// The tree of a whole position: every move of every heap, written out
    /// here without the solver's game type.
    fn tree(&mut self, game: Heaps, p: &[u8]) -> usize {
        let key = norm(p.to_vec());
        if let Some(&id) = self.of_position.get(&key) {
            return id;
        }
        let mut kids = Vec::new();
        for i in 0..key.len() {
            let h = key[i];
            let mut lefts: Vec<Vec<u8>> = Vec::new();
            match game {
                Heaps::Nim => lefts.extend((0..h).map(|l| vec![l])),
                Heaps::Kayles => {
                    // Knock down pin j, or pins j and j + 1, of a row of h.
                    for j in 0..h {
                        lefts.push(vec![j, h - 1 - j]);
                        if j + 1 < h {
                            lefts.push(vec![j, h - 2 - j]);
                        }
                    }
                }
            }
            for left in lefts {
                let mut q: Vec<u8> = key.clone();
                q.remove(i);
                q.extend(left);
                kids.push(self.tree(game, &q));
            }
        }
        let id = self.intern(kids);
        self.of_position.insert(key, id);
        id
    }

    fn star(&mut self, n: usize) -> usize {
        let kids: Vec<usize> = (0..n).map(|k| self.star(k)).collect();
        self.intern(kids)
    }

    /// The misère Grundy value of the sum of `trees`: 1 with no move, the
    /// mex of the options' values otherwise.
    fn misere_value(&mut self, trees: &[usize]) -> u64 {
        let mut key = trees.to_vec();
        key.sort_unstable();
        if let Some(&v) = self.misere.get(&key) {
            return v;
        }
        let mut values = Vec::new();
        for i in 0..key.len() {
            for k in self.kids[key[i]].clone() {
                let mut option = key.clone();
                option[i] = k;
                values.push(self.misere_value(&option));
            }
        }
        let v = if values.is_empty() { 1 } else { mex(values) };
        self.misere.insert(key, v);
        v
    }

    fn normal_value(&self, tree: usize) -> u64 {
        mex(self.kids[tree].iter().map(|&k| self.normal_value(k)))
    }

    /// γn of `tree`: the misère value of the tree plus n copies of *2.
    fn gamma(&mut self, tree: usize, n: usize) -> u64 {
        let two = self.star(2);
        let mut sum = vec![tree];
        sum.extend(std::iter::repeat_n(two, n));
        self.misere_value(&sum)
    }
}

fn limits() -> Limits {
    Limits {
        max_states: 1_000_000,
        ..Limits::default()
    }
}

/// The solver's genus of `p` against the reference, γ0 to γ(len + 6).
fn check(game: Heaps, solver: &mut GenusSolver<Heaps>, trees: &mut Trees, p: &[u8]) {
    let genus = solver.genus(&p.to_vec()).unwrap();
    let tree = trees.tree(game, p);
    assert_eq!(genus.normal, trees.normal_value(tree), "{game:?} {p:?}");
    for n in 0..genus.misere.len() + 6 {
        assert_eq!(
            genus.gamma(n),
            trees.gamma(tree, n),
            "{game:?} {p:?}: γ{n} of {genus}"
        );
    }
    // Cut where the last two repeat: the two before them do not.
    let m = &genus.misere;
    assert!(m.len() < 3 || m[m.len() - 3] != m[m.len() - 1], "{genus}");
}

#[test]
fn known_genera() {
    let mut nim = GenusSolver::new(Arc::new(Heaps::Nim), limits());
    let text: Vec<String> = (0..5u8)
        .map(|h| nim.genus(&vec![h]).unwrap().to_string())
        .collect();
    assert_eq!(text, ["0^120", "1^031", "2^20", "3^31", "4^46"]);
    let mut kayles = GenusSolver::new(Arc::new(Heaps::Kayles), limits());
    assert_eq!(kayles.genus(&vec![5]).unwrap().to_string(), "4^146");
    // The empty game, however written.
    assert_eq!(
        kayles.genus(&vec![]).unwrap(),
        Genus {
            normal: 0,
            misere: vec![1, 2, 0]
        }
    );
}

#[test]
fn single_heaps_and_small_sums_match_the_definition() {
    for game in [Heaps::Nim, Heaps::Kayles] {
        let mut solver = GenusSolver::new(Arc::new(game), limits());
        let mut trees = Trees::default();
        for h in 0..=8u8 {
            check(game, &mut solver, &mut trees, &[h]);
        }
        for p in [
            &[1, 1][..],
            &[1, 1, 1],
            &[2, 2],
            &[1, 2, 3],
            &[2, 3],
            &[3, 5],
            &[1, 4, 4],
            &[2, 2, 2],
            &[1, 8],
        ] {
            check(game, &mut solver, &mut trees, p);
        }
    }
}

#[test]
fn gamma0_is_the_misere_outcome_and_normal_the_value() {
    for game in [Heaps::Nim, Heaps::Kayles] {
        let g = Arc::new(game);
        let mut genus = GenusSolver::new(g.clone(), limits());
        let mut misere = MisereSolver::new(g.clone(), limits());
        let mut normal = Solver::new(g, limits());
        let mut checked = 0;
        for a in 0..=7u8 {
            for b in 0..=a {
                for c in 0..=b.min(4) {
                    let p = norm(vec![a, b, c]);
                    let x = genus.genus(&p).unwrap();
                    assert_eq!(x.misere[0] == 0, !misere.mover_wins(&p).unwrap(), "{p:?}");
                    assert_eq!(x.normal, normal.value(&p).unwrap().0, "{p:?}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 100);
    }
}

#[test]
fn limits_are_reported() {
    let mut small = GenusSolver::new(
        Arc::new(Heaps::Kayles),
        Limits {
            max_states: 50,
            ..Limits::default()
        },
    );
    assert_eq!(small.genus(&vec![20]), Err(SearchError::StateLimit(50)));
    let mut tight = GenusSolver::new(
        Arc::new(Heaps::Kayles),
        Limits {
            max_memory: 1 << 10,
            ..limits()
        },
    );
    assert!(matches!(
        tight.genus(&vec![20]),
        Err(SearchError::MemoryLimit(_))
    ));
    // A cap smaller than the search refuses it; the full limits do not.
    let mut capped = GenusSolver::new(Arc::new(Heaps::Kayles), limits());
    assert_eq!(
        capped.genus_within(&vec![12, 12], 100),
        Err(SearchError::StateLimit(100))
    );
    assert!(capped.genus(&vec![12, 12]).is_ok());
    // A nim heap of 200: 200 sums, but 20,100 moves between them, past
    // WORK_PER_STATE times a cap of 1000.
    let mut nim = GenusSolver::new(Arc::new(Heaps::Nim), limits());
    assert!(u64::from(200 * 201 / 2u32) > 1000 * grundy_engine::WORK_PER_STATE);
    assert_eq!(
        nim.genus_within(&vec![200], 1000),
        Err(SearchError::StateLimit(1000))
    );
    assert_eq!(nim.genus_within(&vec![200], 10_000).unwrap().normal, 200);
}

#[test]
fn heaps_searched_together_equal_heaps_searched_alone() {
    let mut together = GenusSolver::new(Arc::new(Heaps::Kayles), limits());
    let heaps: Vec<Vec<u8>> = (0..=14u8).map(|h| vec![h]).collect();
    let all = together.genera(&heaps).unwrap();
    for (h, g) in heaps.iter().zip(&all) {
        let mut alone = GenusSolver::new(Arc::new(Heaps::Kayles), limits());
        assert_eq!(&alone.genus(h).unwrap(), g, "{h:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_small_sums_match_the_definition(
        heaps in proptest::collection::vec(0u8..=6, 0..=3),
        kayles in any::<bool>(),
    ) {
        let game = if kayles { Heaps::Kayles } else { Heaps::Nim };
        let mut solver = GenusSolver::new(Arc::new(game), limits());
        let mut trees = Trees::default();
        check(game, &mut solver, &mut trees, &heaps);
    }
}
