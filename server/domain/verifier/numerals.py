"""Chinese numerals and magnitudes (and English number words of a duration) as Arabic numbers, before facts
are read.

Two readings, both from the tables below:

- numeral words before a counter or unit ("五次", "两个副本", "一千二百条",
  "十四天") become digits ("5次", "2个副本", "1200条", "14天");
- a number with a Chinese magnitude ("4.8 万", "12.3万条", "1.5 亿") becomes the
  same number in thousands or millions ("48k", "123k", "150M"), which the
  quantity patterns read at the precision the draft wrote (12.3 万 is 123,000
  give or take 500).

Words that merely contain a numeral ("一直", "一些", "统一") and vague magnitudes ("几十毫秒",
"数百个", "十几秒") are left alone: a
numeral word is read only right before a counter or unit of COUNTERS, and a
lone "一" there is an article ("一条 ERROR", "这一项"), not a count. Evidence
text is read the same way ("行数超过 10 万" states 100k rows).
"""

from __future__ import annotations

import re

DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
SCALES = {"十": 10, "百": 100, "千": 1000}
ARTICLES = frozenset({"一"})  # "一条 ERROR", "这一项", "最后一次": an article, not a count of one
MAGNITUDES = {"万": (10, "k"), "亿": (100, "M")}  # 万 = 10 k, 亿 = 100 M
COUNTERS = (
    "次",
    "个",
    "条",
    "台",
    "秒",
    "分钟",
    "分",
    "小时",
    "天",
    "倍",
    "种",
    "项",
    "名",
    "位",
    "副本",
    "节点",
    "分区",
    "核",
    "只",
    "份",
    "行",
    "批",
    "轮",
    "块",
    "张",
    "家",
    "套",
    "组",
    "颗",
    "周",
    "月",
    "年",
    "毫秒",
    "万",
    "亿",
    "%",
    "GB",
    "GiB",
    "MB",
    "MiB",
)

_WORD = "[" + "".join(DIGITS) + "".join(SCALES) + "]+"
# "几十毫秒", "数百个", "上千条", "十几秒": a magnitude, not a number (tens, hundreds, a dozen or so): left alone
_VAGUE = "几数上好多"
_NUMERAL_WORD = re.compile(
    r"(?<!["
    + "".join(DIGITS)
    + "".join(SCALES)
    + _VAGUE
    + r"0-9])("
    + _WORD
    + r")(?![几多来余])(?=[ \t]?(?:"
    + "|".join(map(re.escape, COUNTERS))
    + "))"
)
_ORDINAL_DAY = re.compile("第(" + _WORD + ")天")
_MAGNITUDE = re.compile(r"(?<![0-9.])([0-9]+(?:\.[0-9]+)?)[ \t]?([万亿])(?![0-9])")
_FAST = re.compile("[" + "".join(DIGITS) + "".join(SCALES) + "万亿]")
# An English number word before a unit of time ("about four minutes", "twenty-five seconds later") is a
# duration like "4 minutes": it was no fact at all, so a wrong one grounded on the rest of its claim.
_EN_UNITS = (
    "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen "
    "eighteen nineteen"
).split()
_EN_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "ninety": 90}
_EN_DURATION = re.compile(
    r"\b(?:(" + "|".join(_EN_TENS) + r")(?:[ -](" + "|".join(_EN_UNITS[:9]) + r"))?|(" + "|".join(_EN_UNITS) + r"))"
    r"(?=[ \t-]+(?:seconds?|minutes?|hours?|days?|weeks?|months?)\b)",
    re.I,
)


# "under a second", "less than a minute", "不到一秒", "一分钟以内": one unit of time as a bound below, which values
# keep (never "a second attempt", "同一秒", "一天里"; nor "for over an hour", a span no record states)
_ONE_BOUND = re.compile(
    r"\b(under|below|less than|within|at most|just under)([ \t]+)an?(?=[ \t]+(?:second|minute|hour|day)\b)"
    r"|(?<=不到|不足|小于|低于|少于)一(?=[ \t]?(?:秒|分钟|小时|天))|一(?=[ \t]?(?:秒|分钟|小时)(?:以内|之内))",
    re.I,
)


def arabic(text: str) -> str:
    """`text` with its Chinese numerals and magnitudes, and English number words of a duration, written as
    Arabic numbers (see the module)."""
    if _EN_DURATION.search(text):
        text = _EN_DURATION.sub(_english_value, text)
    if "一" in text or " a" in text:
        text = _ONE_BOUND.sub(lambda m: f"{m.group(1)}{m.group(2)}1" if m.group(1) else "1", text)
    if not _FAST.search(text):
        return text
    text = _ORDINAL_DAY.sub(r"第\1日", text)  # "第二天" is the next day, not a span of two days
    text = _NUMERAL_WORD.sub(lambda m: m.group(1) if m.group(1) in ARTICLES else chinese_value(m.group(1)), text)
    return _MAGNITUDE.sub(_scaled, text)


def _english_value(m: re.Match[str]) -> str:
    """ "four" -> "4", "twenty-five" -> "25", "thirty" -> "30"."""
    if m.group(3):
        return str(_EN_UNITS.index(m.group(3).lower()) + 1)
    return str(_EN_TENS[m.group(1).lower()] + (_EN_UNITS.index(m.group(2).lower()) + 1 if m.group(2) else 0))


def chinese_value(word: str) -> str:
    """ "一千二百" -> "1200", "十四" -> "14", "五" -> "5"; a word that is no well-formed numeral is kept."""
    total, current = 0, 0
    for ch in word:
        if ch in DIGITS:
            current = (
                current * 10 + DIGITS[ch] if current and not total and len(word) > 1 and ch != word[0] else DIGITS[ch]
            )
        else:
            total += (current or 1) * SCALES[ch]
            current = 0
    return str(total + current)


def _scaled(m: re.Match[str]) -> str:
    number, magnitude = m.group(1), m.group(2)
    factor, suffix = MAGNITUDES[magnitude]
    whole, _, fraction = number.partition(".")
    shifted = whole + (fraction + "0")[:1]
    rest = fraction[1:]
    value = str(int(shifted)) + ("." + rest if rest else "")
    if factor == 100:  # 亿: a hundred millions
        shifted = whole + (fraction + "00")[:2]
        rest = fraction[2:]
        value = str(int(shifted)) + ("." + rest if rest else "")
    following = m.string[m.end() : m.end() + 1]
    return value + suffix + ("" if following in ("", " ", "\t") else " ")  # "123k 条": read up to a space
