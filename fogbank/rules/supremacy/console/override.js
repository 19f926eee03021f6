// The Supremacy at Sea overrides the umpire may make (fogbank/rules/supremacy/overrides.py): move
// a ship (position in inches, course, speed), set her damage points, remove her from play (sunk or
// gone), set the visibility. The console's override panel holds these fields, adds the reason and
// sends the override; positions are typed in inches and sent in tenths, as the views give them.
// The table has no map places to click, so the form is filled by hand.

import { h } from "/web/dom.js";

const KINDS = [
  ["move_ship", "Move a ship"],
  ["set_damage", "Set a ship's damage"],
  ["remove_ship", "Remove a ship (sunk or gone)"],
  ["set_visibility", "Set the visibility"],
];
const FIELDS = { ship: ["move_ship", "set_damage", "remove_ship"], at: ["move_ship"], course: ["move_ship"],
  speed: ["move_ship"], damage: ["set_damage"], inches: ["set_visibility"] };

export function override({ view }) {
  const kind = h("select", { id: "override-kind", name: "kind" }, KINDS.map(([value, words]) => h("option", { value }, words)));
  const ship = h("select", { id: "override-ship", name: "ship" });
  const number = (id, attrs) => h("input", { id: `override-${id}`, name: id, type: "number", ...attrs });
  const x = number("x", { step: 0.1 });
  const y = number("y", { step: 0.1 });
  const course = number("course", { min: 0, max: 359, step: 1 });
  const speed = number("speed", { min: 0, step: 1 });
  const damage = number("damage", { min: 0, step: 1 });
  const inches = number("inches", { min: 0, max: 200, step: 1 });
  const labelled = (field, words, ...inputs) => h("label", { "data-field": field }, words, " ", ...inputs);
  const rows = [
    labelled("ship", "Ship", ship),
    labelled("at", "To (inches east, north)", h("span", { class: "row" }, x, y)),
    labelled("course", "Course", course),
    labelled("speed", "Speed (knots)", speed),
    labelled("damage", "Damage (points)", damage),
    labelled("inches", "Visibility (inches)", inches),
  ];
  const afloat = () => (view()?.ships || []).filter((s) => !s.sunk);

  /** The ships afloat to choose from; the choice kept when the list is drawn again. */
  function ships() {
    const chosen = ship.value;
    const options = afloat().map((s) => [s.name, s.title]);
    if (JSON.stringify(options) === JSON.stringify([...ship.options].map((o) => [o.value, o.textContent]))) return; // a list open stays open
    ship.replaceChildren(...options.map(([name, title]) => h("option", { value: name }, title)));
    if (afloat().some((s) => s.name === chosen)) ship.value = chosen;
  }

  /** The fields the kind needs, filled with the ship as she now stands. */
  function show() {
    ships();
    for (const row of rows) row.hidden = !FIELDS[row.dataset.field].includes(kind.value);
    const now = afloat().find((s) => s.name === ship.value);
    if (now) {
      [x.value, y.value] = now.at.map((v) => (v / 10).toFixed(1));
      [course.value, speed.value, damage.value] = [now.course, now.speed, now.damage];
      damage.max = now.points - 1;
    }
    if (view()) inches.value = String(view().visibility / 10);
  }

  kind.onchange = show;
  ship.onfocus = ships;
  ship.onchange = show;
  show();
  return {
    fields: h("div", { class: "stack" }, h("label", {}, "Change ", kind), h("div", { class: "row" }, rows)),
    read() {
      const chosen = { kind: kind.value };
      if (FIELDS.ship.includes(kind.value)) chosen.ship = ship.value;
      if (kind.value === "move_ship") {
        chosen.at = [Math.round(Number(x.value) * 10), Math.round(Number(y.value) * 10)];
        [chosen.course, chosen.speed] = [Number(course.value), Number(speed.value)];
      }
      if (kind.value === "set_damage") chosen.damage = Number(damage.value);
      if (kind.value === "set_visibility") chosen.inches = Number(inches.value);
      return chosen;
    },
    /** The truth changed: the ships afloat now (one sunk is no longer offered). */
    refresh: ships,
    pick() {
      show(); // no places on this table: a click only brings the fields up to date
    },
  };
}
