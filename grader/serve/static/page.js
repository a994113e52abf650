// The marking page's keyboard and live updates, on top of pages that work without it:
// every change is still a plain form, every move a link (docs/how-to/mark-by-hand.md).
"use strict";
(function () {
  var body = document.body;
  var jeton = body.dataset.jeton;
  var version = body.dataset.version;
  var form = document.getElementById("mark");
  var points = document.getElementById("points");
  var banner = document.getElementById("banner");
  var dirty = false;

  function editing(target) {
    return target && (target.tagName === "TEXTAREA" || (target.tagName === "INPUT" && target.type === "text"));
  }

  function say(text, kind) {
    var box = document.getElementById("message");
    if (!box) {
      box = document.createElement("div");
      box.id = "message";
      box.setAttribute("role", "alert");
      (form || document.querySelector("h1")).insertAdjacentElement(form ? "beforebegin" : "afterend", box);
    }
    box.className = "box " + (kind || "info");
    box.textContent = text;
  }

  // The sum of the ticked items, kept between 0 and the question's points, beside the box.
  function showSum() {
    if (!form) { return; }
    var most = parseFloat(form.dataset.most);
    var ticked = form.querySelectorAll(".item input:checked");
    var out = document.getElementById("sum");
    if (!out || !form.querySelector(".item")) { return; }
    if (points.value.trim() !== "" || !ticked.length) { out.textContent = ""; return; }  // a number wins
    var total = 0;
    ticked.forEach(function (box) { total += parseFloat(box.closest(".item").dataset.points); });
    total = Math.min(Math.max(Math.round(total * 1e6) / 1e6, 0), most);
    var shown = String(total);
    if (form.dataset.lang === "fr") { shown = shown.replace(".", ","); }
    out.textContent = "= " + shown;
  }

  function save(event) {
    event.preventDefault();
    var data = new URLSearchParams(new FormData(form));
    fetch(form.action, {
      method: "POST",
      body: data,
      headers: { "X-Jeton": jeton, "Accept": "application/json" },
      credentials: "same-origin"
    }).then(function (answer) {
      return answer.json();
    }).then(function (done) {
      if (done.saved) {
        dirty = false;
        window.location.assign(done.next);
        return;
      }
      form.querySelector("input[name=base]").value = done.base;
      say(done.message, "error");
    }).catch(function () {
      form.submit();  // the page's script failed: the plain form does the same
    });
  }

  if (form) {
    form.addEventListener("submit", save);
    form.addEventListener("input", function () { dirty = true; showSum(); });
    form.addEventListener("change", function () { dirty = true; showSum(); });
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) { return; }
    var target = event.target;
    if (event.key === "Escape") { if (target && target.blur) { target.blur(); } return; }
    if (event.key === "?" && !editing(target)) {
      var keys = document.getElementById("keys");
      if (keys) { keys.open = !keys.open; }
      return;
    }
    if (!form) { return; }
    if (event.key === "Enter" && !editing(target) && target.tagName !== "BUTTON") {
      event.preventDefault();
      form.requestSubmit();
      return;
    }
    if (editing(target) && !(target === points && points.value === "")) { return; }
    if (/^[0-9.,]$/.test(event.key) && !editing(target)) {
      event.preventDefault();
      points.focus();
      points.value = event.key;
      dirty = true;
      return;
    }
    if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      var link = document.getElementById(event.key === "ArrowRight" ? "next" : "prev");
      if (link) { event.preventDefault(); window.location.assign(link.href); }
      return;
    }
    if (/^[a-z]$/.test(event.key) && !editing(target)) {
      var item = form.querySelector('.item[data-key="' + event.key + '"] input');
      if (item) {
        event.preventDefault();
        item.checked = !item.checked;
        dirty = true;
        showSum();
      }
    }
  });

  // Live updates: a new state reloads the page, unless something is typed in it.
  function poll() {
    fetch("/etat?v=" + encodeURIComponent(version), { headers: { "Accept": "application/json" }, credentials: "same-origin" })
      .then(function (answer) { return answer.json(); })
      .then(function (state) {
        if (String(state.version) === String(version)) { return; }
        if (!dirty) { window.location.reload(); return; }
        if (banner) { banner.hidden = false; banner.textContent = state.banner || state.problem || ""; }
      })
      .catch(function () {});
  }
  window.setInterval(poll, 1500);
  body.dataset.ready = "1";  // the keys work from now on (the browser tests wait for it)
})();
