// Speedneon table: choosing a die, lit windows, the tools' steps, drag and drop, keys.
// The server owns the game: every legal choice comes precomputed in #nn-step[data-turn];
// this file only helps the player pick one and sends it over the websocket.
(() => {
  "use strict";
  const root = document.querySelector(".nn-table");
  if (!root) return;
  const $ = (sel, el = document) => el.querySelector(sel);
  const $$ = (sel, el = document) => [...el.querySelectorAll(sel)];
  const COLOURS = { P: gettext("Pink"), C: gettext("Cyan"), G: gettext("Gelb"), N: gettext("Grün"), V: gettext("Violett") };
  const fill = (text, values) => interpolate(text, values, true);
  const dieText = (d) => `${COLOURS[d[0]]} ${d[1]}`;

  let sel = null; // selected Lieferung die (index)
  let step = null; // a tool's steps before it is sent: {tool, acts, stage, preis}
  let moveSrc = null; // the die chosen to move (window) while a move tool is open
  let armed = null; // a matt brightness button tapped once (second tap sends)
  let rat = null; // the advice's action, highlighted
  let busy = false;
  let lastVersion = null;
  let lastSig = "";
  let adviceEl = null; // the advice element last read (each advice replaces it)
  let suppressClick = false;
  let choice = null; // the facade sent in the (simultaneous) facade choice
  let viaKeys = false; // the die was chosen with a key: the keyboard goes on in the facade

  function turn() {
    try { return JSON.parse($("#nn-step")?.dataset.turn || "{}"); } catch { return {}; }
  }
  const mine = () => !!turn().mine && !busy;
  const dice = () => $$("#nn-center .nn-pick[data-i]");
  const uniq = (xs) => [...new Set(xs.map((x) => JSON.stringify(x)))].map((x) => (x === undefined ? x : JSON.parse(x)));

  let busyTimer = null;
  function setBusy() {
    busy = true;
    clearTimeout(busyTimer);
    busyTimer = setTimeout(() => { busy = false; refresh(); }, 8000); // never stuck without an answer
  }

  function send(payload, force = false) {
    const form = $("#nn-send");
    if (!form || (busy && !force)) return;
    form.querySelector("[name=action]").value = JSON.stringify(payload);
    setBusy();
    sel = null; step = null; moveSrc = null; armed = null; rat = null;
    htmx.trigger(form, "submit");
    refresh();
  }

  // Touch screens have no keyboard at hand: the prompt drops its key hints ("(Enter)", "(oder Taste 1–9)").
  const touch = window.matchMedia("(hover: none) and (pointer: coarse)");
  const withoutKeys = (text) => (touch.matches ? text.replace(/\s*\((?:oder |or )?(?:Taste|key|Enter|Esc)[^)]*\)/g, "") : text);

  function setPrompt(text) {
    const p = $("#nn-prompt");
    if (p) p.textContent = withoutKeys(text ?? p.dataset.server ?? "");
  }

  function toolName(id) {
    const el = $(`.nn-tool[data-tool="${id}"] strong`);
    return el ? el.textContent.trim() : id;
  }

  // ---------------------------------------------------------------- rendering the choice
  function refresh() {
    $$(".nn-js-lit, .nn-sel, .nn-opt, .nn-target, .nn-rat, .nn-armed, .nn-paying").forEach((el) =>
      el.classList.remove("nn-js-lit", "nn-sel", "nn-opt", "nn-target", "nn-rat", "nn-armed", "nn-paying"));
    $$(".nn-tool.nn-active").forEach((el) => el.classList.remove("nn-active"));
    const t = turn();
    const confirm = $("#nn-confirm");
    if (confirm) confirm.hidden = true;
    const cancel = $("#nn-cancel");
    root.classList.toggle("nn-busy", busy);
    root.classList.toggle("nn-myturn", !!t.mine);
    if (!t.mine) { setPrompt(); return; }
    let text = null;
    if (step) {
      $(`.nn-tool[data-tool="${step.tool}"]`)?.classList.add("nn-active");
      const name = toolName(step.tool);
      const price = step.preis !== undefined ? dice()[step.preis] : null;
      if (price) price.classList.add("nn-paying");
      const paid = price ? " " + fill(gettext("Bezahlt wird mit %(die)s."), { die: dieText(price.dataset.die) }) : "";
      if (step.stage === "preis") {
        const prices = uniq(step.acts.map((a) => a.preis));
        dice().forEach((b) => { if (prices.includes(Number(b.dataset.i))) b.classList.add("nn-opt"); });
        text = fill(gettext("%(tool)s: Tippe die Röhre, mit der du bezahlst (sie fällt aus dem Spiel)."), { tool: name });
      } else if (step.stage === "die") {
        const ds = uniq(step.acts.filter((a) => a.preis === step.preis).map((a) => a.die));
        dice().forEach((b) => { if (ds.includes(Number(b.dataset.i))) b.classList.add("nn-opt"); });
        text = fill(gettext("%(tool)s: Tippe die Röhre, auf die es wirkt."), { tool: name }) + paid + " " +
          (t.at_once.includes(step.tool)
            ? fill(gettext("%(tool)s wirkt sofort und ist dann bezahlt."), { tool: name })
            : gettext("Bis zum nächsten Schritt kannst du abbrechen."));
      } else if (step.stage === "confirm") {
        if (confirm) confirm.hidden = false;
        text = fill(gettext("%(tool)s einsetzen? Es wird sofort bezahlt."), { tool: name }) + paid + " " +
          gettext("(Enter = einsetzen, Esc = abbrechen)");
      }
    } else if (Object.keys(t.moves || {}).length) {
      if (moveSrc !== null) {
        $(`#nn-own .nn-win[data-w="${moveSrc}"]`)?.classList.add("nn-sel");
        (t.moves[moveSrc] || []).forEach((w) => $(`#nn-own .nn-win[data-w="${w}"]`)?.classList.add("nn-js-lit", "nn-target"));
        const die = $(`#nn-own .nn-win[data-w="${moveSrc}"]`)?.dataset.die;
        text = fill(gettext("%(die)s: Tippe das leuchtende Ziel-Fenster (Esc: andere Röhre)."), { die: die ? dieText(die) : gettext("Röhre") });
      }
    } else if ((t.hand || []).length) {
      t.hand.forEach((w) => $(`#nn-own .nn-win[data-w="${w}"]`)?.classList.add("nn-js-lit"));
    } else if (sel !== null) {
      const b = dice()[sel];
      if (b) {
        b.classList.add("nn-sel");
        const ws = JSON.parse(b.dataset.fenster || "[]");
        ws.forEach((w) => $(`#nn-own .nn-win[data-w="${w}"]`)?.classList.add("nn-js-lit"));
        text = ws.length
          ? fill(gettext("%(die)s: Tippe ein leuchtendes Fenster – oder zieh die Röhre hin."), { die: dieText(b.dataset.die) }) +
            (viaKeys ? " " + gettext("(Enter hängt sie ins markierte Fenster, Pfeiltasten wählen ein anderes.)") : "")
          : fill(gettext("%(die)s passt gerade nirgends. Ein Werkzeug? Sonst eine andere Röhre."), { die: dieText(b.dataset.die) });
      } else sel = null;
    }
    if (armed !== null) {
      $(`#nn-step [data-key="${armed}"]`)?.classList.add("nn-armed");
      text = fill(gettext("Helligkeit %(value)s passt nirgends: Die Röhre geht zurück in die Lieferung und dein Zug ist vorbei. Nochmal tippen zum Bestätigen."), { value: armed });
    }
    if (rat) markAdvice(rat);
    setPrompt(text);
    if (cancel) cancel.disabled = !(step || sel !== null || moveSrc !== null || armed !== null || t.cancel);
    const pass = $("#nn-pass");
    if (pass) pass.disabled = !t.pass || !!step; // finish or cancel the tool's step first
  }

  function markAdvice(a) {
    if (a.type === "setzen") {
      if (a.die !== undefined) dice()[a.die]?.classList.add("nn-rat");
      else $("#nn-center [data-hand]")?.classList.add("nn-rat");
      $(`#nn-own .nn-win[data-w="${a.fenster}"]`)?.classList.add("nn-rat");
    } else if (a.type === "passen") $("#nn-pass")?.classList.add("nn-rat");
    else if (a.type === "werkzeug") $(`.nn-tool[data-tool="${a.tool}"]`)?.classList.add("nn-rat");
    else if (a.type === "umhaengen") {
      $(`#nn-own .nn-win[data-w="${a.von}"]`)?.classList.add("nn-rat");
      $(`#nn-own .nn-win[data-w="${a.nach}"]`)?.classList.add("nn-rat");
    }
  }

  // ---------------------------------------------------------------- the tools' client-side steps
  function startTool(button) {
    const t = turn();
    const id = button.dataset.tool;
    if (!t.mine || busy) return;
    if (step && step.tool === id) { step = null; refresh(); return; }
    const acts = (t.tools || {})[id] || [];
    if (!acts.length) {
      setPrompt(fill(gettext("%(tool)s geht gerade nicht."), { tool: toolName(id) }) + " " + (button.getAttribute("title") || ""));
      return;
    }
    sel = null; moveSrc = null; armed = null;
    step = { tool: id, acts, stage: null, preis: undefined };
    advance();
    const center = $("#nn-center");
    if (step && center && center.getBoundingClientRect().bottom < 0) center.scrollIntoView({ block: "start", behavior: "smooth" });
  }

  function advance() {
    const t = turn();
    const prices = uniq(step.acts.map((a) => a.preis));
    if (t.solo && step.preis === undefined) {
      if (prices.length > 1) { step.stage = "preis"; refresh(); return; }
      step.preis = prices[0];
    }
    const acts = step.acts.filter((a) => a.preis === step.preis);
    if (t.die_tools.includes(step.tool)) { step.stage = "die"; refresh(); return; }
    if (t.confirm.includes(step.tool)) { step.stage = "confirm"; refresh(); return; }
    send(acts[0]);
  }

  function confirmStep() {
    if (!step || step.stage !== "confirm") return false;
    const act = step.acts.find((a) => a.preis === step.preis);
    if (act) send(act);
    return true;
  }

  function tapDie(i) {
    const t = turn();
    if (!t.mine || busy) return;
    if (step && step.stage === "preis") {
      const prices = uniq(step.acts.map((a) => a.preis));
      if (prices.includes(i)) { step.preis = i; advance(); }
      return;
    }
    if (step && step.stage === "die") {
      const act = step.acts.find((a) => a.preis === step.preis && a.die === i);
      if (act) send(act);
      return;
    }
    if (step) return;
    if (Object.keys(t.moves || {}).length || (t.hand || []).length || t.pending) return;
    sel = sel === i ? null : i;
    rat = null;
    refresh();
  }

  function tapWindow(w) {
    const t = turn();
    if (!t.mine || busy || step) return;
    const moves = t.moves || {};
    if (Object.keys(moves).length) {
      if (moveSrc !== null && (moves[moveSrc] || []).includes(w)) {
        send({ type: "umhaengen", von: moveSrc, nach: w });
      } else if (moves[w]) moveSrc = moveSrc === w ? null : w;
      else moveSrc = null;
      refresh();
      return;
    }
    if ((t.hand || []).includes(w)) { send({ type: "setzen", fenster: w }); return; }
    if (sel !== null && ((t.dice || {})[sel] || []).includes(w)) { send({ type: "setzen", die: sel, fenster: w }); return; }
  }

  function cancel() {
    const t = turn();
    if (armed !== null) armed = null;
    else if (moveSrc !== null) moveSrc = null;
    else if (step) step = null;
    else if (sel !== null) sel = null;
    else if (t.cancel && t.mine) { send({ type: "abbrechen" }); return; }
    refresh();
  }

  // ---------------------------------------------------------------- pointer input
  root.addEventListener("click", (event) => {
    if (suppressClick) { suppressClick = false; event.preventDefault(); return; }
    const submit = event.target.closest("form[ws-send] button[type=submit]");
    if (submit && busy) { event.preventDefault(); event.stopPropagation(); return; } // one action at a time
    const chooser = event.target.closest(".nn-choose");
    if (chooser) {
      try { choice = JSON.parse(chooser.form.querySelector("[name=action]").value).fassade; } catch { choice = null; }
      setBusy();
      return; // the ws-send form sends it
    }
    const valBtn = event.target.closest("#nn-step button[data-matt]");
    if (valBtn) {
      const key = valBtn.dataset.key;
      if (valBtn.dataset.matt === "1" && armed !== key) {
        event.preventDefault(); // the first tap only warns
        armed = key;
        refresh();
        return;
      }
      armed = null;
      setBusy();
      return; // the ws-send form sends it
    }
    const die = event.target.closest("#nn-center .nn-pick[data-i]");
    if (die) { viaKeys = false; tapDie(Number(die.dataset.i)); return; }
    const win = event.target.closest("#nn-own .nn-win");
    if (win) { tapWindow(Number(win.dataset.w)); return; }
    const tool = event.target.closest(".nn-tool");
    if (tool) { startTool(tool); return; }
    if (event.target.closest("#nn-confirm")) { confirmStep(); return; }
    if (event.target.closest("#nn-cancel")) { cancel(); return; }
    if (event.target.closest("#nn-rat")) { htmx.trigger($("#nn-rat-form"), "submit"); return; }
    if (event.target.closest("[data-close-end]")) { $("#nn-end .nn-end").hidden = true; return; }
    if (event.target.closest("[data-open-end]")) { $("#nn-end .nn-end").hidden = false; return; }
    if (event.target.closest("[data-dismiss-advice]")) { $("#table-advice").replaceChildren(); rat = null; refresh(); return; }
    if (submit) setBusy();
  }, true);

  // HTML5 drag and drop (mouse)
  let dragging = null; // {i} or {hand: true}
  const dragWindows = () => {
    if (!dragging) return [];
    const t = turn();
    return dragging.hand ? (t.hand || []) : ((t.dice || {})[dragging.i] || []);
  };
  root.addEventListener("dragstart", (event) => {
    const die = event.target.closest(".nn-pick[draggable=true]");
    if (!die || !mine() || step) { event.preventDefault(); return; }
    dragging = die.dataset.hand ? { hand: true } : { i: Number(die.dataset.i) };
    if (!dragging.hand) sel = dragging.i;
    event.dataTransfer.setData("text/plain", die.dataset.die);
    event.dataTransfer.effectAllowed = "move";
    refresh();
  });
  root.addEventListener("dragover", (event) => {
    const win = event.target.closest("#nn-own .nn-win");
    if (!win || !dragging) return;
    if (dragWindows().includes(Number(win.dataset.w))) {
      event.preventDefault();
      event.dataTransfer.dropEffect = "move";
      $$(".nn-over").forEach((el) => el !== win && el.classList.remove("nn-over"));
      win.classList.add("nn-over");
    }
  });
  root.addEventListener("dragleave", (event) => {
    event.target.closest?.(".nn-win")?.classList.remove("nn-over");
  });
  root.addEventListener("drop", (event) => {
    const win = event.target.closest("#nn-own .nn-win");
    if (!win || !dragging) return;
    event.preventDefault();
    dropOn(Number(win.dataset.w));
  });
  root.addEventListener("dragend", () => {
    dragging = null;
    $$(".nn-over").forEach((el) => el.classList.remove("nn-over"));
  });

  function dropOn(w) {
    const d = dragging;
    dragging = null;
    $$(".nn-over").forEach((el) => el.classList.remove("nn-over"));
    if (!d) return;
    const t = turn();
    if (d.hand && (t.hand || []).includes(w)) send({ type: "setzen", fenster: w });
    else if (!d.hand && ((t.dice || {})[d.i] || []).includes(w)) send({ type: "setzen", die: d.i, fenster: w });
  }

  // Pointer events (touch and pen): drag a die with the finger; a ghost follows it.
  let press = null;
  root.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse") return;
    const die = event.target.closest(".nn-pick[draggable=true]");
    if (!die || !mine() || step) return;
    press = { x: event.clientX, y: event.clientY, die, moving: false, id: event.pointerId };
  });
  root.addEventListener("pointermove", (event) => {
    if (!press || event.pointerId !== press.id) return;
    const ghost = $("#nn-ghost");
    if (!press.moving) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < 10) return;
      press.moving = true;
      dragging = press.die.dataset.hand ? { hand: true } : { i: Number(press.die.dataset.i) };
      if (!dragging.hand) sel = dragging.i;
      ghost.replaceChildren(press.die.cloneNode(true));
      ghost.hidden = false;
      refresh();
    }
    ghost.style.left = `${event.clientX}px`;
    ghost.style.top = `${event.clientY}px`;
    const under = document.elementFromPoint(event.clientX, event.clientY)?.closest("#nn-own .nn-win");
    $$(".nn-over").forEach((el) => el !== under && el.classList.remove("nn-over"));
    if (under && dragWindows().includes(Number(under.dataset.w))) under.classList.add("nn-over");
    event.preventDefault();
  });
  const endPress = (event) => {
    if (!press || event.pointerId !== press.id) return;
    const wasMoving = press.moving;
    press = null;
    $("#nn-ghost").hidden = true;
    if (!wasMoving) return;
    suppressClick = true;
    setTimeout(() => { suppressClick = false; }, 400);
    const under = document.elementFromPoint(event.clientX, event.clientY)?.closest("#nn-own .nn-win");
    if (under && event.type === "pointerup") dropOn(Number(under.dataset.w));
    else { dragging = null; refresh(); }
  };
  root.addEventListener("pointerup", endPress);
  root.addEventListener("pointercancel", endPress);

  // ---------------------------------------------------------------- keys (rule text: 1–9, Enter, Esc, R)
  // Keyboard alone (issue 17): after 1–9 the first lit window of the own facade has the focus; the arrow keys
  // move it over the facade (row by row, five windows a row), Enter or Space on a lit window hangs the tube
  // there – or, with a tool that moves tubes, picks the tube and then its new window. Enter elsewhere ends
  // the turn, as the rule text says.
  const litWindows = () => $$("#nn-own .nn-win.nn-js-lit, #nn-own .nn-win.nn-lit");
  const onWindow = () => {
    const el = document.activeElement?.closest?.("#nn-own .nn-win");
    return el && el.matches(":focus-visible") ? el : null;
  };
  const actionable = (win) => {
    const w = win.dataset.w;
    return win.classList.contains("nn-js-lit") || win.classList.contains("nn-lit") || !!(turn().moves || {})[w];
  };
  // A button the keyboard focused (Tab: the focus is drawn) other than a window of the own facade.
  const keyboardControl = (el) => !!el?.matches?.("button:focus-visible, a:focus-visible") && !el.closest("#nn-own .nn-win");
  function moveFocus(key) {
    const wins = $$("#nn-own .nn-win");
    const at = onWindow();
    if (!at) { (litWindows()[0] || wins[0])?.focus(); return; }
    const w = Number(at.dataset.w);
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -5, ArrowDown: 5 }[key] || 0;
    const next = wins.find((el) => Number(el.dataset.w) === w + step);
    if (next && (Math.abs(step) === 5 || Math.floor((w + step) / 5) === Math.floor(w / 5))) next.focus();
  }

  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, textarea, select") || document.querySelector("dialog[open]")) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key;
    const t = turn();
    const click = (el) => { if (el && !el.disabled) { el.click(); return true; } return false; };
    let handled = true;
    if (/^[1-9]$/.test(key)) {
      const status = $("#nn-status");
      if (status?.dataset.phase === "wahl") handled = click($(`#nn-wahl [data-key="${key}"]`));
      else if (t.pending === "roehrenwechsel") handled = click($(`#nn-step [data-key="${key}"]`));
      else if (dice()[Number(key) - 1]) {
        tapDie(Number(key) - 1);
        viaKeys = sel !== null;
        if (viaKeys) { refresh(); litWindows()[0]?.focus(); }
      }
      else handled = false;
    } else if (key.startsWith("Arrow") && mine() && (onWindow() || litWindows().length)) {
      moveFocus(key);
    } else if (key === "Enter" && step?.stage === "confirm" && !event.target.closest?.("#nn-cancel")) {
      // The prompt says "Enter = einsetzen": wherever the focus is (the tool or the price die just
      // clicked keeps it, and may be :focus-visible after an Esc), except on Abbrechen itself.
      confirmStep();
    } else if (key === "Enter" && onWindow() && actionable(onWindow())) {
      tapWindow(Number(onWindow().dataset.w)); // the window the keyboard marked (a visible focus)
    } else if (key === "Enter" && keyboardControl(event.target)) {
      handled = false; // a tool, Abbrechen, Rat … reached with Tab: Enter presses it
    } else if (key === "Enter") {
      if (step && step.stage !== "confirm") handled = true; // finish or cancel the tool's step first
      else if (!confirmStep()) {
        if (!click($("#nn-finish"))) click($("#nn-pass"));
      }
    } else if (key === "Escape") {
      const end = $("#nn-end .nn-end");
      if (end && !end.hidden) end.hidden = true;
      else cancel();
    } else if (key === "r" || key === "R") handled = click($("#nn-rat"));
    else handled = false;
    if (handled) event.preventDefault();
  });

  // ---------------------------------------------------------------- updates and animation
  // (a tube hung in a window drops into it: static/games/neon/motion.js)
  function animate() {
    const center = $("#nn-center");
    if (center) {
      const sig = center.dataset.sig || "";
      const [round, now = ""] = sig.split("|");
      const [oldRound, before = ""] = lastSig.split("|");
      const rerolled = round === oldRound && now !== before && now.length === before.length; // Stromausfall
      if (lastSig && (round !== oldRound || rerolled)) $$(".nn-lieferung .nn-die", center).forEach((d, i) => {
        d.style.animationDelay = `${i * 12}ms`;
        d.classList.add("nn-drop");
      });
      if (lastSig && sig !== lastSig) { sel = null; step = null; }
      lastSig = sig;
    }
  }

  // The players' table and the boards are the same for everyone (public): the page marks its own rows, shows
  // its own secret colour there (it is on the page already, at the own facade) and lights the facades of the
  // seats to move (the .nn-now rows), so a board need not change when the turn passes.
  function markSeats() {
    const now = new Set($$("#nn-info tr.nn-now[data-seat]").map((tr) => tr.dataset.seat));
    $$("#nn-rivals .nn-rival[data-seat], #nn-own[data-seat]").forEach((el) => {
      const on = now.has(el.dataset.seat);
      el.classList.toggle("nn-active", on);
      el.querySelector(".nn-facade")?.classList.toggle("nn-active", on);
    });
    const me = root.dataset.seat ?? "";
    $$("#nn-info [data-seat]").forEach((el) => el.classList.toggle("nn-me", me !== "" && el.dataset.seat === me));
    const cell = me === "" ? null : $(`#nn-info tr[data-seat="${me}"] .nn-geheim`);
    const secret = $$("#nn-own [data-testid=secret] [data-geheim]");
    if (!cell || !secret.length || cell.querySelector("[data-geheim]")) return;
    cell.replaceChildren(...secret.map((el) => {
      const chip = el.querySelector(".nn-chip").cloneNode();
      chip.dataset.geheim = el.dataset.geheim;
      chip.dataset.info = fill(gettext("Geheimfarbe: %(colour)s"), { colour: el.textContent.trim() });
      return chip;
    }));
  }

  function afterUpdate() {
    const status = $("#nn-status");
    const version = $("#tbl-v")?.dataset.version; // the one place the page keeps the version it shows
    if (version !== lastVersion) {
      lastVersion = version;
      busy = false;
      if (status?.dataset.phase !== "wahl" || !$("#nn-wahl .nn-choose")) choice = null;
      else if (choice) setBusy(); // our choice is on its way (another seat's choice came first)
      armed = null;
      const t = turn();
      if (!t.mine) { sel = null; step = null; moveSrc = null; }
      if (moveSrc !== null && !(t.moves || {})[moveSrc]) moveSrc = null;
      rat = null; // the Rat itself goes away in static/games/core/table.js
    }
    const advice = $("#table-advice");
    if (advice && advice !== adviceEl) {
      adviceEl = advice;
      const raw = advice.dataset.action || "";
      if (raw && advice.textContent.trim()) {
        try { rat = JSON.parse(raw); } catch { rat = null; }
        if (rat && rat.type === "setzen" && rat.die !== undefined && !step) sel = rat.die;
      }
    }
    markSeats();
    animate();
    refresh();
  }

  const conn = $("#nn-conn");
  document.body.addEventListener("htmx:wsOpen", () => {
    conn.dataset.state = "open"; conn.textContent = gettext("verbunden"); busy = false;
  });
  document.body.addEventListener("htmx:wsClose", () => {
    conn.dataset.state = "closed"; conn.textContent = gettext("Verbindung unterbrochen – verbinde neu …");
  });
  document.body.addEventListener("htmx:wsAfterMessage", () => {
    const error = $("#table-error");
    if (error && error.textContent.trim()) busy = false; // a refusal (static/games/core/table.js lets it fade)
    afterUpdate();
  });
  afterUpdate();
})();
