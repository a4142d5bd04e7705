// Guests and visitors keep their colour scheme on this device (the gear menu of a table page writes it,
// static/js/view.js); read before the first paint so the page does not flash in the other scheme.
(() => {
  "use strict";
  const html = document.documentElement;
  if (!html.hasAttribute("data-device-theme")) return;
  try {
    const theme = JSON.parse(localStorage.getItem("sc-view") || "{}").theme;
    if (["auto", "hell", "dunkel"].includes(theme)) html.dataset.theme = theme;
  } catch { /* private mode or bad data: the system decides */ }
})();
