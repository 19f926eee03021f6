// Salvo in the umpire's console: the whole truth on a hex map (maps/hexes.js): every unit, marker
// and dummy, told apart and pointing its facing; the lines of the last gunfire phase; smoke,
// starshells, searchlights, minefields fixed and secret, radar reach; each side's labels. The
// console (fogbank/server/console/ruleset.js says what a module may export) loads this from
// /umpire/rulesets/salvo/module.js; the views it reads are those of views.py (docs/payloads.md).

import { h, paint, s } from "/web/dom.js";
import {
  LOOKS, drawBeam, drawCounters, drawFire, drawMines, drawSmoke, drawStarshells, drawWaters, sideColour,
} from "/web/rulesets/salvo/draw.js";
import { override } from "./override.js";
import {
  courseWords, facingWords, learnNames, learnWelcome, observerName, orderWords, possessive, seatName, shipName, sideName, unitName, windWords,
} from "/web/rulesets/salvo/words.js";
import { drawSeat, seatPanel, seatSummary } from "/web/rulesets/salvo/seat.js";

export { drawSeat, override, seatPanel, seatSummary };

export const geometry = "hexes";

/** The welcome's words: what the facings mean, and every side's and seat's title. */
export const learn = learnWelcome;

const LABEL = { font: "ui-monospace, DejaVu Sans Mono, monospace", size: 4.4, fill: "#4a5560", weight: "bold" };
const sidesOf = (view) => [...new Set((view?.units || []).map((u) => u.side))].sort();
const unitsById = (view) => Object.fromEntries((view?.units || []).map((u) => [u.id, u]));

/** Each observer's side: an observer is a side sharing a plot, or a seat on its own. */
function observerSide(view, observer) {
  if (sidesOf(view).includes(observer)) return observer;
  return (view.units || []).find((u) => u.seat === observer)?.side ?? null;
}

/** The observers of other sides that sense a unit now. */
function seenBy(view, unit) {
  return Object.entries(view.detected || {})
    .filter(([who, found]) => found.includes(unit.id) && observerSide(view, who) !== unit.side)
    .map(([who]) => who);
}

/** Each observer's label for a unit: [[observer, label]]. */
function labelsOf(view, unit) {
  return Object.entries(view.labels || {})
    .filter(([, found]) => found[unit.id] !== undefined)
    .map(([who, found]) => [who, found[unit.id]]);
}

function damage(unit) {
  const fresh = unit.fresh_w || unit.fresh_s ? ` (${unit.fresh_w}W ${unit.fresh_s}S this turn)` : "";
  return unit.w || unit.s ? `${unit.w}W ${unit.s}S${fresh}` : "unharmed";
}

function state(unit) {
  if (unit.sunk) return unit.kind === "fort" ? "destroyed" : "sunk";
  if (unit.exited) return "broke through";
  if (unit.kind === "fort" && unit.w >= 3) return "silenced";
  return "";
}

/** A unit in the umpire's words: "CA1 San Francisco", or "a dummy" (its id is the rules' own). */
function unitTitle(unit) {
  return unit.dummy ? "DUMMY" : `${unit.id} ${unit.name}`;
}

function unitWords(view, unit) {
  const labels = labelsOf(view, unit).map(([who, n]) => `${possessive(observerName(who))} #${n}`);
  const seen = seenBy(view, unit);
  const facing = unit.kind === "fort" ? "" : ` facing ${facingWords(unit.facing)}, speed ${unit.speed}`;
  return [
    `${unitTitle(unit)} (${sideName(unit.side)}, ${seatName(unit.seat)}) at ${unit.hex}${facing}`,
    unit.dummy ? "" : damage(unit),
    state(unit),
    labels.length ? `labelled ${labels.join(", ")}` : "",
    seen.length ? `seen by ${seen.map(observerName).join(", ")}` : "unseen by the enemy",
  ].filter(Boolean).join("; ");
}

/** The first time units are drawn, the map opens on them (the wheel and a drag move it after). */
export function openOn(map, hexes) {
  if (map.opened || !hexes.length || !map.focus) return;
  map.opened = true;
  map.focus(hexes, 2);
}

function drawUnits(map, group, view) {
  const sides = sidesOf(view);
  openOn(map, (view?.units || []).filter((u) => !u.sunk && !u.exited && !u.dummy).map((u) => u.hex));
  const items = (view?.units || [])
    .filter((u) => !u.exited)
    .map((u) => ({
      hex: u.hex,
      facing: u.facing,
      kind: u.dummy ? "dummy" : u.kind,
      colour: sideColour(u.side, sides),
      hollow: u.dummy,
      dashed: u.dummy || (!seenBy(view, u).length && u.kind !== "fort"),
      sunk: u.sunk || (u.kind === "fort" && u.w >= 3),
      mark: u.dummy ? "D" : null,
      text: u.dummy ? "dummy" : u.id,
      title: unitWords(view, u),
      classes: [u.dummy ? "dummy" : "unit", `side-${u.side}`, u.sunk ? "sunk" : "afloat"],
      data: { unit: u.id, side: u.side },
    }));
  drawCounters(map, group, items);
}

/** Each side's labels for the units of others, written by the hex: "turkish #11". */
function drawLabels(map, group, view) {
  const byHex = new Map();
  for (const unit of (view?.units || []).filter((u) => !u.exited && !u.sunk)) {
    for (const [who, n] of labelsOf(view, unit)) {
      if (observerSide(view, who) === unit.side) continue;
      if (!byHex.has(unit.hex)) byHex.set(unit.hex, []);
      byHex.get(unit.hex).push(`${initial(observerName(who))}${n}`);
    }
  }
  for (const [hex, words] of byHex) {
    const [x, y] = map.centre(hex);
    group.appendChild(paint(s("text", { class: "unit-labels", x: x + 7, y: y - 4 }, words.join(" ")), LABEL));
  }
}

function drawShots(map, group, view) {
  const units = unitsById(view);
  for (const shot of view?.shots || []) {
    const fired = shot.outcome.startsWith("DPT") || shot.battery === "torpedo";
    const look = shot.battery === "torpedo" ? LOOKS.torpedo : fired ? LOOKS.fired : LOOKS.noShot;
    const [firer, target] = [units[shot.firer], units[shot.target]];
    const battery = { target: "main battery", secondary: "secondaries", torpedo: "torpedoes" }[shot.battery] ?? shot.battery;
    const label = `${unitName(firer) || shipName(shot.firer)} → ${unitName(target) || shipName(shot.target)} (${battery}): ${shot.outcome}`;
    const arrow = drawFire(map, group, shot.from, shot.to, { look, label, className: fired ? "shot fired" : "shot no-shot" });
    arrow?.setAttribute("data-firer", shot.firer);
  }
}

function drawRadar(map, group, view) {
  for (const radar of view?.radar || []) {
    const reach = map.within(radar.hex, radar.range);
    const g = group.appendChild(s("g", { class: "radar", "data-unit": radar.unit }));
    map.area(g, reach, `${shipName(radar.unit)}'s radar: ${radar.range} hexes`, { fill: { fill: LOOKS.radar.fill }, edge: LOOKS.radar });
  }
}

function drawSearchlights(map, group, view) {
  const units = unitsById(view);
  for (const beam of view?.searchlights || []) {
    const [from, to] = [units[beam.unit], units[beam.target]];
    if (from && to) drawBeam(map, group, from.hex, to.hex, `${unitName(from)}'s searchlight on ${unitName(to)}`);
  }
}

/** The umpire's layers, bottom first. */
export const layers = [
  { name: "waters", label: "Waters, forts and exits", key: { shape: "area", look: LOOKS.partial }, draw: (map, group, view, chart) => drawWaters(map, group, chart) },
  { name: "radar", label: "Radar reach", key: { shape: "area", look: LOOKS.radar }, draw: drawRadar },
  {
    name: "minefields",
    label: "Minefields (violet: secret)",
    key: { shape: "area", look: LOOKS.secretMine },
    draw: (map, group, view) => drawMines(map, group, view?.minefields?.fixed || [], view?.minefields?.secret || []),
  },
  { name: "smoke", label: "Smoke", key: { shape: "mark", look: LOOKS.smoke }, draw: (map, group, view) => drawSmoke(map, group, view?.smoke) },
  {
    name: "starshells",
    label: "Starshells and searchlights",
    key: { shape: "area", look: LOOKS.starshell },
    draw(map, group, view) {
      drawStarshells(map, group, (view?.starshell_bursts || []).map((b) => b.hex));
      drawSearchlights(map, group, view);
    },
  },
  { name: "shots", label: "Lines of fire (last gunfire)", key: { shape: "line", look: LOOKS.fired }, draw: drawShots },
  { name: "units", label: "Units (dashed: unseen; D: dummy)", key: { shape: "mark", look: { fill: "#1f3b73" } }, draw: drawUnits },
  { name: "labels", label: "Each side's labels", on: false, key: { shape: "line", look: { stroke: "#6b7480" } }, draw: drawLabels },
];

export function clock(view) {
  if (!view) return "";
  learnNames(view); // the held orders and the log name ships as the truth does
  return `${view.night ? "night" : "day"} · visibility ${view.visibility} · wind ${windWords(view.wind)}`;
}

function unitRow(view, unit) {
  const labels = labelsOf(view, unit).filter(([who]) => observerSide(view, who) !== unit.side);
  const seen = seenBy(view, unit);
  return h(
    "tr",
    { "data-unit": unit.id, class: [unit.dummy ? "dummy" : "", unit.sunk || unit.exited ? "struck" : ""].join(" ").trim() || null },
    h("td", { class: "mono" }, unit.dummy ? "" : unit.id),
    h("td", { title: possessive(seatName(unit.seat)) }, unit.dummy ? "dummy" : unit.name),
    h("td", { class: "mono" }, unit.hex),
    // A dummy has no top speed of its own (99 in the truth): its course and speed alone.
    h("td", { class: "mono", title: unit.kind === "fort" ? null : `facing ${facingWords(unit.facing)}` }, unit.kind === "fort" ? "" : courseWords(unit.facing, unit.speed, unit.dummy ? null : unit.max_speed)),
    h("td", { class: "mono" }, unit.dummy ? "" : `${unit.w}W ${unit.s}S`),
    h("td", {}, state(unit)),
    h("td", { class: "small", title: labels.map(([who, n]) => `${possessive(observerName(who))} label ${n}`).join(", ") }, labels.map(([who, n]) => `${initial(observerName(who))}#${n}`).join(" ")),
    h("td", { class: seen.length ? "small" : "small muted" }, seen.length ? seen.map(observerName).join(", ") : "unseen"),
  );
}

/** The truth: the weather, the event, every unit by side, the secret mines, what counts. */
export function truth(view) {
  learnNames(view);
  const sides = sidesOf(view);
  const effects = Object.entries(view.effects || {}).map(([side, list]) => `${sideName(side)}: ${list.join(", ")}`);
  const points = Object.entries(view.points || {}).map(([side, n]) => `${sideName(side)} ${n}`);
  const tables = sides.map((side) => {
    const units = view.units.filter((u) => u.side === side);
    return [
      h("h3", {}, `${sideName(side)} (${units.filter((u) => !u.sunk && !u.exited && !u.dummy).length} afloat)`),
      h(
        "table",
        { class: "truth-units", "data-side": side },
        h("thead", {}, h("tr", {}, ["Id", "Name", "Hex", "Course", "Hits", "", "Labels", "Seen by"].map((t) => h("th", {}, t)))),
        h("tbody", {}, units.map((u) => unitRow(view, u))),
      ),
    ];
  });
  return [
    h("h2", {}, `The truth, turn ${view.turn}`),
    h(
      "dl",
      { class: "gauges" },
      h("dt", {}, "Visibility"), h("dd", {}, `${view.visibility} hexes (at most ${view.max_visibility})`),
      h("dt", {}, "Event"), h("dd", {}, view.event || "none"),
      h("dt", {}, "Effects"), h("dd", {}, effects.join("; ") || "none"),
      h("dt", {}, "Secret mines"), h("dd", { class: "secret-mines" }, (view.minefields?.secret || []).join(" ") || "none laid"),
      h("dt", {}, "Broke through"), h("dd", {}, (view.exits || []).map(shipName).join(", ") || "none"),
      h("dt", {}, "Points"), h("dd", {}, points.join(", ") || "none"),
    ),
    ...tables.flat(),
  ];
}

// The record sheet: a row a phase, the umpire's view after it.
/** The first capital of a name, for a column too narrow for it: "the United States" -> "U". */
const initial = (name) => (name.match(/[A-Z]/) ?? [name.slice(0, 1).toUpperCase()])[0];
const afloat = (view, side) => (view.units || []).filter((u) => u.side === side && !u.dummy && !u.sunk && !u.exited).length;

export const columns = [
  { name: "visibility", heading: "Vis.", cell: (row) => ({ text: row.view.visibility, class: "num" }) },
  { name: "event", heading: "Event", cell: (row) => ({ text: row.view.event || "", class: "small" }) },
  {
    name: "afloat",
    heading: "Afloat",
    cell: (row) => ({
      text: sidesOf(row.view).map((side) => `${initial(sideName(side))} ${afloat(row.view, side)}`).join(" · "),
      title: sidesOf(row.view).map((side) => `${sideName(side)}: ${afloat(row.view, side)} afloat`).join(", "),
      class: "small nowrap",
    }),
  },
  {
    name: "hits",
    heading: "Hits",
    cell: (row) => {
      const hits = sidesOf(row.view).map((side) => {
        const hit = row.view.units.filter((u) => u.side === side && !u.dummy);
        return [side, `${hit.reduce((n, u) => n + u.w, 0)}W ${hit.reduce((n, u) => n + u.s, 0)}S`];
      });
      return { text: hits.map(([side, n]) => `${initial(sideName(side))} ${n}`).join(" · "), title: hits.map(([side, n]) => `${sideName(side)}: ${n}`).join(", "), class: "small nowrap" };
    },
  },
  { name: "exits", heading: "Exits", cell: (row) => ({ text: (row.view.exits || []).length, class: "num" }) },
  { name: "shots", heading: "Shots", cell: (row) => ({ text: row.phase === "gunfire" ? (row.view.shots || []).length : "", class: "num" }) },
];

export const shaded = (row) => Boolean(row.view?.night);

export { orderWords as order };

const TERRAIN_WORDS = { ".": "open sea", ",": "inner water", "~": "partial sea", "#": "land" };

/** What the umpire should know of a hex under the pointer. */
export function place(name, view, map) {
  const words = [TERRAIN_WORDS[map.terrainAt(name)] ?? ""].filter(Boolean);
  if (!view) return words;
  if (view.minefields?.fixed?.includes(name)) words.push("minefield");
  if (view.minefields?.secret?.includes(name)) words.push("SECRET minefield");
  if (view.smoke?.includes(name)) words.push("smoke");
  for (const unit of view.units || []) if (unit.hex === name && !unit.exited) words.push(unitWords(view, unit));
  return words;
}
