// The submarine's order pad: course on a compass rose, speed, level, and a torpedo at a contact
// seen; the cost of the order in movement and battery shown before it is sent, from the limits
// the briefing carries for the level the view says she is at (worked by the rules themselves: the
// squares of the hour, the level changes, the battery they and each square use). The server checks
// the order all the same, with the rules (the `check` request): this only adds up what they say.

import { h } from "/web/dom.js";

export const COURSES = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];
export const LEVELS = ["surface", "periscope", "submerged", "bottom"];
const ROSE = ["NW", "N", "NE", "W", null, "E", "SW", "S", "SE"];

// Every contact the seat was told of, by number: an observation carries only the last hour's,
// a snapshot (on joining) all of them, so the page keeps what it was told.
const known = new Map();

/** The contacts in the seat's log so far, `view`'s among them, oldest first. */
export function contactLog(view) {
  for (const contact of view?.contacts || []) known.set(contact.number, contact);
  return [...known.values()].sort((a, b) => a.number - b.number);
}

/** What each level allows an hour from the level `view` says she is at: the briefing's `limits`
 * for it (they depend on her level alone, so the welcome carries them once, not every view). */
export function limitsAt(view, welcome) {
  return welcome?.briefing?.limits?.[view?.level];
}

/** What `order` uses of the hour and the battery, by `limits` for its level (null when there are
 * none): the squares with the level changes against the hour's
 * allowance, the battery against what is left, and whether either is over, or the boat is
 * asked to move on the seabed (`still`). */
export function preview(limits, order, battery) {
  const limit = limits?.[order.level];
  if (!limit) return null;
  const squares = squaresOf(order);
  const used = squares + limit.changes;
  const cost = limit.battery + limit.battery_a_square * squares;
  const still = squares > 0 && Boolean(limit.still);
  const over = used > limit.allowance || cost > battery || still;
  return { squares, changes: limit.changes, used, allowance: limit.allowance, battery: cost, still, over };
}

/** The legs of an order, either form: [{course, speed}], the first first. */
export function legsOf(order) {
  return Array.isArray(order?.legs) && order.legs.length ? order.legs : [{ course: order?.course ?? "N", speed: order?.speed ?? 0 }];
}

/** Squares of movement an order asks for, every leg together. */
export function squaresOf(order) {
  return legsOf(order).reduce((sum, leg) => sum + (Number(leg.speed) || 0), 0);
}

/** The course, of the eight, nearest the way from square centre `from` to `to` (SVG: y grows south). */
export function courseToward(from, to) {
  const angle = (Math.atan2(to[0] - from[0], from[1] - to[1]) * 180) / Math.PI;
  return COURSES[((Math.round(angle / 45) % 8) + 8) % 8];
}

// A course's step on the chart: columns east, rows north (row 1 the southern edge).
const CHART_STEP = { N: [0, 1], NE: [1, 1], E: [1, 0], SE: [1, -1], S: [0, -1], SW: [-1, -1], W: [-1, 0], NW: [-1, 1] };

function squareAt(name) {
  return [String(name).charCodeAt(0) - 65, Number(String(name).slice(1))];
}

function ashore(chart, [column, row]) {
  if (column < 0 || column >= chart.columns || row < 1 || row > chart.rows) return true;
  return chart.terrain[chart.rows - row][column] === "#";
}

/** The briefing's words for what `order` risks where it takes the boat by the seat's own plot
 * and chart: the defended reach where the hour ends, the mine lines in any square it enters
 * (`risks`, worked by the rules from their own tables; this only finds where the order goes). */
export function riskLines(order, now, welcome) {
  const risks = welcome?.briefing?.risks;
  const chart = welcome?.chart;
  if (!Array.isArray(risks) || !now?.plotted || !chart?.terrain) return [];
  let here = squareAt(order.plot ?? now.plotted);
  const entered = [];
  sailing: for (const leg of legsOf(order)) {
    const [dx, dy] = CHART_STEP[leg.course] ?? [0, 0];
    for (let n = 0; n < (Number(leg.speed) || 0); n += 1) {
      const ahead = [here[0] + dx, here[1] + dy];
      if (ashore(chart, ahead)) break sailing; // the shore on the chart stops her
      entered.push(ahead);
      here = ahead;
    }
  }
  const when = now.night ? "night" : "day";
  return risks.flatMap((risk) => {
    const [first, last] = risk.rows ?? [];
    const words = risk[when]?.[order.level];
    const squares = risk.where === "end" ? [here] : entered;
    return words && squares.some(([, row]) => row >= first && row <= last) ? [words] : [];
  });
}

export function orderForm({ view, welcome, changed }) {
  let course = "N";
  const roseButtons = {};
  const rose = h(
    "div",
    { class: "rose", role: "group", "aria-label": "Course" },
    ROSE.map((name) => {
      if (!name) return h("span", { class: "hub", "aria-hidden": "true" }, "course");
      const button = h("button", { type: "button", "data-course": name, "aria-pressed": "false" }, name);
      button.onclick = () => {
        setCourse(name);
        changed();
      };
      roseButtons[name] = button;
      return button;
    }),
  );
  function setCourse(name) {
    course = COURSES.includes(name) ? name : "N";
    for (const [n, b] of Object.entries(roseButtons)) b.setAttribute("aria-pressed", String(n === course));
  }
  setCourse("N");

  const speed = h("input", { id: "order-speed", type: "number", min: 0, max: 6, value: 0, inputmode: "numeric" });
  // A second leg, sailed after the first (0 squares: none); a fix on a landmark; and a plot the
  // captain set by hand, kept as given (this pad does not move it).
  const course2 = h("select", { id: "order-course2", "aria-label": "Second leg's course" }, COURSES.map((c) => h("option", { value: c }, c)));
  const speed2 = h("input", { id: "order-speed2", type: "number", min: 0, max: 6, value: 0, inputmode: "numeric", "aria-label": "Second leg's squares" });
  const fix = h("input", { type: "checkbox", id: "order-fix" });
  const plotNote = h("p", { id: "order-plot", class: "muted", hidden: true });
  let plot = null;
  function setPlot(square) {
    plot = typeof square === "string" ? square : null;
    plotNote.hidden = !plot;
    plotNote.textContent = plot ? `The plot set by hand at ${plot} goes with it.` : "";
  }
  // The last hour's drift as the rules reckon it from the chart's stream (the view's `drift`),
  // offered for the plot, one button: the plot is dead reckoning and leaves the stream out.
  const drift = h("button", { type: "button", id: "order-drift", hidden: true });
  drift.onclick = () => {
    const offered = view()?.drift;
    if (!offered?.course) return;
    setPlot(offered.square);
    drift.hidden = true;
    changed();
  };
  function offerDrift(now) {
    const offered = now?.drift;
    drift.hidden = !offered?.course || Boolean(plot);
    if (!drift.hidden) drift.textContent = `Add last hour's drift to the plot: ${offered.stream} set her ${offered.course}, to ${offered.square}`;
  }
  // What the order risks where it goes, in the rules' words (the briefing's `risks`).
  const risk = h("ul", { id: "order-risk", class: "risk", hidden: true });
  const levels = h(
    "div",
    { class: "segmented", role: "radiogroup", "aria-label": "Level" },
    LEVELS.map((level) =>
      h("label", {}, h("input", { type: "radio", name: "level", value: level, "data-level": level }), h("span", {}, level)),
    ),
  );
  const fire = h("input", { type: "checkbox", id: "order-fire" });
  const target = h("select", { id: "fire-target", "aria-label": "Target contact" });
  const direction = h("select", { id: "fire-direction", "aria-label": "Fire direction" }, COURSES.map((c) => h("option", { value: c }, c)));
  const torpedoes = h("input", { id: "fire-torpedoes", type: "number", min: 1, max: 4, value: 1, "aria-label": "Torpedoes" });
  const fireBox = h(
    "fieldset",
    { class: "fire" },
    h("legend", {}, h("label", { class: "check" }, fire, " Fire torpedoes")),
    h("div", { class: "row" }, h("label", {}, "At", target), h("label", {}, "Bearing", direction), h("label", {}, "Torpedoes", torpedoes)),
  );
  const levelOf = () => levels.querySelector("input:checked")?.value ?? view()?.level ?? "periscope";

  /** The contacts a torpedo may be fired at: seen, not only heard. */
  function targets() {
    const seen = contactLog(view()).filter((c) => c.fidelity !== "bearing");
    const chosen = target.value;
    target.replaceChildren(
      ...(seen.length
        ? seen.map((c) => h("option", { value: c.number }, `c${c.number} ${String(c.silhouette ?? c.identity ?? "").replaceAll("_", " ")} ${String(c.bearing).padStart(3, "0")}°`))
        : [h("option", { value: "" }, "no contact seen")]),
    );
    if (chosen) target.value = chosen;
  }

  for (const input of [speed, speed2, course2, fix, fire, target, direction, torpedoes]) input.addEventListener("input", changed);
  fix.addEventListener("change", changed);
  levels.addEventListener("change", changed);
  fire.addEventListener("change", () => {
    targets();
    changed();
  });
  target.addEventListener("focus", targets);

  return {
    /** A new view: the contacts to fire at; and for a new hour, the level the boat is at now
     * (the course and speed stay as last ordered). */
    seen(now, fresh) {
      targets();
      if (fresh || !levels.querySelector("input:checked")) {
        const radio = levels.querySelector(`input[value="${now?.level}"]`);
        if (radio) radio.checked = true;
      }
      if (fresh) setPlot(null); // a plot set by hand was the last hour's: it is in the reckoning now
      offerDrift(now);
    },
    fields: h(
      "div",
      { class: "stack" },
      h("div", { class: "row" }, rose, h("div", { class: "stack" }, h("label", {}, "Speed (squares)", speed), h("label", {}, "Level"), levels)),
      h("div", { class: "row" }, h("label", {}, "Then", course2), h("label", {}, "for (squares)", speed2), h("label", { class: "check" }, fix, " Take a fix on a landmark")),
      plotNote,
      drift,
      risk,
      fireBox,
    ),
    read() {
      const squares = Number(speed.value);
      const squares2 = Number(speed2.value);
      if (![squares, squares2].every((n) => Number.isInteger(n) && n >= 0)) throw new Error("Speed is a whole number of squares, 0 or more.");
      // The one-leg form when there is one leg and no fix, as the terminal sends it.
      const order = squares2 > 0 || fix.checked
        ? { legs: [{ course, speed: squares }, ...(squares2 > 0 ? [{ course: course2.value, speed: squares2 }] : [])], level: levelOf(), fire: null, fix: fix.checked }
        : { course, speed: squares, level: levelOf() };
      if (fire.checked) {
        if (!target.value) throw new Error("No contact has been seen to fire at.");
        order.fire = { target: Number(target.value), direction: direction.value, torpedoes: Number(torpedoes.value) || 1 };
      }
      if (plot) order.plot = plot;
      return order;
    },
    fill(order) {
      if (!order) return;
      const legs = Array.isArray(order.legs) && order.legs.length ? order.legs : [{ course: order.course, speed: order.speed }];
      setCourse(legs[0].course);
      speed.value = legs[0].speed ?? 0;
      course2.value = COURSES.includes(legs[1]?.course) ? legs[1].course : "N";
      speed2.value = legs[1]?.speed ?? 0;
      fix.checked = Boolean(order.fix);
      setPlot(order.plot);
      offerDrift(view());
      const radio = levels.querySelector(`input[value="${order.level}"]`);
      if (radio) radio.checked = true;
      fire.checked = Boolean(order.fire);
      targets();
      if (order.fire) {
        target.value = String(order.fire.target);
        direction.value = order.fire.direction;
        torpedoes.value = order.fire.torpedoes ?? 1;
      }
    },
    cost(order) {
      const now = view();
      if (!now) return null;
      const lines = riskLines(order, now, welcome);
      risk.replaceChildren(...lines.map((line) => h("li", {}, line)));
      risk.hidden = !lines.length;
      const cost = preview(limitsAt(now, welcome), order, now.battery);
      if (!cost) return null;
      // The figures, marked when past the limits; why the rules would refuse it is their
      // check's to say, in their words, below the pad.
      return {
        text: `Movement ${cost.used} of ${cost.allowance} (${cost.squares} sq + ${cost.changes} level change${cost.changes === 1 ? "" : "s"}) · battery ${cost.battery} of ${now.battery}`,
        over: cost.over,
      };
    },
    /** A square clicked on the chart: steer for it from the plotted position, as fast as the hour allows. */
    pick(place, map) {
      const now = view();
      const from = now && map.centre(now.plotted);
      const to = map.centre(place.name);
      if (!from || !to || place.name === now.plotted) return;
      setCourse(courseToward(from, to));
      const distance = Math.max(Math.abs(to[0] - from[0]), Math.abs(to[1] - from[1])) / map.size;
      const most = limitsAt(now, welcome)?.[levelOf()]?.squares ?? 0;
      speed.value = Math.max(0, Math.min(Math.round(distance), most));
    },
  };
}
