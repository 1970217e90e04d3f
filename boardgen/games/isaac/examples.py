"""Random ISAAC positions: tiles that do not overlap, within the stock; scores and removals that fit the phase."""

from __future__ import annotations

from ...engine.examples import Chooser

STOCK = {3: 5, 4: 4, 5: 3, 6: 2, 7: 1}


def random_position(choose: Chooser) -> str:
    phase = choose.choice(["placement", "scoring"])
    taken: set[tuple[int, int]] = set()
    tiles: list[str] = []
    used: dict[str, dict[int, int]] = {"d": {}, "l": {}}
    for _ in range(choose.integer(0, 18)):
        owner = choose.choice("dl")
        length = choose.choice(sorted(STOCK))
        column, row, horizontal = choose.integer(0, 9), choose.integer(0, 9), choose.boolean()
        fields = [(column + i, row) if horizontal else (column, row + i) for i in range(length)]
        if used[owner].get(length, 0) >= STOCK[length] or any(c > 9 or r > 9 or (c, r) in taken for c, r in fields):
            continue
        taken.update(fields)
        used[owner][length] = used[owner].get(length, 0) + 1
        tiles.append(f"{owner}{length} {'abcdefghij'[column]}{row + 1} {'h' if horizontal else 'v'}")
    removed: dict[str, list[int]] = {"dark": [], "light": []}
    score = {"dark": 0, "light": 0}
    if phase == "scoring":
        for player, letter in (("dark", "d"), ("light", "l")):
            left = [n for n, count in STOCK.items() for _ in range(count - used[letter].get(n, 0))]
            removed[player] = sorted(choose.shuffled(left)[: choose.integer(0, 3)])
            score[player] = choose.integer(0, 99)
    to_move = choose.choice(["dark", "light"])
    return (f'game = "isaac"\nphase = "{phase}"\nto_move = "{to_move}"\n'
            "tiles = [" + ", ".join(f'"{t}"' for t in tiles) + "]\n"
            f"removed = {{ dark = {removed['dark']}, light = {removed['light']} }}\n"
            f"score = {{ dark = {score['dark']}, light = {score['light']} }}\npassed = []\n")
