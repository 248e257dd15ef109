"""A real Nostr relay on this machine for the online tests: PyPI's ``nostr-relay`` (installed with
the ``test`` extra), never one of ours.

``nostr_relay`` (a session fixture; a test module makes it available with
``from tests.browser.relay import relay_fixture``) starts ``nostr-relay -c cfg.yaml serve``
(gunicorn, one worker, bound to 127.0.0.1 on a free port, its events in SQLite in a temporary
folder), waits until the port takes connections and yields its address, ``ws://127.0.0.1:PORT``;
at the end it stops the relay's whole process group (gunicorn's master and its worker). The
pages reach it through the address's ``relay=`` (a loopback relay, always allowed by the page's
policy)."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

START_TIMEOUT_S = 60.0  # gunicorn starts in about a second here; CI machines may be busy

CONFIG = """\
gunicorn:
  bind: 127.0.0.1:{port}
  workers: 1
  loglevel: warning
storage:
  sqlalchemy.url: sqlite+aiosqlite:///{folder}/relay.sqlite3
  validators:
    - nostr_relay.validators.is_signed
verification:
  nip05_verification: disabled
authentication:
  enabled: false
max_event_size: 65536
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def relay_command() -> str:
    """The ``nostr-relay`` script beside this Python (the virtual environment's), else on PATH."""
    beside = Path(sys.executable).with_name("nostr-relay")
    found = str(beside) if beside.is_file() else shutil.which("nostr-relay")
    if found is None:
        pytest.fail("nostr-relay is not installed: run `make test` (pyproject's test extra installs it)")
    return found


def listening(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


def stop(process: subprocess.Popen[bytes]) -> None:
    """Stop the relay's process group: politely, then for good."""
    for sig, wait in ((signal.SIGTERM, 10), (signal.SIGKILL, 10)):
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            break
        try:
            process.wait(timeout=wait)
            break
        except subprocess.TimeoutExpired:
            continue


@pytest.fixture(scope="session", name="nostr_relay")
def relay_fixture(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The address (``ws://127.0.0.1:PORT``) of a Nostr relay running for this session."""
    folder = tmp_path_factory.mktemp("relay")
    port = free_port()
    (folder / "cfg.yaml").write_text(CONFIG.format(port=port, folder=folder), encoding="utf-8")
    log = (folder / "relay.log").open("wb")
    process = subprocess.Popen(
        [relay_command(), "-c", str(folder / "cfg.yaml"), "serve"],
        cwd=folder,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,  # its own process group, stopped as one
    )
    try:
        deadline = time.monotonic() + START_TIMEOUT_S
        while not listening(port):
            if process.poll() is not None or time.monotonic() > deadline:
                log.flush()
                pytest.fail(
                    f"nostr-relay did not start on port {port}:\n"
                    + (folder / "relay.log").read_text(encoding="utf-8", errors="replace")[-3000:]
                )
            time.sleep(0.1)  # polling a port: there is no event to await
        yield f"ws://127.0.0.1:{port}"
    finally:
        stop(process)
        log.close()
