"""Claim checks: every claim of a draft against units of evidence, and the decision.

check_draft() splits the draft into claims (claims.py), reads each claim's
facts (facts.py) and looks for ONE unit of evidence (units.py) that shows all
of them. docs/verifier-protocol.md states the rules; in short:

- GROUNDED: one unit from a successful, supporting row shows every fact.
- CONTRADICTED: the unit that matches the claim's subject shows the opposite
  (an ERROR entry against "no errors", a firing alert against "resolved", a
  WARN entry against "ERROR").
- UNGROUNDED: a checkable fact no unit shows; or, for a causal claim whose
  facts are grounded, no unit states the link (an inference).
- WEAK: the only units showing it come from a failed-free but weak row: a
  no-hit, a deduplicated lookup, LOW- or NONE-relevance knowledge.
- UNCHECKABLE: nothing checkable (advice, hedges, context, or a vague claim).

decide() turns the checks into ACCEPT, LOW_CONFID or REJECT.
"""
from __future__ import annotations

import bisect
import dataclasses
import functools
import json
import re
from typing import Iterable, Optional, Sequence

from evidence_trace.server.domain.model import (
    ClaimCheck,
    ClaimKind,
    ClaimStatus,
    Decision,
    EvidenceRow,
    Grounding,
)
from evidence_trace.server.domain.payloads import ERROR_LEVELS
from evidence_trace.server.domain.verifier.claims import (
    CAUSAL_CUE,
    Claim,
    is_meta,
    is_substantive,
    split_claims,
)
from evidence_trace.server.domain.verifier.facts import (
    EVENT_FORMS,
    Comparison,
    Dimension,
    Fact,
    FactKind,
    Quantity,
    Scope,
    extract_facts,
    normalize,
)
from evidence_trace.server.domain.verifier.units import (
    Family,
    Number,
    Strength,
    Unit,
    family_of,
    units_of,
)

MAX_CLAIMS = 200  # claims beyond this are not checked (the draft is bounded at 64 KiB)
MAX_GROUNDINGS = 6

JUDGED_KINDS = (ClaimKind.FACT, ClaimKind.CAUSAL, ClaimKind.GAP)
_JUDGED = JUDGED_KINDS
_ERROR_WORDS = re.compile(r"\b(?:errors?|exceptions?|failures?|fatal)\b|错误|异常|报错", re.I)
_FAILURE_MODES = {
    "timeout": re.compile(r"time[ds]?[ -]?out|deadline|超时", re.I),
    "permission": re.compile(r"permission|forbidden|denied|unauthori[sz]ed|rbac|\b40[13]\b|权限|拒绝访问|未授权", re.I),
    "not found": re.compile(r"not found|no such|does not exist|\b404\b|不存在|未找到", re.I),
    "connection": re.compile(r"connection refused|unreachable|connect(?:ion)? (?:error|failed)|dial tcp|"
                             r"no route|连接被拒绝|无法连接", re.I),
}


def _failure_modes(text: str) -> set[str]:
    """How a call failed, as a text says it: timeout, permission, not found, connection."""
    return {mode for mode, pattern in _FAILURE_MODES.items() if pattern.search(text)}
_CALL_EVENT = re.compile(
    r"\b(?:timed out|time[ds]? out|timeout|failed|errored|returned|came back|was empty|were empty|"
    r"deduplicated|deduped|skipped|unavailable|exceeded)\b|超时|失败|报错|出错|错误|为空|无结果|不可用|未找到|没有找到|没有返回",
    re.I)
_NEGATED_ERRORS = re.compile(
    r"\b(?:no|not|never|zero|0|without|none of the|nor)\b(?:\s+[\w-]+){0,4}?\s+(?:errors?|exceptions?|failures?|"
    r"fatal|error[- ](?:logs?|entries|lines|messages))\b"
    r"|\b(?:errors?|exceptions?|error entries|error logs)\s+(?:were|was|are|is)\s+(?:not|never)\b"
    r"|\b(?:didn't|did not|doesn't|does not|hasn't|has not|haven't|have not)\s+(?:\w+\s+){0,2}?(?:any\s+)?"
    r"(?:errors?|exceptions?)"
    r"|(?:没有|无|未|并未|未见|没)[^，。；]{0,6}?(?:错误|异常|报错|ERROR)",
    re.I,
)
_NOT_A_COUNT = re.compile(r"limit|size|page|top_?k|offset|max|min|threshold|step|window")
_SHOWN = re.compile(r"return|shown|show|listed|display|返回|显示|列出|展示", re.I)
_TOTAL_KEY = re.compile(r"total|count|totalcount|total_count|hits|resultcount|matched|numfound|total_hits")
_TOTAL = re.compile(r'"(?:total|count|totalcount|total_count|hits|resultcount|matched)"\s*:\s*"?([0-9]+)')
_CONJUNCTION = re.compile(r",(?![0-9])\s*(?:and\s+)?|\s+and\s+|\s+with\s+|；|，|、|\s+plus\s+|\s+as well as\s+|[（(]", re.I)
_CONTENT_WORD = re.compile(r"[a-z][a-z0-9]{3,}|[\u4e00-\u9fff]{2,}")
_STOPWORDS = frozenset(
    "this that these those there their with from into over under have has had were was been being which what "
    "when where while than then them they also only just very more most much many some such each other about "
    "because caused causing cause causes due led leads leading result resulted results root reason since the "
    "and for are but not was its it's after before during between again still".split()
)
_FAMILY_WORDS = {
    Family.LOGS: re.compile(r"\blogs?\b|log (?:search|query)|日志", re.I),
    Family.METRICS: re.compile(r"\bmetrics?\b|prometheus|promql|\bcpu\b|memory|latency|指标|监控", re.I),
    Family.KNOWLEDGE: re.compile(r"knowledge|runbook|\bkb\b|docs?\b|documentation|retrieval|知识库|文档|手册", re.I),
}
_STEMS = re.compile(r"(?:ing|ed|es|s)$")
_CITATION = (
    (Family.LOGS, re.compile(r"\b(?:the |its |their )?(?:[\w-]+ )?logs? (?:show|shows|say|says|indicate|indicates|"
                             r"report|reports|confirm|confirms|reveal|reveals|contain|contains)\b|according to the logs"
                             r"|日志(?:显示|表明|中|里|记录)", re.I)),
    (Family.METRICS, re.compile(r"\b(?:the )?(?:metrics?|prometheus|dashboards?|graphs?) (?:show|shows|say|says|"
                                r"indicate|indicates|report|reports|confirm|confirms)\b|according to (?:the )?metrics"
                                r"|指标(?:显示|表明)|监控(?:显示|表明)", re.I)),
    (Family.TRACES, re.compile(r"\b(?:the )?(?:traces?|tracing|spans?) (?:show|shows|indicate|indicates|reveal|"
                               r"reveals|confirm|confirms)\b|链路(?:显示|追踪显示)", re.I)),
    (Family.KNOWLEDGE, re.compile(r"\b(?:the )?(?:runbook|knowledge base|kb|documentation|docs|guide|playbook|sop)"
                                  r" (?:says|say|states|explains|notes|recommends|shows|describes)\b|according to the "
                                  r"(?:runbook|documentation|docs|guide|knowledge base)|(?:知识库|文档|手册|运行手册)"
                                  r"(?:显示|表明|指出|说明|中|里|提到)", re.I)),
)


def _cited_family(text: str) -> Optional[Family]:
    for family, pattern in _CITATION:
        if pattern.search(text):
            return family
    return None


def _with_code_identifiers(codes: Sequence[str], facts: tuple[Fact, ...]) -> tuple[Fact, ...]:
    """The facts, plus inline code the draft quotes (`gp2`, `find`) as identifiers the unit must show,
    unless a fact already covers them or they are a number. Quoting a value makes it a hard fact."""
    quoted = {normalize(c).lower() for c in codes if not _NAME_ONLY.fullmatch(c)}
    facts = tuple(dataclasses.replace(f, soft=False) if f.soft and f.key in quoted else f for f in facts)
    return facts + _code_identifiers(codes, facts)


def _code_identifiers(codes: Sequence[str], facts: Sequence[Fact]) -> tuple[Fact, ...]:
    known = {f.key for f in facts}
    found = []
    for code in codes:
        key = normalize(code).lower()
        if key in known or any(key in k or k in key for k in known if len(k) > 2) or _NUMERIC.fullmatch(key):
            continue
        # A value (`gp2`, `v2.13.2`) must be shown; a variable's name (`limit_maxbytes`) only binds
        # when the evidence names it somewhere.
        soft = _NAME_ONLY.fullmatch(code) is not None
        found.append(Fact(FactKind.IDENTIFIER, code, key, Scope.SUBJECT, soft=soft))
    return tuple(found)


_NAME_ONLY = re.compile(r"[A-Za-z]+(?:[_][A-Za-z]+)*|[a-z]+(?:[A-Z][a-z]+)+")


_NUMERIC = re.compile(r"[0-9.,%]+[a-z]*")
_CELL_NUMBER = re.compile(r"^\s*([0-9]+(?:\.[0-9]+)?)\s*$")


def _cell_numbers(text: str) -> tuple[Fact, ...]:
    """The bare numbers of a table row's cells, each a fact of the row."""
    from evidence_trace.server.domain.verifier.facts import Quantity
    found = []
    for cell in text.split(" | "):
        m = _CELL_NUMBER.match(cell)
        if m:
            number = m.group(1)
            decimals = len(number.split(".")[1]) if "." in number else 0
            found.append(Fact(FactKind.QUANTITY, number, number,
                              quantity=Quantity(Dimension.NUMBER, float(number), 1.0, decimals)))
    return tuple(found)


@dataclasses.dataclass(frozen=True)
class _Match:
    unit: Unit
    units: tuple[Unit, ...] = ()


class Evidence:
    """The units of a session's rows, built lazily per row.

    only: when a claim cites its source ("the logs show"), the rows of that
    family; None for all rows.
    """

    def __init__(self, rows: Sequence[EvidenceRow]) -> None:
        self._rows = list(rows)
        self._units: dict[int, list[Unit]] = {}
        self._raw: dict[int, str] = {}
        self._mentions: dict[str, bool] = {}
        self._values: dict[int, list[float]] = {}
        self._only: Optional[Family] = None

    def cited(self, text: str) -> "Evidence":
        """This evidence, narrowed to the family of tools the claim cites, if it cites one."""
        family = _cited_family(text)
        if family is None:
            return self
        narrowed = Evidence.__new__(Evidence)
        narrowed.__dict__.update(self.__dict__)
        narrowed._only = family
        return narrowed

    def rows(self) -> Iterable[int]:
        if self._only is None:
            return range(len(self._rows))
        return [i for i, row in enumerate(self._rows) if family_of(row.tool_name) == self._only]

    def row(self, index: int) -> EvidenceRow:
        return self._rows[index]

    def units(self, index: int) -> list[Unit]:
        if index not in self._units:
            self._units[index] = units_of(self._rows[index])
        return self._units[index]

    def raw(self, index: int) -> str:
        if index not in self._raw:
            row = self._rows[index]
            params = row.params_json or json.dumps(row.input_params, ensure_ascii=False, default=str)
            self._raw[index] = normalize(row.preview + " " + params + " " + row.error_message).lower()
        return self._raw[index]

    def mentions(self, key: str, suffix: bool = False) -> bool:
        """Whether any row's output, parameters or error names `key` (a whole token)."""
        found = self._mentions.get(key)
        if found is None:
            found = any(_contains(self.raw(index), key, suffix) for index in range(len(self._rows)))
            self._mentions[key] = found
        return found

    def mentions_any(self, forms: Sequence[str]) -> bool:
        """Whether any row says one of the forms (as a substring: "evicted", "OOMKilled")."""
        return any(form in self.raw(index) for index in range(len(self._rows)) for form in forms)

    def names_setting(self, key: str) -> bool:
        """Whether any row names the setting (so its value must be the one next to the name)."""
        patterns = [_setting_pattern(n) for n in _setting_names(key)]
        return any(p.search(self.raw(index)) for index in range(len(self._rows)) for p in patterns)

    def candidates(self, facts: Sequence[Fact]) -> Iterable[int]:
        """Rows that may hold every fact: they mention each entity, id and status, and hold a
        number that some reading of each quantity could match. A cheap filter on the raw text
        before any unit is parsed: it never drops a row a unit of which would match."""
        keys = [f.key for f in facts if (f.is_entity and (f.kind != FactKind.IDENTIFIER or "/" not in f.key))
                or f.kind in (FactKind.ID, FactKind.HTTP_STATUS)]
        windows = [w for w in (_windows(f) for f in facts if f.kind in (FactKind.QUANTITY, FactKind.SETTING)
                                  and f.quantity is not None and not f.alternatives) if w is not None]
        settings = [[_setting_pattern(n) for n in _setting_names(f.key)] for f in facts if f.kind == FactKind.SETTING
                    and re.search(r"[_.]|[a-z][A-Z]", f.text)]  # a plain name may go unnamed
        for index in self.rows():
            raw = self.raw(index)
            if not all(key in raw for key in keys):
                continue
            if settings and not all(any(p.search(raw) for p in names) for names in settings):
                continue
            if windows:
                values = self.values(index)
                if not all(_any_in(values, w) for w in windows):
                    continue
            yield index

    def values(self, index: int) -> list[float]:
        """Every number in a row's raw text, sorted."""
        found = self._values.get(index)
        if found is None:
            found = sorted(float(v) for v in _RAW_NUMBER.findall(self.raw(index).replace(",", "")))
            self._values[index] = found
        return found


_RAW_NUMBER = re.compile(r"[0-9]+(?:\.[0-9]+)?(?:e[-+]?[0-9]+)?")
# Every factor by which a stated number can be read against a number in the text, per dimension.
_FACTORS = {
    Dimension.TIME: (1e-6, 1e-3, 1.0, 1000.0, 60000.0, 3.6e6, 8.64e7),
    Dimension.BYTES: (1.0, 1e3, 1e6, 1e9, 1e12, 1024.0, 1024.0 ** 2, 1024.0 ** 3, 1024.0 ** 4),
    Dimension.RATIO: (0.01, 1.0),
    Dimension.RATE: (1.0, 1 / 60),
    Dimension.NUMBER: (1.0,),
}


def _windows(fact: Fact) -> Optional[list[tuple[float, float]]]:
    """Intervals one of which a raw number must fall in for the quantity to be matchable; None
    when any number might do (a comparison)."""
    q = fact.quantity
    if q is None or q.comparison not in (Comparison.EQUAL, Comparison.ABOUT):
        return None
    slack = max(10 ** -q.decimals, abs(q.value) * 0.06) + 1e-9
    lo, hi = (q.value - slack), (q.value + slack)
    factors = set(_FACTORS.get(q.dimension, (1.0,))) | {1.0, q.factor, *q.alternative_factors}
    out = []
    for unit_factor in (q.factor, *q.alternative_factors):
        for f in factors:
            a, b = lo * unit_factor / f, hi * unit_factor / f
            out.append((min(a, b), max(a, b)))
    if q.dimension == Dimension.RATIO:
        out += [(lo, hi), (lo / 100, hi / 100)]
    return out


def _any_in(values: list[float], windows: list[tuple[float, float]]) -> bool:
    for lo, hi in windows:
        i = bisect.bisect_left(values, lo)
        if i < len(values) and values[i] <= hi:
            return True
    return False


def check_draft(draft: str, rows: Sequence[EvidenceRow]) -> tuple[ClaimCheck, ...]:
    evidence = Evidence(rows)
    checks = []
    subject: tuple[Fact, ...] = ()
    claims = split_claims(draft)[:MAX_CLAIMS]
    nicknames = _nicknames(claims)
    for claim in claims:
        check, facts = _check(claim, evidence, subject, nicknames)
        checks.append(check)
        named = tuple(f for f in facts if f.kind in _SUBJECT_KINDS)
        if named:
            subject = named
    return tuple(checks)


def decide(checks: Sequence[ClaimCheck]) -> tuple[Decision, list[str]]:
    """The decision the claim checks call for, and why."""
    judged = [c for c in checks if c.kind in _JUDGED]
    contradicted = [c for c in judged if c.status == ClaimStatus.CONTRADICTED]
    ungrounded = [c for c in judged if c.status == ClaimStatus.UNGROUNDED and not c.inference]
    if contradicted or ungrounded:
        reasons = [f"contradicted: {_quote(c.text)} ({c.reason})" for c in contradicted]
        reasons += [f"not grounded in any unit of evidence: {_quote(c.text)} ({c.reason})" for c in ungrounded]
        return Decision.REJECT, reasons
    weak = [c for c in judged if c.status == ClaimStatus.WEAK]
    vague = [c for c in judged if c.status == ClaimStatus.UNCHECKABLE]
    inferred = [c for c in judged if c.inference]
    grounded = [c for c in judged if c.status == ClaimStatus.GROUNDED]
    reasons = [f"weak evidence only: {_quote(c.text)} ({c.reason})" for c in weak]
    reasons += [f"nothing checkable: {_quote(c.text)}" for c in vague]
    reasons += [f"causal link not shown by the evidence: {_quote(c.text)}" for c in inferred]
    if reasons:
        return Decision.LOW_CONFID, reasons
    if not any(c.direct for c in grounded):
        if not grounded:
            return Decision.LOW_CONFID, ["the draft makes no checkable factual claim"]
        return Decision.LOW_CONFID, ["no claim is grounded in direct evidence"]
    return Decision.ACCEPT, [f"all {len(grounded)} factual claims are grounded in the evidence, "
                             f"{sum(1 for c in grounded if c.direct)} in direct evidence"]


def _quote(text: str, limit: int = 120) -> str:
    text = " ".join(text.split())
    return '"' + (text if len(text) <= limit else text[: limit - 1] + "\u2026") + '"'


# -- one claim ------------------------------------------------------------------


def _nicknames(claims: Sequence[Claim]) -> dict[str, Fact]:
    """Instances the draft names in full, by the last part of their name ("2xkqp" for
    report-api-7f9c6d5b8-2xkqp): agents shorten pod names once they have written them."""
    found: dict[str, Fact] = {}
    for claim in claims:
        for fact in extract_facts(claim.text):
            if fact.kind == FactKind.INSTANCE and "-" in fact.key:
                tail = fact.key.rsplit("-", 1)[1]
                if len(tail) >= 4 and re.search(r"[0-9]", tail) and re.search(r"[a-z]", tail):
                    found.setdefault(tail, fact)
    return found


def _check(claim: Claim, evidence: Evidence, subject: tuple[Fact, ...] = (),
           nicknames: Optional[dict[str, Fact]] = None) -> tuple[ClaimCheck, tuple[Fact, ...]]:
    facts = extract_facts(claim.text) + (_cell_numbers(claim.text) if claim.table else ())
    if nicknames:
        named = {f.key for f in facts}
        facts += tuple(fact for tail, fact in nicknames.items()
                       if fact.key not in named and re.search(rf"(?<![\w-]){re.escape(tail)}(?![\w-])", claim.text))
    facts = _with_code_identifiers(claim.codes, facts)
    if claim.smuggled:  # a value named in advice ("目前是 gp2") must be shown
        facts = tuple(dataclasses.replace(f, soft=False) if f.soft and re.search(r"[0-9]", f.key) else f
                      for f in facts)
    facts = tuple(f for f in facts if not f.soft or (
        evidence.mentions_any(EVENT_FORMS.get(f.key, (f.key,))) if f.kind == FactKind.EVENT
        else evidence.mentions(f.key, suffix="_" in f.key)))
    # A setting no row names ("TTL 60s" against dig's "60 IN A") is checked as its value alone.
    # A config key written as such (wal_keep_size, maxTotal) stays bound to its name.
    facts = tuple(dataclasses.replace(f, kind=FactKind.QUANTITY) if f.kind == FactKind.SETTING
                  and not re.search(r"[_.]|[a-z][A-Z]", f.text) and not claim.smuggled
                  and not evidence.names_setting(f.key) else f for f in facts)
    if _EXCLUSIVE.search(claim.text):
        # "only in ap-shanghai": what was asked cannot show where else it happens.
        facts = tuple(dataclasses.replace(f, scope=Scope.RESULT) if f.scope == Scope.QUERY else f for f in facts)
    anaphora = _ANAPHORA.search(claim.text) if subject and claim.kind in (ClaimKind.FACT, ClaimKind.CAUSAL) else None
    if claim.continued and subject and not any(f.kind in _SUBJECT_KINDS for f in facts) and \
            any(f.kind != FactKind.TIME for f in facts):
        # "X 没有报错，..." keeps X; a clause with nothing of its own stays vague.
        facts = tuple(f for f in subject if f.kind in _SUBJECT_KINDS) + facts
    elif anaphora:
        # "that pod", "its", "该 pod": the subject named just before, of the kind the claim lacks.
        noun = anaphora.group(0).lower()
        wanted = {FactKind.SERVICE} if ("service" in noun or "服务" in noun) else (
            _SUBJECT_KINDS if noun.strip().startswith("it") else {FactKind.INSTANCE})
        present = {f.kind for f in facts}
        inherited = [f for f in subject if f.kind in wanted and f.kind not in present]
        facts = tuple(inherited[:1]) + facts  # "it" is one thing: the subject named first
    return _check_facts(claim, facts, evidence), facts


def _check_facts(claim: Claim, facts: tuple[Fact, ...], evidence: Evidence) -> ClaimCheck:
    if claim.process:
        facts = tuple(dataclasses.replace(f, scope=Scope.QUERY) for f in facts)
    evidence = evidence.cited(claim.text)
    base = functools.partial(ClaimCheck, claim.start, claim.end, claim.text, claim.kind,
                             facts=tuple(f.describe() for f in facts))
    if claim.kind not in _JUDGED:
        return base(status=ClaimStatus.UNCHECKABLE, reason="not a factual claim")
    if claim.kind == ClaimKind.GAP:
        return _check_gap(claim, facts, evidence, base)
    if claim.negated:
        universal = _check_universal(claim, facts, evidence, base)
        if universal is not None:
            return universal
        denied = _check_denied_event(claim, facts, evidence, base)
        if denied is not None:
            return denied
    if _SUCCESS.search(claim.text) and not claim.negated:
        failed = _check_success(facts, evidence, base)
        if failed is not None:
            return failed
    if claim.negated:
        negative = _check_negation(claim, facts, evidence, base)
        if negative is not None and (negative.status == ClaimStatus.CONTRADICTED or not facts_have_values(facts)):
            return negative  # with values of its own, the claim is still checked for them below
    if not any(f.kind != FactKind.TIME for f in facts):
        facts = ()
    if not facts:
        overlap = _content_grounding(claim.text, evidence)
        if overlap is not None and claim.kind == ClaimKind.FACT:
            return base(status=ClaimStatus.GROUNDED, groundings=(_grounding(overlap),),
                        reason="its words are those of one unit", direct=overlap.strength == Strength.DIRECT)
        if claim.kind == ClaimKind.CAUSAL or (is_substantive(claim.text) and not is_meta(claim.text)):
            return base(status=ClaimStatus.UNCHECKABLE, reason="vague: no checkable fact")
        return dataclasses.replace(base(status=ClaimStatus.UNCHECKABLE, reason="no assertion to check"),
                                   kind=ClaimKind.CONTEXT)
    if claim.kind == ClaimKind.CAUSAL:
        status, groundings, reason, direct = _ground_sides(claim.text, facts, evidence)
    else:
        status, groundings, reason, direct = _ground_parts(claim.text, facts, evidence)
    if claim.kind == ClaimKind.CAUSAL and status == ClaimStatus.GROUNDED:
        link = _causal_link(claim.text, facts, evidence)
        if link is None:
            return base(status=ClaimStatus.UNGROUNDED, groundings=groundings, inference=True,
                        reason="the facts are in the evidence but no unit states the cause", direct=direct)
        groundings = groundings + (link,)
    return base(status=status, groundings=groundings, reason=reason, direct=direct)


def facts_have_values(facts: Sequence[Fact]) -> bool:
    return any(f.kind in (FactKind.QUANTITY, FactKind.ID, FactKind.HTTP_STATUS) or
               (f.kind == FactKind.COUNT and f.key != "0") for f in facts)


def _ground_sides(text: str, facts: tuple[Fact, ...], evidence: Evidence
                  ) -> tuple[ClaimStatus, tuple[Grounding, ...], str, bool]:
    """A causal claim's effect and cause, each grounded on its own (the link is checked apart)."""
    cue = CAUSAL_CUE.search(text)
    if cue is None:
        return _ground_parts(text, facts, evidence)
    results = []
    for side in (text[: cue.start()], text[cue.end():]):
        side_facts = extract_facts(side)
        if side_facts:
            results.append(_ground_parts(side, side_facts, evidence))
    if not results:
        return ClaimStatus.GROUNDED, (), "", False
    worst = max(results, key=lambda r: _SEVERITY[r[0]])
    merged = tuple(g for r in results for g in r[1])[:MAX_GROUNDINGS]
    return worst[0], merged, worst[2], any(r[3] for r in results)


def _ground_parts(text: str, facts: tuple[Fact, ...], evidence: Evidence
                  ) -> tuple[ClaimStatus, tuple[Grounding, ...], str, bool]:
    """Ground the claim whole; failing that, each conjoined part with the claim's subject."""
    status, groundings, reason, direct = _ground(facts, evidence, shown=bool(_SHOWN.search(text)))
    if status in (ClaimStatus.GROUNDED, ClaimStatus.CONTRADICTED):
        return status, groundings, reason, direct
    pieces = _split_parts(text)
    parts = [p for p, _ in pieces]
    if len(parts) < 2:
        return status, groundings, reason, direct
    subject = [f for f in facts if f.is_entity]
    # A time that stands alone in a part ("At 03:05, X ..., Y ...") dates every part; a time inside
    # one clause dates that clause only.
    times = tuple(f for part in parts for f in extract_facts(part) if f.kind == FactKind.TIME
                  and not [g for g in extract_facts(part) if g.kind not in (FactKind.TIME, *_SUBJECT_KINDS)])
    wanted = {(f.kind, f.key): f for f in facts}
    covered: set[tuple[FactKind, str]] = set()
    results = []
    previous: list[Fact] = []
    for part, parenthetical in pieces:
        # Only the claim's own (already refined) facts count in a part, code spans included.
        part_facts = tuple(wanted[(f.kind, f.key)] for f in extract_facts(part) if (f.kind, f.key) in wanted)
        part_facts += tuple(f for f in wanted.values() if f.kind == FactKind.IDENTIFIER and f not in part_facts
                            and f.text in part)
        covered.update((f.kind, f.key) for f in part_facts)
        if not [f for f in part_facts if f.kind != FactKind.TIME]:
            continue
        present = {f.kind for f in part_facts}
        if not any(f.is_entity for f in part_facts):
            # "..., 比率为 0.37": still about what the part before it named.
            part_facts = tuple(previous or subject) + part_facts
        elif parenthetical:  # "X（us-east-1）在 ... 1,240 次": a parenthesis speaks of the same subject
            part_facts = tuple(f for f in subject if f.kind in _SUBJECT_KINDS and f.kind not in present) + part_facts
        if times and FactKind.TIME not in present:
            part_facts += times  # "at 03:05, X was ..., Y ...": every part is at that time
        results.append(_ground(part_facts, evidence, shown=bool(_SHOWN.search(part))))
        previous = [f for f in part_facts if f.is_entity] or previous
    if any(key not in covered for key, f in wanted.items() if f.kind != FactKind.TIME):
        return status, groundings, reason, direct  # the parts lost a fact: judge the claim whole
    if not results:
        return status, groundings, reason, direct
    worst = max(results, key=lambda r: _SEVERITY[r[0]])
    if _SEVERITY[worst[0]] >= _SEVERITY[status]:
        return status, groundings, reason, direct
    merged = tuple(g for r in results for g in r[1])[:MAX_GROUNDINGS]
    return worst[0], merged, worst[2], any(r[3] for r in results) and worst[0] == ClaimStatus.GROUNDED


def _split_parts(text: str) -> list[tuple[str, bool]]:
    """The conjoined parts of a claim, each with whether it opened with a parenthesis."""
    pieces: list[tuple[str, bool]] = []
    begin, opened = 0, False
    for m in _CONJUNCTION.finditer(text):
        if text[begin:m.start()].strip():
            pieces.append((text[begin:m.start()], opened))
        begin, opened = m.end(), m.group(0) in "(（"
    if text[begin:].strip():
        pieces.append((text[begin:], opened))
    return pieces


_SUBJECT_KINDS = frozenset({FactKind.SERVICE, FactKind.INSTANCE})
_SEVERITY = {ClaimStatus.GROUNDED: 0, ClaimStatus.WEAK: 1, ClaimStatus.UNGROUNDED: 2, ClaimStatus.CONTRADICTED: 3,
             ClaimStatus.UNCHECKABLE: 1}


def _ground(facts: Sequence[Fact], evidence: Evidence, shown: bool = False
            ) -> tuple[ClaimStatus, tuple[Grounding, ...], str, bool]:
    best: Optional[_Match] = None
    contradiction: Optional[tuple[Unit, str]] = None
    for index in evidence.candidates(facts):
        units = evidence.units(index)
        question = units[-1] if units and units[-1].strength == Strength.QUESTION else None
        for unit in units:
            if unit.strength == Strength.FAILED:
                continue
            verdict = _matches_all(facts, unit, question)
            if verdict is True and unit.strength == Strength.QUESTION and \
                    not all(f.scope == Scope.QUERY or f.kind == FactKind.TIME for f in facts):
                continue
            if verdict is True:
                if best is None or unit.strength > best.unit.strength:
                    best = _Match(unit)
            elif isinstance(verdict, str) and unit.strength >= Strength.INDIRECT and contradiction is None:
                contradiction = (unit, verdict)
        counted = _count_grounding(facts, units, question, shown)
        if counted is not None and (best is None or counted.unit.strength > best.unit.strength):
            best = counted
        if best is not None and best.unit.strength == Strength.DIRECT:
            break
    if best is not None and best.unit.strength >= Strength.INDIRECT:
        return ClaimStatus.GROUNDED, _groundings(best), "", best.unit.strength == Strength.DIRECT
    if best is not None and best.unit.strength == Strength.QUESTION and \
            all(f.scope == Scope.QUERY or f.kind == FactKind.TIME for f in facts):
        return ClaimStatus.GROUNDED, _groundings(best), "grounded in what the call asked", False
    if best is not None and best.unit.strength == Strength.QUESTION:
        best = None
    if contradiction is not None:
        unit, why = contradiction
        return ClaimStatus.CONTRADICTED, (_grounding(unit),), why, False
    if best is not None:
        return ClaimStatus.WEAK, _groundings(best), _weak_reason(best.unit, evidence), False
    missing = _missing(facts, evidence)
    return ClaimStatus.UNGROUNDED, (), missing, False


def _weak_reason(unit: Unit, evidence: Evidence) -> str:
    return f"only in a weak row ({unit.tool_name} {unit.invocation_id}: no hit, deduplicated or low relevance)"


def _missing(facts: Sequence[Fact], evidence: Evidence) -> str:
    """Names the facts no unit shows, or says they are not shown together."""
    alone = []
    for fact in facts:
        status, _, _, _ = _ground_single(fact, evidence)
        if not status:
            alone.append(fact.describe())
    if alone:
        return "no unit shows " + "; ".join(alone[:4])
    return "the facts appear only in different units, never together: " + "; ".join(f.describe() for f in facts[:4])


def _ground_single(fact: Fact, evidence: Evidence) -> tuple[bool, None, None, None]:
    for index in evidence.candidates([fact]):
        units = evidence.units(index)
        question = units[-1] if units and units[-1].strength == Strength.QUESTION else None
        for unit in units:
            if unit.strength != Strength.FAILED and _matches_all([fact], unit, question) is True:
                return True, None, None, None
    return False, None, None, None


def _groundings(match: _Match) -> tuple[Grounding, ...]:
    units = match.units or (match.unit,)
    return tuple(_grounding(u) for u in units[:MAX_GROUNDINGS])


def _grounding(unit: Unit) -> Grounding:
    return Grounding(unit.invocation_id, unit.ref, unit.excerpt)


# -- matching facts against a unit ---------------------------------------------------


def _matches_all(facts: Sequence[Fact], unit: Unit, question: Optional[Unit]):
    """True when the unit shows every fact; a string naming the conflict when the
    unit shows the claim's subject but an opposite state or level; else False."""
    conflict = ""
    subject_seen = False
    minutes = tuple(int(v) for f in facts if f.kind == FactKind.TIME for v in f.key.split(","))
    times = [f for f in facts if f.kind == FactKind.TIME]
    if times and not any(_at_time(f, unit) for f in times):
        return False  # the unit states times, none of them the claim's
    for fact in facts:
        if fact.kind == FactKind.TIME:
            continue
        if unit.strength == Strength.QUESTION and fact.scope == Scope.RESULT:
            return False
        if _matches(fact, unit, minutes):
            subject_seen = subject_seen or fact.is_entity
            continue
        if fact.scope in (Scope.SUBJECT, Scope.QUERY) and question is not None and question is not unit \
                and _matches(fact, question, minutes):
            subject_seen = subject_seen or fact.is_entity
            continue
        if fact.kind in (FactKind.STATE, FactKind.LEVEL):
            found = unit.state if fact.kind == FactKind.STATE else unit.level
            if found and not _matches(fact, unit):
                conflict = f"the evidence shows {found}, not {fact.key}"
                continue
        return False
    if conflict:
        entities = [f for f in facts if f.is_entity]
        return conflict if (subject_seen or not entities) else False
    return True


def _at_time(fact: Fact, unit: Unit) -> bool:
    """Whether a unit that states times states the claim's time (to the minute, either side)."""
    if unit.kind in ("series", "input", "header") or not unit.minutes:
        return True  # a series' samples are picked by time instead; a unit without times binds none
    wanted = [int(v) for v in fact.key.split(",")]
    # Times without a zone may be local: UTC+8 (the originating tools log in Asia/Shanghai) counts too.
    return any(_minutes_apart(w, m) <= 1 or abs(_minutes_apart(w, m) - 480) <= 1
               for w in wanted for m in unit.minutes)


def _minutes_apart(a: int, b: int) -> int:
    d = abs(a - b) % (24 * 60)
    return min(d, 24 * 60 - d)


def _matches(fact: Fact, unit: Unit, minutes: tuple[int, ...] = ()) -> bool:
    if fact.alternatives and any(_matches(alt, unit, minutes) for alt in fact.alternatives):
        return True
    if fact.kind == FactKind.TIME:
        return True
    kind = fact.kind
    if fact.is_entity:
        if _contains(unit.lowered, fact.key, suffix="_" in fact.key):
            return True
        # "10.8.1.20:5432" where the unit says "10.8.1.20" and port 5432 apart.
        host, _, port = fact.key.rpartition(":")
        return fact.kind == FactKind.INSTANCE and bool(host) and port.isdigit() and \
            _contains(unit.lowered, host) and _contains(unit.lowered, port)
    if kind == FactKind.HTTP_STATUS:
        code = float(fact.key)
        return any(n.value == code for n in unit.numbers) or _contains(unit.lowered, fact.key)
    if kind == FactKind.ID:
        return _contains(unit.lowered, fact.key)
    if kind == FactKind.STATE:
        state = unit.state
        if fact.key == "!resolved":
            return state in ("firing", "pending")
        if fact.key.startswith("!"):
            return bool(state) and state != fact.key[1:]
        if fact.key == "resolved":
            return state in ("resolved", "inactive")
        return state == fact.key
    if kind == FactKind.LEVEL:
        if unit.level == fact.key or re.search(rf"\b{fact.key}\b", unit.text):
            return True  # its level, or a level its message quotes ("FATAL: password authentication ...")
        # A quoted line can hold several levels ("FATAL: ... ERROR: ..."); a line whose level the
        # parser missed still says it.
        return (not unit.level or unit.kind == "log line") and _contains(unit.lowered, fact.key.lower()) \
            and fact.key in unit.text
    if kind in (FactKind.QUANTITY, FactKind.COUNT):
        return _quantity_matches(fact, unit, minutes)
    if kind == FactKind.SETTING:
        return _setting_matches(fact, unit)
    if kind == FactKind.EVENT:
        return any(form in unit.lowered for form in EVENT_FORMS.get(fact.key, (fact.key,)))
    return False


_SETTING_ZH = {"阈值": "threshold", "上限": "limit", "限额": "limit", "超时": "timeout", "超时时间": "timeout",
               "间隔": "interval", "副本数": "replicas", "最大副本数": "max replicas", "池大小": "pool size"}


def _setting_names(key: str) -> list[str]:
    """The names a setting may go by in a unit: as written, its English name, and its head noun
    ("pool size" -> "size": "QueuePool limit of size 10")."""
    names = [key] + ([_SETTING_ZH[key]] if key in _SETTING_ZH else [])
    heads = [n.split()[-1] for n in names if " " in n]
    return names + [h for h in heads if h not in names]


def _setting_matches(fact: Fact, unit: Unit) -> bool:
    """A named value: the first number after the name in the unit (or its key) is the claim's."""
    quantity = fact.quantity
    if quantity is None:
        return False
    names = _setting_names(fact.key)
    full = [n for n in names if _setting_pattern(n).search(unit.lowered)]
    for name in full[:1] or names:  # the fullest name the unit uses binds the value
        pattern = _setting_pattern(name)
        if unit.kind == "series" and pattern.search(unit.lowered):
            # The series of that name: its samples are the value.
            if any(_number_matches(fact, quantity, n, unit) for n in unit.numbers if n.sample):
                return True
            continue
        for m in pattern.finditer(unit.lowered):
            found = _FIRST_NUMBER.match(unit.lowered, m.end())
            if found is None:
                continue
            number = next(iter(_number_list(found.group(1) + (found.group(2) or ""))), None)
            if number is None:
                continue
            if number.dimension is None:
                base = _BASE_FACTORS.get(quantity.dimension, 1.0)
                if any(quantity.matches(number.value * f) for f in (quantity.factor, 1.0, base)):
                    return True
            elif _number_matches(fact, quantity, number, unit):
                return True
    if not full and not re.search(r"[_.]|[a-z][A-Z]", fact.text):
        # A unit that does not name a plain setting ("TTL 60s" against dig's "60 IN A") shows its value.
        return _quantity_matches(dataclasses.replace(fact, kind=FactKind.QUANTITY), unit)
    return False


@functools.lru_cache(maxsize=512)
def _setting_pattern(name: str) -> re.Pattern[str]:
    words = [re.escape(w) for w in name.split()]
    return re.compile(r"[ _\-]?".join(words) + r"[a-z]*")


_FIRST_NUMBER = re.compile(r"[^0-9\n]{0,24}?([0-9][0-9,]*(?:\.[0-9]+)?)(\s?(?:ms|s|m|min|h|%|mb|mib|gb|gib|kb|kib)\b)?")


def _number_list(text: str) -> list[Number]:
    from evidence_trace.server.domain.verifier.units import numbers_in_text
    return list(numbers_in_text(text))


def _contains(lowered: str, key: str, suffix: bool = False) -> bool:
    """Whether `key` is a whole token of `lowered`; with `suffix`, also the last parts of a
    snake_case name ("threads_connected" in "mysql_global_status_threads_connected")."""
    start = lowered.find(key)
    while start >= 0:
        before = lowered[start - 1] if start else " "
        end = start + len(key)
        after = lowered[end] if end < len(lowered) else " "
        if not (before.isalnum() or (before == "_" and not suffix)) and not (after.isalnum() or after == "_"):
            return True
        start = lowered.find(key, start + 1)
    return False


def _quantity_matches(fact: Fact, unit: Unit, minutes: tuple[int, ...] = ()) -> bool:
    quantity = fact.quantity
    if quantity is None:
        return False
    numbers: Sequence[Number] = unit.numbers
    if quantity.comparison in (Comparison.ALWAYS_ABOVE, Comparison.ALWAYS_BELOW):
        # "stayed above 30 s": every sample of the series, not one.
        samples = [n for n in numbers if n.sample]
        if samples:
            return all(_number_matches(fact, quantity, n, unit) for n in samples)
    if minutes:
        # "3 s at 08:10" speaks of the sample at 08:10, when the series has one.
        at = tuple(n for n in numbers if n.minute is None or any(abs(n.minute - m) <= 1 for m in minutes))
        if any(n.minute is not None for n in at):
            numbers = at
    if fact.kind == FactKind.COUNT and fact.noun:
        numbers = _counted(fact.noun, numbers)
    return any(_number_matches(fact, quantity, number, unit) for number in numbers)


def _stem(word: str) -> str:
    return _STEMS.sub("", word) if len(word) > 4 else word


def _counted(noun: str, numbers: Sequence[Number]) -> Sequence[Number]:
    """The numbers a count may be: when some key names what is counted ("number_of_nodes"),
    only those whose key names every word of it ("4 data nodes": "number_of_data_nodes")."""
    stems = [_stem(word) for word in noun.split()]
    head = stems[-1]
    named = [n for n in numbers if n.key and head in n.key]
    if not named:
        return numbers
    return [n for n in named if all(stem in n.key for stem in stems)] + [n for n in numbers if not n.key]


def _number_matches(fact: Fact, quantity: Quantity, number: Number, unit: Unit) -> bool:
    """Whether one number of a unit agrees with a quantity of the claim."""
    value = number.value
    if fact.kind == FactKind.COUNT and (_NOT_A_COUNT.search(number.key) or
                                        (unit.kind == "header" and not _TOTAL_KEY.fullmatch(number.key))):
        return False  # a page size, a threshold or a tool's message is not how many there were
    if number.bound and quantity.comparison in (Comparison.ABOVE, Comparison.BELOW):
        # The evidence gives a bound ("> 100"): the claim's bound must be that one.
        quantity = dataclasses.replace(quantity, comparison=Comparison.EQUAL)
    if quantity.dimension == Dimension.NUMBER:
        return quantity.matches(value)
    if number.dimension == quantity.dimension:
        if quantity.matches(value * number.factor):
            return True
        return quantity.dimension == Dimension.RATIO and (quantity.matches(value) or quantity.matches(value * 0.01))
    if number.dimension is not None:
        return False
    if quantity.dimension == Dimension.RATIO:
        return quantity.matches(value) or quantity.matches(value * 0.01)
    if number.sample or unit.kind == "input":
        # A bare metric value or parameter: in the claim's own unit, or in Prometheus's base
        # units (seconds, bytes).
        base = _BASE_FACTORS.get(quantity.dimension)
        return quantity.matches(value * quantity.factor) or (base is not None and quantity.matches(value * base))
    # A unitless number the draft copies digit for digit ("rt=2.004" as "2.004 s").
    return quantity.comparison == Comparison.EQUAL and value == quantity.value and \
        (quantity.decimals > 0 or abs(value) >= 1000)


_BASE_FACTORS = {Dimension.TIME: 1000.0, Dimension.BYTES: 1.0}


def _count_grounding(facts: Sequence[Fact], units: list[Unit], question: Optional[Unit],
                     shown_in_claim: bool = False) -> Optional[_Match]:
    """A count ("3 ERROR entries") grounded by the number of units of one row that show the rest."""
    counts = [f for f in facts if f.kind == FactKind.COUNT]
    if len(counts) != 1:
        return None
    count = counts[0]
    wanted = int(float(count.key))
    if wanted <= 0:
        return None
    others = [f for f in facts if f is not count]
    level = ""
    if _ERROR_WORDS.search(count.noun) and not any(f.kind == FactKind.LEVEL for f in others):
        level = "ERROR"
    shown = [u for u in units if u.kind in ("log entry", "log line", "alert", "series", "item", "chunk")
             and u.strength >= Strength.WEAK
             and (not level or u.level in ERROR_LEVELS)
             and (not others or _matches_all(others, u, question) is True)]
    listed = [u for u in units if u.kind in ("log entry", "log line", "alert", "series", "item", "chunk")]
    header = next((u for u in units if u.kind == "header"), None)
    if header is not None and _TOTAL.search(header.lowered) and not shown_in_claim:
        total = _TOTAL.search(header.lowered)
        if total and float(total.group(1)) > len(listed):
            return None  # a listing cut by a limit: what it shows is not what was counted
    if len(shown) == wanted:
        strongest = max(shown, key=lambda u: u.strength)
        return _Match(strongest, tuple(shown))
    return None


# -- negations, gaps, causes -------------------------------------------------------


def _check_negation(claim: Claim, facts: tuple[Fact, ...], evidence: Evidence, base) -> Optional[ClaimCheck]:
    """"No errors were logged", "the alert is not firing", "0 restarts"."""
    # What the claim denies errors for: its entities and ids ("sku=10244 的扣减没有报错").
    entities = [f for f in facts if f.is_entity or f.kind == FactKind.ID]
    text = claim.text
    if _NEGATED_ERRORS.search(text):
        supporting: list[Unit] = []
        weak: list[Unit] = []
        for index in evidence.candidates(entities):
            row = evidence.row(index)
            if family_of(row.tool_name) != Family.LOGS:
                continue
            for unit in evidence.units(index):
                if unit.strength in (Strength.FAILED, Strength.QUESTION):
                    continue
                if entities and not all(_matches(f, unit) or _in_question(f, evidence.units(index)) for f in entities):
                    continue
                if unit.level in ERROR_LEVELS and unit.strength >= Strength.INDIRECT:
                    return base(status=ClaimStatus.CONTRADICTED, groundings=(_grounding(unit),),
                                reason=f"the evidence shows a {unit.level} entry")
                (supporting if unit.strength >= Strength.INDIRECT else weak).append(unit)
            if not evidence.units(index)[:-1] and evidence.units(index):
                weak.append(evidence.units(index)[-1])
        if supporting:
            return base(status=ClaimStatus.GROUNDED, groundings=tuple(_grounding(u) for u in supporting[:3]),
                        reason="the log entries shown hold no error", direct=False)
        if weak:
            return base(status=ClaimStatus.WEAK, groundings=tuple(_grounding(u) for u in weak[:3]),
                        reason="only an empty or weak log search stands behind it")
        return base(status=ClaimStatus.WEAK, reason="no log search covers it")
    return None


_EXCLUSIVE = re.compile(r"\b(?:only|exclusively|solely)\s+(?:in|on|at|for|from)\b|只(?:出现|发生|存在)?在|仅(?:出现|发生|存在)?在|"
                        r"只有.{0,8}?(?:地域|区域|集群|机房)", re.I)
_ANAPHORA = re.compile(
    r"\b(?:that|this|the same|same)\s+(?:pod|service|node|host|instance|container|server|replica|machine|worker)\b"
    r"|^(?:it|its)\b|\b(?:for|on|of|from|to) (?:it|them)\b"
    r"|(?:该|此|同一|这个|那个)\s*(?:pod|服务|节点|实例|容器|主机|机器|副本|进程)", re.I)
_UNIVERSAL = re.compile(
    r"\b(?:no|none of(?: the)?|not a single|not one|neither)\s+(?:[\w.-]+\s+){0,3}?(?:is|are|was|were|has|have|"
    r"exceeds?|exceeded|crossed|went|reached|breached)\b|没有任何|没有一个|均未|都没有|全部未|无一", re.I)
_EVENTS = {
    "deadlock": ("deadlock", "死锁"), "timeout": ("timeout", "timed out", "超时"),
    "restart": ("restart", "重启"), "oom": ("oom", "out of memory", "outofmemory", "内存溢出"),
    "crash": ("crash", "崩溃"), "exception": ("exception", "异常"), "evict": ("evict", "驱逐"),
    "refused": ("refused", "拒绝"), "throttl": ("throttl", "限流"), "panic": ("panic",),
    "rollback": ("rollback", "回滚"), "failover": ("failover", "切换"),
}
_DENIED = re.compile(
    r"\b(?:no|not|never|without|zero|didn't|did not|doesn't|does not|hasn't|has not|haven't|have not|wasn't|weren't)"
    r"\s+(?:\w+\s+){0,3}?(deadlock|time[ -]?outs?|timed out|restart|oom|out of memory|crash|exception|evict|refused|"
    r"throttl|panic|rollback|failover)\w*"
    r"|(?:没有|未|并未|无|没)(?:\S{0,4}?)(死锁|超时|重启|内存溢出|崩溃|异常|驱逐|拒绝|限流|回滚|切换)",
    re.I,
)


def _check_universal(claim: Claim, facts: tuple[Fact, ...], evidence: Evidence, base) -> Optional[ClaimCheck]:
    """"No partition is above 10000": contradicted by any unit of the subject above it."""
    none_firing = _NO_ALERTS.search(claim.text)
    if none_firing:
        return _check_no_alerts(none_firing.group("what") or "", facts, evidence, base)
    if not _UNIVERSAL.search(claim.text):
        return None
    bounds = [f for f in facts if f.quantity is not None and f.quantity.comparison in (Comparison.ABOVE, Comparison.BELOW)]
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
            if entities and _matches_all(entities, unit, question) is not True:
                continue
            if any(_matches(bound, unit) for bound in bounds):
                comparison = bounds[0].quantity.comparison.value if bounds[0].quantity else ""
                return base(status=ClaimStatus.CONTRADICTED, groundings=(_grounding(unit),),
                            reason=f"{unit.ref} of {unit.invocation_id} is {comparison} {bounds[0].text}")
            seen.append(unit)
    if seen:
        return base(status=ClaimStatus.GROUNDED, groundings=tuple(_grounding(u) for u in seen[:MAX_GROUNDINGS]),
                    reason="no unit of the subject crosses the bound", direct=any(u.strength == Strength.DIRECT
                                                                                   for u in seen))
    return None


_NO_ALERTS = re.compile(
    r"\b(?:no|none of the|not a single|not one)\s+(?P<what>(?:[\w.-]+\s+){0,3}?)alerts?\b[^.;。；]{0,40}?"
    r"\b(?:is|are|was|were)\s+(?:currently\s+|still\s+|now\s+)?(?:firing|active|triggered)"
    r"|(?:没有|无)(?:任何)?(?P<zh>[^，。；]{0,12}?)(?:告警|报警)[^，。；]{0,8}?(?:触发|告警中|firing)",
    re.I)


def _check_no_alerts(qualifier: str, facts: tuple[Fact, ...], evidence: Evidence, base) -> ClaimCheck:
    """"No TLS alerts are firing": contradicted by any firing alert that matches the qualifier."""
    words = _content_words(qualifier)
    entities = [f for f in facts if f.is_entity]
    seen: list[Unit] = []
    for index in evidence.candidates(entities):
        for unit in evidence.units(index):
            if unit.kind != "alert" or unit.strength < Strength.INDIRECT:
                continue
            seen.append(unit)  # an alert listing covers the claim, matching or not
            if entities and not all(_matches(f, unit) for f in entities):
                continue
            if not all(_stem_in(word, unit.lowered) for word in words):
                continue
            if unit.state == "firing":
                return base(status=ClaimStatus.CONTRADICTED, groundings=(_grounding(unit),),
                            reason="the evidence shows a firing alert")
    if seen:
        return base(status=ClaimStatus.GROUNDED, groundings=tuple(_grounding(u) for u in seen[:MAX_GROUNDINGS]),
                    reason="no matching alert is firing", direct=True)
    return base(status=ClaimStatus.WEAK, reason="no alert query covers it")


def _check_denied_event(claim: Claim, facts: tuple[Fact, ...], evidence: Evidence, base) -> Optional[ClaimCheck]:
    """"X had no deadlock": contradicted by a unit of X that shows one."""
    m = _DENIED.search(claim.text)
    if m is None:
        return None
    term = (m.group(1) or m.group(2)).lower()
    forms = next((forms for stem, forms in _EVENTS.items() if term.startswith(stem) or term in forms
                  or any(term.startswith(f) for f in forms)), (term,))
    entities = [f for f in facts if f.is_entity]
    for index in evidence.candidates(entities):
        units = evidence.units(index)
        question = units[-1] if units and units[-1].strength == Strength.QUESTION else None
        for unit in units:
            if unit.strength < Strength.INDIRECT or unit.kind == "input":
                continue
            if entities and _matches_all(entities, unit, question) is not True:
                continue
            if any(form in unit.lowered for form in forms) and not _ZERO_EVENT.search(unit.lowered):
                return base(status=ClaimStatus.CONTRADICTED, groundings=(_grounding(unit),),
                            reason=f"the evidence shows {forms[0]}")
    return None


_ZERO_EVENT = re.compile(r"(?:count|total|restarts?)\"?\s*[:=]\s*\"?0(?![0-9.])")


_SUCCESS = re.compile(r"\b(?:succeeded|successful(?:ly)?|completed without errors?|finished without errors?)\b|成功完成|执行成功",
                      re.I)
_FAILURE = re.compile(r"fail|error|exceeded|killed|crash|oom|fatal|panic|失败|错误|异常|超限", re.I)
_SUCCESS_IN_UNIT = re.compile(r"succe|成功", re.I)


def _check_success(facts: tuple[Fact, ...], evidence: Evidence, base) -> Optional[ClaimCheck]:
    """"job X completed successfully": contradicted by a unit of X that shows it failing."""
    subject = [f for f in facts if f.is_entity or f.kind == FactKind.ID]
    if not subject:
        return None
    for index in evidence.candidates(subject):
        units = evidence.units(index)
        question = units[-1] if units and units[-1].strength == Strength.QUESTION else None
        for unit in units:
            if unit.strength < Strength.INDIRECT or unit.kind in ("input", "header"):
                continue
            if _matches_all(subject, unit, question) is not True:
                continue
            if _FAILURE.search(unit.prose) and not _SUCCESS_IN_UNIT.search(unit.prose):
                return base(status=ClaimStatus.CONTRADICTED, groundings=(_grounding(unit),),
                            reason="the evidence shows it failing")
    return None


def _in_question(fact: Fact, units: list[Unit]) -> bool:
    return bool(units) and units[-1].strength == Strength.QUESTION and _matches(fact, units[-1])


def _check_gap(claim: Claim, facts: tuple[Fact, ...], evidence: Evidence, base) -> ClaimCheck:
    """A statement of what could not be checked: grounded by a failed, empty or deduplicated call."""
    families = [family for family, pattern in _FAMILY_WORDS.items() if pattern.search(claim.text)]
    fallback: Optional[Unit] = None
    wrong: Optional[Unit] = None
    for index in evidence.rows():  # a failed call need not echo the subject it was asked about
        row = evidence.row(index)
        if families and family_of(row.tool_name) not in families:
            continue
        units = evidence.units(index)
        question = units[-1] if units and units[-1].strength == Strength.QUESTION else None
        gap_units = [u for u in units if u.strength in (Strength.FAILED, Strength.WEAK)]
        checkable = [f for f in facts if f.kind not in (FactKind.TIME, FactKind.EVENT, FactKind.STATE, FactKind.LEVEL)
                     and not f.is_entity]
        claimed_modes = _failure_modes(claim.text)
        for unit in gap_units:
            if claimed_modes and unit.strength == Strength.FAILED and not claimed_modes & _failure_modes(unit.text):
                wrong = wrong or unit  # says it timed out (or was refused...); it failed otherwise
                continue
            if not checkable or _matches_all(
                    [dataclasses.replace(f, scope=Scope.QUERY) for f in checkable], unit, question) is True:
                return base(status=ClaimStatus.GROUNDED, groundings=(_grounding(unit),),
                            reason="states the gap a failed or empty call left")
        if gap_units and wrong is None:
            wrong = gap_units[0]
        if units and fallback is None and evidence.row(index).outcome.name in ("NO_HIT", "DEDUPED"):
            fallback = units[-1]
    if fallback is not None:
        return base(status=ClaimStatus.GROUNDED, groundings=(_grounding(fallback),),
                    reason="states the gap an empty call left")
    if wrong is not None:
        return base(status=ClaimStatus.UNGROUNDED, groundings=(_grounding(wrong),),
                    reason="the failed or empty call does not show what the claim says of it")
    if [f for f in facts if f.kind != FactKind.TIME]:
        # "the DNS lookup timed out (10.96.0.10:53)": about the system, not about a call of the agent.
        status, groundings, reason, direct = _ground_parts(claim.text, facts, evidence)
        if status == ClaimStatus.GROUNDED:
            return dataclasses.replace(base(status=status, groundings=groundings, reason=reason, direct=direct),
                                       kind=ClaimKind.FACT)
    if not _CALL_EVENT.search(claim.text):
        # "I did not query error rates, so I can't say ...": the agent's own uncertainty, nothing to check.
        return dataclasses.replace(base(status=ClaimStatus.UNCHECKABLE, reason="states an uncertainty"),
                                   kind=ClaimKind.HEDGE)
    if not any(True for _ in evidence.rows()):
        return base(status=ClaimStatus.WEAK, reason="no call was recorded")
    return base(status=ClaimStatus.WEAK, reason="no failed or empty call matches this gap")


_FORWARD = re.compile(
    r"\b(?:caused|causes|causing|cause|led to|leads to|leading to|result(?:s|ed|ing)? in|triggers|triggered(?! by)|"
    r"gives? rise to|makes?|made)\b(?! by)|导致|引起|造成|引发|致使", re.I)
_BACKWARD = re.compile(
    r"\b(?:because(?: of)?|due to|caused by|triggered by|as a result of|stems? from|stemming from|owing to|"
    r"driven by|results? from|resulted from|since)\b|由于|因为|所致|原因[:：是为]?", re.I)


def _oriented(text: str) -> Optional[tuple[str, str]]:
    """(cause, effect) of a text that states a cause, by its first causal cue; None without one."""
    forward, backward = _FORWARD.search(text), _BACKWARD.search(text)
    if backward and (not forward or backward.start() <= forward.start()):
        before, after = text[: backward.start()], text[backward.end():]
        if not before.strip(" ，,") and ("，" in after or "," in after):  # "由于 A，B" / "Because A, B"
            cause, _, effect = re.split(r"([，,])", after, maxsplit=1)
            return cause, effect
        return after, before
    if forward:
        return text[: forward.start()], text[forward.end():]
    return None


def _causal_link(text: str, facts: Sequence[Fact], evidence: Evidence) -> Optional[Grounding]:
    """A unit that states the cause the claim asserts, in the same direction.

    The unit is a log entry (or other result unit) of a supporting call, or a
    HIGH-relevance knowledge chunk. Half the words (and every named entity, for
    a unit that is not knowledge) of the claim's cause must be on the unit's
    cause side, and likewise for the effect; a unit with no causal cue of its
    own (a log entry with a "reason" field) must say 70% of each side.
    """
    found = _oriented(text)
    if found is None:
        return None
    # What follows a colon elaborates ("expired: the handshake reports ..."): the side ends there.
    sides = [re.split(r"[:：;；]\s", side, maxsplit=1)[0] for side in found]
    claim_sides = [(_content_words(_without_entities(side)), _fact_keys(side)) for side in sides]
    checkable = [f for f in facts if f.kind not in (FactKind.TIME,) and not f.soft]
    for index in evidence.rows():
        row = evidence.row(index)
        family = family_of(row.tool_name)
        for unit in evidence.units(index):
            if unit.strength < Strength.INDIRECT or unit.kind in ("input", "header"):
                continue
            if family == Family.KNOWLEDGE and unit.strength != Strength.DIRECT:
                continue
            generic = family == Family.KNOWLEDGE
            if not generic and checkable and _matches_all(checkable, unit, None) is not True:
                continue  # an entry states a link only between the facts it shows itself
            if _states_link(unit, claim_sides, generic):
                return _grounding(unit)
    return None


def _states_link(unit: Unit, claim_sides: list[tuple[set[str], set[str]]], generic: bool) -> bool:
    lowered = unit.prose
    if not generic and any(not all(_contains(lowered, key) for key in keys) for _, keys in claim_sides):
        return False
    unit_sides = _oriented(lowered)
    if unit_sides is not None:
        return all(_share(words, unit_side) >= 0.5 for (words, _), unit_side in zip(claim_sides, unit_sides))
    if _UNIT_CAUSE.search(lowered) or not generic:
        # One entry that says both the failure and its reason ("failed: x509: ...", "reason": ...,
        # "... waiting for the lock held by ..."): most of the words of each side (half of a short one).
        return all(_share(words, lowered) >= (0.5 if len(words) <= 3 else NO_CUE_SHARE) for words, _ in claim_sides)
    return False


NO_CUE_SHARE = 0.6  # a unit without a causal cue of its own must say this much of each side
_UNIT_CAUSE = re.compile(
    r"reason|cause|原因|根因|due to|because|导致|由于"
    r"|\b(?:failed|failure|error|exception|refused|denied|timeout|timed out|rejected|aborted|killed|panic|fatal)"
    r"\b[^:：\n;|]{0,80}[:：(]"
    r"|(?:失败|错误|异常|拒绝|超时)\s*[:：(（]", re.I)


def _share(words: set[str], lowered: str) -> float:
    """The share of `words` a unit says (1.0 for no words)."""
    if not words:
        return 1.0
    return sum(1 for word in words if _stem_in(word, lowered)) / len(words)


def _without_entities(text: str) -> str:
    """The text with its named entities blanked: their pieces ("kq2lp") are not words of it."""
    for fact in extract_facts(text):
        if fact.is_entity:
            text = re.sub(re.escape(fact.text), " ", text, flags=re.I)
    return text


def _fact_keys(text: str) -> set[str]:
    return {f.key for f in extract_facts(text) if f.is_entity}


def _content_words(text: str) -> set[str]:
    words: set[str] = set()
    for word in _CONTENT_WORD.findall(normalize(text).lower()):
        if word in _STOPWORDS:
            continue
        if word[0] >= "\u4e00":  # CJK: its bigrams
            words.update(word[i:i + 2] for i in range(len(word) - 1))
        else:
            words.add(word)
    return words


def _stem_in(word: str, lowered: str) -> bool:
    stem = _STEMS.sub("", word) if len(word) > 5 else word
    return stem in lowered


MIN_OVERLAP_WORDS = 3
OVERLAP_SHARE = 0.7


def _content_grounding(text: str, evidence: Evidence) -> Optional[Unit]:
    """For a claim with no checkable fact: one supporting unit that says most of its words.

    At least MIN_OVERLAP_WORDS content words, OVERLAP_SHARE of them in the unit,
    so a restatement of a log message or a runbook sentence is grounded, and a
    vague verdict ("a database problem") is not.
    """
    words = _content_words(text)
    if len(words) < MIN_OVERLAP_WORDS:
        return None
    best: Optional[Unit] = None
    for index in evidence.rows():
        for unit in evidence.units(index):
            if unit.strength < Strength.INDIRECT:
                continue
            found = sum(1 for word in words if _stem_in(word, unit.lowered))
            if found >= MIN_OVERLAP_WORDS and found >= OVERLAP_SHARE * len(words):
                if best is None or unit.strength > best.strength:
                    best = unit
    return best
