"""The command line as a user drives it: output, messages on stderr and exit statuses."""

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from paperkg.extract.records import PAPER_FIELDS
from paperkg.graph.cli import cli

from conftest import FIXTURES, SEEDS


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def test_papers_jsonl_of_the_seeds():
    result = run("papers", SEEDS, "--format", "jsonl")
    assert result.exit_code == 0, result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(records) == 41
    shared = [r for r in records if len(r["anchors"]) == 2]
    assert len(shared) == 1
    assert list(shared[0]) == list(PAPER_FIELDS)
    assert shared[0]["doi"] is None and shared[0]["authors"] == []


def test_papers_table_and_csv():
    table = run("papers", SEEDS)
    assert table.exit_code == 0
    assert table.stdout.rstrip().endswith("41 papers: 2 anchors, 39 related")
    csv = run("papers", SEEDS, "--format", "csv")
    lines = csv.stdout.splitlines()
    assert lines[0] == ",".join(PAPER_FIELDS)
    assert lines[0].startswith("id,role,title,abstract,truncated,anchors,sources,authors,year")
    assert len(lines) == 42


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURES.glob("bad_*.txt")))
def test_bad_file_gives_one_line_and_status_2(name):
    result = run("papers", FIXTURES / name)
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{FIXTURES / name}:")
    assert "Traceback" not in result.stderr


def test_missing_path_and_empty_directory(tmp_path):
    missing = run("papers", tmp_path / "nope.txt")
    assert (missing.exit_code, missing.stderr) == (2, f"{tmp_path / 'nope.txt'}:0: no such file or directory\n")
    empty = run("papers", tmp_path)
    assert empty.exit_code == 2 and "directory has no list files" in empty.stderr


def test_bad_file_among_good_ones_is_skipped_with_summary_and_status_1(tmp_path):
    result = run("build", FIXTURES / "bad_no_header.txt", SEEDS, "--out", tmp_path, "--quiet")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{FIXTURES / 'bad_no_header.txt'}:1: no header line: expected '相关论文: TITLE' or 'Related papers: TITLE'",
        "read 2 files, 1 skipped",
    ]
    papers = (tmp_path / "papers.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(papers) == 41  # nothing that was read is lost


def test_several_bad_files_only_gives_status_2():
    result = run("papers", FIXTURES / "bad_empty.txt", FIXTURES / "bad_no_header.txt")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == "read 0 files, 2 skipped"


def test_every_command_has_help_with_an_example():
    for name, command in cli.commands.items():
        result = run(name, "--help")
        assert result.exit_code == 0
        assert command.help and "Example:" in result.stdout, name


def test_version_and_module_entry_point():
    assert run("--version").stdout.startswith("paperkg, version ")
    proc = subprocess.run([sys.executable, "-m", "paperkg.graph", "papers", str(SEEDS)],
                          capture_output=True, text=True)
    assert proc.returncode == 0 and "41 papers" in proc.stdout


def test_eval_scores_predictions_against_a_gold_file(tmp_path):
    gold = FIXTURES / "extract_dev.gold.jsonl"
    rows = [json.loads(line) for line in gold.read_text(encoding="utf-8").splitlines()]
    pred = tmp_path / "pred.jsonl"
    # the gold itself as predictions, less one required concept: recall drops below 1
    dropped = next(c for c in rows[0]["concepts"] if not c.get("optional"))
    rows[0]["concepts"].remove(dropped)
    pred.write_text("".join(json.dumps({"abstract": r["text"], "concepts": r["concepts"]}) + "\n"
                            for r in rows), encoding="utf-8")
    result = run("eval", gold, pred)
    assert result.exit_code == 0
    micro = next(line for line in result.stdout.splitlines() if line.startswith("micro"))
    assert "P 1.000" in micro and "R 1.000" not in micro
    line = next(x for x in result.stdout.splitlines() if x.startswith(dropped["type"]))
    assert "fn 1 " in line


@pytest.mark.parametrize("name, message", [
    ("bad_not_utf8.txt", ":5: not valid UTF-8: byte 0xe9 at offset"),
    ("good_plain.txt", ":1: not valid JSON"),
])
def test_eval_rejects_a_bad_prediction_file_in_one_line(name, message):
    result = run("eval", FIXTURES / "extract_dev.gold.jsonl", FIXTURES / name)
    assert result.exit_code == 2
    assert result.stderr.startswith(str(FIXTURES / name)) and message in result.stderr
    assert len(result.stderr.splitlines()) == 1
