"""A state said of every member, read against a tool's status lines: "ipactl status 显示所有服务均为 RUNNING",
"all programs are RUNNING", "every unit is active".

Many tools print one member per line with its state last or in a column of its own, not as a table with a
header: `ipactl status` ("pki-tomcatd Service: STOPPED"), `supervisorctl status` ("worker_00   RUNNING   pid
4121, uptime 2:01:07"), `rc-status` and `service --status-all`. A block of three or more such lines in one call,
each giving a state word (upper case, or a word of field_words.STATE_WORDS), is a listing of states. When the
claim says a word of that block of every member (a universal before it in its clause, no negation, no narrowing
to a part) and a line of the block gives another word, the claim is contradicted: that line is a member the claim
says is in the state and is not, unless the claim names it (an exception it makes). The claim's names must be
the call's (what it asked, or a line's words); a block whose lines all give the word decides nothing here (the
claim is grounded as before).
"""

from __future__ import annotations

import re
from typing import Callable, Optional, Sequence

from evidence_trace.server.domain.model import ClaimCheck, ClaimStatus
from evidence_trace.server.domain.verifier.claim_patterns import _NOT_ALL, NARROWED, NARROWED_TO
from evidence_trace.server.domain.verifier.claims import PART_COUNT, Claim
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_matching import matches
from evidence_trace.server.domain.verifier.facts import Fact, FactKind
from evidence_trace.server.domain.verifier.field_words import STATE_WORDS
from evidence_trace.server.domain.verifier.partitive_counts import counted_part
from evidence_trace.server.domain.verifier.unit_search import grounding_of
from evidence_trace.server.domain.verifier.units import Strength, Unit

# a member's line: its label, then ": " or a run of blanks, then its state word, then the line's end, another
# column ("   pid 4121, uptime …") or a parenthesis
_LINE = re.compile(
    r"^[ \t]*(?P<label>[^\s:0-9](?:[^:\n]|:(?=\S)){0,60}?)(?:[ \t]*:[ \t]+|[ \t]{2,}|\t)"
    r"(?P<value>[A-Za-z][A-Za-z_-]{1,30})(?=[ \t]*$|[ \t]{2,}|\t|[ \t]*[,(])"
)
_MIN_LINES = 3
# a log line's level and a request's method are no member's state ("all ERROR lines come from X" ranges over them)
_NOT_STATES = frozenset("error err warn warning info debug trace get post put patch delete head".split())
_WHOLE = re.compile(r"\b(?:all|every)\b|所有|全部|一律", re.I)
_EXCEPT = re.compile(r"\b(?:except|but|other[ \t]+than|apart[ \t]+from|besides|excluding)\b|除了?|之外|以外", re.I)
_CLAUSE_END = re.compile(r"[,;:，；：。]|\b(?:but|while|whereas)\b|但|不过")


def check_status_lines(
    claim: Claim, facts: tuple[Fact, ...], evidence: Evidence, base: Callable[..., ClaimCheck]
) -> Optional[ClaimCheck]:
    """CONTRADICTED when a status line of the listing gives another state than the one the claim says of all."""
    text = claim.text
    said = _said_of_all(text)
    if said is None or claim.negated:
        return None
    start, end = said
    names = [f for f in facts if f.is_entity and not re.fullmatch(r"[A-Z_]+|[A-Z][a-z]+", f.text)]
    for index in evidence.rows():
        lines = _lines(evidence, index, _MIN_LINES)
        if not lines:
            continue
        values = {value.lower() for _, value in lines}
        claimed = [w for w in re.findall(r"[A-Za-z][A-Za-z_-]+", text[start:end]) if w.lower() in values]
        if len({w.lower() for w in claimed}) != 1 or len(values) < 2:
            continue
        question = evidence.question(index)
        row = evidence.units(index)
        if not all(any(matches(f, u) for u in row) or (question is not None and matches(f, question)) for f in names):
            continue
        # a count said of the members is the block's size, or the claim ranges over fewer ("2 个池都是 ONLINE")
        counts = {f.quantity.value for f in facts if f.kind == FactKind.COUNT and f.quantity is not None}
        if re.search(r"\bboth\b|两个都|二者|两者", text, re.I):
            counts.add(2)
        if counts and counts != {len(lines)}:
            continue
        word = claimed[0].lower()
        # a name given by some lines of the block, not all ("all billing-worker programs"): the claim ranges over
        # those lines, unless it excepts them ("all but X"); a plain word ("所有 IPA 服务") is a kind, no member's name
        part = [
            f for f in names if re.search(r"[-_.0-9]", f.text) and 0 < sum(matches(f, u) for u, _ in lines) < len(lines)
        ]
        rest = names
        if part and _EXCEPT.search(text) is None:
            lines = [(u, value) for u, value in lines if any(matches(f, u) for f in part)]
            rest = [f for f in names if f not in part]
        # a member the claim names is one it singles out ("除 pki-tomcatd 外", "except X, which is STOPPED")
        # (a name a line in the state gives too is the range's: "all billing-worker programs")
        own = [f for f in rest if not any(value.lower() == word and matches(f, u) for u, value in lines)]
        odd = next((u for u, value in lines if value.lower() != word and not _named(u, own, text)), None)
        if odd is None:
            continue
        why = f"not every member is {claimed[0]}: {odd.ref} shows {odd.text.strip()[:60]}"
        return base(status=ClaimStatus.CONTRADICTED, groundings=(grounding_of(odd),), reason=why)
    return None


def _said_of_all(text: str) -> Optional[tuple[int, int]]:
    """The span from the claim's universal to its clause's end, when the universal is not narrowed or denied. Only
    a universal of the whole: all, every, 所有, 全部 ("A、B 均 Running", "each attempt" range over what they name)."""
    quantifier = _WHOLE.search(text)
    if quantifier is None or _NOT_ALL.search(text) or NARROWED.search(text) or NARROWED_TO.search(text):
        return None
    if PART_COUNT.search(text, 0, quantifier.start()) or counted_part(text):
        return None  # "5 个组件里 4 个都是 Running": a part
    end = _CLAUSE_END.search(text, quantifier.end())
    return quantifier.start(), end.start() if end is not None else len(text)


def _named(unit: Unit, names: Sequence[Fact], text: str) -> bool:
    """Whether the claim names the member of the line, as a name it reads or as the line's label word."""
    word = _label(unit)
    return any(matches(f, unit) for f in names) or (len(word) >= 3 and _says(word, text))


def _lines(evidence: Evidence, index: int, least: int) -> list[tuple[Unit, str]]:
    """_block of the row's units, read once per row for every claim of the draft."""
    return evidence.remember(("status lines", index, least), lambda: _block(evidence.units(index), least))


def _block(units: Sequence[Unit], least: int = _MIN_LINES) -> list[tuple[Unit, str]]:
    """The longest run of consecutive status lines of a call (each unit one line giving a state word)."""
    best: list[tuple[Unit, str]] = []
    run: list[tuple[Unit, str]] = []
    for unit in units:
        found = _LINE.match(unit.text) if unit.strength >= Strength.INDIRECT and "\n" not in unit.text.strip() else None
        value = found.group("value") if found is not None else ""
        state = value.isupper() and len(value) >= 3 or value.lower() in STATE_WORDS
        if value and state and value.lower() not in _NOT_STATES:
            run.append((unit, value))
            continue
        best = run if len(run) > len(best) else best
        run = []
    best = run if len(run) > len(best) else best
    return best if len(best) >= least else []


def check_named_status(
    claim: Claim, facts: tuple[Fact, ...], evidence: Evidence, base: Callable[..., ClaimCheck]
) -> Optional[ClaimCheck]:
    """CONTRADICTED when the claim says a state word of one member its clause names, and that member's status line
    (two lines or more in a run) gives another word, no line of it giving the claimed one: "eth3 has no carrier
    (state DOWN)" where `ip -br link` prints "eth3  UP" and "eth2  DOWN". A clause naming several members, saying
    two of the words, a negated or past state, decides nothing."""
    for index in evidence.rows():
        lines = _lines(evidence, index, 2)
        values = {value.lower() for _, value in lines}
        if len(values) < 2:
            continue
        labels = {u.ref: _label(u) for u, _ in lines}
        for clause in _CLAUSES.split(claim.text):
            said = [m for m in _WORDS.finditer(clause) if m.group(0).lower() in values]
            if len({m.group(0).lower() for m in said}) != 1 or _PAST.search(clause):
                continue
            word = said[0]
            if _NOT_BEFORE.search(clause, max(0, word.start() - 16), word.start()):
                continue
            if _EXCEPT.search(clause):
                continue  # "除 mailbox 外的组件都是 Running": the member is the exception
            named = [(u, value) for u, value in lines if _in(labels[u.ref], clause[: word.start()])]
            if len({labels[u.ref] for u, _ in named}) != 1:
                continue
            if any(value.lower() == word.group(0).lower() for _, value in named):
                continue
            odd = named[0][0]
            why = f"{labels[odd.ref]} is not {word.group(0)}: {odd.ref} shows {odd.text.strip()[:60]}"
            return base(status=ClaimStatus.CONTRADICTED, groundings=(grounding_of(odd),), reason=why)
    return None


_CLAUSES = re.compile(r"[,;，；。]|\b(?:so|and|but|while|whereas|because)\b|而|但|所以|因此|因为", re.I)
_WORDS = re.compile(r"(?<![\w-])[A-Za-z][A-Za-z_-]+(?![\w-])")
_PAST = re.compile(r"\b(?:was|were|went|had|earlier|before|previously|used to|at first)\b|曾|之前|此前|一度|起初", re.I)
_NOT_BEFORE = re.compile(r"\b(?:not|no longer|never)\b|不|未|没有|非", re.I)


def _label(unit: Unit) -> str:
    found = _LINE.match(unit.text)
    return found.group("label").split()[0].rstrip(":") if found is not None else ""


def _in(label: str, text: str) -> bool:
    """Whether the text names the line's member: its label, or a group's member after the colon
    (`billing-worker:billing-worker_02`)."""
    return any(len(form) >= 2 and _says(form, text) for form in {label, label.rsplit(":", 1)[-1]})


def _says(word: str, text: str) -> bool:
    """Whether the text writes the word whole (no letter, digit, "_" or "-" against it), in any case."""
    return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text, re.I) is not None
