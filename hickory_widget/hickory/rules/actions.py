"""Performing actions (R70-R88): the token of the number a mouse entered, or the icons of a favor card.

An action is a list of icons right of an arrow (the gain), possibly with icons left of it (the cost) that must
be paid in full first (R70). Every action is optional (R71); a token's two actions keep their printed order
(L4): once the second is done or skipped to, the first is gone.
"""

from __future__ import annotations

from collections.abc import Callable, Generator

from ...core.protocol import Ask
from . import activation, chain, minute_hand, outer_ring, storage
from .chance import draw_tile, to_bag
from .components import Action, Icon
from .delivering import deliver
from .favor_hand import bonus_cards, discard_favor, draw_favor
from .leaps import leap_targets
from .state import State, owner

# activation, outer_ring and storage are imported as modules: entering a space performs its action, which may
# enter another (a leap) or decide again, so these rules call each other in a cycle (see rules/__init__.py).


def token_actions(s: State, n: int) -> tuple[Action, ...]:
    c = s.c
    tid = s.tokens[n]
    for token in (*c.fixed_tokens.values(), *c.sun_tokens, *c.moon_tokens):
        if token.id == tid:
            return token.actions
    raise KeyError(tid)


def perform(s: State, mouse: str, n: int) -> Generator[Ask, str, None]:
    """The action step after entering outer space ``n`` (R57 step 2, R58a)."""
    actions = token_actions(s, n)
    nxt = 0
    relics_returned = 0
    while nxt < len(actions):
        if s.loc.get(mouse, ("", 0))[0] != "outer" or s.loc[mouse][1] != n:
            return  # the mouse leapt away; the rest of this token is no longer its to do
        def options(start: int = nxt, relics: int = relics_returned) -> list[str]:
            acts = [f"act:{i}" for i in range(start, len(actions))
                    if can_pay(s, mouse, actions[i].cost) and _gain_possible(s, mouse, actions[i], relics)]
            return [*acts, "decline"]

        offered = options()
        if offered == ["decline"] and not s.player(owner(mouse)).favors:
            return
        ready = [offered]  # the first question asks with these; after a trade or a favor card they are made anew

        def current(ready: list[list[str]] = ready, fresh: Callable[[], list[str]] = options) -> list[str]:
            return ready.pop() if ready else fresh()

        choice = yield from activation.decide(s, owner(mouse), "action", current, mouse, number=n,
                                              token=s.tokens[n], next=nxt)
        if choice == activation.MOVED:
            return
        if choice == "decline":
            s.emit("action_declined", ("R71",), mouse=mouse, number=n)
            return
        i = int(choice.partition(":")[2])
        before = len(s.returned)
        yield from resolve(s, mouse, actions[i], source=s.tokens[n])
        relics_returned += len(s.returned) - before
        nxt = i + 1


def _gain_possible(s: State, mouse: str, act: Action, relics_returned: int) -> bool:
    """Offers an action only when it can do something (Q4's option: the 12 leap needs a returned relic)."""
    for icon in act.gain:
        if icon.icon == "relic" and not _relics(s, mouse):
            return False
        if icon.icon == "deliver" and not deliverable(s, mouse):
            return False
        if icon.icon == "leap" and s.options.get("cuckoo_leap_needs_relic") and icon.to and not relics_returned:
            return False
    return True


def _relics(s: State, mouse: str) -> list[str]:
    return [t for t in s.card(mouse) if s.c.tiles[t].kind == "relic"]


def deliverable(s: State, mouse: str) -> bool:
    return any(s.c.tiles[t].is_item for t in s.card(mouse)) or bool(bonus_cards(s, owner(mouse)))


def can_pay(s: State, mouse: str, cost: tuple[Icon, ...]) -> bool:
    """R70: the whole cost must be payable. Spend takes tiles from the active mouse's card or bonus tiles (R73)."""
    if not cost:
        return True
    need = sum(icon.x for icon in cost if icon.icon == "spend")
    have = len(s.card(mouse)) + len(bonus_cards(s, owner(mouse)))
    if need > have:
        return False
    if any(icon.icon == "relic" for icon in cost) and not _relics(s, mouse):
        return False
    return not (any(icon.icon == "deliver" for icon in cost) and not deliverable(s, mouse))


def resolve(s: State, mouse: str, act: Action, source: str) -> Generator[Ask, str, None]:
    """Pays the cost (all of it), then resolves the gained icons one at a time."""
    for icon in act.cost:
        yield from resolve_icon(s, mouse, icon, source)
    for icon in act.gain:
        yield from resolve_icon(s, mouse, icon, source)


def resolve_icon(s: State, mouse: str, icon: Icon, source: str) -> Generator[Ask, str, None]:
    color = owner(mouse)
    name = icon.icon
    if name == "spend":
        yield from spend(s, mouse, icon.x)
    elif name == "climb":
        chain.climb(s, color, icon.x)
    elif name == "search":
        yield from search(s, mouse, icon.x)
    elif name == "market":
        yield from market(s, mouse)
    elif name == "relic":
        yield from return_relics(s, mouse)
    elif name == "deliver":
        yield from deliver(s, mouse)
    elif name == "favor":
        yield from draw_favor(s, color, ("R79", "R93", "R94"))
    elif name == "scamp":
        yield from teleport_scamp(s, mouse)
    elif name == "leap":
        yield from leap(s, mouse, icon, source)
    elif name == "throw":
        yield from throw(s, mouse)


# ------------------------------------------------------------------------------------------------ costs
def spend(s: State, mouse: str, x: int) -> Generator[Ask, str, None]:
    """R73, R97: X tiles from the active mouse's card back to the bag, or favor cards for their bonus tile."""
    color = owner(mouse)
    for k in range(x):
        options = [f"pay:{t}" for t in dict.fromkeys(s.card(mouse))]
        options += [f"pay_favor:{f}" for f in bonus_cards(s, color)]
        choice = yield Ask(color, "spend", options, {"mouse": mouse, "left": x - k})
        verb, _, what = choice.partition(":")
        if verb == "pay":
            s.card(mouse).remove(what)
            to_bag(s, what)
            s.emit("tile_spent", ("R73",), mouse=mouse, tile=what)
        else:
            discard_favor(s, color, what)
            s.emit("bonus_tile_spent", ("R73", "R97"), mouse=mouse, card=what)


# ------------------------------------------------------------------------------------------------ gains
def claim_tiles(s: State, mouse: str, tiles: list[str], rules: tuple[str, ...]) -> Generator[Ask, str, None]:
    """Claims gained tiles (R69): each onto one of your mice that may receive it, then the storage check."""
    color = owner(mouse)
    n = s.number_of(mouse)
    receivers = outer_ring.claim_receivers(s, mouse, n) if n is not None else [mouse]
    touched: list[str] = []
    for tile in tiles:
        receiver = mouse
        if len(receivers) > 1:
            choice = yield Ask(color, "claim_gained", [f"claim:{m}" for m in receivers], {"mouse": mouse, "tile": tile})
            receiver = choice.partition(":")[2]
        s.card(receiver).append(tile)
        s.emit("tile_claimed", rules, mouse=mouse, receiver=receiver, tile=tile)
        if receiver not in touched:
            touched.append(receiver)
    for m in touched:
        yield from storage.check_capacity(s, m)


def search(s: State, mouse: str, x: int) -> Generator[Ask, str, None]:
    """R75, R90: draw X (a Spotter X+1 and puts one back) and claim them; a short bag gives what it has (R75a)."""
    spotter = mouse.endswith(".spotter")
    drawn = [t for t in (draw_tile(s) for _ in range(x + 1 if spotter else x)) if t is not None]
    # The event keeps its own list: ``drawn`` loses the tile put back below, the record of the draw must not (D12).
    s.emit("tiles_drawn", ("R75", "R90") if spotter else ("R75",), mouse=mouse, tiles=list(drawn))
    if spotter and len(drawn) > x:  # a short bag (R75a): the Spotter only puts one back if it drew X+1
        choice = yield Ask(owner(mouse), "spotter_return", [f"return:{t}" for t in drawn], {"mouse": mouse})
        back = choice.partition(":")[2]
        drawn.remove(back)
        to_bag(s, back)
        s.emit("tile_returned_to_bag", ("R90",), mouse=mouse, tile=back)
    yield from claim_tiles(s, mouse, drawn, ("R75", "R69"))


def market(s: State, mouse: str) -> Generator[Ask, str, None]:
    """R76, R76a: two tiles from the discount bin, or one wild from the web; the bin refills only at Refill."""
    color = owner(mouse)
    options = []
    if any(t is not None for t in s.bin):
        options.append("market:bin")
    if s.web:
        options.append("market:wild")
    if not options:
        s.emit("market_empty", ("R76a",), mouse=mouse)
        return
    choice = yield Ask(color, "market", options, {"mouse": mouse})
    if choice == "market:wild":
        tile = s.web.pop()
        yield from claim_tiles(s, mouse, [tile], ("R76", "R69"))
        return
    taken: list[str] = []
    for _ in range(2):
        left = [t for t in s.bin if t is not None]
        if not left:
            break
        pick = left[0] if len(left) == 1 else (yield Ask(color, "market_pick", [f"take:{t}" for t in left],
                                                          {"mouse": mouse})).partition(":")[2]
        s.bin[s.bin.index(pick)] = None
        taken.append(pick)
    yield from claim_tiles(s, mouse, taken, ("R76", "R69"))


def return_relics(s: State, mouse: str) -> Generator[Ask, str, None]:
    """R77: relics from the active mouse's card go to Lord Cuckoo: 5 points and a favor card each."""
    color = owner(mouse)
    returned = 0
    while True:
        relics = _relics(s, mouse)
        if not relics:
            break
        options = [f"return_relic:{t}" for t in relics] + (["done"] if returned else [])
        choice = yield Ask(color, "return_relics", options, {"mouse": mouse})
        if choice == "done":
            break
        tile = choice.partition(":")[2]
        s.card(mouse).remove(tile)
        s.returned.append(tile)
        s.player(color).score_by["relics"] += 5
        returned += 1
        s.emit("relic_returned", ("R77",), mouse=mouse, tile=tile, points=5)
        yield from draw_favor(s, color, ("R77", "R93", "R94"))


def teleport_scamp(s: State, mouse: str) -> Generator[Ask, str, None]:
    """R80, R88: the Scamp goes to any outer space without a paw and resolves it, as the active mouse (R88b)."""
    color = owner(mouse)
    scamp = f"{color}.scamp"
    here = s.loc[mouse]
    targets = [n for n in range(1, 13) if not s.covered(n)]
    if s.options.get("scamp_other_space") and here[0] == "outer":
        targets = [n for n in targets if n != here[1]]
    choice = yield Ask(color, "scamp", [f"scamp:{n}" for n in targets], {"mouse": mouse, "scamp": scamp})
    n = int(choice.partition(":")[2])
    first = s.loc[scamp][0] == "card"
    if s.loc[scamp][0] == "hand":
        minute_hand.leave(s, scamp)
    s.emit("scamp_teleported", ("R80", "R88"), mouse=scamp, number=n, first=first)
    saved = s.throws[:]
    s.throws.clear()
    yield from outer_ring.enter(s, scamp, n, ("R80", "R88"))
    s.throws[:] = saved


def leap_targets_for(s: State, mouse: str, icon: Icon) -> list[int]:
    if icon.to:
        return [n for n in icon.to if not s.covered(n)]
    n = s.number_of(mouse)
    return leap_targets(s, n if n is not None else s.minute, icon.x)


def leap(s: State, mouse: str, icon: Icon, source: str) -> Generator[Ask, str, None]:
    """R81-R85: the active mouse leaps clockwise and enters the outer space it lands on."""
    targets = leap_targets_for(s, mouse, icon)
    if not targets:
        return
    choice = yield Ask(owner(mouse), "leap", [f"leap:{n}" for n in targets], {"mouse": mouse})
    n = int(choice.partition(":")[2])
    yield from leap_to(s, mouse, n, ("R81", "R85"))


def leap_to(s: State, mouse: str, n: int, rules: tuple[str, ...]) -> Generator[Ask, str, None]:
    start = s.number_of(mouse)
    if s.loc[mouse][0] == "hand":
        minute_hand.leave(s, mouse)
    s.emit("mouse_leapt", rules, mouse=mouse, start=start, number=n)
    yield from outer_ring.enter(s, mouse, n, rules)


def throw(s: State, mouse: str) -> Generator[Ask, str, None]:
    """R83, R68: one of your other mice may trade with the active mouse for the rest of this activation."""
    color = owner(mouse)
    allowed = ("inner", "outer", "hand", "card") if s.options.get("throw_to_scamp_card") else ("inner", "outer", "hand")
    partners = [m for m in s.loc if owner(m) == color and m != mouse and s.loc[m][0] in allowed]
    if not partners:
        return
    choice = yield Ask(color, "throw", [f"throw:{m}" for m in partners], {"mouse": mouse})
    partner = choice.partition(":")[2]
    s.throws.append((mouse, partner))
    s.emit("throw", ("R68", "R83"), mouse=mouse, partner=partner)
