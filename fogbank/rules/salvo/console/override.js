// The Salvo overrides the umpire may make (fogbank/rules/salvo/overrides.py): move a unit (and
// turn it), set its W and S hits, remove it from play, set the visibility. The console's override
// panel holds these fields, adds the reason and sends the override. A hex clicked on the map
// fills the hex, and picks a unit there when none is being moved.

import { h } from "/web/dom.js";
import { FACINGS } from "/web/rulesets/salvo/draw.js";
import { facingWords, sideName } from "/web/rulesets/salvo/words.js";

const KINDS = [
  ["move_unit", "Move a unit"],
  ["set_damage", "Set a unit's hits"],
  ["remove_unit", "Remove a unit from play"],
  ["set_visibility", "Set the visibility"],
];
const FIELDS = { unit: ["move_unit", "set_damage", "remove_unit"], hex: ["move_unit"], facing: ["move_unit"], hits: ["set_damage"], value: ["set_visibility"] };

export function override({ view }) {
  const kind = h("select", { id: "override-kind", name: "kind" }, KINDS.map(([value, words]) => h("option", { value }, words)));
  const unit = h("select", { id: "override-unit", name: "unit" });
  const hex = h("input", { id: "override-hex", name: "hex", placeholder: "2005", size: 5, autocomplete: "off", inputmode: "numeric" });
  const facing = h("select", { id: "override-facing", name: "facing" }, h("option", { value: "" }, "as is"), [...FACINGS].map((f) => h("option", { value: f }, facingWords(f))));
  const w = h("input", { id: "override-w", name: "w", type: "number", min: 0, max: 5, step: 1, value: 0 });
  const s = h("input", { id: "override-s", name: "s", type: "number", min: 0, max: 5, step: 1, value: 0 });
  const value = h("input", { id: "override-value", name: "value", type: "number", min: 0, max: 40, step: 1 });
  const labelled = (field, words, ...inputs) => h("label", { "data-field": field }, words, " ", ...inputs);
  const rows = [
    labelled("unit", "Unit", unit),
    labelled("hex", "To hex", hex),
    labelled("facing", "Facing", facing),
    labelled("hits", "W and S hits", h("span", { class: "row" }, w, s)),
    labelled("value", "Visibility (hexes)", value),
  ];

  /** The units to choose from, afloat first, each where it is now; the choice kept when the
   * list is drawn again (on every update: a unit's hex in it is never an old one). */
  function units() {
    const chosen = unit.value;
    const all = [...(view()?.units || [])].sort((a, b) => Number(a.sunk || a.exited) - Number(b.sunk || b.exited) || a.id.localeCompare(b.id));
    const what = (u) => (u.dummy ? `a dummy of ${sideName(u.side)}` : `${u.name} (${u.id})`);
    const options = all.map((u) => [u.id, `${what(u)} at ${u.hex}${u.sunk ? ", sunk" : u.exited ? ", gone" : ""}`]);
    if (JSON.stringify(options) === JSON.stringify([...unit.options].map((o) => [o.value, o.textContent]))) return; // a list open stays open
    unit.replaceChildren(...options.map(([id, words]) => h("option", { value: id }, words)));
    if (chosen && all.some((u) => u.id === chosen)) unit.value = chosen;
  }

  function show() {
    units();
    for (const row of rows) row.hidden = !FIELDS[row.dataset.field].includes(kind.value);
    const now = (view()?.units || []).find((u) => u.id === unit.value);
    if (now && kind.value === "set_damage") [w.value, s.value] = [now.w, now.s];
    if (kind.value === "set_visibility" && view()) value.placeholder = String(view().visibility);
  }

  kind.onchange = show;
  unit.onfocus = units;
  unit.onchange = show;
  show();
  return {
    fields: h("div", { class: "stack" }, h("label", {}, "Change ", kind), h("div", { class: "row" }, rows)),
    read() {
      const chosen = { kind: kind.value };
      if (FIELDS.unit.includes(kind.value)) chosen.unit = unit.value;
      if (kind.value === "move_unit") {
        chosen.hex = hex.value.trim();
        if (facing.value) chosen.facing = facing.value;
      }
      if (kind.value === "set_damage") [chosen.w, chosen.s] = [Number(w.value), Number(s.value)];
      if (kind.value === "set_visibility") chosen.value = Number(value.value);
      return chosen;
    },
    /** The umpire's view changed: the units where they are now. */
    refresh: units,
    pick(place) {
      units();
      hex.value = place.name;
      const here = (view()?.units || []).filter((u) => u.hex === place.name && !u.exited);
      if (kind.value !== "move_unit" && here.length) {
        // Clicking a stack again picks the next unit in it.
        const at = here.findIndex((u) => u.id === unit.value);
        unit.value = here[(at + 1) % here.length].id;
      } else if (!unit.value && here.length) {
        unit.value = here[0].id;
      }
      show();
    },
  };
}
