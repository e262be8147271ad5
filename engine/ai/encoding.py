"""The network's view of a position: Tesauro's inputs plus hand-made features.

Every input is a function of a small integer (a point's checker count, a pip
count, a number of blots...), so inference never multiplies: the network
turns each ``(input group, integer value)`` into one precomputed row of the
first layer and sums the rows (see :mod:`engine.ai.network`).  This module
defines those groups once; ``training/encode_np.py`` is the vectorised twin
used for training and is tested against it.

Layout, for side ``s`` in (0 = on roll, 1 = opponent), each in its own numbering,
with ``F`` hand-made features per side (:data:`N_FEATURES_PER_SIDE`, or fewer
in the older weights formats: see :data:`LAYOUTS`):

* ``s*98 + 4*(p-1) + k`` for point p: k=0 ``n == 1``, k=1 ``n == 2``,
  k=2 ``n >= 3``, k=3 ``(n - 3) / 2`` when n > 3 (Tesauro / GNU Backgammon);
* ``s*98 + 96``: checkers on the bar / 2;  ``s*98 + 97``: borne off / 15;
* ``196 + s*F + j``: hand-made features (see :data:`FEATURES`);
* ``196 + 2*F``: 1 when the position is a pure race (no contact possible).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any

N_BASE = 196

FEATURES = (
    ("pips", 100.0),  # pip count / 100
    ("rearmost", 25.0),  # furthest-back checker (bar = 25) / 25
    ("prime", 6.0),  # longest run of made points / 6
    ("direct_blots", 4.0),  # blots within 1..6 pips of an enemy checker behind them / 4
    ("indirect_blots", 4.0),  # blots 7..12 pips away (and not directly hit) / 4
    ("blocked", 6.0),  # enemy points among the 6 in front of the rearmost checker / 6
    ("shots", 36.0),  # the enemy's rolls (of 36) that hit at least one blot / 36
    ("pip_loss", 432.0),  # pips those hits cost, summed over the 36 rolls / (36 * 12)
    ("escapes", 36.0),  # rolls (of 36) on which the rearmost checker runs past / 36
    ("double_shots", 36.0),  # the enemy's rolls that hit two blots or more / 36
    ("contained", 36.0),  # rolls escaping from the worst of x's points 15..24 / 36
    ("contact_pips", 100.0),  # pips x must move to get past the enemy's rearmost checker / 100
    # GNU Backgammon's structure inputs; they depend on x's checkers alone (OWN_LATE)
    ("enter_fails", 36.0),  # rolls (of 36) failing to enter against x's home board: k * k / 36
    ("back_anchor", 24.0),  # x's rearmost point with two or more checkers / 24
    ("forward_anchor", 6.0),  # x's most advanced anchor in the enemy's home board, 1..6
    ("moment2", 400.0),  # sum of (p - mean)^2 over x's checkers behind their mean point / 400
)
"""Feature name and the divisor that scales its integer value."""

REARMOST = 1
"""Index of the rearmost checker in :data:`FEATURES`."""

OWN_FEATURES = 3
"""The first features (pips, rearmost, prime) depend on the side's own checkers alone."""

BASIC_FEATURES = 6
"""How many of :data:`FEATURES` the first weights format (209 inputs) has."""

CONTACT_FEATURES = 9
"""How many the second format (215 inputs) has: the basic ones, shots, pip loss, escapes."""

STRUCTURE_FEATURES = 12
"""How many the third format (221 inputs) has: the contact ones, double shots,
containment and contact pips.  The fourth adds the :data:`OWN_LATE` ones."""

OWN_LATE = STRUCTURE_FEATURES
"""The features from this index on depend on the side's own checkers alone, like the
first :data:`OWN_FEATURES`: a search can cache them with the side (:func:`own_features`)."""

LAYOUTS = (BASIC_FEATURES, CONTACT_FEATURES, STRUCTURE_FEATURES, len(FEATURES))
"""Features per side of each weights format the network loads."""

N_FEATURES_PER_SIDE = len(FEATURES)
N_INPUTS = N_BASE + 2 * N_FEATURES_PER_SIDE + 1  # 229
RACE_INPUT = N_INPUTS - 1


def n_inputs(n_features: int) -> int:
    """Input count of a network with ``n_features`` hand-made features per side."""
    return N_BASE + 2 * n_features + 1


ROLLS: tuple[tuple[int, int, int], ...] = tuple(
    (a, b, 1 if a == b else 2) for a in range(1, 7) for b in range(1, a + 1)
)
"""The 21 distinct rolls with how many of the 36 each stands for."""


def features(
    x: Sequence[int], y: Sequence[int], n_features: int = N_FEATURES_PER_SIDE
) -> tuple[int, ...]:
    """Integer values of the first ``n_features`` :data:`FEATURES` of side ``x`` against ``y``.

    Both are 26-count sides in their own numbering.  ``y``'s checker on its
    point q stands on x's point 25 - q and moves towards x's higher points,
    so it is ``p + q - 25`` pips behind x's point p; its bar is x's point 0.
    Points are handled as bit masks in x's numbering, from a cached summary
    of each side (this runs on every evaluation; see :func:`pair_features`).

    Shots may pass only through points ``x`` has not made.  Two
    simplifications keep them cheap: with two or more checkers on the bar
    ``y`` hits only with those, and with one it may also enter with one die
    and hit with the other; a double is up to four steps of one checker.
    The escapes are those of x's rearmost checker: rolls whose two dice
    together carry it to a point ``y`` has not made, with the first die on
    an open point too (a double counts as two steps, as in GNU Backgammon).
    "Contained" is the same count for the hardest of x's points 15..24 to
    leave, whether or not x has a checker there (GNU Backgammon's
    containment input): it measures y's blockade, not x's position.

    >>> from engine import Position
    >>> start = Position.start()
    >>> features(start.me, start.opp)  # no blots; the back checkers' escapes
    (167, 24, 1, 0, 0, 1, 0, 0, 24, 0, 22, 152, 1, 24, 1, 358)
    """
    xt = x if isinstance(x, tuple) else tuple(x)
    yt = y if isinstance(y, tuple) else tuple(y)
    return _side(xt, _summary(xt), _summary(yt), n_features)


def own_features(x: Sequence[int]) -> tuple[int, int, int, int]:
    """The :data:`OWN_LATE` features of side ``x``: they ignore the enemy's checkers.

    * enter_fails: with k of x's home points (1..6) made, k * k of the 36 rolls
      leave an enemy checker on the bar;
    * back_anchor: x's rearmost point holding two or more checkers (0: none);
    * forward_anchor: of x's points 19..24 (the enemy's home board) holding two
      or more, the most advanced, as 25 - p (6 for the enemy's bar point, 1 for
      its ace point; 0: no anchor there);
    * moment2: the sum of (p - m)^2 over x's checkers on points p above m, the
      mean point of x's checkers not yet borne off (rounded down; the bar is 25).

    >>> from engine import Position
    >>> start = Position.start()
    >>> own_features(start.me)  # 6-point made; anchor on 24; mean point 11
    (1, 24, 1, 358)
    """
    made_home = 0
    back = forward = 0
    count = pips = 0
    for p in range(1, 26):
        n = x[p]
        if n:
            count += n
            pips += n * p
            if n >= 2 and p < 25:
                back = p
                if p <= 6:
                    made_home += 1
                elif p >= 19 and not forward:
                    forward = 25 - p
    moment = 0
    if count:
        mean = pips // count
        for p in range(mean + 1, 26):
            n = x[p]
            if n:
                moment += n * (p - mean) * (p - mean)
    return made_home * made_home, back, forward, moment


# -- how the features are computed -------------------------------------------------------
#
# A search evaluates many positions in which one side has not changed, so each side is
# summarised once (cached): its own features, and bit masks of its checkers, blots and
# points, mirrored into the other side's numbering.  A side's features then come from
# its summary and the enemy's; the hits, the heaviest part, are cached by the masks
# they depend on.


def _reverse_bits(v: int, width: int) -> int:
    return int(format(v, f"0{width}b")[::-1], 2)


_REV12 = tuple(_reverse_bits(v, 12) for v in range(4096))


def _mirror(mask: int) -> int:
    """A mask of points 1..24 (bit p) in the other side's numbering (bit 25 - p)."""
    v = mask >> 1
    return ((_REV12[v & 0xFFF] << 12) | _REV12[v >> 12]) << 1


Summary = tuple[int, int, int, int, int, int, int, int, tuple[int, ...], tuple[int, ...]]


@lru_cache(maxsize=4096)
def _summary(x: tuple[int, ...]) -> Summary:
    """Side ``x`` alone: pips, rearmost, prime, blots, made, its checkers (mirrored)
    and its made points (mirrored) as seen by the other side, checkers on the bar,
    and running sums (checkers and pips on points up to p) for the contact pips."""
    pips = rearmost = run = prime = 0
    blots = made = occupied = 0
    count = 0
    counts = [0] * 26
    pipsums = [0] * 26
    for p in range(1, 25):
        n = x[p]
        if n:
            pips += n * p
            count += n
            rearmost = p
            occupied |= 1 << p
            if n == 1:
                blots |= 1 << p
                run = 0
            else:
                made |= 1 << p
                run += 1
                if run > prime:
                    prime = run
        else:
            run = 0
        counts[p] = count
        pipsums[p] = pips
    if x[25]:
        pips += 25 * x[25]
        rearmost = 25
    counts[25] = count + x[25]
    pipsums[25] = pips
    return (
        pips,
        rearmost,
        prime,
        blots,
        made,
        _mirror(occupied),
        _mirror(made),
        x[25],
        tuple(counts),
        tuple(pipsums),
    )


def pair_features(
    me: tuple[int, ...], opp: tuple[int, ...], n_features: int = N_FEATURES_PER_SIDE
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``(features(me, opp, n), features(opp, me, n))``, each side summarised once.

    >>> from engine import Position
    >>> p = Position.start()
    >>> pair_features(p.me, p.opp) == (features(p.me, p.opp), features(p.opp, p.me))
    True
    """
    a = _summary(me)
    b = _summary(opp)
    return _side(me, a, b, n_features), _side(opp, b, a, n_features)


def _side(x: tuple[int, ...], a: Summary, b: Summary, n_features: int) -> tuple[int, ...]:
    """The features of the side summarised in ``a`` against the one in ``b``."""
    pips, rearmost, prime, blots, made, _, _, _, counts, pipsums = a
    sources, theirs, on_bar = b[5], b[6], b[7]
    behind = sources | 1 if on_bar else sources
    direct = indirect = 0
    bl = blots
    while bl:
        low = bl & -bl
        bl ^= low
        p = low.bit_length() - 1
        if behind & (low - (1 << max(p - 6, 0))):
            direct += 1
        elif behind & ((1 << max(p - 6, 0)) - (1 << max(p - 12, 0))):
            indirect += 1
    lo = max(rearmost - 6, 1)
    hi = min(rearmost, 25)
    blocked = (theirs & ((1 << hi) - (1 << lo))).bit_count() if hi > lo else 0
    basic = (pips, rearmost, prime, direct, indirect, blocked)
    if n_features <= BASIC_FEATURES:
        return basic[:n_features]
    shots, pip_loss, doubles = _shots(blots, made, sources, on_bar) if blots else (0, 0, 0)
    contact = (*basic, shots, pip_loss, _escapes(rearmost, theirs))
    if n_features <= CONTACT_FEATURES:
        return contact[:n_features]
    front = 0 if on_bar or not sources else (sources & -sources).bit_length() - 1
    behind_pips = (pipsums[25] - pipsums[front]) - front * (counts[25] - counts[front])
    structure = (*contact, doubles, _contained(theirs), behind_pips)
    if n_features <= STRUCTURE_FEATURES:
        return structure[:n_features]
    return (*structure, *_own_late(x))[:n_features]


@lru_cache(maxsize=4096)
def _own_late(x: tuple[int, ...]) -> tuple[int, int, int, int]:
    return own_features(x)


@lru_cache(maxsize=8192)
def _shots(blots: int, made: int, sources: int, on_bar: int) -> tuple[int, int, int]:
    """Rolls that hit, the pips they cost and rolls that hit two (see :func:`features`)."""
    shots = pip_loss = doubles = 0
    rest = sources if on_bar == 1 else 0
    if on_bar:
        sources = 1
    unmade = ~made
    hits = [0] * 7
    steps = [0] * 7
    for d in range(1, 7):
        t = sources << d
        hits[d] = t & blots
        steps[d] = t & unmade
    for a, bb, w in ROLLS:
        if a != bb:
            hit = hits[a] | hits[bb] | ((steps[a] << bb) | (steps[bb] << a)) & blots
            if rest:
                if not made >> a & 1:
                    hit |= rest << bb & blots
                if not made >> bb & 1:
                    hit |= rest << a & blots
        else:
            hit = hits[a]
            t = steps[a]
            for _ in range(3):
                if not t:
                    break
                t = (t << a) & unmade
                hit |= t & blots
            if rest and not made >> a & 1:
                t = rest
                for _ in range(3):
                    t = (t << a) & unmade
                    hit |= t & blots
                    if not t:
                        break
        if hit:
            shots += w
            pip_loss += w * (26 - (hit & -hit).bit_length())
            if hit & (hit - 1):
                doubles += w
    return shots, pip_loss, doubles


@cache
def _escapes_from(rearmost: int, blocks: int) -> int:
    escapes = 0
    for a, b, w in ROLLS:
        land = rearmost - a - b
        if land >= 1 and blocks >> land & 1:
            continue
        first_a = rearmost - a >= 1 and blocks >> (rearmost - a) & 1
        if first_a and rearmost - b >= 1 and blocks >> (rearmost - b) & 1:
            continue
        escapes += w
    return escapes


@lru_cache(maxsize=4096)
def _contained(theirs: int) -> int:
    """Escapes from the hardest of points 15..24 to leave past the points in ``theirs``."""
    return min(_escapes(p, theirs) for p in range(15, 25))


def _escapes(rearmost: int, theirs: int) -> int:
    """Rolls on which a checker on ``rearmost`` gets past the points in ``theirs``."""
    if rearmost < 2:
        return 36
    low = max(rearmost - 12, 1)
    window = theirs >> low & ((1 << (rearmost - low)) - 1)
    return _escapes_from(rearmost, window << low)


def no_contact(my_back: Any, their_back: Any) -> Any:
    """A race, from each side's rearmost point (ints, or numpy arrays of them)."""
    return my_back + their_back <= 25


def is_race(me: Sequence[int], opp: Sequence[int]) -> bool:
    """No contact: every checker of mine is past every checker of theirs."""
    my_back = 0
    for p in range(25, 0, -1):
        if me[p]:
            my_back = p
            break
    their_back = 0
    for p in range(25, 0, -1):
        if opp[p]:
            their_back = p
            break
    return bool(no_contact(my_back, their_back))


def encode(
    me: Sequence[int], opp: Sequence[int], n_features: int = N_FEATURES_PER_SIDE
) -> list[float]:
    """The dense input vector (for tests and training; inference uses the tables)."""
    v = [0.0] * n_inputs(n_features)
    for s, side in enumerate((me, opp)):
        base = 98 * s
        for p in range(1, 25):
            n = side[p]
            i = base + 4 * (p - 1)
            if n == 1:
                v[i] = 1.0
            elif n == 2:
                v[i + 1] = 1.0
            elif n >= 3:
                v[i + 2] = 1.0
                if n > 3:
                    v[i + 3] = (n - 3) / 2.0
        v[base + 96] = side[25] / 2.0
        v[base + 97] = side[0] / 15.0
    for s, (x, y) in enumerate(((me, opp), (opp, me))):
        for j, value in enumerate(features(x, y, n_features)):
            v[N_BASE + n_features * s + j] = value / FEATURES[j][1]
    v[-1] = 1.0 if is_race(me, opp) else 0.0
    return v
