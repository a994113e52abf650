"""A Moodle assignment's worksheet as Moodle writes it, and Moodle's importer re-stated in
Python, rule for rule, each with the PHP it restates (read in Moodle's source; the project's
notes hold the index ids and versions). No Moodle runs here: these are re-statements, checked
by hand against PHP 8.2's own `strtotime` and `fgetcsv` on the examples below (not in CI).

Not a test module: `tests/marking/test_moodle_worksheet.py` uses it."""

from __future__ import annotations

import calendar
import datetime
import re
from dataclasses import dataclass, field

STRINGS = {
    # get_string(...) in lang/en and the French pack (projectestac/moodle-langpacks fr/, 3.11)
    "en": {
        "recordid": "Identifier",  # mod_assign
        "fullname": "Full name",
        "email": "Email address",
        "status": "Status",
        "grade": "Grade",  # core 'grade' (4.1+: 'gradenoun', same text)
        "maxgrade": "Maximum grade",
        "gradecanbechanged": "Grade can be changed",
        "lastmodifiedsubmission": "Last modified (submission)",
        "lastmodifiedgrade": "Last modified (grade)",
        "feedback": "Feedback comments",  # assignfeedback_comments pluginname
        "hiddenuser": "Participant ",  # with its trailing space
        "submitted": "Submitted for grading",
        "nosubmission": "No submission",
        "yes": "Yes",
        "no": "No",
        "decsep": ".",
    },
    "fr": {
        "recordid": "Identifiant",
        "fullname": "Nom complet",
        "email": "Adresse de courriel",
        "status": "Statut",
        "grade": "Note",
        "maxgrade": "Note maximale",
        "gradecanbechanged": "La note peut être modifiée",
        "lastmodifiedsubmission": "Dernière modification (travail remis)",
        "lastmodifiedgrade": "Dernière modification (note)",
        "feedback": "Feedback par commentaires",
        "hiddenuser": "Participant",  # no space in French
        "submitted": "Remis pour évaluation",
        "nosubmission": "Pas de travail remis",
        "yes": "Oui",
        "no": "Non",
        "decsep": ",",
    },
}
DAYS = {
    "en": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
    "fr": ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"],
}
MONTHS = {
    "en": list(calendar.month_name)[1:],
    "fr": [
        "janvier",
        "février",
        "mars",
        "avril",
        "mai",
        "juin",
        "juillet",
        "août",
        "septembre",
        "octobre",
        "novembre",
        "décembre",
    ],
}


def userdate(timestamp: int, lang: str) -> str:
    """lib/moodlelib.php userdate() with langconfig's strftimedaydatetime: en `%A, %d %B %Y,
    %I:%M %p`, fr `%A %d %B %Y, %H:%M`; `%d` and `%I` without their leading zero ($fixday,
    $fixhour). Times here are UTC (the server's and the teacher's zone alike)."""
    t = datetime.datetime.fromtimestamp(timestamp, datetime.timezone.utc)
    day, month = DAYS[lang][t.weekday()], MONTHS[lang][t.month - 1]
    if lang == "en":
        hour = t.hour % 12 or 12
        return f"{day}, {t.day} {month} {t.year}, {hour}:{t.minute:02d} {'AM' if t.hour < 12 else 'PM'}"
    return f"{day} {t.day} {month} {t.year}, {t.hour:02d}:{t.minute:02d}"


def format_float(value: float, lang: str) -> str:
    """lib/moodlelib.php format_float($grade, $gradeitem->get_decimals()): 2 decimals, the
    language's decimal sign."""
    return f"{value:.2f}".replace(".", STRINGS[lang]["decsep"])


def fputcsv_line(cells: list[str]) -> str:
    """PHP fputcsv (Spout's CSV writer): a cell with the delimiter, the enclosure, `\\`, a
    space, a tab or a line end is quoted, its quotes doubled; lines end with `\\n`."""
    out = []
    for cell in cells:
        if re.search(r'[,"\\\s]', cell):
            cell = '"' + cell.replace('"', '""') + '"'
        out.append(cell)
    return ",".join(out) + "\n"


@dataclass
class Participant:
    number: int
    fullname: str
    has_copy: bool = True
    grade: float | None = None
    timemarked: int = 0
    """assign_grades.timemodified (0: no grade record)."""
    disabled: bool = False
    """grading_disabled(): locked, or the gradebook's grade locked or overridden."""
    feedback: str = ""


def worksheet(participants: list[Participant], lang: str, maximum: float = 20.0, downloaded: int = 0) -> str:
    """mod/assign/gradingtable.php, download branch: recordid, fullname, email, status,
    grade, grademax, gradecanbechanged, timesubmitted, timemarked, the comments plugin's
    field; dataformat_csv (Spout: `,`, `"`, a BOM)."""
    s = STRINGS[lang]
    header = [s["recordid"], s["fullname"], s["email"], s["status"], s["grade"], s["maxgrade"]]
    header += [s["gradecanbechanged"], s["lastmodifiedsubmission"], s["lastmodifiedgrade"], s["feedback"]]
    text = "\ufeff" + fputcsv_line(header)
    for p in participants:
        text += fputcsv_line(
            [
                s["hiddenuser"] + str(p.number),  # col_recordid()
                p.fullname,
                f"u{p.number}@lycee.fr",
                s["submitted"] if p.has_copy else s["nosubmission"],
                "" if p.grade is None else format_float(p.grade, lang),  # display_grade(), download
                format_float(maximum, lang),  # col_grademax()
                s["no"] if p.disabled else s["yes"],  # col_gradecanbechanged()
                userdate(downloaded - 3600, lang) if p.has_copy else "-",
                userdate(p.timemarked, lang)
                if p.timemarked
                else "-",  # col_timemarked(), forced for downloads
                p.feedback,
            ]
        )
    return text


class CsvWeirdColumns(Exception):
    """csv_import_reader::load_csv_content: `get_string('csvweirdcolumns', 'error')`."""


def fgetcsv(text: str) -> list[list[str]]:
    """PHP fgetcsv($fp, 0, ',', '"') with its default escape `\\`: inside quotes, a
    backslash takes the next character with it (kept, both), so `"…\\"` does not close."""
    rows, row, cell, i, quoted, started = [], [], "", 0, False, False
    while i < len(text):
        c = text[i]
        if quoted:
            if c == "\\" and i + 1 < len(text):
                cell += text[i : i + 2]
                i += 2
                continue
            if c == '"':
                if text[i + 1 : i + 2] == '"':
                    cell += '"'
                    i += 2
                    continue
                quoted = False
            else:
                cell += c
        elif c == '"' and not cell:
            quoted = started = True
        elif c == ",":
            row.append(cell)
            cell, started = "", False
        elif c == "\n":
            row.append(cell)
            rows.append(row)
            row, cell, started = [], "", False
        else:
            cell += c
        i += 1
    if cell or row or started:
        row.append(cell)
        rows.append(row)
    return rows


def load_csv_content(content: str) -> list[list[str]]:
    """lib/csvlib.class.php load_csv_content(): BOM trimmed, `\\r\\n?` -> `\\n`, trim(), then
    fgetcsv row by row; a row whose column count differs from the header's refuses the
    whole file (`csvweirdcolumns`)."""
    content = re.sub(r"\r\n?", "\n", content.removeprefix("\ufeff")).strip()
    rows = [r for r in fgetcsv(content) if r != [""]]
    if any(len(r) != len(rows[0]) for r in rows):
        raise CsvWeirdColumns()
    return rows


def strtotime(text: str) -> int | None:
    """PHP strtotime on the forms a worksheet holds, None for false: ISO `2026-11-25 18:03`
    and English `Wednesday, 25 November 2026, 6:03 PM` read (PHP 8.2: 1795626180 both, in
    UTC+1); a French `mercredi 25 novembre 2026, 18:03` and `-` are false."""
    iso = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})", text.strip())
    if iso:
        y, mo, d, h, mi = map(int, iso.groups())
        return calendar.timegm((y, mo, d, h, mi, 0))
    en = re.fullmatch(r"[A-Za-z]+, (\d{1,2}) ([A-Za-z]+) (\d{4}), (\d{1,2}):(\d{2}) (AM|PM)", text.strip())
    if en and en.group(2) in MONTHS["en"]:
        d, month, y, h, mi, half = en.groups()
        hour = int(h) % 12 + (12 if half == "PM" else 0)
        return calendar.timegm((int(y), MONTHS["en"].index(month) + 1, int(d), hour, int(mi), 0))
    return None


def unformat_float(text: str, lang: str) -> float | None:
    """lib/moodlelib.php unformat_float(): spaces removed, the language's decimal sign read
    as a point, then PHP's (float) (the longest numeric prefix)."""
    text = text.strip().replace(" ", "").replace(STRINGS[lang]["decsep"], ".")
    if not text:
        return None
    found = re.match(r"[+-]?(\d+(\.\d*)?|\.\d+)", text)
    return float(found.group()) if found else 0.0


@dataclass
class Imported:
    grades: dict[int, float] = field(default_factory=dict)
    feedbacks: dict[int, str] = field(default_factory=dict)


def import_worksheet(
    text: str, site: list[Participant], lang: str, ignoremodified: bool = False, maximum: float = 20.0
) -> Imported:
    """feedback/offline/importgradeslib.php init() and next(), then
    assign_feedback_offline::process_import_grades(), on `site`'s participants (the
    database, as the importer reads it); returns what it writes."""
    s = STRINGS[lang]
    rows = load_csv_content(text)
    columns = rows[0]
    # init(): exact equality of each header with get_string(); all three needed
    index = {name: columns.index(s[name]) for name in ("grade", "recordid", "lastmodifiedgrade")}
    feedback = columns.index(s["feedback"]) if s["feedback"] in columns else None
    by_number = {p.number: p for p in site}
    done = Imported()
    for record in rows[1:]:
        # next(): $id = substr($idstr, strlen(get_string('hiddenuser', 'assign')))
        ident = record[index["recordid"]][len(s["hiddenuser"]) :]
        user = by_number.get(int(ident)) if ident.strip().isdigit() else None
        if user is None:
            continue
        modified = strtotime(record[index["lastmodifiedgrade"]]) or 0  # false + 60 is 60
        grade = unformat_float(record[index["grade"]], lang)
        # $stalemodificationdate = ($usergrade && $usergrade->timemodified > ($modified + 60));
        stale = bool(user.timemarked) and user.timemarked > modified + 60
        skip = (
            (user.timemarked and user.grade == grade)
            or grade is None
            or grade < 0
            or (not ignoremodified and stale)
            or user.disabled
            or grade > maximum
        )
        if not skip:
            done.grades[user.number] = grade
        # feedback: if ($ignoremodified || !$stalemodificationdate), and !empty($details['index'])
        if (ignoremodified or not stale) and feedback and record[feedback] != user.feedback:
            done.feedbacks[user.number] = record[feedback]
    return done
