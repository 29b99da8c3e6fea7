//! Ring (the "Berzerk" problem): n objects stand in a circle, object 1 is
//! a hole, and a monster stands on one of the others. Player A moves it
//! clockwise by a number of objects from set A, player B by one from set
//! B; whoever moves it into the hole wins. Play may go round for ever.
//!
//! A position is the monster's object with the player to move. Its
//! predecessors are computed by arithmetic (object minus a step of the
//! other player), so the engine's retrograde analysis runs on the rules
//! directly: no graph is stored, and n = 7000 with 3500 steps each (49
//! million moves) is solved in a fraction of a second.

use grundy_api::{
    Analyze, BuiltIn, EndReasons, Family, GameOptions, MoveOutcomes, OnRanks, OptionSpec,
    Remoteness,
};
use grundy_engine::ranks::Ranks;
use grundy_engine::retrograde_ranks::retrograde_ranks;
use grundy_engine::{
    retrograde, Analysis, ComponentReport, Detail, GameError, Heading, Limits, LoopyReport,
    MoveReport, Mover, Outcome, Play, RetroGraph, Retrograde, SearchError, Table,
};
use std::sync::{Arc, OnceLock};

/// The most objects accepted on the command line. Positions are numbered
/// by 32-bit indices (two per object); the state limit usually refuses a
/// ring long before this.
pub const MAX_OBJECTS: u64 = 1 << 30;

/// The rules of one ring: its size and each player's steps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ring {
    n: u32,
    /// Steps of A (index 0) and of B (index 1), ascending, without repeats.
    steps: [Vec<u32>; 2],
}

fn side(m: Mover) -> usize {
    match m {
        Mover::Left => 0,
        Mover::Right => 1,
    }
}

fn letter(m: Mover) -> char {
    match m {
        Mover::Left => 'A',
        Mover::Right => 'B',
    }
}

impl Ring {
    /// A ring of `n` objects where A moves by the steps `a` and B by `b`.
    /// Repeated steps are allowed and count once. Errors (bad input) when
    /// `n` is not in `2..=`[`MAX_OBJECTS`], a set is empty, or a step is
    /// not in `1..n`.
    pub fn new(n: u64, a: &[u64], b: &[u64]) -> Result<Ring, GameError> {
        if !(2..=MAX_OBJECTS).contains(&n) {
            return Err(GameError::Input(format!(
                "--n: {n} objects; a ring needs 2 to {MAX_OBJECTS}"
            )));
        }
        let set = |name: &str, s: &[u64]| -> Result<Vec<u32>, GameError> {
            if s.is_empty() {
                return Err(GameError::Input(format!("--{name}: no step given")));
            }
            if let Some(bad) = s.iter().find(|&&k| k == 0 || k >= n) {
                return Err(GameError::Input(format!(
                    "--{name}: step {bad} is not in 1..{} (steps go round a ring of {n})",
                    n - 1
                )));
            }
            let mut v: Vec<u32> = s.iter().map(|&k| k as u32).collect();
            v.sort_unstable();
            v.dedup();
            Ok(v)
        };
        Ok(Ring {
            n: n as u32,
            steps: [set("a", a)?, set("b", b)?],
        })
    }

    /// Number of objects.
    pub fn objects(&self) -> u32 {
        self.n
    }

    /// The steps of `m`, ascending.
    pub fn steps(&self, m: Mover) -> &[u32] {
        &self.steps[side(m)]
    }

    /// The graph index of the monster on `object` (1..=n) with `m` to move.
    /// Object 1 is the hole: the game is over and the player to move has
    /// lost.
    pub fn index(object: u32, m: Mover) -> u32 {
        2 * (object - 1) + side(m) as u32
    }

    /// Where a step of `k` from `object` lands.
    pub fn landing(&self, object: u32, k: u32) -> u32 {
        (object - 1 + k) % self.n + 1
    }

    /// Retrograde analysis of every position (see [`retrograde`]).
    pub fn solve(&self, limits: &Limits) -> Result<Retrograde, SearchError> {
        retrograde(self, limits)
    }

    /// The name as `grundy` prints it, steps sorted.
    pub fn name(&self) -> String {
        let list = |s: &[u32]| s.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
        format!(
            "ring --n {} --a {} --b {}",
            self.n,
            list(&self.steps[0]),
            list(&self.steps[1])
        )
    }
}

impl RetroGraph for Ring {
    fn positions(&self) -> usize {
        2 * self.n as usize
    }

    fn option_count(&self, v: u32) -> u32 {
        if v < 2 {
            0 // the monster is in the hole
        } else {
            self.steps[(v & 1) as usize].len() as u32
        }
    }

    #[inline]
    fn for_each_predecessor<F: FnMut(u32)>(&self, v: u32, mut f: F) {
        // The player who moved into v is the other one, from v's object
        // minus one of their steps; the hole (0-based object 0) has no
        // moves, so it is no predecessor.
        // Steps below q come from q - k, steps above it wrap round from
        // q + n - k; the step equal to q would come from the hole. The
        // steps are sorted, so two plain loops replace a test per step.
        let (q, other) = (v >> 1, (v & 1) ^ 1);
        let steps = &self.steps[other as usize];
        let below = steps.partition_point(|&k| k < q);
        let above = steps.partition_point(|&k| k <= q);
        for &k in &steps[..below] {
            f(2 * (q - k) + other);
        }
        for &k in &steps[above..] {
            f(2 * (q + self.n - k) + other);
        }
    }
}

/// The word of the table for an outcome of the player to move.
fn word(o: Outcome) -> &'static str {
    match o {
        Outcome::N => "Win",
        Outcome::P => "Lose",
        Outcome::D => "Loop",
    }
}

/// The answer for every start 2..=n: `a_first` with A to move, `b_first`
/// with B to move; each `Win`, `Lose` or `Loop` for the player moving
/// first.
pub fn table(ring: &Ring, solved: &Retrograde) -> Table {
    table_within(
        ring,
        solved,
        &Limits {
            max_time: None,
            ..Limits::default()
        },
    )
    .expect("no time limit")
}

/// Starts of [`table_within`] between two readings of the clock.
const TABLE_CLOCK_EVERY: u32 = 1 << 16;

/// [`table`] within the time `limits` leave (their `until`, or
/// `max_time` from now): the clock is read every [`TABLE_CLOCK_EVERY`]
/// starts, and once the table is made the time it took must be left
/// again, for its text (writing it costs about as much as making it).
/// Errors: [`SearchError::TimeLimit`]. At a million starts the table and
/// its text took 0.2 s to 1 s, after a solve of 0.05 s: `--time-limit
/// 0.1` ended after 0.85 s.
pub fn table_within(
    ring: &Ring,
    solved: &Retrograde,
    limits: &Limits,
) -> Result<Table, SearchError> {
    let deadline = limits.deadline();
    let started = deadline.check_reading().map_err(SearchError::TimeLimit)?;
    let starts = ring.objects() - 1;
    let mut rows = Vec::with_capacity(starts as usize);
    let mut columns = [
        Vec::with_capacity(starts as usize),
        Vec::with_capacity(starts as usize),
    ];
    for o in 2..=ring.objects() {
        if o % TABLE_CLOCK_EVERY == 0 {
            deadline.check().map_err(SearchError::TimeLimit)?;
        }
        rows.push(o.to_string());
        for (column, m) in columns.iter_mut().zip([Mover::Left, Mover::Right]) {
            column.push(word(solved.outcome(Ring::index(o, m))).to_string());
        }
    }
    if let (Some(started), Some(now)) = (
        started,
        deadline.check_reading().map_err(SearchError::TimeLimit)?,
    ) {
        // The text takes as long again: it too must fit.
        let text = now.saturating_sub(started);
        if deadline.passed_at(now.saturating_add(text)) {
            return Err(SearchError::TimeLimit(deadline.limit().unwrap_or_default()));
        }
    }
    let [a_first, b_first] = columns;
    Ok(Table {
        row_name: "start".into(),
        rows,
        columns: vec![("a_first".into(), a_first), ("b_first".into(), b_first)],
    })
}

/// A ring answering `analyze` for any position, from its solution, made
/// at the first question (in one process, or across ranks for
/// `analyze --mpi`) and kept.
struct RingFamily {
    ring: Ring,
    limits: Limits,
    solved: OnceLock<Retrograde>,
}

/// The most starts whose table an answer carries: about 30 MB of JSON.
/// Past it the answer notes the table left out (at 5 million starts the
/// table took 600 MB an answer, and a batch of three lines SIGABRT under
/// a 2 GB cap).
pub const TABLE_STARTS: u32 = 1_000_000;

impl RingFamily {
    /// Reads `[OBJECT [A|B]]`: the monster's object (default 2) and the
    /// player to move (default A).
    fn parse(&self, args: &[&str]) -> Result<(u32, Mover), GameError> {
        let n = self.ring.objects();
        let object = match args.first() {
            None => 2,
            Some(t) => grundy_api::parse_u64_in(t, 1, u64::from(n))
                .map_err(|e| GameError::Input(format!("object: {e} (the ring has {n})")))?
                as u32,
        };
        let mover = match args.get(1).copied() {
            None | Some("A") | Some("a") => Mover::Left,
            Some("B") | Some("b") => Mover::Right,
            Some(t) => {
                return Err(GameError::Input(format!(
                    "player to move: '{t}' is neither A nor B"
                )))
            }
        };
        if args.len() > 2 {
            return Err(GameError::Input(format!(
                "unexpected '{}': a ring position is an object and the player to move, e.g. 3 B",
                args[2]
            )));
        }
        Ok((object, mover))
    }

    /// The solved ring, solved in this process unless solved before.
    ///
    /// Errors: the limits of the solve.
    fn solved(&self) -> Result<&Retrograde, GameError> {
        self.solved_within(&self.limits)
    }

    /// [`RingFamily::solved`] under `limits` (an answer's, shared with
    /// its table: [`RingFamily::answer_shared`]).
    fn solved_within(&self, limits: &Limits) -> Result<&Retrograde, GameError> {
        if let Some(s) = self.solved.get() {
            return Ok(s);
        }
        let solved = self.ring.solve(limits)?;
        Ok(self.keep(solved))
    }

    /// The analysis of `at`: the ring solved (unless solved before) and
    /// its table made under one time limit, the family's shared between
    /// them.
    fn answer_shared(&self, at: (u32, Mover), detail: Detail) -> Result<Analysis, GameError> {
        let limits = self.limits.sharing_time();
        self.answer(self.solved_within(&limits)?, at, detail, &limits)
    }

    /// Keeps `solved`, the solution of this ring (the first kept stays).
    fn keep(&self, solved: Retrograde) -> &Retrograde {
        self.solved.get_or_init(|| solved)
    }

    /// The answers of the solved ring (normal play: its only convention).
    fn report(solved: &Retrograde) -> LoopyReport<'_> {
        LoopyReport::new(solved, Play::Normal)
    }

    /// The analysis of the position written `args` from `solved`, its
    /// table made within the time `limits` leave ([`table_within`]).
    fn answer(
        &self,
        solved: &Retrograde,
        (object, m): (u32, Mover),
        detail: Detail,
        limits: &Limits,
    ) -> Result<Analysis, GameError> {
        let position = Self::format(object, m);
        let heading = Heading {
            game: self.ring.name(),
            position: position.clone(),
            method: format!("retrograde analysis of all {} positions", solved.len()),
        };
        let mut a =
            Self::report(solved).analysis(Ring::index(object, m), heading, detail, || {
                Ok(self.moves_from(object, m))
            })?;
        a.notes
            .push("no Sprague-Grundy value: the players move differently".into());
        // One part, unless the monster is in the hole (the game is over).
        if object != 1 {
            a.components = vec![ComponentReport {
                position,
                value: None,
            }];
        }
        let starts = self.ring.objects() - 1;
        if starts <= TABLE_STARTS {
            a.table = Some(table_within(&self.ring, solved, limits)?);
        } else {
            a.notes.push(format!(
                "the table of all {starts} starts is left out: it is listed for at most {TABLE_STARTS}; ask for one start, e.g. `{} 3 B`",
                self.ring.name()
            ));
        }
        Ok(a)
    }

    /// Refuses misère play: the ring has one convention.
    fn normal_only(play: Play) -> Result<(), GameError> {
        if play == Play::Misere {
            return Err(GameError::Input(
                "ring has one convention, moving the monster into the hole wins; --misere does not apply"
                    .into(),
            ));
        }
        Ok(())
    }

    fn format(object: u32, m: Mover) -> String {
        format!("{object} {}", letter(m))
    }

    fn moves_from(&self, object: u32, m: Mover) -> Vec<(MoveReport, u32)> {
        if object == 1 {
            return Vec::new();
        }
        self.ring
            .steps(m)
            .iter()
            .map(|&k| {
                let to = self.ring.landing(object, k);
                let place = if to == 1 {
                    format!("hole, {} wins", letter(m))
                } else {
                    to.to_string()
                };
                let report = MoveReport {
                    label: format!("{} moves {k}: {object} -> {place}", letter(m)),
                    to: Self::format(to, m.other()),
                };
                (report, Ring::index(to, m.other()))
            })
            .collect()
    }
}

impl Analyze for RingFamily {
    fn analyze_with(
        &self,
        args: &[&str],
        play: Play,
        detail: Detail,
    ) -> Result<Analysis, GameError> {
        Self::normal_only(play)?;
        let at = self.parse(args)?;
        self.answer_shared(at, detail)
    }

    fn moves(&self, args: &[&str]) -> Result<Vec<MoveReport>, GameError> {
        let (object, m) = self.parse(args)?;
        Ok(self
            .moves_from(object, m)
            .into_iter()
            .map(|(r, _)| r)
            .collect())
    }
}

impl OnRanks for RingFamily {
    /// The whole ring solved across `ranks` (each rank propagating its
    /// share of the positions), then answered as in one process.
    fn analyze_on_ranks(
        &self,
        args: &[&str],
        play: Play,
        detail: Detail,
        ranks: &dyn Ranks,
    ) -> Result<Analysis, GameError> {
        Self::normal_only(play)?;
        let at = self.parse(args)?;
        let solved = match self.solved.get() {
            Some(s) => s,
            None => self.keep(retrograde_ranks(&self.ring, ranks, &self.limits)?),
        };
        // Every rank makes the same table: no clock that could stop one
        // rank's and not another's.
        let untimed = Limits {
            max_time: None,
            ..self.limits.clone()
        };
        self.answer(solved, at, detail, &untimed)
    }
}

impl Remoteness for RingFamily {
    /// From the solution of the whole ring, made once and kept: no
    /// exploration, so `max_positions` does not apply.
    fn move_remoteness(
        &self,
        args: &[&str],
        play: Play,
        _max_positions: u64,
    ) -> Result<Option<MoveOutcomes>, GameError> {
        if play == Play::Misere {
            return Ok(None);
        }
        let (object, m) = self.parse(args)?;
        let targets: Vec<u32> = self.moves_from(object, m).iter().map(|&(_, w)| w).collect();
        Ok(Some(Self::report(self.solved()?).move_outcomes(&targets)))
    }
}

impl EndReasons for RingFamily {
    /// `A moved the monster into the hole` (or B) once it is there.
    fn end_reason(&self, args: &[&str]) -> Option<String> {
        match self.parse(args).ok()? {
            (1, m) => Some(format!(
                "{} moved the monster into the hole",
                letter(m.other())
            )),
            _ => None,
        }
    }
}

fn build(opts: &GameOptions, limits: &Limits) -> Result<Family, GameError> {
    opts.required("n")?;
    opts.required("a")?;
    opts.required("b")?;
    let n = opts.u64_in("n", 2, MAX_OBJECTS)?.unwrap_or(2);
    let most = (n - 1).max(1);
    let a = opts.list_in("a", 1, most)?.unwrap_or_default();
    let b = opts.list_in("b", 1, most)?.unwrap_or_default();
    let ring = Ring::new(n, &a, &b)?;
    let name = ring.name();
    let r = Arc::new(RingFamily {
        ring,
        limits: limits.clone(),
        solved: OnceLock::new(),
    });
    // The monster may go round the ring for ever.
    Ok(Family::new(name, limits, r.clone())
        .with_loopy(true)
        .with_ranks(Some(r.clone()))
        .with_remoteness(Some(r.clone()))
        .with_end_reasons(Some(r)))
}

/// `ring --n 5 --a 3,2 --b 1,2,3 [OBJECT [A|B]]`.
pub const REGISTRATION: BuiltIn = BuiltIn {
    name: "ring",
    rules: "a monster on a ring of n objects, object 1 a hole; A moves it clockwise by a step \
            from set A, B by one from set B; moving it into the hole wins (play may loop)",
    syntax: "[OBJECT [A|B]]: the monster's object 1..n (default 2) and who moves (default A); \
             the answer includes the Win/Lose/Loop table of every start for A first and B first",
    example: "--n 5 --a 3,2 --b 1,2,3",
    options: &[
        OptionSpec {
            name: "n",
            value: "N",
            help: "the number of objects, 2 or more",
            required: true,
            position: false,
        },
        OptionSpec {
            name: "a",
            value: "STEPS",
            help: "A's steps, comma-separated, each in 1..n-1 (repeats count once)",
            required: true,
            position: false,
        },
        OptionSpec {
            name: "b",
            value: "STEPS",
            help: "B's steps, comma-separated, each in 1..n-1 (repeats count once)",
            required: true,
            position: false,
        },
    ],
    build,
};
