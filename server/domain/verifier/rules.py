"""The built-in, deterministic rules verifier (the embedded default).

It reads only concrete facts, never instructions, so text inside the evidence
cannot steer it. The rules, in order:

1. REJECT when the draft asserts a concrete fact (see `extract_facts`) that no
   supporting evidence contains. Supporting evidence is every evidence text,
   plus the topic, direct-hit excerpt and output summary of each entry whose
   level is DIRECT or INDIRECT. The question is not evidence.
2. Otherwise ACCEPT when at least one entry has EvidenceLevel.DIRECT.
3. Otherwise LOW_CONFID: support is only indirect, or absent.

The output is a JSON verdict without "confidence": the rules have none to give.
"""
from __future__ import annotations

import dataclasses
import functools
import json
import re
import unicodedata
from typing import Callable, Iterable, Iterator

from evidence_trace.server.domain.model import EvidenceLevel, SummaryEntry
from evidence_trace.server.domain.verifier.backend import VerificationRequest

_MAX_LISTED = 8  # facts or entries listed in reasons; the verdict allows 10 reasons
MAX_FACT_SEGMENTS = 8  # longer hyphenated names are not checked

_L = r"(?<![A-Za-z0-9_-])"  # ASCII token boundaries: CJK text around a fact is
_R = r"(?![A-Za-z0-9_-])"  # a boundary, and so is "." ending a sentence.

_HTTP_STATUS = re.compile(
    r"(?<![A-Za-z0-9])(?:HTTP(?:/[0-9](?:\.[0-9])?)?|status(?:[ _]code)?)"
    r"[ \t]*(?:[:=][ \t]*)?([1-5][0-9]{2})(?![0-9]|\.[0-9])",
    re.IGNORECASE,
)
_ERROR_CODE = re.compile(
    _L
    + r"(?:[A-Z]{2,5}-[0-9]{3,6}"  # ORA-00001
    r"|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+"  # ERR_CONN_RESET, DEADLINE_EXCEEDED
    r"|[A-Z]{1,3}[0-9]{3,6}"  # E1234, TS2345
    r"|E(?:CONNREFUSED|CONNRESET|CONNABORTED|TIMEDOUT|HOSTUNREACH|NETUNREACH"
    r"|ADDRINUSE|PIPE|NOENT|ACCES|NOSPC|NOMEM|MFILE|AGAIN))"
    + _R
)
_SERVICE = re.compile(_L + r"[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+" + _R)
_CAMEL = re.compile(_L + r"[A-Z][A-Za-z0-9]*" + _R)
_HUMP = re.compile(r"[A-Z][a-z0-9]+|[A-Z]+(?![a-z])")
_NUMBER = r"(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.[0-9]+)?"
_QUANTITY = re.compile(
    r"(?<![A-Za-z0-9_.])(?<![0-9],)(" + _NUMBER + r")"
    r"(?:[ \t]?(%|(?i:percent|ms|us|μs|ns|secs?|seconds?|mins?|minutes?|hrs?|hours?|days?"
    r"|[kmgt]i?b|rps|qps|tps|req/s))|(s|m|h|d))"
    r"(?![A-Za-z0-9_])"
)
# Support only: a field named for its unit, e.g. "latency_ms": 1200.
_UNIT_FIELD = re.compile(
    r"_(ms|us|ns|s|secs?|seconds|pct|percent)\"?[ \t]*[:=][ \t]*\"?(" + _NUMBER + r")(?![0-9])",
    re.IGNORECASE,
)
_DECADE = re.compile(r"(?:1[0-9]|20)[0-9]0")
_WORD_CHAIN = re.compile(r"[a-z0-9_]+(?:-[a-z0-9_]+)*")
_WHOLE_NUMBER = re.compile(r"(?<![0-9.])[0-9]+(?![0-9]|\.[0-9])")

# A lowercase hyphenated or snake_case word names a service when it has an
# underscore, or a segment naming an infrastructure part and none that makes it
# an ordinary compound adjective ("web-based", "server-side").
_SERVICE_WORDS = frozenset(
    "service svc srv server api app gateway gw proxy worker db database cache redis mysql "
    "postgres pg mongo kafka queue mq consumer producer scheduler cron job daemon controller "
    "operator backend frontend web bff lb ingress auth broker cluster node pod deployment "
    "replica primary shard storage store registry etl pipeline indexer search nginx envoy "
    "grpc rpc".split()
)
_ADJECTIVE_WORDS = frozenset(
    "side based level wide related driven oriented backed friendly specific like aware "
    "facing bound heavy free only safe style type scoped native first centric".split()
)
# A CamelCase word names an alert (or an exception) with three humps or more,
# or two humps of which one says something is wrong.
_ALERT_WORDS = frozenset(
    "high low error errors rate latency down crash crashing looping loop failed failing "
    "failure fail alert memory cpu disk full pressure slow timeout restart restarting oom "
    "killed saturation budget burn unavailable unhealthy unreachable lag backlog throttling "
    "spike usage quota exhausted expiring exception".split()
)
_UNITS = {
    "percent": "%", "sec": "s", "secs": "s", "second": "s", "seconds": "s", "min": "m",
    "mins": "m", "minute": "m", "minutes": "m", "hr": "h", "hrs": "h", "hour": "h",
    "hours": "h", "day": "d", "days": "d", "μs": "us", "pct": "%",
}


@dataclasses.dataclass(frozen=True)
class Fact:
    """A concrete fact asserted by a text.

    kind: "service", "error code", "HTTP status", "alert" or "quantity".
    text: the fact as written (after NFKC normalization).
    key: the normalized, lowercase form the evidence must state.
    """

    kind: str
    text: str
    key: str


def extract_facts(text: str) -> tuple[Fact, ...]:
    """The concrete facts in `text`, first occurrence first, without repeats.

    Facts: HTTP statuses (HTTP 503, status code 502); error codes (ORA-00001,
    ERR_CONN_RESET, E1234, ECONNREFUSED); lowercase service names (payment-service,
    order_svc); CamelCase alert or exception names (HighErrorRate, InstanceDown);
    numbers with a unit (95%, 1200ms, 3.5s, 512 MiB). Not facts: plain numbers,
    years, dates and times, versions, ordinary words, hyphenated adjectives,
    decades ("1990s"), names of more than MAX_FACT_SEGMENTS hyphenated parts.
    """
    text = unicodedata.normalize("NFKC", text)
    found: dict[tuple[str, str], Fact] = {}
    for _, fact in sorted(_facts(text), key=lambda pair: pair[0]):
        if fact.key.count("-") < MAX_FACT_SEGMENTS:
            found.setdefault((fact.kind, fact.key), fact)
    return tuple(found.values())


def _facts(text: str) -> Iterator[tuple[int, Fact]]:
    for m in _HTTP_STATUS.finditer(text):
        yield m.start(), Fact("HTTP status", m.group(0), m.group(1))
    for m in _ERROR_CODE.finditer(text):
        yield m.start(), Fact("error code", m.group(0), m.group(0).lower())
    for m in _SERVICE.finditer(text):
        segments = re.split(r"[-_]", m.group(0))
        if "_" in m.group(0) or (
            _SERVICE_WORDS.intersection(segments) and not _ADJECTIVE_WORDS.intersection(segments)
        ):
            yield m.start(), Fact("service", m.group(0), m.group(0).lower())
    for m in _CAMEL.finditer(text):
        humps = _HUMP.findall(m.group(0))
        if m.group(0).isupper() or "".join(humps) != m.group(0) or len(humps) < 2:
            continue
        if len(humps) >= 3 or any(h.lower() in _ALERT_WORDS for h in humps):
            yield m.start(), Fact("alert", m.group(0), m.group(0).lower())
    for m in _QUANTITY.finditer(text):
        number, unit = m.group(1), m.group(2) or m.group(3)
        if unit == "s" and _DECADE.fullmatch(number):
            continue
        yield m.start(), Fact("quantity", m.group(0), _quantity_key(number, unit))


def _quantity_key(number: str, unit: str) -> str:
    number = number.replace(",", "")
    if "." in number:
        number = number.rstrip("0").rstrip(".")
    unit = unit.lower()
    return f"{number}{_UNITS.get(unit, unit)}"


def _quantity_keys(text: str) -> set[str]:
    keys = {
        _quantity_key(m.group(1), m.group(2) or m.group(3)) for m in _QUANTITY.finditer(text)
    }
    keys.update(_quantity_key(m.group(2), m.group(1)) for m in _UNIT_FIELD.finditer(text))
    return keys


class _Evidence:
    """What the supporting texts state, looked up per fact.

    A token fact (service, error code, alert) is supported when its words,
    joined by single hyphens, occur in the evidence between characters that
    are not letters, digits or "_"; case does not matter. A draft names a few
    facts, so each is searched for in the evidence directly; a draft with many
    (more than _INDEX_ABOVE) uses an index of every run of up to
    MAX_FACT_SEGMENTS hyphen-joined words, built once, so each fact costs one
    lookup however long the evidence is. Both ways answer the same.
    """

    def __init__(self, texts: Iterable[str], fact_count: int) -> None:
        normalized = [unicodedata.normalize("NFKC", t) for t in texts]
        self._lowered = "\n".join(normalized).lower()
        self._indexed = fact_count > _INDEX_ABOVE
        # Quantities and numbers are read text by text, only as far as needed.
        self._quantities = _KeysFound(normalized, _quantity_keys)
        self._numbers = _KeysFound(normalized, lambda text: set(_WHOLE_NUMBER.findall(text)))

    @functools.cached_property
    def _tokens(self) -> set[str]:
        tokens: set[str] = set()
        for chain in _WORD_CHAIN.findall(self._lowered):
            words = chain.split("-")
            for start in range(len(words)):
                for end in range(start + 1, min(start + MAX_FACT_SEGMENTS, len(words)) + 1):
                    tokens.add("-".join(words[start:end]))
        return tokens

    def supports(self, fact: Fact) -> bool:
        if fact.kind == "quantity":
            return fact.key in self._quantities
        if fact.kind == "HTTP status":
            return fact.key in self._numbers
        if self._indexed:
            return fact.key in self._tokens
        return re.search(r"(?<![a-z0-9_])" + re.escape(fact.key) + r"(?![a-z0-9_])", self._lowered) is not None


class _KeysFound:
    """The keys `extract` finds in any of the texts, read one text at a time until a key turns up.

    A supported fact is usually found in the first texts, so the rest are never
    read; an unsupported one reads them all, as a full index would.
    """

    def __init__(self, texts: list[str], extract: Callable[[str], set[str]]) -> None:
        self._unread = iter(texts)
        self._extract = extract
        self._keys: set[str] = set()

    def __contains__(self, key: str) -> bool:
        if key in self._keys:
            return True
        for text in self._unread:
            self._keys |= self._extract(text)
            if key in self._keys:
                return True
        return False


#: Above this many facts in a draft, the evidence is indexed instead of searched per fact.
_INDEX_ABOVE = 64


_SUPPORTING = (EvidenceLevel.DIRECT, EvidenceLevel.INDIRECT)


def _supporting_texts(request: VerificationRequest) -> Iterator[str]:
    yield from request.evidence_texts
    for entry in request.entries:
        if entry.level in _SUPPORTING:
            yield from (entry.topic_domain, entry.direct_hit_excerpt, entry.output_summary)


def _describe(entries: list[SummaryEntry]) -> list[str]:
    listed = [f"{e.tool_name} on {e.topic_domain or '(no topic)'}" for e in entries[:_MAX_LISTED]]
    if len(entries) > _MAX_LISTED:
        listed.append(f"and {len(entries) - _MAX_LISTED} more")
    return listed


class RulesVerifier:
    """The deterministic rules verifier; see the module docstring."""

    name = "rules"

    def verify(self, request: VerificationRequest) -> str:
        facts = extract_facts(request.draft_answer)
        evidence = _Evidence(_supporting_texts(request), len(facts))
        unsupported = [f for f in facts if not evidence.supports(f)]
        direct = [e for e in request.entries if e.level == EvidenceLevel.DIRECT]
        indirect = [e for e in request.entries if e.level == EvidenceLevel.INDIRECT]
        if unsupported:
            decision = "REJECT"
            reasons = [
                f"{len(unsupported)} of {len(facts)} concrete facts in the draft appear in "
                "no successful evidence"
            ]
            reasons += [f"unsupported {f.kind}: {f.text}" for f in unsupported[:_MAX_LISTED]]
            if len(unsupported) > _MAX_LISTED:
                reasons.append(f"and {len(unsupported) - _MAX_LISTED} more unsupported facts")
        elif direct:
            decision = "ACCEPT"
            reasons = [
                f"all {len(facts)} concrete facts in the draft appear in the evidence"
                if facts
                else "the draft asserts no concrete facts to check",
                "direct evidence from: " + "; ".join(_describe(direct)),
            ]
        else:
            decision = "LOW_CONFID"
            reasons = ["no direct evidence"]
            if indirect:
                reasons.append("indirect evidence only, from: " + "; ".join(_describe(indirect)))
            else:
                reasons.append("no successful supporting evidence was collected")
        return json.dumps({"decision": decision, "reasons": reasons}, ensure_ascii=False)
