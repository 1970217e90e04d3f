"""A position's board as pieces on named fields, read from what the game's presentation shows on a diagram.

Every game's presentation lists what its diagram draws (`items`: dice, pyramids, tiles, counters, each on its
field and in its player's colour), which is the one description of a board that every engine gives; the API reads
the pieces from it, so a new game is read without a change here.  A stack is listed bottom first: dice and
pyramids by their level, a tile under whatever stands on it, counters in the order given.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ..draw.diagram_items import DiagramItem, DiagramPiece, DiagramPyramid, DiagramTile
from ..engine.grid import Field
from ..errors import BoardgenError
from .values import Piece

# Where on its field's stack each kind of item stands: dice and pyramids by their own level, a tile at the bottom,
# a marker "on top of whatever lies there" (diagram_items).
_ON_TOP = 1_000


def board_of(items: Sequence[DiagramItem], name: Callable[[Field], str],
             player_of: Mapping[str, int]) -> dict[str, tuple[Piece, ...]]:
    """{field name: its pieces, bottom first} for every field a piece stands on, in reading order from a1 (row by
    row from the bottom).  `player_of` gives the player each diagram colour is; `name` a field's name."""
    placed: dict[Field, list[tuple[int, int, Piece]]] = {}
    for order, item in enumerate(items):
        player = _player(item.colour, player_of)
        if isinstance(item, DiagramTile):
            label = item.label.strip()
            tile = Piece(player, "tile", int(label) if label.isdigit() else None)
            column, row = item.field
            for step in range(item.length):
                field = (column + step, row) if item.horizontal else (column, row + step)
                placed.setdefault(field, []).append((-1, order, tile))
            continue
        if isinstance(item, DiagramPiece):
            level, piece = item.level, Piece(player, "die", item.face)
        elif isinstance(item, DiagramPyramid):
            level, piece = item.level, Piece(player, "pyramid", item.pips)
        else:  # a DiagramMarker
            level, piece = _ON_TOP, Piece(player, item.kind)
        placed.setdefault(item.field, []).append((level, order, piece))
    return {name(field): tuple(piece for _, _, piece in sorted(stack))
            for field, stack in sorted(placed.items(), key=lambda entry: (entry[0][1], entry[0][0]))}


def _player(colour: str, player_of: Mapping[str, int]) -> int:
    found = player_of.get(colour)
    if found is None:  # a presentation drawing a colour that no player has: the game's own mistake
        raise BoardgenError(f"a piece on the board is drawn in {colour!r}, which is no player's colour "
                            f"({', '.join(sorted(player_of))})")
    return found

