"""SPARQL over an exported graph, answered by Oxigraph from the export's persistent store
(store.py): check the query, run it in a child process that can be stopped, write the results as
a table, CSV, TSV or SPARQL 1.1 Query Results JSON. The example queries ship as package data
(graph/data/queries/NAME.rq; the first comment line says what each answers).

paperkg's prefixes (pkg, fabio, schema, dcterms, cito, skos, oa, prov, rdf, rdfs, owl, xsd, and the
file's own) are predeclared, so a query may leave out its PREFIX lines; the examples declare
theirs, so they run unchanged in any other SPARQL engine.

A query never leaves the graph: before anything runs, an update (INSERT, DELETE, LOAD, CLEAR,
DROP, CREATE, ADD, MOVE, COPY) is refused as read-only and a SERVICE clause is refused whatever its
IRI (the check reads the query as the SPARQL grammar does, after ``\\uXXXX`` escapes, outside
strings, IRIs and comments). The query runs in a child process (``python -m
paperkg.graph.sparql``, or a fork of this process) that is killed when it runs past
``--timeout``.

Run as a module, this file is that child: it reads one JSON request on stdin, opens the store
read-only, writes the formatted results to the file the request names, and exits 0; 2 with one
line in the request's error file for a query the user must fix; 3 with the reason when the store
is unreadable.
"""

import csv
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

from paperkg.extract.errors import EXIT_INPUT, PaperkgError

from . import defaults
from .store import RDF_FORMATS, GraphFileError, StoreError, export_store, rebuild  # noqa: F401

QUERY_DIR = Path(__file__).resolve().parent / "data" / "queries"
FORMATS = ("table", "csv", "tsv", "json")
QUERY_FORMS = ("SELECT", "ASK", "CONSTRUCT", "DESCRIBE")
UPDATE_WORDS = ("INSERT", "DELETE", "LOAD", "CLEAR", "DROP", "CREATE", "ADD", "MOVE", "COPY", "WITH")
XSD = "http://www.w3.org/2001/XMLSchema#"
XSD_STRING = XSD + "string"
RDF_LANG_STRING = "http://www.w3.org/1999/02/22-rdf-syntax-ns#langString"
CHILD_QUERY_ERROR, CHILD_STORE_ERROR = 2, 3


class QueryError(PaperkgError):
    """A query that cannot be parsed or run, is refused, or ran too long; or an unknown example.
    One line, exit 2."""

    exit_code = EXIT_INPUT


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


# ---------------------------------------------------------------- checks before anything runs

# One token of SPARQL as its grammar sees it. Order matters: a comment, string or IRI hides
# everything inside it; a prefixed name (ex:SERVICE) is not a keyword.
TOKEN = re.compile(r'''
    (?P<comment>\#[^\n\r]*)
  | (?P<string>"""(?:[^"\\]|\\.|"(?!""))*"""|\'\'\'(?:[^'\\]|\\.|'(?!''))*\'\'\'
               |"(?:[^"\\\n\r]|\\.)*"|'(?:[^'\\\n\r]|\\.)*')
  | (?P<iri><[^<>"{}|^`\\\x00-\x20]*>)
  | (?P<var>[?$][\w\u00b7\u0300-\u036f\u203f\u2040]+)
  | (?P<bnode>_:[\w.\-]*)
  | (?P<pname>(?:[^\W\d][\w.\-]*)?:(?:[\w.:%\-]|\\.)*)
  | (?P<lang>@[A-Za-z]+(?:-[A-Za-z0-9]+)*)
  | (?P<word>[^\W\d]\w*)
  | (?P<other>\S)
''', re.VERBOSE | re.DOTALL)


def unescape_codepoints(text):
    r"""The query as the SPARQL grammar reads it: ``\uXXXX`` and ``\UXXXXXXXX`` are replaced
    before parsing (SPARQL 1.1, 19.2), so ``\u0053ERVICE`` is SERVICE."""
    def char(match):
        try:
            return chr(int(match.group(1) or match.group(2), 16))
        except ValueError:
            return match.group(0)

    return re.sub(r"\\u([0-9A-Fa-f]{4})|\\U([0-9A-Fa-f]{8})", char, text)


def tokens(text):
    """(kind, text, offset) of each token of ``text`` (already unescaped), whitespace skipped."""
    for match in TOKEN.finditer(text):
        yield match.lastgroup, match.group(), match.start()


def position(text, offset):
    """(line, column), both from 1, of ``offset`` in ``text``."""
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def check_query(text, name="query"):
    """Refuse, before anything runs, what paperkg query never does: an update (it is read-only)
    and a SERVICE clause (it never leaves the graph). Raises QueryError ``NAME:LINE:COL: ...``."""
    text = unescape_codepoints(text)
    first = True
    for kind, value, offset in tokens(text):
        if kind != "word":
            continue
        word = value.upper()
        if first and word not in ("BASE", "PREFIX"):
            first = False
            line, col = position(text, offset)
            if word in UPDATE_WORDS:
                raise QueryError(
                    f"{name}:{line}:{col}: paperkg query is read-only: {word} is a SPARQL update; "
                    "only SELECT, ASK, CONSTRUCT and DESCRIBE queries run")
            if word not in QUERY_FORMS:
                raise QueryError(
                    f"{name}:{line}:{col}: malformed SPARQL query: a query starts with SELECT, "
                    f"ASK, CONSTRUCT or DESCRIBE (after any BASE and PREFIX lines), found {value!r}")
        if word == "SERVICE":
            line, col = position(text, offset)
            raise QueryError(
                f"{name}:{line}:{col}: SERVICE is refused: paperkg query never leaves the graph "
                "(no federated query to any endpoint)")


# ---------------------------------------------------------------- running, in the parent

def query(graph_path, text, fmt="table", name="query", timeout=None, cache=None):
    """Run ``text`` over the RDF file ``graph_path`` and return the formatted results."""
    with tempfile.TemporaryFile("w+", encoding="utf-8", newline="") as out:
        run_query(graph_path, text, out, fmt, name, timeout, cache)
        out.seek(0)
        return out.read()


def run_query(graph_path, text, out, fmt="table", name="query", timeout=None, cache=None,
              say=None):
    """Run ``text`` over the RDF file ``graph_path`` (through its persistent store, built on
    first use) and write the formatted results to the text stream ``out``. ``timeout`` seconds
    (default defaults.QUERY_TIMEOUT; 0 for none) bound the query, not the loading."""
    if fmt not in FORMATS:
        raise QueryError(f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}")
    check_query(text, name)
    timeout = defaults.QUERY_TIMEOUT if timeout is None else timeout
    info = export_store(graph_path, cache, say)
    for attempt in (1, 2):
        try:
            return run_in_child(info, text, fmt, name, timeout, out)
        except StoreUnreadable as exc:
            if attempt == 2:
                raise StoreError(f"{info.folder}: the query store is unreadable even after a "
                                 f"rebuild: {exc}") from None
            info = rebuild(graph_path, info, str(exc), cache, say)


class StoreUnreadable(Exception):
    """The child could not read the store (damaged files)."""


def run_in_child(info, text, fmt, name, timeout, out):
    """Run the query in a child process, killed after ``timeout`` seconds; copy its results to
    ``out``. The child is forked (it starts at once, with the modules already loaded) unless
    this process opened an Oxigraph store itself (RocksDB's threads do not survive a fork);
    then it is ``python -m paperkg.graph.sparql``."""
    request = {"location": str(info.location), "prefixes": info.prefixes, "query": text,
               "format": fmt, "name": name}
    with tempfile.TemporaryDirectory(prefix="paperkg-query-") as tmp:
        results, errors = Path(tmp) / "results", Path(tmp) / "errors"
        request["output"], request["errors"] = str(results), str(errors)
        status = (forked(request, timeout) if can_fork() else spawned(request, timeout))
        if status is None:
            raise QueryError(f"{name}: the query was stopped after {timeout:g} s (--timeout "
                             f"{timeout:g}); narrow it or give a longer --timeout")
        message = (errors.read_text(encoding="utf-8", errors="replace").strip()
                   if errors.exists() else "")
        if status == CHILD_STORE_ERROR:
            raise StoreUnreadable(message)
        if status == CHILD_QUERY_ERROR:
            raise QueryError(message.splitlines()[-1] if message else f"{name}: the query failed")
        if status != 0:
            last = message.splitlines()[-1] if message else f"exit status {status}"
            raise QueryError(f"{name}: the query process ended unexpectedly: {last}")
        with open(results, encoding="utf-8", newline="") as fh:
            shutil.copyfileobj(fh, out)


def can_fork():
    import multiprocessing

    from . import store

    return "fork" in multiprocessing.get_all_start_methods() and not store.opened_here()


def forked(request, timeout):
    """Exit status of the forked child answering ``request``, or None when it was stopped."""
    import multiprocessing

    child = multiprocessing.get_context("fork").Process(target=forked_main, args=(request,),
                                                        daemon=True)
    child.start()
    try:
        child.join(timeout or None)
        return None if child.is_alive() else child.exitcode
    finally:
        if child.is_alive():
            child.kill()
            child.join()


def forked_main(request):
    sys.exit(answer(request))


def spawned(request, timeout):
    """Exit status of ``python -m paperkg.graph.sparql`` answering ``request``, or None when
    it was stopped."""
    proc = subprocess.Popen([sys.executable, "-m", "paperkg.graph.sparql"],
                            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        proc.communicate(json.dumps(request).encode("utf-8"), timeout=timeout or None)
        return proc.returncode
    except subprocess.TimeoutExpired:
        return None
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


# ---------------------------------------------------------------- running, in the child

def child_main():
    """The spawned child: one request on stdin; see answer()."""
    return answer(json.loads(sys.stdin.buffer.read().decode("utf-8")))


def answer(request):
    """Answer one request in the child: open the store read-only, run the query, write the
    results to request["output"]. Returns the exit status; a message goes to
    request["errors"]."""
    with open(request["errors"], "w", encoding="utf-8") as err:
        return answer_to(request, err)


def answer_to(request, err):
    import pyoxigraph as ox

    try:
        store = ox.Store.read_only(request["location"])
    except (OSError, RuntimeError) as exc:
        print(one_line(exc), file=err)
        return CHILD_STORE_ERROR
    name, text, prefixes = request["name"], request["query"], request["prefixes"]
    try:
        with open(request["output"], "w", encoding="utf-8", newline="") as out:
            result = store.query(text, prefixes=prefixes, use_default_graph_as_union=True)
            write_results(result, request["format"], prefixes, out)
    except SyntaxError as exc:
        line, col, what = locate(text, exc, prefixes)
        print(f"{name}:{line}:{col}: malformed SPARQL query: {what}", file=err)
        return CHILD_QUERY_ERROR
    except OSError as exc:
        print(one_line(exc), file=err)
        return CHILD_STORE_ERROR
    except (RuntimeError, ValueError, TypeError) as exc:
        print(f"{name}: the query failed: {one_line(exc)}", file=err)
        return CHILD_QUERY_ERROR
    return 0


def one_line(exc):
    return " ".join(str(exc).split())


def locate(text, exc, prefixes):
    """(line, column, what is wrong) of Oxigraph's SyntaxError for ``text``."""
    message = one_line(exc)
    found = re.match(r"error at (\d+):(\d+): (.*)", message)
    if not found:
        return 1, 1, message
    line, col, what = int(found.group(1)), int(found.group(2)), found.group(3)
    if "Prefix not found" in what:
        unknown = unknown_prefix(text, prefixes)
        if unknown:
            return unknown
    expected = re.sub(r"^expected (one of )?", "", what)
    items = [item for item in expected.split(", ") if item and not item.startswith("[")]
    reasons = [item for item in items if " " in item and not item.startswith('"')]
    if reasons:
        return line, col, "; ".join(dict.fromkeys(reasons))
    shown = ", ".join(dict.fromkeys(items[:12])) if items else "something else"
    found = found_at(text, line, col)
    if found is None:  # at the end: point just after the last thing written
        found = "the end of the query"
        line, col = position(text, len(text.rstrip()))
    return line, col, f"expected {'one of ' if len(items) > 1 else ''}{shown}, found {found}"


def found_at(text, line, col):
    """What the query holds at (line, col): ``'word'``, or None at the end of the query."""
    lines = text.split("\n")
    rest = "\n".join([lines[line - 1][col - 1:]] + lines[line:]).strip() if line <= len(lines) else ""
    if not rest:
        return None
    word = rest.split()[0]
    return repr(word if len(word) <= 20 else word[:20] + "…")


def unknown_prefix(text, prefixes):
    """(line, column, message) of the first prefixed name whose prefix nobody declared."""
    declared = set(prefixes)
    declaring = False
    for kind, value, offset in tokens(text):
        if kind == "word":
            declaring = value.upper() == "PREFIX"
        elif kind == "pname":
            prefix = value.split(":", 1)[0]
            if declaring:
                declared.add(prefix)
            elif prefix not in declared:
                line, col = position(text, offset)
                return line, col, f"unknown prefix '{prefix}:' (add a PREFIX line)"
            declaring = False
    return None


# ---------------------------------------------------------------- formatting (pyoxigraph terms)

def write_results(result, fmt, prefixes, out):
    """Write a query result to ``out``: SELECT/ASK as a table, CSV, TSV (SPARQL 1.1 CSV/TSV
    results) or SPARQL 1.1 Query Results JSON; CONSTRUCT/DESCRIBE as Turtle (table), N-Triples
    (csv, tsv) or JSON-LD (json), triples sorted."""
    import pyoxigraph as ox

    if isinstance(result, ox.QueryBoolean):
        if fmt == "json":
            out.write(json.dumps({"head": {}, "boolean": bool(result)}) + "\n")
        else:
            out.write(("true" if result else "false") + "\n")
        return
    if isinstance(result, ox.QueryTriples):
        rdf_format = {"table": ox.RdfFormat.TURTLE, "csv": ox.RdfFormat.N_TRIPLES,
                      "tsv": ox.RdfFormat.N_TRIPLES, "json": ox.RdfFormat.JSON_LD}[fmt]
        triples = sorted(result, key=str)
        data = ox.serialize(triples, format=rdf_format,
                            prefixes=None if rdf_format == ox.RdfFormat.N_TRIPLES else prefixes)
        out.write(data.decode("utf-8"))
        return
    names = [variable.value for variable in result.variables]
    rows = ([solution[name] for name in names] for solution in result)
    {"table": table, "csv": csv_results, "tsv": tsv_results, "json": json_results}[fmt](
        names, rows, prefixes, out)


def kind(term):
    """'uri', 'bnode', 'literal' or 'triple' (SPARQL JSON's names)."""
    name = type(term).__name__
    return {"NamedNode": "uri", "BlankNode": "bnode", "Literal": "literal", "Triple": "triple"}[name]


def table(names, rows, prefixes, out):
    """An aligned text table, IRIs shortened with the known prefixes; the row count last."""
    short = sorted(((ns, prefix) for prefix, ns in prefixes.items()), key=lambda p: -len(p[0]))

    def cell(term):
        if term is None:
            return ""
        what = kind(term)
        if what == "uri":
            for ns, prefix in short:
                local = term.value[len(ns):]
                if term.value.startswith(ns) and re.fullmatch(r"[\w.-]*", local):
                    return f"{prefix}:{local}"
            return f"<{term.value}>"
        if what == "bnode":
            return f"_:{term.value}"
        if what == "triple":
            return str(term)
        return " ".join(term.value.split())

    cells = [names] + [[cell(term) for term in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(names))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    count = len(cells) - 1
    lines.append(f"({count} row{'' if count == 1 else 's'})")
    out.write("\n".join(lines) + "\n")


def csv_results(names, rows, prefixes, out):
    """SPARQL 1.1 Query Results CSV: plain values, CRLF line ends."""
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(names)
    for row in rows:
        writer.writerow(["" if t is None else f"_:{t.value}" if kind(t) == "bnode"
                         else str(t) if kind(t) == "triple" else t.value for t in row])


def _escape(value):
    return (value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
            .replace("\r", "\\r").replace("\t", "\\t"))


def tsv_term(term):
    """A term in the Turtle form SPARQL 1.1 TSV results use."""
    if term is None:
        return ""
    what = kind(term)
    if what == "uri":
        return f"<{term.value}>"
    if what == "bnode":
        return f"_:{term.value}"
    if what == "triple":
        return str(term)
    datatype = term.datatype.value
    if datatype in (XSD + "integer", XSD + "decimal") and re.fullmatch(r"[+-]?\d+(\.\d+)?", term.value):
        return term.value  # numbers may be written bare
    text = f'"{_escape(term.value)}"'
    if term.language:
        return f"{text}@{term.language}"
    if datatype not in (XSD_STRING, RDF_LANG_STRING):
        return f"{text}^^<{datatype}>"
    return text


def tsv_results(names, rows, prefixes, out):
    """SPARQL 1.1 Query Results TSV: ?var header, terms in Turtle form."""
    out.write("\t".join(f"?{n}" for n in names) + "\n")
    for row in rows:
        out.write("\t".join(tsv_term(t) for t in row) + "\n")


def json_term(term):
    what = kind(term)
    if what == "triple":
        return {"type": "triple", "value": {"subject": json_term(term.subject),
                                            "predicate": json_term(term.predicate),
                                            "object": json_term(term.object)}}
    value = {"type": what, "value": term.value}
    if what == "literal":
        if term.language:
            value["xml:lang"] = term.language
        elif term.datatype.value != XSD_STRING:
            value["datatype"] = term.datatype.value
    return value


def json_results(names, rows, prefixes, out):
    """SPARQL 1.1 Query Results JSON, written a binding at a time (the same bytes as
    ``json.dumps(document, ensure_ascii=False, indent=2)``)."""
    head = json.dumps({"head": {"vars": names}}, ensure_ascii=False, indent=2)
    out.write(head[:-2] + ',\n  "results": {\n    "bindings": [')
    first = True
    for row in rows:
        binding = {n: json_term(t) for n, t in zip(names, row) if t is not None}
        text = textwrap.indent(json.dumps(binding, ensure_ascii=False, indent=2), " " * 6)
        out.write(("\n" if first else ",\n") + text)
        first = False
    out.write("]\n  }\n}\n" if first else "\n    ]\n  }\n}\n")


if __name__ == "__main__":
    sys.exit(child_main())
