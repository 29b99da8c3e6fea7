// The page: picks a game from the registry, analyses positions, plays
// against the engine, plots one-heap values. Every computation goes to the
// worker (worker.js); the page enforces the time limit by terminating it.

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

/** The value line: the Sprague-Grundy value, finite or loopy, or why none. */
function valueText(a) {
  if (a.value != null) return `Sprague-Grundy value ${a.value}`;
  if (a.loopy_value != null) {
    return `generalized Sprague-Grundy value ${a.loopy_value} (infinite: play can go on for ever)`;
  }
  return a.play === 'misere' ? 'misère play: no Sprague-Grundy value' : 'value not computed';
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

// ---- play against the engine ----

const match = { position: '', over: true };

function playerToMoveLoses() {
  // Normal play: who cannot move loses; misère: wins.
  return !$('misere').checked;
}

async function startMatch() {
  const start = $('position').value.trim();
  say('');
  $('match').hidden = false;
  $('match-start').textContent = `${$('game').value} ${start}`;
  match.over = false;
  await humanTurn(start, null);
}

async function humanTurn(position, engineMoved) {
  match.position = position;
  $('match-position').textContent = position || '(empty)';
  const box = $('match-moves');
  box.replaceChildren();
  const game = $('game').value;
  const options = JSON.stringify(optionValues());
  try {
    const [moves, a] = await Promise.all([
      ask('moves', game, options, position, null),
      ask('analyze', game, options, position, $('misere').checked, false, null),
    ]);
    const before = engineMoved ? `The engine played ${engineMoved}. ` : '';
    if (moves.length === 0) {
      match.over = true;
      $('match-status').textContent = before + (playerToMoveLoses()
        ? 'You cannot move: the engine wins.' : 'You cannot move: you win (misère play).');
      return;
    }
    const hint = a.outcome === 'N' ? 'You can force a win.' : a.outcome === 'P' ? 'Every move loses against best play.' : 'Best play draws.';
    $('match-status').textContent = `${before}Your move. ${hint}`;
    for (const m of moves) {
      box.append(button(`${m.move}  →  ${m.to}`, () => humanMoved(m)));
    }
  } catch (err) {
    $('match-status').textContent = 'The game stopped.';
    sayError(err);
  }
}

async function humanMoved(m) {
  if (match.over) return;
  $('match-moves').replaceChildren();
  const game = $('game').value;
  const options = JSON.stringify(optionValues());
  const misere = $('misere').checked;
  match.position = m.to;
  $('match-position').textContent = m.to;
  $('match-status').textContent = `You played ${m.move}. The engine is thinking…`;
  try {
    const replies = await ask('moves', game, options, m.to, null);
    if (replies.length === 0) {
      match.over = true;
      $('match-status').textContent = `You played ${m.move}. The engine cannot move: ` +
        (playerToMoveLoses() ? 'you win.' : 'the engine wins (misère play).');
      return;
    }
    const reply = await ask('engineMove', game, options, m.to, misere, null);
    await humanTurn(reply.to, reply.move);
  } catch (err) {
    $('match-status').textContent = 'The game stopped.';
    sayError(err);
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
    plot();
  });
  $('example').addEventListener('click', () => { loadExample(); analyzeNow(); plot(); });
  $('analyze').addEventListener('click', () => { analyzeNow(); plot(); });
  $('position').addEventListener('keydown', (e) => { if (e.key === 'Enter') analyzeNow(); });
  $('play').addEventListener('click', startMatch);
  $('match-stop').addEventListener('click', () => { match.over = true; $('match').hidden = true; });
  $('analyze').disabled = false;
  $('play').disabled = false;
  document.body.dataset.ready = 'true';
  if (linked && link.position !== null) await analyzeNow();
  plot();
}

main();
