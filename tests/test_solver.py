"""Tests for ``rommi.solver``: contract lay-downs, least penalty, least deadwood.

Scenario tests read like the hands they play. The property tests compare the
solver with a plain brute force over every partition of small hands (jokers
and cards from up to three decks included), and check that every answer is
something the engine itself accepts: each meld passes ``melds.make_meld``, a
contract lay-down passes ``contracts.shortfall``, and melds plus deadwood are
exactly the hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from rommi import contracts, solver
from rommi.cards import JOKER, Card, basic_value, contract_penalty
from rommi.melds import make_meld
from rommi.solver import CONTRACTS, Arrangement, Contract, best_arrangement, can_meet, min_deadwood

Value = Callable[[Card], int]


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def show(hand: Sequence[Card]) -> str:
    return " ".join(str(c) for c in hand)


def basic(ace_high: bool = False) -> Value:
    return lambda c: basic_value(c, ace_high)


def gin_value(c: Card) -> int:
    return min(c.rank, 10)


def check_valid(
    hand: Sequence[Card],
    a: Arrangement,
    value: Value,
    *,
    contract: Contract | None = None,
    ace_high: bool = False,
    min_left: int = 0,
    max_left: int | None = None,
) -> None:
    """What the engine would accept: valid melds, the whole hand, the contract, the cards kept."""
    assert len(a.melds) == len(a.kinds)
    made = [make_meld(list(m), k, ace_high) for m, k in zip(a.melds, a.kinds, strict=True)]
    assert Counter(c for m in a.melds for c in m) + Counter(a.deadwood) == Counter(hand)
    assert a.penalty == sum(value(c) for c in a.deadwood)
    if contract is not None:
        assert contracts.shortfall(made, contract) is None
    assert len(a.deadwood) >= min(min_left, len(hand))
    if max_left is not None:
        assert len(a.deadwood) <= max_left


# ---------------------------------------------------------------------------
# The brute force: every subset of the hand that is a meld, every way to pick
# disjoint ones. Its meld tests are written from rules G3-G5 and B3 directly.


def is_set(group: Sequence[Card]) -> bool:
    naturals = [c for c in group if c != JOKER]
    return len(group) >= 3 and bool(naturals) and len({c.rank for c in naturals}) == 1


def run_suit(group: Sequence[Card], ace_high: bool) -> str | None:
    """The suit of the run these cards can form in some order, or ``None``."""
    naturals = [c for c in group if c != JOKER]
    n = len(group)
    if not 3 <= n <= 13 or not naturals or len({c.suit for c in naturals}) != 1:
        return None
    ranks = [c.rank for c in naturals]
    if len(set(ranks)) != len(ranks):
        return None
    for high in (False, True) if ace_high else (False,):
        if high and 1 not in ranks:
            continue
        rs = [14 if high and r == 1 else r for r in ranks]
        lowest = 2 if high else 1
        highest = 13 if 1 in rs or not ace_high else 14
        # some window [lo, lo + n - 1] inside [lowest, highest] holds every natural
        if max(lowest, max(rs) - n + 1) <= min(min(rs), highest - n + 1):
            return naturals[0].suit
    return None


def brute(
    hand: Sequence[Card],
    value: Value,
    contract: Contract | None = None,
    ace_high: bool = False,
    min_left: int = 0,
    max_left: int | None = None,
) -> tuple[int, int] | None:
    """(least penalty, fewest cards kept at that penalty), or ``None`` if nothing qualifies."""
    n = len(hand)
    options: list[list[tuple[int, list[tuple[str, str]]]]] = [[] for _ in range(n)]  # by lowest card
    for mask in range(1, 1 << n):
        group = [hand[i] for i in range(n) if mask >> i & 1]
        if len(group) < 3:
            continue
        kinds = [("set", "")] if is_set(group) else []
        suit = run_suit(group, ace_high)
        if suit is not None:
            kinds.append(("run", suit))
        if kinds:
            options[(mask & -mask).bit_length() - 1].append((mask, kinds))
    vals = [value(c) for c in hand]
    distinct = contract is not None and contract.distinct_run_suits

    def met(sets: int, runs: int | frozenset[str]) -> bool:
        if contract is None:
            return True
        r = len(runs) if isinstance(runs, frozenset) else runs
        return sets >= contract.sets and r >= contract.runs

    @cache
    def f(mask: int, sets: int, runs: int | frozenset[str], kept: int) -> tuple[int, int] | None:
        if not mask:
            ok = met(sets, runs) and kept >= min_left and (max_left is None or kept <= max_left)
            return (0, kept) if ok else None
        i = (mask & -mask).bit_length() - 1
        results = []
        r = f(mask & ~(1 << i), sets, runs, kept + 1)
        if r is not None:
            results.append((r[0] + vals[i], r[1]))
        for m, kinds in options[i]:  # a meld with card i, i being the lowest card left
            if m & mask == m:
                for kind, suit in kinds:
                    if kind == "set":
                        r = f(mask & ~m, min(sets + 1, 3), runs, kept)
                    elif isinstance(runs, frozenset):
                        r = f(mask & ~m, sets, runs | {suit}, kept)
                    else:
                        r = f(mask & ~m, sets, min(runs + 1, 3), kept)
                    if r is not None:
                        results.append(r)
        return min(results) if results else None

    return f((1 << n) - 1, 0, frozenset() if distinct else 0, 0)


# ---------------------------------------------------------------------------
# Scenarios


def test_the_seven_contracts():
    """Rule C4: the contract table, deal 3 alone asking for runs of different suits."""
    assert [(c.sets, c.runs) for c in CONTRACTS] == [(2, 0), (1, 1), (0, 2), (3, 0), (2, 1), (1, 2), (0, 3)]
    assert [c.distinct_run_suits for c in CONTRACTS] == [False, False, True, False, False, False, False]
    assert Contract is contracts.Contract  # the engine and the solver read the same table


def test_deal_3_needs_runs_of_two_suits():
    """Rule C4: two hearts runs do not meet deal 3; hearts and spades do."""
    hearts = cards("3H 4H 5H 9H TH JH KC")
    assert not can_meet(hearts, CONTRACTS[2])
    assert best_arrangement(hearts, contract_penalty, contract=CONTRACTS[2], min_left=1) is None
    mixed = cards("3H 4H 5H 9S TS JS KC")
    assert can_meet(mixed, CONTRACTS[2])
    a = best_arrangement(mixed, contract_penalty, contract=CONTRACTS[2], min_left=1)
    assert a is not None and a.deadwood == (Card.parse("KC"),) and a.penalty == 10
    check_valid(mixed, a, contract_penalty, contract=CONTRACTS[2], min_left=1)


def test_deals_6_and_7_allow_runs_of_one_suit_unless_the_option_says_otherwise():
    """Rule C4: two runs in deal 6 may share a suit; ``runs_differ_in_suit`` forbids it."""
    hand = cards("3H 4H 5H 9H TH JH 7C 7D 7S KC")
    assert can_meet(hand, CONTRACTS[5])
    assert not can_meet(hand, contracts.contract_for(6, runs_differ_in_suit=True))
    # Three runs from one suit in deal 7; the card kept is 4H (A-2-3 and 5-T stay runs).
    one_suit = cards("AH 2H 3H 4H 5H 6H 7H 8H 9H TH")
    a = best_arrangement(one_suit, contract_penalty, contract=CONTRACTS[6], min_left=1)
    assert a is not None and a.deadwood == (Card.parse("4H"),) and a.penalty == 4
    check_valid(one_suit, a, contract_penalty, contract=CONTRACTS[6], min_left=1)


def test_a_contract_player_keeps_a_card():
    """Rule C10: six cards that make two sets cannot all be laid; a seventh card can stay."""
    six = cards("7H 7S 7D 8H 8S 8D")
    assert best_arrangement(six, contract_penalty, contract=CONTRACTS[0], min_left=0) is not None
    assert not can_meet(six, CONTRACTS[0], min_left=1)
    assert best_arrangement(six, contract_penalty, contract=CONTRACTS[0], min_left=1) is None
    # Four sevens: one of them can stay, and the cheapest card to keep is chosen.
    seven = cards("7H 7S 7D 7C 8H 8S 8D")
    a = best_arrangement(seven, contract_penalty, contract=CONTRACTS[0], min_left=1)
    assert a is not None and len(a.deadwood) == 1 and a.deadwood[0].rank == 7 and a.penalty == 7
    check_valid(seven, a, contract_penalty, contract=CONTRACTS[0], min_left=1)


def test_keeping_a_card_can_break_a_meld():
    """Rule C10: when every card is melded, keeping one costs its value; the cheapest goes."""
    hand = cards("AS 2S 3S 4S 9H 9D 9C")  # one set and one run (deal 2)
    a = best_arrangement(hand, contract_penalty, contract=CONTRACTS[1], min_left=1)
    assert a is not None and a.deadwood == (Card.parse("4S"),) and a.penalty == 4


def test_jokers_make_sets_and_runs_but_never_alone():
    """Rule G5: a joker stands for any card, without limit per meld, but a meld needs a natural."""
    assert min_deadwood(cards("JK JK JK"), contract_penalty) == 45
    a = best_arrangement(cards("7H JK JK"), contract_penalty, contract=Contract(0, 1), min_left=0)
    assert a is not None and a.kinds == ("run",) and a.penalty == 0
    check_valid(cards("7H JK JK"), a, contract_penalty, contract=Contract(0, 1))
    a = best_arrangement(cards("7H JK JK"), contract_penalty, contract=Contract(1, 0), min_left=0)
    assert a is not None and a.kinds == ("set",)
    # One natural carries five jokers: all melded, nothing kept.
    hand = cards("JK JK 4H JK JK JK")
    a = best_arrangement(hand, contract_penalty)
    assert a is not None and a.penalty == 0 and a.deadwood == ()
    check_valid(hand, a, contract_penalty)


def test_a_joker_fills_a_gap_at_its_place():
    """Rule G5: the joker in a run stands where the gap is, so the meld is valid as given."""
    hand = cards("5H JK 7H 8H 2C")
    a = best_arrangement(hand, contract_penalty, contract=Contract(0, 1), min_left=1)
    assert a is not None and a.melds == (tuple(cards("5H JK 7H 8H")),) and a.deadwood == (Card.parse("2C"),)


def test_two_decks_give_repeated_suits_and_twin_runs():
    """Rules G1 and G3: equal cards are alike; a set may repeat a suit; twin runs are two runs."""
    a = best_arrangement(cards("7H 7H 7S 2C"), contract_penalty, contract=Contract(1, 0), min_left=1)
    assert a is not None and a.penalty == 2
    twins = cards("3H 4H 5H 3H 4H 5H 3H 4H 5H KC")
    a = best_arrangement(twins, contract_penalty, contract=CONTRACTS[6], min_left=1, max_left=1)
    assert a is not None and a.kinds == ("run", "run", "run") and a.deadwood == (Card.parse("KC"),)
    check_valid(twins, a, contract_penalty, contract=CONTRACTS[6], min_left=1, max_left=1)
    # Six of a rank (three decks) make two sets of three.
    sixes = cards("6H 6H 6S 6S 6D 6C 2C")
    assert can_meet(sixes, CONTRACTS[0])


def test_ace_high_only_with_the_option_and_never_around_the_corner():
    """Rules B3 and G4: Q-K-A needs ``ace_high``; K-A-2 is never a run."""
    qka = cards("QH KH AH")
    assert min_deadwood(qka, basic(False)) == 21
    assert min_deadwood(qka, basic(True), ace_high=True) == 0
    a = best_arrangement(qka, basic(True), ace_high=True)
    assert a is not None and a.melds == (tuple(cards("QH KH AH")),)
    check_valid(qka, a, basic(True), ace_high=True)
    assert min_deadwood(cards("KH AH 2H"), basic(True), ace_high=True) == 10 + 11 + 2
    # One ace cannot be both low and high: A-2-3 or Q-K-A, not both.
    both = cards("AH 2H 3H QH KH")
    assert min_deadwood(both, basic(True), ace_high=True) == 5
    a = best_arrangement(both, basic(True), ace_high=True)
    assert a is not None and a.penalty == 5
    check_valid(both, a, basic(True), ace_high=True)
    with_joker = cards("AH 2H 3H QH KH JK")
    a = best_arrangement(with_joker, basic(True), ace_high=True)
    assert a is not None and a.penalty == 0
    check_valid(with_joker, a, basic(True), ace_high=True)


def test_penalties_count_contract_and_basic_values():
    """Rules C14 and B8: the deadwood is scored with the value function given."""
    assert min_deadwood(cards("AS KD 5C JK"), contract_penalty) == 15 + 10 + 5 + 15  # no meld
    assert min_deadwood(cards("AS KD 5C JK JK"), contract_penalty) == 10 + 5  # AS JK JK
    assert min_deadwood(cards("AS KD 5C"), contract_penalty) == 15 + 10 + 5
    assert min_deadwood(cards("AS KD 5C"), basic(False)) == 1 + 10 + 5
    assert min_deadwood(cards("AS KD 5C"), basic(True), ace_high=True) == 11 + 10 + 5
    assert min_deadwood(cards("JK"), contract_penalty) == 15


def test_deal_7_asks_for_going_out():
    """Rule C12: the cheapest arrangement may keep two cards where going out keeps one."""
    hand = cards("7C 3C 9C 5C 9C 4C 8C 5C 4C JK JK")
    cheapest = best_arrangement(hand, contract_penalty, contract=CONTRACTS[6], min_left=1)
    assert cheapest is not None
    out = best_arrangement(hand, contract_penalty, contract=CONTRACTS[6], min_left=1, max_left=1)
    assert out is not None and len(out.deadwood) == 1 and out.penalty == cheapest.penalty
    check_valid(hand, out, contract_penalty, contract=CONTRACTS[6], min_left=1, max_left=1)
    # Here going out costs more than keeping two cards, and is still found.
    hand = cards("2C 4C 3H 2C 2H 4H 4H 5H AH JK")
    cheapest = best_arrangement(hand, contract_penalty, contract=CONTRACTS[1], min_left=1)
    out = best_arrangement(hand, contract_penalty, contract=CONTRACTS[1], min_left=1, max_left=1)
    assert cheapest is not None and out is not None
    assert len(cheapest.deadwood) == 2 and len(out.deadwood) == 1 and out.penalty > cheapest.penalty
    assert best_arrangement(cards("2C 5D 9H KS"), contract_penalty, contract=CONTRACTS[6], max_left=1) is None


def test_many_jokers_all_find_a_place():
    """Rule G5: spare jokers join a meld; a full 13-card run splits to take more."""
    full = [Card(r, "H") for r in range(1, 14)]
    for extra in range(4):
        hand = full + [JOKER] * extra
        a = best_arrangement(hand, contract_penalty, contract=CONTRACTS[6], min_left=0)
        assert a is not None and a.penalty == 0
        check_valid(hand, a, contract_penalty, contract=CONTRACTS[6])
    hand = cards("5H 9S 2C") + [JOKER] * 12
    a = best_arrangement(hand, contract_penalty, contract=CONTRACTS[6], min_left=1)
    assert a is not None and a.deadwood == (JOKER,)  # three runs need all three naturals
    check_valid(hand, a, contract_penalty, contract=CONTRACTS[6], min_left=1)


def test_spare_jokers_split_a_full_run():
    """Rule G5 and rule G4's 13 cards at most: jokers past a full run go to its two halves."""
    naturals = [Card(r, "D") for r in range(1, 14)]
    melds = [solver._Meld("run", 2, tuple(range(1, 14)), naturals, 0)]
    assert solver._absorb(melds, 5) == 0
    assert len(melds) == 2 and sum(m.size() for m in melds) == 18
    for m in melds:
        make_meld(m.cards(False), "run")
    lonely = [solver._Meld("run", 2, (7,), [Card(7, "D")], 12)]  # one natural: no room, no split
    assert solver._absorb(lonely, 1) == 1


def test_basic_rummy_least_deadwood():
    """Rules B3 and B8: any melds, any number; the least deadwood wins."""
    hand = cards("3H 4H 5H 5S 5D 5C 9C KD")
    # 5H to the set (3 fives already there) or to the run: the run keeps it, set of 5S 5D 5C.
    assert min_deadwood(hand, basic()) == 9 + 10
    a = best_arrangement(hand, basic())
    assert a is not None and a.penalty == 19 and a.deadwood == tuple(cards("9C KD"))
    check_valid(hand, a, basic())
    assert best_arrangement([], basic()) == Arrangement((), (), (), 0)
    assert min_deadwood([], basic()) == 0


def test_answers_do_not_depend_on_the_order_of_the_hand():
    """Rule G1: a hand is a multiset of cards; the same hand gives the same answer."""
    hand = cards("7H 7S JK 8H 9H 7D 2C 2C 3C JK")
    a = best_arrangement(hand, contract_penalty, contract=CONTRACTS[4], min_left=1)
    b = best_arrangement(list(reversed(hand)), contract_penalty, contract=CONTRACTS[4], min_left=1)
    assert a is not None and b is not None and a.penalty == b.penalty
    assert a == best_arrangement(hand, contract_penalty, contract=CONTRACTS[4], min_left=1)


def test_bad_input_is_refused():
    """Rule G2: only cards; and values must not be negative."""
    with pytest.raises(ValueError):
        best_arrangement([Card(14, "H")], contract_penalty)
    with pytest.raises(ValueError):
        min_deadwood([Card(5, "X"), Card(5, "X"), JOKER], contract_penalty)
    with pytest.raises(ValueError):
        min_deadwood(cards("5H"), lambda c: -1)


def test_a_run_of_five_cannot_be_split():
    """Rules G4 and B3: five in a row is one meld; breaking it for a set can cost more."""
    hand = cards("3H 4H 5H 6H 7H 5S 5D")
    assert min_deadwood(hand, basic()) == 10
    a = best_arrangement(hand, basic())
    assert a is not None and a.melds == (tuple(cards("3H 4H 5H 6H 7H")),)
    high = cards("TH JH QH KH AH QS QD")
    assert min_deadwood(high, basic(True), ace_high=True) == 20
    a = best_arrangement(high, basic(True), ace_high=True)
    assert a is not None and a.melds == (tuple(cards("TH JH QH KH AH")),)
    check_valid(high, a, basic(True), ace_high=True)


def test_gin_hands_match_known_answers():
    """Rule B8-style scoring with gin values (A 1, T-K 10): one deck, no jokers, ace low."""
    assert min_deadwood(cards("AS 2S 3S 4S 4H 4D 5S 6S 7S KC"), gin_value) == 10
    assert min_deadwood(cards("3H 4H 5H 6H 6S 6D 7D 8D 9D TC"), gin_value) == 10
    # 4C 4S 4H, 4D 5D 6D and T-J-Q of spades leave 2C 3C.
    assert min_deadwood(cards("2C 3C 4C 4D 4S 4H 5D 6D TS JS QS"), gin_value) == 5


# ---------------------------------------------------------------------------
# Property tests against the brute force

DECK_RANKS = list(range(1, 14))


@st.composite
def hands(
    draw: st.DrawFn, max_size: int = 9, max_jokers: int = 3, plant: Contract | None = None
) -> list[Card]:
    """Small hands rich in melds: few ranks and suits, up to three decks, some jokers.

    Ranks come from a window, or from both ends (aces low and high). Half the
    hands have up to three melds planted in them (a card of one may be a
    joker): the shape of ``plant`` if given, so that contracts are often met
    and often just missed.
    """
    if draw(st.booleans()):
        lo = draw(st.integers(1, 11))
        ranks = list(range(lo, min(14, lo + draw(st.integers(3, 6)))))
    else:
        ranks = draw(
            st.lists(st.sampled_from([1, 2, 3, 4, 10, 11, 12, 13]), min_size=3, max_size=6, unique=True)
        )
    suits = draw(st.lists(st.sampled_from("SHDC"), min_size=1, max_size=4, unique=True))
    pool = Counter({Card(r, s): draw(st.integers(1, 3)) for r in ranks for s in suits})
    hand: list[Card] = []
    jokers = draw(st.integers(0, max_jokers))
    if draw(st.booleans()):
        if plant is not None:
            shape = [True] * plant.sets + [False] * plant.runs
        else:
            shape = draw(st.lists(st.booleans(), min_size=1, max_size=3))
        for is_set in shape:
            if is_set:
                r = draw(st.sampled_from(ranks))
                meld = [Card(r, draw(st.sampled_from(suits))) for _ in range(3)]
            else:
                r = draw(st.integers(1, 12))
                s = draw(st.sampled_from(suits))
                meld = [Card(1 if x == 14 else x, s) for x in range(r, r + 3)]
            for c in meld:
                if jokers and draw(st.integers(0, 4)) == 0:
                    jokers -= 1
                    hand.append(JOKER)
                elif pool[c] > 0 or c not in pool:
                    pool[c] -= 1
                    hand.append(c)
    room = max(0, max_size - len(hand) - jokers)
    extra = sorted(pool.elements())
    if extra and room:
        size = min(room, len(extra)) - draw(st.integers(0, 2))
        picks = draw(
            st.lists(
                st.integers(0, len(extra) - 1), min_size=max(0, size), max_size=max(0, size), unique=True
            )
        )
        hand += [extra[i] for i in picks]
    hand = hand[: max_size - jokers] + [JOKER] * jokers
    return draw(st.permutations(hand))


contract_choices = st.sampled_from([*CONTRACTS, Contract(1, 2, True), Contract(0, 3, True), Contract(0, 1)])


def seeded(examples: int) -> settings:
    """Fixed examples (derandomized), no deadline: the brute force is slow on purpose."""
    return settings(
        derandomize=True, max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )


@st.composite
def contract_cases(draw: st.DrawFn) -> tuple[list[Card], Contract, int, int | None, bool]:
    """A contract, a hand that often has its shape, cards to keep (at least, at most), ace high."""
    contract = draw(contract_choices)
    hand = draw(hands(max_size=10, plant=contract))
    min_left = draw(st.sampled_from([0, 1, 1, 2]))
    max_left = draw(st.sampled_from([None, None, min_left, min_left + 1]))
    return hand, contract, min_left, max_left, draw(st.sampled_from([False, False, False, True]))


@seeded(300)
@given(contract_cases())
def test_contract_lay_down_matches_brute_force(
    case: tuple[list[Card], Contract, int, int | None, bool],
) -> None:
    """Rules C4, C7, C10, C12 and C14: the solver's least penalty is the brute force's."""
    hand, contract, min_left, max_left, ace_high = case
    note(f"hand: {show(hand)}  {contract}  min_left={min_left} max_left={max_left} ace_high={ace_high}")
    expected = brute(hand, contract_penalty, contract, ace_high, min_left, max_left)
    got = best_arrangement(
        hand, contract_penalty, contract=contract, ace_high=ace_high, min_left=min_left, max_left=max_left
    )
    if expected is None:
        assert got is None
    else:
        assert got is not None
        assert (got.penalty, len(got.deadwood)) == expected
        check_valid(
            hand,
            got,
            contract_penalty,
            contract=contract,
            ace_high=ace_high,
            min_left=min_left,
            max_left=max_left,
        )
    if max_left is None and not ace_high:
        assert can_meet(hand, contract, min_left=min_left) == (expected is not None)


@seeded(200)
@given(hands(), st.booleans(), st.integers(0, 2), st.lists(st.integers(0, 20), min_size=53, max_size=53))
def test_least_deadwood_matches_brute_force(
    hand: list[Card], ace_high: bool, min_left: int, table: list[int]
) -> None:
    """Rules B3, B4 and B8: least deadwood over all melds, also with arbitrary card values."""
    note(f"hand: {show(hand)}  ace_high={ace_high} min_left={min_left}")

    def arbitrary(c: Card) -> int:
        return table[52 if c == JOKER else c.rank * 4 - 4 + "SHDC".index(c.suit)]

    for value in (basic(ace_high), arbitrary):
        expected = brute(hand, value, None, ace_high, min_left)
        got = best_arrangement(hand, value, ace_high=ace_high, min_left=min_left)
        assert got is not None
        check_valid(hand, got, value, ace_high=ace_high, min_left=min_left)
        if expected is None:  # fewer cards than min_left: everything stays
            assert got.deadwood == tuple(hand)
            continue
        assert (got.penalty, len(got.deadwood)) == expected
        if min_left == 0:
            assert min_deadwood(hand, value, ace_high=ace_high) == expected[0]


@st.composite
def dense_hands(draw: st.DrawFn) -> list[Card]:
    """One deck, no jokers, 9-11 cards from 4-5 adjacent ranks (14 = the ace again).

    A third of them hold a whole suit of the window: runs of 4-5 crossing sets.
    """
    width = draw(st.sampled_from([4, 5, 5]))
    lo = draw(st.sampled_from([1, 15 - width, 15 - width, *range(1, 15 - width)]))
    pool = sorted({Card(1 if r == 14 else r, s) for r in range(lo, lo + width) for s in "SHDC"})
    full = draw(st.sampled_from(["", "", "S", "H", "D", "C"]))
    hand = [c for c in pool if c.suit == full]
    rest = [c for c in pool if c.suit != full]
    size = draw(st.integers(9, 11)) - len(hand)
    return hand + draw(st.lists(st.sampled_from(rest), min_size=size, max_size=size, unique=True))


@seeded(120)
@given(dense_hands(), st.booleans())
def test_one_deck_dense_hands_match_brute_force(hand: list[Card], ace_high: bool) -> None:
    """Rules G3, G4 and B8: one deck, no jokers, many overlapping melds (the gin anchor's kind)."""
    note(f"hand: {show(hand)}  ace_high={ace_high}")
    value = basic(ace_high)
    expected = brute(hand, value, None, ace_high)
    assert expected is not None
    assert min_deadwood(hand, value, ace_high=ace_high) == expected[0]
    got = best_arrangement(hand, value, ace_high=ace_high)
    assert got is not None and (got.penalty, len(got.deadwood)) == expected
    check_valid(hand, got, value, ace_high=ace_high)


@seeded(150)
@given(hands(max_size=16, max_jokers=6), contract_choices)
def test_bigger_hands_give_valid_answers(hand: list[Card], contract: Contract) -> None:
    """Rules C4, C10 and G5 on hands too big for the brute force: answers stay valid and agree."""
    note(f"hand: {show(hand)}  contract: {contract}")
    got = best_arrangement(hand, contract_penalty, contract=contract, min_left=1)
    assert (got is not None) == can_meet(hand, contract, min_left=1)
    if got is not None:
        check_valid(hand, got, contract_penalty, contract=contract, min_left=1)
        free = best_arrangement(hand, contract_penalty, min_left=1)
        assert free is not None and free.penalty <= got.penalty
    a = best_arrangement(hand, contract_penalty)
    assert a is not None and a.penalty == min_deadwood(hand, contract_penalty)
    check_valid(hand, a, contract_penalty)
