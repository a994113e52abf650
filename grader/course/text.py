"""The sentences of `python -m grader.course`, each key with its French and English side by side.

`tr(lang, key, **values)` reads these, then the words of the wings below (`grader.model.text`);
a key none of them holds is an error (`grader.model.text.Words`). A family looked up by a
value has a table of its own, keyed by that value."""

from __future__ import annotations

from ..model.text import Text, Words
from ..model.text import tr as _below

tr = Words(
    {
        "course.bad_id": Text(
            "{id} ne peut pas nommer un TD : des minuscules et des chiffres, des mots joints par - ou _ "
            "(par exemple nim, jeu-de-nim)",
            "{id} cannot name a TD: lower case letters and digits, words joined by - or _ (for example nim, "
            "game-of-nim)",
        ),
        "course.not_empty": Text(
            "{folder} existe déjà et n'est pas vide : rien n'a été écrit (donnez un autre dossier)",
            "{folder} exists and is not empty: nothing was written (give another folder)",
        ),
        "course.written": Text(
            "TD {id} écrit dans {folder} (paquet {package}) : remplacez le sujet, la correction, les "
            "vérifications et les copies par ceux de votre TD",
            "TD {id} written in {folder} (package {package}): replace the sheet, the reference, the checks "
            "and the copies with your TD's",
        ),
        "course.next": Text(
            "Ensuite : pip install -e {folder} ; python -m grader {folder}/copies ; python -m "
            "grader.mutation {id}",
            "Then: pip install -e {folder}; python -m grader {folder}/copies; python -m grader.mutation {id}",
        ),
    },
    below=_below,
    name="course",
)
