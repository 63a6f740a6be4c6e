// Card hands (templates/components/cards.html): optional comfort on top of real checkboxes.
// Arrow keys move between the cards of a selectable hand; a polite live region says how
// many are ticked. Without this script every card is still a checkbox (Tab + Space).
(function () {
  "use strict";
  function boxes(hand) {
    return Array.prototype.slice.call(hand.querySelectorAll('input[type="checkbox"]'));
  }
  function announce(hand) {
    var form = hand.closest("form");
    var out = form && form.querySelector("[data-pick-status]");
    if (!out) return;
    var n = boxes(hand).filter(function (b) { return b.checked; }).length;
    out.textContent = (out.getAttribute("data-template") || "{n}").replace("{n}", String(n));
  }
  document.addEventListener("keydown", function (evt) {
    var box = evt.target;
    if (!box || box.type !== "checkbox" || !box.closest) return;
    var hand = box.closest("[data-hand]");
    if (!hand) return;
    var step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[evt.key];
    var all = boxes(hand);
    var i = all.indexOf(box);
    if (evt.key === "Home") i = 0;
    else if (evt.key === "End") i = all.length - 1;
    else if (step) i = Math.min(all.length - 1, Math.max(0, i + step));
    else return;
    evt.preventDefault();
    all[i].focus();
  });
  document.addEventListener("change", function (evt) {
    var hand = evt.target && evt.target.closest && evt.target.closest("[data-hand]");
    if (hand) announce(hand);
  });
})();
