"""Names a claim invents: an identifier-shaped entity (pod, host, IP, host:port, service, alert, error
code, version, id, actor) that no row of the session mentions, in its output, parameters or error
(docs/verifier-protocol.md, `INVENTED`). A name the claim denies ("not a kernel OOMKill"), writes cut
short (`4bf92f35…`) or that prose uses as a word ("OOM", "4/4 ready", "search-path") invents nothing.
"""

from __future__ import annotations

import json
import re
import warnings
from typing import Sequence
from urllib.parse import quote, quote_plus

from evidence_trace.server.domain.model import ClaimKind
from evidence_trace.server.domain.verifier import encoded_names as encoded
from evidence_trace.server.domain.verifier import standard_names as standard
from evidence_trace.server.domain.verifier.encoded_names import camel_tail, named_inside, network_of_addresses
from evidence_trace.server.domain.verifier.evidence_index import Evidence, address_tail, contains, name_forms
from evidence_trace.server.domain.verifier.fact_patterns import CLI_TOOL
from evidence_trace.server.domain.verifier.fact_vocabulary import MACHINE_SUFFIX
from evidence_trace.server.domain.verifier.facts import Fact, FactKind
from evidence_trace.server.domain.verifier.name_ranges import set_mentioned
from evidence_trace.server.domain.verifier.numbered_names import GLUED, unshown_part


def invented_names(
    text: str, facts: Sequence[Fact], evidence: Evidence, kind: ClaimKind = ClaimKind.FACT
) -> list[Fact]:
    """The claim's identifier-shaped facts that no row of the session mentions, nor the user's question; a claim of
    what was not checked ("ctl-03 alarms" under "Not checked") names what nobody looked at, and invents nothing."""
    return [
        f
        for f in facts
        if kind != ClaimKind.GAP
        and _identifier_shaped(f)
        and not contains(evidence.asked, f.key)
        and not _code_named(text, f)
        and not standard.a_tool_to_run(text, f)
        and not standard.a_name_the_writer_chooses(text, f)
        and not standard.named_by_the_question(f.key, evidence.asked)
        and not standard.api_action(text, f)
        and not standard.a_setting_or_a_call(text, f)
        and not _denied(text, f)
        and not (f.kind == FactKind.ID and unshown_part(f.key, evidence))  # "47/48 在用": a value, not a name
        and not _readiness(text, f)
        and not _mentioned(f, evidence, _abbreviated(text, f))
        and not network_of_addresses(text, f.key, evidence)
        and not (encoded.in_a_named_block(text, f.key, evidence) or encoded.elided_name(f.key, evidence))
    ]


def _code_named(text: str, fact: Fact) -> bool:
    """A code's name in a parenthesis right after it ("gRPC 状态码 4（DEADLINE_EXCEEDED）", "exit code 137 (OOMKilled)")."""
    return re.search(rf"[0-9][ \t]*[(（][ \t]*{re.escape(fact.text)}[ \t]*[)）]", text) is not None


def _readiness(text: str, fact: Fact) -> bool:
    """ "4/4 ready", "1/1 就绪": how many of a workload's pods are ready, a state a table may give in
    columns of its own (DESIRED 4, READY 4); a fraction of failed items ("50/500 failed") stays an id."""
    at = text.find(fact.text)
    return (
        fact.kind == FactKind.ID and "/" in fact.key and at >= 0 and bool(_READY_AFTER.match(text, at + len(fact.text)))
    )


# "4/4 ready", "12/12 replicas", "3/3 个副本": how many of a workload's members are up, in columns of their own
_READY_AFTER = re.compile(
    r"[ \t]*(?:ready|就绪|Running|(?:(?:pods?|replicas?|instances?|nodes?|targets?|members?|brokers?)\b"
    r"|个?(?:副本|实例|节点)|个[ \t]*pods?\b)(?![ \t]*(?:fail|down|crash|unhealthy|not ready|失败|异常|挂|宕)))",
    re.I,
)


INVENTABLE_KINDS = frozenset(
    {
        FactKind.SERVICE,
        FactKind.INSTANCE,
        FactKind.IDENTIFIER,
        FactKind.ALERT,
        FactKind.ERROR_CODE,
        FactKind.ID,
        FactKind.VERSION,
        FactKind.ACTOR,
    }
)
"""Identifier-shaped facts: a claim naming one that no row of the session mentions is INVENTED."""


def _identifier_shaped(fact: Fact) -> bool:
    """A name that is an identifier, not a word: a short all-letter code ("OOM", "TLS") is an
    abbreviation prose uses freely, so naming it invents nothing; nor does a fraction or an ordinal
    ("4/4 ready", "第 4 步"), a value rather than a name; nor two plain words joined ("search-path",
    "in-cluster"), which prose writes as often as a service is named so: a service's name has a digit,
    three parts or more, or a part that names a component (`cart-svc`, `order-api`)."""
    if fact.kind not in INVENTABLE_KINDS or fact.soft or fact.key.startswith("--"):
        return False  # a command-line flag ("--previous", "--wait") names an option of a tool, not an entity
    if fact.kind == FactKind.ID and (fact.text.startswith(("第", "(", "（")) or ": " in fact.text):
        return False  # an ordinal, a label and a figure ("Pods on the node: 3") or a figure in parentheses after
        # a name ("broker 1（960）": its value) names nothing
    if fact.kind == FactKind.SERVICE and not _SERVICE_SHAPED.search(fact.key) and fact.key.count("-") < 2:
        return False
    if _PROSE_PREFIX.fullmatch(fact.key):
        return False  # "per-broker", "non-leader", "cross-zone", "每个 per-pod": a prefix and a word, prose
    if address_tail(fact.key):
        return False  # ".40": an address by its last part, or a figure; shown or not, it names nothing new
    if fact.kind in (FactKind.SERVICE, FactKind.IDENTIFIER) and _SETTING_PART.search(fact.key):
        return False  # `proxy-read-timeout`, `max-worker-connections`: a setting a document or default names
    if CLI_TOOL.fullmatch(fact.key):
        return False  # `redis-cli -h …`, `etcdctl`: the tool a command was run with, not an entity of the incident
    if _PLATFORM_PART.fullmatch(fact.key):
        return False  # "cert-manager", "controller-manager": a part of the platform by its product name
    if _STATUS_CLASS_WORD.fullmatch(fact.key):
        return False  # "the non-5xx ratio", "non-2xx 响应": a class of statuses, a word
    if _PROTOCOL_NAME.match(fact.text):
        return False  # a well-known URI ("/.well-known/acme-challenge/…") or an HTTP header: a protocol's words
    if fact.kind == FactKind.IDENTIFIER and re.fullmatch(r"\S*[\u4e00-\u9fff]\S*", fact.text):
        return False  # `时间戳#设备ID`, "<租户>-events": a shape the writer describes in words, not a name
    if fact.key.endswith("()"):
        return False  # `rate()`, `histogram_quantile()`: a function a query language or a library names
    if standard.STANDARD_NAME.fullmatch(fact.text) or standard.is_kind_name(fact.text):
        return False  # ENOSPC, SIGKILL, "marked DOWN", ClusterRoleBinding(s): a standard's word, shown or not
    return not (fact.kind == FactKind.ERROR_CODE and len(fact.key) <= 4 and fact.key.isalpha())


_SERVICE_SHAPED = re.compile(
    r"[0-9_]|-(?:svc|service|api|app|server|srv|worker|gateway|gw|proxy|db|cache|queue|consumer|producer|"
    r"job|cron|web|ui|bff|backend|frontend|engine|manager|controller|operator|agent|exporter|sync|sink|"
    r"router|broker|store|center|centre|hub|core|auth|admin|portal|scheduler|dispatcher|indexer|renderer)\b"
    r"|^(?:svc|api|auth|db|redis|kafka|mysql|pg|postgres|es|nginx|envoy|istio|payment|order|user|cart|checkout)-"
)


_PROSE_PREFIX = re.compile(r"(?:per|non|no|cross|multi|inter|intra|sub|pre|post|self|semi|anti)-[a-z]+")
_SETTING_PART = re.compile(
    r"[a-z][-_](?:timeouts?|size|limits?|interval|ttl|retries|threshold|buffers?|connections|requests|burst|period|"
    r"delay|backoff|concurrency|capacity|keepalive|seconds|ms|bytes)$"
    r"|(?:^|[._])(?:max|min)[._][a-z]"  # `pm.max_children`, `max_connections`, `min.insync.replicas`: a bound
)
# the platform's own parts, by the names their projects give them: named in explanations, no incident's entity
_PLATFORM_PART = re.compile(
    r"(?:kube-)?(?:controller-manager|scheduler|apiserver|proxy)|kube-state-metrics|cert-manager|external-dns|"
    r"cluster-autoscaler|metrics-server|ingress-nginx|node-exporter|prometheus-operator|argo-?cd|flux-?cd|grpc-gateway|"
    r"aws-load-balancer-controller|ebs-csi-driver|vpc-cni|cloud-controller-manager"
)
_STATUS_CLASS_WORD = re.compile(r"non-?[1-5](?:xx|[0-9]{2})", re.I)  # "non-5xx", "non-504"


# RFC 8615's well-known URIs, and header names as HTTP writes them ("X-B3-TraceId", "X-Forwarded-For")
_PROTOCOL_NAME = re.compile(r"/\.well-known/|X-(?:[A-Z0-9][A-Za-z0-9]*-)*[A-Z0-9][A-Za-z0-9]*$")
_INDEX_OF = re.compile(r"([a-z_][a-z0-9_]*)\(([a-z_][a-z0-9_]*)\)")
_MATCHER = re.compile(r"([a-z_][a-z0-9_.]*)[ \t]*(?:=~|!~|!=|=)[ \t]*(.+)")
_SHORT_SHA = re.compile(r"[0-9a-f]{7,12}")
_SWAP_SEPARATORS = str.maketrans({"-": "_", "_": "-"})


def _denied(text: str, fact: Fact) -> bool:
    """Whether the claim names the thing only to deny it ("not a kernel OOMKill", "没被 OOMKilled") or to say
    it is absent ("revision 8 is missing from the history"): that invents nothing."""
    at = text.find(fact.text)
    if at < 0:
        return False
    end = at + len(fact.text)
    before = text[max(0, at - 24) : at]
    prospect = _PROSPECT_BEFORE.search(text[max(0, at - 40) : at])
    clause = re.split(r"[，。；;,](?!\w)|(?<![.\w])\.(?![\w.])", text[:at])[-1]  # "没有出现 `X` 或 `Y`": the list
    listed = _LIST_DENIED.search(clause) is not None and re.search(r"(?:或|or|nor|、)[ \t`'\"]*$", clause) is not None
    return bool(
        listed
        or _DENIAL_BEFORE.search(before)
        or _HYPOTHESIS_BEFORE.search(text[max(0, at - 48) : at])
        or prospect
        or _ABSENT_AFTER.match(text, end)
        or (_DEFAULT_BEFORE.search(before) and _PROSPECT_AFTER.match(text, end))
    )


# "with the default `cluster-require-full-coverage yes` the cluster would stop serving", "默认的 X 下就会 …": a
# product's default and what it would do, told from knowledge of the product, not a name the incident showed
_DEFAULT_BEFORE = re.compile(
    r"\b(?:with|by|under|per)[ \t]+(?:the[ \t]+|its[ \t]+)?defaults?\b[^.;。；]{0,8}$|默认", re.I
)
_PROSPECT_AFTER = re.compile(r"[^.;。；]{0,60}?(?:\b(?:would|could|might|will)\b|会|将)", re.I)


# "如果 down-after-milliseconds 设得比较大", "if max_connections were raised": a hypothesis names, it asserts nothing
_HYPOTHESIS_BEFORE = re.compile(
    r"(?:\b(?:if|unless|whether|suppose|assuming)\b|如果|假如|若|是否)[^.;。；]{0,20}$"
    # "this wouldn't catch a container being OOMKilled", "看不到被 OOMKilled 的容器": what a check cannot see
    r"|\b(?:wouldn't|would not|won't|can't|cannot|doesn't|does not)[ \t]+(?:catch|see|show|detect|tell|reveal)\b[^.;。；]{0,30}$"
    r"|(?:看不到|查不到|发现不了|捕获不到|无法发现|不会捕获)[^.;。；]{0,20}$"
    # "missing RBAC usually shows up as AuthorizationPermissionMismatch", "RBAC 缺权限一般是 X": what a name
    # usually means, told from knowledge of the product, not a name the incident showed
    r"|\b(?:usually|typically|generally|normally|commonly)\b[^.;。；()（）]{0,30}$|(?:一般|通常|往往)[^.;。；()（）]{0,12}$",
    re.I,
)


# "you would expect an OutOfMemoryError", "and eventually an OutOfMemoryError", "close to OOMKilled", "离 OOMKilled 很近", "可能会触发 X", "will be
# OOMKilled", "约 2 小时后会碰到 limit 被 OOMKill": what may come
# names nothing that happened
_PROSPECT_BEFORE = re.compile(
    r"(?:\b(?:would|could|might|will|expect(?:ed|ing)?|risk(?:s|ing)?|close to|near(?:ing)?|approaching|prevent|avoid|"
    r"eventually|sooner or later)\b|离|接近|可能|将会|就会|预计|避免|防止|以免|最终|迟早|早晚|(?<![机社])会(?![话议员计])(?=[^.;。；]{0,12}(?:被|碰到|触发|遇到)))[^.;。；]{0,30}$",
    re.I,
)
_ABSENT_AFTER = re.compile(
    r"[^.;,，。；]{0,16}?(?:\b(?:is|was|are|were)\s+(?:missing|absent|gone|not (?:there|listed|shown|present))\b"
    r"|\bmissing from\b|\bdoes(?:n't| not) (?:exist|appear)|不在|缺失|缺少|没有出现|不存在)",
    re.I,
)


# a stack frame with its line ("OrderController.create:88") or a path into a document with indexes
# ("routes[17].paths[1]"): tools print its parts apart (a frame's function and lineno, a Lua table's keys)
_PARTS = re.compile(
    r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+:[0-9]+|[A-Za-z_]\w*\[[0-9]+\](?:\.[A-Za-z_]\w*(?:\[[0-9]+\])?)+"
)
_LIST_DENIED = re.compile(r"(?:没有|未|无|\bno\b|\bnot\b|\bnever\b|\bwithout\b|\bneither\b)", re.I)
_DENIAL_BEFORE = re.compile(
    r"\b(?:not|no|never|nor|neither|without|rather than|instead of|isn't|wasn't|aren't|weren't)\b[^.;,:]{0,16}$"
    r"|(?:不是|并非|没有|没被|未被|没|未|不)[^，。；]{0,8}$",
    re.I,
)


def _abbreviated(text: str, fact: Fact) -> bool:
    """Whether the claim writes the name cut short (`4bf92f35…`, "/api/catalog/item/...") or gives only its
    end or start ("msgId ending in 12F39E77", "以 12F39E77 结尾", "尾号 8842", "prefixed 7f3a"): a part of a
    name the rows give whole."""
    at = text.find(fact.text)
    if at < 0:
        return False
    end = at + len(fact.text)
    after = text[end : end + 4]
    return (
        after.lstrip("-_:`").startswith(("…", "..."))
        or fact.text.endswith(("…", "..."))
        or fact.text.startswith(("…", "..."))
        or text[max(0, at - 4) : at].rstrip("`'\" ").endswith(("…", "..."))  # "`...A1F20000003B`": its end
        or _WILDCARD_AFTER.match(text, end) is not None  # "10.50.7.2x:443", "10.8.14.*": addresses by a pattern
        or _PART_BEFORE.search(text, max(0, at - 20), at) is not None
        or _PART_AFTER.match(text, end) is not None
    )


_PART_BEFORE = re.compile(
    r"(?:\b(?:end(?:s|ing|ed)?|start(?:s|ing|ed)?|begin(?:s|ning)?)[ \t]+(?:in|with)|\b(?:prefix|suffix)(?:ed)?(?:[ \t]+by)?"
    r"|尾号(?:为|是)?|前缀(?:为|是)?|后[ \t]*[0-9一二三四五六七八九十]+[ \t]*位(?:为|是)?)[ \t:：]*[`'\"“]?$",
    re.I,
)
_PART_AFTER = re.compile(r"[`'\"”]?[ \t]*(?:结尾|开头|打头)")
_WILDCARD_AFTER = re.compile(r"[xX*]+(?![A-Za-z0-9])")


def _mentioned(fact: Fact, evidence: Evidence, abbreviated: bool = False) -> bool:
    """Whether any row of the session names the fact's entity, as a token or as prose spells it:
    a version with or without its "v", a name in the plural ("NullPointerExceptions")."""
    key = fact.key
    if fact.kind == FactKind.ID and GLUED.fullmatch(fact.text.lower()) and evidence.mentions(fact.text.lower(), True):
        return True  # "db2", "shard3": a numbered name the rows write whole (`db2:keys=77`, `v_dwh_node0001`)
    if _PARTS.fullmatch(fact.text):  # `OrderController.create:88`, `routes[17].paths[1]`: each part, in one row
        words = [w for w in re.split(r"[.:\[\]]+", fact.text) if w]
        if any(all(contains(evidence.raw(i), w.lower()) for w in words) for i in evidence.rows()):
            return True
    if len(key) > 2 and key[0] == key[-1] and key[0] in "\"'":
        key = key[1:-1]  # `"12,50"`: a string quoted as a program prints it, which JSON escapes (\"12,50\")
        return any(key in evidence.raw(index) for index in evidence.rows())
    if fact.kind == FactKind.INSTANCE and key.endswith("."):  # "10.8.14.x": some address of that network
        hyphened = "-" + key.replace(".", "-")  # or a host named for its address ("ip-10-8-14-23")
        return any(
            re.search(rf"(?<![0-9.]){re.escape(key)}[0-9]", evidence.raw(i)) or hyphened in evidence.raw(i)
            for i in evidence.rows()
        )
    if fact.kind == FactKind.IDENTIFIER and key.startswith("/") and re.search(r"\{[^}/]*\}|/:[a-z_]+", key):
        # a route template ("/api/v1/users/{id}/profile", "/orders/:id"): any value in its placeholders
        template = re.sub(
            r"\\\{[^}/]*\\\}|/:[a-z_]+",
            lambda m: "/[^/\\s]+" if m.group(0).startswith("/") else "[^/\\s]+",
            re.escape(key),
        )
        return any(re.search(template, evidence.raw(index)) for index in evidence.rows())
    if fact.kind == FactKind.IDENTIFIER and key.startswith("/") and _route_of_named_parts(fact.text, evidence):
        return True
    if abbreviated or (fact.kind == FactKind.IDENTIFIER and key.endswith("/")):
        # an abbreviated id (`4bf92f35…`, `…B2E00000050`) or a path cut after its prefix ("/api/catalog/item/...")
        key = key.strip("…").removeprefix("...").removesuffix("...")
        return any(key in evidence.raw(index) for index in evidence.rows())
    matcher = _MATCHER.fullmatch(key)
    if matcher is not None:  # `pod=~payments-worker-.*`: a silence lists its matchers as name and value apart
        name, value = matcher.group(1), matcher.group(2).strip("\"'")
        return all(any(part in evidence.raw(index) for index in evidence.rows()) for part in (name, value))
    padded = re.fullmatch(r"([a-z]{3,})[ \t#]*([1-9][0-9]*)", fact.text.lower()) if fact.kind == FactKind.ID else None
    if padded:  # "shard 2", "partition 3": an id the rows pad with zeros (`shardId-000000000002`, `partition-0003`)
        shape = rf"{padded.group(1)}[a-z_]*[-_ :#]?0*{padded.group(2)}(?![0-9])"
        if any(re.search(shape, evidence.raw(index), re.I) for index in evidence.rows()):
            return True
    if _SHORT_SHA.fullmatch(key):  # a commit's short hash: the rows may give it in full
        prefix = re.compile(rf"(?<![0-9a-f]){key}[0-9a-f]*(?![0-9a-z])")
        if any(prefix.search(evidence.raw(index)) for index in evidence.rows()):
            return True
    index_of = _INDEX_OF.fullmatch(key)
    if index_of:  # "PRIMARY(id)", "idx_user(user_id)": an index and its column, which SHOW INDEX gives apart
        return all(evidence.mentions(part) for part in index_of.groups())
    in_sets = set_mentioned(key, evidence)  # "node-0/1/2", each named; "ids-02" of the session's "ids-01/02/03"
    if in_sets is not None or _named_apart(key, evidence):
        return True if in_sets is None else in_sets
    # a flag written with its value ("Xms=Xmx" of `-Xms24g -Xmx24g`), a version with its build letter ("2.8.1K") or
    # machine ("….el9_4.x86_64") or in an artifact's name (`catalog-sync-1.8.6.zip`, `ledger-api_2.14.3.tar.gz`)
    glued = (
        rf"(?<![\w-])-{{1,2}}{re.escape(key)}[0-9]"
        if fact.kind != FactKind.VERSION
        else rf"(?<![\w.]){re.escape(key)}(?:[a-z]{{1,2}}|{MACHINE_SUFFIX})(?![\w.])|[a-z][-_]v?{re.escape(key)}(?=\.(?:zip|tar|tgz|gz|jar|war|whl|rpm|deb)\b)"
    )
    if evidence.remember(  # once per name and check_draft call; a cheap test first
        ("glued", glued, evidence.only),
        lambda: any(key in raw and re.search(glued, raw) for raw in map(evidence.raw, evidence.rows())),
    ):
        return True
    forms = name_forms(fact) + (("v" + key,) if fact.kind == FactKind.VERSION else ())
    # a URL's "rock%27n%27roll"; a JSON string's `up{namespace=\"orders\"}` (a query the call was asked, escaped)
    forms += tuple({quote(key, safe="").lower(), quote_plus(key, safe="").lower(), json.dumps(key)[1:-1]} - {key})
    # "feature-store" where the rows say feature_store, and the reverse; "sidekiq-cron" where they say
    # Sidekiq::Cron or /sidekiq/cron/: a name's words joined as a language or a route joins them
    joined = [form for form in forms if re.fullmatch(r"[a-z0-9]+(?:[-_][a-z0-9]+)+", form)]
    forms += tuple(form.translate(_SWAP_SEPARATORS) for form in forms if "-" in form or "_" in form) + tuple(
        re.sub(r"[-_]", joint, form) for form in joined for joint in ("::", "/")
    )
    # "feature-store" where a log line writes featurestore
    forms += tuple(re.sub(r"[-_]", "", form) for form in forms if re.fullmatch(r"[a-z]+(?:[-_][a-z]+)+", form))
    if any(evidence.mentions(form, suffix="_" in form) for form in forms):
        return True
    # "被 OOMKill", "the OOMKilling": a word the rows inflect otherwise (OOMKilled)
    stem = _INFLECTION.sub("", key)
    if re.search(r"[A-Z]", fact.text) and any(evidence.mentions(stem + ending) for ending in _ENDINGS):
        return True
    if camel_tail(fact.text, evidence):
        return True
    # read last, once the plain forms are not found: a session's patterns are read once per evidence
    if (
        _matched_by_a_pattern(key, evidence)
        or _shorthand_of_names(key, evidence)
        or named_inside(key, evidence, fact.text)
    ):
        return True
    # A dotted field name ("service.version", "log.level") is a path into nested JSON: its parts are named.
    parts = key.split(".")
    return fact.kind == FactKind.IDENTIFIER and len(parts) > 1 and all(p and evidence.mentions(p) for p in parts)


def _route_of_named_parts(route: str, evidence: Evidence) -> bool:
    """ "POST /connectors/pg-orders-sink/tasks/1/restart": a route built of the session's names, each of its
    name-like parts ("pg-orders-sink", a gRPC method's "ListPairs"; not the words "connectors", "restart" nor
    "1") mentioned. A route with no such part, or with a part the session never names ("/api/v2/refunds"
    where no row says "v2"), stays unmentioned."""
    parts = route.strip("/` ").split("/")
    named = [part.lower() for part in parts if _NAME_LIKE.search(part)]
    return bool(named) and all(evidence.mentions(part) for part in named)


_NAME_LIKE = re.compile(r"[A-Za-z0-9][-_.][A-Za-z0-9]|[A-Za-z][0-9]|[0-9][A-Za-z]|[a-z][A-Z]")  # ListPairs too


def _named_apart(key: str, evidence: Evidence) -> bool:
    """_apart(), once per name and evidence."""
    return evidence.remember(("named apart", key), lambda: _apart(key, evidence))


def _apart(key: str, evidence: Evidence) -> bool:
    """A name the rows give in another layout: "retail/inventory" as a namespace and a name,
    "endpoints: <none>" across aligned columns, a ReplicaSet "web-7b5f6d4c8" as the stem of its pods'
    names ("web-7b5f6d4c8-x2k4q")."""
    rows = list(evidence.rows())
    if "/" in key and not key.startswith("/") and key.count("/") == 1:
        namespace, name = key.split("/")
        if namespace and name and evidence.mentions(namespace) and evidence.mentions(name):
            return True
    if re.search(r"\s", key):
        first = key.split()[0]
        spaced = re.compile(r"\s+".join(re.escape(part) for part in key.split()))
        if any(first in evidence.raw(index) and spaced.search(evidence.raw(index)) for index in rows):
            return True
    partition = _TOPIC_PARTITION.fullmatch(key)
    if partition is not None and evidence.mentions(partition.group(1)):
        # "payments.v1-0": Kafka's own name of a topic's partition, which its tools print as "Topic: payments.v1
        # Partition: 0" or {"topic": "payments.v1", "partition": 0}
        number = re.compile(rf"partition\W{{0,4}}{partition.group(2)}(?![0-9])", re.I)
        if any(number.search(evidence.raw(i)) for i in rows if partition.group(1) in evidence.raw(i)):
            return True
    counted = _COUNTED.fullmatch(key)
    if counted is not None:  # "revision-26": the 26th revision, in a row that names revisions and that number
        word, number = re.compile(rf"\b{counted.group(1)}", re.I), re.compile(rf"(?<![\w.]){counted.group(2)}(?![\w.])")
        return any(word.search(evidence.raw(i)) and number.search(evidence.raw(i)) for i in rows)
    if "-" in key and re.search(r"[0-9]", key):
        needle = key + "-"  # a cheap test before the pattern
        stem = re.compile(rf"(?<![\w.-]){re.escape(key)}-[a-z0-9]{{4,6}}(?![\w-])")
        return any(needle in evidence.raw(index) and stem.search(evidence.raw(index)) for index in rows)
    return False


_COUNTED = re.compile(r"(revision|rev|release|build|run|attempt|generation|epoch|term|pipeline|job|step)-([0-9]{1,7})")
_TOPIC_PARTITION = re.compile(r"([A-Za-z][\w.]*[A-Za-z0-9_])-([0-9]{1,5})")
_INFLECTION = re.compile(r"(?:ed|ing|s)$")
_ENDINGS = ("", "ed", "d", "ing", "s", "es", "led", "ling")
_PATTERN = re.compile(
    r"[A-Za-z0-9][\w.:-]{2,}(?:\[[^\]\s\"']{1,24}\]|\.\*|\.\+|\\d[+*]?)[\w.:\[\]\\*+?-]*"
)  # a matcher's regex as an operator writes it: `gpu-worker-1[0-9]:9100`, `payments-worker-.*`
_WILDCARD = re.compile(r"\[[^\]\s\"']{1,24}\]|\.[*+]|\\d")
_PORT_TAIL = re.compile(r":[0-9]{2,5}$")


def _matched_by_a_pattern(key: str, evidence: Evidence) -> bool:
    """ "gpu-worker-10 到 gpu-worker-19" where a silence matches `instance=~"gpu-worker-1[0-9]:9100"`: a name a
    regular expression of the session matches (with or without the port it ends in), the pattern giving
    at least three characters of the name before its first wildcard."""
    for pattern in evidence.remember(("name patterns",), lambda: _patterns(evidence)):
        if pattern.fullmatch(key):
            return True
    return False


def _patterns(evidence: Evidence) -> list[re.Pattern[str]]:
    found = []
    for index in evidence.rows():
        raw = evidence.raw(index)
        # the full pattern only around a wildcard ("[0-9]", ".*", ".+", "\d"): most rows hold none
        spots = [m.start() for m in _WILDCARD.finditer(raw)]
        tokens = {t for at in spots for t in _PATTERN.findall(raw, max(0, at - 64), at + 64)}
        for token in tokens:
            for text in {token, _PORT_TAIL.sub("", token)}:
                if "[[" in text or "[:" in text:
                    continue  # "[[logs-app][0]": an explanation's brackets, no pattern (and a nested set to `re`)
                try:
                    with warnings.catch_warnings():
                        warnings.simplefilter("ignore")  # "FutureWarning: possible nested set": not a pattern
                        found.append(re.compile(text, re.I))
                except re.error:
                    continue
    return found


_SHORTHAND = re.compile(r"([a-z0-9-]+(?:/[a-z0-9-]+)+)(\.[a-z0-9.-]+)")


def _shorthand_of_names(key: str, evidence: Evidence) -> bool:
    """ "a0/a2/b0/c0.nic.io": names that share their domain, written once (a0.nic.io, a2.nic.io, ...), each
    named by the session."""
    m = _SHORTHAND.fullmatch(key)
    return m is not None and all(evidence.mentions(part + m.group(2)) for part in m.group(1).split("/"))
