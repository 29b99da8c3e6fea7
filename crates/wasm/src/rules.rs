//! Games the page's user writes: rules files in rhai, compiled by
//! [`grundy_rules`] in the same sandbox and with the same limits as
//! `--rules FILE` on the command line, registered under the file's name
//! beside the built-in games. The repository's examples (examples/rules)
//! are built in, so the page offers them without fetching anything.

use grundy_api::{GameError, Registration};
use std::cell::RefCell;

thread_local! {
    /// The rules files defined, newest last, one per name.
    static DEFINED: RefCell<Vec<(String, Registration)>> = const { RefCell::new(Vec::new()) };
}

/// Most rules files kept at once (the oldest is forgotten first).
const MAX_DEFINED: usize = 32;

/// The repository's example rules files: (name as the command line
/// takes it from the repository's root, text).
pub const EXAMPLES: [(&str, &str); 7] = [
    (
        "examples/rules/subtraction.rhai",
        include_str!("../../../examples/rules/subtraction.rhai"),
    ),
    (
        "examples/rules/stone.rhai",
        include_str!("../../../examples/rules/stone.rhai"),
    ),
    (
        "examples/rules/cycles.rhai",
        include_str!("../../../examples/rules/cycles.rhai"),
    ),
    (
        "examples/rules/game31.rhai",
        include_str!("../../../examples/rules/game31.rhai"),
    ),
    (
        "examples/rules/multiplication.rhai",
        include_str!("../../../examples/rules/multiplication.rhai"),
    ),
    (
        "examples/rules/cardbox.rhai",
        include_str!("../../../examples/rules/cardbox.rhai"),
    ),
    (
        "examples/rules/treblecross.rhai",
        include_str!("../../../examples/rules/treblecross.rhai"),
    ),
];

/// Whether `name` names a rules file (it ends in `.rhai`): such names
/// never clash with a built-in game's.
pub fn is_rules_name(name: &str) -> bool {
    name.ends_with(".rhai")
}

/// Compiles `source` as the rules file `name` (which must end in
/// `.rhai`) and keeps it under that name, replacing one of the same
/// name. Errors: the command line's for a file that does not compile or
/// lacks a function. Answers whether the text differs from the one kept
/// before under the name (answers made from that one are stale).
pub fn define(name: &str, source: &str) -> Result<(Registration, bool), GameError> {
    let name = name.trim();
    if !is_rules_name(name) || name.chars().any(char::is_whitespace) {
        return Err(GameError::Input(format!(
            "rules file name '{name}': a name without spaces ending in .rhai, as in my-game.rhai"
        )));
    }
    let registration =
        grundy_rules::registration_from_source(name, source, grundy_rules::Sandbox::default())?;
    let changed = DEFINED.with(|d| {
        let mut d = d.borrow_mut();
        let old = d.iter().position(|(n, _)| n == name);
        let changed = old.is_some();
        if let Some(i) = old {
            d.remove(i);
        }
        if d.len() >= MAX_DEFINED {
            d.remove(0);
        }
        d.push((name.to_string(), registration.clone()));
        changed
    });
    Ok((registration, changed))
}

/// The rules file defined under `name`.
pub fn find(name: &str) -> Result<Registration, GameError> {
    DEFINED
        .with(|d| {
            d.borrow()
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, r)| r.clone())
        })
        .ok_or_else(|| {
            GameError::Input(format!(
                "no rules file '{name}' is defined on this page: write it in the editor first"
            ))
        })
}
