"""The sentences of marking a class (the barème file, the class record, the manual points,
the exports), each key with its French and English side by side.

`tr(lang, key, **values)` reads these, then the words of the wings below (`grader.render.text`);
a key none of them holds is an error (`grader.model.text.Words`). A family looked up by a
value has a table of its own, keyed by that value."""

from __future__ import annotations

from ..model.text import Text, Words
from ..render.text import tr as _below

tr = Words(
    {
        "roster.read": Text(
            "Liste de la classe {path} : {count} élève(s), {matched} avec une copie, {missing} sans copie",
            "Class list {path}: {count} student(s), {matched} with a submission, {missing} without",
        ),
        "roster.unmatched": Text(
            "Copies à aucun élève de la liste (leur note ne va nulle part) : {names}",
            "Submissions of no student of the list (their mark goes nowhere): {names}",
        ),
        "roster.ambiguous": Text(
            "Copie {copy} : son nom va à plusieurs élèves de la liste ({students}), sa note ne va nulle part",
            "Submission {copy}: its name fits several students of the list ({students}), its mark goes "
            "nowhere",
        ),
        "roster.doubled": Text(
            "{student} : plusieurs copies ({copies}), aucune n'est prise",
            "{student}: several submissions ({copies}), none is taken",
        ),
        "roster.disagree": Text(
            "Copie {copy} : son numéro Moodle est celui de {student}, qui a un autre nom ; sa note ne va "
            "nulle part",
            "Submission {copy}: its Moodle number is {student}'s, who has another name; its mark goes "
            "nowhere",
        ),
        "roster.settled_ambiguous": Text(
            "Copie {copy} : [copies] la donne à « {named} », nom de plusieurs élèves de la liste ; écrivez "
            "lequel ({homonyms}) ; sa note ne va nulle part d'ici là",
            "Submission {copy}: [copies] gives it to '{named}', the name of several students of the list; "
            "write which one ({homonyms}); its mark goes nowhere until then",
        ),
        "roster.settle": Text(
            "Pour dire une fois pour toutes à qui est une copie : dans le barème, une table [copies] et une "
            "ligne \"nom de la copie\" = \"NOM Prénom\"",
            "To say once and for all whose a submission is: in the barème, a [copies] table and a line "
            "\"name of the submission\" = \"SURNAME First name\"",
        ),
        "roster.from_files": Text(
            "Sans liste de la classe (--roster), les élèves sont nommés d'après les dossiers et fichiers "
            "des copies",
            "Without a class list (--roster), students are named after the folders and files of the "
            "submissions",
        ),
        "roster.error": Text("liste de la classe {path} : {why}", "class list {path}: {why}"),
        "write_failed": Text(
            "le rapport {path} n'a pas pu être écrit : {error}",
            "the report {path} could not be written: {error}",
        ),
        "pdf.no_engine": Text(
            "--pdf : aucun moteur PDF ; installez WeasyPrint (pip install \"minimax-grader[pdf]\") ou "
            "Chromium (apt-get install chromium)",
            "--pdf: no PDF engine; install WeasyPrint (pip install \"minimax-grader[pdf]\") or Chromium "
            "(apt-get install chromium)",
        ),
        "pdf.written": Text(
            "PDF : {count} copie(s) dans {folder}, toute la classe dans {book} ({pages} pages, recto verso "
            "; {engine})",
            "PDF: {count} submission(s) in {folder}, the whole class in {book} ({pages} pages, two-sided; "
            "{engine})",
        ),
        "comment.on_question": Text("{question} : {text}", "{question} : {text}"),
        # The class workflow (grader/marking): the barème file
        "bareme.error": Text("barème {path} : {what}", "barème {path}: {what}"),
        "bareme.error_line": Text(
            "barème {path}, ligne {line} : {what}",
            "barème {path}, line {line}: {what}",
        ),
        "bareme.print.head": Text(
            "Barème de minimax-grader pour {title}\n\nEnregistrez ce fichier sous le nom {name} dans le "
            "dossier des copies\n(ou donnez-le avec --config FICHIER), puis modifiez-le. Tel quel, il "
            "donne\nexactement les notes du correcteur sans barème.",
            "minimax-grader barème for {title}\n\nSave this file as {name} in the submissions' folder (or "
            "give it with\n--config FILE), then edit it. As it is, it gives exactly the marks of the "
            "grader\nwithout a barème.",
        ),
        "bareme.print.exercise": Text(
            "L'exercice de la classe : une copie d'un autre TD est signalée « autre TD »\net n'entre ni "
            "dans la moyenne ni dans les statistiques.",
            "The class's exercise: a submission of another TD is reported as such and\ncounts neither in "
            "the mean nor in the statistics.",
        ),
        "bareme.print.scale": Text(
            "La note est sur « sur » points : 20, 10, ou la note maximale de l'activité Moodle.",
            "The mark is out of 'sur' points: 20, 10, or the Moodle activity's maximum grade.",
        ),
        "bareme.print.rounding": Text(
            "L'arrondi de la note, au plus proche : 0 (aucun), 0.01, 0.25, 0.5 ou 1.",
            "The mark's rounding, to the nearest: 0 (none), 0.01, 0.25, 0.5 or 1.",
        ),
        "bareme.print.omitted": Text(
            "Les questions non posées cette année : ni notées, ni montrées aux élèves, ni\ncomptées dans le "
            "total. Par exemple : omises = [\"Q17\"]",
            "Questions not set this year: not graded, not shown to students, not in the\ntotal. For "
            "example: omises = [\"Q17\"]",
        ),
        "bareme.print.bonus": Text(
            "Les questions en bonus : leurs points s'ajoutent à la note sans compter dans\nle total. Par "
            "exemple : bonus = [\"Q17\"]",
            "Bonus questions: their points add to the mark without counting in the total.\nFor example: "
            "bonus = [\"Q17\"]",
        ),
        "bareme.print.cap": Text(
            "true : la note ne dépasse jamais « sur », même avec des bonus.",
            "true: the mark never goes above 'sur', bonus included.",
        ),
        "bareme.print.points": Text(
            "Les points de chaque question ; ses vérifications gardent leurs poids relatifs.\nUne question "
            "retirée de cette table garde ses points par défaut.",
            "Each question's points; its checks keep their relative weights. A question\ntaken out of this "
            "table keeps its default points.",
        ),
        "bareme.print.manual": Text(
            "corrigée à la main (--manual) : donnez-lui des points, par exemple 2",
            "graded by hand (--manual): give it points, for example 2",
        ),
        "bareme.print.rubric": Text(
            "La grille d'une question corrigée à la main (facultatif) : des items, chacun\nune lettre du "
            "clavier sur la page de correction (--serve) ; les points d'un élève sont\nla somme des siens "
            "(entre 0 et les points de la question), sauf nombre tapé à la place.\nChanger un item ici "
            "recalcule et reformule la note de chaque élève qui l'a eu.",
            "The rubric of a question graded by hand (optional): items, each one key of\nthe keyboard on "
            "the marking page (--serve); a student's points are the sum of theirs\n(between 0 and the "
            "question's points), unless a number is typed instead.\nChanging an item here re-scores and "
            "rewords the mark of every student who got it.",
        ),
        "bareme.print.rubric_items": Text(
            "juste = {{ intitule = \"raisonnement juste\", points = 1, commentaire = \"Les nœuds non "
            "explorés sont les bons.\" }}\nschema = {{ intitule = \"schéma incomplet\", points = -0.5 }}",
            "right = {{ intitule = \"sound reasoning\", points = 1, commentaire = \"The nodes not explored "
            "are the right ones.\" }}\ndiagram = {{ intitule = \"diagram incomplete\", points = -0.5 }}",
        ),
        "manual.created": Text(
            "Tableau des points à la main créé : {path} ({rows} ligne(s) à remplir)",
            "Table of points given by hand created: {path} ({rows} row(s) to fill in)",
        ),
        "manual.side_written": Text(
            "{count} ligne(s) d'élèves absents de {path} écrites dans {side} : recopiez-les dans {path} (ou "
            "remplissez {side}, qui sera lu aussi)",
            "{count} row(s) of students missing from {path} written to {side}: copy them into {path} (or "
            "fill in {side}, which is read too)",
        ),
        "manual.side_kept": Text(
            "{side} contient des points saisis : lu aussi, et laissé tel quel",
            "{side} holds points typed in: read too, and left as it is",
        ),
        "manual.missing": Text(
            "Élèves sans ligne dans {path} : {names}",
            "Students with no row in {path}: {names}",
        ),
        "manual.refused": Text(
            "{path}, ligne {line} : non appliquée — {why}",
            "{path}, line {line}: not applied — {why}",
        ),
        # the class record (--results)
        "record.busy": Text(
            "{folder} est utilisé par une autre correction en cours ({holder}) : attendez qu'elle se termine",
            "{folder} is in use by another grading run ({holder}): wait for it to finish",
        ),
        "record.summary": Text(
            "{graded} copie(s) corrigée(s), {unchanged} inchangée(s)",
            "{graded} submission(s) graded, {unchanged} unchanged",
        ),
        "record.summary_kept": Text(
            " ; {kept} autre(s) reprise(s) des résultats, sans être relue(s) (pas nommée(s) cette fois)",
            "; {kept} other(s) taken from the results, not read again (not named this time)",
        ),
        "record.graded_line": Text("  corrigée : {student} ({why})", "  graded: {student} ({why})"),
        "record.unchanged_line": Text(
            "  inchangée : {student} (même fichier que la dernière fois : --regrade pour la corriger à "
            "nouveau)",
            "  unchanged: {student} (the same file as last time: --regrade to grade it again)",
        ),
        "record.damaged": Text(
            "Résultats : {file} est abîmé ({reason}), il n'est pas utilisé",
            "Results: {file} is damaged ({reason}), it is not used",
        ),
        "record.absent": Text(
            "{count} copie(s) absente(s) du dossier, gardée(s) dans les résultats jusqu'à --prune : {names}",
            "{count} submission(s) no longer in the folder, kept in the results until --prune: {names}",
        ),
        "record.pruned": Text(
            "{count} copie(s) absente(s) retirée(s) des résultats : {names}",
            "{count} absent submission(s) removed from the results: {names}",
        ),
        "record.rescored": Text(
            "Barème changé depuis la dernière correction : notes recalculées sans exécuter le code des "
            "élèves ({count} copie(s))",
            "The barème changed since the last run: marks computed again without running the students' code "
            "({count} submission(s))",
        ),
        "moodle.filled": Text(
            "Feuille d'évaluation Moodle remplie : {path} ({count} note(s))",
            "Moodle grading worksheet filled: {path} ({count} grade(s))",
        ),
        "moodle.unmatched": Text(
            "Copies sans ligne dans la feuille Moodle ({count}) : {names}",
            "Submissions with no row in the Moodle worksheet ({count}): {names}",
        ),
        "moodle.no_mark": Text(
            "Lignes Moodle laissées telles quelles (copie sans note, {count}) : {names}",
            "Moodle rows left as they were (submission without a mark, {count}): {names}",
        ),
        "moodle.refused": Text(
            "Lignes dont Moodle ne changera pas la note (« La note peut être modifiée » = Non), laissées "
            "telles quelles ({count}) : {names}",
            "Rows whose grade Moodle will not change ('Grade can be changed' = No), left as they were "
            "({count}): {names}",
        ),
        "moodle.conflicts": Text(
            "Copies qui ne remplissent aucune ligne Moodle (nom de plusieurs lignes, deux copies pour une "
            "ligne, ou numéro d'un autre nom ; {count}) : {names}",
            "Submissions that fill no Moodle row (a name of several rows, two submissions for one row, or "
            "the number of another name; {count}): {names}",
        ),
        "moodle.without_copy": Text(
            "Lignes Moodle sans copie, laissées telles quelles ({count}) : {names}",
            "Moodle rows without a submission, left as they were ({count}): {names}",
        ),
        "moodle.dates": Text(
            "« Dernière modification (note) » réécrite en {count} ligne(s) sous une forme que Moodle relit "
            "(2026-11-25 18:03, la même minute) : une note changée dans Moodle depuis le téléchargement "
            "reste protégée",
            "'Last modified (grade)' rewritten in {count} row(s) in a form Moodle reads back (2026-11-25 "
            "18:03, the same minute): a grade changed in Moodle since the download stays protected",
        ),
        "moodle.no_feedback": Text(
            "La feuille n'a pas de colonne de commentaires : activez les « Commentaires de feedback » du "
            "devoir pour y recevoir le résumé",
            "The worksheet has no comments column: enable the assignment's 'Feedback comments' to receive "
            "the summary there",
        ),
        "moodle.error": Text("feuille Moodle {path} : {why}", "Moodle worksheet {path}: {why}"),
        "pronote.written": Text("Notes pour Pronote : {path}", "Marks for Pronote: {path}"),
        "pronote.counts": Text(
            "Pronote : {rows} ligne(s) pour les {count} élève(s) de la liste, dans son ordre ({marked} "
            "note(s), {empty} case(s) vide(s))",
            "Pronote: {rows} row(s) for the {count} student(s) of the list, in its order ({marked} mark(s), "
            "{empty} empty cell(s))",
        ),
        "pronote.counts_differ": Text(
            "Pronote : {rows} ligne(s) mais {count} élève(s) dans la liste : vérifiez avant de coller",
            "Pronote: {rows} row(s) but {count} student(s) on the list: check before pasting",
        ),
        "release.written": Text(
            "Copies rendues aux élèves : {path} ({count} dossier(s), sans corrigé)",
            "Pages handed back to students: {path} ({count} folder(s), no answer key)",
        ),
        "record.needs_results": Text(
            "--regrade et --prune s'emploient avec --results DOSSIER",
            "--regrade and --prune go with --results FOLDER",
        ),
        "manual.not_created": Text(
            "Tableau des points à la main {path} non créé : la correction a été interrompue (il le sera, "
            "complet, à la prochaine correction)",
            "Manual points table {path} not created: grading was interrupted (the next run creates it, "
            "whole)",
        ),
        "manual.missing_points": Text(
            "{question} : {count} élève(s) sur {total} sans points à la main",
            "{question}: {count} of {total} student(s) without points given by hand",
        ),
        "manual.missing_points_named": Text(
            "{question} : {count} élève(s) sur {total} sans points à la main ({names})",
            "{question}: {count} of {total} student(s) without points given by hand ({names})",
        ),
        "bareme.ignored": Text(
            "Barème ignoré (dans le dossier d'un élève, ou à côté d'une copie nommée seule ; le barème est "
            "celui du dossier de la classe, ou --config) : {files}",
            "Barème ignored (in a student's folder, or beside a file named alone; the barème is the class "
            "folder's, or --config): {files}",
        ),
        "bareme.lost": Text(
            "{folder} a été noté avec un barème qui n'est plus trouvé (ni dans le dossier de la classe ni "
            "là où la dernière correction l'a lu) : donnez --config FICHIER ou le dossier des copies",
            "{folder} was marked with a barème that is no longer found (neither in the class folder nor "
            "where the last run read it): give --config FILE or the folder of copies",
        ),
        "feedback.mark": Text("Note : {mark} / {scale}", "Mark: {mark} / {scale}"),
        "feedback.review": Text("Questions à revoir : {questions}", "Questions to review: {questions}"),
        "feedback.does_not_run": Text(
            "Ce fichier ne s'exécute pas tel quel (voir le rapport)",
            "This file does not run as written (see the report)",
        ),
    },
    below=_below,
    name="marking",
)

ROSTER_ERROR = Words(
    {
        "empty": Text("le fichier est vide", "the file is empty"),
        "no_student": Text("aucun élève sous les colonnes {detail}", "no student under the columns {detail}"),
        "unreadable": Text("illisible ({detail})", "unreadable ({detail})"),
    },
    name="roster.error",
)

BAREME_ERROR = Words(
    {
        "unknown_exercise": Text(
            "exercice inconnu « {exercise} » (exercices : {known})",
            "unknown exercise '{exercise}' (exercises: {known})",
        ),
        "toml": Text("ce n'est pas du TOML valide ({error})", "this is not valid TOML ({error})"),
        "unreadable": Text("fichier illisible ({error})", "cannot read the file ({error})"),
        "several": Text(
            "plusieurs fichiers minimax-grader.toml concernent ces copies ({files}) : choisissez-en un avec "
            "--config",
            "several minimax-grader.toml files apply to these submissions ({files}): choose one with "
            "--config",
        ),
        "unknown_key": Text(
            "clé inconnue « {name} » (clés possibles : {keys})",
            "unknown key '{name}' (the keys: {keys})",
        ),
        "other_exercise": Text(
            "le barème est celui de {exercise}, mais --exercise demande {forced}",
            "the barème is for {exercise}, but --exercise asks for {forced}",
        ),
        "no_exercise": Text(
            "le barème nomme des questions : il doit dire de quel exercice (exercice = \"puissance4\" par "
            "exemple)",
            "the barème names questions: it must say which exercise (exercice = \"puissance4\" for example)",
        ),
        "unknown_question": Text(
            "{exercise} n'a pas de question « {question} » (questions : {known})",
            "{exercise} has no question '{question}' (questions: {known})",
        ),
        "not_a_list": Text(
            "{name} doit être une liste de questions, par exemple {name} = [\"Q17\"]",
            "{name} must be a list of questions, for example {name} = [\"Q17\"]",
        ),
        "not_a_table": Text(
            "{name} doit être une table : une ligne [{name}] puis Q1 = 0.5, …",
            "{name} must be a table: a line [{name}] then Q1 = 0.5, …",
        ),
        "decimal_comma": Text(
            "{value} : dans le barème, un nombre s'écrit avec un point ({point})",
            "{value}: in the barème, a number is written with a point ({point})",
        ),
        "not_a_copies_table": Text(
            "copies doit être une table : une ligne [copies] puis \"nom de la copie\" = \"NOM Prénom\"",
            "copies must be a table: a line [copies] then \"name of the submission\" = \"SURNAME First "
            "name\"",
        ),
        "not_a_number": Text(
            "{name} doit être un nombre (lu : {value})",
            "{name} must be a number (found: {value})",
        ),
        "negative": Text(
            "{name} : des points négatifs ({value}) ne sont pas possibles",
            "{name}: negative points ({value}) are not possible",
        ),
        "positive": Text(
            "{name} doit être un nombre strictement positif (lu : {value})",
            "{name} must be a number above zero (found: {value})",
        ),
        "rounding": Text(
            "arrondi = {value} : choisissez 0 (aucun), 0.01, 0.25, 0.5 ou 1",
            "arrondi = {value}: choose 0 (none), 0.01, 0.25, 0.5 or 1",
        ),
        "not_a_flag": Text(
            "{name} doit valoir true ou false (lu : {value})",
            "{name} must be true or false (found: {value})",
        ),
        "no_points": Text(
            "aucune question ne rapporte de point : la note n'aurait pas de total",
            "no question is worth any points: the mark would have no total",
        ),
    },
    name="bareme",
)

RUBRIC_ERROR = Words(
    {
        "not_a_table": Text(
            "[grille] doit contenir une table par question : [grille.Q16]",
            "[grille] must hold one table per question: [grille.Q16]",
        ),
        "unknown_question": Text(
            "[grille.{question}] : pas de question « {question} » (questions : {known})",
            "[grille.{question}]: no question '{question}' (questions: {known})",
        ),
        "not_manual": Text(
            "[grille.{question}] : {question} est corrigée automatiquement ; une grille ne va qu'à une "
            "question corrigée à la main ({manual})",
            "[grille.{question}]: {question} is graded automatically; a rubric only goes with a question "
            "graded by hand ({manual})",
        ),
        "no_points": Text(
            "[grille.{question}] : {question} ne vaut aucun point ; donnez-lui des points dans [points], "
            "par exemple {question} = 2",
            "[grille.{question}]: {question} is worth no points; give it points in [points], for example "
            "{question} = 2",
        ),
        "no_items": Text(
            "[grille.{question}] : la grille n'a aucun item ; par exemple juste = {{ intitule = "
            "\"raisonnement juste\", points = 1 }}",
            "[grille.{question}]: the rubric has no item; for example right = {{ intitule = \"sound "
            "reasoning\", points = 1 }}",
        ),
        "too_many": Text(
            "[grille.{question}] : {count} items, {most} au plus (une lettre du clavier chacun)",
            "[grille.{question}]: {count} items, {most} at most (one key of the keyboard each)",
        ),
        "bad_key": Text(
            "[grille.{question}] : « {item} » n'est pas un nom d'item possible (lettres sans accent, "
            "chiffres, _ et -, 30 au plus)",
            "[grille.{question}]: '{item}' cannot name an item (unaccented letters, digits, _ and -, 30 at "
            "most)",
        ),
        "not_an_item": Text(
            "[grille.{question}] {item} : un item s'écrit {item} = {{ intitule = \"…\", points = 1, "
            "commentaire = \"…\" }}",
            "[grille.{question}] {item}: an item is written {item} = {{ intitule = \"…\", points = 1, "
            "commentaire = \"…\" }}",
        ),
        "unknown_field": Text(
            "[grille.{question}] {item} : champ inconnu « {name} » (champs possibles : {fields})",
            "[grille.{question}] {item}: unknown field '{name}' (the fields: {fields})",
        ),
        "no_label": Text(
            "[grille.{question}] {item} : il manque son intitulé (intitule = \"…\", quelques mots)",
            "[grille.{question}] {item}: its label is missing (intitule = \"…\", a few words)",
        ),
        "long_label": Text(
            "[grille.{question}] {item} : intitulé trop long ({most} caractères au plus) ; la phrase pour "
            "l'élève va dans commentaire",
            "[grille.{question}] {item}: the label is too long ({most} characters at most); the sentence "
            "for the student goes in commentaire",
        ),
        "not_a_number": Text(
            "[grille.{question}] {item} : points doit être un nombre (lu : {value}) ; une déduction est "
            "négative, par exemple -0.5",
            "[grille.{question}] {item}: points must be a number (found: {value}); a deduction is negative, "
            "for example -0.5",
        ),
        "not_text": Text(
            "[grille.{question}] {item} : commentaire doit être un texte entre guillemets",
            "[grille.{question}] {item}: commentaire must be text in quotes",
        ),
    },
    name="rubric",
)

MANUAL_FILE = Words(
    {
        # the manual points table
        "header": Text(
            "{path} : il manque des colonnes (il faut : {detail})",
            "{path}: columns are missing (needed: {detail})",
        ),
        "empty": Text(
            "{path} est vide (il faut au moins la ligne des colonnes)",
            "{path} is empty (it needs at least the row of column names)",
        ),
        "not_csv": Text(
            "{path} n'est pas un tableau CSV lisible ({detail})",
            "{path} is not a readable CSV table ({detail})",
        ),
        "unreadable": Text("{path} est illisible ({detail})", "cannot read {path} ({detail})"),
    },
    name="manual.file",
)

MANUAL_REFUSED = Words(
    {
        "student": Text(
            "pas de copie notée de « {student} » dans les résultats",
            "no graded submission of '{student}' in the results",
        ),
        "question": Text(
            "« {question} » n'est pas une question notée de cette copie ({detail})",
            "'{question}' is not a graded question of this submission ({detail})",
        ),
        "twice": Text(
            "{question} de {student} est déjà donnée ligne {detail}",
            "{student}'s {question} is already given on line {detail}",
        ),
        "no_question": Text(
            "des points sans question (la colonne question est vide)",
            "points without a question (the question column is empty)",
        ),
        "no_rubric": Text(
            "des items de grille pour {question}, qui n'a pas de grille dans le barème ([grille.{question}])",
            "rubric items for {question}, which has no rubric in the barème ([grille.{question}])",
        ),
    },
    name="manual.refused",
)

RECORD_REASON = Words(
    {
        "new": Text("nouvelle", "new"),
        "changed": Text("modifiée", "changed"),
        "version": Text("autre version du correcteur", "another grader version"),
        "settings": Text("autres réglages", "other settings"),
        "damaged": Text("résultat abîmé", "damaged result"),
        "regrade": Text("--regrade", "--regrade"),
        "isolation": Text(
            "corrigée sous une isolation faible, --require-isolation strong",
            "graded under a weak isolation, --require-isolation strong",
        ),
    },
    name="record.reason",
)

MOODLE_ERROR = Words(
    {
        "empty": Text("le fichier est vide", "the file is empty"),
        "columns": Text(
            "colonnes « Identifiant » ou « Note » introuvables (colonnes : {detail})",
            "no 'Identifier' or 'Grade' column (columns: {detail})",
        ),
        "scale": Text(
            "pas de colonne « Note maximale » lisible : le devoir doit être noté sur des points, pas sur un "
            "barème à échelons",
            "no readable 'Maximum grade' column: the assignment must be graded in points, not with a scale",
        ),
    },
    name="moodle.error",
)

CLASS_OPTION_HELP = Words(
    {
        # argparse adds the colon: `marquer une classe :`
        "group": Text("marquer une classe ", "marking a class"),
        "file": Text("FICHIER", "FILE"),
        "folder": Text("DOSSIER", "DIR"),
        "exercise": Text("EXERCICE", "EXERCISE"),
        "config": Text(
            "barème (sinon minimax-grader.toml du dossier des copies)",
            "barème (else minimax-grader.toml in the folder of copies)",
        ),
        "print_config": Text(
            "afficher le barème par défaut d'un exercice, commenté",
            "print an exercise's default barème, commented",
        ),
        "roster": Text(
            "liste de la classe (export de Pronote ou de l'ENT, ou feuille Moodle) : une ligne par élève "
            "dans chaque rapport",
            "the class list (a Pronote or ENT export, or a Moodle worksheet): one row per student in every "
            "report",
        ),
        "results": Text(
            "résultats de la classe : ne corrige que les copies nouvelles ou modifiées, et les rapports "
            "montrent toute la classe",
            "the class's results: grade only new or changed copies, the reports show the whole class",
        ),
        "regrade": Text("avec --results : tout corriger à nouveau", "with --results: grade everything again"),
        "prune": Text(
            "avec --results : oublier les copies absentes du dossier",
            "with --results: forget the copies no longer in the folder",
        ),
        "manual": Text(
            "points donnés à la main et corrections (CSV, créé s'il manque)",
            "points given by hand and overrides (CSV, created when missing)",
        ),
        "release": Text(
            "un dossier par élève avec sa page et son JSON, sans corrigé",
            "one folder per student with their page and JSON, no answer key",
        ),
        "moodle_worksheet": Text(
            "remplir la feuille d'évaluation hors ligne de Moodle", "fill Moodle's offline grading worksheet"
        ),
        "pronote": Text("tableau élève ; note pour Pronote", "table of student; mark for Pronote"),
        "serve": Text(
            "après la correction, ouvrir la page de correction à la main (questions à la main, grille, "
            "corrections d'une note) jusqu'à Ctrl-C ; avec --results",
            "after grading, open the marking page (questions graded by hand, rubric, overrides) until "
            "Ctrl-C; with --results",
        ),
        "no_browser": Text(
            "avec --serve : afficher l'adresse sans ouvrir le navigateur",
            "with --serve: print the address without opening the browser",
        ),
        "port": Text(
            "avec --serve : le port de la page (sinon un port libre)",
            "with --serve: the page's port (else a free one)",
        ),
        "pdf": Text(
            "un PDF par élève (sa page rendue, sans corrigé) et classe.pdf (toute la classe, recto verso) "
            "dans ce dossier",
            "one PDF per student (their page handed back, no answer key) and classe.pdf (the whole class, "
            "two-sided) in this folder",
        ),
    },
    name="class_option_help",
)
"""The class workflow's options (`marking/options.py`), worded in the parser's language."""
