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
    # What each term means is its comment in _TERMS below, written into every export.

    # Classes
    AnchorPaper: URIRef
    RelatedPaper: URIRef
    Method: URIRef
    Problem: URIRef
    Hardware: URIRef
    Dataset: URIRef
    Metric: URIRef
    Rule: URIRef
    Analysis: URIRef
    Similarity: URIRef
    CoOccurrence: URIRef
    Community: URIRef

    # Papers
    relatedPaper: URIRef
    usesMethod: URIRef
    addressesProblem: URIRef
    mentionsHardware: URIRef
    usesDataset: URIRef
    reportsMetric: URIRef
    truncated: URIRef
    sourceLine: URIRef
    arxivId: URIRef

    memberClass: URIRef

    # Mention evidence
    rule: URIRef
    confidence: URIRef

    # Build, provenance and analysis
    inputHash: URIRef
    analysisOf: URIRef
    paperCount: URIRef
    similarityMeasure: URIRef
    qualifiedSimilarity: URIRef
    similarPaper: URIRef
    score: URIRef
    conceptScore: URIRef
    textScore: URIRef
    rankedConcept: URIRef
    concept: URIRef
    rank: URIRef
    coOccurringConcept: URIRef
    count: URIRef
    strength: URIRef
    member: URIRef
    pagerank: URIRef

    _NS = Namespace(VOCAB_IRI)


# term: (rdf type, label, super (or None), range (or None), comment): what the export declares
# about each term of PKG, its rdfs:comment included.
_CLASS, _PROPERTY = RDFS.Class, RDF.Property
_TERMS = {
    "AnchorPaper": (_CLASS, "anchor paper", FABIO.ResearchPaper, None,
                    "A paper that a related-paper list is about (the list's header), or one the "
                    "user marked as an anchor."),
    "RelatedPaper": (_CLASS, "related paper", FABIO.ResearchPaper, None,
                     "A paper listed as related to at least one anchor paper."),
    "Method": (_CLASS, "method", SKOS.Concept, None,
               "A method, technique, algorithm or system a paper uses or proposes."),
    "Problem": (_CLASS, "problem", SKOS.Concept, None,
                "A problem, bottleneck or goal a paper addresses."),
    "Hardware": (_CLASS, "hardware", SKOS.Concept, None,
                 "Hardware a paper mentions: devices, accelerators, interconnects, clusters."),
    "Dataset": (_CLASS, "data set", SKOS.Concept, None,
                "A data set a paper uses or evaluates on."),
    "Metric": (_CLASS, "metric", SKOS.Concept, None,
               "A metric a paper reports."),
    "Rule": (_CLASS, "rule", PROV.Plan, None,
             "An extraction rule of one paperkg version, with the confidence of what it finds."),
    "Analysis": (_CLASS, "analysis", PROV.Entity, None,
                 "What one build found about one paper or concept within its own corpus: its "
                 "PageRank, a concept's paper count."),
    "Similarity": (_CLASS, "similarity", PROV.Entity, None,
                   "A qualified similarity between two papers in one build: the papers, the "
                   "score and the shared concepts in order."),
    "CoOccurrence": (_CLASS, "co-occurrence", PROV.Entity, None,
                     "A qualified co-occurrence of two concepts in the same papers of one build,"
                     " with its count and strength."),
    "Community": (_CLASS, "community", PROV.Entity, None,
                  "A community (cluster) of papers and concepts found by one build, named by its"
                  " most characteristic concepts."),
    "relatedPaper": (_PROPERTY, "related paper", DCTERMS.relation, FABIO.ResearchPaper,
                     "Links an anchor paper to a paper its related-paper list names."),
    "usesMethod": (_PROPERTY, "uses method", SCHEMA.mentions, PKG.Method,
                   "Links a paper to a method it mentions."),
    "addressesProblem": (_PROPERTY, "addresses problem", SCHEMA.mentions, PKG.Problem,
                         "Links a paper to a problem it mentions."),
    "mentionsHardware": (_PROPERTY, "mentions hardware", SCHEMA.mentions, PKG.Hardware,
                         "Links a paper to hardware it mentions."),
    "usesDataset": (_PROPERTY, "uses data set", SCHEMA.mentions, PKG.Dataset,
                    "Links a paper to a data set it mentions."),
    "reportsMetric": (_PROPERTY, "reports metric", SCHEMA.mentions, PKG.Metric,
                      "Links a paper to a metric it mentions."),
    "truncated": (_PROPERTY, "truncated", None, XSD.boolean,
                  "Whether the paper's text was cut off by its source (ends in an ellipsis)."),
    "sourceLine": (_PROPERTY, "source line", None, XSD.string,
                   "Where the paper was read: FILE:LINE of an input file."),
    "arxivId": (_PROPERTY, "arXiv identifier", DCTERMS.identifier, XSD.string,
                "The arXiv identifier of a paper, without version (2503.11731)."),
    "memberClass": (_PROPERTY, "member class", None, RDFS.Class,
                    "The class of the concepts of a concept scheme: a concept is in the scheme "
                    "exactly when it has the class."),
    "rule": (_PROPERTY, "rule", None, PKG.Rule,
             "Links an annotation (a paper-concept link) to the pkg:Rule that found it."),
    "confidence": (_PROPERTY, "confidence", None, XSD.decimal,
                   "How sure a rule (or, where it differs, one link) is of a paper-concept link,"
                   " from 0 to 1."),
    "inputHash": (_PROPERTY, "input hash", None, XSD.string,
                  "A hash of a build's inputs (the paper texts and fields it read)."),
    "analysisOf": (_PROPERTY, "analysis of", None, None,
                   "The paper or concept a pkg:Analysis is about."),
    "paperCount": (_PROPERTY, "paper count", None, XSD.integer,
                   "How many papers of the build mention a concept."),
    "similarityMeasure": (_PROPERTY, "similarity measure", None, XSD.string,
                          "How a build computed its similarity scores, in words."),
    "qualifiedSimilarity": (_PROPERTY, "qualified similarity", None, PKG.Similarity,
                            "Links a paper to a pkg:Similarity it takes part in."),
    "similarPaper": (_PROPERTY, "similar paper", None, FABIO.ResearchPaper,
                     "One of the two papers of a pkg:Similarity."),
    "score": (_PROPERTY, "score", None, XSD.decimal,
              "The combined similarity score, from 0 to 1."),
    "conceptScore": (_PROPERTY, "concept score", None, XSD.decimal,
                     "The part of the similarity that comes from shared concepts (rare concepts "
                     "weigh more), 0 to 1."),
    "textScore": (_PROPERTY, "text score", None, XSD.decimal,
                  "The part of the similarity that comes from the words of the texts (TF-IDF "
                  "cosine), 0 to 1."),
    "rankedConcept": (_PROPERTY, "ranked concept", None, None,
                      "Links a similarity or community to one of its concepts at a rank "
                      "(pkg:rank, pkg:concept), best first."),
    "concept": (_PROPERTY, "concept", None, SKOS.Concept,
                "The concept of a ranked-concept entry."),
    "rank": (_PROPERTY, "rank", None, XSD.integer,
             "The position of a ranked-concept entry, 1 for the best."),
    "coOccurringConcept": (_PROPERTY, "co-occurring concept", None, SKOS.Concept,
                           "One of the two concepts of a pkg:CoOccurrence."),
    "count": (_PROPERTY, "count", None, XSD.integer,
              "How many papers mention both concepts of a pkg:CoOccurrence."),
    "strength": (_PROPERTY, "strength", None, XSD.decimal,
                 "Association strength of a pkg:CoOccurrence: count corrected for how frequent "
                 "each concept is."),
    "member": (_PROPERTY, "member", None, None,
               "Links a pkg:Community to a paper or concept in it."),
    "pagerank": (_PROPERTY, "PageRank", None, XSD.decimal,
                 "PageRank centrality of a paper or concept in the graph of one build."),
}


DECLARATIONS = {
    name: {"type": kind, "label": label, "super": sup, "range": rng, "comment": comment}
    for name, (kind, label, sup, rng, comment) in _TERMS.items()
}


def declaration_triples():
    """The vocabulary's own declarations as rdflib triples: for every term its type, label,
    comment, super-class or super-property, and range."""
    vocab = URIRef(VOCAB_IRI.rstrip("#"))
    yield vocab, RDF.type, OWL.Ontology
    yield vocab, RDFS.label, Literal("paperkg vocabulary", lang="en")
    yield vocab, RDFS.comment, Literal(PKG.__doc__.strip(), lang="en")
    for name, decl in DECLARATIONS.items():
        term = PKG[name]
        yield term, RDF.type, decl["type"]
        yield term, RDFS.label, Literal(decl["label"], lang="en")
        yield term, RDFS.comment, Literal(decl["comment"], lang="en")
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
