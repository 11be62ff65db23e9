"""Hostile text, decided once: what every reader does to every text it reads.

Some characters break the files paperkg writes: XML 1.0 (GEXF, GraphML, the explorer's
markup) cannot carry the C0 controls, noncharacters or lone surrogates, and line-based formats
(N-Triples, JSONL read with ``str.splitlines()``) split at U+0085, U+2028, U+2029 and the C0
separators. Text pasted from PDFs and scraped pages holds them (a form feed at each page break).

The rule, applied by ``clean`` to every text field of every format (titles, abstracts, authors,
venues, keywords, identifiers) as it is read: each of these characters becomes ONE space, so
the text keeps its length and nothing downstream meets them:

- the C0 controls U+0000–U+001F (NUL included; tab, LF and CR are whitespace and are folded
  anyway), DEL U+007F and the C1 controls U+0080–U+009F (NEL U+0085 included);
- the line and paragraph separators U+2028 and U+2029;
- the noncharacters U+FDD0–U+FDEF and U+nFFFE, U+nFFFF of every plane;
- lone surrogates U+D800–U+DFFF (a JSON ``"\\ud800"`` escape gives one).

Everything else is kept exactly: right-to-left marks, combining characters, emoji, private use
characters, markup and quotes. Whitespace is then folded to single spaces (``fold``), in every
field of every format (a list file's wrapped lines are joined, as they always were).

A text longer than a limit (``extract.defaults.MAX_TEXT_CHARS``, ``--max-chars``) is cut at a
word boundary by ``cut``; the caller reports the cut as ``FILE:LINE: …``.
"""

import re
import unicodedata

from .. import defaults

_NONCHARACTERS = "".join(
    f"{chr(plane << 16 | 0xFFFE)}{chr(plane << 16 | 0xFFFF)}" for plane in range(17)
)
# The characters ``clean`` replaces (see the module docstring).
HOSTILE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u2028\u2029\ufdd0-\ufdef\ud800-\udfff" + _NONCHARACTERS + "]"
)


def clean(text):
    """``text`` with each hostile character replaced by one space: same length."""
    return HOSTILE.sub(" ", text)


def fold(text):
    """Whitespace runs folded to one space, no space at either end."""
    return " ".join(text.split())


def clean_field(value):
    """A text field as read from a structured format: cleaned, folded; None when empty."""
    if value is None:
        return None
    if not isinstance(value, str):
        value = str(value)
    value = fold(value)  # most texts have no hostile character left once folded: one C scan
    if not value.isprintable():
        value = fold(clean(value))
    return value or None


def normalise_text(text):
    """Text as compared and hashed: NFKC, whitespace folded, lower case."""
    return " ".join(unicodedata.normalize("NFKC", text).split()).lower()


def is_truncated(text):
    """Whether ``text`` was cut off by its source (it ends in an ellipsis)."""
    return bool(text) and text.rstrip().endswith(defaults.TRUNCATION_MARKS)


def cut(text, max_chars):
    """``text`` cut to at most ``max_chars`` characters at a word boundary (at ``max_chars`` when
    the last half holds no space); ``text`` itself when it is short enough or ``max_chars`` is 0."""
    if not max_chars or len(text) <= max_chars:
        return text
    space = text.rfind(" ", max_chars // 2, max_chars + 1)
    return text[:space].rstrip() if space > 0 else text[:max_chars]


def year(value):
    """The year a date-like value names ("2021", "2021-05-03", "May 2021", 2021), or None."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value if 1000 <= value <= 2999 else None
    if not isinstance(value, str):
        return None
    match = re.search(r"(?<!\d)(1[5-9]\d\d|20\d\d)(?!\d)", value)
    return int(match.group(1)) if match else None


def person(name):
    """A person's name as "Given Family": "Family, Given" reordered, whitespace folded."""
    name = clean_field(name)
    if not name:
        return None
    if name.count(",") == 1:
        family, given = (part.strip() for part in name.split(","))
        name = f"{given} {family}".strip()
    return name or None

