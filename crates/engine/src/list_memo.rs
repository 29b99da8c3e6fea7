//! A bounded cache of the position lists a game's rules compute (options,
//! components), for games whose rules are costly to run: a rules file's
//! script, a Python callable. Shared by every such game, so the bound and
//! the behaviour under an address-space cap are the same for all.

use crate::memory::Reserve;
use crate::RulesError;
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex};

/// Position lists by position, at most [`ListMemo::CAPACITY`] of them.
/// Past it, or when the allocator cannot grow the table (an address-space
/// cap), the cache starts afresh rather than abort; the bytes its entries
/// hold are the searches' to count, as for any position they store.
#[derive(Debug)]
pub struct ListMemo<P> {
    table: Mutex<HashMap<P, Arc<[P]>>>,
}

impl<P> Default for ListMemo<P> {
    fn default() -> Self {
        ListMemo {
            table: Mutex::new(HashMap::new()),
        }
    }
}

impl<P: Clone + Eq + Hash> ListMemo<P> {
    /// The most positions whose lists are kept.
    pub const CAPACITY: usize = 1 << 21;

    /// The list of `p`: the one kept, or `compute()`'s, then kept. The
    /// lock is not held while `compute` runs (it may wait on something
    /// else, such as Python's GIL), so two threads may compute the same
    /// list; the lists are equal, and either is kept.
    ///
    /// Errors: `compute`'s, with nothing kept.
    pub fn get_or_compute(
        &self,
        p: &P,
        compute: impl FnOnce() -> Result<Vec<P>, RulesError>,
    ) -> Result<Arc<[P]>, RulesError> {
        if let Some(hit) = self.table.lock().ok().and_then(|t| t.get(p).cloned()) {
            return Ok(hit);
        }
        let list: Arc<[P]> = compute()?.into();
        if let Ok(mut t) = self.table.lock() {
            if t.len() >= Self::CAPACITY || t.reserve_within(1, u64::MAX).is_err() {
                t.clear();
            }
            if t.reserve_within(1, u64::MAX).is_ok() {
                t.insert(p.clone(), list.clone());
            }
        }
        Ok(list)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    #[test]
    fn a_list_is_computed_once_and_an_error_is_not_kept() {
        let memo = ListMemo::<u32>::default();
        let calls = Cell::new(0);
        let compute = || {
            calls.set(calls.get() + 1);
            Ok(vec![1, 2])
        };
        assert_eq!(&*memo.get_or_compute(&7, compute).unwrap(), &[1, 2]);
        assert_eq!(&*memo.get_or_compute(&7, compute).unwrap(), &[1, 2]);
        assert_eq!(calls.get(), 1);
        let failing = || Err(RulesError::new("no"));
        assert!(memo.get_or_compute(&8, failing).is_err());
        assert_eq!(&*memo.get_or_compute(&8, compute).unwrap(), &[1, 2]);
        assert_eq!(calls.get(), 2);
    }
}
