"""Random IACTA positions within the rules' counts, for property tests and benchmarks (engine.examples)."""

from __future__ import annotations

from ...engine.examples import Chooser

COLUMNS = "abcdefghij"
FIELDS = [f"{c}{r}" for c in COLUMNS for r in range(1, 11)]


def random_position(choose: Chooser) -> str:
    sizes = {p: choose.choice(["small", "large"]) for p in ("red", "yellow")}
    dice = {p: choose.integer(1, 6 if sizes[p] == "small" else 10) for p in ("red", "yellow")}
    fields = choose.shuffled(FIELDS)[: dice["red"] + dice["yellow"]]
    pieces = {f: ("r" if i < dice["red"] else "y") + str(choose.integer(1, 6)) for i, f in enumerate(fields)}
    throw = None if choose.boolean() else (choose.integer(1, 6), choose.integer(1, 6))
    rocade, doubles = choose.boolean(), choose.choice(["off", "throw", "keep"])
    to_move = choose.choice(["red", "yellow"])
    rows = ["  ".join(pieces.get(f"{c}{row}", ".").ljust(2) for c in COLUMNS).rstrip() for row in range(10, 0, -1)]
    lines = ['game = "iacta"', f'to_move = "{to_move}"']
    if throw is not None:
        lines.append(f"throw = [{throw[0]}, {throw[1]}]")
    lines += ['board = """', *rows, '"""', "[rules]",
              f'homeland = {{ red = "{sizes["red"]}", yellow = "{sizes["yellow"]}" }}',
              f"dice = {{ red = {dice['red']}, yellow = {dice['yellow']} }}",
              f"rocade = {'true' if rocade else 'false'}", f'doubles = "{doubles}"']
    return "\n".join(lines) + "\n"
