"""Type stubs of the `grundy` extension module (checked by mypy --strict
in tests/test_typing.py). maturin puts this file and `py.typed` in the
wheel beside the module."""

import os
from typing import Any, Callable, Iterable, KeysView, Mapping, Optional, Union

import numpy
import numpy.typing

__version__: str

# A position of a game defined in Python: an int or a tuple of ints.
CustomPosition = Union[int, tuple[int, ...]]
# A position as `analyze` takes it: words as text or a list, or (for a
# game defined in Python) the position itself.
PositionArg = Union[str, list[str], tuple[str, ...], int, tuple[int, ...]]
# A limit as text or a number: `max_memory="512M"`, `time_limit=0.5`.
Limit = Union[int, float, str, None]
# The values of an option: text, a number or a list of numbers.
OptionValue = Union[str, int, float, list[int], tuple[int, ...]]
# `progress=` of a long call: True draws a tqdm bar, a function is called
# with the counts (done, total), None or False shows nothing.
Progress = Union[bool, Callable[[int, int], object], None]
# `checkpoint=`: the file a long call keeps its work in (a str or a path).
Checkpoint = Union[str, "os.PathLike[str]", None]

class GrundyError(ValueError): ...
class InputError(GrundyError): ...
class LimitError(GrundyError): ...
class RulesError(InputError): ...

class _Record:
    """What every result has: its fields as a dict and by key, and
    equality with another result of its kind. (Not in the module: the
    results' methods, written once.)"""

    def to_dict(self) -> dict[str, Any]: ...
    def __getitem__(self, key: str) -> Any: ...
    def __contains__(self, key: str) -> bool: ...
    def keys(self) -> KeysView[str]: ...
    def get(self, key: str, default: Any = None) -> Any: ...
    def __eq__(self, other: object) -> bool: ...
    def __ne__(self, other: object) -> bool: ...

class _Shown(_Record):
    """A result shown as text and, in a notebook, as HTML."""

    def text(self) -> str: ...
    def _repr_html_(self) -> str: ...

class Analysis(_Shown):
    """The analysis of one position (see the module's docs)."""

    @property
    def game(self) -> str: ...
    @property
    def position(self) -> str: ...
    @property
    def play(self) -> str: ...
    @property
    def outcome(self) -> str: ...
    @property
    def value(self) -> Optional[int]: ...
    @property
    def winning_move_count(self) -> Optional[int]: ...
    @property
    def winning_moves(self) -> list[dict[str, str]]: ...
    @property
    def drawing_move_count(self) -> Optional[int]: ...
    @property
    def drawing_moves(self) -> list[dict[str, str]]: ...
    @property
    def genus(self) -> Optional[dict[str, Any]]: ...
    @property
    def loopy_value(self) -> Optional[str]: ...
    @property
    def components(self) -> list[dict[str, Any]]: ...
    @property
    def method(self) -> str: ...
    @property
    def notes(self) -> list[str]: ...
    @property
    def explanation(self) -> Optional[dict[str, Any]]: ...

class Period(_Record):
    """A sequence's period: G(n + period) == G(n) from n = preperiod on."""

    @property
    def preperiod(self) -> int: ...
    @property
    def period(self) -> int: ...
    @property
    def proven(self) -> bool: ...

class Sequence(_Shown):
    """The values of heaps 0..=n of a one-heap game, with the period."""

    @property
    def game(self) -> str: ...
    @property
    def code(self) -> Optional[str]: ...
    @property
    def n(self) -> int: ...
    @property
    def computed_to(self) -> int: ...
    @property
    def values(self) -> numpy.typing.NDArray[numpy.unsignedinteger[Any]]: ...
    @property
    def period(self) -> Optional[Period]: ...
    @property
    def genus(self) -> Optional[list[dict[str, Any]]]: ...
    def svg(
        self,
        width: Optional[int] = None,
        height: Optional[int] = None,
        style: Optional[str] = None,
    ) -> str: ...
    def plot_data(
        self,
        width: Optional[int] = None,
        height: Optional[int] = None,
        style: Optional[str] = None,
    ) -> dict[str, Any]: ...
    # A matplotlib Axes in, the same out: typed Any so that the stubs
    # need neither matplotlib nor pandas nor polars (optional extras).
    def plot(
        self,
        ax: Any = None,
        style: Optional[str] = None,
        width: Optional[int] = None,
        height: Optional[int] = None,
    ) -> Any: ...
    def to_pandas(self) -> Any: ...
    def to_polars(self) -> Any: ...

class Quotient(_Shown):
    """The misère quotient of a game of heaps."""

    @property
    def game(self) -> str: ...
    @property
    def max_heap(self) -> int: ...
    @property
    def solved(self) -> bool: ...
    @property
    def order(self) -> int: ...
    @property
    def elements(self) -> list[str]: ...
    @property
    def p_portion(self) -> list[str]: ...
    @property
    def generators(self) -> list[dict[str, Any]]: ...
    @property
    def relations(self) -> list[str]: ...
    @property
    def pretending(self) -> list[str]: ...
    @property
    def preperiod(self) -> Optional[int]: ...
    @property
    def period(self) -> Optional[int]: ...
    @property
    def tame(self) -> bool: ...
    @property
    def orders(self) -> list[int]: ...
    @property
    def last_change(self) -> int: ...
    def to_pandas(self) -> Any: ...
    def to_polars(self) -> Any: ...

class Game:
    """A built-in game, a rules file or a game defined by callables."""

    def __init__(
        self,
        name: Optional[str] = None,
        options: Optional[dict[str, OptionValue]] = None,
        max_states: Limit = None,
        time_limit: Limit = None,
        max_memory: Limit = None,
        *,
        moves: Optional[Callable[[Any], Iterable[CustomPosition]]] = None,
        components: Optional[Callable[[Any], Iterable[CustomPosition]]] = None,
        may_repeat: bool = False,
    ) -> None: ...
    @staticmethod
    def from_rules(
        rules: Union[str, "os.PathLike[str]"],
        name: Optional[str] = None,
        max_states: Limit = None,
        time_limit: Limit = None,
        max_memory: Limit = None,
    ) -> Game: ...
    @property
    def name(self) -> str: ...
    @property
    def rules(self) -> str: ...
    @property
    def syntax(self) -> str: ...
    @property
    def may_repeat(self) -> bool: ...
    @property
    def capabilities(self) -> list[str]: ...
    def analyze(
        self,
        position: PositionArg,
        misere: bool = False,
        explain: bool = False,
        *,
        max_states: Limit = None,
        time_limit: Limit = None,
        max_memory: Limit = None,
        outcome_only: bool = False,
        max_moves: Optional[int] = None,
    ) -> Analysis: ...
    def moves(self, position: PositionArg) -> list[dict[str, str]]: ...
    def seq(
        self,
        n: int,
        threads: Optional[int] = None,
        genus: bool = False,
        *,
        time_limit: Limit = None,
        max_memory: Limit = None,
        max_states: Limit = None,
        checkpoint: Checkpoint = None,
        progress: Progress = None,
    ) -> Sequence: ...
    def quotient(
        self,
        max_heap: Optional[int] = None,
        *,
        time_limit: Limit = None,
        max_memory: Limit = None,
        max_states: Limit = None,
        checkpoint: Checkpoint = None,
        progress: Progress = None,
    ) -> Quotient: ...

class Match:
    """A game against the engine, by the rules of `grundy play`."""

    def __init__(
        self,
        game: Union[str, Game],
        position: PositionArg,
        misere: bool = False,
        engine_first: bool = False,
        seed: Optional[int] = None,
        options: Optional[dict[str, OptionValue]] = None,
        max_states: Limit = None,
        time_limit: Limit = None,
        max_memory: Limit = None,
    ) -> None: ...
    @property
    def state(self) -> dict[str, Any]: ...
    @property
    def moves(self) -> list[dict[str, str]]: ...
    @property
    def status(self) -> dict[str, Any]: ...
    @property
    def over(self) -> bool: ...
    @property
    def turn(self) -> str: ...
    @property
    def position(self) -> str: ...
    @property
    def analysis(self) -> Analysis: ...
    @property
    def history(self) -> list[dict[str, Any]]: ...
    def read(self, text: str) -> int: ...
    def play(self, move: Union[int, str]) -> dict[str, Any]: ...
    def engine_move(self) -> dict[str, Any]: ...
    def undo(self) -> list[dict[str, Any]]: ...
    def hint(self) -> dict[str, Any]: ...

def games() -> list[dict[str, Any]]: ...
def analyze(
    game: Union[str, Game],
    position: PositionArg,
    misere: bool = False,
    options: Optional[dict[str, OptionValue]] = None,
    max_states: Limit = None,
    time_limit: Limit = None,
    explain: bool = False,
    max_memory: Limit = None,
    *,
    outcome_only: bool = False,
    max_moves: Optional[int] = None,
) -> Analysis: ...
def moves(
    game: Union[str, Game],
    position: PositionArg,
    options: Optional[dict[str, OptionValue]] = None,
    max_states: Limit = None,
    max_memory: Limit = None,
    time_limit: Limit = None,
) -> list[dict[str, str]]: ...
def seq(
    game: Union[str, Game],
    n: int,
    options: Optional[dict[str, OptionValue]] = None,
    time_limit: Limit = None,
    threads: Optional[int] = None,
    max_memory: Limit = None,
    genus: bool = False,
    max_states: Limit = None,
    *,
    checkpoint: Checkpoint = None,
    progress: Progress = None,
) -> Sequence: ...
def quotient(
    game: Union[str, Game],
    max_heap: Optional[int] = None,
    options: Optional[dict[str, OptionValue]] = None,
    time_limit: Limit = None,
    max_memory: Limit = None,
    max_states: Limit = None,
    *,
    checkpoint: Checkpoint = None,
    progress: Progress = None,
) -> Quotient: ...
def survey(
    codes: str,
    n: Optional[int] = None,
    *,
    misere: bool = False,
    max_heap: Optional[int] = None,
    threads: Optional[int] = None,
    time_limit: Limit = None,
    max_memory: Limit = None,
    checkpoint: Checkpoint = None,
    progress: Progress = None,
) -> list[dict[str, Any]]: ...
# A pandas (or polars) DataFrame: a Sequence's or Quotient's own, or a row
# an item of an iterable of dicts (survey lines) or answers.
def to_pandas(results: Union[Sequence, Quotient, Iterable[Union[_Record, Mapping[str, Any]]]]) -> Any: ...
def to_polars(results: Union[Sequence, Quotient, Iterable[Union[_Record, Mapping[str, Any]]]]) -> Any: ...
