// Speedneon's motion (issue 17, static/games/core/motion.js): a tube hung in a window drops into it and
// strikes – on the own facade and on the rivals'. A window is new when its die (data-die) differs from
// the last update's; the new tube is the element the websocket just swapped in.
(() => {
  "use strict";
  const motion = window.SC?.motion;
  if (!motion || !document.querySelector(".nn-table")) return;

  const WINDOWS = "#nn-own .nn-facade .nn-win, .nn-rival .nn-facade .nn-win";
  const key = (win) => `${win.closest("#nn-own") ? "own" : "rival"}:${win.closest(".nn-facade").dataset.seat}:${win.dataset.w}`;

  motion.watch({
    snap() {
      const dice = new Map();
      document.querySelectorAll(WINDOWS).forEach((win) => dice.set(key(win), win.dataset.die || ""));
      return dice;
    },
    play(before, after) {
      after.forEach((die, k) => {
        if (!die || !before.has(k) || before.get(k) === die) return;
        const [side, seat, w] = k.split(":");
        const box = side === "own" ? "#nn-own" : `.nn-rival .nn-facade[data-seat="${seat}"]`;
        const tube = document.querySelector(`${box} .nn-win[data-w="${w}"] .nn-die`);
        motion.run(tube, [
          { transform: "translateY(-75%) scale(1.2)", opacity: 0 },
          { transform: "translateY(6%) scale(.96)", opacity: 1, offset: 0.6 },
          { opacity: 0.45, offset: 0.72 },
          { transform: "none", opacity: 1 },
        ], { duration: 280, easing: "cubic-bezier(.3,.7,.4,1)" }, "roehre");
      });
    },
  });
})();
