//! The game families. Each module implements one family and exposes a
//! `REGISTRATION`; [`registry`] lists them all.

use grundy_engine::Registration;

/// Every built-in game family, in the order `grundy games` lists them.
pub fn registry() -> Vec<Registration> {
    vec![]
}

/// The family registered under `name`, if any.
pub fn find(name: &str) -> Option<Registration> {
    registry().into_iter().find(|r| r.name == name)
}
