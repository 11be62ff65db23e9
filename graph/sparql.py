"""SPARQL over an exported graph: load an RDF file (format by suffix), run a query, format the
results as a table, CSV, TSV or SPARQL 1.1 Query Results JSON. The example queries ship as
package data (graph/data/queries/NAME.rq; the first comment line says what each answers).

paperkg's prefixes (pkg, fabio, schema, dcterms, cito, skos, oa, prov, rdf, rdfs, owl, xsd, and the
file's own) are predeclared, so a query may leave out its PREFIX lines; the examples declare
theirs, so they run unchanged in any other SPARQL engine.
"""

import csv
import io
import json
import re
from pathlib import Path

from rdflib import XSD, BNode, Graph, Literal, URIRef
from rdflib.plugins.sparql import prepareQuery

from paperkg.extract.errors import EXIT_INPUT, PaperkgError

from .export.rdf import bind_prefixes

QUERY_DIR = Path(__file__).resolve().parent / "data" / "queries"
FORMATS = ("table", "csv", "tsv", "json")
RDF_FORMATS = {".ttl": "turtle", ".nt": "nt", ".jsonld": "json-ld", ".json": "json-ld",
               ".rdf": "xml", ".owl": "xml", ".xml": "xml", ".n3": "n3", ".trig": "trig",
               ".nq": "nquads"}


class QueryError(PaperkgError):
    """A query that cannot be parsed or run, or an unknown example. One line, exit 2."""

    exit_code = EXIT_INPUT


class GraphFileError(PaperkgError):
    """An RDF file that cannot be read. One line, exit 2."""

    exit_code = EXIT_INPUT


def load_graph(path):
    """The RDF graph in the file at ``path``, its format chosen by the file's suffix."""
    path = Path(path)
    fmt = RDF_FORMATS.get(path.suffix.lower())
    if fmt is None:
        raise GraphFileError(f"{path}:0: unknown RDF file type {path.suffix!r}; expected one of "
                             f"{', '.join(sorted(RDF_FORMATS))}")
    if not path.is_file():
        raise GraphFileError(f"{path}:0: no such file")
    graph = bind_prefixes(Graph(bind_namespaces="none"))
    try:
        graph.parse(path, format=fmt)
    except Exception as exc:  # rdflib's parsers raise many types; all mean "not valid <format>"
        what = " ".join(str(exc).split())
        line = re.search(r"\bline:? (\d+)", what)
        what = re.sub(r"^at line \d+ of <[^>]*>: | at \^ in:.*$", "", what)
        raise GraphFileError(f"{path}:{line.group(1) if line else 0}: not valid {fmt}: {what}") from None
    return graph


def examples():
    """{name: (question, query text)} of the shipped example queries, by name."""
    found = {}
    for path in sorted(QUERY_DIR.glob("*.rq")):
        text = path.read_text(encoding="utf-8")
        found[path.stem] = (text.splitlines()[0].lstrip("#").strip(), text)
    return found


def example(name):
    """The text of the example query ``name``."""
    known = examples()
    if name not in known:
        raise QueryError(f"unknown example {name!r}; known: {', '.join(known)} "
                         "(paperkg query --list-examples)")
    return known[name][1]


def prepare(text, graph, name="query"):
    """The parsed query, or a QueryError naming the line and column of the mistake:
    ``NAME:LINE:COL: malformed SPARQL query: ...``."""
    try:
        return prepareQuery(text, initNs=dict(graph.namespaces()))
    except Exception as exc:
        line, col, what = locate(text, exc)
        raise QueryError(f"{name}:{line}:{col}: malformed SPARQL query: {what}") from None


def locate(text, exc):
    """(line, column, what is wrong) of a query parse error."""
    if getattr(exc, "lineno", None) is not None:
        found = getattr(exc, "found", "") or ""
        what = f"{exc.msg}, found {found}" if found else f"{exc.msg}, found the end of the query"
        return exc.lineno, exc.col, what
    what = " ".join(str(exc).split())
    prefix = re.match(r"Unknown namespace prefix : (\S+)", what)
    if prefix:
        match = re.search(r"(?<![\w<\"'-])" + re.escape(prefix.group(1)) + ":", text)
        if match:
            line = text.count("\n", 0, match.start()) + 1
            col = match.start() - (text.rfind("\n", 0, match.start()) + 1) + 1
            return line, col, f"unknown prefix '{prefix.group(1)}:' (add a PREFIX line)"
    return 1, 1, what


def run(graph, text, name="query"):
    """Run the SPARQL query ``text`` over ``graph`` (an rdflib Graph or an RDF file path).
    Returns the rdflib Result."""
    if not isinstance(graph, Graph):
        graph = load_graph(graph)
    query = prepare(text, graph, name)
    try:
        return graph.query(query)
    except Exception as exc:
        raise QueryError(f"{name}: the query failed: {' '.join(str(exc).split())}") from None


def format_result(result, fmt="table", namespaces=None):
    """A query result as text: SELECT/ASK as a table, CSV, TSV (SPARQL 1.1 CSV/TSV results) or
    SPARQL 1.1 Query Results JSON; CONSTRUCT/DESCRIBE as Turtle (table), N-Triples (csv, tsv) or
    JSON-LD (json)."""
    if fmt not in FORMATS:
        raise QueryError(f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}")
    if result.type in ("CONSTRUCT", "DESCRIBE"):
        rdf_format = {"table": "turtle", "csv": "nt", "tsv": "nt", "json": "json-ld"}[fmt]
        return result.graph.serialize(format=rdf_format)
    if result.type == "ASK":
        if fmt == "json":
            return json.dumps({"head": {}, "boolean": bool(result.askAnswer)}) + "\n"
        return ("true" if result.askAnswer else "false") + "\n"
    names = [str(v) for v in result.vars]
    rows = [[row[i] for i in range(len(names))] for row in result]
    return {"table": table, "csv": csv_results, "tsv": tsv_results, "json": json_results}[fmt](
        names, rows, namespaces or {})


def table(names, rows, namespaces):
    """An aligned text table, IRIs shortened with the known prefixes; the row count last."""
    short = sorted(((str(ns), prefix) for prefix, ns in namespaces.items()), key=lambda p: -len(p[0]))

    def cell(term):
        if term is None:
            return ""
        if isinstance(term, URIRef):
            for ns, prefix in short:
                local = str(term)[len(ns):]
                if str(term).startswith(ns) and re.fullmatch(r"[\w.-]*", local):
                    return f"{prefix}:{local}"
            return f"<{term}>"
        if isinstance(term, BNode):
            return f"_:{term}"
        return " ".join(str(term).split())

    cells = [names] + [[cell(term) for term in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(names))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    lines.append(f"({len(rows)} row{'' if len(rows) == 1 else 's'})")
    return "\n".join(lines) + "\n"


def csv_results(names, rows, namespaces):
    """SPARQL 1.1 Query Results CSV: plain values, CRLF line ends."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(names)
    for row in rows:
        writer.writerow(["" if t is None else (f"_:{t}" if isinstance(t, BNode) else str(t))
                         for t in row])
    return out.getvalue()


def _escape(value):
    return (value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
            .replace("\r", "\\r").replace("\t", "\\t"))


def tsv_term(term):
    """A term in the Turtle form SPARQL 1.1 TSV results use."""
    if term is None:
        return ""
    if isinstance(term, URIRef):
        return f"<{term}>"
    if isinstance(term, BNode):
        return f"_:{term}"
    if term.datatype in (XSD.integer, XSD.decimal) and re.fullmatch(r"[+-]?\d+(\.\d+)?", str(term)):
        return str(term)  # numbers may be written bare
    text = f'"{_escape(str(term))}"'
    if term.language:
        return f"{text}@{term.language}"
    if term.datatype:
        return f"{text}^^<{term.datatype}>"
    return text


def tsv_results(names, rows, namespaces):
    """SPARQL 1.1 Query Results TSV: ?var header, terms in Turtle form."""
    lines = ["\t".join(f"?{n}" for n in names)]
    lines += ["\t".join(tsv_term(t) for t in row) for row in rows]
    return "\n".join(lines) + "\n"


def json_term(term):
    if isinstance(term, URIRef):
        return {"type": "uri", "value": str(term)}
    if isinstance(term, BNode):
        return {"type": "bnode", "value": str(term)}
    value = {"type": "literal", "value": str(term)}
    if isinstance(term, Literal) and term.language:
        value["xml:lang"] = term.language
    elif isinstance(term, Literal) and term.datatype:
        value["datatype"] = str(term.datatype)
    return value


def json_results(names, rows, namespaces):
    """SPARQL 1.1 Query Results JSON."""
    bindings = [{n: json_term(t) for n, t in zip(names, row) if t is not None} for row in rows]
    document = {"head": {"vars": names}, "results": {"bindings": bindings}}
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def query(graph_path, text, fmt="table", name="query"):
    """Run ``text`` over the RDF file ``graph_path`` and return the formatted results."""
    graph = load_graph(graph_path)
    result = run(graph, text, name)
    return format_result(result, fmt, dict(graph.namespaces()))
