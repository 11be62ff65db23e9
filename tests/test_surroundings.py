"""Hostile surroundings: an output folder that can't be written, a full disk, an output name
taken by a directory, Ctrl-C and SIGTERM. Each ends with one line on stderr, the documented exit
status, no traceback, no temporary file, and the files already there intact.

The full-disk and read-only cases mount a small tmpfs (needs root, as CI runs); they are skipped
with that reason where mounting is not allowed."""

import os
import shutil
import signal
import subprocess
import sys
import time

import pytest

from conftest import ROOT

SEEDS = ROOT / "seeds"
EXPORTS = ROOT / "exports"


def paperkg(*args, **kwargs):
    return subprocess.run([sys.executable, "-m", "paperkg.graph", *map(str, args)],
                          capture_output=True, text=True, **kwargs)


def snapshot(folder):
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def assert_one_clean_line(result, status):
    assert result.returncode == status, result.stderr
    assert "Traceback" not in result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    return lines[0]


@pytest.fixture
def mount(tmp_path):
    """mount(options) -> a fresh tmpfs mounted with those options, unmounted afterwards."""
    mounted = []

    def make(options):
        point = tmp_path / f"mnt{len(mounted)}"
        point.mkdir()
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(point)],
                              capture_output=True)
        if done.returncode:
            pytest.skip("mounting a tmpfs needs root (CI runs as root): "
                        + done.stderr.decode(errors="replace").strip())
        mounted.append(point)
        return point

    yield make
    for point in mounted:
        subprocess.run(["umount", str(point)], capture_output=True)


def test_an_output_name_taken_by_a_directory_fails_before_extraction(tmp_path):
    out = tmp_path / "out"
    (out / "graph.nt").mkdir(parents=True)
    started = time.monotonic()
    result = paperkg("build", SEEDS, "--out", out, "--model", "no_such_model_so_it_would_fail_later")
    line = assert_one_clean_line(result, 2)
    assert line == f"{out / 'graph.nt'}:0: output name is taken by a directory"
    assert sorted(p.name for p in out.iterdir()) == ["graph.nt"]
    assert time.monotonic() - started < 30


def test_an_output_folder_that_is_a_file(tmp_path):
    out = tmp_path / "out"
    out.write_text("mine\n")
    result = paperkg("build", SEEDS, "--out", out)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "is a file" in result.stderr.splitlines()[-1]
    assert out.read_text() == "mine\n"


def test_a_read_only_file_system(mount):
    point = mount("ro,size=1m")
    line = assert_one_clean_line(paperkg("build", SEEDS, "--out", point / "out"), 2)
    assert line.startswith(f"{point / 'out'}:0: cannot create the output folder:")
    assert "Read-only file system" in line


def test_a_full_disk_leaves_the_old_files_and_no_temporary_file(mount):
    point = mount("size=256k")
    out = point / "out"
    out.mkdir()
    shutil.copy(EXPORTS / "papers.jsonl", out / "papers.jsonl")
    before = snapshot(out)
    line = assert_one_clean_line(paperkg("build", SEEDS, "--out", out, "--quiet"), 2)
    assert line.startswith(f"{out}:0: cannot write: No space left on device")
    assert snapshot(out) == before


@pytest.mark.parametrize("signum, status", [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_an_interrupted_build_changes_nothing(tmp_path, signum, status):
    out = tmp_path / "out"
    shutil.copytree(EXPORTS, out)
    before = snapshot(out)
    corpus = ROOT / "tests" / "fixtures" / "corpus_slice.jsonl.gz"  # long enough to interrupt
    process = subprocess.Popen([sys.executable, "-m", "paperkg.graph", "build", str(SEEDS),
                                str(corpus), "--out", str(out), "--quiet", "--no-cache"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               # a shell running this suite in the background ignores SIGINT,
                               # and children inherit that; a user's terminal does not
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(2.0)  # inside model loading or extraction
    assert process.poll() is None, "the build ended before it could be interrupted"
    process.send_signal(signum)
    _, stderr = process.communicate(timeout=120)
    assert process.returncode == status, stderr
    assert "Traceback" not in stderr and "Aborted" not in stderr
    assert snapshot(out) == before
    assert not [p for p in out.iterdir() if p.name.startswith(".")]


def test_a_ctrl_c_that_python_drops_still_stops_the_commit(tmp_path, monkeypatch, capsys):
    """Ctrl-C landing inside a finalizer raises there, and Python prints and drops it (CI saw a
    build run on to exit 0 so); the output set still renames nothing into place."""
    from paperkg.graph import io

    monkeypatch.setattr(io, "stop_signal", None)
    monkeypatch.setattr(sys, "unraisablehook", io.unless_stopping)  # as paperkg's main sets it

    class Finalized:
        def __del__(self):
            io.on_stop_signal(signal.SIGINT, None)

    outputs = io.OutputSet(tmp_path / "out")
    outputs.path("papers.jsonl").write_text("new")
    Finalized()  # dropped at once: its KeyboardInterrupt never reaches us
    assert "Traceback" not in capsys.readouterr().err
    with pytest.raises(KeyboardInterrupt):
        outputs.commit()
    outputs.discard()
    assert list((tmp_path / "out").iterdir()) == []


def test_a_crash_while_writing_leaves_no_temporary_file(tmp_path):
    """The output set removes its temporary files whatever stops it."""
    from paperkg.graph import io

    out = tmp_path / "out"
    with pytest.raises(RuntimeError):
        with io.OutputSet(out) as outputs:
            outputs.path("a.txt").write_text("half")
            raise RuntimeError("boom")
    assert list(out.iterdir()) == []
    with io.OutputSet(out) as outputs:
        outputs.path("a.txt").write_text("whole")
        assert outputs.commit() == ["a.txt"]
    assert [p.name for p in out.iterdir()] == ["a.txt"]
    assert os.stat(out / "a.txt").st_mode & 0o777 == 0o644


def test_eval_of_predictions_that_cover_no_gold_paper_is_an_error(tmp_path):
    gold = tmp_path / "gold.jsonl"
    gold.write_text('{"text": "We train large language models on GPUs.", "concepts": '
                    '[{"type": "hardware", "label": "GPU", "aliases": []}]}\n')
    pred = tmp_path / "pred.jsonl"
    pred.write_text('{"abstract": "An unrelated abstract about compilers.", "concepts": []}\n')
    line = assert_one_clean_line(paperkg("eval", gold, pred), 2)
    assert line == f"{pred}:0: the predictions cover none of the 1 papers of {gold} " \
                   "(papers are matched by their text)"
