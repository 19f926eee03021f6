// Great War at Sea in the umpire's console: the whole sea on the zone map (every fleet, its plot
// and the zones it passed this move, every minefield), the points and the turn's random event,
// each side's open choices and what the seats chose, and an override form that injects a report
// to a seat, moves a fleet, or settles a battle handed to a linked game (abandoned there).
// Views: views.py.

import { h } from "/web/dom.js";
import { drawFleets, drawReports, knowZones, orderWords, sideName, zoneName } from "/web/rulesets/greatwar/draw.js";
import { battleBoards } from "/web/rulesets/greatwar/battle.js";

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

// The welcome's words, for the override's lists: every seat's title and side, the sides' titles.
const known = { seats: [], chart: null };

/** Keep the seats' titles and the chart (zones, sides) the override names things by. */
export function learn(welcome) {
  known.seats = welcome?.seats || [];
  known.chart = welcome?.chart ?? null;
  knowZones(welcome?.chart);
}

/** A select whose options are [value, words] (or {group: words, options}), the choice kept when
 * drawn again; drawn again only when the options changed, so a list open stays open. */
function choose(select, options) {
  const flat = options.flatMap((o) => (o.options ? o.options : [o]));
  if (JSON.stringify(flat) === JSON.stringify([...select.options].map((o) => [o.value, o.textContent]))) return;
  const kept = select.value;
  const option = ([value, words]) => h("option", { value }, words);
  select.replaceChildren(...options.map((o) => (o.options ? h("optgroup", { label: o.group }, o.options.map(option)) : option(o))));
  if (flat.some(([value]) => value === kept)) select.value = kept;
}

export function override({ view }) {
  const now = () => (typeof view === "function" ? view() : view);
  const kind = h("select", { id: "gw-kind", "aria-label": "Override" }, h("option", { value: "report" }, "inject a report"), h("option", { value: "move" }, "move a fleet"),
    h("option", { value: "settle" }, "settle a battle"));
  // Seats, fleets and zones are picked from lists in words (a zone by a click on the map too).
  const seat = h("select", { id: "gw-seat", "aria-label": "The seat told" });
  const fleet = h("select", { id: "gw-fleet", "aria-label": "Fleet" });
  const zone = h("select", { id: "gw-zone", "aria-label": "Zone (or click the map)" });
  const next = h("select", { id: "gw-next", "aria-label": "Next zone" });
  const ships = h("input", { id: "gw-ships", type: "checkbox" });
  ships.style.justifySelf = "start"; // styled through the DOM: the page's CSP refuses style attributes
  const text = h("input", { id: "gw-text", placeholder: "what the seat reads (a battle: its summary)" });
  // A battle handed to a linked game and abandoned there: the umpire gives its result. The
  // battles the game waits on are offered by where they are fought; the first is chosen.
  const battle = h("select", { id: "gw-battle", "aria-label": "Battle" });
  const losses = h("div", { id: "gw-losses", class: "stack" });
  const handed = () => now()?.handed || [];
  const chosenBattle = () => handed().find((b) => b.id === battle.value) ?? null;
  const sidesOf = () => Object.keys(known.chart?.sides || {});

  /** Every list as the game stands now: seats (those the chosen fleet's report may go to: the
   * other side's), fleets by side with where each is, zones by name, battles waiting. */
  function lists() {
    const fleets = now()?.fleets || [];
    const zones = Object.entries(known.chart?.zones || {}).map(([id, z]) => [id, z.name]).sort((a, b) => a[1].localeCompare(b[1]));
    choose(fleet, sidesOf().map((side) => ({ group: sideName(side),
      options: fleets.filter((f) => f.side === side).map((f) => [f.id, `${f.name} (${zoneName(f.zone)})`]) })));
    const of = fleets.find((f) => f.id === fleet.value)?.side;
    choose(seat, known.seats.filter((s) => !of || s.side !== of).map((s) => [s.seat, s.title || s.seat]));
    choose(zone, zones);
    choose(next, [["", "none told"], ...zones]);
    choose(battle, handed().map((b) => [b.id, `${b.zone}, turn ${b.turn}`]));
    lossRows();
  }

  /** Each ship of the battle chosen, with the hull boxes she lost and whether she sank; each
   * side, whether it left the field. */
  let lossesFor = null;
  function lossRows() {
    const fought = chosenBattle();
    if ((fought?.id ?? null) === lossesFor) return;
    lossesFor = fought?.id ?? null;
    if (!fought) return losses.replaceChildren(h("p", { class: "muted" }, "No battle waits on a result."));
    losses.replaceChildren(...fought.parties.map((party) => h("fieldset", { class: "gw-party", "data-side": party.side },
      h("legend", {}, sideName(party.side)),
      ...party.ships.map((ship) => h("label", { class: "row gw-loss", "data-ship": ship.name }, h("span", {}, ship.name),
        h("input", { type: "number", min: 0, max: Math.max(0, ship.hull - ship.hits), value: 0, "aria-label": `${ship.name}: hull boxes lost`, "data-lost": ship.name }),
        h("label", { class: "check" }, h("input", { type: "checkbox", "data-sunk": ship.name }), " sunk"))),
      h("label", { class: "check" }, h("input", { type: "checkbox", "data-left": party.side }), " left the field"))));
  }

  const row = (words, input, kinds) => {
    const label = h("label", { class: "gw-field" }, h("span", {}, words), input);
    label.style.cssText = FIELD;
    label.dataset.kinds = kinds;
    return label;
  };
  const rows = [row("Fleet", fleet, "report move"), row("To seat", seat, "report"), row("Zone", zone, "report move"),
    row("Next zone", next, "report"), row("Tell its ships", ships, "report"), row("Battle", battle, "settle"),
    row("Losses", losses, "settle"), row("Words", text, "report settle")];
  for (const select of [seat, fleet, zone, next, battle]) select.style.maxWidth = "100%";
  const shown = () => rows.forEach((r) => {
    r.hidden = !r.dataset.kinds.split(" ").includes(kind.value);
    r.style.display = r.hidden ? "none" : "grid"; // the inline grid would outrank [hidden]
  });
  for (const select of [kind, fleet, battle]) select.addEventListener("change", lists);
  kind.addEventListener("change", shown);
  lists();
  shown();
  return {
    fields: h("div", { class: "gw-override" }, kind, ...rows),
    read() {
      if (kind.value === "move") return { kind: "move", fleet: fleet.value, zone: zone.value };
      if (kind.value === "settle") {
        const ships = [...losses.querySelectorAll(".gw-loss")].map((label) => {
          const name = label.dataset.ship;
          const sunk = label.querySelector("[data-sunk]").checked;
          return { name, lost: Number(label.querySelector("[data-lost]").value) || 0, sunk };
        });
        const left = [...losses.querySelectorAll("[data-left]:checked")].map((box) => box.dataset.left);
        return { settle: battle.value, result: { ships, left, summary: text.value } };
      }
      const out = { kind: "report", seat: seat.value, fleet: fleet.value, zone: zone.value, ships: ships.checked, text: text.value };
      if (next.value) out.next_zone = next.value;
      return out;
    },
    /** A zone clicked on the map: the zone the fleet is reported in, or moved to. */
    pick(placeName) {
      if (placeName?.name && known.chart?.zones?.[placeName.name]) zone.value = placeName.name;
    },
    refresh: lists,
  };
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
