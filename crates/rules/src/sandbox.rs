//! The sandbox a rules file runs in: a rhai engine with no way out and a
//! bound on everything a call can consume.
//!
//! rhai has no file, network or process access of its own; the engine is
//! built with [`Engine::new_raw`], so it also has no module resolver
//! (`import` finds nothing). `print` cannot write to stdout: its lines
//! are kept, bounded ([`Printed`]), and the answer carries them as notes;
//! `debug` goes nowhere. `eval` is disabled so that the code run is the
//! code that was checked at load time.

use grundy_engine::Deadline;
use rhai::packages::{Package, StandardPackage};
use rhai::{Engine, EvalAltResult};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The bounds on a rules file. Every limit hit stops the call and is
/// reported naming the limit (exit status 2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sandbox {
    /// Most rhai operations in one call of a rules function.
    pub max_operations: u64,
    /// Most nested function calls (recursion depth).
    pub max_call_depth: usize,
    /// Longest string, in bytes.
    pub max_string_size: usize,
    /// Most elements of an array (nested arrays counted together).
    pub max_array_size: usize,
    /// Most entries of an object map (nested maps counted together).
    pub max_map_size: usize,
    /// Deepest nesting of arrays and maps in a position.
    pub max_position_depth: usize,
}

impl Default for Sandbox {
    /// A million operations a call (about a tenth of a second), 32 nested
    /// calls, 64 KiB strings, 65536-element arrays, 4096-entry maps,
    /// positions nested 32 deep: far more than a game's `moves` needs, far
    /// less than hurts the machine.
    fn default() -> Self {
        Sandbox {
            max_operations: 1_000_000,
            max_call_depth: 32,
            max_string_size: 1 << 16,
            max_array_size: 1 << 16,
            max_map_size: 1 << 12,
            max_position_depth: 32,
        }
    }
}

/// The deadline of the command a script's calls belong to: the engine's
/// [`Deadline`], started by the family at every command on the family's
/// clock (its `Limits`) and handed down here ([`crate::ScriptGame::start_deadline`]);
/// checked by the engine every 64 operations and before every
/// call. Without a clock (wasm32-unknown-unknown) it never passes: the
/// front end bounds time itself (the page ends its worker).
///
/// It holds the command's memory budget too ([`Limits::max_memory`],
/// `u64::MAX` until set), checked every 64 operations: a file building a
/// map in a loop held 36 MB under `--max-memory 16M`, the budget read only
/// where the engine counts states.
///
/// [`Limits::max_memory`]: grundy_engine::Limits::max_memory
#[derive(Debug, Default)]
pub(crate) struct CommandDeadline(Mutex<Option<Deadline>>, AtomicU64);

impl CommandDeadline {
    /// The deadline of the command starting now.
    pub(crate) fn set(&self, deadline: Deadline) {
        if let Ok(mut d) = self.0.lock() {
            *d = Some(deadline);
        }
    }

    /// The budget of the commands from now on, in bytes.
    pub(crate) fn set_memory(&self, max_memory: u64) {
        self.1
            .store(max_memory.saturating_add(1), Ordering::Relaxed);
    }

    /// The memory budget, if the process holds more than it (the counting
    /// allocator's figure; none without it).
    pub(crate) fn over_memory(&self) -> Option<u64> {
        let budget = self.1.load(Ordering::Relaxed).checked_sub(1)?;
        let held = grundy_engine::memory::allocated()?;
        (held > budget).then_some(budget)
    }

    /// The command's time limit, if it has run out.
    pub(crate) fn expired(&self) -> Option<Duration> {
        self.0.lock().ok()?.as_ref()?.check().err()
    }
}

/// The token the progress callback stops a script with when the time is up.
const TIME_TOKEN: &str = "grundy: time limit";

/// The token the progress callback stops a script with when the process
/// holds more than the memory budget.
const MEMORY_TOKEN: &str = "grundy: memory limit";

/// Most lines of `print` one command keeps.
pub const MAX_PRINTED_LINES: usize = 100;

/// Most bytes of `print` one command keeps (the lines' text).
pub const MAX_PRINTED_BYTES: usize = 10 * 1024;

/// The lines a rules file printed during one command: at most
/// [`MAX_PRINTED_LINES`] lines and [`MAX_PRINTED_BYTES`] bytes, the rest
/// counted. A `print` of text holding line breaks gives one line each.
/// Shared by every thread asking the family (a `batch` on several
/// threads): lines go to the answer that takes them first.
#[derive(Debug, Default)]
pub(crate) struct Printed(Mutex<PrintedLines>);

#[derive(Debug, Default)]
struct PrintedLines {
    lines: Vec<String>,
    bytes: usize,
    /// Lines printed past the bounds.
    cut: u64,
}

impl Printed {
    /// Keeps the lines of `text` within the bounds, counting the rest.
    pub(crate) fn push(&self, text: &str) {
        let Ok(mut p) = self.0.lock() else { return };
        for line in text.split('\n') {
            if p.lines.len() >= MAX_PRINTED_LINES || p.bytes + line.len() > MAX_PRINTED_BYTES {
                p.cut += 1;
            } else {
                p.bytes += line.len();
                p.lines.push(line.to_string());
            }
        }
    }

    /// The lines kept since the last call, as the answer's notes (`print:
    /// LINE`), with a last note saying how many lines were cut, if any.
    pub(crate) fn take(&self) -> Vec<String> {
        let Ok(mut p) = self.0.lock() else {
            return Vec::new();
        };
        let p = std::mem::take(&mut *p);
        let mut notes: Vec<String> = p.lines.iter().map(|l| format!("print: {l}")).collect();
        if p.cut > 0 {
            notes.push(format!(
                "print: {} more line{} cut: a command keeps at most {MAX_PRINTED_LINES} lines and {MAX_PRINTED_BYTES} bytes of print",
                p.cut,
                if p.cut == 1 { "" } else { "s" }
            ));
        }
        notes
    }
}

/// Builds the sandboxed engine; `print` writes to `printed`.
pub(crate) fn engine(
    sandbox: &Sandbox,
    clock: Arc<CommandDeadline>,
    printed: Arc<Printed>,
) -> Engine {
    let mut engine = Engine::new_raw();
    engine.register_global_module(StandardPackage::new().as_shared_module());
    engine
        .set_max_operations(sandbox.max_operations)
        .set_max_call_levels(sandbox.max_call_depth)
        .set_max_expr_depths(64, 64)
        .set_max_string_size(sandbox.max_string_size)
        .set_max_array_size(sandbox.max_array_size)
        .set_max_map_size(sandbox.max_map_size)
        .set_max_variables(1024)
        .set_max_functions(1024);
    engine.disable_symbol("eval");
    engine.on_print(move |text| printed.push(text));
    engine.on_debug(|_, _, _| {});
    engine.on_progress(move |ops| {
        // Memory and clock every 64 operations (a call checks the clock
        // on entry too): one operation may take milliseconds (a `pad` to
        // 60,000 characters took 5 ms, so 4,096 of them overran a
        // 0.2 s limit by 0.9 s).
        if ops & 0x3f != 0 {
            None
        } else if clock.over_memory().is_some() {
            Some(MEMORY_TOKEN.into())
        } else if clock.expired().is_some() {
            Some(TIME_TOKEN.into())
        } else {
            None
        }
    });
    engine
}

/// Describes a failed call in words, naming the limit when one was hit.
pub(crate) fn describe(err: &EvalAltResult, sandbox: &Sandbox, clock: &CommandDeadline) -> String {
    let mut inner = err;
    while let EvalAltResult::ErrorInFunctionCall(_, _, e, _) = inner {
        inner = e;
    }
    let at = location(inner.position());
    match inner {
        EvalAltResult::ErrorTooManyOperations(_) => format!(
            "operations limit hit: more than {} operations in one call{at}",
            sandbox.max_operations
        ),
        EvalAltResult::ErrorStackOverflow(_) => format!(
            "call depth limit hit: more than {} nested calls{at}",
            sandbox.max_call_depth
        ),
        EvalAltResult::ErrorDataTooLarge(what, _) => format!(
            "size limit hit: {what} too large (strings at most {} bytes, arrays at most {} elements, maps at most {} entries){at}",
            sandbox.max_string_size, sandbox.max_array_size, sandbox.max_map_size
        ),
        EvalAltResult::ErrorTerminated(token, _)
            if token.clone().into_string().is_ok_and(|t| t == MEMORY_TOKEN) =>
        {
            let budget = clock.1.load(Ordering::Relaxed).saturating_sub(1);
            format!(
                "memory limit hit: the process held more than {} MiB{at} (raise it with --max-memory)",
                budget >> 20
            )
        }
        EvalAltResult::ErrorTerminated(..) => match clock.expired() {
            Some(budget) => time_message(budget),
            None => format!("stopped{at}"),
        },
        EvalAltResult::ErrorRuntime(value, _) => format!("threw {value}{at}"),
        other => {
            // rhai's own text ends with " (line L, position C)"; ours says it
            // the same way for every error.
            let text = other.to_string();
            let text = text.split(" (line ").next().unwrap_or(&text).to_string();
            format!("{text}{at}")
        }
    }
}

/// The message of the total-time limit.
pub(crate) fn time_message(budget: Duration) -> String {
    format!(
        "time limit hit: the rules ran more than {:.3} s in total (raise it with --time-limit)",
        budget.as_secs_f64()
    )
}

/// ` at line L, column C` for a known position in the file, else nothing.
pub(crate) fn location(pos: rhai::Position) -> String {
    match (pos.line(), pos.position()) {
        (Some(l), Some(c)) => format!(" at line {l}, column {c}"),
        (Some(l), None) => format!(" at line {l}"),
        _ => String::new(),
    }
}
