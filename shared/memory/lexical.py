"""The memory's lexical side: terms (the text kit's tokens, Snowball-stemmed) and BM25 weights.

Snowball stemming (PyStemmer) lifted BM25 recall@3 on SciFact train from 0.842 (the text kit's light plural
stemming) to 0.858 (dev 0.829 -> 0.852); k1 = 1.2 and b = 0.75 (Lucene's idf). Words are found by one regular
expression (several times faster than the text kit's tokenizer, which matters at 100,000 chunks).
"""

from __future__ import annotations

import math
import re
import threading
import unicodedata
from collections import Counter
from typing import Any

from shared.text.tokens import is_stopword, tokenize

_NO_SPACES = re.compile(r"[\u0e01-\u0e4e\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")

K1 = 1.2
B = 0.75

_LOCAL = threading.local()


def _stemmer() -> Any:
    stemmer = getattr(_LOCAL, "stemmer", None)
    if stemmer is None:
        import Stemmer

        stemmer = Stemmer.Stemmer("english")
        _LOCAL.stemmer = stemmer
    return stemmer


_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")


def terms(text: str) -> list[str]:
    """``text``'s index terms in order: words (runs of letters and digits) case-folded (NFC), stopwords and
    single ASCII letters dropped, Snowball-stemmed (PyStemmer, C). Text in scripts written without spaces
    (CJK, Thai) goes through the text kit's tokenizer (character bigrams)."""
    if not text:
        return []
    norm = unicodedata.normalize("NFC", text).casefold()
    if _NO_SPACES.search(norm):
        return _stemmer().stemWords(tokenize(norm))  # type: ignore[no-any-return]
    words = [w for w in _WORD.findall(norm) if not (len(w) == 1 and w.isascii()) and not is_stopword(w)]
    return _stemmer().stemWords(words)  # type: ignore[no-any-return]


def term_counts(text: str) -> tuple[Counter[str], int]:
    """(term -> count, number of terms) of ``text``."""
    t = terms(text)
    return Counter(t), len(t)


def idf(df: int, n: int) -> float:
    """Lucene's BM25 idf of a term found in ``df`` of ``n`` documents (always > 0)."""
    return math.log(1.0 + (n - df + 0.5) / (df + 0.5))
