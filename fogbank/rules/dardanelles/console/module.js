// The Dardanelles in the umpire's console: a submarine on a chart of one-mile squares, an hour a
// turn. The console (fogbank/server/console/ruleset.js says what a module may export) loads this
// from /umpire/rulesets/dardanelles/module.js; the views it reads are those of views.py.

import { h, plural } from "/web/dom.js";
import { COURSE_WORDS, drawSeat, layers } from "./layers.js";
import { override } from "./override.js";

export { drawSeat, layers, override };

export const geometry = "squares";

const FULL_AIR = 20; // hours of air with the hatch shut
const FULL_BATTERY = 36;
const NIGHT_HOURS = [22, 23, 0, 1, 2, 3, 4, 5]; // as units.py has them: 2200 to 0500

/** "1914-12-13T04:00" -> "04:00". */
function hour(time) {
  return time ? String(time).slice(11, 16) : "";
}

/** The local time an hour before `time` (a view after a turn holds the next turn's time). */
function hourBefore(time) {
  const earlier = new Date(Date.parse(`${time}:00Z`) - 3_600_000);
  return Number.isNaN(earlier.getTime()) ? "" : earlier.toISOString().slice(0, 16);
}

function daylight(night) {
  return night === undefined || night === null ? "" : night ? "night" : "day";
}

function torpedoes(boat) {
  return `${boat.loaded}/${boat.tubes} + ${boat.spare}`;
}

export function clock(view) {
  return view?.time ? `${hour(view.time)} · ${daylight(view.night)}` : "";
}

/** The boat as she truly is, the vessels and the minefields. */
export function truth(view) {
  const boat = view.boat;
  const meter = (value, most, low, high) => h("meter", { min: 0, max: most, low, high, optimum: most, value });
  const contactOf = Object.fromEntries(Object.entries(view.contact_vessels || {}).map(([contact, vessel]) => [vessel, contact]));
  // The roster: every vessel, where it is, whether it is sunk, and the contact the crew has of it.
  const vessels = (view.vessels || []).map((v) =>
    h(
      "tr",
      { class: v.sunk ? "struck" : null, "data-number": v.number },
      h("td", { class: "num" }, v.number),
      h("td", { class: "nowrap" }, v.type.replace("_", " ")),
      h("td", {}, v.name ?? ""),
      h("td", { class: "mono" }, v.square),
      h("td", {}, v.sunk ? "sunk" : "afloat"),
      h("td", {}, contactOf[v.number] ? h("span", { class: "chip", title: "The crew's contact number for her" }, `contact ${contactOf[v.number]}`) : h("span", { class: "muted", title: "Unknown to the crew" }, "—")),
    ),
  );
  const minefields = Object.entries(view.minefields || {}).map(([square, rows]) =>
    h("li", { title: plural(rows, "row") }, h("span", { class: "mono" }, square), ` ×${rows}`),
  );
  return [
    h("h2", {}, `${boat.name}, the truth`),
    h(
      "dl",
      { class: "gauges" },
      h("dt", {}, "Square"), h("dd", { class: "truth-mark" }, boat.square),
      h("dt", {}, "Plotted"), h("dd", {}, view.plotted_track?.at(-1) ?? "—"),
      h("dt", {}, "Level"), h("dd", {}, boat.level + (boat.afloat ? "" : " · LOST")),
      h("dt", {}, "Air"), h("dd", {}, meter(boat.air, FULL_AIR, 5, 10), ` ${boat.air} h`),
      h("dt", {}, "Battery"), h("dd", {}, meter(boat.battery, FULL_BATTERY, 8, 16), ` ${boat.battery}`),
      h("dt", {}, "Torpedoes"), h("dd", {}, `${boat.loaded}/${boat.tubes} loaded, ${boat.spare} spare`),
    ),
    h("h3", {}, `Vessel roster (${vessels.length})`),
    h(
      "div",
      { class: "roster-wrap" },
      h(
        "table",
        { class: "roster vessels-list" },
        h("thead", {}, h("tr", {}, ["No.", "Type", "Name", "Square", "State", "Contact"].map((t) => h("th", { scope: "col" }, t)))),
        h("tbody", {}, vessels),
      ),
    ),
    h("h3", {}, `Minefields (${minefields.length})`),
    h("ul", { class: "inline-list minefields-list" }, minefields),
  ];
}

// The record sheet: the turn's hour, day or night, and the boat after it.
const time = (row) => row.time ?? row.before?.time ?? hourBefore(row.view.time);
// A row's view is the one after the turn; the turn's own night is the view's before it, or read
// from its hour (the first turn of a record taken from `history` has no view before it).
const night = (row) => row.night ?? row.before?.night ?? NIGHT_HOURS.includes(Number(hour(time(row)).slice(0, 2)));
const boatCell = (read, className = "num") => (row) => ({ text: read(row.view.boat), class: className });

export const columns = [
  { name: "time", heading: "Time", cell: (row) => hour(time(row)) },
  { name: "night", heading: "", cell: (row) => ({ text: daylight(night(row)), class: "small muted" }) },
  { name: "square", heading: "True", cell: (row) => ({ text: row.view.boat.square, class: "mono truth-mark" }) },
  { name: "plotted", heading: "Plotted", cell: (row) => ({ text: row.view.plotted_track?.at(-1) ?? "", class: "mono" }) },
  { name: "level", heading: "Level", cell: boatCell((boat) => boat.level + (boat.afloat ? "" : " (lost)"), "") },
  { name: "air", heading: "Air", cell: boatCell((boat) => boat.air) },
  { name: "battery", heading: "Battery", cell: boatCell((boat) => boat.battery) },
  { name: "torpedoes", heading: "Torpedoes", cell: (row) => ({ text: torpedoes(row.view.boat), class: "num", title: "loaded/tubes + spare" }) },
];

export const shaded = (row) => night(row) === true;

// The boat's own movement is on the chart and in the columns; the sheet need not say it again.
export const quiet = ["boat_moved"];

/** The submarine's order as the player gave it: each leg's course and squares, the level, a
 * fix, a torpedo if fired, and a plot set by hand. */
export function order(given) {
  const legs = Array.isArray(given.legs) ? given.legs : [{ course: given.course, speed: given.speed }];
  const steer = legs.map((leg) => `${leg?.course ?? "N"} ${leg?.speed ?? 0}`).join(" then ");
  const fix = given.fix ? " · fix" : "";
  const fire = given.fire ? ` · fire ${given.fire.torpedoes ?? 1} at c${given.fire.target} ${given.fire.direction}` : "";
  const plot = given.plot ? ` · plot moved to ${given.plot}` : "";
  return `${steer}, ${given.level ?? "?"}${fix}${fire}${plot}`;
}

/** What the umpire should know of a square under the pointer. */
export function place(name, view, map) {
  const words = [];
  const tide = map.markAt("tidal", name);
  if (tide in COURSE_WORDS) words.push(`tide sets ${COURSE_WORDS[tide]}`);
  if (map.markAt("searchlight", name) === "S") words.push("searchlight");
  if (map.markAt("batteries", name) === "B") words.push("battery range");
  if (view) {
    const rows = view.minefields?.[name];
    if (rows) words.push(`minefield, ${plural(rows, "row")}`);
    for (const v of view.vessels || []) if (v.square === name) words.push(`vessel ${v.number} (${v.type.replace("_", " ")}${v.sunk ? ", sunk" : ""})`);
    if (view.boat?.square === name) words.push(`${view.boat.name} is here`);
  }
  return words;
}

/** The crew's picture, as the submarine's seat has it. */
export function seatPanel(seat, view) {
  return [
    h("h2", {}, `${seat}: the crew's picture`),
    view
      ? h(
          "dl",
          { class: "gauges" },
          h("dt", {}, "Plotted"), h("dd", {}, view.plotted),
          h("dt", {}, "Level"), h("dd", {}, view.level),
          h("dt", {}, "Air"), h("dd", {}, `${view.air} h`),
          h("dt", {}, "Battery"), h("dd", {}, view.battery),
          h("dt", {}, "Tubes"), h("dd", {}, `${view.loaded}/${view.tubes} loaded, ${view.spare} spare`),
          h("dt", {}, "Contacts"), h("dd", {}, view.contacts.length ? view.contacts.slice(-6).map((c) => `c${c.number} ${String(c.bearing).padStart(3, "0")}°${c.distance ? ` ${c.distance} sq` : ""}`).join(", ") : "none"),
        )
      : h("p", { class: "muted" }, "Loading…"),
  ];
}

/** One observation the seat was sent, in a line and its reports. */
export function seatSummary(view) {
  const reports = (view.reports || []).map((r) => h("li", {}, r.text));
  return [
    h("div", { class: "gauges-line" }, `${hour(view.time)} ${daylight(view.night)} · ${view.level} · air ${view.air} · battery ${view.battery} · tubes ${torpedoes(view)} · plotted ${view.plotted}`),
    reports.length ? h("ul", { class: "reports" }, reports) : h("div", { class: "muted" }, "No reports."),
  ];
}
