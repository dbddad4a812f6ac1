"""The reconstructed card data of `magic` against spec §5, §6 and §7.2.

RULINGS = ["MC-R35", "MC-R36", "MC-R37", "MC-R38"]
"""

from __future__ import annotations

from collections import Counter

from core.games.magic import choices
from core.games.magic.data import ATTACKING, CARD_COUNT, cards, half, properties, sources
from core.games.magic.queries import ACTIVATION_USES

RULINGS = ["MC-R35", "MC-R36", "MC-R37", "MC-R38"]

# §5: id -> (category, timing, copies, src)
PROPERTIES = {
    "vampire": ("aggressive", "attack", 8, "RB"),
    "fire_breathing": ("aggressive", "attack", 8, "RB"),
    "sleep_inducing": ("aggressive", "attack", 7, "RB"),
    "stone_hide": ("defensive", "passive", 5, "REC"),
    "fireproof": ("defensive", "passive", 5, "REC"),
    "sleepless": ("defensive", "passive", 5, "REC"),
    "invisible": ("defensive", "passive", 5, "REC"),
    "thorny": ("defensive", "after_attacked", 5, "REC"),
    "scary": ("defensive", "activation", 6, "RB-name"),
    "ghostly": ("defensive", "passive", 5, "REC"),
    "flying": ("energetic", "passive", 8, "REC"),
    "aquatic": ("energetic", "passive", 8, "REC"),
    "nocturnal": ("energetic", "passive", 6, "REC"),
    "burrowing": ("energetic", "passive", 6, "REC"),
    "tiny": ("energetic", "transmutation", 8, "RB"),
    "voracious": ("energetic", "gain_energy", 5, "REC"),
    "molting": ("energetic", "gain_energy", 5, "REC"),
    "metamorph": ("special", "activation", 6, "RB-name"),
    "pesky": ("special", "activation", 7, "RB-name"),
    "keen_eyed": ("special", "passive", 5, "REC"),
    "giving": ("special", "activation", 5, "REC"),
}

NAMES = {
    "vampire": ("Вампир", "Vampire"), "fire_breathing": ("Огнедышащее", "Fire-breathing"),
    "sleep_inducing": ("Усыпляющее", "Sleep-inducing"), "stone_hide": ("Каменная шкура", "Stone Hide"),
    "fireproof": ("Огнеупорное", "Fireproof"), "sleepless": ("Бессонное", "Sleepless"),
    "invisible": ("Невидимое", "Invisible"), "thorny": ("Колючее", "Thorny"),
    "scary": ("Страшное", "Scary"), "ghostly": ("Призрачное", "Ghostly"),
    "flying": ("Летающее", "Flying"), "aquatic": ("Водоплавающее", "Aquatic"),
    "nocturnal": ("Ночное", "Nocturnal"), "burrowing": ("Подземное", "Burrowing"),
    "tiny": ("Маленькое", "Tiny"), "voracious": ("Прожорливое", "Voracious"),
    "molting": ("Линяющее", "Molting"), "metamorph": ("Метаморф", "Metamorph"),
    "pesky": ("Назойливое", "Pesky"), "keen_eyed": ("Зоркое", "Keen-eyed"),
    "giving": ("Дарующее", "Giving"),
}

# §6.1, card: half A / half B
CARDS = """
    1:vampire/ghostly 2:vampire/flying 3:vampire/aquatic 4:vampire/burrowing
    5:vampire/burrowing 6:vampire/voracious 7:vampire/metamorph 8:vampire/giving
    9:fire_breathing/stone_hide 10:fire_breathing/sleepless 11:fire_breathing/flying 12:fire_breathing/flying
    13:fire_breathing/aquatic 14:fire_breathing/tiny 15:fire_breathing/molting 16:fire_breathing/pesky
    17:sleep_inducing/fireproof 18:sleep_inducing/ghostly 19:sleep_inducing/flying 20:sleep_inducing/aquatic
    21:sleep_inducing/nocturnal 22:sleep_inducing/tiny 23:sleep_inducing/pesky 24:stone_hide/scary
    25:stone_hide/tiny 26:stone_hide/metamorph 27:stone_hide/keen_eyed 28:fireproof/invisible
    29:fireproof/thorny 30:fireproof/ghostly 31:fireproof/flying 32:sleepless/flying
    33:sleepless/aquatic 34:sleepless/aquatic 35:sleepless/burrowing 36:invisible/thorny
    37:invisible/tiny 38:invisible/molting 39:invisible/molting 40:thorny/flying
    41:thorny/aquatic 42:thorny/keen_eyed 43:scary/ghostly 44:scary/nocturnal
    45:scary/voracious 46:scary/metamorph 47:scary/pesky 48:ghostly/tiny
    49:flying/tiny 50:aquatic/nocturnal 51:aquatic/giving 52:nocturnal/molting
    53:nocturnal/pesky 54:nocturnal/giving 55:burrowing/tiny 56:burrowing/voracious
    57:burrowing/molting 58:tiny/keen_eyed 59:voracious/metamorph 60:voracious/pesky
    61:metamorph/pesky 62:metamorph/keen_eyed 63:pesky/giving 64:keen_eyed/giving
"""

# §6.2: id -> (lower 2p, 3p, 4p, upper, key)
SOURCES = {
    "moonflower": (3, 5, 6, 2, "nocturnal"),
    "singing_spring": (4, 5, 7, 2, "aquatic"),
    "storm_crag": (3, 4, 6, 3, "flying"),
    "crystal_cave": (3, 4, 6, 3, "burrowing"),
    "lantern_tree": (5, 6, 8, 0, None),
    "mist_mire": (4, 5, 7, 2, "ghostly"),
    "sunny_glade": (4, 6, 7, 1, "tiny"),
    "cloud_garden": (3, 5, 6, 2, "flying"),
    "sunken_grotto": (3, 5, 6, 2, "aquatic"),
    "old_barrow": (5, 7, 8, 0, None),
}


def test_properties() -> None:
    """MC-R35: 21 properties, their categories, timing, copies and names."""
    props = properties()
    assert set(props) == set(PROPERTIES)
    for pid, (category, timing, copies, src) in PROPERTIES.items():
        p = props[pid]
        assert (p.category, p.timing, p.copies, p.src) == (category, timing, copies, src), pid
        assert (p.ru, p.en) == NAMES[pid]
        assert p.attacking == (pid in ATTACKING)
        assert p.text_ru and p.text_en
    assert ATTACKING == ("vampire", "fire_breathing", "sleep_inducing")
    keys_ = {pid for pid, p in props.items() if p.key}
    assert keys_ == {s.key for s in sources().values() if s.key}
    # MC-R26: every property used on activation has its legal uses in the queries
    assert set(ACTIVATION_USES) == {pid for pid, p in props.items() if p.timing == "activation"}


def test_halves_per_category() -> None:
    """§5 totals: 23 attacking, 36 defensive, 46 energetic, 23 special = 128 halves."""
    per = Counter()
    for pid, (category, _, copies, _) in PROPERTIES.items():
        per["attacking" if pid in ATTACKING else category] += copies
    assert dict(per) == {"attacking": 23, "defensive": 36, "energetic": 46, "special": 23}


def test_cards() -> None:
    """MC-R36: the 64 pairings; the copies add up to the property counts."""
    want = {}
    for item in CARDS.split():
        n, pair = item.split(":")
        a, b = pair.split("/")
        want[int(n)] = (a, b)
    assert CARD_COUNT == 64
    assert cards() == want
    counts = Counter(p for pair in cards().values() for p in pair)
    assert counts == Counter({pid: copies for pid, (_, _, copies, _) in PROPERTIES.items()})
    assert half(17, "A") == "sleep_inducing" and half(17, "B") == "fireproof"


def test_card_constraints() -> None:
    """MC-R36: no card carries two attacking properties or an attack with its immunity;
    no pairing occurs more than twice; the two halves always differ."""
    immunity = {"vampire": "stone_hide", "fire_breathing": "fireproof", "sleep_inducing": "sleepless"}
    pairs = Counter(frozenset(pair) for pair in cards().values())
    assert max(pairs.values()) == 2
    for a, b in cards().values():
        assert a != b
        assert not (a in ATTACKING and b in ATTACKING)
        for x, y in ((a, b), (b, a)):
            assert immunity.get(x) != y


def test_sources() -> None:
    """MC-R37: the 10 energy sources."""
    got = {sid: (s.lower[2], s.lower[3], s.lower[4], s.upper, s.key) for sid, s in sources().items()}
    assert got == SOURCES
    assert sources()["mist_mire"].name("ru") == "Туманная топь"
    assert sources()["mist_mire"].name("en") == "Mist Mire"


def test_choice_cards() -> None:
    """MC-R38: seven choice cards valued 1 to 7."""
    assert choices.CHOICE_CARDS == 7

