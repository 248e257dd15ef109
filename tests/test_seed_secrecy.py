"""A new game's seed cannot be recovered by the page that embeds it (issue 42, point 3).

The seed fixes every card of the match (rule G9). ``game-started`` tells an embedding
page a commitment to it; the attack was to hash every seed a new game could have
(at most 999,999) and compare. A new game's seed now has 52 random bits and the
commitment is salted with 128 secret bits, told only with the seed at the match's end.
"""

from __future__ import annotations

import hashlib
import re
from datetime import date

from tests.matches import play

from rommi.replay import MatchRecord, Replay
from ui.commands.acts import Act, Target
from ui.commands.table import handle
from ui.model.app import ADDRESS_MAX_SEED, DAILY_MAX_SEED, App
from ui.model.outbox import results, seed_hash
from ui.model.query import read_query
from ui.records import daily
from ui.records.links import decode, encode
from ui.screen import Screen


def started() -> tuple[Screen, dict[str, object]]:
    screen = Screen()
    fx = handle(screen, Target(Act.START, form={"variant": "basic", "players": "2"}))
    kind, data = fx.post[0]
    assert kind == "game-started" and screen.app is not None
    return screen, data


def test_the_embedding_pages_attack_finds_no_seed_for_a_new_game() -> None:
    """Like the hostile parent: hash every seed of the address's range and look for the commitment."""
    screen, data = started()
    assert screen.app is not None
    wanted = data["seed_sha256"]
    found = [s for s in range(1, ADDRESS_MAX_SEED + 1) if hashlib.sha256(b"%d" % s).hexdigest() == wanted]
    assert found == [], "the commitment gave the seed away"
    seed = screen.app.seed
    assert 2**52 <= seed < 2**53, seed  # too many to try, and a whole JavaScript number
    assert wanted != hashlib.sha256(str(seed).encode()).hexdigest()  # knowing the seed is not enough


def test_new_seeds_and_salts_come_from_secure_chance_and_never_repeat() -> None:
    games = [started()[0].app for _ in range(20)]
    assert all(a is not None for a in games)
    seeds = {a.seed for a in games if a is not None}
    salts = {a.salt for a in games if a is not None}
    assert len(seeds) == 20 and len(salts) == 20
    assert all(re.fullmatch("[0-9a-f]{32}", s) for s in salts)


def test_match_over_reveals_the_seed_and_salt_that_check_the_commitment() -> None:
    screen, data = started()
    app = screen.app
    assert app is not None
    play(app)
    over = dict(results(app, set()))["match-over"]
    assert over["seed"] == app.seed and over["seed_salt"] == app.salt
    digits = str(over["seed"]).encode()
    assert hashlib.sha256(str(over["seed_salt"]).encode() + digits).hexdigest() == data["seed_sha256"]


def test_big_seeds_are_saved_replayed_and_linked_compactly() -> None:
    screen, _ = started()
    app = screen.app
    assert app is not None
    play(app, actions=60)
    again = App.from_save(app.to_save())
    assert again.seed == app.seed and again.salt == app.salt and again.log == app.log  # the log still checks
    record = app.record()
    assert record is not None
    small = MatchRecord(record.variant, record.players, record.options, 7)
    assert Replay(record).final.to_dict() == app.game.to_dict()
    link = encode(record)
    assert decode(link).record.seed == app.seed
    # A big seed costs a few bytes of the link: 8 varint bytes against 1 (base64: under 12 characters).
    assert (
        len(encode(MatchRecord(record.variant, record.players, record.options, app.seed)))
        - len(encode(small))
        <= 12
    )


def test_an_old_save_still_loads_and_its_commitment_was_the_seeds_own() -> None:
    screen, _ = started()
    assert screen.app is not None
    old = screen.app.to_save()
    del old["salt"]
    old["seed"] = 4242  # saves from before had seeds up to 999,999 and no salt
    loaded = App.from_save(old)
    assert loaded.seed == 4242 and loaded.salt == ""
    assert seed_hash(4242, loaded.salt) == hashlib.sha256(b"4242").hexdigest()


def test_the_address_seed_and_todays_deal_keep_their_short_public_seeds() -> None:
    assert read_query(f"?seed={ADDRESS_MAX_SEED}").seed == ADDRESS_MAX_SEED
    assert read_query("?seed=1000000").seed is None  # still a puzzle's few digits
    screen = Screen(seed_from_url=7)
    handle(screen, Target(Act.START, form={"variant": "basic", "players": "2"}))
    assert screen.app is not None and screen.app.seed == 7
    deal = daily.deal_of(date(2026, 12, 6))
    assert 1 <= deal.seed <= DAILY_MAX_SEED  # the same deal for everyone, as before
