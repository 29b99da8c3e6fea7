//! Green Hackenbush values of rooted multigraphs by the colon and fusion
//! principles, and the edges whose removal reaches a wanted value.
//!
//! The fusion principle: the vertices of a cycle may be fused into one
//! vertex, its edges becoming loops, without changing the value. Fusing
//! every cycle fuses each 2-edge-connected piece of the graph into one
//! vertex carrying one loop per edge of the piece; the bridges then form a
//! tree of pieces. A loop is worth 1 (removing it removes only itself), and
//! the colon principle gives each piece the value
//! `(loops mod 2) XOR (XOR over child pieces of (child value + 1))`.
//!
//! Everything here is iterative (an explicit stack for the depth-first
//! search), linear in the size of the graph for [`fuse`], so paths of a
//! million edges cost no recursion depth.

/// Marks "no edge" / "no vertex" in the arrays below.
const NONE: u32 = u32::MAX;

/// The bridge structure and values of a connected rooted multigraph on
/// vertices `0..n` (local numbering).
#[derive(Debug)]
pub struct Fused {
    /// The 2-edge-connected piece of each vertex (`NONE` if unreachable).
    pub piece: Vec<u32>,
    /// Whether each edge is a bridge (loops never are).
    pub bridge: Vec<bool>,
    /// The value of each piece with everything hanging below it.
    pub value: Vec<u64>,
    /// The vertex through which each piece hangs from its parent piece
    /// (the root for the root piece). Pieces are numbered top-down: a
    /// piece's parent has a smaller number, piece 0 holds the root.
    pub head: Vec<u32>,
    /// For each vertex: its weight XOR `(value + 1)` of every piece that
    /// hangs from it by a bridge.
    pub hang: Vec<u64>,
    /// The depth-first parent of each vertex and the tree edge to it.
    pub parent: Vec<(u32, u32)>,
    /// Vertices in depth-first preorder (reachable ones only).
    pub preorder: Vec<u32>,
}

impl Fused {
    /// The value of the whole graph (its root piece).
    pub fn root_value(&self) -> u64 {
        self.value.first().copied().unwrap_or(0)
    }
}

/// Computes bridges, pieces and values of the multigraph with `n`
/// vertices and `edges` (loops and parallel edges allowed), rooted at
/// `root`. `weight`, when given, adds a value XORed in at each vertex (used
/// for pieces examined on their own, with what hangs below them folded in).
/// Edges not reachable from the root are ignored.
pub fn fuse(n: usize, edges: &[(u32, u32)], root: u32, weight: Option<&[u64]>) -> Fused {
    match fuse_metered(n, edges, root, weight, &mut Meter::unlimited()) {
        Ok(f) => f,
        Err(OutOfTime) => unreachable!("an unlimited meter never runs out"),
    }
}

/// [`fuse`], its work counted on `meter` (a vertex or edge visit a unit):
/// `Err(OutOfTime)` once the answer's time limit has passed. A pass over
/// a million edges took a fifth of a second, and an answer made six of
/// them past `--time-limit 0.5` before reading the clock.
pub(crate) fn fuse_metered(
    n: usize,
    edges: &[(u32, u32)],
    root: u32,
    weight: Option<&[u64]>,
    meter: &mut Meter,
) -> Result<Fused, OutOfTime> {
    meter.spend((n + edges.len()) as u64)?;
    // Adjacency in compressed form; loops are left out of the search.
    let mut degree = vec![0u32; n + 1];
    for &(a, b) in edges {
        if a != b {
            degree[a as usize] += 1;
            degree[b as usize] += 1;
        }
    }
    let mut start = vec![0u32; n + 1];
    for v in 0..n {
        start[v + 1] = start[v] + degree[v];
    }
    let mut fill = start.clone();
    let mut adj = vec![(0u32, 0u32); start[n] as usize];
    for (e, &(a, b)) in edges.iter().enumerate() {
        if a != b {
            adj[fill[a as usize] as usize] = (b, e as u32);
            fill[a as usize] += 1;
            adj[fill[b as usize] as usize] = (a, e as u32);
            fill[b as usize] += 1;
        }
    }

    let mut tin = vec![NONE; n];
    let mut low = vec![NONE; n];
    let mut parent = vec![(NONE, NONE); n];
    let mut preorder = Vec::with_capacity(n);
    let mut bridge = vec![false; edges.len()];
    let mut stack: Vec<(u32, u32)> = Vec::new();
    let mut timer = 0u32;
    if (root as usize) < n {
        tin[root as usize] = 0;
        low[root as usize] = 0;
        timer = 1;
        preorder.push(root);
        stack.push((root, start[root as usize]));
    }
    while let Some(top) = stack.last_mut() {
        meter.spend(1)?;
        let v = top.0 as usize;
        if top.1 < start[v + 1] {
            let (w, e) = adj[top.1 as usize];
            top.1 += 1;
            if e == parent[v].1 {
                continue;
            }
            let wu = w as usize;
            if tin[wu] == NONE {
                tin[wu] = timer;
                low[wu] = timer;
                timer += 1;
                parent[wu] = (v as u32, e);
                preorder.push(w);
                stack.push((w, start[wu]));
            } else {
                low[v] = low[v].min(tin[wu]);
            }
        } else {
            stack.pop();
            let (p, e) = parent[v];
            if p != NONE {
                let p = p as usize;
                low[p] = low[p].min(low[v]);
                if low[v] > tin[p] {
                    bridge[e as usize] = true;
                }
            }
        }
    }

    // Pieces: a vertex starts a new piece when the tree edge above it is a
    // bridge; otherwise it shares its parent's piece.
    meter.spend((n + edges.len()) as u64)?;
    let mut piece = vec![NONE; n];
    let mut head = Vec::new();
    for &v in &preorder {
        let (p, e) = parent[v as usize];
        if p == NONE || bridge[e as usize] {
            piece[v as usize] = head.len() as u32;
            head.push(v);
        } else {
            piece[v as usize] = piece[p as usize];
        }
    }
    let mut value = vec![0u64; head.len()];
    for (e, &(a, _)) in edges.iter().enumerate() {
        let c = piece[a as usize];
        if !bridge[e] && c != NONE {
            value[c as usize] ^= 1; // a loop after fusion
        }
    }
    let mut hang = vec![0u64; n];
    if let Some(w) = weight {
        for &v in &preorder {
            hang[v as usize] = w[v as usize];
            value[piece[v as usize] as usize] ^= w[v as usize];
        }
    }
    // Reverse preorder finishes every piece below a head before the head.
    for &v in preorder.iter().rev() {
        let (p, e) = parent[v as usize];
        if p != NONE && bridge[e as usize] {
            let up = value[piece[v as usize] as usize] + 1;
            hang[p as usize] ^= up;
            value[piece[p as usize] as usize] ^= up;
        }
    }
    Ok(Fused {
        piece,
        bridge,
        value,
        head,
        hang,
        parent,
        preorder,
    })
}

/// Work (in vertex and edge visits) that [`edges_reaching`] spends on the
/// cycles of a graph: every edge on a cycle is examined by fusing its piece
/// again without it. `Err(OutOfTime)` once the answer's time limit has
/// passed (read on `meter`).
pub(crate) fn cycle_work(
    n: usize,
    edges: &[(u32, u32)],
    root: u32,
    meter: &mut Meter,
) -> Result<u128, OutOfTime> {
    let f = fuse_metered(n, edges, root, None, meter)?;
    let mut size = vec![0u128; f.head.len()];
    for (e, &(a, _)) in edges.iter().enumerate() {
        let c = f.piece[a as usize];
        if !f.bridge[e] && c != NONE {
            size[c as usize] += 1;
        }
    }
    let mut verts = vec![0u128; f.head.len()];
    for &v in &f.preorder {
        verts[f.piece[v as usize] as usize] += 1;
    }
    Ok(size
        .iter()
        .zip(&verts)
        .map(|(&e, &v)| if e > 0 { e * (e + v) } else { 0 })
        .sum())
}

/// The answer's time limit passed while [`edges_reaching`] (or another
/// pass over a position) worked
/// ([`grundy_engine::clock::answer_time_passed`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfTime;

impl OutOfTime {
    /// The answer's time limit (zero outside an answer, which never runs
    /// out of time).
    pub fn limit() -> std::time::Duration {
        grundy_engine::clock::answer_limit().map_or(std::time::Duration::ZERO, |(l, _, _)| l)
    }
}

impl From<OutOfTime> for grundy_engine::RulesError {
    fn from(_: OutOfTime) -> Self {
        grundy_engine::RulesError::time_passed(OutOfTime::limit())
    }
}

impl From<OutOfTime> for grundy_engine::ParseError {
    fn from(_: OutOfTime) -> Self {
        grundy_engine::ParseError::new(format!(
            "time limit of {}s reached while reading the edges (raise it with --time-limit)",
            OutOfTime::limit().as_secs_f64()
        ))
    }
}

/// Units of work (vertex and edge visits, steps along a cycle) between two
/// looks at the answer's clock in [`edges_reaching`]: a fraction of a
/// millisecond.
const CLOCK_EVERY: u64 = 1 << 16;

/// Counts work and reads the answer's clock every [`CLOCK_EVERY`] units:
/// the one clock of every pass over a Hackenbush position (the parse, the
/// split into branches, the winning edges).
pub(crate) struct Meter {
    work: u64,
    next: u64,
}

impl Meter {
    /// A meter with no work counted.
    pub(crate) fn new() -> Meter {
        Meter {
            work: 0,
            next: CLOCK_EVERY,
        }
    }

    /// A meter that never reads the clock (for passes with no answer's
    /// time to keep, the public untimed functions).
    pub(crate) fn unlimited() -> Meter {
        Meter {
            work: 0,
            next: u64::MAX,
        }
    }

    /// Counts `units` of work; `Err` once the answer's time limit has
    /// passed (read when the count crosses a multiple of [`CLOCK_EVERY`]).
    pub(crate) fn spend(&mut self, units: u64) -> Result<(), OutOfTime> {
        self.work = self.work.saturating_add(units);
        if self.work >= self.next {
            self.next = self.work + CLOCK_EVERY;
            if grundy_engine::clock::answer_time_passed() {
                return Err(OutOfTime);
            }
        }
        Ok(())
    }
}

/// Every edge (by index) whose removal, with everything that falls with
/// it, leaves the graph rooted at `root` with value `target`, in
/// increasing order.
///
/// Bridges by pushing the wanted value down the tree of pieces (one pass).
/// An edge of a piece that is a simple cycle by walking the cycle: its
/// removal leaves two stalks hanging from the head, whose values are read
/// off the vertex weights, skipping runs of weightless vertices (linear
/// for a bare cycle, at worst the square of the cycle's length in single
/// steps). An edge of any other piece by fusing its piece again without
/// it, with what hangs below the piece folded into vertex weights (work:
/// see [`cycle_work`]).
///
/// Reads the answer's clock ([`grundy_engine::clock::answer_time_passed`])
/// every [`CLOCK_EVERY`] units of work: `Err(OutOfTime)` once it has
/// passed (a 13,500-edge cycle took 28.8 s at `--time-limit 0.5`).
pub fn edges_reaching(
    n: usize,
    edges: &[(u32, u32)],
    root: u32,
    target: u64,
) -> Result<Vec<usize>, OutOfTime> {
    let mut meter = Meter::new();
    let f = fuse_metered(n, edges, root, None, &mut meter)?;
    let pieces = f.head.len();
    let mut want: Vec<Option<u64>> = vec![None; pieces];
    if pieces == 0 {
        return Ok(Vec::new());
    }
    want[0] = Some(target);
    let mut out = Vec::new();
    for &v in &f.preorder {
        let (p, e) = f.parent[v as usize];
        if p == NONE || !f.bridge[e as usize] {
            continue;
        }
        let above = f.piece[p as usize] as usize;
        let Some(r) = want[above] else { continue };
        let below = f.piece[v as usize] as usize;
        let share = f.value[below] + 1;
        if f.value[above] ^ share == r {
            out.push(e as usize);
        }
        let need = r ^ f.value[above] ^ share;
        if need >= 1 {
            want[below] = Some(need - 1);
        }
    }

    // Edges on cycles, piece by piece.
    meter.spend((n + edges.len()) as u64)?;
    let mut members: Vec<Vec<u32>> = vec![Vec::new(); pieces];
    for &v in &f.preorder {
        members[f.piece[v as usize] as usize].push(v);
    }
    let mut inner: Vec<Vec<usize>> = vec![Vec::new(); pieces];
    for (e, &(a, _)) in edges.iter().enumerate() {
        let c = f.piece[a as usize];
        if !f.bridge[e] && c != NONE {
            inner[c as usize].push(e);
        }
    }
    let mut local = vec![NONE; n];
    for c in 0..pieces {
        let Some(r) = want[c] else { continue };
        if inner[c].is_empty() {
            continue;
        }
        for (i, &v) in members[c].iter().enumerate() {
            local[v as usize] = i as u32;
        }
        meter.spend((inner[c].len() + members[c].len()) as u64)?;
        if let Some(cycle) = simple_cycle(&members[c], &inner[c], edges, f.head[c], &local) {
            cycle_edges_reaching(&cycle, &f.hang, r, &mut meter, &mut out)?;
            continue;
        }
        let weights: Vec<u64> = members[c].iter().map(|&v| f.hang[v as usize]).collect();
        let head = local[f.head[c] as usize];
        let mut rest: Vec<(u32, u32)> = Vec::with_capacity(inner[c].len());
        for &skip in &inner[c] {
            meter.spend((inner[c].len() + members[c].len()) as u64)?;
            rest.clear();
            rest.extend(inner[c].iter().filter(|&&e| e != skip).map(|&e| {
                let (a, b) = edges[e];
                (local[a as usize], local[b as usize])
            }));
            let g = fuse_metered(members[c].len(), &rest, head, Some(&weights), &mut meter)?;
            if g.root_value() == r {
                out.push(skip);
            }
        }
    }
    out.sort_unstable();
    Ok(out)
}

/// A piece that is one simple cycle (no loop, every vertex on two of its
/// edges), walked from its head: the vertices `v_0 = head, v_1, ...,
/// v_{k-1}` and the edges `e_i` joining `v_i` to `v_{i+1}` (`v_k = v_0`).
struct Cycle {
    vertices: Vec<u32>,
    edges: Vec<usize>,
}

/// The piece with vertices `members` (vertex `v` is `members[slot[v]]`)
/// and edges `inner` walked as a [`Cycle`] from `head`, when it is a
/// simple cycle; `None` otherwise.
fn simple_cycle(
    members: &[u32],
    inner: &[usize],
    edges: &[(u32, u32)],
    head: u32,
    slot: &[u32],
) -> Option<Cycle> {
    if members.len() != inner.len() || inner.len() < 2 {
        return None;
    }
    // The two edges at each vertex (a piece is connected, so a vertex of
    // degree two everywhere and as many edges as vertices is one cycle).
    let mut at: Vec<[usize; 2]> = vec![[usize::MAX; 2]; members.len()];
    for &e in inner {
        let (a, b) = edges[e];
        if a == b {
            return None;
        }
        for x in [a, b] {
            let s = &mut at[slot[x as usize] as usize];
            if s[0] == usize::MAX {
                s[0] = e;
            } else if s[1] == usize::MAX {
                s[1] = e;
            } else {
                return None;
            }
        }
    }
    let k = members.len();
    let mut vertices = Vec::with_capacity(k);
    let mut walked = Vec::with_capacity(k);
    let (mut v, mut came) = (head, usize::MAX);
    for _ in 0..k {
        vertices.push(v);
        let s = at[slot[v as usize] as usize];
        let e = if s[0] != came { s[0] } else { s[1] };
        walked.push(e);
        let (a, b) = edges[e];
        v = if a == v { b } else { a };
        came = e;
    }
    (v == head).then_some(Cycle {
        vertices,
        edges: walked,
    })
}

/// The edges `e_i` of `cycle` whose removal leaves its head worth `r`,
/// pushed onto `out`. Removing `e_i` leaves the stalks `v_1 .. v_i` and
/// `v_{k-1} .. v_{i+1}` hanging from the head, each vertex carrying its
/// weight `hang[v]`: the head is worth its weight XOR (value + 1) of each
/// stalk that is not empty.
fn cycle_edges_reaching(
    cycle: &Cycle,
    hang: &[u64],
    r: u64,
    meter: &mut Meter,
    out: &mut Vec<usize>,
) -> Result<(), OutOfTime> {
    let k = cycle.vertices.len();
    let w: Vec<u64> = cycle.vertices.iter().map(|&v| hang[v as usize]).collect();
    // The stalks going one way round (v_1, v_2, ...) and the other
    // (v_{k-1}, v_{k-2}, ...), root first.
    let forward = Stalk::new(w[1..].to_vec());
    let backward = Stalk::new(w[1..].iter().rev().copied().collect());
    for i in 0..k {
        let mut value = w[0];
        if i >= 1 {
            value ^= forward.value(i - 1, meter)? + 1;
        }
        if i + 1 < k {
            value ^= backward.value(k - 2 - i, meter)? + 1;
        }
        if value == r {
            out.push(cycle.edges[i]);
        }
    }
    Ok(())
}

/// A path of weighted vertices, its first hanging from a root: the value
/// of its first `len + 1` vertices as a stalk, each vertex worth its
/// weight XOR (value + 1) of the rest below it.
struct Stalk {
    weights: Vec<u64>,
    /// For each vertex, the last vertex at or before it with a weight
    /// (`usize::MAX` if none): runs without weight are stepped over at once.
    weighted: Vec<usize>,
}

impl Stalk {
    fn new(weights: Vec<u64>) -> Stalk {
        let mut last = usize::MAX;
        let weighted = weights
            .iter()
            .enumerate()
            .map(|(j, &x)| {
                if x != 0 {
                    last = j;
                }
                last
            })
            .collect();
        Stalk { weights, weighted }
    }

    /// The value of vertices `0..=leaf` (rooted at vertex 0), worked from
    /// the leaf up: a vertex without weight adds 1 to the value below it.
    fn value(&self, leaf: usize, meter: &mut Meter) -> Result<u64, OutOfTime> {
        let mut x = self.weights[leaf];
        let mut j = leaf; // x is the value of vertices j..=leaf
        let mut steps = 1u64;
        while j > 0 {
            let p = self.weighted[j - 1];
            if p == usize::MAX {
                // Vertices 0..j carry no weight: one step each.
                x += j as u64;
                break;
            }
            // Vertices p+1..j carry no weight, then p's weight.
            x += (j - 1 - p) as u64;
            x = self.weights[p] ^ (x + 1);
            j = p;
            steps += 1;
        }
        meter.spend(steps)?;
        Ok(x)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(n: usize, edges: &[(u32, u32)]) -> u64 {
        fuse(n, edges, 0, None).root_value()
    }

    #[test]
    fn stalks_trees_and_loops() {
        // A stalk of 3 edges is a nim heap of 3.
        assert_eq!(value(4, &[(0, 1), (1, 2), (2, 3)]), 3);
        // Colon principle: a fork of two single edges on one edge is 1 + 0.
        assert_eq!(value(4, &[(0, 1), (1, 2), (1, 3)]), 1);
        // A loop at the ground is worth 1, two loops cancel.
        assert_eq!(value(1, &[(0, 0)]), 1);
        assert_eq!(value(1, &[(0, 0), (0, 0)]), 0);
        // A triangle on the ground fuses into three loops: 1.
        assert_eq!(value(3, &[(0, 1), (1, 2), (2, 0)]), 1);
        // Two parallel edges to the ground: two loops, 0.
        assert_eq!(value(2, &[(0, 1), (0, 1)]), 0);
        // A triangle on a stalk of one: (3 loops -> 1) + 1 = 2.
        assert_eq!(value(4, &[(0, 1), (1, 2), (2, 3), (3, 1)]), 2);
    }

    #[test]
    fn edges_reaching_a_stalk() {
        let stalk = [(0, 1), (1, 2), (2, 3)];
        for t in 0..3 {
            assert_eq!(edges_reaching(4, &stalk, 0, t), Ok(vec![t as usize]));
        }
        assert_eq!(edges_reaching(4, &stalk, 0, 3), Ok(vec![]));
    }

    /// The edges whose removal leaves the graph worth `target`, each found
    /// by fusing the whole graph again without it.
    fn reaching_by_fusing_again(n: usize, edges: &[(u32, u32)], target: u64) -> Vec<usize> {
        (0..edges.len())
            .filter(|&i| {
                let rest: Vec<(u32, u32)> = edges
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, &e)| e)
                    .collect();
                value(n, &rest) == target
            })
            .collect()
    }

    #[test]
    fn walked_cycles_agree_with_fusing_again() {
        // Cycles of 2 to 40 edges, through the ground or hanging from a
        // stalk, with random trees hanging from their vertices (weights,
        // some zero): the walk along the cycle against fusing each edge's
        // graph again.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |m: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % m
        };
        for round in 0..300 {
            let k = 2 + next(39) as u32;
            let lift = (round % 2) as u32; // 1: the cycle hangs from 0-1
            let mut edges: Vec<(u32, u32)> = Vec::new();
            if lift == 1 {
                edges.push((0, 1));
            }
            for i in 0..k {
                edges.push((lift + i, lift + (i + 1) % k));
            }
            let mut n = lift + k;
            for _ in 0..next(2 * u64::from(k) + 1) {
                let at = lift + next(u64::from(n - lift)) as u32;
                edges.push((at, n));
                n += 1;
            }
            for target in 0..=8 {
                let got = edges_reaching(n as usize, &edges, 0, target).unwrap();
                let want = reaching_by_fusing_again(n as usize, &edges, target);
                assert_eq!(got, want, "{edges:?} target {target}");
            }
        }
    }

    #[test]
    fn long_paths_need_no_recursion() {
        let n = 1_000_000u32;
        let path: Vec<(u32, u32)> = (0..n).map(|i| (i, i + 1)).collect();
        assert_eq!(value(n as usize + 1, &path), u64::from(n));
        let mut cycle = path.clone();
        cycle.push((n, 0));
        assert_eq!(value(n as usize + 1, &cycle), u64::from((n + 1) % 2));
    }
}
