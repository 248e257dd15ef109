"""Unit tests for ``rommi.melds``: sets, runs, jokers, lay-offs and joker swaps.

Counts are checked twice: by brute force over card combinations through
``make_meld``, and against a literal worked out by hand in the docstring.
The property tests compare ``make_meld`` with a small oracle written here
from the rule text alone.
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rommi.cards import JOKER, Card, make_deck, parse_cards, standard_deck
from rommi.errors import IllegalAction
from rommi.melds import RUN, SET, Meld, extend, infer_kind, make_meld, swap_joker

SUITS = "SHDC"


def cards(text: str) -> list[Card]:
    return parse_cards(text.split())


def meld(text: str, kind: str | None = None, ace_high: bool = False) -> Meld:
    return make_meld(cards(text), kind, ace_high)


def refusal(text: str, kind: str | None = None, ace_high: bool = False) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        make_meld(cards(text), kind, ace_high)
    return info.value


def stands_for_all(m: Meld) -> list[str | None]:
    return [None if (c := m.stands_for(i)) is None else str(c) for i in range(len(m.cards))]


def rank_orders(cs) -> list[list[Card]]:
    """The card list in rank order with the ace low, and (if it holds an ace) with the ace high."""
    low = sorted(cs, key=lambda c: (c.rank, c.suit))
    if not any(c.rank == 1 for c in cs):
        return [low]
    return [low, sorted(cs, key=lambda c: (c.rank == 1, c.rank, c.suit))]


def meld_kind(combo, ace_high: bool) -> str | None:
    """The kind of meld make_meld makes of the combination in some rank order, or None."""
    for ordered in rank_orders(combo) if ace_high else rank_orders(combo)[:1]:
        try:
            return make_meld(ordered, None, ace_high).kind
        except IllegalAction:
            continue
    return None


def melds_among(combos, ace_high: bool) -> Counter:
    """Count the combinations that make_meld accepts in some rank order, by kind."""
    return Counter(kind for combo in combos if (kind := meld_kind(combo, ace_high)))


# ---------------------------------------------------------------------------
# Counts


@pytest.fixture(scope="module")
def three_card_melds() -> dict[bool, Counter]:
    """Every one of the C(52, 3) = 22,100 three-card combinations of one deck, tried as a meld."""
    combos = list(itertools.combinations(standard_deck(), 3))
    assert len(combos) == 22100
    return {ace_high: melds_among(combos, ace_high) for ace_high in (False, True)}


def test_three_card_runs_in_one_deck(three_card_melds):
    """rule G4: 44 distinct 3-card runs: starting at A..J, 11 per suit, x 4 suits."""
    assert three_card_melds[False][RUN] == 11 * 4 == 44


def test_three_card_runs_with_ace_high(three_card_melds):
    """rule B3: with ace_high Q-K-A is added, 12 per suit: 48; K-A-2 never."""
    assert three_card_melds[True][RUN] == 12 * 4 == 48


def test_three_card_sets_in_one_deck(three_card_melds):
    """rule G3: 52 distinct 3-card sets: 4 suits choose 3 = 4 per rank, x 13 ranks."""
    assert three_card_melds[False][SET] == 13 * 4 == 52
    assert three_card_melds[True][SET] == 52
    assert sum(three_card_melds[False].values()) == 96


def test_three_card_sets_from_two_decks():
    """rule G3: two decks give 16 distinct 3-card sets per rank: the 20 multisets of 3 from 4 suits
    less the 4 that need one suit three times; 13 x 16 = 208. Runs cannot repeat a card: still 44."""
    two_decks = Counter(make_deck(2, 0))
    combos = [
        c
        for c in itertools.combinations_with_replacement(standard_deck(), 3)
        if all(n <= two_decks[card] for card, n in Counter(c).items())
    ]
    found = melds_among(combos, ace_high=False)
    assert found[SET] == 13 * 16 == 208
    assert found[RUN] == 44


def suit_subsets(suit: str):
    """Every subset of 3 or more of one suit's 13 cards (8,192 - 1 - 13 - 78 = 8,100)."""
    ranks = [Card(r, suit) for r in range(1, 14)]
    return [c for n in range(3, 14) for c in itertools.combinations(ranks, n)]


def rank_subsets(rank: int):
    """Every subset of 3 or 4 of one rank's four cards (4 + 1 = 5)."""
    four = [Card(rank, s) for s in SUITS]
    return [c for n in (3, 4) for c in itertools.combinations(four, n)]


@pytest.fixture(scope="module")
def all_melds_of_one_deck() -> dict[bool, dict[str, Counter]]:
    """Every meld of one 52-card deck without jokers, by kind and length; with ace_high, one suit's runs.

    A meld's natural cards share a rank (set) or a suit (run), so every meld of one
    deck lies inside one suit or inside one rank; those subsets are tried in full
    (8,100 per suit, 5 per rank). The 3-card sweep above tries mixed combinations too,
    and all four suits with ace_high, so here ace_high is tried on hearts alone.
    """
    out = {}
    for ace_high, suits in ((False, SUITS), (True, "H")):
        by_kind: dict[str, Counter] = {SET: Counter(), RUN: Counter()}
        for combo in [c for suit in suits for c in suit_subsets(suit)]:
            if meld_kind(combo, ace_high) == RUN:
                by_kind[RUN][len(combo)] += 1
        for combo in [c for rank in range(1, 14) for c in rank_subsets(rank)]:
            if meld_kind(combo, ace_high) == SET:
                by_kind[SET][len(combo)] += 1
        out[ace_high] = by_kind
    return out


def test_all_melds_of_one_deck_openspiel_count(all_melds_of_one_deck):
    """rules G3, G4: sets of 3-4 and runs of 3-5 number 185, OpenSpiel's gin rummy count:
    sets 13 x (4 + 1) = 65; runs 4 x (11 + 10 + 9) = 120."""
    sets, runs = all_melds_of_one_deck[False][SET], all_melds_of_one_deck[False][RUN]
    assert sets == {3: 52, 4: 13}
    assert sum(runs[n] for n in (3, 4, 5)) == 120
    assert sum(sets.values()) + sum(runs[n] for n in (3, 4, 5)) == 185


def test_all_melds_of_one_deck_runs_of_any_length(all_melds_of_one_deck):
    """rules G3, G4: runs of every length 3-13: (14 - n) per suit for length n, 11 + 10 + ... + 1 = 66,
    so 4 x 66 = 264 runs; with the 65 sets, 329 melds in all."""
    runs = all_melds_of_one_deck[False][RUN]
    assert runs == {n: 4 * (14 - n) for n in range(3, 14)}
    assert sum(runs.values()) == 264
    assert sum(all_melds_of_one_deck[False][SET].values()) + 264 == 329


def test_all_melds_of_one_deck_with_ace_high(all_melds_of_one_deck):
    """rule B3: with ace_high a run of length n < 13 has 15 - n places (ace low or high), and the 13-card run
    is the whole suit either way: 12 + 11 + ... + 3 + 1 = 76 runs per suit, 4 x 76 = 304 in a deck,
    304 + 65 sets = 369 melds; runs of 3-5: 12 + 11 + 10 = 33 per suit."""
    runs = all_melds_of_one_deck[True][RUN]  # hearts only
    assert runs == {**{n: 15 - n for n in range(3, 13)}, 13: 1}
    assert sum(runs.values()) == 76
    assert 4 * 76 + sum(all_melds_of_one_deck[True][SET].values()) == 369
    assert sum(runs[n] for n in (3, 4, 5)) == 33


# ---------------------------------------------------------------------------
# Sets


@pytest.mark.parametrize(
    "text",
    ["7H 7H 7S", "7H 7H 7H", "7S 7H 7D 7C", "7S 7S 7H 7H 7D 7D 7C 7C", "AS AS AS", "KD KD KC KC"],
)
def test_sets_may_repeat_suits(text):
    """rule G3: with several decks a suit may repeat in a set."""
    m = meld(text)
    assert (m.kind, m.rank, m.suit) == (SET, Card.parse(text[:2]).rank, "")
    assert m.describe() == text


@pytest.mark.parametrize("text", ["7H 7S", "7H", ""])
def test_short_set_refused(text):
    """rule G3: a set needs three or more cards."""
    e = refusal(text, SET)
    assert (e.rule, e.key) == ("G3", "meld_too_short")


def test_set_of_mixed_ranks_refused():
    """rule G3: a set is cards of one rank."""
    e = refusal("7H 7S 8D", SET)
    assert (e.rule, e.key) == ("G3", "set_mixed_ranks")


def test_kind_is_inferred_from_the_naturals():
    """rule G3: naturals of one rank make a set by default, anything else a run (G4)."""
    assert infer_kind(cards("7H 7S JK")) == SET
    assert infer_kind(cards("JK JK 5H")) == SET
    assert infer_kind(cards("5H 6H 7H")) == RUN
    assert infer_kind(cards("5H 6S 7H")) == RUN
    assert meld("JK JK 5H").kind == SET
    assert meld("JK JK 5H", RUN).kind == RUN


def test_unknown_kind_refused():
    """rule G10: a meld kind other than set or run is a bad field, refused naming G10."""
    e = refusal("7H 7S 7D", "pair")
    assert (e.rule, e.key) == ("G10", "bad_kind")


# ---------------------------------------------------------------------------
# Runs


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("AH 2H 3H", 1, 3),
        ("JS QS KS", 11, 13),
        ("5D 6D 7D 8D 9D", 5, 9),
        ("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", 1, 13),
    ],
)
def test_valid_runs(text, low, high):
    """rule G4: three or more cards of one suit in consecutive ranks, ace low."""
    m = meld(text)
    assert (m.kind, m.rank, m.high, m.suit) == (RUN, low, high, text[1])


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("5H 6H 8H", "run_not_consecutive"),
        ("5H 7H 6H", "run_not_consecutive"),
        ("7H 6H 5H", "run_not_consecutive"),
        ("5H 6S 7H", "run_mixed_suits"),
        ("5H 6H", "meld_too_short"),
        ("5H 5H 6H", "run_not_consecutive"),
    ],
)
def test_invalid_runs(text, key):
    """rule G4: gaps, wrong order, mixed suits, fewer than three cards and repeats are refused."""
    e = refusal(text, RUN)
    assert (e.rule, e.key) == ("G4", key)


@pytest.mark.parametrize("text", ["QH KH AH", "KH AH 2H", "QH KH AH 2H", "JH QH KH AH", "KH AH 2H 3H"])
def test_runs_never_wrap(text):
    """rule G4: the ace is low: Q-K-A and K-A-2 are not runs, nor anything turning the corner."""
    e = refusal(text, RUN)
    assert (e.rule, e.key) == ("G4", "run_out_of_range")


@pytest.mark.parametrize(("text", "low"), [("QH KH AH", 12), ("JH QH KH AH", 11), ("AH 2H 3H", 1)])
def test_ace_high_allows_qka(text, low):
    """rule B3: with ace_high, Q-K-A is a run (the ace as rank 14); A-2-3 still is."""
    m = meld(text, RUN, ace_high=True)
    assert (m.kind, m.rank, m.suit) == (RUN, low, "H")
    assert m.high == (14 if text.endswith("AH") else 3)


@pytest.mark.parametrize("text", ["KH AH 2H", "QH KH AH 2H", "KH AH 2H 3H", "KH JK 2H", "KH AH JK"])
def test_ace_high_never_turns_the_corner(text):
    """rule B3: even with ace_high an ace is never high and low in one run: K-A-2 is refused."""
    e = refusal(text, RUN, ace_high=True)
    assert e.rule in ("B3", "G4")
    assert e.key in ("run_out_of_range", "run_not_consecutive")


def test_ace_high_wrap_names_rule_b3():
    """rule B3: refusing K-A-2 under ace_high names the option's rule."""
    assert refusal("KH AH 2H", RUN, ace_high=True).rule == "B3"


def test_run_of_at_most_13_cards():
    """rule G4: a run has at most 13 cards, with or without jokers."""
    assert len(meld("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS").cards) == 13
    assert len(meld("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS", ace_high=True).cards) == 13
    for text in (
        "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS JK",
        "JK AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
        "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    ):
        e = refusal(text, RUN, ace_high=True)
        assert (e.rule, e.key) == ("G4", "run_too_long")


# ---------------------------------------------------------------------------
# Jokers in melds


@pytest.mark.parametrize(
    ("text", "ace_high", "expected"),
    [
        ("5H JK 7H", False, "5H 6H 7H"),
        ("JK 6H 7H", False, "5H 6H 7H"),
        ("5H 6H JK", False, "5H 6H 7H"),
        ("JK JK 3H", False, "AH 2H 3H"),
        ("AH JK JK", False, "AH 2H 3H"),
        ("JK 2H JK", False, "AH 2H 3H"),
        ("JK JK KH", False, "JH QH KH"),
        ("JK QS JK", False, "JS QS KS"),
        ("QH JK JK", True, "QH KH AH"),
        ("JK KH JK", True, "QH KH AH"),
        ("JK JK AH", True, "QH KH AH"),
        ("JK QD KD", True, "JD QD KD"),
        ("3C JK JK JK 7C", False, "3C 4C 5C 6C 7C"),
        ("JK JK JK JK 5S", False, "AS 2S 3S 4S 5S"),
    ],
)
def test_joker_stands_for_the_card_at_its_position(text, ace_high, expected):
    """rule G5: in a run a joker is the card at its position (5H JK 7H: the joker is 6H)."""
    m = meld(text, RUN, ace_high)
    assert " ".join(stands_for_all(m)) == expected
    assert m.rank == Card.parse(expected[:2]).rank


@pytest.mark.parametrize(
    "text", ["QH JK JK", "JK KH JK", "JK JK AH", "JK AH JK", "JK JK 2H", "KH JK JK", "JK JK JK JK JK JK 6H"]
)
def test_joker_cannot_stand_past_an_end(text):
    """rule G4: jokers cannot stretch a run past the ace or the king (no wrap, ace low)."""
    e = refusal(text, RUN)
    assert e.rule == "G4"


def test_joker_in_a_set_stands_for_any_suit():
    """rule G5: in a set a joker stands for a card of the set's rank in any suit (None: no one card)."""
    m = meld("7H JK 7S JK")
    assert stands_for_all(m) == ["7H", None, "7S", None]
    assert (m.kind, m.rank) == (SET, 7)


@pytest.mark.parametrize("kind", [None, SET, RUN])
@pytest.mark.parametrize("text", ["JK JK JK", "JK JK JK JK", "JK JK JK JK JK JK JK JK JK JK JK JK JK"])
def test_meld_needs_a_natural_card(kind, text):
    """rule G5: a meld needs at least one natural card; jokers alone are refused."""
    e = refusal(text, kind)
    assert (e.rule, e.key) == ("G5", "meld_no_natural")


def test_any_number_of_jokers():
    """rule G5: one natural card is enough; jokers per meld are not limited."""
    assert meld("7S JK JK JK JK JK").kind == SET
    assert stands_for_all(meld("5H JK JK JK JK", RUN)) == ["5H", "6H", "7H", "8H", "9H"]
    assert meld("JK JK JK JK JK JK JK JK JK JK JK JK KC", RUN).rank == 1


def test_stands_for_negative_index_counts_from_the_end():
    """rule G5: stands_for(-1) is the last card's meaning, as cards[-1] is the last card.

    Python sequences count negative indexes from the end; ``stands_for`` does so
    for a natural card but computes a joker's rank as ``rank + index``, so a joker
    at index -1 of ``5H 6H JK`` is reported as 4H instead of 7H. Refusing negative
    indexes (IndexError) would be fine too; a wrong card is not.
    """
    m = meld("5H 6H JK", RUN)
    for i in range(-len(m.cards), 0):
        try:
            got = m.stands_for(i)
        except IndexError:
            continue
        assert got == m.stands_for(len(m.cards) + i), f"stands_for({i}) of {m.describe()}"


# ---------------------------------------------------------------------------
# Joker swap


def test_swap_in_a_run_needs_the_exact_card():
    """rule G6: the joker of a run is swapped only for the natural card it stands for."""
    m = meld("5H JK 7H", RUN)
    swapped = swap_joker(m, Card.parse("6H"))
    assert swapped.describe() == "5H 6H 7H"
    assert (swapped.kind, swapped.rank, swapped.suit) == (RUN, 5, "H")
    assert swapped == make_meld(cards("5H 6H 7H"))
    for wrong in ("6S", "6D", "5H", "7H", "8H", "4H"):
        with pytest.raises(IllegalAction) as info:
            swap_joker(m, Card.parse(wrong))
        assert (info.value.rule, info.value.key) == ("G6", "swap_no_joker")
    assert m.describe() == "5H JK 7H"  # the meld on the table is unchanged


def test_swap_picks_the_joker_that_stands_for_the_card():
    """rule G6: with two jokers in a run, the card replaces the one it stands for."""
    m = meld("JK 6H JK", RUN)
    assert swap_joker(m, Card.parse("7H")).describe() == "JK 6H 7H"
    assert swap_joker(m, Card.parse("5H")).describe() == "5H 6H JK"


def test_swap_an_ace_played_high():
    """rule G6: with ace_high the joker after Q-K stands for the ace, and the ace takes its place."""
    m = meld("QH KH JK", RUN, ace_high=True)
    assert swap_joker(m, Card.parse("AH")).describe() == "QH KH AH"


@pytest.mark.parametrize("natural", ["7H", "7S", "7D", "7C"])
def test_swap_in_a_set_takes_any_natural_of_the_rank(natural):
    """rule G6: a set's joker may be swapped for any natural card of the set's rank, a repeated suit too."""
    m = meld("7S 7D JK")
    swapped = swap_joker(m, Card.parse(natural))
    assert swapped.describe() == f"7S 7D {natural}"
    assert (swapped.kind, swapped.rank) == (SET, 7)


def test_swap_refusals():
    """rule G6: no joker of that card, another rank, or a joker offered: refused."""
    for text, card in (("7S 7D JK", "8S"), ("7S 7D 7H", "7C"), ("5H 6H 7H", "8H")):
        with pytest.raises(IllegalAction) as info:
            swap_joker(meld(text), Card.parse(card))
        assert (info.value.rule, info.value.key) == ("G6", "swap_no_joker")
    with pytest.raises(IllegalAction) as info:
        swap_joker(meld("7S 7D JK"), JOKER)
    assert (info.value.rule, info.value.key) == ("G6", "swap_joker_card")


# ---------------------------------------------------------------------------
# Lay-offs


@pytest.mark.parametrize(
    ("card", "end", "expected"),
    [
        ("4H", None, "4H 5H 6H 7H"),
        ("4H", "low", "4H 5H 6H 7H"),
        ("8H", None, "5H 6H 7H 8H"),
        ("8H", "high", "5H 6H 7H 8H"),
        ("JK", "low", "JK 5H 6H 7H"),
        ("JK", "high", "5H 6H 7H JK"),
    ],
)
def test_layoff_at_either_end_of_a_run(card, end, expected):
    """rule G4: a card laid off onto a run extends it at the low or the high end."""
    m = extend(meld("5H 6H 7H"), cards(card), end)
    assert m.describe() == expected
    assert (m.kind, m.suit) == (RUN, "H")
    assert m.rank == (4 if expected.startswith(("4H", "JK")) else 5)


def test_layoff_of_several_cards_in_rank_order():
    """rule G4: several cards go on at one end, given in rank order."""
    assert extend(meld("5H 6H 7H"), cards("2H 3H 4H"), "low").describe() == "2H 3H 4H 5H 6H 7H"
    assert extend(meld("5H 6H 7H"), cards("8H JK TH"), None).describe() == "5H 6H 7H 8H JK TH"


def test_layoff_joker_fitting_both_ends_needs_an_end():
    """rule G5: a joker that fits both ends of a run: the player must say which end."""
    with pytest.raises(IllegalAction) as info:
        extend(meld("5H 6H 7H"), [JOKER], None)
    assert info.value.key == "layoff_which_end"


@pytest.mark.parametrize(
    ("text", "ace_high", "expected"),
    [
        ("AH 2H 3H", False, "AH 2H 3H JK"),
        ("AH 2H 3H", True, "AH 2H 3H JK"),
        ("JH QH KH", False, "JK JH QH KH"),
        ("QH KH AH", True, "JK QH KH AH"),
    ],
)
def test_layoff_joker_at_the_only_open_end(text, ace_high, expected):
    """rule G5: a joker needs no end when the run is closed at one end."""
    assert extend(meld(text, RUN, ace_high), [JOKER], None, ace_high).describe() == expected


def test_layoff_joker_onto_jqk_with_ace_high_is_ambiguous():
    """rule G5: with ace_high J-Q-K is open at both ends, so a joker needs an end."""
    with pytest.raises(IllegalAction) as info:
        extend(meld("JH QH KH", RUN, True), [JOKER], None, True)
    assert info.value.key == "layoff_which_end"
    assert extend(meld("JH QH KH", RUN, True), [JOKER], "high", True).describe() == "JH QH KH JK"


def test_layoff_keeps_the_jokers_meaning():
    """rule G5: a run's joker keeps standing for its card: 5H 6H JK (JK = 7H) takes 8H, not 7H."""
    m = meld("5H 6H JK", RUN)
    longer = extend(m, cards("8H"), None)
    assert stands_for_all(longer) == ["5H", "6H", "7H", "8H"]
    with pytest.raises(IllegalAction):
        extend(m, cards("7H"), None)


@pytest.mark.parametrize(
    ("card", "end"),
    [
        ("9H", None),
        ("3H", None),
        ("4S", None),
        ("8D", "high"),
        ("4H", "high"),
        ("8H", "low"),
        ("5H", None),
        ("7H", None),
    ],
)
def test_layoff_that_does_not_fit_is_refused(card, end):
    """rule G4: a card that does not continue the run at the end given is refused."""
    m = meld("5H 6H 7H")
    with pytest.raises(IllegalAction) as info:
        extend(m, cards(card), end)
    assert (info.value.rule, info.value.key) == ("G4", "layoff_no_fit")
    assert m.describe() == "5H 6H 7H"


def test_layoff_never_wraps_or_passes_13_cards():
    """rules G4, B3: no lay-off turns the corner or makes a run longer than 13 cards."""
    refused = [
        (meld("JH QH KH"), "AH", False),
        (meld("AH 2H 3H"), "KH", False),
        (meld("QH KH AH", RUN, True), "2H", True),
        (meld("AH 2H 3H", RUN, True), "KH", True),
        (meld("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"), "JK", True),
    ]
    for m, card, ace_high in refused:
        with pytest.raises(IllegalAction):
            extend(m, cards(card), None, ace_high)
    assert extend(meld("JH QH KH", RUN, True), cards("AH"), None, True).describe() == "JH QH KH AH"


@pytest.mark.parametrize("card", ["7H", "7S", "JK"])
def test_layoff_onto_a_set(card):
    """rule G3: a set takes another card of its rank (a repeated suit too) or a joker."""
    m = extend(meld("7S 7D 7C"), cards(card), None)
    assert m.describe() == f"7S 7D 7C {card}"
    assert (m.kind, m.rank) == (SET, 7)


def test_layoff_of_another_rank_onto_a_set_refused():
    """rule G3: a card of another rank does not fit a set."""
    with pytest.raises(IllegalAction) as info:
        extend(meld("7S 7D 7C"), cards("8S"), None)
    assert (info.value.rule, info.value.key) == ("G3", "layoff_no_fit")


@pytest.mark.parametrize("end", ["low", "high"])
def test_layoff_onto_a_set_with_an_end_refused(end):
    """rule G10: a set has no ends; naming one is a bad field, refused naming G10."""
    m = meld("7S 7D 7C")
    with pytest.raises(IllegalAction) as info:
        extend(m, cards("7H"), end)
    assert (info.value.rule, info.value.key) == ("G10", "set_has_no_end")
    assert m.describe() == "7S 7D 7C"


def test_layoff_bad_fields_refused():
    """rule G10: no cards, or an end other than low/high, is refused naming G10."""
    for m, cs, end in (
        (meld("5H 6H 7H"), [], None),
        (meld("7S 7D 7C"), [], None),
        (meld("5H 6H 7H"), cards("8H"), "middle"),
    ):
        with pytest.raises(IllegalAction) as info:
            extend(m, cs, end)
        assert (info.value.rule, info.value.key) == ("G10", "bad_field")


# ---------------------------------------------------------------------------
# Property tests against an independent oracle


ALL_CARDS = [Card(r, s) for s in SUITS for r in range(1, 14)] + [JOKER]
PROPERTY_SETTINGS = settings(
    derandomize=True,
    database=None,
    max_examples=250,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)


def oracle(cs: list[Card], kind: str | None, ace_high: bool) -> tuple[str, int, str] | None:
    """(kind, rank, suit) of the meld the rules make of ``cs``, or None: straight from G3-G5 and B3.

    Positions are numbered 1..13, or 1..14 with ace_high where 14 is the ace again;
    every low end that puts each natural at its rank is tried.
    """
    naturals = [c for c in cs if c.rank != 0]
    if len(cs) < 3 or not naturals:
        return None
    if kind is None:
        kind = SET if len({c.rank for c in naturals}) == 1 else RUN
    if kind == SET:
        return (SET, naturals[0].rank, "") if len({c.rank for c in naturals}) == 1 else None
    if kind != RUN or len({c.suit for c in naturals}) != 1 or len(cs) > 13:
        return None
    top = 14 if ace_high else 13
    lows = [
        low
        for low in range(1, top - len(cs) + 2)
        if all(c.rank in (0, low + i) or (c.rank == 1 and low + i == 14) for i, c in enumerate(cs))
    ]
    assert len(lows) <= 1, "a run's naturals fix its place"
    return (RUN, lows[0], naturals[0].suit) if lows else None


def natural(position: int, suit: str) -> Card:
    """The card at a run position: 1-13, and 14 for the ace played high."""
    return Card(1 if position == 14 else position, suit)


@st.composite
def card_lists(draw) -> list[Card]:
    """Small card lists: half run-shaped, a quarter set-shaped, a quarter random.

    A run-shaped list is the true run of ``n`` positions from ``low`` in one suit
    (a joker wherever the position is off the board), then some positions turned
    into jokers, then at most two strays: the suit's ace, a near miss of the right
    suit, the right rank of another suit, or any card. A set-shaped list is cards
    of one rank and jokers, with at most one stray. The rest are random lists.
    """
    shape = draw(st.sampled_from(["random", "set", "run", "run"]))
    if shape == "random":
        return draw(st.lists(st.sampled_from(ALL_CARDS), max_size=6))
    if shape == "set":
        rank = draw(st.integers(1, 13))
        out = draw(st.lists(st.sampled_from([Card(rank, s) for s in SUITS] + [JOKER]), max_size=12))
        if out and draw(st.booleans()):
            out[draw(st.integers(0, len(out) - 1))] = draw(st.sampled_from(ALL_CARDS))
        return out
    n = draw(st.integers(0, 5) | st.integers(0, 14))  # short runs half the time
    if draw(st.booleans()):
        low = draw(st.integers(-1, 14))
    else:  # against an end of the board: from the ace up, or up to the king or the high ace
        ends = st.sampled_from([-1, 0, 1, 2]) | st.sampled_from([12, 13, 14, 15]).map(lambda hi: hi - n + 1)
        low = draw(ends)
    suit = draw(st.sampled_from(SUITS))
    out = [natural(low + i, suit) if 1 <= low + i <= 14 else JOKER for i in range(n)]
    if not n:
        return out
    for i in draw(st.sets(st.integers(0, n - 1))):
        out[i] = JOKER
    for _ in range(draw(st.integers(0, 2))):
        i = draw(st.sampled_from([0, n - 1]) | st.integers(0, n - 1))  # often at an end of the list
        position = min(max(low + i, 1), 14)
        out[i] = draw(
            st.sampled_from(
                [
                    Card(1, suit),
                    natural(min(max(position + draw(st.sampled_from([-2, -1, 1, 2])), 1), 14), suit),
                    natural(position, draw(st.sampled_from(SUITS))),
                    draw(st.sampled_from(ALL_CARDS)),
                ]
            )
        )
    return out


def check_against_oracle(cs: list[Card]) -> None:
    """make_meld and the oracle agree on ``cs`` as set, run or inferred kind, with and without ace_high."""
    text = " ".join(map(str, cs))
    for kind, ace_high in itertools.product([None, SET, RUN], [False, True]):
        where = f"{text!r} kind={kind} ace_high={ace_high}"
        expected = oracle(cs, kind, ace_high)
        try:
            m = make_meld(cs, kind, ace_high)
        except IllegalAction as e:
            assert expected is None, f"{where} refused ({e.rule}: {e}) but is {expected}"
            assert e.rule in ("G3", "G4", "G5", "B3"), where
            continue
        assert expected is not None, f"{where} accepted as {m}"
        assert (m.kind, m.rank, m.suit) == expected, where
        assert list(m.cards) == cs, where


@pytest.mark.parametrize(
    ("universe", "size"),
    [("AH 2H 3H 4H 7H JH QH KH JK AS", 3), ("AH 2H 3H QH KH JK AS", 4)],
)
def test_make_meld_agrees_with_oracle_on_every_small_list(universe, size):
    """rules G3, G4, G5, B3: every ordered list of 3 (4) cards drawn, repeats allowed, from cards
    near the ace's two ends: 1,000 (2,401) lists, each as set, run and inferred, with and without ace_high."""
    for cs in itertools.product(cards(universe), repeat=size):
        check_against_oracle(list(cs))


@PROPERTY_SETTINGS
@given(cs=card_lists())
def test_make_meld_agrees_with_oracle(cs):
    """rules G3, G4, G5, B3: make_meld accepts just what the oracle accepts, with the same rank and suit.

    Each list is tried as every kind (given or inferred) with and without ace_high.
    """
    check_against_oracle(cs)


@PROPERTY_SETTINGS
@given(cs=card_lists())
def test_valid_run_stands_for_consecutive_cards_of_one_suit(cs):
    """rules G4, G5: every valid run reads, joker by joker, as consecutive ranks of its one suit."""
    for ace_high in (False, True):
        try:
            m = make_meld(cs, RUN, ace_high)
        except IllegalAction:
            continue
        check_run_reading(cs, m, ace_high)


def check_run_reading(cs: list[Card], m: Meld, ace_high: bool) -> None:
    """What each position of run ``m`` (made of ``cs``) stands for: one suit, consecutive, within bounds."""
    where = f"{' '.join(map(str, cs))!r} ace_high={ace_high}"
    meant = [m.stands_for(i) for i in range(len(m.cards))]
    assert all(c is not None and not c.is_joker for c in meant), (where, meant)
    assert {c.suit for c in meant} == {m.suit}, (where, meant)
    positions = [m.rank + i for i in range(len(meant))]
    assert [c.rank for c in meant] == [1 if p == 14 else p for p in positions], (where, meant)
    assert positions[0] >= 1, where
    assert positions[-1] <= (14 if ace_high else 13), where
    naturals = [c for c in cs if not c.is_joker]
    assert [c for c, orig in zip(meant, cs, strict=True) if not orig.is_joker] == naturals, where
    # Swapping every joker for what it stands for leaves the same run, now all natural (G6).
    natural = m
    for card, orig in zip(meant, cs, strict=True):
        if orig.is_joker:
            natural = swap_joker(natural, card)
    assert list(natural.cards) == meant, where
    assert make_meld(meant, RUN, ace_high) == natural, where
