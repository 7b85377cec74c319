"""Tolerant parsing of tool output previews.

A preview is the start of a tool's output, cut at a size bound by the agent
runtime or the server, so it may end anywhere: inside a string, right after an
opening brace, next to a multibyte character. Nothing here raises on such text;
the parsers recover what the visible part says and say when it is partial.

Work is linear in the preview's length: one regex-driven token scan at most,
no backtracking-prone patterns.

The code is split by concept in domain/preview/ (jsonscan, cutjson, locate,
loglines); this module is their public face, and every name it has always
offered is importable from here.
"""

from __future__ import annotations

from evidence_trace.server.domain.preview.cutjson import (
    JsonPreview,
    close_truncated_json,
    parse_cut_json_reference,
    parse_json_preview,
)
from evidence_trace.server.domain.preview.jsonscan import MAX_JSON_DEPTH, TRUNCATION_MARK
from evidence_trace.server.domain.preview.locate import JsonPath, iter_dicts, value_span
from evidence_trace.server.domain.preview.loglines import ERROR_LEVELS, LogLine, parse_log_line, parse_log_lines

__all__ = [
    "ERROR_LEVELS",
    "JsonPath",
    "JsonPreview",
    "LogLine",
    "MAX_JSON_DEPTH",
    "TRUNCATION_MARK",
    "close_truncated_json",
    "iter_dicts",
    "parse_cut_json_reference",
    "parse_json_preview",
    "parse_log_line",
    "parse_log_lines",
    "value_span",
]
