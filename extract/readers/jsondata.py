"""JSON and JSON Lines input, shared by the arXiv, OpenAlex and Semantic Scholar readers.

``objects(path, containers)`` yields ``(line, value)`` for each record a file holds, where a
record is a JSON object and a file is either

- JSON Lines (``.jsonl``, ``.jsonl.gz``, or any file whose second value follows the first on a
  line of its own), read line by line, streaming: a line that is not valid JSON is one bad
  record (an ``InputError`` yielded in its place) and the next line is read; or
- one JSON document, read whole into memory (API responses are pages of a few hundred works;
  a corpus comes as JSON Lines): a list of records, an object whose ``containers`` key (OpenAlex
  pages: ``results``; Semantic Scholar: ``data``) holds the list, or a single record. Each
  element is parsed on its own (``JSONDecoder.raw_decode``) so that it gets its own line
  number, and a file cut off in the middle still gives the records before the cut.

A JSON Lines line holding a page or a list (``{"results": [...]}``) gives its elements too.
"""

import json
import re

from ..errors import InputError
from .files import decode_line, raw_lines, read_text, suffix

_WS = re.compile(r"[ \t\n\r]*")
JSONL_SUFFIXES = (".jsonl", ".jsonl.gz", ".ndjson")


def objects(path, containers=()):
    """Yield (line, object or InputError) for each record of a JSON or JSON Lines file."""
    if suffix(path) in JSONL_SUFFIXES:
        yield from _lines(path, containers)
        return
    text = read_text(path)
    try:
        yield from _document(path, text, containers)
    except _ExtraData:
        yield from _lines(path, containers)


def sniffer(pattern):
    """A reader's ``sniff``: true when the head of a file holds a match of ``pattern``."""
    return lambda head: bool(pattern.search(head))


def records(path, record, containers=()):
    """Yield ``record(path, line, object)`` for each record of a JSON or JSON Lines file, and
    the InputError of each bad one: a JSON reader's ``read``."""
    for line, item in objects(path, containers):
        yield item if isinstance(item, Exception) else record(path, line, item)


def _lines(path, containers):
    for number, data, offset in raw_lines(path):
        if not data.strip():
            continue
        try:
            value = json.loads(decode_line(path, number, data, offset))
        except InputError as exc:
            yield number, exc
            continue
        except json.JSONDecodeError as exc:
            yield number, InputError(path, number,
                                     f"not valid JSON: {exc.msg} (column {exc.colno})")
            continue
        for item in _unpack(value, containers):
            yield number, _checked(path, number, item)


def _unpack(value, containers):
    """The records of one JSON Lines value: a page's or a list's elements (for the formats
    that come in pages), else the value itself."""
    if isinstance(value, list) and containers:
        return value
    if isinstance(value, dict):
        for key in containers:
            if isinstance(value.get(key), list):
                return value[key]
    return [value]


def _checked(path, number, item):
    if isinstance(item, dict):
        return item
    if item is None:
        return InputError(path, number, "record is null (an id a batch request did not find?)")
    return InputError(path, number, f"record is not a JSON object (found {type(item).__name__})")


class _ExtraData(Exception):
    """A second JSON value follows the first: the file is JSON Lines."""


def _document(path, text, containers):
    decoder = json.JSONDecoder()
    lines = _LineCounter(text)
    try:
        start = _ws(text, 0)
        if start == len(text):
            raise InputError(path, 1, "empty file: expected JSON")
        for offset, item in _records(text, start, decoder, containers):
            yield lines.at(offset), _checked(path, lines.at(offset), item)
    except json.JSONDecodeError as exc:
        if exc.msg == "Extra data":
            raise _ExtraData() from None
        raise InputError(path, exc.lineno, f"not valid JSON: {exc.msg} (column {exc.colno})") \
            from None


def _records(text, i, decoder, containers):
    """(offset, value) of the records of the JSON document starting at ``text[i]``."""
    if text.startswith("[", i):
        end = yield from _array(text, i, decoder)
        if _ws(text, end) != len(text):
            raise json.JSONDecodeError("Extra data after the list", text, _ws(text, end))
    elif text.startswith("{", i) and containers:
        j = _ws(text, i + 1)
        while not text.startswith("}", j):
            if not text.startswith('"', j):
                raise json.JSONDecodeError("Expecting property name enclosed in double quotes",
                                           text, j)
            key, j = decoder.raw_decode(text, j)
            j = _ws(text, j)
            if not text.startswith(":", j):
                raise json.JSONDecodeError("Expecting ':' delimiter", text, j)
            j = _ws(text, j + 1)
            if key in containers and text.startswith("[", j):
                yield from _array(text, j, decoder)
                return
            _, j = decoder.raw_decode(text, j)
            j = _ws(text, j)
            if text.startswith(",", j):
                j = _ws(text, j + 1)
            elif not text.startswith("}", j):
                raise json.JSONDecodeError("Expecting ',' delimiter", text, j)
        yield i, _single(text, i, decoder)
    else:
        yield i, _single(text, i, decoder)


def _single(text, i, decoder):
    value, end = decoder.raw_decode(text, i)
    if _ws(text, end) != len(text):
        raise json.JSONDecodeError("Extra data", text, _ws(text, end))
    return value


def _array(text, i, decoder):
    """(offset, value) of each element of the array at ``text[i]``; returns the offset after it."""
    j = _ws(text, i + 1)
    if text.startswith("]", j):
        return j + 1
    while True:
        value, end = decoder.raw_decode(text, j)
        yield j, value
        j = _ws(text, end)
        if text.startswith(",", j):
            j = _ws(text, j + 1)
        elif text.startswith("]", j):
            return j + 1
        else:
            raise json.JSONDecodeError("Expecting ',' delimiter", text, j)


def _ws(text, i):
    return _WS.match(text, i).end()


class _LineCounter:
    """Line numbers of increasing offsets into one text, counted once."""

    def __init__(self, text):
        self.text, self.offset, self.line = text, 0, 1

    def at(self, offset):
        if offset < self.offset:
            return self.text.count("\n", 0, offset) + 1
        self.line += self.text.count("\n", self.offset, offset)
        self.offset = offset
        return self.line


def mapping(value):
    """``value`` when it is a JSON object, else {} (fields of records are often null)."""
    return value if isinstance(value, dict) else {}


def listing(value):
    """``value`` when it is a JSON list, else []."""
    return value if isinstance(value, list) else []


def text(value):
    """``value`` when it is a string, else None."""
    return value if isinstance(value, str) else None
