"""Benchmark: what concept extraction costs on top of the spaCy pipeline it runs.

    python bench/bench_extract.py [CORPUS.jsonl.gz] [--n 2000] [--batch-size 64] [--repeat 2]

Reads the first N abstracts of a gzip JSONL corpus (field "abstract") and times, in one process,
(a) a bare ``nlp.pipe`` over them with the same spaCy components the extractor runs (the model's
components and scispaCy's abbreviation detector, paperkg's own components disabled) and
(b) the full ``extract_records``. Prints both times, abstracts per second and the ratio (b)/(a);
the bar is a ratio of at most 1.3. The two runs alternate ``--repeat`` times and each keeps its
best time; CPU time (``time.process_time``, all in this process) is printed too, as it does not
depend on what else the machine runs.
"""

import argparse
import gzip
import json
import sys
import time
import warnings
from pathlib import Path

from paperkg.extract import defaults
from paperkg.extract.pipeline import OWN_COMPONENTS, extract_records, make_nlp

DEFAULT_CORPUS = Path(__file__).resolve().parent.parent / defaults.BENCH_CORPUS


def read_abstracts(path, n):
    abstracts = []
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for line in fh:
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


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("corpus", nargs="?", default=str(DEFAULT_CORPUS))
    parser.add_argument("--n", type=int, default=defaults.BENCH_ABSTRACTS)
    parser.add_argument("--batch-size", type=int, default=defaults.BATCH_SIZE)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args(argv)

    abstracts = read_abstracts(args.corpus, args.n)
    nlp = make_nlp()
    warnings.filterwarnings("ignore", message=r"\[W036\]")  # scispaCy's empty matcher
    list(nlp.pipe(abstracts[:50]))  # warm up both runs alike

    records = as_records(abstracts)
    bare = full = (float("inf"), float("inf"))
    for _ in range(args.repeat):
        with nlp.select_pipes(disable=list(OWN_COMPONENTS)):
            enabled = ", ".join(nlp.pipe_names)
            start = (time.perf_counter(), time.process_time())
            for _ in nlp.pipe(abstracts, batch_size=args.batch_size):
                pass
            bare = min(bare, (time.perf_counter() - start[0], time.process_time() - start[1]))
        start = (time.perf_counter(), time.process_time())
        extract_records(records, nlp, batch_size=args.batch_size)
        full = min(full, (time.perf_counter() - start[0], time.process_time() - start[1]))

    n = len(abstracts)
    print(f"abstracts:           {n}")
    print(f"components (a):      {enabled}")
    for name, (wall, cpu) in (("(a) bare nlp.pipe", bare), ("(b) extract_records", full)):
        print(f"{name:20} {wall:7.2f} s wall {n / wall:7.1f} abstracts/s | {cpu:7.2f} s CPU "
              f"{n / cpu:7.1f} abstracts/s")
    print(f"ratio (b)/(a):       {full[0] / bare[0]:.3f} wall, {full[1] / bare[1]:.3f} CPU  (bar: <= 1.3)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
