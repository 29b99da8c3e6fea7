//! What every front end checks before it builds a family: the game's name,
//! its game-specific options, the search limits and the size of a
//! sequence. The messages are the command line's, so the Python package
//! and the web page reject what `grundy` rejects with the same words.

use crate::{parse_u64_in, GameError, GameOptions, Limits, Registration};
use std::time::Duration;

/// Largest heap a sequence may be asked for: its answer holds N+1 values,
/// so anything near this is already far beyond memory; the bound keeps
/// N+1 and the sizes derived from it from overflowing.
pub const MAX_SEQ_N: u64 = 1 << 40;

/// The registration named `name` in `regs`, or an input error listing the
/// known names.
pub fn find_game(regs: &[Registration], name: &str) -> Result<Registration, GameError> {
    if let Some(r) = regs.iter().find(|r| r.name == name) {
        return Ok(r.clone());
    }
    let names: Vec<&str> = regs.iter().map(|r| r.name.as_str()).collect();
    Err(GameError::Input(if names.is_empty() {
        format!("unknown game '{name}' (no games are registered)")
    } else {
        let hint = crate::messages::did_you_mean(name, names.iter().copied())
            .map(|n| format!(" did you mean '{n}'?"))
            .unwrap_or_default();
        format!(
            "unknown game '{name}';{hint} known games: {}",
            names.join(", ")
        )
    }))
}

/// The text of `e` as the command line shows it after `error: `: one
/// line, quoted input clipped ([`crate::messages::clip_quotes`]).
pub fn message(e: &GameError) -> String {
    let text = e.to_string();
    crate::messages::clip_quotes(&text.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// The message for an option `shown` (as the user wrote it, e.g. `--max`)
/// that game `reg` does not take, listing the options it does take.
pub fn unknown_option_message(shown: &str, reg: &Registration) -> String {
    let listed = if reg.options.is_empty() {
        format!("{} has no game-specific options", reg.name)
    } else {
        let opts: Vec<String> = reg
            .options
            .iter()
            .map(|s| format!("--{} {}", s.name, s.value))
            .collect();
        format!("the options of {} are {}", reg.name, opts.join(", "))
    };
    format!("unknown option '{shown}' for game {}; {listed}", reg.name)
}

/// Game options from (name, value) pairs, names without dashes, checked
/// against `reg`: every name must be one of its options and every
/// required option must be present. The values themselves are checked by
/// the family's builder.
pub fn game_options<I>(reg: &Registration, pairs: I) -> Result<GameOptions, GameError>
where
    I: IntoIterator<Item = (String, String)>,
{
    let mut options = GameOptions::default();
    for (name, value) in pairs {
        if !reg.options.iter().any(|s| s.name == name) {
            return Err(GameError::Input(unknown_option_message(
                &format!("--{name}"),
                reg,
            )));
        }
        options.set(&name, &value);
    }
    check_required(reg, &options)?;
    Ok(options)
}

/// An input error naming the first required option of `reg` missing from
/// `options`.
pub fn check_required(reg: &Registration, options: &GameOptions) -> Result<(), GameError> {
    match reg
        .options
        .iter()
        .find(|s| s.required && options.get(s.name).is_none())
    {
        Some(spec) => Err(GameError::Input(format!(
            "missing option --{} {} for game {} ({})",
            spec.name, spec.value, reg.name, spec.help
        ))),
        None => Ok(()),
    }
}

/// A time limit: a positive number of seconds, fractions allowed, written
/// as text (`--time-limit`).
pub fn parse_seconds(s: &str) -> Result<Duration, GameError> {
    let bad = || {
        GameError::Input(format!(
            "--time-limit: '{s}' is not a positive number of seconds"
        ))
    };
    let secs: f64 = s.trim().parse().map_err(|_| bad())?;
    if !(secs.is_finite() && secs > 0.0) {
        return Err(bad());
    }
    Duration::try_from_secs_f64(secs)
        .map_err(|_| GameError::Input(format!("--time-limit: '{s}' seconds is too long")))
}

/// The search limits from the texts of `--max-states` and `--time-limit`,
/// each defaulting to [`Limits::default`] when absent.
pub fn limits(max_states: Option<&str>, time_limit: Option<&str>) -> Result<Limits, GameError> {
    let mut limits = Limits::default();
    if let Some(s) = max_states {
        limits.max_states = parse_u64_in(s, 1, u64::MAX)
            .map_err(|e| GameError::Input(format!("--max-states: {e}")))?;
    }
    if let Some(s) = time_limit {
        limits.max_time = Some(parse_seconds(s)?);
    }
    Ok(limits)
}

/// The largest heap of a sequence, `-n`, checked against [`MAX_SEQ_N`].
pub fn seq_n(s: &str) -> Result<u64, GameError> {
    parse_u64_in(s, 0, MAX_SEQ_N).map_err(|e| GameError::Input(format!("-n: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Family, OptionSpec};

    fn reg(name: &str, options: Vec<OptionSpec>) -> Registration {
        Registration::new(name, "r", "s", "", options, |_, _| {
            Err::<Box<dyn Family>, _>(GameError::Internal("not built in these tests".into()))
        })
    }

    const SET: OptionSpec = OptionSpec {
        name: "set",
        value: "S",
        help: "the subtraction set",
        required: true,
    };

    fn input(e: GameError) -> String {
        match e {
            GameError::Input(m) => m,
            other => panic!("expected an input error, got {other:?}"),
        }
    }

    #[test]
    fn games_are_found_by_exact_name() {
        let regs = [reg("nim", vec![]), reg("kayles", vec![])];
        assert_eq!(find_game(&regs, "kayles").unwrap().name, "kayles");
        assert_eq!(
            input(find_game(&regs, "chess").unwrap_err()),
            "unknown game 'chess'; known games: nim, kayles"
        );
        assert_eq!(
            input(find_game(&regs, "kayle").unwrap_err()),
            "unknown game 'kayle'; did you mean 'kayles'? known games: nim, kayles"
        );
        assert_eq!(
            input(find_game(&[], "nim").unwrap_err()),
            "unknown game 'nim' (no games are registered)"
        );
    }

    #[test]
    fn options_are_checked_against_the_registration() {
        let sub = reg("subtraction", vec![SET]);
        let ok = game_options(&sub, [("set".to_string(), "1,2".to_string())]).unwrap();
        assert_eq!(ok.get("set"), Some("1,2"));
        assert_eq!(
            input(game_options(&sub, []).unwrap_err()),
            "missing option --set S for game subtraction (the subtraction set)"
        );
        assert_eq!(
            input(game_options(&sub, [("max".into(), "3".into())]).unwrap_err()),
            "unknown option '--max' for game subtraction; the options of subtraction are --set S"
        );
        assert_eq!(
            input(game_options(&reg("nim", vec![]), [("max".into(), "3".into())]).unwrap_err()),
            "unknown option '--max' for game nim; nim has no game-specific options"
        );
    }

    #[test]
    fn messages_are_one_line() {
        assert_eq!(message(&GameError::Input("a\n  b".into())), "a b");
        assert_eq!(
            message(&GameError::Internal("x".into())),
            "internal error: x"
        );
        assert!(message(&GameError::Input(format!("bad '{}'", "9".repeat(500)))).len() < 300);
    }

    #[test]
    fn limits_and_sizes() {
        let l = limits(Some("5"), Some("1.5")).unwrap();
        assert_eq!(l.max_states, 5);
        assert_eq!(l.max_time, Some(Duration::from_millis(1500)));
        assert_eq!(
            limits(None, None).unwrap().max_states,
            Limits::default().max_states
        );
        for bad in ["0", "-1", "x", "nan", "NaN", "inf", "", "1e300"] {
            assert!(parse_seconds(bad).is_err(), "{bad}");
        }
        assert_eq!(
            input(limits(Some("0"), None).unwrap_err()),
            "--max-states: '0' is too small; the least allowed is 1"
        );
        assert_eq!(seq_n("1000").unwrap(), 1000);
        assert_eq!(
            input(seq_n("-3").unwrap_err()),
            "-n: '-3' is negative; expected a whole number >= 0"
        );
        assert!(seq_n(&(MAX_SEQ_N + 1).to_string()).is_err());
    }
}
