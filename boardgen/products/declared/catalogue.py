"""`list` and `palettes`: what boardgen knows, as text (apart from the rule sheets, so that a rule sheet never
loads the colour science the palettes' contrast table needs)."""

from __future__ import annotations

import shutil

from ...options import Mode, Product, Shown
from ..catalogue import catalogue_text, palettes_text

LIST = Product("list", "Show the games, their boards and what boardgen makes for each; palettes and papers.", (),
               mode=Mode.COMMAND,
               show=lambda values: Shown(catalogue_text(shutil.get_terminal_size(fallback=(100, 24)).columns - 1)))
PALETTES = Product("palettes", "Print each palette's colours and its colour-blind contrast table.", (),
                   mode=Mode.COMMAND, show=lambda values: Shown(palettes_text()))
