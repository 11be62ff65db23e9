"""The exceptions paperkg raises for the user. ``str(exc)`` is the one line the CLI prints."""

# Exit statuses of the command line, documented in the README.
EXIT_OK = 0
EXIT_PARTIAL = 1  # some inputs were skipped; everything readable was still processed
EXIT_INPUT = 2  # bad input or bad usage: nothing usable was given


class PaperkgError(Exception):
    """Base class: a problem the user can fix. Its message is shown as is."""

    exit_code = EXIT_INPUT


class InputError(PaperkgError):
    """A list file (or path) that cannot be read. The message starts with ``FILE:LINE:``."""

    def __init__(self, path, line, what):
        self.path, self.line, self.what = str(path), line, what
        super().__init__(f"{self.path}:{line}: {what}")


class ModelError(PaperkgError):
    """The spaCy model cannot be loaded."""
