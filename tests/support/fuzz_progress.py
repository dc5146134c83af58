"""A seeded fuzzer of the classroom's doors: progress files, hand-ins read by the dashboard, learners' names, and
the intents of the join form and the dashboard (tests/test_progress_fuzz.py, benchmarks/fuzz_progress.py).

Each case is made from a seed alone, so a failure is replayed by its number. A case passes when the door either
takes the input (and what it took is sound: a loaded file can be written back, a name's key is a name) or refuses
it with its own error, naming the file and, for a fault inside a learner's record, that learner and field, in a
bounded message. Anything else escaping is a failure.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hickory_widget.lessons.identity import IdentityError, name_key
from hickory_widget.lessons.progress import (
    FIELDS,
    FORMAT,
    MAX_NAME,
    Progress,
    ProgressError,
    excerpt,
    read_progress_file,
)

MESSAGE_BOUND = 600
"""Longest refusal allowed, besides the file's own path."""
KEYS = ["goal/grab-button", "goal/where-hand", "tick/first", "jumping/leap", "market/bin"]
NAMES = ["ada", "Bea", "Çelik", "Саша", "Ζωή", "李", "o'neil", "x@y.z", "ａｄａ", "аda"]
ODD_VALUES: list[Callable[[random.Random], Any]] = [
    lambda r: [1, 2], lambda r: {"stars": 3}, lambda r: "3", lambda r: None, lambda r: True, lambda r: -1,
    lambda r: 2.5, lambda r: 10**12, lambda r: "x" * r.choice([100, 10_000, 1_000_000]), lambda r: [],
    lambda r: {}, lambda r: "\ud800", lambda r: ["a"] * r.choice([5, 500]), lambda r: 4,
]
RAW_VALUES = ["9" * 5000, "NaN", "-Infinity", "[" * 100_000 + "]" * 100_000, '"\\ud800"', "1e999", "0x10",
              '"' + "\\u0000" * 10 + '"', "{" * 50_000]


def valid_file(rng: random.Random) -> dict[str, Any]:
    learners = {}
    for name in rng.sample(NAMES, rng.randint(1, 4)):
        learners[name] = {k: {"stars": rng.randint(0, 3), "tries": rng.randint(0, 9), "hints": rng.randint(0, 3),
                              **({"seconds": rng.random() * 500, "misses": rng.randint(0, 4),
                                  "wrong": [rng.choice(["leap:6", "stay", "a, b", "7"])] * rng.randint(0, 3),
                                  "at": 1.7e9} if rng.random() < 0.5 else {})}
                          for k in rng.sample(KEYS, rng.randint(0, len(KEYS)))}
    return {"format": FORMAT, "version": rng.choice([1, 2]), "learners": learners}


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, (*path, i))
    return out


def _set(node: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    node[path[0]] = _set(node[path[0]], path[1:], value)
    return node


def progress_case(seed: int) -> tuple[bytes, tuple[Any, ...] | None, str]:
    """A progress file for ``seed``: its bytes, the path of the value changed (None for byte-level damage), and
    what was done to it."""
    rng = random.Random(seed)
    data = valid_file(rng)
    how = rng.choice(["value", "value", "raw", "key", "bytes", "truncate", "field", "valid"])
    if how == "valid":
        return json.dumps(data).encode(), None, how
    paths = _paths(data)
    if how in ("value", "raw"):
        path = rng.choice(paths[1:])
        if how == "value":
            return json.dumps(_set(data, path, rng.choice(ODD_VALUES)(rng))).encode(), path, how
        marker = "@@RAW@@"
        text = json.dumps(_set(data, path, marker)).replace(json.dumps(marker), rng.choice(RAW_VALUES))
        return text.encode("utf-8", "surrogatepass"), path, how
    if how == "key":
        inner = [p for p in paths if len(p) in (2, 3) and p[0] == "learners"]
        if inner:
            path = rng.choice(inner)
            parent = data["learners"] if len(path) == 2 else data["learners"][path[1]]
            new_key = rng.choice(["", " ", "x" * (MAX_NAME + 1), "\ud800", "ok/key", "🐭"])
            parent[new_key] = parent.pop(path[-1])
            return json.dumps(data).encode(), (*path[:-1], new_key), how
    if how == "field":
        recs = [p for p in paths if len(p) == 3]
        if recs:
            path = rng.choice(recs)
            data["learners"][path[1]][path[2]][rng.choice(["Stars", "extra", "__proto__", "stars "])] = 1
            return json.dumps(data).encode(), path, how
    raw = bytearray(json.dumps(data, ensure_ascii=False).encode())
    if how == "truncate" and raw:
        return bytes(raw[: rng.randrange(len(raw))]), None, how
    for _ in range(rng.randint(1, 4)):
        pos = rng.randrange(len(raw) + 1)
        raw[pos:pos] = rng.choice([b"\xff", b"\xc3", b"\x00", b"\xef\xbb\xbf", b"}", b"\xed\xa0\x80"])
    return bytes(raw), None, "bytes"


def check_progress_case(seed: int, folder: Path) -> str:
    """Runs one progress-file case through both doors (the dashboard's reader and a learner's Progress, which
    then writes); returns "taken" or "refused", raises AssertionError for a failure of the door."""
    raw, path, how = progress_case(seed)
    file = folder / f"case-{seed}.json"
    file.write_bytes(raw)
    try:
        learners = read_progress_file(file)
    except ProgressError as exc:
        message = str(exc)
        assert str(file) in message, (seed, how, message[:300])
        assert len(message) <= len(str(file)) + MESSAGE_BOUND, (seed, how, len(message))
        inside = path is not None and len(path) >= 2 and path[0] == "learners" and how in ("value", "field")
        if inside:
            assert exc.learner == path[1], (seed, how, path, exc.learner, message[:300])
        if inside and len(path) >= 3:
            assert exc.learner == path[1], (seed, how, path, exc.learner, message[:300])
            assert exc.field is not None and str(exc.field).startswith(str(path[2])[:40]), (seed, path, exc.field)
        try:
            Progress(file, "ada")
        except ProgressError:
            pass
        else:
            raise AssertionError(f"seed {seed}: the dashboard refused the file but a learner's Progress took it")
        assert file.read_bytes() == raw, f"seed {seed}: a refused file was changed"
        return "refused"
    for name, records in learners.items():
        assert isinstance(name, str) and isinstance(records, dict)
        for record in records.values():
            assert set(record) == set(FIELDS), (seed, record)
    learner = next(iter(learners), "ada")
    progress = Progress(file, learner)
    progress.note(KEYS[0], wrong=["a", "b"], seconds=3.0)
    progress.solve(KEYS[0], mistakes=1, hints=0)
    assert read_progress_file(file)[learner][KEYS[0]]["stars"] >= 1
    return "taken"


def name_case(seed: int) -> str:
    """A random name, from scripts that look alike and characters that hide."""
    rng = random.Random(seed)
    pools = ["abcdeopxyADEHKMOPT", "абвгдеопрсухАВЕКМНОРСТХ", "αβγδεικνορτυχΑΒΕΗΙΚΜΝΟΡΤΥΧ", "0123456789",
             " .-_'@", "\u200b\u200d\u0301\ufeff\u00a0", "ａｂｃＡＢＣ", "ﬁ½ℌ", "\ud800", "😀李ß"]
    if rng.random() < 0.5:  # one alphabet, as most names are
        pool = rng.choice(pools[:3]) + " "
        return "".join(rng.choice(pool) for _ in range(rng.randint(1, 12)))
    return "".join(rng.choice(rng.choice(pools)) for _ in range(rng.randint(0, 45)))


def check_name_case(seed: int) -> str:
    text = name_case(seed)
    try:
        key = name_key(text)
    except IdentityError as exc:
        assert exc.code.startswith("name_"), (seed, text, exc.code)
        return "refused"
    assert 1 <= len(key) <= 3 * MAX_NAME and key == key.strip(), (seed, text, key)
    assert name_key(text.upper()) == key or not text.isascii(), (seed, text)
    return "taken"


def campaign(cases: int, folder: Path, seed0: int = 0) -> dict[str, Counter[str]]:
    """Runs ``cases`` cases per door from ``seed0``; the counts of inputs taken and refused per door."""
    folder.mkdir(parents=True, exist_ok=True)
    out: dict[str, Counter[str]] = {"progress file": Counter(), "learner's name": Counter()}
    for seed in range(seed0, seed0 + cases):
        out["progress file"][check_progress_case(seed, folder)] += 1
        out["learner's name"][check_name_case(seed)] += 1
    return out


def intent_case(seed: int) -> tuple[str, Any, dict[str, Any]]:
    """A random intent as a browser (or someone pretending to be one) might send it to a classroom page."""
    rng = random.Random(seed)
    kinds = ["join", "other", "code", "poll", "pick", "reset", "reset-yes", "cancel", "new-pin", "link", "csv",
             "handin", "", "x" * 50, "__init__"]
    values = ["", "ada", "аda", "1234", "12345678", "0000", "x" * 5000, "\ud800", "<script>", "K7QM-4XPA", "' OR 1",
              "../../etc/passwd", "{}", "learner00"]
    fields = {rng.choice(["name", "pin", "pin2", "code", "link_name", "text", "zzz"]): rng.choice(values)
              for _ in range(rng.randint(0, 4))}
    arg = rng.choice([None, *values])
    return rng.choice(kinds), arg, fields


def check_intents(seeds: range, folder: Path) -> Counter[str]:
    """Sends the intents of ``seeds`` to a join form and an open dashboard; none may make a handler fail."""
    from hickory_widget.lessons.dashboard import Dashboard
    from hickory_widget.lessons.identity import Identities
    from hickory_widget.lessons.join import JoinForm

    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "intents-classroom.sqlite3"  # the classroom's store, as the app uses it
    Progress(path, "ada").solve(KEYS[0], 1, 0)
    identities = Identities(path)
    joined: list[str] = []
    form = JoinForm(identities, "en", joined.append, name="ada")
    dash = Dashboard(path, "de", "K7QM-4XPA", identities)
    dash.handle("code", None, {"code": "K7QM-4XPA"})
    out: Counter[str] = Counter()
    for seed in seeds:
        kind, arg, fields = intent_case(seed)
        for page in (form.panel, dash.panel):
            page.status = ""
            page._on_msg(None, {"type": kind, "arg": arg, "fields": fields})
            assert page.status != page._failed, f"seed {seed}: intent {kind!r} {excerpt(arg)} {excerpt(fields)} failed"
            out["sent"] += 1
    out["joined"] = len(joined)
    return out


def check_handins(seeds: range, folder: Path) -> Counter[str]:
    """Damaged hand-in files in the dashboard's folder: each is listed as refused; none stops the dashboard."""
    from hickory_widget.lessons.dashboard import ClassView, handins_dir
    from hickory_widget.lessons.handin import export_handin

    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "handin-progress.json"
    out: Counter[str] = Counter()
    for seed in seeds:
        rng = random.Random(seed)
        box = handins_dir(path)
        box.mkdir(exist_ok=True)
        for old in box.glob("*.json"):
            old.unlink()
        stars = [rng.randint(1, 3) for _ in range(3)]  # a record a lesson can write: 2 stars come with a hint
        text = export_handin({k: {"stars": s, "tries": rng.randint(1, 5), "hints": int(s == 2)}
                              for k, s in zip(rng.sample(KEYS, 3), stars, strict=True)},
                             rng.choice(NAMES[:3])).encode()
        raw = bytearray(text)
        for _ in range(rng.randint(0, 3)):
            pos = rng.randrange(len(raw) + 1)
            raw[pos:pos] = rng.choice([b"\xff", b"9" * 5000, b"[" * 5000, b'"x"', b",", b"0"])
        (box / f"case-{seed}.json").write_bytes(bytes(raw))
        view = ClassView.read(path, "en")
        refused = [r for r in view.refused if f"case-{seed}.json" in r]
        taken = [r for r in view.rows if r.source == "hand-in"]
        assert len(refused) + len(taken) == 1, (seed, view.refused)
        assert all(len(r) <= 1000 for r in view.refused), seed
        out["refused" if refused else "taken"] += 1
    return out
