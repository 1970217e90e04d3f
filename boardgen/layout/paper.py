"""Paper sizes and the printable area inside the margins."""

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from ..draw.scene import Box
from ..errors import BoardgenError

DEFAULT_MARGIN = 10.0  # mm: what almost every office and home printer can reach


@dataclass(frozen=True)
class Paper:
    name: str
    width: float  # mm, portrait
    height: float

    def landscape(self) -> "Paper":
        return Paper(self.name, self.height, self.width)

    def printable(self, margin: float) -> Box:
        return Box(margin, margin, self.width - 2 * margin, self.height - 2 * margin)


PAPERS: Mapping[str, Paper] = MappingProxyType(
    {
        "a4": Paper("a4", 210.0, 297.0),
        "letter": Paper("letter", 215.9, 279.4),
        "a3": Paper("a3", 297.0, 420.0),
        "a5": Paper("a5", 148.0, 210.0),
    }
)


def get_paper(name: str) -> Paper:
    try:
        return PAPERS[name.lower()]
    except KeyError:
        raise BoardgenError(f"unknown paper {name!r}; choose one of: {', '.join(PAPERS)}") from None
