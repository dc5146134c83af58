"""Scoring (M14): the values of the captured cards; a tie goes to the higher value of captured mice, then is
shared."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.setup_checks import ranked
from .cards import card
from .state import MiceState


def scores(s: MiceState) -> dict[str, int]:
    return {p: sum(card(c).value for c in s.piles[p]) for p in s.players}


def mice_points(s: MiceState, player: str) -> int:
    return sum(card(c).value for c in s.piles[player] if card(c).animal == "mouse")


@dataclass(frozen=True, slots=True)
class Standing:
    player: str
    score: int
    mice: int
    rank: int  # 1 = winner; equal ranks share a place


def standings(s: MiceState) -> list[Standing]:
    """Players best first: points, then the points of their captured mice (M14)."""
    pts = scores(s)
    keys = {p: (pts[p], mice_points(s, p)) for p in s.players}
    return [Standing(p, *key, rank) for p, key, rank in ranked(s.players, keys)]


def winners(s: MiceState) -> list[str]:
    """The players ranked first (more than one when points and mice both tie: a shared victory)."""
    return [st.player for st in standings(s) if st.rank == 1]
