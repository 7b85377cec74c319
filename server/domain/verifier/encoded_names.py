"""Names the evidence writes inside another token: joined by underscores (Kubernetes' event source
`ebs.csi.aws.com_ebs-csi-controller-6d8f7b9c5-k2l9p_3f0e2a71-…`, a provisioner, its pod and an id), or
encoded (SkyWalking's service id `Y291cG9uLXNlcnZpY2U=.1` is "coupon-service" in base64). Such a name is
mentioned by the session: a claim naming it invents nothing (invented.py). So is a network a claim writes as a
CIDR block (`185.220.101.0/24`) when some address of the session is in it.
"""

from __future__ import annotations

import base64
import binascii
import ipaddress
import json
import re

from evidence_trace.server.domain.verifier.evidence_index import Evidence, contains

_BASE64 = re.compile(r"(?<![A-Za-z0-9+/])([A-Za-z0-9+/]{8,}={0,2})(?=\.[0-9]+\b|[\"'\s,}]|$)")


def named_inside(key: str, evidence: Evidence, written: str = "") -> bool:
    """Whether a row names `key` between underscores, or base64-encoded as a token of its own. A snake_case
    key may open a longer name after a qualifier's dot: "JOBS_TIMELINE" of `INFORMATION_SCHEMA.JOBS_TIMELINE_BY_PROJECT`.
    So may a CamelCase name (`written`, as the claim writes it) open a longer one at a word's start: "EngineCPU" of
    `EngineCPUUtilization`, "TooManyRequests" of `Lambda.TooManyRequestsException`. And an array of a JVM class
    ("Object[]", "byte[]") is named by its descriptor (`[Ljava.lang.Object;`, `[B`)."""
    opens = rf"|(?<![a-z0-9\-]){re.escape(key)}(?=_[a-z0-9])" if "_" in key.strip("_") else ""
    joined = re.compile(rf"(?<![a-z0-9.\-]){re.escape(key)}(?![a-z0-9.\-]){opens}")
    if any(key in raw and "_" in raw and joined.search(raw) for raw in map(evidence.raw, evidence.rows())):
        return True
    if _CAMEL_WORDS.fullmatch(written) and _in_previews(
        rf"(?<![A-Za-z0-9]){re.escape(written)}(?=[A-Z][a-z]|[A-Z]{{2}})", evidence
    ):
        return True
    if _MIXED.fullmatch(written) and _in_previews(rf"(?<=[A-Za-z]){re.escape(written)}(?![a-z])", evidence):
        return True  # "DDoS" of `AWSManagedIPDDoSList`: a word of a CamelCase name, in its own case
    numbered = re.fullmatch(r"([a-z]{3,})[-_]([0-9]{2,})", key)  # "error-40613" of "SQL Error: 40613"
    if numbered and _word_then_number(numbered.group(1), numbered.group(2), evidence):
        return True
    array = _ARRAY.fullmatch(written)
    if array is not None:
        code = _PRIMITIVES.get(array.group(1))
        shape = rf"\[{code}(?![A-Za-z])" if code else rf"\[L(?:[\w$]+\.)*{re.escape(array.group(1))};"
        return _in_previews(shape, evidence)
    return key in evidence.remember(("base64 names",), lambda: _decoded_names(evidence))


_CAMEL_WORDS = re.compile(r"[A-Z][a-z]+(?:[A-Z][a-z0-9]+|[A-Z]{2,}(?![a-z]))+")  # two words or more
_MIXED = re.compile(r"(?=[A-Za-z]*[a-z])(?=[A-Za-z]*[A-Z][A-Za-z]*[A-Z])[A-Za-z]{3,}")  # "DDoS", "OAuth", "IPv"


def _word_then_number(word: str, number: str, evidence: Evidence) -> bool:
    """Whether a row writes the word, then the number a few marks after it ("Error: 40613", "error 40613")."""
    shape = re.compile(rf"(?<![a-z0-9]){word}[^a-z0-9\n]{{1,3}}{number}(?![0-9])")
    return any(number in raw and shape.search(raw) for raw in map(evidence.raw, evidence.rows()))


_ARRAY = re.compile(r"([A-Za-z_$][\w$]*)\[\]")
_PRIMITIVES = dict(zip("byte char int long short boolean double float".split(), "BCIJSZDF"))


def _in_previews(shape: str, evidence: Evidence) -> bool:
    """Whether some row's output, in its own case, has a match of `shape`."""
    pattern = re.compile(shape)
    return evidence.remember(
        ("cased", shape), lambda: any(pattern.search(evidence.row(i).preview) for i in evidence.rows())
    )


def _decoded_names(evidence: Evidence) -> frozenset[str]:
    """The base64 tokens of the session's rows, decoded (read once per session: base64 keeps its case)."""
    found: set[str] = set()
    for index in evidence.rows():
        row = evidence.row(index)
        text = row.preview + " " + (row.params_json or json.dumps(row.params, ensure_ascii=False))
        if "=" in text or "." in text:
            found.update(_decoded(token) for token in _BASE64.findall(text))
    return frozenset(found - {""})


def _decoded(token: str) -> str:
    try:
        value = base64.b64decode(token + "=" * (-len(token) % 4), validate=True).decode("ascii")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return ""
    return value.lower() if value.isprintable() else ""


_IPV4 = re.compile(r"(?<![0-9.])(?:[0-9]{1,3}\.){3}[0-9]{1,3}(?![0-9.])")


def network_of_addresses(text: str, address: str, evidence: Evidence) -> bool:
    """Whether the claim writes `address` as a CIDR block ("185.220.101.0/24") some address of the session
    falls in."""
    block = re.search(rf"(?<![0-9.]){re.escape(address)}/([0-9]{{1,2}})(?![0-9])", text)
    if block is None:
        return False
    try:
        network = ipaddress.ip_network(f"{address}/{block.group(1)}", strict=False)
    except ValueError:
        return False
    for index in evidence.rows():
        for found in _IPV4.findall(evidence.raw(index)):
            try:
                if ipaddress.ip_address(found) in network:
                    return True
            except ValueError:
                continue
    return False


_CIDR = re.compile(r"(?<![0-9.])((?:[0-9]{1,3}\.){3}[0-9]{1,3})/([0-9]{1,2})(?![0-9])")


def in_a_named_block(text: str, address: str, evidence: Evidence) -> bool:
    """Whether `address` falls in a CIDR block the claim writes and the session names ("15.177.0.0/21 covers
    15.177.0.0–15.177.7.255"): an address the writer worked out from the block, not an entity of the incident."""
    try:
        wanted = ipaddress.ip_address(address)
    except ValueError:
        return False
    for base, bits in _CIDR.findall(text):
        try:
            network = ipaddress.ip_network(f"{base}/{bits}", strict=False)
        except ValueError:
            continue
        if wanted in network and any(contains(evidence.raw(i), f"{base}/{bits}") for i in evidence.rows()):
            return True
    return False


_ELLIPSIS = re.compile(r"\.{3}|…")


def elided_name(key: str, evidence: Evidence) -> bool:
    """Whether a name the claim elides in its middle ("/archive/events/16-1/...C5-...gz", "4bf9…e36") is one
    row's: each piece around the ellipsis is in that row, in order. So is a URL one row writes in parts, its host
    and its path in fields of their own (Elastic Common Schema's `url.domain` and `url.path`, a proxy's `host`)."""
    if _URL.fullmatch(key):
        return any(url_apart(key, evidence.raw(index)) for index in evidence.rows())
    pieces = [p for p in _ELLIPSIS.split(key) if p]
    if len(pieces) < 2 or not _ELLIPSIS.search(key.strip(".…")):
        return False
    for index in evidence.rows():
        raw, at = evidence.raw(index), 0
        for piece in pieces:
            at = raw.find(piece, at)
            if at < 0:
                break
            at += len(piece)
        else:
            return True
    return False


_URL = re.compile(r"[a-z][a-z0-9+.-]*://([a-z0-9-]+(?:\.[a-z0-9-]+)+)(?::[0-9]+)?(/[^\s?#]+?)/?")
_CAMEL = re.compile(r"(?:[A-Z][a-z0-9]+){2,}")  # "RoundHalfEven"


def camel_tail(name: str, evidence: Evidence) -> bool:
    """ "RoundHalfEven" where a test method is `shouldRoundHalfEven`, "Lookup" of `resolveLookup`: a camel-case
    name the rows give after a prefix, ending where a word ends (the rows are read lower-cased); or its words as an
    enum's constant spells them ("WorkflowExecutionTerminated" of `EVENT_TYPE_WORKFLOW_EXECUTION_TERMINATED`); or
    plain words hyphened that a key glues ("block-cache" of `blockCacheCountHitPercent`: glued_in)."""
    if _HYPHENED_WORDS.fullmatch(name):  # or plain words hyphened, glued into a key (glued_in)
        return evidence.remember(("glued", name), lambda: any(glued_in(name, evidence.raw(i)) for i in evidence.rows()))
    if not _CAMEL.fullmatch(name):
        return False
    snake = "_".join(re.findall(r"[A-Z][a-z0-9]+", name)).lower()
    tail = re.compile(rf"[a-z0-9]{re.escape(name.lower())}(?![a-z0-9])|(?<![a-z0-9]){re.escape(snake)}(?![a-z0-9])")
    return evidence.remember(("camel", name), lambda: any(tail.search(evidence.raw(i)) for i in evidence.rows()))


_HYPHENED_WORDS = re.compile(r"[a-z]{3,}(?:-[a-z]{3,})+")  # "block-cache", "store-file-count"


def glued_in(name: str, lowered: str) -> bool:
    """ "block-cache" where a JMX bean writes `blockCacheCountHitPercent`, "store-file" of `storeFileCount`: a name
    of plain words joined by hyphens, eight letters or more, that the text writes glued, as a camel-case or a
    metric's key does, opening a longer key (`lowered`: the text lower-cased)."""
    glued = name.replace("-", "")
    if not _HYPHENED_WORDS.fullmatch(name) or len(glued) < 8:
        return False  # "back-off" is a word, not ImagePullBackOff's tail
    return re.search(rf"(?<![a-z0-9]){glued}[a-z]", lowered) is not None


def url_apart(key: str, lowered: str) -> bool:
    """Whether a URL's host and path are both in the text ("files.example.net" and "/a.ps1" in fields of their own)."""
    url = _URL.fullmatch(key)
    return url is not None and all(part in lowered for part in url.groups())


def in_two_cells(key: str, lowered: str) -> bool:
    """Whether a two-part dotted name ("crm.customer_contacts", "shop.orders") is given by a table row's two cells
    (`owner=crm; table_name=customer_contacts`): a schema and its table, a namespace and its name, in columns
    of their own; or a URL by its host and its path (url_apart). `lowered` is a unit's lower-cased text, its cells
    after it."""
    if url_apart(key, lowered):
        return True
    first, dot, second = key.partition(".")
    if not dot or "." in second or len(first) < 2 or len(second) < 2:
        return False
    cells = f"; {lowered.rsplit('(', 1)[-1].rstrip(')')};"
    return f"={first};" in cells and f"={second};" in cells
