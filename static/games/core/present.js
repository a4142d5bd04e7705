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
  const lines = () => [...document.querySelectorAll(`#${prefix}-log li`)];
  let last = line(newest());
  let count = lines().length;
  document.body.addEventListener("htmx:wsAfterMessage", () => {
    const all = lines();
    const text = line(all[0]);
    if (!text || (text === last && all.length === count)) return;
    // the lines that came with this update: everything above the last update's newest line (one update may
    // bring several: Speedburg's build "nimmt Granit 3" arrives with the "Neu in der Auslage" line above it)
    const seen = all.findIndex((li) => line(li) === last);
    const fresh = seen > 0 ? all.slice(0, seen) : [all[0]];
    last = text;
    count = all.length;
    live.textContent = text;
    const effect = fresh.map((li) => SOUNDS[prefix]?.(li)).find(Boolean);
    if (effect) window.SC?.sound?.play(effect);
  });
})();
