// Runs the engine (WebAssembly) off the page's thread. Messages in:
// {id, op, args}; out: {id, ok: true, result} with the parsed JSON answer,
// or {id, ok: false, error, fatal}. `fatal` means the module trapped (a bug):
// its state can no longer be trusted, so the page starts a new worker.
import init, { games, analyze, explain, table, seq, quotient, quotientText, Match } from './pkg/grundy_wasm.js';

// The match being played (one at a time), kept here between its calls.
let game = null;

function playing() {
  if (!game) throw new Error('no game is being played: start one with "Play against the engine"');
  return game;
}

const ops = {
  games, analyze, explain, table, seq, quotient, quotientText,
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
const ready = init();

self.onmessage = async (event) => {
  const { id, op, args } = event.data;
  try {
    await ready;
    const fn = ops[op];
    if (!fn) throw new Error(`unknown operation ${op}`);
    self.postMessage({ id, ok: true, result: JSON.parse(fn(...args)) });
  } catch (err) {
    const fatal = err instanceof WebAssembly.RuntimeError;
    const text = err && err.message ? err.message : String(err);
    self.postMessage({ id, ok: false, fatal, error: fatal ? `internal error: ${text}` : text });
  }
};
