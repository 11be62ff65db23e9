"""Readers of input files: one module per format."""
