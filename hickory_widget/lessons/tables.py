"""The classroom's game tables: the three games and their bot levels, handed to the core's game-agnostic
:class:`~hickory_widget.core.tables.Tables` over the classroom's store (lessons/store.py).

Bot levels, weakest first: ``random`` (any legal option), ``eager`` (the core's greedy bot on the plain score: takes
the points it can see now), ``greedy`` (the game's own greedy measure: Hickory Dickory's preference-ordered greedy
bot; the card games' ``bot_value``, which also counts progress), ``mcts`` (Hickory Dickory only: its ISMCTS bot).
Every bot decides on its seat's copy of the game (``core.bots.decide``).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..core import bots
from ..core.information import public_view
from ..core.tables import Accepted, GameKind, TableError, Tables
from .classroom_words import say
from .store import Store

__all__ = ["GAMES", "REFUSALS", "Accepted", "ClassroomTables", "TableError", "Tables", "classroom_tables",
           "game_kinds", "is_service", "options_on", "refusal", "rule_options", "tables_path"]

REFUSALS: dict[str, dict[str, str]] = {
    "stale": {
        "en": "Someone played first: the table has moved on. Your move was not played; here is the table now.",
        "it": "Qualcuno ha giocato prima: il tavolo è andato avanti. La tua mossa non è stata giocata; ecco il tavolo "
              "com'è ora.",
        "de": "Jemand war schneller: Der Tisch ist weiter. Dein Zug wurde nicht gespielt; so steht der Tisch jetzt.",
    },
    "illegal": {"en": "That move is not possible now: choose one of the options shown.",
                "it": "Questa mossa ora non è possibile: scegli una delle opzioni mostrate.",
                "de": "Dieser Zug geht gerade nicht: Wähle eine der gezeigten Möglichkeiten."},
    "not_your_turn": {"en": "It is {to_move}'s turn, not yours: wait for their move.",
                      "it": "Tocca a {to_move}, non a te: aspetta la sua mossa.",
                      "de": "{to_move} ist am Zug, nicht du: Warte auf diesen Zug."},
    "not_seated": {"en": "You do not sit at this seat: join the table first.",
                   "it": "Non sei seduto a questo posto: prima unisciti al tavolo.",
                   "de": "Du sitzt nicht auf diesem Platz: Setz dich zuerst an den Tisch."},
    "seat_taken": {"en": "This seat is taken. Free seats: {free}.", "it": "Questo posto è occupato. Posti liberi: "
                   "{free}.", "de": "Dieser Platz ist besetzt. Freie Plätze: {free}."},
    "already_seated": {"en": "You already sit at this table, at seat {seat}.",
                       "it": "Sei già seduto a questo tavolo, al posto {seat}.",
                       "de": "Du sitzt schon an diesem Tisch, auf Platz {seat}."},
    "paused": {"en": "The teacher has paused this table: wait until it goes on.",
               "it": "L'insegnante ha messo in pausa questo tavolo: aspetta che riprenda.",
               "de": "Die Lehrkraft hat diesen Tisch angehalten: Warte, bis es weitergeht."},
    "closed": {"en": "This table is closed: you can look at it, but nobody plays on.",
               "it": "Questo tavolo è chiuso: puoi guardarlo, ma non si gioca più.",
               "de": "Dieser Tisch ist geschlossen: Du kannst ihn ansehen, aber gespielt wird nicht mehr."},
    "over": {"en": "The game at this table is over.", "it": "La partita a questo tavolo è finita.",
             "de": "Die Partie an diesem Tisch ist vorbei."},
    "committed": {"en": "Your card is already face down: it is turned over when the others have chosen.",
                  "it": "La tua carta è già coperta: si gira quando anche gli altri hanno scelto.",
                  "de": "Deine Karte liegt schon verdeckt: Sie wird aufgedeckt, wenn die anderen gewählt haben."},
    "no_undo": {"en": "You have no move here to take back.", "it": "Qui non hai mosse da annullare.",
                "de": "Du hast hier keinen Zug, den du zurücknehmen kannst."},
    "undo_pending": {"en": "Someone has already asked to take a move back: answer that first.",
                     "it": "Qualcuno ha già chiesto di annullare una mossa: prima rispondi a quella richiesta.",
                     "de": "Jemand möchte schon einen Zug zurücknehmen: Antworte zuerst darauf."},
    "no_request": {"en": "Nobody is asking to take a move back any more.",
                   "it": "Nessuno chiede più di annullare una mossa.",
                   "de": "Niemand möchte mehr einen Zug zurücknehmen."},
    "answered": {"en": "You have already answered this request.", "it": "Hai già risposto a questa richiesta.",
                 "de": "Du hast auf diese Bitte schon geantwortet."},
    "no_bot": {"en": "There is no such computer player for this game. Levels: {levels}.",
               "it": "Per questo gioco non c'è un giocatore automatico così. Livelli: {levels}.",
               "de": "Einen solchen Computerspieler gibt es für dieses Spiel nicht. Stufen: {levels}."},
    "bad_setup": {"en": "The table was not opened: {detail}. Nothing changed.",
                  "it": "Il tavolo non è stato aperto: {detail}. Non è cambiato nulla.",
                  "de": "Der Tisch wurde nicht geöffnet: {detail}. Nichts hat sich geändert."},
    "forbidden": {"en": "That is not yours to see or to do: only your own seat (or the teacher) may.",
                  "it": "Questo non spetta a te: solo il tuo posto (o l'insegnante) può vederlo o farlo.",
                  "de": "Das steht dir nicht zu: Nur dein eigener Platz (oder die Lehrkraft) darf das."},
    "unauthorized": {"en": "The tables did not recognize your login: reload the page (or log in again). Nothing "
                          "changed.",
                     "it": "I tavoli non hanno riconosciuto il tuo accesso: ricarica la pagina (o accedi di nuovo). "
                           "Non è cambiato nulla.",
                     "de": "Die Tische haben deine Anmeldung nicht erkannt: Lade die Seite neu (oder melde dich neu "
                           "an). Nichts hat sich geändert."},
    "unreachable": {"en": "The tables cannot be reached just now: try again in a moment. Nothing changed.",
                    "it": "I tavoli ora non sono raggiungibili: riprova tra poco. Non è cambiato nulla.",
                    "de": "Die Tische sind gerade nicht erreichbar: Versuch es gleich noch einmal. Nichts hat sich "
                          "geändert."},
    "service_error": {"en": "The tables ran into a problem of their own with that (HTTP {status}). Try again; if it "
                            "happens again, tell your teacher.",
                      "it": "I tavoli hanno avuto un problema interno con questa richiesta (HTTP {status}). Riprova; "
                            "se succede di nuovo, avvisa l'insegnante.",
                      "de": "Bei den Tischen ist dabei ein interner Fehler aufgetreten (HTTP {status}). Versuch es "
                            "noch einmal; passiert es wieder, sag deiner Lehrkraft Bescheid."},
    "other": {"en": "The table could not take that ({detail}); nothing changed.",
              "it": "Il tavolo non ha potuto accettarlo ({detail}); non è cambiato nulla.",
              "de": "Der Tisch konnte das nicht annehmen ({detail}); nichts hat sich geändert."},
}
"""What a learner reads when a table refuses (``TableError.reason``), in the classroom's languages."""


def refusal(error: TableError, lang: str = "en") -> str:
    """The refusal in ``lang`` (en, it, de), filled with the error's facts; a reason without its own sentence is
    said with the developer's sentence in brackets."""
    texts = REFUSALS.get(error.reason, REFUSALS["other"])
    named = dict(error.facts)
    if isinstance(named.get("levels"), list):  # the levels by the names the seat menus give them
        named["levels"] = [say(lang, f"table.level.{level}") for level in named["levels"]]
    facts = {k: ", ".join(map(str, v)) if isinstance(v, list) else v for k, v in named.items()}
    facts.setdefault("detail", str(error)[:120])
    try:
        return texts[lang].format(**facts)
    except KeyError:
        return REFUSALS["other"][lang if lang in REFUSALS["other"] else "en"].format(detail=str(error)[:120])


def rule_options(game: str) -> dict[str, bool]:
    """The rule options a table of ``game`` may be opened with, each with its default (the game's options module)."""
    if game == "hickory":
        from ..hickory.rules.options import OPTIONS as named

        return dict.fromkeys(named, False)
    if game == "clocktowers":
        from ..clocktowers.rules.options import OPTIONS
    elif game == "mice":
        from ..mice.rules.options import OPTIONS
    else:
        raise ValueError(f"unknown game {game!r}; games: {', '.join(GAMES)}")
    return dict(OPTIONS)


def options_on(game: str, stored: str | dict[str, Any] | None) -> list[str]:
    """The names of the options that are on at a table (its stored choices over the game's defaults)."""
    chosen = json.loads(stored) if isinstance(stored, str) else (stored or {})
    return [name for name, default in rule_options(game).items() if chosen.get(name, default)]


def _eager(seed: int) -> bots.EagerBot:
    return bots.EagerBot(seed, value=lambda game, player: float(game.scores[player]))


def _hickory() -> GameKind:
    from ..hickory.analysis.bots import GreedyBot
    from ..hickory.analysis.mcts import MCTSBot
    from ..hickory.game import Game

    def new(players: int | Sequence[str], seed: int, options: dict[str, Any] | None) -> Any:
        return Game.new(players, seed, options=options)

    return GameKind("hickory", new, lambda game: list(game.state.colors),
                    {"random": bots.RandomBot, "eager": _eager, "greedy": GreedyBot, "mcts": MCTSBot},
                    seed_range=(1, 2**31 - 1))


def _card_game(name: str) -> Callable[[], GameKind]:
    def kind() -> GameKind:
        if name == "mice":
            from ..mice import MiceGame as Made
        else:
            from ..clocktowers import ClocktowersGame as Made

        def new(players: int | Sequence[str], seed: int, options: dict[str, Any] | None) -> Any:
            return Made.new(players, seed, options=options)

        return GameKind(name, new, lambda game: list(game.state.players),
                        {"random": bots.RandomBot, "eager": _eager, "greedy": bots.GreedyBot,
                         "search": bots.SearchBot})

    return kind


GAMES: dict[str, Callable[[], GameKind]] = {"hickory": _hickory, "clocktowers": _card_game("clocktowers"),
                                            "mice": _card_game("mice")}
"""The games a classroom table can be of, each made on first use (a game's modules load only when needed)."""


def game_kinds() -> dict[str, GameKind]:
    return {name: make() for name, make in GAMES.items()}


def tables_path(progress: str | Path) -> Path | str:
    """Where the classroom's tables are kept: ``$HICKORY_TABLES`` when set, else the class's store ``progress``
    itself. On JupyterHub ``$HICKORY_TABLES`` is the tables service's URL (``http(s)://.../services/hickory-tables/``,
    lessons/tables_service.py), so no learner's kernel can open the store; a path there names a store shared by
    every kernel that can open it (one machine, or a class that trusts each other: see docs/CLASSROOM.md)."""
    named = os.environ.get("HICKORY_TABLES")
    if named and is_service(named):
        return named
    return Path(named) if named else Path(progress)


def is_service(where: Any) -> bool:
    """Whether ``where`` names a tables service (an http or https URL) rather than a store file."""
    return isinstance(where, str) and where.startswith(("http://", "https://"))


class ClassroomTables(Tables):
    """The tables of a store this kernel opens itself, with the public state the pages show of a table."""

    def public(self, table: int) -> dict[str, Any]:
        """Whose turn, over, and the scores every seat agrees on (nothing that hangs on a hidden card)."""
        public = public_view(self.game(table))
        return {k: public[k] for k in ("players", "over", "to_move", "scores")}


def classroom_tables(store: Store | str | Path) -> Any:
    """The tables of a classroom: a store (a path or an open :class:`Store`), or a tables service's URL (then a
    :class:`~.tables_remote.RemoteTables` asking it as this kernel's hub user). Both answer the same calls."""
    if is_service(store):
        from .tables_remote import RemoteTables

        return RemoteTables(str(store))
    return ClassroomTables(store if isinstance(store, Store) else Store.at(store), game_kinds())
