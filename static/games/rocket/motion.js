// Speedrocket's motion (issue 17, static/games/core/motion.js): a chip drawn into the shown Hülse runs along
// the spiral from the field it started from (data-von: the chip before it, or the Vorladung) over every
// field to its own (data-f). Chips are new when the shown manufactory has more of them than before.
(() => {
  "use strict";
  const motion = window.SC?.motion;
  const root = document.querySelector(".rk-table");
  if (!motion || !root) return;

  const shown = () => root.dataset.shown ?? "0";
  const fields = () => [...document.querySelectorAll("#rk-felder .rk-field circle")].map((c) => ({
    x: Number(c.getAttribute("cx")),
    y: Number(c.getAttribute("cy")),
  }));

  motion.watch({
    snap() {
      const seat = shown();
      return { seat, chips: document.querySelectorAll(`#rk-m-${seat} .rk-chip`).length };
    },
    play(before, after) {
      if (before.seat !== after.seat || after.chips <= before.chips) return;
      const spiral = fields();
      document.querySelectorAll(`#rk-m-${after.seat} .rk-chip`).forEach((chip) => {
        if (Number(chip.dataset.i) < before.chips) return;
        const to = Number(chip.dataset.f);
        const from = Math.min(Number(chip.dataset.von), to);
        const end = spiral[to];
        if (!end) return;
        const path = [];
        for (let f = from; f <= to; f += 1) {
          const at = spiral[f];
          path.push({ transform: `translate(${(at.x - end.x).toFixed(1)}px, ${(at.y - end.y).toFixed(1)}px)` });
        }
        if (path.length === 1) path.unshift({ transform: "scale(.4)" }); // no field to run over: it pops in
        motion.run(chip, path, { duration: 120 + 30 * path.length, easing: "ease-in-out" }, "chip");
      });
    },
  });
})();
