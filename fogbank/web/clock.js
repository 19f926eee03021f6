// Deadlines in words, as both pages show them: the server sends UTC times (ISO 8601); each
// browser shows them in its own time and counts down to them on its own clock.

/** An ISO time (UTC) in this browser's words. */
export function when(iso) {
  return new Date(iso).toLocaleString(undefined, { weekday: "short", hour: "2-digit", minute: "2-digit", day: "numeric", month: "short" });
}

/** How long is left until an ISO time, in words. */
export function left(iso) {
  const seconds = Math.round((Date.parse(iso) - Date.now()) / 1000);
  if (seconds <= 0) return "time is up";
  const d = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (d) return `${d} d ${hours} h left`;
  if (hours) return `${hours} h ${m} min left`;
  if (m) return `${m} min ${s} s left`;
  return `${s} s left`;
}
