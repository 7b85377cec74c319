"""Vocabulary tables of the facts added for failing closed: actors, unread units and recovery words.

Each is data the patterns are generated from: a new word is a new entry.
"""

from __future__ import annotations

import re
from typing import Iterator

from evidence_trace.server.domain.verifier.cache_states import CACHE_STATES
from evidence_trace.server.domain.verifier.fact_model import Fact, FactKind, Scope
from evidence_trace.server.domain.verifier.fact_patterns import _NUMBER

# "deployed by ci-bot", "rolled back by alice", "由 ci-bot 发布", "是 alice 通过 helm 发布的": who did it (an actor
# the evidence must name).
_ACTOR = re.compile(
    # ("Merged by Priya Raman", "introduced by Dariusz Kowalski": a verb opening its sentence, who added or made it)
    r"\b(?i:deployed|released|rolled[ \t]+back|rolled[ \t]+out|pushed|merged|triggered|approved|restarted|scaled|"
    r"introduced|added|written|requested|rotated|granted|revoked|reverted|upgraded|installed|"
    # "applied at 11:40:55 UTC by bob.nair": a time or place may come between the verb and its actor
    r"applied|changed|started|initiated|executed|run|ran|"
    # "silence 5b0c7e94 was created by ajohnson", "the PR was opened by …": who made or changed a record
    r"created|opened|authored|submitted|committed|filed|updated|modified|deleted|removed|silenced|acknowledged|"
    r"acked|cancell?ed|edited|disabled|enabled|paused|resumed|promoted|assigned|closed|resolved|reopened|marked|"
    # "a PutBucketPolicy on the bucket at 07:42:18 UTC by j.mendes": the event at a time, and who made it
    r"(?<![0-9:])[0-2]?[0-9]:[0-5][0-9](?::[0-5][0-9])?(?:[ \t]*(?:UTC|GMT|Z))?)"
    # ("was started manually at 15:19 UTC by Tomasz Nowak": an adverb may come before it)
    r"(?:[ \t]+[a-z]{3,}ly)?(?:[ \t]+(?:at|on|in|to|as)[ \t]+[^,;()\n]{1,30}?)?"
    # a person's full name is two capitalised words ("by Dana Chen in Jenkins")
    # "by the bot", "by one pod", "by its sidecar" name no one: a determiner, a pronoun or a number is no actor;
    # nor do "by hand", "by default", "by design", "by mistake", "by the schedule", "by automation", "by someone"
    r"[ \t]+by[ \t]+(?!(?:the|a|an|one|two|three|this|that|these|those|its|their|his|her|our|some|each|every|"
    r"another|other|both|all|any|no|hand|default|design|itself|mistake|accident|policy|schedule|cron|timer|automation|"
    r"someone|somebody|anyone|nobody|now|then|today|tonight|tomorrow|noon|midnight|morning|evening|"
    r"half|far|much|about|around|roughly|nearly|almost|approximately|over|up|down|more|less|twice|double)\b)"
    r"(?![a-z]+ing\b)(?![0-9a-f]{8}-|[0-9a-f]{7,}\b)@?([A-Za-z][\w.\-@]*[\w](?:[ \t]+[A-Z][a-z]+(?![\w\-]|\.\w))?)"
    # ("removed by inbound filters", "blocked by rate limits": a word before a plural noun names a thing, no one;
    # so does one before the noun of a thing that runs: "triggered by parent pipeline `build-api`", "by upstream job X")
    r"(?![\w\-@])(?![ \t]+(?:[a-z]{3,}s|pipeline|job|workflow|build|run|task|schedule|trigger|webhook|process|"
    r"policy|rule|controller|operator|script|timer|hook|stage|step)\b)"
    # "由 X 本人在 10:19:52 UTC 合并": a time or place may come between the actor and the verb here too
    # ("由 Hannah Weiss 本人把状态改成了 in_progress": a full name, and what was changed between the actor and the verb)
    r"|由[ \t]*@?([A-Za-z][\w.\-@]*[\w](?:[ \t]+[A-Z][a-z]+(?![\w\-]|\.\w))?)[ \t]*(?:自己|本人|亲自|手动|手工)?[ \t]*"
    r"(?:(?:在|于)[^,，;；。]{1,30}?)?[ \t]*(?:把[^,，;；。]{1,20}?)?"
    # "由 tqian 通过 workflow_dispatch 手动触发": the means may come between them too
    r"(?:(?:通过|用|使用|借助)[^,，;；。]{1,40}?[ \t]*(?:手动|手工)?[ \t]*)?"
    r"(?:发布|部署|回滚|触发|执行|上线|变更|修改|更新|提交|合并|审批|重启|扩容|缩容|发起|创建|新建|删除|静默|确认|"
    r"改成|改为|设为|设置为|标记为|标为|分配|指派|关闭|解决|取消|重新打开|批准)"
    # "是 zhangwei 通过 set image 发布的", "是 ci-bot 用 helm 部署的": the actor of a "是 … 的" sentence
    r"|是[ \t]*@?([A-Za-z][\w.\-@]*[\w](?:[ \t]+[A-Z][a-z]+(?![\w\-]|\.\w))?)[ \t]*"
    r"(?:(?:通过|用|使用|借助|在)[^,，;；。]{1,40}?|手动|手工|亲自)"
    r"(?:发布|部署|回滚|触发|执行|上线|变更|修改|更新|提交|合并|审批|重启|扩容|缩容|发起)的"
    # "触发人是 Priya Raman", "创建者：zhang.min", "审批人为 li.na": the person a record's role names
    r"|(?:触发|发起|创建|操作|执行|审批|提交|部署|发布)(?:人|者)[ \t]*(?:是|为|:|：)[ \t]*"
    r"@?([A-Za-z][\w.\-@]*[\w](?:[ \t]+[A-Z][a-z]+(?![\w\-]|\.\w))?)"
)
# A number followed by a unit-like word the vocabulary does not know ("3 widgets/s", "12 fps"): unread.
_UNREAD = re.compile(
    r"(?<![A-Za-z0-9_.\-:/#])(" + _NUMBER + r")[ \t]?([A-Za-z]{1,12}(?:/[A-Za-z]{1,12})?)(?![A-Za-z0-9_])"
)
# Recovery, said of anything (an alert's "resolved" is read with the alert states): the evidence must show it.
RECOVERY_WORDS = (
    "resolved",
    "recovered",
    "recovering",
    "back to normal",
    "returned to normal",
    "healthy again",
    "restored",
    "succeeded again",
    "back up",
    "已恢复",
    "恢复正常",
    "已解决",
    "已修复",
    "恢复了",
    "cleared",
    "已清除",
    "已解除",
    "-sdown",  # Redis Sentinel: an instance no longer subjectively (or objectively) down
    "-odown",
)
_RECOVERED = re.compile(
    r"\b(?:(?:has|have|had|was|were|is|are|been)[ \t]+(?:been[ \t]+)?)?(?:resolved|recovered|restored)\b"
    r"|\bback to normal\b|\breturned to normal\b|\bhealthy again\b|已(?:经)?恢复|恢复正常|已(?:经)?解决|已(?:经)?修复|恢复了"
    # a condition said to be cleared ("the NOSPACE alarm has already been cleared", "DiskPressure 已经解除"); never
    # what someone cleared ("we cleared the cache") nor a deallocation ("已解除分配")
    r"|\b(?:has|have|had|was|were|is|are|got)[ \t]+(?:(?:already|since|now|just|been)[ \t]+){0,3}cleared\b"
    r"|已(?:经)?(?:被)?(?:清除|解除|消除)(?!分配)",
    re.I,
)
# and a state change to OK a monitor records: Nagios and Icinga log one only when the state changes ("SERVICE
# ALERT: mq-03;Queue Depth;OK;HARD;1;…", "HOST ALERT: web-05;UP;HARD;…"); a Datadog monitor's overall_state OK
RECOVERY_CHANGES = (r";(?:ok|up);(?:hard|soft);", r"\"overall_state\":[ \t]*\"ok\"")
RECOVERY_IN_UNIT = re.compile("|".join([re.escape(w) for w in RECOVERY_WORDS] + list(RECOVERY_CHANGES)))
# A rate of any plural noun: "310 docs/s", "312 keys/s", "1,200 rows/min", "40 条/秒" is in the unit table.
NOUN_RATE_PER = {"s": 1.0, "sec": 1.0, "second": 1.0, "min": 1 / 60, "minute": 1 / 60}
NOUN_RATE = re.compile(
    r"(?<![A-Za-z0-9_.\-:/#])("
    + _NUMBER
    + r")(k|K)?[ \t]?([A-Za-z]{2,20}s)[ \t]?/[ \t]?(s|sec|second|min|minute)(?![A-Za-z])"
)

# Workload states (Kubernetes pod phases and container reasons): the canonical spelling the tools print, and
# how drafts write them. A state a unit of the subject shows in its canonical spelling contradicts another.
_NOT_A_GERUND = r"(?! (?:it|them|the|this|that|these|those|a|an|all|each|every|its|their|our|your)\b)"
WORKLOAD_STATES: dict[str, tuple[str, ...]] = {
    "CrashLoopBackOff": (r"CrashLoopBackOff", r"crash[ -]?loop(?:ing|s)?", r"崩溃循环", r"反复崩溃"),
    "ImagePullBackOff": (
        r"ImagePullBackOff",
        r"ErrImagePull",
        r"image[ -]pull (?:back-?off|errors?|fail\w*)",
        r"镜像拉取失败",
    ),
    "Pending": (r"(?<![a-z])Pending(?= (?:state|phase|pods?)|\b)", r"处于 ?Pending", r"一直 ?Pending"),
    # (a gerund with its object is no state: "Running the query again", "Terminating it with pg_terminate_backend")
    "Running": (r"(?<![a-z])Running\b" + _NOT_A_GERUND, r"处于 ?Running", r"处于运行状态"),
    "Terminating": (r"(?<![a-z])Terminating\b" + _NOT_A_GERUND,),
    "Completed": (r"(?<![a-z])Completed\b",),
    "NotReady": (r"NotReady", r"not ready", r"未就绪"),
}
# a pod none of whose containers is ready (`kubectl get pods`' READY column): "not ready" whatever its phase
NONE_READY = re.compile(r"(?<![\w/])0/[1-9][0-9]?[ \t]+(?:Running|Pending|CrashLoopBackOff|Init:|PodInitializing)")
# A cluster's or an index's health (Elasticsearch, OpenSearch): said as a status ("status: yellow",
# `"status":"red"`, "health=green", "状态是 red") or of the thing ("logging-prod is red", "集群变红"); a color
# elsewhere ("a red herring") is none. Keys no text contains: a health shown otherwise never reads as a rival.
_HEALTH_WORDS = {"red": "红", "yellow": "黄", "green": "绿"}
HEALTH_STATES = {
    f"Health:{color}": (
        rf"(?:status|health|状态|健康状态|健康度)[\"']?[ \t]*(?:[:=]|是|为|变为|变成|变成了)?[ \t]*[\"'\[]?{color}\b",
        # (a check, a build, a pipeline or tests "are green" when they pass: no health color)
        rf"(?<!check )(?<!checks )(?<!build )(?<!pipeline )(?<!tests )(?<!CI )"
        rf"\b(?:is|are|was|were|turned|went|goes|stays?|remains?)[ \t]+(?:still[ \t]+|now[ \t]+|already[ \t]+)?{color}\b",
        rf"变{zh}|(?:状态|健康状态)(?:是|为)?[ \t]*{zh}色|(?:仍然|仍|还|依然|目前|现在|已经)(?:是|为)[ \t]*{color}\b",
    )
    for color, zh in _HEALTH_WORDS.items()
}
WORKLOAD_STATE_PATTERNS = {
    name: re.compile("|".join(forms), re.I if name in ("CrashLoopBackOff", "ImagePullBackOff", "NotReady") else 0)
    for name, forms in WORKLOAD_STATES.items()
} | {name: re.compile("|".join(forms), re.I) for name, forms in (HEALTH_STATES | CACHE_STATES).items()}


# Which field a version is ("the app version is 1.19.0", "chart 升到 gateway-2.4.0", "镜像 1.8.0"): the words
# a draft names it by, and the names tools give that field (helm's APP VERSION and CHART, an image tag).
VERSION_FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "app version": (
        ("app version", "application version", "应用版本", "app 版本"),
        ("app version", "app_version", "appversion"),
    ),
    "chart": (("chart version", "chart 版本", "chart版本", "chart"), ("chart", "chart_version", "chartversion")),
    "image": (("image tag", "image", "镜像版本", "镜像"), ("image", "image_tag", "imagetag")),
}
_FIELD_BEFORE = {
    field: re.compile(r"(?:" + "|".join(re.escape(w) for w in words) + r")[^0-9\n。；;]{0,12}$", re.I)
    for field, (words, _) in VERSION_FIELDS.items()
}
VERSION_FIELD_VALUE = {
    field: re.compile(
        r"(?:" + "|".join(re.escape(n) for n in names) + r")[\"']?[ \t]*[:=][ \t]*[\"']?([^\s;,\"'()]+)", re.I
    )
    for field, (_, names) in VERSION_FIELDS.items()
}


def version_field(before: str) -> str:
    """The field a draft names right before a version ("应用版本升到了 2.4.0": "app version"), or ""."""
    return next((field for field, pattern in _FIELD_BEFORE.items() if pattern.search(before)), "")


_RELEASE_AT_END = re.compile(r"(?:^|[-:/@])v?([0-9][0-9a-z.\-+]*)$")


def release_of(value: str) -> str:
    """The release a field's value ends with ("gateway-2.4.0", "registry/app:v2.14.0": 2.4.0, 2.14.0)."""
    m = _RELEASE_AT_END.search(value)
    return m.group(1) if m else ""


# An alert's severity as drafts write it: "a critical alert", "critical 级别的告警", "severity: warning",
# "KubeJobFailed (warning)", "firing（critical）". Read as the level the alert's severity label gives (CRITICAL, WARN, INFO).
_SEVERITY = re.compile(
    r"(?i:\b(critical|warning|info)\b(?=[ \t-]*(?:severity|level|alerts?\b|级别|级|的?告警|的?报警))"
    r"|\bseverity[ \t]*[:=]?[ \t]*\(?(critical|warning|info)\b"
    r"|[(（][ \t]*(critical|warning|info)[ \t]*[)）]"
    # said of alerts: "2 of them are critical", "其中 2 条为 critical", "级别都是 warning"
    r"|(?:\b[0-9]+[ \t]+(?:are|were)[ \t]+|\b(?:of[ \t]+them|alerts?|both|all)[ \t]+(?:(?:are|were|is|was)(?:[ \t]+(?:all|both|still))?)?|(?:为|是))[ \t]*"
    r"(critical|warning)(?![ \t]*[A-Za-z\u4e00-\u9fff-]))"
)


# The tail of a generated name, written alone once the name was given ("pq4rs (3 failures) and -zz8tk"): a
# pod's or replica's random suffix, letters and at least one digit. It must end a name the session shows.
_NAME_TAIL = re.compile(r"(?<![\w./:-])-(?=[a-z0-9]{0,9}[0-9])(?=[a-z0-9]{0,9}[a-z])[a-z0-9]{4,10}(?![\w-])")


# "evicted 91,304 keys", "rejected 1,412 requests": what was done to them names the count (evicted_keys, not
# expired_keys)
_DONE_BEFORE = re.compile(
    r"\b(evicted|expired|rejected|dropped|retried|failed|discarded|skipped|throttled|blocked|deleted|killed|"
    r"aborted|cancell?ed|refused)[ \t]+(?:about[ \t]+|~[ \t]*)?$",
    re.I,
)


def done_to(context: str, start: int, noun: str) -> str:
    done = _DONE_BEFORE.search(context, max(0, start - 24), start)
    return f"{done.group(1).lower()} {noun}" if done and noun else noun


# "the top-5 buckets", "last-24h": a rank or a window, not a name
_RANKED = re.compile(r"(?:top|bottom|first|last|next|past|previous|latest)-[0-9]+[a-z]{0,3}")
_NOT_INSTANCES = frozenset({"utf-8", "utf-16", "sha-1", "sha-256", "sha-512", "iso-8859-1", "x-86", "x86-64", "gpt-4"})


def not_a_name(lowered: str) -> bool:
    """Whether a hyphenated word that looks like a name is none ("utf-8", "top-5")."""
    return lowered in _NOT_INSTANCES or _RANKED.fullmatch(lowered) is not None


# Who issued a certificate: "issued by Let's Encrypt R11", "issuer DigiCert Global G2 TLS RSA SHA256 2020 CA1",
# "由 Let's Encrypt R11 签发". Each part of the name (the organisation, the intermediate's code) is an actor
# the evidence must name ("issuer=C = US, O = Let's Encrypt, CN = R11"), as written less a possessive; an
# issuer no call of the session names is invented.
_ISSUER_NAME = r"([A-Z][\w'’.&-]*(?:[ \t]+[A-Z0-9][\w'’.&-]*){0,7})"
_ISSUER = re.compile(
    r"(?:\bissued by|\bissuer(?:[ \t]+is|[ \t]*[:=])?|\bsigned by|签发者(?:是|为|[:：])?|颁发者(?:是|为|[:：])?)[ \t]*"
    + _ISSUER_NAME
    + r"|由[ \t]*"
    + _ISSUER_NAME
    + r"[ \t]*(?=签发|颁发)"
)
_CA_CODE = re.compile(r"[A-Z]{1,3}[0-9]{1,2}")  # an intermediate's code: R11, E5, WR1, CA1, G2


def issuer_facts(text: str) -> Iterator[tuple[int, int, Fact]]:
    """The parts of a certificate issuer's name the claim gives, as actors."""
    for m in _ISSUER.finditer(text):
        group = 1 if m.group(1) else 2
        words = m.group(group).rstrip(".").split()
        code = words[-1] if len(words) > 1 and _CA_CODE.fullmatch(words[-1]) else ""
        name = re.sub(r"['’]s$", "", " ".join(words[:-1] if code else words))  # "Let's Encrypt's R11"
        at = m.start(group)
        for part in (name, code):
            if len(part) >= 2:
                start = text.find(part, at)
                yield start, start + len(part), Fact(FactKind.ACTOR, part, part.lower(), Scope.RESULT)


# An address with a wildcard last part ("clients from 10.8.14.x", "节点 13.35.166.x"): the network it names,
# which some address of the evidence must fall in (fact_matching reads a key ending in "." as a prefix)
_WILDCARD_ADDRESS = re.compile(r"(?<![\w.])((?:[0-9]{1,3}\.){3})(?:x|X|\*)(?![\w])")  # a /24: never "4.x"


def named_facts(text: str) -> Iterator[tuple[int, int, Fact]]:
    """Names the vocabulary reads whole: certificate issuers, addresses with a wildcard part, a state a tool
    names ("in streaming state", "处于 catchup 状态"), which a unit must say in those words."""
    yield from issuer_facts(text)
    for m in _WILDCARD_ADDRESS.finditer(text):
        yield m.start(), m.end(), Fact(FactKind.INSTANCE, m.group(0), m.group(1), Scope.SUBJECT)
    for m in _NAMED_STATE.finditer(text):
        group = 1 if m.group(1) else 2
        word = m.group(group)
        if word.lower() not in _PLAIN_STATES:
            yield m.start(group), m.end(group), Fact(FactKind.IDENTIFIER, word, word.lower(), Scope.RESULT, soft=True)


# a state in a tool's own word: "in streaming state", "in the catchup phase", "处于 catchup 状态", "状态为 degraded"
_NAMED_STATE = re.compile(
    r"\bin[ \t]+(?:the[ \t]+)?[`'\"]?([a-z][a-z_-]{2,24})[`'\"]?[ \t]+(?:state|status|phase|mode)\b"
    r"|(?:处于|状态(?:是|为))[ \t]*[`'\"]?([A-Za-z][A-Za-z_-]{2,24})[`'\"]?"
)
_PLAIN_STATES = frozenset(  # words of the draft's own, not a tool's: no state a unit must spell
    "good bad normal healthy unhealthy stable unstable consistent inconsistent broken odd weird strange known "
    "unknown same different running pending failed firing resolved ready degraded active inactive expired "
    "suppressed inhibited silenced unprocessed terminal success succeeded successful completed complete done ok "
    "error errored failure up down deployed superseded synced available unavailable terminated".split()
)

# the machine a build is for, after its version: "6.1.109-118.189.amzn2023.x86_64", "1.7.3_amd64", "2.4.1-1.el9.noarch";
# and a Maven release's qualifier ("4.1.107.Final", "5.3.31.RELEASE"): the version without it is the same release
MACHINE_SUFFIX = r"[._-](?:x86_64|x86-64|amd64|aarch64|arm64|armhf|i[3-6]86|noarch|ppc64le|s390x|final|release|ga)"
# one of several named by a letter ("eks-prod-a", "db-shard-b"): words of two letters or more, then one letter
_LETTERED = re.compile(r"[a-z][a-z0-9]+(?:-[a-z0-9]{2,})+-[a-z]$")
