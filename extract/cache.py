"""The extraction cache: each text's compact parse result (see ``parse``) in one SQLite file,
so a rebuild parses only the texts it has not seen with the same pipeline.

    root = cache_root(option)                   # --cache DIR, else $PAPERKG_CACHE, else the user cache dir
    cache = open_cache(root, pipeline_identity(nlp))   # None when it cannot be used (said on stderr)
    found = cache.lookup(keys)                  # {key: compact result}
    cache.add(key, result); cache.close()       # written in batches

The file is ``<root>/extract.sqlite``. A row's key is the SHA-256 of the text; rows are kept per
pipeline identity: the paperkg version, spaCy's, the model's name and version, the pipeline's
components, the content of the ``--patterns`` files and of every file of the extract package
but its input readers (its source, its rules, the word lists in ``extract/data``), so any change to what a parse gives
makes a new identity. The most recently used few identities are kept, older ones are deleted.

Several builds may share the file at once (WAL journal, busy timeout). A cache that cannot be
read (a corrupt or foreign file) is reported in one line on stderr and rebuilt; one that cannot
be written is reported and the build goes on without it. The cache never stops a build.
"""

import hashlib
import json
import os
import sqlite3
import sys
import time
from importlib import resources
from pathlib import Path

from . import defaults

CACHE_FILE = "extract.sqlite"
SCHEMA_VERSION = 1  # PRAGMA user_version of the file; another value: the file is rebuilt

_SCHEMA = """
CREATE TABLE IF NOT EXISTS identities (
    id INTEGER PRIMARY KEY,
    identity TEXT NOT NULL UNIQUE,
    used REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS results (
    identity INTEGER NOT NULL,
    key BLOB NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (identity, key)
) WITHOUT ROWID;
"""


def cache_root(option=None):
    """The folder paperkg keeps its caches in: ``option`` (``--cache DIR``), else
    ``$PAPERKG_CACHE``, else the user cache directory (platformdirs: ``~/.cache/paperkg`` on
    Linux). The one place this is decided; the extraction cache and the SPARQL store both live
    under it."""
    chosen = option or os.environ.get(defaults.CACHE_ENV)
    if chosen:
        return Path(chosen).expanduser()
    import platformdirs

    return Path(platformdirs.user_cache_dir("paperkg", appauthor=False))


def text_key(text):
    """The cache key of a text: its SHA-256 (bytes). Lone surrogates are hashed as they are."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()


def pipeline_identity(nlp):
    """A hex digest naming everything a parse result depends on (see the module docstring).
    The same on every machine that runs the same paperkg, spaCy and model with the same
    pattern files, so a Dask worker can check it matches the client."""
    import spacy

    from paperkg.graph import __version__

    digest = hashlib.sha256()

    def add(name, value):
        data = value if isinstance(value, bytes) else str(value).encode("utf-8")
        digest.update(f"{name}\0{len(data)}\0".encode())
        digest.update(data)

    add("paperkg", __version__)
    add("spacy", spacy.__version__)
    add("model", f"{nlp.meta.get('lang')}_{nlp.meta.get('name')} {nlp.meta.get('version')}")
    add("pipes", " ".join(nlp.pipe_names))
    for path in pattern_paths(nlp):
        add("patterns", Path(path).read_bytes())
    for name, content in package_files(resources.files(__package__)):
        add(name, content)
    return digest.hexdigest()


# Folders of the extract package that cannot change a parse: the input readers.
NOT_PARSE_FOLDERS = ("__pycache__", "readers")


def package_files(folder, prefix=""):
    """(relative name, bytes) of every file of the extract package, its rules and word lists
    included, in name order (compiled files and NOT_PARSE_FOLDERS left out)."""
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.is_dir():
            if entry.name not in NOT_PARSE_FOLDERS:
                yield from package_files(entry, f"{prefix}{entry.name}/")
        elif not entry.name.endswith((".pyc", ".pyo")):
            yield f"{prefix}{entry.name}", entry.read_bytes()


def pattern_paths(nlp):
    """The ``--patterns`` files the pipeline was made with (paperkg_candidates' config)."""
    if "paperkg_candidates" not in nlp.pipe_names:
        return []
    return list(nlp.get_pipe_config("paperkg_candidates").get("patterns", []))


def encode(result):
    """A compact result as the text stored (JSON, ASCII-only so any text survives)."""
    return json.dumps(result, separators=(",", ":"))


def decode(value):
    """A stored compact result back as the parse gives it, its candidates as the parse's own
    tuples (``concepts.Found``)."""
    from . import concepts

    make = getattr(concepts, "Found", tuple)
    make = getattr(make, "_make", make)
    candidates, acronyms = json.loads(value)
    return list(map(make, candidates)), acronyms


def warn(message):
    print(f"paperkg: {message}", file=sys.stderr)


class ExtractionCache:
    """One open cache file for one pipeline identity. Every method degrades instead of
    raising: a file that turns out unreadable is reported, rebuilt and treated as empty; one
    that cannot be written is reported once and left alone for the rest of the run."""

    def __init__(self, path, identity):
        self.path, self.identity = Path(path), identity
        self.connection, self.identity_id = None, None
        self.pending = []
        self.writable = True

    def connect(self):
        """Open the file, make its schema if new and register this identity. Switching a new
        file to WAL does not wait on SQLite's busy timeout: a run opening the file while another
        does it is refused at once ("database is locked"), so that is tried again, with a pause,
        until the timeout has passed."""
        deadline = time.monotonic() + defaults.CACHE_BUSY_TIMEOUT
        pause = 0.02
        while True:
            try:
                return self.connect_once()
            except sqlite3.OperationalError as exc:
                refused = "locked" in str(exc) or "busy" in str(exc)
                if not refused or time.monotonic() + pause > deadline:
                    raise
                time.sleep(pause)
                pause = min(pause * 2, 1.0)

    def connect_once(self):
        connection = sqlite3.connect(self.path, timeout=defaults.CACHE_BUSY_TIMEOUT,
                                     isolation_level=None)
        try:
            version = connection.execute("PRAGMA user_version").fetchone()[0]
            if version not in (0, SCHEMA_VERSION):
                raise sqlite3.DatabaseError(f"schema version {version}, expected {SCHEMA_VERSION}")
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute("PRAGMA synchronous=NORMAL")
            connection.execute("BEGIN IMMEDIATE")
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    connection.execute(statement)
            connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            connection.execute("INSERT INTO identities (identity, used) VALUES (?, ?) "
                               "ON CONFLICT (identity) DO UPDATE SET used = excluded.used",
                               (self.identity, time.time()))
            self.identity_id = connection.execute(
                "SELECT id FROM identities WHERE identity = ?", (self.identity,)).fetchone()[0]
            stale = [row[0] for row in connection.execute(
                "SELECT id FROM identities ORDER BY used DESC, id DESC LIMIT -1 OFFSET ?",
                (defaults.CACHE_KEEP_IDENTITIES,))]
            for old in stale:
                connection.execute("DELETE FROM results WHERE identity = ?", (old,))
                connection.execute("DELETE FROM identities WHERE id = ?", (old,))
            connection.execute("COMMIT")
        except BaseException:
            connection.close()
            raise
        self.connection = connection

    def lookup(self, keys):
        """{key: compact result} for the ``keys`` the cache holds."""
        if self.connection is None:
            return {}
        keys = list(keys)
        found = {}
        try:
            for start in range(0, len(keys), defaults.CACHE_LOOKUP_BATCH):
                chunk = keys[start:start + defaults.CACHE_LOOKUP_BATCH]
                rows = self.connection.execute(
                    f"SELECT key, value FROM results WHERE identity = ? AND key IN "
                    f"({','.join('?' * len(chunk))})", (self.identity_id, *chunk))
                for key, value in rows:
                    found[key] = decode(value)
        except sqlite3.OperationalError as exc:  # locked past the timeout, an I/O error
            self.unusable(exc)
            return {}
        except (sqlite3.DatabaseError, ValueError, TypeError) as exc:  # not a cache file
            self.fail(exc)
            return {}
        return found

    def add(self, key, result):
        """Remember ``result`` for ``key``; written with the next batch."""
        if self.connection is None or not self.writable:
            return
        self.pending.append((self.identity_id, key, encode(result)))
        if len(self.pending) >= defaults.CACHE_WRITE_BATCH:
            self.flush()

    def flush(self):
        """Write the remembered results in one transaction."""
        if not self.pending or self.connection is None or not self.writable:
            self.pending = []
            return
        rows, self.pending = self.pending, []
        try:
            self.connection.execute("BEGIN IMMEDIATE")
            self.connection.executemany(
                "INSERT OR REPLACE INTO results (identity, key, value) VALUES (?, ?, ?)", rows)
            self.connection.execute("COMMIT")
        except sqlite3.OperationalError as exc:  # locked past the timeout, disk full, read-only
            self.rollback()
            self.writable = False
            warn(f"extraction cache {self.path} cannot be written ({exc}); "
                 "going on without storing new results")
        except sqlite3.DatabaseError as exc:
            self.fail(exc)

    def unusable(self, exc):
        """The file cannot be used now (locked, an I/O error): say so, go on without it."""
        warn(f"extraction cache {self.path} cannot be read ({exc}); going on without it")
        self.close(flush=False)

    def rollback(self):
        try:
            if self.connection is not None and self.connection.in_transaction:
                self.connection.execute("ROLLBACK")
        except sqlite3.Error:
            pass

    def fail(self, exc):
        """The file is unreadable: say so, start it afresh, go on with an empty cache."""
        warn(f"extraction cache {self.path} is unreadable ({exc}); rebuilding it")
        self.close(flush=False)
        self.pending = []
        try:
            remove_files(self.path)
            self.connect()
        except (sqlite3.Error, OSError) as again:
            warn(f"extraction cache {self.path} cannot be rebuilt ({again}); going on without it")
            self.connection = None

    def close(self, flush=True):
        if flush:
            self.flush()
        if self.connection is not None:
            self.rollback()
            self.connection.close()
            self.connection = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close(flush=exc[0] is None)


def remove_files(path):
    """Delete a cache file and its WAL and shared-memory files."""
    for suffix in ("", "-wal", "-shm"):
        try:
            os.remove(f"{path}{suffix}")
        except FileNotFoundError:
            pass


def open_cache(root, identity):
    """The extraction cache in folder ``root`` for pipeline ``identity``, created if missing;
    None (after one line on stderr) when no cache can be used there."""
    path = Path(root) / CACHE_FILE
    cache = ExtractionCache(path, identity)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        warn(f"extraction cache folder {path.parent} cannot be made ({exc.strerror or exc}); "
             "going on without a cache")
        return None
    try:
        cache.connect()
        return cache
    except sqlite3.OperationalError as exc:  # cannot open or write it, locked past the timeout
        warn(f"extraction cache {path} cannot be used ({exc}); going on without it")
        return None
    except sqlite3.DatabaseError as exc:  # not a database, a malformed one, a foreign schema
        cache.fail(exc)
        return cache if cache.connection is not None else None
