"""A code question about one named package that asks no choice among packages is answered from what the sources
state of it, never by the recommendation of that package (trial t67s Q14, Q17, Q20, with other invented names):
"Does the Python package meshweft2 support IPv6 addresses?" was "**Yes:** `meshweft2` ... is active" at 1.00 high
although its README and a fetched page say it has no IPv6 support; "Which blockery function parses a CIDR block?"
was a recommendation of `blockery` with no function; "How many GitHub stars does blockery have?" (on no page) was a
recommendation too. Loopback registry stand-ins (``tests.code_standins``), fetched pages as ``Page`` values."""

from __future__ import annotations

import asyncio
import json

from services.domain_code.analysis import Outcome
from services.domain_code.offline import Evidence, Survey, capability_said
from services.domain_code.pages import Page
from services.domain_code.registries import PackageFacts
from services.domain_code.requirements import asked_capability, stated
from tests.code_standins import JSON, analysed, pypi_json
from tests.loopback import Reply

READMES = {
    "meshweft": ("Parse IPv4 and IPv6 addresses and CIDR networks",
                 "# meshweft\n\nmeshweft parses IPv4 and IPv6 addresses and CIDR network ranges.\n\n```python\n"
                 "import meshweft\nnet = meshweft.parse_network('10.0.0.0/8', strict=True)\n```\n"),
    "meshweft2": ("IPv4 CIDR reader (fork of meshweft 0.x)",
                  "# meshweft2\n\nA fork of an early meshweft. Parses IPv4 addresses and CIDR ranges only; there is no "
                  "IPv6 support.\n\n```python\nimport meshweft2\nmeshweft2.read_cidr('10.0.0.0/8')\n```\n"),
    "blockery": ("CIDR blocks and IP addresses for Python",
                 "# blockery\n\nblockery reads IP addresses and CIDR blocks.\n\n```python\nimport blockery\n"
                 "b = blockery.parse_block('192.168.0.0/16')\n```\n\nVersion 2.0 replaces Block.from_string with "
                 "parse_block.\n"),
    "quietnet": ("Network helpers", "# quietnet\n\nquietnet has helpers for sockets.\n"),
}
RELEASES = {"1.0.0": "2024-02-01", "1.5.0": "2025-03-01", "2.0.0": "2026-06-01"}
PAGES = {
    "meshweft2": Page("p2", "https://pkgs.example/packages/meshweft2", "meshweft2: an IPv4-only fork",
                      "meshweft2 only parses IPv4 addresses; it has no IPv6 support. Maintained: no.\n\n"
                      "meshweft2 is a separate fork of an early meshweft release."),
    "meshweft": Page("p1", "https://pkgs.example/packages/meshweft", "meshweft: IP addresses in Python",
                     "meshweft is a pure-Python library that parses IPv4 and IPv6 addresses and CIDR network ranges. "
                     "The main function for ranges is meshweft.parse_network(text, strict=True)."),
    "blockery": Page("p3", "https://news.example/blockery-2", "blockery 2.0 released",
                     "blockery 2.0 is out. The main function is now blockery.parse_block(). The old "
                     "blockery.Block.from_string(s) is gone."),
}


def routes() -> dict[str, Reply]:
    return {f"/pypi/{name}/json": Reply(200, json.dumps(pypi_json(
        name, "2.0.0", summary=summary, releases=RELEASES, description=readme)).encode(), JSON)
        for name, (summary, readme) in READMES.items()}


def _run(question: str, pages: list[Page]) -> tuple[str, Outcome]:
    out, _ = asyncio.run(analysed(question, routes_added=routes(), pages=pages))
    lead = str(out.sections[0]["body"]).split("\n")[0] if out.sections else ""
    return lead, out


def test_the_capability_a_yes_no_question_asks_is_its_verb_phrase_after_the_package() -> None:
    cap = asked_capability("Does the Python package meshweft2 support IPv6 addresses?", "meshweft2")
    assert cap is not None and cap.text == "support IPv6 addresses" and cap.needed == ("ipv6", "address")
    parse = asked_capability("Can meshweft parse CIDR ranges?", "meshweft")
    assert parse is not None and parse.text == "parse CIDR ranges"
    compat = asked_capability("Is meshweft compatible with asyncio?", "meshweft")
    assert compat is not None and compat.text == "compatible with asyncio" and compat.terms == ("asyncio",)
    # not a capability: the asker's use, the package's standing, another name it begins, no verb phrase
    assert asked_capability("Can I use meshweft in a closed-source app?", "meshweft") is None
    assert asked_capability("Does meshweft have an active community?", "meshweft") is None
    assert asked_capability("Does meshweft2 support IPv6?", "meshweft") is None
    assert asked_capability("Is meshweft good?", "meshweft") is None
    assert asked_capability("Which library supports IPv6?", "meshweft") is None


def test_a_page_statement_counts_only_for_the_package_it_names() -> None:
    facts = PackageFacts("pypi", "meshweft2", "https://pypi.example/meshweft2", summary="IPv4 reader")
    cap = asked_capability("Does meshweft2 support IPv6 addresses?", "meshweft2")
    assert cap is not None
    pages = [(p.url, p.text) for p in PAGES.values()]
    said = stated(cap, facts, pages, others=["meshweft"])
    # the meshweft page says meshweft parses IPv6: not a statement about meshweft2
    assert [(s.verdict, s.url, s.own) for s in said] == [("contradicted", PAGES["meshweft2"].url, False)]
    assert said[0].sentence == "meshweft2 only parses IPv4 addresses; it has no IPv6 support."


def test_a_capability_its_sources_deny_is_a_no_whatever_its_upkeep() -> None:
    lead, out = _run("Does the Python package meshweft2 support IPv6 addresses?", [PAGES["meshweft2"],
                                                                                    PAGES["meshweft"]])
    assert lead.startswith("**No:** `meshweft2`'s README says it does not meet \"support IPv6 addresses\": "
                           "\"Parses IPv4 addresses and CIDR ranges only; there is no IPv6 support.\"[@e")
    assert ", as does another source[@e" in lead
    assert "is active" not in lead


def test_a_capability_no_source_states_is_not_established_at_low() -> None:
    lead, out = _run("Does the Python package quietnet support IPv6 addresses?", [])
    assert lead == ("Not established: nothing in `quietnet`'s registry summary or README, nor in the fetched pages, "
                    "says whether it meets \"support IPv6 addresses\".")
    assert out.max_tier == "low"


def test_a_capability_a_page_states_is_a_yes_from_it() -> None:
    lead, out = _run("Does meshweft support IPv6 addresses?", [PAGES["meshweft"]])
    assert lead.startswith("**Yes:** `meshweft`'s registry summary says it meets \"support IPv6 addresses\": "
                           "\"Parse IPv4 and IPv6 addresses and CIDR networks\"[@e1], as does another source[@e2]")
    assert out.max_tier != "low"


def test_an_api_question_names_the_function_its_docs_write() -> None:
    lead, out = _run("Which blockery function parses a CIDR block in Python?", [PAGES["blockery"], PAGES["meshweft"]])
    assert lead.startswith("**Call `blockery.parse_block()`**[@e")
    assert "`blockery`'s README (PyPI, release 2.0.0) writes it: “b = blockery.parse_block('192.168.0.0/16')”" in lead
    assert "1 fetched page names it too[@e" in lead
    assert "meshweft" not in lead  # another package's function is never the answer
    assert out.max_tier == "medium"  # read from documentation, no call of it checked
    assert out.pick == {"kind": "answer"}


def test_an_api_question_no_source_answers_is_not_established_at_low() -> None:
    lead, out = _run("Which quietnet function opens a socket?", [])
    assert lead == ("Not established: neither `quietnet`'s registry README (PyPI) nor the fetched pages name a "
                    "function, method or class of it that does this.")
    assert out.max_tier == "low"


def test_a_figure_no_source_gives_is_not_established_at_low() -> None:
    lead, out = _run("How many GitHub stars does the Python package blockery have?", [PAGES["blockery"]])
    assert lead == ("Not established: the GitHub stars of `blockery`: neither its registry record (PyPI) nor the "
                    "fetched pages give it; the recommendation below does not answer the question.")
    assert out.max_tier == "low"
    assert not lead.startswith("**Recommended")


def test_a_figure_a_page_gives_is_quoted_from_it() -> None:
    page = Page("p9", "https://blog.example/blockery", "blockery at two", "blockery has 1,250 stars on GitHub now.")
    lead, out = _run("How many GitHub stars does blockery have?", [page])
    assert lead == "A fetched page says: “blockery has 1,250 stars on GitHub now.”[@e1]."
    assert out.max_tier == "medium"


def test_a_question_asking_which_package_to_use_keeps_the_recommendation() -> None:
    lead, out = _run("Which is better for CIDR blocks in Python, blockery or meshweft?", [PAGES["blockery"]])
    assert lead.startswith("**Recommended: `blockery` 2.0.0**")


def test_sources_that_disagree_or_state_only_part_leave_it_not_established() -> None:
    facts = PackageFacts("pypi", "meshweft", "https://pypi.example/meshweft", version="2.0.0",
                         summary="meshweft parses IPv6 addresses.")
    result = Survey([facts], ["pypi"])
    ipv6 = asked_capability("Does meshweft support IPv6 addresses?", "meshweft")
    zones = asked_capability("Does meshweft read IPv6 zone indexes?", "meshweft")
    assert ipv6 is not None and zones is not None
    denied = Page("p", "https://forum.example/t/1", "meshweft question", "meshweft has no IPv6 support at all.")
    said = capability_said(result, facts, [ipv6], Evidence({}), [denied])
    assert said == ("Not established: the sources disagree on \"support IPv6 addresses\": `meshweft`'s registry "
                    "summary says it does (\"meshweft parses IPv6 addresses.\"), a fetched page says it does not "
                    "(\"meshweft has no IPv6 support at all.\").")
    part = capability_said(result, facts, [ipv6, zones], Evidence({}))
    assert part == ("Not established: nothing in `meshweft`'s registry summary or README, nor in the fetched pages, "
                    "says whether it meets \"read IPv6 zone indexes\"; `meshweft`'s registry summary says it meets "
                    "\"support IPv6 addresses\": \"meshweft parses IPv6 addresses.\".")


def test_a_spec_table_row_answers_a_capability_either_way() -> None:
    facts = PackageFacts("pypi", "meshweft2", "https://pypi.example/meshweft2", summary="IPv4 reader")
    cap = asked_capability("Does meshweft2 support IPv6 addresses?", "meshweft2")
    assert cap is not None
    table = ("Field meshweft2 --- --- Latest version 0.4.1 Released 2024-02-02 License Apache-2.0 IPv6 support no "
             "Maintained no")
    said = stated(cap, facts, [("https://pkgs.example/t", table)])
    assert [s.verdict for s in said] == ["contradicted"]
    said = stated(cap, facts, [("https://pkgs.example/t", "meshweft2 | IPv6 support | yes")])
    assert [s.verdict for s in said] == ["met"]
    # "no longer" is no cell value
    later = "meshweft2 IPv6 support no longer experimental."
    assert stated(cap, facts, [("https://pkgs.example/t", later)]) == []


def test_a_page_s_prose_is_quoted_before_its_table_and_a_table_row_is_cited_as_stored() -> None:
    facts = PackageFacts("pypi", "meshweft2", "https://pypi.example/meshweft2", summary="IPv4 reader")
    cap = asked_capability("Does meshweft2 support IPv6 addresses?", "meshweft2")
    assert cap is not None
    both = ("| Field | meshweft2 |\n| --- | --- |\n| IPv6 support | no |\n\n"
            "meshweft2 only parses IPv4 addresses; it has no IPv6 support.")
    said = stated(cap, facts, [("https://pkgs.example/t", both)])
    assert [(s.verdict, s.sentence) for s in said] == [
        ("contradicted", "meshweft2 only parses IPv4 addresses; it has no IPv6 support.")]
    table = stated(cap, facts, [("https://pkgs.example/t", "| Field | meshweft2 |\n| --- | --- |\n| IPv6 support | no |")])
    assert [(s.verdict, s.needle) for s in table] == [("contradicted", "IPv6 support | no")]


def test_a_negation_counts_only_when_it_governs_the_capability() -> None:
    """Review F14: a negation word anywhere in the sentence ("Without any configuration", "never rejects", "does
    not fail on") made a sentence that says the package has the capability read as a denial, so "**No:**" quoted a
    sentence saying the opposite."""
    cap = asked_capability("Does the Python package meshweft support IPv6 addresses?", "meshweft")
    assert cap is not None
    facts = PackageFacts("pypi", "meshweft", "https://pypi.example/meshweft", summary="IP helpers")
    says = [
        "Without any configuration, meshweft parses IPv6 addresses.",
        "meshweft never rejects IPv6 addresses.",
        "meshweft does not fail on IPv6 addresses.",
        "meshweft no longer chokes on IPv6 addresses since 2.0.",
        "Unlike older tools, meshweft does not drop IPv6 addresses.",
        "meshweft supports IPv6 addresses with no extra dependencies.",
    ]
    for sentence in says:
        assert [s.verdict for s in stated(cap, facts, [("https://pkgs.example/a", sentence)])] == ["met"], sentence
    denials = [
        "meshweft has no IPv6 support.",
        "meshweft does not support IPv6 addresses.",
        "IPv6 addresses are not supported by meshweft.",
        "meshweft cannot parse IPv6 addresses.",
        "meshweft has no support for IPv6 addresses.",
        "meshweft does not currently handle IPv6 addresses.",
        "meshweft drops IPv6 addresses.",
    ]
    for sentence in denials:
        assert [s.verdict for s in stated(cap, facts, [("https://pkgs.example/a", sentence)])] == ["contradicted"], \
            sentence


def test_a_no_one_source_alone_states_is_not_high() -> None:
    """Review F14: a "No" read from a single sentence kept the analysis' tier (1.00 high); two sources that deny
    it keep theirs."""
    lead, out = _run("Does the Python package meshweft2 support IPv6 addresses?", [])
    assert lead.startswith("**No:** `meshweft2`'s README says it does not meet")
    assert ", as does" not in lead
    assert out.max_tier == "medium"
    lead, out = _run("Does the Python package meshweft2 support IPv6 addresses?", [PAGES["meshweft2"]])
    assert ", as does another source[@e" in lead
    assert out.max_tier != "medium" and out.max_tier != "low"
