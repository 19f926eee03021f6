"""The `Ruleset` interface as a new ruleset's author meets it: a short list of required hooks, the
optional ones in named groups, each hook documented, a misspelt hook refused, and the README in
fogbank/rules/ naming them all."""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest

from fogbank.rules import core
from fogbank.rules.core import Dice, GameState, Refused, Resolution, Ruleset, Seat
from fogbank.rules.core import ruleset as registry
from fogbank.rules.core.hooks import GROUPS, hooks_of
from fogbank.rules.core.ruleset import HOOKS, REQUIRED, register

README = Path(__file__).resolve().parents[3] / "fogbank" / "rules" / "README.md"


def test_the_required_hooks_are_the_abstract_ones_and_few():
    assert set(REQUIRED) == Ruleset.__abstractmethods__
    assert len(REQUIRED) <= 12


def test_each_optional_hook_is_in_one_group_and_none_is_required():
    grouped = [hook for group in GROUPS for hook in hooks_of(group)]
    assert len(grouped) == len(set(grouped)), "a hook in two groups"
    assert not set(grouped) & set(REQUIRED)
    # Every public attribute of Ruleset is a required hook, in a group, or the ruleset's own words.
    public = {name for name in dir(Ruleset) if not name.startswith("_")}
    assert public == set(grouped) | set(REQUIRED) | {"phases", "seat_names"}
    assert all(issubclass(Ruleset, group) for group in GROUPS)


@pytest.mark.parametrize("hook", sorted(HOOKS - {"name", "title", "phases", "terminal_client"}))
def test_every_hook_says_what_it_promises(hook):
    assert (getattr(Ruleset, hook).__doc__ or "").strip(), f"{hook} has no docstring"


def test_every_group_says_what_it_is_for():
    assert all((group.__doc__ or "").strip() for group in GROUPS)


def test_the_readme_names_every_required_hook_every_group_and_its_hooks():
    text = README.read_text()
    for hook in (*REQUIRED, "name", "title", "phases"):
        assert f"`{hook}" in text, hook
    for group in GROUPS:
        row = re.search(rf"^\| `{group.__name__}` \|([^|]*)\|", text, re.MULTILINE)
        assert row, f"no row for {group.__name__}"
        assert set(re.findall(r"`(\w+)`", row.group(1))) == set(hooks_of(group)), group.__name__
    assert "docs/scenarios.md" in text


def test_every_ruleset_defines_only_hooks_and_private_helpers():
    for ruleset in core.rulesets().values():
        for cls in type(ruleset).__mro__:
            if cls is Ruleset:
                break
            for name, value in vars(cls).items():
                if callable(value) and not name.startswith("_"):
                    assert name in HOOKS, f"{cls.__name__}.{name}"


class _Duel(Ruleset):
    """Two seats, one shot each a turn, written with the required hooks alone."""

    name = "duel_for_the_hooks_test"
    title = "Duel"

    def scenarios(self):
        return ("duel",)

    def new_game(self, scenario, seed, options=None):
        return GameState(
            ruleset=self.name, scenario=scenario, turn=1, dice=Dice(seed), board={"shots": 0}, knowledge={}
        )

    def seats(self, state):
        return (Seat("a", "east", "A"), Seat("b", "west", "B"))

    def parse_order(self, seat, payload):
        if payload.get("fire") not in (True, False):
            raise Refused("bad_order", "Say whether you fire.")
        return bool(payload["fire"])

    def unparse_order(self, order):
        return {"fire": order}

    def check_order(self, state, seat, order):
        return None

    def standing_order(self, state, seat):
        return False

    def resolve(self, state, orders):
        return Resolution(attrs.evolve(state, board={"shots": state.board["shots"] + sum(orders.values())}))

    def observe(self, state, seat, since=None):
        return {"shots": state.board["shots"]}

    def chart(self, state, seat):
        return {}

    def parse_override(self, payload):
        raise Refused("bad_override", "No overrides here.")

    def apply_override(self, state, override, reason):
        raise Refused("bad_override", "No overrides here.")


@pytest.fixture
def registered():
    """Register ruleset classes for one test, and forget them after."""
    names = []

    def add(cls):
        names.append(cls.name)
        return register(cls)

    yield add
    for name in names:
        registry._RULESETS.pop(name, None)


def test_a_ruleset_of_the_required_hooks_alone_plays_with_every_default(registered):
    registered(_Duel)
    duel = core.find_ruleset(_Duel.name)
    game = core.start(duel, "duel", b"seed" * 8)
    assert game.to_act() == {"a", "b"}
    step = core.submit(game, "a", duel.parse_order("a", {"fire": True}))
    step = core.submit(step.game, "b", duel.parse_order("b", {"fire": False}))
    assert step.game.state.turn == 2 and step.game.state.board == {"shots": 1}
    assert duel.side_titles(game.state) == {"east": "East", "west": "West"}
    assert duel.talk_audience(game.state, "a") == {"a"}
    assert duel.order_refusals(game.state, "a", True) == ()
    with pytest.raises(Refused, match="no_questions"):
        duel.parse_question("a", {})
    assert duel.bot("duel", "a", {}) is None and duel.engagements(game.state) == {}


def test_register_refuses_a_misspelt_hook_and_names_the_one_meant(registered):
    class Misspelt(_Duel):
        name = "misspelt_for_the_hooks_test"

        def talk_audiance(self, state, seat):
            return frozenset()

    meant = r"Misspelt\.talk_audiance is no hook of Ruleset \(did you mean talk_audience\?\)"
    with pytest.raises(TypeError, match=meant):
        registered(Misspelt)
    with pytest.raises(LookupError):
        core.find_ruleset("misspelt_for_the_hooks_test")


def test_register_takes_private_helpers(registered):
    class Helped(_Duel):
        name = "helped_for_the_hooks_test"

        def _range(self):
            return 3

    registered(Helped)
    assert core.find_ruleset("helped_for_the_hooks_test")._range() == 3
