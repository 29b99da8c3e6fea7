//! The reference method: every option of every heap, kept simple.

use crate::{HeapRule, SeqError, Value};

/// The values of heaps `0..=n` under `rule`, computed by listing every
/// option of every heap ([`HeapRule::for_each_option`]) and taking the mex.
/// Time grows as n^2 (n^3 with three-heap splits): the reference the fast
/// methods are tested against, not a method for large n.
///
/// Errors: [`SeqError::ValueOverflow`] if a value exceeds [`Value::MAX`].
pub fn naive_values(rule: &HeapRule, n: usize) -> Result<Vec<Value>, SeqError> {
    let mut values: Vec<Value> = Vec::with_capacity(n + 1);
    // seen[v] == heap + 1 marks v as an option value of the current heap, so
    // the table never needs clearing.
    let mut seen = vec![0usize; Value::MAX as usize + 2];
    for heap in 0..=n {
        rule.for_each_option(heap, |parts| {
            let v = parts
                .iter()
                .fold(0usize, |acc, &p| acc ^ values[p] as usize);
            seen[v] = heap + 1;
        });
        let mex = seen
            .iter()
            .position(|&s| s != heap + 1)
            .unwrap_or(seen.len());
        let value = Value::try_from(mex).map_err(|_| SeqError::ValueOverflow {
            heap: heap as u64,
            max: Value::MAX as u64,
        })?;
        values.push(value);
    }
    Ok(values)
}
