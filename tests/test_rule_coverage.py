"""Every rule in docs/rules.md is named by at least one test.

The rule ids come from the project's own rule book, ``docs/rules.md``: its
English part gives each rule as a list item or heading that starts with the
bold id (``- **C6 Buying.**``), its Finnish part the same ids in the same
order. A test names a rule by writing ``rule C6`` (or ``rules C6, C7 and C8``)
in a comment, docstring or string anywhere under ``tests/``.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES_MD = ROOT / "docs" / "rules.md"
TESTS = ROOT / "tests"
THIS_FILE = Path(__file__).resolve()

ENGLISH_HEADING = "## English"
FINNISH_HEADING = "## Suomeksi"

EXPECTED_IDS = (
    [f"G{i}" for i in range(1, 11)] + [f"C{i}" for i in range(1, 17)] + [f"B{i}" for i in range(1, 10)]
)

ID = r"[GCB]\d{1,2}\b"
# A rule's own line in docs/rules.md: "- **C6 Buying.** ..." or "### **C6 ...".
RULE_LINE = re.compile(rf"^(?:[-*]|#{{2,6}})\s+\*\*({ID})\s*([^*]*)", re.MULTILINE)
# A mention in a test: "rule C6", "Rule G3:", "rules C6, C7 and C8", "rules B3 B4".
MENTION = re.compile(rf"\b(?i:rules?)\s+({ID}(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s+){ID})*)")
# English *[reading]* / *[C: reading ...]*, Finnish *[tulkinta]* / *[C: tulkinta ...]*.
READING = {"en": re.compile(r"\[(?:C: )?reading\b"), "fi": re.compile(r"\[(?:C: )?tulkinta\b")}


def _parts() -> dict[str, str]:
    text = RULES_MD.read_text(encoding="utf-8")
    lines = text.splitlines()
    assert ENGLISH_HEADING in lines, f"{RULES_MD} has no line {ENGLISH_HEADING!r}"
    assert FINNISH_HEADING in lines, f"{RULES_MD} has no line {FINNISH_HEADING!r}"
    en, fi = lines.index(ENGLISH_HEADING), lines.index(FINNISH_HEADING)
    assert en < fi, "the English part must come before the Finnish part"
    return {"en": "\n".join(lines[en + 1 : fi]), "fi": "\n".join(lines[fi + 1 :])}


def _rules(part: str) -> dict[str, str]:
    """Rule id -> the rule's full text (its line up to the next rule line or heading)."""
    matches = list(RULE_LINE.finditer(part))
    ids = [m.group(1) for m in matches]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    assert not duplicates, f"rule ids given more than once: {duplicates}"
    rules = {}
    for m, nxt in zip(matches, [*matches[1:], None], strict=True):
        end = nxt.start() if nxt else len(part)
        heading = part.find("\n#", m.end())
        if heading != -1:
            end = min(end, heading)
        rules[m.group(1)] = part[m.start() : end]
    return rules


def _titles(part: str) -> dict[str, str]:
    return {m.group(1): m.group(2).strip().rstrip(".:") for m in RULE_LINE.finditer(part)}


def mentioned_ids(text: str) -> set[str]:
    """The rule ids a piece of test source names with ``rule <ID>`` / ``rules <ID>, <ID> and <ID>``."""
    found: set[str] = set()
    for m in MENTION.finditer(text):
        found.update(re.findall(ID, m.group(1)))
    return found


def _test_files() -> list[Path]:
    return sorted(p for p in TESTS.rglob("*.py") if p.resolve() != THIS_FILE)


def _mentions() -> dict[str, list[str]]:
    """Rule id -> the test files (relative to the project) that name it."""
    where: dict[str, list[str]] = {}
    for path in _test_files():
        for rule in mentioned_ids(path.read_text(encoding="utf-8")):
            where.setdefault(rule, []).append(str(path.relative_to(ROOT)))
    return where


def test_rule_book_lists_all_35_rules_in_english():
    """The English part of docs/rules.md gives G1-G10, C1-C16 and B1-B9, in that order."""
    ids = list(_rules(_parts()["en"]))
    assert ids == EXPECTED_IDS


def test_finnish_part_has_the_same_rules():
    """The Finnish part gives exactly the English part's ids, in the same order."""
    parts = _parts()
    assert list(_rules(parts["fi"])) == list(_rules(parts["en"]))


def test_readings_are_marked_in_both_languages():
    """Each rule carries as many *[reading]* marks in English as *[tulkinta]* marks in Finnish."""
    parts = _parts()
    en, fi = _rules(parts["en"]), _rules(parts["fi"])

    def counts(rules: dict[str, str], lang: str) -> dict[str, int]:
        return {i: n for i, text in rules.items() if (n := len(READING[lang].findall(text)))}

    en_counts = counts(en, "en")
    assert en_counts, "the English part marks no *[reading]* at all"
    assert counts(fi, "fi") == en_counts


def test_mention_pattern():
    """The scanner reads the forms tests use to name rules, and nothing else."""
    assert mentioned_ids("# rule C6") == {"C6"}
    assert mentioned_ids('"""rule C6: buying."""') == {"C6"}
    assert mentioned_ids("Rule G10 refuses it") == {"G10"}
    assert mentioned_ids("# rules C6, C7 and C8") == {"C6", "C7", "C8"}
    assert mentioned_ids("# rules G3 G4, and B3.") == {"G3", "G4", "B3"}
    assert mentioned_ids("rule\nG1") == {"G1"}
    assert mentioned_ids("G5 without the word; ruler G2; rule C; rule C6x; rules: C6") == set()
    assert mentioned_ids("rule G1 is not rule G10") == {"G1", "G10"}


def test_every_rule_is_named_by_a_test():
    """Every rule id of docs/rules.md is named (``rule <ID>``) somewhere under tests/."""
    titles = _titles(_parts()["en"])
    named = _mentions()
    missing = [f"{rule} {title}" for rule, title in titles.items() if rule not in named]
    assert not missing, (
        f"{len(missing)} of {len(titles)} rules are named by no test "
        f"(write 'rule <ID>' in the test that checks it):\n  " + "\n  ".join(missing)
    )


def test_tests_name_only_rules_that_exist():
    """A test that names ``rule C17`` (a typo, or a rule since renumbered) is caught."""
    known = set(_rules(_parts()["en"]))
    unknown = {rule: files for rule, files in _mentions().items() if rule not in known}
    assert not unknown, f"tests name rules that docs/rules.md does not have: {unknown}"
