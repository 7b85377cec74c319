"""Gaps: what a claim says could not be checked ("the metrics query timed out", "知识库检索没有命中"), grounded
by a failed, empty or deduplicated call, and contradicted when it misstates that call: "returned no results"
when it failed, "timed out" when it failed otherwise, "after 60 s" when it took 15 s.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Callable, Optional, Sequence

from evidence_trace.server.domain.model import ClaimCheck, ClaimKind, ClaimStatus
from evidence_trace.server.domain.verifier.causal_checks import causal_link
from evidence_trace.server.domain.verifier.claim_patterns import _GAP_CUE
from evidence_trace.server.domain.verifier.claims import Claim
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_matching import matches, matches_all
from evidence_trace.server.domain.verifier.facts import Dimension, Fact, FactKind, Scope, normalize
from evidence_trace.server.domain.verifier.numerals import arabic
from evidence_trace.server.domain.verifier.rivals import VALUE_KINDS, rival_value
from evidence_trace.server.domain.verifier.unit_search import ground_parts, grounding_of
from evidence_trace.server.domain.verifier.units import Family, Strength, Unit, family_of, numbers_in_text

_FAILURE_MODES = {
    "timeout": re.compile(r"time[ds]?[ -]?out|deadline|超时", re.I),
    "permission": re.compile(r"permission|forbidden|denied|unauthori[sz]ed|rbac|\b40[13]\b|权限|拒绝访问|未授权", re.I),
    "not found": re.compile(r"not found|no such|does not exist|\b404\b|不存在|未找到", re.I),
    "connection": re.compile(
        r"connection refused|unreachable|connect(?:ion)? (?:error|failed)|dial tcp|"
        # "the TCP connection to 10.30.2.15:8443 is refused", "连接 X 被拒绝"
        r"\bconnect(?:ion|ing)?\b[^;。；\n]{0,40}?\brefused|refus(?:ed|es|ing) (?:the |its )?connection|"
        r"no route|连接被拒绝|无法连接|连接[^。；，,]{0,30}?被拒",
        re.I,
    ),
}


def _failure_modes(text: str) -> set[str]:
    """How a call failed, as a text says it: timeout, permission, not found, connection."""
    return {mode for mode, pattern in _FAILURE_MODES.items() if pattern.search(text)}


# a failure denied in its clause ("日志里没有 token 超时记录", "no token timeouts in the journal") is what a search
# would have found, not how the call failed
_DENIED_BEFORE = re.compile(r"(?:没有|没|无|未|\b(?:no|not any|without|never|zero)\b)[^，,。；;.\n]{0,20}$", re.I)


def _told_modes(text: str) -> set[str]:
    """The failure modes a text tells, not the ones it denies."""
    return {
        mode
        for mode, pattern in _FAILURE_MODES.items()
        if any(not _DENIED_BEFORE.search(text, max(0, m.start() - 24), m.start()) for m in pattern.finditer(text))
    }


_CALL_EVENT = re.compile(
    r"\b(?:timed out|time[ds]? out|timeout|failed|errored|returned|came back|was empty|were empty|"
    r"deduplicated|deduped|skipped|unavailable|exceeded)\b|超时|失败|报错|出错|错误|为空|无结果|不可用|未找到|没有找到|没有返回",
    re.I,
)
_FAMILY_WORDS = {
    Family.LOGS: re.compile(r"\blogs?\b|log (?:search|query)|日志", re.I),
    Family.METRICS: re.compile(r"\bmetrics?\b|prometheus|promql|\bcpu\b|memory|latency|指标|监控", re.I),
    Family.KNOWLEDGE: re.compile(r"knowledge|runbook|\bkb\b|docs?\b|documentation|retrieval|知识库|文档|手册", re.I),
}


_EMPTY_RESULT = re.compile(
    r"\breturned (?:no|nothing|empty|an empty|0|zero)\b|came back empty|(?:was|were) empty|found (?:no|nothing)\b"
    r"|\b(?:no|zero) (?:hits?|matches|matching \w+|records?|results?|documents?|docs)\b|nothing (?:matched|was found)"
    r"|\bthere(?:'s| is| are| was| were) no (?:\w+ )?(?:runbook|playbook|documentation|docs?|article|known[- ]issue|"
    r"postmortem)s?\b|没有(?:相关的?)?(?:runbook|预案|手册|文档)"
    r"|返回了?空|空结果|结果为空|无结果|没有(?:返回|找到|查到)|(?:没有|没|未|无)(?:命中|匹配到?|相关(?:记录|文档|结果))",
    re.I,
)
_CALL_NOUN = re.compile(r"\b(?:quer(?:y|ies)|search(?:es)?|lookups?|calls?)\b|查询|搜索|检索|调用(?![方者])", re.I)
_FAILED_CALL = re.compile(r"fail|error|timed? ?out|refused|denied|失败|报错|错误|超时|异常|拒绝", re.I)


_NAMED_ERROR = re.compile(r"\b\w*[a-z](?:Error|Exception|Timeout|Failure)\w*\b|\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b")
_GAP_OUTCOMES = ("FAILED", "NO_HIT", "DEDUPED")
_SEARCHED_ERRORS = re.compile(
    # ("no error or failure lines", "errors/warnings logged": the levels searched for, one or several)
    r"\b(?:error|failure|warning|exception)s?(?:[ \t]*(?:,|or|and|/)[ \t]*(?:error|failure|warning|exception)s?)*"
    r"[ \t-]?(?:lines?|logs?|entries|entry|level|messages?)\b"
    r"|\b(?:any|no|of|for)[ \t]+(?:error|failure|warning)s?(?:[ \t]*(?:,|or|and|/)[ \t]*(?:error|failure|warning)s?)*\b"
    r"|\blog(?:ged|s)?[ \t]+(?:any[ \t]+)?errors?\b|错误日志|ERROR 日志|报错日志|(?:没有|没|无|未)(?:报错|错误)",
    re.I,
)


def _a_window(text: str, fact: Fact) -> bool:
    """ "the last 7 days", "the 30-day range query", "最近 7 天的数据": what the call asked for, not how it failed."""
    if fact.quantity is None or fact.quantity.dimension != Dimension.TIME:
        return False
    text = arabic(text)  # "the first three weeks" is read as the fact was ("3 weeks")
    split = re.match(r"([0-9][0-9.,]*)[ \t-]*(\S{1,3})", fact.text)  # "30 days", "3周"
    if split is None:
        return False
    number, unit = split.groups()
    written = re.search(rf"(?<![0-9.]){re.escape(number)}[ \t-]?{re.escape(unit)}\w*", text)  # "30-day" too
    if written is None:
        return False
    before = _WINDOW_BEFORE.search(text, max(0, written.start() - 12), written.start())
    return bool(before or _WINDOW_AFTER.match(text, written.end()))


_WINDOW_BEFORE = re.compile(r"(?:\b(?:last|past|previous|trailing|first)|最近|近|过去|前|最初)[ \t]*$", re.I)
_WINDOW_AFTER = re.compile(r"[ \t-]*(?:range|window|lookback|of (?:data|history|metrics)|范围|窗口|的数据|历史)", re.I)


def _dimension(fact: Fact) -> object:
    return fact.quantity.dimension if fact.quantity is not None else fact.kind


def check_gap(claim: Claim, facts: tuple[Fact, ...], evidence: Evidence, base) -> ClaimCheck:
    """A statement of what could not be checked: grounded by a failed, empty or deduplicated call."""
    families = [family for family, pattern in _FAMILY_WORDS.items() if pattern.search(claim.text)]
    if families and not any(
        family_of(evidence.row(i).tool_name) in families and evidence.row(i).outcome.name in _GAP_OUTCOMES
        for i in evidence.rows()
    ):
        families = []  # "the log search" run by a tool named otherwise (query_es, loki_query): any gap call
    says_empty = _EMPTY_RESULT.search(claim.text) is not None
    # "the search for ERROR lines came back empty, so no errors were logged": errors it searched for, not a
    # failure of the call
    # (an exception's name, "OutOfMemoryError", "TimeoutException", is what was searched for, not how the call went)
    searched = _NAMED_ERROR.sub(" ", _SEARCHED_ERRORS.sub(" ", claim.text))
    claims_empty = says_empty and not _FAILED_CALL.search(searched)
    # "`ALERTS{alertname="RedisDown"}` 查询结果为空": the empty call the claim quotes, not a failed one of the subject
    quoted_empty = claims_empty and any(
        evidence.row(i).outcome.name == "NO_HIT"
        and (q := evidence.question(i)) is not None
        and any(len(code) > 6 and _unquoted(code.lower()) in _unquoted(q.lowered) for code in claim.codes)
        for i in evidence.rows()
    )
    fallback: Optional[Unit] = None
    wrong: Optional[Unit] = None
    contra: Optional[tuple[Unit, str]] = None  # a failed call that shows the claim wrong: how it failed, its values
    for index in evidence.rows():  # a failed call need not echo the subject it was asked about
        row = evidence.row(index)
        if families and family_of(row.tool_name) not in families:
            continue
        units = evidence.units(index)
        question = evidence.question(index)
        gap_units = [u for u in units if u.strength in (Strength.FAILED, Strength.WEAK)]
        checkable = [
            f
            for f in facts
            if f.kind not in (FactKind.TIME, FactKind.EVENT, FactKind.STATE, FactKind.LEVEL)
            and not f.is_entity
            and not f.bare  # "按租户的 429 比例查询失败了": a bare figure names what was asked, as an entity does
        ]
        claimed_modes = _failure_modes(claim.text)
        for unit in gap_units:
            if (
                unit.strength == Strength.WEAK
                and claimed_modes - {"not found"}  # "未找到匹配的日志" is how an empty search reports itself
                and not says_empty
                and evidence.row(index).outcome.name == "NO_HIT"
            ):
                contra = contra or (unit, "the call came back empty; it did not fail")
                continue
            if unit.strength == Strength.FAILED and claims_empty and not quoted_empty:
                # "refund-service 没有返回 5xx" names no call: another call that answered about it may show it
                if _CALL_NOUN.search(claim.text) or not _answered_about(facts, evidence, families):
                    contra = contra or (unit, "the call failed; it did not come back empty")
                continue
            if claimed_modes and unit.strength == Strength.FAILED and not claimed_modes & _failure_modes(unit.text):
                # "Not checked: other callers hitting the same 401" says how the subject fails, not a call: a gap
                # claim that names no call (nor the kind of call) is no account of how one failed
                if _CALL_NOUN.search(claim.text) or families:
                    contra = contra or (unit, "the call failed otherwise than the claim says")
                continue
            if unit.strength == Strength.FAILED and checkable and contra is None:
                # A value of a dimension the call does show ("30 秒") makes the claim's other values of that
                # dimension ("按 30 天范围") about something else: what it asked, not how it failed.
                shown_dims = {
                    _dimension(f)
                    for f in checkable
                    if matches(f, unit) and not (question is not None and matches(f, question))
                }
                shown = [
                    rival_value(f, unit)
                    for f in checkable
                    if f.kind in VALUE_KINDS
                    and not _a_window(claim.text, f)
                    and _dimension(f) not in shown_dims
                    and not matches(f, unit)
                    and not (question is not None and matches(f, question))  # "按 30 天范围查询": what it asked
                ]
                if shown and all(shown):
                    contra = (unit, "the failed call shows " + "; ".join(shown))
            if (
                not checkable
                or matches_all([dataclasses.replace(f, scope=Scope.QUERY) for f in checkable], unit, question) is True
            ):
                return base(
                    status=ClaimStatus.GROUNDED,
                    groundings=(grounding_of(unit),),
                    reason="states the gap a failed or empty call left",
                )
        if gap_units and wrong is None:
            wrong = gap_units[0]
        if (
            units
            and fallback is None
            and (says_empty or not claimed_modes - {"not found"})
            and evidence.row(index).outcome.name in ("NO_HIT", "DEDUPED")
        ):
            windows = [  # "nothing in the last 24 hours": the window the empty call searched must be that one
                dataclasses.replace(f, scope=Scope.QUERY)
                for f in facts
                if f.kind == FactKind.QUANTITY and f.quantity is not None and f.quantity.dimension == Dimension.TIME
            ]
            if all(matches(f, units[-1]) for f in windows):
                fallback = units[-1]
            elif wrong is None:
                wrong = units[-1]
    if fallback is not None and contra is None:
        return _with_other_values(claim, facts, evidence, fallback, base)
    if contra is not None:
        return base(status=ClaimStatus.CONTRADICTED, groundings=(grounding_of(contra[0]),), reason=contra[1])
    if wrong is not None:
        return base(
            status=ClaimStatus.UNGROUNDED,
            groundings=(grounding_of(wrong),),
            reason="the failed or empty call does not show what the claim says of it",
        )
    if [f for f in facts if f.kind != FactKind.TIME]:
        # "the DNS lookup timed out (10.96.0.10:53)": about the system, not about a call of the agent.
        status, groundings, reason, direct = ground_parts(claim.text, facts, evidence)
        if status == ClaimStatus.GROUNDED and _CAUSE_GIVEN.search(claim.text):
            # "这是因为 v5.2.0 调小了连接池，导致拿不到 Redis 连接": a cause, whose link no fact shows
            link = causal_link(claim.text, facts, evidence)
            if link is None:
                why = "the facts are in the evidence but no unit states the cause"
                checked = base(status=ClaimStatus.UNGROUNDED, groundings=groundings, reason=why, inference=True)
                return dataclasses.replace(checked, kind=ClaimKind.CAUSAL)
            groundings += (link,)
        if status == ClaimStatus.GROUNDED:
            return dataclasses.replace(
                base(status=status, groundings=groundings, reason=reason, direct=direct), kind=ClaimKind.FACT
            )
    if not _CALL_EVENT.search(claim.text):
        # "I did not query error rates, so I can't say ...": the agent's own uncertainty, nothing to check.
        return dataclasses.replace(
            base(status=ClaimStatus.UNCHECKABLE, reason="states an uncertainty"), kind=ClaimKind.HEDGE
        )
    if not any(True for _ in evidence.rows()):
        return base(status=ClaimStatus.WEAK, reason="no call was recorded")
    return base(status=ClaimStatus.WEAK, reason="no failed or empty call matches this gap")


_SNAKE_NAME = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
_CORE_TOOLS = frozenset({"lookup_knowledge", "query_logs", "query_metrics"})


def _answered_about(facts: Sequence[Fact], evidence: Evidence, families: Sequence[Family]) -> bool:
    """Whether a call of the claim's families (any, when it cites none) answered about every name the claim
    gives: "refund-service returned no 5xx" beside a metric of its 5xx that came back 0 tells that call's
    finding, which a failed log search of the same service does not contradict."""
    entities = [f for f in facts if f.is_entity]
    return bool(entities) and any(
        evidence.row(i).outcome.name in ("DIRECT_SUPPORT", "INDIRECT_SUPPORT")
        and (not families or family_of(evidence.row(i).tool_name) in families)
        and evidence.named(i, entities, asked=True)
        for i in evidence.rows()
    )


def failure_told(
    claim: Claim, facts: tuple[Fact, ...], evidence: Evidence, base: Callable[..., ClaimCheck]
) -> Optional[tuple[ClaimStatus, tuple, str, bool]]:
    """A fact that tells how a probe failed ("the TCP connection to 10.30.2.15:8443 is refused (curl exit 7
    after 3 ms)", "连接 10.0.4.9:6379 超时"): the failure is what the call found. A failed call whose error
    shows it, the way it failed and its figures (as a gap's would), of the subject the claim names (in its
    error or its question), grounds it; None otherwise."""
    if claim.kind != ClaimKind.FACT or not _told_modes(claim.text):
        return None
    entities = [f for f in facts if f.is_entity]
    if not any(_failed_call_names(evidence, index, entities) for index in evidence.rows()):
        return None
    check = check_gap(dataclasses.replace(claim, kind=ClaimKind.GAP), facts, evidence, base)
    if check.status != ClaimStatus.GROUNDED:
        return None
    return check.status, check.groundings, "the failed call shows the failure it tells", check.direct


def _failed_call_names(evidence: Evidence, index: int, entities: Sequence[Fact]) -> bool:
    """Whether a call failed and its error (or its question) names each of the entities."""
    failed = [u for u in evidence.units(index) if u.strength == Strength.FAILED]
    question = evidence.question(index)
    said = (*failed, *([question] if question else []))
    return bool(failed) and all(any(matches(f, u) for u in said) for f in entities)


def as_fact_unless_a_call(claim: Claim, evidence: Evidence) -> Claim:
    """A GAP claim read as a fact when what "failed" is no call of the session: "every render_statement task
    has failed" names a task, not the tool that searched for it (the gap cue reads any snake_case name)."""
    if claim.kind != ClaimKind.GAP:
        return claim
    tools = {evidence.row(i).tool_name.lower() for i in evidence.rows()} | _CORE_TOOLS
    blanked = _SNAKE_NAME.sub(lambda m: m.group(0) if m.group(0) in tools else "it", claim.text)
    if _GAP_CUE.search(blanked) or not _GAP_CUE.search(claim.text):
        return claim  # a call is named, or the claim is a gap by its section ("### Not checked")
    return dataclasses.replace(claim, kind=ClaimKind.FACT)


# a cause the claim gives for what failed ("这是因为 … 导致拿不到连接"); "…，所以也拿不到证书信息" only draws
# a consequence, the gap it leaves
_CAUSE_GIVEN = re.compile(
    r"\b(?:because|due to|caused|led to|leads to|result(?:ed|s)? in|owing to|stems? from)\b"
    r"|因为|由于|导致|引起|造成|引发|所致|致使",
    re.I,
)
# a window a call asks in words or parameters ("[24h]", "--since 12h", "start=", "last 6 hours"): a relative
# window may hold the claim's time, which the call then searched
_WINDOW_ASKED = re.compile(
    r"\[[0-9]+[smhdw]\]|\b(?:since|start|end|from|to|range|last|lookback|window|after|before|ago|time)\b"
    r"|[0-9]+[ \t]*(?:m|h|d|min|mins|minutes?|hours?|days?)\b",
    re.I,
)
_CALLS_COUNTED = re.compile(r"[ \t]*(?:查询|搜索|调用|检索|请求)")
_CALL_NOUNS = frozenset({"queries", "query", "searches", "search", "calls", "call", "lookups", "attempts", "tries"})


def _with_other_values(
    claim: Claim, facts: tuple[Fact, ...], evidence: Evidence, empty: Unit, base: Callable[..., ClaimCheck]
) -> ClaimCheck:
    """A gap an empty call left, and the values the claim states beside it ("the search returned no documents,
    and the active alert (drift 0.42% vs a 0.1% threshold) has no runbook"): the empty call shows the gap;
    the values, which it did not ask, must be shown by the evidence as any claim's are."""
    row = next(i for i in evidence.rows() if evidence.row(i).invocation_id == empty.invocation_id)
    read = arabic(normalize(claim.text))  # as the facts were read: "两次查询" is "2次查询"
    # what the call asked, or reports of itself in its whole output ("scanned about 2210k lines": Loki's stats)
    own = [n.value * n.factor for n in numbers_in_text(evidence.raw(row))]
    values = [
        f
        for f in facts
        if (f.kind in (FactKind.QUANTITY, FactKind.HTTP_STATUS) or (f.kind == FactKind.COUNT and f.key != "0"))
        and not (f.quantity is not None and f.quantity.dimension == Dimension.TIME)  # the window it searched
        and not matches(dataclasses.replace(f, scope=Scope.QUERY), empty)
        and not (f.quantity is not None and any(f.quantity.matches(value) for value in own))
        and not _CALLS_COUNTED.match(read, read.find(f.text) + len(f.text))  # "两次查询", "both searches"
        and f.noun not in _CALL_NOUNS
    ]
    # a clock time the claim gives its gap ("昨晚 02:00 前后没有任何节点宕机") must be one the empty call asked: an
    # instant query of now, or a window that does not hold it, shows nothing of then
    asked = [u for u in (empty, evidence.question(row)) if u is not None]
    timeless = not any(u.minutes or _WINDOW_ASKED.search(u.text) for u in asked)
    unasked = [f for f in facts if f.kind == FactKind.TIME] if timeless else []
    if unasked:
        why = f"the empty call asked no time of {unasked[0].text}"
        return base(status=ClaimStatus.UNGROUNDED, groundings=(grounding_of(empty),), reason=why)
    if not values:
        return base(
            status=ClaimStatus.GROUNDED, groundings=(grounding_of(empty),), reason="states the gap an empty call left"
        )
    named = tuple(f for f in facts if f.is_entity) + tuple(values)
    status, groundings, reason, direct = ground_parts(claim.text, named, evidence)
    if status != ClaimStatus.GROUNDED:
        return base(status=ClaimStatus.UNGROUNDED, groundings=(grounding_of(empty),), reason=reason)
    return base(
        status=ClaimStatus.GROUNDED,
        groundings=(grounding_of(empty), *groundings),
        reason="states the gap an empty call left; its other values are shown",
        direct=direct,
    )


def _unquoted(text: str) -> str:
    """The text without its quotes and escapes: a query as a claim quotes it and as its call's JSON holds it."""
    return re.sub(r"[\\\"']", "", text)
