"""Finnish text of the table, keyed by id (pure data and small pure helpers).

The Finnish twin of ``ui.words.text_en``: ``TEXT`` has exactly the same keys and the
same ``{placeholders}`` (``tests/test_i18n_catalogs.py`` checks). ``ENGINE``
words every refusal key of ``rommi.messages.MESSAGES`` and ``REASONS`` every
reason key of ``rommi.bots.reasons.REASONS``; their placeholders are a subset
of the English ones, so they format with the parameters the engine and the
bots already send.

The vocabulary is the one Finnish card players use and ``docs/rules.md``
("Suomeksi") follows: pöytäys / pöydätä, sitoumus, avopakka, umpipakka, jako,
erä, pääkirjanpito, jokeri, sarja, kolme samaa, ostaa, poislyönti,
täydentää (lay off), vaihtaa jokeri, lopettaa (go out).

Finnish inflects names, and a name in a template cannot be inflected, so the
templates put ``{name}``, ``{who}``, ``{meld}`` and cards where the nominative
reads naturally ("Vuorossa: Aino", "täydensi yhdistelmää 5♥–8♥ (Aino): 9♥").
You are never a name: "sinä" changes the verb and the noun too ("Täydensit omaa
yhdistelmääsi 5♥–8♥: 9♥"), so every sentence about you or your meld has its own
key (``.you``, ``.yours``, ``score.out.you``...), which the code picks.

Some engine parameters are English prose (``contract``, ``suits``, ``phase``,
``detail``); ``engine_params`` replaces them with Finnish before formatting.
Bot reasons carry rank and suit letters and card strings; ``reason_params``
turns those into Finnish words.

>>> card_name("7H"), card_name("AS"), card_name("KC"), card_name("TD"), card_name("JK")
('hertta 7', 'pata ässä', 'risti kuningas', 'ruutu 10', 'jokeri')
>>> contract_words(3, True)
'kaksi sarjaa eri maista'
>>> ENGINE["not_in_hand"].format(cards="7H")
'Kädessäsi ei ole: 7H.'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rommi.cards import JOKER_CODE

TEXT: dict[str, str] = {
    # --- setup -------------------------------------------------------------------
    "setup.title": "Uusi peli",
    "setup.game": "Peli",
    "setup.variant.contract": "Sitoumusrommi",
    "setup.variant.contract.help": "Seitsemän jakoa, kussakin oma sitoumuksensa; pienin yhteispistemäärä voittaa. 3–8 pelaajaa.",
    "setup.variant.basic": "Perusrommi",
    "setup.variant.basic.help": "Pöydätä saa heti ensimmäisellä vuorolla; ensimmäinen, joka saa {target} pistettä, voittaa. 2–7 pelaajaa.",
    "setup.players": "Pelaajat",
    "setup.players.help": "Sinun lisäksi tietokonepelaajia: {count}.",
    "setup.players.help.one": "Sinun lisäksi tietokonepelaajia: {count}.",
    "setup.players.help.friends": "Sinun lisäksi tällä laitteella: {friends}, tietokonepelaajia: {count}.",
    "setup.players.help.friends.one": "Sinun lisäksi tällä laitteella: {friends}, tietokonepelaajia: {count}.",
    "setup.name": "Nimesi",
    "setup.name.default": "Pelaaja",
    "setup.friend.default": "Pelaaja {n}",
    "setup.name_taken": "Pöydässä ei voi olla kahta pelaajaa nimeltä {name}: valitse toinen nimi.",
    "setup.who": "Kuka istuu missä",
    "setup.seat": "Paikka {n}",
    "setup.seat.computer": "Tietokonepelaaja",
    "setup.seat.here": "Ystävä tällä laitteella",
    "setup.seat.name": "Nimi",
    "setup.opponents": "Tietokonepelaajat",
    "setup.same_level": "Sama taso kaikille",
    "setup.level": "Taso",
    "setup.level.easy": "Helppo",
    "setup.level.normal": "Tavallinen",
    "setup.level.hard": "Vaikea",
    "setup.level.expert": "Mestari",
    "setup.level.easy.help": "Aloittelija: laskee sen, mikä on selvästi valmiina, ja heittää minkä tahansa irtokortin.",
    "setup.level.normal.help": "Vakaa kerhopelaaja: ottaa kortin vain sarjaan ja heittää kalleimman irtokorttinsa.",
    "setup.level.hard.help": "Muistaa jokaisen näkemänsä kortin, laskee elävät kortit ja pidättää sen, mitä muut keräävät.",
    "setup.level.expert.help": "Pelaa kuin Vaikea mutta punnitsee kädessään pitämänsä pisteet ja lyö pois kortin, joka jättää parhaan käden seuraavan noston jälkeen; perusrommissa se kokeilee tiukat valinnat ensin arvotuissa jaoissa, noin sekunti siirtoa kohden. Kolmen tai useamman pelaajan perusrommissa se pelaa myös niille korteille, jotka käännetty avopakka sille tuo. Mitattu Vaikeaa vastaan: 38 % neljän pelaajan sitoumusrommiotteluista kolmea vastaan (tasainen osuus on 25 %), 58 % kahden pelaajan perusrommiotteluista, 38 % neljän pelaajan perusrommiotteluista kolmea vastaan.",
    "setup.house_rules": "Kotisäännöt",
    "setup.default": "oletus: {value}",
    "setup.table": "Pöydässä",
    "setup.pace": "Tietokonepelaajien tahti",
    "setup.pace.help": "Kuinka kauan kunkin tietokonepelaajan siirto näkyy ennen seuraavaa.",
    "setup.buy_prompt.help": "Sitoumusrommissa voit ostaa avopakan kortin, kun toinen pelaaja ottaa kortin umpipakasta. Kortti sopii, kun se tekee käsikorttiesi kanssa yhdistelmän tai jatkaa sellaista, kun sillä voit pöydätä sitoumuksen tai täydentää pöydällä olevaa yhdistelmää, tai kun vaikea tietokonepelaaja ostaisi sen sinun paikallasi.",
    "setup.four_colour": "Nelivärinen pakka",
    "setup.four_colour.help": "Padat mustia, hertat punaisia, ruudut sinisiä, ristit vihreitä.",
    "setup.start": "Aloita uusi peli",
    "setup.continue": "Jatka keskeneräistä peliä",
    "setup.in_progress": "Peli on kesken: {summary}. Uuden pelin aloittaminen korvaa sen.",
    "setup.finished": "Edellinen pelisi on päättynyt ({summary}).",
    "setup.final_scores": "Näytä sen loppupisteet",
    "setup.bad_options": "Nämä kotisäännöt eivät sovi yhteen: {detail}",
    "setup.save_corrupt": "Tallennettua peliäsi ei voitu lukea, joten sitä ei voi jatkaa ({detail}). Aloita uusi peli alta.",
    "setup.save_seats": "Tallennetusta pelistäsi ei selviä, kuka pelaa millä paikalla, joten sitä ei voi jatkaa ({detail}). Aloita uusi peli alta.",
    "setup.save_outdated": "Tallennettu pelisi on Rommin toisesta versiosta, eikä sitä voi jatkaa ({detail}). Aloita uusi peli alta.",
    "setup.settings_reset": "Joitakin tallennettuja asetuksia ei voitu lukea, joten ne palautettiin oletuksiin.",
    "tabs.elsewhere": "Tätä peliä pelataan tämän selaimen toisessa välilehdessä. Siellä tehdyt siirrot säilyvät; täällä voit vain katsoa.",
    "tabs.take_over": "Pelaa tässä",
    "setup.storage_off": "Tämä selain ei anna Rommin tallentaa: peli katoaa, kun sivu suljetaan.",
    "setup.url_note": "Osoitteessa pyydettiin {param}={value}, mikä ei kelpaa tässä: se jätettiin huomiotta.",
    "setup.relay_note": "Osoitteessa pyydettiin välityspalvelinta {value}: verkkopöytä voi käyttää vain niitä välityspalvelimia, joiden kanssa tämä sivusto on rakennettu, tai tällä koneella olevaa (ws://127.0.0.1:PORTTI tai ws://localhost:PORTTI). Se jätettiin huomiotta.",
    "online.no_connection": "Yhteyttä pelaajaan {name} ei saatu. Verkkonne eivät ehkä salli suoraa yhteyttä; sivuston ylläpitäjän välityspalvelinasetukseen lisäämä TURN-palvelin voi olla tarpeen.",
    # house rules
    "opt.jokers": "Jokerit",
    "opt.jokers.help.contract": "Montako jokeria pakkaan sekoitetaan (säännöt: 1, kun pelaajia on 3–4, ja 2, kun heitä on 5–8).",
    "opt.jokers.help.basic": "Perusrommissa jokerit ovat valinnaisia; käytössä ollessaan ne ovat villejä kortteja.",
    "opt.jokers.standard": "Sääntöjen mukaan ({count})",
    "opt.jokers.per_deck": "Kaksi pakkaa kohden ({count})",
    "opt.max_buys": "Ostoja jaossa",
    "opt.max_buys.help": "Kuinka monta kertaa kukin pelaaja saa yhdessä jaossa ostaa avopakan kortin.",
    "opt.max_buys.none": "Ei rajaa",
    "opt.runs_differ_in_suit": "Kaikki sitoumuksen sarjat eri maista",
    "opt.runs_differ_in_suit.help": "Myös jaoissa 6 ja 7 (jako 3 vaatii sen aina).",
    "opt.ace_high": "Ässä myös suurena",
    "opt.ace_high.help": "Myös Q-K-A on sarja (K-A-2 ei koskaan); ässä on silloin 11 pisteen arvoinen.",
    "opt.target": "Tavoitepisteet",
    "opt.target.help": "Peli päättyy, kun joku pelaaja saavuttaa tämän pistemäärän.",
    "opt.layout": "Kortit",
    "opt.layout.help": "Pakkojen määrä ja käden koko, jotka tälle pelaajamäärälle sallitaan.",
    "opt.layout.choice": "Pakkoja {decks}, kullekin {size} korttia",
    "opt.layout.choice.one": "Yksi pakka, kullekin {size} korttia",
    "opt.off": "pois",
    "pace.instant": "Heti",
    "pace.fast": "Nopea",
    "pace.normal": "Tavallinen",
    "pace.slow": "Hidas",
    # --- the table ---------------------------------------------------------------
    "table.deal.contract": "Jako {deal}/{deals}: {contract}",
    "table.deal.basic": "Jako {deal}: ensimmäinen, joka saa {target} pistettä, voittaa",
    "card.joker_word": "JOKERI",
    "table.label": "Korttipöytä",
    "table.seat.yours": "Sinun paikkasi",
    "table.opponents": "Muut pelaajat",
    "table.turn.you": "Sinun vuorosi",
    "table.turn.other": "Vuorossa: {name}",
    "table.turn.thinking": "{name} miettii…",
    "table.turn.buy": "{name} voi ostaa kortin {card}",
    "table.turn.buy.you": "Voit ostaa kortin {card}",
    "table.turn.deal_over": "Jako on päättynyt",
    "table.turn.match_over": "Peli on päättynyt",
    "table.stock": "Umpipakka",
    "table.stock.label": "Umpipakka, {count} korttia: ota päällimmäinen kortti",
    "table.stock.label.one": "Umpipakka, {count} kortti: ota päällimmäinen kortti",
    "table.discard": "Avopakka",
    "table.discard.label": "Avopakka, päällimmäisenä {card}: ota se",
    "table.discard.empty": "Avopakka, tyhjä",
    "table.seat.cards": "{count} korttia",
    "table.seat.cards.one": "{count} kortti",
    "table.seat.card": "1 kortti",
    "table.seat.laid_down": "Pöydännyt",
    "table.seat.not_laid_down": "Ei pöydännyt",
    "table.seat.buys": "Ostoja: {count}",
    "table.seat.you": "sinä",
    "table.seat.chip": "{name} {count} korttia, {level}",
    "table.seat.chip.one": "{name} {count} kortti, {level}",
    "table.seat.melds": "{count} yhdistelmää pöydässä",
    "table.seat.melds.one": "{count} yhdistelmä pöydässä",
    "table.seat.dealer": "jakaja",
    "table.seat.label": "{name}, {level}, {count} korttia",
    "table.seat.label.one": "{name}, {level}, {count} kortti",
    "table.no_melds": "Ei vielä yhdistelmiä",
    "table.hand.count": "Kätesi: {count} korttia",
    "table.hand.count.one": "Kätesi: {count} kortti",
    "table.hand.parked": " ({count} pöytäysalueella)",
    "table.log": "Tapahtumat",
    "table.new_card": "uusi",
    "table.menu.new_game": "Uusi peli",
    "table.menu.scores": "Pisteet",
    "table.menu.pace": "Tahti",
    "table.hint": "Vihje",
    "table.hint.text": "Vihje: {reason}.",
    "table.hint.deeper": "Mieti tarkemmin",
    "table.hint.thinking": "Mietitään: mestari punnitsee tiukkoja valintoja…",
    "table.hint.deeper_text": "Vahvempi vihje: {reason}.",
    "table.hint.none": "Ei vihjettä nyt: et ole vuorossa.",
    "table.sort.suit": "Järjestä maittain",
    "table.sort.suit.short": "Maittain",
    "table.sort.rank": "Järjestä arvon mukaan",
    "table.sort.rank.short": "Arvon mukaan",
    "table.sort.help": "Siirrä korttia vetämällä; vedä se avopakkaan lyödäksesi sen pois tai yhdistelmään täydentääksesi sitä; kaksoisnapsautus lyö kortin pois. Alt+nuoli vasemmalle / oikealle siirtää valittua korttia.",
    # prompts: what you may do now
    "prompt.draw": "Ota kortti: valitse umpipakka tai avopakka.",
    "prompt.play.contract": "Pöydätä sitoumus, tai päätä vuorosi lyömällä kortti pois.",
    "prompt.play.laid": "Täydennä yhdistelmiä tai pöydätä lisää, ja päätä sitten vuorosi lyömällä kortti pois.",
    "prompt.play.basic": "Pöydätä tai täydennä, ja päätä sitten vuorosi lyömällä kortti pois.",
    "prompt.play.deal7": "Jako 7: pöydätä kerralla kaikki korttisi yhtä lukuun ottamatta, tai lyö kortti pois.",
    "prompt.wait": "Odotetaan pelaajaa {name}.",
    "prompt.select": "Valitse kortteja kädestäsi.",
    "prompt.selected": "Valittuna: {cards}.",
    # actions
    "act.new_meld": "Uusi yhdistelmä",
    "act.lay_off": "Täydennä…",
    "act.swap": "Vaihda jokeri…",
    "act.discard": "Lyö pois",
    "act.discard.one": "Valitse yksi kortti, jonka lyöt pois.",
    "table.next_deal": "Seuraava jako",
    "act.undo": "Peru",
    "table.undone": "Viimeisin siirtosi tällä vuorolla on peruttu.",
    "act.discard.named": "Lyö pois {card}",
    "act.clear_selection": "Poista valinnat",
    "act.new_game": "Uusi peli",
    "act.close": "Sulje",
    "act.cancel": "Peruuta",
    # lay-down area
    "ld.title": "Pöytäysalue",
    "ld.help": "Kokoa yhdistelmäsi tähän; mitään ei tapahdu ennen kuin painat Pöydätä. Napauta yhdistelmän korttia, niin saat sen takaisin.",
    "ld.slot.set": "Kolme samaa",
    "ld.slot.run": "Sarja",
    "ld.slot.meld": "Yhdistelmä",
    "ld.slot.extra": "Lisäyhdistelmä",
    "ld.slot.contract": "Sitoumus: {name}",
    "ld.slot.empty": "Tyhjä: valitse kortit ja paina ”Tähän”.",
    "ld.put_here": "Tähän",
    "ld.put.select": "Valitse ensin kortit kädestäsi ja laita ne sitten tähän.",
    "ld.put.full": "Tämä yhdistelmä on valmis, ja valitut kortit pilaisivat sen: {reason}",
    "ld.remove_slot": "Poista tämä yhdistelmä",
    "ld.ok.set": "✓ Kolme samaa: {rank}.",
    "ld.ok.run": "✓ Sarja {low}–{high}, maa {suit}.",
    "ld.joker_stands": "jokeri korvaa: {card}",
    "ld.joker.low": "Jokeri alapäähän",
    "ld.joker.high": "Jokeri yläpäähän",
    "ld.ace.high": "Ässä suurena",
    "ld.ace.low": "Ässä pienenä",
    "ld.add_extra": "Lisää yhdistelmä",
    "ld.lay_down": "Pöydätä",
    "ld.clear": "Tyhjennä alue",
    "ld.ready": "✓ Valmis: paina Pöydätä.",
    "ld.ready.contract": "✓ Tämä täyttää sitoumuksen ({contract}): paina Pöydätä.",
    "ld.wait_turn": "Voit pöydätä omalla vuorollasi, kun olet ottanut kortin.",
    # choosing where a card goes
    "choose.title": "Mihin kortti menee?",
    "choose.layoff": "Täydennä yhdistelmää {meld}",
    "choose.layoff.end": "Täydennä yhdistelmää {meld}, {end}",
    "choose.swap": "Vaihda se jokeriin yhdistelmässä {meld}",
    "choose.layoff.yours": "Täydennä omaa yhdistelmääsi {meld}",
    "choose.layoff.end.yours": "Täydennä omaa yhdistelmääsi {meld}, {end}",
    "choose.swap.yours": "Vaihda se jokeriin omassa yhdistelmässäsi {meld}",
    "choose.end.low": "alapäähän (ennen korttia {card})",
    "choose.end.high": "yläpäähän (kortin {card} jälkeen)",
    "choose.nowhere.layoff": "{cards} ei sovi mihinkään pöydän yhdistelmään.",
    "choose.nowhere.swap": "Pöydässä ei ole jokeria, jonka paikalle {card} kävisi.",
    "choose.pick_meld": "Valitse sitten yhdistelmä pöydästä.",
    "choose.one_card": "Valitse yksi kortti, jonka vaihdat jokeriin.",
    # buy prompt
    "buy.title": "Ostatko kortin {card}?",
    "buy.text": "{name} otti kortin umpipakasta, joten voit ostaa avopakasta kortin {card}. Osto maksaa yhden ylimääräisen kortin umpipakasta: saat kaksi korttia etkä lyö mitään pois.",
    "buy.bought": "Ostojasi tässä jaossa: {count}.",
    "buy.bought.one": "Olet ostanut tässä jaossa kerran.",
    "buy.limit": "Ostoja jäljellä tässä jaossa: {left}.",
    "buy.limit.one": "Ostoja jäljellä tässä jaossa: yksi.",
    "buy.buy": "Osta",
    "buy.pass": "Passaa",
    "buy.hint.buy": "Vihje: osta",
    "buy.hint.pass": "Vihje: passaa",
    "buy.ask": "Kysy ostamisesta",
    "buy.ask.always": "Joka kerta",
    "buy.ask.fits": "Vain kun kortti sopii",
    "buy.ask.never": "Ei koskaan (passaa aina)",
    # Valmentaja (ui.model.coach): kysymys ennen kallista siirtoa, ja sen asetus.
    "setup.coach": "Valmentaja",
    "setup.coach.help": "Ennen kallista siirtoa se kysyy kerran ja kertoo miksi.",
    "coach.choice.auto": "Päällä kolmen ensimmäisen pelini ajan",
    "coach.choice.on": "Päällä",
    "coach.choice.off": "Pois",
    "coach.title": "Valmentaja",
    "coach.go": "Tee silti",
    "coach.back": "Ota takaisin",
    "coach.said": "Valmentaja: {text}",
    "coach.taken_back": "Otettu takaisin: mitään ei pelattu.",
    "coach.contract": "Kädessäsi on sitoumus: {melds}. Pöydätä se ennen kuin heität: jos joku lopettaa ensin, jäisit kiinni {points} pisteellä.",
    "coach.hold": "Pelaajalla {player} on enää {count} korttia, ja hän voi lopettaa pian. Voit pöydätä nyt {melds}: kiinni jääminen maksaisi sinulle {points} pistettä.",
    "coach.hold.one": "Pelaajalla {player} on enää 1 kortti, ja hän voi lopettaa pian. Voit pöydätä nyt {melds}: kiinni jääminen maksaisi sinulle {points} pistettä.",
    "coach.layoff": "Kortin {card} voisi nyt lisätä yhdistelmään {meld}. Täydennä sillä ja heitä toinen kortti: kätesi pienenee kortilla, eikä {other} jää käteesi {points} pisteen arvoisena, jos joku lopettaa.",
    "coach.layoff_out": "Kortin {card} voisi nyt lisätä yhdistelmään {meld}, ja sen jälkeen voisit lopettaa.",
    "coach.swap": "Kortilla {card} voisi nyt vaihtaa jokerin yhdistelmästä {meld}: jokeri tulisi käteesi, ja se sopii mihin tahansa yhdistelmään.",
    "coach.buy": "Valmentaja: {player} pelaa seuraavaksi, on jo pöydännyt ja hänellä on vain {count} korttia, joten hän voi lopettaa: osto toisi käteesi kortin {card} ({points} pistettä) ja yhden kortin lisää.",
    "coach.buy.one": "Valmentaja: {player} pelaa seuraavaksi, on jo pöydännyt ja hänellä on vain 1 kortti, joten hän voi lopettaa: osto toisi käteesi kortin {card} ({points} pistettä) ja yhden kortin lisää.",
    "buy.prompt.named": "{name}: ostatko kortin {card}?",
    "cover.title": "Anna laite pelaajalle {name}",
    "cover.button": "Olen {name}",
    "cover.wait": "Tietokonepelaajat pelaavat",
    "cover.help": "Vain {name} saa katsoa: korttisi pysyvät piilossa, kunnes painat painiketta.",
    # melds in words: the owner in brackets, so the words fit after "yhdistelmää" / "yhdistelmässä"
    "meld.set": "{rank} ({owner})",
    "meld.run": "{low}–{high} ({owner})",
    # your meld on its own ("ei sovi yhdistelmään 5♥–8♥ (sinun)"), and bare for a sentence
    # whose noun says "your" itself ("täydensi yhdistelmääsi 5♥–8♥")
    "meld.set.yours": "{rank} (sinun)",
    "meld.run.yours": "{low}–{high} (sinun)",
    "meld.set.bare": "{rank}",
    "meld.run.bare": "{low}–{high}",
    "meld.label": "{desc}: {cards}. Valitse, jos haluat täydentää tätä yhdistelmää tai vaihtaa sen jokerin.",
    # score sheet
    "score.title.deal": "Jako {deal} on päättynyt",
    "score.title.you_won": "Voitit pelin",
    "score.title.won": "{name} voitti pelin",
    "score.title.shared": "{names} jakavat voiton",
    "score.title.you_share": "{names} jaatte voiton",
    "score.you": "Sinä",
    "score.ledger.change": "Pääkirjanpitosi muutos tästä pelistä: {amount}",
    "score.out": "{name} lopetti.",
    "score.out.you": "Lopetit.",
    "score.nobody_out": "Kukaan ei lopettanut: umpipakka loppui.",
    "score.deal": "Jako",
    "score.contract": "Sitoumus",
    "score.total": "Yhteensä",
    "score.went_out": "lopetti",
    "score.went_out.mark": "lopetti",
    "score.lowest_wins": "Miinuspisteet: pienin yhteispistemäärä voittaa.",
    "score.highest_wins": "Pisteet: ensimmäinen, joka saa {target} pistettä, voittaa.",
    "score.ledger": "Pääkirjanpito",
    "score.ledger.help": "Kukin pelaaja maksaa voittajalle yhteispisteidensä erotuksen; kirjanpito jatkuu pelistä toiseen tässä selaimessa.",
    "score.ledger.match": "Tämä peli",
    "score.ledger.total": "Kaikki pelit",
    "score.ledger.games": "Pelattuja pelejä: {count}",
    "score.wins": "Voitot tässä selaimessa",
    "score.left": "{name}: {cards} ({count} pistettä)",
    "score.left.one": "{name}: {cards} ({count} piste)",
    "score.left.none": "{name}: ei kortteja jäljellä",
    "score.left.title": "Kunkin käteen jääneet kortit",
    "score.next": "Jako {deal}: {contract}",
    "score.list_and": " ja ",
    # log
    "log.deal": "Jako {deal} alkaa: {dealer} jakaa, ja avopakkaan käännetään {card}.",
    "log.draw.stock": "{who} otti kortin umpipakasta.",
    "log.draw.discard": "{who} otti avopakasta kortin {card}.",
    "log.offer": "{who} otti kortin umpipakasta, joten avopakan {card} on ostettavissa.",
    "log.buy": "{who} osti kortin {card} (ja yhden kortin umpipakasta).",
    "log.pass": "{who} passasi.",
    "log.meld.contract": "{who} pöytäsi sitoumuksen: {melds}.",
    "log.meld": "{who} pöytäsi: {melds}.",
    "log.layoff": "{who} täydensi yhdistelmää {meld}: {cards}.",
    "log.layoff.end": "{who} täydensi yhdistelmää {meld} ({end}): {cards}.",
    "log.layoff.yours": "{who} täydensi yhdistelmääsi {meld}: {cards}.",
    "log.layoff.end.yours": "{who} täydensi yhdistelmääsi {meld} ({end}): {cards}.",
    "log.end.low": "alapäähän",
    "log.end.high": "yläpäähän",
    "log.swap": "{who} vaihtoi kortin {card} jokeriin yhdistelmässä {meld}.",
    "log.swap.yours": "{who} vaihtoi kortin {card} jokeriin yhdistelmässäsi {meld}.",
    "log.discard": "{who} löi pois kortin {card}.",
    "log.rebuild": "Umpipakka oli tyhjä: avopakasta tehtiin uusi umpipakka, jossa on {count} korttia.",
    "log.rebuild.one": "Umpipakka oli tyhjä: avopakasta tehtiin uusi umpipakka, jossa on {count} kortti.",
    "log.deal_end.out": "{who} lopetti. Jako on päättynyt.",
    "log.deal_end.stock": "Umpipakka loppui: jako päättyi, eikä kukaan lopettanut.",
    "log.melds_join": "; ",
    # the log about you (ui.words.logtext picks these when the seat is yours)
    "log.deal.you": "Jako {deal} alkaa: sinä jaat, ja avopakkaan käännetään {card}.",
    "log.draw.stock.you": "Otit kortin umpipakasta.",
    "log.draw.discard.you": "Otit avopakasta kortin {card}.",
    "log.offer.you": "Otit kortin umpipakasta, joten avopakan {card} on ostettavissa.",
    "log.buy.you": "Ostit kortin {card} (ja yhden kortin umpipakasta).",
    "log.pass.you": "Passasit.",
    "log.meld.contract.you": "Pöytäsit sitoumuksen: {melds}.",
    "log.meld.you": "Pöytäsit: {melds}.",
    "log.layoff.you": "Täydensit yhdistelmää {meld}: {cards}.",
    "log.layoff.yours.you": "Täydensit omaa yhdistelmääsi {meld}: {cards}.",
    "log.layoff.end.you": "Täydensit yhdistelmää {meld} ({end}): {cards}.",
    "log.layoff.end.yours.you": "Täydensit omaa yhdistelmääsi {meld} ({end}): {cards}.",
    "log.swap.you": "Vaihdoit kortin {card} jokeriin yhdistelmässä {meld}.",
    "log.swap.yours.you": "Vaihdoit kortin {card} jokeriin omassa yhdistelmässäsi {meld}.",
    "log.discard.you": "Löit pois kortin {card}.",
    "log.deal_end.out.you": "Lopetit. Jako on päättynyt.",
    "log.earlier": "Aiempien jakojen tulokset ovat pistetaulukossa.",
    # announcements, refusals, notes
    "refused": "Ei sallittu: {message}",
    "note.ledger_set_aside": "Aiempien pelien kirjanpitoa ei voitu lukea; se on tallessa tässä selaimessa, ja uusi kirjanpito alkaa.",
    "note.stuck.save": "Tallennettua peliäsi ei voitu lukea, eikä selaimen tallennustilassa ole tilaa sen siirtämiseen syrjään: tätä peliä ei tallenneta, ennen kuin lataat vanhan itsellesi.",
    "note.stuck.ledger": "Aiempien pelien kirjanpitoa ei voitu lukea, eikä selaimen tallennustilassa ole tilaa sen siirtämiseen syrjään: tuloksia ei kirjata, ennen kuin lataat vanhan kirjanpidon itsellesi.",
    "note.download": "Lataa se",
    "note.saved_off": "Peliä ei voitu tallentaa tähän selaimeen.",
    "card.joker": "jokeri",
    "level.easy": "helppo",
    "level.normal": "tavallinen",
    "level.hard": "vaikea",
    "level.expert": "mestari",
    "level.person": "pelaaja",
    "level.computer": "tietokonepelaaja",
}

# Plural names of ranks, as card players say them ("seiskat", "kuninkaat"), and suit words.
# A suit word also begins a compound: "hertta" + "sarja" = "herttasarja".
RANK_PLURALS: dict[int, str] = {
    1: "ässät",
    2: "kakkoset",
    3: "kolmoset",
    4: "neloset",
    5: "vitoset",
    6: "kutoset",
    7: "seiskat",
    8: "kasit",
    9: "ysit",
    10: "kympit",
    11: "jätkät",
    12: "kuningattaret",
    13: "kuninkaat",
    14: "ässät",
}
SUIT_WORDS: dict[str, str] = {"S": "pata", "H": "hertta", "D": "ruutu", "C": "risti"}

# The same names as in English: they are Finnish already.
BOT_NAMES: tuple[str, ...] = ("Aino", "Eero", "Helmi", "Onni", "Saara", "Veikko", "Kerttu")

# Our own wording where the engine's or the bots' text names seats by number (here: by name).
# The table only ever sends your moves, so a move out of turn is always yours.
TEXT.update(
    {
        "engine.not_your_turn": "Et ole nyt vuorossa: vuorossa on {to_act}.",
        "engine.layoff_no_fit": "{cards} ei sovi yhdistelmään {meld}.",
        "engine.layoff_which_end": "{cards} sopii yhdistelmän {meld} kumpaankin päähän: valitse, kumpaan.",
        "engine.swap_no_joker": "Yhdistelmässä {meld} ei ole jokeria, jonka paikalle {card} kävisi.",
        "reason.discard_avoid_feeding": "lyö pois {card} eikä {avoided}: {player} otti avopakasta kortin {took}",
        "reason.discard_avoid_layoff": "lyö pois {card} eikä {avoided}: {player} voisi täydentää sillä",
    }
)

# The game in progress, in a few words.
TEXT.update(
    {
        "summary.contract": "{game}, jako {deal}/{deals}",
        "summary.basic": "{game}, jako {deal}",
    }
)

# Sivun yleiset tekstit: kieli, säännöt; nimeämätön yhdistelmä jää sanomatta.
TEXT.update(
    {
        "page.tagline": "Sitoumusrommi ja Perusrommi",
        "page.language": "Kieli",
        "page.rules": "Säännöt",
        "lang.en": "English",
        "lang.fi": "Suomi",
        "meld.unnamed": "",
    }
)


# Uusinnat, jakolinkit, tilastot, päivän jako, vienti ja tuonti.
TEXT.update(
    {
        "replay.bad": "Tätä ottelua ei voi näyttää uudelleen: se ei ole Rommi-ottelu.",
        "replay.illegal": "Tätä ottelua ei voi näyttää uudelleen: yksi sen siirroista rikkoo sääntöjä.",
        "link.bad": "Tämä ei ole Rommi-linkki.",
        "link.truncated": "Linkistä puuttuu loppu. Kopioi koko linkki ja yritä uudelleen.",
        "link.altered": "Linkkiä on muutettu tai se on vioittunut, joten sitä ei voi avata.",
        "link.oversized": "Linkki on liian pitkä ollakseen Rommi-peli, joten sitä ei avata.",
        "link.newer": "Linkki on tehty uudemmalla Rommilla. Lataa sivu uudelleen saadaksesi uusimman version.",
        "link.illegal": "Linkissä on siirto, jota säännöt eivät salli, joten sitä ei voi näyttää uudelleen.",
        "note.stats_dropped": "Tilastoistasi jätettiin pois {count} peliä, joita ei voitu lukea; tilastot sellaisinaan ovat tallessa tässä selaimessa.",
        "note.stats_dropped.one": "Tilastoistasi jätettiin pois yksi peli, jota ei voitu lukea; tilastot sellaisinaan ovat tallessa tässä selaimessa.",
        "note.daily_dropped": "Päivän jaon tuloksistasi jätettiin pois {count} päivää, joita ei voitu lukea; tulokset sellaisinaan ovat tallessa tässä selaimessa.",
        "note.daily_dropped.one": "Päivän jaon tuloksistasi jätettiin pois yksi päivä, jota ei voitu lukea; tulokset sellaisinaan ovat tallessa tässä selaimessa.",
        "note.ledger_dropped": "Aiempien pelien kirjanpidosta jätettiin pois {count} merkintää, joita ei voitu lukea; kirjanpito sellaisenaan on tallessa tässä selaimessa.",
        "note.ledger_dropped.one": "Aiempien pelien kirjanpidosta jätettiin pois yksi merkintä, jota ei voitu lukea; kirjanpito sellaisenaan on tallessa tässä selaimessa.",
        "note.stats_unreadable": "Tilastojasi ei voitu lukea; ne ovat tallessa tässä selaimessa, ja uudet tilastot alkavat.",
        "note.stats_newer": "Tilastosi on tallennettu uudemmalla Rommilla; ne ovat tallessa tässä selaimessa, ja uudet tilastot alkavat.",
        "note.daily_unreadable": "Päivän jaon tuloksiasi ei voitu lukea; ne ovat tallessa tässä selaimessa, ja uusi kirjanpito alkaa.",
        "note.daily_newer": "Päivän jaon tuloksesi on tallennettu uudemmalla Rommilla; ne ovat tallessa tässä selaimessa, ja uusi kirjanpito alkaa.",
        "bundle.foreign": "Tämä tiedosto ei ole Rommista viety, joten mitään ei tuotu.",
        "bundle.newer": "Tiedosto on tehty uudemmalla Rommilla, joten mitään ei tuotu. Lataa sivu uudelleen saadaksesi uusimman version.",
        "bundle.oversized": "Tiedosto on liian suuri ollakseen Rommista viety, joten mitään ei tuotu.",
        "outside.not_text": "se ei ole tekstiä",
        "outside.too_long": "se on paljon pidempi kuin mikään, minkä Rommi kirjoittaa",
        "outside.too_deep": "sen rakenne on paljon syvempi kuin minkään, minkä Rommi kirjoittaa",
        "outside.not_json": "se ei ole tietoa, jota Rommi osaa lukea",
        "bundle.too_deep": "Tiedoston rakenne on paljon syvempi kuin Rommista viedyn, joten sitä ei luettu eikä mitään tuotu.",
        "bundle.bad_save": "Tiedoston tallennettua peliä ei voi lukea, joten mitään ei tuotu.",
        "bundle.bad_settings": "Tiedoston asetuksia ei voi lukea, joten mitään ei tuotu.",
        "bundle.bad_ledger": "Tiedoston aiempien pelien kirjanpitoa ei voi lukea, joten mitään ei tuotu.",
        "bundle.bad_stats": "Tiedoston tilastoja ei voi lukea, joten mitään ei tuotu.",
        "bundle.bad_daily": "Tiedoston päivän jaon tuloksia ei voi lukea, joten mitään ei tuotu.",
    }
)

# Uusintanäyttö ja päivän jako.
TEXT.update(
    {
        "replay.open": "Näytä jako uudelleen",
        "replay.title": "Jako {deal}/{deals} uudelleen",
        "replay.first": "Alkuun",
        "replay.back": "Taakse",
        "replay.forward": "Eteen",
        "replay.last": "Loppuun",
        "replay.step_label": "Siirto",
        "replay.step": "Siirto {at}/{last}",
        "replay.step_turn": "Siirto {at}/{last}, vuoro {turn}/{turns}",
        "replay.turn": "Vuoro {turn}/{turns}",
        "replay.no_turn": "Ennen ensimmäistä vuoroa",
        "replay.turn_back": "Edellinen vuoro",
        "replay.turn_forward": "Seuraava vuoro",
        "replay.deal": "Jako",
        "replay.to_act": "(vuorossa)",
        "replay.hand": "Pelaajan {name} käsi: {cards}",
        "replay.hand_words": "Kädessä: {cards}",
        "replay.discard": "Poistopakka: päällimmäisenä {card} ({count})",
        "replay.stock": "Nostopakka: {count} nostojärjestyksessä",
        "replay.none": "ei yhtään",
        "replay.why": "Miksi {name} teki näin: {reason}",
        "replay.stood_in": "Tässä tietokone pelasi pelaajan {name} puolesta.",
        "replay.share": "Jaa tämä jako",
        "replay.share_match": "Jaa koko ottelu",
        "replay.link": "Linkki tähän jakoon",
        "replay.link_help": "Kopioi ja lähetä: linkissä on koko jako ({length} merkkiä), eikä mitään lähetetä palvelimelle.",
        "replay.link_ready": "Linkki tähän jakoon on valmis kopioitavaksi.",
        "replay.play": "Pelaa nämä kortit",
        "replay.close": "Sulje uusinta",
        "replay.sharer": "Jakaja",
        "replay.unavailable": "Tätä ottelua ei voi näyttää uudelleen: sen tallensi vanhempi Rommi, joka ei pitänyt kirjaa siirroista.",
        "note.stuck.daily": "Päivän jaon tuloksiasi ei voitu lukea, eikä selaimen tallennustilassa ole tilaa niiden siirtämiseen syrjään: tämän päivän tulosta ei kirjata, ennen kuin lataat vanhat tulokset itsellesi.",
        "daily.title": "Päivän jako",
        "daily.what": "Samat kortit kaikille tänään: {game}, {players} pelaajaa, tietokonepelaajat {levels}.",
        "daily.play": "Pelaa päivän jako",
        "daily.today": "Pelasit tämän päivän jaon: {result}.",
        "daily.earlier": "Aiemmat päiväsi",
        "daily.day": "{day}: {result}",
        "daily.points": "{score} pistettä",
        "daily.points.one": "1 piste",
        "daily.won": "voitit, {points}",
        "daily.place": "sija {place}/{players}, {points}",
    }
)

# --- the engine's refusals (rommi.messages.MESSAGES; rule ids as there) ---------------
ENGINE: dict[str, str] = {
    # G10: malformed actions
    "bad_action": "Tämä ei ole siirto: {detail}.",
    "unknown_action": "Tuntematon siirron tyyppi {type!r}.",
    "bad_field": "Siirron kenttä {field!r} puuttuu tai on virheellinen.",
    "bad_card": "{text!r} ei ole kortti.",
    "not_your_turn": "Nyt ei ole paikan {player} vuoro; vuorossa on paikka {to_act}.",
    "wrong_phase": "Sitä ei voi tehdä nyt: {phase}.",
    "deal_over": "Jako on päättynyt; aloita seuraava jako.",
    "match_over": "Peli on päättynyt.",
    # Cards in hand
    "not_in_hand": "Kädessäsi ei ole: {cards}.",
    # Meld shapes (G3, G4, G5)
    "meld_too_short": "Yhdistelmässä on oltava vähintään kolme korttia; tässä on {count}: {cards}.",
    "meld_no_natural": "Yhdistelmässä on oltava vähintään yksi kortti, joka ei ole jokeri.",
    "set_mixed_ranks": "Kolme samaa on yhden arvon kortteja; korteissa {cards} on eri arvoja.",
    "run_mixed_suits": "Sarja on yhden maan kortteja; korteissa {cards} on eri maita.",
    "run_not_consecutive": "{cards} ei ole sarja: arvot eivät ole peräkkäisiä.",
    "run_out_of_range": "{cards} ei ole sarja: sarja ei jatku kuninkaan yli takaisin ässään.",
    "run_too_long": "Sarjassa on enintään 13 korttia.",
    "bad_kind": "Yhdistelmä on kolme samaa tai sarja, ei {kind!r}.",
    # Lay-off and swap (C8, G6)
    "no_such_meld": "Pöydässä ei ole yhdistelmää {meld}.",
    "layoff_no_fit": "{cards} ei sovi yhdistelmään {meld}.",
    "layoff_which_end": "{cards} sopii sarjan {meld} kumpaankin päähän: valitse, kumpaan.",
    "set_has_no_end": "Kolmella samalla ei ole päitä; täydennä sitä valitsematta päätä.",
    "swap_no_joker": "Yhdistelmässä {meld} ei ole jokeria, jonka paikalle {card} kävisi.",
    "swap_joker_card": "Jokerin voi vaihtaa vain luonnolliseen korttiin.",
    # Turn structure (G8, C10, B4)
    "draw_first": "Ota ensin kortti.",
    "already_drawn": "Olet jo ottanut kortin tällä vuorolla.",
    "discard_empty": "Avopakka on tyhjä.",
    "discard_taken_card": "Otit kortin {card} avopakasta tällä vuorolla; lyö pois jokin toinen kortti.",
    "would_keep_only_taken": "Silloin käteesi jäisi vain {card}, jonka otit avopakasta.",
    "take_only_same": "Jokainen kätesi kortti on {card}: et voisi lyödä pois mitään muuta korttia.",
    "keep_a_discard": "Säästä yksi kortti poislyöntiä varten: vuoro päättyy aina poislyöntiin.",
    # Contract (C4, C7, C9, C12): {contract} and {suits} are put in Finnish by engine_params
    "contract_not_met": "Jaon {deal} sitoumus on {contract}; tämä pöytäys ei täytä sitä.",
    "contract_runs_same_suit": "Jaon {deal} sitoumus on {contract}; sarjasi eivät ole eri maista ({suits}).",
    "not_laid_down": "Et ole vielä täyttänyt sitoumusta, joten et saa täydentää yhdistelmiä etkä vaihtaa jokeria.",
    "deal7_all_at_once": "Seitsemännessä jaossa on pöydättävä kerralla kaikki korttisi yhtä lukuun ottamatta.",
    "deal7_no_layoff": "Seitsemännessä jaossa yhdistelmiä ei täydennetä eikä jokereita vaihdeta.",
    "swap_not_allowed": "Jokerin saa vaihtaa vain pelaaja, joka on täyttänyt sitoumuksen.",
    # Buying (C6)
    "not_buy_window": "Avopakan korttia ei nyt tarjota kenellekään.",
    "max_buys": "Olet jo ostanut tässä jaossa {max} kertaa.",
    "deal_not_over": "Jako on vielä kesken.",
}

# --- the computer players' reasons (rommi.bots.reasons.REASONS) -------------------------
# {rank} and {suit} arrive as letters and {melds}, {meld}, {seen} as card strings:
# reason_params turns them into Finnish words ("seiskat", "hertta") and card text.
REASONS: dict[str, str] = {
    # drawing (G8)
    "take_completes_set": "ota {card}: sillä saat kolme samaa ({rank})",
    "take_completes_run": "ota {card}: sillä saat {suit}sarjan",
    "take_meets_contract": "ota {card}: sillä voit pöydätä sitoumuksen",
    "take_goes_out": "ota {card}: sillä voit lopettaa",
    "take_lays_off": "ota {card}: voit heti täydentää sillä pöydän yhdistelmää",
    "take_advances_set": "ota {card}: saat parin kohti kolmea samaa ({rank})",
    "take_advances_run": "ota {card}: siitä on apua {suit}sarjaan",
    "take_joker": "ota jokeri: se sopii mihin tahansa",
    "draw_stock_no_help": "ota kortti umpipakasta: {card} ei auta kättäsi",
    "draw_stock_no_discard": "ota kortti umpipakasta: avopakassa ei ole otettavaa",
    "draw_stock_cannot_take": "ota kortti umpipakasta: et saa ottaa korttia {card} (sääntö G8)",
    "draw_stock_keep_moving": "ota kortti umpipakasta: avopakan kortit ovat kiertäneet jo tarpeeksi",
    # buying (C6)
    "buy_completes_set": "osta {card}: sillä saat kolme samaa ({rank})",
    "buy_completes_run": "osta {card}: sillä saat {suit}sarjan",
    "buy_meets_contract": "osta {card}: sillä voit pöydätä sitoumuksen",
    "buy_advances": "osta {card}: se vie sinua lähemmäs sitoumusta",
    "pass_no_help": "passaa: {card} ei auta kättäsi",
    "pass_laid_down": "passaa: olet täyttänyt sitoumuksen, ja kaksi korttia lisää toisi vain miinuspisteitä",
    "pass_final_deal": (
        "passaa: viimeisessä jaossa kaikki kortit pannaan pöytään kerralla, ja kaksi korttia lisää vain vaikeuttaa sitä"
    ),
    "pass_too_risky": (
        "passaa: {card} auttaa vähän, mutta kaksi korttia lisää kädessä on {points} pistettä, "
        "jos joku lopettaa"
    ),
    # laying down and melding (C7, C8, C12, B4)
    "lay_down_contract": "pöydätä sitoumus: {melds}",
    "lay_down_all": "pöydätä kaikki korttisi yhtä lukuun ottamatta: {melds}",
    "meld_new": "pöydätä {melds}",
    "meld_go_out": "pöydätä {melds} ja lopeta",
    "lay_off": "täydennä yhdistelmää {meld} kortilla {card}",
    "lay_off_go_out": "täydennä yhdistelmää {meld} kortilla {card} ja lopeta",
    "swap_joker": "vaihda {card} jokeriin yhdistelmässä {meld}: jokeri sopii mihin tahansa",
    # discarding
    "discard_go_out": "lyö pois {card} ja lopeta",
    "discard_dead": "lyö pois {card}: se on kuollut kortti, jota mikään yhdistelmä ei voi enää käyttää ({seen} jo nähty)",
    "discard_avoid_feeding": "lyö pois {card} eikä {avoided}: paikka {player} otti avopakasta kortin {took}",
    "discard_avoid_layoff": "lyö pois {card} eikä {avoided}: paikka {player} voisi täydentää sillä",
    "discard_cut_losses": "lyö pois {card}: joku voi pian lopettaa, ja se on {points} pisteen arvoinen",
    "discard_least_useful": "lyö pois {card}: kätesi tarvitsee sitä vähiten",
    "discard_most_expensive_useless": "lyö pois {card}: se ei sovi mihinkään ja on {points} pisteen arvoinen",
    "discard_breaks_weakest": "lyö pois {card}: se purkaa kätesi heikoimman ryhmän",
    "discard_hold_melds": (
        "lyö pois {card} ja pidä {melds} kädessäsi: kun lopetat kerralla, paikka {player} ei saa "
        "täydennettävää; jos joku lopettaa nyt, kätesi maksaa {points} pistettä"
    ),
    "discard_random": "lyö pois {card}",
    # the expert's search (paired rollouts in sampled deals)
    "take_search": "ota {card}: kokeilluissa jaoissa ottaminen kannatti {points} pistettä",
    "draw_stock_search": (
        "ota kortti umpipakasta eikä {card}: kokeilluissa jaoissa se kannatti {points} pistettä"
    ),
    "buy_search": "osta {card}: kokeilluissa jaoissa ostaminen kannatti {points} pistettä",
    "pass_search": "passaa {card}: kokeilluissa jaoissa passaaminen kannatti {points} pistettä",
    "discard_search": "lyö pois {card} eikä {avoided}: kokeilluissa jaoissa se kannatti {points} pistettä",
    "take_stock_known": (
        "ota {card}: umpipakka on käännetty avopakka ja sen järjestys tiedetään; "
        "sitten saat siitä kortit {seen} ja voit lopettaa aiemmin"
    ),
    "draw_stock_known": (
        "ota kortti umpipakasta eikä {card}: umpipakka on käännetty avopakka ja sen järjestys tiedetään; "
        "saat siitä kortit {seen} ja voit lopettaa aiemmin"
    ),
    "discard_stock_known": (
        "lyö pois {card} eikä {avoided}: umpipakka on käännetty avopakka ja sen järjestys tiedetään; "
        "saat siitä kortit {seen} ja voit lopettaa aiemmin"
    ),
    # between deals
    "next_deal": "jaa seuraava jako",
}

# --- cards ----------------------------------------------------------------------------
SUIT_NAMES: dict[str, str] = {"S": "pata", "H": "hertta", "D": "ruutu", "C": "risti"}
RANK_NAMES: dict[str, str] = {
    "A": "ässä",
    "T": "10",
    "J": "jätkä",
    "Q": "kuningatar",
    "K": "kuningas",
}
JOKER = "jokeri"


def card_name(card: str) -> str:
    """A card (G2 notation) as a Finnish player says it: ``7H`` is ``hertta 7``, ``JK`` is ``jokeri``.

    Anything that is not a card comes back unchanged.
    """
    if card == JOKER_CODE:
        return JOKER
    if len(card) != 2 or card[1] not in SUIT_NAMES or card[0] not in "A23456789TJQK":
        return card
    return f"{SUIT_NAMES[card[1]]} {RANK_NAMES.get(card[0], card[0])}"


# --- contracts (rule C4) ----------------------------------------------------------------
CONTRACT_WORDS_FI: dict[int, str] = {
    1: "kaksi kertaa kolme samaa",
    2: "kolme samaa ja sarja",
    3: "kaksi sarjaa eri maista",
    4: "kolme kertaa kolme samaa",
    5: "kaksi kertaa kolme samaa ja sarja",
    6: "kolme samaa ja kaksi sarjaa",
    7: "kolme sarjaa",
}
DIFFERENT_SUITS = "eri maista"


def contract_words(deal: int, distinct: bool = False) -> str:
    """The contract of ``deal`` (1-7) in Finnish; ``distinct``: its runs must differ in suit.

    Deal 3 always needs runs of different suits; the ``runs_differ_in_suit`` house
    rule asks it of deals 6 and 7 too (``distinct=True``).
    """
    words = CONTRACT_WORDS_FI[deal]
    if distinct and DIFFERENT_SUITS not in words and deal in (6, 7):
        words += ", sarjat " + DIFFERENT_SUITS
    return words


# --- parameters that arrive as English prose or as codes ---------------------------------
# The engine's suit names (rommi.cards.SUIT_NAMES) in Finnish.
ENGLISH_SUITS: dict[str, str] = {"spades": "pata", "hearts": "hertta", "diamonds": "ruutu", "clubs": "risti"}
# The phases the engine names in wrong_phase, and the details of bad_action.
PHASES: dict[str, str] = {
    "a buy window is open: buy or pass": "avopakan kortti on ostettavana: osta tai passaa"
}
DETAILS: dict[str, str] = {"not an object": "se ei ole objekti"}
UNKNOWN_PHASE = "pelin tilanne ei salli sitä"
UNKNOWN_DETAIL = "sen muoto on väärä"


def engine_params(params: Mapping[str, Any]) -> dict[str, Any]:
    """The parameters of an engine refusal with their English prose put in Finnish.

    ``contract`` is worded from ``deal`` (and ``distinct`` or the English text's
    "different suits"), ``suits`` from the English suit names, ``phase`` and
    ``detail`` from the phrases the engine uses. Cards, numbers and seats are
    left for the caller to show.
    """
    shown = dict(params)
    deal = shown.get("deal")
    if "contract" in shown and isinstance(deal, int) and deal in CONTRACT_WORDS_FI:
        distinct = bool(shown.get("distinct")) or "different suits" in str(shown["contract"])
        shown["contract"] = contract_words(deal, distinct)
    if isinstance(shown.get("suits"), str):
        names = [s.strip() for s in shown["suits"].split(",") if s.strip()]
        shown["suits"] = ", ".join(ENGLISH_SUITS.get(s, SUIT_NAMES.get(s, s)) for s in names)
    if "phase" in shown:
        shown["phase"] = PHASES.get(str(shown["phase"]), UNKNOWN_PHASE)
    if "detail" in shown:
        shown["detail"] = DETAILS.get(str(shown["detail"]), UNKNOWN_DETAIL)
    return shown


_SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_RANK_LETTERS = {r: i + 1 for i, r in enumerate("A23456789TJQK")}


def card_text(card: str) -> str:
    """A card as the table shows it: ``7♥``, ``10♠``, ``jokeri`` (suit symbols need no words)."""
    if card == JOKER_CODE:
        return JOKER
    if len(card) != 2 or card[1] not in _SUIT_SYMBOLS:
        return card
    return ("10" if card[0] == "T" else card[0]) + _SUIT_SYMBOLS[card[1]]


def reason_params(params: Mapping[str, Any]) -> dict[str, Any]:
    """The parameters of a bot reason in Finnish words: rank and suit letters, and card lists.

    ``rank`` ("7") becomes ``seiskat``, ``suit`` ("H") ``hertta``; ``melds``,
    ``meld`` and ``seen`` (cards like "5H 6H 7H / 9S 9D 9C") become card text.
    ``card``, ``avoided``, ``took`` and seats are left for the caller.
    """
    shown = dict(params)
    rank = shown.get("rank")
    if isinstance(rank, str) and rank in _RANK_LETTERS:
        shown["rank"] = RANK_PLURALS[_RANK_LETTERS[rank]]
    elif isinstance(rank, int) and rank in RANK_PLURALS:
        shown["rank"] = RANK_PLURALS[rank]
    if isinstance(shown.get("suit"), str):
        shown["suit"] = SUIT_WORDS.get(shown["suit"], shown["suit"])
    for name in ("melds", "meld", "seen"):
        if isinstance(shown.get(name), str):
            shown[name] = " / ".join(
                " ".join(card_text(c) for c in part.split()) for part in shown[name].split(" / ")
            )
    return shown


def catalog() -> dict[str, str]:
    """One flat catalog in the shape ``ui.words.i18n`` reads: ``TEXT`` plus ``engine.*`` and ``reason.*``.

    ``TEXT``'s own ``engine.*`` / ``reason.*`` entries (seats by name) win over
    ``ENGINE`` / ``REASONS`` (seats by number).
    """
    flat = {f"engine.{k}": v for k, v in ENGINE.items()}
    flat.update({f"reason.{k}": v for k, v in REASONS.items()})
    flat.update(TEXT)
    return flat


# Tilastot sekä omat tietosi mukaan otettaviksi tai takaisin tuotaviksi.
TEXT.update(
    {
        "setup.stats": "Tilastot",
        "table.menu.stats": "Tilastot",
        "note.stuck.stats": "Tilastojasi ei voitu lukea, eikä selaimen tallennustilassa ole tilaa niiden siirtämiseen syrjään: pelejä ei lasketa tilastoihin, ennen kuin lataat vanhat tilastot itsellesi.",
        "stats.title": "Tilastot",
        "stats.game": "Peli",
        "stats.person": "Kenen tilastot",
        "stats.empty": "Yhtään {game}-peliä ei ole vielä pelattu loppuun: tilastot alkavat, kun pelaat ensimmäisen loppuun.",
        "stats.lead": "{count} peliä pelattu, niistä {won} voitettu.",
        "stats.lead.one": "{count} peli pelattu, niistä {won} voitettu.",
        "stats.facts": "Lyhyesti",
        "stats.buys": "Ostettuja kortteja jakoa kohden",
        "stats.best": "Paras peli",
        "stats.worst": "Huonoin peli",
        "stats.points": "{count} pistettä",
        "stats.points.one": "{count} piste",
        "stats.match_line": "{day}: {points}, sija {place}/{players}",
        "stats.contracts": "Seitsemän sitoumusta",
        "stats.contracts.help": "Keskimääräiset sakkopisteesi kussakin jaossa ja kuinka usein sait jaon sitoumuksen pöytään.",
        "stats.col.deal": "Jako",
        "stats.col.contract": "Sitoumus",
        "stats.col.played": "Pelattu",
        "stats.col.penalty": "Sakkopisteet keskimäärin",
        "stats.col.met": "Sitoumus täytetty",
        "stats.met": "{met}/{known} ({percent})",
        "stats.unknown": "ei tiedossa",
        "stats.none": "–",
        "stats.percent": "{value} %",
        "stats.ledger": "Pääkirjanpitosi ajan mittaan",
        "stats.ledger.describe": "{count} pelin jälkeen pääkirjanpitosi on {last}; korkeimmillaan se oli {high} ja matalimmillaan {low}.",
        "stats.ledger.describe.one": "{count} pelin jälkeen pääkirjanpitosi on {last} (korkein {high}, matalin {low}).",
        "stats.ledger.table": "Pääkirjanpitosi kunkin pelin jälkeen",
        "stats.ledger.show_table": "Pääkirjanpito taulukkona",
        "stats.col.match": "Peli",
        "stats.col.day": "Päivä",
        "stats.col.ledger": "Pääkirjanpito",
        "stats.daily": "Päivän jako",
        "stats.daily.none": "Et ole vielä pelannut päivän jakoa loppuun tässä pelissä.",
        "stats.daily.table": "Päivän jakojesi tulokset",
        "stats.col.place": "Sija",
        "stats.col.points": "Pisteet",
        "stats.col.result": "Tulos",
        "stats.won_word": "Voitto",
        "stats.lost_word": "Ei voittoa",
        "stats.reset": "Nollaa tilastot",
        "stats.reset.ask": "Poistetaanko molempien pelien tilastot tästä selaimesta? Tätä ei voi perua. Pääkirjanpito ja kesken oleva peli säilyvät.",
        "stats.reset.yes": "Kyllä, nollaa tilastot",
        "stats.reset.no": "Peruuta",
        "stats.reset.done": "Tilastot nollattu.",
        "stats.data": "Omat tietosi",
        "stats.data.help": "Kaikki, mitä tämä selain säilyttää Rommia varten (asetukset, kesken oleva peli, pääkirjanpito, tilastot ja päivän jakojen tulokset), yhtenä tiedostona: talteen tai toiseen selaimeen siirrettäväksi.",
        "stats.export": "Vie tietoni",
        "stats.import": "Tuo tiedot",
        "stats.import.help": "Valitse Rommista viety tiedosto. Se korvaa kaiken täällä säilytetyn (jos peli tai kirjanpito menisi, sinulta kysytään ensin); tiedosto, jota ei voi lukea tai jossa ei ole mitään, ei muuta mitään.",
        "stats.import.ask": "Korvataanko tämän selaimen tiedot tällä tiedostolla?",
        "stats.import.ask.help": "Tiedostossa on: {parts}. Sen tuonti korvaa kaiken täällä säilytetyn, joten menettäisit:",
        "stats.import.part.save": "tallennettu peli",
        "stats.import.part.settings": "asetukset",
        "stats.import.part.ledger": "aiempien pelien kirjanpito",
        "stats.import.part.stats": "tilastot",
        "stats.import.part.daily": "päivän jaon tulokset",
        "stats.import.lose.save": "kesken olevan pelin: {game}",
        "stats.import.lose.ledger": "aiempien pelien kirjanpidon ({count} peliä)",
        "stats.import.lose.ledger.one": "aiempien pelien kirjanpidon (1 peli)",
        "stats.import.lose.stats": "tilastosi ({count} peliä)",
        "stats.import.lose.stats.one": "tilastosi (1 peli)",
        "stats.import.lose.daily": "päivän jaon tuloksesi ({count} päivää)",
        "stats.import.lose.daily.one": "päivän jaon tuloksesi (1 päivä)",
        "stats.import.yes": "Tuo ja korvaa",
        "stats.import.no": "Peruuta",
        "stats.import.cancelled": "Mitään ei tuotu; kaikki täällä säilytetty on ennallaan.",
        "stats.import.empty": "Tiedostossa ei ole tietoja, joten mitään ei tuotu eikä täällä muuttunut mitään.",
        "stats.import.done": "Tietosi tuotiin.",
        "stats.import.stuck": "Osaa tämän selaimen tiedoista ei voitu lukea, eikä niitä ole vielä siirretty syrjään: lataa ne ensin itsellesi (katso ilmoitus yllä) ja tuo sitten.",
        "stats.import.refused": "Selaimen tallennustila ei ottanut tietoja vastaan, joten mitään ei tuotu.",
        "stats.back": "Takaisin",
    }
)

# Sharing a deal: copying its link, the system's share sheet, and playing a shared deal.
TEXT.update(
    {
        "link.unshareable": "Tätä ottelua ei voi jakaa: sen tiedoissa on luku, jota mikään linkki ei voi kuljettaa.",
        "table.deal.shared": "{line} · jaettu, ei tilastoihisi",
        "replay.copy": "Kopioi linkki",
        "replay.copied": "Kopioitu leikepöydälle.",
        "replay.copy_keys": "Linkki on valittuna: kopioi se painamalla Ctrl+C (Macissa ⌘C).",
        "replay.send": "Lähetä linkki…",
        "replay.send_title": "Rommi: jako {deal}",
    }
)

# Tietokonepelaajan perustelu omalle siirrolleen (uusinnan "Miksi Aino teki näin"): perustelut on
# kirjoitettu sinulle vihjeiksi, joten missä niissä puhutaan sinusta, tässä puhutaan pelaajasta.
TEXT.update(
    {
        "reason.its.take_completes_set": "ota {card}: sillä se saa kolme samaa ({rank})",
        "reason.its.take_completes_run": "ota {card}: sillä se saa {suit}sarjan",
        "reason.its.take_meets_contract": "ota {card}: sillä se voi pöydätä sitoumuksen",
        "reason.its.take_goes_out": "ota {card}: sillä se voi lopettaa",
        "reason.its.take_lays_off": "ota {card}: se voi heti täydentää sillä pöydän yhdistelmää",
        "reason.its.draw_stock_no_help": "ota kortti umpipakasta: {card} ei auta sen kättä",
        "reason.its.draw_stock_cannot_take": "ota kortti umpipakasta: se ei saa ottaa korttia {card} (sääntö G8)",
        "reason.its.buy_completes_set": "osta {card}: sillä se saa kolme samaa ({rank})",
        "reason.its.buy_completes_run": "osta {card}: sillä se saa {suit}sarjan",
        "reason.its.buy_meets_contract": "osta {card}: sillä se voi pöydätä sitoumuksen",
        "reason.its.buy_advances": "osta {card}: se vie sitä lähemmäs sitoumusta",
        "reason.its.pass_no_help": "passaa: {card} ei auta sen kättä",
        "reason.its.pass_laid_down": "passaa: se on täyttänyt sitoumuksen, ja kaksi korttia lisää toisi vain miinuspisteitä",
        "reason.its.pass_final_deal": (
            "passaa: viimeisessä jaossa kaikki sen kortit pannaan pöytään kerralla, ja kaksi korttia lisää vain vaikeuttaa sitä"
        ),
        "reason.its.pass_too_risky": (
            "passaa: {card} auttaa vähän, mutta kaksi korttia lisää sen kädessä on {points} pistettä, "
            "jos joku lopettaa"
        ),
        "reason.its.lay_down_all": "pöydätä kaikki korttinsa yhtä lukuun ottamatta: {melds}",
        "reason.its.discard_least_useful": "lyö pois {card}: sen käsi tarvitsee sitä vähiten",
        "reason.its.discard_breaks_weakest": "lyö pois {card}: se purkaa sen käden heikoimman ryhmän",
    }
)

# Verkkopeli (``ui.online``).
TEXT.update(
    {
        "online.not_text": "Viestiä ei voitu lukea: se ei ole tekstiä.",
        "online.too_long": "Viestiä ei voitu lukea: se on aivan liian pitkä siirroksi.",
        "online.too_deep": "Viestiä ei voitu lukea: se on sisäkkäinen aivan liian syvälle.",
        "online.not_json": "Viestiä ei voitu lukea.",
        "online.bad_message": "Viestiä ei voitu lukea ({detail}).",
        "online.version": "Tämä pöytä puhuu Rommin toista versiota. Lataa sivu uudelleen.",
        "online.bad_name": "Nimessä on 1–24 kirjainta, numeroa tai välilyöntiä.",
        "online.hello_first": "Liity ensin pöytään.",
        "online.no_seat": "Valitse ensin paikka.",
        "online.seat_taken": "Paikka ei ole vapaa.",
        "online.seated": "Sinulla on jo paikka.",
        "online.name_taken": "Pöydässä on jo {detail}. Valitse toinen nimi.",
        "online.started": "Peli on jo alkanut.",
        "online.not_started": "Peli ei ole vielä alkanut.",
        "online.bad_token": "Tämän selaimen paikka ei ole tässä pöydässä.",
        "online.not_your_seat": "Voit pelata vain omalla paikallasi.",
        "online.no_undo": "Tältä vuorolta ei ole mitään perättävää.",
        "online.not_away": "Pelaaja on pöydässä.",
        "online.too_many": "Liian monta viestiä kerralla: pöytä ei huomioi niitä hetkeen.",
        "online.fair.none": "Kortteja ei jaeta nyt.",
        "online.fair.not_playing": "Tämä paikka ei vaikuta tämän ottelun kortteihin.",
        "online.fair.twice": "Osuutesi korteista on jo saatu.",
        "online.fair.early": "Odota, kunnes kaikki ovat lähettäneet osuutensa korteista.",
        "online.fair.mismatch": "Arvo ei ole se, joka luvattiin: sillä ei voi jakaa kortteja.",
        "online.buy.not_asked": "Tätä korttia ei tarjota sinulle.",
        "online.buy.answered": "Olet vastannut. Odotetaan muita.",
        "online.bye.build": "Rommisi on eri versio kuin pöydän pitäjän. Lataa sivu uudelleen liittyäksesi.",
        "online.bye.replaced": "Liityit pöytään uudelleen toisesta ikkunasta; tämä ikkuna poistui pöydästä.",
        "online.bye.closed": "Pöydän pitäjä on sulkenut pöydän.",
        "online.reaction.nice": "Hienoa!",
        "online.reaction.well_played": "Hyvin pelattu",
        "online.reaction.oops": "Hups",
        "online.reaction.thinking": "Annas kun mietin…",
        "online.reaction.hurry": "Sinun vuorosi!",
        "online.reaction.laugh": "Hah hah",
        "online.reaction.said": "{name}: {reaction}",
        "online.react": "Reagoi",
        "online.react.title": "Pikareaktiot",
        "online.invite_again": "Kutsu",
        "online.rematch": "Uusi peli samalla pöydällä",
        "attention.turn": "Sinun vuorosi — Rommi",
        "attention.buy": "Ostatko kortin? — Rommi",
        "table.menu.sound": "Ääni",
        "online.undone": "{name} perui viimeisen siirtonsa.",
        "online.waiting_answers": "Odotetaan {count} vastausta.",
        "online.waiting_answers.one": "Odotetaan yhtä vastausta.",
    }
)

# Verkkopeli: aula (``browser.render.lobby``) ja kutsu (``ui.model.invite``).
TEXT.update(
    {
        "online.play": "Pelaa ystävien kanssa verkossa",
        "online.title": "Pelaa ystävien kanssa verkossa",
        "online.intro": "Ystäväsi liittyvät omilla puhelimillaan tai tietokoneillaan linkin kautta. Peli pyörii tällä laitteella; vain yhteys tarvitsee verkkoa, eikä mitään omaa palvelintamme kysytä.",
        "online.create": "Luo pöytä",
        "online.back": "Takaisin",
        "online.leave": "Poistu pöydästä",
        "online.invite": "Kutsulinkki",
        "online.copy": "Kopioi",
        "online.copied": "Kopioitu",
        "online.copy_keys": "Kopioi valittu linkki painamalla Ctrl+C.",
        "online.qr": "Kutsulinkin QR-koodi",
        "online.seats": "Paikat",
        "online.seat": "Paikka {seat}",
        "online.kind.empty": "vapaa",
        "online.kind.host": "pöydän pitäjä",
        "online.kind.person": "ystävä",
        "online.kind.computer": "tietokonepelaaja",
        "online.you": "sinä",
        "online.away": "poissa",
        "online.your_name": "Nimesi",
        "online.take_seat": "Ota tämä paikka",
        "online.seat_computer": "Tietokonepelaaja",
        "online.seat_computer.label": "Tietokonepelaaja paikalle {seat}",
        "online.seat_free": "Vapauta paikka",
        "online.seat_free.label": "Vapauta paikka {seat}",
        "online.start": "Aloita peli",
        "online.start_help": "Vapaille paikoille tulee tietokonepelaajat.",
        "online.status.connecting": "Yhdistetään pöytään…",
        "online.status.open.host": "Pöytäsi on auki. Lähetä kutsulinkki ystävillesi.",
        "online.status.open.guest": "Yhteys on auki. Kirjoita nimesi ja ota vapaa paikka.",
        "online.status.waiting_host": "Etsitään pöydän pitäjää…",
        "online.status.seated": "Istut paikalla {seat}. Pöydän pitäjä aloittaa pelin.",
        "online.status.dealing": "Jaetaan: jokainen pelaaja antaa osansa sekoitukseen…",
        "online.status.failed": "Pöytään ei saatu yhteyttä ({detail}). TURN-palvelin voi olla tarpeen.",
        "online.status.gone": "Pöydän pitäjä on poistunut pöydästä.",
        "online.status.playing": "Peli on käynnissä tässä pöydässä.",
        "online.to_table": "Takaisin pöytään",
        "online.host_back": "Pöydän pitäjä palasi: peli jatkuu.",
        # Verkkopöydässä (ui.online.away, ui.commands.online_table).
        "online.waiting_for": "Odotetaan pelaajaa {name}…",
        "online.stand_in": "Anna tietokoneen pelata pelaajan {name} puolesta",
        "online.standing_in": "Tietokone pelaa pelaajan {name} puolesta, kunnes hän palaa.",
        "online.handed_back": "{name} palasi ja pelaa taas omalla paikallaan.",
        "online.away_line": "Poissa olevat pelaajat",
        "online.leave_ask.host": "Aloitetaanko uusi peli? Se päättää tämän pöydän kaikilta.",
        "online.leave_yes.host": "Päätä pöytä",
        "online.leave_ask.guest": "Poistutaanko pöydästä? Muut odottavat sinua tai antavat tietokoneen pelata puolestasi.",
        "online.leave_yes.guest": "Poistu pöydästä",
        "online.leave_no": "Jää pöytään",
        "online.answer_time": "Aika vastata ostotarjoukseen",
        "online.answer_time.off": "Ei rajaa",
        "online.answer_time.seconds": "{count} s",
        "online.answer_time.help": "Kun aika loppuu, vastaamatta jättänyt ohittaa.",
        "link.table_bad": "Tämä kutsulinkki ei ole kokonainen tai sitä on muutettu. Pyydä linkki uudelleen.",
    }
)

# Same room, no Internet: pairing by links (``ui.online.pairing``, ``browser.render.lobby``).
TEXT.update(
    {
        "online.pair": "Sama huone, ei Internetiä",
        "online.pair_link": "Parituslinkki seuraavalle ystävälle",
        "online.pair_qr": "Parituslinkin QR-koodi",
        "online.pair_making": "Linkkiä tehdään…",
        "online.pair_help": "Avaa parituslinkki ystäväsi laitteella samassa verkossa. Se näyttää vastauslinkin: liitä se tähän ja paina Yhdistä. Sitten seuraavan ystävän linkki tulee näkyviin.",
        "online.pair_answer": "Liitä vastaus",
        "online.pair_connect": "Yhdistä",
        "online.answer_link": "Vastauslinkki",
        "online.answer_qr": "Vastauslinkin QR-koodi",
        "online.answer_help": "Lähetä tämä linkki takaisin pöydän pitäjälle (tai näytä tämä koodi sen kameralle). Pitäjä liittää sen ja painaa Yhdistä.",
        "link.pair_bad": "Tämä ei ole kokonainen parituskoodi. Kopioi koko linkki uudelleen.",
        "link.pair_not_answer": "Tämä on pöydän pitäjän parituslinkki, ei ystävän vastaus.",
        "link.pair_not_offer": "Tämä on vastauslinkki: se kuuluu pöydän pitäjän sivulle.",
        "online.status.pairing.host": "Pöytäsi on auki. Parita jokaisen ystävän laite omalla parituslinkillään.",
        "online.status.pairing.guest": "Melkein valmista: lähetä vastauslinkki takaisin pöydän pitäjälle.",
        "link.pair_answer_sent": "Vastaus annettiin tässä selaimessa auki olevalle pöydän sivulle: katso sieltä. Voit sulkea tämän sivun.",
        "online.pair_failed": "Paritus ei onnistunut: {detail}",
        # Poissa olevan paritus uudelleen (``ui.online.pairing.Pairings``, ``browser.render.online_line``).
        "online.pair_again": "Parita pelaajan {name} laite uudelleen",
        "online.pair_again_link": "Parituslinkki pelaajalle {name}",
        "online.pair_again_qr": "Pelaajan {name} parituslinkin QR-koodi",
        "online.pair_again_help": "Avaa tämä linkki pelaajan {name} laitteella samassa verkossa. Hänen paikkansa on tallessa: hän palaa sille ja näkee pöydän sellaisena kuin se nyt on. Liitä laitteen näyttämä vastauslinkki tähän ja paina Yhdistä.",
        "online.status.pair_again": "Parita pelaajan {name} laite uudelleen tällä linkillä. Hänen paikkansa on tallessa.",
        "online.status.pair_again_sent": "Yhdistetään pelaajan {name} laitetta…",
        "online.pair_again_back": "{name} on taas pöydässä.",
        "online.status.pair_lost": "Yhteys pöydän pitäjään katkesi. Pyydä pitäjältä uusi parituslinkki ja avaa se tällä laitteella. Paikkasi on tallessa.",
        "online.bye.seat": "Tämä parituslinkki tehtiin toisen pelaajan paikalle. Pyydä pöydän pitäjältä oma linkki.",
        "link.pair_used": "Tätä parituslinkkiä on jo käytetty. Pyydä pöydän pitäjältä uusi.",
    }
)

# Jaon sitoumus selitettynä pöydässä, ja säännön, johon kielto vetoaa, linkki
# (``ui.model.contract_help``, ``browser.render.contract``).
TEXT.update(
    {
        "contract_help.control.contract": "Sitoumus: {contract}",
        "contract_help.control.basic": "Ei sitoumusta, mitkä tahansa yhdistelmät: {goal}",
        "contract_help.control.line": "Tästä jaosta: {line}",
        "contract_help.title.contract": "Jaon {deal} sitoumus: {contract}",
        "contract_help.title.basic": "Perusrommi: ei sitoumusta, mitkä tahansa yhdistelmät",
        "contract_help.lead.contract": "Ensimmäiseen pöytäykseesi on sisällyttävä nämä yhdistelmät, ja siinä saa olla muitakin. Ennen sitä et voi täydentää yhdistelmiä etkä vaihtaa jokeria.",
        "contract_help.lead.deal7": "Seitsemännessä jaossa kukaan ei pöydä ennen kuin joku pystyy pöytäämään kerralla kaikki korttinsa viimeistä poislyöntiä lukuun ottamatta, nämä yhdistelmät niiden joukossa. Yhdistelmiä ei täydennetä eikä jokereita vaihdeta.",
        "contract_help.lead.basic": "Sitoumusta ei ole: jo ensimmäisellä vuorollasi saat pöydätä mitä tahansa kolmea samaa ja sarjoja ja täydentää kenen tahansa yhdistelmiä. Pelistä päässyt saa pisteiksi muiden käsiin jääneet kortit; ensimmäinen, joka saa {target} pistettä, voittaa.",
        "contract_help.set": "Kolme samaa on vähintään kolme samanarvoista korttia, mitä tahansa maita.",
        "contract_help.run": "Sarja on vähintään kolme samaa maata olevaa korttia peräkkäisin arvoin. Ässä on pienin: A-2-3 on sarja, Q-K-A ei ole.",
        "contract_help.run.ace_high": "Sarja on vähintään kolme samaa maata olevaa korttia peräkkäisin arvoin. Ässä voi olla pieni tai suuri (A-2-3, Q-K-A), ei molempia (K-A-2).",
        "contract_help.distinct": "Sarjojen on oltava eri maista.",
        "contract_help.joker": "Jokeri korvaa minkä tahansa kortin; jokaisessa yhdistelmässä on oltava ainakin yksi kortti, joka ei ole jokeri.",
        "contract_help.pictured": "Esimerkiksi tällainen pöytäys täyttää sen:",
        "contract_help.pictured.basic": "Esimerkiksi:",
        "contract_help.example": "{kind}: {cards}",
        "contract_help.kind.set": "Kolme samaa",
        "contract_help.kind.run": "Sarja",
        "contract_help.rule_link": "Sääntö {rule} säännöissä",
        "contract_help.close": "Sulje",
        "contract_help.refusal_rule": "Sääntö {rule}",
    }
)

# Perusrommi: vaikea pitää valmiit yhdistelmät kädessä (``rommi.bots.hard.HardBot.holding``);
# vihje ja tietokonepelaajan perustelu kertovat miksi, vastustaja nimeltä (issue 43).
TEXT.update(
    {
        "reason.discard_hold_melds": (
            "lyö pois {card} ja pidä {melds} kädessäsi: kun lopetat kerralla, {player} ei saa "
            "täydennettävää; jos joku lopettaa nyt, kätesi maksaa {points} pistettä"
        ),
        "reason.its.discard_hold_melds": (
            "lyö pois {card} ja pidä {melds} kädessä: kun se lopettaa kerralla, {player} ei saa "
            "täydennettävää; jos joku lopettaa nyt, sen käsi maksaa {points} pistettä"
        ),
        "reason.its.take_stock_known": (
            "ota {card}: umpipakka on käännetty avopakka ja sen järjestys tiedetään; "
            "sitten se saa siitä kortit {seen} ja voi lopettaa aiemmin"
        ),
        "reason.its.draw_stock_known": (
            "ota kortti umpipakasta eikä {card}: umpipakka on käännetty avopakka ja sen järjestys tiedetään; "
            "se saa siitä kortit {seen} ja voi lopettaa aiemmin"
        ),
        "reason.its.discard_stock_known": (
            "lyö pois {card} eikä {avoided}: umpipakka on käännetty avopakka ja sen järjestys tiedetään; "
            "se saa siitä kortit {seen} ja voi lopettaa aiemmin"
        ),
    }
)

# Opettele pelaamaan: ohjattu ensimmäinen jako (``ui.tutorial``, ``ui.commands.tutorial``).
TEXT.update(
    {
        "tutorial.learn": "Opettele pelaamaan: {game}",
        "tutorial.learn.help": "Ohjattu ensimmäinen jako valmiiksi järjestetyillä korteilla, askel kerrallaan. Mitään ei tallenneta.",
        "tutorial.title": "Opettele pelaamaan: {game}",
        "tutorial.step": "Askel {step}/{steps}.",
        "tutorial.next": "Seuraava",
        "tutorial.back": "Askeleen alkuun",
        "tutorial.restart": "Aloita opetus alusta",
        "tutorial.leave": "Lopeta opetus",
        "tutorial.wrong": "Ei sallittu: {reason}",
        "tutorial.off": "Siirto on sallittu, mutta opetus suunnitteli toisen. Paina ”Askeleen alkuun” ja yritä askelta uudelleen.",
        "tutorial.no_undo": "Opetuksessa askeleen voi yrittää uudelleen painamalla ”Askeleen alkuun”.",
        "tutorial.points": "{name} {points}",
        "tutorial.contract.contract": "Sitoumusrommissa on seitsemän jakoa, kussakin oma sitoumuksensa: yhdistelmät, jotka ensimmäisen pöytäyksesi on sisällettävä. Tämän jaon sitoumus on kaksi sarjaa. Sarja on vähintään kolme samanarvoista korttia (5♥ 5♠ 5♦); suora on vähintään kolme samaa maata peräkkäin (6♠ 7♠ 8♠). Jokeri käy mistä tahansa kortista. Kädessäsi on kaksi viitosta, kaksi ysiä ja suora 6♠ 7♠ 8♠. Paina Seuraava.",
        "tutorial.contract.contract.try": "Paina Seuraava.",
        "tutorial.contract.draw": "Vuoro alkaa nostolla: umpipakan päällimmäinen tai avopakan päällimmäinen kortti. Avopakan 5♦ tekee viitosistasi sarjan: nosta se avopakasta.",
        "tutorial.contract.draw.try": "Paina avopakkaa ja nosta 5♦.",
        "tutorial.contract.lay_down": "9♥:n kanssa sitoumus on kädessäsi. Valitse 5♥ 5♠ 5♦ ja paina Uusi yhdistelmä, sitten 9♣ 9♦ 9♥ ja Uusi yhdistelmä: sarjat menevät pöytäysalueelle. Paina sitten Pöydätä. (Vihje pöytäisi myös suorasi 6♠ 7♠ 8♠ ja 5♣:n: ensimmäisessä pöytäyksessä saa olla enemmän kuin sitoumus. Tämä opetus säästää ne täydentämistä ja poismenoa varten.)",
        "tutorial.contract.lay_down.try": "Vie kumpikin sarja pöytäysalueelle (valitse sen kolme korttia ja paina Uusi yhdistelmä) ja paina sitten Pöydätä.",
        "tutorial.contract.discard": "Vuoro päättyy poislyöntiin: lyö pois kortti, jota kätesi tarvitsee vähiten. A♠ ei sovi mihinkään korttiisi ja maksaisi 15 pistettä, jos joku menisi pois. Valitse A♠ ja paina Lyö pois.",
        "tutorial.contract.discard.try": "Valitse vain A♠ ja paina Lyö pois.",
        "tutorial.contract.buy": "Aino pöytäsi ja löi pois 9♥:n. Eero nosti umpipakasta, joten voit ostaa 9♥:n. Ostolla on hinta: saat myös umpipakan päällimmäisen kortin etkä lyö pois mitään, joten kädessäsi on kaksi korttia enemmän, jos joku menee pois ennen sinua. Tässä se kannattaa: 9♥ tekee yseistäsi sarjan, toisen sarjasi, joten sitoumus on kädessäsi ja voit pöydätä sen seuraavalla vuorolla. Vihjekin sanoo osta: paina Osta.",
        "tutorial.contract.buy.try": "Paina Osta: saat 9♥:n ja umpipakan päällimmäisen kortin.",
        "tutorial.contract.draw_stock": "Taas sinun vuorosi. Eeron A♣ ei auta sinua: nosta umpipakasta.",
        "tutorial.contract.draw_stock.try": "Paina umpipakkaa ja nosta sen päällimmäinen kortti.",
        "tutorial.contract.lay_off_own": "Kun sitoumuksesi on pöydässä, voit täydentää yksittäisillä korteilla mitä tahansa pöydän yhdistelmää. Valitse ostossa saamasi 5♣ ja paina Täydennä…: se menee viitostesi sarjaan. (Vihje pöytäisi ensin suorasi 6♠ 7♠ 8♠: järjestys on vapaa, ja tämä opetus säästää suoran poismenoa varten.)",
        "tutorial.contract.lay_off_own.try": "Valitse vain 5♣ ja paina Täydennä…",
        "tutorial.contract.lay_off_other": "Voit täydentää myös muiden yhdistelmiä. Valitse K♥ ja paina Täydennä…: se menee Ainon kuningassarjaan.",
        "tutorial.contract.lay_off_other.try": "Valitse vain K♥ ja paina Täydennä…",
        "tutorial.contract.swap": "Ainon kuningatarsarjassa jokeri on kuningattaren paikalla. Valitse Q♥ ja paina Vaihda jokeri…: Q♥ menee sen paikalle ja jokeri tulee käteesi. (Q♥:n saisi myös lisätä hänen kuningatarsarjaansa, ja Vihje voi ehdottaa sitä; tässä opetellaan vaihto.)",
        "tutorial.contract.swap.try": "Valitse vain Q♥ ja paina Vaihda jokeri…",
        "tutorial.contract.go_out": "Mene pois: valitse 6♠ 7♠ 8♠ ja jokeri, paina Uusi yhdistelmä ja Pöydätä; lyö sitten pois viimeinen korttisi, J♦. Joka pääsee eroon kaikista korteistaan, päättää jaon.",
        "tutorial.contract.go_out.try": "Pöydätä ensin 6♠ 7♠ 8♠ jokerin kanssa (Uusi yhdistelmä, Pöydätä) ja lyö sitten pois J♦.",
        "tutorial.contract.score": "Jako on ohi. Muut saavat pisteitä käteen jääneistä korteista: ässä ja jokeri 15, kuninkaasta kymppiin 10, muut numeronsa verran; sinä menit pois ja saat 0. Tässä jaossa: {scores}. Seitsemän jaon jälkeen pienin yhteissumma voittaa. Paina Seuraava.",
        "tutorial.contract.score.try": "Paina Seuraava.",
        "tutorial.contract.deal7": "Vielä yksi sääntö: jaossa 7 (kolme suoraa) kukaan ei pöydätä mitään, ennen kuin voi pöydätä kerralla kaikki korttinsa viimeistä poislyöntiä lukuun ottamatta ja mennä pois; jaossa 7 ei täydennetä eikä vaihdeta jokereita. Paina Seuraava ja lopeta.",
        "tutorial.contract.deal7.try": "Paina Seuraava.",
        "tutorial.contract.done": "Hienoa: pelasit kokonaisen Sitoumusrommin jaon. Aloita opetus alusta, tai lopeta se ja aloita peli.",
        "tutorial.basic.melds": "Perusrommissa yhdistelmiä saa pöydätä milloin haluaa: sarja on vähintään kolme samanarvoista korttia (8♣ 8♦ 8♠), suora vähintään kolme samaa maata peräkkäin (4♥ 5♥ 6♥). Joka pääsee eroon kaikista korteistaan, voittaa jaon ja saa muiden käsiin jääneiden korttien pisteet. Paina Seuraava.",
        "tutorial.basic.melds.try": "Paina Seuraava.",
        "tutorial.basic.draw": "Vuoro alkaa nostolla, umpipakasta tai avopakasta. Avopakan 6♥ tekee korteistasi 4♥ 5♥ 7♥ suoran: nosta se avopakasta.",
        "tutorial.basic.draw.try": "Paina avopakkaa ja nosta 6♥.",
        "tutorial.basic.lay_down": "Pöydätä: valitse 4♥ 5♥ 6♥ 7♥ ja paina Uusi yhdistelmä, sitten 9♣ 9♦ 9♠ ja Uusi yhdistelmä; paina sitten Pöydätä. (Vihje pitäisi molemmat yhdistelmät kädessä ja menisi myöhemmin pois kerralla, jolloin Ainolla ei olisi mitä täydentää; tämä opetus pöytää nyt, jotta opit täydentämään.)",
        "tutorial.basic.lay_down.try": "Vie suora ja sarja pöytäysalueelle (valitse kortit ja paina Uusi yhdistelmä) ja paina sitten Pöydätä.",
        "tutorial.basic.discard": "Päätä vuorosi: valitse 2♣ ja paina Lyö pois. (Vihje täydentäisi ensin suoraasi 3♥:lla; opetus säästää sen seuraavaan vuoroosi.)",
        "tutorial.basic.discard.try": "Valitse vain 2♣ ja paina Lyö pois.",
        "tutorial.basic.draw_stock": "Aino pöytäsi kolme jätkää. Sinun vuorosi: nosta umpipakasta.",
        "tutorial.basic.draw_stock.try": "Paina umpipakkaa ja nosta sen päällimmäinen kortti.",
        "tutorial.basic.lay_off_own": "Yksittäisillä korteilla voi täydentää mitä tahansa yhdistelmää. Valitse 3♥ ja paina Täydennä…: se jatkaa suoraasi.",
        "tutorial.basic.lay_off_own.try": "Valitse vain 3♥ ja paina Täydennä…",
        "tutorial.basic.lay_off_other": "Myös Ainon yhdistelmää: valitse J♠ ja paina Täydennä…",
        "tutorial.basic.lay_off_other.try": "Valitse vain J♠ ja paina Täydennä…",
        "tutorial.basic.go_out": "Mene pois: valitse 9♥ ja paina Täydennä… (se menee ysiesi sarjaan), valitse sitten K♦ ja paina Lyö pois. Tyhjä käsi päättää jaon.",
        "tutorial.basic.go_out.try": "Täydennä ensin 9♥ ja lyö sitten pois K♦.",
        "tutorial.basic.score": "Menit pois, joten saat Ainon käteen jääneiden korttien pisteet: kuninkaasta kymppiin 10, ässä 1, muut numeronsa verran. Tässä jaossa saat {you} pistettä. Ensimmäinen 100 pisteeseen voittaa pelin. Paina Seuraava ja lopeta.",
        "tutorial.basic.score.try": "Paina Seuraava.",
        "tutorial.basic.done": "Hienoa: pelasit kokonaisen Perusrommin jaon. Aloita opetus alusta, tai lopeta se ja aloita peli.",
    }
)
