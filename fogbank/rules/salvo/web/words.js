// Salvo orders and phases in words, the same on the umpire's record sheet and at a player's seat.

// Phase One is declared side by side, the side at a disadvantage first (turn.py's PHASES).
// Phase One (a report's, before either side declares) is the rules' name for the whole of it.
const PHASES = { phase_one: "Phase One", sight_first: "first sighting", sight_second: "second sighting", movement: "movement", gunfire: "gunfire", damage_control: "damage control" };

/** A phase's name in the game's words: "Nothing to order in the first sighting phase". */
export function phaseWords(phase) {
  return PHASES[phase] ?? String(phase ?? "").replaceAll("_", " ");
}

// What an order that names nothing means, by phase (docs/payloads.md: a ship not named holds
// course and speed in the movement phase, and holds fire in gunfire).
const NOTHING = { movement: "all ships hold course and speed", gunfire: "all ships hold fire" };

// Ships' names by id, learnt from every view a page draws: an order names its ships by id
// (docs/payloads.md), a player reads them by name ("San Francisco", not "CA1").
const names = new Map();

/** Remember the names of the units a view shows (a seat's own and friends, or the umpire's all). */
export function learnNames(view) {
  for (const u of [...(view?.ships || []), ...(view?.friends || []), ...(view?.units || [])]) if (u?.id && u.name) names.set(u.id, u.name);
}

/** A unit's name in words, its id until a view has named it. */
export function shipName(uid) {
  return names.get(uid) ?? uid;
}

// What the welcome tells a page once: what each facing letter means (the chart's `facings`, the
// rules' lettering), and each side's and seat's title, so no page names one by its id.
const told = { facings: {}, sides: {}, seats: [] };

/** Learn the chart's facings and the sides' and seats' titles from a welcome. */
export function learnWelcome(welcome) {
  if (welcome?.chart?.facings) told.facings = welcome.chart.facings;
  if (welcome?.side_titles) told.sides = welcome.side_titles;
  if (welcome?.seats) told.seats = welcome.seats;
}

/** A facing letter's way in compass points ("E" -> "SW"), from the chart's words for it. */
export function compass(letter) {
  const way = told.facings[letter];
  return way ? way.split("-").map((word) => word[0].toUpperCase()).join("") : "";
}

/** A facing in words: "E (south-west)". */
export function facingWords(letter) {
  const way = told.facings[letter];
  return way ? `${letter} (${way})` : String(letter ?? "");
}

/** The wind, as the scenario gives it (the hexside it blows from): "from the north-east (B)". */
export function windWords(letter) {
  const way = told.facings[letter];
  return way ? `from the ${way} (${letter})` : String(letter ?? "");
}

/** A course as the tables show it: the facing letter glossed, then speed (and top speed): "E (SW) 4/5". */
export function courseWords(letter, speed, most = null) {
  const way = compass(letter);
  return `${letter ?? ""}${way ? ` (${way})` : ""} ${speed}${most === null ? "" : `/${most}`}`.trim();
}

/** A side by its title ("the United States"), its id only before a welcome came. */
export function sideName(side) {
  return told.sides[side] ?? String(side ?? "").replaceAll("_", " ");
}

/** A seat by its short title ("Rear-Admiral Goto"), as the console names seats. */
export function seatName(seat) {
  const title = told.seats.find((s) => s.seat === seat)?.title;
  return title ? title.split(/[:,]/)[0].trim() : String(seat ?? "").replaceAll("_", " ");
}

/** Whoever keeps a picture of the sea: a side sharing one plot, or a seat on its own. */
export function observerName(who) {
  return who in told.sides ? sideName(who) : seatName(who);
}

/** A name's possessive: "the Allies'", "Rear-Admiral Goto's". */
export function possessive(name) {
  return name.endsWith("s") ? `${name}'` : `${name}'s`;
}

/** A unit as a person reads it: a ship by her name, a dummy as a dummy (its id is the game's own). */
export function unitName(unit) {
  if (!unit) return "";
  return unit.kind === "dummy" || unit.dummy ? "a dummy" : unit.name ?? shipName(unit.id);
}

// What each aim of a gunfire order fires (docs/payloads.md, fire).
const AIMS = { target: "guns", secondary: "secondaries", torpedo: "torpedoes" };

/** One ship's gunfire order in words: "guns at #3, secondaries at #2, spotted by Queen Elizabeth". */
export function aimWords(f) {
  const aims = Object.entries(AIMS).filter(([key]) => f[key] !== undefined).map(([key, what]) => `${what} at #${f[key]}`);
  if (f.spotter) aims.push(`spotted by ${shipName(f.spotter)}`);
  return aims.join(", ") || "holds fire";
}

/** A seat's order in words, whatever its phase (docs/payloads.md, Orders); `phase`, where the
 * page knows it, says what the ships an order does not name do. */
export function orderWords(given, seat, phase) {
  if (!given || !Object.values(given).some(named)) return NOTHING[phase] ?? "nothing";
  const parts = [];
  if (given.mines) parts.push(`mines ${given.mines.join(" ")}`);
  for (const [uid, hex] of Object.entries(given.starshells || {})) parts.push(`${shipName(uid)} starshell over ${hex}`);
  for (const [uid, n] of Object.entries(given.searchlights || {})) parts.push(`${shipName(uid)} searchlight on #${n}`);
  const moves = Object.entries(given.moves || {}).map(([uid, path]) => `${shipName(uid)} ${path || "stops dead"}`);
  if (moves.length) parts.push(moves.join(", ") + (phase === "movement" ? ", the rest hold course and speed" : ""));
  if (given.smoke?.length) parts.push(`smoke from ${given.smoke.map(shipName).join(", ")}`);
  for (const dummy of given.dummies || []) parts.push(`a new dummy at ${dummy.hex}${dummy.facing ? `, facing ${facingWords(dummy.facing)}` : ""}${dummy.path ? `: ${dummy.path}` : ""}`);
  for (const [uid, n] of Object.entries(given.attacks || {})) parts.push(`${shipName(uid)} attacks #${n}`);
  const fire = Object.entries(given.fire || {}).map(([uid, f]) => `${shipName(uid)}: ${aimWords(f)}`);
  if (fire.length) parts.push(fire.join("; "));
  return parts.join("; ") || "nothing";
}

/** Whether an order's field names anything (an empty list or map names nothing). */
function named(value) {
  return value !== null && value !== undefined && (typeof value !== "object" || Object.keys(value).length > 0);
}
