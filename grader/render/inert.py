"""Student Markdown and HTML made inert for the marking page (pure).

A student's Markdown cell, or an HTML output of their code, is shown as Jupyter shows
it, but nothing in it may act: no script, no event handler, no style (a `position:
fixed` box would cover the page), no form, no frame, and no resource fetched from
outside (an `<img src="http://…">` would tell a server who reads the copy, and when).
Markdown goes through markdown-it-py (CommonMark, tables and strikethrough on, as in
JupyterLab), its raw HTML kept for the next step; the HTML through nh3 (ammonia, an
allow-list): the tags below, `href` on links (http, https, mailto), `src` on images only
as `data:image/…`. The marking page's Content-Security-Policy blocks the same a second
time (docs/explanation/marking-page.md).
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

import nh3
from markupsafe import Markup

if TYPE_CHECKING:
    from markdown_it import MarkdownIt

TAGS = frozenset(
    {
        *("p", "br", "hr", "span", "div", "blockquote", "pre", "code", "kbd", "samp"),
        *("em", "strong", "b", "i", "u", "s", "del", "ins", "sub", "sup", "small", "mark"),
        *("h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "dl", "dt", "dd"),
        *("table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption"),
        *("a", "img"),
    }
)
ATTRIBUTES = {"a": {"href", "title"}, "img": {"src", "alt", "title"}, "th": {"align"}, "td": {"align"}}
IMAGE_TYPES = ("image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml")
"""What an image may be: as an `<img>`, an SVG runs no script and loads nothing."""
MAX_IMAGE = 2_000_000
"""Characters of base64 in one image at most (1.5 MB): a figure, not a payload."""
_BASE64 = re.compile(r"[A-Za-z0-9+/]+={0,2}")
_DATA_IMAGE = re.compile(r"data:(image/[a-z+.-]+);base64,([A-Za-z0-9+/]+={0,2})\Z")
LINK_SCHEMES = ("http://", "https://", "mailto:")


@cache
def _markdown() -> MarkdownIt:
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": True}).enable(["table", "strikethrough"])


def data_uri(mime: str, payload: str) -> str | None:
    """`data:` URI of an image given as base64 (whitespace and newlines allowed, as in a
    notebook); None when the type is not an image we show, the text not base64, or the
    image too large."""
    if mime not in IMAGE_TYPES:
        return None
    compact = "".join(payload.split())
    if len(compact) > MAX_IMAGE or not _BASE64.fullmatch(compact):
        return None
    try:
        base64.b64decode(compact, validate=True)
    except (binascii.Error, ValueError):
        return None
    return f"data:{mime};base64,{compact}"


def svg_uri(svg: str) -> str | None:
    """An SVG's text as an image `data:` URI (never inline: inline SVG can script)."""
    return data_uri("image/svg+xml", base64.b64encode(svg.encode("utf-8", "replace")).decode())


def _attribute(tag: str, name: str, value: str) -> str | None:
    if tag == "img" and name == "src":
        found = _DATA_IMAGE.match(value)
        return value if found and found.group(1) in IMAGE_TYPES else None
    if tag == "a" and name == "href":
        return value if value.lower().startswith(LINK_SCHEMES) or value.startswith("#") else None
    return value


def clean_html(html: str) -> Markup:
    """Student HTML reduced to the allow-list, safe to put in a page as it is."""
    cleaned = nh3.clean(
        html,
        tags=set(TAGS),
        attributes={tag: set(names) for tag, names in ATTRIBUTES.items()},
        url_schemes={"http", "https", "mailto", "data"},
        attribute_filter=_attribute,
        link_rel="noopener noreferrer nofollow",
        strip_comments=True,
    )
    return Markup(cleaned)  # nh3 kept only the tags and attributes above


def markdown_html(source: str, attachments: Mapping[str, Any] | None = None) -> Markup:
    """A Markdown cell as inert HTML; `![](attachment:name.png)` shows the cell's own
    attachment (the notebook's `attachments`), never anything from outside."""
    md = _markdown()
    tokens = md.parse(source)
    for token in tokens:
        for child in token.children or ():
            if child.type == "image":
                src = str(child.attrGet("src") or "")
                child.attrSet("src", _attachment(src, attachments or {}) or "")
    return clean_html(md.renderer.render(tokens, md.options, {}))


def _attachment(src: str, attachments: Mapping[str, Any]) -> str | None:
    if not src.startswith("attachment:"):
        return src
    bundle = attachments.get(src.removeprefix("attachment:"))
    if not isinstance(bundle, dict):
        return None
    for mime in IMAGE_TYPES:
        payload = bundle.get(mime)
        if isinstance(payload, list):
            payload = "".join(part for part in payload if isinstance(part, str))
        if isinstance(payload, str):
            return data_uri(mime, payload)
    return None
