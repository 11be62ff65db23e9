"""BibTeX (``.bib``), as Zotero, JabRef, Mendeley and publishers export it, parsed with
bibtexparser 2 (its splitter and default middlewares resolve ``@string`` macros and remove the
enclosing braces and quotes).

Read from an entry: ``title``, ``abstract``, ``author`` (split with bibtexparser's name
functions, "Family, Given" as "Given Family"), ``year`` (else ``date``), ``doi``, the arXiv id
(``eprint``, ``arxiv``/``arxivid``, an arXiv DOI, URL or ``note`` such as "arXiv:2304.11277
[cs]"), ``url``, the venue (``journal``, ``journaltitle``, ``booktitle``), ``keywords``.

Text is decoded once with pylatexenc (``latex_to_text``): accents (``{\\"u}`` -> ü), protective
braces (``{GPU}`` -> GPU), escapes (``\\%``, ``\\&``, ``{\\textless}`` -> <), math in text mode;
citations (``\\cite{…}``) are dropped; then HTML entities (``&amp;``) that exports carry
through. LaTeX that Zotero escaped rather than kept (``\\textbackslash textit…``) is restored
first, then decoded. A bare ``%`` or ``&`` (a LaTeX comment or column separator, but in an
abstract a percent sign or an ampersand) is kept.

Streaming: the file is parsed in chunks of entries, cut between entries, so a library of any
size is never held whole. A block bibtexparser cannot parse is one bad record naming its line;
the next entry is read.
"""

import html
import logging
import re

import bibtexparser
from bibtexparser.library import Library
from bibtexparser.middlewares.names import parse_single_name_into_parts, \
    split_multiple_persons_names
from bibtexparser.model import DuplicateBlockKeyBlock, Entry, ParsingFailedBlock, String
from pylatexenc.latex2text import LatexNodes2Text, MacroTextSpec, get_default_latex_context_db

from ..errors import InputError
from . import fields
from .files import lines

NAME = "bibtex"
EXTENSIONS = (".bib",)
LABEL = "BibTeX (.bib)"

# Entries parsed together; the file is cut into chunks of about this many entries.
CHUNK_ENTRIES = 500

_ENTRY_START = re.compile(r"^\s*@\s*[A-Za-z]+\s*[{(]", re.MULTILINE)
_BRACE = re.compile(r"(?<!\\)[{}]")
_BARE = re.compile(r"(?<!\\)([%&])")  # bare % and &: a percent sign and an ampersand in text


def sniff(head):
    return bool(_ENTRY_START.search(head))


def _decoder():
    context = get_default_latex_context_db()
    context.add_context_category("paperkg-bibtex", prepend=True, macros=[
        MacroTextSpec("textless", "<"),
        MacroTextSpec("textgreater", ">"),
        MacroTextSpec("textbar", "|"),
        MacroTextSpec("url", simplify_repl="%s"),
        *(MacroTextSpec(name, "") for name in ("cite", "citep", "citet", "citealp", "ref",
                                                "label", "footnote")),
    ])
    return LatexNodes2Text(latex_context=context, math_mode="text", keep_braced_groups=False)


_DECODER = _decoder()
# bibtexparser logs each block it cannot parse; paperkg reports them itself, once, as FILE:LINE.
logging.getLogger("bibtexparser").addHandler(logging.NullHandler())


# Text holding none of these is decoded by dropping its braces: the same as pylatexenc gives,
# at a thousandth of the time (pylatexenc costs milliseconds a field).
_LATEX_MARKS = re.compile(r"[\\$~]|--|``|''")


# Zotero escapes the LaTeX of an arXiv abstract instead of keeping it: "$\delta$" is exported
# as "\$\textbackslash delta\$", "\textit{x}" as "\textbackslash textit\textbraceleft
# x\textbraceright", "Pawe{\l}" as "Pawe{\textbackslash}l". Where \textbackslash appears, these
# escapes are undone first, so that the author's LaTeX is decoded (δ, x, ł), not shown as markup.
_ESCAPED_MACRO = re.compile(r"\{\\textbackslash\}([A-Za-z]+|[^A-Za-z])")
_ESCAPED_LATEX = re.compile(r"\\(textbackslash|textbraceleft|textbraceright|textasciitilde"
                            r"|textasciicircum)(?![A-Za-z])(?:\{\}| )?|\\([$%&_#])")
_UNESCAPED = {"textbackslash": "\\", "textbraceleft": "{", "textbraceright": "}",
              "textasciitilde": "~", "textasciicircum": "^"}


def escaped_latex(value):
    """The LaTeX a Zotero export escaped (see _ESCAPED_LATEX), restored."""
    value = _ESCAPED_MACRO.sub(lambda m: "{\\" + m[1] + "}", value)
    return _ESCAPED_LATEX.sub(lambda m: _UNESCAPED[m[1]] if m[1] else m[2], value)


def decode_latex(value):
    """LaTeX text as plain text (see the module docstring)."""
    if not value:
        return value
    if "\\textbackslash" in value:
        value = escaped_latex(value)
    if not _LATEX_MARKS.search(value):
        return html.unescape(_BRACE.sub("", value))
    try:
        value = _DECODER.latex_to_text(_BARE.sub(r"\\\1", value))
    except Exception:  # pylatexenc is tolerant; if it still gives up, keep the text unbraced
        value = value.replace("{", "").replace("}", "")
    return html.unescape(value)


def read(path):
    strings = Library()
    found = False
    for start, text in chunks(path):
        library = bibtexparser.parse_string(text, library=strings)
        for block in library.blocks:
            if isinstance(block, String):
                continue
            line = start + (block.start_line or 0)
            if isinstance(block, Entry):
                found = True
                yield record(path, line, block)
            elif isinstance(block, DuplicateBlockKeyBlock) \
                    and isinstance(block.ignore_error_block, Entry):
                found = True  # the key is taken, the entry is read all the same
                yield record(path, line, block.ignore_error_block, raw=True)
            elif isinstance(block, ParsingFailedBlock):
                found = True
                yield InputError(path, line, f"BibTeX entry not read: {failure(block)}")
        strings.remove([b for b in strings.blocks if not isinstance(b, String)])
    if not found:
        raise InputError(path, 1, "no BibTeX entries found: expected '@article{key, …}'")


def chunks(path):
    """Yield (line number of its first line, text) of pieces of the file cut between entries."""
    buffer, start, depth, entries = [], 1, 0, 0
    for number, line in lines(path):
        if depth <= 0 and _ENTRY_START.match(line):
            if entries >= CHUNK_ENTRIES:
                yield start, "\n".join(buffer)
                buffer, start, entries = [], number, 0
            entries += 1
            depth = 0
        buffer.append(line)
        for brace in _BRACE.findall(line):
            depth += 1 if brace == "{" else -1
    if buffer:
        yield start, "\n".join(buffer)


def failure(block):
    """What went wrong with a block, in one line."""
    error = block.error
    message = getattr(error, "abort_reason", None) or getattr(error, "message", None) or str(error)
    message = " ".join(str(message).split())
    return message or type(error).__name__


def record(path, line, entry, raw=False):
    values = {f.key.lower(): f.value for f in entry.fields if isinstance(f.value, str)}
    if raw:  # an entry the default middlewares did not see: enclosing braces or quotes remain
        values = {k: unenclosed(v) for k, v in values.items()}
    get = values.get
    note = get("note") or ""
    arxiv = next((v for v in (get("arxiv"), get("arxivid"), eprint(values), get("doi"),
                              get("url"), note if "arxiv" in note.lower() else None) if v), None)
    return fields.paper(
        path, line,
        title=decode_latex(get("title")),
        abstract=decode_latex(get("abstract")),
        authors=people(get("author")),
        year=get("year") or get("date"),
        venue=decode_latex(get("journal") or get("journaltitle") or get("booktitle")),
        doi=get("doi"),
        arxiv=arxiv,
        url=get("url"),
        keywords=fields.split_list(decode_latex(get("keywords")), (";", ",")),
    )


def eprint(values):
    prefix = (values.get("archiveprefix") or values.get("eprinttype") or "arxiv").lower()
    return values.get("eprint") if prefix == "arxiv" else None


def people(value):
    """Names of a BibTeX name list ("A and B and C") as "Given Family"."""
    if not value:
        return []
    names = []
    for name in split_multiple_persons_names(value):
        try:
            parts = parse_single_name_into_parts(name, strict=False)
            name = parts.merge_first_name_first
        except Exception:  # an odd name is kept as written
            pass
        names.append(decode_latex(name))
    return names


def unenclosed(value):
    value = value.strip()
    if len(value) >= 2 and (value[0], value[-1]) in (("{", "}"), ('"', '"')):
        return value[1:-1]
    return value
