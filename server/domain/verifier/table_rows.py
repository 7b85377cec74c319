"""A table row read cell by cell: "| 13:30 | 247.5 MiB | 109 MiB |" under "| time | api-0 | api-1 |".

A row binds its cells by its first cell (the key: a time, a pod, an alert, a partition) and names what
each cell is by its column's header. Its values often come from several units: one series per column,
one sample per time. Read as one claim, the row then binds facts of different units and is not grounded.
Read cell by cell, each cell is a claim of its own, "13:30 api-0: 247.5 MiB", that one unit must ground
with the key and whatever the header names; the row is grounded when every cell is. A cell that does
not ground leaves the row as it was read whole.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Callable, Sequence

from evidence_trace.server.domain.model import ClaimCheck, ClaimKind, ClaimStatus
from evidence_trace.server.domain.verifier.claims import Claim
from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts
from evidence_trace.server.domain.verifier.unit_search import MAX_GROUNDINGS, SUBJECT_KINDS

# a header that names a subject: a pod suffix, a host, a partition ("k2v7q", "api-0", "p3"), not a plain word
# nor a measure's name: an HTTP status class ("5xx") or a percentile ("p99", "P95")
_NAME = re.compile(r"(?![1-5]xx\b|[pP][0-9]{2}(?:\.[0-9]+)?\b)(?:[A-Za-z_]*[0-9][\w.\-]*|[A-Za-z]+(?:-[A-Za-z0-9]+)+)")
_KEY_KINDS = frozenset(SUBJECT_KINDS) | {FactKind.TIME, FactKind.ID, FactKind.VERSION}


def cell_claims(row: Claim) -> tuple[Claim, ...]:
    """The row's cells as claims of their own, each with the key cell and the cell's header; () when the
    row has no header, fewer than three cells, or a key that names nothing a unit is about."""
    if len(row.columns) < 3:
        return ()
    _, key = row.columns[0]
    if not any(f.kind in _KEY_KINDS for f in extract_facts(key)):
        return ()
    return tuple(
        dataclasses.replace(row, text=f"{key} {header}: {cell}", kind=ClaimKind.FACT, table=False, columns=())
        for header, cell in row.columns[1:]
        if cell.strip()
    )


def check_by_cells(
    row: Claim, whole: ClaimCheck, check: Callable[[Claim], ClaimCheck], cells: Sequence[Claim]
) -> ClaimCheck:
    """The row's check: grounded when every cell is, else the check of the row read whole."""
    checks = [check(cell) for cell in cells]
    if not checks or any(c.status not in (ClaimStatus.GROUNDED, ClaimStatus.UNCHECKABLE) for c in checks):
        return whole
    for (header, _), cell_check in zip(row.columns[1:], checks):
        name = _NAME.search(header)
        if name and not any(name.group(0).lower() in fact.lower() for fact in cell_check.facts):
            return whole  # a column named for a subject ("k2v7q") the cell was not checked against
    grounded = [c for c in checks if c.status == ClaimStatus.GROUNDED]
    if not grounded:
        return whole
    groundings = tuple(g for c in grounded for g in c.groundings)
    return dataclasses.replace(
        whole,
        status=ClaimStatus.GROUNDED,
        groundings=tuple(dict.fromkeys(groundings))[:MAX_GROUNDINGS],
        reason="each cell is grounded with the row's first cell and its column's header",
        direct=any(c.direct for c in grounded),
        inference=False,
    )


_PLAIN = re.compile(r"[~≈约]?\s*([0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.[0-9]+)?")


def with_column_totals(claims: Sequence[Claim]) -> list[Claim]:
    """The claims, each row of a table given the sums of its table's columns of plain numbers ("| 502 |
    7,021 | 83.5% |" under a table whose count column adds up to 8,412: the share is 7,021 of 8,412). A total
    row ("| 合计 | 8,412 |") is left out of the sums, and is context when each of its numbers is one."""
    out = list(claims)
    start = 0
    while start < len(out):
        headers = [h for h, _ in out[start].columns]
        end = start
        while end < len(out) and out[end].columns and [h for h, _ in out[end].columns] == headers:
            end += 1
        if end - start >= 2:
            rows = [row for row in out[start:end] if not _TOTAL_ROW.match(row.columns[0][1])]
            sums = [_column_sum([row.columns[i][1] for row in rows]) for i in range(len(headers))]
            totals = tuple(t for t in sums if t is not None)
            out[start:end] = [
                _total_row(row, rows, sums) or dataclasses.replace(row, totals=totals) for row in out[start:end]
            ]
        start = max(end, start + 1)
    return out


# "| 合计 | 418,496 |", "| **Total** | 1,284 | 100% |": a row of the sums of the rows above it
_NONE_CELLS = frozenset({"–", "-", "—", "－"})
_PERCENT = re.compile(r"[~≈约]?\s*([0-9]+(?:\.[0-9]+)?)\s*%")
_TOTAL_ROW = re.compile(r"[*_ \t]*(?:合计|总计|共计|总和|小计|total|sum|all)[*_ \t:：]*$", re.I)


def _total_row(row: Claim, rows: Sequence[Claim], sums: Sequence[float | None]) -> Claim | None:
    """A total row whose every number is its column's sum (a share column's "100%", or its shares' sum to
    their rounding, included): the writer's arithmetic, as context, its operands being the rows above it,
    each checked. None for any other row."""
    if not _TOTAL_ROW.match(row.columns[0][1]):
        return None
    summed = False
    for i, ((_, cell), total) in enumerate(zip(row.columns[1:], sums[1:]), 1):
        value = _bare(cell)
        if not re.search(r"[0-9]", value) or re.fullmatch(r"[~≈约]?\s*100(?:\.0+)?\s*%", value):
            continue
        share = _PERCENT.fullmatch(value)
        if share is not None:  # "92%" under shares of 73% and 19%
            parts = [_PERCENT.fullmatch(_bare(r.columns[i][1])) for r in rows]
            found = sum(float(m.group(1)) for m in parts if m is not None)
            if not all(parts) or abs(found - float(share.group(1))) > 0.5 * len(rows):
                return None
            continue
        if total is None or _plain_value(value) != total:
            return None
        summed = True
    return dataclasses.replace(row, kind=ClaimKind.CONTEXT) if summed else None


def _column_sum(cells: Sequence[str]) -> float | None:
    values = []
    for cell in cells:
        if _bare(cell) in _NONE_CELLS:
            continue  # "| 09:05 | – | 1 |": none in that row
        value = _plain_value(cell)
        if value is None:
            return None  # a column of anything but plain numbers has no total
        values.append(value)
    return sum(values) if values else None


def _bare(cell: str) -> str:
    return cell.replace("*", "").strip()  # "**1,932**": the cell as a figure, its emphasis aside


def _plain_value(cell: str) -> float | None:
    """A cell's plain number ("~1,932", "约 412"), or None for anything else."""
    m = _PLAIN.fullmatch(_bare(cell))
    return float(m.group(0).lstrip("~≈约 ").replace(",", "")) if m else None
