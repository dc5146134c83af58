"""What each seat may see in Clocktowers (the core's information model, core/information.py).

Public: the towers, the face-up top card of each deck and how many cards lie under it, every card drawn (it was
face up, C3-C4), every card played, how many cards each player holds, were discarded and are in the box. Hidden
from a seat: the other players' hands (beyond what it saw go in), every card discarded face down by someone else
(C8), the order of the decks under their top cards and the cards removed at setup (C3), and the generator.

A seat's copy deals the hidden cards again so that it agrees with every event the seat read: another player's
hand keeps the cards the seat saw it draw (or, in a new game, receive by the rules, C2) unless a face-down discard
may have taken them, and each of that player's discards is drawn among the cards in hand then, never one the
seat later saw them play.
"""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng, seed_state
from ..rules.cards import DECKS, all_cards, card
from ..rules.setup import STARTING_HAND
from ..rules.state import TowersState

UNKNOWN = "?"
"""A card of another player's hand that the seat never saw."""
TOWER_EVENTS = ("tower_started", "floor_added", "clock_placed", "tower_completed")


def private(option: str) -> bool:
    """A discard is face down (C8): which card stays hidden from the others for good."""
    return option.startswith("discard:")


def event_for(e: dict[str, Any], seat: str | None) -> dict[str, Any]:
    """A face-down discard by another player names no card."""
    if e["kind"] == "discarded" and seat is not None and e.get("player") != seat:
        return {k: v for k, v in e.items() if k != "card"}
    return e


def seat_view(s: TowersState, seat: str) -> dict[str, Any]:
    """The table as ``seat`` sees it at a turn's start (with the events it read, all it may know)."""
    return {
        "players": list(s.players), "options": dict(s.options), "turn": s.turn, "step": s.step,
        "hand": list(s.hands[seat]), "held": {p: len(h) for p, h in s.hands.items()},
        "decks": {d: [pile[0] if pile else None, len(pile)] for d, pile in s.decks.items()},
        "towers": [[t.id, t.owner, t.floors, t.clock, t.roof, t.order] for t in s.towers],
        "discard": len(s.discard), "removed": len(s.removed), "next_tower": s.next_tower,
        "completed": s.completed,
    }


def _played(e: dict[str, Any]) -> tuple[str, str] | None:
    if e["kind"] in TOWER_EVENTS:
        return e["player"], e["card"]
    return None


def resample(s: TowersState, seat: str, events: list[dict[str, Any]], later: list[dict[str, Any]],
             rng: Rng) -> TowersState:
    """A state ``seat`` cannot tell from ``s``: the hidden cards dealt again, consistently with ``events`` (read
    before this checkpoint) and ``later`` (read since: a card named there keeps its place)."""
    others = [p for p in s.players if p != seat]
    named_later = {e.get(k) for e in later for k in ("card", "top")} - {None}
    # Each other player's hand as the seat could follow it: the cards it saw go in, UNKNOWN for the rest.
    started = any(e["kind"] == "setup" for e in events)
    hands: dict[str, list[str]] = {}
    for i, p in enumerate(s.players, start=1):
        if p == seat:
            continue
        if started:
            hands[p] = [f"{kind}.{i}" for kind in STARTING_HAND]
        else:  # a position: the cards held at its start were never seen
            drawn = sum(1 for e in events if e["kind"] == "drew" and e["player"] == p)
            gone = sum(1 for e in events if e.get("player") == p and (e["kind"] == "discarded" or _played(e)))
            hands[p] = [UNKNOWN] * (len(s.hands[p]) - drawn + gone)
    plays_after: list[set[str]] = []  # for each event index, the cards each player is seen to play after it
    seen_later: set[str] = set(named_later)
    for e in reversed(events):
        plays_after.append(set(seen_later))
        played = _played(e)
        if played:
            seen_later.add(played[1])
    plays_after.reverse()
    unknown_needed = {}  # for each other player: plays of cards the seat never saw go in, so from UNKNOWN ones
    for p in others:
        entered = _entered(events + later, p, started, s.players)
        unknown_needed[p] = sum(1 for e in events + later
                                if (_played(e) or ("", ""))[0] == p and e["card"] not in entered)
    discards: list[str] = []
    for i, e in enumerate(events):
        p = e.get("player")
        if e["kind"] == "drew" and p in hands:
            hands[p].append(e["card"])
        elif _played(e) and p in hands:
            c = e["card"]
            if c in hands[p]:
                hands[p].remove(c)
            else:  # a card the seat never saw go in: one of the unknown ones
                hands[p].remove(UNKNOWN)
                unknown_needed[p] -= 1
        elif e["kind"] == "discarded":
            if p == seat or p not in hands:
                discards.append(e.get("card", UNKNOWN))
                continue
            spare = hands[p].count(UNKNOWN) - unknown_needed[p]
            choices = [c for c in hands[p] if c != UNKNOWN and c not in plays_after[i]] + [UNKNOWN] * max(spare, 0)
            pick = choices[rng.below(len(choices))]
            hands[p].remove(pick)
            discards.append(pick)
    start_discards = len(s.discard) - len(discards)
    # The pool: every card the seat has not placed anywhere yet.
    visible = [c for t in s.towers for c in t.cards()] + list(s.hands[seat])
    visible += [pile[0] for pile in s.decks.values() if pile]
    visible += [c for p in others for c in hands[p] if c != UNKNOWN] + [c for c in discards if c != UNKNOWN]
    keep: dict[str, list[str]] = {d: [c for c in pile[1:2] if c in named_later] for d, pile in s.decks.items()}
    for p in others:  # a card named later that sits, unknown to the seat, in another's hand: it stays there
        for c in s.hands[p]:
            if c in named_later and c not in hands[p] and UNKNOWN in hands[p]:
                hands[p][hands[p].index(UNKNOWN)] = c
                visible.append(c)
    visible += [c for cards in keep.values() for c in cards]
    pool = sorted(set(all_cards()) - set(visible))
    rng.shuffle(pool)
    decks: dict[str, list[str]] = {}
    for d in DECKS:
        pile = s.decks[d]
        if not pile:
            decks[d] = []
            continue
        need = len(pile) - 1 - len(keep[d])
        kind = {"floors": "floor", "roofs": "roof", "clocks": "clock"}[d]
        tail = [c for c in pool if card(c).kind == kind][:need]
        for c in tail:
            pool.remove(c)
        decks[d] = [pile[0], *keep[d], *tail]
    for p in others:  # a card named later first: of identical cards, a play offers the first held (turn.py)
        dealt = [pool.pop() if c == UNKNOWN else c for c in hands[p]]
        hands[p] = [c for c in dealt if c in named_later] + [c for c in dealt if c not in named_later]
    discard = [pool.pop() for _ in range(start_discards)] + [pool.pop() if c == UNKNOWN else c for c in discards]
    return TowersState(players=list(s.players), options=dict(s.options),
                       hands={p: list(s.hands[p]) if p == seat else hands[p] for p in s.players}, decks=decks,
                       towers=s.clone().towers, discard=discard, removed=sorted(pool),
                       turn=s.turn, step=s.step, next_tower=s.next_tower, completed=s.completed,
                       rng=seed_state(rng.next64()))


def _entered(events: list[dict[str, Any]], player: str, started: bool, players: list[str]) -> set[str]:
    """Every card the seat saw go into ``player``'s hand: the starting hand of a new game (C2) and each draw."""
    out = {e["card"] for e in events if e["kind"] == "drew" and e["player"] == player}
    if started:
        i = players.index(player) + 1
        out |= {f"{kind}.{i}" for kind in STARTING_HAND}
    return out
