"""The marking page's routes: one address per page (the class, a question's list, one
answer, one student, a whole copy), one per change (a mark, an override, the comment on
the whole copy), the state for live updates, the page's own files.

Reading works without JavaScript: every change is a plain form, answered by a redirect
to the next answer not graded yet (or by the same page saying why nothing was written);
the page's script sends the same forms with `Accept: application/json` and reads the
answer instead (docs/reference/marking-page.md lists the addresses).
"""

from __future__ import annotations

from importlib import resources
from typing import TYPE_CHECKING
from urllib.parse import quote

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from ..marking.manual_edit import Cells, cells_of
from ..model.messages import tr
from .desk import FILTERS, Desk, Saved, Typed

if TYPE_CHECKING:
    from .pages import Pages

STATIC = {
    "page.css": "text/css; charset=utf-8",
    "page.js": "text/javascript; charset=utf-8",
}
MAX_FIELDS = 64
"""A form of the page has a dozen fields: more is not the page's."""


def application(desk: Desk, pages: Pages) -> Starlette:
    """The routes over `desk`, rendered by `pages` (the key and the headers are the
    `security.Guard` middleware's, around this application)."""
    lang = desk.lang
    stylesheet = pages.stylesheet()
    files = {name: (resources.files("grader.serve") / "static" / name).read_bytes() for name in STATIC}

    def not_found() -> HTMLResponse:
        return HTMLResponse(f"<!DOCTYPE html><meta charset=utf-8><p>{tr(lang, 'serve.not_found')}</p>", 404)

    def wanted(request: Request) -> str:
        found = request.query_params.get("filtre", "a-noter")
        return found if found in FILTERS else "a-noter"

    async def class_page(request: Request) -> Response:
        desk.refresh()
        return HTMLResponse(pages.class_page(desk.snapshot, banner=desk.banner()))

    async def question_page(request: Request) -> Response:
        desk.refresh()
        qid = request.path_params["qid"]
        question = next((q for q in desk.snapshot.manual_questions() if q.id == qid), None)
        if question is None:
            return not_found()
        return HTMLResponse(
            pages.question_page(desk.snapshot, qid, question.title, wanted(request), desk.banner())
        )

    async def answer_page(request: Request) -> Response:
        desk.refresh()
        qid, slug = request.path_params["qid"], request.path_params["slug"]
        copy = desk.snapshot.copy(slug)
        if (
            copy is None
            or copy.exercise is None
            or qid not in {q.id for q in desk.snapshot.manual_questions()}
        ):
            return not_found()
        if copy.question(qid) is None:
            return not_found()
        if request.method == "GET":
            done = request.query_params.get("fait", "")
            message = tr(lang, "serve.saved_for", student=done) if desk.snapshot.copy(done) else ""
            return HTMLResponse(
                pages.answer_page(
                    desk.snapshot, copy, qid, wanted(request), message=message, banner=desk.banner()
                )
            )
        form = await request.form(max_fields=MAX_FIELDS)
        typed = Typed(
            str(form.get("points", "")),
            str(form.get("commentaire", "")),
            bool(form.get("prive")),
            tuple(str(v) for v in form.getlist("items")),
        )
        going = str(form.get("filtre", "a-noter"))
        going = going if going in FILTERS else "a-noter"
        saved = desk.save(slug, qid, typed, str(form.get("base", "")))
        if saved.status == "saved":
            after = "a-noter" if going in ("a-noter", "toutes") else going
            following = desk.snapshot.next_answer(qid, slug, after)
            target = (
                f"/question/{qid}/{following.slug}?filtre={going}&fait={quote(slug)}"
                if following is not None
                else f"/question/{qid}?filtre={going}"
            )
            return _done(request, saved, target)
        shown = pages.answer_page(
            desk.snapshot,
            copy,
            qid,
            going,
            typed=_as_cells(typed),
            message=saved.message,
            kind="error",
            banner=desk.banner(),
        )
        return _not_done(request, saved, shown)

    async def student_page(request: Request) -> Response:
        desk.refresh()
        copy = desk.snapshot.copy(request.path_params["slug"])
        if copy is None or copy.exercise is None:
            return not_found()
        return HTMLResponse(pages.student_page(desk.snapshot, copy, banner=desk.banner()))

    async def override(request: Request) -> Response:
        slug, qid = request.path_params["slug"], request.path_params["qid"]
        qid = "" if qid == "copie" else qid
        form = await request.form(max_fields=MAX_FIELDS)
        typed = Typed(str(form.get("points", "")), str(form.get("commentaire", "")))
        saved = desk.save(slug, qid, typed, str(form.get("base", "")))
        copy = desk.snapshot.copy(slug)
        if copy is None:
            return not_found()
        if saved.status == "saved":
            return _done(request, saved, f"/eleve/{slug}#override-{qid or 'copie'}")
        shown = pages.student_page(
            desk.snapshot, copy, message=saved.message, kind="error", banner=desk.banner()
        )
        return _not_done(request, saved, shown)

    async def whole_copy(request: Request) -> Response:
        if request.method == "POST":
            return await override(request)
        desk.refresh()
        copy = desk.snapshot.copy(request.path_params["slug"])
        if copy is None or copy.exercise is None:
            return not_found()
        return HTMLResponse(pages.copy_page(desk.snapshot, copy, banner=desk.banner()))

    async def state(request: Request) -> Response:
        desk.refresh()
        snap = desk.snapshot
        progress = {
            q.id: tr(lang, "serve.progress", question=q.id, done=d, total=t)
            for q in snap.manual_questions()
            for d, t in [snap.progress(q.id)]
        }
        return JSONResponse(
            {"version": snap.version, "banner": desk.banner(), "problem": snap.problem, "progress": progress}
        )

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name == "rapport.css":
            return Response(stylesheet, media_type="text/css; charset=utf-8")
        if name not in files:
            return not_found()
        return Response(files[name], media_type=STATIC[name])

    async def no_icon(request: Request) -> Response:
        return Response(status_code=204)

    return Starlette(
        routes=[
            Route("/", class_page),
            Route("/question/{qid}", question_page),
            Route("/question/{qid}/{slug}", answer_page, methods=["GET", "POST"]),
            Route("/eleve/{slug}", student_page),
            Route("/eleve/{slug}/copie", whole_copy, methods=["GET", "POST"]),
            Route("/eleve/{slug}/{qid}", override, methods=["POST"]),
            Route("/etat", state),
            Route("/static/{name}", static),
            Route("/favicon.ico", no_icon),
        ]
    )


def _as_cells(typed: Typed) -> Cells:
    comment = f"privé : {typed.comment}" if typed.private and typed.comment else typed.comment
    return Cells(typed.points, comment, typed.items)


def _json(request: Request) -> bool:
    return "application/json" in request.headers.get("accept", "")


def _done(request: Request, saved: Saved, target: str) -> Response:
    if _json(request):
        return JSONResponse({"saved": True, "next": target, "message": saved.message})
    return RedirectResponse(target, status_code=303)


def _not_done(request: Request, saved: Saved, page: str) -> Response:
    status = {"conflict": 409, "unknown": 404}.get(saved.status, 422)
    if _json(request):
        current = saved.current or cells_of(None)
        return JSONResponse(
            {"saved": False, "status": saved.status, "message": saved.message, "base": current.base}, status
        )
    return HTMLResponse(page, status)
