// The debrief, when the game is over: the result and the seed checked against the commitment, the
// seat's own record (what it ordered and was told, from `game_over`), then the unsealed truth
// replayed a phase at a time. The truth is the umpire's `history` (each resolved phase's orders
// and the umpire's view after it), which the server gives a seat only once the game has ended; it
// is drawn with the ruleset's umpire console module (layers, truth panel, order words), the same
// module the umpire's console uses.

import { loadRuleset } from "/umpire/ruleset.js";
import { h } from "/web/dom.js";
import { keptFor } from "/web/kept.js";
import { eventWords, resultsWords, seatName, unnamed, words } from "/web/words.js";

const $ = (id) => document.getElementById(id);

/** "victory" for this seat; every side's result when there are several, each side named by its
 * title ("the United States: defeat; Japan: victory"). */
function resultWords(over, titles) {
  const all = Object.keys(over.results || {}).length > 1 ? ` (${resultsWords(over.results, titles)})` : "";
  return `${words(over.result)}${all}`;
}

/** Whether the revealed seed hashes to the commitment made at the start. */
async function seedMatches(seed, commitment) {
  if (!crypto.subtle) return null;
  const bytes = new Uint8Array(seed.match(/../g).map((pair) => parseInt(pair, 16)));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("") === commitment;
}

export class Debrief {
  constructor({ welcome, over, wire, words, notice }) {
    this.welcome = welcome;
    this.over = over;
    this.wire = wire;
    this.words = words; // the seat module's words: order(order), answer(message), phase(phase)
    this.notice = notice;
    this.rows = [];
    this.log = over.log || [];
    this.at = 0;
  }

  async show() {
    $("seat").hidden = true;
    $("debrief").hidden = false;
    await this.showResult();
    this.showRecord();
    await this.loadTruth();
  }

  async showResult() {
    const check = h("span", { class: "check" }, "");
    // The commitment this browser was first shown for the seat (kept.js), not the one the server
    // sends now: a record made up whole, seed and commitment alike, must not pass.
    const commitment = keptFor(this.welcome.game, this.welcome.seat)?.commitment || this.welcome.commitment;
    $("result").replaceChildren(
      h("h2", {}, "Game over"),
      h("p", {}, h("strong", { id: "my-result" }, resultWords(this.over, this.welcome.side_titles)), ". ", this.over.reason),
      h("div", {}, "Seed ", h("code", { id: "seed" }, this.over.seed), " ", check),
      ...this.record(commitment),
    );
    const ok = await seedMatches(this.over.seed, commitment);
    if (ok !== null) {
      check.textContent = ok ? "✓ matches the commitment made at the start" : "✗ does NOT match the commitment made at the start";
      check.className = ok ? "check ok" : "check bad";
    }
  }

  /** The game's record (game_over's log, what `fogbank verify` checks) to download, and how to
   * check it: the command, with the commitment shown at the start. */
  record(commitment) {
    const log = this.over.log || [];
    if (!log.length) {
      return [h("p", { class: "muted small" }, "This battle's record stays sealed while its campaign goes on: it comes with the campaign's end.")];
    }
    const file = `game-${this.welcome.game}.jsonl`;
    const lines = log.map((record) => JSON.stringify(record)).join("\n") + "\n";
    const url = URL.createObjectURL(new Blob([lines], { type: "application/x-ndjson" }));
    return [
      h("p", { class: "record-download" }, h("a", { id: "record-download", href: url, download: file }, `Download the game's record (${file})`), ", every input, roll and event of the game and its seed, one JSON record a line."),
      h("p", { class: "small" }, "Check it yourself, on any machine with fogbank: ",
        h("code", { id: "verify-command" }, `fogbank verify ${file} --commitment ${commitment}`),
        " It re-derives every roll from the revealed seed, replays every order and event, and checks the seed against the commitment you were shown at the start (in your briefing)."),
    ];
  }

  /** The seat's own record: its orders, questions and talk, and every event it was told, in
   * words (the umpire's in his own). */
  showRecord() {
    const rows = (this.over.record || [])
      // A pass is told to the seat in words of its own (a standing order used): that line says it.
      .filter((entry) => entry.type !== "game" && !(entry.type === "input" && entry.input === "pass"))
      .map((entry) => h("tr", { class: `${entry.type} ${entry.kind ?? entry.input ?? ""}` }, h("td", {}, `T${entry.turn ?? ""}`), h("td", {}, this.recordWords(entry))));
    $("own-record").replaceChildren(
      rows.length ? h("table", {}, h("tbody", {}, rows)) : h("p", { class: "muted" }, "Nothing in your record."),
    );
  }

  recordWords(entry) {
    const { order, answer } = this.words;
    if (entry.type === "input") {
      if (entry.input === "order") return `You ordered: ${order(entry.order, this.welcome.seat, entry.phase)}`;
      if (entry.input === "ask") return `You asked the rules: ${words(entry.question)}`;
      if (entry.input === "pass") return "You had nothing to order: passed over, under your standing order";
      return `You said: ${entry.text ?? ""}`;
    }
    switch (entry.kind) {
      case "narrative":
        return `The umpire: ${entry.text}`;
      case "standing_order": // the rules' words (a deadline passed, nothing to order), not the umpire's
        return `Standing order: ${entry.text}`;
      case "amended":
        return `${entry.text} You sailed under: ${order(entry.order, this.welcome.seat, entry.phase)}.`;
      case "answer":
        return `The rules' answer: ${answer(entry)}`;
      default:
        return eventWords(entry);
    }
  }

  async loadTruth() {
    try {
      const reply = await this.wire.request("history");
      this.rows = reply.turns;
      this.log = reply.log.length ? reply.log : this.log;
    } catch (error) {
      this.notice(`The umpire's record could not be had: ${error.message}`, "error");
      return;
    }
    const { ruleset, geometry } = await loadRuleset(this.welcome.ruleset);
    this.console = ruleset;
    ruleset.learn(this.welcome);
    this.map = geometry ? geometry.createMap($("truth-chart"), this.welcome.chart) : null;
    $("truth-chart").parentElement.hidden = !this.map;
    const slider = $("replay-at");
    slider.max = String(Math.max(0, this.rows.length - 1));
    slider.oninput = () => this.go(Number(slider.value));
    $("replay-back").onclick = () => this.go(this.at - 1);
    $("replay-on").onclick = () => this.go(this.at + 1);
    document.addEventListener("keydown", (event) => {
      if (event.target.closest?.("input, textarea, select")) return;
      if (event.key === "ArrowLeft") this.go(this.at - 1);
      if (event.key === "ArrowRight") this.go(this.at + 1);
    });
    // A console module may ask for the replay to open on the game's end (`replayFrom = "end"`).
    this.go(this.console.replayFrom === "end" ? this.rows.length - 1 : 0);
  }

  go(index) {
    if (!this.rows.length) {
      $("replay-where").textContent = "No phase was resolved.";
      return;
    }
    this.at = Math.max(0, Math.min(this.rows.length - 1, index));
    $("replay-at").value = String(this.at);
    const row = this.rows[this.at];
    $("replay-where").textContent = `Turn ${row.turn} · ${this.words.phase(row.phase)} (${this.at + 1} of ${this.rows.length})`;
    // The truth first: a console module learns the units' names from the view it draws, and
    // words the orders with them (else the first phase shown names ships by their ids).
    const truth = this.console.truth;
    const truthNodes = truth ? [truth(row.view)].flat() : [h("pre", { class: "small" }, JSON.stringify(row.view, null, 1))];
    const orders = Object.entries(row.orders || {}).map(([name, order]) => {
      const seat = seatName(this.welcome.seats, name);
      return h("li", {}, h("b", {}, seat + (name === this.welcome.seat ? " (you)" : "")), ": ", unnamed(this.console.order(order, name, row.phase), seat));
    });
    $("replay-orders").replaceChildren(h("h3", {}, "Orders"), h("ul", { class: "reports" }, orders));
    $("replay-truth").replaceChildren(...truthNodes);
    const events = this.log.filter((r) => r.type === "event" && r.turn === row.turn && (r.phase === undefined || r.phase === row.phase || !r.phase));
    $("replay-events").replaceChildren(
      ...events.map((e) => {
        const told = (e.audience || []).filter((s) => s !== "umpire");
        return h(
          "li",
          { class: told.length ? "" : "umpire-only" },
          h("span", { class: "when" }, told.length ? `to ${told.map((s) => seatName(this.welcome.seats, s)).join(", ")}` : "umpire only"),
          eventWords(e),
        );
      }),
    );
    if (this.map) {
      this.map.drawBase();
      this.map.drawPlaces?.(); // named as on the seat's own chart
      for (const layer of this.console.layers) {
        if (layer.on !== false) layer.draw(this.map, this.map.layer(layer.name), row.view, this.welcome.chart);
      }
      this.map.spacePlaces?.(); // names off the stacks, and off each other
    }
  }
}
