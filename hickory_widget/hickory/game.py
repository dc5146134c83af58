"""Hickory Dickory on the core: its :class:`HickoryRules` for the core's runner, and the public ``Game``.

The runner (core/runner.py) gives every game its decisions, undo and redo by Tick-boundary checkpoints, all-or-
nothing doors, saves as origin plus history, forcing and branches. What is Hickory Dickory's own is here: how a
game is set up (players, seed, rule options, advanced setup), what a position may be started from, the scoring
helpers (breakdown, solo goal, standings), the widget, the static picture and the fast playouts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.doors import excerpt
from ..core.protocol import Ask, Choice, Decision, IllegalChoice, PositionError, SaveError
from ..core.runner import SEED_RANGE, Flow, GameRunner, is_seed
from .positions import information
from .positions.position import from_data, to_data
from .rules.chance import FORCE_KINDS, check_force, reseed
from .rules.end_of_game import SOLO_GOAL, Standing, standings
from .rules.flow import play
from .rules.options import check_options
from .rules.setup import new_state
from .rules.state import State, clockwise
from .words import labels

__all__ = ["Choice", "Decision", "Game", "HickoryRules", "IllegalChoice", "SaveError"]

SAVE_FORMAT = "hickory-game"
SAVE_VERSION = 1
SETUP_FIELDS = ("players", "seed", "options", "advanced")


class HickoryRules:
    """Hickory Dickory's rules as the core's runner asks for them (docs/CORE.md, section 2)."""

    name = "hickory"
    save_version = SAVE_VERSION
    force_kinds = FORCE_KINDS

    def new_state(self, players: int | Sequence[str] = 4, seed: int = 1, options: dict[str, bool] | None = None,
                  advanced: bool = False) -> tuple[State, dict[str, Any]]:
        opts = check_options(options)
        if not isinstance(advanced, bool):
            raise ValueError(f"advanced must be True or False, not {excerpt(advanced)}")
        if not is_seed(seed):
            raise ValueError(f"seed must be a whole number from {SEED_RANGE[0]} to {SEED_RANGE[1]}, "
                             f"not {excerpt(seed)}")
        state = new_state(players, seed, options=opts, advanced=advanced)
        return state, {"players": state.colors, "seed": seed, "options": opts, "advanced": advanced}

    def state_from_data(self, data: Any) -> State:
        return from_data(data)

    def state_to_data(self, state: State) -> dict[str, Any]:
        return to_data(state)

    def clone(self, state: State) -> State:
        return state.clone()

    def flow(self, state: State) -> Flow:
        return play(state)

    def check_force(self, state: State, kind: str, value: str) -> str:
        return check_force(state, kind, value)

    def reseed(self, state: State, seed: int) -> None:
        reseed(state, seed)

    def scores(self, state: State) -> dict[str, int]:
        return {p.color: p.score for p in state.players}

    def seat_view(self, state: State, seat: str) -> dict[str, Any]:
        return information.seat_view(state, seat)

    def event_for(self, event: dict[str, Any], seat: str | None) -> dict[str, Any]:
        return information.event_for(event, seat)

    def resample(self, state: State, seat: str, events: list[dict[str, Any]], later: list[dict[str, Any]],
                 rng: Any) -> State:
        return information.resample(state, seat, events, later, rng)

    def prompt(self, state: State, ask: Ask, lang: str) -> str:
        return labels.prompt(state, ask, lang)

    def label(self, state: State, ask: Ask, option: str, lang: str) -> str:
        return labels.label(state, ask, option, lang)


class Game(GameRunner):
    """A game of Hickory Dickory. Create one with :meth:`new` or :meth:`from_position`."""

    rules = HickoryRules()
    _state: State

    # ------------------------------------------------------------------------------------------ creating
    @classmethod
    def new(cls, players: int | Sequence[str] = 4, seed: int = 1, *, options: dict[str, bool] | None = None,
            advanced: bool = False) -> Game:
        """A new game: ``players`` is a count (1 = solo) or a list of colors; the same seed gives the same game."""
        return cls._new(players=players, seed=seed, options=options, advanced=advanced)

    @classmethod
    def from_position(cls, data: dict[str, Any], *, play_on: bool = False) -> Game:
        """A game that starts from a position (plain data, as given by :meth:`position`), validated. A position
        whose first Tick asks nothing raises PositionError rather than being played on silently (empty Ticks, a
        round's end and its die rolls) to the first decision; ``play_on=True`` lets the engine play on."""
        game = super().from_position(data)
        if not play_on:
            passed = [e for e in game._events if e["kind"] in ("hand_moved", "round_ended", "game_over")]
            if len(passed) > 1 or game.over:
                moves = [str(e["number"]) for e in passed if e["kind"] == "hand_moved"]
                ends = sum(e["kind"] == "round_ended" for e in passed)
                rounds = "" if not ends else " and end a round" if ends == 1 else f" and end {ends} rounds"
                raise PositionError(
                    f"nobody decides anything in the first Tick from this position: the engine would move the hand "
                    f"to {', '.join(moves)}{rounds}"
                    f"{' and the game' if game.over else ''} before the first decision. Put a mouse on the hand or "
                    f"on inner {clockwise(data.get('minute', 0) if isinstance(data, dict) else 0)}, or pass "
                    f"play_on=True to let it play on")
        return game

    @classmethod
    def _position_origin(cls, data: Any) -> Game:
        return cls.from_position(data, play_on=True)  # a save replays exactly what was played

    @classmethod
    def _setup_origin(cls, setup: dict[str, Any]) -> Game:
        if set(setup) - set(SETUP_FIELDS):
            raise SaveError(f"saved game field 'origin.setup' takes {', '.join(SETUP_FIELDS)}")
        game = cls.new(setup.get("players", 4), setup.get("seed", 1), options=setup.get("options"),
                       advanced=setup.get("advanced", False))
        for name, typ, what in (("players", list, "a list of colors"), ("options", dict, "an object"),
                                ("advanced", bool, "true or false")):
            if name in setup and not isinstance(setup[name], typ):  # as to_json() writes it, so it re-saves the same
                raise SaveError(f"saved game field 'origin.setup.{name}' must be {what}, found "
                                f"{excerpt(setup[name])}")
        return game

    # ------------------------------------------------------------------------------------------ reading
    @property
    def score_breakdown(self) -> dict[str, dict[str, int]]:
        """Points per color split by source: deliveries, quests, hunt, chain, relics, pool."""
        return {p.color: dict(p.score_by) for p in self._state.players}

    @property
    def solo_won(self) -> bool | None:
        """Solo only: True once the game is over with at least 100 points (R115); None otherwise."""
        if not self._state.solo or not self.over:
            return None
        return self._state.players[0].score >= SOLO_GOAL

    def standings(self) -> list[Standing]:
        """Players by score, ties broken by filled hunt-board spaces (R114)."""
        return standings(self._state)

    @property
    def winners(self) -> list[str]:
        """The colors in first place, ties broken by filled hunt-board spaces (R114)."""
        return [st.color for st in standings(self._state) if st.place == 1]

    def player_name(self, player: str, lang: str) -> str:
        return labels.player_name(player, lang)

    def widget(self, **kwargs: Any) -> Any:
        """This game in an interactive widget (``HickoryWidget``); needs Jupyter."""
        from .widget import HickoryWidget

        return HickoryWidget(self, **kwargs)

    def playout(self, seed: int | None = None, *, forkable: bool = True) -> Any:
        """This game from now as a :class:`~hickory_widget.hickory.analysis.playout.Playout`: the same rules with no
        history, events, labels or undo, for bots and what-if runs. ``seed`` reseeds its future as :meth:`branch`
        does."""
        from .analysis.playout import Playout

        return Playout.from_game(self, seed=seed, forkable=forkable)

    @classmethod
    def what_if_engine(cls) -> Any:
        """What-if runs on Hickory Dickory's fast playouts and its own bots (greedy, random, mcts)."""
        from .analysis.whatif import HickoryPlayouts

        return HickoryPlayouts()

    @classmethod
    def review_engine(cls) -> Any:
        """Reviews (core/review.py) run on the same fast playouts, reporting every seat's result."""
        from .analysis.review import HickoryReview

        return HickoryReview()

    def _repr_svg_(self) -> str:
        """A static picture of the board: notebooks show it with no kernel (GitHub, nbviewer, HTML export)."""
        from .board.svg import game_svg

        return game_svg(self)

    def _repr_html_(self) -> str:
        """The same picture for outputs that show HTML (JupyterLab, Notebook 7, an HTML export): the wide layout, or
        in an output narrower than 846 px a one-column layout, so its texts stay 11 px or more."""
        from .board.svg import game_html

        return game_html(self)

    def __repr__(self) -> str:
        s = self._state
        where = "over" if self.over else f"{self._ask.player} to decide {self._ask.kind}"
        return (f"<Game {len(s.players)}p hour {s.hour} minute {s.minute} scores {self.scores} "
                f"{where}, {len(self._history)} choices made so far>")

    def _where(self) -> tuple[str, Any]:
        s = self._state
        return f"in the Tick at hour {s.hour}, minute {s.minute}", (s.hour, s.minute)
