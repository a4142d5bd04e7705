// Speedrocket game page: the computers' strength only with computers, the own recipes only with "eigene Auswahl".
(() => {
  "use strict";
  const form = document.querySelector(".rk-form");
  if (!form) return;
  function update() {
    const chosen = form.querySelector("input[name=gegner]:checked");
    const alone = chosen && (chosen.value === "allein" || chosen.value === "meister");
    const meister = chosen && chosen.value === "meister";
    form.querySelectorAll(".rk-f-level, .rk-f-tempo").forEach((el) => { el.hidden = alone; });
    form.querySelectorAll(".rk-f-laenge, .rk-f-rezepte").forEach((el) => { el.hidden = meister; });
    form.querySelectorAll(".rk-f-stufe").forEach((el) => { el.hidden = !meister; });
    const own = !meister && form.querySelector("select[name=rezepte]")?.value === "gastgeber";
    form.querySelectorAll(".rk-own-recipe").forEach((el) => { el.hidden = !own; });
  }
  form.addEventListener("change", update);
  update();
})();
