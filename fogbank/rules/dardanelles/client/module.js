// The Dardanelles at a player's seat in the browser: the submarine's chart, gauges, order pad
// (pad.js), reports and contacts. The seat's shell (fogbank/server/seat/ruleset.js says what a
// module may export) loads this from /play/rulesets/dardanelles/module.js; the views it reads are
// those of views.py (docs/payloads.md). Fields other parts of the ruleset may add (an order's
// `legs` and `fix`, the chart's `finish`, the briefing's `intelligence` and `levels`, a report's
// `contacts`) are shown when present and never required.

import { h, paint, s, titled } from "/web/dom.js";
import { drawSeat as drawCrewChart } from "/web/rulesets/dardanelles/layers.js";
import { contactLog, legsOf, orderForm, squaresOf } from "./pad.js";

export { orderForm };

export const geometry = "squares";

const FULL_AIR = 20; // hours of air with the hatch shut
const FULL_BATTERY = 36;
const DRAFT = { stroke: "#b7791f", width: 2.4, dash: "6 3", fill: "none" };
const FINISH = { fill: "rgba(46, 125, 79, 0.18)", stroke: "#2e7d4f", width: 1.4 };
const STEP = { N: [0, -1], NE: [1, -1], E: [1, 0], SE: [1, 1], S: [0, 1], SW: [-1, 1], W: [-1, 0], NW: [-1, -1] };

function hour(time) {
  return time ? String(time).slice(11, 16) : "";
}

function bearing(degrees) {
  return degrees === null || degrees === undefined ? "—" : `${String(degrees).padStart(3, "0")}°`;
}

/** The squares the chart's `finish` names (a square, a list of them, or {squares}), if it has one. */
function finishSquares(chart) {
  const finish = chart?.finish;
  if (!finish) return [];
  if (typeof finish === "string") return [finish];
  if (Array.isArray(finish)) return finish.filter((x) => typeof x === "string");
  return Array.isArray(finish.squares) ? finish.squares : [];
}

/** The crew's chart (their dead reckoning and last hour's contacts), the finish, and the move being drafted. */
export function drawSeat(map, group, view, draft) {
  for (const square of finishSquares(map.chart)) {
    const box = map.box(square);
    if (box) group.appendChild(titled(paint(s("rect", { class: "finish", x: box.x, y: box.y, width: box.size, height: box.size }), FINISH), `The finish: ${square}`));
  }
  drawCrewChart(map, group, view);
  let from = view && map.centre(draft?.plot ?? view.plotted);
  if (!from || !draft || !squaresOf(draft)) return;
  // Each leg in turn, from where the last one ends.
  for (const leg of legsOf(draft)) {
    if (!leg.speed) continue;
    const [dx, dy] = STEP[leg.course] || STEP.N;
    const to = [from[0] + dx * leg.speed * map.size, from[1] + dy * leg.speed * map.size];
    const line = paint(s("line", { class: "draft-move", x1: from[0], y1: from[1], x2: to[0], y2: to[1] }), DRAFT);
    group.appendChild(titled(line, `Your draft: ${leg.course} ${leg.speed} squares, ${draft.level} (before the stream)`));
    from = to;
  }
  group.appendChild(paint(s("circle", { class: "draft-end", cx: from[0], cy: from[1], r: 4 }), { ...DRAFT, dash: null }));
}

function meter(value, most, low, high) {
  return h("meter", { min: 0, max: most, low, high, optimum: most, value });
}

/** The boat as her crew knows her. */
export function gauges(view, welcome) {
  const name = welcome?.briefing?.boat ?? "The boat";
  if (!view) return [h("h2", {}, name), h("p", { class: "muted" }, "Waiting for the first report…")];
  const reload = view.reload_turns_left ? ` · reloading, ${view.reload_turns_left} h surfaced` : "";
  const outcome = view.outcome ? h("p", { class: "refusal" }, `${view.outcome.result}: ${view.outcome.reason}`) : null;
  return [
    h("h2", {}, `${name}${view.afloat === false ? " · LOST" : ""}`),
    h(
      "dl",
      { class: "gauges" },
      h("dt", {}, "Time"), h("dd", { id: "gauge-time" }, `${hour(view.time)} · ${view.night ? "night" : "day"}`),
      h("dt", {}, "Plotted"), h("dd", { id: "gauge-plotted" }, view.plotted),
      h("dt", {}, "Level"), h("dd", { id: "gauge-level" }, view.level),
      h("dt", {}, "Air"), h("dd", {}, meter(view.air, FULL_AIR, 5, 10), ` ${view.air} h`),
      h("dt", {}, "Battery"), h("dd", { id: "gauge-battery" }, meter(view.battery, FULL_BATTERY, 8, 16), ` ${view.battery}`),
      h("dt", {}, "Tubes"), h("dd", {}, `${view.loaded}/${view.tubes} loaded, ${view.spare} spare${reload}`),
      deadline(view, welcome),
    ),
    outcome,
  ];
}

/** Where the crew believe they are: the keyboard's cursor starts there. */
export function here(view) {
  return view?.plotted ?? null;
}

/** An order in words: course, speed, level, a torpedo if fired; legs and a fix where given. */
export function order(given) {
  if (!given) return "none";
  const legs = Array.isArray(given.legs) && given.legs.length
    ? given.legs.map((leg) => `${leg.course ?? "?"} ${leg.speed ?? leg.squares ?? 0}`).join(" then ")
    : `${given.course ?? "N"} ${given.speed ?? 0}`;
  const fire = given.fire ? ` · fire ${given.fire.torpedoes ?? 1} at c${given.fire.target} ${given.fire.direction}` : "";
  const fix = given.fix ? " · fix" : "";
  const plot = given.plot ? ` · plot moved to ${given.plot}` : "";
  return `${legs}, ${given.level ?? "?"}${fix}${fire}${plot}`;
}

/** The umpire's reports since the last turn, with the contacts each names. */
export function reports(view) {
  const list = (view?.reports || []).map((report) => {
    const contacts = report.contacts ?? (report.contact ? [report.contact] : []);
    return h(
      "li",
      { "data-kind": report.kind },
      h("span", { class: "when" }, `T${report.turn}`),
      report.text,
      contacts.map((c) => h("span", { class: "chip" }, `c${c.number}`)),
    );
  });
  return list.length ? h("ul", { class: "reports", id: "report-list" }, list) : h("p", { class: "muted" }, "No reports this hour.");
}

/** Every contact in the log, newest first: what each tells, and how old it is. */
export function contacts(view) {
  const all = contactLog(view).reverse();
  if (!all.length) return h("p", { class: "muted" }, "No contacts.");
  const rows = all.map((c) => {
    const age = view.turn - c.turn;
    const what = c.identity ?? c.silhouette ?? (c.fidelity === "bearing" ? "heard" : "");
    return h(
      "tr",
      { "data-contact": c.number },
      h("td", { class: "mono" }, `c${c.number}`),
      h("td", {}, h("span", { class: "fidelity" }, c.fidelity)),
      h("td", { class: "mono" }, bearing(c.bearing)),
      h("td", { class: "num" }, c.distance ?? ""),
      h("td", {}, String(what).replaceAll("_", " ")),
      h("td", { class: "mono" }, c.square ?? ""),
      h("td", { class: "muted" }, age <= 1 ? "last hour" : `${age} h ago`),
    );
  });
  return h(
    "table",
    { class: "contacts" },
    h("thead", {}, h("tr", {}, ["#", "by", "bearing", "sq", "what", "square", "seen"].map((t) => h("th", {}, t)))),
    h("tbody", {}, rows),
  );
}

/** A briefing field in words: a sentence, a list of them, or sentences by name. */
function told(value) {
  if (typeof value === "string") return h("p", {}, value);
  if (Array.isArray(value)) return h("ul", {}, value.map((line) => h("li", {}, String(line))));
  return h("dl", {}, Object.entries(value).flatMap(([name, line]) => [h("dt", {}, name), h("dd", {}, String(line))]));
}

/** "2200 on 25 April": an hour of the scenario, as the briefing would say it. */
function when(time) {
  const at = new Date(`${time}Z`);
  if (Number.isNaN(at.getTime())) return String(time);
  const month = at.toLocaleString("en-GB", { month: "long", timeZone: "UTC" });
  return `${String(at.getUTCHours()).padStart(2, "0")}00 on ${at.getUTCDate()} ${month}`;
}

/** The hour after which the scenario's targets no longer count, and how long is left before it. */
function deadline(view, welcome) {
  const before = welcome?.briefing?.sink_before;
  if (!before || !view?.time) return null;
  // The crew saw the last target go down in time: the clock no longer runs for her.
  if (view.targets_sunk) {
    return [h("dt", {}, "Target"), h("dd", { id: "gauge-deadline", class: "done" }, "sunk in time: the hour no longer matters")];
  }
  const left = Math.round((new Date(`${before}Z`) - new Date(`${view.time}Z`)) / 3600000);
  const words = left > 0 ? `before ${when(before)}: ${left} h left` : `${when(before)} has passed: sinking her counts no more`;
  return [h("dt", {}, "Target"), h("dd", { id: "gauge-deadline", class: left > 0 && left <= 4 ? "trouble" : null }, words)];
}

/** The briefing: the orders, the start, and what intelligence and levels the scenario gives. */
export function briefing(given) {
  const extra = (name, value) => (value === undefined || value === null ? null : [h("h3", {}, name), told(value)]);
  const by = given?.sink_before ? ` A target counts only if sunk before ${when(given.sink_before)}.` : "";
  return [
    h("p", {}, given?.briefing ?? ""),
    h("p", { class: "muted" }, `Starts ${when(given?.start ?? "")}; the game ends after turn ${given?.turn_limit ?? "?"}.${by}`),
    extra("Intelligence", given?.intelligence),
    extra("Levels", given?.levels),
  ];
}

export const talk = "your own side (a lone boat: the log only)";

// The Dardanelles takes no questions: the seat shows no form for them.
export const question = null;

