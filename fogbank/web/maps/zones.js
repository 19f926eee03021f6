// A zone map drawn as a schematic: each zone a labelled node at its (x, y), borders as lines
// between them. The geometry of operational games whose sea is cut into zones, not squares. It
// gives a ruleset's layers the same tools as squares.js where they make sense (`layer`, `centre`,
// `size`, `placeAt`, `near`), and `zoneAt` for a zone's data.
//
// The chart, as a ruleset sends it in `welcome`: {zones: {id: {name, kind, base, side, x, y,
// adjacent}}, sides: {id: {title}}}. `kind` "sea" or "coastal"; `base` "major" or "minor" (held by
// `side`, named by its title) or null.

import { s, titled } from "../dom.js";

const STEP = 84; // one unit of x or y, in the drawing's units
const MARGIN = 76; // room for the names of the zones on the edge
const RADIUS = 20;
const NAME_PX = 12; // a zone's name on screen, in pixels, whatever the drawing's scale
// Markers go round a node clockwise from the top (eighths of a turn), below it last: the zone's name is there.
const SLOTS = [0, 1, 7, 2, 6, 3, 5, 4];
const LINE_CHARS = 16; // a zone's name wraps at this many characters a line

export function createMap(svg, chart) {
  return new ZoneMap(svg, chart);
}

/** A zone's name in short lines (words kept whole, a bracket starting a line of its own). */
function nameLines(name) {
  const lines = [];
  for (const word of String(name).split(" ")) {
    const last = lines[lines.length - 1];
    if (last !== undefined && !word.startsWith("(") && (last + " " + word).length <= LINE_CHARS) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** Where the line from `from` to `to` meets the rim of the node at `to`. */
function rim(from, to) {
  const [dx, dy] = [to[0] - from[0], to[1] - from[1]];
  const length = Math.hypot(dx, dy) || 1;
  const back = Math.min(length / 2, RADIUS + 3);
  return [to[0] - (dx / length) * back, to[1] - (dy / length) * back];
}

class ZoneMap {
  constructor(svg, chart) {
    this.svg = svg;
    this.chart = chart;
    this.zones = chart.zones || {};
    this.size = RADIUS * 2; // a zone's node, in the drawing's units
  }

  /** Clear the drawing and draw the zones: borders, then each zone's node and its name. */
  drawBase() {
    const svg = this.svg;
    const all = Object.values(this.zones);
    const width = Math.max(0, ...all.map((z) => z.x)) * STEP + 2 * MARGIN;
    const height = Math.max(0, ...all.map((z) => z.y)) * STEP + 2 * MARGIN;
    svg.replaceChildren();
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    svg.appendChild(s("rect", { class: "sea", x: 0, y: 0, width, height }));
    const borders = [];
    for (const [id, zone] of Object.entries(this.zones)) {
      for (const other of zone.adjacent || []) {
        if (id < other && this.zones[other]) {
          const [x1, y1] = this.centre(id);
          const [x2, y2] = this.centre(other);
          borders.push(`M${x1},${y1}L${x2},${y2}`);
        }
      }
    }
    svg.appendChild(s("path", { class: "zone-borders", d: borders.join(""), stroke: "#8aa4b8", "stroke-width": 1.5, fill: "none" }));
    const nodes = s("g", { class: "zones" });
    for (const [id, zone] of Object.entries(this.zones)) {
      const [cx, cy] = this.centre(id);
      const node = s("g", { class: "zone", "data-zone": id, "data-kind": zone.kind, "data-base": zone.base || "" });
      const fill = zone.kind === "sea" ? "#dbe9f4" : "#eadfc8";
      node.appendChild(s("circle", { cx, cy, r: RADIUS, fill, stroke: "#4a6378", "stroke-width": zone.base === "major" ? 3 : 1.2, "data-zone": id }));
      if (zone.base) {
        const mark = zone.base === "major" ? "★" : "●";
        node.appendChild(s("text", { x: cx, y: cy + 5, "text-anchor": "middle", "font-size": 14, "data-zone": id, "data-side": zone.side || "" }, mark));
      }
      // A base's holder by its side's title on the chart, where the chart gives one.
      const holder = this.chart.sides?.[zone.side]?.title ?? zone.side;
      nodes.appendChild(titled(node, `${zone.name}${zone.base ? ` (${zone.base} base, ${holder})` : ""}`));
    }
    svg.appendChild(nodes);
  }

  /** Every zone's name under its node, at a size read on screen (NAME_PX, however small the
   * drawing is scaled), wrapped to two lines, with a halo so a border line never cuts it. */
  drawPlaces() {
    const g = this.layer("zone-names"); // not "places": the shared style sets that layer's names at 8px
    const shown = this.svg.getBoundingClientRect().width;
    const drawn = this.svg.viewBox.baseVal?.width || shown || 1;
    const size = Math.min(24, Math.max(11, (NAME_PX * drawn) / (shown || drawn)));
    const all = Object.values(this.zones);
    for (const [id, zone] of Object.entries(this.zones)) {
      const [cx, cy] = this.centre(id);
      const lines = nameLines(zone.name);
      // A zone with a neighbour close on its right has its name on its left, where there is room.
      const crowded = all.some((o) => o.y === zone.y && o.x > zone.x && o.x - zone.x <= 1);
      const x = crowded ? cx - RADIUS - 4 : cx;
      const y = crowded ? cy + size / 3 - ((lines.length - 1) * size) / 2 : cy + RADIUS + size;
      const text = s("text", {
        class: "place", "data-zone": id, x, y, "text-anchor": crowded ? "end" : "middle", "font-size": size,
        "paint-order": "stroke", stroke: "#f4f8fb", "stroke-width": size / 4, "stroke-linejoin": "round", fill: "#1d3347",
      });
      lines.forEach((line, i) => text.appendChild(s("tspan", { x, dy: i ? size * 1.05 : 0 }, line)));
      g.appendChild(text);
    }
    return g;
  }

  /** A new group on top of the drawing, for one layer. */
  layer(name) {
    return this.svg.appendChild(s("g", { "data-layer": name }));
  }

  /** A zone's centre in the drawing, or null for no such zone. */
  centre(id) {
    const zone = this.zones[id];
    return zone ? [MARGIN + zone.x * STEP, MARGIN + zone.y * STEP] : null;
  }

  zoneAt(id) {
    return this.zones[id] ?? null;
  }

  /** A marker beside a zone's node, the `index`-th around it (fleets, tracks), with a tooltip. */
  marker(parent, id, index, { label, text, fill = "#fff", stroke = "#333", className = "marker" }) {
    const at = this.centre(id);
    if (!at) return null;
    const angle = -Math.PI / 2 + SLOTS[index % SLOTS.length] * (Math.PI / 4);
    const x = at[0] + Math.cos(angle) * (RADIUS + 10);
    const y = at[1] + Math.sin(angle) * (RADIUS + 10);
    const g = s("g", { class: className, "data-zone": id });
    g.appendChild(s("rect", { x: x - 11, y: y - 8, width: 22, height: 16, rx: 3, fill, stroke }));
    g.appendChild(s("text", { x, y: y + 4, "text-anchor": "middle", "font-size": 10 }, text));
    parent.appendChild(titled(g, label));
    return g;
  }

  /** A line through zones (a plotted path), with a tooltip; `arrow`: it ends in an arrowhead at
   * the last zone's rim (a move: where a fleet goes next). */
  path(parent, ids, { label, stroke = "#b7791f", dash = "6 3", className = "zone-path", arrow = false }) {
    const points = ids.map((id) => this.centre(id)).filter(Boolean);
    if (points.length < 2) return null;
    if (arrow) points[points.length - 1] = rim(points[points.length - 2], points[points.length - 1]);
    const line = s("polyline", { class: className, points: points.map((p) => p.join(",")).join(" "), fill: "none", stroke, "stroke-width": 3, "stroke-dasharray": dash });
    if (arrow) line.setAttribute("marker-end", `url(#${this.arrowHead(stroke)})`);
    parent.appendChild(titled(line, label));
    return line;
  }

  /** The id of an arrowhead marker of this colour, made once per drawing. */
  arrowHead(colour) {
    const id = `arrow-${colour.replace(/[^a-z0-9]/gi, "")}`;
    if (!this.svg.querySelector(`#${id}`)) {
      const defs = this.svg.querySelector("defs") ?? this.svg.insertBefore(s("defs"), this.svg.firstChild);
      const marker = s("marker", { id, viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse" });
      marker.appendChild(s("path", { d: "M0,0L10,5L0,10z", fill: colour }));
      defs.appendChild(marker);
    }
    return id;
  }

  /** The zone under a pointer event: {name: its id}, or null. */
  placeAt(event) {
    const id = event.target?.closest?.("[data-zone]")?.dataset.zone;
    return id ? { name: id, land: false } : null;
  }

  /** The neighbouring zone that lies most nearly the way an arrow key points, for a keyboard cursor. */
  near(id, key) {
    const zone = this.zones[id];
    if (!zone) {
      const first = Object.keys(this.zones)[0];
      return first ? { name: first, land: false } : null;
    }
    const [dx, dy] = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[key] || [0, 0];
    let best = null;
    let bestScore = 0;
    for (const other of zone.adjacent || []) {
      const o = this.zones[other];
      if (!o) continue;
      const vx = o.x - zone.x;
      const vy = o.y - zone.y;
      const score = (vx * dx + vy * dy) / Math.hypot(vx, vy);
      if (score > bestScore) [best, bestScore] = [other, score];
    }
    return best ? { name: best, land: false } : null;
  }
}
