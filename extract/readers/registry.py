"""The input formats paperkg reads, in one registry, and how a file's format is recognised.

A format is a reader module's ``sniff(head) -> bool`` (does the start of a file look like this
format?) and ``read(path)`` (a generator of PaperRecord dicts and, for bad records,
``InputError`` objects; an ``InputError`` raised means the file could not be read at all). A new
format is one module and one line in ``FORMATS``.

``detect(path, fmt)``: ``fmt`` (``--input-format``) names the format; otherwise the formats the
file's extension names are tried first, then all the others, by their ``sniff`` on the first
64 KiB. When none fits, a file whose extension names a single format is given to it anyway (its
reader says precisely what is wrong: "no header line", "no BibTeX entries", ...); any other is
an InputError that lists the formats paperkg reads.
"""

from pathlib import Path
from typing import Callable, NamedTuple

from ..errors import InputError
from . import arxiv, bibtex, lists, openalex, ris, semantic_scholar, table
from .files import read_head, suffix

# Bytes read from the start of a file to recognise its format.
SNIFF_BYTES = 65536


class Format(NamedTuple):
    name: str               # the --input-format name
    extensions: tuple       # the suffixes that name it (".jsonl.gz" is one suffix)
    sniff: Callable         # sniff(head text) -> bool
    read: Callable          # read(path) -> iterator of records and InputErrors
    label: str              # how error messages name it


# In the order content sniffing tries them (the most specific first).
FORMATS = (
    Format("openalex", openalex.EXTENSIONS, openalex.sniff, openalex.read, openalex.LABEL),
    Format("semantic-scholar", semantic_scholar.EXTENSIONS, semantic_scholar.sniff,
           semantic_scholar.read, semantic_scholar.LABEL),
    Format("arxiv", arxiv.EXTENSIONS, arxiv.sniff, arxiv.read, arxiv.LABEL),
    Format("bibtex", bibtex.EXTENSIONS, bibtex.sniff, bibtex.read, bibtex.LABEL),
    Format("ris", ris.EXTENSIONS, ris.sniff, ris.read, ris.LABEL),
    Format("csv", (".csv",), table.sniffer(","), table.reader(","), table.LABEL),
    Format("tsv", (".tsv",), table.sniffer("\t"), table.reader("\t"), table.LABEL),
    Format("lists", lists.EXTENSIONS, lists.sniff, lists.read,
           "related-paper lists (.txt)"),
)
BY_NAME = {f.name: f for f in FORMATS}
NAMES = tuple(f.name for f in FORMATS)
# The suffixes of the files read from a folder.
SUFFIXES = tuple(sorted({s for f in FORMATS for s in f.extensions}))


def formats_paperkg_reads():
    """The formats, named for a message."""
    return "; ".join(dict.fromkeys(f.label for f in FORMATS))


def detect(path, fmt=None):
    """The Format to read ``path`` with (see the module docstring)."""
    if fmt:
        return BY_NAME[fmt]
    named = [f for f in FORMATS if suffix(path) in f.extensions]
    head = read_head(path, SNIFF_BYTES)
    for candidate in named + [f for f in FORMATS if f not in named]:
        if candidate.sniff(head):
            return candidate
    if len(named) == 1:
        return named[0]
    what = "empty file: expected one of" if not head.strip() else "not in any format paperkg reads:"
    raise InputError(path, 1, f"{what} {formats_paperkg_reads()}")


def input_files(path):
    """The files a path names: itself, or the files of a directory whose suffix names a format,
    sorted by name."""
    path = Path(path)
    if path.is_dir():
        files = sorted(p for p in path.iterdir()
                       if p.is_file() and not p.name.startswith(".") and suffix(p) in SUFFIXES)
        if not files:
            raise InputError(path, 0, "directory has no list files or other files paperkg "
                                      f"reads ({', '.join(SUFFIXES)})")
        return files
    if not path.exists():
        raise InputError(path, 0, "no such file or directory")
    return [path]
