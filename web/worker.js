// Runs the engine (WebAssembly) off the page's thread. Messages in:
// {id, op, args}; out: {id, ok: true, result} with the parsed JSON answer
// (bytes for a values file), or {id, ok: false, error, fatal, oom}.
// `fatal` means the module stopped (a trap): its state can no longer be
// trusted, so the page starts a new worker; `oom`, when memory ran out,
// holds the positions the search held then (the page asks the new worker
// for the words).
import init, {
  games, analyze, explain, view, plot, quotient, quotientText, Match,
  defineRules, rulesExamples, commandLine, valuesFile, grid,
  surveyPlan, surveyRow, surveyFailed, sheetRun, sheetFile, sheetLoad,
  begin, failedPositions, panicMessage, outOfMemory,
} from './pkg/grundy_wasm.js';

// The match being played (one at a time), kept here between its calls.
let game = null;

function playing() {
  if (!game) throw new Error('no game is being played: start one with "Play against the engine"');
  return game;
}

const ops = {
  games, analyze, explain, view, plot, quotient, quotientText, defineRules, rulesExamples, grid,
  surveyPlan, surveyRow, surveyFailed, sheetRun, sheetFile, sheetLoad,
  commandLine: (question) => JSON.stringify(commandLine(question)),
  outOfMemory: (positions) => JSON.stringify(outOfMemory(positions)),
  matchStart(...args) {
    game?.free();
    game = null;
    game = new Match(...args);
    return game.state();
  },
  matchIntro: () => playing().intro(),
  matchPlay: (index) => playing().play(index),
  matchEngine: () => playing().engineMove(),
  matchUndo: () => playing().undo(),
  matchHint: () => playing().hint(),
  matchRead: (typed) => String(playing().read(typed)),
};
// Answers that are bytes, not JSON.
const binary = { valuesFile };
const ready = init();

self.onmessage = async (event) => {
  const { id, op, args } = event.data;
  try {
    await ready;
    begin();
    if (binary[op]) {
      const bytes = binary[op](...args);
      self.postMessage({ id, ok: true, result: bytes }, [bytes.buffer]);
      return;
    }
    const fn = ops[op];
    if (!fn) throw new Error(`unknown operation ${op}`);
    self.postMessage({ id, ok: true, result: JSON.parse(fn(...args)) });
  } catch (err) {
    const fatal = err instanceof WebAssembly.RuntimeError;
    let text = err && err.message ? err.message : String(err);
    let oom = null;
    if (fatal) {
      // What the module noted before it stopped: a refused allocation or
      // a panic's message.
      try {
        const n = failedPositions();
        if (n >= 0) oom = n;
        else text = panicMessage() ?? text;
      } catch { /* the module cannot answer: the trap's own text */ }
    }
    self.postMessage({ id, ok: false, fatal, oom, error: fatal ? `internal error: ${text}` : text });
  }
};
