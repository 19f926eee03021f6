// A table top drawn to scale as SVG: the map geometry of games played with models and rulers
// rather than squares. Points are [x, y] in the chart's unit (a tenth of an inch, say), x east and
// y north; courses and bearings are degrees clockwise from north. SVG's y runs south, so every
// point is flipped once, here. A ruleset's module draws ships' models, arcs and paths with the
// helpers below (the umpire's console may use them without a map); `createMap(svg, chart)` gives
// the seat's shell a map: `drawBase`, `fit` (the part of the table in sight), `layer`, and places
// named "x,y" for the pointer (`placeAt`) and the keyboard's cursor (`centre`, `near`).

import { paint, s, titled } from "../dom.js";

const STEP = 10; // the keyboard's cursor moves this far (an inch, in tenths) a key press

export const rad = (degrees) => (degrees * Math.PI) / 180;

/** The point `length` from `at` along `course`. */
export function along([x, y], course, length) {
  return [x + length * Math.sin(rad(course)), y + length * Math.cos(rad(course))];
}

/** A table point as drawn (y south). */
export function flip([x, y]) {
  return [x, -y];
}

/** Points as an SVG `points` list. */
export function pointList(list) {
  return list.map((p) => flip(p).join(",")).join(" ");
}

/** The whole degree of the bearing from `a` to `b`. */
export function bearing(a, b) {
  const degrees = (Math.atan2(b[0] - a[0], b[1] - a[1]) * 180) / Math.PI;
  return (Math.round(degrees) + 360) % 360;
}

export function distance(a, b) {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

/** The path of a wedge from `at`, clockwise from bearing `from` to `to`, `reach` long. */
export function wedge(at, from, to, reach) {
  const [cx, cy] = flip(at);
  const sweep = ((to - from + 360) % 360) || 360;
  const [x1, y1] = flip(along(at, from, reach));
  const [x2, y2] = flip(along(at, from + sweep, reach));
  return `M${cx},${cy} L${x1},${y1} A${reach},${reach} 0 ${sweep > 180 ? 1 : 0} 1 ${x2},${y2} Z`;
}

/** A ship's model along her course: `funnel` from the bow, `length` bow to stern, a dot at the
 * funnel (the point every range is taken from); drawn in a group of `className`. */
export function model(parent, { at, course, length, funnel }, { className = "ship", look = {}, dot = {}, label = "" } = {}) {
  const g = parent.appendChild(s("g", { class: className }));
  const [x1, y1] = flip(along(at, course, funnel));
  const [x2, y2] = flip(along(at, course + 180, length - funnel));
  g.appendChild(paint(s("line", { x1, y1, x2, y2 }), { cap: "round", ...look }));
  const [cx, cy] = flip(at);
  g.appendChild(paint(s("circle", { cx, cy, r: (look.width ?? 4) * 0.55 }), { fill: "#b3261e", ...dot }));
  if (label) titled(g, label);
  return g;
}

/** A label's box, moved down a line at a time clear of the boxes `placed` before it (which it then
 * joins): ships in line ahead lie closer than their names are long. Boxes are {x, y, width, height}. */
export function clearOf(placed, box) {
  const hits = (b) => box.x < b.x + b.width && b.x < box.x + box.width && box.y < b.y + b.height && b.y < box.y + box.height;
  while (placed.some(hits)) box.y += box.height;
  placed.push(box);
  return box;
}

export function createMap(svg, chart) {
  return new TableMap(svg, chart);
}

class TableMap {
  constructor(svg, chart) {
    this.svg = svg;
    this.chart = chart;
    this.size = 20; // the cursor's size, in the chart's unit
    this.unit = 1; // the chart's units a screen pixel shows, set by `fit`
    this.view = [-100, -100, 200, 200];
  }

  /** Clear the drawing; the table itself is drawn by `fit`, once the module knows what is in sight. */
  drawBase() {
    this.svg.replaceChildren();
    this.base = this.layer("table");
  }

  /** Show the table around `points` (table points), `margin` beyond them; the cloth fills it. */
  fit(points, margin) {
    const drawn = points.map(flip);
    const xs = drawn.map((p) => p[0]);
    const ys = drawn.map((p) => p[1]);
    const [x0, y0] = [Math.min(...xs) - margin, Math.min(...ys) - margin];
    const [width, height] = [Math.max(...xs) - Math.min(...xs) + 2 * margin, Math.max(...ys) - Math.min(...ys) + 2 * margin];
    this.view = [x0, y0, width, height];
    this.svg.setAttribute("viewBox", this.view.join(" "));
    const box = this.svg.getBoundingClientRect();
    // The SVG keeps its aspect: the unit a pixel shows is the larger of the two ratios.
    this.unit = box.width && box.height ? Math.max(width / box.width, height / box.height) : width / 800;
    const pad = 40 * this.unit;
    this.base.replaceChildren(s("rect", { class: "sea", x: x0 - pad * 20, y: y0 - pad * 20, width: width + pad * 40, height: height + pad * 40 }));
    return this;
  }

  /** `pixels` of the screen in the chart's unit: for strokes and labels that read the same at any scale. */
  px(pixels) {
    return pixels * this.unit;
  }

  /** A new group on top of the drawing, for one layer. */
  layer(name) {
    return this.svg.appendChild(s("g", { "data-layer": name }));
  }

  /** A table point as drawn. */
  point(at) {
    return flip(at);
  }

  /** "x,y" -> the point as drawn, or null. */
  centre(name) {
    const at = parse(name);
    return at && flip(at);
  }

  /** The place under a pointer event: {name "x,y", at [x, y], land: false}. */
  placeAt(event) {
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(this.svg.getScreenCTM().inverse());
    return place([Math.round(point.x), Math.round(-point.y)]);
  }

  /** The place an inch from `name` the way an arrow key points ("ArrowUp" is north). */
  near(name, key) {
    const at = parse(name);
    const [dx, dy] = { ArrowUp: [0, STEP], ArrowDown: [0, -STEP], ArrowLeft: [-STEP, 0], ArrowRight: [STEP, 0] }[key] || [0, 0];
    return at ? place([at[0] + dx, at[1] + dy]) : null;
  }
}

function place(at) {
  return { name: at.join(","), at, land: false };
}

function parse(name) {
  const found = /^(-?\d+),(-?\d+)$/.exec(String(name ?? ""));
  return found ? [Number(found[1]), Number(found[2])] : null;
}
