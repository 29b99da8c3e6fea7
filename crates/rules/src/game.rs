//! A rules file as a game: [`ScriptGame`] implements the engine's
//! [`Rules`], [`Impartial`] and [`TextGame`] by calling the file's
//! functions, with the options and components of every position memoised
//! in Rust.

use crate::position::ScriptPosition;
use crate::sandbox::{self, CommandDeadline, Printed, Sandbox};
use grundy_engine::list_memo::ListMemo;
use grundy_engine::{Deadline, Impartial, Move, ParseError, Rules, RulesError, TextGame};
use rhai::{CallFnOptions, Dynamic, Engine, Map, Scope, AST};
use std::sync::{Arc, Mutex};

/// The functions a rules file defines, with their parameter counts and
/// whether they are required.
const FUNCTIONS: [(&str, usize, bool); 6] = [
    ("parse", 1, true),
    ("format", 1, true),
    ("moves", 1, true),
    ("components", 1, false),
    ("heap", 1, false),
    ("loopy", 0, false),
];

/// A game defined by a rules file. Cheap to clone (the compiled file, the
/// memo and the clock are shared).
#[derive(Clone)]
pub struct ScriptGame {
    inner: Arc<Inner>,
}

struct Inner {
    file: String,
    engine: Engine,
    ast: AST,
    sandbox: Sandbox,
    clock: Arc<CommandDeadline>,
    printed: Arc<Printed>,
    has_components: bool,
    has_heap: bool,
    loopy: bool,
    options: ListMemo<ScriptPosition>,
    components: ListMemo<ScriptPosition>,
    format_error: Mutex<Option<String>>,
}

/// What went wrong in one call, before it is worded for the caller.
type CallResult = Result<Dynamic, String>;

impl ScriptGame {
    /// Compiles the rules `source`, named `file` in every message, and
    /// checks that it defines `parse(text)`, `format(p)` and `moves(p)`
    /// (and that optional functions have the right parameters), then asks
    /// `loopy()` when it is defined.
    ///
    /// Errors: a syntax error (with line and column), a missing function
    /// or one with the wrong parameters, `loopy()` failing or not
    /// answering true or false.
    pub fn compile(file: &str, source: &str, sandbox: Sandbox) -> Result<ScriptGame, String> {
        let clock = Arc::new(CommandDeadline::default());
        let printed = Arc::new(Printed::default());
        let engine = sandbox::engine(&sandbox, clock.clone(), printed.clone());
        let ast = engine.compile(source).map_err(|e| {
            let pos = sandbox::location(e.position());
            let text = e.to_string();
            let text = text.split(" (line ").next().unwrap_or(&text).to_string();
            format!("rules file '{file}' does not parse: {text}{pos}")
        })?;
        let defined: Vec<(String, usize)> = ast
            .iter_functions()
            .map(|f| (f.name.to_string(), f.params.len()))
            .collect();
        let mut present = [false; FUNCTIONS.len()];
        for (i, (name, params, required)) in FUNCTIONS.iter().enumerate() {
            let arities: Vec<usize> = defined
                .iter()
                .filter(|(n, _)| n == name)
                .map(|&(_, a)| a)
                .collect();
            if arities.contains(params) {
                present[i] = true;
            } else if let Some(a) = arities.first() {
                return Err(format!(
                    "rules file '{file}': function {name} takes {params} parameter{}, not {a}",
                    if *params == 1 { "" } else { "s" }
                ));
            } else if *required {
                return Err(format!(
                    "rules file '{file}' defines no function {name}; a rules file defines parse(text), format(p) and moves(p)"
                ));
            }
        }
        let inner = Inner {
            file: file.to_string(),
            engine,
            ast,
            sandbox,
            clock,
            printed,
            has_components: present[3],
            has_heap: present[4],
            loopy: false,
            options: ListMemo::default(),
            components: ListMemo::default(),
            format_error: Mutex::default(),
        };
        let mut game = ScriptGame {
            inner: Arc::new(inner),
        };
        if present[5] {
            let answer = game
                .call("loopy", None)
                .map_err(|e| game.fail("loopy()", e))?;
            let loopy = answer
                .as_bool()
                .map_err(|t| game.fail("loopy()", format!("returned a {t}, not true or false")))?;
            if let Some(inner) = Arc::get_mut(&mut game.inner) {
                inner.loopy = loopy;
            }
        }
        Ok(game)
    }

    /// The file's name as given.
    pub fn file(&self) -> &str {
        &self.inner.file
    }

    /// Whether the file defines `heap(n)`.
    pub fn has_heap(&self) -> bool {
        self.inner.has_heap
    }

    /// Whether `loopy()` returned true.
    pub fn is_loopy(&self) -> bool {
        self.inner.loopy
    }

    /// The sandbox limits in force.
    pub fn sandbox(&self) -> &Sandbox {
        &self.inner.sandbox
    }

    /// Starts one command: every call of the file's functions from now
    /// on stops once `deadline` has passed (the time-limit error naming
    /// its limit), until the next command's. Made by the caller on the
    /// engine's clock ([`Deadline::start`]); [`Deadline::never`] for none.
    pub fn start_deadline(&self, deadline: Deadline) {
        self.inner.clock.set(deadline);
    }

    /// Stops every call of the file's functions from now on once the
    /// process holds more than `max_memory` bytes (read every 64
    /// operations), with the memory-limit error.
    pub fn limit_memory(&self, max_memory: u64) {
        self.inner.clock.set_memory(max_memory);
    }

    /// The first failure of `format` since the last call, if any:
    /// [`TextGame::format`] cannot fail, so it records the failure here
    /// and the family reports it after the command.
    pub fn take_format_error(&self) -> Option<String> {
        self.inner.format_error.lock().ok()?.take()
    }

    /// What the file printed since the last call, as notes for the
    /// answer (`print: LINE`), bounded: at most
    /// [`crate::MAX_PRINTED_LINES`] lines and [`crate::MAX_PRINTED_BYTES`]
    /// bytes, then a note saying how many lines were cut. The file's
    /// functions run once per position (their answers are kept), so a
    /// position's `moves` prints once per loaded file.
    pub fn take_printed(&self) -> Vec<String> {
        self.inner.printed.take()
    }

    /// The one-heap position `heap(n)`.
    pub fn heap(&self, n: u64) -> Result<ScriptPosition, RulesError> {
        let what = format!("heap({n})");
        let n = i64::try_from(n).map_err(|_| RulesError::new(self.fail(&what, "n too large")))?;
        let v = self
            .call("heap", Some(Dynamic::from(n)))
            .map_err(|e| RulesError::new(self.fail(&what, e)))?;
        self.position(v)
            .map_err(|e| RulesError::new(self.fail(&what, format!("returned {e}"))))
    }

    /// Calls function `name` with `arg` (none for `loopy`).
    fn call(&self, name: &str, arg: Option<Dynamic>) -> CallResult {
        let inner = &*self.inner;
        if let Some(budget) = inner.clock.expired() {
            return Err(sandbox::time_message(budget));
        }
        let options = CallFnOptions::new().eval_ast(false).rewind_scope(true);
        let mut scope = Scope::new();
        let args: Vec<Dynamic> = arg.into_iter().collect();
        inner
            .engine
            .call_fn_with_options::<Dynamic>(options, &mut scope, &inner.ast, name, args)
            .map_err(|e| sandbox::describe(&e, &inner.sandbox, &inner.clock))
    }

    /// `rules file 'F', WHAT: PROBLEM`.
    fn fail(&self, what: &str, problem: impl std::fmt::Display) -> String {
        format!("rules file '{}', {what}: {problem}", self.inner.file)
    }

    fn position(&self, v: Dynamic) -> Result<ScriptPosition, String> {
        ScriptPosition::new(v, self.inner.sandbox.max_position_depth)
    }

    /// The array a function returned, each element converted by `each`.
    fn array_of<T>(
        &self,
        v: Dynamic,
        mut each: impl FnMut(Dynamic) -> Result<T, String>,
    ) -> Result<Vec<T>, String> {
        let t = v.type_name();
        let a = v
            .into_array()
            .map_err(|_| format!("returned a {t}, not an array"))?;
        a.into_iter()
            .enumerate()
            .map(|(i, x)| {
                each(x).map_err(|e| format!("element {i} of the array it returned is {e}"))
            })
            .collect()
    }

    /// A move as `moves` returned it: a position, or a map `#{label, to}`.
    fn one_move(&self, x: Dynamic) -> Result<(Option<String>, ScriptPosition), String> {
        if x.is_map() {
            let mut m: Map = x.cast();
            if let Some(to) = m.remove("to") {
                let label = match m.remove("label") {
                    None => None,
                    Some(l) if l.is_string() => Some(l.into_string().unwrap_or_default()),
                    Some(l) => {
                        return Err(format!(
                            "a move whose label is a {}, not a string",
                            l.type_name()
                        ))
                    }
                };
                if let Some(k) = m.keys().next() {
                    return Err(format!(
                        "a move with an unknown field '{k}' (a move is #{{label: \"...\", to: position}})"
                    ));
                }
                return Ok((label, self.position(to)?));
            }
            // A map with a label is a move, not a position: without `to`
            // it would be taken for a position and fail later (as a cycle,
            // or a text format cannot round trip) far from the mistake.
            if m.contains_key("label") {
                return Err(
                    "a move with a label but no 'to' (a move is #{label: \"...\", to: position})"
                        .into(),
                );
            }
            return Ok((None, self.position(Dynamic::from_map(m))?));
        }
        Ok((None, self.position(x)?))
    }

    /// `moves(p)` as labels (where given) and positions.
    fn script_moves(
        &self,
        p: &ScriptPosition,
    ) -> Result<Vec<(Option<String>, ScriptPosition)>, RulesError> {
        let what = || format!("moves({})", p.key());
        let v = self
            .call("moves", Some(p.value().clone()))
            .map_err(|e| RulesError::new(self.fail(&what(), e)))?;
        self.array_of(v, |x| self.one_move(x))
            .map_err(|e| RulesError::new(self.fail(&what(), e)))
    }

    /// The text of `p`, or why `format` failed.
    fn try_format(&self, p: &ScriptPosition) -> Result<String, String> {
        let what = format!("format({})", p.key());
        let v = self
            .call("format", Some(p.value().clone()))
            .map_err(|e| self.fail(&what, e))?;
        let t = v.type_name();
        v.into_string()
            .map_err(|_| self.fail(&what, format!("returned a {t}, not a string")))
    }

    /// `parse(text)` without the round-trip check.
    fn parse_text(&self, text: &str) -> Result<ScriptPosition, String> {
        let v = self.call("parse", Some(Dynamic::from(text.to_string())))?;
        self.position(v).map_err(|e| format!("returned {e}"))
    }

    /// Checks that `p` is written as text that `parse` reads back as `p`,
    /// and returns the text.
    fn round_trip(&self, p: &ScriptPosition) -> Result<String, String> {
        let text = self.try_format(p)?;
        let words: Vec<&str> = text.split_whitespace().collect();
        let joined = words.join(" ");
        match self.parse_text(&joined) {
            Ok(q) if &q == p => Ok(text),
            Ok(q) => Err(self.fail(
                &format!("format({})", p.key()),
                format!("gives '{text}', which parse reads back as {}", q.key()),
            )),
            Err(e) => Err(self.fail(
                &format!("parse('{joined}')"),
                format!("rejects the text format gave for {}: {e}", p.key()),
            )),
        }
    }
}

impl Rules for ScriptGame {
    type Position = ScriptPosition;

    fn options(&self, p: &ScriptPosition) -> Result<Vec<ScriptPosition>, RulesError> {
        let list = self.inner.options.get_or_compute(p, || {
            Ok(self.script_moves(p)?.into_iter().map(|(_, q)| q).collect())
        })?;
        Ok(list.to_vec())
    }

    fn may_repeat(&self) -> bool {
        self.inner.loopy
    }
}

impl Impartial for ScriptGame {
    fn components(&self, p: &ScriptPosition) -> Result<Vec<ScriptPosition>, RulesError> {
        if !self.inner.has_components {
            return Ok(vec![p.clone()]);
        }
        let list = self.inner.components.get_or_compute(p, || {
            let what = || format!("components({})", p.key());
            let v = self
                .call("components", Some(p.value().clone()))
                .map_err(|e| RulesError::new(self.fail(&what(), e)))?;
            self.array_of(v, |x| self.position(x))
                .map_err(|e| RulesError::new(self.fail(&what(), e)))
        })?;
        Ok(list.to_vec())
    }
}

impl TextGame for ScriptGame {
    /// Calls `parse` on the arguments joined by single spaces, then checks
    /// that `format` writes the position as text `parse` reads back.
    fn parse(&self, args: &[&str]) -> Result<ScriptPosition, ParseError> {
        let text = args.join(" ");
        let p = self
            .parse_text(&text)
            .map_err(|e| ParseError::new(self.fail(&format!("parse('{text}')"), e)))?;
        self.round_trip(&p).map_err(ParseError::new)?;
        Ok(p)
    }

    /// The script's `format(p)`. A failure is recorded (see
    /// [`ScriptGame::take_format_error`]) and the canonical key is shown
    /// in its place.
    fn format(&self, p: &ScriptPosition) -> String {
        self.try_format(p).unwrap_or_else(|e| {
            if let Ok(mut slot) = self.inner.format_error.lock() {
                slot.get_or_insert(e);
            }
            p.key().to_string()
        })
    }

    /// The moves of `p`, each labelled by the script or, without a label,
    /// by the text of the position it leads to; every position reached is
    /// checked to read back through `format` and `parse`.
    fn moves(&self, p: &ScriptPosition) -> Result<Vec<Move<ScriptPosition>>, RulesError> {
        self.script_moves(p)?
            .into_iter()
            .map(|(label, to)| {
                let text = self.round_trip(&to).map_err(RulesError::new)?;
                Ok(Move {
                    label: label.unwrap_or(text),
                    to,
                })
            })
            .collect()
    }
}

impl std::fmt::Debug for ScriptGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ScriptGame")
            .field("file", &self.inner.file)
            .field("loopy", &self.inner.loopy)
            .finish_non_exhaustive()
    }
}
