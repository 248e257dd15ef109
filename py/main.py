"""Rommi in the browser: deal a sample hand and draw it (the walking skeleton).

Runs in Pyodide through PyScript (``<script type="py" src="./py/main.py">``).
Everything else under ``py/`` is copied into Pyodide's file system by the
``files`` of ``pyscript.json``, which ``tools/build.py`` generates. When the
table answers clicks, this sets ``<html data-ready="true">``.
"""

from pyscript import web, when, window

from ui.faces import face
from ui.sample import HAND_SIZE, new_seed, sample_hand, seed_from_query

hand_box = web.page["#hand"]
selection_line = web.page["#selection"]
deal_info = web.page["#deal-info"]


def card_button(card):
    """One card as a button: corners top-left and bottom-right, a large suit in the middle."""
    f = face(card)
    middle = web.span(classes=["pip"], textContent=f.suit or f.rank)

    def corner(where):
        # The joker's corners say JOKER too, so it reads as one even when the next card covers its middle.
        below = web.span(classes=["word"], textContent="JOKER") if f.colour == "joker" else None
        return web.span(
            web.span(classes=["rank"], textContent=f.rank),
            below or web.span(classes=["suit"], textContent=f.suit),
            classes=["corner", where],
        )

    button = web.button(corner("top"), middle, corner("bottom"), classes=["card", f.colour], type="button")
    for part in (middle, *button.find(".corner")):
        part.setAttribute("aria-hidden", "true")
    button.dataset.card = f.code
    button.setAttribute("aria-label", f.name)
    button.setAttribute("aria-pressed", "false")
    return button


def deal(seed):
    """Deal the sample hand for ``seed`` and draw it."""
    hand = sample_hand(seed)
    hand_box.replaceChildren()
    hand_box.append(*[card_button(card) for card in hand])
    deal_info.textContent = (
        f"Sitoumusrommi, deal 1: a sample hand of {HAND_SIZE} cards from two decks and a joker (seed {seed})."
    )
    window.history.replaceState(None, "", f"?seed={seed}")
    show_selection()


def show_selection():
    chosen = [node.getAttribute("aria-label") for node in hand_box.find('[aria-pressed="true"]')]
    selection_line.textContent = ("Selected: " + ", ".join(chosen)) if chosen else "Tap cards to select them."


@when("click", "#hand")
def on_hand_click(event):
    button = event.target.closest("button[data-card]")
    if button is None:
        return
    pressed = button.getAttribute("aria-pressed") == "true"
    button.setAttribute("aria-pressed", "false" if pressed else "true")
    show_selection()


@when("click", "#new-hand")
def on_new_hand(event):
    deal(new_seed())


initial = seed_from_query(window.location.search)
deal(new_seed() if initial is None else initial)
web.page.html.setAttribute("data-ready", "true")
