"""The similarity report's sentences, each key with its French and English side by side.

`say(lang, key, **values)` reads these, then the reports' (`grader.render.text`: the
footer...); a key none of them holds is an error (`grader.model.text.Words`)."""

from __future__ import annotations

from ..model.text import Text, Words
from ..render.text import tr as _below

say = Words(
    {
        "sim.missing_extra": Text(
            "--similarity demande copydetect, qui n'est pas installé : pip install "
            "\"minimax-grader[similarity]\" (ou, depuis les sources, pip install \".[similarity]\")",
            "--similarity needs copydetect, which is not installed: pip install "
            "\"minimax-grader[similarity]\" (or, from the sources, pip install \".[similarity]\")",
        ),
        "sim.written": Text(
            "Rapport de similarité : {path} (et {csv})",
            "Similarity report: {path} (and {csv})",
        ),
        "sim.title": Text(
            "Similarité des copies",
            "Similarity of the submissions",
        ),
        "sim.summary": Text(
            "{copies} copie(s) comparée(s), {pairs} paire(s) de copies d'un même exercice.",
            "{copies} submission(s) compared, {pairs} pair(s) of submissions of the same exercise.",
        ),
        "sim.caution": Text(
            "Un score élevé est une piste à examiner, jamais une preuve : deux élèves peuvent écrire la "
            "même chose en travaillant ensemble comme il est permis, en suivant de près la même correction "
            "ou le même cours, ou par hasard sur une fonction courte. Lisez le code côte à côte et "
            "parlez-en aux élèves avant toute conclusion.",
            "A high score is a lead to look at, never a proof: two students may write the same code by "
            "working together as allowed, by following the same worked solution or lecture closely, or by "
            "chance on a short function. Read the code side by side and talk to the students before "
            "concluding anything.",
        ),
        "sim.exercise": Text(
            "Exercice {exercise}",
            "Exercise {exercise}",
        ),
        "sim.class_line": Text(
            "{copies} copie(s), {pairs} paire(s). Score médian de la classe : {median} ; une paire se "
            "détache au-delà de {threshold} (écart robuste ≥ {z}).",
            "{copies} submission(s), {pairs} pair(s). The class's median score: {median}; a pair stands out "
            "above {threshold} (robust deviation ≥ {z}).",
        ),
        "sim.no_reference": Text(
            "Le code de l'énoncé et le corrigé de cet exercice n'ont pas été trouvés : seul ce que la "
            "majorité de la classe partage est écarté.",
            "The sheet's code and the reference solution of this exercise were not found: only what most of "
            "the class shares is discounted.",
        ),
        "sim.histogram": Text(
            "Répartition des scores des paires",
            "Distribution of the pairs' scores",
        ),
        "sim.histogram_axis": Text(
            "score de la paire",
            "score of the pair",
        ),
        "sim.histogram_desc": Text(
            "Nombre de paires par tranche de 0,05 (hauteurs en échelle logarithmique, pour que les quelques "
            "paires proches restent visibles). Trait rouge : le seuil au-delà duquel une paire se détache "
            "de cette classe.",
            "Pairs per 0.05 band (heights on a logarithmic scale, so that the few close pairs stay "
            "visible). Red line: the threshold above which a pair stands out from this class.",
        ),
        "sim.pairs": Text(
            "Paires les plus proches",
            "The closest pairs",
        ),
        "sim.rank": Text(
            "Rang",
            "Rank",
        ),
        "sim.student": Text(
            "Élève",
            "Student",
        ),
        "sim.student_a": Text(
            "Élève A",
            "Student A",
        ),
        "sim.student_b": Text(
            "Élève B",
            "Student B",
        ),
        "sim.score": Text(
            "Score",
            "Score",
        ),
        "sim.z": Text(
            "Écart",
            "Deviation",
        ),
        "sim.functions": Text(
            "Fonctions qui se ressemblent",
            "Functions alike",
        ),
        "sim.unusual": Text(
            "se détache",
            "stands out",
        ),
        "sim.none_unusual": Text(
            "Aucune paire ne se détache du reste de la classe. Les trois plus proches sont montrées "
            "ci-dessous, pour comparaison.",
            "No pair stands out from the rest of the class. The three closest are shown below, for "
            "comparison.",
        ),
        "sim.details": Text(
            "Le code côte à côte",
            "The code side by side",
        ),
        "sim.details_desc": Text(
            "Lignes surlignées : celles qui portent des empreintes communes aux deux copies et rares dans "
            "la classe (le code de l'énoncé et ce que la majorité partage ne sont jamais surlignés). Le "
            "code est montré tel que l'élève l'a écrit.",
            "Highlighted lines carry fingerprints both submissions share and few others have (the sheet's "
            "code and what most of the class shares are never highlighted). The code is shown as the "
            "student wrote it.",
        ),
        "sim.pair_title": Text(
            "{a} et {b} — score {score}, écart {z}",
            "{a} and {b} — score {score}, deviation {z}",
        ),
        "sim.function_similarity": Text(
            "ressemblance {similarity}",
            "similarity {similarity}",
        ),
        "sim.top_level": Text(
            "(hors fonctions)",
            "(top-level code)",
        ),
        "sim.cut": Text(
            "… ({count} ligne(s) de plus)",
            "… ({count} more line(s))",
        ),
        "sim.no_function": Text(
            "Aucune fonction n'a de code commun rare : la ressemblance vient du code hors fonctions.",
            "No function shares rare code: the likeness is in the top-level code.",
        ),
        "sim.left_out": Text(
            "Copies non comparées",
            "Submissions not compared",
        ),
        "sim.file": Text(
            "Fichier",
            "File",
        ),
        "sim.reason": Text(
            "Raison",
            "Reason",
        ),
        "sim.method": Text(
            "Comment le score est calculé",
            "How the score is computed",
        ),
        "sim.method_text": Text(
            "Chaque fonction est normalisée (noms choisis par l'élève, commentaires, docstrings et mise en "
            "forme effacés), puis découpée en empreintes (suites de {k} lexèmes, sélectionnées par "
            "winnowing). Les empreintes du code de l'énoncé, du corrigé et de plus de la moitié des copies "
            "ne comptent pas ; les autres pèsent d'autant plus qu'elles sont rares dans la classe. Le score "
            "(0 à 1) est la part pondérée du code des deux copies qu'elles partagent, fonction par fonction "
            "; l'écart dit à combien d'écarts typiques de la classe il se situe au-dessus du score médian.",
            "Each function is normalised (the names the student chose, comments, docstrings and layout "
            "erased), then cut into fingerprints (runs of {k} tokens, selected by winnowing). Fingerprints "
            "of the sheet's code, of the reference solution and of more than half of the submissions do not "
            "count; the others weigh more the rarer they are in the class. The score (0 to 1) is the "
            "weighted share of the two submissions' code they have in common, function by function; the "
            "deviation says how many of the class's typical deviations it stands above the median score.",
        ),
        "sim.none": Text(
            "Aucune paire à comparer (il faut au moins deux copies d'un même exercice).",
            "No pair to compare (at least two submissions of one exercise are needed).",
        ),
        "sim.yes": Text(
            "oui",
            "yes",
        ),
    },
    below=_below,
    name="similarity",
)

LEFT_OUT = Words(
    {
        "no_exercise": Text(
            "exercice non reconnu",
            "exercise not recognised",
        ),
        "unreadable": Text(
            "fichier illisible",
            "unreadable file",
        ),
        "no_function": Text(
            "aucun code à comparer",
            "no code to compare",
        ),
        "too_large": Text(
            "trop de code pour être comparé (plus de 200 Ko)",
            "too much code to compare (more than 200 KB)",
        ),
    },
    name="left_out",
)
"""Why a copy was not compared, by its reason (`compare.LeftOut.reason`)."""
