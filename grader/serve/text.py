"""The marking page's sentences, each key with its French and English side by side.

`tr(lang, key, **values)` reads these, then the words of the wings below (`grader.marking.text`);
a key none of them holds is an error (`grader.model.text.Words`). A family looked up by a
value has a table of its own, keyed by that value."""

from __future__ import annotations

from ..marking.text import tr as _below
from ..model.text import Text, Words

tr = Words(
    {
        "serve.address": Text("Page de correction : {url}", "Marking page: {url}"),
        "serve.class": Text("Classe", "Class"),
        "serve.cell": Text("cellule", "cell"),
        "serve.class_title": Text("Correction de la classe", "Marking the class"),
        "serve.progress": Text("{question} : {done}/{total} notées", "{question}: {done}/{total} graded"),
        "serve.keys_hint": Text("? : les touches", "?: the keys"),
        "serve.problem_kept": Text(
            "Les notes affichées sont celles d'avant ; rien n'est écrit tant que ce n'est pas réglé.",
            "The marks shown are those from before; nothing is written until this is fixed.",
        ),
        "serve.reloaded": Text(
            "{files} a changé sur le disque (un tableur, une autre correction ?) : relu, notes recalculées.",
            "{files} changed on disk (a spreadsheet, another run?): read again, marks computed again.",
        ),
        "serve.spreadsheet_open": Text(
            "{path} est ouvert dans un tableur : s'il l'enregistre, il remplacera les notes données ici "
            "depuis son ouverture. Fermez-le sans enregistrer, ou notez dans le tableur.",
            "{path} is open in a spreadsheet: if it saves it, it will replace the marks given here since it "
            "was opened. Close it without saving, or mark in the spreadsheet.",
        ),
        "serve.said": Text("Messages de la dernière lecture", "Messages of the last reading"),
        "serve.no_manual": Text(
            "Aucune question corrigée à la main ne vaut de points dans ce barème : donnez-lui des points "
            "dans [points] (par exemple Q16 = 2) pour la noter ici.",
            "No question graded by hand is worth points in this barème: give it points in [points] (for "
            "example Q16 = 2) to mark it here.",
        ),
        "serve.start": Text("Noter {question} →", "Mark {question} →"),
        "serve.all_graded": Text(
            "Toutes les réponses à {question} sont notées.",
            "Every answer to {question} is graded.",
        ),
        "serve.filter.a-noter": Text("à noter", "to grade"),
        "serve.filter.a-revoir": Text("à revoir", "to review"),
        "serve.filter.modifiees": Text("copie changée depuis la note", "submission changed since graded"),
        "serve.filter.toutes": Text("toutes", "all"),
        "serve.state": Text("État", "State"),
        "serve.empty_list": Text("Aucune réponse dans cette liste.", "No answer in this list."),
        "serve.whole_report": Text("rapport complet", "full report"),
        "serve.whole_copy": Text("toute la copie", "the whole submission"),
        "serve.copy_absent": Text(
            "Le fichier de cette copie n'est plus dans le dossier : voici le texte de la réponse gardé dans "
            "les résultats (sans images ni sorties).",
            "This submission's file is no longer in the folder: here is the answer's text kept in the "
            "results (no images nor outputs).",
        ),
        "serve.copy_changed": Text(
            "Cette copie a changé depuis sa correction (rendue à nouveau ?) : voici le fichier tel qu'il "
            "est ; relancez grade.py pour la corriger à nouveau.",
            "This submission changed since it was graded (handed in again?): here is the file as it is; run "
            "grade.py again to grade it again.",
        ),
        "serve.nothing_kept": Text(
            "Rien de la réponse à {question} n'a été gardé dans les résultats : ouvrez la copie là où elle "
            "est maintenant.",
            "Nothing of the answer to {question} was kept in the results: open the submission where it now "
            "is.",
        ),
        "serve.no_heading": Text(
            "Pas de réponse trouvée sous un titre « {question} » : voici toute la copie, la réponse est "
            "peut-être ailleurs.",
            "No answer found under a heading '{question}': here is the whole submission, the answer may be "
            "elsewhere.",
        ),
        "serve.statement": Text("L'énoncé", "The question"),
        "serve.rubric": Text("Grille", "Rubric"),
        "serve.items_sum": Text("grille", "rubric"),
        "serve.now": Text("note actuelle : {points}", "current mark: {points}"),
        "serve.comment": Text("Commentaire pour l'élève", "Comment for the student"),
        "serve.private": Text("privé (jamais montré à l'élève)", "private (never shown to the student)"),
        "serve.save_next": Text("Enregistrer et suivante (Entrée)", "Save and next (Enter)"),
        "serve.save": Text("Enregistrer", "Save"),
        "serve.keys": Text("Les touches", "The keys"),
        "serve.key.digits": Text(
            "chiffres, virgule : les points (1,5) ; la grille compte s'il n'y en a pas",
            "digits, point: the points (1.5); the rubric counts when there are none",
        ),
        "serve.key.letters": Text(
            "a, b, c… : cocher ou décocher l'item de la grille",
            "a, b, c…: tick or untick the rubric's item",
        ),
        "serve.key.enter": Text(
            "Entrée : enregistrer et ouvrir la réponse suivante à noter",
            "Enter: save and open the next answer to grade",
        ),
        "serve.key.arrows": Text(
            "→ et ← : réponse suivante, précédente (sans enregistrer)",
            "→ and ←: next, previous answer (without saving)",
        ),
        "serve.key.escape": Text(
            "Échap : quitter la case (les lettres redeviennent des items)",
            "Esc: leave the box (letters are items again)",
        ),
        "serve.overrides": Text("Corriger une note", "Change a mark"),
        "serve.automatic": Text("Automatique", "Automatic"),
        "serve.given": Text(
            "Points donnés (vide : l'automatique) et raison",
            "Points given (empty: the automatic score) and reason",
        ),
        "serve.reason": Text("raison", "reason"),
        "serve.copy_comment": Text("Commentaire sur toute la copie :", "Comment on the whole submission:"),
        "serve.saved": Text("Enregistré dans {path}.", "Saved in {path}."),
        "serve.saved_for": Text("Note de {student} enregistrée.", "{student}'s mark saved."),
        "serve.conflict": Text(
            "Cette note a été changée dans {path} entre-temps : elle vaut maintenant {now}. Votre saisie "
            "({typed}) n'est pas enregistrée ; elle est restée dans les cases : Entrée l'enregistre à la "
            "place.",
            "This mark was changed in {path} meanwhile: it is now {now}. What you typed ({typed}) is not "
            "saved; it stays in the boxes: Enter saves it instead.",
        ),
        "serve.conflict_file": Text(
            "{path} a changé sur le disque pendant l'enregistrement (un tableur ?) : relu, rien n'a été "
            "écrit. Cette note y vaut {now} ; votre saisie ({typed}) est restée dans les cases : Entrée "
            "l'enregistre.",
            "{path} changed on disk while saving (a spreadsheet?): read again, nothing was written. This "
            "mark is {now} there; what you typed ({typed}) stays in the boxes: Enter saves it.",
        ),
        "serve.twice": Text(
            "{path} donne cette question deux fois (lignes {lines}) : corrigez le fichier, puis enregistrez "
            "ici.",
            "{path} gives this question twice (lines {lines}): fix the file, then save here.",
        ),
        "serve.whole_copy_points": Text(
            "un commentaire sur toute la copie ne donne pas de points",
            "a comment on the whole submission gives no points",
        ),
        "serve.unknown": Text(
            "Cette copie ou cette question n'est plus dans les résultats.",
            "This submission or question is no longer in the results.",
        ),
        "serve.not_found": Text(
            "Page introuvable : revenez à la page de la classe.",
            "Page not found: go back to the class's page.",
        ),
        "serve.refused.host": Text(
            "Adresse refusée : ouvrez la page par l'adresse que grade.py a affichée.",
            "Address refused: open the page through the address grade.py printed.",
        ),
        "serve.refused.key": Text(
            "Cette page demande sa clé : ouvrez l'adresse que grade.py a affichée (…/?cle=…).",
            "This page needs its key: open the address grade.py printed (…/?cle=…).",
        ),
        "serve.refused.method": Text("Requête refusée.", "Request refused."),
        "serve.refused.size": Text("Requête trop grande.", "Request too large."),
        "serve.refused.token": Text(
            "Modification refusée : elle ne vient pas de la page de correction.",
            "Change refused: it does not come from the marking page.",
        ),
        "manual.refused.number": Text("« {points} » n'est pas un nombre", "'{points}' is not a number"),
        "manual.refused.range": Text(
            "{points} n'est pas entre 0 et {detail} point(s) (le barème de {question})",
            "{points} is not between 0 and {detail} point(s) ({question}'s barème)",
        ),
        "manual.refused.items": Text(
            "« {detail} » : pas d'item de ce nom dans [grille.{question}] du barème",
            "'{detail}': no item of that name in the barème's [grille.{question}]",
        ),
    },
    below=_below,
    name="serve",
)
