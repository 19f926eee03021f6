// The umpire's games page: every game on this server, and a new one made from a scenario and its
// options. It speaks plain HTTP to /admin/... with the server's admin key, which stays in this tab
// (sessionStorage) and in no URL the server sees. Each game opens in the umpire's console: the
// server keeps no token, only its hash, so a game's umpire link is shown when it is made (a game
// created here, or a new umpire link asked for here, which cuts the old one off).

import { left, when } from "/web/clock.js";
import { h } from "/web/dom.js";
import { copyButton, linkRow, whole } from "/web/links.js";
import { loginForm, notice } from "/web/page.js";
import { resultsWords } from "/web/words.js";

const KEY = "fogbank.admin.key";
const $ = (id) => document.getElementById(id);
let scenarios = [];
const made = new Map(); // game -> its umpire's link, made in this page
let asking = null; // the game whose new umpire link waits for a yes
let listed = []; // the games as last listed

/** The key the URL's fragment gives (kept in this tab), or the one this tab kept before. */
function takeKey() {
  const given = new URLSearchParams(location.hash.slice(1)).get("key");
  if (given) {
    sessionStorage.setItem(KEY, given);
    history.replaceState(null, "", location.pathname);
  }
  return sessionStorage.getItem(KEY);
}

/** An admin request: the JSON answer, or an Error carrying the server's sentence. */
async function admin(path, method = "GET") {
  const answer = await fetch(path, { method, headers: { Authorization: `Bearer ${sessionStorage.getItem(KEY)}` }, cache: "no-store" });
  if (answer.status === 401) {
    sessionStorage.removeItem(KEY);
    show(false);
    throw new Error("That admin key is not this server's.");
  }
  if (!answer.ok) throw new Error((await answer.text()).trim() || `The server answered ${answer.status}.`);
  return answer.json();
}

function show(open) {
  $("login").hidden = open;
  $("games-page").hidden = !open;
  $("forget").hidden = !open;
}

async function start() {
  show(true);
  try {
    scenarios = (await admin("/admin/scenarios")).scenarios;
  } catch (error) {
    return notice(error.message, "error");
  }
  $("scenario").replaceChildren(
    ...groups(scenarios).map(([game, list]) =>
      h("optgroup", { label: game }, ...list.map((s) => h("option", { value: `${s.ruleset}/${s.scenario}` }, `${s.title} (${s.seats.length} ${s.seats.length === 1 ? "seat" : "seats"})`))),
    ),
  );
  chosen();
  await list();
}

function groups(all) {
  const by = new Map();
  for (const scenario of all) by.set(scenario.game, [...(by.get(scenario.game) || []), scenario]);
  return [...by];
}

/** The scenario chosen: its seats, and a control for each of its options with its help. */
function chosen() {
  const scenario = scenarios.find((s) => `${s.ruleset}/${s.scenario}` === $("scenario").value);
  if (!scenario) return;
  $("scenario-seats").textContent = `Seats: ${scenario.seats.map((s) => `${s.title || s.seat} (${s.side})`).join(", ")}.`;
  $("options").replaceChildren(
    ...Object.entries(scenario.options).map(([name, option]) => {
      const select = h("select", { id: `option-${name}`, "data-option": name },
        ...option.choices.map((choice) => h("option", { value: JSON.stringify(choice), selected: choice === option.default }, choiceWords(choice))));
      return h("label", { class: "option" }, h("span", {}, words(name)), select, option.help ? h("span", { class: "help" }, option.help) : null);
    }),
  );
}

/** A choice as a person reads it: yes and no, not true and false. */
function choiceWords(choice) {
  return choice === true ? "yes" : choice === false ? "no" : String(choice).replace(/_/g, " ");
}

function words(name) {
  return name.replace(/_/g, " ");
}

async function create(event) {
  event.preventDefault();
  const [ruleset, scenario] = $("scenario").value.split("/");
  const query = new URLSearchParams({ scenario: `${ruleset}/${scenario}` });
  if ($("name").value.trim()) query.set("name", $("name").value.trim());
  for (const select of $("options").querySelectorAll("select")) query.append("option", `${select.dataset.option}=${JSON.parse(select.value)}`);
  $("create").disabled = true;
  try {
    const created = await admin(`/admin/new?${query}`, "POST");
    showCreated(created);
    $("name").value = "";
    notice(`${created.name || `Game ${created.game}`} made: send each player their link.`);
    await list();
  } catch (error) {
    notice(error.message, "error");
  } finally {
    $("create").disabled = false;
  }
}

/** A new game's links, each with a copy button; the console opens from the umpire's. */
function showCreated(created) {
  const links = created.links;
  const umpire = whole(links.umpire);
  made.set(created.game, umpire);
  $("created").replaceChildren(
    h("h3", {}, `${created.name || `Game ${created.game}`}: its links`),
    h("p", { class: "muted small" }, "Each player opens their own seat's link: whoever has it plays that seat. Keep the umpire's to yourself."),
    h("table", { class: "links", id: "created-links" },
      ...links.seats.map((seat) => linkRow(`${seat.title || seat.seat} (${seat.side})`, whole(seat.link), seat.seat)),
      linkRow("The umpire", umpire, "umpire"),
      linkRow("Spectators (once you open the game to them)", whole(links.spectators), "spectator"),
    ),
    h("p", {}, h("a", { href: umpire, target: "_blank", rel: "noopener", id: "open-created" }, "Open its console")),
  );
  $("created").hidden = false;
}

async function list() {
  try {
    listed = (await admin(`/admin/games${$("show-archived").checked ? "?archived=1" : ""}`)).games;
  } catch (error) {
    return notice(error.message, "error");
  }
  draw();
}

function draw() {
  const games = listed;
  const head = h("tr", {}, ...["Game", "Turn", "Phase", "Waiting for", "Last activity", "Status", ""].map((t) => h("th", {}, t)));
  $("games").replaceChildren(
    h("thead", {}, head),
    h("tbody", {}, ...(games.length ? games.map(row) : [h("tr", {}, h("td", { colspan: 7, class: "muted" }, "No games yet."))])),
  );
}

function row(game) {
  const status = game.archived ? "archived" : game.status === "running" ? (game.cycle === "ready" ? "held for release" : "running") : game.status;
  // Once over, how it ended: each side's result by its title, and why.
  const result = game.result?.results ? h("div", { class: "result-words" }, `${resultsWords(game.result.results, game.side_titles)}. ${game.result.reason ?? ""}`) : null;
  const rename = h("button", { type: "button", class: "quiet", "data-rename": game.game }, game.name ? "Rename" : "Name it");
  rename.onclick = () => renameGame(game);
  const waiting = game.waiting?.length ? game.waiting.join(", ") : game.status === "running" ? h("span", { class: "waiting-none" }, "nobody") : "";
  const bots = game.bots?.length ? h("div", { class: "muted small" }, `built-in: ${game.bots.join(", ")}`) : null;
  const open = consoleCell(game);
  const archive = game.status === "ended" && !game.archived ? h("button", { type: "button", class: "quiet", "data-archive": game.game }, "Archive") : null;
  if (archive) archive.onclick = () => archiveGame(game.game);
  return h(
    "tr",
    { "data-game": game.game, "data-status": game.status, "data-archived": String(Boolean(game.archived)) },
    h("td", {}, game.name ? h("div", { class: "name" }, game.name) : null, h("div", {}, game.title || game.scenario), h("div", { class: "id" }, game.game)),
    h("td", {}, game.turn ?? ""),
    h("td", {}, game.phase ? words(game.phase) : ""),
    h("td", { class: "waiting" }, waiting, bots),
    h("td", { title: game.active || game.created }, ago(game.active || game.created)),
    h("td", {}, status, result, game.deadline ? h("div", { class: "muted small", title: game.deadline }, `orders due ${when(game.deadline)} (${left(game.deadline)})`) : null),
    h("td", {}, h("div", { class: "actions" }, open, rename, archive)),
  );
}

/** A name for a game, asked for in a box (an empty one takes its name away). */
async function renameGame(game) {
  const name = prompt(`A name for ${game.title || game.scenario} (game ${game.game}); its players see it when they next open it:`, game.name || "");
  if (name === null) return;
  try {
    await admin(`/admin/rename?${new URLSearchParams({ game: game.game, name: name.trim() })}`, "POST");
    notice(name.trim() ? `Game ${game.game} is now ${name.trim()}.` : `Game ${game.game} has no name now.`);
    await list();
  } catch (error) {
    notice(error.message, "error");
  }
}

/** How the umpire opens a game's console from here: its link, if made in this page; else, for a
 * game in play, a new umpire link, asked first (the old one stops working). */
function consoleCell(game) {
  const link = made.get(game.game);
  if (link) return h("span", { class: "made" }, h("a", { href: link, target: "_blank", rel: "noopener", "data-open": game.game }, "Open"), " ", copyButton(link, "The umpire", { "data-copy": `umpire-${game.game}` }));
  if (game.turn === undefined || game.archived) return null; // a game in play (or just ended) here
  if (asking === game.game) {
    const yes = h("button", { type: "button", class: "danger", "data-reissue-confirm": game.game }, "Cut it off: a new link");
    const no = h("button", { type: "button", class: "quiet", "data-reissue-cancel": game.game }, "Keep it");
    yes.onclick = () => newUmpireLink(game.game);
    no.onclick = () => {
      asking = null;
      draw();
    };
    return h("span", { class: "confirm" }, "The umpire's link now in use stops working, and its console is shut out. ", yes, " ", no);
  }
  const ask = h("button", { type: "button", class: "quiet", "data-reissue": game.game, title: "The server keeps no link: a new one cuts the old one off" }, "New umpire link");
  ask.onclick = () => {
    asking = game.game;
    draw();
  };
  return ask;
}

async function newUmpireLink(id) {
  asking = null;
  try {
    const reissued = await admin(`/admin/reissue?game=${encodeURIComponent(id)}&seat=umpire`, "POST");
    made.set(id, whole(reissued.link));
    notice(`Game ${id}: a new umpire link. The old one opens nothing now.`);
  } catch (error) {
    notice(error.message, "error");
  }
  draw();
}

async function archiveGame(id) {
  try {
    await admin(`/admin/archive?game=${encodeURIComponent(id)}`, "POST");
    notice(`Game ${id} archived.`);
    await list();
  } catch (error) {
    notice(error.message, "error");
  }
}

/** How long ago an ISO time was, in words. */
function ago(iso) {
  if (!iso) return "";
  const seconds = Math.max(0, (Date.now() - Date.parse(iso)) / 1000);
  if (seconds < 90) return "just now";
  if (seconds < 5400) return `${Math.round(seconds / 60)} min ago`;
  if (seconds < 129600) return `${Math.round(seconds / 3600)} h ago`;
  return `${Math.round(seconds / 86400)} days ago`;
}

loginForm(KEY, start);
$("forget").onclick = () => {
  sessionStorage.removeItem(KEY);
  show(false);
};
$("scenario").onchange = chosen;
$("new").onsubmit = create;
$("show-archived").onchange = list;
if (takeKey()) start();
else $("login").hidden = false;
setInterval(() => !$("games-page").hidden && list(), 15000);
