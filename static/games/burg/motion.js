// Speedburg's motion (issue 17, static/games/core/motion.js): a die built lands on the castle – on the own
// castle and on every castle the cards show (open building). A stack that grew since the last update gets
// its new top die (the last in the stack, drawn on top) dropped in from above with a small bounce.
(() => {
  "use strict";
  const motion = window.SC?.motion;
  if (!motion || !document.querySelector(".bg-table")) return;

  const CASTLES = { own: "#bg-own .bg-own-castle", card: ".bg-card-castle" };
  const owner = (castle) => (castle.closest("#bg-own") ? "own" : castle.closest(".bg-card")?.dataset.seat);

  motion.watch({
    snap() {
      const heights = new Map();
      document.querySelectorAll(`${CASTLES.own} .bg-cell, ${CASTLES.card} .bg-cell`).forEach((cell) => {
        const who = owner(cell);
        if (who === undefined) return;
        heights.set(`${who}:${cell.dataset.f}`, cell.querySelectorAll(".bg-stack .bg-die").length);
      });
      return heights;
    },
    play(before, after) {
      after.forEach((height, key) => {
        if (!before.has(key) || height <= before.get(key)) return;
        const [who, f] = key.split(":");
        const castle = who === "own" ? CASTLES.own : `.bg-card[data-seat="${who}"] .bg-card-castle`;
        const dice = document.querySelectorAll(`${castle} .bg-cell[data-f="${f}"] .bg-stack .bg-die`);
        motion.run(dice[dice.length - 1], [
          { transform: "translateY(-140%) scale(1.15)", opacity: 0.2 },
          { transform: "translateY(8%) scale(1, .9)", opacity: 1, offset: 0.65 },
          { transform: "none", opacity: 1 },
        ], { duration: 260, easing: "cubic-bezier(.45,0,.6,1)" }, "wuerfel");
      });
    },
  });
})();
