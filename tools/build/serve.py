"""Serve a built site over HTTP with the MIME types Pyodide needs.

``python tools/build/serve.py [--dir dist] [--port 8000] [--host 127.0.0.1]``

Pyodide compiles its WebAssembly only by streaming, which browsers allow only
for ``application/wasm``: a server that sends ``.wasm`` as anything else makes
the page hang. The types are fixed here rather than read from the machine's
``/etc/mime.types``. Bind to localhost: a service worker needs a secure
context, and plain HTTP on a LAN address is not one.
"""

from __future__ import annotations

import argparse
import functools
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".py": "text/x-python; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".txt": "text/plain; charset=utf-8",
}


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files with fixed MIME types, revalidated on every use, no request log; the page
    cross-origin isolated (see ``end_headers``)."""

    extensions_map: ClassVar[dict[str, str]] = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet: ClassVar[bool] = True

    def end_headers(self) -> None:
        # Revalidate (a cheap 304) so a rebuilt site is never mixed with stale files.
        self.send_header("Cache-Control", "no-cache")
        # Cross-origin isolation: Pyodide's runtime makes a shared WebAssembly memory as it loads,
        # which a page that is not isolated may not have (Chrome logs a deprecation for it). Every
        # file the page loads is its own, so requiring that costs nothing. The files may be loaded
        # from other origins (CORP cross-origin): a page that is itself isolated can still frame us.
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        self.send_header("Cross-Origin-Resource-Policy", "cross-origin")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def make_server(
    directory: Path,
    host: str = "127.0.0.1",
    port: int = 0,
    quiet: bool = True,
    handler: type[SiteHandler] = SiteHandler,
) -> ThreadingHTTPServer:
    """A server of ``directory`` (not yet serving); ``handler``: a ``SiteHandler`` that does more."""
    made = functools.partial(type("Handler", (handler,), {"quiet": quiet}), directory=str(directory))
    server = ThreadingHTTPServer((host, port), made)
    server.daemon_threads = True
    return server


@contextmanager
def serving(
    directory: Path, host: str = "127.0.0.1", port: int = 0, handler: type[SiteHandler] = SiteHandler
) -> Iterator[str]:
    """Serve ``directory`` in a background thread; yield the base URL (ending in ``/``)."""
    server = make_server(directory, host, port, handler=handler)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    try:
        yield f"http://{host}:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Serve the built Rommi site.")
    parser.add_argument("--dir", type=Path, default=Path(__file__).resolve().parents[2] / "dist")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    if not (args.dir / "index.html").is_file():
        raise SystemExit(f"serve: {args.dir} has no index.html; run `make build` first")
    server = make_server(args.dir, args.host, args.port, quiet=False)
    host = "localhost" if args.host in ("127.0.0.1", "::1") else args.host
    print(f"Rommi at http://{host}:{server.server_address[1]}/  (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
