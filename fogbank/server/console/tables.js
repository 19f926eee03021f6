// The umpire's paperwork as HTML tables: record sheet, dice log, game log, a seat's messages,
// and who is at the table. Built with DOM calls and textContent only.

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

export function hour(time) {
  return time ? time.slice(11, 16) : "";
}

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

function eventLine(record) {
  const seats = told(record);
  return h(
    "li",
    { class: `event ${seats ? "told" : "umpire-only"} kind-${record.kind}` },
    record.text,
    seats ? h("span", { class: "chip", title: `Told to ${seats.join(", ")}` }, seats.join(", ")) : null,
  );
}

function torpedoes(boat) {
  return `${boat.loaded}/${boat.tubes} + ${boat.spare}`;
}

function lastOf(list) {
  return list && list.length ? list[list.length - 1] : "";
}

/** One row a turn, and a last row for the turn being ordered now (overrides made so far...). */
export function recordSheet(turns, log, current) {
  const events = new Map();
  for (const record of log) {
    if (record.type !== "event" || record.kind === "boat_moved") continue;
    if (!events.has(record.turn)) events.set(record.turn, []);
    events.get(record.turn).push(record);
  }
  const rows = turns.map((turn) => {
    const view = turn.view;
    const boat = view.boat;
    const order = Object.values(turn.orders)[0] || {};
    const level = order.level && order.level !== boat.level ? `${order.level} → ${boat.level}` : boat.level;
    const fire = order.fire ? ` · fire ${order.fire.torpedoes ?? 1} at c${order.fire.target} ${order.fire.direction}` : "";
    return h(
      "tr",
      { "data-turn": turn.turn, class: turn.night ? "night" : "day" },
      h("td", { class: "num" }, turn.turn),
      h("td", {}, hour(turn.time)),
      h("td", { class: "daynight", title: turn.night ? "night" : "day" }, turn.night ? "night" : "day"),
      h("td", { class: "square true-square" }, boat.square),
      h("td", { class: "square" }, lastOf(view.plotted_track)),
      h("td", {}, order.course ?? ""),
      h("td", { class: "num" }, order.speed ?? ""),
      h("td", {}, level),
      h("td", { class: "num" }, boat.air),
      h("td", { class: "num" }, boat.battery),
      h("td", { class: "num", title: "loaded/tubes + spare" }, torpedoes(boat)),
      h("td", { class: "happened" }, h("ul", {}, (events.get(turn.turn) || []).map(eventLine)), fire ? h("span", { class: "fire" }, fire) : null),
    );
  });
  const resolved = new Set(turns.map((turn) => turn.turn));
  // The turn being ordered; or, once the game is over, the turn it ended in if things happened.
  if (current && !resolved.has(current.turn) && (current.outcome === null || events.has(current.turn))) {
    const boat = current.boat;
    rows.push(
      h(
        "tr",
        { "data-turn": current.turn, class: "current" },
        h("td", { class: "num" }, current.turn),
        h("td", {}, hour(current.time)),
        h("td", { class: "daynight" }, current.night ? "night" : "day"),
        h("td", { class: "square true-square" }, boat.square),
        h("td", { class: "square" }, lastOf(current.plotted_track)),
        h("td", { colspan: 3, class: "muted" }, current.outcome === null ? "being ordered" : "not resolved"),
        h("td", { class: "num" }, boat.air),
        h("td", { class: "num" }, boat.battery),
        h("td", { class: "num" }, torpedoes(boat)),
        h("td", { class: "happened" }, h("ul", {}, (events.get(current.turn) || []).map(eventLine))),
      ),
    );
  }
  return table(
    "sheet",
    ["Turn", "Time", "", "True", "Plotted", "Course", "Speed", "Level", "Air", "Battery", "Torpedoes", "What happened"],
    rows,
  );
}

export function diceTables(log) {
  const counts = new Map();
  for (const record of log) if (record.type === "roll") counts.set(record.table, (counts.get(record.table) || 0) + 1);
  return [...counts.entries()].sort();
}

export function diceLog(log, only) {
  const rows = log
    .filter((record) => record.type === "roll" && (!only || record.table === only))
    .map((roll) =>
      h(
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
      ),
    );
  return table("dice", ["#", "Turn", "Table", "Dice", "Modifiers", "Total", "Outcome", "Key"], rows);
}

function describeInput(record) {
  switch (record.input) {
    case "order": {
      const o = record.order || {};
      return `Order from ${record.seat}: ${o.course ?? "N"} ${o.speed ?? 0}, ${o.level}${o.fire ? `, fire at contact ${o.fire.target}` : ""}`;
    }
    case "override":
      return `Umpire override ${JSON.stringify(record.override)}, because: ${record.reason}`;
    case "narrate":
      return `Umpire to ${record.seat}: “${record.text}”`;
    case "hold":
      return record.held ? "Umpire holds turns for release" : "Umpire stops holding turns";
    case "release":
      return "Umpire releases the turn";
    case "end":
      return `Umpire ends the game: ${record.reason}`;
    default:
      return record.input;
  }
}

/** The game's log: inputs and events, newest last (rolls are in the dice log). */
export function gameLog(log) {
  const rows = log
    .filter((record) => record.type === "input" || record.type === "event" || record.type === "end")
    .map((record) => {
      if (record.type === "input") {
        return h("tr", { class: `input input-${record.input}` }, h("td", { class: "num" }, record.turn), h("td", {}, "input"), h("td", {}, describeInput(record)), h("td", {}, "umpire"));
      }
      if (record.type === "end") {
        return h("tr", { class: "end" }, h("td", { class: "num" }, record.turn), h("td", {}, "end"), h("td", {}, `${record.result}: ${record.reason} Seed ${record.seed}`), h("td", {}, "everyone"));
      }
      return h(
        "tr",
        { class: `event kind-${record.kind} ${told(record) ? "told" : "umpire-only"}` },
        h("td", { class: "num" }, record.turn),
        h("td", {}, record.kind.replaceAll("_", " ")),
        h("td", {}, record.text),
        h("td", {}, (record.audience || []).join(", ")),
      );
    });
  return table("log", ["Turn", "What", "Text", "Told to"], rows);
}

function summary(message) {
  switch (message.type) {
    case "observation":
    case "snapshot": {
      const v = message.view;
      const reports = (v.reports || []).map((r) => h("li", {}, r.text));
      return [
        h("div", { class: "gauges" }, `${hour(v.time)} ${v.night ? "night" : "day"} · ${v.level} · air ${v.air} · battery ${v.battery} · tubes ${v.loaded}/${v.tubes} + ${v.spare} · plotted ${v.plotted}`),
        reports.length ? h("ul", { class: "reports" }, reports) : h("div", { class: "muted" }, "No reports."),
      ];
    }
    case "narrative":
      return h("div", { class: "narrative" }, `“${message.text}”`);
    case "status":
      return h("div", {}, `Turn ${message.turn} ${message.phase}; waiting for ${message.waiting_for.join(", ") || "nobody"}${message.held ? "; held by the umpire" : ""}`);
    case "game_over":
      return h("div", {}, `${message.result}: ${message.reason} Seed ${message.seed}`);
    default:
      return h("div", {}, message.type);
  }
}

/** What a seat was sent, newest first: a summary each, and the message exactly as sent. */
export function seatMessages(seat, messages) {
  if (!messages.length) return h("p", { class: "muted" }, `Nothing has been sent to ${seat} yet.`);
  return h(
    "ol",
    { class: "seat-messages", reversed: true },
    [...messages].reverse().map((message) =>
      h(
        "li",
        { class: `seat-message type-${message.type}`, "data-seq": message.seq },
        h("div", { class: "message-head" }, h("span", { class: "seq" }, `#${message.seq}`), h("span", { class: "type" }, message.type.replace("_", " ")), message.turn ? h("span", { class: "muted" }, `turn ${message.turn}`) : null),
        summary(message),
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

export function gameList(games, current) {
  return games.map((game) =>
    h(
      "div",
      { class: `game${game.game === current ? " current" : ""}`, "data-game": game.game },
      h("div", { class: "game-head" }, h("strong", {}, game.scenario), ` game ${game.game} · turn ${game.turn} · ${game.phase}${game.held ? " · held" : ""}`),
      table(
        "presence",
        ["Seat", "Connected", "Last seen", "Orders"],
        game.seats.map((seat) =>
          h(
            "tr",
            { "data-seat": seat.seat },
            h("td", {}, seat.seat),
            h("td", { class: seat.connected > 0 ? "yes" : "no" }, seat.connected > 0 ? `yes${seat.connected > 1 ? ` (${seat.connected})` : ""}` : "no"),
            h("td", { title: seat.last_seen || "" }, ago(seat.last_seen)),
            h("td", { class: seat.orders_in ? "yes" : "no" }, seat.orders_in ? "in" : "not in"),
          ),
        ),
      ),
    ),
  );
}
