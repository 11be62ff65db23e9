"""Exporters: one module per format, each writing its files through an io.OutputSet."""
