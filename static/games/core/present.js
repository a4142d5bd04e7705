// Every table page: after each websocket update, the newest log line is announced in the ARIA live region
// (in the page's language, as the log writes it) and, for games without their own sound code, the matching effect plays:
// Speedkleister's poster stuck or pasted over, Speedneon's tube lit, Speedburg's die on the castle.
// The log is the game's `<ol id="<prefix>-log" reversed>`, newest line first, with `<prefix>-ev-<type>`
// classes where the game sets them.
(() => {
  "use strict";
  const root = document.querySelector(".game-table");
  const live = document.getElementById("table-live");
  if (!root || !live) return;
  const prefix = root.dataset.prefix;
  const newest = () => document.querySelector(`#${prefix}-log li`);
  const SOUNDS = {
    kl: (li) => (li.classList.contains("kl-ev-ueberkleben") ? "ueberkleben" : li.classList.contains("kl-ev-kleben") ? "kleben" : null),
    nn: (li) => (li.classList.contains("nn-ev-setzen") ? "roehre" : null),
    bg: (li) => (li.classList.contains("bg-ev-bauen") ? "wuerfel" : null),
  };
  const line = (li) => (li ? li.textContent.replace(/\s+/g, " ").trim() : "");
  let last = line(newest());
  let count = document.querySelectorAll(`#${prefix}-log li`).length;
  document.body.addEventListener("htmx:wsAfterMessage", () => {
    const li = newest();
    const text = line(li);
    const now = document.querySelectorAll(`#${prefix}-log li`).length;
    if (!text || (text === last && now === count)) return;
    last = text;
    count = now;
    live.textContent = text;
    const effect = SOUNDS[prefix]?.(li);
    if (effect) window.SC?.sound?.play(effect);
  });
})();
