"""The first metric name of a PromQL query: a small tokenizer that skips functions, aggregations and grouping."""

from __future__ import annotations

import re

_PROMQL_TOKEN = re.compile(
    r'"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\'|`[^`]*`'  # string literals
    r"|\{[^{}]*\}|\[[^\[\]]*\]"  # label matchers, range and subquery selectors
    r"|[A-Za-z_:][A-Za-z0-9_:]*|\d[\w.]*|\S"
)
_PROMQL_IDENTIFIER = re.compile(r"[A-Za-z_:][A-Za-z0-9_:]*")
_PROMQL_GROUPING = frozenset({"by", "without", "on", "ignoring", "group_left", "group_right"})
_PROMQL_KEYWORDS = (
    frozenset(
        {
            "sum",
            "min",
            "max",
            "avg",
            "group",
            "stddev",
            "stdvar",
            "count",
            "count_values",
            "bottomk",
            "topk",
            "quantile",
            "limitk",
            "limit_ratio",
            "bool",
            "and",
            "or",
            "unless",
            "offset",
            "atan2",
            "inf",
            "nan",
        }
    )
    | _PROMQL_GROUPING
)
_PROMQL_LIMIT = 2048


def promql_metric_name(query: str) -> str:
    """The first metric name of a PromQL query, skipping functions, aggregations
    and grouping labels: 'sum by (le) (rate(http_seconds_bucket[5m]))' gives
    'http_seconds_bucket'. "" when there is none."""
    tokens = _PROMQL_TOKEN.findall(query[:_PROMQL_LIMIT])
    index = 0
    while index < len(tokens):
        token = tokens[index]
        following = tokens[index + 1] if index + 1 < len(tokens) else ""
        if token.lower() in _PROMQL_GROUPING and following == "(":
            index = _after_group(tokens, index + 1)
            continue
        if _PROMQL_IDENTIFIER.fullmatch(token) and following != "(" and token.lower() not in _PROMQL_KEYWORDS:
            return token
        index += 1
    return ""


def _after_group(tokens: list[str], open_index: int) -> int:
    """The index after the ")" matching the "(" at open_index."""
    depth = 0
    for index in range(open_index, len(tokens)):
        depth += {"(": 1, ")": -1}.get(tokens[index], 0)
        if depth == 0:
            return index + 1
    return len(tokens)
