"""The exceptions paperkg raises for the user. ``str(exc)`` is the one line the CLI prints."""

import re

# Exit statuses of the command line, documented in the README.
EXIT_OK = 0
EXIT_PARTIAL = 1  # some inputs were skipped; everything readable was still processed
EXIT_INPUT = 2  # bad input or bad usage: nothing usable was given
EXIT_ENVIRONMENT = 2  # the surroundings: an output that cannot be written, a full disk, ...
EXIT_INTERRUPTED = 130  # Ctrl-C (128 + SIGINT)
EXIT_TERMINATED = 143  # SIGTERM (128 + SIGTERM)


class PaperkgError(Exception):
    """Base class: a problem the user can fix. Its message is shown as is."""

    exit_code = EXIT_INPUT


# Characters a file name may hold that would break a one-line message or act on a terminal:
# controls (C0, C1), line and paragraph separators, bidirectional and other format marks.
_UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u200b-\u200f\u202a-\u202e"
                          r"\u2066-\u2069\ufeff]")


def printable(name):
    """``name`` with every character that could split a line or steer a terminal written as
    an escape (``\\x1b``, ``\\n``, ``\\u202e``), so a message stays one readable line."""
    return _UNPRINTABLE.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), name)


class InputError(PaperkgError):
    """A list file (or path) that cannot be read. The message starts with ``FILE:LINE:``."""

    def __init__(self, path, line, what):
        self.path, self.line, self.what = printable(str(path)), line, what
        super().__init__(f"{self.path}:{line}: {what}")


class ModelError(PaperkgError):
    """The spaCy model cannot be loaded."""


class OutputError(PaperkgError):
    """An output that cannot be written (read-only folder, full disk, a name taken by a
    directory). The message starts with the path."""

    exit_code = EXIT_ENVIRONMENT

    def __init__(self, path, what):
        self.path, self.what = printable(str(path)), what
        super().__init__(f"{self.path}:0: {what}")


class Interrupted(BaseException):
    """The run was stopped by a signal (SIGTERM); ``exit_code`` is 128 + the signal number.
    A BaseException, like KeyboardInterrupt, so that no ``except Exception`` swallows it."""

    def __init__(self, exit_code):
        self.exit_code = exit_code
        super().__init__(f"terminated (exit {exit_code})")
