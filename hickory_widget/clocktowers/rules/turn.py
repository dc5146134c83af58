"""A turn (C4-C9): play one card (a floor starts or grows a tower, a clock tops a tower of floors, a roof
completes a tower of floors and a clock) or discard one face down, then draw the top card of a deck.

Option ids: ``play:<card>:new`` (a new tower), ``play:<card>:<tower>``, ``discard:<card>``, ``draw:<deck>``.
Identical cards in a hand are offered once (the first of them), since playing either is the same move.
"""

from __future__ import annotations

from .cards import DECKS, card
from .heights import allowed_heights
from .state import Tower, TowersState


def distinct_cards(hand: list[str]) -> list[str]:
    """One card of each type in the hand, in hand order."""
    seen: set[str] = set()
    out = []
    for cid in hand:
        kind = card(cid).type
        if kind not in seen:
            seen.add(kind)
            out.append(cid)
    return out


def targets(s: TowersState, player: str, card_id: str) -> list[str]:
    """Where ``player`` may play ``card_id``: tower ids, and ``new`` for a new tower (C5-C7, C10). By default any
    player's tower that is ready for the card; a roof must fit the height its colour asks for next (for the tower's
    owner, when heights are per player)."""
    c = card(card_id)
    if c.kind == "floor":
        others = s.options.get("floors_on_others", True)
        return ["new"] + [t.id for t in s.towers if t.clock is None and (others or t.owner == player)]
    others = s.options.get("tops_on_others", True)
    towers = [t for t in s.towers if others or t.owner == player]
    if c.kind == "clock":
        return [t.id for t in towers if t.clock is None and t.floors]
    return [t.id for t in towers if t.clock is not None and t.roof is None
            and t.height in allowed_heights(s, t.owner, c.colour or "")]


def play_options(s: TowersState, player: str) -> list[str]:
    """Every legal play of the turn's first half, then the discards (C8: always allowed)."""
    hand = distinct_cards(s.hands[player])
    plays = [f"play:{cid}:{where}" for cid in hand for where in targets(s, player, cid)]
    return plays + [f"discard:{cid}" for cid in hand]


def draw_options(s: TowersState) -> list[str]:
    """The decks that still have a top card to draw (C4)."""
    return [f"draw:{deck}" for deck in DECKS if s.decks[deck]]


def apply_play(s: TowersState, player: str, option: str) -> None:
    """Carries out a legal play or discard (checked by the runner)."""
    verb, rest = option.split(":", 1)
    if verb == "discard":
        s.hands[player].remove(rest)
        s.discard.append(rest)
        s.emit("discarded", ("C8",), player=player, card=rest)
        return
    card_id, where = rest.split(":")
    s.hands[player].remove(card_id)
    c = card(card_id)
    if where == "new":
        tower = Tower(id=f"t{s.next_tower}", owner=player, floors=[card_id])
        s.next_tower += 1
        s.towers.append(tower)
        s.emit("tower_started", ("C5", "C9"), player=player, card=card_id, tower=tower.id)
        return
    tower = s.tower(where)
    assert tower is not None
    if c.kind == "floor":
        tower.floors.append(card_id)
        s.emit("floor_added", ("C5",), player=player, card=card_id, tower=tower.id, owner=tower.owner)
    elif c.kind == "clock":
        tower.clock = card_id
        s.emit("clock_placed", ("C6",), player=player, card=card_id, tower=tower.id)
    else:
        tower.roof = card_id
        s.completed += 1
        tower.order = s.completed
        s.emit("tower_completed", ("C7", "C10"), player=player, card=card_id, tower=tower.id,
               colour=c.colour, height=tower.height)


def apply_draw(s: TowersState, player: str, option: str) -> None:
    """Takes the top card of a deck into the hand; the card under it is turned face up (C4). A forced
    ``reveal`` of a card in that deck puts that card on top instead."""
    deck = option.split(":", 1)[1]
    pile = s.decks[deck]
    drawn = pile.pop(0)
    s.hands[player].append(drawn)
    reveal = next((v for k, v in s.forced if k == "reveal" and v in pile), None)
    if reveal is not None:
        s.forced.remove(("reveal", reveal))
        pile.remove(reveal)
        pile.insert(0, reveal)
    s.emit("drew", ("C4",), player=player, deck=deck, card=drawn, top=pile[0] if pile else None)
    if not pile:
        s.emit("deck_empty", ("C11",), deck=deck)


def check_reveal(s: TowersState, value: str) -> str:
    """A card that may be forced to be the next one turned face up: in a deck, but not already its top."""
    c = card(value)
    pile = s.decks[c.deck]
    if value not in pile[1:]:
        hidden = ", ".join(sorted(set(pile[1:]))) or "none"
        raise ValueError(f"{value} is not hidden in the {c.deck} deck, so it cannot be revealed next; "
                         f"the hidden cards there are: {hidden}")
    return value

