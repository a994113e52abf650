"""The checks' own sentences, each key with its French and English side by side.

`tr(lang, key, **values)` reads these, then the words of the wings below (`grader.model.text`);
a key none of them holds is an error (`grader.model.text.Words`). A family looked up by a
value has a table of its own, keyed by that value."""

from __future__ import annotations

from typing import Any

from ..model.text import Text, Words
from ..model.text import tr as _below

tr = Words(
    {
        "more_items": Text("… ({count} de plus)", "… ({count} more)"),
        "value_check.sentence": Text(
            "{func} comme la correction : {calls}",
            "{func} as the reference: {calls}",
        ),
        "value_check.arguments_sentence": Text(
            "{func} laisse ses arguments comme la correction : {calls}",
            "{func} leaves its arguments as the reference does: {calls}",
        ),
        "value_check.more_calls": Text(
            "{calls} et {more} autre(s) appel(s)",
            "{calls} and {more} other call(s)",
        ),
        "value_check.drawn": Text("{count} positions tirées au hasard", "{count} random positions"),
        "value_check.then_drawn": Text(
            "{calls}, puis {count} positions tirées au hasard",
            "{calls}, then {count} random positions",
        ),
        "value_check.budget": Text(
            "{sentence} (au plus {seconds} s par appel)",
            "{sentence} (at most {seconds} s a call)",
        ),
        "value_check.words": Text("{sentence} ({words})", "{sentence} ({words})"),
        "value_check.raises": Text("une exception {name}", "an exception {name}"),
        "value_check.must_raise": Text(
            "cet appel doit lever {name}, comme la correction",
            "this call must raise {name}, as the reference does",
        ),
        "value_check.unchanged": Text(
            "{func} ne doit pas modifier {arg}{why} : voici {arg} après l'appel",
            "{func} must not change {arg}{why}: this is {arg} after the call",
        ),
        "value_check.changed_as": Text(
            "après l'appel, {arg} doit être tel que le laisse la correction{why}",
            "after the call, {arg} must be as the reference leaves it{why}",
        ),
        "value_check.argument": Text("l'argument {number}", "argument {number}"),
        "among_best.move": Text("le coup", "move"),
        "among_best.not_reached": Text(
            "la valeur est juste mais {noun} {move} n'y mène pas",
            "the value is right but {noun} {move} does not reach it",
        ),
        "value_free.not_counted": Text(
            "propriété vérifiée, comptée dès qu'une vérification de valeur de {func} passera",
            "the property holds; it counts once a value check of {func} passes",
        ),
        "comparison.item_and": Text("{item}, {words}", "{item}, {words}"),
        "comparison.all_of": Text("{first} ; {then}", "{first}; {then}"),
        "comparison.same_set": Text("dans n'importe quel ordre, chacun une fois", "in any order, each once"),
        "comparison.within": Text("à {tolerance} près", "within {tolerance}"),
        "comparison.item": Text("seul l'élément {index} est comparé", "only item {index} is compared"),
        "comparison.best_move": Text(
            "un coup légal qui mène à la meilleure valeur",
            "a legal move that reaches the best value",
        ),
        "comparison.among": Text("un coup parmi {moves}", "a move among {moves}"),
    },
    below=_below,
    name="checking",
)


def both(key: str, **values: Any) -> Text:
    """The sentence of `key` in both languages, as one `Text` (a `Text` among `values` is
    read in each language)."""
    return Text(tr("fr", key, **values), tr("en", key, **values))
