"""Read every input a command is given, whatever its format, into unique paper records.

    result = read_inputs(["refs.bib", "works.json", "seeds/"], anchors=["10.1145/3600006"])
    result.records    # PaperRecord dicts, every key filled, one per work, first-seen order
    result.problems   # InputErrors: files skipped and bad records skipped, each FILE:LINE: what
    result.merged     # identity.Merge(kept, merged, reason) for each duplicate merged
    result.notices    # FILE:LINE messages that skip nothing (a text cut at --max-chars, ...)

The steps: each path's files (a folder: every file whose suffix names a format, sorted) →
``registry.detect`` picks the reader → the reader yields records (and bad records) as it reads
→ ``identity.Works`` merges the same work met twice → paper ids, anchors and references are
settled → ``--anchor`` values mark anchors → texts longer than ``max_chars`` are cut at a word
boundary (reported) → ``truncated`` says whether the analysed text is incomplete.
"""

from dataclasses import dataclass, field

from .. import defaults, progress
from ..errors import InputError
from ..records import analysed_text
from . import anchors as anchoring
from .identity import Works
from .registry import detect, input_files
from .text import cut, is_truncated

# The text fields the length limit applies to.
LIMITED_FIELDS = ("title", "abstract")


@dataclass
class ReadResult:
    records: list = field(default_factory=list)    # PaperRecord dicts, first-seen order
    files_read: int = 0                            # files that gave at least one record
    files_skipped: int = 0                         # paths and files that gave none
    records_skipped: int = 0                       # bad records skipped in files
    problems: list = field(default_factory=list)   # InputError (and UnmatchedAnchor) objects
    merged: list = field(default_factory=list)     # identity.Merge(kept, merged, reason)
    notices: list = field(default_factory=list)    # "FILE:LINE: ..." lines that skip nothing

    @property
    def unmatched_anchors(self):
        """The --anchor values that named no paper (UnmatchedAnchor problems)."""
        return [p for p in self.problems if isinstance(p, anchoring.UnmatchedAnchor)]


def read_inputs(paths, fmt=None, anchors=(), max_chars=defaults.MAX_TEXT_CHARS):
    """Read ``paths`` (files and folders) into a ReadResult; ``fmt`` (a registry name) forces
    the format of every file; ``anchors`` are --anchor values; ``max_chars`` the longest title
    or abstract kept whole (0: no limit). A bad file or record is reported, never raised;
    ValueError for an empty anchor value."""
    anchors = anchoring.check(anchors)
    result, works = ReadResult(), Works()
    for path in paths:
        try:
            files = input_files(path)
        except InputError as exc:
            result.problems.append(exc)
            result.files_skipped += 1
            continue
        for file in files:
            read_one(file, fmt, works, result)
    result.records = works.finish()
    problems, notices = anchoring.mark(result.records, anchors)
    result.problems.extend(problems)
    result.notices.extend(notices)
    for record in result.records:
        limit(record, max_chars, result.notices)
        del record["_origin"]
        record["truncated"] = record["truncated"] or is_truncated(analysed_text(record))
    return result


def read_one(file, fmt, works, result):
    """Read one file into ``works``; count it as read or skipped, collect its bad records. A
    file that stops part way (an error raised after some records) keeps what it gave."""
    gave = bad = 0
    try:
        reader = detect(file, fmt)
        for item in progress.track(reader.read(file), "reading"):
            if isinstance(item, InputError):
                result.problems.append(item)
                bad += 1
                continue
            gave += 1
            merge = works.add(item)
            if merge:
                result.merged.append(merge)
    except InputError as exc:
        result.problems.append(exc)
        bad += 1 if gave else 0
    else:
        if not gave and not bad:
            result.problems.append(InputError(file, 1, "no papers found in this file"))
    result.records_skipped += bad
    if gave:
        result.files_read += 1
    else:
        result.files_skipped += 1


def limit(record, max_chars, notices):
    """Cut a title or abstract longer than ``max_chars`` at a word boundary; the notice names
    the source it came from."""
    for name in LIMITED_FIELDS:
        text = record.get(name)
        if not text or not max_chars or len(text) <= max_chars:
            continue
        kept = cut(text, max_chars)
        record[name] = kept
        record["truncated"] = True
        source = record["_origin"].get(name) or record["sources"][0]
        notices.append(f"{source}: {name} of {len(text)} characters cut to {len(kept)} "
                       "(--max-chars)")
