// Great War at Sea in the umpire's console: the whole sea on the zone map (every fleet, its plot
// and the zones it passed this move, every minefield), the points and the turn's random event, and
// an override form that injects a report to a seat, moves a fleet, or settles a battle handed to
// a linked game (abandoned there). Views: views.py.

import { h } from "/umpire/dom.js";
import { drawFleets, drawReports } from "./draw.js";

export const geometry = "zones";

export const layers = [
  { name: "fleets", label: "Fleets and plots", on: true, key: { shape: "rect", look: { fill: "#f3d9a4" } }, draw: (map, group, view) => drawFleets(map, group, view?.fleets) },
  {
    name: "minefields", label: "Minefields", on: true, key: { shape: "rect", look: { fill: "#a33" } },
    draw(map, group, view) {
      for (const field of view?.minefields || []) {
        map.marker(group, field.zone, 7, { label: `${field.side}: ${field.fields} fields (${field.words})`, text: `M${field.fields}`, fill: "#f2c6c6", stroke: "#a33", className: "minefield" });
      }
    },
  },
];

export function truth(view) {
  if (!view) return [];
  return [
    h("p", {}, `Turn ${view.turn} · ${view.day ? "day" : "night"} · random event: ${view.event || "none yet"}`),
    h("p", { id: "points" }, `Points: ${Object.entries(view.points || {}).map(([s, p]) => `${s} ${p}`).join(", ")}`),
    h("p", {}, `Sunk: ${(view.sunk || []).join(", ") || "none"}`),
  ];
}

export function clock(view) {
  return view ? (view.day ? "day" : "night") : "";
}

export function order(given) {
  const plots = Object.entries(given?.fleets || {});
  return plots.length ? plots.map(([id, p]) => `${id}: ${p.mission} ${(p.path || []).join("→") || "stays"}`).join("; ") : "stays";
}

export function place(name, view, map) {
  const zone = map?.zoneAt?.(name);
  if (!zone) return [];
  const here = (view?.fleets || []).filter((f) => f.zone === name).map((f) => `${f.name} (${f.side})`);
  return [`${zone.name}${zone.base ? `, ${zone.base} base (${zone.side})` : ""}`, ...(here.length ? [here.join(", ")] : [])];
}

export function override({ view }) {
  const kind = h("select", { id: "gw-kind", "aria-label": "Override" }, h("option", { value: "report" }, "inject a report"), h("option", { value: "move" }, "move a fleet"),
    h("option", { value: "settle" }, "settle a battle"));
  // A battle handed to a linked game and abandoned there: the umpire gives its result.
  const battle = h("input", { id: "gw-battle", "aria-label": "Battle id (settle)", placeholder: "battle id" });
  const waiting = () => (typeof view === "function" ? view() : view)?.battles?.[0]?.id ?? "";
  kind.addEventListener("change", () => {
    if (kind.value === "settle" && !battle.value) battle.value = waiting(); // the battle the game waits on
  });
  const losses = h("input", { id: "gw-losses", "aria-label": "Losses (settle)", placeholder: "Evstafi:2, Donets:sunk" });
  const seat = h("input", { id: "gw-seat", "aria-label": "To seat", placeholder: "seat" });
  const fleet = h("input", { id: "gw-fleet", "aria-label": "Fleet id", placeholder: "fleet id" });
  const zone = h("input", { id: "gw-zone", "aria-label": "Zone", placeholder: "zone" });
  const next = h("input", { id: "gw-next", "aria-label": "Next zone (report)", placeholder: "next zone" });
  const ships = h("input", { id: "gw-ships", type: "checkbox", "aria-label": "Tell its ships" });
  const text = h("input", { id: "gw-text", "aria-label": "Words", placeholder: "words" });
  return {
    fields: h("div", {}, kind, seat, fleet, zone, next, h("label", {}, ships, " ships"), text, battle, losses),
    read() {
      if (kind.value === "move") return { kind: "move", fleet: fleet.value, zone: zone.value };
      if (kind.value === "settle") return { settle: battle.value || waiting(), result: { ships: lossesOf(losses.value), summary: text.value } };
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
  return h("ul", {}, (view?.fleets || []).map((f) => h("li", {}, `${f.name} · ${f.zone} · ${f.mission}`)));
}

export function seatSummary(view) {
  return h("div", {}, `${(view?.fleets || []).length} fleets · ${(view?.reports || []).length} reports this turn`);
}
