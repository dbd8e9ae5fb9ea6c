"""A question about one figure of a named product that no source gives is answered "Not established: <the figure>"
at low confidence, never with a ranking of the products found (issue 15, trial t52s fault 2: "How loud is the Brakka
DX20 in decibels?" got "Best overall: Brakka DX20 ... rated 8.7/10" at 0.80 medium, judge 92). Through the shopping
engine on invented pages, then the synthesizer's lead and the judge; all products and figures are invented."""

from __future__ import annotations

from uuid import uuid4

from services.judge.offline import judge
from services.synthesizer.domain import place_domain_sections, spec_answer_lead
from shared.report import says_not_established
from tests.domain_runs import cited_report, domain_run, fetched_pages, page_infos
from tests.shop_pages import page, run, spec_shop, verdicts


def drills() -> dict[str, str]:
    """Two drills with torque and weight figures (no noise level), and a test rating both."""
    return {"/corvan": spec_shop("Corvan CD4", "149.00", {"Max torque": "70 Nm", "Weight": "1.5 kg"}),
            "/pelto": spec_shop("Pelto HX2", "139.00", {"Max torque": "40 Nm", "Weight": "1.1 kg"}),
            "/lab": page("Cordless drills tested | DrillLab",
                         "<h1>Cordless drills tested</h1><p>We tested both drills.</p><table><tr><th>Drill</th>"
                         "<th>Score</th></tr><tr><td>Corvan CD4</td><td>8.9/10</td></tr><tr><td>Pelto HX2</td>"
                         "<td>7.9/10</td></tr></table>")}


def test_a_figure_no_source_gives_of_the_product_asked_is_not_established_at_low() -> None:
    result = run("How loud is the Corvan CD4 in decibels?", drills())
    body = verdicts(result)
    assert body.startswith("**Not established: the noise level of the Corvan CD4.** None of the 3 sources read "
                           "gives it"), body
    assert "Best overall" not in body and result.max_tier == "low" and result.pick is None
    assert any("no source gives the noise level of the Corvan CD4" in n for n in result.notes)
    # a figure some source gives is answered with it, as before
    found = verdicts(run("How heavy is the Corvan CD4?", drills()))
    assert found.startswith("**Corvan CD4, as its sources give it:** weight 1.5 kg"), found
    # a ranking question is still ranked, after saying that no two products have the figure it ranks on (task h103:
    # a ranking on another attribute is no answer to "the quietest")
    ranked = verdicts(run("Which is the quietest, the Corvan CD4 or the Pelto HX2?", drills()))
    assert ranked.startswith("**Not established: which product leads on noise level.**"), ranked
    assert "\n- **Best overall: Corvan CD4**" in ranked, ranked


def test_the_lead_says_not_established_and_the_judge_scores_it_as_no_answer() -> None:
    question = "How loud is the Corvan CD4 in decibels?"
    shop = str(uuid4())
    sections = [{"heading": "Verdicts", "evidence": [],
                 "body": "**Not established: the noise level of the Corvan CD4.** None of the 3 sources read gives "
                         "it; the sections below show what they give of the products found."}]
    run_view = domain_run(question, "shopping", sections, fetched_pages({shop: "Corvan CD4 | Shop"}),
                          topic="drill")
    report = cited_report("# Q\n\n## Answer\n\nThe Corvan CD4 is an 18 V drill with 70 Nm of torque [1].\n\n"
                          "## Sources\n\n- [1] Corvan CD4 | Shop — https://w.example/0\n", ((1, shop),))
    out = spec_answer_lead(place_domain_sections(report, run_view, page_infos({shop: "Corvan CD4 | Shop"})),
                           run_view)
    answer = out.markdown.split("## Answer", 1)[1].split("\n## ", 1)[0].strip()
    assert answer.startswith("Not established: the noise level of the Corvan CD4. None of the 3 sources"), answer
    assert says_not_established(out.markdown)
    scored = judge(out.markdown, question=question, claims_total=1, claims_supported=1, citations=out.citations,
                   sub_queries=[question])
    assert scored.total <= 33 and not scored.answered, scored
