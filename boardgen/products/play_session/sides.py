"""Who sits at the table: each seat's side, named in the game's own words, and the colour of its pieces, in words
and as the page shows it.

A built-in game names its players by their pieces' colour ("red", "yellow"): that is the side's name and it needs
no colour beside it.  A game file's players are "player 1" to "player 4", so each is named with its pieces'
colour as the page draws them ("player 1 (red)"); a game file that names its sides (`[about] sides = ["geese",
"fox"]`, Game.side_names) is named by them instead ("geese (red)").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from ...draw.contrast import delta_e
from ...draw.palettes import Palette
from ...games.game import Game

# The colours a piece's colour is called by: the nearest of these as people see it (CAM02-UCS, normal vision).
# They span the players' colours of every palette (classic: red, yellow, blue, green; cud: orange, sky blue,
# purple, black; and the built-in games' white, black, dark brown and light beige).
COLOUR_WORDS: tuple[tuple[str, str], ...] = (
    ("red", "#d62728"), ("orange", "#f28e00"), ("yellow", "#f5d000"), ("green", "#2ca02c"),
    ("sky blue", "#56b4e9"), ("blue", "#1f4fbf"), ("purple", "#8e2c9a"), ("pink", "#f08cb4"),
    ("brown", "#6b4423"), ("beige", "#ecd9a6"), ("black", "#1a1a1a"), ("grey", "#8c8c8c"), ("white", "#fafafa"),
)
UNKNOWN_FILL = "#8c8c8c"  # a side whose pieces the look does not colour (a game without pieces to draw)


@dataclass(frozen=True)
class Side:
    """A seat at the table: the rules' player, the side's name, its pieces' colour, and who plays it."""

    player: str  # as the rules name it: "player 1", "red"
    name: str  # the side's own name: "geese", "red", "player 1"
    colour: str  # its pieces' colour in words ("red"); "" where the name says it
    piece: str  # the colour its pieces are styled by (die.red, marker.p1): "red", "p1"
    fill: str  # "#d7263d": that colour as the page shows it
    computer: bool  # the computer plays this side

    @property
    def words(self) -> str:
        """The side as a sentence names it: "player 1 (red)", "geese (red)", "red"."""
        return f"{self.name} ({self.colour})" if self.colour else self.name

    @property
    def tagged(self) -> str:
        """The side with who plays it, where the computer does: "player 2 (yellow, the computer)"."""
        if not self.computer:
            return self.words
        return f"{self.name} ({self.colour}, the computer)" if self.colour else f"{self.name} (the computer)"


def capitalised(text: str) -> str:
    """A sentence's first letter made a capital, the rest as it is ("player 1 (red)" -> "Player 1 (red)")."""
    return text[:1].upper() + text[1:]


@cache  # a palette has a few colours, and working one out takes a millisecond of colour science: every page asks
def colour_word(fill: str) -> str:
    """The colour `fill` ("#d7263d") is called by: the nearest of COLOUR_WORDS as people see it."""
    return min(COLOUR_WORDS, key=lambda named: delta_e(fill, named[1])[0])[0]


def side_names(game: Game, players: Sequence[str]) -> tuple[str, ...]:
    """Each seat's name: the sides the game names (Game.side_names: a game file's [about] sides, a built-in game's
    colours), where it names one for every seat; its players' otherwise."""
    named = game.side_names
    return tuple(named[: len(players)]) if len(named) >= len(players) else tuple(players)


def piece_colours(game: Game, players: Sequence[str], look: Palette) -> tuple[str, ...]:
    """The colour each seat's pieces are styled by: its pieces' own (the game's kit), or the player's name where
    the look styles a piece of that colour, or the seat's number as a game file's pieces are styled (p1, p2)."""
    kit = game.pieces.kit(game.default_variant).colours if game.pieces is not None else ()
    colours = []
    for seat, player in enumerate(players):
        if seat < len(kit):
            colours.append(kit[seat])
        elif f"marker.{player}" in look.styles:
            colours.append(player)
        else:
            colours.append(f"p{seat + 1}")
    return tuple(colours)


def seat_sides(game: Game, players: Sequence[str], computer: Sequence[str], look: Palette) -> tuple[Side, ...]:
    """Every seat of `players`, first to move first, named and coloured, the computer's seats marked."""
    sides = []
    for player, name, piece in zip(players, side_names(game, players), piece_colours(game, players, look),
                                   strict=True):
        style = look.styles.get(f"marker.{piece}")
        fill = style.fill if style is not None and style.fill else UNKNOWN_FILL
        # A built-in game's player is its colour ("red"): the colour is already said.
        colour = "" if piece == player else colour_word(fill)
        sides.append(Side(player, name, "" if colour == name else colour, piece, fill, player in computer))
    return tuple(sides)
