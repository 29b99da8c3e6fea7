//! Between Python and the api: Python values read as the command line's
//! words (options, limits, positions), a game of the registry found from
//! them, answers turned into Python objects and errors into Python
//! exceptions whose messages name the Python keywords. Shared by the
//! functions of the module, `Game` and `Match`.

use grundy_api::{request, GameError, GameOptions, Limits, Registration, SearchError};
use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use serde::Serialize;

create_exception!(
    grundy,
    GrundyError,
    PyValueError,
    "Every error of grundy that is not a bug: bad input (InputError, RulesError) or a search limit hit (LimitError). A ValueError.\n\nExample: `except grundy.GrundyError as e: print(e)`."
);
create_exception!(
    grundy,
    InputError,
    GrundyError,
    "Input the command line would reject: an unknown game or option, a malformed position, a number out of range, a limit or thread count that is no number. The message names the Python keyword (`time_limit=`, not `--time-limit`).\n\nExample: `grundy.analyze(\"nim\", \"3 x\")` raises InputError(\"'x' is not a whole number ...\")."
);
create_exception!(
    grundy,
    LimitError,
    GrundyError,
    "A search stopped at a limit (states, time or memory); the message names the limit and the keyword that raises it.\n\nExample: `grundy.analyze(\"kayles\", \"60\", misere=True, max_states=50)` raises LimitError."
);
create_exception!(
    grundy,
    RulesError,
    InputError,
    "A game's own rules failed: a rules file threw or answered something that is no position, or a `moves`/`components` callable of a `Game` returned something that is not a list of positions (an int or a tuple of ints each). The message names the call and what was wrong. An exception raised by the callable itself is raised as it is, not as RulesError.\n\nExample: `Game(moves=lambda p: None).analyze(3)` raises RulesError(\"game 'custom': moves(3) returned None (a NoneType), not a list of positions ...\")."
);

/// Command-line flags and the Python keywords that stand for them in
/// messages. A flag followed by `: ` loses the colon (`time_limit= '-1'
/// is not ...`), one followed by a value is joined to it (`max_heap=12`).
const KEYWORDS: [(&str, &str); 11] = [
    ("max-states", "max_states="),
    ("time-limit", "time_limit="),
    ("max-memory", "max_memory="),
    ("threads", "threads="),
    ("max-heap", "max_heap="),
    ("max-moves", "max_moves="),
    ("outcome-only", "outcome_only=True"),
    ("misere", "misere=True"),
    ("explain", "explain=True"),
    ("genus", "genus=True"),
    ("checkpoint", "checkpoint="),
];

/// `message` (the command line's words) with every flag the Python
/// package spells otherwise named as in Python: the keywords of
/// [`KEYWORDS`], a game option of `options` as `options['NAME']`, a
/// leading `-n` as `n=`. Other flags (`--checkpoint-every`, `--mpi`) have
/// no Python spelling and stay.
pub(crate) fn keywords(message: &str, options: &[&str]) -> String {
    let message = message
        .replace("--max-memory; in Python, max_memory=", "--max-memory")
        .replace("unknown option '--", "unknown option '");
    // `missing option --set S for ...` -> `missing option options={'set': S} for ...`.
    let message = match message.strip_prefix("missing option --").and_then(|r| {
        let (name, r) = r.split_once(' ')?;
        let (value, r) = r.split_once(' ')?;
        options
            .contains(&name)
            .then(|| format!("missing option options={{'{name}': {value}}} {r}"))
    }) {
        Some(m) => m,
        None => message,
    };
    let message = if let Some(rest) = message.strip_prefix("-n: ") {
        format!("n= {rest}")
    } else if let Some(rest) = message.strip_prefix("-n ") {
        format!("n={rest}")
    } else {
        message
    };
    let mut out = String::with_capacity(message.len());
    let mut rest = message.as_str();
    while let Some(at) = rest.find("--") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let len = after
            .find(|c: char| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'))
            .unwrap_or(after.len());
        let name = &after[..len];
        let tail = &after[len..];
        let spelled = KEYWORDS
            .iter()
            .find(|(flag, _)| *flag == name)
            .map(|(_, kw)| kw.to_string())
            .or_else(|| {
                options
                    .contains(&name)
                    .then(|| format!("options['{name}']"))
            });
        match spelled {
            None => {
                out.push_str("--");
                out.push_str(name);
                rest = tail;
            }
            Some(kw) => {
                // `--edges "a-b b-c"`, a game option with a quoted value:
                // `options={'edges': 'a-b b-c'}`, as Python writes it.
                let quoted = (!kw.ends_with('='))
                    .then(|| tail.strip_prefix(" \""))
                    .flatten()
                    .and_then(|v| v.split_once('"'));
                if let Some((value, after)) = quoted {
                    out.push_str(&format!("options={{'{name}': '{value}'}}"));
                    rest = after;
                    continue;
                }
                out.push_str(&kw);
                rest = if kw.ends_with('=') {
                    // `--x: why` -> `x= why`; `--x 12` -> `x=12`.
                    match tail.strip_prefix(": ") {
                        Some(why) => {
                            out.push(' ');
                            why
                        }
                        None => tail
                            .strip_prefix(' ')
                            .filter(|v| v.starts_with(|c: char| c.is_ascii_alphanumeric()))
                            .unwrap_or(tail),
                    }
                } else {
                    tail
                };
            }
        }
    }
    out.push_str(rest);
    out
}

/// The Python exception for `e`, its message the command line's (after
/// `error: `) with the Python keywords ([`keywords`]; `options`: the game's
/// own options). Input errors are `InputError`, a failure of a game's
/// rules `RulesError`, a limit hit `LimitError`, a bug `RuntimeError`.
pub(crate) fn py_err_for(e: GameError, options: &[&str]) -> PyErr {
    let message = keywords(&request::message(&e), options);
    match e {
        GameError::Input(_) => InputError::new_err(message),
        GameError::Search(SearchError::Rules(_)) => RulesError::new_err(message),
        GameError::Search(SearchError::Cycle(_)) => InputError::new_err(message),
        GameError::Search(_) => LimitError::new_err(message),
        GameError::Internal(_) => PyRuntimeError::new_err(message),
    }
}

/// [`py_err_for`] for a game without options of its own.
pub(crate) fn py_err(e: GameError) -> PyErr {
    py_err_for(e, &[])
}

/// `value` serialised to JSON and read back by Python's `json` module:
/// the very document the command line prints, as Python objects.
pub(crate) fn to_python<'py, T: Serialize>(
    py: Python<'py>,
    value: &T,
) -> PyResult<Bound<'py, PyAny>> {
    let text = serde_json::to_string(value).map_err(|e| {
        py_err(GameError::Internal(format!(
            "cannot serialise the answer: {e}"
        )))
    })?;
    py.import("json")?.call_method1("loads", (text,))
}

/// The text of an option or limit given as a Python value: a string as it
/// is, an int or float as Python prints it, a list or tuple as its items
/// joined by commas (`set=[1, 3, 4]` is `--set 1,3,4`). `what` names the
/// argument in the error for any other type.
pub(crate) fn option_text(value: &Bound<'_, PyAny>, what: &str) -> PyResult<String> {
    if value.is_instance_of::<PyList>() || value.is_instance_of::<PyTuple>() {
        let items = value
            .try_iter()?
            .map(|item| option_text(&item?, what))
            .collect::<PyResult<Vec<_>>>()?;
        return Ok(items.join(","));
    }
    scalar_text(value, what).map_err(|_| {
        PyTypeError::new_err(format!(
            "{what}: expected a string, a number or a list of numbers, got {}",
            type_name(value)
        ))
    })
}

/// The name of `value`'s type.
pub(crate) fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".into())
}

/// The text of one value given as a Python string, int or float (not a
/// bool, not a list): a limit, a seed. `what` names the argument in the
/// `TypeError` for any other type.
pub(crate) fn scalar_text(value: &Bound<'_, PyAny>, what: &str) -> PyResult<String> {
    if let Ok(s) = value.cast::<PyString>() {
        return Ok(s.to_cow()?.to_string());
    }
    if (value.is_instance_of::<PyInt>() || value.is_instance_of::<PyFloat>())
        && !value.is_instance_of::<PyBool>()
    {
        return Ok(value.str()?.to_cow()?.to_string());
    }
    Err(PyTypeError::new_err(format!(
        "{what}: expected a number or a string, got {}",
        type_name(value)
    )))
}

/// The text of an int argument `what` (not a bool): its digits, for the
/// api's parser to check. Any other type is a `TypeError` naming `what`.
pub(crate) fn int_text(value: &Bound<'_, PyAny>, what: &str) -> PyResult<String> {
    if !value.is_instance_of::<PyInt>() || value.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!(
            "{what}: expected an int, got {}",
            type_name(value)
        )));
    }
    Ok(value.str()?.to_cow()?.into_owned())
}

/// The position's words: a string is split on white space, as the shell
/// splits the command line; a list or tuple gives the words themselves.
pub(crate) fn position_words(position: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if let Ok(s) = position.cast::<PyString>() {
        return Ok(s.to_cow()?.split_whitespace().map(str::to_string).collect());
    }
    if position.is_instance_of::<PyList>() || position.is_instance_of::<PyTuple>() {
        return position
            .try_iter()?
            .map(|w| option_text(&w?, "position"))
            .collect();
    }
    Err(PyTypeError::new_err(format!(
        "position: expected a string such as '3 4 5' or a list of words, got {}",
        position.get_type().name()?
    )))
}

/// The search limits as given in Python (`max_states=`, `time_limit=`,
/// `max_memory=`), as text; `None` where not given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct LimitTexts {
    pub(crate) max_states: Option<String>,
    pub(crate) time_limit: Option<String>,
    pub(crate) max_memory: Option<String>,
}

impl LimitTexts {
    /// Reads the keyword arguments (`None`: not given).
    pub(crate) fn read(
        max_states: Option<&Bound<'_, PyAny>>,
        time_limit: Option<&Bound<'_, PyAny>>,
        max_memory: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<LimitTexts> {
        let text = |v: Option<&Bound<'_, PyAny>>, what: &str| {
            v.filter(|v| !v.is_none())
                .map(|v| scalar_text(v, what))
                .transpose()
        };
        Ok(LimitTexts {
            max_states: text(max_states, "max_states")?,
            time_limit: text(time_limit, "time_limit")?,
            max_memory: text(max_memory, "max_memory")?,
        })
    }

    /// Whether none is given.
    pub(crate) fn is_empty(&self) -> bool {
        *self == LimitTexts::default()
    }

    /// These limits, each one not given taken from `base`.
    pub(crate) fn over(&self, base: &LimitTexts) -> LimitTexts {
        LimitTexts {
            max_states: self.max_states.clone().or_else(|| base.max_states.clone()),
            time_limit: self.time_limit.clone().or_else(|| base.time_limit.clone()),
            max_memory: self.max_memory.clone().or_else(|| base.max_memory.clone()),
        }
    }

    /// The engine's limits, checked as the command line checks its flags
    /// (the defaults where not given), with the Python keywords in the
    /// messages.
    pub(crate) fn limits(&self) -> PyResult<Limits> {
        request::limits(
            self.max_states.as_deref(),
            self.time_limit.as_deref(),
            self.max_memory.as_deref(),
        )
        .map_err(py_err)
    }
}

/// The game `name` of the registry with `options` (a dict of the game's
/// own options without dashes), checked with the command line's messages.
pub(crate) fn registry_game(
    name: &str,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<(Registration, GameOptions)> {
    let registration = request::find_game(&grundy_games::registry(), name).map_err(py_err)?;
    let mut pairs = Vec::new();
    if let Some(options) = options {
        for (k, v) in options.iter() {
            let key = k
                .cast::<PyString>()
                .map_err(|_| PyTypeError::new_err("options: the names must be strings"))?
                .to_cow()?
                .trim_start_matches("--")
                .to_string();
            let value = option_text(&v, &format!("options['{key}']"))?;
            pairs.push((key, value));
        }
    }
    let names: Vec<&str> = registration.options.iter().map(|o| o.name).collect();
    let options = request::game_options(&registration, pairs).map_err(|e| py_err_for(e, &names))?;
    Ok((registration, options))
}
