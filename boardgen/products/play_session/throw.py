"""A throw as the game's own dice or sticks show it: the faces each of the pieces it is thrown with lands on.

The pieces are those the game's kit declares for throwing: the table's dice and sticks, or the dice of the player
to move.  A throw's label ("2", "53") is read as one number the pieces add up to (four sticks showing 2 dots in
all), as one face for each piece (two dice, a 5 and a 3), or as one number for each of several throws of the
whole set (two sticks thrown twice for a 5 and a 3); failing all of them, as plain dice showing its digits.  Where
the dice are used one by one, each digit is a die still to use, drawn as one of the game's dice: "6666" is a double
thrown with two dice and played four times, "3" the die left once the 5 of a "53" is played.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from ...games.game import Game
from ...layout.piece_set import PIPS, STICK_AGAIN, TABLE

DIE = "die"
STICK = "stick"
MOST_WAYS = 50_000  # the most faces' combinations looked through for one number: 8 sticks or 6 dice


@dataclass(frozen=True)
class Thrown:
    """One thrown piece as it lies: a die or a stick, the colour of its look, and the face up."""

    kind: str  # DIE or STICK
    colour: str  # a die's look (die.white, die.red); "" for a stick, which is the table's
    face: str  # as the kit writes faces: "" a blank side, "1" to "6", STICK_AGAIN

    @property
    def value(self) -> int | None:
        """What the face counts for; None for "throw again", which counts for nothing."""
        if self.face == STICK_AGAIN:
            return None
        return int(self.face) if self.face.isdigit() else 0


@dataclass(frozen=True)
class Throw:
    """A throw's label, the numbers it stands for, and the pieces showing it: one set for each number."""

    label: str
    values: tuple[int, ...]
    sets: tuple[tuple[Thrown, ...], ...]

    @property
    def words(self) -> str:
        """"2", "5 and 3"."""
        numbers = [str(value) for value in self.values]
        return numbers[0] if len(numbers) == 1 else f"{', '.join(numbers[:-1])} and {numbers[-1]}"


Piece = tuple[str, str, tuple[str, ...]]  # a piece to throw: its kind, the colour of its look, its faces


def thrown_with(game: Game, seat: int, colour: str) -> tuple[Piece, ...]:
    """The pieces the game is thrown with: the table's dice and sticks, and the dice of the player to move (seat
    1 to 4, whose pieces' look is `colour`); () where the game declares none."""
    if game.pieces is None:
        return ()
    pieces: list[Piece] = []
    for piece in game.pieces.kit(game.default_variant).pieces:
        if piece.kind == STICK:  # a stick is always the table's
            pieces += [(STICK, "", piece.faces)] * piece.count
        elif piece.kind == DIE and (piece.for_table or piece.player in (0, seat)):
            pieces += [(DIE, TABLE if piece.for_table else colour, piece.faces or PIPS)] * piece.count
    return tuple(pieces)


def _showing(pieces: Sequence[Piece], total: int) -> tuple[Thrown, ...] | None:
    """Faces of `pieces` that add up to `total` (a "throw again" face never does), or None."""
    ways = 1
    for _, _, faces in pieces:
        ways *= len(faces)
    if not pieces or ways > MOST_WAYS:
        return None
    for faces in itertools.product(*(sorted(set(faces), key=_order) for _, _, faces in pieces)):
        lying = tuple(Thrown(kind, colour, face) for (kind, colour, _), face in zip(pieces, faces, strict=True))
        values = [thrown.value for thrown in lying]
        if None not in values and sum(value or 0 for value in values) == total:
            return lying
    return None


def _order(face: str) -> tuple[int, str]:
    return (int(face) if face.isdigit() else 0 if not face else 99, face)


def throw_of(game: Game, label: str, seat: int, colour: str, each_die: bool = False) -> Throw:
    """The throw `label` as the game's pieces show it, thrown by the player in `seat` (1 to 4) whose pieces'
    look is `colour` (where a player throws dice of their own); with `each_die`, each digit a die still to use."""
    pieces = thrown_with(game, seat, colour)
    digits = tuple(int(digit) for digit in label if digit.isdigit())
    dice = [piece for piece in pieces if piece[0] == DIE]
    if each_die and dice:  # as many of the game's dice as there are numbers to use, however many it throws
        each = [_showing(dice[:1], digit) for digit in digits]
        if all(found is not None for found in each):
            return Throw(label, digits, (tuple(found[0] for found in each if found is not None),))
    if label.isdigit():
        whole = _showing(pieces, int(label))
        if whole is not None:
            return Throw(label, (int(label),), (whole,))
        if len(digits) == len(pieces) > 1 and all(kind == DIE for kind, _, _ in pieces):  # two dice, 5 and 3
            each = [_showing([piece], digit) for piece, digit in zip(pieces, digits, strict=True)]
            if all(found is not None for found in each):
                return Throw(label, digits, (tuple(found[0] for found in each if found is not None),))
        sets = [_showing(pieces, digit) for digit in digits]
        if len(digits) > 1 and all(found is not None for found in sets):  # the set thrown for each
            return Throw(label, digits, tuple(found for found in sets if found is not None))
    colour = TABLE if not pieces or pieces[0][1] == "" else pieces[0][1]
    return Throw(label, digits, tuple((Thrown(DIE, colour, str(digit)),) for digit in digits))
