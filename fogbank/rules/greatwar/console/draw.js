// Great War at Sea on a zone map: what the seat page and the umpire's console both draw. Fleets
// are markers beside their zone's node (the ship count on them), plots dashed arrows through
// zones, reports of the enemy grey markers with their age and, where told, a red arrow to the zone
// they go to next. And the words both pages use for a report and an order.

let NAMES = {};
let SIDES = {};
let FLEETS = {};

/** Learn the chart's zone names and side titles (the welcome's `chart`), for every word that names one. */
export function knowZones(chart) {
  if (chart?.zones) NAMES = Object.fromEntries(Object.entries(chart.zones).map(([id, zone]) => [id, zone.name]));
  if (chart?.sides) SIDES = Object.fromEntries(Object.entries(chart.sides).map(([id, side]) => [id, side.title ?? id]));
  if (chart?.fleets) FLEETS = { ...chart.fleets, ...FLEETS };
}

/** A side's title on the chart (its id until the chart is known). */
export function sideName(id) {
  return SIDES[id] ?? id;
}

/** A zone's name on the chart (its id until the chart is known). */
export function zoneName(id) {
  return NAMES[id] ?? id;
}

const SIDE_LOOK = { central: { fill: "#f3d9a4", stroke: "#7a5200" }, russia: { fill: "#c9dcf2", stroke: "#21466e" } };

/** A fleet's name, as the last fleets drawn had it (its id for a fleet never drawn). */
export function fleetName(id) {
  return FLEETS[id] ?? id;
}

/** Fleets as markers, their plotted paths as dashed lines; `draft` plots override the fleets'. */
export function drawFleets(map, group, fleets, draft = {}) {
  for (const fleet of fleets || []) FLEETS[fleet.id] = fleet.name;
  const count = {};
  for (const fleet of fleets || []) {
    const index = (count[fleet.zone] = (count[fleet.zone] ?? -1) + 1);
    const look = SIDE_LOOK[fleet.side] ?? SIDE_LOOK[fleet.seatSide] ?? { fill: "#fff", stroke: "#333" };
    const ships = (fleet.ships || []).map((ship) => ship.name).join(", ");
    const mark = map.marker(group, fleet.zone, index, { label: `${fleet.name} (${fleet.mission}, ${zoneName(fleet.zone)}): ${ships}`, text: String((fleet.ships || []).length), className: "fleet", ...look });
    mark?.setAttribute("data-fleet", fleet.id);
    const path = draft[fleet.id]?.path ?? fleet.path ?? [];
    if (path.length) map.path(group, [fleet.zone, ...path], { label: `${fleet.name}: ${path.map(zoneName).join(" → ")}`, stroke: look.stroke, arrow: true });
  }
}

/** The latest report of each track: where it was, how old, and the next zone if told. */
export function drawReports(map, group, view) {
  const latest = {};
  for (const report of view?.reports || []) latest[report.track ?? `${report.zone}`] = report;
  let index = 4;
  for (const report of Object.values(latest)) {
    const label = `Track ${report.track ?? "?"}: ${SOURCE[report.source] ?? report.source}, turn ${report.turn} (${ago(report.age ?? 0)})` +
      (report.ships ? ` — ${report.ships.join(", ")}` : "") + (report.next_zone ? `; next ${zoneName(report.next_zone)}` : "");
    map.marker(group, report.zone, index++, { label, text: `T${report.track ?? "?"}`, fill: "#e4e4e4", stroke: "#555", className: "report" });
    if (report.next_zone && report.next_zone !== report.zone) {
      map.path(group, [report.zone, report.next_zone], { label, stroke: "#a33", dash: "4 3", className: "next-zone", arrow: true });
    }
  }
}

/** How long ago, in turns, in words. */
export function ago(turns) {
  return turns ? `${turns} turn${turns > 1 ? "s" : ""} ago` : "this turn";
}

// How each report came, in a few words (docs/payloads.md, `source`).
const SOURCE = {
  contact: "sighted by our fleet",
  battle: "fought by our fleet",
  raider: "a raider placed near our base (ships unknown)",
  shore: "seen from the shore of our base (ships unknown)",
  aerial: "seen by our aircraft",
  neutral: "a neutral's report",
  bombardment: "bombarding our port",
  umpire: "reported",
};

/** A report in words, with its turn and age. */
export function reportWords(report) {
  const parts = [`Turn ${report.turn} (${ago(report.age)}) · track ${report.track ?? "?"} in ${zoneName(report.zone)} · ${SOURCE[report.source] ?? report.source}`];
  if (report.ships) parts.push(`ships: ${report.ships.join(", ")}`);
  if (report.next_zone) parts.push(`next zone: ${zoneName(report.next_zone)}`);
  if (report.text) parts.push(report.text);
  return parts.join(" · ");
}

const POSTURES = { close: "close in", stand: "stand", keep_off: "keep off" };
const TARGETS = { biggest: "guns at the biggest ships", nearest: "guns at the nearest", small: "guns at the small ships" };

/** One of a plot's tactics in words ("break off when outgunned", "keep off"). */
function tacticWords(name, value) {
  if (name === "posture") return POSTURES[value] ?? value;
  if (name === "target") return TARGETS[value] ?? value;
  if (name === "break_off") return value === "outgunned" ? "break off when outgunned" : value === 0 ? "never break off"
    : value === 1 ? "break off at the first chance" : `break off at ${value * 100}% of its hull`;
  if (name === "smoke") return value ? "lay smoke" : "no smoke";
  if (name === "torpedoes") return value ? "torpedoes" : "hold torpedoes";
  return `${name} ${value}`;
}

/** An order in words: each fleet's plot, then the choices it makes (docs/payloads.md). */
export function orderWords(given) {
  const route = (zones) => zones.map(zoneName).join(" → ");
  const plots = Object.entries(given?.fleets || {}).map(([id, p]) =>
    `${fleetName(id)}: ${p.mission}${p.mines_at ? ` in ${zoneName(p.mines_at)}` : ""}${p.escort ? ` of ${fleetName(p.escort)}` : ""}` +
    `${p.path?.length ? ` via ${route(p.path)}` : ", staying"}` +
    (p.ahead?.length ? `, then ${p.ahead.map((a) => route(a) || "stay").join("; ")}` : "") +
    (p.tactics && Object.keys(p.tactics).length ? `, if it meets the enemy: ${Object.entries(p.tactics).map(([k, v]) => tacticWords(k, v)).join(", ")}` : ""));
  const chose = [];
  if (given?.intelligence) chose.push(`the intelligence report to ${fleetName(given.intelligence)}`);
  for (const [base, track] of Object.entries(given?.seaplanes || {})) chose.push(`seaplanes from ${zoneName(base)} at track ${track}`);
  for (const [ship, wish] of Object.entries(given?.repair || {})) chose.push(`${ship} to have ${wish === "box" ? "a box" : "her speed"} mended first`);
  const words = [plots.length ? plots.join("; ") : "every fleet stays where it is"];
  if (chose.length) words.push(`chosen: ${chose.join("; ")}`);
  return words.join(" · ");
}
