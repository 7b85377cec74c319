"""The claim checks that are not "one unit shows every fact".

Negations ("no errors were logged"), universal and exclusive claims ("no
partition is above 10000"), no firing alerts, denied events ("no deadlock"),
success ("the job completed successfully"), each contradicted by a unit of the
subject that shows the opposite; and gaps ("the metrics query timed out"),
grounded by a failed, empty or deduplicated call.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Optional

from evidence_trace.server.domain.model import ClaimCheck, ClaimKind, ClaimStatus
from evidence_trace.server.domain.payloads import ERROR_LEVELS
from evidence_trace.server.domain.verifier.claims import Claim
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_matching import content_words, matches, matches_all, stem_in
from evidence_trace.server.domain.verifier.facts import Comparison, Dimension, Fact, FactKind, Scope
from evidence_trace.server.domain.verifier.intervals import within_window
from evidence_trace.server.domain.verifier.rivals import VALUE_KINDS, rival_value
from evidence_trace.server.domain.verifier.unit_search import MAX_GROUNDINGS, ground_parts, grounding_of
from evidence_trace.server.domain.verifier.units import Family, Strength, Unit, family_of

_FAILURE_MODES = {
    "timeout": re.compile(r"time[ds]?[ -]?out|deadline|超时", re.I),
    "permission": re.compile(r"permission|forbidden|denied|unauthori[sz]ed|rbac|\b40[13]\b|权限|拒绝访问|未授权", re.I),
    "not found": re.compile(r"not found|no such|does not exist|\b404\b|不存在|未找到", re.I),
    "connection": re.compile(
        r"connection refused|unreachable|connect(?:ion)? (?:error|failed)|dial tcp|"
        r"no route|连接被拒绝|无法连接",
        re.I,
    ),
}


def _failure_modes(text: str) -> set[str]:
    """How a call failed, as a text says it: timeout, permission, not found, connection."""
    return {mode for mode, pattern in _FAILURE_MODES.items() if pattern.search(text)}


_CALL_EVENT = re.compile(
    r"\b(?:timed out|time[ds]? out|timeout|failed|errored|returned|came back|was empty|were empty|"
    r"deduplicated|deduped|skipped|unavailable|exceeded)\b|超时|失败|报错|出错|错误|为空|无结果|不可用|未找到|没有找到|没有返回",
    re.I,
)
# "之后客户端自动跟随到新主，没有再报错", "no errors since then": no errors after a moment the claim does
# not date; the errors before it are no rival
_SINCE_THEN = re.compile(
    r"\b(?:again|no longer|any ?more|since then|after that|afterwards|thereafter)\b|没有?再|不再|之后|此后|以后", re.I
)
_NEGATED_ERRORS = re.compile(
    r"\b(?:no|not|never|zero|0|without|none of the|nor)\b(?:\s+[\w-]+){0,4}?\s+(?:errors?|exceptions?|failures?|"
    r"fatal|error[- ](?:logs?|entries|lines|messages))\b"
    r"|\b(?:errors?|exceptions?|error entries|error logs)\s+(?:were|was|are|is)\s+(?:not|never)\b"
    r"|\b(?:didn't|did not|doesn't|does not|hasn't|has not|haven't|have not)\s+(?:\w+\s+){0,2}?(?:any\s+)?"
    r"(?:errors?|exceptions?)"
    r"|(?:没有|无|未|并未|未见|没)[^，。；]{0,6}?(?:错误|异常|报错|ERROR)",
    re.I,
)
_FAMILY_WORDS = {
    Family.LOGS: re.compile(r"\blogs?\b|log (?:search|query)|日志", re.I),
    Family.METRICS: re.compile(r"\bmetrics?\b|prometheus|promql|\bcpu\b|memory|latency|指标|监控", re.I),
    Family.KNOWLEDGE: re.compile(r"knowledge|runbook|\bkb\b|docs?\b|documentation|retrieval|知识库|文档|手册", re.I),
}


def check_negation(claim: Claim, facts: tuple[Fact, ...], evidence: Evidence, base) -> Optional[ClaimCheck]:
    """ "No errors were logged", "the alert is not firing", "0 restarts"."""
    # What the claim denies errors for: its entities and ids ("sku=10244 的扣减没有报错").
    entities = [f for f in facts if f.is_entity or f.kind == FactKind.ID]
    window = [f for f in facts if f.kind == FactKind.TIME]
    text = claim.text
    if _NEGATED_ERRORS.search(text) and not _SINCE_THEN.search(text):
        supporting: list[Unit] = []
        weak: list[Unit] = []
        for index in evidence.candidates(entities):
            row = evidence.row(index)
            if family_of(row.tool_name) != Family.LOGS:
                continue
            for unit in evidence.units(index):
                if unit.strength in (Strength.FAILED, Strength.QUESTION):
                    continue
                if entities and not all(matches(f, unit) or _in_question(f, evidence.units(index)) for f in entities):
                    continue
                if not within_window(window, unit):
                    continue  # "20:00 到 20:15 之间没有报错": an error outside that window is no rival
                if unit.level in ERROR_LEVELS and unit.strength >= Strength.INDIRECT:
                    return base(
                        status=ClaimStatus.CONTRADICTED,
                        groundings=(grounding_of(unit),),
                        reason=f"the evidence shows a {unit.level} entry",
                    )
                (supporting if unit.strength >= Strength.INDIRECT else weak).append(unit)
            if not evidence.units(index)[:-1] and evidence.units(index):
                weak.append(evidence.units(index)[-1])
        if supporting:
            return base(
                status=ClaimStatus.GROUNDED,
                groundings=tuple(grounding_of(u) for u in supporting[:3]),
                reason="the log entries shown hold no error",
                direct=False,
            )
        if weak:
            return base(
                status=ClaimStatus.WEAK,
                groundings=tuple(grounding_of(u) for u in weak[:3]),
                reason="only an empty or weak log search stands behind it",
            )
        return base(status=ClaimStatus.WEAK, reason="no log search covers it")
    return None


_UNIVERSAL = re.compile(
    r"\b(?:no|none of(?: the)?|not a single|not one|neither)\s+(?:[\w.-]+\s+){0,3}?(?:is|are|was|were|has|have|"
    r"exceeds?|exceeded|crossed|went|reached|breached)\b|没有任何|没有一个|均未|都没有|全部未|无一",
    re.I,
)
_EVENTS = {
    "deadlock": ("deadlock", "死锁"),
    "timeout": ("timeout", "timed out", "超时"),
    "restart": ("restart", "重启"),
    "oom": ("oom", "out of memory", "outofmemory", "内存溢出"),
    "crash": ("crash", "崩溃"),
    "exception": ("exception", "异常"),
    "evict": ("evict", "驱逐"),
    "refused": ("refused", "拒绝"),
    "throttl": ("throttl", "限流"),
    "panic": ("panic",),
    "rollback": ("rollback", "回滚"),
    "failover": ("failover", "切换"),
}
# What a denial denies: the event right after the negator, not one past "until" ("will not recover until
# restarted") and not one the writer only did not look at ("didn't check whether it restarted",
# "没有看回滚之后…": an admitted unknown).
_UNLOOKED = (
    r"(?:check|checked|look|looked|verify|verified|confirm|confirmed|compare|compared|see|examine|examined|know|"
    r"until|unless|till|before|after|once|when)"
)
_DENIED = re.compile(
    r"\b(?:no|not|never|without|zero|didn't|did not|doesn't|does not|hasn't|has not|haven't|have not|wasn't|weren't)"
    r"\s+(?:(?!" + _UNLOOKED + r"\b)\w+\s+){0,3}?(deadlock|time[ -]?outs?|timed out|restart|oom|out of memory|crash|"
    r"exception|evict|refused|throttl|panic|rollback|failover)\w*"
    # "no restart is needed": advice about what to do, not a denial of what happened
    r"(?!\s+(?:is|are|was|would be)?\s*(?:needed|required|necessary))"
    r"|(?:没有|未|并未|无|没)(?:(?!看|查|检|确认|核实|对比|比较|验证|关注|直到|除非)\S){0,4}?"
    r"(死锁|超时|重启|内存溢出|崩溃|异常|驱逐|拒绝|限流|回滚|切换)",
    re.I,
)
# "the third pod", "the other two", "其余两个": one thing the claim does not name; a unit of another is no rival
_PARTICULAR = re.compile(
    r"\b(?:the|that|this|these|those)\s+(?:first|second|third|fourth|fifth|other|remaining|last|new|old|same)\b"
    r"|其余|其他|其它|另外(?:两|几|一|的)|第[一二三四五六七八九十0-9]+(?:个|台|条)",
    re.I,
)


_CONDITION = re.compile(r"\b(?:if|unless|assuming|provided|in case)\b|如果|假如|假设|若|要是|一旦", re.I)


def in_condition(text: str, fact_text: str) -> bool:
    """Whether the fact is stated inside a condition ("if the SDK is below 4.2", "如果版本低于 4.2"):
    a hypothesis the claim reasons from, not what it says the evidence shows."""
    at = text.find(fact_text)
    if at < 0:
        return False
    clause_start = max(text.rfind(mark, 0, at) for mark in ",;，；。:：")
    return _CONDITION.search(text, clause_start + 1, at) is not None


def check_universal(claim: Claim, facts: tuple[Fact, ...], evidence: Evidence, base) -> Optional[ClaimCheck]:
    """ "No partition is above 10000": contradicted by any unit of the subject above it."""
    none_firing = _NO_ALERTS.search(claim.text)
    if none_firing:
        return _check_no_alerts(none_firing.group("what") or "", facts, evidence, base)
    if not _UNIVERSAL.search(claim.text):
        return None
    bounds = [
        f
        for f in facts
        if f.quantity is not None
        and f.quantity.comparison in (Comparison.ABOVE, Comparison.BELOW)
        and not in_condition(claim.text, f.text)
    ]
    if not bounds:
        return None
    entities = [f for f in facts if f.is_entity]
    seen: list[Unit] = []
    for index in evidence.candidates(entities):
        units = evidence.units(index)
        question = units[-1] if units and units[-1].strength == Strength.QUESTION else None
        for unit in units:
            if unit.strength < Strength.INDIRECT or not unit.numbers:
                continue
            if entities and matches_all(entities, unit, question) is not True:
                continue
            if any(matches(bound, unit) for bound in bounds):
                comparison = bounds[0].quantity.comparison.value if bounds[0].quantity else ""
                return base(
                    status=ClaimStatus.CONTRADICTED,
                    groundings=(grounding_of(unit),),
                    reason=f"{unit.ref} of {unit.invocation_id} is {comparison} {bounds[0].text}",
                )
            seen.append(unit)
    if seen:
        return base(
            status=ClaimStatus.GROUNDED,
            groundings=tuple(grounding_of(u) for u in seen[:MAX_GROUNDINGS]),
            reason="no unit of the subject crosses the bound",
            direct=any(u.strength == Strength.DIRECT for u in seen),
        )
    return None


_NO_ALERTS = re.compile(
    r"\b(?:no|none of the|not a single|not one)\s+(?P<what>(?:[\w.-]+\s+){0,3}?)alerts?\b[^.;。；]{0,40}?"
    r"\b(?:is|are|was|were)\s+(?:currently\s+|still\s+|now\s+)?(?:firing|active|triggered)"
    r"|(?:没有|无)(?:任何)?(?P<zh>[^，。；]{0,12}?)(?:告警|报警)[^，。；]{0,8}?(?:触发|告警中|firing)",
    re.I,
)


def _check_no_alerts(qualifier: str, facts: tuple[Fact, ...], evidence: Evidence, base) -> ClaimCheck:
    """ "No TLS alerts are firing": contradicted by any firing alert that matches the qualifier."""
    words = content_words(qualifier)
    entities = [f for f in facts if f.is_entity]
    seen: list[Unit] = []
    for index in evidence.candidates(entities):
        for unit in evidence.units(index):
            if unit.kind != "alert" or unit.strength < Strength.INDIRECT:
                continue
            seen.append(unit)  # an alert listing covers the claim, matching or not
            if entities and not all(matches(f, unit) for f in entities):
                continue
            if not all(stem_in(word, unit.lowered) for word in words):
                continue
            if unit.state == "firing":
                return base(
                    status=ClaimStatus.CONTRADICTED,
                    groundings=(grounding_of(unit),),
                    reason="the evidence shows a firing alert",
                )
    if seen:
        return base(
            status=ClaimStatus.GROUNDED,
            groundings=tuple(grounding_of(u) for u in seen[:MAX_GROUNDINGS]),
            reason="no matching alert is firing",
            direct=True,
        )
    return base(status=ClaimStatus.WEAK, reason="no alert query covers it")


def check_denied_event(claim: Claim, facts: tuple[Fact, ...], evidence: Evidence, base) -> Optional[ClaimCheck]:
    """ "X had no deadlock": contradicted by a unit of X that shows one."""
    m = _DENIED.search(claim.text)
    if m is None:
        return None
    term = (m.group(1) or m.group(2)).lower()
    forms = next(
        (
            forms
            for stem, forms in _EVENTS.items()
            if term.startswith(stem) or term in forms or any(term.startswith(f) for f in forms)
        ),
        (term,),
    )
    entities = [f for f in facts if f.is_entity]
    if not entities and _PARTICULAR.search(claim.text):
        return None  # "the third pod has no restarts": which units are about it, the claim does not say
    for index in evidence.candidates(entities):
        units = evidence.units(index)
        question = units[-1] if units and units[-1].strength == Strength.QUESTION else None
        for unit in units:
            if unit.strength < Strength.INDIRECT or unit.kind == "input" or unit.family == Family.KNOWLEDGE:
                continue  # a runbook's "restart" tells what may happen, not what did
            if entities and matches_all(entities, unit, question) is not True:
                continue
            if any(form in unit.lowered for form in forms) and not _ZERO_EVENT.search(unit.lowered):
                return base(
                    status=ClaimStatus.CONTRADICTED,
                    groundings=(grounding_of(unit),),
                    reason=f"the evidence shows {forms[0]}",
                )
    return None


_ZERO_EVENT = re.compile(r"(?:count|total|restarts?)\"?\s*[:=]\s*\"?0(?![0-9.])")


def _in_question(fact: Fact, units: list[Unit]) -> bool:
    return bool(units) and units[-1].strength == Strength.QUESTION and matches(fact, units[-1])


_EMPTY_RESULT = re.compile(
    r"\breturned (?:no|nothing|empty|an empty|0|zero)\b|came back empty|(?:was|were) empty|found (?:no|nothing)\b"
    r"|\b(?:no|zero) (?:hits?|matches|matching \w+|records?|results?|documents?|docs)\b|nothing (?:matched|was found)"
    r"|\bthere(?:'s| is| are| was| were) no (?:\w+ )?(?:runbook|playbook|documentation|docs?|article|known[- ]issue|"
    r"postmortem)s?\b|没有(?:相关的?)?(?:runbook|预案|手册|文档)"
    r"|返回了?空|空结果|结果为空|无结果|没有(?:返回|找到|查到)|(?:没有|没|未|无)(?:命中|匹配到?|相关(?:记录|文档|结果))",
    re.I,
)
_FAILED_CALL = re.compile(r"fail|error|timed? ?out|refused|denied|失败|报错|错误|超时|异常|拒绝", re.I)


_GAP_OUTCOMES = ("FAILED", "NO_HIT", "DEDUPED")
_SEARCHED_ERRORS = re.compile(
    r"\b(?:error|ERROR)[ \t-]?(?:lines?|logs?|entries|entry|level|messages?)\b|\b(?:any|no|of|for)[ \t]+errors?\b"
    r"|\blog(?:ged|s)?[ \t]+(?:any[ \t]+)?errors?\b|错误日志|ERROR 日志|报错日志|(?:没有|没|无|未)(?:报错|错误)",
    re.I,
)


def _a_window(text: str, fact: Fact) -> bool:
    """ "the last 7 days", "the 30-day range query", "最近 7 天的数据": what the call asked for, not how it failed."""
    if fact.quantity is None or fact.quantity.dimension != Dimension.TIME:
        return False
    number, unit = fact.text.split()[0], fact.text.split()[-1][:3]
    written = re.search(rf"(?<![0-9.]){re.escape(number)}[ \t-]?{re.escape(unit)}\w*", text)  # "30-day" too
    if written is None:
        return False
    before = _WINDOW_BEFORE.search(text, max(0, written.start() - 12), written.start())
    return bool(before or _WINDOW_AFTER.match(text, written.end()))


_WINDOW_BEFORE = re.compile(r"(?:\b(?:last|past|previous|trailing)|最近|近|过去)[ \t]*$", re.I)
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
    claims_empty = says_empty and not _FAILED_CALL.search(_SEARCHED_ERRORS.sub(" ", claim.text))
    fallback: Optional[Unit] = None
    wrong: Optional[Unit] = None
    contra: Optional[tuple[Unit, str]] = None  # a failed call that shows the claim wrong: how it failed, its values
    for index in evidence.rows():  # a failed call need not echo the subject it was asked about
        row = evidence.row(index)
        if families and family_of(row.tool_name) not in families:
            continue
        units = evidence.units(index)
        question = units[-1] if units and units[-1].strength == Strength.QUESTION else None
        gap_units = [u for u in units if u.strength in (Strength.FAILED, Strength.WEAK)]
        checkable = [
            f
            for f in facts
            if f.kind not in (FactKind.TIME, FactKind.EVENT, FactKind.STATE, FactKind.LEVEL) and not f.is_entity
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
            if unit.strength == Strength.FAILED and claims_empty:
                contra = contra or (unit, "the call failed; it did not come back empty")
                continue
            if claimed_modes and unit.strength == Strength.FAILED and not claimed_modes & _failure_modes(unit.text):
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
            fallback = units[-1]
    if fallback is not None and contra is None:
        return base(
            status=ClaimStatus.GROUNDED,
            groundings=(grounding_of(fallback),),
            reason="states the gap an empty call left",
        )
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
