//! Tokens on a directed graph: `graph --edges "a-b b-c" --tokens a,c`.
//! A move slides one token along an edge; a token on a node without an
//! edge out is stuck; in normal play whoever cannot move loses. Each token
//! is a game of its own and the position is their sum.
//!
//! The board is solved once, when the family is built: every node gets
//! its Sprague-Grundy value (one pass in topological order) or, when the
//! graph has cycles, its generalized value (Smith's theory, finite or
//! `∞_K`) by the engine's [`loopy_values`]. Normal play then needs no
//! search: the nim-sum of the tokens' values without cycles, Smith's sum
//! rule with them (a sum may be drawn). Misère play searches the sums
//! (memoised over sorted token lists) on a board without cycles, and
//! explores the whole sum graph by retrograde analysis on one with cycles.

use crate::mechanics::steps::{self, Steps};
use grundy_api::{Adapter, BuiltIn, Family, GameOptions, OptionSpec};
use grundy_engine::{
    loopy_values, GameError, GameGraph, Impartial, Limits, LoopyValue, Move, Nimber, Outcome,
    ParseError, Play, Rules, RulesError, SearchError, TextGame, Theory,
};
use std::collections::HashMap;

/// The most tokens a position may hold (judging the moves of a loopy sum
/// looks at every token once per move).
pub const MAX_TOKENS: usize = 10_000;

/// Tokens on one directed graph, the board solved once.
#[derive(Clone, Debug)]
pub struct TokenGraph {
    /// Node names, in order of first appearance in the edge list.
    names: Vec<String>,
    index: HashMap<String, u32>,
    board: GameGraph,
    /// Whether some node can be reached again from itself.
    cyclic: bool,
    /// The (generalized) Sprague-Grundy value of each node.
    values: Vec<LoopyValue>,
    /// The tokens of `--tokens`, used when no position is given.
    default: Option<String>,
}

/// The longest node name.
pub const MAX_NAME: usize = 64;

/// A node name: 1 to [`MAX_NAME`] letters, digits and `_`.
fn valid_name(s: &str) -> bool {
    !s.is_empty() && s.len() <= MAX_NAME && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The time-limit error once the answer's time has passed, the memory
/// limit once the bytes held exceed `limits.max_memory`.
fn within_limits(limits: &Limits) -> Result<(), GameError> {
    if let Some((limit, _, _)) = grundy_engine::clock::answer_limit() {
        if grundy_engine::clock::answer_time_passed() {
            return Err(SearchError::TimeLimit(limit).into());
        }
    }
    grundy_engine::memory::admit(0, limits.max_memory)?;
    Ok(())
}

impl TokenGraph {
    /// The board of `edges` (`a-b` for a move from node `a` to node `b`,
    /// separated by spaces or commas; repeated edges count once), each
    /// node's value worked out under `limits`; `tokens` (the text of
    /// `--tokens`) is the position when none is given.
    ///
    /// Errors: an edge that is not `a-b` with names of letters, digits and
    /// `_`; no edge at all; a board over the state limit; the answer's
    /// time limit, and the memory limit, read every 65,536 edges while
    /// they are read.
    pub fn new(edges: &str, tokens: Option<String>, limits: &Limits) -> Result<Self, GameError> {
        let mut names: Vec<String> = Vec::new();
        let mut index: HashMap<String, u32> = HashMap::new();
        let mut pairs: Vec<(u32, u32)> = Vec::new();
        let mut node = |name: &str| -> u32 {
            *index.entry(name.to_string()).or_insert_with(|| {
                names.push(name.to_string());
                (names.len() - 1) as u32
            })
        };
        for (i, word) in edges
            .split(|c: char| c.is_whitespace() || c == ',')
            .enumerate()
        {
            if word.is_empty() {
                continue;
            }
            // The answer's clock and the memory held every 65,536 words:
            // a star of 10^6 edges from Python took 7 s at time_limit=1.
            if i % (1 << 16) == (1 << 16) - 1 {
                within_limits(limits)?;
            }
            let (a, b) = match word.split_once('-') {
                Some((a, b)) if valid_name(a) && valid_name(b) => (a, b),
                _ => {
                    return Err(GameError::Input(format!(
                        "--edges: '{word}' is not an edge: write `a-b` for a move from node a to node b, names of 1 to {MAX_NAME} letters, digits and _"
                    )))
                }
            };
            let (a, b) = (node(a), node(b));
            pairs.push((a, b));
        }
        if pairs.is_empty() {
            return Err(GameError::Input(
                "--edges: no edge given; write them as `--edges \"a-b b-c\"`".into(),
            ));
        }
        within_limits(limits)?;
        pairs.sort_unstable();
        pairs.dedup();
        let board = GameGraph::from_edges(names.len(), &pairs)?;
        let cyclic = board.topological_order().is_none();
        let values = loopy_values(&board, limits)?;
        Ok(TokenGraph {
            names,
            index,
            board,
            cyclic,
            values,
            default: tokens,
        })
    }

    /// Whether the board has a cycle.
    pub fn is_cyclic(&self) -> bool {
        self.cyclic
    }

    /// The (generalized) value of the node named `name`.
    pub fn node_value(&self, name: &str) -> Option<&LoopyValue> {
        self.index.get(name).map(|&v| &self.values[v as usize])
    }

    /// The finite value of node `v` (every node has one on a board
    /// without cycles).
    fn finite(&self, v: u32) -> Option<Nimber> {
        self.values[v as usize].finite()
    }

    /// How many nodes the tokens of `p` can reach (their own included).
    fn reach(&self, p: &[u32]) -> usize {
        let mut seen = vec![false; self.names.len()];
        let mut stack: Vec<u32> = Vec::new();
        for &v in p {
            if !std::mem::replace(&mut seen[v as usize], true) {
                stack.push(v);
            }
        }
        let mut count = stack.len();
        while let Some(v) = stack.pop() {
            for &w in self.board.successors(v) {
                if !std::mem::replace(&mut seen[w as usize], true) {
                    count += 1;
                    stack.push(w);
                }
            }
        }
        count
    }

    fn stuck(&self, v: u32) -> bool {
        self.board.successors(v).is_empty()
    }
}

/// One move: the token at index `at` of the sorted token list goes to
/// node `to`.
#[derive(Clone, Copy, Debug)]
pub struct Slide {
    at: usize,
    to: u32,
}

impl Steps for TokenGraph {
    type Step = Slide;

    /// Token by token (equal tokens once), each edge out of its node in
    /// the order the edges were sorted.
    fn each_step(&self, p: &Vec<u32>, mut visit: impl FnMut(Slide)) {
        for (at, &v) in p.iter().enumerate() {
            if at > 0 && p[at - 1] == v {
                continue;
            }
            for &to in self.board.successors(v) {
                visit(Slide { at, to });
            }
        }
    }

    fn apply(&self, p: &Vec<u32>, s: &Slide) -> Vec<u32> {
        let mut q = p.clone();
        q[s.at] = s.to;
        q.sort_unstable();
        q
    }

    fn label(&self, p: &Vec<u32>, s: &Slide) -> String {
        format!(
            "{} -> {}",
            self.names[p[s.at] as usize], self.names[s.to as usize]
        )
    }
}

impl Rules for TokenGraph {
    /// The nodes of the tokens, sorted (equal tokens repeat).
    type Position = Vec<u32>;

    fn options(&self, p: &Vec<u32>) -> Result<Vec<Vec<u32>>, RulesError> {
        Ok(steps::options(self, p))
    }

    fn is_terminal(&self, p: &Vec<u32>) -> Result<bool, RulesError> {
        Ok(p.iter().all(|&v| self.stuck(v)))
    }

    /// One token reaches at most every node.
    fn search_size(&self, p: &Vec<u32>) -> u128 {
        if p.len() == 1 {
            self.names.len() as u128
        } else {
            0
        }
    }

    fn may_repeat(&self) -> bool {
        self.cyclic
    }
}

impl Impartial for TokenGraph {
    /// Each token that can still move, alone.
    fn components(&self, p: &Vec<u32>) -> Result<Vec<Vec<u32>>, RulesError> {
        Ok(p.iter()
            .filter(|&&v| !self.stuck(v))
            .map(|&v| vec![v])
            .collect())
    }

    /// The nim-sum of the tokens' values, on a board without cycles.
    fn closed_form(&self, p: &Vec<u32>) -> Option<Nimber> {
        if self.cyclic {
            return None;
        }
        p.iter().map(|&v| self.finite(v)).sum()
    }

    fn closed_form_source(&self, p: &Vec<u32>) -> Option<String> {
        self.closed_form(p)?;
        Some("the values of the board's nodes, each the mex of its successors' (worked out once, in topological order)".into())
    }

    /// On a board with cycles, where misère play explores every sum the
    /// tokens reach: the sorted lists of as many tokens on the nodes they
    /// can reach, `C(nodes + tokens - 1, tokens)`, so a sum too large is
    /// refused at once. Without cycles 0 (unknown): the misère search
    /// stops early when it can, and its state limit bounds it.
    fn misere_size(&self, p: &Vec<u32>) -> u128 {
        if !self.cyclic {
            return 0;
        }
        let n = self.reach(p) as u128;
        let mut size: u128 = 1;
        for i in 1..=p.len() as u128 {
            // C(n - 1 + i, i) = C(n - 2 + i, i - 1) * (n - 1 + i) / i.
            size = match size.checked_mul(n - 1 + i) {
                Some(s) => s / i,
                None => return u128::MAX,
            };
        }
        size
    }

    /// A lone token's generalized value, on a board with cycles.
    fn loopy_value(&self, p: &Vec<u32>) -> Option<LoopyValue> {
        match p.as_slice() {
            [v] if self.cyclic => Some(self.values[*v as usize].clone()),
            _ => None,
        }
    }
}

impl TextGame for TokenGraph {
    /// Token nodes as words or comma-separated (`a c` or `a,c`; `-` for
    /// no token), or, when none is given, the text of `--tokens`.
    fn parse(&self, args: &[&str]) -> Result<Vec<u32>, ParseError> {
        let text = match (args.is_empty(), &self.default) {
            (false, _) => args.join(" "),
            (true, Some(d)) => d.clone(),
            (true, None) => {
                return Err(ParseError::new(
                    "no tokens given: name their nodes as the position or with `--tokens a,c`",
                ))
            }
        };
        let mut p = Vec::new();
        for word in text.split(|c: char| c.is_whitespace() || c == ',') {
            if word.is_empty() || (word == "-" && text.trim() == "-") {
                continue;
            }
            match self.index.get(word) {
                Some(&v) => p.push(v),
                None => {
                    let shown: Vec<&str> = self.names.iter().take(10).map(String::as_str).collect();
                    let more = if self.names.len() > 10 { ", ..." } else { "" };
                    return Err(ParseError::new(format!(
                        "token on '{word}', which is not a node of the graph (its nodes: {}{more})",
                        shown.join(", ")
                    )));
                }
            }
        }
        if p.len() > MAX_TOKENS {
            return Err(ParseError::new(format!(
                "{} tokens, at most {MAX_TOKENS} allowed",
                p.len()
            )));
        }
        p.sort_unstable();
        Ok(p)
    }

    fn format(&self, p: &Vec<u32>) -> String {
        if p.is_empty() {
            return "-".into();
        }
        let names: Vec<&str> = p.iter().map(|&v| self.names[v as usize].as_str()).collect();
        names.join(",")
    }

    fn moves(&self, p: &Vec<u32>) -> Result<Vec<Move<Vec<u32>>>, RulesError> {
        steps::moves(self, p)
    }

    /// The edges out of each distinct token node (equal tokens make the
    /// same moves).
    fn moves_bound(&self, p: &Vec<u32>) -> u128 {
        let mut last = None;
        p.iter()
            .filter(|&&v| last.replace(v) != Some(v))
            .map(|&v| self.board.successors(v).len() as u128)
            .sum()
    }

    /// Every move, each writing the whole token list.
    fn answer_size(&self, p: &Vec<u32>, _play: Play) -> u128 {
        let longest = self.names.iter().map(String::len).max().unwrap_or(0) as u128;
        self.moves_bound(p) * (p.len() as u128 * (longest + 1) + 8)
    }

    /// Normal play on a board without cycles: the Sprague-Grundy theorem;
    /// a winning move takes a token from a node of value `g` to one of
    /// value `g ⊕ total`.
    fn theory(&self, p: &Vec<u32>, play: Play) -> Option<Theory<Vec<u32>>> {
        if play != Play::Normal {
            return None;
        }
        let total = self.closed_form(p)?;
        let mut winning = Vec::new();
        if total != Nimber::ZERO {
            self.each_step(p, |s| {
                let from = self.finite(p[s.at]).expect("no cycle");
                if self.finite(s.to) == Some(from + total) {
                    winning.push(steps::labelled(self, p, &s));
                }
            });
        }
        Some(Theory {
            method: "Sprague-Grundy theorem: each token's node valued once over the whole board (mex in topological order)".into(),
            outcome: Outcome::from_mover_wins(total != Nimber::ZERO),
            winning_moves: winning,
        })
    }
}

fn build(opts: &GameOptions, limits: &Limits) -> Result<Family, GameError> {
    let game = TokenGraph::new(
        opts.required("edges")?,
        opts.get("tokens").map(str::to_string),
        limits,
    )?;
    Ok(Adapter::new("graph", game, limits).family())
}

/// `graph --edges "a-b b-c" --tokens a,c`.
pub const REGISTRATION: BuiltIn = BuiltIn {
    name: "graph",
    rules: "tokens on a directed graph: slide one token along an edge; a token on a node without an edge out is stuck (cycles allowed: play may go on for ever)",
    syntax: "the tokens' nodes, comma-separated or as words (`-`: none); with --tokens or as the position",
    example: "--edges a-b,b-c,c-a,c-d,a-d a,b",
    options: &[
        OptionSpec {
            name: "edges",
            value: "EDGES",
            help: "the board: `a-b` for an edge from node a to node b, separated by spaces or commas (names of letters, digits and _)",
            required: true,
            position: false,
        },
        OptionSpec {
            name: "tokens",
            value: "TOKENS",
            help: "the tokens' nodes, e.g. a,c (the position when none is given)",
            required: false,
            position: true,
        },
    ],
    build,
};

#[cfg(test)]
mod tests {
    use super::*;

    fn board(edges: &str) -> TokenGraph {
        TokenGraph::new(edges, None, &Limits::default()).unwrap()
    }

    #[test]
    fn a_path_alternates_values_and_a_fork_takes_the_mex() {
        // a -> b -> c, a -> c: c 0, b 1, a mex{1, 0} = 2.
        let g = board("a-b b-c a-c");
        assert!(!g.is_cyclic());
        let v = |n: &str| g.node_value(n).unwrap().clone();
        assert_eq!(v("c"), LoopyValue::Finite(Nimber(0)));
        assert_eq!(v("b"), LoopyValue::Finite(Nimber(1)));
        assert_eq!(v("a"), LoopyValue::Finite(Nimber(2)));
        assert_eq!(g.closed_form(&g.parse(&["a,b"]).unwrap()), Some(Nimber(3)));
    }

    #[test]
    fn a_cycle_makes_the_board_loopy() {
        // a <-> b: both infinite with no finite option.
        let g = board("a-b b-a");
        assert!(g.is_cyclic() && g.may_repeat());
        assert_eq!(g.node_value("a"), Some(&LoopyValue::Infinite(Vec::new())));
        assert_eq!(g.closed_form(&vec![0]), None);
    }

    #[test]
    fn bad_boards_and_tokens_are_named() {
        let l = Limits::default();
        for (edges, needle) in [
            ("a-b b", "'b' is not an edge"),
            ("a--b", "'a--b'"),
            ("  ", "no edge"),
        ] {
            let e = TokenGraph::new(edges, None, &l).unwrap_err().to_string();
            assert!(e.contains(needle), "{edges}: {e}");
        }
        let g = board("a-b");
        let e = g.parse(&["a,z"]).unwrap_err().to_string();
        assert!(e.contains("'z'") && e.contains("a, b"), "{e}");
        assert!(g.parse(&[]).unwrap_err().to_string().contains("no tokens"));
        assert_eq!(g.parse(&["-"]).unwrap(), Vec::<u32>::new());
        assert_eq!(g.format(&vec![]), "-");
    }
}
