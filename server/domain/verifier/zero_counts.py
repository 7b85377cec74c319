"""A count of none ("0 restarts", "no restarts", "zero retries", "重启 0 次", "0 次重启") denies the event it counts.

The count is the claim's fact (a RESTARTS column of 0 shows it); the event its noun or verb names is not
something the unit must show, since the claim says it did not happen.
"""

from __future__ import annotations

from evidence_trace.server.domain.verifier.fact_model import Fact, FactKind


def without_denied_events(ordered: list[tuple[int, Fact]]) -> list[tuple[int, Fact]]:
    """ "0 restarts", "no restarts", "zero retries": a count of none denies the event its noun names; the
    count is checked (a RESTARTS column of 0), the event is not a fact the unit must show."""
    zero = [
        (at, f) for at, f in ordered if f.kind == FactKind.COUNT and f.quantity is not None and f.quantity.value == 0
    ]
    if not zero:
        return ordered
    return [
        (start, f)
        for start, f in ordered
        if not (
            f.kind == FactKind.EVENT
            # its noun ("no restarts"), the verb right before the count ("重启 0 次", "restarted 0 times") or the
            # noun right after its measure word ("0 次重启", "0 次 重启")
            and any(
                f.text.lower() in z.text.lower()
                or 0 <= at - (start + len(f.text)) <= 4
                or (0 <= start - (at + len(z.text)) <= 1 and z.text[:1] in "0零")
                for at, z in zero
            )
        )
    ]
