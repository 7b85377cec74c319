"""Values said "respectively" of as many subjects: "etcd-0 和 etcd-2 的 WAL fsync p99 分别约 41 ms 和 39 ms",
"broker-2、broker-3 分别剩 34.2%、29.7%", "es-data-1 and es-data-2 … with free space of 7.8% and 6.9%
respectively", "启动时间分别是 `jx4mt` 09:12:40 UTC、`pq2rs` 09:13:05 UTC".

No one unit shows such a claim: each subject's value is its own record's. The values are the run of two or
more of one kind after "分别" (before "respectively"); each is paired with the name right before it when
every value has one ("`jx4mt` 09:12:40、`pq2rs` 09:13:05"), else, in order, with as many names of one kind
before the run. The claim grounds when each pair is shown by one unit together (with the claim's other
facts grounding as they would on their own); a pair swapped ("58% and 68%" of the other two) or any pair
no unit shows leaves the claim as it was.
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from evidence_trace.server.domain.model import ClaimStatus, Grounding
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.facts import Fact, FactKind
from evidence_trace.server.domain.verifier.unit_search import ground_parts

_KEYWORD = re.compile(r"分别|各自|\brespectively\b", re.I)
_VALUE_KINDS = (FactKind.QUANTITY, FactKind.COUNT, FactKind.TIME, FactKind.VERSION, FactKind.STATE)
_NAME_KINDS = (FactKind.INSTANCE, FactKind.SERVICE, FactKind.IDENTIFIER, FactKind.ALERT, FactKind.ID)

Found = tuple[ClaimStatus, tuple[Grounding, ...], str, bool]


def settle_respectively(text: str, facts: Sequence[Fact], evidence: Evidence, found: Found) -> Found:
    """The claim's check with its pairs: GROUNDED when each pair is shown; a claim grounded otherwise (its
    facts across records, each pair's value with another's subject) is UNGROUNDED when they are not."""
    if found[0] == ClaimStatus.CONTRADICTED:
        return found
    keyword = _KEYWORD.search(text)
    if keyword is None:
        return found
    placed = sorted(((text.find(f.text), f) for f in facts if text.find(f.text) >= 0), key=lambda p: p[0])
    values = _run(text, placed, keyword.start(), keyword.group(0).lower() == "respectively")
    pairs = (_adjacent(placed, values) or _in_order(placed, values)) if len(values) >= 2 else None
    if pairs is None:
        return found
    held = _pairs_shown(text, placed, pairs, evidence)
    if held is not None:
        return held
    if found[0] == ClaimStatus.GROUNDED:
        return ClaimStatus.UNGROUNDED, (), "a value said respectively is not its subject's", False
    return found


def _pairs_shown(
    text: str, placed: Sequence[tuple[int, Fact]], pairs: Sequence[tuple[Fact, ...]], evidence: Evidence
) -> Optional[Found]:
    """GROUNDED when each subject's value is shown with it (module docstring), else None."""
    paired = {id(f) for pair in pairs for f in pair}
    groundings: list[Grounding] = []
    direct = True
    for pair in pairs:  # each pair whole, never split into parts
        status, found, _, pair_direct = ground_parts(" ".join(f.text for f in pair), pair, evidence)
        if status != ClaimStatus.GROUNDED:
            return None
        groundings.extend(found[:1])
        direct = direct and pair_direct
    # a count of as many as the pairs ("两个 Pod A 和 B") is theirs; any other must ground
    rest = tuple(f for _, f in placed if id(f) not in paired and not _counts_pairs(f, len(pairs)))
    if rest:  # what the claim says besides the pairs grounds as it would on its own
        status, found, _, rest_direct = ground_parts(text, rest, evidence)
        if status != ClaimStatus.GROUNDED:
            return None
        groundings.extend(found[:1])
        direct = direct and rest_direct
    return ClaimStatus.GROUNDED, tuple(groundings[:6]), "each subject's value is shown with it", direct


def _counts_pairs(fact: Fact, pairs: int) -> bool:
    return fact.kind == FactKind.COUNT and fact.quantity is not None and fact.quantity.value == pairs


def _run(text: str, placed: Sequence[tuple[int, Fact]], at: int, english: bool) -> list[tuple[int, Fact]]:
    """The values the keyword distributes: the run of one kind after "分别", or before "respectively", each
    from the next by a list's separator (or a name: "`jx4mt` 09:12:40、`pq2rs` 09:13:05")."""
    side = [p for p in placed if (p[0] < at if english else p[0] > at) and p[1].kind in _VALUE_KINDS]
    if english:
        side = side[::-1]
    run: list[tuple[int, Fact]] = []
    for position, fact in side:
        if run and (fact.kind != run[0][1].kind or _dimension(fact) != _dimension(run[0][1])):
            break
        if run and not _listed(text, placed, *sorted((run[-1], (position, fact)), key=lambda p: p[0])):
            break
        run.append((position, fact))
    return sorted(run, key=lambda p: p[0])


_SEPARATOR = re.compile(r"(?:[\s、,，/和及与`*()（）:：~≈约]|\band\b|\bvs\.?)*", re.I)


def _listed(text: str, placed: Sequence[tuple[int, Fact]], first: tuple[int, Fact], second: tuple[int, Fact]) -> bool:
    """Whether two values are next in one list: only separators and names between them."""
    gap = text[first[0] + len(first[1].text) : second[0]]
    for position, fact in placed:
        if fact.kind in _NAME_KINDS and first[0] < position < second[0]:
            gap = gap.replace(fact.text, " ")
    return len(gap) <= 40 and _SEPARATOR.fullmatch(gap) is not None


def _dimension(fact: Fact) -> object:
    return fact.quantity.dimension if fact.quantity is not None else None


def _adjacent(
    placed: Sequence[tuple[int, Fact]], values: Sequence[tuple[int, Fact]]
) -> Optional[list[tuple[Fact, ...]]]:
    """Each value with the one name right before it ("`jx4mt` 09:12:40、`pq2rs` 09:13:05"), or right after it
    ("1.22.3（revision 8）和 1.22.2（revision 7）"), when every value has one."""
    bounds = [p for p, _ in values]
    for after in (False, True):
        pairs: list[tuple[Fact, ...]] = []
        for i, (position, value) in enumerate(values):
            low, high = (
                (position, bounds[i + 1] if i + 1 < len(bounds) else 1 << 30)
                if after
                else (bounds[i - 1] if i else -1, position)
            )
            names = [f for p, f in placed if low < p < high and f.kind in _NAME_KINDS and f is not value]
            if len(names) != 1:
                break
            pairs.append((names[0], value))
        else:
            return pairs
    return None


def _in_order(
    placed: Sequence[tuple[int, Fact]], values: Sequence[tuple[int, Fact]]
) -> Optional[list[tuple[Fact, ...]]]:
    """The values paired in order with as many names of one kind before them."""
    first = values[0][0]
    names = [f for p, f in placed if p < first and f.kind in _NAME_KINDS]
    if len(names) < len(values):
        return None
    names = names[-len(values) :]
    if len({f.kind for f in names}) != 1:
        return None
    return [(name, value) for name, (_, value) in zip(names, values)]
