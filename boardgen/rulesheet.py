"""Rule sheets: a Markdown text with diagram references, printed with engine-drawn diagrams.

Rule texts live in templates/rules/<game>.<lang>.md.  They are CommonMark,
read with markdown-it-py; an image whose address starts with `diagram:`
is a position file under templates/positions/, drawn by the rules engine:

    ![Caption](diagram:iacta/02-open-play-4-2.toml?moves=e6)

`?moves` marks every field the legal moves reach, `?moves=e6` only those of
the piece on e6.  Images in one paragraph stand side by side.  A line `---`
starts a new page (the options page).  A comment `<!-- footer: ... -->`
sets the footer line, in the sheet's own language.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple
from urllib.parse import parse_qs, urlsplit

from .errors import BoardgenError
from .grid import BoardLook
from .palettes import Palette
from .paper import Paper
from .resolve import Drawing, resolve

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
DIAGRAM_FIELD = 9.0  # mm: drawn at this size, then scaled to the column

Run = tuple[str, bool, bool, bool]  # text, bold, italic, code


class Heading(NamedTuple):
    level: int
    runs: tuple[Run, ...]


class Para(NamedTuple):
    runs: tuple[Run, ...]


class Bullets(NamedTuple):
    items: tuple[tuple[Run, ...], ...]
    numbered: bool = False


class Figure(NamedTuple):
    drawing: Drawing
    caption: tuple[Run, ...]
    source: str  # the diagram reference, for tests and error messages


class FigureRow(NamedTuple):
    figures: tuple[Figure, ...]
    max_width: float  # mm


class NewPage(NamedTuple):
    pass


def available_languages(game: str) -> list[str]:
    return sorted(p.name.split(".")[1] for p in (TEMPLATES / "rules").glob(f"{game}.*.md"))


def rules_text(game: str, lang: str) -> str:
    path = TEMPLATES / "rules" / f"{game}.{lang}.md"
    if not path.is_file():
        languages = ", ".join(available_languages(game)) or "none"
        raise BoardgenError(f"there is no {lang!r} rule sheet for {game}; languages: {languages}")
    return path.read_text(encoding="utf-8")


def parse_rules(text: str, palette: Palette) -> list:
    """Markdown -> blocks, with each diagram drawn and resolved in the palette."""
    from markdown_it import MarkdownIt

    tokens = MarkdownIt("commonmark").parse(text)
    blocks: list = []
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
                figures = tuple(_figure(img, palette) for img in images)
                blocks.append(FigureRow(figures, 74.0 if len(figures) > 1 else 90.0))
            else:
                blocks.append(Para(_runs(token.children)))
    return blocks


def _runs(children) -> tuple[Run, ...]:
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
    path: Path
    moves: bool
    only_from: str | None


def parse_reference(source: str) -> DiagramRef:
    parts = urlsplit(source)
    if parts.scheme != "diagram":
        raise BoardgenError(f"a rule sheet image must be a diagram: reference, not {source!r}")
    query = parse_qs(parts.query, keep_blank_values=True)
    only_from = query.get("moves", [""])[0] or None
    return DiagramRef(TEMPLATES / "positions" / parts.path, "moves" in query, only_from)


def _figure(image, palette: Palette) -> Figure:
    from .diagrams import position_diagram

    source = image.attrs["src"]
    reference = parse_reference(source)
    if not reference.path.is_file():
        raise BoardgenError(f"the rule sheet refers to a position that does not exist: {source}")
    look = BoardLook(DIAGRAM_FIELD, coordinates=True, credits=False, compact=True)
    draw = position_diagram(reference.path.read_bytes(), reference.moves, source, reference.only_from)
    caption = _runs(image.children) or ((image.content, False, False, False),)
    return Figure(resolve(draw(look).scene, palette), caption, source)


def footer_line(text: str, default: str) -> str:
    import re

    match = re.search(r"<!--\s*footer:\s*(.*?)\s*-->", text)
    return match.group(1) if match else default


def rule_sheet(game: str, title: str, lang: str, palette: Palette, paper: Paper, margin: float) -> bytes:
    from .render.rulesheet_pdf import render_rulesheet

    text = rules_text(game, lang)
    blocks = parse_rules(text, palette)
    footer = footer_line(text, f"{title} · boardgen")
    return render_rulesheet(blocks, (paper.width, paper.height), margin, f"{title} ({lang})", footer)
