//! Computes a value sequence from the command line, for benchmarks and the
//! checkpoint kill test. The `grundy seq` command is the user-facing form.
//!
//! ```text
//! seq CODE|grundy-game N [--method naive|rc|parallel|auto] [--threads T]
//!     [--checkpoint FILE] [--every SECONDS] [--seconds LIMIT] [--no-period]
//!     [--print] [--progress]
//! ```
//! Prints one summary line on stderr (time, checksum, period) and, with
//! `--print`, the values on stdout, one per line. `--seconds` stops the
//! computation after that long (writing the checkpoint if there is one) and
//! reports the heaps reached.

use grundy_sequence::{Control, HeapRule, Method, SeqError, Sequence, TakeBreak};
use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut ctl = Control::default();
    let mut print = false;
    let mut positional = Vec::new();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().cloned().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--method" => {
                ctl.method = Method::parse(&value("--method")?).map_err(|e| e.to_string())?
            }
            "--threads" => {
                ctl.threads = value("--threads")?
                    .parse()
                    .map_err(|e| format!("--threads: {e}"))?
            }
            "--checkpoint" => ctl.checkpoint = Some(value("--checkpoint")?.into()),
            "--every" => {
                let s: f64 = value("--every")?
                    .parse()
                    .map_err(|e| format!("--every: {e}"))?;
                ctl.checkpoint_interval = Duration::from_secs_f64(s);
            }
            "--seconds" => {
                let s: f64 = value("--seconds")?
                    .parse()
                    .map_err(|e| format!("--seconds: {e}"))?;
                ctl.time_limit =
                    Some(Duration::try_from_secs_f64(s).map_err(|e| format!("--seconds: {e}"))?);
            }
            "--no-period" => ctl.use_period = false,
            "--print" => print = true,
            "--progress" => ctl.progress = true,
            _ => positional.push(arg.clone()),
        }
    }
    let [game, n] = positional.as_slice() else {
        return Err("usage: seq CODE|grundy-game N [options]".into());
    };
    let rule = if game == "grundy-game" {
        HeapRule::GrundyGame
    } else {
        HeapRule::TakeBreak(TakeBreak::parse(game).map_err(|e| e.to_string())?)
    };
    let n: u64 = n.parse().map_err(|e| format!("N: {e}"))?;
    let start = Instant::now();
    let mut seq = match &ctl.checkpoint {
        Some(path) => Sequence::resume_or_new(rule, path).map_err(|e| e.to_string())?,
        None => Sequence::new(rule),
    };
    let stopped = match seq.extend_to(n, &ctl) {
        Ok(()) => false,
        Err(SeqError::TimeLimit { .. }) => true,
        Err(e) => return Err(e.to_string()),
    };
    let time = start.elapsed();
    let reached = (seq.values().len() as u64).min(n + 1);
    if stopped {
        eprintln!("stopped: heaps 0..{reached} computed");
    }
    let mut values = seq.values().to_vec();
    values.truncate(reached as usize);
    let checksum = values.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &v| {
        (h ^ v as u64).wrapping_mul(0x100_0000_01b3)
    });
    let period = match seq.period() {
        Some(p) => format!(
            "period {} preperiod {} {}",
            p.period,
            p.preperiod,
            if p.proven { "proven" } else { "observed" }
        ),
        None => "no period".to_string(),
    };
    eprintln!(
        "{} n {} method {:?} threads {} time {:.3}s checksum {checksum:016x} max {} {period}",
        seq.rule().name(),
        reached.saturating_sub(1),
        ctl.resolved_method(),
        ctl.thread_count(),
        time.as_secs_f64(),
        values.iter().max().copied().unwrap_or(0),
    );
    if print {
        let mut out = std::io::BufWriter::new(std::io::stdout().lock());
        for v in values {
            writeln!(out, "{v}").map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("seq: {e}");
            ExitCode::from(2)
        }
    }
}
