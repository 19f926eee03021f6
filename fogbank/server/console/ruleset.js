// A ruleset's console module and the map geometry it draws on. The shell knows no ruleset: each
// keeps its module in its own folder (fogbank/rules/<name>/console/module.js), which the server
// serves at /umpire/rulesets/<name>/module.js; the module may import its own files beside it and
// the page kit every page shares (`/web/dom.js`, `/web/maps/hexes.js`). What it may export
// ("nodes": a Node or a list of them), and what the shell does where it exports nothing:
//
//   geometry            the map it draws on: "squares" loads /web/maps/squares.js  (no map)
//   learn(welcome)      keep what its words need from the welcome, once (its chart's words, each
//                       side's and seat's title), before anything is drawn            (nothing)
//   layers              the umpire's map layers, bottom first:                      (none)
//                       [{name, label, on (shown at first), key {shape, look} for the legend,
//                         draw(map, group, view, chart)}]; `group` is the layer's <g>
//   truth(view)         the truth panel's nodes                                      (no panel)
//   replayFrom          "end": a seat's debrief opens its replay on the last phase     ("start")
//   clock(view)         words for the header: the hour, the weather...               ("")
//   columns             the record sheet's own columns, between the turn and the seats' orders:
//                       [{name, heading, cell(row)}], a cell text or {text, class, title};
//                       row = {turn, phase, orders, view (the umpire's after it resolved; now,
//                       for the open phase), before (his view as it opened, or null), current}
//   shaded(row)         whether the sheet shades a row (night, say)                  (no)
//   quiet               event kinds the record sheet leaves out (the game log has them)
//   order(order, seat, phase)  a seat's order in words (phase: the one it is for, where known) (its JSON)
//   place(name, view, map)  words about a map place under the pointer, for the umpire ([])
//   override(context)   the override form's fields: {fields (a Node), read() -> the override
//                       map, pick(place), refresh() (optional: the umpire's view changed, the
//                       lists follow it)}; context = {view: () => the umpire's view}   (no form)
//   seatPanel(seat, view)        a seat's own picture (nodes), beside its chart when viewing as it;
//                                `seat`: its name in words (its short title)
//   drawSeat(map, group, view)   what a seat's view puts on its chart
//   seatSummary(view)            a seat's observation in a line or two (nodes)

import { h } from "/web/dom.js";
import { loadModule } from "/web/modules.js";

const DEFAULTS = {
  geometry: null,
  learn: () => {},
  layers: [],
  truth: null,
  replayFrom: "start",
  clock: () => "",
  columns: [],
  shaded: () => false,
  quiet: [],
  order: (order) => JSON.stringify(order),
  place: () => [],
  override: null,
  seatPanel: (seat) => h("p", { class: "muted" }, `${seat} has no picture of its own here.`),
  drawSeat: () => {},
  seatSummary: (view) => h("div", { class: "muted" }, `A view for turn ${view?.turn ?? "?"}.`),
};

/** A ruleset the console has no module for: the shell's defaults alone (no map, no truth panel). */
export function bare(name) {
  return { name, ...DEFAULTS };
}

/** The ruleset's module for this page, every part of the contract filled in, and its map geometry's module. */
export function loadRuleset(name) {
  return loadModule("umpire", name, DEFAULTS);
}
