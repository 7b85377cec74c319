"""A name a claim denies is there at all ("2.14.0 has no inventory_reservations span", "没有 inventory_reservations
这条 span"): what the claim says of its other names is that this one is absent."""

from __future__ import annotations

import re
from typing import Sequence

from evidence_trace.server.domain.verifier.facts import Fact


def denies_a_name(text: str, facts: Sequence[Fact]) -> bool:
    """Whether the claim denies one of its names is there at all ("2.14.0 has no inventory_reservations span",
    "2.14.0：没有 inventory_reservations 这条 span", "without a checkout-db replica"): what it says of the other names
    is that this one is absent, so a unit showing the name beside another value contradicts nothing."""
    return any(
        re.search(
            rf"(?:\b(?:no|without|not a|not an|not any)[ \t]+(?:the[ \t]+)?|没有|无)[ \t]*{re.escape(f.text)}",
            text,
            re.I,
        )
        for f in facts
        if f.is_entity
    )
