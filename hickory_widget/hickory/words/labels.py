"""Short texts for decisions, choices and events (prompts, labels, log sentences), made only when someone reads them.

Every function takes ``lang`` ("en", "it" or "de", see :mod:`.i18n`); the templates live in ``messages/*.po``.
"""

from __future__ import annotations

from typing import Any

from ...core.protocol import Ask
from ..rules.state import State, kind, owner
from .i18n import Term, cap, has, proper_name, t, term, term_list, tn


def player_name(color: str, lang: str = "en") -> str:
    """'blue' -> 'Blue' / 'Blu' / 'Blau'."""
    key = f"color.{color}"
    return t(lang, key) if has(lang, key) else str(color).capitalize()


def _kind_name(k: str, lang: str) -> str:
    key = f"kind.{k}"
    return t(lang, key) if has(lang, key) else k.capitalize()


def mouse_name(mouse: str, lang: str = "en") -> Term:
    """'blue.scurrier' -> "Blue's Scurrier" / "Saetta di Blu" / "die Springmaus von Blau" (also ``.dat``, ``.gen``
    "der Springmaus von Blau", and ``.obj``, the pronoun of the mouse type's gender)."""
    k = kind(mouse)
    return term(lang, "mouse_scaler" if k == "scaler" else "mouse", gender_of=(f"kind.{k}",),
                owner=player_name(owner(mouse), lang), kind=_kind_name(k, lang))


def mouse_list(mice: list[str], lang: str = "en") -> Term:
    """Several mice joined as words: 'A, B and C' (each form, such as Italian ``.al``, on every name)."""
    return term_list([mouse_name(m, lang) for m in mice], lang)


def item_name(color: str | None, symbol: str, lang: str = "en") -> str:
    """An item without an article: 'red button' / 'bottone rosso' / 'roter Knopf'."""
    key = f"item.{color}.{symbol}"
    if has(lang, key):
        return t(lang, key)
    return f"{color or ''} {symbol}".strip()


def tile_name(s: State, tile: str, lang: str = "en") -> Term:
    """A tile as the object of a sentence: 'a red button', 'a wild tile', 'the crown relic' (German: accusative,
    ``.dat`` for the dative; Italian ``.obj`` is "lo" or "la" by the tile's gender)."""
    tl = s.c.tiles.get(tile)
    if tl is None:
        return term(lang, "tile.unknown", tile=tile)
    if tl.kind == "wild":
        return term(lang, "tile.wild")
    if tl.kind == "relic":
        key = f"tile.relic.{tile}"
        return term(lang, key) if has(lang, key) else term(lang, "tile.relic", tile=tile)
    key = f"tile.{tl.color}.{tl.symbol}"
    return term(lang, key, gender_of=(f"symbol.{tl.symbol}",)) if has(lang, key) else Term(f"{tl.color} {tl.symbol}")


def prompt(s: State, ask: Ask, lang: str = "en") -> str:
    ctx = ask.context
    who = proper_name(player_name(ask.player, lang))
    mouse = ctx.get("mouse")
    card = ctx.get("card")
    kw: dict[str, Any] = {
        "who": who,
        "mouse": mouse_name(mouse, lang) if mouse else who,
        "n": ctx.get("number"),
        "tile": tile_name(s, ctx.get("tile", ""), lang),
        "card": t(lang, "prompt.return_excess_card", mouse=mouse_name(card, lang)) if card
        else t(lang, "prompt.return_excess_nocard"),
        "over": count(ctx.get("over", 1), "tiles", lang),
        "left": count(ctx.get("left", 1), "tiles", lang),
        "kind": ask.kind.replace("_", " "),
    }
    key = f"prompt.{ask.kind}"
    return cap(t(lang, key if has(lang, key) else "prompt.fallback", **kw))


_SIMPLE = {"stay": "stay", "move_out": "move_out", "jump_on": "jump_on", "decline": "decline",
           "skip_claim": "skip_claim", "trade": "trade", "done": "done", "deliver_done": "deliver_done",
           "market:bin": "market_bin", "market:wild": "market_wild"}


def label(s: State, ask: Ask, option: str, lang: str = "en") -> str:
    return cap(_label(s, ask, option, lang))


def _label(s: State, ask: Ask, option: str, lang: str) -> str:
    ctx = ask.context
    n = ctx.get("number")
    verb, _, rest = option.partition(":")
    L = "label."
    if option == "jump_off":
        return t(lang, L + "jump_off", n=n) if n != 12 else t(lang, L + "jump_off_12")
    if option in _SIMPLE:
        return t(lang, L + _SIMPLE[option], n=n)
    if verb in ("leap", "back"):
        return t(lang, L + verb, n=rest)
    if verb == "claim":
        return t(lang, L + verb, mouse=mouse_name(rest, lang), tile=tile_name(s, ctx.get("tile", ""), lang))
    if verb in ("activate", "throw"):
        return t(lang, L + verb, mouse=mouse_name(rest, lang))
    if verb in ("return", "discard", "pay", "deliver", "take", "return_relic"):
        return t(lang, L + verb, tile=tile_name(s, rest, lang))
    if verb == "give":
        tile, _, to = rest.partition(":")
        return t(lang, L + "give", tile=tile_name(s, tile, lang), mouse=mouse_name(to, lang))
    if verb == "swap":
        a, _, b = rest.partition(":")
        return t(lang, L + "swap", tile=tile_name(s, a, lang), other=tile_name(s, b, lang))
    if verb == "act":
        return _action_label(s, ctx, int(rest), lang)
    if verb in ("pay_favor", "deliver_favor"):
        bonus = s.c.favors[rest].bonus
        item = item_name(bonus[0], bonus[1], lang) if bonus else t(lang, L + "favor_bonus_unknown")
        return t(lang, L + verb, card=rest, item=item)
    if verb == "quest":
        return t(lang, L + "quest", quest=rest, points=count(s.c.quests[rest].points, "points", lang))
    if verb == "hunt":
        _, r, col = rest.split(":")
        return t(lang, L + "hunt", row=int(r) + 1, column=int(col) + 1)
    if verb == "discard_favor":
        return t(lang, L + "discard_favor", card=rest)
    if verb == "scamp":
        return t(lang, L + "scamp", n=rest) if rest != "12" else t(lang, L + "scamp_12")
    if verb == "favor":
        return t(lang, L + "favor", card=rest, actions=_icons_text(s.c.favors[rest].actions, lang))
    if verb == "favor_leap":
        card, _, number = rest.partition(":")
        return t(lang, L + "favor_leap", card=card, n=number)
    if verb == "place":
        mouse, _, number = rest.partition(":")
        return t(lang, L + "place", mouse=mouse_name(mouse, lang), n=number)
    return option


def actions_text(actions: tuple, lang: str = "en") -> str:
    """A token's or a favor card's actions in words, e.g. 'Climb 2, then Spend 2 -> Market'."""
    return _icons_text(actions, lang) or t(lang, "actions.none")


def count(n: int, noun: str, lang: str = "en") -> str:
    """A number with its noun in the right plural form: count(1, "points", "it") -> '1 punto'."""
    return tn(lang, f"count.{noun}", n)


def rule_text(rule: str, lang: str = "en") -> str:
    """A short explanation of a rule id (R48, Q7 ...) in plain words."""
    key = f"rule.{rule}"
    return t(lang, key) if has(lang, key) else t(lang, "rule.unknown", id=rule)


def event_text(s: State, e: dict, lang: str = "en") -> str:
    """One event as a short sentence (the rule ids travel with it separately)."""
    k = e["kind"]
    color = e.get("color")
    who = proper_name(player_name(color, lang) if isinstance(color, str) and color else "")
    mouse = mouse_name(e["mouse"], lang) if e.get("mouse") else Term("")
    kw: dict[str, Any] = {
        "kind": k.replace("_", " "),
        "mouse": mouse,
        "who": who,
        "actor": mouse or who,
        "n": e.get("number"),
        "tile": tile_name(s, e.get("tile", ""), lang),
        "other": tile_name(s, e.get("other", ""), lang),
        "receiver": mouse_name(e["receiver"], lang) if e.get("receiver") else Term(""),
        "giver": mouse_name(e["giver"], lang) if e.get("giver") else Term(""),
        "partner": mouse_name(e["partner"], lang) if e.get("partner") else Term(""),
        "bumped": mouse_list(e.get("bumped") or [], lang),
        "scaler": mouse_name(f"{color}.scaler", lang) if who else Term(""),
        "numbers": _join([str(x) for x in e.get("numbers", [])], lang),
    }
    handed_in = len(e.get("tiles", [])) + len(e.get("bonus_cards", []))
    kw["tiles"] = count(handed_in, "tiles", lang)
    kw["items"] = count(handed_in, "items", lang)
    for name in ("space", "quest", "card", "hour", "round", "start"):
        kw[name] = e.get(name)
    for name, noun in (("points", "points"), ("score", "points"), ("goal", "points"), ("rows", "rows"),
                       ("columns", "columns")):
        kw[name] = count(e[name], noun, lang) if isinstance(e.get(name), int) else e.get(name)
    for name in ("row", "column"):  # shown counted from 1
        kw[name] = e[name] + 1 if isinstance(e.get(name), int) else e.get(name)
    key = f"event.{k}"
    if k == "mouse_jumped_on" and e.get("bumped"):
        key = "event.mouse_jumped_on_bump"
    elif k == "tile_claimed" and e.get("receiver") and e.get("receiver") != e.get("mouse"):
        key = "event.tile_claimed_onto"
    elif k == "scaler_climbed" and e.get("points"):
        key = "event.scaler_climbed_points"
    elif k == "mouse_fled":
        key = "event.mouse_fled_inner" if e.get("ring") == "inner" else "event.mouse_fled_outer"
    elif k == "hunt_board_scored" and not (e.get("rows") and e.get("columns")):  # no "0 rows and 2 columns"
        key = ("event.hunt_board_scored_rows" if e.get("rows") else "event.hunt_board_scored_columns"
               if e.get("columns") else "event.hunt_board_scored_none")
    elif k == "solo_result":
        key = "event.solo_won" if e.get("won") else "event.solo_lost"
    if not has(lang, key):
        key = "event.fallback"
    if k == "cat_paws_placed":  # "paw lands" / "paws land": the plural form follows the number of paws
        kw["n"] = len(e.get("numbers", []))
    return cap(t(lang, key, **kw))


def _join(words: list[str], lang: str) -> str:
    if len(words) <= 1:
        return "".join(words)
    return t(lang, "list.pair", first=t(lang, "list.sep").join(words[:-1]), last=words[-1])


def _icons_text(actions: tuple, lang: str = "en") -> str:
    """'Spend 1 -> Scamp', 'Climb 2', 'Leap', ... for a token's or a card's actions."""
    def icon(i: object) -> str:
        name = getattr(i, "icon", "")
        x = getattr(i, "x", 0)
        to = getattr(i, "to", ())
        if name == "leap":
            return t(lang, "icon.leap_to", to="/".join(map(str, to))) if to else t(lang, "icon.leap", x=x)
        key = f"icon.{name}"
        return t(lang, key, x=x) if has(lang, key) else t(lang, "icon.other", name=name.capitalize(), x=x)

    parts = []
    for act in actions:
        gain = " + ".join(icon(i) for i in act.gain)
        cost = " + ".join(icon(i) for i in act.cost)
        parts.append(t(lang, "actions.cost", cost=cost, gain=gain) if cost else gain)
    if not parts:
        return ""
    text = parts[0]
    for part in parts[1:]:
        text = t(lang, "actions.then", first=text, next=part)
    return text


def _action_label(s: State, ctx: dict, i: int, lang: str = "en") -> str:
    from ..rules.actions import token_actions

    number = ctx.get("number")
    actions = token_actions(s, number) if number is not None else ()
    if not 0 <= i < len(actions):
        return t(lang, "label.act_unknown", n=i + 1)
    return t(lang, "label.act", actions=_icons_text((actions[i],), lang))
