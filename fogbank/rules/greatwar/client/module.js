// Great War at Sea at a player's seat: the zone map (maps/zones.js) with the side's fleets, the
// plots being drafted and the seat's reports with their age (arrows where a report told the zone
// a fleet goes to next, rings round the zones the fleet being plotted may enter); a plot pad, a
// fleet per row with its mission, path and tactics (tactics.js), and above it the choices the rules
// leave to the seat now (an intelligence report's fleet, seaplane targets, port repair), each with
// its rule in a sentence and what the rules do if it names nothing; battle boards (battle.js); a
// briefing that says how to plot and what can sink a fleet. Views: views.py (docs/payloads.md).

import { h, s } from "/web/dom.js";
import { phaseWords } from "/web/words.js";
import { ago, drawFleets, drawReports, knowZones, orderWords, reportWords, zoneName } from "/web/rulesets/greatwar/draw.js";
import { battleBoards } from "/web/rulesets/greatwar/battle.js";
import { defaults, tacticsControls } from "./tactics.js";

export const geometry = "zones";

// Each mission and what it does, in a sentence (docs/decisions.md, "Missions").
const MISSIONS = {
  raid: "Sinks the enemy's steamers on his shipping lanes (a point each); near an enemy base or the Straits, and when it sinks one, it is placed on the enemy's map.",
  intercept: "Seeks battle: it takes the initiative when it meets the enemy.",
  bombard: "Shells an enemy base it reaches unopposed, under the fire of its batteries: the first time, 4 points a major base, 2 a minor (a major base needs primary guns).",
  "lay mines": "Its minelayers lay their fields in the coastal zone you name when they get there, then turn home; they take on mines again in a major base.",
  transport: "Colliers load coal at the coal port and unload it at the capital, a point a collier.",
  escort: "Sails with the fleet it escorts (colliers, a minelayer, a bombarding fleet in its zone) and fights beside it; no path of its own.",
  refuel: "Fills the fleet's bunkers at sea, in a zone with your own colliers.",
};
const ESCORTED = new Set(["transport", "lay mines", "bombard"]);

// The chart and seats as the welcome gave them: zone names, bases and sides, seat titles.
const known = { zones: {}, sides: {}, seats: {} };

function learn(welcome) {
  knowZones(welcome?.chart);
  if (welcome?.chart?.zones) Object.assign(known, { zones: welcome.chart.zones, sides: welcome.chart.sides || {} });
  for (const seat of welcome?.seats || []) known.seats[seat.seat ?? seat.name] = seat.title;
}

/** A seat in words (its title), its id until the welcome is known. */
function seatTitle(seat) {
  return known.seats[seat] ?? seat;
}

/** Zones in words, in the order a fleet sails them. */
function route(ids) {
  return (ids || []).map(zoneName).join(" → ");
}

/** Whether a fleet is in one of its side's bases (where a mission may change). */
function inPort(fleet, side) {
  const zone = known.zones[fleet.zone];
  return Boolean(zone?.base) && zone?.side === side;
}

// The fleet the map's clicks plot now (the pad's round buttons), for the chart to ring where it may go.
const plotting = { fleet: null };

export function drawSeat(map, group, view, draft) {
  if (!view) return;
  drawFleets(map, group, (view.fleets || []).map((f) => ({ ...f, side: view.side })), draft?.fleets ?? {});
  drawReports(map, group, view);
  if (draft) drawReach(map, group, view, draft);
}

/** Rings round the zones the fleet being plotted may enter next: the neighbours of the last zone
 * of its plot, while its plot is shorter than its speed (a fleet out of fuel moves one zone). */
function drawReach(map, group, view, draft) {
  const fleet = (view.fleets || []).find((f) => f.id === plotting.fleet);
  if (!fleet) return;
  const mark = group.querySelector(`g.fleet[data-fleet="${fleet.id}"]`);  // the fleet being plotted, picked out
  mark?.classList.add("plotting");
  mark?.querySelector("rect")?.setAttribute("stroke-width", 3);
  const path = draft.fleets?.[fleet.id]?.path ?? [];
  const speed = fleet.fuel > 0 ? fleet.zones_per_turn : 1;
  if (path.length >= speed) return;
  const from = path[path.length - 1] ?? fleet.zone;
  for (const id of map.zoneAt(from)?.adjacent || []) {
    const [cx, cy] = map.centre(id) ?? [];
    if (cx === undefined) continue;
    group.appendChild(s("circle", { class: "reach", "data-zone": id, cx, cy, r: map.size / 2 + 5, fill: "none", stroke: "#d09a1c",
      "stroke-width": 3, "stroke-dasharray": "5 3", "pointer-events": "none" }));
  }
}

/** A fleet's mission in words: a minelayer's target zone, an escort's charge. */
function missionWords(fleet, fleets) {
  if (fleet.mission === "lay mines" && fleet.mines_at) return `lay mines in ${zoneName(fleet.mines_at)}`;
  const charge = fleet.escorting && (fleets || []).find((f) => f.id === fleet.escorting);
  return fleet.mission === "escort" && charge ? `escort of ${charge.name}` : fleet.mission;
}

function zonesATurn(n) {
  return `${n} zone${n === 1 ? "" : "s"} a turn`;
}

export function gauges(view, welcome) {
  learn(welcome);
  if (!view) return [h("h2", {}, "Your fleets"), h("p", { class: "muted" }, "Waiting for the first view…")];
  const outcome = view.outcome ? h("p", { class: "refusal" }, view.outcome.reason) : null;
  const rows = (view.fleets || []).map((f) =>
    h("li", { "data-fleet": f.id }, `${f.name} · ${zoneName(f.zone)} · ${missionWords(f, view.fleets)} · ${zonesATurn(f.zones_per_turn)} · fuel ${f.fuel}` +
      (f.seat === view.seat ? "" : ` · ${seatTitle(f.seat)}'s`) + (f.returning ? " · returning" : "") + (f.held ? " · held" : "") +
      ((f.ahead || []).length ? ` · plotted ahead: ${f.ahead.map((p) => route(p) || "stay").join("; ")}` : "") +
      damage(f)),
  );
  const enemy = Object.entries(view.minefields?.enemy || {}).map(([zone, words]) => h("li", {}, `${zoneName(zone)}: ${words}`));
  return [
    h("h2", {}, `Turn ${view.turn} · ${view.day ? "day" : "night"} · ${phaseWords(view.phase)}`),
    h("ul", { class: "fleets", id: "fleet-list" }, rows),
    view.turn <= 2 ? h("p", { class: "muted small", id: "new-here" }, "New here? The Briefing, under Messages, says how to plot and what can sink your ships.") : null,
    enemy.length ? h("h3", {}, "Enemy minefields (as our intelligence has them)") : null,
    enemy.length ? h("ul", { id: "enemy-mines" }, enemy) : null,
    enemy.length ? h("p", { class: "muted small" }, "A fleet entering a mined zone may strike a mine: the heavier the fields, the likelier (2 hull boxes a hit). Fields the enemy lays in play are never told.") : null,
    outcome,
  ];
}

/** What a ship in port has to mend: hull boxes, gun boxes (mended after the hull), speed. */
function repairWords(choice) {
  const guns = (choice.guns_lost || []).reduce((sum, n) => sum + n, 0);
  const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
  return `${plural(choice.hits, "hull box", "hull boxes")}${guns ? ` and ${plural(guns, "gun box", "gun boxes")} (mended after the hull)` : ""} lost, ${plural(choice.speed_lost, "level", "levels")} of speed.`;
}

/** Whether gun hits have knocked out any of the ship's gun factors. */
function gunsLost(ship) {
  return (ship.guns_left || ship.guns || []).some((left, i) => left < ship.guns[i]);
}

function damage(fleet) {
  const hurt = (fleet.ships || []).filter((s) => s.hits || gunsLost(s)).map((s) =>
    `${s.name} ${s.hits}/${s.hull} boxes lost, speed class ${s.speed}${gunsLost(s) ? `, guns ${s.guns_left.join("-")} of ${s.guns.join("-")}` : ""}`);
  return hurt.length ? ` · ${hurt.join("; ")}` : "";
}

/** The zones a path field holds, as ids: each part between arrows a zone's name or id, or
 * several ids between spaces or commas (a name may hold a comma: "Coal coast (Zonguldak, Eregli)");
 * what names no zone is kept as typed (the server refuses it). */
function zones(text) {
  const byName = Object.fromEntries(Object.entries(known.zones).map(([id, zone]) => [zone.name.toLowerCase(), id]));
  const one = (word) => byName[word.toLowerCase()] ?? (known.zones[word] ? word : null);
  return String(text || "").split("→").map((part) => part.trim()).filter(Boolean)
    .flatMap((part) => { const id = one(part); return id ? [id] : part.split(/[\s,]+/).filter(Boolean).map((w) => one(w) ?? w); });
}

function turns(text) {
  return String(text || "").split(";").map(zones);
}

/** What a plot names beside its path: the zone a minelayer mines, the fleet an escort sails
 * with; shown only for that mission (an escort's path field hides: it plots none of its own). */
function targetControl(fleet, v, changed) {
  const minable = Object.entries(known.zones).filter(([id, z]) => z.kind === "coastal" && !(z.base && z.side === v.side)
    && !(known.sides[v.side]?.barred || []).includes(id)).sort(([, a], [, b]) => a.name.localeCompare(b.name));
  const mines = h("select", { class: "mines-at", "data-fleet": fleet.id, "aria-label": `${fleet.name}: zone to mine` },
    h("option", { value: "" }, "zone to mine…"), ...minable.map(([id, z]) => h("option", { value: id }, z.name)));
  const charges = (v.fleets || []).filter((f) => f.id !== fleet.id && f.zone === fleet.zone && ESCORTED.has(f.mission) && !f.returning);
  const escort = h("select", { class: "escort", "data-fleet": fleet.id, "aria-label": `${fleet.name}: fleet to escort` },
    h("option", { value: "" }, charges.length ? "fleet to escort…" : "no fleet here to escort"),
    ...charges.map((f) => h("option", { value: f.id }, `${f.name} (${f.mission})`)));
  mines.value = fleet.mines_at ?? "";
  escort.value = fleet.escorting ?? "";
  mines.onchange = escort.onchange = changed;
  for (const select of [mines, escort]) select.style.maxWidth = "100%";  // a long zone name never widens the pad
  const box = h("div", { class: "plot-target" }, mines, escort);
  box.style.gridColumn = "1 / -1";
  box.style.minWidth = "0";
  return {
    box,
    show(mission, path) {
      mines.hidden = mission !== "lay mines";
      escort.hidden = mission !== "escort";
      box.hidden = mines.hidden && escort.hidden;
      path.hidden = mission === "escort";
    },
    read(mission) {
      if (mission === "lay mines" && mines.value) return { mines_at: mines.value };
      if (mission === "escort" && escort.value) return { escort: escort.value };
      return {};
    },
    fill(plot) {
      mines.value = plot?.mines_at ?? fleet.mines_at ?? "";
      escort.value = plot?.escort ?? fleet.escorting ?? "";
    },
  };
}

/** The tactics a fleet's last plot gave that differ from its mission's default. */
function standing(fleet) {
  const base = defaults(fleet.mission);
  return Object.fromEntries(Object.entries(fleet.tactics || {}).filter(([name, value]) => base[name] !== value));
}

function canonical(map) {
  return JSON.stringify(Object.entries(map).sort());
}

const SAID = { box: "mend a box", speed: "restore a level of speed" };

/** The controls for the choices the rules leave to this seat now (view.choices), each as a
 * fieldset: its rule, the options, and the rules' own choice (what happens if none is made). */
function choiceControls(v, changed) {
  const controls = { intelligence: null, seaplanes: {}, repair: {} };
  const sets = (v?.choices || []).map((choice) => {
    const rule = h("p", { class: "muted small rule" }, choice.rule);
    if (choice.kind === "intelligence") {
      const standing = choice.fleets.find((f) => f.id === choice.standing);
      // A radio and its words side by side (the order form's labels stack their contents).
      const option = (attrs, words) => h("div", { class: "check" }, h("input", { type: "radio", name: "intelligence", id: `intelligence-${attrs.value || "rules"}`, ...attrs }),
        h("label", { for: `intelligence-${attrs.value || "rules"}` }, words));
      const options = [option({ value: "", checked: "" }, `Leave it to the rules: ${standing.name}${standing.seat === v.seat ? "" : ` (${seatTitle(standing.seat)}'s)`}, the first by id`)];
      for (const f of choice.fleets) {
        const plotted = (f.ahead || []).map((p) => route(p) || "stay").join("; ");
        const attrs = { value: f.id, "aria-label": `The report goes to ${f.name}` };
        if (f.seat !== v.seat) attrs.disabled = "";
        options.push(option(attrs, `${f.name} (${zoneName(f.zone)}; plotted: ${plotted})${f.seat === v.seat ? "" : ` — ${seatTitle(f.seat)}'s to name`}`));
      }
      for (const input of options.map((o) => o.querySelector("input"))) input.onchange = changed;
      controls.intelligence = { choice, box: options };
      return h("fieldset", { class: "ship-order choice", "data-choice": "intelligence" },
        h("legend", {}, choice.event === "this just in" ? "This Just In" : "Situation Clarifies"), rule, h("div", {}, options));
    }
    if (choice.kind === "seaplanes") {
      const pick = h("select", { "data-base": choice.base, "aria-label": `Seaplanes from ${choice.name}: target` },
        h("option", { value: "" }, "the rules' choice: the first in reach"),
        ...choice.tracks.map((n) => h("option", { value: String(n) }, `track ${n}`)));
      pick.onchange = changed;
      controls.seaplanes[choice.base] = pick;
      const none = choice.tracks.length ? null : h("p", { class: "muted small" }, `No track of yours was last seen within ${choice.reach} zones.`);
      return h("fieldset", { class: "ship-order choice", "data-choice": "seaplanes" }, h("legend", {}, `Seaplanes from ${choice.name}`), rule, pick, none);
    }
    const pick = h("select", { "data-ship": choice.ship, "aria-label": `Port repair of ${choice.ship}` },
      h("option", { value: "" }, `the rules' choice: ${SAID[choice.standing]}`),
      ...choice.options.map((o) => h("option", { value: o, ...(o === choice.chosen ? { selected: "" } : {}) }, o === "box" ? "mend a box first" : "restore speed first")));
    pick.onchange = changed;
    controls.repair[choice.ship] = pick;
    return h("fieldset", { class: "ship-order choice", "data-choice": "repair" },
      h("legend", {}, `Port repair: ${choice.ship} at ${choice.port}`),
      h("p", { class: "small" }, repairWords(choice)), rule, pick);
  });
  for (const set of sets) {  // as wide as the pad, never wider (a fieldset's least width is its content's)
    set.style.minWidth = "0";
    for (const select of set.querySelectorAll("select")) select.style.width = "100%";
  }
  return { sets, controls };
}

export function orderForm({ view, welcome, changed }) {
  learn(welcome);
  const box = h("div", { class: "plots" });
  let rows = [];
  let picking = null;
  let choices = { sets: [], controls: { intelligence: null, seaplanes: {}, repair: {} } };
  let builtFor = null; // "turn/phase" of the view the rows were built from (null: none yet)
  let pending = null; // an order filled in before that view came (a draft or an amendment put back)

  /** The fleet the intelligence report is to reach, as the radio buttons say ("" for none). */
  function named() {
    return choices.controls.intelligence?.box.map((o) => o.querySelector("input")).find((i) => i.checked)?.value ?? "";
  }

  /** A fleet bound by old plots shows its row only while the report is to reach it. */
  function showRows() {
    for (const r of rows) if (r.bound) r.row.hidden = named() !== r.fleet.id;
  }

  function build() {
    const v = view();
    builtFor = v ? `${v.turn}/${v.phase}` : null;
    choices = choiceControls(v, () => {
      showRows();
      changed();
    });
    const offer = choices.controls.intelligence?.choice;
    const offered = new Set((offer?.fleets || []).filter((f) => f.seat === v.seat).map((f) => f.id));
    const mine = (v?.fleets || []).filter((f) => f.seat === v.seat && !f.returning && (!(f.ahead || []).length || offered.has(f.id)));
    rows = mine.map((fleet) => {
      const bound = offered.has(fleet.id);
      const clarified = bound && offer.event === "situation clarifies";
      const mission = h("select", { "data-fleet": fleet.id, class: "mission", "aria-label": `${fleet.name}: mission` },
        Object.keys(MISSIONS).map((m) => h("option", { value: m, ...(m === fleet.mission ? { selected: "" } : {}) }, m)));
      // A mission is the sortie's: it changes in port, or when This Just In frees the fleet.
      const fixed = !inPort(fleet, v.side) && !(bound && offer.event === "this just in");
      if (fixed) {
        mission.disabled = true;
        mission.title = "A mission is the sortie's: it changes only in one of your bases (or by This Just In).";
      }
      const says = h("p", { class: "muted small mission-says" }, MISSIONS[fleet.mission] ?? "");
      says.style.margin = "2px 0";
      const path = h("input", { "data-fleet": fleet.id, class: "path", "aria-label": `${fleet.name}: zones to move through`, placeholder: "stay, or click zones" });
      const target = targetControl(fleet, v, changed);
      const later = clarified ? 3 : bound ? 1 : fleet.must_plot;
      const ahead = later > 1
        ? h("input", { "data-fleet": fleet.id, class: "ahead", "aria-label": `${fleet.name}: later turns, ; between turns`,
          placeholder: clarified ? "next turn; the turn after" : "later turns, ; between" })
        : null;
      if (clarified) {  // this turn's move stands as plotted
        path.value = route(fleet.ahead[0]);
        path.readOnly = true;
        mission.disabled = true;
      }
      const pick = h("input", { type: "radio", name: "pick-fleet", id: `pick-${fleet.id}`, value: fleet.id, "aria-label": `Map clicks plot ${fleet.name}` });
      pick.onchange = () => {
        picking = plotting.fleet = fleet.id;
        changed();
      };
      const tactics = tacticsControls(fleet, changed);
      for (const input of [mission, path, ahead].filter(Boolean)) input.oninput = changed;
      mission.onchange = () => {
        says.textContent = MISSIONS[mission.value] ?? "";
        tactics.show(mission.value);
        target.show(mission.value, path);
        changed();
      };
      target.show(mission.value, path);
      const note = bound ? h("span", { class: "muted small" }, clarified ? " this turn as plotted; plot the next two:" : " replotted from this turn:") : null;
      const head = h("div", { class: "plot-head" }, pick, h("label", { for: `pick-${fleet.id}` }, h("strong", {}, `${fleet.name} (${zoneName(fleet.zone)})`)), note);
      head.style.display = "flex";
      head.style.gap = "6px";
      head.style.alignItems = "center";
      const fields = h("div", { class: "plot-fields" }, mission, path, target.box, ahead);
      fields.style.display = "grid";
      fields.style.gridTemplateColumns = "8em minmax(0, 1fr)";
      fields.style.gap = "4px";
      if (ahead) ahead.style.gridColumn = "1 / -1";
      const row = h("div", { class: "plot-row", "data-fleet": fleet.id }, head, fields, says, tactics.box);
      row.style.margin = "0 0 8px";
      return { fleet, mission, path, ahead, bound, clarified, tactics, says, row, target };
    });
    picking = plotting.fleet = rows.find((r) => !r.bound)?.fleet.id ?? null;
    rows.find((r) => r.fleet.id === picking)?.row.querySelector("input[type=radio]").setAttribute("checked", "");
    showRows();
    const plots = rows.length ? rows.map((r) => r.row) : [h("p", { class: "muted" }, "No fleet of yours takes orders this turn.")];
    const pending = choices.sets.length ? [h("h3", { class: "choices-head" }, "Your choices this turn"), ...choices.sets, h("h3", {}, "Plots")] : [];
    box.replaceChildren(...pending, ...plots);
  }

  build();
  const pad = {
    fields: box,
    read() {
      const fleets = {};
      const freed = named();
      for (const { fleet, mission, path, ahead, bound, tactics, target } of rows) {
        if (bound && fleet.id !== freed) continue;
        const plot = { mission: mission.value, path: mission.value === "escort" ? [] : zones(path.value) };
        if (ahead) plot.ahead = turns(ahead.value);
        Object.assign(plot, target.read(mission.value));
        const fights = tactics.read(plot.mission);
        if (Object.keys(fights).length) plot.tactics = fights;
        // A fleet left out keeps its plot's tactics; a plot sent without them goes back to the defaults.
        const retold = canonical(fights) !== canonical(standing(fleet));
        const named = (plot.mines_at ?? null) !== (fleet.mission === "lay mines" ? fleet.mines_at ?? null : null)
          || (plot.escort ?? null) !== (fleet.mission === "escort" ? fleet.escorting ?? null : null);
        if (plot.path.length || plot.mission !== fleet.mission || ahead || bound || retold || named) fleets[fleet.id] = plot;
      }
      const order = { fleets };
      if (freed) order.intelligence = freed;
      const seaplanes = Object.entries(choices.controls.seaplanes).filter(([, s]) => s.value).map(([base, s]) => [base, Number(s.value)]);
      if (seaplanes.length) order.seaplanes = Object.fromEntries(seaplanes);
      const repair = Object.entries(choices.controls.repair).filter(([, s]) => s.value).map(([ship, s]) => [ship, s.value]);
      if (repair.length) order.repair = Object.fromEntries(repair);
      return order;
    },
    fill(order) {
      if (!builtFor) pending = order; // no rows yet: filled once the view has built them
      for (const { fleet, mission, path, ahead, clarified, tactics, says, target } of rows) {
        const plot = order?.fleets?.[fleet.id];
        if (!clarified) {
          mission.value = plot?.mission ?? fleet.mission;
          path.value = route(plot?.path);
        }
        says.textContent = MISSIONS[mission.value] ?? "";
        tactics.show(mission.value);
        tactics.fill(plot ? plot.tactics : fleet.tactics);
        target.fill(plot);
        target.show(mission.value, path);
        if (ahead) ahead.value = (plot?.ahead || []).map(route).join("; ");
      }
      for (const option of choices.controls.intelligence?.box || []) {
        const input = option.querySelector("input");
        input.checked = input.value === (order?.intelligence ?? "");
      }
      for (const [base, pick] of Object.entries(choices.controls.seaplanes)) pick.value = String(order?.seaplanes?.[base] ?? "");
      for (const [ship, pick] of Object.entries(choices.controls.repair)) pick.value = order?.repair?.[ship] ?? pick.value;
      showRows();
    },
    cost: () => null,
    pick(place) {
      const row = rows.find((r) => r.fleet.id === picking);
      if (!row || !place?.name) return;
      if (row.clarified) {
        const later = turns(row.ahead.value);
        later[later.length - 1].push(place.name);
        row.ahead.value = later.map(route).join("; ");
      } else row.path.value = route([...zones(row.path.value), place.name]);
    },
    seen(v, fresh) {
      // A new phase starts a fresh pad; within one, a change in what may be chosen (a report
      // the umpire injected brings a track in reach) redraws the pad with what was written kept.
      const now = JSON.stringify(v?.choices || []);
      if (fresh) build();
      else if (builtFor !== `${v?.turn}/${v?.phase}`) {
        build();
        if (pending) pad.fill(pending);
      } else if (now !== shownChoices) {
        const kept = pad.read();
        build();
        pad.fill(kept);
      }
      shownChoices = now;
      pending = null;
    },
  };
  let shownChoices = JSON.stringify(view()?.choices || []);
  return pad;
}

/** Words for the zone under the pointer: its name and kind, a base's owner, the enemy's fields
 * there as our intelligence has them, and what a click does. */
export function where(place, view, pad) {
  const zone = place?.name;
  const fleet = (view?.fleets || []).find((f) => f.id === plotting.fleet);
  const mined = view?.minefields?.enemy?.[zone];
  return [zoneName(zone), ...(view?.fleets || []).filter((f) => f.zone === zone).map((f) => `our ${f.name}`),
    mined ? `enemy fields: ${mined}` : null, pad?.pick && fleet ? `click to add it to ${fleet.name}'s plot` : null].filter(Boolean).join(" · ");
}

export function here(view) {
  return view?.fleets?.[0]?.zone ?? null;
}

export { orderWords as order };

/** A list of dated items, the last turn's first in sight and the older folded away. */
function dated(items, id, none) {
  const fresh = items.filter(([age]) => age <= 1).map(([, node]) => node);
  const old = items.filter(([age]) => age > 1).map(([, node]) => node);
  return [
    fresh.length ? h("ul", { class: "reports", id }, fresh) : h("p", { class: "muted" }, none),
    old.length ? h("details", { class: "older" }, h("summary", { class: "small" }, `Older (${old.length})`), h("ul", { class: "reports" }, old)) : null,
  ];
}

export function reports(view) {
  const list = (view?.reports || []).map((r) => [r.age ?? 0, h("li", { "data-source": r.source }, reportWords(r))]);
  const news = (view?.news || []).map((n) => [n.age ?? 0, h("li", {}, `Turn ${n.turn} (${ago(n.age)}) · ${n.text}`)]);
  return [
    ...dated(list, "report-list", "No reports this turn."),
    h("h3", {}, "News of your side"),
    ...dated(news, "news-list", "No news this turn."),
    ...battleBoards(view),
  ];
}

export function contacts(view) {
  const tracks = view?.tracks || [];
  if (!tracks.length) return h("p", { class: "muted" }, "No enemy tracked.");
  return h("ul", { class: "contacts" }, tracks.map((t) => {
    const last = t.sightings[t.sightings.length - 1];
    return h("li", {}, `Track ${t.number}: ${zoneName(last.position.zone)}, turn ${last.turn} (${ago(view.turn - last.turn)})${last.identity ? `, ${last.identity}` : ""}`);
  }));
}

// What a new admiral must know before the first plot: how to plot, and the rules that can sink
// his ships (battles, mines, fuel, random events), a sentence each (docs/decisions.md).
const HOW = [
  ["Plotting", "Each turn, for each fleet: pick it (its round button), click the zone it moves to on the map (two zones for a fleet of speed 2), choose its mission and how it fights, then send. Odd turns are day, even turns night."],
  ["Contact and battle", "Fleets of both sides in one zone may meet (a die: 4+ by day, 5+ by night, +1 for every 4 ships there). A meeting is fought at once by each fleet's tactics: a fleet that closes with a stronger one can lose every ship in one turn, so keep off or break off early when outgunned. A hit may knock out guns instead of hull: a ship fights on with the guns it has left until they are mended."],
  ["Mines", "The enemy's fields near his bases and the Straits are told in words only (lightly to very heavily mined); a fleet entering a mined zone rolls, and a mine costs a ship 2 hull boxes, enough to sink a destroyer. Fields laid during the game are never told."],
  ["Fuel", "A fleet burns a box of fuel every 9 zones; with a ship out of fuel it crawls one zone a turn. Bunkers fill in your own bases, or at sea on a refuel mission beside your colliers."],
  ["Random events", "From turn 2 an event may strike either side: a rogue mine (2 boxes), condenser trouble (a ship slows and turns home), a false report binding a fleet for 3 turns, a fleet that aborts. Your news says when."],
  ["Missions", "A fleet's mission is the sortie's: choose it in port. Raiders sink steamers on the enemy's coast but are reported; a base scores the first time it is bombarded; a minelayer lays where you name; an escort sails with its charge."],
  ["Victory", "Points for enemy hull boxes sunk, bases bombarded, steamers sunk and coal delivered; 3 points ahead is a marginal victory, 10 a victory. A side with no ship left is defeated."],
];

export function briefing(b) {
  return [
    h("h2", {}, b?.title ?? ""), h("p", {}, b?.briefing ?? ""), h("p", {}, `${b?.turns ?? "?"} turns, two a day.`),
    h("h3", {}, "How you play, and what can sink you"),
    h("dl", { class: "how", id: "how-to-play" }, HOW.flatMap(([what, words]) => [h("dt", {}, what), h("dd", {}, words)])),
  ];
}

// The operational game takes no questions (the rules refuse them): the seat shows no form for them.
export const question = null;
