// The order pad of a Supremacy at Sea seat: one part for each of the seat's ships, made for the
// phase now open. 1A: a move in the game's notation, built by buttons or typed, with the speed it
// makes, the knots she may make (the view's), the turn and the course she ends on shown before it is
// sent. 2B: each group of guns and its target among the ships she sees (a click on a ship in the
// table aims the group last touched), half salvos. 2A: a searchlight's bearing. 3: torpedo banks,
// course and spread. Whether the rules take the orders is theirs to say: the page asks the server
// (`check`) as they are written and shows the rules' words.

import { h } from "/web/dom.js";
import { bearing, distance } from "/web/maps/table.js";
import { moveToward, readMove, speedOf, straightOn, trace } from "./moves.js";

const pad3 = (degrees) => String(degrees).padStart(3, "0");

/** The seat's ships afloat in `view`. */
export function afloat(view) {
  return (view?.ships || []).filter((ship) => !ship.sunk);
}

export function orderForm({ view, welcome, changed }) {
  const chart = welcome.chart;
  const stats = Object.fromEntries(chart.ships.map((ship) => [ship.name, ship]));
  const fields = h("div", { class: "stack", id: "supremacy-pad" });
  let parts = {}; // ship -> {read(), fill(order), ...} for the phase the pad was made for
  let madeFor = null;
  let aiming = null; // the fire group's select last touched: a click on a ship aims it
  // The ship whose move was last touched: a click on the table steers her. Kept by name, not
  // by what has the focus: a click on the table takes the focus from her move field.
  let steering = null;
  let pending = null; // a draft put back before the view it was written on has come

  function moveField(ship, now) {
    // At night until contact the moves are written three ahead: a ship with moves still written
    // has nothing to write; one without writes this turn's and the two after it.
    if (now?.write_ahead && ship.ahead?.length) return writtenAhead(ship);
    // The pad starts from the printed move (turn 1), else straight on at the speed she can keep.
    const keep = Math.max(ship.speed_range[0], Math.min(ship.speed, ship.speed_range[1]));
    const text = h("input", { id: `move-${ship.name}`, class: "mono notation", spellcheck: "false", autocomplete: "off",
      "aria-label": `${ship.title}'s move in the game's notation`, value: ship.first_move ?? straightOn(ship, keep) });
    const inches = h("input", { type: "number", min: 0.25, max: 20, step: 0.25, value: 1, class: "inches", "aria-label": "Inches of the next leg" });
    const add = (kind) => {
      text.value = `${text.value.trim()} ${kind}${Number(inches.value) || 1}`.trim();
      changed();
    };
    const toggle = (word) => {
      const words = text.value.split(/\s+/).filter(Boolean);
      text.value = (words.includes(word) ? words.filter((w) => w !== word) : [word, ...words]).join(" ");
      changed();
    };
    const button = (label, title, act) => {
      const b = h("button", { type: "button", class: "small-button", title }, label);
      b.onclick = act;
      return b;
    };
    text.oninput = changed;
    const printed = ship.first_move ? h("p", { class: "muted small" }, `Turn 1: every ship makes her printed move, ${ship.first_move}.`) : null;
    const later = now?.write_ahead ? [2, 3].map((n) => h("input", { id: `move-${ship.name}-${n}`, class: "mono notation", spellcheck: "false",
      autocomplete: "off", placeholder: "straight on", "aria-label": `${ship.title}'s move ${n - 1} turn${n > 2 ? "s" : ""} ahead` })) : [];
    const ahead = later.length ? h("div", { class: "stack" },
      h("p", { class: "muted small" }, "Night: until your ships see the enemy, each ship writes her moves three turns ahead."),
      ...later.map((input, n) => h("label", {}, `Then, turn ${now.turn + n + 1}`, input))) : null;
    /** A later move as written, or straight on at this turn's inches (and astern if this one is). */
    const then = (input) => {
      if (input.value.trim()) return input.value.trim().replace(/\s+/g, " ");
      const first = readMove(text.value);
      return first?.inches ? `${first.legs.some((leg) => leg.kind === "B") ? "B" : "A"}${first.inches}` : "";
    };
    const part = h("fieldset", { class: "ship-order", "data-ship": ship.name },
      h("legend", {}, ship.title),
      h("label", {}, "Move", text),
      h("div", { class: "row builder" },
        inches, h("span", { class: "muted small" }, "in"),
        button("L ◄", "Turn to port (L or P) on the turning circle", () => add("L")),
        button("A ▲", "Straight ahead", () => add("A")),
        button("► R", "Turn to starboard (R or S) on the turning circle", () => add("R")),
        button("B ▼", "Astern", () => add("B")),
        button("CS", "Chase splash: 3 inches less, no gunfire, -3 columns against her", () => toggle("CS")),
        button("LS", "Lay smoke along the path", () => toggle("LS")),
        button("Clear", "Stop: an empty move", () => { text.value = ""; changed(); })),
      printed, ahead);
    part.addEventListener("focusin", () => { steering = ship.name; });
    const first = () => text.value.trim().replace(/\s+/g, " ");
    return { node: part, read: () => (later.length ? { moves: [first(), ...later.map(then)] } : { move: first() }),
      fill: (o) => {
        if ("move" in o) text.value = o.move;
        if ("moves" in o) {
          [text.value] = o.moves;
          o.moves.slice(1).forEach((value, n) => { if (later[n]) later[n].value = value; });
        }
      },
      set: (value) => { text.value = value; } };
  }

  /** A ship whose move this turn was written ahead (night, before contact): shown, not asked. */
  function writtenAhead(ship) {
    const [now, ...after] = ship.ahead;
    const part = h("fieldset", { class: "ship-order written-ahead", "data-ship": ship.name },
      h("legend", {}, ship.title),
      h("p", {}, `Written ahead: ${now || "stop"} this turn${after.length ? `, then ${after.map((m) => m || "stop").join(", ")}` : ""}.`));
    // Nothing to send for her, and a click on the table has no move to change.
    return { node: part, read: () => null, fill: () => {}, set: () => {} };
  }

  /** Why a group's guns would waste their fire on `contact` at the range the seat judges her:
   * beyond their reach, or beyond the range at which their hits harm her class (the chart's
   * `guns`, from the hit table); "" when they can hurt her. */
  function harmWords(ship, gun, contact) {
    const guns = chart.guns?.[gun];
    if (!guns || !contact) return "";
    const sighting = contact.sightings.find((s) => s.by === ship.name) ?? contact.sightings[0];
    const away = sighting.range / 10;
    const said = sighting.exact ? `${away.toFixed(1)} in` : `about ${Math.round(away)} in`;
    const heading = chart.range_headings.find((inches) => inches >= away); // the hit sheet rounds up
    const cost = "; every battery more on one ship costs each of hers a column";
    const hurts = guns.hurts[stats[contact.ship]?.class] ?? guns.reach;
    if (!hurts) return `These guns cannot hurt ${contact.title} at any range${cost}.`;
    if (heading === undefined || heading > guns.reach) return `${contact.title} is ${said} off, beyond these guns' ${guns.reach} in: no hit possible${cost}.`;
    if (heading > hurts) return `These guns hurt ${contact.title} only within ${hurts} in; she is ${said} off${cost}.`;
    return "";
  }

  function fireField(ship, now) {
    // Enemies she sees: a friend in sight is a contact too, but never a target (4.2).
    const seen = (now.contacts || []).filter((c) => c.seen_by.includes(ship.name) && c.side !== stats[ship.name].side);
    const groups = Object.keys(stats[ship.name].groups);
    // A group whose guns may not fire this turn (out, no salvos left, or silenced: the view says
    // why, as the rules judge it) is shown, never offered as a firer.
    const ready = (m) => !m.out && m.salvos_left > 0 && !m.silent;
    const rows = groups.filter((group) => ship.mounts.some((m) => m.group === group && ready(m))).map((group) => {
      const target = h("select", { id: `fire-${ship.name}-${group}`, "data-group": group, "aria-label": `${ship.title}'s ${group} group: target` },
        h("option", { value: "" }, "hold fire"),
        seen.map((c) => h("option", { value: c.ship }, c.title)));
      const half = h("input", { type: "checkbox", id: `half-${ship.name}-${group}`, "aria-label": `${group}: half salvo` });
      const guns = ship.mounts.filter((m) => m.group === group);
      const state = guns.every((m) => m.out) ? "out of action" : `${guns.map((m) => m.name).join(" ")} · ${guns.reduce((n, m) => n + (m.out ? 0 : m.guns), 0)} × ${guns[0]?.gun ?? ""}`;
      // What these guns can do to the ship picked, told as she is picked (what hurts what).
      const note = h("div", { class: "harm over small", "data-group": group, hidden: true });
      const judge = () => {
        const words = harmWords(ship, guns[0]?.gun, seen.find((c) => c.ship === target.value));
        note.textContent = words;
        note.hidden = !words;
      };
      for (const input of [target, half]) input.addEventListener("input", changed);
      target.addEventListener("input", judge);
      target.addEventListener("focus", () => { aiming = target; });
      return { group, target, half, judge, node: h("div", { class: "fire-group" },
        h("div", {}, h("b", {}, group), h("div", { class: "muted small" }, state)), target, h("label", { class: "check", title: "Half salvo" }, half, "½"), note) };
    });
    if (!aiming && rows.length) aiming = rows[0].target;
    const silent = groups.filter((group) => !rows.some((r) => r.group === group)).map((group) => {
      const guns = ship.mounts.filter((m) => m.group === group);
      const why = guns.find((m) => m.silent)?.silent ?? (guns.every((m) => m.out) ? "out of action" : "no salvos left");
      return h("div", { class: "fire-group silent muted small", "data-group": group }, h("b", {}, group), ` cannot fire: ${why}`);
    });
    const node = h("fieldset", { class: "ship-order", "data-ship": ship.name }, h("legend", {}, ship.title),
      seen.length ? null : h("p", { class: "muted small" }, "She sees no enemy: nothing to fire at."),
      h("div", { class: "fire-plan" }, rows.map((r) => r.node), silent));
    return {
      node,
      read: () => ({ fire: rows.filter((r) => r.target.value).map((r) => ({ group: r.group, target: r.target.value, ...(r.half.checked ? { half: true } : {}) })) }),
      fill: (o) => {
        for (const r of rows) {
          const given = (o.fire || []).find((f) => f.group === r.group);
          r.target.value = given?.target ?? "";
          r.half.checked = Boolean(given?.half);
          r.judge();
        }
      },
      aim: (target) => {
        const row = rows.find((r) => r.target === aiming) ?? rows.find((r) => !r.target.value) ?? rows[0];
        if (row && [...row.target.options].some((o) => o.value === target)) row.target.value = target;
        row?.judge();
      },
    };
  }

  function torpedoField(ship) {
    const banks = ship.banks.filter((b) => !b.out && !b.fired);
    const rows = banks.map((bank) => {
      const fire = h("input", { type: "checkbox", id: `torpedo-${ship.name}-${bank.name}` });
      const arc = stats[ship.name].banks.find((b) => b.name === bank.name)?.arc ?? [0, 359];
      const beam = Math.round(ship.course + arc[0] + ((arc[1] - arc[0] + 360) % 360) / 2) % 360; // the middle of the bank's arc
      const course = h("input", { type: "number", min: 0, max: 359, value: beam, id: `torpedo-course-${ship.name}-${bank.name}`, "aria-label": `${bank.name} bank: course` });
      const spread = h("select", { "aria-label": `${bank.name} bank: spread` }, h("option", { value: "narrow" }, "narrow (2 in)"), h("option", { value: "fan" }, "fan (4 in)"));
      for (const input of [fire, course, spread]) input.addEventListener("input", changed);
      return { bank: bank.name, fire, course, spread,
        node: h("tr", {}, h("th", {}, h("label", { class: "check" }, fire, bank.name)), h("td", {}, course, "°"), h("td", {}, spread), h("td", { class: "muted small" }, `arc ${arc[0]}–${arc[1]}° rel.`)) };
    });
    return {
      node: h("fieldset", { class: "ship-order", "data-ship": ship.name }, h("legend", {}, ship.title),
        rows.length ? h("table", {}, h("tbody", {}, rows.map((r) => r.node))) : h("p", { class: "muted small" }, "No bank left to fire.")),
      read: () => ({ torpedoes: rows.filter((r) => r.fire.checked).map((r) => ({ bank: r.bank, course: Number(r.course.value), spread: r.spread.value })) }),
      fill: (o) => {
        for (const r of rows) {
          const given = (o.torpedoes || []).find((t) => t.bank === r.bank);
          r.fire.checked = Boolean(given);
          if (given) [r.course.value, r.spread.value] = [given.course, given.spread];
        }
      },
      toward: (degrees) => { const r = rows.find((x) => x.fire.checked) ?? rows[0]; if (r) { r.fire.checked = true; r.course.value = degrees; changed(); } },
    };
  }

  function lightField(ship) {
    const burn = h("input", { type: "checkbox", id: `light-${ship.name}` });
    const on = h("input", { type: "number", min: 0, max: 359, value: ship.course, id: `light-bearing-${ship.name}`, "aria-label": "Searchlight bearing" });
    for (const input of [burn, on]) input.addEventListener("input", changed);
    return {
      node: h("fieldset", { class: "ship-order", "data-ship": ship.name }, h("legend", {}, ship.title),
        h("label", { class: "check" }, burn, "Burn the searchlight on bearing"), on, "°"),
      read: () => (burn.checked ? { searchlight: Number(on.value) } : null),
      fill: (o) => { burn.checked = "searchlight" in o; if (burn.checked) on.value = o.searchlight; },
      toward: (degrees) => { burn.checked = true; on.value = degrees; changed(); },
    };
  }

  const MAKERS = { write_moves: moveField, write_fire: fireField, torpedoes: torpedoField, searchlights: lightField };

  function make(now) {
    const maker = MAKERS[now?.phase];
    parts = {};
    aiming = null;
    madeFor = now ? `${now.turn}/${now.phase}` : null;
    if (!maker) {
      fields.replaceChildren(h("p", { class: "muted" }, "No orders are written in this phase: the table resolves it."));
      return;
    }
    const ships = afloat(now);
    for (const ship of ships) parts[ship.name] = maker(ship, now);
    fields.replaceChildren(...ships.map((ship) => parts[ship.name].node));
    if (pending) fillParts(pending);
    pending = null;
  }

  function fillParts(order) {
    for (const [name, given] of Object.entries(order?.ships || {})) parts[name]?.fill(given);
  }

  /** The ship a click on the table steers: the one whose move was last touched, else the first. */
  function steered(ships) {
    return ships.find((s) => s.name === steering) ?? ships[0];
  }

  return {
    fields,
    /** The ship a click on the table would steer now (write moves), for the pointer's words. */
    steering: () => {
      const ships = afloat(view());
      return ships.length ? steered(ships) : null;
    },
    seen(now, fresh) {
      if (fresh || madeFor !== `${now.turn}/${now.phase}`) make(now);
    },
    read() {
      // Sent as written: a move the rules cannot read is refused by them, in their words.
      const ships = {};
      for (const [name, part] of Object.entries(parts)) {
        const given = part.read();
        if (given) ships[name] = given;
      }
      return { ships };
    },
    fill(order) {
      if (Object.keys(parts).length) fillParts(order);
      else pending = order;
    },
    cost(order) {
      const now = view();
      if (!now || now.phase !== "write_moves") return null;
      // What each move makes, beside the knots the view says she may make: a preview, drawn as
      // it is typed; the rules' verdict is their check's, shown below the pad in their words.
      const lines = [];
      for (const ship of afloat(now)) {
        const given = order.ships[ship.name];
        if (!given) continue;
        const written = given.move ?? given.moves[0];
        const move = readMove(written);
        if (!move) {
          lines.push(`${ship.title}: ${written} is not read as a move (the rules say why below)`);
          continue;
        }
        const end = trace(move, ship.at, ship.course, chart.turning_radius);
        const [least, most] = ship.speed_range;
        lines.push(`${ship.title}: ${written || "stop"} = ${move.inches} in, ${speedOf(move, chart.chase).knots} kn (may make ${least}–${most}) · ` +
          `turns ${move.turning} in · ends on ${pad3(end.course)}°`);
      }
      return { text: lines.join("\n"), over: false };
    },
    /** A point clicked on the table: steer for it (1A), aim at the ship there (2B), or take its bearing (2A, 3). */
    pick(place) {
      const now = view();
      const ships = afloat(now);
      if (!now || !ships.length) return;
      const ship = ships.reduce((a, b) => (distance(a.at, place.at) <= distance(b.at, place.at) ? a : b));
      if (now.phase === "write_moves") {
        const chosen = steered(ships);
        const knots = Math.max(chosen.speed_range[0], Math.min(chosen.speed || chosen.speed_range[1], chosen.speed_range[1]));
        if (!chosen.first_move) parts[chosen.name]?.set(moveToward(chosen, place.at, knots, chart.turning_radius));
      } else if (now.phase === "write_fire") {
        const near = (now.contacts || []).filter((c) => distance(c.at, place.at) <= 40).sort((a, b) => distance(a.at, place.at) - distance(b.at, place.at))[0];
        if (near) for (const s of ships) if (near.seen_by.includes(s.name)) parts[s.name]?.aim(near.ship);
      } else {
        parts[ship.name]?.toward?.(bearing(ship.at, place.at));
      }
    },
  };
}
