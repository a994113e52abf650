"""Every sentence the engine shows a person, in French and English, in one place.

Exercise modules carry their own sentences as bilingual values (check descriptions,
`Text(fr, en)`, `fr=`/`en=` notes); the renderers word everything else from here.
"""

from __future__ import annotations

from typing import Any

MESSAGES: dict[str, dict[str, str]] = {
    "fr": {
        "detected": "Exercice détecté : {exercise} (noms reconnus : {names})",
        "forced": "Exercice choisi par --exercise : {exercise}",
        "cells": "Cellules de code : {total}, dont {failed} en échec",
        "module_cells": "Blocs du module : {total}, dont {failed} en échec",
        "cell_failed": "{label} : {error}{message}",
        "cell_failed_line": "{label}, ligne {line} : {error}{message}{quote}",
        "cell_failed_in": "{label} : {error}{message} ({where}, ligne {line}{quote})",
        "cell_name": "{place} (« {opening} »)",
        "cell_quote": " — « {text} »",
        "cell_timeout": "temps dépassé ({seconds} s)",
        "cell_skipped": "non exécutée",
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
        "check.failed": "échec",
        "check.error": "erreur",
        "check.timeout": "temps dépassé",
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
        "internal": "erreur interne du correcteur sur ce test (signalez-la à l'enseignant)",
        "missing": "{name} n'est pas défini",
        "missing_close": "{name} n'est pas défini (noms proches dans votre copie : {close})",
        "alias": "{found} accepté pour {name}",
        "manual": "question corrigée par l'enseignant",
        "total": "Total : {score} / {max_score} points — note : {mark} / 20",
        "not_gradable": "{path} : non corrigé ({reason})",
        "reason.invalid_json": "le fichier n'est pas un notebook valide (JSON illisible)",
        "reason.not_a_notebook": "le fichier n'est pas un notebook Jupyter",
        "reason.no_code": "aucune cellule de code",
        "reason.unreadable": "fichier illisible",
        "reason.too_large": "fichier trop gros",
        "reason.unknown_exercise": "impossible de reconnaître le TD (utiliser --exercise)",
        "reason.worker_failed": "votre code n'a pas pu être exécuté",
        "reason.grader_error": (
            "erreur interne du correcteur sur cette copie (signalez-la à l'enseignant avec le détail)"
        ),
        "reason.too_deep": "fichier trop imbriqué pour être lu",
        "reason.link_outside": "lien vers l'extérieur du dossier corrigé : non suivi",
        "reason.not_a_regular_file": "ce n'est pas un fichier ordinaire (tube, périphérique...) : non lu",
        "reason.folder_too_deep": "dossier trop profond : ses fichiers ne sont pas cherchés",
        "write_failed": "le rapport {path} n'a pas pu être écrit : {error}",
        "printed": "Ce que votre code a affiché (début)",
        "csv.student": "élève",
        "csv.file": "fichier",
        "csv.exercise": "exercice",
        "csv.status": "état",
        "csv.total": "total",
        "csv.max": "sur",
        "csv.mark": "note /20",
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
        "numpy_board": "plateau numpy ({dtype}) : les jeux vous sont passés sous cette forme",
        "recognised_from_text": "aucune cellule ne définit les noms de l'énoncé (le code ne compile pas ?) : "
        "exercice reconnu d'après le texte du fichier, chaque fonction est comptée absente",
        "own_games": "vos propres jeux {names} servent aussi de positions de test",
        "pruning_counts": (
            "élagage sur jeu1 à l'horizon 3 : {alpha_beta} appels à {counted} contre {maximin} pour maximin"
        ),
        "bounds_added": "{func} demande des paramètres alpha, beta que l'énoncé ne prévoit pas : appelée avec "
        "alpha = -inf, beta = +inf ; question à revoir par l'enseignant",
        "ignored_magics": "commandes ignorées (non exécutées) : {magics}",
        "summary": "Bilan : {count} copie(s), moyenne {mean} / 20",
        "uses_failing": "⚠ {func} appelle {names}, qui ne passe pas tous ses tests : corrigez d'abord cela, "
        "les erreurs ci-dessous en viennent peut-être",
        "uses_failing_many": "⚠ {func} appellent {names}, qui ne passe pas tous ses tests : corrigez d'abord "
        "cela, les erreurs ci-dessous en viennent peut-être",
        "cell_hint.EOFError": "input() ne peut pas servir pendant la correction : seule cette cellule est ignorée",
        "cell_hint.timeout": "boucle sans fin ? cette cellule a été arrêtée, les suivantes ont été exécutées",
        "cell_hint.endless": (
            "cette cellule a été arrêtée, les suivantes ont été exécutées ; à chaque tour, "
            "quelque chose doit changer pour que la boucle puisse s'arrêter"
        ),
        "cell_hint.skipped": "le temps total des cellules était épuisé",
        # The HTML reports (grader/render/html_report.py)
        "html.class_title": "Résultats de la classe",
        "html.class_summary": "{count} copie(s), dont {graded} corrigée(s) ; "
        "moyenne {mean} / 20, médiane {median} / 20",
        "html.marks": "Notes",
        "html.student": "Élève",
        "html.file": "Fichier",
        "html.mark": "Note / 20",
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
        # Isolation of the student's process (grader/sandbox/isolation.py)
        "isolation.weak": "ATTENTION : isolation « basic » : le code des élèves peut lire les fichiers "
        "du correcteur (dont le corrigé){weak_more}. Pour une correction notée, "
        "installez bubblewrap (apt-get install bubblewrap) ou utilisez un noyau Linux "
        "5.13+ avec Landlock ; --require-isolation strong refuse de corriger sans.",
        "isolation.weak_more": ", signaler le correcteur et modifier les copies voisines",
        "isolation.portable": "isolation : portable — le code de l'élève tourne dans un processus à part, "
        "arrêté au bout de son temps, mais il peut lire et modifier vos fichiers (dont "
        "le corrigé). Convient pour vous auto-corriger, pas pour une correction notée "
        "(sous Linux : bubblewrap ou Landlock).",
        "isolation.in_force": "Isolation : {label} — {why}",
        "isolation.in_force_strong": "Isolation : {label} — {why} ; le code des élèves ne peut lire ni le "
        "corrigé ni les autres copies",
        "isolation.required": "--require-isolation strong : ni bubblewrap ni Landlock ne fonctionnent ici "
        "({why}). Installez bubblewrap (apt-get install bubblewrap) ou utilisez un "
        "noyau Linux 5.13+ avec Landlock activé (paquet landlockpy).",
        "isolation.unavailable": "--isolation {mode} : impossible sur cette machine ({why})",
        # Why an isolation cannot work here (grader/sandbox/reasons.py); {detail}: the system's words
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
        # verifier() in a notebook (grader/notebook.py)
        "verifier.missing": "{path} : fichier introuvable",
        "verifier.which": "Quel notebook corriger ? Plusieurs dans {folder} ({names}) : "
        "donnez son nom, par exemple verifier(\"mon_td.ipynb\")",
        "verifier.saved": "C'est le fichier enregistré qui est corrigé : {name}, enregistré à {time}.",
        "verifier.unsaved": "⚠ Des cellules exécutées ne sont pas dans le fichier enregistré : "
        "enregistrez (Ctrl+S) puis relancez verifier() pour qu'elles soient corrigées.",
        "verifier.no_question": "{question} : pas de telle question (questions : {names})",
    },
    "en": {
        "detected": "Exercise detected: {exercise} (names found: {names})",
        "forced": "Exercise chosen with --exercise: {exercise}",
        "cells": "Code cells: {total}, {failed} failed",
        "module_cells": "Module blocks: {total}, {failed} failed",
        "cell_failed": "{label}: {error}{message}",
        "cell_failed_line": "{label}, line {line}: {error}{message}{quote}",
        "cell_failed_in": "{label}: {error}{message} ({where}, line {line}{quote})",
        "cell_name": "{place} (“{opening}”)",
        "cell_quote": " — “{text}”",
        "cell_timeout": "time limit exceeded ({seconds} s)",
        "cell_skipped": "not run",
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
        "check.failed": "failed",
        "check.error": "error",
        "check.timeout": "timeout",
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
        "internal": "internal grader error on this check (tell your teacher)",
        "missing": "{name} is not defined",
        "missing_close": "{name} is not defined (close names in your file: {close})",
        "alias": "{found} accepted for {name}",
        "manual": "graded by the teacher",
        "total": "Total: {score} / {max_score} points — mark: {mark} / 20",
        "not_gradable": "{path}: not graded ({reason})",
        "reason.invalid_json": "the file is not a valid notebook (unreadable JSON)",
        "reason.not_a_notebook": "the file is not a Jupyter notebook",
        "reason.no_code": "no code cell",
        "reason.unreadable": "unreadable file",
        "reason.too_large": "file too large",
        "reason.unknown_exercise": "cannot tell which TD this is (use --exercise)",
        "reason.worker_failed": "your code could not be run",
        "reason.grader_error": "internal grader error on this submission (report it to your teacher with the detail)",
        "reason.too_deep": "file nested too deeply to be read",
        "reason.link_outside": "link leading outside the folder graded: not followed",
        "reason.not_a_regular_file": "not a regular file (fifo, device...): not read",
        "reason.folder_too_deep": "folder too deep: its files are not searched",
        "write_failed": "the report {path} could not be written: {error}",
        "printed": "What your code printed (beginning)",
        "csv.student": "student",
        "csv.file": "file",
        "csv.exercise": "exercise",
        "csv.status": "status",
        "csv.total": "total",
        "csv.max": "out of",
        "csv.mark": "mark /20",
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
        "numpy_board": "numpy board ({dtype}): games are passed to you in that form",
        "recognised_from_text": "no cell defines the sheet's names (does the code compile?): "
        "exercise recognised from the file's text, every function counts as missing",
        "own_games": "your own games {names} are used as test positions too",
        "pruning_counts": "pruning on jeu1 at depth 3: {alpha_beta} calls to {counted} versus {maximin} for maximin",
        "bounds_added": "{func} requires alpha, beta parameters the sheet does not have: called with "
        "alpha = -inf, beta = +inf; question left for the teacher to review",
        "ignored_magics": "commands ignored (not run): {magics}",
        "summary": "Summary: {count} submission(s), mean {mean} / 20",
        "uses_failing": "⚠ {func} calls {names}, which fails some of its checks: fix that first, "
        "the errors below may come from it",
        "uses_failing_many": "⚠ {func} call {names}, which fails some of its checks: fix that first, "
        "the errors below may come from it",
        "cell_hint.EOFError": "input() cannot be used while grading: only this cell is skipped",
        "cell_hint.timeout": "endless loop? this cell was stopped, the following cells were run",
        "cell_hint.endless": (
            "this cell was stopped, the following cells were run; something must change at "
            "each turn for the loop to be able to stop"
        ),
        "cell_hint.skipped": "the total time for the cells was used up",
        "html.class_title": "Class results",
        "html.class_summary": "{count} submission(s), {graded} graded; "
        "mean {mean} / 20, median {median} / 20",
        "html.marks": "Marks",
        "html.student": "Student",
        "html.file": "File",
        "html.mark": "Mark / 20",
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
        "isolation.weak_more": ", signal the grader and change the neighbouring submissions",
        "isolation.portable": "isolation: portable — the student's code runs in a separate process, "
        "stopped at its time budget, but it can read and change your files (the "
        "answer key included). Fine for self-checking, not for grading for marks "
        "(on Linux: bubblewrap or Landlock).",
        "isolation.in_force": "Isolation: {label} — {why}",
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
        "verifier.missing": "{path}: no such file",
        "verifier.which": "Which notebook? Several in {folder} ({names}): "
        "give its name, e.g. verifier(\"my_td.ipynb\")",
        "verifier.saved": "The saved file is what is graded: {name}, saved at {time}.",
        "verifier.unsaved": "⚠ Cells you ran are not in the saved file: save (Ctrl+S) and run "
        "verifier() again to have them graded.",
        "verifier.no_question": "{question}: no such question (questions: {names})",
    },
}


def tr(lang: str, key: str, **values: Any) -> str:
    """The message `key` in `lang` (French when unknown), filled with `values`."""
    table = MESSAGES.get(lang, MESSAGES["fr"])
    return table.get(key, MESSAGES["fr"].get(key, key)).format(**values)


def number(value: float) -> str:
    """2.0 -> '2', 1.25 -> '1.25': scores as a teacher writes them."""
    return f"{value:g}" if value == round(value, 4) else f"{value:.2f}"
