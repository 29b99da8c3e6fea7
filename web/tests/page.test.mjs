// Browser test of the page (web/): Debian's chromium, headless, driven by
// playwright-core, on a static server bound to 127.0.0.1 only. Answers are
// compared with the command line's (GRUNDY_BIN, default target/release/grundy).
// Run by web/tests/run.sh, which builds the page and installs what is needed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile, writeFile, mkdtemp, rm } from 'node:fs/promises';
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

/** The command line's error message (after `error: `) for `args`. */
function cliError(args, cwd) {
  try {
    execFileSync(grundy, args, { encoding: 'utf8', stdio: 'pipe', cwd });
  } catch (e) {
    return e.stderr.trim().replace(/^error: /, '');
  }
  throw new Error(`grundy ${args.join(' ')} did not fail`);
}

/** The words of a command line the page shows (no word it makes is quoted in these tests). */
function words(command) {
  assert.doesNotMatch(command, /'/);
  return command.split(' ');
}

/** The content of the next download that `click` starts. */
async function downloaded(page, click) {
  const [d] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await d.path();
  return { name: d.suggestedFilename(), bytes: await readFile(file) };
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
  // Every test starts with an empty worksheet: the profile is shared, so
  // what the page keeps in its storage is cleared on the tab's first load
  // (a reload within a test keeps it, as a user's would).
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('grundy-test-tab')) {
      localStorage.clear();
      sessionStorage.setItem('grundy-test-tab', '1');
    }
  });
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
    (pos) => !document.getElementById('result').hidden
      && [` ${pos}:`, ` ${pos} (misère play):`].some((t) => document.getElementById('outcome').textContent.includes(t)),
    position, { timeout: 30000 });
}

/** The command line's text of `analyze args` (run in `cwd`). */
function cliText(args, cwd = root) {
  return execFileSync(grundy, ['analyze', ...args], { encoding: 'utf8', cwd });
}

/**
 * Asserts that the analysis the page shows is the command line's text of
 * `analyze args`: whole (the "As text" box) and part by part (the
 * headline, the lines under it, the moves' heading, method and notes).
 */
async function shownAsCli(page, args, cwd = root) {
  const text = cliText(args, cwd);
  const lines = text.trimEnd().split('\n');
  assert.equal(await page.textContent('#as-text'), text);
  assert.equal(await page.textContent('#outcome'), lines[0]);
  assert.equal(await page.textContent('#value'), lines.filter((l) => /^(loopy value|genus) /.test(l)).join('\n'));
  assert.equal(await page.textContent('#method'), lines.filter((l) => /^(method|note): /.test(l)).join(' · '));
  return lines;
}

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
  const lines = await shownAsCli(page, ['nim', '3', '4', '5']);
  assert.equal(lines[0], `nim 3 4 5: first player wins (N), value ${expected.value}`);
  assert.equal(await page.textContent('#winning p'), `${lines[1]} (click one to play it)`);
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
  await shownAsCli(page, ['treblecross', row]);
  assert.equal(expected.outcome, 'N');
  const moves = await page.$$eval('#winning button', (bs) => bs.map((b) => b.textContent));
  assert.deepEqual(moves, expected.winning_moves.map((m) => `${m.move}  →  ${m.to}`));
  const whyBefore = await explanationShown(page, cli('treblecross', row, '--explain').explanation.text.join('\n'));
  const first = expected.winning_moves[0].to;
  await page.click('#winning button >> nth=0');
  await page.waitForFunction(
    (pos) => document.getElementById('outcome').textContent.startsWith(`treblecross ${pos}:`), first);
  assert.equal(await page.inputValue('#position'), first);
  assert.match(await page.textContent('#outcome'), /: second player wins \(P\)/);
  await shownAsCli(page, ['treblecross', first]);
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
  assert.ok(expected.game.startsWith('subtraction'));
  await shownAsCli(page, ['subtraction', '--set', '1,3,4', '10', '7']);
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
  await shownAsCli(page, ['ring', ...flags, '2', 'A']);
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
  const lines = await shownAsCli(page, ['kayles', '1000000000']);
  assert.equal(lines[0], `kayles 1000000000: first player wins (N), value ${full.value}`);
  assert.equal(await page.textContent('#winning'), 'winning moves not examined');
  assert.ok(lines.includes('winning moves not examined'));
  assert.equal(await page.textContent('#method'),
    [`method: ${full.method}`, ...full.notes.map((n) => `note: ${n}`)].join(' · '));
  await page.check('#outcome-only');
  await analyse(page, 'kayles', '1000000000');
  const expected = cli('kayles', '1000000000', '--outcome-only');
  assert.equal(expected.winning_move_count, null);
  await shownAsCli(page, ['kayles', '1000000000', '--outcome-only']);
  assert.equal(await page.textContent('#winning'), 'winning moves not examined');
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
  await page.click('#analyze');
  await page.waitForSelector('#message.limit', { timeout: 20000 });
  assert.match(await page.textContent('#message'), /stopped after 1 s: the time limit was reached/);
  await page.fill('#limit', '10');
  await analyse(page, 'nim', '1 2 3');
  await shownAsCli(page, ['nim', '1', '2', '3']);
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
function cliPlay(args, answers, cwd = root) {
  return execFileSync(grundy, ['play', ...args], { encoding: 'utf8', cwd, input: answers.map((a) => `${a}\n`).join('') });
}

const LOOPY = { edges: 'a-b,b-a' };

test('a drawn position shows its drawing moves and its loopy value, and a screenshot', async () => {
  const { page, problems } = await openPage();
  await analyse(page, 'graph', 'a', LOOPY);
  const expected = cli('graph', '--edges', LOOPY.edges, 'a');
  assert.equal(expected.outcome, 'D');
  assert.deepEqual(expected.winning_moves, []);
  assert.ok(expected.drawing_moves.length > 0);
  const lines = await shownAsCli(page, ['graph', '--edges', LOOPY.edges, 'a']);
  assert.match(lines[0], /: draw \(D\)$/);
  // The drawing moves are listed as such, none marked as winning.
  const k = expected.drawing_move_count;
  assert.equal(await page.textContent('#winning p'),
    `${k} drawing move${k === 1 ? '' : 's'}: (click one to play it)`);
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

// A rules file typed in the editor: the subtraction game S = {1, 3, 4}
// with heaps, and heap(n) for the plot.
const TYPED_RULES = `fn parse(text) {
    let heaps = [];
    if text == "" { return heaps; }
    for word in text.split() { heaps.push(parse_int(word)); }
    heaps
}
fn format(p) {
    let text = "";
    for n in p { if text != "" { text += " "; } text += \`\${n}\`; }
    text
}
fn moves(p) {
    let result = [];
    for i in 0..p.len() {
        for k in [1, 3, 4] {
            if k <= p[i] { let q = p; q[i] -= k; result.push(#{ label: \`heap \${i + 1}: take \${k}\`, to: q }); }
        }
    }
    result
}
fn components(p) { p.filter(|n| n > 0).map(|n| [n]) }
fn heap(n) { [n] }
`;

test('a rules file typed in the editor: analysed, played, plotted and mapped as the command line answers', async () => {
  const { page, problems } = await openPage();
  const dir = await mkdtemp(path.join(tmpdir(), 'grundy-rules-'));
  try {
    await writeFile(path.join(dir, 'my-game.rhai'), TYPED_RULES);
    const rulesCli = (...args) => JSON.parse(execFileSync(grundy,
      ['analyze', '--json', '--rules', 'my-game.rhai', ...args], { encoding: 'utf8', cwd: dir }));
    // A mistake first: the command line's message, with line and column.
    await page.fill('#rules-name', 'my-game.rhai');
    await page.fill('#rules-source', TYPED_RULES.replace('fn format(p) {', 'fn format(p) {{'));
    await page.click('#rules-use');
    await page.waitForSelector('#rules-status.error');
    await writeFile(path.join(dir, 'bad.rhai'), TYPED_RULES.replace('fn format(p) {', 'fn format(p) {{'));
    assert.equal(await page.textContent('#rules-status'),
      cliError(['analyze', '--rules', 'bad.rhai', '1'], dir).replace("'bad.rhai'", "'my-game.rhai'"));
    // Typed right, it is the game, and the answers are the command line's.
    await page.fill('#rules-source', '');
    await page.type('#rules-source', TYPED_RULES.slice(0, 40));
    await page.fill('#rules-source', TYPED_RULES);
    await page.click('#rules-use');
    await page.waitForFunction(() => document.getElementById('game').value === 'my-game.rhai');
    assert.match(await page.textContent('#rules'), /rules file 'my-game.rhai'/);
    await page.fill('#position', '10 7');
    await page.click('#analyze');
    await page.waitForFunction(() => !document.getElementById('result').hidden
      && document.getElementById('outcome').textContent.startsWith('my-game.rhai 10 7:'), null, { timeout: 30000 });
    const expected = rulesCli('10', '7');
    await shownAsCli(page, ['--rules', 'my-game.rhai', '10', '7'], dir);
    const moves = await page.$$eval('#winning button', (bs) => bs.map((b) => b.textContent));
    assert.deepEqual(moves, expected.winning_moves.map((m) => `${m.move}  →  ${m.to}`));
    // heap(n): the values of one heap, as `grundy seq --rules`.
    await page.waitForSelector('#plot:not([hidden])');
    const seqCli = JSON.parse(execFileSync(grundy, ['seq', '--rules', 'my-game.rhai', '-n', '60', '--json'], { encoding: 'utf8', cwd: dir }));
    const dots = await page.$$eval('#plot-svg g.points circle title', (ts) => ts.map((t) => t.textContent));
    assert.deepEqual(dots, seqCli.values.map((v, k) => `heap ${k}: value ${v}`));
    // Two heaps a b: the heat map's P-positions are the command line's.
    await page.fill('#heat-rows', '7');
    await page.fill('#heat-cols', '7');
    await page.click('#heat-button');
    await page.waitForSelector('#heat-svg svg', { timeout: 30000 });
    const cells = await page.$$eval('#heat-svg rect.cell', (rs) => rs.map((r) => [r.dataset.a, r.dataset.b, r.dataset.outcome, r.querySelector('title').textContent]));
    assert.equal(cells.length, 64);
    const batch = execFileSync(grundy, ['batch', '--rules', 'my-game.rhai'],
      { encoding: 'utf8', cwd: dir, input: cells.map(([a, b]) => `${a} ${b}\n`).join('') })
      .trim().split('\n').map((l) => JSON.parse(l));
    cells.forEach(([a, b, outcome, title], i) => {
      assert.equal(outcome, batch[i].outcome, `${a} ${b}`);
      assert.equal(title, `${a} ${b}: value ${batch[i].value} (${batch[i].outcome})`);
    });
    assert.equal(await page.$$eval('#heat-svg circle.p', (c) => c.length), batch.filter((b) => b.outcome === 'P').length);
    // Played against the engine to the end, by the command line's rules.
    await page.fill('#position', '5');
    await page.click('#play');
    let turns = 0;
    while (await matchSettled(page) === 'ongoing') {
      await page.click('#match-moves button >> nth=0');
      turns += 1;
      assert.ok(turns <= 5);
    }
    assert.match(await page.textContent('#match-status'), /(You win|The engine wins)\.$/);
    assert.equal(await page.textContent('#match-position'), '0');
    // The worksheet's command for the analysis is the one that gave it.
    const entry = page.locator('#sheet li[data-kind="analysis"]').first();
    const command = await entry.locator('code').textContent();
    assert.equal(command, 'grundy analyze --rules my-game.rhai 10 7');
    await page.locator('#own').screenshot({ path: screenshot.replace(/\.png$/, '-rules.png') });
    // The link holds the rules file: opened afresh, the same answer.
    const link = new URL(page.url());
    assert.equal(link.searchParams.get('rules'), TYPED_RULES);
    link.searchParams.set('position', '10 7');
    const again = await openPage(link.search);
    await again.page.waitForFunction(() => !document.getElementById('result').hidden, null, { timeout: 30000 });
    await shownAsCli(again.page, ['--rules', 'my-game.rhai', '10', '7'], dir);
    assert.equal(await again.page.inputValue('#rules-source'), TYPED_RULES);
    assert.deepEqual(again.problems, []);
    await again.page.close();
    assert.deepEqual(JSON.parse(execFileSync(grundy, [...words(command).slice(1), '--json'], { encoding: 'utf8', cwd: dir })), expected);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('an example rules file a click away: the loopy cycles game played to a declared draw', async () => {
  const { page, problems } = await openPage();
  await page.selectOption('#rules-example', 'examples/rules/cycles.rhai');
  await page.click('#rules-load');
  await page.waitForFunction(() => document.getElementById('game').value === 'examples/rules/cycles.rhai');
  assert.equal(await page.inputValue('#position'), '7');
  assert.equal(await page.inputValue('#rules-source'), await readFile(path.join(root, 'examples/rules/cycles.rhai'), 'utf8'));
  await page.click('#analyze');
  await page.waitForFunction(() => !document.getElementById('result').hidden, null, { timeout: 30000 });
  const expected = JSON.parse(execFileSync(grundy, ['analyze', '--json', '--rules', 'examples/rules/cycles.rhai', '7'], { encoding: 'utf8', cwd: root }));
  assert.equal(expected.outcome, 'D');
  await shownAsCli(page, ['--rules', 'examples/rules/cycles.rhai', '7']);
  assert.equal(await page.textContent('#value'), `loopy value ${expected.loopy_value} (generalized Sprague-Grundy value)`);
  // Played: the person keeps the draw (the hint's drawing move) until the
  // position comes up the 4th time and the draw is declared.
  await page.check('#hints');
  await page.click('#play');
  const played = [];
  let moves = 0;
  while (await matchSettled(page) === 'ongoing') {
    const good = await page.$$('#match-moves button.drawing');
    assert.ok(good.length > 0, 'a drawing move is marked');
    const all = await page.$$eval('#match-moves button', (bs) => bs.map((b) => b.textContent));
    const text = await good[0].textContent();
    played.push(String(all.indexOf(text) + 1));
    await good[0].click();
    moves += 1;
    assert.ok(moves <= 40);
  }
  assert.equal(await page.$eval('#match', (m) => m.dataset.state), 'drawn');
  const transcript = cliPlay(['--rules', 'examples/rules/cycles.rhai', '7'], played).trimEnd().split('\n');
  assert.equal(transcript.at(-1), 'draw');
  assert.equal(await page.textContent('#match-status'), `${transcript.at(-2)} Draw.`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the worksheet: entries reopened, copied as command lines and downloaded', async () => {
  const { page, problems } = await openPage();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await analyse(page, 'nim', '3 4 5');
  await page.check('#misere');
  await analyse(page, 'subtraction', '10 7', { set: '1,3,4' });
  await page.uncheck('#misere');
  await page.fill('#max-states', '100000');
  await analyse(page, 'kayles', '4 7');
  await page.fill('#max-states', '');
  await page.waitForFunction(() => document.querySelectorAll('#sheet li').length === 3);
  const commands = await page.$$eval('#sheet li code', (cs) => cs.map((c) => c.textContent));
  assert.deepEqual(commands, [
    'grundy analyze nim 3 4 5',
    'grundy analyze subtraction --set 1,3,4 --misere 10 7',
    'grundy analyze kayles --max-states 100000 4 7',
  ]);
  // Reopened: the first analysis and its question are back.
  await page.click('#sheet li >> nth=0 >> button.reopen');
  await page.waitForFunction(() => document.getElementById('outcome').textContent.startsWith('nim 3 4 5:'));
  assert.equal(await page.inputValue('#game'), 'nim');
  assert.equal(await page.inputValue('#position'), '3 4 5');
  assert.equal(await page.isChecked('#misere'), false);
  await explanationShown(page, cli('nim', '3', '4', '5', '--explain').explanation.text.join('\n'));
  // Copied: the clipboard holds the command.
  await page.click('#sheet li >> nth=1 >> button.copy');
  await page.waitForFunction(() => document.getElementById('message').textContent.startsWith('Copied'));
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), commands[1]);
  // Downloaded: each answer is what its command prints with --json.
  for (const [i, command] of commands.entries()) {
    const file = await downloaded(page, () => page.click(`#sheet li >> nth=${i} >> button.json`));
    assert.match(file.name, /\.json$/);
    const shown = JSON.parse(file.bytes.toString('utf8'));
    assert.deepEqual(shown, JSON.parse(execFileSync(grundy, [...words(command).slice(1), '--json'], { encoding: 'utf8' })));
  }
  // A plot of heaps 50 to 200 of Kayles: its period marked, its values
  // downloaded as the command line writes them.
  await page.selectOption('#game', 'kayles');
  await page.fill('#plot-from', '50');
  await page.fill('#plot-to', '200');
  await page.click('#plot-button');
  await page.waitForFunction(() => document.querySelectorAll('#sheet li[data-kind="seq"]').length === 1);
  const seq = JSON.parse(execFileSync(grundy, ['seq', 'kayles', '-n', '200', '--json'], { encoding: 'utf8' }));
  assert.equal(await page.$$eval('#plot-svg g.points circle', (b) => b.length), 151);
  const line = await page.$eval('#plot-svg line.preperiod', (l) => l.querySelector('title').textContent);
  assert.equal(line, `end of the pre-period: heap ${seq.period.preperiod}`);
  assert.equal(await page.$eval('#plot-svg rect.period title', (t) => t.textContent),
    `one period: heaps ${seq.period.preperiod} to ${seq.period.preperiod + seq.period.period - 1}`);
  await page.locator('#plot').screenshot({ path: screenshot.replace(/\.png$/, '-plot.png') });
  const seqEntry = '#sheet li[data-kind="seq"]';
  assert.equal(await page.textContent(`${seqEntry} code`), 'grundy seq kayles -n 200 --plot kayles.svg --plot-from 50');
  assert.equal(await page.textContent('#plot-period'), `kayles: heaps 50..=200, period ${seq.period.period}, pre-period ${seq.period.preperiod} (proven)`);
  const dir = await mkdtemp(path.join(tmpdir(), 'grundy-values-'));
  try {
    execFileSync(grundy, ['seq', 'kayles', '-n', '200', '--values', path.join(dir, 'v.bin')]);
    execFileSync(grundy, ['seq', 'kayles', '-n', '200', '--values', path.join(dir, 'v.txt')]);
    const bin = await downloaded(page, () => page.click(`${seqEntry} button.bin`));
    assert.ok(bin.bytes.equals(await readFile(path.join(dir, 'v.bin'))), 'the .bin file is the command line\'s');
    const csv = await downloaded(page, () => page.click(`${seqEntry} button.csv`));
    const text = (await readFile(path.join(dir, 'v.txt'), 'utf8')).trimEnd().split('\n');
    assert.equal(csv.bytes.toString('utf8'), `heap,value\n${text.map((v, k) => `${k},${v}`).join('\n')}\n`);
    // The picture is the command line's, byte for byte.
    const svg = await downloaded(page, () => page.click(`${seqEntry} button.svg`));
    execFileSync(grundy, ['seq', 'kayles', '-n', '200', '--plot', path.join(dir, 'k.svg'), '--plot-from', '50']);
    assert.ok(svg.bytes.equals(await readFile(path.join(dir, 'k.svg'))), 'the SVG is the command line\'s');
    const png = await downloaded(page, () => page.click(`${seqEntry} button.png`));
    assert.ok(png.bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  // Zoomed in: half the range, around its middle.
  await page.click('#plot-in');
  await page.waitForFunction(() => document.querySelectorAll('#sheet li[data-kind="seq"]').length === 2);
  assert.equal(await page.inputValue('#plot-from'), '87');
  assert.equal(await page.inputValue('#plot-to'), '163');
  assert.equal(await page.$$eval('#plot-svg g.points circle', (b) => b.length), 77);
  // A hundred thousand heaps in the density view: no dot a heap but a
  // shaded cell a (column, value), the marks as before, and the picture
  // the command line draws for the entry's command.
  await page.fill('#plot-from', '0');
  await page.fill('#plot-to', '100000');
  await page.selectOption('#plot-style', 'density');
  await page.click('#plot-button');
  await page.waitForFunction(() => document.querySelectorAll('#sheet li[data-kind="seq"]').length === 3, null, { timeout: 60000 });
  assert.equal(await page.$('#plot-svg circle'), null);
  assert.ok(await page.$$eval('#plot-svg path.density', (p) => p.length) >= 2);
  assert.equal(await page.$eval('#plot-svg line.preperiod title', (t) => t.textContent), line);
  const dense = '#sheet li[data-kind="seq"] >> nth=2';
  assert.equal(await page.locator(`${dense} >> code`).textContent(),
    'grundy seq kayles -n 100000 --plot kayles.svg --plot-style density');
  const denseDir = await mkdtemp(path.join(tmpdir(), 'grundy-dense-'));
  try {
    const svg = await downloaded(page, () => page.click(`${dense} >> button.svg`));
    execFileSync(grundy, ['seq', 'kayles', '-n', '100000', '--plot', path.join(denseDir, 'k.svg'), '--plot-style', 'density']);
    assert.ok(svg.bytes.equals(await readFile(path.join(denseDir, 'k.svg'))), 'the density SVG is the command line\'s');
  } finally {
    await rm(denseDir, { recursive: true, force: true });
  }
  // The whole worksheet as one file.
  const all = JSON.parse((await downloaded(page, () => page.click('#sheet-download'))).bytes.toString('utf8')).entries;
  assert.equal(all.length, 6);
  await page.locator('#worksheet').screenshot({ path: screenshot.replace(/\.png$/, '-worksheet.png') });
  assert.deepEqual(all.slice(0, 3).map((e) => e.command), commands);
  // Kept across a reload: the same six entries first (the page's link,
  // analysed again on loading, may add its answer after them); one of
  // them reopened.
  const kept = await page.$$eval('#sheet li', (l) => l.map((e) => e.textContent));
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
  const back = await page.$$eval('#sheet li', (l) => l.map((e) => e.textContent));
  assert.deepEqual(back.slice(0, 6), kept);
  assert.ok(back.length <= 7, `${back.length} entries after the reload`);
  assert.deepEqual(await page.$$eval('#sheet li code', (cs) => cs.slice(0, 3).map((c) => c.textContent)), commands);
  await page.click('#sheet li >> nth=1 >> button.reopen');
  await page.waitForFunction(() => document.getElementById('outcome').textContent.startsWith('subtraction --set 1,3,4 10 7 (misère play):'));
  assert.equal(await page.isChecked('#misere'), true);
  // Cleared: gone after the next reload too (but for the link's answer).
  await page.click('#sheet-clear');
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
  const left = await page.$$eval('#sheet li', (l) => l.map((e) => e.textContent));
  assert.ok(left.length <= 1, left.join('\n'));
  assert.deepEqual(problems, []);
  await page.close();
});

test("Wythoff's heat map: the P-positions marked are Wythoff's pairs", async () => {
  const { page, problems } = await openPage();
  await page.selectOption('#game', 'wythoff');
  await page.fill('#heat-rows', '12');
  await page.fill('#heat-cols', '12');
  await page.click('#heat-button');
  await page.waitForSelector('#heat-svg svg', { timeout: 30000 });
  const p = await page.$$eval('#heat-svg rect.cell[data-outcome="P"]', (rs) => rs.map((r) => `${r.dataset.a} ${r.dataset.b}`));
  // (floor(k phi), floor(k phi) + k) and mirrored, within 0..12.
  assert.deepEqual(p.sort(), ['0 0', '1 2', '2 1', '3 5', '4 7', '5 3', '6 10', '7 4', '10 6'].sort());
  assert.equal(await page.$eval('#heat-svg rect.cell[data-a="3"][data-b="7"] title', (t) => t.textContent),
    `3 7: value ${cli('wythoff', '3', '7').value} (N)`);
  assert.equal(await page.$$eval('#heat-svg circle.p', (c) => c.length), 9);
  // The worksheet's command gives the same outcomes and values.
  const command = await page.textContent('#sheet li[data-kind="grid"] code');
  assert.equal(command, 'for a in $(seq 0 12); do for b in $(seq 0 12); do echo "$a $b"; done; done | grundy batch wythoff --outcome-only');
  const lines = execFileSync('sh', ['-c', command.replace('grundy batch', '"$GRUNDY" batch')],
    { encoding: 'utf8', env: { ...process.env, GRUNDY: grundy } }).trim().split('\n').map((l) => JSON.parse(l));
  const cells = await page.$$eval('#heat-svg rect.cell', (rs) => rs.map((r) => [r.dataset.outcome, r.querySelector('title').textContent]));
  assert.equal(lines.length, 169);
  lines.forEach((l, i) => {
    assert.equal(cells[i][0], l.outcome);
    assert.equal(cells[i][1], `${l.position}: value ${l.value} (${l.outcome})`);
  });
  await page.locator('#heat').screenshot({ path: screenshot.replace(/\.png$/, '-heat.png') });
  assert.deepEqual(problems, []);
  await page.close();
});

test('the state limit is a field: its message is the command line\'s', async () => {
  const { page } = await openPage();
  const row = '.'.repeat(40);
  await page.selectOption('#game', 'treblecross');
  await page.check('#misere');
  await page.fill('#max-states', '50');
  await page.fill('#position', row);
  await page.click('#analyze');
  await page.waitForSelector('#message.error, #message.limit', { timeout: 30000 });
  assert.equal(await page.textContent('#message'),
    cliError(['analyze', 'treblecross', '--misere', '--max-states', '50', row]));
  assert.equal(new URL(page.url()).searchParams.get('max-states'), '50');
  await page.close();
});

test('390 pixels wide: nothing overflows, and a screenshot', async () => {
  const { page, problems } = await openPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await analyse(page, 'kayles', '4 7');
  await page.waitForSelector('#plot:not([hidden])');
  await page.click('#plot-button');
  await page.waitForSelector('#sheet li[data-kind="seq"]');
  await page.selectOption('#game', 'wythoff');
  await page.click('#heat-button');
  await page.waitForSelector('#heat-svg svg', { timeout: 30000 });
  await analyse(page, 'ring', '2 A', { n: '5', a: '3,2', b: '1,2,3' });
  await page.waitForSelector('#table table');
  await page.selectOption('#game', 'kayles');
  await page.click('#quotient-button');
  await page.waitForFunction(() => !document.getElementById('quotient-text').hidden, null, { timeout: 30000 });
  const wide = await page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    const out = [];
    if (document.documentElement.scrollWidth > limit) out.push(`page: ${document.documentElement.scrollWidth}`);
    for (const el of document.querySelectorAll('body *')) {
      if (el.closest('svg') && el.tagName.toLowerCase() !== 'svg') continue;
      // Inside a box that scrolls sideways, a long line scrolls, it does not overflow.
      const scroller = el.parentElement && el.parentElement.closest('pre, code, #sheet code');
      if (scroller) continue;
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > limit + 0.5) out.push(`${el.tagName}#${el.id}.${el.className?.baseVal ?? el.className}: right ${r.right}`);
    }
    return out;
  });
  assert.deepEqual(wide, []);
  await page.screenshot({ path: screenshot.replace(/\.png$/, '-390.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await page.close();
});

test('memory running out is said in words, and the page goes on', async () => {
  // A browser whose WebAssembly memories stop at 64 MiB (1024 pages of
  // 64 KiB), so that the engine runs out long before its own budget.
  const small = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--js-flags=--wasm-max-mem-pages=1024'],
  });
  try {
    const page = await small.newPage();
    const problems = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(base);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
    // Ring with ten million objects: twenty million positions to solve.
    await page.fill('#max-states', '100000000');
    await page.selectOption('#game', 'ring');
    await page.fill('#options input[data-option="n"]', '10000000');
    await page.fill('#options input[data-option="a"]', '3,2');
    await page.fill('#options input[data-option="b"]', '1,2,3');
    await page.fill('#position', '2 A');
    await page.click('#analyze');
    await page.waitForSelector('#message.error', { timeout: 60000 });
    const message = await page.textContent('#message');
    assert.match(message, /^out of memory at [1-9]\d* positions; try outcome-only or a smaller position$/);
    assert.doesNotMatch(message, /internal error|unreachable/);
    // The engine goes on.
    await page.fill('#max-states', '');
    await analyse(page, 'nim', '1 2 3');
    await shownAsCli(page, ['nim', '1', '2', '3']);
    assert.deepEqual(problems, []);
  } finally {
    await small.close();
  }
});

/** The words of a survey's table, each line's seconds left out (they differ run to run). */
function surveyWords(text) {
  return text.trimEnd().split('\n').map((l) => l.trim().split(/\s+/).filter((w, i) => i === 0 || !/^\d+\.\d{3}$/.test(w)));
}

/** Runs a survey on the page and waits for its last row. */
async function surveyed(page) {
  await page.click('#survey-button');
  await page.waitForSelector('#survey-text[data-done="true"]', { timeout: 180000 });
  return page.textContent('#survey-text');
}

test("a survey of codes: grundy survey's table, normal and misère, code by code", async () => {
  const { page, problems } = await openPage();
  await page.fill('#survey-codes', '0.07,0.137,4.7,0.6');
  await page.fill('#survey-n', '2000');
  await page.fill('#survey-limit', '30');
  const shown = await surveyed(page);
  const command = await page.textContent('#survey-command');
  assert.equal(command, 'grundy survey --codes 0.07,0.137,4.7,0.6 -n 2000 --time-limit 30');
  const printed = execFileSync(grundy, words(command).slice(1), { encoding: 'utf8' });
  assert.equal(shown.split('\n')[0], printed.split('\n')[0]);
  assert.deepEqual(surveyWords(shown), surveyWords(printed));
  assert.equal(surveyWords(shown).length, 5);
  await page.locator('#survey').screenshot({ path: screenshot.replace(/\.png$/, '-survey.png') });
  // Misère: each code's quotient, a code without a move among them.
  await page.check('#survey-misere');
  await page.fill('#survey-codes', '0.75,0.07,0.00');
  await page.fill('#survey-max-heap', '14');
  const misere = await surveyed(page);
  const mc = await page.textContent('#survey-command');
  assert.equal(mc, 'grundy survey --codes 0.75,0.07,0.00 --misere --max-heap 14 --time-limit 30');
  const mp = execFileSync(grundy, words(mc).slice(1), { encoding: 'utf8' });
  assert.equal(misere.split('\n')[0], mp.split('\n')[0]);
  assert.deepEqual(surveyWords(misere), surveyWords(mp));
  // A code's time limit, measured in the page's engine: the row says
  // what stopped it, as the command line's does.
  await page.fill('#survey-codes', '0.07');
  await page.fill('#survey-max-heap', '80');
  await page.fill('#survey-limit', '1');
  const stopped = (await surveyed(page)).trimEnd().split('\n')[1];
  const cliStopped = execFileSync(grundy, ['survey', '--codes', '0.07', '--misere', '--max-heap', '80', '--time-limit', '1'],
    { encoding: 'utf8' }).trimEnd().split('\n')[1];
  const stoppedBy = (row) => row.replace(/^\S+.*?\d+\.\d{3}\s+/, '');
  assert.match(stoppedBy(cliStopped), /time/);
  assert.equal(stoppedBy(stopped), stoppedBy(cliStopped));
  // Past the page's bounds, and a list the command line refuses: in words.
  await page.uncheck('#survey-misere');
  await page.fill('#survey-limit', '5');
  await page.fill('#survey-n', '2000000');
  await page.click('#survey-button');
  await page.waitForSelector('#survey-status.error');
  assert.equal(await page.textContent('#survey-status'),
    "-n: '2000000' is too large for the page; the largest allowed is 1000000 (use `grundy survey` for more)");
  await page.fill('#survey-n', '100');
  await page.fill('#survey-codes', '0.9');
  await page.click('#survey-button');
  await page.waitForFunction(() => document.getElementById('survey-status').textContent.startsWith('--codes'));
  assert.equal(await page.textContent('#survey-status'), cliError(['survey', '--codes', '0.9', '-n', '100', '--time-limit', '5']));
  assert.deepEqual(problems, []);
  await page.close();
});

/** Runs worksheet line `line` and waits until it is answered (the line emptied) or refused. */
async function sheetLine(page, line) {
  await page.fill('#sheet-line', line);
  await page.click('#sheet-run');
  await page.waitForFunction(() => document.getElementById('sheet-line').value === ''
    || document.getElementById('sheet-status').className === 'error', null, { timeout: 120000 });
  return page.textContent('#sheet-status');
}

test('worksheet lines name results and refer to them; a downloaded worksheet loads back', async () => {
  const { page, problems } = await openPage();
  assert.equal(await sheetLine(page, 'k = kayles seq 1000'), '');
  assert.equal(await page.textContent('#sheet li[data-name="k"] code'), 'grundy seq kayles -n 1000 --plot kayles.svg');
  assert.equal(await sheetLine(page, 'plot k 100 300'), '');
  const plotted = '#sheet li >> nth=1';
  const command = await page.locator(`${plotted} >> code`).textContent();
  assert.equal(command, 'grundy seq kayles -n 300 --plot k.svg --plot-from 100');
  assert.equal(await page.textContent('#plot-period'), (await page.locator(`${plotted} >> .title`).textContent()));
  const dir = await mkdtemp(path.join(tmpdir(), 'grundy-sheet-'));
  try {
    const svg = await downloaded(page, () => page.click(`${plotted} >> button.svg`));
    execFileSync(grundy, ['seq', 'kayles', '-n', '300', '--plot', path.join(dir, 'k.svg'), '--plot-from', '100']);
    assert.ok(svg.bytes.equals(await readFile(path.join(dir, 'k.svg'))), "plot k 100 300 is the command line's picture");
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  // An analysis, named; a name alone shows its result again.
  assert.equal(await sheetLine(page, 'a = nim 3 4 5'), '');
  assert.equal(await page.textContent('#sheet li[data-name="a"] code'), 'grundy analyze nim 3 4 5');
  await shownAsCli(page, ['nim', '3', '4', '5']);
  await analyse(page, 'kayles', '4 7');
  assert.equal(await sheetLine(page, 'a'), '');
  await page.waitForFunction(() => document.getElementById('outcome').textContent.startsWith('nim 3 4 5:'));
  // Mistakes in the api's words.
  assert.equal(await sheetLine(page, 'plot j'), "no result named 'j' in the worksheet; named: k, a");
  assert.match(await sheetLine(page, 'plot a'), /^'a' is an analysis, not a sequence/);
  assert.match(await sheetLine(page, 'plot k 0 2000'), /'k' has heaps 0 to 1000/);
  assert.equal(await sheetLine(page, 'b = chess 1'), cliError(['analyze', 'chess', '1']));
  const kept = await page.$$eval('#sheet li', (l) => l.map((e) => e.textContent));
  assert.equal(kept.length, 4);
  // Downloaded, cleared, loaded back: the same entries, names and all.
  const file = await downloaded(page, () => page.click('#sheet-download'));
  const doc = JSON.parse(file.bytes.toString('utf8'));
  assert.equal(doc.format, 'grundy worksheet');
  assert.equal(doc.entries.length, 4);
  await page.click('#sheet-clear');
  assert.equal(await page.$$eval('#sheet li', (l) => l.length), 0);
  await page.setInputFiles('#sheet-load', { name: 'w.json', mimeType: 'application/json', buffer: file.bytes });
  await page.waitForFunction(() => document.querySelectorAll('#sheet li').length === 4);
  assert.equal(await page.textContent('#sheet-status'), 'Loaded 4 entries from w.json.');
  assert.deepEqual(await page.$$eval('#sheet li', (l) => l.map((e) => e.textContent)), kept);
  // Its names are the worksheet's again, and its entries reopen.
  assert.equal(await sheetLine(page, 'plot k 0 100'), '');
  assert.equal(await page.locator('#sheet li >> nth=4 >> code').textContent(), 'grundy seq kayles -n 100 --plot k.svg');
  await page.click('#sheet li[data-name="a"] button.reopen');
  await page.waitForFunction(() => document.getElementById('outcome').textContent.startsWith('nim 3 4 5:'));
  // A file that is no worksheet (the earlier list of answers): refused in words.
  await page.setInputFiles('#sheet-load', { name: 'old.json', mimeType: 'application/json',
    buffer: Buffer.from('[{"title": "nim 3 4 5", "command": "grundy analyze nim 3 4 5", "answer": {}}]') });
  await page.waitForSelector('#sheet-status.error');
  assert.match(await page.textContent('#sheet-status'), /^worksheet file: a list of answers written before worksheets kept their questions/);
  assert.equal(await page.$$eval('#sheet li', (l) => l.length), 5);
  assert.deepEqual(problems, []);
  await page.close();
});

/** The marks of a points plot: for each pixel column, the distinct rows marked. */
function marksByColumn(d) {
  const columns = new Map();
  for (const m of d.matchAll(/M([\d.]+) ([\d.]+)h2v2h-2z/g)) {
    const x = m[1];
    if (!columns.has(x)) columns.set(x, new Set());
    columns.get(x).add(m[2]);
  }
  return columns;
}

test('plots read at 10^5 and 10^6 heaps: the bands of Kayles and Officers, as the command line draws them', async () => {
  const { page, problems } = await openPage();
  await page.fill('#limit', '300');
  const dir = await mkdtemp(path.join(tmpdir(), 'grundy-bands-'));
  try {
    for (const [label, game] of [['kayles', 'kayles'], ['officers', 'octal --code 0.6']]) {
      for (const n of [100000, 1000000]) {
        const name = `${label}${n === 100000 ? '5' : '6'}`;
        assert.equal(await sheetLine(page, `${name} = ${game} seq ${n}`), '');
        const entry = `#sheet li[data-name="${name}"]`;
        const command = await page.textContent(`${entry} code`);
        // The picture is the command line's, byte for byte.
        const svg = await downloaded(page, () => page.click(`${entry} button.svg`));
        const file = path.join(dir, `${name}.svg`);
        execFileSync(grundy, [...words(command).slice(1, -1), file], { stdio: 'ignore' });
        assert.ok(svg.bytes.equals(await readFile(file)), `${command}: the command line's picture`);
        // Bands, not a block: each pixel column marks the few value rows
        // its heaps take, far from every row of the value range.
        const d = await page.$eval('#plot-svg path.points', (p) => p.getAttribute('d'));
        const columns = marksByColumn(d);
        assert.ok(columns.size > 800, `${name}: ${columns.size} columns marked`);
        // A mark is 2 pixels high; the plotting area 462.
        const mean = [...columns.values()].reduce((a, s) => a + s.size, 0) / columns.size;
        assert.ok(mean * 2 < 462 / 4, `${name}: ${mean.toFixed(1)} rows marked a column`);
        await page.locator('#plot').screenshot({ path: screenshot.replace(/\.png$/, `-${label}-${n}.png`) });
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test("a rules file's print: notes of the answer, as the command line shows them", async () => {
  const { page, problems } = await openPage();
  const source = 'fn parse(t) { parse_int(t) }\nfn format(p) { `${p}` }\n'
    + 'fn moves(p) { print(`moves of ${p}`); if p > 0 { [p - 1] } else { [] } }\n';
  const dir = await mkdtemp(path.join(tmpdir(), 'grundy-print-'));
  try {
    await writeFile(path.join(dir, 'printing.rhai'), source);
    await page.fill('#rules-name', 'printing.rhai');
    await page.fill('#rules-source', source);
    await page.click('#rules-use');
    await page.waitForFunction(() => document.getElementById('game').value === 'printing.rhai');
    await page.fill('#position', '3');
    await page.click('#analyze');
    await page.waitForFunction(() => !document.getElementById('result').hidden
      && document.getElementById('outcome').textContent.startsWith('printing.rhai 3:'), null, { timeout: 30000 });
    const lines = await shownAsCli(page, ['--rules', 'printing.rhai', '3'], dir);
    assert.ok(lines.includes('note: print: moves of 3'), lines.join('\n'));
    assert.match(await page.textContent('#method'), / · note: print: moves of 3( · |$)/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  assert.deepEqual(problems, []);
  await page.close();
});
