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
The two runs alternate ``--repeat`` times and each keeps its best time. CPU time of this process
and of the worker processes it waited for is printed too, as it depends less on what else the
machine runs.
"""

import argparse
import gzip
import json
import os
import resource
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


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("corpus", nargs="?", default=os.environ.get(CORPUS_ENV, str(FALLBACK_CORPUS)),
                        help=f"JSONL(.gz) corpus (default: ${CORPUS_ENV}, else {FALLBACK_CORPUS})")
    parser.add_argument("--n", type=int, default=BENCH_ABSTRACTS)
    parser.add_argument("--workers", type=int, default=1, help="processes for both runs")
    parser.add_argument("--batch-size", type=int, default=defaults.BATCH_SIZE)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args(argv)
    if not Path(args.corpus).is_file():
        sys.exit(f"{args.corpus}:0: no such corpus (give its path or set ${CORPUS_ENV})")

    abstracts = read_abstracts(args.corpus, args.n)
    nlp = make_nlp()
    warnings.filterwarnings("ignore", message=r"\[W036\]")  # scispaCy's empty matcher
    list(nlp.pipe(abstracts[:50]))  # warm up both runs alike

    records = as_records(abstracts)
    bare = full = (float("inf"), float("inf"))
    for _ in range(args.repeat):
        with nlp.select_pipes(disable=list(OWN_COMPONENTS)):
            enabled = ", ".join(nlp.pipe_names)
            start = clock()
            for _ in nlp.pipe(abstracts, batch_size=args.batch_size, n_process=args.workers):
                pass
            bare = min(bare, since(start))
        start = clock()
        extract_records(records, nlp, workers=args.workers, batch_size=args.batch_size, cache=None)
        full = min(full, since(start))

    n = len(abstracts)
    print(f"abstracts:           {n} ({args.corpus}), {args.workers} process(es), cache off")
    print(f"components (a):      {enabled}")
    for name, (wall, cpu) in (("(a) bare nlp.pipe", bare), ("(b) extract_records", full)):
        print(f"{name:20} {wall:7.2f} s wall {n / wall:7.1f} abstracts/s | {cpu:7.2f} s CPU "
              f"{n / cpu:7.1f} abstracts/s")
    print(f"ratio (b)/(a):       {full[0] / bare[0]:.3f} wall, {full[1] / bare[1]:.3f} CPU  (bar: <= 1.3)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
