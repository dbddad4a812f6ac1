"""Pure questions about a `gravity` position (spec §4-8). Nothing here changes a state."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from core.games.gravity.data import board, characters, curses, game, monsters
from core.games.gravity.state import Char, GravityState, Monster, Place

if TYPE_CHECKING:
    from core.games.gravity.view import CharView, GravityView, MonsterView, PlaceView

GIANT, ZHIVOGRYZ, TRICKSTER, MANOTAUR, RUMBLE = "M2", "M3", "M4", "M5", "M6"
GREMLOBLIN, PTERODACTYL, TIME_MONSTER, GIDEON_BOT = "M1", "M7", "M8", "M9"


def kids(s: GravityState | GravityView) -> bool:
    return s.variant == "kids"


def nbrs(loc: int) -> tuple[int, ...]:
    return board().neighbours[loc]


def dist(a: int, b: int) -> int:
    return board().distance[a][b]


def place(s: GravityState | GravityView, loc: int) -> Place | PlaceView:
    return s.places[loc - 1]


def tokens(s: GravityState, loc: int) -> int:
    p = s.places[loc - 1]
    return p.support + p.distrust


def live(s: GravityState) -> list[Monster]:
    """Monsters still on the board, in monster order."""
    return [m for m in s.monsters if m.loc]


def monster_at(s: GravityState | GravityView, loc: int) -> list[Monster | MonsterView]:
    return [m for m in s.monsters if m.loc == loc]


def monster_here(s: GravityState, loc: int) -> bool:
    """A monster stands on `loc` (`monster_at` without building the list, or a generator)."""
    for m in s.monsters:  # noqa: SIM110 - a loop: any() over a generator costs a frame
        if m.loc == loc:
            return True
    return False


def alive(s: GravityState | GravityView, mid: str) -> Monster | MonsterView | None:
    """The monster `mid` if it is on the board and its ability counts (never in the kids' variant)."""
    if s.variant == "kids":
        return None
    for m in s.monsters:
        if m.id == mid and m.loc:
            return m
    return None


def has(c: Char | CharView, curse: str) -> bool:
    return curse in c.curses


def curse_num(curse: str, key: str) -> int:
    return curses()[curse].num(key)


def clockwise(s: GravityState) -> list[int]:
    """Seats from the active character round the table (G7, G41)."""
    n, a = len(s.chars), s.active
    return [*range(a, n), *range(a)]


def others_at(s: GravityState, seat: int, loc: int) -> bool:
    return any(c.loc == loc for i, c in enumerate(s.chars) if i != seat)


def loner_blocked(s: GravityState | GravityView, seat: int) -> tuple[int, ...]:
    """Locations Loner (C06) keeps the character out of: those with another character."""
    chars: list[Char] | list[CharView] = s.chars
    if "C06" not in chars[seat].curses:
        return ()
    return tuple(sorted({chars[i].loc for i in range(len(chars)) if i != seat}))


# --- abilities (§8.1, G26, G27) ----------------------------------------------------------

def ability_works(s: GravityState | GravityView, seat: int) -> bool:
    """The character's ability is not switched off by Jinx (C15) or, for Mabel and Stan, by a
    Manotaur on their location or a neighbouring one (G27, checked when it would be used)."""
    c = s.chars[seat]
    if "C15" in c.curses:
        return False
    if c.id in ("mabel", "stan"):
        m = alive(s, MANOTAUR)
        if m is not None and dist(m.loc, c.loc) <= 1:
            return False
    return True


def wendy_moves(s: GravityState, seat: int) -> list[tuple[int, int]]:
    """(from, to) moves of a courage die for Wendy's ability."""
    loc = s.chars[seat].loc
    out: list[tuple[int, int]] = []
    for src in (loc, *nbrs(loc)):
        if place(s, src).die:
            out.extend((src, dst) for dst in nbrs(src) if not place(s, dst).die)
    return sorted(out)


def soos_lifts(s: GravityState, seat: int) -> list[tuple[int, str]]:
    """(seat, curse) pairs Soos may discard: another character's, on or next to his location."""
    loc = s.chars[seat].loc
    out: list[tuple[int, str]] = []
    for i, c in enumerate(s.chars):
        if i != seat and dist(loc, c.loc) <= 1:
            out.extend((i, cur) for cur in c.curses)
    return out


def window_uses(s: GravityState, seat: int) -> bool:
    """Wendy's or Soos's once-per-turn ability can be used now (T1, T9)."""
    c = s.chars[seat]
    if c.id not in ("wendy", "soos") or s.ability_used or not ability_works(s, seat):
        return False
    return bool(wendy_moves(s, seat) if c.id == "wendy" else soos_lifts(s, seat))


def can_reroll(s: GravityState, seat: int) -> bool:
    return (s.chars[seat].id == "dipper" and not s.reroll_used and bool(s.dice)
            and ability_works(s, seat))


# --- movement (§4.2 T3, G8, G9, G11) -----------------------------------------------------

@lru_cache(maxsize=8192)
def route_ends(start: int, distance: int, blocked: tuple[int, ...],
               giant: int) -> tuple[tuple[int, tuple[int, ...], bool], ...]:
    """(end, path, stopped) for every place a route of `distance` roads can take the character.

    A route uses no road twice, never re-enters `start` and never enters a `blocked` location
    (G8, C06). Entering the Gnome Monster's location `giant` before the last road stops the
    character there (G11); the whole route must still be legal. Routes with the same end are one
    choice: the first found in ascending order is kept, a route without a stop preferred.
    """
    nb = board().neighbours
    found: dict[int, tuple[tuple[int, ...], bool]] = {}
    path: list[int] = []
    used: set[tuple[int, int]] = set()

    def walk(u: int, k: int, stop: int) -> None:
        if k == distance:
            end = stop or u
            prev = found.get(end)
            if prev is None or (prev[1] and not stop):
                kept = tuple(path[:path.index(stop) + 1]) if stop else tuple(path)
                found[end] = (kept, bool(stop))
            return
        for v in nb[u]:
            if v == start or v in blocked:
                continue
            road = (u, v) if u < v else (v, u)
            if road in used:
                continue
            used.add(road)
            path.append(v)
            walk(v, k + 1, stop or (v if v == giant and k + 1 < distance else 0))
            path.pop()
            used.discard(road)

    walk(start, 0, 0)
    return tuple(sorted((end, p, stopped) for end, (p, stopped) in found.items()))


@lru_cache(maxsize=8192)
def route_stops(start: int, distance: int, blocked: tuple[int, ...], giant: int) -> tuple[int, ...]:
    """The ends of `route_ends` alone, ascending."""
    return tuple(end for end, _, _ in route_ends(start, distance, blocked, giant))


def _route_key(s: GravityState | GravityView, seat: int,
               distance: int) -> tuple[int, int, tuple[int, ...], int]:
    loc = s.chars[seat].loc
    g = alive(s, GIANT)
    # A Gnome Monster farther than distance - 1 roads can stop no route: leaving it out of
    # the key lets the cached routes serve wherever it stands then.
    giant = g.loc if g is not None and board().distance[loc][g.loc] < distance else 0
    return loc, distance, in_reach(loc, distance, loner_blocked(s, seat)), giant


def in_reach(loc: int, distance: int, blocked: tuple[int, ...]) -> tuple[int, ...]:
    """The blocked locations a route of `distance` roads from `loc` could enter: one farther
    away blocks nothing, and leaving it out of the routes' key lets their cache serve."""
    if not blocked:
        return blocked
    far = board().distance[loc]
    return tuple(b for b in blocked if far[b] <= distance)


def giant_loc(s: GravityState) -> int:
    """Where the Gnome Monster stands while its ability counts (G11), else 0."""
    if s.variant == "kids":
        return 0
    for m in s.monsters:
        if m.id == GIANT:
            return m.loc
    return 0


@lru_cache(maxsize=16384)
def walk_stops(loc: int, distance: int, blocked: tuple[int, ...], giant: int) -> tuple[int, ...]:
    """`route_stops` from `loc` with the Gnome Monster at `giant` (0: none), wherever it is
    (`_route_key` leaves one too far away to stop a route out): one cache lookup a card."""
    if giant and board().distance[loc][giant] >= distance:
        giant = 0
    return route_stops(loc, distance, in_reach(loc, distance, blocked), giant)


def routes(s: GravityState | GravityView, seat: int,
           distance: int) -> tuple[tuple[int, tuple[int, ...], bool], ...]:
    return route_ends(*_route_key(s, seat, distance))


def route(s: GravityState | GravityView, seat: int, card: str, dest: int) -> tuple[int, ...]:
    """The road a distance card walks to `dest`, start first (what the `move` event records);
    () for «0-4», a Teleport or an end the card cannot reach. Reads only public fields, so a
    view serves as well as a state."""
    a = game().actions.get(card)
    if a is None or a.teleport or a.distance == 0:
        return ()
    for end, path, _stopped in routes(s, seat, a.distance):
        if end == dest:
            return (s.chars[seat].loc, *path)
    return ()


def teleport_targets(s: GravityState, seat: int) -> list[int]:
    """Where the character's Teleport may take it now (§8.1, G55), C06 counted."""
    c = s.chars[seat]
    ch = characters()[c.id]
    rule = ch.params["teleport"]
    if rule == "monster":
        pool = {m.loc for m in live(s)}
    elif rule == "friend_or_support":
        need = ch.num("teleport_support")
        pool = {o.loc for i, o in enumerate(s.chars) if i != seat}
        pool |= {i + 1 for i, p in enumerate(s.places) if p.support >= need}
    elif rule == "home":
        home = ch.num("teleport_home")
        pool = {home, *nbrs(home)}
    elif rule == "die":
        pool = {i + 1 for i, p in enumerate(s.places) if p.die}
    elif rule == "distrust":
        need = ch.num("teleport_distrust")
        pool = {i + 1 for i, p in enumerate(s.places) if p.distrust >= need}
    else:
        raise ValueError(f"unknown teleport rule {rule}")
    pool.discard(c.loc)
    pool.difference_update(loner_blocked(s, seat))
    return sorted(pool)


def card_allowed(s: GravityState, seat: int, card: str) -> bool:
    """Limp (C08) and Broken Teleport (C16) forbid their cards (G9)."""
    c = s.chars[seat]
    if not c.curses:
        return True
    if has(c, "C08") and card in curses()["C08"].params["cards_forbidden"]:
        return False
    return not (has(c, "C16") and game().actions[card].teleport)


def destinations(s: GravityState, seat: int, card: str) -> tuple[int, ...]:
    """Where playing `card` can take the character ((0,) for «0-4»); empty if it is not playable."""
    if not card_allowed(s, seat, card):
        return ()
    a = game().actions[card]
    if a.teleport:
        return tuple(teleport_targets(s, seat))
    if a.distance == 0:
        return (0,)
    return walk_stops(s.chars[seat].loc, a.distance, loner_blocked(s, seat), giant_loc(s))


def playable(s: GravityState, seat: int) -> bool:
    c = s.chars[seat]
    actions = game().actions
    loc, blocked, giant = c.loc, loner_blocked(s, seat), giant_loc(s)
    for card in c.hand:
        if c.curses and not card_allowed(s, seat, card):
            continue
        a = actions[card]
        if a.teleport:
            if teleport_targets(s, seat):
                return True
        elif a.distance == 0 or walk_stops(loc, a.distance, blocked, giant):
            return True
    return False


def may_rest(s: GravityState, seat: int) -> bool:
    """Rest by choice: always, except Insomnia (C10) on a monster's location (G25, G50)."""
    c = s.chars[seat]
    return not ("C10" in c.curses and monster_here(s, c.loc))


# --- rolls (§5) ----------------------------------------------------------------------------

def cap(c: Char | CharView) -> int:
    return curse_num("C01", "cap") if has(c, "C01") else game().cap


def fewer(c: Char | CharView) -> int:
    return curse_num("C09", "dice") if has(c, "C09") else 0


def dice_wanted(s: GravityState, seat: int) -> int:
    """Resourcefulness of the card played + 1 per support token here, Confusion counted."""
    c = s.chars[seat]
    base = game().actions[s.card].dice if s.card else 0
    return max(0, base + place(s, c.loc).support - fewer(c))


def roll_forecast(s: GravityState | GravityView, seat: int, card: str, loc: int) -> tuple[int, int, int]:
    """(wanted, rolled, excess) of the fight or persuasion `card` would bring at `loc`, with the
    support tokens there now (Rumours may still add some): the dice wanted, those the cap lets
    roll, and the excess, one curse each (G14, G15). Reads public fields only: a view will do."""
    c = s.chars[seat]
    wanted = max(0, game().actions[card].dice + place(s, loc).support - fewer(c))
    rolled = min(wanted, cap(c))
    return wanted, rolled, wanted - rolled


def removal_dice(s: GravityState | GravityView, seat: int) -> int:
    c = s.chars[seat]
    return min(max(0, place(s, c.loc).support - fewer(c)), cap(c))


def needed(s: GravityState, target: str, loc: int) -> int:
    """Successes that defeat `target` here: max(distrust, 1), +1 for Живогрыз (G16)."""
    n = max(place(s, loc).distrust, 1)
    if target == ZHIVOGRYZ and not kids(s):
        n += monsters()[ZHIVOGRYZ].num("extra")
    return n


def condition_block(s: GravityState, seat: int, target: str) -> str:
    """Why a monster's condition voids the successes now ("" if it does not, G16, G56)."""
    if kids(s):
        return ""
    c = s.chars[seat]
    if target == TRICKSTER and not c.curses:
        return "uncursed"
    if target == GIDEON_BOT and c.curses:
        return "cursed"
    if target == TIME_MONSTER:
        a = game().actions.get(s.card)
        if a is None or a.teleport or a.distance < monsters()[TIME_MONSTER].num("min_distance"):
            return "distance"
    return ""


def push_kinds(s: GravityState, seat: int) -> list[str]:
    """Token kinds the character may push from its location (Clumsiness, C13)."""
    c = s.chars[seat]
    p = s.places[c.loc - 1]
    if p.support:
        return ["support"] if "C13" in c.curses or not p.distrust else ["support", "distrust"]
    return ["distrust"] if p.distrust else []


# --- the end of the phase: T6-T8, the rulebook's step 5 (§4.2, G21-G23) ----------------------

def can_place_die(s: GravityState, seat: int) -> bool:
    c = s.chars[seat]
    p = s.places[c.loc - 1]
    return (not p.die and not p.distrust and s.supply > 0 and not monster_here(s, c.loc)
            and "C11" not in c.curses)


def hand_limit(c: Char | CharView) -> int:
    return curse_num("C02", "hand") if has(c, "C02") else game().hand


def can_draw(s: GravityState, seat: int) -> bool:
    c = s.chars[seat]
    p = s.places[c.loc - 1]
    return (len(c.hand) < hand_limit(c) and not p.distrust and not monster_here(s, c.loc)
            and "C12" not in c.curses and bool(c.deck or c.discard))


def old_curses(s: GravityState, seat: int) -> list[str]:
    """Curses gained before this turn: the ones a removal roll may discard (G23)."""
    c = s.chars[seat]
    return [cur for cur, t in zip(c.curses, c.gained, strict=True) if t < s.turn]


def can_try_removal(s: GravityState, seat: int) -> bool:
    c = s.chars[seat]
    return (bool(c.curses) and s.places[c.loc - 1].die and bool(old_curses(s, seat))
            and removal_dice(s, seat) > 0)


def removal_count(s: GravityState | GravityView, seat: int) -> int:
    """Curses the current removal roll may discard (Evil Eye: 2 successes each, C17)."""
    cost = curse_num("C17", "cost") if has(s.chars[seat], "C17") else 1
    return s.dice.count("s") // cost


# --- the monster phase (§4.3, G29) ---------------------------------------------------------

def movers(s: GravityState) -> list[str]:
    """The monsters M1 may move: the Pterodactyl within reach, else the nearest ones (G29)."""
    here = s.chars[s.active].loc
    far = board().distance[here]
    p = alive(s, PTERODACTYL)
    if p is not None and far[p.loc] <= monsters()[PTERODACTYL].num("reach"):
        return [p.id]
    out: list[str] = []
    d = 0
    for m in s.monsters:  # the nearest live ones, in monster order
        if m.loc:
            k = far[m.loc]
            if not out or k < d:
                out, d = [m.id], k
            elif k == d:
                out.append(m.id)
    return out


def retreats(s: GravityState, seat: int) -> list[int]:
    """Run Away (E3, G44): neighbours 1 road farther from every nearest monster, C06 counted."""
    loc = s.chars[seat].loc
    ms = live(s)
    if not ms:
        return []
    d = min(dist(loc, m.loc) for m in ms)
    near = [m.loc for m in ms if dist(loc, m.loc) == d]
    blocked = loner_blocked(s, seat)
    return [u for u in nbrs(loc)
            if u not in blocked and all(dist(u, m) == d + 1 for m in near)]


def dice_around(s: GravityState, loc: int) -> list[int]:
    """Courage dice on `loc` or a neighbouring location (E5, E6, G45)."""
    return [x for x in (loc, *nbrs(loc)) if place(s, x).die]
