// The Dardanelles on the umpire's chart: the chart's overlays (zones, shore batteries,
// searchlights, the tidal stream), then the truth from the umpire's view (minefields, the true
// and the plotted track, vessels, the boat); and what the crew's own view puts on their chart.
// Drawn on a map of squares (the console's maps/squares.js) with its tools.

import { paint, s, titled } from "/web/dom.js";

// The tidal overlay writes each square's stream as a numpad digit (fogbank/rules/dardanelles/chart.py).
const NUMPAD = { 8: [0, -1], 9: [1, -1], 6: [1, 0], 3: [1, 1], 2: [0, 1], 1: [-1, 1], 4: [-1, 0], 7: [-1, -1] };
export const COURSE_WORDS = { 8: "N", 9: "NE", 6: "E", 3: "SE", 2: "S", 1: "SW", 4: "W", 7: "NW" };

const RED = "#b3261e";
const NAVY = "#1f3b73";
const TEAL = "#16707a";
const MINE = "#6e141e";
const MONO = "ui-monospace, DejaVu Sans Mono, Menlo, monospace";

// How each thing is drawn (SVG presentation attributes: the console's CSP allows no stylesheet
// of a ruleset's own, and needs none).
const LOOKS = {
  outside: { fill: { fill: "rgba(31, 59, 115, 0.07)" }, edge: { stroke: "rgba(31, 59, 115, 0.3)", dash: "2 3" } },
  marmara: { fill: { fill: "rgba(22, 112, 122, 0.08)" }, edge: { stroke: "rgba(31, 59, 115, 0.3)", dash: "2 3" } },
  batteries: { fill: { fill: "rgba(196, 64, 40, 0.13)" }, edge: { stroke: RED, width: 1.2, dash: "5 3" } },
  searchlight: { fill: { fill: "rgba(255, 214, 64, 0.32)" }, edge: { stroke: "#d99e0b", width: 1 } },
  tidal: { fill: { fill: "none" }, edge: { stroke: TEAL, width: 1.6, dash: "6 3" } },
  drift: { stroke: TEAL, width: 1.1 },
  minefield: { fill: "rgba(110, 20, 30, 0.22)", stroke: MINE, width: 1 },
  mineRow: { stroke: MINE, width: 1.6 },
  track: { stroke: RED, width: 2.2 },
  plotted: { stroke: NAVY, width: 2, dash: "5 3" },
  plottedBoat: { fill: "rgba(255, 255, 255, 0.6)", stroke: NAVY, width: 2 },
  vessel: { fill: "#fff", stroke: "#333", width: 1.2 },
  battleship: { fill: "#fff", stroke: RED, width: 1.8 },
  sunk: { fill: "#bfbfbf", stroke: "#777", width: 1.2 },
  vesselNumber: { font: MONO, size: 9, weight: "bold", anchor: "middle", fill: "#222" },
  boat: { fill: "#111", stroke: "#fff", width: 0.8 },
  bearing: { stroke: TEAL, width: 1.4, dash: "3 2" },
  contact: { font: MONO, size: 9, fill: TEAL },
  battery: { fill: { fill: "rgba(40, 160, 90, 0.08)" }, edge: { stroke: "#17753a", width: 2.6, opacity: 0.85 } },
};

function region(overlay, mark, label, look) {
  return (map, group) => map.area(group, map.marked(overlay, (m) => m === mark), label, look);
}

function drawTidal(map, group) {
  map.area(group, map.marked("tidal", (m) => m in NUMPAD), "Inside the tidal limit", LOOKS.tidal);
  const reach = map.size * 0.32;
  map.eachMark("tidal", (mark, name) => {
    if (!(mark in NUMPAD)) return;
    const [cx, cy] = map.centre(name);
    const [dx, dy] = NUMPAD[mark];
    const k = reach / Math.hypot(dx, dy);
    const arrow = map.arrow(group, [cx - dx * k, cy - dy * k], [cx + dx * k, cy + dy * k], {
      label: `${name}: the surface stream sets ${COURSE_WORDS[mark]}`,
      look: LOOKS.drift,
    });
    arrow.classList.add("drift");
  });
}

function drawMinefields(map, group, view) {
  for (const [name, rows] of Object.entries(view?.minefields || {})) {
    const box = map.box(name);
    if (!box) continue;
    const { x, y, size } = box;
    const mine = group.appendChild(s("g", { class: "minefield", "data-square": name, "data-rows": rows }));
    mine.appendChild(paint(s("rect", { x: x + 1.5, y: y + 1.5, width: size - 3, height: size - 3, rx: 2 }), LOOKS.minefield));
    for (let i = 0; i < rows; i++) {
      const at = y + size / 2 + (i - (rows - 1) / 2) * 5;
      mine.appendChild(paint(s("line", { x1: x + 5, x2: x + size - 5, y1: at, y2: at }), LOOKS.mineRow));
    }
    titled(mine, `Minefield at ${name}: ${rows} row${rows === 1 ? "" : "s"}`);
  }
}

function plottedBoat(map, group, square, label) {
  const at = map.centre(square);
  if (at) group.appendChild(titled(paint(s("circle", { class: "boat-plotted", cx: at[0], cy: at[1], r: 6.5 }), LOOKS.plottedBoat), label));
}

function drawPlotted(map, group, view) {
  const track = view?.plotted_track || [];
  map.track(group, track, { className: "plotted-track", label: "Track the crew believes (dead reckoning)", look: LOOKS.plotted });
  if (track.length) plottedBoat(map, group, track.at(-1), `Where the crew believes they are: ${track.at(-1)}`);
}

function drawVessels(map, group, view) {
  for (const vessel of view?.vessels || []) {
    const at = map.centre(vessel.square);
    if (!at) continue;
    const [cx, cy] = at;
    const mark = group.appendChild(s("g", { class: `vessel vessel-${vessel.type}${vessel.sunk ? " sunk" : ""}`, "data-number": vessel.number }));
    const look = vessel.sunk ? LOOKS.sunk : vessel.type === "battleship" ? LOOKS.battleship : LOOKS.vessel;
    mark.appendChild(paint(s("rect", { x: cx - 8.5, y: cy - 7.5, width: 17, height: 15, rx: vessel.type === "battleship" ? 1 : 7.5 }), look));
    mark.appendChild(paint(s("text", { x: cx, y: cy + 3.5 }, String(vessel.number)), { ...LOOKS.vesselNumber, fill: vessel.sunk ? "#555" : "#222" }));
    if (vessel.sunk) mark.appendChild(paint(s("path", { d: `M${cx - 9},${cy + 8}L${cx + 9},${cy - 8}` }), { stroke: RED, width: 1.8 }));
    const named = vessel.name ? ` ${vessel.name}` : "";
    titled(mark, `Vessel ${vessel.number}: ${vessel.type.replace("_", " ")}${named} at ${vessel.square}${vessel.sunk ? " (sunk)" : ""}`);
  }
}

/** The sea squares the boat could reach underwater on the battery she has left (a square of
 * charge a square, any of the eight courses), whatever the hours it would take. */
export function batteryReach(map, from, battery) {
  const start = map.cell(from);
  if (!start) return new Set();
  const { terrain, columns, rows } = map.chart;
  const sea = (x, r) => x >= 0 && r >= 0 && x < columns && r < rows && terrain[r][x] !== "#";
  const reached = new Map([[`${start.x},${start.r}`, 0]]);
  let edge = [start];
  for (let step = 1; step <= battery && edge.length; step++) {
    const next = [];
    for (const { x, r } of edge) {
      for (const [dx, dr] of Object.values(NUMPAD)) {
        const key = `${x + dx},${r + dr}`;
        if (!reached.has(key) && sea(x + dx, r + dr)) {
          reached.set(key, step);
          next.push({ x: x + dx, r: r + dr });
        }
      }
    }
    edge = next;
  }
  return new Set([...reached.keys()].map((key) => map.nameOf(...key.split(",").map(Number))));
}

function drawBattery(map, group, view) {
  const boat = view?.boat;
  if (!boat?.afloat) return;
  const words = `Battery range: the squares ${boat.name} can reach underwater on ${boat.battery} squares of charge`;
  map.area(group, batteryReach(map, boat.square, boat.battery), words, LOOKS.battery);
}

function drawBoat(map, group, view) {
  const boat = view?.boat;
  const at = boat && map.centre(boat.square);
  if (!at) return;
  const [cx, cy] = at;
  const mark = group.appendChild(s("g", { class: `boat-true${boat.afloat ? "" : " lost"}`, "data-square": boat.square }));
  mark.appendChild(paint(s("ellipse", { cx, cy, rx: 9, ry: 4.5 }), { ...LOOKS.boat, fill: boat.afloat ? "#111" : RED }));
  mark.appendChild(paint(s("rect", { x: cx - 2, y: cy - 7.5, width: 4, height: 4 }), LOOKS.boat));
  titled(mark, `${boat.name} at ${boat.square}, ${boat.level}${boat.afloat ? "" : " (lost)"}`);
}

/** The umpire's layers, bottom first. */
export const layers = [
  {
    name: "zones",
    label: "Zones (outside, Marmara)",
    on: false,
    key: { shape: "area", look: { ...LOOKS.marmara.fill, ...LOOKS.marmara.edge } },
    draw(map, group) {
      region("zones", "X", "Outside the Straits", LOOKS.outside)(map, group);
      region("zones", "M", "Sea of Marmara", LOOKS.marmara)(map, group);
    },
  },
  { name: "batteries", label: "Shore-battery range", key: { shape: "area", look: { ...LOOKS.batteries.fill, ...LOOKS.batteries.edge } }, draw: region("batteries", "B", "Within range of the shore batteries", LOOKS.batteries) },
  { name: "searchlight", label: "Searchlight area", key: { shape: "area", look: { ...LOOKS.searchlight.fill, ...LOOKS.searchlight.edge } }, draw: region("searchlight", "S", "Swept by the searchlights at night", LOOKS.searchlight) },
  { name: "tidal", label: "Tidal limit and drift", key: { shape: "area", look: { fill: "none", ...LOOKS.tidal.edge } }, draw: drawTidal },
  { name: "minefields", label: "Minefields (bars: rows)", key: { shape: "area", look: LOOKS.minefield }, draw: drawMinefields },
  { name: "battery", label: "Battery range underwater", key: { shape: "area", look: { ...LOOKS.battery.fill, ...LOOKS.battery.edge } }, draw: drawBattery },
  { name: "plotted", label: "Plotted track (dead reckoning)", key: { shape: "line", look: LOOKS.plotted }, draw: drawPlotted },
  { name: "track", label: "True track", key: { shape: "line", look: LOOKS.track }, draw: (map, group, view) => map.track(group, view?.track || [], { className: "true-track", label: "The boat's true track", look: LOOKS.track }) },
  { name: "vessels", label: "Vessels", key: { shape: "mark", look: LOOKS.vessel }, draw: drawVessels },
  { name: "boat", label: "The boat", key: { shape: "mark", look: LOOKS.boat }, draw: drawBoat },
];

/** The crew's own chart: their dead-reckoning track, and last turn's contacts plotted as they
 * would plot them, as bearings from where they believe they are. */
export function drawSeat(map, group, view) {
  if (!view) return;
  map.track(group, view.track || [], { className: "plotted-track", label: "Your dead-reckoning track", look: LOOKS.plotted });
  const here = map.centre(view.plotted);
  if (!here) return;
  const contacts = group.appendChild(s("g", { class: "seat-contacts" }));
  for (const contact of (view.contacts || []).filter((c) => c.turn === view.turn - 1)) {
    const [x2, y2] = map.toward(here, contact.bearing, contact.distance ?? 3);
    contacts.appendChild(paint(s("line", { class: `bearing ${contact.fidelity}`, x1: here[0], y1: here[1], x2, y2 }), LOOKS.bearing));
    contacts.appendChild(paint(s("text", { class: "contact-label", x: x2 + 3, y: y2 - 3 }, `c${contact.number}`), LOOKS.contact));
  }
  plottedBoat(map, group, view.plotted, `Plotted position ${view.plotted}`);
}
