// Salvo on a hex map (the shared maps/hexes.js): how the things of the game are drawn, for the
// umpire's console and for a player's seat alike (the seat's module imports this file): the
// chart's waters, minefields, smoke, starshells, searchlight beams, lines of fire, and counters
// for ships, forts, zeppelins, markers and dummies, each pointing its facing.

import { paint, s, titled } from "/web/dom.js";

// Salvo's own styles, from its folder (the page's policy allows this origin's stylesheets).
if (!document.querySelector('link[data-ruleset="salvo"]')) {
  document.head.appendChild(Object.assign(document.createElement("link"), { rel: "stylesheet", href: "/web/rulesets/salvo/salvo.css" })).dataset.ruleset = "salvo";
}

export const FACINGS = "ABCDEF"; // hexsides clockwise from north, as the rules letter them
export const MONO = "ui-monospace, DejaVu Sans Mono, Menlo, monospace";
export const INK = "#1f2a36";
export const RED = "#b3261e";
export const NAVY = "#1f3b73";
export const TEAL = "#16707a";
export const GOLD = "#d99e0b";
const SIDE_COLOURS = [NAVY, RED, "#2e7d4f", "#6b3fa0"];

export const LOOKS = {
  inner: { fill: "rgba(31, 59, 115, 0.10)" },
  partial: { fill: "rgba(138, 109, 59, 0.28)", stroke: "rgba(138, 109, 59, 0.55)", width: 0.5 },
  fortHex: { fill: "rgba(179, 38, 30, 0.16)", stroke: RED, width: 0.7 },
  exit: { fill: "rgba(46, 125, 79, 0.22)", stroke: "#2e7d4f", width: 1.2, dash: "2 1.5" },
  shelling: { fill: "rgba(217, 158, 11, 0.20)", stroke: "#a0700a", width: 1.2, dash: "1.5 1.5" },
  mine: { fill: "rgba(110, 20, 30, 0.16)", stroke: "#6e141e", width: 0.9 },
  secretMine: { fill: "rgba(196, 40, 170, 0.18)", stroke: "#a0188a", width: 1.1, dash: "2.5 1.5" },
  smoke: { fill: "rgba(90, 90, 90, 0.45)", stroke: "rgba(60, 60, 60, 0.6)", width: 0.5 },
  starshell: { fill: "rgba(255, 214, 64, 0.30)", stroke: GOLD, width: 0.8 },
  beam: { stroke: GOLD, width: 2.2, opacity: 0.85, cap: "round" },
  radar: { fill: "rgba(22, 112, 122, 0.06)", stroke: TEAL, width: 0.9, dash: "4 2" },
  fired: { stroke: RED, width: 1.1, opacity: 0.9 },
  noShot: { stroke: "#6b7480", width: 0.9, dash: "2 2", opacity: 0.9 },
  torpedo: { stroke: TEAL, width: 1.1, dash: "4 1.5" },
  unitText: { font: MONO, size: 4.6, weight: "bold", anchor: "middle", fill: INK },
};

/** A colour for each side, the same on every page: by the sides' names in order. */
export function sideColour(side, sides) {
  const index = [...new Set(sides)].sort().indexOf(side);
  return SIDE_COLOURS[Math.max(0, index) % SIDE_COLOURS.length];
}

/** The chart's own waters: the inner sea, partial-sea hexes, fort hexes, exit hexes and the
 * line a side shells a shore target from (its rule in the chart's own figures, for both sides). */
export function drawWaters(map, group, chart) {
  const marks = { ",": [], "~": [] };
  chart.terrain.forEach((line, r) => [...line].forEach((mark, c) => marks[mark]?.push(map.nameOf(c + 1, r + 1))));
  const path = (names) => names.map((name) => map.hexPath(name)).join("");
  group.appendChild(titled(paint(s("path", { class: "inner-water", d: path(marks[","]) }), LOOKS.inner), "Inner water"));
  group.appendChild(titled(paint(s("path", { class: "partial-sea", d: path(marks["~"]) }), LOOKS.partial), "Partial sea: ships may enter"));
  group.appendChild(titled(paint(s("path", { class: "fort-hex", d: path((chart.forts || []).map((f) => f.hex)) }), LOOKS.fortHex), "A fort's hex: on the shore, no ship enters it"));
  for (const name of chart.exit_hexes || []) {
    group.appendChild(titled(paint(s("path", { class: "exit-hex", d: map.hexPath(name, 0.86), "data-hex": name }), LOOKS.exit), `Exit hex ${name}`));
  }
  const shelling = chart.bombardment;
  for (const name of shelling?.hexes || []) {
    const title = `Bombardment line ${name}: a heavy ship of ${shelling.side_title} that ends a turn here, having steamed `
      + `${shelling.most_speed} hexes or less, shells ${shelling.target}`;
    group.appendChild(titled(paint(s("path", { class: "bombardment-hex", d: map.hexPath(name, 0.86), "data-hex": name }), LOOKS.shelling), title));
  }
}

/** Minefields: `fixed` printed on the map, `secret` laid in secret (drawn dashed, in violet),
 * `struck`: hexes where the seat's own ships struck mines nobody had shown them. */
export function drawMines(map, group, fixed, secret = [], struck = []) {
  const titles = { fixed: "Minefield", secret: "Secret minefield", struck: "A mine struck here" };
  for (const [names, look, kind] of [[fixed, LOOKS.mine, "fixed"], [secret, LOOKS.secretMine, "secret"], [struck, LOOKS.mine, "struck"]]) {
    for (const name of names) {
      const at = map.centre(name);
      if (!at) continue;
      const g = group.appendChild(s("g", { class: `minefield ${kind}`, "data-hex": name }));
      g.appendChild(paint(s("path", { d: map.hexPath(name, 0.78) }), look));
      for (const dx of [-3.2, 0, 3.2]) g.appendChild(paint(s("circle", { cx: at[0] + dx, cy: at[1] + (dx ? 1.6 : -1.6), r: 1.3 }), { fill: look.stroke }));
      titled(g, `${titles[kind]} at ${name}`);
    }
  }
}

/** Smoke markers: a grey cloud in each hex. */
export function drawSmoke(map, group, hexes) {
  for (const name of hexes || []) {
    const at = map.centre(name);
    if (!at) continue;
    const g = group.appendChild(s("g", { class: "smoke", "data-hex": name }));
    for (const [dx, dy, r] of [[-3.5, 1, 4], [2.5, -1.5, 4.5], [3, 3, 3.5]]) g.appendChild(paint(s("circle", { cx: at[0] + dx, cy: at[1] + dy, r }), LOOKS.smoke));
    titled(g, `Smoke at ${name}: no line of sight through it`);
  }
}

/** Starshell bursts: the hex and the six round it lit for the turn. */
export function drawStarshells(map, group, bursts) {
  for (const name of bursts || []) {
    const lit = [name, ...[0, 1, 2, 3, 4, 5].map((side) => map.step(name, side)).filter(Boolean)];
    const g = group.appendChild(s("g", { class: "starshell", "data-hex": name }));
    map.area(g, lit, `Starshell over ${name}: lit for the turn`, { fill: LOOKS.starshell, edge: { stroke: GOLD, width: 0.8 } });
    const [x, y] = map.centre(name);
    g.appendChild(paint(s("path", { d: `M${x},${y - 5}L${x + 1.5},${y - 1.5}L${x + 5},${y}L${x + 1.5},${y + 1.5}L${x},${y + 5}L${x - 1.5},${y + 1.5}L${x - 5},${y}L${x - 1.5},${y - 1.5}z` }), { fill: GOLD, stroke: "#7a5600", width: 0.4 }));
  }
}

/** A searchlight's beam from one hex to another. */
export function drawBeam(map, group, from, to, label) {
  const [a, b] = [map.centre(from), map.centre(to)];
  if (!a || !b) return;
  group.appendChild(titled(paint(s("line", { class: "beam", x1: a[0], y1: a[1], x2: b[0], y2: b[1] }), LOOKS.beam), label));
}

/** A line of fire (or of sight) between two hexes, an arrowhead at the target. */
export function drawFire(map, group, from, to, { look, label, className = "shot" }) {
  const [a, b] = [map.centre(from), map.centre(to)];
  if (!a || !b || from === to) return null;
  const arrow = map.arrow(group, a, b, { label, look, head: 3 });
  arrow.classList.add(...className.split(" "));
  return arrow;
}

/** A facing letter as a hexside number, 0-5 (null for none). */
export function side(facing) {
  const at = FACINGS.indexOf(facing ?? "");
  return at < 0 ? null : at;
}

/**
 * Units on the map, several to a hex spread round its centre. Each `item` is {hex, facing, kind,
 * colour, text (written under the hex), title, classes, data (attributes), hollow, dashed, sunk}.
 */
export function drawCounters(map, group, items) {
  const byHex = new Map();
  for (const item of items) {
    if (!map.centre(item.hex)) continue;
    if (!byHex.has(item.hex)) byHex.set(item.hex, []);
    byHex.get(item.hex).push(item);
  }
  for (const [hex, stack] of byHex) {
    const [cx, cy] = map.centre(hex);
    stack.forEach((item, i) => {
      const angle = (i * 2 * Math.PI) / stack.length - Math.PI / 2;
      const spread = stack.length > 1 ? (stack.length > 3 ? 6 : 4.6) : 0;
      counter(group, [cx + Math.cos(angle) * spread, cy + Math.sin(angle) * spread + 1.2], item, stack.length > 3 ? 0.75 : 1);
    });
    const words = stack.map((item) => item.text).filter(Boolean);
    if (words.length) {
      const text = words.length > 2 ? `${words[0]} +${words.length - 1}` : words.join(" ");
      group.appendChild(paint(s("text", { class: "counter-text", x: cx, y: cy + 10.4 }, text), LOOKS.unitText));
    }
  }
}

function counter(group, [x, y], item, scale) {
  const g = group.appendChild(s("g", { class: ["counter", `kind-${item.kind}`, ...(item.classes || [])].join(" "), "data-hex": item.hex }));
  for (const [name, value] of Object.entries(item.data || {})) g.setAttribute(`data-${name}`, value);
  const colour = item.sunk ? "#8a8f96" : item.colour;
  const look = {
    fill: item.hollow ? "#fffdf6" : colour,
    stroke: item.hollow ? colour : "#fffdf6",
    width: item.hollow ? 1.1 : 0.6,
    dash: item.dashed ? "1.6 1" : null,
  };
  const facing = side(item.facing);
  const k = scale;
  if (item.kind === "fort") {
    g.appendChild(paint(s("path", { d: `M${x - 4 * k},${y + 3.5 * k}v${-6 * k}h${2 * k}v${1.5 * k}h${2 * k}v${-1.5 * k}h${2 * k}v${1.5 * k}h${2 * k}v${6 * k}z` }), look));
  } else if (item.kind === "zeppelin") {
    g.appendChild(paint(s("ellipse", { cx: x, cy: y, rx: 5 * k, ry: 2.2 * k }), look));
  } else if (facing === null || item.kind === "marker") {
    g.appendChild(paint(s("circle", { cx: x, cy: y, r: 3.6 * k }), look));
  } else {
    // A hull pointing its facing: long and narrow for a capital ship, short for a screen.
    const [length, beam] = item.kind === "screen" ? [3.6 * k, 1.7 * k] : [4.6 * k, 2.3 * k];
    const hull = `M0,${-length}C${beam},${-length / 3} ${beam},${length * 0.6} ${beam * 0.7},${length}L${-beam * 0.7},${length}C${-beam},${length * 0.6} ${-beam},${-length / 3} 0,${-length}z`;
    g.appendChild(paint(s("path", { d: hull, transform: `translate(${x} ${y}) rotate(${facing * 60})` }), look));
  }
  if (item.mark) g.appendChild(paint(s("text", { x, y: y + 1.6 * k }, item.mark), { font: MONO, size: 4.4 * k, weight: "bold", anchor: "middle", fill: item.hollow ? colour : "#fff" }));
  if (item.sunk) g.appendChild(paint(s("path", { d: `M${x - 4},${y - 4}L${x + 4},${y + 4}M${x + 4},${y - 4}L${x - 4},${y + 4}` }), { stroke: RED, width: 1 }));
  if (item.title) titled(g, item.title);
  return g;
}
