"""Readers of input files: one module per format, one registry, one merge of the works read.

    from paperkg.extract.readers import read_inputs
    result = read_inputs(["seeds/", "refs.bib"], fmt=None, anchors=(), max_chars=20000)

Modules: ``registry`` (the formats and how a file's format is recognised), one reader per
format (``lists``, ``arxiv``, ``bibtex``, ``ris``, ``table``, ``openalex``,
``semantic_scholar``), ``text`` (hostile characters and the length limit, decided once),
``fields`` (a reader's values to a PaperRecord), ``identity`` (one work, one paper),
``anchors`` (``--anchor``), ``inputs`` (all of it, for the commands).
"""

from .identity import Merge, work_keys
from .inputs import ReadResult, read_inputs
from .registry import FORMATS, NAMES as FORMAT_NAMES

__all__ = ["FORMATS", "FORMAT_NAMES", "Merge", "ReadResult", "read_inputs", "read_paths",
           "work_keys"]


def read_paths(paths):
    """(records, files read, problems) of ``paths`` in every format, defaults otherwise: the
    shape tests and scripts used before ``read_inputs`` returned a ReadResult."""
    result = read_inputs(paths)
    return result.records, result.files_read, result.problems
