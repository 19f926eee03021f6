// Words for what a page shows that no ruleset module put in words: a payload map (a question, an
// override) and a phase's name. A player and the umpire read these, never a payload's JSON.

/** A payload map in words: "move unit: unit B1, hex 1709"; lists joined, nothing quoted. */
export function words(payload) {
  if (payload === null || payload === undefined) return "";
  if (Array.isArray(payload)) return payload.map(words).join(", ") || "none";
  if (typeof payload !== "object") return String(payload).replaceAll("_", " ");
  const { kind, ...fields } = payload;
  const parts = Object.entries(fields).map(([name, value]) => `${name.replaceAll("_", " ")} ${typeof value === "object" && value !== null ? `(${words(value)})` : words(value)}`);
  return [kind ? words(kind) : null, parts.join(", ")].filter(Boolean).join(": ");
}

/** A seat's short name, for tables, buttons and lists: its title up to the first colon or comma
 * ("Vice-Admiral de Robeck, Line A: ..." -> "Vice-Admiral de Robeck"), else its name in words.
 * `seats`: [{seat, title}], as the welcome lists them. */
export function seatName(seats, seat) {
  if (seat === "umpire") return "the umpire";
  const title = seats.find((s) => s.seat === seat)?.title;
  return title ? title.split(/[:,]/)[0].trim() : words(seat);
}

/** A seat that is one ship is named by her: her orders' words need not name her again
 * ("Admiral Graf Spee: A13", not "Admiral Graf Spee: Admiral Graf Spee A13"). */
export function unnamed(text, seat) {
  const rest = text.startsWith(seat) ? text.slice(seat.length).replace(/^:?\s+/, "") : text;
  return rest && !rest.includes(";") ? rest : text;
}

/** Every side's result, each side named by the title its ruleset gives it (`titles`: side ->
 * title, as the welcome's `side_titles`), never by its id: "the United States: defeat; Japan:
 * victory". Titles may hold commas ("Royal Navy, Force G"): sides are parted by semicolons. */
export function resultsWords(results, titles) {
  return Object.entries(results || {}).map(([side, result]) => `${titles?.[side] ?? words(side)}: ${words(result)}`).join("; ");
}

/** How far behind the game spectators are shown it: "1 turn behind", "3 turns behind". */
export function turnsBehind(turns) {
  return `${turns} turn${turns === 1 ? "" : "s"} behind`;
}

/** A sentence's first letter made a capital ("the submarine's captain ..." -> "The ..."). */
export function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A phase's name as words, where its ruleset gives none of its own: "sight_first" -> "sight first". */
export function phaseWords(phase) {
  return String(phase ?? "").replaceAll("_", " ");
}

/** Where the game stands, for a page's header: "Turn 7 · movement". Once it is over, the last
 * turn played: the engine moves the clock on as the last phase resolves, so a game that ended there
 * stands at the next turn's first phase, where nothing happened ("Game over after turn 24", not
 * "Turn 25 · write moves"). `phases`: the game's, in order; `name`: a phase's name in words. */
export function clockWords(turn, phase, { phases = null, over = false, name = phaseWords } = {}) {
  if (!over) return [`Turn ${turn}`, phase ? name(phase) : null].filter(Boolean).join(" · ");
  const first = !phases?.length || !phase || phase === phases[0]; // a spectator's turn is shown as it opened
  if (first) return turn > 1 ? `Game over after turn ${turn - 1}` : "Game over";
  return `Game over in turn ${turn}, ${name(phase)}`;
}

/** A log event in words: the words its log keeps, or where its ruleset had none (the text is the
 * bare kind), the engine's own from the event's fields. */
export function eventWords(record) {
  if (record.text && record.text !== record.kind) return record.text;
  switch (record.kind) {
    case "game_ended":
      return `The game ended: ${record.reason}`;
    case "override":
      return `Umpire override: ${record.what} (${record.reason})`;
    default:
      return words(record.kind);
  }
}
