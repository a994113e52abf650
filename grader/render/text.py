"""The reports' sentences (statuses, failures and their causes, the pages and tables), each
key with its French and English side by side.

`tr(lang, key, **values)` reads these, then the words of the wings below (`grader.model.text`);
a key none of them holds is an error (`grader.model.text.Words`). A family looked up by a
value has a table of its own, keyed by that value."""

from __future__ import annotations

from ..model.text import Text, Words
from ..model.text import tr as _below

tr = Words(
    {
        "detected": Text(
            "Exercice détecté : {exercise} (noms reconnus : {names})",
            "Exercise detected: {exercise} (names found: {names})",
        ),
        "detected_from_text": Text("Exercice détecté : {exercise}", "Exercise detected: {exercise}"),
        "forced": Text(
            "Exercice choisi par --exercise : {exercise}",
            "Exercise chosen with --exercise: {exercise}",
        ),
        "cells": Text(
            "Cellules de code : {total}, dont {failed} en échec",
            "Code cells: {total}, {failed} failed",
        ),
        "cells_ok": Text("Cellules de code : {total}, aucune en échec", "Code cells: {total}, none failed"),
        "module_cells": Text(
            "Blocs du module : {total}, dont {failed} en échec",
            "Module blocks: {total}, {failed} failed",
        ),
        "module_cells_ok": Text(
            "Blocs du module : {total}, aucun en échec",
            "Module blocks: {total}, none failed",
        ),
        "cell_failed": Text("{label} : {error}{message}", "{label}: {error}{message}"),
        "cell_failed_line": Text(
            "{label}, ligne {line} : {error}{message}{quote}",
            "{label}, line {line}: {error}{message}{quote}",
        ),
        "cell_failed_in": Text(
            "{label} : {error}{message} ({where}, ligne {line}{quote})",
            "{label}: {error}{message} ({where}, line {line}{quote})",
        ),
        "cell_name": Text("{place} (« {opening} »)", "{place} (“{opening}”)"),
        "cell_quote": Text(" — « {text} »", " — “{text}”"),
        "cell_timeout": Text("temps dépassé ({seconds} s)", "time limit exceeded ({seconds} s)"),
        "cell_skipped": Text("non exécutée", "not run"),
        "block_skipped": Text("non exécuté", "not run"),
        "cell_not_run": Text(
            "non exécutée pendant la correction (le correcteur ne lance pas %%{magic})",
            "not run while grading (the grader does not run %%{magic})",
        ),
        "place.cell": Text("cellule {first}", "cell {first}"),
        "place.lines": Text("lignes {first}-{last}", "lines {first}-{last}"),
        "place.code_cell": Text("cellule de code {number}", "code cell {number}"),
        "not_counted": Text(
            "propriété vérifiée, comptée dès qu'une vérification de valeur de la fonction passera",
            "the property holds; it counts once a value check of the function passes",
        ),
        "call": Text("Appel", "Call"),
        "expected": Text("Attendu", "Expected"),
        "obtained": Text("Obtenu", "Obtained"),
        "note": Text("Remarque", "Note"),
        "raised": Text("l'appel a levé {error}{line}", "the call raised {error}{line}"),
        "raised_line": Text(" ({where}, ligne {line}{quote})", " ({where}, line {line}{quote})"),
        "timed_out": Text(
            "l'appel n'a pas terminé dans le temps imparti ({seconds} s)",
            "the call did not finish in time ({seconds} s)",
        ),
        "endless_call": Text(
            "l'appel ne termine pas : boucle sans fin{line}, son état se répète à l'identique d'un tour à "
            "l'autre{state}",
            "the call does not finish: endless loop{line}, its state is the same from one turn to the "
            "next{state}",
        ),
        "endless": Text(
            "boucle sans fin : son état se répète à l'identique d'un tour à l'autre{state}, elle ne peut "
            "pas s'arrêter (arrêtée sans attendre la limite de {seconds} s)",
            "endless loop: its state is the same from one turn to the next{state}, it cannot stop (stopped "
            "without waiting for the {seconds} s limit)",
        ),
        "endless_state": Text(" ({names})", " ({names})"),
        "crashed": Text(
            "le processus de votre code s'est arrêté ({error})",
            "the process running your code stopped ({error})",
        ),
        "internal": Text(
            "erreur interne du correcteur (le programme, pas votre code) sur ce test : signalez-la à votre "
            "enseignant",
            "internal error of the grader (the program, not your code) on this check: tell your teacher",
        ),
        "does_not_run.module": Text(
            "⚠ Ce fichier ne s'exécute pas tel quel : {error} ligne {line}{message}{quote}. Python refuse "
            "alors le fichier entier ; ses fonctions ont été corrigées bloc par bloc malgré tout.",
            "⚠ This file does not run as written: {error} line {line}{message}{quote}. Python then refuses "
            "the whole file; its functions were graded block by block all the same.",
        ),
        "does_not_run.notebook": Text(
            "⚠ Ce notebook ne s'exécute pas tel quel : la {where} ne compile pas{more} : {error} ligne "
            "{line}{message}{quote}. « Exécuter tout » s'y arrêterait ; les autres cellules ont été "
            "corrigées sans elle.",
            "⚠ This notebook does not run as written: {where} does not compile{more}: {error} line "
            "{line}{message}{quote}. “Run all” would stop there; the other cells were graded without it.",
        ),
        "does_not_run.more": Text(
            " (pas plus que {count} autre(s) cellule(s))",
            " (nor do {count} other cell(s))",
        ),
        "does_not_run.flag": Text("ne s'exécute pas tel quel", "does not run as written"),
        "missing": Text("{name} n'est pas défini", "{name} is not defined"),
        "missing_close": Text(
            "{name} n'est pas défini (noms proches dans votre copie : {close})",
            "{name} is not defined (close names in your file: {close})",
        ),
        "unreached.stopped.cell": Text(
            "{name} est défini dans la {where}, qui s'est arrêtée avant ({why})",
            "{name} is defined in {where}, which stopped before reaching it ({why})",
        ),
        "unreached.stopped.block": Text(
            "{name} est défini dans le bloc des {where}, qui s'est arrêté avant ({why})",
            "{name} is defined in the block of {where}, which stopped before reaching it ({why})",
        ),
        "unreached.uncompiled.cell": Text(
            "{name} est défini dans la {where}, qui ne compile pas ({why})",
            "{name} is defined in {where}, which does not compile ({why})",
        ),
        "unreached.uncompiled.block": Text(
            "{name} est défini dans le bloc des {where}, qui ne compile pas ({why})",
            "{name} is defined in the block of {where}, which does not compile ({why})",
        ),
        "unreached.skipped.cell": Text(
            "{name} est défini dans la {where}, qui n'a pas été exécutée (le temps de toutes les cellules "
            "était écoulé)",
            "{name} is defined in {where}, which was not run (the time for all the cells had run out)",
        ),
        "unreached.skipped.block": Text(
            "{name} est défini dans le bloc des {where}, qui n'a pas été exécuté (le temps de tous les "
            "blocs était écoulé)",
            "{name} is defined in the block of {where}, which was not run (the time for all the blocks had "
            "run out)",
        ),
        "unreached.error_line": Text("{error} ligne {line}", "{error} line {line}"),
        "unreached.crash": Text(
            "le processus de votre code s'est arrêté",
            "the process of your code stopped",
        ),
        "alias": Text("{found} accepté pour {name}", "{found} accepted for {name}"),
        "manual": Text("question corrigée par l'enseignant", "graded by the teacher"),
        "override": Text(
            "points donnés par l'enseignant (score automatique : {auto})",
            "points given by the teacher (automatic score: {auto})",
        ),
        "total": Text(
            "Total : {score} / {max_score} points — note : {mark} / {scale}",
            "Total: {score} / {max_score} points — mark: {mark} / {scale}",
        ),
        "not_gradable": Text("{path} : non corrigée — {reason}", "{path}: not graded — {reason}"),
        "reason.unknown_exercise_closest": Text(
            "exercice non reconnu ; le plus proche : {closest} ({by}) — s'il s'agit bien de ce TD, nommez "
            "les fonctions comme l'énoncé ou précisez-le avec --exercise",
            "exercise not recognised; the closest: {closest} ({by}) — if it is that TD, name the functions "
            "as the sheet does or give it with --exercise",
        ),
        "closest.title": Text("titre", "title"),
        "closest.names": Text("noms : {names}", "names: {names}"),
        "reason.exercise_unavailable": Text(
            "TD {exercise} indisponible ({package} : {cause})",
            "TD {exercise} unavailable ({package}: {cause})",
        ),
        "reason.extra_file_chosen": Text(
            "autre fichier de l'élève, non corrigé (corrigé : {chosen}, {why})",
            "another file of the student, not graded (graded: {chosen}, {why})",
        ),
        "printed": Text("Ce que votre code a affiché (début)", "What your code printed (beginning)"),
        "csv.student": Text("élève", "student"),
        "csv.file": Text("fichier", "file"),
        "csv.exercise": Text("exercice", "exercise"),
        "csv.status": Text("état", "status"),
        "csv.total": Text("total", "total"),
        "csv.max": Text("sur", "out of"),
        "csv.mark": Text("note /20", "mark /20"),
        "csv.mark_on": Text("note /{scale}", "mark /{scale}"),
        "csv.review": Text("à revoir", "to review"),
        "csv.overrides": Text("points à la main", "points by hand"),
        "csv.seconds": Text("durée (s)", "time (s)"),
        "csv.graded": Text("corrigée", "graded"),
        "csv.not_gradable": Text("non corrigeable ({reason})", "not gradable ({reason})"),
        "progress.grading": Text("Correction", "Grading"),
        "progress.not_graded": Text("non corrigée", "not graded"),
        "not_gradable_title": Text("copie non corrigée", "submission not graded"),
        "too_large": Text(
            "la valeur renvoyée est trop grande pour être transmise au correcteur ({amount} {unit})",
            "the returned value is too large to be sent to the grader ({amount} {unit})",
        ),
        "crash.killed": Text("tué : mémoire ou temps dépassés", "killed: memory or time exceeded"),
        "crash.cpu": Text("temps de calcul épuisé", "CPU time used up"),
        "text": Text("{text}", "{text}"),
        "labelled": Text("{label} : {text}", "{label}: {text}"),
        "percent": Text("{value} %", "{value}%"),
        "numpy_board": Text(
            "plateau numpy ({dtype}) : les jeux vous sont passés sous cette forme",
            "numpy board ({dtype}): games are passed to you in that form",
        ),
        "recognised_from_text": Text(
            "exercice reconnu d'après le texte du fichier : {names} dans un bloc qui ne compile pas, "
            "comptée(s) absente(s) ; les fonctions qui s'exécutent sont corrigées",
            "exercise recognised from the file's text: {names} in a block that does not compile, counted as "
            "missing; the functions that run are graded",
        ),
        "recognised_from_text_plain": Text(
            "exercice reconnu d'après le texte du fichier : {names} définie(s) mais jamais exécutée(s), "
            "comptée(s) absente(s) ; les fonctions qui s'exécutent sont corrigées",
            "exercise recognised from the file's text: {names} defined but never run, counted as missing; "
            "the functions that run are graded",
        ),
        "recognised_from_text_called": Text(
            "exercice reconnu d'après le texte du fichier : {names} dans un bloc qui ne s'exécute pas, "
            "{called} seulement appelée(s), comptées absentes ; les fonctions qui s'exécutent sont corrigées",
            "exercise recognised from the file's text: {names} in a block that does not run, {called} only "
            "called, counted as missing; the functions that run are graded",
        ),
        "recognised_from_calls": Text(
            "exercice reconnu d'après les fonctions que votre code appelle sans les définir : {names}, "
            "comptée(s) absente(s) ; les fonctions qui s'exécutent sont corrigées",
            "exercise recognised from the functions your code calls without defining them: {names}, counted "
            "as missing; the functions that run are graded",
        ),
        "own_games": Text(
            "positions de test prises aussi dans votre copie : {names}",
            "test positions also taken from your file: {names}",
        ),
        "pruning_counts": Text(
            "élagage sur jeu1 à l'horizon 3 : {alpha_beta} appels à {counted} contre {maximin} pour maximin",
            "pruning on jeu1 at depth 3: {alpha_beta} calls to {counted} versus {maximin} for maximin",
        ),
        "override.short": Text(
            "{question} : {points} à la main (auto {automatic})",
            "{question}: {points} by hand (auto {automatic})",
        ),
        "manual_copy_changed": Text(
            "points donnés à la main ({points:g}) à une version précédente de la copie, qui a changé depuis "
            ": à revoir (modifiez la ligne du tableau pour confirmer)",
            "points given by hand ({points:g}) to an earlier version of the submission, which has changed "
            "since: to review (edit the table's row to confirm)",
        ),
        "override_changed": Text(
            "points donnés à la main ({points:g}) quand le score automatique était {before:g} ; il vaut "
            "maintenant {now:g} : à revoir (modifiez la ligne pour confirmer)",
            "points given by hand ({points:g}) when the automatic score was {before:g}; it is now {now:g}: "
            "to review (edit the row to confirm)",
        ),
        "bounds_added": Text(
            "{func} demande des paramètres alpha, beta que l'énoncé ne prévoit pas : appelée avec alpha = "
            "-inf, beta = +inf ; question à revoir par l'enseignant",
            "{func} requires alpha, beta parameters the sheet does not have: called with alpha = -inf, beta "
            "= +inf; question left for the teacher to review",
        ),
        "ignored_magics": Text(
            "commandes ignorées (non exécutées) : {magics}",
            "commands ignored (not run): {magics}",
        ),
        "summary": Text(
            "Bilan : {count} copie(s), moyenne {mean} / {scale}",
            "Summary: {count} submission(s), mean {mean} / {scale}",
        ),
        "summary_some": Text(
            "Bilan : {count} copie(s), dont {graded} corrigée(s) ; moyenne {mean} / {scale}",
            "Summary: {count} submission(s), {graded} graded; mean {mean} / {scale}",
        ),
        "summary_none": Text(
            "Bilan : {count} copie(s), aucune corrigée",
            "Summary: {count} submission(s), none graded",
        ),
        "summary.exercise": Text(
            "Bilan {exercise} : {count} copie(s) notée(s), moyenne {mean} / {scale}",
            "Summary {exercise}: {count} graded submission(s), mean {mean} / {scale}",
        ),
        # {names} lists one function or several: worded so that nothing agrees with it
        "uses_failing": Text(
            "⚠ {func} appelle {names}, en échec sur certains tests : corrigez d'abord cela, les erreurs "
            "ci-dessous en viennent peut-être",
            "⚠ {func} calls {names}, failing some checks: fix that first, the errors below may come from it",
        ),
        "uses_failing_many": Text(
            "⚠ {func} appellent {names}, en échec sur certains tests : corrigez d'abord cela, les erreurs "
            "ci-dessous en viennent peut-être",
            "⚠ {func} call {names}, failing some checks: fix that first, the errors below may come from it",
        ),
        "progress.line": Text(
            "[{done}/{total}] {name} : {mark} ({seconds} s)",
            "[{done}/{total}] {name}: {mark} ({seconds} s)",
        ),
        # The HTML reports (grader/render/html_report.py)
        "html.class_title": Text("Résultats de la classe", "Class results"),
        "html.class_summary": Text(
            "{count} copie(s), dont {graded} corrigée(s) ; moyenne {mean} / {scale}, médiane {median} / "
            "{scale}",
            "{count} submission(s), {graded} graded; mean {mean} / {scale}, median {median} / {scale}",
        ),
        "html.exercise_summary": Text(
            "{exercise} : {graded} copie(s) notée(s) ; moyenne {mean} / {scale}, médiane {median} / {scale}",
            "{exercise}: {graded} graded submission(s); mean {mean} / {scale}, median {median} / {scale}",
        ),
        "html.exercise": Text("Exercice", "Exercise"),
        "html.marks": Text("Notes", "Marks"),
        "html.student": Text("Élève", "Student"),
        "html.file": Text("Fichier", "File"),
        "html.mark": Text("Note / 20", "Mark / 20"),
        "html.mark_on": Text("Note / {scale}", "Mark / {scale}"),
        "html.comments": Text("Commentaires de l'enseignant", "The teacher's comments"),
        "comment.item_points": Text("{item} ({points})", "{item} ({points})"),
        "comment.item_text": Text("{item} : {text}", "{item}: {text}"),
        "html.whole_copy": Text("La copie", "The submission"),
        "html.private": Text("privé", "private"),
        "html.points": Text("Points", "Points"),
        "html.points_unit": Text("points", "points"),
        "html.total": Text("Total", "Total"),
        "html.to_review": Text("Questions à revoir", "Questions to review"),
        "html.not_graded": Text("non corrigée", "not graded"),
        "html.none": Text("Aucune copie.", "No submission."),
        "html.histogram": Text("Répartition des notes", "Distribution of marks"),
        "html.histogram_axis": Text("note sur 20", "mark out of 20"),
        "html.histogram_desc": Text(
            "Nombre de copies corrigées par tranche de 2 points (la dernière tranche inclut 20).",
            "Graded submissions per band of 2 points (the last band includes 20).",
        ),
        "html.success": Text("Réussite par question", "Success per question"),
        "html.success_desc": Text(
            "Copies corrigées dans chaque état, question par question dans l'ordre du sujet ; en gras, les "
            "questions réussies par moins de la moitié de la classe.",
            "Graded submissions in each state, question by question in the sheet's order; in bold, the "
            "questions fewer than half of the class passed.",
        ),
        "html.question": Text("Question", "Question"),
        "html.title": Text("Intitulé", "Title"),
        "html.status": Text("État", "Status"),
        "html.passed_share": Text("Réussie", "Passed"),
        "html.mean_points": Text("Points moyens", "Mean points"),
        "html.submissions_per_status": Text("Copies par état", "Submissions per status"),
        "html.not_graded_title": Text("Copies non corrigées", "Submissions not graded"),
        "html.reason": Text("Raison", "Reason"),
        "html.answer_keys": Text("Corrigé des questions manuelles", "Answer key of the manual questions"),
        "html.answer_keys_desc": Text(
            "Pour l'enseignant : ces questions ne sont pas notées automatiquement.",
            "For the teacher: these questions are not graded automatically.",
        ),
        "html.back": Text("Retour au tableau de la classe", "Back to the class table"),
        "html.cells_title": Text("Exécution des cellules", "Running the cells"),
        "html.questions": Text("Questions", "Questions"),
        "html.details": Text("Détail des questions à revoir", "Questions to review, in detail"),
        "html.all_passed": Text(
            "Toutes les questions corrigées automatiquement sont réussies.",
            "Every automatically graded question passed.",
        ),
        "html.truncated": Text(
            "… (suite coupée : {count} caractère(s) de plus)",
            "… (cut: {count} more character(s))",
        ),
        "html.footer": Text(
            "Rapport produit par minimax-grader {version}",
            "Report made by minimax-grader {version}",
        ),
        "isolation.summary_weak": Text(
            "ATTENTION : {count} copie(s) corrigée(s) en isolation « basic » ou « portable » : le corrigé "
            "leur était lisible.",
            "WARNING: {count} submission(s) graded with isolation 'basic' or 'portable': the reference was "
            "readable to them.",
        ),
        "html.isolation": Text("Isolation", "Isolation"),
        "csv.isolation": Text("isolation", "isolation"),
        "html.isolation_weak": Text(
            "Corrigé en isolation « {mode} » : le code de l'élève pouvait lire les fichiers du correcteur "
            "(dont le corrigé). Note à confirmer.",
            "Graded with isolation '{mode}': the student's code could read the grader's files (the "
            "reference included). Mark to be confirmed.",
        ),
        "html.isolation_weak_index": Text(
            "{count} copie(s) corrigée(s) en isolation « basic » ou « portable » : leur code pouvait lire "
            "le corrigé. Installez bubblewrap ou utilisez Landlock pour une correction notée.",
            "{count} submission(s) graded with isolation 'basic' or 'portable': their code could read the "
            "reference. Install bubblewrap or use Landlock for graded work.",
        ),
        "html.manual_title": Text("Questions corrigées à la main", "Questions graded by hand"),
        "html.student_answer": Text("Réponse de l'élève", "The student's answer"),
        "html.answer_key": Text("Corrigé", "Answer key"),
        "html.no_answer": Text(
            "Pas de réponse trouvée : aucune cellule ne commence par « {question} » (ouvrez la copie)",
            "No answer found: no cell starts with '{question}' (open the file)",
        ),
    },
    below=_below,
    name="render",
)

STATUS = Words(
    {
        "passed": Text("réussie", "passed"),
        "partial": Text("en partie", "partial"),
        "failed": Text("échouée", "failed"),
        "missing": Text("absente", "missing"),
        "error": Text("erreur", "error"),
        "timeout": Text("temps dépassé", "timeout"),
        "manual": Text("corrigée par l'enseignant", "graded by the teacher"),
    },
    name="status",
)

# How many copies of a class are in each state (the HTML index): one, then several
STATUS_ONE = Words(
    {
        "passed": Text("{count} réussie", "{count} passed"),
        "partial": Text("{count} en partie", "{count} partial"),
        "failed": Text("{count} échouée", "{count} failed"),
        "missing": Text("{count} absente", "{count} missing"),
        "error": Text("{count} en erreur", "{count} with an error"),
        "timeout": Text("{count} en temps dépassé", "{count} timed out"),
    },
    name="status_one",
)

STATUS_MANY = Words(
    {
        "passed": Text("{count} réussies", "{count} passed"),
        "partial": Text("{count} en partie", "{count} partial"),
        "failed": Text("{count} échouées", "{count} failed"),
        "missing": Text("{count} absentes", "{count} missing"),
        "error": Text("{count} en erreur", "{count} with an error"),
        "timeout": Text("{count} en temps dépassé", "{count} timed out"),
    },
    name="status_many",
)

CHECK_STATUS = Words(
    {
        "timeout": Text("temps dépassé", "timeout"),
        "failed": Text("échec", "failed"),
        "error": Text("erreur", "error"),
        "not_counted": Text("pas encore comptée", "not counted yet"),
    },
    name="check",
)

REASON = Words(
    {
        "invalid_json": Text(
            "le fichier n'est pas un notebook valide (JSON illisible)",
            "the file is not a valid notebook (unreadable JSON)",
        ),
        "not_a_notebook": Text(
            "le fichier n'est pas un notebook Jupyter",
            "the file is not a Jupyter notebook",
        ),
        "no_code": Text("aucune cellule de code", "no code cell"),
        "unreadable": Text("fichier illisible", "unreadable file"),
        "too_large": Text("fichier trop gros", "file too large"),
        "unknown_exercise": Text(
            "impossible de reconnaître le TD (précisez-le avec --exercise)",
            "cannot tell which TD this is (name it with --exercise)",
        ),
        "empty": Text("fichier vide", "empty file"),
        "worker_failed": Text("votre code n'a pas pu être exécuté", "your code could not be run"),
        "grader_error": Text(
            "erreur interne du correcteur (le programme, pas le code de la copie) : à signaler aux auteurs "
            "du correcteur, avec le détail",
            "internal error of the grader (the program, not the submission's code): to be reported to the "
            "grader's authors, with the detail",
        ),
        "too_deep": Text("fichier trop imbriqué pour être lu", "file nested too deeply to be read"),
        "other_exercise": Text("autre TD : {exercise}", "another TD: {exercise}"),
        "extra_file": Text(
            "autre fichier de l'élève, non corrigé",
            "another file of the student, not graded",
        ),
        "no_copy": Text("pas de copie", "no submission"),
        "stale": Text(
            "résultat d'une autre version du correcteur : corrigée à nouveau au prochain passage",
            "result of another grader version: graded again by the next run",
        ),
        "link_outside": Text(
            "lien vers l'extérieur du dossier corrigé : non suivi",
            "link leading outside the folder graded: not followed",
        ),
        "not_a_regular_file": Text(
            "ce n'est pas un fichier ordinaire (tube, périphérique...) : non lu",
            "not a regular file (fifo, device...): not read",
        ),
        "folder_too_deep": Text(
            "dossier trop profond : ses fichiers ne sont pas cherchés",
            "folder too deep: its files are not searched",
        ),
    },
    name="reason",
)

COPY_RULE = Words(
    {
        "answers": Text("le seul qui réponde au TD", "the only one answering the TD"),
        "not_draft": Text("pas nommé comme un brouillon", "not named as a draft"),
        "most": Text(
            "celui qui définit le plus de fonctions du TD",
            "the one defining most of the TD's functions",
        ),
        "newest": Text("le plus récent", "the newest"),
        "first": Text("le premier par son nom", "the first by name"),
    },
    name="copy_rule",
)

UNIT = Words(
    {
        "bytes": Text("octets", "bytes"),
        "values": Text("valeurs", "values"),
    },
    name="unit",
)

CRASH = Words(
    {
        "closed": Text("son canal vers le correcteur s'est fermé", "its channel to the grader closed"),
        "exit": Text(
            "sortie avec le code {detail} : sys.exit() ou os._exit() ?",
            "exited with status {detail}: sys.exit() or os._exit()?",
        ),
        "signal": Text("arrêté par le signal {detail}", "stopped by signal {detail}"),
        "channel": Text(
            "il a écrit sur le canal réservé au correcteur",
            "it wrote on the channel reserved for the grader",
        ),
        "processes": Text("trop de processus créés", "too many processes started"),
        "memory": Text(
            "ses processus ensemble ont dépassé la mémoire permise",
            "its processes together went past the memory allowed",
        ),
        "disk": Text(
            "ses fichiers ont dépassé la place permise dans son dossier de travail",
            "its files went past the room allowed in its scratch folder",
        ),
        "restarts": Text(
            "il s'est arrêté trop souvent, la correction de ce code est abandonnée",
            "it stopped too often, grading this code was given up",
        ),
    },
    name="crash",
)

CELL_HINT = Words(
    {
        "EOFError": Text(
            "input() ne peut pas servir pendant la correction : seule cette cellule est ignorée",
            "input() cannot be used while grading: only this cell is skipped",
        ),
        "timeout": Text(
            "boucle sans fin ? cette cellule a été arrêtée, les suivantes ont été exécutées",
            "endless loop? this cell was stopped, the following cells were run",
        ),
        "endless": Text(
            "cette cellule a été arrêtée, les suivantes ont été exécutées ; à chaque tour, quelque chose "
            "doit changer pour que la boucle puisse s'arrêter",
            "this cell was stopped, the following cells were run; something must change at each turn for "
            "the loop to be able to stop",
        ),
        "skipped": Text(
            "le temps total des cellules était épuisé",
            "the total time for the cells was used up",
        ),
    },
    name="cell_hint",
)

BLOCK_HINT = Words(
    {
        # The same hints for a block of a .py module
        "EOFError": Text(
            "input() ne peut pas servir pendant la correction : seul ce bloc est ignoré",
            "input() cannot be used while grading: only this block is skipped",
        ),
        "timeout": Text(
            "boucle sans fin ? ce bloc a été arrêté, les suivants ont été exécutés",
            "endless loop? this block was stopped, the following blocks were run",
        ),
        "endless": Text(
            "ce bloc a été arrêté, les suivants ont été exécutés ; à chaque tour, quelque chose doit "
            "changer pour que la boucle puisse s'arrêter",
            "this block was stopped, the following blocks were run; something must change at each turn for "
            "the loop to be able to stop",
        ),
        "skipped": Text("le temps total des blocs était épuisé", "the total time for the blocks was used up"),
    },
    name="block_hint",
)
