//! Lookup tables behind the fast field operations, built once on first use.
//!
//! Everything here is derived from the naive recursion ([`crate::naive`]), so
//! the tables are only as trusted as that reference, which the tests compare
//! against an independent implementation.
//!
//! # The product tables
//!
//! Karatsuba's trick applied three times splits a 64-bit product into 27
//! products of bytes: at each level `(a_hi t + a_lo)(b_hi t + b_lo)` needs
//! only `p0 = a_lo b_lo`, `p1 = a_hi b_hi` and `p2 = (a_lo + a_hi)(b_lo + b_hi)`,
//! recombined as `(p2 + p0) t + (p1 h + p0)` where `t ⊗ t = t + h`. The
//! recombination is GF(2)-linear in the 27 byte products, so it splits into
//! one linear map per leaf, and a linear map on a byte is a 256-entry table.
//! A product is then 27 lookups in `prod8` plus 27 lookups in `comb64`.
//! `comb32` and `comb16` do the same for the subfields of order 2^32 and 2^16.

use std::ops::BitXor;
use std::sync::OnceLock;

use crate::naive;

/// All tables of the fast operations.
pub(crate) struct Tables {
    /// `prod8[(a << 8) | b] = a ⊗ b` for bytes `a`, `b`.
    pub prod8: Box<[u8; 1 << 16]>,
    /// `comb16[i][p]`: contribution of byte product `p` at leaf `i` of the
    /// 16-bit Karatsuba split (leaf order: low halves, high halves, sums).
    pub comb16: Box<[[u16; 256]; 3]>,
    /// Leaf contributions of the 32-bit split, indexed by the leaf's choice
    /// at each level, outermost first.
    pub comb32: Box<[[[u32; 256]; 3]; 3]>,
    /// Leaf contributions of the 64-bit split, as `comb32`.
    pub comb64: Box<[[[[u64; 256]; 3]; 3]; 3]>,
    /// Squaring as a linear map: `square[i][v] = (v · 2^(8i))^2`.
    pub square: Box<[[u64; 256]; 8]>,
    /// Square root as a linear map: `sqrt[i][v] = sqrt(v · 2^(8i))`.
    pub sqrt: Box<[[u64; 256]; 8]>,
    /// `inv8[a]` = the inverse of byte `a` (0 for 0).
    pub inv8: [u8; 256],
}

static TABLES: OnceLock<Tables> = OnceLock::new();

/// The shared tables, building them on the first call.
#[inline]
pub(crate) fn tables() -> &'static Tables {
    TABLES.get_or_init(build)
}

/// A `GF(2)`-linear map of 64-bit words given as one table per byte.
#[inline]
pub(crate) fn apply_linear<const BYTES: usize>(map: &[[u64; 256]; 8], x: u64) -> u64 {
    let mut result = 0;
    for (i, table) in map.iter().take(BYTES).enumerate() {
        result ^= table[((x >> (8 * i)) & 0xff) as usize];
    }
    result
}

fn build() -> Tables {
    let prod8 = build_prod8();
    let mut comb16 = heap_array([0u16; 256]);
    for (i, table) in comb16.iter_mut().enumerate() {
        *table = leaf_table(4, i);
    }
    let mut comb32 = heap_array([[0u32; 256]; 3]);
    for (i, row) in comb32.iter_mut().enumerate() {
        for (j, table) in row.iter_mut().enumerate() {
            *table = leaf_table(5, 3 * i + j);
        }
    }
    let mut comb64 = heap_array([[[0u64; 256]; 3]; 3]);
    for (i, plane) in comb64.iter_mut().enumerate() {
        for (j, row) in plane.iter_mut().enumerate() {
            for (k, table) in row.iter_mut().enumerate() {
                *table = leaf_table(6, 9 * i + 3 * j + k);
            }
        }
    }
    let square = byte_tables(|bit| naive::square(1 << bit));
    // Squaring 63 more times after one square is the identity, so
    // sqrt(x) = x^(2^63); iterate the fast squaring map on each basis bit.
    let sqrt = byte_tables(|bit| (0..63).fold(1u64 << bit, |x, _| apply_linear::<8>(&square, x)));
    let mut inv8 = [0u8; 256];
    for a in 1..256usize {
        let inverse = (1..256usize).find(|&b| prod8[(a << 8) | b] == 1);
        inv8[a] = inverse.expect("every nonzero byte has an inverse") as u8;
    }
    Tables {
        prod8,
        comb16,
        comb32,
        comb64,
        square,
        sqrt,
        inv8,
    }
}

/// `N` copies of `fill` on the heap: the big tables never sit whole on the
/// stack (test threads have small stacks).
fn heap_array<T: Clone, const N: usize>(fill: T) -> Box<[T; N]> {
    vec![fill; N]
        .into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!("the vector has length N"))
}

fn build_prod8() -> Box<[u8; 1 << 16]> {
    let mut prod8 = heap_array::<u8, { 1 << 16 }>(0);
    for a in 0..256usize {
        let row: [u8; 256] = linear_extension(std::array::from_fn(|bit| {
            naive::mul(a as u64, 1 << bit) as u8
        }));
        prod8[a << 8..(a + 1) << 8].copy_from_slice(&row);
    }
    prod8
}

/// The 256-entry table of the linear map on bytes with the given images of
/// the 8 basis bits.
fn linear_extension<T: Copy + Default + BitXor<Output = T>>(basis: [T; 8]) -> [T; 256] {
    let mut table = [T::default(); 256];
    for v in 1..256usize {
        table[v] = table[v & (v - 1)] ^ basis[v.trailing_zeros() as usize];
    }
    table
}

/// One table per byte of a 64-bit linear map given by its images of the 64
/// basis bits.
fn byte_tables(image: impl Fn(u32) -> u64) -> Box<[[u64; 256]; 8]> {
    let mut tables = heap_array([0u64; 256]);
    for (i, table) in tables.iter_mut().enumerate() {
        *table = linear_extension(std::array::from_fn(|bit| image((8 * i + bit) as u32)));
    }
    tables
}

/// Word types the leaf tables are stored in.
trait Word: Copy + Default + BitXor<Output = Self> {
    fn from_u64(x: u64) -> Self;
}

impl Word for u16 {
    fn from_u64(x: u64) -> Self {
        x as u16
    }
}

impl Word for u32 {
    fn from_u64(x: u64) -> Self {
        x as u32
    }
}

impl Word for u64 {
    fn from_u64(x: u64) -> Self {
        x
    }
}

/// The table of leaf `leaf` of the Karatsuba split at `level` (products of
/// `2^level`-bit nimbers).
fn leaf_table<W: Word>(level: u32, leaf: usize) -> [W; 256] {
    let leaves = 3usize.pow(level - 3);
    let basis = std::array::from_fn(|bit| {
        let mut products = vec![0u64; leaves];
        products[leaf] = 1 << bit;
        W::from_u64(recombine(level, &products))
    });
    linear_extension(basis)
}

/// The product of two `2^level`-bit nimbers from the byte products at the
/// leaves of their Karatsuba split (`3^(level-3)` of them, in the order
/// low halves, high halves, sums of halves, outermost split first).
fn recombine(level: u32, products: &[u64]) -> u64 {
    if level == 3 {
        return products[0];
    }
    let third = products.len() / 3;
    let p0 = recombine(level - 1, &products[..third]);
    let p1 = recombine(level - 1, &products[third..2 * third]);
    let p2 = recombine(level - 1, &products[2 * third..]);
    let half = 1u32 << (level - 1);
    let h = 1u64 << (half - 1);
    ((p2 ^ p0) << half) ^ naive::mul(p1, h) ^ p0
}
