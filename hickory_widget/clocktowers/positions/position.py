"""Positions: a game state as plain JSON data, and the checks that read one back.

``to_data`` writes every field; ``from_data`` checks each and says what is wrong. To make built positions short,
several fields may be left out: ``options`` (defaults), ``step`` ("play"), ``discard`` and ``forced`` (empty),
``removed`` (every card not placed elsewhere: the box), ``rng`` (seed 0), tower ``order`` (complete towers count
as finished in the order listed), ``next_tower`` and ``completed`` (worked out). Every one of the 66 cards must end
up in exactly one place.
"""

from __future__ import annotations

from typing import Any

from ...core.doors import excerpt
from ...core.rng import MASK, seed_state
from ...core.setup_checks import check_position_head, whole
from ..rules.cards import DECKS, all_cards, card
from ..rules.heights import sequence_error
from ..rules.options import check_options
from ..rules.setup import check_players
from ..rules.state import Tower, TowersState

FORMAT = "clocktowers"
FIELDS = {"game", "players", "options", "turn", "step", "hands", "decks", "towers", "discard", "removed", "rng",
          "forced", "next_tower", "completed"}
TOWER_FIELDS = {"id", "owner", "floors", "clock", "roof", "order"}
HAND_SIZE = 3
MAX_COUNT = 1000
"""Largest tower number or completion count a position may name (a game has at most 28 towers)."""
MAX_TOWER_ID = 20


def to_data(s: TowersState) -> dict[str, Any]:
    return {
        "game": FORMAT, "players": list(s.players), "options": dict(s.options), "turn": s.mover, "step": s.step,
        "hands": {p: list(h) for p, h in s.hands.items()}, "decks": {d: list(s.decks[d]) for d in DECKS},
        "towers": [{"id": t.id, "owner": t.owner, "floors": list(t.floors), "clock": t.clock, "roof": t.roof,
                    "order": t.order} for t in s.towers],
        "discard": list(s.discard), "removed": list(s.removed), "rng": s.rng, "forced": [list(f) for f in s.forced],
        "next_tower": s.next_tower, "completed": s.completed,
    }


def _cards(value: Any, where: str, kind: str | None = None) -> list[str]:
    if not isinstance(value, list):
        raise ValueError(f"{where} must be a list of card ids, not {excerpt(value)}")
    for cid in value:
        c = card(cid)
        if kind is not None and c.kind != kind:
            raise ValueError(f"{where} holds only {kind} cards, but {cid} is a {c.kind}")
    return list(value)


def _tower(raw: Any, players: list[str], i: int) -> Tower:
    where = f"towers[{i}]"
    if not isinstance(raw, dict) or not {"id", "owner", "floors"} <= set(raw) or set(raw) - TOWER_FIELDS:
        wrong = ""
        if isinstance(raw, dict):
            missing, unknown = {"id", "owner", "floors"} - set(raw), set(raw) - TOWER_FIELDS
            wrong = "; " + ", ".join([*(f"{f!r} is missing" for f in sorted(missing)),
                                      *(f"{f!r} is not a tower field" for f in sorted(map(str, unknown)))])
        raise ValueError(f"{where} must be an object with id, owner, floors and optionally clock, roof, order{wrong}")
    tid, owner = raw["id"], raw["owner"]
    if (type(tid) is not str or not 0 < len(tid) <= MAX_TOWER_ID or ":" in tid or tid == "new"
            or not tid.isprintable() or tid != tid.strip()):
        raise ValueError(f"{where}.id must be a short name such as 't1' (up to {MAX_TOWER_ID} characters, not 'new', "
                         f"no ':'), not {excerpt(tid)}")
    if type(owner) is not str or owner not in players:
        raise ValueError(f"{where}.owner must be one of the players ({', '.join(players)}), not {excerpt(owner)}")
    floors = _cards(raw["floors"], f"{where}.floors", "floor")
    if not floors:
        raise ValueError(f"{where} has no floor card; every tower starts with one (C5)")
    clock, roof, order = raw.get("clock"), raw.get("roof"), raw.get("order")
    if clock is not None and card(clock).kind != "clock":
        raise ValueError(f"{where}.clock must be a clock card, not {clock}")
    if roof is not None and card(roof).kind != "roof":
        raise ValueError(f"{where}.roof must be a roof card, not {roof}")
    if roof is not None and clock is None:
        raise ValueError(f"{where} has a roof but no clock; a roof goes only on floors and a clock (C7)")
    if "order" in raw and order is None and roof is not None:
        raise ValueError(f"{where}.order of a complete tower is its place among those finished (1, 2 ...); leave "
                         f"the field out to number them in the order listed")
    if order is not None and (type(order) is not int or not 1 <= order <= MAX_COUNT or roof is None):
        raise ValueError(f"{where}.order numbers complete towers from 1 in the order finished, not {excerpt(order)}")
    return Tower(tid, owner, floors, clock, roof, order)


def from_data(data: Any) -> TowersState:
    """A state from position data, checked field by field; ValueError saying what is wrong."""
    check_position_head(data, "Clocktowers", FORMAT, FIELDS)
    missing = {"players", "turn", "hands", "decks"} - set(data)
    if missing:
        raise ValueError(f"the position lacks {sorted(missing)}")
    players = check_players(data["players"])
    if "options" in data and type(data["options"]) is not dict:
        raise ValueError(f"options must be an object of rule options (or left out), not {excerpt(data['options'])}")
    options = check_options(data.get("options"))
    turn, step = data["turn"], data.get("step", "play")
    if type(turn) is not str or turn not in players:
        raise ValueError(f"turn must name a player ({', '.join(players)}), not {excerpt(turn)}")
    if type(step) is not str or step not in ("play", "draw", "over"):
        raise ValueError(f"step is 'play', 'draw' or 'over', not {excerpt(step)}")
    hands = data["hands"]
    if not isinstance(hands, dict) or set(hands) != set(players):
        raise ValueError(f"hands must give a list of cards for each player: {', '.join(players)}")
    hands = {p: _cards(hands[p], f"hands[{p!r}]") for p in players}
    for p, hand in hands.items():
        limit = HAND_SIZE - 1 if step == "draw" and p == turn else HAND_SIZE
        if len(hand) > limit:
            raise ValueError(f"{p} holds {len(hand)} cards; a hand holds at most {limit} here (C4)")
    decks = data["decks"]
    if not isinstance(decks, dict) or set(decks) != set(DECKS):
        raise ValueError(f"decks must give the cards (top first) of each deck: {', '.join(DECKS)}")
    decks = {d: _cards(decks[d], f"decks[{d!r}]", {"floors": "floor", "roofs": "roof", "clocks": "clock"}[d])
             for d in DECKS}
    if not any(hands.values()) and any(decks.values()) and step != "draw":
        raise ValueError("every hand is empty but the decks still hold cards: nobody could play, so nobody could "
                         "draw (C4); give the player to move a card")
    if step == "over" and any(hands.values()):
        raise ValueError("step 'over' needs every hand played out (C11); use step 'play'")
    raw_towers = data.get("towers", [])
    if not isinstance(raw_towers, list):
        raise ValueError("towers must be a list of tower objects")
    towers = [_tower(raw, players, i) for i, raw in enumerate(raw_towers)]
    if len({t.id for t in towers}) != len(towers):
        raise ValueError("two towers share an id; tower ids must be distinct")
    _order_towers(towers)
    for error in _height_errors(towers, options["shared_heights"]):
        raise ValueError(error)
    discard = _cards(data.get("discard", []), "discard")
    placed = [c for h in hands.values() for c in h] + [c for d in decks.values() for c in d] + \
        [c for t in towers for c in t.cards()] + discard
    doubles = sorted({c for c in placed if placed.count(c) > 1})
    if doubles:
        raise ValueError(f"cards placed twice: {', '.join(doubles)}; each of the 66 cards is in one place")
    if "removed" in data:
        removed = _cards(data["removed"], "removed")
        everywhere = placed + removed
        if sorted(everywhere) != sorted(all_cards()):
            lost = sorted(set(all_cards()) - set(everywhere))
            twice = sorted({c for c in everywhere if everywhere.count(c) > 1})
            raise ValueError(f"the 66 cards are not each in exactly one place (missing: {', '.join(lost) or 'none'}; "
                             f"twice: {', '.join(twice) or 'none'}); leave 'removed' out to box the rest")
    else:
        removed = [c for c in all_cards() if c not in set(placed)]
    forced = data.get("forced", [])
    if not isinstance(forced, list) or not all(
            isinstance(f, list) and len(f) == 2 and f[0] == "reveal" and f[1] in decks[card(f[1]).deck][1:]
            for f in forced):
        raise ValueError("forced must be a list of ['reveal', <card hidden in its deck>] pairs")
    rng = whole(data.get("rng", seed_state(0)), "rng", 0, MASK)
    numbers = [int(t.id[1:]) for t in towers if t.id[:1] == "t" and t.id[1:].isdigit()]
    next_tower = data.get("next_tower", max(numbers, default=0) + 1)
    completed = data.get("completed", max((t.order or 0 for t in towers), default=0))
    for name, value, low in (("next_tower", next_tower, max(numbers, default=0) + 1),
                             ("completed", completed, max((t.order or 0 for t in towers), default=0))):
        whole(value, name, low, MAX_COUNT)
    return TowersState(players=players, options=options, hands=hands, decks=decks, towers=towers, discard=discard,
                       removed=removed, turn=players.index(turn), step=step, next_tower=next_tower,
                       completed=completed, rng=rng, forced=[(f[0], f[1]) for f in forced])


def _order_towers(towers: list[Tower]) -> None:
    """Complete towers without an ``order`` count as finished after the numbered ones, in the order listed."""
    orders = [t.order for t in towers if t.order is not None]
    if len(set(orders)) != len(orders):
        raise ValueError("two complete towers share an order number; each was finished at its own time")
    n = max(orders, default=0)
    for t in towers:
        if t.complete and t.order is None:
            n += 1
            t.order = n


def _height_errors(towers: list[Tower], shared: bool) -> list[str]:
    """C10 broken by the complete towers, per player and colour (or per colour with ``shared_heights``)."""
    runs: dict[tuple[str, str], list[Tower]] = {}
    for t in sorted((t for t in towers if t.complete), key=lambda t: t.order or 0):
        runs.setdefault(("" if shared else t.owner, card(t.roof).colour or ""), []).append(t)
    errors = []
    for (owner, colour), run in runs.items():
        error = sequence_error([t.height for t in run])
        if error:
            who = f"{owner}'s " if owner else ""
            errors.append(f"{who}{colour} towers ({', '.join(t.id for t in run)}) break the height rule (C10): {error}")
    return errors
