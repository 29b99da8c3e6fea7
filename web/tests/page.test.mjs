// Browser test of the page (web/): Debian's chromium, headless, driven by
// playwright-core, on a static server bound to 127.0.0.1 only. Answers are
// compared with the command line's (GRUNDY_BIN, default target/release/grundy).
// Run by web/tests/run.sh, which builds the page and installs what is needed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const site = path.resolve(here, '..');
const root = path.resolve(site, '..');
// Cargo's target directory, as cargo finds it (relative to the root).
const target = path.resolve(root, process.env.CARGO_TARGET_DIR || 'target');
const grundy = process.env.GRUNDY_BIN || path.join(target, 'release/grundy');
const screenshot = process.env.SCREENSHOT || path.join(target, 'web-page.png');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
};

let server;
let browser;
let profile;
let base;

/** The command line's `analyze --json` answer. */
function cli(...args) {
  return JSON.parse(execFileSync(grundy, ['analyze', '--json', ...args], { encoding: 'utf8' }));
}

before(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    const file = path.join(site, path.normalize(decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname)));
    if (!file.startsWith(site + path.sep) || file.includes(`${path.sep}tests${path.sep}`)) {
      res.writeHead(404).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}/`;
  profile = await mkdtemp(path.join(tmpdir(), 'grundy-chromium-'));
  // A fresh profile directory; playwright passes it as --user-data-dir.
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1000, height: 1100 },
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic',
    ],
  });
});

after(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  if (profile) await rm(profile, { recursive: true, force: true });
});

async function openPage(query = '') {
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(base + query);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
  return { page, problems };
}

async function analyse(page, game, position, options = {}) {
  await page.selectOption('#game', game);
  for (const [name, value] of Object.entries(options)) {
    await page.fill(`#options input[data-option="${name}"]`, value);
  }
  await page.fill('#position', position);
  await page.click('#analyze');
  await page.waitForFunction(
    (pos) => !document.getElementById('result').hidden && document.getElementById('outcome').textContent.includes(` ${pos}:`),
    position, { timeout: 30000 });
}

const WHO = { N: 'First player wins (N)', P: 'Second player wins (P)', D: 'Draw (D)' };

/** Waits until the page shows `text` as the explanation; returns it. */
async function explanationShown(page, text) {
  try {
    await page.waitForFunction(
      (t) => document.getElementById('why-text').textContent === t, text, { timeout: 30000 });
  } catch (e) {
    assert.equal(await page.textContent('#why-text'), text, e.message);
  }
  return page.textContent('#why-text');
}

test('nim 3 4 5: outcome, value and the winning move, as the command line says', async () => {
  const { page, problems } = await openPage();
  await analyse(page, 'nim', '3 4 5');
  const expected = cli('nim', '3', '4', '5');
  assert.equal(await page.textContent('#outcome'), `nim 3 4 5: ${WHO[expected.outcome]}`);
  assert.equal(await page.textContent('#value'), `Sprague-Grundy value ${expected.value}`);
  const moves = await page.$$eval('#winning button', (bs) => bs.map((b) => b.textContent));
  assert.deepEqual(moves, expected.winning_moves.map((m) => `${m.move}  →  ${m.to}`));
  // The explanation: the command line's `--explain` words, the nim-sum
  // worked in binary among them.
  const why = cli('nim', '3', '4', '5', '--explain').explanation.text.join('\n');
  const shown = await explanationShown(page, why);
  assert.ok(await page.isVisible('#why-text'));
  assert.match(shown, /Their nim-sum \(exclusive or of the values in binary\):/);
  assert.match(shown, /^ {6}011 {2}\(3\)$/m);
  assert.match(shown, /^ {6}100 {2}\(4\)$/m);
  assert.match(shown, /^ {2}xor 101 {2}\(5\)$/m);
  assert.match(shown, /^ {2}= {3}010 {2}\(2\)$/m);
  assert.match(shown, /heap 1: 3 -> 1 {2}leaves 1 4 5: value 0: 1 xor 4 xor 5 = 0; the opponent loses/);
  // The address holds the game and the position.
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('game'), 'nim');
  assert.equal(url.searchParams.get('position'), '3 4 5');
  // The rules and syntax of the game are shown.
  assert.match(await page.textContent('#rules'), /^Rules: /);
  assert.match(await page.textContent('#syntax'), /^Position: /);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a Treblecross row, then clicking a winning move plays it', async () => {
  const { page, problems } = await openPage();
  const row = '..X.......';
  await analyse(page, 'treblecross', row);
  const expected = cli('treblecross', row);
  assert.equal(await page.textContent('#outcome'), `treblecross ${row}: ${WHO[expected.outcome]}`);
  assert.equal(expected.outcome, 'N');
  const moves = await page.$$eval('#winning button', (bs) => bs.map((b) => b.textContent));
  assert.deepEqual(moves, expected.winning_moves.map((m) => `${m.move}  →  ${m.to}`));
  const whyBefore = await explanationShown(page, cli('treblecross', row, '--explain').explanation.text.join('\n'));
  const first = expected.winning_moves[0].to;
  await page.click('#winning button >> nth=0');
  await page.waitForFunction(
    (pos) => document.getElementById('outcome').textContent.startsWith(`treblecross ${pos}:`), first);
  assert.equal(await page.inputValue('#position'), first);
  assert.equal(await page.textContent('#outcome'), `treblecross ${first}: ${WHO.P}`);
  // The explanation follows the move.
  const whyAfter = await explanationShown(page, cli('treblecross', first, '--explain').explanation.text.join('\n'));
  assert.notEqual(whyAfter, whyBefore);
  assert.match(whyAfter, /\(P\)/);
  assert.equal(new URL(page.url()).searchParams.get('position'), first);
  assert.deepEqual(problems, []);
  await page.close();
});

test("Kayles' misère quotient, printed as the command line prints it; errors too", async () => {
  const { page, problems } = await openPage();
  await page.selectOption('#game', 'kayles');
  await page.click('#quotient-button');
  await page.waitForFunction(() => !document.getElementById('quotient-text').hidden, null, { timeout: 30000 });
  const printed = execFileSync(grundy, ['quotient', 'kayles'], { encoding: 'utf8' });
  assert.equal(await page.textContent('#quotient-text'), printed);
  assert.match(printed, /^kayles: misère quotient of order 40, the whole game's quotient/);
  // A bound: nim's heaps 0..3 give the tame quotient of order 6.
  await page.selectOption('#game', 'nim');
  assert.ok(await page.isHidden('#quotient-text'), 'another game forgets the quotient shown');
  await page.fill('#quotient-heap', '3');
  await page.click('#quotient-button');
  await page.waitForFunction(() => !document.getElementById('quotient-text').hidden, null, { timeout: 30000 });
  assert.equal(await page.textContent('#quotient-text'),
    execFileSync(grundy, ['quotient', 'nim', '--max-heap', '3'], { encoding: 'utf8' }));
  // A game without one: the command line's message.
  await page.selectOption('#game', 'wythoff');
  await page.click('#quotient-button');
  await page.waitForSelector('#quotient-status.error');
  let message = '';
  try {
    execFileSync(grundy, ['quotient', 'wythoff'], { encoding: 'utf8', stdio: 'pipe' });
  } catch (e) {
    message = e.stderr.trim().replace(/^error: /, '');
  }
  assert.match(message, /no misère quotient/);
  assert.equal(await page.textContent('#quotient-status'), message);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a shared link opens on its game and position', async () => {
  const { page } = await openPage('?game=subtraction&position=10+7&opt.set=1%2C3%2C4');
  await page.waitForFunction(() => !document.getElementById('result').hidden);
  const expected = cli('subtraction', '--set', '1,3,4', '10', '7');
  assert.equal(await page.textContent('#outcome'), `${expected.game} 10 7: ${WHO[expected.outcome]}`);
  assert.equal(await page.inputValue('#options input[data-option="set"]'), '1,3,4');
  await page.close();
});

test('bad input gets the command line message', async () => {
  const { page } = await openPage();
  await page.selectOption('#game', 'nim');
  await page.fill('#position', '3 x 5');
  await page.click('#analyze');
  await page.waitForSelector('#message.error');
  let message = '';
  try {
    execFileSync(grundy, ['analyze', 'nim', '3', 'x', '5'], { encoding: 'utf8', stdio: 'pipe' });
  } catch (e) {
    message = e.stderr.trim().replace(/^error: /, '');
  }
  assert.ok(message.length > 0);
  assert.equal(await page.textContent('#message'), message);
  await page.close();
});

test("the ring game's table: every start for A and B first, as the command line prints it", async () => {
  const { page, problems } = await openPage();
  const options = { n: '5', a: '3,2', b: '1,2,3' };
  const flags = Object.entries(options).flatMap(([k, v]) => [`--${k}`, v]);
  await analyse(page, 'ring', '2 A', options);
  const expected = cli('ring', ...flags, '2', 'A');
  assert.equal(await page.textContent('#outcome'), `${expected.game} 2 A: ${WHO[expected.outcome]}`);
  await page.waitForSelector('#table table');
  const shown = await page.$$eval('#table tr', (rows) => rows.map(
    (r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent)));
  // The command line's text ends with the table: a heading, a row a start.
  const text = execFileSync(grundy, ['analyze', 'ring', ...flags, '2', 'A'], { encoding: 'utf8' });
  const lines = text.trimEnd().split('\n');
  const table = lines.slice(lines.findIndex((l) => l.startsWith('start '))).map((l) => l.split(/\s+/));
  assert.deepEqual(shown, table);
  assert.deepEqual(table.slice(1).map((r) => r[1]), expected.a_first);
  assert.deepEqual(table.slice(1).map((r) => r[2]), expected.b_first);
  assert.ok(await page.isVisible('#table table'));
  // A game without a table shows none.
  await analyse(page, 'nim', '3 4 5');
  assert.equal(await page.$('#table table'), null);
  assert.deepEqual(problems, []);
  await page.close();
});

test('kayles 1000000000: too many moves, answered with outcome, value and a note', async () => {
  const { page, problems } = await openPage();
  await analyse(page, 'kayles', '1000000000');
  // As on the command line: the outcome and value, no move listed, the
  // note saying why and how to list the first K.
  const full = cli('kayles', '1000000000');
  assert.equal(full.winning_move_count, null);
  assert.deepEqual(full.winning_moves, []);
  assert.match(full.notes.join(' '), /--max-moves K lists the first K winning moves found/);
  assert.equal(await page.textContent('#outcome'), `kayles 1000000000: ${WHO[full.outcome]}`);
  assert.equal(await page.textContent('#value'), `Sprague-Grundy value ${full.value}`);
  assert.equal(await page.textContent('#winning'), 'Winning moves not listed (see the note below).');
  assert.equal(await page.textContent('#method'),
    [`Method: ${full.method}`, ...full.notes.map((n) => `Note: ${n}`)].join(' · '));
  await page.check('#outcome-only');
  await analyse(page, 'kayles', '1000000000');
  const expected = cli('kayles', '1000000000', '--outcome-only');
  assert.equal(expected.winning_move_count, null);
  assert.equal(await page.textContent('#outcome'), `kayles 1000000000: ${WHO[expected.outcome]}`);
  assert.equal(await page.textContent('#value'), `Sprague-Grundy value ${expected.value}`);
  assert.equal(await page.textContent('#winning'), 'Winning moves not examined (--outcome-only).');
  assert.equal(await page.$('#winning button'), null);
  await explanationShown(page,
    cli('kayles', '1000000000', '--outcome-only', '--explain').explanation.text.join('\n'));
  assert.equal(new URL(page.url()).searchParams.get('outcome-only'), '1');
  assert.equal(await page.textContent('#message'), '');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a long computation stops at the time limit with a message, and the page goes on', async () => {
  const { page } = await openPage();
  await page.selectOption('#game', 'grundy-game');
  await page.fill('#limit', '1');
  await page.fill('#position', '5000000');
  const start = Date.now();
  await page.click('#analyze');
  await page.waitForSelector('#message.limit', { timeout: 20000 });
  assert.ok(Date.now() - start < 10000);
  assert.match(await page.textContent('#message'), /stopped after 1 s: the time limit was reached/);
  await page.fill('#limit', '10');
  await analyse(page, 'nim', '1 2 3');
  assert.equal(await page.textContent('#outcome'), `nim 1 2 3: ${WHO.P}`);
  await page.close();
});

/** Waits until the match is settled: no call under way, and it is over or the person's turn. */
async function matchSettled(page) {
  await page.waitForFunction(() => {
    const m = document.getElementById('match').dataset;
    return m.busy === 'false' && (m.state !== 'ongoing' || m.turn === 'human') && m.state !== 'starting';
  }, null, { timeout: 30000 });
  return page.$eval('#match', (m) => m.dataset.state);
}

/** The command line's `play` transcript for the answers typed (one a line). */
function cliPlay(args, answers) {
  return execFileSync(grundy, ['play', ...args], { encoding: 'utf8', input: answers.map((a) => `${a}\n`).join('') });
}

const LOOPY = { edges: 'a-b,b-a' };

test('a drawn position shows its drawing moves and its loopy value, and a screenshot', async () => {
  const { page, problems } = await openPage();
  await analyse(page, 'graph', 'a', LOOPY);
  const expected = cli('graph', '--edges', LOOPY.edges, 'a');
  assert.equal(expected.outcome, 'D');
  assert.deepEqual(expected.winning_moves, []);
  assert.ok(expected.drawing_moves.length > 0);
  assert.equal(await page.textContent('#outcome'), `${expected.game} a: ${WHO.D}`);
  // The drawing moves are listed as such, none marked as winning.
  const k = expected.drawing_move_count;
  assert.equal(await page.textContent('#winning p'),
    `${k} drawing move${k === 1 ? '' : 's'} (no move wins; these keep the draw, every other move loses); click one to play it:`);
  const drawing = await page.$$eval('#winning button.drawing', (bs) => bs.map((b) => b.textContent));
  assert.deepEqual(drawing, expected.drawing_moves.map((m) => `${m.move}  →  ${m.to}`));
  assert.equal(await page.$('#winning button.winning'), null);
  // The loopy value is the value, not a note.
  assert.ok(expected.loopy_value.startsWith('∞'));
  assert.equal(expected.value, null);
  assert.equal(await page.textContent('#value'),
    `loopy value ${expected.loopy_value} (generalized Sprague-Grundy value)`);
  // As the command line's text words it.
  const text = execFileSync(grundy, ['analyze', 'graph', '--edges', LOOPY.edges, 'a'], { encoding: 'utf8' });
  assert.ok(text.split('\n').includes(await page.textContent('#value')), text);
  assert.doesNotMatch(await page.textContent('#method'), /value ∞/);
  await explanationShown(page,
    cli('graph', '--edges', LOOPY.edges, 'a', '--explain').explanation.text.join('\n'));
  // The picture of a drawn position, to look at.
  await page.screenshot({ path: screenshot.replace(/\.png$/, '-drawn.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await page.close();
});

test('a loopy game played on the page ends in a draw by repetition, as on the command line', async () => {
  const { page, problems } = await openPage();
  await analyse(page, 'graph', 'a', LOOPY);
  await page.click('#play');
  let moves = 0;
  while (await matchSettled(page) === 'ongoing') {
    // Each side has one move: a -> b, then b -> a.
    const buttons = await page.$$('#match-moves button');
    assert.equal(buttons.length, 1);
    await buttons[0].click();
    moves += 1;
    assert.ok(moves <= 3, 'drawn on the 4th time the person is to move at a');
  }
  assert.equal(await page.$eval('#match', (m) => m.dataset.state), 'drawn');
  assert.equal(moves, 3);
  assert.equal(await page.textContent('#match-position'), 'a');
  assert.equal(await page.$$eval('#match-history li', (li) => li.length), 6);
  // The same words as the command line's game with the same moves.
  const transcript = cliPlay(['graph', '--edges', LOOPY.edges, 'a'], ['1', '1', '1']).trimEnd().split('\n');
  assert.equal(transcript.at(-1), 'draw');
  const why = transcript.at(-2);
  assert.match(why, /come up 4 times .* drawn by repetition/);
  assert.equal(await page.textContent('#match-status'), `${why} Draw.`);
  assert.ok(await page.isHidden('#match-typed-row'));
  assert.ok(await page.isDisabled('#match-hint-button'));
  // The draw rule was said before the first move, in the same words.
  const rule = transcript.find((l) => l.startsWith('Positions may repeat in this game'));
  assert.ok(rule);
  assert.ok((await page.textContent('#match-intro')).endsWith(rule));
  assert.equal(await page.$('#match-moves button'), null);
  // The picture of the drawn match.
  await page.screenshot({ path: screenshot.replace(/\.png$/, '-match-drawn.png'), fullPage: true });
  // Taking back the last move goes on from the position before it.
  await page.click('#match-undo');
  assert.equal(await matchSettled(page), 'ongoing');
  assert.equal(await page.$$eval('#match-history li', (li) => li.length), 4);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a match stopped by the time limit says so, and the next one plays', async () => {
  const { page, problems } = await openPage();
  await page.selectOption('#game', 'grundy-game');
  await page.fill('#limit', '1');
  await page.fill('#position', '5000000');
  await page.click('#play');
  await page.waitForSelector('#message.limit', { timeout: 20000 });
  assert.equal(await page.$eval('#match', (m) => m.dataset.state), 'stopped');
  assert.equal(await page.textContent('#match-status'), 'The game stopped.');
  assert.equal(await page.$('#match-moves button'), null);
  assert.ok(await page.isHidden('#match-typed-row'));
  // The engine was restarted; a new match is played from the start.
  await page.fill('#limit', '10');
  await analyse(page, 'nim', '1 2');
  await page.click('#play');
  assert.equal(await matchSettled(page), 'ongoing');
  assert.equal(await page.textContent('#match-position'), '1 2');
  assert.equal(await page.$$eval('#match-moves button', (bs) => bs.length), 3);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a game against the engine played to the end with hints, undo, and a screenshot', async () => {
  const { page, problems } = await openPage();
  await analyse(page, 'nim', '3 4 5');
  await page.check('#hints');
  await page.click('#play');
  assert.equal(await matchSettled(page), 'ongoing');
  // A move taken back: the start again, nothing played.
  await page.click('#match-moves button >> nth=0');
  assert.equal(await matchSettled(page), 'ongoing');
  assert.equal(await page.$$eval('#match-history li', (li) => li.length), 2);
  await page.click('#match-undo');
  assert.equal(await matchSettled(page), 'ongoing');
  assert.equal(await page.textContent('#match-position'), '3 4 5');
  assert.equal(await page.$$eval('#match-history li', (li) => li.length), 0);
  // A move typed in nim's notation (heap, counters taken); a wrong one is
  // refused with the command line's words and the match goes on.
  await page.fill('#match-typed', '9 9');
  await page.press('#match-typed', 'Enter');
  await page.waitForFunction(() => document.getElementById('match-typed-error').textContent !== '');
  const refused = cliPlay(['nim', '3', '4', '5'], ['9 9', 'q']).split('\n')
    .map((l) => l.replace(/^Your move \([^)]*\): /, '')).find((l) => l.startsWith("'9 9'"));
  assert.equal(await page.textContent('#match-typed-error'), refused);
  await page.fill('#match-typed', '1 2');
  await page.press('#match-typed', 'Enter');
  await page.waitForFunction(() => document.getElementById('match-history').children.length === 2);
  assert.equal(await matchSettled(page), 'ongoing');
  assert.equal(await page.textContent('#match-history li >> nth=0'), 'You: heap 1: 3 -> 1  →  1 4 5');
  assert.equal(await page.textContent('#match-typed-error'), '');
  await page.click('#match-undo');
  assert.equal(await matchSettled(page), 'ongoing');
  let turns = 0;
  while (await matchSettled(page) === 'ongoing') {
    // The hint marks the winning moves as the command line's analysis lists them.
    const a = cli('nim', ...(await page.textContent('#match-position')).split(' '));
    const marked = await page.$$eval('#match-moves button.winning', (bs) => bs.map((b) => b.textContent));
    assert.deepEqual(marked, a.winning_moves.map((m) => `${m.move}  →  ${m.to}`));
    assert.match(await page.textContent('#match-hint'), /^Hint: /);
    await page.click('#match-moves button.winning >> nth=0');
    turns += 1;
    assert.ok(turns <= 12, 'nim 3 4 5 ends within 12 human moves');
  }
  // From 3 4 5 the first player wins with best play; the test played it.
  assert.match(await page.textContent('#match-status'), /You win\.$/);
  assert.equal(await page.textContent('#match-position'), '0 0 0');
  await page.click('#match-stop');
  // The engine first: from 1 2 it wins (it moves to a P-position).
  await analyse(page, 'nim', '1 2');
  await page.check('#engine-first');
  await page.click('#play');
  assert.equal(await matchSettled(page), 'ongoing');
  assert.match(await page.textContent('#match-status'), /^The engine played .*\. Your move\.$/);
  assert.equal(cli('nim', ...(await page.textContent('#match-position')).split(' ')).outcome, 'P');
  await page.click('#match-stop');
  // The picture for the README: an analysis of Kayles with its value plot.
  await page.uncheck('#engine-first');
  await page.uncheck('#hints');
  await analyse(page, 'kayles', '4 7');
  await page.waitForSelector('#plot:not([hidden])');
  await explanationShown(page, cli('kayles', '4', '7', '--explain').explanation.text.join('\n'));
  await page.screenshot({ path: screenshot, fullPage: true });
  assert.deepEqual(problems, []);
  await page.close();
});
