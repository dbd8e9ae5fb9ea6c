"""The OpenSearch memory's pure parts: its setting's validation, the index mapping and the query bodies."""

from __future__ import annotations

from datetime import UTC, datetime
from uuid import UUID

import pytest
from pydantic import ValidationError

from shared.memory.embed import EMBED_DIMS
from shared.memory.opensearch import OpenSearchMemory, bm25_query, filter_clauses, index_body, knn_query
from shared.memory.store import MemoryFilter
from shared.settings import CommonSettings

RUN = UUID("00000000-0000-0000-0000-000000000001")
OTHER = UUID("00000000-0000-0000-0000-000000000002")


@pytest.mark.parametrize("bad", ["htp://nope:9200", "opensearch:9200", "http://:9200", "http://host:99999",
                                 "http://host:9200/?x=1"])
def test_a_malformed_url_is_refused_naming_the_variable(bad: str) -> None:
    with pytest.raises(ValidationError, match="ASSAY_OPENSEARCH_URL"):
        CommonSettings(_env_file=None, opensearch_url=bad)  # type: ignore[call-arg]


def test_a_good_url_is_kept_and_unset_means_no_opensearch() -> None:
    assert CommonSettings(_env_file=None, opensearch_url=" http://opensearch:9200/ ").opensearch_url == (  # type: ignore[call-arg]
        "http://opensearch:9200")
    assert CommonSettings(_env_file=None, opensearch_url="https://search.example/os").opensearch_url == (  # type: ignore[call-arg]
        "https://search.example/os")
    with pytest.raises(ValueError, match="ASSAY_OPENSEARCH_URL"):
        OpenSearchMemory.connect("ftp://x", None)


def test_index_mapping_has_text_vector_and_nested_provenance() -> None:
    body = index_body()
    props = body["mappings"]["properties"]
    assert body["settings"]["index"]["knn"] is True
    assert props["text"] == {"type": "text", "analyzer": "english"}
    assert props["embedding"]["type"] == "knn_vector" and props["embedding"]["dimension"] == EMBED_DIMS
    assert props["embedding"]["method"]["space_type"] == "cosinesimil"
    assert props["provenance"]["type"] == "nested"
    assert props["provenance"]["properties"]["fetched_at"]["type"] == "date"


def test_filters_become_one_nested_sighting_query() -> None:
    assert filter_clauses(None) == [] and filter_clauses(MemoryFilter()) == []
    since = datetime(2026, 1, 1, tzinfo=UTC)
    kind, nested = filter_clauses(MemoryFilter(kind="source", run_id=RUN, since=since, exclude_runs=(OTHER,)))
    assert kind == {"term": {"kind": "source"}}
    assert nested["nested"]["path"] == "provenance"
    inner = nested["nested"]["query"]["bool"]["filter"]
    assert {"term": {"provenance.run_id": str(RUN)}} in inner
    assert {"range": {"provenance.fetched_at": {"gte": since.isoformat()}}} in inner
    assert {"bool": {"must_not": [{"terms": {"provenance.run_id": [str(OTHER)]}}]}} in inner
    assert filter_clauses(MemoryFilter(kind="claim")) == [{"term": {"kind": "claim"}}]


def test_bm25_and_knn_bodies() -> None:
    body = bm25_query("battery life", 50, MemoryFilter(kind="source"))
    assert body["size"] == 50
    assert body["query"]["bool"]["must"] == [{"match": {"text": {"query": "battery life"}}}]
    assert body["query"]["bool"]["filter"] == [{"term": {"kind": "source"}}]
    knn = knn_query([0.5, 0.25], 7, None)["query"]["knn"]["embedding"]
    assert knn == {"vector": [0.5, 0.25], "k": 7}
    filtered = knn_query([1.0], 3, MemoryFilter(kind="report"))["query"]["knn"]["embedding"]
    assert filtered["filter"] == {"bool": {"filter": [{"term": {"kind": "report"}}]}}
