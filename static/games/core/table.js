// Shared table strip for every game and the waiting room: move clock countdown, Nochmal countdown,
// CSRF for plain forms, leave confirm, and the Rat that goes away with the next action.
(() => {
  "use strict";
  const csrf = () => {
    try { return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || ""; } catch { return ""; }
  };
  const fillCsrf = (scope = document) => {
    scope.querySelectorAll(".tbl-csrf").forEach((input) => { if (!input.value) input.value = csrf(); });
  };
  // The server's clock is the truth: every update brings the server's time (#tbl-now), and the page
  // counts from the difference to its own clock (a wrong clock on the device shows no wrong countdown).
  let offset = 0;
  let nowSeen = null;
  function readServerNow() {
    const el = document.getElementById("tbl-now");
    if (el && el !== nowSeen) { nowSeen = el; offset = Number(el.dataset.now) - Date.now() / 1000; }
  }
  const decimalComma = document.documentElement.lang === "de"; // "0,6 s" in German, "0.6 s" in English
  function tick() {
    readServerNow();
    const now = Date.now() / 1000 + offset;
    document.querySelectorAll(".tbl-clock[data-deadline]").forEach((el) => {
      const left = Number(el.dataset.deadline) - now;
      const out = el.querySelector(".tbl-clock-left");
      if (left > 0) {
        out.textContent = `${Math.ceil(left)} s`;
        el.classList.toggle("tbl-hurry", left < 10);
        el.classList.remove("tbl-grace");
      } else {
        const grace = Number(el.dataset.grace) + left;
        out.textContent = grace > 0
          ? interpolate(gettext("Nachfrist %(s)s s"), { s: Math.ceil(grace) }, true)
          : gettext("der Computer übernimmt …");
        el.classList.add("tbl-grace");
      }
    });
    // A computer to move: how long it has been thinking, from the server's time (e.g. "0,6 s").
    document.querySelectorAll(".tbl-thinking[data-since]").forEach((el) => {
      const seconds = Math.max(0, now - Number(el.dataset.since)).toFixed(1);
      el.querySelector(".tbl-thinking-for").textContent = `${decimalComma ? seconds.replace(".", ",") : seconds} s`;
    });
    document.querySelectorAll(".tbl-countdown[data-until]").forEach((el) => {
      const left = Math.max(0, Number(el.dataset.until) - now);
      el.textContent = `${Math.floor(left / 60)}:${String(Math.floor(left % 60)).padStart(2, "0")}`;
    });
    fillCsrf();
  }
  document.addEventListener("submit", (event) => {
    const form = event.target;
    fillCsrf(form);
    if (form.matches("form[data-confirm]") && !window.confirm(form.dataset.confirm)) event.preventDefault();
  }, true);

  // The Rat is advice for one position: it goes away as soon as the game moves on (any action). A game
  // with simultaneous phases marks the seat's own position with data-advice-key, so that others acting
  // at the same moment do not take the Rat away.
  let adviceVersion = null;
  const version = () =>
    document.querySelector("[data-advice-key]")?.dataset.adviceKey ??
    document.querySelector("[data-version]")?.dataset.version ?? null;
  function dropStaleAdvice() {
    const advice = document.getElementById("table-advice");
    if (!advice) return;
    const now = version();
    if (!advice.textContent.trim()) { adviceVersion = null; return; }
    if (adviceVersion === null) adviceVersion = advice.dataset.forVersion || now;
    advice.dataset.forVersion = adviceVersion;
    if (now !== adviceVersion) {
      advice.replaceChildren();
      delete advice.dataset.action;
      delete advice.dataset.forVersion;
      adviceVersion = null;
      advice.dispatchEvent(new CustomEvent("table:advice-dropped", { bubbles: true }));
    }
  }
  document.addEventListener("click", (event) => {
    if (!event.target.closest("[data-dismiss-advice]")) return;
    document.getElementById("table-advice")?.replaceChildren();
    adviceVersion = null;
  });

  // Every action says which version of the table the page shows: the runtime's fragment #tbl-v is the
  // one place it is kept, so no other fragment has to change just because the version did.
  document.body.addEventListener("htmx:wsConfigSend", (event) => {
    const shown = document.getElementById("tbl-v")?.dataset.version;
    if (shown !== undefined && "action" in event.detail.parameters) event.detail.parameters.version = shown;
  });

  // A log the page already shows gets only its new lines (lobby/runtime/log_append.py): they come on top
  // (hx-swap-oob="afterbegin", newest first) and data-keep says how many lines the log has then, so the
  // oldest lines beyond that go first.
  document.body.addEventListener("htmx:oobBeforeSwap", (event) => {
    const { fragment, target } = event.detail;
    const keep = fragment instanceof Element ? fragment.dataset.keep : undefined;
    if (keep === undefined) return;
    const room = Math.max(0, Number(keep) - fragment.children.length);
    while (target.children.length > room) target.lastElementChild.remove();
  });

  // A window closed by its own button ("Los geht’s", "Schließen") gives the keys back to the game at once.
  // Closed the browser's way, the button keeps the focus until the next frame's focus fix-up, and an
  // Enter pressed in between lands on that hidden button instead of playing the move.
  document.addEventListener("submit", (event) => {
    const form = event.target;
    const dialog = form instanceof HTMLFormElement && form.method === "dialog" ? form.closest("dialog") : null;
    if (!dialog) return;
    event.preventDefault();
    dialog.close(event.submitter?.value ?? "");
    if (dialog.contains(document.activeElement)) document.activeElement.blur();
  });

  // A table a moderator closed during the game: the status line says so and the board takes no more input
  // (clicks and keys on it are dropped; the server would refuse a move anyway). The bar, the chat, the
  // view menu and the end board stay usable.
  const gameRoot = document.querySelector(".game-table");
  // (also a game that ended without a result: everyone left it, or a moderator closed the table)
  const closedBadge = () => document.querySelector("#tbl-bar [data-stops-board]");
  const outsideBoard = (el) => el.closest("#tbl-bar, .chat, .view-bar, dialog, [role=dialog], .site-header");
  function markClosed() {
    const badge = closedBadge();
    if (!gameRoot || !badge) return;
    gameRoot.classList.add("table-closed");
    const status = document.getElementById(`${gameRoot.dataset.prefix}-status`);
    if (status && status.textContent.trim() !== badge.dataset.message) {
      status.textContent = badge.dataset.message;
      status.dataset.myTurn = "0";
      status.dataset.over = "1";
    }
  }
  const dropOnClosed = (event) => {
    if (!gameRoot?.classList.contains("table-closed") || !(event.target instanceof Element)) return;
    if (!gameRoot.contains(event.target) || outsideBoard(event.target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  document.addEventListener("click", dropOnClosed, true);
  document.addEventListener("keydown", (event) => {
    if (!gameRoot?.classList.contains("table-closed") || event.key === "Escape" || event.key === "Tab") return;
    if (event.target instanceof Element && event.target.closest("input, textarea, select, .view-bar, #tbl-bar")) return;
    event.stopImmediatePropagation(); // the game's keys do nothing at a closed table
  }, true);

  // A refusal from the server (#table-error, lobby/runtime/consumer.py send_error) stays five seconds, for
  // every game: later moves must not go on showing an old error.
  function fadeError() {
    const error = document.getElementById("table-error");
    if (!error || !error.textContent.trim() || error._shown === error.textContent) return;
    error._shown = error.textContent;
    clearTimeout(error._fade);
    error._fade = setTimeout(() => { error.textContent = ""; error._shown = ""; }, 5000);
  }

  setInterval(tick, 100);
  document.addEventListener("htmx:wsAfterMessage", () => { tick(); dropStaleAdvice(); markClosed(); fadeError(); });
  markClosed();
  tick();
})();
