"""Commands that run a face rather than make a product (`serve`: the web page) are the command line's own: the
products, a tier below the faces, never name them, and `boardgen --help` lists them without loading the page."""

from __future__ import annotations

import subprocess
import sys

import click
import pytest
from helpers import run_cli

from boardgen.cli.app import COMMANDS, declaration, main
from boardgen.options import Mode
from boardgen.products.declared import ALIASES, PRODUCTS


def test_help_lists_every_command_with_its_summary():
    shown = " ".join(run_cli("--help").output.split())
    summaries = {**{name: listed.summary for name, listed in PRODUCTS.items()},
                 **{name: face.summary for name, face in COMMANDS.items()}}
    assert "serve" in summaries
    for name, summary in summaries.items():
        assert f"{name} {summary}" in shown, name
    assert not set(COMMANDS) & (set(PRODUCTS) | set(ALIASES))  # one command to a name


def test_help_lists_serve_without_loading_the_web_page():
    code = (
        "import sys; from boardgen.cli import main\n"
        "sys.argv = ['boardgen', '--help']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('web:' + ','.join(sorted(m for m in sys.modules if m == 'boardgen.web' or m.startswith('boardgen.web.')"
        " or m in ('flask', 'waitress'))))\n"
    )
    completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert completed.returncode == 0, completed.stderr
    lines = completed.stdout.strip().splitlines()
    assert any(line.split()[:1] == ["serve"] for line in lines), completed.stdout
    assert lines[-1] == "web:"


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_face_command_offers_exactly_its_declared_options(name):
    declared = declaration(name)
    assert declared is not None and declared.name == name and declared.mode is Mode.COMMAND
    assert declared.run is not None  # what the command does: the face it runs
    command = main.get_command(click.Context(main), name)
    assert command is not None
    assert [param.name for param in command.params if param.name != "help"] == \
        [option.name.replace("-", "_") for option in declared.options]
    for option in declared.options:
        assert option.help_text(), (name, option.name)
        if option.default is not None:
            assert option.convert(option.default) == option.default, (name, option.name)


def test_no_declaration_for_a_name_that_is_no_command():
    assert declaration("no-such-command") is None
    result = run_cli("no-such-command")
    assert result.exit_code == 2 and "no-such-command" in result.output
