"""The main job: from extracted paper records to every output file in one folder."""

from pathlib import Path

from . import io

PAPER_KEYS = ("id", "role", "title", "abstract", "truncated", "anchors", "sources")


def write_outputs(records, out_dir, nlp=None):
    """Write the outputs of ``records`` (reader records, with "concepts" once extracted) to
    ``out_dir``. Returns the names of the files written, in the order written."""
    out = Path(out_dir)
    files = {"papers.jsonl": io.jsonl({k: r[k] for k in PAPER_KEYS} for r in records)}
    for name, data in files.items():
        io.write_atomic(out / name, data)
    return list(files)
