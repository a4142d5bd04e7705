// Speedneon game page: show only the options that belong to the chosen opponents.
(() => {
  "use strict";
  const form = document.querySelector(".nn-form");
  if (!form) return;
  function update() {
    const chosen = form.querySelector("input[name=gegner]:checked");
    const solo = chosen && chosen.value === "solo";
    form.querySelectorAll(".nn-for-computers").forEach((el) => { el.hidden = solo; });
    form.querySelectorAll(".nn-for-solo").forEach((el) => { el.hidden = !solo; });
  }
  form.addEventListener("change", update);
  update();
})();
