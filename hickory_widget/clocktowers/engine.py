"""Clocktowers as the core sees it: the :class:`~hickory_widget.core.runner.Rules` the game runner plays."""

from __future__ import annotations

from typing import Any

from ..core.protocol import Ask
from ..core.rng import Rng, seed_state
from ..core.runner import Flow
from .positions import information, position
from .rules import setup
from .rules.cards import DECKS, card
from .rules.flow import play
from .rules.scoring import scores
from .rules.state import TowersState
from .rules.turn import check_reveal
from .words import labels


class ClocktowersRules:
    name = "clocktowers"
    save_version = 1
    force_kinds = ("reveal",)
    """``force("reveal", card)``: the next card turned face up on that card's deck is this one."""

    def new_state(self, **args: Any) -> tuple[TowersState, dict[str, Any]]:
        return setup.new_state(**args)

    def state_from_data(self, data: Any) -> TowersState:
        return position.from_data(data)

    def state_to_data(self, state: TowersState) -> dict[str, Any]:
        return position.to_data(state)

    def clone(self, state: TowersState) -> TowersState:
        return state.clone()

    def flow(self, state: TowersState) -> Flow:
        return play(state)

    def check_force(self, state: TowersState, kind: str, value: str) -> str:
        return check_reveal(state, value)

    def reseed(self, state: TowersState, seed: int) -> None:
        """Re-deals what nobody has seen: each deck under its face-up top card, together with the cards removed
        unseen at setup (C3). Hands, towers, top cards and discards stay."""
        rng = Rng(seed_state(seed))
        removed_by_deck = {d: [c for c in state.removed if card(c).deck == d] for d in DECKS}
        new_removed: list[str] = []
        for deck in DECKS:
            pile = state.decks[deck]
            hidden = pile[1:] + removed_by_deck[deck]
            rng.shuffle(hidden)
            keep = max(len(pile) - 1, 0)
            state.decks[deck] = pile[:1] + hidden[:keep]
            new_removed += hidden[keep:]
        state.removed = new_removed
        state.forced.clear()
        state.rng = rng.state

    def private(self, ask: Ask, option: str) -> bool:
        return information.private(option)

    def seat_view(self, state: TowersState, seat: str) -> dict[str, Any]:
        return information.seat_view(state, seat)

    def event_for(self, event: dict[str, Any], seat: str | None) -> dict[str, Any]:
        return information.event_for(event, seat)

    def resample(self, state: TowersState, seat: str, events: list[dict[str, Any]], later: list[dict[str, Any]],
                 rng: Rng) -> TowersState:
        return information.resample(state, seat, events, later, rng)

    def scores(self, state: TowersState) -> dict[str, int]:
        return scores(state)

    def prompt(self, state: TowersState, ask: Ask, lang: str) -> str:
        return labels.prompt(state, ask, lang)

    def label(self, state: TowersState, ask: Ask, option: str, lang: str) -> str:
        return labels.label(state, ask, option, lang)


RULES = ClocktowersRules()
