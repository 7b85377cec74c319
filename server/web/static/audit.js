// evidence-trace audit page: paging the timeline, opening linked rows, live updates over SSE.
// Served as a static file (CSP: script-src 'self'); every HTML fragment it inserts was rendered
// and escaped by the server's templates, and it never builds markup from data itself.
"use strict";

(function () {
  const page = document.getElementById("session-page");
  if (!page) return;
  const sessionId = page.dataset.session;
  const rows = document.getElementById("tl-rows");
  const span = { start: 0, end: 0 };
  if (page.dataset.span) {
    const parts = page.dataset.span.split(".");
    span.start = Number(parts[0]);
    span.end = Number(parts[1]);
  }

  function fragment(html) {
    const t = document.createElement("template");
    t.innerHTML = html;
    return t.content;
  }

  // Place every bar on the axis from its row's data-start/data-end (µs): after rows arrive the
  // axis may have grown. SVG attributes, not inline styles.
  function layout() {
    const length = Math.max(span.end - span.start, 1);
    for (const row of rows.querySelectorAll(".tl-row")) {
      const start = Number(row.dataset.start), end = Number(row.dataset.end);
      let x = ((start - span.start) / length) * 100;
      x = Math.min(Math.max(x, 0), 99.6);
      const w = Math.min(Math.max(((end - start) / length) * 100, 0.4), 100 - x);
      const rect = row.querySelector("rect");
      rect.setAttribute("x", x.toFixed(3) + "%");
      rect.setAttribute("width", w.toFixed(3) + "%");
    }
  }

  function grow(start, end) {
    if (!span.start && !span.end) { span.start = start; span.end = end; return true; }
    let grown = false;
    if (start < span.start) { span.start = start; grown = true; }
    if (end > span.end) { span.end = end; grown = true; }
    return grown;
  }

  // "Show more rows": fetch the next page as an HTML fragment instead of following the link.
  const more = document.getElementById("tl-more");
  if (more) {
    more.addEventListener("click", async (event) => {
      event.preventDefault();
      more.classList.add("busy");
      const response = await fetch(more.dataset.fragment, { credentials: "same-origin" });
      if (!response.ok) { more.textContent = "could not load more rows (" + response.status + ")"; return; }
      const body = await response.json();
      rows.appendChild(fragment(body.html));
      if (body.next) { more.dataset.fragment = body.next; more.classList.remove("busy"); }
      else { more.remove(); }
    });
  }

  // Links to an invocation: open its row in place when it is on the page.
  document.addEventListener("click", (event) => {
    const link = event.target.closest("a.inv-link");
    if (!link) return;
    const row = document.getElementById("inv-" + link.dataset.inv);
    if (!row) return;
    event.preventDefault();
    for (const other of rows.querySelectorAll(".tl-row.target")) other.classList.remove("target");
    row.open = true;
    row.classList.add("target");
    row.scrollIntoView({ block: "center" });
  });

  if (!page.dataset.live || !window.EventSource) return;

  let entriesTimer = null;
  async function refresh(path, targetId) {
    const response = await fetch("/sessions/" + encodeURIComponent(sessionId) + path, { credentials: "same-origin" });
    if (!response.ok) return;
    const body = await response.json();
    const target = document.getElementById(targetId);
    target.replaceChildren(fragment(body.html));
  }
  function refreshEntriesSoon() {
    if (entriesTimer) return;
    entriesTimer = setTimeout(() => { entriesTimer = null; refresh("/entries", "entries-body"); }, 500);
  }

  let unseen = 0;
  const source = new EventSource(page.dataset.live + (span.end ? "&span=" + span.start + "." + span.end : ""));
  const state = document.getElementById("live-state");
  source.addEventListener("open", () => { state.hidden = false; });
  source.addEventListener("session", (event) => {
    const data = JSON.parse(event.data);
    document.getElementById("session-header").replaceWith(fragment(data.html));
  });
  source.addEventListener("row", (event) => {
    const data = JSON.parse(event.data);
    const empty = document.getElementById("tl-empty");
    if (empty) empty.remove();
    if (document.getElementById("tl-more")) {  // not at the end of the timeline yet: count, do not insert
      unseen += 1;
      const note = document.getElementById("tl-new");
      note.hidden = false;
      note.textContent = unseen + " new row(s) recorded after the rows shown";
    } else {
      const added = fragment(data.html);
      const row = added.querySelector(".tl-row");
      if (row) row.classList.add("fresh");
      rows.appendChild(added);
    }
    grow(data.start, data.end);
    layout();
    refreshEntriesSoon();
  });
  source.addEventListener("evaluation", () => { refresh("/evaluations", "evaluations-body"); });
  source.addEventListener("end", () => {
    source.close();
    state.textContent = "session finished";
    refreshEntriesSoon();
  });
  source.addEventListener("error", () => { state.hidden = true; });
})();
