"""The one place a reader's values become a PaperRecord: every key filled (None or [] when
absent), every text cleaned (``text.clean``: hostile characters become spaces) and folded,
identifiers normalised (``identity``), a record with neither title nor abstract refused.

Titles and abstracts from Crossref-fed sources (OpenAlex, reference managers, publishers'
exports) carry inline markup: ``<i>in vitro</i>``, ``<sub>2</sub>``, ``<jats:p>``. Those tags
(and only those: a ``<`` in a text is kept) are dropped from the fields of structured formats.
A list file's text is kept exactly as written.
"""

import re

from ..errors import InputError, printable
from ..records import RELATED
from . import identity
from .text import clean_field, person, year as parse_year


def paper(path, line, *, title=None, abstract=None, authors=(), year=None, venue=None,
          doi=None, arxiv=None, openalex=None, s2=None, url=None, keywords=(), references=(),
          cited_by=(), role=RELATED):
    """A full PaperRecord read at ``path``:``line`` (its source is ``NAME:LINE``), or the
    InputError of a record with neither title nor abstract.

    ``references`` and ``cited_by`` are lists of alias-key tuples (``identity.reference_keys``):
    the works this one cites, and those a source says cite it."""
    title, abstract = clean_field(untagged(title)), clean_field(untagged(abstract))
    if not title and not abstract:
        return InputError(path, line, "record has neither title nor abstract")
    doi = identity.normalise_doi(clean_field(doi))
    arxiv = identity.normalise_arxiv(clean_field(arxiv)) or identity.normalise_arxiv(doi)
    if arxiv and doi and doi.startswith("10.48550/"):
        doi = None  # the arXiv DataCite DOI is the arXiv id (see identity)
    return {
        "id": None,
        "role": role,
        "title": title,
        "abstract": abstract,
        "truncated": False,
        "anchors": [],
        "sources": [f"{source_name(path)}:{line}"],
        "authors": unique(filter(None, map(person, authors or ()))),
        "year": parse_year(year),
        "venue": clean_field(venue),
        "doi": doi,
        "arxiv": arxiv,
        "openalex": identity.normalise_openalex(clean_field(openalex)),
        "s2": identity.normalise_s2(clean_field(s2)),
        "url": clean_field(url),
        "keywords": unique(filter(None, map(clean_field, keywords or ()))),
        "references": unique(keys for keys in references if keys),
        "cited_by": unique(keys for keys in cited_by if keys),
    }


_INLINE_TAG = re.compile(r"</?(i|b|em|strong|sub|sup|scp|sc|span|u|tt|br|p|jats:[a-z-]+|mml:[a-z]+)"
                         r"(?:\s[^<>]*)?/?>", re.IGNORECASE)
_BLOCK_TAGS = ("br", "p", "jats:")


def untagged(value):
    """``value`` without inline HTML/JATS tags (see the module docstring)."""
    if not isinstance(value, str) or "<" not in value:
        return value
    return _INLINE_TAG.sub(
        lambda m: " " if m.group(1).lower().startswith(_BLOCK_TAGS) else "", value)


def source_name(path):
    """How a source names its file: the file name (as list files always did)."""
    return printable(getattr(path, "name", None) or str(path).rsplit("/", 1)[-1])


def unique(values):
    seen, out = set(), []
    for value in values:
        if value not in seen:
            seen.add(value)
            out.append(value)
    return out


def split_list(value, separators=(";",)):
    """A list-valued field given as one string ("a; b; c"), split at the first separator it
    holds; a list is returned as is."""
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        return list(value)
    for separator in separators:
        if separator in value:
            return [part.strip() for part in value.split(separator)]
    return [value]
