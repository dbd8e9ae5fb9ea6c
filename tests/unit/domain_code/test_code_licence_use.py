"""A code question stating how a package is to be used is answered by the package's licence (services.domain_code.
licences): a strong copyleft (GPL, AGPL) package cannot ship in a closed-source product that is sold or distributed
unless the product's source is released under it (AGPL: even run only as a network service), an LGPL one only as a
replaceable, dynamically linked library, an MPL one with changes to its files shared, a permissive one (MIT, BSD,
Apache-2.0, ISC) yes with its notice kept, and with no licence or an unknown one it cannot tell. Use inside the
organisation (nothing distributed) is allowed under the GPL, not freely under the AGPL's network clause; "compatible
with MIT" fits a project licence. (Re-check of a code trial: "Can I use <GPL-3.0 package> in a closed-source app
that we sell?" was "Yes ..." at 0.85 medium, the relative clause "we sell" read as a requirement.) Invented
packages, on a fake registry or the loopback stand-ins (tests/code_standins)."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest

from services.domain_code.offline import Evidence, is_code_task, survey, task_of, yes_no_answer
from services.domain_code.registries import PackageFacts
from services.domain_code.requirements import requirements_of
from services.planner.offline import _classify_domain
from shared.text.licences import LicenceUse, asks_licence_use, licence_family, licence_use, use_clash
from shared.text.packages import package_names
from tests.code_standins import JSON, FakeRegistry, analysed, pypi_json
from tests.loopback import Reply

SOLD = "Can I use tilecellr in a closed-source app that we sell?"


def facts(licence: str | None, name: str = "tilecellr") -> PackageFacts:
    return PackageFacts("pypi", name, f"https://pypi.example/{name}", version="3.2.0", first_release="2021-05-02",
                        latest_release="2025-10-14", releases=9, license=licence,
                        summary="Encode map positions as tile cells")


def answer(question: str, licence: str | None, *others: PackageFacts) -> str:
    task = task_of(question)
    result = survey(FakeRegistry([facts(licence), *others]), task, None)  # type: ignore[arg-type]
    return yes_no_answer(question, result, Evidence({}))


def first_sentence(text: str) -> str:
    return re.split(r"(?<=[.!?])\s+(?=[A-Z`*])", text, maxsplit=1)[0]


STRONG_NO = ("**No:** `tilecellr` is licensed {}, a strong copyleft licence: a program distributed with it, sold or "
             "given away, must be released with its source code under the same licence, so it cannot ship in a "
             "closed-source product unless you release the product's source under that licence (or its authors "
             "grant you another licence).")
NETWORK_NO = ("**No:** `tilecellr` is licensed AGPL-3.0-only, a strong copyleft licence that also covers use over a "
              "network: a program distributed with it must be released with its source code under the same licence, "
              "and even one only offered as a network service must offer its users that source, so it cannot be part "
              "of a closed-source product unless you release the product's source under that licence (or its "
              "authors grant you another licence).")
LGPL_YES = ("**Yes, with conditions:** `tilecellr` is licensed LGPL-3.0-or-later, a weak copyleft licence: a "
            "closed-source product may use it only as a separate library its users can replace with their own build "
            "of it (linked dynamically, not compiled into your code), with its licence text shipped and any changes "
            "to the library itself released under the same licence.")
MPL_YES = ("**Yes, with conditions:** `tilecellr` is licensed MPL-2.0, a weak copyleft licence that covers only its "
           "own files: a closed-source product may include it, but its licence notice must be kept and any changes "
           "made to its files released under the same licence.")
PERMISSIVE_YES = ("**Yes:** `tilecellr` is licensed {}, a permissive licence: it may be used in a closed-source "
                  "product that you sell or distribute, provided its copyright and licence notice is kept.")


@pytest.mark.parametrize(("licence", "expected"), [
    ("GPL-3.0-or-later", STRONG_NO.format("GPL-3.0-or-later")),
    ("GPL-2.0-only", STRONG_NO.format("GPL-2.0-only")),
    ("GNU General Public License v3 (GPLv3)", STRONG_NO.format("GNU General Public License v3 (GPLv3)")),
    ("AGPL-3.0-only", NETWORK_NO),
    ("LGPL-3.0-or-later", LGPL_YES),
    ("MPL-2.0", MPL_YES),
    ("MIT", PERMISSIVE_YES.format("MIT")),
    ("BSD-3-Clause", PERMISSIVE_YES.format("BSD-3-Clause")),
    ("Apache-2.0", PERMISSIVE_YES.format("Apache-2.0")),
    ("ISC", PERMISSIVE_YES.format("ISC")),
])
def test_a_closed_source_product_that_is_sold_is_answered_by_the_licence(licence: str, expected: str) -> None:
    assert first_sentence(answer(SOLD, licence)) == expected


def test_no_licence_or_an_unknown_one_cannot_tell() -> None:
    assert first_sentence(answer(SOLD, None)) == (
        "**Cannot tell:** PyPI gives no licence for `tilecellr`: check the licence file in its repository before "
        "using it in a closed-source product that is sold or distributed; code published with no licence at all "
        "grants no right to copy or ship it.")
    assert first_sentence(answer(SOLD, "Quarrytown Community Licence 1.1")) == (
        "**Cannot tell:** `tilecellr` is licensed Quarrytown Community Licence 1.1, which is not a licence known "
        "here: read its terms (or ask its authors) before using it in a closed-source product that is sold or "
        "distributed.")


@pytest.mark.parametrize("question", [
    SOLD,
    "Can I use tilecellr in proprietary software?",
    "Can tilecellr be used in a commercial product?",
    "We sell a desktop app. Can we use tilecellr in it?",
    "Can we use tilecellr without open-sourcing our code?",
    "Is it OK to ship tilecellr in our closed source product?",
])
@pytest.mark.parametrize("licence", ["GPL-3.0-or-later", "GPL-2.0-or-later", "AGPL-3.0-only", "EUPL-1.2"])
def test_yes_is_never_said_for_a_strong_copyleft_package_in_a_closed_product(question: str, licence: str) -> None:
    assert is_code_task(question)
    said = answer(question, licence)
    assert said.startswith("**No:** `tilecellr` is licensed "), said
    assert "Yes" not in said


def test_a_choice_of_licences_is_answered_by_its_least_binding_one() -> None:
    assert first_sentence(answer(SOLD, "MIT OR GPL-2.0-only")) == (
        "**Yes:** `tilecellr` is licensed MIT OR GPL-2.0-only, which you may take as MIT, a permissive licence: it "
        "may be used in a closed-source product that you sell or distribute, provided its copyright and licence "
        "notice is kept.")
    assert answer(SOLD, "MIT AND GPL-3.0-only").startswith("**No:**")  # both apply: the GPL binds
    assert answer(SOLD, "GPL-2.0-only WITH Classpath-exception-2.0").startswith("**Yes, with conditions:**")


def test_internal_use_distributes_nothing() -> None:
    question = "Can we use tilecellr in our company's internal tool?"
    assert first_sentence(answer(question, "GPL-3.0-only")) == (
        "**Yes:** `tilecellr` is licensed GPL-3.0-only, a strong copyleft licence, but its conditions apply only "
        "when the program is distributed: using it in a tool used only inside your organisation, with no copy "
        "given to anyone outside it, obliges you to nothing; distributing the tool would require releasing its "
        "source under the same licence.")
    assert first_sentence(answer(question, "AGPL-3.0-or-later")) == (
        "**Yes, with conditions:** `tilecellr` is licensed AGPL-3.0-or-later, a strong copyleft licence that also "
        "covers use over a network: use inside your organisation is allowed, but if you modify it and people "
        "outside the organisation use it over a network, you must offer them its source code under the same "
        "licence, and distributing the tool would require releasing its source.")


def test_a_closed_network_service_is_bound_by_a_network_copyleft_only() -> None:
    question = "Can we run tilecellr in our SaaS without open-sourcing our code?"
    assert first_sentence(answer(question, "AGPL-3.0-only")) == (
        "**No:** `tilecellr` is licensed AGPL-3.0-only, a strong copyleft licence that also covers use over a "
        "network: the users of a network service running it must be offered the service's source code under the "
        "same licence, so the service cannot stay closed-source (unless its authors grant you another licence).")
    assert answer(question, "GPL-3.0-only").startswith(
        "**Yes:** `tilecellr` is licensed GPL-3.0-only, a strong copyleft licence whose conditions apply when the "
        "program is distributed: running it on your own servers to serve users over a network is not distribution")


def test_compatibility_with_a_named_project_licence() -> None:
    question = "Is tilecellr's licence compatible with MIT?"
    assert is_code_task(question)
    assert first_sentence(answer(question, "GPL-3.0-or-later")) == (
        "**No:** `tilecellr` is licensed GPL-3.0-or-later, a strong copyleft licence: a project under MIT that uses "
        "it must, when distributed, be released as a whole under GPL-3.0-or-later's terms, so it cannot stay under "
        "MIT alone (MIT code may go into a GPL-3.0-or-later work, not the other way round).")
    assert first_sentence(answer(question, "BSD-2-Clause")) == (
        "**Yes:** `tilecellr` is licensed BSD-2-Clause, a permissive licence that fits a project under MIT: keep "
        "its copyright and licence notice.")
    assert answer(question, "MPL-2.0").startswith("**Yes, with conditions:** `tilecellr` is licensed MPL-2.0")
    assert answer("Is tilecellr compatible with our GPL-3.0-only project?", "GPL-3.0-or-later").startswith("**Yes:**")
    assert answer("Is tilecellr compatible with our GPL-2.0-only project?", "GPL-3.0-only").startswith("**No:**")
    assert answer("Is tilecellr compatible with our GPL-2.0-only project?", "Apache-2.0").startswith("**No:**")


def test_the_package_to_use_instead_is_one_whose_licence_allows_the_use() -> None:
    result = survey(FakeRegistry([facts("GPL-3.0-only")]), task_of(SOLD), None)  # type: ignore[arg-type]
    result.packages.append(facts("MIT", "cellgridx"))  # a candidate a fetched page named
    said = yes_no_answer(SOLD, result, Evidence({}))
    assert [p.name for p in result.recommendable()] == ["cellgridx"]
    assert said.startswith("**No:** `tilecellr` is licensed GPL-3.0-only")
    assert "`cellgridx` 3.2.0 is licensed MIT instead." in said


def test_the_registry_s_bad_news_follows_the_licence_answer() -> None:
    pulled = replace(facts("MIT"), status="deprecated", latest_good=None)
    result = survey(FakeRegistry([pulled]), task_of(SOLD), None)  # type: ignore[arg-type]
    said = yes_no_answer(SOLD, result, Evidence({}))
    assert first_sentence(said) == PERMISSIVE_YES.format("MIT")
    assert " Besides, every release of `tilecellr` is deprecated" in said


def test_the_use_is_read_from_the_question() -> None:
    assert licence_use(SOLD) == LicenceUse("closed")
    assert licence_use("Can I use tilecellr in our open-source app that we sell?") is None
    assert licence_use("Can I use tilecellr in our in-house dashboard?") == LicenceUse("internal")
    assert licence_use("Is it fine to use tilecellr in a hosted web app we sell?") == LicenceUse("service")
    assert licence_use("Is tilecellr compatible with Apache-2.0?") == LicenceUse("compatible", "Apache-2.0")
    assert licence_use("Can I use tilecellr in our Apache-2.0-licensed project?") == LicenceUse("compatible",
                                                                                               "Apache-2.0")
    assert licence_use("Is tilecellr compatible with asyncio?") is None  # no licence: a feature
    assert licence_use("Should I use tilecellr for map tiles?") is None
    assert not is_code_task("Can I use a cast iron pan in a commercial kitchen?")


@pytest.mark.parametrize(("question", "opening"), [
    ("Is tilecellr's licence compatible with MIT?", "**No:**"),
    ("Can tilecellr be used in a commercial product?", "**No:**"),
    ("Can we run tilecellr in our SaaS without open-sourcing our code?", "**Yes:**"),  # no copy is handed out
    ("What licence does tilecellr use, and can I use it in a closed-source product we sell?", "**No:**"),
    ("What licence does tilecellr use? Can I use it in a closed-source product we sell?", "**No:**"),
])
def test_a_licence_question_about_a_package_is_a_code_question(question: str, opening: str) -> None:
    assert _classify_domain(question) == "code" and is_code_task(question) and asks_licence_use(question)
    assert answer(question, "GPL-3.0-only").startswith(f"{opening} `tilecellr` is licensed GPL-3.0-only, a strong")


@pytest.mark.parametrize("question", [
    "Can I use a cast iron pan in a commercial kitchen?",
    "Which hip-hop licence deal was signed in 1999?",
    "Was the Harrowgate Mill sold to a proprietary company in 1902?",
])
def test_a_use_without_a_package_is_no_code_question(question: str) -> None:
    assert _classify_domain(question) != "code" and not asks_licence_use(question) and package_names(question) == []


def test_licence_families() -> None:
    assert [licence_family(x) for x in ("GPL-3.0-or-later", "LGPL-2.1-only", "AGPL-3.0", "SSPL-1.0", "MPL-2.0",
                                        "EPL-2.0", "Apache-2.0", "0BSD", "Unlicense", "Proprietary", None)] == [
        "strong", "library", "network", "network", "file", "file", "permissive", "permissive", "permissive", None,
        None]
    assert licence_family("GNU Lesser General Public License v3 (LGPLv3)") == "library"
    assert licence_family("GNU Affero General Public License v3") == "network"
    assert licence_family("Mozilla Public License 2.0 (MPL 2.0)") == "file"
    assert use_clash(LicenceUse("closed"), "LGPL-3.0-only") is None
    assert use_clash(LicenceUse("internal"), "AGPL-3.0-only") is None


def test_the_use_is_no_requirement_nor_a_package_to_look_up() -> None:
    assert requirements_of(SOLD, ["tilecellr"]) == []
    assert requirements_of("Is tilecellr's licence compatible with MIT?", ["tilecellr"]) == []
    assert [r.text for r in requirements_of("I need a YAML library compatible with asyncio")] == ["asyncio"]
    task = task_of("Can I use tilecellr in a closed-source app that we sell? It must not need open-sourcing.")
    assert task.named == ("tilecellr",) and task.words == ()
    assert task_of("Is the licence of tilecellr compatible with Apache-2.0?").named == ("tilecellr",)


async def test_a_closed_source_question_on_the_stand_ins_leads_with_no_and_recommends_nothing() -> None:
    doc = pypi_json("tilecellr", "3.2.0", summary="Encode map positions as tile cells", licence="GPL-3.0-or-later",
                    releases={"2.0.0": "2022-02-01", "3.0.0": "2024-06-01", "3.2.0": "2025-10-14"})
    out, events = await analysed(SOLD, routes_added={"/pypi/tilecellr/json": Reply(200, json.dumps(doc).encode(),
                                                                                    JSON)})
    body = out.sections[0]["body"]
    assert body.startswith("**No:** `tilecellr` is licensed GPL-3.0-or-later[@")
    assert "**Recommended:" not in body and "rules it out for a closed-source product" in body
    assert "we sell" not in out.sections[1]["body"]  # the table has no "we sell" requirement column
    assert out.max_tier == "high" and out.pick == {"kind": "answer"}
    assert events["PackagesSurveyed"]["packages"][0]["licence_clash"]
    doc["info"]["license"] = "LGPL-3.0-only"
    out, _ = await analysed(SOLD, routes_added={"/pypi/tilecellr/json": Reply(200, json.dumps(doc).encode(), JSON)})
    assert out.sections[0]["body"].startswith("**Yes, with conditions:** `tilecellr` is licensed LGPL-3.0-only[@")
    assert out.max_tier == "medium"
    doc["info"]["license"] = None
    out, _ = await analysed(SOLD, routes_added={"/pypi/tilecellr/json": Reply(200, json.dumps(doc).encode(), JSON)})
    assert out.sections[0]["body"].startswith("**Cannot tell:**") and out.max_tier == "low"
