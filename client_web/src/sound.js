// Small sounds made on the spot by the Web Audio API (no sound files): a card's snap, a
// knock, a soft buzz for a refused move, a little arpeggio for a win. Quiet, short, and only
// when the sound setting is on; the audio context starts with the first tap (browsers allow
// sound only after one).
import { setting } from "./settings.js";

let context = null;
export const played = []; // the last sounds made, for tests and the curious

function audio() {
  if (context == null) {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    context = new Context();
  }
  if (context.state === "suspended") context.resume().catch(() => {});
  return context;
}

function envelope(ctx, start, peak, length) {
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(peak, start + 0.005);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
  gain.connect(ctx.destination);
  return gain;
}

function snap(ctx, at, pitch = 2400) {
  const length = 0.05;
  const buffer = ctx.createBuffer(1, Math.ceil(ctx.sampleRate * length), ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i += 1) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length) ** 3;
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  const filter = ctx.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.value = pitch;
  filter.Q.value = 0.9;
  source.connect(filter).connect(envelope(ctx, at, 0.25, length));
  source.start(at);
}

function tone(ctx, at, frequency, length, type = "sine", peak = 0.12, slideTo = null) {
  const osc = ctx.createOscillator();
  osc.type = type;
  osc.frequency.setValueAtTime(frequency, at);
  if (slideTo) osc.frequency.exponentialRampToValueAtTime(slideTo, at + length);
  osc.connect(envelope(ctx, at, peak, length));
  osc.start(at);
  osc.stop(at + length + 0.02);
}

const SOUNDS = {
  card: (ctx, now) => snap(ctx, now),
  deal: (ctx, now) => [0, 0.04, 0.08].forEach((d) => snap(ctx, now + d, 2000 + d * 4000)),
  knock: (ctx, now) => [0, 0.11].forEach((d) => tone(ctx, now + d, 150, 0.08, "triangle", 0.3, 90)),
  refuse: (ctx, now) => tone(ctx, now, 220, 0.14, "square", 0.04, 160),
  win: (ctx, now) => [523.25, 659.25, 783.99, 1046.5].forEach((f, i) => tone(ctx, now + i * 0.09, f, 0.25)),
};

/** Play sound ``name`` (card, deal, knock, refuse, win) if sound is on. */
export function play(name) {
  if (!setting("sound")) return;
  const ctx = audio();
  if (!ctx || !SOUNDS[name]) return;
  SOUNDS[name](ctx, ctx.currentTime + 0.01);
  played.push(name);
  if (played.length > 50) played.shift();
}

// Browsers start audio only from a user's gesture: wake the context on the first one.
window.addEventListener("pointerdown", () => setting("sound") && audio(), { once: true, capture: true });
