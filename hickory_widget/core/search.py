"""Fast look-ahead for the core's bots: a game played on a bare state through the :class:`~.runner.Rules` protocol
(``clone``, ``flow``, ``scores``, ``reseed``), without the runner's history, checkpoints and undo, and the two
searches built on it.

* :func:`option_values` is the greedy bot's look: each option applied to a clone of the seat's state, then the
  decider's own follow-up decisions (Clocktowers' draw after a play) tried too, and the position valued by the
  game's ``bot_eval(state, player)`` (default: points less the best other player's). A game whose options are
  better valued directly (Mice!, where the others' cards are unknown until the reveal) gives
  ``bot_option_value(state, player, option, rng)``.
* :class:`SearchBot` is determinized Monte Carlo: many deals of what the seat cannot see (``rules.reseed`` for
  future chance, the game's ``bot_redeal(state, player, rng)`` for what the seat's copy guessed once, such as the
  others' face-down cards), each option played out by the greedy policy for every seat, common random numbers
  across options, the option with the best mean margin kept.

Everything starts from ``game.state`` of the copy the bot is handed, which :func:`.bots.decide` makes the seat's
copy: nothing here reads what the seat cannot see. The flow must be restartable from a clone of the state at any
decision (the card games' flows are: their state holds the step and who is still to answer).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .protocol import CHECKPOINT, REVEAL, Ask

Evaluate = Callable[[Any, str], float]
OptionValue = Callable[[Any, str, str, random.Random], float]
Redeal = Callable[[Any, str, random.Random], None]


class Sim:
    """A game on a bare state: ``ask`` is the pending decision (None once over), ``choose(option)`` answers it.
    No legality check: callers pass offered options only."""

    __slots__ = ("ask", "gen", "rules", "state")

    def __init__(self, rules: Any, state: Any) -> None:
        self.rules = rules
        self.state = state
        self.gen = rules.flow(state)
        self.ask: Ask | None = None
        self._advance(None)

    def _advance(self, value: str | None) -> None:
        try:
            out = self.gen.send(value)
            while out is CHECKPOINT or out is REVEAL:
                out = self.gen.send(None)
            self.ask = out
        except StopIteration:
            self.ask = None
        self.state.events.clear()

    def choose(self, option: str) -> None:
        self._advance(option)

    def copy(self) -> Sim:
        return Sim(self.rules, self.rules.clone(self.state))


def margin(rules: Any, state: Any, player: str) -> float:
    """Points less the best other player's (alone: the points)."""
    scores = rules.scores(state)
    others = [v for p, v in scores.items() if p != player]
    return float(scores[player] - (max(others) if others else 0))


class Look:
    """How a game is valued for its bots: the game's hooks (``bot_eval``, ``bot_option_value``, ``bot_redeal``,
    ``bot_rank``), read once from the game's class, with the protocol's defaults."""

    __slots__ = ("evaluate", "option_value", "playout_value", "rank", "redeal", "rules")

    def __init__(self, game: Any) -> None:
        cls = type(game)
        self.rules = game.rules
        own_eval: Evaluate | None = getattr(cls, "bot_eval", None)
        self.evaluate: Evaluate = own_eval if own_eval is not None else self._margin
        self.option_value: OptionValue | None = getattr(cls, "bot_option_value", None)
        quick: OptionValue | None = getattr(cls, "bot_playout_value", None)
        self.playout_value: OptionValue | None = quick if quick is not None else self.option_value
        self.redeal: Redeal | None = getattr(cls, "bot_redeal", None)
        rank: Callable[[str], int] | None = getattr(cls, "bot_rank", None)
        self.rank: Callable[[str], int] = rank if rank is not None else _no_rank

    def _margin(self, state: Any, player: str) -> float:
        return margin(self.rules, state, player)

    def value(self, sim: Sim, player: str) -> float:
        """The worth of a position to ``player``: the final margin once over, else the game's evaluation."""
        if sim.ask is None:
            return margin(self.rules, sim.state, player)
        return self.evaluate(sim.state, player)


def _no_rank(option: str) -> int:
    return 0


def option_values(look: Look, sim: Sim, rng: random.Random, *, follow: bool = True) -> list[float]:
    """The greedy worth of each option of ``sim.ask`` to its decider: the game's direct valuation if it has one
    (without ``follow``, inside a search's playouts, its cheaper ``bot_playout_value`` if it gives one), else the
    option applied and (with ``follow``) the decider's best own next decision, valued by ``look``."""
    ask = sim.ask
    assert ask is not None
    me = ask.player
    direct = look.option_value if follow else look.playout_value
    if direct is not None:
        return [direct(sim.state, me, o, rng) for o in ask.options]
    out = []
    for option in ask.options:
        twin = sim.copy()
        twin.choose(option)
        nxt = twin.ask
        if follow and nxt is not None and nxt.player == me and len(nxt.options) > 1:
            best = -1e18
            for then in nxt.options:
                deeper = twin.copy()
                deeper.choose(then)
                best = max(best, look.value(deeper, me))
            out.append(best)
        else:
            out.append(look.value(twin, me))
    return out


def greedy_choice(look: Look, sim: Sim, rng: random.Random, *, follow: bool = True) -> str:
    """The option worth most by :func:`option_values`; ties to the game's ``bot_rank``, then a seeded coin."""
    ask = sim.ask
    assert ask is not None
    options = ask.options
    if len(options) == 1:
        return options[0]
    values = option_values(look, sim, rng, follow=follow)
    best, best_key = options[0], (0.0, 0, 0.0)
    for i, option in enumerate(options):
        key = (-values[i], look.rank(option), rng.random())
        if i == 0 or key < best_key:
            best, best_key = option, key
    return best


class SearchBot:
    """Determinized Monte Carlo over the core protocol. For each of ``deals`` deals of what the seat cannot see,
    every option is played ``horizon`` decisions on by the greedy policy (without follow-ups, for speed) for every
    seat, or to the end, and valued by the game's evaluation (the final margin once over). The option with the
    best mean wins; ties go to the greedy bot's order. Seeded: the same game and seed give the same choice.

    A game may set its own budget in ``bot_search = {"deals": n, "horizon": m}`` (Mice!'s playout policy resolves
    hunts, so it takes fewer deals to stay under a second a decision), and ``"playouts"``: the most option playouts
    one decision may spend (deals shrink, down to 2, when there are many options) and ``"steps"``: the most policy
    decisions in all (the horizon shrinks, down to 2); ``deals``/``horizon`` given to the bot win. Past
    ``playouts / 2`` options those floors win over the caps: 2 deals of 2 steps for each option. What the last
    decision spent is kept in ``playouts`` and ``steps``."""

    DEALS, HORIZON = 12, 8
    """The budget when neither the bot nor the game names one."""

    def __init__(self, seed: int = 0, *, deals: int | None = None, horizon: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.deals = deals
        self.horizon = horizon
        self.playouts = 0
        """Option playouts the last searched decision spent (0 when it had one option or no search)."""
        self.steps = 0
        """Policy decisions those playouts made: what the budget's ``playouts`` and ``steps`` bound."""

    def choose(self, game: Any) -> str:
        ids = game.choice_ids
        self.playouts = self.steps = 0
        if len(ids) == 1:
            return ids[0]
        if not getattr(type(game), "bot_sim", False):  # a flow that cannot restart from a bare state
            from .bots import GreedyBot  # bots.py imports this module: only this rare path needs the other way

            return GreedyBot(self.seed).choose(game)
        look = Look(game)
        rules = game.rules
        me = game.decision.player
        base = rules.clone(game.state)
        totals = [0.0] * len(ids)
        budget = getattr(type(game), "bot_search", {})
        deals = self.deals if self.deals is not None else budget.get("deals", self.DEALS)
        horizon = self.horizon if self.horizon is not None else budget.get("horizon", self.HORIZON)
        if self.deals is None and "playouts" in budget:  # many options: fewer deals, so a decision stays cheap
            deals = min(deals, max(2, budget["playouts"] // len(ids)))
        if self.horizon is None and "steps" in budget:  # and a shorter look, within the steps of one decision
            horizon = min(horizon, max(2, budget["steps"] // (deals * len(ids))))
        for d in range(deals):
            deal_seed = self.rng.getrandbits(62)
            state = rules.clone(base)
            rules.reseed(state, deal_seed)
            if look.redeal is not None:
                look.redeal(state, me, random.Random(deal_seed))
            root = Sim(rules, state)
            if root.ask is None or list(root.ask.options) != list(ids):
                raise RuntimeError(f"the flow restarted on a clone asks {root.ask!r}, not the decision {ids}")
            for i, option in enumerate(ids):
                sim = root.copy()
                sim.choose(option)
                policy = random.Random(deal_seed + 7919 * d)  # common random numbers: the same coin for each option
                steps = 0
                while sim.ask is not None and steps < horizon:
                    sim.choose(greedy_choice(look, sim, policy, follow=False))
                    steps += 1
                totals[i] += look.value(sim, me)
                self.playouts += 1
                self.steps += steps
        best, best_key = ids[0], (0.0, 0, 0)
        for i, option in enumerate(ids):
            key = (-totals[i], look.rank(option), i)
            if i == 0 or key < best_key:
                best, best_key = option, key
        return best
