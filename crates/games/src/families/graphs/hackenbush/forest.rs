//! Hackenbush positions as text and as graphs: reading `0-1 1-2 ; 0-1`
//! with errors that name the bad node or the floating edges, writing it
//! back, removing an edge with everything that falls, splitting a graph
//! into its branches at the ground, and canonical forms of branches (so a
//! misère search shares the entries of isomorphic trees).

use super::fusion::{self, Meter};
use grundy_api::parse_u64_in;
use grundy_engine::ParseError;
use std::collections::HashMap;

/// The largest node number accepted.
pub const MAX_NODE: u64 = 1_000_000_000;

/// The most edges a position may have in all.
pub const MAX_EDGES: usize = 1_000_000;

/// One rooted graph: edges between numbered nodes, node 0 the ground.
/// Every edge is connected to the ground (the parser refuses others, and
/// [`Graph::without`] drops what falls). Edges keep the user's node
/// numbers and order, so moves are named in the user's words.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Graph {
    /// The edges, each as written (`a-b` is `(a, b)`).
    pub edges: Vec<(u32, u32)>,
}

/// A Hackenbush position: a sum of rooted graphs, none of them empty.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Forest {
    /// The graphs, in the order written.
    pub graphs: Vec<Graph>,
}

/// The text of an empty position (every edge gone).
pub const EMPTY: &str = "-";

impl Forest {
    /// Total number of edges.
    pub fn edge_count(&self) -> usize {
        self.graphs.iter().map(|g| g.edges.len()).sum()
    }
}

/// Reads a forest: edges `a-b` separated by white space or commas, graphs separated
/// by `;`, `-` for the empty position. Graphs left empty are dropped.
///
/// Errors: an edge that is not two node numbers joined by `-` (naming the
/// edge and its graph), a node above [`MAX_NODE`], more than [`MAX_EDGES`]
/// edges, and edges not connected to the ground (listed); the answer's
/// time limit, read every 65,536 edges (10^6 edges took 0.5 s to read
/// and check).
pub fn parse_forest(text: &str) -> Result<Forest, ParseError> {
    if text.trim() == EMPTY {
        return Ok(Forest::default());
    }
    let mut meter = Meter::new();
    let mut graphs = Vec::new();
    let mut total = 0usize;
    for (gi, part) in text.split(';').enumerate() {
        // `-` is an empty graph inside a sum too (`0-1 ; - ; 0-1`), as an
        // empty part is: both are dropped.
        if part.trim() == EMPTY {
            continue;
        }
        let mut edges = Vec::new();
        for word in part
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
        {
            total += 1;
            if total > MAX_EDGES {
                return Err(ParseError::new(format!(
                    "too many edges: at most {MAX_EDGES} in all"
                )));
            }
            edges.push(parse_edge(word, gi + 1)?);
            meter.spend(1)?;
        }
        if edges.is_empty() {
            continue;
        }
        let g = Graph { edges };
        meter.spend(g.edges.len() as u64)?;
        check_grounded(&g, gi + 1)?;
        graphs.push(g);
    }
    Ok(Forest { graphs })
}

fn parse_edge(word: &str, graph: usize) -> Result<(u32, u32), ParseError> {
    let bad = |why: String| {
        ParseError::new(format!(
            "bad edge '{word}' in graph {graph}: {why}; write an edge as two node numbers joined by '-', e.g. 0-1 (node 0 is the ground)"
        ))
    };
    // Split at the first '-' that follows a character, so "-1-2" is seen
    // as a bad (negative) node rather than an empty one.
    let cut = word
        .char_indices()
        .skip(1)
        .find(|&(_, c)| c == '-')
        .map(|(i, _)| i);
    let Some(cut) = cut else {
        return Err(bad("no '-' between two nodes".into()));
    };
    let (a, b) = (&word[..cut], &word[cut + 1..]);
    let node = |s: &str| {
        parse_u64_in(s, 0, MAX_NODE)
            .map(|v| v as u32)
            .map_err(|e| bad(format!("node {e}")))
    };
    Ok((node(a)?, node(b)?))
}

/// Refuses a graph with edges not connected to the ground, naming them.
fn check_grounded(g: &Graph, index: usize) -> Result<(), ParseError> {
    let (nodes, local) = dense(g);
    let reached = reachable(nodes.len(), &local);
    let floating: Vec<String> = g
        .edges
        .iter()
        .zip(&local)
        .filter(|(_, &(a, _))| !reached[a as usize])
        .map(|(&(a, b), _)| format!("{a}-{b}"))
        .collect();
    if floating.is_empty() {
        return Ok(());
    }
    let shown: Vec<&str> = floating.iter().take(20).map(String::as_str).collect();
    let more = if floating.len() > shown.len() {
        format!(" and {} more", floating.len() - shown.len())
    } else {
        String::new()
    };
    Err(ParseError::new(format!(
        "graph {index}: {} edge{} not connected to the ground (node 0): {}{more}",
        floating.len(),
        if floating.len() == 1 { " is" } else { "s are" },
        shown.join(" ")
    )))
}

/// The graph in dense local numbering: the sorted distinct node numbers
/// (with 0 always first, so the ground is local vertex 0) and the edges
/// renumbered. Node numbers below four per edge are renumbered through a
/// table (linear: a binary search per end took 0.3 s for 10^6 edges, and
/// every pass over a position starts here); others by sorting.
pub fn dense(g: &Graph) -> (Vec<u32>, Vec<(u32, u32)>) {
    let top = g.edges.iter().map(|&(a, b)| a.max(b)).max().unwrap_or(0) as usize;
    if top <= 4 * g.edges.len() + 64 {
        const ABSENT: u32 = u32::MAX;
        let mut rank = vec![ABSENT; top + 1];
        rank[0] = 0;
        for &(a, b) in &g.edges {
            rank[a as usize] = 0;
            rank[b as usize] = 0;
        }
        let mut nodes = Vec::new();
        for (x, r) in rank.iter_mut().enumerate() {
            if *r != ABSENT {
                *r = nodes.len() as u32;
                nodes.push(x as u32);
            }
        }
        let local = g
            .edges
            .iter()
            .map(|&(a, b)| (rank[a as usize], rank[b as usize]))
            .collect();
        return (nodes, local);
    }
    let mut nodes: Vec<u32> = g.edges.iter().flat_map(|&(a, b)| [a, b]).collect();
    nodes.push(0);
    nodes.sort_unstable();
    nodes.dedup();
    let at = |x: u32| nodes.binary_search(&x).expect("listed") as u32;
    let local = g.edges.iter().map(|&(a, b)| (at(a), at(b))).collect();
    (nodes, local)
}

/// The root of `x` in the union-find forest `parent`, halving the path
/// on the way.
fn find(parent: &mut [u32], mut x: u32) -> u32 {
    while parent[x as usize] != x {
        let up = parent[parent[x as usize] as usize];
        parent[x as usize] = up;
        x = up;
    }
    x
}

/// Which local vertices are connected to vertex 0.
fn reachable(n: usize, edges: &[(u32, u32)]) -> Vec<bool> {
    let mut parent: Vec<u32> = (0..n as u32).collect();
    for &(a, b) in edges {
        let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
        parent[ra as usize] = rb;
    }
    let ground = find(&mut parent, 0);
    (0..n as u32)
        .map(|v| find(&mut parent, v) == ground)
        .collect()
}

/// Whether the connected graph on `n` local vertices with `edges` is a
/// tree: no loop, and one edge fewer than vertices.
fn is_tree(n: usize, edges: &[(u32, u32)]) -> bool {
    edges.iter().all(|&(a, b)| a != b) && edges.len() + 1 == n
}

/// Writes a forest as [`parse_forest`] reads it.
pub fn format_forest(f: &Forest) -> String {
    if f.graphs.is_empty() {
        return EMPTY.to_string();
    }
    f.graphs
        .iter()
        .map(|g| {
            g.edges
                .iter()
                .map(|(a, b)| format!("{a}-{b}"))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join(" ; ")
}

impl Graph {
    /// The value of the graph by the fusion principle.
    pub fn value(&self) -> u64 {
        let (nodes, local) = dense(self);
        fusion::fuse(nodes.len(), &local, 0, None).root_value()
    }

    /// [`Graph::value`], its work counted on `meter`: `Err` once the
    /// answer's time limit has passed.
    pub(crate) fn value_metered(&self, meter: &mut Meter) -> Result<u64, fusion::OutOfTime> {
        meter.spend(self.edges.len() as u64)?;
        let (nodes, local) = dense(self);
        Ok(fusion::fuse_metered(nodes.len(), &local, 0, None, meter)?.root_value())
    }

    /// The graph after removing edge `i` and everything no longer
    /// connected to the ground (user numbering and order kept).
    pub fn without(&self, i: usize) -> Graph {
        let rest = Graph {
            edges: self
                .edges
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &e)| e)
                .collect(),
        };
        let (nodes, local) = dense(&rest);
        let reached = reachable(nodes.len(), &local);
        Graph {
            edges: rest
                .edges
                .iter()
                .zip(&local)
                .filter(|(_, &(a, _))| reached[a as usize])
                .map(|(&e, _)| e)
                .collect(),
        }
    }

    /// The branches of the graph at the ground: the parts that share only
    /// the ground, each a game of its own (in normal and in misère play),
    /// with the indices of their edges in this graph. A loop at the ground
    /// is a branch by itself.
    pub fn branches(&self) -> Vec<(Graph, Vec<usize>)> {
        let (nodes, local) = dense(self);
        let n = nodes.len();
        let mut parent: Vec<u32> = (0..n as u32).collect();
        for &(a, b) in &local {
            if a != 0 && b != 0 {
                let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
                parent[ra as usize] = rb;
            }
        }
        let mut index: HashMap<u64, usize> = HashMap::new();
        let mut out: Vec<(Graph, Vec<usize>)> = Vec::new();
        for (i, &(a, b)) in local.iter().enumerate() {
            // Key: the part's root vertex, or the edge itself for a loop at
            // the ground (offset past every vertex).
            let key = match (a, b) {
                (0, 0) => n as u64 + i as u64,
                (0, v) | (v, _) => u64::from(find(&mut parent, v)),
            };
            let slot = *index.entry(key).or_insert_with(|| {
                out.push((Graph::default(), Vec::new()));
                out.len() - 1
            });
            out[slot].0.edges.push(self.edges[i]);
            out[slot].1.push(i);
        }
        out
    }

    /// Whether the graph is a tree: no loop, no parallel edge, no cycle.
    pub fn is_tree(&self) -> bool {
        let (nodes, local) = dense(self);
        is_tree(nodes.len(), &local)
    }

    /// A canonical form: isomorphic rooted trees get equal forms (children
    /// ordered by the shape of their subtrees); other graphs are renumbered
    /// in breadth-first order, which is deterministic though not canonical.
    pub fn canonical(&self) -> Graph {
        match self.canonical_metered(&mut Meter::unlimited()) {
            Ok(g) => g,
            Err(fusion::OutOfTime) => unreachable!("an unlimited meter never runs out"),
        }
    }

    /// [`Graph::canonical`], its work counted on `meter` (a vertex or an
    /// edge a unit, a level's sort as its keys): `Err` once the answer's
    /// time limit has passed (a random tree of 10^6 edges took half a
    /// second).
    pub(crate) fn canonical_metered(&self, meter: &mut Meter) -> Result<Graph, fusion::OutOfTime> {
        meter.spend(self.edges.len() as u64)?;
        let (nodes, local) = dense(self);
        let n = nodes.len();
        let mut adj: Vec<Vec<(u32, usize)>> = vec![Vec::new(); n];
        for (i, &(a, b)) in local.iter().enumerate() {
            adj[a as usize].push((b, i));
            if a != b {
                adj[b as usize].push((a, i));
            }
        }
        // Breadth-first order from the ground, parents first.
        let mut order = vec![0u32];
        let mut parent = vec![u32::MAX; n];
        parent[0] = 0;
        let mut k = 0;
        while k < order.len() {
            let v = order[k] as usize;
            k += 1;
            for &(w, _) in &adj[v] {
                if parent[w as usize] == u32::MAX {
                    parent[w as usize] = v as u32;
                    order.push(w);
                }
            }
        }
        let tree = is_tree(n, &local);
        // Shape ids bottom-up, level by level (trees only): a vertex's id
        // is the rank of its sorted list of child ids among the lists of
        // its level, so equal ids mean isomorphic subtrees, whatever the
        // numbering given.
        let mut shape = vec![0u32; n];
        if tree {
            let mut depth = vec![0u32; n];
            for &v in order.iter().skip(1) {
                depth[v as usize] = depth[parent[v as usize] as usize] + 1;
            }
            let mut kids: Vec<Vec<u32>> = vec![Vec::new(); n];
            let mut at = order.len();
            while at > 0 {
                let d = depth[order[at - 1] as usize];
                let mut from = at;
                while from > 0 && depth[order[from - 1] as usize] == d {
                    from -= 1;
                }
                let level = &order[from..at];
                meter.spend(level.len() as u64 * 4)?;
                let mut keys: Vec<Vec<u32>> = level
                    .iter()
                    .map(|&v| {
                        let mut k = std::mem::take(&mut kids[v as usize]);
                        k.sort_unstable();
                        k
                    })
                    .collect();
                let mut distinct = keys.clone();
                distinct.sort();
                distinct.dedup();
                for (&v, key) in level.iter().zip(keys.iter_mut()) {
                    let id = distinct.binary_search(key).expect("listed") as u32;
                    shape[v as usize] = id;
                    if v != 0 {
                        kids[parent[v as usize] as usize].push(id);
                    }
                }
                at = from;
            }
        }
        // Number the vertices in preorder, children by shape (trees) or by
        // their breadth-first rank (other graphs).
        let mut rank = vec![0u32; n];
        for (r, &v) in order.iter().enumerate() {
            rank[v as usize] = r as u32;
        }
        let mut label = vec![u32::MAX; n];
        let mut next = 0u32;
        let mut stack = vec![0u32];
        while let Some(v) = stack.pop() {
            if label[v as usize] != u32::MAX {
                continue;
            }
            meter.spend(1)?;
            label[v as usize] = next;
            next += 1;
            let mut children: Vec<u32> = adj[v as usize]
                .iter()
                .map(|&(w, _)| w)
                .filter(|&w| label[w as usize] == u32::MAX)
                .collect();
            if tree {
                children.sort_unstable_by_key(|&w| std::cmp::Reverse(shape[w as usize]));
            } else {
                children.sort_unstable_by_key(|&w| std::cmp::Reverse(rank[w as usize]));
                children.dedup();
            }
            stack.extend(children);
        }
        let mut edges: Vec<(u32, u32)> = local
            .iter()
            .map(|&(a, b)| {
                let (x, y) = (label[a as usize], label[b as usize]);
                (x.min(y), x.max(y))
            })
            .collect();
        edges.sort_unstable();
        Ok(Graph { edges })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_empty() {
        let f = parse_forest("0-1 1-2 1-3 ; 0-5 5-5").unwrap();
        assert_eq!(f.graphs.len(), 2);
        assert_eq!(format_forest(&f), "0-1 1-2 1-3 ; 0-5 5-5");
        assert_eq!(parse_forest(&format_forest(&f)).unwrap(), f);
        assert_eq!(parse_forest("-").unwrap(), Forest::default());
        assert_eq!(format_forest(&Forest::default()), "-");
        assert_eq!(parse_forest("0-1;;0-2").unwrap().graphs.len(), 2);
    }

    #[test]
    fn errors_name_the_problem() {
        let e = parse_forest("0-1 1-x").unwrap_err().0;
        assert!(e.contains("'1-x'") && e.contains("graph 1"), "{e}");
        let e = parse_forest("0-1 12").unwrap_err().0;
        assert!(e.contains("'12'") && e.contains("no '-'"), "{e}");
        let e = parse_forest("0-1 -1-2").unwrap_err().0;
        assert!(e.contains("'-1-2'"), "{e}");
        let e = parse_forest("0-1 ; 0-1 2-3 3-4").unwrap_err().0;
        assert!(e.contains("graph 2") && e.contains("2-3 3-4"), "{e}");
        assert!(e.contains("2 edges are not connected"), "{e}");
        let e = parse_forest("0-2000000000").unwrap_err().0;
        assert!(e.contains("too large"), "{e}");
    }

    #[test]
    fn removing_an_edge_drops_what_falls() {
        let g = parse_forest("0-1 1-2 2-3 1-4").unwrap().graphs[0].clone();
        assert_eq!(g.without(1).edges, vec![(0, 1), (1, 4)]);
        assert_eq!(g.without(0).edges, vec![]);
        let cyc = parse_forest("0-1 1-2 2-0").unwrap().graphs[0].clone();
        assert_eq!(cyc.without(0).edges, vec![(1, 2), (2, 0)]);
    }

    #[test]
    fn branches_split_at_the_ground() {
        let g = parse_forest("0-1 1-2 0-3 0-0 3-4 4-0 0-5").unwrap().graphs[0].clone();
        let b: Vec<Vec<usize>> = g.branches().into_iter().map(|(_, i)| i).collect();
        assert_eq!(b, vec![vec![0, 1], vec![2, 4, 5], vec![3], vec![6]]);
    }

    #[test]
    fn dense_numbering_is_the_same_by_table_and_by_sorting() {
        // Packed node numbers go through the table, sparse ones are
        // sorted: both number the sorted distinct nodes from 0.
        let packed = parse_forest("0-3 3-1 1-1 3-7 7-0").unwrap().graphs[0].clone();
        let (nodes, local) = dense(&packed);
        assert_eq!(nodes, vec![0, 1, 3, 7]);
        assert_eq!(local, vec![(0, 2), (2, 1), (1, 1), (2, 3), (3, 0)]);
        let sparse = parse_forest("0-3000 3000-1000 1000-1000 3000-7000 7000-0")
            .unwrap()
            .graphs[0]
            .clone();
        let (nodes, sparse_local) = dense(&sparse);
        assert_eq!(nodes, vec![0, 1000, 3000, 7000]);
        assert_eq!(sparse_local, local);
    }

    #[test]
    fn isomorphic_trees_share_a_canonical_form() {
        let a = parse_forest("0-1 1-2 1-3 3-4").unwrap().graphs[0].clone();
        let b = parse_forest("0-7 7-9 9-5 7-8").unwrap().graphs[0].clone();
        assert_eq!(a.canonical(), b.canonical());
        let c = parse_forest("0-1 1-2 2-3 3-4").unwrap().graphs[0].clone();
        assert_ne!(a.canonical(), c.canonical());
        assert_eq!(a.canonical().value(), a.value());
    }
}
