//! `cargo run --release -p grundy-quotient --example quotient -- CODE MAX_HEAP`:
//! prints the misère quotient of a take-and-break code, with the order of
//! Q_n at each heap and the time taken (for bench/ and experiments).
use grundy_engine::Limits;
use grundy_quotient::{grow_watched, QuotientReport};
use grundy_sequence::{HeapRule, TakeBreak};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let code = TakeBreak::parse(&args[1]).expect("a take-and-break code");
    let max: usize = args[2].parse().expect("a heap count");
    let game = HeapRule::TakeBreak(code);
    let start = std::time::Instant::now();
    let limits = Limits {
        max_time: None,
        max_states: u64::MAX,
        ..Limits::default()
    };
    // With PER_HEAP set, each heap's seconds on stderr.
    let per_heap = std::env::var_os("PER_HEAP").is_some();
    let mut last = (start.elapsed().as_secs_f64(), cpu_seconds());
    let mut watch = |n: usize, order: usize| {
        if per_heap {
            let now = (start.elapsed().as_secs_f64(), cpu_seconds());
            eprintln!(
                "heap {n} order {order} {:.3} s wall {:.2} s cpu",
                now.0 - last.0,
                now.1 - last.1
            );
            last = now;
        }
    };
    let q = grow_watched(&game, max, &limits, &mut watch).expect("within the limits");
    let secs = start.elapsed().as_secs_f64();
    let report = QuotientReport::new(&args[1], &q);
    print!("{}", report.text());
    println!("orders: {:?}", report.orders);
    println!("seconds: {secs:.3}");
}

/// The process's CPU seconds (user + system, all threads), from
/// /proc/self/stat on Linux (0 elsewhere).
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or("", |(_, rest)| rest)
        .split_whitespace()
        .collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime are fields 14 and 15 of the line (11 and 12 after
    // the command's closing parenthesis), in ticks of 1/100 s.
    (ticks(11) + ticks(12)) / 100.0
}
