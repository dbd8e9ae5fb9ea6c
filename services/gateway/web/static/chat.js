// The chat page: streams /v1/chat/completions, shows a running research's progress in the conversation and a
// research card (answer, confidence badge, citation pills, full report link) when the run ends.
import { api, apiKey, errorText } from "/static/api.js";

const root = document.getElementById("chat");
const list = document.getElementById("messages");
const form = document.getElementById("chat-form");
const input = document.getElementById("chat-input");
const errorBox = document.getElementById("chat-error");
let conversation = root.dataset.conversation || crypto.randomUUID();

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function addMessage(role, text) {
  const li = el("li", `message ${role}`);
  li.append(el("div", "who", role === "user" ? "You" : "Assay"));
  const body = el("div", "text", text || "");
  li.append(body);
  list.append(li);
  return li;
}

/** The answer part of a report: its Markdown before the source list, without the heading lines. */
function answerText(report) {
  const cut = report.search(/^#+\s*(Sources|References)\b/m);
  return (cut >= 0 ? report.slice(0, cut) : report).replace(/^#+\s.*$/gm, "").trim();
}

async function researchCard(li, runId) {
  const { ok, status, body } = await api(`/v1/runs/${runId}`);
  if (!ok) { li.append(el("p", "error", errorText(body, status))); return; }
  const card = el("article", "research-card");
  card.dataset.run = runId;
  const head = el("header");
  const tier = body.confidence ? body.confidence.tier : "none";
  const badge = el("span", `badge confidence tier-${tier}`, `confidence ${tier}`);
  head.append(el("strong", "", body.status === "completed" || body.status === "partial" ? "Research" : `Research ${body.status}`), badge);
  card.append(head);
  card.append(el("div", "answer", body.report ? answerText(body.report) : (body.failure ? body.failure.reason : "no report")));
  const pills = el("div", "pills");
  const seen = new Set();
  for (const c of body.citations || []) {
    if (seen.has(c.n)) continue;
    seen.add(c.n);
    const a = el("a", "pill", `[${c.n}]`);
    a.href = `/runs/${runId}/sources/${c.source_id}?start=${c.start}&end=${c.end}&n=${c.n}`;
    a.target = "_blank";
    a.title = c.quote;
    pills.append(a);
  }
  card.append(pills);
  const link = el("a", "full-report", "Full report");
  link.href = `/runs/${runId}`;
  card.append(link);
  li.append(card);
}

async function send(text) {
  errorBox.textContent = "";
  addMessage("user", text);
  const li = addMessage("assistant", "");
  const body = li.querySelector(".text");
  const progress = el("ol", "progress");
  const headers = { "Content-Type": "application/json", "X-Assay-Conversation": conversation };
  if (apiKey()) headers["Authorization"] = `Bearer ${apiKey()}`;
  const res = await fetch("/v1/chat/completions", { method: "POST", headers, body: JSON.stringify({
    model: document.getElementById("model").value, stream: true,
    messages: [{ role: "user", content: text }],
    force_research: document.getElementById("force-research").checked,
    research_scope: document.getElementById("scope").value,
  }) });
  if (!res.ok) {
    let err = null;
    try { err = await res.json(); } catch { err = null; }
    li.remove();
    errorBox.textContent = errorText(err, res.status);
    return;
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buf = "", meta = null, final = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += decoder.decode(value, { stream: true });
    let i;
    while ((i = buf.indexOf("\n\n")) >= 0) {
      const block = buf.slice(0, i); buf = buf.slice(i + 2);
      if (!block.startsWith("data: ") || block === "data: [DONE]") continue;
      const chunk = JSON.parse(block.slice(6));
      meta = chunk.assay;
      const content = (chunk.choices[0].delta || {}).content || "";
      if (!content) continue;
      if (meta.research && meta.status === "running") {
        if (!progress.isConnected) { body.textContent = content.trim(); li.append(progress); continue; }
        for (const line of content.split("\n")) if (line.startsWith("- ")) progress.append(el("li", "", line.slice(2)));
      } else {
        final += content;
      }
    }
  }
  if (meta && meta.research && meta.run_id) {
    li.classList.add("done");
    await researchCard(li, meta.run_id);
  } else {
    body.textContent = final.trim();
  }
  if (meta) li.dataset.reason = meta.reason;
  history.replaceState(null, "", `/chat?c=${conversation}`);
}

async function reopen() {
  const { ok, body } = await api(`/v1/chat/conversations/${conversation}`);
  if (!ok) return;
  for (const t of body.turns) {
    addMessage("user", t.question);
    const li = addMessage("assistant", t.answer ? "" : `Researching (${t.status})…`);
    if (t.run_id && t.answer) await researchCard(li, t.run_id);
    else if (t.answer) li.querySelector(".text").textContent = t.answer;
  }
}

form.addEventListener("submit", async (e) => {
  e.preventDefault();
  const text = input.value.trim();
  if (!text) { errorBox.textContent = "message: write a question first"; return; }
  input.value = "";
  document.getElementById("send").disabled = true;
  try { await send(text); } finally { document.getElementById("send").disabled = false; }
});

if (root.dataset.conversation) reopen();
