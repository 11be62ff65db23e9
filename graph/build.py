"""The main job: from extracted paper records to every output file in one folder."""

from pathlib import Path

from . import io

PAPER_KEYS = ("id", "role", "title", "abstract", "truncated", "anchors", "sources")


def write_outputs(extracted, out_dir):
    """Write the outputs of ``extracted`` records to ``out_dir``. Returns the names of the files
    written, in the order written."""
    from paperkg.extract.pipeline import concept_table

    files = {
        "papers.jsonl": io.jsonl({k: r[k] for k in PAPER_KEYS} for r in extracted),
        "concepts.jsonl": io.jsonl(concept_table(extracted)),
    }
    out = Path(out_dir)
    for name, data in files.items():
        io.write_atomic(out / name, data)
    return list(files)
