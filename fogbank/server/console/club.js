// The club's controls for a game played over days: its deadlines (every phase's, a phase's own,
// and the one now running, which can be put later), its spectators (how many turns behind, or
// none) and its nudges (a chat's webhook, each seat's e-mail). Filled in from the `games` reply
// once, then only its words kept up to date, so nothing the umpire is typing is overwritten. What
// became of each destination's last nudge (sent, or why not) is told in words under the form.

import { left, when } from "/web/clock.js";
import { h } from "/web/dom.js";
import { turnsBehind } from "/web/words.js";

const $ = (id) => document.getElementById(id);
const DELAYS = [null, 0, 1, 2, 3, 4, 6];

export class Club {
  constructor(game, { ask, refreshGames }) {
    this.game = game;
    this.ask = ask;
    this.refreshGames = refreshGames;
    this.filled = null; // the game whose settings the forms were filled from
    $("deadlines").onsubmit = (event) => this.setDeadlines(event);
    $("extend").onclick = () => this.extend();
    $("spectate").onsubmit = (event) => this.spectate(event);
    $("nudges").onsubmit = (event) => this.saveNudges(event);
    $("spectate-delay").replaceChildren(
      ...DELAYS.map((turns) => h("option", { value: turns === null ? "" : String(turns) }, turns === null ? "not at all (closed)" : turns === 0 ? "as it stands, no delay" : turnsBehind(turns))),
    );
    setInterval(() => this.renderNow(), 1000);
  }

  /** The game's entry in the `games` reply: the forms filled on first sight, the words always. */
  show(entry) {
    this.entry = entry;
    if (!entry) return;
    if (this.filled !== entry.game) {
      this.filled = entry.game;
      this.fill(entry);
    }
    this.renderNow();
  }

  unit() {
    return Number($("deadline-unit").value);
  }

  fill(entry) {
    const limits = entry.deadlines || { every: null, phases: {} };
    const all = [limits.every, ...Object.values(limits.phases || {})].filter((s) => s);
    const unit = all.length ? ([86400, 3600, 60].find((u) => all.every((s) => s % u === 0)) ?? 60) : 3600;
    $("deadline-unit").value = String(unit);
    $("deadline-every").value = limits.every ? String(limits.every / unit) : "";
    const phases = this.game.phases || [];
    $("deadline-phases-box").hidden = phases.length < 2;
    $("deadline-phases").replaceChildren(
      ...phases.map((phase) => {
        const own = limits.phases?.[phase];
        const value = own === undefined ? "" : own === null ? "0" : String(own / unit);
        return h("label", {}, this.game.phaseWords(phase), h("input", { type: "number", min: "0", step: "1", "data-phase": phase, value, placeholder: "as every phase" }));
      }),
    );
    $("spectate-delay").value = entry.spectator_delay === null || entry.spectator_delay === undefined ? "" : String(entry.spectator_delay);
    $("webhook").value = entry.webhook || "";
    $("addresses").replaceChildren(
      ...entry.seats.map((seat) =>
        h("label", {}, `Nudges for ${seat.title || seat.seat} (e-mail or webhook; the player may set their own)`, h("input", { type: "text", "data-address": seat.seat, value: seat.address || "", placeholder: "none", spellcheck: "false" })),
      ),
    );
  }

  /** The deadline now running, counted down. */
  renderNow() {
    const entry = this.entry;
    if (!entry) return;
    const due = entry.deadline;
    $("deadline-now").textContent = due ? `This phase's orders are due ${when(due)} (${left(due)}).` : "The phase now open has no deadline.";
    $("extend").disabled = !due || entry.cycle === "ended";
    $("nudged").replaceChildren(...(entry.nudged || []).map(nudgedWords));
  }

  async setDeadlines(event) {
    event.preventDefault();
    const unit = this.unit();
    const every = $("deadline-every").value ? Math.round(Number($("deadline-every").value) * unit) : null;
    const phases = {};
    for (const input of $("deadline-phases").querySelectorAll("input")) {
      if (input.value === "") continue;
      phases[input.dataset.phase] = Number(input.value) === 0 ? null : Math.round(Number(input.value) * unit);
    }
    const words = every || Object.keys(phases).length ? "Deadlines set: the phase now open has its own from now." : "No deadlines now.";
    if (await this.ask("deadlines", { every, phases }, words)) await this.refreshGames();
  }

  async extend() {
    const seconds = Math.round(Number($("extend-by").value) * this.unit());
    if (await this.ask("extend", { seconds }, "Deadline put later: every seat is told.")) await this.refreshGames();
  }

  async spectate(event) {
    event.preventDefault();
    const value = $("spectate-delay").value;
    const turns = value === "" ? null : Number(value);
    const words = turns === null ? "Closed to spectators." : `Open to spectators, ${turnsBehind(turns)}.`;
    if (await this.ask("spectate", { turns }, words)) await this.refreshGames();
  }

  async saveNudges(event) {
    event.preventDefault();
    const addresses = {};
    for (const input of $("addresses").querySelectorAll("input")) addresses[input.dataset.address] = input.value.trim() || null;
    const webhook = $("webhook").value.trim() || null;
    if (await this.ask("nudges", { webhook, addresses }, "Nudges saved.")) await this.refreshGames();
  }
}

/** One destination's nudges in words: the last one sent, or why it was not, and the counts. */
function nudgedWords(outcome) {
  const last = outcome.last;
  const counts = [`${outcome.sent} sent`, outcome.failed ? `${outcome.failed} not sent` : "", outcome.dropped ? `${outcome.dropped} dropped while it was away` : ""].filter(Boolean).join(", ");
  const said = !last
    ? "a nudge is on its way"
    : last.ok
      ? `the last nudge went ${when(last.at)}`
      : `the last nudge failed ${when(last.at)}: ${last.message}`;
  return h("li", { class: last && !last.ok ? "error" : "", "data-code": last?.code || "" }, `To ${outcome.to}: ${said} (${counts}).`);
}
