"""Conservation and limit checks on a State: what must hold after every choice, whatever the players do.

The rules engine never calls this; the property tests do, after every single choice of thousands of random
games, so a rule that loses a tile, duplicates a card or breaks a limit is caught at the step that did it.
Each problem is a readable sentence naming the component, where it was found and the rule it breaks.

Some limits are broken, by design, for exactly the decisions in which the rules have a player repair them,
and some tiles are briefly held by the flow (drawn, taken from the market or delivered) before they land:

* a player's cards over storage while that player returns the excess, or trades first (R64, R65), or picks
  which of their mice receives a gained tile;
* a hand of 3 favor cards while its owner picks the one to discard (R94);
* mice at a freshly placed paw while the cat scratches them (R119, R120);
* mice bumped off the minute hand before they land (R52);
* tiles nowhere in the state while drawn, taken or delivered tiles wait for the player's decision.

Pass the pending ``Decision`` (``game.decision``) to allow exactly these; without it every limit is strict, as
it must be at a Tick boundary and at the end of the game. Tiles are never allowed in two places, and a tile
lost in transit is still reported at the next decision that holds none.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence

from ...core.protocol import Ask, Decision
from .components import MOUSE_KINDS
from .state import PlayerState, State, kind

RING_PLACES = ("inner", "outer")
OVERFULL_KINDS = frozenset({"return_excess", "trade", "claim_gained"})
"""Decisions during which the deciding player's cards may be over storage (R64, R65)."""
FAVOR_LIMIT_KINDS = frozenset({"favor_limit"})
"""Decisions during which the deciding player holds one favor card too many (R94)."""
SCRATCH_KINDS = frozenset({"scratch_discard"})
"""Decisions during which mice at the scratched number (context ``number``) wait to flee (R119)."""
TRANSIT_KINDS = frozenset({"spotter_return", "claim_gained", "market_pick", "hunt_place"})
"""Decisions during which drawn, taken or delivered tiles are held by the flow, not by any place (R75, R76,
R90, R104a)."""


def problems(state: State, pending: Decision | Ask | None = None, choices: Sequence[str] | None = None) -> list[str]:
    """Every violated invariant of ``state`` as a sentence; an empty list means the state is sound.

    ``pending`` is the decision the game is waiting for (``game.decision``), or None at a Tick boundary, at
    game over, or when the caller wants every limit strict. ``choices`` are its option ids (``game.choice_ids``;
    taken from ``pending`` when it is an Ask): each must be offered once, and a pending decision offers some.
    """
    out: list[str] = []
    if choices is None and isinstance(pending, Ask):
        choices = pending.options
    if choices is not None:
        _choices(pending, choices, out)
    kind_ = pending.kind if pending is not None else None
    who = pending.player if pending is not None else None
    context = pending.context if pending is not None else {}
    _tiles(state, out, in_transit=kind_ in TRANSIT_KINDS)
    _mice(state, out, in_flow=pending is not None,
          scratch_at=context.get("number") if kind_ in SCRATCH_KINDS else None)
    deferred = pending is not None and state.options.get("capacity_at_end_of_activation")  # Q13
    _cards(state, out, overfull="*" if deferred else who if kind_ in OVERFULL_KINDS else None,
           extra_favor=who if kind_ in FAVOR_LIMIT_KINDS else None)
    _decks(state, out)
    _tracks(state, out)
    return out


def _choices(pending: Decision | Ask | None, choices: Sequence[str], out: list[str]) -> None:
    """Choice ids are unique within a decision (a history entry must say which option was taken), and a
    pending decision has at least one."""
    doubled = sorted(c for c, k in Counter(choices).items() if k > 1)
    if doubled:
        out.append(f"choice ids offered more than once in {pending.kind if pending else 'the decision'}: {doubled}")
    if pending is not None and not choices:
        out.append(f"{pending.player}'s decision {pending.kind} offers no option")


# --------------------------------------------------------------------------------------------------- tiles


def _tiles(s: State, out: list[str], in_transit: bool) -> None:
    """R1-R2, R22, R24, R62, R104a: all 93 tiles in exactly one place, and each place takes only what it may."""
    c = s.c
    places: dict[str, list[str]] = {}

    def put(tile: str | None, where: str) -> None:
        if tile is not None:
            places.setdefault(tile, []).append(where)

    for t in s.bag:
        put(t, "bag")
    if len(s.leaves) != 13:
        out.append(f"leaves: expected 13 slots (index 1-11 are leaf spaces), found {len(s.leaves)}")
    leaf_spaces = set(c.leaf_spaces)
    for n, t in enumerate(s.leaves):
        if t is None:
            continue
        if n not in leaf_spaces:
            rule = "Lord Cuckoo never holds a tile (R10, R24)" if n == c.lord_cuckoo else "not a leaf space"
            out.append(f"leaves[{n}] holds {t!r}: {rule}")
        put(t, f"leaf {n}")
    if len(s.bin) != c.discount_bin_spaces:
        out.append(f"discount bin: {len(s.bin)} spaces, the market has {c.discount_bin_spaces} (R15)")
    for i, t in enumerate(s.bin):
        put(t, f"bin[{i}]")
    for t in s.web:
        put(t, "web")
        tile = c.tiles.get(t)
        if tile is not None and tile.kind != "wild":
            out.append(f"web holds {t!r}, a {tile.kind}: only wild tiles lie on Itsy's web (R22)")
    for t in s.returned:
        put(t, "returned relics")
        tile = c.tiles.get(t)
        if tile is not None and tile.kind != "relic":
            out.append(f"returned relics hold {t!r}, a {tile.kind}: only relics are returned (R77)")
    for p in s.players:
        for k, card in p.cards.items():
            for t in card:
                put(t, f"{p.color}.{k} card")
        _hunt(s, p, put, out)
    unknown = sorted(t for t in places if t not in c.tiles)
    if unknown:
        out.append(f"unknown tile ids {unknown} at {[places[t] for t in unknown]}")
    for t, where in places.items():
        if len(where) > 1:
            out.append(f"tile {t!r} is in {len(where)} places at once: {where} (R1: each tile is in one place)")
    missing = [t for t in c.tiles if t not in places]
    if missing and not in_transit:
        out.append(f"{len(missing)} tile(s) are nowhere, e.g. {missing[:5]} (R1: all 93 tiles stay in the game)")


def _hunt(s: State, p: PlayerState, put: Callable[[str | None, str], None], out: list[str]) -> None:
    """R104a: a hunt-board space holds the item printed on it or a wild, never a relic."""
    board = s.c.hunt_board(p.board)
    if len(p.hunt) != board.rows or any(len(row) != board.columns for row in p.hunt):
        out.append(f"{p.color} hunt board: grid is not {board.rows}x{board.columns} like board {board.id}")
        return
    for r, row in enumerate(p.hunt):
        for col, t in enumerate(row):
            if t is None:
                continue
            put(t, f"{p.color} hunt[{r}][{col}]")
            tile = s.c.tiles.get(t)
            want = board.grid[r][col]
            if tile is not None and tile.kind != "wild" and (tile.color, tile.symbol) != want:
                out.append(f"{p.color} hunt[{r}][{col}] holds {t!r} but the space takes a {want[0]} {want[1]} "
                           "or a wild (R104a)")


# --------------------------------------------------------------------------------------------------- mice


def _mice(s: State, out: list[str], in_flow: bool, scratch_at: int | None) -> None:
    """R3, R11-R13, R33, R111: every clock mouse in one valid place; the hand lists exactly its riders."""
    expected = {f"{color}.{k}" for color in s.colors for k in MOUSE_KINDS}
    missing = sorted(expected - set(s.loc))
    extra = sorted(set(s.loc) - expected)
    if missing:
        out.append(f"mice with no place: {missing} (every clock mouse is somewhere, R3)")
    if extra:
        out.append(f"unknown mice on the board: {extra}")
    paws = set(s.paws)
    riders: list[str] = []
    for m, loc in s.loc.items():
        where, n = loc
        if where in RING_PLACES:
            if not 1 <= n <= 12:
                out.append(f"{m} is at {where} {n}: ring spaces are numbered 1-12 (R9, R10)")
            elif n in paws and n != scratch_at:
                out.append(f"{m} is at {where} {n}, a number under a cat paw (R111)")
        elif where == "hand":
            riders.append(m)
        elif where == "card":
            if kind(m) != "scamp":
                out.append(f"{m} is on its card: only the Scamp waits out of play there (R33)")
        elif where == "setup":
            if s.phase != "setup":
                out.append(f"{m} is still to be placed, but the phase is {s.phase!r} (R122-R123)")
        elif where == "bumped":
            if not in_flow:
                out.append(f"{m} is bumped off the minute hand with no decision pending to land it (R52)")
        else:
            out.append(f"{m} is at an unknown place {loc!r}")
    if len(set(s.hand)) != len(s.hand):
        dup = sorted(m for m, k in Counter(s.hand).items() if k > 1)
        out.append(f"minute hand lists {dup} more than once (R13)")
    if set(s.hand) != set(riders):
        out.append(f"minute hand lists {s.hand} but the mice placed 'hand' are {sorted(riders)} (R13)")
    used = sum(s.size(m) for m in s.hand)
    if used > s.hand_spaces:
        out.append(f"minute hand carries {s.hand} using {used} spaces; {len(s.players)} player(s) have "
                   f"{s.hand_spaces} (R13, R28, R36)")


# --------------------------------------------------------------------------------------------------- cards


def _cards(s: State, out: list[str], overfull: str | None, extra_favor: str | None) -> None:
    """R63-R64: four cards per player, each within its storage; R94: at most 2 favor cards in hand."""
    for p in s.players:
        if set(p.cards) != set(MOUSE_KINDS):
            out.append(f"{p.color} has cards {sorted(p.cards)}, expected one per kind {list(MOUSE_KINDS)} (R3)")
        for k, card in p.cards.items():
            mouse = f"{p.color}.{k}"
            cap = s.capacity(mouse) if k in MOUSE_KINDS else 0
            if len(card) > cap and overfull not in (p.color, "*"):
                out.append(f"{mouse} card holds {len(card)} tiles, its storage is {cap} (R64)")
        if len(p.favors) > s.c.favor_hand_limit + (p.color == extra_favor):
            out.append(f"{p.color} holds {len(p.favors)} favor cards {p.favors}, the limit is "
                       f"{s.c.favor_hand_limit} (R94)")


def _decks(s: State, out: list[str]) -> None:
    """R1, R93: 13 favor cards in deck, discard or hands; 12 quests in deck, face up or discard; once each."""
    favors = Counter([*s.favor_deck, *s.favor_discard, *(f for p in s.players for f in p.favors)])
    if favors != Counter(list(s.c.favors)):
        out.append("favor cards out of place: " + _census(favors, s.c.favors))
    if len(s.quests_up) != s.c.quests_face_up:
        out.append(f"{len(s.quests_up)} face-up quest spaces, the side board has {s.c.quests_face_up} (R26)")
    quests = Counter([*s.quest_deck, *(q for q in s.quests_up if q is not None), *s.quest_discard])
    if quests != Counter(list(s.c.quests)):
        out.append("quests out of place: " + _census(quests, s.c.quests))


def _census(found: Counter[str], expected: Mapping[str, object]) -> str:
    """What is missing, doubled or unknown compared with the box contents."""
    parts = []
    missing = sorted(x for x in expected if found[x] == 0)
    doubled = sorted(x for x, k in found.items() if k > 1)
    unknown = sorted(x for x in found if x not in expected)
    if missing:
        parts.append(f"missing {missing}")
    if doubled:
        parts.append(f"in more than one place {doubled}")
    if unknown:
        parts.append(f"unknown {unknown}")
    return "; ".join(parts)


# --------------------------------------------------------------------------------------------------- tracks


def _tracks(s: State, out: list[str]) -> None:
    """R16, R92, R102, R106: Scalers on the left chain, the weight on the right chain, paws on die faces."""
    chain = s.c.chain
    scalers = [p.scaler for p in s.players if p.scaler > 0]
    if len(set(scalers)) != len(scalers):
        out.append(f"two Scalers share a chain space {sorted(scalers)}: only the start is shared (R102a)")
    for p in s.players:
        if not 0 <= p.scaler <= chain.spaces:
            out.append(f"{p.color} Scaler at {p.scaler}: the left chain runs 0-{chain.spaces} (R92, R100)")
        negative = {k: v for k, v in p.score_by.items() if v < 0}
        if negative:
            out.append(f"{p.color} has negative score parts {negative}")
    if not 0 <= s.weight < len(chain.right_values):
        out.append(f"weight index {s.weight} is off the right chain {list(chain.right_values)} (R102)")
    # Any die face is 1-11 (the hand is at 12 when the die is rolled, R106a); which faces depends on options.
    if any(not 1 <= n <= 11 for n in s.paws) or len(s.paws) > 2:
        out.append(f"cat paws {s.paws}: at most 2, each on a number 1-11 (R106, R116)")
