"""compare(): many playouts per option, common random numbers, the same rows on every executor (issue 12)."""

from __future__ import annotations

import random
import threading
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from hickory_widget import Game, IllegalChoice
from hickory_widget.hickory.analysis.whatif import Cancelled, SerialExecutor, compare
from tests.support.positions import delivery_choice


@pytest.fixture(scope="module")
def round3() -> Game:
    """A 4-player game in round 3, at a decision with several options."""
    game = Game.new(4, seed=1)
    rng = random.Random(1)
    while game.state.round < 3 or len(game.choice_ids) < 2 or any(
            c.startswith(("trade", "give:", "swap:")) for c in game.choice_ids):
        game.choose(rng.choice(game.choice_ids))
    return game


def test_rows_describe_every_option_and_leave_the_game_alone(round3: Game) -> None:
    before = round3.to_json()
    result = compare(round3, playouts=6, executor=SerialExecutor(), progress=False)
    assert round3.to_json() == before
    assert [r.choice for r in result.rows] == round3.choice_ids
    assert [r.label for r in result.rows] == [c.label for c in round3.choices]
    for row in result.rows:
        assert row.playouts == 6 and len(row.points) == 6
        assert row.points_ci[0] <= row.mean_points <= row.points_ci[1]
        assert 0 <= row.win_ci[0] <= row.win_rate <= row.win_ci[1] <= 1
    assert result.best in result.rows and result.player == round3.decision.player


def test_delivering_beats_declining_in_every_playout() -> None:
    """Declining the Deliver action banks nothing; delivering banks 18 (R103, R104), whatever the dice do."""
    game = delivery_choice()
    result = compare(game, ["act:0", "decline"], playouts=8, executor=SerialExecutor(), progress=False)
    deliver, decline = result.row("act:0"), result.row("decline")
    assert result.best is deliver
    assert min(deliver.points) >= 18
    assert deliver.mean_margin > decline.mean_margin


def test_common_random_numbers_give_identical_futures_to_identical_options(round3: Game) -> None:
    """Two options that lead to the same game get the same playouts, one by one: the seed is per playout k."""
    game = delivery_choice()
    a = compare(game, ["act:0"], playouts=5, executor=SerialExecutor(), progress=False, seed=3)
    b = compare(game, ["decline", "act:0"], playouts=5, executor=SerialExecutor(), progress=False, seed=3, batch=2)
    assert a.rows[0] == b.rows[1]
    c = compare(game, ["act:0"], playouts=5, executor=SerialExecutor(), progress=False, seed=4)
    assert c.rows[0].points != a.rows[0].points or c.rows[0].mean_margin != a.rows[0].mean_margin


def test_same_rows_serially_on_threads_and_on_a_process_pool(round3: Game) -> None:
    serial = compare(round3, playouts=8, bot="random", executor=SerialExecutor(), progress=False, seed=5)
    with ThreadPoolExecutor(2) as threads:
        assert compare(round3, playouts=8, bot="random", executor=threads, progress=False, seed=5,
                       batch=3).rows == serial.rows
    with ProcessPoolExecutor(2) as processes:
        assert compare(round3, playouts=8, bot="random", executor=processes, progress=False, seed=5,
                       batch=5).rows == serial.rows
    assert compare(round3, playouts=8, bot="random", progress=False, seed=5).rows == serial.rows  # default pool


def test_same_rows_on_a_dask_cluster(round3: Game) -> None:
    distributed = pytest.importorskip("distributed")  # in the test extra: present wherever the suite runs
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        on_dask = compare(round3, playouts=6, executor=client.get_executor(), progress=False, seed=2)
    serial = compare(round3, playouts=6, executor=SerialExecutor(), progress=False, seed=2)
    assert on_dask.rows == serial.rows


def test_bad_requests_say_what_is_allowed(round3: Game) -> None:
    with pytest.raises(IllegalChoice, match="legal options"):
        compare(round3, ["leap:99"], playouts=2, executor=SerialExecutor(), progress=False)
    with pytest.raises(ValueError, match="playouts must be"):
        compare(round3, playouts=0, executor=SerialExecutor(), progress=False)
    with pytest.raises(ValueError, match="unknown bot"):
        compare(round3, playouts=2, bot="clever", executor=SerialExecutor(), progress=False)


def test_progress_reports_and_cancel_stops(round3: Game) -> None:
    seen: list[tuple[int, int]] = []
    compare(round3, playouts=4, executor=SerialExecutor(), progress=lambda done, total: seen.append((done, total)),
            batch=2)
    total = 4 * len(round3.choice_ids)
    assert seen[-1] == (total, total) and len(seen) == 2 * len(round3.choice_ids)
    stop = threading.Event()
    stop.set()
    with pytest.raises(Cancelled):
        compare(round3, playouts=4, executor=SerialExecutor(), progress=False, cancel=stop)


def test_plot_and_dataframe(round3: Game) -> None:
    result = compare(round3, playouts=4, executor=SerialExecutor(), progress=False)
    fig = result.plot()
    means, spread = fig.axes
    assert [t.get_text() for t in means.get_yticklabels()] == [r.label[:40] if len(r.label) <= 40 else
                                                               r.label[:39] + "…" for r in result.rows]
    medians = [line for line in spread.get_lines() if line.get_color() == "C1"]  # one median line per box
    assert len(medians) == len(result.rows)
    frame = result.to_dataframe()
    assert list(frame.index) == [r.choice for r in result.rows]
    assert frame["mean_points"].tolist() == [r.mean_points for r in result.rows]
