# -- VOL : tout ce que le processus de l'élève peut atteindre du correcteur. Les fonctions
# que le correcteur lui passe (leurs __globals__, leurs fermetures), les cadres d'appel
# (sys._getframe jusqu'au worker, ses `helpers` et le code qu'il réexécute), le ramasse-
# miettes (gc.get_objects) : chaque fonction trouvée sous un nom voulu est gardée.
import gc as _gc
import sys as _sys
import types as _types

VOLE = {}


def _garde(nom, valeur, noms):
    if nom in noms and callable(valeur) and nom not in VOLE:
        code = getattr(valeur, "__code__", None)
        if code is None or code.co_filename in ("<grader>",) or not code.co_filename.startswith("<"):
            VOLE[nom] = valeur


def _fouille_dict(espace, noms):
    try:
        for nom, valeur in list(espace.items()):
            if type(nom) is str:
                _garde(nom, valeur, noms)
    except Exception:
        pass


def vole(noms, *donnees):
    if not VOLER:
        return
    noms = set(noms)
    for objet in donnees:  # ce que le correcteur nous a passé
        _fouille_dict(getattr(objet, "__globals__", {}) or {}, noms)
        for cellule in getattr(objet, "__closure__", None) or ():
            try:
                contenu = cellule.cell_contents
            except ValueError:
                continue
            _garde(getattr(contenu, "__name__", ""), contenu, noms)
            _fouille_dict(getattr(contenu, "__globals__", {}) or {}, noms)
    cadre = _sys._getframe()
    while cadre is not None:  # les cadres d'appel, jusqu'au worker
        _fouille_dict(cadre.f_globals, noms)
        _fouille_dict(cadre.f_locals, noms)
        moi = cadre.f_locals.get("self")
        for attribut in ("helpers", "_helpers"):
            _fouille_dict(getattr(moi, attribut, None) or {}, noms)
        for code in getattr(moi, "helper_code", None) or ():  # le code des aides, réexécuté
            espace = {"student": {}, "profiler": {}, "__builtins__": __builtins__}
            try:
                exec(code, espace)
            except Exception:
                pass
            _fouille_dict(espace, noms)
        cadre = cadre.f_back
    for objet in _gc.get_objects():  # le ramasse-miettes
        if isinstance(objet, _types.FunctionType):
            _garde(objet.__name__, objet, noms)
        elif isinstance(objet, dict) and len(objet) < 10000:
            _fouille_dict(objet, noms)
