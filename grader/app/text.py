"""The command line's sentences (its help, its usage errors, what it says before and after
grading), each key with its French and English side by side.

`tr(lang, key, **values)` reads these, then the words of the wings below (`grader.serve.text`);
a key none of them holds is an error (`grader.model.text.Words`). A family looked up by a
value has a table of its own, keyed by that value."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..model.text import Text, Words
from ..serve.text import tr as _below

if TYPE_CHECKING:
    from ..sandbox.confine.reasons import Unavailable

tr = Words(
    {
        "cli.not_found": Text("introuvable : {paths}", "not found: {paths}"),
        "cli.not_positive": Text("{option} : {value} n'est pas positif", "{option}: {value} is not positive"),
        "unavailable_td": Text(
            "TD {exercise} indisponible : le paquet {package} ne se charge pas ({cause}) ; ses copies ne "
            "seront pas corrigées",
            "TD {exercise} unavailable: the package {package} does not load ({cause}); its copies will not "
            "be graded",
        ),
        "unavailable_td.forced": Text(
            "--exercise : le TD {exercise} est indisponible : le paquet {package} ne se charge pas ({cause})",
            "--exercise: the TD {exercise} is unavailable: the package {package} does not load ({cause})",
        ),
        "serve.stopped": Text(
            "Page de correction arrêtée : tout ce qui a été saisi est dans {path}.",
            "Marking page stopped: everything typed is in {path}.",
        ),
        "serve.needs_results": Text(
            "--serve demande --results DOSSIER : la page montre les résultats de la classe",
            "--serve needs --results DIR: the page shows the class's results",
        ),
        "serve.missing_extra": Text(
            "--serve demande l'extra serve, qui n'est pas installé ({modules}) : pip install "
            "\"minimax-grader[serve]\"",
            "--serve needs the serve extra, which is not installed ({modules}): pip install "
            "\"minimax-grader[serve]\"",
        ),
        "serve.bad_port": Text(
            "--port {port} : un port va de 1 à 65535 (0 : un port libre)",
            "--port {port}: a port goes from 1 to 65535 (0: a free port)",
        ),
        "serve.port_taken": Text(
            "--port {port} : ce port est déjà pris sur cet ordinateur ; choisissez-en un autre, ou n'en "
            "donnez pas (un port libre est pris)",
            "--port {port}: this port is already in use on this computer; choose another, or give none (a "
            "free port is taken)",
        ),
        "interrupted": Text(
            "Interrompu : {done} copie(s) corrigée(s) sur {total} ; rapports écrits pour celles-ci.",
            "Interrupted: {done} of {total} submission(s) graded; their reports are written.",
        ),
        "gradescope_one": Text(
            "--gradescope corrige une seule copie à la fois",
            "--gradescope grades exactly one submission",
        ),
        "html_written": Text("Rapports HTML : {path}", "HTML reports: {path}"),
        # Isolation of the student's process (grader/sandbox/confine/isolation.py)
        "isolation.weak": Text(
            "ATTENTION : isolation « basic » : le code des élèves peut lire les fichiers du correcteur "
            "(dont le corrigé){weak_more}. Pour une correction notée, installez bubblewrap (apt-get install "
            "bubblewrap) ou utilisez un noyau Linux 5.13+ avec Landlock ; --require-isolation strong refuse "
            "de corriger sans.",
            "WARNING: isolation 'basic': student code can read the grader's files (the reference "
            "included){weak_more}. For graded work, install bubblewrap (apt-get install bubblewrap) or use "
            "a Linux 5.13+ kernel with Landlock; --require-isolation strong refuses to grade without one.",
        ),
        "isolation.weak_more": Text(
            ", arrêter le correcteur par un signal et modifier les copies voisines",
            ", stop the grader with a signal and change the neighbouring submissions",
        ),
        "isolation.portable": Text(
            "isolation : portable — le code de l'élève tourne dans un processus à part, arrêté au bout de "
            "son temps, mais il peut lire et modifier vos fichiers (dont le corrigé). Convient pour vous "
            "auto-corriger, pas pour une correction notée (sous Linux : bubblewrap ou Landlock).",
            "isolation: portable — the student's code runs in a separate process, stopped at its time "
            "budget, but it can read and change your files (the answer key included). Fine for "
            "self-checking, not for grading for marks (on Linux: bubblewrap or Landlock).",
        ),
        "isolation.in_force": Text("Isolation : {label} — {why}", "Isolation: {label} — {why}"),
        # One file graded (a student checking their own work, most often)
        "isolation.self_check": Text(
            "isolation : {label}, forte (le corrigé est hors de portée du code exécuté)",
            "isolation: {label}, strong (the answer key is out of the code's reach)",
        ),
        "isolation.self_check_weak": Text(
            "Isolation « {mode} » : votre code tourne à part et s'arrête au bout de son temps, mais il peut "
            "lire et modifier vos fichiers, comme quand vous l'exécutez vous-même.",
            "Isolation '{mode}': your code runs apart and is stopped at its time limit, but it can read and "
            "change your files, as when you run it yourself.",
        ),
        "isolation.in_force_strong": Text(
            "Isolation : {label} — {why} ; le code des élèves ne peut lire ni le corrigé ni les autres "
            "copies",
            "Isolation: {label} — {why}; student code can read neither the reference nor the other "
            "submissions",
        ),
        "isolation.required": Text(
            "--require-isolation strong : ni bubblewrap ni Landlock ne fonctionnent ici ({why}). Installez "
            "bubblewrap (apt-get install bubblewrap) ou utilisez un noyau Linux 5.13+ avec Landlock activé "
            "(paquet landlockpy).",
            "--require-isolation strong: neither bubblewrap nor Landlock works here ({why}). Install "
            "bubblewrap (apt-get install bubblewrap) or use a Linux 5.13+ kernel with Landlock enabled "
            "(package landlockpy).",
        ),
        "isolation.unavailable": Text(
            "--isolation {mode} : impossible sur cette machine ({why})",
            "--isolation {mode}: not possible on this machine ({why})",
        ),
        # Moodle VPL (grader/render/vpl.py)
        "vpl_one": Text("--vpl corrige une seule copie à la fois", "--vpl grades exactly one submission"),
        "no_exercises": Text(
            "aucun TD installé : installez le correcteur (pip install .) ou le paquet de votre TD",
            "no TD installed: install the grader (pip install .) or your TD's package",
        ),
        # The command line (grader/app/cli.py build_parser, grader/app/arguments.py)
        "cli.usage": Text("usage : ", "usage: "),
        "cli.positionals": Text("arguments ", "positional arguments"),
        "cli.options": Text("options ", "options"),
        "cli.see_help": Text("(« {prog} --help » pour l'aide)", "('{prog} --help' for help)"),
        "cli.help": Text("afficher cette aide et quitter", "show this help message and exit"),
        "cli.error": Text("{prog} : erreur : {message}", "{prog}: error: {message}"),
        "cli.error.argument": Text("argument {name} : {message}", "argument {name}: {message}"),
        "cli.error.required": Text(
            "argument obligatoire manquant : {names}",
            "the following arguments are required: {names}",
        ),
        "cli.error.unrecognized": Text("arguments non reconnus : {names}", "unrecognized arguments: {names}"),
        "cli.error.ambiguous": Text(
            "option ambiguë : {option} peut désigner {matches}",
            "ambiguous option: {option} could match {matches}",
        ),
        "cli.error.choice": Text(
            "choix invalide : {value} (choix possibles : {choices})",
            "invalid choice: {value} (choose from {choices})",
        ),
        "cli.error.type": Text(
            "valeur invalide : {value} (attendu : {type})",
            "invalid value: {value} (expected: {type})",
        ),
        "cli.error.one": Text("une valeur est attendue", "expected one argument"),
        "cli.error.at_least_one": Text("au moins une valeur est attendue", "expected at least one argument"),
        "cli.error.explicit": Text(
            "cette option ne prend pas de valeur : {value}",
            "ignored explicit argument {value}",
        ),
        "cli.description": Text(
            "Corrige les TD minimax ({exercises}) : un notebook, un module, ou un dossier de copies.",
            "Grades the minimax TDs ({exercises}): a notebook, a module, or a folder of submissions.",
        ),
        # verifier() in a notebook (grader/app/notebook.py)
        "verifier.missing": Text("{path} : fichier introuvable", "{path}: no such file"),
        "verifier.which": Text(
            "Quel notebook corriger ? Plusieurs dans {folder} ({names}) : donnez son nom, par exemple "
            "verifier(\"mon_td.ipynb\")",
            "Which notebook? Several in {folder} ({names}): give its name, e.g. verifier(\"my_td.ipynb\")",
        ),
        "verifier.saved": Text(
            "C'est le fichier enregistré qui est corrigé : {name}, enregistré à {time}.",
            "The saved file is what is graded: {name}, saved at {time}.",
        ),
        "verifier.unsaved": Text(
            "⚠ Des cellules exécutées ne sont pas dans le fichier enregistré : enregistrez (Ctrl+S) puis "
            "relancez verifier() pour qu'elles soient corrigées.",
            "⚠ Cells you ran are not in the saved file: save (Ctrl+S) and run verifier() again to have them "
            "graded.",
        ),
        "verifier.no_question": Text(
            "{question} : pas de telle question (questions : {names})",
            "{question}: no such question (questions: {names})",
        ),
        "paths_needed": Text(
            "donnez au moins une copie ou un dossier de copies (PATH)",
            "give at least one submission or folder of submissions (PATH)",
        ),
    },
    below=_below,
    name="app",
)

UNAVAILABLE = Words(
    {
        # Why an isolation cannot work here (grader/sandbox/confine/reasons.py); {detail}: the system's words
        "not_linux": Text(
            "{detail} : bubblewrap et Landlock demandent Linux",
            "{detail}: bubblewrap and Landlock need Linux",
        ),
        "bwrap_not_installed": Text(
            "bwrap n'est pas installé (apt-get install bubblewrap)",
            "bwrap is not installed (apt-get install bubblewrap)",
        ),
        "bwrap_no_start": Text("bwrap ne démarre pas : {detail}", "bwrap does not start: {detail}"),
        "bwrap_fails": Text("bwrap échoue ici : {detail}", "bwrap fails here: {detail}"),
        "landlockpy_missing": Text(
            "le paquet landlockpy n'est pas installé (pip install landlockpy)",
            "the landlockpy package is not installed (pip install landlockpy)",
        ),
        "landlock_refused": Text("Landlock refusé : {detail}", "Landlock refused: {detail}"),
        "no_landlock": Text(
            "le noyau n'a pas Landlock (Linux 5.13+ avec landlock dans sa liste lsm=)",
            "the kernel has no Landlock (Linux 5.13+ with landlock in its lsm= list)",
        ),
        "unknown_mode": Text("isolation inconnue : {detail}", "unknown isolation: {detail}"),
    },
    name="unavailable",
)

ARGUMENT_TYPE = Words(
    {
        "float": Text("un nombre", "a number"),
        "int": Text("un nombre entier", "a whole number"),
    },
    name="cli.type",
)

OPTION_HELP = Words(
    {
        "paths": Text(
            "notebook .ipynb, module .py, ou dossier de copies",
            ".ipynb notebook, .py module, or folder of submissions",
        ),
        "exercise": Text("forcer l'exercice (sinon détecté)", "force the exercise (detected otherwise)"),
        "json": Text("rapport JSON (- pour la sortie standard)", "JSON report (- for standard output)"),
        "csv": Text("tableau des notes (une ligne par copie)", "marks table (one row per submission)"),
        "html": Text(
            "rapports HTML : une page par copie et un bilan de classe",
            "HTML reports: one page per submission and a class summary",
        ),
        # --similarity (branch similarity): its option's help, for build_parser
        "similarity": Text(
            "rapport de similarité des copies d'un lot : DIR/index.html et DIR/pairs.csv (extra « "
            "similarity » : copydetect)",
            "similarity report of a batch's submissions: DIR/index.html and DIR/pairs.csv (the 'similarity' "
            "extra: copydetect)",
        ),
        "junit": Text(
            "rapport JUnit XML (une question = un test)",
            "JUnit XML report (one question = one test)",
        ),
        "gradescope": Text(
            "results.json de Gradescope (une seule copie)",
            "Gradescope results.json (one submission)",
        ),
        "annotations": Text(
            "annotations GitHub Actions (une par question à revoir) sur la sortie standard",
            "GitHub Actions annotations (one per question to review) on standard output",
        ),
        "vpl": Text(
            "rapport au format de Moodle VPL sur la sortie standard (une seule copie)",
            "report in Moodle VPL's format on standard output (one submission)",
        ),
        "vpl_max": Text(
            "note maximale de l'activité VPL (20 par défaut)",
            "the VPL activity's maximum grade (20 by default)",
        ),
        "details": Text(
            "afficher le rapport complet de chaque copie d'un lot",
            "show the whole report of each submission of a batch",
        ),
        "jobs": Text(
            "copies corrigées en parallèle (par défaut : le nombre de processeurs)",
            "submissions graded in parallel (default: the number of processors)",
        ),
        "lang": Text("langue des retours (fr par défaut)", "language of the feedback (fr by default)"),
        "timeout": Text(
            "budget en secondes d'un appel au code de l'élève",
            "budget in seconds of a call to the student's code",
        ),
        "cell_timeout": Text("budget en secondes d'une cellule", "budget in seconds of a cell"),
        "fail_under": Text(
            "code de sortie 1 si une copie a moins de SCORE sur 20",
            "exit status 1 if a submission has less than SCORE out of 20",
        ),
        "isolation": Text(
            "isolation du code des élèves (auto : bubblewrap, sinon landlock, sinon basic ; portable sous "
            "Windows et macOS, pour s'auto-corriger)",
            "isolation of the students' code (auto: bubblewrap, else landlock, else basic; portable on "
            "Windows and macOS, to check one's own work)",
        ),
        "require_isolation": Text(
            "strong : refuser de corriger si ni bubblewrap ni Landlock ne fonctionnent",
            "strong: refuse to grade if neither bubblewrap nor Landlock works",
        ),
        "verbose": Text("journal plus détaillé (-vv : encore plus)", "more detailed log (-vv: more still)"),
        "version": Text("afficher la version et quitter", "show the version and exit"),
    },
    name="cli",
)


def unavailable(reasons: Iterable[Unavailable], lang: str) -> str:
    """Why isolations cannot work here (`grader.sandbox.confine.reasons`), in one line ("" for none)."""
    return "; ".join(UNAVAILABLE(lang, why.reason, detail=why.detail) for why in reasons)
