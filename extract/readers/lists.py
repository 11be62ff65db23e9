"""Read related-paper lists (the format is in README.md, "The list format").

A list file starts with a header line naming an anchor paper (``相关论文: TITLE`` or
``Related papers: TITLE``), followed by the abstracts of its related papers, one paragraph each.
A file may hold several such sections. The reader yields the header's anchor paper, then one
record per abstract, related to that anchor; ``identity.Works`` merges an abstract listed under
several anchors into one paper related to each.

Ids: the hash of the normalised text (the title for anchors, else the abstract), as always.

A list file is read whole (it is small, and its structure — a header before its abstracts — is
checked as a whole): a file that breaks it is one error naming the line, and none of it is read.
"""

import re

from .. import defaults
from ..errors import InputError
from ..records import ANCHOR, RELATED
from . import fields
from .files import read_bytes
from .files import decode  # noqa: F401 (re-exported: the CLI's JSONL reader uses it)
from .identity import paper_id
from .text import clean, fold

NAME = "lists"
EXTENSIONS = defaults.LIST_SUFFIXES

_HEADER = re.compile(
    r"^\s*(%s)\s*[:\uff1a]\s*(.*?)\s*$" % "|".join(map(re.escape, defaults.HEADER_LABELS)),
    re.IGNORECASE,
)


def sniff(head):
    """Whether the start of a file looks like a list file: its first paragraph is a header."""
    first = next((line for line in head.split("\n") if line.strip()), "")
    return bool(_HEADER.match(clean(first)))


def paragraphs(text):
    """Yield (line number, paragraph) for each run of non-blank lines, wrapped lines joined,
    whitespace folded. Hostile characters (``text.clean``) become spaces first, line by line."""
    start, lines = None, []
    for number, line in enumerate(text.split("\n"), start=1):
        line = clean(line)
        if line.strip():
            if start is None:
                start = number
            lines.append(line.strip())
        elif lines:
            yield start, fold(" ".join(lines))
            start, lines = None, []
    if lines:
        yield start, fold(" ".join(lines))


def parse_list(text, path):
    """Parse one list file's text into sections: [(title, header line, [(line, abstract)])]."""
    sections = []
    for number, para in paragraphs(text):
        match = _HEADER.match(para)
        if match:
            if not match.group(2):
                raise InputError(path, number, f"header '{match.group(1)}' has no paper title")
            if sections and not sections[-1][2]:
                raise InputError(path, sections[-1][1], "header has no abstracts after it")
            sections.append((match.group(2), number, []))
        elif not sections:
            raise InputError(
                path, number, "no header line: expected '相关论文: TITLE' or 'Related papers: TITLE'"
            )
        else:
            sections[-1][2].append((number, para))
    if not sections:
        raise InputError(path, 1, "empty file: expected a header line and abstracts")
    if not sections[-1][2]:
        raise InputError(path, sections[-1][1], "header has no abstracts after it")
    return sections


def read(path):
    """Yield the records of one list file: each section's anchor, then its related papers."""
    sections = parse_list(decode(read_bytes(path), path), path)
    for title, line, abstracts in sections:
        anchor = _record(path, line, ANCHOR, title)
        yield anchor
        for number, abstract in abstracts:
            paper = _record(path, number, RELATED, abstract)
            paper["anchors"].append(anchor["id"])
            yield paper


def _record(path, line, role, text):
    field = "title" if role == ANCHOR else "abstract"
    record = fields.paper(path, line, role=role, **{field: text})
    record[field] = text  # as written: no tag dropped
    record["id"] = paper_id(text)
    return record
