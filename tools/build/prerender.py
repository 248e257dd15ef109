"""Draw the setup form at build time, so the page can show it before Python has started.

    python tools/build/prerender.py        # prints {"en:contract": "<form ...>", ...} as JSON

The form is drawn by the page's own code (``browser.render.setup``), for each
language and game, with the default settings: the same elements, attributes and
words Python draws in the browser, so when Python starts it finds the form it
would have drawn and keeps it (no redraw, no layout shift, nothing typed lost).

``browser.dom`` does ``from js import document``; here ``js`` is a small stand-in
that builds the elements and writes them out as HTML (text and attribute values
escaped, so a word can never become markup). It runs in its own process
(``tools/build/build.py`` starts it), so the stand-in never meets the tests' modules.
"""

from __future__ import annotations

import json
import sys
import types
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

VOID = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}
)
LANGUAGES = ("en", "fi")


def escape_text(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\xa0", "&nbsp;")


def escape_attr(value: str) -> str:
    return value.replace("&", "&amp;").replace('"', "&quot;").replace("\xa0", "&nbsp;")


class Element:
    """An element as far as the setup form uses one: attributes in order, children, text."""

    def __init__(self, tag: str) -> None:
        self.tag = tag
        self.attributes: dict[str, str] = {}
        self.children: list[Element | str] = []

    @property
    def className(self) -> str:
        return self.attributes.get("class", "")

    @className.setter
    def className(self, value: str) -> None:
        self.attributes["class"] = value

    @property
    def textContent(self) -> str:
        return "".join(c if isinstance(c, str) else c.textContent for c in self.children)

    @textContent.setter
    def textContent(self, value: str) -> None:
        self.children = [str(value)] if value else []

    def setAttribute(self, name: str, value: str) -> None:
        self.attributes[name] = str(value)

    def getAttribute(self, name: str) -> str | None:
        return self.attributes.get(name)

    def hasAttribute(self, name: str) -> bool:
        return name in self.attributes

    def append(self, *nodes: Element | str) -> None:
        for node in nodes:
            self.children.extend(node.children if isinstance(node, Fragment) else [node])

    def replaceChildren(self, *nodes: Element | str) -> None:
        self.children = []
        self.append(*nodes)

    def cloneNode(self, deep: bool = False) -> Element:
        copy = type(self)(self.tag)
        copy.attributes = dict(self.attributes)
        if deep:
            copy.children = [c if isinstance(c, str) else c.cloneNode(True) for c in self.children]
        return copy

    def html(self) -> str:
        """The element as HTML, written the way a browser writes ``outerHTML``."""
        attrs = "".join(f' {k}="{escape_attr(v)}"' for k, v in self.attributes.items())
        if self.tag in VOID:
            return f"<{self.tag}{attrs}>"
        return f"<{self.tag}{attrs}>{inner_html(self.children)}</{self.tag}>"


class Fragment(Element):
    def __init__(self, tag: str = "#fragment") -> None:
        super().__init__(tag)


def inner_html(children: Iterable[Element | str]) -> str:
    return "".join(escape_text(c) if isinstance(c, str) else c.html() for c in children)


class Document:
    def __init__(self) -> None:
        self.ids: dict[str, Element] = {"setup": Element("section")}

    def createElement(self, tag: str) -> Element:
        return Element(tag)

    def createDocumentFragment(self) -> Fragment:
        return Fragment()

    def getElementById(self, name: str) -> Element | None:
        return self.ids.get(name)


def forms() -> dict[str, str]:
    """The setup form of each language and game, drawn by ``browser.render.setup`` with default settings."""
    document = Document()
    js = types.ModuleType("js")
    js.document = document  # type: ignore[attr-defined]
    js.window = types.SimpleNamespace(localStorage=None)  # type: ignore[attr-defined]  # never used here
    sys.modules["js"] = js
    sys.path[:0] = [str(ROOT / "py")]
    from browser.render.setup import setup
    from rommi.options import VARIANTS
    from ui.draw import regions as render_common
    from ui.screen import Screen
    from ui.words import i18n

    drawn: dict[str, str] = {}
    for lang in LANGUAGES:
        for variant in VARIANTS:
            i18n.set_language(lang)
            render_common.forget()
            screen = Screen()
            screen.settings.language = screen.form.language = lang
            screen.settings.variant = screen.form.variant = variant
            setup(screen)
            drawn[f"{lang}:{variant}"] = inner_html(document.ids["setup"].children)
    return drawn


def main(argv: list[str] | None = None) -> None:
    del argv
    json.dump(forms(), sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main(sys.argv[1:])
