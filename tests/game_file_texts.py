"""Game files the tests write: a small race on a ring for two to four players, with pieces, rules and a position."""

from __future__ import annotations

# Each player's start and home, at the ring's corners, and the zones' characters in the map.
_CORNERS = (("S", "G", "a1", "b1"), ("s", "g", "g1", "f1"), ("T", "t", "g7", "f7"), ("U", "u", "a7", "b7"))


def players_file(players: int) -> str:
    """A game file for `players` players (2 to 4): every player has a start, a home, counters and an X to aim at."""
    cells = {(column, row): "." for column in range(7) for row in range(7) if column in (0, 6) or row in (0, 6)}
    legend = ['"." = { zone = "track", role = "track" }', '"#" = { zone = "no field", role = "none" }']
    for player, (start, home, start_field, home_field) in enumerate(_CORNERS[:players], start=1):
        cells[_field(start_field)] = start
        cells[_field(home_field)] = home
        legend.append(f'"{start}" = {{ zone = "start {player}", role = "start", player = {player} }}')
        legend.append(f'"{home}" = {{ zone = "home {player}", role = "goal", player = {player} }}')
    rows = [" ".join(cells.get((column, row), "#") for column in range(7)) for row in reversed(range(7))]
    placed = ", ".join(f"{corner[2]} = {player}" for player, corner in enumerate(_CORNERS[:players], start=1))
    newline = "\n"
    return f'''[about]
name = "Race {players}"
designer = "The tests"
year = 2026
players = {players}
summary = "A race once round the ring for {players}"

[board]
field = 18
map = """
{newline.join(rows)}
"""

[legend]
{newline.join(legend)}

[[pieces]]
kind = "counter"
count = 2
front = "R"

[[positions]]
name = "start"
pieces = {{ {placed} }}
crosses = ["a3"]

[rules]
en = """
A race once round the ring. Throw a die and move a runner that many fields.

![Every runner on its start.](position:start)

The first player with both runners home wins.
"""
'''


def _field(name: str) -> tuple[int, int]:
    return ord(name[0]) - ord("a"), int(name[1:]) - 1
