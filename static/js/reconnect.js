// Websocket pages: reconnect quickly after an outage. htmx backs off up to 64 s by default, so the
// "Verbindung unterbrochen" banner would stay long after the server is back; here at most about 4 s
// pass between tries (with jitter). On every reconnect the server sends a full render: the page resyncs.
(() => {
  "use strict";
  window.htmx.config.wsReconnectDelay = (retryCount) => Math.min(4000, 250 * 2 ** retryCount) * (0.5 + Math.random() / 2);
})();
