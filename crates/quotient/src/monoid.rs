//! Finite commutative monoids with a marked subset: bipartite monoids.

use grundy_engine::memory::Reserve;
use grundy_engine::SearchError;

/// A finite commutative monoid with a marked subset `P` (its P-portion):
/// elements `0..order`, `0` the identity, the product a full table.
///
/// Invariants: the table is `order × order`, commutative and associative
/// with `0` as identity; every entry is below `order`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BipartiteMonoid {
    order: usize,
    table: Vec<u32>,
    p: Vec<bool>,
}

impl BipartiteMonoid {
    /// The one-element monoid with an empty P-portion: the quotient of
    /// the games without a move (the empty position is won in misère play
    /// by the player to move).
    pub fn trivial() -> BipartiteMonoid {
        BipartiteMonoid {
            order: 1,
            table: vec![0],
            p: vec![false],
        }
    }

    /// Builds a monoid from its product table (row-major, `order × order`)
    /// and P-portion; `None` if the table is not that of a commutative
    /// monoid with identity `0` (associativity is checked too, in
    /// `order^3` steps: meant for tests and small tables).
    pub fn from_table(order: usize, table: Vec<u32>, p: Vec<bool>) -> Option<BipartiteMonoid> {
        if order == 0 || table.len() != order * order || p.len() != order {
            return None;
        }
        let m = BipartiteMonoid { order, table, p };
        let ok = (0..order as u32).all(|x| {
            m.mul(0, x) == x
                && (0..order as u32).all(|y| {
                    m.mul(x, y) == m.mul(y, x)
                        && (m.mul(x, y) as usize) < order
                        && (0..order as u32).all(|z| m.mul(m.mul(x, y), z) == m.mul(x, m.mul(y, z)))
                })
        });
        ok.then_some(m)
    }

    /// Builds a monoid from a table known to be valid (see the type's
    /// invariants): the quotient code's own products.
    pub(crate) fn from_valid_table(order: usize, table: Vec<u32>, p: Vec<bool>) -> BipartiteMonoid {
        debug_assert_eq!(table.len(), order * order);
        debug_assert_eq!(p.len(), order);
        BipartiteMonoid { order, table, p }
    }

    /// The same monoid with another P-portion (`p[x]`: whether `x` is in
    /// it).
    pub(crate) fn with_p(self, p: Vec<bool>) -> BipartiteMonoid {
        debug_assert_eq!(p.len(), self.order);
        BipartiteMonoid { p, ..self }
    }

    /// A copy, its table admitted against `max_memory` first: a table of
    /// 23,648 elements is 2.2 GB, and a plain copy the system refuses
    /// aborts the process ([`SearchError::MemoryLimit`] instead).
    pub(crate) fn try_clone(&self, max_memory: u64) -> Result<BipartiteMonoid, SearchError> {
        let mut table = Vec::new();
        table.reserve_within(self.table.len(), max_memory)?;
        table.extend_from_slice(&self.table);
        Ok(BipartiteMonoid {
            order: self.order,
            table,
            p: self.p.clone(),
        })
    }

    /// The product table, row-major: `table()[x * order + y]` is `x·y`.
    #[cfg(feature = "checkpoint")]
    pub(crate) fn table(&self) -> &[u32] {
        &self.table
    }

    /// Number of elements.
    pub fn order(&self) -> usize {
        self.order
    }

    /// The product `x·y`. Panics if either is not an element.
    #[inline]
    pub fn mul(&self, x: u32, y: u32) -> u32 {
        self.table[x as usize * self.order + y as usize]
    }

    /// Row `x` of the product table: `row(x)[y]` is `x·y`.
    #[inline]
    pub(crate) fn row(&self, x: u32) -> &[u32] {
        &self.table[x as usize * self.order..][..self.order]
    }

    /// Whether `x` lies in the P-portion (positions of that class are
    /// misère P-positions: the player to move loses).
    #[inline]
    pub fn in_p(&self, x: u32) -> bool {
        self.p[x as usize]
    }

    /// The product of a sequence of elements (the identity if empty).
    pub fn product(&self, xs: impl IntoIterator<Item = u32>) -> u32 {
        xs.into_iter().fold(0, |acc, x| self.mul(acc, x))
    }

    /// The elements of the P-portion, in increasing order.
    pub fn p_portion(&self) -> Vec<u32> {
        (0..self.order as u32).filter(|&x| self.in_p(x)).collect()
    }

    /// Whether every two distinct elements `x ≠ y` are told apart by some
    /// `z`: exactly one of `xz`, `yz` lies in P. A misère quotient is
    /// always reduced.
    pub fn is_reduced(&self) -> bool {
        let n = self.order as u32;
        let mut seen = std::collections::HashSet::new();
        (0..n).all(|x| {
            let row: Vec<bool> = (0..n).map(|z| self.in_p(self.mul(x, z))).collect();
            seen.insert(row)
        })
    }
}

/// A set of monoid elements as a bitset of fixed width.
pub(crate) type Bits = Vec<u64>;

/// Words of 64 bits for a set of `order` elements.
pub(crate) fn words(order: usize) -> usize {
    order.div_ceil(64)
}

/// Adds `x` to `set`.
#[inline]
pub(crate) fn insert(set: &mut [u64], x: u32) {
    set[x as usize / 64] |= 1 << (x % 64);
}

/// The members of `set`, in increasing order.
pub(crate) fn members(set: &[u64]) -> impl Iterator<Item = u32> + '_ {
    set.iter().enumerate().flat_map(|(i, &w)| {
        let mut w = w;
        std::iter::from_fn(move || {
            (w != 0).then(|| {
                let b = w.trailing_zeros();
                w &= w - 1;
                i as u32 * 64 + b
            })
        })
    })
}

/// Whether `x` is in `set`.
#[inline]
pub(crate) fn contains(set: &[u64], x: u32) -> bool {
    set[x as usize / 64] >> (x % 64) & 1 != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A copy is admitted first: a budget below the table's bytes refuses
    /// it with the memory limit (a plain copy of a 2.2 GB table the system
    /// refused aborted the Python interpreter), one above it copies.
    #[test]
    fn a_copy_past_the_budget_is_a_memory_limit_not_an_abort() {
        let order = 24;
        let table: Vec<u32> = (0..order * order)
            .map(|i| ((i / order + i % order) % order) as u32)
            .collect();
        let m = BipartiteMonoid::from_table(order, table, vec![false; order]).unwrap();
        assert_eq!(
            m.try_clone(1000).unwrap_err(),
            SearchError::MemoryLimit(1000)
        );
        assert_eq!(m.try_clone(1 << 20).unwrap(), m);
    }
}
