"""Short English texts for decisions and choices (prompts and labels), made only when someone reads them."""

from __future__ import annotations

from .decisions import Ask
from .state import State, kind, owner


def mouse_name(mouse: str) -> str:
    """'blue.scurrier' -> "Blue's Scurrier"."""
    return f"{owner(mouse).capitalize()}'s {kind(mouse).capitalize()}"


def tile_name(s: State, tile: str) -> str:
    t = s.c.tiles.get(tile)
    if t is None:
        return tile
    if t.kind == "wild":
        return "a wild tile"
    if t.kind == "relic":
        return f"the {tile} relic"
    return f"a {t.color} {t.symbol}"


def prompt(s: State, ask: Ask) -> str:
    ctx = ask.context
    who = ask.player.capitalize()
    mouse = ctx.get("mouse")
    m = mouse_name(mouse) if mouse else who
    n = ctx.get("number")
    texts = {
        "place_mouse": f"{who}: place one of your mice on an inner ring space (advanced setup)",
        "activate": f"{who}: which of your mice on inner {n} activates now?",
        "hand_mouse": f"{m} on the minute hand at {n}: stay, or jump off?",
        "inner_mouse": f"{m} on inner {n}: move out, or jump on the minute hand?",
        "bumped_mouse": f"{m} was bumped off the minute hand at {n}: where does it land?",
        "claim": f"{m} on outer {n}: claim {tile_name(s, ctx.get('tile', ''))}?",
        "action": f"{m} on outer {n}: perform the action there?",
        "return_excess": f"{who}: {mouse_name(ctx['card']) if ctx.get('card') else 'a card'} holds too many "
                         f"tiles; return {ctx.get('over', 1)} to the bag",
        "trade": f"{who}: trade tiles between your mice, or done",
        "trade_before_move": f"{who}: trade tiles between your mice at {n} before the hand moves on?",
        "scratch_discard": f"{who}: the cat scratches at {n}; discard a tile",
    }
    return texts.get(ask.kind, f"{who}: {ask.kind.replace('_', ' ')}")


def label(s: State, ask: Ask, option: str) -> str:
    ctx = ask.context
    n = ctx.get("number")
    verb, _, rest = option.partition(":")
    if option == "stay":
        return "Stay on the minute hand"
    if option == "jump_off":
        return f"Jump off onto outer {n}" if n != 12 else "Jump off onto Lord Cuckoo (12)"
    if option == "move_out":
        return f"Move out to outer {n}"
    if option == "jump_on":
        return "Jump on the minute hand"
    if option == "decline":
        return "Do not perform the action"
    if option == "skip_claim":
        return "Leave the tile"
    if option == "trade":
        return "Trade tiles first"
    if option == "done":
        return "Done"
    if verb == "leap":
        return f"Leap to outer {rest}"
    if verb == "back":
        return f"Jump back to outer {rest}"
    if verb == "activate":
        return f"Activate {mouse_name(rest)}"
    if verb == "claim":
        return f"Claim it onto {mouse_name(rest)}'s card"
    if verb in ("return", "discard"):
        return f"{'Return' if verb == 'return' else 'Discard'} {tile_name(s, rest)}"
    if verb == "give":
        tile, _, to = rest.partition(":")
        return f"Give {tile_name(s, tile)} to {mouse_name(to)}"
    if verb == "swap":
        a, _, b = rest.partition(":")
        return f"Swap {tile_name(s, a)} for {tile_name(s, b)}"
    if verb == "place":
        mouse, _, number = rest.partition(":")
        return f"Place {mouse_name(mouse)} on inner {number}"
    return option
