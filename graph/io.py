"""Writing files: atomically (a temporary file beside the target, then rename), deterministically."""

import csv
import io
import json
import os
import signal
import sys
import tempfile
from pathlib import Path


WRITE_BATCH = 4096

stop_signal = None  # SIGINT or SIGTERM once one has arrived (set by on_stop_signal)


def on_stop_signal(signum, frame):
    """Ctrl-C or SIGTERM: remembered, then raised as KeyboardInterrupt or Interrupted. Python
    drops an exception raised where it ignores exceptions (a finalizer, a weakref callback, an
    ``__instancecheck__`` inside C code), and the build would go on; ``OutputSet.commit`` asks
    again, so such a build still renames nothing into place."""
    global stop_signal
    stop_signal = signum
    raise_if_stopped()


def unless_stopping(unraisable):
    """sys.unraisablehook: the stop that Python drops is not printed as a traceback (the run
    ends with its one line at the next commit); any other dropped exception is."""
    from paperkg.extract.errors import Interrupted

    if not isinstance(unraisable.exc_value, (KeyboardInterrupt, Interrupted)):
        sys.__unraisablehook__(unraisable)


def raise_if_stopped():
    from paperkg.extract.errors import EXIT_TERMINATED, Interrupted

    if stop_signal == signal.SIGINT:
        raise KeyboardInterrupt
    if stop_signal == signal.SIGTERM:
        raise Interrupted(EXIT_TERMINATED)


class Batched:
    """A text file written a batch of pieces at a time: one write per WRITE_BATCH pieces, not
    per line, node or edge (the exports of a big corpus make millions of pieces, and a write
    call costs more than the text it carries). ``flush`` writes what is left."""

    def __init__(self, out):
        self.out, self.parts = out, []

    def write(self, text):
        self.parts.append(text)
        if len(self.parts) >= WRITE_BATCH:
            self.flush()

    def flush(self):
        self.out.write("".join(self.parts))
        self.parts.clear()


def write_atomic(path, data):
    """Write ``data`` (str or bytes) to ``path`` so that a crash never leaves half a file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        data = data.encode("utf-8")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def check_writable(out_dir, names):
    """Fail early (before any slow work) when ``out_dir`` cannot take the files ``names``: it
    is a file, it cannot be created or written, or one of the names is taken by a directory.
    Raises OutputError; leaves nothing behind."""
    from paperkg.extract.errors import OutputError

    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        raise OutputError(out, "output folder is a file")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(out, f"cannot create the output folder: {exc.strerror or exc}") from None
    for name in names:
        if (out / name).is_dir():
            raise OutputError(out / name, "output name is taken by a directory")
    try:
        fd, probe = tempfile.mkstemp(prefix=".paperkg-probe.", dir=out)
    except OSError as exc:
        raise OutputError(out, f"cannot write to the output folder: {exc.strerror or exc}") from None
    os.close(fd)
    os.unlink(probe)


class OutputSet:
    """Files written into one folder as a set: each is written to a temporary file beside its
    target (``path(name)``), and ``commit()`` renames them all into place, so an interrupted
    build leaves either the old complete set or the new one, never a mix or half a file.
    ``discard()`` (or leaving a ``with`` block on an exception) removes the temporary files."""

    def __init__(self, out_dir):
        self.out_dir = Path(out_dir)
        self.pending = {}

    def path(self, name):
        """A temporary path to write ``name`` to (created empty, mode 0644)."""
        self.out_dir.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=self.out_dir)
        os.close(fd)
        os.chmod(tmp, 0o644)
        self.pending[name] = Path(tmp)
        return Path(tmp)

    def commit(self):
        """Rename every written file into place; returns their names in the order written."""
        raise_if_stopped()
        for tmp in self.pending.values():
            with open(tmp, "rb") as fh:
                os.fsync(fh.fileno())
        for name, tmp in self.pending.items():
            os.replace(tmp, self.out_dir / name)
        names, self.pending = list(self.pending), {}
        return names

    def discard(self):
        for tmp in self.pending.values():
            tmp.unlink(missing_ok=True)
        self.pending = {}

    def __enter__(self):
        return self

    def __exit__(self, kind, value, traceback):
        if kind is not None:
            self.discard()
            if isinstance(value, OSError) and not isinstance(value, FileNotFoundError):
                from paperkg.extract.errors import OutputError

                raise OutputError(self.out_dir, f"cannot write: {value.strerror or value}; "
                                  "the files already there are left as they were") from None
        return False


def write_jsonl(path, rows):
    """Write ``rows`` to ``path`` as JSON Lines, one row at a time."""
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")


def jsonl(rows):
    """Rows as JSON Lines text: one object a line, keys in a stable order, UTF-8 kept."""
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)


def csv_text(rows, fields):
    """Rows as CSV text; list values are joined with ``;``."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=fields, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: ";".join(map(str, v)) if isinstance(v, list) else v for k, v in row.items()})
    return out.getvalue()
