"""Words for what a player reads: card names, prompts, option labels and the log, in English, Italian and German.
Italian uses the edition's terms (elefante, cane, gatto, topo, carta aiuto); see glossary.csv.

The log is public: a ``committed`` event says only who placed a card, never which; the cards appear in the
``revealed`` event, which exists only once everyone has placed theirs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...core.messages import Catalog, cap
from ...core.protocol import Ask
from ..rules.cards import card
from ..rules.state import MiceState

CATALOG = Catalog(Path(__file__).parent / "messages")


def t(lang: str, key: str, **kw: Any) -> str:
    return CATALOG.t(lang, key, **kw)


def animal_name(animal: str, lang: str = "en", plural: bool = False) -> str:
    return t(lang, f"mice.animals.{animal}" if plural else f"mice.animal.{animal}")


def card_name(card_id: str, lang: str = "en") -> str:
    """``Cat 3``: what a face-up card shows (its set is only its back colour)."""
    c = card(card_id)
    return t(lang, "mice.card", animal=cap(animal_name(c.animal, lang)), value=c.value)


def cards_text(cards: list[str], lang: str) -> str:
    return ", ".join(card_name(c, lang) for c in cards) if cards else t(lang, "mice.ui.empty")


def prompt(s: MiceState, ask: Ask, lang: str = "en") -> str:
    if ask.kind == "reveal":
        return t(lang, "mice.prompt.reveal", players=", ".join(ask.context.get("hidden", [])))
    return t(lang, f"mice.prompt.{ask.kind}", player=ask.player)


def label(s: MiceState, ask: Ask, option: str, lang: str = "en") -> str:
    animal, value = option.split(":", 1)[1].split(".")
    return t(lang, "mice.card", animal=cap(animal_name(animal, lang)), value=value)


def event_text(e: dict[str, Any], lang: str = "en") -> str:
    """One line of the log, public by construction: no event carries a card before it is revealed."""
    kind = e["kind"]
    if kind == "setup":
        return t(lang, "mice.ev.setup", centre=cards_text(e["centre"], lang))
    if kind == "committed":
        return t(lang, "mice.ev.committed", player=e["player"])
    if kind == "revealed":
        plays = "; ".join(f"{p} {card_name(c, lang)}" for p, c in e["plays"].items())
        return t(lang, "mice.ev.revealed", round=e["round"], plays=plays)
    if kind == "seeded":
        return t(lang, "mice.ev.seeded")
    if kind == "hunt":
        hunters = cap(animal_name(e["hunter"], lang, plural=True))
        if e["player"] is None:
            return t(lang, "mice.ev.no_hunt", hunters=hunters, values=", ".join(map(str, e["values"])))
        return t(lang, "mice.ev.hunt", hunters=hunters, player=e["player"], card=card_name(e["card"], lang))
    if kind == "captured":
        if not e["cards"]:
            return t(lang, "mice.ev.captured_none", player=e["player"], prey=animal_name(e["prey"], lang, True))
        return t(lang, "mice.ev.captured", player=e["player"], cards=cards_text(e["cards"], lang))
    if kind == "centre":
        return t(lang, "mice.ev.centre", cards=cards_text(e["centre"], lang)) if e["centre"] else \
            t(lang, "mice.ev.centre_empty")
    if kind == "game_end":
        return t(lang, "mice.ev.game_end", winners=", ".join(e["winners"]))
    raise ValueError(f"no text for a Mice! event of kind {kind!r}")
