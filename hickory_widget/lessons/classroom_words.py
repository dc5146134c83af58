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
    # the static site's address (lessons/static_page.py): ?learner=... names whose lessons these are
    "classroom.address.name": {
        "en": "The learner's name in this address cannot be used. {problem} Change learner=… in the address and "
              "open the page again.",
        "it": "Il nome dell'allievo in questo indirizzo non si può usare. {problem} Cambia learner=… "
              "nell'indirizzo e riapri la pagina.",
        "de": "Der Name in dieser Adresse lässt sich nicht verwenden. {problem} Ändere learner=… in der Adresse und "
              "öffne die Seite noch einmal."},
    "classroom.error.name_control": {
        "en": "A name has no invisible control characters, such as a line break.",
        "it": "Un nome non contiene caratteri di controllo invisibili, come un a capo.",
        "de": "Ein Name enthält keine unsichtbaren Steuerzeichen wie einen Zeilenumbruch."},
}


TABLE_TEXTS: dict[str, dict[str, str]] = {
    "table.not_here": {"en": "At a table the table decides that: play your move, or ask the others to undo.",
                       "it": "Al tavolo lo decide il tavolo: gioca la tua mossa o chiedi agli altri di annullare.",
                       "de": "Am Tisch entscheidet das der Tisch: Spiel deinen Zug oder bitte die anderen um "
                             "Rücknahme."},
    "table.watching": {"en": "You are watching this table: nothing is played from here.",
                       "it": "Stai guardando questo tavolo: da qui non si gioca.",
                       "de": "Du schaust an diesem Tisch zu: Von hier aus wird nicht gespielt."},
    "table.dash.watch_link": {"en": "Open this address on the projector's screen (it shows no hidden card):",
                              "it": "Apri questo indirizzo sullo schermo del proiettore (non mostra carte nascoste):",
                              "de": "Öffne diese Adresse auf dem Beamer-Bildschirm (sie zeigt keine verdeckte Karte):"},
    "table.dash.none": {"en": "No table yet. Open one here, or let the learners open theirs.",
                        "it": "Ancora nessun tavolo. Aprine uno qui, o lascia che li aprano gli studenti.",
                        "de": "Noch kein Tisch. Öffne hier einen oder lass die Lernenden ihre öffnen."},
    "table.dash.not_over": {"en": "The game is not over yet.", "it": "La partita non è ancora finita.",
                            "de": "Die Partie ist noch nicht vorbei."},
    "table.dash.reviewing": {"en": "The review is under way…", "it": "La revisione è in corso…",
                             "de": "Die Auswertung läuft …"},
    "table.dash.review_failed": {"en": "The review failed ({problem}).", "it": "La revisione non è riuscita "
                                 "({problem}).", "de": "Die Auswertung ist fehlgeschlagen ({problem})."},
    "table.dash.points": {"en": "Points", "it": "Punti", "de": "Punkte"},
    "table.status.open": {"en": "Open", "it": "Aperto", "de": "Offen"},
    "table.status.paused": {"en": "Paused by the teacher", "it": "In pausa (insegnante)",
                            "de": "Von der Lehrkraft angehalten"},
    "table.status.closed": {"en": "Closed", "it": "Chiuso", "de": "Geschlossen"},
    "table.over": {"en": "The game is over.", "it": "La partita è finita.", "de": "Die Partie ist vorbei."},
    "table.your_turn": {"en": "Your turn ({seat}).", "it": "Tocca a te ({seat}).", "de": "Du bist dran ({seat})."},
    "table.face_down": {"en": "Your card is face down: waiting for the others.",
                        "it": "La tua carta è coperta: si aspettano gli altri.",
                        "de": "Deine Karte liegt verdeckt: Warten auf die anderen."},
    "table.their_turn": {"en": "{seat} is playing.", "it": "Sta giocando {seat}.", "de": "{seat} ist am Zug."},
    "table.back": {"en": "Back to the tables", "it": "Torna ai tavoli", "de": "Zurück zu den Tischen"},
    "table.number": {"en": "Table {n}", "it": "Tavolo {n}", "de": "Tisch {n}"},
    "table.you_sit": {"en": "You sit at {seat}.", "it": "Sei al posto {seat}.", "de": "Du sitzt auf {seat}."},
    "table.undo": {"en": "Ask to take my move back", "it": "Chiedi di annullare la mia mossa",
                   "de": "Bitten, meinen Zug zurückzunehmen"},
    "table.undo_wait": {"en": "You asked to take a move back: waiting for the others' answer.",
                        "it": "Hai chiesto di annullare una mossa: si aspetta la risposta degli altri.",
                        "de": "Du hast um eine Rücknahme gebeten: Warten auf die Antwort der anderen."},
    "table.undo_asked": {"en": "{seat} asks to take their last move back.",
                         "it": "{seat} chiede di annullare la sua ultima mossa.",
                         "de": "{seat} möchte den letzten Zug zurücknehmen."},
    "table.accept": {"en": "Accept", "it": "Accetta", "de": "Annehmen"},
    "table.decline": {"en": "Decline", "it": "Rifiuta", "de": "Ablehnen"},
    "table.bot": {"en": "computer ({level})", "it": "computer ({level})", "de": "Computer ({level})"},
    "table.level.random": {"en": "random", "it": "a caso", "de": "zufällig"},
    "table.level.eager": {"en": "eager", "it": "ingordo", "de": "gierig"},
    "table.level.greedy": {"en": "thoughtful", "it": "riflessivo", "de": "überlegt"},
    "table.level.mcts": {"en": "strong", "it": "forte", "de": "stark"},
    "table.level.search": {"en": "strong", "it": "forte", "de": "stark"},  # the card games' strongest level
    "table.free": {"en": "free", "it": "libero", "de": "frei"},
    "table.title": {"en": "Tables", "it": "Tavoli", "de": "Tische"},
    "table.lessons": {"en": "My lessons", "it": "Le mie lezioni", "de": "Meine Lektionen"},
    "table.none": {"en": "No table is open yet: open one below.", "it": "Non c'è ancora un tavolo aperto: aprine "
                   "uno qui sotto.", "de": "Noch ist kein Tisch offen: Öffne unten einen."},
    "table.open": {"en": "Open a table", "it": "Apri un tavolo", "de": "Einen Tisch öffnen"},
    "table.game": {"en": "Game", "it": "Gioco", "de": "Spiel"},
    "table.players": {"en": "Players", "it": "Giocatori", "de": "Mitspielende"},
    "table.bots": {"en": "Computer players", "it": "Giocatori automatici", "de": "Computerspieler"},
    "table.level": {"en": "Their level", "it": "Il loro livello", "de": "Ihre Stufe"},
    "table.sit": {"en": "Sit at {seat}", "it": "Siediti al posto {seat}", "de": "Setz dich auf {seat}"},
    "table.rejoin": {"en": "Back to my seat ({seat})", "it": "Torna al mio posto ({seat})",
                     "de": "Zurück auf meinen Platz ({seat})"},
    "table.watch": {"en": "Look at it", "it": "Guardalo", "de": "Ansehen"},
    "table.turn": {"en": "{seat} to play", "it": "tocca a {seat}", "de": "{seat} ist dran"},
    "table.options": {"en": "Rule options", "it": "Opzioni di regola", "de": "Regeloptionen"},
    "table.options_on": {"en": "Options: {names}", "it": "Opzioni: {names}", "de": "Optionen: {names}"},
    "table.bot_seat": {"en": "Give this seat to the computer", "it": "Dai questo posto al computer",
                       "de": "Diesen Platz dem Computer geben"},
    "table.option.trade_any_number": {"en": "Trade on any shared number", "it": "Scambi su ogni numero in comune",
                                      "de": "Tauschen bei jeder gemeinsamen Zahl"},
    "table.option.leap_skips_paws": {"en": "Leaps skip numbers under a paw",
                                     "it": "I salti saltano i numeri sotto una zampa",
                                     "de": "Sprünge zählen Zahlen unter einer Pfote nicht"},
    "table.option.cuckoo_leap_needs_relic": {"en": "The 12 leap needs a returned relic",
                                             "it": "Il salto del 12 richiede una reliquia resa",
                                             "de": "Der 12er-Sprung braucht ein zurückgegebenes Relikt"},
    "table.option.favor_no_slash_both": {"en": "Favor without slash: action and bonus",
                                         "it": "Favore senza barra: azione e bonus",
                                         "de": "Gunst ohne Schrägstrich: Aktion und Bonus"},
    "table.option.scamp_other_space": {"en": "The Scamp moves to another space",
                                       "it": "Lo Scamp va su un'altra casella",
                                       "de": "Der Scamp zieht auf ein anderes Feld"},
    "table.option.no_inner_12": {"en": "No inner space at 12", "it": "Nessuna casella interna al 12",
                                 "de": "Kein inneres Feld bei 12"},
    "table.option.wilds_to_web": {"en": "Wild tiles go back to the web", "it": "I jolly tornano nella ragnatela",
                                  "de": "Joker gehen zurück ins Netz"},
    "table.option.no_favor_leap_when_bumped": {"en": "No favor leap when bumped",
                                               "it": "Niente salto di favore se scalzati",
                                               "de": "Kein Gunst-Sprung nach dem Verdrängen"},
    "table.option.paw_flight_inner": {"en": "Fleeing a paw goes to the inner ring",
                                      "it": "Chi fugge da una zampa va nell'anello interno",
                                      "de": "Flucht vor der Pfote geht in den inneren Ring"},
    "table.option.capacity_at_end_of_activation": {"en": "Card capacity checked after acting",
                                                   "it": "Capienza delle carte controllata dopo l'azione",
                                                   "de": "Kartenplatz erst nach der Aktion geprüft"},
    "table.option.die_1_to_10": {"en": "Cat die from 1 to 10", "it": "Dado del gatto da 1 a 10",
                                 "de": "Katzenwürfel von 1 bis 10"},
    "table.option.throw_to_scamp_card": {"en": "Throw may pick the Scamp on its card",
                                         "it": "Il lancio può scegliere lo Scamp sulla sua carta",
                                         "de": "Ein Wurf darf den Scamp auf seiner Karte wählen"},
    "table.option.floors_on_others": {"en": "Floors on others' towers", "it": "Piani sulle torri altrui",
                                      "de": "Stockwerke auf fremden Türmen"},
    "table.option.tops_on_others": {"en": "Clocks and roofs on others' towers",
                                    "it": "Orologi e tetti sulle torri altrui",
                                    "de": "Uhren und Dächer auf fremden Türmen"},
    "table.option.shared_heights": {"en": "One height sequence for the table", "it": "Un'unica sequenza di altezze",
                                    "de": "Eine Höhenfolge für den ganzen Tisch"},
    "table.option.lower_tiers_hunt": {"en": "Tied at the top: a lower lone card hunts",
                                      "it": "Pari in cima: caccia una carta più bassa e sola",
                                      "de": "Gleichstand oben: eine niedrigere einzelne Karte jagt"},
    "table.bad_option": {"en": "The table was not opened: the rule option \u201c{option}\u201d is on or off, not "
                                "\u201c{value}\u201d. Nothing changed.",
                         "it": "Il tavolo non è stato aperto: l'opzione di regola \u00ab{option}\u00bb è attiva o "
                               "disattivata, non \u00ab{value}\u00bb. Non è cambiato nulla.",
                         "de": "Der Tisch wurde nicht geöffnet: Die Regeloption \u201e{option}\u201c ist an oder aus, "
                               "nicht \u201e{value}\u201c. Nichts hat sich geändert."},
    "table.bad_players": {"en": "Choose the game and how many play: {problem}",
                          "it": "Scegli il gioco e quanti giocano: {problem}",
                          "de": "Wähle das Spiel und wie viele mitspielen: {problem}"},
    "table.dash.title": {"en": "Tables", "it": "Tavoli", "de": "Tische"},
    "table.dash.progress": {"en": "Lessons", "it": "Lezioni", "de": "Lektionen"},
    "table.dash.pause": {"en": "Pause", "it": "Pausa", "de": "Anhalten"},
    "table.dash.resume": {"en": "Go on", "it": "Riprendi", "de": "Weiter"},
    "table.dash.close": {"en": "Close", "it": "Chiudi", "de": "Schließen"},
    "table.dash.project": {"en": "On the projector", "it": "Sul proiettore", "de": "Auf den Beamer"},
    "table.dash.unproject": {"en": "Off the projector", "it": "Togli dal proiettore", "de": "Vom Beamer nehmen"},
    "table.dash.review": {"en": "Review the game", "it": "Rivedi la partita", "de": "Partie auswerten"},
    "table.dash.hands": {"en": "Hands (only you see them)", "it": "Mani (le vedi solo tu)",
                         "de": "Hände (nur du siehst sie)"},
    "table.dash.undo": {"en": "Accept the undo asked by {seat}", "it": "Accetta l'annullamento chiesto da {seat}",
                        "de": "Die Rücknahme von {seat} annehmen"},
    "table.dash.moves": {"en": "{n} moves", "it": "{n} mosse", "de": "{n} Züge"},
}
TEXTS.update(TABLE_TEXTS)

LIVE_TEXTS: dict[str, dict[str, str]] = {
    "live.title": {"en": "Live question", "it": "Domanda in diretta", "de": "Live-Frage"},
    "live.asked": {"en": "Your teacher asks the class:", "it": "L'insegnante chiede alla classe:",
                   "de": "Deine Lehrkraft fragt die Klasse:"},
    "live.your_answer": {"en": "Your answer: {answer}. You may change it until the solution is shown.",
                         "it": "La tua risposta: {answer}. Puoi cambiarla finché non viene mostrata la soluzione.",
                         "de": "Deine Antwort: {answer}. Du kannst sie ändern, bis die Lösung gezeigt wird."},
    "live.send": {"en": "Send my answer", "it": "Invia la risposta", "de": "Antwort senden"},
    "live.number": {"en": "Your number", "it": "Il tuo numero", "de": "Deine Zahl"},
    "live.right": {"en": "Right!", "it": "Giusto!", "de": "Richtig!"},
    "live.wrong": {"en": "Not this time.", "it": "Non questa volta.", "de": "Diesmal nicht."},
    "live.none": {"en": "You did not answer.", "it": "Non hai risposto.", "de": "Du hast nicht geantwortet."},
    "live.wait": {"en": "Wait for the next question.", "it": "Aspetta la prossima domanda.",
                  "de": "Warte auf die nächste Frage."},
    "live.refused.revealed": {"en": "The solution is shown already: answers are closed.",
                              "it": "La soluzione è già mostrata: le risposte sono chiuse.",
                              "de": "Die Lösung ist schon gezeigt: Antworten sind geschlossen."},
    "live.refused.closed": {"en": "This question is over.", "it": "Questa domanda è finita.",
                            "de": "Diese Frage ist vorbei."},
    "live.refused.stale": {"en": "Your teacher asked a new question: answer that one.",
                           "it": "L'insegnante ha fatto una nuova domanda: rispondi a quella.",
                           "de": "Deine Lehrkraft hat eine neue Frage gestellt: beantworte diese."},
    "live.refused.unknown_option": {"en": "Pick one of the answers shown.", "it": "Scegli una delle risposte "
                                    "mostrate.", "de": "Wähle eine der gezeigten Antworten."},
    "live.refused.bad_answer": {"en": "That is not an answer to this question (a whole number, or the answers "
                                "shown).", "it": "Questa non è una risposta alla domanda (un numero intero o le "
                                "risposte mostrate).", "de": "Das ist keine Antwort auf diese Frage (eine ganze "
                                "Zahl oder die gezeigten Antworten)."},
    "live.refused.no_session": {"en": "There is no such question.", "it": "Questa domanda non esiste.",
                                "de": "Diese Frage gibt es nicht."},
    "live.refused.other": {"en": "That was refused: {problem}", "it": "Rifiutato: {problem}",
                           "de": "Abgelehnt: {problem}"},
    "live.dash.pick": {"en": "Ask the class", "it": "Chiedi alla classe", "de": "Die Klasse fragen"},
    "live.dash.exercise": {"en": "Exercise", "it": "Esercizio", "de": "Übung"},
    "live.dash.ask": {"en": "Ask now", "it": "Chiedi ora", "de": "Jetzt fragen"},
    "live.dash.reveal": {"en": "Show the solution (R)", "it": "Mostra la soluzione (R)",
                         "de": "Lösung zeigen (R)"},
    "live.dash.next": {"en": "Next question", "it": "Domanda successiva", "de": "Nächste Frage"},
    "live.dash.end": {"en": "End", "it": "Fine", "de": "Beenden"},
    "live.dash.none": {"en": "No question on the class's screens.", "it": "Nessuna domanda sugli schermi della "
                       "classe.", "de": "Keine Frage auf den Bildschirmen der Klasse."},
    "live.dash.count": {"en": "{n} answered", "it": "{n} hanno risposto", "de": "{n} haben geantwortet"},
    "live.dash.answered": {"en": "Answered", "it": "Hanno risposto", "de": "Geantwortet"},
    "live.dash.missing": {"en": "Not answered yet", "it": "Non hanno ancora risposto",
                          "de": "Noch nicht geantwortet"},
    "live.dash.absent": {"en": "Not here", "it": "Assenti", "de": "Nicht da"},
    "live.dash.correct": {"en": "right", "it": "giusta", "de": "richtig"},
    "live.dash.refused": {"en": "Not asked: {problem}", "it": "Non chiesta: {problem}",
                          "de": "Nicht gefragt: {problem}"},
}
TEXTS.update(LIVE_TEXTS)


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
