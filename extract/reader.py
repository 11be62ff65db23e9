"""Read related-paper lists (the format is in DESIGN.md, "Input").

A list file starts with a header line naming an anchor paper (``相关论文: TITLE`` or
``Related papers: TITLE``), followed by the abstracts of its related papers, one paragraph each.
A file may hold several such sections. The reader yields one record per unique paper:

    {"id", "role": "anchor"|"related", "title", "abstract", "truncated",
     "anchors": [anchor ids], "sources": ["FILE:LINE", ...]}
"""

import hashlib
import re
import unicodedata
from pathlib import Path

from . import defaults
from .errors import InputError

_HEADER = re.compile(
    r"^\s*(%s)\s*[:\uff1a]\s*(.*?)\s*$" % "|".join(map(re.escape, defaults.HEADER_LABELS)),
    re.IGNORECASE,
)


def normalise_text(text):
    """Text as compared and hashed: NFKC, whitespace folded, lower case."""
    return " ".join(unicodedata.normalize("NFKC", text).split()).lower()


def paper_id(text):
    """A stable id derived from a paper's normalised text (title for anchors, else abstract)."""
    return "p" + hashlib.sha256(normalise_text(text).encode("utf-8")).hexdigest()[:16]


def is_truncated(text):
    return text.rstrip().endswith(defaults.TRUNCATION_MARKS)


def decode(data, path):
    """Bytes to text; a BOM is dropped; invalid UTF-8 is an error naming line and byte offset."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputError(
            path, line, f"not valid UTF-8: byte 0x{data[exc.start]:02x} at offset {exc.start}"
        ) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def paragraphs(text):
    """Yield (line number, paragraph) for each run of non-blank lines, wrapped lines joined."""
    start, lines = None, []
    for number, line in enumerate(text.split("\n"), start=1):
        if line.strip():
            if start is None:
                start = number
            lines.append(line.strip())
        elif lines:
            yield start, " ".join(lines)
            start, lines = None, []
    if lines:
        yield start, " ".join(lines)


def parse_list(text, path):
    """Parse one list file's text into sections: [(title, header line, [(line, abstract)])]."""
    sections = []
    for number, para in paragraphs(text):
        match = _HEADER.match(para)
        if match:
            if not match.group(2):
                raise InputError(path, number, f"header '{match.group(1)}' has no paper title")
            if sections and not sections[-1][2]:
                raise InputError(path, sections[-1][1], "header has no abstracts after it")
            sections.append((match.group(2), number, []))
        elif not sections:
            raise InputError(
                path, number, "no header line: expected '相关论文: TITLE' or 'Related papers: TITLE'"
            )
        else:
            sections[-1][2].append((number, para))
    if not sections:
        raise InputError(path, 1, "empty file: expected a header line and abstracts")
    if not sections[-1][2]:
        raise InputError(path, sections[-1][1], "header has no abstracts after it")
    return sections


def read_file(path):
    """Read one list file into paper records (anchors first, then related papers in order)."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise InputError(path, 0, "no such file or directory") from None
    except OSError as exc:
        raise InputError(path, 0, f"cannot read: {exc.strerror or exc}") from None
    sections = parse_list(decode(data, path), path)
    records = {}
    for title, line, abstracts in sections:
        anchor = _record(records, "anchor", title, f"{path.name}:{line}")
        for number, abstract in abstracts:
            paper = _record(records, "related", abstract, f"{path.name}:{number}")
            if anchor["id"] not in paper["anchors"]:
                paper["anchors"].append(anchor["id"])
    return list(records.values())


def _record(records, role, text, source):
    pid = paper_id(text)
    record = records.get(pid)
    if record is None:
        record = records[pid] = {
            "id": pid,
            "role": role,
            "title": text if role == "anchor" else None,
            "abstract": text if role == "related" else None,
            "truncated": is_truncated(text),
            "anchors": [],
            "sources": [],
        }
    if source not in record["sources"]:
        record["sources"].append(source)
    return record


def list_files(path):
    """The list files a path names: itself, or the list files of a directory, sorted."""
    path = Path(path)
    if path.is_dir():
        files = sorted(
            p for p in path.iterdir() if p.is_file() and p.suffix.lower() in defaults.LIST_SUFFIXES
        )
        if not files:
            suffixes = ", ".join(defaults.LIST_SUFFIXES)
            raise InputError(path, 0, f"directory has no list files ({suffixes})")
        return files
    if not path.exists():
        raise InputError(path, 0, "no such file or directory")
    return [path]


def merge(records, more):
    """Merge the records of one file into ``records`` (an id -> record dict), in place."""
    for record in more:
        known = records.get(record["id"])
        if known is None:
            records[record["id"]] = record
            continue
        for field in ("anchors", "sources"):
            known[field].extend(x for x in record[field] if x not in known[field])


def read_paths(paths):
    """Read every list file under ``paths``. A bad file is skipped, not fatal.

    Returns (records, files_read, problems): records in first-seen order, the number of files
    read, and the InputErrors of the paths and files that were skipped.
    """
    records, problems, files_read = {}, [], 0
    for path in paths:
        try:
            files = list_files(path)
        except InputError as exc:
            problems.append(exc)
            continue
        for file in files:
            try:
                merge(records, read_file(file))
            except InputError as exc:
                problems.append(exc)
            else:
                files_read += 1
    return list(records.values()), files_read, problems
