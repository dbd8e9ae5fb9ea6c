// One run's page: the live stage timeline from the event stream, the report and trust UI swapped in when the
// run ends, the source panel a citation opens, the claim filter and cancel.
import { api, errorText, followEvents } from "./api.js";

const root = document.getElementById("run");
const runId = root.dataset.runId;
const TERMINAL = new Set(["RunCompleted", "RunFailed", "RunCancelled"]);
const ORDER = ["plan", "search", "fetch", "extract", "verify", "write", "judge", "end"];
const timeline = document.getElementById("timeline");
const elapsedEl = document.getElementById("elapsed");
const usageEl = document.getElementById("usage");
const eventsEl = document.getElementById("events");
const countEl = document.getElementById("event-count");

const s = { t0: null, lastT: null, lastAt: 0, done: false, searches: 0, hits: 0, selected: 0, fetched: 0,
  failed: 0, extractedSources: 0, claims: 0, toVerify: 0, verified: 0, verdicts: {}, calls: 0, usd: 0, tokens: 0,
  count: 0 };

function row(stage) { return timeline.querySelector(`[data-stage="${stage}"]`); }

function secs(t) { return s.t0 === null ? 0 : (t - s.t0) / 1000; }

function fmt(sec) {
  if (sec < 60) return `${sec.toFixed(1)} s`;
  const m = Math.floor(sec / 60);
  return `${m} min ${Math.round(sec - 60 * m)} s`;
}

function mark(stage, state, progress, t) {
  const li = row(stage);
  if (!li) return;
  const idx = ORDER.indexOf(stage);
  if (state === "active" || state === "done") {
    // every earlier stage has ended when a later one moves
    for (const earlier of ORDER.slice(0, idx)) {
      const r = row(earlier);
      if (r.classList.contains("pending") || r.classList.contains("active")) {
        r.classList.remove("pending", "active");
        r.classList.add("done");
      }
    }
  }
  if (!(li.classList.contains("done") && state === "active")) {
    li.classList.remove("pending", "active", "done", "failed");
    li.classList.add(state);
  }
  if (progress !== undefined) li.querySelector(".progress").textContent = progress;
  if (t !== undefined) li.querySelector(".at").textContent = `+${fmt(secs(t))}`;
}

function plural(n, word) {
  if (n === 1) return `${n} ${word}`;
  if (word.endsWith("query")) return `${n} ${word.slice(0, -1)}ies`;
  return `${n} ${word}${/(s|sh|ch|x)$/.test(word) ? "es" : "s"}`;
}

function handle(ev) {
  const t = Date.parse(ev.occurred_at);
  if (s.t0 === null) s.t0 = t;
  s.lastT = t;
  s.lastAt = performance.now();
  s.count += 1;
  // when each event reached the page (the SSE latency figure: received minus recorded)
  (window.assayEventTimes ||= []).push({ seq: ev.seq, type: ev.type, occurred: t, received: Date.now() });
  countEl.textContent = String(s.count);
  const li = document.createElement("li");
  li.dataset.seq = String(ev.seq);
  li.innerHTML = `<span class="seq"></span> <span class="type"></span> <span class="at"></span> <span class="summary"></span>`;
  li.querySelector(".seq").textContent = `#${ev.seq}`;
  li.querySelector(".type").textContent = ev.type;
  li.querySelector(".at").textContent = `+${fmt(secs(t))}`;
  li.querySelector(".summary").textContent = ev.summary || "";
  eventsEl.appendChild(li);
  const d = ev.data || {};
  switch (ev.type) {
    case "RunStarted": mark("plan", "active", `${d.scope || ""} · ${d.depth || ""}`, t); break;
    case "PlanCreated": {
      const n = (d.sub_queries || []).length;
      if (reviewing()) {  // plan review: the run waits for the reader (see the plan review block below)
        mark("plan", "active", `${plural(n, "sub-query")}, awaiting your review`, t);
        showPlan(d.sub_queries || []);
        break;
      }
      mark("plan", "done", plural(n, "sub-query"), t);
      mark("search", "active", "", t);
      break;
    }
    case "PlanRevised": mark("plan", "active", `revised: ${plural((d.sub_queries || []).length, "sub-query")}`, t); break;
    case "PlanApproved":
      hidePlan();
      mark("plan", "done", `${plural((d.sub_queries || []).length, "sub-query")}, approved${d.revised ? " (revised)" : ""}`, t);
      mark("search", "active", "", t);
      break;
    case "SearchCompleted":
      s.searches += 1; s.hits += (d.hits || []).length;
      mark("search", "active", `${plural(s.searches, "search")}, ${plural(s.hits, "hit")}`, t);
      break;
    case "SourcesSelected":
      s.selected = (d.sources || []).length;
      mark("search", "done", `${plural(s.searches, "search")}, ${s.selected} selected`, t);
      mark("fetch", "active", `0 of ${s.selected}`, t);
      break;
    case "SourceFetched": case "SourceFailed": {
      if (ev.type === "SourceFetched") s.fetched += 1; else s.failed += 1;
      const all = s.fetched + s.failed >= s.selected && s.selected > 0;
      mark("fetch", all ? "done" : "active",
        `${s.fetched} of ${s.selected} fetched${s.failed ? `, ${s.failed} failed` : ""}`, t);
      break;
    }
    case "ClaimsExtracted":
      s.extractedSources += 1; s.claims += (d.claims || []).length;
      mark("extract", "active", `${plural(s.claims, "claim")} from ${plural(s.extractedSources, "source")}`, t);
      break;
    case "ExtractionCompleted":
      s.toVerify = (d.claim_ids || []).length;
      mark("extract", "done", `${plural(s.toVerify, "claim")} from ${plural(s.extractedSources, "source")}`, t);
      mark("verify", "active", `0 of ${s.toVerify}`, t);
      break;
    case "ClaimVerified":
      s.verified += 1; s.verdicts[d.verdict] = (s.verdicts[d.verdict] || 0) + 1;
      mark("verify", "active", `${s.verified} of ${s.toVerify} verified`, t);
      break;
    case "ClaimsVerified": {
      const c = d.counts || s.verdicts;
      const parts = Object.entries(c).filter(([k, v]) => v > 0 || k === "supported").map(([k, v]) => `${v} ${k}`);
      mark("verify", "done", parts.join(", ") || "no claims", t);
      mark("write", "active", "", t);
      break;
    }
    case "ConfidenceGated": mark("write", "active", `confidence ${d.tier}`, t); break;
    case "ReportSynthesized":
      mark("write", "done", `${plural((d.citations || []).length, "citation")}${d.partial ? ", partial" : ""}`, t);
      mark("judge", "active", "", t);
      break;
    case "ReportJudged": mark("judge", "active", `score ${d.total}/100`, t); break;
    case "CitationsAudited": mark("judge", "done", `${d.valid} of ${d.total} citations valid`, t); break;
    case "LlmCallRecorded":
      if (d.outcome !== "budget_exhausted") {
        s.calls += 1; s.usd += Number(d.cost_usd || 0); s.tokens += Number(d.tokens_in || 0) + Number(d.tokens_out || 0);
      }
      usageEl.textContent = `${plural(s.calls, "model call")}, ${s.tokens.toLocaleString()} tokens, $${s.usd.toFixed(4)}`;
      break;
    case "RunCompleted": mark("end", "done", d.status === "partial" ? "partial report" : "complete", t); break;
    case "RunFailed": case "RunCancelled": {
      hidePlan();
      const active = timeline.querySelector(".stage.active");
      if (active) { active.classList.remove("active"); active.classList.add("failed"); }
      mark("end", "failed", d.reason === "cancelled" || ev.type === "RunCancelled" ? "cancelled" : `failed: ${d.reason || ""}`, t);
      break;
    }
    default: break;
  }
  tick();
}

function tick() {
  if (s.t0 === null) return;
  const live = s.done ? 0 : (performance.now() - s.lastAt);
  elapsedEl.textContent = fmt(secs(s.lastT) + live / 1000);
}
const clock = setInterval(() => { if (s.done) clearInterval(clock); else tick(); }, 500);

async function loadResult() {
  const res = await fetch(`/runs/${runId}/result`);
  if (!res.ok) return;
  document.getElementById("result").innerHTML = await res.text();
  const status = await api(`/v1/runs/${runId}`);
  if (status.ok) {
    const st = document.getElementById("run-status");
    st.textContent = status.body.status;
    st.className = `status status-${status.body.status}`;
    document.getElementById("exports").hidden = !status.body.report;
  }
  document.getElementById("cancel").hidden = true;
  root.dataset.status = "finished";
}

followEvents(runId, {
  after: 0, terminal: TERMINAL, onEvent: handle,
  onEnd: async () => {
    s.done = true;
    tick();
    if (s.calls === 0) usageEl.textContent = "offline engines: no model calls";
    root.classList.add("ended");
    if (["requested", "running"].includes(root.dataset.status)) await loadResult();
    root.dataset.followed = "done";
  },
});

// a citation or an evidence span opens its source beside the report, the span highlighted
async function openSource(link) {
  const panel = document.getElementById("source-panel");
  const body = document.getElementById("source-body");
  if (!panel || !body) { location.assign(link.href); return; }
  document.querySelectorAll("a.cite.active, a.span-link.active").forEach((a) => a.classList.remove("active"));
  link.classList.add("active");
  body.innerHTML = '<p class="hint">Loading the source…</p>';
  panel.hidden = false;
  const res = await fetch(link.getAttribute("href"), { headers: { "X-Assay-Fragment": "1" } });
  body.innerHTML = res.ok ? await res.text() : `<p class="error">The source could not be loaded (HTTP ${res.status}).</p>`;
  const active = body.querySelector("#active-span");
  (active || body).scrollIntoView({ block: active ? "center" : "nearest", behavior: "instant" });
}

document.addEventListener("click", (e) => {
  const link = e.target.closest("a.cite, a.span-link");
  // Ctrl/Cmd/Shift-click and middle-click keep the browser's own "open in a new tab / window"
  if (link && link.getAttribute("href").startsWith("/runs/") && !(e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0)) {
    e.preventDefault();
    openSource(link);
    return;
  }
  if (e.target.closest("#source-close")) {
    document.getElementById("source-panel").hidden = true;
    return;
  }
  const filter = e.target.closest(".filter button");
  if (filter) {
    const want = filter.dataset.filter;
    filter.parentElement.querySelectorAll("button").forEach((b) => b.classList.toggle("on", b === filter));
    document.querySelectorAll("#claim-accordion details.claim").forEach((d) => {
      d.hidden = !(want === "all" || (want === "cited" ? d.dataset.cited === "1" : d.dataset.verdict === want));
    });
  }
});

document.getElementById("cancel").addEventListener("click", async (e) => {
  e.target.disabled = true;
  const res = await api(`/v1/runs/${runId}/cancel`, { method: "POST" });
  if (!res.ok) { e.target.disabled = false; alert(errorText(res.body, res.status)); }
});

// ---- plan review: a run started with review_plan waits after PlanCreated; the reader edits, adds or removes
// sub-queries and approves (POST /v1/runs/{id}/plan: approve, or revise with the new list)
const planPanel = document.getElementById("plan-review");
const planList = document.getElementById("plan-queries");
const planError = document.getElementById("plan-error");
let planShown = [];

function reviewing() { return planPanel && planPanel.dataset.review === "1"; }

function planRow(text) {
  const li = document.createElement("li");
  li.innerHTML = '<input type="text" class="sub-query" maxlength="500" aria-label="Sub-query"> '
    + '<button type="button" class="secondary remove" title="Remove this sub-query" aria-label="Remove">×</button>';
  li.querySelector("input").value = text;
  return li;
}

function showPlan(subQueries) {
  if (!planPanel) return;
  planShown = subQueries.map((q) => q.text);
  planList.replaceChildren(...planShown.map(planRow));
  planError.textContent = "";
  planPanel.hidden = false;
}

function hidePlan() { if (planPanel) planPanel.hidden = true; }

if (planPanel) {
  planList.addEventListener("click", (e) => {
    const remove = e.target.closest("button.remove");
    if (remove) remove.closest("li").remove();
  });
  document.getElementById("plan-add").addEventListener("click", () => {
    const li = planRow("");
    planList.appendChild(li);
    li.querySelector("input").focus();
  });
  document.getElementById("plan-approve").addEventListener("click", async (e) => {
    const texts = [...planList.querySelectorAll("input.sub-query")].map((i) => i.value.trim()).filter(Boolean);
    if (!texts.length) { planError.textContent = "sub_queries: keep at least one sub-query"; return; }
    const same = texts.length === planShown.length && texts.every((t, i) => t === planShown[i]);
    const body = same ? { action: "approve" } : { action: "revise", sub_queries: texts };
    e.target.disabled = true;
    planError.textContent = "";
    const res = await api(`/v1/runs/${runId}/plan?via=web`, { method: "POST", json: body });
    e.target.disabled = false;
    if (!res.ok) { planError.textContent = errorText(res.body, res.status); return; }
    hidePlan();  // PlanApproved arrives on the event stream and moves the timeline on
  });
}
