// Speedkleister table: selection, previews, keys, info windows. The server owns the game;
// this file only helps the player choose and sends the chosen action over the websocket.
(() => {
  "use strict";
  const root = document.querySelector(".kl-table");
  if (!root) return;
  const $ = (sel, el = document) => el.querySelector(sel);
  const $$ = (sel, el = document) => [...el.querySelectorAll(sel)];

  let selected = new Set();
  let focus = 0;
  let lastTap = { index: -1, time: 0 };
  let handSig = "";
  const columnSigs = new Map();

  const handCards = () => $$("#kl-hand .kl-card");
  const plays = () => {
    try { return JSON.parse($("#kl-hand")?.dataset.plays || "{}"); } catch { return {}; }
  };

  function selection() {
    const cards = handCards().filter((_, i) => selected.has(i)).map((b) => Number(b.dataset.card));
    if (!cards.length) return { empty: true };
    const posters = cards.filter((c) => c !== 0);
    const brushes = cards.length - posters.length;
    if (new Set(posters).size > 1) return { invalid: true };
    const rank = posters.length ? posters[0] : 14;
    return { key: `${rank}:${posters.length}:${brushes}`, rank, count: posters.length, brushes };
  }

  function refresh() {
    const cards = handCards();
    if (focus >= cards.length) focus = Math.max(0, cards.length - 1);
    cards.forEach((b, i) => {
      b.classList.toggle("kl-selected", selected.has(i));
      b.setAttribute("aria-selected", selected.has(i) ? "true" : "false");
      b.classList.toggle("kl-focus", i === focus);
    });
    $$(".kl-column.kl-glow").forEach((c) => c.classList.remove("kl-glow"));
    const hand = $("#kl-hand");
    const button = $("#kl-kleben");
    const preview = $("#kl-preview");
    if (!hand || !button || hand.dataset.kleben !== "1") return;
    const sel = selection();
    const info = sel.key ? plays()[sel.key] : null;
    if (info) {
      info.covers.forEach((seat) => $(`#kl-col-${seat}`)?.closest(".kl-column")?.classList.add("kl-glow"));
      preview.textContent = info.text;
      button.disabled = false;
    } else {
      preview.textContent = sel.invalid
        ? "Nur gleiche Plakate (und Bürsten) bilden eine Gruppe."
        : "Wähle Plakate aus deiner Hand.";
      button.disabled = true;
    }
  }

  function selectRank(card) {
    handCards().forEach((b, i) => {
      const c = Number(b.dataset.card);
      if (c === card) selected.add(i);
      else if (c !== 0) selected.delete(i);
    });
  }

  function addBrush() {
    const i = handCards().findIndex((b, i) => Number(b.dataset.card) === 0 && !selected.has(i));
    if (i >= 0) selected.add(i);
  }

  function send(payload) {
    const form = $("#kl-send");
    if (!form) return;
    form.querySelector("[name=action]").value = JSON.stringify(payload);
    htmx.trigger(form, "submit");
  }

  function kleben() {
    const sel = selection();
    if (!sel.key || !plays()[sel.key]) return;
    send({ type: "kleben", rank: sel.rank, count: sel.count, brushes: sel.brushes });
    $("#kl-kleben").disabled = true;
  }

  function clearSelection() {
    selected = new Set();
    refresh();
  }

  function showLayers(stack) {
    const tpl = document.getElementById(stack.dataset.layers);
    const dialog = $("#kl-dialog");
    if (!tpl || !dialog) return;
    const body = $(".kl-dialog-body", dialog);
    body.replaceChildren(tpl.content.cloneNode(true));
    const own = stack.closest(".kl-own"); // the column is the same for everyone: the own box names it "Deine Säule"
    const title = $("h3", body);
    if (own && title) title.textContent = own.dataset.layersTitle;
    dialog.showModal();
  }

  function recordOnDevice() {
    const end = $("#kl-end .kl-end");
    if (!end) return;
    const key = "spielcenter.kleister.bilanz";
    let rec;
    try { rec = JSON.parse(localStorage.getItem(key) || "null"); } catch { rec = null; }
    rec = rec || { games: 0, wins: 0, best: null, seen: [] };
    const match = end.dataset.match;
    const points = end.dataset.myPoints;
    if (points !== "" && !rec.seen.includes(match)) {
      rec.games += 1;
      if (end.dataset.myPlace === "1") rec.wins += 1;
      rec.best = rec.best === null ? Number(points) : Math.max(rec.best, Number(points));
      rec.seen = rec.seen.concat(match).slice(-50);
      localStorage.setItem(key, JSON.stringify(rec));
    }
    const out = $(".kl-record", end);
    if (out) {
      out.textContent = `Deine Bilanz auf diesem Gerät: ${rec.games} ${rec.games === 1 ? "Partie" : "Partien"}, ` +
        `${rec.wins} ${rec.wins === 1 ? "Sieg" : "Siege"}, bester Durchgang: ${rec.best ?? "–"} Punkte.`;
    }
  }

  function introOnce() {
    const status = $("#kl-status");
    if (!status || status.dataset.myTurn !== "1" || status.dataset.phase !== "kleben") return;
    if (localStorage.getItem("spielcenter.kleister.intro")) return;
    localStorage.setItem("spielcenter.kleister.intro", "1");
    $("#kl-intro")?.showModal();
  }

  function flashChanges() {
    $$(".kl-col").forEach((col) => {
      const seat = col.dataset.seat;
      const before = columnSigs.get(seat);
      const box = col.closest(".kl-column");
      if (box && before !== undefined && before !== col.dataset.sig) {
        box.classList.remove("kl-flash");
        void box.offsetWidth; // restart the animation
        box.classList.add("kl-flash");
      }
      columnSigs.set(seat, col.dataset.sig);
    });
  }

  function afterUpdate() {
    const sig = handCards().map((b) => b.dataset.card).join(",") + "|" + ($("#kl-hand")?.dataset.kleben || "");
    if (sig !== handSig) {
      handSig = sig;
      selected = new Set();
    }
    refresh();
    flashChanges();
    recordOnDevice();
    introOnce();
  }

  // ---- pointer input (event delegation: fragments are replaced on every update)
  root.addEventListener("click", (event) => {
    const card = event.target.closest(".kl-card");
    if (card) {
      const index = Number(card.dataset.index);
      const now = Date.now();
      focus = index;
      if (lastTap.index === index && now - lastTap.time < 400) {
        selectRank(Number(card.dataset.card)); // double tap: all equal posters
        selected.add(index);
        lastTap = { index: -1, time: 0 };
      } else {
        if (selected.has(index)) selected.delete(index); else selected.add(index);
        lastTap = { index, time: now };
      }
      refresh();
      return;
    }
    const bar = event.target.closest("[data-select-rank]");
    if (bar) { selectRank(Number(bar.dataset.selectRank)); refresh(); return; }
    if (event.target.closest("[data-add-brush]")) { addBrush(); refresh(); return; }
    if (event.target.closest("#kl-kleben")) { kleben(); return; }
    if (event.target.closest("#kl-clear")) { clearSelection(); return; }
    if (event.target.closest("#kl-rat")) { htmx.trigger($("#kl-rat-form"), "submit"); return; }
    if (event.target.closest("[data-close-end]")) { $("#kl-end .kl-end").hidden = true; return; }
    if (event.target.closest("[data-dismiss-advice]")) { $("#table-advice").replaceChildren(); return; }
    const stack = event.target.closest(".kl-stack");
    if (stack) showLayers(stack);
  });

  // ---- info windows (hover, long press: static/games/core/info.js shows data-info)
  // The columns, the Plakatkarren and the groups are the same HTML for every viewer and carry only card ids;
  // what only this viewer knows (how many of a card are hidden from them, their marks on a column) comes from
  // the small fragments #kl-counts and #kl-marks-N. The text is put together the moment a window may open,
  // before info.js (listening on the way up) picks the element.
  const json = (el, key) => { try { return JSON.parse(el?.dataset[key] || "null"); } catch { return null; } };
  function cardInfo(card) {
    const text = $("#kl-infotext");
    const counts = $("#kl-counts");
    const titles = json(text, "titles");
    const inPlay = json(counts, "inPlay");
    const hidden = json(counts, "hidden");
    if (!titles || !inPlay || !hidden) return "";
    return [
      titles[card],
      text.dataset.inPlay.replace("{n}", inPlay[card]),
      text.dataset.hidden.replace("{n}", hidden[card]),
    ].join("\n");
  }
  function columnInfo(col) {
    const lines = col.dataset.infoHead.split("\n");
    const own = col.closest(".kl-own");
    if (own) lines[0] = own.dataset.title;
    const marks = document.getElementById(`kl-marks-${col.dataset.seat}`)?.dataset.lines;
    if (marks) lines.push(...marks.split("\n"));
    lines.push(...col.dataset.infoTail.split("\n"));
    return lines.join("\n");
  }
  function fillInfo(event) {
    const el = event.target.closest?.("[data-card], .kl-col, .kl-marks, .kl-column");
    if (!el || !root.contains(el)) return;
    if (el.dataset.card !== undefined) {
      el.dataset.info = cardInfo(Number(el.dataset.card));
      return;
    }
    const col = el.matches(".kl-col") ? el : el.closest(".kl-column")?.querySelector(".kl-col");
    if (col) el.dataset.info = columnInfo(col);
  }
  document.addEventListener("pointerover", fillInfo, true);
  document.addEventListener("pointerdown", fillInfo, true);

  // ---- keys (SUPPLEMENT.md "Keys")
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, textarea, select") || document.querySelector("dialog[open]")) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key;
    const cards = handCards();
    const click = (selector) => { const el = $(selector); if (el && !el.disabled) { el.click(); return true; } return false; };
    let handled = true;
    if (key === "ArrowRight") focus = Math.min(cards.length - 1, focus + 1);
    else if (key === "ArrowLeft") focus = Math.max(0, focus - 1);
    else if (key === " ") { if (cards[focus]) { if (selected.has(focus)) selected.delete(focus); else selected.add(focus); } }
    else if (key === "a" || key === "A") { if (cards[focus]) selectRank(Number(cards[focus].dataset.card)); }
    else if (key === "b" || key === "B") addBrush();
    else if (key === "Enter") { kleben(); return event.preventDefault(); }
    else if (key === "Escape") selected = new Set();
    else if ("nNlLhHpPdD".includes(key) && key.length === 1) handled = click(`[data-key="${key.toLowerCase()}"]`);
    else if (/^[1-8]$/.test(key)) handled = click(`[data-key="${key}"]`);
    else if (key === "r" || key === "R") handled = click("#kl-rat");
    else handled = false;
    if (handled) { event.preventDefault(); refresh(); }
  });

  // ---- connection state and updates
  const conn = $("#kl-conn");
  document.body.addEventListener("htmx:wsOpen", () => { conn.dataset.state = "open"; conn.textContent = "verbunden"; });
  document.body.addEventListener("htmx:wsClose", () => {
    conn.dataset.state = "closed"; conn.textContent = "Verbindung unterbrochen – verbinde neu …";
  });
  document.body.addEventListener("htmx:wsAfterMessage", () => {
    afterUpdate();
    const error = $("#table-error");
    if (error && error.textContent.trim()) {
      clearTimeout(error._timer);
      error._timer = setTimeout(() => { error.textContent = ""; }, 5000);
    }
  });
  afterUpdate();
})();
