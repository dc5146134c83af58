"""The view model: everything the widget (and the static SVG picture) draws, as one plain JSON-ready dict.

The front end never decides a rule: it draws this and offers exactly ``decision.choices``. Each choice names
the thing on the board it belongs to (``target``), so that it can be offered there as a clickable spot.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from ...core.protocol import Ask
from ..rules.actions import token_actions
from ..rules.state import State, kind, owner
from ..words import labels
from ..words.i18n import catalog, check_language
from .timeline import event_steps, last_move

if TYPE_CHECKING:  # a hint only: the wings never import the game's top level
    from ..game import Game


def tile_view(s: State, tile: str | None) -> dict[str, Any] | None:
    if tile is None:
        return None
    t = s.c.tiles[tile]
    return {"id": tile, "kind": t.kind, "color": t.color, "symbol": t.symbol}


def target_of(s: State, context: dict[str, Any], option: str) -> dict[str, Any]:
    """The spot on the board a choice belongs to, for drawing it as a clickable target."""
    verb, _, rest = option.partition(":")
    n = context.get("number")
    if option in ("jump_off", "move_out"):
        return {"type": "outer", "number": n}
    if verb == "act":
        return {"type": "action", "number": n}
    if option == "market":
        return {"type": "market"}
    if option == "stay":
        return {"type": "mouse", "mouse": context.get("mouse")}
    if option == "jump_on":
        return {"type": "hand"}
    if verb in ("leap", "back", "scamp"):
        return {"type": "outer", "number": int(rest)}
    if verb == "favor_leap":
        return {"type": "outer", "number": int(rest.rpartition(":")[2])}
    if verb in ("activate", "claim", "throw"):
        return {"type": "mouse", "mouse": rest}
    if verb == "give":
        tile, _, to = rest.partition(":")
        return {"type": "tile", "tile": tile, "to": to}
    if verb == "swap":
        tile, _, other = rest.partition(":")
        return {"type": "tile", "tile": tile, "with": other}
    if verb in ("pay", "deliver", "return", "discard", "take", "return_relic"):
        return {"type": "tile", "tile": rest}
    if verb in ("pay_favor", "deliver_favor", "discard_favor", "favor"):
        return {"type": "favor", "card": rest}
    if verb == "hunt":
        _, r, c = rest.split(":")
        return {"type": "hunt", "color": context.get("player"), "row": int(r), "column": int(c)}
    if verb == "place":
        _, _, number = rest.partition(":")
        return {"type": "inner", "number": int(number)}
    return {"type": "none"}


UI_PREFIXES = ("ui.", "source.", "color.", "kind.", "tile_color.", "symbol.", "item.")
"""Catalog keys the front end reads from ``view["ui"]`` (besides ``mouse`` and ``mouse_scaler``)."""


def ui_strings(lang: str = "en") -> dict[str, str]:
    """The texts the front end shows (buttons, titles, terms), in ``lang``."""
    return {k: v for k, v in catalog(lang).items() if k.startswith(UI_PREFIXES) or k in ("mouse", "mouse_scaler")}


def event_player(e: dict[str, Any]) -> str | None:
    """The player an event is about (its mouse's owner, or its color), for filtering the log by player."""
    if isinstance(e.get("mouse"), str) and "." in e["mouse"]:
        return owner(e["mouse"])
    return e["color"] if isinstance(e.get("color"), str) else None


EVENT_GROUPS = (("favors", ("favor_",)), ("points", ("delivered", "quest_", "hunt_board", "pool_", "scaler_", "solo_",
                                                     "game_over")),
                ("tiles", ("tile", "bonus_tile", "bin_", "leaf_", "market_", "relic_")),
                ("moves", ("mouse_", "mice_", "hand_", "throw", "scamp_", "action_")))
"""The log's filter groups, by event kind prefix; anything else (clock, paws, rounds) is "clock"."""


def event_group(event_kind: str) -> str:
    return next((g for g, prefixes in EVENT_GROUPS if event_kind.startswith(prefixes)), "clock")


def log_entry(s: State, e: dict[str, Any], lang: str = "en", step: int | None = None,
              explained: bool = True) -> dict[str, Any]:
    """One event for the log: its sentence, its rule ids, each rule with a short explanation (unless not
    ``explained``: the widget sends one table of them, see :func:`rule_table`), the history step after which it
    happened (a click on it shows the board then) and the player it is about."""
    entry = {"text": labels.event_text(s, e, lang), "kind": e["kind"], "rules": list(e["rules"]),
             "step": step, "player": event_player(e), "group": event_group(e["kind"])}
    if explained:
        entry["rule_texts"] = [{"id": r, "text": labels.rule_text(r, lang)} for r in e["rules"]]
    return entry


def rule_table(entries: list[dict[str, Any]], lang: str = "en") -> dict[str, str]:
    """The short explanation of every rule id the ``entries`` name, once each (for entries not ``explained``)."""
    return {r: labels.rule_text(r, lang) for r in sorted({r for e in entries for r in e["rules"]})}


LogCache = dict[tuple[str, int, int, bool], tuple[dict[str, Any], dict[str, Any]]]
"""(language, id of the event, step, explained) -> (the event, its log entry): events never change once made."""


def log_view(game: Game, lang: str = "en", cache: LogCache | None = None,
             explained: bool = True) -> list[dict[str, Any]]:
    """Every event of ``game`` for the history panel, each with the step after which it happened. A ``cache``
    kept between calls (as the widget does) makes a long game's log cost only its new events."""
    s = game.state
    out = []
    for e, step in zip(game.events, event_steps(game), strict=True):
        key = (lang, id(e), step, explained)
        hit = cache.get(key) if cache is not None else None
        if hit is None or hit[0] is not e:
            hit = (e, log_entry(s, e, lang, step, explained))
            if cache is not None:
                cache[key] = hit
        out.append(hit[1])
    return out


HIDDEN_FAVOR = {"id": None, "text": None, "bonus": None, "hidden": True}
"""A favor card in the view of someone who may not see it: only that it is there (R94: favor cards are secret)."""


def build(game: Game, version: int = 0, lang: str = "en", log_cache: LogCache | None = None,
          with_log: bool = True, seen_by: Collection[str] | None = None) -> dict[str, Any]:
    """The whole view model of ``game``, its texts in ``lang`` (one of :data:`.i18n.LANGUAGES`); ``log_cache``,
    see :func:`log_view`; without ``with_log`` the log is left empty (for the caller to fill).

    ``seen_by``: the colors whose favor cards the viewer may see (None: everyone's, as on a teacher's screen or in
    the static picture). Another color's cards are sent as :data:`HIDDEN_FAVOR` placeholders, and while such a
    color decides, the options that name one of its cards are left out, so nothing sent depends on them."""
    check_language(lang)
    s = game.state
    c = s.c
    numbers = []
    for n in range(1, 13):
        group = "fixed" if n in c.fixed_tokens else "sun" if n in c.sun_spaces else "moon"
        numbers.append({
            "n": n,
            "token": {"id": s.tokens[n], "group": group, "label": labels.actions_text(token_actions(s, n), lang)},
            "leaf": tile_view(s, s.leaves[n]) if n != c.lord_cuckoo else None,
            "inner": s.at_inner(n),
            "outer": s.at_outer(n),
            "paw": s.paws.count(n),
        })
    hand, at = [], 0
    for m in s.hand:
        size = s.size(m)
        hand.append({"mouse": m, "first": at, "last": at + size - 1})
        at += size
    players = []
    for p in s.players:
        board = c.hunt_board(p.board)
        players.append({
            "color": p.color,
            "score": p.score,
            "score_by": dict(p.score_by),
            "hunt_board": p.board,
            "hunt": [[{"want": {"color": cell[0], "symbol": cell[1]},
                       "tile": tile_view(s, p.hunt[r][col])} for col, cell in enumerate(row)]
                     for r, row in enumerate(board.grid)],
            "cards": {k: {"capacity": c.storage[k], "tiles": [tile_view(s, t) for t in tiles],
                          "mouse": f"{p.color}.{k}", "in_play": s.in_play(f"{p.color}.{k}")}
                      for k, tiles in p.cards.items()},
            "favors": [{"id": f, "text": labels.actions_text(c.favors[f].actions, lang),
                        "bonus": list(c.favors[f].bonus) if c.favors[f].bonus else None} for f in p.favors]
            if seen_by is None or p.color in seen_by else [dict(HIDDEN_FAVOR) for _ in p.favors],
            "scaler": p.scaler,
        })
    decision = game.decision
    ask_view = None
    if decision is not None:
        ctx = {**decision.context, "player": decision.player}
        options = game.choice_ids
        if seen_by is not None and decision.player not in seen_by:
            secret = set(s.player(decision.player).favors)
            options = [o for o in options if not secret & set(o.split(":"))]
        ask = Ask(decision.player, decision.kind, options, dict(decision.context))
        ask_view = {
            "player": decision.player, "kind": decision.kind, "prompt": labels.prompt(s, ask, lang),
            "context": {k: v for k, v in decision.context.items() if isinstance(v, (str, int, type(None)))},
            "mouse": decision.context.get("mouse") if isinstance(decision.context.get("mouse"), str) else None,
            "choices": [{"id": o, "label": labels.label(s, ask, o, lang), "target": target_of(s, ctx, o)}
                        for o in ask.options],
        }
    cycle = list(c.priority_cycle)
    return {
        "version": version,
        "lang": lang,
        "ui": ui_strings(lang),
        "dataset": {"name": c.name, "reconstruction": c.reconstruction},
        "over": game.over,
        "clock": {"minute": s.minute, "hour": s.hour, "round": s.round, "paws": list(s.paws), "numbers": numbers,
                  "sun": list(c.sun_spaces), "moon": list(c.moon_spaces)},
        "hand": {"usable": s.hand_spaces, "total": max(c.hand_spaces.values()), "mice": hand},
        "mice": {m: {"color": owner(m), "kind": kind(m), "where": where, "number": n}
                 for m, (where, n) in s.loc.items()},
        "chain": {"spaces": c.chain.spaces, "leaf": c.chain.leaf,
                  "points": {str(k): v for k, v in c.chain.point_spaces.items()},
                  "right": list(c.chain.right_values), "weight": s.weight,
                  "scalers": {p.color: p.scaler for p in s.players}},
        "side": {"priority": s.priority, "cycle": cycle, "blocked": [col for col in cycle if col not in s.colors],
                 "quests": [None if q is None else {
                     "id": q, "points": c.quests[q].points,
                     "requires": [{"color": r.color, "symbol": r.symbol} for r in c.quests[q].requires]}
                     for q in s.quests_up],
                 "quest_deck": len(s.quest_deck), "bin": [tile_view(s, t) for t in s.bin], "web": len(s.web),
                 "bag": len(s.bag), "favor_deck": len(s.favor_deck), "favor_discard": list(s.favor_discard),
                 "returned_relics": list(s.returned)},
        "players": players,
        "decision": ask_view,
        "standings": [{"color": st.color, "score": st.score, "place": st.place} for st in game.standings()]
        if game.over else [],
        "log": log_view(game, lang, log_cache) if with_log else [],
        "steps": len(game.history),
        "last": last_move(game),
        "can_undo": game.can_undo,
        "can_redo": game.can_redo,
    }
