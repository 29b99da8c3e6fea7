//! Coin-turning games: a row of coins; a move turns over a set of coins
//! allowed by the rule ([`rule`]), the rightmost of which goes from heads
//! to tails. A position is worth the XOR of the values of its lone heads,
//! so normal-play values come from each rule's value sequence, checked
//! against search over sets of heads by the rule. Misère play is searched
//! whole (a row is not a disjunctive sum of its heads).
//! [`product`] holds the two-dimensional product games.

pub mod position;
pub mod product;
pub mod rule;

use grundy_api::{Adapter, BuiltIn, Family, GameOptions, OptionSpec};
use grundy_engine::{
    GameError, Impartial, Limits, Move, Nimber, Outcome, ParseError, Play, Rules, RulesError,
    TextGame, Theory,
};
use position::{describe, format_row, parse_row, Row};
use rule::CoinRule;

/// The most work spent listing winning moves by inverting value formulas;
/// beyond it the engine lists the moves (and refuses if they are too many).
pub const THEORY_WORK: u128 = 20_000_000;

/// A coin-turning game under one rule.
#[derive(Clone, Debug)]
pub struct CoinGame {
    rule: CoinRule,
}

impl CoinGame {
    /// The game of `rule`.
    pub fn new(rule: CoinRule) -> Self {
        CoinGame { rule }
    }

    /// The rule.
    pub fn rule(&self) -> &CoinRule {
        &self.rule
    }

    /// Every winning move set in normal play, with the heads' total value;
    /// `None` when listing them would cost more than [`THEORY_WORK`].
    fn winning_sets(&self, p: &Row) -> Option<(u64, Vec<Vec<u64>>)> {
        let total = self.closed_form(p)?.0;
        let mut sets = Vec::new();
        if total != 0 {
            let work: u128 = p.heads.iter().map(|&x| self.rule.search_cost(x)).sum();
            if work > THEORY_WORK {
                return None;
            }
            for &x in &p.heads {
                // A row's coins are few enough to list (a head is a
                // character of the typed row), so no set is too long.
                let all = self
                    .rule
                    .sets_with_value(x, total, u64::MAX, |s| sets.push(s.to_vec()));
                debug_assert!(all, "no length bound, no set left out");
            }
        }
        Some((total, sets))
    }
}

impl Rules for CoinGame {
    type Position = Row;

    fn options(&self, p: &Row) -> Result<Vec<Row>, RulesError> {
        let mut out = Vec::new();
        for &x in &p.heads {
            self.rule.move_sets(x, |s| out.push(p.turned(s)));
        }
        Ok(out)
    }

    fn is_terminal(&self, p: &Row) -> Result<bool, RulesError> {
        Ok(p.heads.iter().all(|&x| self.rule.move_count(x) == 0))
    }

    /// Every reachable row has its heads among the coins up to the
    /// rightmost head.
    fn search_size(&self, p: &Row) -> u128 {
        let top = p.heads.last().copied().unwrap_or(0);
        1u128.checked_shl(top.min(127) as u32).unwrap_or(u128::MAX)
    }
}

impl Impartial for CoinGame {
    /// For normal-play values, a row is the sum of its lone heads (the
    /// coin-turning theorem: turning a coin over is adding or cancelling a
    /// head there). Not a disjunctive sum, so misère play never splits.
    fn normal_play_parts(&self, p: &Row) -> Result<Vec<Row>, RulesError> {
        Ok(p.heads
            .iter()
            .map(|&x| Row {
                len: x,
                heads: vec![x],
            })
            .collect())
    }

    fn closed_form(&self, p: &Row) -> Option<Nimber> {
        let mut v = 0;
        for &x in &p.heads {
            v ^= self.rule.value(x)?;
        }
        Some(Nimber(v))
    }

    fn misere_size(&self, p: &Row) -> u128 {
        self.search_size(p)
    }
}

impl TextGame for CoinGame {
    /// The winning sets (normal play) or every move (misère) times the
    /// length of the row each of them writes.
    fn answer_size(&self, p: &Row, play: Play) -> u128 {
        let size = format_row(p).len() as u128 + 1;
        match (play, self.winning_sets(p)) {
            (Play::Normal, Some((_, sets))) => sets.len() as u128 * size,
            _ => self.moves_bound(p).saturating_mul(size),
        }
    }

    /// `HHTTH` or `N:i,j,k`; refuses heads whose value is not known
    /// (Grundy's game beyond its table, for `grunt`).
    fn parse(&self, args: &[&str]) -> Result<Row, ParseError> {
        let r = parse_row(args)?;
        if let Some(x) = r.heads.iter().find(|&&x| self.rule.value(x).is_none()) {
            if let Some(e) = rule::value_out_of_time() {
                return Err(e);
            }
            return Err(ParseError::new(format!(
                "rule {}: the value of coin {x} is not known (its heap sequence has no proven period and the table stops earlier)",
                self.rule.name()
            )));
        }
        Ok(r)
    }

    fn format(&self, p: &Row) -> String {
        format_row(p)
    }

    fn moves(&self, p: &Row) -> Result<Vec<Move<Row>>, RulesError> {
        let mut out = Vec::new();
        let mut stopped = Ok(());
        for &x in &p.heads {
            self.rule.move_sets(x, |s| {
                if stopped.is_ok() {
                    stopped = grundy_engine::clock::moves_in_time(out.len());
                    if stopped.is_ok() {
                        out.push(Move {
                            label: describe(s),
                            to: p.turned(s),
                        })
                    }
                }
            });
            stopped.clone()?;
        }
        Ok(out)
    }

    fn moves_bound(&self, p: &Row) -> u128 {
        p.heads.iter().map(|&x| self.rule.move_count(x)).sum()
    }

    /// Each move writes the row, longer by at most the coins it turns
    /// (each a number and a comma in the `N:i,j` form): a `ruler` move
    /// from `30000:30000` turns up to 30,000 coins, so its 30,000 moves
    /// write about 2.7 GB, where the row's own 11 bytes gave 330 KB
    /// (`play` aborted under a 2 GB cap).
    fn moves_text_bound(&self, p: &Row) -> u128 {
        let row = format_row(p).len() as u128 + 1;
        let digits = p.len.max(1).ilog10() as u128 + 2;
        p.heads
            .iter()
            .map(|&x| {
                self.rule.move_count(x).saturating_mul(row)
                    + self.rule.cells_count(x).saturating_mul(digits)
            })
            .fold(0u128, u128::saturating_add)
    }

    /// Normal play: the value of each head from the rule's sequence, the
    /// winning move sets found by inverting the value formula (coin x and
    /// the coins whose values XOR to the row's value).
    fn theory(&self, p: &Row, play: Play) -> Option<Theory<Row>> {
        self.theory_counted(p, play, usize::MAX).map(|(t, _)| t)
    }

    /// The winning sets are all found (they are small: a few coins each)
    /// and counted, but only the first `k` become moves: each move writes
    /// the whole row, and 10,000 random grunt coins have about 50,000
    /// winning sets (2.3 GB of rows, SIGABRT under a 2 GB cap, before
    /// `--outcome-only` stopped building them).
    fn theory_counted(&self, p: &Row, play: Play, k: usize) -> Option<(Theory<Row>, usize)> {
        if play != Play::Normal {
            return None;
        }
        let (total, sets) = self.winning_sets(p)?;
        let count = sets.len();
        let theory = Theory {
            method: format!(
                "coin-turning theorem: the XOR of the values of the heads under rule {}",
                self.rule.name()
            ),
            outcome: Outcome::from_mover_wins(total != 0),
            winning_moves: sets
                .into_iter()
                .take(k)
                .map(|s| Move {
                    label: describe(&s),
                    to: p.turned(&s),
                })
                .collect(),
        };
        Some((theory, count))
    }
}

fn build(opts: &GameOptions, limits: &Limits) -> Result<Family, GameError> {
    let text = opts.required("rule")?;
    let rule = CoinRule::parse(text).map_err(|e| GameError::Input(format!("--rule: {e}")))?;
    let name = format!("coins --rule {}", rule.name());
    Ok(Adapter::new(name, CoinGame::new(rule), limits).family())
}

/// `coins --rule RULE HHTTH`.
pub const REGISTRATION: BuiltIn = BuiltIn {
    name: "coins",
    rules: "coin-turning: turn over a set of coins the rule allows, the rightmost from heads to tails",
    syntax: "a row of H and T, coin 1 on the left (`HHTTH`), or N:i,j,k for a row of N coins with heads at coins i, j, k (numbered from 1; coin 0 is an imaginary coin left of the row that some rules turn)",
    example: "--rule mock-turtles THHTH",
    options: &[OptionSpec {
        name: "rule",
        value: "RULE",
        help: "single, one-or-two, run:K, subtract:S, twins:S, mock-turtles, ruler or grunt",
        required: true,
        position: false,
    }],
    build,
};
