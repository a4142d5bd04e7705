// WCAG contrast of text on highlighted panels (used by test_new_user_browser.py).
// Each highlight's animation is frozen at its first frame: that is where a flash is strongest.
([selectors, minimum]) => {
  const rgb = (c) => { const m = c.match(/[\d.]+/g).map(Number); return { r: m[0], g: m[1], b: m[2], a: m.length > 3 ? m[3] : 1 }; };
  const lum = ({ r, g, b }) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }; return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const over = (top, bottom) => ({ r: top.r * top.a + bottom.r * (1 - top.a), g: top.g * top.a + bottom.g * (1 - top.a), b: top.b * top.a + bottom.b * (1 - top.a), a: 1 });
  const background = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.a > 0) layers.push(c);
      if (c.a >= 1) break;
    }
    return layers.reverse().reduce((acc, c) => over(c, acc), { r: 255, g: 255, b: 255, a: 1 });
  };
  const bad = [];
  for (const [panel, cls, text] of selectors) {
    document.querySelectorAll(panel).forEach((el) => {
      if (cls) { el.classList.add(...cls.split(" ")); }
      el.getAnimations({ subtree: false }).forEach((a) => { a.pause(); a.currentTime = 0; });
      el.querySelectorAll(text).forEach((t) => {
        if (!t.offsetParent && t !== el) return;
        const fg = rgb(getComputedStyle(t).color);
        const bg = background(t);
        const [hi, lo] = [lum(over(fg, bg)), lum(bg)].sort((x, y) => y - x);
        const ratio = (hi + 0.05) / (lo + 0.05);
        if (ratio < minimum) bad.push(`${panel}.${cls} ${text}: ${ratio.toFixed(2)} "${t.textContent.trim().slice(0, 30)}"`);
      });
    });
  }
  return bad;
}
