"""A query's threshold (input_params "threshold" and "comparison"), which a metric sample crosses or not."""

from __future__ import annotations

import dataclasses
import math
import operator
import types
from typing import Any, Callable, Mapping, Optional

from evidence_trace.server.domain.formats.model import Record

COMPARISONS: Mapping[str, Callable[[float, float], bool]] = types.MappingProxyType(
    {">": operator.gt, ">=": operator.ge, "<": operator.lt, "<=": operator.le}
)


def number(raw: Any) -> Optional[float]:
    """raw as a float when it is a number or a numeric string, else None."""
    if isinstance(raw, bool):
        return None
    if isinstance(raw, (int, float)):
        return float(raw)
    if isinstance(raw, str) and len(raw) <= 64:
        try:
            return float(raw)
        except ValueError:
            return None
    return None


def threshold(params: Mapping[str, Any]) -> Optional[tuple[str, float]]:
    """params "threshold" (a number or numeric string) and "comparison" (default ">")."""
    limit = number(params.get("threshold"))
    if limit is None or math.isnan(limit):
        return None
    raw = params.get("comparison")
    symbol = raw.strip() if isinstance(raw, str) else ""
    return (symbol if symbol in COMPARISONS else ">"), limit


def crossing(record: Record, limit: Optional[tuple[str, float]]) -> Record:
    """A series record, given as its problem its first sample beyond the query's threshold ("0.31 > 0.2")."""
    if limit is None:
        return record
    symbol, bound = limit
    beyond = next((n.value for n in record.numbers() if n.sample and COMPARISONS[symbol](n.value, bound)), None)
    return record if beyond is None else dataclasses.replace(record, problem=f"{beyond:g} {symbol} {bound:g}")
