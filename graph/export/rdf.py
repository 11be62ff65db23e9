"""The RDF export: the networkx graph (graph/model.py) written as a stream of N-Triples lines,
sorted, then as Turtle and JSON-LD derived from the sorted lines, and the SHACL shapes beside them.

    write(graph, outputs, base_iri=..., license=None)  ->  {"triples": N, "papers": .., ...}

writes ``graph.nt``, ``graph.ttl``, ``graph.jsonld`` and ``shapes.ttl`` through an io.OutputSet.

Streaming. No in-memory RDF graph of the export is built: ``lines(graph, ...)`` yields one
N-Triples line per triple, node by node and edge by edge (each triple once, so the count of lines
is the count of triples, and the dataset's void:triples line is made once that count is known);
``sorted_runs`` sorts them in chunks of ``defaults.RDF_SORT_CHUNK`` lines, spilling each sorted
chunk to a temporary file, and ``merge`` merges the runs into graph.nt (POSIX ``sort -m``, in C,
where there is one); Turtle and JSON-LD are then written from graph.nt, grouped by subject (for
big exports by two helper processes that run while the build writes the explorer and the Gephi
files, so the second core has work). Memory is bounded by the graph and one chunk, never by
the export. Terms are written by this module's own escaper (``literal``, ``ref``,
``external``), exact N-Triples for any text: quotes, backslashes and every control character,
U+0085, U+2028, U+2029 and the noncharacters U+FFFE/U+FFFF are escaped (``\\uXXXX``), so no
line of graph.nt can be split by a tool that breaks lines on Unicode line separators (nor by
``sort``, which breaks on newlines only); lone surrogates,
which no RDF syntax can carry, become U+FFFD (one character for one, so offsets still hold).
The same graph gives the same bytes, whatever PYTHONHASHSEED or the chunk size.

No blank nodes: every resource has an IRI under the base IRI derived from its content.

Shared facts and build-scoped analysis. What holds whatever the corpus (a paper's title,
abstract, metadata, citations, mentions and their evidence, a concept's labels, classes and
schemes) is stated on shared IRIs (``paper/<id>``, ``concept/<slug>``, ``annotation/...``), so
exports of different corpora merge on them. What a build computes about its own corpus
(communities, PageRank, paper counts, similarity, co-occurrence) is stated on IRIs scoped by the
build: ``build/<build id>/...``, where the build id is a hash of the inputs (the graph's
``input_hash``), the tool, spaCy and model versions and any analysis settings; ``build/<id>`` is
the prov:Activity itself. Two exports thus load into one store without contradiction, and a
query picks a build by its activity. (Named graphs would say the same, but every SPARQL query,
SHACL shape and tool would then have to choose between the default graph and the union; plain
triples on scoped IRIs work in any store, and graph.nt stays loadable everywhere.)

How each part maps (vocabulary in graph/vocab.py):

    paper      fabio:ResearchPaper, schema:ScholarlyArticle (+ pkg:AnchorPaper for an anchor,
               pkg:RelatedPaper for a paper listed under an anchor); dcterms:identifier,
               rdfs:label (@en), dcterms:title / dcterms:abstract (@en), pkg:truncated,
               pkg:sourceLine; metadata: schema:author schema:Person (schema:name) as
               <paper#author-N>, fabio:hasPublicationYear (xsd:gYear), dcterms:isPartOf a venue
               (schema:CreativeWork, rdfs:label), prism:doi, pkg:arxivId, schema:url,
               schema:sameAs https://doi.org/... and https://arxiv.org/abs/...;
               cito:cites another paper (CITES) or a work outside the corpus (its references:
               https://doi.org/..., https://arxiv.org/abs/..., https://openalex.org/W...,
               https://www.semanticscholar.org/paper/...); anchor pkg:relatedPaper related.
               The abstract is <paper#abstract> a fabio:Abstract, frbr:partOf the paper (the
               title <paper#title> a doco:Title when it is what was annotated).
    cited work a paper node of role "cited" (outside the corpus, cited by several papers):
               fabio:Work, schema:CreativeWork, rdfs:label, prism:doi / pkg:arxivId, sameAs.
    concept    skos:Concept + one class per type it has (pkg:Method ...), skos:inScheme the
               scheme of each type (scheme/<type>, a skos:ConceptScheme); skos:prefLabel (@en):
               the surface form spelled as the concept's id, most capitals first (the same in
               every corpus that saw it); every other form seen is a skos:altLabel (display
               forms) or skos:hiddenLabel (raw variants: plurals, other case, British spelling).
               skos:broader: the longest proper ending of its term that is a concept of the
               corpus or a term of the field's word lists (extract/data/terms.jsonl) of the same
               type (pipeline parallelism -> parallelism); a word-list term that the corpus lacks
               becomes a concept of its own; concepts without a broader concept in a scheme are
               its skos:topConceptOf.
    mention    paper pkg:usesMethod | pkg:addressesProblem | ... concept (the link), and one
               oa:Annotation per link: oa:hasBody the concept, pkg:rule the pkg:Rule (which
               carries the confidence once; a link whose confidence differs carries its own),
               one oa:hasTarget per mention (overlapping mentions of the concept merged): a
               specific resource (its class left implicit) with oa:hasSource the abstract (or
               title) and one
               oa:TextQuoteSelector: oa:exact, oa:start, oa:end (offsets into the source text;
               the Web Annotation vocabulary gives oa:start/oa:end no domain, so one selector
               carries both the quote and its position: 7 triples a mention instead of 12) and,
               where the quote occurs more than once in the text, the oa:prefix (at most
               defaults.RDF_QUOTE_CONTEXT characters) that tells the copies apart, and the
               oa:suffix too where the prefix is not enough. Evidence thus costs about 10
               triples a mention: 3 per link (type, body, rule) + 7 per mention.
    build      build/<id> a prov:Activity: rdfs:label, pkg:inputHash, prov:wasAssociatedWith
               paperkg (and spaCy), prov:used the model, pkg:similarityMeasure; the export is
               build/<id>/dataset a void:Dataset: prov:wasGeneratedBy the activity,
               void:triples (the real count of graph.nt), void:classPartition with the counts of
               papers and concepts, dcterms:source each input, dcterms:conformsTo the shapes,
               dcterms:license (--license), void:uriSpace, void:vocabulary.
    analysis   build/<id>/paper/<pid>, build/<id>/concept/<slug> a pkg:Analysis:
               pkg:analysisOf the node, pkg:pagerank, pkg:paperCount (concepts);
               build/<id>/similarity/<a>/<b> a pkg:Similarity (pkg:similarPaper, pkg:score,
               pkg:conceptScore, pkg:textScore, pkg:rankedConcept [pkg:rank, pkg:concept]),
               papers pkg:qualifiedSimilarity it; build/<id>/cooccurrence/<a>/<b> a
               pkg:CoOccurrence (pkg:coOccurringConcept, pkg:count, pkg:strength);
               build/<id>/community/<n> a pkg:Community (rdfs:label, pkg:member: its papers
               and concepts, pkg:rankedConcept: its most characteristic concepts, at most
               COMMUNITY_RANKED_CONCEPTS); each prov:wasGeneratedBy the activity.
"""

import contextlib
import hashlib
import heapq
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from collections import defaultdict
from pathlib import Path
from urllib.parse import quote, urlsplit

from rdflib import OWL, RDF, RDFS, XSD, Graph, Literal, Namespace
from rdflib.namespace import DCTERMS, PROV, SKOS

from paperkg.extract import progress
from paperkg.extract.errors import PaperkgError
from paperkg.extract.normalise import DisplayLabels, slug

from .. import defaults, model
from ..io import Batched
from ..vocab import (CITO, DOCO, FABIO, FRBR, OA, PKG, PRISM, SCHEMA, SHAPES_IRI, VOCAB_IRI, VOID,
                     declaration_triples)

# Every prefix the exports and paperkg's SPARQL use, bound in one place (bind_prefixes).
PREFIXES = {
    "pkg": Namespace(VOCAB_IRI),
    "fabio": FABIO,
    "schema": SCHEMA,
    "dcterms": DCTERMS,
    "cito": CITO,
    "doco": DOCO,
    "frbr": FRBR,
    "prism": PRISM,
    "skos": SKOS,
    "oa": OA,
    "prov": PROV,
    "void": VOID,
    "rdf": RDF,
    "rdfs": RDFS,
    "owl": OWL,
    "xsd": XSD,
}
# Prefixes for instance IRIs under the base IRI (so Turtle reads paper:p0123… concept:fsdp).
INSTANCE_PREFIXES = {"paper": "paper/", "concept": "concept/"}
FILES = ("graph.nt", "graph.ttl", "graph.jsonld", "shapes.ttl")
SHAPES_FILE = Path(__file__).resolve().parent.parent / "data" / "shapes.ttl"

CONCEPT_CLASS = {"method": PKG.Method, "problem": PKG.Problem, "hardware": PKG.Hardware,
                 "dataset": PKG.Dataset, "metric": PKG.Metric}
MENTION_PROPERTY = {model.USES_METHOD: PKG.usesMethod,
                    model.ADDRESSES_PROBLEM: PKG.addressesProblem,
                    model.MENTIONS_HARDWARE: PKG.mentionsHardware,
                    model.USES_DATASET: PKG.usesDataset,
                    model.REPORTS_METRIC: PKG.reportsMetric}
SCHEME_LABEL = {"method": "Methods", "problem": "Problems", "hardware": "Hardware",
                "dataset": "Data sets", "metric": "Metrics"}
# What the build id hashes, besides the graph's "settings" (if the build sets them).
BUILD_KEYS = ("input_hash", "tool", "version", "model", "model_version", "spacy_version")
# Where a cited work's key points: work key scheme -> IRI prefix.
WORK_IRI = {"doi": "https://doi.org/", "arxiv": "https://arxiv.org/abs/",
            "openalex": "https://openalex.org/", "s2": "https://www.semanticscholar.org/paper/"}


class BaseIriError(PaperkgError):
    """The base IRI given for instance IRIs is not usable."""


def check_base_iri(base_iri):
    """``base_iri`` if it is an absolute http(s) IRI ending in ``/`` or ``#``, else BaseIriError."""
    parts = urlsplit(base_iri)
    if (parts.scheme not in ("http", "https") or not parts.netloc
            or not base_iri.endswith(("/", "#"))
            or re.search(r'[\s<>"{}|\\^`]', base_iri)):
        raise BaseIriError(f"--base-iri {base_iri!r}: expected an absolute http(s) IRI ending "
                           "in '/' or '#', e.g. https://example.org/kg/")
    return base_iri


def check_license(value):
    """``value`` if it is an absolute IRI a licence can be (http(s), or urn:), else an error."""
    if value is None:
        return None
    parts = urlsplit(value)
    if not ((parts.scheme in ("http", "https") and parts.netloc) or parts.scheme == "urn") \
            or re.search(r'[\s<>"{}|\\^`]', value):
        raise BaseIriError(f"--license {value!r}: expected an absolute IRI, e.g. "
                           "https://creativecommons.org/licenses/by/4.0/")
    return value


def bind_prefixes(rdf_graph, base_iri=None):
    """Bind paperkg's prefixes (and, given the base IRI, the instance prefixes) on ``rdf_graph``."""
    for prefix, namespace in PREFIXES.items():
        rdf_graph.bind(prefix, namespace, override=True, replace=True)
    if base_iri is not None:
        for prefix, path in INSTANCE_PREFIXES.items():
            rdf_graph.bind(prefix, Namespace(base_iri + path), override=True, replace=True)
    return rdf_graph


# --- terms ------------------------------------------------------------------------------------

# Characters a literal must escape: " and \, C0 and C1 controls, DEL, the Unicode line and
# paragraph separators, the noncharacters U+FFFE/U+FFFF; surrogates (lone ones: no RDF syntax can
# carry them) are replaced.
_LITERAL_SPECIAL = re.compile("[\"\\\\\x00-\x1f\x7f-\x9f\u2028\u2029\ufffe\uffff\ud800-\udfff]")
_ECHAR = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b",
          "\f": "\\f"}


def _escape_char(match):
    ch = match.group(0)
    if ch in _ECHAR:
        return _ECHAR[ch]
    if "\ud800" <= ch <= "\udfff":
        return "\ufffd"
    return f"\\u{ord(ch):04X}"


def escape_string(text):
    """``text`` as the inside of an N-Triples (and Turtle) string literal."""
    return _LITERAL_SPECIAL.sub(_escape_char, text)


def literal(text, lang=None, datatype=None):
    """An N-Triples literal: ``"text"``, ``"text"@lang`` or ``"text"^^<datatype>``."""
    body = '"' + escape_string(str(text)) + '"'
    if lang:
        return body + "@" + lang
    if datatype and datatype != XSD_STRING:
        return body + "^^<" + datatype + ">"
    return body


def text(value):
    """A language-tagged literal (defaults.LANGUAGE)."""
    return literal(value, lang=defaults.LANGUAGE)


def ref(value):
    """An N-Triples IRI term for an IRI whose characters are already IRI-safe."""
    return "<" + value + ">"


_LONE_PERCENT = re.compile(r"%(?![0-9A-Fa-f]{2})")


def external(value):
    """An N-Triples IRI term for an IRI from the input (a URL, a DOI resolver link): every
    character an IRI may not hold, and any non-ASCII, percent-encoded; a ``%`` that starts no
    escape, brackets and every ``#`` after the first too (``10.1000/50%off`` stays parseable)."""
    value = _LONE_PERCENT.sub("%25", value)
    head, hash_, fragment = value.partition("#")
    value = head + hash_ + fragment.replace("#", "%23")
    return "<" + quote(value, safe="/:;=@!$&'()*+,-._~?#%") + ">"


def term(node):
    """An rdflib term as N-Triples (for the few triples made with rdflib: the vocabulary)."""
    if isinstance(node, Literal):
        return literal(str(node), node.language, str(node.datatype) if node.datatype else None)
    return ref(str(node))


XSD_STRING = str(XSD.string)
_DECIMAL = str(XSD.decimal)
A = ref(str(RDF.type))


def P(namespace_term):  # noqa: N802 - a predicate or class as an N-Triples term
    return ref(str(namespace_term))


_TYPED = {str(t): "^^<" + str(t) + ">" for t in (XSD.integer, XSD.nonNegativeInteger, XSD.decimal,
                                                   XSD.boolean, XSD.gYear)}


_NNI = _TYPED[str(XSD.nonNegativeInteger)]


def integer(value, datatype=XSD.integer):
    return '"' + str(int(value)) + '"' + _TYPED[str(datatype)]


def decimal(value, digits=defaults.SCORE_DIGITS):
    """An xsd:decimal in canonical form (no exponent, no trailing zeros), rounded to ``digits``."""
    lexical = f"{round(float(value), digits):.{digits}f}".rstrip("0")
    return '"' + (lexical + "0" if lexical.endswith(".") else lexical) + '"' + _TYPED[_DECIMAL]


def boolean(value):
    return literal("true" if value else "false", datatype=str(XSD.boolean))


def year(value):
    """An xsd:gYear (at least four digits)."""
    number = int(value)
    return literal(("-" if number < 0 else "") + f"{abs(number):04d}", datatype=str(XSD.gYear))


_SAFE_SEGMENT = re.compile(r"[A-Za-z0-9._~-]+")


def segment(value):
    """A path segment of an instance IRI (percent-encoded, never empty)."""
    value = str(value)
    if _SAFE_SEGMENT.fullmatch(value):
        return value
    return quote(value, safe="-._~") or "_"


def build_id(meta):
    """The build identifier: a hash of the inputs' hash, the tool, spaCy and model versions and
    the analysis settings, so two builds of the same inputs with the same software share it and
    any other two don't."""
    named = {key: meta.get(key) for key in BUILD_KEYS}
    named["settings"] = meta.get("settings")
    return hashlib.sha256(json.dumps(named, sort_keys=True, default=str).encode()).hexdigest()[:16]


# --- the triples ------------------------------------------------------------------------------

# Predicates and classes, as N-Triples terms, named once.
T = {name: P(value) for name, value in {
    "label": RDFS.label, "comment": RDFS.comment, "identifier": DCTERMS.identifier,
    "title": DCTERMS.title, "abstract": DCTERMS.abstract, "creator": SCHEMA.author,
    "name": SCHEMA.name, "Person": SCHEMA.Person, "year": FABIO.hasPublicationYear,
    "isPartOf": DCTERMS.isPartOf, "doi": PRISM.doi, "url": SCHEMA.url, "sameAs": SCHEMA.sameAs,
    "cites": CITO.cites, "partOf": FRBR.partOf, "Abstract": FABIO.Abstract, "Title": DOCO.Title,
    "ResearchPaper": FABIO.ResearchPaper, "ScholarlyArticle": SCHEMA.ScholarlyArticle,
    "Work": FABIO.Work, "CreativeWork": SCHEMA.CreativeWork,
    "Concept": SKOS.Concept, "ConceptScheme": SKOS.ConceptScheme, "inScheme": SKOS.inScheme,
    "prefLabel": SKOS.prefLabel, "altLabel": SKOS.altLabel, "hiddenLabel": SKOS.hiddenLabel,
    "broader": SKOS.broader, "topConceptOf": SKOS.topConceptOf, "hasTopConcept": SKOS.hasTopConcept,
    "Annotation": OA.Annotation, "hasBody": OA.hasBody, "hasTarget": OA.hasTarget,
    "hasSource": OA.hasSource, "hasSelector": OA.hasSelector,
    "TextQuoteSelector": OA.TextQuoteSelector,
    "exact": OA.exact, "prefix": OA.prefix, "suffix": OA.suffix, "start": OA.start, "end": OA.end,
    "Activity": PROV.Activity, "Entity": PROV.Entity, "SoftwareAgent": PROV.SoftwareAgent,
    "SoftwareApplication": SCHEMA.SoftwareApplication, "softwareVersion": SCHEMA.softwareVersion,
    "version": SCHEMA.version, "wasAssociatedWith": PROV.wasAssociatedWith, "used": PROV.used,
    "wasGeneratedBy": PROV.wasGeneratedBy, "Dataset": VOID.Dataset, "triples": VOID.triples,
    "classPartition": VOID.classPartition, "class": VOID["class"], "entities": VOID.entities,
    "uriSpace": VOID.uriSpace, "vocabulary": VOID.vocabulary, "source": DCTERMS.source,
    "conformsTo": DCTERMS.conformsTo, "license": DCTERMS.license, "dctitle": DCTERMS.title,
}.items()}
T.update({name: P(PKG[name]) for name in (
    "AnchorPaper", "RelatedPaper", "Rule", "Analysis", "Similarity", "CoOccurrence", "Community",
    "relatedPaper", "truncated", "sourceLine", "arxivId", "rule", "confidence", "inputHash",
    "analysisOf", "paperCount", "similarityMeasure", "qualifiedSimilarity", "similarPaper", "score",
    "conceptScore", "textScore", "rankedConcept", "concept", "rank", "coOccurringConcept", "count",
    "strength", "member", "pagerank", "memberClass")})
CLASS_TERM = {kind: P(cls) for kind, cls in CONCEPT_CLASS.items()}
MENTION_TERM = {kind: P(prop) for kind, prop in MENTION_PROPERTY.items()}


class Export:
    """What the triples of one export share: the base IRI, the build id, IRIs of nodes."""

    def __init__(self, graph, base_iri, license=None):
        self.graph = graph
        self.base = check_base_iri(base_iri)
        self.license = check_license(license)
        self.build = build_id(graph.graph)
        self.activity = self.iri(f"build/{self.build}")
        self.dataset = self.iri(f"build/{self.build}/dataset")
        self._nodes = {}
        self.venues = set()

    def iri(self, path):
        """The IRI term of ``path`` (already IRI-safe) under the base IRI."""
        return "<" + self.base + path + ">"

    def node(self, node_id):
        """The IRI term of a graph node (cached: nodes are referred to many times)."""
        found = self._nodes.get(node_id)
        if found is None:
            found = self._nodes[node_id] = "<" + self.base + quote(node_id, safe="/-._~") + ">"
        return found

    def scoped(self, path):
        """An IRI term under this build's scope: build/<id>/<path>."""
        return self.iri(f"build/{self.build}/{path}")


def lines(graph, base_iri=defaults.BASE_IRI, license=None, stats=None):
    """Every triple of the export of ``graph`` as an N-Triples line (no newline), unsorted,
    except the dataset's void:triples (which needs the final count: see ``count_line``).
    ``stats`` (a dict) receives the counts the dataset node reports."""
    ex = Export(graph, base_iri, license)
    stats = {} if stats is None else stats
    concepts = concept_table(graph)
    stats.update(papers=0, works=0, concepts=len(concepts))
    yield from vocabulary_lines()
    yield from provenance_lines(ex)
    rules = rule_confidences(graph)
    yield from rule_lines(ex, rules)
    for node, data in graph.nodes(data=True):
        if data["kind"] == model.PAPER:
            if data["role"] == model.CITED:
                stats["works"] += 1
                yield from work_lines(ex, node, data)
            else:
                stats["papers"] += 1
                yield from paper_lines(ex, node, data)
        yield from analysis_lines(ex, node, data)
    yield from concept_lines(ex, concepts)
    for source, target, data in graph.edges(data=True):
        kind = data["kind"]
        if kind == model.RELATED_TO:
            yield f"{ex.node(target)} {T['relatedPaper']} {ex.node(source)} ."
        elif kind == model.CITES:
            yield f"{ex.node(source)} {T['cites']} {ex.node(target)} ."
        elif kind in MENTION_TERM:
            yield from mention_lines(ex, source, target, graph.nodes[source], data, rules)
        elif kind == model.SIMILAR_TO:
            yield from similarity_lines(ex, source, target, data)
        elif kind == model.CO_OCCURS:
            yield from cooccurrence_lines(ex, source, target, data)
    for community in graph.graph.get("communities", ()):
        yield from community_lines(ex, community)
    yield from dataset_lines(ex, stats)


def vocabulary_lines():
    for s, p, o in declaration_triples():
        yield f"{term(s)} {term(p)} {term(o)} ."


def provenance_lines(ex):
    """The build as a prov:Activity: the software and model it used and a hash of its inputs."""
    meta = ex.graph.graph
    activity = ex.activity
    tool, version = meta.get("tool", "paperkg"), meta.get("version", "unknown")
    label = f"{tool} {version} build"
    yield f"{activity} {A} {T['Activity']} ."
    agent = ex.iri(f"software/{segment(tool)}/{segment(version)}")
    yield from software_lines(agent, tool, version)
    yield f"{activity} {T['wasAssociatedWith']} {agent} ."
    if meta.get("spacy_version"):
        spacy_agent = ex.iri(f"software/spacy/{segment(meta['spacy_version'])}")
        yield from software_lines(spacy_agent, "spaCy", meta["spacy_version"])
        yield f"{activity} {T['wasAssociatedWith']} {spacy_agent} ."
    if meta.get("model"):
        model_version = meta.get("model_version", "unknown")
        used = ex.iri(f"model/{segment(meta['model'])}/{segment(model_version)}")
        yield f"{used} {A} {T['Entity']} ."
        yield f"{used} {T['label']} {text(meta['model'])} ."
        yield f"{used} {T['version']} {literal(model_version)} ."
        yield f"{activity} {T['used']} {used} ."
        label += f" with spaCy model {meta['model']} {meta.get('model_version', '')}".rstrip()
    yield f"{activity} {T['label']} {text(label)} ."
    if meta.get("input_hash"):
        yield f"{activity} {T['inputHash']} {literal(meta['input_hash'])} ."
    if any(d["kind"] == model.SIMILAR_TO for *_, d in ex.graph.edges(data=True)):
        yield f"{activity} {T['similarityMeasure']} {text(similarity_measure())} ."


def software_lines(agent, name, version):
    yield f"{agent} {A} {T['SoftwareAgent']} ."
    yield f"{agent} {A} {T['SoftwareApplication']} ."
    yield f"{agent} {T['label']} {text(name)} ."
    yield f"{agent} {T['softwareVersion']} {literal(version)} ."


def similarity_measure():
    weight = defaults.CONCEPT_WEIGHT
    return (f"{weight:g} x concept score (shared concepts, rarer ones weigh more) + "
            f"{1 - weight:g} x text score (TF-IDF cosine of the texts)")


def dataset_lines(ex, stats):
    """The export as a void:Dataset (its void:triples comes from ``count_line``)."""
    meta = ex.graph.graph
    dataset = ex.dataset
    yield f"{dataset} {A} {T['Dataset']} ."
    yield f"{dataset} {T['dctitle']} {text('paperkg knowledge graph')} ."
    yield f"{dataset} {T['wasGeneratedBy']} {ex.activity} ."
    yield f"{dataset} {T['conformsTo']} {ref(SHAPES_IRI)} ."
    yield f"{dataset} {T['uriSpace']} {literal(ex.base)} ."
    yield f"{dataset} {T['vocabulary']} {ref(VOCAB_IRI.rstrip('#'))} ."
    if ex.license:
        yield f"{dataset} {T['license']} {external(ex.license)} ."
    for source in meta.get("inputs", ()) or ():
        yield f"{dataset} {T['source']} {literal(source)} ."
    for name, cls, count in (("papers", T["ResearchPaper"], stats["papers"]),
                             ("works", T["Work"], stats["works"]),
                             ("concepts", T["Concept"], stats["concepts"])):
        partition = ex.scoped(f"dataset-{name}")
        yield f"{dataset} {T['classPartition']} {partition} ."
        yield f"{partition} {T['class']} {cls} ."
        yield f"{partition} {T['entities']} {integer(count)} ."


def count_line(ex_or_dataset, count):
    """The dataset's void:triples line, given the number of triples of the file (this one
    included)."""
    return f"{ex_or_dataset} {T['triples']} {integer(count)} ."


def rule_confidences(graph):
    """{rule: confidence}: the confidence every link of a rule has (rules whose links differ
    have none; those links then state their own)."""
    seen = defaultdict(set)
    for _, _, data in model.concept_edges(graph):
        if data.get("score") is not None:
            score = round(float(data["score"]), defaults.SCORE_DIGITS)
            seen[data.get("source") or "unknown"].add(score)
    return {rule: next(iter(scores)) if len(scores) == 1 else None for rule, scores in seen.items()}


def rule_iri(ex, rule):
    meta = ex.graph.graph
    tool = f"{segment(meta.get('tool', 'paperkg'))}-{segment(meta.get('version', 'unknown'))}"
    return ex.iri(f"rule/{tool}/{segment(rule)}")


def rule_lines(ex, rules):
    for rule, confidence in sorted(rules.items()):
        node = rule_iri(ex, rule)
        yield f"{node} {A} {T['Rule']} ."
        yield f"{node} {T['label']} {text(rule)} ."
        if confidence is not None:
            yield f"{node} {T['confidence']} {decimal(confidence)} ."


def paper_lines(ex, node, data):
    paper = ex.node(node)
    yield f"{paper} {A} {T['ResearchPaper']} ."
    yield f"{paper} {A} {T['ScholarlyArticle']} ."
    if data["role"] == model.ANCHOR:
        yield f"{paper} {A} {T['AnchorPaper']} ."
    if data.get("anchors"):
        yield f"{paper} {A} {T['RelatedPaper']} ."
    yield f"{paper} {T['identifier']} {literal(node.split('/', 1)[1])} ."
    yield f"{paper} {T['label']} {text(data['label'])} ."
    if data.get("title"):
        yield f"{paper} {T['title']} {text(data['title'])} ."
    if data.get("abstract"):
        yield f"{paper} {T['abstract']} {text(data['abstract'])} ."
        yield f"{paper[:-1]}#abstract> {A} {T['Abstract']} ."
        yield f"{paper[:-1]}#abstract> {T['partOf']} {paper} ."
    if data.get("title") and source_part(data) == "title":
        yield f"{paper[:-1]}#title> {A} {T['Title']} ."
        yield f"{paper[:-1]}#title> {T['partOf']} {paper} ."
    yield f"{paper} {T['truncated']} {boolean(data.get('truncated'))} ."
    for source in data.get("sources", ()):
        yield f"{paper} {T['sourceLine']} {literal(source)} ."
    yield from metadata_lines(ex, paper, data)


def work_lines(ex, node, data):
    """A work outside the corpus that several corpus papers cite: what identifies it."""
    work = ex.node(node)
    yield f"{work} {A} {T['Work']} ."
    yield f"{work} {A} {T['CreativeWork']} ."
    yield f"{work} {T['identifier']} {literal(node.split('/', 1)[1])} ."
    yield f"{work} {T['label']} {text(data.get('title') or data['label'])} ."
    yield from metadata_lines(ex, work, data)


def metadata_lines(ex, paper, data):
    """Authors, year, venue, DOI, arXiv id, URL and references of a paper or cited work."""
    for number, name in enumerate(data.get("authors") or (), start=1):
        author = f"{paper[:-1]}#author-{number}>"
        yield f"{paper} {T['creator']} {author} ."
        yield f"{author} {A} {T['Person']} ."
        yield f"{author} {T['name']} {literal(name)} ."
    if data.get("year") not in (None, ""):
        try:
            yield f"{paper} {T['year']} {year(data['year'])} ."
        except (TypeError, ValueError):
            pass
    if data.get("venue"):
        venue = ex.iri(f"venue/{segment(venue_slug(data['venue']))}")
        yield f"{paper} {T['isPartOf']} {venue} ."
        if venue not in ex.venues:  # each venue described once
            ex.venues.add(venue)
            yield f"{venue} {A} {T['CreativeWork']} ."
            yield f"{venue} {T['label']} {text(data['venue'])} ."
    if data.get("doi"):
        yield f"{paper} {T['doi']} {literal(data['doi'])} ."
        yield f"{paper} {T['sameAs']} {external(WORK_IRI['doi'] + data['doi'])} ."
    if data.get("arxiv"):
        yield f"{paper} {T['arxivId']} {literal(data['arxiv'])} ."
        yield f"{paper} {T['sameAs']} {external(WORK_IRI['arxiv'] + data['arxiv'])} ."
    url = data.get("url")
    if url and urlsplit(url).scheme in ("http", "https") and urlsplit(url).netloc:
        yield f"{paper} {T['url']} {external(url)} ."
    for key in data.get("references") or ():
        cited = work_key_iri(key)
        if cited:
            yield f"{paper} {T['cites']} {cited} ."


def work_key_iri(key):
    """The IRI term of a work outside the corpus from its work key (``doi:10.1/x`` ->
    <https://doi.org/10.1/x>), or None for an unknown scheme."""
    scheme, _, value = key.partition(":")
    if scheme not in WORK_IRI or not value:
        return None
    return external(WORK_IRI[scheme] + value)


def venue_slug(name):
    return re.sub(r"[\W_]+", "-", name.lower()).strip("-") or "venue"


def source_part(data):
    """Which text of a paper its mentions point into: "title" or "abstract"."""
    analysed = data.get("text") or ""
    if data.get("title") and analysed == data["title"] and analysed != data.get("abstract"):
        return "title"
    return "abstract"


def analysis_lines(ex, node, data):
    """What this build found about one node: PageRank, paper count (concepts). (Its community
    is the pkg:Community whose pkg:member it is.)"""
    facts = []
    if data.get("pagerank") is not None:
        facts.append((T["pagerank"], decimal(data["pagerank"], defaults.PAGERANK_DIGITS)))
    if data["kind"] == model.CONCEPT:
        facts.append((T["paperCount"], integer(data.get("papers", 0))))
    if not facts:
        return
    analysis = ex.scoped(quote(node, safe="/-._~"))
    yield f"{analysis} {A} {T['Analysis']} ."
    yield f"{analysis} {T['analysisOf']} {ex.node(node)} ."
    yield f"{analysis} {T['wasGeneratedBy']} {ex.activity} ."
    for predicate, value in facts:
        yield f"{analysis} {predicate} {value} ."


# --- concepts: labels, types, schemes, hierarchy ----------------------------------------------

def concept_table(graph):
    """{concept node: {"types", "pref", "alt", "hidden", "broader", "papers"}} for every concept
    of the graph, plus the word-list terms that are broader than some of them."""
    forms = defaultdict(set)
    for _, concept, data in model.concept_edges(graph):
        forms[concept].update(m["text"] for m in data.get("mentions", ()))
    shown = displayed()
    table = {}
    for node, data in graph.nodes(data=True):
        if data["kind"] != model.CONCEPT:
            continue
        cid = node.split("/", 1)[1]
        types = [t for t in (data.get("types") or [data["concept_type"]]) if t in CONCEPT_CLASS]
        seen = {data["label"], *data.get("alt_labels", ())}
        written = {shown[f] for f in forms[node]} | {w for f in forms[node] if (w := opening_words(f, cid))}
        pref = preferred_label(cid, seen | written)
        table[node] = {"types": types or [data["concept_type"]], "pref": pref,
                       "labels": seen, "raw": forms[node], "papers": data.get("papers", 0)}
    add_hierarchy(table)
    for entry in table.values():
        entry["alt"], entry["hidden"] = alternative_labels(entry["pref"], entry.pop("labels"),
                                                           entry.pop("raw"), shown)
    return table


def displayed():
    """{surface form: its display form (the form itself where that is empty)}, each computed
    once."""
    return DisplayLabels(fallback=True)


def opening_words(form, cid):
    """The words a longer mention opens with that spell the concept's id (``Distributed
    training`` of ``Distributed training algorithms``, where the concept is named without the
    mention's head), or None: a way of writing the concept that a build seeing no shorter
    mention still knows, so that builds of parts of a corpus choose the preferred label alike."""
    words = form.split()
    parts = cid.count("-") + 1  # a word per part of the id, or one more ("GPT 4o": gpt4o)
    for end in (parts, parts + 1):
        opening = " ".join(words[:end])
        if end < len(words) and spelled_as(opening, cid) and _PLAIN_FORM.fullmatch(opening):
            return opening
    return None


def spelled_as(form, cid):
    """True if ``form`` is written as the concept id is (``ZeRO-3`` for zero3)."""
    return slug(form) == cid


def preferred_label(cid, forms):
    """The concept's preferred label, the same in every corpus that saw the concept: among the
    display forms spelled as its id, the one with the most capitals (then the first in order);
    else the id's words (``data parallel`` and ``data parallelism`` -> ``data parallelism``)."""
    matching = [f for f in forms if f and spelled_as(f, cid)]
    if matching:
        return min(matching, key=lambda f: (-sum(map(str.isupper, f)), f))
    return cid.replace("-", " ")


def alternative_labels(pref, display_forms, raw_forms, shown=None):
    """(altLabels, hiddenLabels): every display form other than the preferred label, and every
    raw form seen that is not itself a display form (plurals, other case or spelling). Which of
    the two a form is depends only on the form, so two exports never disagree. ``shown``:
    the display forms already known (``displayed``)."""
    shown = displayed() if shown is None else shown
    alt = {f for f in display_forms if f and f != pref}
    known = alt | {pref}
    hidden = set()
    for form in raw_forms:
        if form and form not in known and _PLAIN_FORM.fullmatch(form):
            if shown[form] == form:
                alt.add(form)
            elif shown[form] in known:
                hidden.add(form)
    return sorted(alt), sorted(hidden - alt)


# A surface form worth a label: words, digits, spaces, hyphens, dots, plus signs, slashes and
# apostrophes (not a fragment with a stray bracket, quote or LaTeX).
_PLAIN_FORM = re.compile(r"[^\W_](?:[\w .+/'-]*[\w+.])?")


def head_terms():
    """{id: (type, term)} of the field's word-list terms (extract/data/terms.jsonl), except the
    generic words (``model``, ``method``) that name no concept on their own."""
    from paperkg.extract.vocabulary import load_vocabulary

    vocabulary = load_vocabulary()
    found = {}
    for phrase, kind in sorted(vocabulary.terms.items()):
        cid = slug(phrase)
        if cid and kind in CONCEPT_CLASS and phrase not in vocabulary.generic:
            found.setdefault(cid, (kind, phrase))
    return found


def add_hierarchy(table):
    """Give each concept its skos:broader: the longest proper ending of its preferred label
    (whole words) that is a concept of the table, or a word-list term, sharing one of its types
    (``multi-GPU tensor parallelism`` -> ``tensor parallelism``); word-list terms used so become
    concepts (papers 0)."""
    ids = {node.split("/", 1)[1]: node for node in table}
    heads = head_terms()
    pending = sorted(table, reverse=True)
    while pending:
        node = pending.pop()
        entry = table[node]
        words = entry["pref"].split()
        entry["broader"] = None
        for start in range(1, len(words)):
            ending = slug(" ".join(words[start:]))
            other = ids.get(ending)
            if other is not None and other != node:
                if set(table[other]["types"]) & set(entry["types"]):
                    entry["broader"] = other
                    break
            elif other is None and ending in heads and heads[ending][0] in entry["types"]:
                other = ids[ending] = model.concept_node(ending)
                table[other] = {"types": [heads[ending][0]],
                                "pref": preferred_label(ending, {" ".join(words[start:]),
                                                                 heads[ending][1]}),
                                "labels": set(), "raw": set(), "papers": 0}
                pending.append(other)
                entry["broader"] = other
                break


def concept_lines(ex, table):
    schemes = set()
    for node in sorted(table):
        entry = table[node]
        concept = ex.node(node)
        yield f"{concept} {A} {T['Concept']} ."
        yield f"{concept} {T['prefLabel']} {text(entry['pref'])} ."
        for alt in entry["alt"]:
            yield f"{concept} {T['altLabel']} {text(alt)} ."
        for hidden in entry["hidden"]:
            yield f"{concept} {T['hiddenLabel']} {text(hidden)} ."
        broader = entry["broader"]
        broader_types = set(table[broader]["types"]) if broader else set()
        if broader:
            yield f"{concept} {T['broader']} {ex.node(broader)} ."
        for kind in entry["types"]:
            scheme = ex.iri(f"scheme/{segment(kind)}")
            schemes.add(kind)
            yield f"{concept} {A} {CLASS_TERM[kind]} ."
            yield f"{concept} {T['inScheme']} {scheme} ."
            if kind not in broader_types:
                yield f"{concept} {T['topConceptOf']} {scheme} ."
        if node not in ex.graph:  # a word-list term: its paper count in this build is 0
            analysis = ex.scoped(quote(node, safe="/-._~"))
            yield f"{analysis} {A} {T['Analysis']} ."
            yield f"{analysis} {T['analysisOf']} {concept} ."
            yield f"{analysis} {T['wasGeneratedBy']} {ex.activity} ."
            yield f"{analysis} {T['paperCount']} {integer(0)} ."
    for kind in sorted(schemes):
        scheme = ex.iri(f"scheme/{segment(kind)}")
        yield f"{scheme} {A} {T['ConceptScheme']} ."
        yield f"{scheme} {T['prefLabel']} {text(SCHEME_LABEL.get(kind, kind))} ."
        yield f"{scheme} {T['memberClass']} {CLASS_TERM[kind]} ."


# --- mentions ---------------------------------------------------------------------------------

def merged_spans(mentions):
    """The mentions' (start, end) spans, sorted, overlapping ones merged into one."""
    spans = []
    for start, end in sorted((int(m["start"]), int(m["end"])) for m in mentions):
        if spans and start < spans[-1][1]:
            spans[-1] = (spans[-1][0], max(end, spans[-1][1]))
        else:
            spans.append((start, end))
    return spans


def mention_lines(ex, paper_node, concept_node, paper_data, edge, rules):
    """The paper -> concept link and its evidence: one annotation for the link, one target a
    mention (see the module docstring)."""
    paper, concept = ex.node(paper_node), ex.node(concept_node)
    yield f"{paper} {MENTION_TERM[edge['kind']]} {concept} ."
    path = (f"annotation/{segment(paper_node.split('/', 1)[1])}/"
            f"{quote(concept_node.split('/', 1)[1], safe='-._~')}")
    annotation = ex.iri(path)
    yield f"{annotation} {A} {T['Annotation']} ."
    yield f"{annotation} {T['hasBody']} {concept} ."
    rule = edge.get("source") or "unknown"
    yield f"{annotation} {T['rule']} {rule_iri(ex, rule)} ."
    score = edge.get("score")
    if score is not None and rules.get(rule) != round(float(score), defaults.SCORE_DIGITS):
        yield f"{annotation} {T['confidence']} {decimal(score)} ."
    part = source_part(paper_data)
    source = f"{paper[:-1]}#{part}>"
    passage = paper_data.get("text") or ""
    spans = [(s, e) for s, e in merged_spans(edge.get("mentions", ()))
             if 0 <= s < e <= len(passage)]
    if not spans:
        yield f"{annotation} {T['hasTarget']} {source} ."
        return
    context = defaults.RDF_QUOTE_CONTEXT
    for start, end in spans:
        target = ex.iri(f"{path}#{start}-{end}")
        selector = ex.iri(f"{path}#{start}-{end}-quote")
        exact = passage[start:end]
        yield f"{annotation} {T['hasTarget']} {target} ."
        yield f"{target} {T['hasSource']} {source} ."
        yield f"{target} {T['hasSelector']} {selector} ."
        yield f"{selector} {A} {T['TextQuoteSelector']} ."
        yield f"{selector} {T['exact']} {literal(exact)} ."
        yield f"{selector} {T['start']} \"{start}\"{_NNI} ."
        yield f"{selector} {T['end']} \"{end}\"{_NNI} ."
        if passage.count(exact) > 1:  # the quote recurs: the text before it tells it apart,
            prefix = passage[max(0, start - context):start]
            yield f"{selector} {T['prefix']} {literal(prefix)} ."
            if passage.count(prefix + exact) > 1:  # ... and where that is not enough, after it
                yield f"{selector} {T['suffix']} {literal(passage[end:end + context])} ."


# --- build-scoped analysis --------------------------------------------------------------------

def ranked_lines(owner, concepts, ex):
    for rank, concept in enumerate(concepts, start=1):
        entry = f"{owner[:-1]}#concept-{rank}>"
        yield f"{owner} {T['rankedConcept']} {entry} ."
        yield f"{entry} {T['rank']} {integer(rank)} ."
        yield f"{entry} {T['concept']} {ex.node(concept)} ."


def pair_path(first, second):
    return "/".join(quote(node.split("/", 1)[1], safe="-._~") for node in (first, second))


def similarity_lines(ex, source, target, data):
    first, second = sorted((source, target))
    similarity = ex.scoped(f"similarity/{pair_path(first, second)}")
    yield f"{similarity} {A} {T['Similarity']} ."
    yield f"{similarity} {T['wasGeneratedBy']} {ex.activity} ."
    for paper in (first, second):
        yield f"{similarity} {T['similarPaper']} {ex.node(paper)} ."
        yield f"{ex.node(paper)} {T['qualifiedSimilarity']} {similarity} ."
    yield f"{similarity} {T['score']} {decimal(data['score'])} ."
    for key, prop in (("concept_score", "conceptScore"), ("text_score", "textScore")):
        if data.get(key) is not None:
            yield f"{similarity} {T[prop]} {decimal(data[key])} ."
    yield from ranked_lines(similarity, data.get("shared", ()), ex)


def cooccurrence_lines(ex, source, target, data):
    first, second = sorted((source, target))
    pair = ex.scoped(f"cooccurrence/{pair_path(first, second)}")
    yield f"{pair} {A} {T['CoOccurrence']} ."
    yield f"{pair} {T['wasGeneratedBy']} {ex.activity} ."
    yield f"{pair} {T['coOccurringConcept']} {ex.node(first)} ."
    yield f"{pair} {T['coOccurringConcept']} {ex.node(second)} ."
    yield f"{pair} {T['count']} {integer(data['count'])} ."
    if data.get("strength") is not None:
        yield f"{pair} {T['strength']} {decimal(data['strength'])} ."


def community_lines(ex, community):
    node = ex.scoped(f"community/{segment(community['id'])}")
    yield f"{node} {A} {T['Community']} ."
    yield f"{node} {T['wasGeneratedBy']} {ex.activity} ."
    yield f"{node} {T['label']} {text(community['name'])} ."
    for member in community.get("members", ()):
        yield f"{node} {T['member']} {ex.node(member)} ."
    ranked = community.get("concepts", ())[:defaults.COMMUNITY_RANKED_CONCEPTS]
    yield from ranked_lines(node, ranked, ex)


# --- sorting and writing ----------------------------------------------------------------------

def sorted_runs(items, extra, chunk, folder):
    """Sort the lines of ``items`` plus the line ``extra(count)`` (made once the number of
    lines is known: the dataset's void:triples) in chunks of ``chunk`` lines, each spilled to
    ``folder`` as a sorted run: ([paths of the runs], the number of lines). The lines are
    unique by construction (a test checks it), so the count is the file's."""
    runs, buffer, count = [], [], 0
    for line in items:
        buffer.append(line)
        if len(buffer) >= chunk:
            buffer.sort()
            runs.append(spill(buffer, folder, len(runs)))
            count += len(buffer)
            buffer = []
    count += len(buffer) + 1
    buffer.append(extra(count))
    buffer.sort()
    runs.append(spill(buffer, folder, len(runs)))
    return runs, count


def merge(runs, path, folder, started=None):
    """Merge the sorted ``runs`` into the file at ``path``: with POSIX ``sort -m`` in the C
    locale where there is one (it compares bytes, and the byte order of UTF-8 is the code point
    order Python sorts strings by, so the result is the same bytes; ``folder`` holds its
    temporary files), else with ``heapq.merge`` here (several times slower). ``started(process)``
    is called with the ``sort`` process once it runs (so another thread can stop it)."""
    if len(runs) == 1:
        os.replace(runs[0], path)
        return
    sort = shutil.which("sort") if os.name == "posix" else None
    if sort:
        process = subprocess.Popen([sort, "-m", "-T", str(folder), "-o", str(path),
                                    *map(str, runs)], env=dict(os.environ, LC_ALL="C"),
                                   stderr=subprocess.PIPE, text=True, errors="replace")
        if started is not None:
            started(process)
        _, said = process.communicate()
        if process.returncode != 0:
            raise OSError(f"merging the sorted N-Triples into {path} failed: "
                          f"{last_word(said, f'sort exit status {process.returncode}')}")
        return
    files = [open(run, encoding="utf-8", newline="\n") for run in runs]
    try:
        with open(path, "w", encoding="utf-8", newline="\n") as out:
            out.writelines(heapq.merge(*files))
    finally:
        for f in files:
            f.close()


def last_word(stderr, otherwise):
    """The last line a failed process wrote to ``stderr``, else ``otherwise``."""
    lines = stderr.strip().splitlines()
    return lines[-1] if lines else otherwise


BLOCK = 20_000  # lines joined into one write of a sorted run


def spill(lines_sorted, folder, number):
    path = os.path.join(folder, f"run-{number:05d}.nt")
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        for start in range(0, len(lines_sorted), BLOCK):
            fh.write("\n".join(lines_sorted[start:start + BLOCK]) + "\n")
    return path


def prefixes_for(base_iri):
    """[(prefix, namespace)] of the exports, sorted by prefix."""
    found = {prefix: str(ns) for prefix, ns in PREFIXES.items()}
    found.update({prefix: base_iri + path for prefix, path in INSTANCE_PREFIXES.items()})
    return sorted(found.items())


_LOCAL = re.compile(r"[A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_-])?")


class Compactor(dict):
    """{IRI text: its written form}: ``prefix:local`` where the local part is a plain local
    name, else as ``wrap`` makes it (``<iri>`` in Turtle, the bare IRI in JSON-LD). A plain
    local name holds no ``/`` or ``#``, so the namespace is the IRI up to its last ``/`` or
    ``#``: one look-up. Writers call its ``__getitem__`` (a look-up in C for the IRIs met
    before, most of them; ``__missing__`` computes the others)."""

    def __init__(self, prefixes, wrap="<{}>"):
        super().__init__()
        self.wrap = wrap
        self.prefix = {ns: prefix for prefix, ns in prefixes}

    def __missing__(self, iri_text):
        cut = max(iri_text.rfind("/"), iri_text.rfind("#")) + 1
        prefix = self.prefix.get(iri_text[:cut])
        if prefix is not None and _LOCAL.fullmatch(iri_text, cut):
            found = prefix + ":" + iri_text[cut:]
        else:
            found = self.wrap.format(iri_text)
        if len(self) > 100_000:  # keeps the predicates and classes, forgets one-off IRIs
            self.clear()
        self[iri_text] = found
        return found


def write_turtle(lines_sorted, fh, prefixes):
    """Turtle from sorted N-Triples lines (each ending in a newline): one block per subject,
    ``;`` between predicates, ``,`` between objects, prefixed names where they read plainly;
    literals keep their N-Triples form (valid Turtle)."""
    compact = Compactor(prefixes).__getitem__
    fh.write("".join(f"@prefix {p}: <{ns}> .\n" for p, ns in prefixes))
    out = Batched(fh)
    write = out.write
    subject = predicate = None
    for line in lines_sorted:
        s, p, o = line.split(" ", 2)  # no IRI holds a space (iri and external escape it)
        o = o[:-3]  # less " .\n"
        if o[0] == "<":
            o = compact(o[1:-1])
        elif o[-1] == ">":
            at = o.rindex("^^<")
            o = o[:at + 2] + compact(o[at + 3:-1])
        if s != subject:
            write((" .\n\n" if subject is not None else "\n") + compact(s[1:-1]) + " "
                  + ("a" if p == A else compact(p[1:-1])) + " " + o)
            subject, predicate = s, p
        elif p != predicate:
            write(" ;\n    " + ("a" if p == A else compact(p[1:-1])) + " " + o)
            predicate = p
        else:
            write(" ,\n        " + o)
    if subject is not None:
        write(" .\n")
    out.flush()


def write_jsonld(lines_sorted, fh, prefixes):
    """JSON-LD from sorted N-Triples lines (each ending in a newline): a @context of the
    prefixes and one node object a subject in @graph, keys and values in N-Triples order. An
    N-Triples string body (escaped by ``escape_string``: only the two-character escapes of quote,
    backslash, newline, return, tab, backspace and form feed, and four-hex-digit u escapes) is a
    valid JSON string body with the same meaning, so literals are copied as they are; IRIs hold
    no quote or backslash."""
    compact = Compactor(prefixes, wrap="{}").__getitem__
    fh.write('{"@context": ' + json.dumps(dict(prefixes), sort_keys=True) + ',\n "@graph": [')
    out = Batched(fh)
    write = out.write
    separator = "\n  "
    subject, types, values = None, [], {}

    def flush():
        parts = ['"@id": "' + compact(subject[1:-1]) + '"']
        if types:
            parts.append('"@type": [' + ", ".join(types) + "]")
        for key, found in values.items():
            parts.append('"' + compact(key[1:-1]) + '": [' + ", ".join(found) + "]")
        write(separator + "{" + ", ".join(parts) + "}")

    for line in lines_sorted:
        s, p, o = line.split(" ", 2)  # no IRI holds a space (iri and external escape it)
        o = o[:-3]  # less " .\n"
        if s != subject:
            if subject is not None:
                flush()
                separator = ",\n  "
            subject, types, values = s, [], {}
        if p == A:
            types.append('"' + compact(o[1:-1]) + '"')
            continue
        if o[0] == "<":
            value = '{"@id": "' + compact(o[1:-1]) + '"}'
        else:
            at = o.rindex('"')
            if at == len(o) - 1:
                value = '{"@value": ' + o + "}"
            elif o[at + 1] == "@":
                value = '{"@language": "' + o[at + 2:] + '", "@value": ' + o[:at + 1] + "}"
            else:
                value = '{"@type": "' + compact(o[at + 4:-1]) + '", "@value": ' + o[:at + 1] + "}"
        found = values.get(p)
        if found is None:
            values[p] = [value]
        else:
            found.append(value)
    if subject is not None:
        flush()
    write("\n ]}\n")
    out.flush()


def derive(source, out_path, kind, prefixes):
    """Write ``out_path`` (kind "turtle" or "jsonld") from the sorted N-Triples file at
    ``source``."""
    writer = write_turtle if kind == "turtle" else write_jsonld
    with open(source, encoding="utf-8", newline="\n") as src, \
            open(out_path, "w", encoding="utf-8", newline="\n") as out:
        writer(src, out, prefixes)


class Helper:
    """A helper Python process (not multiprocessing: nothing of the caller is re-imported) that
    writes ``path`` in format ``kind`` from the sorted N-Triples file ``source``."""

    def __init__(self, kind, source, path, prefixes):
        self.path = path
        self.process = subprocess.Popen([sys.executable, "-m", __name__, kind, str(source),
                                         str(path), json.dumps(prefixes)],
                                        stderr=subprocess.PIPE, text=True, errors="replace")

    def finish(self):
        """Wait for the helper; OSError naming the file and the helper's last word if it
        failed (a full disk, a kill), which the output set reports in one line."""
        _, said = self.process.communicate()
        if self.process.returncode != 0:
            raise OSError(f"writing {self.path} failed: "
                          f"{last_word(said, f'exit status {self.process.returncode}')}")

    def kill(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.process.stderr.close()


class Derivation(threading.Thread):
    """graph.nt merged from the sorted ``runs`` (in ``folder``), then graph.ttl and graph.jsonld
    written from it by two ``Helper`` processes, all while the caller goes on: a thread that
    waits for ``sort -m`` (no Python work of its own) and starts the helpers when it ends.
    ``finish`` waits for the lot and raises the first failure; ``stop`` ends what still runs."""

    def __init__(self, runs, folder, nt_path, derived, prefixes):
        super().__init__(name="paperkg-rdf", daemon=True)
        self.runs, self.folder, self.nt_path = runs, folder, nt_path
        self.derived, self.prefixes = derived, prefixes
        self.lock = threading.Lock()
        self.processes, self.helpers, self.error, self.stopped = [], [], None, False

    def started(self, process):
        with self.lock:
            self.processes.append(process)
            if self.stopped:
                process.kill()

    def run(self):
        try:
            merge(self.runs, self.nt_path, self.folder, started=self.started)
            with self.lock:
                if not self.stopped:
                    self.helpers = [Helper(kind, self.nt_path, path, self.prefixes)
                                    for kind, path in self.derived]
        except BaseException as exc:  # noqa: BLE001 - raised again by finish, in the caller
            self.error = exc

    def finish(self):
        self.join()
        if self.error is not None:
            raise self.error
        for helper in self.helpers:
            helper.finish()

    def stop(self):
        with self.lock:
            self.stopped = True
            for process in self.processes:
                if process.poll() is None:
                    process.kill()
        self.join()
        for helper in self.helpers:
            helper.kill()


@contextlib.contextmanager
def writing(graph, outputs, base_iri=defaults.BASE_IRI, license=None, chunk=None,
            parallel=None):
    """Write the RDF export of ``graph`` through ``outputs`` (an io.OutputSet): graph.nt and
    shapes.ttl, then graph.ttl and graph.jsonld from graph.nt. The N-Triples lines are sorted in
    runs here; with ``parallel`` (default: when the machine has more than one core and the
    export is big) the runs are merged into graph.nt and two helper processes write graph.ttl
    and graph.jsonld from it while the body of the ``with`` runs (the explorer and the Gephi
    files: a ``Derivation``), and all is waited for when the body ends; else all is written here
    first. Yields the counts {"triples", "papers", "works", "concepts"}."""
    base_iri = check_base_iri(base_iri)
    chunk = chunk or defaults.RDF_SORT_CHUNK
    stats = {}
    ex = Export(graph, base_iri, license)
    nt_path = outputs.path("graph.nt")
    prefixes = prefixes_for(base_iri)
    outputs.path("shapes.ttl").write_bytes(SHAPES_FILE.read_bytes())
    derived = (("turtle", outputs.path("graph.ttl")), ("jsonld", outputs.path("graph.jsonld")))
    with tempfile.TemporaryDirectory(prefix=".rdf-sort-", dir=Path(nt_path).parent) as runs_folder:
        with progress.stage("RDF triples"):
            runs, stats["triples"] = sorted_runs(lines(graph, base_iri, license, stats),
                                                 lambda total: count_line(ex.dataset, total),
                                                 chunk, runs_folder)
        if parallel is None:
            parallel = ((os.cpu_count() or 1) > 1
                        and stats["triples"] > defaults.RDF_PARALLEL_TRIPLES)
        if parallel:
            derivation = Derivation(runs, runs_folder, nt_path, derived, prefixes)
            derivation.start()
            try:
                yield stats
                with progress.stage("graph.nt, graph.ttl, graph.jsonld"):
                    derivation.finish()
            finally:
                derivation.stop()
            return
        with progress.stage("graph.nt"):
            merge(runs, nt_path, runs_folder)
    with progress.stage("graph.ttl, graph.jsonld"):
        for kind, path in derived:
            derive(nt_path, path, kind, prefixes)
    yield stats


def write(graph, outputs, base_iri=defaults.BASE_IRI, license=None, chunk=None, parallel=None):
    """Write the RDF export of ``graph`` through ``outputs`` (see ``writing``), all of it
    before returning the counts."""
    with writing(graph, outputs, base_iri, license, chunk, parallel) as stats:
        return stats


# --- small graphs: text in memory, rdflib graphs (tests, `paperkg query` on small data) -------

class _MemoryOutputs:
    """An OutputSet-like folder in a temporary directory (for ``serialise``)."""

    def __init__(self, folder):
        self.folder = Path(folder)

    def path(self, name):
        return self.folder / name


def serialise(graph, base_iri=defaults.BASE_IRI, license=None, chunk=None):
    """The export as {file name: text} (graph.nt, graph.ttl, graph.jsonld, shapes.ttl): for
    small graphs and tests; builds call ``write``."""
    with tempfile.TemporaryDirectory() as folder:
        write(graph, _MemoryOutputs(folder), base_iri, license, chunk)
        return {name: (Path(folder) / name).read_text(encoding="utf-8") for name in FILES}


def to_rdf(graph, base_iri=defaults.BASE_IRI, license=None):
    """The export as an rdflib Graph (parsed from its N-Triples), prefixes bound: for small
    graphs and tests."""
    rdf = bind_prefixes(Graph(bind_namespaces="none"), check_base_iri(base_iri))
    return rdf.parse(data=serialise(graph, base_iri, license)["graph.nt"], format="nt")


if __name__ == "__main__":  # a helper process of ``writing``: python -m ... KIND NT OUT PREFIXES
    try:
        derive(sys.argv[2], sys.argv[3], sys.argv[1], [tuple(p) for p in json.loads(sys.argv[4])])
    except OSError as exc:  # one line for Helper.finish, no traceback
        sys.exit(exc.strerror or str(exc))
