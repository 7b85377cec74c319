"""The kind of error a denial names: "no permission or schema-mismatch errors", "没有超时类错误".

A denial of errors of a kind is not refuted by an error of another kind: the load job's one parse error does
not contradict "no permission or schema-mismatch errors". The kind is the words between the denial and "errors",
less the words that say nothing of the kind ("no new errors", "no other application errors"). An error entry
refutes the denial when it shows one of those words, written in any of the ways a log writes a word
(`PermissionDenied`, "permission denied", `schema_mismatch`). One that shows none of them is set aside, and the
denial is then not grounded either: the rules cannot tell that error's kind in every wording.
"""

from __future__ import annotations

import re

from evidence_trace.server.domain.payloads import ERROR_LEVELS
from evidence_trace.server.domain.verifier.unit_model import Unit

_GENERIC = frozenset(
    "no not never zero without none of the nor any new other more further such real actual obvious significant "
    "recent application app log logged relevant related serious visible apparent reported unexpected additional "
    "single at all major critical fatal unhandled uncaught server client http similar further".split()
)
_ZH_GENERIC = re.compile(
    r"^(?:有|见|发现|出现|看到|任何|新的?|其他的?|明显的?|相关的?|额外的?|同类的?|同样的?|类似的?|这类|此类|类|的)+|(?:类|的|类的)$"
)
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]+")


def kind_words(denied: str) -> tuple[str, ...]:
    """The words of the kind a denial of errors names, lower-cased; () for a denial of any error."""
    zh = re.search(r"(?:没有|无|未|并未|未见|没)([^，。；]{0,6}?)(?:错误|异常|报错)", denied)
    if zh is not None:
        kind = _ZH_GENERIC.sub("", zh.group(1).strip())
        return (kind,) if kind and not re.fullmatch(r"[A-Za-z]*", kind) else ()
    words = [w.lower() for w in _WORD.findall(denied)]
    head = [w for w in words[1:-1] if w not in _GENERIC and not w.startswith("error") and not w.startswith("exception")]
    return tuple(part for w in head for part in w.split("-") if len(part) >= 3)


def shows_kind(unit: Unit, words: tuple[str, ...]) -> bool:
    """Whether an error unit shows one of the kind's words (as a word, glued in CamelCase or snake_case)."""
    flat = re.sub(r"[\s_\-.]+", "", unit.lowered)
    return any(w in unit.lowered or w.replace(" ", "") in flat for w in words)


_FILTER_KEYS = frozenset({"keyword", "keywords", "grep", "contains", "pattern", "match", "search", "text", "message"})
_ERROR_WORDS = re.compile(r"error|exception|fatal|critical|fail|panic|错误|异常|失败", re.I)


def errors_filtered_out(params: dict) -> bool:
    """Whether a log call asked for entries that exclude errors: another level only ("level": "INFO"), or
    entries holding words of something else ("keyword": "sync completed")."""
    level = str(params.get("level", "") or params.get("severity", "")).upper()
    if level and level not in ERROR_LEVELS and level not in ("ALL", "*"):
        return True
    return any(
        key.lower() in _FILTER_KEYS and isinstance(value, str) and value and not _ERROR_WORDS.search(value)
        for key, value in params.items()
    )
