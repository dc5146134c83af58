"""Plays bot games of all three games (1-6 players, several seeds) and reads every text they print in English,
Italian and German with the checks of tests/test_terms.py: Italian mouse names with their articles, the editions'
words, no code names, no zero counts, one English spelling. The test suite plays 30 games; this plays 60 or more.

    .venv/bin/python scripts/check_texts.py [--games 60]

Prints how many games and texts were read, the time taken, and every problem found (exit status 1 if any).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from test_terms import option_keys, problems
from texts_corpus import bot_game_texts, bot_games


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=60, help="how many bot games to play (default 60)")
    args = parser.parse_args()
    keys = option_keys()
    start = time.perf_counter()
    texts: dict[str, int] = {"en": 0, "it": 0, "de": 0}
    distinct: dict[str, set[str]] = {"en": set(), "it": set(), "de": set()}
    found: set[str] = set()
    games = bot_games(args.games)
    for name, players, seed in games:
        for lang, lines in bot_game_texts(name, players, seed).items():
            texts[lang] += len(lines)
            for line in set(lines) - distinct[lang]:
                distinct[lang].add(line)
                found.update(problems(lang, f"bot:{name}:{players}p:seed{seed}", line, keys))
    took = time.perf_counter() - start
    per_game = {g: sum(1 for n, _, _ in games if n == g) for g in ("hickory", "clocktowers", "mice")}
    print(f"games: {len(games)} {per_game}; time {took:.1f} s")
    for lang in texts:
        print(f"{lang}: {texts[lang]} texts read, {len(distinct[lang])} distinct")
    print(f"problems: {len(found)}")
    for line in sorted(found):
        print("  " + line)
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
