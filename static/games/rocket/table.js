// Speedrocket table: buttons and keys, whose manufactory is shown big, the shop's basket, the show's Weiter,
// the view settings. The server owns the game: every action is one of #rk-controls[data-legal].
(() => {
  "use strict";
  const root = document.querySelector(".rk-table");
  if (!root) return;
  const $ = (sel, el = document) => el.querySelector(sel);
  const fill = (text, values) => interpolate(text, values, true);
  const $$ = (sel, el = document) => [...el.querySelectorAll(sel)];
  const own = root.dataset.seat === "" ? null : Number(root.dataset.seat);
  const SHOW_PAUSE = 2600; // ms a step of the Abendvorstellung stays before the page confirms it
  const WARES = ["O1", "G1", "G2", "G4", "B1", "B2", "B4", "R1", "R2", "R4", "Y1", "Y2", "Y4", "P1", "S1"];
  const NAMES = { O: "Kalkorange", G: "Bariumgrün", B: "Kupferblau", R: "Strontiumrot", Y: "Natriumgelb", P: "Purpur", S: "Schwarzpulver" };
  const wareText = (w) => ("OPS".includes(w[0]) ? NAMES[w[0]] : `${NAMES[w[0]]} ${w[1]}`);

  let busy = false;
  let busyTimer = null;
  let lastSig = null;
  let basket = []; // wares chosen in the shop (client side until "Fertig")
  let basketFor = null; // the evening the basket belongs to
  let skipEvening = null; // Weiter pressed: the rest of this evening's show is skipped
  let showTimer = null;
  let showFor = null;
  let rat = null;

  // ------------------------------------------------------------ view settings (gear)
  const store = {
    get: (k, d) => { try { return localStorage.getItem(`rk-${k}`) ?? d; } catch { return d; } },
    set: (k, v) => { try { localStorage.setItem(`rk-${k}`, v); } catch { /* private mode */ } },
  };
  function applySettings() {
    const design = store.get("design", "nacht");
    const pct = store.get("pct", "1") === "1";
    root.dataset.design = design;
    root.classList.toggle("rk-nopct", !pct);
    const radio = $(`input[name=rk-design][value=${design}]`);
    if (radio) radio.checked = true;
    const box = $("input[name=rk-pct]");
    if (box) box.checked = pct;
  }
  document.addEventListener("change", (event) => {
    const el = event.target;
    if (el.name === "rk-design") store.set("design", el.value);
    else if (el.name === "rk-pct") store.set("pct", el.checked ? "1" : "0");
    else return;
    applySettings();
  });

  // ------------------------------------------------------------ whose manufactory is big
  let focus = own ?? 0;
  function setFocus(seat) {
    focus = seat;
    root.dataset.shown = String(seat);
    const back = $(".rk-back");
    if (back) {
      const foreign = own !== null && seat !== own;
      back.hidden = !foreign;
      const name = $(`#rk-m-${seat} .rk-name`)?.textContent || "";
      $(".rk-back-who", back).textContent = foreign ? fill(gettext("Du siehst die Manufaktur von %(name)s."), { name }) : "";
    }
    $$(".rk-rival").forEach((b) => b.classList.toggle("rk-focused", Number(b.dataset.focus) === seat));
  }

  // ------------------------------------------------------------ sending
  const controls = () => $("#rk-controls");
  const legal = () => { try { return JSON.parse(controls()?.dataset.legal || "[]"); } catch { return []; } };
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  const isLegal = (action) => legal().some((a) => same(a, action));
  function setBusy() {
    busy = true;
    clearTimeout(busyTimer);
    busyTimer = setTimeout(() => { busy = false; }, 8000); // never stuck without an answer
  }
  function send(action) {
    const form = $("#rk-send");
    if (!form || busy || !isLegal(action)) return false;
    form.querySelector("[name=action]").value = JSON.stringify(action);
    setBusy();
    htmx.trigger(form, "submit");
    return true;
  }
  function error(text) {
    const el = $("#table-error");
    if (!el) return;
    el.textContent = text;
    clearTimeout(el._timer);
    el._timer = setTimeout(() => { el.textContent = ""; }, 5000);
  }

  // ------------------------------------------------------------ the shop
  const shop = () => $("#rk-controls .rk-shop");
  function prices() {
    const out = {};
    $$(".rk-ware[data-ware]").forEach((b) => { out[b.dataset.ware] = Number(b.dataset.preis); });
    return out;
  }
  function basketAction() {
    if (!shop()) return null;
    const want = [...basket].sort((a, b) => WARES.indexOf(a) - WARES.indexOf(b));
    return legal().find((a) => a.type === "einkaufen" && same(a.chips, want)) || null;
  }
  function renderBasket() {
    const s = shop();
    if (!s) return;
    $$(".rk-ware", s).forEach((b) => b.classList.toggle("rk-chosen", basket.includes(b.dataset.ware)));
    const out = $("[data-testid=basket]", s);
    const p = prices();
    const mark = Number(s.dataset.mark);
    const cost = basket.reduce((sum, w) => sum + (p[w] || 0), 0);
    if (!basket.length) out.textContent = gettext("Nichts gewählt – „Fertig“ kauft nichts.");
    else out.textContent = fill(gettext("%(wares)s: %(cost)s von %(mark)s Mark."), { wares: basket.map(wareText).join(" + "), cost, mark });
    out.classList.toggle("rk-too-dear", cost > mark);
  }
  function toggleWare(ware) {
    if (basket.includes(ware)) basket = basket.filter((w) => w !== ware);
    else {
      basket = basket.filter((w) => w[0] !== ware[0]); // one chip per colour
      if (basket.length >= 2) basket.shift(); // at most two chips
      basket.push(ware);
    }
    renderBasket();
  }
  // Keys 1–7: the colour's dearest value the Mark still pay beside the basket's other chip; again = the next
  // cheaper; after the cheapest: none.
  function cycleColour(key) {
    const group = $(`#rk-controls .rk-ware-group[data-key="${key}"]`);
    if (!group) return;
    const colour = group.dataset.colour;
    const p = prices();
    const current = basket.find((w) => w[0] === colour);
    let rest = basket.filter((w) => w[0] !== colour);
    if (current === undefined && rest.length >= 2) rest = rest.slice(1); // a third ware replaces the older
    const left = Number(shop().dataset.mark) - rest.reduce((sum, w) => sum + (p[w] || 0), 0);
    const wares = $$(".rk-ware:not([disabled])", group).map((b) => b.dataset.ware).filter((w) => p[w] <= left).reverse();
    if (!wares.length) {
      error(rest.length
        ? fill(gettext("%(powder)s: zu teuer – neben %(other)s bleiben %(left)s Mark."), { powder: NAMES[colour], other: rest.map(wareText).join(" + "), left })
        : fill(gettext("%(powder)s: zu teuer."), { powder: NAMES[colour] }));
      return;
    }
    const next = current === undefined ? wares[0] : wares[wares.indexOf(current) + 1];
    basket = next === undefined ? rest : [...rest, next];
    renderBasket();
  }
  function buy() {
    const action = basketAction();
    if (!action) {
      const p = prices();
      const cost = basket.reduce((sum, w) => sum + (p[w] || 0), 0);
      error(cost > Number(shop()?.dataset.mark) ? gettext("Dafür reichen deine Mark nicht.") : gettext("So geht der Einkauf nicht: höchstens zwei Chips in verschiedenen Farben."));
      return;
    }
    send(action);
  }

  // ------------------------------------------------------------ the Abendvorstellung
  function phaseInfo() {
    const c = controls();
    return c ? { phase: c.dataset.phase, abend: c.dataset.abend, schritt: c.dataset.schritt, mine: c.dataset.mine === "1" } : null;
  }
  function weiter(skip) {
    const info = phaseInfo();
    if (!info || info.phase !== "vorstellung") return;
    if (skip) skipEvening = info.abend;
    send({ type: "weiter" });
  }
  function scheduleShow() {
    const info = phaseInfo();
    const key = info ? `${info.abend}/${info.schritt}` : null;
    if (!info || info.phase !== "vorstellung" || !info.mine) { clearTimeout(showTimer); showFor = null; return; }
    if (showFor === key) return;
    showFor = key;
    clearTimeout(showTimer);
    if (skipEvening === info.abend) { busy = false; send({ type: "weiter" }); return; }
    showTimer = setTimeout(() => { if (isLegal({ type: "weiter" })) send({ type: "weiter" }); }, SHOW_PAUSE);
  }

  // ------------------------------------------------------------ clicks and keys
  function act(action) {
    if (action.type === "weiter") { weiter(true); return; }
    if (!send(action) && !busy) error(gettext("Das geht gerade nicht."));
  }
  root.addEventListener("click", (event) => {
    const t = event.target;
    const focusEl = t.closest("[data-focus]");
    // A card tapped with the mouse gives the keyboard's focus back: your keys stay yours (Leertaste and
    // Enter would press the focused card again, as Chromium draws a clicked button's focus after a key).
    const release = (el) => { if (event.detail > 0) el.blur(); };
    if (focusEl) { setFocus(Number(focusEl.dataset.focus)); release(focusEl); if (focusEl.closest(".rk-show")) $(".rk-main")?.scrollIntoView({ block: "start" }); return; }
    const ownEl = t.closest("[data-focus-own]");
    if (ownEl) { setFocus(own ?? 0); release(ownEl); return; }
    const actEl = t.closest("[data-act]");
    if (actEl) { act(JSON.parse(actEl.dataset.act)); return; }
    const ware = t.closest(".rk-ware[data-ware]");
    if (ware) { toggleWare(ware.dataset.ware); return; }
    if (t.closest("[data-buy]")) { buy(); return; }
    if (t.closest("[data-rat]")) { askRat(); return; }
    const token = t.closest(".rk-bag .rk-token[data-info]");
    if (token) { token.dispatchEvent(new PointerEvent("pointerover", { bubbles: true, pointerType: "mouse" })); return; }
    const copy = t.closest("[data-copy]");
    if (copy) {
      const field = $(copy.dataset.copy);
      field.select();
      (navigator.clipboard?.writeText(field.value) ?? Promise.reject()).then(
        () => { copy.textContent = gettext("Kopiert"); },
        () => { document.execCommand?.("copy"); copy.textContent = gettext("Markiert – jetzt kopieren"); },
      );
      return;
    }
    if (t.closest("[data-close-end]")) { const e = $("#rk-end .rk-end"); if (e) e.hidden = true; return; }
    if (t.closest("[data-open-end]")) { const e = $("#rk-end .rk-end"); if (e) e.hidden = false; }
  });
  // A tap (or Enter) on a bag chip opens its info window (the same one the mouse shows).
  root.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && event.target.matches?.(".rk-token[data-info]")) event.target.dispatchEvent(new PointerEvent("pointerover", { bubbles: true, pointerType: "mouse" }));
  });

  function askRat() {
    const form = $("#rk-rat-form");
    if (form && $("[data-rat]")) htmx.trigger(form, "submit");
  }

  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest?.("input, select, textarea, summary")) return;
    const info = phaseInfo();
    if (!info) return;
    const key = event.key;
    const ask = $("#rk-controls .rk-ask");
    // a button the keyboard focused (Tab: the focus is drawn) is pressed by Enter or Space, not the shortcut
    if ((key === "Enter" || key === " ") && event.target.matches?.("button:focus-visible, a:focus-visible")) return;
    let handled = true;
    if (info.phase === "stopfen") {
      const sandAsk = $("[data-testid=sand-ask]");
      const preview = $("[data-testid=vorschau]");
      if (key === " " && !ask) act({ type: "ziehen" });
      else if (key === "Enter" && !ask) act({ type: "aufhoeren" });
      else if (key === "e" || key === "E") act({ type: "sand" });
      else if (preview && /^[0-5]$/.test(key)) {
        const btn = $(`[data-key="${key}"]`, preview);
        if (btn) act(JSON.parse(btn.dataset.act)); else handled = false;
      } else if ((key === "r" || key === "R") && !sandAsk) askRat();
      else handled = false;
    } else if (info.phase === "vorstellung") {
      if (key === "Enter" || key === " ") weiter(true); else handled = false;
    } else if (info.phase === "handel" && shop()) {
      if (/^[1-7]$/.test(key)) cycleColour(key);
      else if (key === "Enter") buy();
      else if (key === "r" || key === "R") askRat();
      else handled = false;
    } else handled = false;
    if (handled) event.preventDefault();
  });

  // ------------------------------------------------------------ after every update
  // A question ("Sand drauf?", "Ruhm oder einkaufen?") takes the keyboard's focus when it appears, so its
  // buttons are one Tab or Enter away (never out of a text field, e.g. the chat).
  let askShown = null;
  function focusAsk() {
    const ask = $("#rk-controls [role=alertdialog]");
    const key = ask ? `${ask.dataset.testid}:${controls()?.dataset.abend}:${$("#rk-ask-title + p", ask)?.textContent || ""}` : null;
    if (key === askShown) return;
    askShown = key;
    if (!ask || ask.contains(document.activeElement) || document.activeElement?.closest?.("input, textarea, select")) return;
    $("button", ask)?.focus({ preventScroll: true });
  }
  function markRat() {
    $$(".rk-rat").forEach((el) => el.classList.remove("rk-rat"));
    const advice = $("#table-advice");
    const raw = advice?.dataset.action || "";
    rat = null;
    if (raw && advice.textContent.trim()) { try { rat = JSON.parse(raw); } catch { rat = null; } }
    if (!rat) return;
    $$("#rk-controls [data-act]").forEach((b) => { if (same(JSON.parse(b.dataset.act), rat)) b.classList.add("rk-rat"); });
    if (rat.type === "einkaufen") rat.chips.forEach((w) => $(`#rk-controls .rk-ware[data-ware="${w}"]`)?.classList.add("rk-rat"));
  }
  // An action of this seat always changes its controls or its own manufactory: only then (or on an
  // error) the page may send again. Other seats' moves alone (simultaneous drawing) do not count, so a
  // key pressed twice never sends a second action from a page that still shows the old position.
  const ownSig = () => ($("#rk-controls")?.outerHTML || "") + (own === null ? "" : $(`#rk-m-${own}`)?.outerHTML || "");
  // The end board repeats who got the pot: the table bar's line (the board may cover the bar).
  function copyPot() {
    const slot = $("#rk-end [data-testid=end-pot]");
    if (!slot) return;
    const pot = $("#tbl-bar [data-testid=pot]");
    slot.hidden = !pot;
    slot.innerHTML = pot ? pot.innerHTML : "";
  }
  function afterUpdate() {
    const sig = ownSig();
    if (sig !== lastSig) { lastSig = sig; busy = false; }
    const info = phaseInfo();
    if (!info || info.phase !== "handel" || basketFor !== info.abend) { basket = []; basketFor = info?.abend ?? null; }
    if (info && info.phase === "handel" && !shop()) basket = [];
    renderBasket();
    scheduleShow();
    setFocus($(`#rk-m-${focus}`) ? focus : own ?? 0);
    focusAsk();
    markRat();
    copyPot();
    const over = $("#rk-status")?.dataset.over === "1";
    root.classList.toggle("rk-over", over);
  }

  const conn = $("#rk-conn");
  document.body.addEventListener("htmx:wsOpen", () => { if (conn) { conn.dataset.state = "open"; conn.textContent = gettext("verbunden"); } busy = false; });
  document.body.addEventListener("htmx:wsClose", () => { if (conn) { conn.dataset.state = "closed"; conn.textContent = gettext("Verbindung unterbrochen – verbinde neu …"); } });
  document.body.addEventListener("htmx:wsAfterMessage", () => {
    const err = $("#table-error");
    if (err && err.textContent.trim()) busy = false;
    afterUpdate();
  });
  applySettings();
  afterUpdate();
})();
