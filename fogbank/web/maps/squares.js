// A chart of squares drawn as SVG: the first of the console's map geometries. Each geometry is a
// module in this folder exporting `createMap(svg, chart)`, whose map draws the chart itself
// (`drawBase`, `drawPlaces`), finds the place under the pointer (`placeAt`) or next to one for a
// keyboard cursor (`near`), and gives a ruleset's
// layers the tools they draw with (`layer`, `centre`, `box`, `marked`, `eachMark`, `markAt`,
// `area`, `track`, `arrow`, `toward`). A ruleset's console module names its geometry; the shell loads it.
//
// The chart, as a ruleset sends it in `welcome`: {columns, rows, terrain, places, overlays}.
// `terrain` is a line a row, north first: '#' land, anything else sea. A square is named like
// "K7": its column's letter, then its row counted from the south edge. `overlays` are more lines
// like the terrain, their marks meaning what the ruleset says; `places` are names written on the
// chart, {name, square, side}.

import { paint, s, titled } from "../dom.js";
import { arrow, track } from "./lines.js";

const CELL = 22;
const MARGIN = 24;

export function createMap(svg, chart) {
  return new SquareMap(svg, chart);
}

function columnName(x) {
  return String.fromCharCode(65 + x);
}

class SquareMap {
  constructor(svg, chart) {
    this.svg = svg;
    this.chart = chart;
    this.size = CELL; // one square, in the drawing's units
  }

  /** Clear the drawing and draw the chart: sea, land, grid, coastline, frame and the grid's labels. */
  drawBase() {
    const { columns, rows, terrain } = this.chart;
    const width = columns * CELL + 2 * MARGIN;
    const height = rows * CELL + 2 * MARGIN;
    const svg = this.svg;
    svg.replaceChildren();
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);

    svg.appendChild(s("rect", { class: "sea", x: MARGIN, y: MARGIN, width: columns * CELL, height: rows * CELL }));
    const land = s("g", { class: "land" });
    terrain.forEach((line, r) => {
      for (const run of line.matchAll(/#+/g)) {
        land.appendChild(s("rect", { x: MARGIN + run.index * CELL, y: MARGIN + r * CELL, width: run[0].length * CELL, height: CELL }));
      }
    });
    svg.appendChild(land);
    const grid = [];
    for (let x = 0; x <= columns; x++) grid.push(`M${MARGIN + x * CELL},${MARGIN}v${rows * CELL}`);
    for (let r = 0; r <= rows; r++) grid.push(`M${MARGIN},${MARGIN + r * CELL}h${columns * CELL}`);
    svg.appendChild(s("path", { class: "grid", d: grid.join("") }));
    svg.appendChild(s("path", { class: "coast", d: outline(marks(terrain, (mark) => mark === "#")) }));
    svg.appendChild(s("rect", { class: "frame", x: MARGIN, y: MARGIN, width: columns * CELL, height: rows * CELL }));

    const labels = s("g", { class: "grid-labels" });
    for (let x = 0; x < columns; x++) {
      const cx = MARGIN + x * CELL + CELL / 2;
      labels.appendChild(s("text", { x: cx, y: MARGIN - 8 }, columnName(x)));
      labels.appendChild(s("text", { x: cx, y: height - MARGIN + 16 }, columnName(x)));
    }
    for (let r = 0; r < rows; r++) {
      const cy = MARGIN + r * CELL + CELL / 2 + 4;
      labels.appendChild(s("text", { x: MARGIN / 2, y: cy }, String(rows - r)));
      labels.appendChild(s("text", { x: width - MARGIN / 2, y: cy }, String(rows - r)));
    }
    svg.appendChild(labels);
  }

  /**
   * The chart's place names, none over another: each is written on its square if there is room,
   * else beside it (above, below, right, left, then a row further), with a dot on its square;
   * a name with no room anywhere near is left as a dot whose tooltip names it.
   */
  drawPlaces() {
    const g = this.layer("places");
    // The names never move: laid out once, when the chart is on the screen to measure them.
    const placed = this.placed ?? this.layOutPlaces(g);
    if (this.svg.getBoundingClientRect().width > 0) this.placed = placed;
    for (const { place, spot, at: [cx, cy] } of placed) {
      if (spot) {
        const { dx, dy, anchor } = spot;
        g.appendChild(s("text", { class: "place", "data-side": place.side, "data-square": place.square, x: cx + dx * CELL, y: cy + dy * CELL + 3, "text-anchor": anchor }, place.name));
      }
      if (!spot || spot.dx || spot.dy) {
        g.appendChild(titled(s("circle", { class: "place-dot", "data-square": place.square, cx, cy, r: 1.6 }), place.name));
      }
    }
    return g;
  }

  /** Where each place's name goes ({place, at, spot}; spot null: no room), measured in `g`. */
  layOutPlaces(g) {
    const frame = { x: MARGIN, y: MARGIN, width: this.chart.columns * CELL, height: this.chart.rows * CELL };
    const taken = [];
    const placed = [];
    for (const place of this.chart.places || []) {
      const at = this.centre(place.square);
      if (!at) continue;
      const text = g.appendChild(s("text", { class: "place" }, place.name));
      const spot = PLACE_SPOTS.map(([dx, dy, anchor]) => {
        text.setAttribute("x", at[0] + dx * CELL);
        text.setAttribute("y", at[1] + dy * CELL + 3);
        text.setAttribute("text-anchor", anchor);
        return { dx, dy, anchor, box: padded(text.getBBox()) };
      }).find(({ box }) => inside(box, frame) && !taken.some((other) => overlap(box, other)));
      text.remove();
      if (spot) taken.push(spot.box);
      placed.push({ place, at, spot: spot ?? null });
    }
    return placed;
  }

  /** A new group on top of the drawing, for one layer. */
  layer(name) {
    return this.svg.appendChild(s("g", { "data-layer": name }));
  }

  /** "K7" -> {x, r} (r counts from the north edge, as the terrain lines do), or null. */
  cell(name) {
    const match = /^([A-Z])(\d+)$/.exec(String(name ?? "").toUpperCase());
    if (!match) return null;
    const x = match[1].charCodeAt(0) - 65;
    const r = this.chart.rows - Number(match[2]);
    return x < this.chart.columns && r >= 0 && r < this.chart.rows ? { x, r } : null;
  }

  nameOf(x, r) {
    return `${columnName(x)}${this.chart.rows - r}`;
  }

  /** The centre of a square, [x, y], or null for no such square. */
  centre(name) {
    const cell = this.cell(name);
    return cell && [MARGIN + cell.x * CELL + CELL / 2, MARGIN + cell.r * CELL + CELL / 2];
  }

  /** A square's box {x, y, size} (its top-left corner), or null. */
  box(name) {
    const cell = this.cell(name);
    return cell && { x: MARGIN + cell.x * CELL, y: MARGIN + cell.r * CELL, size: CELL };
  }

  /** The names of the squares an overlay marks with a mark `test` passes. */
  marked(overlay, test) {
    const names = new Set();
    this.eachMark(overlay, (mark, name) => test(mark) && names.add(name));
    return names;
  }

  /** `visit(mark, name)` for every square of an overlay (none if the chart lacks it). */
  eachMark(overlay, visit) {
    (this.chart.overlays?.[overlay] || []).forEach((line, r) => [...line].forEach((mark, x) => visit(mark, this.nameOf(x, r))));
  }

  /** The mark an overlay has at a square ("" where it has none). */
  markAt(overlay, name) {
    const cell = this.cell(name);
    return (cell && this.chart.overlays?.[overlay]?.[cell.r]?.[cell.x]) || "";
  }

  /** A region of squares: filled with `fill`, its outline drawn with `edge`; `label` its tooltip. */
  area(parent, names, label, { fill = {}, edge = {} } = {}) {
    const cells = new Set([...names].map((name) => this.cell(name)).filter(Boolean).map(({ x, r }) => `${x},${r}`));
    const squares = [...cells].map((key) => {
      const [x, r] = key.split(",").map(Number);
      return `M${MARGIN + x * CELL},${MARGIN + r * CELL}h${CELL}v${CELL}h${-CELL}z`;
    });
    parent.appendChild(titled(paint(s("path", { class: "area-fill", d: squares.join("") }), { stroke: "none", ...fill }), label));
    parent.appendChild(paint(s("path", { class: "area-edge", d: outline(cells) }), { fill: "none", ...edge }));
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

  /** The point `squares` squares from `point` on a bearing (degrees, clockwise from north). */
  toward([x, y], bearing, squares) {
    const radians = (bearing * Math.PI) / 180;
    return [x + Math.sin(radians) * squares * CELL, y - Math.cos(radians) * squares * CELL];
  }

  /** The square under a pointer event: {name, land}, or null off the chart. */
  placeAt(event) {
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(this.svg.getScreenCTM().inverse());
    return this.place(Math.floor((point.x - MARGIN) / CELL), Math.floor((point.y - MARGIN) / CELL));
  }

  /** The square next to `name` the way an arrow key points ("ArrowUp" is north), for a keyboard
   * cursor: {name, land}, or null off the chart. */
  near(name, key) {
    const cell = this.cell(name);
    const [dx, dr] = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[key] || [0, 0];
    return cell ? this.place(cell.x + dx, cell.r + dr) : null;
  }

  place(x, r) {
    if (x < 0 || r < 0 || x >= this.chart.columns || r >= this.chart.rows) return null;
    return { name: this.nameOf(x, r), land: this.chart.terrain[r][x] === "#" };
  }
}

// Where a place name may go, in squares from its own square's centre: on it, then around it.
const PLACE_SPOTS = [
  [0, 0, "middle"], [0, -0.6, "middle"], [0, 0.6, "middle"], [0.3, 0, "start"], [-0.3, 0, "end"],
  [0.3, -0.6, "start"], [-0.3, -0.6, "end"], [0.3, 0.6, "start"], [-0.3, 0.6, "end"],
  [0, -1.2, "middle"], [0, 1.2, "middle"], [0.3, -1.2, "start"], [-0.3, 1.2, "end"],
];

function padded({ x, y, width, height }) {
  return { x: x - 1, y: y - 0.5, width: width + 2, height: height + 1 };
}

function overlap(a, b) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function inside(box, frame) {
  return box.x >= frame.x && box.y >= frame.y && box.x + box.width <= frame.x + frame.width && box.y + box.height <= frame.y + frame.height;
}

/** The cells ("x,r") of lines of marks whose mark passes `test`. */
function marks(lines, test) {
  const cells = new Set();
  lines.forEach((line, r) => [...line].forEach((mark, x) => test(mark) && cells.add(`${x},${r}`)));
  return cells;
}

/** The outline of a set of cells ("x,r"): the edges with no neighbour in the set. */
function outline(cells) {
  const parts = [];
  for (const key of cells) {
    const [x, r] = key.split(",").map(Number);
    const left = MARGIN + x * CELL;
    const top = MARGIN + r * CELL;
    if (!cells.has(`${x},${r - 1}`)) parts.push(`M${left},${top}h${CELL}`);
    if (!cells.has(`${x},${r + 1}`)) parts.push(`M${left},${top + CELL}h${CELL}`);
    if (!cells.has(`${x - 1},${r}`)) parts.push(`M${left},${top}v${CELL}`);
    if (!cells.has(`${x + 1},${r}`)) parts.push(`M${left + CELL},${top}v${CELL}`);
  }
  return parts.join("");
}
