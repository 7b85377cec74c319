"""A count of the items the claim names right before it: "只有 store_validation_result 和 update_data_docs 两个动作",
"TCP 443 和 8443 两个端口", "A、B、C 三台". Chinese puts the count after what it counts; the count is how many items
stand joined (和, 与, 及, 以及, 、, ",", and, or) right before it, each one token, and the items are checked.

The count is read so only when exactly that many items stand there and each is a fact of the claim (a name, an id,
a figure) or a quoted token; a count of anything else ("两个动作" after a sentence) is still a fact to show.
enumerated_counts reads the names that follow a count ("two instances (A and B)").
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from evidence_trace.server.domain.verifier.fact_model import normalize
from evidence_trace.server.domain.verifier.facts import Fact, FactKind, extract_facts
from evidence_trace.server.domain.verifier.numerals import arabic

_ITEM = r"[`*'\"]*[\w./:@+-]+[`*'\"]*"
_JOINT = r"[ \t]*(?:和|与|及|以及|、|,|，|\band\b|\bor\b)[ \t]*"
_LIST_BEFORE = re.compile(rf"(?<![\w./:@+-])({_ITEM}(?:{_JOINT}{_ITEM})+)[ \t]*$")


def preceding_counts(text: str, facts: Sequence[Fact]) -> set[int]:
    """The indexes of counts that say how many items the claim lists right before them (module docstring)."""
    written = arabic(normalize(text))  # as the facts were read: "两个" is "2个"
    # (times are records' times: "11:02:31、11:02:34 两条" counts records, whose number is a fact to show)
    own = {f.text.strip("`*'\"") for f in facts if f.kind not in (FactKind.COUNT, FactKind.TIME)}
    counted = set()
    every: Optional[tuple[Fact, ...]] = None  # the claim's facts as its text gives them, read when first needed
    for index, fact in enumerate(facts):
        if fact.kind != FactKind.COUNT or fact.quantity is None or fact.quantity.value < 2:
            continue
        at = written.find(fact.text)
        found = _LIST_BEFORE.search(written, 0, at) if at > 0 else None
        if found is None:
            continue
        items = [item.strip("`*'\" ") for item in re.split(_JOINT, found.group(1))]
        if len(items) != int(fact.quantity.value):
            continue
        # "az1、az2 两个可用区之外还有 az4": another item of theirs follows (a name the evidence may lack, which the
        # claim's facts no longer hold: read from the text), and the count is a fact to show
        every = extract_facts(text) if every is None else every
        kinds = {f.kind for f in every if f.text.strip("`*'\"") in items}
        after = written[at + len(fact.text) :]
        if any(f.kind in kinds and f.text.strip("`*'\"") not in items and f.text in after for f in every):
            continue
        if all(item in own or re.fullmatch(r"[0-9]+", item) or f"`{item}`" in text for item in items) and not any(
            re.fullmatch(r"[0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?", item) for item in items
        ):
            counted.add(index)
    return counted
