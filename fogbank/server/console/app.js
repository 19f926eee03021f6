// The umpire's console: joins with the umpire token, draws the truth, and sends the umpire's
// requests. The token stays in this tab (sessionStorage) and in no URL the server sees.

import { LAYERS, drawChart, parseSquare, squareAt } from "./chart.js";
import { diceLog, diceTables, gameList, gameLog, h, hour, recordSheet, seatMessages } from "./tables.js";
import { RequestRefused, Wire } from "./wire.js";

const TOKEN_KEY = "fogbank.umpire.token";
const $ = (id) => document.getElementById(id);

const game = {
  welcome: null,
  view: null, // the umpire's view now
  turns: [], // from `history`
  log: [],
  phase: "orders",
  held: false,
  waitingFor: [],
  over: null, // the game_over message
  games: [],
  viewAs: "umpire",
  seatView: null,
  seatLog: [],
  layers: Object.fromEntries(LAYERS.map(([name]) => [name, !["zones", "places"].includes(name)])),
  diceFilter: "",
  pane: "sheet",
};
let wire = null;
let holdPending = false;

function takeToken() {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const given = fragment.get("token");
  if (given) {
    sessionStorage.setItem(TOKEN_KEY, given);
    history.replaceState(null, "", location.pathname + location.search); // off the screen and history
  }
  return sessionStorage.getItem(TOKEN_KEY);
}

function notice(text, kind = "info") {
  const box = $("notice");
  box.textContent = text;
  box.dataset.kind = kind;
  box.hidden = false;
  clearTimeout(notice.timer);
  notice.timer = setTimeout(() => (box.hidden = true), kind === "error" ? 9000 : 4000);
}

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
  $("login").hidden = true;
  wire = new Wire(token, {
    onState(state, sentence) {
      const pill = $("connection");
      pill.dataset.state = state;
      pill.textContent = state === "refused" ? "refused" : state;
      if (state === "refused") {
        notice(sentence, "error");
        sessionStorage.removeItem(TOKEN_KEY);
        $("console").hidden = true;
        $("login").hidden = false;
      }
    },
    onWelcome(welcome) {
      if (welcome.seat !== "umpire") {
        notice("That token opens a player's seat, not the umpire's. This console is for the umpire.", "error");
      }
      game.welcome = welcome;
      game.phase = welcome.phase;
      $("console").hidden = false;
      setUpSeats(welcome.seats);
      refreshHistory();
      refreshGames();
    },
    onStream: receive,
  });
  wire.open();
}

function receive(message) {
  switch (message.type) {
    case "snapshot":
    case "umpire_update":
      game.view = message.view;
      if (message.type === "umpire_update") refreshHistory();
      break;
    case "status":
      game.phase = message.phase;
      game.held = message.held;
      game.waitingFor = message.waiting_for;
      break;
    case "narrative":
      notice(`Narrative: ${message.text}`);
      break;
    case "game_over":
      game.over = message;
      game.phase = "ended";
      game.log = message.log;
      break;
  }
  refreshGames();
  if (game.viewAs !== "umpire") refreshSeat();
  render();
}

let historyBusy = false;
let historyAgain = false;
async function refreshHistory() {
  if (historyBusy) {
    historyAgain = true;
    return;
  }
  historyBusy = true;
  try {
    const reply = await wire.request("history");
    game.turns = reply.turns;
    if (!game.over) game.log = reply.log;
    render();
  } catch (error) {
    if (!(error instanceof RequestRefused && error.code === "connection_lost")) notice(error.message, "error");
  } finally {
    historyBusy = false;
    if (historyAgain) {
      historyAgain = false;
      refreshHistory();
    }
  }
}

async function refreshGames() {
  const reply = await wire.request("games").catch(() => null);
  if (!reply) return;
  game.games = reply.games;
  const mine = reply.games.find((g) => g.game === game.welcome?.game);
  if (mine) {
    game.held = mine.held;
    game.phase = mine.phase;
    game.waitingFor = mine.seats.filter((s) => !s.orders_in).map((s) => s.seat);
  }
  renderGames();
  renderTurn();
}

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

function render() {
  if (!game.welcome) return;
  renderHeader();
  renderMap();
  renderTurn();
  renderTruth();
  renderResult();
  const seatMode = game.viewAs !== "umpire";
  $("umpire-side").hidden = seatMode;
  $("seat-side").hidden = !seatMode;
  $("legend").hidden = seatMode;
  $("layers").hidden = seatMode;
  $("seat-banner").hidden = !seatMode;
  document.querySelector(".tabs").hidden = seatMode;
  for (const pane of ["sheet", "dice", "log"]) $(`pane-${pane}`).hidden = seatMode || game.pane !== pane;
  $("pane-seat").hidden = !seatMode;
  if (seatMode) {
    renderSeat();
    return;
  }
  $("pane-sheet").replaceChildren(recordSheet(game.turns, game.log, game.view));
  renderDice();
  $("pane-log").replaceChildren(gameLog(game.log));
}

function renderHeader() {
  const w = game.welcome;
  $("game-title").textContent = `${w.briefing?.title ?? w.scenario} · game ${w.game}`;
  const view = game.viewAs === "umpire" ? game.view : game.seatView;
  $("clock").textContent = view ? `Turn ${view.turn} · ${hour(view.time)} · ${view.night ? "night" : "day"}` : "";
  for (const button of $("view-as").querySelectorAll("button")) {
    button.setAttribute("aria-pressed", String(button.dataset.seat === game.viewAs));
  }
}

function renderMap() {
  const chart = game.welcome.chart;
  const picture =
    game.viewAs === "umpire"
      ? { mode: "umpire", view: game.view, layers: game.layers }
      : { mode: "seat", seat: game.viewAs, view: game.seatView };
  // The seat sees its own chart: coast and grid, none of the umpire's overlays.
  const drawn = game.viewAs === "umpire" ? chart : { ...chart, overlays: {} };
  drawChart($("chart"), drawn, picture);
}

function renderTurn() {
  const status = $("turn-status");
  if (!game.welcome) return;
  const ended = game.phase === "ended";
  if (ended) status.textContent = "The game is over.";
  else if (game.phase === "ready") status.textContent = "All orders are in: the turn waits for your release.";
  else status.textContent = game.waitingFor.length ? `Waiting for orders from ${game.waitingFor.join(", ")}.` : "Waiting for orders.";
  if (!holdPending) $("hold").checked = game.held; // never undo a click the server has not answered
  for (const id of ["hold", "release", "override-apply", "narrate-send", "end-game"]) $(id).disabled = ended;
  if (!ended) $("override-apply").disabled = !$("override-reason").value.trim();
}

function renderTruth() {
  const view = game.view;
  if (!view) return;
  const boat = view.boat;
  const afloat = boat.afloat ? "" : " · LOST";
  $("truth").replaceChildren(
    h("h2", {}, `${boat.name}, the truth`),
    h(
      "dl",
      { class: "gauges" },
      h("dt", {}, "Square"), h("dd", { class: "true-square" }, boat.square),
      h("dt", {}, "Plotted"), h("dd", {}, view.plotted_track?.at(-1) ?? "—"),
      h("dt", {}, "Level"), h("dd", {}, boat.level + afloat),
      h("dt", {}, "Air"), h("dd", {}, h("meter", { min: 0, max: 20, low: 5, high: 10, optimum: 20, value: boat.air }), ` ${boat.air} h`),
      h("dt", {}, "Battery"), h("dd", {}, h("meter", { min: 0, max: 36, low: 8, high: 16, optimum: 36, value: boat.battery }), ` ${boat.battery}`),
      h("dt", {}, "Torpedoes"), h("dd", {}, `${boat.loaded}/${boat.tubes} loaded, ${boat.spare} spare`),
    ),
  );
}

function renderDice() {
  const select = $("dice-filter");
  const tables = diceTables(game.log);
  const total = tables.reduce((sum, [, n]) => sum + n, 0);
  select.replaceChildren(
    h("option", { value: "" }, `all tables (${total})`),
    ...tables.map(([name, n]) => h("option", { value: name }, `${name.replaceAll("_", " ")} (${n})`)),
  );
  select.value = tables.some(([name]) => name === game.diceFilter) ? game.diceFilter : "";
  $("dice").replaceChildren(diceLog(game.log, select.value));
}

function renderGames() {
  $("games").replaceChildren(...gameList(game.games, game.welcome?.game));
}

function renderSeat() {
  const seat = game.viewAs;
  const v = game.seatView;
  $("seat-banner").replaceChildren(
    h("strong", {}, `As ${seat} sees it. `),
    "Only what this seat was sent: its own chart, its dead reckoning and reports. ",
    h("button", { type: "button", id: "back-to-umpire" }, "Back to the umpire's view"),
  );
  $("back-to-umpire").onclick = () => viewAs("umpire");
  $("seat-gauges").replaceChildren(
    h("h2", {}, `${seat}: the crew's picture`),
    v
      ? h(
          "dl",
          { class: "gauges" },
          h("dt", {}, "Plotted"), h("dd", {}, v.plotted),
          h("dt", {}, "Level"), h("dd", {}, v.level),
          h("dt", {}, "Air"), h("dd", {}, `${v.air} h`),
          h("dt", {}, "Battery"), h("dd", {}, v.battery),
          h("dt", {}, "Tubes"), h("dd", {}, `${v.loaded}/${v.tubes} loaded, ${v.spare} spare`),
          h("dt", {}, "Contacts"), h("dd", {}, v.contacts.length ? v.contacts.slice(-6).map((c) => `c${c.number} ${String(c.bearing).padStart(3, "0")}°${c.distance ? ` ${c.distance} sq` : ""}`).join(", ") : "none"),
        )
      : h("p", { class: "muted" }, "Loading…"),
  );
  $("pane-seat").replaceChildren(h("h2", {}, `Messages sent to ${seat}`), seatMessages(seat, game.seatLog));
}

async function renderResult() {
  const over = game.over;
  const box = $("result");
  box.hidden = !over;
  if (!over || box.dataset.seed === over.seed) return;
  box.dataset.seed = over.seed;
  const check = h("span", { class: "check" }, "");
  box.replaceChildren(
    h("strong", {}, `Game over: ${over.result}. `),
    over.reason,
    h("div", {}, "Seed ", h("code", { id: "seed" }, over.seed), " ", check),
  );
  if (crypto.subtle) {
    const bytes = new Uint8Array(over.seed.match(/../g).map((pair) => parseInt(pair, 16)));
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    const hex = [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
    check.textContent = hex === game.welcome.commitment ? "✓ matches the commitment made at the start" : "✗ does NOT match the commitment";
    check.className = hex === game.welcome.commitment ? "check ok" : "check bad";
  }
}

// Controls -------------------------------------------------------------------------------------

function setUpSeats(seats) {
  const nav = $("view-as");
  nav.replaceChildren(
    h("span", { class: "muted" }, "View as"),
    ...["umpire", ...seats].map((seat) => h("button", { type: "button", "data-seat": seat, "aria-pressed": "false" }, seat)),
  );
  for (const button of nav.querySelectorAll("button")) button.onclick = () => viewAs(button.dataset.seat);
  $("narrate-seat").replaceChildren(...seats.map((seat) => h("option", { value: seat }, seat)));
}

function viewAs(seat) {
  game.viewAs = seat;
  game.seatView = null;
  game.seatLog = [];
  render();
  if (seat !== "umpire") refreshSeat();
}

function setUpControls() {
  const layers = $("layers");
  for (const [name, label] of LAYERS) {
    const box = h("input", { type: "checkbox", "data-layer": name, checked: game.layers[name] });
    box.onchange = () => {
      game.layers[name] = box.checked;
      renderMap();
    };
    layers.append(h("label", { class: "check" }, box, ` ${label}`));
  }

  for (const tab of document.querySelectorAll("[role=tab]")) {
    tab.onclick = () => {
      game.pane = tab.dataset.pane;
      for (const other of document.querySelectorAll("[role=tab]")) other.setAttribute("aria-selected", String(other === tab));
      render();
    };
  }
  $("dice-filter").onchange = () => {
    game.diceFilter = $("dice-filter").value;
    renderDice();
  };

  $("hold").onchange = async () => {
    const held = $("hold").checked;
    holdPending = true;
    const done = await ask("hold", { held }, held ? "Turns are held for your release." : "Turns resolve as orders come in.");
    holdPending = false;
    if (done) game.held = held;
    await refreshGames();
  };
  $("release").onclick = () => ask("release", {}, "Turn released.");

  const kind = $("override-kind");
  const showFields = () => {
    for (const label of document.querySelectorAll("#override [data-for]")) label.hidden = !label.dataset.for.split(" ").includes(kind.value);
    const value = $("override-value");
    value.max = kind.value === "set_air" ? 20 : 36;
    if (game.view && kind.value === "set_air") value.placeholder = String(game.view.boat.air);
    if (game.view && kind.value === "set_battery") value.placeholder = String(game.view.boat.battery);
  };
  kind.onchange = showFields;
  showFields();
  $("override-reason").oninput = renderTurn;
  $("override").onsubmit = async (event) => {
    event.preventDefault();
    const override = { kind: kind.value };
    const number = (id) => ($(id).value === "" ? null : Number($(id).value));
    if (["move_boat", "add_vessel"].includes(kind.value)) override.square = $("override-square").value.trim().toUpperCase();
    if (["set_air", "set_battery"].includes(kind.value)) override.value = number("override-value");
    if (["remove_vessel", "add_vessel"].includes(kind.value)) override.number = number("override-number");
    if (kind.value === "add_vessel") {
      override.vessel_type = $("override-type").value;
      if ($("override-name").value.trim()) override.name = $("override-name").value.trim();
    }
    const reason = $("override-reason").value.trim();
    if (!reason) return notice("An override needs a reason for the record.", "error");
    if (await ask("override", { override, reason }, "Override applied and recorded.")) {
      $("override-reason").value = "";
      renderTurn();
    }
  };

  $("narrate").onsubmit = async (event) => {
    event.preventDefault();
    const text = $("narrate-text").value.trim();
    if (await ask("narrate", { seat: $("narrate-seat").value, text }, `Sent to ${$("narrate-seat").value}.`)) $("narrate-text").value = "";
  };

  $("end").onsubmit = (event) => {
    event.preventDefault();
    $("end-confirm").hidden = false;
  };
  $("end-cancel").onclick = () => ($("end-confirm").hidden = true);
  $("end-now").onclick = async () => {
    $("end-confirm").hidden = true;
    await ask("end", { reason: $("end-reason").value.trim() || "The umpire ended the game." }, "Game ended.");
  };

  const svg = $("chart");
  svg.onmousemove = (event) => {
    if (!game.welcome) return;
    const square = squareAt(svg, game.welcome.chart, event);
    $("hover").textContent = square ? describeSquare(square) : "";
  };
  svg.onclick = (event) => {
    if (!game.welcome || game.viewAs !== "umpire") return;
    const square = squareAt(svg, game.welcome.chart, event);
    if (!square) return;
    $("override-square").value = square.name;
    if (!["move_boat", "add_vessel"].includes(kind.value)) {
      kind.value = "move_boat";
      showFields();
    }
  };

  $("login").onsubmit = (event) => {
    event.preventDefault();
    const token = $("token").value.trim();
    if (!token) return;
    sessionStorage.setItem(TOKEN_KEY, token);
    $("token").value = "";
    start(token);
  };
  setInterval(() => wire && game.welcome && refreshGames(), 10000);
}

function describeSquare(square) {
  const chart = game.welcome.chart;
  const words = [square.name, square.sea ? "sea" : "land"];
  if (game.viewAs !== "umpire") return words.join(" · ");
  const mark = (name) => chart.overlays?.[name]?.[square.r]?.[square.x];
  const tide = mark("tidal");
  if (tide && tide !== ".") words.push(`tide sets ${{ 8: "N", 9: "NE", 6: "E", 3: "SE", 2: "S", 1: "SW", 4: "W", 7: "NW" }[tide]}`);
  if (mark("searchlight") === "S") words.push("searchlight");
  if (mark("batteries") === "B") words.push("battery range");
  const view = game.view;
  if (view) {
    const rows = view.minefields?.[square.name];
    if (rows) words.push(`minefield, ${rows} row${rows === 1 ? "" : "s"}`);
    for (const v of view.vessels || []) if (v.square === square.name) words.push(`vessel ${v.number} (${v.type.replace("_", " ")}${v.sunk ? ", sunk" : ""})`);
    if (view.boat.square === square.name) words.push(`${view.boat.name} is here`);
  }
  return words.join(" · ");
}

setUpControls();
const token = takeToken();
if (token) start(token);
else $("login").hidden = false;

// For tests and the curious: the console's state, read-only by convention.
window.fogbankConsole = { game, parseSquare };
