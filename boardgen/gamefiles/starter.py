"""`boardgen new`: a starter game file that is already a complete, valid small game to change.

Its [play] section says each key's meaning in the words the key's mechanism declares (play/race_keys.py), so the
starter, the docs' table and the compiler never disagree.
"""

from __future__ import annotations

import textwrap

from .play.race_keys import MECHANISMS

# The starter's rules: each key and its value, with what this game means by it where the key's own sentence is
# not enough.
_PLAY = (
    ("pieces", "3", "three runners each"),
    ("throw", "{ dice = 1, sides = 6 }", "one die"),
    ("tracks", '{ 1 = ["a1-a7", "b7-f7"], 2 = ["g1-g7", "f7-b7"] }',
     "red up the left side and along the top row, yellow up the right side and back along the top row, so the "
     "two meet there; home is one step past the last field"),
    ("start", "{ a1 = [1, 1, 1], g1 = [2, 2, 2] }", "every runner starts on its start field"),
    ("finish", '"exact"', ""),
    ("own", '"stack"', "your runners may share a field"),
    ("opponent", '"capture"', ""),
    ("capture-to", '"start"', ""),
    ("no-move", '"pass"', ""),
)
_SENTENCES = {key.name: key.sentence for mechanism in MECHANISMS for key in mechanism.keys}

STARTER = '''# {title}: a game of your own, as a file boardgen reads.  Change anything, then make its board:
#   boardgen board {path}
# Every key is explained in docs/game-files.md.  A mistake is pointed out at its line.

[about]
name = "{title}"
designer = "You"
year = 2026
players = 2                     # 2 to 4
summary = "Two teams race their runners up their side and along the top; the first home with all of them wins"
licence = "CC-BY-4.0"           # how others may copy it (an SPDX name)

[board]
field = 18                      # mm: the side of one field
coordinates = true              # letters and numbers round the board
credit = "{title}, a game by You, 2026"
# The board as a map: one character a field, the top row first (spaces between them are ignored).
# The legend below says what each character is; "#" is no field at all, so boards can have holes.
map = """
g . . . . . G
. # # # # # .
. # # # # # .
. # # X # # .
. # # # # # .
. # # # # # .
S . . . . . s
"""

[legend]
"." = {{ zone = "track", role = "track" }}
"#" = {{ zone = "no field", role = "none" }}
"X" = {{ zone = "lake", role = "blocked" }}
"S" = {{ zone = "red start", role = "start", player = 1 }}
"G" = {{ zone = "red home", role = "goal", player = 1 }}
"s" = {{ zone = "yellow start", role = "start", player = 2 }}
"g" = {{ zone = "yellow home", role = "goal", player = 2 }}

# A mark on a field: "target", a number or a word of up to 3 letters.
[[marks]]
field = "a7"
symbol = "target"

[[marks]]
field = "g7"
symbol = "target"

# Arrows show each player's way (with --arrows): [play]'s tracks draw them along every straight stretch.
# To place them yourself instead, give [[arrows]] tables: from = "a1", to = "a6", player = 1.

# The pieces to print for each player: "counter" (round, one side), "token" (square, front and back), or a
# "die", "tile", "pyramid" or throwing "stick" (docs/game-files.md shows each).
[[pieces]]
kind = "counter"
count = 3
front = "R"                     # up to 3 characters on it

[[pieces]]
kind = "die"                    # a die to cut out and fold
count = 1
shared = true                   # one for the table, not one each: made in white

# Colours by zone name, for each palette (classic, cud, mono); boardgen chooses the rest.
[colours.classic]
"red start" = "#f4a0a0"

# Positions to show in the rules (the first is on the box's lid too): a player's pieces on fields (a1 = 1 is
# a marker of player 1's; {{ player = 1, die = 4 }} a die), and an X where a move may go.
[[positions]]
name = "a-throw-of-three"
pieces = {{ a1 = 1, g3 = 2 }}
crosses = ["a4"]

# The rules as the computer plays them, for `boardgen simulate {path}` and `boardgen report {path}` (is it
# fair? does skill matter? how long does it last?).  They say what the rule text below says, in the words
# docs/game-files.md lists; change one, change the other.
{play}
# The rules, in Markdown, for `boardgen rules {path}`.  Another language goes beside this file,
# as {name}.da.md (Danish), {name}.it.md (Italian), ...
[rules]
en = """
# {title}

A race for two players: up your side of the board, then along the top to your home.

## What you need

This board, three runners for each player (`boardgen pieces {path}` prints them) and one die.

## Your turn

1. Throw the die.
2. Move one of your runners that many fields along the track, the way your arrow points: red from
   **a1** up the left side, yellow from **g1** up the right side, then along the top row to your home
   (red's is **g7**, yellow's **a7**). If none of your runners can move, your turn is over.
3. A runner that lands on an opponent's runner sends it back to its start.

Your runners start on your start field. A runner goes home only with the exact throw.

![Red throws a 3: the runner on a1 may go to a4.](position:a-throw-of-three)

## Winning

The first player with all three runners home wins.
"""
'''


def _play_section() -> str:
    lines = ["[play]"]
    for key, value, here in _PLAY:
        said = _SENTENCES[key] + (f" Here: {here}." if here else "")
        lines += textwrap.wrap(said, 110, initial_indent="# ", subsequent_indent="# ")
        lines.append(f"{key} = {value}")
    lines.append("# The first with all three runners home wins.")
    return "\n".join(lines) + "\n"


def starter_text(name: str) -> str:
    title = name.replace("-", " ").replace("_", " ").strip().title() or "My Game"
    return STARTER.format(title=title, path=f"output/{name}.toml", name=name, play=_play_section())
