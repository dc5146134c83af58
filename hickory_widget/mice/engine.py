"""Mice! as the core sees it: the :class:`~hickory_widget.core.runner.Rules` the game runner plays."""

from __future__ import annotations

from typing import Any

from ..core.protocol import Ask
from ..core.runner import Flow, reseed_rng
from .positions import information, position
from .rules import setup
from .rules.flow import play
from .rules.scoring import scores
from .rules.state import MiceState
from .words import labels


class MiceRules:
    name = "mice"
    save_version = 1
    force_kinds: tuple[str, ...] = ()
    """Nothing in Mice! is random once the sets are handed out, so there is nothing to force."""

    def new_state(self, **args: Any) -> tuple[MiceState, dict[str, Any]]:
        return setup.new_state(**args)

    def state_from_data(self, data: Any) -> MiceState:
        return position.from_data(data)

    def state_to_data(self, state: MiceState) -> dict[str, Any]:
        return position.to_data(state)

    def clone(self, state: MiceState) -> MiceState:
        return state.clone()

    def flow(self, state: MiceState) -> Flow:
        return play(state)

    def check_force(self, state: MiceState, kind: str, value: str) -> str:
        raise ValueError("nothing in Mice! is left to chance; there is nothing to force")

    def reseed(self, state: MiceState, seed: int) -> None:
        """Every card is known but the face-down ones, and a branch is taken before those (the core draws another
        player's sealed card anew); only the generator changes."""
        reseed_rng(state, seed)

    def seat_view(self, state: MiceState, seat: str) -> dict[str, Any]:
        return information.seat_view(state, seat)

    def event_for(self, event: dict[str, Any], seat: str | None) -> dict[str, Any]:
        return information.event_for(event, seat)

    def resample(self, state: MiceState, seat: str, events: list[dict[str, Any]], later: list[dict[str, Any]],
                 rng: Any) -> MiceState:
        return information.resample(state, seat, events, later, rng)

    def scores(self, state: MiceState) -> dict[str, int]:
        return scores(state)

    def prompt(self, state: MiceState, ask: Ask, lang: str) -> str:
        return labels.prompt(state, ask, lang)

    def label(self, state: MiceState, ask: Ask, option: str, lang: str) -> str:
        return labels.label(state, ask, option, lang)


RULES = MiceRules()
