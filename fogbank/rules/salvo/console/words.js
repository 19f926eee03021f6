// Salvo orders in words, the same on the umpire's record sheet and at a player's seat.

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
