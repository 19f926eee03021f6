"""The arena's figures as text, as Markdown (docs/balance.md) and as one self-contained page of
charts (inline SVG, no scripts, nothing fetched)."""

from __future__ import annotations

import html as escape
import re
from typing import Any, Mapping

from fogbank.rules.core import players

RESULT_COLOURS = {"wins": "#2e7d32", "draws": "#9e9e9e", "losses": "#c62828"}


def pct(rate: float) -> str:
    return f"{rate * 100:.0f}%"


def interval(share: Mapping[str, Any]) -> str:
    low, high = share["interval"]
    return f"{pct(share['rate'])} [{low * 100:.0f}-{high * 100:.0f}]"


def mean_sd(figure: Mapping[str, float], digits: int = 1) -> str:
    return f"{figure['mean']:.{digits}f} ± {figure['sd']:.{digits}f}"


def title(run: Mapping[str, Any]) -> str:
    options = " ".join(f"{k}={_value(v)}" for k, v in run["options"].items())
    policies = " vs ".join(f"{side} {name}" for side, name in run["policies"].items())
    return f"{run['scenario']}{f' ({options})' if options else ''}: {policies}"


def refusals(run: Mapping[str, Any]) -> str:
    """The orders the rules refused each side's player, in words: "british 12 in 5% of games
    (0.1 a game: bad_course 10, not_loaded 2)"; "" when none were."""
    said = []
    for side, figures in run["sides"].items():
        refused = figures.get("refused") or {}
        if refused.get("orders"):
            codes = ", ".join(f"{code} {count}" for code, count in refused["codes"].items())
            said.append(f"{side} {refused['orders']} in {pct(refused['games']['rate'])} of games"
                        f" ({refused['per_game']:.1f} a game: {codes})")
    return "; ".join(said)


def text(report: Mapping[str, Any]) -> str:
    lines = []
    for run in report["runs"]:
        lines.append(f"{title(run)} — {run['games']} games, seed {run['seed']}")
        for side, f in run["sides"].items():
            lines.append(
                f"  {side:<10} {f['policy']:<18} wins {interval(f['wins']):<14} draws {interval(f['draws']):<14}"
                f" losses {interval(f['losses']):<14} points {mean_sd(f['points'])}  lost {mean_sd(f['lost'])}"
            )
        length = run["length"]
        lines.append(f"  drawn games {interval(run['draws'])}; length {mean_sd(length)} turns"
                     f" ({length['min']:.0f}-{length['max']:.0f})")
        if run["rules"]:
            used = ", ".join(f"{r['words']} {pct(r['games']['rate'])} of games ({r['per_game']:.1f} a game)"
                             for r in run["rules"].values())
            lines.append(f"  rules used: {used}")
        if run.get("refused"):
            lines.append("  REFUSED ORDERS (each replaced by holding still): " + refusals(run))
        if run.get("details"):
            lines.append("  also counted: " + ", ".join(
                f"{key} in {d['games']} games ({d['per_game']:.1f} a game)" for key, d in run["details"].items()))
        for goal in run.get("goals", ()):
            mark = "met" if goal["met"] else "NOT MET"
            low, high = goal["interval"]
            lines.append(f"  goal {goal['goal']}: {pct(goal['figure'])} [{low * 100:.0f}-{high * 100:.0f}] {mark}")
        lines.append("")
    for edge in report["edges"]:
        lines.append(
            f"plan {edge['policy']} ({edge['side']}): wins {interval(edge['wins'])} against the standard"
            f" player's {pct(edge['standard'])}: {edge['edge'] * 100:+.0f} points{_scored(edge)}"
            f" {_edge_words(edge, loud=True)}"
        )
    return "\n".join(lines).rstrip()


def markdown(report: Mapping[str, Any], command: str) -> str:
    out = [
        "# Balance: what the arena measured",
        "",
        f"Made by `{command}`: {report['games']} games a row, seed `{report['seed']}`. Every figure is",
        "a rate with its Wilson 95% interval in brackets. Goals (standard players on both sides):",
        "draws at most 40%, each side wins at least 20%, every rule offered used in at least 10% of",
        "games; a scripted plan wins at most 15 points more than the standard player against the same",
        "opponent, and the `random` plan (random legal orders, seeing only its seat's views) scores at",
        "least 30 points less (wins and half the draws). An order the rules refuse is replaced by holding",
        "still; a row marked ⚠ had orders refused, counted by side and refusal code in its last column.",
        "",
    ]
    scenarios: dict[str, list] = {}
    for run in report["runs"]:
        scenarios.setdefault(run["scenario"], []).append(run)
    for scenario, runs in scenarios.items():
        out += [f"## {scenario}", "", "| options | players | " + " | ".join(
            f"{side} wins" for side in runs[0]["sides"]) + " | draws | turns | lost | refused orders |",
            "|---|---|" + "---|" * (len(runs[0]["sides"]) + 4)]
        for run in runs:
            options = " ".join(f"{k}={_value(v)}" for k, v in run["options"].items()) or "-"
            policies = ", ".join(f"{s} {p}" for s, p in run["policies"].items())
            wins = " | ".join(interval(f["wins"]) for f in run["sides"].values())
            lost = ", ".join(f"{s} {f['lost']['mean']:.1f}" for s, f in run["sides"].items())
            # A row whose plan had orders refused is marked: its figures are not the plan's own.
            refused = f"**{refusals(run)}**" if run.get("refused") else "none"
            mark = " ⚠" if run.get("refused") else ""
            out.append(f"| {options} | {policies}{mark} | {wins} | {interval(run['draws'])} |"
                       f" {run['length']['mean']:.1f} | {lost} | {refused} |")
        standard = next((r for r in runs if "goals" in r), None)
        if standard and standard["rules"]:
            out += ["", "Rules used with standard players (default options): " + "; ".join(
                f"{r['words']} {interval(r['games'])} of games" for r in standard["rules"].values()) + "."]
        ours = [edge for edge in report["edges"] if edge.get("scenario") == scenario]
        if standard:
            # The plans' goals are goals too: a plan over the standard player, or random orders too
            # near it, is a goal not met, not only a remark on the plan's line.
            unmet = [g["goal"] for g in standard["goals"] if not g["met"]] + [_unmet_edge(e) for e in ours if not e["met"]]
            out += ["", "Goals: " + ("all met." if not unmet else "not met: " + "; ".join(unmet) + ".")]
        for edge in ours:
            against = f"wins {interval(edge['wins'])} against {pct(edge['standard'])}"
            points = f"{edge['edge'] * 100:+.0f} points"
            out.append(f"- plan `{edge['policy']}` ({edge['side']}): {points}{_scored(edge)} against the"
                       f" standard player ({against}){'' if edge['met'] else ' ' + _edge_words(edge)}")
        out.append("")
    return "\n".join(out)


def _unmet_edge(edge: Mapping[str, Any]) -> str:
    """A plan's goal not met, in the Goals line's words."""
    if edge["policy"] == players.RANDOM:
        return f"{edge['side']} standard player at least 30 points of score over random orders ({edge['score_edge'] * -100:.0f})"
    return f"plan `{edge['policy']}` ({edge['side']}) at most 15 points over the standard player ({edge['edge'] * 100:+.0f})"


def _scored(edge: Mapping[str, Any]) -> str:
    """Random orders' score against the standard player's (wins and half the draws), if measured."""
    if "score_edge" not in edge:
        return ""
    return (f", {edge['score_edge'] * 100:+.0f} of score (wins and half the draws:"
            f" {pct(edge['score'])} against {pct(edge['standard_score'])})")


def _edge_words(edge: Mapping[str, Any], loud: bool = False) -> str:
    """What a plan's edge over the standard player says: within bounds, or which goal it misses."""
    if edge["policy"] == players.RANDOM:  # the yardstick: the standard player must beat it by 30 points
        if edge["met"]:
            return "(at least 30 under)" if loud else ""
        return "(LESS THAN 30 UNDER: the standard player adds too little)" if loud else \
            "(the standard player adds too little over random orders)"
    if edge["met"]:
        return "(within 15)" if loud else ""
    return "(MORE THAN 15: exploitable)" if loud else "(exploitable)"


def merged(existing: str, fresh: str, command: str, report: Mapping[str, Any]) -> str:
    """`existing` (a balance file) with each scenario section of `fresh` put in place of its own,
    or added at the end, headed by the command that measured it; the other sections are kept."""
    old_head, old_sections = _sections(existing)
    _, new_sections = _sections(fresh)
    made = f"Made by `{command}`: {report['games']} games a row, seed `{report['seed']}`."
    for name, body in new_sections.items():
        lines = body.split("\n")
        old_sections[name] = "\n".join([lines[0], "", made, *lines[1:]])
    # Each section ends in one blank line, whichever file it came from (a file's last ends in none).
    sections = "".join(body.rstrip("\n") + "\n\n" for body in old_sections.values())
    return (old_head + sections).rstrip("\n") + "\n"


def _sections(text: str) -> tuple[str, dict[str, str]]:
    """A Markdown file cut at its "## " headings: what comes before the first, and each section by name."""
    head, *rest = re.split(r"(?m)^(?=## )", text)
    return head, {section.split("\n", 1)[0][3:].strip(): section for section in rest}


def html(report: Mapping[str, Any]) -> str:
    body = []
    for run in report["runs"]:
        body.append(f"<section><h2>{_e(title(run))}</h2><p>{run['games']} games, seed {_e(run['seed'])}</p>")
        if run.get("refused"):
            said = _e(refusals(run))
            body.append(f"<p class=unmet>Refused orders, each replaced by holding still: {said}</p>")
        body.append(_outcome_bars(run))
        body.append("<h3>Length of game</h3>" + _histogram(run["length"]["histogram"]))
        if run["rules"]:
            body.append("<h3>Rules used (share of games)</h3>" + _rule_bars(run["rules"]))
        for goal in run.get("goals", ()):
            body.append(f"<p class={'met' if goal['met'] else 'unmet'}>{_e(goal['goal'])}: {pct(goal['figure'])}"
                        f" {'met' if goal['met'] else 'not met'}</p>")
        body.append("</section>")
    if report["edges"]:
        body.append("<section><h2>Scripted plans against the standard player</h2>" + _edge_bars(report["edges"]) + "</section>")
    return (
        "<!doctype html><html lang=en><meta charset=utf-8><title>fogbank arena</title>"
        "<style>body{font:14px system-ui,sans-serif;margin:2em;max-width:60em}svg{display:block;margin:.5em 0}"
        ".met{color:#2e7d32}.unmet{color:#c62828;font-weight:bold}text{font:12px system-ui,sans-serif}</style>"
        "<h1>fogbank arena</h1>" + "".join(body) + "</html>\n"
    )


def _outcome_bars(run: Mapping[str, Any]) -> str:
    width, left, row = 640, 150, 34
    sides = list(run["sides"].items())
    parts = [f'<svg width="{width}" height="{row * len(sides) + 24}" role="img" aria-label="outcomes">']
    for i, (side, f) in enumerate(sides):
        y, x = i * row + 4, left
        mark = " ⚠" if (f.get("refused") or {}).get("orders") else ""
        parts.append(f'<text x="0" y="{y + 16}">{_e(side)} ({_e(f["policy"])}){mark}</text>')
        for key in ("wins", "draws", "losses"):
            w = f[key]["rate"] * (width - left - 10)
            parts.append(f'<rect x="{x:.1f}" y="{y}" width="{w:.1f}" height="22" fill="{RESULT_COLOURS[key]}">'
                         f'<title>{key} {interval(f[key])}</title></rect>')
            x += w
        low, high = (v * (width - left - 10) + left for v in f["wins"]["interval"])
        parts.append(f'<line x1="{low:.1f}" x2="{high:.1f}" y1="{y + 11}" y2="{y + 11}" stroke="#000" stroke-width="2"/>')
        parts.append(f'<text x="{left + 4}" y="{y + 15}" fill="#fff">{pct(f["wins"]["rate"])}</text>')
    parts.append(f'<text x="{left}" y="{row * len(sides) + 18}">green wins, grey draws, red losses;'
                 ' the black line is the 95% interval of wins</text></svg>')
    return "".join(parts)


def _histogram(counts: Mapping[str, int]) -> str:
    if not counts:
        return ""
    turns = sorted(int(t) for t in counts)
    most = max(counts.values())
    width, height, bar = 640, 120, max(2.0, 600 / (turns[-1] - turns[0] + 1))
    parts = [f'<svg width="{width}" height="{height + 20}" role="img" aria-label="game length">']
    for t in turns:
        h = counts[str(t)] / most * height
        x = (t - turns[0]) * bar + 20
        parts.append(f'<rect x="{x:.1f}" y="{height - h:.1f}" width="{bar * 0.9:.1f}" height="{h:.1f}" fill="#1565c0">'
                     f'<title>{t} turns: {counts[str(t)]} games</title></rect>')
    parts.append(f'<text x="20" y="{height + 16}">{turns[0]} turns</text>'
                 f'<text x="{width - 80}" y="{height + 16}">{turns[-1]} turns</text></svg>')
    return "".join(parts)


def _rule_bars(rules: Mapping[str, Any]) -> str:
    width, left, row = 640, 220, 22
    parts = [f'<svg width="{width}" height="{row * len(rules) + 4}" role="img" aria-label="rules used">']
    for i, rule in enumerate(rules.values()):
        y, w = i * row + 2, rule["games"]["rate"] * (width - left - 60)
        colour = "#2e7d32" if rule["games"]["rate"] >= 0.10 else "#c62828"
        parts.append(f'<text x="0" y="{y + 14}">{_e(rule["words"])}</text>'
                     f'<rect x="{left}" y="{y}" width="{w:.1f}" height="16" fill="{colour}"/>'
                     f'<text x="{left + w + 4:.1f}" y="{y + 13}">{pct(rule["games"]["rate"])}</text>')
    return "".join(parts) + "</svg>"


def _edge_bars(edges: list) -> str:
    width, left, row = 640, 260, 22
    mid = left + (width - left) / 2
    scale = (width - left) / 2  # a full half-width is 100 points
    parts = [f'<svg width="{width}" height="{row * len(edges) + 4}" role="img" aria-label="edges">']
    for i, edge in enumerate(edges):
        y, w = i * row + 2, edge["edge"] * scale
        colour = "#2e7d32" if edge["met"] else "#c62828"
        parts.append(f'<text x="0" y="{y + 14}">{_e(edge["side"])}: {_e(edge["policy"])}</text>'
                     f'<rect x="{min(mid, mid + w):.1f}" y="{y}" width="{abs(w):.1f}" height="16" fill="{colour}">'
                     f'<title>{edge["edge"] * 100:+.0f} points</title></rect>')
    parts.append(f'<line x1="{mid}" x2="{mid}" y1="0" y2="{row * len(edges)}" stroke="#000"/>')
    return "".join(parts) + "</svg>"


def _value(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _e(text: Any) -> str:
    return escape.escape(str(text))
