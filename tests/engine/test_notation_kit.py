"""The notation kit (core.engine.notation): a table of forms gives `format`, `parse` (with
errors that say what was expected, and usage derived from the same table) and `str(action)`.
Each game's own notation is tested in its folder and by tests/conformance/test_notation.py;
this is the kit on a small made-up game."""

from __future__ import annotations

import msgspec
import pytest

from core.engine import notation as N
from core.engine.protocol import NotationError


class Act(msgspec.Struct, N.Notated, frozen=True, tag_field="t"):
    pass


class Rest(Act, tag="rest"):
    pass


class Add(Act, tag="add"):
    card: int
    side: str
    animal: int


class Link(Act, tag="link"):
    a: int
    b: int


class Make(Act, tag="make"):
    card: int
    before: int = 0


class Guard(Act, tag="guard"):
    kind: str
    target: int = 0


class Pick(Act, tag="pick"):
    names: tuple[str, ...]


class Grow(Act, tag="grow"):
    card: int
    track: str


class Turn(Act, tag="turn"):
    left: bool


class Unwritten(Act, tag="unwritten"):
    n: int
    names: tuple[str, ...] = ()


def _something(pick: Pick) -> Pick:
    if not pick.names:
        raise NotationError("pick something")
    return pick


ANIMAL = N.Id("c", "animal")
NAMES = N.Lookup("name", lambda: {"fox": "fox", "Red Fox": "fox", "owl": "owl", "сова": "owl"},
               known=lambda: "fox, owl")
NOTATION = N.Notation(
    N.Form(Rest, "rest"),
    N.Form(Add, "add", N.CardSide("ab", bare=lambda card: card < 10)("card", "side"), ANIMAL("animal")),
    N.Form(Link, "link", ANIMAL("a"), ANIMAL("b"), when=lambda x: x.a < x.b),
    N.Form(Link, "link", N.Arrow(ANIMAL, "giver", "taker")("a", "b")),
    N.Form(Make, "make", N.Number("card")("card"), ANIMAL("before", optional=True)),
    N.Form(Guard, "guard", "none", kind="none"),
    N.Form(Guard, "guard", "mimic", ANIMAL("target"), kind="mimic"),
    N.Form(Pick, "pick", N.ListOf(NAMES, as_set=True)("names"), check=_something),
    N.Form(Grow, "body", N.Number("card")("card"), track="body"),
    N.Form(Grow, "pop", N.Number("card")("card"), track="pop"),
    N.Form(Turn, "turn", N.Choice(left=True, right=False)("left")),
)

EXAMPLES = {
    "rest": Rest(), "add 3 c1": Add(3, "a", 1), "add 3b c1": Add(3, "b", 1),
    "add 12a c1": Add(12, "a", 1), "link c1 c2": Link(1, 2), "link c2>c1": Link(2, 1),
    "make 5": Make(5), "make 5 c2": Make(5, 2), "guard none": Guard("none"),
    "guard mimic c4": Guard("mimic", 4), "pick fox,owl": Pick(("fox", "owl")),
    "body 7": Grow(7, "body"), "pop 7": Grow(7, "pop"), "turn left": Turn(True),
    "turn right": Turn(False),
}


@pytest.mark.parametrize(("text", "action"), EXAMPLES.items(), ids=list(EXAMPLES))
def test_format_parse_and_str_agree(text: str, action: Act) -> None:
    assert NOTATION.format(action) == text == str(action) == f"{action}"
    assert NOTATION.parse(text) == action


def test_verbs_are_the_first_words_in_the_tables_order() -> None:
    assert NOTATION.verbs == ("rest", "add", "link", "make", "guard", "pick", "body", "pop", "turn")


@pytest.mark.parametrize(("text", "action"), [
    ("  ADD   3B   C1 ", Add(3, "b", 1)),
    ("add 12 c1", Add(12, "a", 1)),  # a bare card reads as its first side, whatever the card
    ("pick Owl,red-fox,сова", Pick(("fox", "owl"))),  # names, any case, `-` for a space, a set
    ("Turn LEFT", Turn(True)),
])
def test_parsing_is_forgiving(text: str, action: Act) -> None:
    assert NOTATION.parse(text) == action


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty action"),
    ("jump c3", "unknown action 'jump' (actions: rest, add, link, make, guard, pick, body, pop, turn)"),
    ("rest now", "usage: rest"),
    ("add 3b", "usage: add <card>[a|b] c<animal>"),
    ("add x c1", "expected a card like 17, 17a or 17b, got 'x'"),
    ("add 3c c1", "expected a card like 17, 17a or 17b, got '3c'"),
    ("add 3 1", "expected an animal like c3, got '1'"),
    ("add 3 cx", "expected an animal like c3, got 'cx'"),
    ("add 3 c²", "expected an animal like c3, got 'c²'"),
    # literal words and a shape's look pick the form; when none takes the words, its usage
    ("link c1", "usage: link c<animal> c<animal> | link c<giver>>c<taker>"),
    ("link c1> c2", "expected an animal like c3, got 'c1>'"),
    ("link c1>", "expected an animal like c3, got ''"),
    ("make", "usage: make <card> [c<animal>]"),
    ("make 5 c2 c3", "usage: make <card> [c<animal>]"),
    ("guard", "usage: guard none | guard mimic c<animal>"),
    ("guard mimic", "usage: guard mimic c<animal>"),
    ("guard jump", "usage: guard none | guard mimic c<animal>"),
    ("pick bat", "unknown name 'bat' (fox, owl)"),
    ("pick ,", "pick something"),  # a form's check
    ("turn up", "expected left or right, got 'up'"),
])
def test_errors_say_what_was_expected(text: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        NOTATION.parse(text)
    assert str(info.value) == message


def test_a_form_that_does_not_fit_is_not_used() -> None:
    # `when` picks the arrow for a link whose giver comes second; constants pick Grow's verb
    assert NOTATION.format(Link(5, 2)) == "link c5>c2"
    assert NOTATION.format(Grow(1, "pop")) == "pop 1"


def test_an_action_no_form_writes_is_still_named() -> None:
    """Only a damaged save holds one (`defend jump`); a message about it names it."""
    assert NOTATION.format(Guard("jump")) == "guard jump"
    assert NOTATION.format(Grow(1, "tail")) == "grow 1 tail"
    assert str(Unwritten(3, ("x", "y"))) == N.plain(Unwritten(3, ("x", "y"))) == "unwritten 3 x,y"


def test_a_table_typo_fails_at_once() -> None:
    with pytest.raises(ValueError, match="Add has no field"):
        N.Form(Add, "add", ANIMAL("animals"))
    with pytest.raises(ValueError, match="only the last part"):
        N.Form(Make, "make", ANIMAL("before", optional=True), N.Number("card")("card"))
