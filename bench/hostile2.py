#!/usr/bin/env python3
"""Hostile rounds 2 and 3 (issue 35): random bad, huge and edge inputs
across every subcommand (analyze, --explain, seq, quotient, survey,
batch, play, rules files), each run under `ulimit -v 4000000` and
/usr/bin/time. Writes one JSON line a run: exit status, wall and CPU
time against --time-limit, peak resident memory against --max-memory.

    bench/hostile2.py BINARY [RUNS] [OUT.jsonl]    (seeded: same cases)
    bench/hostile2.py --round 3 BINARY [RUNS] [OUT.jsonl]
    bench/hostile2.py --summary OUT.jsonl          (counts, worst ratios)

--round 3 runs the fixed cases of round 3 first (the slips round 2 left:
quotient growth of 0.76, 0.761, 0.771, 0.37, 0.61, 0.62 at --time-limit 1
and 3 and --max-memory 200M, their misere survey at --time-limit 1, seq's
summary, files, plot and output of 10^8 heaps at --time-limit 0.5,
quotient and batch at --max-memory 16M, --max-states 2^64 - 1), then RUNS
random cases drawn as in round 2 with those codes among the codes. A
survey's --time-limit is each code's: its limit counts once a code.
"""
import json, os, random, subprocess, sys, tempfile, time
from collections import Counter

ROUND = 2
if sys.argv[1] == '--round':
    ROUND = int(sys.argv[2])
    del sys.argv[1:3]
if sys.argv[1] == '--summary':
    rs = [json.loads(l) for l in open(sys.argv[2])]
    def mb(x): return int(x[:-1]) << 20
    print(len(rs), 'runs:', dict(sorted(Counter(r['kind'] for r in rs).items())))
    print('exit status:', dict(sorted(Counter(str(r['code']) for r in rs).items())))
    timed = [r for r in rs if r['time_limit'] and r['cpu'] is not None]
    print('worst CPU / time limit: %.2f; worst wall / limit: %.2f' % (
        max(r['cpu'] / r['time_limit'] for r in timed), max(r['wall'] / r['time_limit'] for r in timed)))
    print('runs past 1.5 x limit + 0.1 s: CPU %d, wall %d (of %d timed)' % (
        sum(r['cpu'] > 1.5 * r['time_limit'] + 0.1 for r in timed),
        sum(r['wall'] > 1.5 * r['time_limit'] + 0.1 for r in timed), len(timed)))
    capped = [r for r in rs if r['max_memory'] and r['rss']]
    print('worst peak RSS / --max-memory: %.2f' % max(r['rss'] / mb(r['max_memory']) for r in capped))
    print('runs over --max-memory in RSS: %d (of %d capped)' % (
        sum(r['rss'] > mb(r['max_memory']) for r in capped), len(capped)))
    for r in rs:
        over = (r['code'] not in (0, 2) or (r['time_limit'] and max(r['cpu'] or 0, r['wall']) > 1.5 * r['time_limit'] + 0.1)
                or (r['max_memory'] and r['rss'] and r['rss'] > mb(r['max_memory'])))
        if over:
            print(r['i'], r['code'], 'wall %.2f cpu %s limit %s rss %.1fMB max %s:' % (
                r['wall'], r['cpu'], r['time_limit'], (r['rss'] or 0) / 2**20, r['max_memory']), ' '.join(r['args'])[:160])
    sys.exit(0)
BIN = sys.argv[1]
N = int(sys.argv[2]) if len(sys.argv) > 2 else 300
OUT = sys.argv[3] if len(sys.argv) > 3 else '/tmp/hostile/r2/results.jsonl'
rng = random.Random(35)
TMP = tempfile.mkdtemp(prefix='r2-')

RULES = {
 'loop': 'fn parse(t) { parse_int(t) }\nfn format(p) { `${p}` }\nfn moves(p) { let x = 0; loop { x += 1; } }\n',
 'bigmap': 'fn parse(t) { parse_int(t) }\nfn format(p) { `${p}` }\nfn moves(p) { let m = #{}; for i in 0..4000 { let s = `${i}`; s.pad(60000, "y"); m[`k${i}`] = s; } [] }\n',
 'deep': 'fn parse(t) { parse_int(t) }\nfn format(p) { `${p}` }\nfn f(n) { f(n + 1) }\nfn moves(p) { f(0) }\n',
 'grow': 'fn parse(t) { let p = []; for w in t.split() { p.push(parse_int(w)); } p }\nfn format(p) { let t = ""; for n in p { t += `${n} `; } if t == "" { "-" } else { t } }\nfn moves(p) { if p.len() >= 60000 { return []; } let a = p; a.push(p.len()); let b = p; b.push(p.len() + 1); [#{ label: "a", to: a }, #{ label: "b", to: b }] }\n',
 'bad': 'fn parse(t) { throw "no" }\nfn format(p) { 1 }\nfn moves(p) { 7 }\n',
 'subtr': 'fn parse(t) { parse_int(t) }\nfn format(p) { `${p}` }\nfn moves(p) { let m = []; for k in [1,3,4] { if p >= k { m.push(#{label: `take ${k}`, to: p - k}); } } m }\nfn heap(n) { n }\n',
}
rfiles = {}
for k, v in RULES.items():
    p = os.path.join(TMP, k + '.rhai'); open(p, 'w').write(v); rfiles[k] = p

def huge_num(): return rng.choice(['18446744073709551616', '99999999999999999999999', '1e999', '-1', '0', '1' * 60, 'NaN', '0x10', '3.5', ''])
def weird_word(): return rng.choice(['3\x1b[31m4', '\u202e5', '--', '-', '--misere', 'a' * 5000, '💥', '7\n8', '3 4', "it's", '$(id)'])
GAMES = ['nim', 'kayles', 'lasker', 'dawson', 'octal', 'hackenbush', 'ring', 'wythoff', 'subtraction', 'grundy', 'bash', 'checkers', 'coins', 'turning-corners', 'treblecross', 'paint2xn', 'multiplication']
CODES = ['0.07', '0.6', '4.7', '0.' + 'F' * 40, '0x0.8', '0o0.37', '0.', '9.9', '0.77', '0.' + '7' * 200, '0.0000000000000000000151675580397777F']
# Round 3: the codes whose quotient growth read no clock (round 2).
SLOW = ['0.76', '0.761', '0.771', '0.37', '0.61', '0.62']
if ROUND >= 3:
    CODES += SLOW

def limits():
    a = []
    t = rng.choice([None, '0.05', '0.2', '0.5', '1', '2'])
    m = rng.choice([None, None, '16M', '32M', '64M', '200M'])
    if t: a += ['--time-limit', t]
    if m: a += ['--max-memory', m]
    if rng.random() < 0.2: a += ['--max-states', rng.choice(['1', '100', '18446744073709551615', '0', 'x'])]
    return a, (float(t) if t else None), m

def msize(m):
    return None if m is None else int(m[:-1]) * (1 << 20)

def heaps(k, big=False):
    return [str(rng.choice([0, 1, 2, 3, 7, 20, 100, 1000, 10**6, 10**12, 2**63]) if big else rng.randint(0, 40)) for _ in range(k)]

def case():
    kind = rng.choice(['analyze', 'analyze', 'seq', 'quotient', 'survey', 'batch', 'play', 'explain', 'rules', 'rules'])
    lim, t, m = limits()
    stdin = ''
    if kind in ('analyze', 'explain'):
        g = rng.choice(GAMES)
        args = ['analyze', g]
        if g == 'octal': args += ['--code', rng.choice(CODES)]
        if g == 'ring': args += ['--n', rng.choice(['10', '1000000', '0']), '--a', '1,2,5', '--b', '1,3,4']
        if g == 'subtraction': args += ['--set', rng.choice(['1,3,4', '0', '1,' * 100 + '1', '99999999999'])]
        if g == 'hackenbush':
            n = rng.choice([3, 100, 3000])
            args += [f'{i}-{(i+1) % (n+1)}' for i in range(n + 1)]
        else:
            args += heaps(rng.choice([1, 2, 3, 5, 50]), big=rng.random() < 0.4)
        if rng.random() < 0.3: args.append(weird_word())
        if rng.random() < 0.4: args.append('--misere')
        if kind == 'explain': args.append('--explain')
        if rng.random() < 0.2: args.append('--json')
    elif kind == 'seq':
        g = rng.choice(['nim', 'lasker', 'bash', 'kayles', 'octal', 'octal', 'grundy', 'dawson'])
        args = ['seq', g]
        if g == 'octal': args += ['--code', rng.choice(CODES)]
        args += ['-n', rng.choice(['100', '100000', '10000000', '100000000', '4096', huge_num()])]
        r = rng.random()
        if r < 0.2: args.append('--summary')
        elif r < 0.3: args += ['--values', os.path.join(TMP, 'v.txt')]
        elif r < 0.4: args += ['--plot', os.path.join(TMP, rng.choice(['p.svg', 'p.png']))]
        elif r < 0.5: args += ['--values', '-']
        if rng.random() < 0.2: args.append('--genus')
        if rng.random() < 0.2: args.append('--json')
    elif kind == 'quotient':
        args = ['quotient', 'octal', '--code', rng.choice(CODES)]
        if rng.random() < 0.5: args += ['--max-heap', rng.choice(['10', '40', '100', '1000', huge_num()])]
    elif kind == 'survey':
        codes = ','.join(rng.choice(CODES + ['x', '', '0.8,,0.7']) for _ in range(rng.randint(1, 4)))
        if t: t *= codes.count(',') + 1
        args = ['survey', '--codes', codes, '-n', rng.choice(['100', '10000', '1000000', huge_num()])]
        if rng.random() < 0.4: args.append('--misere')
        if rng.random() < 0.5: args.append('--json')
    elif kind == 'batch':
        g = rng.choice(['nim', 'kayles', 'hackenbush', 'octal'])
        args = ['batch', g]
        if g == 'octal': args += ['--code', rng.choice(CODES)]
        lines = []
        for _ in range(rng.randint(1, 6)):
            r = rng.random()
            if r < 0.15: lines.append(' '.join(['1'] * rng.choice([1000, 100000, 1000000])))
            elif r < 0.25: lines.append(weird_word())
            elif r < 0.35: lines.append('\xff\xfe')
            elif g == 'hackenbush': lines.append(' '.join(f'{i}-{i+1}' for i in range(rng.choice([2, 50, 5000]))))
            else: lines.append(' '.join(heaps(rng.randint(1, 6), big=rng.random() < 0.3)))
        stdin = '\n'.join(lines) + rng.choice(['\n', ''])
        if rng.random() < 0.3: args.append('--misere')
    elif kind == 'play':
        g = rng.choice(['nim', 'kayles', 'wythoff', 'hackenbush'])
        args = ['play', g] + (['0-1', '1-2'] if g == 'hackenbush' else heaps(rng.choice([1, 3]), big=rng.random() < 0.4))
        stdin = '\n'.join(rng.choice(['1', '?', 'u', 'q', '999', 'x' * 100000, '\x1b[2J', '-1', '']) for _ in range(rng.randint(1, 8))) + '\n'
        if rng.random() < 0.3: args.append('--misere')
    else:
        k = rng.choice(list(rfiles))
        sub = rng.choice(['analyze', 'analyze', 'seq', 'quotient', 'play', 'batch'])
        args = [sub, '--rules', rfiles[k]]
        if sub == 'seq': args += ['-n', rng.choice(['10', '1000', '100000'])]
        elif sub == 'quotient': args += ['--max-heap', '20']
        elif sub == 'batch': stdin = '3\n5\n' + rng.choice(['', 'x\n', '9999999\n'])
        else: args += [rng.choice(['3', '10', '100', '-1', 'x', ''])]
        if sub == 'play': stdin = '1\n1\nq\n'
    return kind, args + lim, stdin, t, m

def run(kind, args, stdin, t, m, i):
    cmd = ['sh', '-c', 'ulimit -v 4000000 && exec /usr/bin/time -f "R %e %M %U %S" "$0" "$@"', BIN] + args
    start = time.time()
    try:
        p = subprocess.run(cmd, input=stdin.encode('utf-8', 'surrogateescape'), capture_output=True, timeout=120)
        code = p.returncode
        err = p.stderr.decode('utf-8', 'replace')
    except subprocess.TimeoutExpired:
        code, err = 'timeout', ''
    wall = time.time() - start
    rss = None
    cpu = None
    lines = err.strip().split('\n')
    for l in lines[::-1]:
        if l.startswith('R '):
            _, w, r, u, sy = l.split(); wall = float(w); rss = int(r) * 1024; cpu = float(u) + float(sy); break
    msg = [l for l in lines if not l.startswith('R ') and not l.startswith('Command ')]
    return dict(i=i, kind=kind, args=[a[:60] for a in args[:12]] + (['...%d words' % len(args)] if len(args) > 12 else []),
                stdin_bytes=len(stdin), code=code, wall=wall, cpu=cpu, time_limit=t, rss=rss, max_memory=m,
                err=(msg[-1][:200] if msg else ''))

def fixed():
    """Round 3's fixed cases: (kind, args, stdin, time limit, memory limit)."""
    cs = []
    for c in SLOW:
        for lim, t, m in ((['--time-limit', '1'], 1.0, None), (['--time-limit', '3'], 3.0, None),
                          (['--max-memory', '200M'], None, '200M')):
            cs.append(('quotient', ['quotient', 'octal', '--code', c, '--max-heap', '40'] + lim, '', t, m))
        cs.append(('survey', ['survey', '--misere', '--codes', c, '--max-heap', '40', '--json', '--time-limit', '1'], '', 1.0, None))
    cs.append(('survey', ['survey', '--misere', '--codes', ','.join(SLOW), '--max-heap', '40', '--json', '--time-limit', '1'], '', 6.0, None))
    for g in ('nim', 'lasker'):
        for extra in (['--summary'], ['--values', os.path.join(TMP, 'v.bin')], ['--values', os.path.join(TMP, 'v.txt')],
                      ['--plot', os.path.join(TMP, 'p.png'), '--summary'], ['--json'], [], ['--values', '-']):
            cs.append(('seq', ['seq', g, '-n', '100000000', '--time-limit', '0.5'] + extra, '', 0.5, None))
    cs.append(('seq', ['seq', 'octal', '--code', '0.' + 'F' * 40, '-n', '100'], '', None, None))
    for c in ('0.07', '0.54', '0.76', '4.7'):
        cs.append(('quotient', ['quotient', 'octal', '--code', c, '--max-memory', '16M', '--threads', '1'], '', None, '16M'))
    big = ' '.join(['1'] * 1000000)
    cs.append(('batch', ['batch', 'kayles', '--max-memory', '16M'], '1 2\n' + big + '\n3 4 5\n', None, '16M'))
    cs.append(('batch', ['batch', 'octal', '--code', '0.07', '--max-memory', '64M'], big + '\n', None, '64M'))
    cs.append(('quotient', ['quotient', 'octal', '--code', '0.07', '--max-states', '18446744073709551615', '--time-limit', '2'], '', 2.0, None))
    return cs

with open(OUT, 'w') as f:
    if ROUND >= 3:
        for j, c in enumerate(fixed()):
            r = run(*c, 'f%d' % j)
            f.write(json.dumps(r) + '\n'); f.flush()
    for i in range(N):
        kind, args, stdin, t, m = case()
        r = run(kind, args, stdin, t, m, i)
        f.write(json.dumps(r) + '\n'); f.flush()
