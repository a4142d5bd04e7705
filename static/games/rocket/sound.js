// Speedrocket: workshop sounds and music, synthesized with Web Audio (no sound files).
// Setting (gear): "zur Ansicht" (barrel organ with "Festwiese am Tag", muffled brass band with
// "Werkstatt bei Nacht"), one of the two fixed, or "aus" (the default: a page stays quiet until asked).
// Sounds follow the fragments: a chip laid in the shown manufactory, a misfire anywhere, sand poured.
(() => {
  "use strict";
  const root = document.querySelector(".rk-table");
  if (!root) return;
  const get = (k, d) => { try { return localStorage.getItem(`rk-${k}`) ?? d; } catch { return d; } };
  const set = (k, v) => { try { localStorage.setItem(`rk-${k}`, v); } catch { /* private mode */ } };
  let ctx = null;
  let music = null; // {stop()}
  let playing = null; // which tune plays

  function mode() {
    const m = get("ton", "aus");
    if (m === "ansicht") return root.dataset.design === "tag" ? "orgel" : "blaskapelle";
    return m;
  }
  function audio() {
    if (!ctx) {
      const AC = window.AudioContext || window.webkitAudioContext;
      if (!AC) return null;
      ctx = new AC();
    }
    if (ctx.state === "suspended") ctx.resume();
    return ctx;
  }

  function noise(duration, freq, gain) {
    const a = audio();
    if (!a) return;
    const buffer = a.createBuffer(1, Math.floor(a.sampleRate * duration), a.sampleRate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < data.length; i += 1) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length) ** 2;
    const src = a.createBufferSource();
    src.buffer = buffer;
    const filter = a.createBiquadFilter();
    filter.type = "lowpass";
    filter.frequency.value = freq;
    const g = a.createGain();
    g.gain.value = gain;
    src.connect(filter).connect(g).connect(a.destination);
    src.start();
  }
  const sounds = {
    chip: () => noise(0.06, 2500, 0.25),
    sand: () => noise(0.45, 6000, 0.12),
    boom: () => noise(0.9, 400, 0.9),
  };

  // Two small tunes as note lists (semitones from A4, beats); the organ is bright, the band muffled.
  const TUNES = {
    orgel: { wave: "square", cutoff: 2600, beat: 0.22, gain: 0.05,
      notes: [[3, 1], [7, 1], [10, 1], [15, 2], [14, 1], [12, 2], [10, 1], [7, 2], [8, 1], [10, 3], [null, 1],
        [5, 1], [8, 1], [12, 1], [17, 2], [15, 1], [14, 2], [12, 1], [10, 2], [8, 1], [7, 3], [null, 1]] },
    blaskapelle: { wave: "sawtooth", cutoff: 700, beat: 0.32, gain: 0.06,
      notes: [[-9, 1], [-2, 1], [-2, 1], [-14, 1], [-2, 1], [-2, 1], [-9, 1], [0, 1], [0, 1], [-16, 1], [0, 1], [0, 1],
        [-7, 1], [3, 1], [3, 1], [-14, 1], [2, 1], [2, 1], [-9, 2], [null, 1]] },
  };
  function startMusic(name) {
    const a = audio();
    if (!a) return null;
    const tune = TUNES[name];
    const out = a.createGain();
    out.gain.value = tune.gain;
    const filter = a.createBiquadFilter();
    filter.type = "lowpass";
    filter.frequency.value = tune.cutoff;
    filter.connect(out).connect(a.destination);
    let at = a.currentTime + 0.05;
    let i = 0;
    let stopped = false;
    function schedule() {
      if (stopped) return;
      while (at < a.currentTime + 1.5) {
        const [note, beats] = tune.notes[i % tune.notes.length];
        const length = beats * tune.beat;
        if (note !== null) {
          const osc = a.createOscillator();
          const env = a.createGain();
          osc.type = tune.wave;
          osc.frequency.value = 440 * 2 ** (note / 12);
          env.gain.setValueAtTime(0, at);
          env.gain.linearRampToValueAtTime(1, at + 0.02);
          env.gain.exponentialRampToValueAtTime(0.01, at + length * 0.95);
          osc.connect(env).connect(filter);
          osc.start(at);
          osc.stop(at + length);
        }
        at += length;
        i += 1;
      }
      setTimeout(schedule, 500);
    }
    schedule();
    return { stop() { stopped = true; out.disconnect(); } };
  }
  function updateMusic() {
    const want = mode() === "aus" ? null : mode();
    if (want === playing) return;
    if (music) music.stop();
    music = null;
    playing = null;
    if (want && ctx) { music = startMusic(want); playing = want; }
  }

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
    };
  }
  document.body.addEventListener("htmx:wsAfterMessage", () => {
    const now = look();
    if (last && mode() !== "aus" && ctx) {
      if (now.fehl > last.fehl) sounds.boom();
      else if (now.leer > last.leer) sounds.sand();
      else if (now.seat === last.seat && now.chips > last.chips) sounds.chip();
    }
    last = now;
  });

  // Browsers allow sound only after a gesture: the first key or tap starts it (if it is wanted).
  const wake = () => { if (mode() !== "aus") { audio(); updateMusic(); } };
  document.addEventListener("keydown", wake);
  document.addEventListener("pointerdown", wake);
  document.addEventListener("change", (event) => {
    if (event.target.name === "rk-ton") set("ton", event.target.value);
    if (event.target.name === "rk-ton" || event.target.name === "rk-design") {
      if (mode() !== "aus") audio();
      updateMusic();
    }
  });
  const select = document.querySelector("select[name=rk-ton]");
  if (select) select.value = get("ton", "aus");
})();
