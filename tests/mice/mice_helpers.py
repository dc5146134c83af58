"""Building Mice! positions and rounds for the tests: players P1..Pn with sets red, blue, green, ... in seat order."""

from __future__ import annotations

from typing import Any

from hickory_widget.mice import MiceGame
from hickory_widget.mice.rules.cards import COLOURS, player_set


def table(plays: list[str], centre: list[str], *, left: int = 3, piles: dict[str, list[str]] | None = None,
          options: dict[str, bool] | None = None) -> MiceGame:
    """A position where player i is about to play the face ``plays[i]`` (e.g. "cat.3") from a hand of ``left``
    cards (the played one and the lowest others of their set), with ``centre`` given as full card ids."""
    players = [f"P{i}" for i in range(1, len(plays) + 1)]
    hands: dict[str, list[str]] = {}
    for p, face, colour in zip(players, plays, COLOURS, strict=False):
        own = f"{face}.{colour}"
        rest = [c for c in player_set(colour) if c != own and c not in centre][: left - 1]
        hands[p] = [own, *rest]
    data: dict[str, Any] = {"players": players, "hands": hands, "centre": centre}
    if piles:
        data["piles"] = piles
    if options:
        data["options"] = options
    return MiceGame.from_position(data)


def play_round(game: MiceGame, plays: list[str]) -> None:
    """Every player commits their face, in seat order."""
    for face in plays:
        game.choose(f"play:{face}")


def captured(game: MiceGame) -> dict[str, list[str]]:
    """Faces each player captured in the last reveal."""
    out: dict[str, list[str]] = {}
    for e in game.last_round():
        if e["kind"] == "captured":
            out[e["player"]] = sorted(c.rsplit(".", 1)[0] for c in e["cards"])
    return out


def faces(cards: list[str]) -> list[str]:
    return [c.rsplit(".", 1)[0] for c in cards]
