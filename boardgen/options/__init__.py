"""Options declared once, as data: the command line, the web page and game files are all built from them.

    Option("palette", Kind.CHOICE, "Colours ...", default="classic", choices=PALETTE_NAMES)
    Option("output", Kind.PATH, "File to write ...", short="-o", role=Role.OUTPUT)
    Product("board", "Write a game's board ...", options=(...), make=make_board)

A Product names what a user can ask for and every option it takes, with its
type, range, default, help and when it applies.  `Product.values()` turns
what a user gave (text from a web form or a URL, values click parsed) into
checked Values, refusing a bad value or an option the request would not use
with the same one-line message wherever it came from.  A front end finds the
few options it must know (the file to write, the format, the laser switch,
the workers) by their Role, never by name; a product reads its values as a
typed object of its own (FromValues).
"""

from .declared import (
           Check,
           Finished,
           Kind,
           Mode,
           Option,
           OptionError,
           Place,
           Product,
           Progress,
           Refusal,
           Role,
           Shown,
           Work,
           not_used,
           shown,
)
from .values import FromValues, Values

__all__ = ["Check", "Finished", "FromValues", "Kind", "Mode", "Option", "OptionError", "Place", "Product", "Progress",
           "Refusal", "Role", "Shown", "Values", "Work", "not_used", "shown"]
