//! Upper bounds on the number of sums a misère search of a heap position
//! meets. Misère sums are searched whole (their values do not add), so a
//! position whose sums are too many is refused before the search starts,
//! rather than run into the search's state or time limit.

use grundy_engine::Impartial;

/// Beyond this many counters the misère size bound is only known to be
/// astronomically large (more than 10^17).
const PARTITION_CAP: usize = 300;

/// `sums[h]` = the number of multisets of positive heaps with total at
/// most `h` (sums of partition numbers), saturating, for `h` up to
/// [`PARTITION_CAP`]. Computed once: the misère solver asks for a bound
/// before every search, once per move of the analysed position.
fn partition_sums() -> &'static [u128] {
    static SUMS: std::sync::OnceLock<Vec<u128>> = std::sync::OnceLock::new();
    SUMS.get_or_init(compute_partition_sums)
}

fn compute_partition_sums() -> Vec<u128> {
    let mut p = vec![0u128; PARTITION_CAP + 1];
    p[0] = 1;
    for part in 1..=PARTITION_CAP {
        for total in part..=PARTITION_CAP {
            p[total] = p[total].saturating_add(p[total - part]);
        }
    }
    let mut sums = Vec::with_capacity(p.len());
    let mut acc = 0u128;
    for x in p {
        acc = acc.saturating_add(x);
        sums.push(acc);
    }
    sums
}

/// The number of multisets of `k` items of `n` kinds, `C(n + k - 1, k)`,
/// saturating.
pub fn multisets(n: u128, k: u128) -> u128 {
    if n == 0 {
        return u128::from(k == 0);
    }
    let steps = k.min(n - 1);
    let top = n - 1 + k;
    let mut r: u128 = 1;
    for i in 1..=steps {
        // r = C(top - steps + i, i) stays an integer at every step.
        match r.checked_mul(top - steps + i) {
            Some(x) => r = x / i,
            None => return u128::MAX,
        }
    }
    r
}

/// An upper bound on the sums a misère search of the heaps `p` meets, for
/// games whose moves never merge heaps nor add counters but may split them
/// (at least that many when it exceeds 10^17). A state is the multiset of
/// non-empty heaps; the heaps coming from a heap of `h` form one of `S(h)`
/// multisets of total at most `h`, and the `k` equal heaps of size `h`
/// together one of `C(S(h) + k - 1, k)`; the whole state also has total at
/// most `T`, the counters of `p`: the bound is the smaller of the product
/// over sizes and `S(T)`.
pub fn splitting(p: &[u64]) -> u128 {
    let sums = partition_sums();
    let s = |t: u64| sums[(t as usize).min(PARTITION_CAP)];
    let mut sizes: Vec<u64> = p.iter().copied().filter(|&h| h > 0).collect();
    sizes.sort_unstable();
    let mut product: u128 = 1;
    for group in sizes.chunk_by(|a, b| a == b) {
        product = product.saturating_mul(multisets(s(group[0]), group.len() as u128));
    }
    let total: u64 = sizes.iter().fold(0, |a, &h| a.saturating_add(h));
    product.min(s(total))
}

/// An upper bound on the sums a misère search of the heaps `p` meets, for
/// games whose moves only shrink one heap and never split it (subtraction
/// games, take-and-break codes whose digits are all at most 3): a heap of
/// `h` stays one heap of `0..=h`, so `k` equal heaps of `h` are one of
/// `C(h + k, k)` multisets, and the bound is the product over sizes
/// (saturating).
pub fn shrinking(p: &[u64]) -> u128 {
    let mut sizes: Vec<u64> = p.iter().copied().filter(|&h| h > 0).collect();
    sizes.sort_unstable();
    let mut product: u128 = 1;
    for group in sizes.chunk_by(|a, b| a == b) {
        let kinds = u128::from(group[0]) + 1;
        product = product.saturating_mul(multisets(kinds, group.len() as u128));
    }
    product
}

/// The product of the search sizes of `p`'s components (saturating): a
/// bound on the sums when parts never split, so each part of a sum is one
/// of the positions its own search meets.
pub fn product_of_parts<G: Impartial>(game: &G, p: &G::Position) -> u128 {
    game.components(p)
        .map(|parts| {
            parts
                .iter()
                .map(|q| game.search_size(q))
                .fold(1u128, u128::saturating_mul)
        })
        .unwrap_or(u128::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multisets_counts() {
        assert_eq!(multisets(3, 2), 6);
        assert_eq!(multisets(1, 5), 1);
        assert_eq!(multisets(0, 0), 1);
        assert_eq!(multisets(0, 2), 0);
        assert_eq!(multisets(u128::MAX / 2, 3), u128::MAX);
    }

    #[test]
    fn bounds_of_small_positions() {
        // Multisets of positive heaps with total at most 3:
        // {}, 1, 2, 1+1, 3, 2+1, 1+1+1.
        assert_eq!(splitting(&[3]), 7);
        assert_eq!(shrinking(&[3]), 4);
        assert_eq!(shrinking(&[2, 2]), 6);
        assert_eq!(shrinking(&[0, 5, 0]), 6);
        assert_eq!(shrinking(&[u64::MAX, u64::MAX, 7]), u128::MAX);
        assert_eq!(splitting(&[u64::MAX, u64::MAX]), splitting(&[1000]));
    }
}
