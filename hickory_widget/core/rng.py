"""A small seeded random generator whose whole state is one integer, so it can live in a game's state.

Python's ``random`` may change between versions; a game must shuffle and roll the same on any machine, and its
generator state must be saved with the game. SplitMix64 is tiny, fast enough in pure Python and well distributed.
"""

from __future__ import annotations

from typing import Any

MASK = (1 << 64) - 1


class Rng:
    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & MASK

    def next64(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform whole number in [0, n); rejection sampling keeps it unbiased."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            r = self.next64()
            if r < limit:
                return r % n

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def seed_state(seed: int) -> int:
    """Mixes a user's seed (any int) into a starting state, so seeds 1 and 2 give unrelated games."""
    return Rng(seed * 0x2545F4914F6CDD1D + 0x1234567).next64()


def take_forced(forced: list[tuple[str, str]], kind: str) -> str | None:
    """Removes and returns the first queued forced outcome of ``kind`` (see ``GameRunner.force``), or None."""
    for i, (k, value) in enumerate(forced):
        if k == kind:
            del forced[i]
            return value
    return None
