"""Favor cards (R93-R99): played during one of your mouse's activations, resolved by the active mouse.

A card is used once, for its action icons or as its bonus item, then discarded (R98a). A card with a Leap,
played while the mouse is on the hand or the inner ring (or just bumped), moves it instead of the printed
options (R46a, R54); from an outer space a favor card cannot leap (R84). The card's other icons are resolved
before the leap, so that a Throw partner is already there when the mouse lands.
"""

from __future__ import annotations

from collections.abc import Generator

from ...core.protocol import Ask
from . import actions
from .components import Action
from .favor_hand import discard_favor
from .leaps import leap_targets
from .state import State, owner

# actions is imported as a module: a played card resolves actions, which decide again (and a decision offers
# favor cards), so these rules call each other in a cycle (see rules/__init__.py).


def _split(actions: tuple[Action, ...]) -> tuple[list[Action], int]:
    """The card's actions without its leap, and the leap's reach (0 if none)."""
    rest, reach = [], 0
    for act in actions:
        leaps = [i for i in act.gain if i.icon == "leap"]
        if leaps and not act.cost:
            reach = max(i.x for i in leaps)
        else:
            rest.append(act)
    return rest, reach


def favor_plays(s: State, mouse: str) -> list[str]:
    """The favor plays open to ``mouse``'s owner now: ``favor:<card>`` and ``favor_leap:<card>:<N>``."""
    color = owner(mouse)
    favors = s.player(color).favors
    if not favors:
        return []
    where = s.loc[mouse][0]
    off_clock = where in ("hand", "inner", "bumped")
    out: list[str] = []
    for f in favors:
        card = s.c.favors[f]
        if not card.actions:
            continue
        rest, reach = _split(card.actions)
        if not all(actions.can_pay(s, mouse, a.cost) for a in rest):
            continue
        if reach and off_clock and not (where == "bumped" and s.options.get("no_favor_leap_when_bumped")):
            n = s.minute
            out.extend(f"favor_leap:{f}:{t}" for t in leap_targets(s, n, reach))
        if rest:
            out.append(f"favor:{f}")
    return out


def play_favor(s: State, mouse: str, choice: str) -> Generator[Ask, str, None]:
    """Plays a card for its icons other than Leap (R95)."""
    card_id = choice.split(":")[1]
    color = owner(mouse)
    discard_favor(s, color, card_id)
    s.emit("favor_played", ("R95", "R98a"), mouse=mouse, card=card_id)
    card = s.c.favors[card_id]
    if card.bonus is not None and not card.slash and s.options.get("favor_no_slash_both"):
        s.bonus_left.append((color, card_id))  # Q5: no slash, so the bonus item stays usable this activation
    rest, _ = _split(s.c.favors[card_id].actions)
    for act in rest:
        if actions.can_pay(s, mouse, act.cost):
            yield from actions.resolve(s, mouse, act, source=card_id)


def leap_instead(s: State, mouse: str, choice: str) -> Generator[Ask, str, None]:
    """A favor Leap taken as the mouse's move (R46a, R54, R81): other icons first, then the leap."""
    _, card_id, target = choice.split(":")
    yield from play_favor(s, mouse, f"favor:{card_id}")
    yield from actions.leap_to(s, mouse, int(target), ("R46a", "R81", "R95"))
