// Speedrocket's workshop sounds on the shared engine (static/js/sound.js; the gear menu sets it up):
// "Werkstatt-Geräusche" are the shared Klänge; the music is the shared setting with this game's pieces,
// "zur Ansicht" meaning the barrel organ with "Festwiese am Tag", the muffled brass band with "Werkstatt
// bei Nacht". Sounds follow the fragments: a chip laid in the shown manufactory, sand poured, a misfire
// anywhere, and the ignition when the evening's show of the rockets begins.
(() => {
  "use strict";
  const root = document.querySelector(".rk-table");
  const sound = window.SC?.sound;
  if (!root || !sound) return;
  sound.resolveMusic = (value) => {
    if (value !== "ansicht") return value;
    return root.dataset.design === "tag" ? "orgel" : "blaskapelle";
  };
  document.addEventListener("change", (event) => {
    if (event.target.name === "rk-design") sound.refreshMusic();
  });

  // What changed since the last update: read from the fragments' data attributes.
  let last = null;
  function look() {
    const shown = root.dataset.shown ?? "0";
    const panel = document.getElementById(`rk-m-${shown}`);
    return {
      seat: shown,
      chips: Number(panel?.dataset.chips || 0),
      fehl: document.querySelectorAll(".rk-werk.rk-fehl").length,
      leer: document.querySelectorAll(".rk-eimer.rk-leer").length,
      show: document.querySelectorAll(".rk-height").length,
    };
  }
  document.body.addEventListener("htmx:wsAfterMessage", () => {
    const now = look();
    if (last) {
      // a misfire first: the last manufactory's misfire ends the drawing, so the show may start with it
      if (now.fehl > last.fehl) sound.play("fehlzuendung");
      else if (now.show > 0 && last.show === 0) sound.play("zuendung");
      else if (now.leer > last.leer) sound.play("sand");
      else if (now.seat === last.seat && now.chips > last.chips) sound.play("chip");
    }
    last = now;
  });
})();
