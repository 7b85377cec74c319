"""What the templates ask of a value: its badge, its bar on the time axis, its age, its links.

Presentation only: no HTML is built here (the templates render every tag, with
autoescaping on); these functions return words, numbers and plain structures.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import re
from typing import Any, Optional

from evidence_trace.server.domain.audit import TimelineEntry, TimeSpan
from evidence_trace.server.domain.model import ClaimStatus, Decision, EvidenceLevel, Outcome, SessionStatus, StepKind
from evidence_trace.server.domain.timeline import StoredInvocation, StoredStep

#: Source invocations linked per evidence entry; the rest are counted (a 10,000-call entry is not 10,000 links).
SOURCES_SHOWN = 12
#: A bar never narrower than this share of the axis, so an instant call stays visible and clickable.
MIN_BAR_PERCENT = 0.4

_OUTCOME_CLASSES = {
    Outcome.DIRECT_SUPPORT: ("direct", "direct"),
    Outcome.INDIRECT_SUPPORT: ("indirect", "indirect"),
    Outcome.NO_HIT: ("nohit", "no hit"),
    Outcome.DEDUPED: ("dedup", "deduplicated"),
    Outcome.FAILED: ("failed", "failed"),
}
_LEVEL_CLASSES = {
    EvidenceLevel.DIRECT: ("direct", "direct"),
    EvidenceLevel.INDIRECT: ("indirect", "indirect"),
    EvidenceLevel.NO_EVIDENCE: ("nohit", "no evidence"),
    EvidenceLevel.FAILED: ("failed", "failed"),
}
_DECISION_CLASSES = {
    Decision.ACCEPT: ("accept", "accept"),
    Decision.LOW_CONFID: ("low", "low confidence"),
    Decision.REJECT: ("reject", "reject"),
}
_CLAIM_CLASSES = {
    ClaimStatus.GROUNDED: ("grounded", "grounded"),
    ClaimStatus.CONTRADICTED: ("contradicted", "contradicted"),
    ClaimStatus.UNGROUNDED: ("ungrounded", "ungrounded"),
    ClaimStatus.WEAK: ("weak", "weak"),
    ClaimStatus.UNCHECKABLE: ("uncheckable", "not checkable"),
    ClaimStatus.INVENTED: ("invented", "invented"),
    ClaimStatus.UNCHECKED: ("unchecked", "unread by the rules"),
}
_STATUS_CLASSES = {
    SessionStatus.ACTIVE: ("active", "active"),
    SessionStatus.COMPLETED: ("completed", "completed"),
    SessionStatus.FAILED: ("failed", "failed"),
}

#: http(s) URLs in untrusted text; anything else (javascript:, data:, ...) stays text.
_URL = re.compile(r"https?://[^\s<>\"'`]+", re.IGNORECASE)


@dataclasses.dataclass(frozen=True)
class Badge:
    """A CSS class suffix and the words shown in the badge."""

    css: str
    label: str


def outcome_badge(row: Any) -> Badge:
    """The badge of a waterfall row: a step, or an invocation by its outcome."""
    if isinstance(row, StoredStep):
        failed = row.step.success is False
        kind = "helper call" if row.step.kind == StepKind.HELPER_CALL else "model step"
        return Badge("failed" if failed else "step", f"{kind}, failed" if failed else kind)
    if isinstance(row, StoredInvocation):
        return Badge(*_OUTCOME_CLASSES.get(row.classification.outcome, ("none", "unclassified")))
    if isinstance(row, Outcome):
        return Badge(*_OUTCOME_CLASSES.get(row, ("none", "unclassified")))
    return Badge("none", "")


def level_badge(level: EvidenceLevel) -> Badge:
    return Badge(*_LEVEL_CLASSES.get(level, ("none", "unspecified")))


def decision_badge(decision: Optional[Decision]) -> Badge:
    if decision is None:
        return Badge("none", "no decision")
    return Badge(*_DECISION_CLASSES.get(decision, ("none", "unspecified")))


def claim_badge(status: ClaimStatus) -> Badge:
    return Badge(*_CLAIM_CLASSES.get(status, ("none", "unspecified")))


def status_badge(status: SessionStatus) -> Badge:
    return Badge(*_STATUS_CLASSES.get(status, ("none", "unspecified")))


@dataclasses.dataclass(frozen=True)
class Bar:
    """Where a row's bar sits on the axis, in percent of its width (SVG attributes, no inline style)."""

    x: float
    width: float


def bar(entry: TimelineEntry, span: Optional[TimeSpan]) -> Bar:
    if span is None:
        return Bar(0.0, 100.0)
    x = (entry.start_us - span.start_us) / span.length_us * 100
    width = max((entry.end_us - entry.start_us) / span.length_us * 100, MIN_BAR_PERCENT)
    x = min(max(x, 0.0), 100.0 - MIN_BAR_PERCENT)
    return Bar(round(x, 3), round(min(width, 100.0 - x), 3))


def axis_ticks(span: Optional[TimeSpan], count: int = 4) -> list[tuple[float, str]]:
    """(percent, label) of the axis ticks: the offset from the session's first start."""
    if span is None:
        return []
    return [(i * 100 / count, "+" + duration(span.length_us * i / count / 1000)) for i in range(count + 1)]


def duration(ms: float) -> str:
    """1234.5 -> '1.23 s', 12 -> '12 ms', 125000 -> '2 min 5 s'."""
    if ms < 1000:
        return f"{ms:.0f} ms"
    if ms < 60_000:
        return f"{ms / 1000:.2f} s"
    minutes, seconds = divmod(int(ms / 1000), 60)
    return f"{minutes} min {seconds} s"


def age(when: Optional[dt.datetime], now: Optional[dt.datetime] = None) -> str:
    """How long ago: 'just now', '42 s ago', '5 min ago', '3 h ago', '2 d ago'."""
    if when is None:
        return ""
    now = now or dt.datetime.now(dt.timezone.utc)
    seconds = (now - when).total_seconds()
    if seconds < 5:
        return "just now"
    for unit, size in (("d", 86400), ("h", 3600), ("min", 60)):
        if seconds >= size:
            return f"{int(seconds // size)} {unit} ago"
    return f"{int(seconds)} s ago"


def timestamp(when: Optional[dt.datetime]) -> str:
    """UTC, to the millisecond: '2026-01-31 10:00:00.123 UTC'."""
    if when is None:
        return ""
    return when.astimezone(dt.timezone.utc).strftime("%Y-%m-%d %H:%M:%S.%f")[:-3] + " UTC"


def pretty_json(value: Any) -> str:
    """Indented JSON text of a stored value (escaped by the template like any text)."""
    return json.dumps(value, indent=2, ensure_ascii=False, sort_keys=True)


def text_with_links(text: str) -> list[tuple[str, Optional[str]]]:
    """(piece, href) pairs: http(s) URLs get their href, every other piece None and stays text.

    A `javascript:` or `data:` URL never matches, so it is never a link; the
    template renders links with rel="noopener noreferrer" and escapes both parts.
    """
    pieces: list[tuple[str, Optional[str]]] = []
    at = 0
    for match in _URL.finditer(text or ""):
        if match.start() > at:
            pieces.append((text[at : match.start()], None))
        url = match.group(0).rstrip(".,;:)]}")
        pieces.append((url, url))
        at = match.start() + len(url)
    if at < len(text or ""):
        pieces.append((text[at:], None))
    return pieces


FILTERS = {"duration": duration, "age": age, "timestamp": timestamp, "pretty_json": pretty_json}
GLOBALS = {
    "sources_shown": SOURCES_SHOWN,
    "outcome_badge": outcome_badge,
    "level_badge": level_badge,
    "decision_badge": decision_badge,
    "claim_badge": claim_badge,
    "status_badge": status_badge,
    "bar": bar,
    "axis_ticks": axis_ticks,
    "text_with_links": text_with_links,
}
TESTS = {"step": lambda row: isinstance(row, StoredStep)}
