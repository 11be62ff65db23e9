"""``--anchor``: mark papers of any input as anchors, by paper id, DOI, arXiv id, OpenAlex or
Semantic Scholar id (in any of the ways sources write them), or else by a part of the title.

A list file's header paper is an anchor already; ``--anchor`` adds others (a BibTeX entry, an
OpenAlex work) so that papers of every format can be anchors.
"""

from ..errors import InputError, PaperkgError
from ..records import ANCHOR
from .identity import identifiers, is_paper_id, normalised_title
from .text import fold


class UnmatchedAnchor(InputError):
    """An ``--anchor`` value that names no paper read. An InputError (``path`` "--anchor",
    ``line`` 0) whose message names the option, not a file."""

    def __init__(self, value):
        self.value, self.path, self.line = value, "--anchor", 0
        self.what = ("matches no paper read (give a paper id, a DOI, an arXiv id or a part of "
                     "a title)")
        PaperkgError.__init__(self, f"--anchor {value!r}: {self.what}")


def check(values):
    """The values as given, or ValueError for an empty one (it would match every title)."""
    for value in values:
        if not value or not fold(value):
            raise ValueError("--anchor: an empty value would match every paper; give a paper "
                             "id, a DOI, an arXiv id or a part of a title")
    return tuple(values)


def matching(records, value):
    """The records ``value`` names: by an identifier when it is one that some paper has, else
    every paper whose title holds it (case and punctuation ignored)."""
    pid = is_paper_id(value)
    if pid:
        found = [r for r in records if r["id"] == pid]
        if found:
            return found
    ids = identifiers(value)
    found = [r for r in records if any(r.get(scheme) == v for scheme, v in ids.items())]
    if found:
        return found
    wanted = normalised_title(value)
    if not wanted:
        return []
    return [r for r in records if r.get("title") and wanted in normalised_title(r["title"])]


def mark(records, values):
    """Make the papers ``values`` name anchors, in place. Returns (problems, notices): an
    UnmatchedAnchor for each value that names nothing; a notice for one naming several."""
    problems, notices = [], []
    for value in check(values):
        found = matching(records, value)
        if not found:
            problems.append(UnmatchedAnchor(value))
        elif len(found) > 1:
            notices.append(f"--anchor {value!r}: {len(found)} papers match, all are anchors")
        for record in found:
            record["role"] = ANCHOR
    return problems, notices
