"""A bounded load test of the web page: `boardgen serve` on 127.0.0.1, 8 clients, 400 board downloads.

Run:  .venv/bin/python bench/bench_web.py [--clients 8] [--downloads 400]

Each client downloads boards in turn (the four games, two palettes, two papers: 16 different boards, so the
page's preview cache plays no part: downloads are never cached) and checks each answer is a whole PDF.
Printed: errors, requests a second, latency percentiles (50, 90, 99 %, the slowest) and the server's peak
memory (VmHWM) against its memory when it started, against the reference of one `boardgen board` from the
command line.
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
BOARDS = [f"/download/board/{game}.pdf?palette={palette}&paper={paper}"
          for game, palette, paper in itertools.product(("iacta", "alea", "isaac", "stacktics"), ("classic", "cud"),
                                                         ("a4", "letter"))]


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
    parser.add_argument("--clients", type=int, default=8)
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
        latencies: list[float] = []
        errors: list[str] = []
        lock = threading.Lock()
        addresses = iter(range(args.downloads))

        def client() -> None:
            while True:
                with lock:
                    number = next(addresses, None)
                if number is None:
                    return
                address = base + BOARDS[number % len(BOARDS)]
                began = time.perf_counter()
                try:
                    with urllib.request.urlopen(address, timeout=60) as response:
                        data = response.read()
                    ok = data.startswith(b"%PDF") and data.rstrip().endswith(b"%%EOF")
                except OSError as error:
                    ok, data = False, str(error).encode()
                took = time.perf_counter() - began
                with lock:
                    latencies.append(took)
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
    ordered = sorted(latencies)

    def percentile(share: float) -> float:
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))]

    print(f"{args.downloads} board downloads by {args.clients} clients in {wall:.1f} s: "
          f"{args.downloads / wall:.1f} a second, {len(errors)} errors")
    print(f"latency: median {1000 * statistics.median(ordered):.0f} ms, 90 % {1000 * percentile(0.9):.0f} ms, "
          f"99 % {1000 * percentile(0.99):.0f} ms, slowest {1000 * ordered[-1]:.0f} ms")
    print(f"one board from the command line (a fresh process): {1000 * reference:.0f} ms")
    print(f"server memory: {started_kb / 1024:.0f} MB at the start, peak {peak_kb / 1024:.0f} MB")
    for error in errors[:5]:
        print("error:", error)
    if errors:
        sys.exit(1)


if __name__ == "__main__":
    main()
