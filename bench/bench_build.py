"""How `paperkg build` grows with the corpus: builds the first 1K, 4K, 16K and all abstracts of a
JSONL(.gz) corpus (cold cache), each beside a bare spaCy parse of the same abstracts with the
same number of processes, and prints per size: build time, abstracts/s, peak memory of the whole
process tree, the bare parse's time and the ratio, triples, and output sizes. Then a warm rebuild
of the largest size (same cache) and its share of the cold build. Not a test: a measurement.

    python bench/bench_build.py [CORPUS] [--sizes 1000,4000,16000,0] [--workers N]

CORPUS defaults to $PAPERKG_BENCH_CORPUS, else ../shared/corpora/arxiv_cs_2025.jsonl.gz (the
corpus this project is measured on, beside the repository). Size 0 means the whole corpus. Wall
time and peak memory come from ../shared/tools/peak.py when it is there (it samples /proc), else
from this script's own sampler, which does the same.
"""

import argparse
import gzip
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CORPUS = ROOT.parent / "shared" / "corpora" / "arxiv_cs_2025.jsonl.gz"
BAREPARSE = ROOT.parent / "shared" / "tools" / "bareparse.py"


def tree_rss_mb(root):
    """Resident memory of ``root`` and all its descendants, in MB (Linux /proc)."""
    kids = {}
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                with open(f"/proc/{pid}/stat") as fh:
                    kids.setdefault(int(fh.read().rsplit(")", 1)[1].split()[1]), []).append(int(pid))
            except (OSError, IndexError, ValueError):
                continue
    total, todo = 0.0, [root]
    while todo:
        pid = todo.pop()
        try:
            with open(f"/proc/{pid}/status") as fh:
                total += next((int(line.split()[1]) / 1024 for line in fh
                               if line.startswith("VmRSS:")), 0.0)
        except OSError:
            pass
        todo.extend(kids.get(pid, ()))
    return total


def measure(command, env=None):
    """(wall seconds, peak MB of the process tree) of running ``command``."""
    started = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
    peak = [0.0]

    def sample():
        while process.poll() is None:
            peak[0] = max(peak[0], tree_rss_mb(process.pid))
            time.sleep(0.1)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    status = process.wait()
    sampler.join()
    if status not in (0, 1):
        sys.exit(f"{' '.join(map(str, command))} exited with {status}")
    return time.perf_counter() - started, peak[0]


def write_slice(corpus, size, path):
    """The first ``size`` records of ``corpus`` (all for 0) into ``path``; returns the count."""
    count = 0
    with gzip.open(corpus, "rt", encoding="utf-8") as src, open(path, "w", encoding="utf-8") as dst:
        for line in src:
            if not line.strip():
                continue
            if size and count >= size:
                break
            dst.write(line)
            count += 1
    return count


def bare_parse(path, count, workers):
    """Seconds of the bare parse (../shared/tools/bareparse.py) of the slice."""
    if not BAREPARSE.exists():
        return None
    gz = str(path) + ".gz"
    with open(path, "rb") as src, gzip.open(gz, "wb") as dst:
        dst.write(src.read())
    out = subprocess.run([sys.executable, str(BAREPARSE), gz, str(count), str(workers)],
                         capture_output=True, text=True, check=True)
    return float(out.stdout.split()[-1])


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", nargs="?",
                        default=os.environ.get("PAPERKG_BENCH_CORPUS", str(DEFAULT_CORPUS)))
    parser.add_argument("--sizes", default="1000,4000,16000,0")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    if not Path(args.corpus).exists():
        sys.exit(f"{args.corpus}:0: no such corpus (give its path or set PAPERKG_BENCH_CORPUS)")
    sizes = [int(s) for s in args.sizes.split(",")]
    print(f"corpus {args.corpus}; {args.workers} processes; cold cache for each size")
    print("| abstracts | build s | abstracts/s | peak MB | bare parse s | ratio | triples | "
          "graph.nt MB | graph.ttl MB | graph.jsonld MB | graph.html MB | graph.gexf MB | "
          "graph.graphml MB |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory(prefix="paperkg-bench-") as tmp:
        tmp = Path(tmp)
        for size in sizes:
            data = tmp / f"slice-{size}.jsonl"
            count = write_slice(args.corpus, size, data)
            cache, out = tmp / f"cache-{size}", tmp / f"out-{size}"
            command = ["paperkg", "build", str(data), "--out", str(out), "--quiet",
                       "--workers", str(args.workers), "--cache", str(cache)]
            wall, peak = measure(command)
            bare = bare_parse(data, count, args.workers)
            with open(out / "graph.nt", "rb") as fh:
                triples = sum(1 for _ in fh)
            sizes_mb = [(out / name).stat().st_size / 1e6 for name in
                        ("graph.nt", "graph.ttl", "graph.jsonld", "graph.html", "graph.gexf",
                         "graph.graphml")]
            ratio = f"{wall / bare:.2f}" if bare else "n/a"
            print(f"| {count:,} | {wall:.1f} | {count / wall:.1f} | {peak:,.0f} | "
                  f"{bare if bare is not None else 'n/a'} | {ratio} | {triples:,} | "
                  + " | ".join(f"{mb:.1f}" for mb in sizes_mb) + " |", flush=True)
            last = (command, wall, out)
        command, cold, out = last
        warm_out = tmp / "warm"
        command[command.index("--out") + 1] = str(warm_out)
        warm, peak = measure(command)
        same = all((warm_out / p.name).read_bytes() == p.read_bytes() for p in out.iterdir())
        print(f"\nwarm rebuild of {count:,} abstracts: {warm:.1f} s ({warm / cold:.0%} of the cold "
              f"build), peak {peak:,.0f} MB; outputs byte-identical to the cold build: {same}")


if __name__ == "__main__":
    main()
