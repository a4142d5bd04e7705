// The shared sound engine of every table page: effects and quiet music loops synthesized with the Web
// Audio API (no sound files). The gear menu (static/js/view.js) configures it; games call
// `SC.sound.play("name")`. Nothing sounds until the player turns it on, and browsers allow an
// AudioContext to run only after a gesture, so the context is made on the first key or tap that wants it.
// Test hook: `SC.sound.log` lists what was played ("name" or "music:name"), `hasContext()` tells whether an
// AudioContext exists.
(() => {
  "use strict";
  const SC = (window.SC = window.SC || {});
  let ctx = null;
  let master = null;
  let state = { sound: false, music: "aus", muted: false };
  let playing = null; // { name, stop() }
  const log = [];

  function audio() {
    if (!ctx) {
      const AC = window.AudioContext || window.webkitAudioContext;
      if (!AC) return null;
      ctx = new AC();
      master = ctx.createGain();
      master.gain.value = 0.8;
      master.connect(ctx.destination);
    }
    if (ctx.state === "suspended") ctx.resume().catch(() => {});
    return ctx;
  }

  // ------------------------------------------------------------------ building blocks
  function noise(a, { at = 0, duration, type = "lowpass", freq, q = 0.7, gain, sweepTo = null }) {
    const start = a.currentTime + at;
    const buffer = a.createBuffer(1, Math.max(1, Math.floor(a.sampleRate * duration)), a.sampleRate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < data.length; i += 1) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length) ** 2;
    const src = a.createBufferSource();
    src.buffer = buffer;
    const filter = a.createBiquadFilter();
    filter.type = type;
    filter.frequency.setValueAtTime(freq, start);
    if (sweepTo) filter.frequency.exponentialRampToValueAtTime(sweepTo, start + duration);
    filter.Q.value = q;
    const g = a.createGain();
    g.gain.value = gain;
    src.connect(filter).connect(g).connect(master);
    src.start(start);
  }
  function tone(a, { at = 0, freq, to = null, duration, wave = "sine", gain, attack = 0.01 }) {
    const start = a.currentTime + at;
    const osc = a.createOscillator();
    const env = a.createGain();
    osc.type = wave;
    osc.frequency.setValueAtTime(freq, start);
    if (to) osc.frequency.exponentialRampToValueAtTime(to, start + duration);
    env.gain.setValueAtTime(0.0001, start);
    env.gain.exponentialRampToValueAtTime(gain, start + attack);
    env.gain.exponentialRampToValueAtTime(0.0001, start + duration);
    osc.connect(env).connect(master);
    osc.start(start);
    osc.stop(start + duration + 0.02);
  }

  // ------------------------------------------------------------------ effects the rule texts name
  const EFFECTS = {
    // Speedkleister: a poster brushed onto the wall (paste swish and a soft slap) ...
    kleben: (a) => {
      noise(a, { duration: 0.16, type: "bandpass", freq: 900, sweepTo: 2400, gain: 0.35 });
      tone(a, { at: 0.12, freq: 140, to: 70, duration: 0.12, gain: 0.35 });
    },
    // ... and pasted over a rival's poster: the old paper rustles away under it.
    ueberkleben: (a) => {
      EFFECTS.kleben(a);
      noise(a, { at: 0.2, duration: 0.3, type: "highpass", freq: 2500, gain: 0.18 });
      tone(a, { at: 0.26, freq: 110, to: 60, duration: 0.14, gain: 0.28 });
    },
    // Speedneon: a tube strikes (buzzing flicker), then glows with a clear ring.
    roehre: (a) => {
      [0, 0.05, 0.11].forEach((at) => tone(a, { at, freq: 100, duration: 0.04, wave: "sawtooth", gain: 0.08 }));
      tone(a, { at: 0.16, freq: 100, duration: 0.35, wave: "sawtooth", gain: 0.05, attack: 0.03 });
      tone(a, { at: 0.16, freq: 1318.5, duration: 0.4, gain: 0.08 });
    },
    // Speedrocket: a chip laid into the Hülse, sand poured, the ignition and the misfire.
    chip: (a) => noise(a, { duration: 0.06, freq: 2500, gain: 0.25 }),
    sand: (a) => noise(a, { duration: 0.45, freq: 6000, gain: 0.12 }),
    zuendung: (a) => {
      noise(a, { duration: 0.6, type: "bandpass", freq: 400, sweepTo: 3500, q: 2, gain: 0.35 });
      tone(a, { at: 0.55, freq: 1600, to: 900, duration: 0.25, gain: 0.05 });
    },
    fehlzuendung: (a) => {
      noise(a, { duration: 0.9, freq: 400, gain: 0.9 });
      tone(a, { freq: 90, to: 35, duration: 0.5, gain: 0.4 });
    },
    // Speedburg: a die lands on the castle (two clicks and a dull knock), the sketch hit (a bright run).
    wuerfel: (a) => {
      noise(a, { duration: 0.03, type: "highpass", freq: 2000, gain: 0.3 });
      noise(a, { at: 0.07, duration: 0.025, type: "highpass", freq: 2200, gain: 0.18 });
      tone(a, { freq: 190, to: 120, duration: 0.09, wave: "triangle", gain: 0.3 });
    },
    skizze: (a) => {
      [523.25, 659.25, 783.99, 1046.5].forEach((freq, i) => {
        tone(a, { at: i * 0.11, freq, duration: 0.35, wave: "triangle", gain: 0.2, attack: 0.02 });
      });
    },
  };

  // ------------------------------------------------------------------ quiet music: note lists in a loop
  // Notes are semitones from A4 (null: a rest) with their length in beats.
  const TUNES = {
    // Speedrocket: barrel organ to the Festwiese, a muffled brass band to the Werkstatt bei Nacht.
    orgel: { wave: "square", cutoff: 2600, beat: 0.22, gain: 0.05,
      notes: [[3, 1], [7, 1], [10, 1], [15, 2], [14, 1], [12, 2], [10, 1], [7, 2], [8, 1], [10, 3], [null, 1],
        [5, 1], [8, 1], [12, 1], [17, 2], [15, 1], [14, 2], [12, 1], [10, 2], [8, 1], [7, 3], [null, 1]] },
    blaskapelle: { wave: "sawtooth", cutoff: 700, beat: 0.32, gain: 0.06,
      notes: [[-9, 1], [-2, 1], [-2, 1], [-14, 1], [-2, 1], [-2, 1], [-9, 1], [0, 1], [0, 1], [-16, 1], [0, 1], [0, 1],
        [-7, 1], [3, 1], [3, 1], [-14, 1], [2, 1], [2, 1], [-9, 2], [null, 1]] },
    // Speedburg: three calm summer pieces.
    morgenbrise: { wave: "sine", cutoff: 3000, beat: 0.4, gain: 0.06,
      notes: [[3, 1], [7, 1], [10, 2], [12, 1], [10, 1], [7, 2], [5, 1], [7, 1], [3, 3], [null, 1],
        [0, 1], [3, 1], [7, 2], [8, 1], [7, 1], [5, 2], [3, 4], [null, 2]] },
    strandkorb: { wave: "triangle", cutoff: 2000, beat: 0.36, gain: 0.06,
      notes: [[-5, 2], [0, 1], [4, 1], [7, 2], [4, 2], [5, 1], [4, 1], [2, 2], [0, 2], [null, 1],
        [-3, 2], [2, 1], [5, 1], [9, 2], [7, 2], [5, 1], [4, 1], [2, 2], [0, 3], [null, 1]] },
    abendrot: { wave: "sine", cutoff: 1500, beat: 0.5, gain: 0.07,
      notes: [[-2, 2], [1, 1], [5, 3], [3, 1], [1, 1], [0, 2], [-2, 2], [null, 1],
        [-4, 2], [0, 1], [3, 3], [1, 1], [0, 1], [-2, 4], [null, 2]] },
    // Speedkleister: quiet salon music of 1929; Speedneon: a slow hum of the city at night.
    salon: { wave: "triangle", cutoff: 1800, beat: 0.3, gain: 0.05,
      notes: [[0, 1], [4, 1], [7, 1], [12, 2], [11, 1], [9, 1], [7, 2], [null, 1], [5, 1], [9, 1], [12, 1],
        [14, 2], [12, 1], [11, 1], [7, 2], [null, 1], [2, 1], [5, 1], [9, 1], [7, 3], [4, 1], [0, 3], [null, 2]] },
    nachtstadt: { wave: "sawtooth", cutoff: 600, beat: 0.6, gain: 0.04,
      notes: [[-12, 2], [-5, 2], [-9, 2], [-7, 2], [-12, 2], [-4, 2], [-9, 3], [null, 1]] },
  };

  function startTune(a, name) {
    const tune = TUNES[name];
    const out = a.createGain();
    out.gain.value = tune.gain;
    const filter = a.createBiquadFilter();
    filter.type = "lowpass";
    filter.frequency.value = tune.cutoff;
    filter.connect(out).connect(master);
    let at = a.currentTime + 0.05;
    let i = 0;
    let timer = null;
    function schedule() {
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
      timer = setTimeout(schedule, 500);
    }
    schedule();
    return { name, stop() { clearTimeout(timer); out.disconnect(); } };
  }

  // ------------------------------------------------------------------ the API
  const engine = {
    log,
    effects: Object.keys(EFFECTS),
    tunes: Object.keys(TUNES),
    // A game may map a setting to a tune (Speedrocket: "ansicht" follows the design).
    resolveMusic: (value) => value,
    hasContext: () => ctx !== null,
    contextState: () => (ctx ? ctx.state : "none"),
    playing: () => (playing ? playing.name : null),
    wantsAudio: () => !state.muted && (state.sound || state.music !== "aus"),
    configure(next) {
      state = { ...state, ...next };
      engine.refreshMusic();
    },
    // Called on a user gesture: the context may start now.
    wake() {
      if (!engine.wantsAudio()) return;
      audio();
      engine.refreshMusic();
    },
    refreshMusic() {
      const wanted = state.muted || state.music === "aus" ? null : engine.resolveMusic(state.music);
      const want = wanted && TUNES[wanted] ? wanted : null;
      if ((playing ? playing.name : null) === want) return;
      if (playing) playing.stop();
      playing = null;
      if (want && ctx) {
        playing = startTune(ctx, want);
        log.push(`music:${want}`);
      }
    },
    play(name) {
      if (!state.sound || state.muted || !EFFECTS[name]) return false;
      const a = audio();
      if (!a) return false;
      EFFECTS[name](a);
      log.push(name);
      if (log.length > 200) log.splice(0, log.length - 200);
      return true;
    },
  };
  SC.sound = engine;
  document.addEventListener("keydown", () => engine.wake(), true);
  document.addEventListener("pointerdown", () => engine.wake(), true);
})();
