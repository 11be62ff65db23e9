"""The RDF export: the networkx graph (graph/model.py) as an rdflib Graph, and as Turtle,
N-Triples and JSON-LD text.

Node ids are IRI paths relative to the base IRI, so a node's IRI is ``base_iri + node id``. Every
other resource (annotation, selector, similarity, co-occurrence, community, activity) gets an IRI
derived from its content too, so the export has no blank nodes and the same graph always gives the
same bytes. The vocabulary is in graph/vocab.py; how each part maps:

    paper      fabio:ResearchPaper, schema:ScholarlyArticle, pkg:AnchorPaper | pkg:RelatedPaper;
               dcterms:identifier, dcterms:title / dcterms:abstract (@en), rdfs:label,
               pkg:truncated, pkg:sourceLine; anchor pkg:relatedPaper related; cito:cites
    concept    skos:Concept + pkg:Method | pkg:Problem | pkg:Hardware, skos:inScheme one
               skos:ConceptScheme per type, skos:prefLabel, skos:altLabel, pkg:paperCount
    mention    paper pkg:usesMethod | pkg:addressesProblem | pkg:mentionsHardware concept, and per
               mention an oa:Annotation (body: the concept; target: an oa:SpecificResource on the
               paper with an oa:TextQuoteSelector - prefix and suffix reach to the sentence's
               ends - and an oa:TextPositionSelector)
    SIMILAR_TO paper pkg:similarTo paper (both ways) and a pkg:Similarity node: pkg:similarPaper
               (the two), pkg:score, pkg:conceptScore, pkg:textScore, pkg:measure,
               pkg:sharedConcept and pkg:rankedConcept [pkg:rank, pkg:concept] best first
    CO_OCCURS  concept pkg:coOccursWith concept (both ways) and a pkg:CoOccurrence node with
               pkg:coOccurringConcept (the two), pkg:count, pkg:strength
    community  pkg:Community with rdfs:label (its name), pkg:member, pkg:rankedConcept;
               nodes pkg:community, pkg:pagerank
    provenance a prov:Activity: prov:wasAssociatedWith paperkg (and spaCy), prov:used the model
"""

import hashlib
import json
import re
from urllib.parse import quote, urlsplit

from rdflib import OWL, RDF, RDFS, XSD, Graph, Literal, Namespace, URIRef
from rdflib.namespace import DCTERMS, PROV, SKOS

from paperkg.extract.errors import PaperkgError

from .. import defaults, model
from ..vocab import CITO, FABIO, OA, PKG, SCHEMA, VOCAB_IRI, declarations

# Every prefix the exports and paperkg's SPARQL use, bound in one place (bind_prefixes).
PREFIXES = {
    "pkg": Namespace(VOCAB_IRI),
    "fabio": FABIO,
    "schema": SCHEMA,
    "dcterms": DCTERMS,
    "cito": CITO,
    "skos": SKOS,
    "oa": OA,
    "prov": PROV,
    "rdf": RDF,
    "rdfs": RDFS,
    "owl": OWL,
    "xsd": XSD,
}
# Prefixes for instance IRIs under the base IRI (so Turtle reads paper:p0123… method:fsdp).
INSTANCE_PREFIXES = {"paper": "paper/", "concept": "concept/"}

CONCEPT_CLASS = {"method": PKG.Method, "problem": PKG.Problem, "hardware": PKG.Hardware}
MENTION_PROPERTY = {model.USES_METHOD: PKG.usesMethod, model.ADDRESSES_PROBLEM: PKG.addressesProblem,
                    model.MENTIONS_HARDWARE: PKG.mentionsHardware}
SCHEME_LABEL = {"method": "Methods", "problem": "Problems", "hardware": "Hardware"}
PROVENANCE_KEYS = ("tool", "version", "model", "model_version", "spacy_version")


class BaseIriError(PaperkgError):
    """The base IRI given for instance IRIs is not usable."""


def check_base_iri(base_iri):
    """``base_iri`` if it is an absolute http(s) IRI ending in ``/`` or ``#``, else BaseIriError."""
    parts = urlsplit(base_iri)
    if (parts.scheme not in ("http", "https") or not parts.netloc or not base_iri.endswith(("/", "#"))
            or re.search(r'[\s<>"{}|\\^`]', base_iri)):
        raise BaseIriError(f"--base-iri {base_iri!r}: expected an absolute http(s) IRI ending "
                           "in '/' or '#', e.g. https://example.org/kg/")
    return base_iri


def bind_prefixes(rdf_graph, base_iri=None):
    """Bind paperkg's prefixes (and, given the base IRI, the instance prefixes) on ``rdf_graph``."""
    for prefix, namespace in PREFIXES.items():
        rdf_graph.bind(prefix, namespace, override=True, replace=True)
    if base_iri is not None:
        for prefix, path in INSTANCE_PREFIXES.items():
            rdf_graph.bind(prefix, Namespace(base_iri + path), override=True, replace=True)
    return rdf_graph


def node_iri(base_iri, node_id):
    """The IRI of a graph node (or any path under the base IRI), percent-encoding what an IRI
    path may not hold."""
    return URIRef(base_iri + quote(node_id, safe="/-._~#"))


def decimal(value, digits=defaults.SCORE_DIGITS):
    """An xsd:decimal in canonical form (no exponent, no trailing zeros), rounded to ``digits``."""
    text = f"{round(float(value), digits):.{digits}f}".rstrip("0")
    return Literal(text + "0" if text.endswith(".") else text, datatype=XSD.decimal)


def text(value, lang=defaults.LANGUAGE):
    return Literal(value, lang=lang)


# A sentence ends at . ! or ? (and closing quotes/brackets) followed by space and a capital,
# digit or opening quote/bracket.
_SENTENCE_END = re.compile(r"[.!?][\"')\]]*\s+(?=[A-Z0-9\"'(\[])")


def sentence_bounds(passage, start, end):
    """(start, end) of the sentence of ``passage`` holding the span start..end."""
    breaks = [m.end() for m in _SENTENCE_END.finditer(passage)]
    first = max((b for b in breaks if b <= start), default=0)
    last = min((b for b in breaks if b >= end), default=len(passage))
    return first, len(passage[:last].rstrip())


def to_rdf(graph, base_iri=defaults.BASE_IRI):
    """The RDF graph of the networkx ``graph`` (graph/model.py), instance IRIs under ``base_iri``."""
    base = check_base_iri(base_iri)
    rdf = bind_prefixes(Graph(bind_namespaces="none"), base)
    declarations(rdf)
    iri = lambda node_id: node_iri(base, node_id)  # noqa: E731
    activity = add_provenance(rdf, graph.graph, iri)
    for node, data in graph.nodes(data=True):
        if data["kind"] == model.PAPER:
            add_paper(rdf, iri(node), node.split("/", 1)[1], data)
        else:
            add_concept(rdf, iri, iri(node), data)
        if data.get("community") is not None:
            rdf.add((iri(node), PKG.community, iri(f"community/{data['community']}")))
        if data.get("pagerank") is not None:
            rdf.add((iri(node), PKG.pagerank, decimal(data["pagerank"], defaults.PAGERANK_DIGITS)))
    for source, target, data in graph.edges(data=True):
        kind = data["kind"]
        if kind == model.RELATED_TO:
            rdf.add((iri(target), PKG.relatedPaper, iri(source)))
        elif kind == model.CITES:
            rdf.add((iri(source), CITO.cites, iri(target)))
        elif kind in MENTION_PROPERTY:
            rdf.add((iri(source), MENTION_PROPERTY[kind], iri(target)))
            for mention in data.get("mentions", ()):
                add_annotation(rdf, iri, source, target, graph.nodes[source], data, mention, activity)
        elif kind == model.SIMILAR_TO:
            add_similarity(rdf, iri, source, target, data)
        elif kind == model.CO_OCCURS:
            add_cooccurrence(rdf, iri, source, target, data)
    for community in graph.graph.get("communities", ()):
        add_community(rdf, iri, community)
    return rdf


def add_provenance(rdf, meta, iri):
    """A prov:Activity naming the paperkg version and the spaCy model; returns its IRI."""
    named = {key: meta.get(key) for key in PROVENANCE_KEYS}
    digest = hashlib.sha256(json.dumps(named, sort_keys=True).encode()).hexdigest()[:16]
    activity = iri(f"activity/{digest}")
    tool, version = meta.get("tool", "paperkg"), meta.get("version", "unknown")
    label = f"{tool} {version} build"
    rdf.add((activity, RDF.type, PROV.Activity))
    agent = iri(f"software/{tool}/{version}")
    add_software(rdf, agent, tool, version)
    rdf.add((activity, PROV.wasAssociatedWith, agent))
    if meta.get("spacy_version"):
        spacy_agent = iri(f"software/spacy/{meta['spacy_version']}")
        add_software(rdf, spacy_agent, "spaCy", meta["spacy_version"])
        rdf.add((activity, PROV.wasAssociatedWith, spacy_agent))
    if meta.get("model"):
        used = iri(f"model/{meta['model']}/{meta.get('model_version', 'unknown')}")
        rdf.add((used, RDF.type, PROV.Entity))
        rdf.add((used, RDFS.label, Literal(meta["model"])))
        rdf.add((used, SCHEMA.version, Literal(meta.get("model_version", "unknown"))))
        rdf.add((activity, PROV.used, used))
        label += f" with spaCy model {meta['model']} {meta.get('model_version', '')}".rstrip()
    rdf.add((activity, RDFS.label, Literal(label)))
    return activity


def add_software(rdf, agent, name, version):
    rdf.add((agent, RDF.type, PROV.SoftwareAgent))
    rdf.add((agent, RDF.type, SCHEMA.SoftwareApplication))
    rdf.add((agent, RDFS.label, Literal(name)))
    rdf.add((agent, SCHEMA.softwareVersion, Literal(version)))


def add_paper(rdf, paper, paper_id, data):
    rdf.add((paper, RDF.type, FABIO.ResearchPaper))
    rdf.add((paper, RDF.type, SCHEMA.ScholarlyArticle))
    rdf.add((paper, RDF.type, PKG.AnchorPaper if data["role"] == model.ANCHOR else PKG.RelatedPaper))
    rdf.add((paper, DCTERMS.identifier, Literal(paper_id)))
    rdf.add((paper, RDFS.label, Literal(data["label"])))
    if data.get("title"):
        rdf.add((paper, DCTERMS.title, text(data["title"])))
    if data.get("abstract"):
        rdf.add((paper, DCTERMS.abstract, text(data["abstract"])))
    rdf.add((paper, PKG.truncated, Literal(bool(data["truncated"]))))
    for source in data.get("sources", ()):
        rdf.add((paper, PKG.sourceLine, Literal(source)))


def add_concept(rdf, iri, concept, data):
    kind = data["concept_type"]
    scheme = iri(f"scheme/{kind}")
    rdf.add((scheme, RDF.type, SKOS.ConceptScheme))
    rdf.add((scheme, SKOS.prefLabel, text(SCHEME_LABEL[kind])))
    rdf.add((scheme, SKOS.hasTopConcept, concept))
    rdf.add((concept, RDF.type, SKOS.Concept))
    rdf.add((concept, RDF.type, CONCEPT_CLASS[kind]))
    rdf.add((concept, SKOS.inScheme, scheme))
    rdf.add((concept, SKOS.topConceptOf, scheme))
    rdf.add((concept, SKOS.prefLabel, text(data["label"])))
    for alt in data.get("alt_labels", ()):
        if alt != data["label"]:
            rdf.add((concept, SKOS.altLabel, text(alt)))
    rdf.add((concept, PKG.paperCount, Literal(int(data.get("papers", 0)))))


def add_annotation(rdf, iri, paper_node, concept_node, paper_data, edge, mention, activity):
    """One mention as a W3C Web Annotation: body the concept, target the span of the paper's text
    (a quote with its sentence around it, and the character positions)."""
    start, end = int(mention["start"]), int(mention["end"])
    passage = paper_data["text"]
    paper_id = paper_node.split("/", 1)[1]
    annotation = iri(f"annotation/{paper_id}/{concept_node.split('/', 1)[1]}/{start}-{end}")
    target = URIRef(f"{annotation}#target")
    quote_selector, position = URIRef(f"{annotation}#quote"), URIRef(f"{annotation}#position")
    rdf.add((annotation, RDF.type, OA.Annotation))
    rdf.add((annotation, OA.motivatedBy, OA.identifying))
    rdf.add((annotation, OA.hasBody, iri(concept_node)))
    rdf.add((annotation, OA.hasTarget, target))
    rdf.add((annotation, PKG.rule, Literal(edge.get("source", ""))))
    if edge.get("score") is not None:
        rdf.add((annotation, PKG.confidence, decimal(edge["score"])))
    rdf.add((annotation, PROV.wasGeneratedBy, activity))
    rdf.add((target, RDF.type, OA.SpecificResource))
    rdf.add((target, OA.hasSource, iri(paper_node)))
    is_title = paper_data["role"] == model.ANCHOR and passage == paper_data.get("title")
    rdf.add((target, PKG.annotatedText, DCTERMS.title if is_title else DCTERMS.abstract))
    rdf.add((target, OA.hasSelector, quote_selector))
    rdf.add((target, OA.hasSelector, position))
    first, last = sentence_bounds(passage, start, end)
    rdf.add((quote_selector, RDF.type, OA.TextQuoteSelector))
    rdf.add((quote_selector, OA.exact, Literal(passage[start:end])))
    rdf.add((quote_selector, OA.prefix, Literal(passage[first:start])))
    rdf.add((quote_selector, OA.suffix, Literal(passage[end:last])))
    rdf.add((position, RDF.type, OA.TextPositionSelector))
    rdf.add((position, OA.start, Literal(start, datatype=XSD.nonNegativeInteger)))
    rdf.add((position, OA.end, Literal(end, datatype=XSD.nonNegativeInteger)))


def add_ranked(rdf, iri, owner_path, concepts):
    """``concepts`` (node ids, best first) as pkg:RankedConcept resources of ``owner_path``."""
    owner = iri(owner_path)
    for rank, concept in enumerate(concepts, start=1):
        entry = iri(f"{owner_path}#concept-{rank}")
        rdf.add((owner, PKG.rankedConcept, entry))
        rdf.add((entry, RDF.type, PKG.RankedConcept))
        rdf.add((entry, PKG.rank, Literal(rank)))
        rdf.add((entry, PKG.concept, iri(concept)))


def add_similarity(rdf, iri, source, target, data):
    first, second = sorted((source, target))
    path = f"similarity/{first.split('/', 1)[1]}/{second.split('/', 1)[1]}"
    similarity = iri(path)
    rdf.add((iri(first), PKG.similarTo, iri(second)))
    rdf.add((iri(second), PKG.similarTo, iri(first)))
    rdf.add((similarity, RDF.type, PKG.Similarity))
    for paper in (first, second):
        rdf.add((similarity, PKG.similarPaper, iri(paper)))
        rdf.add((iri(paper), PKG.qualifiedSimilarity, similarity))
    rdf.add((similarity, PKG.score, decimal(data["score"])))
    for key, prop in (("concept_score", PKG.conceptScore), ("text_score", PKG.textScore)):
        if data.get(key) is not None:
            rdf.add((similarity, prop, decimal(data[key])))
    rdf.add((similarity, PKG.measure, Literal(similarity_measure())))
    shared = list(data.get("shared", ()))
    for concept in shared:
        rdf.add((similarity, PKG.sharedConcept, iri(concept)))
    add_ranked(rdf, iri, path, shared)


def similarity_measure():
    weight = defaults.CONCEPT_WEIGHT
    return (f"{weight:g} x concept score (shared concepts, rarer ones weigh more) + "
            f"{1 - weight:g} x text score (TF-IDF cosine of the texts)")


def add_cooccurrence(rdf, iri, source, target, data):
    first, second = sorted((source, target))
    strip = lambda node: node.split("/", 1)[1]  # noqa: E731
    cooccurrence = iri(f"cooccurrence/{strip(first)}/{strip(second)}")
    rdf.add((iri(first), PKG.coOccursWith, iri(second)))
    rdf.add((iri(second), PKG.coOccursWith, iri(first)))
    rdf.add((cooccurrence, RDF.type, PKG.CoOccurrence))
    rdf.add((cooccurrence, PKG.coOccurringConcept, iri(first)))
    rdf.add((cooccurrence, PKG.coOccurringConcept, iri(second)))
    rdf.add((cooccurrence, PKG.count, Literal(int(data["count"]))))
    if data.get("strength") is not None:
        rdf.add((cooccurrence, PKG.strength, decimal(data["strength"])))


def add_community(rdf, iri, community):
    path = f"community/{community['id']}"
    node = iri(path)
    rdf.add((node, RDF.type, PKG.Community))
    rdf.add((node, RDFS.label, Literal(community["name"])))
    for member in community.get("members", ()):
        rdf.add((node, PKG.member, iri(member)))
    add_ranked(rdf, iri, path, community.get("concepts", ()))


def serialise(graph, base_iri=defaults.BASE_IRI):
    """The export of the networkx ``graph`` as {"graph.ttl", "graph.nt", "graph.jsonld"} text,
    the same bytes for the same graph."""
    rdf = to_rdf(graph, base_iri)
    return {"graph.ttl": turtle(rdf), "graph.nt": ntriples(rdf), "graph.jsonld": jsonld(rdf)}


def turtle(rdf):
    """Turtle: one block per subject, subjects, predicates and objects sorted, terms written by
    rdflib (``n3``) with the bound prefixes. rdflib's own Turtle serializer gives the same
    triples but takes minutes on a corpus of a thousand papers; this takes seconds."""
    names = rdf.namespace_manager
    prefixes = sorted(((str(ns), prefix) for prefix, ns in rdf.namespaces()),
                      key=lambda pair: -len(pair[0]))
    written = {RDF.type: "a"}

    def term(node):
        text = written.get(node)
        if text is None:
            text = written[node] = prefixed(node, prefixes) or (
                node.n3() if isinstance(node, URIRef) else node.n3(names))
        return text

    by_subject = {}
    for s, p, o in rdf:
        by_subject.setdefault(s, {}).setdefault(p, []).append(o)
    lines = [f"@prefix {prefix}: <{namespace}> ." for prefix, namespace in sorted(rdf.namespaces())]
    for subject in sorted(by_subject):
        predicates = by_subject[subject]
        lines.append("")
        lines.append(term(subject) + " " + " ;\n    ".join(
            term(p) + " " + ",\n        ".join(sorted(map(term, predicates[p])))
            for p in sorted(predicates, key=lambda p: (p != RDF.type, p))) + " .")
    return "\n".join(lines) + "\n"


_LOCAL_NAME = re.compile(r"[A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_-])?")


def prefixed(node, prefixes):
    """``prefix:local`` for an IRI under one of ``prefixes`` ([(namespace, prefix)], longest
    first) whose local part is a plain Turtle local name; else None. (rdflib's namespace manager
    does this too, but slows down with every new namespace it sees, so it only writes literals'
    datatypes here.)"""
    if not isinstance(node, URIRef):
        return None
    for namespace, prefix in prefixes:
        if node.startswith(namespace):
            local = node[len(namespace):]
            return f"{prefix}:{local}" if _LOCAL_NAME.fullmatch(local) else None
    return None


def ntriples(rdf):
    """N-Triples, lines sorted."""
    lines = rdf.serialize(format="nt").splitlines()
    return "".join(line + "\n" for line in sorted(filter(None, lines)))


def jsonld(rdf):
    """Compacted JSON-LD with a @context of the bound prefixes; nodes sorted by @id, values sorted,
    keys sorted."""
    context = {prefix: str(ns) for prefix, ns in sorted(rdf.namespaces())}
    data = json.loads(rdf.serialize(format="json-ld", context=context, auto_compact=False))
    nodes = data.get("@graph", [])
    document = {"@context": context, "@graph": sorted((_sorted_values(n) for n in nodes),
                                                      key=lambda n: n["@id"])}
    return json.dumps(document, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def _sorted_values(value):
    """JSON-LD values with every array sorted (arrays of plain values are unordered in JSON-LD;
    paperkg writes no @list)."""
    if isinstance(value, dict):
        return {key: _sorted_values(item) for key, item in value.items()}
    if isinstance(value, list):
        items = [_sorted_values(item) for item in value]
        return sorted(items, key=lambda item: json.dumps(item, sort_keys=True, ensure_ascii=False))
    return value
