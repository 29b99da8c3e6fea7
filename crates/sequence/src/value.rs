//! The stored value of a heap: a leaf every other module reads.

/// The value of one heap, stored compactly (see the crate documentation).
pub type Value = u16;
