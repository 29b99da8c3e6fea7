//! Misère Hackenbush by the Sprague-Grundy-Jiang theorem, where its
//! hypothesis is checked to hold.
//!
//! The components of a Hackenbush position are its branches at the ground.
//! A branch attached to the ground by a single edge satisfies the
//! theorem's hypothesis: every position it can reach is either empty or
//! still hangs from that edge, which is then a bridge, so its value is
//! (value above the edge) + 1 >= 1; only the empty branch has value 0. A
//! branch that meets the ground in two or more edges (a cycle through the
//! ground, parallel ground edges) may reach a non-empty position of value 0
//! (`0-1 0-1` has value 0), so positions with such a branch are left to the
//! misère search of the whole sum.

use super::forest::{dense, Forest, Graph};
use super::fusion::{self, Meter, OutOfTime};
use crate::mechanics::anti_sg;

/// The method line of answers given by the theorem.
pub const SJ_METHOD: &str =
    "Sprague-Grundy-Jiang theorem (every branch meets the ground in one edge, so only finished branches have value 0)";

/// Whether a branch meets the ground in exactly one edge (a loop at the
/// ground counts as one).
pub fn single_ground_edge(branch: &Graph) -> bool {
    branch
        .edges
        .iter()
        .filter(|&&(a, b)| a == 0 || b == 0)
        .count()
        == 1
}

/// Every branch of `p` with its graph and its edges' indices there, when
/// every branch satisfies the theorem's hypothesis; `None` otherwise.
fn sj_parts(p: &Forest) -> Option<Vec<(usize, Graph, Vec<usize>)>> {
    let mut parts = Vec::new();
    for (gi, g) in p.graphs.iter().enumerate() {
        for (b, idx) in g.branches() {
            if !single_ground_edge(&b) {
                return None;
            }
            parts.push((gi, b, idx));
        }
    }
    Some(parts)
}

/// Whether the theorem answers `p` (every branch meets the ground in one
/// edge), without working out the answer.
pub fn sj_applies(p: &Forest) -> bool {
    sj_parts(p).is_some()
}

/// The misère outcome (does the player to move win?) and the winning
/// moves as (graph, edge) pairs.
pub type SjAnswer = (bool, Vec<(usize, usize)>);

/// The misère outcome (does the player to move win?) and every winning
/// move as (graph, edge) pairs in increasing order, when every branch
/// satisfies the theorem's hypothesis; `None` otherwise. `Err` once the
/// answer's time limit has passed while the winning edges were looked for.
pub fn sj_answer(p: &Forest) -> Result<Option<SjAnswer>, OutOfTime> {
    let Some(parts) = sj_parts(p) else {
        return Ok(None);
    };
    let mut meter = Meter::new();
    let values = parts
        .iter()
        .map(|(_, b, _)| b.value_metered(&mut meter))
        .collect::<Result<Vec<u64>, OutOfTime>>()?;
    let wins = anti_sg::mover_wins(&values);
    let mut moves = Vec::new();
    if wins {
        let sum = anti_sg::Sum::new(&values);
        for (j, (gi, b, idx)) in parts.iter().enumerate() {
            let (nodes, local) = dense(b);
            for t in sum.targets(values[j]) {
                for e in fusion::edges_reaching(nodes.len(), &local, 0, t)? {
                    moves.push((*gi, idx[e]));
                }
            }
        }
    }
    moves.sort_unstable();
    Ok(Some((wins, moves)))
}
