"""The persistent query store of an export: an Oxigraph (RocksDB) store of one RDF file, kept in
the user cache directory so that `paperkg query` and `paperkg serve` parse a big export once.

    <cache root>/stores/<key>/db          the Oxigraph store (what `oxigraph serve-read-only
                                          --location` opens)
    <cache root>/stores/<key>/meta.json   what it holds: source file, content hash, format, the
                                          file's prefixes; written last, so a store without it is
                                          incomplete
    <cache root>/stores/index/<h>.json    per source path: size, mtime and content hash, so an
                                          unchanged file is not hashed again

The cache root is ``--cache DIR``, else ``$PAPERKG_CACHE``, else the user cache directory
(platformdirs); the extraction cache lives beside ``stores/`` under the same root.

The key is the hash of the file's content (streamed), its format and the store layout, so an
edited export gets a new store and two copies of one file share one. A store is bulk-loaded
(``Store.bulk_load`` from the file path) into a temporary folder and renamed into place, under a
lock file, so two processes that load at once never see half a store. A store that is
incomplete or unreadable is reported in one line and rebuilt. Loading never dereferences
anything: a JSON-LD file whose ``@context`` is remote is refused, not fetched.

This module imports pyoxigraph only when it builds a store: a query on a warm store needs just
``meta.json``.
"""

import hashlib
import json
import os
import re
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path

from paperkg.extract import progress
from paperkg.extract.errors import EXIT_INPUT, PaperkgError

from . import defaults

STORES = "stores"
META = "meta.json"
DB = "db"
LAYOUT = 2  # bump when what a store holds changes: older stores are then rebuilt
HASH_CHUNK = 4 << 20

# suffix -> (pyoxigraph RdfFormat attribute, the name used in messages)
RDF_FORMATS = {".ttl": ("TURTLE", "turtle"), ".nt": ("N_TRIPLES", "nt"),
               ".jsonld": ("JSON_LD", "json-ld"), ".json": ("JSON_LD", "json-ld"),
               ".rdf": ("RDF_XML", "xml"), ".owl": ("RDF_XML", "xml"), ".xml": ("RDF_XML", "xml"),
               ".n3": ("N3", "n3"), ".trig": ("TRIG", "trig"), ".nq": ("N_QUADS", "nquads")}


class GraphFileError(PaperkgError):
    """An RDF file that cannot be read: ``FILE:LINE: what is wrong``. Exit 2."""

    exit_code = EXIT_INPUT


class StoreError(PaperkgError):
    """A query store that cannot be written or opened (cache folder not writable...). Exit 2."""

    exit_code = EXIT_INPUT


def cache_root(cache=None):
    """The cache root: ``cache`` if given, else $PAPERKG_CACHE, else the user cache directory
    (decided in one place, paperkg.extract.cache.cache_root; the stores live under it)."""
    from paperkg.extract.cache import cache_root as root

    return root(cache)


def rdf_format(path):
    """(pyoxigraph format name, message name) of an RDF file, chosen by its suffix."""
    path = Path(path)
    found = RDF_FORMATS.get(path.suffix.lower())
    if found is None:
        raise GraphFileError(f"{path}:0: unknown RDF file type {path.suffix!r}; expected one of "
                             f"{', '.join(sorted(RDF_FORMATS))}")
    return found


class StoreInfo:
    """A built store: ``location`` (the Oxigraph folder), ``prefixes`` (paperkg's and the
    file's own, name -> namespace), ``source`` and ``sha256`` of the file it holds."""

    def __init__(self, folder, meta):
        self.folder = Path(folder)
        self.location = self.folder / DB
        self.prefixes = dict(meta["prefixes"])
        self.source = meta["source"]
        self.sha256 = meta["sha256"]
        self.format = meta["format"]

    def __repr__(self):
        return f"StoreInfo({str(self.location)!r})"


def export_store(path, cache=None, say=None):
    """The StoreInfo of the persistent store of the RDF file ``path``, built (or rebuilt) first
    when the file is new, changed, or its store is damaged. ``say(line)`` reports a damaged
    store (default: stderr)."""
    path = Path(path)
    rdf_format(path)
    if not path.is_file():
        raise GraphFileError(f"{path}:0: no such file")
    root = cache_root(cache) / STORES
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(f"{root}: cannot create the query store folder: {exc.strerror}") from None
    digest, previous = content_hash(path, root)
    folder = root / store_key(digest, path)
    meta = read_meta(folder)
    if meta is not None:
        return StoreInfo(folder, meta)
    with locked(root / f"{folder.name}.lock"):
        meta = read_meta(folder)  # another process may have built it while we waited
        if meta is not None:
            return StoreInfo(folder, meta)
        if folder.exists():
            report(say, f"{folder}: the query store of {path} is incomplete; rebuilding it")
            discard(folder)
        info = build(path, digest, folder)
    if previous and previous != digest:
        prune(root, previous)
    return info


def rebuild(path, info, why, cache=None, say=None):
    """Report the store ``info`` as unreadable (``why``), throw it away, build it again."""
    report(say, f"{info.folder}: the query store of {path} is unreadable ({why}); rebuilding it")
    root = info.folder.parent
    with locked(root / f"{info.folder.name}.lock"):
        discard(info.folder)
    return export_store(path, cache, say)


def report(say, line):
    if say is None:
        import sys

        print(line, file=sys.stderr)
    else:
        say(line)


def content_hash(path, root):
    """(SHA-256 of the file's bytes, the hash the index held for this path before or None).
    The hash is streamed, and remembered per (path, size, mtime) in the index so that an
    unchanged file is not read again."""
    stat = path.stat()
    real = str(path.resolve())
    entry_path = root / "index" / (hashlib.sha256(real.encode("utf-8")).hexdigest()[:32] + ".json")
    previous = None
    try:
        entry = json.loads(entry_path.read_text(encoding="utf-8"))
        previous = entry["sha256"]
        if (entry["path"], entry["size"], entry["mtime_ns"]) == (real, stat.st_size, stat.st_mtime_ns):
            return previous, previous
    except (OSError, ValueError, KeyError, TypeError):
        pass
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        while chunk := fh.read(HASH_CHUNK):
            digest.update(chunk)
    digest = digest.hexdigest()
    entry = {"path": real, "size": stat.st_size, "mtime_ns": stat.st_mtime_ns, "sha256": digest}
    write_atomically(entry_path, json.dumps(entry))
    return digest, previous


def prune(root, digest):
    """Remove the stores of content ``digest`` once no indexed path holds that content: an
    export that changed leaves no stale store behind."""
    for entry_path in (root / "index").glob("*.json"):
        try:
            if json.loads(entry_path.read_text(encoding="utf-8")).get("sha256") == digest:
                return
        except (OSError, ValueError, AttributeError):
            continue
    for folder in root.iterdir():
        meta = read_meta(folder) if folder.is_dir() else None
        if meta is not None and meta.get("sha256") == digest:
            with locked(root / f"{folder.name}.lock"):
                discard(folder)


def store_key(digest, path):
    """The store folder's name: content hash, format, layout and Oxigraph's minor version (its
    on-disk format may change between them)."""
    from importlib.metadata import version

    ox_version = ".".join(version("pyoxigraph").split(".")[:2])
    fmt = rdf_format(path)[0]
    return hashlib.sha256(f"{digest} {fmt} {LAYOUT} {ox_version}".encode()).hexdigest()[:40]


def read_meta(folder):
    """meta.json of a complete store, or None."""
    try:
        meta = json.loads((folder / META).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(meta, dict) or meta.get("layout") != LAYOUT or not (folder / DB).is_dir():
        return None
    return meta


def write_atomically(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".", suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(text)
    os.replace(tmp, path)


@contextmanager
def locked(lock_path):
    """An exclusive lock on ``lock_path`` (released when the process ends, however it ends)."""
    try:
        import fcntl
    except ImportError:  # no flock (Windows): the temp-folder rename still keeps stores whole
        yield
        return
    with open(lock_path, "a") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def discard(folder):
    """Remove a store folder: renamed aside first, so no reader sees it half deleted."""
    if not folder.exists():
        return
    aside = folder.with_name(f"{folder.name}.trash-{os.getpid()}")
    try:
        os.rename(folder, aside)
    except OSError:
        aside = folder
    shutil.rmtree(aside, ignore_errors=True)


_OPENED = []


def opened_here():
    """Whether this process has opened an Oxigraph store on disk (then it must not fork)."""
    return bool(_OPENED)


def build(path, digest, folder):
    """Bulk-load ``path`` into a temporary folder beside ``folder``, write meta.json, rename the
    whole into place. Called under the store's lock."""
    import pyoxigraph as ox

    for stale in folder.parent.glob(f"{folder.name}.tmp-*"):  # left by a killed load
        shutil.rmtree(stale, ignore_errors=True)
    fmt_name, fmt_label = rdf_format(path)
    fmt = getattr(ox.RdfFormat, fmt_name)
    if fmt_name == "RDF_XML":
        refuse_nested_entities(path)
    prefixes = file_prefixes(path, fmt, fmt_label)
    tmp = Path(tempfile.mkdtemp(prefix=f"{folder.name}.tmp-", dir=folder.parent))
    try:
        with progress.stage(f"loading {path.name}"):
            _OPENED.append(True)
            store = ox.Store(str(tmp / DB))
            try:
                store.bulk_load(path=str(path), format=fmt)
            except SyntaxError as exc:
                raise bad_file(path, fmt_label, exc) from None
            except (OSError, ValueError, RuntimeError) as exc:
                raise StoreError(f"{path}:0: cannot load it into the query store at {tmp}: "
                                 f"{one_line(exc)}") from None
            # one compaction after the bulk load: lookups then read far fewer files, which
            # makes later queries several times faster
            store.optimize()
            del store  # closes the database before its folder is renamed
        meta = {"layout": LAYOUT, "source": str(path.resolve()), "sha256": digest,
                "format": fmt_label, "prefixes": prefixes}
        write_atomically(tmp / META, json.dumps(meta, indent=1, sort_keys=True))
        try:
            os.rename(tmp, folder)
        except OSError as exc:  # built meanwhile by a process that did not take the lock
            shutil.rmtree(tmp, ignore_errors=True)
            if read_meta(folder) is None:
                raise StoreError(f"{folder}: cannot put the query store in place: "
                                 f"{exc.strerror}") from None
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return StoreInfo(folder, read_meta(folder) or meta)


ENTITY_DECLARATION = re.compile(r"<!ENTITY\s+%?\s*([^\s\"']+)\s+(\"[^\"]*\"|'[^']*')")
ENTITY_REFERENCE = re.compile(r"[&%][^\s#;&%]+;")  # a named entity, not a character reference
DOCTYPE_END = re.compile(r"\]\s*>")  # the end of a DOCTYPE's internal subset


def refuse_nested_entities(path):
    """Refuse an XML file whose DOCTYPE declares an entity that refers to another: Oxigraph
    expands those without bound ("billion laughs"), outside any timeout. Plain entities (an
    ``owl`` namespace, as OWL files declare) still load. Only the head of the file is read: a
    DOCTYPE comes before the root element, and one longer than the head is refused too."""
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            head = fh.read(defaults.STORE_DOCTYPE_PEEK)
    except OSError:
        return  # the loader reports it
    start = head.find("<!DOCTYPE")
    if start < 0 or "[" not in head[start:head.find(">", start) + 1 or None]:
        return
    closing = DOCTYPE_END.search(head, start)
    end = closing.start() if closing else -1
    if end < 0:
        line = head.count("\n", 0, start) + 1
        raise GraphFileError(f"{path}:{line}: the DOCTYPE's declarations run past the first "
                             f"{defaults.STORE_DOCTYPE_PEEK:,} characters; paperkg does not load "
                             "such XML")
    for found in ENTITY_DECLARATION.finditer(head, start, end):
        if ENTITY_REFERENCE.search(found.group(2)):
            line = head.count("\n", 0, found.start()) + 1
            raise GraphFileError(
                f"{path}:{line}: the XML entity {found.group(1)!r} refers to another entity; "
                "paperkg does not expand nested XML entities (they can grow without bound)")


def file_prefixes(path, fmt, fmt_label):
    """paperkg's prefixes plus those the file declares (Turtle @prefix, a JSON-LD @context), read
    from the head of the file; paperkg's names win a clash."""
    import pyoxigraph as ox

    from .export.rdf import PREFIXES

    prefixes = {name: str(namespace) for name, namespace in PREFIXES.items()}
    parser = ox.parse(path=str(path), format=fmt)
    try:
        next(parser, None)
    except SyntaxError as exc:
        raise bad_file(path, fmt_label, exc) from None
    for name, namespace in sorted((getattr(parser, "prefixes", None) or {}).items()):
        prefixes.setdefault(name, namespace)
    return prefixes


def bad_file(path, fmt_label, exc):
    """The GraphFileError for a parser's SyntaxError: ``FILE:LINE: not valid FORMAT: ...``."""
    what = re.sub(r"^Parser error (?:at|between) .*?: | \([^()]*, line \d+\)$", "", one_line(exc))
    line = getattr(exc, "lineno", None) or 0
    if "LoadDocumentCallback" in what or "remote context" in what.lower():
        context = remote_context(path)
        return GraphFileError(
            f"{path}:{line}: the JSON-LD @context{context} is not in the file: paperkg never "
            "fetches a context (or anything else) while loading; put the context inline")
    return GraphFileError(f"{path}:{line}: not valid {fmt_label}: {what}")


def remote_context(path):
    """The first IRI near the head of the file given as a JSON-LD context (an ``@context``
    string, a string in an ``@context`` array, or an ``@import``), quoted, or ''."""
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            head = fh.read(defaults.STORE_CONTEXT_PEEK)
    except OSError:
        return ""
    found = re.search(r'"@(?:context|import)"\s*:\s*(?:\[\s*(?:\{[^{}]*\}\s*,\s*)*)?"([^"]+)"',
                      head)
    return f" <{found.group(1)}>" if found else ""


def one_line(exc):
    return " ".join(str(exc).split())


# ---------------------------------------------------------------- `paperkg serve`

SERVE_FILES = ("graph.nt", "graph.ttl", "graph.jsonld", "graph.nq", "graph.trig")
OXIGRAPH_ENV = "PAPERKG_OXIGRAPH"
MISSING_SERVER = ("paperkg serve needs Oxigraph's SPARQL server, the `oxigraph` command of the "
                  "`oxigraph` package: pip install 'paperkg[serve]'")


def export_file(export):
    """The RDF file to serve from ``export``: the file itself, or the first of SERVE_FILES
    in that folder (N-Triples loads fastest)."""
    export = Path(export)
    if export.is_file():
        return export
    for name in SERVE_FILES:
        if (export / name).is_file():
            return export / name
    raise GraphFileError(f"{export}:0: no exported graph here (looked for "
                         f"{', '.join(SERVE_FILES)}); build one with paperkg build --out {export}")


def oxigraph_command():
    """The path of the `oxigraph` server binary whose store format matches pyoxigraph's:
    $PAPERKG_OXIGRAPH, else the one installed beside this Python, else the first on PATH."""
    import subprocess
    import sys
    from importlib.metadata import version

    candidates = ([os.environ[OXIGRAPH_ENV]] if os.environ.get(OXIGRAPH_ENV) else
                  [str(Path(sys.executable).parent / "oxigraph"), shutil.which("oxigraph")])
    for command in filter(None, candidates):
        if not (os.path.isfile(command) and os.access(command, os.X_OK)):
            continue
        try:
            said = subprocess.run([command, "--version"], capture_output=True, text=True,
                                  timeout=30).stdout.split()
        except (OSError, subprocess.SubprocessError):
            continue
        if len(said) < 2 or said[0] != "oxigraph":
            continue
        wanted = ".".join(version("pyoxigraph").split(".")[:2])
        if ".".join(said[1].split(".")[:2]) != wanted:
            raise StoreError(f"{command}: Oxigraph {said[1]} cannot open the stores of pyoxigraph "
                             f"{version('pyoxigraph')}: pip install 'oxigraph=={wanted}.*'")
        return command
    raise StoreError(MISSING_SERVER)


def is_loopback(host):
    """Whether ``host`` (a name or an address) is this machine only."""
    import ipaddress

    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def serve_command(info, bind, port, timeout):
    """The argv of Oxigraph's read-only server over the store ``info``."""
    host = f"[{bind}]" if ":" in bind and not bind.startswith("[") else bind
    command = [oxigraph_command(), "serve-read-only", "--location", str(info.location),
               "--bind", f"{host}:{port}", "--union-default-graph"]
    if timeout:
        command += ["--timeout-s", str(max(1, round(timeout)))]
    return command


def endpoint_url(bind, port):
    host = "127.0.0.1" if bind in ("0.0.0.0", "") else "[::1]" if bind == "::" else bind
    host = f"[{host}]" if ":" in host and not host.startswith("[") else host
    return f"http://{host}:{port}/query"


def wait_until_listening(process, bind, port, patience):
    """Wait until the server accepts connections on (bind, port); False if it ended first."""
    import socket
    import time

    host = "127.0.0.1" if bind in ("0.0.0.0", "") else "::1" if bind == "::" else bind.strip("[]")
    deadline = time.monotonic() + patience
    while time.monotonic() < deadline:
        if process.poll() is not None:
            return False
        try:
            with socket.create_connection((host, port), timeout=0.5):
                return True
        except OSError:
            time.sleep(0.1)
    return process.poll() is None


class Stopped(Exception):
    """SIGTERM arrived while serving."""


def serve(export, bind=defaults.SERVE_BIND, port=defaults.SERVE_PORT, cache=None,
          timeout=defaults.QUERY_TIMEOUT, echo=print, examples=None):
    """Serve the export (a folder or an RDF file) read-only through Oxigraph's SPARQL server,
    on ``bind``:``port``, until Ctrl-C (returns 130) or SIGTERM (143). ``echo(line)`` prints
    the endpoint and the example queries ({name: (question, path)}) once the server listens."""
    import signal
    import subprocess
    import sys
    import threading

    def on_term(signum, frame):
        raise Stopped()

    previous = signal.signal(signal.SIGTERM, on_term)
    process = None
    said = []
    try:
        path = export_file(export)
        info = export_store(path, cache)
        command = serve_command(info, bind, port, timeout)
        if not is_loopback(bind):
            print(f"paperkg serve: listening on {bind}, not only on this machine: anyone who can "
                  "reach it can query the graph", file=sys.stderr)
        process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, start_new_session=True)

        def relay():  # the server's own messages, to stderr (and kept for an error message)
            for raw in process.stdout:
                line = raw.decode("utf-8", "replace").rstrip()
                said.append(line)
                if not line.startswith("Listening for requests"):
                    print(f"oxigraph: {line}", file=sys.stderr, flush=True)

        threading.Thread(target=relay, daemon=True).start()
        if not wait_until_listening(process, bind, port, defaults.SERVE_START_PATIENCE):
            process.wait()
            why = said[-1] if said else f"exit status {process.returncode}"
            raise StoreError(f"{bind}:{port}: Oxigraph's server did not start: {why}")
        url = endpoint_url(bind, port)
        for line in banner(path, url, examples or {}):
            echo(line)
        status = process.wait()
        raise StoreError(f"{bind}:{port}: Oxigraph's server stopped (exit status {status})"
                         + (f": {said[-1]}" if said else ""))
    except KeyboardInterrupt:
        return 130
    except Stopped:
        return 143
    finally:
        signal.signal(signal.SIGTERM, previous)
        if process is not None and process.poll() is None:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def banner(path, url, examples):
    """What `paperkg serve` prints once the server listens."""
    root = url.rsplit("/", 1)[0] + "/"
    lines = [f"Serving {path} read-only (SPARQL 1.1 Protocol; updates are refused)",
             f"  endpoint: {url}   (GET ?query=... or POST; YASGUI, SPARQLWrapper, rdflib "
             "SPARQLStore, Jena rsparql ...)",
             f"  in a browser: {root}"]
    if examples:
        first = examples.get("summary", next(iter(examples.values())))[1]
        folder = Path(first).parent
        lines += ["  try: curl -s -H 'Accept: text/csv' --data-urlencode "
                  f"'query@{first}' {url}",
                  f"  example queries (NAME.rq in {folder}):"]
        width = max(map(len, examples))
        lines += [f"    {name.ljust(width)}  {question}" for name, (question, _) in examples.items()]
    lines.append("Press Ctrl-C to stop.")
    return lines
