"""Splitting a draft answer into claims, and telling what each one asserts.

A claim is a sentence or clause of the draft (English or Chinese punctuation),
a list item, or a table row, with markdown headings, emphasis, code marks and
link targets stripped. Each claim gets a kind (model.ClaimKind):

- ADVICE: a recommendation ("restart the pod", "you should...", "建议..."),
  or any sentence (or fenced command) under a "Recommendations" / "Next steps" heading;
- HEDGE: an explicitly hedged hypothesis ("may", "possibly", "not confirmed",
  "可能"), or a sentence under a "Hypotheses" heading;
- GAP: a statement of what could not be checked ("the log search timed out");
- CAUSAL: asserts a cause between facts ("because", "caused", "due to",
  "led to", "由于", "导致", "因为");
- CONTEXT: a heading, a label, a question, a statement about the answer
  itself ("Here is what I found");
- FACT: everything else.

A fact smuggled into advice is still a claim: "raise maxTotal from 8 to 64" yields a FACT claim "maxTotal ... 8",
and "restart it, since it OOMs every 5 min" yields a FACT claim for the part after "since".
"""

from __future__ import annotations

import dataclasses
import re
from typing import Iterator, Optional

from evidence_trace.server.domain.model import ClaimKind
from evidence_trace.server.domain.verifier.advice_leads import factual_lead
from evidence_trace.server.domain.verifier.claim_parts import checkable_premise, lead_in_sentence
from evidence_trace.server.domain.verifier.claim_patterns import (
    _ADVICE_CUE,
    _ADVICE_START,
    _ALTERNATIVE,
    _CAUSAL_CUE,
    _CODE_CONTENT,
    _CONSEQUENCE,
    _CONSEQUENCE_OPENING,
    _EMPHASIS,
    _EXAMPLE,
    _FENCE,
    _GAP_CUE,
    _HEADING,
    _HEDGE_CUE,
    _LINK,
    _LIST_MARKER,
    _META,
    _NAMES_SOMETHING,
    _NEGATION,
    _OFFERING,
    _PROCESS,
    _QUOTE_MARKER,
    _SECTION_ADVICE,
    _SECTION_GAP,
    _SECTION_HEDGE,
    _SMUGGLED_CLAUSE,
    _SMUGGLED_CURRENT,
    _SMUGGLED_FROM,
    _SMUGGLED_ITS_CURRENT,
    _SMUGGLED_KEEP,
    _SUBSTANTIVE,
    _TABLE_SEPARATOR,
    _VAGUE_PREDICATE,
    ALTERNATIVE_DENIED,
    BOLD_LABEL,
    CARRIED_ON,
    REPORTED_SOURCE,
    SOURCE_RECOMMENDS,
)
from evidence_trace.server.domain.verifier.sentences import CODE_SPAN as _CODE_SPAN
from evidence_trace.server.domain.verifier.sentences import sentences
from evidence_trace.server.domain.verifier.zones import declared_zone, with_zone


@dataclasses.dataclass(frozen=True)
class Claim:
    """A piece of the draft to check.

    start/end: the span in the draft (code points). text: the piece with
    markdown stripped. negated: the claim denies something ("no errors").
    process: the claim reports what the agent asked ("I queried ...").
    """

    start: int
    end: int
    text: str
    kind: ClaimKind
    negated: bool = False
    process: bool = False
    table: bool = False
    codes: tuple[str, ...] = ()
    """Inline code spans of the claim (`gp2`, `orders.orders`): quoted identifiers."""
    continued: bool = False
    """A clause split from the sentence before it: it may inherit that sentence's subject."""
    smuggled: bool = False
    """A fact stated inside advice ("raise X from 8", "目前是 gp2"): every name in it is checked."""
    columns: tuple[tuple[str, str], ...] = ()
    """A table row's cells with their column headers, (header, cell), when the table has a header row."""
    totals: tuple[float, ...] = ()
    """For a table row: the sums of its table's columns of plain numbers, which a share cell may be of."""
    after_part: bool = False
    """The claim before counted a part of a listing ("6 of the 8 lines are 504s"): "all of them" is that part."""


def split_claims(draft: str) -> list[Claim]:
    """The claims of a draft, in order."""
    claims: list[Claim] = []
    lines = list(_lines(draft))
    section = ClaimKind.FACT
    in_fence = False
    header_units: list[str] = []
    header_zones: list[str] = []
    headers: list[str] = []
    zones: list[tuple[float, str]] = []  # (heading level, zone) declared by headings and lines, outermost first
    level = 0
    for index, (start, line) in enumerate(lines):
        zone = zones[-1][1] if zones else ""
        end = start + len(line)
        if _FENCE.match(line):
            in_fence = not in_fence
            continue
        if not line.strip():
            continue
        if in_fence:  # a block of commands under "## Fix" is what to run: advice, like the section's sentences
            claims.extend(_claims_of(start, line, line, _FENCED.get(section, ClaimKind.FACT), zone))
            continue
        heading = _HEADING.match(line) or BOLD_LABEL.fullmatch(line)
        if heading:
            title = _clean(_HEADING.sub("", line))
            section = _section_kind(title)
            level = heading.group(0).count("#") or 7
            zones = [(at, z) for at, z in zones if at < level]  # a heading ends the zones of its peers
            declared = declared_zone(title)
            if declared:
                zones.append((level, declared))
            claims.append(Claim(start, end, title, ClaimKind.CONTEXT))
            continue
        declared = "" if line.lstrip().startswith("|") else declared_zone(line)
        if declared:  # "All times are UTC.": until the next heading of its level
            zones.append((level + 0.5, declared))
        if _TABLE_SEPARATOR.match(line) and "-" in line:
            continue
        if line.lstrip().startswith("|") and line.count("|") >= 2:
            following = lines[index + 1][1] if index + 1 < len(lines) else ""
            cells = [_clean(cell) for cell in line.strip().strip("|").split("|")]
            if _TABLE_SEPARATOR.match(following) and "-" in following:
                header_units = [_column_unit(cell) for cell in cells]
                headers = cells
                header_zones = [declared_zone(cell) for cell in cells]
                claims.append(Claim(start, end, " | ".join(cell for cell in cells if cell), ClaimKind.CONTEXT))
                continue
            # A bare number under "duration (s)" or "p99 (ms)" is in that unit.
            cells = [
                f"{cell} {header_units[i]}"
                if i < len(header_units) and header_units[i] and _BARE_CELL.fullmatch(cell)
                else cell
                for i, cell in enumerate(cells)
            ]
            # A time under "开始时间（北京时间）" is in that zone; else in the section's.
            cells = [
                with_zone(cell, header_zones[i] if i < len(header_zones) and header_zones[i] else zone)
                for i, cell in enumerate(cells)
            ]
            text = " | ".join(cell for cell in cells if cell)
            columns = tuple(zip(headers, cells)) if len(headers) == len(cells) else ()
            row = _classify(start, end, text, section, record=True)
            claims.append(dataclasses.replace(row, table=True, columns=columns))
            continue
        body_start = start
        marker = _QUOTE_MARKER.match(line) or _LIST_MARKER.match(line)
        body = line
        # (a quoted list item's marker too; `marker` stays the line's own: a list item's label is no heading)
        if marker:
            body_start += marker.end()
            body = line[marker.end() :]
            nested = _LIST_MARKER.match(body)
            body_start, body = (body_start + nested.end(), body[nested.end() :]) if nested else (body_start, body)
        cleaned = _clean(body)
        if _is_label(cleaned):
            label_kind = _section_kind(cleaned)
            if label_kind != ClaimKind.FACT or not marker:
                section = label_kind
            claims.append(Claim(body_start, end, cleaned, ClaimKind.CONTEXT))
            continue
        label, rest_offset = _label_prefix(body)
        item_section = _section_kind(label) if label else section
        claims.extend(_claims_of(body_start + rest_offset, body[rest_offset:], body[rest_offset:], item_section, zone))
    # "504s: 6 of the 8 lines. All of them …": the part the claim before counted
    return [
        dataclasses.replace(c, after_part=True) if i and PART_COUNT.search(claims[i - 1].text) else c
        for i, c in enumerate(claims)
    ]


PART_COUNT = re.compile(
    r"\b(?:[0-9]+|two|three|four|five|six|seven|eight|nine|ten)\s+of\s+(?:the\s+)?(?:[0-9]+|[a-z]+)\b|(?:其中|中有|里有)\s*[0-9]+",
    re.I,
)
"""A part of a listing counted: "4 of the 6 lines", "six of the eight", "其中 2 条", "6 条中有 4 条"."""
_FENCED = {ClaimKind.ADVICE: ClaimKind.ADVICE}  # a fenced line's kind by its section's: advice, else a fact
_BARE_CELL = re.compile(r"[0-9][0-9,]*(?:\.[0-9]+)?")
_COLUMN_UNIT = re.compile(
    r"[(（\[]\s*(ms|s|sec|seconds|min|minutes|h|hours|%|mb|mib|gb|gib|kb|kib|bytes|b|rps|qps|req/s|"
    r"毫秒|秒|分钟|小时|个|次)\s*[)）\]]\s*$",
    re.I,
)


def _column_unit(header: str) -> str:
    """The unit a table column names in its header ("duration (s)", "p99 (ms)", "耗时（秒）")."""
    m = _COLUMN_UNIT.search(header)
    return m.group(1) if m else ""


def _lines(text: str) -> Iterator[tuple[int, str]]:
    offset = 0
    for line in text.splitlines(keepends=True):
        stripped = line.rstrip("\r\n")
        yield offset, stripped
        offset += len(line)


def _clean(text: str) -> str:
    text = _LINK.sub(r"\1", text)
    text = _EMPHASIS.sub("", text)
    return " ".join(text.split())


def _section_kind(title: str) -> ClaimKind:
    if _SECTION_ADVICE.search(title):
        return ClaimKind.ADVICE
    if _SECTION_HEDGE.search(title):
        return ClaimKind.HEDGE
    if _SECTION_GAP.search(title):
        return ClaimKind.GAP
    return ClaimKind.FACT


def _is_label(text: str) -> bool:
    """A short line ending in a colon ("Evidence:", "建议："), or a short section word alone
    ("Recommendations", "**建议**")."""
    if not text:
        return False
    if text[-1] in ":：" and len(text.split()) <= 6 and len(text) <= 40:
        return not lead_in_sentence(text)  # "日志中共有 3 个文件报告了差异，例如：", as English says it in 7+ words
    return (
        len(text) <= 24
        and len(text.split()) <= 3
        and not any(p in text for p in ".。!！?？,，;；")
        and _section_kind(text) != ClaimKind.FACT
    )


_LABEL = re.compile(r"^\s*(?:\*\*|__)?([^:：*\n]{1,32}?)(?:\*\*|__)?\s*[:：]\s*(?:\*\*|__)?\s*(?=\S)")


def _label_prefix(body: str) -> tuple[str, int]:
    """A leading "Label:" of a list item or line, when it names a section kind."""
    m = _LABEL.match(body)
    if m and len(m.group(1).split()) <= 4 and _section_kind(m.group(1)) != ClaimKind.FACT:
        return m.group(1), m.end()
    return "", 0


def _claims_of(start: int, raw: str, _text: str, section: ClaimKind, zone: str = "") -> Iterator[Claim]:
    reported = False  # a sentence before cited a document's content: advice with values after it is the document's
    before = ClaimKind.CONTEXT  # "likely X rotated it, but didn't update Y" goes on hedging (CARRIED_ON)
    for piece_start, piece_end in sentences(raw):
        for clause_start, clause_end, continued in _clauses(raw, piece_start, piece_end, section):
            piece = raw[clause_start:clause_end]
            cleaned = with_zone(_clean(piece), zone)
            if not cleaned or not any(ch.isalnum() for ch in cleaned):
                continue
            claim = _classify(start + clause_start, start + clause_end, cleaned, section)
            if before in CARRIED_ON and claim.kind == ClaimKind.FACT and CARRIED_ON[before].match(cleaned):
                claim = dataclasses.replace(claim, kind=before)
            before = claim.kind
            if reported and claim.kind == ClaimKind.ADVICE and re.search(r"[0-9]", cleaned):
                claim = dataclasses.replace(claim, kind=ClaimKind.FACT)  # "…: raise maxmemory by 25%"
            reported = reported or (section != ClaimKind.ADVICE and REPORTED_SOURCE.search(cleaned) is not None)
            lead = factual_lead(piece) if claim.kind == ClaimKind.ADVICE and section != ClaimKind.ADVICE else 0
            parts = [(clause_start, clause_start + lead), (clause_start + lead, clause_end)] if lead else []
            if parts:  # "The app is Synced and Healthy, so I'd look at the app": a fact, then advice
                for part_start, part_end in parts:
                    part = raw[part_start:part_end]
                    cleaned = with_zone(_clean(part.strip(" ,;，；—–-")), zone)
                    if cleaned and any(ch.isalnum() for ch in cleaned):
                        claim = _classify(start + part_start, start + part_end, cleaned, section)
                        yield from _expand(dataclasses.replace(claim, codes=_codes(part), continued=continued))
                continue
            yield from _expand(dataclasses.replace(claim, codes=_codes(piece), continued=continued))


def _codes(piece: str) -> tuple[str, ...]:  # names quoted, then spans with spaces (expressions, commands)
    # each span read whole, so the text between two spans ("`a: b`）：`c d`") is never taken for one
    spans = [m.group(0)[1:-1] for m in _CODE_SPAN.finditer(piece)]
    names = (s.strip(" .,;:") for s in spans if _CODE_CONTENT.fullmatch(s))
    return tuple(n for n in names if n) + tuple(s for s in spans if " " in s)


_COMMA = re.compile(r"[，,](?!\d)\s*")


def _clauses(raw: str, start: int, end: int, section: ClaimKind) -> list[tuple[int, int, bool]]:
    """A sentence, or its comma-separated clauses when they assert different kinds of thing
    ("pricing-svc 没有报错，配置看起来是正常的": a fact, then a hedge)."""
    masked = _CODE_SPAN.sub(lambda m: "x" * len(m.group(0)), raw[start:end])
    cuts = [m for m in _COMMA.finditer(masked) if not _inside_parens(masked, m.start())]
    if not cuts:
        return [(start, end, False)]
    spans, begin = [], 0
    for m in cuts:
        spans.append((begin, m.start()))
        begin = m.end()
    spans.append((begin, len(masked)))
    for i in [i for i in range(len(spans) - 1, 0, -1) if _ALTERNATIVE.match(masked, spans[i][0])]:
        spans[i - 1 : i + 1] = [(spans[i - 1][0], spans[i][1])]  # "疑似 A，或者 B": one disjunction, hedged whole
    kinds = {_kind(_clean(raw[start + a : start + b]), section) for a, b in spans if raw[start + a : start + b].strip()}
    premise = _hedged_consequence(raw[: start + len(masked)], start, spans, section)
    if premise is not None:
        return [(start, premise[0], False), (premise[1], end, True)]
    if (
        len(kinds) < 2
        or not kinds & {ClaimKind.ADVICE, ClaimKind.HEDGE}
        or ClaimKind.GAP in kinds
        or any(
            _CONSEQUENCE.match(raw[start + a : start + b]) or _EXAMPLE.match(raw[start + a : start + b])
            for a, b in spans[1:]
        )
    ):
        return [(start, end, False)]
    return [(start + a, start + b, i > 0) for i, (a, b) in enumerate(spans) if raw[start + a : start + b].strip()]


def _hedged_consequence(
    raw: str, start: int, spans: list[tuple[int, int]], section: ClaimKind
) -> Optional[tuple[int, int]]:
    """ "/data is 97% full with 6.2G left, so the broker will start failing writes soon": a fact, then a
    consequence that hedges or predicts. The premise is a fact to check, the consequence a hedge; the
    end of the premise and the start of the consequence, or None."""
    for (_, end), (begin, _) in zip(spans, spans[1:]):
        if not _CONSEQUENCE.match(raw[start + begin : start + begin + 24]):
            continue
        before, after = _clean(raw[start : start + end]), _clean(raw[start + begin :])
        if (
            checkable_premise(before)
            and _kind(before, section) == ClaimKind.FACT
            and _kind(after, section) in (ClaimKind.HEDGE, ClaimKind.ADVICE)
        ):
            return start + end, start + begin
        return None
    return None


def _inside_parens(text: str, position: int) -> bool:
    before = text[:position]
    return before.count("(") + before.count("（") > before.count(")") + before.count("）")


def _classify(start: int, end: int, text: str, section: ClaimKind, record: bool = False) -> Claim:
    """record: a table row, a record of what was found: its first word is a noun ("Alert X | firing"),
    never an imperative; only an advice section or an advice cue makes it advice."""
    kind = _kind(text, section, record)
    return Claim(start, end, text, kind, negated=bool(_NEGATION.search(text)), process=bool(_PROCESS.search(text)))


def _kind(text: str, section: ClaimKind, record: bool = False) -> ClaimKind:
    stripped = text.rstrip()
    if stripped.endswith(("?", "？")):
        return ClaimKind.CONTEXT
    if _GAP_CUE.search(text):
        return ClaimKind.GAP
    if section != ClaimKind.ADVICE and SOURCE_RECOMMENDS.search(text) and _NAMES_SOMETHING.search(text):
        # "the runbook recommends raising maxPoolSize to 40", "预案建议先扩到 6 个副本": what the lookup returned,
        # with a value or a name to check, is a fact about it; advice retold in words alone stays advice
        return ClaimKind.FACT
    if section == ClaimKind.ADVICE or (not record and _ADVICE_START.match(text)) or _ADVICE_CUE.search(text):
        return ClaimKind.ADVICE
    if section == ClaimKind.HEDGE or _HEDGE_CUE.search(text):
        return ClaimKind.HEDGE
    if section == ClaimKind.GAP:  # "Not checked: disk latency caused by the paging": what nobody looked at
        return ClaimKind.GAP
    # "So prod is still on 8.1.2", "所以线上还是 8.1.2": asserts what follows
    opening = _CONSEQUENCE_OPENING.match(text)
    if _CAUSAL_CUE.search(text, opening.end() if opening else 0):
        return ClaimKind.CAUSAL
    return ClaimKind.FACT


def _expand(claim: Claim) -> Iterator[Claim]:
    """The claim, plus the facts smuggled into advice as FACT claims of their own."""
    yield claim
    if claim.kind != ClaimKind.ADVICE:
        return
    m = _SMUGGLED_FROM.search(claim.text)
    if m:
        # "raise maxTotal from 8 to 64" asserts "maxTotal is 8".
        before = claim.text[: m.start()]
        value = m.group(1) or m.group(2)
        yield Claim(
            claim.start, claim.end, f"{_subject_words(before)} is {value}".strip(), ClaimKind.FACT, smuggled=True
        )
    m = _SMUGGLED_KEEP.search(claim.text)
    if m:
        # "keep the CPU target at 70%" asserts the target is 70%.
        subject, value = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        yield Claim(claim.start, claim.end, f"{subject} is {value}".strip(), ClaimKind.FACT, smuggled=True)
    m = _SMUGGLED_CURRENT.search(claim.text)
    if m:
        # "set X back to 2 (it is currently 1)" asserts X is 1.
        yield Claim(claim.start, claim.end, f"{m.group(1)} is {m.group(2)}".strip(), ClaimKind.FACT, smuggled=True)
    m = _SMUGGLED_ITS_CURRENT.search(claim.text)
    if m:
        # "raise the heap above its current 4 GiB" asserts the heap is 4 GiB.
        yield Claim(claim.start, claim.end, f"{m.group(1)} is {m.group(2)}".strip(), ClaimKind.FACT, smuggled=True)
    m = _SMUGGLED_CLAUSE.search(claim.text)
    if m:
        clause = (m.group(1) or m.group(2)).strip()
        if clause:
            kind = _kind(clause, ClaimKind.FACT)
            if kind in (ClaimKind.FACT, ClaimKind.CAUSAL, ClaimKind.GAP):
                yield Claim(claim.start, claim.end, clause, kind, negated=bool(_NEGATION.search(clause)), smuggled=True)


def _subject_words(text: str) -> str:
    """What advice acts on: its words after the leading verb."""
    words = text.split()
    while len(words) > 1 and words[0].lower() in _OFFERING:  # "you could raise X": X
        words = words[1:]
    return " ".join(words[1:]) if len(words) > 1 else text


def is_substantive(text: str) -> bool:
    """Whether a claim with no checkable fact still asserts something about the incident; a clause that only denies
    an alternative ("而不是代码问题", "rather than a network fault") asserts nothing the evidence could show."""
    return bool(_SUBSTANTIVE.search(text)) and not _META.match(text) and not ALTERNATIVE_DENIED.match(text)


def is_vague_verdict(text: str) -> bool:
    """Whether a claim only passes a contentless verdict on its subject ("情况有些异常")."""
    return bool(_VAGUE_PREDICATE.search(text))


def is_meta(text: str) -> bool:
    return bool(_META.match(text))


CAUSAL_CUE = _CAUSAL_CUE
