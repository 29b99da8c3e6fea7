//! Bash (the subtraction game `1..=m`): a move takes 1 to `m` counters
//! from one heap.
//!
//! A heap of `n` has value `n mod (m+1)`. "Count to 100, each player adding
//! 1 to 10; who says 100 wins" is bash with `m = 10` on a heap of
//! `100 - total`: adding `k` to the total takes `k` from the heap, and
//! saying 100 empties it, the last move. Both conventions are answered by
//! the bounded-nim arithmetic ([`super::bounded_nim`]), where every heap
//! has the limit `m`.

use super::bounded_nim::{self, MAX_LIMIT};
use crate::mechanics::formula::formula_seq;
use crate::mechanics::heaps;
use grundy_api::{Adapter, BuiltIn, Family, GameOptions, OptionSpec};
use grundy_engine::{
    GameError, Impartial, Limits, Move, Nimber, Outcome, ParseError, Play, Rules, RulesError,
    TextGame, Theory,
};

/// Bash with a fixed most-per-move `max`; a position is the heap sizes.
#[derive(Clone, Copy, Debug)]
pub struct Bash {
    max: u64,
}

impl Bash {
    /// Bash taking `1..=max` a move; `max` must be in `1..=`[`MAX_LIMIT`].
    pub fn new(max: u64) -> Result<Bash, GameError> {
        if !(1..=MAX_LIMIT).contains(&max) {
            return Err(GameError::Input(format!(
                "--max: {max} is out of range 1..={MAX_LIMIT}"
            )));
        }
        Ok(Bash { max })
    }

    /// The most counters one move may take.
    pub fn max(&self) -> u64 {
        self.max
    }

    fn rule(&self) -> impl Fn(u64) -> Vec<Vec<u64>> {
        let m = self.max;
        move |n| bounded_nim::reachable(n, m).map(heaps::parts_of).collect()
    }

    fn bounded(&self, p: &[u64]) -> Vec<(u64, u64)> {
        p.iter().map(|&n| (n, self.max)).collect()
    }
}

impl Rules for Bash {
    type Position = Vec<u64>;

    fn options(&self, p: &Vec<u64>) -> Result<Vec<Vec<u64>>, RulesError> {
        Ok(heaps::options_by_heap(p, self.rule()))
    }

    /// Over when every heap is empty: any counter can be taken.
    fn is_terminal(&self, p: &Vec<u64>) -> Result<bool, RulesError> {
        Ok(heaps::all_empty(p))
    }

    fn search_size(&self, p: &Vec<u64>) -> u128 {
        p.iter().map(|&h| h as u128 + 1).product()
    }
}

impl Impartial for Bash {
    fn components(&self, p: &Vec<u64>) -> Result<Vec<Vec<u64>>, RulesError> {
        Ok(heaps::components(p))
    }

    fn closed_form(&self, p: &Vec<u64>) -> Option<Nimber> {
        Some(
            p.iter()
                .map(|&n| Nimber(bounded_nim::heap_value(n, self.max)))
                .sum(),
        )
    }
}

impl TextGame for Bash {
    fn parse(&self, args: &[&str]) -> Result<Vec<u64>, ParseError> {
        heaps::parse_heaps(args, u64::MAX)
    }

    fn format(&self, p: &Vec<u64>) -> String {
        heaps::format_heaps(p)
    }

    fn moves(&self, p: &Vec<u64>) -> Result<Vec<Move<Vec<u64>>>, RulesError> {
        heaps::moves_by_heap(p, self.rule())
    }

    fn moves_bound(&self, p: &Vec<u64>) -> u128 {
        p.iter().map(|&n| n.min(self.max) as u128).sum()
    }

    /// `HEAP COUNT`: `2 3` takes 3 counters from heap 2 ([`heaps::read_take`]).
    fn read_move(
        &self,
        p: &Vec<u64>,
        words: &[&str],
    ) -> Option<Result<Move<Vec<u64>>, ParseError>> {
        heaps::read_take_move(p, words, self.max)
    }

    fn move_notation(&self, p: &Vec<u64>) -> Option<String> {
        Some(heaps::take_notation(p))
    }

    fn theory(&self, p: &Vec<u64>, play: Play) -> Option<Theory<Vec<u64>>> {
        let b = self.bounded(p);
        let (method, lost, winning) = match play {
            Play::Normal => (
                format!(
                    "Sprague-Grundy theorem: heap value = n mod {}",
                    self.max + 1
                ),
                p.iter()
                    .fold(0, |acc, &n| acc ^ bounded_nim::heap_value(n, self.max))
                    == 0,
                bounded_nim::normal_winning(&b),
            ),
            Play::Misere => (
                format!(
                    "misère nim on the residues n mod {} (tame game)",
                    self.max + 1
                ),
                bounded_nim::misere_is_p(&b),
                bounded_nim::misere_winning(&b),
            ),
        };
        Some(Theory {
            method,
            outcome: Outcome::from_mover_wins(!lost),
            winning_moves: winning
                .into_iter()
                .map(|(i, to)| heaps::heap_move(p, i, &heaps::parts_of(to)))
                .collect(),
        })
    }
}

fn build(opts: &GameOptions, limits: &Limits) -> Result<Family, GameError> {
    let max = opts.u64_in("max", 1, MAX_LIMIT)?.ok_or_else(|| {
        GameError::Input("missing option --max M (a move takes 1 to M counters)".into())
    })?;
    let game = Bash::new(max)?;
    Ok(Adapter::new(format!("bash --max {max}"), game, limits)
        .with_seq(formula_seq(
            move |n| bounded_nim::heap_value(n, max),
            Some(max + 1),
        ))
        .with_heaps(|k| vec![k])
        .with_heap_quotient(Some(max), crate::mechanics::heaps::one_heap)
        .with_notation()
        .family())
}

/// The `bash` family.
pub const REGISTRATION: BuiltIn = BuiltIn {
    name: "bash",
    rules: "take 1 to M counters from one heap",
    syntax: "--max M, then heap sizes: `--max 10 100`",
    example: "--max 10 100",
    options: &[OptionSpec {
        name: "max",
        value: "M",
        help: "the most counters one move may take (1 or more)",
        required: true,
        position: false,
    }],
    build,
};
