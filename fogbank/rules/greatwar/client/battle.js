// A battle as the seat's side saw it: the area board (docs/payloads.md, "Battle report"), the
// groups in each segment (own in blue, the enemy in red only while face up), and a step control
// to walk the battle from set-up to its end with the lines the side was told.

import { h, s, titled } from "/play/dom.js";

const CELL = 64;
const LOOK = {
  own: { fill: "#d5e6f7", stroke: "#24578a" },
  enemy: { fill: "#f6d3cd", stroke: "#8c2a1f" },
};

/** Every battle report of the view, each a board with its own step control; `whole` for the
 * umpire's records, where every group is shown (faded while face down). */
export function battleBoards(view, whole = false) {
  return (view?.battles || []).map((report) => battleBoard(report, view.side, whole));
}

function shipWords(ship, own) {
  if (own) return `${ship.name} (${ship.kind}) ${ship.hits}/${ship.hull} hits, speed ${ship.speed}`;
  return `${ship.name} (${ship.kind})${ship.hit ? `, hit ${ship.hit}×` : ""}`;
}

function drawStep(svg, report, step, side) {
  const cols = report.columns;
  const rows = report.rows;
  svg.replaceChildren();
  for (let c = 0; c < cols; c += 1) {
    for (let r = 0; r < rows; r += 1) {
      svg.append(s("rect", { x: c * CELL, y: r * CELL, width: CELL, height: CELL, fill: "#f4f1e8", stroke: "#b9b2a0", class: "area", "data-area": `${c},${r}` }));
    }
  }
  const stacked = {};
  for (const group of step.groups) {
    const [c, r] = group.area;
    if (c < 0 || c >= cols) continue; // off the board: gone from the battle
    const key = `${c},${r}`;
    const n = (stacked[key] = (stacked[key] ?? -1) + 1);
    const own = group.side === side;
    const look = own ? LOOK.own : LOOK.enemy;
    const x = c * CELL + 3;
    const y = r * CELL + 3 + n * 20;
    const mark = s("g", { class: `group ${own ? "own" : "enemy"}`, "data-group": group.id, opacity: group.face_up ? null : 0.45 });
    mark.append(s("rect", { x, y, width: CELL - 6, height: 18, rx: 3, fill: look.fill, stroke: look.stroke, "stroke-width": group.smoke ? 3 : 1, "stroke-dasharray": group.smoke ? "3 2" : null }));
    mark.append(s("text", { x: x + 4, y: y + 13, "font-size": 11, "font-family": "sans-serif", fill: look.stroke }, `${group.kind} ×${group.ships.length}`));
    svg.append(titled(mark, group.ships.map((ship) => shipWords(ship, own)).join("\n") + (group.smoke ? "\nlaying smoke" : "")));
  }
}

/** One battle: its board at a chosen step, the step control, and what was told at that step;
 * `side`'s groups in blue (the umpire's record shows every group, face up or not). */
export function battleBoard(report, side, whole = false) {
  const steps = report.steps || [];
  let at = steps.length - 1;
  const svg = s("svg", {
    class: "battle-board", viewBox: `0 0 ${report.columns * CELL} ${report.rows * CELL}`,
    width: "100%", role: "img",
    "aria-label": `Battle board in ${report.zone}`,
  });
  const caption = h("p", { class: "battle-step" });
  const lines = h("ul", { class: "battle-lines" });
  const slider = h("input", { type: "range", min: 0, max: Math.max(0, steps.length - 1), value: at, "aria-label": "Battle step" });
  const back = h("button", { type: "button", class: "battle-back", "aria-label": "Step back" }, "◀");
  const on = h("button", { type: "button", class: "battle-on", "aria-label": "Step on" }, "▶");

  function show() {
    const step = steps[at];
    if (!step) return;
    slider.value = at;
    drawStep(svg, report, step, side);
    const what = step.segment === 0 ? "set-up" : `round ${step.round}, segment ${step.segment}: ${step.what}`;
    caption.textContent = `${what} · visibility ${step.visibility} · step ${at + 1} of ${steps.length}`;
    lines.replaceChildren(...(step.lines.length ? step.lines.map((line) => h("li", {}, line)) : [h("li", { class: "muted" }, "nothing seen")]));
  }
  back.onclick = () => { at = Math.max(0, at - 1); show(); };
  on.onclick = () => { at = Math.min(steps.length - 1, at + 1); show(); };
  slider.oninput = () => { at = Number(slider.value); show(); };
  show();
  const title = `Battle in ${report.zone}, turn ${report.turn}${report.pursuit ? " (pursuit)" : ""} · ${report.day ? "day" : "night"} · ${report.initiative} has the initiative`;
  return h("section", { class: "battle", "data-zone": report.zone },
    h("h3", {}, title), h("p", { class: "muted" }, whole
      ? `blue: ${side}; red: the other side; faded: face down (out of the enemy's sight)`
      : `blue: ${side}; red: the enemy, shown only while in sight of ${side}`),
    svg, h("div", { class: "battle-controls" }, back, slider, on), caption, lines,
    h("p", { class: "battle-result" }, report.result));
}
