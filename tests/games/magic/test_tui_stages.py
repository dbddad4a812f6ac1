"""The decision stages of the table: what is offered and what each pick leads to (no Textual)."""

from __future__ import annotations

from core.games.magic import actions as A
from tests.games.magic.positions import MID_GAME, session_at
from tui.games.magic.stages import Sel, attack_is_futile, build_stage


def stage_of(position: dict, sel: Sel = Sel(), lang: str = "en"):  # noqa: B008
    s = session_at(position)
    return s, build_stage(s.view(s.pending().seat), s.legal_actions(), sel, lang)


def test_swap_offers_keep_and_swap_with_keep_on_enter() -> None:
    _, st = stage_of(dict(MID_GAME, step="swap"))
    assert [o.result for o in st.options] == [A.KEEP, A.SWAP]
    assert st.default == A.KEEP
    assert "5" in st.options[1].label


def test_add_goes_card_then_half_then_creature() -> None:
    pos = dict(MID_GAME, step="add")
    _, st = stage_of(pos)
    assert set(st.cards) == {12, 33, 47, 58, 63} and st.zone == "hand"
    assert st.cards[12] == Sel(card=12)
    _, st = stage_of(pos, Sel(card=12))
    assert [o.result for o in st.options[:2]] == [Sel(card=12, half="A"), Sel(card=12, half="B")]
    _, st = stage_of(pos, Sel(card=12, half="A"))  # Fire-breathing: both of Ann's creatures lack it
    assert st.creatures == {1: A.Add(12, "A", 1), 3: A.Add(12, "A", 3)}
    assert st.back == Sel(card=12)
    assert st.probe_creature(2) == A.Add(12, "A", 2)  # an opponent's creature: explained, refused


def test_a_card_with_one_usable_half_skips_the_half_question() -> None:
    pos = dict(MID_GAME, step="add")
    pos["players"] = [dict(MID_GAME["players"][0], hand=[47]), MID_GAME["players"][1]]
    # card 47 is Scary / Pesky; c3 already has Scary, c1 has neither: both halves usable
    _, st = stage_of(pos, Sel(card=47))
    assert len([o for o in st.options if isinstance(o.result, Sel) and o.result.half]) == 2
    pos["players"][0] = dict(pos["players"][0], creatures=[{"id": 3, "properties": ["scary"]}])
    _, st = stage_of(pos, Sel(card=47))
    assert st.creatures == {3: A.Add(47, "B", 3)}  # only Pesky fits: asked for the creature directly


def test_action_offers_only_what_the_rules_allow() -> None:
    pos = dict(MID_GAME, step="action", active=3)
    _, st = stage_of(pos)
    labels = {o.label: o for o in st.options}
    assert "Transmute" not in labels  # not enough energy
    assert "Attack…" not in labels  # c3 has no attacking property
    assert labels["Sleep"].result == A.SLEEP


def test_attack_picks_target_then_ordered_properties() -> None:
    pos = dict(MID_GAME, step="action", active=1)
    pos["players"] = [dict(MID_GAME["players"][0], creatures=[
        {"id": 1, "energy": 2, "properties": ["vampire", "sleep_inducing"]}]), MID_GAME["players"][1]]
    s, st = stage_of(pos, Sel(mode="attack"))
    assert set(st.creatures) == {2}  # c4 is Invisible, c5 Ghostly
    _, st = stage_of(pos, Sel(mode="attack", target=2, props=("sleep_inducing",)))
    ticks = {o.label: o.order for o in st.options if o.tick}
    assert ticks == {"Vampire": 0, "Sleep-inducing": 1}
    assert st.default == A.AttackWith(2, ("sleep_inducing",))
    view = s.view(0)
    assert attack_is_futile(view, A.AttackWith(2, ("vampire",)))  # Stone Hide
    assert not attack_is_futile(view, A.AttackWith(2, ("sleep_inducing",)))


def test_single_attacking_property_attacks_on_the_target_pick() -> None:
    _, st = stage_of(dict(MID_GAME, step="action", active=1), Sel(mode="attack"))
    assert st.creatures[2] == A.AttackWith(2, ("vampire",))


def test_effects_list_usable_properties_and_done() -> None:
    _, st = stage_of(dict(MID_GAME, step="effects", active=3))
    assert [o.label for o in st.options] == ["Use Scary", "Go on to the action"]
    _, st = stage_of(dict(MID_GAME, step="effects", active=3), Sel(mode="scary"))
    assert st.creatures == {1: A.Scare(1), 2: A.Scare(2)}  # awake, attacking, any owner


def test_texts_follow_the_language() -> None:
    _, st = stage_of(dict(MID_GAME, step="effects", active=3), lang="ru")
    assert st.options[0].label == "Применить «Страшное»"
