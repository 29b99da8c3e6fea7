//! How a family is listed and built: its name, rules, syntax, example
//! and options ([`BuiltIn`] at compile time, [`Registration`] at run
//! time), and the options given on the command line ([`GameOptions`]).

use crate::Family;
use grundy_engine::{GameError, Limits};
use std::collections::BTreeMap;
use std::sync::Arc;

/// A game-specific command-line option, as listed by `grundy games`.
/// Built-in families declare theirs as constants; a family made at run
/// time (a rules file) takes none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// The option's name without dashes, e.g. `max`.
    pub name: &'static str,
    /// The placeholder of its value, e.g. `M`.
    pub value: &'static str,
    /// What it means.
    pub help: &'static str,
    /// Whether the game cannot be built without it.
    pub required: bool,
    /// Whether it gives the position (used when no position argument
    /// does, as hackenbush's `--edges`): giving both is refused.
    pub position: bool,
}

/// Builds a family from its game options, under search limits. Shared,
/// so registrations made at run time can capture what they need (the
/// text of a rules file, say).
pub type Builder = Arc<dyn Fn(&GameOptions, &Limits) -> Result<Family, GameError> + Send + Sync>;

/// A built-in family's registration, fixed at compile time: each family
/// module exposes one as a constant and the games crate lists them.
/// [`Registration::from`] turns it into the run-time record front ends use.
#[derive(Clone, Copy)]
pub struct BuiltIn {
    /// The name used on the command line.
    pub name: &'static str,
    /// The rules in one line.
    pub rules: &'static str,
    /// The position syntax.
    pub syntax: &'static str,
    /// A complete example of the arguments after the game name.
    pub example: &'static str,
    /// Game-specific options.
    pub options: &'static [OptionSpec],
    /// Builds the family from its options.
    pub build: BuildFn,
}

/// The build function of a [`BuiltIn`].
pub type BuildFn = fn(&GameOptions, &Limits) -> Result<Family, GameError>;

/// Everything a front end needs to list and build a family. Made from a
/// [`BuiltIn`] or at run time with [`Registration::new`]; cheap to clone.
#[derive(Clone)]
pub struct Registration {
    /// The name used on the command line.
    pub name: String,
    /// The rules in one line.
    pub rules: String,
    /// The position syntax.
    pub syntax: String,
    /// A complete example of the arguments after the game name.
    pub example: String,
    /// Game-specific options.
    pub options: Vec<OptionSpec>,
    build: Builder,
}

impl Registration {
    /// A registration made at run time: `build` makes the family from its
    /// options and limits.
    pub fn new(
        name: impl Into<String>,
        rules: impl Into<String>,
        syntax: impl Into<String>,
        example: impl Into<String>,
        options: Vec<OptionSpec>,
        build: impl Fn(&GameOptions, &Limits) -> Result<Family, GameError> + Send + Sync + 'static,
    ) -> Self {
        Registration {
            name: name.into(),
            rules: rules.into(),
            syntax: syntax.into(),
            example: example.into(),
            options,
            build: Arc::new(build),
        }
    }

    /// Builds the family from its game options, under search limits.
    pub fn build(&self, options: &GameOptions, limits: &Limits) -> Result<Family, GameError> {
        (self.build)(options, limits)
    }
}

impl From<BuiltIn> for Registration {
    fn from(b: BuiltIn) -> Self {
        Registration::new(
            b.name,
            b.rules,
            b.syntax,
            b.example,
            b.options.to_vec(),
            b.build,
        )
    }
}

impl From<&BuiltIn> for Registration {
    fn from(b: &BuiltIn) -> Self {
        Registration::from(*b)
    }
}

impl From<&Registration> for Registration {
    fn from(r: &Registration) -> Self {
        r.clone()
    }
}

impl std::fmt::Debug for Registration {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Registration")
            .field("name", &self.name)
            .field("options", &self.options)
            .finish_non_exhaustive()
    }
}

/// Game-specific options as given on the command line (`--max 10` is
/// stored as `max` -> `10`), with typed, error-reporting getters.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameOptions {
    values: BTreeMap<String, String>,
}

impl GameOptions {
    /// Options from (name, value) pairs.
    pub fn new<I: IntoIterator<Item = (String, String)>>(pairs: I) -> Self {
        GameOptions {
            values: pairs.into_iter().collect(),
        }
    }

    /// Sets one option.
    pub fn set(&mut self, name: &str, value: &str) {
        self.values.insert(name.to_string(), value.to_string());
    }

    /// The raw text of option `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.values.get(name).map(String::as_str)
    }

    /// The names of every option given.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.values.keys().map(String::as_str)
    }

    /// Option `name`, which must be present.
    pub fn required(&self, name: &str) -> Result<&str, GameError> {
        self.get(name)
            .ok_or_else(|| GameError::Input(format!("missing option --{name}")))
    }

    /// Option `name` as a whole number in `min..=max`, if present.
    pub fn u64_in(&self, name: &str, min: u64, max: u64) -> Result<Option<u64>, GameError> {
        self.get(name)
            .map(|s| {
                parse_u64_in(s, min, max).map_err(|e| GameError::Input(format!("--{name}: {e}")))
            })
            .transpose()
    }

    /// Option `name` as a comma-separated list of whole numbers in
    /// `min..=max`, if present.
    pub fn list_in(&self, name: &str, min: u64, max: u64) -> Result<Option<Vec<u64>>, GameError> {
        let Some(s) = self.get(name) else {
            return Ok(None);
        };
        s.split(',')
            .map(|t| parse_u64_in(t.trim(), min, max))
            .collect::<Result<Vec<_>, _>>()
            .map(Some)
            .map_err(|e| GameError::Input(format!("--{name}: {e}")))
    }
}

/// Parses a whole number in `min..=max`, with a message that names the
/// text and what was wrong with it.
pub fn parse_u64_in(s: &str, min: u64, max: u64) -> Result<u64, String> {
    if s.is_empty() {
        return Err("expected a whole number, found nothing".into());
    }
    if s.starts_with('-') && s.len() > 1 && s[1..].bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "'{s}' is negative; expected a whole number >= {min}"
        ));
    }
    if !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("'{s}' is not a whole number"));
    }
    let v: u64 = s
        .parse()
        .map_err(|_| format!("'{s}' is too large; the largest allowed is {max}"))?;
    if v < min {
        return Err(format!("'{s}' is too small; the least allowed is {min}"));
    }
    if v > max {
        return Err(format!("'{s}' is too large; the largest allowed is {max}"));
    }
    Ok(v)
}
