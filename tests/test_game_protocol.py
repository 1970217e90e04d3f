"""A game file and a built-in game are the same kind of thing to every product (games.game.Game).

Every built-in game, and game files for two, three and four players, go
through every product that prints or cuts; the products that play refuse a
file without rules in one line that says what would make it playable.
"""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2
import pytest
from click.testing import CliRunner
from game_file_texts import players_file
from registry import FOLDER_GAMES

from boardgen.cli import main
from boardgen.errors import BoardgenError
from boardgen.gamefiles import load_game_file
from boardgen.games.game import Game, chosen_variant, players_named, require_engine, year_text


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Path]:
    folder = tmp_path_factory.mktemp("games")
    made = {}
    for players in (2, 3, 4):
        path = folder / f"race{players}.toml"
        path.write_text(players_file(players), encoding="utf-8")
        made[players] = path
    return made


def _every_game(files: dict[int, Path]) -> list[Game]:
    return [*FOLDER_GAMES.values(), *(load_game_file(path) for path in files.values())]


def test_every_game_answers_the_protocol(files: dict[int, Path]) -> None:
    for game in _every_game(files):
        assert 2 <= len(game.players) <= 4, game.name
        assert game.variants and game.default_variant == game.variants[0]
        spec = game.board(game.default_variant)
        assert spec.grid.columns > 0 and spec.grid.rows > 0
        assert all(role for role in game.styles("cud")), game.name
        assert isinstance(game.notices("mono"), tuple)
        assert game.smallest_field <= game.default_field
        if game.engine is None:
            assert "[play]" in game.no_engine_reason
            with pytest.raises(BoardgenError, match=re.escape(game.no_engine_reason)):
                require_engine(game)
        else:
            assert require_engine(game) is game.engine


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_game_file_has_as_many_players_as_it_says(files: dict[int, Path], players: int) -> None:
    game = load_game_file(files[players])
    assert game.players == tuple(f"player {n}" for n in range(1, players + 1))


def test_players_are_two_to_four() -> None:
    assert players_named(("a", "b", "c")) == ("a", "b", "c")
    for wrong in ((), ("a",), ("a", "b", "c", "d", "e")):
        with pytest.raises(ValueError, match="2 to 4 players"):
            players_named(wrong)


def test_a_board_is_chosen_by_name_or_refused_naming_the_boards() -> None:
    stacktics = FOLDER_GAMES["stacktics"]
    assert chosen_variant(stacktics, None) == stacktics.default_variant
    assert chosen_variant(stacktics, "4X4").name == "4x4"
    with pytest.raises(ValueError, match="boards: "):
        chosen_variant(stacktics, "9x9")


def test_years_are_written_as_people_write_them() -> None:
    assert year_text(2001) == "2001"
    assert year_text(-2600) == "2600 BC"


def _pages(path: Path) -> int:
    document = pypdfium2.PdfDocument(path)
    try:
        return len(document)
    finally:
        document.close()


PRINTED = [
    ("board", (), "board-classic.pdf"),
    ("board", ("--format", "svg"), "board-classic.svg"),
    ("board", ("--format", "png"), "board-classic.png"),
    ("pieces", (), "pieces-classic.pdf"),
    ("rules", (), "rules-en.pdf"),
    ("box", (), "box.pdf"),
]


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize(("command", "extra", "suffix"), PRINTED)
def test_a_game_file_for_three_or_four_goes_through_every_printed_product(
        files: dict[int, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, players: int, command: str,
        extra: tuple[str, ...], suffix: str) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, [command, str(files[players]), *extra])
    assert result.exit_code == 0, result.output
    made = tmp_path / "output" / f"race{players}-{suffix}"
    assert made.is_file(), sorted(p.name for p in (tmp_path / "output").iterdir())
    if made.suffix == ".pdf":
        assert _pages(made) >= 1
    elif made.suffix == ".svg":
        assert b"<svg" in made.read_bytes()[:400]
    else:
        assert made.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("players", [3, 4])
def test_a_game_file_for_three_or_four_makes_a_gift_set_and_laser_files(
        files: dict[int, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, players: int) -> None:
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    for command in (["giftset", str(files[players])], ["giftset", str(files[players]), "--for", "laser"],
                    ["board", str(files[players]), "--laser"], ["pieces", str(files[players]), "--laser"],
                    ["diagram", f"{files[players]}#start"]):
        result = runner.invoke(main, command)
        assert result.exit_code == 0, (command, result.output)
    made = tmp_path / "output"
    assert _pages(made / f"race{players}-giftset" / f"01-race{players}-board.pdf") >= 1, \
        sorted(p.name for p in (made / f"race{players}-giftset").iterdir())
    assert list((made / f"race{players}-giftset-laser").glob("*.svg"))
    assert list(made.glob(f"race{players}-board*laser*.svg")), sorted(p.name for p in made.iterdir())
    assert list(made.glob(f"race{players}-pieces*laser*.svg")), sorted(p.name for p in made.iterdir())
    assert b"<svg" in (made / f"race{players}-start.svg").read_bytes()[:400]


@pytest.mark.parametrize("command", ["simulate", "report"])
def test_playing_a_game_file_without_rules_is_refused_saying_what_would_make_it_playable(
        files: dict[int, Path], command: str) -> None:
    result = CliRunner().invoke(main, [command, str(files[3])])
    assert result.exit_code == 2, result.output
    assert result.output.count("\n") == 1, result.output
    assert "[play]" in result.output


def test_checking_a_game_file_says_check_reads_positions(files: dict[int, Path]) -> None:
    result = CliRunner().invoke(main, ["check", str(files[3])])
    assert result.exit_code == 2, result.output
    assert result.output.count("\n") == 1, result.output
    assert "a game file, not a position" in result.output and "#NAME" in result.output


@pytest.mark.parametrize("palette", ["classic", "cud", "mono"])
def test_a_position_of_a_game_file_is_drawn_with_the_files_own_looks(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, palette: str) -> None:
    """A position file naming a shipped game file, drawn with its moves: the file's zones (the rosettes) are
    styled by the file, in every palette."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "p.toml").write_text('game = "ur"\nto_move = 1\nthrow = 3\n[pieces]\nd2 = 1\n[waiting]\n1 = 6\n2 = 7\n',
                                     encoding="utf-8")
    result = CliRunner().invoke(main, ["diagram", "p.toml", "--moves", "--palette", palette, "-o", "d.svg"])
    assert result.exit_code == 0, result.output
    assert b"<svg" in (tmp_path / "d.svg").read_bytes()[:400]
