// The table chat: empty the input once a line is sent, keep the newest line in view.
(() => {
  "use strict";
  const scrollDown = () => {
    const list = document.getElementById("chat-list");
    if (list) list.scrollTop = list.scrollHeight;
  };
  document.body.addEventListener("htmx:wsAfterSend", (event) => {
    const form = event.detail?.elt;
    if (form && form.id === "chat-form") form.reset();
  });
  document.body.addEventListener("htmx:wsAfterMessage", scrollDown);
  document.addEventListener("DOMContentLoaded", scrollDown);
})();
