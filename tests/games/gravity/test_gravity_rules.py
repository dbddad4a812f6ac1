"""Rules of `gravity` that are easier to check on events than in scenario files."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import msgspec
import pytest

from core.engine.rng import derived
from core.engine.rules_base import FoldError
from core.engine.session import GameSession, UndoRefused
from core.games.gravity import actions as A
from core.games.gravity import events as E
from core.games.gravity import queries as Q
from core.games.gravity.data import card_location, game, tier
from core.games.gravity.effects import faces, new_tx, take_curse
from core.games.gravity.rules import RULES
from core.games.gravity.scenario import SCENARIO
from tests.games.gravity.test_gravity_play import fresh, random_moves

QUIET = [{"id": "M3", "loc": 19}, {"id": "M1", "loc": 21}, {"id": "M4", "loc": 14}]


def position(**pos: Any) -> Any:
    base: dict[str, Any] = {"tokens": "empty", "monsters": QUIET, "row": ["L08", "L11", "L10"]}
    base.update(pos)
    return SCENARIO.state(base, 0)


def test_excess_curses_follow_the_roll_curse() -> None:
    """G15: the roll's own curse, Bad Luck's extra, then one per die beyond the cap."""
    s = position(characters=[{"id": "mabel", "loc": 12, "hand": ["0-4", "1-3"], "curses": ["C05"]}],
                 locations={"L12": {"support": 5}}, fixed_dice="ssssscc",
                 cdeck=["C04", "C13", "C16", "C12"])
    events = RULES.apply(s, A.Play("0-4"))
    whys = [e.why for e in events if isinstance(e, E.CurseTaken)]
    assert whys == ["roll", "bad_luck", "excess", "excess"]


def test_no_curse_when_both_piles_are_empty() -> None:
    """G37: every curse is held, so a curse face gives nothing."""
    held = [f"C{i:02d}" for i in range(1, 19)]
    s = position(characters=[{"id": "mabel", "loc": 12, "curses": held[:9]},
                             {"id": "dipper", "loc": 3, "curses": held[9:]}])
    tx = new_tx(s)
    take_curse(tx, 0, "roll")
    assert tx.events == [] and len(s.chars[0].curses) == 9


def test_die_faces_are_three_two_one() -> None:
    """G52: the RNG maps faces 1-3, 4-5, 6 to success, movement, curse."""
    s = position(characters=[{"id": "mabel", "loc": 12}])
    counts: Counter[str] = Counter()
    for n in range(3000):
        s.rng_count = n
        counts.update(faces(s, 4)[0])
    total = sum(counts.values())
    assert abs(counts["s"] / total - 1 / 2) < 0.02
    assert abs(counts["m"] / total - 1 / 3) < 0.02
    assert abs(counts["c"] / total - 1 / 6) < 0.02
    assert game().faces == "sssmmc"


def test_nightmare_discards_a_random_card_and_reveals_it() -> None:
    s = position(characters=[{"id": "mabel", "loc": 12, "hand": ["0-4", "1-3", "2-2"]}],
                 fixed_dice="sssc", cdeck=["C18"])
    events = RULES.apply(s, A.Play("0-4"))
    drop = [e for e in events if isinstance(e, E.ActionDiscarded)]
    assert len(drop) == 1 and drop[0].why == "nightmare" and drop[0].random
    assert drop[0].card in ("1-3", "2-2") and RULES.reveals(drop[0])
    expected = ["1-3", "2-2"][derived(0, 0).randrange(2)]
    assert drop[0].card == expected


def test_broken_teleport_discards_without_moving_under_the_glitch() -> None:
    """G42 with C16: the Teleport is discarded; the character stays."""
    s = position(stage="m3", row=["L08", "L11"], mdeck=["E1"],
                 characters=[{"id": "dipper", "loc": 12, "hand": ["tp"], "curses": ["C16"]},
                             {"id": "mabel", "loc": 3, "hand": ["1-3"]}])
    assert s.chars[0].loc == 12 and "tp" in s.chars[0].discard and s.turn == 2


def test_shaky_hands_caps_the_removal_roll_at_five() -> None:
    s = position(characters=[{"id": "mabel", "loc": 12, "hand": ["0-4", "1-3"], "curses": ["C01", "C04"]}],
                 locations={"L12": {"support": 6, "die": True}}, fixed_dice="s" * 20)
    RULES.apply(s, A.Play("0-4"))  # 10 dice wanted, 5 rolled, 5 excess curses
    assert s.excess == 5 and len(s.dice) == 5
    while s.step != "remove":
        RULES.apply(s, RULES.legal_actions(s)[-1])
    RULES.apply(s, A.ROLL)
    assert len(s.dice) == 5 and s.excess == 0


def test_confusion_can_leave_no_die_and_the_fight_fails() -> None:
    s = position(characters=[{"id": "mabel", "loc": 7, "hand": ["4-0", "1-3"], "curses": ["C09"]}],
                 monsters=[{"id": "M3", "loc": 14}, {"id": "M1", "loc": 21}, {"id": "M4", "loc": 19}])
    events = RULES.apply(s, A.Play("4-0", 14))
    roll = next(e for e in events if isinstance(e, E.Rolled))
    assert roll.faces == "" and roll.wanted == 0
    assert any(isinstance(e, E.FightFailed) and e.reason == "short" for e in events)


def test_refusals_cite_rulings_in_both_languages() -> None:
    s = position(characters=[{"id": "soos", "loc": 12, "hand": ["0-4"], "curses": ["C04"]},
                             {"id": "dipper", "loc": 3, "curses": ["C11"]}])
    assert s.step == "ability"
    for action, rule in [(A.Lift("soos", "C04"), "G61"), (A.Lift("dipper", "C04"), "G61"),
                         (A.MoveDie(3, 4), "G26"), (A.Play("0-4"), "G§4")]:
        for lang in ("ru", "en"):
            why = RULES.explain(s, action, lang)
            assert why is not None and why.rule_id == rule and why.message
    assert RULES.explain(s, A.Lift("dipper", "C11"), "en") is None


def test_a_place_out_of_the_cards_reach_is_refused_for_its_distance() -> None:
    """G8: a place further away than the card's roads is refused for that, not for the route's
    rules (no road twice, no return to the start), which only refuse a place within reach."""
    s = position(characters=[{"id": "mabel", "loc": 14, "hand": ["2-2", "1-3"]}, {"id": "dipper", "loc": 13}])
    assert Q.dist(14, 2) == 2
    why = RULES.explain(s, RULES.parse_action("play 1-3 L02"), "en")
    assert why is not None and why.rule_id == "G8"
    assert why.message == "Northwest Manor is 2 roads away, and «1-3» goes exactly 1 road.", why.message
    ru = RULES.explain(s, RULES.parse_action("play 1-3 L02"), "ru")
    assert ru is not None and ru.message.startswith("До локации «Особняк Нортвестов» 2 дороги"), ru.message
    near = RULES.explain(s, RULES.parse_action("play 2-2 L14"), "en")
    assert near is not None and near.rule_id == "G8" and "away" not in near.message


def test_refusals_cite_the_card_that_forbids_the_move() -> None:
    """Issue #20's audit: what a curse or a monster forbids cites its text (§8.4, §8.2), not a
    neighbouring ruling (G18 on pushing, G33 on the order of a Disorder, G50 on forced rests)."""
    s = position(characters=[{"id": "mabel", "loc": 12, "hand": ["0-4", "1-3"], "curses": ["C13"]}],
                 locations={"L12": {"support": 1, "distrust": 1}}, fixed_dice="mmmmm")
    RULES.apply(s, A.Play("0-4"))
    assert s.step == "push"
    why = RULES.explain(s, RULES.parse_action("push L03 distrust"), "en")
    assert why is not None and why.rule_id == "G§8.4" and "Clumsiness" in why.message
    s = position(characters=[{"id": "mabel", "loc": 12, "hand": ["0-4", "1-3"]}],
                 monsters=[{"id": "M5", "loc": 3}, {"id": "M1", "loc": 21}, {"id": "M4", "loc": 14}],
                 locations={"L04": {"die": True, "support": 1, "distrust": 1}}, row=["L12", "L08", "L11"])
    RULES.apply(s, A.REST)
    assert s.step == "disorder"
    why = RULES.explain(s, RULES.parse_action("skip L04"), "en")
    assert why is not None and why.rule_id == "G§8.2" and "Manotaur" in why.message


def test_views_hide_deck_orders_and_unseen_events() -> None:
    s = position(characters=[{"id": "mabel", "loc": 12, "hand": ["0-4"]}], mdeck=["E3", "E5"])
    other = RULES.clone(s)
    other.mdeck.reverse()
    other.chars[0].deck.reverse()
    other.cdeck.reverse()
    other.unused = sorted(other.unused, reverse=True)
    assert RULES.view(s, 0) == RULES.view(other, 0)
    v = RULES.view(s, 0)
    assert v.mdeck_hidden == 2 and v.unused == 6 and "E3" not in v.mdeck_known
    sample = RULES.determinize(v, random.Random(3))
    assert sorted(e for e in sample.mdeck if e[0] == "E") != [] and RULES.view(sample, 0) == v
    blob = msgspec.json.encode(v).decode()
    assert "E3" not in blob and "E5" not in blob


def test_strict_undo_refuses_to_take_back_a_roll() -> None:
    session = GameSession.new("gravity", seats=1, seed=3, undo="strict",
                              options={"characters": ["mabel"]})
    rng = random.Random(1)
    rolled = False
    for _ in range(200):
        pend = session.pending()
        if pend is None:
            break
        events = session.act(session.legal_actions()[rng.randrange(len(session.legal_actions()))])
        if any(isinstance(e, E.Rolled) for e in events):
            rolled = True
            try:
                session.undo(1)
            except UndoRefused as exc:
                assert "revealed" in str(exc)
            else:
                raise AssertionError("a roll was undone in strict mode")
            break
    assert rolled


def test_kids_pick_any_three_figures() -> None:
    tiers = set()
    for seed in range(40):
        s = None
        for ev in RULES.setup({"variant": "kids"}, seed, 2):
            s = RULES.evolve(s, ev)
        assert s is not None and len(s.monsters) == 3 and s.difficulty == ""
        tiers.add(tuple(sorted(tier(m.id) for m in s.monsters)))
    assert len(tiers) > 1  # not always one per tier: the kids' variant has no tiers (G5)


def test_clone_is_a_deep_copy() -> None:
    s = fresh(21, 3, difficulty="hard")
    for _ in random_moves(s, random.Random(2), limit=25):
        pass
    c = RULES.clone(s)
    assert msgspec.msgpack.encode(c) == msgspec.msgpack.encode(s)
    c.chars[0].hand.append("x")
    c.places[0].support += 5
    c.monsters[0].loc = 0
    c.row.append("L01")
    assert "x" not in s.chars[0].hand and s.places[0].support != c.places[0].support
    assert c.monsters[0] is not s.monsters[0] and len(s.row) != len(c.row)


def test_a_damaged_log_is_refused_when_folded() -> None:
    s = SCENARIO.state({"tokens": "empty", "monsters": QUIET, "characters": [
        {"id": "mabel", "loc": 12, "hand": ["0-4"], "deck": ["1-3", "2-2", "3-1", "4-0", "tp"]}]}, 0)
    for bad in [E.Drew("mabel", ["2-2"]), E.TokenMoved(3, 12, "support", "push"),
                E.DiePlaced("mabel", 12) if s.supply == 0 else E.DieRemoved(12, "night"),
                E.CurseTaken("mabel", "C18", "roll"), E.MonsterMoved("M3", "L05", 5),
                E.CardPlayed("dipper", "0-4"), E.AlarmRaised(1, 5, "panic")]:
        with pytest.raises(FoldError):
            RULES.evolve(RULES.clone(s), bad)


@pytest.mark.parametrize(("options", "players"), [({}, 2), ({"variant": "kids"}, 3),
                                                  ({"difficulty": "hard"}, 4)])
def test_the_rules_leave_the_state_their_events_fold_to(options: dict[str, Any], players: int) -> None:
    """The transaction makes the flow's most frequent changes itself (effects.Tx.goto, ask,
    token, flip, ...) instead of folding their events: after the setup and after every move
    of random games, the log folded event by event gives the very state the rules left."""
    opts = RULES.normalize_options(options, players)
    for seed in range(150):
        tx = new_tx(None)
        RULES.flow.setup(tx, players, opts, seed)
        live, folded = tx.s, None
        for ev in tx.events:
            folded = RULES.evolve(folded, ev)
        assert folded == live, seed
        rng = random.Random(seed)
        while RULES.pending(live) is not None:
            legal = RULES.legal_actions(live)
            for ev in RULES.apply(live, legal[rng.randrange(len(legal))]):
                folded = RULES.evolve(folded, ev)
            assert folded == live, (seed, live.turn)


def test_each_method_of_the_transaction_changes_what_its_event_folds_to() -> None:
    """The same for the rare cases random games seldom reach (a walk stopped by the Gnome
    Monster, a Goto with a work list, a flip to support): each method of effects.Tx, called
    on a copy of a position, leaves the state its own event folds the other copy to."""
    opts = RULES.normalize_options({}, 2)
    base = None
    for ev in RULES.setup(opts, 3, 2):
        base = RULES.evolve(base, ev)
    assert base is not None
    c = base.chars[base.active]
    loc = c.loc
    sup = next(i + 1 for i, p in enumerate(base.places) if p.support)
    dis = next(i + 1 for i, p in enumerate(base.places) if p.distrust)
    nb = Q.nbrs(sup)[0]
    calls: list[tuple[str, tuple[Any, ...]]] = [
        ("goto", ("t4",)), ("goto", ("t4_pull", [loc, 1, nb])), ("ask", (base.active, "push")),
        ("token", (sup, nb, "support", "push")), ("token", (dis, Q.nbrs(dis)[0], "distrust", "push")),
        ("flip", (sup, 1, "distrust", "disorder")), ("flip", (dis, 1, "support", "persuade")),
        ("alarm", (2, base.alarm + 2, "event")), ("mode", (c.id, base.monsters[0].id)),
        ("mode", (c.id, "")), ("moved", (c.id, [Q.nbrs(loc)[0]], "walk")),
        ("moved", (c.id, [Q.nbrs(loc)[0], loc], "stop")), ("row_added", ("L05",)),
        ("monster_moved", (base.monsters[1].id, base.row[0], card_location(base.row[0]))),
        ("turn", (base.turn + 1, base.round + 1, 1 - base.active, base.chars[1 - base.active].id)),
    ]
    base.row.pop()  # room in the row, and a location card on top of the movement deck
    (base.mdeck if "L05" in base.mdeck else base.mdiscard).remove("L05")
    base.mdeck.append("L05")
    for name, args in calls:
        mine, theirs = RULES.clone(base), RULES.clone(base)
        tx = new_tx(mine)
        getattr(tx, name)(*args)
        (event,) = tx.events
        assert RULES.evolve(theirs, event) == tx.s, name
