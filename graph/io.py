"""Writing files: atomically (a temporary file beside the target, then rename), deterministically."""

import csv
import io
import json
import os
import tempfile
from pathlib import Path


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
