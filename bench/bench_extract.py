"""Benchmark: what concept extraction costs on top of the spaCy pipeline it runs.

    python bench/bench_extract.py [CORPUS] [--n 2000] [--workers 1] [--batch-size 64] [--repeat 2]

CORPUS is a JSONL or JSONL.gz corpus (field "abstract"); it defaults to $PAPERKG_BENCH_CORPUS,
else, as a fallback for this project's own machines, ../shared/corpora/arxiv_cs_2025.jsonl.gz
beside the repository. Reads the first N abstracts and times, in the same run,
(a) a bare ``nlp.pipe`` over them with the spaCy components the extractor runs (the model's
components and scispaCy's abbreviation detector; paperkg's own components disabled), in
``--workers`` processes (``n_process``), and
(b) the full ``extract_records`` with the same number of processes and the extraction cache off
(every text is parsed).
Prints both times, abstracts per second and the ratio (b)/(a); the bar is a ratio of at most 1.3.

The two runs are interleaved: the abstracts go in chunks of ``--chunk`` (default 100), and each
chunk is parsed bare and extracted back to back, the order alternating from chunk to chunk, so
that both sides see the machine at the same speed. On this project's shared 2-core machine the
speed of one core drifts by up to 30 % within minutes (the same bare parse took 36.6-50.5 s in one
hour), which made two whole runs one after the other disagree by more than the bar's margin.
``--chunk 0`` times each side over all abstracts at once, ``--repeat`` times in alternation,
keeping each side's best time. Besides the ratio of the total times, the median and quartiles of
the chunks' own ratios are printed (a burst of load during one chunk moves them least), and the
CPU time of this process and of the worker processes it waited for.
"""

import argparse
import gzip
import json
import os
import resource
import statistics
import sys
import time
import warnings
from pathlib import Path

from paperkg.extract import defaults
from paperkg.extract.pipeline import OWN_COMPONENTS, extract_records, make_nlp

CORPUS_ENV = "PAPERKG_BENCH_CORPUS"
# The corpus this project is measured on lives beside the repository (21,595 arXiv abstracts,
# not shipped with the code); any JSONL corpus can be given instead.
FALLBACK_CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpora" \
    / "arxiv_cs_2025.jsonl.gz"
BENCH_ABSTRACTS = 2000  # abstracts timed by default
BENCH_CHUNK = 100  # abstracts per interleaved chunk


def read_abstracts(path, n):
    abstracts = []
    opener = gzip.open if str(path).endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            if not line.strip():
                continue
            abstract = json.loads(line).get("abstract")
            if abstract:
                abstracts.append(" ".join(abstract.split()))
            if len(abstracts) == n:
                break
    return abstracts


def as_records(abstracts):
    return [{"id": f"bench{i}", "role": "related", "title": None, "abstract": text,
             "truncated": text.endswith(defaults.TRUNCATION_MARKS), "anchors": [], "sources": []}
            for i, text in enumerate(abstracts)]


def clock():
    """(wall seconds, CPU seconds of this process and of the children it has waited for)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (time.perf_counter(),
            own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime)


def since(start):
    now = clock()
    return now[0] - start[0], now[1] - start[1]


def add(total, part):
    return total[0] + part[0], total[1] + part[1]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("corpus", nargs="?", default=os.environ.get(CORPUS_ENV, str(FALLBACK_CORPUS)),
                        help=f"JSONL(.gz) corpus (default: ${CORPUS_ENV}, else {FALLBACK_CORPUS})")
    parser.add_argument("--n", type=int, default=BENCH_ABSTRACTS)
    parser.add_argument("--workers", type=int, default=1, help="processes for both runs")
    parser.add_argument("--batch-size", type=int, default=defaults.BATCH_SIZE)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--chunk", type=int, default=BENCH_CHUNK,
                        help="abstracts per interleaved chunk (0: each side over all at once)")
    args = parser.parse_args(argv)
    if not Path(args.corpus).is_file():
        sys.exit(f"{args.corpus}:0: no such corpus (give its path or set ${CORPUS_ENV})")

    abstracts = read_abstracts(args.corpus, args.n)
    nlp = make_nlp()
    warnings.filterwarnings("ignore", message=r"\[W036\]")  # scispaCy's empty matcher
    list(nlp.pipe(abstracts[:50]))  # warm up both runs alike

    records = as_records(abstracts)
    size = args.chunk or len(abstracts)
    chunks = [(abstracts[i:i + size], records[i:i + size]) for i in range(0, len(abstracts), size)]
    enabled = ", ".join(name for name in nlp.pipe_names if name not in OWN_COMPONENTS)

    def parse_bare(texts):
        with nlp.select_pipes(disable=list(OWN_COMPONENTS)):
            start = clock()
            for _ in nlp.pipe(texts, batch_size=args.batch_size, n_process=args.workers):
                pass
            return since(start)

    def extract(chunk_records):
        start = clock()
        extract_records(chunk_records, nlp, workers=args.workers, batch_size=args.batch_size,
                        cache=None)
        return since(start)

    best_bare = best_full = (float("inf"), float("inf"))
    chunk_ratios = []  # (b)/(a) wall time of each chunk, of every repeat
    for _ in range(args.repeat):
        bare = full = (0.0, 0.0)
        for i, (texts, chunk_records) in enumerate(chunks):
            if i % 2:
                full_part = extract(chunk_records)
                bare_part = parse_bare(texts)
            else:
                bare_part = parse_bare(texts)
                full_part = extract(chunk_records)
            bare, full = add(bare, bare_part), add(full, full_part)
            chunk_ratios.append(full_part[0] / bare_part[0])
        best_bare, best_full = min(best_bare, bare), min(best_full, full)
    bare, full = best_bare, best_full

    n = len(abstracts)
    print(f"abstracts:           {n} ({args.corpus}), {args.workers} process(es), cache off, "
          + (f"interleaved in chunks of {size}" if len(chunks) > 1 else "one run per side"))
    print(f"components (a):      {enabled}")
    for name, (wall, cpu) in (("(a) bare nlp.pipe", bare), ("(b) extract_records", full)):
        print(f"{name:20} {wall:7.2f} s wall {n / wall:7.1f} abstracts/s | {cpu:7.2f} s CPU "
              f"{n / cpu:7.1f} abstracts/s")
    print(f"ratio (b)/(a):       {full[0] / bare[0]:.3f} wall, {full[1] / bare[1]:.3f} CPU  (bar: <= 1.3)")
    if len(chunk_ratios) > 1:
        q1, median, q3 = statistics.quantiles(chunk_ratios, n=4)
        print(f"per-chunk ratio:     median {median:.3f}, quartiles {q1:.3f}-{q3:.3f} "
              f"({len(chunk_ratios)} chunks; a burst of load on one side moves the median least)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
