// The umpire's console: joins with the umpire token, loads the game's ruleset module (ruleset.js)
// and keeps the umpire's picture: the map, the truth, where play stands, and the papers. The
// record comes once from `history` on joining; after that each `umpire_update` adds its rows.
// The token stays in this tab (sessionStorage) and in no URL the server sees.

import { Club } from "./club.js";
import { h, swatch } from "/web/dom.js";
import { Hand } from "./hand.js";
import { DiceLog, GameLog, Sheet, gameList, results, seatMessages } from "./papers.js";
import { Record, seatsOf, standing } from "./record.js";
import { bare, loadRuleset } from "./ruleset.js";
import { bare as bareSeat, loadSeatModule } from "/play/ruleset.js";
import { keep } from "/web/kept.js";
import { connect, inOrder, loginForm, notice, onNewToken, takeToken } from "/web/page.js";
import { RequestRefused } from "/web/wire.js";
import { capital, clockWords, seatName, turnsBehind } from "/web/words.js";
import { showYourGames } from "/web/yours.js";

const TOKEN_KEY = "fogbank.umpire.token";
const $ = (id) => document.getElementById(id);

const game = {
  welcome: null,
  ruleset: null, // the ruleset's console module, every part filled in (ruleset.js)
  seatModule: null, // the ruleset's seat module: its order pad (for amendments) and its words
  phaseWords: (phase) => phase, // a phase's name in the game's words (the seat module's)
  map: null, // the map, from the ruleset's geometry module; null if it has none
  seats: [], // [{seat, side, title}]
  sides: null, // the sides' names; null from a server that does not send them
  phases: null, // the ruleset's phase names, in order; null likewise
  view: null, // the umpire's view now
  at: { turn: 0, phase: null, cycle: "orders" }, // where play stands
  held: false, // the phase open now is held for release
  heldPhases: null, // the phases held, where the server says
  waitingFor: [],
  record: null, // record.js: rows, log, orders in
  syncing: false, // the `history` reply is on its way: updates before it are in it
  over: null, // the game_over message, or the log's end record
  games: [],
  spectating: false, // joined with the spectators' link: the umpire's view some turns late, no controls
  viewAs: "umpire",
  seatView: null,
  seatLog: [],
  layers: {}, // layer name -> shown
  scrub: null, // the record-sheet row whose view the map shows; null: now
  pane: "sheet",
};
let wire = null;
let hand = null;
let club = null;
let sheet = null;
let gameLog = null;
let diceLog = null;

const later = inOrder("The console");

/** How late a spectator is shown the game, as the welcome says ("3 turns behind"). */
function spectatorsLag(behind) {
  if (behind === null || behind === undefined) return "some turns behind"; // an older server says not
  return behind === 0 ? "as each turn opens" : turnsBehind(behind);
}

/** Send a request; a refusal is shown in the server's words. The reply, or null. */
async function ask(type, fields, done) {
  try {
    const reply = await wire.request(type, fields);
    if (done) notice(done);
    return reply;
  } catch (error) {
    notice(error instanceof RequestRefused ? error.message : String(error), "error");
    return null;
  }
}

// Connection and stream ------------------------------------------------------------------------

function start(token) {
  $("yours").hidden = true;
  wire?.close();
  wire = connect(token, TOKEN_KEY, { main: "console", later, onWelcome: welcomed, onStream: received, onRefused: yourGames });
}

/** The games this browser keeps as umpire or spectator (yours.js), each opened with a click. */
function yourGames() {
  showYourGames({ page: "umpire", tokenKey: TOKEN_KEY, start, phaseOf: async (name, phase) => (await loadSeatModule(name)).ruleset.phase(phase) });
}

/** The updates' fields where play stands, kept where an old server leaves one out. */
function move(message) {
  const now = standing(message, game.phases);
  game.at = { turn: now.turn ?? game.at.turn, phase: now.phase ?? game.at.phase, cycle: now.cycle ?? game.at.cycle };
}

async function welcomed(welcome) {
  game.spectating = welcome.seat === "spectator"; // the umpire's view, late, and no controls
  document.body.dataset.mode = game.spectating ? "spectator" : "umpire";
  if (welcome.seat !== "umpire" && !game.spectating) {
    notice("That token opens a player's seat, not the umpire's. This console is for the umpire.", "error");
  }
  const first = game.ruleset?.name !== welcome.ruleset;
  game.welcome = welcome;
  keep(welcome.side ? "play" : "umpire", welcome, wire.token);
  game.seats = seatsOf(welcome);
  game.seatName = (seat) => seatName(game.seats, seat);
  game.sides = welcome.sides ?? null;
  game.phases = welcome.phases ?? null;
  move(welcome);
  if (first) await setUpRuleset(welcome);
  game.record = new Record(game.phases);
  game.record.begin(welcome);
  sheet = new Sheet($("pane-sheet"), { ruleset: game.ruleset, seats: game.seats, record: game.record, phase: game.phaseWords, name: game.seatName });
  gameLog = new GameLog($("pane-log"), game.ruleset, game.phaseWords, game.seatName, welcome.side_titles);
  $("console").hidden = false;
  if (game.spectating) {
    // The turn spectators may see comes as a snapshot right after the welcome, if there is one yet.
    setTimeout(() => game.view || notice(`The game is shown to spectators ${spectatorsLag(welcome.behind)}: nothing to see yet.`), 1500);
  } else {
    syncHistory();
    refreshGames();
  }
  render();
}

/** The module of the game's ruleset, and what is drawn from it once: layers, forms, seats. */
async function setUpRuleset(welcome) {
  try {
    const { ruleset, geometry } = await loadRuleset(welcome.ruleset);
    game.ruleset = ruleset;
    game.map = geometry ? geometry.createMap($("chart"), welcome.chart) : null;
  } catch (error) {
    notice(`No console module for the ruleset ${welcome.ruleset}: ${error.message}`, "error");
    game.ruleset = bare(welcome.ruleset);
    game.map = null;
  }
  game.ruleset.learn(welcome);
  try {
    game.seatModule = (await loadSeatModule(welcome.ruleset)).ruleset;
  } catch {
    game.seatModule = bareSeat(welcome.ruleset);
  }
  game.phaseWords = (phase) => game.seatModule.phase(phase);
  document.body.dataset.ruleset = welcome.ruleset;
  const layers = [...game.ruleset.layers];
  if (game.map?.drawPlaces) layers.push({ name: "places", label: "Place names", on: false });
  game.layers = Object.fromEntries(layers.map((layer) => [layer.name, layer.on !== false]));
  $("layers").replaceChildren(
    h("legend", {}, "Layers"),
    ...layers.map((layer) => {
      const box = h("input", { type: "checkbox", "data-layer": layer.name, checked: game.layers[layer.name] });
      box.onchange = () => {
        game.layers[layer.name] = box.checked;
        renderMap();
      };
      return h("label", { class: "check" }, box, layer.key ? swatch(layer.key) : null, ` ${layer.label}`);
    }),
  );
  $("layers").hidden = !layers.length;
  $("chart").parentElement.hidden = !game.map;
  // With no map, the truth (a ruleset may draw its table there) takes the map's place and width.
  $("console").dataset.map = game.map ? "map" : "none";
  if (!game.map) $("table-area").prepend($("truth"));
  $("map-controls").replaceChildren(...(game.map?.controls ? [game.map.controls()] : []));
  $("hover").hidden = !game.map;
  $("hover").textContent = "Point at the map to read a place; click one to use it in the override or the amendment, whichever you last wrote in.";
  setUpSeats(game.seats);
  hand.setUpGame();
}

/** The record so far, asked for once on joining (and again only on reconnecting). */
async function syncHistory() {
  game.syncing = true;
  let reply = null;
  try {
    reply = await wire.request("history");
  } catch (error) {
    if (!(error instanceof RequestRefused && error.code === "connection_lost")) notice(error.message, "error");
  }
  // In line with the stream: updates that came before the reply are in it; later ones add to it.
  later(() => {
    game.syncing = false;
    if (reply) game.record.reset(reply.turns, reply.log);
    const end = game.record.log.find((record) => record.type === "end");
    if (end && !game.over) game.over = end;
    drawPapers();
    render();
  });
}

function received(message) {
  const record = game.record;
  switch (message.type) {
    case "snapshot":
      game.view = message.view;
      if (game.spectating) game.at = { ...game.at, turn: message.turn, phase: null };
      break;
    case "observation": // a spectator's: the umpire's view of a turn some turns back
      game.view = message.view;
      game.at = { ...game.at, turn: message.turn, phase: null };
      break;
    case "umpire_update": {
      const before = game.view;
      game.view = message.view;
      move(message);
      if (message.waiting_for) game.waitingFor = message.waiting_for;
      if (message.held_phases) {
        game.heldPhases = message.held_phases;
        game.held = message.held_phases.includes(game.at.phase);
      }
      const added = record.update(message, before, game.syncing);
      if (!game.syncing) {
        sheet.append(added.rows);
        diceLog.append(added.records);
        gameLog.append(added.records);
      }
      if (!game.syncing) refreshGames(); // who is present and whose orders are in, as of this update
      break;
    }
    case "status":
      move(message);
      game.held = message.held;
      game.waitingFor = message.waiting_for ?? game.waitingFor;
      break;
    case "narrative":
    case "answer":
    case "amended":
      if (message.type === "narrative") notice(`Narrative: ${message.text}`);
      if (!game.syncing) gameLog.append(record.add([{ type: "message", turn: message.turn, message }]));
      break;
    case "game_over":
      game.over = message;
      game.at = { ...game.at, cycle: "ended" };
      record.replaceLog(message.log);
      drawPapers();
      break;
  }
  if (game.viewAs !== "umpire") refreshSeat();
  renderLive();
}

async function refreshGames() {
  const reply = await wire.request("games").catch(() => null);
  if (!reply) return;
  game.games = reply.games;
  const mine = reply.games.find((g) => g.game === game.welcome?.game);
  if (mine) {
    game.held = mine.held;
    if (!game.over) move(mine);
    game.waitingFor = mine.seats.filter((s) => !s.orders_in).map((s) => s.seat);
  }
  drawGames();
  club.show(mine);
  renderStanding();
}

/** The games list as last fetched, drawn again (a confirmation asked, a link made). */
function drawGames() {
  if (!game.games) return;
  // The game open here by its scenario's title, as the briefing gives it (the list has its id).
  const named = game.games.map((entry) => (entry.game === game.welcome?.game && game.welcome.briefing?.title ? { ...entry, title: game.welcome.briefing.title } : entry));
  $("games").replaceChildren(...gameList(named, game.welcome?.game, seatActions, game.phaseWords, game.welcome?.side_titles));
}

/** The umpire's controls in the seats' table: a seat's new link (asked first), and its built-in
 * player. The links made here are kept for this page only: the server keeps none. */
const seatActions = {
  made: {}, // seat -> the path of the link made in this page
  asking: null, // the seat whose new link waits for the umpire's yes
  ask(seat) {
    this.asking = seat;
    drawGames();
  },
  async reissue(seat, who) {
    this.asking = null;
    const reply = await ask("reissue", { seat });
    if (reply) {
      this.made[seat] = `/${seat === "spectator" ? "umpire" : "play"}#token=${reply.token}`;
      notice(`${capital(who)}: a new link. The old one opens nothing now; send this one on.`);
    }
    await refreshGames();
  },
  async standIn(seat, bot) {
    const words = bot ? `A built-in player has ${game.seatName(seat)} now.` : `${capital(game.seatName(seat))} is its player's again.`;
    if (await ask("stand_in", { seat, bot }, words)) await refreshGames();
  },
};

async function refreshSeat() {
  const seat = game.viewAs;
  const [snapshot, log] = await Promise.all([
    wire.observe(seat).catch(() => null),
    wire.request("seat_log", { seat }).catch(() => null),
  ]);
  if (game.viewAs !== seat) return;
  if (snapshot) game.seatView = snapshot.view;
  if (log) game.seatLog = log.messages;
  render();
}

// Drawing --------------------------------------------------------------------------------------

/** The papers from the record, whole: on joining and at the end, never on an update. */
function drawPapers() {
  sheet.reset();
  diceLog.reset(game.record);
  gameLog.reset(game.record);
}

function render() {
  if (!game.welcome || !game.ruleset) return;
  const seatMode = game.viewAs !== "umpire";
  $("umpire-side").hidden = seatMode;
  $("seat-side").hidden = !seatMode;
  $("layers").hidden = seatMode || !$("layers").querySelector("input");
  $("seat-banner").hidden = !seatMode;
  $("club-area").hidden = seatMode;
  document.querySelector(".tabs").hidden = seatMode;
  for (const pane of ["sheet", "dice", "log"]) $(`pane-${pane}`).hidden = seatMode || game.pane !== pane;
  $("pane-seat").hidden = !seatMode;
  if (seatMode) renderSeat();
  renderLive();
}

/** What one update changes: the header, the map, the truth, the turn and the sheet's last row. */
function renderLive() {
  if (!game.welcome || !game.ruleset) return;
  renderHeader();
  renderScrubber();
  renderMap();
  renderTruth();
  renderStanding();
  renderResult();
}

/** Where play stands, in the hand and the record sheet's open row: also when only the game list says it. */
function renderStanding() {
  if (!game.welcome || !game.ruleset) return;
  hand.render();
  const status = game.over ? "not resolved" : game.at.cycle === "ready" ? "held for release" : "being ordered";
  if (!game.syncing && !game.spectating) sheet.current(game.view, game.at, status, Boolean(game.over));
}

function renderHeader() {
  const w = game.welcome;
  // Once the game is over a spectator is shown how it ended, no longer turns behind it.
  const watching = game.over ? "the game as it ended" : spectatorsLag(w.behind);
  $("game-title").textContent = `${w.name ? `${w.name} · ` : ""}${w.briefing?.title ?? w.scenario} · game ${w.game}${game.spectating ? ` · as a spectator, ${watching}` : ""}`;
  document.title = `fogbank · ${w.name || w.briefing?.title || w.scenario} · ${game.spectating ? "spectator" : "umpire"}`;
  const view = game.viewAs === "umpire" ? game.view : game.seatView;
  const clock = view ? game.ruleset.clock(view) : "";
  // The phase by name, unless the ruleset's own clock says it already (River Plate's "06:15 · 1A write moves").
  const phase = game.viewAs === "umpire" ? game.phaseWords(game.at.phase) : null;
  // Over, the clock is the next turn's, where nothing happened: the header says the last turn played.
  $("clock").textContent = game.over
    ? clockWords(game.at.turn, game.at.phase, { phases: game.phases, over: true, name: game.phaseWords })
    : [`Turn ${game.at.turn}`, phase && !clock.includes(phase) ? phase : null, clock].filter(Boolean).join(" · ");
  for (const button of $("view-as").querySelectorAll("button")) {
    button.setAttribute("aria-pressed", String(button.dataset.seat === game.viewAs));
  }
}

function renderMap() {
  const map = game.map;
  if (!map) return;
  const svg = $("chart");
  svg.dataset.mode = game.viewAs === "umpire" ? "umpire" : "seat";
  map.drawBase();
  if (game.viewAs !== "umpire") {
    // The seat sees its own chart: coast and grid, and what its own view holds; no overlays.
    game.ruleset.drawSeat(map, map.layer("seat"), game.seatView);
    return;
  }
  if (game.layers.places) map.drawPlaces(); // under the ruleset's layers: names never hide the truth
  const view = shownView();
  for (const layer of game.ruleset.layers) {
    if (game.layers[layer.name]) layer.draw(map, map.layer(layer.name), view, game.welcome.chart);
  }
  if (game.layers.places) map.spacePlaces?.(); // and off the stacks just drawn
}

/** The umpire's view the map and the truth show: now, or a turn of the record being stepped through. */
function shownView() {
  const row = game.scrub === null ? null : game.record?.rows[game.scrub];
  return row ? row.view : game.view;
}

/** The scrubber under the map: a stop for each resolved turn (its view once it resolved), then now. */
function renderScrubber() {
  const rows = game.record?.rows || [];
  const umpire = game.viewAs === "umpire";
  $("scrubber").hidden = !umpire || !game.map || !rows.length;
  if (game.scrub !== null && game.scrub >= rows.length) game.scrub = null;
  const at = game.scrub ?? rows.length;
  $("scrub").max = String(rows.length);
  $("scrub").value = String(at);
  $("scrub-back").disabled = at === 0;
  $("scrub-on").disabled = game.scrub === null;
  $("scrub-now").disabled = game.scrub === null;
  const row = rows[at];
  const phase = row && game.phases?.length > 1 ? ` (${game.phaseWords(row.phase)})` : "";
  const clock = row ? game.ruleset.clock(row.view) : "";
  $("scrub-words").textContent = row ? `The record: after turn ${row.turn}${phase}${clock ? ` · ${clock}` : ""}` : "Now";
  $("chart").dataset.scrub = row && umpire ? `${row.turn}` : "now";
  for (const marked of document.querySelectorAll("#pane-sheet tr.scrubbed")) marked.classList.remove("scrubbed");
  if (row) {
    const phaseMatch = row.phase ? `[data-phase="${CSS.escape(row.phase)}"]` : "";
    document.querySelector(`#pane-sheet tr.resolved[data-turn="${row.turn}"]${phaseMatch}`)?.classList.add("scrubbed");
  }
}

function scrubTo(position) {
  const rows = game.record?.rows || [];
  game.scrub = position >= rows.length ? null : Math.max(0, position);
  renderLive();
}

function renderTruth() {
  const panel = $("truth");
  const truth = game.ruleset.truth;
  const view = shownView();
  panel.hidden = !truth || !view;
  panel.dataset.scrub = game.scrub === null ? "now" : "record";
  if (truth && view) panel.replaceChildren(...[truth(view)].flat());
}

function renderSeat() {
  const seat = game.viewAs;
  $("seat-banner").replaceChildren(
    h("strong", {}, `As ${game.seatName(seat)} sees it. `),
    "Only what this seat was sent: its own chart, its view and its messages. ",
    h("button", { type: "button", id: "back-to-umpire" }, "Back to the umpire's view"),
  );
  $("back-to-umpire").onclick = () => viewAs("umpire");
  $("seat-panel").replaceChildren(...[game.ruleset.seatPanel(game.seatName(seat), game.seatView)].flat());
  $("pane-seat").replaceChildren(h("h2", {}, `Messages sent to ${game.seatName(seat)}`), seatMessages(game.seatName(seat), game.seatLog, game.ruleset, { titles: game.welcome.side_titles, phase: game.phaseWords, name: game.seatName }));
}

async function renderResult() {
  const over = game.over;
  const box = $("result");
  box.hidden = !over;
  if (!over || box.dataset.seed === over.seed) return;
  box.dataset.seed = over.seed;
  const check = h("span", { class: "check" }, "");
  box.replaceChildren(
    h("strong", {}, `Game over: ${results(over, game.welcome?.side_titles)}. `),
    over.reason,
    h("div", {}, "Seed ", h("code", { id: "seed" }, over.seed), " ", check),
  );
  if (crypto.subtle) {
    const bytes = new Uint8Array(over.seed.match(/../g).map((pair) => parseInt(pair, 16)));
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    const hex = [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
    const ok = hex === game.welcome.commitment;
    check.textContent = ok ? "✓ matches the commitment made at the start" : "✗ does NOT match the commitment";
    check.className = ok ? "check ok" : "check bad";
  }
}

// Controls -------------------------------------------------------------------------------------

function setUpSeats(seats) {
  const nav = $("view-as");
  nav.replaceChildren(
    h("span", { class: "muted" }, "View as"),
    ...[{ seat: "umpire", title: "the umpire" }, ...seats].map(({ seat, title }) =>
      h("button", { type: "button", "data-seat": seat, "aria-pressed": "false", title: title || null }, seat === "umpire" ? "umpire" : game.seatName(seat)),
    ),
  );
  for (const button of nav.querySelectorAll("button")) button.onclick = () => viewAs(button.dataset.seat);
}

function viewAs(seat) {
  game.viewAs = seat;
  game.seatView = null;
  game.seatLog = [];
  render();
  if (seat !== "umpire") refreshSeat();
}

function setUpControls() {
  hand = new Hand(game, {
    ask,
    notice,
    refreshGames,
    request: (type, fields) => wire.request(type, fields),
    observe: (seat) => wire.observe(seat),
  });
  club = new Club(game, { ask, refreshGames });
  diceLog = new DiceLog($("dice"), $("dice-filter"));
  for (const tab of document.querySelectorAll("[role=tab]")) {
    tab.onclick = () => {
      game.pane = tab.dataset.pane;
      for (const other of document.querySelectorAll("[role=tab]")) other.setAttribute("aria-selected", String(other === tab));
      render();
    };
  }

  $("scrub").oninput = () => scrubTo(Number($("scrub").value));
  $("scrub-back").onclick = () => scrubTo((game.scrub ?? game.record.rows.length) - 1);
  $("scrub-on").onclick = () => scrubTo((game.scrub ?? game.record.rows.length) + 1);
  $("scrub-now").onclick = () => scrubTo(Infinity);

  const svg = $("chart");
  svg.onmousemove = (event) => {
    const place = game.map?.placeAt(event);
    if (!place) return ($("hover").textContent = "");
    const words = [place.name, place.land ? "land" : "sea"];
    if (game.viewAs === "umpire") words.push(...game.ruleset.place(place.name, shownView(), game.map));
    $("hover").textContent = words.join(" · ");
  };
  svg.onclick = (event) => {
    const place = game.map?.placeAt(event);
    if (place) hand.pick(place);
  };

  loginForm(TOKEN_KEY, start);
  onNewToken(TOKEN_KEY, start);
  setInterval(() => wire && game.welcome && !game.spectating && refreshGames(), 10000);
}

setUpControls();
const token = takeToken(TOKEN_KEY);
if (token) start(token);
else {
  $("login").hidden = false;
  yourGames();
}

// For tests and the curious: the console's state and the requests it has sent, by type.
window.fogbankConsole = {
  game,
  get requests() {
    return { ...(wire?.sent || {}) };
  },
};
