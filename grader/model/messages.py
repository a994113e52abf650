"""Every sentence the engine shows a person, in French and English, in one place.

Exercise modules carry their own sentences as bilingual values (check descriptions,
`Text(fr, en)`, `fr=`/`en=` notes); the renderers word everything else from here.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..sandbox.confine.reasons import Unavailable

MESSAGES: dict[str, dict[str, str]] = {
    "fr": {
        "detected": "Exercice détecté : {exercise} (noms reconnus : {names})",
        "detected_from_text": "Exercice détecté : {exercise}",
        "forced": "Exercice choisi par --exercise : {exercise}",
        "cells": "Cellules de code : {total}, dont {failed} en échec",
        "cells_ok": "Cellules de code : {total}, aucune en échec",
        "module_cells": "Blocs du module : {total}, dont {failed} en échec",
        "module_cells_ok": "Blocs du module : {total}, aucun en échec",
        "cell_failed": "{label} : {error}{message}",
        "cell_failed_line": "{label}, ligne {line} : {error}{message}{quote}",
        "cell_failed_in": "{label} : {error}{message} ({where}, ligne {line}{quote})",
        "cell_name": "{place} (« {opening} »)",
        "cell_quote": " — « {text} »",
        "cell_timeout": "temps dépassé ({seconds} s)",
        "cell_skipped": "non exécutée",
        "block_skipped": "non exécuté",
        "cell_not_run": "non exécutée pendant la correction (le correcteur ne lance pas %%{magic})",
        "place.cell": "cellule {first}",
        "place.lines": "lignes {first}-{last}",
        "place.code_cell": "cellule de code {number}",
        "more_items": "… ({count} de plus)",
        "status.passed": "réussie",
        "status.partial": "en partie",
        "status.failed": "échouée",
        "status.missing": "absente",
        "status.error": "erreur",
        "status.timeout": "temps dépassé",
        "status.manual": "corrigée par l'enseignant",
        # How many copies of a class are in each state (the HTML index)
        "status_count.passed": "{count} réussie",
        "status_count.passed_many": "{count} réussies",
        "status_count.partial": "{count} en partie",
        "status_count.partial_many": "{count} en partie",
        "status_count.failed": "{count} échouée",
        "status_count.failed_many": "{count} échouées",
        "status_count.missing": "{count} absente",
        "status_count.missing_many": "{count} absentes",
        "status_count.error": "{count} en erreur",
        "status_count.error_many": "{count} en erreur",
        "status_count.timeout": "{count} en temps dépassé",
        "status_count.timeout_many": "{count} en temps dépassé",
        "check.failed": "échec",
        "check.error": "erreur",
        "check.timeout": "temps dépassé",
        "check.not_counted": "pas encore comptée",
        "not_counted": "propriété vérifiée, comptée dès qu'une vérification de valeur de la fonction passera",
        "call": "Appel",
        "expected": "Attendu",
        "obtained": "Obtenu",
        "board": "Jeu",
        "note": "Remarque",
        "raised": "l'appel a levé {error}{line}",
        "raised_line": " ({where}, ligne {line}{quote})",
        "timed_out": "l'appel n'a pas terminé dans le temps imparti ({seconds} s)",
        "endless_call": (
            "l'appel ne termine pas : boucle sans fin{line}, son état se répète à l'identique "
            "d'un tour à l'autre{state}"
        ),
        "endless": (
            "boucle sans fin : son état se répète à l'identique d'un tour à l'autre{state}, "
            "elle ne peut pas s'arrêter (arrêtée sans attendre la limite de {seconds} s)"
        ),
        "endless_state": " ({names})",
        "crashed": "le processus de votre code s'est arrêté ({error})",
        "internal": "erreur interne du correcteur (le programme, pas votre code) sur ce test : "
        "signalez-la à votre enseignant",
        "does_not_run.module": "⚠ Ce fichier ne s'exécute pas tel quel : {error} ligne {line}{message}{quote}. "
        "Python refuse alors le fichier entier ; ses fonctions ont été corrigées bloc par bloc malgré tout.",
        "does_not_run.notebook": "⚠ Ce notebook ne s'exécute pas tel quel : la {where} ne compile pas{more} : "
        "{error} ligne {line}{message}{quote}. « Exécuter tout » s'y arrêterait ; les autres cellules ont été "
        "corrigées sans elle.",
        "does_not_run.more": " (pas plus que {count} autre(s) cellule(s))",
        "does_not_run.flag": "ne s'exécute pas tel quel",
        "missing": "{name} n'est pas défini",
        "missing_close": "{name} n'est pas défini (noms proches dans votre copie : {close})",
        "unreached.stopped.cell": "{name} est défini dans la {where}, qui s'est arrêtée avant ({why})",
        "unreached.stopped.block": "{name} est défini dans le bloc des {where}, qui s'est arrêté avant ({why})",
        "unreached.uncompiled.cell": "{name} est défini dans la {where}, qui ne compile pas ({why})",
        "unreached.uncompiled.block": "{name} est défini dans le bloc des {where}, qui ne compile pas ({why})",
        "unreached.skipped.cell": "{name} est défini dans la {where}, qui n'a pas été exécutée (le temps "
        "de toutes les cellules était écoulé)",
        "unreached.skipped.block": "{name} est défini dans le bloc des {where}, qui n'a pas été exécuté (le "
        "temps de tous les blocs était écoulé)",
        "unreached.error_line": "{error} ligne {line}",
        "unreached.crash": "le processus de votre code s'est arrêté",
        "alias": "{found} accepté pour {name}",
        "manual": "question corrigée par l'enseignant",
        "override": "points donnés par l'enseignant (score automatique : {auto})",
        "total": "Total : {score} / {max_score} points — note : {mark} / {scale}",
        "not_gradable": "{path} : non corrigée — {reason}",
        "reason.invalid_json": "le fichier n'est pas un notebook valide (JSON illisible)",
        "reason.not_a_notebook": "le fichier n'est pas un notebook Jupyter",
        "reason.no_code": "aucune cellule de code",
        "reason.unreadable": "fichier illisible",
        "reason.too_large": "fichier trop gros",
        "reason.unknown_exercise": "impossible de reconnaître le TD (précisez-le avec --exercise)",
        "reason.unknown_exercise_closest": "exercice non reconnu ; le plus proche : {closest} ({by}) — "
        "s'il s'agit bien de ce TD, nommez les fonctions comme l'énoncé ou précisez-le avec --exercise",
        "closest.title": "titre",
        "closest.names": "noms : {names}",
        "reason.empty": "fichier vide",
        "reason.worker_failed": "votre code n'a pas pu être exécuté",
        "reason.grader_error": (
            "erreur interne du correcteur (le programme, pas le code de la copie) : "
            "à signaler aux auteurs du correcteur, avec le détail"
        ),
        "reason.too_deep": "fichier trop imbriqué pour être lu",
        "reason.other_exercise": "autre TD : {exercise}",
        "reason.exercise_unavailable": "TD {exercise} indisponible ({package} : {cause})",
        "unavailable_td": "TD {exercise} indisponible : le paquet {package} ne se charge pas ({cause}) ; "
        "ses copies ne seront pas corrigées",
        "unavailable_td.forced": "--exercise : le TD {exercise} est indisponible : le paquet {package} ne se "
        "charge pas ({cause})",
        "reason.extra_file": "autre fichier de l'élève, non corrigé",
        "reason.extra_file_chosen": "autre fichier de l'élève, non corrigé (corrigé : {chosen}, {why})",
        "copy_rule.answers": "le seul qui réponde au TD",
        "copy_rule.not_draft": "pas nommé comme un brouillon",
        "copy_rule.most": "celui qui définit le plus de fonctions du TD",
        "copy_rule.newest": "le plus récent",
        "copy_rule.first": "le premier par son nom",
        "roster.read": "Liste de la classe {path} : {count} élève(s), {matched} avec une copie, {missing} sans copie",
        "roster.unmatched": "Copies à aucun élève de la liste (leur note ne va nulle part) : {names}",
        "roster.ambiguous": "Copie {copy} : son nom va à plusieurs élèves de la liste ({students}), sa note ne "
        "va nulle part",
        "roster.doubled": "{student} : plusieurs copies ({copies}), aucune n'est prise",
        "roster.disagree": "Copie {copy} : son numéro Moodle est celui de {student}, qui a un autre nom ; sa "
        "note ne va nulle part",
        "roster.settle": "Pour dire une fois pour toutes à qui est une copie : dans le barème, une table "
        '[copies] et une ligne "nom de la copie" = "NOM Prénom"',
        "roster.from_files": "Sans liste de la classe (--roster), les élèves sont nommés d'après les dossiers "
        "et fichiers des copies",
        "roster.error": "liste de la classe {path} : {why}",
        "roster.error.empty": "le fichier est vide",
        "roster.error.no_student": "aucun élève sous les colonnes {detail}",
        "roster.error.unreadable": "illisible ({detail})",
        "reason.no_copy": "pas de copie",
        "reason.stale": "résultat d'une autre version du correcteur : corrigée à nouveau au prochain passage",
        "reason.link_outside": "lien vers l'extérieur du dossier corrigé : non suivi",
        "reason.not_a_regular_file": "ce n'est pas un fichier ordinaire (tube, périphérique...) : non lu",
        "reason.folder_too_deep": "dossier trop profond : ses fichiers ne sont pas cherchés",
        "write_failed": "le rapport {path} n'a pas pu être écrit : {error}",
        "serve.address": "Page de correction : {url}",
        "serve.stopped": "Page de correction arrêtée : tout ce qui a été saisi est dans {path}.",
        "serve.needs_results": "--serve demande --results DOSSIER : la page montre les résultats de la classe",
        "serve.missing_extra": "--serve demande l'extra serve, qui n'est pas installé ({modules}) : "
        'pip install "minimax-grader[serve]"',
        "serve.bad_port": "--port {port} : un port va de 1 à 65535 (0 : un port libre)",
        "serve.port_taken": "--port {port} : ce port est déjà pris sur cet ordinateur ; choisissez-en un autre, "
        "ou n'en donnez pas (un port libre est pris)",
        "serve.class": "Classe",
        "serve.cell": "cellule",
        "serve.class_title": "Correction de la classe",
        "serve.progress": "{question} : {done}/{total} notées",
        "serve.keys_hint": "? : les touches",
        "serve.problem_kept": "Les notes affichées sont celles d'avant ; rien n'est écrit tant que ce n'est "
        "pas réglé.",
        "serve.reloaded": "{files} a changé sur le disque (un tableur, une autre correction ?) : relu, "
        "notes recalculées.",
        "serve.spreadsheet_open": "{path} est ouvert dans un tableur : s'il l'enregistre, il remplacera les "
        "notes données ici depuis son ouverture. Fermez-le sans enregistrer, ou notez dans le tableur.",
        "serve.said": "Messages de la dernière lecture",
        "serve.no_manual": "Aucune question corrigée à la main ne vaut de points dans ce barème : donnez-lui "
        "des points dans [points] (par exemple Q16 = 2) pour la noter ici.",
        "serve.start": "Noter {question} →",
        "serve.all_graded": "Toutes les réponses à {question} sont notées.",
        "serve.filter.a-noter": "à noter",
        "serve.filter.a-revoir": "à revoir",
        "serve.filter.modifiees": "copie changée depuis la note",
        "serve.filter.toutes": "toutes",
        "serve.state": "État",
        "serve.empty_list": "Aucune réponse dans cette liste.",
        "serve.whole_report": "rapport complet",
        "serve.whole_copy": "toute la copie",
        "serve.copy_absent": "Le fichier de cette copie n'est plus dans le dossier : voici le texte de la "
        "réponse gardé dans les résultats (sans images ni sorties).",
        "serve.copy_changed": "Cette copie a changé depuis sa correction (rendue à nouveau ?) : voici le "
        "fichier tel qu'il est ; relancez grade.py pour la corriger à nouveau.",
        "serve.no_heading": "Pas de réponse trouvée sous un titre « {question} » : voici toute la copie, "
        "la réponse est peut-être ailleurs.",
        "serve.statement": "L'énoncé",
        "serve.rubric": "Grille",
        "serve.items_sum": "grille",
        "serve.now": "note actuelle : {points}",
        "serve.comment": "Commentaire pour l'élève",
        "serve.private": "privé (jamais montré à l'élève)",
        "serve.save_next": "Enregistrer et suivante (Entrée)",
        "serve.save": "Enregistrer",
        "serve.keys": "Les touches",
        "serve.key.digits": "chiffres, virgule : les points (1,5) ; la grille compte s'il n'y en a pas",
        "serve.key.letters": "a, b, c… : cocher ou décocher l'item de la grille",
        "serve.key.enter": "Entrée : enregistrer et ouvrir la réponse suivante à noter",
        "serve.key.arrows": "→ et ← : réponse suivante, précédente (sans enregistrer)",
        "serve.key.escape": "Échap : quitter la case (les lettres redeviennent des items)",
        "serve.overrides": "Corriger une note",
        "serve.automatic": "Automatique",
        "serve.given": "Points donnés (vide : l'automatique) et raison",
        "serve.reason": "raison",
        "serve.copy_comment": "Commentaire sur toute la copie :",
        "serve.saved": "Enregistré dans {path}.",
        "serve.saved_for": "Note de {student} enregistrée.",
        "serve.conflict": "Cette note a été changée dans {path} entre-temps : elle vaut maintenant {now}. "
        "Votre saisie ({typed}) n'est pas enregistrée ; elle est restée dans les cases : Entrée "
        "l'enregistre à la place.",
        "serve.conflict_file": "{path} a changé sur le disque pendant l'enregistrement (un tableur ?) : relu, "
        "rien n'a été écrit. Cette note y vaut {now} ; votre saisie ({typed}) est restée dans les cases : "
        "Entrée l'enregistre.",
        "serve.twice": "{path} donne cette question deux fois (lignes {lines}) : corrigez le fichier, puis "
        "enregistrez ici.",
        "serve.whole_copy_points": "un commentaire sur toute la copie ne donne pas de points",
        "serve.unknown": "Cette copie ou cette question n'est plus dans les résultats.",
        "serve.not_found": "Page introuvable : revenez à la page de la classe.",
        "serve.refused.host": "Adresse refusée : ouvrez la page par l'adresse que grade.py a affichée.",
        "serve.refused.key": "Cette page demande sa clé : ouvrez l'adresse que grade.py a affichée "
        "(…/?cle=…).",
        "serve.refused.method": "Requête refusée.",
        "serve.refused.size": "Requête trop grande.",
        "serve.refused.token": "Modification refusée : elle ne vient pas de la page de correction.",
        "pdf.no_engine": "--pdf : aucun moteur PDF ; installez WeasyPrint (pip install "
        '"minimax-grader[pdf]") ou Chromium (apt-get install chromium)',
        "pdf.written": "PDF : {count} copie(s) dans {folder}, toute la classe dans {book} ({pages} pages, "
        "recto verso ; {engine})",
        "printed": "Ce que votre code a affiché (début)",
        "csv.student": "élève",
        "csv.file": "fichier",
        "csv.exercise": "exercice",
        "csv.status": "état",
        "csv.total": "total",
        "csv.max": "sur",
        "csv.mark": "note /20",
        "csv.mark_on": "note /{scale}",
        "csv.review": "à revoir",
        "csv.overrides": "points à la main",
        "csv.seconds": "durée (s)",
        "csv.graded": "corrigée",
        "csv.not_gradable": "non corrigeable ({reason})",
        "progress.grading": "Correction",
        "progress.not_graded": "non corrigée",
        "interrupted": "Interrompu : {done} copie(s) corrigée(s) sur {total} ; rapports écrits pour celles-ci.",
        "summary.failed": "questions à revoir",
        "gradescope_one": "--gradescope corrige une seule copie à la fois",
        "html_written": "Rapports HTML : {path}",
        "not_gradable_title": "copie non corrigée",
        "too_large": "la valeur renvoyée est trop grande pour être transmise au correcteur ({amount} {unit})",
        "unit.bytes": "octets",
        "unit.values": "valeurs",
        "crash.exit": "sortie avec le code {detail} : sys.exit() ou os._exit() ?",
        "crash.killed": "tué : mémoire ou temps dépassés",
        "crash.cpu": "temps de calcul épuisé",
        "crash.signal": "arrêté par le signal {detail}",
        "crash.channel": "il a écrit sur le canal réservé au correcteur",
        "crash.processes": "trop de processus créés",
        "crash.memory": "ses processus ensemble ont dépassé la mémoire permise",
        "crash.disk": "ses fichiers ont dépassé la place permise dans son dossier de travail",
        "crash.closed": "son canal vers le correcteur s'est fermé",
        "crash.restarts": "il s'est arrêté trop souvent, la correction de ce code est abandonnée",
        "text": "{fr}",  # free text given by an exercise in both languages
        "labelled": "{label} : {text}",  # French puts a space before the colon
        "percent": "{value} %",
        "numpy_board": "plateau numpy ({dtype}) : les jeux vous sont passés sous cette forme",
        "recognised_from_text": "exercice reconnu d'après le texte du fichier : {names} dans un bloc qui ne "
        "compile pas, comptée(s) absente(s) ; les fonctions qui s'exécutent sont corrigées",
        "recognised_from_text_plain": "exercice reconnu d'après le texte du fichier : {names} définie(s) mais "
        "jamais exécutée(s), comptée(s) absente(s) ; les fonctions qui s'exécutent sont corrigées",
        "recognised_from_text_called": "exercice reconnu d'après le texte du fichier : {names} dans un bloc qui "
        "ne s'exécute pas, {called} seulement appelée(s), comptées absentes ; les fonctions qui s'exécutent "
        "sont corrigées",
        "recognised_from_calls": "exercice reconnu d'après les fonctions que votre code appelle sans les "
        "définir : {names}, comptée(s) absente(s) ; les fonctions qui s'exécutent sont corrigées",
        "own_games": "positions de test prises aussi dans votre copie : {names}",
        "pruning_counts": (
            "élagage sur jeu1 à l'horizon 3 : {alpha_beta} appels à {counted} contre {maximin} pour maximin"
        ),
        "override.short": "{question} : {points} à la main (auto {automatic})",
        "manual_copy_changed": "points donnés à la main ({points:g}) à une version précédente de la copie, "
        "qui a changé depuis : à revoir (modifiez la ligne du tableau pour confirmer)",
        "override_changed": "points donnés à la main ({points:g}) quand le score automatique était "
        "{before:g} ; il vaut maintenant {now:g} : à revoir (modifiez la ligne pour confirmer)",
        "bounds_added": "{func} demande des paramètres alpha, beta que l'énoncé ne prévoit pas : appelée avec "
        "alpha = -inf, beta = +inf ; question à revoir par l'enseignant",
        "ignored_magics": "commandes ignorées (non exécutées) : {magics}",
        "summary": "Bilan : {count} copie(s), moyenne {mean} / {scale}",
        "summary_some": "Bilan : {count} copie(s), dont {graded} corrigée(s) ; moyenne {mean} / {scale}",
        "summary_none": "Bilan : {count} copie(s), aucune corrigée",
        "summary.exercise": "Bilan {exercise} : {count} copie(s) notée(s), moyenne {mean} / {scale}",
        # {names} lists one function or several: worded so that nothing agrees with it
        "uses_failing": "⚠ {func} appelle {names}, en échec sur certains tests : corrigez d'abord cela, "
        "les erreurs ci-dessous en viennent peut-être",
        "uses_failing_many": "⚠ {func} appellent {names}, en échec sur certains tests : corrigez d'abord "
        "cela, les erreurs ci-dessous en viennent peut-être",
        "cell_hint.EOFError": "input() ne peut pas servir pendant la correction : seule cette cellule est ignorée",
        "cell_hint.timeout": "boucle sans fin ? cette cellule a été arrêtée, les suivantes ont été exécutées",
        "cell_hint.endless": (
            "cette cellule a été arrêtée, les suivantes ont été exécutées ; à chaque tour, "
            "quelque chose doit changer pour que la boucle puisse s'arrêter"
        ),
        "cell_hint.skipped": "le temps total des cellules était épuisé",
        # The same hints for a block of a .py module
        "block_hint.EOFError": "input() ne peut pas servir pendant la correction : seul ce bloc est ignoré",
        "block_hint.timeout": "boucle sans fin ? ce bloc a été arrêté, les suivants ont été exécutés",
        "block_hint.endless": (
            "ce bloc a été arrêté, les suivants ont été exécutés ; à chaque tour, "
            "quelque chose doit changer pour que la boucle puisse s'arrêter"
        ),
        "block_hint.skipped": "le temps total des blocs était épuisé",
        "progress.line": "[{done}/{total}] {name} : {mark} ({seconds} s)",
        # The HTML reports (grader/render/html_report.py)
        "html.class_title": "Résultats de la classe",
        "html.class_summary": "{count} copie(s), dont {graded} corrigée(s) ; "
        "moyenne {mean} / {scale}, médiane {median} / {scale}",
        "html.exercise_summary": "{exercise} : {graded} copie(s) notée(s) ; moyenne {mean} / {scale}, "
        "médiane {median} / {scale}",
        "html.exercise": "Exercice",
        "html.marks": "Notes",
        "html.student": "Élève",
        "html.file": "Fichier",
        "html.mark": "Note / 20",
        "html.mark_on": "Note / {scale}",
        "html.comments": "Commentaires de l'enseignant",
        "comment.item_points": "{item} ({points})",
        "comment.item_text": "{item} : {text}",
        "comment.on_question": "{question} : {text}",
        "html.whole_copy": "La copie",
        "html.private": "privé",
        "html.points": "Points",
        "html.points_unit": "points",
        "html.total": "Total",
        "html.to_review": "Questions à revoir",
        "html.not_graded": "non corrigée",
        "html.none": "Aucune copie.",
        "html.histogram": "Répartition des notes",
        "html.histogram_axis": "note sur 20",
        "html.histogram_desc": "Nombre de copies corrigées par tranche de 2 points "
        "(la dernière tranche inclut 20).",
        "html.success": "Réussite par question",
        "html.success_desc": "Copies corrigées dans chaque état, question par question dans l'ordre du "
        "sujet ; en gras, les questions réussies par moins de la moitié de la classe.",
        "html.question": "Question",
        "html.title": "Intitulé",
        "html.status": "État",
        "html.passed_share": "Réussie",
        "html.mean_points": "Points moyens",
        "html.submissions_per_status": "Copies par état",
        "html.not_graded_title": "Copies non corrigées",
        "html.reason": "Raison",
        "html.answer_keys": "Corrigé des questions manuelles",
        "html.answer_keys_desc": "Pour l'enseignant : ces questions ne sont pas notées automatiquement.",
        "html.back": "Retour au tableau de la classe",
        "html.cells_title": "Exécution des cellules",
        "html.questions": "Questions",
        "html.details": "Détail des questions à revoir",
        "html.all_passed": "Toutes les questions corrigées automatiquement sont réussies.",
        "html.truncated": "… (suite coupée : {count} caractère(s) de plus)",
        "html.footer": "Rapport produit par minimax-grader {version}",
        # Isolation of the student's process (grader/sandbox/confine/isolation.py)
        "isolation.weak": "ATTENTION : isolation « basic » : le code des élèves peut lire les fichiers "
        "du correcteur (dont le corrigé){weak_more}. Pour une correction notée, "
        "installez bubblewrap (apt-get install bubblewrap) ou utilisez un noyau Linux "
        "5.13+ avec Landlock ; --require-isolation strong refuse de corriger sans.",
        "isolation.weak_more": ", arrêter le correcteur par un signal et modifier les copies voisines",
        "isolation.portable": "isolation : portable — le code de l'élève tourne dans un processus à part, "
        "arrêté au bout de son temps, mais il peut lire et modifier vos fichiers (dont "
        "le corrigé). Convient pour vous auto-corriger, pas pour une correction notée "
        "(sous Linux : bubblewrap ou Landlock).",
        "isolation.in_force": "Isolation : {label} — {why}",
        # One file graded (a student checking their own work, most often)
        "isolation.self_check": "isolation : {label}, forte (le corrigé est hors de portée du code exécuté)",
        "isolation.self_check_weak": "Isolation « {mode} » : votre code tourne à part et s'arrête au bout de "
        "son temps, mais il peut lire et modifier vos fichiers, comme quand vous l'exécutez vous-même.",
        "isolation.in_force_strong": "Isolation : {label} — {why} ; le code des élèves ne peut lire ni le "
        "corrigé ni les autres copies",
        "isolation.required": "--require-isolation strong : ni bubblewrap ni Landlock ne fonctionnent ici "
        "({why}). Installez bubblewrap (apt-get install bubblewrap) ou utilisez un "
        "noyau Linux 5.13+ avec Landlock activé (paquet landlockpy).",
        "isolation.unavailable": "--isolation {mode} : impossible sur cette machine ({why})",
        # Why an isolation cannot work here (grader/sandbox/confine/reasons.py); {detail}: the system's words
        "unavailable.not_linux": "{detail} : bubblewrap et Landlock demandent Linux",
        "unavailable.bwrap_not_installed": "bwrap n'est pas installé (apt-get install bubblewrap)",
        "unavailable.bwrap_no_start": "bwrap ne démarre pas : {detail}",
        "unavailable.bwrap_fails": "bwrap échoue ici : {detail}",
        "unavailable.landlockpy_missing": "le paquet landlockpy n'est pas installé (pip install landlockpy)",
        "unavailable.landlock_refused": "Landlock refusé : {detail}",
        "unavailable.no_landlock": "le noyau n'a pas Landlock (Linux 5.13+ avec landlock dans sa liste lsm=)",
        "unavailable.unknown_mode": "isolation inconnue : {detail}",
        "isolation.summary_weak": "ATTENTION : {count} copie(s) corrigée(s) en isolation « basic » ou « portable » : "
        "le corrigé leur était lisible.",
        "html.isolation": "Isolation",
        "csv.isolation": "isolation",
        "html.isolation_weak": "Corrigé en isolation « {mode} » : le code de l'élève pouvait lire les "
        "fichiers du correcteur (dont le corrigé). Note à confirmer.",
        "html.isolation_weak_index": "{count} copie(s) corrigée(s) en isolation « basic » ou « portable » : leur code "
        "pouvait lire le corrigé. Installez bubblewrap ou utilisez Landlock "
        "pour une correction notée.",
        # Moodle VPL (grader/render/vpl.py)
        "vpl_one": "--vpl corrige une seule copie à la fois",
        "no_exercises": "aucun TD installé : installez le correcteur (pip install .) ou le paquet de votre TD",
        # The command line (grader/app/cli.py build_parser, grader/app/arguments.py)
        "cli.usage": "usage : ",
        "cli.positionals": "arguments ",
        "cli.options": "options ",
        "cli.see_help": "(« {prog} --help » pour l'aide)",
        "cli.help": "afficher cette aide et quitter",
        "cli.error": "{prog} : erreur : {message}",
        "cli.error.argument": "argument {name} : {message}",
        "cli.error.required": "argument obligatoire manquant : {names}",
        "cli.error.unrecognized": "arguments non reconnus : {names}",
        "cli.error.ambiguous": "option ambiguë : {option} peut désigner {matches}",
        "cli.error.choice": "choix invalide : {value} (choix possibles : {choices})",
        "cli.error.type": "valeur invalide : {value} (attendu : {type})",
        "cli.error.one": "une valeur est attendue",
        "cli.type.float": "un nombre",
        "cli.type.int": "un nombre entier",
        "cli.error.at_least_one": "au moins une valeur est attendue",
        "cli.error.explicit": "cette option ne prend pas de valeur : {value}",
        "cli.description": "Corrige les TD minimax ({exercises}) : un notebook, un module, ou un dossier de copies.",
        "cli.paths": "notebook .ipynb, module .py, ou dossier de copies",
        "cli.exercise": "forcer l'exercice (sinon détecté)",
        "cli.json": "rapport JSON (- pour la sortie standard)",
        "cli.csv": "tableau des notes (une ligne par copie)",
        "cli.html": "rapports HTML : une page par copie et un bilan de classe",
        # --similarity (branch similarity): its option's help, for build_parser
        "cli.similarity": "rapport de similarité des copies d'un lot : DIR/index.html et DIR/pairs.csv "
        "(extra « similarity » : copydetect)",
        "cli.junit": "rapport JUnit XML (une question = un test)",
        "cli.gradescope": "results.json de Gradescope (une seule copie)",
        "cli.annotations": "annotations GitHub Actions (une par question à revoir) sur la sortie standard",
        "cli.vpl": "rapport au format de Moodle VPL sur la sortie standard (une seule copie)",
        "cli.vpl_max": "note maximale de l'activité VPL (20 par défaut)",
        "cli.details": "afficher le rapport complet de chaque copie d'un lot",
        "cli.jobs": "copies corrigées en parallèle (par défaut : le nombre de processeurs)",
        "cli.lang": "langue des retours (fr par défaut)",
        "cli.timeout": "budget en secondes d'un appel au code de l'élève",
        "cli.cell_timeout": "budget en secondes d'une cellule",
        "cli.fail_under": "code de sortie 1 si une copie a moins de SCORE sur 20",
        "cli.isolation": "isolation du code des élèves (auto : bubblewrap, sinon landlock, sinon basic ; "
        "portable sous Windows et macOS, pour s'auto-corriger)",
        "cli.require_isolation": "strong : refuser de corriger si ni bubblewrap ni Landlock ne fonctionnent",
        "cli.verbose": "journal plus détaillé (-vv : encore plus)",
        "cli.version": "afficher la version et quitter",
        # verifier() in a notebook (grader/app/notebook.py)
        "verifier.missing": "{path} : fichier introuvable",
        "verifier.which": "Quel notebook corriger ? Plusieurs dans {folder} ({names}) : "
        "donnez son nom, par exemple verifier(\"mon_td.ipynb\")",
        "verifier.saved": "C'est le fichier enregistré qui est corrigé : {name}, enregistré à {time}.",
        "verifier.unsaved": "⚠ Des cellules exécutées ne sont pas dans le fichier enregistré : "
        "enregistrez (Ctrl+S) puis relancez verifier() pour qu'elles soient corrigées.",
        "verifier.no_question": "{question} : pas de telle question (questions : {names})",
        # The class workflow (grader/marking): the barème file
        "bareme.error": "barème {path} : {what}",
        "bareme.error_line": "barème {path}, ligne {line} : {what}",
        "bareme.toml": "ce n'est pas du TOML valide ({error})",
        "bareme.unreadable": "fichier illisible ({error})",
        "bareme.several": "plusieurs fichiers minimax-grader.toml concernent ces copies ({files}) : "
        "choisissez-en un avec --config",
        "bareme.unknown_key": "clé inconnue « {name} » (clés possibles : {keys})",
        "bareme.unknown_exercise": "exercice inconnu « {exercise} » (exercices : {known})",
        "bareme.other_exercise": "le barème est celui de {exercise}, mais --exercise demande {forced}",
        "bareme.no_exercise": "le barème nomme des questions : il doit dire de quel exercice "
        "(exercice = \"puissance4\" par exemple)",
        "bareme.unknown_question": "{exercise} n'a pas de question « {question} » (questions : {known})",
        "bareme.not_a_list": "{name} doit être une liste de questions, par exemple {name} = [\"Q17\"]",
        "bareme.not_a_table": "{name} doit être une table : une ligne [{name}] puis Q1 = 0.5, …",
        "bareme.decimal_comma": "{value} : dans le barème, un nombre s'écrit avec un point ({point})",
        "bareme.not_a_copies_table": "copies doit être une table : une ligne [copies] puis "
        '"nom de la copie" = "NOM Prénom"',
        "bareme.not_a_number": "{name} doit être un nombre (lu : {value})",
        "bareme.negative": "{name} : des points négatifs ({value}) ne sont pas possibles",
        "bareme.positive": "{name} doit être un nombre strictement positif (lu : {value})",
        "bareme.rounding": "arrondi = {value} : choisissez 0 (aucun), 0.01, 0.25, 0.5 ou 1",
        "bareme.not_a_flag": "{name} doit valoir true ou false (lu : {value})",
        "bareme.no_points": "aucune question ne rapporte de point : la note n'aurait pas de total",
        "bareme.rubric.not_a_table": "[grille] doit contenir une table par question : [grille.Q16]",
        "bareme.rubric.unknown_question": "[grille.{question}] : pas de question « {question} » "
        "(questions : {known})",
        "bareme.rubric.not_manual": "[grille.{question}] : {question} est corrigée automatiquement ; une grille "
        "ne va qu'à une question corrigée à la main ({manual})",
        "bareme.rubric.no_points": "[grille.{question}] : {question} ne vaut aucun point ; donnez-lui des "
        "points dans [points], par exemple {question} = 2",
        "bareme.rubric.no_items": "[grille.{question}] : la grille n'a aucun item ; par exemple "
        'juste = {{ intitule = "raisonnement juste", points = 1 }}',
        "bareme.rubric.too_many": "[grille.{question}] : {count} items, {most} au plus (une lettre du clavier "
        "chacun)",
        "bareme.rubric.bad_key": "[grille.{question}] : « {item} » n'est pas un nom d'item possible (lettres "
        "sans accent, chiffres, _ et -, 30 au plus)",
        "bareme.rubric.not_an_item": "[grille.{question}] {item} : un item s'écrit "
        '{item} = {{ intitule = "…", points = 1, commentaire = "…" }}',
        "bareme.rubric.unknown_field": "[grille.{question}] {item} : champ inconnu « {name} » "
        "(champs possibles : {fields})",
        "bareme.rubric.no_label": "[grille.{question}] {item} : il manque son intitulé "
        '(intitule = "…", quelques mots)',
        "bareme.rubric.long_label": "[grille.{question}] {item} : intitulé trop long ({most} caractères au "
        "plus) ; la phrase pour l'élève va dans commentaire",
        "bareme.rubric.not_a_number": "[grille.{question}] {item} : points doit être un nombre "
        "(lu : {value}) ; une déduction est négative, par exemple -0.5",
        "bareme.rubric.not_text": "[grille.{question}] {item} : commentaire doit être un texte entre "
        "guillemets",
        "bareme.print.head": "Barème de minimax-grader pour {title}\n\n"
        "Enregistrez ce fichier sous le nom {name} dans le dossier des copies\n"
        "(ou donnez-le avec --config FICHIER), puis modifiez-le. Tel quel, il donne\n"
        "exactement les notes du correcteur sans barème.",
        "bareme.print.exercise": "L'exercice de la classe : une copie d'un autre TD est signalée « autre TD »\n"
        "et n'entre ni dans la moyenne ni dans les statistiques.",
        "bareme.print.scale": "La note est sur « sur » points : 20, 10, ou la note maximale de l'activité Moodle.",
        "bareme.print.rounding": "L'arrondi de la note, au plus proche : 0 (aucun), 0.01, 0.25, 0.5 ou 1.",
        "bareme.print.omitted": "Les questions non posées cette année : ni notées, ni montrées aux élèves, ni\n"
        "comptées dans le total. Par exemple : omises = [\"Q17\"]",
        "bareme.print.bonus": "Les questions en bonus : leurs points s'ajoutent à la note sans compter dans\n"
        "le total. Par exemple : bonus = [\"Q17\"]",
        "bareme.print.cap": "true : la note ne dépasse jamais « sur », même avec des bonus.",
        "bareme.print.points": "Les points de chaque question ; ses vérifications gardent leurs poids relatifs.\n"
        "Une question retirée de cette table garde ses points par défaut.",
        "bareme.print.manual": "corrigée à la main (--manual) : donnez-lui des points, par exemple 2",
        "bareme.print.rubric": "La grille d'une question corrigée à la main (facultatif) : des items, chacun\n"
        "une lettre du clavier sur la page de correction (--serve) ; les points d'un élève sont\n"
        "la somme des siens (entre 0 et les points de la question), sauf nombre tapé à la place.\n"
        "Changer un item ici recalcule et reformule la note de chaque élève qui l'a eu.",
        "bareme.print.rubric_items": 'juste = {{ intitule = "raisonnement juste", points = 1, commentaire = '
        '"Les nœuds non explorés sont les bons." }}\n'
        'schema = {{ intitule = "schéma incomplet", points = -0.5 }}',
        # the manual points table
        "manual.file.header": "{path} : il manque des colonnes (il faut : {detail})",
        "manual.file.empty": "{path} est vide (il faut au moins la ligne des colonnes)",
        "manual.file.not_csv": "{path} n'est pas un tableau CSV lisible ({detail})",
        "manual.file.unreadable": "{path} est illisible ({detail})",
        "manual.created": "Tableau des points à la main créé : {path} ({rows} ligne(s) à remplir)",
        "manual.side_written": "{count} ligne(s) d'élèves absents de {path} écrites dans {side} : "
        "recopiez-les dans {path} (ou remplissez {side}, qui sera lu aussi)",
        "manual.side_kept": "{side} contient des points saisis : lu aussi, et laissé tel quel",
        "manual.missing": "Élèves sans ligne dans {path} : {names}",
        "manual.refused": "{path}, ligne {line} : non appliquée — {why}",
        "manual.refused.student": "pas de copie notée de « {student} » dans les résultats",
        "manual.refused.question": "« {question} » n'est pas une question notée de cette copie ({detail})",
        "manual.refused.number": "« {points} » n'est pas un nombre",
        "manual.refused.range": "{points} n'est pas entre 0 et {detail} point(s) (le barème de {question})",
        "manual.refused.twice": "{question} de {student} est déjà donnée ligne {detail}",
        "manual.refused.no_question": "des points sans question (la colonne question est vide)",
        "manual.refused.no_rubric": "des items de grille pour {question}, qui n'a pas de grille dans le "
        "barème ([grille.{question}])",
        "manual.refused.items": "« {detail} » : pas d'item de ce nom dans [grille.{question}] du barème",
        # the class record (--results)
        "record.busy": "{folder} est utilisé par une autre correction en cours ({holder}) : "
        "attendez qu'elle se termine",
        "record.summary": "{graded} copie(s) corrigée(s), {unchanged} inchangée(s)",
        "record.graded_line": "  corrigée : {student} ({why})",
        "record.unchanged_line": "  inchangée : {student} (même fichier que la dernière fois : --regrade pour la "
        "corriger à nouveau)",
        "record.reason.new": "nouvelle",
        "record.reason.changed": "modifiée",
        "record.reason.version": "autre version du correcteur",
        "record.reason.settings": "autres réglages",
        "record.reason.damaged": "résultat abîmé",
        "record.reason.regrade": "--regrade",
        "record.reason.isolation": "corrigée sous une isolation faible, --require-isolation strong",
        "record.damaged": "Résultats : {file} est abîmé ({reason}), il n'est pas utilisé",
        "record.absent": "{count} copie(s) absente(s) du dossier, gardée(s) dans les résultats jusqu'à "
        "--prune : {names}",
        "record.pruned": "{count} copie(s) absente(s) retirée(s) des résultats : {names}",
        "record.rescored": "Barème changé depuis la dernière correction : notes recalculées sans "
        "exécuter le code des élèves ({count} copie(s))",
        "record.aside": "Non corrigé, autre fichier de l'élève : {names}",
        # exports to the school's tools
        "moodle.filled": "Feuille d'évaluation Moodle remplie : {path} ({count} note(s))",
        "moodle.unmatched": "Copies sans ligne dans la feuille Moodle ({count}) : {names}",
        "moodle.no_mark": "Lignes Moodle laissées telles quelles (copie sans note, {count}) : {names}",
        "moodle.refused": "Lignes dont Moodle ne changera pas la note (« La note peut être modifiée » = "
        "Non), laissées telles quelles ({count}) : {names}",
        "moodle.conflicts": "Copies qui ne remplissent aucune ligne Moodle (nom de plusieurs lignes, deux "
        "copies pour une ligne, ou numéro d'un autre nom ; {count}) : {names}",
        "moodle.without_copy": "Lignes Moodle sans copie, laissées telles quelles ({count}) : {names}",
        "moodle.dates": "« Dernière modification (note) » réécrite en {count} ligne(s) sous une forme que "
        "Moodle relit (2026-11-25 18:03, la même minute) : une note changée dans Moodle depuis le "
        "téléchargement reste protégée",
        "moodle.no_feedback": "La feuille n'a pas de colonne de commentaires : activez les "
        "« Commentaires de feedback » du devoir pour y recevoir le résumé",
        "moodle.error": "feuille Moodle {path} : {why}",
        "moodle.error.empty": "le fichier est vide",
        "moodle.error.columns": "colonnes « Identifiant » ou « Note » introuvables (colonnes : {detail})",
        "moodle.error.scale": "pas de colonne « Note maximale » lisible : le devoir doit être noté "
        "sur des points, pas sur un barème à échelons",
        "pronote.written": "Notes pour Pronote : {path}",
        "pronote.counts": "Pronote : {rows} ligne(s) pour les {count} élève(s) de la liste, dans son ordre "
        "({marked} note(s), {empty} case(s) vide(s))",
        "pronote.counts_differ": "Pronote : {rows} ligne(s) mais {count} élève(s) dans la liste : vérifiez "
        "avant de coller",
        "release.written": "Copies rendues aux élèves : {path} ({count} dossier(s), sans corrigé)",
        "record.needs_results": "--regrade et --prune s'emploient avec --results DOSSIER",
        "manual.not_created": "Tableau des points à la main {path} non créé : la correction a été "
        "interrompue (il le sera, complet, à la prochaine correction)",
        "manual.missing_points": "{question} : {count} élève(s) sur {total} sans points à la main",
        "manual.missing_points_named": "{question} : {count} élève(s) sur {total} sans points à la main "
        "({names})",
        "bareme.ignored": "Barème ignoré (dans le dossier d'un élève, ou à côté d'une copie nommée seule ; "
        "le barème est celui du dossier de la classe, ou --config) : {files}",
        "bareme.lost": "{folder} a été noté avec un barème qui n'est plus trouvé (ni dans le dossier "
        "de la classe ni là où la dernière correction l'a lu) : donnez --config FICHIER ou le dossier "
        "des copies",
        "paths_needed": "donnez au moins une copie ou un dossier de copies (PATH)",
        "feedback.mark": "Note : {mark} / {scale}",
        "feedback.review": "Questions à revoir : {questions}",
        "feedback.does_not_run": "Ce fichier ne s'exécute pas tel quel (voir le rapport)",
        "html.manual_title": "Questions corrigées à la main",
        "html.student_answer": "Réponse de l'élève",
        "html.answer_key": "Corrigé",
        "html.no_answer": "Pas de réponse trouvée : aucune cellule ne commence par « {question} » "
        "(ouvrez la copie)",
        "value_check.sentence": "{func} comme la correction : {calls}",
        "value_check.arguments_sentence": "{func} laisse ses arguments comme la correction : {calls}",
        "value_check.more_calls": "{calls} et {more} autre(s) appel(s)",
        "value_check.drawn": "{count} positions tirées au hasard",
        "value_check.then_drawn": "{calls}, puis {count} positions tirées au hasard",
        "value_check.budget": "{sentence} (au plus {seconds} s par appel)",
        "value_check.words": "{sentence} ({words})",
        "value_check.raises": "une exception {name}",
        "value_check.must_raise": "cet appel doit lever {name}, comme la correction",
        "value_check.unchanged": "{func} ne doit pas modifier {arg}{why} : voici {arg} après l'appel",
        "value_check.changed_as": "après l'appel, {arg} doit être tel que le laisse la correction{why}",
        "value_check.argument": "l'argument {number}",
        "comparison.same_set": "dans n'importe quel ordre, chacun une fois",
        "comparison.within": "à {tolerance} près",
        "comparison.item": "seul l'élément {index} est comparé",
        "comparison.best_move": "un coup légal qui mène à la meilleure valeur",
        "comparison.among": "un coup parmi {moves}",
        "course.bad_id": "{id} ne peut pas nommer un TD : des minuscules et des chiffres, des mots joints par - ou _ "
        "(par exemple nim, jeu-de-nim)",
        "course.not_empty": "{folder} existe déjà et n'est pas vide : rien n'a été écrit (donnez un autre dossier)",
        "course.written": "TD {id} écrit dans {folder} (paquet {package}) : remplacez le sujet, la correction, "
        "les vérifications et les copies par ceux de votre TD",
        "course.next": "Ensuite : pip install -e {folder} ; python -m grader {folder}/copies ; "
        "python -m grader.mutation {id}",
    },
    "en": {
        "detected": "Exercise detected: {exercise} (names found: {names})",
        "detected_from_text": "Exercise detected: {exercise}",
        "forced": "Exercise chosen with --exercise: {exercise}",
        "cells": "Code cells: {total}, {failed} failed",
        "cells_ok": "Code cells: {total}, none failed",
        "module_cells": "Module blocks: {total}, {failed} failed",
        "module_cells_ok": "Module blocks: {total}, none failed",
        "cell_failed": "{label}: {error}{message}",
        "cell_failed_line": "{label}, line {line}: {error}{message}{quote}",
        "cell_failed_in": "{label}: {error}{message} ({where}, line {line}{quote})",
        "cell_name": "{place} (“{opening}”)",
        "cell_quote": " — “{text}”",
        "cell_timeout": "time limit exceeded ({seconds} s)",
        "cell_skipped": "not run",
        "block_skipped": "not run",
        "cell_not_run": "not run while grading (the grader does not run %%{magic})",
        "place.cell": "cell {first}",
        "place.lines": "lines {first}-{last}",
        "place.code_cell": "code cell {number}",
        "more_items": "… ({count} more)",
        "status.passed": "passed",
        "status.partial": "partial",
        "status.failed": "failed",
        "status.missing": "missing",
        "status.error": "error",
        "status.timeout": "timeout",
        "status.manual": "graded by the teacher",
        "status_count.passed": "{count} passed",
        "status_count.passed_many": "{count} passed",
        "status_count.partial": "{count} partial",
        "status_count.partial_many": "{count} partial",
        "status_count.failed": "{count} failed",
        "status_count.failed_many": "{count} failed",
        "status_count.missing": "{count} missing",
        "status_count.missing_many": "{count} missing",
        "status_count.error": "{count} with an error",
        "status_count.error_many": "{count} with an error",
        "status_count.timeout": "{count} timed out",
        "status_count.timeout_many": "{count} timed out",
        "check.failed": "failed",
        "check.error": "error",
        "check.timeout": "timeout",
        "check.not_counted": "not counted yet",
        "not_counted": "the property holds; it counts once a value check of the function passes",
        "call": "Call",
        "expected": "Expected",
        "obtained": "Obtained",
        "board": "Game",
        "note": "Note",
        "raised": "the call raised {error}{line}",
        "raised_line": " ({where}, line {line}{quote})",
        "timed_out": "the call did not finish in time ({seconds} s)",
        "endless_call": (
            "the call does not finish: endless loop{line}, its state is the same from one turn "
            "to the next{state}"
        ),
        "endless": (
            "endless loop: its state is the same from one turn to the next{state}, it cannot "
            "stop (stopped without waiting for the {seconds} s limit)"
        ),
        "endless_state": " ({names})",
        "crashed": "the process running your code stopped ({error})",
        "internal": "internal error of the grader (the program, not your code) on this check: tell your teacher",
        "does_not_run.module": "⚠ This file does not run as written: {error} line {line}{message}{quote}. "
        "Python then refuses the whole file; its functions were graded block by block all the same.",
        "does_not_run.notebook": "⚠ This notebook does not run as written: {where} does not compile{more}: "
        "{error} line {line}{message}{quote}. “Run all” would stop there; the other cells were graded "
        "without it.",
        "does_not_run.more": " (nor do {count} other cell(s))",
        "does_not_run.flag": "does not run as written",
        "missing": "{name} is not defined",
        "missing_close": "{name} is not defined (close names in your file: {close})",
        "unreached.stopped.cell": "{name} is defined in {where}, which stopped before reaching it ({why})",
        "unreached.stopped.block": "{name} is defined in the block of {where}, which stopped before reaching "
        "it ({why})",
        "unreached.uncompiled.cell": "{name} is defined in {where}, which does not compile ({why})",
        "unreached.uncompiled.block": "{name} is defined in the block of {where}, which does not compile ({why})",
        "unreached.skipped.cell": "{name} is defined in {where}, which was not run (the time for all the cells "
        "had run out)",
        "unreached.skipped.block": "{name} is defined in the block of {where}, which was not run (the time for "
        "all the blocks had run out)",
        "unreached.error_line": "{error} line {line}",
        "unreached.crash": "the process of your code stopped",
        "override": "points given by the teacher (automatic score: {auto})",
        "alias": "{found} accepted for {name}",
        "manual": "graded by the teacher",
        "total": "Total: {score} / {max_score} points — mark: {mark} / {scale}",
        "not_gradable": "{path}: not graded — {reason}",
        "reason.invalid_json": "the file is not a valid notebook (unreadable JSON)",
        "reason.not_a_notebook": "the file is not a Jupyter notebook",
        "reason.no_code": "no code cell",
        "reason.unreadable": "unreadable file",
        "reason.too_large": "file too large",
        "reason.unknown_exercise": "cannot tell which TD this is (name it with --exercise)",
        "reason.unknown_exercise_closest": "exercise not recognised; the closest: {closest} ({by}) — "
        "if it is that TD, name the functions as the sheet does or give it with --exercise",
        "closest.title": "title",
        "closest.names": "names: {names}",
        "reason.empty": "empty file",
        "reason.worker_failed": "your code could not be run",
        "reason.grader_error": "internal error of the grader (the program, not the submission's code): "
        "to be reported to the grader's authors, with the detail",
        "reason.too_deep": "file nested too deeply to be read",
        "reason.other_exercise": "another TD: {exercise}",
        "reason.exercise_unavailable": "TD {exercise} unavailable ({package}: {cause})",
        "unavailable_td": "TD {exercise} unavailable: the package {package} does not load ({cause}); "
        "its copies will not be graded",
        "unavailable_td.forced": "--exercise: the TD {exercise} is unavailable: the package {package} does not "
        "load ({cause})",
        "reason.extra_file": "another file of the student, not graded",
        "reason.extra_file_chosen": "another file of the student, not graded (graded: {chosen}, {why})",
        "copy_rule.answers": "the only one answering the TD",
        "copy_rule.not_draft": "not named as a draft",
        "copy_rule.most": "the one defining most of the TD's functions",
        "copy_rule.newest": "the newest",
        "copy_rule.first": "the first by name",
        "roster.read": "Class list {path}: {count} student(s), {matched} with a submission, {missing} without",
        "roster.unmatched": "Submissions of no student of the list (their mark goes nowhere): {names}",
        "roster.ambiguous": "Submission {copy}: its name fits several students of the list ({students}), its "
        "mark goes nowhere",
        "roster.doubled": "{student}: several submissions ({copies}), none is taken",
        "roster.disagree": "Submission {copy}: its Moodle number is {student}'s, who has another name; its "
        "mark goes nowhere",
        "roster.settle": "To say once and for all whose a submission is: in the barème, a [copies] table "
        'and a line "name of the submission" = "SURNAME First name"',
        "roster.from_files": "Without a class list (--roster), students are named after the folders and files "
        "of the submissions",
        "roster.error": "class list {path}: {why}",
        "roster.error.empty": "the file is empty",
        "roster.error.no_student": "no student under the columns {detail}",
        "roster.error.unreadable": "unreadable ({detail})",
        "reason.no_copy": "no submission",
        "reason.stale": "result of another grader version: graded again by the next run",
        "reason.link_outside": "link leading outside the folder graded: not followed",
        "reason.not_a_regular_file": "not a regular file (fifo, device...): not read",
        "reason.folder_too_deep": "folder too deep: its files are not searched",
        "write_failed": "the report {path} could not be written: {error}",
        "serve.address": "Marking page: {url}",
        "serve.stopped": "Marking page stopped: everything typed is in {path}.",
        "serve.needs_results": "--serve needs --results DIR: the page shows the class's results",
        "serve.missing_extra": "--serve needs the serve extra, which is not installed ({modules}): "
        'pip install "minimax-grader[serve]"',
        "serve.bad_port": "--port {port}: a port goes from 1 to 65535 (0: a free port)",
        "serve.port_taken": "--port {port}: this port is already in use on this computer; choose another, "
        "or give none (a free port is taken)",
        "serve.class": "Class",
        "serve.cell": "cell",
        "serve.class_title": "Marking the class",
        "serve.progress": "{question}: {done}/{total} graded",
        "serve.keys_hint": "?: the keys",
        "serve.problem_kept": "The marks shown are those from before; nothing is written until this is "
        "fixed.",
        "serve.reloaded": "{files} changed on disk (a spreadsheet, another run?): read again, marks "
        "computed again.",
        "serve.spreadsheet_open": "{path} is open in a spreadsheet: if it saves it, it will replace the "
        "marks given here since it was opened. Close it without saving, or mark in the spreadsheet.",
        "serve.said": "Messages of the last reading",
        "serve.no_manual": "No question graded by hand is worth points in this barème: give it points in "
        "[points] (for example Q16 = 2) to mark it here.",
        "serve.start": "Mark {question} →",
        "serve.all_graded": "Every answer to {question} is graded.",
        "serve.filter.a-noter": "to grade",
        "serve.filter.a-revoir": "to review",
        "serve.filter.modifiees": "submission changed since graded",
        "serve.filter.toutes": "all",
        "serve.state": "State",
        "serve.empty_list": "No answer in this list.",
        "serve.whole_report": "full report",
        "serve.whole_copy": "the whole submission",
        "serve.copy_absent": "This submission's file is no longer in the folder: here is the answer's "
        "text kept in the results (no images nor outputs).",
        "serve.copy_changed": "This submission changed since it was graded (handed in again?): here is "
        "the file as it is; run grade.py again to grade it again.",
        "serve.no_heading": "No answer found under a heading '{question}': here is the whole "
        "submission, the answer may be elsewhere.",
        "serve.statement": "The question",
        "serve.rubric": "Rubric",
        "serve.items_sum": "rubric",
        "serve.now": "current mark: {points}",
        "serve.comment": "Comment for the student",
        "serve.private": "private (never shown to the student)",
        "serve.save_next": "Save and next (Enter)",
        "serve.save": "Save",
        "serve.keys": "The keys",
        "serve.key.digits": "digits, point: the points (1.5); the rubric counts when there are none",
        "serve.key.letters": "a, b, c…: tick or untick the rubric's item",
        "serve.key.enter": "Enter: save and open the next answer to grade",
        "serve.key.arrows": "→ and ←: next, previous answer (without saving)",
        "serve.key.escape": "Esc: leave the box (letters are items again)",
        "serve.overrides": "Change a mark",
        "serve.automatic": "Automatic",
        "serve.given": "Points given (empty: the automatic score) and reason",
        "serve.reason": "reason",
        "serve.copy_comment": "Comment on the whole submission:",
        "serve.saved": "Saved in {path}.",
        "serve.saved_for": "{student}'s mark saved.",
        "serve.conflict": "This mark was changed in {path} meanwhile: it is now {now}. What you typed "
        "({typed}) is not saved; it stays in the boxes: Enter saves it instead.",
        "serve.conflict_file": "{path} changed on disk while saving (a spreadsheet?): read again, nothing "
        "was written. This mark is {now} there; what you typed ({typed}) stays in the boxes: Enter saves it.",
        "serve.twice": "{path} gives this question twice (lines {lines}): fix the file, then save here.",
        "serve.whole_copy_points": "a comment on the whole submission gives no points",
        "serve.unknown": "This submission or question is no longer in the results.",
        "serve.not_found": "Page not found: go back to the class's page.",
        "serve.refused.host": "Address refused: open the page through the address grade.py printed.",
        "serve.refused.key": "This page needs its key: open the address grade.py printed (…/?cle=…).",
        "serve.refused.method": "Request refused.",
        "serve.refused.size": "Request too large.",
        "serve.refused.token": "Change refused: it does not come from the marking page.",
        "pdf.no_engine": "--pdf: no PDF engine; install WeasyPrint (pip install "
        '"minimax-grader[pdf]") or Chromium (apt-get install chromium)',
        "pdf.written": "PDF: {count} submission(s) in {folder}, the whole class in {book} ({pages} pages, "
        "two-sided; {engine})",
        "printed": "What your code printed (beginning)",
        "csv.student": "student",
        "csv.file": "file",
        "csv.exercise": "exercise",
        "csv.status": "status",
        "csv.total": "total",
        "csv.max": "out of",
        "csv.mark": "mark /20",
        "csv.mark_on": "mark /{scale}",
        "csv.review": "to review",
        "csv.overrides": "points by hand",
        "csv.seconds": "time (s)",
        "csv.graded": "graded",
        "csv.not_gradable": "not gradable ({reason})",
        "progress.grading": "Grading",
        "progress.not_graded": "not graded",
        "interrupted": "Interrupted: {done} of {total} submission(s) graded; their reports are written.",
        "summary.failed": "questions to review",
        "gradescope_one": "--gradescope grades exactly one submission",
        "html_written": "HTML reports: {path}",
        "not_gradable_title": "submission not graded",
        "too_large": "the returned value is too large to be sent to the grader ({amount} {unit})",
        "unit.bytes": "bytes",
        "unit.values": "values",
        "crash.exit": "exited with status {detail}: sys.exit() or os._exit()?",
        "crash.killed": "killed: memory or time exceeded",
        "crash.cpu": "CPU time used up",
        "crash.signal": "stopped by signal {detail}",
        "crash.channel": "it wrote on the channel reserved for the grader",
        "crash.processes": "too many processes started",
        "crash.memory": "its processes together went past the memory allowed",
        "crash.disk": "its files went past the room allowed in its scratch folder",
        "crash.closed": "its channel to the grader closed",
        "crash.restarts": "it stopped too often, grading this code was given up",
        "text": "{en}",
        "labelled": "{label}: {text}",
        "percent": "{value}%",
        "numpy_board": "numpy board ({dtype}): games are passed to you in that form",
        "recognised_from_text": "exercise recognised from the file's text: {names} in a block that does not "
        "compile, counted as missing; the functions that run are graded",
        "recognised_from_text_plain": "exercise recognised from the file's text: {names} defined but never run, "
        "counted as missing; the functions that run are graded",
        "recognised_from_text_called": "exercise recognised from the file's text: {names} in a block that does not "
        "run, {called} only called, counted as missing; the functions that run are graded",
        "recognised_from_calls": "exercise recognised from the functions your code calls without defining them: "
        "{names}, counted as missing; the functions that run are graded",
        "own_games": "test positions also taken from your file: {names}",
        "pruning_counts": "pruning on jeu1 at depth 3: {alpha_beta} calls to {counted} versus {maximin} for maximin",
        "override.short": "{question}: {points} by hand (auto {automatic})",
        "manual_copy_changed": "points given by hand ({points:g}) to an earlier version of the submission, "
        "which has changed since: to review (edit the table's row to confirm)",
        "override_changed": "points given by hand ({points:g}) when the automatic score was {before:g}; "
        "it is now {now:g}: to review (edit the row to confirm)",
        "bounds_added": "{func} requires alpha, beta parameters the sheet does not have: called with "
        "alpha = -inf, beta = +inf; question left for the teacher to review",
        "ignored_magics": "commands ignored (not run): {magics}",
        "summary": "Summary: {count} submission(s), mean {mean} / {scale}",
        "summary_some": "Summary: {count} submission(s), {graded} graded; mean {mean} / {scale}",
        "summary_none": "Summary: {count} submission(s), none graded",
        "summary.exercise": "Summary {exercise}: {count} graded submission(s), mean {mean} / {scale}",
        "uses_failing": "⚠ {func} calls {names}, failing some checks: fix that first, "
        "the errors below may come from it",
        "uses_failing_many": "⚠ {func} call {names}, failing some checks: fix that first, "
        "the errors below may come from it",
        "cell_hint.EOFError": "input() cannot be used while grading: only this cell is skipped",
        "cell_hint.timeout": "endless loop? this cell was stopped, the following cells were run",
        "cell_hint.endless": (
            "this cell was stopped, the following cells were run; something must change at "
            "each turn for the loop to be able to stop"
        ),
        "cell_hint.skipped": "the total time for the cells was used up",
        "block_hint.EOFError": "input() cannot be used while grading: only this block is skipped",
        "block_hint.timeout": "endless loop? this block was stopped, the following blocks were run",
        "block_hint.endless": (
            "this block was stopped, the following blocks were run; something must change at "
            "each turn for the loop to be able to stop"
        ),
        "block_hint.skipped": "the total time for the blocks was used up",
        "progress.line": "[{done}/{total}] {name}: {mark} ({seconds} s)",
        "html.class_title": "Class results",
        "html.class_summary": "{count} submission(s), {graded} graded; "
        "mean {mean} / {scale}, median {median} / {scale}",
        "html.exercise_summary": "{exercise}: {graded} graded submission(s); mean {mean} / {scale}, "
        "median {median} / {scale}",
        "html.exercise": "Exercise",
        "html.marks": "Marks",
        "html.student": "Student",
        "html.file": "File",
        "html.mark": "Mark / 20",
        "html.mark_on": "Mark / {scale}",
        "html.comments": "The teacher's comments",
        "comment.item_points": "{item} ({points})",
        "comment.item_text": "{item}: {text}",
        "comment.on_question": "{question} : {text}",
        "html.whole_copy": "The submission",
        "html.private": "private",
        "html.points": "Points",
        "html.points_unit": "points",
        "html.total": "Total",
        "html.to_review": "Questions to review",
        "html.not_graded": "not graded",
        "html.none": "No submission.",
        "html.histogram": "Distribution of marks",
        "html.histogram_axis": "mark out of 20",
        "html.histogram_desc": "Graded submissions per band of 2 points (the last band includes 20).",
        "html.success": "Success per question",
        "html.success_desc": "Graded submissions in each state, question by question in the sheet's order; "
        "in bold, the questions fewer than half of the class passed.",
        "html.question": "Question",
        "html.title": "Title",
        "html.status": "Status",
        "html.passed_share": "Passed",
        "html.mean_points": "Mean points",
        "html.submissions_per_status": "Submissions per status",
        "html.not_graded_title": "Submissions not graded",
        "html.reason": "Reason",
        "html.answer_keys": "Answer key of the manual questions",
        "html.answer_keys_desc": "For the teacher: these questions are not graded automatically.",
        "html.back": "Back to the class table",
        "html.cells_title": "Running the cells",
        "html.questions": "Questions",
        "html.details": "Questions to review, in detail",
        "html.all_passed": "Every automatically graded question passed.",
        "html.truncated": "… (cut: {count} more character(s))",
        "html.footer": "Report made by minimax-grader {version}",
        "isolation.weak": "WARNING: isolation 'basic': student code can read the grader's files "
        "(the reference included){weak_more}. For graded work, install bubblewrap "
        "(apt-get install bubblewrap) or use a Linux 5.13+ kernel with Landlock; "
        "--require-isolation strong refuses to grade without one.",
        "isolation.weak_more": ", stop the grader with a signal and change the neighbouring submissions",
        "isolation.portable": "isolation: portable — the student's code runs in a separate process, "
        "stopped at its time budget, but it can read and change your files (the "
        "answer key included). Fine for self-checking, not for grading for marks "
        "(on Linux: bubblewrap or Landlock).",
        "isolation.in_force": "Isolation: {label} — {why}",
        "isolation.self_check": "isolation: {label}, strong (the answer key is out of the code's reach)",
        "isolation.self_check_weak": "Isolation '{mode}': your code runs apart and is stopped at its time "
        "limit, but it can read and change your files, as when you run it yourself.",
        "isolation.in_force_strong": "Isolation: {label} — {why}; student code can read neither the reference "
        "nor the other submissions",
        "isolation.required": "--require-isolation strong: neither bubblewrap nor Landlock works here "
        "({why}). Install bubblewrap (apt-get install bubblewrap) or use a Linux "
        "5.13+ kernel with Landlock enabled (package landlockpy).",
        "isolation.unavailable": "--isolation {mode}: not possible on this machine ({why})",
        "unavailable.not_linux": "{detail}: bubblewrap and Landlock need Linux",
        "unavailable.bwrap_not_installed": "bwrap is not installed (apt-get install bubblewrap)",
        "unavailable.bwrap_no_start": "bwrap does not start: {detail}",
        "unavailable.bwrap_fails": "bwrap fails here: {detail}",
        "unavailable.landlockpy_missing": "the landlockpy package is not installed (pip install landlockpy)",
        "unavailable.landlock_refused": "Landlock refused: {detail}",
        "unavailable.no_landlock": "the kernel has no Landlock (Linux 5.13+ with landlock in its lsm= list)",
        "unavailable.unknown_mode": "unknown isolation: {detail}",
        "isolation.summary_weak": "WARNING: {count} submission(s) graded with isolation 'basic' or 'portable': "
        "the reference was readable to them.",
        "html.isolation": "Isolation",
        "csv.isolation": "isolation",
        "html.isolation_weak": "Graded with isolation '{mode}': the student's code could read the "
        "grader's files (the reference included). Mark to be confirmed.",
        "html.isolation_weak_index": "{count} submission(s) graded with isolation 'basic' or 'portable': their code "
        "could read the reference. Install bubblewrap or use Landlock "
        "for graded work.",
        "vpl_one": "--vpl grades exactly one submission",
        "no_exercises": "no TD installed: install the grader (pip install .) or your TD's package",
        "cli.usage": "usage: ",
        "cli.positionals": "positional arguments",
        "cli.options": "options",
        "cli.see_help": "('{prog} --help' for help)",
        "cli.help": "show this help message and exit",
        "cli.error": "{prog}: error: {message}",
        "cli.error.argument": "argument {name}: {message}",
        "cli.error.required": "the following arguments are required: {names}",
        "cli.error.unrecognized": "unrecognized arguments: {names}",
        "cli.error.ambiguous": "ambiguous option: {option} could match {matches}",
        "cli.error.choice": "invalid choice: {value} (choose from {choices})",
        "cli.error.type": "invalid value: {value} (expected: {type})",
        "cli.error.one": "expected one argument",
        "cli.type.float": "a number",
        "cli.type.int": "a whole number",
        "cli.error.at_least_one": "expected at least one argument",
        "cli.error.explicit": "ignored explicit argument {value}",
        "cli.description": "Grades the minimax TDs ({exercises}): a notebook, a module, or a folder of submissions.",
        "cli.paths": ".ipynb notebook, .py module, or folder of submissions",
        "cli.exercise": "force the exercise (detected otherwise)",
        "cli.json": "JSON report (- for standard output)",
        "cli.csv": "marks table (one row per submission)",
        "cli.html": "HTML reports: one page per submission and a class summary",
        "cli.similarity": "similarity report of a batch's submissions: DIR/index.html and DIR/pairs.csv "
        "(the 'similarity' extra: copydetect)",
        "cli.junit": "JUnit XML report (one question = one test)",
        "cli.gradescope": "Gradescope results.json (one submission)",
        "cli.annotations": "GitHub Actions annotations (one per question to review) on standard output",
        "cli.vpl": "report in Moodle VPL's format on standard output (one submission)",
        "cli.vpl_max": "the VPL activity's maximum grade (20 by default)",
        "cli.details": "show the whole report of each submission of a batch",
        "cli.jobs": "submissions graded in parallel (default: the number of processors)",
        "cli.lang": "language of the feedback (fr by default)",
        "cli.timeout": "budget in seconds of a call to the student's code",
        "cli.cell_timeout": "budget in seconds of a cell",
        "cli.fail_under": "exit status 1 if a submission has less than SCORE out of 20",
        "cli.isolation": "isolation of the students' code (auto: bubblewrap, else landlock, else basic; "
        "portable on Windows and macOS, to check one's own work)",
        "cli.require_isolation": "strong: refuse to grade if neither bubblewrap nor Landlock works",
        "cli.verbose": "more detailed log (-vv: more still)",
        "cli.version": "show the version and exit",
        "verifier.missing": "{path}: no such file",
        "verifier.which": "Which notebook? Several in {folder} ({names}): "
        "give its name, e.g. verifier(\"my_td.ipynb\")",
        "verifier.saved": "The saved file is what is graded: {name}, saved at {time}.",
        "verifier.unsaved": "⚠ Cells you ran are not in the saved file: save (Ctrl+S) and run "
        "verifier() again to have them graded.",
        "verifier.no_question": "{question}: no such question (questions: {names})",
        # The class workflow (grader/marking): the barème file
        "bareme.error": "barème {path}: {what}",
        "bareme.error_line": "barème {path}, line {line}: {what}",
        "bareme.toml": "this is not valid TOML ({error})",
        "bareme.unreadable": "cannot read the file ({error})",
        "bareme.several": "several minimax-grader.toml files apply to these submissions ({files}): "
        "choose one with --config",
        "bareme.unknown_key": "unknown key '{name}' (the keys: {keys})",
        "bareme.unknown_exercise": "unknown exercise '{exercise}' (exercises: {known})",
        "bareme.other_exercise": "the barème is for {exercise}, but --exercise asks for {forced}",
        "bareme.no_exercise": "the barème names questions: it must say which exercise "
        "(exercice = \"puissance4\" for example)",
        "bareme.unknown_question": "{exercise} has no question '{question}' (questions: {known})",
        "bareme.not_a_list": "{name} must be a list of questions, for example {name} = [\"Q17\"]",
        "bareme.not_a_table": "{name} must be a table: a line [{name}] then Q1 = 0.5, …",
        "bareme.decimal_comma": "{value}: in the barème, a number is written with a point ({point})",
        "bareme.not_a_copies_table": 'copies must be a table: a line [copies] then "name of the submission" = '
        '"SURNAME First name"',
        "bareme.not_a_number": "{name} must be a number (found: {value})",
        "bareme.negative": "{name}: negative points ({value}) are not possible",
        "bareme.positive": "{name} must be a number above zero (found: {value})",
        "bareme.rounding": "arrondi = {value}: choose 0 (none), 0.01, 0.25, 0.5 or 1",
        "bareme.not_a_flag": "{name} must be true or false (found: {value})",
        "bareme.no_points": "no question is worth any points: the mark would have no total",
        "bareme.rubric.not_a_table": "[grille] must hold one table per question: [grille.Q16]",
        "bareme.rubric.unknown_question": "[grille.{question}]: no question '{question}' (questions: {known})",
        "bareme.rubric.not_manual": "[grille.{question}]: {question} is graded automatically; a rubric only "
        "goes with a question graded by hand ({manual})",
        "bareme.rubric.no_points": "[grille.{question}]: {question} is worth no points; give it points in "
        "[points], for example {question} = 2",
        "bareme.rubric.no_items": "[grille.{question}]: the rubric has no item; for example "
        'right = {{ intitule = "sound reasoning", points = 1 }}',
        "bareme.rubric.too_many": "[grille.{question}]: {count} items, {most} at most (one key of the "
        "keyboard each)",
        "bareme.rubric.bad_key": "[grille.{question}]: '{item}' cannot name an item (unaccented letters, "
        "digits, _ and -, 30 at most)",
        "bareme.rubric.not_an_item": "[grille.{question}] {item}: an item is written "
        '{item} = {{ intitule = "…", points = 1, commentaire = "…" }}',
        "bareme.rubric.unknown_field": "[grille.{question}] {item}: unknown field '{name}' (the fields: {fields})",
        "bareme.rubric.no_label": "[grille.{question}] {item}: its label is missing "
        '(intitule = "…", a few words)',
        "bareme.rubric.long_label": "[grille.{question}] {item}: the label is too long ({most} characters at "
        "most); the sentence for the student goes in commentaire",
        "bareme.rubric.not_a_number": "[grille.{question}] {item}: points must be a number (found: {value}); "
        "a deduction is negative, for example -0.5",
        "bareme.rubric.not_text": "[grille.{question}] {item}: commentaire must be text in quotes",
        "bareme.print.head": "minimax-grader barème for {title}\n\n"
        "Save this file as {name} in the submissions' folder (or give it with\n"
        "--config FILE), then edit it. As it is, it gives exactly the marks of the grader\n"
        "without a barème.",
        "bareme.print.exercise": "The class's exercise: a submission of another TD is reported as such and\n"
        "counts neither in the mean nor in the statistics.",
        "bareme.print.scale": "The mark is out of 'sur' points: 20, 10, or the Moodle activity's maximum grade.",
        "bareme.print.rounding": "The mark's rounding, to the nearest: 0 (none), 0.01, 0.25, 0.5 or 1.",
        "bareme.print.omitted": "Questions not set this year: not graded, not shown to students, not in the\n"
        "total. For example: omises = [\"Q17\"]",
        "bareme.print.bonus": "Bonus questions: their points add to the mark without counting in the total.\n"
        "For example: bonus = [\"Q17\"]",
        "bareme.print.cap": "true: the mark never goes above 'sur', bonus included.",
        "bareme.print.points": "Each question's points; its checks keep their relative weights. A question\n"
        "taken out of this table keeps its default points.",
        "bareme.print.manual": "graded by hand (--manual): give it points, for example 2",
        "bareme.print.rubric": "The rubric of a question graded by hand (optional): items, each one key of\n"
        "the keyboard on the marking page (--serve); a student's points are the sum of theirs\n"
        "(between 0 and the question's points), unless a number is typed instead.\n"
        "Changing an item here re-scores and rewords the mark of every student who got it.",
        "bareme.print.rubric_items": 'right = {{ intitule = "sound reasoning", points = 1, commentaire = '
        '"The nodes not explored are the right ones." }}\n'
        'diagram = {{ intitule = "diagram incomplete", points = -0.5 }}',
        # the manual points table
        "manual.file.header": "{path}: columns are missing (needed: {detail})",
        "manual.file.empty": "{path} is empty (it needs at least the row of column names)",
        "manual.file.not_csv": "{path} is not a readable CSV table ({detail})",
        "manual.file.unreadable": "cannot read {path} ({detail})",
        "manual.created": "Table of points given by hand created: {path} ({rows} row(s) to fill in)",
        "manual.side_written": "{count} row(s) of students missing from {path} written to {side}: "
        "copy them into {path} (or fill in {side}, which is read too)",
        "manual.side_kept": "{side} holds points typed in: read too, and left as it is",
        "manual.missing": "Students with no row in {path}: {names}",
        "manual.refused": "{path}, line {line}: not applied — {why}",
        "manual.refused.student": "no graded submission of '{student}' in the results",
        "manual.refused.question": "'{question}' is not a graded question of this submission ({detail})",
        "manual.refused.number": "'{points}' is not a number",
        "manual.refused.range": "{points} is not between 0 and {detail} point(s) ({question}'s barème)",
        "manual.refused.twice": "{student}'s {question} is already given on line {detail}",
        "manual.refused.no_question": "points without a question (the question column is empty)",
        "manual.refused.no_rubric": "rubric items for {question}, which has no rubric in the barème "
        "([grille.{question}])",
        "manual.refused.items": "'{detail}': no item of that name in the barème's [grille.{question}]",
        # the class record (--results)
        "record.busy": "{folder} is in use by another grading run ({holder}): wait for it to finish",
        "record.summary": "{graded} submission(s) graded, {unchanged} unchanged",
        "record.graded_line": "  graded: {student} ({why})",
        "record.unchanged_line": "  unchanged: {student} (the same file as last time: --regrade to grade it again)",
        "record.reason.new": "new",
        "record.reason.changed": "changed",
        "record.reason.version": "another grader version",
        "record.reason.settings": "other settings",
        "record.reason.damaged": "damaged result",
        "record.reason.regrade": "--regrade",
        "record.reason.isolation": "graded under a weak isolation, --require-isolation strong",
        "record.damaged": "Results: {file} is damaged ({reason}), it is not used",
        "record.absent": "{count} submission(s) no longer in the folder, kept in the results until "
        "--prune: {names}",
        "record.pruned": "{count} absent submission(s) removed from the results: {names}",
        "record.rescored": "The barème changed since the last run: marks computed again without running "
        "the students' code ({count} submission(s))",
        "record.aside": "Not graded, another file of the student: {names}",
        # exports to the school's tools
        "moodle.filled": "Moodle grading worksheet filled: {path} ({count} grade(s))",
        "moodle.unmatched": "Submissions with no row in the Moodle worksheet ({count}): {names}",
        "moodle.no_mark": "Moodle rows left as they were (submission without a mark, {count}): {names}",
        "moodle.refused": "Rows whose grade Moodle will not change ('Grade can be changed' = No), left as "
        "they were ({count}): {names}",
        "moodle.conflicts": "Submissions that fill no Moodle row (a name of several rows, two submissions "
        "for one row, or the number of another name; {count}): {names}",
        "moodle.without_copy": "Moodle rows without a submission, left as they were ({count}): {names}",
        "moodle.dates": "'Last modified (grade)' rewritten in {count} row(s) in a form Moodle reads back "
        "(2026-11-25 18:03, the same minute): a grade changed in Moodle since the download stays protected",
        "moodle.no_feedback": "The worksheet has no comments column: enable the assignment's "
        "'Feedback comments' to receive the summary there",
        "moodle.error": "Moodle worksheet {path}: {why}",
        "moodle.error.empty": "the file is empty",
        "moodle.error.columns": "no 'Identifier' or 'Grade' column (columns: {detail})",
        "moodle.error.scale": "no readable 'Maximum grade' column: the assignment must be graded in "
        "points, not with a scale",
        "pronote.written": "Marks for Pronote: {path}",
        "pronote.counts": "Pronote: {rows} row(s) for the {count} student(s) of the list, in its order "
        "({marked} mark(s), {empty} empty cell(s))",
        "pronote.counts_differ": "Pronote: {rows} row(s) but {count} student(s) on the list: check before "
        "pasting",
        "release.written": "Pages handed back to students: {path} ({count} folder(s), no answer key)",
        "record.needs_results": "--regrade and --prune go with --results FOLDER",
        "manual.not_created": "Manual points table {path} not created: grading was interrupted (the next "
        "run creates it, whole)",
        "manual.missing_points": "{question}: {count} of {total} student(s) without points given by hand",
        "manual.missing_points_named": "{question}: {count} of {total} student(s) without points given by hand "
        "({names})",
        "bareme.ignored": "Barème ignored (in a student's folder, or beside a file named alone; the "
        "barème is the class folder's, or --config): {files}",
        "bareme.lost": "{folder} was marked with a barème that is no longer found (neither in the "
        "class folder nor where the last run read it): give --config FILE or the folder of copies",
        "paths_needed": "give at least one submission or folder of submissions (PATH)",
        "feedback.mark": "Mark: {mark} / {scale}",
        "feedback.review": "Questions to review: {questions}",
        "feedback.does_not_run": "This file does not run as written (see the report)",
        "html.manual_title": "Questions graded by hand",
        "html.student_answer": "The student's answer",
        "html.answer_key": "Answer key",
        "html.no_answer": "No answer found: no cell starts with '{question}' (open the file)",
        "value_check.sentence": "{func} as the reference: {calls}",
        "value_check.arguments_sentence": "{func} leaves its arguments as the reference does: {calls}",
        "value_check.more_calls": "{calls} and {more} other call(s)",
        "value_check.drawn": "{count} random positions",
        "value_check.then_drawn": "{calls}, then {count} random positions",
        "value_check.budget": "{sentence} (at most {seconds} s a call)",
        "value_check.words": "{sentence} ({words})",
        "value_check.raises": "an exception {name}",
        "value_check.must_raise": "this call must raise {name}, as the reference does",
        "value_check.unchanged": "{func} must not change {arg}{why}: this is {arg} after the call",
        "value_check.changed_as": "after the call, {arg} must be as the reference leaves it{why}",
        "value_check.argument": "argument {number}",
        "comparison.same_set": "in any order, each once",
        "comparison.within": "within {tolerance}",
        "comparison.item": "only item {index} is compared",
        "comparison.best_move": "a legal move that reaches the best value",
        "comparison.among": "a move among {moves}",
        "course.bad_id": "{id} cannot name a TD: lower case letters and digits, words joined by - or _ "
        "(for example nim, game-of-nim)",
        "course.not_empty": "{folder} exists and is not empty: nothing was written (give another folder)",
        "course.written": "TD {id} written in {folder} (package {package}): replace the sheet, the reference, "
        "the checks and the copies with your TD's",
        "course.next": "Then: pip install -e {folder}; python -m grader {folder}/copies; "
        "python -m grader.mutation {id}",
    },
}


def tr(lang: str, key: str, **values: Any) -> str:
    """The message `key` in `lang` (French when unknown), filled with `values`."""
    table = MESSAGES.get(lang, MESSAGES["fr"])
    return table.get(key, MESSAGES["fr"].get(key, key)).format(**values)


def unavailable(reasons: Iterable[Unavailable], lang: str) -> str:
    """Why isolations cannot work here (`grader.sandbox.confine.reasons`), in one line ("" for none)."""
    return "; ".join(tr(lang, f"unavailable.{why.reason.value}", detail=why.detail) for why in reasons)


DECIMAL_SEPARATORS = {"fr": ",", "en": "."}
"""How each language writes the decimal point (the CSV follows it too: French
spreadsheets read '14,5' as a number)."""


def number(value: float, lang: str) -> str:
    """A score, a mark or a duration as a teacher writes it in `lang`: 2.0 -> '2',
    14.5 -> '14,5' in French and '14.5' in English. Every report that a person reads
    writes its numbers with this function (machine formats keep Python's '14.5')."""
    text = f"{value:g}" if value == round(value, 4) else f"{value:.2f}"
    return text.replace(".", DECIMAL_SEPARATORS.get(lang, DECIMAL_SEPARATORS["fr"]))
