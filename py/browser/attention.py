"""The browser half of calling the player back (``ui.attention``): the tab's title, and a
short sound made with WebAudio (an oscillator: no audio file is fetched from anywhere).

``after`` runs after every command and computer move (``browser.page.run``); ``listen`` puts
the page's own title back when the page is seen again (``visibilitychange``).
"""

from __future__ import annotations

from typing import Any

from js import document, window  # type: ignore[import-not-found]
from pyscript.ffi import create_proxy  # type: ignore[import-not-found]

from ui.attention import Attention, Call, calls_for

state = Attention()
_audio: dict[str, Any] = {}


def listen() -> None:
    """Remember the page's own title, and give it back when the page is seen."""
    state.base = str(document.title) or state.base
    document.addEventListener("visibilitychange", create_proxy(lambda *_: _seen()))


def _seen() -> None:
    if not document.hidden:
        _do(state.seen())


def after(screen: Any) -> None:
    """After a command: whether your turn or a buy offer came while the page is hidden."""
    app = None if screen.screen != "table" else screen.app
    _do(state.after(calls_for(app), bool(document.hidden), bool(screen.settings.sound)))


def _do(call: Call | None) -> None:
    if call is None:
        return
    document.title = call.title
    if call.sound:
        beep()


def beep() -> None:
    """Two short soft tones (about a quarter of a second), made here; any failure is silent."""
    try:
        make = getattr(window, "AudioContext", None) or getattr(window, "webkitAudioContext", None)
        if make is None:
            return
        if "context" not in _audio:
            _audio["context"] = make.new()
        ctx = _audio["context"]
        if str(ctx.state) == "suspended":
            ctx.resume()
        start = float(ctx.currentTime)
        for i, freq in enumerate((660.0, 880.0)):
            osc, gain = ctx.createOscillator(), ctx.createGain()
            osc.type = "sine"
            osc.frequency.value = freq
            at = start + i * 0.13
            gain.gain.setValueAtTime(0.0001, at)
            gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02)
            gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.12)
            osc.connect(gain)
            gain.connect(ctx.destination)
            osc.start(at)
            osc.stop(at + 0.13)
    except Exception:
        return
