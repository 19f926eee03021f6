// Supremacy at Sea in the umpire's console: the table top as it truly stands (ships' models,
// their last moves, the main turrets' arcs, smoke lines, torpedo spreads), the ranges between
// enemies, and each seat's own picture. The views it reads are those of views.py; lengths are in
// tenths of an inch, y north. The console's shell (fogbank/server/console/ruleset.js) loads it.

import { h, paint, s, titled } from "/web/dom.js";
import { along, clearOf, flip, model, pointList as points, wedge } from "/web/maps/table.js";
import { override } from "./override.js";
import { learnTitles, orderWords, phaseWords, titleOf } from "/web/rulesets/supremacy/words.js";

// A seat's debrief opens on the table as the action ended (who sank, the enemy's true damage),
// then steps back through it.
export const replayFrom = "end";

const SIDE_LOOK = { german: { stroke: "#3a3a3a", width: 6 }, british: { stroke: "#1f3b73", width: 6 } };
const LOOKS = {
  grid: { stroke: "rgba(31, 59, 115, 0.12)", width: 1 },
  path: { fill: "none", stroke: "#16707a", width: 2, dash: "6 4" },
  smoke: { fill: "none", stroke: "rgba(110, 110, 110, 0.55)", width: 10, join: "round", cap: "round" },
  arc: { fill: "rgba(179, 38, 30, 0.04)", stroke: "rgba(179, 38, 30, 0.25)", width: 1 },
  spread: { stroke: "#b3261e", width: 3 },
  funnel: { fill: "#b3261e" },
  sunk: { stroke: "#999", width: 6, dash: "4 3" },
  label: { font: "ui-monospace, DejaVu Sans Mono, monospace", size: 22, fill: "#222" },
};
const ARC_REACH = 150; // tenths: the arcs are drawn 15 inches out, enough to read them
const MILE = 60;

const inches = (tenths) => (tenths / 10).toFixed(1);
/** The ships' titles, from the chart: every order is read in words, before any view is drawn. */
export function learn(welcome) {
  learnTitles(welcome);
}

function bounds(view) {
  const all = view.ships.flatMap((ship) => [ship.at, ...(ship.path || [])]).concat(
    (view.smoke || []).flat(), (view.spreads || []).map((t) => t.at));
  const xs = all.map((p) => p[0]);
  const ys = all.map((p) => -p[1]);
  const margin = ARC_REACH + 40;
  return [Math.min(...xs) - margin, Math.min(...ys) - margin, Math.max(...xs) - Math.min(...xs) + 2 * margin,
    Math.max(...ys) - Math.min(...ys) + 2 * margin];
}

/** The table as it truly stands, drawn to scale (a grid square is a nautical mile). */
function table(view) {
  const [x, y, width, height] = bounds(view);
  const svg = s("svg", { class: "table", viewBox: `${x} ${y} ${width} ${height}`, width: "100%", role: "img",
    "aria-label": "The table top" });
  for (let gx = Math.ceil(x / MILE) * MILE; gx < x + width; gx += MILE) svg.appendChild(paint(s("line", { x1: gx, x2: gx, y1: y, y2: y + height }), LOOKS.grid));
  for (let gy = Math.ceil(y / MILE) * MILE; gy < y + height; gy += MILE) svg.appendChild(paint(s("line", { y1: gy, y2: gy, x1: x, x2: x + width }), LOOKS.grid));
  for (const line of view.smoke || []) svg.appendChild(titled(paint(s("polyline", { class: "smoke", points: points(line) }), LOOKS.smoke), "Smoke"));
  for (const ship of view.ships) {
    if (ship.sunk) continue;
    for (const mount of ship.mounts.filter((m) => m.battery === "mains" && !m.out)) {
      const [from, to] = ship.arcs[mount.name];
      const arc = paint(s("path", { class: "arc", d: wedge(ship.at, ship.course + from, ship.course + to, ARC_REACH) }), LOOKS.arc);
      svg.appendChild(titled(arc, `${ship.title} turret ${mount.name}: ${from}° to ${to}° relative`));
    }
  }
  const placed = []; // the names written so far, so that none covers another
  for (const ship of view.ships) {
    if (ship.path?.length > 1) svg.appendChild(paint(s("polyline", { class: "path", points: points(ship.path) }), LOOKS.path));
    const mark = model(svg, ship, { className: `ship${ship.sunk ? " sunk" : ""}`, look: ship.sunk ? LOOKS.sunk : SIDE_LOOK[ship.side], dot: LOOKS.funnel });
    mark.setAttribute("data-ship", ship.name);
    const [fx, fy] = flip(ship.at);
    const box = clearOf(placed, { x: fx + 12, y: fy - 10, width: 0.62 * LOOKS.label.size * ship.title.length, height: 1.15 * LOOKS.label.size });
    mark.appendChild(paint(s("text", { x: box.x, y: box.y }, ship.title), LOOKS.label));
    titled(mark, `${ship.title}: course ${String(ship.course).padStart(3, "0")}, ${ship.speed} knots, ${ship.damage}/${ship.points} points${ship.sunk ? ", sunk" : ""}`);
  }
  for (const spread of view.spreads || []) {
    const left = flip(along(spread.at, spread.course - 90, spread.spread === "fan" ? 20 : 10));
    const right = flip(along(spread.at, spread.course + 90, spread.spread === "fan" ? 20 : 10));
    svg.appendChild(titled(paint(s("line", { class: "spread", x1: left[0], y1: left[1], x2: right[0], y2: right[1] }), LOOKS.spread),
      `Torpedoes from ${titleOf(spread.ship)}: course ${spread.course}, ${inches(spread.run_left)} inches to run`));
  }
  return svg;
}

function ranges(view) {
  const afloat = view.ships.filter((ship) => !ship.sunk);
  const rows = [];
  for (const a of afloat) {
    for (const b of afloat) {
      if (a.side >= b.side) continue;
      const tenths = Math.hypot(a.at[0] - b.at[0], a.at[1] - b.at[1]);
      rows.push(h("tr", {}, h("td", {}, `${a.title} – ${b.title}`), h("td", { class: "num" }, `${inches(tenths)}″`),
        h("td", { class: "num muted" }, `${(tenths / MILE).toFixed(1)} nm`)));
    }
  }
  return h("table", { class: "ranges" }, h("tbody", {}, rows));
}

export function clock(view) {
  return view?.time ? `${view.time.slice(11, 16)} · ${phaseWords(view.phase)}` : "";
}

export function truth(view) {
  learnTitles(view);
  const ships = view.ships.map((ship) => h("li", { class: ship.sunk ? "struck" : null, "data-ship": ship.name },
    h("b", {}, ship.title), ` ${ship.damage}/${ship.points} pts · ${ship.speed} kn (top ${ship.top_speed})${ship.aground ? " · AGROUND" : ""}`,
    ship.mounts.filter((m) => m.out).length ? ` · out: ${ship.mounts.filter((m) => m.out).map((m) => m.name).join(", ")}` : ""));
  return [h("h2", {}, "The table, the truth"), table(view), h("h3", {}, "Ranges"), ranges(view),
    h("h3", {}, "Ships"), h("ul", { class: "inline-list ships-list" }, ships)];
}

export const columns = [
  { name: "damage", heading: "Damage", cell: (row) => ({ text: (row.view?.ships || []).map((s) => `${s.title} ${s.damage}`).join(" · "), class: "small" }) },
];

export { orderWords as order };

export function seatPanel(seat, view) {
  if (!view) return h("p", { class: "muted" }, "Loading…");
  const own = view.ships.map((ship) => h("li", {}, `${ship.title}: ${ship.damage}/${ship.points} pts, ${ship.speed} kn, course ${ship.course}`));
  const titles = Object.fromEntries(view.ships.map((ship) => [ship.name, ship.title]));
  const seen = view.contacts.map((c) => h("li", {}, `${c.title}, course ${String(c.course).padStart(3, "0")}: ` +
    c.sightings.map((s) => `from ${titles[s.by] ?? s.by} bearing ${String(s.bearing).padStart(3, "0")}, ${s.exact ? "" : "about "}${inches(s.range)} in`).join("; ")));
  return [h("h2", {}, `${seat}: the captain's picture`), h("ul", {}, own), h("h3", {}, "In sight"),
    seen.length ? h("ul", { class: "contacts" }, seen) : h("p", { class: "muted" }, "Nothing in sight.")];
}

export function seatSummary(view) {
  const reports = (view.reports || []).map((r) => h("li", {}, r.text));
  return [h("div", { class: "gauges-line" }, `${clock(view)} · ${view.contacts.length} in sight`),
    reports.length ? h("ul", { class: "reports" }, reports) : h("div", { class: "muted" }, "No reports.")];
}

export { override };
