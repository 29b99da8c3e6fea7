//! The kernel's state: the [`Kernel`] every method module fills in
//! (`impl Kernel` in `full`, `rare`, `block` and the module above), the
//! per-thread [`Scratch`] and what they share. A leaf of the kernel: the
//! methods read it, it reads none of them.

use crate::bits::ValueSet;
use crate::moves::Moves;
use crate::scan::{Exact, Marks};
use crate::{SeqError, Value};

/// Heaps whose pass over the rare heaps is done together (the store's
/// batch, [`crate::value::BATCH`]).
pub(crate) const BATCH: usize = crate::value::BATCH;

/// Rare/common state for one sequence, kept in step with its values.
pub(crate) struct Kernel {
    pub(super) moves: Moves,
    pub(super) use_rc: bool,
    /// The mask on values of the rare/common split, if one is in use.
    pub(super) mask: Option<u32>,
    /// Whether the split also counts the heap's parity (see [`super::rare`]):
    /// allowed only when every pair move removes counters of one parity
    /// (`pair_parity`).
    pub(super) heap_bit: bool,
    /// The parity of every k of `moves.pairs`, if they share one.
    pub(super) pair_parity: Option<usize>,
    /// Heaps >= 1 with a rare value, ascending.
    pub(super) rare: Vec<usize>,
    /// The values of the heaps in `rare`.
    pub(super) rare_val: Vec<Value>,
    /// The first heaps' values: `fwd[i]` is the value of heap i, for i <
    /// synced and below [`super::PREFIX`].
    pub(super) fwd: Vec<Value>,
    /// The reversed window: `rev[rev.len() - 1 - (i - rev_base)]` is the
    /// value of heap i, for rev_base <= i < synced (the latest heaps, at
    /// most [`super::WINDOW`] of them).
    pub(super) rev: Vec<Value>,
    /// The first heap in `rev`.
    pub(super) rev_base: usize,
    /// The length `rev` may grow to without being asked for more.
    pub(super) rev_target: usize,
    pub(super) width: usize,
    /// Heaps >= 1 whose value has the top bit (>= width / 2), ascending.
    pub(super) top: Vec<usize>,
    /// Whether `top` was dropped as too long (see [`super::TOP_MIN`]).
    pub(super) top_dense: bool,
    /// How many heaps >= 1 have a top-bit value, listed or not.
    pub(super) top_count: usize,
    /// The values v with `v & mask` of even parity, and the others.
    pub(super) rare_vals: ValueSet,
    pub(super) common_vals: ValueSet,
    /// `hist[(v << 1) | (i & 1)]`: the heaps i >= 1 of value v, by parity.
    pub(super) hist: Vec<u64>,
    pub(super) next_review: usize,
    /// Heaps and rare heaps at the last review: the split is reviewed early
    /// when the heaps since then are rare far more often (see [`super::rare`]).
    pub(super) reviewed_at: (usize, usize),
    pub(super) synced: usize,
    pub(super) hit: ValueSet,
    pub(super) scratch: Scratch,
    /// For phase two of a block: the `known` it is for, the first rare
    /// heap >= known, and per pair offset the rare heaps a with
    /// a + known <= m, counted (they only grow within a block).
    pub(super) cursor: Option<Cursor>,
    /// For phase two of a block: the splits with a part inside the block
    /// added ahead, as each heap of the block gets its value.
    pub(super) ahead: Ahead,
}

/// Phase two's splits with a part inside the block known..stop, added
/// ahead: as each heap b of the block gets its value, the splits of the
/// later heaps of the block whose larger part is b and one part rare go
/// to those heaps' rows (`words` words each, the width when the block
/// began), so that a heap's own turn reads one row instead of pulling its
/// splits one by one. Unused when `stop` is 0 (no block, or the width grew
/// within it: the splits are then pulled).
#[derive(Default)]
pub(super) struct Ahead {
    pub(super) known: usize,
    pub(super) stop: usize,
    pub(super) words: usize,
    pub(super) bits: Vec<u64>,
    /// Blocks whose width grew, so that their splits were pulled.
    #[cfg(feature = "parallel")]
    pub(super) pulled: usize,
}

/// For phase two of a block: the `known` it is for, the first rare heap
/// at or above known, and per pair offset the rare heaps a with
/// a + known <= m, counted (they only grow within a block).
pub(super) struct Cursor {
    pub(super) known: usize,
    pub(super) high: usize,
    pub(super) low: Vec<usize>,
}

/// `v` as a stored value, or the overflow error at heap `n`.
pub(super) fn to_value(v: usize, n: usize) -> Result<Value, SeqError> {
    Value::try_from(v).map_err(|_| SeqError::ValueOverflow {
        heap: n as u64,
        max: Value::MAX as u64,
    })
}

/// Per-thread work space of the rare value search.
#[derive(Default)]
pub(crate) struct Scratch {
    /// Zeroed between uses; at least the width.
    pub(super) need: Vec<u8>,
    pub(super) mark: Marks,
    pub(super) cands: Vec<Value>,
    /// The byte table of [`Kernel::rare_pass`].
    pub(super) table: Vec<u8>,
    /// Exact lanes of the runs of pairs the scans cannot read as bytes.
    pub(super) exact: Exact,
    /// Phase one's option values of one heap.
    #[cfg(feature = "parallel")]
    pub(super) hit: ValueSet,
}
