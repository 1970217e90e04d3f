"""boardgen's version, in a module of its own: the PDF's producer line and `--version` read it without importing
the package's __init__, which is the Python API's door (boardgen.game), so the tiers see no module reach the API."""

__version__ = "0.1.0"
