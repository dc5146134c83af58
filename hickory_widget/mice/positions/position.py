"""Positions: a game state as plain JSON data, and the checks that read one back.

``to_data`` writes every field; ``from_data`` checks each and says what is wrong. To keep built positions short,
``colours`` (the sets in seat order), ``options`` (defaults), ``committed``, ``piles``, ``out`` (empty), ``round``
(1), ``phase`` ("hunt", or "seed" with an empty centre) and ``rng``/``forced`` may be left out. Cards not placed
anywhere are out of play (a position may show a game already under way). A hand holds only its owner's set, each
card at most once anywhere, and every player has as many cards left to play as the others.
"""

from __future__ import annotations

from typing import Any

from ...core.doors import excerpt
from ...core.rng import MASK, seed_state
from ...core.setup_checks import check_position_head, whole
from ..rules.cards import COLOURS, card
from ..rules.options import check_options
from ..rules.setup import check_players
from ..rules.state import HIDDEN, MiceState

FORMAT = "mice"
FIELDS = {"game", "players", "colours", "options", "hands", "centre", "committed", "piles", "out", "round", "phase",
          "rng", "forced"}
PHASES = ("hunt", "seed", "over")
MAX_ROUND = 100
"""Largest round number a position may name (a game has at most 17 rounds)."""


def to_data(s: MiceState) -> dict[str, Any]:
    return {
        "game": FORMAT, "players": list(s.players), "colours": dict(s.colours), "options": dict(s.options),
        "hands": {p: list(h) for p, h in s.hands.items()}, "centre": list(s.centre),
        "committed": dict(s.committed), "piles": {p: list(c) for p, c in s.piles.items()}, "out": list(s.out),
        "round": s.round, "phase": s.phase, "rng": s.rng, "forced": [list(f) for f in s.forced],
    }


def _cards(value: Any, where: str) -> list[str]:
    if not isinstance(value, list):
        raise ValueError(f"{where} must be a list of card ids, not {excerpt(value)}")
    for cid in value:
        try:
            card(cid)
        except ValueError as exc:
            raise ValueError(f"{where}: {exc}") from None
    return list(value)


def _per_player(data: dict[str, Any], name: str, players: list[str]) -> dict[str, Any]:
    value = data.get(name, {})
    if not isinstance(value, dict) or set(value) - set(players):
        raise ValueError(f"{name} must be an object keyed by players ({', '.join(players)}), not {excerpt(value)}")
    return value


def from_data(data: Any) -> MiceState:
    """A state from position data, checked field by field; ValueError saying what is wrong."""
    check_position_head(data, "Mice!", FORMAT, FIELDS)
    players = check_players(data.get("players"))
    colours = data.get("colours", dict(zip(players, COLOURS, strict=False)))
    if (not isinstance(colours, dict) or set(colours) != set(players) or not set(colours.values()) <= set(COLOURS)
            or len(set(colours.values())) != len(players)):
        raise ValueError(f"colours must give each player a different set among {', '.join(COLOURS)}, "
                         f"not {excerpt(colours)}")
    if "options" in data and type(data["options"]) is not dict:
        raise ValueError(f"options must be an object of rule options (or left out), not {excerpt(data['options'])}")
    options = check_options(data.get("options"))
    hands_raw = _per_player(data, "hands", players)
    hands = {p: _cards(hands_raw.get(p, []), f"hands.{p}") for p in players}
    for p, hand in hands.items():
        strangers = [c for c in hand if card(c).set != colours[p]]
        if strangers:
            raise ValueError(f"hands.{p} holds only the {colours[p]} set (M5), not {', '.join(strangers)}")
    centre = _cards(data.get("centre", []), "centre")
    committed = _per_player(data, "committed", players)
    for p, c in committed.items():
        if c == HIDDEN:
            raise ValueError(f"committed.{p} must name the card {p} placed face down: a position is the whole table "
                             f"(a seat's own view is a seat save, to_json(seat=...)), not {HIDDEN!r}")
        _cards([c], f"committed.{p}")
        if card(c).set != colours[p]:
            raise ValueError(f"committed.{p} must be a card of {p}'s {colours[p]} set, not {c}")
    piles_raw = _per_player(data, "piles", players)
    piles = {p: _cards(piles_raw.get(p, []), f"piles.{p}") for p in players}
    out = _cards(data.get("out", []), "out")
    placed = [*centre, *out, *(c for h in hands.values() for c in h), *(c for c in committed.values() if c != HIDDEN),
              *(c for pile in piles.values() for c in pile)]
    twice = sorted({c for c in placed if placed.count(c) > 1})
    if twice:
        raise ValueError(f"each card is in one place only, but {', '.join(twice)} appear more than once")
    left = {p: len(hands[p]) + (p in committed and committed[p] != HIDDEN) for p in players}
    if len(set(left.values())) != 1:
        raise ValueError(f"every player plays one card a round, so all have as many cards left to play; got {left}")
    phase = data.get("phase", "hunt" if centre or not committed else "seed")
    if type(phase) is not str or phase not in PHASES:
        raise ValueError(f"phase must be one of {', '.join(PHASES)}, not {excerpt(phase)}")
    if phase == "over" and (any(hands.values()) or committed or centre):
        raise ValueError("phase 'over' needs every card played out: no card in a hand, face down or in the centre "
                         "(M13); use phase 'hunt'")
    if phase == "seed" and centre:
        raise ValueError("a seeding round (M12) happens only with an empty centre")
    rnd = whole(data.get("round", 1), "round", 1, MAX_ROUND)
    rng = whole(data.get("rng", seed_state(0)), "rng", 0, MASK)
    forced = data.get("forced", [])
    if type(forced) is not list or forced:
        raise ValueError(f"nothing in Mice! is left to chance, so 'forced' must be an empty list, not "
                         f"{excerpt(forced)}")
    return MiceState(players=players, colours=dict(colours), options=options, hands=hands, centre=centre,
                     piles=piles, committed=dict(committed), round=rnd, phase=phase, out=out, rng=rng)
