"""Reading a scenario's `[position]` into a game's schema (core/engine/positions.py): a key
that is unknown, missing or of the wrong kind, or a value out of its bounds, is refused in one
line naming the key's path as the file writes it and what is wrong — for every game alike, from
the msgspec Structs the game declares."""

# No `from __future__ import annotations`: msgspec reads these annotations as types.

from typing import Annotated, Literal

import msgspec
import pytest

from core.engine.positions import read, uid

Small = Annotated[int, msgspec.Meta(ge=0, le=4)]


class Piece(msgspec.Struct, forbid_unknown_fields=True):
    id: int | str = 0
    energy: Small = 0
    marks: Annotated[list[Small], msgspec.Meta(max_length=2)] = []
    bag: int | list[int] = 0


class Place(msgspec.Struct, forbid_unknown_fields=True):
    support: Small = 0


class Position(msgspec.Struct, forbid_unknown_fields=True):
    players: list[Piece]
    step: Literal["play", "feed"] = "play"
    solo: bool = False
    places: dict[str, Place] = {}


@pytest.mark.parametrize(("table", "says"), [
    ({}, "`players` is missing"),
    ({"players": 5}, "`players` must be a list, not 5"),
    ({"players": [], "bogus": 1}, "the position has no key `bogus` (its keys: players, step, solo, places)"),
    ({"players": [{"x": 1}]}, "`players[0]` has no key `x` (its keys: id, energy, marks, bag)"),
    ({"players": [{"energy": 2.5}]}, "`players[0].energy` must be a whole number, not 2.5"),
    ({"players": [{"energy": True}]}, "`players[0].energy` must be a whole number, not True"),
    ({"players": [{}, {"energy": 5}]}, "`players[1].energy` must be at most 4, not 5"),
    ({"players": [{"energy": -1}]}, "`players[0].energy` must be at least 0, not -1"),
    ({"players": [{"marks": [1, 2, 3]}]}, "`players[0].marks` holds at most 2 items, not 3"),
    ({"players": [{"marks": [1, 9]}]}, "`players[0].marks[1]` must be at most 4, not 9"),
    ({"players": [{"id": 1.5}]}, "`players[0].id` must be a whole number or a string, not 1.5"),
    ({"players": [{"bag": "x"}]}, "`players[0].bag` must be a whole number or a list, not 'x'"),
    ({"players": [], "step": "bogus"}, "`step` is 'bogus', not one of play, feed"),
    ({"players": [], "solo": "maybe"}, "`solo` must be true or false, not 'maybe'"),
    ({"players": [], "places": {"L01": {}, "L07": {"support": "x"}}},
     "`places.L07.support` must be a whole number, not 'x'"),
    ({"players": [], "places": {"L07": 3}}, "`places.L07` must be a table, not 3"),
])
def test_a_position_that_does_not_fit_is_refused_naming_the_key(table: dict, says: str) -> None:
    with pytest.raises(ValueError) as info:
        read(Position, table)
    assert str(info.value) == says


def test_a_position_that_fits_is_read_with_its_defaults() -> None:
    pos = read(Position, {"players": [{"id": "c3", "marks": [1]}], "places": {"L02": {"support": 4}}})
    assert pos == Position([Piece("c3", 0, [1])], "play", False, {"L02": Place(4)})


def test_a_table_inside_the_position_names_its_path_from_the_position() -> None:
    with pytest.raises(ValueError, match=r"^`setup.players\[0\].energy` must be at most 4, not 7$"):
        read(Position, {"players": [{"energy": 7}]}, "setup")


def test_a_piece_is_numbered_with_or_without_its_letter() -> None:
    assert uid(3, "id") == uid("c3", "id") == uid("C3", "id") == 3
    for bad, says in ((0, "`id` must be 1..1000000, not 0"),
                      ("x3", "`id` must be a number or c<number>, not 'x3'"),
                      ("c", "`id` must be a number or c<number>, not 'c'")):
        with pytest.raises(ValueError) as info:
            uid(bad, "id")
        assert str(info.value) == says
