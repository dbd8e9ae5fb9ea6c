"""Trial t53s code items 2 and 3 (C1, C4, C6, C7, D4): ``rank`` put "latest release yanked" before everything but
usability, so a package whose latest release only is yanked (usable, pinned, at the release before) lost to any
other, a GPL one, a one-release one, even to another when the question asked how to call it by name. Now such a
yank is a caution (pin the earlier release) that only breaks ties; the package the question asks about comes
first; a value the question writes with a unit symbol ("2.4 GHz") is a requirement, contradicted by a package's
own "prefixed units (kHz, MHz) are not supported" or "... only" of another family of the unit; the successor a
deprecated workspace dependency names for itself is surveyed and ranks like a named one's; and "established
(releases over time)" is said only of a package whose registry history shows it. Invented packages, registry
boundary faked (``FakeRegistry``)."""

from __future__ import annotations

import json

from services.domain_code.offline import Survey, sections, survey, task_of
from services.domain_code.registries import PackageFacts
from services.domain_code.requirements import Requirement, assess, requirements_of, unit_family
from shared.workspace import Dependency, Workspace
from tests.code_standins import FakeRegistry

FREQ_Q = 'Which Python library should I use to read radio frequencies like "2.4 GHz" into hertz?'


def _facts(name: str, licence: str, versions: dict[str, str], *, yanked: tuple[str, ...] = (),
           summary: str = "Frequency parsing", readme: str = "") -> PackageFacts:
    latest = max(versions, key=lambda v: tuple(int(x) for x in v.split(".")))
    good = [v for v in versions if v not in yanked]
    best_good = max(good, key=lambda v: tuple(int(x) for x in v.split("."))) if good else None
    return PackageFacts("pypi", name, f"https://pypi.example/pypi/{name}/json", version=latest,
                        latest_release=versions[latest], first_release=min(versions.values()),
                        releases=len(versions), license=licence, summary=summary, readme=readme,
                        status="yanked" if latest in yanked else "active",
                        status_detail="reads MHz as Hz" if latest in yanked else "", yanked_versions=yanked,
                        latest_good=best_good, latest_good_release=versions[best_good] if best_good else None)


#: MIT, established, its latest release only yanked; its README reads every SI-prefixed hertz unit
FREQLY = _facts("freqly", "MIT", {"1.0.0": "2022-02-01", "1.4.0": "2023-09-12", "2.0.0": "2025-03-03",
                                  "2.1.0": "2026-10-20"}, yanked=("2.1.0",),
                readme="# freqly\n\nReads values such as 2.4 GHz, 433 MHz or 50 Hz into hertz.\n")
#: GPL, established, active; its README says prefixed units are not supported
HERTZKIT = _facts("hertzkit", "GPL-3.0-only", {"0.8.0": "2023-05-01", "1.0.0": "2024-06-01", "1.1.0": "2026-08-01"},
                  readme="# hertzkit\n\nConverts frequencies. Plain hertz values only; prefixed units (kHz, MHz) are "
                         "not supported.\n")
#: MIT, one release, says nothing of units
WAVECOUNT = _facts("wavecount", "MIT", {"1.3.0": "2026-06-15"}, summary="Frequency arithmetic and parsing")


def _survey(question: str, known: list[PackageFacts], names: list[str], workspace: Workspace | None = None
            ) -> Survey:
    return survey(FakeRegistry(known), task_of(question, workspace), workspace, search=False,  # type: ignore[arg-type]
                  extra=names)


def _body(question: str, result: Survey) -> str:
    return str(sections(question, result, [], [], {})[0][0]["body"])


def test_a_unit_symbol_the_question_writes_is_a_requirement_of_its_unit_family() -> None:
    assert unit_family("GHz") == ("decimal", "hertz") and unit_family("KiB") == ("binary", "byte")
    assert unit_family("ms") == ("decimal", "second") and unit_family("Hz") == ("", "hertz")
    assert unit_family("units") is None and unit_family("in") is None and unit_family("days") is None
    reqs = requirements_of(FREQ_Q)
    assert [(r.text, r.unit) for r in reqs] == [("GHz units (as in 2.4 GHz)", ("decimal", "hertz"))]
    verdicts = {p.name: assess(reqs[0], p).verdict for p in (FREQLY, HERTZKIT, WAVECOUNT)}
    assert verdicts == {"freqly": "met", "hertzkit": "contradicted", "wavecount": "not shown"}


def test_only_another_family_of_the_unit_contradicts_the_need() -> None:
    need = [r for r in requirements_of('Which Python library should I use to read tuner settings like "433 MHz"?')
            if r.unit is not None]
    assert [r.unit for r in need] == [("decimal", "hertz")]
    only = _facts("tuneparse", "MIT", {"1.0.0": "2024-01-01"}, readme="Reads tuner settings. Plain Hz only.")
    both = _facts("tunefull", "MIT", {"1.0.0": "2024-01-01"}, readme="Reads Hz and MHz values.")
    assert assess(need[0], only).verdict == "contradicted"
    assert assess(need[0], both).verdict == "met"
    assert assess(Requirement("ms units", ("ms",), unit=("decimal", "second")), only).verdict == "not shown"


def test_a_latest_release_yanked_is_a_caution_not_a_loss() -> None:
    result = _survey(FREQ_Q, [HERTZKIT, WAVECOUNT, FREQLY], ["hertzkit", "wavecount", "freqly"])
    assert [p.name for p in result.packages] == ["freqly", "wavecount", "hertzkit"]
    body = _body(FREQ_Q, result)
    assert body.startswith("**Recommended: `freqly` 2.0.0** (PyPI), released 2025-03-03, pinned (`freqly==2.0.0`) "
                           "because its latest release 2.1.0 is yanked (reads MHz as Hz), licence MIT.")
    # without the unit need, the GPL candidate still loses to the permissive one pinned at its older release
    plain_q = "Which Python library should I use to read radio frequencies into hertz?"
    plain = _survey(plain_q, [HERTZKIT, FREQLY], ["hertzkit", "freqly"])
    assert [p.name for p in plain.packages] == ["freqly", "hertzkit"]
    assert "`freqly` is the better choice of the two (pin `freqly==2.0.0`: its latest release 2.1.0 is yanked): " \
           "`hertzkit` is licensed GPL-3.0-only (strong copyleft" in _body("freqly vs hertzkit: which should I use "
                                                                           "to read radio frequencies in Python?",
                                                                           _survey("freqly vs hertzkit: which should I "
                                                                                   "use to read radio frequencies in "
                                                                                   "Python?", [HERTZKIT, FREQLY], []))


def test_the_package_a_how_to_question_names_comes_first() -> None:
    tuner = _facts("tunerlib", "MIT", {"1.0.0": "2021-01-01", "2.0.0": "2024-01-01", "2.2.0": "2026-09-01"},
                   summary="Radio frequency helpers")
    question = "How do I call `freqly` to read a radio frequency into hertz? Show a snippet."
    result = _survey(question, [tuner, FREQLY], ["tunerlib"])
    assert result.one_asked == "freqly"
    assert [p.name for p in result.packages][0] == "freqly"
    assert _body(question, result).startswith("**Recommended: `freqly` 2.0.0** (PyPI)")


def test_a_deprecated_workspace_dependency_names_the_answer_and_one_release_is_no_track_record() -> None:
    old = _facts("oldfreq", "MIT", {"0.3.0": "2017-01-01", "0.4.0": "2018-05-01"},
                 summary="DEPRECATED: no longer maintained, use freqly instead")
    old = PackageFacts(**{**old.__dict__, "status": "deprecated"})
    ws = Workspace("/ws", ["pyproject.toml"], [Dependency("pypi", "oldfreq", "==0.4.0", "0.4.0", "pyproject.toml")],
                   "LicenseRef-Proprietary")
    result = _survey(FREQ_Q, [old, HERTZKIT, WAVECOUNT, FREQLY], ["hertzkit", "wavecount"], ws)
    assert result.successors == {"pypi:oldfreq": ["freqly"]}
    assert result.recommendable()[0].name == "freqly"
    body = _body(FREQ_Q, result)
    assert body.startswith("**Recommended: `freqly` 2.0.0** (PyPI)")
    assert "named by `oldfreq` as its successor, established (releases over time)" in body
    assert "plan to replace it — the recommended `freqly` 2.0.0 does the same job" in body  # not the yanked 2.1.0
    # the one-release candidate, recommended when it is all there is, is not called established
    alone = _body(FREQ_Q, _survey(FREQ_Q, [WAVECOUNT], ["wavecount"]))
    assert alone.startswith("**Recommended: `wavecount` 1.3.0** (PyPI)")
    assert "established (releases over time)" not in alone


def test_a_pick_another_candidate_beats_on_the_stated_need_or_the_licence_caution_has_a_better_rival() -> None:
    # the package asked about stays the answer, but a candidate shown to read GHz is better on the stated need
    question = 'How do I call `wavecount` to read "2.4 GHz" into hertz?'
    asked = _survey(question, [FREQLY, WAVECOUNT], ["freqly"])
    assert _body(question, asked).startswith("**Recommended: `wavecount` 1.3.0** (PyPI)")
    rival = asked.better_rival(asked.recommendable()[0])
    assert rival is not None and rival.name == "freqly"
    # a GPL pick ranked first on its longer record, beside a permissive candidate as good on the need
    plain_q = "Which Python library should I use to read radio frequencies into hertz?"
    gpl = _survey(plain_q, [HERTZKIT, WAVECOUNT], ["hertzkit", "wavecount"])
    assert [p.name for p in gpl.recommendable()] == ["hertzkit", "wavecount"]
    rival = gpl.better_rival(gpl.recommendable()[0])
    assert rival is not None and rival.name == "wavecount"
    gpl_project = Workspace("/ws", ["pyproject.toml"], [], "GPL-3.0-only")  # the licence caution does not apply
    fitted = _survey(plain_q, [HERTZKIT, WAVECOUNT], ["hertzkit", "wavecount"], gpl_project)
    assert fitted.better_rival(fitted.recommendable()[0]) is None
    right = _survey(FREQ_Q, [HERTZKIT, WAVECOUNT, FREQLY], ["hertzkit", "wavecount", "freqly"])
    assert right.better_rival(right.recommendable()[0]) is None


def test_a_readme_sentence_with_inline_code_is_cited_in_its_own_words() -> None:
    readme = "# freqly\n\nReads radio settings such as `2.4 GHz` or `433 MHz`. Nothing else.\n"
    document = '{"info": {"description": ' + json.dumps(readme) + "}}"
    code_readme = _facts("freqly", "MIT", {"1.0.0": "2024-01-01"}, readme=readme)
    found = assess(requirements_of(FREQ_Q)[0], code_readme, {code_readme.url: document})
    assert found.verdict == "met" and found.sentence == "Reads radio settings such as 2.4 GHz or 433 MHz ."
    assert found.needle == "Reads radio settings such as `2.4 GHz` or `433 MHz" and found.needle in document


def test_only_another_named_format_for_the_same_job_contradicts_the_need() -> None:
    need = requirements_of("I need a Python library that parses GRIB files")
    assert [r.text for r in need] == ["parses GRIB files"]
    verdicts = {readme: assess(need[0], _facts("wxread", "MIT", {"1.0.0": "2024-01-01"}, readme=readme)).verdict
                for readme in ("Parses HDF5 files only.", "Parses GRIB and HDF5 files.",
                               "Only HTTPS URLs are supported.", "Not only HDF5 files but also GRIB files are parsed.")}
    assert verdicts == {"Parses HDF5 files only.": "contradicted", "Parses GRIB and HDF5 files.": "met",
                        "Only HTTPS URLs are supported.": "not shown",
                        "Not only HDF5 files but also GRIB files are parsed.": "met"}
