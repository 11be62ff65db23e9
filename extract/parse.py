"""The parse stage of extraction: texts in, compact results out, in the texts' order.

A compact result is all the corpus-wide steps need of one parsed text, as plain picklable data
(``concepts.read_doc``): ``(candidates, acronyms)``, candidates ``concepts.Found`` tuples (start,
end, label text, type, rule, ...) with character offsets in the text as given (its markup is
taken out for the parse where the text is parsed, and the offsets mapped back), acronyms
``{short form: long form}``. A Doc never leaves
the process that parsed it: local worker processes and Dask workers send back compact results
only, so the main process holds neither Docs nor their serialised bytes.

    compact_results(texts, nlp, workers=1, cache=None, scheduler=None) -> [compact result]
    parse_texts(texts, nlp) -> iterator of compact results (in this process)
    parse_chunk(texts, spec) -> [compact result]     # the picklable worker function

Where a text is parsed changes nothing in its result: the same text gives the same compact
result in this process, in N local processes, on a Dask worker or from the cache.
"""

import multiprocessing
import os
import signal
import threading
import warnings
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from . import defaults, progress


@dataclass(frozen=True)
class PipelineSpec:
    """What a worker needs to make the same pipeline as the client: the model name, the
    ``--patterns`` files' contents (so remote workers need no copy of them) and the pipeline
    identity (``cache.pipeline_identity``) the worker checks its own against."""

    model: str
    patterns: tuple  # ((file name, content bytes), ...)
    identity: str


class WorkerMismatch(Exception):
    """A worker's pipeline is not the client's (another paperkg, spaCy or model version)."""


def pipeline_spec(nlp):
    """The PipelineSpec of a pipeline made by ``pipeline.make_nlp``."""
    from .cache import pattern_paths, pipeline_identity

    model = nlp.meta.get("lang", "") + "_" + nlp.meta.get("name", "")
    patterns = tuple((Path(p).name, Path(p).read_bytes()) for p in pattern_paths(nlp))
    return PipelineSpec(model, patterns, pipeline_identity(nlp))


# Pipelines made in this process, by identity: a worker loads the model once.
_PIPELINES = {}
_PIPELINES_LOCK = threading.Lock()


def pipeline_for(spec):
    """This process's pipeline for ``spec``, made on first use; raises WorkerMismatch when
    what this process makes is not what the client runs."""
    with _PIPELINES_LOCK:
        nlp = _PIPELINES.get(spec.identity)
        if nlp is None:
            nlp = _PIPELINES[spec.identity] = make_pipeline(spec)
        return nlp


def make_pipeline(spec):
    """The pipeline of ``spec`` made in this process: the model by name, the pattern files
    written out from their contents; WorkerMismatch if its identity is not the client's."""
    import tempfile

    from .cache import pipeline_identity
    from .pipeline import make_nlp

    # The pattern files are read when the pipeline is made and when its identity is taken;
    # the folder goes once both are done, so workers leave nothing behind in the temp folder.
    with tempfile.TemporaryDirectory(prefix="paperkg-patterns-") as folder:
        paths = []
        for number, (name, content) in enumerate(spec.patterns):
            path = Path(folder) / f"{number}-{name}"
            path.write_bytes(content)
            paths.append(path)
        nlp = make_nlp(spec.model, patterns=paths)
        # The pattern files' names differ from the client's; their contents are what counts.
        identity = pipeline_identity(nlp)
    if identity != spec.identity:
        import spacy

        from paperkg.graph import __version__

        raise WorkerMismatch(
            f"this worker runs paperkg {__version__}, spaCy {spacy.__version__}, model "
            f"{spec.model} {nlp.meta.get('version')}, which parse differently from the client's "
            f"pipeline: install the client's versions of paperkg, spaCy and the model")
    return nlp


def parse_texts(texts, nlp, batch_size=defaults.BATCH_SIZE):
    """The compact result of each of ``texts``, in order, parsed in this process: the text
    without its markup is parsed (``normalise.without_markup``), the candidates' offsets are
    the original text's; each Doc is dropped as soon as it is read."""
    from .concepts import in_original, read_doc
    from .normalise import without_markup

    cleaned = ((clean.text, clean) for clean in map(without_markup, texts))
    with warnings.catch_warnings():
        # scispaCy's detector runs an empty matcher on texts without abbreviations; spaCy warns.
        warnings.filterwarnings("ignore", message=r"\[W036\]")
        for doc, clean in nlp.pipe(cleaned, batch_size=batch_size, as_tuples=True):
            yield in_original(read_doc(doc), clean)


# One parse at a time per process: a Dask worker may run several tasks in threads.
_PARSE_LOCK = threading.Lock()


def parse_chunk(texts, spec, batch_size=defaults.BATCH_SIZE):
    """The worker function: the compact results of ``texts`` with the pipeline of ``spec``
    (made once per process). Plain and importable, so multiprocessing and Dask pickle it by
    name."""
    nlp = pipeline_for(spec)
    with _PARSE_LOCK:
        return list(parse_texts(texts, nlp, batch_size))


def worker_identity(spec):
    """Run on each Dask worker before any task: makes the worker's pipeline (the model loads
    once, here) and returns its identity."""
    pipeline_for(spec)
    return spec.identity


def default_workers():
    """Parse processes when none are asked for: one per core this process may run on."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def parse_local(texts, nlp, workers, batch_size=defaults.BATCH_SIZE):
    """Yield the compact results of ``texts`` (a list), in order, parsed in ``workers``
    processes (tasks of ``batch_size`` texts, each process replaced after WORKER_TASKS tasks so
    that its memory stays bounded), or in this process when there are fewer texts than two
    tasks. Forked workers inherit the loaded model; spawned ones load it (and are kept)."""
    chunk = batch_size
    workers = min(workers, len(texts) // chunk)
    if workers <= 1:
        yield from parse_texts(texts, nlp, batch_size)
        return
    spec = pipeline_spec(nlp)
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    context = multiprocessing.get_context(method)
    _PIPELINES[spec.identity] = nlp
    work = partial(parse_chunk, spec=spec, batch_size=batch_size)
    chunks = (texts[start:start + chunk] for start in range(0, len(texts), chunk))
    held = hold_signals()
    try:
        pool = context.Pool(workers, initializer=quiet_worker,
                            maxtasksperchild=defaults.WORKER_TASKS if method == "fork" else None)
    except BaseException:
        release_signals(held)
        raise
    with pool:
        release_signals(held)  # a Ctrl-C or SIGTERM that came meanwhile is raised here
        for results in pool.imap(work, chunks):
            yield from results


STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


def hold_signals():
    """Hold Ctrl-C and SIGTERM back while the pool forks its workers (returns what to give to
    ``release_signals``): one that came during a fork would be raised inside Python's at-fork
    hooks, which swallow it, and the build would go on."""
    if not hasattr(signal, "pthread_sigmask"):  # not POSIX
        return None
    return signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)


def release_signals(held):
    if held is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def quiet_worker():
    """A local parse process leaves Ctrl-C to the main process (which stops the pool) and dies
    silently when the pool ends it, instead of printing a traceback each. (It was forked with
    the stop signals held: ``hold_signals``.)"""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)


@dataclass
class ParseStats:
    """What a ``compact_results`` call did: texts asked for, parsed, found in the cache."""

    texts: int = 0
    parsed: int = 0
    cached: int = 0


def compact_results(texts, nlp, workers=1, batch_size=defaults.BATCH_SIZE, cache=None,
                    scheduler=None, stats=None):
    """The compact result of each of ``texts`` (a list), in order.

    Texts the ``cache`` (an ``ExtractionCache``) holds are not parsed; each distinct text is
    parsed once, in ``workers`` local processes or, with ``scheduler`` (``tcp://HOST:PORT`` or
    ``local:N``), on a Dask cluster; new results are added to the cache. ``stats`` (a
    ParseStats) counts what was parsed and what came from the cache."""
    from .cache import text_key

    stats = stats if stats is not None else ParseStats()
    keys = [text_key(text) for text in texts]
    found = cache.lookup(set(keys)) if cache is not None else {}
    results = [found.get(key) for key in keys]
    first = {}  # key -> index of the first text to parse with that key
    for index, key in enumerate(keys):
        if results[index] is None:
            first.setdefault(key, index)
    order = list(first.values())
    stats.texts += len(texts)
    stats.cached += sum(result is not None for result in results)
    if order:
        todo = [texts[i] for i in order]
        if scheduler:
            from .distributed import parse_on_cluster

            parsed = parse_on_cluster(todo, pipeline_spec(nlp), scheduler, batch_size)
        else:
            parsed = progress.track(parse_local(todo, nlp, workers, batch_size), "extraction",
                                    total=len(todo))
        for index, result in zip(order, parsed):
            results[index] = result
            stats.parsed += 1
            if cache is not None:
                cache.add(keys[index], result)
        if cache is not None:
            cache.flush()
    for index, key in enumerate(keys):
        if results[index] is None:  # a repeat of a text parsed above
            results[index] = results[first[key]]
    return results
