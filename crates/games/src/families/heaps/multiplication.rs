//! The multiplication game: `p` starts at 1; a move multiplies `p` by 2 to
//! 9; the player who makes `p >= n` wins (so every `p >= n` is a finished
//! position, and normal play is the right convention).
//!
//! From `p` the game only meets `p` times 7-smooth numbers below `9n`: a
//! few thousand positions even for `n = 2^32`, so plain search is instant
//! and no theory is needed.

use crate::mechanics::steps::{self, Steps};
use grundy_api::{parse_u64_in, Adapter, BuiltIn, Family, GameOptions, OptionSpec};
use grundy_engine::{GameError, Impartial, Limits, Move, ParseError, Rules, RulesError, TextGame};

/// The largest target.
pub const MAX_TARGET: u64 = 1 << 32;

/// The multiplication game with a fixed target `n`; a position is `p`.
#[derive(Clone, Copy, Debug)]
pub struct Multiplication {
    target: u64,
}

impl Multiplication {
    /// The game to reach `target` (in `1..=`[`MAX_TARGET`]).
    pub fn new(target: u64) -> Result<Multiplication, GameError> {
        if !(1..=MAX_TARGET).contains(&target) {
            return Err(GameError::Input(format!(
                "--target: {target} is out of range 1..={MAX_TARGET}"
            )));
        }
        Ok(Multiplication { target })
    }

    /// The target `n`.
    pub fn target(&self) -> u64 {
        self.target
    }
}

/// How many 7-smooth numbers are below `limit`.
fn smooth_below(limit: u128) -> u128 {
    let mut count = 0;
    let mut a = 1u128;
    while a < limit {
        let mut b = a;
        while b < limit {
            let mut c = b;
            while c < limit {
                let mut d = c;
                while d < limit {
                    count += 1;
                    d *= 7;
                }
                c *= 5;
            }
            b *= 3;
        }
        a *= 2;
    }
    count
}

impl Steps for Multiplication {
    /// The factor.
    type Step = u64;

    /// Multiply by 2, 3, ..., 9, unless the game is already over.
    fn each_step(&self, p: &u64, visit: impl FnMut(u64)) {
        if *p < self.target {
            (2..=9).for_each(visit);
        }
    }

    fn apply(&self, p: &u64, k: &u64) -> u64 {
        p * k
    }

    fn label(&self, _p: &u64, k: &u64) -> String {
        format!("multiply by {k}")
    }
}

impl Rules for Multiplication {
    type Position = u64;

    fn options(&self, p: &u64) -> Result<Vec<u64>, RulesError> {
        Ok(steps::options(self, p))
    }

    fn search_size(&self, p: &u64) -> u128 {
        // Every position met is p * s with s 7-smooth and p * s < 9n.
        smooth_below((9 * self.target as u128).div_ceil(*p as u128))
    }
}

impl Impartial for Multiplication {
    fn components(&self, p: &u64) -> Result<Vec<u64>, RulesError> {
        Ok(if *p >= self.target {
            Vec::new()
        } else {
            vec![*p]
        })
    }
}

impl TextGame for Multiplication {
    /// No argument means the start, `p = 1`.
    fn parse(&self, args: &[&str]) -> Result<u64, ParseError> {
        match crate::mechanics::heaps::words(args)[..] {
            [] => Ok(1),
            [w] => parse_u64_in(w, 1, u64::MAX)
                .map_err(|e| ParseError::new(format!("p (the current product, from 1): {e}"))),
            ref more => Err(ParseError::new(format!(
                "expected one number, the current product p; got {} words",
                more.len()
            ))),
        }
    }

    fn format(&self, p: &u64) -> String {
        p.to_string()
    }

    /// Multiply by 2, 3, ..., 9, unless the game is already over:
    /// `multiply by 2`.
    fn moves(&self, p: &u64) -> Result<Vec<Move<u64>>, RulesError> {
        steps::moves(self, p)
    }

    fn moves_bound(&self, _p: &u64) -> u128 {
        8
    }
}

fn build(opts: &GameOptions, limits: &Limits) -> Result<Family, GameError> {
    let target = opts.u64_in("target", 1, MAX_TARGET)?.ok_or_else(|| {
        GameError::Input("missing option --target N (whoever makes p >= N wins)".into())
    })?;
    let game = Multiplication::new(target)?;
    Ok(Adapter::new(format!("multiplication --target {target}"), game, limits).family())
}

/// The `multiplication` family.
pub const REGISTRATION: BuiltIn = BuiltIn {
    name: "multiplication",
    rules: "p starts at 1; a move multiplies p by 2 to 9; whoever makes p >= N wins",
    syntax: "--target N, then the current p (default 1): `--target 162 18`",
    example: "--target 162 18",
    options: &[OptionSpec {
        name: "target",
        value: "N",
        help: "the product to reach, 1 to 2^32",
        required: true,
        position: false,
    }],
    build,
};
