// Salvo orders and phases in words, the same on the umpire's record sheet and at a player's seat.

// Phase One is declared side by side, the side at a disadvantage first (turn.py's PHASES).
const PHASES = { sight_first: "first sighting", sight_second: "second sighting", movement: "movement", gunfire: "gunfire", damage_control: "damage control" };

/** A phase's name in the game's words: "Nothing to order in the first sighting phase". */
export function phaseWords(phase) {
  return PHASES[phase] ?? String(phase ?? "").replaceAll("_", " ");
}

/** A seat's order in words, whatever its phase (docs/payloads.md, Orders). */
export function orderWords(given) {
  if (!given) return "nothing";
  const parts = [];
  if (given.mines) parts.push(`mines ${given.mines.join(" ")}`);
  for (const [uid, hex] of Object.entries(given.starshells || {})) parts.push(`${uid} starshell ${hex}`);
  for (const [uid, n] of Object.entries(given.searchlights || {})) parts.push(`${uid} searchlight #${n}`);
  const moves = Object.entries(given.moves || {}).map(([uid, path]) => `${uid} ${path || "stop"}`);
  if (moves.length) parts.push(moves.join(", "));
  if (given.smoke?.length) parts.push(`smoke ${given.smoke.join(" ")}`);
  for (const dummy of given.dummies || []) parts.push(`dummy ${dummy.hex}${dummy.facing ?? ""} ${dummy.path ?? ""}`.trim());
  for (const [uid, n] of Object.entries(given.attacks || {})) parts.push(`${uid} attacks #${n}`);
  const fire = Object.entries(given.fire || {}).map(([uid, f]) => {
    const aims = [
      f.target !== undefined ? `#${f.target}` : null,
      f.secondary !== undefined ? `sec #${f.secondary}` : null,
      f.torpedo !== undefined ? `torp #${f.torpedo}` : null,
      f.spotter ? `spot ${f.spotter}` : null,
    ].filter(Boolean);
    return `${uid}→${aims.join(" ")}`;
  });
  if (fire.length) parts.push(fire.join(", "));
  return parts.join("; ") || "nothing";
}
