"""Build the deployable site into ``dist/`` (or ``--out DIR``).

Standard library only. Steps:

1. ``npm ci`` when ``node_modules`` is missing or does not hold the versions
   pinned in ``package-lock.json``.
2. Copy the runtime out of ``node_modules`` into ``vendor/pyodide/`` and
   ``vendor/pyscript/`` (only the files the page needs; skipped per file when
   the copy is already up to date).
3. Copy our own files afresh: ``index.html``, ``icon.svg``, the web-app
   manifest, ``css/``, ``icons/``, the page's script modules in ``js/``, the
   rules pages in ``rules/`` and ``py/main.py``; pack every other ``.py`` file
   under ``py/`` (recursively, so new modules need no edits here) into one
   archive, ``py/modules.tar``, with their docstrings left out (the page never
   reads them): one request instead of seventy, and about a quarter of the bytes.
   Nothing else of ``node_modules`` is copied: ``axe-core`` is for the tests only.
   Trystero (the transport for playing online) is bundled with esbuild, a development
   dependency, into one module, ``vendor/trystero.mjs`` (made once per version under
   ``node_modules/.rommi/``), which the page imports only when an online table opens.
4. Generate ``pyscript.json`` (our interpreter module ``boot/interpreter.mjs``,
   and the archive unpacked into Python's working directory), fill in that
   module's list of the modules its snapshot imports, and write ``sw.js`` (the
   service worker, with the precache list and a build version that is a hash of
   the content).
5. Write the storage keys from the one table of stores (``py/ui/records/stores.py``) into
   the page's first inline script, ``js/stores.mjs`` and ``boot/interpreter.mjs`` (the
   prefix of its note of the snapshot), then put the SHA-256 of
   each inline script of the page into its content security policy, and the relays of the
   one setting for playing online (``py/ui/model/relays.py``) into its ``connect-src``.

Usage: ``python tools/build/build.py [--out DIR] [--quiet]``.
"""

from __future__ import annotations

import argparse
import ast
import base64
import gzip
import hashlib
import importlib.util
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
NODE_MODULES = ROOT / "node_modules"

# What the page needs from each npm package; nothing else of them is loaded at run time.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
VENDORED_PACKAGES = ("pyodide", "@pyscript/core", "uqr")
# The QR code of an online table's invitation: uqr (unjs), one ES module with no dependencies,
# copied as it is; the lobby imports it only when a table is created (``browser.render.lobby``).
QR_MODULE = "vendor/uqr.mjs"
# Trystero's Nostr strategy, bundled by esbuild into one module of the site (it ships ES modules
# with dependencies of its own); esbuild is a development dependency, never shipped.
BUNDLED = "vendor/trystero.mjs"
BUNDLE_PACKAGES = ("trystero", "esbuild")
# What the page loads of PyScript's hashed chunks (core-XXXXXXXX.js ...): core.js, its core,
# and the small modules it imports at every boot (the plugin stubs among them). The editor's
# and the terminal's chunks (CodeMirror, xterm: about 1 MB) load only for <py-editor> and
# <py-terminal>, which the page has not, so they are neither copied nor precached. A browser
# test checks that every file the page fetches is in the precache list, and the reverse.
PYSCRIPT_CHUNK = re.compile(
    r"core\.js|(core|deprecations-manager|donkey|error|py-editor|py-game|py-terminal)-[\w-]{8}\.js"
)

# Our own files and folders copied as they are (besides py/ and sw.js).
STATIC_FILES = ("index.html", "icon.svg", "manifest.webmanifest", "py/main.py")
# The page's script (fetched by <script type="py" src>) and the archive of every other module.
MAIN_SCRIPT = "py/main.py"
ARCHIVE = "py/modules.tar"
STATIC_DIRS = ("boot", "css", "icons", "js", "rules")
# PyScript's interpreter: a wrapper of the vendored pyodide.mjs that restores a snapshot.
INTERPRETER = "boot/interpreter.mjs"
MODULES_PLACEHOLDER = "const MODULES = []; // replaced by tools/build/build.py"
# The key of its note of the snapshot begins with the one table of stores' prefix (``store_table``).
MARK_PLACEHOLDER = 'const SNAPSHOT_MARK_PREFIX = ""; // written by tools/build/build.py'
OPTIONAL_FILES: tuple[str, ...] = ()

SW_PLACEHOLDER = 'const BUILD = { version: "dev", files: [] }; // replaced by tools/build/build.py'


def log(quiet: bool, message: str) -> None:
    if not quiet:
        print(f"build: {message}", flush=True)


def locked_versions() -> dict[str, str]:
    """The versions ``package-lock.json`` pins for the packages we vendor or bundle with."""
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    packages = lock.get("packages", {})
    names = (*VENDORED_PACKAGES, *BUNDLE_PACKAGES)
    return {name: packages[f"node_modules/{name}"]["version"] for name in names}


def installed_version(name: str) -> str | None:
    manifest = NODE_MODULES / name / "package.json"
    if not manifest.is_file():
        return None
    return str(json.loads(manifest.read_text(encoding="utf-8")).get("version"))


def ensure_node_modules(quiet: bool) -> None:
    """Run ``npm ci`` unless node_modules already holds the locked versions."""
    wanted = locked_versions()
    if all(installed_version(name) == version for name, version in wanted.items()):
        return
    log(quiet, "node_modules missing or out of date: npm ci")
    npm = shutil.which("npm")
    if npm is None:
        sys.exit("build: npm not found; install Node.js 20 or newer (apt-get install nodejs npm)")
    subprocess.run(
        [npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"],
        cwd=ROOT,
        check=True,
        stdout=subprocess.DEVNULL if quiet else None,
    )
    for name, version in wanted.items():
        if installed_version(name) != version:
            sys.exit(f"build: npm ci did not install {name} {version}")


def vendor_sources() -> dict[str, Path]:
    """Map each vendored file's path in the site to its source in node_modules."""
    sources: dict[str, Path] = {}
    pyodide = NODE_MODULES / "pyodide"
    for name in PYODIDE_FILES:
        sources[f"vendor/pyodide/{name}"] = pyodide / name
    pyscript = NODE_MODULES / "@pyscript" / "core" / "dist"
    for path in sorted(pyscript.glob("*.js")):
        if PYSCRIPT_CHUNK.fullmatch(path.name):
            sources[f"vendor/pyscript/{path.name}"] = path
    sources[QR_MODULE] = NODE_MODULES / "uqr" / "dist" / "index.mjs"
    for rel, path in sources.items():
        if not path.is_file():
            sys.exit(f"build: {path} is missing (needed for {rel})")
    sources[BUNDLED] = trystero_bundle()
    return sources


def trystero_bundle() -> Path:
    """Trystero bundled into one ES module (``esbuild --bundle --format=esm --minify``), made
    once per installed version of each under ``node_modules/.rommi/`` (a new ``npm ci`` starts
    afresh).

    No source map is written; the bundle is a build product, never committed."""
    versions = "-".join(f"{name}-{installed_version(name)}" for name in BUNDLE_PACKAGES)
    bundle = NODE_MODULES / ".rommi" / f"{versions}.mjs"
    if bundle.is_file():
        return bundle
    esbuild = NODE_MODULES / ".bin" / "esbuild"
    entry = NODE_MODULES / "trystero" / "dist" / "index.mjs"
    if not (esbuild.is_file() and entry.is_file()):
        sys.exit("build: node_modules has no esbuild or trystero; run npm ci")
    bundle.parent.mkdir(parents=True, exist_ok=True)
    partial = bundle.with_suffix(".part")
    made = subprocess.run(
        [
            str(esbuild),
            str(entry),
            "--bundle",
            "--format=esm",
            "--minify",
            "--log-level=warning",
            "--legal-comments=eof",
            f"--outfile={partial}",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if made.returncode:
        sys.exit(f"build: esbuild could not bundle trystero:\n{made.stderr}")
    partial.replace(bundle)
    return bundle


SOURCE_MAP = re.compile(rb"\n//# sourceMappingURL=[^\n]*\s*$")


def up_to_date(src: Path, dst: Path) -> bool:
    """The copy carries its source's modification time (the copy of a script may be shorter)."""
    if not dst.is_file() or int(src.stat().st_mtime) != int(dst.stat().st_mtime):
        return False
    if dst.name == "pyodide-lock.json":
        return dst.stat().st_size < 4096
    return dst.suffix not in (".js", ".mjs") or not SOURCE_MAP.search(dst.read_bytes()[-400:])


def without_packages(lock: bytes) -> bytes:
    """Pyodide's lock file with its ``info`` but none of its 300 packages (119 KB of them).

    Pyodide reads the lock file at every start, but only to find packages to load, and the
    page loads none: its Python is the standard library and our own modules.
    """
    info = json.loads(lock)["info"]
    return (json.dumps({"info": info, "packages": {}}, indent=1) + "\n").encode("utf-8")


def copy_runtime_file(src: Path, dst: Path) -> None:
    """Copy one runtime file; a script loses its last line's pointer to a source map, and
    the lock file its list of packages (``without_packages``).

    The maps are not shipped (they are for debugging the runtime itself), and a browser
    whose developer tools are open would otherwise ask for each one and log a 404.
    """
    data = src.read_bytes()
    if src.suffix in (".js", ".mjs"):
        data = SOURCE_MAP.sub(b"\n", data)
    if src.name == "pyodide-lock.json":
        data = without_packages(data)
    dst.write_bytes(data)
    stat = src.stat()
    os.utime(dst, (stat.st_atime, stat.st_mtime))


def copy_vendor(out: Path, quiet: bool) -> list[str]:
    """Copy the runtime files that changed; delete vendored files no longer wanted."""
    sources = vendor_sources()
    copied = 0
    for rel, src in sources.items():
        dst = out / rel
        if not up_to_date(src, dst):
            dst.parent.mkdir(parents=True, exist_ok=True)
            copy_runtime_file(src, dst)
            copied += 1
    vendor = out / "vendor"
    for path in sorted(vendor.rglob("*"), reverse=True):
        rel = path.relative_to(out).as_posix()
        if path.is_file() and rel not in sources:
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    log(quiet, f"vendor: {copied} of {len(sources)} files copied")
    return sorted(sources)


def python_files() -> list[str]:
    """Every .py file under py/, as site paths like ``py/rommi/cards.py``: all of them ship (the
    CPython-only tools live outside, in tools/rommilab/)."""
    found = []
    for path in (ROOT / "py").rglob("*.py"):
        rel = path.relative_to(ROOT)
        if "__pycache__" in rel.parts or any(part.startswith(".") for part in rel.parts):
            continue
        found.append(rel.as_posix())
    return sorted(found)


def own_files() -> list[str]:
    """Our files that the site serves as they are."""
    files = [name for name in STATIC_FILES]
    files += [name for name in OPTIONAL_FILES if (ROOT / name).is_file()]
    for folder in STATIC_DIRS:
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and not path.name.startswith("."):
                files.append(path.relative_to(ROOT).as_posix())
    return sorted(files)


def archived_modules() -> list[str]:
    """The Python files that go into the archive: all that are shipped but the page's script."""
    return [rel for rel in python_files() if rel != MAIN_SCRIPT]


def without_docstrings(source: str, name: str) -> str:
    """The module's code without its docstrings (or comments): what Python runs of it.

    Docstrings are for the people who read the sources, which are in the repository; in
    the page they would only be downloaded and held in memory. The code is written out
    from its syntax tree, so nothing but the docstrings and the layout changes.
    """
    tree = ast.parse(source, filename=name)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            value = first.value if isinstance(first, ast.Expr) else None
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                node.body = node.body[1:] or [ast.Pass()]
    return ast.unparse(tree) + "\n"


def write_archive(out: Path, modules: list[str]) -> None:
    """Write ``py/modules.tar``: each module at its path in Python's working directory.

    A gzip-compressed tar, compressed as one stream (a zip compresses each file alone:
    about a fifth bigger), but named ``.tar``: no static host sends a ``.tar`` with a
    ``Content-Encoding`` (some do for ``.gz``, and the browser would then hand over the
    bytes unpacked), and Python's ``tarfile`` reads a compressed one either way.
    Entries are sorted and dated 0, so the same sources give the same bytes (and so
    the same build version).
    """
    target = out / ARCHIVE
    target.parent.mkdir(parents=True, exist_ok=True)
    packed = io.BytesIO()
    with tarfile.open(fileobj=packed, mode="w", format=tarfile.USTAR_FORMAT) as archive:
        for rel in sorted(modules):
            code = without_docstrings((ROOT / rel).read_text(encoding="utf-8"), rel).encode("utf-8")
            entry = tarfile.TarInfo(rel.removeprefix("py/"))
            entry.size, entry.mode, entry.mtime = len(code), 0o644, 0
            archive.addfile(entry, io.BytesIO(code))
    target.write_bytes(gzip.compress(packed.getvalue(), compresslevel=9, mtime=0))


def read_archive(path: Path) -> dict[str, str]:
    """The archive's modules by path (for the tests): what Pyodide unpacks."""
    with tarfile.open(path) as archive:  # "r:*": gzip or not
        return {m.name: archive.extractfile(m).read().decode("utf-8") for m in archive if m.isfile()}  # type: ignore[union-attr]


def clean_own(out: Path) -> None:
    """Remove everything in the output except vendor/ (our files are always re-copied)."""
    for path in out.iterdir():
        if path.name in ("vendor", MARKER):
            continue
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            path.unlink()


def pyscript_config() -> dict[str, object]:
    """PyScript's config: local Pyodide, and the archive of our modules unpacked for it.

    A ``files`` target ending in ``/*`` unpacks an archive there: ``rommi/cards.py`` in
    ``py/modules.tar`` lands at ``./rommi/cards.py`` in Pyodide's working directory,
    which is on ``sys.path``. Never ``packages``: that would fetch micropip, which is
    not shipped.
    """
    return {"interpreter": f"./{INTERPRETER}", "files": {f"./{ARCHIVE}": "./*"}}


PAGE_MODULES = {"js", "pyscript", "pyodide"}


def imported_names(tree: ast.Module, module: str, package: bool) -> set[str]:
    """The modules a module imports when it is imported (not those imported inside its
    functions, nor under ``if TYPE_CHECKING:``), as absolute dotted names; ``from a import b``
    names both ``a`` and ``a.b`` (``b`` may be a submodule)."""
    names: set[str] = set()
    here = module if package else module.rpartition(".")[0]

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = here.split(".")[: len(here.split(".")) - node.level + 1]
                    base = ".".join([*parts, *([base] if base else [])])
                names.add(base)
                names.update(f"{base}.{alias.name}" for alias in node.names)
            elif isinstance(node, ast.If):
                if not (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"):
                    visit(node.body)
                visit(node.orelse)
            elif isinstance(node, (ast.Try, ast.With, ast.ClassDef)):
                visit(node.body)
                for part in ("handlers", "orelse", "finalbody"):
                    for item in getattr(node, part, []):
                        visit(item.body if isinstance(item, ast.ExceptHandler) else [item])

    visit(tree.body)
    return names


def snapshot_modules(modules: list[str]) -> list[str]:
    """The archived modules a Python snapshot can hold: those whose imports, at any depth,
    never reach the page (``js``, ``pyscript``, ``pyodide``). Sorted: any order works, as
    Python imports what each needs first."""
    names = {
        rel.removeprefix("py/").removesuffix(".py").removesuffix("/__init__").replace("/", "."): rel
        for rel in modules
    }
    imports: dict[str, set[str]] = {}
    for name, rel in names.items():
        tree = ast.parse((ROOT / rel).read_text(encoding="utf-8"), filename=rel)
        imports[name] = imported_names(tree, name, rel.endswith("__init__.py"))
    page = {name for name, used in imports.items() if any(u.split(".")[0] in PAGE_MODULES for u in used)}
    while grown := {name for name, used in imports.items() if name not in page and used & page}:
        page |= grown
    return sorted(set(names) - page)


def write_interpreter(out: Path, modules: list[str], mark: str) -> None:
    """Fill in the snapshot's module list and its note's key prefix (``mark``, from the one table
    of stores) in the copied ``boot/interpreter.mjs``."""
    path = out / INTERPRETER
    text = path.read_text(encoding="utf-8")
    for placeholder in (MODULES_PLACEHOLDER, MARK_PLACEHOLDER):
        if placeholder not in text:
            sys.exit(f"build: {INTERPRETER} must contain the line {placeholder!r}")
    listed = f"const MODULES = {json.dumps(modules)};"
    marked = f"const SNAPSHOT_MARK_PREFIX = {json.dumps(mark)};"
    text = text.replace(MODULES_PLACEHOLDER, listed, 1).replace(MARK_PLACEHOLDER, marked, 1)
    path.write_text(text, encoding="utf-8")


def content_version(out: Path, files: list[str]) -> str:
    digest = hashlib.sha256()
    for rel in sorted(files):
        digest.update(rel.encode() + b"\0")
        digest.update(hashlib.sha256((out / rel).read_bytes()).digest())
    return digest.hexdigest()[:16]


def write_service_worker(out: Path, precache: list[str]) -> str:
    """Write sw.js with the precache list and the build version; return the version."""
    template = (ROOT / "sw.js").read_text(encoding="utf-8")
    if SW_PLACEHOLDER not in template:
        sys.exit(f"build: sw.js must contain the line {SW_PLACEHOLDER!r}")
    version = content_version(out, precache)
    # "./" is the page itself when the site is opened at its folder's URL; the worker answers
    # every navigation with it, so index.html is not downloaded a second time under its name.
    urls = ["./", *(rel for rel in precache if rel != "index.html")]
    build = json.dumps({"version": version, "files": urls}, indent=1)
    (out / "sw.js").write_text(template.replace(SW_PLACEHOLDER, f"const BUILD = {build};"), encoding="utf-8")
    return version


MARKER = ".rommi-site"  # marks a folder this script built, and so may empty


def check_output_folder(out: Path) -> None:
    """Refuse to build into a folder that holds anything but an earlier build (the build empties it)."""
    if out == ROOT or out in ROOT.parents or (out / ".git").exists():
        sys.exit(f"build: refusing to build into {out}")
    ours = (out / MARKER).is_file() or out == ROOT / "dist"
    if out.is_dir() and any(out.iterdir()) and not ours:
        sys.exit(f"build: {out} is not empty and was not built by tools/build/build.py; choose another --out")


SETUP_PLACEHOLDER = "<!-- SETUP_FORMS -->"
BUILD_PLACEHOLDER = 'data-build="BUILD_ID"'


def build_id(out: Path) -> str:
    """Which Python this build runs (a hash of the archive): a setup form kept from another
    build's Python is not shown at first paint (it could differ from what this one draws)."""
    return hashlib.sha256((out / ARCHIVE).read_bytes()).hexdigest()[:16]


def with_setup_forms(html: str, build: str) -> str:
    """The page with the setup form of each language and game in a ``<template>`` (drawn by
    ``tools/build/prerender.py`` with the page's own code) and its build id on ``<html>``."""
    for mark in (SETUP_PLACEHOLDER, BUILD_PLACEHOLDER):
        if mark not in html:
            raise SystemExit(f"build: index.html has no {mark}")
    prerender = Path(__file__).with_name("prerender.py")
    drawn = subprocess.run([sys.executable, str(prerender)], capture_output=True, text=True, check=False)
    if drawn.returncode:
        raise SystemExit(f"build: tools/build/prerender.py failed:\n{drawn.stderr}")
    forms = json.loads(drawn.stdout)
    templates = "\n".join(
        f'  <template id="setup-{key.replace(":", "-")}">{form}</template>'
        for key, form in sorted(forms.items())
    )
    html = html.replace(BUILD_PLACEHOLDER, f'data-build="{build}"', 1)
    return html.replace("  " + SETUP_PLACEHOLDER, templates, 1)


# The one table of stores (plain Python, importable alone): the keys the page's scripts read
# before Python runs are written from it, so each key is spelt once.
STORES_MODULE = "py/ui/records/stores.py"
STORES_PLACEHOLDER = "const STORES = {}; // written by tools/build/build.py"
STORES_SCRIPT = "js/stores.mjs"
STORES_EXPORTS = (
    "export const STORES = {}; // written by tools/build/build.py",
    'export const GAME_LOCK = ""; // written by tools/build/build.py',
)


def _module_alone(rel: str) -> Any:
    """The plain-Python module at ``rel``, loaded from its file alone (not as part of its package)."""
    path = ROOT / rel
    spec = importlib.util.spec_from_file_location("_rommi_" + path.stem, path)
    if spec is None or spec.loader is None:
        sys.exit(f"build: cannot load {rel}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is made
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[spec.name]
    return module


def store_table() -> tuple[dict[str, str], str, str]:
    """The storage keys by their store's name, the game's Web Lock and the prefix of the boot's
    note of the Python snapshot, from ``STORES_MODULE``.

    Loaded from its file alone (not as ``ui.records.stores``), so nothing else of the table's package
    runs in the build."""
    module = _module_alone(STORES_MODULE)
    keys = {store.name: store.key for store in module.ALL}
    return keys, str(module.GAME_LOCK), str(module.SNAPSHOT_MARK_PREFIX)


def with_store_keys(html: str, keys: dict[str, str]) -> str:
    """The page with the storage keys its first inline script reads (before it is hashed)."""
    if STORES_PLACEHOLDER not in html:
        raise SystemExit(f"build: index.html must contain the line {STORES_PLACEHOLDER!r}")
    return html.replace(STORES_PLACEHOLDER, f"const STORES = {json.dumps(keys, sort_keys=True)};", 1)


def write_store_keys(out: Path, keys: dict[str, str], lock: str) -> None:
    """Fill in the keys and the Web Lock's name in the copied ``js/stores.mjs``."""
    path = out / STORES_SCRIPT
    text = path.read_text(encoding="utf-8")
    if not all(line in text for line in STORES_EXPORTS):
        sys.exit(f"build: {STORES_SCRIPT} must contain the lines {STORES_EXPORTS!r}")
    written = (
        f"export const STORES = {json.dumps(keys, sort_keys=True)};",
        f"export const GAME_LOCK = {json.dumps(lock)};",
    )
    for placeholder, line in zip(STORES_EXPORTS, written, strict=True):
        text = text.replace(placeholder, line, 1)
    path.write_text(text, encoding="utf-8")


INLINE_SCRIPT = re.compile(r"<script(?![^>]*\ssrc=)[^>]*>(.*?)</script>", re.DOTALL)
CSP_PLACEHOLDER = "INLINE_SCRIPTS"


RELAYS_MODULE = "py/ui/model/relays.py"
CONNECT_PLACEHOLDER = "connect-src 'self';"


def with_relays(html: str) -> str:
    """The page with the relays of the one setting for playing online (``RELAYS_MODULE``, loaded
    alone) and the loopback ones in its policy's ``connect-src``: a ``<meta>`` policy cannot be
    widened at run time. STUN and TURN are not written: the policy does not govern them."""
    if CONNECT_PLACEHOLDER not in html:
        raise SystemExit(f"build: index.html's policy must contain {CONNECT_PLACEHOLDER!r}")
    try:
        sources = _module_alone(RELAYS_MODULE).connect_sources()
    except ValueError as error:
        raise SystemExit(f"build: {RELAYS_MODULE}: {error}") from None
    return html.replace(CONNECT_PLACEHOLDER, f"connect-src 'self' {' '.join(sources)};", 1)


def with_script_hashes(html: str) -> str:
    """The page with its content security policy naming the SHA-256 of each of its own inline
    scripts, so those run and no script injected later does (no 'unsafe-inline')."""
    if CSP_PLACEHOLDER not in html:
        raise SystemExit(f"build: index.html has no {CSP_PLACEHOLDER} in its content security policy")
    hashes = [
        "'sha256-" + base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode("ascii") + "'"
        for body in INLINE_SCRIPT.findall(html)
    ]
    return html.replace(CSP_PLACEHOLDER, " ".join(hashes), 1)


def build(out: Path | None = None, quiet: bool = False) -> str:
    """Build the site into ``out`` (default ``dist/``); return the build version."""
    out = (out or ROOT / "dist").resolve()
    check_output_folder(out)
    out.mkdir(parents=True, exist_ok=True)
    ensure_node_modules(quiet)
    clean_own(out)
    vendored = copy_vendor(out, quiet)
    ours = own_files()
    for rel in ours:
        dst = out / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / rel, dst)
    modules = archived_modules()
    write_archive(out, modules)
    keys, lock, mark = store_table()
    write_interpreter(out, snapshot_modules(modules), mark)
    write_store_keys(out, keys, lock)
    page = out / "index.html"
    html = with_setup_forms(page.read_text(encoding="utf-8"), build_id(out))
    page.write_text(with_script_hashes(with_relays(with_store_keys(html, keys))), encoding="utf-8")
    config = pyscript_config()
    (out / "pyscript.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    precache = sorted([*ours, ARCHIVE, "pyscript.json", *vendored])
    version = write_service_worker(out, precache)
    (out / MARKER).write_text("built by tools/build/build.py\n", encoding="utf-8")
    own_bytes = sum((out / rel).stat().st_size for rel in [*ours, ARCHIVE, "pyscript.json", "sw.js"])
    log(quiet, f"{len(ours)} own files ({own_bytes / 1024:.0f} KB), version {version} -> {_shown(out)}")
    return version


def _shown(path: Path) -> str:
    try:
        return path.relative_to(Path.cwd()).as_posix() or "."
    except ValueError:
        return str(path)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="output folder (default: dist/)")
    parser.add_argument("--quiet", action="store_true", help="print nothing unless something fails")
    args = parser.parse_args(argv)
    os.umask(0o022)
    build(args.out, args.quiet)


if __name__ == "__main__":
    main()
