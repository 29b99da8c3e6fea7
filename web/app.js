// The page: picks a game from the registry, analyses positions, plays
// against the engine, plots one-heap values. Every computation goes to the
// worker (worker.js); the page enforces the time limit by terminating it.
// The answers and the rules of play are the engine's (the command line's
// JSON, the api's Match): the page only lays them out.

const $ = (id) => document.getElementById(id);

/** Raised when the time limit stopped a computation. */
class TimeLimit extends Error {}

/** The engine in a Web Worker, one request at a time, with a time limit. */
class Engine {
  constructor() {
    this.next = 0;
    this.pending = new Map();
    this.start();
  }

  start() {
    this.worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    this.worker.onmessage = (event) => {
      const { id, ok, result, error, fatal } = event.data;
      const p = this.pending.get(id);
      if (!p) return;
      this.pending.delete(id);
      clearTimeout(p.timer);
      if (fatal) this.restart();
      ok ? p.resolve(result) : p.reject(new Error(error));
    };
    this.worker.onerror = (event) => {
      const text = event.message || 'the engine could not be loaded';
      this.failAll(new Error(`internal error: ${text}`));
      this.restart();
    };
  }

  restart() {
    this.worker.terminate();
    this.start();
  }

  failAll(err) {
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(err);
    }
    this.pending.clear();
  }

  /** Runs `op(...args)` in the worker; rejects with TimeLimit after `seconds`. */
  call(op, args, seconds) {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        // Only terminating the worker stops a running computation; the
        // requests queued behind it stop with it, for the same reason.
        const err = new TimeLimit(
          `stopped after ${seconds} s: the time limit was reached. ` +
          'Try a smaller position or raise the time limit.');
        this.pending.delete(id);
        this.failAll(err);
        this.restart();
        reject(err);
      }, seconds * 1000);
      this.pending.set(id, { resolve, reject, timer });
      this.worker.postMessage({ id, op, args });
    });
  }
}

const engine = new Engine();
let registry = [];

/** The registration of the game selected. */
function current() {
  return registry.find((g) => g.name === $('game').value);
}

/** The options typed for the current game, as a JSON object of texts. */
function optionValues() {
  const values = {};
  for (const input of $('options').querySelectorAll('input')) {
    if (input.value.trim() !== '') values[input.dataset.option] = input.value.trim();
  }
  return values;
}

function seconds() {
  const s = Number($('limit').value);
  return Number.isFinite(s) && s > 0 ? Math.min(s, 600) : 10;
}

function ask(op, ...args) {
  return engine.call(op, args, seconds());
}

function say(text, kind = '') {
  $('message').textContent = text;
  $('message').className = kind;
}

function sayError(err) {
  say(err.message, err instanceof TimeLimit ? 'limit' : 'error');
}

/** Splits a `games --json` example (`grundy analyze bash --max 10 100`). */
function splitExample(game) {
  const words = game.example.split(/\s+/).slice(3);
  const options = {};
  const position = [];
  for (let i = 0; i < words.length; i++) {
    if (words[i].startsWith('--') && i + 1 < words.length) {
      options[words[i].slice(2)] = words[++i];
    } else {
      position.push(words[i]);
    }
  }
  return { options, position: position.join(' ') };
}

/** Shows the rules, syntax and option fields of the selected game. */
function showGame(options = {}) {
  const game = current();
  $('rules').textContent = `Rules: ${game.rules}`;
  $('syntax').textContent = `Position: ${game.syntax}`;
  const box = $('options');
  box.replaceChildren();
  for (const o of game.options) {
    const label = document.createElement('label');
    label.title = o.help;
    label.append(`--${o.name}${o.required ? ' (required)' : ''} `);
    const input = document.createElement('input');
    input.dataset.option = o.name;
    input.placeholder = o.value;
    input.value = options[o.name] ?? '';
    input.size = 12;
    label.append(input);
    const help = document.createElement('span');
    help.className = 'quiet';
    help.textContent = ` ${o.help}`;
    label.append(help);
    box.append(label);
  }
}

function loadExample() {
  const { options, position } = splitExample(current());
  showGame(options);
  $('position').value = position;
}

/** Puts the game, options, position and play into the address bar. */
function remember() {
  const params = new URLSearchParams();
  params.set('game', $('game').value);
  params.set('position', $('position').value.trim());
  if ($('misere').checked) params.set('misere', '1');
  if ($('outcome-only').checked) params.set('outcome-only', '1');
  for (const [k, v] of Object.entries(optionValues())) params.set(`opt.${k}`, v);
  history.replaceState(null, '', `?${params}`);
}

function button(text, onClick, className = '') {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  b.className = className;
  b.addEventListener('click', onClick);
  return b;
}

const WHO = {
  N: 'First player wins (N)',
  P: 'Second player wins (P)',
  D: 'Draw (D)',
};

/** Conway's notation of a genus, as the command line writes it: 4^146, 8^{10,8}. */
function genusText(g) {
  const m = g.misere;
  return m.every((x) => x < 10) ? `${g.normal}^${m.join('')}` : `${g.normal}^{${m.join(',')}}`;
}

/** The value line: the Sprague-Grundy value, finite or loopy, the genus, or why none. */
function valueText(a) {
  if (a.value != null) return `Sprague-Grundy value ${a.value}`;
  if (a.loopy_value != null) {
    return `loopy value ${a.loopy_value} (generalized Sprague-Grundy value)`;
  }
  if (a.play === 'misere') {
    return a.genus != null ? `misère play: genus ${genusText(a.genus)}` : 'misère play: no Sprague-Grundy value';
  }
  return 'value not computed';
}

/**
 * A list of moves as buttons that play them: `kind` is 'winning' or
 * 'drawing', `count` how many there are (more may exist than are listed).
 */
function moveList(kind, count, moves, what) {
  const head = document.createElement('p');
  const listed = count > moves.length ? ` (first ${moves.length} listed)` : '';
  head.textContent = `${count} ${kind} move${count === 1 ? '' : 's'}${listed}${what}; click one to play it:`;
  const list = document.createElement('div');
  list.className = `moves ${kind}`;
  for (const m of moves) {
    list.append(button(`${m.move}  →  ${m.to}`, () => {
      $('position').value = m.to;
      analyzeNow();
    }, kind));
  }
  return [head, list];
}

function showAnalysis(a) {
  $('result').hidden = false;
  $('outcome').textContent = `${a.game} ${a.position}: ${WHO[a.outcome]}${a.play === 'misere' ? ' in misère play' : ''}`;
  $('outcome').className = a.outcome;
  $('value').textContent = valueText(a);
  const moves = $('winning');
  moves.replaceChildren();
  const drawing = a.drawing_moves ?? [];
  if (a.winning_moves.length > 0) {
    moves.append(...moveList('winning', a.winning_move_count, a.winning_moves, ''));
  } else if (drawing.length > 0) {
    moves.append(...moveList('drawing', a.drawing_move_count, drawing,
      ' (no move wins; these keep the draw, every other move loses)'));
  } else if (a.winning_move_count == null && a.outcome !== 'P' && (a.notes ?? []).length > 0) {
    moves.textContent = `${a.outcome === 'D' ? 'Drawing' : 'Winning'} moves not listed (see the note below).`;
  } else if (a.winning_move_count == null && a.outcome !== 'P') {
    moves.textContent = `${a.outcome === 'D' ? 'Drawing' : 'Winning'} moves not examined (--outcome-only).`;
  } else if (a.outcome === 'N') {
    moves.textContent = 'No winning move listed.';
  } else if (a.outcome === 'P') {
    moves.textContent = 'Every move loses: the player to move cannot win against best play.';
  }
  const comps = $('components');
  comps.replaceChildren();
  const trivial = a.components.length === 1 && a.components[0].position === a.position;
  if (a.components.length > 0 && !trivial) {
    const table = document.createElement('table');
    const cap = document.createElement('caption');
    cap.textContent = 'Components (the position is their sum)';
    table.append(cap);
    for (const c of a.components) {
      const row = table.insertRow();
      row.insertCell().textContent = c.position;
      row.insertCell().textContent = c.value != null ? `value ${c.value}` : '';
    }
    comps.append(table);
  }
  $('table').replaceChildren();
  $('method').textContent = [`Method: ${a.method}`, ...(a.notes ?? []).map((n) => `Note: ${n}`)].join(' · ');
}

/**
 * Shows a family's table of many positions at once (`table` from the
 * engine: rows labelled, columns named as in the JSON answer), or nothing.
 */
function showTable(t) {
  const box = $('table');
  box.replaceChildren();
  if (!t) return;
  const table = document.createElement('table');
  table.className = 'grid';
  const cap = document.createElement('caption');
  cap.textContent = `Every ${t.row_name} at once (${t.columns.map((c) => c.name).join(', ')})`;
  table.append(cap);
  const head = table.createTHead().insertRow();
  for (const name of [t.row_name, ...t.columns.map((c) => c.name)]) {
    const th = document.createElement('th');
    th.textContent = name;
    head.append(th);
  }
  const body = table.createTBody();
  t.rows.forEach((label, i) => {
    const row = body.insertRow();
    const th = document.createElement('th');
    th.scope = 'row';
    th.textContent = label;
    row.append(th);
    for (const c of t.columns) {
      const cell = row.insertCell();
      cell.textContent = c.words[i] ?? '';
      cell.className = `word-${cell.textContent}`;
    }
  });
  box.append(table);
}

// Each analysis is numbered, so that an answer arriving after the next
// analysis started (a winning move clicked meanwhile) is dropped.
let analysisRun = 0;

async function analyzeNow() {
  const run = ++analysisRun;
  remember();
  say('Analysing…');
  const args = [$('game').value, JSON.stringify(optionValues()),
    $('position').value, $('misere').checked, $('outcome-only').checked, null];
  try {
    const a = await ask('analyze', ...args);
    if (run !== analysisRun) return;
    showAnalysis(a);
    say('');
    // The table comes from the analysis just made (kept by the engine).
    const t = await ask('table', ...args);
    if (run !== analysisRun) return;
    showTable(t);
  } catch (err) {
    if (run !== analysisRun) return;
    $('result').hidden = true;
    sayError(err);
    return;
  }
  explainNow(run, args);
}

/**
 * Shows the reasoning behind the analysis shown (the command line's
 * `--explain` text), asked for separately so that the analysis appears
 * first and a limit hit while explaining costs only the explanation.
 */
async function explainNow(run, args) {
  const text = $('why-text');
  text.textContent = 'Working out why…';
  text.className = 'pending';
  try {
    const doc = await ask('explain', ...args);
    if (run !== analysisRun) return;
    text.textContent = doc.explanation.text.join('\n');
    text.className = '';
  } catch (err) {
    if (run !== analysisRun) return;
    text.textContent = `No explanation: ${err.message}`;
  }
}

/** Plots the values of heaps 0..60 when the game has a one-heap sequence. */
async function plot() {
  $('plot').hidden = true;
  const game = $('game').value;
  let s;
  try {
    s = await ask('seq', game, JSON.stringify(optionValues()), '60');
  } catch {
    return; // not a heap game, or options not complete yet
  }
  if ($('game').value !== game) return;
  const w = 600, h = 160, pad = 18;
  const max = Math.max(1, ...s.values);
  const bw = (w - pad) / s.values.length;
  const parts = [`<svg viewBox="0 0 ${w} ${h + pad}" role="img" aria-label="values of heaps 0 to ${s.n}">`];
  s.values.forEach((v, k) => {
    const bh = (v / max) * (h - 10);
    parts.push(`<rect x="${pad + k * bw}" y="${h - bh}" width="${Math.max(1, bw - 1)}" height="${bh}"><title>heap ${k}: value ${v}</title></rect>`);
    if (k % 10 === 0) parts.push(`<text x="${pad + k * bw}" y="${h + 12}">${k}</text>`);
  });
  parts.push(`<text x="0" y="10">${max}</text><text x="0" y="${h}">0</text></svg>`);
  $('plot-svg').innerHTML = parts.join('');
  const p = s.period;
  $('plot-period').textContent = `${s.game}: ` + (p
    ? `period ${p.period}, pre-period ${p.preperiod} (${p.proven ? 'proven' : 'observed'})`
    : `no period found in heaps 0..${s.n}`);
  $('plot').hidden = false;
}

/** The quotient asked for last (answers to an older question are dropped). */
let quotientRun = 0;

/**
 * Shows the misère quotient of the selected game's heaps 0..N (the field;
 * empty: the command line's default), as `grundy quotient` prints it.
 */
async function quotientNow() {
  const run = ++quotientRun;
  const status = $('quotient-status');
  const text = $('quotient-text');
  text.hidden = true;
  status.textContent = 'Growing the quotient heap by heap…';
  status.className = 'pending';
  const heap = $('quotient-heap').value.trim();
  try {
    const printed = await ask('quotientText', $('game').value,
      JSON.stringify(optionValues()), heap === '' ? undefined : heap);
    if (run !== quotientRun) return;
    status.textContent = '';
    status.className = '';
    text.textContent = printed;
    text.hidden = false;
  } catch (err) {
    if (run !== quotientRun) return;
    status.textContent = err.message;
    status.className = err instanceof TimeLimit ? 'limit' : 'error';
  }
}

/** Forgets the quotient shown (another game or other options). */
function clearQuotient() {
  quotientRun++;
  $('quotient-text').hidden = true;
  $('quotient-status').textContent = '';
  $('quotient-status').className = '';
}

// ---- play against the engine ----
//
// The match lives in the engine (the api's Match, as `grundy play` plays
// it: turns, the engine's choice, hints, undo, the draw by repetition).
// Each call answers with the match's state; the page only renders it.

/** The match shown: its number (answers to an older match are dropped) and last state. */
const match = { run: 0, state: null, busy: false };

function ply(p) {
  return `${p.by === 'human' ? 'You' : 'The engine'}: ${p.move}  →  ${p.to}`;
}

/** What the status line says for `s`, the match's state. */
function statusText(s) {
  const st = s.status;
  if (st.state === 'won') {
    const reason = st.reason ? `${st.reason}. ` : '';
    return `${reason}${st.text} ${st.winner === 'human' ? 'You win.' : 'The engine wins.'}`;
  }
  if (st.state === 'drawn') return `${st.text} Draw.`;
  if (s.turn === 'engine') return 'The engine is thinking…';
  const last = s.history.at(-1);
  const before = last && last.by === 'engine' ? `The engine played ${last.move}. ` : '';
  return `${before}Your move.`;
}

/** Shows the match's state: position, history, status, moves to click, hint. */
function renderMatch(s, hint = s.hint ?? null) {
  match.state = s;
  $('match-position').textContent = s.position || '(empty)';
  $('match-ply').textContent = s.ply === 0 ? '(no move played yet)' : `(after ${s.ply} move${s.ply === 1 ? '' : 's'})`;
  $('match-status').textContent = statusText(s);
  $('match').dataset.state = s.status.state;
  $('match').dataset.turn = s.turn;
  const mine = s.history.filter((p) => p.by === 'human').at(-1);
  const last = s.history.at(-1);
  const comment = mine && mine.comment && (last === mine || s.history.at(-2) === mine) ? mine.comment : '';
  $('match-comment').textContent = comment;
  const history = $('match-history');
  history.replaceChildren(...s.history.map((p) => {
    const li = document.createElement('li');
    li.textContent = ply(p);
    return li;
  }));
  const box = $('match-moves');
  box.replaceChildren();
  const yours = s.status.state === 'ongoing' && s.turn === 'human';
  if (yours) {
    const good = new Set(hint ? hint.indices : []);
    const kind = hint && hint.outcome === 'D' ? 'drawing' : 'winning';
    s.moves.forEach((m, i) => {
      box.append(button(`${m.move}  →  ${m.to}`, () => humanMoved(i), good.has(i) ? kind : ''));
    });
  }
  $('match-hint').textContent = yours && hint ? hint.text : '';
  $('match-typed-row').hidden = !yours;
  $('match-hint-button').disabled = !yours;
  $('match-undo').disabled = !s.can_undo;
}

/** Asks the engine about the match, dropping the answer if a newer match began. */
async function matchCall(run, op, ...args) {
  busy(true);
  try {
    const result = await ask(op, ...args);
    return run === match.run ? result : null;
  } finally {
    if (run === match.run) busy(false);
  }
}

/** Whether a call about the match is under way (also marked on the section, for tests). */
function busy(on) {
  match.busy = on;
  $('match').dataset.busy = String(on);
}

/** The match cannot go on (a limit, or the engine was restarted). */
function matchStopped(run, err) {
  if (run !== match.run) return;
  $('match-status').textContent = 'The game stopped.';
  $('match').dataset.state = 'stopped';
  $('match-moves').replaceChildren();
  $('match-typed-row').hidden = true;
  $('match-hint-button').disabled = true;
  $('match-undo').disabled = true;
  sayError(err);
}

/** After a move: the engine replies while the match goes on and it is its turn. */
async function engineTurn(run, s) {
  renderMatch(s);
  if (s.status.state !== 'ongoing' || s.turn !== 'engine') return;
  const next = await matchCall(run, 'matchEngine');
  if (next) renderMatch(next);
}

async function startMatch() {
  const run = ++match.run;
  const start = $('position').value.trim();
  say('');
  remember();
  $('match').hidden = false;
  $('match-start').textContent = `${$('game').value} ${start}`;
  $('match-history').replaceChildren();
  $('match-moves').replaceChildren();
  $('match-comment').textContent = '';
  $('match-intro').textContent = '';
  $('match-hint').textContent = '';
  $('match-typed-error').textContent = '';
  $('match-status').textContent = 'Starting…';
  $('match').dataset.state = 'starting';
  const opts = JSON.stringify({ engine_first: $('engine-first').checked, hints: $('hints').checked });
  try {
    const s = await matchCall(run, 'matchStart', $('game').value, JSON.stringify(optionValues()),
      start, $('misere').checked, opts, null);
    if (!s) return;
    const intro = await matchCall(run, 'matchIntro');
    if (!intro) return;
    $('match-start').textContent = `${s.game} ${s.position}`;
    const rule = `${intro.play_rule[0].toUpperCase()}${intro.play_rule.slice(1)}.`;
    $('match-intro').textContent = [rule, intro.first, intro.start, intro.draw_rule]
      .filter((t) => t).join(' ');
    await engineTurn(run, s);
  } catch (err) {
    matchStopped(run, err);
  }
}

async function humanMoved(index) {
  const run = match.run;
  if (match.busy) return;
  $('match-moves').replaceChildren();
  $('match-typed-error').textContent = '';
  try {
    const s = await matchCall(run, 'matchPlay', index);
    if (s) await engineTurn(run, s);
  } catch (err) {
    matchStopped(run, err);
  }
}

/** A move typed as `grundy play` reads it: its number, label, position, or the game's notation. */
async function typedMove() {
  const run = match.run;
  const typed = $('match-typed').value.trim();
  if (match.busy || typed === '') return;
  try {
    const index = await matchCall(run, 'matchRead', typed);
    if (index === null) return;
    $('match-typed').value = '';
    $('match-typed-error').textContent = '';
    await humanMoved(index);
  } catch (err) {
    if (run !== match.run || err instanceof TimeLimit) {
      matchStopped(run, err);
      return;
    }
    // Not a move here: say why, and the match goes on.
    $('match-typed-error').textContent = err.message;
  }
}

async function undo() {
  const run = match.run;
  if (match.busy) return;
  try {
    const s = await matchCall(run, 'matchUndo');
    if (s) renderMatch(s);
  } catch (err) {
    matchStopped(run, err);
  }
}

async function hint() {
  const run = match.run;
  if (match.busy) return;
  try {
    const h = await matchCall(run, 'matchHint');
    if (h) renderMatch(match.state, h);
  } catch (err) {
    matchStopped(run, err);
  }
}

// ---- start ----

function readLink() {
  const params = new URLSearchParams(location.search);
  const options = {};
  for (const [k, v] of params) if (k.startsWith('opt.')) options[k.slice(4)] = v;
  return {
    game: params.get('game'),
    position: params.get('position'),
    misere: params.get('misere') === '1',
    outcomeOnly: params.get('outcome-only') === '1',
    options,
  };
}

async function main() {
  try {
    registry = await engine.call('games', [], 30);
  } catch (err) {
    sayError(err);
    return;
  }
  const select = $('game');
  select.replaceChildren(...registry.map((g) => new Option(g.name, g.name)));
  select.disabled = false;
  const link = readLink();
  const linked = registry.some((g) => g.name === link.game);
  select.value = linked ? link.game : 'nim';
  if (linked && link.position !== null) {
    showGame(link.options);
    $('position').value = link.position;
    $('misere').checked = link.misere;
    $('outcome-only').checked = link.outcomeOnly;
  } else {
    loadExample();
  }
  select.addEventListener('change', () => {
    loadExample();
    $('result').hidden = true;
    $('match').hidden = true;
    say('');
    clearQuotient();
    plot();
  });
  $('example').addEventListener('click', () => { loadExample(); analyzeNow(); plot(); });
  $('analyze').addEventListener('click', () => { analyzeNow(); plot(); });
  $('position').addEventListener('keydown', (e) => { if (e.key === 'Enter') analyzeNow(); });
  $('play').addEventListener('click', startMatch);
  $('match-undo').addEventListener('click', undo);
  $('match-typed').addEventListener('keydown', (e) => { if (e.key === 'Enter') typedMove(); });
  $('match-hint-button').addEventListener('click', hint);
  $('match-stop').addEventListener('click', () => { match.run++; busy(false); $('match').hidden = true; });
  $('quotient-button').addEventListener('click', quotientNow);
  $('quotient-heap').addEventListener('keydown', (e) => { if (e.key === 'Enter') quotientNow(); });
  $('analyze').disabled = false;
  $('play').disabled = false;
  $('quotient-button').disabled = false;
  document.body.dataset.ready = 'true';
  if (linked && link.position !== null) await analyzeNow();
  plot();
}

main();
