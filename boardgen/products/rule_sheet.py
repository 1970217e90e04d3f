"""Rule sheets: a Markdown text with diagram references, printed with engine-drawn diagrams.

Rule texts live in templates/rules/<game>.<lang>.md.  They are CommonMark,
read with markdown-it-py; an image whose address starts with `diagram:`
is a sample position under templates/positions/, drawn by the rules engine:

    ![Caption](diagram:iacta/02-open-play-4-2.toml?moves=e6)
    ![Caption](diagram:iacta/start?play=52:a3-c6=2&play=31:h1-i4=1&moves)

`?moves` marks every field the legal moves reach, `?moves=e6` only those of
the piece on e6.  `start` is the game's start position (on another of its
boards with `variant=3x5`), and each `play=`
plays a move written in the game's notation (for IACTA with the throw in
front, as backgammon players write it).  Images in one paragraph stand side
by side.  A line `---` starts a new page (the options page).  A comment
`<!-- footer: ... -->` sets the footer line, in the sheet's own language.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple
from urllib.parse import unquote, urlsplit

from ..draw.board import BoardLook
from ..engine.grid import Field
from ..engine.problems import MoveError
from ..errors import BoardgenError
from ..games.loading import Loaded
from ..games.registry import GameInfo
from ..layout.flow import Block, Bullets, Figure, FigureRow, Heading, NewPage, Para, Run
from ..layout.flow_pages import FlowPage, flow_pages
from ..layout.paper import Paper
from .document import Document, DocumentInfo
from .templates import rules_text, sample_bytes

DIAGRAM_FIELD = 9.0  # mm: drawn at this size, then scaled to the column


def parse_rules(text: str) -> list[Block]:
    """Markdown -> blocks, with each diagram drawn and resolved in the palette."""
    from markdown_it import MarkdownIt

    tokens = MarkdownIt("commonmark").parse(text)
    blocks: list[Block] = []
    bullets: list[tuple[Run, ...]] | None = None
    level = 0
    for i, token in enumerate(tokens):
        if token.type == "heading_open":
            level = int(token.tag[1])
        elif token.type in ("bullet_list_open", "ordered_list_open"):
            bullets = []
        elif token.type in ("bullet_list_close", "ordered_list_close"):
            blocks.append(Bullets(tuple(bullets or ()), token.type == "ordered_list_close"))
            bullets = None
        elif token.type == "hr":
            blocks.append(NewPage())
        elif token.type == "inline":
            opener = tokens[i - 1].type
            images = [c for c in token.children or [] if c.type == "image"]
            if opener == "heading_open":
                blocks.append(Heading(level, _runs(token.children)))
            elif bullets is not None:
                bullets.append(_runs(token.children))
            elif images:
                figures = tuple(_figure(img) for img in images)
                blocks.append(FigureRow(figures, 74.0 if len(figures) > 1 else 90.0))
            else:
                blocks.append(Para(_runs(token.children)))
    return blocks


def _runs(children: Any) -> tuple[Run, ...]:
    runs: list[Run] = []
    bold = italic = False
    for child in children or []:
        if child.type == "strong_open":
            bold = True
        elif child.type == "strong_close":
            bold = False
        elif child.type == "em_open":
            italic = True
        elif child.type == "em_close":
            italic = False
        elif child.type == "text":
            runs.append((child.content, bold, italic, False))
        elif child.type == "code_inline":
            runs.append((child.content, bold, italic, True))
        elif child.type in ("softbreak", "hardbreak"):
            runs.append((" ", bold, italic, False))
    return tuple(runs)


class DiagramRef(NamedTuple):
    sample: str  # "iacta/02-open-play-4-2", or "iacta/start" for the game's start position
    moves: bool
    only_from: str | None
    play: tuple[str, ...]  # moves in notation, played before drawing
    variant: str | None = None  # the board of a `start` diagram; None for the game's default


def parse_reference(source: str) -> DiagramRef:
    parts = urlsplit(source)
    if parts.scheme != "diagram":
        raise BoardgenError(f"a rule sheet image must be a diagram: reference, not {source!r}")
    moves, only_from, play, variant = False, None, [], None
    # Split by hand rather than with parse_qs: a '+' in a move ("+d7 a1 h") must stay a '+'.
    for pair in filter(None, parts.query.split("&")):
        key, _, value = pair.partition("=")
        value = unquote(value)
        if key == "moves":
            moves, only_from = True, value or None
        elif key == "play":
            play.append(value)
        elif key == "variant":
            variant = value
        else:
            raise BoardgenError(f"unknown diagram setting {key!r} in {source!r}; use moves, play or variant")
    return DiagramRef(parts.path.removesuffix(".toml"), moves, only_from, tuple(play), variant)


def load_reference(reference: DiagramRef, source: str) -> Loaded[Any]:
    """The position a diagram reference names, after the moves it plays."""
    from ..engine.contract import play
    from ..games import get_game
    from .diagram import valid_position

    game_name, _, name = reference.sample.partition("/")
    if name == "start":
        game = get_game(game_name)
        try:
            variant = game.variant(reference.variant)
        except ValueError as error:
            raise BoardgenError(f"the rule sheet's diagram {source!r}: {error}") from None
        loaded: Loaded[Any] = Loaded(game, game.rules().start(variant))
    else:
        if reference.variant is not None:
            raise BoardgenError(f"{source!r}: variant= is for start diagrams; a sample file names its own board")
        loaded = valid_position(sample_bytes(reference.sample), source)
    try:
        position = play(loaded.rules, loaded.position, reference.play)
    except MoveError as error:
        raise BoardgenError(f"the rule sheet's diagram {source!r} plays a move that fails: {error}") from None
    return Loaded(loaded.game, position)


def _figure(image: Any) -> Figure:
    from .diagram import parse_from, position_drawer

    source = image.attrs["src"]
    reference = parse_reference(source)
    loaded = load_reference(reference, source)
    only_from: Field | None = parse_from(loaded, reference.only_from) if reference.only_from else None
    look = BoardLook(DIAGRAM_FIELD, coordinates=True, credits=False, compact=True)
    draw = position_drawer(loaded, reference.moves, only_from)
    caption = _runs(image.children) or ((image.content, False, False, False),)
    return Figure(draw(look).scene, caption, source)


def footer_line(text: str, default: str) -> str:
    match = re.search(r"<!--\s*footer:\s*(.*?)\s*-->", text)
    return match.group(1) if match else default


def rule_sheet_document(game: GameInfo, lang: str, paper: Paper, margin: float, stem: str) -> Document:
    text = rules_text(game.name, lang)
    blocks = parse_rules(text)
    footer = footer_line(text, f"{game.title} · boardgen")
    title = f"{game.title} rules"
    pages = flow_pages(blocks, FlowPage(paper, margin, footer, title))
    return Document(stem, tuple(pages), DocumentInfo(title, f"How to play {game.title} ({game.designer}, "
                                                            f"{game.year})", lang))
