// Motion on the table pages (issue 17): a piece that just arrived moves in – short (at most 300 ms), with
// the Web Animations API on the element the websocket swapped in, so nothing waits for it and the next
// key or tap works at once. None at all when the player asks for reduced motion (the CSS of site.css
// stops every CSS animation and transition on the table as well).
//
// A game registers a watcher: `SC.motion.watch({ snap, play })`. `snap()` reads what the game watches
// (plain data) before and after each websocket update; `play(before, after)` starts the motions of what
// is new through `SC.motion.run`. Test hook: the table's `data-motions` counts the motions started,
// `SC.motion.log` names them.
(() => {
  "use strict";
  const SC = (window.SC = window.SC || {});
  const root = document.querySelector(".game-table");
  if (!root) return;
  const MAX_MS = 300;
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
  const watchers = [];
  const log = [];
  let count = 0;

  const motion = {
    log,
    MAX_MS,
    ok: () => !reduced.matches && typeof Element.prototype.animate === "function",
    // One motion of `el` (never longer than MAX_MS); returns the Animation, or null without motion.
    run(el, keyframes, options = {}, name = "") {
      if (!el || !motion.ok()) return null;
      const duration = Math.min(options.duration ?? MAX_MS, MAX_MS);
      const animation = el.animate(keyframes, { easing: "ease-out", ...options, duration, delay: 0 });
      count += 1;
      root.dataset.motions = String(count);
      log.push(name);
      if (log.length > 200) log.splice(0, log.length - 200);
      return animation;
    },
    watch(watcher) {
      watchers.push({ ...watcher, before: null });
    },
  };
  SC.motion = motion;

  document.body.addEventListener("htmx:wsBeforeMessage", () => {
    watchers.forEach((w) => { w.before = w.snap(); });
  });
  document.body.addEventListener("htmx:wsAfterMessage", () => {
    watchers.forEach((w) => {
      const before = w.before;
      w.before = null;
      if (!before || !motion.ok()) return;
      try {
        w.play(before, w.snap());
      } catch (error) {
        console.error(error); // a motion never stops the game
      }
    });
  });
})();
