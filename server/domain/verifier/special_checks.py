"""The claim checks that are not "one unit shows every fact".

Negations ("no errors were logged"), universal and exclusive claims ("no
partition is above 10000"), no firing alerts, denied events ("no deadlock"),
success ("the job completed successfully"), each contradicted by a unit of the
subject that shows the opposite. Gaps ("the metrics query timed out") are in gap_checks.py.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Optional

from evidence_trace.server.domain.model import ClaimCheck, ClaimStatus
from evidence_trace.server.domain.payloads import ERROR_LEVELS
from evidence_trace.server.domain.verifier.claim_patterns import NARROWED
from evidence_trace.server.domain.verifier.claims import Claim
from evidence_trace.server.domain.verifier.content_words import content_words, stem_in
from evidence_trace.server.domain.verifier.error_kinds import errors_filtered_out, kind_words, shows_kind
from evidence_trace.server.domain.verifier.event_shown import shows_event
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_matching import matches, matches_all
from evidence_trace.server.domain.verifier.facts import Comparison, Fact, FactKind
from evidence_trace.server.domain.verifier.intervals import windows_unread, within_window
from evidence_trace.server.domain.verifier.unit_search import MAX_GROUNDINGS, grounding_of
from evidence_trace.server.domain.verifier.units import Family, Strength, Unit, family_of

# "之后客户端自动跟随到新主，没有再报错", "no errors since then": no errors after a moment the claim does
# not date; the errors before it are no rival
_SINCE_THEN = re.compile(
    r"\b(?:again|no longer|any ?more|since then|after that|afterwards|thereafter)\b|没有?再|不再|之后|此后|以后", re.I
)
# "no per-variation error metric", "no error budget policy": a thing named for errors, not errors
_NAMED_THING = (
    r"(?:metrics?|rates?|ratios?|budgets?|dashboards?|panels?|graphs?|charts?|alerts?|rules?|fields?|labels?|"
    r"codes?|handling|handlers?|pages?|thresholds?|breakdowns?|series|tracking|reporting)\b"
)
NEGATED_ERRORS = re.compile(
    # (not "not from all 495 errors", "not just the errors": a contrast of which ones, no denial that there were any)
    r"\b(?:no|not(?!\s+(?:from|in|of|just|only|all|every|each|counting)\b)|never|zero|0|without|none of the|nor)\b"
    r"(?:\s+[\w-]+){0,4}?\s+(?:errors?|exceptions?|failures?|"
    r"fatal|error[- ](?:logs?|entries|lines|messages))\b(?![ \t-]+" + _NAMED_THING + ")"
    r"|\b(?:errors?|exceptions?|error entries|error logs)\s+(?:were|was|are|is)\s+(?:not|never)\b"
    r"|\b(?:didn't|did not|doesn't|does not|hasn't|has not|haven't|have not)\s+(?:\w+\s+){0,2}?(?:any\s+)?"
    r"(?:errors?|exceptions?)"
    # ("无法创建" is unable, no denial; "没有错误率指标" denies a metric, not errors; "没有 schema 相关的报错": a kind
    # between, as English allows four words; after a bare 没/未 only a few: "还没结束、名字仍被占用导致的错误")
    r"|(?:(?:没有|无(?!法)|并未|未见)[^，。；]{0,14}?|(?:未|没)[^，。；]{0,6}?)(?:错误|异常|报错|ERROR)"
    r"(?!率|指标|码|预算|处理|告警|面板|统计)",
    re.I,
)


def check_negation(claim: Claim, facts: tuple[Fact, ...], evidence: Evidence, base) -> Optional[ClaimCheck]:
    """ "No errors were logged", "the alert is not firing", "0 restarts"."""
    # What the claim denies errors for: its entities and ids ("sku=10244 的扣减没有报错").
    entities = [f for f in facts if f.is_entity or f.kind == FactKind.ID]
    window = [f for f in facts if f.kind == FactKind.TIME]
    text = claim.text
    denied = NEGATED_ERRORS.search(text)
    # "no other OOM errors" sets the told ones aside; "never exceeded 2 errors" is a bound, not a denial;
    # "为什么没有提前返回错误" asks of a denial
    if (
        denied
        and not _WHY.search(text, 0, denied.start())
        and not _SINCE_THEN.search(text)
        and not _OTHER_ONES.search(denied.group(0))
        and not _BOUND.search(denied.group(0))
    ):
        supporting: list[Unit] = []
        weak: list[Unit] = []
        kinds, other_kind = kind_words(denied.group(0)), False  # "no permission errors": that kind only
        for index in evidence.candidates(entities):
            row = evidence.row(index)
            family = family_of(row.tool_name)
            if family not in (Family.LOGS, Family.TRACES):
                continue
            # a trace is one request: a name any of its spans gives ("POST /api/v2/orders") names every span of it
            traced = family == Family.TRACES and all(
                any(matches(f, u) for u in evidence.units(index)) for f in entities
            )
            for unit in evidence.units(index):
                if unit.strength in (Strength.FAILED, Strength.QUESTION):
                    continue
                named = traced or all(matches(f, unit) or _in_question(f, evidence.units(index)) for f in entities)
                if entities and not named:
                    continue
                if not within_window(window, unit):
                    continue  # "20:00 到 20:15 之间没有报错": an error outside that window is no rival
                if unit.level in ERROR_LEVELS and kinds and not shows_kind(unit, kinds):
                    other_kind = True  # an error of another kind refutes nothing, and grounds nothing either
                    continue
                if unit.level in ERROR_LEVELS and unit.strength >= Strength.INDIRECT:
                    if windows_unread(window, unit):  # "21:00–22:00 和 23:00 以后都没有报错"
                        return base(
                            status=ClaimStatus.UNCHECKED,
                            groundings=(grounding_of(unit),),
                            reason="its windows are more than the two ends the rules read",
                        )
                    # "no errors at all before it": when is "it"? "07:10 之前没有 error": a window open at one end
                    if len(window) <= 1 and _BEFORE_EVENT.search(text):
                        return base(
                            status=ClaimStatus.UNCHECKED,
                            groundings=(grounding_of(unit),),
                            reason="its window ends at an event the rules cannot place in time",
                        )
                    return base(
                        status=ClaimStatus.CONTRADICTED,
                        groundings=(grounding_of(unit),),
                        reason=f"the evidence shows a {unit.level} entry",
                    )
                if unit.strength >= Strength.INDIRECT and errors_filtered_out(row.params):
                    continue  # "level: INFO", "keyword: sync completed": its entries cannot show there was no error
                (supporting if unit.strength >= Strength.INDIRECT else weak).append(unit)
            if not evidence.units(index)[:-1] and evidence.units(index):
                weak.append(evidence.units(index)[-1])
        if supporting and other_kind:
            return base(status=ClaimStatus.UNGROUNDED, reason="the errors shown are of kinds the rules cannot tell")
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
    # the words between never join another clause: "with no restarts and have been up for over 2 days" denies
    # restarts, not the 2 days
    r"\b(?:no|none of(?: the)?|not a single|not one|neither)\s+(?:(?!(?:and|or|but|with|while|so)\b)[\w.-]+\s+){0,3}?"
    r"(?:is|are|was|were|has|have|"
    r"exceeds?|exceeded|crossed|went|reached|breached)\b|没有任何|没有一个|均未|都没有|全部未|无一",
    re.I,
)
_EXCEPT = re.compile(r"\b(?:only|except|but)\b[^.;]{0,60}\b(?:were|was|did|had)\b|只有|除了|仅有", re.I)
_TOLD_KINDS = ("log line", "log entry", "item")  # a console's lines, or its stages (a Jenkins Pipeline's)
_DEPLOYED = ("has been upgraded", "status: deployed", "successfully rolled out", "部署成功", "发布成功", "已上线")
_EVENTS = {
    # the kernel's or the kubelet's kill ("not OOM-killing the container"), not a program's OutOfMemoryError
    "oomkill": ("oomkilled", "oom-kill", "oom kill", "oom_kill", "oom-killer", "killed process"),
    "deadlock": ("deadlock", "死锁"),
    "timeout": ("timeout", "timed out", "超时"),
    "restart": ("restart", "重启"),
    "oom": ("oom", "out of memory", "outofmemory", "内存溢出"),
    "crash": ("crash", "崩溃"),
    "exception": ("exception", "异常"),
    "evict": ("evict", "驱逐", "淘汰"),  # (Redis's eviction is 淘汰 in Chinese)
    "refused": ("refused", "拒绝", "reject"),
    "throttl": ("throttl", "限流"),
    "panic": ("panic",),
    "rollback": ("rollback", "回滚"),
    "failover": ("failover", "切换"),
    # "5.3.0 never reached production", "was not deployed", "没有上线": a deploy the evidence shows done
    "deploy": _DEPLOYED,
    "reach": _DEPLOYED,
    "上线": _DEPLOYED,
    "部署": _DEPLOYED,
}
# What a denial denies: the event right after the negator, not one past "until" ("will not recover until
# restarted") and not one the writer only did not look at ("didn't check whether it restarted",
# "没有看回滚之后…": an admitted unknown).
_UNLOOKED = (
    r"(?:check|checked|look|looked|verify|verified|confirm|confirmed|compare|compared|see|seen|saw|examine|examined|"
    r"know|knew|known|found|find|determined?|established|why|whether|how|until|unless|till|before|after|once|when|"
    # "not ready and has restarted 4 times": a conjunction ends what the negation says
    r"and|but|or|yet|while|though|although|so|which|"
    # "will not stop these restarts", "won't prevent timeouts": what a change would do, no denial that they happen
    r"stop|stops|prevent|prevents|fix|fixes|solve|solves|cure|cause|causes|explain|explains|reduce|avoid|help|end|"
    # "not configured to restart", "no automatic restart is set": a setting, no denial that it happened
    r"configured|set|enabled|automatic|auto)"
)
_DENIED = re.compile(
    r"\b(?:no|not|never|without|zero|didn't|did not|doesn't|does not|hasn't|has not|haven't|have not|wasn't|weren't)"
    r"\s+(?:(?!"
    + _UNLOOKED
    + r"\b)\w+\s+){0,3}?(deadlock|time[ -]?outs?|timed out|restart|oom(?:[- _]?kill)?|out of memory|crash|"
    # ("no evictable keys", "没有可淘汰的对象", "没有东西可以淘汰": what could happen, not what did)
    r"exception|evict|refused|throttl|panic|rollback|failover|deploy|reach(?:ed)?\s+prod)(?!\w*able\b)\w*"
    # "no restart is needed": advice about what to do, not a denial of what happened
    r"(?!\s+(?:is|are|was|would be)?\s*(?:needed|required|necessary))"
    # ("没有 pod 被驱逐": a subject in Latin letters between, then 被/有/发生)
    r"|(?:没有|未|并未|无|没)(?:(?!看|查|检|确认|核实|对比|比较|验证|关注|直到|除非|且|而|但|并|和|可|能|配置|设置|开启|启用|自动|，|,|；)\S){0,6}?"
    r"(?:[ \t]*(?:任何[ \t]*)?[A-Za-z][\w-]*[ \t]*(?:被|有|发生)?)?"
    # an English word in a Chinese sentence too ("没有 panic", "没有出现 OOM")
    r"\s*(死锁|超时|重启|内存溢出|崩溃|异常|驱逐|淘汰|拒绝|限流|回滚|切换|deadlock|timeout|restart|oom|crash|exception|"
    r"evict|panic|rollback|failover|上线|部署到?生产)",
    re.I,
)
# a denial bounded by an event, not a time ("no errors before it", "在此之前没有报错", "prior to the rollout")
_BEFORE_EVENT = re.compile(
    r"\bbefore (?:it|that|this|then|the (?:release|deploy\w*|rollout|restart|upgrade|change|cutover))\b|\bprior to\b"
    r"|在?此之前|在这之前|之前|以前|此前",
    re.I,
)
# a bound in a denial of errors ("never exceeded 2 errors", "不超过 3 个错误"), not "0 errors" or "no 5xx errors"
_BOUND = re.compile(r"(?:exceed\w*|more than|above|over|beyond|超过|多于|大于|高于)[ \t]*[0-9]", re.I)
_WHY = re.compile(r"为什么|为何|\bwhy\b", re.I)
# … or a repetition ("no second failover", "没有再次重启", "暂无二次切换"), which one occurrence does not contradict
_OTHER_ONES = re.compile(
    r"其他|其它|别的|再次|二次|第二次|又一次|\b(?:other|another|further|more|second|again|twice)\b", re.I
)
# the call itself as what a denial is said of ("查询未超时", "the query itself did not time out")
_THE_CALL = re.compile(
    r"(?:查询|检索|搜索|请求|调用)(?:本身|自身)?[ \t]*$|\b(?:query|search|call|lookup)[ \t]+(?:itself[ \t]+)?$", re.I
)
# "the third pod", "the other two", "其余两个": one thing the claim does not name; a unit of another is no rival
_PARTICULAR = re.compile(
    r"\b(?:the|that|this|these|those)\s+(?:first|second|third|fourth|fifth|other|remaining|last|new|old|same)\b"
    r"|其余|其他|其它|另外(?:两|几|一|的)|第[一二三四五六七八九十0-9]+(?:个|台|条)"
    # one container of a pod ("the reloader sidecar did not restart"): a pod's RESTARTS counts every container
    r"|\b(?:the|its|that)\s+[\w-]+\s+(?:sidecar|container)\b|[\w-]+\s*(?:sidecar\s*)?容器",
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


# not a bare "另外" ("另外，…": "also")
_OTHER = re.compile(r"\b(?:no|none of the) other\b|\bother than\b|其他|其余|其它|另外(?:的|[一两几0-9])", re.I)


_CROSSING = {Comparison.ALWAYS_BELOW: Comparison.ABOVE, Comparison.ALWAYS_ABOVE: Comparison.BELOW}


def check_universal(claim: Claim, facts: tuple[Fact, ...], evidence: Evidence, base) -> Optional[ClaimCheck]:
    """ "No partition is above 10000": contradicted by any unit of the subject above it."""
    none_firing = _NO_ALERTS.search(claim.text)
    if none_firing:
        return _check_no_alerts(none_firing.group("what") or "", facts, evidence, base)
    if not _UNIVERSAL.search(claim.text) or _OTHER.search(claim.text):
        return None  # "no other push pod …": which one is excepted, the units do not say
    bounds = [
        f
        for f in facts
        if f.quantity is not None
        and f.quantity.comparison in (Comparison.ABOVE, Comparison.BELOW)
        and not in_condition(claim.text, f.text)
    ]
    # "所有 pod 都没有超过 500 ms": the negation is read into the bound ("at most 500 ms, always"); a unit
    # beyond it is what "no pod exceeded" denies
    bounds += [
        dataclasses.replace(f, quantity=dataclasses.replace(f.quantity, comparison=_CROSSING[f.quantity.comparison]))
        for f in facts
        if f.quantity is not None and f.quantity.comparison in _CROSSING and not in_condition(claim.text, f.text)
    ]
    if not bounds:
        return None
    entities = [f for f in facts if f.is_entity]
    seen: list[Unit] = []
    for index in evidence.candidates(entities):
        units = evidence.units(index)
        question = evidence.question(index)
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
    if NARROWED.search(claim.text, 0, m.start()):
        return None  # "其他 worker 没有出现 OOM", "no other pod restarted": the ones it does not name, unlisted
    if _OTHER_ONES.search(m.group(0)):
        return None  # "没有其他 OOM 记录", "no other restarts": the ones the claim told of aside
    if _THE_CALL.search(claim.text, max(0, m.start() - 24), m.start()):
        return None  # "查询未超时", "the search did not time out": the call's own outcome, not its records'
    term = re.sub(r"[-_ ]", "", (m.group(1) or m.group(2)).lower())  # ("OOM-killing": oomkilling)
    forms = next(
        (
            forms
            for stem, forms in _EVENTS.items()
            if term.startswith(stem) or term in forms or any(term.startswith(f) for f in forms)
        ),
        (term,),
    )
    # "the v2.30.4 pod has no panic": a version names which one, as a name does
    entities = [f for f in facts if f.is_entity or f.kind == FactKind.VERSION]
    if not entities and _PARTICULAR.search(claim.text):
        return None  # "the third pod has no restarts": which units are about it, the claim does not say
    if not entities and _EXCEPT.search(claim.text, m.end()):
        return None  # "the frontend pod was not evicted — only the two executors were": their evictions are told
    window = [f for f in facts if f.kind == FactKind.TIME]  # "21:00 到 22:00 之间没有死锁": that window's events
    for group in _each_member(claim.text, m.start(), entities):
        for index in evidence.candidates(group):
            units = evidence.units(index)
            question = evidence.question(index)
            for unit in units:
                if unit.strength < Strength.INDIRECT or unit.kind == "input" or unit.family == Family.KNOWLEDGE:
                    continue  # a runbook's "restart" tells what may happen, not what did
                if group and matches_all(group, unit, question) is not True:
                    continue
                if not within_window(window, unit):
                    continue
                # a deploy a console tells over its lines: the version on one, "has been upgraded" on another
                told = [u for u in units if u.kind in _TOLD_KINDS] if forms is _DEPLOYED else [unit]
                # a series named for the event (`…_restarts_total`) shows it only by a sample above 0
                counted_zero = unit.kind == "series" and all(n.value == 0 for n in unit.numbers if n.sample)
                if (
                    any(shows_event(u.lowered, form, u.kind == "series") for u in told for form in forms)
                    and not _ZERO_EVENT.search(unit.lowered)
                    and not counted_zero
                ):
                    windows = windows_unread(window, unit)
                    return base(
                        status=ClaimStatus.UNCHECKED if windows else ClaimStatus.CONTRADICTED,
                        groundings=(grounding_of(unit),),
                        reason=f"the evidence shows {forms[0]}" + (", in windows the rules cannot read" * windows),
                    )
    return None


_JOINED = re.compile(r"[ \t]*(?:,|，|、|和|与|及|以及|and|&)[ \t]*(?:and[ \t]+)?", re.I)


def _each_member(text: str, denial: int, entities: list[Fact]) -> list[list[Fact]]:
    """The entities a denial is checked against together; for members enumerated before it ("mysql-1 and mysql-2
    have never restarted", "a、b 都没有重启"), each member with the other entities, one at a time."""
    named = sorted(
        (
            (text.find(f.text), f)
            for f in entities
            if f.kind in (FactKind.INSTANCE, FactKind.SERVICE) and f.text in text
        ),
        key=lambda pair: pair[0],
    )
    members = [f for at, f in named if at < denial]
    # an enumeration: only a conjunction between one member and the next ("pod-a on node-7" is no list)
    pairs = [(a + len(x.text), b) for (a, x), (b, _) in zip(named, named[1:]) if b < denial]
    if len(members) < 2 or not all(_JOINED.fullmatch(text, start, end) for start, end in pairs):
        return [entities]
    rest = [f for f in entities if f not in members]
    return [[member, *rest] for member in members]


_ZERO_EVENT = re.compile(r"(?:count|total|restarts?)\"?\s*[:=]\s*\"?0(?![0-9.])")


def _in_question(fact: Fact, units: list[Unit]) -> bool:
    return bool(units) and units[-1].strength == Strength.QUESTION and matches(fact, units[-1])
