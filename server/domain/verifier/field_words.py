"""A value a claim gives a named field ("with status enabled", "reason DEFAULT", "its phase is Degraded", "状态为
disabled", "原因是 TARGETING_MATCH") is read against the records of its subject that give that field: when some
of them give the field and none gives the claimed value (`"status": "disabled"`, `"reason": "TARGETING_MATCH"`),
the claim is contradicted.

The field is one of the words tools name a record's condition with (state, status, phase, reason, result,
conclusion, health, mode, role), or a field written as the tool names it, Capitalised or snake_case ("Eligibility
为 eligible" against nomad's `Eligibility = ineligible`). The value is read only when it is a word of a state (STATE_WORDS: enabled,
running, failed, …) or written as tools spell codes (DEFAULT, TARGETING_MATCH, PreparingRebalance): "the status
page", "status of the job", "reason unknown to us" give no value. A pod's phases and container states are
latest_state's (two columns apart), an alert's states alert_states'.
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from evidence_trace.server.domain.verifier.claim_patterns import ASIDE
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_vocabulary import WORKLOAD_STATE_PATTERNS
from evidence_trace.server.domain.verifier.facts import Fact
from evidence_trace.server.domain.verifier.subject_binding import names_subject
from evidence_trace.server.domain.verifier.units import Strength, Unit

_FIELDS = {"状态": "status", "原因": "reason", "结果": "result", "模式": "mode", "角色": "role"}
# the value ends the phrase ("with status enabled.", "reason DEFAULT, i.e.", "状态为 disabled，"): not a noun phrase's
# first word ("原因是 ACME order …", "status UP and …" still is one)
_ENDS = (
    r"(?=[`'\"]?(?:[ \t]*(?:$|[,.;!?)，。；！？）（\u4e00-\u9fff])"
    r"|[ \t]+(?:and|but|while|since|with|at|on|in|for|from|after|before|so|which|because|again|now|too|across|throughout|everywhere|i\.e\.|e\.g\.)\b))"
)
_SAID = re.compile(
    r"\b(state|status|phase|reason|result|conclusion|health|mode|role)(?![A-Za-z_])"  # (not StateTransitionReason)
    r"(?:[ \t]+(?:is|was|of)|[ \t]*[:：]|[ \t]*(?:为|是|仍是|仍为))?(?:[ \t]+(?:now|still|currently))?[ \t]*[`'\"]?"
    r"([A-Za-z][A-Za-z_-]{1,30})"
    + _ENDS
    + r"|(状态|原因|结果|模式|角色)(?:为|是|：|:)?[ \t]*[`'\"]?([A-Za-z][A-Za-z_-]{1,30})"
    + _ENDS,
    re.I,
)
# a field as the tool names it, Capitalised or snake_case ("Eligibility 为 eligible", "Drain is true"): read only
# where a record of the subject gives that field
_NAMED = re.compile(
    r"(?<![\w.-])([A-Z][a-z]{2,30}|[a-z][a-z0-9]*(?:_[a-z0-9]+)+)(?:[ \t]+(?:is|was)|[ \t]*[:：=]|[ \t]*(?:为|是))"
    r"[ \t]*[`'\"]?([A-Za-z][A-Za-z_-]{1,30})" + _ENDS
)
# a state column named as an API spells it, camelCase or PascalCase ("provisioningState 是 Succeeded", "with
# ProvisioningState Succeeded", "DBInstanceStatus: available"): read where a record of the subject gives that field
_CAMEL = re.compile(
    r"(?<![\w.-])((?-i:(?:[a-z][a-z0-9]*|[A-Z][A-Za-z0-9]*?[a-z0-9])(?:State|Status|Phase)))"
    r"(?:[ \t]+(?:is|was)(?:[ \t]+(?:now|still|currently))?|[ \t]*[:：=]"
    r"|[ \t]*(?:目前|当前|现在|仍然|仍|还)?[ \t]*(?:为|是)|[ \t]+(?:of[ \t]+)?)"
    r"[ \t]*[`'\"]?([A-Za-z][A-Za-z_-]{1,30})" + _ENDS
)
# a state word said of the subject with no field named, as tools print it ("dr-west reports Available", "the BSL is
# now Unavailable", "dr-west 显示为 Unavailable") or a state word in lower case ("the replica is unavailable"): read
# against the subject's state columns (_BARE_FIELD), when some record of the session gives one that word
_BARE = re.compile(
    r"(?:\b(?:is|are|was|were|reports?|reported|shows?|showed|remains?|remained|stays?|stayed|became|becomes|"
    r"(?:is|are|was|were|went|came|got)[ \t]+back[ \t]+to|returned[ \t]+to|turned|went[ \t]+to)"
    r"(?:[ \t]+(?:now|still|currently|already|as))*[ \t]+|(?:处于|显示为?|仍是|仍为|还是|都是|均为|是|为|恢复[为到成]|变[为成]|转为|回到)[ \t]*)"
    r"[`'\"]?([A-Za-z][A-Za-z_-]{2,30}|(?-i:[A-Z]{2}))" + _ENDS  # (two letters in capitals: "UP", "OK")
)
_BARE_FIELD = "state|status|phase|health"
# a state column named for what it is the state of, as an API spells it: `CacheNodeStatus`, `replication_state`
# (or in two title-case words, as `argocd app get` and `kubectl describe` print it: `Health Status:`)
_COMPOUND = (  # (and a SQL column in capitals: performance_schema's `MEMBER_STATE`)
    r"(?-i:[A-Za-z][A-Za-z0-9]*(?:State|Status|Phase)|[a-z][a-z0-9]*_(?:state|status|phase)|[A-Z][a-z]+ (?:State|Status|Phase)"
    r"|[A-Z][A-Z0-9]*_(?:STATE|STATUS|PHASE))"
)
STATE_WORDS = frozenset(
    "enabled disabled active inactive running stopped failed failing succeeded success successful failure pending "
    "healthy unhealthy degraded up down ok completed complete cancelled canceled queued open closed ready online "
    "offline paused suspended available unavailable passing skipped aborted expired revoked valid invalid "
    "in_progress inprogress started finished blocked throttled draining drained leader follower primary replica "
    "master slave standby on off true false eligible ineligible".split()
)
_CODE = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{3,}|[A-Z][a-z]+(?:[A-Z][a-z0-9]+)+")
# a pod's phases and its containers' states are two columns apart: latest_state's
_POD_WORDS = frozenset(name.lower() for name in WORKLOAD_STATE_PATTERNS) | {"pending", "failed", "succeeded", "unknown"}


def _said(text: str) -> list[tuple[str, str]]:
    """(field, value) pairs the claim gives, the value a state word or a code; a field qualified by a word before
    it ("Sync Status", "Health Status", "health_status") is that compound field, never another one's status."""
    found = []
    for pattern in (_SAID, _NAMED, _CAMEL):
        for m in pattern.finditer(text):
            named = m.group(1)  # _SAID's Chinese branch names the field by groups 3 and 4
            written = m.group(2) if named else m.group(4)
            qualified = _QUALIFIER.search(text, 0, m.start(1)) if named else None
            field = named.lower() if named else _FIELDS[m.group(3)]
            field = f"{qualified.group(1).lower()} {field}" if qualified else field
            if _state_or_code(written) and (field, written.lower()) not in found:
                found.append((field, written.lower()))
    # one state said bare: "只有 X 是 NotReady，其余都是 Ready" says two, of members it does not each name
    bare = _bare_said(text)
    if bare is not None and not found:
        found.append((_BARE_FIELD, bare.group(1).lower()))
    return found


def _bare_said(text: str) -> Optional[re.Match[str]]:
    """The one state the claim says bare, or None (none or two: "只有 X 是 NotReady，其余都是 Ready"; one said of
    nothing: "in us-east4 nothing is enabled", "none of them are Ready", "没有一个是 Running" denies it of all; one
    in a condition: "once the instance is available")."""
    bare = [m for m in _BARE.finditer(text) if _bare_state(m.group(1))]
    if len(bare) != 1 or _NONE_BEFORE.search(text, 0, bare[0].start()):
        return None
    # a condition, not a state said: "the secret is only written once the instance is available", "直到 X 变为 Ready"
    return None if _CONDITION_BEFORE.search(text, 0, bare[0].start()) else bare[0]


_NONE_BEFORE = re.compile(
    r"(?:\b(?:nothing|none(?:[ \t]+of[ \t]+\w+)?|neither|no[ \t]+\w+)|没有(?:一个|任何)?\w{0,4})[ \t]*$", re.I
)
_CONDITION_BEFORE = re.compile(
    r"(?:\b(?:once|until|unless|if|as soon as)\b|一旦|直到|等到|如果|只有在)[^,;:，；：。\n]*$", re.I
)


def _bare_state(word: str) -> bool:
    """Capitalised, any word a record may give its state column ("Bound", "INSYNC"); in lower case, only a state
    word of five letters or more ("is available", never "is up 20%")."""
    return word[0].isupper() or (word in STATE_WORDS and len(word) >= 5)


def _state_or_code(word: str) -> bool:
    """A word a field's value may be: a state word (any case), or a code as tools spell it (DEFAULT)."""
    return word.lower() in STATE_WORDS or _CODE.fullmatch(word) is not None


_QUALIFIER = re.compile(r"\b([A-Z][a-z]+|[a-z]+(?=[_-]$))(?:[ \t]+|[_-])$")


def _given(field: str) -> re.Pattern[str]:
    """The field with a word value as tools print it: `status: x`, `"status": "x"`, `STATUS=x`, `Sync Status: x`."""
    name = (
        f"(?:{field}|{_COMPOUND})"
        if field == _BARE_FIELD
        else r"[ _-]?".join(re.escape(part) for part in field.split())
    )
    # the value ends the field (a line's end, a delimiter, the next `key=`): "to become ready: order is in …" is prose
    return re.compile(
        rf"(?<![\w.-])(?<![A-Za-z] )(?<![A-Za-z]\t){name}\\?[\"']?[ \t]*[:=][ \t]*\\?[\"']?([A-Za-z][\w-]*)"
        r"(?=\\?[\"']?(?:[ \t]*(?:$|[,;}\])|])|[ \t]+[\w.-]+[=:]))",
        re.M | re.I,
    )


def said_states(text: str, bare: bool = False) -> list[tuple[str, str]]:
    """The (field, value) pairs the claim gives a record's condition in, a pod's phases and states left out; with
    `bare`, only a state said with no field named."""
    return [
        (f, v)
        for f, v in _said(text)
        if not (f in ("state", "status", "phase", _BARE_FIELD) and v in _POD_WORDS)
        and not (f == _BARE_FIELD and v == "ready")  # a node's or a pod's readiness: readiness's
        and (f == _BARE_FIELD or not bare)
    ]


def shown_states(text: str) -> frozenset[str]:
    """The words a record gives its state, status, phase or health column (`PHASE=Available`, `"status": "degraded"`, `HEALTH=ONLINE`)."""
    return frozenset(v.lower() for v in _STATE_GIVEN.findall(text))


def in_state_column(value: str, evidence: Evidence) -> bool:
    """Whether some record of the session gives `value` in its state, status or phase column (the session's
    words read once per evidence, however many claims ask), or another word of a tool's own set of states that
    `value` is one of (Argo CD's health: "Healthy" where the app's `Health Status` is Progressing)."""
    given = evidence.remember(("state columns", evidence.only), lambda: _state_vocabulary(evidence))
    return value in given or any(value in states and states & given for states in STATE_SETS)


def comparable(value: str, values: frozenset[str] | set[str]) -> set[str]:
    """The values a record gives that can be the claim's `value` or its rival: not those of a set of states
    `value` is no word of ("Synced" is no rival of a `Health Status` of Degraded, nor of an operation's
    Succeeded); a value of no set stays (an RDS instance's `storage-full` rivals "available"), and a word of no
    set is rivalled by any state."""
    own = [states for states in STATE_SETS if value in states]
    if not own:
        return set(values)  # a word of no set ("left" of a Consul member): any state rivals it
    return {v for v in values if any(v in states for states in own) or not any(v in s for s in STATE_SETS)}


# the states a tool gives one column, each set closed: a word of the set said where the column gives another is
# read against it (Argo CD's health and sync, a Kubernetes node's and a cloud resource's lifecycle)
STATE_SETS = (
    frozenset("healthy progressing degraded suspended missing".split()),
    frozenset("synced outofsync".split()),
    frozenset("available creating deleting modifying updating failed".split()),
    frozenset("active creating deleting updating failed".split()),
    frozenset("running succeeded failed error terminating".split()),  # an operation's phase (Argo CD's sync)
    frozenset("pending insync".split()),  # a DNS change's propagation (Route 53's ChangeInfo.Status)
    # a replica set member's role and state (MongoDB's stateStr): no pod phase rivals them ("SECONDARY" of a Running pod)
    frozenset("primary secondary recovering arbiter startup startup2 rollback removed".split()),
)


def _state_vocabulary(evidence: Evidence) -> frozenset[str]:
    return frozenset(
        word
        for index in evidence.rows()
        for unit in evidence.units(index)
        if unit.strength >= Strength.INDIRECT and unit.kind not in ("input", "alert")
        for word in shown_states(unit.text)
    )


def field_rival(text: str, facts: Sequence[Fact], evidence: Evidence) -> Optional[Unit]:
    """A record of the claim's subject that gives a field the claim names another value, while no record of the
    subject gives it the claimed one; None otherwise."""
    said = said_states(text)
    # the state word itself read as a name ("ONLINE") names no subject
    names = [f for f in facts if f.is_entity and (_BARE_FIELD, f.key) not in said]
    for field, value in said if names else ():
        rival = _rival(field, value, _subject_of(text, names) if field == _BARE_FIELD else names, evidence)
        if rival is not None:
            return rival
    plain = None if names else plain_subject_state(text, evidence)
    return plain[0] if plain is not None and not plain[1] else None


def _subject_of(text: str, names: Sequence[Fact]) -> list[Fact]:
    """The names a bare state is said of: those before it in its own clause ("…, so the deployment failed on that
    host and the remaining instance was skipped" says it of no name; "dr-west reports Available" of dr-west)."""
    bare = _bare_said(text)
    if bare is None:
        return []
    # (a break inside an aside is not the clause's: "Change C07 (submitted 10:04 UTC, comment …) is INSYNC")
    masked = ASIDE.sub(lambda m: " " * len(m.group(0)), text)
    start = max((m.end() for m in _CLAUSE.finditer(masked, 0, bare.start())), default=0)
    return [f for f in names if start <= text.find(f.text) < bare.start()]


_CLAUSE = re.compile(r"[,;:，；：。]|\b(?:and|but|so|while|whereas)\b|而|但|所以")


# the word right before a bare state ("scratch is DEGRADED", "tank 目前是 ONLINE"): a subject no pattern reads as a
# name, which a record's name column may give (`NAME=scratch`, `"name": "tank"`)
_SUBJECT_BEFORE = re.compile(
    r"(?<![\w.-])([A-Za-z][\w.-]{1,40})[`'\"]?[ \t]*(?:(?:now|still|currently|目前|现在|当前|仍然|仍|还)[ \t]*)?$"
)


def plain_subject_state(text: str, evidence: Evidence) -> Optional[tuple[Unit, bool]]:
    """The record whose name column gives the word before a bare state, and whether its state column gives that
    state (False: another word); None when no record names the word or the word is no state of the session."""
    bare = _bare_said(text)
    subject = _SUBJECT_BEFORE.search(text, 0, bare.start()) if bare is not None else None
    if bare is None or subject is None or not in_state_column(bare.group(1).lower(), evidence):
        return None
    named = re.compile(rf"(?<![\w-])name[\"']?[ \t]*[:=][ \t]*[\"']?{re.escape(subject.group(1))}(?![\w.-])", re.I)
    rival = None
    for index in evidence.rows():
        for unit in evidence.units(index):
            if unit.strength < Strength.INDIRECT or unit.kind in ("input", "alert") or not named.search(unit.text):
                continue
            values = comparable(bare.group(1).lower(), shown_states(unit.text))
            if bare.group(1).lower() in values:
                return unit, True
            rival = rival or (unit if values else None)
    return (rival, False) if rival is not None else None


def _rival(field: str, value: str, names: Sequence[Fact], evidence: Evidence) -> Optional[Unit]:
    if field == _BARE_FIELD and (len(names) != 1 or not in_state_column(value, evidence)):
        # "最后一条语句是 SELECT", "是 OOM": a word no record gives a state column is no state; a state said bare of
        # several names ("另外两个（worker-03、worker-11）为 passing") may be of each, not of a record naming all
        return None
    given = _given(field)
    rival = None
    for index in evidence.rows():
        question = evidence.question(index)
        for unit in evidence.units(index):
            if unit.strength < Strength.INDIRECT or unit.kind in ("input", "alert"):
                continue
            # a value of the field's kind: a state word or a code (`"service": "checkout"` is no state of a Service)
            values = {v.lower() for v in given.findall(unit.text) if field == _BARE_FIELD or _state_or_code(v)}
            values = comparable(value, values)
            if not values or not names_subject(names, unit, question):
                continue
            if value in values:
                return None  # a record of the subject gives the claimed value
            rival = rival or unit
    return rival


_STATE_GIVEN = _given(_BARE_FIELD)
