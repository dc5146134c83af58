"""Puzzles from games: seeded bot games reviewed, the positions with one clearly best option kept as *best* exercises.

    nice python scripts/make_puzzles.py --target 120 --minutes 40 > puzzles.log 2>&1 &

Every decision with more than one option from ``--from-hour`` on in seeded bot games (2, 3 and 4 players in turn)
is screened, cheapest test first, and kept as a puzzle only when all of these hold:

1. **The lesson judge agrees.** A best exercise is judged by :func:`~hickory_widget.lessons.lookahead.option_values`
   (every own line to the end of the Tick): it must find exactly one best option, at least one point above the
   next, within ``NODE_BUDGET`` choices (so a learner's answer is judged at once), and the same option again on a
   branch of the position with what nobody has seen dealt anew (the answer must not hang on the bag's order).
2. **The review finds it clearly best.** The review engine (``core.review``: the deciding seat's view, hidden
   tiles drawn anew, every seat played out by the bot) plays each option ``SCREEN`` times with one seed: the best
   option's mean final margin must beat the second best's by more than both 95% intervals plus ``MARGIN`` points
   (best low end - second high end > MARGIN), and it must be the lesson judge's option.
3. **A second review confirms it.** ``CONFIRM`` playouts per option with another seed: the same option, clear by
   the same test.

Variety: at most ``--per-game`` puzzles from one game and at most ``--kind-share`` of the target of one decision
kind (action, claim, spend, …). The lesson file is written after every game, so an interrupted run keeps what it
confirmed; a re-run with the same arguments writes the same file (everything is seeded).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hickory_widget import Game  # noqa: E402
from hickory_widget.core.review import review_engine, rules_of, source_name  # noqa: E402
from hickory_widget.hickory.analysis.whatif import BOTS  # noqa: E402
from hickory_widget.lessons import lookahead  # noqa: E402
from hickory_widget.lessons.exercise import Exercise  # noqa: E402
from hickory_widget.lessons.format import read_lesson  # noqa: E402

OUT = ROOT / "hickory_widget" / "lessons" / "data" / "puzzles" / "puzzles.json"
MARGIN = 2.0
"""Points of expected final margin by which the best option's 95% interval must clear the second best's."""
SCREEN = 12
"""Playouts per option in the first review."""
CONFIRM = 32
"""Playouts per option in the second review (another seed)."""
NODE_BUDGET = 300
"""The most choices the lesson judge may search for one puzzle (the built-in lessons allow 20,000, but a puzzle
should be judged at once)."""
Z = 1.96
LANGS = ("en", "it", "de")


# ------------------------------------------------------------------------------------------------ the games
def bot_game(players: int, seed: int, bot: str) -> Game:
    """A seeded game played to its end by ``bot`` in every seat."""
    game = Game.new(players, seed)
    seats = {p: BOTS[bot](seed * 10 + i) for i, p in enumerate(game.scores)}
    while not game.over:
        game.choose(seats[game.decision.player].choose(game))
    return game


# ------------------------------------------------------------------------------------------------ the tests
def lesson_values(game: Game) -> dict[str, int] | None:
    """The lesson judge's value of each option (points at the end of the Tick), or None if too open to search."""
    try:
        return lookahead.option_values(game, "tick")
    except lookahead.SearchTooLarge:
        return None


def lesson_best(values: dict[str, int] | None) -> str | None:
    """The one option the lesson judge finds best by at least a point, else None."""
    if not values or len(values) < 2:
        return None
    ranked = sorted(values.items(), key=lambda kv: -kv[1])
    return ranked[0][0] if ranked[0][1] >= ranked[1][1] + 1 else None


def sample(game: Game, playouts: int, seed: int) -> dict[str, dict[str, Any]]:
    """The review engine's playouts of every option: each option's mean final margin of the decider, its 95%
    interval, and the decider's mean points by source (``"<source>|<rules>"``)."""
    engine = review_engine(game)
    start = engine.start(game)
    me = list(game.scores).index(game.decision.player)
    out = {}
    for option in game.choice_ids:
        rows = engine.seat_batch(start, option, range(playouts), "greedy", seed)
        mine = [r[0][me] for r in rows]
        mean = statistics.fmean(mine)
        half = Z * statistics.stdev(mine) / math.sqrt(len(mine)) if len(mine) > 1 else math.inf
        keys = {k for r in rows for k in r[1]}
        out[option] = {"mean": mean, "low": mean - half, "high": mean + half,
                       "by": {k: statistics.fmean(r[1].get(k, 0) for r in rows) for k in keys}}
    return out


def clear_best(stats: dict[str, dict[str, Any]], margin: float) -> tuple[str, str] | None:
    """(best, second) when the best option's interval clears the second best's by more than ``margin``."""
    ranked = sorted(stats, key=lambda o: -stats[o]["mean"])
    best, second = ranked[0], ranked[1]
    return (best, second) if stats[best]["low"] - stats[second]["high"] > margin else None


def robust(game: Game, best: str, seed: int) -> bool:
    """The lesson judge finds ``best`` again with what nobody has seen dealt anew."""
    return lesson_best(lesson_values(game.branch(seed))) == best


# ------------------------------------------------------------------------------------------------ the texts
TASK = {
    "en": "You play {color}. {question} Which option is best? (Your answer is checked to the end of this Tick, "
          "and every puzzle here was also played out to the end of the game.)",
    "it": "Giochi con {color}. {question} Qual è la scelta migliore? (La risposta è verificata fino alla fine di "
          "questo Tic; ogni enigma qui è stato anche giocato fino alla fine della partita.)",
    "de": "Du spielst {color}. {question} Welche Wahl ist die beste? (Deine Antwort wird bis zum Ende dieses "
          "Ticktacks geprüft; jedes Rätsel hier wurde außerdem bis zum Spielende durchgespielt.)",
}
HINT_SOURCE = {
    "en": "Where do the points differ? Look at this: {source}.",
    "it": "Dove cambiano i punti? Guarda qui: {source}.",
    "de": "Wo unterscheiden sich die Punkte? Schau hierauf: {source}.",
}
HINT_COUNT = {
    "en": "Count the points each option can bring you before the hand moves on.",
    "it": "Conta i punti che ogni scelta può portarti prima che la lancetta avanzi.",
    "de": "Zähl die Punkte, die dir jede Wahl bringen kann, bevor der Zeiger weiterrückt.",
}
EXPLAIN = {
    "en": "“{best}” is best. By the end of this Tick it brings you {v1} points, against {v2} for “{second}”, the "
          "next best option. Played out to the end of the game it leaves you about {gap} points further ahead "
          "({why}).",
    "it": "«{best}» è la scelta migliore. Entro la fine di questo Tic ti porta {v1} punti, contro {v2} di "
          "«{second}», la seconda scelta. Giocando fino alla fine della partita chiudi con circa {gap} punti di "
          "vantaggio in più ({why}).",
    "de": "„{best}“ ist die beste Wahl. Bis zum Ende dieses Ticktacks bringt sie dir {v1} Punkte, „{second}“, die "
          "nächstbeste Wahl, nur {v2}. Bis zum Spielende durchgespielt liegst du damit um etwa {gap} Punkte weiter "
          "vorn ({why}).",
}
GAIN = "{source} +{points} ({rules})"
"""One source of the gain in any language: the review's name of the source, the points, its rule ids."""


def number(value: float, lang: str) -> str:
    """One decimal, with the language's decimal sign."""
    text = f"{value:.1f}"
    return text if lang == "en" else text.replace(".", ",")


WRONG = {
    "en": "Another option brings more. Compare what each one scores before the Tick ends.",
    "it": "Un'altra scelta porta di più. Confronta quanto fa ciascuna prima della fine del Tic.",
    "de": "Eine andere Wahl bringt mehr. Vergleiche, was jede bis zum Ende des Ticktacks einbringt.",
}
TITLE = {"en": "Puzzles from games", "it": "Enigmi dalle partite", "de": "Rätsel aus Partien"}
GOAL = {"en": "Find the best option in positions from real games, late in the game where every point counts",
        "it": "Trova la scelta migliore in posizioni di partite vere, verso la fine, quando ogni punto conta",
        "de": "Finde die beste Wahl in Stellungen aus echten Partien, spät im Spiel, wo jeder Punkt zählt"}


def gains(stats: dict[str, dict[str, Any]], best: str, second: str) -> list[tuple[str, float]]:
    """Sources the best option's line earns more points from than the second best's, largest first."""
    by_b, by_s = stats[best]["by"], stats[second]["by"]
    diff = {k: by_b.get(k, 0.0) - by_s.get(k, 0.0) for k in set(by_b) | set(by_s)}
    return sorted(((k, v) for k, v in diff.items() if v >= 0.5), key=lambda kv: -kv[1])


def task(game: Game, lang: str) -> str:
    """The puzzle's task: the decision's prompt as a sentence (capital first, full stop last) in the frame."""
    color = game.decision.player
    question = game.decision_in(lang).prompt.removeprefix(f"{color}:").strip()
    question = question[:1].upper() + question[1:]
    if not question.endswith((".", "?", "!")):
        question += "."
    return TASK[lang].format(color=game.player_name(color, lang), question=question)


def retext(path: Path) -> int:
    """Writes every puzzle's task again from today's catalogs (after a change to a prompt's words); the answers,
    hints and explanations stay."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    data = read_lesson(raw, str(path))
    changed = 0
    for d, e in zip(data.exercises, raw["exercises"], strict=True):
        game = Exercise(d, "en", "puzzles").game()
        new = {lang: task(game, lang) for lang in LANGS}
        changed += new != e["task"]
        e["task"] = new
    path.write_text(dump(lesson(raw["exercises"])), encoding="utf-8")
    print(f"tasks written again: {changed} of {len(raw['exercises'])} changed in {path}")
    return 0


def texts(game: Game, best: str, second: str, values: dict[str, int], stats: dict[str, dict[str, Any]],
          won: list[tuple[str, float]]) -> dict[str, Any]:
    """The exercise's task, hints, explanation and wrong-answer text in en/it/de."""
    out: dict[str, Any] = {"task": {}, "hints": [{}, {}], "explanation": {}, "wrong": {"*": dict(WRONG)}}
    gap = stats[best]["mean"] - stats[second]["mean"]
    for lang in LANGS:
        labels = {c.id: c.label for c in game.choices_in(lang)}
        out["task"][lang] = task(game, lang)
        out["hints"][0][lang] = HINT_SOURCE[lang].format(source=source_name(won[0][0], lang))
        out["hints"][1][lang] = HINT_COUNT[lang]
        why = "; ".join(GAIN.format(source=source_name(k, lang), points=number(v, lang), rules=", ".join(rules_of(k)))
                        for k, v in won[:3])
        out["explanation"][lang] = EXPLAIN[lang].format(best=labels[best], second=labels[second], v1=values[best],
                                                        v2=values[second], gap=number(gap, lang), why=why)
    return out


def exercise(game: Game, ident: str, best: str, second: str, values: dict[str, int],
             stats: dict[str, dict[str, Any]], won: list[tuple[str, float]]) -> dict[str, Any]:
    """The puzzle as a lesson file's best exercise: the last Tick boundary's position and the choices since."""
    at = game._checkpoints[-1][0] if game._checkpoints else 0  # where position() was taken
    rules = list(dict.fromkeys(r for k, _ in won for r in rules_of(k)))
    return {"id": ident, "kind": "best", "position": game.position(), "before": game.history[at:],
            "horizon": "tick", "answers": [best], "rules": rules, **texts(game, best, second, values, stats, won)}


def lesson(exercises: list[dict[str, Any]]) -> dict[str, Any]:
    rules = sorted({r for e in exercises for r in e["rules"]},
                   key=lambda r: (r[0], int("".join(filter(str.isdigit, r))), r))
    return {"format": "hickory-lesson", "version": 1, "id": "puzzles", "order": 20, "title": TITLE, "goal": GOAL,
            "rules": rules, "exercises": exercises}


def dump(data: dict[str, Any]) -> str:
    """The lesson as JSON text, one exercise a line (a position is long; a line each keeps diffs readable)."""
    head = {k: v for k, v in data.items() if k != "exercises"}
    lines = [json.dumps(e, ensure_ascii=False) for e in data["exercises"]]
    return json.dumps(head, ensure_ascii=False)[:-1] + ', "exercises": [\n' + ",\n".join(lines) + "\n]}\n"


def verify(ex: dict[str, Any], game: Game) -> bool:
    """The exercise reads with the lesson format's checker, reaches the same decision and its judge agrees."""
    data = read_lesson(lesson([ex]), "<puzzle>").exercises[0]
    e = Exercise(data, "en", "puzzles")
    g = e.game()
    return (g.decision.player == game.decision.player and g.choice_ids == game.choice_ids
            and e.solution() == ex["answers"])


# ------------------------------------------------------------------------------------------------ the run
def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--target", type=int, default=120, help="stop once this many puzzles are confirmed")
    ap.add_argument("--minutes", type=float, default=45.0, help="stop after this long (the file is kept)")
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=400, help="at most this many games")
    ap.add_argument("--from-hour", type=int, default=10, help="screen decisions from this hour (round) on")
    ap.add_argument("--bot", default="greedy", help="the bot that plays the games (and the review's playouts)")
    ap.add_argument("--margin", type=float, default=MARGIN)
    ap.add_argument("--per-game", type=int, default=4)
    ap.add_argument("--kind-share", type=float, default=0.3, help="most of the target one decision kind may take")
    ap.add_argument("--skip-kinds", default="", help="decision kinds not to screen, comma-separated")
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--recheck", type=int, default=0,
                    help="only re-review this many puzzles of --out (picked by a seed) with a fresh seed, and stop")
    ap.add_argument("--keep-confirmed", action="store_true",
                    help="with --recheck: rewrite --out with only the puzzles the re-review confirms (best and clear)")
    ap.add_argument("--retext", action="store_true", help="only write every puzzle's task again, and stop")
    ap.add_argument("--merge", type=Path, nargs="+", help="only merge these puzzle files into --out, and stop")
    args = ap.parse_args(argv)
    if args.merge:
        merged = [e for path in args.merge for e in json.loads(path.read_text(encoding="utf-8"))["exercises"]]
        unique = list({e["id"]: e for e in merged}.values())
        args.out.write_text(dump(lesson(unique)), encoding="utf-8")
        print(f"merged {len(unique)} puzzles from {len(args.merge)} files into {args.out}")
        return 0
    if args.retext:
        return retext(args.out)
    if args.recheck:
        return recheck(args.out, args.recheck, args.margin, keep=args.keep_confirmed)
    skip = set(filter(None, args.skip_kinds.split(",")))
    lookahead.NODE_LIMIT = NODE_BUDGET  # the judge's own limit, lowered for puzzles (read when it runs)
    began = time.monotonic()
    cap = max(1, int(args.kind_share * args.target))
    kinds: Counter[str] = Counter()
    count = Counter()
    puzzles: list[dict[str, Any]] = []
    print(f"puzzles: margin {args.margin} points, screen {SCREEN} / confirm {CONFIRM} playouts per option, "
          f"lesson judge budget {NODE_BUDGET} choices, bot {args.bot}, from hour {args.from_hour}", flush=True)
    for n in range(args.games):
        if len(puzzles) >= args.target or time.monotonic() - began > 60 * args.minutes:
            break
        seed, players = args.first_seed + n, 2 + n % 3
        t0 = time.monotonic()
        game = bot_game(players, seed, args.bot)
        count["games"] += 1
        replay = Game.new(players, seed)
        kept_here = 0
        for step, entry in enumerate(game.history):
            d = replay.decision
            if (kept_here < args.per_game and d is not None and len(replay.choice_ids) > 1
                    and replay.state.hour >= args.from_hour and kinds[d.kind] < cap and d.kind not in skip):
                count["screened"] += 1
                found = judge(replay, seed, step, args.margin, count)
                if found is not None:
                    ex = exercise(replay, f"g{seed}-{players}p-{step}", *found)
                    if verify(ex, replay):
                        puzzles.append(ex)
                        kinds[d.kind] += 1
                        kept_here += 1
                        count["confirmed"] += 1
                    else:
                        count["unverified"] += 1
            replay.choose(entry)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        if puzzles:
            args.out.write_text(dump(lesson(puzzles)), encoding="utf-8")
        print(f"game {seed} ({players}p): {time.monotonic() - t0:.0f} s; so far {dict(count)}; "
              f"kinds {dict(kinds)}; {time.monotonic() - began:.0f} s", flush=True)
    print(f"done: {len(puzzles)} puzzles from {count['games']} games in {time.monotonic() - began:.0f} s; "
          f"screened {count['screened']}, lesson judge clear {count['judge_clear']}, kept by the first review "
          f"{count['kept']}, confirmed {count['confirmed']}; mix {dict(kinds)}; file {args.out}", flush=True)
    return 0


def recheck(path: Path, n: int, margin: float, keep: bool = False) -> int:
    """Re-reviews ``n`` puzzles of a file (all of them if ``n`` is at least their number) with a fresh seed and
    today's bots: how many still have their answer best, and clearly best (by ``margin``). With ``keep`` the file
    is rewritten with only those still clearly best, in their order: after a change to the bot (the review's
    playout policy), every puzzle left was confirmed by it."""
    import random

    raw = json.loads(path.read_text(encoding="utf-8"))
    data = read_lesson(raw, str(path))
    everything = list(data.exercises)
    picked = everything if n >= len(everything) else random.Random(2027).sample(everything, n)
    best = clear = 0
    confirmed: set[str] = set()
    began = time.monotonic()
    for i, d in enumerate(picked):
        game = Exercise(d, "en", "puzzles").game()
        stats = sample(game, CONFIRM, 777_000 + i)
        top = max(stats, key=lambda o: stats[o]["mean"])
        best += top == d.answers[0]
        pair = clear_best(stats, margin)
        if pair is not None and pair[0] == d.answers[0]:
            clear += 1
            confirmed.add(d.id)
        if top != d.answers[0]:
            print(f"  {d.id}: the review now prefers {top} ({stats[top]['mean']:.1f}) to {d.answers[0]} "
                  f"({stats[d.answers[0]]['mean']:.1f})", flush=True)
        elif d.id not in confirmed:
            print(f"  {d.id}: still best, no longer clear by {margin} points", flush=True)
        if (i + 1) % 10 == 0:
            print(f"  {i + 1} of {len(picked)} re-reviewed, {clear} confirmed; {time.monotonic() - began:.0f} s",
                  flush=True)
    print(f"recheck: {len(picked)} puzzles, answer still best {best}, still clear by {margin} points {clear}; "
          f"{time.monotonic() - began:.0f} s", flush=True)
    if keep:
        kept = [e for e in raw["exercises"] if e["id"] in confirmed or e["id"] not in {d.id for d in picked}]
        path.write_text(dump(lesson(kept)), encoding="utf-8")
        print(f"kept {len(kept)} of {len(raw['exercises'])} puzzles in {path}", flush=True)
    return 0


def judge(game: Game, seed: int, step: int, margin: float, count: Counter) -> tuple[Any, ...] | None:
    """(best, second, lesson values, confirming stats, gains) if the decision passes every test, else None."""
    values = lesson_values(game)
    best = lesson_best(values)
    if best is None or not robust(game, best, 7919 + step):
        return None
    count["judge_clear"] += 1
    try:
        first = sample(game, SCREEN, seed * 1000 + step)
    except Exception as exc:  # an engine failure on one position: reported, the run goes on
        count["engine_errors"] += 1
        print(f"  review failed at game {seed} step {step}: {type(exc).__name__}: {exc}", flush=True)
        return None
    pair = clear_best(first, margin)
    if pair is None or pair[0] != best:
        return None
    count["kept"] += 1
    second_review = sample(game, CONFIRM, 10**6 + seed * 1000 + step)
    pair = clear_best(second_review, margin)
    if pair is None or pair[0] != best:
        count["refuted"] += 1
        return None
    won = gains(second_review, *pair)
    if not won or pair[1] not in values:
        count["no_reason"] += 1
        return None
    return pair[0], pair[1], values, second_review, won


if __name__ == "__main__":
    raise SystemExit(main())
