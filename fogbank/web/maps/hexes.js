// A map of hexes drawn as SVG: flat-topped hexes in columns, as naval hex games print them. A map
// geometry like maps/squares.js: `createMap(svg, chart)` gives a map that draws the chart itself
// (`drawBase`, `drawPlaces`), finds the hex under the pointer (`placeAt`) or next to one for a
// keyboard cursor (`near`), and gives a ruleset's
// layers the tools they draw with: the same as the squares' (`layer`, `centre`, `box`, `marked`,
// `eachMark`, `markAt`, `area`, `track`, `arrow`, `toward`) and the hex grid's own (`outline`,
// `distance`, `line`, `step`, `within`, `sideAngle`), and a view that zooms (`zoom`, `focus`,
// `show`, `follow`; the wheel, a drag and the buttons of `controls` move it: maps/zoom.js). Both
// pages, the umpire's console and a player's seat, draw hex maps with this one module. It knows no
// ruleset.
//
// The chart, as a ruleset sends it in `welcome`: {columns, rows, terrain, places, overlays}.
// `terrain` is a line a row, row 01 (north) first, a character a column: '#' land, anything else
// water. A hex is named "CCRR": its column then its row, two digits each, counted from 01 at the
// north-west corner ("2005": column 20, row 05). Odd columns sit half a hex lower than even ones.
// Hexsides are numbered 0-5 clockwise from north (0 north, 1 north-east ... 5 north-west).
// `places` are names written on the map, {name, hex} (or {name, square}).

import { paint, s, titled } from "../dom.js";
import { arrow, track } from "./lines.js";
import { Zoom } from "./zoom.js";

const SIZE = 14; // a hex's circumradius, in the drawing's units
const HIGH = Math.sqrt(3) * SIZE; // from one flat side to the other
const MARGIN = 22;
// Cube steps (q, r) through each hexside, r growing southward (as the rules' hexes.py has them).
const STEPS = [[0, -1], [1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0]];

export function createMap(svg, chart) {
  return new HexMap(svg, chart);
}

const two = (n) => String(n).padStart(2, "0");

/** {column, row} -> cube {q, r, s}. */
function cube(column, row) {
  const r = row - (column - (column & 1)) / 2;
  return { q: column, r, s: -column - r };
}

function offset({ q, r }) {
  return { column: q, row: r + (q - (q & 1)) / 2 };
}

/** Whether two boxes [x0, y0, x1, y1] overlap. */
function overlaps(a, b) {
  return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
}

function roundCube(q, r, s) {
  let [rq, rr, rs] = [Math.round(q), Math.round(r), Math.round(s)];
  const [dq, dr, ds] = [Math.abs(rq - q), Math.abs(rr - r), Math.abs(rs - s)];
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  else rs = -rq - rr;
  return { q: rq, r: rr, s: rs };
}

class HexMap {
  constructor(svg, chart) {
    this.svg = svg;
    this.chart = chart;
    this.size = HIGH; // one hex across, flat side to flat side: the distance between neighbours
    // The wheel, a drag and the buttons zoom and move it, no closer than six hexes across.
    this.zoomer = new Zoom(svg, () => [this.width, this.height], 6 * 1.5 * SIZE);
  }

  /** The part of the map in sight now, [x, y, width, height]. */
  shown() {
    return this.zoomer.shown();
  }

  /** Show a part of the map, kept inside it ([x, y, width, height]; null: all of it). */
  show(view) {
    this.zoomer.show(view);
  }

  /** Zoom by `factor` (below 1: closer) about a point of the map (default: the middle of the view). */
  zoom(factor, about = null) {
    this.zoomer.zoom(factor, about);
  }

  /** Bring hexes into sight, closer in: the box round them with `margin` hexes about it. */
  focus(names, margin = 2) {
    this.zoomer.focus(names.map((name) => this.centre(name)).filter(Boolean), margin * HIGH);
  }

  /** Keep these hexes (the seat's own units) in sight: open on them, at least 16 columns across
   * so what is round them shows too, and bring them back into sight when they move out of it
   * (maps/zoom.js). */
  follow(names, margin = 3) {
    const known = names.filter((name) => this.cell(name));
    this.zoomer.follow(known.map((name) => this.centre(name)), [...known].sort().join(" "), margin * HIGH, 16 * 1.5 * SIZE);
  }

  /** The buttons and words that zoom and move the map (maps/zoom.js): a bar for the page. */
  controls(options) {
    return this.zoomer.controls(options);
  }

  get width() {
    return (1.5 * (this.chart.columns - 1) + 2) * SIZE + 2 * MARGIN;
  }

  get height() {
    return (this.chart.rows + 0.5) * HIGH + 2 * MARGIN;
  }

  /** Clear the drawing and draw the chart: sea, land, the hex grid, coastline, frame, numbers. */
  drawBase() {
    const { columns, rows, terrain } = this.chart;
    const svg = this.svg;
    svg.replaceChildren();
    this.zoomer.show(this.zoomer.view);
    const all = [];
    for (let column = 1; column <= columns; column++) for (let row = 1; row <= rows; row++) all.push(this.nameOf(column, row));
    const land = new Set(all.filter((name) => this.terrainAt(name) === "#"));
    svg.appendChild(s("path", { class: "sea", d: all.map((name) => this.hexPath(name)).join("") }));
    svg.appendChild(s("path", { class: "land", d: [...land].map((name) => this.hexPath(name)).join("") }));
    svg.appendChild(s("path", { class: "grid", d: all.map((name) => this.hexPath(name)).join("") }));
    svg.appendChild(s("path", { class: "coast", d: this.outline(land, { inner: true }) }));
    svg.appendChild(s("path", { class: "frame", d: this.outline(new Set(all)) }));

    // Every hex's number, small at its top, as the printed maps have them; and the column and
    // row numbers round the edge, where a finger finds them.
    const numbers = s("g", { class: "hex-numbers" });
    for (const name of all) {
      const [x, y] = this.centre(name);
      numbers.appendChild(s("text", { x, y: y - HIGH * 0.27 }, name));
    }
    svg.appendChild(numbers);
    const labels = s("g", { class: "hex-labels" });
    for (let column = 1; column <= columns; column++) {
      const [x] = this.centre(this.nameOf(column, 1));
      labels.appendChild(s("text", { x, y: MARGIN - 6 }, two(column)));
      labels.appendChild(s("text", { x, y: this.height - MARGIN + 14 }, two(column)));
    }
    for (let row = 1; row <= rows; row++) {
      const y = MARGIN + (row - 1) * HIGH + HIGH * 0.75 + 3.5;
      labels.appendChild(s("text", { x: MARGIN / 2, y }, two(row)));
      labels.appendChild(s("text", { x: this.width - MARGIN / 2, y }, two(row)));
    }
    svg.appendChild(labels);
  }

  /** The chart's place names, each under its hex's centre until `spacePlaces` moves it. */
  drawPlaces() {
    const g = this.layer("places");
    for (const place of this.chart.places || []) {
      const hex = place.hex ?? place.square;
      const at = this.centre(hex);
      if (at) g.appendChild(s("text", { class: "place", "data-side": place.side, "data-hex": hex, x: at[0], y: at[1] + HIGH * 0.62 }, place.name));
    }
    return g;
  }

  /** Move each place name off the unit counters drawn since (elements of class `counter` with
   * `data-hex`) and off the names laid out before it: to the first free spot about its hex
   * (under its centre, over it, in the hex below or above, beside it). Where none is free the
   * name is left out: a name never covers a stack, and its hex still names it under the pointer.
   * Call it once the units are drawn. */
  spacePlaces() {
    const g = this.svg.querySelector('[data-layer="places"]');
    if (!g) return;
    const taken = [...this.svg.querySelectorAll(".counter[data-hex]")]
      .map((counter) => this.centre(counter.dataset.hex))
      .filter(Boolean)
      .map(([x, y]) => [x - 0.62 * SIZE, y - 0.62 * SIZE, x + 0.62 * SIZE, y + 0.95 * SIZE]); // the counter and its label
    for (const text of g.querySelectorAll("text.place")) {
      const [x, y] = this.centre(text.dataset.hex);
      const half = text.textContent.length * 2.1 + 1; // 8px italic: about 4.2 a letter
      const spots = [[0, 0.62 * HIGH], [0, -0.3 * HIGH], [0, 1.12 * HIGH], [0, -0.8 * HIGH], [half + 0.7 * SIZE, 0.1 * HIGH], [-half - 0.7 * SIZE, 0.1 * HIGH]]
        .map(([dx, dy]) => [x + dx - half, y + dy - 6.5, x + dx + half, y + dy + 1.5]);
      const free = spots.find((box) => !taken.some((other) => overlaps(box, other)));
      if (!free) {
        text.setAttribute("display", "none");
        continue;
      }
      text.removeAttribute("display");
      text.setAttribute("x", ((free[0] + free[2]) / 2).toFixed(1));
      text.setAttribute("y", (free[3] - 1.5).toFixed(1));
      taken.push(free);
    }
  }

  /** A new group on top of the drawing, for one layer. */
  layer(name) {
    return this.svg.appendChild(s("g", { "data-layer": name }));
  }

  /** "2005" -> {column, row}, or null for no hex of this map. */
  cell(name) {
    const match = /^(\d\d)(\d\d)$/.exec(String(name ?? ""));
    if (!match) return null;
    const [column, row] = [Number(match[1]), Number(match[2])];
    return column >= 1 && row >= 1 && column <= this.chart.columns && row <= this.chart.rows ? { column, row } : null;
  }

  nameOf(column, row) {
    return `${two(column)}${two(row)}`;
  }

  /** The terrain character of a hex ("" off the map). */
  terrainAt(name) {
    const cell = this.cell(name);
    return (cell && this.chart.terrain[cell.row - 1]?.[cell.column - 1]) || "";
  }

  /** The centre of a hex, [x, y], or null for no such hex. */
  centre(name) {
    const cell = this.cell(name);
    if (!cell) return null;
    const x = MARGIN + SIZE + (cell.column - 1) * 1.5 * SIZE;
    const y = MARGIN + HIGH / 2 + (cell.row - 1) * HIGH + (cell.column & 1 ? HIGH / 2 : 0);
    return [x, y];
  }

  /** The box round a hex {x, y, size} (top-left corner; `size` across the flats), or null. */
  box(name) {
    const at = this.centre(name);
    return at && { x: at[0] - HIGH / 2, y: at[1] - HIGH / 2, size: HIGH };
  }

  /** The corners of a hex, scaled by `scale` about its centre, clockwise from the east. */
  corners(name, scale = 1) {
    const at = this.centre(name);
    if (!at) return [];
    return [0, 60, 120, 180, 240, 300].map((degrees) => {
      const radians = (degrees * Math.PI) / 180;
      return [at[0] + SIZE * scale * Math.cos(radians), at[1] + SIZE * scale * Math.sin(radians)];
    });
  }

  /** A hex as a closed path (SVG `d`), scaled by `scale` about its centre. */
  hexPath(name, scale = 1) {
    const corners = this.corners(name, scale);
    return corners.length ? `M${corners.map(([x, y]) => `${x.toFixed(2)},${y.toFixed(2)}`).join("L")}z` : "";
  }

  /** The hex through hexside `side` (0-5 clockwise from north), `count` hexes on; null off the map. */
  step(name, side, count = 1) {
    const cell = this.cell(name);
    if (!cell) return null;
    const at = cube(cell.column, cell.row);
    const [dq, dr] = STEPS[((side % 6) + 6) % 6];
    const { column, row } = offset({ q: at.q + dq * count, r: at.r + dr * count });
    return this.cell(this.nameOf(column, row)) ? this.nameOf(column, row) : null;
  }

  /** Hexes between two hexes (a step to a neighbour is 1); null if either is not on the map. */
  distance(a, b) {
    const [ca, cb] = [this.cell(a), this.cell(b)];
    if (!ca || !cb) return null;
    const [x, y] = [cube(ca.column, ca.row), cube(cb.column, cb.row)];
    return Math.max(Math.abs(x.q - y.q), Math.abs(x.r - y.r), Math.abs(x.s - y.s));
  }

  /** The hexes a straight line from centre to centre passes through, ends included (a line
   * along a hexside is nudged one way, as the rules' hexes.py does). */
  line(a, b) {
    const [ca, cb] = [this.cell(a), this.cell(b)];
    if (!ca || !cb) return [];
    const n = this.distance(a, b);
    const e = 1e-6;
    const [x, y] = [cube(ca.column, ca.row), cube(cb.column, cb.row)];
    const hexes = [];
    for (let i = 0; i <= n; i++) {
      const t = n ? i / n : 0;
      const { column, row } = offset(roundCube(x.q + e + (y.q - x.q) * t, x.r + e + (y.r - x.r) * t, x.s - 2 * e + (y.s - x.s) * t));
      hexes.push(this.nameOf(column, row));
    }
    return hexes;
  }

  /** Every hex of the map within `range` hexes of `name`. */
  within(name, range) {
    const found = [];
    for (let column = 1; column <= this.chart.columns; column++) {
      for (let row = 1; row <= this.chart.rows; row++) {
        const other = this.nameOf(column, row);
        if (this.distance(name, other) <= range) found.push(other);
      }
    }
    return found;
  }

  /** The bearing of hexside `side`, in degrees clockwise from north. */
  sideAngle(side) {
    return side * 60;
  }

  /** The outline of a set of hexes: the sides with no neighbour in the set. `inner`: leave out
   * sides on the map's edge (a coastline, not the frame). */
  outline(names, { inner = false } = {}) {
    const parts = [];
    for (const name of names) {
      const corners = this.corners(name);
      if (!corners.length) continue;
      // Side k (clockwise from north) runs between corners: north is corner 4 to 5 (240° to 300°).
      for (let side = 0; side < 6; side++) {
        const other = this.step(name, side);
        if (other ? names.has(other) : inner) continue;
        const [from, to] = [corners[(side + 4) % 6], corners[(side + 5) % 6]];
        parts.push(`M${from[0].toFixed(2)},${from[1].toFixed(2)}L${to[0].toFixed(2)},${to[1].toFixed(2)}`);
      }
    }
    return parts.join("");
  }

  /** The names of the hexes an overlay marks with a mark `test` passes. */
  marked(overlay, test) {
    const names = new Set();
    this.eachMark(overlay, (mark, name) => test(mark) && names.add(name));
    return names;
  }

  /** `visit(mark, name)` for every hex of an overlay (none if the chart lacks it). */
  eachMark(overlay, visit) {
    (this.chart.overlays?.[overlay] || []).forEach((line, r) => [...line].forEach((mark, c) => visit(mark, this.nameOf(c + 1, r + 1))));
  }

  /** The mark an overlay has at a hex ("" where it has none). */
  markAt(overlay, name) {
    const cell = this.cell(name);
    return (cell && this.chart.overlays?.[overlay]?.[cell.row - 1]?.[cell.column - 1]) || "";
  }

  /** A region of hexes: filled with `fill`, its outline drawn with `edge`; `label` its tooltip. */
  area(parent, names, label, { fill = {}, edge = {} } = {}) {
    const cells = new Set([...names].filter((name) => this.cell(name)));
    const d = [...cells].map((name) => this.hexPath(name)).join("");
    parent.appendChild(titled(paint(s("path", { class: "area-fill", d }), { stroke: "none", ...fill }), label));
    parent.appendChild(paint(s("path", { class: "area-edge", d: this.outline(cells) }), { fill: "none", ...edge }));
    return parent;
  }

  /** A track through places, a dot on each; drawn in its own group of class `className`. */
  track(parent, names, options) {
    return track((name) => this.centre(name), parent, names, options);
  }

  /** An arrow from one point to another, [x, y] each. */
  arrow(parent, from, to, options) {
    return arrow(parent, from, to, options);
  }

  /** The point `hexes` hexes from `point` on a bearing (degrees, clockwise from north). */
  toward([x, y], bearing, hexes) {
    const radians = (bearing * Math.PI) / 180;
    return [x + Math.sin(radians) * hexes * HIGH, y - Math.cos(radians) * hexes * HIGH];
  }

  /** The hex next to `name` the way an arrow key points, for a keyboard cursor ("ArrowUp" north,
   * "ArrowDown" south, left and right the next column along the same row): {name, land}, or null
   * off the map. */
  near(name, key) {
    const cell = this.cell(name);
    const [dc, dr] = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[key] || [0, 0];
    const next = cell && this.nameOf(cell.column + dc, cell.row + dr);
    return next && this.cell(next) ? { name: next, land: this.terrainAt(next) === "#" } : null;
  }

  /** The hex under a pointer event: {name, land}, or null off the map. */
  placeAt(event) {
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(this.svg.getScreenCTM().inverse());
    const column = Math.round((point.x - MARGIN - SIZE) / (1.5 * SIZE)) + 1;
    let best = null;
    for (let c = column - 1; c <= column + 1; c++) {
      const row = Math.round((point.y - MARGIN - HIGH / 2 - (c & 1 ? HIGH / 2 : 0)) / HIGH) + 1;
      for (let r = row - 1; r <= row + 1; r++) {
        const at = this.centre(this.nameOf(c, r));
        if (!at) continue;
        const away = Math.hypot(at[0] - point.x, at[1] - point.y);
        if (!best || away < best.away) best = { name: this.nameOf(c, r), away };
      }
    }
    if (!best || best.away > SIZE) return null;
    return { name: best.name, land: this.terrainAt(best.name) === "#" };
  }
}
