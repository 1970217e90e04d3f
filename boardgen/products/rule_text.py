"""A rule text's outline: its headings, paragraphs, lists, page breaks and diagram references, in order.

The texts are CommonMark, read with markdown-it-py.  That library compiles
some seventy regular expressions when it is imported, a quarter of the time
a rule sheet takes, to read texts that change only when boardgen does.  So
each packaged text has its outline beside it, compiled from it by
tools/regenerate.py, with the SHA-256 of the text it came from: a
sheet uses the compiled outline only while the text is still that text, and
reads the Markdown afresh otherwise.  tests/test_rules.py checks that every
compiled outline is what markdown-it makes of its text today.
"""

import hashlib
import json
from typing import Any, NamedTuple

from markdown_it import MarkdownIt

from ..layout.flow import Bullets, Heading, NewPage, Para, Run
from .templates import compiled_outline_text, rules_text


class DiagramImage(NamedTuple):
    """An image in the text: `![caption](diagram:...)`, drawn later by the rules engine."""

    source: str  # the address, "diagram:iacta/start?moves"
    caption: tuple[Run, ...]


class ImageRow(NamedTuple):
    """The images of one paragraph, which stand side by side."""

    images: tuple[DiagramImage, ...]


OutlineItem = Heading | Para | Bullets | NewPage | ImageRow


def rules_outline(game: str, lang: str) -> tuple[str, list[OutlineItem]]:
    """A packaged rule text and its outline: the compiled one while it matches the text, else read afresh."""
    text = rules_text(game, lang)
    compiled = compiled_outline_text(game, lang)
    if compiled is not None:
        data = json.loads(compiled)
        if data.get("source_sha256") == source_digest(text):
            return text, outline_from_json(data["outline"])
    return text, outline_of(text)


def source_digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def outline_of(text: str) -> list[OutlineItem]:
    """Read Markdown into its outline, with markdown-it."""
    tokens = MarkdownIt("commonmark").parse(text)
    items: list[OutlineItem] = []
    bullets: list[tuple[Run, ...]] | None = None
    level = 0
    for i, token in enumerate(tokens):
        if token.type == "heading_open":
            level = int(token.tag[1])
        elif token.type in ("bullet_list_open", "ordered_list_open"):
            bullets = []
        elif token.type in ("bullet_list_close", "ordered_list_close"):
            items.append(Bullets(tuple(bullets or ()), token.type == "ordered_list_close"))
            bullets = None
        elif token.type == "hr":
            items.append(NewPage())
        elif token.type == "inline":
            opener = tokens[i - 1].type
            images = [c for c in token.children or [] if c.type == "image"]
            if opener == "heading_open":
                items.append(Heading(level, _runs(token.children)))
            elif bullets is not None:
                bullets.append(_runs(token.children))
            elif images:
                items.append(ImageRow(tuple(
                    DiagramImage(str(image.attrs["src"]),
                                 _runs(image.children) or ((image.content, False, False, False),))
                    for image in images)))
            else:
                items.append(Para(_runs(token.children)))
    return items


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


def outline_json(text: str) -> str:
    """The compiled outline of `text`, as tools/regenerate.py writes it: one item a line, for review."""
    items = [json.dumps(_item_to_json(item), ensure_ascii=False) for item in outline_of(text)]
    return (f'{{"source_sha256": "{source_digest(text)}",\n "outline": [\n'
            + ",\n".join(items) + "\n]}\n")


def _item_to_json(item: OutlineItem) -> list[Any]:
    if isinstance(item, Heading):
        return ["heading", item.level, item.runs]
    if isinstance(item, Para):
        return ["para", item.runs]
    if isinstance(item, Bullets):
        return ["bullets", item.numbered, item.items]
    if isinstance(item, NewPage):
        return ["page"]
    return ["images", [[image.source, image.caption] for image in item.images]]


def outline_from_json(data: list[list[Any]]) -> list[OutlineItem]:
    items: list[OutlineItem] = []
    for kind, *fields in data:
        if kind == "heading":
            items.append(Heading(fields[0], _runs_from_json(fields[1])))
        elif kind == "para":
            items.append(Para(_runs_from_json(fields[0])))
        elif kind == "bullets":
            items.append(Bullets(tuple(_runs_from_json(runs) for runs in fields[1]), fields[0]))
        elif kind == "page":
            items.append(NewPage())
        elif kind == "images":
            items.append(ImageRow(tuple(DiagramImage(source, _runs_from_json(caption))
                                        for source, caption in fields[0])))
        else:
            raise ValueError(f"a compiled rule outline has an item of unknown kind {kind!r}")
    return items


def _runs_from_json(runs: list[list[Any]]) -> tuple[Run, ...]:
    return tuple((text, bold, italic, code) for text, bold, italic, code in runs)
