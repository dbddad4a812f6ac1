"""The data files of `gravity` hold what spec §2, §6-8 say, and the code reads them (G1, G53)."""

from __future__ import annotations

import itertools
import re

from core.games.gravity import queries as Q
from core.games.gravity.data import (
    CHARACTERS,
    board,
    characters,
    curse_deck,
    curses,
    events,
    game,
    monsters,
)
from core.games.gravity.texts import keys, table


def test_board_shape() -> None:
    b = board()
    assert sorted(b.locations) == list(range(1, 24))
    assert len(b.roads) == 41 and len(set(b.roads)) == 41
    assert all(a != c for a, c in b.roads)
    for loc, nbrs in b.neighbours.items():
        assert all(loc in b.neighbours[n] for n in nbrs), "neighbour lists are symmetric"
        assert 2 <= len(nbrs) <= 5
    assert max(d for row in b.distance.values() for d in row.values()) == 6
    assert all(len(row) == 23 for row in b.distance.values()), "the graph is connected"
    assert sum(loc.support for loc in b.locations.values()) == 46
    assert [loc.id for loc in b.locations.values() if loc.three_plus] == [14, 19, 20, 21, 23]
    assert sum(loc.rulebook for loc in b.locations.values()) == 10


def test_rulebook_examples_hold_on_the_board() -> None:
    nb = board().neighbours
    assert nb[8] == (9, 10, 11)  # Abuelita's House
    assert nb[12] == (3, 4, 5, 6)  # the Rumours example: the Diner
    assert Q.dist(12, 7) == 2
    assert 7 in [end for end, _, _ in Q.route_ends(12, 3, (), 0)]


def test_every_location_has_routes_of_each_length() -> None:
    for loc in board().ids:
        for d in range(1, 5):
            assert Q.route_ends(loc, d, (), 0), f"no route of {d} roads from L{loc:02d}"


def test_a_gnome_monster_too_far_to_reach_stops_no_route() -> None:
    """G11: only a Gnome Monster fewer than `distance` roads away can stop a route, so the
    routes' cache leaves a farther one out of its key (queries._route_key)."""
    ids = board().ids
    for loc in ids:
        for d in range(1, 5):
            free = Q.route_ends(loc, d, (), 0)
            for giant in ids:
                if Q.dist(loc, giant) >= d:
                    assert Q.route_ends(loc, d, (), giant) == free, (loc, d, giant)
    near = [(loc, g) for loc in ids for g in ids if Q.dist(loc, g) == 1]
    assert any(Q.route_ends(loc, 3, (), g) != Q.route_ends(loc, 3, (), 0) for loc, g in near)


def test_a_location_too_far_to_enter_blocks_no_route() -> None:
    """C06: a route of `distance` roads enters only locations at most that far away, so the
    routes' cache leaves a blocked location farther off out of its key (queries.in_reach)."""
    ids = board().ids
    for loc in ids:
        for d in range(1, 5):
            free = Q.route_ends(loc, d, (), 0)
            for b in ids:
                if b != loc and Q.dist(loc, b) > d:
                    assert Q.route_ends(loc, d, (b,), 0) == free, (loc, d, b)
                    assert Q.in_reach(loc, d, (b,)) == ()
                elif b != loc:
                    assert Q.in_reach(loc, d, (b,)) == (b,)
    assert any(Q.route_ends(loc, 2, (b,), 0) != Q.route_ends(loc, 2, (), 0)
               for loc in ids for b in ids if Q.dist(loc, b) == 1)


def _orient(a: tuple[int, int], b: tuple[int, int], c: tuple[int, int]) -> int:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def test_map_coordinates_draw_a_planar_map() -> None:
    """Straight roads between the grid points never cross nor run through a location."""
    b = board()
    pos = {i: (loc.x, loc.y) for i, loc in b.locations.items()}
    assert len(set(pos.values())) == 23
    for (a, c), (d, e) in itertools.combinations(b.roads, 2):
        if len({a, c, d, e}) < 4:
            continue
        p, q, r, s = pos[a], pos[c], pos[d], pos[e]
        crosses = _orient(p, q, r) * _orient(p, q, s) < 0 and _orient(r, s, p) * _orient(r, s, q) < 0
        assert not crosses, f"roads {a}-{c} and {d}-{e} cross"
    for a, c in b.roads:
        for loc, p in pos.items():
            if loc in (a, c):
                continue
            inside = (min(pos[a][0], pos[c][0]) <= p[0] <= max(pos[a][0], pos[c][0])
                      and min(pos[a][1], pos[c][1]) <= p[1] <= max(pos[a][1], pos[c][1]))
            assert not (_orient(pos[a], pos[c], p) == 0 and inside), f"road {a}-{c} runs through L{loc:02d}"


def test_components() -> None:
    g = game()
    assert (g.tokens, g.courage_dice, g.cap, g.hand, g.row, g.monsters) == (51, 20, 7, 3, 3, 3)
    assert sorted(g.faces) == sorted("sssmmc")  # G52
    assert g.alarm_max == 16 and [m for m, _ in g.marks] == [6, 11, 16]  # G54
    assert g.difficulty == {"easy": 4, "normal": 6, "hard": 8}  # G59
    assert list(g.actions) == ["0-4", "1-3", "2-2", "3-1", "4-0", "tp"]
    assert all(a.distance + a.dice == 4 for a in g.actions.values() if not a.teleport)
    assert g.actions["tp"].dice == 2  # G57
    assert list(characters()) == list(CHARACTERS)
    assert len(monsters()) == 9 and sorted(str(m.params["tier"]) for m in monsters().values()) == \
        ["easy"] * 3 + ["hard"] * 3 + ["medium"] * 3
    assert sorted(curses()) == [f"C{i:02d}" for i in range(1, 19)] and len(curse_deck()) == 18
    assert sorted(events()) == [f"E{i}" for i in range(1, 9)]


def test_every_name_and_text_has_both_languages() -> None:
    for group in (characters(), monsters(), curses(), events()):
        for item in group.values():
            assert item.ru and item.en and item.text_ru and item.text_en
            assert re.search("[а-яё]", item.text_ru.lower()) and not re.search("[а-яё]", item.text_en.lower())
    for ch in characters().values():
        assert ch.params["teleport_ru"] and ch.params["teleport_en"]
    for key in keys():
        ru, en = table().get(key, "ru"), table().get(key, "en")
        assert ru and en
        assert set(re.findall(r"{(\w+)}", ru)) == set(re.findall(r"{(\w+)}", en)), key
