"""Words a standard or a product defines, which a draft may name without any call having shown them: POSIX errno
and signal names, a load balancer's server states, an API's actions, a product's settings and methods named as
such. None is an entity of the incident, so none is invented (invented.py); a claim resting on one not shown is
still ungrounded.
"""

from __future__ import annotations

import re

from evidence_trace.server.domain.verifier.facts import Fact

# names a standard or a product defines, the same in every system: POSIX errno and signal names, the states a
# load balancer or a breaker marks a server with, hash, signature and cipher algorithms. A draft may name one it
# infers ("so writes fail with ENOSPC"); not shown, it is ungrounded, never an invented entity of the incident
STANDARD_NAME = re.compile(
    r"E(?:NOSPC|NOMEM|CONNREFUSED|CONNRESET|CONNABORTED|TIMEDOUT|MFILE|NFILE|ACCES|PERM|NOENT|PIPE|AGAIN|"
    r"ADDRINUSE|ADDRNOTAVAIL|HOSTUNREACH|NETUNREACH|IO|ROFS|DQUOT|EXIST|INVAL|BUSY|INTR|BADF|NOTCONN|PROTO|"
    r"NOTSUP|OVERFLOW|FBIG|NOBUFS|NOTEMPTY|XDEV|ISDIR|NOTDIR|LOOP|NAMETOOLONG)"
    r"|SIG(?:KILL|TERM|SEGV|ABRT|HUP|INT|QUIT|BUS|PIPE|USR1|USR2|CHLD|STOP|CONT|ALRM|ILL|FPE|TRAP|XCPU)"
    r"|UP|DOWN|MAINT|DRAIN|NOLB|OPEN|CLOSED|HALF[_-]OPEN|OFFLINE|ONLINE"
    # Kerberos' error names (RFC 4120: KRB_AP_ERR_SKEW, KDC_ERR_PREAUTH_FAILED), as errno's are POSIX's
    r"|KRB_(?:AP|ERR)_[A-Z_]+|KDC_ERR_[A-Z_]+"
    # Cassandra's and Scylla's consistency levels ("QUORUM / LOCAL_QUORUM (2 of 3 replicas)"), a driver's setting
    r"|(?:LOCAL_|EACH_)?QUORUM|LOCAL_ONE|LOCAL_SERIAL"
    # IKE's security associations (RFC 7296: IKE_SA, CHILD_SA), which strongSwan prints as "IKE_SA", "{3}" or not
    r"|(?:IKE|CHILD|ISAKMP|IPSEC)_SAs?"
    # hash, signature and cipher algorithms ("SHA-256 fingerprint", "an RSA-2048 key", "AES-256-GCM")
    r"|(?i:SHA-?(?:1|224|256|384|512)|MD5|HMAC-SHA-?(?:1|256|384|512)|RSA(?:-[0-9]{4})?|ECDSA|ED25519|X25519"
    r"|AES-?(?:128|192|256)(?:-GCM|-CBC)?|CHACHA20(?:-POLY1305)?|P-(?:256|384|521))"
)


def a_setting_or_a_call(text: str, fact: Fact) -> bool:
    """A product's setting or method, named as such: "the cluster-require-full-coverage setting", "参数
    max-connections", "cluster-require-full-coverage yes", "db.stats()", "rs.status()", a SQL function called
    ("SYSTEM$CANCEL_QUERY('…')"): what to look at or change, which no call need have shown, never an entity of
    the incident."""
    at = text.find(fact.text)
    if at < 0:
        return False
    end = at + len(fact.text)
    return bool(_SETTING_AFTER.match(text, end) or _SETTING_BEFORE.search(text, max(0, at - 16), at)) or (
        _CALL_OPENS.match(text, end) is not None
        and ("." in fact.text or _SQL_FUNCTION.fullmatch(fact.text) is not None or text[at - 1 : at] == "$")
    )


# a function's call: its name, then "(" and its arguments ("db.stats()", "SYSTEM$CANCEL_QUERY('01b7…')",
# "PARSE_TIMESTAMP('%Y', s)"); not a code and its number ("ERR_X(104)")
_CALL_OPENS = re.compile(r"\((?:\)|[\s'\"`A-Za-z_$@*])")
_SQL_FUNCTION = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")


_SETTING_AFTER = re.compile(
    r"[`'\"]?[ \t]*(?:(?:setting|option|parameter|directive|flag|knob|config(?:uration)? (?:key|option))s?\b"
    r"|(?:yes|no|on|off|true|false)\b(?![ \t]*[A-Za-z])|(?:参数|配置项|配置|选项))",
    re.I,
)
_SETTING_BEFORE = re.compile(r"(?:\b(?:setting|option|parameter|directive|flag)|参数|配置项|选项)[ \t]*[`'\"]?$", re.I)


def api_action(text: str, fact: Fact) -> bool:
    """An API's action as a policy names it (`kms:GenerateDataKey`, `s3:PutObject`) or as a call is said to have
    made it ("called UpdateFunctionConfiguration", "调用 PutBucketPolicy"): the cloud's word for a call."""
    if re.fullmatch(r"[A-Z][a-z]+(?:[A-Z][a-z]+)+", fact.text) is None:
        return False  # an action is a verb and its object, CamelCase; `redis:7.2.5` is an image's tag
    if _API_VERB.match(fact.text) and _CALLED.search(text, 0, max(0, text.find(fact.text))):
        return True
    return re.search(rf"(?<![\w:-])[a-z][a-z0-9-]{{1,24}}:{re.escape(fact.text)}(?![\w:])", text) is not None


_API_VERB = re.compile(
    r"(?:Create|Update|Delete|Put|Get|List|Describe|Invoke|Publish|Attach|Detach|Start|Stop|Modify|Reboot|Run|"
    r"Terminate|Assume|Add|Remove|Set|Tag|Untag|Enable|Disable|Register|Deregister)[A-Z]"
)
_CALLED = re.compile(
    r"(?:\b(?:called|calls|calling|invoked|invokes|made (?:an? )?|ran|eventName|event name|action|API)"
    r"|调用了?|执行了?|事件名?为?)[ \t:=：\"'`(]*$",
    re.I,
)
# Kubernetes' kinds of object, names the API defines ("5 ClusterRoleBindings reference cluster-admin")
KIND_NAMES = frozenset(
    "Pod Deployment StatefulSet DaemonSet ReplicaSet Job CronJob Service Endpoints EndpointSlice Ingress "
    "IngressClass ConfigMap Secret ServiceAccount Namespace Node PersistentVolume PersistentVolumeClaim "
    "StorageClass VolumeAttachment CSIDriver CSINode NetworkPolicy HorizontalPodAutoscaler PodDisruptionBudget "
    "PriorityClass Role RoleBinding ClusterRole ClusterRoleBinding CustomResourceDefinition Lease ResourceQuota "
    "LimitRange ValidatingWebhookConfiguration MutatingWebhookConfiguration CertificateSigningRequest "
    "APIService RuntimeClass Event".split()
)


def is_kind_name(word: str) -> bool:
    """Whether a word is one of Kubernetes' kinds, singular or plural (ClusterRoleBindings, StorageClasses,
    IngressClasses; the kind Endpoints is plural itself)."""
    return any(word[: len(word) - len(end)] in KIND_NAMES for end in ("", "s", "es") if word.endswith(end))


def a_tool_to_run(text: str, fact: Fact) -> bool:
    """A script or tool a product ships, named as what to run ("changed with whisper-set-aggregation-method.py",
    "用 pt-online-schema-change.pl 改表"): the writer's knowledge of the product, no entity of the incident."""
    at = text.find(fact.text)
    return at >= 0 and _SCRIPT.search(fact.text) is not None and _RUN_WITH.search(text, max(0, at - 24), at) is not None


_SCRIPT = re.compile(r"\.(?:py|sh|pl|rb|js|ps1)$")
_RUN_WITH = re.compile(
    r"(?:\b(?:with|using|via|run|running|runs|ran|execute|executing)|用|使用|执行|运行)[ \t`'\"]*$", re.I
)


def a_name_the_writer_chooses(text: str, fact: Fact) -> bool:
    """A name a command the claim gives makes (a_name_a_command_makes), or one the claim supposes for an example
    ("Insert the new disk (say `/dev/sdd`), then `pvcreate /dev/sdd`", "e.g. `db-creds-v2`", "比如 `/dev/sdd`"):
    the writer picks it, so no call of the session need have mentioned it, anywhere in the claim."""
    return a_name_a_command_makes(text, fact) or any(
        _SUPPOSED.search(text, max(0, m.start() - 16), m.start()) is not None
        for m in re.finditer(re.escape(fact.text), text)
    )


# the cue of a name supposed for an example, right before it: "(say /dev/sdd)", "e.g. db-2", "假设新盘是 sdd"
_SUPPOSED = re.compile(
    r"(?:\b(?:say|e\.g\.|eg\.|i\.e\.|for (?:example|instance)|suppose|supposing|assuming)|假设|假如|比如|例如|譬如)"
    r"[ \t,，:：]*(?:(?:it|that|the [a-z]+|新盘|新磁盘|新的?[\u4e00-\u9fff]{1,4})[ \t]*(?:is|are|为|是)[ \t]*)?[`'\"“]?$",
    re.I,
)


def a_name_a_command_makes(text: str, fact: Fact) -> bool:
    """A name a command the claim gives makes ("`gcloud filestore backups create crm-files-manual …`", "`mount -t nfs
    10.91.0.2:/wiki /mnt/wiki`", "`kubectl create secret generic db-creds-v2`"): the writer chooses it, so no call
    of the session need have mentioned it. It is no fact shown either (the claim is at most not grounded)."""
    at = text.find(fact.text)
    command = _COMMAND.search(text, max(0, at - 200), at) if at >= 0 else None
    return command is not None and _MAKES.search(command.group(0)) is not None


# a command line up to the name: a program, then its words (no sentence break and no Chinese between)
_COMMAND = re.compile(
    r"\b(?:gcloud|gsutil|kubectl|oc|aws|az|helm|docker|podman|mount|mkdir|ln|cp|rsync|rclone|velero|restic|"
    r"pgbackrest|pg_basebackup|zfs|lvcreate|virtctl|git)\b[^。；;\n\u3400-\u9fff，：（）]{0,160}$"
)
_MAKES = re.compile(r"\b(?:create|mkdir|mount|clone|snapshot|backup|checkout -b|branch|new|cp|rsync|ln|lvcreate)\b")


def named_by_the_question(key: str, asked: str) -> bool:
    """A name the writer joined from the user's own words ("profile-api" for "the profile AppSync API", "orders_db"
    for "the orders DB"): each of its two or three parts is a word of the question, so it names what was asked about."""
    parts = re.split(r"[-_.]", key)
    return 2 <= len(parts) <= 3 and all(
        len(part) >= 2 and re.search(rf"(?<![a-z0-9]){re.escape(part)}(?![a-z0-9])", asked) for part in parts
    )
