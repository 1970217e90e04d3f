"""A bounded load test of the web page: `boardgen serve` on 127.0.0.1 and a crowd of 40 clients at once.

Run:  .venv/bin/python bench/bench_web.py [--clients 40] [--downloads 400]

Each client asks in turn for boards (PDF), pieces (PDF), boards as PNG pictures and previews, over the four
built-in games, two palettes and two papers (64 different answers, so the preview cache plays little part and
downloads are never cached), and checks each answer is whole: a PDF from %PDF to %%EOF, a PNG from its
signature to its IEND chunk.  Printed: errors, answers a second, latency percentiles (50, 90, 99 %, the
slowest) for each kind, and the server's peak memory (VmHWM) against its memory when it started, against the
reference of one `boardgen board` from the command line.
"""

from __future__ import annotations

import argparse
import itertools
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_CHOICES = list(itertools.product(("iacta", "alea", "isaac", "stacktics"), ("classic", "cud"), ("a4", "letter")))
# What a room of phones asks for at once: (kind, address), taken in turn so every kind runs beside the others.
ASKED = [item for game, palette, paper in _CHOICES for item in (
    ("board", f"/download/board/{game}.pdf?palette={palette}&paper={paper}"),
    ("pieces", f"/download/pieces/{game}.pdf?palette={palette}&paper={paper}"),
    ("png", f"/download/board/{game}.png?palette={palette}&dpi=100"),
    ("preview", f"/preview/board/{game}.pdf?palette={palette}&paper={paper}"))]
PNG = b"\x89PNG\r\n\x1a\n"


def whole(kind: str, data: bytes) -> bool:
    """Whether an answer is all there: a PDF to its end, a PNG to its last chunk."""
    if kind in ("png", "preview"):
        return data.startswith(PNG) and data[-12:-4] == b"\x00\x00\x00\x00IEND"
    return data.startswith(b"%PDF") and data.rstrip().endswith(b"%%EOF")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _memory_kb(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field):
            return int(line.split()[1])
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=40)
    parser.add_argument("--downloads", type=int, default=400)
    args = parser.parse_args()
    port = _free_port()
    boardgen = Path(sys.executable).parent / "boardgen"
    server = subprocess.Popen([str(boardgen), "serve", "--no-browser", "--port", str(port)],
                              stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/", timeout=1).read()
                break
            except OSError:
                time.sleep(0.1)
        started_kb = _memory_kb(server.pid, "VmRSS")
        reference = time.perf_counter()
        subprocess.run([str(boardgen), "board", "iacta", "-o", str(Path(tempfile.gettempdir()) / "bench-web.pdf")],
                       check=True, capture_output=True)
        reference = time.perf_counter() - reference
        latencies: list[tuple[str, float]] = []
        errors: list[str] = []
        lock = threading.Lock()
        addresses = iter(range(args.downloads))

        def client() -> None:
            while True:
                with lock:
                    number = next(addresses, None)
                if number is None:
                    return
                kind, address = ASKED[number % len(ASKED)]
                address = base + address
                began = time.perf_counter()
                try:
                    with urllib.request.urlopen(address, timeout=120) as response:
                        data = response.read()
                    ok = whole(kind, data)
                except OSError as error:
                    ok, data = False, str(error).encode()
                took = time.perf_counter() - began
                with lock:
                    latencies.append((kind, took))
                    if not ok:
                        errors.append(f"{address}: {data[:100]!r}")

        began = time.perf_counter()
        threads = [threading.Thread(target=client) for _ in range(args.clients)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        wall = time.perf_counter() - began
        peak_kb = _memory_kb(server.pid, "VmHWM")
    finally:
        server.terminate()
        server.wait(timeout=10)
    print(f"{args.downloads} answers (boards, pieces, PNGs, previews) to {args.clients} clients at once in "
          f"{wall:.1f} s: {args.downloads / wall:.1f} a second, {len(errors)} errors")
    for kind in ("all", "board", "pieces", "png", "preview"):
        ordered = sorted(took for asked, took in latencies if kind in ("all", asked))
        if not ordered:
            continue

        def percentile(share: float, ordered: list[float] = ordered) -> float:
            return ordered[min(len(ordered) - 1, int(share * len(ordered)))]

        print(f"latency, {kind} ({len(ordered)}): median {1000 * statistics.median(ordered):.0f} ms, "
              f"90 % {1000 * percentile(0.9):.0f} ms, 99 % {1000 * percentile(0.99):.0f} ms, "
              f"slowest {1000 * ordered[-1]:.0f} ms")
    print(f"one board from the command line (a fresh process): {1000 * reference:.0f} ms")
    print(f"server memory: {started_kb / 1024:.0f} MB at the start, peak {peak_kb / 1024:.0f} MB")
    for error in errors[:5]:
        print("error:", error)
    if errors:
        sys.exit(1)


if __name__ == "__main__":
    main()
