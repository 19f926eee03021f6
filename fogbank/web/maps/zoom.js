// Zooming and moving a map drawn in SVG, for any geometry whose map is bigger than its frame
// (maps/hexes.js): the wheel, a drag and a double click, buttons that say what they do, and a
// view that opens on the seat's own units and follows them. It changes the SVG's viewBox only;
// the drawing is the geometry's.

import { h } from "../dom.js";

const STEP = 1.25; // the wheel's and the buttons' zoom, each notch or press
const PAN = 1 / 3; // an arrow button moves the map this much of what is in sight

export class Zoom {
  /** `size()`: the whole map's [width, height]; `closest`: the narrowest view allowed, across. */
  constructor(svg, size, closest) {
    this.svg = svg;
    this.size = size;
    this.closest = closest;
    this.view = null; // the part of the map in sight, [x, y, width, height]; null: all of it
    this.followed = null; // the points followed (the seat's own units), and their key
    this.listen();
  }

  /** The wheel zooms about the pointer, a drag moves the map, a double click shows all of it
   * again; a click that ended a drag is not a click on the map. */
  listen() {
    const svg = this.svg;
    let drag = null;
    let dragged = false;
    const toMap = (event) => new DOMPoint(event.clientX, event.clientY).matrixTransform(svg.getScreenCTM().inverse());
    svg.addEventListener("wheel", (event) => {
      event.preventDefault();
      const at = toMap(event);
      this.zoom(event.deltaY < 0 ? 1 / STEP : STEP, [at.x, at.y]);
    }, { passive: false });
    svg.addEventListener("pointerdown", (event) => {
      drag = { x: event.clientX, y: event.clientY, view: this.shown(), scale: svg.getScreenCTM().a };
      dragged = false;
    });
    svg.addEventListener("pointermove", (event) => {
      if (!drag || !(event.buttons & 1)) return;
      const [dx, dy] = [event.clientX - drag.x, event.clientY - drag.y];
      if (!dragged && Math.hypot(dx, dy) < 5) return;
      dragged = true;
      const [x, y, w, h] = drag.view;
      this.show([x - dx / drag.scale, y - dy / drag.scale, w, h]);
    });
    svg.addEventListener("pointerup", () => (drag = null));
    svg.addEventListener("dblclick", () => this.show(null));
    window.addEventListener("click", (event) => {
      if (dragged && svg.contains(event.target)) event.stopPropagation();
      dragged = false;
    }, true);
  }

  /** The part of the map in sight now. */
  shown() {
    const [width, height] = this.size();
    return this.view ?? [0, 0, width, height];
  }

  /** Show a part of the map, kept inside it ([x, y, width, height]; null: all of it). */
  show(view) {
    const [width, height] = this.size();
    if (view) {
      const [w, h] = [Math.min(view[2], width), Math.min(view[3], height)];
      const x = Math.max(0, Math.min(view[0], width - w));
      const y = Math.max(0, Math.min(view[1], height - h));
      view = w >= width && h >= height ? null : [x, y, w, h];
    }
    this.view = view;
    this.svg.setAttribute("viewBox", this.shown().map((n) => n.toFixed(1)).join(" "));
  }

  /** Zoom by `factor` (below 1: closer) about a point of the map (default: the middle of the view),
   * no closer than `closest` across. */
  zoom(factor, about = null) {
    const [x, y, w, h] = this.shown();
    const [px, py] = about ?? [x + w / 2, y + h / 2];
    const k = Math.max(factor, this.closest / w);
    this.show([px - (px - x) * k, py - (py - y) * k, w * k, h * k]);
  }

  /** Move the view by fractions of itself (east and south positive). */
  pan(across, down) {
    const [x, y, w, h] = this.shown();
    this.show([x + across * w, y + down * h, w, h]);
  }

  /** Bring points into sight, closer in: the box round them with `pad` about it, at least
   * `least` across, in the frame's shape. */
  focus(points, pad, least = 0) {
    if (!points.length) return this.show(null);
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    let [x, y, w, h] = [Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) - Math.min(...xs) + 2 * pad, Math.max(...ys) - Math.min(...ys) + 2 * pad];
    if (w < least) [x, w] = [x - (least - w) / 2, least];
    const frame = this.svg.getBoundingClientRect();
    const [width, height] = this.size();
    const ratio = frame.width > 0 && frame.height > 0 ? frame.width / frame.height : width / height;
    if (w / h < ratio) [x, w] = [x - (h * ratio - w) / 2, h * ratio];
    else [y, h] = [y - (w / ratio - h) / 2, w / ratio];
    this.show([x, y, w, h]);
  }

  /** Whether a point is in sight, `margin` inside the edge of the view. */
  inSight([px, py], margin = 0) {
    const [x, y, w, h] = this.shown();
    return px >= x + margin && px <= x + w - margin && py >= y + margin && py <= y + h - margin;
  }

  /** Keep these points (the seat's own units) in sight: the first time, open on them; after,
   * only when they have moved and one is out of sight, bring them all back. A player's own zoom
   * and drag stand until then. `key` names the points (their places), to tell a move. */
  follow(points, key, pad, least = 0) {
    if (!points.length || key === this.followed?.key) return;
    const first = this.followed === null;
    this.followed = { points, key, pad, least };
    if (first || !points.every((point) => this.inSight(point, pad / 4))) this.home();
  }

  /** Bring the followed points back into sight, as they opened. */
  home() {
    const followed = this.followed;
    if (followed) this.focus(followed.points, followed.pad, followed.least);
  }

  /** Buttons that zoom and move the map, and the words that say how: a bar to put beside the
   * map. `home` names what the home button brings back into sight (the seat's own ships). */
  controls({ home = null } = {}) {
    const button = (id, words, label, act) => {
      const b = h("button", { type: "button", class: "quiet map-button", id, "aria-label": label, title: label }, words);
      b.onclick = act;
      return b;
    };
    const homeButton = home ? button("map-home", home, `Show ${home.toLowerCase()}`, () => this.home()) : null;
    return h(
      "div",
      { class: "map-controls", role: "toolbar", "aria-label": "Zoom and move the map" },
      button("map-in", "+", "Zoom in", () => this.zoom(1 / STEP)),
      button("map-out", "−", "Zoom out", () => this.zoom(STEP)),
      button("map-west", "←", "Move the map west", () => this.pan(-PAN, 0)),
      button("map-north", "↑", "Move the map north", () => this.pan(0, -PAN)),
      button("map-south", "↓", "Move the map south", () => this.pan(0, PAN)),
      button("map-east", "→", "Move the map east", () => this.pan(PAN, 0)),
      homeButton,
      button("map-whole", "Whole map", "Show the whole map", () => this.show(null)),
      h("span", { class: "map-help muted small" }, "Zoom: the wheel or + −. Move: drag, or the arrows. Double-click: the whole map."),
    );
  }
}
