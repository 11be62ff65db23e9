"""Semantic Scholar Graph API papers (https://api.semanticscholar.org/api-docs/graph): a JSON
list (the batch endpoint ``POST /paper/batch``; a null entry is an id it did not find), an
object whose ``data`` holds them (search), a single paper, or JSON Lines of papers.

Read from a paper: ``paperId``, ``externalIds`` (``DOI``, ``ArXiv``), ``title``, ``abstract``,
``year``, ``authors[].name``, ``venue`` (else ``journal.name``), ``url``, ``fieldsOfStudy`` (as
keywords), ``references[]`` as the works it cites (``s2:<paperId>``, with their DOI and arXiv
id when the response carries their ``externalIds``), and ``citations[]``: each citing paper
gives the reverse reference, recorded on that paper when it is in the corpus
(``identity.resolve_references``).
"""

import re

from . import fields, jsondata
from .jsondata import listing, mapping, text
from .identity import reference_keys

NAME = "semantic-scholar"
EXTENSIONS = (".json", ".jsonl", ".jsonl.gz")
LABEL = "Semantic Scholar papers (.json, .jsonl)"

_MARK = re.compile(r'"paperId"\s*:')


sniff = jsondata.sniffer(_MARK)


def read(path):
    return jsondata.records(path, record, containers=("data",))


def record(path, line, paper):
    ids = mapping(paper.get("externalIds"))
    return fields.paper(
        path, line,
        title=text(paper.get("title")),
        abstract=text(paper.get("abstract")),
        authors=[text(mapping(a).get("name")) for a in listing(paper.get("authors"))],
        year=paper.get("year"),
        venue=text(paper.get("venue")) or text(mapping(paper.get("journal")).get("name")),
        doi=text(ids.get("DOI")),
        arxiv=text(ids.get("ArXiv")),
        s2=text(paper.get("paperId")),
        url=text(paper.get("url")),
        keywords=[k for k in listing(paper.get("fieldsOfStudy")) if isinstance(k, str)],
        references=[work_keys(w) for w in listing(paper.get("references"))],
        cited_by=[work_keys(w) for w in listing(paper.get("citations"))],
    )


def work_keys(work):
    """The alias keys of a referenced or citing paper: its DOI, arXiv id and paperId."""
    work, ids = mapping(work), mapping(mapping(work).get("externalIds"))
    return reference_keys(doi=text(ids.get("DOI")), arxiv=text(ids.get("ArXiv")),
                          s2=text(work.get("paperId")))
