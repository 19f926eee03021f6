// A ruleset's seat module and the map geometry it draws on. The seat's shell knows no ruleset:
// each keeps its module in its own folder (fogbank/rules/<name>/client/module.js), served at
// /play/rulesets/<name>/module.js; it may import its own files beside it and the page kit every
// page shares (`/web/dom.js`, `/web/maps/hexes.js`). What it may export ("nodes": a Node or a
// list of them), and what the shell does where it exports nothing:
//
//   geometry                 the map it draws on: "squares" loads /web/maps/squares.js (no map: the view as data)
//   drawSeat(map, group, view, draft)  the seat's own picture on its chart, and the draft order
//                            being written (null when none)                           (nothing)
//   gauges(view, welcome)    the seat's own ship or boat: its state in a panel (nodes) (turn and phase)
//   orderForm(context)       the order pad: {fields (a Node), read() -> the order map (throws an
//                            Error with a sentence if it cannot be read), fill(order), cost(order)
//                            -> {text, over} or null, pick(place, map) (a place clicked on the chart),
//                            seen(view, fresh) (a new view came: refresh what hangs on it; fresh
//                            when the pad has not been written for the phase now open yet)};
//                            context = {view: () => the seat's view, welcome, changed: () => call
//                            on every edit}                                          (an order as JSON)
//   where(place, view, pad)  words for the place under the pointer or the keyboard's cursor
//                            (what the rules let the seat measure from its own ship)  (its name, land or sea)
//   phase(phase)             a phase's name in the game's own words                   (its name, spaced)
//   here(view)               the place the seat believes it is at, where the keyboard's cursor
//                            starts on the chart                                      (null)
//   own(view)                the places of the seat's own units: a map that zooms opens on
//                            them and keeps them in sight as they move               ([here(view)])
//   order(order, seat, phase)  an order in words (seat and phase: whose, and the phase it is
//                            for, where the page knows them)                          (its map, in words)
//   reports(view)            what the seat was told this turn (nodes)                 (view.reports' texts)
//   contacts(view)           the seat's contacts (nodes)                              ("none")
//   question(context)        the questions the rules take, as a form: {fields, read()}; null
//                            for a ruleset that takes none                           (a question as JSON)
//   answer(message)          an `answer` message in words                            (its maps, in words)
//   briefing(briefing)       the briefing (nodes)                                     (its fields)
//   talk                     words for who hears the seat's talk                      ("your side")

import { h } from "/web/dom.js";
import { loadModule } from "/web/modules.js";
import { phaseWords, words } from "/web/words.js";

function json(value) {
  return JSON.stringify(value);
}

/** A map typed as JSON: {fields, read(), fill(value)}; `what` names it in the words shown. */
function jsonField(id, what, changed = null) {
  const text = h("textarea", { id, rows: 3, spellcheck: "false", "aria-label": `${what}, as JSON`, placeholder: "{}" });
  if (changed) text.oninput = changed;
  return {
    fields: h("label", {}, `${what}, as JSON (the ruleset's payloads.md says what it holds)`, text),
    read() {
      try {
        return JSON.parse(text.value.trim() || "{}");
      } catch {
        throw new Error(`${what} is not valid JSON.`);
      }
    },
    fill(value) {
      text.value = value ? json(value) : "";
    },
  };
}

/** The order pad of a ruleset with no module: the order as JSON. */
function jsonOrderForm({ changed }) {
  return { ...jsonField("order-json", "Your order", changed), cost: () => null, pick: null, seen: () => {} };
}

/** Questions to the rules, as JSON (a ruleset with no module of its own may take none: the
 * server then says so in its own words). */
function jsonQuestionForm() {
  return jsonField("question-json", "A question to the rules");
}

const DEFAULTS = {
  geometry: null,
  drawSeat: () => {},
  gauges: (view) => h("dl", { class: "gauges" }, h("dt", {}, "Turn"), h("dd", {}, view?.turn ?? "—")),
  orderForm: jsonOrderForm,
  here: () => null,
  own: null,
  where: (place, view, pad) => `${place.name} · ${place.land ? "land" : "sea"}${pad?.pick ? " · click or Enter to steer for it" : ""}`,
  phase: phaseWords,
  order: words,
  reports: (view) => {
    const reports = (view?.reports || []).filter((r) => r && r.text);
    return reports.length ? h("ul", { class: "reports" }, reports.map((r) => h("li", {}, r.text))) : h("p", { class: "muted" }, "No reports.");
  },
  contacts: () => h("p", { class: "muted" }, "None shown."),
  question: jsonQuestionForm,
  answer: (message) => `${words(message.question)}: ${words(message.answer)}`,
  briefing: (briefing) =>
    h("dl", { class: "gauges" }, Object.entries(briefing || {}).flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, typeof v === "string" ? v : json(v))])),
  talk: "your side",
};

/** A ruleset with no seat module: the shell's defaults alone. */
export function bare(name) {
  return { name, ...DEFAULTS };
}

/** The ruleset's module for this page, every part of the contract filled in, and its map geometry's module. */
export function loadSeatModule(name) {
  return loadModule("play", name, DEFAULTS);
}
