"""Why can't I? For an option that is not legal now, the rule that forbids it, in plain words.

It answers what a learner tries most: a space under a cat paw, a leap too far or by the wrong mouse, staying
where a mouse must move, a favor Leap from an outer space, a cost that cannot be paid, a claim onto a mouse
elsewhere, delivering a relic. Anything else gets the list of what is legal instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..rules.actions import can_pay, token_actions
from ..rules.state import clockwise, kind
from . import labels
from .i18n import t

if TYPE_CHECKING:  # a hint only: the wings never import the game's top level
    from ..game import Game


def why_not(game: Game, choice_id: str, lang: str = "en") -> str:
    """One or two sentences saying why ``choice_id`` is not legal now (or that it is)."""
    ask = game._ask
    s = game.state
    if ask is None:
        return t(lang, "why.over")
    if choice_id in ask.options:
        return t(lang, "why.legal")
    ctx = ask.context
    mouse = ctx.get("mouse")
    n = ctx.get("number")
    verb, _, rest = choice_id.partition(":")
    target: int | None = None
    if choice_id in ("jump_off", "move_out"):
        target = n
    elif verb in ("leap", "back", "scamp") and rest.isdigit():
        target = int(rest)
    elif verb == "favor_leap" and rest.rpartition(":")[2].isdigit():
        target = int(rest.rpartition(":")[2])
    if target is not None and s.covered(target):
        return t(lang, "why.paw", n=target)
    if verb == "favor_leap" and mouse and s.loc.get(mouse, ("", 0))[0] == "outer":
        return t(lang, "why.favor_leap_outer")
    if verb == "leap" and target is not None and ask.kind in ("hand_mouse", "bumped_mouse") and mouse:
        if kind(mouse) != "scurrier":
            return t(lang, "why.leap_scurrier_only", mouse=labels.mouse_name(mouse, lang))
        if target not in (clockwise(n, 1), clockwise(n, 2)):
            return t(lang, "why.leap_range", n=target)
    if choice_id == "stay" and ask.kind == "inner_mouse":
        return t(lang, "why.inner_must_leave")
    if choice_id == "stay" and ask.kind == "bumped_mouse":
        return t(lang, "why.bumped_must_leave")
    if verb == "act" and rest.isdigit() and mouse and n is not None:
        actions = token_actions(s, n)
        i = int(rest)
        if 0 <= i < len(actions) and not can_pay(s, mouse, actions[i].cost):
            need = sum(icon.x for icon in actions[i].cost if icon.icon == "spend")
            have = len(s.card(mouse))  # an empty card is said in words, never "holds only 0 tiles"
            return t(lang, "why.cost" if have else "why.cost_empty", need=labels.count(need, "tiles", lang),
                     have=labels.count(have, "tiles", lang))
    if verb == "claim" and rest in s.loc and mouse and n is not None and n != s.minute:
        return t(lang, "why.claim_receiver", mouse=labels.mouse_name(mouse, lang))
    if verb == "deliver" and rest in s.c.tiles and s.c.tiles[rest].kind == "relic":
        return t(lang, "why.relic")
    legal = "; ".join(labels.label(s, ask, o, lang) for o in ask.options)
    if verb == "place" and rest.rpartition(":")[2].isdigit():
        return t(lang, "why.place_start", n=int(rest.rpartition(":")[2]), legal=legal)
    if verb == "inner" and rest.isdigit():
        return t(lang, "why.inner_space", n=int(rest), legal=legal)
    if verb == "action" and rest.isdigit():
        return t(lang, "why.action_elsewhere", n=int(rest), legal=legal)
    return t(lang, "why.generic", legal=legal)


def candidate_for(game: Game, target: dict[str, Any]) -> str | None:
    """The option a click on a board spot would have meant, for asking why it is not offered."""
    ask = game._ask
    if ask is None or not isinstance(target, dict):
        return None
    if target.get("type") == "outer" and isinstance(target.get("number"), int):
        number = target["number"]
        if ask.kind in ("hand_mouse", "bumped_mouse"):
            return "jump_off" if number == ask.context.get("number") else f"leap:{number}"
        if ask.kind == "inner_mouse":
            return "move_out" if number == ask.context.get("number") else f"leap:{number}"
        if ask.kind in ("scamp", "leap"):
            return f"{ask.kind}:{number}"
    if target.get("type") == "inner" and isinstance(target.get("number"), int):
        return _inner_candidate(game, target["number"])
    if target.get("type") == "action" and isinstance(target.get("number"), int):
        return _action_candidate(game, target["number"])
    return None


def _inner_candidate(game: Game, number: int) -> str:
    """A click on inner space ``number``: placing a mouse there (advanced setup), staying there (a mouse on the
    inner ring), else the pseudo-option ``inner:<n>`` (no mouse goes onto the inner ring in play)."""
    ask = game._ask
    assert ask is not None
    if ask.kind == "place_mouse":
        s = game.state
        todo = [m for m, (where, _) in s.loc.items() if where == "setup" and m.startswith(f"{ask.player}.")]
        return f"place:{todo[0] if todo else ask.player}:{number}"
    if ask.kind == "inner_mouse" and number == ask.context.get("number"):
        return "stay"
    return f"inner:{number}"


def _action_candidate(game: Game, number: int) -> str:
    """A click on the action box of ``number``: while its mouse acts there, the first action not offered (its
    cost, say); elsewhere the pseudo-option ``action:<n>`` (only the space just entered acts)."""
    ask = game._ask
    assert ask is not None
    if ask.kind == "action" and number == ask.context.get("number"):
        start = ask.context.get("next", 0)
        count = len(token_actions(game.state, number))
        missing = [f"act:{i}" for i in range(start, count) if f"act:{i}" not in ask.options]
        return missing[0] if missing else f"act:{start}"
    return f"action:{number}"


def not_offered(text: str, lang: str = "en") -> bool:
    """Whether ``text`` is the plain answer 'that is not one of the options now' (why.generic): it already says the
    move is refused, so a lesson's verdict puts no 'That move is not allowed.' before it."""
    return text.startswith(t(lang, "why.generic", legal="").split(". ")[0])
