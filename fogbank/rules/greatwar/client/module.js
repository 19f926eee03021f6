// Great War at Sea at a player's seat: the zone map (maps/zones.js) with the side's fleets, the
// plots being drafted and the seat's reports with their age; a plot pad, a fleet per row. Views
// are those of views.py (docs/payloads.md).

import { h } from "/play/dom.js";
import { drawFleets, drawReports, reportWords } from "/umpire/rulesets/greatwar/draw.js";
import { battleBoards } from "./battle.js";

export const geometry = "zones";

const MISSIONS = ["raid", "intercept", "bombard", "lay mines", "transport", "escort", "refuel"];

export function drawSeat(map, group, view, draft) {
  if (!view) return;
  drawFleets(map, group, (view.fleets || []).map((f) => ({ ...f, side: view.side })), draft?.fleets ?? {});
  drawReports(map, group, view);
}

export function gauges(view) {
  if (!view) return [h("h2", {}, "Your fleets"), h("p", { class: "muted" }, "Waiting for the first view…")];
  const outcome = view.outcome ? h("p", { class: "refusal" }, view.outcome.reason) : null;
  const rows = (view.fleets || []).map((f) =>
    h("li", { "data-fleet": f.id }, `${f.name} · ${f.zone} · ${f.mission} · speed ${f.speed} · fuel ${f.fuel}` +
      (f.seat === view.seat ? "" : ` · ${f.seat}'s`) + (f.returning ? " · returning" : "") + (f.held ? " · held" : "")),
  );
  const enemy = Object.entries(view.minefields?.enemy || {}).map(([zone, words]) => h("li", {}, `${zone}: ${words}`));
  return [
    h("h2", {}, `Turn ${view.turn} · ${view.day ? "day" : "night"} · ${view.phase}`),
    h("ul", { class: "fleets", id: "fleet-list" }, rows),
    enemy.length ? h("p", {}, "Enemy minefields: ", h("ul", {}, enemy)) : null,
    outcome,
  ];
}

function zones(text) {
  return String(text || "").split(/[\s,]+/).filter(Boolean);
}

export function orderForm({ view, changed }) {
  const box = h("div", { class: "plots" });
  let rows = [];
  let picking = null;

  function build() {
    const v = view();
    const mine = (v?.fleets || []).filter((f) => f.seat === v.seat && !f.returning && !(f.ahead || []).length);
    rows = mine.map((fleet) => {
      const mission = h("select", { "data-fleet": fleet.id, class: "mission", "aria-label": `${fleet.name}: mission` },
        MISSIONS.map((m) => h("option", { value: m, ...(m === fleet.mission ? { selected: "" } : {}) }, m)));
      const path = h("input", { "data-fleet": fleet.id, class: "path", "aria-label": `${fleet.name}: zones to move through`, placeholder: "stay" });
      const ahead = fleet.must_plot > 1
        ? h("input", { "data-fleet": fleet.id, class: "ahead", "aria-label": `${fleet.name}: later turns, ; between turns` })
        : null;
      const pick = h("input", { type: "radio", name: "pick-fleet", value: fleet.id, "aria-label": `Map clicks plot ${fleet.name}` });
      pick.onchange = () => (picking = fleet.id);
      for (const input of [mission, path, ahead].filter(Boolean)) input.oninput = changed;
      mission.onchange = changed;
      return { fleet, mission, path, ahead, row: h("div", { class: "plot-row" }, pick, h("strong", {}, ` ${fleet.name} (${fleet.zone}) `), mission, path, ahead) };
    });
    picking = rows[0]?.fleet.id ?? null;
    if (rows[0]) rows[0].row.querySelector("input[type=radio]").checked = true;
    box.replaceChildren(...(rows.length ? rows.map((r) => r.row) : [h("p", { class: "muted" }, "No fleet of yours takes orders this turn.")]));
  }

  build();
  return {
    fields: box,
    read() {
      const fleets = {};
      for (const { fleet, mission, path, ahead } of rows) {
        const plot = { mission: mission.value, path: zones(path.value) };
        if (ahead) plot.ahead = String(ahead.value || "").split(";").map(zones);
        if (plot.path.length || plot.mission !== fleet.mission || ahead) fleets[fleet.id] = plot;
      }
      return { fleets };
    },
    fill(order) {
      for (const { fleet, mission, path, ahead } of rows) {
        const plot = order?.fleets?.[fleet.id];
        mission.value = plot?.mission ?? fleet.mission;
        path.value = (plot?.path || []).join(" ");
        if (ahead) ahead.value = (plot?.ahead || []).map((p) => p.join(" ")).join("; ");
      }
    },
    cost: () => null,
    pick(place) {
      const row = rows.find((r) => r.fleet.id === picking);
      if (row && place?.name) row.path.value = [...zones(row.path.value), place.name].join(" ");
    },
    seen(_view, fresh) {
      if (fresh) build();
    },
  };
}

export function here(view) {
  return view?.fleets?.[0]?.zone ?? null;
}

export function order(given) {
  const plots = Object.entries(given?.fleets || {});
  if (!plots.length) return "every fleet stays where it is";
  return plots.map(([id, p]) => `${id}: ${p.mission}${p.path?.length ? ` via ${p.path.join(" → ")}` : ", staying"}`).join("; ");
}

export function reports(view) {
  const list = (view?.reports || []).map((r) => h("li", { "data-source": r.source }, reportWords(r)));
  const told = list.length ? h("ul", { class: "reports", id: "report-list" }, list) : h("p", { class: "muted" }, "No reports this turn.");
  return [told, ...battleBoards(view)];
}

export function contacts(view) {
  const tracks = view?.tracks || [];
  if (!tracks.length) return h("p", { class: "muted" }, "No enemy tracked.");
  return h("ul", { class: "contacts" }, tracks.map((t) => {
    const last = t.sightings[t.sightings.length - 1];
    return h("li", {}, `Track ${t.number}: ${last.position.zone}, turn ${last.turn} (${view.turn - last.turn} turns ago)${last.identity ? `, ${last.identity}` : ""}`);
  }));
}

export function briefing(b) {
  return [h("h2", {}, b?.title ?? ""), h("p", {}, b?.briefing ?? ""), h("p", {}, `${b?.turns ?? "?"} turns.`)];
}

// The operational game takes no questions (the rules refuse them): the seat shows no form for them.
export const question = null;
