"""The paperkg RDF vocabulary: the few terms paperkg coins where no standard term fits.

``PKG`` is an rdflib ``DefinedNamespace`` with ``_fail = True``, so a misspelt term is an
AttributeError rather than a silent new IRI. ``DECLARATIONS`` holds what the export says about each
term (kind, label, comment, super-class or super-property, range); ``declarations(graph)`` adds
those triples to an export, so the file explains its own vocabulary.

The vocabulary namespace is fixed and independent of the instance base IRI (``--base-iri``).
"""

from rdflib import RDF, RDFS, XSD, Literal, Namespace, URIRef
from rdflib.namespace import DCTERMS, SKOS, DefinedNamespace

VOCAB_IRI = "https://w3id.org/paperkg/vocab#"

FABIO = Namespace("http://purl.org/spar/fabio/")
CITO = Namespace("http://purl.org/spar/cito/")
OA = Namespace("http://www.w3.org/ns/oa#")
SCHEMA = Namespace("https://schema.org/")


class PKG(DefinedNamespace):
    """paperkg: papers related to anchor papers, the concepts they mention, and how close they are."""

    _fail = True

    # Classes
    AnchorPaper: URIRef  # A paper that a related-paper list is about (the list's header).
    RelatedPaper: URIRef  # A paper listed as related to at least one anchor paper.
    Method: URIRef  # A method, technique, algorithm or system a paper uses or proposes.
    Problem: URIRef  # A problem, bottleneck or goal a paper addresses.
    Hardware: URIRef  # Hardware a paper mentions: devices, accelerators, interconnects, clusters.
    Similarity: URIRef  # A qualified similarity between two papers: the papers, the score, the measure and the shared concepts.
    CoOccurrence: URIRef  # A qualified co-occurrence of two concepts in the same papers, with its count and strength.
    Community: URIRef  # A community (cluster) of papers and concepts found in the graph, named by its most characteristic concepts.
    RankedConcept: URIRef  # A concept at a rank in an ordered list (shared concepts of a similarity, concepts of a community).

    # Papers
    relatedPaper: URIRef  # Links an anchor paper to a paper its related-paper list names.
    usesMethod: URIRef  # Links a paper to a method it mentions.
    addressesProblem: URIRef  # Links a paper to a problem it mentions.
    mentionsHardware: URIRef  # Links a paper to hardware it mentions.
    truncated: URIRef  # Whether the paper's text was cut off by its source (ends in an ellipsis).
    sourceLine: URIRef  # Where the paper was read: FILE:LINE of the input list.
    paperCount: URIRef  # How many papers mention a concept.

    # Mention evidence (on oa:Annotation)
    annotatedText: URIRef  # The property of the target paper whose text the selectors point into (dcterms:abstract or dcterms:title).
    rule: URIRef  # The extraction rule that found the mention.
    confidence: URIRef  # The extractor's confidence in the paper-concept link, from 0 to 1.

    # Similarity
    similarTo: URIRef  # Links two papers that are similar (both directions); the pkg:Similarity node holds the details.
    qualifiedSimilarity: URIRef  # Links a paper to a pkg:Similarity it takes part in.
    similarPaper: URIRef  # One of the two papers of a pkg:Similarity.
    score: URIRef  # The combined similarity score, from 0 to 1.
    conceptScore: URIRef  # The part of the similarity that comes from shared concepts (rare concepts weigh more), 0 to 1.
    textScore: URIRef  # The part of the similarity that comes from the words of the texts (TF-IDF cosine), 0 to 1.
    measure: URIRef  # How the similarity score was computed, in words.
    sharedConcept: URIRef  # A concept both papers of a pkg:Similarity mention (unordered; see pkg:rankedConcept for the order).
    rankedConcept: URIRef  # Links a similarity or community to a pkg:RankedConcept: its concepts in order, best first.
    concept: URIRef  # The concept of a pkg:RankedConcept.
    rank: URIRef  # The position of a pkg:RankedConcept, 1 for the best.

    # Co-occurrence
    coOccursWith: URIRef  # Links two concepts that papers mention together (both directions); the pkg:CoOccurrence node holds the details.
    coOccurringConcept: URIRef  # One of the two concepts of a pkg:CoOccurrence.
    count: URIRef  # How many papers mention both concepts of a pkg:CoOccurrence.
    strength: URIRef  # Association strength of a pkg:CoOccurrence: count corrected for how frequent each concept is.

    # Communities and centrality
    community: URIRef  # Links a paper or concept to the pkg:Community it belongs to.
    member: URIRef  # Links a pkg:Community to a paper or concept in it.
    pagerank: URIRef  # PageRank centrality of a paper or concept in the graph.

    _NS = Namespace(VOCAB_IRI)


# term: (rdf type, label, super (or None), range (or None)). The comment is the term's line above.
_CLASS, _PROPERTY = RDFS.Class, RDF.Property
_TERMS = {
    "AnchorPaper": (_CLASS, "anchor paper", FABIO.ResearchPaper, None),
    "RelatedPaper": (_CLASS, "related paper", FABIO.ResearchPaper, None),
    "Method": (_CLASS, "method", SKOS.Concept, None),
    "Problem": (_CLASS, "problem", SKOS.Concept, None),
    "Hardware": (_CLASS, "hardware", SKOS.Concept, None),
    "Similarity": (_CLASS, "similarity", None, None),
    "CoOccurrence": (_CLASS, "co-occurrence", None, None),
    "Community": (_CLASS, "community", None, None),
    "RankedConcept": (_CLASS, "ranked concept", None, None),
    "relatedPaper": (_PROPERTY, "related paper", DCTERMS.relation, FABIO.ResearchPaper),
    "usesMethod": (_PROPERTY, "uses method", SCHEMA.mentions, PKG.Method),
    "addressesProblem": (_PROPERTY, "addresses problem", SCHEMA.mentions, PKG.Problem),
    "mentionsHardware": (_PROPERTY, "mentions hardware", SCHEMA.mentions, PKG.Hardware),
    "truncated": (_PROPERTY, "truncated", None, XSD.boolean),
    "sourceLine": (_PROPERTY, "source line", None, XSD.string),
    "paperCount": (_PROPERTY, "paper count", None, XSD.integer),
    "annotatedText": (_PROPERTY, "annotated text", None, RDF.Property),
    "rule": (_PROPERTY, "rule", None, XSD.string),
    "confidence": (_PROPERTY, "confidence", None, XSD.decimal),
    "similarTo": (_PROPERTY, "similar to", None, FABIO.ResearchPaper),
    "qualifiedSimilarity": (_PROPERTY, "qualified similarity", None, PKG.Similarity),
    "similarPaper": (_PROPERTY, "similar paper", None, FABIO.ResearchPaper),
    "score": (_PROPERTY, "score", None, XSD.decimal),
    "conceptScore": (_PROPERTY, "concept score", None, XSD.decimal),
    "textScore": (_PROPERTY, "text score", None, XSD.decimal),
    "measure": (_PROPERTY, "measure", None, XSD.string),
    "sharedConcept": (_PROPERTY, "shared concept", None, SKOS.Concept),
    "rankedConcept": (_PROPERTY, "ranked concept", None, PKG.RankedConcept),
    "concept": (_PROPERTY, "concept", None, SKOS.Concept),
    "rank": (_PROPERTY, "rank", None, XSD.integer),
    "coOccursWith": (_PROPERTY, "co-occurs with", None, SKOS.Concept),
    "coOccurringConcept": (_PROPERTY, "co-occurring concept", None, SKOS.Concept),
    "count": (_PROPERTY, "count", None, XSD.integer),
    "strength": (_PROPERTY, "strength", None, XSD.decimal),
    "community": (_PROPERTY, "community", None, PKG.Community),
    "member": (_PROPERTY, "member", None, None),
    "pagerank": (_PROPERTY, "PageRank", None, XSD.decimal),
}


def _comments():
    """Each term's comment, read from the ``name: URIRef  # comment`` lines of ``PKG`` above, so
    the comment is written once."""
    import inspect
    import re

    source = inspect.getsource(PKG)
    return dict(re.findall(r"^\s+(\w+): URIRef  # (.+)$", source, re.MULTILINE))


DECLARATIONS = {
    name: {"type": kind, "label": label, "super": sup, "range": rng}
    for name, (kind, label, sup, rng) in _TERMS.items()
}


def declarations(graph):
    """Add the vocabulary's own declarations to ``graph``: for every term its type, label,
    comment, super-class or super-property, and range."""
    comments = _comments()
    vocab = URIRef(VOCAB_IRI.rstrip("#"))
    graph.add((vocab, RDF.type, URIRef("http://www.w3.org/2002/07/owl#Ontology")))
    graph.add((vocab, RDFS.label, Literal("paperkg vocabulary", lang="en")))
    graph.add((vocab, RDFS.comment, Literal(PKG.__doc__.strip(), lang="en")))
    for name, decl in DECLARATIONS.items():
        term = PKG[name]
        graph.add((term, RDF.type, decl["type"]))
        graph.add((term, RDFS.label, Literal(decl["label"], lang="en")))
        graph.add((term, RDFS.comment, Literal(comments[name], lang="en")))
        graph.add((term, RDFS.isDefinedBy, vocab))
        if decl["super"] is not None:
            relation = RDFS.subClassOf if decl["type"] == _CLASS else RDFS.subPropertyOf
            graph.add((term, relation, decl["super"]))
        if decl["range"] is not None:
            graph.add((term, RDFS.range, decl["range"]))
    return graph
