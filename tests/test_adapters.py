"""What boardgen relies on beyond other packages' documented APIs, pinned; and that nothing else does.

render/reportlab_private.py is the only module allowed to touch another package's private names (pdfium is
reached through pypdfium2's public API).  A release of reportlab that changes them fails here first.  And what
the files made with these packages must say for the programs that read them: fonts embedded, units named.
"""

from __future__ import annotations

import ast
import io
import re
from pathlib import Path

import ezdxf
import ezdxf.comments
import pytest
from pypdf import PdfReader

PACKAGE = Path(__file__).resolve().parent.parent / "boardgen"
ADAPTERS = {"render/reportlab_private.py"}


def _sources() -> list[tuple[str, ast.Module]]:
    return [(path.relative_to(PACKAGE).as_posix(), ast.parse(path.read_text(encoding="utf-8")))
            for path in sorted(PACKAGE.rglob("*.py"))]


def test_reportlab_canvas_still_has_what_the_adapter_uses():
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfgen.canvas import Canvas

    from boardgen.render.pdf_file import font_name
    from boardgen.render.reportlab_private import leave_out_dates, text_writer

    canvas = Canvas(io.BytesIO(), invariant=1)
    leave_out_dates(canvas)
    document, escape = text_writer(canvas)
    assert escape("a(b)c\\") == "a\\(b\\)c\\\\"
    font = pdfmetrics.getFont(font_name("regular"))
    (subset, encoded), = font.splitString("Ab", document)
    assert font.getSubsetInternalName(subset, document).startswith("/F")
    canvas.drawString(10, 10, "x")
    canvas.save()


def test_a_pdf_holds_no_dates(tmp_path):
    from boardgen.cli.app import main

    main(["board", "iacta", "-o", str(tmp_path / "b.pdf")], standalone_mode=False)
    data = (tmp_path / "b.pdf").read_bytes()
    assert b"/Producer" in data and b"CreationDate" not in data and b"ModDate" not in data


def _fonts(pdf: Path) -> dict[str, object]:
    """Every font a PDF's pages use, by name, with the font descriptor that says whether it is embedded."""
    fonts = {}
    for page in PdfReader(str(pdf)).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            if font["/Subtype"] == "/Type0":  # a composite font: its glyphs are in its one descendant
                font = font["/DescendantFonts"][0].get_object()
            fonts[str(font["/BaseFont"])] = font.get("/FontDescriptor")
    return fonts


def test_every_font_of_a_board_pdf_is_embedded(tmp_path):
    # A print shop's preflight refuses a PDF that only names a font (even Helvetica): the printer's own may differ.
    from boardgen.cli.app import main

    main(["board", "iacta", "-o", str(tmp_path / "b.pdf")], standalone_mode=False)
    fonts = _fonts(tmp_path / "b.pdf")
    assert fonts
    for name, descriptor in fonts.items():
        assert descriptor is not None, f"{name} has no font descriptor: a standard font, not embedded"
        assert "/FontFile2" in descriptor or "/FontFile3" in descriptor, f"{name} is not embedded"


def test_an_r12_dxf_says_it_is_in_millimetres(tmp_path):
    # R12 has no $INSUNITS: a program that guesses inches imports it 25.4 times too large.
    from boardgen.cli.app import main

    target = tmp_path / "b.dxf"
    main(["board", "iacta", "--laser", "--format", "dxf", "--dxf-version", "r12", "-o", str(target)],
         standalone_mode=False)
    document = ezdxf.readfile(str(target))  # still a DXF ezdxf reads, comment and all
    assert document.dxfversion == "AC1009"  # R12
    comments = [tag.value for tag in ezdxf.comments.from_file(str(target))]
    assert any("millimetres" in comment for comment in comments), comments


# Documented, public names that begin with an underscore: os._exit ends a process at once, without clean-up
# (the second Ctrl-C, and a worker whose main process has gone).
PUBLIC_UNDERSCORED = {"os._exit"}


def _own_private_names(trees: list[ast.Module]) -> set[str]:
    """The underscored names boardgen's own modules define: methods and attributes of its classes (`def _name`,
    `self._name = ...`), which a class of the same package may use of another (a Move asking its Position)."""
    own: set[str] = set()
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("_"):
                own.add(node.name)
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and node.attr.startswith("_") \
                    and isinstance(node.value, ast.Name) and node.value.id == "self":
                own.add(node.attr)
            if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and \
                    node.target.id.startswith("_"):
                own.add(node.target.id)  # a dataclass's private field
    return own


def test_private_names_of_other_packages_only_in_the_adapters():
    """`obj._name` where obj is not self/cls, of a name boardgen does not define itself, and imports of underscore
    modules, only in the adapters."""
    offenders = []
    sources = _sources()
    own = _own_private_names([tree for _, tree in sources])
    for name, tree in sources:
        if name in ADAPTERS:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__") \
                    and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls", "other")) \
                    and node.attr not in ("_replace", "_fields", "_asdict", "_make") and node.attr not in own \
                    and ast.unparse(node) not in PUBLIC_UNDERSCORED:
                offenders.append(f"{name}:{node.lineno} .{node.attr}")
            if isinstance(node, ast.Import):
                offenders += [f"{name}:{node.lineno} import {a.name}" for a in node.names
                              if a.name.split(".")[0].startswith("_")]
            if isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").startswith("_") \
                    and node.module != "__future__":
                offenders.append(f"{name}:{node.lineno} from {node.module}")
    assert offenders == []


def test_no_module_replaces_modules_or_the_users_arguments():
    for name, tree in _sources():
        for node in ast.walk(tree):
            if isinstance(node, (ast.Assign, ast.AugAssign, ast.Delete)):
                targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
                for target in targets:
                    text = ast.unparse(target)
                    assert not re.match(r"sys\.(modules|argv)\b", text), f"{name}:{node.lineno} changes {text}"


@pytest.mark.parametrize("dedication", ["-o", "--output", "-o x.pdf"])
def test_a_dedication_that_looks_like_an_option_is_printed_as_typed(tmp_path, dedication):
    from click.testing import CliRunner

    from boardgen.cli.app import main

    target = tmp_path / "set"
    result = CliRunner().invoke(main, ["giftset", "alea", "--dedication", dedication, "--to", str(target)])
    assert result.exit_code == 0, result.output
    import pypdfium2

    texts = []
    for pdf in target.glob("*.pdf"):
        document = pypdfium2.PdfDocument(str(pdf))
        texts += [page.get_textpage().get_text_range() for page in document]
        document.close()
    assert any(dedication in text for text in texts)
    if dedication == "-o":
        assert not any("--output" in text for text in texts)
