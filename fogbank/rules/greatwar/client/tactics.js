// A fleet's tactics on the plot pad: how it fights if it meets the enemy (docs/payloads.md, the
// order's `tactics`). The controls show the rules' default for the fleet's mission until the player
// changes one; only what differs from the mission's default is sent, so a fleet whose mission
// changes follows the new mission's defaults in everything the player left alone.

import { h } from "/web/dom.js";

const STAND = new Set(["bombard", "lay mines", "refuel"]);
const TORPEDO_CRAFT = new Set(["DD", "DL", "TB"]);

/** The rules' tactics for a mission (tactical/areas.py, Tactics.of). */
export function defaults(mission) {
  const posture = STAND.has(mission) ? "stand" : mission === "transport" ? "keep_off" : "close";
  return { posture, smoke: mission === "transport", break_off: 0.5, torpedoes: true, target: "biggest" };
}

const POSTURE = { close: "close in", stand: "stand", keep_off: "keep off" };
const TARGET = { biggest: "the biggest ships", nearest: "the nearest", small: "the small ships" };
const SHARE = { 0: "never", 0.25: "at ¼ of its hull left", 0.5: "at ½ of its hull left", 0.75: "at ¾ of its hull left",
  1: "at the first chance", outgunned: "when the enemy in sight outguns it" };

/** Each control: its words, its options (or a checkbox), and one sentence of what it does. */
const CONTROLS = [
  { name: "posture", label: "Posture", options: POSTURE,
    says: "Close in steers for the nearest enemy in sight; stand never moves; keep off backs out of the enemy's sight, and off the board if cornered." },
  { name: "target", label: "Guns at", options: TARGET, says: "Which enemy group its guns pick first." },
  { name: "break_off", label: "Break off", options: SHARE,
    says: "From round 2 the side runs for it: at once, when its hull left falls to this share, or when the enemy it sees has more guns (its most cautious fleet decides)." },
  { name: "smoke", label: "Lay smoke", says: "Smoke after each move hides the fleet, but the next battle event may turn to fog." },
  { name: "torpedoes", label: "Torpedoes", torpedo: true, says: "Its destroyers fire their torpedoes once a battle, from the target's area." },
];

/** Words for a value of one control. */
function said(name, value) {
  if (name === "posture") return POSTURE[value];
  if (name === "target") return `guns at ${TARGET[value]}`;
  if (name === "break_off") return value === 0 ? "never breaks off" : `breaks off ${SHARE[value] ?? `at ${value} of its hull left`}`;
  if (name === "smoke") return value ? "smoke" : "no smoke";
  return value ? "torpedoes" : "no torpedoes";
}

/** The tactics controls of one fleet (a view's fleet: its `tactics` are what its last plot gave,
 * shown at first): {box (a Node), read(mission) -> the tactics to send (only what differs from
 * the mission's default), fill(tactics), show(mission) (redraw for a mission, keeping choices)}. */
export function tacticsControls(fleet, changed) {
  const hasTorpedoes = (fleet.ships || []).some((ship) => TORPEDO_CRAFT.has(ship.kind));
  let mission = fleet.mission;
  let chosen = {};
  const inputs = {};
  const rows = [];
  for (const control of CONTROLS) {
    if (control.torpedo && !hasTorpedoes) continue;
    const aria = `${fleet.name}: ${control.label.toLowerCase()}`;
    const input = control.options
      ? h("select", { class: `tactic ${control.name}`, "data-fleet": fleet.id, "data-tactic": control.name, "aria-label": aria },
        Object.entries(control.options).map(([value, words]) => h("option", { value }, words)))
      : h("input", { type: "checkbox", class: `tactic ${control.name}`, "data-fleet": fleet.id, "data-tactic": control.name, "aria-label": aria });
    input.onchange = () => {
      const value = !control.options ? input.checked
        : control.name === "break_off" && input.value !== "outgunned" ? Number(input.value) : input.value;
      if (value === defaults(mission)[control.name]) delete chosen[control.name];
      else chosen[control.name] = value;
      show(mission);
      changed();
    };
    inputs[control.name] = input;
    const field = h("label", { class: "tactic-field" }, h("span", { class: "tactic-name" }, control.label), input);
    field.style.display = "grid";
    field.style.gridTemplateColumns = "6.5em minmax(0, 1fr)";
    field.style.alignItems = "center";
    field.style.margin = "2px 0 0";
    input.style.width = control.options ? "100%" : "auto";
    input.style.justifySelf = "start";
    const note = h("p", { class: "muted small tactic-says" }, control.says);
    note.style.margin = "0 0 4px 6.5em";
    rows.push(field, note);
  }
  const summary = h("summary", { class: "small" });
  const box = h("details", { class: "tactics", "data-fleet": fleet.id }, summary, ...rows);

  /** Draw the controls for this mission: what the player chose, else the mission's default. */
  function show(now) {
    mission = now;
    const base = defaults(mission);
    const values = { ...base, ...chosen };
    for (const [name, input] of Object.entries(inputs)) {
      if (input.type === "checkbox") input.checked = Boolean(values[name]);
      else {
        if (![...input.options].some((o) => o.value === String(values[name]))) input.append(h("option", { value: String(values[name]) }, String(values[name])));
        input.value = String(values[name]);
      }
    }
    const words = Object.keys(inputs).filter((name) => name !== "torpedoes" || !values.torpedoes).map((name) => said(name, values[name]));
    const changes = Object.keys(chosen).filter((name) => inputs[name]).length;
    summary.textContent = `If it meets the enemy: ${words.join(", ")} ${changes ? `(${changes} changed from the ${mission} default)` : `(the ${mission} default)`}`;
  }

  function fill(tactics) {
    const base = defaults(mission);
    chosen = Object.fromEntries(Object.entries(tactics || {}).filter(([name, value]) => base[name] !== value));
    show(mission);
  }

  fill(fleet.tactics);
  return {
    box,
    fill,
    show,
    read(now) {
      show(now);
      const base = defaults(now);
      return Object.fromEntries(Object.entries(chosen).filter(([name, value]) => base[name] !== value));
    },
  };
}
