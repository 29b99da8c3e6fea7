//! The family a page works on: built from the game's name, its options as
//! a JSON object and the state limit, and kept until a different one is
//! asked for; with the conversions every export shares (the play
//! convention, errors as JavaScript sees them, answers as JSON).

use grundy_api::{request, Family, GameError, Limits, Play, SearchError};
use std::cell::RefCell;
use std::sync::Arc;
use wasm_bindgen::prelude::*;

/// The family built last, with what it was built from and its title.
struct Built {
    game: String,
    options: String,
    max_states: Option<String>,
    family: Arc<Family>,
    /// The game as the command line names it (`subtraction --set
    /// 1,3,4`), the title of its text answers.
    title: String,
}

thread_local! {
    static LAST: RefCell<Option<Built>> = const { RefCell::new(None) };
}

/// Runs `f` on the family `game` built with `options` (a JSON object)
/// and `max_states`, reusing the last one built when they are the same.
pub(crate) fn with_family<T>(
    game: &str,
    options: &str,
    max_states: Option<&str>,
    f: impl FnOnce(&Family) -> Result<T, GameError>,
) -> Result<T, GameError> {
    with_titled_family(game, options, max_states, |family, _| f(family))
}

/// [`with_family`], `f` given the game's title too (as the command line
/// names it, made once with the family).
pub(crate) fn with_titled_family<T>(
    game: &str,
    options: &str,
    max_states: Option<&str>,
    f: impl FnOnce(&Family, &str) -> Result<T, GameError>,
) -> Result<T, GameError> {
    let (family, title) = kept(game, options, max_states)?;
    f(&family, &title)
}

/// The family `game` built with `options` (a JSON object) and
/// `max_states`: the last one built when they are the same.
pub(crate) fn family(
    game: &str,
    options: &str,
    max_states: Option<&str>,
) -> Result<Arc<Family>, GameError> {
    Ok(kept(game, options, max_states)?.0)
}

/// The family of [`family`] and its title.
fn kept(
    game: &str,
    options: &str,
    max_states: Option<&str>,
) -> Result<(Arc<Family>, String), GameError> {
    LAST.with(|last| {
        let mut last = last.borrow_mut();
        let same = last.as_ref().is_some_and(|b| {
            b.game == game && b.options == options && b.max_states.as_deref() == max_states
        });
        if !same {
            // The old family is dropped before the new one is built.
            *last = None;
        }
        let kept = match &mut *last {
            Some(b) => b,
            empty => {
                let (family, title) = build(game, options, max_states)?;
                empty.insert(Built {
                    family: Arc::new(family),
                    title,
                    game: game.to_string(),
                    options: options.to_string(),
                    max_states: max_states.map(str::to_string),
                })
            }
        };
        Ok((Arc::clone(&kept.family), kept.title.clone()))
    })
}

/// Forgets the family kept (its game's rules were replaced).
pub(crate) fn forget() {
    LAST.with(|last| *last.borrow_mut() = None);
}

/// Builds `game` (a built-in game, or a rules file defined on the page)
/// from its options (a JSON object of texts, or empty for none) under the
/// state limit `max_states` and no time limit; with the game's title as
/// the command line names it (`subtraction --set 1,3,4`), from the same
/// registration and options.
pub(crate) fn build(
    game: &str,
    options: &str,
    max_states: Option<&str>,
) -> Result<(Family, String), GameError> {
    let (registration, options) = registered(game, options)?;
    let limits = Limits {
        max_time: None,
        ..request::limits(max_states, None, None)?
    };
    let title = request::title(&registration, &options);
    Ok((registration.build(&options, &limits)?, title))
}

/// The registration of `game` and its `options` (a JSON object) read.
fn registered(
    game: &str,
    options: &str,
) -> Result<(grundy_api::Registration, grundy_api::GameOptions), GameError> {
    let registration = if crate::rules::is_rules_name(game) {
        crate::rules::find(game)?
    } else {
        request::find_game(&grundy_games::registry(), game)?
    };
    let options = request::game_options(&registration, option_pairs(options)?)?;
    Ok((registration, options))
}

/// The (name, value) pairs of a JSON object of options; numbers are taken
/// as their text, a leading `--` on a name is dropped.
fn option_pairs(options: &str) -> Result<Vec<(String, String)>, GameError> {
    if options.trim().is_empty() {
        return Ok(Vec::new());
    }
    let value: serde_json::Value = serde_json::from_str(options)
        .map_err(|e| GameError::Input(format!("options: not a JSON object: {e}")))?;
    let serde_json::Value::Object(map) = value else {
        return Err(GameError::Input(
            "options: expected a JSON object of option names and values".into(),
        ));
    };
    map.into_iter()
        .map(|(name, v)| {
            let text = match v {
                serde_json::Value::String(s) => s,
                serde_json::Value::Number(n) => n.to_string(),
                other => {
                    return Err(GameError::Input(format!(
                        "--{name}: expected text or a number, got {other}"
                    )))
                }
            };
            Ok((name.trim_start_matches("--").to_string(), text))
        })
        .collect()
}

/// Misère or normal play.
pub(crate) fn convention(misere: bool) -> Play {
    if misere {
        Play::Misere
    } else {
        Play::Normal
    }
}

/// `value` as compact JSON.
pub(crate) fn json<T: serde::Serialize>(value: &T) -> Result<String, GameError> {
    serde_json::to_string(value)
        .map_err(|e| GameError::Internal(format!("cannot serialise the answer: {e}")))
}

/// An error as JavaScript sees it: one line, the command line's words,
/// except the memory budget running out, which the page cannot raise:
/// that says how far the search got and what to try instead.
pub(crate) fn js_error(e: GameError) -> JsError {
    JsError::new(&error_text(&e))
}

/// The text of [`js_error`].
pub(crate) fn error_text(e: &GameError) -> String {
    match e {
        GameError::Search(SearchError::MemoryLimit(_)) => {
            grundy_api::messages::out_of_memory(grundy_api::memory::positions_held())
        }
        e => request::message(e),
    }
}

/// Largest heap a sequence may be asked for in the browser: the page
/// plots short sequences; longer ones belong to `grundy seq`.
pub const MAX_BROWSER_SEQ_N: u64 = 1_000_000;

/// `-n` as typed, checked as the command line does and against
/// [`MAX_BROWSER_SEQ_N`].
pub fn browser_seq_n(n: &str) -> Result<u64, GameError> {
    let n = request::seq_n(n)?;
    if n > MAX_BROWSER_SEQ_N {
        return Err(GameError::Input(format!(
            "-n: '{n}' is too large for the page; the largest allowed is {MAX_BROWSER_SEQ_N} (use `grundy seq` for more)"
        )));
    }
    Ok(n)
}
