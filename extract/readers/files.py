"""Opening input files: plain or gzip-compressed (recognised by its magic bytes, whatever the
name), decoded as UTF-8 (a BOM is dropped; CRLF and CR line ends become LF), read whole, line
by line, or just the start (to recognise the format). Every failure is an ``InputError`` naming
the file and, where there is one, the line."""

import gzip
import zlib
from pathlib import Path

from ..errors import InputError

GZIP_MAGIC = b"\x1f\x8b"
# What a damaged gzip stream raises while it is read.
_GZIP_ERRORS = (EOFError, zlib.error, gzip.BadGzipFile)


def decode(data, path):
    """Bytes to text; a BOM is dropped; invalid UTF-8 is an error naming line and byte offset."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise not_utf8(path, data, exc.start) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def not_utf8(path, data, start, line=None, offset=0):
    """The error for the invalid byte at ``data[start]`` (``offset``: where ``data`` starts in
    the file; ``line``: its line when ``data`` is one line)."""
    line = line if line is not None else data.count(b"\n", 0, start) + 1
    return InputError(path, line, f"not valid UTF-8: byte 0x{data[start]:02x} at offset "
                                  f"{offset + start}")


def is_gzip(path):
    with open(path, "rb") as fh:
        return fh.read(2) == GZIP_MAGIC


def open_binary(path):
    """The file's bytes as a binary stream, decompressed when it is gzip data."""
    try:
        return gzip.open(path, "rb") if is_gzip(path) else open(path, "rb")
    except FileNotFoundError:
        raise InputError(path, 0, "no such file or directory") from None
    except IsADirectoryError:
        raise InputError(path, 0, "is a directory") from None
    except OSError as exc:
        raise InputError(path, 0, f"cannot read: {exc.strerror or exc}") from None


def read_bytes(path):
    """The whole (decompressed) content. For the formats read whole: list files, JSON."""
    with open_binary(path) as fh:
        try:
            return fh.read()
        except _GZIP_ERRORS as exc:
            raise InputError(path, 0, f"damaged gzip data: {exc}") from None


def read_text(path):
    return decode(read_bytes(path), path)


def read_head(path, size):
    """The first ``size`` bytes as text (undecodable bytes replaced), to recognise a format."""
    with open_binary(path) as fh:
        try:
            data = fh.read(size)
        except _GZIP_ERRORS as exc:
            raise InputError(path, 0, f"damaged gzip data: {exc}") from None
    return data.decode("utf-8-sig", errors="replace").replace("\r\n", "\n").replace("\r", "\n")


def raw_lines(path):
    """Yield (line number, bytes of the line without its end, offset of the line in the file),
    streaming."""
    with open_binary(path) as fh:
        number, position = 0, 0
        try:
            for data in fh:
                number += 1
                line, start = data.rstrip(b"\n").rstrip(b"\r"), position
                if number == 1 and line.startswith(b"\xef\xbb\xbf"):
                    line, start = line[3:], 3
                yield number, line, start
                position += len(data)
        except _GZIP_ERRORS as exc:
            raise InputError(path, number + 1, f"damaged gzip data: {exc}") from None


def decode_line(path, number, data, offset):
    """One line's bytes as text; invalid UTF-8 is an InputError naming the line."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise not_utf8(path, data, exc.start, line=number, offset=offset) from None


def lines(path):
    """Yield (line number, text of the line), streaming; invalid UTF-8 stops the file with an
    InputError naming the line."""
    for number, data, offset in raw_lines(path):
        yield number, decode_line(path, number, data, offset)


def suffix(path):
    """The format-naming suffix of a file name, lower case: ".jsonl.gz", ".bib", ..."""
    name = Path(path).name.lower()
    if name.endswith(".gz"):
        return "".join(Path(name).suffixes[-2:])
    return Path(name).suffix
