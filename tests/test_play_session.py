"""The play session as a library (boardgen.products.play_session), driven without a server for every game with a
rules engine: a table read from its address, the dice thrown and the computer's moves made from a seeded random
source (or, against the computer, from the server's key), a move played by clicking the fields' links, Undo, the
link replayed, a bad or edited address refused in words; the picture's field boxes checked against the SVG
itself: each lies on the field's drawn square, under its column's letter and beside its row's number, over the
piece or the mark the link is about; and what a player sees read from the pictures: the last move framed, the
pieces off the board and the throw drawn, no print furniture, each side named in its colour."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from urllib.parse import parse_qs, urlencode

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from play_helpers import random_game
from registry import GAMES

from boardgen.draw.board import BoardLook
from boardgen.engine.contract import play as play_steps
from boardgen.errors import BoardgenError
from boardgen.games.loading import Loaded
from boardgen.layout.paper import get_paper
from boardgen.products.diagram import diagram_document
from boardgen.products.document import output_for, render_document
from boardgen.products.looks import game_look
from boardgen.products.play_session import (
    CHANGED,
    COMPUTER,
    MOST_STEPS,
    Played,
    Spot,
    TableView,
    advanced,
    game_to_play,
    is_throw,
    pack,
    playable,
    read_table,
    replay,
    steps_due,
    table_view,
    throw_of,
    undone,
    unpack,
)
from boardgen.products.play_session.telling import PLAYED_BY_ITS_FIELD

ENGINES = [name for name, game in GAMES.items() if game.engine is not None]


def _pieces_move_on_the_board(name: str) -> bool:
    """Whether a random game's moves ever move a piece standing on the board, chosen before where it goes (not in
    games only of placing, nor of sowing, where a click on the pit sows it)."""
    engine = GAMES[name].engine
    rules, shows = engine.rules, engine.presentation
    for position in random_game(rules, random.Random(8), most=200):
        if not rules.throw_due(position) and any(
                shows.origin(position, move) is not None and
                shows.move_json(position, move)["kind"] not in PLAYED_BY_ITS_FIELD
                for move in rules.legal_moves(position)):
            return True
    return False


MOVING = [name for name in ENGINES if _pieces_move_on_the_board(name)]
SVG = "{http://www.w3.org/2000/svg}"
KEY = b"the server's key, as the page is given it"
LAST = "#ff7a00"  # the last move's frames


def _open(name: str, query: str = "", dice: random.Random | None = None, key: bytes = KEY,
          game=None) -> tuple[Played, TableView]:
    """The table at an address (`name`, `query`) as a person sees it: after the steps the table makes itself."""
    asked = parse_qs(query)
    game = game or game_to_play(name)
    played = replay(read_table(name, game, asked, key))
    ahead = advanced(played, dice or random.Random(1))
    if ahead is not None:
        played = replay(read_table(name, game, parse_qs(ahead.query()), key))
    return played, table_view(played, asked.get("from", [""])[0], asked.get("to", [""])[0])


def _click_a_move(played: Played, view: TableView, rng: random.Random) -> tuple[Played, TableView]:
    """A piece's link, then where it goes (or one of several moves there); a piece entering the board by its
    link; or, where no field has a link, a move off the board from the list."""
    name, game = played.table.name, played.table.game
    pieces = [spot for spot in view.spots if spot.kind == "from"]
    sown = [spot for spot in view.spots if spot.kind == "play"]
    if sown and not pieces:  # a pit's one move, played by its link
        return _open(name, rng.choice(sown).query, rng, game=game)
    if not pieces:
        entering = [spot for spot in view.spots if spot.kind == "to"]
        if entering:
            return _open(name, rng.choice(entering).query, rng, game=game)
        return _open(name, rng.choice(view.unplaced or view.moves).query, rng, game=game)
    played, view = _open(name, rng.choice(pieces).query, rng, game=game)
    targets = [spot for spot in view.spots if spot.kind == "to"]
    assert view.chosen and (targets or view.choices), "a chosen piece shows where it goes, or its moves in words"
    if not targets:
        return _open(name, rng.choice(view.choices).query, rng, game=game)
    played, view = _open(name, rng.choice(targets).query, rng, game=game)
    if view.choices:  # several moves reach that field: one of them, by its words
        return _open(name, rng.choice(view.choices).query, rng, game=game)
    return played, view


def _layer(svg: bytes, name: str) -> ET.Element:
    """A layer of the picture; an empty one where nothing is drawn in it (no marks on an empty board)."""
    found = ET.fromstring(svg).find(f"{SVG}g[@id='layer-{name}']")
    return found if found is not None else ET.Element("g")


def _extents(layer: ET.Element) -> list[tuple[float, float, float, float]]:
    """Where every shape drawn in a layer lies (left, top, right, bottom): a die, a marker, a tile, a stroke."""
    extents = []
    for shape in layer:
        tag, get = shape.tag.removeprefix(SVG), shape.get
        if tag == "circle":
            x, y, r = float(get("cx")), float(get("cy")), float(get("r"))
            extents.append((x - r, y - r, x + r, y + r))
        elif tag == "rect":
            x, y = float(get("x")), float(get("y"))
            extents.append((x, y, x + float(get("width")), y + float(get("height"))))
        elif tag == "line":
            xs, ys = (float(get("x1")), float(get("x2"))), (float(get("y1")), float(get("y2")))
            extents.append((min(xs), min(ys), max(xs), max(ys)))
        elif tag in ("polygon", "polyline"):
            points = [tuple(map(float, point.split(","))) for point in get("points").split()]
            xs, ys = [x for x, _ in points], [y for _, y in points]
            extents.append((min(xs), min(ys), max(xs), max(ys)))
    return extents


def _check_boxes(played: Played, view: TableView) -> None:
    """The picture's boxes against its SVG: the picture's size, each field's square, label and link."""
    picture, grid = view.picture, played.position.variant.grid
    root = ET.fromstring(picture.svg)
    assert [float(n) for n in root.get("viewBox").split()] == pytest.approx([0, 0, picture.width, picture.height],
                                                                             abs=0.01)
    fields = _layer(picture.svg, "fields")
    # Each field's box holds a field the picture draws: a square on a board of squares, a ring round a point, a
    # backgammon point's triangle or a mancala cup (what each shape centres on lies inside the box).
    centres = [(float(r.get("x")) + float(r.get("width")) / 2, float(r.get("y")) + float(r.get("height")) / 2)
               for r in fields.iter(f"{SVG}rect")]
    centres += [(float(c.get("cx")), float(c.get("cy"))) for c in fields.iter(f"{SVG}circle")]
    for polygon in fields.iter(f"{SVG}polygon"):
        xs, ys = zip(*((float(x), float(y)) for x, y in (p.split(",") for p in polygon.get("points").split())),
                     strict=True)
        centres.append(((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2))
    for field, box in picture.boxes.items():
        assert any(box.x <= x <= box.right and box.y <= y <= box.bottom for x, y in centres), \
            f"{grid.name(field)}'s box holds no field the picture draws"
    texts = [(t.text, float(t.get("x")), float(t.get("y")), t.get("text-anchor"))
             for t in _layer(picture.svg, "text").iter(f"{SVG}text")]
    for field, box in picture.boxes.items():
        column, row = re.fullmatch(r"([a-z]+)(\d+)", grid.name(field)).groups()
        assert any(text == column and x == pytest.approx(box.centre[0], abs=0.01) for text, x, _, _ in texts), \
            f"{grid.name(field)}'s box is not under its column's letter"
        assert any(text == row and anchor == "end" and box.y < y < box.bottom for text, _, y, anchor in texts), \
            f"{grid.name(field)}'s box is not beside its row's number"
    marks = _extents(_layer(picture.svg, "marks"))
    for spot in view.spots:
        box = picture.boxes[grid.parse(spot.field)]
        share = spot.share
        assert (share.left * picture.width / 100, share.top * picture.height / 100, share.width * picture.width / 100,
                share.height * picture.height / 100) == pytest.approx(tuple(box), abs=1e-6)
        if spot.kind == "to" and not view.chosen:
            continue  # where a piece entering the board goes: an empty field, unmarked until a piece is chosen
        # A piece to move stands there; where the chosen one goes is marked (an X, or a frame round a piece).
        inner = box.grown(-0.2 * box.width)
        assert any(left < inner.right and inner.x < right and top < inner.bottom and inner.y < bottom
                   for left, top, right, bottom in marks), f"the link over {spot.field} lies over nothing drawn there"


@pytest.mark.parametrize("name", ENGINES)
def test_a_game_is_played_by_its_fields_links_undone_and_replayed(name):
    rng = random.Random(5)
    game = game_to_play(name)
    rules = game.engine.rules
    start = replay(read_table(name, game, {}, KEY))
    thrown = steps_due(start, random.Random(5))
    if rules.chance(start.position):  # the table throws, and only throws: nobody plays the computer
        assert thrown and all(re.fullmatch(r"[\d, ]+:", step) for step in thrown)
    else:
        assert thrown == ()
    played, view = _open(name, "", rng)
    assert view.moves_made == 0 and view.undo is None and not view.outcome
    _check_boxes(played, view)
    for made in range(1, 4):
        before = played
        played, view = _click_a_move(played, view, rng)
        _check_boxes(played, view)
        assert view.moves_made == made
        # Undo takes back the move clicked and the throw after it, keeping the throw it was played with
        assert undone(played) == before.table.steps
        assert view.undo == before.table.query()
        if view.outcome:
            break
    # The link replays to the same position, and so do the steps played one by one by the rules themselves.
    again = replay(read_table(name, game, parse_qs(view.table.query()), KEY))
    assert rules.write(again.position) == rules.write(played.position)
    assert rules.write(play_steps(rules, rules.start(), played.table.steps)) == rules.write(played.position)


@pytest.mark.parametrize("name", MOVING)
def test_a_chosen_pieces_links_lie_over_where_it_goes(name):
    """With a piece chosen, the links are that piece (to choose another) and the fields its moves reach."""
    rng = random.Random(8)
    played, view = _open(name, "", rng)
    for _ in range(30):
        pieces = [spot for spot in view.spots if spot.kind == "from"]
        if pieces:
            break
        played, view = _click_a_move(played, view, rng)
    else:
        raise AssertionError(f"no piece of {name} moves on the board in its first 30 moves")
    chosen: Spot = pieces[0]
    played, view = _open(name, chosen.query, rng)
    assert view.chosen == chosen.field
    assert [spot.field for spot in view.spots if spot.kind == "chosen"] == [chosen.field]
    shows, position = played.table.engine.presentation, played.position
    grid = position.variant.grid
    reached = {grid.name(field) for move in played.table.rules.legal_moves(position)
               if shows.origin(position, move) == grid.parse(chosen.field) for field in shows.reached(position, move)}
    assert {spot.field for spot in view.spots if spot.kind == "to"} == reached
    _check_boxes(played, view)


@pytest.mark.parametrize("name", ENGINES)
@pytest.mark.parametrize("against", ["random", "greedy"])
def test_the_computer_answers_at_once_and_the_same_dice_answer_the_same(name, against):
    game = game_to_play(name)
    first = game.engine.rules.players[0]
    table = read_table(name, game, {"against": [against], "side": [first]}, KEY)  # the computer moves first
    made = steps_due(replay(table), random.Random(9))
    # Against the computer the throws and its choices are the server's: the same address throws the same,
    # whatever dice the caller has.
    assert made == steps_due(replay(table), random.Random(10))
    assert any(not is_throw(step) for step in made), "the computer made no move"
    played = replay(read_table(name, game, parse_qs(table.query(made)), KEY))
    view = table_view(played)
    assert view.outcome or not view.computer_to_move
    if not view.outcome:  # a person to move: taking back nothing of theirs, there is nothing to undo
        assert view.undo is None


def test_undo_takes_back_my_move_with_the_computers_answer():
    played, view = _open("stacktics", "against=greedy", random.Random(2))
    played, view = _click_a_move(played, view, random.Random(2))
    assert len(played.table.steps) == 2
    undo = parse_qs(view.undo)
    assert undo["against"] == ["greedy"] and undo["side"] == list(played.table.sides) and "s" not in undo
    assert replay(read_table("stacktics", played.table.game, undo, KEY)).played == ()  # signed: it opens
    assert steps_due(played, random.Random(2)) == ()


def test_the_computer_thinking_ahead_answers_too():
    played, view = _open("stacktics", "against=mcts&side=red", random.Random(4))
    assert len(played.table.steps) == 1 and not view.computer_to_move and COMPUTER["mcts"].startswith("mcts:")


def test_the_picture_is_the_diagram_products_board_without_the_sheets_furniture():
    """The page's board is what `boardgen diagram --format svg --moves --from` draws, shape for shape, without
    the scale bar under it and the credits: a board on a table, not a print."""
    played, view = _open("ur", "s=2:&s=in-c1&s=3:")
    game = played.table.game
    look = BoardLook(field_size=game.default_field)
    output = output_for("svg", get_paper("a4"))
    loaded = Loaded(game, game.engine, played.position)
    (printed,) = render_document(diagram_document(loaded, look, output, "ur-play", False), output,
                                 game_look(game, "classic"))
    sheet, board = ET.fromstring(printed.data), ET.fromstring(view.picture.svg)
    assert sheet.find(f"{SVG}g[@id='layer-calibration']") is not None  # the print has its scale bar
    assert board.find(f"{SVG}g[@id='layer-calibration']") is None  # the page's board has none
    credits = game.board(game.default_variant).credits
    assert credits and any(t.text == credits[0] for t in sheet.iter(f"{SVG}text"))
    assert not any(t.text in credits for t in board.iter(f"{SVG}text"))
    printed_fields = [(r.get("x"), r.get("y"), r.get("fill")) for r in _layer(printed.data, "fields").iter()]
    assert [(r.get("x"), r.get("y"), r.get("fill")) for r in _layer(view.picture.svg, "fields").iter()] == \
        printed_fields
    assert [ET.tostring(shape) for shape in _layer(view.picture.svg, "marks")] == \
        [ET.tostring(shape) for shape in _layer(printed.data, "marks")]
    # the picture ends a margin under the board's lowest labels, where the print goes on with its credits and bar
    lowest = max(float(t.get("y")) for t in _layer(view.picture.svg, "text").iter(f"{SVG}text"))
    assert view.picture.height - lowest < 5.0
    assert float(sheet.get("viewBox").split()[3]) - view.picture.height > 10.0


def test_a_start_position_is_played_on_from():
    game = game_to_play("stacktics")
    rules = game.engine.rules
    moved = play_steps(rules, rules.start(), ["b1/1-c2"])
    played, view = _open("stacktics", f"start={pack(rules.write(moved))}")
    assert rules.write(played.position) == rules.write(moved) and view.moves_made == 0
    assert view.again == urlencode({"start": pack(rules.write(moved))})


def test_the_games_that_can_be_played_are_those_with_an_engine():
    assert [game.name for game in playable()] == ENGINES


@pytest.mark.parametrize("name", ENGINES)
@pytest.mark.parametrize(("query", "said"), [
    ("s=zz99-zz100", "step 1 of the game cannot be played"),
    ("s=,:", "step 1 of the game cannot be played: ',:' is neither a throw nor a move"),
    ("variant=99x99", "99x99"),
    ("side=green-and-purple", "the computer plays one of"),
    ("against=deep-blue", "the computer plays random, greedy, mcts, not 'deep-blue'"),
    ("start=AAAA", "the link's start position is damaged: copy the whole link again"),
    (f"start={pack('this is no position')}", "the link's start position cannot be read"),
    ("&".join(["s=x"] * (MOST_STEPS + 1)), f"the page replays at most {MOST_STEPS:,}"),
])
def test_a_bad_address_is_refused_in_words(name, query, said):
    with pytest.raises(BoardgenError, match=re.escape(said)):
        replay(read_table(name, game_to_play(name), parse_qs(query), KEY))


def test_a_position_of_another_game_is_not_a_start():
    other = GAMES["alea"].engine.rules
    with pytest.raises(BoardgenError, match="the start position is an? .* position, not Stacktics"):
        replay(read_table("stacktics", game_to_play("stacktics"),
                          {"start": [pack(other.write(other.start()))]}, KEY))


def test_a_game_nobody_can_name_is_refused_naming_those_that_can_be_played():
    with pytest.raises(BoardgenError, match="there is no game 'nope' to play here; these can be played: .*Stacktics"):
        game_to_play("nope")


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_a_packed_position_unpacks_to_itself(text):
    assert unpack(pack(text)) == text


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80))
def test_any_start_word_is_a_position_or_refused_in_words(word):
    try:
        replay(read_table("stacktics", game_to_play("stacktics"), {"start": [word]}, KEY))
    except BoardgenError as error:
        assert str(error).startswith(("the link's start position", "the start position"))


# -- against the computer: the address signed, the throws the server's ------------------------------------------

def _a_game_against_the_computer(moves: int = 3) -> tuple[Played, TableView]:
    played, view = _open("ur", "against=greedy", random.Random(4))
    rng = random.Random(4)
    for _ in range(moves):
        played, view = _click_a_move(played, view, rng)
    return played, view


def _edited(query: dict[str, list[str]], key: str, change) -> dict[str, list[str]]:
    edited = {name: list(values) for name, values in query.items()}
    edited[key] = change(edited.get(key, []))
    return edited


def _other_throw(steps: list[str]) -> list[str]:
    first = next(n for n, step in enumerate(steps) if is_throw(step))
    return [*steps[:first], "4:" if steps[first] != "4:" else "3:", *steps[first + 1:]]


EDITS = {
    "a throw chosen": ("s", _other_throw),
    "a move rewritten": ("s", lambda steps: [*steps[:-2], "pass" if steps[-2] != "pass" else "in-d1", steps[-1]]),
    "a step added": ("s", lambda steps: [*steps, "4:"]),
    "a step taken out": ("s", lambda steps: steps[:-1]),
    "the sides swapped": ("side", lambda _: ["player 1"]),
    "the computer made weaker": ("against", lambda _: ["random"]),
    "a start given": ("start", lambda _: [pack(GAMES["ur"].engine.rules.write(GAMES["ur"].engine.rules.start()))]),
    "the seed changed": ("g", lambda seed: [seed[0][::-1]]),
    "a rule option added": ("rule.rosettes", lambda _: ["open"]),
    "the signature left out": ("sig", lambda _: []),
    "a signature of its own": ("sig", lambda _: ["A" * 43]),
}


@pytest.mark.parametrize("edit", EDITS)
def test_an_edited_link_against_the_computer_is_refused_in_words(edit):
    played, _ = _a_game_against_the_computer()
    query = parse_qs(played.table.query())
    assert replay(read_table("ur", played.table.game, query, KEY)).position == played.position  # as written: fine
    name, change = EDITS[edit]
    with pytest.raises(BoardgenError, match=re.escape(CHANGED)):
        replay(read_table("ur", played.table.game, _edited(query, name, change), KEY))


def test_the_same_link_opens_with_the_same_key_only():
    played, _ = _a_game_against_the_computer()
    query = parse_qs(played.table.query())
    again = replay(read_table("ur", game_to_play("ur"), query, bytes(KEY)))  # the key kept, the server started anew
    assert again.position == played.position
    with pytest.raises(BoardgenError, match=re.escape(CHANGED)):
        read_table("ur", game_to_play("ur"), query, b"another server's key")


def test_people_at_one_screen_keep_an_unsigned_link_theirs_to_edit():
    played, view = _open("ur", "", random.Random(6))
    assert not played.table.signed and "sig" not in parse_qs(view.table.query())
    edited = _other_throw(list(played.table.steps)) if played.table.steps else ["4:"]
    assert replay(read_table("ur", game_to_play("ur"), {"s": edited}, KEY)).played[0].throw == edited[0][:-1]


def test_the_same_address_throws_the_same_and_a_new_game_throws_anew():
    played, _ = _a_game_against_the_computer()
    before = replay(played.table.played_on(played.table.steps[:-1]))  # the person's throw not yet made
    first, second = advanced(before, random.Random(1)), advanced(before, random.Random(2))
    assert first is not None and first.steps == second.steps == played.table.steps
    seeds = {advanced(replay(played.table.anew()), random.Random(1)).seed for _ in range(5)}
    assert len(seeds) == 5 and played.table.seed not in seeds


def test_a_start_whose_throw_is_made_is_no_game_against_the_computer():
    rules = GAMES["ur"].engine.rules
    thrown = pack(rules.write(play_steps(rules, rules.start(), ["4:"])))
    with pytest.raises(BoardgenError, match="the start position's throw is made already"):
        read_table("ur", game_to_play("ur"), {"against": ["greedy"], "start": [thrown]}, KEY)
    assert read_table("ur", game_to_play("ur"), {"start": [thrown]}, KEY).begin == \
        play_steps(rules, rules.start(), ["4:"])  # two people at one screen may
    due = pack(rules.write(rules.start()))
    played, view = _open("ur", f"against=greedy&start={due}")  # a throw due: the page throws it
    assert played.table.seed and is_throw(played.table.steps[0]) and view.throw is not None


def test_the_computer_cannot_take_every_seat():
    with pytest.raises(BoardgenError, match="the computer cannot play every side: leave one to a person"):
        read_table("ur", game_to_play("ur"), {"against": ["greedy"], "side": ["player 1", "player 2"]}, KEY)


# -- 2 to 4 at the table ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4])
def test_ludo_is_played_by_as_many_as_are_asked_for(players):
    played, view = _open("ludo", f"players={players}&against=greedy", random.Random(players))
    table = played.table
    assert table.players == tuple(f"player {n}" for n in range(1, players + 1))
    assert table.sides == table.players[1:]  # the computer takes every seat but the first
    assert [seat.side.words for seat in view.sides] == \
        [f"{side} ({colour})" for side, colour in zip(GAMES["ludo"].side_names, ["red", "yellow", "blue", "green"],
                                                      strict=True)][:players]  # the file's [about] sides
    assert [seat.waiting for seat in view.sides] == [4] * players
    assert view.seat_counts == (2, 3, 4) and len(view.seats) == 4
    rng = random.Random(players)
    for _ in range(6):
        played, view = _click_a_move(played, view, rng)
    assert {step.player for step in played.played} == set(table.players)  # everyone has had a turn
    assert parse_qs(view.table.query())["players"] == [str(players)]
    again = replay(read_table("ludo", table.game, parse_qs(view.table.query()), KEY))
    assert again.position == played.position


def test_a_number_of_players_the_game_does_not_allow_is_refused():
    with pytest.raises(BoardgenError, match=r"Ludo is played by 2, 3 or 4 players, not '5'"):
        read_table("ludo", game_to_play("ludo"), {"players": ["5"]}, KEY)
    with pytest.raises(BoardgenError, match=r"Ur is played by 2 players, not '3'"):
        read_table("ur", game_to_play("ur"), {"players": ["3"]}, KEY)
    rules = GAMES["ludo"].engine.rules.seated(3)
    with pytest.raises(BoardgenError, match="the start position is a game of 3 players, not 2"):
        read_table("ludo", game_to_play("ludo"), {"players": ["2"], "start": [pack(rules.write(rules.start()))]}, KEY)
    played, view = _open("ludo", f"start={pack(rules.write(rules.start()))}")  # its players taken from it
    assert len(view.sides) == 3


# -- what the table shows -------------------------------------------------------------------------------------------

def _frames(svg: bytes) -> list[tuple[tuple[float, float, float, float], bool]]:
    """The last move's frames: (x, y, width, height), and whether dashed (where it came from)."""
    return [(tuple(float(rect.get(name)) for name in ("x", "y", "width", "height")),
             rect.get("stroke-dasharray") is not None)
            for rect in _layer(svg, "lines").iter(f"{SVG}rect") if rect.get("stroke") == LAST]


def test_the_last_move_is_framed_where_it_came_from_and_where_it_went():
    played, view = _open("stacktics", "s=b1/1-c2")
    grid = played.position.variant.grid
    came, went = (view.picture.boxes[grid.parse(name)] for name in ("b1", "c2"))
    assert sorted(_frames(view.picture.svg), key=lambda frame: frame[1]) == [
        (tuple(pytest.approx(side) for side in went.grown(-0.08 * went.width)), False),
        (tuple(pytest.approx(side) for side in came.grown(-0.08 * came.width)), True)]
    played, view = _open("ur", "s=2:&s=in-c1&s=3:")  # a piece entering the board came from no field
    c1 = view.picture.boxes[played.position.variant.grid.parse("c1")]
    assert _frames(view.picture.svg) == [(tuple(pytest.approx(side) for side in c1.grown(-0.08 * c1.width)), False)]
    _, view = _open("stacktics")
    assert _frames(view.picture.svg) == []  # nothing played yet


def test_the_computers_move_is_framed_and_told_before_my_turn():
    played, view = _open("ur", "against=greedy&side=player+1", random.Random(3))
    last = played.last_move
    assert last is not None and last.player == "player 1" and view.to_move == "player 2"
    assert view.told and view.told[-1].startswith("Bottom row (red, the computer) threw ")  # Ur's sides
    grid = played.position.variant.grid
    did = {"pass": "passed", "enter": f"entered a piece on {grid.name(last.reached[-1]) if last.reached else ''}"}
    if last.origin is not None and not last.reached:
        did["track"] = f"moved the piece on {grid.name(last.origin)} off the board"
    assert view.told[-1].endswith(f" and {did.get(last.kind, f'played {last.move}')}.")
    box = view.picture.boxes[last.reached[-1]] if last.reached else None
    assert box is None or any(not dashed and frame == pytest.approx(tuple(box.grown(-0.08 * box.width)))
                              for frame, dashed in _frames(view.picture.svg))
    assert view.turn.startswith("Top row (yellow) to move, with the throw ")


def test_a_players_own_move_again_is_told_as_such():
    _, view = _open("ur", "s=4:&s=in-a1")  # onto the rosette on a1: player 1 throws again
    assert view.to_move == "player 1"
    assert view.told == ("Bottom row (red) threw 4 and entered a piece on a1 and moves again.",)


@pytest.mark.parametrize("name", ENGINES)
def test_pieces_off_the_board_are_drawn_in_their_players_colours(name):
    rules, shows = GAMES[name].engine.rules, GAMES[name].engine.presentation
    rng = random.Random(2)
    going = rules.start()
    for position in random_game(rules, rng, 400):  # on until a piece has left the board for good, where it can
        going = position if rules.outcome(position) is None else going
        if rules.outcome(position) is not None or any(shows.standing(position).get("finished", {}).values()):
            break
    _, view = _open(name, f"start={pack(rules.write(going))}")
    standing = shows.standing(view.table.begin)
    for seat in view.sides:
        key = str(shows.player_json(seat.side.player))
        for count, picture, where in ((seat.waiting, seat.waiting_picture, "waiting"),
                                      (seat.finished, seat.finished_picture, "finished")):
            assert count == standing.get(where, {}).get(key, 0)
            if count == 0:
                assert picture is None
                continue
            pieces = list(_layer(picture.svg, "marks").iter(f"{SVG}circle"))
            assert len(pieces) == count and {piece.get("fill") for piece in pieces} == {seat.side.fill}


@pytest.mark.parametrize("name", [name for name in ENGINES if GAMES[name].engine.rules.chance(
    GAMES[name].engine.rules.start())])
def test_the_throw_is_drawn_as_the_games_own_dice_or_sticks(name):
    game = GAMES[name]
    _, view = _open(name, "", random.Random(7))
    throw = view.throw
    assert throw is not None and view.turn.endswith(f"with the throw {throw.words}.")
    kit = [piece for piece in game.pieces.kit(game.default_variant).pieces if piece.kind in ("die", "stick")]
    svg = view.throw_picture.svg
    dice = list(_layer(svg, "marks").iter(f"{SVG}polygon"))
    sticks = list(_layer(svg, "fields").iter(f"{SVG}rect"))
    dots = list(_layer(svg, "marks").iter(f"{SVG}circle"))
    thrown = [thrown for pieces in throw.sets for thrown in pieces]
    assert len(dice) == sum(1 for piece in thrown if piece.kind == "die")
    assert len(sticks) == sum(1 for piece in thrown if piece.kind == "stick")
    assert {piece.kind for piece in thrown} <= {piece.kind for piece in kit}  # the game's own kind of piece
    assert len(dots) == sum(throw.values)  # every pip and dot up counts, and nothing else is drawn as one
    assert "".join(map(str, throw.values)) == view.last_throw or sum(throw.values) == int(view.last_throw)


def test_each_side_is_named_by_the_game_in_its_colour():
    _, view = _open("iacta")
    assert [seat.side.words for seat in view.sides] == ["red", "yellow"]  # a built-in game's own words
    assert view.turn.startswith("Red to move, with the throw ")
    _, view = _open("ur")
    assert [seat.side.words for seat in view.sides] == ["bottom row (red)", "top row (yellow)"]  # its [about] sides
    assert [seat.side.fill for seat in view.sides] == ["#d7263d", "#f2c14e"]
    _, view = _open("snakes-and-ladders")  # a file that names no sides: its players, by their colour
    assert [seat.side.words for seat in view.sides][:2] == ["player 1 (red)", "player 2 (yellow)"]


def _near_the_end(name: str, seed: int, plies: int = 16) -> str:
    """A position of a random game of `name` a few plies before its end, where a throw is due (in a game that
    throws), packed for an address's `start`: a whole game clicked through takes a long while."""
    rules = GAMES[name].engine.rules
    rng = random.Random(seed)
    positions = list(random_game(rules, rng, 4999))
    throws = rules.throw_due(rules.start())
    near = next(position for position in positions[-plies:]
                if rules.outcome(position) is None and (rules.throw_due(position) or not throws))
    return pack(rules.write(near))


def test_a_game_that_names_its_sides_is_played_by_them():
    """Fox and Geese names its sides in its file ([about] sides = ["geese", "fox"])."""
    assert GAMES["fox-and-geese"].side_names == ("geese", "fox")
    played, view = _open("fox-and-geese", "against=greedy", random.Random(1))
    assert [seat.side.tagged for seat in view.sides] == ["geese (red)", "fox (yellow, the computer)"]
    assert view.turn == "Geese (red) to move."
    played, view = _open("fox-and-geese", f"against=greedy&start={_near_the_end('fox-and-geese', 1)}", random.Random(1),
                         )
    rng = random.Random(1)
    for _ in range(200):
        if view.outcome:
            break
        played, view = _click_a_move(played, view, rng)
    assert re.fullmatch(r"(Geese \(red\)|Fox \(yellow, the computer\)) has won: .+\.", view.outcome)
    assert "player" not in view.outcome


def test_a_finished_game_says_only_who_won_and_why():
    played, view = _open("snakes-and-ladders", f"against=random&start={_near_the_end('snakes-and-ladders', 5)}",
                         random.Random(5))
    rng = random.Random(5)
    for _ in range(300):
        if view.outcome:
            break
        played, view = _click_a_move(played, view, rng)
    outcome = played.table.rules.outcome(played.position)
    winner = {"player 1": "Player 1 (red)", "player 2": "Player 2 (yellow, the computer)"}[outcome.winner]
    assert view.outcome == f"{winner} has won: {outcome.reason}."
    assert view.turn == "" and view.told == () and view.moves == () and view.throw is None
    assert "to move" not in view.outcome


def test_entering_the_board_is_headed_by_what_the_move_does():
    _, view = _open("ur", "s=1:")
    assert [(group.kind, group.heading) for group in view.off_board] == [("enter", "Enter a piece")]
    assert [link.notation for link in view.unplaced] == ["in-d1"]


def test_the_throws_after_a_move_are_drawn_from_the_moves_before_them():
    """Against the computer a throw comes from the server's key, the game's seed and every step before it: the
    same address throws the same (a reload never throws again), and another move before it draws anew, so a
    move's link shows only where that move leads, not the throws every other move would meet."""
    from boardgen.products.play_session.signing import step_dice

    same = [step_dice(KEY, "ur", "seed", ("2:", "in-c1")).random() for _ in range(2)]
    other = step_dice(KEY, "ur", "seed", ("2:", "in-b3")).random()
    later = step_dice(KEY, "ur", "seed", ("2:", "in-c1", "3:")).random()
    assert same[0] == same[1] and len({same[0], other, later}) == 3
    assert step_dice(b"another key" * 3, "ur", "seed", ("2:", "in-c1")).random() != same[0]


# -- the games of placing, sowing and dice used one by one ---------------------------------------------------------

def test_each_pits_seeds_are_written_in_its_box_after_every_sowing():
    """Kalah sown by one click on a pit: every pit's and store's count is written on it, where the page's link
    lies over it, and a pit sown empty shows none."""
    played, view = _open("kalah")
    assert {spot.kind for spot in view.spots} == {"play"} and view.how == "Tap one of your pits to sow its seeds."
    rng = random.Random(3)
    for _ in range(6):
        played, view = _click_a_move(played, view, rng)
        position, grid = played.position, played.position.variant.grid
        seeds = {grid.name(field): count for field, count in
                 ((grid.parse(name), count) for name, count in _seeds(played.table.rules.write(position)).items())}
        written = {}
        for text in _layer(view.picture.svg, "marks").iter(f"{SVG}text"):
            x, y = float(text.get("x")), float(text.get("y"))
            (field,) = [grid.name(field) for field, box in view.picture.boxes.items()
                        if box.x <= x <= box.right and box.y <= y <= box.bottom]
            written[field] = int(text.text)
        assert written == {name: count for name, count in seeds.items() if count}


def _seeds(text: str) -> dict[str, int]:
    """A sowing position file's [seeds]."""
    section = text.split("[seeds]")[1].split("[")[0]
    return {name: int(count) for name, count in re.findall(r"^(\w+) = (\d+)$", section, re.M)}


def test_what_each_side_has_captured_is_its_own_standing():
    played, view = _open("oware", "against=greedy", random.Random(2))
    rng = random.Random(2)
    while not any(seat.captured for seat in view.sides):
        played, view = _click_a_move(played, view, rng)
    standing = played.table.engine.presentation.standing(played.position)["captured"]
    assert [seat.captured for seat in view.sides] == [standing["1"], standing["2"]]
    _, view = _open("ur")
    assert [seat.captured for seat in view.sides] == [None, None]  # a race counts none


def test_pieces_in_hand_are_to_place_and_a_click_on_a_field_places_one():
    played, view = _open("connect-four", "s=d1")
    assert view.waiting_words == "to place" and view.how == "Tap a marked field to place a piece there."
    assert sorted(spot.field for spot in view.spots if spot.kind == "to") == ["a1", "b1", "c1", "d2", "e1", "f1", "g1"]
    assert [link.shown for link in view.unplaced] == ["a1", "b1", "c1", "d2", "e1", "f1", "g1"]
    assert view.told == ("Player 1 (red) placed a piece on d1.",)
    _, view = _open("ur", "s=4:")
    assert view.waiting_words == "waiting"


@pytest.mark.parametrize(("label", "dice"), [("6666", [6, 6, 6, 6]), ("666", [6, 6, 6]), ("53", [5, 3]), ("3", [3])])
def test_dice_still_to_use_are_drawn_one_die_each(label, dice):
    throw = throw_of(GAMES["backgammon"], label, 1, "red", each_die=True)
    assert [[thrown.value for thrown in pieces] for pieces in throw.sets] == [dice]
    assert {thrown.kind for pieces in throw.sets for thrown in pieces} == {"die"}
    assert throw.words == " and ".join(", ".join(map(str, dice)).rsplit(", ", 1))


def test_a_rule_option_is_in_the_address_and_the_game_plays_by_it():
    game = game_to_play("ludo")
    table = read_table("ludo", game, {"rule.blocks": ["on"], "against": ["greedy"]}, KEY)
    assert table.options == (("blocks", "on"),) and 'blocks = "on"' in table.rules.write(table.begin)
    played, view = _open("ludo", "rule.blocks=on&against=greedy")
    assert parse_qs(view.table.query())["rule.blocks"] == ["on"] and view.played_rules == "blocks on"
    assert [(rule.key, rule.values, rule.value) for rule in view.rules] == [("rule.blocks", ("off", "on"), "on")]
    usual = read_table("ludo", game, {"rule.blocks": ["off"]}, KEY)  # the usual rule: said by nothing
    assert usual.options == () and "rule." not in usual.query()
    with pytest.raises(BoardgenError, match="Ludo's rule option blocks is off or on, not 'sometimes'"):
        read_table("ludo", game, {"rule.blocks": ["sometimes"]}, KEY)
    with pytest.raises(BoardgenError, match="Ur has no rule option 'blocks'; its rule options: rosettes"):
        read_table("ur", game_to_play("ur"), {"rule.blocks": ["on"]}, KEY)


def _clicked(played: Played) -> set[str]:
    """The queries of every move a person can play by clicking: a field's link that plays at once, a move in words
    off the board, or a piece's link and then where it goes (and, where several moves go there, one of them)."""
    view = table_view(played)
    reached = {link.query for link in view.unplaced}
    for spot in view.spots:
        if spot.kind in ("to", "play") and "to" not in parse_qs(spot.query):
            reached.add(spot.query)
        elif spot.kind in ("from", "to"):  # a piece chosen (or, for a field of several moves, where it goes)
            asked = parse_qs(spot.query)
            chosen = table_view(played, asked["from"][0], asked.get("to", [""])[0])
            reached |= {link.query for link in chosen.choices}
            for target in chosen.spots:
                if target.kind == "to":
                    again = parse_qs(target.query)
                    reached |= {link.query for link in table_view(played, again["from"][0], again["to"][0]).choices} \
                        if "to" in again else {target.query}
    return reached


@pytest.mark.parametrize("name", ENGINES)
def test_every_legal_move_can_be_played_by_clicking(name):
    """In positions of a random game, every move the rules allow is a link a person can reach by clicks."""
    rules = GAMES[name].engine.rules
    positions = [position for position in random_game(rules, random.Random(6), most=300)
                 if rules.outcome(position) is None and not rules.throw_due(position)]
    for position in positions[:: max(1, len(positions) // 4)][:4]:
        played, view = _open(name, f"start={pack(rules.write(position))}")
        if view.outcome or view.computer_to_move:
            continue
        assert _clicked(played) >= {link.query for link in view.moves}, name
