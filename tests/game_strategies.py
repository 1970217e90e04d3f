"""Random position files for every game with an engine, for property tests."""

from __future__ import annotations

from hypothesis import strategies as st
from iacta_files import position_text as iacta_text

ALEA_FIELDS = [f"{c}{r}" for c in "abcdefgh" for r in range(1, 9)]
IACTA_FIELDS = [f"{c}{r}" for c in "abcdefghij" for r in range(1, 11)]


@st.composite
def iacta_cases(draw):
    """(pieces, to_move, throw, rules) for a random IACTA position within the counts."""
    sizes = {p: draw(st.sampled_from(["small", "large"])) for p in ("red", "yellow")}
    dice = {p: draw(st.integers(1, 6 if sizes[p] == "small" else 10)) for p in ("red", "yellow")}
    fields = draw(st.permutations(IACTA_FIELDS))[: dice["red"] + dice["yellow"]]
    faces = draw(st.lists(st.integers(1, 6), min_size=len(fields), max_size=len(fields)))
    pieces = {f: ("r" if i < dice["red"] else "y") + str(face)
              for i, (f, face) in enumerate(zip(fields, faces, strict=True))}
    throw = draw(st.none() | st.tuples(st.integers(1, 6), st.integers(1, 6)))
    rules = {"homeland": sizes, "dice": dice, "rocade": draw(st.booleans()),
             "doubles": draw(st.sampled_from(["off", "throw", "keep"]))}
    return pieces, draw(st.sampled_from(["red", "yellow"])), throw, rules


def iacta_positions():
    return iacta_cases().map(lambda case: iacta_text(case[0], case[1], case[2], **case[3]))


@st.composite
def alea_positions(draw) -> str:
    """Eight dice a side, stacked at most three high on random fields."""
    pieces = [("w", draw(st.integers(1, 6))) for _ in range(8)] + [("b", draw(st.integers(1, 6))) for _ in range(8)]
    pieces = draw(st.permutations(pieces))
    fields = draw(st.lists(st.sampled_from(ALEA_FIELDS), min_size=16, max_size=16))
    stacks: dict[str, str] = {}
    for (owner, face), field in zip(pieces, fields, strict=True):
        while stacks.get(field, "").count("w") + stacks.get(field, "").count("b") >= 3:
            field = ALEA_FIELDS[(ALEA_FIELDS.index(field) + 1) % len(ALEA_FIELDS)]
        stacks[field] = stacks.get(field, "") + f"{owner}{face}"
    width = max(len(t) for t in stacks.values()) + 1
    rows = ["".join(stacks.get(f"{c}{r}", ".").ljust(width) for c in "abcdefgh").rstrip() for r in range(8, 0, -1)]
    to_move = draw(st.sampled_from(["white", "black"]))
    return f'game = "alea"\nto_move = "{to_move}"\nboard = """\n' + "\n".join(rows) + '\n"""\n'


STRATEGIES = {"iacta": iacta_positions(), "alea": alea_positions()}


@st.composite
def isaac_positions(draw) -> str:
    """Random non-overlapping tiles within the stock; scores and removals that fit the phase."""
    phase = draw(st.sampled_from(["placement", "scoring"]))
    stock = {3: 5, 4: 4, 5: 3, 6: 2, 7: 1}
    taken: set[tuple[int, int]] = set()
    tiles, used = [], {"d": {}, "l": {}}
    for _ in range(draw(st.integers(0, 18))):
        owner = draw(st.sampled_from("dl"))
        length = draw(st.sampled_from(sorted(stock)))
        column, row, horizontal = draw(st.integers(0, 9)), draw(st.integers(0, 9)), draw(st.booleans())
        fields = [(column + i, row) if horizontal else (column, row + i) for i in range(length)]
        if used[owner].get(length, 0) >= stock[length] or any(c > 9 or r > 9 or (c, r) in taken for c, r in fields):
            continue
        taken.update(fields)
        used[owner][length] = used[owner].get(length, 0) + 1
        tiles.append(f"{owner}{length} {'abcdefghij'[column]}{row + 1} {'h' if horizontal else 'v'}")
    removed = {"dark": [], "light": []}
    score = {"dark": 0, "light": 0}
    if phase == "scoring":
        for player, letter in (("dark", "d"), ("light", "l")):
            left = [n for n, count in stock.items() for _ in range(count - used[letter].get(n, 0))]
            removed[player] = sorted(draw(st.permutations(left))[: draw(st.integers(0, 3))])
            score[player] = draw(st.integers(0, 99))
    to_move = draw(st.sampled_from(["dark", "light"]))
    return (f'game = "isaac"\nphase = "{phase}"\nto_move = "{to_move}"\n'
            "tiles = [" + ", ".join(f'"{t}"' for t in tiles) + "]\n"
            f"removed = {{ dark = {removed['dark']}, light = {removed['light']} }}\n"
            f"score = {{ dark = {score['dark']}, light = {score['light']} }}\npassed = []\n")


STRATEGIES["isaac"] = isaac_positions()


STACKTICS_BOARDS = {"4x4": 2, "3x5": 2, "5x5": 3, "6x6": 4, "7x6": 5, "7x7": 5}


@st.composite
def stacktics_positions(draw) -> str:
    """Each army a part of its trees, in one-colour stacks that never put a larger piece on a smaller.

    Half the time each army keeps all its pieces but one of each size at most, as in a game still being
    played; otherwise any part of them, so games that are over come up too.  (With any part alone, five
    positions in six were over or impossible, and the properties about playing on saw too few to check.)
    """
    board = draw(st.sampled_from(sorted(STACKTICS_BOARDS)))
    size = STACKTICS_BOARDS[board]
    columns, rows = (int(n) for n in board.split("x"))
    fields = [(c, r) for c in range(columns) for r in range(rows)]
    stacks: dict[tuple[int, int], list[int]] = {}
    owner: dict[tuple[int, int], str] = {}
    in_play = draw(st.booleans())
    for letter in "rb":
        least = size - 1 if in_play else 0 if letter == "b" else 1
        pieces = [pips for pips in (3, 2, 1) for _ in range(draw(st.integers(max(least, 0), size)))]
        for pips in pieces:
            mine = [f for f in fields if owner.get(f, letter) == letter]
            field = draw(st.sampled_from(mine))
            owner[field] = letter
            stacks.setdefault(field, []).append(pips)
    tokens = {f: "".join(f"{owner[f]}{p}" for p in sorted(pips, reverse=True)) for f, pips in stacks.items()}
    width = max(len(t) for t in tokens.values()) + 1
    lines = ["".join(tokens.get((c, r), ".").ljust(width) for c in range(columns)).rstrip()
             for r in reversed(range(rows))]
    pie = draw(st.booleans())
    lines_rules = f"\n[rules]\npie = {'true' if pie else 'false'}\n" if draw(st.booleans()) else ""
    pie_on = pie if lines_rules else board == "4x4"
    offer = "pie_offer = true\n" if pie_on and draw(st.booleans()) else ""
    to_move = "blue" if offer else draw(st.sampled_from(["red", "blue"]))
    return (f'game = "stacktics"\nsize = {size}\nto_move = "{to_move}"\n{offer}board = """\n' + "\n".join(lines)
            + '\n"""\n' + lines_rules)


STRATEGIES["stacktics"] = stacktics_positions()
