// "Your games": the games this browser keeps (kept.js), each in a line from its glance (where it
// stands, as that seat would be told on joining: its name, scenario, seat, turn, whether its orders
// are due and by when, or how it ended), entered with one click and forgotten with another. A
// player's seat page shows it at /play, the umpire's console at /umpire, in a tab with no game open.

import { left, when } from "./clock.js";
import { h } from "./dom.js";
import { forget, glance, kept, note } from "./kept.js";
import { phaseWords, resultsWords, words } from "./words.js";

const AT_ONCE = 3; // glances on their way together
const AGAIN_AFTER = 5 * 60 * 1000; // ms: the list is asked again this often while in sight

/** Fill `box` (#yours) with the games kept for `page` ("play" or "umpire"); a click on one keeps
 * its token in this tab (under `tokenKey`) and `start`s it; `phaseOf(ruleset, phase)` names a
 * phase in its game's words (a promise). The box is hidden when this browser keeps none. */
export function showYourGames({ page, tokenKey, start, phaseOf = async (_, phase) => phaseWords(phase), box = document.getElementById("yours") }) {
  const enter = (token) => {
    sessionStorage.setItem(tokenKey, token);
    start(token);
  };
  const draw = async () => {
    const entries = kept(page);
    box.hidden = entries.length === 0;
    if (box.hidden) return;
    const lines = { enter, phaseOf, redraw: draw };
    const items = entries.map((entry) => {
      const item = h("li", { class: "your-game", "data-game": entry.game, "data-seat": entry.seat });
      fill(item, entry, entry.summary ?? null, null, lines);
      return { entry, item };
    });
    box.replaceChildren(
      h("h2", {}, page === "play" ? "Your games" : "Your games as umpire"),
      h("p", { class: "muted small" }, "Every game opened in this browser. It keeps their links until you forget them: on a shared computer, forget each game when you are done."),
      h("ul", { class: "your-games" }, items.map(({ item }) => item)),
    );
    const waiting = items.filter(({ entry }) => !entry.summary?.over); // a finished game's line is kept, not asked again
    const next = async () => {
      for (let job = waiting.shift(); job; job = waiting.shift()) await line(job, lines);
    };
    await Promise.all(Array.from({ length: AT_ONCE }, next));
    sortLines(box.querySelector("ul"));
  };
  draw();
  clearInterval(showYourGames.timer);
  showYourGames.timer = setInterval(() => !box.hidden && !document.hidden && draw(), AGAIN_AFTER);
  return draw;
}

/** One game's line, asked of the server. */
async function line({ entry, item }, { enter, phaseOf, redraw }) {
  try {
    const summary = await glance(entry.token);
    summary.phase_words = await phaseOf(summary.ruleset, summary.phase).catch(() => phaseWords(summary.phase));
    note(entry.game, entry.seat, { summary, refused: undefined });
    fill(item, { ...entry, summary }, summary, null, { enter, redraw });
  } catch (error) {
    if (error.code === "bad_token") note(entry.game, entry.seat, { refused: true });
    fill(item, entry, entry.summary ?? null, error, { enter, redraw });
  }
}

/** A line's words and buttons, from the game's summary (or the last one kept, while asking). */
function fill(item, entry, summary, error, { enter, redraw } = {}) {
  const refused = error?.code === "bad_token" || (!error && entry.refused);
  const name = summary?.name || summary?.title || entry.game;
  const parts = [
    h("span", { class: "your-name" }, name),
    summary?.name ? h("span", { class: "your-scenario" }, summary.title) : null,
    h("span", { class: "your-seat" }, seatWords(summary, entry)),
    h("span", { class: "your-state" }, refused ? "This link no longer opens the seat: the umpire gave it a new one. Ask for it, or forget this game." : stateWords(summary, error)),
  ];
  const due = Boolean(summary && !summary.over && summary.must_act && !summary.order_in && !refused);
  item.dataset.due = String(due);
  item.dataset.over = String(Boolean(summary?.over));
  item.dataset.refused = String(Boolean(refused));
  const open = h("button", { type: "button", class: "enter", "data-enter": entry.game, disabled: refused || !enter }, parts);
  if (enter) open.onclick = () => enter(entry.token);
  const drop = h("button", { type: "button", class: "quiet forget", "data-forget": entry.game, "aria-label": `Forget ${name}` }, "Forget");
  drop.onclick = () => {
    if (!confirm(`Forget ${name} in this browser? You will need its link to open it again.`)) return;
    forget(entry.game, entry.seat);
    redraw?.();
  };
  item.replaceChildren(open, drop);
}

function seatWords(summary, entry) {
  if (entry.seat === "umpire") return "Umpire";
  if (entry.seat === "spectator") return summary?.behind !== null && summary?.behind !== undefined ? `Spectator, ${summary.behind} turns behind` : "Spectator";
  return summary?.seat_title || words(entry.seat);
}

/** Where the game stands for this seat: its orders due and by when, in, or how it ended. */
function stateWords(summary, error) {
  if (!summary) return error ? `Not reached just now: ${error.message}` : "Asking the server…";
  if (summary.over) {
    const all = Object.keys(summary.results || {}).length > 1 ? ` (${resultsWords(summary.results, summary.side_titles)})` : "";
    return `Game over: ${words(summary.result)}${all}. ${summary.reason || ""}`.trim();
  }
  const where = `Turn ${summary.turn} · ${summary.phase_words ?? phaseWords(summary.phase)}`;
  const by = summary.deadline ? ` by ${when(summary.deadline)} (${left(summary.deadline)})` : "";
  const waiting = summary.waiting?.length ? ` · waiting for ${summary.waiting.join(", ")}` : "";
  if (summary.seat === "umpire" || summary.seat === "spectator") {
    return `${where}${summary.held ? " · held for your release" : ""}${waiting}${by && !summary.held ? ` · orders due${by}` : ""}`;
  }
  if (summary.must_act && !summary.order_in) return `${where} · Your orders are due${by}${waiting}`;
  if (summary.must_act) return `${where} · Your orders are in${waiting}`;
  return `${where} · Nothing for you to order now`;
}

/** Games whose orders are due first, then those going on, then those over; else as kept. */
function sortLines(list) {
  if (!list) return;
  const rank = (item) => (item.dataset.due === "true" ? 0 : item.dataset.over === "true" ? 2 : 1);
  const items = [...list.children];
  items.sort((a, b) => rank(a) - rank(b));
  list.replaceChildren(...items);
}
