// The research view: the form's controls to a RunRequested body, POST /v1/runs, then the run's page.
import { api, errorText } from "./api.js";

const form = document.getElementById("research-form");
const slider = document.getElementById("max-sources");
const out = document.getElementById("max-sources-out");
const error = document.getElementById("form-error");
const start = document.getElementById("start");

slider.addEventListener("input", () => { out.textContent = slider.value; });

// The question's length against its limit: the browser cuts a longer paste at maxlength without a word
const questionBox = document.getElementById("question");
const questionCount = document.getElementById("question-count");
function countQuestion() {
  const n = questionBox.value.length, max = questionBox.maxLength;
  questionCount.textContent = n >= max ? `${n} / ${max} characters: the limit (anything longer was cut)`
                                       : `${n} / ${max} characters`;
  questionCount.classList.toggle("error", n >= max);
}
questionBox.addEventListener("input", countQuestion);
countQuestion();

form.addEventListener("submit", async (e) => {
  e.preventDefault();
  error.textContent = "";
  const f = new FormData(form);
  const question = String(f.get("question") || "").trim();
  if (!question) {
    error.textContent = "question: write a question first";
    return;
  }
  const body = {
    question,
    scope: f.get("scope"),
    depth: f.get("depth"),
    domain: f.get("domain"),
    max_sources: Number(f.get("max_sources")),
    site_filter: String(f.get("site_filter") || "").split(/[\s,]+/).map((s) => s.trim()).filter(Boolean),
    verify_claims: f.get("verify_claims") === "on",
    review_plan: f.get("review_plan") === "on",
    fresh: f.get("fresh") === "on",
  };
  const urls = String(f.get("urls") || "").split(/\s+/).map((u) => u.trim()).filter(Boolean);
  if (urls.length) body.urls = urls;
  for (const name of ["corpus", "language"]) {
    const v = String(f.get(name) || "").trim();
    if (v) body[name] = v;
  }
  const budget = {};
  if (f.get("budget_seconds")) budget.seconds = Number(f.get("budget_seconds"));
  if (f.get("budget_tokens")) budget.tokens = Number(f.get("budget_tokens"));
  if (f.get("budget_usd")) budget.usd = Number(f.get("budget_usd"));
  if (Object.keys(budget).length) body.budget = budget;
  const providerField = document.getElementById("provider-field").value;
  if (providerField) {
    body[providerField] = f.getAll("provider");
    if (!body[providerField].length) {
      error.textContent = "providers: tick at least one search engine";
      return;
    }
  }
  start.disabled = true;
  start.textContent = "Starting…";
  try {
    const res = await api("/v1/runs", { method: "POST", json: body });
    if (res.ok && res.body && res.body.run_id) {
      // the question cache: an earlier run answers (200), or the new run re-checks a close one; the page says so
      const cached = res.body.cached && !res.body.recheck_of ? "?cached=1" : "";
      location.assign(`/runs/${res.body.run_id}${cached}`);
      return;
    }
    error.textContent = errorText(res.body, res.status);
  } catch (err) {
    error.textContent = `could not reach the gateway: ${err}`;
  }
  start.disabled = false;
  start.textContent = "Start research";
});
