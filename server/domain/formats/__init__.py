"""Evidence formats: one registry (registry.py) of the shapes tool output comes in.

Each format module gives an id, a recogniser, the records the verifier turns into
units, and the outcome the classifier stores at record time; fields.py holds the
field maps and vocabularies (levels, subjects, problem states) every format reads
through. docs/evidence-rules.md ("Formats") lists them.

This package's __init__ imports nothing: domain/preview/loglines.py reads the
level vocabulary from fields.py without loading the registry.
"""
