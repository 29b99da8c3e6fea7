"""Games defined in Python (`grundy.Game(moves=...)`) and rules files
(`grundy.Game.from_rules`), checked against brute force written here from
the rules, against the built-in games and against the command line.
"""

import functools
import itertools
import pathlib
import time

import pytest

import grundy
from command_line import cli

EXAMPLES = pathlib.Path(__file__).resolve().parents[3] / "examples" / "rules"

SUBTRACTION = (1, 3, 4)


def take_134(n):
    """One heap: a move takes 1, 3 or 4 counters."""
    return [n - k for k in SUBTRACTION if k <= n]


def heaps_moves(p):
    """A tuple of heaps: a move takes 1, 3 or 4 counters from one heap."""
    return [p[:i] + (h - k,) + p[i + 1 :] for i, h in enumerate(p) for k in SUBTRACTION if k <= h]


def heaps_components(p):
    """Each non-empty heap is a game of its own: a tuple of one heap."""
    return [(h,) for h in p if h > 0]


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


@functools.lru_cache(maxsize=None)
def naive_value(n):
    return mex({naive_value(q) for q in take_134(n)})


@functools.lru_cache(maxsize=None)
def naive_misere_wins(p):
    """Whether the player to move wins position P (a sorted tuple of heaps)
    in misère play: with no move, he has won."""
    options = {tuple(sorted(q)) for q in heaps_moves(p)}
    if not options:
        return True
    return any(not naive_misere_wins(q) for q in options)


def naive_loopy(start, moves):
    """Outcomes (N, P or D) of every position reachable from START in
    normal play, by the textbook fixpoint: P when every option is N (no
    option: P), N when some option is P, D what is never labelled."""
    seen, todo = {start}, [start]
    while todo:
        for q in moves(todo.pop()):
            if q not in seen:
                seen.add(q)
                todo.append(q)
    label = {}
    changed = True
    while changed:
        changed = False
        for p in seen:
            if p in label:
                continue
            opts = [label.get(q) for q in moves(p)]
            if "P" in opts:
                label[p] = "N"
            elif all(o == "N" for o in opts):
                label[p] = "P"
            else:
                continue
            changed = True
    return {p: label.get(p, "D") for p in seen}


def cycles_moves(n):
    """examples/rules/cycles.rhai in Python: take 2 or 3 counters, or put
    one back onto a heap of 1 to 9."""
    result = [n - k for k in (2, 3) if k <= n]
    if 1 <= n < 10:
        result.append(n + 1)
    return result


# -- normal and misère play --------------------------------------------------


def test_a_subtraction_game_by_callable_gives_the_naive_values():
    g = grundy.Game(moves=take_134, name="take 1, 3 or 4")
    for n in range(30):
        a = g.analyze(n)
        assert a.value == naive_value(n), n
        assert a.outcome == ("P" if naive_value(n) == 0 else "N")
        winning = {int(m["to"]) for m in a.winning_moves}
        assert winning == {q for q in take_134(n) if naive_value(q) == 0}
    assert g.analyze(10).game == "take 1, 3 or 4"


def test_a_subtraction_game_by_callable_is_the_built_in_one():
    mine = grundy.Game(moves=take_134)
    builtin = grundy.Game("subtraction", options={"set": "1,3,4"})
    s = mine.seq(200)
    assert s.values.tolist() == builtin.seq(200).values.tolist()
    assert s.values.tolist() == [naive_value(n) for n in range(201)]
    assert s.period is not None and (s.period.preperiod, s.period.period) == (0, 7)
    assert s.period.proven is False
    assert s.to_dict()["values"] == cli("seq", "subtraction", "--set", "1,3,4", "-n", "200", "--json")["values"]


def test_sums_split_by_components_match_the_command_line():
    g = grundy.Game(moves=heaps_moves, components=heaps_components, name="heaps")
    for heaps in [(10, 7), (4, 4), (3, 5, 8), (12,)]:
        words = [str(h) for h in heaps]
        theirs = cli("analyze", "subtraction", "--set", "1,3,4", *words, "--json")
        mine = g.analyze(heaps)
        assert (mine.outcome, mine.value) == (theirs["outcome"], theirs["value"])
        assert mine.winning_move_count == theirs["winning_move_count"]
        assert sorted(m["to"] for m in mine.winning_moves) == sorted(
            str(tuple(int(w) for w in m["to"].split())) for m in theirs["winning_moves"]
        )
        assert [c["value"] for c in mine.components] == [c["value"] for c in theirs["components"]]


def test_misere_play_matches_brute_force_and_the_command_line():
    g = grundy.Game(moves=heaps_moves, components=heaps_components)
    for heaps in [(1,), (2,), (1, 1), (1, 1, 1), (2, 2), (5, 3), (4, 4, 1), (7, 6)]:
        a = g.analyze(heaps, misere=True)
        expected = "N" if naive_misere_wins(tuple(sorted(heaps))) else "P"
        assert a.outcome == expected, heaps
        assert a.play == "misere"
        assert a.value is None
        theirs = cli("analyze", "subtraction", "--set", "1,3,4", *map(str, heaps), "--misere", "--json")
        assert a.outcome == theirs["outcome"]
        assert a.genus == theirs.get("genus")


def test_positions_as_text_and_values_round_trip():
    g = grundy.Game(moves=heaps_moves, components=heaps_components)
    assert g.analyze("(10, 7)") == g.analyze((10, 7))
    assert g.analyze(" ( 10 ,7 , ) ").position == "(10, 7)"
    assert g.analyze((5,)).position == "(5,)"
    assert g.analyze(()).outcome == "P"
    for m in g.moves((2, 3)):
        assert g.analyze(m["to"]).position == m["to"]
    with pytest.raises(grundy.InputError, match="is no position of game 'custom'"):
        g.analyze("(1, x)")
    with pytest.raises(TypeError, match="position"):
        g.analyze(2.5)
    with pytest.raises(grundy.InputError, match="64-bit"):
        g.analyze(2**70)


def test_the_quotient_and_genus_of_a_game_by_callable():
    mine = grundy.Game(moves=take_134)
    q = mine.quotient(max_heap=40)
    theirs = cli("quotient", "subtraction", "--set", "1,3,4", "--max-heap", "40", "--json")
    assert (q.order, q.p_portion, q.relations) == (theirs["order"], theirs["p_portion"], theirs["relations"])
    # The built-in game proves its quotient early (a periodicity test the
    # callable's game has no reach for), so it stops at a smaller heap.
    assert q.pretending[: len(theirs["pretending"])] == theirs["pretending"]
    assert q.solved is False and q.max_heap == 40
    s = mine.seq(12, genus=True)
    assert s.genus == cli("seq", "subtraction", "--set", "1,3,4", "-n", "12", "--genus", "--json")["genus"]


# -- loopy play --------------------------------------------------------------


def test_cycles_give_draws_as_brute_force_says():
    g = grundy.Game(moves=cycles_moves, may_repeat=True, name="cycles")
    assert g.may_repeat
    for start in range(11):
        truth = naive_loopy(start, cycles_moves)
        a = g.analyze(start)
        assert a.outcome == truth[start], start
        good = {int(m["to"]) for m in (a.drawing_moves if a.outcome == "D" else a.winning_moves)}
        want = "D" if a.outcome == "D" else "P"
        if a.outcome != "P":
            assert good == {q for q in cycles_moves(start) if truth[q] == want}, start


def test_cycles_match_the_rules_file_on_the_command_line():
    g = grundy.Game(moves=cycles_moves, may_repeat=True)
    rules = str(EXAMPLES / "cycles.rhai")
    for start in range(11):
        mine = g.analyze(start).to_dict()
        theirs = cli("analyze", "--rules", rules, str(start), "--json")
        for key in ["outcome", "value", "loopy_value", "winning_move_count", "drawing_move_count"]:
            assert mine.get(key) == theirs.get(key), (start, key)
        assert sorted(m["to"] for m in mine["winning_moves"]) == sorted(m["to"] for m in theirs["winning_moves"])


def test_a_cycle_without_may_repeat_is_an_input_error_saying_so():
    g = grundy.Game(moves=lambda n: [(n + 1) % 3])
    with pytest.raises(grundy.InputError, match=r"has a cycle through .*may_repeat=True"):
        g.analyze(0)


def test_seq_of_a_loopy_game_is_refused():
    g = grundy.Game(moves=cycles_moves, may_repeat=True)
    with pytest.raises(grundy.InputError, match="may_repeat=True"):
        g.seq(5)


# -- play --------------------------------------------------------------------


def test_a_match_on_a_game_by_callable_plays_by_the_rules():
    g = grundy.Game(moves=take_134)
    m = grundy.Match(g, 10)
    assert m.moves == [{"move": "9", "to": "9"}, {"move": "7", "to": "7"}, {"move": "6", "to": "6"}]
    assert isinstance(m.analysis, grundy.Analysis)
    while not m.over:
        if m.turn == "human":
            hint = m.hint()
            m.play(hint["indices"][0] if hint["indices"] else 0)
        else:
            ply = m.engine_move()
            assert naive_value(int(ply["to"])) == 0 or naive_value(int(m.history[-2]["to"])) == 0
    assert m.status["winner"] == "human"


def test_a_loopy_match_ends_in_a_declared_draw():
    g = grundy.Game(moves=cycles_moves, may_repeat=True)
    truth = naive_loopy(4, cycles_moves)
    draws = [p for p in range(11) if naive_loopy(p, cycles_moves)[p] == "D"]
    assert draws, truth
    m = grundy.Match(g, draws[0])
    while not m.over:
        if m.turn == "human":
            m.play(m.hint()["indices"][0])
        else:
            m.engine_move()
    assert m.status["state"] == "drawn" and m.status["reason"] == "repetition"


# -- failures of the callables ----------------------------------------------


class Boom(Exception):
    pass


def test_an_exception_in_the_callable_is_raised_as_that_very_object():
    raised = []

    def exploding(n):
        if n == 3:
            e = Boom("no moves from three")
            raised.append(e)
            raise e
        return take_134(n)

    g = grundy.Game(moves=exploding)
    with pytest.raises(Boom) as caught:
        g.analyze(10)
    assert caught.value is raised[-1]
    assert str(caught.value) == "no moves from three"
    frames = [f.name for f in caught.traceback]
    assert "exploding" in frames, frames
    # The same from seq, from a Match, and again: nothing is left behind.
    with pytest.raises(Boom):
        g.seq(10)
    assert g.analyze(2).value == naive_value(2)
    with pytest.raises(Boom):
        grundy.Match(g, 4)
    with pytest.raises(Boom) as again:
        g.analyze(7, misere=True)
    assert again.value is raised[-1]


def test_an_exception_in_components_is_raised_too():
    def parts(p):
        raise KeyError(p)

    g = grundy.Game(moves=heaps_moves, components=parts)
    with pytest.raises(KeyError) as caught:
        g.analyze((1, 2))
    assert caught.value.args == ((1, 2),)


@pytest.mark.parametrize(
    "answer,words",
    [
        (None, "returned None (a NoneType), not a list of positions"),
        ("12", "returned '12' (a str), not a list of positions"),
        ([1.5], "a list whose item 0 is 1.5 (a float), not an int or a tuple of ints"),
        ([0, True], "a list whose item 1 is True (a bool), not an int or a tuple of ints"),
        ([(1, "x")], "a list whose item 0 is (1, 'x'), a tuple whose item 1 is 'x' (a str)"),
        ([2**64], "an int outside the 64-bit range"),
        (5, "returned 5 (a int), not a list of positions"),
    ],
)
def test_garbage_from_the_callable_is_a_rules_error_naming_it(answer, words):
    g = grundy.Game(moves=lambda n: answer if n == 2 else [])
    with pytest.raises(grundy.RulesError) as caught:
        g.analyze(2)
    assert isinstance(caught.value, ValueError)
    message = str(caught.value)
    assert "moves(2)" in message and words in message, message


def test_any_iterable_of_positions_will_do():
    g = grundy.Game(moves=lambda n: (n - k for k in (1, 2) if k <= n))
    assert [g.analyze(n).value for n in range(6)] == [0, 1, 2, 0, 1, 2]


# -- limits ------------------------------------------------------------------


def test_the_state_limit_stops_a_game_without_end():
    g = grundy.Game(moves=lambda n: [n + 1])
    with pytest.raises(grundy.LimitError) as caught:
        g.analyze(0, max_states=1000)
    assert str(caught.value).endswith("(raise it with max_states=)")
    g = grundy.Game(moves=lambda n: [n + 1], max_states=50)
    with pytest.raises(grundy.LimitError, match="more than 50 positions"):
        g.analyze(0)


def test_the_time_limit_stops_a_slow_callable():
    # 5,000 heaps at 2 ms a call cannot finish in 0.3 s: the limit is
    # read between calls. How long it takes is bench/time-limits.sh's.
    def slow(n):
        time.sleep(0.002)
        return take_134(n)

    g = grundy.Game(moves=slow)
    with pytest.raises(grundy.LimitError) as caught:
        g.seq(5000, time_limit=0.3)
    assert str(caught.value) == (
        "search limit hit: more than 300ms of search time (raise it with time_limit=)"
    ), caught.value
    with pytest.raises(grundy.LimitError) as caught:
        g.analyze(3000, time_limit=0.2)
    assert str(caught.value) == (
        "search limit hit: more than 200ms of search time (raise it with time_limit=)"
    ), caught.value


def test_a_callable_running_past_the_time_limit_is_interrupted():
    # One call of Python code looping for seconds held the answer that
    # long (issue 35): the limit was read only between calls. The call is
    # now interrupted at the limit and the answer is the time-limit error.
    def spin(n):
        end = time.perf_counter() + 10
        while time.perf_counter() < end:
            pass
        return []

    limit = r"^search limit hit: more than 200ms of search time \(raise it with time_limit=\)$"
    with pytest.raises(grundy.LimitError, match=limit):
        grundy.Game(moves=spin).analyze(1, time_limit=0.2)
    # An iterable's own Python code is interrupted too.
    def endless(n):
        while True:
            yield from ()

    with pytest.raises(grundy.LimitError, match=limit):
        grundy.Game(moves=endless).analyze(1, time_limit=0.2)
    # Nothing is left pending for the calls after: the game answers.
    assert grundy.Game(moves=take_134).analyze(10, time_limit=5).outcome == "N"


def test_an_endless_iterable_of_moves_stops_at_a_limit():
    # Collected with no check, `itertools.count()` and `range(10**8)` grew
    # until the system refused an allocation: the interpreter aborted.
    g = grundy.Game(moves=lambda n: itertools.count())
    with pytest.raises(grundy.LimitError, match="raise it with max_memory="):
        g.analyze(10, max_memory="64M", time_limit=30)
    with pytest.raises(grundy.LimitError, match="raise it with time_limit="):
        g.analyze(10, time_limit=0.05)
    g = grundy.Game(moves=lambda n: range(n))
    with pytest.raises(grundy.LimitError, match="raise it with max_memory="):
        g.analyze(10**8, max_memory="64M")


def test_module_functions_take_the_keywords_their_limits_name():
    # seq and quotient named max_states= in their limit errors without
    # taking it; a memory refusal of seq was an InputError.
    with pytest.raises(grundy.LimitError, match="raise it with max_states="):
        grundy.seq("octal", 20, options={"code": "0.137"}, genus=True, max_states=1)
    q = grundy.quotient("kayles", max_heap=10, max_states=10**6)
    assert q.max_heap == 10
    assert grundy.moves("nim", "1 2", time_limit=5)[0]["to"] == "0 2"
    with pytest.raises(grundy.LimitError, match="need about .*raise it with max_memory="):
        grundy.seq("grundy-game", 10**7, max_memory="1M")


# -- rules files -------------------------------------------------------------


def test_a_rules_file_from_a_path_or_text_is_the_command_lines_game():
    path = EXAMPLES / "subtraction.rhai"
    by_path = grundy.Game.from_rules(path)
    by_str = grundy.Game.from_rules(str(path))
    by_text = grundy.Game.from_rules(path.read_text(), name="sub")
    theirs = cli("analyze", "--rules", str(path), "10", "--json")
    assert by_str.analyze("10") == theirs
    assert by_path.analyze("10").to_dict() == theirs
    assert by_text.analyze("10").winning_moves == theirs["winning_moves"]
    assert by_text.name == "sub"
    assert by_path.seq(30).to_dict() == cli("seq", "--rules", str(path), "-n", "30", "--json")
    cycles = grundy.Game.from_rules(EXAMPLES / "cycles.rhai")
    assert cycles.may_repeat
    assert cycles.analyze("4") == cli("analyze", "--rules", str(EXAMPLES / "cycles.rhai"), "4", "--json")
    assert "from_rules" in repr(by_path)


def test_a_broken_rules_file_is_an_input_error():
    with pytest.raises(grundy.InputError, match="does not parse"):
        grundy.Game.from_rules("fn parse(t) { parse_int(t) \n")
    with pytest.raises(grundy.InputError, match="cannot read rules file"):
        grundy.Game.from_rules("no/such/file.rhai")
    throws = "fn parse(t) { parse_int(t) }\nfn format(p) { `${p}` }\nfn moves(p) { throw `no` }\n"
    with pytest.raises(grundy.RulesError, match="moves"):
        grundy.Game.from_rules(throws).analyze("3")


# -- arguments ---------------------------------------------------------------


def test_bad_arguments_to_a_custom_game():
    with pytest.raises(TypeError, match="moves="):
        grundy.Game(moves=3)
    with pytest.raises(grundy.InputError, match="options="):
        grundy.Game(moves=take_134, options={"set": "1"})
    with pytest.raises(grundy.InputError, match="may_repeat="):
        grundy.Game("nim", may_repeat=True)
    with pytest.raises(TypeError, match="give a game's name"):
        grundy.Game()
    with pytest.raises(grundy.InputError, match="options="):
        grundy.analyze(grundy.Game("nim"), "3", options={"max": "3"})
    g = grundy.Game(moves=take_134, name="t")
    assert "moves=<function take_134" in repr(g) and "name=\"t\"" in repr(g)
    assert "take_134" in g.rules


# -- threads -----------------------------------------------------------------


def test_threads_share_a_game_by_callable_without_deadlock():
    """Several Python threads ask one game at once: each search takes the
    GIL for each call of the callable and gives it back, and the failure
    of one thread's callable is raised in that thread only."""
    import threading

    def moves(n):
        if n == -5:
            raise Boom("only for the thread asking about -5")
        return take_134(n) if n >= 0 else []

    g = grundy.Game(moves=moves)
    results, errors = {}, {}

    def work(k):
        try:
            results[k] = g.seq(300 + k).values.tolist()
            with pytest.raises(Boom):
                g.analyze(-5)
        except BaseException as e:  # reported below
            errors[k] = e

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not any(t.is_alive() for t in threads), "a thread is stuck"
    assert not errors, errors
    for k in range(4):
        assert results[k] == [naive_value(n) for n in range(301 + k)]
    assert g.analyze(12).value == naive_value(12)


def test_a_game_defined_in_python_has_every_capability_the_engine_gives():
    """The record of a game made of Python callables: what the engine gives
    any game (remoteness play, the sources of values) and what its heaps
    give (sequence, genus, quotient); no notation or end reasons of its
    own, said as such."""
    g = grundy.Game(moves=take_134, name="take-134")
    assert g.capabilities == [
        "sequence",
        "genus",
        "quotient",
        "remoteness",
        "value_sources",
    ]
    # Each one answers.
    assert g.seq(12).values.tolist() == [naive_value(n) for n in range(13)]
    assert [x["normal"] for x in g.seq(6, genus=True).genus] == [
        naive_value(n) for n in range(7)
    ]
    assert g.quotient(10).order >= 1
    # Played by remoteness: the fastest win from 10 is to 7, as the
    # built-in subtraction game plays.
    for start in range(1, 25):
        m = grundy.Match(g, start, engine_first=True)
        built_in = grundy.Match("subtraction", str(start), engine_first=True, options={"set": "1,3,4"})
        if m.over:
            continue
        assert m.engine_move()["to"] == built_in.engine_move()["to"], start
    assert grundy.Match(g, 10, engine_first=True).engine_move()["to"] == "7"
    # A game with cycles adds `loopy` and spreads over ranks.
    loop = grundy.Game(moves=lambda n: [(n + 1) % 3], may_repeat=True)
    assert "loopy" in loop.capabilities and "ranks" in loop.capabilities
