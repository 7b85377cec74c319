"""A claim's content words against a unit's: content_words() (words of four letters or more, Chinese as
bigrams, without stop words) and stem_in() (a word, its inflection cut, inside a unit's text)."""

from __future__ import annotations

import re

from evidence_trace.server.domain.verifier.fact_model import normalize

_CONTENT_WORD = re.compile(r"[a-z][a-z0-9]{3,}|[\u4e00-\u9fff]{2,}")
_STOPWORDS = frozenset(
    "this that these those there their with from into over under have has had were was been being which what "
    "when where while than then them they also only just very more most much many some such each other about "
    "because caused causing cause causes due led leads leading result resulted results root reason since the "
    "and for are but not was its it's after before during between again still".split()
)
_STEMS = re.compile(r"(?:ing|ed|es|s)$")


def content_words(text: str) -> set[str]:
    words: set[str] = set()
    for word in _CONTENT_WORD.findall(normalize(text).lower()):
        if word in _STOPWORDS:
            continue
        if word[0] >= "\u4e00":  # CJK: its bigrams
            words.update(word[i : i + 2] for i in range(len(word) - 1))
        else:
            words.add(word)
    return words


def stem_in(word: str, lowered: str) -> bool:
    stem = _STEMS.sub("", word) if len(word) > 5 else word
    return stem in lowered
