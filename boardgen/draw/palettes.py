"""Named palettes: what each style role looks like.

Roles are named after what a shape means, not what colour it has:
``p1.start`` is the first player's start homeland, ``p2.goal.pale`` the
pale border of the second player's goal.  A palette maps every role to a
Style, or to None where that palette deliberately draws nothing (the classic
board has no goal symbols, for instance).
"""

from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple

from ..errors import BoardgenError
from . import legibility
from .styles import Colour, Hatch, Style


class Palette(NamedTuple):
    name: str
    description: str
    styles: Mapping[str, Style | None]
    # Roles whose colours must stay apart for colour-blind players, and the
    # pale variant of each that must stay apart from its base and the plain field.
    distinct_roles: tuple[str, ...] = ()
    pale_pairs: tuple[tuple[str, str], ...] = ()

    def style(self, role: str) -> Style | None:
        try:
            return self.styles[role]
        except KeyError:
            on = legibility.parts(role)  # text on a field: as its role, in a colour the field lets one read
            if on is not None:
                return legibility.legible_on(self.style(on[0]), self.style(on[1]))
            raise BoardgenError(f"palette {self.name!r} has no style for {role!r}") from None


def _solid(colour: Colour) -> Style:
    return Style(fill=colour)


INK = "#1a1a1a"
WHITE = "#ffffff"

def _common(ink: Colour, soft: Colour, accent: Colour) -> dict[str, Style | None]:
    """Roles every palette shares: page furniture and text."""
    return {
        "field": _solid(WHITE),
        "grid": Style(stroke=ink, stroke_width=0.3),
        "grid.border": Style(stroke=ink, stroke_width=0.6),
        "ink": _solid(ink),
        "ink.soft": _solid(soft),
        "ink.accent": _solid(accent),  # rule-sheet headings
        "calibration": Style(fill=ink, stroke=ink, stroke_width=0.3),
        "calibration.gap": Style(fill=WHITE, stroke=ink, stroke_width=0.3),
        "tile.glue": Style(stroke=soft, stroke_width=0.3, dash=(2.0, 1.5)),
        "tile.register": Style(stroke=ink, stroke_width=0.25),
        "tile.outline": Style(stroke=soft, stroke_width=0.4),
        "overview.tile": Style(stroke=ink, stroke_width=0.35, dash=(1.5, 1.0)),
        "overview.label": Style(fill=WHITE, stroke=ink, stroke_width=0.35),
        "goal.mark": Style(fill=WHITE, stroke=ink, stroke_width=0.35),
        "goal.mark.dot": _solid(ink),
        "cut": Style(stroke=ink, stroke_width=0.3),  # the strongest line on a sheet of parts: cut here
        "fold": Style(stroke=soft, stroke_width=0.2, dash=(1.5, 1.0)),  # thinner and dashed: fold here
        "crop": Style(stroke=ink, stroke_width=0.15),  # in the margin, in line with a cut: a guillotine's guide
        "stick.face": Style(fill=WHITE),
        "stick.mark": _solid(ink),
        "stick.sign": Style(stroke=ink, stroke_width=0.6),
        "move.target": Style(stroke=ink, stroke_width=1.0),
        # A thin white edge keeps the X readable on dark fields.
        "move.target.halo": Style(stroke=WHITE, stroke_width=1.6),
        # Round a field that holds a piece: the piece stays readable inside.
        "move.frame": Style(stroke=ink, stroke_width=0.9),
        # A second piece's moves in the same diagram: a ring, told apart from the first piece's X.
        "move.target.second": Style(stroke=ink, stroke_width=0.9),
        # Charts and tables of simulated games: the intervals in ink, the estimate in the accent colour, the
        # grid faint so the intervals stand out, an even game's line dashed.
        "chart.grid": Style(stroke="#c8c8c8", stroke_width=0.15),
        "chart.axis": Style(stroke=ink, stroke_width=0.3),
        "chart.reference": Style(stroke=soft, stroke_width=0.35, dash=(1.5, 1.0)),
        "chart.interval": Style(stroke=ink, stroke_width=0.5),
        "chart.point": Style(fill=accent, stroke=ink, stroke_width=0.2),
        "rule": Style(stroke=ink, stroke_width=0.25),  # a table's line under its header
    }


def _palette(
    name: str, description: str, styles: dict[str, Style | None], ink: Colour = INK, soft: Colour = "#555555",
    distinct_roles: tuple[str, ...] = (), pale_pairs: tuple[tuple[str, str], ...] = (),
) -> Palette:
    accent = ink if ink == "#000000" else "#7a2400"  # black and white has no accent
    return Palette(name, description, MappingProxyType({**_common(ink, soft, accent), **styles}), distinct_roles,
                   pale_pairs)


def _shapes(surface: Colour, one: Style, two: Style, bar: Colour, cup: Colour, inside: Colour) -> dict[str, Style]:
    """The shapes a board's fields may be drawn as (draw.board): the surface round pits and stores, a row's two
    alternating point colours, the bar, the ring of a cup (a pit, a store, a tray) and a cup's inside where it is
    nobody's."""
    return {"board": _solid(surface), "point.one": one, "point.two": two, "bar": _solid(bar), "cup": _solid(cup),
            "cup.inside": _solid(inside)}


def _arrow(outline: Colour, tint: Colour = WHITE) -> Style:
    # Arrows lie on plain fields only; a dark outline reads in greyscale and a
    # pale tint says whose arrow it is without competing with the homelands.
    return Style(fill=tint, stroke=outline, stroke_width=0.6)


class PieceColour(NamedTuple):
    """A piece colour: its body, the marks on it, its faint start die, and its text on the board."""

    body: Style
    pips: Style
    label: Colour | None


def _die(body: Colour, pips: Colour, outline: Colour = INK, label: Colour | None = None) -> PieceColour:
    return PieceColour(Style(fill=body, stroke=outline, stroke_width=0.45), _solid(pips), label)


def piece_roles(**colours: PieceColour) -> dict[str, Style | None]:
    """Roles for pieces named by their colour in the game (red, yellow, white, black).

    Games name their pieces' colours; each palette decides how a red or a
    black piece looks (mono: light or dark), so no palette knows any game.
    """
    roles: dict[str, Style | None] = {}
    for name, die in colours.items():
        roles[f"die.{name}"] = die.body
        roles[f"pip.{name}"] = die.pips
        # Paper tokens take the dice's colours; they are cut out, so they need no outline of their own.
        roles[f"token.{name}"] = Style(fill=die.body.fill)
        roles[f"token.bar.{name}"] = Style(stroke=die.pips.fill, stroke_width=0.6)
        # Long tiles and round markers (Isaac), text printed on them, and score digits on the board's edge.
        roles[f"tile.{name}"] = die.body
        roles[f"label.on.{name}"] = die.pips
        roles[f"marker.{name}"] = Style(fill=die.body.fill, stroke=die.pips.fill, stroke_width=0.9)
        roles[f"label.{name}"] = _solid(die.label or die.body.fill or INK)
    return roles


CLASSIC = _palette(
    "classic",
    "close to the 2001 original: red and yellow homelands with paler border rows; start and goal alike",
    {
        "p1.start": _solid("#e2281b"),
        "p1.start.pale": _solid("#f6aaa2"),
        "p1.goal": _solid("#e2281b"),
        "p1.goal.pale": _solid("#f6aaa2"),
        "p2.start": _solid("#f7cf00"),
        "p2.start.pale": _solid("#fbeb9a"),
        "p2.goal": _solid("#f7cf00"),
        "p2.goal.pale": _solid("#fbeb9a"),
        "arrow.p1": _arrow("#8c1008", "#f6aaa2"),
        "arrow.p2": _arrow("#6b5600", "#fbeb9a"),
        **piece_roles(red=_die("#c81e12", WHITE), yellow=_die("#ffe04d", INK), white=_die("#fbfaf5", INK),
                black=_die("#222222", WHITE, INK), dark=_die("#5a3a1e", WHITE),
                light=_die("#ecd9a6", INK, label="#9a6a10"), blue=_die("#1f4fbf", WHITE)),
        "special": Style(fill="#d9d2c3", hatch=Hatch((45.0,), 2.2, 0.3, "#8a7f6a")),
        "start.white": _solid("#f3efe4"),
        "start.black": _solid("#cfcac0"),
        "start.red": _solid("#f8cfca"),
        "start.blue": _solid("#cdd8f0"),
        "goal.mark": None,
        "goal.mark.dot": None,
        # A wooden board: green and walnut points on a light ground, both apart from red and yellow pieces.
        **_shapes("#f6f3ee", _solid("#2f5d50"), _solid("#a0703f"), "#6b4a2b", "#5c4530", "#e6d3ad"),
    },
)

# Colour Universal Design: vermilion, yellow, reddish purple and sky blue from
# the CUD set, with a slightly deeper yellow so it stays apart from white under
# tritanopia.  `boardgen palettes` prints the contrast table these were chosen by.
CUD = _palette(
    "cud",
    "Colour Universal Design: each corner its own colour, safe for colour-blind players; goals marked",
    {
        "p1.start": _solid("#ff4b00"),
        "p1.start.pale": _solid("#ffb293"),
        "p1.goal": _solid("#990099"),
        "p1.goal.pale": _solid("#d18cd1"),
        "p2.start": _solid("#ffce00"),
        "p2.start.pale": _solid("#ffeb99"),
        "p2.goal": _solid("#4dc4ff"),
        "p2.goal.pale": _solid("#b3e6ff"),
        "arrow.p1": _arrow("#7a2400", "#ffb293"),
        "arrow.p2": _arrow("#6b5600", "#ffeb99"),
        **piece_roles(red=_die("#ff4b00", WHITE), yellow=_die("#ffce00", INK), white=_die(WHITE, INK),
                black=_die("#222222", WHITE, INK), dark=_die("#005aff", WHITE),
                light=_die("#f6aa00", INK, label="#a86400"), blue=_die("#005aff", WHITE)),
        "special": Style(fill="#b3e6ff", hatch=Hatch((45.0,), 2.2, 0.3, "#005aff")),
        "start.white": _solid("#fff5cc"),
        "start.black": _solid("#b4b4b8"),  # apart from start.white with tritanopia too
        "start.red": _solid("#ffcab3"),
        "start.blue": _solid("#bfd6ff"),
        # Points in dark and light grey: apart from each other and from orange and sky blue pieces, with every
        # kind of colour blindness.
        **_shapes(WHITE, _solid("#4d4d4d"), _solid("#c4c4c4"), "#333333", "#333333", "#ececec"),
    },
    distinct_roles=("p1.start", "p1.goal", "p2.start", "p2.goal", "field"),
    pale_pairs=(
        ("p1.start.pale", "p1.start"),
        ("p1.goal.pale", "p1.goal"),
        ("p2.start.pale", "p2.start"),
        ("p2.goal.pale", "p2.goal"),
    ),
)


def _hatched(angles: tuple[float, ...], spacing: float, width: float) -> Style:
    return Style(fill=WHITE, hatch=Hatch(angles, spacing, width))


# Black on white only: the first player's zones are diagonal, the second's
# orthogonal; a goal crosses its start's lines; pale borders are sparser.
MONO = _palette(
    "mono",
    "black and white for mono printers and laser engraving: zones differ by pattern; goals marked",
    {
        "p1.start": _hatched((45.0,), 1.4, 0.4),
        "p1.start.pale": _hatched((45.0,), 3.2, 0.25),
        "p1.goal": _hatched((45.0, 135.0), 1.8, 0.35),
        "p1.goal.pale": _hatched((45.0, 135.0), 3.6, 0.25),
        "p2.start": _hatched((0.0,), 1.4, 0.4),
        "p2.start.pale": _hatched((0.0,), 3.2, 0.25),
        "p2.goal": _hatched((0.0, 90.0), 1.8, 0.35),
        "p2.goal.pale": _hatched((0.0, 90.0), 3.6, 0.25),
        # Told apart without colour: the first player's arrow is hollow, the second's solid.
        "arrow.p1": _arrow("#000000"),
        "arrow.p2": Style(fill="#000000", stroke="#000000", stroke_width=0.6),
        "goal.mark": Style(fill=WHITE, stroke="#000000", stroke_width=0.4),
        # Light and dark dice: told apart without colour.
        **piece_roles(red=_die(WHITE, "#000000", "#000000"), yellow=_die("#000000", WHITE, "#000000"),
                white=_die(WHITE, "#000000", "#000000"), black=_die("#000000", WHITE, "#000000"),
                dark=_die("#000000", WHITE, "#000000", label="#000000"),
                light=_die(WHITE, "#000000", "#000000", label="#000000"),
                blue=_die("#000000", WHITE, "#000000")),
        "special": Style(fill=WHITE, hatch=Hatch((45.0, 135.0), 1.6, 0.3)),
        "start.white": _hatched((90.0,), 3.0, 0.2),
        "start.black": _hatched((0.0,), 3.0, 0.2),
        "start.red": _hatched((90.0,), 3.0, 0.2),
        "start.blue": _hatched((0.0,), 3.0, 0.2),
        # One point grey (engraved whole on wood), the next white in a bold outline (engraved as a band), the bar
        # grey, a cup's ring black: told apart without colour, and as printed on a laser.
        **_shapes(WHITE, _solid("#707070"), Style(fill=WHITE, stroke="#000000", stroke_width=1.0), "#707070",
                  "#000000", WHITE),
    },
    ink="#000000",
    soft="#000000",
)

PALETTES: Mapping[str, Palette] = MappingProxyType({p.name: p for p in (CLASSIC, CUD, MONO)})


def get_palette(name: str) -> Palette:
    try:
        return PALETTES[name]
    except KeyError:
        raise BoardgenError(f"unknown palette {name!r}; choose one of: {', '.join(PALETTES)}") from None
