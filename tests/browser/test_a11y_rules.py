"""The rules pages (rules/en.html, rules/fi.html): accessible, readable on a phone, faithful to the rule book.

Served from the built site like every browser test (no console errors, no
foreign requests); axe-core checks WCAG 2 A/AA, including colour contrast.
"""

from __future__ import annotations

import itertools
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from playwright.sync_api import Page
from tests.browser.axe_check import assert_accessible

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
PAGES = {"en": "rules/en.html", "fi": "rules/fi.html"}
OTHER = {"en": "fi", "fi": "en"}
PHONE = {"width": 360, "height": 640}
DESKTOP = {"width": 1280, "height": 800}
# The rule ids of docs/rules.md, in its order.
RULE_IDS = [f"G{i}" for i in range(1, 11)] + [f"C{i}" for i in range(1, 17)] + [f"B{i}" for i in range(1, 10)]


def rule_ids_in_rule_book() -> list[str]:
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    english = text.split("## English", 1)[1].split("## Suomeksi", 1)[0]
    return re.findall(r"^- \*\*([GCB]\d{1,2})\b", english, re.MULTILINE)


class _Urls(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.urls += [value for name, value in attrs if name in ("href", "src") and value]


@pytest.mark.parametrize("lang", PAGES)
def test_the_rules_page_passes_axe_at_desktop_and_phone_width(page: Page, site_url: str, lang: str) -> None:
    page.set_viewport_size(DESKTOP)
    page.goto(site_url + PAGES[lang])
    assert page.get_attribute("html", "lang") == lang
    assert_accessible(page)
    page.set_viewport_size(PHONE)
    assert_accessible(page)


@pytest.mark.parametrize("lang", PAGES)
def test_the_rules_page_fits_a_360_px_phone_without_sideways_scrolling(
    page: Page, site_url: str, lang: str
) -> None:
    page.set_viewport_size(PHONE)
    page.goto(site_url + PAGES[lang])
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"{PAGES[lang]} is {width} px wide at 360 px: it scrolls sideways"
    wide = page.evaluate(
        """() => [...document.querySelectorAll('body *')]
            .filter(e => e.getBoundingClientRect().right > 360.5)
            .map(e => e.tagName + (e.id ? '#' + e.id : '') + ' ' + e.textContent.slice(0, 40))"""
    )
    assert not wide, f"elements wider than the screen: {wide[:5]}"


@pytest.mark.parametrize("lang", PAGES)
def test_the_rules_page_has_one_h1_and_no_skipped_heading_levels(
    page: Page, site_url: str, lang: str
) -> None:
    page.goto(site_url + PAGES[lang])
    levels = page.locator("h1, h2, h3, h4, h5, h6").evaluate_all("hs => hs.map(h => Number(h.tagName[1]))")
    assert levels[0] == 1 and levels.count(1) == 1, levels
    assert all(b - a <= 1 for a, b in itertools.pairwise(levels)), f"a level is skipped: {levels}"
    assert page.title()


@pytest.mark.parametrize("lang", PAGES)
def test_the_rules_page_shows_every_rule_id_of_the_rule_book_in_order(
    page: Page, site_url: str, lang: str
) -> None:
    """Rules G1-G10, C1-C16 and B1-B9 each have their own element, with the id shown, as in docs/rules.md."""
    assert rule_ids_in_rule_book() == RULE_IDS
    page.goto(site_url + PAGES[lang])
    shown = page.locator(".rule[id]").evaluate_all(
        "rs => rs.map(r => [r.id, r.querySelector('.rule-id').textContent.trim()])"
    )
    assert [rule_id for rule_id, _ in shown] == RULE_IDS
    assert all(rule_id == badge for rule_id, badge in shown)
    # The seven contracts of rule C4, in order.
    assert page.locator("ol.contracts > li").count() == 7


@pytest.mark.parametrize("lang", PAGES)
def test_the_rules_page_links_to_the_other_language_and_back_to_the_game(
    page: Page, site_url: str, lang: str
) -> None:
    page.goto(site_url + PAGES[lang])
    other = OTHER[lang]
    assert page.locator(f'link[rel="alternate"][hreflang="{other}"][href="{other}.html"]').count() == 1
    switch = page.locator(f'a[hreflang="{other}"][href="{other}.html"]').first
    assert switch.get_attribute("lang") == other
    assert page.locator('a[href="../index.html"]').count() >= 1
    # Every link leads somewhere: other files answer 200, #anchors name an element of the page.
    hrefs = page.locator("a[href], link[href]").evaluate_all("ls => ls.map(l => l.getAttribute('href'))")
    for href in hrefs:
        if href.startswith("#"):
            assert page.locator(f"[id='{href[1:]}']").count() == 1, f"no element for {href}"
        else:
            url = page.evaluate("h => new URL(h, document.baseURI).href", href)
            assert page.request.get(url).status == 200, href


def test_the_language_switch_opens_the_same_rules_in_finnish(page: Page, site_url: str) -> None:
    page.goto(site_url + PAGES["en"])
    page.locator('header a[hreflang="fi"]').click()
    page.wait_for_url("**/rules/fi.html")
    assert page.get_attribute("html", "lang") == "fi"
    assert "Sitoumusrommin" in page.locator("h1").inner_text()


@pytest.mark.parametrize("name", ["rules/en.html", "rules/fi.html", "rules/rules.css"])
def test_the_rules_files_use_relative_urls_only(name: str) -> None:
    text = (ROOT / name).read_text(encoding="utf-8")
    if name.endswith(".css"):
        urls = re.findall(r"url\(([^)]*)\)", text)
    else:
        parser = _Urls()
        parser.feed(text)
        urls = parser.urls
    assert [u for u in urls if u.startswith("/") or "://" in u] == []
    if name.endswith(".html"):
        assert "<script" not in text, "the rules pages need no scripts"


def test_the_axe_helper_fails_on_problems_of_any_impact_and_lists_them(page: Page, site_url: str) -> None:
    """The helper itself: low contrast and an unlabelled field (serious), a skipped heading level
    (moderate), an empty table header (minor) and text it cannot measure on a gradient all make it
    fail, with a readable list."""
    page.goto(site_url + PAGES["en"])
    page.evaluate(
        """() => document.querySelector('main').insertAdjacentHTML('beforeend',
            '<p id="faint" style="color:#aaa;background:#bbb">faint</p><input id="nameless" type="text">'
            + '<h6 id="deep">deep</h6>'
            + '<table id="cornered"><tr><th></th><th>A</th></tr><tr><td>1</td><td>2</td></tr></table>'
            + '<p id="striped" style="color:#fff;background:linear-gradient(#000,#fff)">striped</p>')"""
    )
    with pytest.raises(pytest.fail.Exception) as failed:
        assert_accessible(page)
    message = str(failed.value)
    assert "color-contrast (serious)" in message and "#faint" in message, message
    assert "#nameless" in message, message
    assert "heading-order (moderate)" in message and "#deep" in message, message
    assert "empty-table-header (minor)" in message and "#cornered" in message, message
    assert "color-contrast (unmeasured)" in message and "#striped" in message, message
    assert_accessible(page, include="header")  # the rest of the page is still fine


def test_the_axe_helper_measures_text_on_the_felt_at_its_lightest(page: Page, site_url: str) -> None:
    """Text on the body's gradient is checked against the gradient's lightest colour, and the page
    gets its gradient back afterwards: text that fails only there is still found."""
    page.goto(site_url + PAGES["en"])
    page.evaluate(
        """() => { document.body.style.background = 'linear-gradient(#1d5a3c, #000)';
            document.querySelector('main').insertAdjacentHTML('beforeend',
              '<p id="dim" style="color:#4f8a6c;background:none">dim</p>'); }"""
    )
    with pytest.raises(pytest.fail.Exception) as failed:
        assert_accessible(page, include="#dim")
    assert "#dim" in str(failed.value) and "background color: #1d5a3c" in str(failed.value), failed.value
    assert "gradient" in page.evaluate("getComputedStyle(document.body).backgroundImage")
