"""The race engine's mechanisms and their keys, declared as data: throws, tracks, landing, ladders and snakes,
steps and jumps on the grid, and how a race ends.  compile.py reads these keys; the docs' table and the
starter's comments are made from these declarations (tools/regenerate.py)."""

from __future__ import annotations

from .declare import Key, Mechanism, Table

GAME = Mechanism("game", "Who plays, with how many pieces, and the rule options.", (
    Key("players", "a number, or a list of numbers from 2 to 4", "[about] players",
        "The numbers of players it is played by; the fewest is the default.", "players = [2, 3, 4]"),
    Key("pieces", "a number, or a table of them by player", "", "How many pieces each player has.",
        "pieces = { 1 = 13, 2 = 1 }"),
    Key("options", "a table for each rule option", "{}", "A rule option: its values, the default first, each a "
        "table of the keys it changes.", '[play.options.rosettes]  safe = {}  open = { safe = ["a1"] }'),
), "both")

THROWS = Mechanism("throws", "Dice or throwing sticks, and the throws that give another.", (
    Key("throw", 'dice, sticks, or "none"', '"none"', "Dice (how many, their sides, what each side counts, "
        "summed, or each = true: up to 4 used one by one, a move a die, a double played doubles = N times) or "
        "throwing sticks (a value by the marked faces up).",
        "throw = { dice = 2, sides = 6, each = true, doubles = 4 }"),
    Key("use-all", "true or false", "false", "With dice used one by one, a player uses as many of its dice as "
        "it can.", "use-all = true"),
    Key("use-larger", "true or false", "false", "And where only one of two dice can be used, the larger where "
        "it can.", "use-larger = true"),
    Key("again", "a table: throws and fields", "{}", "The throws, and the fields landed on, that give another "
        "throw.", 'again = { throws = [6], fields = ["rosette"] }'),
), "race")

TRACKS = Mechanism("tracks", "The way each player's pieces run, coming on and going off.", (
    Key("tracks", "a list of fields and lines, or a table of them by player", "",
        "One track for everyone, or each player's, in order; a track may pass a field again (the second time it "
        "is a place of its own, written with a prime: c5').", 'tracks = { 1 = ["d1-a1", "a2-h2"] }'),
    Key("branches", "a table: field = a list of fields, or a table of them by player", "{}",
        "A piece whose move starts on the field takes the branch, back onto its track at the branch's last "
        "field.", 'branches = { e5 = ["d4-b2", "a1"] }'),
    Key("enter", '"count" or "start"', '"count"', "A waiting piece comes on where the throw counts to (1: the "
        "first field), or on the first field whatever the throw.", 'enter = "start"', choices=("count", "start")),
    Key("enter-throws", "a list of throws", "any", "Only these throws bring a piece on.", "enter-throws = [6]"),
    Key("finish", '"exact", "reach", "rearmost" or "none"', '"exact"', "Off one step past the last field with "
        "the exact throw, with any throw that gets there, with the exact throw or a higher one from the rearmost "
        "piece, or never.", 'finish = "reach"', choices=("exact", "reach", "rearmost", "none")),
    Key("home", "a number", "", "A piece leaves the board only when all its player's pieces are on the last "
        "this many fields of their tracks (none waiting).", "home = 6"),
    Key("enter-first", "true or false", "false", "A player with a piece waiting brings it on before moving "
        "another.", "enter-first = true"),
    Key("stop-on", "a list of fields", "[]", "Fields a piece must stop on before going past.",
        'stop-on = ["e1"]'),
    Key("backward", "true or false", "false", "A player with no move forward moves a piece backward by the "
        "throw, if one can; else it passes.", "backward = true"),
), "race")

LANDING = Mechanism("landing", "What happens when a piece lands where another stands.", (
    Key("own", '"block" or "stack"', '"block"', "Landing on your own piece: not allowed, or share the field.",
        'own = "stack"', choices=("block", "stack")),
    Key("opponent", '"capture", "block" or "stack"', '"capture"', "Landing on an opponent's piece.",
        'opponent = "capture"', choices=("capture", "block", "stack")),
    Key("capture-to", '"waiting", "start", "removed" or "swap"', '"waiting"', "Where a captured piece goes: off "
        "to come on again, to its track's first field, out of the game, or to the field the capturing piece came "
        "from.", 'capture-to = "swap"', choices=("waiting", "start", "removed", "swap")),
    Key("block", "a number", "", "This many pieces of one player on a field: no opponent lands there.",
        "block = 2"),
    Key("block-passing", "true or false", "false", "Nor passes it.", "block-passing = true"),
    Key("blockade", "a number", "", "This many fields in a row along a track, each held by one player: no "
        "opponent passes them.", "blockade = 3"),
    Key("protect", "a number", "", "This many of a player's pieces on neighbouring fields of a track: none of "
        "them is captured.", "protect = 2"),
    Key("safe", "a list of fields", "[]", "Fields where no piece is captured.", 'safe = ["rosette"]'),
    Key("on-safe", '"block" or "stack"', '"block"', "Landing on an opponent on a safe field.", 'on-safe = "stack"',
        choices=("block", "stack")),
), "race")

SHORTCUTS = Mechanism("shortcuts", "Ladders and snakes, drawn on the board.", (
    Key("ladders", "a table: field = field", "{}", "Landing on the first field moves the piece on to the second "
        "(both on a track).", 'ladders = { a1 = "c4" }'),
    Key("snakes", "a table: field = field", "{}", "The same, drawn as a snake.", 'snakes = { e2 = "f1" }'),
    Key("shortcut-occupied", '"land" or "before"', '"land"', "Where a ladder's or snake's end is taken: the piece "
        "lands there as on any field, or stops on the first free field before it.", 'shortcut-occupied = "before"',
        choices=("land", "before")),
), "race")

GRID = Mechanism("grid moves", "Steps and jumps on the grid, by player, without a throw.", (
    Key("steps", "a list of directions, or a table of them by player", "[]", "The directions a piece steps in: "
        "up, down, left, right, up-left, up-right, down-left, down-right.", 'steps = { 1 = ["up", "left"] }'),
    Key("jumps", "a list of directions, or a table of them by player", "[]", "Over a neighbouring opponent's "
        "piece to the empty field beyond, capturing it.", 'jumps = { 2 = ["up", "down"] }'),
    Key("chain", "true or false", "false", "A jump may go on jumping, each stop a move of its own.",
        "chain = true"),
    Key("lines", '"all", "orthogonal" or "alquerque"', '"all"', "The grid's lines steps and jumps go along: "
        "every one, rows and columns only, or with diagonals only through every other point (a1 among them), as "
        "on an Alquerque board.", 'lines = "alquerque"', choices=("all", "orthogonal", "alquerque")),
    Key("start", "a table: field = player, or a list of players", "{}", "Pieces on the board at the start; the "
        "rest wait.", "start = { d5 = 2, c1 = 1 }"),
), "race")

RACE_ENDS = Mechanism("race ends", "How a race or a grid game ends (a race is also won by the first to finish).", (
    Key("goal", "a field", "", "Reaching this field wins.", 'goal = "a10"'),
    Key("fewer-than", "a number, or a table of them by player", "", "A player left with fewer pieces loses "
        "(games of two).", "fewer-than = { 1 = 6 }"),
    Key("no-move", '"pass" or "lose"', '"pass"', "A player who cannot move passes, or loses (games without "
        "throws).", 'no-move = "lose"', choices=("pass", "lose")),
    Key("stall", "a table of numbers by player", "", "A player loses after this many moves in a row without a "
        "move forward: a capture, or a step it may not step back (games of two, on the grid).",
        "stall = { 1 = 10 }"),
    Key("evaluation", "a table of weights", "{ finished = 1, progress = 1, material = 1, mobility = 0 }",
        "What the computer's greedy player weighs.", "[play.evaluation]  mobility = 1"),
), "race")

EVALUATION_KEYS = (
    Key("finished", "a weight from 0 to 100", "1", "Pieces finished.", "finished = 1", Table.EVALUATION),
    Key("progress", "a weight from 0 to 100", "1", "Steps along the tracks.", "progress = 1", Table.EVALUATION),
    Key("material", "a weight from 0 to 100", "1", "Pieces still in play.", "material = 1", Table.EVALUATION),
    Key("mobility", "a weight from 0 to 100", "0", "Grid moves available.", "mobility = 0", Table.EVALUATION),
)

MECHANISMS = (GAME, THROWS, TRACKS, LANDING, SHORTCUTS, GRID, RACE_ENDS)
KEYS = tuple(key.name for mechanism in MECHANISMS for key in mechanism.keys)
