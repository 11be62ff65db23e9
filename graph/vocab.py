"""The paperkg RDF vocabulary: the few terms paperkg coins where no standard term fits, and the
standard namespaces the export reuses.

``PKG`` is an rdflib ``DefinedNamespace`` with ``_fail = True``, so a misspelt term is an
AttributeError rather than a silent new IRI. ``DECLARATIONS`` holds what the export says about each
term (kind, label, comment, super-class or super-property, range); ``declaration_triples()`` yields
those triples (the exporter writes them into every export, so the file explains its own
vocabulary) and ``declarations(graph)`` adds them to an rdflib graph.

The vocabulary namespace is fixed and independent of the instance base IRI (``--base-iri``).
``SHAPES_IRI`` names the SHACL shapes (graph/data/shapes.ttl), which every export points to with
``dcterms:conformsTo`` and carries beside its files as ``shapes.ttl``.
"""

import inspect
import re

from rdflib import OWL, RDF, RDFS, XSD, Literal, Namespace, URIRef
from rdflib.namespace import DCTERMS, PROV, SKOS, DefinedNamespace

VOCAB_IRI = "https://w3id.org/paperkg/vocab#"
SHAPES_IRI = "https://w3id.org/paperkg/shapes"

FABIO = Namespace("http://purl.org/spar/fabio/")
CITO = Namespace("http://purl.org/spar/cito/")
DOCO = Namespace("http://purl.org/spar/doco/")
FRBR = Namespace("http://purl.org/vocab/frbr/core#")
PRISM = Namespace("http://prismstandard.org/namespaces/basic/2.0/")
OA = Namespace("http://www.w3.org/ns/oa#")
SCHEMA = Namespace("https://schema.org/")
VOID = Namespace("http://rdfs.org/ns/void#")


class PKG(DefinedNamespace):
    """paperkg: papers related to anchor papers, the concepts they mention, and how close they are."""

    _fail = True

    # Classes
    AnchorPaper: URIRef  # A paper that a related-paper list is about (the list's header), or one the user marked as an anchor.
    RelatedPaper: URIRef  # A paper listed as related to at least one anchor paper.
    Method: URIRef  # A method, technique, algorithm or system a paper uses or proposes.
    Problem: URIRef  # A problem, bottleneck or goal a paper addresses.
    Hardware: URIRef  # Hardware a paper mentions: devices, accelerators, interconnects, clusters.
    Dataset: URIRef  # A data set a paper uses or evaluates on.
    Metric: URIRef  # A metric a paper reports.
    Rule: URIRef  # An extraction rule of one paperkg version, with the confidence of what it finds.
    Analysis: URIRef  # What one build found about one paper or concept within its own corpus: its PageRank, a concept's paper count.
    Similarity: URIRef  # A qualified similarity between two papers in one build: the papers, the score and the shared concepts in order.
    CoOccurrence: URIRef  # A qualified co-occurrence of two concepts in the same papers of one build, with its count and strength.
    Community: URIRef  # A community (cluster) of papers and concepts found by one build, named by its most characteristic concepts.

    # Papers
    relatedPaper: URIRef  # Links an anchor paper to a paper its related-paper list names.
    usesMethod: URIRef  # Links a paper to a method it mentions.
    addressesProblem: URIRef  # Links a paper to a problem it mentions.
    mentionsHardware: URIRef  # Links a paper to hardware it mentions.
    usesDataset: URIRef  # Links a paper to a data set it mentions.
    reportsMetric: URIRef  # Links a paper to a metric it mentions.
    truncated: URIRef  # Whether the paper's text was cut off by its source (ends in an ellipsis).
    sourceLine: URIRef  # Where the paper was read: FILE:LINE of an input file.
    arxivId: URIRef  # The arXiv identifier of a paper, without version (2503.11731).

    memberClass: URIRef  # The class of the concepts of a concept scheme: a concept is in the scheme exactly when it has the class.

    # Mention evidence
    rule: URIRef  # Links an annotation (a paper-concept link) to the pkg:Rule that found it.
    confidence: URIRef  # How sure a rule (or, where it differs, one link) is of a paper-concept link, from 0 to 1.

    # Build, provenance and analysis
    inputHash: URIRef  # A hash of a build's inputs (the paper texts and fields it read).
    analysisOf: URIRef  # The paper or concept a pkg:Analysis is about.
    paperCount: URIRef  # How many papers of the build mention a concept.
    similarityMeasure: URIRef  # How a build computed its similarity scores, in words.
    qualifiedSimilarity: URIRef  # Links a paper to a pkg:Similarity it takes part in.
    similarPaper: URIRef  # One of the two papers of a pkg:Similarity.
    score: URIRef  # The combined similarity score, from 0 to 1.
    conceptScore: URIRef  # The part of the similarity that comes from shared concepts (rare concepts weigh more), 0 to 1.
    textScore: URIRef  # The part of the similarity that comes from the words of the texts (TF-IDF cosine), 0 to 1.
    rankedConcept: URIRef  # Links a similarity or community to one of its concepts at a rank (pkg:rank, pkg:concept), best first.
    concept: URIRef  # The concept of a ranked-concept entry.
    rank: URIRef  # The position of a ranked-concept entry, 1 for the best.
    coOccurringConcept: URIRef  # One of the two concepts of a pkg:CoOccurrence.
    count: URIRef  # How many papers mention both concepts of a pkg:CoOccurrence.
    strength: URIRef  # Association strength of a pkg:CoOccurrence: count corrected for how frequent each concept is.
    member: URIRef  # Links a pkg:Community to a paper or concept in it.
    pagerank: URIRef  # PageRank centrality of a paper or concept in the graph of one build.

    _NS = Namespace(VOCAB_IRI)


# term: (rdf type, label, super (or None), range (or None)). The comment is the term's line above.
_CLASS, _PROPERTY = RDFS.Class, RDF.Property
_TERMS = {
    "AnchorPaper": (_CLASS, "anchor paper", FABIO.ResearchPaper, None),
    "RelatedPaper": (_CLASS, "related paper", FABIO.ResearchPaper, None),
    "Method": (_CLASS, "method", SKOS.Concept, None),
    "Problem": (_CLASS, "problem", SKOS.Concept, None),
    "Hardware": (_CLASS, "hardware", SKOS.Concept, None),
    "Dataset": (_CLASS, "data set", SKOS.Concept, None),
    "Metric": (_CLASS, "metric", SKOS.Concept, None),
    "Rule": (_CLASS, "rule", PROV.Plan, None),
    "Analysis": (_CLASS, "analysis", PROV.Entity, None),
    "Similarity": (_CLASS, "similarity", PROV.Entity, None),
    "CoOccurrence": (_CLASS, "co-occurrence", PROV.Entity, None),
    "Community": (_CLASS, "community", PROV.Entity, None),
    "relatedPaper": (_PROPERTY, "related paper", DCTERMS.relation, FABIO.ResearchPaper),
    "usesMethod": (_PROPERTY, "uses method", SCHEMA.mentions, PKG.Method),
    "addressesProblem": (_PROPERTY, "addresses problem", SCHEMA.mentions, PKG.Problem),
    "mentionsHardware": (_PROPERTY, "mentions hardware", SCHEMA.mentions, PKG.Hardware),
    "usesDataset": (_PROPERTY, "uses data set", SCHEMA.mentions, PKG.Dataset),
    "reportsMetric": (_PROPERTY, "reports metric", SCHEMA.mentions, PKG.Metric),
    "truncated": (_PROPERTY, "truncated", None, XSD.boolean),
    "sourceLine": (_PROPERTY, "source line", None, XSD.string),
    "arxivId": (_PROPERTY, "arXiv identifier", DCTERMS.identifier, XSD.string),
    "memberClass": (_PROPERTY, "member class", None, RDFS.Class),
    "rule": (_PROPERTY, "rule", None, PKG.Rule),
    "confidence": (_PROPERTY, "confidence", None, XSD.decimal),
    "inputHash": (_PROPERTY, "input hash", None, XSD.string),
    "analysisOf": (_PROPERTY, "analysis of", None, None),
    "paperCount": (_PROPERTY, "paper count", None, XSD.integer),
    "similarityMeasure": (_PROPERTY, "similarity measure", None, XSD.string),
    "qualifiedSimilarity": (_PROPERTY, "qualified similarity", None, PKG.Similarity),
    "similarPaper": (_PROPERTY, "similar paper", None, FABIO.ResearchPaper),
    "score": (_PROPERTY, "score", None, XSD.decimal),
    "conceptScore": (_PROPERTY, "concept score", None, XSD.decimal),
    "textScore": (_PROPERTY, "text score", None, XSD.decimal),
    "rankedConcept": (_PROPERTY, "ranked concept", None, None),
    "concept": (_PROPERTY, "concept", None, SKOS.Concept),
    "rank": (_PROPERTY, "rank", None, XSD.integer),
    "coOccurringConcept": (_PROPERTY, "co-occurring concept", None, SKOS.Concept),
    "count": (_PROPERTY, "count", None, XSD.integer),
    "strength": (_PROPERTY, "strength", None, XSD.decimal),
    "member": (_PROPERTY, "member", None, None),
    "pagerank": (_PROPERTY, "PageRank", None, XSD.decimal),
}


def _comments():
    """Each term's comment, read from the ``name: URIRef  # comment`` lines of ``PKG`` above, so
    the comment is written once."""
    source = inspect.getsource(PKG)
    return dict(re.findall(r"^\s+(\w+): URIRef  # (.+)$", source, re.MULTILINE))


DECLARATIONS = {
    name: {"type": kind, "label": label, "super": sup, "range": rng}
    for name, (kind, label, sup, rng) in _TERMS.items()
}


def declaration_triples():
    """The vocabulary's own declarations as rdflib triples: for every term its type, label,
    comment, super-class or super-property, and range."""
    comments = _comments()
    vocab = URIRef(VOCAB_IRI.rstrip("#"))
    yield vocab, RDF.type, OWL.Ontology
    yield vocab, RDFS.label, Literal("paperkg vocabulary", lang="en")
    yield vocab, RDFS.comment, Literal(PKG.__doc__.strip(), lang="en")
    for name, decl in DECLARATIONS.items():
        term = PKG[name]
        yield term, RDF.type, decl["type"]
        yield term, RDFS.label, Literal(decl["label"], lang="en")
        yield term, RDFS.comment, Literal(comments[name], lang="en")
        yield term, RDFS.isDefinedBy, vocab
        if decl["super"] is not None:
            yield term, RDFS.subClassOf if decl["type"] == _CLASS else RDFS.subPropertyOf, decl["super"]
        if decl["range"] is not None:
            yield term, RDFS.range, decl["range"]


def declarations(graph):
    """Add the vocabulary's declarations to the rdflib ``graph``; returns it."""
    for triple in declaration_triples():
        graph.add(triple)
    return graph
