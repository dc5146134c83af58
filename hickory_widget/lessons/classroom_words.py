"""The classroom's sentences about its store, its doors and its refusals, in English, Italian and German.

They sit here, beside the pages that say them, rather than in the message catalogs (``hickory/words/messages``),
which another part of the project keeps; :func:`say` falls back to those catalogs for every other key, so a page
asks one function for all its texts.
"""

from __future__ import annotations

from typing import Any

from ..hickory.words.i18n import t

TEXTS: dict[str, dict[str, str]] = {
    "classroom.error.no_pin": {
        "en": "{name} is in the class without a PIN: only the join link from your teacher opens it.",
        "it": "{name} è nella classe senza PIN: lo apre solo il link d'accesso dell'insegnante.",
        "de": "{name} ist ohne PIN in der Klasse: Nur der Beitrittslink deiner Lehrkraft öffnet ihn.",
    },
    "classroom.error.reserved": {
        "en": "The name {name} belongs to a role of the classroom: choose your own name.",
        "it": "Il nome {name} spetta a un ruolo della classe: scegli il tuo nome.",
        "de": "Der Name {name} gehört zu einer Rolle im Klassenzimmer: Wähle deinen eigenen Namen.",
    },
    "classroom.error.full": {
        "en": "The class already has {n} names, the most it holds: tell your teacher.",
        "it": "La classe ha già {n} nomi, il massimo possibile: avvisa l'insegnante.",
        "de": "Die Klasse hat schon {n} Namen, mehr passen nicht: Sag deiner Lehrkraft Bescheid.",
    },
    "classroom.error.store": {
        "en": "The class's storage cannot be used ({problem}): tell your teacher.",
        "it": "L'archivio della classe non si può usare ({problem}): avvisa l'insegnante.",
        "de": "Der Speicher der Klasse lässt sich nicht nutzen ({problem}): Sag deiner Lehrkraft Bescheid.",
    },
    "classroom.dash.store": {
        "en": "The class's storage cannot be used: {problem}. File: {path}",
        "it": "L'archivio della classe non si può usare: {problem}. File: {path}",
        "de": "Der Speicher der Klasse lässt sich nicht nutzen: {problem}. Datei: {path}",
    },
    "store.readonly": {"en": "the disk is read-only", "it": "il disco è di sola lettura",
                       "de": "der Datenträger ist schreibgeschützt"},
    "store.full": {"en": "the disk is full", "it": "il disco è pieno", "de": "der Datenträger ist voll"},
    "store.permission": {"en": "permission denied", "it": "permesso negato", "de": "keine Berechtigung"},
    "store.busy": {"en": "the storage is busy", "it": "l'archivio è occupato", "de": "der Speicher ist belegt"},
    "store.damaged": {"en": "the storage is damaged", "it": "l'archivio è danneggiato",
                      "de": "der Speicher ist beschädigt"},
    "store.not_ours": {"en": "the file is not a classroom store", "it": "il file non è un archivio della classe",
                       "de": "die Datei ist kein Klassenspeicher"},
    "store.newer": {"en": "a newer version wrote it", "it": "l'ha scritto una versione più recente",
                    "de": "eine neuere Version hat ihn geschrieben"},
    "store.limit": {"en": "your stored answers reached the limit", "it": "le tue risposte salvate sono al limite",
                    "de": "deine gespeicherten Antworten sind an der Grenze"},
    "lesson.ui.not_saved": {
        "en": "Your answer could not be saved ({problem}), so this exercise is not marked done: tell your teacher "
              "and answer again.",
        "it": "La tua risposta non si è potuta salvare ({problem}), quindi l'esercizio non risulta fatto: avvisa "
              "l'insegnante e rispondi di nuovo.",
        "de": "Deine Antwort ließ sich nicht speichern ({problem}), darum gilt die Aufgabe nicht als erledigt: "
              "Sag deiner Lehrkraft Bescheid und antworte noch einmal.",
    },
    "lesson.ui.reset_pin": {
        "en": "To reset your progress, type your PIN again (or ask your teacher).",
        "it": "Per azzerare i tuoi progressi, scrivi di nuovo il tuo PIN (o chiedi all'insegnante).",
        "de": "Um deinen Fortschritt zu löschen, gib deine PIN noch einmal ein (oder frag deine Lehrkraft).",
    },
    "classroom.reset.ask": {
        "en": "To reset your progress in this game, type your PIN:",
        "it": "Per azzerare i tuoi progressi in questo gioco, scrivi il tuo PIN:",
        "de": "Um deinen Fortschritt in diesem Spiel zu löschen, gib deine PIN ein:",
    },
    "classroom.reset.go": {"en": "Reset my progress", "it": "Azzera i miei progressi",
                           "de": "Meinen Fortschritt löschen"},
    "classroom.reset.done": {"en": "Your progress in this game is reset.",
                             "it": "I tuoi progressi in questo gioco sono azzerati.",
                             "de": "Dein Fortschritt in diesem Spiel ist gelöscht."},
    "classroom.reset.wrong": {"en": "That PIN does not go with your name: nothing is reset.",
                              "it": "Quel PIN non va con il tuo nome: nulla è stato azzerato.",
                              "de": "Diese PIN passt nicht zu deinem Namen: Nichts wurde gelöscht."},
    "classroom.pin.ask": {
        "en": "You came in by your join link. Choose a PIN of 4 to 8 digits to come back without it:",
        "it": "Sei entrato con il tuo link d'accesso. Scegli un PIN da 4 a 8 cifre per tornare senza link:",
        "de": "Du bist über deinen Beitrittslink gekommen. Wähle eine PIN aus 4 bis 8 Ziffern, um ohne Link "
              "wiederzukommen:",
    },
    "classroom.pin.again": {"en": "The same PIN again", "it": "Lo stesso PIN di nuovo",
                            "de": "Dieselbe PIN noch einmal"},
    "classroom.pin.save": {"en": "Save my PIN", "it": "Salva il mio PIN", "de": "Meine PIN speichern"},
    "classroom.pin.saved": {"en": "Your PIN is saved: next time type your name and your PIN.",
                            "it": "Il tuo PIN è salvato: la prossima volta scrivi il tuo nome e il tuo PIN.",
                            "de": "Deine PIN ist gespeichert: Gib nächstes Mal deinen Namen und deine PIN ein."},
    "lesson.ui.presenting": {
        "en": "Presentation mode records nothing and resets nothing.",
        "it": "La modalità presentazione non registra e non azzera nulla.",
        "de": "Der Präsentationsmodus speichert nichts und löscht nichts.",
    },
    "classroom.dash.code_again": {
        "en": "Type the teacher's code again to confirm",
        "it": "Scrivi di nuovo il codice dell'insegnante per confermare",
        "de": "Gib den Code der Lehrkraft zur Bestätigung noch einmal ein",
    },
    "classroom.dash.pin_confirm": {
        "en": "Clear {name}'s PIN? Their old join link stops working; a new one is shown.",
        "it": "Cancellare il PIN di {name}? Il vecchio link d'accesso smette di funzionare; ne compare uno nuovo.",
        "de": "Die PIN von {name} löschen? Der alte Beitrittslink gilt dann nicht mehr; ein neuer wird angezeigt.",
    },
    "classroom.dash.new_link": {
        "en": "{name}'s PIN is cleared. Until {name} chooses a new one, only this link opens the name: give it to "
              "{name} only.",
        "it": "Il PIN di {name} è cancellato. Finché {name} non ne sceglie uno nuovo, solo questo link apre il nome: "
              "dallo solo a {name}.",
        "de": "Die PIN von {name} ist gelöscht. Bis {name} eine neue wählt, öffnet nur dieser Link den Namen: Gib "
              "ihn nur {name}.",
    },
    "classroom.dash.locks": {"en": "Locked names and pages", "it": "Nomi e pagine bloccati",
                             "de": "Gesperrte Namen und Seiten"},
    "classroom.dash.lock_item": {
        "en": "{who}: {n} wrong tries", "it": "{who}: {n} tentativi sbagliati", "de": "{who}: {n} falsche Versuche"},
    "classroom.dash.clear": {"en": "Unlock", "it": "Sblocca", "de": "Entsperren"},
    "classroom.dash.cleared": {"en": "{who} is unlocked.", "it": "{who} è sbloccato.", "de": "{who} ist entsperrt."},
    "classroom.dash.weak_code": {
        "en": "The teacher's code set for this app is empty or too easy to guess, so the dashboard stays closed: "
              "restart the app with scripts/classroom.sh (it makes a strong code).",
        "it": "Il codice dell'insegnante di quest'app è vuoto o troppo facile da indovinare, quindi il cruscotto "
              "resta chiuso: riavvia l'app con scripts/classroom.sh (crea un codice sicuro).",
        "de": "Der Code der Lehrkraft für diese App ist leer oder zu leicht zu erraten, darum bleibt die Übersicht "
              "zu: Starte die App mit scripts/classroom.sh neu (es erzeugt einen sicheren Code).",
    },
    "classroom.dash.flagged": {
        "en": "looks impossible: {why}", "it": "sembra impossibile: {why}", "de": "wirkt unmöglich: {why}"},
}


def say(lang: str, key: str, **kw: Any) -> str:
    """The text of ``key`` in ``lang`` (English when the language has none), placeholders filled in; any other key
    is the message catalogs' (:func:`~hickory_widget.hickory.words.i18n.t`)."""
    texts = TEXTS.get(key)
    if texts is None:
        return t(lang, key, **kw)
    template = texts.get(lang, texts["en"])
    return template.format(**kw) if kw else template


def store_problem(lang: str, error: Exception) -> str:
    """What is wrong with the store, in a few words of ``lang`` (from a :class:`~.store.StoreError`'s reason)."""
    reason = getattr(error, "reason", "damaged")
    return say(lang, f"store.{reason}" if f"store.{reason}" in TEXTS else "store.damaged")
