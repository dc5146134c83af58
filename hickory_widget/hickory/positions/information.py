"""What each seat may see in Hickory Dickory (the core's information model, core/information.py).

Public: the board, every mouse and tile placed, the face-up quests, the favor discard pile, the bag's contents
(every tile not elsewhere) and every roll and draw once made. Hidden from a seat: the other players' favor cards
and the cards each draws, the order of the favor and quest decks and of the bag, and the generator.

A seat's copy starts from the last Tick boundary with those dealt again: the other players' favor cards and the
favor deck shuffled together (a card the seat later sees a player use stays in that player's hand, or is the card
that player draws), the quest deck shuffled under the quests the seat later sees turned up, the seat's own later
draws on top of the favor deck, and every roll and draw since the boundary queued as forced outcomes, so the
copy replays what the seat saw. The information-set search (mcts.py) samples the same way for each iteration.
"""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng, seed_state
from ..rules.state import State, owner
from .position import to_data

ROLLS = {"cat_paws_placed": "numbers", "cat_paw_placed": "number", "cat_paw_rerolled": "number"}
DRAWS = {"leaf_refilled": "tile", "bin_refilled": "tile", "tiles_drawn": "tiles"}


def event_for(e: dict[str, Any], seat: str | None) -> dict[str, Any]:
    """A favor card another player draws is face down to the seat."""
    if e["kind"] == "favor_drawn" and seat is not None and e.get("color") != seat:
        return {k: v for k, v in e.items() if k != "card"}
    return e


def seat_view(s: State, seat: str) -> dict[str, Any]:
    data = to_data(s)
    del data["rng"], data["forced"]
    data["bag"] = sorted(data["bag"])
    data["quests"]["deck"] = sorted(data["quests"]["deck"])
    data["favors"]["deck"] = len(data["favors"]["deck"])
    for color, board in data["boards"].items():
        if color != seat:
            board["favors"] = len(board["favors"])
    return data


def _used(e: dict[str, Any]) -> list[tuple[str, str]]:
    """(favor card, color) for each favor card a player shows in this event: played, spent as a bonus item,
    delivered or discarded."""
    color = e.get("color") or (owner(e["mouse"]) if isinstance(e.get("mouse"), str) else None)
    if color is None or e["kind"] == "favor_drawn":
        return []
    cards = [e["card"]] if e["kind"] in ("favor_played", "favor_discarded", "bonus_tile_spent") else []
    return [(c, color) for c in cards + list(e.get("bonus_cards") or []) if isinstance(c, str)]


def resample(s: State, seat: str, events: list[dict[str, Any]], later: list[dict[str, Any]], rng: Rng) -> State:
    """A state the seat cannot tell from ``s`` (a Tick boundary), consistent with ``later`` (read since)."""
    others = [p for p in s.players if p.color != seat]
    used_later = {pair for e in later for pair in _used(e)}
    shown = {c for c, _ in used_later} | {e["entry"].rpartition(":")[2] for e in later if e["kind"] == "entry"}
    kept = {p.color: [f for f in p.favors if f in shown] for p in others}  # shown since: it stays where it is
    pops = [e for e in later if e["kind"] == "favor_drawn"]
    known_pops = [e.get("card") if e.get("color") == seat else None for e in pops]
    # a card another player uses later without holding it now: the one drawn for them at one of their pops
    for card, color in sorted(used_later, key=str):
        if color == seat or color is None or card in kept.get(color, []):
            continue
        for i, e in enumerate(pops):
            if known_pops[i] is None and e.get("color") == color:
                known_pops[i] = card
                break
    fixed = {c for cards in kept.values() for c in cards} | {c for c in known_pops if c}
    pool = sorted(c for c in [*s.favor_deck, *(f for p in others for f in p.favors)] if c not in fixed)
    rng.shuffle(pool)
    for p in others:
        p.favors[:] = kept[p.color] + [pool.pop() for _ in range(len(p.favors) - len(kept[p.color]))]
    deck_size = len(s.favor_deck)
    top = [c if c else pool.pop() for c in known_pops[:deck_size]]
    s.favor_deck[:] = pool[:deck_size - len(top)] + list(reversed(top))  # drawn from the end
    revealed = [e["quest"] for e in later if e["kind"] == "quest_revealed"]
    rest = sorted(q for q in s.quest_deck if q not in revealed)
    rng.shuffle(rest)
    s.quest_deck[:] = rest + [q for q in reversed(revealed) if q in s.quest_deck]
    s.bag.sort()
    forced: list[tuple[str, str]] = []
    for e in later:
        if e["kind"] in ROLLS:
            value = e[ROLLS[e["kind"]]]
            forced += [("die", str(n)) for n in (value if isinstance(value, list) else [value])]
        elif e["kind"] in DRAWS:
            value = e[DRAWS[e["kind"]]]
            forced += [("draw", t) for t in (value if isinstance(value, list) else [value])]
    s.forced[:] = forced
    s.rng = seed_state(rng.next64())
    return s
