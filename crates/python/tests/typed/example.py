"""A typed use of the package, checked by `mypy --strict` against the
stubs (tests/test_typing.py). It is also run, so the stubs cannot drift
from what the module does."""

from typing import Any, Optional, Union

import grundy


def take_1_3_4(n: int) -> list[int]:
    return [n - k for k in (1, 3, 4) if k <= n]


def main() -> None:
    nim = grundy.Game("nim")
    a: grundy.Analysis = nim.analyze("3 4 5", explain=True)
    outcome: str = a.outcome
    value: Optional[int] = a.value
    moves: list[dict[str, str]] = a.winning_moves
    doc: dict[str, Any] = a.to_dict()
    assert outcome == "N" and value == 2 and moves and doc["value"] == 2
    assert a.explanation is not None

    custom = grundy.Game(moves=take_1_3_4, name="take", max_states=10_000)
    s: grundy.Sequence = custom.seq(20, time_limit=5.0)
    period: Optional[grundy.Period] = s.period
    assert period is not None and period.period == 7 and not period.proven
    values = s.values
    assert len(values) == 21
    svg: str = s.svg(width=300)
    lines: list[dict[str, Any]] = grundy.survey("0.75", misere=True, max_heap=30)
    assert lines[0]["solved"] and lines[0]["order"] == 8
    assert svg.startswith("<svg")

    q: grundy.Quotient = grundy.quotient("kayles", max_heap=30)
    order: int = q.order
    p: list[str] = q.p_portion
    assert order > 0 and p

    rules = grundy.Game.from_rules("fn parse(t) { parse_int(t) }\nfn format(p) { `${p}` }\nfn moves(p) { if p > 0 { [p - 1] } else { [] } }\n")
    assert rules.analyze("3").value == 1

    m = grundy.Match(custom, 10, seed=1)
    while not m.over:
        if m.turn == "human":
            m.play(m.hint()["indices"][0] if m.hint()["indices"] else 0)
        else:
            m.engine_move()
    status: dict[str, Any] = m.status
    assert status["state"] == "won"

    try:
        grundy.analyze("nim", "3 x")
    except grundy.InputError as e:
        message: str = str(e)
        assert "x" in message
    error: Union[type[grundy.LimitError], type[grundy.RulesError]] = grundy.LimitError
    assert issubclass(error, grundy.GrundyError)


if __name__ == "__main__":
    main()
