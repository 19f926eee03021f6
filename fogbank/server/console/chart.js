// The plotting table: the chart drawn as SVG, with the umpire's layers or one seat's picture.
// Everything is built with DOM calls and textContent, never from strings of markup: vessel
// names and the like come from the game and are shown, never parsed.

const SVG = "http://www.w3.org/2000/svg";
export const CELL = 22;
const MARGIN = 24;

// Drift arrows are written with numpad digits on the chart (fogbank/rules/dardanelles/chart.py).
const NUMPAD = { 8: [0, -1], 9: [1, -1], 6: [1, 0], 3: [1, 1], 2: [0, 1], 1: [-1, 1], 4: [-1, 0], 7: [-1, -1] };
const COURSE_WORDS = { 8: "N", 9: "NE", 6: "E", 3: "SE", 2: "S", 1: "SW", 4: "W", 7: "NW" };

export const LAYERS = [
  ["tidal", "Tidal limit and drift"],
  ["searchlight", "Searchlight area"],
  ["batteries", "Shore-battery range"],
  ["minefields", "Minefields"],
  ["vessels", "Vessels"],
  ["track", "True track"],
  ["plotted", "Plotted track (dead reckoning)"],
  ["zones", "Zones (outside, Marmara)"],
  ["places", "Place names"],
];

function el(tag, attributes = {}, text = null) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== null) node.textContent = text;
  return node;
}

function title(node, text) {
  node.appendChild(el("title", {}, text));
  return node;
}

export function columnName(x) {
  return String.fromCharCode(65 + x);
}

/** "K7" -> {x: 10, r: rows - 7} (r counts from the north edge, as the terrain lines do). */
export function parseSquare(name, rows) {
  const match = /^([A-Z])(\d+)$/.exec(String(name || "").toUpperCase());
  if (!match) return null;
  return { x: match[1].charCodeAt(0) - 65, r: rows - Number(match[2]) };
}

export function squareName(x, r, rows) {
  return `${columnName(x)}${rows - r}`;
}

function centre({ x, r }) {
  return [MARGIN + x * CELL + CELL / 2, MARGIN + r * CELL + CELL / 2];
}

/** The outline of a set of cells (keys "x,r"): the edges with no neighbour in the set. */
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

function cellsMarked(drawing, test) {
  const cells = new Set();
  drawing.forEach((line, r) => [...line].forEach((mark, x) => test(mark) && cells.add(`${x},${r}`)));
  return cells;
}

function area(cells, className, label) {
  const g = el("g", { class: className, "data-layer": className });
  const fill = [...cells]
    .map((key) => {
      const [x, r] = key.split(",").map(Number);
      return `M${MARGIN + x * CELL},${MARGIN + r * CELL}h${CELL}v${CELL}h${-CELL}z`;
    })
    .join("");
  g.appendChild(title(el("path", { class: "area-fill", d: fill }), label));
  g.appendChild(el("path", { class: "area-edge", d: outline(cells) }));
  return g;
}

/**
 * Draw `chart` into `svg`. `picture` is either
 *   {mode: "umpire", view, layers}       the truth (UmpireView) with the chart's overlays, or
 *   {mode: "seat", seat, view}           only what the seat's own view holds.
 */
export function drawChart(svg, chart, picture) {
  const { columns, rows, terrain } = chart;
  const width = columns * CELL + 2 * MARGIN;
  const height = rows * CELL + 2 * MARGIN;
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("data-mode", picture.mode);

  const defs = el("defs");
  const arrow = el("marker", { id: "drift-head", viewBox: "0 0 6 6", refX: 5, refY: 3, markerWidth: 5, markerHeight: 5, orient: "auto" });
  arrow.appendChild(el("path", { d: "M0,0L6,3L0,6z", class: "drift-head" }));
  defs.appendChild(arrow);
  svg.appendChild(defs);

  // Sea, then land in runs along each row, then the coastline and the grid.
  svg.appendChild(el("rect", { class: "sea", x: MARGIN, y: MARGIN, width: columns * CELL, height: rows * CELL }));
  const land = el("g", { class: "land" });
  terrain.forEach((line, r) => {
    for (const match of line.matchAll(/#+/g)) {
      land.appendChild(el("rect", { x: MARGIN + match.index * CELL, y: MARGIN + r * CELL, width: match[0].length * CELL, height: CELL }));
    }
  });
  svg.appendChild(land);
  const grid = [];
  for (let x = 0; x <= columns; x++) grid.push(`M${MARGIN + x * CELL},${MARGIN}v${rows * CELL}`);
  for (let r = 0; r <= rows; r++) grid.push(`M${MARGIN},${MARGIN + r * CELL}h${columns * CELL}`);
  svg.appendChild(el("path", { class: "grid", d: grid.join("") }));
  svg.appendChild(el("path", { class: "coast", d: outline(cellsMarked(terrain, (m) => m === "#")) }));
  svg.appendChild(el("rect", { class: "frame", x: MARGIN, y: MARGIN, width: columns * CELL, height: rows * CELL }));

  const labels = el("g", { class: "grid-labels" });
  for (let x = 0; x < columns; x++) {
    const cx = MARGIN + x * CELL + CELL / 2;
    labels.appendChild(el("text", { x: cx, y: MARGIN - 8 }, columnName(x)));
    labels.appendChild(el("text", { x: cx, y: height - MARGIN + 16 }, columnName(x)));
  }
  for (let r = 0; r < rows; r++) {
    const cy = MARGIN + r * CELL + CELL / 2 + 4;
    labels.appendChild(el("text", { x: MARGIN / 2, y: cy }, String(rows - r)));
    labels.appendChild(el("text", { x: width - MARGIN / 2, y: cy }, String(rows - r)));
  }
  svg.appendChild(labels);

  if (picture.mode === "umpire") drawUmpire(svg, chart, picture);
  else drawSeat(svg, chart, picture);
}

function drawUmpire(svg, chart, { view, layers }) {
  const { rows } = chart;
  const overlays = chart.overlays || {};
  const on = (name) => layers[name] !== false;

  if (on("zones") && overlays.zones) {
    svg.appendChild(area(cellsMarked(overlays.zones, (m) => m === "X"), "zone-outside", "Outside the Straits"));
    svg.appendChild(area(cellsMarked(overlays.zones, (m) => m === "M"), "zone-marmara", "Sea of Marmara"));
  }
  if (on("batteries") && overlays.batteries) {
    svg.appendChild(area(cellsMarked(overlays.batteries, (m) => m === "B"), "batteries", "Within range of the shore batteries"));
  }
  if (on("searchlight") && overlays.searchlight) {
    svg.appendChild(area(cellsMarked(overlays.searchlight, (m) => m === "S"), "searchlight", "Swept by the searchlights at night"));
  }
  if (on("tidal") && overlays.tidal) {
    const tidal = cellsMarked(overlays.tidal, (m) => m in NUMPAD);
    const g = area(tidal, "tidal", "Inside the tidal limit");
    overlays.tidal.forEach((line, r) =>
      [...line].forEach((mark, x) => {
        if (!(mark in NUMPAD)) return;
        const [cx, cy] = centre({ x, r });
        const [dx, dy] = NUMPAD[mark];
        const k = (CELL * 0.32) / Math.hypot(dx, dy);
        g.appendChild(
          title(
            el("line", { class: "drift", x1: cx - dx * k, y1: cy - dy * k, x2: cx + dx * k, y2: cy + dy * k, "marker-end": "url(#drift-head)" }),
            `${squareName(x, r, rows)}: the surface stream sets ${COURSE_WORDS[mark]}`,
          ),
        );
      }),
    );
    svg.appendChild(g);
  }
  if (on("places")) drawPlaces(svg, chart);
  if (!view) return;

  if (on("minefields")) {
    const g = el("g", { class: "minefields", "data-layer": "minefields" });
    for (const [name, count] of Object.entries(view.minefields || {})) {
      const square = parseSquare(name, rows);
      if (!square) continue;
      const left = MARGIN + square.x * CELL;
      const top = MARGIN + square.r * CELL;
      const mine = el("g", { class: "minefield", "data-square": name, "data-rows": count });
      mine.appendChild(el("rect", { x: left + 1.5, y: top + 1.5, width: CELL - 3, height: CELL - 3, rx: 2 }));
      for (let i = 0; i < count; i++) {
        const y = top + CELL / 2 + (i - (count - 1) / 2) * 5;
        mine.appendChild(el("line", { x1: left + 5, x2: left + CELL - 5, y1: y, y2: y }));
      }
      g.appendChild(title(mine, `Minefield at ${name}: ${count} row${count === 1 ? "" : "s"}`));
    }
    svg.appendChild(g);
  }
  if (on("plotted")) drawTrack(svg, rows, view.plotted_track || [], "plotted-track", "Track the crew believes (dead reckoning)");
  if (on("track")) drawTrack(svg, rows, view.track || [], "true-track", "The boat's true track");
  if (on("vessels")) {
    const g = el("g", { class: "vessels", "data-layer": "vessels" });
    for (const vessel of view.vessels || []) {
      const square = parseSquare(vessel.square, rows);
      if (!square) continue;
      const [cx, cy] = centre(square);
      const mark = el("g", { class: `vessel vessel-${vessel.type}${vessel.sunk ? " sunk" : ""}`, "data-number": vessel.number });
      mark.appendChild(el("rect", { x: cx - 8.5, y: cy - 7.5, width: 17, height: 15, rx: vessel.type === "battleship" ? 1 : 7.5 }));
      mark.appendChild(el("text", { x: cx, y: cy + 4 }, String(vessel.number)));
      if (vessel.sunk) mark.appendChild(el("path", { class: "strike", d: `M${cx - 9},${cy + 8}L${cx + 9},${cy - 8}` }));
      const named = vessel.name ? ` ${vessel.name}` : "";
      g.appendChild(title(mark, `Vessel ${vessel.number}: ${vessel.type.replace("_", " ")}${named} at ${vessel.square}${vessel.sunk ? " (sunk)" : ""}`));
    }
    svg.appendChild(g);
  }
  if (on("plotted") && view.plotted_track?.length) {
    const square = parseSquare(view.plotted_track.at(-1), rows);
    const [cx, cy] = centre(square);
    svg.appendChild(title(el("circle", { class: "boat-plotted", cx, cy, r: 6.5 }), `Where the crew believes they are: ${view.plotted_track.at(-1)}`));
  }
  const boat = view.boat;
  if (boat) {
    const square = parseSquare(boat.square, rows);
    const [cx, cy] = centre(square);
    const mark = el("g", { class: `boat-true${boat.afloat ? "" : " lost"}`, "data-square": boat.square });
    mark.appendChild(el("ellipse", { cx, cy, rx: 9, ry: 4.5 }));
    mark.appendChild(el("rect", { x: cx - 2, y: cy - 7.5, width: 4, height: 4 }));
    svg.appendChild(title(mark, `${boat.name} at ${boat.square}, ${boat.level}`));
  }
}

function drawSeat(svg, chart, { view }) {
  if (!view) return;
  const { rows } = chart;
  const track = view.track || [];
  drawTrack(svg, rows, track, "plotted-track", "Your dead-reckoning track");
  const here = parseSquare(view.plotted, rows);
  if (!here) return;
  const [cx, cy] = centre(here);
  // Contacts of the last turn, plotted as the crew would: bearings from where they think they are.
  const g = el("g", { class: "seat-contacts" });
  for (const contact of (view.contacts || []).filter((c) => c.turn === view.turn - 1)) {
    const reach = (contact.distance ?? 3) * CELL;
    const radians = (contact.bearing * Math.PI) / 180;
    const x2 = cx + Math.sin(radians) * reach;
    const y2 = cy - Math.cos(radians) * reach;
    g.appendChild(el("line", { class: `bearing ${contact.fidelity}`, x1: cx, y1: cy, x2, y2 }));
    g.appendChild(el("text", { class: "contact-label", x: x2 + 3, y: y2 - 3 }, `c${contact.number}`));
  }
  svg.appendChild(g);
  svg.appendChild(title(el("circle", { class: "boat-plotted", cx, cy, r: 6.5 }), `Plotted position ${view.plotted}`));
}

function drawPlaces(svg, chart) {
  const g = el("g", { class: "places" });
  for (const place of chart.places || []) {
    const square = parseSquare(place.square, chart.rows);
    if (!square) continue;
    const [cx, cy] = centre(square);
    g.appendChild(el("text", { class: `place place-${place.side}`, x: cx, y: cy + 3 }, place.name));
  }
  svg.appendChild(g);
}

function drawTrack(svg, rows, squares, className, label) {
  const points = squares.map((name) => parseSquare(name, rows)).filter(Boolean).map(centre);
  if (!points.length) return;
  const g = el("g", { class: className, "data-layer": className });
  g.appendChild(title(el("polyline", { points: points.map((p) => p.join(",")).join(" ") }), label));
  for (const [cx, cy] of points) g.appendChild(el("circle", { cx, cy, r: 2 }));
  svg.appendChild(g);
}

/** The square under a mouse event on the chart, or null. */
export function squareAt(svg, chart, event) {
  const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(svg.getScreenCTM().inverse());
  const x = Math.floor((point.x - MARGIN) / CELL);
  const r = Math.floor((point.y - MARGIN) / CELL);
  if (x < 0 || r < 0 || x >= chart.columns || r >= chart.rows) return null;
  return { x, r, name: squareName(x, r, chart.rows), sea: chart.terrain[r][x] !== "#" };
}
