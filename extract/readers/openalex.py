"""OpenAlex works (https://docs.openalex.org/api-entities/works/work-object): an API page
(``{"meta": …, "results": [work, …]}``), a single work, a list of works, or the snapshot's JSON
Lines (``.jsonl``, ``.jsonl.gz``, one work per line).

Read from a work: ``id`` (``https://openalex.org/W…``), ``doi`` (a doi.org URL) and ``ids``,
``title`` (else ``display_name``), the abstract rebuilt from ``abstract_inverted_index`` (word
-> positions), ``publication_year``, ``authorships[].author.display_name``,
``primary_location.source.display_name`` (the venue) and ``landing_page_url``, an arXiv id from
an arXiv location, ``keywords[].display_name``, and ``referenced_works`` as the works it cites
(``openalex:W…``).
"""

import re

from . import fields, jsondata
from .jsondata import listing, mapping, text
from .identity import reference_keys

NAME = "openalex"
EXTENSIONS = (".json", ".jsonl", ".jsonl.gz")
LABEL = "OpenAlex works (.json, .jsonl)"

_MARKS = re.compile(r'"(abstract_inverted_index|referenced_works|authorships)"\s*:'
                    r'|"id"\s*:\s*"https://openalex\.org/W\d+"')


sniff = jsondata.sniffer(_MARKS)


def read(path):
    return jsondata.records(path, record, containers=("results",))


def record(path, line, work):
    ids = mapping(work.get("ids"))
    location = mapping(work.get("primary_location"))
    return fields.paper(
        path, line,
        title=text(work.get("title")) or text(work.get("display_name")),
        abstract=abstract_text(work.get("abstract_inverted_index")),
        authors=[name(a) for a in listing(work.get("authorships"))],
        year=work.get("publication_year"),
        venue=text(mapping(location.get("source")).get("display_name")),
        doi=text(work.get("doi")) or text(ids.get("doi")),
        arxiv=arxiv_location(work),
        openalex=text(work.get("id")) or text(ids.get("openalex")),
        url=text(location.get("landing_page_url")) or text(work.get("doi")) or text(work.get("id")),
        keywords=[text(mapping(k).get("display_name")) for k in listing(work.get("keywords"))],
        references=[reference_keys(openalex=w) for w in listing(work.get("referenced_works"))
                    if isinstance(w, str)],
    )


def abstract_text(index):
    """The abstract an inverted index encodes: its words in the order of their positions."""
    if not isinstance(index, dict):
        return None
    placed = sorted((position, word) for word, positions in index.items()
                    if isinstance(positions, list)
                    for position in positions if isinstance(position, int) and position >= 0)
    return " ".join(word for _, word in placed) or None


def arxiv_location(work):
    for location in [work.get("primary_location")] + listing(work.get("locations")):
        url = text(mapping(location).get("landing_page_url")) or ""
        if "arxiv.org/" in url:
            return url
    return None


def name(authorship):
    authorship = mapping(authorship)
    return text(mapping(authorship.get("author")).get("display_name")) \
        or text(authorship.get("raw_author_name"))
