"""Online benchmark: how long a friend takes to join an online table, and how long a guest's move
takes to show on every other device, over a whole deal on this machine's loopback.

    python tools/bench/bench_online.py [--seats 4 8] [--people N] [--deals N] [--each]

For each table size, the built site is served here, a real Nostr relay runs on 127.0.0.1 (PyPI's
``nostr-relay``, started as ``tests/browser/relay.py`` does), and headless Chromium
(``tools/chromium.py``) opens one context per person, each at 1280x800: the host creates a table
of Sitoumusrommi with ``seats`` seats and each guest opens the invitation, takes a seat, and the
host starts (seats left over go to computer players; by default every seat is a person's). Then
the first deal is played through the pages, each person's move the hint for their seat (from the
host's save), until the deal ends; with ``--deals N``, N whole deals, the host pressing "Next
deal" between them (a deal of eight can be 30 timed moves, whose p95 is its second worst).

Printed:

* **join**, per guest: from opening the invitation link to the free seats shown (the page
  booted, the connection opened, the host's lobby arrived), split into the page's boot (to
  ``html[data-ready]``) and the connection (ready to seats shown); and from "Take this seat" to
  the host's lobby showing the guest seated.
* **CPU**, per move made (every seat's): each page's process and main thread (DevTools
  ``Performance.getMetrics``), and the processes the pages share (the browser, the GPU process
  that draws every page's frames with ``--disable-gpu``, the network service), from ``/proc``
  (``tools/bench/procs.py``): CPU time, which the load does not change.
* **click to shown**, per guest move (draws, melds, lay-offs, discards: not buy answers, which
  are shown only when the buy window closes): from the guest's last click or tap of the move (the
  page's own clock, ``Date.now()`` in a capturing listener) to the move's line appearing in the
  log of every other device (the last of them; each device's clock is this machine's), p50 and
  p95, and the same per device; with ``--each``, every timed move as it is played. The line
  awaited on each page is the host's words for the move, the meld's owner left out ("on Pekka's
  run" is "on your run" on Pekka's page).
* **per move kind** (draw, discard, meld, lay-off, buy, pass): click to shown, and the CPU of
  every Chromium process from a person's move to the next person's, and of the other pages'
  renderers (``Kinds``); the guests' update and redraw after each kind, and a buy offer's
  decision made after the paint (``guest: offer``); the time of each ``announce``.

The machine's load (``os.getloadavg``) is printed before and after: these are wall-clock
times on a shared machine. Nothing is asserted: goals (join within 10 s, p95 within 150 ms)
are for the reader.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "py"))

from playwright.sync_api import Browser, Page, expect, sync_playwright  # noqa: E402
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError  # noqa: E402
from tests.browser import relay  # noqa: E402
from tests.browser.online_play import TIMEOUT_MS, hosted, next_save, next_turn, play, recording  # noqa: E402
from tests.browser.person import play_as_person  # noqa: E402
from tools import chromium  # noqa: E402
from tools.bench.procs import chromium_processes, cpu, snapshot  # noqa: E402
from tools.build.build import build  # noqa: E402
from tools.build.serve import serving  # noqa: E402

from rommi.bots import hint  # noqa: E402

NAMES = ["Aino", "Liisa", "Pekka", "Helmi", "Oskari", "Sanni", "Ville", "Kaisa"]
READY = 'html[data-ready="true"]'
MOST_MOVES = 2000
JOIN_TIMEOUT_MS = 240_000  # a page's boot and connection on a busy machine (8 pages on 2 cores)
CONNECT_TIMEOUT_MS = 60_000  # a guest's page booted but no lobby from the host: reloaded once
SAY_EACH = False  # --each: every timed move's click to shown everywhere, as it is played
TIMED = ("draw", "meld", "layoff", "swap", "discard")  # moves shown at once (not a buy window's answers)

# Each page keeps the times of its person's clicks and taps, and when each line of its log
# appeared, with that line (this machine's clock, ms): every line new since the last change of
# the page (a move's line and the pass after it may come in one redraw), or the whole log when it
# was drawn afresh (a new deal, an undo).
PROBE = """
window.benchClicks = [];
window.benchLines = [];
addEventListener("pointerdown", () => window.benchClicks.push(Date.now()), true);
addEventListener("click", () => window.benchClicks.push(Date.now()), true);
let count = 0, last = null;
new MutationObserver(() => {
  const items = document.querySelectorAll("#log li");
  const n = items.length;
  if (n === count && (n === 0 || items[n - 1].textContent === last)) return;
  const from = n >= count && count > 0 && items[count - 1].textContent === last ? count : 0;
  const now = Date.now();
  for (let i = from; i < n; i++) window.benchLines.push([now, items[i].textContent]);
  count = n;
  last = n ? items[n - 1].textContent : null;
}).observe(document, { childList: true, subtree: true, characterData: true });
"""


@contextmanager
def nostr_relay() -> Iterator[str]:
    """A Nostr relay on 127.0.0.1, as the tests' fixture starts it; its address."""
    with tempfile.TemporaryDirectory() as folder:
        port = relay.free_port()
        (Path(folder) / "cfg.yaml").write_text(
            relay.CONFIG.format(port=port, folder=folder), encoding="utf-8"
        )
        with (Path(folder) / "relay.log").open("wb") as log:
            process = subprocess.Popen(
                [relay.relay_command(), "-c", str(Path(folder) / "cfg.yaml"), "serve"],
                cwd=folder,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
            try:
                deadline = time.monotonic() + relay.START_TIMEOUT_S
                while not relay.listening(port):
                    if process.poll() is not None or time.monotonic() > deadline:
                        raise SystemExit("nostr-relay did not start")
                    time.sleep(0.1)  # polling a port: there is no event to await
                yield f"ws://127.0.0.1:{port}"
            finally:
                relay.stop(process)


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def new_page(browser: Browser) -> Page:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
    context.add_init_script(PROBE)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Performance.enable", {"timeDomain": "threadTicks"})  # the main thread's CPU time
    CDP[page] = cdp
    page.route("**/js/online.mjs", recording)
    return page


CDP: dict[Page, Any] = {}  # each page's DevTools session, for its main thread's time
# The page's process CPU, its main thread's tasks, and of them script, layout, style, and the
# DevTools commands (the benchmark's own polling of the page).
WORK = (
    "ProcessTime",
    "TaskDuration",
    "ScriptDuration",
    "LayoutDuration",
    "RecalcStyleDuration",
    "DevToolsCommandDuration",
)


def work(page: Page) -> dict[str, float]:
    """The page's main thread so far (s): all its tasks, and of them script, layout and style."""
    metrics = CDP[page].send("Performance.getMetrics")["metrics"]
    return {m["name"]: float(m["value"]) for m in metrics if m["name"] in WORK}


def seat_row(page: Page, number: int) -> Any:
    return page.locator("#lobby").get_by_role("listitem").filter(has_text=f"Seat {number}:")


def open_table(
    browser: Browser, base: str, relay_url: str, seats: int, people: int
) -> tuple[list[Page], dict[str, list[float]]]:
    """The host's table of ``seats`` with ``people`` persons seated (the first seats); join times."""
    host = new_page(browser)
    host.goto(f"{base}?lang=en&pace=instant&relay={relay_url}")
    host.wait_for_selector(READY, state="attached", timeout=JOIN_TIMEOUT_MS)
    host.get_by_role("textbox", name="Your name").fill(NAMES[0])
    host.get_by_role("radio", name="Sitoumusrommi").check()
    host.get_by_role("combobox", name="Players", exact=True).select_option(str(seats))
    host.get_by_role("button", name="Play with friends online").click()
    host.get_by_role("button", name="Create a table").click()
    field = host.get_by_role("textbox", name="Invitation link")
    expect(host.locator("#lobby").get_by_role("status").first).to_have_text(
        "Your table is open. Send the invitation link to your friends.", timeout=JOIN_TIMEOUT_MS
    )
    link = str(field.input_value())
    pages, times = [host], {"boot": [], "connect": [], "join": [], "seated": []}
    for seat in range(1, people):
        guest = new_page(browser)
        opened = time.monotonic()
        guest.goto(link)
        guest.wait_for_selector(READY, state="attached", timeout=JOIN_TIMEOUT_MS)
        ready = time.monotonic()
        take = seat_row(guest, seat + 1).get_by_role("button", name="Take this seat")
        try:
            take.wait_for(timeout=CONNECT_TIMEOUT_MS)
        except PlaywrightTimeoutError:  # no lobby from the host: reloaded, as a person would
            print(f"guest {NAMES[seat]}: no host after {CONNECT_TIMEOUT_MS // 1000} s, reloaded", flush=True)
            guest.reload()
            take.wait_for(timeout=JOIN_TIMEOUT_MS)
        shown = time.monotonic()
        guest.get_by_role("textbox", name="Your name").fill(NAMES[seat])
        clicked = time.monotonic()
        take.click()
        expect(seat_row(host, seat + 1)).to_contain_text(f"{NAMES[seat]} (friend)", timeout=JOIN_TIMEOUT_MS)
        seated = time.monotonic()
        times["boot"].append(ready - opened)
        times["connect"].append(shown - ready)
        times["join"].append(shown - opened)
        times["seated"].append(seated - clicked)
        pages.append(guest)
    host.get_by_role("button", name="Start the game").click()
    for page in pages:
        expect(page.locator("#hand button[data-card]").first).to_be_visible(timeout=JOIN_TIMEOUT_MS)
    return pages, times


def shown_at(
    page: Page, since: float, name: str | None, line: str | None, timeout: float = TIMEOUT_MS
) -> tuple[float, str]:
    """When ``page``'s log first showed, at ``since`` or later, the line ``line`` (or, with
    ``line`` None, any line naming ``name``). A meld is named after its owner, or as "your" meld
    on its owner's page ("on Pekka's run", "on your run"): the owner's word is left out of both."""
    found = page.wait_for_function(
        """([since, name, line]) => {
             const bare = (s) => s.replace(/(?:\\byour|\\S+'s) (?=set |run )/g, "");
             const want = line === null ? null : bare(line);
             const wanted = (text) => (want === null ? text.includes(name) : bare(text) === want);
             return (window.benchLines || []).find(([at, text]) => at >= since && wanted(text)) || null;
           }""",
        arg=[since, name, line],
        polling=20,
        timeout=timeout,
    ).json_value()
    return float(found[0]), str(found[1])


class Kinds:
    """Per move kind (draw, discard, meld, buy, pass...): each timed move's click to shown
    everywhere (ms), and CPU (``/proc``: what the load does not change) of this run's Chromium
    processes from a person's move's first action to the next person's (everything the move set
    off: the other pages' redraws, the buy window it opened): all of them, and the renderers of
    the pages other than the mover's (the mover's own clicks and selections left out), as their
    mean and their largest (the slowest device's share)."""

    def __init__(self, pages: list[Page]) -> None:
        self.processes = chromium_processes()
        renderers = [pid for pid, kind in self.processes.items() if kind == "renderer"]
        self.page_of: dict[int, int] = {}  # a renderer's pid -> its page, by the page's own CPU time
        for number, page in enumerate(pages):
            own = work(page)["ProcessTime"]
            if renderers:
                best = min(renderers, key=lambda pid: abs(cpu(pid) - own))
                self.page_of[best] = number
                renderers.remove(best)
        self.shown: dict[str, list[float]] = {}
        self.whole: dict[str, list[float]] = {}
        self.others_mean: dict[str, list[float]] = {}
        self.others_max: dict[str, list[float]] = {}
        self._last: tuple[str, int, dict[int, float]] | None = None

    def start(self, kind: str, mover: int) -> None:
        """A person's move begins: the move before it ends here."""
        now = snapshot(self.processes)
        if self._last is not None:
            last, moved, then = self._last
            self.whole.setdefault(last, []).append(sum(now.values()) - sum(then.values()))
            others = [now[pid] - then[pid] for pid, page in self.page_of.items() if page != moved]
            if others:
                self.others_mean.setdefault(last, []).append(sum(others) / len(others))
                self.others_max.setdefault(last, []).append(max(others))
        self._last = (kind, mover, now)

    def timed(self, kind: str, worst: float) -> None:
        self.shown.setdefault(kind, []).append(worst)

    def report(self) -> None:
        print("per move kind: click -> shown everywhere (ms, timed guest moves); ms of CPU per move (to the")
        print("next person's move): every Chromium process; the other pages' renderers, mean and largest")
        for kind in sorted(self.whole, key=lambda k: -len(self.whole[k])):
            shown = self.shown.get(kind, [])
            said = (
                f"p50 {pct(shown, 50):4.0f} p95 {pct(shown, 95):4.0f}"
                f" max {max(shown):4.0f} (n={len(shown):3d})"
                if shown
                else f"{'':35s}"
            )
            whole, mean, most = (
                self.whole[kind],
                self.others_mean.get(kind, [0.0]),
                self.others_max.get(kind, [0.0]),
            )
            print(
                f"  {kind:8s} {said}  CPU all p50 {pct(whole, 50) * 1000:4.0f}"
                f" p95 {pct(whole, 95) * 1000:4.0f}"
                f"; others mean p50 {pct(mean, 50) * 1000:3.0f} p95 {pct(mean, 95) * 1000:3.0f}"
                f", largest p50 {pct(most, 50) * 1000:3.0f} p95 {pct(most, 95) * 1000:3.0f} (n={len(whole)})"
            )


def play_deal(
    pages: list[Page], kinds: Kinds, deals: int = 1
) -> tuple[list[float], dict[int, list[float]], int, list[tuple[int, float, str]]]:
    """The first deal (or the first ``deals``, the host pressing "Next deal" after each but the
    last), played; each guest move's time to show on every other device (ms), and each timed
    move's mover, click and kind."""
    text, app = hosted(pages[0])
    worst: list[float] = []
    by_device: dict[int, list[float]] = {i: [] for i in range(len(pages))}
    timed: list[tuple[int, float, str]] = []
    moves = 0
    dealt = 0
    for _ in range(MOST_MOVES):
        text, app = next_turn(pages, text, app)
        if app.game.phase.value not in ("draw", "play", "buy"):
            dealt += 1
            if dealt < deals and app.game.phase.value == "deal_over":
                kinds.start("next_deal", 0)
                play_as_person(pages[0], {"type": "next_deal"})
                text, app = next_save(pages[0], text)
                continue
            kinds.start("end", -1)
            return worst, by_device, moves, timed
        seat = app.game.to_act
        assert seat is not None
        action = dict(hint(app.game.view(seat))["action"].to_json())
        page = pages[seat]
        kinds.start(str(action["type"]), seat)
        page.evaluate("window.benchClicks.length = 0")
        try:
            play(page, app, seat, action)
        except Exception:
            cards = page.locator("#hand button[data-card]")
            hand = cards.evaluate_all("(cards) => cards.map((c) => c.dataset.card)")
            print(f"seat {seat} could not play {action}; its page's hand: {hand}", flush=True)
            raise
        moves += 1
        if seat == 0 or action["type"] not in TIMED:
            text, app = next_save(pages[0], text)
            continue
        # The move is timed before the host's save is read: reading it makes the host's page
        # write its save at each look (every 50 ms), which cost the host CPU while it was
        # sending the move on.
        clicked = float(max(page.evaluate("window.benchClicks")))
        timed.append((seat, clicked, str(action["type"])))
        at, line = shown_at(pages[0], clicked, NAMES[seat], None)
        delays = {0: at - clicked}
        for other in range(1, len(pages)):
            if other != seat:  # the host's words for the move, the meld's owner worded as the page words it
                delays[other] = shown_at(pages[other], clicked, None, line)[0] - clicked
        for device, ms in delays.items():
            by_device[device].append(ms)
        worst.append(max(delays.values()))
        if SAY_EACH:
            slowest = max(delays, key=lambda d: delays[d])
            print(f"  move {moves:3d} {action['type']:8s} by {NAMES[seat]:7s} {worst[-1]:5.0f} ms", end="")
            print(f" (slowest: {NAMES[slowest]})", flush=True)
        kinds.timed(str(action["type"]), worst[-1])
        text, app = next_save(pages[0], text)
    raise SystemExit(f"the deal did not end in {MOST_MOVES} moves")


def marks(page: Page) -> list[tuple[float, str, float]]:
    """The page's online stage marks (``browser.session.mark``): start (ms, this machine's clock),
    stage, how long it took (ms)."""
    stats = json.loads(page.evaluate("window.rommiStatsNow()"))
    return [(float(a), str(b), float(c)) for a, b, c in stats.get("online", [])]


def stages(pages: list[Page], timed: list[tuple[int, float, str]]) -> None:
    """Where each timed move's time went, from every page's marks: the guest's click to its text
    sent, to the host's page reading it, the host's work, to each other guest's page reading the
    view, and each guest's work (median and p95 over the moves; a guest's stages over every guest
    that was not the mover)."""
    by_page = [marks(page) for page in pages]
    rows: dict[str, list[float]] = {}

    def add(name: str, value: float) -> None:
        rows.setdefault(name, []).append(value)

    def first(page: int, stage: str, since: float) -> tuple[float, float] | None:
        found = [(at, ms) for at, name, ms in by_page[page] if name == stage and at >= since]
        return min(found) if found else None

    for seat, clicked, kind in timed:
        sent = first(seat, "guest.send", clicked - 1)
        if sent is None:
            continue
        add("mover: click -> its text sent", sent[0] - clicked)
        received = first(0, "host.receive", sent[0])
        if received is None:
            continue
        add("wire: mover -> host's page", received[0] - sent[0])
        add("host: receive (check, play, views)", received[1])
        run = first(0, "host.run", received[0])
        flushed = first(0, "host.flush", received[0])
        shown = first(0, "host.show", received[0])
        message = first(0, "host.message", received[0] - 1)
        if run is not None:
            add("host: run (its table drawn, save queued)", run[1])
        if flushed is not None:
            add("host: click -> texts sent", flushed[0] - clicked)
        if shown is not None:
            add("host: show again", shown[1])
        if message is not None:
            add("host: whole message", message[1])
        if flushed is None:
            continue
        last = 0.0
        for other in range(1, len(pages)):
            if other == seat:
                continue
            read = first(other, "guest.read", flushed[0])
            if read is None:
                continue
            add("wire: host -> guest's page read", read[0] - flushed[0])
            add("guest: read", read[1])
            for stage in ("guest.update", "guest.run", "guest.show", "guest.message", "guest.offer"):
                got = first(other, stage, read[0] - 1)
                if got is not None and (stage != "guest.offer" or got[0] - read[0] < 300):  # this view's
                    add(f"guest: {stage.removeprefix('guest.')}", got[1])
                    if stage in ("guest.update", "guest.run"):
                        add(f"guest: {stage.removeprefix('guest.')} after a {kind}", got[1])
            done = first(other, "guest.message", read[0] - 1)
            if done is not None:
                last = max(last, done[0] + done[1] - clicked)
        if last:
            add("click -> last guest's page done", last)
    for name, values in rows.items():
        print(f"  {name:44s} p50 {pct(values, 50):6.1f} ms  p95 {pct(values, 95):6.1f} ms  (n={len(values)})")
    regions: dict[str, list[float]] = {}
    for page in pages[1:]:  # the guests' redraws over the whole deal, by region (1 ms or more)
        stats = json.loads(page.evaluate("window.rommiStatsNow()"))
        for key, values in stats.items():
            if key.startswith("region:") or key in ("bot_renders", "announces"):
                regions.setdefault(key, []).extend(float(v) for v in values)
    for key, values in sorted(regions.items()):
        name = f"guests' {key}"
        print(f"  {name:44s} p50 {pct(values, 50):6.1f} ms  p95 {pct(values, 95):6.1f} ms  (n={len(values)})")


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def table(browser: Browser, base: str, relay_url: str, seats: int, people: int, deals: int = 1) -> None:
    print(
        f"\n== {seats} seats: the host, {people - 1} guests, {seats - people} computer players ==", flush=True
    )
    started = time.monotonic()
    pages, times = open_table(browser, base, relay_url, seats, people)
    for kind, words in (
        ("join", "join (link opened -> free seats shown)"),
        ("boot", "  of which the page's boot"),
        ("connect", "  of which connecting (ready -> seats shown)"),
        ("seated", "take this seat -> seated at the host"),
    ):
        values = times[kind]
        print(
            f"{words:46s} median {statistics.median(values):6.2f} s"
            f"  max {max(values):6.2f} s  (n={len(values)})"
        )
    before = [work(page) for page in pages]
    processes = chromium_processes()
    shared_before = snapshot(processes)
    kinds = Kinds(pages)
    worst, by_device, moves, timed = play_deal(pages, kinds, deals)
    spent = [
        {k: v - b.get(k, 0.0) for k, v in work(page).items()} for page, b in zip(pages, before, strict=True)
    ]
    shared_after = snapshot(processes)
    print(
        f"{'deal played' if deals == 1 else f'{deals} deals played'}: {moves} person moves,"
        f" {len(worst)} guest moves timed, {time.monotonic() - started:.0f} s in all"
    )
    if worst:
        print(
            f"click -> shown on every other device          p50 {pct(worst, 50):6.0f} ms"
            f"  p95 {pct(worst, 95):6.0f} ms"
            f"  max {max(worst):6.0f} ms"
        )
    for device, values in by_device.items():
        if values:
            who = "host" if device == 0 else f"guest {NAMES[device]}"
            print(
                f"  on {who:14s} p50 {pct(values, 50):6.0f} ms"
                f"  p95 {pct(values, 95):6.0f} ms  (n={len(values)})"
            )
    kinds.report()
    all_moves = len(hosted(pages[0])[1].log or [])  # every seat's, the computer players' too
    print(f"each page over the deal, per move made ({all_moves} moves), ms of CPU (process) and main thread:")
    for device, used in enumerate(spent):
        who = "host" if device == 0 else f"guest {NAMES[device]}"
        each = "  ".join(
            f"{k.removesuffix('Duration').removesuffix('Time').lower()} {v / max(all_moves, 1) * 1000:5.1f}"
            for k, v in used.items()
        )
        print(f"  {who:14s} {each}")
    shared: dict[str, float] = {}  # the processes every page uses: browser, GPU, network...
    for pid, kind in processes.items():
        if kind != "renderer":
            shared[kind] = shared.get(kind, 0.0) + shared_after[pid] - shared_before[pid]
    print(
        "shared by every page, per move made, ms of CPU (process): "
        + "  ".join(
            f"{k} {v / max(all_moves, 1) * 1000:.1f}" for k, v in sorted(shared.items(), key=lambda x: -x[1])
        )
    )
    heard: dict[str, int] = {}  # the texts the guests' pages got, by type (views, counts...)
    for page in pages[1:]:
        for _, text in page.evaluate("window.rommiHeard || []"):
            kind = str(json.loads(text).get("t"))
            heard[kind] = heard.get(kind, 0) + 1
    print(
        "texts the guests got: "
        + ", ".join(f"{k} {n}" for k, n in sorted(heard.items(), key=lambda x: -x[1]))
    )
    stages(pages, timed)
    for page in pages:
        page.context.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seats", type=int, nargs="+", default=[4, 8])
    parser.add_argument("--people", type=int, default=0, help="persons at each table (default: every seat)")
    parser.add_argument(
        "--deals", type=int, default=1, help="whole deals timed at each table (default: the first)"
    )
    parser.add_argument("--each", action="store_true", help="print each timed move as it is played")
    args = parser.parse_args(argv)
    global SAY_EACH
    SAY_EACH = args.each
    print(f"before: {load()}", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder) / "site"
        build(site, quiet=True)
        with serving(site) as base, nostr_relay() as relay_url, sync_playwright() as playwright:
            browser = playwright.chromium.launch(**chromium.launch_options())
            for seats in args.seats:
                table(browser, base, relay_url, seats, min(args.people or seats, seats), args.deals)
            browser.close()
    print(f"\nafter: {load()}")


if __name__ == "__main__":
    main()
