"""A figure that is part of a name the evidence writes joined: "Route 53" of `aws route53 …`, "Log4j 2" of
`log4j2.xml`, "Windows Server 2019" of `WindowsServer2019`.

Prose writes a product's number apart from its word; tools and APIs join them. A bare figure right after a
capitalised word, when some row of the session writes the word and the figure as one token, is that name's, not
a quantity the claim states: it is dropped from the claim's facts (the name then stays what it is in prose, an
ordinary word). A figure with a unit, or one no row joins to its word, is kept.
"""

from __future__ import annotations

import re

from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.facts import Fact, FactKind

# a capitalised word, a blank, a bare figure (no unit or further figure after it)
_WORD_FIGURE = re.compile(r"(?<![\w-])([A-Z][A-Za-z0-9]{1,20})[ \t]+([0-9]{1,4})(?![\w.,:%/-])")


def without_joined_figures(text: str, facts: tuple[Fact, ...], evidence: Evidence) -> tuple[Fact, ...]:
    """The claim's facts without the bare figures that are a joined name's (module docstring)."""
    joined = {m.start(2): f"{m.group(1)}{m.group(2)}".lower() for m in _WORD_FIGURE.finditer(text)}
    if not joined:
        return facts
    # (the figure read with the word after it as its noun, "2 config sets", is still the figure of "Log4j 2")
    return tuple(
        f
        for f in facts
        if not (
            f.kind in (FactKind.QUANTITY, FactKind.COUNT)
            and text.find(f.text) in joined
            and evidence.mentions(joined[text.find(f.text)])
        )
    )
