"""The Clocktowers part of the widget's view model: plain JSON the drawing module reads (js/board.mjs).

It only reads the game. The hand of the player to decide is shown (the table is shared, hot-seat), the others'
hands only as a count unless secrets are shown; the order of the decks under their top cards, the cards removed at
setup and the discarded cards are never sent unless secrets are shown (then the discards are).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.messages import cap
from ..rules.cards import COLOURS, card
from ..rules.heights import allowed_heights, sequence
from ..rules.scoring import VALUES, animals, tower_points
from ..rules.state import Tower, TowersState
from ..rules.turn import targets
from ..words.labels import card_name, deck_name, event_text, t

if TYPE_CHECKING:  # a hint only: the wings never import the game's top level
    from ..game import ClocktowersGame

UI_KEYS = ("new_tower", "discard_pile", "pick_card", "pick_place", "pick_deck", "to_move", "empty", "complete",
           "incomplete", "legend")


def card_view(card_id: str, lang: str) -> dict[str, Any]:
    c = card(card_id)
    return {"id": c.id, "kind": c.kind, "floors": c.floors, "animals": c.animals, "colour": c.colour,
            "name": card_name(c.id, lang), "colour_name": t(lang, f"ct.colour.{c.colour}") if c.colour else None}


def tower_points_text(tw: Tower, lang: str, over: bool) -> str:
    """What a tower is worth: its points once complete; before that, what a roof would make it worth now; at the
    end, an incomplete tower says it scored nothing (C12)."""
    if tw.complete:
        return t(lang, "ct.ui.points", n=tower_points(tw))
    if over:
        return f"{t(lang, 'ct.ui.incomplete')}: {t(lang, 'ct.ui.points', n=0)}"
    return t(lang, "ct.ui.unfinished", n=VALUES[animals(tw)])


def tower_view(tw: Tower, lang: str, over: bool = False) -> dict[str, Any]:
    return {
        "id": tw.id, "owner": tw.owner, "floors": [card_view(f, lang) for f in tw.floors],
        "clock": card_view(tw.clock, lang) if tw.clock else None,
        "roof": card_view(tw.roof, lang) if tw.roof else None, "complete": tw.complete,
        "height_text": t(lang, "ct.ui.height", n=tw.height), "points": tower_points(tw),
        "points_text": tower_points_text(tw, lang, over),
    }


def next_roofs(game: ClocktowersGame, player: str, lang: str) -> list[str]:
    """The height each begun colour sequence asks for next (C10)."""
    s = game.state
    out = []
    for colour in COLOURS:
        if sequence(s, player, colour):
            out.append(t(lang, "ct.ui.next_roof", colour=t(lang, f"ct.colour.{colour}"),
                         heights=heights_text(s, player, colour, lang)))
    return out


TOWER_EVENTS = ("tower_started", "floor_added", "clock_placed", "tower_completed")


def recent_towers(game: ClocktowersGame, mover: str | None) -> dict[str, str]:
    """The towers the other players changed since ``mover``'s last turn, with who changed them: a bot's turn goes
    by in an instant, so the board marks what it did."""
    out: dict[str, str] = {}
    for e in reversed(game.events):
        if e.get("player") == mover or e["kind"] == "setup":
            break
        if e["kind"] in TOWER_EVENTS:
            out.setdefault(e["tower"], e["player"])
    return out


def heights_text(s: TowersState, player: str, colour: str, lang: str) -> str:
    return f" {t(lang, 'ct.ui.or')} ".join(str(h) for h in allowed_heights(s, player, colour))


def why(s: TowersState, player: str, lang: str) -> dict[str, str]:
    """For each card of the hand, where a card of its kind may go and, when nowhere now, that it can be discarded:
    what a newcomer reads on picking a card whose places are few or none (C5-C8, C10)."""
    out = {}
    for cid in s.hands[player]:
        c = card(cid)
        name = cap(card_name(cid, lang))
        anywhere = s.options.get("tops_on_others", True)
        if c.kind == "floor":
            text = t(lang, "ct.why.floor_others" if s.options.get("floors_on_others", True) else "ct.why.floor",
                     card=name)
        elif c.kind == "clock":
            text = t(lang, "ct.why.clock_any" if anywhere else "ct.why.clock", card=name)
        else:
            text = t(lang, "ct.why.roof_any" if anywhere else "ct.why.roof", card=name,
                     heights=heights_text(s, player, c.colour or "", lang))
        if not targets(s, player, cid):
            text += " " + t(lang, "ct.why.nowhere")
        out[cid] = text
    return out


def plays_by_card(choice_ids: list[str], labels: dict[str, str] | None = None) -> dict[str, list[dict[str, str]]]:
    """For each card of the hand, where it may go: ``{"where": "t3" | "new" | "discard", "id": choice id,
    "label": the choice's words}`` (the label names the place for screen readers)."""
    out: dict[str, list[dict[str, str]]] = {}
    labels = labels or {}
    for cid in choice_ids:
        verb, rest = cid.split(":", 1)
        if verb == "play":
            card_id, where = rest.split(":")
            out.setdefault(card_id, []).append({"where": where, "id": cid, "label": labels.get(cid, cid)})
        elif verb == "discard":
            out.setdefault(rest, []).append({"where": "discard", "id": cid, "label": labels.get(cid, cid)})
    return out


def board(game: ClocktowersGame, lang: str, secrets: bool) -> dict[str, Any]:
    s = game.state
    decision = game.decision
    mover = decision.player if decision else None
    kind = decision.kind if decision else None
    ids = game.choice_ids
    scores = game.scores
    recent = recent_towers(game, mover) if mover else {}
    players = []
    for p in s.players:
        shown = secrets or p == mover
        players.append({
            "id": p, "to_move": p == mover, "score": scores[p], "score_text": t(lang, "ct.ui.points", n=scores[p]),
            "hand": [card_view(c, lang) for c in s.hands[p]] if shown else None,
            "hand_text": t(lang, "ct.ui.hidden_hand", n=len(s.hands[p])),
            "hand_title": t(lang, "ct.ui.hand", player=p),
            "towers": [{**tower_view(tw, lang, game.over),
                        "recent": t(lang, "ct.ui.recent", player=recent[tw.id]) if tw.id in recent else None}
                       for tw in s.towers_of(p)],
            "next_roofs": next_roofs(game, p, lang) if not game.over else [],
        })
    decks = []
    for d, pile in s.decks.items():
        choice = f"draw:{d}"
        decks.append({"deck": d, "name": deck_name(d, lang), "count": len(pile),
                      "count_text": t(lang, "ct.ui.deck_left", n=len(pile)),
                      "top": card_view(pile[0], lang) if pile else None,
                      "choice": choice if choice in ids else None,
                      "label": next((c.label for c in game.choices_in(lang) if c.id == choice), None)})
    return {
        "kind": kind, "players": players, "decks": decks,
        "plays": plays_by_card(ids, {c.id: c.label for c in game.choices_in(lang)}) if kind == "play" else {},
        "why": why(s, mover, lang) if kind == "play" and mover else {},
        "discard_count": len(s.discard), "discard_text": t(lang, "ct.ui.discard", n=len(s.discard)),
        "discards": [card_view(c, lang) for c in s.discard] if secrets else None,
        "removed_text": t(lang, "ct.ui.removed", n=len(s.removed)),
        "ui": {k: t(lang, f"ct.ui.{k}") for k in UI_KEYS},
    }


def log(game: ClocktowersGame, lang: str, secrets: bool) -> list[str]:
    return [event_text(e, lang, secrets) for e in game.events]


def result(game: ClocktowersGame, lang: str) -> str:
    """The winner and the standings; where points tie, the floors of the highest mouse and cat that decided
    (C13)."""
    standings = game.standings()
    lines = [t(lang, "ct.ui.winner", names=", ".join(game.winners))]
    for st in standings:
        line = f"{st.rank}. {st.player}: {t(lang, 'ct.ui.points', n=st.score)}"
        tied = [o for o in standings if o.score == st.score and o.player != st.player]
        if tied:
            mouse = t(lang, "ct.ui.mouse_floor", n=st.mouse_floor) if st.mouse_floor else t(lang, "ct.ui.no_mouse")
            line += f" · {mouse}"
            if any(o.mouse_floor == st.mouse_floor for o in tied):
                line += f" · {t(lang, 'ct.ui.cat_floor', n=st.cat_floor)}"
        lines.append(line)
    return "\n".join(lines)
