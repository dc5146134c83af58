"""The classroom's store (lessons/store.py): one SQLite database that two real Unix users share, a JSON progress file
imported once, per-learner bounds refused clearly, concurrent writers losing nothing, and honest failures on a full
and a read-only disk (real tmpfs mounts: the tests run as root, as CI does)."""

from __future__ import annotations

import contextlib
import grp
import json
import multiprocessing
import os
import pwd
import secrets
import socket
import stat
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from hickory_widget.lessons.progress import FORMAT, WRONG_KEPT, Progress, ProgressError, read_learners
from hickory_widget.lessons.store import (
    MAX_ANSWER_BYTES,
    MAX_RECORDS,
    Store,
    StoreError,
    StoreLimitError,
)

CODE = "K7QM-4XPA"


# ------------------------------------------------------------------------------------------------ helpers
@contextlib.contextmanager
def unix_users(count: int) -> Iterator[tuple[int, list[tuple[str, int]]]]:
    """``count`` throwaway Unix users in a throwaway group: (gid, [(name, uid)]); removed afterwards."""
    tag = secrets.token_hex(3)
    group = f"hkc{tag}"
    names = [f"hk{tag}{i}" for i in range(count)]
    subprocess.run(["groupadd", group], check=True)
    try:
        for name in names:
            subprocess.run(["useradd", "--no-create-home", "--gid", group, "--shell", "/usr/sbin/nologin", name],
                           check=True)
        yield grp.getgrnam(group).gr_gid, [(n, pwd.getpwnam(n).pw_uid) for n in names]
    finally:
        for name in names:
            subprocess.run(["userdel", name], check=False)
        subprocess.run(["groupdel", group], check=False)


def _as_user(uid: int, gid: int, job: str, path: str, learner: str, out: multiprocessing.Queue) -> None:
    """A child process that becomes ``uid`` for good before it touches the store (a learner's kernel of their own)."""
    try:
        os.setgroups([gid])
        os.setgid(gid)
        os.setuid(uid)
        os.umask(0o022)  # a common default: the store must not depend on each learner's umask
        if job == "solve":
            Progress(path, learner).solve("goal/grab-button", 0, 0)
            Progress(path, learner).note("goal/where-hand", wrong="7", seconds=3)
            out.put(("ok", sorted(read_learners(path))))
        else:
            out.put(("ok", sorted(read_learners(path))))
    except Exception as exc:  # reported to the test, which fails with it
        out.put(("error", f"{type(exc).__name__}: {exc}"))


def run_as(uid: int, gid: int, job: str, path: Path, learner: str = "") -> tuple[str, object]:
    ctx = multiprocessing.get_context("fork")
    out = ctx.Queue()
    child = ctx.Process(target=_as_user, args=(uid, gid, job, str(path), learner, out))
    child.start()
    result = out.get(timeout=60)
    child.join(60)
    return result


@contextlib.contextmanager
def tmpfs(where: Path, size: str = "1m") -> Iterator[Path]:
    """A real small disk mounted at ``where`` (unmounted afterwards)."""
    where.mkdir(parents=True, exist_ok=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size},mode=0777", "tmpfs", str(where)], check=True)
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def fill(disk: Path) -> Path:
    """Fills ``disk`` to the last byte; returns the filler file (delete it to free the space)."""
    filler = disk / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        with contextlib.suppress(OSError):
            while os.write(fd, b"\0" * 4096):
                pass
        with contextlib.suppress(OSError):
            while os.write(fd, b"\0"):
                pass
    finally:
        os.close(fd)
    return filler


def remount(disk: Path, mode: str) -> None:
    subprocess.run(["mount", "-o", f"remount,{mode}", str(disk)], check=True)


# ------------------------------------------------------------------------------------------------ sharing
@pytest.mark.parametrize("folder_mode", [0o2770, 0o0777, 0o1777])
def test_two_real_unix_users_write_one_classroom_and_each_reads_the_other(tmp_path: Path, folder_mode: int) -> None:
    """Found 4: the progress file was replaced by one owned by its writer (mode 0600), so every other user got
    Permission denied. The store is written in place and its -wal and -shm files take the database's mode."""
    with unix_users(2) as (gid, users), tempfile.TemporaryDirectory(dir="/tmp") as top:  # pytest's is root's only
        Path(top).chmod(0o755)
        folder = Path(top) / "classroom"
        folder.mkdir()
        os.chown(folder, 0, gid)
        folder.chmod(folder_mode)
        path = folder / "classroom.sqlite3"
        (_, ada_uid), (_, bea_uid) = users
        result = run_as(ada_uid, gid, "solve", path, "ada")
        assert result == ("ok", ["ada"]), result
        mode = stat.S_IMODE(path.stat().st_mode)
        assert path.stat().st_uid == ada_uid and mode & 0o060 == 0o060, oct(mode)
        assert run_as(bea_uid, gid, "solve", path, "bea") == ("ok", ["ada", "bea"])
        assert run_as(ada_uid, gid, "solve", path, "ada") == ("ok", ["ada", "bea"]), "the first writer again"
        assert run_as(bea_uid, gid, "read", path) == ("ok", ["ada", "bea"])
        records = read_learners(path)  # the teacher's dashboard
        assert records["ada"]["goal/grab-button"]["stars"] == 3 and records["bea"]["goal/where-hand"]["misses"] == 1
        leftovers = [p.name for p in folder.iterdir() if p.name.startswith(".") or p.suffix == ".tmp"]
        assert leftovers == []


def test_the_database_file_is_shared_as_its_folder_is(tmp_path: Path) -> None:
    private = tmp_path / "private"
    private.mkdir(mode=0o700)
    Progress(private / "c.sqlite3", "ada").solve("goal/grab-button", 0, 0)
    assert stat.S_IMODE((private / "c.sqlite3").stat().st_mode) == 0o600


# ------------------------------------------------------------------------------------------------ JSON
def test_a_json_progress_file_and_its_identities_are_imported_once(tmp_path: Path) -> None:
    old = tmp_path / "progress.json"
    old.write_text(json.dumps({"format": FORMAT, "version": 2, "learners": {
        "ada": {"goal/grab-button": {"stars": 3, "tries": 1, "hints": 0}},
        "bea": {"goal/where-hand": {"stars": 0, "tries": 0, "hints": 0, "misses": 2, "wrong": ["4", "6"]}}}}))
    (tmp_path / "progress.json.identities.json").write_text(json.dumps({
        "format": "hickory-classroom-identities", "learners": {
            "ada": {"name": "ada", "salt": "00" * 16, "hash": "ab" * 32, "failures": 0, "locked_until": 0},
            "bob1": {"name": "Bob1", "salt": "00" * 16, "hash": "cd" * 32}}}))  # an earlier key: TR39 folds 1 as l
    store = Store(old)
    learners = store.learners()
    assert learners["ada"]["goal/grab-button"]["stars"] == 3
    assert learners["bea"]["goal/where-hand"]["wrong"] == ["4", "6"]
    assert store.path == tmp_path / "progress.sqlite3"
    Progress(store.path, "ada").reset()
    old.write_text(old.read_text().replace('"stars": 3', '"stars": 2'))  # a later edit of the old file
    again = Store(old)
    assert again.import_json(old) == 0 and "ada" not in again.learners(), "imported once, not again"
    from hickory_widget.lessons.identity import Identities

    assert Identities(store.path).status("ada") == "pin" and Identities(store.path).status("bea") == "closed"
    assert Identities(store.path).status("bobl") == "pin", "the imported name is found by its key of today"
    exported = json.loads(again.export_json())
    assert exported["format"] == FORMAT and set(exported["learners"]) == {"bea"}, "JSON stays the export"


# ------------------------------------------------------------------------------------------------ bounds
def test_a_learners_stored_answers_are_bounded_and_refused_clearly_past_the_bound(tmp_path: Path) -> None:
    """Found 5: wrong answers of any number of names grew one file until it was refused on read, which locked the
    whole class out. Each learner's rows are bounded; past the bound the write is refused and nothing changes."""
    path = tmp_path / "c.sqlite3"
    Progress(path, "bea").solve("goal/grab-button", 0, 0)
    junk = Progress(path, "mallory")
    keys = [f"junk-{i}/x" for i in range(MAX_RECORDS)]
    with pytest.raises(StoreLimitError) as info:
        for key in keys:
            for _ in range(WRONG_KEPT):
                junk.note(key, wrong="é" * 200)
    assert "nothing was saved" in str(info.value) and len(str(info.value)) <= 300
    stored = read_learners(path)["mallory"].values()
    used = sum(len(json.dumps(r["wrong"], ensure_ascii=False).encode()) for r in stored)
    assert used <= MAX_ANSWER_BYTES
    junk.note("goal/grab-button", seconds=3)  # time alone is still noted
    many = Progress(path, "many")
    with pytest.raises(StoreLimitError):
        for key in [*keys, "one/more"]:
            many.solve(key, 0, 0)
    assert len(read_learners(path)["many"]) == MAX_RECORDS
    bea = Progress(path, "bea")  # another learner is untouched and still writes
    bea.solve("goal/where-hand", 0, 0)
    assert set(read_learners(path)["bea"]) == {"goal/grab-button", "goal/where-hand"}


def _writer(path: str, name: str, count: int) -> None:
    progress = Progress(path, name)
    for i in range(count):
        progress.note(f"lesson-{i % 40}/x", seconds=1)


def test_concurrent_writers_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"
    Store(path).learners()
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_writer, args=(str(path), name, 40)) for name in ("k0", "k1", "same", "same")]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
    assert all(p.exitcode == 0 for p in procs)
    learners = read_learners(path)
    assert {n: round(sum(r["seconds"] for r in recs.values())) for n, recs in learners.items()} == {
        "k0": 40, "k1": 40, "same": 80}, "two kernels of one learner adding to the same rows lose nothing either"


# ------------------------------------------------------------------------------------------------ failures
def lessons(path: Path, lang: str = "en"):
    from hickory_widget.lessons.tracked import TrackedLessonWidget

    return TrackedLessonWidget(learner="ada", progress_path=path, language=lang)


NOT_SAVED = {"en": "could not be saved (the disk is full)", "it": "non si è potuta salvare (il disco è pieno)",
             "de": "ließ sich nicht speichern (der Datenträger ist voll)"}


@pytest.mark.parametrize("lang", ["en", "it", "de"])
def test_an_answer_not_saved_on_a_full_disk_is_not_done_and_can_be_given_again(tmp_path: Path, lang: str) -> None:
    """Found 6: on a full disk the answer was lost, the learner read "nothing changed", and the exercise was marked
    solved anyway (even after Retry and after space was back)."""
    with tmpfs(tmp_path / "disk", "600k") as disk:
        w = lessons(disk / "c.sqlite3", lang)
        filler = fill(disk)
        w._on_msg(None, {"type": "choose", "id": "jump_off", "version": w._version})
        assert NOT_SAVED[lang] in w.error
        assert not w.view["exercise"]["done"] and w.view["exercise"]["stars"] == 0 and not w.progress.solved(
            "goal/grab-button")
        w._on_msg(None, {"type": "retry"})
        assert not w.view["exercise"]["done"]
        filler.unlink()
        w._on_msg(None, {"type": "choose", "id": "jump_off", "version": w._version})
        assert w.error == "" and w.view["exercise"]["done"] and w.view["exercise"]["stars"] == 3
        assert read_learners(disk / "c.sqlite3")["ada"]["goal/grab-button"]["stars"] == 3
        Store.at(disk / "c.sqlite3").close()


def test_a_json_progress_file_on_a_full_disk_leaves_no_temp_file_and_says_so(tmp_path: Path) -> None:
    with tmpfs(tmp_path / "disk", "300k") as disk:
        progress = Progress(disk / "p.json", "ada")
        progress.solve("goal/grab-button", 0, 0)
        before = (disk / "p.json").read_bytes()
        filler = fill(disk)
        with pytest.raises(ProgressError, match="nothing was saved") as info:
            for i in range(200):
                progress.note(f"lesson-{i}/x", wrong="x" * 80, seconds=1)
        assert info.value.reason == "full"
        assert sorted(p.name for p in disk.iterdir()) == ["filler", "p.json", "p.json.lock"], "no temp file left"
        assert (disk / "p.json").read_bytes() != b"" and len(before) > 0
        filler.unlink()


def test_a_read_only_disk_is_named_to_the_learner_joining_and_to_the_teacher(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Found 6: joining or opening the dashboard on a broken disk showed only "Something went wrong"."""
    from hickory_widget.lessons.app import classroom_app

    with tmpfs(tmp_path / "disk", "1m") as disk:
        path = disk / "c.sqlite3"
        Progress(path, "bea").solve("goal/grab-button", 0, 0)
        Store.at(path).close()
        remount(disk, "ro")
        try:
            monkeypatch.setenv("HICKORY_PROGRESS", str(path))
            monkeypatch.setenv("HICKORY_TEACHER_CODE", CODE)
            monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
            box = classroom_app("learner=ada&lang=de")
            box.children[0]._on_msg(None, {"type": "join", "fields": {"name": "ada", "pin": "2468"}})
            box.children[0]._on_msg(None, {"type": "join", "fields": {"pin2": "2468"}})  # the class is still read
            assert "Der Speicher der Klasse lässt sich nicht nutzen (der Datenträger ist schreibgeschützt)" in \
                box.children[0].html
            dash = classroom_app("teacher&lang=it")
            dash._on_msg(None, {"type": "code", "fields": {"code": CODE}})
            assert 'data-testid="dashboard"' in dash.html and "bea" in dash.html, "the class is still shown"
            dash._on_msg(None, {"type": "code", "fields": {"code": "AAAA-AAAA"}})
            dash._on_msg(None, {"type": "pick", "arg": "bea", "fields": {}})
            dash._on_msg(None, {"type": "reset", "arg": "bea", "fields": {}})
            dash._on_msg(None, {"type": "reset-yes", "arg": "bea", "fields": {"code": CODE}})
            assert "il disco è di sola lettura" in dash.html
        finally:
            Store.at(path).close()
            remount(disk, "rw")


def test_a_damaged_store_is_refused_with_the_file_and_the_problem(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite3"
    path.write_bytes(b"not a database" * 100)
    with pytest.raises(StoreError) as info:
        Progress(path, "ada")
    assert info.value.reason == "damaged" and str(path) in str(info.value) and len(str(info.value)) <= 300
    import sqlite3

    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE t (x)")
    with pytest.raises(StoreError) as info:
        Progress(other, "ada")
    assert info.value.reason == "not_ours"


# ------------------------------------------------------------------------------------------------ the port
def test_a_taken_port_is_refused_with_a_clear_sentence() -> None:
    """Found 9: Voilà moved to the next port while the preheated kernels called the taken one back. The classroom
    now refuses to start on a taken port (scripts/classroom.sh asks this check, and Voilà may not move)."""
    from hickory_widget.lessons.app import check_port

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        problem = check_port("127.0.0.1", port)
        assert problem is not None and str(port) in problem and "PORT=" in problem
    assert check_port("127.0.0.1", port) is None
    script = (Path(__file__).parents[1] / "scripts" / "classroom.sh").read_text()
    assert "--check-port" in script and "--Voila.port_retries=0" in script


def test_the_store_exports_and_imports_json_from_the_command_line(tmp_path: Path) -> None:
    import sys

    Progress(tmp_path / "a.sqlite3", "ada").solve("goal/grab-button", 0, 1)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    out = subprocess.run([sys.executable, "-m", "hickory_widget.lessons.store", "export", str(tmp_path / "a.sqlite3")],
                         capture_output=True, text=True, check=True, env=env).stdout
    (tmp_path / "a.json").write_text(out)
    assert json.loads(out)["learners"]["ada"]["goal/grab-button"] == {"stars": 2, "tries": 1, "hints": 1}
    done = subprocess.run([sys.executable, "-m", "hickory_widget.lessons.store", "import", str(tmp_path / "a.json"),
                           str(tmp_path / "b.sqlite3")], capture_output=True, text=True, check=True, env=env).stdout
    assert done.startswith("1 learners imported") and read_learners(tmp_path / "b.sqlite3") == read_learners(
        tmp_path / "a.sqlite3")
    (tmp_path / "notes.sqlite3").write_text("not a store " * 100)
    bad = subprocess.run([sys.executable, "-m", "hickory_widget.lessons.store", "export",
                          str(tmp_path / "notes.sqlite3")], capture_output=True, text=True, env=env)
    assert bad.returncode == 2 and "error:" in bad.stderr
