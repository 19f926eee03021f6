// The Salvo order pad: orders by pointing at the hex map, one phase at a time (docs/payloads.md,
// Orders). Movement: pick a ship (on the map or in the list), then click hexes: its path is
// plotted hex by hex, turning as it must, with its speed and turns against the limits its view
// carries (12.31, as the rules work them) shown as it is plotted. Gunfire: pick a ship, click a
// contact. Dummies are placed with a click and plotted like ships; smoke is a tick; starshells and
// searchlights at night, and the minelayer's secret mines on turn 1, are clicks too. Whether the
// rules take the order is theirs to say: the page asks the server (`check`) as it is written and
// shows their words. The path traced here is held to movement.py's by a parity test
// (tests/rules/salvo/test_pad_parity.py).

import { h } from "/web/dom.js";
import { FACINGS, side } from "/web/rulesets/salvo/draw.js";
import { aimWords, facingWords, learnNames, learnWelcome, phaseWords, shipName } from "/web/rulesets/salvo/words.js";

/** The pad's shared picture of what is being drafted, read by the chart too. */
export const draft = {
  selected: null, // the id of the unit being ordered ("new-1" for a new dummy)
  battery: "target", // what a click on a contact aims: "target", "secondary" or "torpedo"
  tool: "ship", // "ship"; "dummy" while the next click places a dummy; "starshell" or "searchlight" at night
  map: null, // the seat's map, as last drawn
  select: null, // picks a unit from elsewhere on the page (the ships' list)
  aim: null, // aims the picked unit at a contact picked elsewhere (the contacts table), by label
};

/** Where a path takes a unit, as movement.py's trace runs it: {hexes (start first), facing, off
 * (its last step left the map: what the path says after that is moot), land}. */
export function trace(map, hex, facing, path) {
  const hexes = [hex];
  let face = facing ?? "A";
  let off = false;
  for (const c of path) {
    if (c === "L" || c === "R") face = FACINGS[(FACINGS.indexOf(face) + (c === "R" ? 1 : 5)) % 6];
    else {
      const next = map.step(hexes.at(-1), side(face));
      if (!next) {
        off = true;
        break;
      }
      hexes.push(next);
    }
  }
  return { hexes, facing: face, off, land: hexes.slice(1).some((x) => map.terrainAt(x) === "#") };
}

/** Turns in a path: each run of L and R is one (movement.py's turns_in). */
export function turnsIn(path) {
  return [...path].filter((c, i) => "LR".includes(c) && (i === 0 || path[i - 1] === "F")).length;
}

/** Whether a unit may fire anything this turn: the view's `batteries`, as the rules judge them
 * (a fort silenced, a ship without power, a dummy: none). */
const armed = (u) => (u.batteries || []).length > 0;

/** A unit on the pad as a person reads it: a ship by her name, a dummy by where it is. */
export function unitLabel(u) {
  if (u.id.startsWith("new-")) return u.name;
  return u.kind === "dummy" ? `dummy at ${u.hex}` : u.name;
}
export const speedOf = (path) => [...path].filter((c) => c === "F").length;
export const longestTurn = (path) => Math.max(0, ...path.split("F").map((run) => run.length));

/** The path extended to reach hex `to`, a step at a time: the neighbour nearest `to`, ahead first. */
export function extend(map, unit, path, to) {
  let now = trace(map, unit.hex, unit.facing, path);
  let steps = 0;
  while (now.hexes.at(-1) !== to && steps < 12 && !now.off) {
    const here = now.hexes.at(-1);
    const ahead = side(now.facing);
    let best = null;
    for (const turn of [0, 1, -1, 2, -2, 3]) {
      const next = map.step(here, (ahead + turn + 6) % 6);
      if (!next) continue;
      const away = map.distance(next, to);
      if (!best || away < best.away) best = { turn, away };
    }
    if (!best || best.away >= map.distance(here, to)) break;
    path += (best.turn > 0 ? "R" : "L").repeat(Math.abs(best.turn)) + "F";
    now = trace(map, unit.hex, unit.facing, path);
    steps += 1;
  }
  return path;
}

/** A path measured against the unit's `limits` (its view's, as the rules work them: speed, turns,
 * hexsides a turn), as it is plotted: [words, past them]. Whether the rules take the path (the
 * map's edge, land) is the check's to say, in their words. */
export function measure(map, unit, path) {
  const { speed: most, turns: allowed, hexsides } = unit.limits;
  const speed = speedOf(path);
  const turns = turnsIn(path);
  const where = trace(map, unit.hex, unit.facing, path);
  const over = (most !== null && speed > most) || turns > allowed || longestTurn(path) > hexsides;
  return [`speed ${speed}${most !== null ? ` of ${most}` : ""} · turns ${turns} of ${allowed}${where.off ? " · leaves the map" : ""}`, over];
}

/** How a shot from `from` at `to` stands, as the seat can tell: range, sight, land and smoke between. */
export function sighting(map, view, from, to) {
  const distance = map.distance(from, to);
  const between = map.line(from, to).slice(1, -1);
  return {
    distance,
    land: between.filter((x) => map.terrainAt(x) === "#").length,
    smoke: between.some((x) => (view.smoke || []).includes(x)),
    seen: distance <= view.visibility,
  };
}

function sightWords(shot, range, fort) {
  const words = [`${shot.distance} hexes${range ? ` (range ${range})` : ""}`];
  if (range && shot.distance > range) words.push("OUT OF RANGE");
  if (!shot.seen) words.push("beyond visibility");
  if (shot.land > (fort ? 1 : 0)) words.push(`${shot.land} land hex${shot.land === 1 ? "" : "es"} between`);
  if (shot.smoke) words.push("through smoke");
  return words.join(" · ");
}

export function orderForm({ view, welcome, changed }) {
  learnWelcome(welcome); // the facings' words, the sides' and seats' titles
  let plan = fresh();
  let phaseKey = null;
  let keep = false; // a draft was filled in for the phase about to open
  const root = h("div", { class: "salvo-pad" });

  function fresh() {
    return { moves: {}, smoke: [], dummies: [], fire: {}, mines: [], starshells: {}, searchlights: {} };
  }

  /** Start a clean pad when a new phase opens (keeping a draft filled in for it). */
  function sync() {
    const now = view();
    const key = now ? `${now.turn}/${now.phase}` : null;
    if (key === phaseKey) return;
    if (!keep) {
      plan = fresh();
      draft.tool = "ship";
    }
    keep = false;
    phaseKey = key;
    if (draft.selected && !units().some((u) => u.id === draft.selected)) draft.selected = null;
    render();
  }

  const ships = () => (view()?.ships || []).filter((u) => !u.sunk && !u.exited);
  const newDummies = () => plan.dummies.map((d, i) => ({ id: `new-${i + 1}`, name: `new dummy ${i + 1}`, kind: "dummy", hex: d.hex, facing: d.facing,
    limits: welcome.chart.dummy_limits }));
  const units = () => [...ships(), ...newDummies()];
  const unitOf = (id) => units().find((u) => u.id === id) ?? null;
  const pathOf = (unit) => (unit.id.startsWith("new-") ? plan.dummies[Number(unit.id.slice(4)) - 1].path : plan.moves[unit.id]);

  function undone(unit) {
    const path = pathOf(unit) ?? "";
    return path.length > 1 || unit.id.startsWith("new-") ? path.slice(0, -1) : null;
  }

  function setPath(unit, path) {
    if (unit.id.startsWith("new-")) plan.dummies[Number(unit.id.slice(4)) - 1].path = path;
    else if (path === null) delete plan.moves[unit.id];
    else plan.moves[unit.id] = path;
  }

  function edit(change) {
    change();
    render();
    changed();
  }

  function select(id) {
    draft.selected = id;
    render();
    changed();
  }

  const button = (words, action, attrs = {}) => {
    const b = h("button", { type: "button", class: "quiet", ...attrs }, words);
    b.onclick = () => edit(action);
    return b;
  };

  // Each phase's part of the pad ------------------------------------------------------------------

  function shipList(canAct) {
    const list = units().filter(canAct);
    if (!list.length) return h("p", { class: "muted" }, "None of your units acts in this phase.");
    return h(
      "div",
      { class: "unit-picks", role: "group", "aria-label": "Your units" },
      list.map((u) => {
        const b = h("button", { type: "button", class: "unit-pick", "data-unit": u.id, "aria-pressed": String(u.id === draft.selected), title: u.kind === "dummy" ? null : `counter ${u.id}` }, unitLabel(u));
        b.onclick = () => select(u.id);
        return b;
      }),
    );
  }

  function movement(now) {
    const unit = unitOf(draft.selected);
    const movable = (u) => u.kind !== "fort";
    if (!units().some(movable)) return [shipList(movable)];
    const parts = [
      h("p", { class: "hint" }, "Pick a ship (a button, or its hex), then click the hexes it steams through, one after another; click its own hex again for the next ship there. Ships not plotted hold course and speed."),
      shipList(movable),
    ];
    if (unit && movable(unit)) {
      const path = pathOf(unit);
      const [words, over] = path === undefined || path === null || !draft.map ? ["holds course and speed", false] : measure(draft.map, unit, path);
      parts.push(
        h("div", { class: "plot", "data-unit": unit.id },
          h("div", {}, h("strong", {}, unitLabel(unit)), " ", h("code", { id: "plot-path" }, path ?? "(holds course)"), " ", h("span", { class: over ? "over" : "muted", id: "plot-judged" }, words)),
          h("div", { class: "row" },
            button("↺ turn left", () => setPath(unit, (pathOf(unit) ?? "") + "L"), { id: "plot-left" }),
            button("ahead", () => setPath(unit, (pathOf(unit) ?? "") + "F"), { id: "plot-ahead" }),
            button("turn right ↻", () => setPath(unit, (pathOf(unit) ?? "") + "R"), { id: "plot-right" }),
            // Undone back to nothing, a ship holds course and speed (an empty path would stop her dead).
            button("undo", () => setPath(unit, undone(unit)), { id: "plot-undo" }),
            button("stop", () => setPath(unit, ""), { id: "plot-stop" }),
            unit.id.startsWith("new-")
              ? button("remove dummy", () => { plan.dummies.splice(Number(unit.id.slice(4)) - 1, 1); draft.selected = null; }, { id: "dummy-remove" })
              : button("hold course", () => setPath(unit, null), { id: "plot-hold" }),
          ),
        ),
      );
    }
    if (welcome.briefing?.dummies) {
      const placing = draft.tool === "dummy";
      const most = welcome.chart.dummies_per_turn;
      const place = h("button", { type: "button", id: "dummy-new", "aria-pressed": String(placing), disabled: plan.dummies.length >= most }, placing ? "Click a water hex for the dummy…" : "Place a dummy");
      place.onclick = () => edit(() => (draft.tool = placing ? "ship" : "dummy"));
      parts.push(h("div", { class: "row" }, place, h("span", { class: "muted small" }, `${plan.dummies.length} of ${most} this turn`)));
    }
    const plotted = Object.entries(plan.moves).map(([uid, path]) => h("li", {}, h("b", {}, shipName(uid)), ` ${path || "stops dead in the water"}`));
    const dummies = plan.dummies.map((d, i) => h("li", {}, h("b", {}, `new dummy ${i + 1}`), ` at ${d.hex}, facing ${facingWords(d.facing)}: ${d.path || "(stays)"}`));
    parts.push(h("ul", { class: "plan", id: "plan" }, plotted, dummies));
    return parts;
  }

  function gunfire(now) {
    const unit = unitOf(draft.selected);
    if (!units().some(armed)) return [shipList(armed)];
    // Only the batteries the picked ship may fire this turn (the view's, as the rules judge them).
    const ready = unit?.batteries ?? ["target", "secondary", "torpedo"];
    const batteries = h(
      "div",
      { class: "segmented", role: "radiogroup", "aria-label": "Battery" },
      [["target", "main"], ["secondary", "secondary"], ["torpedo", "torpedoes"]].map(([value, words]) => {
        const radio = h("input", { type: "radio", name: "battery", value, checked: draft.battery === value, "data-battery": value, disabled: !ready.includes(value) });
        radio.onchange = () => edit(() => (draft.battery = value));
        return h("label", {}, radio, h("span", {}, words));
      }),
    );
    const parts = [
      h("p", { class: "hint" }, "Pick a ship, then click a contact to aim at it."),
      shipList(armed),
      h("div", { class: "row" }, h("span", { class: "small muted" }, "A click aims the"), batteries),
    ];
    if (unit && armed(unit)) {
      const aims = plan.fire[unit.id] || {};
      const contact = (n) => (now.contacts || []).find((c) => c.label === n);
      const lines = Object.entries(aims).filter(([k]) => k !== "spotter").map(([battery, n]) => {
        const c = contact(n);
        const shot = c && draft.map ? sightWords(sighting(draft.map, now, unit.hex, c.hex), c.kind === "zeppelin" ? null : unit.reaches?.[battery], unit.kind === "fort") : "";
        // 12.41 stops guns, not torpedoes (which run under the water): the view says where it
        // bites; why, and what the rule says, is the rules' refusal below the pad, said once.
        const blocked = battery !== "torpedo" && unit.lines_blocked?.[String(n)];
        return h("li", { "data-battery": battery }, `${battery === "target" ? "main" : battery} at #${n} ${c?.identity?.name ?? ""} — ${shot}`,
          blocked ? h("div", { class: "over", "data-rule": "12.41" }, "line blocked (12.41): the rules refuse this shot") : null);
      });
      parts.push(h("div", { class: "plot", "data-unit": unit.id }, h("strong", {}, unit.name), ` guns ${unit.attack}${unit.secondary ? `+${unit.secondary}` : ""}, range ${unit.range}`,
        h("ul", {}, lines.length ? lines : h("li", { class: "muted" }, "no target yet")),
        unit.kind === "capital" || unit.kind === "screen" ? smokeCard(unit) : null,
        h("div", { class: "row" }, button("hold fire", () => delete plan.fire[unit.id], { id: "fire-clear" }),
          aims.target !== undefined ? button(`all ships at #${aims.target}`, () => {
            for (const u of units().filter((x) => (x.batteries || []).includes("target"))) plan.fire[u.id] = { ...(plan.fire[u.id] || {}), target: aims.target };
          }, { id: "fire-all" }) : null)));
    }
    const given = Object.entries(plan.fire).map(([uid, f]) => h("li", {}, h("b", {}, shipName(uid)), ` ${aimWords(f)}`));
    parts.push(h("ul", { class: "plan", id: "plan" }, given, plan.smoke.length ? h("li", {}, `smoke next move: ${plan.smoke.map(shipName).join(", ")}`) : null));
    return parts;
  }

  /** NWS smoke: the card is shown a phase ahead, in the open; the smoke is laid in the next move. */
  function smokeCard(unit) {
    const box = h("input", { type: "checkbox", id: "plot-smoke", checked: plan.smoke.includes(unit.id) });
    box.onchange = () => edit(() => (plan.smoke = box.checked ? [...plan.smoke, unit.id] : plan.smoke.filter((x) => x !== unit.id)));
    return h("label", { class: "check" }, box, " make smoke next move (everyone who sees her is told now; a marker in every hex she leaves but the last, lifted as the turn ends)");
  }

  function sighting_(now) {
    const parts = [];
    if (now.mines_to_lay) {
      parts.push(h("p", { class: "hint" }, `Click ${now.mines_to_lay} open-water hexes to mine them in secret (they may not hold a ship at the start). Only you and the umpire will know.`));
      parts.push(h("p", { id: "mines-chosen" }, `Mines: ${plan.mines.join(" ") || "none yet"} (${plan.mines.length} of ${now.mines_to_lay})`));
      parts.push(button("clear mines", () => (plan.mines = []), { id: "mines-clear" }));
    }
    if (now.night) {
      const tools = h(
        "div",
        { class: "segmented", role: "radiogroup", "aria-label": "Declare" },
        [["starshell", "starshell over a hex"], ["searchlight", "searchlight on a contact"]].map(([value, words]) => {
          const radio = h("input", { type: "radio", name: "declare", value, checked: draft.tool === value });
          radio.onchange = () => edit(() => (draft.tool = value));
          return h("label", {}, radio, h("span", {}, words));
        }),
      );
      parts.push(h("p", { class: "hint" }, `Pick a ship, then click: a starshell bursts up to ${welcome.chart.starshell_range} hexes off; a searchlight lights a contact within ${welcome.chart.searchlight_range}.`),
        shipList((u) => u.starshells || u.searchlight), tools);
      const declared = [
        ...Object.entries(plan.starshells).map(([uid, hex]) => h("li", {}, `${shipName(uid)} starshell over ${hex}`)),
        ...Object.entries(plan.searchlights).map(([uid, n]) => h("li", {}, `${shipName(uid)} searchlight on #${n}`)),
      ];
      parts.push(h("ul", { class: "plan", id: "plan" }, declared), button("clear", () => { plan.starshells = {}; plan.searchlights = {}; }));
    }
    if (!parts.length) parts.push(h("p", { class: "muted" }, "Nothing to declare in this phase."));
    return parts;
  }

  /** The battery a click aims: the one chosen, or the picked ship's first that may fire. */
  function batteryOf(unit) {
    const ready = unit?.batteries ?? [];
    return ready.includes(draft.battery) || !ready.length ? draft.battery : ready[0];
  }

  function render() {
    const now = view();
    if (!now) return root.replaceChildren(h("p", { class: "muted" }, "Waiting for your view…"));
    learnNames(now); // the plan names the ships, even before the chart is drawn
    const parts = { movement, gunfire, sight_first: sighting_, sight_second: sighting_ }[now.phase];
    root.replaceChildren(h("div", { class: "phase-name" }, `${phaseWords(now.phase)} · turn ${now.turn}`), ...(parts ? parts(now) : [h("p", { class: "muted" }, "Nothing is ordered in this phase.")]).flat(Infinity).filter(Boolean));
  }


  draft.select = select;
  // A contact picked from the contacts table: the picked ship's chosen battery aims at it in
  // gunfire, its searchlight lights it at night. False when there is nothing to aim with.
  draft.aim = (label) => {
    const now = view();
    const unit = unitOf(draft.selected);
    // A contact only remembered (last seen) is not in the picture: nothing can aim at it.
    if (!now || !unit || !(now.contacts || []).some((c) => c.label === label)) return false;
    if (now.phase === "gunfire" && armed(unit)) edit(() => (plan.fire[unit.id] = { ...(plan.fire[unit.id] || {}), [batteryOf(unit)]: label }));
    else if (draft.tool === "searchlight" && unit.searchlight) edit(() => (plan.searchlights[unit.id] = label));
    else return false;
    return true;
  };
  render();
  return {
    fields: root,
    read() {
      sync();
      const now = view();
      const phase = now?.phase;
      const order = {};
      if (phase === "movement") {
        if (Object.keys(plan.moves).length) order.moves = { ...plan.moves };
        if (plan.dummies.length) order.dummies = plan.dummies.map((d) => ({ ...d }));
      } else if (phase === "gunfire") {
        if (Object.keys(plan.fire).length) order.fire = structuredClone(plan.fire);
        if (plan.smoke.length) order.smoke = [...plan.smoke];
      } else if (phase === "sight_first" || phase === "sight_second") {
        if (now.mines_to_lay) order.mines = [...plan.mines];
        if (Object.keys(plan.starshells).length) order.starshells = { ...plan.starshells };
        if (Object.keys(plan.searchlights).length) order.searchlights = { ...plan.searchlights };
      }
      return order;
    },
    fill(order) {
      plan = { ...fresh(), ...structuredClone(order || {}) };
      plan.moves ||= {};
      plan.fire ||= {};
      // Kept through the next clean start only when that is still to come (a draft put back
      // before its phase's view): filled in the phase now open, it goes when the phase does.
      const now = view();
      keep = !now || phaseKey !== `${now.turn}/${now.phase}`;
      render();
    },
    cost() {
      sync();
      const now = view();
      if (!now) return null;
      if (now.phase === "movement" && draft.map) {
        const measured = units().filter((u) => pathOf(u) !== undefined && pathOf(u) !== null && u.limits).map((u) => measure(draft.map, u, pathOf(u)));
        const over = measured.filter(([, past]) => past).length;
        return { text: `${measured.length} plotted, the rest hold course${over ? ` · ${over} past their limits` : ""}`, over: over > 0 };
      }
      if (now.phase === "gunfire") {
        return { text: `${Object.keys(plan.fire).length} of ${ships().filter(armed).length} given targets`, over: false };
      }
      if (now.mines_to_lay) return { text: `${plan.mines.length} of ${now.mines_to_lay} mines placed`, over: plan.mines.length !== now.mines_to_lay };
      return null;
    },
    /** A hex clicked on the map: select, plot, aim, place or mine, as the phase has it. */
    pick(place, map) {
      const now = view();
      if (!now) return;
      draft.map = map;
      const here = units().filter((u) => u.hex === place.name && (now.phase !== "movement" || !pathOf(u)));
      const contacts = (now.contacts || []).filter((c) => c.hex === place.name);
      const unit = unitOf(draft.selected);
      if (now.mines_to_lay && (now.phase === "sight_first")) {
        if (plan.mines.includes(place.name)) plan.mines = plan.mines.filter((x) => x !== place.name);
        else if (!place.land && plan.mines.length < now.mines_to_lay) plan.mines.push(place.name);
      } else if (draft.tool === "dummy" && now.phase === "movement") {
        if (!place.land) {
          plan.dummies.push({ hex: place.name, facing: "A", path: "" });
          draft.selected = `new-${plan.dummies.length}`;
        }
        draft.tool = "ship";
      } else if (here.length && (!unit || unit.hex === place.name || now.phase !== "movement") && !(now.phase === "gunfire" && contacts.length && unit)) {
        // With a ship picked, a click in movement plots, even into a hex of one's own ships:
        // another ship is picked from the buttons, or by clicking the picked ship's own hex.
        // A stack clicked again picks the next unit in it.
        const at = here.findIndex((u) => u.id === draft.selected);
        draft.selected = here[(at + 1) % here.length].id;
      } else if (unit && now.phase === "movement" && unit.kind !== "fort") {
        setPath(unit, extend(map, unit, pathOf(unit) ?? "", place.name));
      } else if (unit && now.phase === "gunfire" && contacts.length) {
        const aims = plan.fire[unit.id] || {};
        const battery = batteryOf(unit);
        const at = contacts.findIndex((c) => c.label === aims[battery]);
        plan.fire[unit.id] = { ...aims, [battery]: contacts[(at + 1) % contacts.length].label };
      } else if (unit && draft.tool === "starshell" && unit.starshells) {
        plan.starshells[unit.id] = place.name;
      } else if (unit && draft.tool === "searchlight" && unit.searchlight && contacts.length) {
        plan.searchlights[unit.id] = contacts[0].label;
      }
      render();
    },
    /** A new view came: a new phase starts a clean pad (a draft put back for it is kept). */
    seen() {
      sync();
    },
    plan: () => plan,
    pathOf: (id) => {
      const unit = unitOf(id);
      return unit ? pathOf(unit) : undefined;
    },
    units,
  };
}
