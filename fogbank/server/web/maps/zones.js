// A zone map drawn as a schematic: each zone a labelled node at its (x, y), borders as lines
// between them. The geometry of operational games whose sea is cut into zones, not squares. It
// gives a ruleset's layers the same tools as squares.js where they make sense (`layer`, `centre`,
// `size`, `placeAt`, `near`), and `zoneAt` for a zone's data.
//
// The chart, as a ruleset sends it in `welcome`: {zones: {id: {name, kind, base, side, x, y,
// adjacent}}}. `kind` "sea" or "coastal"; `base` "major" or "minor" (held by `side`) or null.

import { s, titled } from "../dom.js";

const STEP = 84; // one unit of x or y, in the drawing's units
const MARGIN = 60;
const RADIUS = 20;

export function createMap(svg, chart) {
  return new ZoneMap(svg, chart);
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
      nodes.appendChild(titled(node, `${zone.name}${zone.base ? ` (${zone.base} base, ${zone.side})` : ""}`));
    }
    svg.appendChild(nodes);
  }

  /** Every zone's name, under its node. */
  drawPlaces() {
    const g = this.layer("places");
    for (const [id, zone] of Object.entries(this.zones)) {
      const [cx, cy] = this.centre(id);
      g.appendChild(s("text", { class: "place", "data-zone": id, x: cx, y: cy + RADIUS + 13, "text-anchor": "middle", "font-size": 11 }, zone.name));
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
    const angle = -Math.PI / 2 + index * (Math.PI / 4);
    const x = at[0] + Math.cos(angle) * (RADIUS + 10);
    const y = at[1] + Math.sin(angle) * (RADIUS + 10);
    const g = s("g", { class: className, "data-zone": id });
    g.appendChild(s("rect", { x: x - 11, y: y - 8, width: 22, height: 16, rx: 3, fill, stroke }));
    g.appendChild(s("text", { x, y: y + 4, "text-anchor": "middle", "font-size": 10 }, text));
    parent.appendChild(titled(g, label));
    return g;
  }

  /** A line through zones (a plotted path), with a tooltip. */
  path(parent, ids, { label, stroke = "#b7791f", dash = "6 3", className = "zone-path" }) {
    const points = ids.map((id) => this.centre(id)).filter(Boolean);
    if (points.length < 2) return null;
    const line = s("polyline", { class: className, points: points.map((p) => p.join(",")).join(" "), fill: "none", stroke, "stroke-width": 3, "stroke-dasharray": dash });
    parent.appendChild(titled(line, label));
    return line;
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
