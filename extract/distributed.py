"""Extraction on a Dask cluster: the texts the cache does not hold, cut into partitions that
stream to the workers; each worker makes the spaCy pipeline once and sends back compact results
(see ``parse``), which come back here in partition order.

    parse_on_cluster(texts, spec, scheduler) -> iterator of compact results, in order

``scheduler`` is the address of a running scheduler (``tcp://HOST:8786``, started with ``dask
scheduler``; workers with ``dask worker tcp://HOST:8786``) or ``local:N`` for a ``LocalCluster`` of
N worker processes on this machine. Needs the optional extra: ``pip install 'paperkg[dask]'``,
on the client and on every worker, with the same spaCy model.

Partitions are submitted a few per worker at a time, so neither the client nor the scheduler holds
the whole input; a worker that dies is replaced and its partitions run again elsewhere (Dask's
``allowed-failures``). Which worker parsed what changes nothing in the output.
"""

import logging
import math
import socket
from collections import deque

from . import defaults, progress
from .errors import EXIT_ENVIRONMENT, PaperkgError
from .parse import WorkerMismatch, parse_chunk, worker_identity

INSTALL_HINT = ("install on every worker the client's paperkg with its Dask extra (pip install "
                f"'paperkg[dask]') and its spaCy model ({defaults.MODEL_INSTALL_HINT})")


class ClusterError(PaperkgError):
    """The cluster cannot be reached or cannot run the extraction (one line, exit 2)."""

    exit_code = EXIT_ENVIRONMENT


def require_dask():
    """Import ``distributed``, or say how to install it."""
    try:
        import distributed
    except ImportError:
        raise ClusterError("--scheduler needs Dask, which is not installed: "
                           "pip install 'paperkg[dask]'") from None
    return distributed


def local_workers(scheduler):
    """N for ``local:N``; None for a scheduler address."""
    if not scheduler.startswith("local:"):
        return None
    count = scheduler[len("local:"):]
    if not count.isdigit() or int(count) < 1:
        raise ClusterError(f"--scheduler {scheduler}: expected local:N with N a number of "
                           "worker processes, e.g. local:2")
    return int(count)


class Cluster:
    """A connected client (and the LocalCluster it started, for ``local:N``); a context
    manager that closes both."""

    def __init__(self, scheduler):
        distributed = require_dask()
        self.scheduler, self.cluster, self.client = scheduler, None, None
        workers = local_workers(scheduler)
        try:
            if workers is not None:
                # No dashboard; the scheduler's HTTP routes on any free local port (not 8787,
                # which another cluster may hold). Its own logs stay quiet: what matters is
                # reported here, in one line.
                self.cluster = distributed.LocalCluster(
                    n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                    dashboard_address=None, silence_logs=logging.CRITICAL,
                    scheduler_kwargs={"dashboard_address": "127.0.0.1:0"})
                self.client = distributed.Client(self.cluster)
            else:
                check_reachable(scheduler)
                self.client = distributed.Client(scheduler, timeout=defaults.DASK_CONNECT_TIMEOUT)
        except (OSError, TimeoutError, ValueError) as exc:
            self.close()
            raise ClusterError(f"cannot reach the Dask scheduler at {scheduler} ({one_line(exc)}); "
                               "start one with `dask scheduler` and workers with "
                               f"`dask worker {scheduler}`") from None
        try:
            self.client.wait_for_workers(1, timeout=defaults.DASK_WORKER_TIMEOUT)
        except (OSError, TimeoutError) as exc:
            self.close()
            raise ClusterError(f"the Dask scheduler at {scheduler} has no worker after "
                               f"{defaults.DASK_WORKER_TIMEOUT} s ({one_line(exc)}); start some "
                               f"with `dask worker {scheduler}`") from None

    def workers(self):
        return len(self.client.scheduler_info(n_workers=-1)["workers"]) or 1

    def check_workers(self, spec):
        """Make the pipeline on every worker now (the model loads once per worker, before any
        partition) and check it is the client's; a clear ClusterError when it is not."""
        answers = self.client.run(worker_identity, spec, on_error="return")
        for worker, answer in sorted(answers.items()):
            if isinstance(answer, BaseException):
                raise (worker_error(worker, answer)
                       or ClusterError(f"Dask worker {worker} cannot make paperkg's pipeline "
                                       f"({one_line(answer)}): {INSTALL_HINT}")) from None

    def close(self):
        for part in (self.client, self.cluster):
            if part is not None:
                try:
                    part.close()
                except Exception:  # closing a half-made cluster: nothing left to do
                    pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def check_reachable(address):
    """Fail at once on a ``tcp://HOST:PORT`` nothing listens on (Dask's client would retry until
    its timeout); other protocols are left to Dask."""
    if not address.startswith("tcp://"):
        return
    host, _, port = address[len("tcp://"):].rpartition(":")
    if not port.isdigit():
        raise ValueError(f"expected tcp://HOST:PORT, got {address}")
    with socket.create_connection((host.strip("[]"), int(port)),
                                  timeout=defaults.DASK_CONNECT_TIMEOUT):
        pass


def one_line(exc):
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 200 else text[:197] + "..."


def worker_error(worker, exc):
    """The ClusterError for an exception a worker raised while making or running the pipeline."""
    where = f"Dask worker {worker}" if worker else "a Dask worker"
    if isinstance(exc, WorkerMismatch):
        return ClusterError(f"{where}: {exc}")
    # A function the worker cannot unpickle comes back as a plain Exception naming the error.
    if isinstance(exc, (ImportError, PaperkgError, OSError)) or \
            str(exc).startswith(("ModuleNotFoundError", "ImportError")):
        return ClusterError(f"{where} cannot run paperkg's extraction ({one_line(exc)}): "
                            f"{INSTALL_HINT}")
    return None


def partitions(texts, workers):
    """``texts`` cut into consecutive partitions: at most DASK_PARTITION_SIZE texts, and at
    least two partitions per worker when there are enough texts."""
    size = max(1, min(defaults.DASK_PARTITION_SIZE, math.ceil(len(texts) / (2 * workers))))
    return [(start, min(start + size, len(texts))) for start in range(0, len(texts), size)]


def parse_on_cluster(texts, spec, scheduler, batch_size=defaults.BATCH_SIZE):
    """Yield the compact result of each of ``texts`` (a list), in order, parsed on the Dask
    cluster at ``scheduler`` with the pipeline ``spec`` (``parse.pipeline_spec``). Progress
    counts partitions."""
    distributed = require_dask()
    with progress.stage("dask cluster"):
        cluster = Cluster(scheduler)
    with cluster:
        with progress.stage("dask workers"):  # each loads the model here, once
            cluster.check_workers(spec)
        bounds = partitions(texts, cluster.workers())
        window = defaults.DASK_PARTITIONS_IN_FLIGHT * cluster.workers()
        done = progress.track(stream_partitions(cluster.client, texts, bounds, spec, batch_size,
                                                window, distributed),
                              "extraction", total=len(bounds))
        for results in done:
            yield from results


def stream_partitions(client, texts, bounds, spec, batch_size, window, distributed):
    """Submit the partitions ``window`` at a time, earliest first; yield each one's results in
    partition order."""
    pending = deque()
    for number, (start, end) in enumerate(bounds):
        pending.append(client.submit(parse_chunk, texts[start:end], spec, batch_size,
                                     pure=False, priority=len(bounds) - number))
        if len(pending) >= window:
            yield result_of(pending.popleft(), distributed)
    while pending:
        yield result_of(pending.popleft(), distributed)


def result_of(future, distributed):
    """A partition's results; a worker's failure as one clear line."""
    try:
        return future.result()
    except distributed.KilledWorker as exc:
        raise ClusterError(f"Dask workers kept dying while parsing a partition "
                           f"({one_line(exc)}); the partition was tried "
                           "distributed.scheduler.allowed-failures times") from None
    except Exception as exc:
        error = worker_error(None, exc)
        if error is None:
            raise
        raise error from None
