"""The extraction cache as a user meets it: a second run parses nothing and writes the same bytes,
new abstracts are the only ones parsed, a rule change invalidates, a broken or shared cache file
never stops a build."""

import gzip
import json
import os
import sqlite3
import subprocess
import sys

import pytest
from click.testing import CliRunner
from spacy.language import Language

from paperkg.extract import cache as caching
from paperkg.extract.parse import ParseStats
from paperkg.extract.pipeline import extract_records
from paperkg.graph.cli import cli

from conftest import FIXTURES, SEEDS

SLICE = FIXTURES / "corpus_slice.jsonl.gz"  # 120 abstracts of the arXiv cs 2025 corpus


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def parse_line(result):
    """The counts of the 'extraction: N texts parsed, M from the cache' line."""
    [line] = [line for line in result.stderr.splitlines() if line.startswith("extraction:")]
    words = line.split()
    return int(words[1]), int(words[4])


def slice_records(count):
    with gzip.open(SLICE, "rt", encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh][:count]
    return [{"id": row["id"], "role": "related", "title": row["title"],
             "abstract": " ".join(row["abstract"].split()), "truncated": False, "anchors": [],
             "sources": [f"{SLICE.name}:{number}"]} for number, row in enumerate(rows, start=1)]


PARSED = []


@Language.component("test_count_parsed")
def count_parsed(doc):
    """Counts every doc the pipeline really parses."""
    PARSED.append(doc.text)
    return doc


@pytest.fixture
def counting_nlp(nlp):
    """The session pipeline with a last component that counts the docs it sees."""
    nlp.add_pipe("test_count_parsed", last=True)
    PARSED.clear()
    try:
        yield nlp
    finally:
        nlp.remove_pipe("test_count_parsed")


def test_cache_root_is_the_option_then_the_environment_then_the_user_cache(monkeypatch, tmp_path):
    monkeypatch.setenv("PAPERKG_CACHE", str(tmp_path / "env"))
    assert caching.cache_root(str(tmp_path / "opt")) == tmp_path / "opt"
    assert caching.cache_root(None) == tmp_path / "env"
    monkeypatch.delenv("PAPERKG_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert caching.cache_root(None) == tmp_path / "xdg" / "paperkg"


def test_a_warm_run_parses_nothing_and_writes_the_same_bytes(tmp_path):
    cache = tmp_path / "cache"
    cold = run("extract", SEEDS, "-o", tmp_path / "cold.jsonl", "--cache", cache)
    warm = run("extract", SEEDS, "-o", tmp_path / "warm.jsonl", "--cache", cache)
    off = run("extract", SEEDS, "-o", tmp_path / "off.jsonl", "--no-cache")
    assert [r.exit_code for r in (cold, warm, off)] == [0, 0, 0], cold.stderr + warm.stderr
    assert parse_line(cold) == (41, 0)
    assert parse_line(warm) == (0, 41)
    assert parse_line(off) == (41, 0)
    assert (cache / "extract.sqlite").is_file()
    text = (tmp_path / "off.jsonl").read_bytes()
    assert (tmp_path / "cold.jsonl").read_bytes() == text
    assert (tmp_path / "warm.jsonl").read_bytes() == text


def test_the_seeds_build_is_byte_identical_cold_warm_and_without_cache(tmp_path):
    outputs = {}
    for name, options in (("cold", ["--cache", tmp_path / "c"]), ("warm", ["--cache", tmp_path / "c"]),
                          ("off", ["--no-cache"])):
        result = run("build", SEEDS, "--out", tmp_path / name, "--quiet", *options)
        assert result.exit_code == 0, result.stderr
        outputs[name] = {p.name: p.read_bytes() for p in sorted((tmp_path / name).iterdir())}
    assert outputs["off"] and outputs["cold"] == outputs["off"] and outputs["warm"] == outputs["off"]


def test_adding_100_abstracts_parses_only_those_100(counting_nlp, tmp_path):
    records = slice_records(120)
    identity = caching.pipeline_identity(counting_nlp)
    with caching.open_cache(tmp_path, identity) as cache:
        first = extract_records(records[:20], counting_nlp, workers=1, cache=cache)
    assert len(PARSED) == 20
    seen = set(PARSED)
    PARSED.clear()
    stats = ParseStats()
    with caching.open_cache(tmp_path, identity) as cache:
        both = extract_records(records, counting_nlp, workers=1, cache=cache, stats=stats)
    assert len(PARSED) == 100 and not seen & set(PARSED)  # the 100 new ones, each once
    assert (stats.parsed, stats.cached) == (100, 20)
    PARSED.clear()
    again = extract_records(records, counting_nlp, workers=1)
    assert len(PARSED) == 120 and again == both
    assert [r["id"] for r in first] == [r["id"] for r in records[:20]]


def test_changing_a_pattern_file_invalidates_the_cache(tmp_path):
    patterns = tmp_path / "extra.jsonl"
    patterns.write_text((FIXTURES / "extract_user_patterns.jsonl").read_text(encoding="utf-8"),
                        encoding="utf-8")
    args = ("extract", SEEDS, "-o", tmp_path / "out.jsonl", "--cache", tmp_path / "c",
            "--patterns", patterns)
    assert parse_line(run(*args)) == (41, 0)
    assert parse_line(run(*args)) == (0, 41)
    with patterns.open("a", encoding="utf-8") as fh:
        fh.write('{"label": "hardware", "pattern": "parameter server"}\n')
    assert parse_line(run(*args)) == (41, 0)


def test_a_corrupt_cache_file_is_reported_in_one_line_and_rebuilt(tmp_path):
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / "extract.sqlite").write_bytes(b"this is not a database\n" * 200)
    result = run("extract", SEEDS, "-o", tmp_path / "out.jsonl", "--cache", cache)
    assert result.exit_code == 0, result.stderr
    problems = [line for line in result.stderr.splitlines() if "extract.sqlite" in line]
    assert len(problems) == 1 and "rebuilding it" in problems[0], result.stderr
    assert "Traceback" not in result.stderr
    again = run("extract", SEEDS, "-o", tmp_path / "again.jsonl", "--cache", cache)
    assert parse_line(again) == (0, 41) and "extract.sqlite" not in again.stderr
    assert (tmp_path / "again.jsonl").read_bytes() == (tmp_path / "out.jsonl").read_bytes()


def test_a_cache_row_that_is_not_a_result_is_reported_and_rebuilt(tmp_path):
    cache = tmp_path / "cache"
    assert run("extract", SEEDS, "-o", tmp_path / "a.jsonl", "--cache", cache).exit_code == 0
    with sqlite3.connect(cache / "extract.sqlite") as connection:
        connection.execute("UPDATE results SET value = '{\"not\": 1'")
    result = run("extract", SEEDS, "-o", tmp_path / "b.jsonl", "--cache", cache)
    assert result.exit_code == 0 and "rebuilding it" in result.stderr
    assert parse_line(result) == (41, 0)
    assert (tmp_path / "a.jsonl").read_bytes() == (tmp_path / "b.jsonl").read_bytes()


def test_a_cache_folder_that_cannot_be_made_is_reported_and_the_run_goes_on(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = run("extract", SEEDS, "-o", tmp_path / "out.jsonl", "--cache", blocker / "cache")
    assert result.exit_code == 0, result.stderr
    [line] = [line for line in result.stderr.splitlines() if str(blocker) in line]
    assert "going on without a cache" in line
    assert parse_line(result) == (41, 0)


def test_two_runs_sharing_a_cache_at_once_both_finish_and_leave_it_sound(tmp_path):
    cache = tmp_path / "cache"
    env = dict(os.environ, PAPERKG_CACHE=str(cache))
    runs = [subprocess.Popen([sys.executable, "-m", "paperkg.graph", "extract", str(SEEDS),
                              "-o", str(tmp_path / f"out{n}.jsonl"), "--workers", "1"],
                             env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for n in range(2)]
    results = [(r.wait(timeout=600), r.stderr.read()) for r in runs]
    for run_status, stderr in results:
        assert run_status == 0 and "Traceback" not in stderr and "extract.sqlite" not in stderr, stderr
    assert (tmp_path / "out0.jsonl").read_bytes() == (tmp_path / "out1.jsonl").read_bytes()
    with sqlite3.connect(cache / "extract.sqlite") as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert connection.execute("SELECT count(*) FROM results").fetchone() == (41,)
    third = run("extract", SEEDS, "-o", tmp_path / "out2.jsonl", "--cache", cache)
    assert parse_line(third) == (0, 41)
    assert (tmp_path / "out2.jsonl").read_bytes() == (tmp_path / "out0.jsonl").read_bytes()


def test_only_the_most_recently_used_pipelines_are_kept(tmp_path):
    for number in range(6):
        with caching.open_cache(tmp_path, f"identity-{number}") as cache:
            cache.add(caching.text_key(f"text {number}"), ([], {}))
    with sqlite3.connect(tmp_path / "extract.sqlite") as connection:
        kept = [row[0] for row in connection.execute("SELECT identity FROM identities ORDER BY id")]
        rows = connection.execute("SELECT count(*) FROM results").fetchone()[0]
    assert kept == [f"identity-{n}" for n in range(2, 6)] and rows == 4
