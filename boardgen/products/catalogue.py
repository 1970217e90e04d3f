"""What boardgen knows, as text: the games with their boards and products, the palettes, the papers."""

from __future__ import annotations

import textwrap

from ..draw.contrast import VISIONS, contrast_pairs
from ..draw.palettes import PALETTES
from ..draw.styles import describe_style
from ..gamefiles import GAMES
from ..games.game import designer_and_year
from ..layout.paper import PAPERS
from .templates import sample_names


def catalogue_text(width: int = 100) -> str:
    """The catalogue, each line wrapped to `width` columns (a terminal's), continued under its text."""
    lines = ["Games:"]
    for game in GAMES.values():
        about = f"{game.title} ({designer_and_year(game)}): {game.summary}"
        lines += [f"  {game.name:<10} {about}"] if len(game.name) <= 10 else [f"  {game.name}", f"  {'':<10} {about}"]
        boards = ", ".join(v.name for v in game.variants)
        offers = [f"board {boards}" if len(game.variants) == 1 else f"boards {boards} (--variant)"]
        if game.pieces is not None:
            offers.append("pieces")
        if game.lego is not None:
            offers.append("lego")
        offers.append(f"rules ({', '.join(game.languages)})")
        if game.engine is not None:
            offers.append("check, diagram, simulate and report")
        if game.file_text() is not None:
            offers.append(f"a game file: boardgen new mine --like {game.name} copies it")
        lines.append(f"  {'':<10} {'; '.join(offers)}")
        samples = [name.split("/", 1)[1] for name in sample_names(game.name)]
        if samples:
            lines += _wrapped(f"samples (sample:{game.name}/NAME): ", samples, indent=13, width=width)
    lines.append("Palettes:")
    lines += [f"  {palette.name:<10} {palette.description}" for palette in PALETTES.values()]
    lines.append("Papers:")
    lines += [f"  {paper.name:<10} {paper.width:g} x {paper.height:g} mm" for paper in PAPERS.values()]
    return "\n".join(_fitted(line, width) for line in lines) + "\n"


def _fitted(line: str, width: int) -> str:
    """A line no wider than `width`, continued under its text (after the name column) when it is not."""
    if len(line) <= width:
        return line
    return "\n".join(textwrap.wrap(line, width=max(width, 40), subsequent_indent=" " * 13,
                                   break_on_hyphens=False))


def _wrapped(lead: str, words: list[str], indent: int, width: int = 100) -> list[str]:
    lines, current = [], " " * indent + lead
    for n, word in enumerate(words):
        piece = word + ("," if n < len(words) - 1 else "")
        if len(current) + 1 + len(piece) > width and current.strip():
            lines.append(current.rstrip())
            current = " " * (indent + 2)
        current += ("" if current.endswith((" ", ": ")) else " ") + piece
    lines.append(current.rstrip())
    return lines


_ROLE_ORDER = ("field", "p1.", "p2.", "arrow.", "goal.mark")


def _board_roles(roles: list[str]) -> list[str]:
    """The roles a player sees on a board, grouped: plain, player 1, player 2, arrows, marks."""
    ranked = [(i, role) for role in roles for i, prefix in enumerate(_ROLE_ORDER) if role.startswith(prefix)]
    return [role for _, role in sorted(ranked, key=lambda pair: pair[0])]


def palettes_text() -> str:
    lines = ["p1 and p2 are the first and second player (IACTA: red and yellow); start and goal are",
             "their corner homelands, .pale the border row of a homeland.", ""]
    for palette in PALETTES.values():
        lines.append(f"{palette.name}: {palette.description}")
        for role in _board_roles(list(palette.styles)):
            lines.append(f"  {role:<15} {describe_style(palette.styles[role])}")
        pairs = contrast_pairs(palette)
        if pairs:
            header = "".join(f"{v:>14}" for v in VISIONS)
            lines.append("  Colour distance, CAM02-UCS ΔE, for each vision (Machado 2009, severity 100):")
            lines.append(f"  {'pair':<30}{header}{'needed':>9}")
            for pair in pairs:
                values = "".join(f"{d:>14.1f}" for d in pair.delta_e)
                verdict = "ok" if pair.ok else "TOO CLOSE"
                lines.append(f"  {pair.first + ' / ' + pair.second:<30}{values}{pair.required:>9.0f}  {verdict}")
        lines.append("")
    return "\n".join(lines) + "\n"
