"""arXiv metadata as JSON Lines: the corpus format (``id``, ``title``, ``abstract``,
``categories``, ``authors``, ``source_url``) and the arXiv Kaggle snapshot's (``id``,
``title``, ``abstract``, ``authors`` as one string or ``authors_parsed``, ``doi``,
``journal-ref``, ``versions``, ``update_date``). Streaming, line by line (``.jsonl.gz``
too); a record with neither title nor abstract is a bad record.

The year is ``year`` when a record has one, else that of the first version
(``versions[0].created``), else the one the arXiv id names (``2503.11731``: 2025), else that of
``update_date``. Categories become keywords; ``venue`` (else ``journal-ref``) the venue.
"""

import re

from . import fields, jsondata
from .jsondata import text

NAME = "arxiv"
EXTENSIONS = (".jsonl", ".jsonl.gz")
LABEL = "arXiv JSON Lines (.jsonl, .jsonl.gz)"


_KEY = re.compile(r'"(?:title|abstract)"\s*:')
_OTHERS = re.compile(r'"(?:paperId|abstract_inverted_index|authorships)"\s*:')


def sniff(head):
    """A JSON object per line with a title or an abstract (the first line may be longer than
    the head: its keys are looked for, not parsed)."""
    first = next((x for x in head.split("\n") if x.strip()), "").lstrip()
    return first.startswith("{") and bool(_KEY.search(first)) and not _OTHERS.search(first)


def read(path):
    return jsondata.records(path, record)


def record(path, line, item):
    arxiv = item.get("id") if isinstance(item.get("id"), str) else None
    return fields.paper(
        path, line,
        title=text(item.get("title")),
        abstract=text(item.get("abstract")),
        authors=authors(item),
        year=year(item, arxiv),
        venue=text(item.get("venue")) or text(item.get("journal-ref")),
        doi=text(item.get("doi")),
        arxiv=arxiv or text(item.get("source_url")),
        url=text(item.get("source_url")) or (f"https://arxiv.org/abs/{arxiv}" if arxiv else None),
        keywords=categories(item.get("categories")),
    )


def authors(item):
    parsed = item.get("authors_parsed")
    if isinstance(parsed, list) and parsed:
        return [" ".join(p for p in (parts[1:2] + parts[:1]) if p) for parts in parsed
                if isinstance(parts, list) and all(isinstance(p, str) for p in parts)]
    value = item.get("authors")
    if isinstance(value, list):
        return [a for a in value if isinstance(a, str)]
    if isinstance(value, str):
        return [a for a in re.split(r",\s*|\s+and\s+", value) if a.strip()]
    return []


def year(item, arxiv):
    if item.get("year") is not None:
        return item["year"]
    versions = item.get("versions")
    if isinstance(versions, list) and versions and isinstance(versions[0], dict):
        created = versions[0].get("created")
        if isinstance(created, str):
            return created
    match = re.fullmatch(r"(\d\d)(\d\d)\.\d{4,5}(v\d+)?", arxiv or "")
    if match and 1 <= int(match.group(2)) <= 12:
        return 2000 + int(match.group(1))
    return text(item.get("update_date"))


def categories(value):
    if isinstance(value, str):
        return value.split()
    if isinstance(value, list):
        return [c for c in value if isinstance(c, str)]
    return []
