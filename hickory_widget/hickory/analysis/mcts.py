"""MCTSBot: information-set Monte Carlo tree search over the decisions of a game.

A player does not know the other players' favor cards, the bag's order or the decks' order. Each iteration
therefore first samples them (a *determinization*: the unseen favor cards dealt again at random among the
other hands and the deck, and the future chance reseeded), then walks one shared tree of decisions with UCB,
choosing only among the options legal in that sample (ISMCTS, Cowling, Powley & Whitehouse 2012), adds one
node, and plays on with a quick default policy for a limited number of choices. The result is each player's
standing then (0..1, from the score margin over the best other player), backed up along the path.

Sixteen iterations are few: the search's pick replaces the greedy bot's choice only where it did clearly better
(:data:`CLEARLY`), and in the last round, where the greedy bot plays every option to the end, the greedy bot decides.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..rules.end_of_game import SOLO_GOAL
from ..rules.state import State
from .bots import GreedyBot, finishing, seat_view
from .evaluation import evaluate
from .playout import Playout

if TYPE_CHECKING:  # a hint only: the wings never import the game's top level
    from ..game import Game

NEVER = ("trade", "give:", "swap:")
"""Trading moves, which the search leaves out (see :func:`calm`)."""
DEADLINE = 0.9
"""CPU seconds after which a decision stops iterating (checked between iterations, each a few ms to ~50 ms)."""
CLEARLY = 0.03
"""How much better (in mean standing, 0..1: about 1.5 points of margin) the search's pick must have done than the
greedy bot's choice to be taken instead of it: 16 iterations are few, and a close call is noise."""
SCALE = 25.0
"""Points of margin that make a result clearly good (tanh(1) = 0.76): a wider scale keeps a 2-point gain from
vanishing when a player is already well ahead."""


def _cpu_clock() -> Callable[[], float]:
    """This thread's CPU clock for the deadline; where there is none (Pyodide, in the static site, has no
    ``time.thread_time``) the process's, which is the same there: one thread."""
    return getattr(time, "thread_time", time.process_time)


@dataclass(slots=True)
class Node:
    player: str | None = None
    visits: int = 0
    value: float = 0.0
    available: int = 0
    children: dict[str, Node] = field(default_factory=dict)


class MCTSBot:
    """Seeded ISMCTS with ``playouts`` iterations per decision and default-policy runs of ``horizon`` choices
    (0 = to the end of the game) by the greedy bot (``policy="random"``: uniform, never trading); a run ends in
    each player's standing by the evaluation (points plus what the final scoring would give now). ``deadline``
    (CPU seconds of this thread, None for none) stops the iterations early once it has passed, so that no decision
    takes much longer than a second on one core: a decision that ends by its iteration count (all of them, in the
    measured games) is the same for the same seed on any machine. Figures for the defaults (16 iterations,
    6 choices, 0.9 s) against the greedy bot: docs/BOTS.md, benchmarks/bench_bots.py. ``budget`` (CPU seconds,
    None by default) is the timed mode: after its iterations the search goes on until that much time has passed."""

    def __init__(self, seed: int = 0, playouts: int = 16, horizon: int = 6, exploration: float = 0.7,
                 policy: str = "greedy", deadline: float | None = DEADLINE, clearly: float = CLEARLY,
                 budget: float | None = None) -> None:
        if playouts < 1:
            raise ValueError(f"playouts must be at least 1, not {playouts!r}")
        if deadline is not None and not deadline > 0:
            raise ValueError(f"deadline must be a positive number of seconds or None, not {deadline!r}")
        if budget is not None and not (budget > 0 and (deadline is None or budget <= deadline)):
            raise ValueError(f"budget must be a positive number of seconds no larger than the deadline "
                             f"({deadline!r}) or None, not {budget!r}")
        self.rng = random.Random(seed)
        self.playouts = playouts
        self.horizon = horizon
        self.exploration = exploration
        self.deadline = deadline
        self.clearly = clearly
        """How much better the search's pick must have done than the greedy bot's choice (:data:`CLEARLY`)."""
        self.policy = GreedyBot(finish=False) if policy == "greedy" else None  # runs are short: no play to the end
        self.finisher = GreedyBot(finish=True) if policy == "greedy" else None
        """The greedy bot: decides late in the last round, where it plays every option to the end
        (bots.finishing), and its choice stands elsewhere unless the search's pick did clearly better."""
        self.budget = budget
        """Timed mode (CPU seconds, None: fixed mode): after its ``playouts`` iterations the search goes on
        iterating until this much CPU time of the decision has passed (the deadline still stops it). A timed
        decision depends on the machine's speed; the fixed mode (the default) is the same for a seed anywhere."""
        self.iterations = 0
        """Iterations run for the last decision (``playouts`` unless the deadline stopped it first)."""
        self.cut_short = 0
        """Decisions so far that the deadline stopped before all their iterations."""

    def choose(self, game: Game | Playout) -> str:
        ids = calm(game.choice_ids)
        if len(ids) == 1:
            return ids[0]
        here = seat_view(game)  # its seat's view
        me = here.player
        assert me is not None
        if self.finisher is not None and finishing(here.state):
            return self.finisher.choose(here)  # late in the last round: every option played to the end
        root = Node(me)
        clock = _cpu_clock()
        start = clock()
        stop = start + self.deadline if self.deadline is not None else math.inf
        done = 0
        while done < self.playouts:
            self._iterate(here, me, root)
            done += 1
            if done < self.playouts and clock() > stop:
                self.cut_short += 1
                break
        if self.budget is not None and done == self.playouts:
            spend = min(start + self.budget, stop)
            while clock() < spend:
                self._iterate(here, me, root)
                done += 1
        self.iterations = done
        pick = max(ids, key=lambda o: (root.children[o].visits, root.children[o].value)
                   if o in root.children else (-1, 0.0))
        if self.finisher is None:
            return pick
        guess = self.finisher.choose(here)  # the greedy bot's choice stands unless the search clearly beats it
        found, known = root.children.get(pick), root.children.get(guess)
        if pick == guess or found is None or known is None or known.visits == 0:
            return pick
        if found.value / found.visits - known.value / known.visits >= self.clearly:
            return pick
        return guess

    # ------------------------------------------------------------------------------------------ one iteration
    def _iterate(self, here: Playout, me: str, root: Node) -> None:
        p = here.fork()
        p.redeal(me, self.rng.getrandbits(62))
        path = [root]
        node = root
        while p.ask is not None:
            options = calm(p.ask.options)
            untried = [o for o in options if o not in node.children]
            for o in options:
                child = node.children.get(o)
                if child is not None:
                    child.available += 1
            if untried:
                option = self.rng.choice(untried)
                child = node.children[option] = Node(p.ask.player, available=1)
                p.choose(option)
                path.append(child)
                break
            option = max(options, key=lambda o: self._ucb(node.children[o]))
            node = node.children[option]
            node.player = p.ask.player
            p.choose(option)
            path.append(node)
        rewards = self._rollout(p)
        for n in path[1:]:
            n.visits += 1
            player = n.player
            assert player is not None  # every node below the root was reached by a player's decision
            n.value += rewards[player]
        root.visits += 1

    def _ucb(self, child: Node) -> float:
        return child.value / child.visits + self.exploration * math.sqrt(math.log(max(child.available, 1))
                                                                           / child.visits)

    def _rollout(self, p: Playout) -> dict[str, float]:
        steps = 0
        rng = self.rng
        while p.ask is not None and (self.horizon == 0 or steps < self.horizon):
            options = p.ask.options
            if self.policy is not None:
                p.choose(self.policy.choose(p))
            else:
                p.choose(rng.choice(calm(options)))
            steps += 1
        return standing(p.state)


def calm(options: list[str]) -> list[str]:
    """The options without opening or running a trade, unless nothing else is left (like the greedy bot, the
    search never trades: trade sessions are long chains of moves that only dilute its iterations)."""
    return [o for o in options if not o.startswith(NEVER)] or options


def standing(s: State) -> dict[str, float]:
    """Each player's result in 0..1: a smooth step of the margin over the best other player (solo: the goal), by
    the evaluation (points plus what the final scoring would give now)."""
    scores = {q.color: evaluate(s, q.color) for q in s.players}
    if len(scores) == 1:
        (color, points), = scores.items()
        return {color: 0.5 + 0.5 * math.tanh((points - SOLO_GOAL) / SCALE)}
    out = {}
    for color, points in scores.items():
        best_other = max(v for c, v in scores.items() if c != color)
        out[color] = 0.5 + 0.5 * math.tanh((points - best_other) / SCALE)
    return out
