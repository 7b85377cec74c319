"""Named values a claim states: a setting with its value ("pool size 20", "阈值 450") and a JVM
memory flag ("-Xmx4g"), each a SETTING fact checked against the value the evidence gives that name."""

from __future__ import annotations

import re
from typing import Optional

from evidence_trace.server.domain.verifier.fact_model import Dimension, Fact, FactKind, Quantity, Scope
from evidence_trace.server.domain.verifier.fact_patterns import _JVM_FLAG, _UNIT_WORDS, plain_number


def setting_fact(m: re.Match[str]) -> Optional[Fact]:
    name = " ".join(re.split(r"[ _-]+", m.group(1).strip().lower()))
    number, unit = m.group(2), (m.group(3) or "").lower()
    if unit in ("毫秒",):
        unit = "ms"
    elif unit in ("秒",):
        unit = "s"
    elif unit in ("分钟",):
        unit = "min"
    elif unit in ("小时", "天"):
        unit = {"小时": "h", "天": "d"}[unit]
    dimension, factor = _UNIT_WORDS.get(unit, (Dimension.NUMBER, 1.0)) if unit else (Dimension.NUMBER, 1.0)
    decimals = len(number.split(".")[1]) if "." in number else 0
    return Fact(
        FactKind.SETTING,
        m.group(0).strip(),
        name,
        Scope.SUBJECT,
        quantity=Quantity(dimension, float(plain_number(number)), factor, decimals),
    )


_JVM_FLAG_FACTORS = {"": 1.0, "k": 1024.0, "m": 1024.0**2, "g": 1024.0**3, "t": 1024.0**4}


def jvm_flags(text: str) -> dict[str, float]:
    """The JVM memory flags a text states, in bytes: {"xmx": 2147483648.0}."""
    return {"x" + m.group(1).lower(): _jvm_bytes(m) for m in _JVM_FLAG.finditer(text)}


def _jvm_bytes(m: re.Match[str]) -> float:
    return float(m.group(2)) * _JVM_FLAG_FACTORS[(m.group(3) or "").lower()]


def jvm_flag_fact(m: re.Match[str]) -> Fact:
    """'-Xmx4g' states the setting 'xmx' is 4 GiB: a different value in the evidence contradicts it."""
    factor = _JVM_FLAG_FACTORS[(m.group(3) or "").lower()]
    quantity = Quantity(Dimension.BYTES, float(m.group(2)), factor, 0)
    return Fact(FactKind.SETTING, m.group(0), "x" + m.group(1).lower(), Scope.SUBJECT, quantity=quantity)


# a parenthesis of figures and their units only ("(3.64 TiB 4.00 TB)", "(~1 GiB)"), never "(default 60)"
_RESTATED = re.compile(r"[ \t]*[(（]((?:[ \t~≈.,%/0-9]|[A-Za-z]{1,3}(?![A-Za-z]))+)[)）]")


def restated(text: str, at: int) -> str:
    """What a parenthesis right after a value at `at` restates it as, in other units ("Array Size : 3905886208
    (3.64 TiB 4.00 TB)"); "" when none does."""
    found = _RESTATED.match(text, at)
    return found.group(1) if found else ""
