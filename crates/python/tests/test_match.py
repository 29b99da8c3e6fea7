"""Tests of `grundy.Match`: games against the engine by the rules of
`grundy play`, compared with the command line playing the same moves."""

import re
import threading

import pytest

import grundy
from command_line import cli, play


def finish(m, human=lambda m: 0):
    """Plays the match to its end: the person plays `human(m)` (an index or
    a typed move), the engine its own choice. Returns the plies played."""
    plies = []
    while not m.over:
        if m.turn == "human":
            plies.append(m.play(human(m)))
        else:
            plies.append(m.engine_move())
    return plies


def by_hint(m):
    return m.hint()["indices"][0]


def engine_moves(transcript):
    return re.findall(r"^The engine plays (.*?)    to: ", transcript, re.M)


def test_a_whole_game_won_by_following_the_hints():
    m = grundy.Match("nim", "1 2")
    assert (m.turn, m.position, m.status) == ("human", "1 2", {"state": "ongoing"})
    assert m.hint() == {
        "outcome": "N",
        "indices": [2],
        "text": "Hint: winning move here: heap 2: 2 -> 1.",
    }
    plies = finish(m, by_hint)
    assert [p["by"] for p in plies] == ["human", "engine"] * (len(plies) // 2) + ["human"]
    for p in plies:
        if p["by"] == "human":
            assert p["comment"] == "Good move: the engine is now in a losing position."
        else:
            assert p["comment"] is None
    assert m.status == {
        "state": "won",
        "winner": "human",
        "reason": None,
        "text": "The engine has no move left: in normal play the player who cannot move loses.",
    }
    assert m.state["history"] == plies
    # The command line, given the same moves (numbered from 1), plays the
    # same replies and ends the same way.
    numbers = []
    replay = grundy.Match("nim", "1 2")
    for p in plies:
        if p["by"] == "human":
            numbers.append(replay.moves.index({"move": p["move"], "to": p["to"]}) + 1)
            replay.play(numbers[-1] - 1)
        else:
            replay.engine_move()
    t = play(["nim", "1", "2"], numbers)
    assert engine_moves(t) == [p["move"] for p in plies if p["by"] == "engine"]
    assert t.endswith(m.status["text"] + "\nyou win\n"), t


def test_the_engine_moves_first_and_wins_nim_3_4_5():
    m = grundy.Match("nim", "3 4 5", engine_first=True)
    assert m.turn == "engine"
    with pytest.raises(grundy.GrundyError, match="it is the engine's turn"):
        m.play(0)
    first = m.engine_move()
    assert (first["move"], first["to"]) == ("heap 1: 3 -> 1", "1 4 5")
    plies = [first] + finish(m)
    for p in plies:
        if p["by"] == "engine":
            assert grundy.analyze("nim", p["to"])["outcome"] == "P", p
    assert m.status["winner"] == "engine"
    t = play(["nim", "3", "4", "5", "--engine-first"], ["1"] * 12)
    assert engine_moves(t) == [p["move"] for p in plies if p["by"] == "engine"]
    assert t.endswith("engine wins\n")


def test_moves_may_be_typed_as_on_the_command_line():
    m = grundy.Match("nim", "3 4 5")
    assert m.moves[1] == {"move": "heap 1: 3 -> 1", "to": "1 4 5"}
    assert m.read("heap 1: 3 -> 1") == 1
    assert m.read("1 4 5") == 1
    assert m.read("2") == 1, "a number counts from 1"
    assert m.read("1 2") == 1, "nim's notation: two counters from heap 1"
    ply = m.play("heap 1: 3 -> 1")
    assert (ply["move"], ply["to"]) == ("heap 1: 3 -> 1", "1 4 5")


def test_undo_takes_back_your_move_and_the_engines_reply():
    m = grundy.Match("nim", "3 4 5")
    with pytest.raises(grundy.GrundyError, match="no move of yours to take back"):
        m.undo()
    m.play(0)
    m.engine_move()
    before = m.state
    mine = m.play(1)
    reply = m.engine_move()
    assert m.state["ply"] == 4
    assert m.undo() == [mine, reply]
    assert m.state == before
    assert m.state["can_undo"] is True
    # With the engine to move, undo takes back your move alone.
    m.play(0)
    assert len(m.undo()) == 1
    assert m.state == before


def test_a_loopy_game_is_drawn_by_repetition_as_on_the_command_line():
    m = grundy.Match("graph", "a", options={"edges": "a-b,b-a"})
    assert m.state["may_repeat"] is True
    assert m.analysis["outcome"] == "D"
    plies = finish(m)
    assert len(plies) == 6
    assert m.status == {
        "state": "drawn",
        "reason": "repetition",
        "text": "This position has now come up 4 times with you to move (3 repetitions): "
        "the game is drawn by repetition.",
    }
    with pytest.raises(grundy.GrundyError, match="the game is over"):
        m.play(0)
    t = play(["graph", "--edges", "a-b,b-a", "a"], ["1"] * 10)
    assert t.count("You play") == 3
    assert engine_moves(t) == [p["move"] for p in plies if p["by"] == "engine"]
    assert t.endswith("Position: a   (your turn)\n" + m.status["text"] + "\ndraw\n"), t
    # Undo forgets the repetitions taken back: two more moves to the draw.
    m.undo()
    assert not m.over
    assert len(finish(m)) == 2
    assert m.status["reason"] == "repetition"


def test_a_looping_ring_is_drawn_the_same_way():
    options = {"n": 5, "a": "3,2", "b": "1,2,3"}
    m = grundy.Match("ring", "5", options=options)
    plies = finish(m)
    assert [p["move"] for p in plies if p["by"] == "engine"] == ["B moves 3: 2 -> 5"] * 3
    assert m.status["state"] == "drawn"
    t = play(["ring", "--n", "5", "--a", "3,2", "--b", "1,2,3", "5"], ["1"] * 10)
    assert t.endswith(m.status["text"] + "\ndraw\n"), t


def test_a_drawn_position_hints_the_moves_keeping_the_draw():
    # From a: to b keeps the draw, to c loses (the engine moves on to d).
    m = grundy.Match("graph", "a", options={"edges": "a-b,b-a,a-c,c-d"})
    a = m.analysis
    assert (a["outcome"], a["winning_moves"]) == ("D", [])
    assert a["drawing_moves"] == [{"move": "a -> b", "to": "b"}]
    assert m.hint() == {
        "outcome": "D",
        "indices": [0],
        "text": "Hint: no move wins by force here; keep the draw.",
    }
    assert m.play("a -> c")["comment"] == (
        "A mistake: this move gives the engine a winning position where a draw was held."
    )
    m.engine_move()
    assert m.status["winner"] == "engine"


def test_the_engine_keeps_a_draw_and_a_seed_replays_the_same_game():
    for seed in [None, 0, 7]:
        m = grundy.Match(
            "graph", "a", options={"edges": "a-b,b-a,a-c,c-d"}, engine_first=True, seed=seed
        )
        plies = finish(m)
        assert {p["move"] for p in plies if p["by"] == "engine"} == {"a -> b"}
        assert m.status["state"] == "drawn"
    games = [finish(grundy.Match("nim", "2 3 4", engine_first=True, seed=5)) for _ in range(2)]
    assert games[0] == games[1]


def test_bad_moves_are_refused_with_the_packages_errors():
    m = grundy.Match("nim", "1 2")
    with pytest.raises(grundy.GrundyError, match="there is no move 3: the moves are indexed 0 to 2"):
        m.play(3)
    with pytest.raises(grundy.GrundyError, match="there is no move -1"):
        m.play(-1)
    with pytest.raises(grundy.GrundyError, match="'abc' is not a legal move here."):
        m.play("abc")
    with pytest.raises(grundy.GrundyError, match="There is no move 9: the moves are numbered 1 to 3."):
        m.play("9")
    with pytest.raises(grundy.GrundyError, match="it is your turn"):
        m.engine_move()
    with pytest.raises(TypeError):
        m.play(True)
    with pytest.raises(TypeError):
        m.play(1.0)
    assert m.state["ply"] == 0
    # On the engine's turn any move of the person's is refused for the
    # turn, whatever its index.
    e = grundy.Match("nim", "1 2", engine_first=True)
    for index in (0, 7):
        with pytest.raises(grundy.GrundyError, match="it is the engine's turn to move"):
            e.play(index)
    # A bad start or option is refused with the command line's message.
    with pytest.raises(grundy.GrundyError) as caught:
        grundy.Match("nim", "3 x")
    assert str(caught.value) == cli("play", "nim", "3", "x")
    with pytest.raises(grundy.GrundyError, match="seed"):
        grundy.Match("nim", "3", seed=-1)
    with pytest.raises(grundy.LimitError):
        grundy.Match("treblecross", "." * 40, misere=True, max_states=50)


def test_the_state_is_the_documented_dict():
    m = grundy.Match("nim", "0 0")
    s = m.state
    assert set(s) == {
        "game",
        "play",
        "position",
        "turn",
        "ply",
        "analysis",
        "moves",
        "status",
        "history",
        "may_repeat",
        "can_undo",
        "status_line",
    }
    assert s["analysis"] == grundy.analyze("nim", "0 0")
    assert s["status_line"] == s["status"]["text"] + " The engine wins."
    assert s["moves"] == [] and m.over
    assert s["status"]["winner"] == "engine"
    assert grundy.Match("nim", "0 0", misere=True).status["winner"] == "human"
    assert "grundy.Match(" in repr(m)


def test_a_move_out_of_turn_is_refused_as_such_whatever_it_names():
    # The turn is checked before the move is read: a finished match says
    # it is over, not that there is no such move.
    m = grundy.Match("nim", "0")
    for move in [0, 5, -1, 10**30, "1", "heap 1: 1 -> 0", "nonsense", ""]:
        with pytest.raises(grundy.GrundyError, match="the game is over"):
            m.play(move)
    m = grundy.Match("nim", "1 2", engine_first=True)
    for move in [0, 7, -1, 10**30, "1", "nonsense"]:
        with pytest.raises(grundy.GrundyError, match="it is the engine's turn"):
            m.play(move)
    assert m.state["ply"] == 0


def test_a_match_shared_by_two_threads_takes_their_calls_in_turn():
    # The engine's move from a long kayles row takes a while; meanwhile the
    # other thread reads the match: each read waits for the move instead
    # of failing with "Already mutably borrowed".
    m = grundy.Match("kayles", "100000", engine_first=True)
    done = {}

    def engine():
        done["ply"] = m.engine_move()

    worker = threading.Thread(target=engine)
    worker.start()
    plies = set()
    while worker.is_alive():
        plies.add(m.state["ply"])
        plies.add(len(m.history))
    worker.join()
    assert plies <= {0, 1}
    assert done["ply"]["by"] == "engine"
    assert (m.state["ply"], m.turn) == (1, "human")
