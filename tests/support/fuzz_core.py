"""Seeded mutation fuzzing of the doors, for every game: the mutations, the outcome counts, and the card games'
doors (Clocktowers, Mice!: saves, seat saves and positions); Hickory Dickory adds its own (hickory/fuzzing.py).

The same mutations and the same outcome counts as Hickory Dickory's doors (hickory/fuzzing.py): every case ends
``refused`` (a SaveError or PositionError with a short message) or ``identical`` (accepted, re-saved the same, then
random play keeps every card in exactly one place and saves and loads back identically); ``different``, ``other``,
``broken`` and ``hang`` must stay zero. Seat saves (``to_json(seat=...)``) are among the inputs: they must load
into the seat's copy exactly, or be refused.
"""

from __future__ import annotations

import copy
import json
import random
import time
from collections import Counter
from collections.abc import Callable
from functools import partial
from typing import Any

from hickory_widget.core.doors import excerpt
from hickory_widget.core.protocol import PositionError, SaveError

MUST_BE_ZERO = ("different", "other", "broken", "hang", "leak", "changed")
HANG_SECONDS = 20.0
MAX_ERROR = 1000
"""An error message longer than this does not quote its input briefly: counted as ``other``."""


def _junk(rng: random.Random, doc: Any) -> Any:
    """A value of the wrong kind, or of the right kind but absurd."""
    deep: Any = 0
    for _ in range(rng.choice((20, 200, 2000))):
        deep = [deep]
    strings = list(_strings(doc))
    pool = [None, True, False, 0, -1, 1, 7, 13, 99, 10**30, -(10**30), 10**5000, 2**63, 1.5, float("nan"),
            float("inf"), "", "x" * rng.choice((200, 10_000, 1_000_000)), "ünï\u202ecode", "\ud800", [], {}, [None],
            {"": None}, deep, "inner 5", "outer 12", "hand", "card", "setup", "force:die:5", "force:die:99",
            "force:draw:crown", "99", "0", "-3", "abc", "paws", "over"]
    if strings:
        pool.extend(rng.choice(strings) for _ in range(6))
    return rng.choice(pool)


def _strings(doc: Any) -> Any:
    stack = [doc]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            yield v
        elif isinstance(v, list):
            stack.extend(v)
        elif isinstance(v, dict):
            stack.extend(v.values())
            yield from v


def _paths(doc: Any) -> list[tuple[Any, Any]]:
    """Every (container, key) in ``doc``."""
    out, stack = [], [doc]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            for k, x in v.items():
                out.append((v, k))
                stack.append(x)
        elif isinstance(v, list):
            for i, x in enumerate(v):
                out.append((v, i))
                stack.append(x)
    return out


def mutate_data(rng: random.Random, doc: Any) -> Any:
    """One to three structural mutations of a copy of ``doc`` (plain data)."""
    doc = copy.deepcopy(doc)
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        paths = _paths(doc)
        if not paths:
            return _junk(rng, doc)
        box, key = rng.choice(paths)
        value = box[key]
        op = rng.randrange(9)
        if op == 0:
            box[key] = _junk(rng, doc)
        elif op == 1 and isinstance(box, dict):
            del box[key]
        elif op == 1:
            box.pop(key)
        elif op == 2 and isinstance(box, list):
            box.insert(key, value)  # a duplicated tile, mouse or entry (shared: never mutated in place later)
        elif op == 3 and isinstance(value, int) and not isinstance(value, bool):
            box[key] = value + rng.choice((-1, 1, -12, 12, 100))
        elif op == 4 and isinstance(value, str):
            strings = list(_strings(doc))
            box[key] = rng.choice(strings)  # another id of the same document: a tile, mouse or choice moved
        elif op == 5 and isinstance(box, list) and len(box) > 1:
            j = rng.randrange(len(box))
            box[key], box[j] = box[j], box[key]
        elif op == 6 and isinstance(box, dict):
            box[rng.choice(("extra", "colour", "13", "tiles"))] = _junk(rng, doc)
        elif op == 7 and isinstance(value, str) and value:
            i = rng.randrange(len(value))
            box[key] = value[:i] + chr(rng.randrange(32, 0x250)) + value[i + 1:]
        else:
            box[key] = _junk(rng, doc)
    return doc


def _same_where_given(given: Any, made: Any) -> bool:
    """Whether every field present in ``given`` reads the same in ``made`` (absent fields take defaults;
    an option switched off is the same as an absent one)."""
    if isinstance(given, dict) and isinstance(made, dict):
        for k, v in given.items():
            if k == "options" and isinstance(v, dict):
                v = {n: b for n, b in v.items() if b}
            if k not in made or not _same_where_given(v, made[k]):
                return False
        return True
    if isinstance(given, list) and isinstance(made, list):
        return len(given) == len(made) and all(_same_where_given(g, m) for g, m in zip(given, made, strict=True))
    return json.dumps(given, sort_keys=True) == json.dumps(made, sort_keys=True)


def clear(exc: Exception, limit: int = MAX_ERROR) -> bool:
    """A refusal is clear when its message is there, short, and printable anywhere (valid UTF-8)."""
    text = str(exc)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return 0 < len(text) <= limit


class Tally:
    """Outcome counts of one door, with one example per must-be-zero outcome for the report."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self.examples: dict[str, str] = {}

    def add(self, outcome: str, note: str = "") -> None:
        self.counts[outcome] += 1
        if outcome in MUST_BE_ZERO and outcome not in self.examples:
            self.examples[outcome] = note[:500]

    def bad(self) -> int:
        return sum(self.counts[k] for k in MUST_BE_ZERO)


PLAY_AFTER = 40


def _cards_in_place(game: Any) -> str | None:
    """A card in two places (or, in Clocktowers, one of the 66 missing)."""
    s = game.state
    if hasattr(s, "towers"):
        placed = [c for h in s.hands.values() for c in h] + [c for d in s.decks.values() for c in d]
        placed += [c for t in s.towers for c in t.cards()] + s.discard + s.removed
        return None if len(placed) == len(set(placed)) == 66 else f"cards misplaced: {len(placed)} placed"
    placed = [*s.centre, *s.out, *(c for h in s.hands.values() for c in h), *s.committed.values(),
              *(c for p in s.piles.values() for c in p)]
    return None if len(placed) == len(set(placed)) else "a card in two places"


def sample_games(cls: Any, seed: int, low: int, count: int = 6) -> list[Any]:
    """Seeded random games stopped part way (some mid-turn, some after a face-down card or discard)."""
    rng = random.Random(seed)
    games = []
    for i in range(count):
        game = cls.new(low + i % 3, seed=rng.randrange(10**6))
        for _ in range(rng.randrange(0, 60)):
            if game.over:
                break
            game.choose(rng.choice(game.choice_ids))
        games.append(game)
    return games


def mutate_text(rng: random.Random, text: str, game: Any) -> str:
    """Raw damage, a tampered history or redo (another player's card in place of 'sealed', a 'sealed' added), or
    a structural mutation."""
    op = rng.randrange(8)
    if op == 0:
        return text[:rng.randrange(len(text))]
    if op == 1:
        i = rng.randrange(len(text))
        return text[:i] + chr(rng.randrange(1, 0x250)) + text[i + 1:]
    data = json.loads(text)
    if op in (2, 3):
        entries = [*game.choice_ids, "sealed", "force:reveal:roof.red.1", "seed:5", "bogus", "x" * 500]
        target = data["redo"] if op == 2 or not data["history"] else data["history"]
        if target and rng.random() < 0.5:
            target[rng.randrange(len(target))] = rng.choice(entries)
        else:
            target.insert(rng.randrange(len(target) + 1), rng.choice(entries))
    else:
        data = mutate_data(rng, data)
    try:
        return json.dumps(data)
    except Exception:
        return text[: len(text) // 2]


def _plays_soundly(cls: Any, game: Any, rng: random.Random) -> str | None:
    try:
        for _ in range(PLAY_AFTER):
            broke = _cards_in_place(game)
            if broke:
                return broke
            if game.over:
                break
            game.choose(rng.choice(game.choice_ids))
        text = game.to_json()
        if cls.from_json(text).to_json() != text:
            return "save after play does not reload identically"
    except Exception as exc:
        return f"crash: {type(exc).__name__}: {str(exc)[:200]}"
    return None


def judge(tally: Tally, note: str, load: Callable[[], Any], refusal: type[Exception], given: Callable[[], Any],
          remade: Callable[[Any], Any], plays: Callable[[Any, random.Random], str | None], case: int) -> None:
    """One case's verdict, the same for every door of every game: refused with a clear message, or made exactly
    as given (every field of ``given()``, read only once accepted, reads back the same) and then played on soundly
    (choices drawn from ``case``)."""
    try:
        made = load()
    except refusal as exc:
        tally.add("refused" if clear(exc) else "other", f"{note} -> unclear message")
    except BaseException as exc:
        tally.add("other", f"{note} -> {type(exc).__name__}: {str(exc)[:200]}")
    else:
        if not _same_where_given(given(), remade(made)):
            tally.add("different", note)
        else:
            broke = plays(made, random.Random(case))
            tally.add("broken" if broke else "identical", f"{note} -> {broke}")


def door(cls: Any, kind: str, low: int) -> Callable[[int, int], Tally]:
    """The fuzz function (seed, cases) of one door of a card game: ``saves``, ``seat_saves`` or ``positions``."""

    def run(seed: int, cases: int) -> Tally:
        rng = random.Random(seed)
        games = sample_games(cls, seed, low)
        tally = Tally()
        for i in range(cases):
            game = rng.choice(games)
            start = time.perf_counter()
            if kind == "positions":
                given: Any = mutate_data(rng, game.position()) if rng.random() < 0.9 else game.position()
                note = f"seed {seed} case {i}: {json.dumps(given)[:300] if _dumps(given) else excerpt(given)}"
                judge(tally, note, partial(cls.from_position, given), PositionError, partial(copy.deepcopy, given),
                      lambda made: made.position(), partial(_plays_soundly, cls), i)
            else:
                seat = rng.choice(list(game.scores)) if kind == "seat_saves" else None
                text = game.to_json(seat=seat)
                text = mutate_text(rng, text, game) if rng.random() < 0.9 else text  # some sound ones too
                note = f"seed {seed} case {i}: {text[:300]}"
                judge(tally, note, partial(cls.from_json, text), SaveError, partial(json.loads, text),
                      lambda made: json.loads(made.to_json()), partial(_plays_soundly, cls), i)
            if time.perf_counter() - start > HANG_SECONDS:
                tally.add("hang", note)
        return tally

    return run


def _dumps(value: Any) -> bool:
    try:
        json.dumps(value)
    except Exception:
        return False
    return True


def card_doors(prefix: str, cls: Any, low: int) -> dict[str, Callable[[int, int], Tally]]:
    """A card game's doors by name: ``<prefix>_saves``, ``<prefix>_seat_saves``, ``<prefix>_positions``; sample
    games have ``low`` players and more."""
    return {f"{prefix}_{kind}": door(cls, kind, low) for kind in ("saves", "seat_saves", "positions")}
