"""The Mice! part of the widget's view model: plain JSON the drawing module reads (js/board.mjs).

It only reads the game, and only what ``viewer`` may see: that seat's hand and face-down card; of the others,
only that they have placed a card (never which) and how many cards they hold. With ``secrets`` (the shell's "show
hidden cards") every hand and face-down card is shown. The last reveal is described step by step (the plays, then
each hunt in the order of the cycle with what it captured) so the front end can animate it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..rules.cards import ANIMALS, PREY, card
from ..rules.state import HIDDEN
from ..words.labels import animal_name, card_name, event_text, t

if TYPE_CHECKING:  # a hint only: the wings never import the game's top level
    from ..game import MiceGame

UI_KEYS = ("centre", "cycle", "hunts", "face_down", "waiting", "help", "last_round", "replay", "empty")


def card_view(card_id: str, lang: str) -> dict[str, Any]:
    c = card(card_id)
    return {"id": c.id, "animal": c.animal, "value": c.value, "set": c.set, "name": card_name(c.id, lang),
            "animal_name": animal_name(c.animal, lang)}


def last_reveal(game: MiceGame, lang: str) -> dict[str, Any] | None:
    """The last reveal: the centre before it, the plays, and each hunt's outcome with its captures."""
    events = game.last_round()
    if not events:
        return None
    revealed = events[0]
    before: list[str] = []
    for e in reversed(game.events[: game.events.index(revealed)]):
        if e["kind"] in ("centre", "seeded", "setup"):
            before = e["centre"]
            break
    steps = []
    for e in events:
        if e["kind"] == "hunt":
            steps.append({"hunter": e["hunter"], "prey": e["prey"], "player": e["player"], "card": e["card"],
                          "captured": [], "text": event_text(e, lang)})
        elif e["kind"] == "captured":
            steps[-1]["captured"] = list(e["cards"])
            steps[-1]["text"] += " " + event_text(e, lang)
    return {"round": revealed["round"], "round_text": t(lang, "mice.ui.round", n=revealed["round"]),
            "seeded": revealed["phase"] == "seed",
            "plays": [{"player": p, "card": card_view(c, lang)} for p, c in revealed["plays"].items()],
            "before": [card_view(c, lang) for c in before], "steps": steps,
            "summary": event_text(events[-1], lang)}


def board(game: MiceGame, lang: str, viewer: str | None, secrets: bool) -> dict[str, Any]:
    s = game.state
    decision = game.decision
    ids = set(game.choice_ids)
    scores = game.scores
    last = last_reveal(game, lang)
    before = dict(scores)
    pile_before = {p: len(s.piles[p]) for p in s.players}
    for step in (last or {}).get("steps", []):
        if step["player"]:
            before[step["player"]] -= sum(card(c).value for c in step["captured"])
            pile_before[step["player"]] -= len(step["captured"])
    players = []
    for p in s.players:
        sees = secrets or p == viewer
        mine = s.committed.get(p)
        players.append({
            "id": p, "colour": s.colours[p], "to_move": decision is not None and decision.player == p,
            "committed": p in s.committed, "waiting": decision is not None and p in s.waiting,
            "face_down": card_view(mine, lang) if sees and mine not in (None, HIDDEN) else None,
            "score": scores[p], "score_text": t(lang, "mice.ui.points", n=scores[p]),
            "score_before_text": t(lang, "mice.ui.points", n=before[p]),
            "pile": len(s.piles[p]), "pile_text": t(lang, "mice.ui.pile", n=len(s.piles[p])),
            "pile_before_text": t(lang, "mice.ui.pile", n=pile_before[p]),
            "hand": [{**card_view(c, lang), "choice": f"play:{card(c).face}" if f"play:{card(c).face}" in ids
                      and p == (decision.player if decision else None) else None} for c in s.hands[p]]
            if sees else None,
            "hand_text": t(lang, "mice.ui.hidden_hand", n=len(s.hands[p])),
            "hand_title": t(lang, "mice.ui.hand", player=p),
        })
    takers = {step["prey"]: step["player"] for step in (last or {}).get("steps", []) if step["player"]}
    return {
        "phase": s.phase, "round": s.round,
        "round_text": "" if s.phase == "over" else t(lang, "mice.ui.round", n=s.round),
        "seed_text": t(lang, "mice.ui.seed_round") if s.phase == "seed" else "",
        "viewer": viewer,
        "cycle": [{"animal": a, "name": animal_name(a, lang), "plural": animal_name(a, lang, True), "prey": PREY[a]}
                  for a in ANIMALS],
        "help": [{"prey": prey, "name": animal_name(prey, lang, True), "hunter": h,
                  "taken": t(lang, "mice.ui.help_taken", player=takers[prey]) if prey in takers else ""}
                 for h, prey in PREY.items()],
        "centre": [card_view(c, lang) for c in s.centre], "players": players, "last": last,
        "ui": {k: t(lang, f"mice.ui.{k}") for k in UI_KEYS},
    }


def log(game: MiceGame, lang: str) -> list[str]:
    return [event_text(e, lang) for e in game.events]


def result(game: MiceGame, lang: str) -> str:
    """The winner and the standings; where points tie, the captured mice that decided (M14)."""
    standings = game.standings()
    lines = [t(lang, "mice.ui.winner", names=", ".join(game.winners))]
    for st in standings:
        line = f"{st.rank}. {st.player}: {t(lang, 'mice.ui.points', n=st.score)}"
        if any(o.score == st.score and o.player != st.player for o in standings):
            line += f" · {t(lang, 'mice.ui.mice_points', n=st.mice)}"
        lines.append(line)
    return "\n".join(lines)
