//! Positions of a rules file: rhai values with a canonical key.
//!
//! The solvers hash and compare positions; rhai values can do neither, so
//! each value is written once, in Rust, to a canonical text (its key), and
//! positions compare, hash and sort by that key. Two values are the same
//! position exactly when they are equal as rhai data (same type, same
//! contents; map entries in key order).

use rhai::{Array, Dynamic, ImmutableString, Map};
use std::cmp::Ordering;
use std::fmt::{self, Write};
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// A position of a rules game: the script's value and its canonical key.
/// Cheap to clone.
#[derive(Clone)]
pub struct ScriptPosition(Arc<(String, Dynamic)>);

impl ScriptPosition {
    /// The position holding `value`. Errors (naming the type or the depth)
    /// unless `value` is made of integers, strings, characters, booleans,
    /// `()`, arrays and object maps, nested at most `max_depth` deep.
    pub fn new(value: Dynamic, max_depth: usize) -> Result<ScriptPosition, String> {
        let mut key = String::new();
        write_key(&value, &mut key, max_depth)?;
        Ok(ScriptPosition(Arc::new((key, value))))
    }

    /// The canonical key: `3`, `"abc"`, `'x'`, `true`, `()`, `[1,2]`,
    /// `#{"a":1}`.
    pub fn key(&self) -> &str {
        &self.0 .0
    }

    /// The script's value.
    pub fn value(&self) -> &Dynamic {
        &self.0 .1
    }
}

fn write_key(v: &Dynamic, out: &mut String, depth: usize) -> Result<(), String> {
    if depth == 0 {
        return Err("a position nested too deeply (arrays and maps inside each other)".into());
    }
    if v.is_unit() {
        out.push_str("()");
    } else if let Ok(b) = v.as_bool() {
        let _ = write!(out, "{b}");
    } else if let Ok(i) = v.as_int() {
        let _ = write!(out, "{i}");
    } else if let Ok(c) = v.as_char() {
        let _ = write!(out, "{c:?}");
    } else if v.is_string() {
        match v.read_lock::<ImmutableString>() {
            Some(s) => {
                let _ = write!(out, "{:?}", s.as_str());
            }
            None => return Err("a string that cannot be read".into()),
        }
    } else if v.is_array() {
        let a = v
            .read_lock::<Array>()
            .ok_or("an array that cannot be read")?;
        out.push('[');
        for (i, x) in a.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            write_key(x, out, depth - 1)?;
        }
        out.push(']');
    } else if v.is_map() {
        let m = v.read_lock::<Map>().ok_or("a map that cannot be read")?;
        out.push_str("#{");
        for (i, (k, x)) in m.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            let _ = write!(out, "{:?}:", k.as_str());
            write_key(x, out, depth - 1)?;
        }
        out.push('}');
    } else {
        return Err(format!(
            "a value of type {} (a position is made of integers, strings, characters, booleans, arrays and maps)",
            v.type_name()
        ));
    }
    Ok(())
}

impl PartialEq for ScriptPosition {
    fn eq(&self, other: &Self) -> bool {
        self.key() == other.key()
    }
}

impl Eq for ScriptPosition {}

impl PartialOrd for ScriptPosition {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for ScriptPosition {
    fn cmp(&self, other: &Self) -> Ordering {
        self.key().cmp(other.key())
    }
}

impl Hash for ScriptPosition {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.key().hash(state);
    }
}

impl fmt::Debug for ScriptPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(v: Dynamic) -> String {
        ScriptPosition::new(v, 8).unwrap().key().to_string()
    }

    #[test]
    fn keys_are_canonical_and_distinguish_types() {
        assert_eq!(key(Dynamic::from(3_i64)), "3");
        assert_eq!(key(Dynamic::from("3")), "\"3\"");
        assert_eq!(key(Dynamic::from('3')), "'3'");
        assert_eq!(key(Dynamic::UNIT), "()");
        let a: Array = vec![Dynamic::from(1_i64), Dynamic::from("a,b")];
        assert_eq!(key(Dynamic::from_array(a)), "[1,\"a,b\"]");
        let mut m = Map::new();
        m.insert("b".into(), Dynamic::from(true));
        m.insert("a".into(), Dynamic::from_array(vec![]));
        assert_eq!(key(Dynamic::from_map(m)), "#{\"a\":[],\"b\":true}");
    }

    #[test]
    fn floats_and_deep_nesting_are_refused() {
        assert!(ScriptPosition::new(Dynamic::from(1.5_f64), 8)
            .unwrap_err()
            .contains("f64"));
        let mut v = Dynamic::from(0_i64);
        for _ in 0..10 {
            v = Dynamic::from_array(vec![v]);
        }
        assert!(ScriptPosition::new(v, 8).unwrap_err().contains("deeply"));
    }
}
