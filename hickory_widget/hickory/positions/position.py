"""Positions: the state at a Tick boundary as plain data (JSON-ready), and back, with validation.

A position is how a notebook or a what-if user sets up a situation on purpose: export one from a game,
edit it, start a new game from it. Every field is checked; an error names the field at fault and says what
is allowed. Leaving out ``bag`` puts every tile not placed elsewhere into the bag.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from ...core.doors import PlainDataError, bounded, check_plain, excerpt
from ...core.protocol import PositionError
from ..rules.components import MOUSE_KINDS, Components, default_components
from ..rules.options import check_options
from ..rules.state import SCORE_SOURCES, PlayerState, State, kind, owner

FORMAT = "hickory-position"
VERSION = 1
PHASES = ("setup", "paws", "play", "over")
MAX_LIST = 200
"""Longest list in a position (the bag holds at most 93 tiles)."""
MAX_SCORE_PART = 999
"""Most points from one source (deliveries, quests, ...): far above what a game reaches (winners of random
4-player games average 26 points, the solo goal is 100), low enough that any sum stays a small number."""
RELIC_POINTS = 5
"""Points per returned relic (R77); a player's relic score is at most this times the relics in the box."""
_RING = re.compile(r"(inner|outer) (1[0-2]|[1-9])")
_RNG = re.compile(r"[0-9a-f]{16}")
BOARD_FIELDS = ("hunt_board", "hunt", "cards", "favors", "scaler", "score")


def to_data(s: State) -> dict[str, Any]:
    """The state as plain data; ``from_data(to_data(s))`` gives an identical state."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "dataset": s.c.name,
        "players": s.colors,
        "options": dict(sorted(s.options.items())),
        "phase": s.phase,
        "advanced": s.advanced,
        "hour": s.hour,
        "minute": s.minute,
        "priority": s.priority,
        "paws": list(s.paws),
        "tokens": {str(n): s.tokens[n] for n in range(1, 13)},
        "leaves": {str(n): s.leaves[n] for n in s.c.leaf_spaces},
        "bin": list(s.bin),
        "web": list(s.web),
        "bag": list(s.bag),
        "returned_relics": list(s.returned),
        "hand": list(s.hand),
        "mice": {m: _loc_text(where, n) for m, (where, n) in s.loc.items()},
        "quests": {"deck": list(s.quest_deck), "face_up": list(s.quests_up), "discard": list(s.quest_discard)},
        "favors": {"deck": list(s.favor_deck), "discard": list(s.favor_discard)},
        "weight": s.weight,
        "rng": f"{s.rng:016x}",
        "forced": [list(f) for f in s.forced],
        "boards": {
            p.color: {
                "hunt_board": p.board,
                "hunt": [list(row) for row in p.hunt],
                "cards": {k: list(v) for k, v in p.cards.items()},
                "favors": list(p.favors),
                "scaler": p.scaler,
                "score": dict(p.score_by),
            }
            for p in s.players
        },
    }


def _loc_text(where: str, n: int) -> str:
    return f"{where} {n}" if where in ("inner", "outer") else where


class _Check:
    """Collects the path of the field being read so that errors can name it."""

    def __init__(self, c: Components) -> None:
        self.c = c

    def fail(self, path: str, problem: str) -> PositionError:
        return PositionError(f"position field {bounded(path, 80)!r}: {bounded(problem, 300)}")

    def only(self, d: dict, known: tuple[str, ...] | list[str], path: str) -> None:
        """Refuses keys the position format does not have (a typo would otherwise be ignored silently)."""
        unknown = sorted(set(d) - set(known))
        if unknown:
            raise self.fail(f"{path}.{unknown[0]}", f"unknown field; the fields here are {', '.join(known)}")

    def get(self, d: Any, key: str, typ: type | tuple[type, ...], path: str = "") -> Any:
        where = f"{path}.{key}" if path else key
        if not isinstance(d, dict):
            raise self.fail(path or "(top)", f"expected an object, found {type(d).__name__}")
        if key not in d:
            raise self.fail(where, "is missing")
        value = d[key]
        if (typ is int and isinstance(value, bool)) or not isinstance(value, typ):
            name = typ.__name__ if isinstance(typ, type) else " or ".join(t.__name__ for t in typ)
            raise self.fail(where, f"expected {name}, found {excerpt(value)}")
        return value

    def str_list(self, value: Any, path: str, allow_none: bool = False) -> list:
        if not isinstance(value, list):
            raise self.fail(path, f"expected a list, found {excerpt(value)}")
        for i, v in enumerate(value):
            if not (isinstance(v, str) or (allow_none and v is None)):
                raise self.fail(f"{path}[{i}]", f"expected a string{' or null' if allow_none else ''}, "
                                                f"found {excerpt(v)}")
        return list(value)


def from_data(data: Any, components: Components | None = None) -> State:
    """Builds a State from plain data, checking every field against the rules it must obey."""
    c = components or default_components()
    ck = _Check(c)
    if not isinstance(data, dict):
        raise PositionError(f"a position must be an object (dict), not {excerpt(data)}")
    try:
        check_plain(data, max_list=MAX_LIST)
    except PlainDataError as exc:
        raise ck.fail(exc.path, exc.problem) from None
    if data.get("format", FORMAT) != FORMAT:
        raise ck.fail("format", f"expected {FORMAT!r}, found {excerpt(data.get('format'))}")
    version = data.get("version", VERSION)
    if type(version) is not int or version != VERSION:
        raise ck.fail("version", f"this version reads version {VERSION}, found {excerpt(version)}")
    if data.get("dataset", c.name) != c.name:
        raise ck.fail("dataset", f"the position was made with data set {excerpt(data.get('dataset'))}, "
                                 f"the game uses {c.name!r}")
    known = {"format", "version", "dataset", "players", "options", "phase", "advanced", "hour", "minute",
             "priority", "paws", "tokens", "leaves", "bin", "web", "bag", "returned_relics", "hand", "mice",
             "quests", "favors", "weight", "rng", "forced", "boards"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise PositionError(f"unknown position field(s) {excerpt(unknown)}; the fields are {sorted(known)}")

    colors = ck.str_list(ck.get(data, "players", list), "players")
    if not 1 <= len(colors) <= 4 or len(set(colors)) != len(colors):
        raise ck.fail("players", f"1 to 4 different colors, found {excerpt(colors)}")
    for color in colors:
        if color not in c.player_colors:
            raise ck.fail("players", f"unknown color {excerpt(color)}; colors: {', '.join(c.player_colors)}")
    n_players = len(colors)
    if not isinstance(data.get("options", {}), dict):
        raise ck.fail("options", f"an object of option names and true/false, found {excerpt(data['options'])}")
    try:
        options = check_options(data.get("options", {}))
    except ValueError as exc:
        raise ck.fail("options", str(exc)) from None
    phase = data.get("phase", "play")
    if phase not in PHASES:
        raise ck.fail("phase", f"one of {PHASES}, found {excerpt(phase)}")
    advanced = data.get("advanced", False)
    if not isinstance(advanced, bool):
        raise ck.fail("advanced", f"true or false, found {excerpt(advanced)}")
    if phase == "paws" and n_players != 1:
        raise ck.fail("phase", "'paws' (the first cat paws, R116) is a phase of the solo game only")
    if phase == "setup" and not advanced:
        raise ck.fail("phase", "'setup' (mice still to be placed, R122) needs \"advanced\": true")
    start = c.hour_start[n_players]
    hour = ck.get(data, "hour", int)
    if not start <= hour <= (12 if phase == "over" else 11):
        raise ck.fail("hour", f"with {n_players} player(s) the hour hand runs from {start} to 11 "
                              f"(12 only once the game is over), found {hour}")
    if (phase == "over") != (hour == 12):
        raise ck.fail("phase", f"the game is over exactly when the hour hand reaches 12 (R38); hour {hour} "
                               f"with phase {phase!r}")
    if phase in ("setup", "paws") and hour != start:
        raise ck.fail("hour", f"phase {phase!r} comes before round 1, so the hour hand is at {start}")
    minute = ck.get(data, "minute", int)
    if not 1 <= minute <= 12:
        raise ck.fail("minute", f"a clock number 1-12, found {minute}")
    priority = ck.get(data, "priority", str)
    if priority not in colors:
        raise ck.fail("priority", f"the marker must be on a color in play {colors}, found {priority!r}")
    paws = data.get("paws", [])
    if not isinstance(paws, list) or any(isinstance(p, bool) or not isinstance(p, int) for p in paws):
        raise ck.fail("paws", f"a list of clock numbers, found {excerpt(paws)}")
    faces = range(1, 11) if options.get("die_1_to_10") else c.die_faces
    if len(paws) > 2 or any(p not in faces for p in paws):
        raise ck.fail("paws", f"at most 2 paws, each on a die face {list(faces)}, found {excerpt(paws)}")

    tokens = _tokens(ck, ck.get(data, "tokens", dict))
    tile_places: dict[str, str] = {}

    def place(tile: Any, where: str) -> str:
        if not isinstance(tile, str) or tile not in c.tiles:
            raise ck.fail(where, f"unknown tile {excerpt(tile)}; tile ids look like 'red.key.3', 'wild.2', 'crown'")
        if tile in tile_places:
            raise ck.fail(where, f"tile {tile!r} is already at {tile_places[tile]!r}; each tile is in one place")
        tile_places[tile] = where
        return tile

    leaves_raw = ck.get(data, "leaves", dict)
    leaves: list[str | None] = [None] * 13
    for key in leaves_raw:
        if key not in {str(n) for n in c.leaf_spaces}:
            raise ck.fail(f"leaves.{bounded(key, 20)}", f"leaf spaces are {list(c.leaf_spaces)}; 12 is Lord "
                                                        "Cuckoo and never holds a tile (R10)")
    for n in c.leaf_spaces:
        t = leaves_raw.get(str(n))
        leaves[n] = None if t is None else place(t, f"leaves.{n}")
    bin_raw = ck.str_list(ck.get(data, "bin", list), "bin", allow_none=True)
    if len(bin_raw) != c.discount_bin_spaces:
        raise ck.fail("bin", f"the discount bin has {c.discount_bin_spaces} spaces (null for empty)")
    bins = [None if t is None else place(t, f"bin[{i}]") for i, t in enumerate(bin_raw)]
    web = [place(t, f"web[{i}]") for i, t in enumerate(ck.str_list(ck.get(data, "web", list), "web"))]
    if any(c.tiles[t].kind != "wild" for t in web):
        raise ck.fail("web", "only wild tiles lie on Itsy's web (R22)")
    returned = [place(t, f"returned_relics[{i}]")
                for i, t in enumerate(ck.str_list(data.get("returned_relics", []), "returned_relics"))]
    if any(c.tiles[t].kind != "relic" for t in returned):
        raise ck.fail("returned_relics", "only relics are returned to Lord Cuckoo (R77)")

    boards_raw = ck.get(data, "boards", dict)
    extra = sorted(set(boards_raw) - set(colors))
    if extra:
        raise ck.fail("boards", f"boards for colors not in play: {excerpt(extra)}")
    players = []
    for color in colors:
        players.append(_player(ck, boards_raw, color, place))

    if "bag" in data:
        bag = [place(t, f"bag[{i}]") for i, t in enumerate(ck.str_list(data["bag"], "bag"))]
        missing = [t for t in c.tiles if t not in tile_places]
        if missing:
            raise ck.fail("bag", f"{len(missing)} tile(s) are nowhere, e.g. {missing[:3]}; every one of the "
                                 "93 tiles must be in exactly one place (or leave out 'bag' to fill it)")
    else:
        bag = [t for t in c.tiles if t not in tile_places]
        if any(c.tiles[t].kind == "wild" for t in bag):
            raise ck.fail("web", "wild tiles not placed elsewhere belong on the web, not in the bag (R22)")

    loc, hand = _mice(ck, data, colors, phase, paws, bool(options.get("no_inner_12")))
    quests = ck.get(data, "quests", dict)
    ck.only(quests, ("deck", "face_up", "discard"), "quests")
    q_deck = ck.str_list(ck.get(quests, "deck", list, "quests"), "quests.deck")
    q_up = ck.str_list(ck.get(quests, "face_up", list, "quests"), "quests.face_up", allow_none=True)
    q_disc = ck.str_list(ck.get(quests, "discard", list, "quests"), "quests.discard")
    if len(q_up) != c.quests_face_up:
        raise ck.fail("quests.face_up", f"{c.quests_face_up} spaces (null for an empty one)")
    all_q = [q for q in [*q_deck, *q_up, *q_disc] if q is not None]
    if Counter(all_q) != Counter(list(c.quests)):
        raise ck.fail("quests", f"each of the {len(c.quests)} quests {sorted(c.quests)} must be in exactly one "
                                "of deck, face_up, discard")
    favors = ck.get(data, "favors", dict)
    ck.only(favors, ("deck", "discard"), "favors")
    f_deck = ck.str_list(ck.get(favors, "deck", list, "favors"), "favors.deck")
    f_disc = ck.str_list(ck.get(favors, "discard", list, "favors"), "favors.discard")
    all_f = [*f_deck, *f_disc, *(f for p in players for f in p.favors)]
    if Counter(all_f) != Counter(list(c.favors)):
        raise ck.fail("favors", f"each of the {len(c.favors)} favor cards must be in exactly one of the deck, "
                                "the discard or a player's hand")
    weight = data.get("weight", 0)
    if isinstance(weight, bool) or not isinstance(weight, int) or not 0 <= weight < len(c.chain.right_values):
        raise ck.fail("weight", f"an index 0-{len(c.chain.right_values) - 1} into the right chain "
                                f"{list(c.chain.right_values)}, found {excerpt(weight)}")
    rng_text = ck.get(data, "rng", str)
    if not _RNG.fullmatch(rng_text):
        raise ck.fail("rng", f"the generator state as 16 lower-case hex digits, found {excerpt(rng_text)}")
    forced = data.get("forced", [])
    if not isinstance(forced, list) or any(
            not isinstance(f, list) or len(f) != 2 or f[0] not in ("die", "draw") or not isinstance(f[1], str)
            for f in forced):
        raise ck.fail("forced", 'a list of ["die", "<face>"] or ["draw", "<tile>"] pairs')
    _scalers(ck, players)
    if phase == "setup":
        _setup_feasible(ck, loc, hand, paws, colors)

    state = State(
        c=c, players=players, options=options, hour=hour, minute=minute, priority=priority, paws=list(paws),
        tokens=tokens, leaves=leaves, bin=bins, web=web, bag=bag, returned=returned, loc=loc, hand=hand,
        quest_deck=q_deck, quests_up=q_up, quest_discard=q_disc, favor_deck=f_deck, favor_discard=f_disc,
        weight=weight, rng=int(rng_text, 16), forced=[], phase=phase, advanced=advanced,
    )
    _forced(ck, state, forced)
    from ..rules.invariants import problems  # the last word: whatever is accepted satisfies every invariant

    found = problems(state)
    if found:
        raise ck.fail("(position)", f"breaks a rule of the game: {found[0]}")
    return state


def _forced(ck: _Check, state: State, forced: list[list[str]]) -> None:
    """D4: each forced outcome is checked as Game.force() checks it, in its normal form. A draw that names one
    tile of the game by its id is taken even when that tile is out of the bag now: a queue of forced draws (a
    seat's copy replays the draws it saw) may name a tile that returns to the bag before its turn comes, and a draw
    whose tile is not in the bag then is drawn at random (``draw_tile``)."""
    from ..rules.chance import check_force

    for i, (what, value) in enumerate(forced):
        if what == "draw" and value in state.c.tiles:
            state.forced.append((what, value))
            continue
        try:
            normal = check_force(state, what, value)
        except ValueError as exc:
            raise ck.fail(f"forced[{i}]", str(exc)) from None
        if normal != value:
            raise ck.fail(f"forced[{i}]", f"write {excerpt(value)} as {normal!r}")
        state.forced.append((what, value))


def _scalers(ck: _Check, players: list[PlayerState]) -> None:
    """R102a: one Scaler per chain space, except the starting pinecone (0) which they share."""
    seen: dict[int, str] = {}
    for p in players:
        if p.scaler and p.scaler in seen:
            raise ck.fail(f"boards.{p.color}.scaler", f"space {p.scaler} already holds {seen[p.scaler]}'s Scaler; "
                                                      "only the starting pinecone (0) is shared (R102a)")
        seen[p.scaler] = p.color


def _setup_feasible(ck: _Check, loc: dict, hand: list[str], paws: list[int], colors: list[str]) -> None:
    """R122-R123: before round 1 mice are placed on inner spaces 2-11, one per number and color, so that each
    color can still end with a mouse on a sun and one on a moon space."""
    c = ck.c
    if hand or paws:
        raise ck.fail("phase", "in phase 'setup' the minute hand is empty and no cat paw is placed yet")
    for color in colors:
        placed, left = [], 0
        for m, (where, n) in loc.items():
            if owner(m) != color or kind(m) == "scamp":
                continue
            if where == "setup":
                left += 1
            elif where == "inner" and 2 <= n <= 11 and n not in placed:
                placed.append(n)
            else:
                raise ck.fail(f"mice.{m}", "in phase 'setup' a mouse is 'setup' or on its own inner space 2-11 "
                                           "(R123)")
        need = (0 if set(placed) & set(c.sun_spaces) else 1) + (0 if set(placed) & set(c.moon_spaces) else 1)
        if need > left:
            raise ck.fail("mice", f"{color} can no longer reach a sun and a moon space with the mice left to "
                                  "place (R123)")


def _tokens(ck: _Check, raw: dict) -> list[str]:
    c = ck.c
    tokens = [""] * 13
    ck.only(raw, [str(n) for n in range(1, 13)], "tokens")
    for n in range(1, 13):
        tokens[n] = ck.get(raw, str(n), str, "tokens")
    for n, token in c.fixed_tokens.items():
        if tokens[n] != token.id:
            raise ck.fail(f"tokens.{n}", f"the fixed token of {n} is {token.id!r} (R20), found {tokens[n]!r}")
    for group, spaces, group_tokens in (("sun", c.sun_spaces, c.sun_tokens), ("moon", c.moon_spaces, c.moon_tokens)):
        found = Counter(tokens[n] for n in spaces)
        if found != Counter(t.id for t in group_tokens):
            raise ck.fail("tokens", f"the {group} spaces {list(spaces)} must hold the {group} tokens "
                                    f"{sorted(t.id for t in group_tokens)} (R21), found {sorted(found.elements())}")
    return tokens


def _player(ck: _Check, boards_raw: dict, color: str, place: Any) -> PlayerState:
    c = ck.c
    path = f"boards.{color}"
    b = ck.get(boards_raw, color, dict, "boards")
    ck.only(b, BOARD_FIELDS, path)
    board_id = ck.get(b, "hunt_board", str, path)
    ids = [hb.id for hb in c.hunt_boards]
    if board_id not in ids:
        raise ck.fail(f"{path}.hunt_board", f"unknown hunt board {excerpt(board_id)}; boards: {ids}")
    board = c.hunt_board(board_id)
    hunt_raw = b["hunt"] if "hunt" in b else [[None] * board.columns for _ in range(board.rows)]
    if not isinstance(hunt_raw, list) or len(hunt_raw) != board.rows or any(
            not isinstance(r, list) or len(r) != board.columns for r in hunt_raw):
        raise ck.fail(f"{path}.hunt", f"a {board.rows}x{board.columns} grid of tile ids or null")
    hunt: list[list[str | None]] = []
    for r, row in enumerate(hunt_raw):
        out_row: list[str | None] = []
        for col, t in enumerate(row):
            if t is None:
                out_row.append(None)
                continue
            where = f"{path}.hunt[{r}][{col}]"
            tile = c.tiles.get(t) if isinstance(t, str) else None
            want = board.grid[r][col]
            if tile is None or not (tile.kind == "wild" or (tile.color, tile.symbol) == want):
                raise ck.fail(where, f"this space takes a {want[0]} {want[1]} or a wild (R104a), found "
                                     f"{excerpt(t)}")
            out_row.append(place(t, where))
        hunt.append(out_row)
    cards_raw = b.get("cards", {})
    if not isinstance(cards_raw, dict) or set(cards_raw) - set(MOUSE_KINDS):
        raise ck.fail(f"{path}.cards", f"an object keyed by {list(MOUSE_KINDS)}")
    cards: dict[str, list[str]] = {}
    for k in MOUSE_KINDS:
        tiles = ck.str_list(cards_raw.get(k, []), f"{path}.cards.{k}")
        if len(tiles) > c.storage[k]:
            raise ck.fail(f"{path}.cards.{k}", f"the {k} card holds at most {c.storage[k]} tiles (R64), "
                                               f"found {len(tiles)}")
        cards[k] = [place(t, f"{path}.cards.{k}[{i}]") for i, t in enumerate(tiles)]
    favors = ck.str_list(b.get("favors", []), f"{path}.favors")
    if len(favors) > c.favor_hand_limit:
        raise ck.fail(f"{path}.favors", f"a hand holds at most {c.favor_hand_limit} favor cards (R94)")
    for f in favors:
        if f not in c.favors:
            raise ck.fail(f"{path}.favors", f"unknown favor card {excerpt(f)}; cards: {sorted(c.favors)}")
    scaler = b.get("scaler", 0)
    if isinstance(scaler, bool) or not isinstance(scaler, int) or not 0 <= scaler <= c.chain.spaces:
        raise ck.fail(f"{path}.scaler", f"a left-chain space 0-{c.chain.spaces} (0 = starting pinecone)")
    score_raw = b.get("score", {})
    if not isinstance(score_raw, dict) or set(score_raw) - set(SCORE_SOURCES):
        raise ck.fail(f"{path}.score", f"an object keyed by {list(SCORE_SOURCES)}")
    score = dict.fromkeys(SCORE_SOURCES, 0)
    relics = sum(1 for t in c.tiles.values() if t.kind == "relic")
    for key, v in score_raw.items():
        top = RELIC_POINTS * relics if key == "relics" else MAX_SCORE_PART
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= top:
            raise ck.fail(f"{path}.score.{key}", f"a whole number 0-{top}, found {excerpt(v)}")
        if key == "relics" and v % RELIC_POINTS:
            raise ck.fail(f"{path}.score.{key}", f"each returned relic scores {RELIC_POINTS} (R77), found {v}")
        score[key] = v
    return PlayerState(color, board_id, hunt, cards, favors, scaler, score)


def _mice(ck: _Check, data: dict, colors: list[str], phase: str, paws: list[int],
          no_inner_12: bool) -> tuple[dict, list[str]]:
    c = ck.c
    mice_raw = ck.get(data, "mice", dict)
    expected = [f"{color}.{k}" for color in colors for k in MOUSE_KINDS]
    missing = [m for m in expected if m not in mice_raw]
    if missing:
        raise ck.fail("mice", f"every mouse needs a place; missing {missing}")
    extra = [m for m in mice_raw if m not in expected]
    if extra:
        raise ck.fail("mice", f"unknown mice {excerpt(extra)}; mice are named '<color>.<kind>', kinds "
                              f"{list(MOUSE_KINDS)}")
    loc: dict[str, tuple[str, int]] = {}
    for m in expected:
        text = mice_raw[m]
        path = f"mice.{m}"
        ring = _RING.fullmatch(text) if isinstance(text, str) else None
        if ring:
            parts = [ring[1], ring[2]]
            n = int(parts[1])
            if n in paws:
                raise ck.fail(path, f"no mouse may be at a number under a cat paw (R111); {n} is covered")
            if parts[0] == "inner" and n == 12 and no_inner_12:
                raise ck.fail(path, "with the option no_inner_12 the clock has no inner space at 12 (Q7)")
            loc[m] = (parts[0], n)
        elif text in ("hand", "card", "setup"):
            if text == "card" and kind(m) != "scamp":
                raise ck.fail(path, "only the Scamp starts out of play on its card (R33)")
            if text == "setup" and phase != "setup":
                raise ck.fail(path, "'setup' (still to be placed) only in phase 'setup'")
            loc[m] = (text, 0)
        else:
            raise ck.fail(path, f"'inner N', 'outer N' (N 1-12), 'hand' or 'card', found {excerpt(text)}")
    hand = ck.str_list(ck.get(data, "hand", list), "hand")
    on_hand = [m for m, (where, _) in loc.items() if where == "hand"]
    if sorted(hand) != sorted(on_hand) or len(set(hand)) != len(hand):
        raise ck.fail("hand", f"must list, front to back, exactly the mice placed 'hand' {on_hand}, found "
                              f"{excerpt(hand)}")
    used = sum(c.scavenger_size if m.endswith(".scavenger") else 1 for m in hand)
    spaces = c.hand_spaces[len(colors)]
    if used > spaces:
        raise ck.fail("hand", f"the minute hand has {spaces} usable spaces with {len(colors)} player(s); these "
                              f"mice need {used} (a Scavenger takes 2)")
    return loc, hand
