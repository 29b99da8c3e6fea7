use crate::code;
use grundy_engine::Limits;
use grundy_quotient::{grow, is_tame, HeapGame, HeapQuotient, Nim};
use std::collections::HashMap;
use std::sync::OnceLock;

/// Misère outcome by search of the whole sum (a sorted multiset of
/// heaps): true when the player to move loses. Written from the rule
/// alone: a position is lost exactly when it has a move and every move
/// leads to a won position. A heap without a move is dropped from a sum
/// (the sums with and without it have the same moves, to the end).
struct Search<'g> {
    game: &'g dyn HeapGame,
    /// Sums searched, keyed by their heaps as bytes (every heap of these
    /// tests is below 256).
    memo: HashMap<Box<[u8]>, bool>,
    /// `dead[h]`: a heap of `h` has no move (`h` up to the largest heap).
    dead: Vec<bool>,
}

impl Search<'_> {
    /// A search of sums of heaps up to `max_heap`.
    fn new(game: &dyn HeapGame, max_heap: usize) -> Search<'_> {
        assert!(max_heap < 256, "the memo's keys hold heaps as bytes");
        let dead = (0..=max_heap)
            .map(|h| {
                let mut none = true;
                game.options(h, &mut |_| none = false);
                none
            })
            .collect();
        Search {
            game,
            memo: HashMap::new(),
            dead,
        }
    }

    /// Whether a heap of `h` has no move.
    fn dead(&self, h: usize) -> bool {
        self.dead[h]
    }

    fn lost(&mut self, pos: &[usize]) -> bool {
        let key: Box<[u8]> = pos.iter().map(|&h| h as u8).collect();
        if let Some(&r) = self.memo.get(&key) {
            return r;
        }
        let mut any = false;
        let mut lost = true;
        for i in 0..pos.len() {
            if i > 0 && pos[i - 1] == pos[i] {
                continue;
            }
            let mut opts = Vec::new();
            self.game.options(pos[i], &mut |o| opts.push(o.to_vec()));
            for o in opts {
                any = true;
                let mut next: Vec<usize> = pos[..i].iter().chain(&pos[i + 1..]).copied().collect();
                next.extend(o.iter().copied().filter(|&h| !self.dead(h)));
                next.sort_unstable();
                if self.lost(&next) {
                    lost = false;
                    break;
                }
            }
            if !lost {
                break;
            }
        }
        let r = any && lost;
        self.memo.insert(key, r);
        r
    }
}

/// Every multiset of heaps 1..=max with total at most `total`.
fn multisets(max: usize, total: usize) -> Vec<Vec<usize>> {
    fn rec(max: usize, total: usize, prefix: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        out.push(prefix.clone());
        for h in 1..=max.min(total) {
            prefix.push(h);
            rec(h, total - h, prefix, out);
            prefix.pop();
        }
    }
    let mut out = Vec::new();
    rec(max, total, &mut Vec::new(), &mut out);
    out
}

fn quotient(game: &dyn HeapGame, max_heap: usize) -> HeapQuotient {
    grow(game, max_heap, &Limits::default()).expect("within the default limits")
}

/// The quotient of heaps 0..=max_heap predicts the misère outcome of
/// every sum of those heaps up to `total` tokens; it is reduced and of
/// even order. Returns the number of sums compared.
fn agrees(game: &dyn HeapGame, max_heap: usize, total: usize) -> usize {
    let q = quotient(game, max_heap);
    let m = &q.candidate.monoid;
    assert!(m.is_reduced(), "quotient not reduced");
    assert_eq!(m.order() % 2, 0, "odd order {}", m.order());
    let mut search = Search::new(game, max_heap);
    let sums = multisets(max_heap.min(total), total);
    for pos in &sums {
        let mut sorted: Vec<usize> = pos.iter().copied().filter(|&h| !search.dead(h)).collect();
        sorted.sort_unstable();
        let predicted = m.in_p(
            m.product(
                pos.iter()
                    .map(|&h| q.element(h).expect("a heap of the quotient")),
            ),
        );
        assert_eq!(predicted, search.lost(&sorted), "misère outcome of {pos:?}");
    }
    sums.len()
}

#[test]
fn nim_with_heaps_below_4_is_the_tame_quotient_of_order_6() {
    let q = quotient(&Nim, 3);
    assert_eq!(q.candidate.monoid.order(), 6);
    assert_eq!(q.candidate.monoid.p_portion().len(), 2);
    assert!(is_tame(&q.candidate.monoid));
    assert!(agrees(&Nim, 3, 24) > 300);
    assert!(agrees(&Nim, 7, 22) > 1000);
}

#[test]
fn kayles_predicts_every_sum_up_to_24() {
    assert!(agrees(&code("0.77"), 24, 24) > 1000);
}

/// Past the heaps where every heap brings new option images: the heaps
/// whose images repeat an earlier heap's are placed without a round of
/// the check, and sums of them must still come out right.
#[test]
fn codes_predict_every_sum_up_to_32_of_heaps_up_to_32() {
    for c in ["0.77", "0.75", "0.34", "0.15", "0.3", "0.71"] {
        assert!(agrees(&code(c), 32, 32) > 40_000, "{c}");
    }
}

#[test]
fn small_codes_predict_every_sum_up_to_20() {
    for c in [
        "0.3", "0.33", "0.333", "0.75", "0.34", "0.15", "0.7", "0.6", "0.51",
    ] {
        agrees(&code(c), 12, 20);
    }
}

#[test]
fn kayles_is_solved_with_the_period_of_its_pretending_function() {
    let q = quotient(&code("0.77"), 400);
    assert!(q.solved);
    let (n0, p) = q.period.expect("periodic");
    assert_eq!(p, 12);
    assert!(2 * n0 + 2 * p + 2 + 2 <= q.max_heap);
    assert!(!is_tame(&q.candidate.monoid));
    // Kayles heaps 1..=3 play like nim heaps 1, 2, 3.
    let report = grundy_quotient::QuotientReport::new("kayles", &q);
    assert_eq!(&report.pretending[..4], &["1", "a", "b", "ab"]);
}

#[test]
fn a_game_without_a_periodicity_theorem_is_never_called_solved() {
    let q = quotient(&Nim, 20);
    assert!(!q.solved);
    assert_eq!(q.max_heap, 20);
}

/// 0.144, whose heap 20 splits the classes of Q_19 (order 12 to 30) and
/// is placed by the learner: its solved quotient predicts every sum of
/// heaps up to 26 counters.
#[test]
fn code_0_144_predicts_every_sum_up_to_26() {
    let game = code("0.144");
    let q = quotient(&game, 300);
    assert!(q.solved);
    assert_eq!(q.candidate.monoid.order(), 30);
    assert!(agrees(&game, q.max_heap, 26) > 10_000);
}

/// Dawson's Kayles (0.07): heap 25 splits the classes of Q_24 (order 24
/// to 144), where no guess of a heap's element or of a cyclic extension
/// passes; the learner (exact outcomes, layer by layer in the copies of
/// the new heap) places it, and heap 30 again (Q_30 of order 360, the
/// order Siegel reports for MisereSolver). Q_30 predicts the misère
/// outcome of every sum of heaps up to 30 with up to 50 tokens that holds
/// a heap of 25 or more, by a search of the whole sum.
#[test]
fn dawsons_kayles_past_heap_24_predicts_every_sum_with_a_large_heap() {
    let game = code("0.07");
    let q = quotient(&game, 30);
    assert_eq!(q.orders[24..], [24, 144, 144, 176, 176, 176, 360]);
    assert!(predicts_sums_with_a_large_heap(&game, &q, 30, 50, 25) > 5_000);
}

/// Dawson's Kayles (0.07) up to heap 33, where the check decides the
/// candidates without enumerating their triples: Q_31..Q_33 (orders
/// 520, 552, 638) predict the misère outcome of every sum of heaps up
/// to 33 with up to 45 tokens that holds a heap of 31 or more, by a
/// search of the whole sum.
#[test]
fn dawsons_kayles_to_heap_33_predicts_every_sum_with_a_heap_past_30() {
    let game = code("0.07");
    let q = dawsons_kayles_q33();
    assert_eq!(
        q.orders[24..],
        [24, 144, 144, 176, 176, 176, 360, 520, 552, 638]
    );
    assert!(predicts_sums_with_a_large_heap(&game, q, 33, 45, 31) > 1_000);
}

/// Q_33 of Dawson's Kayles (0.07), grown once for the tests that read it.
fn dawsons_kayles_q33() -> &'static HeapQuotient {
    static Q: OnceLock<HeapQuotient> = OnceLock::new();
    Q.get_or_init(|| {
        // No clock: Q_33 takes seconds alone and a minute on a loaded machine.
        let limits = Limits {
            max_time: None,
            ..Limits::default()
        };
        grow(&code("0.07"), 33, &limits).expect("within the state and memory limits")
    })
}

/// Dawson's Kayles (0.07), sums past 25 tokens a heap: random sums (a
/// fixed seed) of two heaps of 25..=33 and up to two heaps of 2..=12,
/// up to 90 tokens, each of whose misère outcome Q_33 predicts as the
/// search of the whole sum finds it. The sums of the tests above hold
/// one large heap at most (45 or 50 tokens); here two, from the heaps
/// the learner and the cyclic shapes place (25, 30; 31..=33).
#[test]
fn dawsons_kayles_random_sums_of_two_heaps_from_25_to_33() {
    let game = code("0.07");
    let q = dawsons_kayles_q33();
    let m = &q.candidate.monoid;
    let mut search = Search::new(&game, 33);
    let mut seed = 0x0007_2533_u64;
    let mut next = |below: u64| {
        // splitmix64
        seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % below) as usize
    };
    let (mut lost, mut won) = (0, 0);
    for _ in 0..SUMS_OF_TWO_LARGE_HEAPS {
        let mut pos = vec![25 + next(9), 25 + next(9)];
        for _ in 0..next(3) {
            pos.push(2 + next(11));
        }
        let mut sorted: Vec<usize> = pos.iter().copied().filter(|&h| !search.dead(h)).collect();
        sorted.sort_unstable();
        let predicted = m.in_p(m.product(pos.iter().map(|&h| q.candidate.phi[h])));
        let searched = search.lost(&sorted);
        assert_eq!(predicted, searched, "misère outcome of {pos:?}");
        if searched {
            lost += 1;
        } else {
            won += 1;
        }
    }
    // Both outcomes met: a quotient answering one outcome throughout fails.
    assert!(lost > 0 && won > 0, "{lost} lost, {won} won");
}

/// How many random sums [`dawsons_kayles_random_sums_of_two_heaps_from_25_to_33`]
/// searches.
const SUMS_OF_TWO_LARGE_HEAPS: usize = 40;

/// Checks that `q` (the quotient of `game`'s heaps up to `max_heap`)
/// predicts the misère outcome, by a search of the whole sum, of every
/// sum of those heaps with at most `tokens` tokens holding a heap of
/// `least` or more; returns how many sums it compared.
fn predicts_sums_with_a_large_heap(
    game: &dyn HeapGame,
    q: &HeapQuotient,
    max_heap: usize,
    tokens: usize,
    least: usize,
) -> usize {
    let m = &q.candidate.monoid;
    assert!(m.is_reduced());
    let mut search = Search::new(game, max_heap);
    let mut compared = 0;
    for pos in multisets(max_heap, tokens) {
        if pos.first().is_none_or(|&h| h < least) {
            continue;
        }
        let mut sorted: Vec<usize> = pos.iter().copied().filter(|&h| !search.dead(h)).collect();
        sorted.sort_unstable();
        let predicted = m.in_p(m.product(pos.iter().map(|&h| q.candidate.phi[h])));
        assert_eq!(predicted, search.lost(&sorted), "misère outcome of {pos:?}");
        compared += 1;
    }
    compared
}
