"""Progress on stderr, one bar per stage (``reading``, ``extraction``, ``relatedness``, each
export), drawn only when stderr is a terminal and not silenced by ``--quiet``.

    for item in progress.track(items, "extraction", total=len(items)): ...
    with progress.stage("graph.nt"): ...          # a stage with no count: its name and time

Library code calls these freely; they draw nothing unless the CLI called ``enable()``.
"""

import sys
import time
from contextlib import contextmanager

_state = {"on": False, "stream": None}
WIDTH = 30


def enable(on=True, stream=None):
    """Draw progress from now on (the CLI calls this when stderr is a terminal and not --quiet)."""
    _state["on"], _state["stream"] = on, stream


def enabled():
    return _state["on"]


def _stream():
    return _state["stream"] or sys.stderr


def _draw(name, done, total, started, final=False):
    stream = _stream()
    elapsed = time.monotonic() - started
    if total:
        filled = WIDTH * min(done, total) // max(total, 1)
        bar = f"[{'=' * filled}{' ' * (WIDTH - filled)}] {done}/{total}"
    else:
        bar = f"{done}" if done else ""
    stream.write(f"\r{name:<14} {bar} {elapsed:6.1f}s")
    if final:
        stream.write("\n")
    stream.flush()


def track(items, name, total=None):
    """Yield from ``items`` while drawing ``name [=====     ] n/total``."""
    if not _state["on"]:
        yield from items
        return
    started = time.monotonic()
    step = max(1, (total or 0) // 100)
    done = 0
    _draw(name, 0, total, started)
    for done, item in enumerate(items, start=1):
        if done % step == 0:
            _draw(name, done, total, started)
        yield item
    _draw(name, done, total, started, final=True)


@contextmanager
def stage(name):
    """A stage without a count: its name while it runs, then its time."""
    if not _state["on"]:
        yield
        return
    started = time.monotonic()
    _draw(name, 0, None, started)
    yield
    _draw(name, 0, None, started, final=True)
