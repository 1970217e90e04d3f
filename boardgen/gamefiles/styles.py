"""A game file's zones in every palette: the file's own colours where it gives them, otherwise derived as the
built-in games' are (a player's colour, paler for a start, full for a goal; in mono a hatch whose angle says
whose zone it is and whose density what kind)."""

from __future__ import annotations

from collections.abc import Mapping

from ..draw.palettes import PieceColour, piece_roles
from ..draw.styles import Hatch, Style
from .model import GameFile, Zone

WHITE = "#ffffff"
# A player's colour in each palette: classic as the built-in games (red, yellow, blue, green); cud from the
# Okabe-Ito set, told apart with every kind of colour blindness.
PLAYER_COLOURS = {
    "classic": ("#d7263d", "#f2c14e", "#1b6ca8", "#3a9d23"),
    "cud": ("#e69f00", "#56b4e9", "#009e73", "#f0e442"),
}
NOBODY = {"plain": WHITE, "safe": "#e6e6e6", "blocked": "#7f7f7f", "track": "#f3ead7", "score": "#dde7f0"}
OWN_ROLE = "#ece4f7"  # a role of the file's own naming, nobody's
STRENGTH = {"start": 0.45, "goal": 0.85, "safe": 0.3, "track": 0.2, "score": 0.25}  # share of the player's colour
MONO_ANGLE = (45.0, 0.0, 135.0, 90.0)  # by player: the same as the built-in games for the first two
MONO_SPACING = {"start": 1.4, "goal": 1.8, "safe": 3.2, "track": 3.2, "score": 3.2}


MARK_ROLE = "file.mark"  # a mark the file puts on a field: drawn in every palette unless the file says "none"
NOTE_ROLE = "file.note"  # a number or a word the file puts in a field's corner


def zone_role(zone: Zone) -> str:
    return f"zone.{zone.char}"


def zone_styles(game: GameFile, palette: str) -> Mapping[str, Style | None]:
    """Each zone's style role in `palette`, by its character (zone.S, zone.G, ...), each player's pieces' (as the
    palettes style a colour: token.p1, pip.p1, ...), arrows' and labels', and the marks': the file's own looks
    where it gives them, otherwise derived."""
    given = dict(dict(game.colours).get(palette, ()))
    styles: dict[str, Style | None] = {
        zone_role(zone): (given[zone.name] if zone.name in given else _derived(zone, palette))
        for zone in game.zones}
    for player in range(1, game.players + 1):
        styles.update(_piece_styles(player, palette, given))
        for key, role in ((f"arrow {player}", f"arrow.p{player}"), (f"label {player}", f"label.p{player}")):
            if key in given:
                styles[role] = given[key]
    marks = given.get("marks", Style(fill=WHITE, stroke=INK, stroke_width=0.35)) if "marks" in given or \
        palette != "mono" else Style(fill=WHITE, stroke="#000000", stroke_width=0.4)
    styles[MARK_ROLE] = marks
    # a mark's dot, star or arrow-head: in the mark's outline colour
    styles[f"{MARK_ROLE}.dot"] = marks and _solid(marks.stroke or marks.fill or INK)
    styles[NOTE_ROLE] = given.get("notes", _solid("#000000" if palette == "mono" else "#555555"))
    return styles


INK = "#1a1a1a"
MONO_PIECES = (("#ffffff", INK), (INK, "#ffffff"), ("#9a9a9a", INK), ("#d9d9d9", INK))  # (fill, text) by player


def _piece_styles(player: int, palette: str, given: Mapping[str, Style | None]) -> dict[str, Style | None]:
    """A player's pieces as the palettes style a colour of the built-in games' (token.p1, pip.p1, die.p1, ...):
    the file's "pieces N" look and its text colour where it gives them, otherwise the player's colour."""
    extra: dict[str, Style | None] = {}
    if palette == "mono":
        fill, text = MONO_PIECES[(player - 1) % len(MONO_PIECES)]
        label = "#000000"
    else:
        colours = PLAYER_COLOURS.get(palette, PLAYER_COLOURS["classic"])
        fill = colours[(player - 1) % len(colours)]
        text = INK if _light(fill) else "#ffffff"
        # an arrow in the player's colour: pale inside, dark round it (mono keeps the palette's own arrows)
        extra[f"arrow.p{player}"] = Style(fill=_mixed(fill, 0.45), stroke=_darker(fill), stroke_width=0.6)
        label = _darker(fill) if _light(fill) else fill
    body = given.get(f"pieces {player}", Style(fill=fill, stroke=INK, stroke_width=0.45)) or Style()
    pips = given.get(f"pieces {player} text") or _solid(text)
    return {**piece_roles(**{f"p{player}": PieceColour(body, pips, label)}), **extra}


def _darker(colour: str) -> str:
    return "#" + "".join(f"{int(int(colour[i:i + 2], 16) * 0.45):02x}" for i in (1, 3, 5))


def _light(colour: str) -> bool:
    red, green, blue = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue > 150


def _solid(colour: str) -> Style:
    return Style(fill=colour)


def _derived(zone: Zone, palette: str) -> Style:
    if palette == "mono":
        return _mono(zone)
    if zone.role == "blocked":
        return _solid(NOBODY["blocked"])
    if zone.player == 0 or zone.role in ("plain", "none"):
        return _solid(NOBODY.get(zone.role, OWN_ROLE))
    colours = PLAYER_COLOURS.get(palette, PLAYER_COLOURS["classic"])
    return _solid(_mixed(colours[(zone.player - 1) % len(colours)], STRENGTH.get(zone.role, 0.35)))


def _mono(zone: Zone) -> Style:
    if zone.role == "blocked":
        return _solid("#808080")
    if zone.player == 0 or zone.role in ("plain", "none"):
        # Nobody's zones stay light, so the players' hatches stand out: a track or score row is plain, a safe
        # field lightly cross-hatched, a role of the file's own lightly hatched.
        if zone.role in ("plain", "none", "track", "score"):
            return _solid(WHITE)
        angles = (45.0, 135.0) if zone.role == "safe" else (45.0,)
        return Style(fill=WHITE, hatch=Hatch(angles, 3.6, 0.25))
    angle = MONO_ANGLE[(zone.player - 1) % len(MONO_ANGLE)]
    angles = (angle, angle + 90.0) if zone.role == "goal" else (angle,)
    return Style(fill=WHITE, hatch=Hatch(angles, MONO_SPACING.get(zone.role, 2.4), 0.35))


def _mixed(colour: str, share: float) -> str:
    """`share` of the colour over white."""
    channels = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(255 + (value - 255) * share):02x}" for value in channels)


def colour_warnings(game: GameFile, palette: str) -> tuple[str, ...]:
    """Pairs of zones whose colours, as the file gives them for `palette`, may not be told apart: by CAM02-UCS ΔE
    as `boardgen palettes` measures, for `cud` (which promises it) under DISTINCT_MIN also as seen with
    deuteranopia, protanopia and tritanopia, for `classic` (the file's own colours) under half that with normal
    vision.  A pair matters where its zones touch on the board, or where they are two players' zones of one
    role (whose start is whose); a player's second zone of a role (a pale border) is told apart by where it is."""
    from ..draw.contrast import DISTINCT_MIN, VISIONS, delta_e

    given = dict(game.colours).get(palette, ())
    if palette == "mono" or not given:
        return ()
    styles = zone_styles(game, palette)
    zones = [zone for zone in game.zones if zone.role not in ("none", "plain")]
    named = {name for name, _ in given}
    seen = range(len(VISIONS)) if palette == "cud" else range(1)
    least = DISTINCT_MIN if palette == "cud" else DISTINCT_MIN / 2
    touching = _touching(game)
    alone = {zone.char for zone in zones
             if sum((other.player, other.role) == (zone.player, zone.role) for other in zones) == 1}
    warnings = []
    for n, first in enumerate(zones):
        for second in zones[n + 1:]:
            if (first.name not in named and second.name not in named) or \
                    (first.player, first.role) == (second.player, second.role):
                continue  # boardgen's own colours are chosen apart; a player's zone and its border may be alike
            rivals = first.role == second.role and first.player != second.player and \
                {first.char, second.char} <= alone
            if not rivals and frozenset((first.char, second.char)) not in touching:
                continue
            a, b = styles[zone_role(first)], styles[zone_role(second)]  # a given look may be "none"
            if a is None or b is None or not a.fill or not b.fill:
                continue
            distances = delta_e(a.fill, b.fill)
            worst = min(seen, key=lambda i: distances[i])
            if distances[worst] < least:
                warnings.append(f"{first.name!r} and {second.name!r} look alike"
                                f"{'' if VISIONS[worst] == 'normal' else ' with ' + VISIONS[worst]} "
                                f"(ΔE {distances[worst]:.1f}, under {least:.0f}): give one of them another "
                                f"colour in [colours.{palette}]")
    return tuple(warnings)


def _touching(game: GameFile) -> set[frozenset[str]]:
    """The pairs of zone characters whose fields share an edge or a corner somewhere on the map."""
    pairs: set[frozenset[str]] = set()
    cells = game.cells
    for r, line in enumerate(cells):
        for c, char in enumerate(line):
            for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
                if 0 <= r + dr < len(cells) and 0 <= c + dc < len(line) and cells[r + dr][c + dc] != char:
                    pairs.add(frozenset((char, cells[r + dr][c + dc])))
    return pairs
