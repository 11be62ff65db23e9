"""RIS (``.ris``), as Zotero, EndNote, Mendeley and databases export it, parsed with rispy.

Read from a record (``TY  -`` … ``ER  -``): the title (``TI``, else ``T1``), the abstract
(``AB``, else ``N2``), authors (``AU``, ``A1``; "Family, Given" as "Given Family"), the year
(``PY``, else ``Y1``, else ``DA``), ``DO``, ``UR`` (an arXiv URL gives the arXiv id), the venue
(``JO``, ``T2``, ``JF``, ``JA``), ``KW``.

Streaming: the file is cut into records line by line, each parsed by rispy on its own, so that
a bad record (one without its ``ER  -`` end, or with neither title nor abstract) is one
``FILE:LINE`` naming its ``TY  -`` line and the next record is still read.
"""

import re

import rispy

from ..errors import InputError
from . import fields
from .files import lines

NAME = "ris"
EXTENSIONS = (".ris",)
LABEL = "RIS (.ris)"

_TAG = re.compile(r"^([A-Z][A-Z0-9])  - ?(.*)$")
_START = re.compile(r"^TY  - ", re.MULTILINE)


def sniff(head):
    return bool(_START.search(head.lstrip("\ufeff")))


def read(path):
    found = False
    for line, record_lines, problem in records(path):
        found = True
        if problem:
            yield InputError(path, line, problem)
            continue
        parsed = rispy.RisParser(enforce_list_tags=False).parse_lines(iter(record_lines))
        yield record(path, line, parsed[0] if parsed else {})
    if not found:
        raise InputError(path, 1, "no RIS records found: expected 'TY  - ' lines")


def records(path):
    """Yield (line of TY, [lines of the record], problem or None), streaming."""
    start, buffer, stray = None, [], None
    for number, text in lines(path):
        tag = _TAG.match(text)
        name = tag.group(1) if tag else None
        if name == "TY":
            if buffer:
                yield start, buffer, "record has no 'ER  -' end before the next 'TY  -'"
            start, buffer, stray = number, [text], None
        elif start is None:
            if text.strip() and stray is None:
                stray = number
                yield number, [], "text outside a record: expected 'TY  - '"
        else:
            buffer.append(text)
            if name == "ER":
                yield start, buffer, None
                start, buffer = None, []
    if buffer:
        yield start, buffer, "record has no 'ER  -' end"


def record(path, line, ris):
    def first(*names):
        for name in names:
            value = ris.get(name)
            if isinstance(value, list):
                value = next((v for v in value if v), None)
            if value:
                return value
        return None

    urls = ris.get("urls") or []
    return fields.paper(
        path, line,
        title=first("title", "primary_title"),
        abstract=first("abstract", "notes_abstract"),
        authors=as_list(ris.get("authors")) + as_list(ris.get("first_authors")),
        year=first("year", "publication_year", "date"),
        venue=first("journal_name", "secondary_title", "alternate_title3", "alternate_title1",
                    "alternate_title2"),
        doi=first("doi"),
        arxiv=next((u for u in as_list(urls) if "arxiv.org/" in u), None),
        url=first("urls"),
        keywords=[k for value in as_list(ris.get("keywords")) for k in fields.split_list(value)],
    )


def as_list(value):
    if value is None:
        return []
    return [v for v in (value if isinstance(value, list) else [value]) if isinstance(v, str)]
