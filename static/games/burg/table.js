// Speedburg table: choosing a die, lit places, the hover / first-tap preview, keys, the big view of a
// rival's castle, the design and the sketch-hit sound. The server owns the game: every legal place and
// every preview comes precomputed in #bg-turn[data-turn]; this file only helps to pick and sends it.
(() => {
  "use strict";
  const root = document.querySelector(".bg-table");
  if (!root) return;
  const $ = (sel, el = document) => el.querySelector(sel);
  const fill = (text, values) => interpolate(text, values, true);
  const $$ = (sel, el = document) => [...el.querySelectorAll(sel)];
  const mySeat = root.dataset.seat;

  let sel = null; // selected Auslage die id (string)
  let armed = null; // a place tapped once on a touch screen (the second tap builds)
  let focus = null; // seat whose castle the centre shows large (null: the own castle)
  let busy = false;
  let busyTimer = null;
  let lastVersion = null;
  let lastTurnKey = "";
  let pointer = "mouse";
  let lastHit = null;

  const turn = () => {
    try { return JSON.parse($("#bg-turn")?.dataset.turn || "{}"); } catch { return {}; }
  };
  const version = () => $("#tbl-v")?.dataset.version ?? null;
  const picks = () => $$("#bg-center .bg-pick");

  function send(payload) {
    const form = $("#bg-send");
    if (!form || busy) return;
    form.querySelector("[name=action]").value = JSON.stringify(payload);
    busy = true;
    clearTimeout(busyTimer);
    busyTimer = setTimeout(() => { busy = false; refresh(); }, 8000); // never stuck without an answer
    sel = null; armed = null;
    htmx.trigger(form, "submit");
    refresh();
  }

  // ------------------------------------------------------------------ the preview beside the sketch
  function showPreview(f) {
    const box = $("#bg-preview");
    const t = turn();
    if (!box) return;
    const p = sel !== null && f !== null ? (t.vorschau?.[sel] || {})[String(f)] : null;
    if (!p) { box.hidden = true; box.replaceChildren(); return; }
    const lines = [];
    const head = document.createElement("strong");
    head.textContent = fill(ngettext("Feld %(field)s: %(points)s Punkt (dann %(total)s)", "Feld %(field)s: %(points)s Punkte (dann %(total)s)", Math.abs(p.punkte)),
      { field: Number(f) + 1, points: `${p.punkte >= 0 ? "+" : ""}${p.punkte}`, total: p.gesamt });
    lines.push(head);
    const sketch = document.createElement("p");
    sketch.textContent = p.getroffen ? gettext("Skizze genau getroffen: +6")
      : (p.moeglich ? gettext("Skizze noch zu schaffen") : gettext("Skizze dann nicht mehr zu schaffen"));
    sketch.className = p.moeglich ? "bg-good" : "bg-bad";
    lines.push(sketch);
    for (const text of p.preise) {
      const line = document.createElement("p");
      line.textContent = text;
      if (text.endsWith("erfüllt") || text.endsWith(gettext("erfüllt"))) line.className = "bg-good";
      lines.push(line);
    }
    if (!p.preise.length) { const none = document.createElement("p"); none.textContent = gettext("Preise: keine Änderung"); none.className = "muted"; lines.push(none); }
    box.replaceChildren(...lines);
    box.hidden = false;
  }

  // ------------------------------------------------------------------ rendering the choice
  // Touch screens have no keyboard at hand: the prompt drops its key hints ("(oder ← →)", "(oder Taste 1–9)",
  // "(Enter)"), as Speedneon's does; data-server keeps the server's text.
  const touch = window.matchMedia("(hover: none) and (pointer: coarse)");
  const withoutKeys = (text) => (touch.matches ? text.replace(/\s*\((?:oder |or )?(?:Taste|key|Enter|Esc|←)[^)]*\)/g, "") : text);

  function setPrompt(text) {
    const p = $("#bg-prompt");
    if (p) p.textContent = withoutKeys(text ?? p.dataset.server ?? "");
  }

  function refresh() {
    const t = turn();
    $$(".bg-sel, .bg-lit, .bg-armed, .bg-red, .bg-ratmark").forEach((el) => el.classList.remove("bg-sel", "bg-lit", "bg-armed", "bg-red", "bg-ratmark"));
    root.classList.toggle("bg-busy", busy);
    root.classList.toggle("bg-myturn", !!t.mine);
    // info windows of the Auslage: what everyone sees, plus what the die means for me
    for (const pick of picks()) {
      const die = pick.querySelector(".bg-die");
      const id = pick.dataset.id;
      const extra = [];
      if (t.info?.[id]) extra.push(fill(gettext("Für deine Burg: %(info)s"), { info: t.info[id] }));
      if (t.gabe?.[id]) extra.push(fill(gettext("Für deinen Gegner: %(info)s"), { info: t.gabe[id] }));
      // what everyone sees comes once, in the die's own data-info; kept on the button before the first addition
      if (die && pick.dataset.baseInfo === undefined) pick.dataset.baseInfo = die.dataset.info || "";
      if (die) die.dataset.info = [pick.dataset.baseInfo, ...extra].join("\n");
      pick.classList.toggle("bg-red", t.rot !== null && t.rot !== undefined && String(t.rot) === id);
    }
    // the pennants' info: the Strand is the same for everyone, so with hidden building it says "verdeckt" for
    // every castle; the own line comes with this seat's turn data
    $$("#bg-center .bg-pennant").forEach((pennant, i) => {
      if (pennant.dataset.baseInfo === undefined) pennant.dataset.baseInfo = pennant.dataset.info || "";
      const own = t.wimpel;
      pennant.dataset.info = own && own.lines[i] !== undefined
        ? pennant.dataset.baseInfo.split("\n").map((line) => (line.startsWith(own.prefix) ? own.lines[i] : line)).join("\n")
        : pennant.dataset.baseInfo;
    });
    if (sel !== null && !picks().some((p) => p.dataset.id === sel)) sel = null;
    // built dice show their info window only while no die is chosen for building
    const choosing = sel !== null && t.mine && t.step === "bauen";
    $$(choosing ? "#bg-own .bg-stack .bg-die[data-info]" : "#bg-own .bg-stack .bg-die[data-info-held]").forEach((die) => {
      if (choosing) { die.dataset.infoHeld = die.dataset.info; delete die.dataset.info; }
      else { die.dataset.info = die.dataset.infoHeld; delete die.dataset.infoHeld; }
    });
    const lose = $("#bg-lose");
    if (lose) lose.hidden = true;
    if (!t.mine || t.phase !== "bauen") { setPrompt(); showPreview(null); markAdvice(); return; }
    if (sel !== null) {
      $(`#bg-center .bg-pick[data-id="${sel}"]`)?.classList.add("bg-sel");
      const name = $(`#bg-center .bg-pick[data-id="${sel}"]`)?.getAttribute("aria-label") || "";
      if (t.step === "ablegen") {
        const gift = t.gabe?.[sel];
        setPrompt(fill(gettext("%(die)s ablegen? Noch einmal antippen (oder Enter)."), { die: name }) +
          (gift ? " " + fill(gettext("Dem Gegner brächte er: %(gift)s"), { gift }) : ""));
      } else {
        const fields = t.plaetze?.[sel] || [];
        for (const f of fields) $(`#bg-own .bg-cell[data-f="${f}"]`)?.classList.add("bg-lit");
        if (armed !== null) $(`#bg-own .bg-cell[data-f="${armed}"]`)?.classList.add("bg-armed");
        if (fields.length) {
          setPrompt(fill(gettext("%(die)s: tippe einen leuchtenden Platz (Taste 1–9)."), { die: name }) + " " + (t.info?.[sel] || ""));
        } else {
          setPrompt(fill(gettext("%(die)s passt nirgends hin. Du kannst ihn trotzdem nehmen (Enter) – dann ist er verloren."), { die: name }));
          if (lose) lose.hidden = false;
        }
      }
    } else {
      setPrompt();
    }
    if (armed === null) showPreview(null);
    markAdvice();
  }

  // The Rat: its action is shown on the page (die and place marked).
  function markAdvice() {
    const raw = $("#table-advice")?.dataset.action;
    if (!raw) return;
    let action;
    try { action = JSON.parse(raw); } catch { return; }
    if (action.wuerfel !== undefined) $(`#bg-center .bg-pick[data-id="${action.wuerfel}"]`)?.classList.add("bg-ratmark");
    if (action.feld !== undefined) $(`#bg-own .bg-cell[data-f="${action.feld}"]`)?.classList.add("bg-ratmark");
    if (action.skizze !== undefined) $(`#bg-wahl [data-skizze="${action.skizze}"]`)?.classList.add("bg-ratmark");
  }

  function select(id) {
    const t = turn();
    if (!t.mine || busy || t.phase !== "bauen") return;
    if (t.step === "ablegen" && sel === id && pointer !== "keyboard") { send({ type: "ablegen", wuerfel: Number(id) }); return; }
    sel = sel === id && t.step !== "ablegen" ? null : id;
    armed = null;
    home(); // choosing a die brings the own castle back
    refresh();
  }

  function build(f) {
    const t = turn();
    if (!t.mine || busy || sel === null || t.step !== "bauen") return;
    if (!(t.plaetze?.[sel] || []).includes(f)) return;
    send({ type: "bauen", wuerfel: Number(sel), feld: f });
  }

  // ------------------------------------------------------------------ the big view of a castle
  // On a phone the cards stand below the castle: a tap on a card far down the page would change the big view
  // above the screen. A view the player asked for (a card, "Zu deiner Burg", Esc) is brought into view, below
  // the sticky status line; updates and the page's own returns (a die chosen, my turn) never scroll.
  const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  function bringIntoView(el) {
    if (!el || el.hidden) return;
    const bar = $(".game-topline");
    const covered = bar && getComputedStyle(bar).position === "sticky" ? bar.getBoundingClientRect().height : 0;
    const { top, bottom } = el.getBoundingClientRect();
    if (top >= covered && (bottom <= window.innerHeight || top <= window.innerHeight / 2)) return; // in view: stay
    el.style.scrollMarginTop = `${Math.ceil(covered) + 6}px`;
    el.scrollIntoView({ block: "start", behavior: reduceMotion.matches ? "auto" : "smooth" });
  }

  function home(scroll = false) {
    focus = null;
    const box = $("#bg-focus");
    if (box) box.hidden = true;
    $("#bg-own")?.removeAttribute("hidden");
    $$(".bg-card.bg-focused").forEach((c) => c.classList.remove("bg-focused"));
    if (scroll) bringIntoView($("#bg-own") || $(".bg-stage"));
  }

  function showFocus(seat, scroll = false) {
    const card = $(`#bg-seat-${seat}`);
    const src = card?.querySelector(".bg-focus-src");
    if (!card || !src || seat === mySeat) { home(scroll); return; }
    focus = seat;
    const box = $("#bg-focus");
    $("#bg-focus-name").textContent = card.querySelector(".bg-card-name")?.textContent.trim() || "";
    const clone = src.cloneNode(true);
    clone.classList.add("bg-focus-big");
    $("#bg-focus-body").replaceChildren(clone);
    box.hidden = false;
    $("#bg-own")?.setAttribute("hidden", "");
    $$(".bg-card.bg-focused").forEach((c) => c.classList.remove("bg-focused"));
    card.classList.add("bg-focused");
    if (scroll) bringIntoView(box);
  }

  // ------------------------------------------------------------------ design and sound
  function applyDesign(value) {
    root.classList.toggle("bg-design-mittag", value === "mittag");
    const radio = $(`input[name=bg-design][value="${value}"]`);
    if (radio) radio.checked = true;
  }
  const storage = {
    get(key) { try { return localStorage.getItem(key); } catch { return null; } },
    set(key, value) { try { localStorage.setItem(key, value); } catch { /* private mode */ } },
  };
  applyDesign(storage.get("burg-design") || "abend");
  // The sketch-hit tone plays through the shared sound engine (static/js/sound.js) when Klänge are on.
  const hitTone = () => window.SC?.sound?.play("skizze");

  function checkHit() {
    const own = $("#bg-own .bg-own-castle");
    if (!own) { lastHit = null; return; }
    const key = `${$("#bg-status")?.dataset.runde}:${own.dataset.rundeKey}`;
    const hit = own.dataset.hit === "1";
    if (lastHit && lastHit.key === key && !lastHit.hit && hit) {
      hitTone();
      own.classList.add("bg-hit-flash");
    }
    lastHit = { key, hit };
  }

  function markMe() {
    if (mySeat === "") return;
    $(`#bg-seat-${mySeat}`)?.classList.add("bg-me");
    $$(`.bg-end-row[data-seat="${mySeat}"], .bg-bar-row[data-seat="${mySeat}"]`).forEach((row) => row.classList.add("bg-me"));
  }

  // ------------------------------------------------------------------ events
  document.addEventListener("pointerdown", (event) => { pointer = event.pointerType || "mouse"; }, true);

  root.addEventListener("click", (event) => {
    const target = event.target;
    const pick = target.closest("#bg-center .bg-pick");
    if (pick) { if (pointer === "keyboard") pointer = "mouse"; select(pick.dataset.id); return; }
    const cell = target.closest("#bg-own .bg-cell");
    if (cell) {
      const f = Number(cell.dataset.f);
      if (pointer !== "mouse" && armed !== f) { armed = f; refresh(); showPreview(f); return; } // first tap: preview
      build(f);
      return;
    }
    if (target.closest("#bg-lose") && sel !== null) { send({ type: "verlieren", wuerfel: Number(sel) }); return; }
    if (target.closest("#bg-rat")) {
      const form = $("#bg-rat-form");
      if (form && turn().mine) htmx.trigger(form, "submit");
      return;
    }
    if (target.closest("#bg-home")) { home(true); return; }
    const card = target.closest(".bg-card");
    if (card) { if (card.dataset.seat === mySeat || card.dataset.seat === focus) home(true); else showFocus(card.dataset.seat, true); return; }
    if (target.closest("[data-close-end]")) { root.classList.add("bg-end-closed"); return; }
    if (target.closest("[data-open-end]")) { root.classList.remove("bg-end-closed"); return; }
  });

  root.addEventListener("pointerover", (event) => {
    if (event.pointerType !== "mouse") return;
    const cell = event.target.closest?.("#bg-own .bg-cell.bg-lit");
    if (cell) showPreview(Number(cell.dataset.f));
  });
  root.addEventListener("pointerout", (event) => {
    if (event.pointerType !== "mouse") return;
    const cell = event.target.closest?.("#bg-own .bg-cell.bg-lit");
    if (cell && !cell.contains(event.relatedTarget) && armed === null) showPreview(null);
  });

  root.addEventListener("change", (event) => {
    if (event.target.name === "bg-design") { storage.set("burg-design", event.target.value); applyDesign(event.target.value); }
  });

  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest?.("input, select, textarea")) return;
    const t = turn();
    const key = event.key;
    if (key === "Escape") { if (focus !== null) home(true); else { sel = null; armed = null; refresh(); } return; }
    if (t.phase === "skizze" && t.mine && /^[12]$/.test(key)) {
      $(`#bg-wahl [data-key="${key}"]`)?.click();
      event.preventDefault();
      return;
    }
    if (key === "Enter") {
      const weiter = $("#bg-weiter");
      if (weiter) { weiter.click(); event.preventDefault(); return; }
      if (t.mine && t.step === "ablegen" && sel !== null) { send({ type: "ablegen", wuerfel: Number(sel) }); event.preventDefault(); }
      const lose = $("#bg-lose");
      if (t.mine && t.step === "bauen" && sel !== null && lose && !lose.hidden) { lose.click(); event.preventDefault(); }
      return;
    }
    if ((key === "r" || key === "R") && $("#bg-rat") && !$("#bg-rat").disabled) { $("#bg-rat").click(); return; }
    if (!t.mine || t.phase !== "bauen") return;
    if (key === "ArrowLeft" || key === "ArrowRight") {
      const ids = picks().map((p) => p.dataset.id);
      if (!ids.length) return;
      const at = ids.indexOf(sel);
      const next = at < 0 ? (key === "ArrowRight" ? 0 : ids.length - 1) : (at + (key === "ArrowRight" ? 1 : ids.length - 1)) % ids.length;
      sel = ids[next];
      armed = null;
      pointer = "keyboard";
      home();
      refresh();
      event.preventDefault();
      return;
    }
    if (/^[1-9]$/.test(key) && t.step === "bauen" && sel !== null) { build(Number(key) - 1); event.preventDefault(); }
  });

  function afterUpdate() {
    const now = version();
    const t = turn();
    const turnKey = `${t.mine}:${t.phase}:${t.step}`;
    if (now !== lastVersion) {
      busy = false;
      clearTimeout(busyTimer);
      lastVersion = now;
    }
    if (turnKey !== lastTurnKey) {
      if (t.mine && lastTurnKey && !lastTurnKey.startsWith("true")) home(); // my turn: my castle comes back
      lastTurnKey = turnKey;
      armed = null;
    }
    if (focus !== null) showFocus(focus); // the card was replaced: show its new state
    markMe();
    checkHit();
    refresh();
  }

  document.addEventListener("htmx:wsAfterMessage", afterUpdate);
  document.body.addEventListener("htmx:wsOpen", () => {
    const c = $("#bg-conn");
    if (c) { c.dataset.state = "open"; c.textContent = gettext("verbunden"); }
    busy = false;
  });
  document.body.addEventListener("htmx:wsClose", () => {
    const c = $("#bg-conn");
    if (c) { c.dataset.state = "closed"; c.textContent = gettext("Verbindung unterbrochen – verbinde neu …"); }
  });
  afterUpdate();
})();
