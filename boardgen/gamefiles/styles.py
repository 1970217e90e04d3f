"""A game file's zones in every palette: the file's own colours where it gives them, otherwise derived as the
built-in games' are (a player's colour, paler for a start, full for a goal; in mono a hatch whose angle says
whose zone it is and whose density what kind)."""

from __future__ import annotations

from collections.abc import Mapping

from ..draw.contrast import DISTINCT_MIN, VISIONS, delta_e
from ..draw.palettes import PieceColour, piece_roles
from ..draw.styles import Hatch, Style
from .model import GameFile, Zone

WHITE = "#ffffff"
# A player's colour in each palette: classic as the built-in games (red, yellow, blue, green); cud from the
# Okabe-Ito set and the CUD palette (orange, sky blue, purple, black), the four whose pale shades stay furthest
# apart with every kind of colour blindness (ΔE 19.6 at the least at a start's strength, against 9.5 for orange,
# sky blue, green and yellow).
PLAYER_COLOURS = {
    "classic": ("#d7263d", "#f2c14e", "#1b6ca8", "#3a9d23"),
    "cud": ("#e69f00", "#56b4e9", "#990099", "#333333"),
}
# Nobody's zones: a track's light grey and a safe field's mid grey stay apart (ΔE 20.6) from each other and from
# the players' shades, so that boardgen's own colours pass the look-alike check they are held to.
NOBODY = {"plain": WHITE, "safe": "#b3b3b3", "blocked": "#7f7f7f", "track": "#f2f2f2", "score": "#dde7f0",
          "goal": "#5e4a99"}
OWN_ROLE = "#ece4f7"  # a role of the file's own naming, nobody's
# Share of the player's colour: strong enough that a pale lane of one player is not taken for a shared one.
STRENGTH = {"start": 0.75, "goal": 1.0, "safe": 0.75, "track": 0.35, "score": 0.35}
MONO_ANGLE = (45.0, 0.0, 135.0, 90.0)  # by player: the same as the built-in games for the first two
# A goal crosses its player's lines: a cross-hatch for players 1 and 2 as the built-in games, three ways for
# players 3 and 4 (whose lines are those of 1 and 2 turned a right angle, so a cross of theirs would be 1's or 2's).
MONO_GOAL: tuple[tuple[float, ...], ...] = ((45.0, 135.0), (0.0, 90.0), (0.0, 60.0, 120.0), (30.0, 90.0, 150.0))
# On the laser, where a hatch's angle is lost, each player's zones are engraved round a window of its own shape.
LASER_WINDOW = ("square", "round", "diamond", "double")
MONO_SPACING = {"start": 1.4, "goal": 1.8, "safe": 3.2, "track": 3.2, "score": 3.2}


MARK_ROLE = "file.mark"  # a mark the file puts on a field: drawn in every palette unless the file says "none"
NOTE_ROLE = "file.note"  # a number or a word the file puts in a field's corner
TRACK_ARROW = "arrow.track"  # the arrows along a track all players share
JUMP_LOOKS = {  # a ladder's rails and rungs, a snake's body (and its head, filled), by palette
    "classic": {"ladder": Style(stroke="#7a4a1c", stroke_width=0.7),
                "snake": Style(stroke="#2f7d32", stroke_width=1.0)},
    "cud": {"ladder": Style(stroke="#8a5a00", stroke_width=0.7), "snake": Style(stroke="#0072b2", stroke_width=1.0)},
    "mono": {"ladder": Style(stroke="#000000", stroke_width=0.5), "snake": Style(stroke="#000000", stroke_width=0.8)},
}


def jump_role(kind: str) -> str:
    return f"jump.{kind}"


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
        if palette == "mono":
            styles[f"arrow.p{player}"] = MONO_ARROWS[(player - 1) % len(MONO_ARROWS)]
        for key, role in ((f"arrow {player}", f"arrow.p{player}"), (f"label {player}", f"label.p{player}")):
            if key in given:
                styles[role] = given[key]
    marks = given.get("marks", Style(fill=WHITE, stroke=INK, stroke_width=0.35)) if "marks" in given or \
        palette != "mono" else Style(fill=WHITE, stroke="#000000", stroke_width=0.4)
    styles[MARK_ROLE] = marks
    # a mark's dot, star or arrow-head: in the mark's outline colour
    styles[f"{MARK_ROLE}.dot"] = marks and _solid(marks.stroke or marks.fill or INK)
    styles[NOTE_ROLE] = given.get("notes", _solid("#000000" if palette == "mono" else "#555555"))
    styles[TRACK_ARROW] = given.get("arrows", Style(fill=WHITE, stroke="#000000" if palette == "mono" else "#555555",
                                                    stroke_width=0.5))
    jumps = JUMP_LOOKS.get(palette, JUMP_LOOKS["classic"])
    for kind, look in jumps.items():
        chosen = given.get(f"{kind}s", look)
        styles[jump_role(kind)] = chosen
        styles[f"{jump_role(kind)}.head"] = chosen and _solid(chosen.stroke or chosen.fill or INK)
    return styles


INK = "#1a1a1a"
BLACK = "#000000"
# Each player's pieces in black and white, and so on the laser: light, dark, light with a dark band round its
# edge, dark with a light band (the band is BAND_WIDTH wide inside a cut piece's edge); (body, text) by player.
BAND_WIDTH = 2.4  # mm of stroke: half of it lies inside the piece's edge
MONO_PIECES = ((Style(fill=WHITE), INK), (Style(fill=BLACK), WHITE),
               (Style(fill=WHITE, stroke=BLACK, stroke_width=BAND_WIDTH), INK),
               (Style(fill=BLACK, stroke=WHITE, stroke_width=BAND_WIDTH), WHITE))
# Arrows told apart without colour: hollow, solid, hollow with a bold edge, hollow with a dashed edge.
MONO_ARROWS = (Style(fill=WHITE, stroke=BLACK, stroke_width=0.6), Style(fill=BLACK, stroke=BLACK, stroke_width=0.6),
               Style(fill=WHITE, stroke=BLACK, stroke_width=1.4),
               Style(fill=WHITE, stroke=BLACK, stroke_width=0.6, dash=(1.2, 0.8)))


def _piece_styles(player: int, palette: str, given: Mapping[str, Style | None]) -> dict[str, Style | None]:
    """A player's pieces as the palettes style a colour of the built-in games' (token.p1, pip.p1, die.p1, ...):
    the file's "pieces N" look and its text colour where it gives them, otherwise the player's colour."""
    extra: dict[str, Style | None] = {}
    if palette == "mono":
        mono, text = MONO_PIECES[(player - 1) % len(MONO_PIECES)]
        fill, label = mono.fill or WHITE, "#000000"
        if mono.stroke and f"pieces {player}" not in given:
            # the paper and wooden pieces' faces (token.p3, the body the cut line bounds) carry the band
            extra[f"token.p{player}"] = mono
            # a piece a diagram stands on the board: its ring as wide as its pattern's band, so 3 is not 1
            extra[f"marker.p{player}"] = Style(fill=mono.fill, stroke=mono.stroke, stroke_width=1.8)
    else:
        colours = PLAYER_COLOURS.get(palette, PLAYER_COLOURS["classic"])
        fill = colours[(player - 1) % len(colours)]
        text = INK if _light(fill) else "#ffffff"
        # an arrow in the player's colour: pale inside, dark round it (mono keeps the palette's own arrows)
        extra[f"arrow.p{player}"] = Style(fill=_mixed(fill, 0.45), stroke=_darker(fill), stroke_width=0.6)
        label = _darker(fill) if _light(fill) else fill
    body = given.get(f"pieces {player}", Style(fill=fill, stroke=INK, stroke_width=0.45)) or Style()
    pips = given.get(f"pieces {player} text") or _solid(text)
    roles = piece_roles(**{f"p{player}": PieceColour(body, pips, label)})
    if palette == "mono" and extra:  # the band is a pattern, not a line: the bar on a token keeps its own ink
        roles[f"token.bar.p{player}"] = Style(stroke=text, stroke_width=0.6)
    return {**roles, **extra}


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
        # dark enough to be engraved whole on the laser: a lake must not look like a field on wood
        return _solid("#595959")
    if zone.player == 0 or zone.role in ("plain", "none"):
        # Nobody's zones stay light, so the players' hatches stand out: a track or score row is plain, a safe
        # field lightly cross-hatched, a role of the file's own lightly hatched.
        if zone.role in ("plain", "none", "track", "score"):
            return _solid(WHITE)
        angles = (45.0, 135.0) if zone.role == "safe" else (45.0,)
        return Style(fill=WHITE, hatch=Hatch(angles, 3.6, 0.25))
    index = (zone.player - 1) % len(MONO_ANGLE)
    lines = MONO_GOAL[index] if zone.role == "goal" else (MONO_ANGLE[index],)
    return Style(fill=WHITE, hatch=Hatch(lines, MONO_SPACING.get(zone.role, 2.4), 0.35,
                                         window=LASER_WINDOW[index]))


def _mixed(colour: str, share: float) -> str:
    """`share` of the colour over white."""
    channels = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(255 + (value - 255) * share):02x}" for value in channels)


def colour_warnings(game: GameFile, palette: str) -> tuple[str, ...]:
    """Pairs of zones whose colours in `palette`, the file's own or boardgen's, may not be told apart: by CAM02-UCS
    ΔE as `boardgen palettes` measures, for `cud` (which promises it) under DISTINCT_MIN also as seen with
    deuteranopia, protanopia and tritanopia, for `classic` under half that with normal vision.  A pair matters
    where its zones touch on the board, or where they are two players' zones of one role (whose start is whose);
    a player's second zone of a role (a pale border) is told apart by where it is."""
    if palette == "mono":
        return ()
    styles = zone_styles(game, palette)
    zones = [zone for zone in game.zones if zone.role not in ("none", "plain")]
    seen = range(len(VISIONS)) if palette == "cud" else range(1)
    least = DISTINCT_MIN if palette == "cud" else DISTINCT_MIN / 2
    touching = _touching(game)
    alone = {zone.char for zone in zones
             if sum((other.player, other.role) == (zone.player, zone.role) for other in zones) == 1}
    warnings = []
    for n, first in enumerate(zones):
        for second in zones[n + 1:]:
            if first.player and first.player == second.player:
                continue  # a player's zones share its colour on purpose
            rivals = first.role == second.role and first.player != second.player and \
                {first.char, second.char} <= alone
            if not rivals and frozenset((first.char, second.char)) not in touching:
                continue
            a, b = styles[zone_role(first)], styles[zone_role(second)]  # a given look may be "none"
            if a is None or b is None or not a.fill or not b.fill or a.hatch != b.hatch:
                continue  # not drawn, or told apart by their lines
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
