"""Fair cards (issue 41, point 5): every person's value is committed before any is revealed, a reveal
that does not match its hash is refused, the seed is fixed only once all are revealed, and at the
match's end every device can check the values, the seed and the deal.
"""

from __future__ import annotations

import json

import pytest

from online_table import Table
from rommi import Game, Refused
from rommi.actions import NEXT_DEAL
from rommi.bots import make_bot
from ui.online import messages
from ui.online.fairseed import Round, check, commitment, seed_of
from ui.play import play

V = ["0a" * 16, "1b" * 16, "2c" * 16]
S = ["3d" * 16, "4e" * 16, "5f" * 16]


def committed() -> Round:
    r = Round((0, 1, 3))
    for seat, v, s in zip((0, 1, 3), V, S, strict=True):
        r.commit(seat, commitment(v, s))
    return r


def test_no_value_is_taken_before_every_hash_is_in() -> None:
    r = Round((0, 1, 3))
    r.commit(0, commitment(V[0], S[0]))
    with pytest.raises(Refused) as e:
        r.reveal(0, V[0], S[0])
    assert e.value.key == "online.fair.early" and r.reveals == {}
    assert r.waiting == [1, 3]


def test_a_reveal_that_does_not_match_its_hash_is_refused_and_changes_nothing() -> None:
    r = committed()
    for value, salt in ((V[1], S[0]), (V[0], S[1]), ("ff" * 16, S[1])):
        with pytest.raises(Refused) as e:
            r.reveal(1, value, salt)
        assert e.value.key == "online.fair.mismatch"
    assert r.reveals == {} and r.seed is None
    with pytest.raises(Refused):
        r.commit(1, commitment("ff" * 16, S[1]))  # no second hash after seeing the others'
    with pytest.raises(Refused):
        r.reveal(2, V[1], S[1])  # a seat with no value in this match


def test_the_seed_is_fixed_only_once_all_are_revealed_and_mixes_every_value() -> None:
    r = committed()
    r.reveal(3, V[2], S[2])
    r.reveal(0, V[0], S[0])
    assert r.seed is None
    r.reveal(1, V[1], S[1])
    assert r.seed == seed_of(V)
    assert 2**52 <= r.seed < 2**53
    for i in range(3):  # whoever changes their value changes the cards
        changed = list(V)
        changed[i] = "99" * 16
        assert seed_of(changed) != r.seed
    assert check(r.hashes, r.reveals, r.seed)
    assert not check(r.hashes, r.reveals, r.seed + 1)
    assert not check(r.hashes, {**r.reveals, 1: ("99" * 16, S[1])}, r.seed)
    assert not check(r.hashes, {0: r.reveals[0]}, r.seed)


def test_online_a_wrong_reveal_is_refused_and_the_match_waits_for_the_right_one() -> None:
    table = Table(41)
    liisa = table.join("peer-a", "Liisa", 1)
    table.join("peer-b", "Pekka", 2)
    table.deliver(table.host.start("easy", table.now))
    # Both guests commit; then Liisa reveals a value that is not the one she committed to.
    table.answer_fair(only="commit")
    hashes = liisa.last("commits")
    assert hashes is not None and set(hashes["hashes"]) == {"0", "1", "2"}
    assert table.host.app is None
    salt = json.loads(liisa.outbox[0])["salt"]
    table.send("peer-a", {"v": 1, "t": "reveal", "value": "77" * 16, "salt": salt})
    assert liisa.got[-1]["t"] == "refused" and liisa.got[-1]["key"] == "online.fair.mismatch"
    assert table.host.app is None and table.host.round is not None and 1 not in table.host.round.reveals
    table.answer_fair()  # now the value she committed to
    app = table.host.app
    assert app is not None and liisa.last("started") is not None
    # The host's value came in before anyone else's was revealed: its hash was in the first list.
    fair = table.host.fair
    assert fair is not None and hashes["hashes"]["0"] == fair.hashes[0]
    assert app.seed == seed_of(fair.reveals[s][0] for s in (0, 1, 2))


def test_at_the_match_end_every_device_checks_the_values_the_seed_and_the_deal() -> None:
    table = Table(42, players=3)
    liisa = table.join("peer-a", "Liisa", 1)
    table.start("easy")
    app = table.host.app
    assert app is not None
    while not app.view()["over"]:
        table.play_deal()
        if not app.view()["over"]:
            table.deliver(table.host.moved(table.now))
            play(table.screen, 0, NEXT_DEAL)
            table.deliver(table.host.moved(table.now))
    over = liisa.last("over")
    before = liisa.last("commits")
    assert over is not None and before is not None
    # What Liisa checks: the hashes she was sent before the first card, the values, the seed ...
    hashes = {int(k): v for k, v in before["hashes"].items()}
    reveals = {int(k): (v[0], v[1]) for k, v in over["reveals"].items()}
    assert check(hashes, reveals, over["seed"])
    # ... and the deals: the seed and the match's actions play the same match again, and every
    # view Liisa was sent during the match is her seat's view at some point of that replay.
    replay = Game.new("contract", 3, seed=over["seed"])
    seen = {json.dumps(m["view"], sort_keys=True) for m in liisa.got if m["t"] == "view"}
    replayed = {json.dumps(replay.view(1), sort_keys=True)}
    for action in over["log"]:
        replay.apply(action)
        replayed.add(json.dumps(replay.view(1), sort_keys=True))
    assert replay.to_dict() == app.game.to_dict()
    assert seen <= replayed and len(seen) > 20
    # Her device's own check (``ui.online.guest``) says the same.
    assert liisa.device is not None and liisa.device.checked is True
    # Nothing before ``over`` held the seed or another player's value.
    first_over = next(i for i, s in enumerate(table.log) if s.message["t"] == "over")
    assert all(str(app.seed) not in s.text for s in table.log[:first_over])
    assert json.dumps(over["seed"]) in table.log[first_over].text


def test_a_rematch_deals_a_new_match_from_new_values_at_the_same_table() -> None:
    table = Table(43, players=3)
    table.join("peer-a", "Liisa", 1)
    table.start("easy")
    first = table.host.app
    assert first is not None
    with pytest.raises(Refused):
        table.host.start("easy", table.now)  # not while the match is on
    while not first.view()["over"]:  # a quick end: the computer players play every seat from here
        for seat in (0, 1):
            first.seats[seat] = type(first.seats[2]).computer(first.seats[seat].name, "easy")
        first.bots = [make_bot("easy", s) for s in range(3)]
        while first.seat_to_act() is not None:
            first.bot_step()
        if not first.view()["over"]:
            play(table.screen, 0, NEXT_DEAL)
    table.deliver(table.host.moved(table.now))
    table.start("easy")
    second = table.host.app
    assert second is not None and second is not first and second.seed != first.seed
    assert [s.name for s in second.seats] == [s.name for s in first.seats]
    assert table.host.lobby.seat_of("peer-a") == 1


def test_a_guests_device_catches_a_host_that_dealt_from_another_seed_or_showed_another_table() -> None:
    table = Table(44, players=3)
    liisa = table.join("peer-a", "Liisa", 1)
    table.start("easy")
    app = table.host.app
    assert app is not None
    for _ in range(30):
        table.guest_moves() or table.host_moves()
    device = liisa.device
    assert device is not None and device.seat == 1
    fair = table.host.fair
    assert fair is not None
    honest = messages.over(app.seed, fair.reveals, fair.hashes, app.log)
    forged = [
        messages.over(app.seed + 1, fair.reveals, fair.hashes, app.log),  # another seed
        messages.over(app.seed, {**fair.reveals, 1: ("00" * 16, "00" * 16)}, fair.hashes, app.log),
        messages.over(app.seed, fair.reveals, fair.hashes, (app.log or [])[:-3]),  # views never played
        {**honest, "log": "nonsense"},
    ]
    for lie in forged:
        device.receive(messages.encode(lie))
        assert device.checked is False, str(lie)[:100]
    device.receive(messages.encode(honest))
    assert device.checked is True
