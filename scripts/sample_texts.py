"""Draws a seeded, stratified random sample of the texts a learner reads, the same items in English, Italian and
German, and prints them side by side for a native editor's review (issue 19's check; method in
docs/STYLE-review.md).

    .venv/bin/python scripts/sample_texts.py [--seed 19] [--size 270] [--games 12] [--exclude old.txt] [> sample.txt]

``--exclude`` leaves out the items of an earlier sample (a file this script printed), so a new review reads other
items.

Strata (share of the sample): game narration of bot games (Hickory, Clocktowers, Mice!), prompts, choice labels,
why-not answers, lessons (tasks, hints, answers, explanations of right and wrong answers), verdicts of the lessons,
UI strings (widget, shell, what-if panel, classroom app), rule explanations (explain(...)) and the card games'
catalog texts. Items are distinct (by their English text) within a stratum; a text shown twice counts once.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from texts_corpus import LANGS, bot_games, catalog_templates, lesson_texts, log_lines, new_game

from hickory_widget.core.bots import GreedyBot, RandomBot, decide

SHARES = {
    "narration": 0.19, "prompt": 0.07, "choice": 0.09, "why_not": 0.07, "lesson": 0.19, "verdict": 0.07,
    "ui": 0.13, "explain": 0.11, "cards": 0.08,
}
"""The strata and their share of the sample (they add up to 1)."""

Item = dict[str, str]


def _add(pool: dict[str, dict[str, Item]], stratum: str, where: str, texts: dict[str, str]) -> None:
    if texts["en"].strip() and texts["en"] not in pool[stratum]:
        pool[stratum][texts["en"]] = {"where": where, **texts}


def bot_items(pool: dict[str, dict[str, Item]], games: int) -> None:
    """Narration, prompts, choice labels and why-not answers of seeded bot games, aligned across languages."""
    from hickory_widget.hickory.words.why_not import why_not

    for name, players, seed in bot_games(games):
        game = new_game(name, players, seed)
        bots = [RandomBot(seed), GreedyBot(seed)]
        where = f"bot:{name}:{players}p:seed{seed}"
        made = 0
        while not game.over and made < 3000:
            stratum = "prompt" if name == "hickory" else "cards"
            _add(pool, stratum, where + " prompt", {lang: game.decision_in(lang).prompt for lang in LANGS})
            labels = {lang: [c.label for c in game.choices_in(lang)] for lang in LANGS}
            for i in range(len(labels["en"])):
                _add(pool, "choice" if name == "hickory" else "cards", where + " choice",
                     {lang: labels[lang][i] for lang in LANGS})
            if name == "hickory" and made % 5 == 0:
                for c in ("stay", "leap:3", "act:0", "inner:5", "leap:9", "act:1"):
                    _add(pool, "why_not", where + f" why_not {c}", {lang: why_not(game, c, lang) for lang in LANGS})
            game.choose(decide(game, bots[made % 2 if name == "hickory" else 0]))
            made += 1
        logs = {lang: log_lines(name, game, lang) for lang in LANGS}
        for i in range(len(logs["en"])):
            _add(pool, "narration", where + f" log {name}", {lang: logs[lang][i] for lang in LANGS})


def lesson_items(pool: dict[str, dict[str, Item]]) -> None:
    texts = {lang: dict(lesson_texts(lang)) for lang in LANGS}
    for where in texts["en"]:
        _add(pool, "lesson", where, {lang: texts[lang][where] for lang in LANGS})


def verdict_items(pool: dict[str, dict[str, Item]]) -> None:
    """What the lessons answer: right answers, wrong ones and refused ones (do and predict exercises)."""
    from hickory_widget.lessons import curriculum

    for game in ("hickory", "clocktowers", "mice"):
        by_lang = {lang: curriculum(lang, game) for lang in LANGS}
        for li, lesson in enumerate(by_lang["en"]):
            for ei, ex in enumerate(lesson.exercises):
                tries: list[object] = []
                if ex.kind == "do":
                    g = ex.game()
                    ids = list(getattr(g, "choice_ids", []))
                    tries = list(ex.accepted[:1]) + [i for i in ids if i not in ex.accepted][:2]
                    if game == "hickory":
                        tries += ["stay", "leap:7"]
                elif ex.kind == "predict" and ex.mode != "number":
                    tries = [a.id for a in ex.answers]
                elif ex.kind == "predict":
                    tries = [0, 3]
                for answer in tries:
                    try:
                        verdicts = {lang: by_lang[lang][li].exercises[ei].check(answer).message for lang in LANGS}
                    except Exception:  # an answer that is not well-formed for this exercise
                        continue
                    _add(pool, "verdict", f"{ex.key} answer {answer}", verdicts)
                _add(pool, "verdict", f"{ex.key} solution",
                     {lang: by_lang[lang][li].exercises[ei].solution_text() for lang in LANGS})


def catalog_items(pool: dict[str, dict[str, Item]]) -> None:
    for game in ("hickory", "core", "clocktowers", "mice"):
        cats = {lang: catalog_templates(lang, game) for lang in LANGS}
        for key in cats["en"]:
            if key.endswith((".gender", ".plural", ".article", ".dat", ".gen", ".acc", ".obj")) or key.startswith(
                    "door."):
                continue
            if game in ("clocktowers", "mice"):
                stratum = "cards"
            elif key.startswith(("ui.", "shell.", "whatif.", "lesson.")):
                stratum = "ui"
            else:
                continue
            _add(pool, stratum, f"{game}/po {key}", {lang: cats[lang].get(key, "<missing>") for lang in LANGS})


def explain_items(pool: dict[str, dict[str, Item]]) -> None:
    from hickory_widget.hickory.words.explain import explain, explained_ids

    for rid in explained_ids("en"):
        _add(pool, "explain", f"explain({rid})", {lang: explain(rid, lang) for lang in LANGS})


def draw(seed: int, size: int, games: int, exclude: frozenset[str] = frozenset()) -> list[tuple[str, Item]]:
    pool: dict[str, dict[str, Item]] = {s: {} for s in SHARES}
    bot_items(pool, games)
    lesson_items(pool)
    verdict_items(pool)
    catalog_items(pool)
    explain_items(pool)
    rng = random.Random(seed)
    sample = []
    for stratum, share in SHARES.items():
        items = sorted((i for i in pool[stratum].values() if i["en"] not in exclude),
                       key=lambda i: (i["where"], i["en"]))
        want = min(len(items), round(size * share))
        sample += [(stratum, item) for item in rng.sample(items, want)]
    return sample[:size]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=19)
    parser.add_argument("--size", type=int, default=270)
    parser.add_argument("--games", type=int, default=12, help="bot games played for narration and prompts")
    parser.add_argument("--exclude", action="append", default=[], help="an earlier sample whose items to leave out")
    args = parser.parse_args()
    seen = frozenset(line[len("  en: "):] for path in args.exclude
                     for line in Path(path).read_text(encoding="utf-8").splitlines() if line.startswith("  en: "))
    sample = draw(args.seed, args.size, args.games, seen)
    for n, (stratum, item) in enumerate(sample, 1):
        print(f"#{n} [{stratum}] {item['where']}")
        for lang in LANGS:
            print(f"  {lang}: {item[lang]}")
    counts = {s: sum(1 for st, _ in sample if st == s) for s in SHARES}
    print(f"\n{len(sample)} items, seed {args.seed}: {counts}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
