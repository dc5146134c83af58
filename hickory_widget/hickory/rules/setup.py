"""Setting the game up (R18-R36), the solo changes (R116) and the advanced setup variant (R122-R123)."""

from __future__ import annotations

from collections.abc import Generator, Sequence

from ...core.protocol import Ask
from ...core.rng import seed_state
from .chance import draw_tile, shuffle
from .components import MOUSE_KINDS, Components, default_components
from .state import PlayerState, State, owner

START_KINDS = ("scurrier", "scavenger", "spotter")
"""The three mice that start on the clock; the Scamp starts on its card, out of play (R33)."""


def resolve_players(players: int | Sequence[str], c: Components) -> list[str]:
    """Turns ``players=3`` or ``["red", "blue"]`` into a list of colors, or says what is allowed."""
    if isinstance(players, bool) or not isinstance(players, (int, list, tuple)):
        raise ValueError(f"players must be a count 1-4 or a list of colors from {list(c.player_colors)}; "
                         f"got {players!r}")
    if isinstance(players, int):
        if not 1 <= players <= 4:
            raise ValueError(f"Hickory Dickory is for 1 to 4 players; got players={players}")
        return list(c.player_colors[:players])
    colors = list(players)
    if not 1 <= len(colors) <= 4:
        raise ValueError(f"give 1 to 4 player colors; got {len(colors)}")
    for color in colors:
        if color not in c.player_colors:
            raise ValueError(f"unknown player color {color!r}; the colors are {', '.join(c.player_colors)}")
    if len(set(colors)) != len(colors):
        raise ValueError(f"each color may play once; got {colors}")
    return colors


def new_state(players: int | Sequence[str] = 4, seed: int = 1, *, options: dict[str, bool] | None = None,
              advanced: bool = False, components: Components | None = None) -> State:
    """Lays out a new game (R18-R36, R116). Every random step uses the game's own seeded generator."""
    c = components or default_components()
    colors = resolve_players(players, c)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number; got {seed!r}")
    n = len(colors)
    s = State(
        c=c, players=[], options=dict(options or {}), hour=c.hour_start[n], minute=12,  # R19, R116
        priority=colors[0], paws=[], tokens=[""] * 13, leaves=[None] * 13, bin=[None] * c.discount_bin_spaces,
        web=[], bag=[], returned=[], loc={}, hand=[], quest_deck=[], quests_up=[None] * c.quests_face_up,
        quest_discard=[], favor_deck=[], favor_discard=[], weight=0, rng=seed_state(seed), advanced=advanced,
    )
    # R20-R21: fixed tokens on their numbers; sun and moon groups shuffled onto their spaces.
    for number, token in c.fixed_tokens.items():
        s.tokens[number] = token.id
    for group, spaces in ((list(c.sun_tokens), c.sun_spaces), (list(c.moon_tokens), c.moon_spaces)):
        shuffle(s, group)
        for number, token in zip(spaces, group, strict=False):
            s.tokens[number] = token.id
    # R22-R24: wilds on the web, everything else in the bag, then the discount bin and the leaves.
    s.web = [t for t, tile in c.tiles.items() if tile.kind == "wild"]
    s.bag = [t for t, tile in c.tiles.items() if tile.kind != "wild"]
    for i in range(len(s.bin)):
        s.bin[i] = draw_tile(s)
    for number in c.leaf_spaces:
        s.leaves[number] = draw_tile(s)
    # R25: one acorn card to each player, the rest back into the shuffled deck.
    acorns = [f for f, card in c.favors.items() if card.acorn]
    shuffle(s, acorns)
    dealt = acorns[:n]
    s.favor_deck = [f for f in c.favors if f not in dealt]
    shuffle(s, s.favor_deck)
    # R26: quests shuffled, two face up.
    s.quest_deck = list(c.quests)
    shuffle(s, s.quest_deck)
    for i in range(len(s.quests_up)):
        s.quests_up[i] = s.quest_deck.pop()
    # R29-R34: each player's cards, a random hunt board, the Scaler on the pinecone, mice on the clock.
    boards = [b.id for b in c.hunt_boards]
    shuffle(s, boards)
    for color, board_id, favor in zip(colors, boards, dealt, strict=False):
        board = c.hunt_board(board_id)
        s.players.append(PlayerState(
            color=color, board=board_id, hunt=[[None] * board.columns for _ in range(board.rows)],
            cards={k: [] for k in MOUSE_KINDS}, favors=[favor]))
    for color, board_id in zip(colors, boards, strict=False):
        board = c.hunt_board(board_id)
        for k in START_KINDS:
            s.loc[f"{color}.{k}"] = ("setup", 0) if advanced else ("inner", board.start[k])
        s.loc[f"{color}.scamp"] = ("card", 0)
    s.phase = "setup" if advanced else ("paws" if n == 1 else "play")
    return s


def advanced_setup(s: State) -> Generator[Ask, str, None]:
    """R122-R123: in priority order, each player places one of their mice at a time on an inner space."""
    order = priority_order(s)
    while True:
        for color in order:
            todo = [m for m in s.loc if owner(m) == color and s.loc[m][0] == "setup"]
            if not todo:
                continue
            options = [f"place:{m}:{n}" for m in todo for n in legal_start_numbers(s, color)]
            choice = yield Ask(color, "place_mouse", options, {})
            _, mouse, number = choice.split(":")
            s.loc[mouse] = ("inner", int(number))
            s.emit("mouse_placed", ("R122", "R123"), mouse=mouse, number=int(number))
        if not any(where == "setup" for where, _ in s.loc.values()):
            break
    s.phase = "paws" if s.solo else "play"


def legal_start_numbers(s: State, color: str) -> list[int]:
    """Numbers where ``color`` may place its next mouse (R123): never 12 or 1, never twice the same number,
    and still able to end with a mouse on a sun space and one on a moon space."""
    placed = [n for m, (where, n) in s.loc.items() if owner(m) == color and where == "inner"]
    left = sum(1 for m, (where, _) in s.loc.items() if owner(m) == color and where == "setup") - 1
    sun, moon = set(s.c.sun_spaces), set(s.c.moon_spaces)
    out = []
    for n in range(2, 12):
        if n in placed:
            continue
        after = {*placed, n}
        need = (0 if after & sun else 1) + (0 if after & moon else 1)
        if need <= left:
            out.append(n)
    return out


def priority_order(s: State) -> list[str]:
    """Colors in play, starting at the priority marker and following the track's arrows (R41-R42)."""
    colors = s.colors
    cycle = [col for col in s.c.priority_cycle if col in colors]
    start = cycle.index(s.priority)
    return cycle[start:] + cycle[:start]

