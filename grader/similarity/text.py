"""What the similarity report says, in French (the default) and in English."""

from __future__ import annotations

from typing import Any

from ..model.messages import tr

MESSAGES: dict[str, dict[str, str]] = {
    "fr": {
        "sim.missing_extra": "--similarity demande copydetect, qui n'est pas installé : "
        'pip install "minimax-grader[similarity]" (ou, depuis les sources, pip install ".[similarity]")',
        "sim.written": "Rapport de similarité : {path} (et {csv})",
        "sim.title": "Similarité des copies",
        "sim.summary": "{copies} copie(s) comparée(s), {pairs} paire(s) de copies d'un même exercice.",
        "sim.caution": "Un score élevé est une piste à examiner, jamais une preuve : deux élèves peuvent "
        "écrire la même chose en travaillant ensemble comme il est permis, en suivant de près la même "
        "correction ou le même cours, ou par hasard sur une fonction courte. Lisez le code côte à côte "
        "et parlez-en aux élèves avant toute conclusion.",
        "sim.exercise": "Exercice {exercise}",
        "sim.class_line": "{copies} copie(s), {pairs} paire(s). Score médian de la classe : {median} ; "
        "une paire se détache au-delà de {threshold} (écart robuste ≥ {z}).",
        "sim.no_reference": "Le code de l'énoncé et le corrigé de cet exercice n'ont pas été trouvés : "
        "seul ce que la majorité de la classe partage est écarté.",
        "sim.histogram": "Répartition des scores des paires",
        "sim.histogram_axis": "score de la paire",
        "sim.histogram_desc": "Nombre de paires par tranche de 0,05 (hauteurs en échelle logarithmique, "
        "pour que les quelques paires proches restent visibles). Trait rouge : le seuil au-delà duquel "
        "une paire se détache de cette classe.",
        "sim.pairs": "Paires les plus proches",
        "sim.rank": "Rang",
        "sim.student": "Élève",
        "sim.student_a": "Élève A",
        "sim.student_b": "Élève B",
        "sim.score": "Score",
        "sim.z": "Écart",
        "sim.functions": "Fonctions qui se ressemblent",
        "sim.unusual": "se détache",
        "sim.none_unusual": "Aucune paire ne se détache du reste de la classe. Les trois plus proches "
        "sont montrées ci-dessous, pour comparaison.",
        "sim.details": "Le code côte à côte",
        "sim.details_desc": "Lignes surlignées : celles qui portent des empreintes communes aux deux "
        "copies et rares dans la classe (le code de l'énoncé et ce que la majorité partage ne sont "
        "jamais surlignés). Le code est montré tel que l'élève l'a écrit.",
        "sim.pair_title": "{a} et {b} — score {score}, écart {z}",
        "sim.function_similarity": "ressemblance {similarity}",
        "sim.top_level": "(hors fonctions)",
        "sim.cut": "… ({count} ligne(s) de plus)",
        "sim.no_function": "Aucune fonction n'a de code commun rare : la ressemblance vient du code hors fonctions.",
        "sim.left_out": "Copies non comparées",
        "sim.left_out.no_exercise": "exercice non reconnu",
        "sim.left_out.unreadable": "fichier illisible",
        "sim.left_out.no_function": "aucun code à comparer",
        "sim.left_out.too_large": "trop de code pour être comparé (plus de 200 Ko)",
        "sim.file": "Fichier",
        "sim.reason": "Raison",
        "sim.method": "Comment le score est calculé",
        "sim.method_text": "Chaque fonction est normalisée (noms choisis par l'élève, commentaires, "
        "docstrings et mise en forme effacés), puis découpée en empreintes (suites de {k} lexèmes, "
        "sélectionnées par winnowing). Les empreintes du code de l'énoncé, du corrigé et de plus de "
        "la moitié des copies ne comptent pas ; les autres pèsent d'autant plus qu'elles sont rares "
        "dans la classe. Le score (0 à 1) est la part pondérée du code des deux copies qu'elles "
        "partagent, fonction par fonction ; l'écart dit à combien d'écarts typiques de la classe il "
        "se situe au-dessus du score médian.",
        "sim.none": "Aucune paire à comparer (il faut au moins deux copies d'un même exercice).",
        "sim.yes": "oui",
    },
    "en": {
        "sim.missing_extra": "--similarity needs copydetect, which is not installed: "
        'pip install "minimax-grader[similarity]" (or, from the sources, pip install ".[similarity]")',
        "sim.written": "Similarity report: {path} (and {csv})",
        "sim.title": "Similarity of the submissions",
        "sim.summary": "{copies} submission(s) compared, {pairs} pair(s) of submissions of the same exercise.",
        "sim.caution": "A high score is a lead to look at, never a proof: two students may write the same "
        "code by working together as allowed, by following the same worked solution or lecture closely, "
        "or by chance on a short function. Read the code side by side and talk to the students before "
        "concluding anything.",
        "sim.exercise": "Exercise {exercise}",
        "sim.class_line": "{copies} submission(s), {pairs} pair(s). The class's median score: {median}; "
        "a pair stands out above {threshold} (robust deviation ≥ {z}).",
        "sim.no_reference": "The sheet's code and the reference solution of this exercise were not found: "
        "only what most of the class shares is discounted.",
        "sim.histogram": "Distribution of the pairs' scores",
        "sim.histogram_axis": "score of the pair",
        "sim.histogram_desc": "Pairs per 0.05 band (heights on a logarithmic scale, so that the few close "
        "pairs stay visible). Red line: the threshold above which a pair stands out from this class.",
        "sim.pairs": "The closest pairs",
        "sim.rank": "Rank",
        "sim.student": "Student",
        "sim.student_a": "Student A",
        "sim.student_b": "Student B",
        "sim.score": "Score",
        "sim.z": "Deviation",
        "sim.functions": "Functions alike",
        "sim.unusual": "stands out",
        "sim.none_unusual": "No pair stands out from the rest of the class. The three closest are shown "
        "below, for comparison.",
        "sim.details": "The code side by side",
        "sim.details_desc": "Highlighted lines carry fingerprints both submissions share and few others "
        "have (the sheet's code and what most of the class shares are never highlighted). The code is "
        "shown as the student wrote it.",
        "sim.pair_title": "{a} and {b} — score {score}, deviation {z}",
        "sim.function_similarity": "similarity {similarity}",
        "sim.top_level": "(top-level code)",
        "sim.cut": "… ({count} more line(s))",
        "sim.no_function": "No function shares rare code: the likeness is in the top-level code.",
        "sim.left_out": "Submissions not compared",
        "sim.left_out.no_exercise": "exercise not recognised",
        "sim.left_out.unreadable": "unreadable file",
        "sim.left_out.no_function": "no code to compare",
        "sim.left_out.too_large": "too much code to compare (more than 200 KB)",
        "sim.file": "File",
        "sim.reason": "Reason",
        "sim.method": "How the score is computed",
        "sim.method_text": "Each function is normalised (the names the student chose, comments, docstrings "
        "and layout erased), then cut into fingerprints (runs of {k} tokens, selected by winnowing). "
        "Fingerprints of the sheet's code, of the reference solution and of more than half of the "
        "submissions do not count; the others weigh more the rarer they are in the class. The score "
        "(0 to 1) is the weighted share of the two submissions' code they have in common, function by "
        "function; the deviation says how many of the class's typical deviations it stands above the "
        "median score.",
        "sim.none": "No pair to compare (at least two submissions of one exercise are needed).",
        "sim.yes": "yes",
    },
}


def say(lang: str, key: str, **values: Any) -> str:
    """The message `key` in `lang` (French when unknown); the grader's own messages
    (the reports' footer...) for keys not of this report."""
    table = MESSAGES.get(lang, MESSAGES["fr"])
    if key not in table and key not in MESSAGES["fr"]:
        return tr(lang, key, **values)
    return table.get(key, MESSAGES["fr"][key]).format(**values)
