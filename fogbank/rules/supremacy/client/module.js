// Supremacy at Sea at a player's seat in the browser: the table in inches drawn to scale (the
// shared table geometry, maps/table.js), the seat's own ships with their damage, speed, turrets,
// ammunition and torpedoes, the ships they see, measuring only within a nautical mile of her own
// ship (4.9-4.10: beyond it, ranges are judged by eye), the order pad (pad.js), the open-roster
// questions (4.3) and talk in the open (4.2). The views it reads are views.py's (docs/payloads.md).

import { h, paint, s, titled } from "/web/dom.js";
import { resultsWords } from "/web/words.js";
import { learnTitles, orderWords, phaseWords, titleOf } from "/web/rulesets/supremacy/words.js";
import { along, bearing, clearOf, distance, flip, model, pointList, wedge } from "/web/maps/table.js";
import { readMove, trace } from "./moves.js";
import { afloat, orderForm as padForm } from "./pad.js";

export const geometry = "table";
export const talk = "every seat, the enemy too: signals go in the open (4.2)";

const ASKS = { damage: "general damage", speed: "possible top speed", ammunition: "ammunition used",
  turrets: "turrets left", torpedo_banks: "torpedo banks left", special: "possible special damage",
  engaged: "which of your side engaged her last turn" };
const SIDE = { german: "#4a4a4a", british: "#1f3b73" };
const OWN = "#c8871a";
const ARC_REACH = 150; // tenths: a turret's arc is drawn 15 inches out, enough to read which way it bears
const pad3 = (degrees) => String(degrees).padStart(3, "0");
const inches = (tenths) => (tenths / 10).toFixed(1);

export { phaseWords as phase, orderWords as order };

// The table's view: the whole of what the seat sees, or close up on its own ships (their
// turning circles and written moves at a size to read). A button on the chart flips it; the
// page draws again through the pad's `changed`, the one call back into the shell a module holds.
const zoom = { closeUp: false, redraw: () => {}, wired: new WeakSet() };

export function orderForm(context) {
  zoom.redraw = context.changed;
  learnTitles(context.welcome); // words for an order or an answer before any view came (a reloaded page's amendment, say)
  return padForm(context);
}

function zoomButton(map) {
  const wrap = map.svg.parentElement;
  if (!wrap || zoom.wired.has(wrap)) return;
  zoom.wired.add(wrap);
  const button = h("button", { type: "button", id: "table-zoom", class: "map-tool", "aria-pressed": "false" }, "Close up");
  button.onclick = () => {
    zoom.closeUp = !zoom.closeUp;
    button.textContent = zoom.closeUp ? "Whole table" : "Close up";
    button.setAttribute("aria-pressed", String(zoom.closeUp));
    zoom.redraw();
  };
  wrap.appendChild(button);
}

// Every ship the seat has seen, by name: a question may ask about any of them (4.3).
const known = new Map();

const onRemember = []; // the question form's ship list, refreshed with every view
const seenSunk = new Set(); // ships the seat saw go down (or its own, sunk): nothing left to ask of them

function remember(view) {
  for (const c of view?.contacts || []) known.set(c.ship, c.title);
  for (const ship of view?.ships || []) {
    known.set(ship.name, ship.title);
    if (ship.sunk) seenSunk.add(ship.name);
  }
  for (const report of view?.reports || []) if (report.kind === "sunk" && report.ship) seenSunk.add(report.ship);
  for (const refresh of onRemember) refresh();
}

/** The table: smoke, the measuring rings, own ships' arcs (2B), the ships seen, own ships, the draft. */
export function drawSeat(map, group, view, draft) {
  if (!view) return;
  remember(view);
  const chart = map.chart;
  const stats = Object.fromEntries(chart.ships.map((ship) => [ship.name, ship]));
  const own = afloat(view);
  const paths = draftPaths(view, draft, chart);
  const points = [...view.ships.map((ship) => ship.at), ...view.contacts.map((c) => c.at), ...(view.smoke || []).flat(),
    ...(view.spreads || []).map((t) => t.at), ...paths.flatMap((p) => p.path)];
  zoomButton(map);
  if (zoom.closeUp && own.length) map.fit([...own.map((ship) => ship.at), ...paths.flatMap((p) => p.path)], chart.measure_within * 1.6);
  else map.fit(points, Math.max(chart.measure_within + 40, 120));
  const px = (n) => map.px(n);

  for (const outline of chart.land || []) {
    group.appendChild(titled(paint(s("polygon", { class: "land", points: pointList(outline) }), { fill: "#e3d3a8", stroke: "#8a7a52", width: px(1) }), "Land: it blocks sight and fire"));
  }
  for (const line of view.smoke || []) {
    group.appendChild(titled(paint(s("polyline", { class: "smoke", points: pointList(line) }),
      { fill: "none", stroke: "rgba(100, 100, 100, 0.45)", width: 10, join: "round", cap: "round" }), "Smoke: no line of sight through it"));
  }
  for (const ship of own) {
    const [cx, cy] = flip(ship.at);
    group.appendChild(titled(paint(s("circle", { class: "measure", cx, cy, r: chart.measure_within }),
      { fill: "rgba(22, 112, 122, 0.06)", stroke: "#16707a", width: px(1.2), dash: `${px(5)} ${px(4)}` }),
      `${ship.title}: within this nautical mile you may measure (hover to read range and bearing)`));
    if (view.phase === "write_moves") {
      for (const side of [-90, 90]) {
        const [tx, ty] = flip(along(ship.at, ship.course + side, chart.turning_radius));
        group.appendChild(titled(paint(s("circle", { class: "turning-circle", cx: tx, cy: ty, r: chart.turning_radius }),
          { fill: "none", stroke: "rgba(200, 135, 26, 0.7)", width: px(1), dash: `${px(2)} ${px(3)}` }),
          `${ship.title}'s turning circle to ${side < 0 ? "port" : "starboard"} (4-inch radius: 1 inch of turn is 14°)`));
      }
    }
    if (view.phase === "write_fire") {
      for (const mount of ship.mounts.filter((m) => m.battery === "mains" && !m.out)) {
        const arc = stats[ship.name].mounts.find((m) => m.name === mount.name)?.arc;
        if (!arc) continue;
        group.appendChild(titled(paint(s("path", { class: "arc", d: wedge(ship.at, ship.course + arc[0], ship.course + arc[1], ARC_REACH) }),
          { fill: "rgba(179, 38, 30, 0.05)", stroke: "rgba(179, 38, 30, 0.35)", width: px(1) }), `${ship.title} turret ${mount.name}: arc of fire`));
      }
    }
  }
  for (const c of view.contacts) {
    const stat = stats[c.ship];
    const mark = model(group, { at: c.at, course: c.course, length: stat.length, funnel: stat.funnel },
      { className: "ship contact", look: { stroke: SIDE[c.side] ?? "#333", width: px(5) }, dot: { fill: "#fff" },
        label: `${c.title}: course ${pad3(c.course)}°, seen by ${c.seen_by.map((by) => titleOf(by)).join(", ")}` });
    mark.setAttribute("data-ship", c.ship);
    label(group, map, c.at, c.title, SIDE[c.side]);
  }
  for (const ship of view.ships) {
    const stat = stats[ship.name];
    const mark = model(group, { at: ship.at, course: ship.course, length: stat.length, funnel: stat.funnel },
      { className: `ship own${ship.sunk ? " sunk" : ""}`, look: { stroke: ship.sunk ? "#999" : OWN, width: px(6) },
        label: `${ship.title} (yours): course ${pad3(ship.course)}°, ${ship.speed} knots` });
    mark.setAttribute("data-ship", ship.name);
    label(group, map, ship.at, `${ship.title}${ship.sunk ? " (sunk)" : ""}`, "#7a4f00");
  }
  for (const spread of view.spreads || []) {
    const half = spread.spread === "fan" ? 20 : 10;
    const [a, b] = [flip(along(spread.at, spread.course - 90, half)), flip(along(spread.at, spread.course + 90, half))];
    group.appendChild(titled(paint(s("line", { class: "spread", x1: a[0], y1: a[1], x2: b[0], y2: b[1] }), { stroke: "#b3261e", width: px(3) }),
      `Your torpedoes from ${spread.ship}: course ${pad3(spread.course)}°, ${inches(spread.run_left)} inches to run`));
  }
  for (const { ship, path, course } of paths) {
    const stat = stats[ship.name];
    group.appendChild(titled(paint(s("polyline", { class: "draft-move", points: pointList(path) }),
      { fill: "none", stroke: OWN, width: px(2.5), dash: `${px(6)} ${px(3)}` }), `${ship.title}'s draft move`));
    model(group, { at: path[path.length - 1], course, length: stat.length, funnel: stat.funnel },
      { className: "draft-end", look: { stroke: OWN, width: px(4), opacity: 0.55 }, label: `${ship.title} after the move: course ${pad3(course)}°` });
  }
  // 3: each bank's aim, along its course for its whole run, a tick at each turn's running.
  for (const [ship, plan] of Object.entries(view.phase === "torpedoes" ? draft?.ships || {} : {})) {
    const from = view.ships.find((x) => x.name === ship);
    const tube = stats[ship]?.torpedo;
    if (!from || !tube) continue;
    for (const t of plan.torpedoes || []) {
      const [[x1, y1], [x2, y2]] = [flip(from.at), flip(along(from.at, t.course, tube.run * 10))];
      group.appendChild(titled(paint(s("line", { class: "torpedo-aim", x1, y1, x2, y2 }), { stroke: "#b3261e", width: px(2), dash: `${px(3)} ${px(3)}` }),
        `${from.title}'s ${t.bank} bank: course ${pad3(t.course)}°, a ${t.spread} spread running ${tube.run} inches at ${tube.speed} knots`));
      for (let turn = 1; turn * tube.speed * 5 < tube.run * 10; turn++) {
        const [cx, cy] = flip(along(from.at, t.course, turn * tube.speed * 5));
        group.appendChild(titled(paint(s("circle", { class: "torpedo-tick", cx, cy, r: px(3) }), { fill: "#b3261e" }),
          `Where the spread is after ${turn} turn${turn > 1 ? "s" : ""}`));
      }
    }
  }
  for (const [ship, plan] of Object.entries(view.phase === "write_fire" ? draft?.ships || {} : {})) {
    const from = view.ships.find((x) => x.name === ship);
    for (const fire of plan.fire || []) {
      const target = view.contacts.find((c) => c.ship === fire.target);
      if (!from || !target) continue;
      const [[x1, y1], [x2, y2]] = [flip(from.at), flip(target.at)];
      group.appendChild(titled(paint(s("line", { class: "line-of-fire", x1, y1, x2, y2 }), { stroke: "#b3261e", width: px(1.5), dash: `${px(8)} ${px(4)}` }),
        `${from.title}'s ${fire.group} group at ${target.title}`));
    }
  }
}

/** A ship's name beside her, moved down clear of the names already written (ships in line ahead
 * lie closer than their names are long). */
function label(group, map, at, text, colour) {
  const [x, y] = flip(at);
  const placed = (map.labels ??= new WeakMap()).get(group) ?? [];
  map.labels.set(group, placed);
  const box = clearOf(placed, { x: x + map.px(9), y: y - map.px(9), width: map.px(8 * text.length), height: map.px(16) });
  group.appendChild(paint(s("text", { class: "ship-label", x: box.x, y: box.y }, text),
    { size: map.px(14), fill: colour ?? "#222", font: "system-ui, sans-serif", weight: 600 }));
}

function draftPaths(view, draft, chart) {
  if (view.phase !== "write_moves" || !draft) return [];
  return afloat(view).flatMap((ship) => {
    const given = draft.ships?.[ship.name];
    if (!given) return [];
    const move = readMove(given.move ?? given.moves?.[0]);
    return move ? [{ ship, ...trace(move, ship.at, ship.course, chart.turning_radius) }] : [];
  });
}

/** The place under the pointer: measured from the nearest own ship only within a mile of her. */
export function where(place, view, pad) {
  const own = afloat(view);
  const steering = own.length > 1 ? pad?.steering?.() : null; // with one ship, which is plain
  const hint = { write_moves: ` · click to steer ${steering ? `${steering.title} ` : ""}for it`, write_fire: " · click a ship to aim the group last touched",
    torpedoes: " · click to take its bearing", searchlights: " · click to take its bearing" }[view?.phase] ?? "";
  if (!own.length || !place) return "";
  const ship = own.reduce((a, b) => (distance(a.at, place.at) <= distance(b.at, place.at) ? a : b));
  const tenths = distance(ship.at, place.at);
  if (tenths > 60) return `More than a nautical mile from your ships: judge it by eye${hint}`;
  return `${inches(tenths)} in (${Math.round((tenths / 60) * 2025)} yd) from ${ship.title}, bearing ${pad3(bearing(ship.at, place.at))}°${hint}`;
}

export function here(view) {
  const ship = afloat(view)[0];
  return ship ? ship.at.map(Math.round).join(",") : null;
}

function meter(value, most) {
  return h("meter", { min: 0, max: most, low: most * 0.5, high: most * 0.75, optimum: 0, value });
}

/** The seat's own ships in full. */
export function gauges(view, welcome) {
  if (!view) return [h("h2", {}, "Your ships"), h("p", { class: "muted" }, "Waiting for the first view…")];
  const outcome = view.outcome ? h("p", { class: "refusal" }, `${resultsWords(view.outcome.results, welcome?.side_titles)}. ${view.outcome.reason}`) : null;
  return [h("h2", {}, `${view.time?.slice(11, 16) ?? ""} · ${welcome?.briefing?.side === "german" ? "Kriegsmarine" : "Force G"}`),
    ...view.ships.map(shipCard), outcome];
}

// Lasting special damage in words, with the last turn it lasts (the view names it by code).
const EFFECTS = { silent: "mains silent", cease: "every gun silent", sectorp: "secondaries and torpedoes out",
  secall: "every secondary out", hard_over: "rudder jammed hard over", lights: "searchlights out", aircraft: "aircraft lost" };

function effectWords(name, until) {
  const turns = until >= 1000 ? "for good" : `to turn ${until}`;
  if (name.startsWith("cap")) return Number(name.slice(3)) === 0 ? `all power lost, ${turns}` : `speed held to ${name.slice(3)} knots, ${turns}`;
  if (name.startsWith("down:")) {
    const [, battery, levels] = name.split(":");
    return `${battery} fire ${levels} levels down, ${turns}`;
  }
  return `${EFFECTS[name] ?? name.replaceAll("_", " ")}, ${turns}`;
}

function shipCard(ship) {
  const effects = Object.entries(ship.effects || {}).map(([name, until]) => effectWords(name, until));
  const down = Object.entries(ship.levels_down || {}).map(([battery, levels]) => `${battery} fire ${levels} levels down for good`);
  const trouble = [ship.rudder !== "working" ? `rudder ${ship.rudder}` : null, ship.on_fire ? "on fire" : null,
    ship.flooding ? "flooding" : null, ship.on_course ? `on course ${ship.on_course} in more` : null, ...effects, ...down].filter(Boolean);
  const mounts = ship.mounts.map((m) => h("tr", { class: m.out ? "struck" : null },
    h("td", { class: "mono" }, m.name), h("td", {}, m.group === m.name ? "" : m.group), h("td", {}, `${m.guns} × ${m.gun}`),
    h("td", { class: "num" }, m.out ? "out" : `${m.salvos_left} salvos`)));
  const banks = ship.banks.map((b) => `${b.name}: ${b.out ? "out" : b.fired ? "fired" : "loaded"}`).join(" · ") || "none";
  return h("div", { class: "ship-card", "data-ship": ship.name },
    h("h3", {}, ship.title, ship.sunk ? " · SUNK" : ship.aground ? " · AGROUND" : ""),
    h("dl", { class: "gauges" },
      h("dt", {}, "Course"), h("dd", {}, `${pad3(ship.course)}° · ${ship.speed} kn${ship.backwards ? " astern" : ""}${ship.chasing ? " · chasing splash" : ""}`),
      h("dt", {}, "Next move"), h("dd", { class: "speed-range" }, `${ship.speed_range[0]}–${ship.speed_range[1]} kn (top ${ship.top_speed})`),
      h("dt", {}, "Damage"), h("dd", {}, meter(ship.damage, ship.points), ` ${ship.damage} / ${ship.points}`,
        // What sinks her (5.9): her points in all, or three quarters of them taken in one turn.
        h("div", { class: "muted small sinks" }, `sinks at ${ship.points}, or ${Math.ceil((ship.points * 3) / 4)} taken in one turn`)),
      h("dt", {}, "Smoke"), h("dd", {}, `${ship.smoke_left} turns left`),
      h("dt", {}, "Torpedoes"), h("dd", { class: "banks" }, banks),
      trouble.length ? [h("dt", {}, "Damage to"), h("dd", { class: "trouble" }, trouble.join(", "))] : null),
    h("table", { class: "mounts" }, h("thead", {}, h("tr", {}, ["mount", "group", "guns", "ammunition"].map((w) => h("th", {}, w)))),
      h("tbody", {}, mounts)));
}

// Every report the seat was told, kept across views: a view carries only its own turn's, and the
// salvos of 2C would be gone when turn 2 opens.
const told = new Map();

/** The reports, newest turn first: this turn's and the last in full, older ones folded away. */
export function reports(view) {
  for (const report of view?.reports || []) told.set(JSON.stringify(report), report);
  const all = [...told.values()].sort((a, b) => b.turn - a.turn);
  const item = (r) => h("li", { "data-kind": r.kind }, h("span", { class: "when" }, `T${r.turn}`), r.text);
  const recent = all.filter((r) => r.turn >= (view?.turn ?? 0) - 1);
  const older = all.filter((r) => r.turn < (view?.turn ?? 0) - 1);
  if (!all.length) return h("p", { class: "muted" }, "No reports yet.");
  return [h("ul", { class: "reports", id: "report-list" }, recent.map(item)),
    older.length ? h("details", {}, h("summary", {}, `Earlier turns (${older.length})`), h("ul", { class: "reports" }, older.map(item))) : null];
}

/** The ships seen at the end of the last movement: from each of your ships that sees her, her
 * bearing and range, measured within a nautical mile, judged by eye beyond (it may be a tenth out). */
export function contacts(view) {
  if (!view?.contacts?.length) return h("p", { class: "muted" }, "No ship in sight.");
  remember(view); // the own ships' names, for "seen by", whether or not the table was drawn first
  const rows = view.contacts.flatMap((c) => c.sightings.map((sighting, n) => h("tr", { "data-contact": c.ship },
    h("td", {}, n ? "" : h("b", {}, c.title)), h("td", {}, n ? "" : c.side === "german" ? "German" : "British"),
    h("td", { class: "mono" }, n ? "" : `${pad3(c.course)}°`),
    h("td", { class: "small" }, titleOf(sighting.by)),
    h("td", { class: "mono" }, `${pad3(sighting.bearing)}°`),
    h("td", { class: sighting.exact ? "mono" : "mono muted" }, sighting.exact ? `${inches(sighting.range)} in` : `about ${Math.round(sighting.range / 10)} in`))));
  return h("table", { class: "contacts" },
    h("thead", {}, h("tr", {}, ["ship", "side", "course", "seen by", "bearing", "range"].map((t) => h("th", {}, t)))), h("tbody", {}, rows));
}

/** The open rosters (4.3): a ship of the seat's own or one it has seen, and what to ask. */
export function question({ view }) {
  const ship = h("select", { id: "ask-ship", "aria-label": "Which ship" });
  const ask = h("select", { id: "ask-what", "aria-label": "What to ask" }, Object.entries(ASKS).map(([value, words]) => h("option", { value }, words)));
  const refresh = () => {
    const chosen = ship.value;
    const afloat = [...known].filter(([name]) => !seenSunk.has(name));
    ship.replaceChildren(...afloat.map(([name, title]) => h("option", { value: name }, title)));
    if (chosen) ship.value = chosen;
  };
  onRemember.push(refresh);
  refresh();
  return {
    fields: h("div", { class: "row" }, h("label", {}, "Ship", ship), h("label", {}, "Her roster's", ask)),
    read() {
      if (!ship.value) throw new Error("No ship to ask about: none seen yet, or every one seen has sunk.");
      return { ship: ship.value, ask: ask.value };
    },
  };
}

export function answer(message) {
  const { ship, ask } = message.question || {};
  const a = message.answer || {};
  const title = titleOf(ship);
  if (ask === "engaged") return `Engaged ${title} in the last fire: ${(a.engaged_by || []).map(titleOf).join(", ") || "no ship of your side"}.`;
  if (a.in_sight === false) return `${title} is not in sight: her roster cannot be read.`;
  if (a.sunk && Object.keys(a).length === 1) return `${title} was seen to sink.`;
  const words = {
    damage: () => `about ${a.damage} of her ${a.of} points of damage${a.sunk ? ", and she is sunk" : ""}`,
    speed: () => `top speed ${a.top_speed} knots`,
    ammunition: () => Object.entries(a).map(([m, used]) => `${m} ${used} used`).join("; "),
    turrets: () => `turrets ${a.turrets?.join(", ") || "none"} left, ${a.secondaries} secondary guns`,
    torpedo_banks: () => `torpedo banks ${a.banks?.join(", ") || "none"} left`,
    special: () => (a.special?.length ? a.special.join(", ") : "no special damage"),
  }[ask];
  return `${title}'s roster: ${words ? words() : ASKS[ask] ?? ask}.`;
}

/** The briefing: the action, your mission, and how you play and what can sink you. */
export function briefing(given) {
  return [h("h3", {}, given?.title ?? ""), h("p", {}, given?.briefing ?? ""), h("p", {}, h("b", {}, "Your mission: "), given?.mission ?? ""),
    h("p", { class: "muted" }, `Starts ${String(given?.start ?? "").replace("T", " ")}; five minutes a turn; the game ends after turn ${given?.turn_limit ?? "?"}.`),
    given?.how?.length ? [h("h3", {}, "How you play, and what can sink you"),
      h("dl", { class: "how", id: "how-to-play" }, given.how.flatMap(({ what, words }) => [h("dt", {}, what), h("dd", {}, words)]))] : null];
}
