"""The main job: from extracted paper records to the graph and every output file in one folder."""

from pathlib import Path

from . import __version__, defaults, gephi, html, io, model, rdf, relate

PAPER_KEYS = ("id", "role", "title", "abstract", "truncated", "anchors", "sources")


def provenance(nlp=None):
    """Graph attributes naming what made the graph: paperkg's version and the spaCy model."""
    meta = {"tool": "paperkg", "version": __version__}
    if nlp is not None:
        import spacy

        meta.update(model=f"{nlp.meta['lang']}_{nlp.meta['name']}",
                    model_version=nlp.meta["version"], spacy_version=spacy.__version__)
    return meta


def make_graph(extracted, nlp=None, top_k=defaults.SIMILARITY_TOP_K,
               threshold=defaults.SIMILARITY_THRESHOLD, min_count=defaults.MIN_COOCCURRENCE):
    """The knowledge graph of extracted records, with its relatedness analysis."""
    from paperkg.extract.pipeline import concept_table

    graph = model.build_graph(extracted, concept_table(extracted), provenance(nlp))
    relate.enrich(graph, top_k=top_k, threshold=threshold, min_count=min_count)
    return graph


def write_outputs(extracted, graph, out_dir, base_iri=defaults.BASE_IRI,
                  max_nodes=defaults.MAX_NODES):
    """Write the outputs of ``extracted`` records and their ``graph`` (from make_graph) to
    ``out_dir`` (RDF instance IRIs under ``base_iri``; the HTML explorer draws at most
    ``max_nodes`` nodes). Returns the names of the files written, in the order written."""
    files = {
        "papers.jsonl": io.jsonl({k: r[k] for k in PAPER_KEYS} for r in extracted),
        "concepts.jsonl": io.jsonl(model.concept_rows(graph)),
    }
    files.update(rdf.serialise(graph, base_iri))
    files["graph.html"] = html.render(graph, max_nodes)
    files.update(gephi.files(graph))
    out = Path(out_dir)
    for name, data in files.items():
        io.write_atomic(out / name, data)
    return list(files)
