"""The play session as a library (boardgen.products.play_session), driven without a server for every game with a
rules engine: a table read from its address, the dice thrown and the computer's moves made from a seeded random
source, a move played by clicking the fields' links, Undo, the link replayed, a bad address refused in words; and
the picture's field boxes checked against the SVG itself: each lies on the field's drawn square, under its
column's letter and beside its row's number, over the piece or the mark the link is about."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from urllib.parse import parse_qs

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
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
    COMPUTER,
    MOST_STEPS,
    Played,
    Spot,
    TableView,
    game_to_play,
    is_throw,
    pack,
    playable,
    read_table,
    replay,
    steps_due,
    table_view,
    undone,
    unpack,
)

ENGINES = [name for name, game in GAMES.items() if game.engine is not None]
SVG = "{http://www.w3.org/2000/svg}"


def _open(name: str, query: str = "", dice: random.Random | None = None) -> tuple[Played, TableView]:
    """The table at an address (`name`, `query`) as a person sees it: after the steps the table makes itself."""
    asked = parse_qs(query)
    table = read_table(name, game_to_play(name), asked)
    played = replay(table)
    made = steps_due(played, dice or random.Random(1))
    if made:
        played = replay(read_table(name, table.game, parse_qs(table.query([*table.steps, *made]))))
    return played, table_view(played, asked.get("from", [""])[0], asked.get("to", [""])[0])


def _click_a_move(played: Played, view: TableView, rng: random.Random) -> tuple[Played, TableView]:
    """A piece's link, then where it goes (or one of several moves there); a piece entering the board by its
    link; or, where no field has a link, a move off the board from the list."""
    name = played.table.name
    pieces = [spot for spot in view.spots if spot.kind == "from"]
    if not pieces:
        entering = [spot for spot in view.spots if spot.kind == "to"]
        if entering:
            return _open(name, rng.choice(entering).query, rng)
        return _open(name, rng.choice(view.unplaced or view.moves).query, rng)
    played, view = _open(name, rng.choice(pieces).query, rng)
    targets = [spot for spot in view.spots if spot.kind == "to"]
    assert view.chosen and (targets or view.choices), "a chosen piece shows where it goes, or its moves in words"
    if not targets:
        return _open(name, rng.choice(view.choices).query, rng)
    played, view = _open(name, rng.choice(targets).query, rng)
    if view.choices:  # several moves reach that field: one of them, by its words
        return _open(name, rng.choice(view.choices).query, rng)
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
    squares = sorted((round(float(r.get("x")), 2), round(float(r.get("y")), 2), round(float(r.get("width")), 2),
                      round(float(r.get("height")), 2)) for r in _layer(picture.svg, "fields").iter(f"{SVG}rect"))
    assert sorted(tuple(round(side, 2) for side in box) for box in picture.boxes.values()) == squares
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
    start = replay(read_table(name, game, {}))
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
    again = replay(read_table(name, game, parse_qs(view.table.query())))
    assert rules.write(again.position) == rules.write(played.position)
    assert rules.write(play_steps(rules, rules.start(), played.table.steps)) == rules.write(played.position)


@pytest.mark.parametrize("name", ENGINES)
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
        pytest.skip(f"no piece of {name} moves on the board in its first 30 moves")
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
    table = read_table(name, game, {"against": [against], "side": [first]})  # the computer moves first
    made = steps_due(replay(table), random.Random(9))
    assert made == steps_due(replay(table), random.Random(9))
    assert any(not is_throw(step) for step in made), "the computer made no move"
    played = replay(read_table(name, game, parse_qs(table.query(made))))
    view = table_view(played)
    assert view.outcome or not view.computer_to_move
    if not view.outcome:  # a person to move: taking back nothing of theirs, there is nothing to undo
        assert view.undo is None


def test_undo_takes_back_my_move_with_the_computers_answer():
    played, view = _open("stacktics", "against=greedy", random.Random(2))
    played, view = _click_a_move(played, view, random.Random(2))
    assert len(played.table.steps) == 2 and view.undo == "against=greedy&side=" + played.table.side
    assert steps_due(played, random.Random(2)) == ()


def test_the_computer_thinking_ahead_answers_too():
    played, view = _open("stacktics", "against=mcts&side=red", random.Random(4))
    assert len(played.table.steps) == 1 and not view.computer_to_move and COMPUTER["mcts"].startswith("mcts:")


def test_the_picture_is_the_diagram_products_own():
    """The page's picture is what `boardgen diagram --format svg --moves --from` makes, byte for byte."""
    played, view = _open("stacktics", "from=c1")
    game = played.table.game
    look = BoardLook(field_size=game.default_field)
    output = output_for("svg", get_paper("a4"))
    loaded = Loaded(game, game.engine, played.position)
    made = render_document(diagram_document(loaded, look, output, "stacktics-play", True, (2, 0)), output,
                           game_look(game, "classic"))
    assert view.chosen == "c1" and made[0].data == view.picture.svg


def test_a_start_position_is_played_on_from():
    game = game_to_play("stacktics")
    rules = game.engine.rules
    moved = play_steps(rules, rules.start(), ["b1/1-c2"])
    played, view = _open("stacktics", f"start={pack(rules.write(moved))}")
    assert rules.write(played.position) == rules.write(moved) and view.moves_made == 0
    assert view.again == f"start={pack(rules.write(moved))}"


def test_the_games_that_can_be_played_are_those_with_an_engine():
    assert [game.name for game in playable()] == ENGINES


@pytest.mark.parametrize("name", ENGINES)
@pytest.mark.parametrize(("query", "said"), [
    ("s=zz99-zz100", "step 1 of the game cannot be played"),
    ("variant=99x99", "99x99"),
    ("side=green-and-purple", "the computer plays one of"),
    ("against=deep-blue", "the computer plays random, greedy, mcts, not 'deep-blue'"),
    ("start=AAAA", "the link's start position is damaged: copy the whole link again"),
    (f"start={pack('this is no position')}", "the link's start position cannot be read"),
    ("&".join(["s=x"] * (MOST_STEPS + 1)), f"the page replays at most {MOST_STEPS:,}"),
])
def test_a_bad_address_is_refused_in_words(name, query, said):
    with pytest.raises(BoardgenError, match=re.escape(said)):
        replay(read_table(name, game_to_play(name), parse_qs(query)))


def test_a_position_of_another_game_is_not_a_start():
    other = GAMES["alea"].engine.rules
    with pytest.raises(BoardgenError, match="the start position is an? .* position, not Stacktics"):
        replay(read_table("stacktics", game_to_play("stacktics"),
                          {"start": [pack(other.write(other.start()))]}))


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
        replay(read_table("stacktics", game_to_play("stacktics"), {"start": [word]}))
    except BoardgenError as error:
        assert str(error).startswith(("the link's start position", "the start position"))
