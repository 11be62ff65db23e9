"""Reading what researchers have: BibTeX, RIS, CSV/TSV, OpenAlex, Semantic Scholar and arXiv
records next to the list files; the same work met twice is one paper; hostile text and huge
texts are dealt with once, when read; the messages a user sees. (The list format alone:
tests/test_reader.py. Fixtures: tests/fixtures/readers/README.md.)"""

import gzip
import json
import re
import shutil
from collections import Counter

import pytest
from click.testing import CliRunner
from hypothesis import given, settings, strategies as st

from paperkg.extract.errors import InputError
from paperkg.extract.readers import (FORMAT_NAMES, ReadResult, bibtex, identity, read_inputs,
                                     registry, work_keys)
from paperkg.extract.readers.anchors import UnmatchedAnchor
from paperkg.extract.readers.text import HOSTILE, clean
from paperkg.extract.records import PAPER_FIELDS, PaperRecord, work_id
from paperkg.graph.cli import cli

from conftest import FIXTURES

READERS = FIXTURES / "readers"
MIXED = READERS / "mixed"
BAD = READERS / "bad"

P1 = "EQuARX: Efficient Quantized AllReduce in XLA for Distributed Machine Learning Acceleration"
P2 = "Demystifying Distributed Training of Graph Neural Networks for Link Prediction"
P4 = "Scalable GPU Performance Variability Analysis framework"
P5 = "FedVSR: Towards Model-Agnostic Federated Learning in Video Super-Resolution"
P6 = "Scaling Federated Learning Solutions with Kubernetes for Synthesizing Histopathology Images"
P7 = "Zero-shot Quantization: A Comprehensive Survey"


def corpus_abstract(arxiv_id):
    """The abstract as the arXiv corpus has it, whitespace folded."""
    with gzip.open(READERS / "corpus.jsonl.gz", "rt", encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            if row["id"] == arxiv_id:
                return " ".join(row["abstract"].split())
    for line in (MIXED / "corpus.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if row["id"] == arxiv_id:
            return " ".join(row["abstract"].split())
    raise KeyError(arxiv_id)


def read(*paths, **options):
    result = read_inputs(list(paths), **options)
    assert isinstance(result, ReadResult)
    return result


def by_title(records):
    return {r["title"]: r for r in records if r["title"]}


def test_every_record_has_every_paper_key():
    for path in [MIXED, *sorted(READERS.glob("*.*"))]:
        for record in read(path).records:
            assert set(record) == set(PaperRecord.__annotations__) - {"concepts"}, path
            assert record["id"] and record["sources"]


# --- each reader ----------------------------------------------------------------------------


def test_zotero_bibtex_decodes_latex_and_merges_the_entry_met_twice():
    result = read(READERS / "zotero.bib")
    assert result.problems == [] and len(result.records) == 6
    assert [(m.kept, m.merged, m.reason) for m in result.merged] == [
        ("zotero.bib:17", "zotero.bib:31", "same arXiv id")]
    papers = by_title(result.records)
    kroger = papers["On-Device Federated Continual Learning on RISC-V-based Ultra-Low-Power SoC "
                    "for Intelligent Nano-Drone Swarms"]
    assert kroger["authors"][0] == "Lars Kröger" and kroger["arxiv"] == "2503.17436"
    assert "accuracy by 24% over" in kroger["abstract"] and "\\" not in kroger["abstract"]
    assert kroger["doi"] is None  # the arXiv DataCite DOI is the arXiv id
    assert kroger["year"] == 2025 and kroger["keywords"][0] == "Computer Science - Machine Learning"
    scaling = papers[P6]
    assert "Iulian-Marius Tăiatu" in scaling["authors"] and len(scaling["sources"]) == 2
    hpu = papers["HPU: High-Bandwidth Processing Unit for Scalable, Cost-effective LLM Inference "
                 "via GPU Co-processing"]  # {HPU}, {GPU}: braces gone
    assert hpu["abstract"] is None and hpu["doi"] == "10.5555/paperkg.fixture.3"
    assert hpu["venue"] == "IEEE Computer Architecture Letters"
    # {\textless}i{\textgreater}...: Crossref markup, decoded then dropped
    violence = papers["Exploring Personalized Federated Learning Architectures for Violence "
                      "Detection in Surveillance Videos"]
    assert violence["doi"] == "10.5555/paperkg.fixture.12"  # written as https://doi.org/...
    assert "Selective Attention Federated Learning: Improving Privacy & Efficiency for Clinical "\
           "Text Classification" in papers  # \&amp;
    eye = next(r for r in result.records if r["title"].startswith("Federated Learning with LoRA"))
    assert eye["arxiv"] == "2505.06982" and eye["abstract"] is None  # eprint + archiveprefix


# A real Zotero library, exported by its owner (tests/fixtures/readers/README.md): 547 entries
REAL_ZOTERO = READERS / "real" / "zotero_library.bib"
# What a decoded title, abstract, author or venue never holds: a LaTeX command or escape, a
# protective brace, an HTML entity.
LEFTOVER_MARKUP = re.compile(r"\\[A-Za-z]+|\\[%&_#$]|[{}]|&(?:quot|amp|lt|gt|#\d+);")


def test_a_real_zotero_library_is_read_entry_by_entry_with_its_escapes_decoded():
    result = read(REAL_ZOTERO)
    entries = REAL_ZOTERO.read_text(encoding="utf-8").count("\n@")  + 1
    assert entries == 547
    # every entry once: a paper, a duplicate merged into one, or an empty entry reported
    assert len(result.records) + len(result.merged) + result.records_skipped == entries
    assert (len(result.records), len(result.merged), result.records_skipped) == (490, 51, 6)
    assert Counter(m.reason for m in result.merged) == {
        "same title": 29, "same DOI": 16, "same arXiv id": 5, "same abstract": 1}
    assert [str(p).rsplit("/", 1)[1] for p in result.problems] == [
        f"zotero_library.bib:{line}: record has neither title nor abstract"
        for line in (5718, 5722, 5729, 5734, 5740, 5746)]
    for record in result.records:
        texts = [record["title"], record["abstract"], record["venue"], *record["authors"]]
        for text in filter(None, texts):
            assert not LEFTOVER_MARKUP.search(text), (record["sources"], text)
    assert len({r["doi"] for r in result.records if r["doi"]}) == \
        sum(1 for r in result.records if r["doi"])
    papers = by_title(result.records)
    twice = papers["A Minimum Data Set of User Profile or Electronic Health Record for Chemical "
                   "Warfare Victims' Recommender System"]  # the same entry under two keys
    assert twice["sources"] == ["zotero_library.bib:43", "zotero_library.bib:59"]
    # Zotero's escaped LaTeX of arXiv abstracts: $\delta$, \textit{…}, \%, $\to$, Pawe{\l}
    assert "We propose δ-unlearning, an offset" in papers[
        "Offset Unlearning for Large Language Models"]["abstract"]
    assert "centered around task vectors. A task vector" in papers[
        "Editing Models with Task Arithmetic"]["abstract"]
    assert "Paweł Woźniak" in papers["Maintaining Proper Conditions in Quiet Study Rooms with "
                                     "Ambient Influence"]["authors"]
    assert "Headphones | Sony USA" in " ".join(papers)  # \textbar{}
    assert '"The little Kyoto' in papers["Akita Town Presented as a Microcosm for Future "
                                         "Population Decline"]["abstract"]  # \&quot;


def test_a_real_zotero_library_builds_with_every_output_decoded(tmp_path):
    result = run("build", REAL_ZOTERO, "--out", tmp_path, "--quiet", "--workers", "1")
    assert result.exit_code == 1  # the six empty entries, each one line
    assert len([line for line in result.stderr.splitlines()
                if line.endswith("record has neither title nor abstract")]) == 6
    rows = [json.loads(line) for line in (tmp_path / "papers.jsonl").open(encoding="utf-8")]
    assert len(rows) == 490
    for row in rows:
        for text in filter(None, [row["title"], row["abstract"], *row["authors"]]):
            assert not LEFTOVER_MARKUP.search(text), text
    for name in ("graph.nt", "graph.gexf", "graph.graphml", "concepts.jsonl"):
        text = (tmp_path / name).read_text(encoding="utf-8")
        assert "textbackslash" not in text and "textbraceleft" not in text, name
        assert "&amp;quot;" not in text and "\\&quot;" not in text, name
    assert "We propose δ-unlearning" in (tmp_path / "graph.nt").read_text(encoding="utf-8")


@pytest.mark.parametrize("latex, text", [
    ('M{\\"u}ller', "Müller"),
    ("{GPU} memory", "GPU memory"),
    ("{\\textless}think{\\textgreater}", "<think>"),
    ("30\\% less", "30% less"),
    ("a 30% cut", "a 30% cut"),  # a bare % is a percent sign, not a comment
    ("AT\\&amp;T", "AT&T"),
    ("AT&amp;T, Q&A", "AT&T, Q&A"),  # entities and a bare & (a LaTeX column separator)
    ("$O(n^2)$ time", "O(n^2) time"),
    ("as shown \\cite{x}", "as shown "),
])
def test_latex_is_decoded(latex, text):
    assert bibtex.decode_latex(latex) == text


def test_ris_export():
    result = read(MIXED / "export.ris")
    assert result.problems == [] and len(result.records) == 2
    gnn, gpu = result.records
    assert gnn["title"] == P2 and gnn["sources"] == ["export.ris:1"]
    assert gnn["authors"] == ["Xin Huang", "Chul-Ho Lee"]
    assert (gnn["year"], gnn["doi"]) == (2025, "10.5555/paperkg.fixture.2")
    assert gnn["venue"] == "Proceedings of the Workshop on Graph Learning Systems"
    assert gnn["keywords"] == ["graph neural networks", "distributed training"]
    assert gnn["abstract"] == corpus_abstract("2506.20818")
    assert gpu["sources"] == ["export.ris:14"] and gpu["url"].startswith("https://example.org/")


def test_scopus_csv():
    result = read(READERS / "scopus.csv")
    assert result.problems == [] and len(result.records) == 3
    gpu, violence, eye = result.records
    assert gpu["title"] == P4 and gpu["abstract"] == corpus_abstract("2506.20674")
    assert gpu["authors"][:2] == ["Ankur Lahiry", "Ayush Pokharel"]  # "Author full names"
    assert gpu["venue"] == "Proceedings of SC Workshops" and gpu["year"] == 2025
    assert violence["abstract"] is None  # "[No abstract available]"
    assert eye["doi"] == "10.5555/paperkg.fixture.11"
    assert [r["sources"][0] for r in result.records] == ["scopus.csv:2", "scopus.csv:3",
                                                         "scopus.csv:4"]


def test_web_of_science_tsv():
    result = read(READERS / "wos.tsv")
    assert result.problems == [] and len(result.records) == 2
    fedvsr = result.records[0]
    assert fedvsr["title"] == P5 and fedvsr["doi"] == "10.5555/paperkg.fixture.5"
    assert fedvsr["authors"][0] == "Ali Mollaahmadi Dehaghi"  # AF, "Family, Given"
    assert fedvsr["venue"] == "IEEE TRANSACTIONS ON MULTIMEDIA"
    assert fedvsr["keywords"] == ["federated learning", "video super-resolution"]


def test_openalex_page_rebuilds_abstracts_and_reads_references():
    result = read(MIXED / "openalex_page.json")
    assert result.problems == [] and len(result.records) == 3
    equarx, fedvsr, scaling = result.records
    assert equarx["abstract"] == corpus_abstract("2506.17615")  # from abstract_inverted_index
    assert (equarx["openalex"], equarx["arxiv"], equarx["doi"]) == ("W4411000001", "2506.17615",
                                                                    None)
    assert equarx["sources"] == ["openalex_page.json:10"]  # the line the work starts on
    assert equarx["authors"][0] == "Ibrahim Ahmed" and equarx["year"] == 2025
    assert equarx["references"] == ["doi:10.5555/paperkg.fixture.5", "openalex:W2963403868"]
    assert fedvsr["doi"] == "10.5555/paperkg.fixture.5"
    assert fedvsr["venue"] == "IEEE Transactions on Multimedia"
    assert scaling["references"] == ["arxiv:2506.17615", "doi:10.5555/paperkg.fixture.5",
                                     "openalex:W2963403868"]


def test_openalex_single_work_and_snapshot():
    (work,) = read(READERS / "openalex_work.json").records
    assert work["openalex"] == "W4411000008" and work["keywords"] == ["Federated Learning"]
    assert work["references"] == ["openalex:W4411000001"]
    snapshot = read(READERS / "openalex_snapshot.jsonl.gz")
    assert [r["sources"][0] for r in snapshot.records] == [
        "openalex_snapshot.jsonl.gz:1", "openalex_snapshot.jsonl.gz:2",
        "openalex_snapshot.jsonl.gz:3"]
    assert snapshot.records[2]["title"] == P7


def test_semantic_scholar_batch_and_search():
    result = read(MIXED / "s2_batch.json")
    assert result.problems == [] and len(result.records) == 2
    scaling, survey = result.records
    assert survey["title"] == P7 and survey["arxiv"] == "2505.09188" and survey["doi"] is None
    assert len(survey["s2"]) == 40 and survey["venue"] == "arXiv.org"
    # references[] resolved by the arXiv id their externalIds give; the one without paperId
    # or ids is dropped; citations[] made P6 cite P7
    assert survey["references"] == ["arxiv:2506.17615"]
    assert scaling["references"] == ["arxiv:2505.09188"]
    search = read(READERS / "s2_search.json")
    assert [r["title"].split(":")[0] for r in search.records] == [
        "Selective Attention Federated Learning",
        "On-Device Federated Continual Learning on RISC-V-based Ultra-Low-Power SoC for "
        "Intelligent Nano-Drone Swarms"]


def test_arxiv_corpus_and_kaggle_snapshot():
    corpus = read(READERS / "corpus.jsonl.gz")
    assert len(corpus.records) == 4 and corpus.problems == []
    first = corpus.records[0]
    assert first["title"] == P1 and first["arxiv"] == "2506.17615" and first["year"] == 2025
    assert first["url"] == "https://arxiv.org/abs/2506.17615"
    assert "\n" not in first["abstract"]
    assert first["id"] == work_id("arxiv:2506.17615")
    kaggle = read(READERS / "arxiv_kaggle.jsonl").records
    fedvsr = kaggle[0]
    assert fedvsr["title"] == P5  # "FedVSR:\n  Towards ..." folded
    assert fedvsr["authors"][0] == "Ali Mollaahmadi Dehaghi"  # from authors_parsed
    assert fedvsr["doi"] == "10.5555/paperkg.fixture.5" and fedvsr["keywords"] == ["cs.CV", "cs.DC"]
    assert fedvsr["id"] == work_id("doi:10.5555/paperkg.fixture.5")


# --- bad records and bad files --------------------------------------------------------------

BAD_RECORDS = {
    "entry_not_closed.bib": (2, [":15: BibTeX entry not read: "]),
    "record_without_end.ris": (2, [":14: record has no 'ER  -' end"]),
    "rows_wrong.csv": (2, [":3: row has 6 fields, the header has 4",
                           ":5: record has neither title nor abstract"]),
    "lines_wrong.jsonl": (2, [":2: not valid JSON: ", ":4: record has neither title nor abstract",
                              ":5: record is not a JSON object (found list)"]),
    "page_cut_off.json": (1, [":574: not valid JSON: "]),
    "work_without_text.json": (1, [":489: record has neither title nor abstract"]),
    "batch_with_null.json": (2, [":43: record is null"]),
}


@pytest.mark.parametrize("name", sorted(BAD_RECORDS))
def test_a_bad_record_is_one_line_and_the_rest_is_read(name):
    papers, messages = BAD_RECORDS[name]
    result = read(BAD / name)
    assert len(result.records) == papers and result.files_read == 1
    assert result.records_skipped == len(messages)
    lines = [str(p) for p in result.problems]
    assert len(lines) == len(messages)
    for line, message in zip(lines, messages):
        assert line.startswith(f"{BAD / name}{message}") and "\n" not in line


@pytest.mark.parametrize("name", ["not_a_format.json", "notes.dat"])
def test_a_file_in_no_format_names_the_formats_paperkg_reads(name):
    result = read(BAD / name)
    assert result.records == [] and result.files_skipped == 1
    (problem,) = result.problems
    assert str(problem).startswith(f"{BAD / name}:1: not in any format paperkg reads: ")
    for label in ("BibTeX (.bib)", "RIS (.ris)", "OpenAlex", "Semantic Scholar", "CSV or TSV",
                  "arXiv JSON Lines", "related-paper lists (.txt)"):
        assert label in str(problem)


# --- detection ------------------------------------------------------------------------------


def test_format_is_recognised_by_content_whatever_the_name(tmp_path):
    shutil.copy(MIXED / "openalex_page.json", tmp_path / "works.txt")
    shutil.copy(READERS / "zotero.bib", tmp_path / "library.export")
    shutil.copy(MIXED / "export.ris", tmp_path / "export.txt")
    for name, fmt in [("works.txt", "openalex"), ("library.export", "bibtex"),
                      ("export.txt", "ris")]:
        assert registry.detect(tmp_path / name).name == fmt
    assert len(read(tmp_path / "works.txt").records) == 3


def test_extension_decides_between_formats_that_both_fit(tmp_path):
    assert registry.detect(MIXED / "corpus.jsonl").name == "arxiv"
    assert registry.detect(MIXED / "s2_batch.json").name == "semantic-scholar"
    assert registry.detect(MIXED / "list.txt").name == "lists"
    assert registry.detect(READERS / "wos.tsv").name == "tsv"


def test_format_option_overrides_detection():
    result = read(READERS / "zotero.bib", fmt="lists")
    assert result.records == []
    assert "no header line" in str(result.problems[0])
    assert set(FORMAT_NAMES) == {"lists", "arxiv", "bibtex", "ris", "csv", "tsv", "openalex",
                                 "semantic-scholar"}


def test_a_folder_is_read_file_by_file_in_name_order():
    result = read(READERS)  # README.md and the sub-folders are not inputs
    assert result.files_read == 8 and result.problems == []
    files = [r["sources"][0].split(":")[0] for r in result.records]
    assert files[0] == "arxiv_kaggle.jsonl"
    assert list(dict.fromkeys(files)) == sorted(set(files))


# --- one work, one paper --------------------------------------------------------------------


def test_mixed_folder_gives_every_paper_once():
    result = read(MIXED)
    assert (result.files_read, result.problems) == (7, [])
    assert len(result.records) == 9 and len(result.merged) == 8
    assert Counter(m.reason for m in result.merged) == {
        "same title": 3, "same arXiv id": 2, "same DOI": 2, "same abstract": 1}
    papers = by_title(result.records)
    equarx = papers[P1]
    assert equarx["role"] == "anchor"  # list.txt's header
    assert equarx["sources"] == ["corpus.jsonl:1", "list.txt:1", "openalex_page.json:10",
                                 "zotero.bib:1"]
    assert (equarx["arxiv"], equarx["openalex"]) == ("2506.17615", "W4411000001")
    assert equarx["id"] == work_id("arxiv:2506.17615")
    related = [r for r in result.records if r["anchors"] == [equarx["id"]]]
    assert len(related) == 2
    list_only = next(r for r in related if r["title"] is None)
    assert list_only["id"] == identity.paper_id(list_only["abstract"])  # as list files always had
    assert papers[P2]["id"] == work_id("doi:10.5555/paperkg.fixture.2")
    assert papers[P6]["s2"] and papers[P6]["openalex"] == "W4411000006"
    assert len({r["id"] for r in result.records}) == 9


def test_mixed_folder_implies_exactly_the_documented_citations():
    records = read(MIXED).records
    owner = {key: r for r in records for key in work_keys(r)}
    name = {P1: "P1", P5: "P5", P6: "P6", P7: "P7"}
    pairs = {(name[r["title"]], name[owner[key]["title"]])
             for r in records for key in r["references"] if key in owner}
    assert pairs == {("P1", "P5"), ("P6", "P1"), ("P6", "P5"), ("P7", "P1"), ("P6", "P7")}
    outside = Counter(key for r in records for key in r["references"] if key not in owner)
    assert outside == {"openalex:W2963403868": 2}


def test_merging_does_not_depend_on_the_order_inputs_are_given():
    files = sorted(MIXED.iterdir())
    forward, backward = read(*files), read(*reversed(files))
    assert sorted(r["id"] for r in forward.records) == sorted(r["id"] for r in backward.records)
    assert len(backward.merged) == 8
    key = {r["id"]: (r["role"], sorted(r["anchors"]), sorted(r["references"]))
           for r in forward.records}
    assert key == {r["id"]: (r["role"], sorted(r["anchors"]), sorted(r["references"]))
                   for r in backward.records}


def write_jsonl(path, rows):
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


def test_same_title_is_not_merged_across_years_or_different_dois(tmp_path):
    abstract = corpus_abstract("2506.17615")
    rows = [{"title": "Deep Learning at Scale", "abstract": abstract, "year": 2019},
            {"title": "Deep learning at scale.", "abstract": "Another text.", "year": 2021},
            {"title": "Deep Learning at Scale", "abstract": "A third text.", "year": 2019,
             "doi": "10.5555/a"},
            {"title": "Deep Learning at Scale", "abstract": "A fourth text.", "year": 2019,
             "doi": "10.5555/b"},
            {"title": "deep learning at SCALE", "abstract": "A fifth text.", "year": 2019}]
    result = read(write_jsonl(tmp_path / "same_title.jsonl", rows))
    assert len(result.records) == 3 and len({r["id"] for r in result.records}) == 3
    assert [(m.kept, m.merged, m.reason) for m in result.merged] == [
        ("same_title.jsonl:1", "same_title.jsonl:3", "same title"),
        ("same_title.jsonl:1", "same_title.jsonl:5", "same title")]
    kept = result.records[0]
    assert kept["doi"] == "10.5555/a" and kept["abstract"] == abstract  # the longest abstract


def test_identifiers_are_read_however_sources_write_them():
    assert identity.normalise_doi("https://doi.org/10.1145/3600006.3613165") == \
        "10.1145/3600006.3613165"
    assert identity.normalise_doi("DOI: 10.1109/SC41405.2020.00024.") == \
        "10.1109/sc41405.2020.00024"
    assert identity.normalise_arxiv("arXiv:2304.11277v3 [cs.DC]") == "2304.11277"
    assert identity.normalise_arxiv("https://doi.org/10.48550/arXiv.2304.11277") == "2304.11277"
    assert identity.normalise_arxiv("http://arxiv.org/abs/hep-th/9901001v2") == "hep-th/9901001"
    assert identity.normalise_arxiv("10.1145/3600006.3613165") is None
    assert identity.normalise_openalex("https://openalex.org/W2741809807") == "W2741809807"
    assert identity.identifiers("2503.11731") == {"arxiv": "2503.11731"}


# --- anchors --------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [
    "https://doi.org/10.5555/PAPERKG.FIXTURE.5",  # P5 by DOI
    "arXiv:2503.13745v2",                         # ... by arXiv id (Kaggle snapshot only)
])
def test_anchor_by_identifier(value):
    result = read(MIXED, READERS / "arxiv_kaggle.jsonl", anchors=[value])
    anchors = [r["title"] for r in result.records if r["role"] == "anchor"]
    assert sorted(anchors) == sorted([P1, P5])
    assert result.problems == []


def test_anchor_by_paper_id_or_part_of_title():
    ids = {r["title"]: r["id"] for r in read(MIXED).records}
    result = read(MIXED, anchors=[ids[P7], "graph neural networks for link"])
    anchors = {r["title"] for r in result.records if r["role"] == "anchor"}
    assert anchors == {P1, P7, P2}


def test_anchor_that_names_nothing_is_reported_and_empty_one_refused():
    result = read(MIXED, anchors=["no such paper"])
    (problem,) = result.problems
    assert isinstance(problem, UnmatchedAnchor) and result.unmatched_anchors == [problem]
    assert str(problem).startswith("--anchor 'no such paper': matches no paper read")
    with pytest.raises(ValueError):
        read(MIXED, anchors=[" "])


# --- hostile text and limits ----------------------------------------------------------------

HOSTILE_CHARACTERS = ["\x00", "\x01", "\x0b", "\x0c", "\x1c", "\x1e", "\x1f", "\x7f", "\x85",
                      "\x9f", "\u2028", "\u2029", "\ufdd0", "\ufdef", "\ufffe", "\uffff",
                      "\U0001fffe", "\U0010ffff", "\ud800", "\udfff"]
KEPT = ["\u200f", "\u202e", "e\u0301", "🙂", "\ue000", "<b>", "\"'", "\u00a0"]


@given(st.text(alphabet=st.characters(codec=None, min_codepoint=0, max_codepoint=0x10FFFF)))
@settings(max_examples=300, deadline=None)
def test_clean_keeps_the_length_and_leaves_no_hostile_character(text):
    cleaned = clean(text)
    assert len(cleaned) == len(text)
    assert not HOSTILE.search(cleaned)
    assert all(a == b or b == " " for a, b in zip(text, cleaned))
    assert "\n".join(cleaned.splitlines()) == cleaned.replace("\r", "\n") or "\r" not in cleaned


def test_clean_replaces_each_hostile_character_and_keeps_the_rest():
    for ch in HOSTILE_CHARACTERS:
        assert clean(f"a{ch}b") == "a b", repr(ch)
    for text in KEPT:
        assert clean(text) == text


def test_control_characters_never_reach_a_record(tmp_path):
    dirty = "NulNet\x00 cuts\x0cpage breaks\x0b and\x1e records\u2028 and\x85 lines \ud800 \uffff."
    path = tmp_path / "dirty.jsonl"
    path.write_text(json.dumps({"title": "NulNet\x00: a\u2029title", "abstract": dirty,
                                "authors": ["Ann\x1f Lee"]}) + "\n", encoding="utf-8")
    listed = tmp_path / "dirty.txt"
    listed.write_text(f"相关论文: NulNet\x00 paper\n\n{dirty.replace(chr(0xd800), ' ')}\n",
                      encoding="utf-8")  # a lone surrogate cannot be written as UTF-8 text
    result = read(path, listed)
    assert result.problems == []
    for record in result.records:
        for value in (record["title"], record["abstract"], *record["authors"]):
            if value:
                assert not HOSTILE.search(value), repr(value)
                assert value.splitlines() == [value]
    assert result.records[0]["abstract"].startswith("NulNet cuts page breaks and records and")
    assert result.records[0]["authors"] == ["Ann Lee"]
    # the list file's paper is the same work: one paper, merged by its identical abstract
    assert [m.reason for m in result.merged] == ["same abstract"]


def test_long_abstract_is_cut_at_a_word_boundary_and_reported(tmp_path):
    words = corpus_abstract("2506.17615").split()
    text = " ".join(words * 200)
    assert len(text) > 100_000
    path = write_jsonl(tmp_path / "long.jsonl", [{"title": "Long", "abstract": text}])
    result = read(path, max_chars=5000)
    (record,) = result.records
    assert len(record["abstract"]) <= 5000 and text.startswith(record["abstract"])
    assert text[len(record["abstract"])] == " "  # cut between words
    assert record["truncated"]
    assert result.notices == [f"long.jsonl:1: abstract of {len(text)} characters cut to "
                              f"{len(record['abstract'])} (--max-chars)"]
    assert result.problems == []
    assert read(path, max_chars=0).records[0]["abstract"] == text


def test_long_list_paragraph_is_cut_and_keeps_its_id(tmp_path):
    paragraph = "word " * 60_000
    path = tmp_path / "huge.txt"
    path.write_text(f"Related papers: Huge\n\n{paragraph}\n", encoding="utf-8")
    result = read(path)
    huge = result.records[1]
    assert huge["id"] == identity.paper_id(paragraph.strip())
    assert len(huge["abstract"]) <= 20_000
    assert result.notices == [f"huge.txt:3: abstract of {len(paragraph.strip())} characters cut "
                              f"to {len(huge['abstract'])} (--max-chars)"]


def test_identical_abstracts_in_one_list_are_one_paper_and_reported(tmp_path):
    abstract = corpus_abstract("2506.20818")
    path = tmp_path / "copies.txt"
    path.write_text(f"相关论文: Anchor paper\n\n{abstract}\n\n{abstract}\n\n{abstract}\n",
                    encoding="utf-8")
    result = read(path)
    assert len(result.records) == 2
    assert [(m.kept, m.merged) for m in result.merged] == [("copies.txt:3", "copies.txt:5"),
                                                          ("copies.txt:3", "copies.txt:7")]
    assert result.records[1]["sources"] == ["copies.txt:3", "copies.txt:5", "copies.txt:7"]


# --- the command line -----------------------------------------------------------------------


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def test_papers_of_the_mixed_folder_says_what_was_merged_and_why():
    result = run("papers", MIXED)
    assert result.exit_code == 0, result.stderr
    assert result.stderr.splitlines() == [
        "merged 8 duplicate papers (2 same DOI, 2 same arXiv id, 3 same title, 1 same abstract):"
        " corpus.jsonl:1 = list.txt:1, corpus.jsonl:2 = list.txt:3,"
        " corpus.jsonl:1 = openalex_page.json:10, and 5 more"]
    assert result.stdout.rstrip().splitlines()[-1] == (
        "9 papers: 1 anchors, 8 related; 8 duplicates merged (2 same DOI, 2 same arXiv id, "
        "3 same title, 1 same abstract)")


def test_papers_jsonl_rows_keep_the_paper_fields():
    result = run("papers", MIXED, "--format", "jsonl")
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(rows) == 9 and all(list(row) == list(PAPER_FIELDS) for row in rows)


def test_duplicate_abstracts_are_reported_on_stderr(tmp_path):
    abstract = corpus_abstract("2506.20818")
    path = tmp_path / "copies.txt"
    path.write_text(f"相关论文: Anchor paper\n\n{abstract}\n\n{abstract}\n", encoding="utf-8")
    result = run("papers", path)
    assert result.exit_code == 0
    assert result.stderr == "merged 1 duplicate abstract: copies.txt:3 = copies.txt:5\n"


def test_bad_record_is_one_line_and_exit_1():
    result = run("papers", BAD / "rows_wrong.csv")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{BAD / 'rows_wrong.csv'}:3: row has 6 fields, the header has 4",
        f"{BAD / 'rows_wrong.csv'}:5: record has neither title nor abstract",
        "read 1 file, 2 bad records skipped"]
    assert "2 papers" in result.stdout


def test_file_in_no_format_is_exit_2_naming_the_formats():
    result = run("papers", BAD / "notes.dat")
    assert result.exit_code == 2 and result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"{BAD / 'notes.dat'}:1: not in any format paperkg reads: ")
    both = run("papers", BAD / "notes.dat", MIXED / "export.ris")
    assert both.exit_code == 1
    assert both.stderr.splitlines()[-1] == "read 1 file, 1 skipped"


def test_anchor_option(tmp_path):
    marked = run("papers", MIXED, "--anchor", "10.5555/paperkg.fixture.2", "--format", "csv")
    assert marked.exit_code == 0
    rows = [line for line in marked.stdout.splitlines() if line.startswith("p")]
    assert sum(",anchor," in row for row in rows) == 2
    unmatched = run("papers", MIXED, "--anchor", "no such paper")
    assert unmatched.exit_code == 2 and unmatched.stdout == ""
    assert unmatched.stderr.splitlines()[0].startswith("--anchor 'no such paper': matches no")
    empty = run("papers", MIXED, "--anchor", "")
    assert empty.exit_code == 2 and "empty value" in empty.stderr
    assert "Traceback" not in empty.stderr + unmatched.stderr


def test_input_format_option(tmp_path):
    shutil.copy(READERS / "zotero.bib", tmp_path / "refs.txt")
    assert run("papers", tmp_path / "refs.txt").exit_code == 0  # recognised by content
    forced = run("papers", tmp_path / "refs.txt", "--input-format", "lists")
    assert forced.exit_code == 2 and "no header line" in forced.stderr
    assert run("papers", MIXED, "--input-format", "endnote").exit_code == 2


def test_max_chars_option_reports_the_cut(tmp_path):
    path = write_jsonl(tmp_path / "one.jsonl", [{"title": "T", "abstract": "word " * 1000}])
    result = run("papers", path, "--max-chars", "100")
    assert result.exit_code == 0
    assert result.stderr == "one.jsonl:1: abstract of 4999 characters cut to 99 (--max-chars)\n"


def test_build_extract_compare_report_take_the_input_options():
    for command in ("build", "extract", "compare", "report", "papers"):
        help_text = run(command, "--help").stdout
        assert "--input-format" in help_text and "--max-chars" in help_text, command
        assert "--anchor" in help_text, command
    assert "--format [openalex" in run("build", "--help").stdout  # --format where it is free


def test_registry_formats_each_read_their_fixture():
    seen = {registry.detect(path).name for path in [*MIXED.iterdir(), *READERS.glob("*.*")]
            if path.suffix != ".md"}
    assert seen == set(FORMAT_NAMES)


def test_input_error_names_file_and_line_for_invalid_utf8(tmp_path):
    path = tmp_path / "latin1.jsonl"
    path.write_bytes(b'{"title": "ok", "abstract": "fine"}\n{"title": "caf\xe9"}\n')
    result = read(path)
    assert len(result.records) == 1
    assert str(result.problems[0]) == f"{path}:2: not valid UTF-8: byte 0xe9 at offset 50"
    assert isinstance(result.problems[0], InputError)
