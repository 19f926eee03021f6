// The umpire's paperwork as HTML tables: the record sheet, the dice log and the game log, each
// drawn once from the record and then grown a row at a time; a seat's messages; who is at the
// table. What a ruleset adds (its sheet columns, its words for an order) comes from its module.

import { h } from "/web/dom.js";
import { copyButton, whole } from "/web/links.js";
import { eventWords, resultsWords, seatName, turnsBehind, unnamed, words } from "/web/words.js";

function table(className, headings, rows) {
  return h(
    "table",
    { class: className },
    h("thead", {}, h("tr", {}, headings.map((text) => h("th", { scope: "col" }, text)))),
    h("tbody", {}, rows),
  );
}

function told(record) {
  const seats = (record.audience || []).filter((seat) => seat !== "umpire");
  return seats.length ? seats : null;
}

/** An event on the record sheet, with whom it was told. `name`: a seat's name in words. */
function eventLine(record, name) {
  const seats = told(record)?.map(name).join(", ");
  return h(
    "li",
    { class: `event ${seats ? "told" : "umpire-only"} kind-${record.kind}` },
    eventWords(record),
    seats ? h("span", { class: "chip", title: `Told to ${seats}` }, seats) : null,
  );
}

/** A cell from what a column gives: text, a number, a Node, or {text, class, title}. */
function cell(name, value) {
  const given = value !== null && typeof value === "object" && !(value instanceof Node) ? value : { text: value };
  return h("td", { "data-column": name, class: given.class, title: given.title }, given.text ?? "");
}

/**
 * The record sheet: a row a resolved phase, and a last row for the phase open now. Columns: the
 * turn (and phase, for a ruleset with more than one), the ruleset's own, each seat's order, and
 * what happened. Rows are added as phases resolve; only the last row is ever drawn again.
 */
export class Sheet {
  constructor(container, { ruleset, seats, record, phase = (name) => name, name = words }) {
    this.container = container;
    this.name = name; // a seat's name in words
    this.ruleset = ruleset;
    this.record = record;
    const order = (seat) => (row) => {
      const given = row.orders?.[seat];
      if (given) return { text: ruleset.order(given, seat, row.phase), class: "order" };
      return { text: row.current ? "" : "—", class: "muted", title: "No order known: a standing order, or one the server did not say" };
    };
    this.columns = [
      { name: "turn", heading: "Turn", cell: (row) => ({ text: row.turn, class: "num" }) },
      ...(record.phases?.length > 1 ? [{ name: "phase", heading: "Phase", cell: (row) => (row.phase ? phase(row.phase) : "") }] : []),
      ...ruleset.columns,
      ...seats.map(({ seat }) => ({ name: `order-${seat}`, heading: `${name(seat)}'s order`, cell: order(seat) })),
    ];
    this.body = null;
    this.now = null; // the row of the phase open now
  }

  reset() {
    const headings = [...this.columns.map((column) => column.heading), "What happened"];
    const sheet = table("sheet", headings, this.record.rows.map((row) => this.row(row)));
    this.body = sheet.tBodies[0];
    this.now = null;
    this.container.replaceChildren(sheet);
  }

  append(rows) {
    for (const row of rows) this.body.insertBefore(this.row(row), this.now);
  }

  /** The last row: the phase open now, with its orders so far; or, once the game is over, the
   * phase it ended in if anything happened in it. `status` says which. */
  current(view, at, status, over) {
    const record = this.record;
    if (!this.body) return;
    const events = record.eventsOf(at.turn, at.phase);
    const resolved = record.rows.some((row) => record.key(row.turn, row.phase) === record.key(at.turn, at.phase));
    const row = view && !resolved && (!over || events.length) ? this.row({ ...at, orders: record.ordersIn, view, before: view, current: true }, status) : null;
    if (this.now) this.now.remove();
    this.now = row;
    if (row) this.body.append(row);
  }

  row(row, status = null) {
    const quiet = new Set(this.ruleset.quiet);
    const events = this.record.eventsOf(row.turn, row.phase).filter((event) => !quiet.has(event.kind));
    const shade = this.ruleset.shaded(row) ? " shaded" : "";
    return h(
      "tr",
      { "data-turn": row.turn, "data-phase": row.phase, class: (row.current ? "current" : "resolved") + shade },
      this.columns.map((column) => cell(column.name, column.cell(row))),
      h("td", { "data-column": "happened", class: "happened" }, status ? h("span", { class: "muted" }, status) : null, h("ul", {}, events.map((event) => eventLine(event, this.name)))),
    );
  }
}

/** The dice log: every roll, filtered by table. */
export class DiceLog {
  constructor(container, select) {
    this.container = container;
    this.select = select;
    this.counts = new Map();
    this.body = null;
    this.record = null;
    select.onchange = () => this.reset(this.record);
  }

  reset(record) {
    this.record = record;
    this.counts.clear();
    const rolls = record.log.filter((r) => r.type === "roll");
    for (const roll of rolls) this.counts.set(roll.table, (this.counts.get(roll.table) || 0) + 1);
    this.options();
    const only = this.select.value;
    const dice = table("dice", ["#", "Turn", "Table", "Dice", "Modifiers", "Total", "Outcome", "Key"], rolls.filter((r) => !only || r.table === only).map(rollRow));
    this.body = dice.tBodies[0];
    this.container.replaceChildren(dice);
  }

  append(records) {
    const rolls = records.filter((r) => r.type === "roll");
    if (!rolls.length) return;
    for (const roll of rolls) this.counts.set(roll.table, (this.counts.get(roll.table) || 0) + 1);
    this.options();
    const only = this.select.value;
    this.body.append(...rolls.filter((r) => !only || r.table === only).map(rollRow));
  }

  options() {
    const chosen = this.select.value;
    const tables = [...this.counts.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
    const total = tables.reduce((sum, [, n]) => sum + n, 0);
    this.select.replaceChildren(
      h("option", { value: "" }, `all tables (${total})`),
      ...tables.map(([name, n]) => h("option", { value: name }, `${name.replaceAll("_", " ")} (${n})`)),
    );
    this.select.value = this.counts.has(chosen) ? chosen : "";
  }
}

function rollRow(roll) {
  return h(
    "tr",
    { "data-table": roll.table },
    h("td", { class: "num" }, roll.index),
    h("td", { class: "num" }, roll.turn),
    h("td", {}, roll.table.replaceAll("_", " ")),
    h("td", { class: "dice" }, roll.dice.map((d) => h("span", { class: "die", title: `d${roll.sides}` }, d))),
    h("td", {}, roll.modifiers.length ? roll.modifiers.map((m) => `${m.value > 0 ? "+" : ""}${m.value} ${m.reason}`).join("; ") : "—"),
    h("td", { class: "num total" }, roll.total),
    h("td", { class: `outcome outcome-${roll.outcome}` }, roll.outcome),
    h("td", { class: "key muted" }, roll.key),
  );
}

/** One end's results in words: per side, by the sides' titles, where the server gives them. */
export function results(end, titles) {
  return resultsWords(end.results, titles) || end.result || "ended";
}

/** The game log: inputs, events and the end, newest last (rolls are in the dice log). */
export class GameLog {
  constructor(container, ruleset, phase = (name) => name, name = words, titles = {}) {
    this.container = container;
    this.titles = titles; // each side's title, by its id
    this.ruleset = ruleset;
    this.phase = phase; // a phase's name in the game's words
    this.name = name; // a seat's
    this.body = null;
  }

  reset(record) {
    const log = table("log", ["Turn", "From", "What happened", "Told to"], record.log.map((r) => this.row(r)).filter(Boolean));
    this.body = log.tBodies[0];
    this.container.replaceChildren(log);
  }

  append(records) {
    this.body.append(...records.map((r) => this.row(r)).filter(Boolean));
  }

  /** A record in words: who gave an input, or what the rules or the umpire made happen (the
   * ruleset's own words, as the log keeps them) and who was told. */
  row(record) {
    const turn = h("td", { class: "num" }, record.turn ?? "");
    const line = (attributes, from, text, toldTo, kind) =>
      h("tr", attributes, turn, h("td", { class: "from" }, from), h("td", { title: kind }, text), h("td", { class: "told-to" }, toldTo));
    switch (record.type) {
      case "input":
        return line({ class: `input input-${record.input}` }, ["order", "pass", "ask"].includes(record.input) ? this.name(record.seat) : "umpire", this.input(record), "", record.input);
      case "end":
        return line({ class: "end" }, "", `${results(record, this.titles)}: ${record.reason} Seed ${record.seed}`, "everyone", "end");
      case "event": {
        const seats = told(record);
        return line(
          { class: `event kind-${record.kind} ${seats ? "told" : "umpire-only"}` },
          "",
          eventWords(record),
          seats ? seats.map(this.name).join(", ") : h("span", { class: "muted" }, "umpire only"),
          record.kind.replaceAll("_", " "),
        );
      }
      case "message": // a stream message to the umpire (an answer, an amendment, a narrative)
        return line({ class: `message type-${record.message.type}` }, "", messageWords(record.message, this.ruleset), "umpire", record.message.type);
      default:
        return null;
    }
  }

  input(record) {
    const phases = record.phases ? ` (${record.phases.map(this.phase).join(", ")})` : "";
    switch (record.input) {
      case "order":
        return `Order from ${this.name(record.seat)}: ${unnamed(this.ruleset.order(record.order || {}, record.seat, record.phase), this.name(record.seat))}`;
      case "pass":
        return `${this.name(record.seat)} had nothing to order: passed over, under the standing order`;
      case "amend":
        return `Umpire amends ${this.name(record.seat)}'s order to ${this.ruleset.order(record.order || {}, record.seat, record.phase)}, because: ${record.reason}`;
      case "ask":
        return `Question from ${this.name(record.seat)}: ${words(record.question ?? record.payload)}`;
      case "override":
        return `Umpire override: ${words(record.override)}, because: ${record.reason}`;
      case "narrate":
        return `Umpire to ${this.name(record.seat)}: “${record.text}”`;
      case "hold":
        return record.held ? `Umpire holds for release${phases}` : `Umpire stops holding${phases}`;
      case "release":
        return "Umpire releases the turn";
      case "end":
        return `Umpire ends the game: ${record.reason}`;
      default:
        return record.input;
    }
  }
}

/** A narrative, answer or amendment message in words (an order in the ruleset's). */
export function messageWords(message, ruleset) {
  switch (message.type) {
    case "narrative":
      return `“${message.text}”`;
    case "answer":
      return `Asked ${words(message.question)}; answered ${words(message.answer)}`;
    case "amended":
      return `Order amended to ${ruleset.order(message.order || {}, message.seat, message.phase)}, because: ${message.reason}${message.note ? ` (${message.note})` : ""}`;
    default:
      return words(message.type);
  }
}

function summary(message, ruleset, { titles, phase: phaseName, name }) {
  switch (message.type) {
    case "observation":
    case "snapshot":
      return ruleset.seatSummary(message.view);
    case "status": {
      const phase = message.cycle ? `${phaseName(message.phase)}, ${message.cycle}` : phaseName(message.phase);
      const waiting = message.waiting_for ? `; waiting for ${message.waiting_for.map(name).join(", ") || "nobody"}` : "";
      return h("div", {}, `Turn ${message.turn} ${phase}${waiting}${message.held ? "; held by the umpire" : ""}`);
    }
    case "game_over":
      return h("div", {}, `${results(message, titles)}: ${message.reason} Seed ${message.seed}`);
    default:
      return h("div", { class: message.type }, messageWords(message, ruleset));
  }
}

/** What a seat was sent, newest first: a summary each, and the message exactly as sent.
 * `words`: {titles (each side's), phase (a phase's name), name (a seat's)}, in words. */
export function seatMessages(seat, messages, ruleset, { titles = {}, phase = words, name = words } = {}) {
  if (!messages.length) return h("p", { class: "muted" }, `Nothing has been sent to ${seat} yet.`);
  return h(
    "ol",
    { class: "seat-messages", reversed: true },
    [...messages].reverse().map((message) =>
      h(
        "li",
        { class: `seat-message type-${message.type}`, "data-seq": message.seq },
        h("div", { class: "message-head" }, h("span", { class: "seq" }, `#${message.seq}`), h("span", { class: "type" }, message.type.replace("_", " ")), message.turn ? h("span", { class: "muted" }, `turn ${message.turn}`) : null),
        summary(message, ruleset, { titles, phase, name }),
        h("details", {}, h("summary", {}, "as sent"), h("pre", {}, JSON.stringify(message, null, 1))),
      ),
    ),
  );
}

function ago(iso) {
  if (!iso) return "never";
  const seconds = Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 1000));
  if (seconds < 60) return `${seconds}s ago`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min ago`;
  return new Date(iso).toLocaleString();
}

/** The games this token opens, and who is present at each. `actions`: the umpire's controls for
 * the game open here (a seat's new link, a built-in player), with `made`, the links made in this
 * tab, and `asking`, the seat whose new link waits to be confirmed; none: the table only.
 * `phase`: a phase's name in the game's words; `titles`: each side's title, by its id. */
export function gameList(games, current, actions = null, phase = (name) => name, titles = {}) {
  return games.map((game) => (game.engagement ? linkedGame(game) : gameEntry(game, current, actions, phase, titles)));
}

/** A battle this game handed to a game of its own: its state, its console, or why it failed. */
function linkedGame(game) {
  const where = game.game ? ` game ${game.game}${game.turn ? ` · turn ${game.turn}` : ""}${game.cycle ? ` · ${game.cycle}` : ""}` : "";
  return h(
    "div",
    { class: "game linked", "data-game": game.game || "" },
    h("div", { class: "game-head" }, h("strong", {}, `Battle ${game.engagement}`), `${where} · ${game.link}`),
    game.umpire ? h("a", { href: game.umpire, target: "_blank", rel: "noopener" }, "its umpire's console") : "",
    game.error ? h("p", { class: "error" }, `${game.error.sentence} (${game.error.code}); settle it by override.`) : "",
  );
}

function gameEntry(game, current, actions, phase, titles) {
  const mine = actions && game.game === current;
  const ended = game.cycle === "ended";
  const headings = ["Seat", ...(mine ? ["Link"] : []), "Connected", "Last seen", "Orders", ...(mine ? ["Missed", "Played by"] : [])];
  return h(
    "div",
    { class: `game${game.game === current ? " current" : ""}`, "data-game": game.game },
    h("div", { class: "game-head" }, h("strong", {}, game.title ?? words(game.scenario)), ` game ${game.game} · turn ${game.turn} · ${[...new Set([game.phase && phase(game.phase), game.cycle].filter(Boolean))].join(", ")}${game.held ? " · held" : ""}`),
    h("div", { class: "roster-wrap" }, table("presence", headings, game.seats.map((seat) => seatRow(seat, mine ? actions : null, ended, titles)))),
    mine ? spectatorsLine(game, actions, ended) : null,
  );
}

function seatRow(seat, actions, ended, titles = {}) {
  const side = titles[seat.side] ?? words(seat.side);
  const who = seat.title ? `${seat.title} (${side})` : seatName([seat], seat.seat);
  const cells = [
    h("td", { title: who }, seatName([seat], seat.seat)),
    actions ? h("td", { class: "link-cell" }, linkCell(actions.made[seat.seat], who, seat.seat), " ", renewButton(seat.seat, seatName([seat], seat.seat), actions, ended)) : null,
    h("td", { class: seat.connected > 0 ? "yes" : "no" }, seat.connected > 0 ? `yes${seat.connected > 1 ? ` (${seat.connected})` : ""}` : "no"),
    h("td", { title: seat.last_seen || "" }, ago(seat.last_seen)),
    h("td", { class: seat.orders_in ? "yes" : "no" }, seat.orders_in ? "in" : "not in"),
  ];
  if (actions) {
    const hand = h("button", { type: "button", class: "quiet", "data-stand-in": seat.seat, disabled: ended }, seat.bot ? "Take back" : "Hand to a built-in player");
    hand.onclick = () => actions.standIn(seat.seat, !seat.bot);
    cells.push(
      h("td", { class: seat.missed ? "no" : "" }, seat.missed ? `${seat.missed} deadline${seat.missed > 1 ? "s" : ""}` : ""),
      h("td", {}, h("div", {}, seat.bot ? "built-in player" : "player"), hand),
    );
  }
  return h("tr", { "data-seat": seat.seat, "data-bot": String(Boolean(seat.bot)) }, cells);
}

/** A seat's link, once made in this tab; the server keeps only its token's hash, so a link is
 * shown when it is made (on the games page, or here by "New link") and never again. */
function linkCell(path, who, seat) {
  if (!path) return h("span", { class: "muted", title: "The server keeps no link: only a new one can be shown" }, "given when made");
  const link = whole(path);
  return h("span", { class: "link" }, h("input", { type: "text", readonly: true, value: link, "aria-label": `${who}: link`, spellcheck: "false" }), copyButton(link, who, { "data-copy": seat }));
}

/** A seat's "New link" button. Its old link opens nothing once a new one is given, and whoever
 * plays by it is cut off at once: the button asks first, in so many words (the question is kept in
 * `actions.asking`, apart from the table, which is drawn again every few seconds). */
function renewButton(seat, who, actions, ended) {
  if (actions.asking === seat && !ended) {
    const cut = seat === "spectator" ? "every spectator watching by the old link is cut off" : "whoever plays by the old link is cut off";
    const yes = h("button", { type: "button", class: "danger", "data-reissue-confirm": seat }, "Cut it off: a new link");
    const no = h("button", { type: "button", class: "quiet", "data-reissue-cancel": seat }, "Cancel");
    yes.onclick = () => actions.reissue(seat, who);
    no.onclick = () => actions.ask(null);
    return h("span", { class: "confirm reissue-confirm", role: "alert", "data-reissue-asked": seat }, `A new link for ${who}: ${cut} at once, until you send the new one. `, yes, " ", no);
  }
  const renew = h("button", { type: "button", class: "quiet", "data-reissue": seat, disabled: ended, title: "The old link stops working at once" }, "New link");
  renew.onclick = () => actions.ask(seat);
  return renew;
}

function spectatorsLine(game, actions, ended) {
  const open = game.spectator_delay !== null && game.spectator_delay !== undefined;
  const renew = renewButton("spectator", "the spectators", actions, ended);
  return h(
    "p",
    { class: "spectators", "data-open": String(open) },
    h("b", {}, "Spectators: "),
    open ? `open, ${turnsBehind(game.spectator_delay)}. ` : "closed. ",
    linkCell(actions.made.spectator, "Spectators", "spectator"),
    " ",
    renew,
  );
}
