"""Every random event of the game: bag draws, the cat die, shuffles.

They all use the generator whose state is saved in the game (``State.rng``). A caller can force the next
outcome of a kind ("the cat rolls 5", "draw a red key"): forced outcomes wait in ``State.forced`` and are used
before the generator is asked, so a what-if position can be played exactly as wanted.
"""

from __future__ import annotations

from ...core.rng import Rng, seed_state
from .state import State

FORCE_KINDS = ("die", "draw")


def _forced(s: State, what: str) -> str | None:
    for i, (k, value) in enumerate(s.forced):
        if k == what:
            del s.forced[i]
            return value
    return None


def roll_die(s: State) -> int:
    """Rolls the cat die (R106): one of its faces, uniformly."""
    forced = _forced(s, "die")
    if forced is not None:
        return int(forced)
    rng = Rng(s.rng)
    faces = die_faces(s)
    face = faces[rng.below(len(faces))]
    s.rng = rng.state
    return face


def die_faces(s: State) -> tuple[int, ...]:
    """The cat die's faces: the data set's, or 1-10 with the ``die_1_to_10`` option (Q14)."""
    return tuple(range(1, 11)) if s.options.get("die_1_to_10") else s.c.die_faces


def to_bag(s: State, tile: str) -> None:
    """Tiles leaving play go back to the bag; with ``wilds_to_web`` a wild goes back to the web (Q8)."""
    if s.options.get("wilds_to_web") and s.c.tiles[tile].kind == "wild":
        s.web.append(tile)
    else:
        s.bag.append(tile)


def draw_tile(s: State) -> str | None:
    """Draws one tile from the bag, or None when the bag is empty (R75a)."""
    if not s.bag:
        return None
    forced = _forced(s, "draw")
    if forced is not None:
        tile = matching_tile(s, forced)
        if tile is not None:
            s.bag.remove(tile)
            return tile
    rng = Rng(s.rng)
    i = rng.below(len(s.bag))
    s.rng = rng.state
    # Swap-remove keeps draws O(1); the bag's order carries no meaning.
    s.bag[i], s.bag[-1] = s.bag[-1], s.bag[i]
    return s.bag.pop()


def matching_tile(s: State, spec: str) -> str | None:
    """The first tile in the bag that fits a forced draw: a tile id, or "red key", "wild", "relic"."""
    if spec in s.bag:
        return spec
    tiles = s.c.tiles
    for t in s.bag:
        tile = tiles[t]
        if spec == tile.kind or spec == f"{tile.color} {tile.symbol}":
            return t
    return None


def shuffle(s: State, items: list) -> None:
    rng = Rng(s.rng)
    rng.shuffle(items)
    s.rng = rng.state


def check_force(s: State, what: str, value: str) -> str:
    """Validates a forced outcome before it is queued; returns its normal form or raises ValueError."""
    if what == "die":
        try:
            face = int(value)
        except ValueError:
            face = -1
        if face not in die_faces(s):
            raise ValueError(f"the cat die has no face {value!r}; its faces are {list(die_faces(s))}")
        return str(face)
    if what == "draw":
        if matching_tile(s, value) is None:
            raise ValueError(f"no tile in the bag matches {value!r}; give a tile id in the bag, "
                             "'<color> <symbol>' (e.g. 'red key'), 'wild' or 'relic'")
        return value
    raise ValueError(f"cannot force {what!r}; forceable outcomes: {', '.join(FORCE_KINDS)}")


def reseed(s: State, seed: int) -> None:
    """Gives the game a new future: a fresh generator state from ``seed``, and the face-down decks (favor
    cards, quests) shuffled again with it, since their order is as unknown to the players as the bag's."""
    s.rng = seed_state(seed)
    shuffle(s, s.favor_deck)
    shuffle(s, s.quest_deck)


def redeal_unseen(s: State, viewer: str, seed: int) -> None:
    """What ``viewer`` cannot see, drawn afresh: the other players' favor cards and the favor deck dealt again
    at random (same hand sizes), then the future reseeded (bag draws, die, deck orders). For search bots that
    sample the positions a player cannot tell apart."""
    rng = Rng(seed_state(seed))
    others = [p for p in s.players if p.color != viewer]
    unseen = [*s.favor_deck, *(f for p in others for f in p.favors)]
    rng.shuffle(unseen)
    for p in others:
        p.favors[:] = [unseen.pop() for _ in p.favors]
    s.favor_deck[:] = unseen
    reseed(s, rng.next64() >> 2)
