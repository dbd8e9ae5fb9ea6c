// The browser side of the /v1 API: the optional API key, JSON calls and a resumable Server-Sent Events reader.
const KEY = "assay_key";

/** The API key this browser keeps ("" when none). */
export function apiKey() {
  return localStorage.getItem(KEY) || "";
}

function saveKey(key) {
  if (key) {
    localStorage.setItem(KEY, key);
    document.cookie = `${KEY}=${encodeURIComponent(key)}; path=/; SameSite=Strict`;
  } else {
    localStorage.removeItem(KEY);
    document.cookie = `${KEY}=; path=/; max-age=0; SameSite=Strict`;
  }
}

function headers(extra = {}) {
  const h = { ...extra };
  const key = apiKey();
  if (key) h["Authorization"] = `Bearer ${key}`;
  return h;
}

/** The message of an API error body ({"error": {"message", "fields": [{field, message}]}}). */
export function errorText(body, status) {
  const err = body && body.error;
  if (!err) return `request failed (HTTP ${status})`;
  const fields = (err.fields || []).map((f) => `${f.field}: ${f.message}`);
  return fields.length ? fields.join("; ") : err.message;
}

/** Call the API with JSON; resolves to {ok, status, body}. */
export async function api(path, { method = "GET", json } = {}) {
  const init = { method, headers: headers(json === undefined ? {} : { "Content-Type": "application/json" }) };
  if (json !== undefined) init.body = JSON.stringify(json);
  const res = await fetch(path, init);
  let body = null;
  try { body = await res.json(); } catch { body = null; }
  return { ok: res.ok, status: res.status, body };
}

function parseBlock(block) {
  const ev = { id: null, event: "message", data: [] };
  for (const line of block.split(/\r?\n/)) {
    if (!line || line.startsWith(":")) continue;
    const i = line.indexOf(":");
    const field = i < 0 ? line : line.slice(0, i);
    const value = i < 0 ? "" : line.slice(i + 1).replace(/^ /, "");
    if (field === "id") ev.id = value;
    else if (field === "event") ev.event = value;
    else if (field === "data") ev.data.push(value);
  }
  return ev.data.length ? { ...ev, data: ev.data.join("\n") } : null;
}

/**
 * Follow a run's events: calls onEvent(RunEvent) in order, from the event after `after`; reconnects with
 * Last-Event-ID after a dropped connection (nothing is missed); stops after an event in `terminal`, or when
 * the server answers 204 (nothing more). Returns a function that stops following.
 */
export function followEvents(runId, { after = 0, onEvent, onEnd, terminal }) {
  let last = after;
  let stopped = false;
  const controller = { abort: null };
  const finish = () => { if (!stopped) { stopped = true; onEnd && onEnd(); } };
  async function connect(attempt) {
    if (stopped) return;
    const ac = new AbortController();
    controller.abort = () => ac.abort();
    try {
      const h = headers({ Accept: "text/event-stream" });
      if (last > 0) h["Last-Event-ID"] = String(last);
      const res = await fetch(`/v1/runs/${runId}/events`, { headers: h, signal: ac.signal });
      if (res.status === 204) return finish();
      if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buf = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += value;
        let cut;
        while ((cut = buf.search(/\r?\n\r?\n/)) >= 0) {
          const block = buf.slice(0, cut);
          buf = buf.slice(cut).replace(/^\r?\n\r?\n/, "");
          const ev = parseBlock(block);
          if (!ev) continue;
          let data;
          try { data = JSON.parse(ev.data); } catch { continue; }
          if (typeof data.seq === "number") {
            if (data.seq <= last) continue;  // a repeat after a reconnect
            last = data.seq;
          }
          onEvent(data);
          if (terminal.has(data.type)) { ac.abort(); return finish(); }
        }
      }
      attempt = 0;
    } catch (err) {
      if (stopped || (err && err.name === "AbortError" && stopped)) return;
    }
    if (!stopped) setTimeout(() => connect(attempt + 1), Math.min(5000, 250 * 2 ** attempt));
  }
  connect(0);
  return () => { stopped = true; controller.abort && controller.abort(); };
}

// the key dialog in the header
const button = document.getElementById("key-button");
const dialog = document.getElementById("key-dialog");
if (button && dialog) {
  const input = dialog.querySelector("input[name=key]");
  button.textContent = apiKey() ? "Key ✓" : "Key";
  button.addEventListener("click", () => { input.value = apiKey(); dialog.showModal(); });
  dialog.addEventListener("close", () => {
    if (dialog.returnValue === "save") {
      saveKey(input.value.trim());
      location.reload();
    }
  });
}
// the "Forget this key" button of the unknown-key page
const forget = document.getElementById("forget-key");
if (forget) {
  forget.addEventListener("click", () => { saveKey(""); location.reload(); });
}
