// The gear menu (Ansicht) and the mute button of every table page: sound, music, colour scheme and the
// game's own design. A registered player's choices are saved on the account (POST /konto/ansicht/), a
// guest's on this device (localStorage); both come back on reload. A game's design radios carry
// `data-view-design`: restoring one checks it and fires `change`, so the game's own code applies it.
(() => {
  "use strict";
  const SC = (window.SC = window.SC || {});
  const gear = document.getElementById("view-gear");
  const mute = document.getElementById("view-mute");
  if (!gear) return;
  const game = gear.dataset.game;
  const account = gear.dataset.account === "1";
  const KEY = "sc-view";
  const $ = (sel) => gear.querySelector(sel);

  const device = {
    read() { try { return JSON.parse(localStorage.getItem(KEY) || "{}"); } catch { return {}; } },
    write(value) { try { localStorage.setItem(KEY, JSON.stringify(value)); } catch { /* private mode */ } },
  };
  function saved() {
    if (account) {
      try { return JSON.parse(document.getElementById("view-saved")?.textContent || "{}"); } catch { return {}; }
    }
    const all = device.read();
    const own = (all.games || {})[game] || {};
    return { sound: !!all.sound, theme: all.theme, muted: !!all.muted, music: own.music, design: own.design };
  }

  const musicSelect = $("select[name=view-music]");
  const offered = (value) => [...musicSelect.options].some((o) => o.value === value);
  let state = {
    sound: false, music: "aus", theme: document.documentElement.dataset.theme || "auto", muted: false, design: "",
    ...Object.fromEntries(Object.entries(saved()).filter(([, v]) => v !== undefined && v !== null)),
  };
  // "an": music turned on in the profile, no piece chosen at this game yet: its first piece.
  if (state.music === "an") state.music = [...musicSelect.options].find((o) => o.value !== "aus")?.value || "aus";
  if (!offered(state.music)) state.music = "aus";
  if (!["auto", "hell", "dunkel"].includes(state.theme)) state.theme = "auto";

  function show() {
    $("input[name=view-sound]").checked = state.sound;
    musicSelect.value = state.music;
    const theme = $(`input[name=view-theme][value="${state.theme}"]`);
    if (theme) theme.checked = true;
    if (mute) {
      mute.setAttribute("aria-pressed", state.muted ? "true" : "false");
      mute.title = mute.dataset[state.muted ? "on" : "off"];
      mute.setAttribute("aria-label", mute.title);
    }
  }
  function apply() {
    document.documentElement.dataset.theme = state.theme;
    SC.sound?.configure({ sound: state.sound, music: state.music, muted: state.muted });
    show();
  }
  const message = $(".view-msg");
  function store() {
    if (!account) {
      const all = device.read();
      all.sound = state.sound;
      all.theme = state.theme;
      all.muted = state.muted;
      all.games = { ...(all.games || {}), [game]: { music: state.music, design: state.design } };
      device.write(all);
      return;
    }
    const body = new URLSearchParams({
      sound: state.sound ? "1" : "0", music: state.music, theme: state.theme, muted: state.muted ? "1" : "0",
      game, design: state.design || "",
    });
    let token = "";
    try { token = JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || ""; } catch { /* none */ }
    fetch(gear.dataset.url, { method: "POST", body, headers: { "X-CSRFToken": token }, credentials: "same-origin" })
      .then(async (response) => {
        const data = await response.json().catch(() => ({}));
        message.textContent = response.ok ? "" : data.error || gettext("Die Ansicht konnte nicht gespeichert werden.");
        gear.dataset.saved = response.ok ? "1" : "0";
      })
      .catch(() => { message.textContent = gettext("Keine Verbindung: die Ansicht gilt, bis die Seite neu lädt."); });
  }

  gear.addEventListener("change", (event) => {
    const el = event.target;
    if (el.name === "view-sound") state.sound = el.checked;
    else if (el.name === "view-music") state.music = el.value;
    else if (el.name === "view-theme") state.theme = el.value;
    else if (el.matches("[data-view-design]")) {
      if (!event.isTrusted) return; // our own restore below
      state.design = el.value;
    } else return;
    apply();
    SC.sound?.wake();
    store();
  });
  mute?.addEventListener("click", () => {
    state.muted = !state.muted;
    apply();
    SC.sound?.wake();
    store();
  });
  // Closing the gear gives the keys back to the game (a focused summary would take Space and Enter).
  // A click on the summary closes it at once: the "toggle" event comes later, and a key pressed
  // before it would still land in the gear and be swallowed below.
  const summary = gear.querySelector("summary");
  summary.addEventListener("click", (event) => {
    if (!gear.open) return;
    event.preventDefault();
    gear.open = false;
    if (gear.contains(document.activeElement)) document.activeElement.blur();
  });
  // Escape is the keyboard's way out: the focus goes back to the gear's button (not to the page's start).
  let escaped = false;
  gear.addEventListener("toggle", () => {
    if (gear.open) return;
    if (escaped) { escaped = false; summary.focus(); return; }
    if (gear.contains(document.activeElement)) document.activeElement.blur();
  });
  // Keys pressed in the gear or on the mute button belong to them, not to the game's shortcuts
  // (Enter, Space, digits and letters would otherwise play a move); Escape closes the gear.
  gear.closest(".view-bar").addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.key === "Tab") return;
    event.stopPropagation();
    if (event.key === "Escape" && gear.open) {
      escaped = true;
      gear.open = false;
      summary.focus();
    }
  });

  SC.view = { get: () => ({ ...state }) };
  apply();
  // The game's scripts (deferred, before this one or after) have their listeners by DOMContentLoaded.
  const restoreDesign = () => {
    if (!state.design) return;
    const radio = gear.querySelector(`[data-view-design][value="${state.design}"]`);
    if (radio && !radio.checked) {
      radio.checked = true;
      radio.dispatchEvent(new Event("change", { bubbles: true }));
    }
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", restoreDesign);
  else restoreDesign();
})();
