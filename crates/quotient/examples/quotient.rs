//! `cargo run --release -p grundy-quotient --example quotient -- CODE MAX_HEAP`:
//! prints the misère quotient of a take-and-break code, with the order of
//! Q_n at each heap and the time taken (for bench/ and experiments).
use grundy_engine::Limits;
use grundy_quotient::{grow, QuotientReport};
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
    let q = grow(&game, max, &limits).expect("within the limits");
    let secs = start.elapsed().as_secs_f64();
    let report = QuotientReport::new(&args[1], &q);
    print!("{}", report.text());
    println!("orders: {:?}", report.orders);
    println!("seconds: {secs:.3}");
}
