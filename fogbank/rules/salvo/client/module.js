// Salvo at a player's seat in the browser: the seat's hex map (its ships, its side's plot, its
// contacts by fidelity, smoke, starshells and the mines it knows), the line of sight from the ship
// it picks, its orders drawn as they are plotted (pad.js), its ships' state and its contacts. The
// seat's shell (fogbank/server/seat/ruleset.js says what a module may export) loads this from
// /play/rulesets/salvo/module.js; the views are those of views.py (docs/payloads.md).

import { h, paint, s, titled } from "/web/dom.js";
import { resultsWords } from "/web/words.js";
import { GOLD, LOOKS, NAVY, drawFire, drawMines } from "/web/rulesets/salvo/draw.js";
import { contactsTable, drawPicture, shipsTable } from "/web/rulesets/salvo/seat.js";
import { facingWords, learnWelcome, orderWords, phaseWords, shipName, windWords } from "/web/rulesets/salvo/words.js";
import { draft, orderForm, sighting, trace, unitLabel } from "./pad.js";

export { orderForm };
export const order = orderWords;
export const phase = phaseWords;
export const geometry = "hexes";
export const question = null; // Salvo takes no questions
export const talk = "your side";

const PLOT = { stroke: "#b7791f", width: 1.8, dash: "3 1.5", fill: "none", join: "round" };
const AIM = { stroke: "#b7791f", width: 1.4 };
const SIGHT = { clear: { stroke: "#2e7d4f", width: 0.9, opacity: 0.8 }, blocked: { stroke: "#6b7480", width: 0.7, dash: "1.5 1.5", opacity: 0.7 } };
const FORGET_AFTER = 6; // turns a contact no longer shown stays on the map where last seen

// Contacts the seat saw and sees no more (double-blind only: as written, every unit stays shown),
// label -> {contact, turn}: the page's own memory of its own views.
const memory = new Map();

function remember(view) {
  if (!view || view.fog !== "double_blind") return [];
  for (const c of view.contacts || []) memory.set(c.label, { contact: c, turn: view.turn });
  const shown = new Set((view.contacts || []).map((c) => c.label));
  return [...memory.values()]
    .filter(({ contact, turn }) => !shown.has(contact.label) && !contact.destroyed && view.turn - turn <= FORGET_AFTER)
    .map(({ contact, turn }) => ({ ...contact, lastSeen: turn }));
}

/** The line of sight from the picked ship: its visibility, and a line to each contact in it. */
function drawSight(map, group, view, unit) {
  const near = map.within(unit.hex, view.visibility);
  map.area(group, near, `${unit.name} sees ${view.visibility} hexes`, { fill: { fill: "none" }, edge: { stroke: "#16707a", width: 0.8, dash: "1 1.5" } });
  for (const c of view.contacts || []) {
    const shot = sighting(map, view, unit.hex, c.hex);
    if (!shot.seen || c.hex === unit.hex) continue;
    const blocked = shot.land > (unit.kind === "fort" ? 1 : 0) || shot.smoke;
    const [a, b] = [map.centre(unit.hex), map.centre(c.hex)];
    const line = paint(s("line", { class: `sight ${blocked ? "blocked" : "clear"}`, x1: a[0], y1: a[1], x2: b[0], y2: b[1], "data-label": c.label }), blocked ? SIGHT.blocked : SIGHT.clear);
    group.appendChild(titled(line, `${unit.name} to #${c.label}: ${shot.distance} hexes${blocked ? (shot.smoke ? ", through smoke" : ", land between") : ", clear"}`));
  }
}

/** The order being written: paths plotted, dummies, aims, mines and starshells. */
function drawDraft(map, group, view, order) {
  const own = [...(view.ships || [])];
  (order.dummies || []).forEach((d, i) => own.push({ id: `new-${i + 1}`, name: `new dummy ${i + 1}`, kind: "dummy", hex: d.hex, facing: d.facing }));
  const pathOf = (u) => (u.id.startsWith("new-") ? order.dummies[Number(u.id.slice(4)) - 1].path : order.moves?.[u.id]);
  for (const u of own) {
    const path = pathOf(u);
    if (path === undefined) continue;
    const where = trace(map, u.hex, u.facing, path);
    const g = map.track(group, where.hexes, { className: "plotted-path", label: `${unitLabel(u)}: ${path || "stop"}`, look: PLOT });
    g.setAttribute("data-unit", u.id);
    const end = map.centre(where.hexes.at(-1));
    const bow = map.toward(end, ["A", "B", "C", "D", "E", "F"].indexOf(where.facing) * 60, 0.45);
    map.arrow(group, end, bow, { label: `${unitLabel(u)} ends facing ${facingWords(where.facing)}`, look: { stroke: "#b7791f", width: 1.6 }, head: 2.5 });
    if (u.kind === "dummy" && u.id.startsWith("new-")) {
      const [x, y] = map.centre(u.hex);
      group.appendChild(titled(paint(s("circle", { class: "new-dummy", cx: x, cy: y, r: 3.8 }), { fill: "#fffdf6", stroke: NAVY, width: 1.1, dash: "1.6 1" }), `New dummy at ${u.hex}`));
    }
  }
  const labels = Object.fromEntries((view.contacts || []).map((c) => [c.label, c]));
  for (const [uid, aims] of Object.entries(order.fire || {})) {
    const u = own.find((x) => x.id === uid);
    for (const [battery, n] of Object.entries(aims)) {
      if (!u || !labels[n] || battery === "spotter") continue;
      drawFire(map, group, u.hex, labels[n].hex, { look: battery === "torpedo" ? LOOKS.torpedo : AIM, label: `${shipName(uid)}'s ${battery === "target" ? "main battery" : battery === "torpedo" ? "torpedoes" : "secondaries"} at #${n}`, className: "aim" });
    }
  }
  drawMines(map, group, [], order.mines || []);
  for (const [uid, hex] of Object.entries(order.starshells || {})) {
    const at = map.centre(hex);
    if (at) group.appendChild(titled(paint(s("circle", { class: "starshell-aim", cx: at[0], cy: at[1], r: 6 }), { fill: "none", stroke: GOLD, width: 1.5, dash: "2 1" }), `${shipName(uid)}: starshell over ${hex}`));
  }
}

/** The seat's chart: its picture, the line of sight from the ship it picked, and the draft order. */
export function drawSeat(map, group, view, order) {
  draft.map = map;
  drawPicture(map, group, view, { remembered: remember(view), selected: draft.selected });
  if (!view) return;
  const picked = (view.ships || []).find((u) => u.id === draft.selected);
  if (picked) {
    drawSight(map, group, view, picked);
    group.appendChild(titled(paint(s("path", { class: "picked", d: map.hexPath(picked.hex, 0.95) }), { fill: "none", stroke: "#e0a800", width: 1.8 }), `${unitLabel(picked)} picked`));
  }
  if (order) drawDraft(map, group, view, order);
}

/** Where the keyboard's cursor starts on the map: the picked ship, or the seat's first afloat. */
export function here(view) {
  const ships = afloat(view);
  return (ships.find((u) => u.id === draft.selected) ?? ships[0])?.hex ?? null;
}

/** Where the seat's ships are: the map opens on them and follows them. */
export function own(view) {
  return afloat(view).map((u) => u.hex);
}

function afloat(view) {
  return (view?.ships || []).filter((u) => !u.sunk && !u.exited);
}

/** The seat's ships, and where the game stands for it. */
export function gauges(view, welcome) {
  learnWelcome(welcome);
  // The seat's title names its commander and then its ships; the ships are in the table below.
  const title = (welcome?.seats?.find((x) => x.seat === welcome.seat)?.title ?? welcome?.seat ?? "Your command").split(":")[0];
  if (!view) return [h("h2", {}, title), h("p", { class: "muted" }, "Waiting for the first report…")];
  const outcome = view.outcome ? h("p", { class: "refusal" }, `${resultsWords(view.outcome.results, welcome?.side_titles)}. ${view.outcome.reason}`) : null;
  const pick = (id) => draft.select?.(id);
  return [
    h("h2", {}, title),
    h(
      "dl",
      { class: "gauges" },
      h("dt", {}, "Side"), h("dd", {}, view.side_title ?? view.side),
      h("dt", {}, "Sighting"), h("dd", { id: "gauge-sight" }, `${view.night ? "night" : "day"} · visibility ${view.visibility} · wind ${windWords(view.wind)}`),
      view.effects?.length ? [h("dt", {}, "Events"), h("dd", { class: "hurt" }, view.effects.join(", "))] : null,
      view.exits !== null && view.exits !== undefined ? [h("dt", {}, "Broke through"), h("dd", {}, `${view.exits} ship${view.exits === 1 ? "" : "s"}`)] : null,
      view.mines_to_lay ? [h("dt", {}, "Secret mines"), h("dd", { class: "hurt" }, `${view.mines_to_lay} to lay now`)] : null,
    ),
    shipsTable(view.ships || [], { selected: draft.selected, pick }),
    h("p", { class: "small muted" }, "* hit this turn: damage control may mend it. Pick a ship to see what it can see."),
    view.friends?.length ? h("details", { class: "friends" }, h("summary", {}, `Your side's other ships (${view.friends.length}, shared plot)`), shipsTable(view.friends)) : null,
    outcome,
  ].flat().filter(Boolean);
}

/** What the seat was told since the turn began, newest last. */
export function reports(view) {
  const list = (view?.reports || []).map((r) => h("li", { "data-kind": r.kind, class: r.kind }, h("span", { class: "when" }, `T${r.turn} ${phaseWords(r.phase)}`), r.text));
  return list.length ? h("ul", { class: "reports", id: "report-list" }, list) : h("p", { class: "muted" }, "No reports this turn.");
}

/** The seat's contacts by fidelity, and those last seen a while ago. */
export function contacts(view) {
  // A row picked aims the picked ship at that contact, as a click on its hex would.
  return contactsTable(view, remember(view), { pick: (c) => draft.aim?.(c.label) });
}

export function briefing(given) {
  const fog = { as_written: "every marker's place shown, as written", double_blind: "double-blind: only what your side senses" }[given?.fog] ?? given?.fog ?? "";
  return [
    h("p", {}, given?.briefing ?? ""),
    h("p", {}, h("strong", {}, "Your command: "), given?.command ?? ""),
    h("p", { class: "muted" }, `${given?.turns ?? "?"} turns · visibility ${given?.visibility ?? "?"} now (set-up range ${given?.set_up_visibility ?? "?"}) · ${given?.night ? "night" : "day"} · fog of war: ${fog}`),
    h("h3", {}, "How you play, and what can sink you"),
    h("dl", { class: "how", id: "how-to-play" }, (given?.how || []).flatMap(([what, words]) => [h("dt", {}, what), h("dd", {}, words)])),
  ];
}
