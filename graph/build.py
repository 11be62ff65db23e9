"""The main job: from extracted paper records to the graph and every output file in one folder."""

import hashlib

from paperkg.extract import progress
from paperkg.extract.heap import collector_paused
from paperkg.extract.records import PAPER_FIELDS, analysed_text

from . import __version__, appearance, defaults, io, model, relate
from .export import gephi, html, rdf


# The files `paperkg build` writes into its output folder.
OUTPUT_FILES = ("papers.jsonl", "concepts.jsonl", "graph.nt", "graph.ttl", "graph.jsonld",
                "shapes.ttl", "graph.html", "graph.gexf", "graph.graphml")


def provenance(nlp=None):
    """Graph attributes naming what made the graph: paperkg's version and the spaCy model."""
    meta = {"tool": "paperkg", "version": __version__}
    if nlp is not None:
        import spacy

        meta.update(model=f"{nlp.meta['lang']}_{nlp.meta['name']}",
                    model_version=nlp.meta["version"], spacy_version=spacy.__version__)
    return meta


def inputs(records):
    """Graph attributes naming what the graph was built from: ``inputs`` (the input files'
    names, sorted) and ``input_hash`` (a hash of every paper's id and analysed text, so two
    builds of different inputs never share a build identity)."""
    digest = hashlib.sha256()
    for record in sorted(records, key=lambda r: r["id"]):
        digest.update(f"{record['id']}\t{analysed_text(record)}\n".encode("utf-8"))
    files = {source.rsplit(":", 1)[0] for r in records for source in r.get("sources", ())}
    return {"inputs": sorted(files), "input_hash": digest.hexdigest()[:16]}


def make_graph(extracted, nlp=None, top_k=defaults.SIMILARITY_TOP_K,
               threshold=defaults.SIMILARITY_THRESHOLD, min_count=defaults.MIN_COOCCURRENCE,
               min_cited=defaults.MIN_CITED):
    """The knowledge graph of extracted records, with its relatedness analysis; works outside
    the corpus that at least ``min_cited`` papers cite are nodes of their own."""
    from paperkg.extract.pipeline import concept_table

    with collector_paused(), progress.stage("graph"):
        meta = dict(provenance(nlp), **inputs(extracted))
        graph = model.build_graph(extracted, concept_table(extracted), meta, min_cited=min_cited)
    with collector_paused(), progress.stage("relatedness"):
        relate.enrich(graph, top_k=top_k, threshold=threshold, min_count=min_count)
    return graph


def write_outputs(extracted, graph, out_dir, base_iri=defaults.BASE_IRI,
                  max_nodes=defaults.MAX_NODES, license=None):
    """Write the outputs of ``extracted`` records and their ``graph`` (from make_graph) to
    ``out_dir`` (RDF instance IRIs under ``base_iri``; the HTML explorer draws at most
    ``max_nodes`` nodes). Every file is first written beside its target, then all are renamed
    into place together. Returns the names of the files written, in the order written."""
    with collector_paused(), io.OutputSet(out_dir) as outputs:
        with progress.stage("papers.jsonl"):
            io.write_jsonl(outputs.path("papers.jsonl"),
                           ({k: r.get(k) for k in PAPER_FIELDS} for r in extracted))
        with progress.stage("concepts.jsonl"):
            io.write_jsonl(outputs.path("concepts.jsonl"), model.concept_rows(graph))
        with rdf.writing(graph, outputs, base_iri=base_iri, license=license):
            # for a big export, Turtle and JSON-LD are being written meanwhile
            degree = appearance.degrees(graph)  # walks every edge: once for both writers
            with progress.stage("graph.html"):
                html.write(graph, outputs.path("graph.html"), max_nodes=max_nodes, degree=degree)
            with progress.stage("Gephi files"):
                gephi.write(graph, outputs, degree=degree)
        return outputs.commit()
