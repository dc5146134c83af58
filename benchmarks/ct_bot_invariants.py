"""Whole Clocktowers games by the core's bots for 2, 3 and 4 players, checking the rules' invariants after every
choice from the public position data alone (not the engine's own helpers): the 66 cards each in one place, hand
sizes (C4), tower shapes (C5-C7), the height rule (C10), the boxed cards (C3), scores recomputed from C12 and the
end (C11). Prints the figures and every broken invariant; exits 1 if any broke.

    .venv/bin/python benchmarks/ct_bot_invariants.py --games 100
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from collections import Counter
from typing import Any

from hickory_widget.clocktowers import ClocktowersGame, all_cards
from hickory_widget.core.bots import GreedyBot, RandomBot, play

CARDS = all_cards()
POINTS = {(False, False): 5, (True, False): 4, (True, True): 3, (False, True): 2}


def height(t: dict[str, Any]) -> int:
    return sum(CARDS[f].floors for f in t["floors"])


def points(t: dict[str, Any]) -> int:
    if not t["roof"]:
        return 0
    shown = [CARDS[c].animals for c in [*t["floors"], t["clock"]]]
    return POINTS["cats" in shown, "mice" in shown]


def check(game: ClocktowersGame) -> list[str]:
    """Every invariant broken by the game's live position."""
    p = game.position(live=True)
    bad: list[str] = []
    placed = [c for h in p["hands"].values() for c in h] + [c for d in p["decks"].values() for c in d]
    placed += [c for t in p["towers"] for c in [*t["floors"], t["clock"], t["roof"]] if c]
    placed += p["discard"] + p["removed"]
    if Counter(placed) != Counter(list(CARDS)):
        bad.append(f"cards: {len(placed)} placed, doubles {[c for c, n in Counter(placed).items() if n > 1]}")
    if Counter(CARDS[c].kind for c in p["removed"]) != {"roof": 3, "floor": 5}:
        bad.append(f"removed: {p['removed']}")
    decks_left = any(p["decks"].values())
    for player, hand in p["hands"].items():
        want = 2 if (player == p["turn"] and p["step"] == "draw") else 3
        if decks_left and len(hand) != want:
            bad.append(f"{player} holds {len(hand)} cards with decks left (step {p['step']})")
        if len(hand) > 3:
            bad.append(f"{player} holds {len(hand)} cards")
    for deck, pile in p["decks"].items():
        if any(CARDS[c].deck != deck for c in pile):
            bad.append(f"deck {deck} holds a stranger")
    runs: dict[tuple[str, str], list[int]] = {}
    shared = p["options"]["shared_heights"]
    for t in sorted((t for t in p["towers"] if t["roof"]), key=lambda t: t["order"]):
        runs.setdefault(("" if shared else t["owner"], CARDS[t["roof"]].colour or ""), []).append(height(t))
    for t in p["towers"]:
        if not t["floors"] or any(CARDS[f].kind != "floor" for f in t["floors"]):
            bad.append(f"tower {t['id']} floors {t['floors']}")
        if t["clock"] and CARDS[t["clock"]].kind != "clock":
            bad.append(f"tower {t['id']} clock {t['clock']}")
        if t["roof"] and (CARDS[t["roof"]].kind != "roof" or not t["clock"]):
            bad.append(f"tower {t['id']} roof {t['roof']} clock {t['clock']}")
        if (t["order"] is None) != (t["roof"] is None):
            bad.append(f"tower {t['id']} order {t['order']}")
    for key, heights in runs.items():
        if heights[0] not in (1, 2) or any(b != a + 1 for a, b in itertools.pairwise(heights)):
            bad.append(f"heights {key}: {heights}")
    want_scores = {pl: sum(points(t) for t in p["towers"] if t["owner"] == pl) for pl in p["players"]}
    if game.scores != want_scores:
        bad.append(f"scores {game.scores} != {want_scores}")
    if game.over and (decks_left or any(p["hands"].values())):
        bad.append("over with cards left")
    if not game.over and not decks_left and not any(p["hands"].values()):
        bad.append("not over with nothing left")
    return bad


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100, help="games per player count and bot mix")
    args = parser.parse_args()
    broken: list[str] = []
    total_games = total_choices = 0
    start = time.perf_counter()
    print(f"{'players':>7} {'bots':>14} {'games':>6} {'choices':>8} {'s':>6} {'discards/game':>13} {'winner pts':>10}")
    for n in (2, 3, 4):
        for mix in ("random", "greedy", "mixed"):
            t0 = time.perf_counter()
            choices = discards = top = 0
            games = args.games if mix != "greedy" else max(args.games // 4, 1)
            for seed in range(games):
                rng = random.Random(seed)
                options = {"floors_on_others": rng.random() < 0.3, "shared_heights": rng.random() < 0.3}
                game = ClocktowersGame.new(players=n, seed=seed, options=options)
                bots = {p: (RandomBot(seed + i) if mix == "random" or (mix == "mixed" and i % 2) else
                            GreedyBot(seed + i)) for i, p in enumerate(game.state.players)}

                def after(g: ClocktowersGame, seed: int = seed, n: int = n, mix: str = mix) -> None:
                    for b in check(g):
                        broken.append(f"{n}p {mix} seed {seed} step {len(g.history)}: {b}")

                try:
                    choices += play(game, bots, after=after)
                except Exception as exc:  # a crash is a finding, reported with its game
                    broken.append(f"{n}p {mix} seed {seed}: {type(exc).__name__}: {exc}")
                    continue
                if not game.over:
                    broken.append(f"{n}p {mix} seed {seed}: not over after play()")
                discards += sum(1 for e in game.events if e["kind"] == "discarded")
                top += max(game.scores.values())
                if seed % 10 == 0:
                    again = ClocktowersGame.from_json(game.to_json())
                    if again.position(live=True) != game.position(live=True):
                        broken.append(f"{n}p {mix} seed {seed}: save/load differs")
            dt = time.perf_counter() - t0
            total_games += games
            total_choices += choices
            print(f"{n:>7} {mix:>14} {games:>6} {choices:>8} {dt:>6.1f} {discards / games:>13.1f} {top / games:>10.1f}")
    print(f"{total_games} games, {total_choices} choices in {time.perf_counter() - start:.1f} s; "
          f"{len(broken)} broken invariants")
    for b in broken[:40]:
        print("  ", b)
    sys.exit(1 if broken else 0)


if __name__ == "__main__":
    main()
