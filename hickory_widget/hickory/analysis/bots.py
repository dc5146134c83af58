"""Bots that can take any seat, all seeded, in levels of strength (:data:`LEVELS`, weakest first).

* ``random``: uniform among the legal options (the core's).
* ``eager`` (:class:`EagerBot`): tries each option, looks at its own score once the engine next asks something
  (for an item added to a delivery: once that delivery is finished) and takes the option that scored most. Options
  whose points come later (a leap, a Scamp's target, the tile returned from a full card, the Search tile kept) tie
  at 0 and it takes the first in its preference order, so it throws points away.
* ``greedy`` (:class:`GreedyBot`, the default seat bot and the what-if playout policy): values each option by the
  evaluation of :mod:`.evaluation` (points plus what the final scoring would give now), looking through its own
  follow-up decisions of the same Tick (``depth`` of them, 1 by default); in the last round (its last 24 Ticks
  times seats: all of it with two players) it plays every option to the end of the game and compares final margins.
* ``mcts`` (:class:`~.mcts.MCTSBot`): information-set Monte Carlo tree search with the greedy bot as its policy,
  whose pick replaces the greedy bot's choice only where it did clearly better.

Ties go to the first option in this preference: act, deliver items, claim, take from the market, move out or jump
off, leap, return relics, then everything else in the engine's order; trading and declining come last. No bot but
``random`` ever trades.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from ...core.bots import RandomBot as RandomBot  # the core's, offered here too: it reads only its seat's options
from ..rules.actions import token_actions
from ..rules.components import Action
from .evaluation import evaluate
from .playout import Playout

if TYPE_CHECKING:  # a hint only: the wings never import the game's top level
    from ..game import Game
    from ..rules.state import State

PREFERENCE = ("act:", "deliver:", "deliver_favor:", "deliver_done", "quest:", "claim:", "market:", "take:",
              "return_relic:", "jump_off", "move_out", "leap:", "favor:", "stay", "done")
LAST = ("decline", "skip_claim", "give:", "swap:", "trade")
"""Opening a trade session comes after everything, even declining, so the greedy bots never trade."""
NEVER = ("trade", "give:", "swap:")
"""Trading moves: never scoring by themselves, left out by every bot but ``random`` unless nothing else is left."""

_RANKS: dict[str, int] = {}
"""Tie-break rank of every option id seen so far (ids repeat endlessly across playouts)."""


def rank_of(option: str) -> int:
    """Tie-break rank of an option (lower first): its place in :data:`PREFERENCE`, then :data:`LAST` after the
    rest; cached."""
    r = _RANKS.get(option)
    if r is None:
        r = len(PREFERENCE)
        for i, prefix in enumerate(PREFERENCE):
            if option.startswith(prefix):
                r = i
                break
        else:
            for i, prefix in enumerate(LAST):
                if option.startswith(prefix):
                    r = len(PREFERENCE) + 1 + i
                    break
        _RANKS[option] = r
    return r


def tie_order(ids: Sequence[str]) -> list[str]:
    """The options in tie-break order (rank, then the engine's order)."""
    return [ids[i] for i in sorted(range(len(ids)), key=lambda i: (rank_of(ids[i]), i))]


def calm(options: Sequence[str]) -> list[str]:
    """The options without opening or running a trade, unless nothing else is left."""
    out = [o for o in options if not o.startswith(NEVER)]
    return out if out else list(options)


class Bot(Protocol):
    def choose(self, game: Game | Playout) -> str: ...


def seat_view(game: Game | Playout) -> Playout:
    """What a bot decides on: a playout as it is, a game as its deciding seat sees it (``game.seat_game``)."""
    if isinstance(game, Playout):
        return game
    decision = game.decision
    assert decision is not None  # a bot is asked only while someone decides
    return game.seat_game(decision.player).playout()


class EagerBot:
    """Level ``eager``: takes the option that raises its own score most by the next decision (the greedy bot of
    earlier versions); see the module for ties."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    @staticmethod
    def rank(option: str) -> int:
        return rank_of(option)

    def choose(self, game: Game | Playout) -> str:
        ids = game.choice_ids
        if len(ids) == 1:
            return ids[0]
        here = seat_view(game)
        order = sorted(range(len(ids)), key=lambda i: (rank_of(ids[i]), i))  # the tie-break order
        scoring = [i for i in order if may_score(here, ids[i])]
        if not scoring or scoring == order[:1]:
            # Quiet options gain nothing, and no option can lose points: the first in tie-break order wins.
            return ids[order[0]]
        me = here.player
        assert me is not None
        base = here.scores[me]
        gains = {i: gain_after(here, me, ids[i], FOLLOW_UP.get(ids[i].partition(":")[0], ())) - base
                 for i in scoring}
        return ids[min(order, key=lambda i: (-gains.get(i, 0), rank_of(ids[i]), i))]


FINISH_SEAT_TICKS = 24
"""It starts once no more than this many Ticks times seats are left: the whole last round with two players, its last
six Ticks with four (a run to the end costs about as much per seat and Tick; in 2-player games playing the whole
last round to the end wins 79 % against the eager bot where the last three Ticks won 63 %, docs/BOTS.md)."""


class GreedyBot:
    """Level ``greedy``, the default bot: the option whose position evaluates best for it (:func:`.evaluation
    .evaluate`: points plus what the final scoring would give now), looking through up to ``depth`` of its own
    follow-up decisions of the same Tick after a quiet option (the best of them counts); from Tick
    :func:`finishing` (late in the last round) on every option is played to the end of the game by quick bots and the
    final margin decides. Never trades; ties as the module says."""

    __slots__ = ("_finals", "_memo", "budget", "depth", "finish", "rng", "window")

    def __init__(self, seed: int = 0, depth: int = 1, finish: bool = True, budget: int = 24,
                 window: int = FINISH_SEAT_TICKS) -> None:
        self.rng = random.Random(seed)
        self.depth = depth
        self.budget = budget
        """Forks a decision may spend on looking past its own options (a cap on the cost of wide follow-ups)."""
        self.finish = finish
        """Whether the last round plays every option to the end (the default), or evaluates like other rounds."""
        self.window = window
        """Seat-Ticks left from which every option is played to the end (:func:`finishing`)."""
        self._memo: Memo | None = None
        self._finals: Finals | None = None

    def __getstate__(self) -> tuple[int, int, bool, int, random.Random]:
        return self.depth, self.budget, self.finish, self.window, self.rng  # not the memo: it holds a position

    def __setstate__(self, state: tuple[int, int, bool, int, random.Random]) -> None:
        self.depth, self.budget, self.finish, self.window, self.rng = state
        self._memo = None
        self._finals = None

    def choose(self, game: Game | Playout) -> str:
        ids = game.choice_ids
        if len(ids) == 1:
            return ids[0]
        order = calm(tie_order(ids))
        if len(order) == 1:
            return order[0]
        here = seat_view(game)
        me = here.player
        assert me is not None
        s = here.state
        memo = self._memo
        snapshot = here.tick_snapshot
        if memo is None or memo.snapshot is not snapshot:
            memo = self._memo = Memo(snapshot)  # a new Tick (or another playout): the values seen are of no use
        if self.finish and finishing(s, self.window):
            finals = self._finals
            origin = here.point[0]
            if finals is None or finals.origin is not origin or len(finals.scores) > 200_000:
                finals = self._finals = Finals(origin)  # another playout (or a bound on memory)
            return best_to_the_end(here, me, order, finals)
        return best_by_evaluation(here, me, order, self.depth, self.budget, memo)


class Memo:
    """Look-ahead values already found in one Tick of one playout, so that a decision's follow-up (and a search
    reaching the same point twice) does not fork to find them again. A position is named by its Tick snapshot
    (shared by a playout and all its forks) and the choices since. A value is kept with the forks it spent and the
    fork budget it started with, and only if the budget never cut it short; a value that no depth limit cut
    either holds for any deeper look too. Reused only with at least that budget left (and depth), it is the value a
    fresh look would find, and the forks it spent are charged again: every choice is the one made without the
    memo."""

    __slots__ = ("deep", "snapshot", "spares", "values")

    def __init__(self, snapshot: object) -> None:
        self.snapshot = snapshot
        self.spares: dict[tuple[str, ...], Playout] = {}
        """Forks a look stopped at, untouched since (by their choices since the snapshot): the next fork wanted at
        that point (often the decision the game comes to next) takes one instead of replaying the Tick."""
        self.values: dict[tuple[tuple[str, ...], str, int], tuple[int, int, int]] = {}
        """(since, option, depth) -> (value, forks spent, forks left at the start)."""
        self.deep: dict[tuple[tuple[str, ...], str], tuple[int, int, int, int]] = {}
        """(since, option) -> (value, forks spent, forks left at the start, the depth it was found at) of a value
        no depth limit cut: the same at every depth from that one on."""


class Finals:
    """Final scores of the runs to the end (:func:`best_to_the_end`) made in one playout and its forks, for every
    point such a run passed and the option it took there: a later decision on that line (often the next one) knows
    where its first option leads without playing it again."""

    __slots__ = ("origin", "scores")

    def __init__(self, origin: object) -> None:
        self.origin = origin
        self.scores: dict[tuple[int, str], dict[str, int]] = {}
        """(trail of the point, option) -> final scores."""


def finishing(s: State, window: int = FINISH_SEAT_TICKS) -> bool:
    """Whether the greedy bot plays every option of ``s`` to the end: once no more than ``window`` Ticks times
    seats are left in the game (see :data:`FINISH_SEAT_TICKS`)."""
    if s.phase != "play":
        return False
    ticks_left = (LAST_HOUR - s.hour) * 12 + 13 - s.minute
    return ticks_left * len(s.players) <= window


def best_by_evaluation(here: Playout, me: str, order: Sequence[str], depth: int, budget: int = 1 << 30,
                       memo: Memo | None = None) -> str:
    """The first option of ``order`` with the highest :func:`look_ahead` value; options that change what the
    evaluation counts at once are looked at ``depth`` - 1 decisions ahead, quiet ones (a move, a leap, a
    target) ``depth``; no more than ``budget`` forks are spent on looking further than the options themselves."""
    best, best_value = order[0], -1 << 30
    left = [budget - len(order), 0, 0]
    if memo is not None and (here.tick_snapshot is None or memo.snapshot is not here.tick_snapshot):
        memo = None
    for option in order:
        value = look_ahead(here, me, option, depth if option.startswith(QUIET) else depth - 1, left, None, memo)
        if value > best_value:
            best, best_value = option, value
    return best


def look_ahead(here: Playout, me: str, option: str, depth: int, left: list[int], fork: Playout | None = None,
               memo: Memo | None = None) -> int:
    """``me``'s evaluation once ``option`` is applied on a fork of ``here`` (or on ``fork``, a fork of it made
    already and free to use), or, while ``me`` decides again in the same Tick and ``depth`` and the forks ``left``
    allow, the best over those follow-ups (a forced follow-up costs no depth). Items added to a delivery are searched
    as sets, to the end of the delivery whatever the depth: a quest may need all of them (R103).

    ``left`` is [forks left, times the budget cut a look short, times the depth did]; ``memo`` (of ``here``'s
    Tick) keeps the values found."""
    if memo is None:
        return _look_ahead(here, me, option, depth, left, fork, None)
    since = here.since
    key = (since, option, depth)
    known = memo.values.get(key)
    if known is not None and left[0] >= known[2]:
        left[0] -= known[1]
        return known[0]
    deep = memo.deep.get((since, option))
    if deep is not None and left[0] >= deep[2] and depth >= deep[3]:
        left[0] -= deep[1]
        return deep[0]
    start, cuts, shallow = left[0], left[1], left[2]
    value = _look_ahead(here, me, option, depth, left, fork, memo)
    if left[1] == cuts:
        memo.values[key] = (value, start - left[0], start)
        if left[2] == shallow:
            memo.deep[(since, option)] = (value, start - left[0], start, depth)
    return value


def _look_ahead(here: Playout, me: str, option: str, depth: int, left: list[int], fork: Playout | None,
                memo: Memo | None) -> int:
    if fork is not None:
        p = fork
    elif memo is not None and (spare := memo.spares.pop(here.since, None)) is not None:
        p = spare
    else:
        p = here.fork(this_tick=True)
    minute, hour = here.state.minute, here.state.hour  # before the choice: ``here`` may be ``p`` itself
    p.choose(option)
    s = p.state
    while True:
        ask = p.ask
        if ask is None or ask.player != me or s.minute != minute or s.hour != hour:
            if memo is not None and ask is not None:
                keep(p, memo)
            return evaluate(s, me)
        options = calm(ask.options)
        if option.startswith(DELIVERING) and ask.kind == "deliver":
            options = [o for o in options if not o.startswith(DELIVERING) or o > option]  # each set once
            depth = 0  # a delivery's sets are searched whatever the depth, but nothing after it
            if len(options) > 1:
                left[0] -= len(options) - 1
                return best_of(p, me, options, 0, left, memo)
        if len(options) == 1:
            p.choose(options[0])
            continue
        if depth <= 0 or left[0] < len(options) - 1:
            left[1 if depth > 0 else 2] += 1  # cut short by the budget, or by the depth
            if memo is not None:
                keep(p, memo)
            return evaluate(s, me)
        left[0] -= len(options) - 1
        return best_of(p, me, options, depth - 1, left, memo)


def keep(p: Playout, memo: Memo) -> None:
    """Keeps ``p`` (untouched since it stopped) as a spare fork of its point, if it is still in the memo's Tick."""
    if p.tick_snapshot is memo.snapshot:
        memo.spares.setdefault(p.since, p)


def best_of(p: Playout, me: str, options: Sequence[str], depth: int, left: list[int], memo: Memo | None = None) -> int:
    """The best :func:`look_ahead` value among ``options`` of ``p`` (``p`` itself is used for the last one)."""
    last = len(options) - 1
    return max(look_ahead(p, me, o, depth, left, p if i == last else None, memo) for i, o in enumerate(options))


DELIVERING = ("deliver:", "deliver_favor:")


def best_to_the_end(here: Playout, me: str, order: Sequence[str], finals: Finals | None = None) -> str:
    """The first option of ``order`` after which every seat finishes the game taking its first option in tie-break
    order (quick, and the game is nearly over) with ``me``'s best final margin (ties: its best score). ``finals``
    (of ``here``'s playout) keeps the final scores of the runs for every point they passed."""
    known = finals.scores if finals is not None and finals.origin is here.point[0] else None
    trail = here.point[1]
    best, best_key = order[0], (-1 << 30, -1 << 30)
    for option in order:
        final = known.get((trail, option)) if known is not None else None
        if final is None:
            fork = here.fork(this_tick=True)
            fork.choose(option)
            passed: list[tuple[int, str]] = [(trail, option)]
            while fork.ask is not None:
                choice = calm(tie_order(fork.ask.options))[0]
                passed.append((fork.point[1], choice))
                fork.choose(choice)
            final = {q.color: q.score for q in fork.state.players}
            if known is not None:
                for point in passed:
                    known.setdefault(point, final)
        mine = final[me]
        others = [score for color, score in final.items() if color != me]
        key = (mine - max(others) if others else mine, mine)
        if key > best_key:
            best, best_key = option, key
    return best


FOLLOW_UP = {"deliver": ("deliver_done",), "deliver_favor": ("deliver_done",)}
"""An item added to a delivery scores only once the delivery is finished: look that far ahead."""
QUIET = ("activate:", "stay", "jump_off", "jump_on", "move_out", "back:", "leap:", "claim:", "skip_claim", "take:",
         "market:", "scamp:", "return:", "hunt:", "discard:", "discard_favor:", "decline", "trade", "give:", "swap:")
"""Options after which the engine asks again before anyone scores: scores change only by a delivery, a relic
returned, a chain climb or the final scoring. Trading moves never score by themselves."""
SAME_GAIN = ("pay:", "pay_favor:")
"""Paying a cost: whichever tile pays, what follows (a climb, say) scores the same; only the final scoring, which
counts the tiles left, tells them apart."""
LAST_HOUR = 11
"""The hour of the last round: after its Tick at 12 the final scoring runs, so there every option is tried."""


def may_score(here: Playout, option: str) -> bool:
    """Whether ``option`` could change the decider's score before the engine next asks something (quiet options
    cannot), or could score differently from the other options of its kind."""
    s = here.state
    if (s.hour == LAST_HOUR and s.minute == 12) or s.phase != "play":
        return not option.startswith(("trade", "give:", "swap:"))
    if option.startswith("act:"):  # a token's action scores at once only by climbing the chain
        ask = here.ask
        token = ask.context.get("token") if ask is not None and ask.kind == "action" else None
        if token is None:
            return True
        return climbs(token_actions(s, s.tokens.index(token))[int(option[4:]):][:1])
    if option.startswith(("favor:", "favor_leap:")):  # so does a favor card
        card = s.c.favors.get(option.split(":")[1])
        return card is None or climbs(card.actions)
    return not option.startswith(QUIET + SAME_GAIN)


def climbs(actions: Sequence[Action]) -> bool:
    return any(icon.icon == "climb" for action in actions for icon in (*action.cost, *action.gain))


def gain_after(here: Playout, me: str, option: str, then: tuple[str, ...]) -> int:
    """``me``'s score once ``option`` (then each of ``then`` legal by its turn) is applied on a fork of ``here``
    and the engine next asks something: the same look-ahead as ``Game.scores_after``, without any undo."""
    fork = here.fork(this_tick=True)
    fork.choose(option)
    for follow in then:
        if fork.ask is not None and follow in fork.ask.options:
            fork.choose(follow)
    return fork.state.player(me).score


def play(game: Game, bots: Mapping[str, Bot], *, until: str = "end", limit: int = 100_000) -> int:
    """Lets bots decide for their colors until the game ends, a seat without a bot must decide, or ``until``
    ("end", "tick", "round") is reached. Returns how many choices were made."""
    start_minute, start_hour = game.state.minute, game.state.hour
    made = 0
    while not game.over and made < limit:
        decision = game.decision
        bot = bots.get(decision.player) if decision else None
        if bot is None:
            break
        game.choose(bot.choose(game))
        made += 1
        if until == "tick" and game.state.minute != start_minute:
            break
        if until == "round" and game.state.hour != start_hour:
            break
    return made


def _mcts(seed: int) -> Bot:
    from .mcts import MCTSBot  # search imports this module, so it is looked up when a search bot is made

    return MCTSBot(seed)


LEVELS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "eager": EagerBot, "greedy": GreedyBot,
                                           "mcts": _mcts}
"""Bots by level, weakest first; each beats the one before in most two-player games (docs/BOTS.md)."""
