"""Where an online table's pages spend their CPU: each Chromium process's CPU time per move,
idle and while playing, and optionally a DevTools trace of the whole browser over a few moves.

    python tools/bench/online_cpu_where.py [--seats 8] [--moves 15] [--idle 8]
        [--blocks normal,reduce,normal,reduce] [--trace FILE [--trace-moves 10]]
        [--style CSS --blocks normal,normal+style,...] [--trace FILE --trace-blocks] [--paints]
        [--paint-shots FOLDER] [--kinds SECONDS [--bench-waits]]

The table is opened as ``tools/bench/bench_online.py`` opens it (the host and every guest a
person, each a headless Chromium context at 1280x800, a real Nostr relay on 127.0.0.1). Then:

* **idle**: ``--idle`` seconds with nobody moving (a person thinking): each process's CPU per
  second, which the benchmark's "per move" figures also include;
* **playing**: blocks of ``--moves`` person moves (the hint for their seat, made on their own
  page, as the benchmark does, but without its 20 ms polling of every page for the move's line),
  each block with every page's motion setting as ``--blocks`` says (``reduce``: the system's
  reduced motion, emulated), so that what the table's animations cost shows: each process's CPU
  per move, per block.

CPU times are read from ``/proc/<pid>/stat`` (user + system), so the machine's load and the
processes' niceness do not change them. Renderers are matched to pages by the page's own
``ProcessTime`` (DevTools ``Performance.getMetrics``). With ``--trace``, the browser is traced
over the first ``--trace-moves`` moves and the trace is summarised: each process's and thread's
top-level task time, and the costliest event names on the renderers' threads. With
``--profile N``, guest N's Python is profiled in its own page over the moves (cProfile; its clock
is the wall's, so on a busy machine the shares mean more than the times).

To try a change of the style sheet against the same deal: ``--style CSS`` with blocks named
``normal+style`` (the rules added to every page in those blocks only), and ``--trace FILE
--trace-blocks``, which traces every block and prints, per block and person move, what the
pages' frames cost summed over the pages (main thread, frames, paint, layout, style, raster and
its tasks, the compositor thread, and the GPU process's drawing). ``--paints`` adds to
``--trace`` what invalidated style, layout and paint, and on which element (look at the trace in
DevTools); ``--paint-shots FOLDER`` shows where a page paints: the last guest's page with
DevTools' paint flashing on (``Overlay.setShowPaintRects``), a screenshot 250 ms after each move.

Per move kind (draw, discard, meld, lay-off...): ``--kinds SECONDS`` snapshots every process's
CPU before each person move, at its last click and SECONDS after the host's save took it, and
prints per kind the host's renderer, the mean other guest's and the mover's (the host presses
"Next deal" at a deal's end, so that more melds and lay-offs come). ``--bench-waits`` also awaits
each guest move on every other page as ``bench_online`` does, and counts the pages where its 5 s
wait for the host's words ran out (a lay-off on a guest's meld is "your run" on that page only).

Nothing is asserted: this is a tool for finding where the time goes.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "py"))

from playwright.sync_api import Browser, Page, Route, sync_playwright  # noqa: E402
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError  # noqa: E402
from tests.browser.online_play import hosted, next_save, next_turn, play  # noqa: E402
from tests.browser.person import play_as_person  # noqa: E402
from tools import chromium  # noqa: E402
from tools.bench import bench_online  # noqa: E402
from tools.bench.bench_online import NAMES, TIMED, nostr_relay, open_table, shown_at, work  # noqa: E402
from tools.bench.procs import chromium_processes, cpu, renice, snapshot  # noqa: E402
from tools.build.build import build  # noqa: E402
from tools.build.serve import serving  # noqa: E402

from rommi.bots import hint  # noqa: E402


def names(pids: dict[int, str], pages: list[Page]) -> dict[int, str]:
    """Each process's name: a renderer by the page whose ProcessTime matches its CPU time."""
    named = dict(pids)
    renderers = [pid for pid, kind in pids.items() if kind == "renderer"]
    for number, page in enumerate(pages):
        own = work(page)["ProcessTime"]
        if renderers:
            best = min(renderers, key=lambda pid: abs(cpu(pid) - own))
            named[best] = "renderer host" if number == 0 else f"renderer guest {number}"
            renderers.remove(best)
    return named


def report(
    title: str,
    before: dict[int, float],
    after: dict[int, float],
    named: dict[int, str],
    per: float,
    unit: str,
) -> None:
    print(f"\n{title}: ms of CPU per {unit}")
    rows = sorted(((after[p] - before.get(p, 0.0)) * 1000 / per, named[p], p) for p in after)
    total = 0.0
    for ms, name, pid in reversed(rows):
        total += ms
        if ms >= 0.05:
            print(f"  {name:28s} pid {pid:7d}  {ms:8.2f}")
    pages = [ms for ms, name, _ in rows if name.startswith("renderer ") and "webui" not in name]
    if pages:
        print(
            f"  {'page renderers: mean, max':28s} {'':11s}  {sum(pages) / len(pages):8.2f} {max(pages):8.2f}"
        )
    print(f"  {'all Chromium processes':28s} {'':11s}  {total:8.2f}")


def summarise_trace(path: Path, moves: int) -> None:
    """Top-level task time per process and thread, and the costliest events on the renderers."""
    data = json.loads(path.read_text())
    events = data["traceEvents"] if isinstance(data, dict) else data
    process: dict[int, str] = {}
    thread: dict[tuple[int, int], str] = {}
    for e in events:
        if e.get("ph") == "M" and e.get("name") == "process_name":
            process[e["pid"]] = e["args"]["name"]
        if e.get("ph") == "M" and e.get("name") == "thread_name":
            thread[(e["pid"], e["tid"])] = e["args"]["name"]
    top: dict[tuple[int, int], float] = defaultdict(float)
    by_name: dict[tuple[str, str], float] = defaultdict(float)
    counts: dict[tuple[str, str], int] = defaultdict(int)
    for e in events:
        if e.get("ph") != "X":
            continue
        spent = e.get("tdur", e.get("dur", 0)) / 1000
        where = (e["pid"], e["tid"])
        if e.get("name") in ("ThreadControllerImpl::RunTask", "RunTask", "ThreadPool_RunTask"):
            top[where] += spent
        kind = process.get(e["pid"], "?")
        key = (f"{kind}/{thread.get(where, '?')}", e["name"])
        by_name[key] += spent
        counts[key] += 1
    print(f"\ntrace: top-level task time per move ({moves} moves), per process and thread (>= 0.2 ms)")
    for (pid, tid), ms in sorted(top.items(), key=lambda x: -x[1]):
        if ms / moves >= 0.2:
            print(
                f"  {process.get(pid, '?'):12s} {pid:7d} {thread.get((pid, tid), '?'):28s} {ms / moves:8.2f}"
            )
    print(
        "\ntrace: event names, summed over the processes of a kind, per move (>= 0.3 ms; nested ones overlap)"
    )
    merged: dict[tuple[str, str], float] = defaultdict(float)
    for (where, name), ms in by_name.items():
        merged[(where, name)] += ms
    for (where, name), ms in sorted(merged.items(), key=lambda x: -x[1])[:60]:
        if ms / moves >= 0.3:
            print(f"  {where:40s} {name:48s} {ms / moves:8.2f}  (n={counts[(where, name)]})")


# What a page's frames cost, by stage (trace event names): summed per block by ``summarise_blocks``.
STAGES = {
    "main thread, top-level tasks": ("CrRendererMain", ("ThreadControllerImpl::RunTask",)),
    "  of which frames (BeginMainFrame)": ("CrRendererMain", ("ProxyMain::BeginMainFrame",)),
    "  of which paint (record)": ("CrRendererMain", ("Paint",)),
    "  of which layout": ("CrRendererMain", ("Layout",)),
    "  of which style": ("CrRendererMain", ("UpdateLayoutTree",)),
    "raster (worker)": ("ThreadPoolForegroundWorker", ("RasterTask",)),
    "compositor thread, top-level tasks": ("Compositor", ("ThreadControllerImpl::RunTask",)),
}


def summarise_blocks(path: Path, blocks: list[str], moved: list[int]) -> None:
    """The page renderers' frames per person move in each block (the trace spans every block):
    main thread, paint, raster, compositor (ms, summed over the pages), and the raster tasks
    (tiles) per move; and the GPU process's drawing of every page's frames."""
    data = json.loads(path.read_text())
    events = data["traceEvents"] if isinstance(data, dict) else data
    process: dict[int, str] = {}
    thread: dict[tuple[int, int], str] = {}
    starts: list[float] = []
    for e in events:
        if e.get("ph") == "M" and e.get("name") == "process_name":
            process[e["pid"]] = e["args"]["name"]
        if e.get("ph") == "M" and e.get("name") == "thread_name":
            thread[(e["pid"], e["tid"])] = e["args"]["name"]
        if e.get("name") == "TimeStamp" and str(e["args"]["data"].get("message", "")).startswith(
            "bench-block"
        ):
            starts.append(e["ts"])
    starts.sort()
    sums = [defaultdict(float) for _ in blocks]
    for e in events:
        if e.get("ph") != "X" or not starts or e["ts"] < starts[0] or e["ts"] >= starts[-1]:
            continue
        block = max(i for i, at in enumerate(starts) if at <= e["ts"])
        if block >= len(blocks):
            continue
        where = thread.get((e["pid"], e["tid"]), "?")
        kind = process.get(e["pid"], "?")
        spent = e.get("tdur", e.get("dur", 0)) / 1000
        if kind == "Renderer":
            if e["name"] == "Paint" and e.get("args", {}).get("data", {}).get("nodeName") != "#document":
                continue  # the HTML element's paint, inside the document's
            for stage, (on, names) in STAGES.items():
                if where == on and e["name"] in names:
                    sums[block][stage] += spent
                    if stage == "raster (worker)":
                        sums[block]["raster tasks (tiles)"] += 1
        elif kind == "GPU Process" and where == "VizCompositorThread" and e["name"] == "Display::DrawAndSwap":
            sums[block]["GPU process: drawing the pages' frames"] += spent
            sums[block]["GPU process: frames drawn"] += 1
    print("\ntrace per block: every page renderer's frames, summed over the pages, per person move")
    names = [
        *STAGES,
        "raster tasks (tiles)",
        "GPU process: drawing the pages' frames",
        "GPU process: frames drawn",
    ]
    for number, (title, moves) in enumerate(zip(blocks, moved, strict=True)):
        print(f"  {title} ({moves} moves)")
        for name in names:
            print(f"    {name:44s} {sums[number][name] / max(moves, 1):8.2f}")


BLOCK_CATEGORIES = ["toplevel", "devtools.timeline", "cc", "viz"]  # what ``STAGES`` needs: a smaller trace
CATEGORIES = [
    "toplevel",
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
    "disabled-by-default-devtools.timeline.frame",
    "v8",
    "blink",
    "cc",
    "viz",
    "gpu",
    "loading",
    "netlog",
    "webrtc",
    "renderer.scheduler",
]
# With ``--paints``: what invalidated paint, layout and style, on which element, and each paint's
# and raster task's rectangle (for ``summarise_paints``).
PAINT_CATEGORIES = [
    "disabled-by-default-devtools.timeline.invalidationTracking",
    "disabled-by-default-devtools.timeline.layers",
    "disabled-by-default-devtools.timeline.picture",
    "disabled-by-default-cc.debug",
    "disabled-by-default-cc.debug.display_items",
]


PAINTS = False  # set by --paints
STAMP_MOVES = {"on": False}  # with --trace-blocks: each move marked in the trace
SHOTS: dict[str, Any] = {"folder": "", "taken": 0}  # --paint-shots: the last guest's page after each move
# --kinds SECONDS: each person move's CPU per page, split at the mover's last click (its clicks;
# then the host's taking it and every page's view, to SECONDS after the host's save changed),
# less each page's idle CPU over the same time; summed per move kind by ``report_kinds``.
# With --bench-waits, a guest's move is awaited on every other page as ``bench_online`` awaits
# it (the host's line for it, 5 s at most, then any line naming the mover), in the stretch after.
KINDS: dict[str, Any] = {"settle": 0.0, "pids": {}, "named": {}, "idle": {}, "rows": [], "waits": False}
# A block named ``normal+style`` (or ``reduce+style``) has ``--style``'s rules added to every page
# (a style element of the bench's own), to try a change of the style sheet against the same deal.
STYLE = """(css) => {
  let node = document.getElementById("bench-style");
  if (!node) { node = document.createElement("style"); node.id = "bench-style"; document.head.append(node); }
  node.textContent = css;
}"""


def keep_nice() -> None:
    """Renice each new Chromium process as it starts (a thread: the table opens meanwhile)."""
    while True:
        renice(chromium_processes())
        time.sleep(1)  # new processes appear without an event to await


def exposing(route: Route) -> None:
    """``boot/interpreter.mjs`` as served, plus: the page's interpreter is ``window.rommiPyodide``
    (for ``--profile``: the guest's Python profiled in its own page)."""
    body = route.fetch().text().replace("return pyodide;", "window.rommiPyodide = pyodide; return pyodide;")
    route.fulfill(body=body, content_type="text/javascript")


def profiled_page(browser: Browser) -> Page:
    page = bench_online.plain_new_page(browser)  # type: ignore[attr-defined]
    page.route("**/boot/interpreter.mjs", exposing)
    return page


PROFILE_ON = "import cProfile; _bench_profile = cProfile.Profile(); _bench_profile.enable()"
PROFILE_OFF = """
_bench_profile.disable()
import io, pstats
_out = io.StringIO()
pstats.Stats(_bench_profile, stream=_out).sort_stats("tottime").print_stats(35)
pstats.Stats(_bench_profile, stream=_out).sort_stats("cumulative").print_stats(45)
_out.write("\\nThe buy offer's work (the buy setting's test, the Hint's player) and announce:\\n")
pstats.Stats(_bench_profile, stream=_out).sort_stats("cumulative").print_stats(
    "buyprompt|guest_table|bots/__init__|bots/hard|page.py.*announce"
)
_out.getvalue()
"""


def play_moves(
    browser: Browser, pages: list[Page], text: str, app: Any, most: int, traced: int, path: str
) -> tuple[str, Any, int]:
    """Up to ``most`` person moves (fewer if the deal ends), each awaited on the host's save; the
    browser traced over the first ``traced``."""
    if traced:
        browser.start_tracing(path=path, categories=CATEGORIES + (PAINT_CATEGORIES if PAINTS else []))
    moves = 0
    while moves < most:
        text, app = next_turn(pages, text, app)
        if app.game.phase.value not in ("draw", "play", "buy"):
            break
        seat = app.game.to_act
        assert seat is not None
        action = dict(hint(app.game.view(seat))["action"].to_json())
        if STAMP_MOVES["on"]:  # each move's kind and mover, in the trace
            pages[0].evaluate(f"console.timeStamp('bench-move {action['type']} {seat}')")
        waits = KINDS["waits"] and seat != 0 and action["type"] in TIMED
        if waits:
            pages[seat].evaluate("window.benchClicks.length = 0")
        if KINDS["settle"]:
            began, t0 = snapshot(KINDS["pids"]), time.monotonic()
        play(pages[seat], app, seat, action)
        moves += 1
        if KINDS["settle"]:
            clicked, t1 = snapshot(KINDS["pids"]), time.monotonic()
        fell = bench_waits(pages, seat) if waits else 0
        text, app = next_save(pages[0], text)
        if KINDS["settle"]:
            time.sleep(KINDS["settle"])  # the pages' views and frames, and the cards' travel
            settled, t2 = snapshot(KINDS["pids"]), time.monotonic()
            KINDS["rows"].append((str(action["type"]), seat, began, clicked, settled, t1 - t0, t2 - t1, fell))
        if SHOTS["folder"]:  # the paint rectangles fade over some frames: looked at soon after
            time.sleep(0.25)
            pages[-1].screenshot(path=str(Path(SHOTS["folder"]) / f"move-{SHOTS['taken'] + 1:03d}.png"))
            SHOTS["taken"] += 1
        if traced and moves == traced:
            browser.stop_tracing()
            traced = 0
    if traced:
        browser.stop_tracing()
        if KINDS["settle"] and app.game.phase.value == "deal_over" and moves < most:
            play_as_person(pages[0], {"type": "next_deal"})  # more deals, more melds and lay-offs
            text, app = next_save(pages[0], text)
    # The other pages may still be drawing the last move: it is counted in the next block (or
    # lost, after the last), one move in ``most``.
    return text, app, moves


def bench_waits(pages: list[Page], seat: int) -> int:
    """``bench_online.play_deal``'s wait for a guest's move on every other page; how many of
    those pages did not show the host's words for it (their 5 s ran out)."""
    clicked = float(max(pages[seat].evaluate("window.benchClicks")))
    _, line = shown_at(pages[0], clicked, NAMES[seat], None)
    fell = 0
    for other in range(1, len(pages)):
        if other != seat:
            try:
                shown_at(pages[other], clicked, None, line, 5_000)
            except PlaywrightTimeoutError:
                fell += 1
                shown_at(pages[other], clicked, NAMES[seat], None)
    return fell


def report_kinds() -> None:
    """Per move kind: the mean CPU (ms, ``/proc``) of the host's renderer and of the other
    guests' (not the mover's) renderers, while the mover clicks and after its last click; the
    mover's own; how long each stretch took. Twice: as counted, and with each page's idle CPU
    over the same time taken off (the idle rates are measured over ``--idle`` s only: rough)."""
    for title, idle in (("as counted", {}), ("each page's idle CPU taken off", KINDS["idle"])):
        print(f"\nper move kind (--kinds {KINDS['settle']} s), {title}: mean ms of CPU per move")
        print(
            f"  {'kind':8s} {'n':>3s}  host clicks/after  guests clicks/after  mover  clicks s  after s"
            "  pages the bench's 5 s ran out on"
        )
        for kind, row in sorted(kind_sums(idle).items(), key=lambda x: -x[1][0]):
            n = row[0]
            print(
                f"  {kind:8s} {n:3.0f}  {row[1] / n:6.1f} {row[2] / n:6.1f}"
                f"    {row[3] / n:6.1f} {row[4] / n:6.1f}  {row[5] / n:6.1f}"
                f"  {row[6] / n:7.2f}  {row[7] / n:6.2f}  {row[8]:3.0f}"
            )
    print("  (host: the host's renderer, not at its own moves; guests: the mean other guest's renderer)")


def kind_sums(idle: dict[int, float]) -> dict[str, list[float]]:
    """Per move kind: [moves, host clicks, host after, guests clicks, guests after, mover, clicks
    s, after s, pages whose wait ran out], summed over the moves (``idle``: CPU s per s taken off)."""
    named = KINDS["named"]
    sums: dict[str, list[float]] = defaultdict(lambda: [0.0] * 9)
    for kind, seat, began, clicked, settled, clicks, after, fell in KINDS["rows"]:
        row = sums[kind]
        row[0] += 1
        row[8] += fell
        row[6] += clicks
        row[7] += after
        others: list[tuple[float, float]] = []
        for pid, name in named.items():
            if name == "renderer host":
                page = 0
            elif name.startswith("renderer guest "):
                page = int(name.rsplit(" ", 1)[1])
            else:
                continue
            rest = idle.get(pid, 0.0)
            one = (
                (clicked[pid] - began[pid] - rest * clicks) * 1000,
                (settled[pid] - clicked[pid] - rest * after) * 1000,
            )
            if page == seat:
                row[5] += sum(one)
            elif page == 0:
                row[1] += one[0]
                row[2] += one[1]
            else:
                others.append(one)
        if others:
            row[3] += sum(o[0] for o in others) / len(others)
            row[4] += sum(o[1] for o in others) / len(others)
    return sums


def run(browser: Browser, base: str, relay_url: str, args: argparse.Namespace) -> None:
    opening = threading.Thread(target=keep_nice, daemon=True)
    opening.start()
    if args.profile:
        bench_online.plain_new_page = bench_online.new_page  # type: ignore[attr-defined]
        bench_online.new_page = profiled_page
    pages, _ = open_table(browser, base, relay_url, args.seats, args.seats)
    pids = chromium_processes()
    renice(pids)
    time.sleep(args.idle)  # the last guest's page settles (its table drawn)
    named = names(pids, pages)
    print(f"table open: {len(pages)} pages, {len(pids)} Chromium processes", flush=True)
    before = snapshot(pids)
    time.sleep(args.idle)  # nobody moves: what the pages spend idle (nothing to await)
    after = snapshot(pids)
    report(f"idle {args.idle} s", before, after, named, args.idle, "second")
    if args.kinds:
        KINDS.update(settle=args.kinds, pids=pids, named=named, waits=args.bench_waits)
        KINDS["idle"] = {pid: (after[pid] - before.get(pid, 0.0)) / args.idle for pid in after}
    text, app = hosted(pages[0])
    if args.paint_shots:  # DevTools' paint flashing on the last guest's page
        Path(args.paint_shots).mkdir(parents=True, exist_ok=True)
        flashing = pages[-1].context.new_cdp_session(pages[-1])
        flashing.send("DOM.enable")  # the overlay needs it
        flashing.send("Overlay.enable")
        flashing.send("Overlay.setShowPaintRects", {"result": True})
        SHOTS["folder"] = args.paint_shots
    if args.profile:
        pages[args.profile].evaluate(f"rommiPyodide.runPython({json.dumps(PROFILE_ON)})")
    traced = 0
    blocks: list[str] = []
    moved: list[int] = []
    if args.trace_blocks:
        STAMP_MOVES["on"] = True
        browser.start_tracing(path=args.trace, categories=BLOCK_CATEGORIES)
    for number, motion in enumerate(args.blocks.split(",")):
        styled = motion.endswith("+style")
        motion = motion.removesuffix("+style")
        for page in pages:  # the system's motion setting, as a player may have it
            page.emulate_media(reduced_motion="reduce" if motion == "reduce" else "no-preference")
            page.evaluate(STYLE, args.style if styled else "")
        trace = bool(args.trace) and number == 0
        if args.trace_blocks:  # where each block begins, in the trace (``summarise_blocks``)
            pages[0].evaluate(f"console.timeStamp('bench-block-{number + 1}')")
            blocks.append(f"block {number + 1}, {motion}{' with --style' if styled else ''}")
        before = snapshot(pids)
        started = time.monotonic()
        text, app, moves = play_moves(
            browser,
            pages,
            text,
            app,
            args.moves,
            args.trace_moves if trace and not args.trace_blocks else 0,
            args.trace,
        )
        moved.append(moves)
        if trace:
            traced = min(moves, args.trace_moves)
        after = snapshot(pids)
        print(f"\n{moves} person moves in {time.monotonic() - started:.0f} s", flush=True)
        report(
            f"block {number + 1}, motion {motion}{' with --style' if styled else ''}:"
            f" playing ({moves} person moves)",
            before,
            after,
            named,
            moves,
            "person move",
        )
        if app.game.phase.value not in ("draw", "play", "buy"):
            break
    if args.kinds:
        report_kinds()
    if args.profile:
        print(f"\nguest {args.profile}'s Python (cProfile, in its page):")
        print(pages[args.profile].evaluate(f"rommiPyodide.runPython({json.dumps(PROFILE_OFF)})"))
    if args.trace_blocks:
        pages[0].evaluate("console.timeStamp('bench-block-end')")
        browser.stop_tracing()
        summarise_blocks(Path(args.trace), blocks, moved)
    elif args.trace:
        summarise_trace(Path(args.trace), traced)
    for page in pages:
        page.context.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seats", type=int, default=8)
    parser.add_argument("--moves", type=int, default=15)
    parser.add_argument("--idle", type=float, default=8.0)
    parser.add_argument("--trace", default="")
    parser.add_argument(
        "--blocks",
        default="normal",
        help="each block's motion setting (normal or reduce, +style: with --style), comma-separated",
    )
    parser.add_argument("--trace-moves", type=int, default=10)
    parser.add_argument(
        "--trace-blocks", action="store_true", help="with --trace: traced over every block, summed per block"
    )
    parser.add_argument("--style", default="", help="CSS added to every page in the blocks named ...+style")
    parser.add_argument(
        "--kinds", type=float, default=0.0, help="seconds: each move's CPU per page by move kind, settled"
    )
    parser.add_argument(
        "--bench-waits",
        action="store_true",
        help="with --kinds: guest moves awaited as bench_online does",
    )
    parser.add_argument("--profile", type=int, default=0, help="this guest's Python profiled (cProfile)")
    parser.add_argument(
        "--paints", action="store_true", help="with --trace: what invalidated paint, and where pages painted"
    )
    parser.add_argument(
        "--paint-shots", default="", help="folder: the last guest's page after each move, paints flashing"
    )
    args = parser.parse_args(argv)
    global PAINTS
    PAINTS = args.paints
    print(f"load {os.getloadavg()}", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder) / "site"
        build(site, quiet=True)
        with serving(site) as base, nostr_relay() as relay_url, sync_playwright() as playwright:
            browser = playwright.chromium.launch(**chromium.launch_options())
            run(browser, base, relay_url, args)
            browser.close()
    print(f"load {os.getloadavg()}")


if __name__ == "__main__":
    main()
