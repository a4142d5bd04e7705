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
  const handData = () => $("#kl-hand-data");
  const plays = () => {
    try { return JSON.parse(handData()?.dataset.plays || "{}"); } catch { return {}; }
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
    const data = handData();
    const button = $("#kl-kleben");
    const preview = $("#kl-preview");
    if (!data || !button || data.dataset.kleben !== "1") return;
    const sel = selection();
    const info = sel.key ? plays()[sel.key] : null;
    if (info) {
      info.covers.forEach((seat) => $(`#kl-col-${seat}`)?.closest(".kl-column")?.classList.add("kl-glow"));
      preview.textContent = info.text;
      button.disabled = false;
    } else {
      preview.textContent = sel.invalid
        ? gettext("Nur gleiche Plakate (und Bürsten) bilden eine Gruppe.")
        : gettext("Wähle Plakate aus deiner Hand.");
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

  // A column's "alle Schichten" window, built from its data-layers when it is opened (every layer, top first:
  // rank, posters, brushes, label), so the column does not carry the window's markup with every update.
  function showLayers(stack) {
    const col = stack.closest(".kl-column")?.querySelector(".kl-col");
    const text = $("#kl-infotext");
    const dialog = $("#kl-dialog");
    const layers = json(col, "layers");
    if (!text || !dialog || !layers) return;
    const own = stack.closest(".kl-own"); // the column is the same for everyone: the own box names it "Deine Säule"
    const title = own ? own.dataset.layersTitle : `${$(".kl-name", col).textContent}: ${text.dataset.allLayers}`;
    const list = make("ol", "kl-layer-list");
    layers.forEach(([rank, posters, brushes, label]) => {
      const group = make("span", "kl-group kl-small");
      group.setAttribute("aria-label", label);
      const cards = Array(posters).fill(rank).concat(Array(brushes).fill(0));
      group.append(...cards.map((card) => {
        const poster = make("span", `kl-poster kl-r${card}`, card ? String(card) : "B");
        poster.dataset.card = String(card);
        return poster;
      }));
      const item = make("li");
      item.append(group, " ", make("span", "muted", label));
      list.append(item);
    });
    if (!layers.length) list.append(make("li", "", text.dataset.emptyColumn));
    $(".kl-dialog-body", dialog).replaceChildren(make("h3", "", title), list);
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
    if (end.dataset.focused !== "1" && !end.hidden) {
      end.dataset.focused = "1"; // the end board takes the focus once, so the keyboard goes on from there
      keyboardInHand = false;
      end.focus({ preventScroll: true });
    }
    const out = $(".kl-record", end);
    if (out) {
      const games = interpolate(ngettext("%(n)s Partie", "%(n)s Partien", rec.games), { n: rec.games }, true);
      const wins = interpolate(ngettext("%(n)s Sieg", "%(n)s Siege", rec.wins), { n: rec.wins }, true);
      // the best Durchgang as the page writes scores: a real minus sign, "1 Punkt" in the singular
      const best = rec.best === null ? "–" : interpolate(ngettext("%(n)s Punkt", "%(n)s Punkte", rec.best),
        { n: (rec.best < 0 ? "\u2212" : "") + Math.abs(rec.best) }, true);
      out.textContent = interpolate(gettext("Deine Bilanz auf diesem Gerät: %(games)s, %(wins)s, bester Durchgang: %(best)s."),
        { games, wins, best }, true);
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
    const flash = motionOk();
    $$(".kl-col").forEach((col) => {
      const seat = col.dataset.seat;
      const before = columnSigs.get(seat);
      const box = col.closest(".kl-column");
      if (flash && box && before !== undefined && before !== col.dataset.sig) {
        box.classList.remove("kl-flash");
        void box.offsetWidth; // restart the animation
        box.classList.add("kl-flash");
      }
      columnSigs.set(seat, col.dataset.sig);
    });
  }


  // ---- motion (issue 17): a played group slides onto its column, a covered group flies to a hand or the
  // Altpapier. Web Animations on the new elements or on a ghost copy that ignores the pointer, so nothing waits
  // for them; none at all when the player asks for reduced motion. data-motions counts the animations started
  // (a test hook: with reduced motion it stays 0).
  const MOTION_MS = 260;
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  let motions = 0;
  let beforeSwap = null;

  function boardState() {
    const cols = new Map();
    $$(".kl-col").forEach((col) => {
      const top = $(".kl-big", col);
      cols.set(col.dataset.seat, {
        sig: col.dataset.sig,
        size: Number(col.dataset.size),
        hand: Number(col.dataset.hand),
        top: top ? { rect: top.getBoundingClientRect(), html: top.outerHTML } : null,
      });
    });
    const chosen = $$("#kl-hand .kl-card.kl-selected");
    return {
      cols,
      altpapier: Number($("#kl-center .kl-altpapier")?.textContent || 0),
      from: (chosen[0] || $("#kl-hand .kl-hand"))?.getBoundingClientRect() || null,
    };
  }

  function motionOk() {
    return !reducedMotion.matches && typeof Element.prototype.animate === "function";
  }

  function started(animation) {
    motions += 1;
    root.dataset.motions = String(motions);
    return animation;
  }

  const centre = (r) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });

  function slideIn(top, from) {
    const to = top.getBoundingClientRect();
    const a = from ? centre(from) : null;
    const b = centre(to);
    const start = a ? `translate(${a.x - b.x}px, ${a.y - b.y}px) scale(.85)` : "translateY(-28px) scale(.85)";
    started(top.animate(
      [{ transform: start, opacity: 0.35 }, { transform: "none", opacity: 1 }],
      { duration: MOTION_MS, easing: "cubic-bezier(.2,.7,.3,1)" },
    ));
  }

  function flyAway(old, target) {
    const ghost = document.createElement("div");
    ghost.className = "kl-ghost";
    ghost.setAttribute("aria-hidden", "true");
    ghost.innerHTML = old.html;
    Object.assign(ghost.style, { left: `${old.rect.left}px`, top: `${old.rect.top}px` });
    document.body.appendChild(ghost);
    const a = centre(old.rect);
    const b = centre(target.getBoundingClientRect());
    const animation = started(ghost.animate(
      [
        { transform: "none", opacity: 1 },
        { transform: `translate(${b.x - a.x}px, ${b.y - a.y}px) scale(.35)`, opacity: 0.2 },
      ],
      { duration: MOTION_MS, easing: "cubic-bezier(.5,0,.7,.4)" },
    ));
    const done = () => ghost.remove();
    animation.onfinish = done;
    animation.oncancel = done;
  }

  function boxOf(seat) {
    return document.querySelector(`.kl-column[data-seat="${seat}"]`);
  }

  // What happened, for whoever listens (a sound engine, say): a "game:effect" event on the table with
  // detail {game: "kleister", effect: "kleben" | "ueberklebt" | "altpapier", seat}. Sent with or without motion.
  function announceEffects(old, now) {
    if (!old) return;
    const effects = [];
    now.cols.forEach((c, seat) => {
      const was = old.cols.get(seat);
      if (!was || was.sig === c.sig) return;
      if (c.size > was.size) effects.push({ effect: "kleben", seat: Number(seat) });
      else if (c.size < was.size) effects.push({ effect: "ueberklebt", seat: Number(seat) });
    });
    if (now.altpapier > old.altpapier) effects.push({ effect: "altpapier", seat: null });
    effects.forEach((detail) => root.dispatchEvent(
      new CustomEvent("game:effect", { bubbles: true, detail: { game: "kleister", ...detail } }),
    ));
  }

  function animateChanges(old, now) {
    announceEffects(old, now);
    if (!old || !motionOk()) return;
    const gained = [...now.cols].filter(([seat, c]) => old.cols.has(seat) && c.hand > old.cols.get(seat).hand);
    const toAltpapier = now.altpapier > old.altpapier;
    now.cols.forEach((c, seat) => {
      const was = old.cols.get(seat);
      if (!was || was.sig === c.sig) return;
      const box = boxOf(seat);
      if (c.size > was.size) {
        const top = box && $(".kl-big", box);
        if (top) slideIn(top, box.classList.contains("kl-own") ? old.from : null);
      } else if (c.size < was.size && was.top) {
        // the covered group: to the Altpapier, the decision box, the hand that grew, else back to its owner
        let target = toAltpapier ? $("#kl-center .kl-altpapier") : null;
        if (!target) target = $("#kl-hand .kl-decision"); // in the balance: to the viewer who decides now
        if (!target && gained.length) {
          const seatGained = gained[0][0];
          target = boxOf(seatGained)?.classList.contains("kl-own") ? $("#kl-hand") : boxOf(seatGained);
        }
        if (!target) target = box?.classList.contains("kl-own") ? $("#kl-hand") || box : box;
        if (target) flyAway(was.top, target);
      }
    });
  }

  // The Punktetafel's "Noch verdeckt": one entry per poster rank 1–13, then the brush, from the viewer's
  // hidden counts in #kl-counts (rebuilt only when they changed).
  function fillHidden() {
    const list = $("#kl-hidden");
    const raw = $("#kl-counts")?.dataset.hidden || "";
    const hidden = json($("#kl-counts"), "hidden");
    if (!list || !hidden || list.dataset.shown === raw) return;
    list.dataset.shown = raw;
    const order = [...Array(13).keys()].map((i) => i + 1).concat([0]);
    list.replaceChildren(...order.map((card) => {
      const item = document.createElement("li");
      item.dataset.card = String(card);
      const chip = document.createElement("span");
      chip.className = `kl-poster kl-r${card} kl-mini`;
      chip.textContent = card ? String(card) : "B";
      item.append(chip, ` ${hidden[card]}`);
      return item;
    }));
  }

  // ---- the hand: built from the private fragment #kl-hand-data (the cards in hand order, 0 = brush; the groups
  // the hand can form while the viewer klebt). The cards and the group bar are rebuilt only when the cards changed,
  // so a focused card keeps its focus while the others play.
  const make = (tag, className, text) => {
    const el = document.createElement(tag);
    if (className) el.className = className;
    if (text !== undefined) el.textContent = text;
    return el;
  };
  let cardsShown = null;
  function renderHand() {
    const hand = $("#kl-hand");
    const data = handData();
    if (!hand || !data) return;
    const mine = data.dataset.myTurn === "1";
    const rat = $("#kl-rat");
    if (rat) rat.disabled = !mine;
    // the Durchgang is over: no buttons for a hand that can do nothing any more
    const actions = $(".kl-actions", hand);
    if (actions) actions.hidden = data.dataset.over === "1";
    if (data.dataset.kleben !== "1") {
      $("#kl-kleben").disabled = true;
      $("#kl-preview").textContent = data.dataset.idle;
    }
    if (data.dataset.cards === cardsShown) return;
    cardsShown = data.dataset.cards;
    const cards = json(data, "cards") || [];
    const names = json($("#kl-infotext"), "names") || [];
    const list = $(".kl-hand", hand);
    list.replaceChildren(...cards.map((card, index) => {
      const button = make("button", `kl-poster kl-r${card} kl-card`, card ? String(card) : "B");
      button.type = "button";
      button.setAttribute("role", "option");
      button.setAttribute("aria-selected", "false");
      button.setAttribute("aria-label", names[card] || String(card));
      Object.assign(button.dataset, { card: String(card), index: String(index) });
      return button;
    }));
    if (!cards.length) list.replaceChildren(make("span", "kl-empty", hand.dataset.empty));
    // the group bar: "3× 8" per poster rank in the hand (ascending), "+ B" when a brush is there
    const bar = [];
    for (let rank = 1; rank <= 13; rank += 1) {
      const count = cards.filter((c) => c === rank).length;
      if (!count) continue;
      const button = make("button", "kl-barbtn", `${count}× ${rank}`);
      button.type = "button";
      button.dataset.selectRank = String(rank);
      bar.push(button);
    }
    if (cards.includes(0)) {
      const button = make("button", "kl-barbtn", "+ B");
      button.type = "button";
      button.dataset.addBrush = "";
      bar.push(button);
    }
    $(".kl-groupbar", hand).replaceChildren(...bar);
  }

  // ---- drawing: the Plakatkarren in sight. On a phone the centre may lie below the fold, under the hand panel
  // that sticks at the bottom (table.css drops the panel's kleben controls while the viewer draws). When the
  // viewer's drawing begins, and after each card drawn, the page scrolls the centre into the space between the
  // sticky status line and the hand panel if it is not all there; between two versions it leaves the scrolling
  // to the player.
  let drawingSeen = null;
  function showKarren() {
    const status = $("#kl-status");
    if (status?.dataset.myTurn !== "1" || status.dataset.phase !== "ziehen") {
      drawingSeen = null;
      return;
    }
    const version = $("#tbl-v")?.dataset.version || "";
    const center = $("#kl-center");
    if (!center || drawingSeen === version) return;
    drawingSeen = version;
    const sticky = (el) => el && getComputedStyle(el).position === "sticky";
    const topline = $(".game-topline");
    const hand = $("#kl-hand");
    const top = sticky(topline) ? topline.offsetHeight : 0;
    const bottom = window.innerHeight - (sticky(hand) ? hand.offsetHeight : 0);
    const box = center.getBoundingClientRect();
    const room = 12; // the cards' "passt" tags hang a little below them
    let delta = Math.max(0, box.bottom + room - bottom);
    if (box.top - delta - room < top) delta = box.top - room - top; // the top wins if both do not fit
    if (Math.abs(delta) >= 1) window.scrollBy({ top: delta, behavior: motionOk() ? "smooth" : "auto" });
  }

  function afterUpdate() {
    fillHidden();
    renderHand();
    const sig = (handData()?.dataset.cards || "") + "|" + (handData()?.dataset.kleben || "");
    if (sig !== handSig) {
      handSig = sig;
      selected = new Set();
    }
    refresh();
    flashChanges();
    recordOnDevice();
    introOnce();
    keepFocus();
    showKarren();
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
    // A group button tapped with the mouse gives the keyboard's focus back, so Enter klebt (it would press
    // the focused button again, as Chromium draws a clicked button's focus after a key).
    const release = (el) => { if (event.detail > 0) el.blur(); };
    const bar = event.target.closest("[data-select-rank]");
    if (bar) { selectRank(Number(bar.dataset.selectRank)); release(bar); refresh(); return; }
    const brush = event.target.closest("[data-add-brush]");
    if (brush) { addBrush(); release(brush); refresh(); return; }
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

  // ---- keys (SUPPLEMENT.md "Keys"). The focused card has the real focus (roving), so it is visible and a
  // screen reader follows it; it keeps it across updates of the hand.
  let keyboardInHand = false;
  function moveFocus(index) {
    focus = index;
    keyboardInHand = true;
    handCards()[focus]?.focus({ preventScroll: false });
  }
  root.addEventListener("focusin", (event) => {
    const card = event.target.closest(".kl-card");
    if (card) { focus = Number(card.dataset.index); keyboardInHand = true; refresh(); }
  });
  function keepFocus() {
    const active = document.activeElement;
    if (!keyboardInHand || (active && active !== document.body)) return;
    handCards()[focus]?.focus({ preventScroll: true });
  }

  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, textarea, select") || document.querySelector("dialog[open]")) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key;
    const cards = handCards();
    const click = (selector) => { const el = $(selector); if (el && !el.disabled) { el.click(); return true; } return false; };
    // Enter and Space belong to a focused control (a decision button, a column, a link); on the page or on a
    // card of the hand they are the game's keys.
    const onControl = event.target !== document.body && !event.target.closest?.(".kl-card");
    if ((key === "Enter" || key === " ") && onControl) return;
    let handled = true;
    if (key === "ArrowRight") moveFocus(Math.min(cards.length - 1, focus + 1));
    else if (key === "ArrowLeft") moveFocus(Math.max(0, focus - 1));
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
  document.body.addEventListener("htmx:wsOpen", () => { conn.dataset.state = "open"; conn.textContent = gettext("verbunden"); });
  document.body.addEventListener("htmx:wsClose", () => {
    conn.dataset.state = "closed"; conn.textContent = gettext("Verbindung unterbrochen – verbinde neu …");
  });
  document.body.addEventListener("htmx:wsBeforeMessage", () => { beforeSwap = boardState(); });
  document.body.addEventListener("htmx:wsAfterMessage", () => {
    afterUpdate();
    animateChanges(beforeSwap, boardState());
    beforeSwap = null; // a refusal in #table-error fades by static/games/core/table.js
  });
  afterUpdate();
})();
