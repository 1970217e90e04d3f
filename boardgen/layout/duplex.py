"""Several documents as one two-sided print run: every sheet's back where it belongs, blank where it has none.

A duplex printer puts page 2 on the back of page 1, page 4 on the back of
page 3, and so on.  So a document of sheets printed one-sided (a board on
card) gets a blank page after each of its pages, a page that is the back of
the one before (a token sheet's backs, the inside of a box's lid) follows
its front, and every document starts on the front of a sheet of its own,
never on the back of another's last page.

    pages, spans = two_sided([(board.pages, frozenset()), (rules.pages, both_sides(len(rules.pages)))])
"""

from collections.abc import Sequence

from ..draw.scene import Scene, SceneBuilder


def both_sides(pages: int) -> frozenset[int]:
    """The backs of a document printed on both sides of every sheet (rules): its second, fourth, ... page."""
    return frozenset(range(1, pages, 2))


def two_sided(documents: Sequence[tuple[Sequence[Scene], frozenset[int]]]) -> tuple[list[Scene],
                                                                                       list[tuple[int, int]]]:
    """The pages of the documents in order, each front followed by its back or by a blank page of its size;
    and each document's first and last page in the run, counted from 1.

    A document gives its pages and which of them (counted from 0) print on the back of the page before;
    ValueError for a first page or a back's back given as a back."""
    run: list[Scene] = []
    for pages, backs in documents:
        _check(len(pages), backs)
        for n, page in enumerate(pages):
            if n in backs:
                continue  # already placed behind its front
            run += [page, pages[n + 1] if n + 1 in backs else blank(page)]
    return run, run_spans([(len(pages), backs) for pages, backs in documents])


def run_spans(documents: Sequence[tuple[int, frozenset[int]]]) -> list[tuple[int, int]]:
    """Each document's first and last page in the two-sided run, counted from 1, from its number of pages and
    its backs: two pages for each of its sheets."""
    spans, at = [], 0
    for pages, backs in documents:
        _check(pages, backs)
        sheets = pages - len(backs)
        spans.append((at + 1, at + 2 * sheets))
        at += 2 * sheets
    return spans


def _check(pages: int, backs: frozenset[int]) -> None:
    if 0 in backs or any(n - 1 in backs for n in backs) or any(n >= pages for n in backs):
        raise ValueError(f"pages {sorted(backs)} of {pages} cannot all be backs of the page before them")


def blank(page: Scene) -> Scene:
    """An empty page of the same size: the back of a sheet printed on one side."""
    return SceneBuilder(page.width, page.height).build()
