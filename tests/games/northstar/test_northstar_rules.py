"""`northstar` rules that scenario files do not reach: setup, options, draws with both piles
empty, refusals in both languages, when feeding goes on."""

from __future__ import annotations

import random

import pytest

from core.engine.protocol import IllegalAction, OptionsError
from core.games.northstar import GAME, flow
from core.games.northstar import actions as A
from core.games.northstar import events as E
from core.games.northstar import queries as Q
from core.games.northstar.rules import RULES
from core.games.northstar.state import species_uid
from tests.games.northstar.ns_play import act, fresh, legal, position, random_moves

A1, A2, B1, B2 = species_uid(0, 1), species_uid(0, 2), species_uid(1, 1), species_uid(1, 2)


@pytest.mark.parametrize("players", range(2, 7))
def test_setup_gives_everyone_a_species_and_a_hand(players: int) -> None:
    """NS31, P1.2: round 1 gives each player a species (p = 1, b = 1) and 3 + 1 cards; two
    players remove 40 cards unseen (NS26)."""
    s = fresh(7, players)
    assert s.round == 1 and s.step == "food" and s.decider == s.first
    for seat, p in enumerate(s.players):
        assert p.row == [species_uid(seat, 1)] and len(p.hand) == 4
        x = s.species[p.row[0]]
        assert (x.pop, x.body, x.cards) == (1, 1, [])
    assert len(s.removed) == (40 if players == 2 else 0)
    assert len(s.deck) == 129 - len(s.removed) - 4 * players


def test_player_count_and_options() -> None:
    """NS1: 2 to 6 players; NS27, NS29: the options."""
    for n in (1, 7):
        with pytest.raises(OptionsError, match="NS1"):
            GAME.normalize({}, n)
    assert GAME.normalize({"short": "yes"}, 3) == {"short": True, "open_bags": False}
    with pytest.raises(OptionsError, match="NS29"):
        GAME.normalize({"open_bags": "maybe"}, 3)


def test_draws_stop_when_both_piles_are_empty() -> None:
    """NS24: nothing to reshuffle, so nothing is drawn and no round is flagged."""
    s = fresh(3, 3)
    tx = flow.new_tx(s)
    while tx.s.deck:
        flow.draw(tx, 0, len(tx.s.deck), "extinction")
    assert not tx.s.discard
    before = len(tx.events)
    flow.draw(tx, 1, 3, "extinction")
    assert len(tx.events) == before and tx.s.last == 0


def test_refusals_cite_the_ruling_in_both_languages() -> None:
    s = position(step="feed", hole=0, players=[
        {"species": [{"id": "A1", "pop": 2, "body": 2, "traits": ["carnivore"]}]},
        {"species": [{"id": "B1", "traits": ["climbing"]}, {"id": "B2", "body": 1}]},
    ])
    for text, rule, en, ru in [
        ("attack A1 B1", "NS§4.3", "only a carnivore with Climbing", "только хищник с Лазающим"),
        ("attack A1 A1", "NS§4.3", "cannot attack itself", "сам на себя"),
        ("eat A1", "NS6", "carnivores never eat plant food", "никогда не едят"),
        ("attack B2 A1", "NS§3.5", "is not your species", "не ваш вид"),
        ("food 3", "NS§3.7", "not the choice being made now", "другой выбор"),
        ("end", "NS5", "a feeding action is compulsory", "обязательно"),
    ]:
        why = RULES.explain(s, RULES.parse_action(text), "en")
        assert why is not None and why.rule_id == rule and en in why.message, (text, why)
        ru_why = RULES.explain(s, RULES.parse_action(text), "ru")
        assert ru_why is not None and ru in ru_why.message, (text, ru_why.message)
        with pytest.raises(IllegalAction):
            RULES.apply(RULES.clone(s), RULES.parse_action(text))
    assert RULES.explain(s, RULES.parse_action("attack A1 B2"), "en") is None


def test_refusals_cite_the_rule_that_forbids_the_move() -> None:
    """Issue #20's audit: a trait twice on one species is §3.5's rule (NS21 is the trait limit);
    a fed herbivore's Intelligence is §4.5's (it gathers only while hungry; NS13 is not about
    hunger)."""
    s = position(step="play", players=[
        {"hand": [1], "species": [{"id": "A1", "traits": ["carnivore"]}]},
        {"species": [{"id": "B1"}]},
    ])
    why = RULES.explain(s, RULES.parse_action("trait 1 A1"), "en")  # card 1 is a Carnivore
    assert why is not None and why.rule_id == "NS§3.5" and "no trait twice" in why.message
    s = position(step="feed", hole=2, players=[
        {"hand": [1], "species": [{"id": "A1", "pop": 1, "plant": 1, "traits": ["intelligence"]}]},
        {"species": [{"id": "B1"}]},
    ])
    why = RULES.explain(s, RULES.parse_action("intel 1 A1"), "en")
    assert why is not None and why.rule_id == "NS§4.5" and "hungry" in why.message


def test_feeding_goes_on_while_intelligence_could_open_an_attack() -> None:
    """NS4 with NS13: a hungry carnivore that only its owner's Intelligence could let attack
    keeps the feeding phase going; Intelligence is never compulsory, so its owner may end the
    turn, and a round of idle turns ends the phase (NS5)."""
    s = position(step="feed", hole=0, players=[
        {"hand": [5], "species": [{"id": "A1", "pop": 2, "body": 3,
                                   "traits": ["carnivore", "intelligence"]}]},
        {"species": [{"id": "B1", "traits": ["climbing"]}, {"id": "B2", "body": 5}]},
    ])
    assert Q.feeding_goes_on(s) and not Q.obliged(s, 0)
    assert {"intel 5 off climbing", "end"} <= legal(s)
    act(s, "end")
    assert s.round == 2, "two idle turns in a row end the feeding phase"


def test_a_switched_off_trait_opens_the_attack() -> None:
    s = position(step="feed", hole=0, players=[
        {"hand": [5], "species": [{"id": "A1", "pop": 2, "body": 3,
                                   "traits": ["carnivore", "intelligence"]}]},
        {"species": [{"id": "B1", "traits": ["climbing"]}, {"id": "B2", "body": 5}]},
    ])
    act(s, "intel 5 off climbing")
    assert legal(s) == {"attack A1 B1"}, "the attack is now the compulsory feeding action"


def test_outcome_and_prompt() -> None:
    s = position(step="feed", round=2, last=2, hole=1, players=[
        {"bag": 4, "species": [{"id": "A1", "pop": 2, "plant": 2, "traits": ["fat", "horns"]}]},
        {"bag": 1, "species": [{"id": "B1", "pop": 1, "plant": 1}]},
    ])
    assert RULES.prompt(s, "en").startswith("Feeding (watering hole: 1): you may eat")
    assert RULES.prompt(s, "ru").startswith("Питание (на водопое 1)")
    assert RULES.outcome(s) is None
    events = act(s, "end")
    assert isinstance(events[-1], E.GameEnded)
    out = RULES.outcome(s)
    assert out is not None and out.winners == [0] and out.scores == [10, 3]
    assert out.breakdown[0] == {"bag": 6, "population": 2, "traits": 2, "species": 1, "shared": 0}
    assert RULES.pending(s) is None and RULES.prompt(s, "en") == ""
    assert RULES.finishing_action(A.END)


def test_the_short_variant_changes_nothing_but_who_sees_what() -> None:
    """NS27, §7.4: each player touches only his own species, so the same card uses planned in
    secret and carried out together give the same game as played one turn after another."""
    for seed in (1, 2):
        games = []
        for short in (False, True):
            s = fresh(seed, 4, short=short)
            moves = [RULES.format_action(a) for a, _, _ in random_moves(s, random.Random(seed))]
            games.append((moves, RULES.outcome(s)))
        assert games[0] == games[1]
