"""Options declared once: the command line is built from the declarations, and refuses what they refuse."""

from __future__ import annotations

from pathlib import Path

import click
import pytest
from helpers import assert_one_line_error, run_cli

from boardgen.cli import main
from boardgen.options import Kind, OptionError
from boardgen.products.declared import PRODUCTS, product

PACKAGE = Path(__file__).resolve().parent.parent / "boardgen"


def _command(name: str) -> click.Command:
    command = main.get_command(click.Context(main), name)
    assert command is not None
    return command


@pytest.mark.parametrize("name", sorted(PRODUCTS))
def test_every_command_offers_exactly_its_declared_options(name):
    declared = [option.name.replace("-", "_") for option in product(name).options]
    assert [param.name for param in _command(name).params if param.name != "help"] == declared


def test_no_command_reads_parameters_behind_the_declarations_back():
    for path in (PACKAGE / "cli").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "ctx.params" not in text and "context.params" not in text, path.name


# (command line, the same request as a web form or a URL would give it, words of the message)
SAME_REFUSALS = [
    (["board", "iacta", "--field", "nan"], "board", {"game": "iacta", "field": "nan"}, "--field"),
    (["board", "iacta", "--field", "0"], "board", {"game": "iacta", "field": "0"}, "from 5"),
    (["board", "iacta", "--palette", "pink"], "board", {"game": "iacta", "palette": "pink"}, "cud"),
    (["board", "iacta", "--format", "svg", "--paper", "a3"], "board",
     {"game": "iacta", "format": "svg", "paper": "a3"}, "PDF only"),
    (["board", "iacta", "--kerf", "0"], "board", {"game": "iacta", "kerf": "0"}, "add --laser"),
    (["board", "iacta", "--laser", "--format", "png"], "board", {"game": "iacta", "laser": "on", "format": "png"},
     "SVG or DXF"),
    (["board", "stacktics", "--variant", "9x9"], "board", {"game": "stacktics", "variant": "9x9"}, "boards: 5x5"),
    (["pieces", "alea", "--sides", "fold"], "pieces", {"game": "alea", "sides": "fold"}, "one-sided"),
    (["giftset", "iacta", "--card", "0.01"], "giftset", {"game": "iacta", "card": "0.01"}, "0.1 to 2"),
    (["giftset", "iacta", "--bed", "huge"], "giftset", {"game": "iacta", "bed": "huge"}, "bed size"),
    (["lego", "iacta", "--dice", "3", "--dice-red", "2"], "lego", {"game": "iacta", "dice": "3", "dice-red": "2"},
     "not both"),
    (["simulate", "iacta", "--games", "0"], "simulate", {"game": "iacta", "games": "0"}, "1 to 1000000"),
]


@pytest.mark.parametrize("args, name, form, words", SAME_REFUSALS, ids=[" ".join(case[0]) for case in SAME_REFUSALS])
def test_a_bad_value_gets_the_same_message_from_the_command_line_and_from_a_form(in_tmp, args, name, form, words):
    result = run_cli(*args)
    assert_one_line_error(result, words)
    with pytest.raises(OptionError) as refused:
        product(name).values(form)
    assert result.output.strip() == f"boardgen: error: {refused.value}"


def test_an_option_is_refused_because_it_was_given_not_because_of_its_value(in_tmp):
    # --margin 0 and --kerf 0 are values that read as "nothing": given where they mean nothing, they are refused.
    assert_one_line_error(run_cli("board", "iacta", "--format", "svg", "--margin", "0"), "--margin", "PDF only")
    assert_one_line_error(run_cli("board", "iacta", "--kerf", "0"), "--kerf", "add --laser")
    assert run_cli("board", "alea", "--no-arrows", "-o", "a.pdf").exit_code == 0  # asks for nothing


def test_defaults_come_from_the_declaration():
    values = product("board").values({"game": "IACTA"})
    assert values["game"] == "iacta" and values["palette"] == "classic" and values["format"] == "pdf"
    assert values["dpi"] == 300 and values["coordinates"] is True and not values.given("palette")


def test_an_unknown_option_from_a_form_names_the_options():
    with pytest.raises(OptionError, match="no option 'colour'.*palette"):
        product("board").values({"game": "iacta", "colour": "red"})


@pytest.mark.parametrize(("raw", "option"), [
    ({"game": "iacta", "dpi": "abc"}, "dpi"),  # the kind's conversion
    ({"game": "iacta", "dpi": "5"}, "dpi"),  # the range
    ({"game": "iacta", "palette": "nonsense"}, "palette"),  # the choices
    ({"game": "iacta", "kerf": "0.2"}, "kerf"),  # does not apply to this request
    ({"game": "iacta", "variant": "9x9"}, "variant"),  # a check of several options
    ({"game": "iacta", "format": "dxf"}, "format"),  # another: laser formats need --laser
    ({"game": "iacta", "colour": "red"}, ""),  # no such option: the request as a whole
])
def test_an_option_error_names_its_option(raw, option):
    with pytest.raises(OptionError) as raised:
        product("board").values(raw)
    assert raised.value.option == option


def test_defaults_live_in_the_declaration_and_help_shows_them():
    board = product("board")
    assert board.option("kerf").default == 0.1 and board.option("thickness").default == 3
    assert product("simulate").option("games").default == 200
    shown = run_cli("board", "--help").output
    assert "[default: 0.1]" in " ".join(shown.split()) and "[default: 3]" in " ".join(shown.split())
    for name in sorted(PRODUCTS):  # a default said in words is said once: by the declaration, not its help
        for declared in product(name).options:
            if declared.default is not None and declared.default != "" and not declared.repeated:
                assert "[default:" not in declared.help_text(), (name, declared.name)


@pytest.mark.parametrize("name", sorted(PRODUCTS))
def test_every_declaration_is_complete(name):
    for option in product(name).options:
        assert option.help_text(), (name, option.name)
        assert option.name == option.name.lower() and " " not in option.name
        if option.kind is Kind.CHOICE:
            assert option.choice_list(), (name, option.name)
        if option.kind is Kind.NUMBER:
            assert option.low is not None and option.high is not None, (name, option.name)
        if option.default is not None and not option.repeated:
            assert option.convert(option.default) == option.default, (name, option.name)


@pytest.mark.parametrize("args, written", [
    (("board", "iacta", "-o", "b.svg"), ("b.svg", b"<?xml")),
    (("board", "iacta", "-o", "b.png", "--dpi", "40"), ("b.png", b"\x89PNG")),
    (("pieces", "alea", "-o", "p.svg"), ("p-p1.svg", b"<?xml")),
    (("board", "iacta", "--laser", "-o", "l.dxf"), ("l.dxf", b"  0\nSECTION")),
    (("diagram", "sample:iacta/01-start", "-o", "d.pdf"), ("d.pdf", b"%PDF")),
    (("lego", "iacta", "-o", "bricks.csv"), ("bricks.csv", b"player,dice")),
])
def test_the_file_name_says_the_format_when_format_is_not_given(in_tmp, args, written):
    assert run_cli(*args).exit_code == 0
    name, start = written
    assert (in_tmp / name).read_bytes().startswith(start)


@pytest.mark.parametrize("args, words", [
    (("board", "iacta", "--format", "png", "-o", "y.pdf"), "names a PDF file, but --format asks for PNG"),
    (("board", "iacta", "-o", "y.dxf"), "add --laser"),
    (("board", "iacta", "--laser", "-o", "y.png"), "not PNG"),
    (("rules", "iacta", "-o", "r.svg"), "a rule sheet is a PDF"),
    (("lego", "iacta", "--format", "json", "-o", "l.csv"), "names a csv file"),
])
def test_a_file_name_that_contradicts_the_format_is_refused(in_tmp, args, words):
    assert_one_line_error(run_cli(*args), words)
    assert list(in_tmp.iterdir()) == []
