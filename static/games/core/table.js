// Shared table strip: move clock countdown, Nochmal countdown, CSRF for plain forms, leave confirm.
(() => {
  "use strict";
  const csrf = () => {
    try { return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || ""; } catch { return ""; }
  };
  function tick() {
    const now = Date.now() / 1000;
    document.querySelectorAll(".tbl-clock[data-deadline]").forEach((el) => {
      const left = Number(el.dataset.deadline) - now;
      const out = el.querySelector(".tbl-clock-left");
      if (left > 0) {
        out.textContent = `${Math.ceil(left)} s`;
        el.classList.toggle("tbl-hurry", left < 10);
        el.classList.remove("tbl-grace");
      } else {
        const grace = Number(el.dataset.grace) + left;
        out.textContent = grace > 0 ? `Nachfrist ${Math.ceil(grace)} s` : "der Computer übernimmt …";
        el.classList.add("tbl-grace");
      }
    });
    document.querySelectorAll(".tbl-countdown[data-until]").forEach((el) => {
      const left = Math.max(0, Number(el.dataset.until) - now);
      el.textContent = `${Math.floor(left / 60)}:${String(Math.floor(left % 60)).padStart(2, "0")}`;
    });
    document.querySelectorAll(".tbl-csrf").forEach((input) => { if (!input.value) input.value = csrf(); });
  }
  document.addEventListener("submit", (event) => {
    const form = event.target.closest("form[data-confirm]");
    if (form && !window.confirm(form.dataset.confirm)) event.preventDefault();
  });
  setInterval(tick, 250);
  document.addEventListener("htmx:wsAfterMessage", tick);
  tick();
})();
