"""Rule sheets: a Markdown text with diagram references, printed with engine-drawn diagrams.

Rule texts live in templates/rules/<game>.<lang>.md.  They are CommonMark,
read into an outline by products.rule_text; an image whose address starts
with `diagram:` is a sample position under templates/positions/, drawn by
the rules engine:

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

import re
from collections.abc import Callable
from typing import NamedTuple
from urllib.parse import unquote, urlsplit

from ..draw.board import BoardLook
from ..draw.diagram import draw_diagram
from ..draw.diagram_items import DiagramPosition
from ..engine.grid import Field
from ..engine.problems import MoveError
from ..errors import BoardgenError
from ..gamefiles import find_game
from ..games.game import Game
from ..games.loading import SomeLoaded, start_of
from ..layout.flow import Block, Figure, FigureRow, Para, runs
from ..layout.flow_pages import FlowPage, flow_pages
from ..layout.paper import Paper
from .diagram import diagram_position, file_position_drawer, parse_from, valid_position
from .document import Document, DocumentInfo
from .rule_text import DiagramImage, ImageRow, OutlineItem, outline_of, rules_outline
from .templates import sample_bytes
from .translations import credit, translator

DIAGRAM_FIELD = 9.0  # mm: drawn at this size, then scaled to the column


def parse_rules(text: str) -> list[Block]:
    """Markdown -> blocks, with each diagram drawn by the rules engine."""
    return rule_blocks(outline_of(text))


def rule_blocks(outline: list[OutlineItem]) -> list[Block]:
    """A text's outline as blocks to lay out: each row of images drawn as diagrams side by side."""
    slots = figure_slots(outline)
    return [figure_row(tuple(_figure(image) for image in item.images), slots)
            if isinstance(item, ImageRow) else item for item in outline]


def figure_slots(outline: list[OutlineItem]) -> int:
    """How many diagrams a sheet's rows are sized for: its fullest row's.  A row of two on a sheet whose
    other rows hold four is drawn at their size, so a sheet whose text leaves a diagram out (a game file
    made --like a game of several boards) keeps its length."""
    return max((len(item.images) for item in outline if isinstance(item, ImageRow)), default=1)


def figure_row(figures: tuple[Figure, ...], slots: int) -> FigureRow:
    """Diagrams side by side, each as wide as `slots` of them allow (up to 74 mm); a sheet of single diagrams
    draws each up to 90 mm wide."""
    if slots == 1:
        return FigureRow(figures, 90.0)
    return FigureRow(figures, 74.0, max(slots, len(figures)))


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
        if key == "moves":  # moves=b2, or moves=b2+d2 for two pieces' moves told apart
            moves, only_from = True, value or None
        elif key == "play":
            play.append(value)
        elif key == "variant":
            variant = value
        else:
            raise BoardgenError(f"unknown diagram setting {key!r} in {source!r}; use moves, play or variant")
    return DiagramRef(parts.path.removesuffix(".toml"), moves, only_from, tuple(play), variant)


def load_reference(reference: DiagramRef, source: str) -> SomeLoaded:
    """The position a diagram reference names, after the moves it plays."""
    game_name, _, name = reference.sample.partition("/")
    if name == "start":
        game = find_game(game_name)
        try:
            variant = game.variant(reference.variant)
        except ValueError as error:
            raise BoardgenError(f"the rule sheet's diagram {source!r}: {error}") from None
        loaded = start_of(game, variant)
    else:
        if reference.variant is not None:
            raise BoardgenError(f"{source!r}: variant= is for start diagrams; a sample file names its own board")
        loaded = valid_position(sample_bytes(reference.sample), source)
    try:
        return loaded.played(reference.play)
    except MoveError as error:
        raise BoardgenError(f"the rule sheet's diagram {source!r} plays a move that fails: {error}") from None


def shown_by(source: str) -> tuple[SomeLoaded, DiagramPosition]:
    """The position a rule sheet's diagram reference names, and what its diagram shows of it."""
    reference = parse_reference(source)
    loaded = load_reference(reference, source)
    origins = [parse_from(loaded, name) for name in reference.only_from.split("+")] if reference.only_from else []
    only_from: Field | None = origins[0] if origins else None
    also_from: Field | None = origins[1] if len(origins) > 1 else None
    return loaded, diagram_position(loaded, reference.moves, only_from, also_from)


def _figure(image: DiagramImage) -> Figure:
    loaded, shown = shown_by(image.source)
    look = BoardLook(DIAGRAM_FIELD, coordinates=True, credits=False, compact=True)
    spec = loaded.game.board(loaded.position.variant)
    return Figure(draw_diagram(spec, look, shown).scene, image.caption, image.source)


POSITION = "position:"  # a game file's diagram: ![Caption](position:NAME), a position of its [[positions]]


def _file_blocks(game: Game, outline: list[OutlineItem]) -> list[Block]:
    """A game file's rule text as blocks, each image a position the file gives, drawn on its board."""
    look = BoardLook(DIAGRAM_FIELD, coordinates=True, credits=False, compact=True)
    blocks: list[Block] = []
    slots = figure_slots(outline)
    for item in outline:
        if not isinstance(item, ImageRow):
            blocks.append(item)
            continue
        figures = []
        for image in item.images:
            name = _position_name(game, image.source)
            figures.append(Figure(file_position_drawer(game, name)(look).scene, image.caption, image.source))
        blocks.append(figure_row(tuple(figures), slots))
    return blocks


def _position_name(game: Game, source: str) -> str:
    if not source.startswith(POSITION):
        raise BoardgenError(f"the rules of {game.title} show {source!r}: a game file's diagram is "
                            f"![Caption]({POSITION}NAME), NAME one of its [[positions]]")
    return source[len(POSITION):]


def _file_marking(game: Game) -> Callable[[str], tuple[bool, bool]]:
    """Whether a game file's diagram marks moves, and a second piece's apart: it has crosses, and rings."""
    def marking(source: str) -> tuple[bool, bool]:
        position = game.position(_position_name(game, source))
        return bool(position.reached or position.also_reached), bool(position.also_reached)
    return marking


def _engine_marking(source: str) -> tuple[bool, bool]:
    """Whether a built-in game's diagram marks moves, and a second piece's apart (moves=b2+d2)."""
    reference = parse_reference(source)
    return reference.moves, bool(reference.only_from and "+" in reference.only_from)


def footer_line(text: str, default: str) -> str:
    match = re.search(r"<!--\s*footer:\s*(.*?)\s*-->", text)
    return match.group(1) if match else default


LEGEND = "X: a field a move reaches; thick frame: a piece a move lands on."
SECOND_LEGEND = "Rings: a second piece's moves."


def with_legend(outline: list[OutlineItem], blocks: list[Block], lang: str,
                marking: Callable[[str], tuple[bool, bool]]) -> list[Block]:
    """The blocks with what the diagrams' marks mean, in the sheet's language, over the first row of diagrams
    that marks moves (a sheet without marked moves needs none); `marking` says of a diagram's source whether
    it marks moves, and whether a second piece's apart."""
    rows = [(index, [marking(image.source) for image in item.images])
            for index, item in enumerate(outline) if isinstance(item, ImageRow)]
    marked = [index for index, marks in rows if any(moves for moves, _second in marks)]
    if not marked:
        return blocks
    _ = translator(lang)
    text = _(LEGEND)
    if any(second for _index, marks in rows for _moves, second in marks):
        text += " " + _(SECOND_LEGEND)
    # Just above the row, so the page flow keeps it with the diagrams it explains (a section runs from its heading
    # to its first row of diagrams: text after the row could print on the next page, away from them).
    return [*blocks[:marked[0]], Para(runs(text, italic=True)), *blocks[marked[0]:]]


def require_rules(game: Game, lang: str) -> None:
    """A set needs its rules in `lang`: BoardgenError saying which languages there are, or how to add them."""
    if lang in game.languages:
        return
    if not game.languages:
        raise BoardgenError(f"{game.title} has no rules yet, and a set needs them: add [rules] {lang} = "
                            "\"\"\"...\"\"\" to the game file, or a rule text beside it (docs/game-files.md)")
    raise BoardgenError(f"there is no {lang!r} rule sheet for {game.title}; languages: {', '.join(game.languages)}")


def rule_sheet_document(game: Game, lang: str, paper: Paper, margin: float, stem: str) -> Document:
    own_text = game.rule_text(lang)
    if own_text is not None:  # a game file's own text, read now, its diagrams the positions it names
        text = own_text
        outline = outline_of(text)
        blocks = with_legend(outline, _file_blocks(game, outline), lang, _file_marking(game))
    else:
        text, outline = rules_outline(game.name, lang)
        blocks = with_legend(outline, rule_blocks(outline), lang, _engine_marking)
    footer = footer_line(text, f"{game.title} · boardgen")
    title = f"{game.title} rules"
    pages = flow_pages(blocks, FlowPage(paper, margin, footer, title))
    # Who made the game as the sheet's language says it: "a traditional game (1400)", never "Traditional, 1400".
    return Document(stem, tuple(pages), DocumentInfo(title, f"How to play {game.title}, {credit(game, lang)}", lang))
