"""boardgen: printable boards and components for small abstract dice games."""

__version__ = "0.1.0"
