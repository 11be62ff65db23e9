"""One work, one paper: identifiers normalised, the same work met twice merged, stable paper ids.

Identifiers (``normalise_doi`` and friends) are read the way sources write them: a DOI with or
without its resolver (``https://doi.org/10.1145/…``, ``doi:10.1145/…``), an arXiv id with or
without ``arXiv:``, its version or its abstract URL, an OpenAlex id as URL or ``W…``. An arXiv
DataCite DOI (``10.48550/arXiv.2304.11277``) is the arXiv id, not a DOI of its own, so that a
preprint and its published version do not carry two different DOIs.

``Works.add`` merges a record into a work already read when they share, in this order: a DOI,
an arXiv id, an OpenAlex id, a Semantic Scholar id, a normalised title (and the year, where both
have one), or an identical normalised abstract. A title or abstract match is refused when the
two records carry different identifiers of the same kind (two DOIs: two works). The merged
record keeps every source, every anchor, the union of references and keywords, and the richest
value of each field (the longest untruncated title and abstract, the longest author list, the
first non-empty value of the others).

Paper ids (``Works.finish``): ``records.work_id("doi:<doi>")`` when the paper has a DOI, else
``work_id("arxiv:<id>")``, else the hash of its normalised title (or abstract, when it has no
title) — the id list files always had, so the seeds keep their ids. References are rewritten to
one key per cited work: the key of the corpus paper it resolves to (``work_keys(paper)[0]``), or
for a work outside the corpus its strongest key among the aliases its sources gave for it.
"""

import hashlib
import re
import unicodedata
from typing import NamedTuple
from urllib.parse import unquote

from ..records import ANCHOR, WORK_KEY_SCHEMES, work_id, work_keys  # noqa: F401 (re-exported)
from .text import is_truncated, normalise_text

# Why two records were merged, by the kind of key they shared.
REASONS = {"doi": "same DOI", "arxiv": "same arXiv id", "openalex": "same OpenAlex id",
           "s2": "same Semantic Scholar id", "title": "same title", "abstract": "same abstract"}

_DOI = re.compile(r"10\.\d{4,9}/\S+", re.IGNORECASE)
_ARXIV_DOI = re.compile(r"^10\.48550/arxiv\.(.+)$", re.IGNORECASE)
_ARXIV_NEW = re.compile(r"(?<![\d.])(\d{4}\.\d{4,5})(?:v\d+)?(?![\d])")
_ARXIV_OLD = re.compile(r"(?<![\w.-])([a-z][a-z-]*(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?(?!\d)",
                        re.IGNORECASE)
_OPENALEX = re.compile(r"(?:^|openalex\.org/)(W\d+)$", re.IGNORECASE)
_S2 = re.compile(r"^[0-9a-f]{40}$")
_PAPER_ID = re.compile(r"^(?:paper/)?(p[0-9a-f]{16})$")


class Merge(NamedTuple):
    """One merge: the kept paper's first source, the merged record's source, and why."""
    kept: str
    merged: str
    reason: str


def paper_id(text):
    """A stable id derived from a paper's normalised text (title for anchors, else abstract)."""
    return "p" + hashlib.sha256(normalise_text(text).encode("utf-8")).hexdigest()[:16]


def normalise_doi(value):
    """"10.1145/3600006.3613165" from any way of writing it, or None when it names none."""
    if not value or not isinstance(value, str):
        return None
    value = unquote(value.strip()) if "%" in value else value.strip()
    match = _DOI.search(value)
    if not match:
        return None
    return match.group(0).rstrip(".,;)]}>\"'").lower()


def normalise_arxiv(value):
    """"2503.11731" (no version) from an arXiv id, ``arXiv:…``, its URL or DOI, or None."""
    if not value or not isinstance(value, str):
        return None
    value = value.strip()
    doi = _ARXIV_DOI.match(normalise_doi(value) or "")
    if doi:
        value = doi.group(1)
    anywhere = doi or "arxiv" in value.lower()
    for pattern in (_ARXIV_NEW, _ARXIV_OLD):
        match = pattern.search(value) if anywhere else pattern.fullmatch(value)
        if match:
            archive, slash, number = match.group(1).rpartition("/")
            return f"{archive.lower()}/{number}" if slash else number
    return None


def normalise_openalex(value):
    if not value or not isinstance(value, str):
        return None
    match = _OPENALEX.search(value.strip())
    return match.group(1).upper() if match else None


def normalise_s2(value):
    if not value or not isinstance(value, str):
        return None
    value = value.strip().lower()
    return value if _S2.match(value) else None


def identifiers(value):
    """{scheme: normalised value} for an identifier of unknown kind (a DOI, an arXiv id, an
    OpenAlex or Semantic Scholar id, in any of the ways sources write them)."""
    found = {}
    arxiv = normalise_arxiv(value)
    if arxiv:
        found["arxiv"] = arxiv
    else:
        doi = normalise_doi(value)
        if doi:
            found["doi"] = doi
    for scheme, normalise in (("openalex", normalise_openalex), ("s2", normalise_s2)):
        if normalise(value):
            found[scheme] = normalise(value)
    return found


def reference_keys(**ids):
    """The work keys of one cited work from the identifiers a source gives for it (any of doi,
    arxiv, openalex, s2), strongest first: a tuple, empty when none is usable."""
    keys, doi = [], normalise_doi(ids.get("doi"))
    arxiv = normalise_arxiv(ids.get("arxiv")) or normalise_arxiv(doi or "")
    if doi and not _ARXIV_DOI.match(doi):
        keys.append(f"doi:{doi}")
    if arxiv:
        keys.append(f"arxiv:{arxiv}")
    for scheme, normalise in (("openalex", normalise_openalex), ("s2", normalise_s2)):
        value = normalise(ids.get(scheme))
        if value:
            keys.append(f"{scheme}:{value}")
    return tuple(keys)


def normalised_title(title):
    """A title as compared: NFKC, case folded, punctuation and a final ellipsis dropped."""
    text = unicodedata.normalize("NFKC", title).casefold().rstrip().rstrip(".…")
    return " ".join(re.sub(r"[^\w]+", " ", text).split())


def title_key(record):
    title = normalised_title(record.get("title") or "")
    return f"title:{title}" if len(title.split()) >= 2 else None


def abstract_key(record):
    abstract = normalise_text(record.get("abstract") or "")
    if not abstract:
        return None
    return "abstract:" + hashlib.sha256(abstract.encode("utf-8")).hexdigest()[:32]


def match_keys(record):
    """[(kind, key)] a record can be merged by, in the order merging tries them."""
    keys = [(scheme, f"{scheme}:{record[scheme]}") for scheme in WORK_KEY_SCHEMES
            if record.get(scheme)]
    for kind, key in (("title", title_key(record)), ("abstract", abstract_key(record))):
        if key:
            keys.append((kind, key))
    return keys


def conflicting(a, b):
    """Whether two records carry different identifiers of the same kind."""
    return any(a.get(s) and b.get(s) and a[s] != b[s] for s in WORK_KEY_SCHEMES)


def compatible(kept, record, kind):
    if kind in WORK_KEY_SCHEMES:
        return True
    if kind == "title" and kept.get("year") and record.get("year") \
            and kept["year"] != record["year"]:
        return False
    return not conflicting(kept, record)


def richer_text(a, b):
    """The richer of two texts: present, then not cut off by its source, then longer."""
    if not a or not b:
        return a or b
    return max((a, b), key=lambda t: (not is_truncated(t), len(t)))


def union(a, b):
    return a + [x for x in b if x not in a]


def merge_into(kept, record):
    """Merge ``record`` into ``kept`` (in place)."""
    for name in ("title", "abstract"):
        chosen = richer_text(kept.get(name), record.get(name))
        if chosen is not kept.get(name):
            kept[name] = chosen
            kept["_origin"][name] = record["_origin"].get(name)
    if len(record.get("authors") or ()) > len(kept.get("authors") or ()):
        kept["authors"] = list(record["authors"])
    for name in ("year", "venue", "doi", "arxiv", "openalex", "s2", "url"):
        if not kept.get(name) and record.get(name):
            kept[name] = record[name]
    for name in ("keywords", "references", "cited_by", "anchors", "sources", "_ids"):
        kept[name] = union(kept.get(name) or [], record.get(name) or [])
    if record["role"] == ANCHOR:
        kept["role"] = ANCHOR


class Works:
    """The works read so far, merged: ``add`` each record as it is read, then ``finish``."""

    def __init__(self):
        self.records = []
        self.index = {}  # key -> [kept records known by it]

    def add(self, record):
        """Add one reader record; return the Merge when it was merged into a work read before.
        None when it is new, or when a list file lists a paper already related to an anchor
        under one more anchor: the list format's way of relating one paper to several anchors
        (the seeds do it), not a duplicate."""
        record["_ids"] = [record["id"]] if record.get("id") else []
        record["_origin"] = {name: record["sources"][0] for name in ("title", "abstract")
                             if record.get(name)}
        keys = match_keys(record)
        for kind, key in keys:
            for kept in self.index.get(key, ()):
                if compatible(kept, record, kind):
                    relates = kept["anchors"] and set(record["anchors"]) - set(kept["anchors"])
                    merge_into(kept, record)
                    self._index(kept, match_keys(kept))
                    if relates:
                        return None
                    return Merge(kept["sources"][0], record["sources"][0], REASONS[kind])
        self.records.append(record)
        self._index(record, keys)
        return None

    def _index(self, record, keys):
        for _, key in keys:
            known = self.index.setdefault(key, [])
            if not any(k is record for k in known):
                known.append(record)

    def finish(self):
        """The merged records, in first-seen order, with their final ids, anchors pointing at
        those ids, and references resolved to one key per cited work. Each record's
        ``_origin`` (field -> the source it came from) is kept for the caller to report on."""
        final, taken = {}, set()
        for record in self.records:
            pid = unique_id(record, taken)
            taken.add(pid)
            for old in record["_ids"]:
                final.setdefault(old, pid)
            record["id"] = pid
        for record in self.records:
            anchors = [final.get(a, a) for a in record["anchors"]]
            record["anchors"] = [a for i, a in enumerate(anchors)
                                 if a != record["id"] and a not in anchors[:i]]
            del record["_ids"]
        resolve_references(self.records)
        return self.records


def base_id(record):
    if record.get("doi"):
        return work_id(f"doi:{record['doi']}")
    if record.get("arxiv"):
        return work_id(f"arxiv:{record['arxiv']}")
    return paper_id(record.get("title") or record.get("abstract") or "")


def unique_id(record, taken):
    """The record's paper id; when another paper already has it (two works with one title,
    told apart by their years), a hash of the text and year, then a counter."""
    pid = base_id(record)
    if pid not in taken:
        return pid
    text = f"{record.get('title') or record.get('abstract') or ''}\n{record.get('year')}"
    pid, n = paper_id(text), 1
    while pid in taken:
        n += 1
        pid = paper_id(f"{text}\n{n}")
    return pid


def resolve_references(records):
    """Rewrite each record's ``references`` (tuples of alias keys, as readers give them) to one
    key per cited work, and turn ``cited_by`` (the works a source says cite the record) into
    references of those citing works when they are in the corpus. In place."""
    owner = {}
    for record in records:
        for key in work_keys(record):
            owner.setdefault(key, record)
    aliases = Aliases()
    for record in records:
        for keys in record.get("references") or ():
            aliases.join(keys)
    for record in records:
        resolved = []
        for keys in record.get("references") or ():
            key = resolve(keys, owner, aliases)
            if key and key not in resolved and owner.get(key) is not record:
                resolved.append(key)
        record["references"] = resolved
    for record in records:
        mine = work_keys(record)
        for keys in record.pop("cited_by", None) or ():
            citing = next((owner[k] for k in keys if k in owner), None)
            if mine and citing is not None and citing is not record \
                    and mine[0] not in citing["references"]:
                citing["references"].append(mine[0])


def resolve(keys, owner, aliases):
    for key in keys:
        if key in owner:
            return work_keys(owner[key])[0]
    return aliases.strongest(keys[0]) if keys else None


class Aliases:
    """Union-find over the keys of works outside the corpus: a source that gives a cited work's
    Semantic Scholar id with its DOI makes both one work."""

    def __init__(self):
        self.parent = {}

    def find(self, key):
        root = self.parent.setdefault(key, key)
        while root != self.parent[root]:
            root = self.parent[root]
        while key != root:
            self.parent[key], key = root, self.parent[key]
        return root

    def join(self, keys):
        keys = list(keys)
        for other in keys[1:]:
            a, b = self.find(keys[0]), self.find(other)
            if a != b:
                self.parent[max(a, b, key=strength)] = min(a, b, key=strength)

    def strongest(self, key):
        return self.find(key)


def strength(key):
    """Sort key of work keys: the stronger scheme first, then the key itself."""
    scheme = key.partition(":")[0]
    rank = WORK_KEY_SCHEMES.index(scheme) if scheme in WORK_KEY_SCHEMES else len(WORK_KEY_SCHEMES)
    return rank, key


def is_paper_id(value):
    match = _PAPER_ID.match(value.strip().lower())
    return match.group(1) if match else None
