"""What boardgen relies on beyond other packages' documented APIs, pinned; and that nothing else does.

render/reportlab_private.py and render/pdfium.py are the only modules allowed to touch another package's
private names.  A release of reportlab or pypdfium2 that changes them fails here first.
"""

from __future__ import annotations

import ast
import io
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "boardgen"
ADAPTERS = {"render/reportlab_private.py", "render/pdfium.py"}


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


def test_pdfium_library_is_where_the_adapter_looks():
    from boardgen.render.pdfium import library_file

    assert library_file() is not None, "pypdfium2 no longer ships pdfium beside pypdfium2_raw"


# Documented, public names that begin with an underscore: os._exit ends a process at once, without clean-up
# (the second Ctrl-C, and a worker whose main process has gone).
PUBLIC_UNDERSCORED = {"os._exit"}


def test_private_names_of_other_packages_only_in_the_adapters():
    """`obj._name` where obj is not self/cls, and imports of underscore modules, only in the adapters."""
    offenders = []
    for name, tree in _sources():
        if name in ADAPTERS:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__") \
                    and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls", "other")) \
                    and node.attr not in ("_replace", "_fields", "_asdict", "_make") \
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
