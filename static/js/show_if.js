// A form field shown only while another field of its form has a given value: data-show-if="name=value" on
// the field's input (the other field's name without a form prefix, "rocket-rezepte" or "rezepte"). Without
// script every field stays visible, and the server ignores what does not apply.
(() => {
  "use strict";
  function update(form) {
    form.querySelectorAll("[data-show-if]").forEach((input) => {
      const [name, value] = input.dataset.showIf.split("=");
      const other = [...form.elements].find((el) => el.name === name || el.name.endsWith(`-${name}`));
      (input.closest(".field") || input).hidden = Boolean(other) && other.value !== value;
    });
  }
  document.querySelectorAll("form").forEach((form) => {
    if (!form.querySelector("[data-show-if]")) return;
    form.addEventListener("change", () => update(form));
    update(form);
  });
})();
