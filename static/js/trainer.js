// The reading trainer's clock: one minute, counting right answers. Without JavaScript
// the trainer works untimed. Each answer's time is measured by the server anyway.
(function () {
  "use strict";
  var KEY = "trainer-clock";
  function state() {
    try { return JSON.parse(sessionStorage.getItem(KEY) || "null"); } catch (e) { return null; }
  }
  function save(s) { try { sessionStorage.setItem(KEY, JSON.stringify(s)); } catch (e) { /* private mode */ } }
  function tick() {
    var box = document.querySelector("[data-trainer-clock]");
    if (!box) { return; }
    var s = state();
    var now = Date.now();
    if (!s || s.path !== location.pathname + location.search.split("&done")[0] || now > s.end + 30000) {
      s = { path: location.pathname + location.search.split("&done")[0], end: now + 1000 * Number(box.getAttribute("data-trainer-clock")), score: 0, counted: [] };
      save(s);
    }
    var right = box.querySelector(".exercise.is-right");
    var id = right && right.id;
    if (right && s.counted.indexOf(id + location.search) < 0) { s.score += 1; s.counted.push(id + location.search); save(s); }
    var clock = box.querySelector(".trainer-clock");
    var left = Math.max(0, Math.round((s.end - now) / 1000));
    clock.hidden = false;
    clock.querySelector("[data-clock]").textContent = left;
    clock.querySelector("[data-score]").textContent = s.score;
    if (left === 0 && !box.getAttribute("data-done")) {
      box.setAttribute("data-done", "1");
      var msg = document.createElement("p");
      msg.className = "verdict verdict-win";
      msg.setAttribute("role", "status");
      msg.textContent = (box.getAttribute("data-msg-time") || "{n}").replace("{n}", s.score);
      box.insertBefore(msg, box.firstChild);
      // the run is over: the question goes, a button starts a new run
      box.querySelectorAll(".exercise").forEach(function (ex) { ex.hidden = true; });
      var again = document.createElement("a");
      again.className = "button trainer-restart";
      again.href = box.getAttribute("data-restart-url") || location.pathname;
      again.textContent = box.getAttribute("data-msg-restart") || "Start again";
      var p = document.createElement("p");
      p.appendChild(again);
      box.insertBefore(p, msg.nextSibling);
      sessionStorage.removeItem(KEY);
      again.focus();
    }
  }
  setInterval(tick, 500);
  document.addEventListener("DOMContentLoaded", tick);
  document.addEventListener("htmx:afterSwap", tick);
})();
