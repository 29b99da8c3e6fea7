//! Green Hackenbush: rooted graphs whose edges the players remove in turn;
//! whatever is no longer connected to the ground falls. Trees by the colon
//! principle, any graph by the fusion principle ([`fusion`]); forests as
//! sums. Misère play by the Sprague-Grundy-Jiang theorem where its
//! hypothesis is checked to hold ([`misere`]), by search of the whole sum
//! otherwise.

pub mod forest;
pub mod fusion;
pub mod misere;

use crate::mechanics::steps::{self, Steps};
use forest::{dense, format_forest, parse_forest, Forest, Graph};
use fusion::{Meter, OutOfTime};
use grundy_api::{Adapter, BuiltIn, Family, GameOptions, OptionSpec};
use grundy_engine::{
    GameError, Impartial, Limits, Move, Nimber, Outcome, ParseError, Play, Rules, RulesError,
    TextGame, Theory,
};

/// The most work (vertex and edge visits) the edges on cycles may cost
/// when every winning move is listed: each such edge is examined by fusing
/// its 2-edge-connected piece again without it.
pub const MAX_CYCLE_WORK: u128 = 400_000_000;

/// The work of putting one branch in canonical form besides its edges,
/// in the units of [`Meter`] (an edge each): its half-dozen small tables.
const BRANCH_WORK: u64 = 64;

/// Green Hackenbush on forests of rooted graphs.
#[derive(Clone, Debug, Default)]
pub struct Hackenbush {
    /// The position given with `--edges`, used when no position argument is.
    default: Option<String>,
}

impl Hackenbush {
    /// The game, with `default` (the text of `--edges`) as the position
    /// when none is given.
    pub fn new(default: Option<String>) -> Self {
        Hackenbush { default }
    }

    /// The forest with graph `gi` replaced by `g` (dropped when empty).
    fn replaced(p: &Forest, gi: usize, g: Graph) -> Forest {
        let mut out = p.clone();
        if g.edges.is_empty() {
            out.graphs.remove(gi);
        } else {
            out.graphs[gi] = g;
        }
        out
    }

    /// Every edge of graph `g` (indices) whose removal leaves it worth
    /// `target`; `Err` once the answer's time limit has passed.
    fn edges_to(g: &Graph, target: u64) -> Result<Vec<usize>, OutOfTime> {
        let (nodes, local) = dense(g);
        fusion::edges_reaching(nodes.len(), &local, 0, target)
    }

    /// The winning moves in normal play, as (graph, edge) pairs; `Err`
    /// once the answer's time limit has passed.
    fn normal_winning(p: &Forest) -> Result<(u64, Vec<(usize, usize)>), OutOfTime> {
        let mut meter = Meter::new();
        let values = p
            .graphs
            .iter()
            .map(|g| g.value_metered(&mut meter))
            .collect::<Result<Vec<u64>, OutOfTime>>()?;
        let total = values.iter().fold(0, |a, v| a ^ v);
        let mut out = Vec::new();
        if total != 0 {
            for (gi, g) in p.graphs.iter().enumerate() {
                for e in Self::edges_to(g, values[gi] ^ total)? {
                    out.push((gi, e));
                }
            }
        }
        Ok((total, out))
    }
}

impl Steps for Hackenbush {
    /// (graph, edge) indices, from 0: the edge removed.
    type Step = (usize, usize);

    /// Graph by graph, each edge in order.
    fn each_step(&self, p: &Forest, mut visit: impl FnMut((usize, usize))) {
        for (gi, g) in p.graphs.iter().enumerate() {
            for i in 0..g.edges.len() {
                visit((gi, i));
            }
        }
    }

    fn apply(&self, p: &Forest, &(gi, i): &(usize, usize)) -> Forest {
        Self::replaced(p, gi, p.graphs[gi].without(i))
    }

    /// `remove 1-2`, or `graph 2: remove 1-2` in a forest of several
    /// graphs.
    fn label(&self, p: &Forest, &(gi, i): &(usize, usize)) -> String {
        let (a, b) = p.graphs[gi].edges[i];
        if p.graphs.len() == 1 {
            format!("remove {a}-{b}")
        } else {
            format!("graph {}: remove {a}-{b}", gi + 1)
        }
    }
}

impl Rules for Hackenbush {
    type Position = Forest;

    fn options(&self, p: &Forest) -> Result<Vec<Forest>, RulesError> {
        Ok(steps::options(self, p))
    }

    fn is_terminal(&self, p: &Forest) -> Result<bool, RulesError> {
        Ok(p.graphs.iter().all(|g| g.edges.is_empty()))
    }

    /// Each reachable position keeps a subset of the edges.
    fn search_size(&self, p: &Forest) -> u128 {
        1u128
            .checked_shl(p.edge_count() as u32)
            .unwrap_or(u128::MAX)
    }
}

impl Impartial for Hackenbush {
    /// Every branch at the ground of every graph, in canonical form: the
    /// branches share only the ground, so removing an edge of one never
    /// makes anything of another fall (a true sum, in misère play too).
    /// Stopped by the answer's time limit
    /// ([`RulesError::time_passed`]), read every 65,536 edges and every
    /// thousand branches (a star of 10^6 edges took seconds).
    fn components(&self, p: &Forest) -> Result<Vec<Forest>, RulesError> {
        let mut meter = Meter::new();
        let mut out = Vec::new();
        for g in &p.graphs {
            meter.spend(g.edges.len() as u64)?;
            for (b, _) in g.branches() {
                meter.spend(b.edges.len() as u64 + BRANCH_WORK)?;
                out.push(Forest {
                    graphs: vec![b.canonical_metered(&mut meter)?],
                });
            }
        }
        Ok(out)
    }

    /// The nim-sum of the graphs' values; `None` once the answer's time
    /// limit has passed while they are worked out (the engine then names
    /// the time limit), read every 65,536 edges.
    fn closed_form(&self, p: &Forest) -> Option<Nimber> {
        let mut meter = Meter::new();
        let mut value = 0;
        for g in &p.graphs {
            value ^= g.value_metered(&mut meter).ok()?;
        }
        Some(Nimber(value))
    }

    /// None needed when the Sprague-Grundy-Jiang theorem answers; else the
    /// product over branches of the subsets of their edges.
    fn misere_size(&self, p: &Forest) -> u128 {
        if misere::sj_applies(p) {
            return 0;
        }
        p.graphs
            .iter()
            .flat_map(Graph::branches)
            .map(|(b, _)| 1u128.checked_shl(b.edges.len() as u32).unwrap_or(u128::MAX))
            .fold(1u128, |a, s| a.saturating_mul(s))
    }
}

impl TextGame for Hackenbush {
    /// An upper bound on the text an answer writes: winning moves times
    /// the size of the position each of them lists; for a misère search,
    /// every move is examined. Stopped by the answer's time limit: 0, no
    /// claim that the answer is too large (the analysis names the time
    /// limit, its theory having given up too).
    fn answer_size(&self, p: &Forest, play: Play) -> u128 {
        let size = p.edge_count() as u128 + 1;
        let moves = match play {
            Play::Normal => match Self::normal_winning(p) {
                Ok((_, moves)) => moves.len() as u128,
                Err(OutOfTime) => 0,
            },
            Play::Misere => match misere::sj_answer(p) {
                Ok(Some((_, moves))) => moves.len() as u128,
                Ok(None) => size,
                Err(OutOfTime) => 0,
            },
        };
        moves * size
    }

    /// The edges as position arguments (`0-1 1-2 ; 0-1`), or, when none
    /// is given, the text of `--edges` (so the `to` of a move, fed back
    /// with the same options, is the position analysed). Refuses positions whose cycles are
    /// too large to examine edge by edge ([`MAX_CYCLE_WORK`]).
    fn parse(&self, args: &[&str]) -> Result<Forest, ParseError> {
        let text = match (args.is_empty(), &self.default) {
            (false, _) => args.join(" "),
            (true, Some(d)) => d.clone(),
            (true, None) => {
                return Err(ParseError::new(
                    "no edges given: write them as `--edges \"0-1 1-2 1-3\"` (node 0 is the ground, `;` between graphs)",
                ))
            }
        };
        let f = parse_forest(&text)?;
        let mut meter = Meter::new();
        let mut work = 0u128;
        for g in &f.graphs {
            meter.spend(g.edges.len() as u64 + BRANCH_WORK)?;
            let (nodes, local) = dense(g);
            work += fusion::cycle_work(nodes.len(), &local, 0, &mut meter)?;
        }
        if work > MAX_CYCLE_WORK {
            return Err(ParseError::new(format!(
                "the cycles of this position are too large: examining each of their edges costs about {work} steps, at most {MAX_CYCLE_WORK} are allowed (trees and small cycles have no such limit)"
            )));
        }
        Ok(f)
    }

    fn format(&self, p: &Forest) -> String {
        format_forest(p)
    }

    fn moves(&self, p: &Forest) -> Result<Vec<Move<Forest>>, RulesError> {
        steps::moves(self, p)
    }

    fn moves_bound(&self, p: &Forest) -> u128 {
        p.edge_count() as u128
    }

    /// Normal play: the fusion principle and the Sprague-Grundy theorem,
    /// the winning edges found by pushing the wanted value down the tree
    /// of pieces. Misère play: the Sprague-Grundy-Jiang theorem when every
    /// branch satisfies its hypothesis ([`misere::sj_answer`]). None once
    /// the answer's time limit has passed while the winning edges were
    /// looked for (the analysis then reports the time limit).
    fn theory(&self, p: &Forest, play: Play) -> Option<Theory<Forest>> {
        self.theory_counted(p, play, usize::MAX).map(|(t, _)| t)
    }

    /// As [`TextGame::theory`], building the positions of the first `k`
    /// winning moves only: each is a whole forest, so 10,001 one-edge
    /// graphs have 10,001 winning moves of 10,000 edges each (an answer
    /// too large to list, whose outcome-only analysis built them all and
    /// aborted under a 2 GB cap).
    fn theory_counted(&self, p: &Forest, play: Play, k: usize) -> Option<(Theory<Forest>, usize)> {
        let (method, wins, pairs) = match play {
            Play::Normal => {
                let (total, pairs) = Self::normal_winning(p).ok()?;
                (
                    "fusion principle (cycles fused into loops), colon principle, Sprague-Grundy theorem"
                        .to_string(),
                    total != 0,
                    pairs,
                )
            }
            Play::Misere => {
                let (wins, pairs) = misere::sj_answer(p).ok()??;
                (misere::SJ_METHOD.to_string(), wins, pairs)
            }
        };
        let count = pairs.len();
        // Each move made is a whole forest: the answer's clock is read
        // every 65,536 edges made (3,999 winning moves of a 4,000-edge
        // cycle with a pendant edge at each vertex, 32 million edges).
        let size = p.edge_count() as u64 + 1;
        let (mut made, mut next_clock) = (0u64, 1u64 << 16);
        let mut winning_moves = Vec::new();
        for step in pairs.into_iter().take(k) {
            made += size;
            if made >= next_clock {
                next_clock = made + (1 << 16);
                if grundy_engine::clock::answer_time_passed() {
                    return None;
                }
            }
            winning_moves.push(steps::labelled(self, p, &step));
        }
        let theory = Theory {
            method,
            outcome: Outcome::from_mover_wins(wins),
            winning_moves,
        };
        Some((theory, count))
    }
}

fn build(opts: &GameOptions, limits: &Limits) -> Result<Family, GameError> {
    let game = Hackenbush::new(opts.get("edges").map(str::to_string));
    Ok(Adapter::new("hackenbush", game, limits).family())
}

/// `hackenbush --edges "0-1 1-2 1-3"`.
pub const REGISTRATION: BuiltIn = BuiltIn {
    name: "hackenbush",
    rules: "green Hackenbush: remove one edge; everything no longer connected to the ground falls",
    syntax: "edges `a-b` between node numbers, node 0 the ground, separated by spaces or commas, `;` between graphs (`-`: no edge); with --edges or as the position",
    example: "0-1 1-2 1-3 3-4 4-1 0-5",
    options: &[OptionSpec {
        name: "edges",
        value: "EDGES",
        help: "the position, e.g. \"0-1 1-2 1-3 ; 0-1\" (node 0 is the ground)",
        required: false,
        position: true,
    }],
    build,
};
