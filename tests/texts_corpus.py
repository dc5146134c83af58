"""Every text a learner reads, gathered per language: the four catalogs, the lessons' texts, the rule
explanations, and what bot games print (prompts, choice labels, log lines, why-not answers, results).
tests/test_terms.py checks them; scripts/check_texts.py runs the same checks over more bot games.
"""

from __future__ import annotations

import json
import string
from collections.abc import Iterator
from pathlib import Path

from hickory_widget.core.bots import GreedyBot, RandomBot, decide

PACKAGE = Path(__file__).resolve().parents[1] / "hickory_widget"
GAMES = ("hickory", "core", "clocktowers", "mice")
LESSONS = PACKAGE / "lessons" / "data"
LANGS = ("en", "it", "de")

PROGRAMMER_KEYS = ("door.",)
"""Catalog keys written for the programmer of a front end (a malformed message names the field it lacks), not
for a learner: the identifier check leaves them out, every other check reads them."""


def catalog_templates(lang: str, game: str) -> dict[str, str]:
    """Every key of one game's catalog with its template (a plural message: every form joined by ' | ')."""
    from babel.messages.pofile import read_po

    with (PACKAGE / game / ("messages" if game == "core" else "words/messages") / f"{lang}.po").open("rb") as f:
        po = read_po(f, locale=lang)
    out = {}
    for m in po:
        if not m.id:
            continue
        key = m.id if isinstance(m.id, str) else m.id[0]
        out[key] = m.string if isinstance(m.string, str) else " | ".join(m.string)
    return out


def without_fields(template: str) -> str:
    """A template with its {placeholders} taken out (their names are code, filled in before anyone reads)."""
    return "".join(literal + ("…" if name is not None else "")
                   for literal, name, _, _ in string.Formatter().parse(template))


def catalog_texts(lang: str) -> Iterator[tuple[str, str]]:
    for game in GAMES:
        for key, template in catalog_templates(lang, game).items():
            if key.endswith((".gender", ".plural", ".article")):
                continue
            yield f"{game}/{lang}.po {key}", template


def _walk(node: object, path: str, lang: str) -> Iterator[tuple[str, str]]:
    if isinstance(node, dict):
        if lang in node and isinstance(node[lang], str) and set(node) <= set(LANGS):
            yield path, node[lang]
            return
        for k, v in node.items():
            yield from _walk(v, f"{path}/{k}", lang)
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _walk(v, f"{path}[{i}]", lang)


def lesson_texts(lang: str) -> Iterator[tuple[str, str]]:
    """The text fields ({"en": ..., "it": ..., "de": ...}) of every lesson file."""
    for f in sorted(LESSONS.rglob("*.json")):
        yield from _walk(json.loads(f.read_text(encoding="utf-8")), f"lessons/{f.relative_to(LESSONS)}", lang)


def new_game(name: str, players: int, seed: int):
    if name == "hickory":
        from hickory_widget.hickory.game import Game
        return Game.new(players, seed=seed)
    if name == "mice":
        from hickory_widget.mice import MiceGame
        return MiceGame.new(players, seed=seed)
    from hickory_widget.clocktowers import ClocktowersGame
    return ClocktowersGame.new(players, seed=seed)


PLAYERS = {"hickory": (1, 2, 3, 4), "clocktowers": (2, 3, 4), "mice": (3, 4, 5, 6)}


def bot_game_texts(name: str, players: int, seed: int, langs: tuple[str, ...] = LANGS,
                   limit: int = 3000) -> dict[str, list[str]]:
    """Plays one game with seeded bots (random and greedy seats) and returns, per language, every prompt, choice
    label, log line and the result a learner watching it would read."""
    game = new_game(name, players, seed)
    out: dict[str, list[str]] = {lang: [] for lang in langs}
    bots = [RandomBot(seed), GreedyBot(seed)]
    made = 0
    while not game.over and made < limit:
        for lang in langs:
            d = game.decision_in(lang)
            out[lang].append(d.prompt)
            out[lang].extend(c.label for c in game.choices_in(lang))
            if name == "hickory" and made % 7 == 0:  # why-not answers for options a learner might try
                from hickory_widget.hickory.words.why_not import why_not
                out[lang].extend(why_not(game, c, lang) for c in ("stay", "leap:3", "act:0", "inner:5"))
        game.choose(decide(game, bots[made % 2 if name == "hickory" else 0]))
        made += 1
    for lang in langs:
        out[lang].extend(log_lines(name, game, lang))
    return out


def log_lines(name: str, game, lang: str) -> list[str]:
    if name == "hickory":
        from hickory_widget.hickory.words.labels import event_text
        return [event_text(game.state, e, lang) for e in game.events]
    if name == "mice":
        from hickory_widget.mice.board import view
        return [*view.log(game, lang), view.result(game, lang)] if game.over else view.log(game, lang)
    from hickory_widget.clocktowers.board import view as ct_view
    lines = ct_view.log(game, lang, True)
    return [*lines, ct_view.result(game, lang)] if game.over else lines


def bot_games(count: int) -> list[tuple[str, int, int]]:
    """``count`` games spread over the three games and their player counts, seeds 1, 2, 3 ..."""
    plan = [(name, p) for name in PLAYERS for p in PLAYERS[name]]
    return [(plan[i % len(plan)][0], plan[i % len(plan)][1], 1 + i // len(plan)) for i in range(count)]
