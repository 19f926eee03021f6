// Supremacy at Sea in words, the same at a player's seat and in the umpire's console: the phases
// by the rules' numbers, the ships by their titles (never their names as orders give them,
// "graf_spee"), and an order as the game's notation writes it.

const PHASES = {
  write_moves: "1A write moves", execute_moves: "1B movement", searchlights: "2A searchlights",
  write_fire: "2B write fire", execute_fire: "2C fire", apply_damage: "2D damage", torpedoes: "3 torpedoes",
  cleanup: "4 smoke clears",
};

/** A phase by the rules' number and name: "2B write fire". */
export function phaseWords(phase) {
  return PHASES[phase] ?? String(phase ?? "").replaceAll("_", " ");
}

// Every ship on the table by name, from the chart (the rosters are open, 4.3) or a view.
const titles = new Map();

/** Learn the ships' titles: a welcome's chart (`ships`), or a view's ships and contacts. */
export function learnTitles(from) {
  for (const ship of [...(from?.chart?.ships || []), ...(from?.ships || []), ...(from?.contacts || [])]) {
    const name = ship.name ?? ship.ship;
    if (name && ship.title) titles.set(name, ship.title);
  }
}

/** A ship's title ("Admiral Graf Spee"), her name only before any chart or view named her. */
export function titleOf(ship) {
  return titles.get(ship) ?? ship;
}

const pad3 = (degrees) => String(degrees).padStart(3, "0");

/** A seat's order in words, a ship at a time: her move in the notation, her groups' targets, her
 * torpedo spreads, her searchlight's bearing. */
export function orderWords(given) {
  return Object.entries(given?.ships || {}).map(([ship, o]) => {
    const title = titleOf(ship);
    if ("move" in o) return `${title}: ${o.move || "stop"}`;
    if ("moves" in o) return `${title}: ${o.moves.map((m) => m || "stop").join(", then ")}`;
    if ("fire" in o) {
      const aims = o.fire.map((f) => `${f.group} guns at ${titleOf(f.target)}${f.guns ? ` (${f.guns} guns)` : ""}${f.half ? " (half salvo)" : ""}`);
      return `${title}: ${aims.join(", ") || "hold fire"}`;
    }
    if ("torpedoes" in o) return `${title}: ${o.torpedoes.map((t) => `${t.bank} bank ${pad3(t.course)}° ${t.spread}`).join(", ") || "no torpedoes"}`;
    return `${title}: searchlight ${pad3(o.searchlight)}°`;
  }).join("; ") || "standing orders";
}
