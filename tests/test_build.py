"""The build (tools/build/build.py) and the local server (tools/build/serve.py), without a browser."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tarfile
import urllib.request
from pathlib import Path

import pytest
from tools.build import build
from tools.build.serve import serving

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    build.build(out, quiet=True)
    return out


def precache_of(site: Path) -> tuple[str, list[str]]:
    text = (site / "sw.js").read_text(encoding="utf-8")
    match = re.search(r"^const BUILD = (\{.*?\});$", text, re.MULTILINE | re.DOTALL)
    assert match, "sw.js has no generated BUILD line"
    data = json.loads(match.group(1))
    return data["version"], data["files"]


def site_files(site: Path) -> set[str]:
    return {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}


def test_the_package_lock_pins_the_runtime_exactly() -> None:
    manifest = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    runtime = {"pyodide": "314.0.7", "@pyscript/core": "0.7.31", "trystero": "0.25.4", "uqr": "0.1.3"}
    assert manifest["dependencies"] == runtime
    assert manifest["devDependencies"]["esbuild"] == "0.28.2"  # bundles trystero; never shipped
    assert build.locked_versions() == {**runtime, "esbuild": "0.28.2"}


def test_the_site_holds_the_page_every_python_module_and_the_runtime(site: Path) -> None:
    files = site_files(site)
    py_files = {
        p.relative_to(ROOT).as_posix() for p in (ROOT / "py").rglob("*.py") if "__pycache__" not in p.parts
    }
    assert {"index.html", "icon.svg", "css/rommi.css", "pyscript.json", "sw.js", "py/main.py"} <= files
    packed = {"py/" + name for name in build.read_archive(site / build.ARCHIVE)}
    assert packed == py_files - {"py/main.py"}
    assert sorted(f for f in files if f.startswith("py/")) == ["py/main.py", "py/modules.tar"], (
        "each module once"
    )
    assert {f"vendor/pyodide/{name}" for name in build.PYODIDE_FILES} <= files
    assert "vendor/pyscript/core.js" in files
    assert any(re.fullmatch(r"vendor/pyscript/core-[\w-]+\.js", f) for f in files)
    assert not [f for f in files if f.endswith(".map") or "node_modules" in f]
    assert not [f for f in files if re.search(r"codemirror|xterm", f)], "the editor and terminal are not used"
    # No script asks for a map that is not there (a 404 in the console whenever the tools are open).
    mapped = [
        f for f in files if f.endswith((".js", ".mjs")) and b"sourceMappingURL" in (site / f).read_bytes()
    ]
    assert mapped == []
    assert not [
        f
        for f in files
        if f.startswith("vendor/")
        and not f.startswith(("vendor/pyodide/", "vendor/pyscript/"))
        and f not in (build.BUNDLED, build.QR_MODULE)
    ]


def test_trystero_is_bundled_into_one_module_that_only_the_online_module_imports(site: Path) -> None:
    """The transport for playing online is one self-contained module (no import of anything
    else: esbuild bundled its dependencies in), kept for offline use of the page, imported by
    ``js/online.mjs`` alone, and not committed to the repository."""
    bundle = (site / build.BUNDLED).read_text(encoding="utf-8")
    assert "joinRoom" in bundle and "selfId" in bundle
    assert not re.search(r"""\bfrom\s*["']|\bimport\s*\(""", bundle), "bundled: imports nothing"
    assert build.BUNDLED in precache_of(site)[1]
    importing = re.compile(r"""(?:\bfrom|\bimport\s*\()\s*["'][^"']*trystero\.mjs["']""")
    scripts = [f for f in site_files(site) if f.endswith((".mjs", ".js", ".html"))]
    assert [f for f in scripts if importing.search((site / f).read_text(encoding="utf-8"))] == [
        "js/online.mjs"
    ]
    tracked = subprocess.run(["git", "ls-files", "vendor", "*.mjs"], cwd=ROOT, capture_output=True, text=True)
    assert "trystero" not in tracked.stdout


def test_the_archive_holds_each_module_without_its_docstrings_and_the_same_code(site: Path) -> None:
    """Python runs the same code from the archive: the syntax trees match but for the docstrings."""
    import ast

    shipped = build.read_archive(site / build.ARCHIVE)["rommi/game.py"]
    with tarfile.open(site / build.ARCHIVE) as archive:
        dates = {member.mtime for member in archive}
    source = (ROOT / "py" / "rommi" / "game.py").read_text(encoding="utf-8")
    assert '"""' not in shipped and '"""' in source
    assert ast.dump(ast.parse(shipped)) == ast.dump(ast.parse(build.without_docstrings(source, "game.py")))
    original = ast.parse(source)
    names = {n.name for n in ast.walk(original) if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    assert names == {
        n.name for n in ast.walk(ast.parse(shipped)) if isinstance(n, (ast.FunctionDef, ast.ClassDef))
    }
    assert dates == {0}  # the same sources give the same bytes
    assert (site / build.ARCHIVE).read_bytes()[:2] == b"\x1f\x8b"  # compressed (gzip), though named .tar
    assert (
        build.without_docstrings('def f():\n    """Only a docstring."""\n', "f.py") == "def f():\n    pass\n"
    )


def test_pyscript_config_boots_the_local_pyodide_and_unpacks_the_modules(site: Path) -> None:
    config = json.loads((site / "pyscript.json").read_text(encoding="utf-8"))
    assert config["interpreter"] == "./boot/interpreter.mjs"  # the vendored pyodide.mjs, wrapped
    wrapper = (site / "boot" / "interpreter.mjs").read_text(encoding="utf-8")
    assert 'from "../vendor/pyodide/pyodide.mjs"' in wrapper
    assert "packages" not in config  # would fetch micropip, which is not shipped
    assert config["files"] == {"./py/modules.tar": "./*"}  # unpacked into the working directory


def snapshot_list(site: Path) -> list[str]:
    text = (site / "boot" / "interpreter.mjs").read_text(encoding="utf-8")
    match = re.search(r"^const MODULES = (\[.*?\]);$", text, re.MULTILINE)
    assert match, "the build did not fill in the snapshot's module list"
    return list(json.loads(match.group(1)))


POISONED = """
import importlib, json, sys
for name in ("js", "pyscript", "pyodide"):
    sys.modules[name] = None  # importing any of them now fails
for name in json.loads(sys.argv[1]):
    importlib.import_module(name)
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in ("rommi", "ui", "browser"))))
"""


def imported_without_the_page(names: list[str], folder: Path) -> subprocess.CompletedProcess[str]:
    """Import ``names`` from ``folder`` in a CPython where js, pyscript and pyodide cannot be imported."""
    return subprocess.run(
        [sys.executable, "-c", POISONED, json.dumps(names)], cwd=folder, capture_output=True, text=True
    )


def test_the_snapshot_imports_every_module_that_never_reaches_the_page_and_no_other(
    site: Path, tmp_path: Path
) -> None:
    """A module that imports js, pyscript or pyodide (at any depth) would fail in the worker
    that makes the snapshot; every other module belongs in it, so the page compiles none of them."""
    listed = snapshot_list(site)
    with tarfile.open(site / build.ARCHIVE) as archive:
        archive.extractall(tmp_path, filter="data")
    run = imported_without_the_page(listed, tmp_path)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == listed, "importing the list must import exactly the list"
    archived = {
        rel.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        for rel in build.read_archive(site / build.ARCHIVE)
    }
    for name in sorted(archived - set(listed)):
        alone = imported_without_the_page([name], tmp_path)
        assert alone.returncode != 0, f"{name} imports without the page, so the snapshot should hold it"
    assert {"rommi.game", "rommi.bots.hard", "ui.commands.table", "ui.words.text_fi"} <= set(listed)


def test_the_lock_file_lists_no_packages(site: Path) -> None:
    """Pyodide reads it at every start; the page loads no package, so the 119 KB list is left out."""
    lock = json.loads((site / "vendor" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    original = json.loads(
        (ROOT / "node_modules" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8")
    )
    assert lock == {"info": original["info"], "packages": {}}


def test_the_service_worker_precaches_every_file_but_itself(site: Path) -> None:
    version, urls = precache_of(site)
    assert re.fullmatch(r"[0-9a-f]{16}", version)
    assert urls[0] == "./"
    assert set(urls[1:]) == site_files(site) - {"sw.js", "index.html", build.MARKER}  # "./" is the page
    assert all(not u.startswith("/") and "://" not in u for u in urls), "URLs must be relative"


def test_the_build_version_follows_the_content(site: Path, tmp_path: Path) -> None:
    version, _ = precache_of(site)
    assert build.build(site, quiet=True) == version  # same content, same version
    out = tmp_path / "site"
    build.build(out, quiet=True)
    assert precache_of(out)[0] == version
    content = [*precache_of(out)[1][1:], "index.html"]  # the page counts, though cached as "./"
    assert build.content_version(out, content) == version
    (out / "index.html").write_text("changed", encoding="utf-8")
    assert build.content_version(out, content) != version


def test_the_build_removes_files_that_are_gone_from_the_sources(site: Path) -> None:
    stray = [site / "py" / "deleted_module.py", site / "vendor" / "pyscript" / "core-old.js"]
    for path in stray:
        path.write_text("# gone", encoding="utf-8")
    build.build(site, quiet=True)
    assert not any(path.exists() for path in stray)


def test_all_urls_in_the_page_are_relative() -> None:
    """In the page and in its script modules (js/), so the site works under any folder."""
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    scripts = "\n".join(path.read_text(encoding="utf-8") for path in sorted((ROOT / "js").glob("*.mjs")))
    urls = re.findall(r"""(?:src|href|config)=["']([^"']+)["']""", html)
    assert urls, "no URLs found in index.html"
    called = re.findall(r"""(?:import|register)\(["']([^"']+)["']\)""", html + scripts)
    assert {"./sw.js", "../vendor/pyscript/core.js"} <= set(called)
    urls += called
    assert [u for u in urls if u.startswith("/") or "://" in u] == []


def test_the_server_sends_the_types_pyodide_needs(site: Path) -> None:
    wanted = {
        "vendor/pyodide/pyodide.asm.wasm": "application/wasm",
        "vendor/pyodide/pyodide.mjs": "text/javascript",
        "vendor/pyscript/core.js": "text/javascript",
        "pyscript.json": "application/json",
        "index.html": "text/html",
        "css/rommi.css": "text/css",
        "icon.svg": "image/svg+xml",
    }
    with serving(site) as base:
        for path, mime in wanted.items():
            with urllib.request.urlopen(base + path) as response:
                assert response.headers.get_content_type() == mime, path


def test_the_server_isolates_the_page_and_lets_other_sites_frame_it(site: Path) -> None:
    """Pyodide makes a shared WebAssembly memory as it loads: only an isolated page may."""
    with serving(site) as base, urllib.request.urlopen(base) as response:
        assert response.headers["Cross-Origin-Opener-Policy"] == "same-origin"
        assert response.headers["Cross-Origin-Embedder-Policy"] == "require-corp"
        assert response.headers["Cross-Origin-Resource-Policy"] == "cross-origin"


def test_the_build_never_empties_a_folder_it_did_not_build(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(SystemExit):
        build.build(tmp_path, quiet=True)
    with pytest.raises(SystemExit):
        build.build(ROOT, quiet=True)
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "mine"


def test_no_cpython_only_tool_is_shipped_or_imported(site: Path) -> None:
    """The CPython-only tools (tournaments, random playouts) live in tools/rommilab/, outside py/:
    the archive holds none of them, and no shipped module imports them (the page would fail on
    import)."""
    import ast

    tools = {p.stem for p in (ROOT / "tools" / "rommilab").glob("*.py")} - {"__init__"}
    assert {"tournament", "randomplay", "moves"} <= tools
    assert not (ROOT / "py" / "rommilab").exists()
    sources = build.read_archive(site / build.ARCHIVE)
    shipped = {Path(name).stem for name in sources}
    assert not shipped & tools, f"the site ships {sorted(shipped & tools)}"
    sources["main.py"] = (site / "py" / "main.py").read_text(encoding="utf-8")
    for name, source in sorted(sources.items()):
        tree = ast.parse(source)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [] if node.level else [node.module or ""]
            else:
                continue
            hits = [n for n in names if n.split(".")[0] == "rommilab"]
            assert not hits, f"{name} imports {hits}, which the site does not ship"


def test_the_built_page_allows_exactly_its_own_inline_scripts(site: Path) -> None:
    """The content security policy names the SHA-256 of each inline script of the built page, and
    nothing lets other inline code run ('unsafe-inline') or other hosts serve anything."""
    import base64
    import hashlib

    html = (site / "index.html").read_text(encoding="utf-8")
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', html)
    assert policy is not None
    directives = dict(d.strip().split(" ", 1) for d in policy.group(1).split(";") if d.strip())
    scripts = build.INLINE_SCRIPT.findall(html)
    assert len(scripts) == 4, "the first decisions, the first-paint form, the too-old-browser note, the words"
    wanted = {
        "'sha256-" + base64.b64encode(hashlib.sha256(s.encode()).digest()).decode() + "'" for s in scripts
    }
    allowed = set(directives["script-src"].split())
    assert wanted <= allowed and "'unsafe-inline'" not in allowed and build.CSP_PLACEHOLDER not in html
    assert directives["default-src"] == "'self'" and directives["object-src"] == "'none'"
    assert not any("http" in value for value in directives.values()), "no other host, ever"
    # Connections: the page's own, the relays of the one setting for playing online, and loopback
    # relays (ws://127.0.0.1:PORT, ws://localhost:PORT); STUN and TURN are not fetches.
    from ui.model import relays

    assert directives["connect-src"].split() == [
        "'self'",
        *relays.RELAYS,
        "ws://127.0.0.1:*",
        "ws://localhost:*",
    ]
    assert all(relay.startswith("wss://") for relay in relays.RELAYS)
    with pytest.raises(SystemExit):
        build.with_script_hashes("<html>no policy</html>")


def test_only_what_the_first_paint_needs_is_inline_the_rest_are_the_sites_modules(site: Path) -> None:
    """The page's inline scripts are the few that must run before its first paint; the boot, the
    table's builder, the tab lock and the timings are modules of the site's own (js/), loaded
    in that order from 'self' and kept for offline play like every other file."""
    html = (site / "index.html").read_text(encoding="utf-8")
    inline = build.INLINE_SCRIPT.findall(html)
    assert sum(script.count("\n") for script in inline) < 150, "first paint only (were 514 lines)"
    assert not any("import(" in script or "serviceWorker" in script for script in inline)
    modules = re.findall(r'<script type="module" src="\./(js/[a-z]+\.mjs)"></script>', html)
    assert modules == ["js/perf.mjs", "js/tabs.mjs", "js/dom.mjs", "js/boot.mjs"]
    _, precached = precache_of(site)
    assert {*modules, "js/stores.mjs"} <= set(precached)
    assert "../vendor/pyscript/core.js" in (site / "js" / "boot.mjs").read_text(encoding="utf-8")


def test_the_pages_storage_keys_come_from_the_one_table_of_stores(site: Path) -> None:
    """The keys index.html's first inline script, js/stores.mjs and boot/interpreter.mjs (its note of
    the snapshot) read are those of ui.records.stores (the build writes them there), and no source of
    the page's scripts spells a key itself: in the site only those three files do."""
    from ui.records import stores

    wanted = {store.name: store.key for store in stores.ALL}
    html = (site / "index.html").read_text(encoding="utf-8")
    inline = re.search(r"^ *const STORES = (\{.*\});$", html, re.MULTILINE)
    assert inline is not None and json.loads(inline.group(1)) == wanted
    module = (site / "js" / "stores.mjs").read_text(encoding="utf-8")
    exported = re.search(r"^export const STORES = (\{.*\});$", module, re.MULTILINE)
    lock = re.search(r'^export const GAME_LOCK = (".*");$', module, re.MULTILINE)
    assert exported is not None and json.loads(exported.group(1)) == wanted
    assert lock is not None and json.loads(lock.group(1)) == stores.GAME_LOCK
    booted = (site / "boot" / "interpreter.mjs").read_text(encoding="utf-8")
    mark = re.search(r"^const SNAPSHOT_MARK_PREFIX = (\".*\");$", booted, re.MULTILINE)
    assert mark is not None and json.loads(mark.group(1)) == stores.SNAPSHOT_MARK_PREFIX
    spelt = re.compile(r"rommi\.[a-z]+\.v\d+|rommi\.probe\.")
    own = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    sources = [name for name in own.split() if re.search(r"\.(m?js|html)$", name)]
    assert {"index.html", "sw.js", "js/stores.mjs", "boot/interpreter.mjs"} <= set(sources)
    for source in sources:
        found = spelt.findall((ROOT / source).read_text(encoding="utf-8"))
        assert not found, f"{source} spells storage keys itself: {found}"
    generated = {"index.html", "js/stores.mjs", "boot/interpreter.mjs"}
    for source in sources:  # in the site, only the files the build writes the keys into spell them
        found = spelt.findall((site / source).read_text(encoding="utf-8")) if (site / source).exists() else []
        assert bool(found) == (source in generated), f"{source} in the site: {found}"
    with pytest.raises(SystemExit):
        build.with_store_keys("<script>no keys</script>", wanted)


def test_the_page_holds_the_setup_form_of_each_language_and_game_drawn_by_the_page_code(site: Path) -> None:
    """The first paint's forms come from browser.render.setup itself (tools/build/prerender.py), one per
    language and game, and the page knows which Python drew them (its build id)."""
    html = (site / "index.html").read_text(encoding="utf-8")
    forms = dict(re.findall(r'<template id="setup-(\w+-\w+)">(.*?)</template>', html, re.DOTALL))
    assert sorted(forms) == ["en-basic", "en-contract", "fi-basic", "fi-contract"]
    assert '<h2 id="setup-title">New game</h2>' in forms["en-contract"]
    assert '<h2 id="setup-title">Uusi peli</h2>' in forms["fi-basic"]
    assert 'id="variant-basic" checked=""' in forms["en-basic"]
    assert 'id="variant-contract" checked=""' in forms["en-contract"]
    assert all(form.startswith('<form class="setup-form" id="setup-form"') for form in forms.values())
    assert f'data-build="{build.build_id(site)}"' in html
    assert "SETUP_FORMS" not in html and "BUILD_ID" not in html


def test_the_build_time_page_writes_words_as_text() -> None:
    """The stand-in document escapes what it writes, so a word can never become markup."""
    from tools.build import prerender

    node = prerender.Element("p")
    node.setAttribute("title", 'say "hi" & <b>')
    node.textContent = "<script>alert(1)</script> & more"
    assert (
        node.html()
        == '<p title="say &quot;hi&quot; &amp; <b>">&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</p>'
    )


@pytest.mark.parametrize("sheet", ["css/rommi.css", "rules/rules.css"])
def test_every_style_sheet_closes_what_it_opens(sheet: str) -> None:
    """One missing brace silently swallows every rule after it into the block before."""
    text = re.sub(r"/\*.*?\*/", "", (ROOT / sheet).read_text(encoding="utf-8"), flags=re.DOTALL)
    depth = 0
    for number, line in enumerate(text.splitlines(), 1):
        depth += line.count("{") - line.count("}")
        assert depth >= 0, f"{sheet}:{number}: a brace closes nothing"
    assert depth == 0, f"{sheet}: {depth} block(s) never closed"


def test_the_elements_the_table_keeps_are_fixed_in_the_page() -> None:
    """``browser.dom.by_id`` keeps what it found for the ids in ``FIXED``: each must be an element of
    ``index.html`` itself, outside anything Python redraws, or a kept node would go stale."""
    source = (ROOT / "py" / "browser" / "dom.py").read_text(encoding="utf-8")
    literal = re.search(r"^FIXED = frozenset\(\s*\{(.*?)\}", source, re.MULTILINE | re.DOTALL)
    assert literal, "browser/dom.py has no FIXED set"
    fixed = set(re.findall(r'"([a-z-]+)"', literal.group(1)))
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    in_page = set(re.findall(r'\bid="([a-z-]+)"', html))
    assert fixed and fixed <= in_page, sorted(fixed - in_page)
    # Python fills these, so none of the fixed ones may sit inside them.
    for filled in (
        "setup",
        "opponents",
        "centre",
        "mine",
        "hand",
        "actions",
        "log",
        "area",
        "sheet",
        "notes",
    ):
        inner = re.search(rf'id="{filled}"[^>]*>(.*?)</', html, re.DOTALL)
        assert inner is None or not set(re.findall(r'\bid="([a-z-]+)"', inner.group(1))) & fixed, filled
