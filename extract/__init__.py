"""paperkg.extract: read related-paper lists and pull concepts out of their abstracts.

Knows nothing of graphs: it turns input files into plain paper records (dicts).
"""
