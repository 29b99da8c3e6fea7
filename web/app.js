// The page: picks a game from the registry (or a rules file written in
// its editor), analyses positions, plays against the engine, plots
// one-heap values and two-number heat maps, surveys lists of codes, and
// keeps every answer in a worksheet (which also runs typed lines with
// named results, and downloads and loads back as one file). Every
// computation goes to the worker (worker.js); the page enforces the time
// limit by terminating it. The answers, the rules of
// play, command lines and values files are the engine's (the command
// line's JSON, the api's Match): the page only lays them out.

const $ = (id) => document.getElementById(id);

/** Raised when the time limit stopped a computation. */
class TimeLimit extends Error {}

/** The engine in a Web Worker, one request at a time, with a time limit. */
class Engine {
  constructor() {
    this.next = 0;
    this.pending = new Map();
    // The rules files defined (name -> text), defined again in every new worker.
    this.rules = new Map();
    this.start();
  }

  start() {
    this.worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    for (const [name, source] of this.rules) {
      this.worker.postMessage({ id: -1, op: 'defineRules', args: [name, source] });
    }
    this.worker.onmessage = (event) => {
      const { id, ok, result, error, fatal, oom } = event.data;
      const p = this.pending.get(id);
      if (!p) return;
      this.pending.delete(id);
      clearTimeout(p.timer);
      if (fatal) this.restart();
      if (oom != null) {
        // Memory ran out: the new worker words it.
        this.call('outOfMemory', [oom], 10).then(
          (text) => p.reject(new Error(text)), () => p.reject(new Error(error)));
        return;
      }
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

  /** Defines a rules file in this worker and every later one; its games entry. */
  async define(name, source) {
    const entry = await this.call('defineRules', [name, source], 30);
    this.rules.delete(name);
    this.rules.set(name, source);
    return entry;
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

/** The state limit typed (`--max-states`), or null for the default. */
function maxStates() {
  const t = $('max-states').value.trim();
  return t === '' ? null : t;
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
  if (maxStates() !== null) params.set('max-states', maxStates());
  for (const [k, v] of Object.entries(optionValues())) params.set(`opt.${k}`, v);
  // A rules file travels with the link: its text.
  if (engine.rules.has($('game').value)) params.set('rules', engine.rules.get($('game').value));
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

/**
 * A list of moves as buttons that play them, under the engine's heading
 * (`2 winning moves:`); `kind` is 'winning' or 'drawing'.
 */
function moveList(heading, kind, moves) {
  const head = document.createElement('p');
  head.textContent = `${heading} (click one to play it)`;
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

/**
 * Shows an analysis laid out by the engine (`view`: the command line's
 * text part by part): headline, lines, moves as buttons, components and
 * the family's table as tables, method and notes.
 */
function showAnalysis(v) {
  $('result').hidden = false;
  $('outcome').textContent = v.headline;
  $('outcome').className = v.outcome;
  $('value').textContent = v.lines.join('\n');
  const moves = $('winning');
  moves.replaceChildren();
  if (v.moves.length > 0) {
    moves.append(...moveList(v.moves_heading, v.move_kind, v.moves.map((m) => ({ move: m.label, to: m.to }))));
  } else if (v.moves_heading != null) {
    moves.textContent = v.moves_heading;
  }
  const comps = $('components');
  comps.replaceChildren();
  if (v.components.length > 0) {
    comps.append(tableOf(v.components_heading, null, v.components.map((c) => [c.position, c.value ?? ''])));
  }
  $('table').replaceChildren(...(v.table ? [tableOf(v.table.caption, v.table.header, v.table.rows, 'grid')] : []));
  $('method').textContent = [v.method, ...v.notes].join(' · ');
  $('as-text').textContent = v.text;
}

/** A table: a caption, an optional heading row, rows of cells (a row's first cell heads it when there is a heading). */
function tableOf(caption, header, rows, className = '') {
  const table = document.createElement('table');
  table.className = className;
  const cap = document.createElement('caption');
  cap.textContent = caption;
  table.append(cap);
  if (header) {
    const head = table.createTHead().insertRow();
    for (const name of header) {
      const th = document.createElement('th');
      th.textContent = name;
      head.append(th);
    }
  }
  const body = table.createTBody();
  for (const cells of rows) {
    const row = body.insertRow();
    cells.forEach((text, i) => {
      if (header && i === 0) {
        const th = document.createElement('th');
        th.scope = 'row';
        th.textContent = text;
        row.append(th);
      } else {
        const cell = row.insertCell();
        cell.textContent = text;
        if (header) cell.className = `word-${text}`;
      }
    });
  }
  return table;
}

// Each analysis is numbered, so that an answer arriving after the next
// analysis started (a winning move clicked meanwhile) is dropped.
let analysisRun = 0;

async function analyzeNow() {
  const run = ++analysisRun;
  remember();
  say('Analysing…');
  const setup = currentSetup();
  const args = [setup.game, JSON.stringify(setup.options),
    setup.position, setup.misere, setup.outcomeOnly, setup.maxStates];
  try {
    const a = await ask('analyze', ...args);
    if (run !== analysisRun) return;
    // The layout of the analysis just made (kept by the engine).
    const v = await ask('view', ...args);
    if (run !== analysisRun) return;
    showAnalysis(v);
    say('');
    keep('analysis', v.headline, setup, a, { position: setup.position, misere: setup.misere,
      outcome_only: setup.outcomeOnly, max_states: setup.maxStates }, { view: v });
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

// ---- what is asked: the form as one object ----

/** The game, options, position, play and limits in the form. */
function currentSetup() {
  const game = $('game').value;
  const rules = engine.rules.has(game) ? { name: game, source: engine.rules.get(game) } : null;
  return {
    game, rules, options: optionValues(), position: $('position').value.trim(),
    misere: $('misere').checked, outcomeOnly: $('outcome-only').checked, maxStates: maxStates(),
  };
}

/** Puts `setup` back into the form (defining its rules file again when needed). */
async function restoreSetup(setup) {
  if (setup.rules && engine.rules.get(setup.rules.name) !== setup.rules.source) {
    await useRules(setup.rules.name, setup.rules.source);
  }
  $('game').value = setup.game;
  showGame(setup.options);
  $('position').value = setup.position;
  $('misere').checked = setup.misere;
  $('outcome-only').checked = setup.outcomeOnly;
  $('max-states').value = setup.maxStates ?? '';
  remember();
}

// ---- the worksheet ----
//
// Every answer shown is kept with the question that gave it: reopened
// from there, copied as the command line the engine writes for it, and
// downloaded (the answer's JSON; values as CSV or the binary values file;
// pictures as SVG or PNG).

const sheet = [];
let sheetNext = 1;

/** Where the worksheet is kept across reloads: this browser's storage for the page. */
const SHEET_KEY = 'grundy-worksheet';

/**
 * Keeps the worksheet in the browser's storage, so a reload (or the page
 * opened again) finds it. Past the storage's quota (about 5 MB) the oldest
 * entries are left out of what is kept, and the page says so.
 */
function saveSheet() {
  for (let first = 0; first <= sheet.length; first++) {
    try {
      if (first === sheet.length) {
        localStorage.removeItem(SHEET_KEY);
      } else {
        localStorage.setItem(SHEET_KEY, JSON.stringify(sheet.slice(first)));
      }
      if (first > 0) {
        say(`The worksheet is larger than this browser keeps: after a reload only its latest ${sheet.length - first} entries will be back (download it to keep it all).`, 'error');
      }
      return;
    } catch {
      // Over the quota, or storage refused (a private window): try fewer.
    }
  }
}

/** The worksheet kept by [saveSheet], if any: entries that are not well formed are dropped. */
function loadSheet() {
  let kept = [];
  try {
    kept = JSON.parse(localStorage.getItem(SHEET_KEY) || '[]');
  } catch {
    kept = [];
  }
  if (!Array.isArray(kept)) return;
  for (const e of kept) {
    if (e && Number.isInteger(e.id) && typeof e.kind === 'string' && typeof e.title === 'string'
      && e.setup && typeof e.setup.game === 'string' && e.doc) {
      sheet.push(e);
      sheetNext = Math.max(sheetNext, e.id + 1);
    }
  }
  renderSheet();
}

/** A file to download: `data` a string or bytes. */
function download(name, data, type) {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

/** A name for files of `setup`: the game and position, safe characters only. */
function fileStem(setup, extra = '') {
  const base = `${setup.game.replace(/^.*\//, '').replace(/\.rhai$/, '')}${setup.position ? `-${setup.position}` : ''}${extra}`;
  return base.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60) || 'grundy';
}

/** An SVG picture as PNG bytes (drawn on a canvas at twice its size). */
async function pngOf(svgText) {
  const img = new Image();
  const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml' }));
  try {
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.width * 2;
    canvas.height = img.height * 2;
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * Keeps an answer: `kind` (analysis, seq, grid), a title, the setup, the
 * answer's JSON, and what the command line needs beyond the setup.
 */
async function keep(kind, title, setup, doc, question, extra = {}) {
  const entry = { id: sheetNext++, kind, title, setup, doc, ...extra, command: '' };
  const q = {
    command: { seq: 'seq', grid: 'batch' }[kind] ?? 'analyze',
    game: setup.game,
    options: Object.entries(setup.options),
    position: '',
    ...question,
  };
  try {
    entry.command = await ask('commandLine', JSON.stringify(q));
  } catch {
    entry.command = '';
  }
  sheet.push(entry);
  renderSheet();
  saveSheet();
}

function entryButtons(e) {
  const row = document.createElement('div');
  row.className = 'row';
  const stem = fileStem(e.setup, e.kind === 'seq' ? `-heaps-${e.from}-${e.to}` : e.kind === 'grid' ? `-${e.rows}x${e.cols}` : '');
  row.append(button('Reopen', () => reopen(e), 'reopen'));
  if (e.command) {
    row.append(button('Copy command', async () => {
      try {
        await navigator.clipboard.writeText(e.command);
        say(`Copied: ${e.command}`);
      } catch {
        say('The browser refused the clipboard: select the command above and copy it.', 'error');
      }
    }, 'copy'));
  }
  row.append(button('JSON', () => download(`${stem}.json`, `${JSON.stringify(e.doc, null, 2)}\n`, 'application/json'), 'json'));
  if (e.kind === 'seq') {
    const values = (form, type) => async () => {
      try {
        const bytes = await ask('valuesFile', e.setup.game, JSON.stringify(e.setup.options), String(e.to), form);
        download(`${stem.replace(/-heaps-.*/, '')}-values-0-${e.to}.${form}`, bytes, type);
      } catch (err) {
        sayError(err);
      }
    };
    row.append(button('CSV', values('csv', 'text/csv'), 'csv'));
    row.append(button('.bin', values('bin', 'application/octet-stream'), 'bin'));
  }
  if (e.svg) {
    row.append(button('SVG', () => download(`${stem}.svg`, e.svg, 'image/svg+xml'), 'svg'));
    row.append(button('PNG', async () => download(`${stem}.png`, await pngOf(e.svg), 'image/png'), 'png'));
  }
  return row;
}

function renderSheet() {
  $('sheet').replaceChildren(...sheet.map((e) => {
    const li = document.createElement('li');
    li.dataset.kind = e.kind;
    if (e.name) {
      li.dataset.name = e.name;
      const name = document.createElement('span');
      name.className = 'name';
      name.textContent = `${e.name} =`;
      li.append(name);
    }
    const title = document.createElement('span');
    title.className = 'title';
    title.textContent = e.title;
    li.append(title);
    if (e.command) {
      const code = document.createElement('code');
      code.textContent = e.command;
      li.append(code);
    }
    li.append(entryButtons(e));
    return li;
  }));
  $('sheet-download').disabled = sheet.length === 0;
  $('sheet-clear').disabled = sheet.length === 0;
}

/** Says how a worksheet line, a load or a download went, under the line. */
function sheetSays(text, kind = '') {
  $('sheet-status').textContent = text;
  $('sheet-status').className = kind;
}

/**
 * Runs the worksheet line typed: the engine reads it (names given and
 * used, `plot k`, a game and a position) and answers with the entry to
 * keep, or the name of one to show again.
 */
async function runLine() {
  const line = $('sheet-line').value;
  const named = sheet.filter((e) => e.name && e.question).map((e) => ({ name: e.name, question: e.question }));
  sheetSays('Working…', 'pending');
  try {
    const r = await ask('sheetRun', line, JSON.stringify(named), maxStates());
    if (r.show) {
      await reopen(sheet.filter((e) => e.name === r.show).at(-1));
    } else {
      const rules = engine.rules.get(r.setup.game);
      r.setup.rules = rules === undefined ? null : { name: r.setup.game, source: rules };
      r.id = sheetNext++;
      sheet.push(r);
      renderSheet();
      saveSheet();
      await reopen(r);
    }
    $('sheet-line').value = '';
    sheetSays('');
  } catch (err) {
    sheetSays(err.message, err instanceof TimeLimit ? 'limit' : 'error');
  }
}

/** The worksheet as one file, written by the engine; it loads back. */
async function downloadSheet() {
  try {
    download('grundy-worksheet.json', await ask('sheetFile', JSON.stringify(sheet)), 'application/json');
  } catch (err) {
    sheetSays(err.message, 'error');
  }
}

/** Loads a worksheet file (checked by the engine): its entries after those kept. */
async function loadSheetFile() {
  const file = $('sheet-load').files[0];
  if (!file) return;
  try {
    const entries = await engine.call('sheetLoad', [await file.text()], 60);
    for (const e of entries) {
      e.id = sheetNext++;
      sheet.push(e);
    }
    renderSheet();
    saveSheet();
    sheetSays(`Loaded ${entries.length} entr${entries.length === 1 ? 'y' : 'ies'} from ${file.name}.`);
  } catch (err) {
    sheetSays(err.message, 'error');
  } finally {
    $('sheet-load').value = '';
  }
}

/** Shows a kept answer again, with its question in the form. */
async function reopen(e) {
  try {
    await restoreSetup(e.setup);
  } catch (err) {
    sayError(err);
    return;
  }
  analysisRun++;
  const args = [e.setup.game, JSON.stringify(e.setup.options), e.setup.position,
    e.setup.misere, e.setup.outcomeOnly, e.setup.maxStates];
  if (e.kind === 'analysis') {
    try {
      showAnalysis(e.view ?? await ask('view', ...args));
    } catch (err) {
      sayError(err);
      return;
    }
    say(`Reopened: ${e.title}`);
    explainNow(analysisRun, args);
    $('result').scrollIntoView();
  } else if (e.kind === 'seq') {
    $('plot-from').value = e.from;
    $('plot-to').value = e.to;
    showPlot(e.svg, e.caption ?? e.title);
    say(`Reopened: ${e.title}`);
    $('plot').scrollIntoView();
  } else {
    $('heat-rows').value = e.rows;
    $('heat-cols').value = e.cols;
    showHeat(e.svg, e.caption ?? e.title);
    say(`Reopened: ${e.title}`);
    $('heat').scrollIntoView();
  }
}

// ---- plots of one heap ----

/** Shows a plot drawn by the engine (the picture of `grundy seq --plot`) and its caption. */
function showPlot(svg, caption) {
  $('plot-svg').innerHTML = svg;
  $('plot-period').textContent = caption;
  $('plot').hidden = false;
}

/** The most heaps the page plots (the engine's limit for the page). */
const MAX_PLOT = 1000000;

/** The heap range typed, made sensible: 0 <= from < to <= MAX_PLOT. */
function plotRange() {
  let from = Math.max(0, Math.floor(Number($('plot-from').value) || 0));
  let to = Math.min(MAX_PLOT, Math.floor(Number($('plot-to').value) || 60));
  if (to <= from) to = Math.min(MAX_PLOT, from + 1);
  if (to <= from) from = to - 1;
  $('plot-from').value = from;
  $('plot-to').value = to;
  return { from, to };
}

let plotRun = 0;

/** Plots the range typed when the game has a one-heap sequence; `kept` puts it in the worksheet. */
async function plot(kept = false) {
  const run = ++plotRun;
  const setup = currentSetup();
  const { from, to } = plotRange();
  const style = $('plot-style').value;
  let p;
  try {
    p = await ask('plot', setup.game, JSON.stringify(setup.options), String(from), String(to), style);
  } catch (err) {
    if (run !== plotRun) return;
    if (kept) sayError(err); else $('plot').hidden = true;
    return; // not a heap game, or options not complete yet
  }
  if (run !== plotRun || $('game').value !== setup.game) return;
  showPlot(p.svg, p.caption);
  if (kept) {
    keep('seq', p.caption, setup, p.seq,
      { n: to, plot: `${fileStem({ ...setup, position: '' })}.svg`, plot_from: from, plot_style: style },
      { from, to, svg: p.svg, caption: p.caption });
  }
}

/** Zooms by `factor` around the middle of the range shown. */
function zoom(factor) {
  const { from, to } = plotRange();
  const mid = (from + to) / 2;
  const half = Math.max(2, Math.round(((to - from) * factor) / 2));
  $('plot-from').value = Math.max(0, Math.round(mid - half));
  $('plot-to').value = Math.min(MAX_PLOT, Math.max(Math.round(mid + half), Math.round(mid - half) + 2));
  plot(true);
}

// ---- heat map of two numbers ----

/** Shows a heat map drawn by the engine and the sentence under it. */
function showHeat(svg, caption) {
  $('heat-svg').innerHTML = svg;
  $('heat-status').textContent = caption;
  $('heat-status').className = '';
}

let heatRun = 0;

async function heatNow() {
  const run = ++heatRun;
  const setup = currentSetup();
  const rows = String(Math.floor(Number($('heat-rows').value) || 0) + 1);
  const cols = String(Math.floor(Number($('heat-cols').value) || 0) + 1);
  $('heat-status').textContent = 'Analysing every position…';
  $('heat-status').className = 'pending';
  $('heat-svg').replaceChildren();
  try {
    const h = await ask('grid', setup.game, JSON.stringify(setup.options), rows, cols, setup.misere, setup.maxStates);
    if (run !== heatRun) return;
    showHeat(h.svg, h.caption);
    const g = h.grid;
    keep('grid', h.caption, setup, g, { rows: g.rows - 1, cols: g.cols - 1, misere: setup.misere, max_states: setup.maxStates },
      { rows: g.rows - 1, cols: g.cols - 1, svg: h.svg, caption: h.caption });
  } catch (err) {
    if (run !== heatRun) return;
    $('heat-status').textContent = err.message;
    $('heat-status').className = err instanceof TimeLimit ? 'limit' : 'error';
  }
}

// ---- your own game: the rules editor ----

let examples = [];

/** The games list with the rules files defined, in the select. */
function fillGames() {
  const select = $('game');
  const chosen = select.value;
  const builtIn = registry.filter((g) => !g.name.endsWith('.rhai'));
  const own = registry.filter((g) => g.name.endsWith('.rhai'));
  select.replaceChildren(...builtIn.map((g) => new Option(g.name, g.name)));
  if (own.length > 0) {
    const group = document.createElement('optgroup');
    group.label = 'rules files';
    group.append(...own.map((g) => new Option(g.name, g.name)));
    select.append(group);
  }
  if (registry.some((g) => g.name === chosen)) select.value = chosen;
}

/** Defines the rules file and selects it; its errors are the command line's. */
async function useRules(name, source) {
  const entry = await engine.define(name, source);
  registry = registry.filter((g) => g.name !== entry.name);
  registry.push(entry);
  fillGames();
  $('game').value = entry.name;
  showGame({});
  return entry;
}

/** The position an example's comment analyses (`grundy analyze --rules FILE POSITION`). */
function examplePosition(source) {
  const m = source.match(/grundy analyze --rules \S+ ([^\n]*)/);
  return m ? m[1].trim() : '';
}

async function useEditor() {
  const status = $('rules-status');
  status.textContent = 'Compiling…';
  status.className = 'pending';
  try {
    const entry = await useRules($('rules-name').value.trim(), $('rules-source').value);
    status.textContent = `${entry.name} is the game now: type a position and Analyze (or Play, or plot heap(n) when defined).`;
    status.className = '';
    $('result').hidden = true;
    $('match').hidden = true;
    clearQuotient();
    plot();
    return true;
  } catch (err) {
    status.textContent = err.message;
    status.className = err instanceof TimeLimit ? 'limit' : 'error';
    return false;
  }
}

async function loadRulesExample() {
  const ex = examples.find((e) => e.name === $('rules-example').value);
  if (!ex) return;
  $('rules-name').value = ex.name;
  $('rules-source').value = ex.source;
  if (await useEditor()) {
    $('position').value = examplePosition(ex.source);
    remember();
  }
}

async function startRules() {
  try {
    examples = await engine.call('rulesExamples', [], 30);
  } catch (err) {
    $('rules-status').textContent = err.message;
    return;
  }
  $('rules-example').replaceChildren(...examples.map((e) => new Option(e.name.replace(/^.*\//, ''), e.name)));
  $('rules-source').value = examples[0].source;
  $('rules-name').value = 'my-game.rhai';
  $('rules-load').disabled = false;
  $('rules-use').disabled = false;
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

// ---- survey of codes ----
//
// Asked of the engine code by code, so each row shows as it comes and
// the page answers between codes; each code's time limit is the engine's
// (measured on the page's clock), the worker's end at that limit and
// five seconds more only a last resort. The checks, rows and heading are
// the api's: the table `grundy survey` prints.

/** The survey shown: its number (a newer one or Stop ends an older one). */
let surveyRun = 0;

function surveySays(text, kind = '') {
  $('survey-status').textContent = text;
  $('survey-status').className = kind;
}

async function surveyNow() {
  const run = ++surveyRun;
  const misere = $('survey-misere').checked;
  const heap = $('survey-max-heap').value.trim();
  const limit = $('survey-limit').value.trim();
  const question = JSON.stringify({
    codes: $('survey-codes').value.trim(),
    misere,
    n: misere ? null : $('survey-n').value.trim(),
    max_heap: misere && heap !== '' ? heap : null,
    time_limit: limit === '' ? null : limit,
  });
  const text = $('survey-text');
  text.hidden = true;
  delete text.dataset.done;
  $('survey-command').textContent = '';
  surveySays('Checking the survey…', 'pending');
  let plan;
  try {
    plan = await engine.call('surveyPlan', [question], 30);
  } catch (err) {
    if (run === surveyRun) surveySays(err.message, err instanceof TimeLimit ? 'limit' : 'error');
    return;
  }
  if (run !== surveyRun) return;
  $('survey-command').textContent = plan.command;
  const rows = [plan.heading];
  text.textContent = `${rows.join('\n')}\n`;
  text.hidden = false;
  $('survey-stop').disabled = false;
  const seconds = Number(limit) + 5;
  for (let i = 0; i < plan.codes.length; i++) {
    surveySays(`Surveying ${plan.codes[i]} (${i + 1} of ${plan.codes.length})…`, 'pending');
    let row;
    try {
      row = await engine.call('surveyRow', [question, i], seconds);
    } catch (err) {
      if (run !== surveyRun) return;
      try {
        row = await engine.call('surveyFailed', [question, i, err.message], 30);
      } catch (again) {
        surveySays(again.message, 'error');
        $('survey-stop').disabled = true;
        return;
      }
    }
    if (run !== surveyRun) return;
    rows.push(row.text);
    text.textContent = `${rows.join('\n')}\n`;
  }
  surveySays(`${plan.codes.length} code${plan.codes.length === 1 ? '' : 's'} surveyed.`);
  text.dataset.done = 'true';
  $('survey-stop').disabled = true;
}

function stopSurvey() {
  surveyRun++;
  surveySays('Stopped.');
  $('survey-stop').disabled = true;
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

/** Shows the match's state: position, history, status, moves to click, hint. */
function renderMatch(s, hint = s.hint ?? null) {
  match.state = s;
  $('match-position').textContent = s.position || '(empty)';
  $('match-ply').textContent = s.ply === 0 ? '(no move played yet)' : `(after ${s.ply} move${s.ply === 1 ? '' : 's'})`;
  $('match-status').textContent = s.status_line;
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
      start, $('misere').checked, opts, maxStates());
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
    maxStates: params.get('max-states'),
    rules: params.get('rules'),
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
  fillGames();
  loadSheet();
  select.disabled = false;
  const link = readLink();
  await startRules();
  if (link.game && link.game.endsWith('.rhai') && link.rules !== null) {
    // A link to a rules file: defined again from its text.
    $('rules-name').value = link.game;
    $('rules-source').value = link.rules;
    await useEditor();
  }
  const linked = registry.some((g) => g.name === link.game);
  select.value = linked ? link.game : 'nim';
  if (linked && link.position !== null) {
    showGame(link.options);
    $('position').value = link.position;
    $('misere').checked = link.misere;
    $('outcome-only').checked = link.outcomeOnly;
    $('max-states').value = link.maxStates ?? '';
  } else {
    loadExample();
  }
  select.addEventListener('change', () => {
    loadExample();
    const own = engine.rules.get(select.value);
    if (own !== undefined) {
      $('rules-name').value = select.value;
      $('rules-source').value = own;
    }
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
  $('plot-button').addEventListener('click', () => plot(true));
  $('plot-in').addEventListener('click', () => zoom(0.5));
  $('plot-out').addEventListener('click', () => zoom(2));
  $('heat-button').addEventListener('click', heatNow);
  $('rules-load').addEventListener('click', loadRulesExample);
  $('rules-use').addEventListener('click', useEditor);
  $('rules-save').addEventListener('click', () => download(
    $('rules-name').value.trim().replace(/^.*\//, '') || 'my-game.rhai', $('rules-source').value, 'text/plain'));
  $('sheet-download').addEventListener('click', downloadSheet);
  $('sheet-load').addEventListener('change', loadSheetFile);
  $('sheet-run').addEventListener('click', runLine);
  $('sheet-line').addEventListener('keydown', (e) => { if (e.key === 'Enter') runLine(); });
  $('survey-button').addEventListener('click', surveyNow);
  $('survey-stop').addEventListener('click', stopSurvey);
  $('sheet-clear').addEventListener('click', () => { sheet.length = 0; renderSheet(); saveSheet(); });
  $('heat-button').disabled = false;
  $('analyze').disabled = false;
  $('play').disabled = false;
  $('quotient-button').disabled = false;
  $('sheet-run').disabled = false;
  $('sheet-load').disabled = false;
  $('survey-button').disabled = false;
  document.body.dataset.ready = 'true';
  if (linked && link.position !== null) await analyzeNow();
  plot();
}

main();
