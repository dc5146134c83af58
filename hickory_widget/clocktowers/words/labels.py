"""Words for what a player reads: card names, prompts, option labels and the log, in English, Italian and German.
Italian uses the edition's terms (Carta Piano, Orologio, Tetto, Torre dell'Orologio); see glossary.csv."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...core.messages import Catalog, cap
from ...core.protocol import Ask
from ..rules.cards import card
from ..rules.state import TowersState

CATALOG = Catalog(Path(__file__).parent / "messages")


def t(lang: str, key: str, **kw: Any) -> str:
    return CATALOG.t(lang, key, **kw)


def card_name(card_id: str, lang: str = "en") -> str:
    return t(lang, f"ct.card.{card(card_id).type}")


def deck_name(deck: str, lang: str = "en") -> str:
    return t(lang, f"ct.deck.{deck}")


def prompt(s: TowersState, ask: Ask, lang: str = "en") -> str:
    return t(lang, f"ct.prompt.{ask.kind}", player=ask.player)


def label(s: TowersState, ask: Ask, option: str, lang: str = "en") -> str:
    verb, rest = option.split(":", 1)
    if verb == "draw":
        return t(lang, "ct.choice.draw", deck=deck_name(rest, lang), card=card_name(s.decks[rest][0], lang))
    if verb == "discard":
        return t(lang, "ct.choice.discard", card=card_name(rest, lang))
    card_id, where = rest.split(":")
    name = cap(card_name(card_id, lang))
    if where == "new":
        return t(lang, "ct.choice.new", card=name)
    tower = s.tower(where)
    if tower is not None and tower.owner != ask.player:
        return t(lang, "ct.choice.tower_of", card=name, tower=where, owner=tower.owner)
    return t(lang, "ct.choice.tower", card=name, tower=where)


def event_text(e: dict[str, Any], lang: str = "en", secrets: bool = False) -> str:
    """One line of the log. A discarded card stays face down unless ``secrets``."""
    kind = e["kind"]
    kw = {k: v for k, v in e.items() if k not in ("kind", "rules")}
    if kw.get("card"):
        kw["card"] = card_name(kw["card"], lang)
    if "deck" in kw:
        kw["deck"] = deck_name(kw["deck"], lang)
    if kind == "setup":
        return t(lang, "ct.ev.setup", n=e["removed"], first=e["first"])
    if kind == "discarded" and secrets:
        return t(lang, "ct.ev.discarded_seen", **kw)
    if kind == "game_end":
        return t(lang, "ct.ev.game_end", winners=", ".join(e["winners"]))
    return t(lang, f"ct.ev.{kind}", **kw)
