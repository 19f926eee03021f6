// The submarine's order pad: course on a compass rose, speed, level, and a torpedo at a contact
// seen; the cost of the order in movement and battery shown before it is sent (the rules of
// units.py: six squares only for an hour begun and ended on the surface, three otherwise; each
// change of level uses a square; a square below the surface costs a unit of battery). The server
// checks the order all the same: this only tells the captain before he sends it.

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

/** Squares of movement the hour allows, going from level `start` to `end`. */
export function allowance(start, end) {
  // As the rules count it: six for an hour that ends on the surface (the level changes first), three below.
  return end === "surface" ? 6 : 3;
}

/** Battery the order uses: the level changes below the surface, and each square below it. */
export function batteryCost(start, end, speed) {
  const from = LEVELS.indexOf(start);
  const to = LEVELS.indexOf(end);
  let changes = 0;
  if (from !== to) {
    const step = to > from ? 1 : -1;
    for (let d = from + step; d !== to + step; d += step) if (d > 0) changes += 1;
  }
  return changes + (end === "surface" ? 0 : speed);
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

export function orderForm({ view, changed }) {
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
    },
    fields: h(
      "div",
      { class: "stack" },
      h("div", { class: "row" }, rose, h("div", { class: "stack" }, h("label", {}, "Speed (squares)", speed), h("label", {}, "Level"), levels)),
      h("div", { class: "row" }, h("label", {}, "Then", course2), h("label", {}, "for (squares)", speed2), h("label", { class: "check" }, fix, " Take a fix on a landmark")),
      plotNote,
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
      plot = typeof order.plot === "string" ? order.plot : null;
      plotNote.hidden = !plot;
      plotNote.textContent = plot ? `The plot set by hand at ${plot} goes with it.` : "";
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
      const squares = squaresOf(order);
      const changes = Math.abs(LEVELS.indexOf(order.level) - LEVELS.indexOf(now.level));
      const most = allowance(now.level, order.level);
      const battery = batteryCost(now.level, order.level, squares);
      const used = squares + changes;
      const still = order.level === "bottom" && squares > 0; // on the seabed the boat only drifts
      const over = used > most || battery > now.battery || still;
      return {
        text: still
          ? "At the bottom the boat lies still and drifts: speed 0, or choose a level above the bottom."
          : `Movement ${used} of ${most} (${squares} sq + ${changes} level change${changes === 1 ? "" : "s"}) · battery ${battery} of ${now.battery}`,
        over,
      };
    },
    /** A square clicked on the chart: steer for it from the plotted position, as fast as the hour allows. */
    pick(place, map) {
      const now = view();
      const from = now && map.centre(now.plotted);
      const to = map.centre(place.name);
      if (!from || !to || place.name === now.plotted) return;
      setCourse(courseToward(from, to));
      const level = levelOf();
      const changes = Math.abs(LEVELS.indexOf(level) - LEVELS.indexOf(now.level));
      const distance = Math.max(Math.abs(to[0] - from[0]), Math.abs(to[1] - from[1])) / map.size;
      const most = level === "bottom" ? 0 : allowance(now.level, level) - changes;
      speed.value = Math.max(0, Math.min(Math.round(distance), most));
    },
  };
}
