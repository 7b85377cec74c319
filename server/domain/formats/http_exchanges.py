"""http_exchanges: what an HTTP client prints of its exchanges (`curl -i`, `curl -I`, `curl -sv`, `curl -L`,
httpie's `--print=hH`), one record for each response, each request and each certificate.

    * Server certificate:
    *  subject: CN=api.example.com
    *  expire date: Apr  5 08:14:21 2026 GMT
    > GET /healthz HTTP/2
    > Host: api.example.com
    < HTTP/2 503
    < content-type: text/plain
    < retry-after: 30
    <
    upstream connect error or disconnect/reset before headers

A response's status line and its headers are one record (`response 1`): "503 with Retry-After: 30" is
said of one response, which a reader of lines sets apart. So are a request's lines (`request 1`), curl's
`Server certificate:` block (`certificate`: its subject, dates and issuer) and curl `-w`'s timings
(`timings`: cumulative, so curl_phases reads each phase's length). The body after a response's headers is
read as its own text: a JSON body one record (`body 1`), else a record a line; any other line (curl's
`* Trying …`) is a record of its own. Header values are read in their units: Content-Length in bytes,
Retry-After and Age in seconds, x-envoy-upstream-service-time in milliseconds.

Subject: the URL the response answers: the one asked (the request's Host and path, else the call's URL), and
after a redirect the previous response's Location. Problem: a 5xx status (level ERROR); a 4xx is WARN.
"""

from __future__ import annotations

import dataclasses
import functools
import re
import urllib.parse
from typing import Iterator, Optional

from evidence_trace.server.domain.formats.lines import line_record
from evidence_trace.server.domain.formats.model import Format, Preview, Record
from evidence_trace.server.domain.verifier.fact_model import Dimension
from evidence_trace.server.domain.verifier.unit_model import Number
from evidence_trace.server.domain.verifier.unit_numbers import _numbers_in_text

_STATUS = re.compile(r"^(?:< )?HTTP/(?:1\.[01]|2(?:\.0)?|3) ([1-5][0-9]{2})\b")
_HEADER = re.compile(r"^(?:< |> )?([A-Za-z][A-Za-z0-9-]*):[ \t]?(.*)$")
_REQUEST = re.compile(r"^> ([A-Z]+) (\S+) HTTP/")
_TIMING = re.compile(r"^(?:time_[a-z]+|http_code|size_download|speed_download|remote_ip|num_redirects)[ \t]*[:=]")
_URL = re.compile(r"https?://[^\s'\"]+")
_UNITS = {  # header: (dimension, factor to the dimension's base), read beside the plain numbers of its text
    "content-length": (Dimension.BYTES, 1.0),
    "retry-after": (Dimension.TIME, 1000.0),
    "age": (Dimension.TIME, 1000.0),
    "x-envoy-upstream-service-time": (Dimension.TIME, 1.0),
}


def _recognise(preview: Preview) -> bool:
    """A status line at a line's start followed by a header line: a client's print of a response."""
    if preview.json is not None:
        return False
    lines = [line for _, line in preview.lines[:200]]
    return any(
        _STATUS.match(line) and i + 1 < len(lines) and _HEADER.match(lines[i + 1]) for i, line in enumerate(lines)
    )


def _numbers(text: str) -> list[Number]:
    found = list(_numbers_in_text(text))
    for line in text.splitlines():
        header = _HEADER.match(line)
        if header is None:
            continue
        name = header.group(1).lower()
        value = header.group(2).strip()
        if name in _UNITS and re.fullmatch(r"[0-9]+(?:\.[0-9]+)?", value):
            dimension, factor = _UNITS[name]
            found.append(Number(float(value), dimension, factor, key=name))
    return found


def _record(ref: str, lines: list[str], subject: str = "", code: int = 0, cells: str = "") -> Record:
    text = "\n".join(lines)
    level = "ERROR" if code >= 500 else "WARN" if code >= 400 else "INFO" if code else ""
    return Record(
        ref,
        "item",
        text,
        level=level,
        subject=subject,
        numbers=functools.partial(_numbers, text),
        problem=f"HTTP {code}" if code >= 500 else "",
        cells=cells,
    )


def _asked(preview: Preview) -> str:
    """The URL the call asked for, from its parameters."""
    for value in preview.params.values():
        found = _URL.search(value) if isinstance(value, str) else None
        if found is not None:
            return found.group(0)
    return ""


def records(preview: Preview) -> Iterator[Record]:
    lines = preview.lines
    url = _asked(preview)
    found: list[Record] = []
    response = -1  # where in `found` the last response is: curl -w's timings after it are of its transfer
    i = 0
    while i < len(lines):
        number, line = lines[i]
        status = _STATUS.match(line)
        if line.startswith("* Server certificate"):
            block = [line]
            i += 1
            while i < len(lines) and lines[i][1].startswith("*  "):
                block.append(lines[i][1])
                i += 1
            found.append(_record("certificate", block))
        elif _REQUEST.match(line):
            block = [line]
            i += 1
            while i < len(lines) and lines[i][1].startswith(">"):
                block.append(lines[i][1])
                i += 1
            url = _request_url(block) or url
            found.append(_record(f"request {_count(found, 'request') + 1}", block, subject=url))
        elif status is not None:
            block = [line]  # the status line, its headers and its body: one response
            i += 1
            while i < len(lines) and not _starts_block(lines[i][1]):
                block.append(lines[i][1])
                i += 1
            response = len(found)
            said = f"url={url}" if url else ""  # the URL it answers (after a redirect, the Location), read beside it
            found.append(_record(f"response {_count(found, 'response') + 1}", block, url, int(status.group(1)), said))
            location = next((h.group(2).strip() for h in map(_HEADER.match, block) if h and _is_location(h)), "")
            if location:  # the next response answers the redirect
                url = urllib.parse.urljoin(url, location) if url else location
        elif _TIMING.match(line):
            block = []
            while i < len(lines) and _TIMING.match(lines[i][1]):
                block.append(lines[i][1])
                i += 1
            if response >= 0:
                last = found[response]
                text = "\n".join([last.text, *block])
                found[response] = dataclasses.replace(last, text=text, numbers=functools.partial(_numbers, text))
            else:
                found.append(_record("timings", block, subject=url))
        else:
            found.append(line_record(f"line {number}", line))
            i += 1
    yield from found


def _count(found: list[Record], kind: str) -> int:
    return sum(1 for r in found if r.ref.startswith(kind))


def _is_location(header: re.Match[str]) -> bool:
    return header.group(1).lower() == "location"


def _starts_block(line: str) -> bool:
    return bool(
        _STATUS.match(line)
        or _REQUEST.match(line)
        or _TIMING.match(line)
        or line.startswith("* ")
        or line.startswith("*  ")
        or line.startswith("=== ")
    )


def _request_url(block: list[str]) -> Optional[str]:
    request = _REQUEST.match(block[0])
    assert request is not None
    target = request.group(2)
    if target.startswith("http"):
        return target
    host = next((h.group(2).strip() for h in map(_HEADER.match, block[1:]) if h and h.group(1).lower() == "host"), "")
    return f"//{host}{target}" if host else None  # scheme-relative: a Location joins it


FORMAT = Format("http_exchanges", _recognise, records)
