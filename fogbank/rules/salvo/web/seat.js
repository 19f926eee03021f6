// A Salvo seat's own picture, drawn from its view alone (views.py's seat view): its ships, its
// side's shared plot where it has one, and its contacts by fidelity. The umpire's console shows it
// when viewing as a seat; the player's seat page (client/module.js) draws the same picture, with
// its orders over it.

import { h } from "/web/dom.js";
import { NAVY, RED, TEAL, drawCounters, drawMines, drawSmoke, drawStarshells, drawWaters } from "./draw.js";
import { courseWords, facingWords, learnNames, phaseWords, sideName } from "./words.js";

/** How much a seat knows of a contact: "identified", "classified" or "marker"; "last seen" for
 * one the seat's view no longer shows (from the page's own memory). */
export function fidelity(contact) {
  if (contact.lastSeen !== undefined) return "last seen";
  if (contact.identity) return "identified";
  return contact.kind === "marker" ? "marker" : "classified";
}

export const FIDELITY_WORDS = {
  identified: "identified",
  classified: "classified",
  marker: "anonymous marker",
  "last seen": "last seen",
};

/** A contact in a few words: who or what it is, as far as the seat knows. */
export function contactWhat(contact) {
  if (contact.identity) return `${contact.identity.name} (${contact.identity.type})`;
  if (contact.kind === "marker") return "a gunnery-target marker";
  return `a ${contact.kind}`;
}

function ageWords(view, contact) {
  const age = view.turn - contact.lastSeen;
  return age <= 0 ? "this turn" : age === 1 ? "1 turn ago" : `${age} turns ago`;
}

/** The seat's picture on its map: waters, known mines, smoke, starshells, its own ships, its
 * side's plot, its contacts, and (`remembered`) contacts no longer shown, where last seen. */
export function drawPicture(map, group, view, { remembered = [], selected = null } = {}) {
  drawWaters(map, group, map.chart);
  if (!view) return;
  learnNames(view); // the orders' words name ships as this view does
  const printed = map.chart.minefields || [];
  const struck = view.mines_struck || [];
  drawMines(map, group, (view.minefields || []).filter((hex) => printed.includes(hex)),
    (view.minefields || []).filter((hex) => !printed.includes(hex) && !struck.includes(hex)), struck.filter((hex) => !printed.includes(hex)));
  drawSmoke(map, group, view.smoke);
  drawStarshells(map, group, view.starshells);
  const own = (unit, colour, mine) => ({
    hex: unit.hex,
    facing: unit.facing,
    kind: unit.kind,
    colour,
    hollow: unit.kind === "dummy",
    dashed: unit.kind === "dummy",
    sunk: unit.sunk || (unit.kind === "fort" && unit.w >= 3),
    mark: unit.kind === "dummy" ? "D" : null,
    text: unit.kind === "dummy" ? "dummy" : unit.id,
    title: `${mine ? "Yours" : "Your side's"}: ${unit.kind === "dummy" ? "a dummy" : `${unit.name} (${unit.id})`} at ${unit.hex}${unit.facing && unit.kind !== "fort" ? `, facing ${facingWords(unit.facing)}, speed ${unit.speed}` : ""}${unit.kind === "dummy" ? "" : `; ${unit.w}W ${unit.s}S`}${unit.sunk ? ", sunk" : ""}`,
    classes: [mine ? "own" : "friend", unit.id === selected ? "selected" : ""].filter(Boolean),
    data: { unit: unit.id },
  });
  const contact = (c) => {
    const level = fidelity(c);
    const colour = c.friendly ? TEAL : RED;
    return {
      hex: c.hex,
      facing: c.facing,
      kind: c.kind === "marker" ? "marker" : c.kind,
      colour,
      hollow: level === "marker" || level === "last seen",
      dashed: level === "last seen",
      sunk: c.destroyed,
      mark: level === "identified" ? null : String(c.label),
      text: level === "identified" ? c.identity.id : level === "last seen" ? `#${c.label}?` : "",
      title: `#${c.label}: ${contactWhat(c)} at ${c.hex}${level === "last seen" ? `, last seen ${ageWords(view, c)}` : `, ${FIDELITY_WORDS[level]}`}${c.facing ? `, facing ${facingWords(c.facing)}` : ""}${c.speed ? `, speed ${c.speed}` : ""}`,
      classes: ["contact", `fidelity-${level.replace(" ", "-")}`],
      data: { label: c.label },
    };
  };
  drawCounters(map, group, [
    ...remembered.map(contact),
    ...(view.contacts || []).map(contact),
    ...(view.friends || []).filter((u) => !u.exited).map((u) => own(u, TEAL, false)),
    ...(view.ships || []).filter((u) => !u.exited).map((u) => own(u, NAVY, true)),
  ]);
}

/** The console's view of a seat: the same picture, no memory and no orders. */
export function drawSeat(map, group, view) {
  drawPicture(map, group, view);
}

/** The seat's ships: where, how fast, how hurt, what they carry. `pick(id)` on a row's click. */
export function shipsTable(ships, { selected = null, pick = null } = {}) {
  const rows = ships.map((u) => {
    const gone = u.sunk ? "sunk" : u.exited ? "broke through" : "";
    const kit = [...(u.radar_kit || []), u.torpedoes ? `torp ${u.salvoes}` : "",
      u.starshells ? "starshells" : "", u.searchlight ? "searchlight" : ""].filter(Boolean).join(", ");
    const row = h(
      "tr",
      { "data-unit": u.id, class: [u.id === selected ? "selected" : "", gone ? "struck" : ""].filter(Boolean).join(" ") || null, tabindex: pick ? 0 : null },
      // The id heads the name, and what a ship carries (or its fate) goes under it: columns of their
      // own make the table too wide for the side panel at 1024.
      h("td", {}, u.kind === "dummy" ? null : [h("span", { class: "mono id" }, u.id), " "], u.kind === "dummy" ? "dummy" : u.name, u.flagship ? h("span", { class: "chip" }, "flag") : null,
        gone || kit ? h("div", { class: "small kit", title: gone ? null : (u.radar_words || []).join("; ") || null }, gone || kit) : null),
      h("td", { class: "mono" }, u.hex),
      // A dummy has no top speed of its own (99 in the rules): its course and speed alone.
      h("td", { class: "mono", title: u.kind === "fort" ? null : `facing ${facingWords(u.facing)}` }, u.kind === "fort" ? "—" : courseWords(u.facing, u.speed, u.kind === "dummy" ? null : u.max_speed)),
      h("td", { class: "mono", title: "main + secondary battery, range in hexes" }, u.kind === "dummy" ? "" : `${u.attack}${u.secondary ? `+${u.secondary}` : ""}/${u.range}`),
      h("td", { class: u.w || u.s ? "mono hurt" : "mono" }, u.kind === "dummy" ? "" : `${u.w}W ${u.s}S${u.fresh_w || u.fresh_s ? "*" : ""}`),
    );
    if (pick) {
      row.onclick = () => pick(u.id);
      row.onkeydown = (event) => event.key === "Enter" && pick(u.id);
    }
    return row;
  });
  return h(
    "table",
    { class: "ships" },
    h("thead", {}, h("tr", {}, ["Ship", "Hex", "Course", "Guns / range", "Hits"].map((t) => h("th", { title: t === "Course" ? "facing (compass), speed / top speed" : null }, t)))),
    h("tbody", {}, rows),
  );
}

/** The seat's contacts, by label: fidelity, what, where, how fast; remembered ones with their age. */
export function contactsTable(view, remembered = [], { pick = null } = {}) {
  const all = [...(view?.contacts || []), ...remembered];
  if (!all.length) return h("p", { class: "muted" }, "No contacts.");
  const rows = all.map((c) => {
    const level = fidelity(c);
    const row = h(
      "tr",
      { "data-label": c.label, class: `fidelity-${level.replace(" ", "-")}${c.friendly ? " friendly" : ""}` },
      h("td", { class: "mono" }, `#${c.label}`),
      h("td", {}, h("span", { class: "fidelity" }, FIDELITY_WORDS[level])),
      h("td", {}, contactWhat(c), c.destroyed ? " (destroyed)" : ""),
      h("td", { class: "mono" }, c.hex),
      h("td", { class: "mono", title: c.facing ? `facing ${facingWords(c.facing)}` : null }, c.facing ? courseWords(c.facing, c.speed) : c.kind === "fort" ? "—" : `${c.speed}`),
      h("td", { class: "small muted" }, level === "last seen" ? ageWords(view, c) : c.friendly ? "friendly" : sideName(c.side)),
    );
    if (pick) {
      row.onclick = () => pick(c);
      row.onkeydown = (event) => (event.key === "Enter" || event.key === " ") && (event.preventDefault(), pick(c));
      row.tabIndex = 0;
      row.classList.add("pickable");
      row.title = `Aim at #${c.label}`;
    }
    return row;
  });
  return h(
    "table",
    { class: "contacts" },
    h("thead", {}, h("tr", {}, ["#", "Known as", "What", "Hex", "Course", ""].map((t) => h("th", { title: t === "Course" ? "facing (compass) and speed" : null }, t)))),
    h("tbody", {}, rows),
  );
}

/** The seat's picture in the console's side panel. */
export function seatPanel(seat, view) {
  if (!view) return h("p", { class: "muted" }, `Waiting for ${seat}'s view…`);
  return [
    h("h2", {}, `${seat}: ${view.side_title ?? sideName(view.side)}'s picture`),
    h("p", { class: "small" }, `Turn ${view.turn}, ${phaseWords(view.phase)} · visibility ${view.visibility}${view.effects?.length ? ` · ${view.effects.join(", ")}` : ""}`),
    shipsTable(view.ships || []),
    view.friends?.length ? [h("h3", {}, "The side's shared plot"), shipsTable(view.friends)] : null,
    h("h3", {}, "Contacts"),
    contactsTable(view),
  ].flat().filter(Boolean);
}

export function seatSummary(view) {
  if (!view) return h("div", { class: "muted" }, "No view.");
  return h("div", {}, `Turn ${view.turn}, ${phaseWords(view.phase)}: ${(view.ships || []).length} own units, ${(view.contacts || []).length} contacts, ${(view.reports || []).length} reports.`);
}
