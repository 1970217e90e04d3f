"""boardgen: board games to print, cut, box, play and measure.

`boardgen.game("ur")` opens a game to script in Python (boardgen.api, documented in docs/api.md).
"""

from .version import __version__ as __version__

# Every command imports this module first, so it imports nothing itself, not even `typing` (type checkers take any
# TYPE_CHECKING as true): the import below only tells them what `boardgen.game` is.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from .api import game as game


def __getattr__(name: str) -> object:
    """`boardgen.game`, the Python API's door, imported on first use (PEP 562).  The API loads the game registry
    and the game-file reader (about 0.1 s): a plain import here would make `boardgen --help` and every command pay
    for a door they never open."""
    if name == "game":
        from .api import game

        return game
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
