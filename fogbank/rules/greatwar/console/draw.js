// Great War at Sea on a zone map: what the seat page and the umpire's console both draw. Fleets
// are markers beside their zone's node (the ship count on them), plots dashed lines through zones,
// reports of the enemy grey markers with their age and, where told, the zone they go to next.

const SIDE_LOOK = { central: { fill: "#f3d9a4", stroke: "#7a5200" }, russia: { fill: "#c9dcf2", stroke: "#21466e" } };

/** Fleets as markers, their plotted paths as dashed lines; `draft` plots override the fleets'. */
export function drawFleets(map, group, fleets, draft = {}) {
  const count = {};
  for (const fleet of fleets || []) {
    const index = (count[fleet.zone] = (count[fleet.zone] ?? -1) + 1);
    const look = SIDE_LOOK[fleet.side] ?? SIDE_LOOK[fleet.seatSide] ?? { fill: "#fff", stroke: "#333" };
    const ships = (fleet.ships || []).map((ship) => ship.name).join(", ");
    map.marker(group, fleet.zone, index, { label: `${fleet.name} (${fleet.mission}): ${ships}`, text: String((fleet.ships || []).length), className: "fleet", ...look });
    const path = draft[fleet.id]?.path ?? fleet.path ?? [];
    if (path.length) map.path(group, [fleet.zone, ...path], { label: `${fleet.name}: ${path.join(" → ")}`, stroke: look.stroke });
  }
}

/** The latest report of each track: where it was, how old, and the next zone if told. */
export function drawReports(map, group, view) {
  const latest = {};
  for (const report of view?.reports || []) latest[report.track ?? `${report.zone}`] = report;
  let index = 4;
  for (const report of Object.values(latest)) {
    const age = report.age ?? 0;
    const label = `Track ${report.track ?? "?"}: ${report.source} ${age ? `${age} turn${age > 1 ? "s" : ""} ago` : "this turn"}` +
      (report.ships ? ` — ${report.ships.join(", ")}` : "") + (report.next_zone ? `; next ${report.next_zone}` : "");
    map.marker(group, report.zone, index++, { label, text: `T${report.track ?? "?"}`, fill: "#e4e4e4", stroke: "#555", className: "report" });
    if (report.next_zone && report.next_zone !== report.zone) {
      map.path(group, [report.zone, report.next_zone], { label: `${label}`, stroke: "#a33", dash: "2 3", className: "next-zone" });
    }
  }
}

/** A report in words, with its age. */
export function reportWords(report) {
  const age = report.age ? `${report.age} turn${report.age > 1 ? "s" : ""} ago` : "this turn";
  const parts = [`Turn ${report.turn} (${age}) · ${report.source} · track ${report.track ?? "?"} in ${report.zone}`];
  if (report.ships) parts.push(`ships: ${report.ships.join(", ")}`);
  if (report.next_zone) parts.push(`next zone: ${report.next_zone}`);
  if (report.text) parts.push(report.text);
  return parts.join(" · ");
}
