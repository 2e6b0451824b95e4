// Small charts in plain SVG: a line chart for a rating history, horizontal bars for shares,
// and the QR code of a device link (its modules from the npm package lean-qr, a chunk of
// its own fetched when a link is shown: the first visit's bundle stays in its budget). Each
// is an <svg> with a name for screen readers; sizes are in viewBox units, so the picture
// scales with its container.
const SVG = "http://www.w3.org/2000/svg";

function el(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  node.append(...children);
  return node;
}

function frame(width, height, label) {
  return el(
    "svg",
    { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": label, class: "chart" },
    el("title", {}, label),
  );
}

/** A line through ``values`` (oldest first), its band of ± ``spread`` shaded, the lowest and
 * highest values written at the left. */
export function lineChart(values, spread, label, { width = 320, height = 120 } = {}) {
  const svg = frame(width, height, label);
  if (!values.length) return svg;
  const pad = { left: 40, right: 8, top: 8, bottom: 8 };
  const lows = values.map((v, i) => v - (spread[i] ?? 0));
  const highs = values.map((v, i) => v + (spread[i] ?? 0));
  let lo = Math.min(...lows);
  let hi = Math.max(...highs);
  if (hi - lo < 1) {
    lo -= 1;
    hi += 1;
  }
  const x = (i) =>
    values.length === 1 ? (pad.left + width - pad.right) / 2 : pad.left + (i * (width - pad.left - pad.right)) / (values.length - 1);
  const y = (v) => pad.top + ((hi - v) * (height - pad.top - pad.bottom)) / (hi - lo);
  const band = [...highs.map((v, i) => `${x(i)},${y(v)}`), ...lows.map((v, i) => `${x(i)},${y(v)}`).reverse()];
  svg.append(
    el("line", { x1: pad.left, x2: width - pad.right, y1: height - pad.bottom, y2: height - pad.bottom, class: "chart-axis" }),
    el("polygon", { points: band.join(" "), class: "chart-band" }),
    el("polyline", { points: values.map((v, i) => `${x(i)},${y(v)}`).join(" "), class: "chart-line" }),
    ...values.map((v, i) => el("circle", { cx: x(i), cy: y(v), r: 2.5, class: "chart-dot" })),
    el("text", { x: pad.left - 4, y: pad.top + 8, "text-anchor": "end", class: "chart-label" }, String(Math.round(hi))),
    el("text", { x: pad.left - 4, y: height - pad.bottom, "text-anchor": "end", class: "chart-label" }, String(Math.round(lo))),
  );
  return svg;
}

/** One bar per item (``share`` from 0 to 1), its label on the left and the percentage at
 * the end. */
export function barChart(items, label, percent, { width = 320, row = 22 } = {}) {
  const labelWidth = 130;
  const height = Math.max(row, items.length * row);
  const svg = frame(width, height, label);
  items.forEach((item, i) => {
    const top = i * row;
    const full = width - labelWidth - 48;
    svg.append(
      el("text", { x: 0, y: top + row * 0.68, class: "chart-label" }, item.label),
      el("rect", { x: labelWidth, y: top + 4, width: full, height: row - 8, class: "chart-track" }),
      el("rect", { x: labelWidth, y: top + 4, width: Math.max(0, full * item.share), height: row - 8, class: "chart-bar" }),
      el("text", { x: width, y: top + row * 0.68, "text-anchor": "end", class: "chart-label" }, percent(item.share)),
    );
  });
  return svg;
}

/** The QR code of ``text`` (error correction M at least, the smallest version that holds
 * it, the mask of least penalty: lean-qr's choices, as ISO/IEC 18004 has them) as one SVG
 * path on white, with a quiet zone of four modules around it: what a phone's camera reads. */
export async function qrImage(text, label) {
  const { correction, generate } = await import("lean-qr");
  const code = generate(text, { minCorrectionLevel: correction.M });
  const size = code.size + 8;
  let path = "";
  for (let y = 0; y < code.size; y++) {
    for (let x = 0; x < code.size; x++) if (code.get(x, y)) path += `M${x + 4} ${y + 4}h1v1h-1z`;
  }
  return el(
    "svg",
    { viewBox: `0 0 ${size} ${size}`, role: "img", "aria-label": label, class: "qr", "shape-rendering": "crispEdges" },
    el("rect", { width: size, height: size, fill: "#fff" }),
    el("path", { d: path, fill: "#000" }),
  );
}
