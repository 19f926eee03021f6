// Great War at Sea in the umpire's console: the whole sea on the zone map (every fleet, its plot
// and the zones it passed this move, every minefield), the points and the turn's random event,
// each side's open choices and what the seats chose, and an override form that injects a report
// to a seat, moves a fleet, or settles a battle handed to a linked game (abandoned there).
// Views: views.py.

import { h } from "/web/dom.js";
import { drawFleets, drawReports, knowZones, orderWords, sideName, zoneName } from "./draw.js";
import { battleBoards } from "/play/rulesets/greatwar/battle.js";

export const geometry = "zones";
// The debrief opens on the sea as the game ended, then steps back through it.
export const replayFrom = "end";

export const layers = [
  {
    name: "fleets", label: "Fleets and plots", on: true, key: { shape: "rect", look: { fill: "#f3d9a4" } },
    draw(map, group, view, chart) {
      knowZones(chart);
      drawFleets(map, group, view?.fleets);
    },
  },
  {
    name: "minefields", label: "Minefields", on: true, key: { shape: "rect", look: { fill: "#a33" } },
    draw(map, group, view) {
      for (const field of view?.minefields || []) {
        map.marker(group, field.zone, 5, { label: `${sideName(field.side)}: ${field.fields} fields (${field.words})`, text: `M${field.fields}`, fill: "#f2c6c6", stroke: "#a33", className: "minefield" });
      }
    },
  },
];

export function truth(view) {
  if (!view) return [];
  return [
    h("p", {}, `Turn ${view.turn} · ${view.day ? "day" : "night"} · random event: ${view.event || "none yet"}`),
    h("p", { id: "points" }, `Points: ${Object.entries(view.points || {}).map(([s, p]) => `${sideName(s)} ${p}`).join(", ")}`),
    h("p", {}, `Sunk: ${(view.sunk || []).join(", ") || "none"}`),
    h("h3", {}, "The whole sea"),
    ...wholeSea(view),
    h("h3", {}, "Choices"),
    h("ul", { id: "choices" }, choiceLines(view).map((line) => h("li", {}, line))),
    ...battleBoards({ battles: view.battles, side: "central" }, true),
  ];
}

/** Every fleet of each side: where it is, its mission, and each ship's damage. */
function wholeSea(view) {
  const sides = [...new Set((view.fleets || []).map((f) => f.side))].sort();
  return sides.map((side) => h("div", { class: "whole-sea", "data-side": side }, h("strong", {}, sideName(side)),
    h("ul", {}, (view.fleets || []).filter((f) => f.side === side).map((f) => h("li", { "data-fleet": f.id },
      `${f.name} · ${zoneName(f.zone)} · ${f.mission}${f.mines_at ? ` in ${zoneName(f.mines_at)}` : ""}` +
      `${f.escorting ? ` of ${fleetName(view, f.escorting)}` : ""}${f.returning ? " (returning)" : ""}: ` +
      f.ships.map(shipDamage).join(", "))))));
}

/** A ship's damage in a few words: hull boxes lost, and the guns left when gun hits took some. */
function shipDamage(ship) {
  const left = ship.guns_left || ship.guns || [];
  const guns = left.some((n, i) => n < ship.guns[i]) ? `guns ${left.join("-")} of ${ship.guns.join("-")}` : "";
  const hull = ship.hits ? `${ship.hits}/${ship.hull} boxes lost` : "";
  return `${ship.name} ${[hull, guns].filter(Boolean).join(", ") || "unhurt"}`;
}

/** A fleet's name in the umpire's view (its id if it is gone). */
function fleetName(view, id) {
  return (view?.fleets || []).find((f) => f.id === id)?.name ?? id;
}

/** Each side's open choices and standing wishes, and what the seats chose this turn. */
function choiceLines(view) {
  const lines = [];
  const pending = view.pending;
  if (pending) lines.push(`Open for ${sideName(pending.side)}: ${pending.event}, one of ${pending.fleets.map((f) => fleetName(view, f)).join(", ")}` +
    ` (if none is named: ${fleetName(view, pending.standing)})`);
  for (const [base, fleet] of Object.entries(view.aimed || {})) lines.push(`Seaplanes from ${zoneName(base)} seek ${fleetName(view, fleet)}`);
  for (const [ship, wish] of Object.entries(view.repair || {})) lines.push(`${ship}: port repair mends its ${wish} first`);
  for (const chosen of view.chosen || []) lines.push(`Chosen: ${chosen}`);
  return lines.length ? lines : ["None open, none made this turn."];
}

export function clock(view) {
  return view ? (view.day ? "day" : "night") : "";
}

export { orderWords as order };

export function place(name, view, map) {
  const zone = map?.zoneAt?.(name);
  if (!zone) return [];
  const here = (view?.fleets || []).filter((f) => f.zone === name).map((f) => `${f.name} (${sideName(f.side)})`);
  return [`${zone.name}${zone.base ? `, ${zone.base} base (${sideName(zone.side)})` : ""}`, ...(here.length ? [here.join(", ")] : [])];
}

const FIELD = "display: grid; grid-template-columns: 7em minmax(0, 1fr); align-items: center; gap: 6px; margin: 4px 0; font-size: 12px";

export function override({ view }) {
  const kind = h("select", { id: "gw-kind", "aria-label": "Override" }, h("option", { value: "report" }, "inject a report"), h("option", { value: "move" }, "move a fleet"),
    h("option", { value: "settle" }, "settle a battle"));
  // The seats and fleets the umpire may name, offered as the field is typed; zones come from a click on the map.
  const fleets = view?.fleets || [];
  const offer = (id, values) => h("datalist", { id }, [...new Set(values)].sort().map((v) => h("option", { value: v })));
  const seat = h("input", { id: "gw-seat", list: "gw-seats", placeholder: "seat" });
  const fleet = h("input", { id: "gw-fleet", list: "gw-fleets", placeholder: "fleet id" });
  const zone = h("input", { id: "gw-zone", placeholder: "zone: click the map" });
  const next = h("input", { id: "gw-next", placeholder: "optional" });
  const ships = h("input", { id: "gw-ships", type: "checkbox" });
  ships.style.justifySelf = "start"; // styled through the DOM: the page's CSP refuses style attributes
  const text = h("input", { id: "gw-text", placeholder: "what the seat reads (a battle: its summary)" });
  // A battle handed to a linked game and abandoned there: the umpire gives its result. The
  // battles the game waits on are offered by where they are fought; the first is chosen.
  const battle = h("select", { id: "gw-battle", "aria-label": "Battle" });
  const handed = () => (typeof view === "function" ? view() : view)?.handed || [];
  const waiting = () => {
    const now = handed();
    const kept = battle.value;
    battle.replaceChildren(...now.map((b) => h("option", { value: b.id }, `${b.zone}, turn ${b.turn}`)));
    battle.value = now.some((b) => b.id === kept) ? kept : now[0]?.id ?? "";
    return battle.value;
  };
  const losses = h("input", { id: "gw-losses", placeholder: "Evstafi:2, Donets:sunk" });
  const row = (words, input, kinds) => {
    const label = h("label", { class: "gw-field" }, h("span", {}, words), input);
    label.style.cssText = FIELD;
    label.dataset.kinds = kinds;
    return label;
  };
  const rows = [row("To seat", seat, "report"), row("Fleet", fleet, "report move"), row("Zone", zone, "report move"),
    row("Next zone", next, "report"), row("Tell its ships", ships, "report"), row("Battle", battle, "settle"),
    row("Losses", losses, "settle"), row("Words", text, "report settle")];
  const shown = () => rows.forEach((r) => {
    r.hidden = !r.dataset.kinds.split(" ").includes(kind.value);
    r.style.display = r.hidden ? "none" : "grid"; // the inline grid would outrank [hidden]
  });
  battle.addEventListener("focus", waiting); // the list as the game stands when the umpire looks
  kind.addEventListener("change", () => {
    if (kind.value === "settle") waiting(); // the battles the game waits on, now
    shown();
  });
  shown();
  return {
    fields: h("div", { class: "gw-override" }, kind, ...rows, offer("gw-seats", fleets.map((f) => f.seat)), offer("gw-fleets", fleets.map((f) => f.id))),
    read() {
      if (kind.value === "move") return { kind: "move", fleet: fleet.value, zone: zone.value };
      if (kind.value === "settle") return { settle: waiting(), result: { ships: lossesOf(losses.value), summary: text.value } };
      const out = { kind: "report", seat: seat.value, fleet: fleet.value, zone: zone.value, ships: ships.checked, text: text.value };
      if (next.value) out.next_zone = next.value;
      return out;
    },
    pick(placeName) {
      if (placeName?.name) zone.value = placeName.name;
    },
    view,
  };
}

/** "Evstafi:2, Donets:sunk" as a battle's result's ships (the server checks the names). */
function lossesOf(words) {
  return words.split(",").map((part) => part.split(":").map((w) => w.trim())).filter(([name]) => name)
    .map(([name, lost]) => (lost === "sunk" ? { name, lost: 0, sunk: true } : { name, lost: Number(lost) || 0, sunk: false }));
}

export function drawSeat(map, group, view) {
  if (!view) return;
  drawFleets(map, group, (view.fleets || []).map((f) => ({ ...f, side: view.side })));
  drawReports(map, group, view);
}

export function seatPanel(seat, view) {
  const mine = view?.fleets || [];
  const open = (view?.choices || []).map((c) => h("li", { class: "choice" }, `Open: ${c.kind === "intelligence" ? c.event : c.kind}` +
    (c.kind === "intelligence" ? ` (${c.fleets.map((f) => f.name).join(", ")})` : c.kind === "repair" ? ` of ${c.ship}` : ` from ${c.name}`)));
  return [h("ul", {}, ...mine.map((f) => h("li", {}, `${f.name} · ${zoneName(f.zone)} · ${f.mission}`)), ...open), ...battleBoards(view)];
}

export function seatSummary(view) {
  const open = (view?.choices || []).length;
  return h("div", {}, `${(view?.fleets || []).length} fleets · ${(view?.reports || []).length} reports this turn` +
    (open ? ` · ${open} choice${open > 1 ? "s" : ""} open` : ""));
}
