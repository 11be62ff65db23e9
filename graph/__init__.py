"""paperkg.graph: the knowledge graph built from extracted papers, its analysis and its exports."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("paperkg")
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0.0.0"
