// A player's seat: joins with the seat's token, loads the game's ruleset seat module (ruleset.js)
// and keeps the seat's picture: its chart and view, the order pad, and what it was told. The draft
// order is kept in this browser (localStorage) across reconnects, reloads and closed tabs; the
// token stays in the tab, in no URL the server sees, and this browser keeps the seat (kept.js) for
// "Your games" (yours.js), what /play shows in a tab with no game open. At the end, the debrief
// (debrief.js) takes the page.

import { left, when } from "/web/clock.js";
import { Debrief } from "./debrief.js";
import "./layout.js"; // the page on any screen, from a phone's up
import { h, s } from "/web/dom.js";
import { bare, loadSeatModule } from "./ruleset.js";
import { keep, keptFor } from "/web/kept.js";
import { connect, inOrder, loginForm, notice, onNewToken, takeToken } from "/web/page.js";
import { RequestRefused } from "/web/wire.js";
import { clockWords, seatName, unnamed, words } from "/web/words.js";
import { showYourGames } from "/web/yours.js";

const TOKEN_KEY = "fogbank.seat.token";
const CHECK_AFTER = 350; // ms after the last edit before the draft is checked with the server
const TOLD = new Set(["narrative", "link", "answer", "amended", "talk"]);
const $ = (id) => document.getElementById(id);

const seat = {
  welcome: null,
  ruleset: null, // the ruleset's seat module, every part filled in
  map: null, // the chart, from the module's geometry; null if it has none
  view: null, // the seat's view now
  turn: 0,
  phase: null,
  mustAct: false, // whether this seat owes an order in the phase now open
  orderIn: false, // whether its order for it is in
  held: false, // whether the umpire holds the phase
  waiting: null, // whom else the phase waits for, as far as this seat is told: {seats, others}
  deadline: null, // when the phase's orders are due (UTC, ISO 8601), or null
  nudged: 0, // browser notifications shown (orders due while the tab was out of sight)
  messages: [], // what the seat was told: narratives, answers, amendments, talk
  toldUpTo: 0, // stream messages up to this seq are in `welcome.told` already
  over: null, // the game_over message
  pad: null, // the order pad (the module's orderForm)
  cursor: null, // the place the keyboard's cursor is on the chart, or null
  padFor: null, // "turn/phase" the order pad was last set for (a draft put back, or a view seen)
  refusal: null, // {code, message} of the last order refused
  sent: null, // the order last acknowledged, for this phase
  checked: null, // {order, refusals} the server's check of the draft gave, or null before one
  checking: false, // a check of the draft is due or on its way
  amended: null, // the umpire's amendment of this seat's order for the phase now open ({order, reason, note}), or null
};
let wire = null;

/** What a module returns (a Node, a list, or nothing) as a list of nodes. */
function nodes(given) {
  return [given].flat(Infinity).filter((node) => node !== null && node !== undefined && node !== false);
}

const later = inOrder("The page");

// The draft -------------------------------------------------------------------------------------

function draftKey() {
  return `fogbank.seat.draft.${seat.welcome.game}.${seat.welcome.seat}`;
}

function saveDraft() {
  try {
    const order = seat.pad.read();
    localStorage.setItem(draftKey(), JSON.stringify({ turn: seat.turn, phase: seat.phase, order, sent: seat.sent }));
    $("draft-note").textContent = draftNote(order);
  } catch {
    $("draft-note").textContent = "";
  }
}

/** Words under the send button: whether the pad holds what was sent, or a draft not sent yet. */
function draftNote(order) {
  if (seat.amended) return "";
  if (seat.sent && same(seat.sent, order)) return "";
  if (seat.orderIn) return "Not sent yet: the order you sent before stands until you send this one.";
  return `Draft kept for turn ${seat.turn}.`;
}

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

function loadDraft() {
  try {
    return JSON.parse(localStorage.getItem(draftKey()) || "null");
  } catch {
    return null;
  }
}

// Connection and stream -------------------------------------------------------------------------

function start(token) {
  $("yours").hidden = true;
  wire?.close();
  wire = connect(token, TOKEN_KEY, { main: "seat", later, onWelcome: welcomed, onStream: received, onRefused: shutOut });
}

/** The token refused (a link the umpire has replaced, say): the bar no longer speaks for the
 * seat, so no orders are shown due, nor a deadline counted down, for a seat this tab cannot play. */
function shutOut() {
  seat.deadline = null;
  seat.mustAct = false;
  $("game-title").textContent = "Not joined";
  $("clock").textContent = "";
  $("duty").dataset.duty = "none";
  $("duty").textContent = "—";
  document.body.dataset.duty = "none";
  for (const id of ["waiting", "deadline", "notify"]) $(id).hidden = true;
  document.title = "fogbank · seat";
  yourGames();
}

/** The games this browser keeps, each entered with a click (in this tab). */
function yourGames() {
  showYourGames({ page: "play", tokenKey: TOKEN_KEY, start, phaseOf: async (name, phase) => (await loadSeatModule(name)).ruleset.phase(phase) });
}

async function welcomed(welcome) {
  if (!welcome.side) {
    notice("That token opens the umpire's or a spectator's view: this page is a player's seat.", "error");
  }
  const first = !seat.welcome || seat.welcome.game !== welcome.game;
  seat.welcome = welcome;
  keep(welcome.side ? "play" : "umpire", welcome, wire.token);
  $("your-games-link").hidden = false; // the list, in a tab of its own
  seat.turn = welcome.turn;
  seat.phase = welcome.phase;
  seat.mustAct = welcome.must_act;
  seat.orderIn = Boolean(welcome.order_in);
  seat.waiting = welcome.waiting ?? null;
  seat.deadline = welcome.deadline ?? null;
  seat.messages = (welcome.told || []).map((told) => ({ ...told, type: told.kind }));
  seat.toldUpTo = welcome.seq;
  if (first) await setUp(welcome);
  if (first) $("nudge-to").value = welcome.nudge_to || "";
  renderNudgeMe();
  entitle(welcome);
  $("seat").hidden = Boolean(seat.over); // shown again after a refused token gave way to a good one
  renderMessages();
  amendedNow();
  render();
  checkLater();
}

/** The tab's title: the seat, and the game's name where the umpire gave it one. */
function tabTitle() {
  const title = titleOf(seat.welcome.seat);
  return seat.welcome.name ? `${seat.welcome.name} · ${title}` : title;
}

/** The bar's and the tab's title: the game and the seat. */
function entitle(welcome) {
  const title = titleOf(welcome.seat);
  $("game-title").textContent = `${welcome.name ? `${welcome.name} · ` : ""}${welcome.briefing?.title ?? welcome.scenario} · ${title}`;
  $("game-title").title = $("game-title").textContent; // all of it, where the bar has room for less
  document.title = `fogbank · ${tabTitle()}`;
}

/** The ruleset's module, the chart and the order pad: made once, kept across reconnects. */
async function setUp(welcome) {
  try {
    const { ruleset, geometry } = await loadSeatModule(welcome.ruleset);
    seat.ruleset = ruleset;
    seat.map = geometry ? geometry.createMap($("chart"), welcome.chart) : null;
  } catch (error) {
    // A ruleset may have no seat module: the shell's defaults play it.
    if (!/module/i.test(String(error.message))) console.warn(error);
    seat.ruleset = bare(welcome.ruleset);
    seat.map = null;
  }
  document.body.dataset.ruleset = welcome.ruleset;
  $("map-wrap").hidden = !seat.map;
  $("map-controls").replaceChildren(...(seat.map?.controls ? [seat.map.controls({ home: "Your ships" })] : []));
  $("hover").hidden = !seat.map;
  $("no-map").hidden = Boolean(seat.map);
  $("briefing").replaceChildren(...nodes(seat.ruleset.briefing(welcome.briefing)));
  $("commitment").textContent = keptFor(welcome.game, welcome.seat)?.commitment || welcome.commitment; // as first shown here
  // Before the first order of the game the briefing is open: the mission, and how you play and
  // what can sink you, are read before the first move, not found later under a fold.
  $("briefing-box").open = welcome.turn === 1 && welcome.phase === welcome.phases?.[0] && !welcome.order_in;
  talkTo(welcome);

  seat.pad = seat.ruleset.orderForm({ view: () => seat.view, welcome, changed: padChanged });
  $("order-fields").replaceChildren(seat.pad.fields);
  const draft = loadDraft();
  if (draft && draft.turn === welcome.turn && draft.phase === welcome.phase) {
    seat.pad.fill(draft.order);
    seat.padFor = `${welcome.turn}/${welcome.phase}`;
    if (seat.orderIn) seat.sent = draft.sent ?? null; // the order in, as this tab sent it
  }

  const question = seat.ruleset.question ? seat.ruleset.question({ view: () => seat.view, welcome }) : null;
  $("question-panel").hidden = !question;
  if (question) {
    $("question-fields").replaceChildren(question.fields);
    $("question").onsubmit = async (event) => {
      event.preventDefault();
      const refused = $("question-refusal");
      try {
        await wire.request("ask", { question: question.read() });
        refused.hidden = true;
        notice("Asked. The answer comes in your messages.");
      } catch (error) {
        refused.dataset.code = error.code ?? "not_sent";
        refused.replaceChildren(h("strong", {}, "Not asked: "), error.message);
        refused.hidden = false;
      }
    };
  }
  $("seat").hidden = false;
}

/** The umpire's amendment of the order for the phase now open, from what the seat was told (the
 * welcome's `told` after a reload or a reconnect, an `amended` message on the stream): the pad is
 * filled with the order as amended and locked (the seat's own order is refused from then on), so
 * the pad and the chart show what the seat sails under. A new phase unlocks it. */
function amendedNow() {
  const now = seat.messages.findLast((m) => m.type === "amended" && m.turn === seat.turn && m.phase === seat.phase) ?? null;
  seat.amended = now && { order: now.order, reason: now.reason, note: now.note ?? "" };
  $("order-fields").inert = Boolean(now);
  if (!now || !seat.pad) return;
  seat.pad.fill(now.order);
  [seat.sent, seat.orderIn, seat.refusal] = [now.order, true, null];
  seat.padFor = `${seat.turn}/${seat.phase}`;
  saveDraft();
}

function padChanged() {
  saveDraft();
  renderCost();
  renderChart();
  checkLater();
}

// Checking the draft ----------------------------------------------------------------------------
// The server checks each draft with the ruleset's own rules, from what this seat may know (the
// `check` request): every refusal the order would get is shown while the player writes it.

let checkTimer = null;
let checkNumber = 0; // the latest check asked for: an answer to an older one is dropped

function checkLater() {
  clearTimeout(checkTimer);
  seat.checking = seat.mustAct && !seat.over && !seat.amended;
  checkTimer = setTimeout(checkDraft, CHECK_AFTER);
  renderChecked();
}

async function checkDraft() {
  const number = ++checkNumber;
  if (!seat.pad || !seat.mustAct || seat.over || !wire || seat.amended) {
    [seat.checked, seat.checking] = [null, false];
    return renderChecked();
  }
  const { turn, phase } = seat;
  let order;
  try {
    order = seat.pad.read();
  } catch (error) {
    [seat.checked, seat.checking] = [{ order: null, turn, phase, refusals: [{ code: "unreadable", message: error.message }] }, false];
    return renderChecked();
  }
  let checked = null;
  try {
    const reply = await wire.request("check", { turn, phase, order });
    checked = { order, turn, phase, refusals: reply.refusals };
  } catch {
    checked = null; // not connected, say: the order is checked again once it is
  }
  if (number !== checkNumber) return;
  [seat.checked, seat.checking] = [checked, false];
  renderChecked();
}

function received(message) {
  switch (message.type) {
    case "snapshot":
    case "observation":
      if (message.turn !== seat.turn || message.phase !== seat.phase) {
        seat.orderIn = false;
        seat.sent = null;
        seat.refusal = null;
        $("draft-note").textContent = ""; // the draft kept was for the phase now over
      }
      seat.view = message.view;
      [seat.turn, seat.phase, seat.mustAct] = [message.turn, message.phase, message.must_act];
      if (message.type === "observation") [seat.waiting, seat.deadline] = [message.waiting ?? null, message.deadline ?? null];
      // A snapshot names the battles this seat fights in games of their own (a rejoin's only word of them).
      for (const linked of message.view?.linked ?? []) {
        if (seat.messages.some((m) => m.type === "link" && m.token === linked.token)) continue;
        const text = `Your fleet is in battle (${linked.engagement}): fight it at /play#token=${linked.token}`;
        seat.messages.push({ type: "link", turn: message.turn, game: linked.game, token: linked.token, text });
        renderMessages();
        notice("Your fleet is in battle: its link is in your messages.");
      }
      // A pad not yet written for the phase now open starts from the new view (fresh).
      seat.pad.seen?.(message.view, seat.padFor !== `${seat.turn}/${seat.phase}`);
      seat.padFor = `${seat.turn}/${seat.phase}`;
      amendedNow(); // an amendment for this phase is put back on the pad the view has just drawn
      checkLater(); // what the rules allow may have changed with the view
      break;
    case "status": {
      const samePhase = message.turn === seat.turn && message.phase === seat.phase;
      if (!samePhase || message.must_act !== seat.mustAct) checkLater();
      if (samePhase) deadlineMoved(seat.deadline, message.deadline ?? null);
      [seat.turn, seat.phase, seat.mustAct] = [message.turn, message.phase, message.must_act];
      seat.orderIn = message.order_in;
      seat.held = message.held;
      [seat.waiting, seat.deadline] = [message.waiting ?? null, message.deadline ?? null];
      break;
    }
    case "game_over":
      seat.over = message;
      new Debrief({ welcome: seat.welcome, over: message, wire, words: seat.ruleset, notice }).show();
      break;
    default:
      if (TOLD.has(message.type) && message.seq > seat.toldUpTo) {
        seat.messages.push(message);
        renderMessages();
        if (message.type === "narrative") notice(`The umpire: ${message.text}`);
        if (message.type === "link") notice("Your fleet is in battle: its link is in your messages.");
        if (message.type === "amended") {
          amendedNow();
          notice(`The umpire amended your order: ${message.reason}`, "error");
        }
      }
  }
  render();
}

// Orders, talk ----------------------------------------------------------------------------------

async function sendOrder(event) {
  event?.preventDefault();
  if (!seat.pad || seat.over || seat.amended) return;
  let order;
  try {
    order = seat.pad.read();
  } catch (error) {
    seat.refusal = { code: "not_sent", message: error.message };
    return renderRefusal();
  }
  $("send-order").disabled = true;
  const { turn, phase } = seat;
  try {
    await wire.request("order", { turn, phase, order });
    seat.refusal = null;
    notice(`Orders in for turn ${turn}.`);
    // The last order of a phase resolves it: its observation may come before this ack.
    if (seat.turn === turn && seat.phase === phase) {
      seat.sent = order;
      seat.orderIn = true;
    }
  } catch (error) {
    const refused = error instanceof RequestRefused ? error : new RequestRefused("not_sent", String(error));
    seat.refusal = { code: refused.code, message: refused.message };
  } finally {
    $("send-order").disabled = false;
  }
  saveDraft();
  render();
}

/** The talk box's "to" choice: the seat's whole audience, or one seat the welcome's `talk_to`
 * says it may talk to privately (no choice where the rules allow none). */
function talkTo(welcome) {
  const allowed = welcome.talk_to ?? [];
  const chosen = $("talk-to").value;
  $("talk-to").replaceChildren(
    h("option", { value: "" }, seat.ruleset.talk),
    ...allowed.map((name) => h("option", { value: name }, `${titleOf(name)} only`)),
  );
  $("talk-to").value = allowed.includes(chosen) ? chosen : "";
  $("talk-to-label").hidden = allowed.length === 0;
  heardBy();
}

/** A seat's title as the welcome gives it (its name if none). */
function titleOf(name) {
  return seat.welcome.seats.find((s) => s.seat === name)?.title || name;
}

function heardBy() {
  const to = $("talk-to").value;
  const who = to ? `${titleOf(to)} alone (and the umpire)` : seat.ruleset.talk;
  $("talk-audience").textContent = `heard by ${who}`;
  $("talk-text").placeholder = `Heard by ${who}`;
}

async function talk(event) {
  event.preventDefault();
  const text = $("talk-text").value.trim();
  if (!text) return;
  const to = $("talk-to").value;
  try {
    await wire.request("talk", to ? { text, to } : { text });
    $("talk-text").value = "";
  } catch (error) {
    notice(error.message, "error");
  }
}

/** Where this seat's own nudges go between turns (an e-mail address or a webhook): the player's
 * own switch, which the umpire may also set. The server says what it takes (`nudge_me`). */
function renderNudgeMe() {
  const to = seat.welcome?.nudge_to || "";
  $("nudge-state").textContent = to ? "· on" : "· off";
  $("nudge-now").textContent = to
    ? `Once a turn when your orders are due, once more before a deadline if they are not in, and the result at the end, to ${to}.`
    : "None now. Give an e-mail address or a webhook (a chat's, or your phone's push service's) to hear once a turn when your orders are due, once more before a deadline, and the result.";
  $("nudge-off").hidden = !to;
}

async function nudgeMe(to) {
  try {
    await wire.request("nudge_me", { to });
    seat.welcome = { ...seat.welcome, nudge_to: to || "" };
    $("nudge-to").value = to || "";
    notice(to ? `Your nudges go to ${to} from now on.` : "No more nudges: nothing is sent to you between turns.");
  } catch (error) {
    notice(error.message, "error");
  }
  renderNudgeMe();
}

// Drawing ---------------------------------------------------------------------------------------

function duty() {
  if (seat.over) return ["over", "The game is over"];
  if (!seat.mustAct) return ["none", `Nothing to order in the ${seat.ruleset.phase(seat.phase)} phase`];
  if (seat.amended) {
    const which = "Orders amended by the umpire";
    return seat.held ? ["held", `${which} · the umpire holds the turn`] : ["in", `${which} · waiting for the turn`];
  }
  if (seat.orderIn) {
    const which = seat.refusal ? "Your orders sent before stand" : "Orders in";
    return seat.held ? ["held", `${which} · the umpire holds the turn`] : ["in", `${which} · waiting for the turn`];
  }
  return ["act", "Your orders are due"];
}

/** Whom else the phase waits for, in words: the consorts this seat sees still to order, by title
 * (the server tells nothing of the other side's readiness: "waiting for the turn" says the rest). */
function waitingWords() {
  const names = (seat.waiting?.seats || []).map((name) => seatName(seat.welcome.seats, name)); // short: the bar has one line for it
  if (seat.over || !names.length) return "";
  const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0];
  return `${seat.mustAct && !seat.orderIn ? "Also waiting for" : "Waiting for"} ${list}`;
}

/** The umpire's change to the open phase's deadline, said in a notice (the countdown alone moves
 * silently, and a player may not be looking at it). */
function deadlineMoved(before, after) {
  if (after === before || !after || seat.over) return;
  const words = before && Date.parse(after) > Date.parse(before) ? "The umpire put the deadline later" : "The umpire set a deadline";
  notice(`${words}: orders due ${when(after)} (${left(after)}).`);
}

/** The countdown to the phase's deadline, kept up to date every second. */
function renderDeadline() {
  const box = $("deadline");
  box.hidden = !seat.deadline || Boolean(seat.over);
  if (box.hidden) return;
  const seconds = (Date.parse(seat.deadline) - Date.now()) / 1000;
  box.textContent = `Orders due ${when(seat.deadline)} · ${left(seat.deadline)}`;
  box.title = seat.deadline;
  box.dataset.soon = String(seconds > 0 && seconds < 3600);
  box.dataset.over = String(seconds <= 0);
}

/** The tab's title says when orders are due; a player who allowed it is also sent a notification
 * when they fall due while the tab is out of sight. */
function nudge(code) {
  const due = code === "act";
  document.title = `${due ? "(!) " : ""}fogbank · ${tabTitle()}`;
  const key = `${seat.turn}/${seat.phase}`;
  if (!due || nudge.told === key) return;
  const first = nudge.told === undefined;
  nudge.told = key;
  if (first || !document.hidden || !("Notification" in window) || Notification.permission !== "granted") return;
  seat.nudged += 1;
  new Notification("fogbank: your orders are due", { body: `${titleOf(seat.welcome.seat)} · turn ${seat.turn}, ${seat.ruleset.phase(seat.phase)}`, tag: "fogbank-orders" });
}

function render() {
  if (!seat.welcome || !seat.ruleset) return;
  const [code, said] = duty();
  $("duty").dataset.duty = code;
  $("duty").textContent = said;
  document.body.dataset.duty = code;
  const waiting = waitingWords();
  $("waiting").hidden = !waiting;
  $("waiting").textContent = waiting;
  renderDeadline();
  nudge(code);
  $("notify").hidden = seat.over || !("Notification" in window) || Notification.permission !== "default";
  $("clock").textContent = clockWords(seat.turn, seat.phase, { phases: seat.welcome.phases, over: Boolean(seat.over), name: seat.ruleset.phase });
  $("order-state").textContent = seat.orderIn ? "in" : seat.mustAct ? "due" : "";
  $("send-order").disabled = !seat.mustAct || Boolean(seat.over) || Boolean(seat.amended);
  renderAmended();
  $("gauges-panel").replaceChildren(...nodes(seat.ruleset.gauges(seat.view, seat.welcome)));
  $("reports").replaceChildren(...nodes(seat.ruleset.reports(seat.view)));
  $("contacts").replaceChildren(...nodes(seat.ruleset.contacts(seat.view)));
  if (!seat.map) $("no-map").replaceChildren(h("h2", {}, "Your view"), h("pre", {}, JSON.stringify(seat.view, null, 1)));
  renderCost();
  renderRefusal();
  renderChecked();
  renderChart();
}

/** The order on the pad now, or null while it cannot be read. */
function padOrder() {
  try {
    return seat.pad.read();
  } catch {
    return null;
  }
}

function renderChart() {
  const map = seat.map;
  if (!map) return;
  map.drawBase();
  if (map.drawPlaces) map.drawPlaces();
  const draft = seat.mustAct && !seat.over ? padOrder() : null;
  seat.ruleset.drawSeat(map, map.layer("seat"), seat.view, draft);
  map.spacePlaces?.(); // names off the stacks just drawn
  if (seat.view) map.follow?.(seat.ruleset.own ? seat.ruleset.own(seat.view) : [seat.ruleset.here(seat.view)].filter(Boolean));
  const at = seat.cursor && map.centre(seat.cursor.name);
  if (at) map.layer("cursor").appendChild(s("circle", { class: "cursor", cx: at[0], cy: at[1], r: map.size * 0.45 }));
}

function renderCost() {
  const order = padOrder();
  const cost = order ? seat.pad.cost(order) : null;
  $("order-cost").textContent = cost?.text ?? "";
  $("order-cost").dataset.over = String(Boolean(cost?.over));
}

function renderRefusal() {
  const box = $("refusal");
  box.hidden = !seat.refusal;
  if (!seat.refusal) return;
  box.dataset.code = seat.refusal.code; // for programs; the player reads the words
  const stands = !seat.orderIn
    ? null
    : h("p", { id: "order-stands" }, seat.sent ? `The order you sent before stands: ${seat.ruleset.order(seat.sent, seat.welcome.seat, seat.phase)}.` : "The order you sent before stands.");
  box.replaceChildren(h("p", {}, h("strong", {}, "Not taken: "), seat.refusal.message), stands ?? "");
}

/** The umpire's amendment, on the pad it fills and on the chart that draws it: his reason, what the
 * rules changed to carry it out, and the order as amended, in words. */
function renderAmended() {
  const amended = seat.over ? null : seat.amended;
  $("amended").hidden = !amended;
  $("chart-note").hidden = !amended || !seat.map;
  if (!amended) return;
  const changed = amended.note ? h("p", { id: "amended-note" }, `What the rules changed to carry it out: ${amended.note}`) : null;
  $("amended").replaceChildren(
    h("p", {}, h("strong", {}, "Amended by the umpire: "), h("span", { id: "amended-reason" }, amended.reason)),
    changed ?? "",
    h("p", { id: "amended-order" }, `You sail under: ${unnamed(seat.ruleset.order(amended.order, seat.welcome.seat, seat.phase), seatName(seat.welcome.seats, seat.welcome.seat))}. It stands for this phase: the pad is the umpire's now.`),
  );
  $("chart-note").textContent = `The chart shows your orders as amended by the umpire: ${amended.reason}`;
}

/** The server's check of the draft: every refusal at once, in words, or that it would be taken. */
function renderChecked() {
  const box = $("checked");
  const checked = seat.checked;
  const now = checked && checked.turn === seat.turn && checked.phase === seat.phase;
  box.hidden = !seat.mustAct || Boolean(seat.over) || Boolean(seat.amended) || (!now && !seat.checking);
  box.dataset.state = seat.checking ? "checking" : !now ? "" : checked.refusals.length ? "refused" : "taken";
  if (box.hidden) return;
  if (!now) return box.replaceChildren(h("p", { class: "muted" }, "Checking your orders with the rules…"));
  if (!checked.refusals.length) {
    return box.replaceChildren(h("p", {}, seat.orderIn && seat.sent && same(seat.sent, checked.order) ? "These are the orders you sent." : "The rules take these orders as they stand."));
  }
  const count = checked.refusals.length;
  box.replaceChildren(
    h("p", {}, h("strong", {}, count === 1 ? "The rules would refuse this:" : `The rules would refuse this, on ${count} counts:`)),
    h("ul", {}, checked.refusals.map((refusal) => h("li", { "data-code": refusal.code }, refusal.message))),
  );
}

function messageWords(message) {
  switch (message.type) {
    case "narrative":
      return ["The umpire", message.text];
    case "standing_order": // in a welcome's `told`, a standing order used is kept by its own kind: the rules' words
      return ["Standing order", message.text];
    case "link": // the seat's own token in the battle's game: opened in a tab of its own
      return ["Battle", h("a", { href: `/play#token=${message.token}`, target: "_blank", rel: "noopener" }, message.text)];
    case "answer":
      return ["Answer", seat.ruleset.answer(message)];
    case "amended": {
      const note = message.note ? ` ${message.note}` : "";
      const order = unnamed(seat.ruleset.order(message.order, seat.welcome.seat, message.phase), seatName(seat.welcome.seats, seat.welcome.seat));
      return ["Order amended", `${message.reason}${note} You now sail under: ${order}.`];
    }
    case "talk": {
      const who = message.seat === seat.welcome.seat ? "You" : titleOf(message.seat);
      if (!message.to) return [who, message.text];
      const to = message.to === seat.welcome.seat ? "you" : titleOf(message.to);
      return [`${who} → ${to} (private)`, message.text];
    }
  }
  return [words(message.type), message.text ?? ""];
}

function renderMessages() {
  const items = seat.messages.map((message) => {
    const [who, text] = messageWords(message);
    const side = seat.welcome.seats.find((s) => s.seat === message.seat)?.side;
    const enemy = message.type === "talk" && side !== undefined && side !== seat.welcome.side;
    return h(
      "li",
      { class: `${message.type}${enemy ? " enemy" : ""}${message.to ? " private" : ""}` },
      h("span", { class: "when" }, `T${message.turn}`),
      h("span", { class: "who" }, who),
      text,
    );
  });
  $("messages").replaceChildren(...(items.length ? items : [h("li", { class: "muted" }, "Nothing yet.")]));
  $("messages").scrollTop = $("messages").scrollHeight;
}

// Controls --------------------------------------------------------------------------------------

function setUpControls() {
  $("order").onsubmit = sendOrder;
  $("talk").onsubmit = talk;
  $("nudge-me").onsubmit = (event) => {
    event.preventDefault();
    const to = $("nudge-to").value.trim();
    if (to) nudgeMe(to);
  };
  $("nudge-off").onclick = () => nudgeMe(null);
  $("talk-to").onchange = heardBy;
  $("talk-text").onkeydown = (event) => {
    if (event.key === "Enter" && !event.shiftKey) talk(event);
  };
  document.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) sendOrder(event);
  });
  const svg = $("chart");
  const point = (place) => {
    $("hover").textContent = place ? seat.ruleset.where(place, seat.view, seat.pad) : "";
  };
  const pick = (place) => {
    if (place && seat.pad?.pick && !seat.amended) {
      seat.pad.pick(place, seat.map);
      padChanged();
    }
  };
  svg.onmousemove = (event) => point(seat.map?.placeAt(event));
  svg.onclick = (event) => pick(seat.map?.placeAt(event));
  // The keyboard's way to point: arrow keys move a cursor over the chart from the seat's own
  // position (where the module's view gives one), Enter picks the square under it.
  svg.onkeydown = (event) => {
    if (!seat.map?.near) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      return pick(seat.cursor);
    }
    if (!event.key.startsWith("Arrow")) return;
    event.preventDefault();
    const from = seat.cursor?.name ?? seat.ruleset.here(seat.view) ?? seat.welcome.chart?.places?.[0]?.square;
    seat.cursor = seat.map.near(from, event.key) ?? seat.cursor;
    point(seat.cursor);
    renderChart();
  };
  loginForm(TOKEN_KEY, start);
  onNewToken(TOKEN_KEY, start);
  $("notify").onclick = async () => {
    const answer = await Notification.requestPermission();
    notice(answer === "granted" ? "This tab will tell you when your orders are due." : "No notifications, then: the tab's title shows (!) when orders are due.");
    render();
  };
  setInterval(renderDeadline, 1000);
}

setUpControls();
const token = takeToken(TOKEN_KEY);
if (token) start(token);
else {
  $("login").hidden = false;
  yourGames();
}

// For tests and the curious: the seat's state and the requests it has sent, by type.
window.fogbankSeat = {
  seat,
  get requests() {
    return { ...(wire?.sent || {}) };
  },
};
