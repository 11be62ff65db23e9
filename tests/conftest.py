"""Shared fixtures. The spaCy pipeline is loaded once per test session (it is the slow part)."""

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SEEDS = ROOT / "seeds"


@pytest.fixture(scope="session")
def nlp():
    from paperkg.extract.pipeline import make_nlp

    return make_nlp()


@pytest.fixture(scope="session")
def seed_records(nlp):
    """The seeds read and extracted with the real pipeline."""
    from paperkg.extract.pipeline import extract_records
    from paperkg.extract.readers import read_paths

    records, _, _ = read_paths([SEEDS])
    return extract_records(records, nlp)


@pytest.fixture(scope="session")
def seed_graph(seed_records, nlp):
    """The knowledge graph of the seeds, as `paperkg build` makes it."""
    from paperkg.graph.build import make_graph

    return make_graph(seed_records, nlp)


@pytest.fixture(autouse=True, scope="session")
def isolated_cache(tmp_path_factory):
    """Every test's extraction cache and query stores under one temporary folder, never the
    user's ~/.cache/paperkg."""
    os.environ["PAPERKG_CACHE"] = str(tmp_path_factory.mktemp("cache"))
