use grundy_engine::Limits;
use grundy_quotient::grow::{refine, Budget, Candidate};
use grundy_quotient::{grow, HeapGame};
use grundy_sequence::{HeapRule, TakeBreak};

struct Code(HeapRule);
impl HeapGame for Code {
    fn options(&self, n: usize, f: &mut dyn FnMut(&[usize])) {
        self.0.for_each_option(n, |p| f(p));
    }
    fn period_reach(&self) -> Option<u64> {
        None
    }
}

fn chain(c: &Candidate, g: u32) -> (usize, usize) {
    let m = &c.monoid;
    let mut seen = vec![0u32];
    loop {
        let next = m.mul(*seen.last().unwrap(), g);
        if let Some(i) = seen.iter().position(|&y| y == next) {
            return (i, seen.len() - i);
        }
        seen.push(next);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let code = TakeBreak::parse(&args[1]).unwrap();
    let n: usize = args[2].parse().unwrap();
    let rounds: usize = args[3].parse().unwrap();
    let shape: Option<(usize, usize)> = args.get(4).map(|s| { let v: Vec<usize> = s.split(',').map(|x| x.parse().unwrap()).collect(); (v[0], v[1]) });
    let game = Code(HeapRule::TakeBreak(code.clone()));
    let limits = Limits { max_time: None, ..Limits::default() };
    let q = grow(&game, n - 1, &limits, &mut ()).unwrap();
    let mut options = vec![Vec::new()];
    for h in 1..=n {
        let mut o = Vec::new();
        HeapRule::TakeBreak(code.clone()).for_each_option(h, |p| o.push(p.iter().map(|&x| x as u32).collect()));
        options.push(o);
    }
    let mut cand = q.candidate.clone();
    println!("Q_{} order {} phi {:?}", n - 1, cand.monoid.order(), cand.phi);
    cand.phi.push(0);
    let mut budget = Budget::start(&limits);
    for r in 0..rounds {
        let round = refine(&cand, &options, &mut budget).unwrap();
        cand = round.next;
        if let Some((m, p)) = shape {
            let b = *cand.phi.last().unwrap();
            let pw = |k: usize| (0..k).fold(0u32, |acc, _| cand.monoid.mul(acc, b));
            let (hi, lo) = (pw(m + p), pw(m));
            if hi != lo {
                match cand.merge(hi, lo) {
                    Some(mc) => cand = mc,
                    None => println!("  merge refused (P conflict)"),
                }
            }
        }
        let mut gens: Vec<u32> = cand.phi.clone();
        gens.dedup();
        let chains: Vec<String> = cand.phi.iter().enumerate().skip(1).map(|(h, &g)| { let (i, p) = chain(&cand, g); format!("{h}:{i}+{p}") }).collect();
        println!("round {r}: faithful {} pairs {} order {} P {} chains {}", round.faithful, round.pairs, cand.monoid.order(), cand.monoid.p_portion().len(), chains.join(" "));
        if round.faithful { break; }
    }
}
