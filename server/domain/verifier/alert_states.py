"""An alert's state in a claim: firing, active, pending, resolved, silenced, inhibited, suppressed.

Read only in a claim about alerts (fact_patterns._ALERT_CONTEXT or an alert's
name). "Active" is Alertmanager's word for an alert that fires and is neither
silenced nor inhibited: "HostDown is also active" is contradicted by an alert
Alertmanager lists as suppressed, while "is firing" is not (a suppressed alert
still fires). A claim that says in the same clause that the alert is held back
("still active (inhibited by …)", "仍是 active 状态（已被抑制）") uses "active" for
firing; a clause split off by ", but" does not carry that back.
fact_matching.matches() checks each state against a unit's.
"""

from __future__ import annotations

import re
from typing import Iterator, Sequence

from evidence_trace.server.domain.verifier.fact_model import Fact, FactKind
from evidence_trace.server.domain.verifier.fact_patterns import _ALERT_CONTEXT, _NEGATED_BEFORE

STATES = (
    (
        "firing",
        re.compile(
            r"\b(?:firing|fired|fires|triggered)\b|触发(?=$|[了中的，。；、,.;\s）)]|状态)|告警中|正在告警", re.I
        ),
    ),
    # The word alone, as a state: "is also active", "active since 11:04", "active (not silenced)",
    # "状态为 active", "仍是 active 状态"; never a count's noun ("3 active alerts", "active connections").
    (
        "active",
        re.compile(
            r"(?<![A-Za-z0-9_\-/])active(?=[ \t]*(?:$|[,.;:()，。；：（]|since\b|and\b|in\b|on\b|for\b|状态|中|了))",
            re.I,
        ),
    ),
    (
        "pending",
        re.compile(
            # (not a count's "37 pending cluster tasks": what is pending is the noun's, one word may come between)
            r"(?<![0-9] )(?<![0-9])(?<!个 )(?<!个)\bpending\b(?!\s+(?:(?!for|on|in|at|of|to|since)[a-z]+\s+)?"
            r"(?:messages?|requests?|tasks?|jobs?|pods?|items?|writes?|operations?|connections?|acks?|"
            r"changes?|records?|events?|entries|bytes|work|transactions?|invoices?|orders?|payments?)(?![\w-]))|待触发|等待中",
            re.I,
        ),
    ),
    (
        "resolved",
        re.compile(
            r"\b(?:resolved|cleared|recovered|no longer firing|stopped firing)\b|已(?:经)?被?(?:恢复|解决|解除|清除|消除)|恢复正常|恢复了",
            re.I,
        ),
    ),
    # Alertmanager's state of a firing alert a silence or an inhibition holds back: "suppressed by silence
    # ...", "silenced", "被静默"; "not silenced" / "未被静默" denies it (an active alert). Silenced and
    # inhibited are two ways to be suppressed: "inhibited (not silenced)" says which (fact_matching.py).
    # notifications said to go out ("仍会正常推送到 wecom-oncall", "is still paging the on-call", "notifications are
    # still going to X"): what an active alert does and a silenced or inhibited one does not (read as "active")
    (
        "notifying",
        re.compile(
            r"\b(?:still|is|are|will|would)[ \t]+(?:be[ \t]+)?(?:notifying|paging|sent[ \t]+to|delivered[ \t]+to|routed[ \t]+to)\b"
            r"|\bnotifications?(?:[ \t]+[\w-]+){0,3}?[ \t]+(?P<told>(?:are|is|will)[ \t]+(?:still[ \t]+|be[ \t]+)?"
            r"(?:going|sent|delivered|reaching))\b"
            r"|(?:仍|还|仍然|依然)(?:会|在)(?:正常)?(?:推送|通知|发送)|(?:仍|还|仍然|依然)(?:正常)?(?:推送|通知|发送)(?:到|给)"
            r"|会正常(?:推送|通知|发送)",
            re.I,
        ),
    ),
    ("silenced", re.compile(r"\bsilenced\b|被静默|已静默|静默中", re.I)),
    ("inhibited", re.compile(r"\binhibited\b|被抑制", re.I)),
    ("suppressed", re.compile(r"\bsuppressed\b", re.I)),
)
# "active" is a state after a verb or an adverb ("is also active", "都是 active"), not after a noun
# ("64 threads active")
_ACTIVE_LEAD = re.compile(
    r"(?:\b(?:is|are|was|were|been|be|remains?|remained|stays?|stayed|still|also|now|currently|both|all|not|never|"
    r"longer)|状态为|状态是|是|仍|仍然|处于|还在|还是|均为|都)[ \t]*$",
    re.I,
)
_NAMES = frozenset(name for name, _ in STATES)
_PROSPECT = re.compile(
    r"(?:才会|就会|将会|会|将|才能|\b(?:would|will|could|might|should)(?:[ \t]+(?:only|then|not))?)[ \t]*$", re.I
)
_HELD = frozenset({"silenced", "inhibited", "suppressed"})
_FLAG_VALUE = re.compile(r"[\"']?[ \t]*[=:][ \t]*[\"']?(?:true|false|yes|no|0|1)\b", re.I)


def state_facts(text: str) -> Iterator[tuple[int, int, Fact]]:
    """The alert states a claim about alerts asserts, "!"-prefixed when denied ("not silenced")."""
    found = []
    for name, pattern in STATES:
        for m in pattern.finditer(text):
            if _FLAG_VALUE.match(text, m.end()) or (name == "active" and not _ACTIVE_LEAD.search(text, 0, m.start())):
                continue  # "silenced=false", "inhibited: true": a filter the call was given, no state asserted
            if _PROSPECT.search(text, max(0, m.start() - 12), m.start()):
                continue  # "持续 5 分钟才会触发", "would fire after 5 minutes": what would happen, no state now
            denied = _NEGATED_BEFORE.search(text, max(0, m.start() - 32), m.start()) is not None  # "neither X or Y"
            found.append((m, name, denied))
    held = any(name in _HELD and not denied for _, name, denied in found)
    for m, name, denied in found:
        key = "firing" if name == "active" and held else "active" if name == "notifying" else name
        start, end = m.span("told") if "told" in m.groupdict() and m.group("told") else m.span()  # not the names
        yield start, end, Fact(FactKind.STATE, text[start:end], "!" + key if denied else key)


def states_of_unnamed_alerts(text: str, facts: Sequence[Fact]) -> bool:
    """ "Some alerts are firing", "有告警在触发": a claim about alerts whose only facts are states names no
    alert, so any alert in that state would show it."""
    return (
        bool(facts)
        and _ALERT_CONTEXT.search(text) is not None
        and all(f.kind == FactKind.STATE and f.key.lstrip("!") in _NAMES for f in facts)
    )


# The alert that holds another back: "inhibited by NodeDown", "`inhibitedBy` 指向 NodeDown", "被 NodeDown 抑制".
_HOLDER = re.compile(
    r"\b(?:inhibited|silenced|suppressed|muted)[ \t]+by[ \t]+(?:the[ \t]+)?(?:alert[ \t]+)?`?([A-Z][A-Za-z0-9_]+)"
    r"|inhibitedBy`?[ \t]*(?:[:=]|->|→|指向|是|为)[ \t]*`?([A-Z][A-Za-z0-9_]+)"
    r"|被[ \t]*`?([A-Z][A-Za-z0-9_]+)`?[ \t]*(?:那条|这条)?(?:告警)?[ \t]*(?:抑制|静默)"
)


def holder_spans(text: str) -> list[tuple[int, int]]:
    """Where a claim names the alert that inhibits or silences the one it speaks of: that alert is not the
    claim's subject (the suppressed alert's state is not the holder's), so it is no fact of the claim."""
    spans = []
    for m in _HOLDER.finditer(text):
        group = next(g for g in (1, 2, 3) if m.group(g))
        spans.append(m.span(group))
    return spans


HELD_BY = {"silenced": "silencedby", "inhibited": "inhibitedby"}


def held_by(how: str, state: str, lowered: str) -> bool:
    """Whether a suppressed alert (its unit's state and lower-cased text) is held back that way:
    Alertmanager lists the silences and the inhibiting alerts (`status.silencedBy`, `status.inhibitedBy`);
    a unit that does not list them (amtool's text) says only that it is suppressed."""
    if state != "suppressed":
        return False
    listed = re.search(rf'"{HELD_BY[how]}"\s*:\s*\[\s*([^\]\s])?', lowered)
    return listed is None or listed.group(1) is not None
