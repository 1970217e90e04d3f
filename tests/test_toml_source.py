"""The one TOML reader of position files and game files: every key at its own line and column, whatever the
document's shape; nesting too deep refused at its line before tomllib recurses, in every command."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest
from helpers import assert_one_line_error, run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

from boardgen.engine import toml_source
from boardgen.engine.problems import Place
from boardgen.engine.toml_source import MAX_NESTING, TomlError, read_toml

# Keys as a file may write them: bare, and with spaces, dots, quotes or letters beyond ASCII (quoted).
KEYS = st.text(st.sampled_from("ab_-1 .é'Z"), min_size=1, max_size=5)
SCALARS = st.sampled_from(["1", "-2.5", "true", '"text"', "'lit'", "1979-05-27", '"""two\nlines"""',
                           "'''one\n'''", '"a # not a comment"'])


def written(key: str) -> str:
    """A key as TOML writes it: bare where it can be, else in quotes."""
    if re.fullmatch(r"[A-Za-z0-9_-]+", key):
        return key
    return "'" + key + "'" if "'" not in key else '"' + key.replace("\\", "\\\\").replace('"', '\\"') + '"'


@dataclass
class Document:
    """A TOML text being written, and where each key path must be found."""

    lines: list[str] = field(default_factory=list)
    expected: dict[tuple[str | int, ...], Place] = field(default_factory=dict)

    def add(self, text: str) -> None:
        self.lines.append(text)

    def key_values(self, table: tuple[str | int, ...], pairs: list[tuple[str, str, str | None]]) -> None:
        """`key = value` lines; a pair with an inner key is a dotted key (key.inner = value), or with a value of
        "{}" an inline table { inner = 1, "x y" = [1, { q = 2 }] }."""
        for key, value, inner in pairs:
            line = self.line()
            indent = "  " if len(table) % 2 else ""
            if inner is not None and value == "{}":
                head = f"{indent}{written(key)} = {{ "
                self.expected[(*table, key)] = Place(line, len(indent) + 1)
                self.expected[(*table, key, inner)] = Place(line, len(head) + 1)
                nested = f"{written(inner)} = 1, {written(inner + 'x')} = [1, {{ q = 2 }}]"
                self.expected[(*table, key, inner + "x")] = Place(line, len(head) + nested.index(", ") + 3)
                self.expected[(*table, key, inner + "x", 1, "q")] = Place(line, len(head) + nested.index("q") + 1)
                self.lines.append(head + nested + " }")
            elif inner is not None:
                self.expected[(*table, key, inner)] = Place(line, len(indent) + 1)
                self.lines.append(f"{indent}{written(key)} . {written(inner)} = {value}  # a comment")
            else:
                self.expected[(*table, key)] = Place(line, len(indent) + 1)
                self.lines.append(f"{indent}{written(key)} = {value}")

    def line(self) -> int:
        return len(self.lines) + sum(text.count("\n") for text in self.lines) + 1


PAIRS = st.lists(st.tuples(KEYS, st.one_of(SCALARS, st.just("{}")), st.one_of(st.none(), KEYS)), max_size=4,
                 unique_by=lambda pair: pair[0])


@st.composite
def documents(draw: st.DrawFn) -> Document:
    document = Document()
    document.add("# a document")
    top = draw(PAIRS)
    document.key_values((), top)
    used = {key for key, _, _ in top}
    for name in draw(st.lists(KEYS, max_size=3, unique=True)):
        if name in used:
            continue
        used.add(name)
        sub = draw(KEYS)
        if draw(st.booleans()):  # a table, and a table within it
            document.expected[(name,)] = Place(document.line(), 2)
            document.add(f"[{written(name)}]")
            pairs = draw(PAIRS)
            document.key_values((name,), pairs)
            if sub not in {key for key, _, _ in pairs}:
                document.expected[(name, sub)] = Place(document.line(), 2)
                document.add(f"[{written(name)} . {written(sub)}]")
                document.key_values((name, sub), draw(PAIRS))
        else:  # an array of tables, each with a sub-table
            for index in range(draw(st.integers(1, 3))):
                document.expected[(name, index)] = Place(document.line(), 3)
                document.add(f"[[{written(name)}]]")
                pairs = draw(PAIRS)
                document.key_values((name, index), pairs)
                if sub not in {key for key, _, _ in pairs}:
                    document.expected[(name, index, sub)] = Place(document.line(), 2)
                    document.add(f"[{written(name)}.{written(sub)}]")
                    document.key_values((name, index, sub), draw(PAIRS))
    return document


@settings(max_examples=150, deadline=None)
@given(documents())
def test_every_key_is_found_at_its_own_line_and_column(document):
    text = "\n".join(document.lines) + "\n"
    _, source = read_toml(text)
    lines = text.splitlines()
    for path, place in document.expected.items():
        assert source.place(path) == place, (path, text)
        key = path[-1] if isinstance(path[-1], str) else path[-2]
        assert written(str(key)) in lines[place.line - 1], (path, text)


def test_quoted_dotted_and_inline_keys_and_arrays_of_tables():
    text = ("'year' = 99999\n"
            "a . \"b c\" = 1\n"
            "[colours.neon]\n"
            "x = \"y\"\n"
            "[[positions]]\n"
            "name = \"\"\"one\n\"\"\\\"\"\"\"\n"
            "pieces = { a1 = [{ player = 1, die = 2 }, 3], \"\\u0041\" = 2 }\n"
            "[[positions]]\n"
            "[positions.pieces]\n"
            "b2 = 1\n")
    _, source = read_toml(text)
    assert source.where(("year",)) == "line 1, column 1"
    assert source.where(("a", "b c")) == "line 2, column 1"
    assert source.where(("colours", "neon")) == "line 3, column 2"
    assert source.where(("colours", "neon", "x")) == "line 4, column 1"
    assert source.where(("positions", 0, "pieces", "a1", 0, "die")) == "line 8, column 32"
    assert source.where(("positions", 0, "pieces", "A")) == "line 8, column 47"
    assert source.where(("positions", 1, "pieces", "b2")) == "line 11, column 1"
    assert source.where(("positions", 2)) == ""  # not in the file: no line at all, never a guessed one


@pytest.mark.parametrize("text", [
    "x = " + "[" * 3000 + "]" * 3000 + "\n",
    "x = " + "{a = " * 3000 + "1" + "}" * 3000 + "\n",
    "x = " + "[{ a = " * 1500 + "1" + "}]" * 1500 + "\n",
])
def test_nesting_too_deep_is_refused_at_its_line_before_it_is_read(text, monkeypatch):
    """Refused by the scanner, before tomllib recurses into it (which is where the time and the stack would go)."""
    def never(_text: str) -> None:
        raise AssertionError("tomllib was asked to read a file nested too deeply")

    monkeypatch.setattr(toml_source.tomllib, "loads", never)
    with pytest.raises(TomlError) as refused:
        read_toml('# a file\ngame = "iacta"\n' + text)
    assert refused.value.problem.code == "too-deep" and "nested too deeply" in refused.value.problem.message
    assert refused.value.problem.place is not None and refused.value.problem.place.line == 3


def test_nesting_as_deep_as_allowed_is_read():
    document, _ = read_toml("x = " + "[" * MAX_NESTING + "]" * MAX_NESTING + "\n")
    assert isinstance(document["x"], list)


def test_text_that_is_not_toml_is_refused_where_tomllib_says():
    with pytest.raises(TomlError) as refused:
        read_toml("[about\nname = 1\n")
    assert refused.value.problem.code == "not-toml" and refused.value.problem.where == "line 1, column 7"


DEEP = "x = " + "[" * 3000 + "]" * 3000 + "\n"


def test_nesting_too_deep_in_a_game_file_is_one_line_in_every_command(tmp_path):
    assert run_cli("new", "racers", "-o", str(tmp_path / "racers.toml")).exit_code == 0
    text = (tmp_path / "racers.toml").read_text(encoding="utf-8")
    deep = tmp_path / "deep.toml"
    deep.write_text(DEEP + text, encoding="utf-8")
    for args in (["board", str(deep)], ["pieces", str(deep)], ["diagram", f"{deep}#a-throw-of-three"]):
        assert_one_line_error(run_cli(*args, "-o", str(tmp_path / "x.pdf")), "deep.toml: line 1, column ",
                              "nested too deeply")
    assert not (tmp_path / "x.pdf").exists()


def test_nesting_too_deep_in_a_position_is_one_problem_at_its_line(tmp_path):
    deep = tmp_path / "deep.toml"
    deep.write_text('game = "iacta"\nto_move = "red"\n' + DEEP, encoding="utf-8")
    checked = run_cli("check", str(deep))
    assert checked.exit_code == 1  # an invalid position, as check reports every one
    assert "line 3, column " in checked.output and "nested too deeply" in checked.output
    assert_one_line_error(run_cli("diagram", str(deep), "-o", str(tmp_path / "d.svg")), "nested too deeply",
                          "line 3, column ", status=1)


def _key_paths(value: object, path: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    """Every key path in a document, through tables and lists."""
    if isinstance(value, dict):
        return [p for key, item in value.items() for p in [(*path, key), *_key_paths(item, (*path, key))]]
    if isinstance(value, list):
        return [p for index, item in enumerate(value) for p in _key_paths(item, (*path, index))]
    return []


# Characters that matter to TOML, and whole lines, so that some texts are documents and many nearly are.
TOKENS = [*"ab1 =.[]{},\"'#\n\t-\\", '"""', "'''", "true", "1.5", "a = ", "{ a = ", "\na = 1\n",
          '\n"a b" = [1, { x = 2 }]\n', "\na.b = 'x'\n", "\n[a.b]\n", "\n[[c]]\n", '\nx = """\nq\n"""\n',
          "\nd = { e.f = 1, 'g' = [[], [{}]] }\n", "\n[c.d]\n", "\n'k' = 2 # c\n"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(TOKENS), max_size=30).map("".join))
def test_any_text_is_refused_or_read_as_tomllib_reads_it_with_every_key_placed(text):
    import tomllib

    try:
        expected = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        with pytest.raises(TomlError):
            read_toml(text)
        return
    document, source = read_toml(text)
    assert document == expected
    for path in _key_paths(document):
        place = source.place(path)
        assert place is not None, (path, text)
        assert 1 <= place.line <= text.count("\n") + 1
