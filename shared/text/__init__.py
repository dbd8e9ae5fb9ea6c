"""The text kit every stage shares: tokens and sentences (``tokens``), BM25 (``bm25``), language
(``language``), lexical entailment (``entailment``) and name/term finding (``terms``)."""
