"""The information model: what each seat may see, and a whole game drawn anew from that alone.

A game that hides something (a hand, a face-down card, a deck's or a bag's order, the generator) implements
:class:`Information` next to its :class:`~hickory_widget.core.runner.Rules`. The runner then builds everything it
gives a seat from it (``seat_game``, ``to_json(seat=...)``, ``events_for``, ``history_for``), so the bots and
what-if that decide for a seat see no more than that seat:

* ``seat_view(state, seat)`` is what ``seat`` may see of a state at a checkpoint: its own hand and commitments,
  every public card, the top of each deck, how many cards lie hidden where; never another hand, a face-down card,
  a deck's or the bag's order, or the generator.
* ``event_for(event, seat)`` is an event as ``seat`` may read it (a card discarded face down by someone else loses
  its name).
* ``private(ask, option)``: the answer stays hidden from the other players for good (a discard face down); secret,
  simultaneous answers (``Ask.secret``) are hidden until the reveal without this.
* ``resample(state, seat, events, rng)`` draws a whole state that ``seat`` cannot tell from ``state``: the same in
  everything ``seat_view`` holds, consistent with the events ``seat`` has read, and the rest dealt anew from
  ``rng`` (as OpenSpiel's ``resample_from_infostate``). It may read the real state only where ``seat_view`` does,
  and where a later event shows it. ``events`` are those read before the checkpoint, ``later`` those read since,
  followed by each history entry since as ``{"kind": "entry", "entry": ...}`` (a choice names what it shows).

The generator of the copy comes from :func:`seat_seed`: a digest of what the seat knows, so two games the seat
cannot tell apart give it the same copy, byte for byte, and nothing of the real generator reaches it.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Protocol

from .protocol import Ask


class Information(Protocol):
    def seat_view(self, state: Any, seat: str) -> dict[str, Any]: ...

    def event_for(self, event: dict[str, Any], seat: str | None) -> dict[str, Any]: ...

    def private(self, ask: Ask, option: str) -> bool: ...

    def resample(self, state: Any, seat: str, events: list[dict[str, Any]], rng: Any) -> Any: ...


def has_information(rules: Any) -> bool:
    """Whether a game's rules implement the information model (games without it keep the older seat copies)."""
    return hasattr(rules, "resample") and hasattr(rules, "seat_view")


def digest_seed(*parts: Any) -> int:
    """A 64-bit seed from plain data: the same data, the same seed."""
    text = json.dumps(parts, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def seat_seed(seat: str, view: dict[str, Any], events: list[dict[str, Any]], history: list[str]) -> int:
    """The seed a seat's copy is drawn with: from the seat, what it sees of the checkpoint, how many events it has
    read and the history entries since, as it knows them (all of it known to the seat, nothing else)."""
    return digest_seed("seat", seat, view, len(events), history)


def common_knowledge(views: list[Any]) -> Any:
    """What every one of ``views`` holds alike: a mapping keeps the keys all of them have, each narrowed the same
    way; any other value stays only where all are equal (a hand seen by its owner alone differs, so it goes)."""
    first = views[0]
    if all(isinstance(v, dict) for v in views):
        out = {}
        for key in first:
            if all(key in v for v in views[1:]):
                kept = common_knowledge([v[key] for v in views])
                if kept is not _DIFFERS:
                    out[key] = kept
        return out
    return first if all(v == first for v in views[1:]) else _DIFFERS


_DIFFERS = object()


def public_view(game: Any, scores: bool = True) -> dict[str, Any]:
    """A game as nobody's seat sees it, for a spectator or a projector: whose turn, whether it is over, the scores
    every seat agrees on (a score that hangs on a hidden card is None) and ``common``, what every seat's
    ``seat_view`` holds alike. Nothing in it depends on a card that any one seat cannot see."""
    decision = game.decision
    players = list(game.scores)
    out: dict[str, Any] = {"players": players, "over": game.over,
                           "to_move": decision.player if decision is not None else None}
    rules = game.rules
    if not has_information(rules):
        out["common"] = {}
        out["scores"] = dict(game.scores) if scores else None  # no information model: nothing of it is hidden
        return out
    state = game.state
    common = common_knowledge([rules.seat_view(state, p) for p in players])
    out["common"] = {} if common is _DIFFERS else common
    if scores:
        copies = [game.seat_game(p).scores for p in players]
        out["scores"] = {p: copies[0][p] if all(c[p] == copies[0][p] for c in copies) else None for p in players}
    return out
