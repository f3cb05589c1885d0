// The workbench's few behaviours in the browser; every page works as plain HTML without them.
"use strict";

function byId(id) { return document.getElementById(id); }

// The hand and the position: empty fields are left out of the address (they mean the default),
// and the button says the work has started.
function plainForm(id) {
  const form = byId(id);
  if (!form) return;
  form.addEventListener("submit", () => {
    for (const el of form.elements) if (el.name && el.value === "") el.disabled = true;
    form.querySelector("button[type=submit]").disabled = true;
    form.querySelector(".working").hidden = false;
  });
  // Back to this page from the history: the fields were disabled on the way out.
  window.addEventListener("pageshow", () => {
    for (const el of form.elements) el.disabled = false;
    form.querySelector(".working").hidden = true;
  });
}

// The hand's five cards clicked on a grid of the pack (typing stays possible): a click adds a
// card or takes it out again; the turn-up cannot be in the hand; the 24-card pack has no 7 or 8.
function cardGrid() {
  const hand = byId("hand");
  if (!hand || !byId("hand-form")) return;
  const turnUp = byId("turn_up");
  const pack = byId("pack");
  const suits = [["S", "\u2660"], ["H", "\u2665"], ["C", "\u2663"], ["D", "\u2666"]];
  const ranks = ["7", "8", "9", "T", "J", "Q", "K", "A"];
  const grid = document.createElement("div");
  grid.className = "grid";
  grid.id = "card-grid";
  grid.setAttribute("aria-label", "the pack: click a card to put it in the hand or take it out");
  for (const [suit, symbol] of suits) {
    const row = document.createElement("div");
    for (const rank of ranks) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "pick" + (suit === "H" || suit === "D" ? " red" : "");
      b.dataset.card = rank + suit;
      b.textContent = (rank === "T" ? "10" : rank) + symbol;
      b.addEventListener("click", () => toggle(rank + suit));
      row.appendChild(b);
    }
    grid.appendChild(row);
  }
  hand.parentElement.appendChild(grid);
  const tokens = () => hand.value.toUpperCase().split(/[\s,]+/).filter(Boolean);

  function toggle(card) {
    const held = tokens();
    const at = held.indexOf(card);
    if (at >= 0) held.splice(at, 1);
    else if (held.length < 5) held.push(card);
    else { hand.focus(); return; }   // five already: take one out first
    hand.value = held.join(" ");
    paint();
  }

  function paint() {
    const held = tokens();
    const up = turnUp ? turnUp.value.trim().toUpperCase() : "";
    const short = pack && pack.value === "24";
    for (const b of grid.querySelectorAll("button")) {
      const card = b.dataset.card;
      b.classList.toggle("held", held.includes(card));
      b.hidden = short && (card[0] === "7" || card[0] === "8");
      b.disabled = card === up;
      b.title = card === up ? "the turn-up" : card;
    }
  }
  for (const el of [hand, turnUp, pack]) if (el) el.addEventListener("input", paint);
  if (pack) pack.addEventListener("change", paint);
  paint();
}

// The book: a filter applies as soon as it is chosen, and stays in the address.
function bookFilters() {
  const form = byId("book-filters");
  if (!form) return;
  for (const el of form.querySelectorAll("select")) {
    el.addEventListener("change", () => {
      for (const s of form.querySelectorAll("select")) s.disabled = s.value === "";
      form.submit();
    });
  }
}

function showError(name, message) {
  let el = byId(name + "-error");
  if (!el) {
    const input = byId(name);
    el = document.createElement("span");
    el.className = "error";
    el.id = name + "-error";
    (input ? input.parentElement : byId("policy-form")).appendChild(el);
  }
  el.textContent = message;
  el.hidden = false;
  if (el.parentElement.classList.contains("field")) el.parentElement.classList.add("bad");
}

function clearErrors(form) {
  for (const el of form.querySelectorAll(".error")) { el.hidden = true; el.textContent = ""; }
  for (const el of form.querySelectorAll(".field.bad")) el.classList.remove("bad");
}

// The heuristic: check the policy at once, upload, download, and start a comparison.
function policyForm() {
  const form = byId("policy-form");
  if (!form) return;
  const text = byId("a_toml");
  const ok = byId("a_toml-ok");

  async function check() {
    clearErrors(form);
    ok.hidden = true;
    const answer = await fetch("/api/policy/check", {method: "POST", body: text.value});
    const data = await answer.json();
    if (!answer.ok) {
      showError("a_toml", (data.line ? "line " + data.line + ": " : "") + data.error);
      return false;
    }
    ok.textContent = "✓ the policy \u201c" + data.name + "\u201d reads well";
    ok.hidden = false;
    return true;
  }

  byId("check").addEventListener("click", check);
  byId("upload").addEventListener("change", (event) => {
    const file = event.target.files[0];
    if (!file) return;
    file.text().then((content) => { text.value = content; check(); });
  });
  byId("download").addEventListener("click", () => {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text.value], {type: "application/toml"}));
    link.download = "policy.toml";
    link.click();
  });
  // B: a named policy, or another of the user's own in the second box (shown only then).
  const against = byId("b");
  const showOther = () => { byId("b_toml-field").hidden = against.value !== ""; };
  against.addEventListener("change", showOther);
  showOther();
  byId("b_upload").addEventListener("change", (event) => {
    const file = event.target.files[0];
    if (file) file.text().then((content) => { byId("b_toml").value = content; });
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearErrors(form);
    const params = {};
    for (const el of form.elements) {
      if (el.name === "b_toml" && against.value !== "") continue;
      if (el.name && el.value !== "") params[el.name] = el.value;
    }
    const answer = await fetch("/api/compare", {
      method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(params)});
    const data = await answer.json();
    if (answer.status === 202) { window.location.href = data.page; return; }
    showError(data.field || "form", (data.line ? "line " + data.line + ": " : "") + data.error);
  });
}

// A job: its progress until it ends, then the page again with its result. On the charts page a
// cancelled job stays cancelled (reloading its address would draw it again).
function jobPage() {
  const box = byId("job");
  if (!box) return;
  const id = box.dataset.id;
  const unit = box.dataset.unit || "chunks";
  const onChartsPage = Boolean(byId("charts-form"));
  let timer = null;
  const cancel = byId("cancel");
  if (cancel) {
    cancel.addEventListener("click", async () => {
      cancel.disabled = true;
      await fetch("/api/jobs/" + id + "/cancel", {method: "POST"});
      if (!onChartsPage) { window.location.reload(); return; }
      clearInterval(timer);
      byId("state").textContent = "cancelled";
      cancel.hidden = true;
    });
  }
  if (box.dataset.state !== "waiting" && box.dataset.state !== "running") return;
  timer = setInterval(async () => {
    const answer = await fetch("/api/jobs/" + id);
    if (!answer.ok) { clearInterval(timer); window.location.reload(); return; }
    const job = await answer.json();
    const {done, total} = job.progress;
    byId("state").textContent = job.state;
    if (total) {
      byId("progress").value = Math.round(100 * done / total);
      byId("chunks").textContent = done.toLocaleString("en") + " of " + total.toLocaleString("en") + " " + unit;
    }
    if (job.seconds !== null) byId("seconds").textContent = Math.round(job.seconds) + " s";
    if (job.state === "cancelled") { clearInterval(timer); return; }
    if (job.state !== "waiting" && job.state !== "running") { clearInterval(timer); window.location.reload(); }
  }, 500);
}

// The charts: the fields of the other kind hidden and left out of the address; the deals the
// form offers follow the kind; a named policy leaves the TOML text out.
function chartsForm() {
  const form = byId("charts-form");
  if (!form) return;
  const kind = byId("kind");
  const deals = byId("deals");
  const offered = JSON.parse(form.dataset.deals);
  function show() {
    for (const el of form.querySelectorAll("[data-kind]")) el.hidden = el.dataset.kind !== kind.value;
  }
  kind.addEventListener("change", () => {
    for (const [other, value] of Object.entries(offered)) {
      if (other !== kind.value && deals.value === value) deals.value = offered[kind.value];
    }
    show();
  });
  show();
  form.addEventListener("submit", () => {
    const named = byId("policy").value !== "";
    for (const el of form.elements) {
      const hidden = el.closest("[data-kind]") && el.closest("[data-kind]").hidden;
      if (el.name && (el.value === "" || hidden || (named && el.name === "policy_toml"))) el.disabled = true;
    }
    byId("draw").disabled = true;
    form.querySelector(".working").hidden = false;
  });
  window.addEventListener("pageshow", () => {
    for (const el of form.elements) el.disabled = false;
    form.querySelector(".working").hidden = true;
  });
}

// A game: a file chosen is opened at once, sent as it is (its address is the hash of its bytes);
// pasted text is sent as typed. An error is shown beside the box, the command line's one line.
function gameForm() {
  const form = byId("game-form");
  if (!form) return;
  const text = byId("egn");
  async function open(body, name) {
    clearErrors(form);
    byId("open").disabled = true;
    try {
      const answer = await fetch("/api/game?name=" + encodeURIComponent(name), {method: "POST", body: body});
      const data = await answer.json();
      if (answer.ok) { window.location.href = data.page; return; }
      showError("egn", data.error);
    } finally {
      byId("open").disabled = false;
    }
  }
  byId("upload").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    if (!file) return;
    byId("name").value = file.name;
    const bytes = await file.arrayBuffer();
    text.value = new TextDecoder().decode(bytes);
    open(bytes, file.name);
  });
  text.addEventListener("input", () => { byId("name").value = ""; });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    open(text.value, byId("name").value);
  });
}

// A game's page: the arrow keys step through the deal as its previous and next links do.
function gameKeys() {
  const links = document.querySelectorAll(".stepper a[data-key]");
  if (!links.length) return;
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.target.closest("input, textarea, select")) return;
    for (const link of links) if (link.dataset.key === event.key) { window.location.href = link.href; return; }
  });
}

plainForm("hand-form");
cardGrid();
plainForm("position-form");
bookFilters();
policyForm();
jobPage();
chartsForm();
gameForm();
gameKeys();
plainForm("review-form");
