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
from typing import TYPE_CHECKING, Protocol
from urllib.parse import quote

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from ..marking.manual import PRIVATE
from ..marking.manual_edit import Cells, cells_of
from .desk import FILTERS, Copy, Desk, Saved, Snapshot, Typed
from .text import tr

if TYPE_CHECKING:
    from .pages import Pages

STATIC = {
    "page.css": "text/css; charset=utf-8",
    "page.js": "text/javascript; charset=utf-8",
}
MAX_FIELDS = 64
"""A form of the page has a dozen fields: more is not the page's."""


class CopyPage(Protocol):
    """A page of one graded copy, as `Pages` renders it (`student_page`, `copy_page`)."""

    def __call__(self, snap: Snapshot, copy: Copy, *, banner: str = "") -> str: ...


def application(desk: Desk, pages: Pages) -> Starlette:
    """The routes over `desk`, rendered by `pages` (the key and the headers are the
    `security.Guard` middleware's, around this application)."""
    routes = Routes(desk, pages)
    return Starlette(
        routes=[
            Route("/", routes.class_page),
            Route("/question/{qid}", routes.question_page),
            Route("/question/{qid}/{slug}", routes.answer_page, methods=["GET", "POST"]),
            Route("/eleve/{slug}", routes.student_page),
            Route("/eleve/{slug}/copie", routes.whole_copy, methods=["GET", "POST"]),
            Route("/eleve/{slug}/{qid}", routes.override, methods=["POST"]),
            Route("/etat", routes.state),
            Route("/static/{name}", routes.static),
            Route("/favicon.ico", routes.no_icon),
        ]
    )


class Routes:
    """One method per route; each reads the desk's snapshot after a look at the files."""

    def __init__(self, desk: Desk, pages: Pages):
        self.desk = desk
        self.pages = pages
        self.lang = desk.lang
        self.stylesheet = pages.stylesheet()
        self.files = {
            name: (resources.files("grader.serve") / "static" / name).read_bytes() for name in STATIC
        }

    def not_found(self) -> HTMLResponse:
        return HTMLResponse(
            f"<!DOCTYPE html><meta charset=utf-8><p>{tr(self.lang, 'serve.not_found')}</p>", 404
        )

    def graded_copy(self, slug: str) -> Copy | None:
        copy = self.desk.snapshot.copy(slug)
        return copy if copy is not None and copy.exercise is not None else None

    async def class_page(self, request: Request) -> Response:
        self.desk.refresh()
        page = self.pages.class_page(self.desk.snapshot, self.desk.banner(), self.desk.launched)
        return HTMLResponse(page)

    async def question_page(self, request: Request) -> Response:
        self.desk.refresh()
        qid = request.path_params["qid"]
        question = next((q for q in self.desk.snapshot.manual_questions() if q.id == qid), None)
        if question is None:
            return self.not_found()
        wanted = _filter(request.query_params.get("filtre"))
        return HTMLResponse(
            self.pages.question_page(self.desk.snapshot, qid, question.title, wanted, self.desk.banner())
        )

    async def answer_page(self, request: Request) -> Response:
        self.desk.refresh()
        qid, slug = request.path_params["qid"], request.path_params["slug"]
        snap = self.desk.snapshot
        copy = self.graded_copy(slug)
        if copy is None or copy.question(qid) is None or qid not in {q.id for q in snap.manual_questions()}:
            return self.not_found()
        if request.method == "GET":
            done = request.query_params.get("fait", "")
            message = tr(self.lang, "serve.saved_for", student=done) if snap.copy(done) else ""
            wanted = _filter(request.query_params.get("filtre"))
            return HTMLResponse(
                self.pages.answer_page(snap, copy, qid, wanted, message=message, banner=self.desk.banner())
            )
        return await self.save_answer(request, copy, qid)

    async def save_answer(self, request: Request, copy: Copy, qid: str) -> Response:
        """A mark posted: the next answer (its list's), or the same page and why not."""
        form = await request.form(max_fields=MAX_FIELDS)
        typed = Typed(
            str(form.get("points", "")),
            str(form.get("commentaire", "")),
            bool(form.get("prive")),
            tuple(str(v) for v in form.getlist("items")),
        )
        going = _filter(str(form.get("filtre", "")))
        saved = self.desk.save(copy.slug, qid, typed, str(form.get("base", "")))
        if saved.status == "saved":
            following = self.desk.snapshot.next_answer(
                qid, copy.slug, "a-noter" if going == "toutes" else going
            )
            target = (
                f"/question/{qid}/{following.slug}?filtre={going}&fait={quote(copy.slug)}"
                if following is not None
                else f"/question/{qid}?filtre={going}"
            )
            return _done(request, saved, target)
        page = self.pages.answer_page(
            self.desk.snapshot,
            copy,
            qid,
            going,
            typed=_as_cells(typed),
            message=saved.message,
            kind="error",
            banner=self.desk.banner(),
        )
        return _not_done(request, saved, page)

    def copy_shown(self, request: Request, page: CopyPage) -> Response:
        """The page of the graded copy the address names (`page`: the student's, or the
        whole copy), after a look at the files; not found when it is not graded."""
        self.desk.refresh()
        copy = self.graded_copy(request.path_params["slug"])
        if copy is None:
            return self.not_found()
        return HTMLResponse(page(self.desk.snapshot, copy, banner=self.desk.banner()))

    async def student_page(self, request: Request) -> Response:
        return self.copy_shown(request, self.pages.student_page)

    async def override(self, request: Request) -> Response:
        """An override (`/eleve/<eleve>/Q14`) or the whole copy's comment (`…/copie`)."""
        slug, qid = request.path_params["slug"], request.path_params.get("qid", "copie")
        qid = "" if qid == "copie" else qid
        form = await request.form(max_fields=MAX_FIELDS)
        typed = Typed(str(form.get("points", "")), str(form.get("commentaire", "")))
        saved = self.desk.save(slug, qid, typed, str(form.get("base", "")))
        copy = self.graded_copy(slug)
        if copy is None:
            return self.not_found()
        if saved.status == "saved":
            return _done(request, saved, f"/eleve/{slug}#override-{qid or 'copie'}")
        page = self.pages.student_page(
            self.desk.snapshot, copy, message=saved.message, kind="error", banner=self.desk.banner()
        )
        return _not_done(request, saved, page)

    async def whole_copy(self, request: Request) -> Response:
        if request.method == "POST":
            return await self.override(request)
        return self.copy_shown(request, self.pages.copy_page)

    async def state(self, request: Request) -> Response:
        """What the page's script asks every 1.5 s: a new version means reload."""
        self.desk.refresh()
        snap = self.desk.snapshot
        progress = {}
        for question in snap.manual_questions():
            done, total = snap.progress(question.id)
            progress[question.id] = tr(
                self.lang, "serve.progress", question=question.id, done=done, total=total
            )
        state = {"version": snap.version, "banner": self.desk.banner(), "problem": snap.problem}
        return JSONResponse({**state, "progress": progress})

    async def static(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name == "rapport.css":
            return Response(self.stylesheet, media_type="text/css; charset=utf-8")
        if name not in self.files:
            return self.not_found()
        return Response(self.files[name], media_type=STATIC[name])

    async def no_icon(self, request: Request) -> Response:
        return Response(status_code=204)


def _filter(given: str | None) -> str:
    """The list asked for; `a-noter` when none or not one of the page's."""
    return given if given in FILTERS else "a-noter"


def _as_cells(typed: Typed) -> Cells:
    comment = f"{PRIVATE[0]} : {typed.comment}" if typed.private and typed.comment else typed.comment
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
