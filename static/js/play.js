// The play table (templates/play/_table.html): moves on the cards are moves.js's (one
// tap, select then confirm, why a selection makes no move, Enter plays); this script
// adds what only the table needs:
// - after a swap, the keyboard goes on where it was: the hand, a claim, or "Continue";
// - the table first: the page opens, and stays after each move, where the hand and the
//   controls (a claim beside the card on offer) are in sight together.
(function () {
  "use strict";

  function table() { return document.getElementById("play-table"); }

  var keyboard = false;
  document.addEventListener("keydown", function (evt) {
    var t = evt.target;
    if (t && t.closest && t.closest("#play-table") && (evt.key === "Enter" || evt.key === " ")) keyboard = true;
  }, true);
  document.addEventListener("mousedown", function () { keyboard = false; }, true);

  function hand(root) { return root.querySelector('.seat-you [data-hand] input[type="checkbox"]'); }

  // The least scroll that shows the hand and the controls together (with the card on
  // offer in the middle of the table when all fits); the controls whole when not all can.
  function fit(root) {
    var ctl = root.querySelector(".play-controls") || root.querySelector(".seat-you");
    var hand = root.querySelector(".seat-you [data-hand]") || root.querySelector(".seat-you");
    if (!ctl || !hand || root.getAttribute("data-state") === "over") return;
    var h = window.innerHeight;
    var bottom = ctl.getBoundingClientRect().bottom;
    var top = hand.getBoundingClientRect().top;
    var shown = root.querySelector(".table-centre .shown");
    if (shown && bottom - shown.getBoundingClientRect().top <= h) top = Math.min(top, shown.getBoundingClientRect().top);
    var by = 0;  // whole pixels: the hand's top is never scrolled out by a fraction
    if (bottom - top <= h - 1) {
      if (bottom > h) by = Math.min(Math.ceil(bottom - h), Math.floor(top));
      else if (top < 0) by = Math.floor(top);
    } else if (bottom > h) {
      by = Math.ceil(bottom - h);
    }
    if (by) window.scrollBy(0, by);
  }

  document.addEventListener("htmx:afterSwap", function () {
    var root = table();
    if (!root) return;
    if (window.LCAMoves) window.LCAMoves.setup(root);
    fit(root);
    if (!keyboard) return;
    var next = root.querySelector(".play-error") ? hand(root) : null;
    next = next || root.querySelector(".play-claims button") ||
      hand(root) || root.querySelector(".play-plain button") ||
      root.querySelector(".play-wait button") || root.querySelector(".play-end a");
    if (next) {  // where fit() has scrolled: the hand and the controls stay in sight
      next.focus({ preventScroll: true });
      var r = next.getBoundingClientRect();
      if (r.bottom < 0 || r.top > window.innerHeight) next.scrollIntoView({ block: "nearest" });
    }
  });

  function start() {
    var root = table();
    if (!root) return;
    if (window.LCAMoves) window.LCAMoves.setup(root);
    if (!location.hash) fit(root);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
