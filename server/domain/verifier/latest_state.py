"""A state said to hold now ("目前仍处于 CrashLoopBackOff", "is still Pending", "currently NotReady") is the state
the subject's latest record shows. A session that looked twice (two `kubectl get pods`) shows the state then
and the state now: a claim grounded on the earlier record while a later one shows the subject in another
state is stale, however well its other facts ground.

A state said in a tool's own column ("risk-scoring-cg 当前状态为 Stable", "the group's state is Stable") is the
word a record of the subject keeps in its state column (`STATE=PreparingRebalance`, `"status": "Degraded"`):
a record of the subject with a state column that holds another word shows another state (stated_state).
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from evidence_trace.server.domain.verifier.asked_again import NOW, asked_again, still_going, superseded
from evidence_trace.server.domain.verifier.boolean_settings import flag_rival
from evidence_trace.server.domain.verifier.branches import branch_rival
from evidence_trace.server.domain.verifier.change_directions import direction_rival
from evidence_trace.server.domain.verifier.clean_outcomes import failed_beside
from evidence_trace.server.domain.verifier.completion_states import completion_rival
from evidence_trace.server.domain.verifier.condition_states import condition_rival
from evidence_trace.server.domain.verifier.denied_counters import counter_rival
from evidence_trace.server.domain.verifier.enum_settings import enum_rival
from evidence_trace.server.domain.verifier.envoy_flags import flags_rival
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_matching import matches
from evidence_trace.server.domain.verifier.fact_vocabulary import WORKLOAD_STATE_PATTERNS
from evidence_trace.server.domain.verifier.facts import Dimension, Fact, FactKind
from evidence_trace.server.domain.verifier.field_words import comparable, field_rival
from evidence_trace.server.domain.verifier.hpa_targets import swapped_target
from evidence_trace.server.domain.verifier.latest_records import later_record
from evidence_trace.server.domain.verifier.latest_samples import earlier_sample
from evidence_trace.server.domain.verifier.listed_states import listed_state_rival
from evidence_trace.server.domain.verifier.liveness import liveness_rival
from evidence_trace.server.domain.verifier.member_fields import member_field
from evidence_trace.server.domain.verifier.merge_states import merge_state
from evidence_trace.server.domain.verifier.mode_words import mode_rival
from evidence_trace.server.domain.verifier.pid_names import pid_rival
from evidence_trace.server.domain.verifier.subject_binding import names_subject
from evidence_trace.server.domain.verifier.traffic_verdicts import verdict_rival
from evidence_trace.server.domain.verifier.units import Family, Strength, Unit

_MEMBERS = re.compile(r"pods?|replicas?|instances?|nodes?|个|副本|实例|节点|台", re.I)


def stale_state(text: str, facts: Sequence[Fact], evidence: Evidence) -> Optional[Unit]:
    """The subject's latest record, when the claim says a state holds now and that record shows another; or a
    record whose state column holds another word than the one the claim says (stated_state)."""
    return (
        _latest_state(text, facts, evidence)
        or _latest_link(text, facts, evidence)
        or stated_state(text, facts, evidence)
        or field_rival(text, facts, evidence)
        or branch_rival(text, facts, evidence)
        or counter_rival(text, facts, evidence)
        or direction_rival(text, facts, evidence)
        or verdict_rival(text, facts, evidence)
        or failed_beside(text, facts, evidence)
        or later_record(text, facts, evidence)
        or keyed_word(text, facts, evidence)
        or member_field(text, facts, evidence)
        or merge_state(text, evidence)
        or flags_rival(text, evidence)
        or swapped_target(text, evidence)
        or pid_rival(text, evidence)
        or flag_rival(text, facts, evidence)
        or enum_rival(text, facts, evidence)
        or mode_rival(text, facts, evidence)
        or completion_rival(text, facts, evidence)
        or earlier_sample(text, facts, evidence)
        or condition_rival(text, facts, evidence)
        or listed_state_rival(text, facts, evidence)
        or every_field(text, facts, evidence)
        or live_release(text, facts, evidence)
        or documented_only(text, facts, evidence)
        or superseded(text, facts, evidence)
        or still_going(text, facts, evidence)
        or liveness_rival(text, facts, evidence)
    )


def said_value_rival(text: str, evidence: Evidence) -> Optional[Unit]:
    """For a claim of no facts: a record giving the key or condition it names another value than the one it says
    ("advanced security is in ENFORCED mode" where `AdvancedSecurityMode` is `AUDIT`; "Ready=True" where the
    READY column says False)."""
    return enum_rival(text, (), evidence) or mode_rival(text, (), evidence) or condition_rival(text, (), evidence)


_ALREADY = re.compile(r"\balready\b|已经", re.I)
_PLURAL = re.compile(r"\b[a-z]{4,}s\b")
_ZH_NOUNS = {"消费者": "consumer", "副本": "replica", "连接": "connection", "线程": "thread", "实例": "instance"}


def documented_only(text: str, facts: Sequence[Fact], evidence: Evidence) -> Optional[Unit]:
    """A value said to hold now ("upload-svc 的 Ingress 注解当前配置为 50m") that only a knowledge chunk shows,
    while a live record of the subject (a call asked about it) shows another value of that dimension: the
    runbook's example is no live setting, the record is."""
    values = [f for f in facts if f.quantity is not None and f.kind in (FactKind.QUANTITY, FactKind.SETTING)]
    names = [f for f in facts if f.is_entity]
    # with no name, the things it counts ("the consumers are already at the KEDA maximum of 8"): a live record
    # of them is one that names them (`rabbitmq_queue_consumers` … 3)
    nouns = (
        []
        if names
        else [w[:-1] for w in _PLURAL.findall(text.lower())] + [e for z, e in _ZH_NOUNS.items() if z in text]
    )
    if len(values) != 1 or not (names or nouns) or not (NOW.search(text) or _ALREADY.search(text)):
        return None
    value = values[0]
    documented, rival = False, None
    for index in evidence.rows():
        question = evidence.question(index)
        for unit in evidence.units(index):
            if unit.strength < Strength.INDIRECT or unit.kind == "input":
                continue
            if unit.family == Family.KNOWLEDGE:
                documented = documented or matches(value, unit)
                continue
            if matches(value, unit):
                return None  # a live record shows it
            about = names_subject(names, unit, question) and all(
                n in unit.lowered or (question is not None and n in question.lowered) for n in nouns
            )
            dimension = value.quantity.dimension if value.quantity else None
            same = (dimension,) if dimension != Dimension.NUMBER else (dimension, None)  # a bare figure's
            if rival is None and about and any(n.dimension in same for n in unit.numbers):
                rival = unit
    return rival if documented else None


# "当前线上运行的是 app 2.8.1", "production is now on 2.8.1", "the live version is 2.8.1": the release deployed now
_LIVE = re.compile(
    r"\b(?:currently|now)\s+(?:running|deployed|live|serving|on)\b|\b(?:live|running|deployed|current)\s+(?:version|release)\b"
    r"|\bis\s+(?:live|running)\s+(?:in|on)\s+prod|当前线上|线上(?:当前|现在)?(?:运行|跑)的?是|当前(?:运行|部署)的?(?:是|版本)|现在(?:线上)?跑的是",
    re.I,
)


def live_release(text: str, facts: Sequence[Fact], evidence: Evidence) -> Optional[Unit]:
    """A release history's record whose status says it is deployed now (helm's `STATUS=deployed`), when the
    claim says another version is live now."""
    versions = [f for f in facts if f.kind == FactKind.VERSION]
    if len(versions) != 1 or not _LIVE.search(text):
        return None
    names = [f for f in facts if f.is_entity]
    for index in evidence.rows():
        question = evidence.question(index)  # `helm history checkout`: the release the history is of
        if names and not all(question is not None and matches(f, question) for f in names):
            continue
        for unit in evidence.units(index):
            if unit.strength < Strength.INDIRECT or unit.kind in ("input", "header"):
                continue
            if "deployed" in {cell.lower() for cell in _CELL.findall(unit.text)} and not matches(versions[0], unit):
                return unit
    return None


# "状态为 Stable", "its state is PreparingRebalance", "status was Degraded": the word, as the tool spells states
_STATED = re.compile(
    r"(?:状态(?:为|是)|\b(?:state|status|phase)[ \t]+(?:is|was)(?:[ \t]+(?:now|still))?)[ \t]*[`'\"]?([A-Za-z][A-Za-z_-]{2,24})\b",
    re.I,
)
# "the ledger-sync group is Stable", "该消费组处于 PreparingRebalance": a Kafka consumer group's state word as the tool
# spells it, said of the group without the word "state". (Argo CD's health words measured and dropped: an app's
# and its resources' rows both hold them, and "the Service is Healthy" was read against the app's Degraded.)
_SAID = re.compile(
    r"(?:\b(?:is|was)(?:[ \t]+(?:now|still|currently))?|处于|仍是|还是)[ \t]*[`'\"]?(Stable|PreparingRebalance|"
    r"CompletingRebalance|Empty|Dead)\b"
)
# "目前仍处于 ALARM 状态", "is still in the FAILED state", "in ERROR status": a state word as a tool spells it (capitalised
# or in capitals), framed as a state
_IN_STATE = re.compile(
    r"处于[ \t]*[`'\"]?([A-Z][A-Za-z_-]{2,24})[`'\"]?[ \t]*状态"
    r"|\bin[ \t]+(?:the[ \t]+|an?[ \t]+)?[`'\"]?([A-Z][A-Za-z_-]{2,24})[`'\"]?[ \t]+(?:state|status)\b"
)
_WORKLOAD_WORDS = frozenset(name.lower() for name in WORKLOAD_STATE_PATTERNS) | {  # a pod's phases and reasons
    "errimagepull",
    "containercreating",
    "podinitializing",
    "evicted",
    "oomkilled",
    "error",
    "failed",
    "succeeded",
    "unknown",
    "createcontainerconfigerror",
    "waiting",
    "terminated",
}
# (an enum's value by its qualified name: Prefect's "status=WorkPoolStatus.READY" is READY)
_CELL = re.compile(
    r"\b(?:state|status|phase)(?:_?value)?[\"']?[ \t]*[=:][ \t]*[\"'<]?(?:[A-Za-z][A-Za-z_]*\.(?=[A-Za-z]))?([A-Za-z][A-Za-z_-]{1,24})",
    re.I,
)


def stated_state(text: str, facts: Sequence[Fact], evidence: Evidence) -> Optional[Unit]:
    """A record of the claim's subject whose state column holds another word than the state the claim says."""
    said = _STATED.search(text) or _SAID.search(text) or _IN_STATE.search(text)
    names = [f for f in facts if f.is_entity]
    if said is not None:  # "alice 调用了 ResumeJob，sitemap-build 当前状态为 ENABLED": its own clause's names
        opening = max(text.rfind(mark, 0, said.start()) for mark in "，,;；") + 1
        names = [f for f in names if opening <= text.find(f.text) < said.start()] or names
    if said is None or not names:
        return None
    word = next(group for group in said.groups() if group).lower()
    if word in _WORKLOAD_WORDS:
        return None  # a pod's phase and its container's state are two columns apart (_latest_state reads them)
    phrase = " ".join(said.group(0).lower().split())  # "state is now lost", as a log line of it says it
    rival = None
    for index in evidence.rows():
        for unit in evidence.units(index):
            if unit.strength < Strength.INDIRECT or unit.kind in ("input", "alert", "header"):
                continue  # an alert's states are alert_states' ("firing" is Alertmanager's "active")
            if phrase in " ".join(unit.lowered.split()) and all(matches(f, unit) for f in names):
                return None  # a record of them says it in those words ("Node app-db2 state is now lost")
            cells = comparable(word, {cell.lower() for cell in _CELL.findall(unit.text)})  # ("Synced": a sync's)
            if cells and all(matches(f, unit) for f in names):
                if word in cells:
                    return None  # a record of them gives that state (the workflow's, beside its jobs')
                rival = rival or unit
    return rival


# "master_link_status:up", "slow_query_log=ON": a field as a tool prints it, a word value glued to its snake_case name
_KEYED = re.compile(
    r"(?<![\w.-])([a-z][a-z0-9]*(?:_[a-z0-9]+)+)[ \t]*[:=][ \t]*[`'\"]?([A-Za-z][A-Za-z_-]{0,15})(?![\w-]|\.\w)"
)


def keyed_word(text: str, facts: Sequence[Fact], evidence: Evidence) -> Optional[Unit]:
    """A record of the claim's subject (named in it or in what its call asked) that gives a field the claim writes
    with a word value ("master_link_status:up") another word (`master_link_status:down`)."""
    names = [f for f in facts if f.is_entity and "_" not in f.key]
    for name, word in _KEYED.findall(text) if names else ():
        given = _given(name, "[a-z][a-z_-]*")
        shown = [
            (unit, values)
            for index in evidence.rows()
            for question in [evidence.question(index)]
            for unit in evidence.units(index)
            if unit.strength >= Strength.INDIRECT and unit.kind not in ("input", "header") and name in unit.lowered
            for values in [set(given.findall(unit.lowered))]
            if values and names_subject(names, unit, question)
        ]
        # a record of the subject that gives the claimed value shows it (another request may give another)
        if shown and not any(word.lower() in values for _, values in shown):
            return shown[0][0]
    return None


# "evicted_keys is 0 on every shard", "每个节点的 evicted_keys 都是 0": a field's value said of all the members
_FIELD_VALUE = re.compile(
    r"(?<![\w.-])([a-z][a-z0-9]*(?:_[a-z0-9]+)+)[`'\"]?[ \t]*(?:is|was|=|:|为|是|都是|均为|都为)[ \t]*[`'\"]?"
    r"([0-9]+(?:\.[0-9]+)?|[A-Za-z][A-Za-z_-]{0,15})(?![\w-]|\.\w)"
)
_EVERY = re.compile(r"\b(?:every|each|all)\b|都|均|全部|每个|每台|各个", re.I)
_CLAUSE = re.compile(r"[,，;；。]|\bbut\b")
_RANGE_AFTER = re.compile(r"[ \t]*(?:[–~-]|to\b|到|至)[ \t]*[0-9]")


def every_field(text: str, facts: Sequence[Fact], evidence: Evidence) -> Optional[Unit]:
    """A unit of a call whose output gives a field once for each of the N members the claim says all hold a value
    ("evicted_keys is 0 on every one of the six shards", the field written as tools print it), where one member
    holds another. Without N the members may be a set the draft discussed; the universal must be in the field's
    own clause ("kv-3 的 evicted_keys 为 977，其余都是 0" is not)."""
    sizes = {int(f.quantity.value) for f in facts if f.kind == FactKind.COUNT and f.quantity is not None}
    for said in _FIELD_VALUE.finditer(text) if sizes else ():
        start = max((m.end() for m in _CLAUSE.finditer(text, 0, said.start())), default=0)
        end = next((m.start() for m in _CLAUSE.finditer(text, said.end())), len(text))
        if _RANGE_AFTER.match(text, said.end()) or not _EVERY.search(text, start, end):
            continue  # "5.000–5.003 s" is a range, not one value
        name, value = said.group(1), said.group(2).lower()
        given = _given(name, r"[0-9a-z][\w.-]*")
        for index in evidence.rows():
            found = given.findall(evidence.raw(index))  # the call's output as written: once per member
            if len(found) not in sizes or all(_same(v, value) for v in found):
                continue  # another set than the claim's N members, or every one holds the value
            odd = _given(name, re.escape(next(v for v in found if not _same(v, value))))
            units = [u for u in evidence.units(index) if u.kind != "input"]
            return next((u for u in units if odd.search(u.lowered)), units[0] if units else None)
    return None


def _given(name: str, value: str) -> re.Pattern[str]:
    """A field `name` with a value of the shape `value`, as tools print it: `name:v`, `name=v`, `"name": "v"`."""
    return re.compile(rf"(?<![\w.-]){name}[\"']?[ \t]*[:=][ \t]*[\"']?({value})")


def _same(given: str, said: str) -> bool:
    try:
        return float(given) == float(said)
    except ValueError:
        return given == said


def _latest_state(text: str, facts: Sequence[Fact], evidence: Evidence) -> Optional[Unit]:
    states = [f for f in facts if f.kind == FactKind.WORKLOAD_STATE and not f.key.startswith("!")]
    names = [f for f in facts if f.kind == FactKind.INSTANCE]  # one pod or node, not a service's many
    # "2 个 Running、3 个 Pending": a count of pods speaks of several records ("重启 6 次" counts events)
    counted = any(f.kind == FactKind.COUNT and f.key != "0" and _MEMBERS.search(f.text) for f in facts)
    if len(states) == 1 and not names and NOW.search(text):
        return _asked_again(states[0], evidence)
    if len(states) != 1 or len(names) != 1 or counted or not NOW.search(text):
        return None
    # per call, the units that show the subject in some state; the latest call decides, and within a call
    # any of them may show the claimed one (a pod's phase Running beside its container's CrashLoopBackOff)
    latest: list[Unit] = []
    for index in evidence.rows():
        shown = [
            unit
            for unit in evidence.units(index)
            if unit.strength >= Strength.INDIRECT
            and all(matches(f, unit) or f.key == unit.subject.lower() for f in names)  # a described pod's part
            and any(p.search(unit.text) for p in WORKLOAD_STATE_PATTERNS.values())
        ]
        latest = shown or latest  # the rows are in the order the agent recorded its calls
    if not latest or any(all(matches(f, unit) for f in states) for unit in latest):
        return None
    return latest[-1]


def _asked_again(state: Fact, evidence: Evidence) -> Optional[Unit]:
    """ "The cluster is still red" with no name: a call asked again later (the same tool and parameters, e.g. two
    `_cluster/health` reads) speaks of the same thing, and its latest answer decides the state now."""
    family = state.key.split(":")[0] + ":" if ":" in state.key else ""
    rivals = [p for key, p in WORKLOAD_STATE_PATTERNS.items() if key != state.key and key.startswith(family)]
    for calls in asked_again(evidence):
        units = [u for u in evidence.units(calls[-1]) if u.strength >= Strength.INDIRECT and u.kind != "input"]
        shows = any(WORKLOAD_STATE_PATTERNS[state.key].search(u.text) for u in units)
        other = next((u for u in units if any(p.search(u.text) for p in rivals)), None)
        if other is not None and not shows:
            return other
    return None


# A link's state, as logs and checks say it: down ("connection lost", "disconnected", "离线") or up ("connected",
# "back online", "重连成功"); the later record decides.
_LINK_DOWN = re.compile(
    r"\b(?:disconnected|not connected|offline|unreachable)\b|\bconnection (?:is |was |has been )?(?:lost|closed|dropped)\b"
    r"|\blost (?:its |the )?connection\b|断开|断连|失去连接|连接丢失|离线|不可达",
    re.I,
)
_LINK_UP = re.compile(
    r"(?<!dis)(?<!not )\b(?:re)?connected\b|\bconnection (?:re)?established\b|\b(?:back )?online\b|(?<!un)\breachable\b"
    r"|已连接|重连成功|连接成功|恢复连接|已恢复连接|重新连接上|在线",
    re.I,
)


# A service unit's state, as systemd tells it: down ("failed", "Failed to start", "inactive (dead)") or up
# ("active (running)", "Started …")
_UNIT_DOWN = re.compile(
    r"\bfailed state\b|\bFailed to start\b|\bFailed with result\b|\binactive \(dead\)|仍然?(?:是|处于)? ?failed"
)
_UNIT_UP = re.compile(r"\bactive \(running\)|\bStarted [A-Z]")
_LINKS = ((_LINK_DOWN, _LINK_UP), (_UNIT_DOWN, _UNIT_UP))


def _latest_link(text: str, facts: Sequence[Fact], evidence: Evidence) -> Optional[Unit]:
    """ "it is still disconnected", "目前仍然离线", "it is still in a failed state": the latest record of the
    subject's link (or service unit) that says it is up or down, when it says the other (a log line
    "connected" after "connection lost", "Started …" after "Failed to start …"); None otherwise."""
    now = NOW.search(text)
    entities = [f for f in facts if f.is_entity]
    if now is None or not entities:
        return None
    for down_words, up_words in _LINKS:
        said = down_words.search(text, now.end(), now.end() + 24) or up_words.search(text, now.end(), now.end() + 24)
        if said is None:
            continue
        down = down_words.fullmatch(said.group(0)) is not None
        for index in evidence.candidates(entities):
            units = [u for u in evidence.units(index) if u.strength >= Strength.INDIRECT and u.kind != "input"]
            # a record of one thing (a unit of `systemctl status`) is about it: a line naming another such thing
            # and not the subject is that one's ("ledger-sync.service: Failed …" is not ledger-api.service's)
            others = {u.subject.lower() for u in units if u.kind == "item" and u.subject} - {e.key for e in entities}
            # a field left empty names no state (`pcs status nodes`: "Offline:" with no node after it)
            told = [
                (u, said)
                for u, said in ((u, _EMPTY_FIELD.sub(" ", u.text)) for u in units)
                if (down_words.search(said) or up_words.search(said))
                and (
                    any(e.key in u.lowered for e in entities)
                    or not (any(o in u.lowered for o in others) or _sibling_named(u.lowered, entities))
                )
            ]
            if told and (down_words.search(told[-1][1]) is None) == down:
                return told[-1][0]  # the last word of the link is the other one
    return None


def _sibling_named(lowered: str, entities: Sequence[Fact]) -> bool:
    """Whether a text names another member numbered like the subject ("pay-grid-3" beside the subject "pay-grid-2"):
    a line of a listing of members that gives no subject of its own is that member's, not the subject's."""
    for entity in entities:
        numbered = _NUMBERED.fullmatch(entity.key)
        if numbered is not None and re.search(
            rf"(?<![\w-]){re.escape(numbered.group(1))}(?!{numbered.group(2)}(?![0-9]))[0-9]+(?![\w-])", lowered
        ):
            return True
    return False


_NUMBERED = re.compile(r"(.*[a-z][-_.]?)([0-9]+)")
_EMPTY_FIELD = re.compile(r"[\"']?[A-Za-z][\w -]*[\"']?[ \t]*:[ \t]*(?:null|None|\"\"|\[\])?[ \t]*(?=[,}\n]|$)", re.M)
