"""Extraction on a real Dask cluster: a LocalCluster of two worker processes, and a `dask scheduler`
with two `dask worker` processes started on 127.0.0.1. Builds through either are byte-identical to
the local build, also when a worker is killed mid-run; a cluster that cannot be reached, workers
without paperkg or without the model, and a client without Dask each give one line and exit 2.

Every cluster and every build runs in its own process, as a user would run them."""

import gzip
import os
import signal
import socket
import subprocess
import sys
import time

import pytest

pytest.importorskip("distributed", reason="Dask is not installed: pip install 'paperkg[dask]' "
                                          "(CI installs it)")

from conftest import FIXTURES, SEEDS  # noqa: E402

SLICE = FIXTURES / "corpus_slice.jsonl.gz"  # 120 abstracts of the arXiv cs 2025 corpus
PATTERNS = FIXTURES / "extract_user_patterns.jsonl"  # sent to the workers with the pipeline

LOCAL_CLUSTER = """
import logging, sys
from distributed import LocalCluster
cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                       dashboard_address=None, silence_logs=logging.ERROR)
print(cluster.scheduler_address, flush=True)
sys.stdin.read()
cluster.close()
"""

# Waits until a worker runs a parse task, kills that worker's process (SIGKILL), prints its pid.
KILL_A_WORKER = """
import os, signal, sys, time
from distributed import Client
client = Client(sys.argv[1], timeout=30)
pids = client.run(os.getpid)
deadline = time.monotonic() + 300
while time.monotonic() < deadline:
    busy = [w for w, keys in client.processing().items()
            if any(str(k).startswith("parse_chunk") for k in keys)]
    if busy:
        time.sleep(0.5)  # inside the parse
        os.kill(pids[busy[0]], signal.SIGKILL)
        print(pids[busy[0]], flush=True)
        break
    time.sleep(0.05)
client.close()
"""

# Hides the packages named in $BLOCK_IMPORTS from a process, as if they were not installed.
BLOCKER = '''
import os, sys

class Blocker:
    def find_spec(self, name, path=None, target=None):
        for blocked in os.environ.get("BLOCK_IMPORTS", "").split(","):
            if blocked and (name == blocked or name.startswith(blocked + ".")):
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, Blocker())
'''


def environment(**extra):
    env = dict(os.environ, PYTHONUNBUFFERED="1", **extra)
    env.pop("PAPERKG_CACHE", None)
    return env


def paperkg(*args, env=None, timeout=600):
    return subprocess.run([sys.executable, "-m", "paperkg.graph", *map(str, args)],
                          capture_output=True, text=True, env=env or environment(), timeout=timeout)


def snapshot(folder):
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def one_line(result):
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    return lines[0]


class ExternalCluster:
    """`dask scheduler` and `dask worker` processes on 127.0.0.1, stopped at the end."""

    def __init__(self, folder, workers=2, env=None):
        self.address = f"tcp://127.0.0.1:{free_port()}"
        self.log = folder / f"scheduler-{self.address.rsplit(':', 1)[1]}.log"
        self.processes = []
        self.start([sys.executable, "-m", "dask", "scheduler", "--host", "127.0.0.1", "--port",
                    self.address.rsplit(":", 1)[1], "--no-dashboard"], environment(), self.log)
        self.wait_for("Scheduler at", 1)
        self.temp = folder / "worker-tmp"  # the workers' temporary folder
        self.temp.mkdir()
        for number in range(workers):
            self.start([sys.executable, "-m", "dask", "worker", self.address, "--nworkers", "1",
                        "--nthreads", "1", "--host", "127.0.0.1", "--no-dashboard"],
                       dict(env or environment(), TMPDIR=str(self.temp)),
                       folder / f"worker-{number}.log")
        self.wait_for("Register worker", workers)

    def start(self, command, env, log):
        with open(log, "w") as fh:  # a session of its own: stop() kills it with its children
            self.processes.append(subprocess.Popen(command, env=env, stdout=fh, stderr=fh,
                                                   start_new_session=True))

    def wait_for(self, text, count, seconds=120):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.log.read_text(errors="replace").count(text) >= count:
                return
            time.sleep(0.2)
        raise AssertionError(f"the Dask cluster did not start: {self.log.read_text()}")

    def worker_pids(self):
        """The worker processes (children of the `dask worker` nannies)."""
        import psutil

        return [child.pid for process in self.processes[1:]
                for child in psutil.Process(process.pid).children()]

    def stop(self):
        """Kill every process of the cluster, workers' children included (a graceful shutdown
        takes seconds and is not what these tests are about)."""
        for process in reversed(self.processes):
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            process.wait()


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    """(seeds, a slice of 40 corpus abstracts) as paths."""
    folder = tmp_path_factory.mktemp("inputs")
    part = folder / "slice40.jsonl"
    with gzip.open(SLICE, "rt", encoding="utf-8") as fh:
        part.write_text("".join(fh.readlines()[:40]), encoding="utf-8")
    return SEEDS, part


@pytest.fixture(scope="module")
def local_builds(inputs, tmp_path_factory):
    """The outputs of the plain local builds: {"seeds": files, "mixed": files (seeds + slice,
    with a user's pattern file)}."""
    folder = tmp_path_factory.mktemp("local")
    built = {}
    for name, args in (("seeds", inputs[:1]), ("mixed", (*inputs, "--patterns", PATTERNS))):
        result = paperkg("build", *args, "--out", folder / name, "--quiet", "--no-cache")
        assert result.returncode == 0, result.stderr
        built[name] = snapshot(folder / name)
    return built


@pytest.fixture(scope="module")
def external_cluster(tmp_path_factory):
    cluster = ExternalCluster(tmp_path_factory.mktemp("dask"))
    yield cluster
    cluster.stop()


def test_a_local_cluster_of_two_processes_builds_the_same_bytes(inputs, local_builds, tmp_path):
    cluster = subprocess.Popen([sys.executable, "-c", LOCAL_CLUSTER], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True, env=environment())
    try:
        address = cluster.stdout.readline().strip()
        assert address.startswith("tcp://127.0.0.1:")
        result = paperkg("build", *inputs, "--patterns", PATTERNS, "--out", tmp_path / "out",
                         "--no-cache", "--scheduler", address)
        assert result.returncode == 0, result.stderr
        assert "extraction: 81 texts parsed, 0 from the cache" in result.stderr
        assert snapshot(tmp_path / "out") == local_builds["mixed"]
    finally:
        cluster.stdin.close()
        cluster.wait(timeout=60)


def test_scheduler_local_n_starts_its_own_cluster(inputs, local_builds, tmp_path):
    result = paperkg("build", inputs[0], "--out", tmp_path / "out", "--quiet", "--no-cache",
                     "--scheduler", "local:2")
    assert result.returncode == 0, result.stderr
    assert snapshot(tmp_path / "out") == local_builds["seeds"]


@pytest.mark.parametrize("name", ["seeds", "mixed"])
def test_a_dask_scheduler_with_two_workers_builds_the_same_bytes(name, inputs, local_builds,
                                                                external_cluster, tmp_path):
    args = inputs[:1] if name == "seeds" else (*inputs, "--patterns", PATTERNS)
    result = paperkg("build", *args, "--out", tmp_path / "out", "--quiet", "--no-cache",
                     "--scheduler", external_cluster.address)
    assert result.returncode == 0, result.stderr
    assert snapshot(tmp_path / "out") == local_builds[name]
    # The user's pattern files, written out for each worker's pipeline, are not left behind.
    assert not list(external_cluster.temp.glob("paperkg-*"))


def test_a_worker_killed_mid_run_is_replaced_and_the_output_is_the_same(external_cluster, tmp_path):
    local = paperkg("extract", SEEDS, SLICE, "-o", tmp_path / "local.jsonl", "--quiet",
                    "--no-cache")
    assert local.returncode == 0, local.stderr
    before = set(external_cluster.worker_pids())
    build = subprocess.Popen([sys.executable, "-m", "paperkg.graph", "extract", str(SEEDS),
                              str(SLICE), "-o", str(tmp_path / "dask.jsonl"), "--quiet",
                              "--no-cache", "--scheduler", external_cluster.address],
                             env=environment(), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)
    killer = subprocess.run([sys.executable, "-c", KILL_A_WORKER, external_cluster.address],
                            capture_output=True, text=True, env=environment(), timeout=600)
    _, stderr = build.communicate(timeout=600)
    killed = int(killer.stdout.strip() or 0)
    assert killed in before, killer.stderr
    assert build.returncode == 0, stderr
    assert "Traceback" not in stderr
    assert (tmp_path / "dask.jsonl").read_bytes() == (tmp_path / "local.jsonl").read_bytes()
    assert killed not in external_cluster.worker_pids()  # the nanny started a new worker


def test_only_texts_the_cache_lacks_go_to_the_cluster(inputs, external_cluster, tmp_path):
    def extract(paths, scheduler):
        result = paperkg("extract", *paths, "-o", tmp_path / "out.jsonl", "--cache",
                         tmp_path / "cache", "--scheduler", scheduler)
        assert result.returncode == 0, result.stderr
        return [line for line in result.stderr.splitlines() if line.startswith("extraction:")]

    assert extract(inputs[:1], external_cluster.address) == [
        "extraction: 41 texts parsed, 0 from the cache"]
    assert extract(inputs, external_cluster.address) == [
        "extraction: 40 texts parsed, 41 from the cache"]
    # nothing left to parse: the cluster is not even contacted
    assert extract(inputs, f"tcp://127.0.0.1:{free_port()}") == [
        "extraction: 0 texts parsed, 81 from the cache"]


def test_an_unreachable_scheduler_is_one_line_and_exit_2(tmp_path):
    address = f"tcp://127.0.0.1:{free_port()}"
    line = one_line(paperkg("extract", SEEDS, "-o", tmp_path / "out.jsonl", "--quiet",
                            "--no-cache", "--scheduler", address))
    assert line.startswith(f"cannot reach the Dask scheduler at {address}")
    assert "dask scheduler" in line
    assert not (tmp_path / "out.jsonl").exists()


@pytest.fixture
def blocker(tmp_path):
    """A folder whose sitecustomize hides the packages named in $BLOCK_IMPORTS."""
    folder = tmp_path / "blocker"
    folder.mkdir()
    (folder / "sitecustomize.py").write_text(BLOCKER, encoding="utf-8")
    return folder


@pytest.mark.parametrize("missing", ["paperkg", "model"])
def test_workers_without_paperkg_or_the_model_are_one_line_and_exit_2(missing, nlp, blocker,
                                                                      tmp_path):
    hidden = "paperkg" if missing == "paperkg" else f"{nlp.meta['lang']}_{nlp.meta['name']}"
    env = environment(PYTHONPATH=os.pathsep.join(filter(None, [str(blocker),
                                                               os.environ.get("PYTHONPATH")])),
                      BLOCK_IMPORTS=hidden)
    cluster = ExternalCluster(tmp_path, workers=1, env=env)
    try:
        line = one_line(paperkg("extract", SEEDS, "-o", tmp_path / "out.jsonl", "--quiet",
                                "--no-cache", "--scheduler", cluster.address))
    finally:
        cluster.stop()
    assert f"No module named '{hidden}'" in line
    assert "install on every worker" in line and "pip install 'paperkg[dask]'" in line


def test_without_dask_the_message_says_how_to_install_it(blocker, tmp_path):
    env = environment(PYTHONPATH=os.pathsep.join(filter(None, [str(blocker),
                                                               os.environ.get("PYTHONPATH")])),
                      BLOCK_IMPORTS="distributed")
    line = one_line(paperkg("extract", SEEDS, "-o", tmp_path / "out.jsonl", "--quiet",
                            "--no-cache", "--scheduler", "local:2", env=env))
    assert line == "--scheduler needs Dask, which is not installed: pip install 'paperkg[dask]'"
