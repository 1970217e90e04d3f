"""Options by role, values by type: the command line and the page find the few options they must know (the file to
write, the format, the laser switch, the workers) by what each is for, never by its name; each product reads its
values as a typed object whose fields a test checks against its declaration."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import get_type_hints

import pytest
from helpers import run_cli

import boardgen
from boardgen.gamefiles.starter import starter_text
from boardgen.options import FromValues, Kind, Option, Place, Product, Role, Values
from boardgen.options.declared import misread
from boardgen.products.declared import PRODUCTS, Listed, product
from boardgen.products.document import RenderedFile
from boardgen.web.app import create_app

PACKAGE = Path(boardgen.__file__).parent
DECLARED = [product(name) for name in PRODUCTS]

HOST = {"Host": "127.0.0.1:8000"}
SAME = {**HOST, "Origin": "http://127.0.0.1:8000"}


# -- every role, as the registry declares it ---------------------------------------------------------------------

@pytest.mark.parametrize("declared", DECLARED, ids=lambda declared: declared.name)
def test_each_role_is_one_option_of_the_kind_it_needs(declared):
    for role in Role:
        having = [option for option in declared.options if option.role is role]
        assert len(having) <= 1, (declared.name, role)
        for option in having:
            assert option.kind in role.kinds and option.argument == role.argument, (declared.name, option.name)
    fmt = declared.option_for(Role.FORMAT)
    if fmt is not None:
        assert set(fmt.extensions) <= set(fmt.choice_list()), declared.name
        assert not fmt.laser_default or fmt.laser_default in fmt.choice_list(), declared.name
        assert bool(fmt.laser_default) == (declared.option_for(Role.LASER) is not None), declared.name
    for option in declared.options:
        assert option.role is Role.FORMAT or not (option.extensions or option.laser_default), option.name


@pytest.mark.parametrize("options, words", [
    ((Option("to", Kind.PATH, "A file.", role=Role.OUTPUT), Option("also", Kind.PATH, "Another.", role=Role.OUTPUT)),
     "OUTPUT is to, also"),
    ((Option("to", Kind.TEXT, "A file.", role=Role.OUTPUT),), "OUTPUT is to: one option of kind PATH"),
    ((Option("game", Kind.TEXT, "A game.", role=Role.GAME),), "GAME is game: one argument of kind TEXT or CHOICE"),
])
def test_a_role_the_front_ends_could_not_use_is_refused_where_it_is_declared(options, words):
    with pytest.raises(TypeError, match=re.escape(words)):
        Product("wrong", "A wrong declaration.", options)


def test_the_special_options_are_found_by_their_role():
    board, simulate, giftset = product("board"), product("simulate"), product("giftset")
    assert board.option_for(Role.FORMAT) is board.option("format") and board.option_for(Role.WORKERS) is None
    assert board.option_for(Role.LASER) is board.option("laser") and board.option_for(Role.OUTPUT).short == "-o"
    assert giftset.option_for(Role.REPLACE) is giftset.option("replace")
    assert giftset.option_for(Role.OUTPUT) is None  # a folder (--to), which the gift set writes itself
    values = simulate.values({"game": "iacta", "workers": "3", "scheduler": "tcp://10.0.0.1:8786"})
    place = simulate.place(values, note=print)
    assert (place.workers, place.scheduler) == (3, "tcp://10.0.0.1:8786")
    assert board.place(board.values({"game": "iacta"}), note=print) == Place(None, None, note=print)
    assert board.output_path(board.values({"game": "iacta", "output": "b.svg"})) == Path("b.svg")
    assert board.output_path(board.values({"game": "iacta"})) is None


def test_a_format_says_each_choices_extension():
    lego = product("lego").option_for(Role.FORMAT)
    assert [lego.extension(choice) for choice in lego.choice_list()] == ["txt", "csv", "json", "xml"]
    board = product("board").option_for(Role.FORMAT)
    assert [board.extension(choice) for choice in board.choice_list()] == list(board.choice_list())
    assert board.laser_default == "svg"


# -- the faces never name a special option ------------------------------------------------------------------------

ROLE_NAMES = frozenset(option.name for declared in DECLARED for option in declared.options if option.role)


# Module-level names whose words are not options: the placeholders of the page's messages ("{game}" in "there is no
# game {game}"), which web/words.py keeps as they are when it says a message in another language.
NOT_OPTIONS = frozenset({"KEPT", "NUMBERS", "MESSAGES"})


def names_looked_up(source: str, names: frozenset[str]) -> list[tuple[int, str]]:
    """(line, name) of every option name in `names` that `source` uses to find something: as a key or index, in a
    comparison, as an argument (but a text codec's errors: "replace"), or in a literal collection (but the message
    placeholders of NOT_OPTIONS)."""
    tree = ast.parse(source)
    found: list[tuple[int, str]] = []
    skipped = {id(inner) for node in tree.body if isinstance(node, ast.Assign)
               and any(isinstance(target, ast.Name) and target.id in NOT_OPTIONS for target in node.targets)
               for inner in ast.walk(node.value)}
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Subscript):
            candidates = [node.slice]
        elif isinstance(node, ast.Compare):
            candidates = [node.left, *node.comparators]
        elif isinstance(node, ast.Call):
            text_codec = isinstance(node.func, ast.Attribute) and node.func.attr in ("decode", "encode")
            candidates = [*([] if text_codec else node.args),
                          *(keyword.value for keyword in node.keywords if keyword.arg != "errors")]
        elif isinstance(node, ast.Tuple | ast.List | ast.Set):
            candidates = list(node.elts)
        elif isinstance(node, ast.Dict):
            candidates = [key for key in node.keys if key is not None]
        else:
            continue
        found += [(each.lineno, each.value) for each in candidates
                  if isinstance(each, ast.Constant) and each.value in names]
    return sorted(set(found))


def test_the_checker_finds_an_option_looked_up_by_name():
    source = (
        'path = values.get("output")\n'
        'laser = (query.get("laser") or ["false"])[-1]\n'
        'found = [o for o in options if o.name == "format"]\n'
        'shared = canonical(values, leave_out=("format",))\n'
        'fixed = values["workers"]\n'
        'text = data.decode("utf-8", "replace")\n'
        'text = path.read_text(encoding="ascii", errors="replace")\n'
        'stem = f"{stem or \'game\'}.toml"\n'
        'KEPT = frozenset({"game", "value"})\n'
        'OTHER = frozenset({"game"})\n'
    )
    assert names_looked_up(source, ROLE_NAMES) == [(1, "output"), (2, "laser"), (3, "format"), (4, "format"),
                                                   (5, "workers"), (10, "game")]


def test_the_command_line_and_the_page_never_name_a_special_option():
    found = []
    for path in sorted((PACKAGE / "cli").glob("*.py")) + sorted((PACKAGE / "web").glob("*.py")):
        found += [f"{path.parent.name}/{path.name}:{line} {name!r}"
                  for line, name in names_looked_up(path.read_text(encoding="utf-8"), ROLE_NAMES)]
        assert ".extra" not in path.read_text(encoding="utf-8"), path.name
    assert found == []


def test_no_template_lists_products_by_hand():
    """The links to products on the pages come from the registry: no template names a product's page."""
    for path in sorted((PACKAGE / "web" / "templates").glob("*.html")):
        text = path.read_text(encoding="utf-8")
        named = re.findall(r"/(?:make|download|jobs)/([a-z]+)", text)
        assert named == [], (path.name, named)


# -- typed values, checked against the declarations ---------------------------------------------------------------

@pytest.mark.parametrize("declared", [each for each in DECLARED if each.reads is not None],
                         ids=lambda declared: declared.name)
def test_each_products_typed_values_are_its_declared_options(declared):
    assert misread(declared.reads, declared.options) == []
    assert get_type_hints(declared.reads), declared.name


def test_the_long_work_reads_typed_values():
    assert {declared.name for declared in DECLARED if declared.reads is not None} >= {"report", "simulate", "study"}


@dataclass(frozen=True)
class _Misread(FromValues):
    game: str
    colour: str  # no such option
    games: float  # an integer
    rule: str  # repeated: a tuple
    output: Path  # none by default


def test_the_check_of_typed_values_finds_what_does_not_match():
    problems = misread(_Misread, product("report").options)
    assert problems[0] == "colour: there is no option 'colour'"
    assert [problem.split()[0] for problem in problems[1:]] == ["games", "rule", "output"]
    assert "--rule gives tuple[str, ...]" in problems[2]


def test_a_product_whose_typed_values_misread_its_options_is_refused_where_it_is_declared():
    with pytest.raises(TypeError, match="colour: there is no option 'colour'"):
        replace(product("report"), reads=_Misread)


def test_typed_values_hold_each_options_value_and_whether_it_was_given():
    report = product("report")
    asked = report.reads.of(report.values({"game": "IACTA", "fair-within": "0.05"}))
    assert (asked.game, asked.fair_within, asked.until, asked.games, asked.games_given) == \
        ("iacta", 0.05, None, 400, False)
    assert asked.stops and not asked.players_given and asked.players == "greedy,greedy"
    with pytest.raises(AttributeError):
        asked.games = 3  # frozen


def test_typed_values_of_missing_option_fail_at_once():
    with pytest.raises(KeyError):
        _Misread.of(Values({"game": "iacta", "games": 2, "rule": (), "output": None}))


# -- a product declared outside boardgen, whose special options have names of their own ------------------------

def _shapes(values):
    fmt = values["as"]
    return [RenderedFile(f"shapes-{values['of']}.{SHAPES.option_for(Role.FORMAT).extension(fmt)}",
                         f"{fmt} {values['cut']}\n".encode())]


SHAPES = Product("shapes", "Shapes of a game, declared in a test.", (
    Option("of", Kind.TEXT, "The game.", argument=True, role=Role.GAME, label="Game"),
    Option("as", Kind.CHOICE, "Written as.", default="text", choices=("text", "outline"),
           extensions={"text": "txt"}, laser_default="outline", role=Role.FORMAT),
    Option("cut", Kind.FLAG, "For a laser.", default=False, role=Role.LASER),
    Option("hint", Kind.TEXT, "A board.", suggestions=lambda game: [f"{game or 'any'}-board"]),
    Option("to", Kind.PATH, "File to write.", short="-o", role=Role.OUTPUT),
), make=_shapes, subject_link="Its shapes")


@pytest.fixture
def shapes(monkeypatch):
    monkeypatch.setitem(PRODUCTS, "shapes", Listed("Shapes.", __name__, "SHAPES"))


def test_the_page_finds_the_format_and_the_laser_switch_by_their_role(shapes):
    client = create_app().test_client()

    def download(**query: str) -> str:
        answer = client.get("/check/shapes", query_string={"subject": "iacta", **query}, headers=HOST).get_json()
        assert answer["errors"] == {}, answer
        return str(answer["download"])

    assert download() == "/download/shapes/iacta.txt"
    assert download(**{"as": "outline"}) == "/download/shapes/iacta.outline"
    assert download(cut="on") == "/download/shapes/iacta.outline?cut=true"  # the format's laser default
    assert download(cut="off") == "/download/shapes/iacta.txt"
    made = client.get("/download/shapes/iacta.outline?cut=true", headers=HOST)
    assert made.data == b"outline True\n"
    assert made.headers["Content-Disposition"] == 'attachment; filename="shapes-iacta.outline"'
    suggested = client.get("/check/shapes", query_string={"subject": "iacta"}, headers=HOST).get_json()
    assert suggested["suggestions"] == {"hint": ["iacta-board"]}  # for the game the form names, by its role
    assert 'name="to"' not in client.get("/make/shapes", headers=HOST).data.decode()  # a file on the server


def test_the_command_line_writes_to_the_output_option_whatever_its_name(shapes, in_tmp):
    result = run_cli("shapes", "iacta", "--as", "outline", "-o", "mine.outline")
    assert result.exit_code == 0, result.output
    assert (in_tmp / "mine.outline").read_bytes() == b"outline False\n"


def test_your_own_games_page_links_to_every_product_that_takes_a_game(shapes):
    client = create_app().test_client()
    page = client.get("/game", headers=HOST).data.decode()
    token = re.search(r'name="token" value="([^"]*)"', page).group(1)
    given = client.post("/game", data={"text": starter_text("racers"), "token": token}, headers=SAME)
    assert given.status_code == 200
    upload = re.search(r'href="/play/(up-[0-9a-f]+)"', given.data.decode()).group(1)
    links = re.findall(r'<a href="/make/(\w+)\?subject=' + upload + r'"><b>([^<]+)</b></a>', given.data.decode())
    assert links == [("board", "Its board to print"), ("pieces", "Its pieces"), ("rules", "Its rules"),
                     ("box", "Its box"), ("giftset", "All of it, boxed"), ("shapes", "Its shapes")]
