"""Long work on the page: a product that plays games or takes many steps (options.Mode.JOB) starts a job in the
queue, whose page shows its progress and then its result: the text the command line prints and the files."""

from __future__ import annotations

import mimetypes
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, abort, jsonify, redirect, request, url_for

from ..errors import BoardgenError
from ..options import Finished, Mode, Place, Work
from .jobs import Job
from .language import gettext, ngettext
from .products import checked, file_response, offered_product, product_page
from .query import FormErrors
from .state import page, web_state
from .subjects import BUNDLE
from .words import for_people

jobs = Blueprint("jobs", __name__)


# The page's games are played in one process of its own, one task at a time, so progress and Cancel come after each.
ON_THE_PAGE = Place(workers=1, in_flight=1)


def _run(work: Work) -> Callable[[Job], Finished]:
    return lambda job: work.run(job.report, ON_THE_PAGE)


@jobs.post("/jobs/<name>")
def start_job(name: str) -> Any:
    state = web_state()
    chosen = offered_product(name)
    if chosen.mode is not Mode.JOB or chosen.work is None:
        abort(404)
    form = {key: request.form.getlist(key) for key in request.form if key not in ("subject", "made")}
    subject = request.form.get("subject", "")
    try:
        values, _ = checked(state, chosen, subject, form)
        work = chosen.work(values)
        job = state.jobs.submit(work.title, work.steps, _run(work), state.settings.job_seconds)
    except FormErrors as problems:
        return product_page(chosen, request.form, subject, 400, errors=problems.errors, link="", preview="",
                            values=None)
    except BoardgenError as error:
        return page("message.html", 400, title="Not possible", message=for_people(str(error), chosen))
    return redirect(url_for("jobs.job_page", job_id=job.id), 303)


def _job(job_id: str) -> Job:
    return web_state().jobs.get(job_id) or abort(404)


def _finished(job: Job) -> Finished:
    """A finished job's result; 404 before it is done or when it made no files."""
    if job.state != "done" or not job.result.files:
        abort(404)
    result: Finished = job.result
    return result


def queue_words(job: Job) -> str:
    """Where a waiting job is, in the page's language: what runs before it, and what waits."""
    running, waiting = web_state().jobs.ahead(job)
    if not running and not waiting:
        return gettext("Waiting: it starts in a moment.")
    ahead = [ngettext("{count} job running now", "{count} jobs running now", running).format(count=running)
             if running else "",
             ngettext("{count} waiting before it", "{count} waiting before it", waiting).format(count=waiting)
             if waiting else ""]
    parts = [part for part in ahead if part]
    joined = parts[0] if len(parts) == 1 else gettext("{first} and {second}").format(first=parts[0], second=parts[1])
    return gettext("Waiting its turn: {ahead}.").format(ahead=joined)


@jobs.get("/jobs/<job_id>")
def job_page(job_id: str) -> Response:
    job = _job(job_id)
    return page("job.html", title=job.title, job=job, queue=queue_words(job), error=for_people(job.error))


@jobs.get("/jobs/<job_id>.json")
def job_status(job_id: str) -> Response:
    job = _job(job_id)
    return jsonify(state=job.state, done=job.done, total=job.total, label=job.label, error=for_people(job.error),
                   place=web_state().jobs.place(job), queue=queue_words(job))


@jobs.post("/jobs/<job_id>/cancel")
def cancel_job(job_id: str) -> Any:
    job = _job(job_id)
    web_state().jobs.cancel(job)
    return redirect(url_for("jobs.job_page", job_id=job.id), 303)


@jobs.get("/jobs/<job_id>/file")
def job_file(job_id: str) -> Response:
    made = _finished(_job(job_id))
    files = list(made.files)
    return file_response(files, made.download_name, BUNDLE if len(files) > 1 else files[0].name.rsplit(".", 1)[-1])


@jobs.get("/jobs/<job_id>/chart")
def job_chart(job_id: str) -> Response:
    first = _finished(_job(job_id)).files[0]
    return Response(first.data, mimetype=mimetypes.guess_type(first.name)[0] or "application/octet-stream")
