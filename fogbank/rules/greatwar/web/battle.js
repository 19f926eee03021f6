// A battle as the seat's side saw it: the area board (docs/payloads.md, "Battle report"), the
// groups in each segment (own in blue, the enemy in red only while face up), and a step control
// to walk the battle from set-up to its end with the lines the side was told. A heading says
// where and when, a legend what the marks mean.

import { h, s, titled } from "/web/dom.js";
import { sideName, zoneName } from "./draw.js";

const CELL = 64;
const CHIP = 20; // a group's chip, stacked in its area
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
  if (own) return `${ship.name} (${ship.kind}) ${ship.hits} of ${ship.hull} boxes lost, speed ${ship.speed}${ship.guns ? `, guns ${ship.guns.join("-")}` : ""}`;
  return `${ship.name} (${ship.kind})${ship.hit ? `, hit ${ship.hit}×` : ""}`;
}

/** A group's chip words: its type, its first ship's name cut short, and how many more. */
function chipWords(group) {
  const first = group.ships[0]?.name ?? "";
  const more = group.ships.length > 1 ? ` +${group.ships.length - 1}` : "";
  const name = first.length > 7 ? `${first.slice(0, 6)}…` : first;
  return `${group.kind} ${name}${more}`;
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
    const y = r * CELL + 3 + n * (CHIP + 2);
    const mark = s("g", { class: `group ${own ? "own" : "enemy"}`, "data-group": group.id, opacity: group.face_up ? null : 0.45 });
    mark.append(s("rect", { x, y, width: CELL - 6, height: CHIP, rx: 3, fill: look.fill, stroke: look.stroke, "stroke-width": group.smoke ? 3 : 1, "stroke-dasharray": group.smoke ? "3 2" : null }));
    const words = chipWords(group);
    // Squeezed into its chip when longer than it (about 6 units a letter at 11px).
    const squeeze = words.length * 6 > CELL - 10 ? { textLength: CELL - 10, lengthAdjust: "spacingAndGlyphs" } : {};
    mark.append(s("text", { x: x + 4, y: y + 14, "font-size": 11, "font-family": "sans-serif", fill: look.stroke, ...squeeze }, words));
    svg.append(titled(mark, group.ships.map((ship) => shipWords(ship, own)).join("\n") + (group.smoke ? "\nlaying smoke" : "")));
  }
}

/** A small swatch for the legend: a chip as the board draws it. */
function swatch(look, { faded = false, smoke = false } = {}) {
  const svg = s("svg", { width: 26, height: 14, viewBox: "0 0 26 14", "aria-hidden": "true", class: "swatch" });
  svg.append(s("rect", { x: 1, y: 1, width: 24, height: 12, rx: 2, fill: look.fill, stroke: look.stroke, opacity: faded ? 0.45 : null,
    "stroke-width": smoke ? 2.5 : 1, "stroke-dasharray": smoke ? "3 2" : null }));
  return svg;
}

function legend(side, whole) {
  const item = (mark, words) => h("span", { class: "legend-item" }, mark, ` ${words}`);
  const items = whole
    ? [item(swatch(LOOK.own), sideName("central")), item(swatch(LOOK.enemy), sideName("russia")), item(swatch(LOOK.enemy, { faded: true }), "faded: face down, out of the other side's sight")]
    : [item(swatch(LOOK.own), "our groups"), item(swatch(LOOK.own, { faded: true }), "faded: ours, out of the enemy's sight (face down)"),
      item(swatch(LOOK.enemy), "the enemy, while in sight"), h("span", { class: "legend-item" }, "an enemy out of sight is not drawn")];
  items.push(item(swatch(LOOK.own, { smoke: true }), "dashed: laying smoke"));
  items.push(h("span", { class: "legend-item" }, "west ← → east; a range counts areas, diagonals as one"));
  const box = h("p", { class: "battle-legend small" }, ...items);
  box.style.display = "flex";
  box.style.flexWrap = "wrap";
  box.style.gap = "4px 14px";
  box.style.alignItems = "center";
  return box;
}

/** A step's caption in words: the round, whose move or the combat, and how far one can see. */
function stepWords(step, at, count, side) {
  if (step.segment === 0) return `Set-up · sight ${step.visibility} area${step.visibility === 1 ? "" : "s"} · step 1 of ${count}`;
  // A seat reads its own side as "we" and the other as "the enemy"; the umpire's record names both.
  const what = !side || !step.mover ? step.what : step.what.replace(/^.* moves/, step.mover === side ? "we move" : "the enemy moves");
  return `Round ${step.round} · ${what} · sight ${step.visibility} area${step.visibility === 1 ? "" : "s"} · step ${at + 1} of ${count}`;
}

/** A line the side was told, marked when a ship is lost. */
function lineItem(line) {
  const grave = /sinks|explodes|blows up/.test(line);
  const item = h("li", { class: grave ? "grave" : "" }, line);
  if (grave) item.style.fontWeight = "600";
  return item;
}

// The step a reader chose in each battle (turn, zone, whose eyes): a page draws its boards again
// with every update it gets, and the board stays where the reader left it, not at the end.
const chosen = new Map();

/** One battle: its board at a chosen step, the step control, and what was told at that step;
 * `side`'s groups in blue (the umpire's record shows every group, face up or not). */
export function battleBoard(report, side, whole = false) {
  const steps = report.steps || [];
  const key = `${report.turn}|${report.zone}|${whole ? "" : side}`;
  let at = Math.min(chosen.get(key) ?? steps.length - 1, steps.length - 1);
  const where = zoneName(report.zone);
  const svg = s("svg", {
    class: "battle-board", viewBox: `0 0 ${report.columns * CELL} ${report.rows * CELL}`,
    width: "100%", role: "img",
    "aria-label": `Battle board in ${where}`,
  });
  // Never drawn so small that a chip's words cannot be read: a narrow column scrolls instead.
  svg.style.minWidth = `${report.columns * CELL}px`;
  svg.style.maxWidth = `${report.columns * CELL * 1.4}px`;
  svg.style.display = "block";
  const frame = h("div", { class: "battle-frame" }, svg);
  frame.style.overflowX = "auto";
  const caption = h("p", { class: "battle-step" });
  const lines = h("ul", { class: "battle-lines" });
  const slider = h("input", { type: "range", min: 0, max: Math.max(0, steps.length - 1), value: at, "aria-label": "Battle step" });
  slider.style.flex = "1 1 200px";
  const back = h("button", { type: "button", class: "battle-back", "aria-label": "Step back" }, "◀");
  const on = h("button", { type: "button", class: "battle-on", "aria-label": "Step on" }, "▶");

  function show() {
    const step = steps[at];
    if (!step) return;
    chosen.set(key, at);
    slider.value = at;
    drawStep(svg, report, step, side);
    caption.textContent = stepWords(step, at, steps.length, whole ? "" : side);
    const told = step.lines.length ? step.lines.map(lineItem)
      : [h("li", { class: "muted" }, step.what === "combat" ? "no gun fired in sight" : step.segment === 0 ? "the sides set up" : "a move: no gun fired")];
    lines.replaceChildren(...told);
  }
  back.onclick = () => { at = Math.max(0, at - 1); show(); };
  on.onclick = () => { at = Math.min(steps.length - 1, at + 1); show(); };
  slider.oninput = () => { at = Number(slider.value); show(); };
  show();
  const initiative = whole ? `${sideName(report.initiative)} has the initiative` : report.initiative === side ? "we have the initiative" : "the enemy has the initiative";
  const title = `Battle in ${where}${report.pursuit ? ", a pursuit" : ""}`;
  const when = `Turn ${report.turn} · ${report.day ? "by day" : "at night"} · ${initiative}`;
  const controls = h("div", { class: "battle-controls row" }, back, slider, on);
  controls.style.display = "flex";
  controls.style.gap = "6px";
  controls.style.alignItems = "center";
  const result = h("p", { class: "battle-result" }, h("strong", {}, "Outcome: "), report.result ?? (report.sunk?.length ? `sunk: ${report.sunk.join(", ")}` : "no ship sunk"));
  return h("section", { class: "battle", "data-zone": report.zone },
    h("h3", { class: "battle-title" }, title), h("p", { class: "battle-when" }, when), result, legend(side, whole),
    frame, controls, caption, lines);
}
