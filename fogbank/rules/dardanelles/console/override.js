// The Dardanelles overrides the umpire may make (fogbank/rules/dardanelles/overrides.py): move
// the boat, set its air, battery, level or torpedoes, remove or add a vessel. The console's override panel holds
// these fields, adds the reason and sends the override.

import { h } from "/web/dom.js";

const KINDS = [
  ["move_boat", "Move the boat"],
  ["set_air", "Set air"],
  ["set_battery", "Set battery"],
  ["set_level", "Set level"],
  ["set_torpedoes", "Set torpedoes"],
  ["remove_vessel", "Remove a vessel"],
  ["add_vessel", "Add a vessel"],
];
const VESSEL_TYPES = ["caique", "patrol_boat", "transport", "battleship"];
const LEVELS = ["surface", "periscope", "submerged", "bottom"];
const MOST = { set_air: 20, set_battery: 36 }; // a full air supply; a full battery
const CHARGE = { set_air: "5 air", set_battery: "6 battery" }; // an hour on the surface gives back
const AT_A_SQUARE = ["move_boat", "add_vessel"];

/** The fields, read back as an override, and a square picked on the map. */
export function override({ view }) {
  const kind = h("select", { id: "override-kind", name: "kind" }, KINDS.map(([value, words]) => h("option", { value }, words)));
  const number = h("input", { id: "override-number", name: "number", type: "number", min: 1, step: 1 });
  // A vessel to remove is picked from the roster, in words, where each is now.
  const vessel = h("select", { id: "override-vessel", name: "vessel" });
  const type = h("select", { id: "override-type", name: "vessel_type" }, VESSEL_TYPES.map((t) => h("option", { value: t }, t.replace("_", " "))));
  const square = h("input", { id: "override-square", name: "square", placeholder: "K7", size: 4, autocomplete: "off" });
  const value = h("input", { id: "override-value", name: "value", type: "number", min: 0, step: 1 });
  const name = h("input", { id: "override-name", name: "name", placeholder: "optional" });
  const level = h("select", { id: "override-level", name: "level" }, LEVELS.map((l) => h("option", { value: l }, l)));
  const loaded = h("input", { id: "override-loaded", name: "loaded", type: "number", min: 0, step: 1 });
  const spare = h("input", { id: "override-spare", name: "spare", type: "number", min: 0, step: 1 });
  const charge = h("p", { id: "override-charge", class: "muted", hidden: true });
  const labelled = (kinds, words, input) => h("label", { "data-for": kinds.join(" ") }, words, " ", input);
  const fieldsFor = [
    labelled(["add_vessel"], "New vessel no.", number),
    labelled(["remove_vessel"], "Vessel", vessel),
    labelled(["add_vessel"], "Type", type),
    labelled(AT_A_SQUARE, "Square", square),
    labelled(["set_air", "set_battery"], "Value", value),
    labelled(["add_vessel"], "Name", name),
    labelled(["set_level"], "Level", level),
    labelled(["set_torpedoes"], "Loaded", loaded),
    labelled(["set_torpedoes"], "Spare", spare),
  ];
  /** The vessels afloat, each by number, type, name and square as the truth has them now. */
  const vessels = () => {
    const afloat = (view()?.vessels || []).filter((v) => !v.sunk);
    const options = afloat.map((v) => [String(v.number), `${v.number}: ${v.name ? `${v.name}, ` : ""}${v.type.replaceAll("_", " ")} at ${v.square}`]);
    if (JSON.stringify(options) === JSON.stringify([...vessel.options].map((o) => [o.value, o.textContent]))) return; // a list open stays open
    const kept = vessel.value;
    vessel.replaceChildren(...options.map(([value, words]) => h("option", { value }, words)));
    if (options.some(([value]) => value === kept)) vessel.value = kept;
  };
  const show = () => {
    vessels();
    for (const label of fieldsFor) label.hidden = !label.dataset.for.split(" ").includes(kind.value);
    value.max = MOST[kind.value] ?? "";
    const boat = view()?.boat;
    if (boat && kind.value === "set_air") value.placeholder = String(boat.air);
    if (boat && kind.value === "set_battery") value.placeholder = String(boat.battery);
    if (boat && kind.value === "set_level") level.value = boat.level;
    // The rules charge a surfaced boat after the override: say so before it is undone unseen.
    const surfaced = boat && boat.afloat && boat.level === "surface" && kind.value in CHARGE;
    charge.hidden = !surfaced;
    charge.textContent = surfaced ? `She is on the surface: if she ends the hour there, the charge adds ${CHARGE[kind.value]} (up to full) when the turn resolves. Set it after the turn, or once she has dived, for it to hold.` : "";
    if (boat && kind.value === "set_torpedoes") {
      loaded.max = boat.tubes;
      loaded.placeholder = String(boat.loaded);
      spare.placeholder = String(boat.spare);
    }
  };
  kind.onchange = show;
  show();

  const count = (input) => (input.value === "" ? null : Number(input.value));
  return {
    fields: h("div", { class: "stack" }, h("label", {}, "Change ", kind), h("div", { class: "row" }, fieldsFor), charge),
    read() {
      const chosen = { kind: kind.value };
      if (AT_A_SQUARE.includes(kind.value)) chosen.square = square.value.trim().toUpperCase();
      if (kind.value in MOST) chosen.value = count(value);
      if (kind.value === "add_vessel") chosen.number = count(number);
      if (kind.value === "remove_vessel") chosen.number = vessel.value === "" ? null : Number(vessel.value);
      if (kind.value === "set_level") chosen.level = level.value;
      if (kind.value === "set_torpedoes") {
        // Left empty: as it is.
        if (loaded.value !== "") chosen.loaded = count(loaded);
        if (spare.value !== "") chosen.spare = count(spare);
      }
      if (kind.value === "add_vessel") {
        chosen.vessel_type = type.value;
        if (name.value.trim()) chosen.name = name.value.trim();
      }
      return chosen;
    },
    /** The truth changed: the roster's vessels where they are now. */
    refresh: vessels,
    pick(place) {
      const there = (view()?.vessels || []).find((v) => !v.sunk && v.square === place.name);
      if (kind.value === "remove_vessel" && there) {
        vessels();
        vessel.value = String(there.number);
        return;
      }
      square.value = place.name;
      if (!AT_A_SQUARE.includes(kind.value)) kind.value = "move_boat";
      show();
    },
  };
}
