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
        "spend": f"{m}: pay the cost ({ctx.get('left', 1)} tile(s) still to spend)",
        "claim_gained": f"{who}: which of your mice takes {tile_name(s, ctx.get('tile', ''))}?",
        "spotter_return": f"{m} drew one tile more than it searched for: put one back in the bag",
        "market": f"{m} at Itsy Bitsy's market: two tiles from the discount bin, or one wild?",
        "market_pick": f"{m}: take a tile from the discount bin",
        "return_relics": f"{m}: return relics to Lord Cuckoo (5 points and a favor card each)",
        "deliver": f"{m}: choose the items to deliver, then finish",
        "quest": f"{who}: the delivery completes more than one quest; pick the one to score",
        "hunt_place": f"{who}: where on your hunt board does {tile_name(s, ctx.get('tile', ''))} go?",
        "favor_limit": f"{who}: you hold three favor cards; discard one",
        "scamp": f"{who}: where does your Scamp appear?",
        "leap": f"{m}: leap to which outer space?",
        "throw": f"{m}: which of your mice may trade with it for the rest of this activation?",
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
    if verb == "act":
        return _action_label(s, ctx, int(rest))
    if verb in ("pay", "deliver"):
        return f"{verb.capitalize()} {tile_name(s, rest)}"
    if verb in ("pay_favor", "deliver_favor"):
        bonus = s.c.favors[rest].bonus
        item = f"a {bonus[0]} {bonus[1]}" if bonus else "its bonus tile"
        return f"{'Pay' if verb == 'pay_favor' else 'Deliver'} with favor card {rest} ({item})"
    if option == "deliver_done":
        return "Deliver the chosen items"
    if option == "market:bin":
        return "Two tiles from the discount bin"
    if option == "market:wild":
        return "One wild tile from the web"
    if verb == "take":
        return f"Take {tile_name(s, rest)}"
    if verb == "return_relic":
        return f"Return {tile_name(s, rest)}"
    if verb == "quest":
        quest = s.c.quests[rest]
        return f"Quest {rest} ({quest.points} points)"
    if verb == "hunt":
        _, r, col = rest.split(":")
        return f"Row {int(r) + 1}, column {int(col) + 1}"
    if verb == "discard_favor":
        return f"Discard favor card {rest}"
    if verb == "scamp":
        return f"Outer {rest}" if rest != "12" else "Lord Cuckoo (12)"
    if verb == "throw":
        return f"Throw to {mouse_name(rest)}"
    if verb == "favor":
        return f"Play favor card {rest} ({_icons_text(s.c.favors[rest].actions)})"
    if verb == "favor_leap":
        card, _, number = rest.partition(":")
        return f"Play favor card {card} to leap to outer {number}"
    if verb == "place":
        mouse, _, number = rest.partition(":")
        return f"Place {mouse_name(mouse)} on inner {number}"
    return option


def actions_text(actions: tuple) -> str:
    """A token's or a favor card's actions in words, e.g. 'Climb 2, then Spend 2 -> Market'."""
    return _icons_text(actions) or "-"


def event_text(s: State, e: dict) -> str:
    """One event as a short sentence (the rule ids travel with it separately)."""
    k = e["kind"]
    m = mouse_name(e["mouse"]) if "mouse" in e else ""
    n = e.get("number")
    who = str(e.get("color", "")).capitalize()
    receiver = mouse_name(e["receiver"]) if e.get("receiver") else ""
    texts = {
        "hand_moved": f"The minute hand moves to {n}.",
        "tick_empty": f"Nobody is at {n}: the Tick passes.",
        "tick_blocked": f"A cat paw covers {n}: no mouse on the hand activates.",
        "mouse_activated": f"{m} activates.",
        "mouse_stayed": f"{m} stays on the minute hand.",
        "mouse_jumped_off": f"{m} jumps off onto outer {n}.",
        "mouse_moved_out": f"{m} moves out to outer {n}.",
        "mouse_jumped_on": f"{m} jumps on the minute hand" + (
            f" and bumps {', '.join(mouse_name(b) for b in e['bumped'])}." if e.get("bumped") else "."),
        "mouse_bumped": f"{m} is bumped off the hand.",
        "mouse_leapt": f"{m} leaps to outer {n}.",
        "mouse_entered": f"{m} enters outer {n}.",
        "tile_claimed": f"{m} claims {tile_name(s, e.get('tile', ''))}"
                        + (f" onto {receiver}'s card." if e.get("receiver") != e.get("mouse") else "."),
        "action_declined": f"{m} does not perform the action.",
        "tile_returned_to_bag": f"{tile_name(s, e.get('tile', '')).capitalize()} goes back to the bag.",
        "tile_traded": f"{tile_name(s, e.get('tile', '')).capitalize()} moves to {receiver}.",
        "scaler_climbed": f"{who}'s Scaler climbs to space {e.get('space')}"
                          + (f" and scores {e['points']}." if e.get("points") else "."),
        "scaler_reached_leaf": f"{who}'s Scaler reaches the leaf and scores {e.get('points')}.",
        "delivered": f"{m} delivers {len(e.get('tiles', [])) + len(e.get('bonus_cards', []))} item(s) for "
                     f"{e.get('points')} points.",
        "quest_completed": f"{who} completes quest {e.get('quest')} for {e.get('points')} points.",
        "relic_returned": f"{m} returns {tile_name(s, e.get('tile', ''))} to Lord Cuckoo: 5 points.",
        "favor_drawn": f"{who} draws a favor card.",
        "favor_played": f"{m} plays favor card {e.get('card')}.",
        "scamp_teleported": f"{m} appears on outer {n}.",
        "cat_paws_placed": f"The cat's paws cover {', '.join(map(str, e.get('numbers', [])))}.",
        "cat_paw_placed": f"A cat paw covers {n}.",
        "mouse_fled": f"{m} flees the paw to {e.get('ring')} {n}.",
        "hour_hand_moved": f"The hour hand moves to {e.get('hour')}.",
        "round_ended": f"Round {e.get('round')} ends: the board is refreshed.",
        "mice_moved_inward": "Mice on outer spaces move to the inner ring.",
        "priority_moved": f"Priority passes to {who}.",
        "game_over": "Midnight: the game is over.",
    }
    return texts.get(k, k.replace("_", " ").capitalize() + ".")


def _icons_text(actions: tuple) -> str:
    """'Spend 1 -> Scamp', 'Climb 2', 'Leap', ... for a token's or a card's actions."""
    def icon(i: object) -> str:
        name = getattr(i, "icon", "")
        x = getattr(i, "x", 0)
        to = getattr(i, "to", ())
        words = {"relic": "Return relics", "favor": "Draw a favor card", "scamp": "Scamp", "market": "Market",
                 "deliver": "Deliver", "throw": "Throw"}
        if name == "leap":
            return f"Leap to {'/'.join(map(str, to))}" if to else f"Leap 1-{x}"
        return words.get(name, f"{name.capitalize()} {x}")

    parts = []
    for act in actions:
        gain = " + ".join(icon(i) for i in act.gain)
        cost = " + ".join(icon(i) for i in act.cost)
        parts.append(f"{cost} -> {gain}" if cost else gain)
    return ", then ".join(parts)


def _action_label(s: State, ctx: dict, i: int) -> str:
    from .actions import token_actions

    number = ctx.get("number")
    actions = token_actions(s, number) if number is not None else ()
    if not 0 <= i < len(actions):
        return f"Action {i + 1}"
    return f"Do it: {_icons_text((actions[i],))}"
