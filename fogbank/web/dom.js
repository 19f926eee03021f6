// Building the page: HTML and SVG elements from calls and textContent, never from strings of
// markup (names and texts come from the game: they are shown, never parsed). The shell and the
// rulesets' console modules build with these alike.

const SVG = "http://www.w3.org/2000/svg";

/** An HTML element; attributes that are null, undefined or false are left out. */
export function h(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") node.className = value;
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

/** An SVG element, with its text if given. */
export function s(tag, attributes = {}, text = null) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== null && value !== undefined) node.setAttribute(name, value);
  }
  if (text !== null) node.textContent = text;
  return node;
}

/** `node` with a tooltip. */
export function titled(node, text) {
  node.appendChild(s("title", {}, text));
  return node;
}

// A look is how a ruleset draws one thing: {fill, stroke, width, dash, ...}. It is set as SVG
// presentation attributes, which the console's strict CSP allows (style attributes it does not),
// so a ruleset's module brings its colours without a stylesheet of its own.
const LOOK = {
  fill: "fill",
  stroke: "stroke",
  width: "stroke-width",
  dash: "stroke-dasharray",
  join: "stroke-linejoin",
  cap: "stroke-linecap",
  opacity: "opacity",
  font: "font-family",
  size: "font-size",
  weight: "font-weight",
  style: "font-style",
  anchor: "text-anchor",
};

/** `node` drawn with `look`. */
export function paint(node, look = {}) {
  for (const [name, value] of Object.entries(look)) {
    if (name in LOOK && value !== null && value !== undefined) node.setAttribute(LOOK[name], value);
  }
  return node;
}

/** A small picture of a layer for its legend: key {shape: "line" | "area" | "mark", look}. */
export function swatch(key) {
  const picture = s("svg", { class: "swatch", width: 18, height: 12, viewBox: "0 0 18 12", "aria-hidden": "true" });
  const look = key.look || {};
  if (key.shape === "line") picture.appendChild(paint(s("line", { x1: 1, y1: 6, x2: 17, y2: 6 }), { fill: "none", ...look }));
  else if (key.shape === "mark") picture.appendChild(paint(s("rect", { x: 3, y: 1, width: 12, height: 10, rx: 5 }), look));
  else picture.appendChild(paint(s("rect", { x: 1, y: 1, width: 16, height: 10 }), look));
  return picture;
}

export function plural(count, word) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}
