// Info windows for every game: an element with data-info ("Title\nline\nline") shows a small
// window on mouse hover and on long press (touch). One window (#info-window) serves the page;
// event delegation keeps it working while the websocket replaces the fragments.
(() => {
  "use strict";
  const HOVER_DELAY = 250;
  const PRESS_DELAY = 450;
  let current = null;
  let timer = null;
  let press = null;
  let held = null; // where the window of a long press came from: found again when the websocket replaces it
  let suppressClick = false;

  const box = () => document.getElementById("info-window");
  const target = (el) => el?.closest?.("[data-info]") || null;

  // A live table replaces its fragments on every move (a computer stuffing re-renders the side list several
  // times a second): a pressed element may be gone before its long press is over. It is found again by its
  // id or data-testid (if that names one element only), else as the element under the finger.
  function keyOf(el) {
    const key = el.id ? `#${CSS.escape(el.id)}`
      : el.dataset.testid ? `[data-testid="${CSS.escape(el.dataset.testid)}"]` : null;
    return key && document.querySelectorAll(key).length === 1 ? key : null;
  }
  function findAgain(spot) {
    if (document.contains(spot.el)) return spot.el;
    const el = spot.key ? document.querySelector(spot.key) : target(document.elementFromPoint(spot.x, spot.y));
    return el && el.matches("[data-info]") ? el : null;
  }

  function show(el) {
    const win = box();
    const text = el.dataset.info || "";
    if (!win || !text.trim()) return;
    const [title, ...lines] = text.split("\n").map((line) => line.trim()).filter(Boolean);
    const head = document.createElement("strong");
    head.textContent = title;
    const body = lines.map((line) => { const p = document.createElement("p"); p.textContent = line; return p; });
    const pic = picture(el);
    win.replaceChildren(...(pic ? [pic] : []), head, ...body);
    win.classList.toggle("info-with-pic", !!pic);
    win.hidden = false;
    current = el;
    place(el, win);
  }

  // The window "mit Bild" (the rule texts' Karten-Info): a piece – a tube, a chip, a die – is shown big
  // beside its text, a copy of the piece itself (the element, or the only piece inside it).
  const PIECES = ".nn-die, .rk-token, .rk-chip, .bg-die";
  function picture(el) {
    const inside = el.matches(PIECES) ? [el] : [...el.querySelectorAll(PIECES)];
    if (inside.length !== 1) return null;
    const piece = inside[0].cloneNode(true);
    [piece, ...piece.querySelectorAll("*")].forEach((node) => {
      ["id", "data-info", "data-testid", "tabindex", "draggable", "style"].forEach((a) => node.removeAttribute(a));
    });
    piece.querySelectorAll("kbd").forEach((k) => k.remove());
    const pic = document.createElement("div");
    pic.className = "info-pic";
    pic.setAttribute("aria-hidden", "true");
    if (piece instanceof SVGElement) {
      const c = inside[0].querySelector("circle");
      const x = Number(c?.getAttribute("cx") || 0);
      const y = Number(c?.getAttribute("cy") || 0);
      const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
      svg.setAttribute("viewBox", `${x - 13} ${y - 13} 26 26`);
      svg.appendChild(piece);
      pic.appendChild(svg);
    } else {
      pic.appendChild(piece);
    }
    return pic;
  }

  function place(el, win) {
    const r = el.getBoundingClientRect();
    const w = win.offsetWidth;
    const h = win.offsetHeight;
    let left = r.left + r.width / 2 - w / 2;
    left = Math.max(6, Math.min(left, window.innerWidth - w - 6));
    let top = r.top - h - 8;
    if (top < 6) top = r.bottom + 8;
    win.style.left = `${left + window.scrollX}px`;
    win.style.top = `${top + window.scrollY}px`;
  }

  function hide() {
    clearTimeout(timer);
    const win = box();
    if (win) win.hidden = true;
    current = null;
    held = null;
  }

  document.addEventListener("pointerover", (event) => {
    if (event.pointerType !== "mouse") return;
    const el = target(event.target);
    if (!el || el === current) return;
    clearTimeout(timer);
    timer = setTimeout(() => show(el), current ? 0 : HOVER_DELAY);
  });
  document.addEventListener("pointerout", (event) => {
    if (event.pointerType !== "mouse") return;
    const el = target(event.target);
    if (!el || el.contains(event.relatedTarget)) return;
    clearTimeout(timer);
    if (el === current) hide();
  });

  // Long press (touch and pen): the window stays until the finger lifts, then a moment longer.
  document.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse") return;
    const el = target(event.target);
    if (!el) return;
    press = { el, key: keyOf(el), x: event.clientX, y: event.clientY, shown: false };
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (!press) return;
      const now = findAgain(press); // the element pressed, or its re-rendered successor
      if (!now) { press = null; hide(); return; }
      press.el = now;
      press.shown = true;
      show(now);
      held = press;
    }, PRESS_DELAY);
  });
  document.addEventListener("pointermove", (event) => {
    if (press && !press.shown && Math.hypot(event.clientX - press.x, event.clientY - press.y) > 10) {
      clearTimeout(timer);
      press = null;
      if (current) timer = setTimeout(hide, 1800); // an earlier long press's window still goes
    }
  });
  const release = () => {
    if (!press) return;
    clearTimeout(timer);
    if (press.shown) {
      suppressClick = true; // a long press is not a tap: it neither selects nor plays
      setTimeout(() => { suppressClick = false; }, 450);
      timer = setTimeout(hide, 1800); // (the window still follows a re-render until then)
    } else if (current) {
      hide(); // a tap: the window of an earlier long press goes at once
    }
    press = null;
  };
  document.addEventListener("pointerup", release);
  document.addEventListener("pointercancel", release);
  document.addEventListener("contextmenu", (event) => { if (target(event.target) && event.pointerType !== "mouse") event.preventDefault(); });
  document.addEventListener("click", (event) => {
    if (suppressClick) { suppressClick = false; event.preventDefault(); event.stopPropagation(); }
  }, true);

  document.addEventListener("keydown", (event) => { if (event.key === "Escape") hide(); });
  window.addEventListener("scroll", () => { if (current) place(current, box()); }, { passive: true });
  document.addEventListener("htmx:wsAfterMessage", () => {
    if (!current || document.contains(current)) return;
    // its element was replaced: a long press's window stays with the new one (its text may have changed)
    const again = held && findAgain(held);
    if (!again) { hide(); return; }
    held.el = again;
    if (press && press.shown) press.el = again;
    show(again);
  });
})();
