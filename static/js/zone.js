// The visitor's time zone, from the browser: kept in the "tz" cookie, and sent once
// (POST /zone) whenever it differs from what the cookie says, so that the learner's
// day ends at 04:00 where they are. Without JavaScript the site uses Asia/Shanghai.
(function () {
  "use strict";
  var zone;
  try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone; } catch (e) { return; }
  if (!zone || zone.length > 64) return;
  var found = document.cookie.match(/(?:^|;\s*)tz=([^;]*)/);
  if (found && decodeURIComponent(found[1]) === zone) return;
  var token = "";
  try { token = JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || ""; } catch (e) { token = ""; }
  var body = "tz=" + encodeURIComponent(zone);
  if (window.fetch) {
    fetch("/zone", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-CSRFToken": token },
      body: body
    }).then(function (r) {
      // a zone the server does not know: remembered all the same, so it is not sent again
      if (!r.ok) { document.cookie = "tz=" + encodeURIComponent(zone) + "; path=/; max-age=31536000; samesite=lax"; }
    }).catch(function () {});
  }
})();
