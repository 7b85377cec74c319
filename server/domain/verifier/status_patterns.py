"""HTTP statuses as drafts write them: "HTTP 503", "status code: 504", "503 errors", "504s", "返回 502"."""

from __future__ import annotations

import re

_HTTP_STATUS = re.compile(
    r"(?<![A-Za-z0-9])(?:HTTP(?:/[0-9](?:\.[0-9])?)?|status(?:[ _]code)?|状态码|返回了?|报了?|响应)"
    r"[ \t]*(?:[:=为是][ \t]*)?([1-5][0-9]{2})(?![0-9]|\.[0-9])",
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
