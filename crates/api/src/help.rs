//! The texts after each command's option list (`grundy CMD --help`), and
//! a game's own help ([`game`]):
//! what a front end tells its user about reading the arguments, the
//! answer and the exit status. One copy, so the command line and any
//! other front end that prints help say the same.

use crate::Registration;

/// `grundy` itself: where to look next and the exit statuses.
pub const ROOT: &str = "\
Run `grundy games` for the built-in games, their position syntax and options,
and `grundy analyze GAME --help` for one game's options. The pirate puzzle,
a puzzle of n players with no positions, is a command of its own:
`grundy pirates --n 5 --m 100`.

Exit status: 0 success (also when the reader of the output goes away, as
with `| head`); 2 bad input (unknown game or option, malformed position,
number out of range) or a search limit hit; 3 the output could not be
written (a full disk); 1 internal failure.";

/// `analyze`: how the words after GAME are read, what the answer holds.
pub const ANALYZE: &str = "\
Game-specific options (listed by `grundy games` and by `grundy analyze GAME
--help`) take one value each: `--max 10` or `--max=10`. Options may come
before or after the position arguments. A word made of a dash and digits
(`-3`) or a lone `-` is a position argument, not an option; `--` ends the
options.

--outcome-only answers with the outcome and value alone: no move is
examined. A position with too many moves to examine or list (`kayles
1000000000000`) is answered the same way wherever its value is known,
with a note. --max-moves K lists the first K winning moves and still
counts them all, except in such a position: there it lists the first K
the game's theory finds, without looking at the rest.

The components are the parts the position splits into, each with a move
and its value: none when the position is over, the position itself when
it does not split.";

/// `seq`: the layout of the values and when a period is reported.
pub const SEQ: &str = "\
Prints the normal-play values of heaps 0 to N of a one-heap game, several
to a line with the heap size of the first value at the start of each line,
then the period found: `period P, pre-period N0 (proven)` when a theorem
guarantees it continues for ever, `(observed)` when it only holds in the
computed range, or `no period found`. An observed period is reported only
when the values after its pre-period hold at least three full periods and
at least a tenth as many heaps as the pre-period (a dozen repeating values
after 10^5 others are not a period). Short requests are computed further
to find a proven period; `computed_to` in --json says how far (a
pre-period may then lie beyond N). Game-specific options (see `grundy
games`) may come before or after -n.";

/// `quotient`: what is printed and when a quotient is the whole game's.
pub const QUOTIENT: &str = "\
Computes the misère quotient (Plambeck and Siegel) of the sums of heaps 0 to
N of a game of heaps (take-and-break codes, subtraction sets, the named
heap games, nim, lasker, bash, rules files with heap(n)): the commutative
monoid whose elements are the classes of positions no sum tells apart, its
P-portion (the classes of misère P-positions), a presentation by
generators and relations, and the pretending function (heap n to its
element). Every quotient printed is
proven by an exact check of all sums, not sampled. It is grown heap by heap
and stops early, `the whole game's quotient`, when the pretending function
is periodic with pre-period n0 and period p and 2*n0 + 2*p + t + 2 heaps
were computed (t: the code's digits after the point); otherwise it is the
bounded quotient Q_N. A quotient the search cannot settle within the
limits is an error naming the limit (--time-limit, --max-states: pairs one
round may enumerate, --max-memory) and the last quotient proven.
--checkpoint FILE saves the growth to FILE (every --checkpoint-every
seconds, at the end, and when a limit stops it) and resumes it from FILE,
checked first, so the same command with a larger limit goes on from there
and prints what an uninterrupted growth prints.";

/// `survey`: what each line holds and how codes are handed out.
pub const SURVEY: &str = "\
Computes the value sequence of every code of the list to N heaps, or until
its period is proven (the periodicity theorem of take-and-break games),
and prints one line per code in the order of the list: the code, its
pre-period and period (proven, observed in the heaps computed, or none),
the heaps computed, the largest value, the rare/common mask in use and the
seconds it took. --json prints one JSON line per code (fields code,
preperiod, period, proven, heaps, max_value, rare_mask, seconds, and error
for a code that hit a limit). Codes go to the threads as they free up; with
--mpi under `mpirun -np P`, rank 0 hands them to the other ranks as they
free up and computes one itself whenever none is waiting. The lines are the
same whatever the threads or ranks, but for the seconds.

With --misere, each code's misère quotient is grown to --max-heap N
(default 300), or until the periodicity test proves it the whole game's,
or until its --time-limit stops it (the line then holds the bounded
quotient reached): fields code, order, p_portion_size, solved, solved_at,
period, preperiod, tame, max_heap (the heap reached), seconds, stopped
(the limit, when one stopped it) and error. A pattern keeps its codes
without a move (0.xy is 64 codes). --checkpoint FILE keeps every finished
line; the same survey run again resumes from it, and prints the same
lines.";

/// `batch`: one position a line in, one JSON line out.
pub const BATCH: &str = "\
Each input line holds one position, written as the position arguments of
`grundy analyze` (split on white space). Each output line is the compact
`analyze --json` document of that position, or {\"line\": N, \"error\": \"...\"}
for a line that could not be answered (N counts from 1). Exit status 0 when
every line was answered, 2 when some line was an error. The game is built
once, so its tables and caches serve the whole batch.";

/// `play`: how to answer, how the engine plays, when the game ends.
pub const PLAY: &str = "\
Plays the game from POSITION against the engine, in plain text: stdout shows
the position, whose turn it is and, on your turn, the numbered legal moves
with the position each leads to; stdin gives your answers, one a line:
  a number          the move with that number
  a label           the move labelled exactly so (spaces may differ), or the
                    position it leads to exactly as listed
  notation          the move in the game's own notation, where it has one
                    (`help` during a game shows it, with an example): heaps
                    as HEAP COUNT (`2 3` takes 3 counters from heap 2),
                    Wythoff's two heaps as the counters taken from each
                    (`0 3`, `2 2`), a cell of a row after @ (`@4`)
  ?                 the winning moves of the position (or why there are none)
  help              how to answer
  u, undo           take back your last move and the engine's reply
  q                 quit (the game is abandoned)
A line is read as the first of: a command; a move's number (a line that is
one whole number is always a move's number, never a heap or a cell); a label;
the position a move leads to; the game's notation. A line that is the
position of one move and the notation of another is refused as ambiguous
(type the number). A line that is not understood, or a move in notation
that is not legal, is answered with the reason and asked again.
At the start the teacher says whether the player to move can force a win;
after each of your moves it says whether the move kept or threw away a win.
--hint marks the winning moves in every list with `*`.

The engine plays like a master where it can see the whole game: when the
game from the current position has at most 1000000 positions (and no more
than --max-states), it computes every position's remoteness and plays the
fastest win, or from a lost position the move that makes the game last
longest, or keeps a draw. Beyond that it plays the first winning move
`grundy analyze` lists, or without one the move that leaves you the
fewest winning replies (a lost position first, then a draw, then the
fewest winning moves), weighing the first 100 moves only. Ties go to the move
listed first, or with --seed N to one picked by N: the same answers and
seed give the same game.

The game ends when the player to move has no move: that player loses in
normal play and wins with --misere. A game that ends by a rule of its own
(three in a row made) says so before the verdict. In a game whose positions
may repeat (a graph with cycles, ring, a rules file with loopy()) the game
is drawn when a position comes up with the same player to move for the
4th time (3 repetitions), or after 10000 moves. The last line is `you win`,
`engine wins` or `draw`. --json is not supported here. Common
options --threads, --max-states and --time-limit bound each engine search.

Exit status: 0 when the game ends, is quit or input ends (abandoned); 2 for
a bad starting position or option, or when a search limit stops the game
(the error names the position); 1 internal failure.";

/// `nim`: the operands and what each operation computes.
pub const NIM: &str = "\
Operands are whole numbers 0 to 18446744073709551615, in decimal or in
hexadecimal with a 0x prefix. add and mul take two operands, inv and sqrt one.
add is the nim-sum (XOR), mul the nim-product in the field of order 2^64,
inv the multiplicative inverse (0 has none), sqrt the unique square root.
The result is printed in decimal.";

/// The help of game `reg` after the help of `command` (`grundy analyze
/// GAME --help`): its rules, position syntax, options and an example.
pub fn game(command: &str, reg: &Registration) -> String {
    let mut text = format!(
        "\nGame {}: {}\nPosition: {}\n",
        reg.name, reg.rules, reg.syntax
    );
    if reg.options.is_empty() {
        text.push_str("No game-specific options.\n");
    } else {
        text.push_str("Game options:\n");
        for s in &reg.options {
            let req = if s.required { " (required)" } else { "" };
            text.push_str(&format!(
                "  --{} <{}>  {}{}\n",
                s.name, s.value, s.help, req
            ));
        }
    }
    text.push_str(&format!(
        "Example: grundy {command} {} {}\n",
        reg.name, reg.example
    ));
    text
}

#[cfg(test)]
mod tests {
    /// The numbers `play --help` states are the ones a match uses.
    #[test]
    fn play_help_states_the_draw_rules_in_force() {
        use crate::play::{policy::MAX_EXPLORED, MAX_PLIES, MAX_REPETITIONS};
        let h = super::PLAY.replace('\n', " ");
        for needle in [
            format!(
                "{}th time ({MAX_REPETITIONS} repetitions)",
                MAX_REPETITIONS + 1
            ),
            format!("after {MAX_PLIES} moves"),
            format!("at most {MAX_EXPLORED} positions"),
        ] {
            assert!(h.contains(&needle), "{needle}");
        }
    }
}
