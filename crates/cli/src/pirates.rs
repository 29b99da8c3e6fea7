//! `grundy pirates` (and `grundy analyze pirates`): the pirate puzzle. The
//! solver is `grundy_games::pirates`; this module reads the options and
//! prints its table, as text or as one JSON document.

use crate::args::is_dash_position;
use crate::error::CliError;
use grundy_api::{parse_u64_in, GameError};
use grundy_games::pirates::{self, Fate, Pirates, MAX_COINS, MAX_PIRATES};
use serde::Serialize;
use std::io::Write;

/// The command's name, and the game name `analyze` sends here.
pub const NAME: &str = "pirates";

/// A checked `grundy pirates` command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PiratesRequest {
    /// n, the number of pirates (1 to [`MAX_PIRATES`]).
    pub pirates: usize,
    /// m, the number of coins (0 to [`MAX_COINS`]).
    pub coins: u32,
    /// Print one JSON document instead of the table.
    pub json: bool,
}

/// The words clap read for `grundy pirates`, still unchecked.
pub struct PiratesWords<'a> {
    /// `--n`.
    pub n: Option<&'a str>,
    /// `--m`.
    pub m: Option<&'a str>,
    /// `--json`.
    pub json: bool,
    /// `--misere` (refused).
    pub misere: bool,
    /// Every other word, from the first that is no option of the command.
    pub rest: &'a [String],
}

/// Checks the words: no position, no other option, no misère play, and
/// both numbers in range.
pub fn request(w: PiratesWords<'_>) -> Result<PiratesRequest, CliError> {
    if let Some(word) = w.rest.first() {
        return Err(CliError::usage(
            if word.starts_with('-') && !is_dash_position(word) {
                format!("unknown option '{word}' for pirates (its options: --n N, --m M, --json)")
            } else {
                format!(
                    "unexpected argument '{word}': pirates takes no position, only --n N \
                     (pirates) and --m M (coins); the answer covers every pirate"
                )
            },
        ));
    }
    if w.misere {
        return Err(CliError::usage(
            "--misere does not apply to pirates: it is a puzzle of proposals and votes, \
             with no last move to win or lose by",
        ));
    }
    let number = |text: Option<&str>, option: &str, what: &str, least: u64, most: u64| {
        let text = text.ok_or_else(|| {
            CliError::usage(format!(
                "pirates needs {option}, the number of {what} ({least} to {most})"
            ))
        })?;
        parse_u64_in(text, least, most).map_err(|e| {
            CliError::usage(format!(
                "{option}: {e} (the number of {what}, {least} to {most})"
            ))
        })
    };
    let pirates = number(w.n, "--n", "pirates", 1, MAX_PIRATES as u64)? as usize;
    let coins = number(w.m, "--m", "coins", 0, u64::from(MAX_COINS))? as u32;
    Ok(PiratesRequest {
        pirates,
        coins,
        json: w.json,
    })
}

/// Solves the puzzle and prints the answer on `out`.
pub fn run(req: &PiratesRequest, out: &mut impl Write) -> Result<(), CliError> {
    let p = pirates::solve(req.pirates, req.coins)?;
    if req.json {
        let doc = serde_json::to_string_pretty(&Document::new(&p)).map_err(|e| {
            GameError::Internal(format!("cannot serialise the pirates' table: {e}"))
        })?;
        writeln!(out, "{doc}")?;
    } else {
        out.write_all(text(&p).as_bytes())?;
    }
    Ok(())
}

/// The summary line, `rank  fate` and a row per pirate, and a legend when
/// some fate is a set.
fn text(p: &Pirates) -> String {
    let mut s = format!(
        "{NAME} --n {} --m {}: {}\n",
        p.pirates(),
        p.coins(),
        summary(p)
    );
    let width = p.pirates().to_string().len().max("rank".len());
    s.push_str(&format!("{:>width$}  fate\n", "rank"));
    for (i, f) in p.fates().iter().enumerate() {
        s.push_str(&format!("{:>width$}  {f}\n", i + 1));
    }
    if p.fates().iter().any(|f| matches!(f, Fate::ZeroOr(_))) {
        s.push_str(
            "{0,t}: 0 or t coins, as the proposer chooses among his equally good divisions\n",
        );
    }
    s
}

/// Whose division is carried and who is thrown overboard.
fn summary(p: &Pirates) -> String {
    let carried = format!(
        "pirate {} proposes the division that is carried",
        p.proposer()
    );
    match p.overboard() {
        0 => format!("{carried}; no one is thrown overboard"),
        1 => format!("{carried}; 1 thrown overboard (pirate 1)"),
        k => format!("{carried}; {k} thrown overboard (pirates 1 to {k})"),
    }
}

/// The `--json` document.
#[derive(Serialize)]
struct Document {
    /// Always `pirates`.
    puzzle: &'static str,
    n: usize,
    m: u32,
    /// The rank of the pirate whose division is carried.
    proposer: usize,
    /// How many are thrown overboard (pirates 1 to this number).
    overboard: usize,
    /// One entry per pirate, pirate 1 first.
    pirates: Vec<Row>,
}

#[derive(Serialize)]
struct Row {
    rank: usize,
    #[serde(flatten)]
    fate: FateField,
}

/// `"fate": "coins", "coins": c`; `"fate": "set", "may_get": [0, t]`;
/// `"fate": "overboard"`.
#[derive(Serialize)]
#[serde(tag = "fate", rename_all = "lowercase")]
enum FateField {
    Overboard,
    Coins { coins: u32 },
    Set { may_get: Vec<u32> },
}

impl Document {
    fn new(p: &Pirates) -> Self {
        let pirates = p
            .fates()
            .iter()
            .enumerate()
            .map(|(i, &f)| Row {
                rank: i + 1,
                fate: match f {
                    Fate::Overboard => FateField::Overboard,
                    Fate::Coins(coins) => FateField::Coins { coins },
                    Fate::ZeroOr(_) => FateField::Set {
                        may_get: f.amounts(),
                    },
                },
            })
            .collect();
        Document {
            puzzle: NAME,
            n: p.pirates(),
            m: p.coins(),
            proposer: p.proposer(),
            overboard: p.overboard(),
            pirates,
        }
    }
}
