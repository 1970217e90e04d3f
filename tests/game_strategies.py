"""Random position files for every game, from each game's own generator (engine.examples), drawn by hypothesis."""

from __future__ import annotations

from hypothesis import strategies as st
from registry import FOLDER_GAMES

IACTA_FIELDS = [f"{c}{r}" for c in "abcdefghij" for r in range(1, 11)]


class _Drawn:
    """engine.examples.Chooser through hypothesis, which can then shrink a failing position."""

    def __init__(self, draw) -> None:
        self.draw = draw

    def integer(self, low: int, high: int) -> int:
        return self.draw(st.integers(low, high))

    def choice(self, options):
        return self.draw(st.sampled_from(options))

    def shuffled(self, options):
        return self.draw(st.permutations(options))

    def boolean(self) -> bool:
        return self.draw(st.booleans())


def positions(game: str):
    make = FOLDER_GAMES[game].engine.examples
    return st.composite(lambda draw: make(_Drawn(draw)))()


STRATEGIES = {name: positions(name) for name, info in FOLDER_GAMES.items()
              if info.engine is not None and info.engine.examples is not None}


@st.composite
def iacta_cases(draw):
    """(pieces, to_move, throw, rules) for a random IACTA position within the counts."""
    sizes = {p: draw(st.sampled_from(["small", "large"])) for p in ("red", "yellow")}
    dice = {p: draw(st.integers(1, 6 if sizes[p] == "small" else 10)) for p in ("red", "yellow")}
    fields = draw(st.permutations(IACTA_FIELDS))[: dice["red"] + dice["yellow"]]
    faces = draw(st.lists(st.integers(1, 6), min_size=len(fields), max_size=len(fields)))
    pieces = {f: ("r" if i < dice["red"] else "y") + str(face)
              for i, (f, face) in enumerate(zip(fields, faces, strict=True))}
    throw = draw(st.none() | st.tuples(st.integers(1, 6), st.integers(1, 6)))
    rules = {"homeland": sizes, "dice": dice, "rocade": draw(st.booleans()),
             "doubles": draw(st.sampled_from(["off", "throw", "keep"]))}
    return pieces, draw(st.sampled_from(["red", "yellow"])), throw, rules


