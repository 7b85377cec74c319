"""HTTP statuses as drafts write them: "HTTP 503", "status code: 504", "503 errors", "504s", "返回 502"."""

from __future__ import annotations

import dataclasses
import re
from typing import Iterator

from evidence_trace.server.domain.verifier.fact_model import Dimension, Fact, FactKind, Quantity, Scope

_HTTP_STATUS = re.compile(
    r"(?<![A-Za-z0-9])(?:HTTP(?:/[0-9](?:\.[0-9])?)?|status(?:[ _]code)?|状态码|返回了?|报了?|响应"
    r"|(?:returned|returns|returning|responded|responds|responding|answered|answers|answering)(?:[ \t]+(?:with|an?))?)"
    # not a count of what came back ("returned 200 rows", "返回了 200 条")
    r"[ \t]*(?:[:=为是][ \t]*)?([1-5][0-9]{2})(?![0-9]|\.[0-9]|[ \t]*(?:[a-z]+s\b|条|个|行|次|项))",
    re.IGNORECASE,
)
# "503 errors", "502 responses", "a 504", "504 Gateway Timeout"
# The HTTP status codes in use (RFC 9110 and the registry, plus nginx's 499 and the 52x of CDNs): "128 ERROR
# logs" and "37 errors" count entries; "503 errors", "504s" are responses.
HTTP_STATUS_CODES = r"(?:10[0-3]|20[0-8]|226|30[0-8]|4[0-2][0-9]|43[01]|451|499|50[0-9]|51[01]|52[0-9]|530)"
_STATUS_WORDS = re.compile(
    r"(?<![A-Za-z0-9.:/-])(" + HTTP_STATUS_CODES + r")[ \t]+(?:errors?|responses?|status(?:es)?|codes?|Bad Gateway|"
    r"Service Unavailable|Gateway Time-?out|Internal Server Error|Not Found|Too Many Requests|错误|响应)",
    re.IGNORECASE,
)
_STATUS_PLURAL = re.compile(r"(?<![A-Za-z0-9.:/-])(" + HTTP_STATUS_CODES + r")s(?![A-Za-z0-9])")
_DURATION_BEFORE = re.compile(
    r"\b(?:for|after|took|takes|taking|lasting|lasted|within|in|over|under|about|around|nearly|wait(?:ed|ing)?|"
    r"hang(?:s|ing)?|hung|timeout|latency|duration|(?:latency|duration|time|timeout|wait) of)\s+(?:about\s+|around\s+|nearly\s+|over\s+)?$",
    re.I,
)


def status_facts(masked: str) -> Iterator[tuple[int, int, Fact]]:
    """The HTTP statuses of a claim (times and versions masked), with where each stands. "504s" is 504
    seconds after "for", "took" ... and otherwise a status that may also be read as a duration."""
    for m in _HTTP_STATUS.finditer(masked):
        yield m.start(), m.end(), _status(m.group(0), m.group(1))
    for m in _STATUS_WORDS.finditer(masked):
        yield m.start(1), m.end(1), _status(m.group(0), m.group(1))
    for m in _STATUS_PLURAL.finditer(masked):
        seconds = Fact(
            FactKind.QUANTITY, m.group(0), m.group(0), quantity=Quantity(Dimension.TIME, float(m.group(1)), 1000.0, 0)
        )
        before = masked[max(0, m.start() - 24) : m.start()]
        if _DURATION_BEFORE.search(before):
            yield m.start(), m.end(), seconds
        else:
            yield m.start(), m.end(), dataclasses.replace(_status(m.group(0), m.group(1)), alternatives=(seconds,))


def _status(text: str, code: str) -> Fact:
    # What a call was about may be a status ("code=\"429\"" in its query): SUBJECT.
    return Fact(FactKind.HTTP_STATUS, text, code, Scope.SUBJECT)
