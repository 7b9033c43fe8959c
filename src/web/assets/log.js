/* The log page's behaviour: line selection and anchors (#L120, #L120-L140), go to line, the
   delete token (localStorage), delete, and the AI analysis stream. The page is complete without
   this file; everything here only adds to it. */
(function () {
  "use strict";
  var page = document.querySelector(".log-page");
  if (!page) return;
  var id = page.getAttribute("data-id");
  var log = document.getElementById("log");
  var tokenKey = "logpaste:token:" + id;

  function storage(kind) {
    try { return window[kind]; } catch (e) { return null; } // blocked storage (privacy settings)
  }
  var local = storage("localStorage");
  var session = storage("sessionStorage");

  /* ---- line selection ---- */
  var selected = [];
  var anchor = null;

  function parseHash(hash) {
    var match = /^#L(\d+)(?:-L?(\d+))?$/.exec(hash);
    if (!match) return null;
    var from = Number(match[1]);
    var to = match[2] ? Number(match[2]) : from;
    return from <= to ? { from: from, to: to } : { from: to, to: from };
  }

  function select(range, scroll) {
    for (var i = 0; i < selected.length; i++) selected[i].classList.remove("sel");
    selected = [];
    if (!range) return;
    for (var n = range.from; n <= range.to; n++) {
      var line = document.getElementById("L" + n);
      if (!line) break;
      line.classList.add("sel");
      selected.push(line);
    }
    if (!selected.length) return;
    // A line inside a folded stack trace: unfold it so the selection is visible.
    for (var j = 0; j < selected.length; j++) {
      var fold = selected[j].closest("details");
      if (fold) fold.open = true;
    }
    if (scroll) selected[0].scrollIntoView({ block: "center" });
  }

  function setHash(range) {
    var hash = "#L" + range.from + (range.to !== range.from ? "-L" + range.to : "");
    history.replaceState(null, "", hash);
    select(range, false);
  }

  log.addEventListener("click", function (event) {
    var link = event.target.closest("a[href^='#L']");
    if (!link || !log.contains(link)) return;
    event.preventDefault();
    var n = Number(link.getAttribute("href").slice(2));
    if (event.shiftKey && anchor !== null) {
      setHash(anchor < n ? { from: anchor, to: n } : { from: n, to: anchor });
    } else {
      anchor = n;
      setHash({ from: n, to: n });
    }
  });

  // Links to an entry's lines (problems, information) select the whole entry.
  page.addEventListener("click", function (event) {
    var link = event.target.closest("a.line-link");
    if (!link || link.getAttribute("href").charAt(0) !== "#") return; // another tab: a plain link
    event.preventDefault();
    var from = Number(link.getAttribute("href").slice(2));
    var last = link.getAttribute("data-last");
    var range = { from: from, to: last ? Number(last) : from };
    anchor = from;
    history.pushState(null, "", "#L" + range.from + (range.to !== range.from ? "-L" + range.to : ""));
    select(range, true);
    var first = document.getElementById("L" + from);
    if (first) first.querySelector("a").focus({ preventScroll: true });
  });

  function fromLocation() {
    var range = parseHash(location.hash);
    if (range) { anchor = range.from; select(range, true); }
  }
  window.addEventListener("hashchange", fromLocation);
  window.addEventListener("popstate", fromLocation);
  fromLocation();

  /* ---- go to line ---- */
  var goto = document.getElementById("goto");
  if (goto) {
    goto.hidden = false;
    goto.addEventListener("submit", function (event) {
      event.preventDefault();
      var n = Number(document.getElementById("goto-line").value);
      if (n >= 1) { anchor = n; history.pushState(null, "", "#L" + n); select({ from: n, to: n }, true); }
    });
  }

  /* ---- the delete token, shown once after the upload ---- */
  var token = local ? local.getItem(tokenKey) : null;
  if (token && session && session.getItem("logpaste:fresh:" + id)) {
    session.removeItem("logpaste:fresh:" + id);
    document.getElementById("token-value").textContent = token;
    document.getElementById("token-notice").hidden = false;
    document.getElementById("token-copy").addEventListener("click", function () {
      var button = this;
      var done = function () { button.textContent = "Copied"; };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(token).then(done, function () { selectText(); });
      } else {
        selectText();
      }
    });
  }
  function selectText() {
    var range = document.createRange();
    range.selectNodeContents(document.getElementById("token-value"));
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }

  /* ---- delete ---- */
  var deleteSection = document.getElementById("delete");
  deleteSection.hidden = false;
  if (token) {
    document.getElementById("delete-stored").hidden = false;
    document.getElementById("delete-paste").hidden = true;
  }
  document.getElementById("delete-form").addEventListener("submit", function (event) {
    event.preventDefault();
    var state = document.getElementById("delete-state");
    var presented = token || document.getElementById("delete-token").value.trim();
    if (!presented) { state.textContent = "Paste the delete token first."; return; }
    if (!window.confirm("Delete this log for everyone? This cannot be undone.")) return;
    state.textContent = "Deleting…";
    fetch("/v1/log/" + encodeURIComponent(id), { method: "DELETE", headers: { authorization: "Bearer " + presented } })
      .then(function (response) {
        if (response.ok || response.status === 404) {
          if (local) local.removeItem(tokenKey);
          page.innerHTML = "";
          var done = document.createElement("section");
          done.className = "deleted";
          done.innerHTML = '<h1 tabindex="-1">The log was deleted</h1><p><a class="button" href="/">Share a new log</a></p>';
          page.appendChild(done);
          done.querySelector("h1").focus();
          return;
        }
        return response.json().then(function (body) {
          state.textContent = response.status === 403 ? "That token does not belong to this log." : (body && body.error) || "Deleting failed.";
        });
      })
      .catch(function () { state.textContent = "Deleting failed: the server could not be reached."; });
  });

  /* ---- AI analysis ---- */
  var ai = document.getElementById("ai");
  if (ai) setUpAi(ai);

  function setUpAi(section) {
    section.hidden = false;
    var start = document.getElementById("ai-start");
    var stop = document.getElementById("ai-stop");
    var stateLine = document.getElementById("ai-state");
    var steps = document.getElementById("ai-steps");
    var answer = document.getElementById("ai-answer");
    var controller = null;
    var text = "";
    var pending = false;
    var toolSteps = {};

    function render() {
      pending = false;
      answer.innerHTML = window.renderMarkdown(text); // renderMarkdown escapes everything it is given
    }
    function scheduleRender() {
      if (!pending) { pending = true; requestAnimationFrame(render); }
    }
    function step(label, className) {
      var item = document.createElement("li");
      item.textContent = label;
      if (className) item.className = className;
      steps.appendChild(item);
      return item;
    }
    function finish(message) {
      controller = null;
      stop.hidden = true;
      start.disabled = false;
      start.textContent = "Analyse again";
      stateLine.textContent = message;
      render();
    }

    function onEvent(name, data) {
      var payload;
      try { payload = JSON.parse(data); } catch (e) { return; }
      if (name === "message") {
        var delta = payload.choices && payload.choices[0] && payload.choices[0].delta;
        if (delta && typeof delta.content === "string") { text += delta.content; scheduleRender(); }
      } else if (name === "status") {
        if (payload.type === "started") step("Started");
        else if (payload.type === "thinking") step("Thinking" + (payload.round ? " (round " + payload.round + ")" : ""));
        else if (payload.type === "tool") toolSteps[payload.id] = step("Tool: " + payload.name, "running");
        else if (payload.type === "tool_result") {
          var item = toolSteps[payload.id] || step("Tool: " + payload.name);
          item.className = payload.ok === false ? "failed" : "";
          if (payload.ok === false && payload.error) item.textContent += " (" + payload.error + ")";
        } else if (payload.type === "limit") step(payload.message || "Tool round limit reached");
        stateLine.textContent = "Analysing…";
      } else if (name === "done") {
        finish(payload.cached ? "Done (answer from cache)." : "Done.");
      } else if (name === "error") {
        finish("The analysis failed: " + (payload.error || "unknown error"));
      }
    }

    /* Server-sent events over fetch rather than EventSource: EventSource reconnects by itself
       (which would start a new analysis) and cannot tell our `error` events from its own. */
    function readStream(response) {
      var reader = response.body.getReader();
      var decoder = new TextDecoder();
      var buffer = "";
      function pump() {
        return reader.read().then(function (chunk) {
          if (chunk.done) { if (controller) finish("The stream ended."); return; }
          buffer += decoder.decode(chunk.value, { stream: true });
          var events = buffer.split(/\r?\n\r?\n/);
          buffer = events.pop();
          for (var i = 0; i < events.length; i++) {
            var name = "message";
            var data = [];
            var lines = events[i].split(/\r?\n/);
            for (var j = 0; j < lines.length; j++) {
              var line = lines[j];
              if (line.indexOf("event:") === 0) name = line.slice(6).trim();
              else if (line.indexOf("data:") === 0) data.push(line.slice(5).replace(/^ /, ""));
            }
            if (data.length) onEvent(name, data.join("\n"));
          }
          return pump();
        });
      }
      return pump();
    }

    start.addEventListener("click", function () {
      if (controller) return;
      controller = new AbortController();
      text = "";
      toolSteps = {};
      steps.textContent = "";
      answer.textContent = "";
      start.disabled = true;
      stop.hidden = false;
      stateLine.textContent = "Connecting…";
      // The answer's language comes from the browser's Accept-Language.
      fetch("/v1/ai/" + encodeURIComponent(id), {
        headers: { accept: "text/event-stream" },
        signal: controller.signal,
      })
        .then(function (response) {
          if (!response.ok) {
            return response.json().then(
              function (body) { finish("The analysis could not start: " + ((body && body.error) || response.status)); },
              function () { finish("The analysis could not start (" + response.status + ")."); },
            );
          }
          return readStream(response);
        })
        .catch(function (error) {
          if (error && error.name === "AbortError") finish("Stopped.");
          else finish("The connection was lost.");
        });
    });
    stop.addEventListener("click", function () {
      if (controller) controller.abort();
    });
  }
})();
