// What every map geometry draws alike once it knows where its places are: a track through places
// and an arrow between two points. maps/squares.js and maps/hexes.js lend these to their layers.

import { paint, s, titled } from "../dom.js";

/** A track through named places, a dot on each, in its own group of class `className`;
 * `centre(name)` gives a place's [x, y] (or null). */
export function track(centre, parent, names, { className, label, look = {} }) {
  const points = names.map(centre).filter(Boolean);
  const g = parent.appendChild(s("g", { class: className }));
  if (!points.length) return g;
  const line = s("polyline", { points: points.map((p) => p.join(",")).join(" ") });
  g.appendChild(titled(paint(line, { fill: "none", join: "round", ...look }), label));
  for (const [cx, cy] of points) g.appendChild(paint(s("circle", { cx, cy, r: 2 }), { fill: look.stroke }));
  return g;
}

/** An arrow from one point to another, [x, y] each; `head` its head's half-width at most. */
export function arrow(parent, [x1, y1], [x2, y2], { label, look = {}, head = 4 }) {
  const g = parent.appendChild(s("g", { class: "arrow" }));
  const length = Math.hypot(x2 - x1, y2 - y1) || 1;
  const [ux, uy] = [(x2 - x1) / length, (y2 - y1) / length];
  head = Math.min(head, length / 2);
  g.appendChild(paint(s("line", { x1, y1, x2: x2 - ux * head, y2: y2 - uy * head }), look));
  const corners = [
    [x2, y2],
    [x2 - ux * head * 1.6 - uy * head, y2 - uy * head * 1.6 + ux * head],
    [x2 - ux * head * 1.6 + uy * head, y2 - uy * head * 1.6 - ux * head],
  ];
  g.appendChild(paint(s("path", { d: `M${corners.map((c) => c.join(",")).join("L")}z` }), { fill: look.stroke }));
  if (label) titled(g, label);
  return g;
}
