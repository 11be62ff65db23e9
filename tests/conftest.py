"""Shared fixtures. The spaCy pipeline is loaded once per test session (it is the slow part)."""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SEEDS = ROOT / "seeds"


@pytest.fixture(scope="session")
def nlp():
    from paperkg.extract.pipeline import make_nlp

    return make_nlp()
