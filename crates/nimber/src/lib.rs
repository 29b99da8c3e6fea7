//! Nim arithmetic on 64-bit nimbers.
//!
//! A [`Nimber`] is an element of the field of order 2^64 in Conway's
//! nim-arithmetic: addition is XOR, multiplication is the nim-product.
//! The nimbers below `2^(2^k)` form a subfield for every `k`, so products,
//! inverses and square roots of small nimbers stay small.
//!
//! The field operations are table-driven: a 64-bit product is 27 byte
//! products plus 27 linear-map lookups (see the `tables` module), squares and
//! square roots are linear maps, and inverses descend the tower of subfields.
//! The tables (about 160 KiB) are built on first use. [`naive`] holds the
//! plain recursive definitions that the fast versions are checked against.
//!
//! ```
//! use grundy_nimber::Nimber;
//!
//! let a = Nimber(8);
//! assert_eq!(a * a, Nimber(13));
//! assert_eq!((a * a).sqrt(), a);
//! assert_eq!(a * a.inverse().unwrap(), Nimber::ONE);
//! ```

mod frobenius;
mod inverse;
mod mex;
#[doc(hidden)]
pub mod naive;
mod nimber;
mod product;
mod tables;

pub use mex::{mex, mex_of};
pub use nimber::Nimber;
