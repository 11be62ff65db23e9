"""CSV and TSV with a header row: a reference manager's or a database's export (Scopus, Web of
Science, IEEE Xplore, Lens) or a spreadsheet of one's own.

Columns are found by their header, case-insensitively (the first name a header has wins):

    title     Title, Article Title, Document Title, TI
    abstract  Abstract, AB              ("[No abstract available]", Scopus's, is no abstract)
    authors   Author full names, Authors, Author, AF, AU   (split at ";")
    year      Year, Publication Year, PY
    doi       DOI, DI
    venue     Source title, Venue, Journal, Publication Title, Journal Title, SO
    url       URL, Link
    keywords  Author Keywords, Keywords, DE                (split at ";")
    arxiv     arXiv, arXiv id, eprint
    id        id  (a DOI, arXiv, OpenAlex or Semantic Scholar id, recognised by its form)

A header with neither a title nor an abstract column makes the file unreadable (one line naming
the columns it has). Streaming, row by row; a row with more or fewer fields than the header, or
with neither title nor abstract, is one bad record naming its line.
"""

import csv
import re

from ..errors import InputError
from . import fields
from .files import lines
from .identity import identifiers

LABEL = "CSV or TSV with a title or abstract column (.csv, .tsv)"

COLUMNS = {
    "title": ("title", "article title", "document title", "ti"),
    "abstract": ("abstract", "ab"),
    "authors": ("author full names", "authors", "author", "af", "au"),
    "year": ("year", "publication year", "py"),
    "doi": ("doi", "di"),
    "venue": ("source title", "venue", "journal", "publication title", "journal title", "so"),
    "url": ("url", "link"),
    "keywords": ("author keywords", "keywords", "de"),
    "arxiv": ("arxiv", "arxiv id", "eprint"),
    "id": ("id",),
}
_NO_ABSTRACT = re.compile(r"^\[?\s*no abstract available\s*\]?$", re.IGNORECASE)
_AUTHOR_ID = re.compile(r"\s*\(\d+\)\s*$")  # Scopus: "Rajbhandari, Samyam (57190000001)"

# One long abstract must not be an error: raise csv's field size limit (128 KiB by default).
csv.field_size_limit(max(csv.field_size_limit(), 1 << 30))


def columns(header):
    """{field: column index} of a header row."""
    names = [h.strip().strip("\ufeff").lower() for h in header]
    found = {}
    for field, aliases in COLUMNS.items():
        for alias in aliases:
            if alias in names:
                found[field] = names.index(alias)
                break
    return found


def sniffer(delimiter):
    def sniff(head):
        first = next((line for line in head.split("\n") if line.strip()), "")
        if delimiter not in first:
            return False
        header = next(csv.reader([first], delimiter=delimiter))
        return bool({"title", "abstract"} & set(columns(header)))
    return sniff


def reader(delimiter):
    def read(path):
        yield from rows(path, delimiter)
    return read


def rows(path, delimiter):
    numbered = lines(path)
    state = {"line": 0}

    def text_lines():  # csv reads from these; the line each row starts on is remembered
        for number, text in numbered:
            state["line"] = number
            yield text + "\n"

    table = csv.reader(text_lines(), delimiter=delimiter)
    try:
        header = next(table)
    except StopIteration:
        raise InputError(path, 1, "empty file: expected a header row") from None
    found = columns(header)
    if "title" not in found and "abstract" not in found:
        names = ", ".join(h.strip() for h in header if h.strip())[:200]
        raise InputError(path, 1, f"header has no title or abstract column (found: {names})")
    width = len(header)
    while True:
        start = state["line"] + 1
        try:
            row = next(table)
        except StopIteration:
            return
        except csv.Error as exc:
            yield InputError(path, start, f"not valid CSV: {exc}")
            continue
        if not any(cell.strip() for cell in row):
            continue
        if len(row) > width and any(cell.strip() for cell in row[width:]) or len(row) < width:
            yield InputError(path, start, f"row has {len(row)} fields, the header has {width}")
            continue
        yield record(path, start, {field: row[i] for field, i in found.items()})


def record(path, line, row):
    ids = identifiers(row.get("id") or "")
    abstract = row.get("abstract")
    if abstract and _NO_ABSTRACT.match(abstract.strip()):
        abstract = None
    return fields.paper(
        path, line,
        title=row.get("title"),
        abstract=abstract,
        authors=[_AUTHOR_ID.sub("", a) for a in authors(row.get("authors"))],
        year=row.get("year"),
        venue=row.get("venue"),
        doi=row.get("doi") or ids.get("doi"),
        arxiv=row.get("arxiv") or ids.get("arxiv"),
        openalex=ids.get("openalex"),
        s2=ids.get("s2"),
        url=row.get("url"),
        keywords=fields.split_list(row.get("keywords") or None),
    )


def authors(value):
    """Author names of one cell: "A; B; C", or Scopus's older "Family G., Family H.", or a
    single "Family, Given"."""
    if not value or not value.strip():
        return []
    if ";" in value:
        return [a.strip() for a in value.split(";") if a.strip()]
    if re.search(r"\.,\s", value):
        return [a.strip() for a in re.split(r"(?<=\.),\s+", value) if a.strip()]
    return [value.strip()]
