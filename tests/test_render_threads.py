"""Any number of threads may render PDFs and PNGs at once (the web server does): pdfium and reportlab's font
registry, neither thread-safe, are entered by one thread at a time, and every file is the one a single thread
makes.

Without render.pdfium's lock, the first test crashes the process (a segmentation fault inside pdfium) or
makes wrong pictures; so the threads spend their time in pdfium, drawing PDFs made beforehand, with a few
hundred shapes each.  Without render.pdf_file's font lock, threads that meet a face for the first time together
each read and register it.
"""

from __future__ import annotations

import ast
import gc
import io
import threading
from pathlib import Path

import pypdfium2
import pypdfium2.raw
from PIL import Image
from reportlab.pdfbase import pdfmetrics

from boardgen.draw.resolve import Drawing, Painted
from boardgen.draw.scene import Box, Circle, Rect, Text
from boardgen.draw.styles import Style
from boardgen.render import pdf_file, pdfium
from boardgen.render.pdf import render_pdf
from boardgen.render.png import first_page_png, pdf_pngs, png_files
from boardgen.render.settings import RenderSettings

RENDER = Path(__file__).resolve().parent.parent / "boardgen" / "render"
TIMES = 50


def _drawing(n: int) -> Drawing:
    """A small drawing: a frame, a few hundred dots, texts in an embedded font; `n` moves the dots."""
    ink = Style(fill="#1f3a5f", stroke="#000000", stroke_width=0.1)
    frame = Painted(Rect(Box(2, 2, 36, 26), "frame"), Style(fill="#f2e6c9", stroke="#000000", stroke_width=0.5))
    dots = tuple(Painted(Circle((3 + x + 0.3 * n, 3 + y * 0.9), 0.4, "dot"), ink) for x in range(34) for y in range(12))
    # Each of the four faces, each a font pdfium loads for the document (through FreeType, whose state it shares).
    texts = tuple(Painted(Text((20, 16 + 2.5 * line), f"threads {n}, line {line}", 2, "label", bold=line % 2 == 1,
                               italic=line // 2 % 2 == 1), Style(fill="#000000")) for line in range(5))
    return Drawing(40, 30, (("board", (frame, *dots, *texts)),), f"threads {n}")


def _valid_png(data: bytes) -> None:
    with Image.open(io.BytesIO(data)) as image:
        image.load()  # decompresses every row and checks every chunk's CRC
        assert image.size == (237, 178)  # 40 x 30 mm at 150 dpi, partly covered pixels included


def test_two_threads_rendering_at_once_make_the_single_threaded_bytes():
    settings = RenderSettings("threads", dpi=150.0)
    drawings = [[_drawing(0)], [_drawing(1)]]
    expected = [png_files(drawing, settings) for drawing in drawings]
    assert expected[0] != expected[1]  # each thread's own picture, so a mix-up would show
    for (png,) in expected:
        _valid_png(png)
    # The PDFs png_files rasterises (uncompressed, as it makes them), made once.
    pdfs = [render_pdf(drawing, RenderSettings("threads", dpi=150.0, compress=False)) for drawing in drawings]
    start = threading.Barrier(2)
    made: list[list[list[bytes]]] = [[], []]
    errors: list[BaseException] = []

    def render(which: int) -> None:
        try:
            start.wait()  # both threads begin together, so their renders overlap
            for _ in range(TIMES):
                made[which].append(pdf_pngs(pdfs[which], settings.dpi))
        except BaseException as error:  # handed to the test's thread, to fail there
            errors.append(error)

    threads = [threading.Thread(target=render, args=(which,)) for which in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    for which in (0, 1):
        assert len(made[which]) == TIMES
        assert all(files == expected[which] for files in made[which])


FACES = [(bold, italic) for bold in (False, True) for italic in (False, True)]


def _texts(n: int) -> Drawing:
    """A line in each face, in its basic cut (ASCII) and in its full one (a die's face, which only that has)."""
    texts = tuple(Painted(Text((4, 4 + 3 * line), words, 2, "label", bold=bold, italic=italic), Style(fill="#000000"))
                  for line, (words, (bold, italic)) in enumerate((words, face) for face in FACES
                                                                 for words in (f"thread {n}", f"\u2680 {n}")))
    return Drawing(40, 30, (("board", texts),), f"fonts {n}")


def _page_text(pdf: bytes) -> str:
    document = pypdfium2.PdfDocument(pdf)
    try:
        text_page = document[0].get_textpage()
        return str(text_page.get_text_range())
    finally:
        document.close()


def test_threads_meeting_new_faces_at_once_register_each_once_and_make_whole_pdfs(monkeypatch):
    # As in a fresh process (the web server's first requests): no face registered yet.
    monkeypatch.setattr(pdf_file, "_REGISTERED", {})
    registered: list[tuple[str, bool]] = []
    register = pdfmetrics.registerFont

    def watched(font):
        registered.append((font.fontName, pdf_file.FONT_LOCK.locked()))
        return register(font)

    monkeypatch.setattr(pdfmetrics, "registerFont", watched)
    threads_count = 8
    start = threading.Barrier(threads_count)
    made: dict[int, bytes] = {}
    errors: list[BaseException] = []
    settings = RenderSettings("fonts", compress=False)

    def render(which: int) -> None:
        try:
            start.wait()  # every thread asks for its first face together
            made[which] = render_pdf([_texts(which)], settings)
        except BaseException as error:  # handed to the test's thread, to fail there
            errors.append(error)

    threads = [threading.Thread(target=render, args=(which,)) for which in range(threads_count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    names = [name for name, _ in registered]
    assert sorted(names) == sorted(set(names))  # each face once, however many threads wanted it at once
    assert len(names) == 8  # four faces, each in its basic and its full cut
    assert [name for name, locked in registered if not locked] == []
    assert sorted(made) == list(range(threads_count))
    for which, pdf in made.items():
        assert pdf == render_pdf([_texts(which)], settings)  # the bytes one thread makes alone
        assert pdf.startswith(b"%PDF-") and pdf.rstrip().endswith(b"%%EOF")
        shown = _page_text(pdf).replace("\r\n", "\n")  # pdfium reads back every line, in its embedded font
        assert shown.count(f"thread {which}") == 4 and shown.count(f"\u2680 {which}") == 4, shown


def test_every_call_into_pdfium_holds_the_lock(monkeypatch):
    # Crashes from calls outside the lock come only now and then, when two threads meet inside pdfium; so
    # every function of pypdfium2's bindings (which its helpers look up on each call) is watched here.
    calls: list[tuple[str, bool]] = []

    def watched(name: str, function):
        def call(*arguments):
            calls.append((name, pdfium.LOCK.locked()))
            return function(*arguments)
        return call

    for name in dir(pypdfium2.raw):
        function = getattr(pypdfium2.raw, name)
        if name.startswith("FPDF") and hasattr(function, "argtypes"):  # a C function, not a structure
            monkeypatch.setattr(pypdfium2.raw, name, watched(name, function))
    pdf = render_pdf([_drawing(0)] * 2, RenderSettings("threads", compress=False))
    pngs = pdf_pngs(pdf, 100.0)
    png, pages = first_page_png(pdf, 100.0)
    gc.collect()  # anything left to pypdfium2's finalizers would be closed now, outside the lock
    assert len(pngs) == pages == 2 and png == pngs[0]
    called = {name for name, _ in calls}
    assert {"FPDF_LoadMemDocument64", "FPDF_LoadPage", "FPDF_RenderPageBitmap", "FPDF_ClosePage",
            "FPDF_CloseDocument"} <= called, called
    assert [name for name, locked in calls if not locked] == []


def test_no_module_of_boardgen_render_uses_ctypes():
    # pdfium through pypdfium2's own, public API only: no bindings of our own, which bypass its lock.
    offenders = []
    for path in sorted(RENDER.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            offenders += [f"{path.name}:{node.lineno} {name}" for name in names
                          if name.split(".")[0] in ("ctypes", "_ctypes", "pypdfium2_raw") or name == "pypdfium2.raw"]
    assert offenders == []
