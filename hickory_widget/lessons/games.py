"""The games a lesson can be about, and what the lesson format needs of each: read its position data, and read
the facts its predict questions ask about (the proofs), all through the core protocol.

Hickory Dickory keeps its own, richer path (builder ``setup`` steps, why-not answers, the look-ahead of *best*
exercises) in :mod:`.format` and :mod:`.exercise`; the card games on the core are described here as data plus a
few small functions, so a fourth game needs one more :class:`LessonGame`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.messages import Catalog

HICKORY = "hickory"
TEXTS = Catalog(Path(__file__).parent.parent / "core" / "messages")
"""The core's catalog holds the few lesson texts every card game shares (``lesson.*``)."""


def _clocktowers(data: dict[str, Any]) -> Any:
    from ..clocktowers import ClocktowersGame
    return ClocktowersGame.from_position(data)


def _mice(data: dict[str, Any]) -> Any:
    from ..mice import MiceGame
    return MiceGame.from_position(data)


def _tower_fact(game: Any, name: str, of: Any) -> Any:
    tower = game.state.tower(of)
    if tower is None:
        raise ValueError(f"no tower {of!r}; the towers are {', '.join(t.id for t in game.state.towers) or 'none'}")
    return game.tower_scores[of] if name == "tower" else tower.height


def _clocktowers_fact(game: Any, name: str, of: Any) -> Any:
    s = game.state
    if name in ("tower", "height"):
        return _tower_fact(game, name, of)
    if name == "score":
        return game.scores[of]
    if name == "hand":  # cards in a player's hand (C2, C4)
        return len(s.hands[of])
    if name == "deck":  # cards left in a deck: floors, roofs or clocks (C1, C3)
        return len(s.decks[of])
    if name == "complete":  # a player's complete towers (C7, C9)
        return sum(1 for t in s.towers_of(of) if t.complete)
    if name == "towers":  # a player's towers, complete or not (C9)
        return len(s.towers_of(of))
    if name == "over":  # whether the game has ended (C11)
        return "yes" if game.over else "no"
    raise ValueError(f"unknown fact {name!r}")


def _mice_fact(game: Any, name: str, of: Any) -> Any:
    s = game.state
    if name == "score":
        return game.scores[of]
    if name == "hand":  # cards a player still holds (M1, M5, M13)
        return len(s.hands[of])
    if name == "captured":  # cards in a player's score pile (M9)
        return len(s.piles[of])
    if name == "centre":
        return len(s.centre)
    if name == "phase":
        return s.phase
    raise ValueError(f"unknown fact {name!r}")


def _centre(game: Any) -> list[str]:
    """The animals and values in the center, as option ids ``"cat.2"`` (M3, M5, M10)."""
    from ..mice import card
    return sorted({card(c).face for c in game.state.centre})


def _captures(game: Any) -> list[str]:
    """Who captured which animal in the last reveal, as ``player:animal`` (the prey type taken)."""
    from ..mice import card
    out = {f"{e['player']}:{card(e['cards'][0]).animal}" for e in game.last_round()
           if e["kind"] == "captured" and e["cards"]}
    return sorted(out)


@dataclass(frozen=True)
class LessonGame:
    """What the lesson format knows of one game on the core."""

    name: str
    load: Callable[[dict[str, Any]], Any]
    """Position data -> a playable game (the game's own ``from_position``; ValueError on bad data)."""
    proofs: tuple[str, ...]
    facts: dict[str, bool]
    """Fact name -> whether it needs ``of`` (a player or a tower id)."""
    fact: Callable[[Any, str, Any], Any]
    example: str
    """A choice id to show in error messages."""


GAMES: dict[str, LessonGame] = {
    "clocktowers": LessonGame("clocktowers", _clocktowers, ("legal", "next", "points", "winner", "fact"),
                              {"tower": True, "height": True, "score": True, "hand": True, "deck": True,
                               "complete": True, "towers": True, "over": False}, _clocktowers_fact,
                              "play:roof.red.1:t1"),
    "mice": LessonGame("mice", _mice, ("legal", "next", "points", "winner", "fact", "captures", "centre"),
                       {"score": True, "centre": False, "phase": False, "hand": True, "captured": True}, _mice_fact,
                       "play:cat.4"),
}
NAMES = (HICKORY, *GAMES)


def truth(spec: LessonGame, game: Any, proof: dict[str, Any], start: dict[str, int], options: list[str],
          number: bool) -> list[Any]:
    """The answer a proof reads from ``game`` (its ``play`` moves already made): see docs/LESSONS.md."""
    kind = proof["kind"]
    if kind == "legal":
        legal = set(game.choice_ids)
        return [o for o in options if o in legal]
    if kind == "next":
        d = game.decision
        return [] if d is None else [d.player]
    if kind == "points":
        return [game.scores[proof["color"]] - start[proof["color"]]]
    if kind == "winner":
        return sorted(game.winners) if game.over else []
    if kind == "captures":
        return _captures(game)
    if kind == "centre":
        return [o for o in _centre(game) if o in options] if options else _centre(game)
    if kind == "fact":
        value = spec.fact(game, proof["name"], proof.get("of"))
        return [value if number else str(value)]
    raise ValueError(f"unknown proof kind {kind!r}")


def refusal(game: Any, answer: str, lang: str) -> str:
    """Why ``answer`` is not a legal choice here, in ``lang``: the game's own explanation where it gives one,
    else the legal options' labels."""
    explain = getattr(game, "why_not", None)
    if callable(explain):
        return str(explain(answer, lang))
    labels = "; ".join(c.label for c in game.choices_in(lang))
    return TEXTS.t(lang, "lesson.legal_now", labels=labels)


def labels(game: Any, ids: list[Any], lang: str) -> list[str]:
    """The labels of choice ids in ``lang`` (an id the game does not offer now is shown as it is)."""
    by_id = {c.id: c.label for c in game.choices_in(lang)}
    return [by_id.get(i, str(i)) for i in ids]
