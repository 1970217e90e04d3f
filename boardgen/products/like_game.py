"""`boardgen new NAME --like GAME`: a built-in game as a game file, rules and positions included.

The board, pieces and colours come from what the game describes (gamefiles.likeness writes them); what only
its rules engine knows is worked out here and handed over as plain positions: the position its box's lid
shows, and every diagram of its rule sheets (the pieces on the board, and the fields the moves reach).  So a
file made --like a game gives its board, pieces, box and rule sheets as the game itself does.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ..draw.diagram_items import DiagramPosition
from ..engine.grid import Variant
from ..errors import BoardgenError
from ..gamefiles.likeness import like_text
from ..gamefiles.model import Position
from ..games.game import Game
from .diagram import diagram_position
from .giftset import lid_position
from .rule_sheet import parse_reference, shown_by
from .templates import rules_text

IMAGE = re.compile(r"!\[([^\]]*)\]\((diagram:[^)]*)\)")


def like_game_text(info: Game, variant: Variant, name: str) -> str:
    """The game file for `info`'s `variant` board, its rules in every language with their diagrams as its own
    positions; a game that is a file already, that file."""
    own = info.file_text()
    if own is not None:
        return (f"# {name}: a copy of {info.title} for you to change.  Make its board with\n"
                f"#   boardgen board output/{name}.toml\n# and play-test it with boardgen report output/{name}.toml\n\n"
                f"{own}")
    names: dict[str, str] = {}  # a diagram's source -> its position's name
    positions: list[Position] = []

    def named(base: str, shown: DiagramPosition) -> str:
        stem = re.sub(r"[^a-z0-9]+", "-", base.lower()).strip("-").lstrip("0123456789-")[:26] or "position"
        unique, n = stem, 1
        while unique in {p.name for p in positions}:
            n += 1
            unique = f"{stem}-{n}"
        positions.append(Position(unique, shown))
        return unique

    lid_name, lid = lid_position(info, variant)
    named(f"box-{lid_name}", _in_player_colours(info, diagram_position(lid, False)))
    texts = []
    for lang in info.languages:
        text = rules_text(info.name, lang)
        for _caption, source in IMAGE.findall(text):
            if source not in names:
                loaded, shown = shown_by(source)
                # a diagram of another board cannot be drawn on this one: the file's rules go without it
                names[source] = named(_base(source), _in_player_colours(loaded.game, shown)) \
                    if loaded.variant == variant else ""
        texts.append((lang, IMAGE.sub(lambda match: _image(match, names), text)))
    return like_text(info, variant, name, positions, texts)


def _image(match: re.Match[str], names: dict[str, str]) -> str:
    caption, source = match.groups()
    return f"![{caption}](position:{names[source]})" if names[source] else ""


def _base(source: str) -> str:
    """A name for a diagram's position: its sample's, and the field whose moves it shows."""
    reference = parse_reference(source)
    return reference.sample.split("/", 1)[1] + (f"-{reference.only_from}" if reference.only_from else "")


def _in_player_colours(game: Game, shown: DiagramPosition) -> DiagramPosition:
    """A diagram of `game` as the game file holds it: each piece in its player's colour ("p1", "p2")."""
    players = game.players
    items = []
    for item in shown.items:
        if item.colour not in players:
            raise BoardgenError(f"{game.title}'s diagrams show a {item.colour} piece, which is no player's")
        items.append(replace(item, colour=f"p{players.index(item.colour) + 1}"))
    return replace(shown, items=tuple(items))
