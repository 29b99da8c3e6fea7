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
    Fused {
        piece,
        bridge,
        value,
        head,
        hang,
        parent,
        preorder,
    }
}

/// Work (in vertex and edge visits) that [`edges_reaching`] spends on the
/// cycles of a graph: every edge on a cycle is examined by fusing its piece
/// again without it.
pub fn cycle_work(n: usize, edges: &[(u32, u32)], root: u32) -> u128 {
    let f = fuse(n, edges, root, None);
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
    size.iter()
        .zip(&verts)
        .map(|(&e, &v)| if e > 0 { e * (e + v) } else { 0 })
        .sum()
}

/// Every edge (by index) whose removal, with everything that falls with
/// it, leaves the graph rooted at `root` with value `target`, in
/// increasing order.
///
/// Bridges by pushing the wanted value down the tree of pieces (one pass);
/// an edge on a cycle by fusing its piece again without it, with what
/// hangs below the piece folded into vertex weights (work: see
/// [`cycle_work`]).
pub fn edges_reaching(n: usize, edges: &[(u32, u32)], root: u32, target: u64) -> Vec<usize> {
    let f = fuse(n, edges, root, None);
    let pieces = f.head.len();
    let mut want: Vec<Option<u64>> = vec![None; pieces];
    if pieces == 0 {
        return Vec::new();
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
        let weights: Vec<u64> = members[c].iter().map(|&v| f.hang[v as usize]).collect();
        let head = local[f.head[c] as usize];
        let mut rest: Vec<(u32, u32)> = Vec::with_capacity(inner[c].len());
        for &skip in &inner[c] {
            rest.clear();
            rest.extend(inner[c].iter().filter(|&&e| e != skip).map(|&e| {
                let (a, b) = edges[e];
                (local[a as usize], local[b as usize])
            }));
            let g = fuse(members[c].len(), &rest, head, Some(&weights));
            if g.root_value() == r {
                out.push(skip);
            }
        }
    }
    out.sort_unstable();
    out
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
            assert_eq!(edges_reaching(4, &stalk, 0, t), vec![t as usize]);
        }
        assert!(edges_reaching(4, &stalk, 0, 3).is_empty());
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
