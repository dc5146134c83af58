"""Four learners at one table of each game (Hickory Dickory, Clocktowers, Mice!), each in a browser context of their
own against the classroom app in a real Voilà, every page recording every websocket frame it receives:

* a move clicked on one device reaches the three others (their boards are drawn at the table's new version);
* two clicks at the same table version at the same instant (the seat to move open on two devices; in Mice! two seats
  sealing their cards at once) give one move and, on the other page, the table's refusal in that page's language;
* a hidden card never reaches another seat: Hickory Dickory's favor cards (R94) are in their owner's frames and the
  teacher's (the probe finds them) and in no other seat's nor the projector's; Clocktowers' face-down cards (under
  each deck's face-up top, and those removed; its hands are open by C4) reach no seat nor the projector, and one
  turned face up by a draw then reaches every seat (the probe finds it); Mice!'s sealed card is compared against a
  second table that differs only in that card: until the reveal the other seats receive the same card ids at both
  tables, after it that card is all that differs (the probe can tell);
* the kernel of one seat's page is killed mid-game and the app (Voilà) stopped and started again on the same store:
  every accepted move is still in the log and on every rejoined board, and the game goes on;
* the teacher's Tables tab shows every seat's hand; the projector's page (``?watch=``) shows none.

One Voilà serves the three games; the four learners' pages stay open from one game to the next (they sit at the new
table from their Tables page) until the app restarts. Screenshots of the four seats: test-output/tables4-GAME-SEAT.png.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from support.classroom import enter, teacher_tables

pytestmark = pytest.mark.browser

NOTEBOOK = Path(__file__).resolve().parents[2] / "examples" / "06_lessons.ipynb"
FIRST_BOARD_TIMEOUT_MS = 120_000  # a kernel started on a machine busy with other runs
MOVE_TIMEOUT_MS = 20_000  # a poll every 0.5 s; the rest is a loaded machine's slack
LEARNERS = (("ada", "en"), ("bob", "de"), ("cyd", "it"), ("dee", "en"))
SEED = 11
KERNEL = re.compile(r"/api/kernels/([0-9a-f-]{36})/channels")
MICE_CARD = re.compile(r"\b(?:elephant|dog|cat|mouse)\.[1-4]\.(?:yellow|blue|purple|green|red|orange)\b")


@dataclass
class Device:
    """A browser page and every websocket frame it received (text; binary frames decoded as UTF-8)."""

    page: Any
    frames: list[str] = field(default_factory=list)
    sockets: list[str] = field(default_factory=list)

    def text(self, since: int = 0) -> str:
        return "\n".join(self.frames[since:])

    def kernel_id(self) -> str:
        ids = [m.group(1) for url in self.sockets if (m := KERNEL.search(url))]
        assert ids, f"no kernel websocket seen: {self.sockets}"
        return ids[-1]


def device(browser: Any) -> Device:
    # reduced motion: the boards' pulsing targets would repaint six pages every frame, a load this test does not need
    context = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
    context.set_default_timeout(MOVE_TIMEOUT_MS)
    made = Device(context.new_page())

    def socket(ws: Any) -> None:
        made.sockets.append(ws.url)
        ws.on("framereceived", lambda payload: made.frames.append(
            payload if isinstance(payload, str) else bytes(payload).decode("utf-8", "replace")))

    made.page.on("websocket", socket)
    return made


class Classroom:
    """One Voilà on one store, restartable; the four learners' devices."""

    def __init__(self, browser: Any, lab: Any, base: Path) -> None:
        self.browser, self.lab, self.base = browser, lab, base
        self.store = base / "classroom.sqlite3"
        self.stack = contextlib.ExitStack()
        self.url = ""
        self.learners: list[Device] = []
        self.runs = 0

    def start(self) -> None:
        self.runs += 1
        home = self.base / f"run{self.runs}"
        home.mkdir()
        self.url, _log = self.stack.enter_context(self.lab.voila(
            NOTEBOOK, home, 4, HICKORY_PROGRESS=str(self.store), HICKORY_TEACHER_CODE="K7QM-4XPA"))

    def restart(self) -> None:
        """Stops the app (its kernels with it) and starts it again on the same store; the learners come back."""
        self.stack.close()
        self.stack = contextlib.ExitStack()
        self.start()
        for d, (name, lang) in zip(self.learners, LEARNERS, strict=True):
            d.frames.clear()
            enter(d.page, self.url, f"learner={name}&lang={lang}", FIRST_BOARD_TIMEOUT_MS, new=False)

    def close(self) -> None:
        for d in self.learners:
            d.page.context.close()
        self.stack.close()


@pytest.fixture(scope="module")
def classroom(browser_prerequisites: None, browser: Any, lab: Any,
              tmp_path_factory: pytest.TempPathFactory) -> Iterator[Classroom]:
    room = Classroom(browser, lab, tmp_path_factory.mktemp("voila-tables4"))
    room.start()
    try:
        for name, lang in LEARNERS:
            d = device(browser)
            room.learners.append(d)
            enter(d.page, room.url, f"learner={name}&lang={lang}", FIRST_BOARD_TIMEOUT_MS)
        yield room
    finally:
        room.close()


@pytest.fixture(autouse=True)
def close_what_a_test_opened(classroom: Classroom) -> Iterator[None]:
    """The teacher's, projector's and twin devices a test opens are closed even when it fails: left open, their
    pages would go on polling and drawing through the rest of the run."""
    before = set(classroom.browser.contexts)
    yield
    for context in classroom.browser.contexts:
        if context not in before:
            context.close()


# ---------------------------------------------------------------------------------------------------- helpers


def sit(d: Device, table: int, seat: str) -> None:
    """From the Tables page (or a seat of an earlier table): sit at ``seat`` of ``table``."""
    page = d.page
    if page.locator("[data-testid=seat-back]").count():
        page.click("[data-testid=seat-back]")
    page.locator(f"[data-testid=sit-{table}-{seat}], [data-testid=rejoin-{table}]").first.click(
        timeout=MOVE_TIMEOUT_MS)  # a locator: the list is drawn anew when a table changes
    page.wait_for_selector(f"[data-testid=seat-head][data-table='{table}']", timeout=FIRST_BOARD_TIMEOUT_MS)


def at_version(lab: Any, devices: list[Device], version: int) -> None:
    for d in devices:
        lab.expect(d.page.locator("[data-testid=seat-head]")).to_have_attribute("data-version", str(version),
                                                                                timeout=MOVE_TIMEOUT_MS)


def button(page: Any, choice: str) -> Any:
    return page.locator(f'[data-choice-id="{choice}"]').first


def play(lab: Any, tables: Any, table: int, seats: dict[str, Device], *, among: list[str] | None = None) -> str:
    """The seat to move clicks an option of its board; every board reaches the table's next version."""
    before = version_of(tables, table)
    game = tables.game(table)
    seat = game.decision.player
    view = tables.view(table, seat)
    page = seats[seat].page
    offered = [c["id"] for c in view["decision"]["choices"] if among is None or c["id"] in among]
    shown = [c for c in offered if page.locator(f'[data-choice-id="{c}"]').count()]
    assert shown, f"{seat}'s board offers none of {offered}"
    button(page, shown[0]).click()
    at_version(lab, list(seats.values()), before + 1)
    return shown[0]


def window(d: Device, start: int, end: int) -> str:
    return "\n".join(d.frames[start:end])


def version_of(tables: Any, table: int) -> int:
    return next(r["version"] for r in tables.tables() if r["id"] == table)


def together(pages: list[Any], choices: list[str]) -> None:
    """Each page clicks its option at one instant (a timer set on each page for the same moment of the shared
    clock), so the two kernels are asked at the same table version."""
    at = time.time() * 1000 + 800
    for page, choice in zip(pages, choices, strict=True):
        page.evaluate("""([sel, at]) => setTimeout(() => document.querySelector(sel).click(),
                                                   Math.max(0, at - Date.now()))""",
                      [f'[data-choice-id="{choice}"]', at])


def refused(lab: Any, page: Any, lang: str) -> str:
    """The refusal a page shows, which must be one of the table's refusals in the page's language."""
    from hickory_widget.lessons.tables import REFUSALS

    line = page.wait_for_selector("[data-testid=seat-refusal]", timeout=MOVE_TIMEOUT_MS).inner_text().strip()
    assert line in (REFUSALS["stale"][lang], REFUSALS["illegal"][lang]), f"an unclear refusal: {line!r}"
    return line


def kernel_pid(kernel: str) -> int:
    """The pid of the kernel process whose connection file names ``kernel``."""
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            command = (proc / "cmdline").read_bytes().decode(errors="replace")
        except OSError:
            continue
        if f"kernel-{kernel}.json" in command:
            return int(proc.name)
    raise AssertionError(f"no process runs kernel {kernel}")


def hands(game: Any, kind: str) -> dict[str, list[str]]:
    """Each seat's hand in the referee's game (Hickory Dickory: its favor cards, R94)."""
    if kind == "hickory":
        return {p.color: list(p.favors) for p in game.state.players}
    return {p: list(h) for p, h in game.state.hands.items()}


def face_down(game: Any) -> set[str]:
    """Clocktowers' cards nobody may see: every deck but its face-up top card, and the cards removed at the start
    (a Clocktowers hand is no secret: the first hands are the rules' and every card drawn was face up, C4)."""
    return {c for deck in game.state.decks.values() for c in deck[1:]} | set(game.state.removed)


def teacher_and_projector(lab: Any, browser: Any, url: str, table: int, game: Any, kind: str) -> None:
    """The teacher's Tables tab shows every seat's hand (its frames carry every card id held; a Mice! hand is open
    to all, the tab shows what is private in it); the projector's page it gives carries no hidden card."""
    held = hands(game, kind)
    teacher = device(browser)
    teacher_tables(teacher.page, url, FIRST_BOARD_TIMEOUT_MS)
    row = teacher.page.wait_for_selector(f"[data-testid=dash-table-{table}]", timeout=MOVE_TIMEOUT_MS)
    cells = [c.inner_text().strip() for c in row.query_selector_all("[data-testid=dash-hand]")]
    assert len(cells) == 4 and all(cells), f"the teacher sees every hand: {cells}"
    missing = [card for ids in held.values() for card in ids if card not in teacher.text()]
    assert kind == "mice" or not missing, f"the teacher's page lacks the cards held: {missing}"
    teacher.page.click(f"[data-testid=dash-table-project-{table}]")
    address = teacher.page.wait_for_selector("[data-testid=dash-watch-url]").input_value()
    projector = device(browser)
    projector.page.goto(address, timeout=FIRST_BOARD_TIMEOUT_MS)
    projector.page.wait_for_selector("[data-testid=watch]", timeout=FIRST_BOARD_TIMEOUT_MS)
    time.sleep(1.5)  # a poll or two: what the projector would receive next
    assert projector.page.locator(".ct-hand [data-card]").count() == 0, "no hand shown"
    shown = projector.text()
    hidden = face_down(game) if kind == "clocktowers" else {c for ids in held.values() for c in ids}
    if kind != "mice":  # Mice!'s hands are open; its sealed card is checked against a second table
        leaked = sorted(card for card in hidden if card in shown)
        assert not leaked, f"the projector received hidden cards: {leaked}"
    teacher.page.context.close()
    projector.page.context.close()


TABLE_FREE = ", ".join(f'[data-control="{c}"]' for c in (
    "bot_step", "bots_play", "pass_and_play", "picture", "new-game", "players", "seed", "review-open", "show_secrets",
    "play-activation", "play-tick", "play-round", "play-end", "undo", "redo")) + \
    ", select[data-seat], [data-control^=seat-]"
"""Controls of a board on one screen that a seat's board at a table leaves out (the table's bots and seats; undo is
the table page's request to the others, not the board's)."""


@pytest.mark.parametrize("kind", ["hickory", "clocktowers", "mice"])
def test_four_browsers_at_one_table(kind: str, classroom: Classroom, browser: Any, lab: Any) -> None:
    from hickory_widget.lessons.tables import classroom_tables

    tables = classroom_tables(classroom.store)
    table = tables.open_table(kind, 4, seed=SEED)
    names = [s["seat"] for s in tables.seats(table)]
    seats = dict(zip(names, classroom.learners, strict=True))
    langs = {seat: lang for seat, (_n, lang) in zip(names, LEARNERS, strict=True)}
    for seat, d in seats.items():
        d.frames.clear()
        sit(d, table, seat)
    at_version(lab, list(seats.values()), 0)
    first = tables.game(table).decision.player  # the seat to move

    # Two clicks at one version at one instant: one move, one clear refusal.
    if kind == "mice":
        a, b = [s for s in names if s != first][:2]  # two seats that seal a card before the seat asked
        choice = {s: tables.view(table, s)["decision"]["choices"][0]["id"] for s in (a, b)}
        lab.expect(button(seats[a].page, choice[a])).to_be_visible(timeout=MOVE_TIMEOUT_MS)
        lab.expect(button(seats[b].page, choice[b])).to_be_visible(timeout=MOVE_TIMEOUT_MS)
        marks = {s: len(d.frames) for s, d in seats.items()}
        together([seats[a].page, seats[b].page], [choice[a], choice[b]])
        at_version(lab, list(seats.values()), 1)
        log = tables.log(table)
        assert len(log) == 1 and log[0]["kind"] == "early", log
        winner = log[0]["seat"]
        loser = b if winner == a else a
        refused(lab, seats[loser].page, langs[loser])
        assert version_of(tables, table) == 1, "the refused click played nothing"
    else:
        twin = device(browser)
        name, lang = LEARNERS[names.index(first)]
        enter(twin.page, classroom.url, f"learner={name}&lang={lang}", FIRST_BOARD_TIMEOUT_MS, new=False)
        sit(twin, table, first)
        option = tables.view(table, first)["decision"]["choices"]
        shown = [c["id"] for c in option if seats[first].page.locator(f'[data-choice-id="{c["id"]}"]').count()]
        assert shown, f"{first}'s board offers no option"
        lab.expect(button(twin.page, shown[0])).to_be_visible(timeout=MOVE_TIMEOUT_MS)
        lab.expect(button(seats[first].page, shown[0])).to_be_visible(timeout=MOVE_TIMEOUT_MS)
        together([seats[first].page, twin.page], [shown[0], shown[0]])
        at_version(lab, list(seats.values()), 1)
        time.sleep(1.0)  # the slower click has had its answer
        assert [r["choice"] for r in tables.log(table)] == [shown[0]], "one move from two clicks"
        shown_refusals = [p for p in (seats[first].page, twin.page) if p.locator("[data-testid=seat-refusal]").count()]
        assert len(shown_refusals) == 1, "exactly one of the two devices is told it was refused"
        refused(lab, shown_refusals[0], langs[first])
        twin.page.context.close()

    # Moves reach the others.
    if kind == "mice":
        sealed = tables.log(table)[0]  # the winner's card, face down
        for s in [s for s in names if s not in (first, sealed["seat"])]:  # the others seal theirs, then the
            pick = tables.view(table, s)["decision"]["choices"][0]["id"]
            seats[s].page.wait_for_selector(f'[data-choice-id="{pick}"]', timeout=MOVE_TIMEOUT_MS)
            before = version_of(tables, table)
            button(seats[s].page, pick).click()
            at_version(lab, list(seats.values()), before + 1)
        time.sleep(1.0)
        ends = {s: len(d.frames) for s, d in seats.items()}
        sealed_text = {s: set(MICE_CARD.findall(window(d, marks[s], ends[s]))) for s, d in seats.items()}
        play(lab, tables, table, seats)  # seat asked chooses: the reveal
        time.sleep(1.0)
        revealed_text = {s: set(MICE_CARD.findall(window(d, ends[s], len(d.frames)))) for s, d in seats.items()}
    else:
        under = face_down(tables.game(table)) if kind == "clocktowers" else set()
        for _ in range(2):
            play(lab, tables, table, seats)

    game = tables.game(table)  # whose turn each page says, in its language (Hickory Dickory's colors too)
    for seat in names:
        mine = tables.view(table, seat)
        if not game.over and mine["decision"] is None and seat not in mine["committed"]:  # a seat that waits
            lab.expect(seats[seat].page.locator("[data-testid=seat-turn]")).to_contain_text(
                game.player_name(game.decision.player, langs[seat]), timeout=MOVE_TIMEOUT_MS)
    for seat in names:  # the table's own controls only: no bots, seat menus, new games or one-screen settings
        found = seats[seat].page.locator(TABLE_FREE).count()
        assert found == 0, f"{seat}'s board at a table shows {found} control(s) only a single screen has"
        lab.screenshot(seats[seat].page, f"tables4-{kind}-{seat}")

    # Hidden is hidden.
    if kind == "mice":
        # The second table: the same seed, the same seats, the same cards sealed but the winner's.
        twin_table = tables.open_table(kind, 4, seed=SEED)
        for s, d in seats.items():
            sit(d, twin_table, s)
        at_version(lab, list(seats.values()), 0)
        marks2 = {s: len(d.frames) for s, d in seats.items()}
        first_log = tables.log(table)
        w = sealed["seat"]
        other_card = [c["id"] for c in tables.view(twin_table, w)["decision"]["choices"] if c["id"] != sealed["choice"]]
        order = [(w, other_card[0])] + [(r["seat"], r["choice"]) for r in first_log[1:] if r["kind"] == "early"]
        for n, (s, pick) in enumerate(order, start=1):
            seats[s].page.wait_for_selector(f'[data-choice-id="{pick}"]', timeout=MOVE_TIMEOUT_MS)
            button(seats[s].page, pick).click()
            at_version(lab, list(seats.values()), n)
        time.sleep(1.0)
        ends2 = {s: len(d.frames) for s, d in seats.items()}
        sealed_text2 = {s: set(MICE_CARD.findall(window(d, marks2[s], ends2[s]))) for s, d in seats.items()}
        reveal = next(r for r in first_log if r["kind"] == "move")
        button(seats[reveal["seat"]].page, reveal["choice"]).click()
        at_version(lab, list(seats.values()), len(first_log))
        time.sleep(1.0)
        revealed_text2 = {s: set(MICE_CARD.findall(window(d, ends2[s], len(d.frames)))) for s, d in seats.items()}
        colour = {p: h[0].rsplit(".", 1)[1] for p, h in hands(tables.game(twin_table), kind).items()}
        cards = {f"{sealed['choice'].split(':', 1)[1]}.{colour[w]}", f"{other_card[0].split(':', 1)[1]}.{colour[w]}"}
        for s in names:
            if s != w:
                assert sealed_text[s] == sealed_text2[s], \
                    f"{s} received something of {w}'s sealed card: {sorted(sealed_text[s] ^ sealed_text2[s])}"
                assert revealed_text[s] ^ revealed_text2[s] == cards, \
                    f"once turned over, {w}'s card is all that differs in {s}'s frames: the comparison sees it"
        for s, d in seats.items():  # back to the first table for what follows
            sit(d, table, s)
    elif kind == "hickory":  # each seat's favor cards: in its own frames (the probe works), in no other's
        held = hands(tables.game(table), kind)
        for seat in names:
            mine = seats[seat].text()
            assert all(card in mine for card in held[seat]), f"the probe: {seat}'s own {held[seat]} in its frames"
            for other in names:
                leaked = [card for card in held[seat] if other != seat and card in seats[other].text()]
                assert not leaked, f"{other}'s browser received {seat}'s hidden {leaked}"
    else:  # the face-down cards reach no seat; a card turned face up by a draw reaches every seat (the probe works)
        still = face_down(tables.game(table))
        turned = under - still
        assert turned, "a draw turned a deck's next card face up"
        for seat, d in seats.items():
            leaked = sorted(card for card in still if card in d.text())
            assert not leaked, f"{seat}'s browser received face-down cards: {leaked}"
            assert all(card in d.text() for card in turned), f"the probe: {seat} sees {turned} once face up"

    # A killed kernel and a restarted app lose no move.
    victim = seats[names[1]]
    os.kill(kernel_pid(victim.kernel_id()), signal.SIGKILL)
    log = [(r["version"], r["seat"], r["kind"], r["choice"]) for r in tables.log(table)]
    classroom.restart()
    for seat, d in seats.items():
        sit(d, table, seat)
    at_version(lab, list(seats.values()), len(log))
    tables = classroom_tables(classroom.store)
    assert [(r["version"], r["seat"], r["kind"], r["choice"]) for r in tables.log(table)] == log
    if not tables.game(table).over:
        play(lab, tables, table, seats)  # the game goes on

    teacher_and_projector(lab, browser, classroom.url, table, tables.game(table), kind)
